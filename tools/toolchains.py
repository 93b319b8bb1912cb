"""toolchains: install what the suite's languages build and test with, from Debian's packages.

    python3 -m tools.toolchains [--strict]          (what `nox -s toolchains [-- --strict]` runs)

Each need is probed where the tasks' commands find it: a program on PATH, or a file at the path the commands
name (the JUnit console launcher, the Catch2 and GoogleTest headers). Only the packages of what is missing are
installed: as root with apt-get, `apt-get update` then one `apt-get install`; nothing at all (no update) when
nothing is missing. A toolchain installed another way (rustup's cargo, NodeSource's node, any JDK's javac) counts
as present, so Debian's is never installed beside it. Without root or apt-get it prints what is missing and the
line that installs it; exit 0, or 1 with --strict. Exit 1 too when an install leaves something missing.
Standard library only: nox runs it without a virtualenv, and a fresh machine has nothing else yet.
"""
from __future__ import annotations

import argparse
import os
import shlex
import shutil
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Need:
    """One thing the tasks' commands use, how to tell it is here, and the Debian packages that bring it.

    `program`: found on PATH; `path`: a file that must exist. `provides`: the programs of the languages'
    toolchains (bench/languages, Profile.tools) this need stands for."""

    what: str
    packages: tuple[str, ...]
    program: str | None = None
    path: str | None = None
    provides: tuple[str, ...] = ()

    def present(self) -> str | None:
        """Where it was found, or None."""
        if self.program:
            return shutil.which(self.program)
        return self.path if self.path and os.path.isfile(self.path) else None


NEEDS = (
    Need("python3", ("python3",), program="python3", provides=("python3",)),
    Need("go", ("golang-go",), program="go", provides=("go",)),
    # A cargo (rustup's, usually) brings its own rustc; Debian's two are installed together or not at all.
    Need("cargo + rustc", ("rustc", "cargo"), program="cargo", provides=("cargo", "rustc")),
    # A node installed another way brings its own npm, and Debian's npm would pull Debian's nodejs beside it.
    Need("node + npm", ("nodejs", "npm"), program="node", provides=("node", "npm")),
    Need("javac (a JDK)", ("default-jdk-headless",), program="javac", provides=("javac", "java")),
    Need("JUnit 5 console launcher", ("junit5",), path="/usr/share/java/junit-platform-console-standalone.jar"),
    Need("g++", ("g++",), program="g++", provides=("g++",)),
    Need("cmake", ("cmake",), program="cmake", provides=("cmake",)),
    Need("GoogleTest", ("libgtest-dev",), path="/usr/include/gtest/gtest.h"),
    Need("Catch2", ("catch2",), path="/usr/include/catch2/catch.hpp"),
)

INSTALL = ["apt-get", "install", "-y", "-q", "--no-install-recommends"]


def missing(needs: Sequence[Need] = NEEDS) -> list[Need]:
    """The needs not met on this machine, in order."""
    return [n for n in needs if n.present() is None]


def packages_of(needs: Sequence[Need]) -> list[str]:
    """The Debian packages that bring these needs, each once, in order."""
    return list(dict.fromkeys(p for n in needs for p in n.packages))


def why_not_here() -> str | None:
    """Why nothing can be installed here (no apt-get, not root), or None when it can."""
    if shutil.which("apt-get") is None:
        return "no apt-get here (not Debian or Ubuntu)"
    if hasattr(os, "geteuid") and os.geteuid() != 0:
        return "not root"
    return None


def report(needs: Sequence[Need]) -> None:
    """One line per need: where it was found, or that it is missing and which packages bring it."""
    for need in needs:
        where = need.present()
        print(f"{'ok' if where else 'missing':<8} {need.what:<26} {where or 'Debian: ' + ' '.join(need.packages)}",
              flush=True)


def install(packages: list[str]) -> int:
    """apt-get update, then one apt-get install of `packages`; the first non-zero exit status, or 0."""
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for argv in (["apt-get", "update", "-q"], [*INSTALL, *packages]):
        print(f"toolchains: {shlex.join(argv)}", flush=True)
        code = subprocess.run(argv, env=env, check=False).returncode
        if code:
            return code
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: `python3 -m tools.toolchains [--strict]`."""
    parser = argparse.ArgumentParser(prog="nox -s toolchains --", description=__doc__.split("\n")[0])
    parser.add_argument("--strict", action="store_true",
                        help="exit 1 when something is missing and cannot be installed here")
    args = parser.parse_args(argv)
    absent = missing()
    report(NEEDS)
    if not absent:
        print("toolchains: everything the suite's languages need is here", flush=True)
        return 0
    packages = packages_of(absent)
    reason = why_not_here()
    if reason:
        print(f"toolchains: cannot install here ({reason}); missing: {', '.join(n.what for n in absent)}. "
              f"Install them as root on Debian or Ubuntu: apt-get update && {shlex.join([*INSTALL, *packages])} "
              "(or `sudo nox -s toolchains`), or each from its own vendor", flush=True)
        return 1 if args.strict else 0
    code = install(packages)
    still = missing(absent)
    if code or still:
        left = ", ".join(n.what for n in still) or "nothing"
        print(f"toolchains: the install {'failed (exit ' + str(code) + ')' if code else 'finished'}; "
              f"still missing: {left}", file=sys.stderr, flush=True)
        return 1
    print(f"toolchains: installed {' '.join(packages)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
