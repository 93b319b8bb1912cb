"""What a language profile is: the files that are tests and test configuration, the toolchain a task's commands
use (and how an offline build finds it), and how a run of the tests is proved real from the runner's own summary.

Every rule here is read from the paths and the runner's output alone, never from the agent's word. A profile
adds its checks around a task's commands; the commands stay the task's.
"""
from __future__ import annotations

import fnmatch
import glob
import os
import random
import re
import shutil
import subprocess
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePosixPath


@dataclass(frozen=True)
class Tool:
    """One program of a language's toolchain: its name and the argv that prints its version. `named`: only a
    task whose commands name the program needs it (jest, tsc); every task of the language needs the others."""

    name: str
    version_argv: tuple[str, ...]
    named: bool = False

    def needed_by(self, commands: Iterable[str]) -> bool:
        """Whether a task with these grading commands needs this tool: always, or (`named`) when a command names
        its program as a word of its own (`jest`, `npx jest --ci`, `tsc --noEmit && jest`, `node_modules/.bin/tsc`)."""
        if not self.named:
            return True
        word = re.compile(rf"(?:^|[\s/;&|(`]){re.escape(self.version_argv[0])}(?=$|[\s;&|)`])")
        return any(word.search(command) for command in commands)

    def locate(self, search_path: str | None = None) -> str | None:
        """Where the tool's program is on `search_path` (default: the harness's PATH), or None."""
        return shutil.which(self.version_argv[0], path=search_path)

    def version(self, search_path: str | None = None, timeout_s: float = 20.0) -> str | None:
        """The first line the tool (found on `search_path`) prints of its version, or None when it is not
        installed or does not answer."""
        exe = self.locate(search_path)
        if exe is None:
            return None
        try:
            done = subprocess.run([exe, *self.version_argv[1:]], capture_output=True, timeout=timeout_s,
                                  stdin=subprocess.DEVNULL, check=False)
        except (OSError, subprocess.SubprocessError):
            return None
        text = (done.stdout or done.stderr).decode("utf-8", errors="replace").strip()
        return text.splitlines()[0][:200] if done.returncode == 0 and text else None


@dataclass(frozen=True)
class Library:
    """A test framework a language's tasks build against, installed as a file (a jar, a header) rather than a
    program: doctor reports where it is and its version. `version_file`: where the version is written (a glob;
    default the library's own file); `version_pattern`: a regex whose first group is the version, searched in
    that file's name, the name of the file it links to and its first 64 KiB."""

    name: str
    path: str
    version_pattern: str
    version_file: str | None = None

    def locate(self) -> str | None:
        """The library's file, or None when it is not installed."""
        return self.path if Path(self.path).is_file() else None

    def version(self) -> str | None:
        """Its version as its files say, or None."""
        for candidate in sorted(glob.glob(self.version_file or self.path)):
            try:
                with open(candidate, "rb") as fh:
                    head = fh.read(65536).decode("latin-1")
            except OSError:
                continue
            names = f"{os.path.basename(candidate)}\n{os.path.basename(os.path.realpath(candidate))}"
            found = re.search(self.version_pattern, f"{names}\n{head}", re.M)
            if found:
                return found.group(1)
        return None


@dataclass(frozen=True)
class Summary:
    """What one test runner's own summary says: tests that passed, failed and were skipped (ignored, disabled)."""

    runner: str
    passed: int
    failed: int
    skipped: int = 0

    def problem(self, allow_skipped: bool = False) -> str | None:
        """The flag this summary raises on a command that exited 0: failures, skipped tests (unless the task
        allows its own: `allow_skipped`), or no test run."""
        if self.failed:
            return "test_summary_failed"
        if self.skipped and not allow_skipped:
            return "tests_skipped"
        return None if self.passed else "no_tests_ran"


SUMMARY_NOTES = {"no_tests_ran": "exit 0, but the test runner reported no tests run",
                 "tripwire_passed": "the tripwire test's failure is not in the runner's counts: they were not "
                                    "printed by the runner",
                 "test_summary_failed": "exit 0, but the test runner reported failures",
                 "tests_skipped": "exit 0, but the test runner reported skipped or ignored tests"}


SUMMARY_TAIL_BYTES = 262144   # runners print their summaries last: a command's verdict is read from its closing bytes
# A command line the shell runs as one program, its words as they are: no list, pipe, substitution or redirection,
# so its exit status is that program's.
PLAIN_COMMAND = re.compile(r"[^;&|<>`$()\n\\]+")


def closing_text(output: bytes) -> str:
    """A command's output as the summaries are read from it: its last SUMMARY_TAIL_BYTES, as text."""
    return output[-SUMMARY_TAIL_BYTES:].decode("utf-8", errors="replace")


# A name's words and numbers: a run of digits; a run of letters, split where a capital starts a word of camel case
# (TestGardenCanonical: Test, Garden, Canonical; HTTPServer: HTTP, Server).
NAME_RUN = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")


def name_shape(name: str) -> str:
    """What a test's name looks like with its words and numbers taken out: each word (NAME_RUN) by its case (`a`,
    `Aa`, or `A` for an upper-case word), each run of digits as `9`, every other character as it is. A tripwire's
    name (bench/oracle.py tripwire_name) has the shape of one of the tests' own."""
    def run(m: re.Match) -> str:
        w = m.group(0)
        return "9" if w.isdigit() else "A" if len(w) > 1 and w.isupper() else "Aa" if w[0].isupper() else "a"
    return NAME_RUN.sub(run, name)


def combined(found: list[Summary], allow_skipped: bool = False) -> str | None:
    """The flag a command's summaries raise together (each runner's summary judged alone; the worst wins)."""
    problems = [s.problem(allow_skipped) for s in found]
    for flag in ("test_summary_failed", "tests_skipped", "no_tests_ran"):
        if flag in problems:
            return flag
    return None


def toolchain_dir(name: str, env_var: str) -> Path:
    """Where a toolchain the harness installs (tools/toolchains.py) lies and the sandboxes find it: $`env_var`
    when absolute, else $XDG_DATA_HOME/localagentbench/`name` (~/.local/share/localagentbench/`name`). A per-user
    data directory, never under the harness's cache or temporary root, which every sandbox masks."""
    explicit = os.environ.get(env_var)
    if explicit and os.path.isabs(explicit):
        return Path(explicit)
    xdg = os.environ.get("XDG_DATA_HOME")
    return (Path(xdg) if xdg and os.path.isabs(xdg) else Path.home() / ".local" / "share") / "localagentbench" / name


def installed_mark(root: Path, mark: str) -> str | None:
    """The digest an install into `root` recorded in its file `mark` when it finished (tools/toolchains.py writes
    it last: the sha256 of what it installed, a lock or a wheel), or None."""
    try:
        return (root / mark).read_text(encoding="ascii").strip() or None
    except (OSError, UnicodeDecodeError):
        return None


def _match(name: str, patterns: tuple[str, ...]) -> bool:
    return any(fnmatch.fnmatchcase(name, pattern) for pattern in patterns)


@dataclass(frozen=True)
class Profile:
    """A language's grading rules. Subclasses override the methods whose answer depends on the toolchain.

    test_names: file-name patterns of test files; test_dirs: directory names under which every file is a test
    file; test_paths: patterns on the whole repo-relative path (`*` crosses `/`). config_names: file-name
    patterns of files that change how tests are built or run; config_dirs: directory names whose every file
    does (vendored dependencies, a tool's settings). `requires_summary`: a grading phase passes only when some
    command's output holds a summary of this language's runners (Python's unrecognised commands are judged by
    their exit status, as before profiles).
    """

    name: str
    aliases: tuple[str, ...] = ()
    test_names: tuple[str, ...] = ()
    test_dirs: tuple[str, ...] = ()
    test_paths: tuple[str, ...] = ()
    config_names: tuple[str, ...] = ()
    config_dirs: tuple[str, ...] = ()
    tools: tuple[Tool, ...] = ()
    libraries: tuple[Library, ...] = ()   # test frameworks installed as files (doctor reports them)
    build_dirs: tuple[str, ...] = ()   # build output at the tree's root, never part of a change
    requires_summary: bool = True
    runners: tuple[str, ...] = field(default=())   # the runners whose summaries summaries() reads, for docs

    def is_test_path(self, path: str) -> bool:
        """Whether a repo-relative path is one of the language's test files."""
        parts = PurePosixPath(path).parts
        if not parts:
            return False
        return (_match(parts[-1], self.test_names) or any(part in self.test_dirs for part in parts[:-1])
                or _match(path, self.test_paths))

    def hides_heldout(self, command: str, path: str, earlier: Sequence[str] = ()) -> bool:
        """Whether the grading command `command`, after the phase's `earlier` commands, runs where the held-out
        file `path` cannot be read (it needs only what an earlier command built from it). Never by default."""
        return False

    def is_config(self, path: str) -> bool:
        """Whether a repo-relative path changes how the language's tests are built or run."""
        parts = PurePosixPath(path).parts
        if not parts:
            return False
        return _match(parts[-1], self.config_names) or any(part in self.config_dirs for part in parts[:-1]) \
            or parts[-1] in self.config_dirs

    def env(self, home: Path) -> dict[str, str]:
        """The variables an offline build needs, its caches under `home` (the sandbox's private HOME)."""
        return {}

    def prepare_home(self, home: Path) -> None:
        """Fill a run's private HOME (a fresh directory, the run's alone) before its sandbox starts: a prebuilt
        cache copied in, never shared. Nothing by default."""

    def path_dirs(self) -> list[str]:
        """Directories to put first on PATH inside the sandboxes (a toolchain outside the system directories)."""
        return []

    def mounts(self) -> list[Path]:
        """What the sandboxes must show, read-only, for the toolchain to start: each tool's binary and what it
        needs outside the system directories (sandbox.binary_mounts), for the tools installed here."""
        from bench.exec import sandbox  # the sandbox knows nothing of languages; only this direction imports
        found: list[Path] = []
        for tool in self.tools:
            exe = tool.locate()
            if exe:
                found += sandbox.binary_mounts(exe)
        return found

    def summaries(self, text: str) -> list[Summary]:
        """Each summary of this language's runners found in a command's output."""
        return []

    def summary_text(self, output: bytes) -> str:
        """The part of a command's output its runners' summaries are read from: its closing bytes (closing_text)
        by default."""
        return closing_text(output)

    def step_problem(self, command: str, output: bytes, allow_skipped: bool = False) -> tuple[bool, str | None]:
        """(a runner's summary was found, the flag it raises) for a grading command that exited 0; skipped tests
        raise none where the task allows its own (`allow_skipped`)."""
        found = self.summaries(self.summary_text(output))
        return bool(found), combined(found, allow_skipped)

    def tripwire_problem(self, command: str, output: bytes, allow_skipped: bool = False) -> tuple[bool, str | None]:
        """step_problem for a command whose nonzero exit the phase's tripwire failing explains (tripwire_status said
        'failed', tripwire_exit accepts the exit): the tripwire's one failure is taken off the runner's count here,
        and only here, and the rest must be a clean pass. A summary that counts no failure at all does not account
        for the tripwire (tripwire_passed); one that counts others is test_summary_failed."""
        found = self.summaries(self.summary_text(output))
        at = next((i for i, s in enumerate(found) if s.failed), None)
        if at is None:
            return bool(found), "tripwire_passed"
        found = [*found[:at], replace(found[at], failed=found[at].failed - 1), *found[at + 1:]]
        return True, combined(found, allow_skipped)

    def tripwire(self, path: str, text: str, name: str,
                 rng: random.Random | None = None) -> tuple[str, str] | None:
        """The held-out test file `path` (its `text`) with a tripwire written among its tests: a test named `name`
        that always fails as a real failing test does. Returns (the new text, the name the runner reports the
        tripwire by), or None when this file takes none (not a test file of the runner, or no test in it).
        `rng`: where the tripwire goes among the tests (default: the system's random source). None by default:
        the language has no tripwire yet."""
        return None

    def tripwire_names(self, text: str) -> list[str]:
        """The names the runner reports the tests of a held-out file (its `text`) by, from which the tripwire's name
        is drawn (bench/oracle.py tripwire_name). [] by default."""
        return []

    def tripwire_commands(self, commands: Sequence[str]) -> bool:
        """Whether a phase running `commands` can take a tripwire: each command's exit status must be its test
        runner's own, so that the tripwire's failure can explain it (a plain command, no shell list or pipe after
        which something else decides the status, no script or build tool between). Never by default."""
        return False

    def tripwire_status(self, output: bytes, name: str) -> str | None:
        """What a command's output says of the tripwire reported as `name`: 'failed' (reported failed by its name
        and listed among the failures), 'passed' (reported passed, in any form), or None (not reported)."""
        return None

    def tripwire_exit(self, exit_code: int | None) -> bool:
        """Whether `exit_code` is the one the language's test command exits with when tests failed (and only
        then): the one nonzero exit a tripwire's failure may explain."""
        return False

    def unreported(self, laid: Iterable[tuple[str, bytes]], outputs: Sequence[bytes],
                   allow_skipped: bool = False, commands: Sequence[str] = ()) -> list[str]:
        """The tests declared in the held-out files a phase laid (`laid`: path in the copy, content) that no
        command's output (`outputs`) reports passed (or skipped, where the task allows its own skips:
        `allow_skipped`): each must run (oracle.require_reported). A runner's forged summary must then name tests
        the code under test was never shown. `commands`: the phase's commands (a runner may name its tests only
        when its command asks it to). [] where not known."""
        return []

    def command_problem(self, command: str) -> str | None:
        """Why a task's grading command, as written, can never show its runner's summary (one line for
        `check`), or None."""
        return None

    def added_problem(self, path: str, dest: Path) -> str | None:
        """The flag for a path the change adds (a file or directory, at `dest`/`path` in the grading copy, never
        followed through a symlink) that would change what the tests run against rather than what they test
        (a header or package shadowing the test framework's), or None. Grading removes it."""
        return None

    def shadowing(self, dest: Path, changed: list[str], tests: list[tuple[str, bytes]]) -> list[str]:
        """The files among `changed` (paths the change added or modified, in the grading copy at `dest`, its
        protected files laid back) that would stand in for part of the fixture's tests (`tests`: path, content):
        a source declaring a type the tests declare. Grading removes them (flag shadows_module)."""
        return []

    def holds_tests(self, path: str, file: Path) -> bool:
        """Whether the fixture's source file `path` (at `file`) holds tests inline (Rust's #[cfg(test)] modules),
        which grading puts back by lay_back."""
        return False

    def lay_back(self, path: str, pristine: bytes, now: bytes | None) -> bytes | None:
        """The content of a source file that held tests inline in the fixture (`pristine`), as the change left
        it (`now`; None: removed, or not a readable file), with the fixture's tests put back, or None to leave
        it as it is."""
        return None

    def guard_dir(self, path: str) -> str | None:
        """The outermost directory above a protected file whose every file is a test or configuration file
        (tests/, src/test/, node_modules/): mounted read-only whole while the tests run, or None."""
        parts = PurePosixPath(path).parts
        for depth in range(1, len(parts)):
            probe = "/".join([*parts[:depth], "\0"])   # a name no pattern of a file's name matches
            if self.is_test_path(probe) or self.is_config(probe):
                return "/".join(parts[:depth])
        return None
