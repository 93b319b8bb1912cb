"""The few git operations the harness needs, run as real git with a fixed identity and no user config."""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

from bench.common.errors import UserError

# The agent's change is computed against a snapshot the agent cannot reach, ignoring caches.
DIFF_EXCLUDES = [":(exclude,glob)**/__pycache__/**", ":(exclude,glob)**/*.pyc"]


def git_env() -> dict[str, str]:
    """An environment where the user's and system git config cannot change what the harness does."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update({
        "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1", "GIT_TERMINAL_PROMPT": "0",
        "GIT_AUTHOR_NAME": "localagentbench", "GIT_AUTHOR_EMAIL": "bench@localagentbench.invalid",
        "GIT_COMMITTER_NAME": "localagentbench", "GIT_COMMITTER_EMAIL": "bench@localagentbench.invalid",
        "GIT_AUTHOR_DATE": "2000-01-01T00:00:00Z", "GIT_COMMITTER_DATE": "2000-01-01T00:00:00Z",
    })
    return env


def git(*args: str, cwd: Path | None = None, check: bool = True, input: bytes | None = None,
        timeout: float = 120) -> subprocess.CompletedProcess:
    """Run git; raise UserError with its stderr when `check` and it fails."""
    try:
        done = subprocess.run(["git", *args], cwd=cwd, env=git_env(), input=input,
                              capture_output=True, timeout=timeout)
    except FileNotFoundError:
        raise UserError("git: not found on PATH; install git (e.g. `apt-get install git`)") from None
    if check and done.returncode != 0:
        msg = done.stderr.decode(errors="replace").strip().splitlines()
        raise UserError(f"git {' '.join(args[:2])}: {msg[-1] if msg else 'failed'}")
    return done


def init_single_commit(workdir: Path) -> str:
    """Make `workdir` a fresh repository whose history is one commit of its current files; return its sha."""
    git("init", "-q", "-b", "main", cwd=workdir)
    git("add", "-A", "-f", "--", ".", *DIFF_EXCLUDES, cwd=workdir)
    git("commit", "-q", "--no-verify", "--allow-empty", "-m", "task", cwd=workdir)
    return git("rev-parse", "HEAD", cwd=workdir).stdout.decode().strip()


def snapshot_diff(base_git: Path, workdir: Path) -> bytes:
    """The binary diff from the pristine snapshot to the work tree, new files included, .git ignored."""
    index = base_git / "lab-index"
    env_args = ("--git-dir", str(base_git), "--work-tree", str(workdir))
    try:
        done = _git_index(index, *env_args, "add", "-A", "-f", "--", ".", *DIFF_EXCLUDES, cwd=workdir)
        if done.returncode != 0:
            raise UserError(f"git add: {done.stderr.decode(errors='replace').strip()}")
        diff = _git_index(index, *env_args, "diff", "--cached", "--binary", "--no-color", "--no-ext-diff",
                          "--no-renames", "HEAD", cwd=workdir)
        if diff.returncode != 0:
            raise UserError(f"git diff: {diff.stderr.decode(errors='replace').strip()}")
        return diff.stdout
    finally:
        index.unlink(missing_ok=True)


def _git_index(index: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = git_env()
    env["GIT_INDEX_FILE"] = str(index)
    return subprocess.run(["git", *args], cwd=cwd, env=env, capture_output=True, timeout=300)
