"""`nox -s toolchains` (tools/toolchains.py): what the suite's languages need, probed where their commands find it;
only the missing packages installed (no apt-get at all when nothing is missing); what to run where it cannot
install; the same programs as the language profiles name; .ci/run runs it before the tests."""
from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bench import languages
from bench.languages import javascript
from conftest import REPO, needs_toolchain
from tools import toolchains

ALL_PROGRAMS = sorted({need.program for need in toolchains.NEEDS if need.program})


def bin_dir(tmp_path: Path, programs: list[str], name: str = "bin") -> Path:
    """A directory holding links to these programs of this machine (PATH set to it hides every other one)."""
    out = tmp_path / name
    out.mkdir()
    for program in programs:
        (out / program).symlink_to(shutil.which(program))
    return out


def recording_apt_get(tmp_path: Path) -> tuple[Path, Path]:
    """(a directory holding an `apt-get` that records each call's arguments and installs nothing, its log)."""
    where, log = tmp_path / "apt", tmp_path / "apt.log"
    where.mkdir()
    (where / "apt-get").write_text(f'#!/bin/sh\necho "$*" >> "{log}"\n')
    (where / "apt-get").chmod(0o755)
    return where, log


def installed_node_toolchain(where: Path) -> Path:
    """A directory that looks like the Node test toolchain installed from the committed lock (what npm ci leaves
    and the installer records), so the Debian step's tests see it present wherever they run."""
    (where / "node_modules" / ".bin").mkdir(parents=True)
    (where / javascript.LOCK_MARK).write_text(toolchains.lock_digest() + "\n")
    return where


def run_toolchains(*args: str, path: str, python: str = sys.executable, prefix: tuple[str, ...] = (),
                   node_toolchain: Path | None = None):
    """`python -S -m tools.toolchains ARGS` (the standard library only, as on a fresh machine) with this PATH and
    the Node test toolchain's directory (default: the real one, under HOME)."""
    env = {"PATH": path, "HOME": os.environ.get("HOME", "/root"),
           **({javascript.TOOLCHAIN_ENV: str(node_toolchain)} if node_toolchain else {})}
    return subprocess.run([*prefix, python, "-S", "-m", "tools.toolchains", *args], cwd=REPO, capture_output=True,
                          text=True, timeout=120, env=env)


def listed(stdout: str, status: str) -> list[str]:
    """The needs the installer's report lists with this status (ok, missing): its fixed-width second column."""
    return [line[9:35].rstrip() for line in stdout.splitlines() if line.startswith(f"{status:<8} ")]


def test_every_program_of_every_language_profile_is_a_need_it_installs():
    """The programs a profile's toolchain names (bench/languages, what doctor reports) are all probed here."""
    provided = {*(program for need in toolchains.NEEDS for program in need.provides), *toolchains.NODE_PROVIDES}
    named = {tool.version_argv[0] for profile in languages.PROFILES.values() for tool in profile.tools}
    assert named and named <= provided, sorted(named - provided)


@pytest.mark.skipif(shutil.which("nox") is None, reason="nox is not installed")
def test_nox_toolchains_with_everything_here_installs_nothing(tmp_path):
    needs_toolchain(*ALL_PROGRAMS)
    apt, log = recording_apt_get(tmp_path)
    done = subprocess.run(["nox", "-f", str(REPO / "noxfile.py"), "-s", "toolchains", "--", "--strict"], cwd=REPO,
                          capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PATH": f"{apt}{os.pathsep}{os.environ['PATH']}"})
    assert done.returncode == 0, done.stdout + done.stderr
    assert listed(done.stdout, "ok") == [*(need.what for need in toolchains.NEEDS), toolchains.GO_WHAT,
                                         toolchains.NODE_WHAT], done.stdout
    assert listed(done.stdout, "missing") == []
    assert "everything the suite's languages need is here" in done.stdout
    assert not log.exists(), f"apt-get ran with nothing missing: {log.read_text()}"


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="installs only as root")
def test_as_root_a_missing_program_is_installed_with_only_its_packages_after_an_update(tmp_path):
    needs_toolchain(*ALL_PROGRAMS)
    apt, log = recording_apt_get(tmp_path)
    present = bin_dir(tmp_path, [p for p in ALL_PROGRAMS if p != "go"])
    done = run_toolchains(path=f"{apt}{os.pathsep}{present}", node_toolchain=installed_node_toolchain(tmp_path / "n"))
    calls = log.read_text().splitlines()
    assert calls == ["update -q", "install -y -q --no-install-recommends golang-go"], calls
    # The stand-in apt-get installed nothing: go is still missing, and that is an error, not a success.
    assert done.returncode == 1 and "still missing: go" in done.stderr, done.stdout + done.stderr


def test_without_apt_get_it_says_what_is_missing_and_how_to_install_it(tmp_path):
    needs_toolchain(*ALL_PROGRAMS)
    present = bin_dir(tmp_path, [p for p in ALL_PROGRAMS if p not in ("go", "node")])
    node_toolchain = installed_node_toolchain(tmp_path / "n")
    done = run_toolchains(path=str(present), node_toolchain=node_toolchain)
    assert done.returncode == 0, done.stdout + done.stderr
    assert listed(done.stdout, "missing") == ["go", "node + npm"], done.stdout
    assert "cannot install here (no apt-get here" in done.stdout
    assert "apt-get install -y -q --no-install-recommends golang-go nodejs npm" in done.stdout
    strict = run_toolchains("--strict", path=str(present), node_toolchain=node_toolchain)
    assert strict.returncode == 1 and strict.stdout == done.stdout


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0 or not shutil.which("setpriv")
                    or not os.access("/usr/bin/python3", os.X_OK), reason="needs root, setpriv and /usr/bin/python3")
def test_not_root_it_names_what_is_missing_and_runs_no_apt_get():
    # As nobody, with the system's apt-get on PATH: what nobody cannot reach (rustup's cargo under /root, at least
    # here) is missing, and the line to run as root names exactly its packages.
    done = run_toolchains("--strict", path="/usr/bin:/bin", python="/usr/bin/python3",
                          prefix=("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"))
    missing = [need for need in toolchains.NEEDS if need.what in listed(done.stdout, "missing")]
    if not missing:
        pytest.skip("nothing is missing for nobody here: no install to refuse")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "cannot install here (not root)" in done.stdout, done.stdout
    assert " ".join(toolchains.packages_of(missing)) + " (or `sudo nox -s toolchains`)" in done.stdout
    assert "toolchains: apt-get" not in done.stdout


@pytest.mark.skipif(not shutil.which("apt-cache") or not glob.glob("/var/lib/apt/lists/*_Packages*"),
                    reason="no apt package lists here (Debian or Ubuntu after apt-get update)")
def test_every_package_named_is_one_apt_knows():
    for package in toolchains.packages_of(toolchains.NEEDS):
        done = subprocess.run(["apt-cache", "show", "--no-all-versions", package], capture_output=True, text=True,
                              timeout=60)
        assert done.returncode == 0 and f"Package: {package}" in done.stdout, (package, done.stderr)


def test_ci_installs_the_toolchains_before_the_checks_and_tests():
    lines = (REPO / ".ci" / "run").read_text().splitlines()
    install = [i for i, line in enumerate(lines) if line.startswith("python3 -m nox -s toolchains")]
    tests = [i for i, line in enumerate(lines) if line.startswith("python3 -m nox -s check verify lint tests slow")]
    assert len(install) == 1 and len(tests) == 1 and install[0] < tests[0], (install, tests)
    assert "nox -s toolchains" in (REPO / "README.md").read_text(encoding="utf-8")


# --- the Node test toolchain (tools/node-toolchain: npm ci of the committed lock into one per-user directory) ---

def recording_npm(tmp_path: Path, exit_code: int = 0) -> tuple[Path, Path]:
    """(a directory holding an `npm` that records each call (its arguments and working directory) and does what
    `npm ci` leaves behind, node_modules/.bin, then exits `exit_code`; its log). The real npm ci runs in
    `nox -s toolchains`, which needs the registry."""
    where, log = tmp_path / "npm-bin", tmp_path / "npm.log"
    where.mkdir()
    (where / "npm").write_text(f'#!/bin/sh\necho "$* in $PWD" >> "{log}"\nmkdir -p node_modules/.bin\n'
                               f"exit {exit_code}\n")
    (where / "npm").chmod(0o755)
    return where, log


def test_the_node_toolchain_installs_once_and_again_only_when_the_lock_changes(tmp_path):
    needs_toolchain(*ALL_PROGRAMS)
    npm, log = recording_npm(tmp_path)
    path = os.pathsep.join([str(npm), os.environ["PATH"]])
    target = tmp_path / "data" / "node-toolchain"
    first = run_toolchains("--strict", path=path, node_toolchain=target)
    assert first.returncode == 0, first.stdout + first.stderr
    assert listed(first.stdout, "missing") == [toolchains.NODE_WHAT], first.stdout
    assert log.read_text().splitlines() == [f"{' '.join(toolchains.NPM_CI[1:])} in {target}"]
    lock = (toolchains.NODE_TOOLCHAIN / "package-lock.json").read_bytes()
    assert (target / "package-lock.json").read_bytes() == lock
    assert (target / javascript.LOCK_MARK).read_text().strip() == toolchains.lock_digest()

    again = run_toolchains("--strict", path=path, node_toolchain=target)
    assert again.returncode == 0 and toolchains.NODE_WHAT in listed(again.stdout, "ok"), again.stdout
    assert len(log.read_text().splitlines()) == 1, "npm ran again with the lock's toolchain installed"

    # installed from another lock: installed again, from this one
    (target / javascript.LOCK_MARK).write_text("0" * 64 + "\n")
    changed = run_toolchains("--strict", path=path, node_toolchain=target)
    assert changed.returncode == 0 and len(log.read_text().splitlines()) == 2, changed.stdout
    assert (target / javascript.LOCK_MARK).read_text().strip() == toolchains.lock_digest()


def test_a_failed_npm_ci_leaves_no_record_and_fails(tmp_path):
    needs_toolchain(*ALL_PROGRAMS)
    npm, _ = recording_npm(tmp_path, exit_code=7)
    target = tmp_path / "node-toolchain"
    done = run_toolchains(path=os.pathsep.join([str(npm), os.environ["PATH"]]), node_toolchain=target)
    assert done.returncode == 1 and "npm ci failed (exit 7)" in done.stderr, done.stdout + done.stderr
    assert not (target / javascript.LOCK_MARK).exists()
    assert javascript.toolchain_modules() is None or javascript.toolchain_dir() != target


def test_the_harness_finds_the_toolchain_where_the_installer_puts_it(tmp_path, monkeypatch):
    """One function names the directory: the installer's and the sandboxes' (mounts, PATH, NODE_PATH) answer
    follow the same variable, and a directory npm ci never finished in is not used."""
    target = tmp_path / "nt"
    monkeypatch.setenv(javascript.TOOLCHAIN_ENV, str(target))
    (target / "node_modules" / ".bin").mkdir(parents=True)
    assert javascript.toolchain_modules() is None and javascript.PROFILE.path_dirs() == []
    assert "NODE_PATH" not in javascript.PROFILE.env(tmp_path / "home")
    (target / javascript.LOCK_MARK).write_text(toolchains.lock_digest() + "\n")
    assert javascript.PROFILE.path_dirs() == [str(target / "node_modules" / ".bin")]
    assert javascript.PROFILE.env(tmp_path / "home")["NODE_PATH"] == str(target / "node_modules")
    assert target in javascript.PROFILE.mounts()
    monkeypatch.delenv(javascript.TOOLCHAIN_ENV)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert javascript.toolchain_dir() == tmp_path / "xdg" / "localagentbench" / "node-toolchain"


def test_the_installed_toolchain_brings_the_programs_it_provides():
    needs_toolchain(*toolchains.NODE_PROVIDES)
    modules = javascript.toolchain_modules()
    assert modules and toolchains.node_toolchain_present(), "installed from another lock: run nox -s toolchains"
    assert all((modules / ".bin" / program).exists() for program in toolchains.NODE_PROVIDES)


def test_the_lock_pins_what_the_profile_and_the_task_use():
    """package.json pins exact versions, and the lock is the one npm made from it (npm ci refuses a stale one)."""
    import json
    manifest = json.loads((toolchains.NODE_TOOLCHAIN / "package.json").read_text())
    lock = json.loads((toolchains.NODE_TOOLCHAIN / "package-lock.json").read_text())
    deps = manifest["dependencies"]
    assert {"jest", "babel-jest", "typescript", "@babel/core", "@babel/preset-env", "@babel/preset-typescript",
            "@types/jest", "@types/node"} <= set(deps)
    assert all(v[0].isdigit() for v in deps.values()), deps
    assert lock["packages"][""]["dependencies"] == deps
    for name, version in deps.items():
        assert lock["packages"][f"node_modules/{name}"]["version"] == version, name


def test_a_debian_crate_is_present_by_any_version_of_its_source_directory(tmp_path):
    """The Rust crates' needs name a pattern (the packaged version is Debian's to change): any crate-x.y.z/ with its
    .cargo-checksum.json is the crate installed; another crate's, or a directory without the checksum, is not."""
    need = toolchains.Need("Rust crate time", ("librust-time-dev",),
                           path=f"{tmp_path}/time-[0-9]*/.cargo-checksum.json")
    (tmp_path / "time-macros-0.2.4").mkdir()
    (tmp_path / "time-macros-0.2.4" / ".cargo-checksum.json").write_text("{}")
    (tmp_path / "time-0.3.9").mkdir()
    assert need.present() is None
    (tmp_path / "time-0.3.9" / ".cargo-checksum.json").write_text("{}")
    assert need.present() == f"{tmp_path}/time-0.3.9/.cargo-checksum.json"
    crates = {need.packages[0] for need in toolchains.NEEDS if need.what.startswith("Rust crate")}
    assert crates == {"librust-time-dev", "librust-anyhow-dev"}   # gigasecond's and grep's Cargo.toml
