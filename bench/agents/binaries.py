"""Finding the agent CLIs: $LOCALAGENTBENCH_<NAME>_BIN, then the project's .agents/ install, then PATH.

`nox -s install-agents` (`localagentbench install-agents`) installs the pinned versions into .agents/ at the
repository root (git-ignored; for an installed harness, under paths.agents_root()), each
where its adapter's declaration (`SPEC.install`, bench/agents/base.py) says: an npm package under
.agents/node_modules/.bin/, a PyPI package in its own virtualenv .agents/<venv>/bin/.
"""
from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path

from bench.common.errors import UserError
from bench.common.paths import agents_root, from_checkout
from bench.exec import textio

AGENTS_DIR = agents_root() / ".agents"
AGENTS_LABEL = ".agents/" if from_checkout() else f"{AGENTS_DIR}/"   # as messages name it

VERSION_TIMEOUT_S = 20.0


def env_var(name: str) -> str:
    """The variable that points at a binary explicitly: LOCALAGENTBENCH_OPENCODE_BIN, ..."""
    return f"LOCALAGENTBENCH_{name.upper().replace('-', '_')}_BIN"


def _executable(path: Path) -> bool:
    return path.is_file() and os.access(path, os.X_OK)


def declared_locations(name: str) -> tuple[str, ...]:
    """Where the registered agent whose binary is `name` lies under .agents/ (its SPEC), or ()."""
    from bench import agents  # the registry imports the adapters, which import this module

    # The agent of the same name first, so that finding a built-in's binary imports no plugin.
    for agent in sorted(agents.names(), key=lambda n: n != name):
        try:
            spec = agents.get_spec(agent)
        except UserError:
            continue
        if spec.binary == name:
            return spec.locations
    return ()


def find_binary(name: str, env: dict[str, str] | None = None, agents_dir: Path | None = None,
                locations: Sequence[str] | None = None) -> Path | None:
    """The agent binary to run, or None: $LOCALAGENTBENCH_<NAME>_BIN, then .agents/, then PATH.

    `locations`: where it lies relative to .agents/; by default, what the registered agent declares.
    """
    env = os.environ if env is None else env
    explicit = env.get(env_var(name))
    if explicit:
        p = Path(explicit).expanduser()
        if _executable(p):
            return p.resolve()
        found = shutil.which(explicit, path=env.get("PATH"))
        return Path(found) if found else None
    base = AGENTS_DIR if agents_dir is None else agents_dir
    for rel in declared_locations(name) if locations is None else locations:
        p = base / rel
        if _executable(p):
            return p
    found = shutil.which(name, path=env.get("PATH"))
    return Path(found) if found else None


def require_binary(name: str, install_hint: str, env: dict[str, str] | None = None,
                   locations: Sequence[str] | None = None) -> Path:
    """find_binary, or a one-line UserError saying where it looked and how to install it."""
    found = find_binary(name, env, locations=locations)
    if found is None:
        env = os.environ if env is None else env
        explicit = env.get(env_var(name))
        where = f"${env_var(name)}={explicit!r}" if explicit else f"${env_var(name)}"
        raise UserError(f"{name}: binary not found (looked in {where}, {AGENTS_LABEL}, PATH); "
                        f"install it with {install_hint}")
    return found


def run_version(binary: Path, args: tuple[str, ...] = ("--version",), env: dict[str, str] | None = None,
                timeout_s: float = VERSION_TIMEOUT_S) -> str | None:
    """The first non-empty line `binary --version` prints, or None when it fails or takes too long."""
    try:
        done = subprocess.run([str(binary), *args], capture_output=True, **textio.SUBPROCESS_TEXT, timeout=timeout_s,
                              stdin=subprocess.DEVNULL, env=env)
    except (OSError, subprocess.TimeoutExpired):
        return None
    if done.returncode != 0:
        return None
    for line in (done.stdout + "\n" + done.stderr).splitlines():
        if line.strip():
            return line.strip()
    return None


def scrubbed_env_prefix(prefixes: tuple[str, ...], keep: set[str], env: dict[str, str] | None = None) -> list[str]:
    """`env -u VAR ...` for the caller's variables with these prefixes that the adapter does not set itself.

    run_agent gives the agent the caller's environment plus the adapter's variables, so a user's
    AIDER_* / OPENCODE_* settings would otherwise reach the agent. Returns [] when there are none.
    """
    env = os.environ if env is None else env
    drop = sorted(k for k in env if k.startswith(prefixes) and k not in keep)
    if not drop:
        return []
    argv = ["env"]
    for k in drop:
        argv += ["-u", k]
    return argv

