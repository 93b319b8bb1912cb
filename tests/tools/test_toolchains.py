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


def run_toolchains(*args: str, path: str, python: str = sys.executable, prefix: tuple[str, ...] = ()):
    """`python -S -m tools.toolchains ARGS` (the standard library only, as on a fresh machine) with this PATH."""
    return subprocess.run([*prefix, python, "-S", "-m", "tools.toolchains", *args], cwd=REPO, capture_output=True,
                          text=True, timeout=120, env={"PATH": path, "HOME": os.environ.get("HOME", "/root")})


def listed(stdout: str, status: str) -> list[str]:
    """The needs the installer's report lists with this status (ok, missing): its fixed-width second column."""
    return [line[9:35].rstrip() for line in stdout.splitlines() if line.startswith(f"{status:<8} ")]


def test_every_program_of_every_language_profile_is_a_need_it_installs():
    """The programs a profile's toolchain names (bench/languages, what doctor reports) are all probed here."""
    provided = {program for need in toolchains.NEEDS for program in need.provides}
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
    assert listed(done.stdout, "ok") == [need.what for need in toolchains.NEEDS], done.stdout
    assert listed(done.stdout, "missing") == []
    assert "everything the suite's languages need is here" in done.stdout
    assert not log.exists(), f"apt-get ran with nothing missing: {log.read_text()}"


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="installs only as root")
def test_as_root_a_missing_program_is_installed_with_only_its_packages_after_an_update(tmp_path):
    needs_toolchain(*ALL_PROGRAMS)
    apt, log = recording_apt_get(tmp_path)
    present = bin_dir(tmp_path, [p for p in ALL_PROGRAMS if p != "go"])
    done = run_toolchains(path=f"{apt}{os.pathsep}{present}")
    calls = log.read_text().splitlines()
    assert calls == ["update -q", "install -y -q --no-install-recommends golang-go"], calls
    # The stand-in apt-get installed nothing: go is still missing, and that is an error, not a success.
    assert done.returncode == 1 and "still missing: go" in done.stderr, done.stdout + done.stderr


def test_without_apt_get_it_says_what_is_missing_and_how_to_install_it(tmp_path):
    needs_toolchain(*ALL_PROGRAMS)
    present = bin_dir(tmp_path, [p for p in ALL_PROGRAMS if p not in ("go", "node")])
    done = run_toolchains(path=str(present))
    assert done.returncode == 0, done.stdout + done.stderr
    assert listed(done.stdout, "missing") == ["go", "node + npm"], done.stdout
    assert "cannot install here (no apt-get here" in done.stdout
    assert "apt-get install -y -q --no-install-recommends golang-go nodejs npm" in done.stdout
    strict = run_toolchains("--strict", path=str(present))
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
