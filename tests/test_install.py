"""`pip install .` (not editable) gives a `localagentbench` that runs every stage from anywhere.

The wheel is built from a copy of the checkout, installed into a fresh venv outside it, and the installed CLI
runs check, run (oracle agent) and report from a directory outside the checkout with no PYTHONPATH. Offline:
the wheel is built with this environment's setuptools (a nox venv seeds one that builds wheels by itself),
and the venv reaches the dependencies already installed here through a .pth file, never an index.
"""
from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO, build_suite

# Building the wheel and a venv to install it in takes longer than the rest of a test file.
pytestmark = pytest.mark.slow

COPY_IGNORE = shutil.ignore_patterns(".git", ".nox", ".agents", "results", "build", "dist", "*.egg-info",
                                     "__pycache__", ".pytest_cache", "tests", "leaderboard")


def _can_build_offline() -> bool:
    """setuptools builds a wheel by itself from 70.1; before that it needs the `wheel` package."""
    try:
        import setuptools
    except ImportError:
        return False
    major, minor = (int(x) for x in setuptools.__version__.split(".")[:2])
    return (major, minor) >= (70, 1) or importlib.util.find_spec("wheel") is not None


def _dependency_dirs() -> list[str]:
    """Where this environment's copies of the harness's dependencies lie (their own dependencies beside them)."""
    dirs = []
    for module in ("yaml", "jsonschema", "markdown"):
        spec = importlib.util.find_spec(module)
        assert spec and spec.origin, f"{module} is not importable here"
        place = str(Path(spec.origin).resolve().parent.parent)
        if place not in dirs:
            dirs.append(place)
    return dirs


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A venv outside the checkout with the wheel of this checkout installed; returns its bin directory."""
    tmp = tmp_path_factory.mktemp("install")
    src = tmp / "src"
    shutil.copytree(REPO, src, symlinks=True, ignore=COPY_IGNORE)
    dist = tmp / "dist"
    build = [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(dist), str(src)]
    if _can_build_offline():
        build.insert(4, "--no-build-isolation")
    done = subprocess.run(build, capture_output=True, text=True, timeout=300)
    if done.returncode != 0 and "--no-build-isolation" not in build:
        pytest.skip(f"cannot build a wheel here: setuptools < 70.1 without `wheel`, and no index reachable "
                    f"({done.stderr.strip().splitlines()[-1:]})")
    assert done.returncode == 0, done.stderr
    wheel = next(dist.glob("localagentbench-*.whl"))
    venv = tmp / "venv"
    # No pip of its own (no ensurepip needed, which some system Pythons lack): this environment's pip installs
    # into it (pip --python, pip 22.3 and later).
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=300)
    python = venv / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-index", "--no-deps",
                    str(wheel)], check=True, timeout=300, env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"})
    purelib = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             check=True, capture_output=True, text=True).stdout.strip()
    # After the venv's own site-packages, so `bench` comes from the wheel; a .pth line is not a site dir, so
    # an editable install of the checkout there (its own .pth finder) is never activated.
    (Path(purelib) / "zz-deps.pth").write_text("\n".join(_dependency_dirs()) + "\n")
    return venv / "bin"


def _env(bindir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    env["PATH"] = f"{bindir}{os.pathsep}{env.get('PATH', '')}"
    return env


def _cli(bindir: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(bindir / "localagentbench"), *args], cwd=cwd, env=_env(bindir),
                          capture_output=True, text=True, timeout=600)


def test_wheel_carries_what_the_runtime_reads(installed: Path) -> None:
    code = ("import bench, json; from bench.common import paths; print(json.dumps({'file': bench.__file__, "
            "'schemas': sorted(p.name for p in paths.SCHEMAS_DIR.glob('*.json')), "
            "'site': sorted(p.name for p in paths.SITE_TEMPLATE_DIR.iterdir()), "
            "'scripts': sorted(p.name for p in paths.FAKELLM_SCRIPTS_DIR.glob('*.yaml')), "
            "'version': paths.harness_version()}))")
    out = subprocess.run([str(installed / "python"), "-c", code], cwd=installed.parent, env=_env(installed),
                         capture_output=True, text=True, check=True)
    found = json.loads(out.stdout)
    assert Path(found["file"]).is_relative_to(installed.parent), found["file"]  # the wheel's copy, not the checkout
    assert found["schemas"] == sorted(p.name for p in (REPO / "schemas").glob("*.json"))
    assert found["site"] == sorted(p.name for p in (REPO / "site-template").iterdir())
    assert found["scripts"] == sorted(p.name for p in (REPO / "bench" / "fakellm_scripts").glob("*.yaml"))
    assert "+g" not in found["version"]  # no git commit claimed for an installed wheel
    if (REPO / "localagentbench" / "__main__.py").is_file():  # `python -m localagentbench` = the console script
        shown = subprocess.run([str(installed / "python"), "-m", "localagentbench", "--help"], cwd=installed.parent,
                               env=_env(installed), capture_output=True, text=True)
        assert shown.returncode == 0 and "run" in shown.stdout, shown.stderr


def test_installed_cli_checks_runs_and_reports_outside_the_checkout(installed: Path, tmp_path: Path) -> None:
    suite = build_suite(tmp_path / "suite")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    checked = _cli(installed, elsewhere, "check", "--tasks", str(suite / "tasks"))
    assert checked.returncode == 0, checked.stderr
    assert json.loads(checked.stdout)["ok"] is True
    ran = _cli(installed, elsewhere, "run", "--agent", "oracle", "--tasks", str(suite / "tasks"), "--out", "X",
               "--sandbox", "none")
    assert ran.returncode == 0, ran.stderr
    assert json.loads((elsewhere / "X" / "summary.json").read_text())["groups"][0]["pass_at_1"] == 1.0
    reported = _cli(installed, elsewhere, "report", "--results", "X")
    assert reported.returncode == 0, reported.stderr
    assert (elsewhere / "X" / "report.md").is_file() and (elsewhere / "X" / "site" / "index.html").is_file()
    assert "style" in (elsewhere / "X" / "site" / "index.html").read_text() or \
        any((elsewhere / "X" / "site").rglob("*.css"))
