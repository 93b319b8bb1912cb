"""Agent adapters, registered by name. Each module follows the contract in bench/agents/base.py."""
from __future__ import annotations

from types import ModuleType

from bench.agents import aider, command, mock, nop, opencode, oracle
from bench.common.errors import UserError

ADAPTERS: dict[str, ModuleType] = {
    "oracle": oracle,
    "nop": nop,
    "mock": mock,
    "command": command,
    "opencode": opencode,
    "aider": aider,
}


def get_adapter(name: str) -> ModuleType:
    """The adapter module called `name`, or a UserError listing the known ones."""
    try:
        return ADAPTERS[name]
    except KeyError:
        raise UserError(f"--agent: unknown agent {name!r}; choose one of {', '.join(sorted(ADAPTERS))}") from None
