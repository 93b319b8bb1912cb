"""Language profiles, one module per language, and the one registry: a task's `language:` names its profile.

A language no profile knows gets every profile's test and configuration files at once (grading then protects
more files rather than fewer) and is judged by its commands' exit status, as Python's unrecognised commands are.
"""
from __future__ import annotations

import functools
import os
from pathlib import Path

from bench.languages import cpp, go, java, javascript, python, rust
from bench.languages.base import Library, Profile, Summary, Tool

PROFILES: dict[str, Profile] = {p.name: p for p in (python.PROFILE, go.PROFILE, rust.PROFILE, javascript.PROFILE,
                                                    java.PROFILE, cpp.PROFILE)}
ALIASES = {alias: p.name for p in PROFILES.values() for alias in p.aliases}


def _union() -> Profile:
    def every(attr: str) -> tuple[str, ...]:
        return tuple(dict.fromkeys(x for p in PROFILES.values() for x in getattr(p, attr)))
    return Profile(name="unknown", test_names=every("test_names"), test_dirs=every("test_dirs"),
                   test_paths=every("test_paths"), config_names=every("config_names"),
                   config_dirs=every("config_dirs"), requires_summary=False)


UNKNOWN = _union()


def canonical(language: str | None) -> str | None:
    """The profile name a task's `language` selects (case and aliases folded), or None when none does."""
    key = (language or "python").strip().lower()
    key = ALIASES.get(key, key)
    return key if key in PROFILES else None


def profile_of(language: str | None) -> Profile:
    """The profile of a task's `language` (python when unset; every profile's files for one none knows)."""
    name = canonical(language)
    return PROFILES[name] if name else UNKNOWN


def commands_of(task: dict) -> list[str]:
    """Every grading command of a task record: its visible phase's, then its held-out phase's."""
    return [*((task.get("oracle") or {}).get("command") or []), *((task.get("heldout") or {}).get("command") or [])]


def needed_tools(task: dict) -> list[Tool]:
    """The programs of a task's toolchain its grading needs (Tool.needed_by): the one rule the engine's refusal of
    a suite and doctor share."""
    commands = commands_of(task)
    return [tool for tool in profile_of(task.get("language")).tools if tool.needed_by(commands)]


def sandbox_env(language: str | None, home: Path, path: str) -> dict[str, str]:
    """The variables a sandbox for a task in `language` adds to its environment: the profile's offline build
    settings with their caches under `home`, and its toolchain's directories ahead of `path` (the PATH it had)."""
    profile = profile_of(language)
    extra = profile.path_dirs()
    return {**profile.env(home), "PATH": os.pathsep.join([*extra, path]) if extra else path}


def prepare_home(language: str | None, home: Path) -> None:
    """Fill a sandbox's fresh private HOME for a task in `language` before the sandbox starts (Profile.prepare_home:
    the prebuilt Go std cache, copied into the run's own GOCACHE)."""
    profile_of(language).prepare_home(home)


@functools.cache
def _mounts(name: str) -> tuple[Path, ...]:
    return tuple(PROFILES[name].mounts()) if name in PROFILES else ()


def sandbox_mounts(language: str | None) -> list[Path]:
    """What a sandbox for a task in `language` mounts read-only for its toolchain (found once per process)."""
    return list(_mounts(canonical(language) or ""))


__all__ = ["PROFILES", "Library", "Profile", "Summary", "Tool", "canonical", "needed_tools", "prepare_home",
           "profile_of"]
