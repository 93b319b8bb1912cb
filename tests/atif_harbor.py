"""Harbor's own ATIF validator (the `harbor` package, pinned in the `test` extra), run on a trajectory file.

harbor 0.25.0 needs Python 3.12 or later. Under such an interpreter the test extra installs it beside the harness;
under an older one the tests use the interpreter named by LOCALAGENTBENCH_HARBOR_PYTHON, or
.agents/harbor-venv/bin/python (which `nox -s tests` builds with a python3.12 or later when the machine has one),
and skip, saying so, when there is none. The validator is called as harbor ships it:
`python -m harbor.utils.trajectory_validator FILE` (exit 0 and "Trajectory is valid", else the errors on stderr).
"""
from __future__ import annotations

import functools
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO

HARBOR = "harbor==0.25.0"
VALIDATOR = "harbor.utils.trajectory_validator"


def _has_harbor(python: str) -> bool:
    done = subprocess.run([python, "-c", f"import {VALIDATOR}"], capture_output=True, timeout=120)
    return done.returncode == 0


@functools.lru_cache(maxsize=1)
def harbor_python() -> str | None:
    """An interpreter that imports harbor's validator: this one, the one the environment names, or the venv."""
    if importlib.util.find_spec("harbor") is not None:
        return sys.executable
    for python in (os.environ.get("LOCALAGENTBENCH_HARBOR_PYTHON"), str(REPO / ".agents" / "harbor-venv" / "bin" /
                                                                        "python")):
        if python and Path(python).is_file() and _has_harbor(python):
            return python
    return None


def validate(path: Path) -> list[str]:
    """Harbor's verdict on the ATIF file at `path`: [] when it is valid, else its error lines. Skips when no
    interpreter here has harbor."""
    python = harbor_python()
    if python is None:
        pytest.skip(f"{HARBOR} not installed (it needs Python 3.12+): `pip install {HARBOR}` there and set "
                    "LOCALAGENTBENCH_HARBOR_PYTHON, or run `nox -s tests`")
    done = subprocess.run([python, "-m", VALIDATOR, str(path)], capture_output=True, text=True, timeout=300)
    if done.returncode == 0 and "Trajectory is valid" in done.stdout:
        return []
    said = [line.strip() for line in (done.stderr or done.stdout).splitlines() if line.strip()]
    return said or [f"exit {done.returncode}"]
