"""The environment agents and grading commands start with: an allowlist of the harness's variables, never all
of them, so tokens and keys in the user's shell (AWS_*, GITHUB_TOKEN, ...) do not reach the code under test.

What an agent CLI needs beyond these its adapter sets itself; a user passes anything else by name with
`--pass-env NAME`. Run records list the names that were passed, never the values.
"""
from __future__ import annotations

import os
import re
from collections.abc import Iterable

from bench.common.errors import UserError

# Locale, terminal and identity: what programs expect to find and what carries no secret.
ALLOWED = ("PATH", "LANG", "LANGUAGE", "TZ", "TERM", "USER", "LOGNAME", "NO_COLOR", "OLLAMA_HOST")
ALLOWED_PREFIXES = ("LC_",)
# Windows: what a process needs to start at all (Python does not without SYSTEMROOT) and to find programs.
ALLOWED_WINDOWS = ("SYSTEMROOT", "SYSTEMDRIVE", "WINDIR", "COMSPEC", "PATHEXT", "TEMP", "TMP")
WINDOWS = os.name == "nt"
_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def check_names(names: Iterable[str]) -> list[str]:
    """The --pass-env names, each a valid variable name (one-line error naming the option otherwise)."""
    names = list(names)
    for name in names:
        if not _NAME.match(name):
            raise UserError(f"--pass-env: {name!r} is not an environment variable name; pass a name like MY_TOKEN, "
                            "not NAME=value")
    return names


def base(pass_names: Iterable[str] = ()) -> dict[str, str]:
    """The allowlisted variables of the harness's environment, plus those the user named."""
    named = set(pass_names)
    allowed = ALLOWED + (ALLOWED_WINDOWS if WINDOWS else ())
    return {k: v for k, v in os.environ.items()
            if k in allowed or k.startswith(ALLOWED_PREFIXES) or k in named}


def names(env: dict[str, str]) -> list[str]:
    """The variable names of an environment, for the run record."""
    return sorted(env)
