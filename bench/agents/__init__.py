"""The agent registry: name -> adapter module. Each module follows the contract in bench/agents/base.py.

A built-in agent is one line in BUILTIN. An agent shipped outside this package registers through the
entry-point group `localagentbench.agents` (the entry point's name is the agent's name, its value the
adapter's module path, e.g. `hello = hello_agent` under `[project.entry-points."localagentbench.agents"]`).
A plugin cannot take a built-in agent's name, and one that fails to load is one line (naming it and the
error) that leaves every other agent working. Modules are imported when first asked for.
"""
from __future__ import annotations

import functools
import importlib
import re
from dataclasses import dataclass, field
from importlib import metadata
from types import ModuleType
from typing import TYPE_CHECKING

from bench.common.errors import UserError

if TYPE_CHECKING:
    from bench.agents.base import AgentSpec

ENTRY_POINT_GROUP = "localagentbench.agents"

BUILTIN: dict[str, str] = {
    "oracle": "bench.agents.oracle",
    "nop": "bench.agents.nop",
    "mock": "bench.agents.mock",
    "command": "bench.agents.command",
    "opencode": "bench.agents.opencode",
    "aider": "bench.agents.aider",
    "claude-code": "bench.agents.claude_code",
    "codex": "bench.agents.codex",
    "qwen-code": "bench.agents.qwen_code",
    "mini-swe-agent": "bench.agents.mini_swe_agent",
    "opencode-acp": "bench.agents.opencode_acp",
    "qwen-code-acp": "bench.agents.qwen_code_acp",
    "gemini-acp": "bench.agents.gemini_acp",
    "claude-code-acp": "bench.agents.claude_code_acp",
    "codex-acp": "bench.agents.codex_acp",
}

# An agent's name ends up in results directories and in $LOCALAGENTBENCH_<NAME>_BIN.
NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
FUNCTIONS = ("check", "version", "invocation", "parse")


@dataclass(frozen=True)
class Entry:
    """One registered agent: its name, adapter module path, and the distribution that ships it (None: built in)."""

    name: str
    module: str
    plugin: str | None = None

    def describe(self) -> str:
        """How a message names it: `agent plugin 'hello' (module hello_agent, from lab-hello-agent)`."""
        if self.plugin is None:
            return f"built-in agent {self.name!r} ({self.module})"
        return f"agent plugin {self.name!r} (module {self.module}, from {self.plugin})"


@dataclass
class Registry:
    """Every registered agent in order (built-ins first), and the plugins that were refused, one line each."""

    entries: dict[str, Entry] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


def _plugin_entry_points() -> list[metadata.EntryPoint]:
    return list(metadata.entry_points(group=ENTRY_POINT_GROUP))


@functools.lru_cache(maxsize=1)
def registry() -> Registry:
    """The built-in agents and the plugins installed in this environment (found once; nothing is imported)."""
    found = Registry({name: Entry(name, module) for name, module in BUILTIN.items()})
    for ep in _plugin_entry_points():
        dist = getattr(getattr(ep, "dist", None), "name", None) or "an unknown distribution"
        where = f"agent plugin {ep.name!r} ({ep.value}, from {dist})"
        if ep.name in BUILTIN:
            found.problems.append(f"{where} ignored: {ep.name!r} is a built-in agent's name; register it under another")
        elif ep.name in found.entries:
            first = found.entries[ep.name]
            found.problems.append(f"{where} ignored: {first.plugin} already registers {ep.name!r}")
        elif not NAME_RE.match(ep.name):
            found.problems.append(f"{where} ignored: an agent's name is letters, digits, '.', '_' and '-'")
        elif ":" in ep.value or not ep.value.strip():
            found.problems.append(f"{where} ignored: the value must be the adapter's module path (e.g. hello_agent)")
        else:
            found.entries[ep.name] = Entry(ep.name, ep.value.strip(), dist)
    return found


def names() -> list[str]:
    """Every registered agent's name: the built-ins in their order, then the plugins."""
    return list(registry().entries)


def problems() -> list[str]:
    """One line per plugin the registry refused (its name taken, a bad name or value)."""
    return list(registry().problems)


def entry(name: str) -> Entry:
    """The registered agent `name`, or a UserError listing the known ones."""
    try:
        return registry().entries[name]
    except KeyError:
        raise UserError(f"--agent: unknown agent {name!r}; choose one of {', '.join(sorted(names()))}") from None


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


def _load(found: Entry) -> ModuleType:
    from bench.agents.base import AgentSpec  # base imports binaries, which reaches back into this module

    try:
        module = importlib.import_module(found.module)
    except Exception as exc:  # noqa: BLE001 - a plugin's import may fail in any way; it must not break the others
        raise UserError(f"{found.describe()} cannot be loaded: {_first_line(exc)}") from None
    missing = [f for f in FUNCTIONS if not callable(getattr(module, f, None))]
    if missing:
        raise UserError(f"{found.describe()} is not an adapter: no {', '.join(missing)} function")
    if not isinstance(getattr(module, "SPEC", None), AgentSpec):
        raise UserError(f"{found.describe()} is not an adapter: no SPEC = AgentSpec(...) (bench/agents/base.py)")
    return module


def get_adapter(name: str) -> ModuleType:
    """The adapter module called `name`; a UserError (one line) when it is unknown or does not load."""
    return _load(entry(name))


def get_spec(name: str) -> AgentSpec:
    """What the agent `name` declares (its AgentSpec)."""
    return get_adapter(name).SPEC


def load_all() -> tuple[dict[str, ModuleType], list[str]]:
    """Every registered agent that loads, by name, and one line for each plugin refused or failing to load."""
    adapters: dict[str, ModuleType] = {}
    lines = problems()
    for name, found in registry().entries.items():
        try:
            adapters[name] = _load(found)
        except UserError as exc:
            lines.append(str(exc))
    return adapters, lines


def install_recipes() -> list[dict]:
    """The install recipes of every registered agent that declares one, in registry order (for the noxfile)."""
    adapters, _ = load_all()
    recipes: dict[str, dict] = {}
    for name, a in adapters.items():   # agents that share a binary (opencode and opencode-acp) share its install
        if a.SPEC.install is not None:
            recipe = a.SPEC.install.recipe(name)
            recipes.setdefault(recipe["creates"], recipe)
    return list(recipes.values())
