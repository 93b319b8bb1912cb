"""toolchains: install what the suite's languages build and test with, from Debian's packages.

    python3 -m tools.toolchains [--strict]          (what `nox -s toolchains [-- --strict]` runs)

Each need is probed where the tasks' commands find it: a program on PATH, or a file at the path the commands
name (the JUnit console launcher, the Catch2 and GoogleTest headers). Only the packages of what is missing are
installed: as root with apt-get, `apt-get update` then one `apt-get install`; nothing at all (no update) when
nothing is missing. A toolchain installed another way (rustup's cargo, NodeSource's node, any JDK's javac) counts
as present, so Debian's is never installed beside it. Without root or apt-get it prints what is missing and the
line that installs it; exit 0, or 1 with --strict. Exit 1 too when an install leaves something missing.

Then the Node test toolchain (jest with babel-jest, Babel's env and TypeScript presets, tsc, the jest and node
type declarations): the versions tools/node-toolchain/package-lock.json pins, installed by `npm ci` (as any user,
no package scripts run) into the one directory bench.languages.javascript.toolchain_dir() names, which records
the lock's sha256 when the install finished: installed again only when that digest is not the lock's; nothing at
all when it is.
Standard library only: nox runs it without a virtualenv, and a fresh machine has nothing else yet.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import shlex
import shutil
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bench.languages import javascript


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
    # The polyglot suite's Java exercises: AssertJ (the track's assertions) and JSON-java (rest-api's org.json).
    Need("AssertJ", ("libassertj-core-java",), path="/usr/share/java/assertj-core.jar"),
    Need("JSON-java (org.json)", ("libandroid-json-org-java",), path="/usr/share/java/json-latest.jar"),
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


NODE_TOOLCHAIN = Path(__file__).resolve().parent / "node-toolchain"   # package.json + package-lock.json
NODE_WHAT = "jest + tsc (npm ci)"
NODE_PROVIDES = ("jest", "tsc")   # the programs of the JavaScript profile (Profile.tools) the toolchain brings
NPM_CI = ["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--no-update-notifier"]


def lock_digest(source: Path = NODE_TOOLCHAIN) -> str:
    """The sha256 of the committed package-lock.json: what an installed toolchain must have recorded."""
    return hashlib.sha256((source / "package-lock.json").read_bytes()).hexdigest()


def node_toolchain_present(source: Path = NODE_TOOLCHAIN) -> Path | None:
    """The installed toolchain's directory when its recorded lock digest is the committed lock's, or None."""
    root = javascript.toolchain_dir()
    try:
        recorded = (root / javascript.LOCK_MARK).read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return root if recorded == lock_digest(source) and javascript.toolchain_modules() else None


def install_node_toolchain(source: Path = NODE_TOOLCHAIN) -> int:
    """`npm ci` of the committed lock into toolchain_dir(), the lock's digest recorded last (an install that
    stopped half way is not taken for one that finished); npm's exit status."""
    root = javascript.toolchain_dir()
    root.mkdir(parents=True, exist_ok=True)
    (root / javascript.LOCK_MARK).unlink(missing_ok=True)
    for name in ("package.json", "package-lock.json"):
        shutil.copyfile(source / name, root / name)
    print(f"toolchains: {shlex.join(NPM_CI)} (in {root})", flush=True)
    code = subprocess.run(NPM_CI, cwd=root, check=False, stdin=subprocess.DEVNULL).returncode
    if code == 0:
        (root / javascript.LOCK_MARK).write_text(lock_digest(source) + "\n", encoding="ascii")
    return code


def node_toolchain(strict: bool) -> int:
    """The Node test toolchain's step: its line, then an install when it is missing or its lock changed."""
    where = node_toolchain_present()
    print(f"{'ok' if where else 'missing':<8} {NODE_WHAT:<26} "
          f"{where or 'npm ci of tools/node-toolchain into ' + str(javascript.toolchain_dir())}", flush=True)
    if where:
        return 0
    if shutil.which("npm") is None:
        print("toolchains: cannot install jest + tsc here (no npm on PATH); install node + npm first", flush=True)
        return 1 if strict else 0
    code = install_node_toolchain()
    if code or node_toolchain_present() is None:
        print(f"toolchains: npm ci {'failed (exit ' + str(code) + ')' if code else 'finished'}; still missing: "
              f"{NODE_WHAT}", file=sys.stderr, flush=True)
        return 1
    print(f"toolchains: installed jest + tsc into {javascript.toolchain_dir()}", flush=True)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: `python3 -m tools.toolchains [--strict]`."""
    parser = argparse.ArgumentParser(prog="nox -s toolchains --", description=__doc__.split("\n")[0])
    parser.add_argument("--strict", action="store_true",
                        help="exit 1 when something is missing and cannot be installed here")
    args = parser.parse_args(argv)
    code = system_packages(args.strict)
    return max(code, node_toolchain(args.strict))


def system_packages(strict: bool) -> int:
    """The Debian packages' step: the report, then an install of what is missing where this can install."""
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
        return 1 if strict else 0
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
