"""Where things are, and which harness version produced a record."""
from __future__ import annotations

import functools
import os
import re
import subprocess
import tempfile
from pathlib import Path

from bench import __version__
from bench.common.errors import UserError

PACKAGE_DIR = Path(__file__).resolve().parent.parent
REPO_ROOT = PACKAGE_DIR.parent
# What the runtime reads lies inside the package, one rule for a checkout and an installed wheel: in a checkout
# bench/schemas and bench/site_template are links to the top-level schemas/ and site-template/, which the
# wheel carries as package data (pyproject.toml's [tool.setuptools.package-data]; tests/test_install.py).
SCHEMAS_DIR = PACKAGE_DIR / "schemas"
SITE_TEMPLATE_DIR = PACKAGE_DIR / "site_template"
FAKELLM_SCRIPTS_DIR = PACKAGE_DIR / "fakellm_scripts"
CACHE_ENV = "LOCALAGENTBENCH_CACHE"
TMP_ENV = "LOCALAGENTBENCH_TMPDIR"
SHM_DIR = "/dev/shm"
SHM_MIN_FREE_BYTES = 4 << 30  # room for several runs' trees and an agent's largest file (--max-file-mb 1024)


def from_checkout() -> bool:
    """Whether the harness is imported from a source checkout (its noxfile.py beside the package: a clone, or an
    editable install of one) rather than from an installed wheel, whose site-packages holds no noxfile."""
    return (REPO_ROOT / "noxfile.py").is_file()


# What a message tells the user to run, as (in a checkout, where nox sessions exist; installed with pip).
COMMANDS = {"install-agents": ("nox -s install-agents", "localagentbench install-agents"),
            "site": ("nox -s site", "localagentbench publish leaderboard")}


def command(name: str) -> str:
    """The command to suggest for `name` (a key of COMMANDS) that exists for how this harness was installed."""
    in_checkout, installed = COMMANDS[name]
    return in_checkout if from_checkout() else installed


RUN_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")


def run_id_argument(value: str) -> str:
    """A `--run-id` as argparse's type: one path component (results/<run id> is its default folder, every record and
    page names it), letters, digits, '.', '_' and '-', never '..' or a '/' that would put the bundle elsewhere."""
    if not RUN_ID.fullmatch(value) or ".." in value:
        import argparse
        raise argparse.ArgumentTypeError(
            f"{value!r} is not a run id; use letters, digits, '.', '_' and '-' (at most 100, no '..', first a letter "
            "or digit), e.g. qwen3-aider-1")
    return value


def agents_root() -> Path:
    """The directory whose .agents/ holds the agent CLIs `install-agents` installs: the checkout's root, or for an
    installed harness $XDG_DATA_HOME/localagentbench (~/.local/share/localagentbench), never site-packages."""
    if from_checkout():
        return REPO_ROOT
    xdg = os.environ.get("XDG_DATA_HOME")
    return (Path(xdg) if xdg and os.path.isabs(xdg) else Path.home() / ".local" / "share") / "localagentbench"


_TREE_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-+")
WORKDIR_PREFIX = "labw-"   # the harness's own directory around a run's workdir, and only that


def tree_name(task: dict) -> str:
    """The name a task's tree has on disk, in the agent's workdir and in each grading copy: its fixture
    directory's name, or its repository's (a build may read it: Exercism's CMakeLists.txt names the program it
    builds after it); `repo` for a name that is not one plain path component."""
    repo = task.get("repo") or {}
    where = str(repo.get("path") or repo.get("url") or "").rstrip("/")
    name = where.replace("\\", "/").rsplit("/", 1)[-1].removesuffix(".git")
    ok = name not in ("", ".", "..") and not name.startswith("-") and set(name) <= _TREE_NAME_CHARS
    return name if ok and len(name) <= 100 else "repo"


def workdir_holder(record: dict) -> Path | None:
    """What to delete to remove a run record's workdir: the directory the harness made around it (mkdtemp's
    `labw-<task>-<rep>-XXXXXXXX`), or, for a record from before that layout, the workdir itself when the harness
    made it (`lab-<task>-<rep>-XXXXXXXX`); None for any other path, which is never deleted (a record naming the
    temporary root, a directory of the user's, or a path outside both)."""
    workdir = (record.get("paths") or {}).get("workdir")
    if not isinstance(workdir, str) or not os.path.isabs(workdir):
        return None
    path = Path(os.path.normpath(workdir))
    made = f"-{re.escape(str(record.get('task_id')))}-{re.escape(str(record.get('rep')))}-[a-z0-9_]{{8}}"
    for candidate, prefix in ((path.parent, WORKDIR_PREFIX), (path, "lab")):
        if re.fullmatch(re.escape(prefix.rstrip("-")) + made, candidate.name) and not os.path.islink(candidate):
            return candidate
    return None


def temp_root() -> str:
    """Where runs' temporary trees (workdir, grading copy, scratch) go.

    $LOCALAGENTBENCH_TMPDIR, else $TMPDIR, else /dev/shm when it is a tmpfs that allows executables with
    4 GiB free, else the system's temporary directory. A run creates some sixty files and directories and
    deletes them minutes later: on a slow disk that, not the harness's code, is most of what it costs.
    """
    for var in (TMP_ENV, "TMPDIR"):
        if os.environ.get(var):
            return os.environ[var]
    return SHM_DIR if _shm_has_room() else tempfile.gettempdir()


def is_exec_tmpfs(mounts: str, path: str) -> bool:
    """Whether, by `mounts` (the text of /proc/mounts), `path` is a tmpfs where programs may run.

    The last mount on a path is the one in effect; a noexec tmpfs would break tasks that run scripts.
    """
    entries = [line.split() for line in mounts.splitlines()]
    on_path = [e for e in entries if len(e) > 3 and e[1] == path]
    return bool(on_path) and on_path[-1][2] == "tmpfs" and "noexec" not in on_path[-1][3].split(",")


@functools.lru_cache(maxsize=1)
def _shm_has_room() -> bool:
    try:
        with open("/proc/mounts", encoding="utf-8") as fh:
            usable = is_exec_tmpfs(fh.read(), SHM_DIR)
        st = os.statvfs(SHM_DIR)
        return usable and st.f_bavail * st.f_frsize >= SHM_MIN_FREE_BYTES and os.access(SHM_DIR, os.W_OK | os.X_OK)
    except OSError:
        return False


def writable_dir(path: Path, flag: str = "--out") -> None:
    """Create the directory `path`, which the user named with `flag`, and check that files can be written in it.

    A UserError otherwise, naming what is in the way: a file where the directory is named, a file where one of
    its parents should be a directory, or the system's reason. The check writes a fresh temporary file, so no
    name already in the directory (a link left there) is ever written through.
    """
    try:
        path.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".write-test-", dir=path)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        blocker = next((p for p in (path, *path.parents) if os.path.lexists(p) and not p.is_dir()), None)
        what = "a link to nothing" if blocker is not None and not blocker.exists() else "a file"
        if blocker == path:
            raise UserError(f"{path}: {flag} names {what}; it should be a directory (created if missing): "
                            f"pass a directory's path") from None
        if blocker is not None:
            raise UserError(f"{path}: {blocker} is {what} where a directory belongs; pass a {flag} "
                            "whose parents are directories") from None
        raise UserError(f"{path}: cannot create or write this directory ({exc.strerror}); pass a writable {flag}") \
            from None


def cache_dir() -> Path:
    """The harness's cache: $LOCALAGENTBENCH_CACHE, else $XDG_CACHE_HOME/localagentbench, else
    ~/.cache/localagentbench."""
    explicit = os.environ.get(CACHE_ENV)
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg and os.path.isabs(xdg) else Path.home() / ".cache") / "localagentbench"


@functools.lru_cache(maxsize=1)
def harness_version() -> str:
    """The package version, plus the git commit (and '.dirty') when running from a checkout."""
    if not (REPO_ROOT / ".git").exists():  # an installed wheel: whatever repository holds site-packages is not ours
        return __version__
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
