"""Rust exercises that name crates (issue 30): every run's CARGO_HOME gets a cargo config replacing crates-io with
Debian's packaged crate sources (/usr/share/cargo/registry), read-only in the sandboxes, and a change's own cargo
config cannot point grading at another source. The real suite task rust-gigasecond (its Cargo.toml depends on
time 0.3) is built through the real profile under bubblewrap with the real cargo."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from attack_helpers import bench, has_flag, put, sh
from bench.languages import rust
from conftest import REPO, needs_toolchain

LINUX = pytest.mark.skipif(sys.platform != "linux", reason="the sandboxes are bubblewrap (Linux)")
SUITE = REPO / "suites" / "polyglot"
TASK = "rust-gigasecond"
COMMAND = "cargo test --offline --all-features"
# A change's own cargo config sending crates-io to a directory of its own (empty here: whatever it held, grading
# must never read it).
HOSTILE_CONFIG = '[source.crates-io]\nreplace-with = "mine"\n\n[source.mine]\ndirectory = "elsewhere"\n'


def test_cargo_config_replaces_crates_io_with_the_debian_directory_offline(tmp_path):
    (tmp_path / "registry").mkdir()
    text = rust.cargo_config(tmp_path / "registry")
    assert 'replace-with = "debian"' in text and f'directory = "{tmp_path / "registry"}"' in text
    assert "offline = true" in text
    assert rust.cargo_config(tmp_path / "absent") is None   # no Debian crates: nothing written, builds as before


def test_prepare_home_writes_the_config_over_what_the_home_held(tmp_path, monkeypatch):
    registry = tmp_path / "registry"
    registry.mkdir()
    monkeypatch.setattr(rust, "DEBIAN_REGISTRY", registry)
    monkeypatch.setattr(rust, "cargo_config", lambda registry=registry: f'directory = "{registry}"\n')
    home = tmp_path / "home"
    (home / ".cargo").mkdir(parents=True)
    elsewhere = tmp_path / "elsewhere.toml"
    elsewhere.write_text("kept\n")
    (home / ".cargo" / "config.toml").symlink_to(elsewhere)   # a link left by an earlier command of the run
    rust.PROFILE.prepare_home(home)
    written = home / ".cargo" / "config.toml"
    assert not written.is_symlink() and str(registry) in written.read_text()
    assert elsewhere.read_text() == "kept\n"


@pytest.mark.parametrize("path", [".cargo/config.toml", ".cargo/config", "sub/.cargo/config.toml",
                                  "vendor/time/Cargo.toml", "Cargo.toml", "Cargo.lock", "build.rs"])
def test_every_way_a_change_could_name_another_source_is_test_configuration(path):
    """cargo reads .cargo/config(.toml) in the package's directory and every directory above it, a vendor/ tree
    only through such a config, and sources from Cargo.toml ([patch], path and git dependencies): grading lays
    back or removes each of them."""
    assert rust.PROFILE.is_config(path)


def _needs_debian_time() -> None:
    needs_toolchain("cargo", "rustc", "bwrap")
    if not list((rust.DEBIAN_REGISTRY).glob("time-0.3.*")):
        pytest.skip("Debian's librust-time-dev is not installed (nox -s toolchains)")


def _suite(root: Path) -> Path:
    """rust-gigasecond copied from the polyglot suite (task, fixture, held-out and upstream tests, reference)."""
    (root / "tasks").mkdir(parents=True)
    shutil.copy(SUITE / "tasks" / f"{TASK}.yaml", root / "tasks")
    for where in ("fixtures", "heldout", "upstream"):
        if (SUITE / where / TASK).is_dir():
            shutil.copytree(SUITE / where / TASK, root / where / TASK)
    (root / "solutions").mkdir()
    shutil.copy(SUITE / "solutions" / f"{TASK}.patch", root / "solutions")
    return root


def _reference_lib(tmp_path: Path) -> str:
    """The reference's src/lib.rs: the suite's patch applied to a copy of the fixture."""
    copy = tmp_path / "reference"
    shutil.copytree(SUITE / "fixtures" / TASK, copy)
    subprocess.run(["git", "apply", str(SUITE / "solutions" / f"{TASK}.patch")], cwd=copy, check=True)
    return (copy / "src" / "lib.rs").read_text()


@LINUX
@pytest.mark.slow
@pytest.mark.parametrize("agent, outcome", [("oracle", "passed"), ("nop", "failed")])
def test_a_crate_using_exercise_builds_through_the_profile_in_bwrap(agent, outcome, tmp_path):
    _needs_debian_time()
    suite, out = _suite(tmp_path / "suite"), tmp_path / "out"
    (tmp_path / "trees").mkdir()
    done = subprocess.run([sys.executable, "-m", "bench", "run", "--agent", agent, "--tasks", str(suite / "tasks"),
                           "--task", TASK, "--out", str(out), "--sandbox", "bwrap"], cwd=REPO, capture_output=True,
                          text=True, timeout=600,
                          env={**os.environ, "PYTHONPATH": str(REPO), "LOCALAGENTBENCH_CACHE": str(tmp_path / "cache"),
                               "LOCALAGENTBENCH_TMPDIR": str(tmp_path / "trees")})
    record = json.loads((out / "runs" / TASK / "0" / "run.json").read_text())
    assert record["outcome"] == outcome, (record["outcome"], record["flags"], done.stderr[-2000:])
    assert not record["flags"], record["flags"]
    if agent == "oracle":
        assert "Compiling time v0.3" in (out / "runs" / TASK / "0" / "oracle.log").read_text()


@LINUX
@pytest.mark.slow
def test_the_agent_builds_with_debian_crates_cannot_write_them_and_its_cargo_config_never_reaches_grading(tmp_path):
    """A `command` agent writes the fix, builds it in its sandbox with the Debian crates (it leaves a marker when
    that passed), tries to plant a file in the registry, and adds a .cargo/config.toml sending crates-io to an
    empty directory of its own. Grading removes that config (test_config_added) and builds from Debian's crates."""
    _needs_debian_time()
    suite = _suite(tmp_path / "suite")
    registry_probe = rust.DEBIAN_REGISTRY / "planted-by-agent"
    script = sh(put("src/lib.rs", _reference_lib(tmp_path)),
                f"{COMMAND} >agent.log 2>&1 && grep -q 'Compiling time v0.3' agent.log && touch built-in-sandbox",
                "rm -f agent.log",
                f"(touch {registry_probe} 2>/dev/null && touch registry-written) || true",
                "mkdir -p elsewhere .cargo", put(".cargo/config.toml", HOSTILE_CONFIG))
    result = bench(tmp_path, suite, script, tasks=(TASK,))
    record = result.graded(TASK)
    patch = result.file("patch.diff", TASK).read_text()
    assert "built-in-sandbox" in patch, result.describe()
    assert "registry-written" not in patch and not registry_probe.exists()
    has_flag(record, "test_config_added")
    log = result.file("oracle.log", TASK).read_text()
    assert "Compiling time v0.3" in log and "test result: ok" in log, log[-2000:]


@LINUX
def test_the_hostile_cargo_config_is_live_outside_the_harness(tmp_path):
    """With the change's .cargo/config.toml in place and the run's Debian config in CARGO_HOME, cargo reads the
    change's source (and fails to find time there): the config is stronger than CARGO_HOME's, so grading must
    remove it."""
    _needs_debian_time()
    where = tmp_path / "live"
    shutil.copytree(SUITE / "fixtures" / TASK, where)
    (where / "src" / "lib.rs").write_text(_reference_lib(tmp_path))
    (where / "elsewhere").mkdir()
    (where / ".cargo").mkdir()
    (where / ".cargo" / "config.toml").write_text(HOSTILE_CONFIG)
    home = tmp_path / "home"
    rust.PROFILE.prepare_home(home)
    env = {**os.environ, **rust.PROFILE.env(home)}
    done = subprocess.run(COMMAND.split(), cwd=where, capture_output=True, text=True, timeout=300, env=env)
    assert done.returncode != 0 and "time" in done.stderr, done.stderr[-2000:]
    shutil.rmtree(where / ".cargo")
    done = subprocess.run(COMMAND.split(), cwd=where, capture_output=True, text=True, timeout=300, env=env)
    assert done.returncode == 0, done.stderr[-2000:]
