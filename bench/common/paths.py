"""Where things are, and which harness version produced a record."""
from __future__ import annotations

import functools
import os
import subprocess
from pathlib import Path

from bench import __version__

PACKAGE_DIR = Path(__file__).resolve().parent.parent
REPO_ROOT = PACKAGE_DIR.parent
SCHEMAS_DIR = PACKAGE_DIR / "schemas" if (PACKAGE_DIR / "schemas").is_dir() else REPO_ROOT / "schemas"
SITE_TEMPLATE_DIR = REPO_ROOT / "site-template"
CACHE_ENV = "LOCALAGENTBENCH_CACHE"


def cache_dir() -> Path:
    """The harness's cache: $LOCALAGENTBENCH_CACHE, else $XDG_CACHE_HOME/localagentbench, else ~/.cache/localagentbench."""
    explicit = os.environ.get(CACHE_ENV)
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg and os.path.isabs(xdg) else Path.home() / ".cache") / "localagentbench"


@functools.lru_cache(maxsize=1)
def harness_version() -> str:
    """The package version, plus the git commit (and '.dirty') when running from a checkout."""
    try:
        sha = subprocess.run(
            ["git", "-C", str(REPO_ROOT), "rev-parse", "--short=12", "HEAD"],
            capture_output=True, text=True, timeout=5,
        )
        if sha.returncode != 0:
            return __version__
        dirty = subprocess.run(
            ["git", "-C", str(REPO_ROOT), "status", "--porcelain", "--untracked-files=no"],
            capture_output=True, text=True, timeout=5,
        ).stdout.strip()
        return f"{__version__}+g{sha.stdout.strip()}{'.dirty' if dirty else ''}"
    except (OSError, subprocess.SubprocessError):
        return __version__
