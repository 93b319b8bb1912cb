"""oracle: grade each run in pristine copies: visible oracle commands, then the hidden held-out tests.

    ... | python -m bench.oracle - [--out -]

Each phase runs in its own fresh copy of the task's starting snapshot with the agent's patch.diff applied,
so nothing the code under test did while the visible tests ran can reach the held-out phase. Before a
phase runs, the change is held to the grading rule book (bench/common/rules.py): the fixture's own test
files and test configuration are laid back as they were, and whatever would change how tests run rather
than what they test (added test configuration, modules that shadow the test runner or the standard
library, symlinks out of the tree) is removed; each is flagged. Every command runs in its own sandbox with
no network and no capabilities; its output reaches the harness through pipes the harness holds, and its
exit status through bubblewrap's own report. Verdicts come from exit codes, checked against the test
runner's own summary where the harness can read one. Sets `oracle`, `heldout`, `outcome`, `success`, `flags`.
"""
from __future__ import annotations

import contextlib
import json
import os
import random
import re
import secrets
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from bench import languages
from bench.common import heldout as layout
from bench.common import lifecycle, outcome, rules, schema, scripts
from bench.common.errors import UserError
from bench.common.paths import temp_root, tree_name
from bench.common.records import RecordWriter, read_records, write_json_atomic
from bench.common.stage import ArgumentParser, log, run_main
from bench.exec import cleanup, environment, pyguard, safefs, sandbox, textio
from bench.exec.git import apply_patch, patch_files
from bench.exec.proc import DEFAULT_MAX_LOG_BYTES, GRADING_LIMITS, NoShell, run_tree, shell_command, truncation_marker
from bench.languages.base import NAME_RUN, SUMMARY_NOTES, name_shape

MAX_SOURCE_BYTES = 8 * 1024 * 1024  # a Python source file read for what it imports; past this it is data
is_test_path, is_test_config = rules.is_test_path, rules.is_test_config


def grading_env(pass_names: Sequence[str] = (), plugins: Sequence[str] = ()) -> dict[str, str]:
    """Oracle commands see the harness's interpreter as `python`, never write bytecode into the copy, get only
    allowlisted variables (plus those named with --pass-env), and pytest loads no plugin it finds installed:
    only those the task names (`plugins`), so nothing the change brings is a plugin."""
    env = environment.base(pass_names)
    env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", os.defpath)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    if plugins:
        env["PYTEST_PLUGINS"] = ",".join(plugins)
    return env


def runner_users(tasks: Iterable[dict]) -> dict[str, list[str]]:
    """The Python modules the tasks' oracle and held-out commands run (pytest, unittest, ...) -> task ids."""
    users: dict[str, list[str]] = {}
    for task in tasks:
        commands = list(task["oracle"]["command"]) + list((task.get("heldout") or {}).get("command") or [])
        for module in dict.fromkeys(m for c in commands for m in rules.command_runners(c)):
            users.setdefault(module, []).append(task["id"])
    return users


def missing_runners(users: Iterable[str]) -> set[str]:
    """Which of these modules the interpreter grading uses cannot import, in the environment grading gives it
    (without one, every run of its tasks, the reference solution's too, would fail its grading)."""
    names = list(users)
    if not names:
        return set()
    code = ("import importlib.util, sys\n"
            "for name in sys.argv[1:]:\n"
            "    try:\n        found = importlib.util.find_spec(name) is not None\n"
            "    except Exception:\n        found = False\n"
            "    print(name if not found else '')")
    done = subprocess.run([sys.executable, "-c", code, *names], capture_output=True, text=True, timeout=60,
                          env=grading_env(), cwd=tempfile.gettempdir())
    return {line for line in done.stdout.splitlines() if line} if done.returncode == 0 else set(names)


@dataclass(frozen=True)
class Interpreter:
    """What the grading interpreter imports, as it says itself: every top-level name it can import (standard
    library, built-in modules, every installed distribution's top-level names, whatever its path holds), and
    the test runners' own modules (unittest, and pytest with every distribution pytest requires)."""

    importable: frozenset[str]
    runner: frozenset[str]


_INTERPRETER_FACTS = r"""
import importlib.metadata as md, json, pkgutil, re, sys
def norm(name):
    return re.sub(r"[-_.]+", "-", name or "").lower()
def tops(dist):
    found = set((dist.read_text("top_level.txt") or "").split())
    for f in dist.files or ():
        first = f.parts[0] if f.parts else ""
        if len(f.parts) == 1 and first.endswith((".py", ".pyc", ".so", ".pyd")):
            found.add(first.split(".")[0])
        elif len(f.parts) > 1 and first not in ("..", "__pycache__") and "." not in first:
            found.add(first)
    return {n for n in found if n.isidentifier()}
names = set(sys.stdlib_module_names) | set(sys.builtin_module_names)
names.update(m.name for m in pkgutil.iter_modules())
import site  # what site imports by name as the interpreter starts (sitecustomize, usercustomize), found or not
names.update(n[len("exec"):] for n in dir(site) if n.startswith("exec") and n.endswith("customize"))
dists = {}
for dist in md.distributions():
    dists.setdefault(norm(dist.metadata["Name"]), dist)
    names.update(tops(dist))
runner, todo, seen = {"unittest"}, ["pytest"], set()
while todo:
    name = todo.pop()
    if name in seen or name not in dists:
        continue
    seen.add(name)
    runner.update(tops(dists[name]))
    for req in dists[name].requires or ():
        if "extra ==" not in req:
            todo.append(norm(re.match(r"[A-Za-z0-9._-]+", req).group(0)))
print(json.dumps({"importable": sorted(names), "runner": sorted(runner)}))
"""
_INTERPRETERS: dict[tuple[str, ...], Interpreter] = {}
_INTERPRETERS_LOCK = threading.Lock()


def interpreter(env: dict[str, str] | None = None) -> Interpreter:
    """The grading interpreter's Interpreter facts in the environment grading gives it (asked once per process;
    the working directory off its path, so the question is about the interpreter, not where it was asked)."""
    env = dict(env or grading_env())
    # The grading guard's directory is on a graded command's path too: a planted sitecustomize.py shadows it.
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(pyguard.guard_dir()), env.get("PYTHONPATH", "")) if p)
    key = (sys.executable, env.get("PATH", ""), env.get("PYTHONPATH", ""))
    with _INTERPRETERS_LOCK:
        if key in _INTERPRETERS:
            return _INTERPRETERS[key]
    try:
        done = subprocess.run([sys.executable, "-c", _INTERPRETER_FACTS], capture_output=True, text=True,
                              timeout=120, env={**env, "PYTHONSAFEPATH": "1"}, cwd=tempfile.gettempdir())
        facts = json.loads(done.stdout)
        found = Interpreter(frozenset(facts["importable"]), frozenset(facts["runner"]))
    except (OSError, subprocess.SubprocessError, ValueError, KeyError, TypeError) as exc:
        raise UserError(f"{sys.executable}: cannot ask the grading interpreter what it imports ({exc})") from None
    with _INTERPRETERS_LOCK:
        _INTERPRETERS[key] = found
    return found


def copy_pristine(record: dict, dest: Path) -> None:
    """Copy the run's pristine snapshot (no .git) into the empty directory `dest`."""
    try:
        shutil.copytree(record["paths"]["snapshot"], dest, symlinks=True, ignore=shutil.ignore_patterns(".git"),
                        dirs_exist_ok=True)
    except OSError as exc:
        raise UserError(f"{dest}: cannot copy the snapshot {record['paths']['snapshot']} ({exc})") from None


@dataclass(frozen=True)
class Pristine:
    """What grading needs to know of a snapshot: every path in it, and its protected files' bytes and modes."""

    paths: frozenset[str]
    protected: tuple[tuple[str, bytes, int], ...]   # (path, content, mode) of its test files and test configuration
    pyproject: dict[str, bytes]                      # path -> content of each pyproject.toml
    inline: tuple[tuple[str, bytes, int], ...]       # source files that hold tests inline (Profile.holds_tests)
    tree: safefs.TreeScan                            # the walk it was read from (where held-out files may land)
    named: frozenset[str] = frozenset()              # the scripts its grading commands run (command_files)

    @property
    def protected_paths(self) -> frozenset[str]:
        """The paths of the protected files."""
        return frozenset(path for path, _, _ in self.protected)


_PRISTINE: dict[str, Pristine] = {}
_PRISTINE_LOCK = threading.Lock()


def command_files(task: dict) -> frozenset[str]:
    """The repo-relative scripts a task's grading commands run (bench/common/scripts.py: `./run_tests.sh`,
    `bash -e ci/test.sh`, `python3 run_tests.py`, make's makefile): what they run is the task's, protected as its
    test configuration wherever the fixture has such a file, removed where a change adds one. Files a command
    only passes to a program (sources) are left alone."""
    named: set[str] = set()
    for section in (task.get("oracle"), task.get("heldout")):
        for command in (section or {}).get("command", ()):
            named |= scripts.named_by(command)
    return frozenset(named)


def _scripts_run(snapshot: Path, found: safefs.TreeScan, named: frozenset[str]) -> frozenset[str]:
    """`named` and, in turn, what the snapshot's named scripts run (a file a protected script sources, a
    makefile's recipes; a named link stands for where it leads)."""
    seen, todo = set(named), list(named)
    while todo:
        rel = todo.pop()
        more: set[str] = set()
        if rel in found.symlinks:
            inside = safefs.resolves_inside(snapshot, rel)
            more = {inside} if inside and inside != "." else set()
        elif rel in found.files:
            read = safefs.read_capped(snapshot, rel, scripts.MAX_SCRIPT_BYTES)
            more = scripts.named_within(rel, read[0]) if read and not read[1] else set()
        for path in more - seen:
            seen.add(path)
            todo.append(path)
    return frozenset(seen)


def pristine_of(snapshot: Path, language: str = "python", named: frozenset[str] = frozenset()) -> Pristine:
    """The snapshot's Pristine (its test files those of the task's `language`, and the files its commands name:
    command_files), read once per process (a snapshot directory never changes once built)."""
    key = f"{snapshot}\0{language}\0" + "\0".join(sorted(named))
    with _PRISTINE_LOCK:
        if key in _PRISTINE:
            return _PRISTINE[key]
    found = safefs.scan(snapshot)
    named = _scripts_run(snapshot, found, named)
    profile = languages.profile_of(language)
    protected, pyprojects, inline = [], {}, []
    for rel, mode in sorted(found.files.items()):
        if is_test_path(rel, language) or is_test_config(rel, language) or rel in named:
            protected.append((rel, (snapshot / rel).read_bytes(), mode & 0o777))
        elif profile.holds_tests(rel, snapshot / rel):
            inline.append((rel, (snapshot / rel).read_bytes(), mode & 0o777))
        if PurePosixPath(rel).name == rules.PYPROJECT:
            pyprojects[rel] = (snapshot / rel).read_bytes()
    every = frozenset([*found.files, *found.dirs, *found.symlinks])
    result = Pristine(every, tuple(protected), pyprojects, tuple(inline), found, named)
    with _PRISTINE_LOCK:
        _PRISTINE[key] = result
    return result


class Flags:
    """Flags and their details, in the order first raised."""

    def __init__(self) -> None:
        self.names: list[str] = []
        self.details: dict[str, list[str]] = {}

    def add(self, name: str, detail: str) -> None:
        """Raise `name` with one more detail (a path, or what was found there)."""
        if name not in self.names:
            self.names.append(name)
        if detail not in self.details.setdefault(name, []):
            self.details[name].append(detail)


@dataclass(frozen=True)
class Change:
    """A run's change as grading reads it once: the patch, the files it touches, and where held-out files go."""

    data: bytes
    files: list[tuple[str, str]]
    heldout: frozenset[str]

    @classmethod
    def of(cls, record: dict) -> Change:
        """The change of the run `record` (its patch.diff, which the harness wrote)."""
        patch_file = Path(record["paths"]["run_dir"]) / "patch.diff"
        data = patch_file.read_bytes() if patch_file.exists() else b""
        return cls(data, patch_files(data), _heldout_paths(record["task"]))


def apply_change(record: dict, dest: Path, flags: Flags, change: Change, importable: frozenset[str]) -> None:
    """Apply the run's change to the pristine copy at `dest` with `git apply`, then hold it to the rule book
    (see module doc). A change git does not apply raises UserError, and the copy is left as it was."""
    snapshot = Path(record["paths"]["snapshot"])
    patch_file = Path(record["paths"]["run_dir"]) / "patch.diff"
    language = record["task"].get("language", "python")
    if change.data:
        # git's private index and objects go beside the copy, where no grading command's sandbox sees them.
        scratch = Path(tempfile.mkdtemp(prefix=f".git-{dest.name}-", dir=dest.parent))
        try:
            apply_patch(Path(record["paths"]["base_git"]), patch_file, dest, scratch)
        finally:
            safefs.remove_tree(scratch)
    pristine = pristine_of(snapshot, language, command_files(record["task"]))
    enforce_rules(dest, pristine, change.files, flags, importable, heldout=change.heldout,
                  keep_added_tests=record["task"]["category"] == "test", language=language)


def enforce_rules(dest: Path, pristine: Pristine, changed: list[tuple[str, str]], flags: Flags,
                  importable: frozenset[str], heldout: frozenset[str] = frozenset(), keep_added_tests: bool = False,
                  language: str = "python") -> None:
    """Remove from the copy at `dest` what the change must not bring, and lay the protected files back.
    `importable`: the top-level names the grading interpreter can import (Interpreter.importable).

    Added test files stay only where writing tests is the task (`keep_added_tests`): elsewhere a new test
    module could patch the runner when it is imported beside the real tests, and grading needs none.
    """
    for status, path in changed:
        if status == "D":
            continue
        target = dest / path
        if not os.path.islink(target):
            continue
        inside = safefs.resolves_inside(dest, path)
        if inside is None or inside in heldout or is_test_path(inside, language) \
                or is_test_config(inside, language):
            flags.add("unsafe_symlink", f"{path} -> {os.readlink(target)}")
            safefs.remove(dest, path)
    for status, path in changed:
        if status == "D":
            continue
        _drop_added(dest, pristine, path, flags, importable, language)
    for rel, data in pristine.pyproject.items():
        _check_pyproject(dest, rel, data, flags)
    for status, path in changed:
        if status == "A" and PurePosixPath(path).name == rules.PYPROJECT and path not in pristine.pyproject:
            _check_pyproject(dest, path, None, flags)
    for rel, data, mode in pristine.protected:
        if not safefs.same_file(dest, rel, data, mode):
            safefs.lay_file(dest, rel, data, mode)
            flags.add("tests_modified" if is_test_path(rel, language) else "test_config_modified", rel)
    _lay_inline_tests(dest, pristine, flags, language)
    tests = [(rel, data) for rel, data, _ in pristine.protected if is_test_path(rel, language)]
    for path in languages.profile_of(language).shadowing(dest, [p for s, p in changed if s != "D"], tests):
        if safefs.remove(dest, path):
            flags.add("shadows_module", path)
    for status, path in changed:
        if status == "A" and is_test_path(path, language) and not is_test_config(path, language) \
                and os.path.lexists(dest / path):
            flags.add("tests_added", path)
            if not keep_added_tests and path not in pristine.protected_paths:
                safefs.remove(dest, path)


def _lay_inline_tests(dest: Path, pristine: Pristine, flags: Flags, language: str) -> None:
    """Put the fixture's inline tests (Rust's #[cfg(test)] modules) back into each source file that holds them,
    keeping the rest of the change to that file (Profile.lay_back)."""
    profile = languages.profile_of(language)
    for rel, data, mode in pristine.inline:
        found = safefs.read_capped(dest, rel, MAX_SOURCE_BYTES)
        now = found[0] if found and not found[1] else None
        laid = profile.lay_back(rel, data, now)
        if laid is not None and laid != now:
            safefs.lay_file(dest, rel, laid, mode)
            flags.add("tests_modified", rel)


def runner_reaches(copy: Path, snapshot: Path, change: Change, runner: frozenset[str]) -> list[str]:
    """What the change's Python files (as applied to `copy`) newly do to reach the test runner
    (rules.runner_references), each file read once, never through a symlink."""
    found = []
    for status, path in change.files:
        if status == "D":
            continue
        now = safefs.read_capped(copy, path, MAX_SOURCE_BYTES)
        before = safefs.read_capped(snapshot, path, MAX_SOURCE_BYTES) if status == "M" else None
        if now is not None:
            found += rules.runner_references(path, now[0], before[0] if before else None, runner)
    return found


def _drop_added(dest: Path, pristine: Pristine, path: str, flags: Flags, importable: frozenset[str],
                language: str) -> None:
    """Remove the first component of an added path that is test configuration, runner-loaded metadata or a
    module shadowing one the grading interpreter can import (where it would be on the import path: outside
    any regular package). A test directory is the test rules' business."""
    parts = PurePosixPath(path).parts
    for depth in range(1, len(parts) + 1):
        rel = "/".join(parts[:depth])
        if rel in pristine.paths:
            continue
        name = parts[depth - 1]
        parent = "/".join(parts[:depth - 1])
        if is_test_config(rel, language):
            flag = "test_config_added"
        elif rules.is_plugin_metadata(name):
            flag = "test_config_added"
        elif rules.is_compiled_module(name):
            flag = "compiled_module_added"
        elif not _is_package(dest, parent) and name not in rules.tests_of_language(language)[1] \
                and rules.shadows(name, importable, *_dir_kind(dest / rel)):
            flag = "shadows_module"
        else:
            flag = languages.profile_of(language).added_problem(rel, dest)
            if flag is None and rel in pristine.named:   # a script a grading command would run if present
                flag = "test_config_added"
            if flag is None:
                continue
        if safefs.remove(dest, rel):
            flags.add(flag, rel)
        return


def _dir_kind(path: Path) -> tuple[bool, bool]:
    """(is a real directory, holds an __init__ module): how the import system would treat `path`."""
    if os.path.islink(path) or not os.path.isdir(path):
        return False, False
    return True, any(os.path.lexists(path / f"__init__{suffix}") for suffix in (".py", ".pyc", ".so"))


def _is_package(dest: Path, rel_dir: str) -> bool:
    """Whether the directory is a regular package (its modules are imported as pkg.name, hiding nothing)."""
    return bool(rel_dir) and os.path.isfile(dest / rel_dir / "__init__.py") and not os.path.islink(dest / rel_dir)


def _check_pyproject(dest: Path, rel: str, pristine: bytes | None, flags: Flags) -> None:
    """A pyproject.toml whose [tool.pytest...] tables changed goes back to the fixture's (or away, if added)."""
    found = safefs.read_capped(dest, rel, 16 * 1024 * 1024)
    now = found[0] if found else None
    if rules.pytest_settings(now) == rules.pytest_settings(pristine) and (found is not None or pristine is None):
        return
    if pristine is None:
        if safefs.remove(dest, rel):
            flags.add("test_config_added", rel)
    else:
        safefs.lay_file(dest, rel, pristine, 0o644)
        flags.add("test_config_modified", rel)


def _heldout_paths(task: dict) -> frozenset[str]:
    """Where the held-out files land in the grading copy (relative paths, their directories included)."""
    return layout.paths(task.get("heldout"))


def lay_heldout(held: dict, dest: Path, flags: Flags, pristine: frozenset[str] = frozenset(),
                replaces: frozenset[str] = frozenset()) -> list[tuple[str, bytes, int]]:
    """Lay the task's held-out files (`held`: its heldout section) where heldout.into says (bench/common/heldout.py:
    `heldout/` of the copy by default, or its root), removing whatever the change put in their way; return them
    as (path in the copy, content, mode).

    A top-level directory (or file) of the held-out files that the starting tree (`pristine`: its paths) does not
    have belongs to them whole: whatever the change put there is removed first, so a `heldout/` the change made
    can neither shadow a held-out file nor add a conftest.py, __init__.py or module beside them. `replaces`: the
    task's own protected files a held-out file replaces (heldout.replaced; enforce_rules laid them back, so what
    stands there is the task's, not the change's)."""
    laid = []
    landing = layout.files(held)
    for top in layout.tops(landing):
        if top not in pristine and safefs.remove(dest, top):
            flags.add("heldout_path_occupied", top)
    source = Path(held["path"])
    for rel, where, mode in landing:
        data = (source / rel).read_bytes()
        if safefs.lay_file(dest, where, data, mode & 0o777) and where not in replaces:
            flags.add("heldout_path_occupied", where)
        laid.append((where, data, mode & 0o777))
    return laid


def lay_task_heldout(held: dict, dest: Path, flags: Flags, pristine: Pristine,
                     language: str) -> list[tuple[str, bytes, int]]:
    """lay_heldout over the task's starting tree `pristine`; a UserError (the task is broken) when its held-out
    files cannot land there (heldout.clash: they would replace a directory, a symlink or code under test)."""
    problem = layout.clash(held, pristine.tree, language)
    if problem:
        raise UserError(f"{problem} (heldout.into: {layout.into(held)}); the task is broken")
    return lay_heldout(held, dest, flags, pristine.paths, layout.replaced(held, pristine.tree, language))


def guard_mounts(copy: Path, fixture_files: Iterable[str], heldout_files: Iterable[str] = (),
                 language: str = "python") -> list[Path]:
    """What to mount read-only over the grading copy so the tests cannot be rewritten while they run: each
    fixture test or configuration directory of the language (`tests/`, `src/test/`, `vendor/`: Profile.guard_dir,
    shallowest first) or protected file, and the top of each held-out path (as laid: `heldout/` itself in the
    default layout, bench/common/heldout.py). A mount point can be neither written, renamed nor removed; a
    directory above it still can (SECURITY.md)."""
    profile = languages.profile_of(language)
    wanted = set()
    for rel in fixture_files:
        wanted.add(profile.guard_dir(rel) or rel)
    wanted.update(PurePosixPath(rel).parts[0] for rel in heldout_files)
    outermost = sorted(w for w in wanted if not any(w.startswith(o + "/") for o in wanted))
    return [copy / rel for rel in outermost
            if os.path.lexists(copy / rel) and not os.path.islink(copy / rel)]


def tampered(copy: Path, expected: Iterable[tuple[str, bytes, int]]) -> list[str]:
    """The protected and held-out files that are no longer as laid (after a phase ran)."""
    return [rel for rel, data, mode in expected if not safefs.same_file(copy, rel, data, mode)]


@dataclass
class Step:
    """One grading command's result. `started` is False when the sandbox never ran it (the harness's fault)."""

    command: str
    timeout_s: float
    exit_code: int | None
    timed_out: bool
    wall_s: float
    output: bytes
    truncated: bool = False
    started: bool = True
    note: str | None = None
    summary: str | None = None  # the runner's summary's verdict on an exit-0 command (Profile.step_problem)
    recognised: bool = False    # its output held a summary of one of the language's runners
    tripwire: str | None = None  # what its output says of the phase's tripwire (Profile.tripwire_status)
    tripwire_failed: bool = False  # its nonzero exit is the tripwire's failure alone, as it must be
    build: bool = False         # the harness's build step around the held-out files (build_steps), not the task's

    @property
    def passed(self) -> bool:
        """The command passed: it ran, exited 0 (or its exit is the tripwire's failure alone), and its runner's
        summary agreed."""
        return self.started and (self.exit_code == 0 or self.tripwire_failed) and not self.summary


def run_command(command: str, timeout_s: float, *, kind: str, copy: Path, home: Path, env: dict[str, str],
                logs: Path, index: int, guarded: Sequence[Path] = (), protected: Sequence[str] = (),
                max_log_bytes: int = DEFAULT_MAX_LOG_BYTES, language: str = "python",
                allow_skipped: bool = False, hidden: Sequence[Path] = (), tripwire: str | None = None) -> Step:
    """Run one grading command with `sh -c` (proc.shell_command: what runs it on Windows) in its own sandbox (no
    network) in the copy, `guarded` paths read-only; stderr joins stdout. A command whose test runner's verdict is
    read (rules.runner_of) runs its Python under the grading guard where the OS allows one (pyguard.available;
    `protected`: the test and held-out files, relative to the copy), whose report the code under test cannot
    forge. The task's `language` adds its toolchain's mounts and offline settings (bench/languages/) and reads its
    runners' summaries; `allow_skipped`: the phase's tests skip some of their own (the task says so), which then
    fail nothing; `hidden`: files of the copy its sandbox cannot read (heldout_hidden); `tripwire`: the name the
    runner reports the phase's tripwire by (plant_tripwire), whose failure alone may explain a nonzero exit."""
    runner = rules.runner_of(command) if pyguard.available() else None
    try:
        shell = shell_command(command)
    except NoShell as exc:
        return Step(command, timeout_s, None, False, 0.0, b"", started=False, note=f"this OS cannot run it: {exc}")
    guard = pyguard.Guard(copy, protected, safepath=rules.safe_path_allowed(command), tmp=temp_root(),
                          runner=runner) if runner else None
    with guard or contextlib.nullcontext():
        argv = sandbox.wrap(shell, kind, cwd=copy, rw=[copy], home=home, network=False, ro_inside=guarded,
                            ro=[*languages.sandbox_mounts(language), *(guard.ro_paths() if guard else [])],
                            hide=hidden)
        out, err = logs / f"{index}.out", logs / f"{index}.err"  # in a directory no sandbox sees
        env = {**env, **languages.sandbox_env(language, home, env.get("PATH", os.defpath))}
        languages.prepare_home(language, home)   # each phase's home is its own: a prebuilt cache copied in
        done = run_tree(argv, cwd=copy, env={**env, **(guard.env(env) if guard else {}), "HOME": str(home)},
                        stdout_path=out, stderr_path=err, timeout_s=timeout_s, max_log_bytes=max_log_bytes,
                        limits=GRADING_LIMITS, contained=kind == "bwrap", sandbox_status=kind == "bwrap",
                        pass_fds=guard.pass_fds if guard else ())
        verdict = guard.verdict() if guard else None
    output, truncated = safefs.read_file(out, max_log_bytes + 4096) or (b"", False)
    started = done.start_error is None and (kind != "bwrap" or done.timed_out or done.sandbox_exit is not None)
    if not started:
        complaint = (safefs.read_file(err, 4096) or (b"", False))[0].decode(errors="replace").strip().splitlines()
        why = done.start_error or (complaint[-1][:300] if complaint else "the sandbox exited without running it")
        return Step(command, timeout_s, None, False, done.wall_s, output, truncated or done.stdout_truncated,
                    started=False, note=f"the grading sandbox could not start: {why}")
    exit_code = done.sandbox_exit if kind == "bwrap" and not done.timed_out else done.exit_code
    step = Step(command, timeout_s, exit_code, done.timed_out, done.wall_s, output,
                truncated or done.stdout_truncated)
    profile = languages.profile_of(language)
    step.tripwire = profile.tripwire_status(output, tripwire) if tripwire and not done.timed_out else None
    explained = exit_code != 0 and step.tripwire == "failed" and profile.tripwire_exit(exit_code)
    if exit_code == 0 or explained:
        step.recognised, problem = (profile.tripwire_problem if explained else profile.step_problem)(
            command, output, allow_skipped)
        if explained and problem == "test_summary_failed":
            return step   # tests failed besides the tripwire: a plain failing run, its exit status says so
        step.summary, step.note = guard_problem(verdict, runner) or summary_note(problem)
        step.tripwire_failed = explained and not step.summary
        if not step.summary and step.tripwire is not None and not explained:
            step.summary = "tripwire_passed"   # exit 0: libtest never exits 0 after a test failed
            step.note = (f"exit 0, but the tripwire test (one the harness adds, which always fails) was reported "
                         f"{step.tripwire}: the report was not the runner's")
        elif step.tripwire_failed:
            step.note = f"exit {exit_code}: the tripwire test failed, as it must, and every other test passed"
        if step.recognised and step.truncated and not step.summary and not (verdict and verdict.key_taken):
            # the runner's closing lines come last, past the cut: a summary kept from before it proves nothing
            step.summary = "no_tests_ran"
            step.note = (f"exit 0, but its output passed {max_log_bytes} bytes and was cut off: the test runner's "
                         "closing summary was not kept")
    elif not done.timed_out:
        broken = outcome.could_not_run(command, exit_code)
        if broken:
            step.note = f"the task's command could not run its tests ({broken}): the task is broken"
    return step


def summary_note(summary: str | None) -> tuple[str | None, str | None]:
    """(flag, note) for a runner summary's verdict on an exit-0 command (Profile.step_problem)."""
    return summary, SUMMARY_NOTES.get(summary or "")


def require_summary(steps: list[Step], language: str) -> None:
    """A phase of a language whose profile requires it passes only when some command's output held a summary
    of the language's runners: every command exiting 0 proves nothing of tests (flag no_tests_ran)."""
    if not languages.profile_of(language).requires_summary or not steps or any(s.recognised for s in steps):
        return
    if all(s.passed for s in steps):
        last = steps[-1]
        last.summary = "no_tests_ran"
        last.note = (f"exit 0, but no command printed a summary of a {language} test runner "
                     f"({', '.join(languages.profile_of(language).runners)})")


def heldout_hidden(command: str, earlier: Sequence[str], held: list[tuple[str, bytes, int]], copy: Path,
                   language: str, tree: frozenset[str]) -> list[Path]:
    """The held-out files laid that `command` runs without (Profile.hides_heldout: a C++ command that only runs
    the test program an `earlier` command of the phase built cannot read its held-out test sources, so code under
    test compiled into the program cannot read the test cases' names from them). None for a command that runs a
    script of the task's tree (`tree`: its paths; the script may build) or for a phase's first command."""
    if not held or not earlier or scripts.named_by(command) & tree:
        return []
    profile = languages.profile_of(language)
    return [copy / rel for rel, _, _ in held
            if profile.hides_heldout(command, rel, earlier) and (copy / rel).is_file()
            and not (copy / rel).is_symlink()]


def require_reported(steps: list[Step], held: list[tuple[str, bytes, int]], language: str,
                     allow_skipped: bool = False) -> None:
    """A phase whose commands all passed still fails (flag no_tests_ran) when a test declared in the held-out
    files it laid was never reported passed (Profile.unreported; or skipped, where the phase allows its tests'
    own skips): a summary forged from inside the test process must name tests the agent was never shown."""
    if not held or not steps or not all(s.passed for s in steps):
        return
    missing = languages.profile_of(language).unreported([(rel, data) for rel, data, _ in held],
                                                        [s.output for s in steps], allow_skipped,
                                                        [s.command for s in steps])
    if missing:
        last = steps[-1]
        last.summary = "no_tests_ran"
        last.note = (f"exit 0, but no command reported these held-out tests passed: {', '.join(missing[:8])}"
                     + (f" and {len(missing) - 8} more" if len(missing) > 8 else ""))


TRIPWIRE_WORDS = ("empty", "single", "multiple", "mixed", "case", "input", "value", "values", "returns", "result",
                  "long", "short", "with", "without", "many", "one", "two", "three", "zero", "negative", "large",
                  "small", "first", "last", "order", "string", "number", "invalid", "valid", "edge")


def _words_of(name: str) -> list[str]:
    """A test name's words, lower-case, in order."""
    return [w.lower() for w in NAME_RUN.findall(name) if not w.isdigit()]


def identifiers(texts: Iterable[str]) -> set[str]:
    """Every identifier-shaped word of `texts`: the names a tripwire's name must not take."""
    return {ident for text in texts for ident in re.findall(r"[A-Za-z_]\w*", text)}


def tripwire_name(names: Sequence[str], texts: Iterable[str] = (), rng: random.Random | None = None, *,
                  taken: Collection[str] | None = None) -> str | None:
    """A fresh random test name shaped like the held-out tests' own (`names`: as their runner reports them,
    Profile.tripwire_names), or None where they leave none. One of them is taken at random as a pattern, and each
    of its words (NAME_RUN: a camel-case name's each word) and numbers is replaced by the one at the same place of
    a name of the same shape (languages.base.name_shape), taken at random run by run, every other character kept:
    so each word is one a real name has at that place and each number one of theirs; a draw that lacks a word
    every name has, or holds one word twice where no name does, is drawn again. Code listing the tests at run time
    cannot tell it by a word no test has, or by one it lacks that all the others share (cpp-allergies' "testing
    for X allergy -> ..."). Only where those recombinations are all taken is one run (then every run) drawn more
    widely: a word of any of the names (a one-letter word by a one-letter word, its case kept: word, Word, WORD;
    no word twice where the pool allows), a number by as many random digits, and last a small list of words
    common in test names joins the pool. Used by no name of `names` nor identifier of `texts`; its pattern no
    longer than 76 characters where one is, and then no longer itself (Catch2 wraps a longer one over lines).
    Nothing marks it: no fixed word, no hex. `taken`, when given, stands for identifiers(texts) (a caller drawing
    many names from the same texts finds them once)."""
    rng = rng or secrets.SystemRandom()
    names = [n for n in names if re.search(r"[A-Za-z]", n)] or ["mixed_input"]
    runs = [w for name in names for w in _words_of(name)]
    words = sorted({w for w in runs if len(w) > 1})
    letters = sorted({w for w in runs if len(w) == 1}) or ["a"]
    taken = {*names, *(identifiers(texts) if taken is None else taken)}
    every = set.intersection(*(set(_words_of(n)) for n in names))
    repeats = any(len(set(_words_of(n))) < len(_words_of(n)) for n in names)
    alike: dict[str, list[list[str]]] = {}   # each shape's names, as their runs
    for name in names:
        alike.setdefault(name_shape(name), []).append(NAME_RUN.findall(name))

    def wide(run: str, pool: Sequence[str], drawn: set[str]) -> str:
        if run.isdigit():
            return "".join(rng.choice("123456789" if i == 0 and len(run) > 1 else "0123456789")
                           for i in range(len(run)))
        pool = letters if len(run) == 1 else pool
        word = rng.choice([w for w in pool if w not in drawn] or pool)   # no word twice where the pool allows
        drawn.add(word)
        return word.upper() if len(run) > 1 and run.isupper() else word.capitalize() if run[0].isupper() else word

    patterns = [n for n in names if len(n) <= 76] or names   # Catch2 wraps a longer name over lines
    for attempt in range(10000):
        stage = attempt // 2500   # 0: run by run from names of its shape; 1: one run wider; 2: every run; 3: more words
        pattern = rng.choice(patterns)
        pieces = NAME_RUN.findall(pattern)
        column = alike[name_shape(pattern)]
        chosen = [rng.choice(column)[i] for i in range(len(pieces))]
        widened = (set(range(len(pieces))) if stage >= 2 else {rng.randrange(len(pieces))} if stage == 1 and pieces
                   else set())
        pool = sorted({*words, *TRIPWIRE_WORDS}) if stage == 3 else words
        drawn = {w.lower() for i, w in enumerate(chosen) if i not in widened}
        for i in sorted(widened):
            chosen[i] = wide(pieces[i], pool, drawn)
        at = iter(chosen)
        name = NAME_RUN.sub(lambda m, at=at: next(at), pattern)
        found = _words_of(name)
        if stage < 2 and (not every <= set(found) or (not repeats and len(set(found)) < len(found))):
            continue   # without a word every name has, or with one twice where none has one twice: it would stand out
        if name not in taken and (len(name) <= 76 or len(pattern) > 76 or attempt >= 5000):
            return name
    return None   # every draw taken: the tests' names are one-letter words, or their numbers all used


@dataclass(frozen=True)
class Tripwire:
    """The tripwire test planted in a phase's held-out file `path`: the name its runner reports it by."""

    path: str
    name: str


def _text(data: bytes) -> str | None:
    """A file's text where it is UTF-8, else None."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def plant_tripwire(held: list[tuple[str, bytes, int]], copy: Path, language: str,
                   rng: random.Random | None = None, commands: Sequence[str] | None = None,
                   context: Sequence[bytes] = ()) -> tuple[list[tuple[str, bytes, int]], Tripwire | None]:
    """Write a tripwire (Profile.tripwire: a test that always fails, under a fresh random name) into one of the
    held-out files laid in the copy: the last by path that takes one (a runner that stops at its first failing
    file, as `cargo test` does, runs the others first). Returns the held-out files as laid now, and the tripwire
    (None where no file takes one: the language has none, or its tests are not the runner's; or where the phase's
    `commands`, when given, are not ones whose exit status the tripwire can explain: Profile.tripwire_commands).
    `context`: the other test files the phase runs (the fixture's), whose names the tripwire's does not take either
    (a Go package's test files share one namespace), and whose tests' names join the held-out files' as its
    patterns where those name fewer than three (a Go file of test data alone, a file of one test).

    Code under test that prints a passing report for every test name it can find (the test files, the runner's
    list, its own memory) names the tripwire passed too: the phase passes only when the tripwire is reported
    failed and every other test passed (run_command, require_tripwire)."""
    profile = languages.profile_of(language)
    if commands is not None and not profile.tripwire_commands(commands):
        return held, None
    decoded = {at: text for at, (_, data, _) in enumerate(held) if (text := _text(data)) is not None}
    texts, others = list(decoded.values()), [text for data in context if (text := _text(data)) is not None]
    names = [n for text in texts for n in profile.tripwire_names(text)]
    around = [n for text in others for n in profile.tripwire_names(text)]
    # the name as the runner reports it is fresh too: among every test's name, and every identifier of the files
    taken = {*names, *around, *identifiers([*texts, *others])}

    # a held-out file of one or two tests gives too few names to draw a fresh one like them (a lone `stop` leaves a
    # reordering of its words, or none): the fixture's tests, the same author's, widen the pool
    pool = names if len(set(names)) >= 3 else [*names, *around]

    def drawn(rel: str, text: str) -> tuple[str, str] | None:
        name = tripwire_name(pool, rng=rng, taken=taken)
        planted = None if name is None else profile.tripwire(rel, text, name, rng)
        return planted if planted is not None and planted[1] not in taken else None

    for at in sorted(decoded, key=lambda i: held[i][0], reverse=True):
        rel, _, mode = held[at]
        text = decoded[at]
        # a name the file cannot take (a Rust keyword) is drawn again; a file that takes none refuses them all
        planted = next((p for p in (drawn(rel, text) for _ in range(8)) if p is not None), None)
        if planted is None:
            continue
        text, reported = planted
        safefs.lay_file(copy, rel, text.encode("utf-8"), mode)
        return [*held[:at], (rel, text.encode("utf-8"), mode), *held[at + 1:]], Tripwire(rel, reported)
    return held, None


def phase_tripwire(phase: str, task: dict, held: list[tuple[str, bytes, int]], copy: Path, pristine: Pristine,
                   language: str, commands: Sequence[str]) -> tuple[list[tuple[str, bytes, int]], Tripwire | None]:
    """The files a grading phase lays beyond the protected ones (`held`: its held-out files), with the phase's
    tripwire planted (plant_tripwire), and the tripwire. The held-out phase's goes into its held-out files. In
    `--visible all` there is no held-out phase: the graded phase is the oracle's, whose tests (the task's full
    tests, laid back as protected files) the agent sees but cannot change, so its tripwire goes into those, and the
    file it went into is then laid, guarded and compared as planted. The visible phase of a split task has none."""
    tests = [p for p in pristine.protected if is_test_path(p[0], language)]
    if phase == "heldout":
        return plant_tripwire(held, copy, language, commands=commands, context=[data for _, data, _ in tests])
    if task.get("visible") == "all" and task.get("visible_all"):
        planted, tripwire = plant_tripwire(tests, copy, language, commands=commands)
        return [p for p in planted if p not in tests], tripwire
    return held, None


def require_tripwire(steps: list[Step], tripwire: Tripwire | None) -> None:
    """A phase with a tripwire whose commands all passed still fails (flag tripwire_passed) when no command's
    nonzero exit was the tripwire failing alone: it was reported passed, or not at all, so the report was not the
    runner's, or the tripwire did not run."""
    if tripwire is None or not steps or not all(s.passed for s in steps) or any(s.tripwire_failed for s in steps):
        return
    last = steps[-1]
    last.summary = "tripwire_passed"
    seen = next((s.tripwire for s in steps if s.tripwire), None)
    last.note = ("every command passed, but the tripwire test (one the harness adds, which always fails) was "
                 + (f"reported {seen}" if seen else "never reported failed"))


BUILD_READS_TESTS = "build_reads_tests"


def build_steps(which: str, commands: Sequence[tuple[str, float]], *, kind: str, copy: Path, env: dict[str, str],
                logs: Path, index: int, language: str, guarded: Sequence[Path] = (),
                held: Sequence[str] = (), flags: Flags | None = None) -> tuple[list[Step], int]:
    """Run a held-out phase's build steps (Profile.prebuilds before its held-out files are laid, `which` =
    "prebuilds"; Profile.build_checks once they are, "build_checks") in the phase's copy, each as a grading command
    is run (run_command: the same sandbox, HOME, environment and guarded paths; the phase's timeout), stopping at the
    first that does not pass. A check whose output shows the code under test reading the tests at build time
    (Profile.build_problem over `held`, the held-out files laid), or was cut off at the log limit (what the build
    read cannot be told), has the summary BUILD_READS_TESTS; one that exits nonzero (the code under test or the
    tests do not compile) does not pass, and the phase stops there as it does after a failing prebuild; its summary
    goes into `flags`, where given. Returns the
    steps (`build` set: the record marks them as the harness's) and the next log index; none where the task's
    commands are not ones the profile builds ahead of or checks."""
    profile = languages.profile_of(language)
    timeout_s = max((t for _, t in commands), default=0)
    found: list[Step] = []
    for command in getattr(profile, which)([c for c, _ in commands]):
        step = run_command(command, timeout_s, kind=kind, copy=copy, home=copy.parent / f"home-{copy.name}",
                           env=env, logs=logs, index=index, guarded=guarded, language=language)
        index += 1
        step.build = True
        if which == "build_checks" and step.started and not step.timed_out:
            problem = ("its output passed the log limit and was cut off: what the code under test's build read "
                       "cannot be told" if step.truncated else profile.build_problem(step.output, copy, list(held)))
            if problem:
                step.summary, step.note = BUILD_READS_TESTS, problem
                if flags is not None:
                    flags.add(step.summary, f"heldout: {step.note}")
        found.append(step)
        if not step.passed:
            break
    return found, index


def guard_problem(verdict: pyguard.Verdict | None, runner: str | None = "pytest") -> tuple[str, str] | None:
    """(flag, note) when the grading guard's evidence says an exit-0 command did not pass: the code under test
    changed or reached for the runner (runner_tampering), the guarded interpreter left no complete report
    (guard_report_missing: it exited early, or its report was cut off), or the guard's own count of the outcomes
    of `runner` (rules.runner_of: pytest's, or unittest's) shows failures or no test. None when the evidence
    agrees, or no guarded Python ran (the task's command set its own PYTHONPATH: the runner's summary is then all
    there is)."""
    if verdict is None or not verdict.key_taken:
        return None
    if verdict.tampering or verdict.blocked:
        return "runner_tampering", verdict.problem()
    if not verdict.clean:
        return "guard_report_missing", verdict.problem()
    tests = verdict.unittest if runner == "unittest" else verdict.tests
    if tests is not None and (tests.get("failed") or tests.get("errors")):
        return "test_summary_failed", "exit 0, but the grading guard counted failing tests"
    if tests is not None and not tests.get("passed"):
        return "no_tests_ran", "exit 0, but the grading guard counted no test that passed"
    return None


GRADING_PREFIX = "lab-grade-"   # a Grading's temporary directory: <temp root>/lab-grade-<random>/oracle/<tree>, ...


class Grading:
    """One run's grading: a temporary directory with a fresh pristine copy per phase (visible, held-out).

    `start()` makes the copies: grade_one calls it itself, or evaluate calls it from a thread while the
    agent works (`Ahead`). The agent's patch goes in only when grading begins. Under bwrap the agent cannot
    see this directory.
    """

    def __init__(self, record: dict):
        self.record, self.run_dir = record, record["paths"]["run_dir"]
        task = record["task"]
        self.kind = record["sandbox"]["kind"]
        self.visible = [(c, task["oracle"]["timeout_s"]) for c in task["oracle"]["command"]]
        self.hidden = ([(c, task["heldout"]["timeout_s"]) for c in task["heldout"]["command"]]
                       if task.get("heldout") else [])
        self.tmp = Path(tempfile.mkdtemp(prefix=GRADING_PREFIX, dir=temp_root()))
        self.logs = self.tmp / "logs"
        self.logs.mkdir()
        # Each copy keeps the tree's name (a build may read it), in a directory of its own.
        name = tree_name(task)
        self.phases = {phase: self.tmp / phase / name for phase in (("oracle", "heldout") if self.hidden
                                                                    else ("oracle",))}
        self.error: UserError | None = None
        self.env_names: list[str] = []

    def start(self) -> None:
        """Make the pristine copies."""
        self.copy_pristine()

    def copy_pristine(self) -> None:
        """Copy the pristine snapshot once per phase (an error is kept, and reported when grading begins)."""
        try:
            for copy in self.phases.values():
                copy.mkdir(parents=True)
                copy_pristine(self.record, copy)
                (copy.parent / f"home-{copy.name}").mkdir()
        except UserError as exc:
            self.error = exc
        except OSError as exc:
            self.error = UserError(f"{self.tmp}: {exc.strerror or exc}")

    def _lay_heldout(self, task: dict, commands: Sequence[tuple[str, float]], copy: Path, env: dict[str, str],
                     index: int, language: str, pristine: Pristine, flags: Flags,
                     log_path: Path) -> tuple[list[Step], list[tuple[str, bytes, int]], int, dict | None]:
        """The held-out phase's prebuilds (build_steps), then its held-out files laid: (the prebuilds' steps, the
        held-out files as the task has them, the next log index, the phase's result where it ends here: the code
        under test did not build before the tests were laid, or they could not be laid; else None)."""
        guarded = guard_mounts(copy, [rel for rel, _, _ in pristine.protected], (), language) \
            if self.kind == "bwrap" else []
        builds, index = build_steps("prebuilds", commands, kind=self.kind, copy=copy, env=env, logs=self.logs,
                                    index=index, language=language, guarded=guarded)
        if not all(s.passed for s in builds):
            return builds, [], index, phase_result(builds, log_path)
        try:
            return builds, lay_task_heldout(task["heldout"], copy, flags, pristine, language), index, None
        except (UserError, OSError) as exc:
            return builds, [], index, {"passed": False, "error": f"held-out files could not be laid: {exc}",
                                       "commands": [], "task_error": f"held-out files could not be laid: {exc}"}

    def grade(self, record: dict) -> tuple[dict, dict | None, list[str], dict]:
        """Apply `record`'s patch to each phase's copy and run its commands: (oracle, heldout, flags, details)."""
        flags = Flags()
        task = record["task"]
        plugins = [*task["oracle"].get("pytest_plugins", ()), *(task.get("heldout") or {}).get("pytest_plugins", ())]
        env = grading_env((record.get("options") or {}).get("pass_env", ()), list(dict.fromkeys(plugins)))
        run_dir = Path(record["paths"]["run_dir"])
        results: dict[str, dict | None] = {"oracle": None, "heldout": None}
        change = Change.of(record)
        language = task.get("language", "python")
        facts = interpreter(env)
        # In a test-writing task the agent's test files are the tests the runner runs, not code under test.
        agent_tests = [p for st, p in change.files if st != "D" and is_test_path(p, language)] \
            if task["category"] == "test" else []
        tampering: list[str] = []
        index = 0
        for phase, copy in self.phases.items():
            commands = self.visible if phase == "oracle" else self.hidden
            allows_skipped = bool((task.get(phase) or {}).get("allow_skipped"))
            held: list[tuple[str, bytes, int]] = []
            if self.error:  # the pristine copy itself failed: the harness's fault, never the agent's
                results[phase] = {"passed": False, "error": f"grading copy failed: {self.error}", "commands": [],
                                  "infra_error": f"grading copy failed: {self.error}"}
                continue
            try:
                apply_change(record, copy, flags, change, facts.importable)
            except UserError as exc:
                results[phase] = {"passed": False, "error": f"the change does not apply: {exc}", "commands": []}
                continue
            if phase == "oracle":
                tampering = runner_reaches(copy, Path(record["paths"]["snapshot"]), change, facts.runner)
            section = task.get(phase) or {}
            if section.get("mutation"):
                protected = [rel for rel, _, _ in pristine_of(Path(record["paths"]["snapshot"]), language,
                                                              command_files(task)).protected]
                # the visible oracle's candidates are those the agent was shown: read from the pristine snapshot
                # (the fixture, with visible_all laid over it in --visible all), never from the agent's tree; the
                # held-out phase's are in its held-out directory
                where = task["heldout"]["path"] if phase == "heldout" else record["paths"]["snapshot"]
                results[phase], index = mutation_phase(
                    copy, {**section, "path": where}, flags, kind=self.kind, env=env, logs=self.logs, index=index,
                    protected=protected + agent_tests, log_path=run_dir / f"{phase}.log", language=language,
                    phase=phase)
                continue
            pristine = pristine_of(Path(record["paths"]["snapshot"]), language, command_files(task))
            plain = held   # the held-out tests as the task has them: each must be reported passed
            builds: list[Step] = []
            if phase == "heldout":
                builds, plain, index, ended = self._lay_heldout(task, commands, copy, env, index, language, pristine,
                                                                flags, run_dir / f"{phase}.log")
                if ended is not None:
                    results[phase] = ended
                    continue
            held, tripwire = phase_tripwire(phase, task, plain, copy, pristine, language, [c for c, _ in commands])
            # A held-out file that replaces a protected one is what this phase lays, guards and compares.
            protected = [p for p in pristine.protected if p[0] not in {rel for rel, _, _ in held}]
            expected = [*protected, *held]
            guarded = guard_mounts(copy, [rel for rel, _, _ in protected], [rel for rel, _, _ in held],
                                   language) if self.kind == "bwrap" else []
            # the held-out phase's build checks: none in the oracle phase, whose tests the code under test may read
            checks, index = build_steps("build_checks", commands if phase == "heldout" else [], kind=self.kind,
                                        copy=copy, env=env, logs=self.logs, index=index, language=language,
                                        guarded=guarded, held=[rel for rel, _, _ in held], flags=flags)
            builds += checks
            if not all(s.passed for s in checks):
                # the build read the tests, or failed (the task's commands would compile the same units)
                results[phase] = phase_result(builds, run_dir / f"{phase}.log")
                continue
            steps = []
            for at, (command, timeout_s) in enumerate(commands):
                steps.append(run_command(command, timeout_s, kind=self.kind, copy=copy,
                                         home=copy.parent / f"home-{copy.name}", env=env, logs=self.logs,
                                         index=index, guarded=guarded,
                                         protected=[rel for rel, _, _ in expected] + agent_tests,
                                         language=language, allow_skipped=allows_skipped,
                                         hidden=heldout_hidden(command, [c for c, _ in commands[:at]], held,
                                                               copy, language, pristine.paths)
                                         if self.kind == "bwrap" else (),
                                         tripwire=tripwire.name if tripwire else None))
                index += 1
            require_summary(steps, language)
            require_reported(steps, plain, language, allows_skipped)
            require_tripwire(steps, tripwire)
            for step in steps:
                if step.summary:
                    guard = step.summary in ("runner_tampering", "guard_report_missing")
                    flags.add(step.summary, f"{phase}: {step.command}" + (f" ({step.note})" if guard else ""))
            results[phase] = phase_result(builds + steps, run_dir / f"{phase}.log", tripwire=tripwire)
            changed = tampered(copy, expected)
            for rel in changed:
                flags.add("tests_tampered", f"{phase}: {rel}")
            if changed and results[phase]["passed"]:
                results[phase]["passed"] = False  # the tests that passed were not the tests laid
                results[phase]["note"] = "test files changed while the tests ran (flag tests_tampered)"
        self.env_names = environment.names({**env, "HOME": ""})
        for detail in tampering:
            flags.add("runner_tampering", detail)
        overrule(results, record.get("flags", ()), bool(tampering))
        heldout = results["heldout"]
        if heldout is not None and heldout["commands"] and "mutants" not in heldout:
            mutants = mutant_counts(run_dir / "heldout.log")
            if mutants:
                heldout["mutants"] = mutants
        return results["oracle"], heldout, flags.names, flags.details

    def close(self) -> None:
        """Delete the directory (in the background)."""
        cleanup.remove_later(self.tmp)


def overrule(results: dict[str, dict | None], agent_flags: Iterable[str], tampering: bool) -> None:
    """Fail the phases that passed when what passed cannot be the verdict: the change was over --max-change-mb
    (patch.diff is empty, so the tests ran on the fixture), or its code under test reaches the runner."""
    void = "change_too_large" in agent_flags
    for section in results.values():
        if section is None or not section["passed"] or not (void or tampering):
            continue
        section["passed"] = False
        section["note"] = ("the change was over --max-change-mb and was not graded (flag change_too_large)" if void
                           else "the change's code under test reaches the test runner (flag runner_tampering)")


class Ahead:
    """A Grading set up while the agent works: its copies made in a thread.

    `take()` hands it over once the copies are made; `discard()` drops it.
    """

    def __init__(self, record: dict):
        self._grading: Grading | None = Grading(record)
        self._failure: BaseException | None = None
        self._thread = threading.Thread(target=self._copy, name="lab-grading-ahead", daemon=True)
        self._thread.start()

    def _copy(self) -> None:
        try:
            self._grading.copy_pristine()
        except BaseException as exc:  # handed to the caller by take()
            self._failure = exc

    def take(self) -> Grading:
        """The Grading, once its copies are made (the thread's own failure is raised here)."""
        self._thread.join()
        grading, self._grading = self._grading, None
        if self._failure is not None:
            grading.close()
            raise self._failure
        return grading

    def discard(self) -> None:
        """Drop a Grading that will not be used (the agent's infrastructure failed, or the run was stopped)."""
        self._thread.join()
        if self._grading is not None:
            self._grading.close()
            self._grading = None


def phase_result(steps: list[Step], log_path: Path, max_log_bytes: int = DEFAULT_MAX_LOG_BYTES,
                 tripwire: Tripwire | None = None) -> dict:
    """One grading phase's section of the run record, with its commands' output gathered into `log_path` (and
    the name of its `tripwire`, where it had one)."""
    results = []
    with open(log_path, "wb") as log_file:
        for step in steps:
            log_file.write(f"$ {step.command}\n".encode())
            log_file.write(step.output[:max_log_bytes])
            if step.truncated or len(step.output) > max_log_bytes:
                log_file.write(truncation_marker(max_log_bytes))
            status = f"exit {step.exit_code}{', timed out' if step.timed_out else ''}, {step.wall_s:.2f}s"
            log_file.write(f"[{status}{'; ' + step.note if step.note else ''}]\n".encode())
            result = {"command": step.command, "exit_code": step.exit_code, "duration_s": step.wall_s,
                      "timed_out": step.timed_out, "timeout_s": step.timeout_s}
            if step.note:
                result["note"] = step.note
            if step.summary:
                result["summary"] = step.summary
            if step.tripwire_failed:
                result["tripwire"] = "failed"
            if step.build:
                result["build"] = True
            results.append(result)
    passed = bool(results) and all(outcome.command_passed(r) for r in results)
    error = infra = None
    if any(not step.started for step in steps):
        error = infra = next(step.note for step in steps if not step.started)
    elif any(r["timed_out"] for r in results):
        error = "a command timed out"
    section = {"passed": passed, "error": error, "commands": results}
    if tripwire:
        section["tripwire"] = tripwire.name
    if infra:
        section["infra_error"] = infra
    return section


def candidates(held: dict) -> list[tuple[str, str, bytes]]:
    """(kind, name, source) of each candidate of a held-out `mutation` section: every module in its `correct`
    directory ("correct") and in its `mutants` directory ("mutant"), read from the suite."""
    base, mutation = Path(held["path"]), held["mutation"]
    suffix = PurePosixPath(mutation["module"]).suffix   # roman.py's candidates are *.py, counter.go's *.go
    return [(kind, file.stem, file.read_bytes())
            for kind, folder in (("correct", mutation.get("correct", "correct")),
                                 ("mutant", mutation.get("mutants", "mutants")))
            for file in sorted((base / folder).glob(f"*{suffix}")) if file.is_file() and not file.is_symlink()]


def mutation_phase(prepared: Path, held: dict, flags: Flags, *, kind: str, env: dict[str, str], logs: Path,
                   index: int, protected: Sequence[str], log_path: Path,
                   order: random.Random | None = None, language: str = "python",
                   phase: str = "heldout") -> tuple[dict, int]:
    """The held-out phase of a test-writing task, graded on behaviour: the task's commands (the agent's tests)
    run once per candidate, each in a fresh copy of `prepared` (the pristine tree with the change) at one and
    the same path, with that candidate written over `mutation.module` (same mode, same mtime), a fresh HOME,
    its own sandbox, in a random order. No candidate but the one under test, and nothing of the held-out
    directory, is ever inside a sandbox, so only behaviour tells them apart. Passed when the tests pass on every
    correct implementation and fail on every mutant; returns (the phase's section, the next log index). The task's
    `language` gives the sandbox its toolchain and reads its runner's summary (a Go candidate passes only when
    `go test` said so: a command that printed no summary fails it)."""
    module = held["mutation"]["module"]
    found = candidates(held)
    (order or secrets.SystemRandom()).shuffle(found)
    deadline = time.monotonic() + held["timeout_s"]   # the phase's budget, shared by every candidate
    mtime = os.lstat(prepared / module).st_mtime_ns if os.path.lexists(prepared / module) else time.time_ns()
    copy, home = prepared.parent / "candidate", prepared.parent / "home-candidate"
    steps: list[Step] = []
    labels: list[dict] = []
    verdicts = []
    for number, (what, name, source) in enumerate(found, 1):
        if any(kind_ == "correct" and not ok or kind_ == "mutant" and ok for kind_, ok, _ in verdicts):
            break   # the verdict is settled: a correct implementation failed, or a mutant passed
        for where in (copy, home):
            if os.path.lexists(where):
                safefs.remove_tree(where)
        shutil.copytree(prepared, copy, symlinks=True)
        home.mkdir()
        safefs.lay_file(copy, module, source, 0o644)
        os.utime(copy / module, ns=(mtime, mtime), follow_symlinks=False)
        guarded = guard_mounts(copy, protected, language=language) if kind == "bwrap" else []
        ran = []
        for command in held["command"]:
            step = run_command(command, max(0.1, deadline - time.monotonic()), kind=kind, copy=copy, home=home,
                               env=env, logs=logs, index=index, guarded=guarded, protected=protected,
                               language=language)
            index += 1
            step.note = f"candidate {number}: {what} {name}" + (f"; {step.note}" if step.note else "")
            ran.append(step)
        require_summary(ran, language)
        for step in ran:
            if step.summary:
                flags.add(step.summary, f"{phase}: candidate {number} ({what}): {step.command}")
        passed = all(s.passed for s in ran)
        verdicts.append((what, passed, all(s.started for s in ran)))
        steps += ran
        labels += [{"number": number, "kind": what}] * len(ran)
    for where in (copy, home):
        if os.path.lexists(where):
            safefs.remove_tree(where)
    section = phase_result(steps, log_path)
    for result, label in zip(section["commands"], labels, strict=True):
        result["candidate"] = label
    correct = [passed for what, passed, _ in verdicts if what == "correct"]
    mutants = [passed for what, passed, _ in verdicts if what == "mutant"]
    totals = {what: sum(1 for kind_, *_ in found if kind_ == what) for what in ("correct", "mutant")}
    section["correct"] = {"total": totals["correct"], "passed": sum(correct)}
    section["mutants"] = {"total": totals["mutant"], "caught": len(mutants) - sum(mutants)}
    section["passed"] = (len(verdicts) == len(found) and bool(correct) and all(correct) and not any(mutants)
                         and all(s for *_, s in verdicts))
    if not section.get("infra_error") and not section["passed"]:
        section["error"] = section["error"] or (
            "the tests failed on a correct implementation" if not all(correct) else
            "a mutant passed the tests" if any(mutants) else "the phase's time ran out before every candidate ran")
    return section, index


def mutant_counts(log_path: Path) -> dict | None:
    """The last `{"mutants_total": N, "mutants_caught": M}` line a test-writing task's held-out command printed."""
    found = None
    for line in textio.read_text(log_path).splitlines():
        line = line.strip()
        if line.startswith("{") and "mutants_total" in line:
            try:
                data = json.loads(line)
                found = {"total": int(data["mutants_total"]), "caught": int(data["mutants_caught"])}
            except (ValueError, KeyError, TypeError):
                continue
    return found


def run_timing(agent: dict, grading_began: float, started: float | None) -> dict:
    """Where a run's time went: the agent (split into waiting on the model and its own work, when the model proxy
    measured it), grading, and with `started` the whole run and the harness's share (isolating, taking the diff,
    writing records)."""
    now = time.monotonic()
    timing = {"agent_s": agent["wall_s"], "model_s": agent.get("model_s"), "queued_s": agent.get("queued_s"),
              "own_s": agent.get("own_s"),
              "grading_s": round(now - grading_began, 3), "total_s": None, "harness_s": None}
    if started is not None:
        total = now - started
        harness = max(0.0, total - agent["wall_s"] - timing["grading_s"])
        timing.update(total_s=round(total, 3), harness_s=round(harness, 3))
    return timing


def grade_one(record: dict, ahead: Ahead | None = None, started: float | None = None) -> dict:
    """Grade one run whose agent has finished; return the updated record (also written to run.json).

    `record` is trusted to match the run schema: grade() checks every record it reads. `ahead`: a
    Grading set up for this run while its agent worked (evaluate's); it is used up either way. `started`: the
    time.monotonic() the whole run began at, when the caller ran it end to end (the record's timing then splits
    the run's wall time into the agent's, grading's and the harness's own).
    """
    grading_began = time.monotonic()
    try:
        lifecycle.require(record, "oracle")
    except UserError:
        if ahead:
            ahead.discard()
        raise
    sandbox.keep_secret(sandbox.run_secrets(record))  # the suite and results, when this stage runs alone
    run_dir = Path(record["paths"]["run_dir"])
    record = dict(record)
    oracle = heldout = None
    flags, details = list(record.get("flags", [])), dict(record.get("flag_details", {}))
    if record["agent"].get("infra_error"):
        if ahead:
            ahead.discard()
    else:
        if ahead:
            grading = ahead.take()
        else:
            grading = Grading(record)
            grading.start()
        try:
            if grading.run_dir != record["paths"]["run_dir"]:
                raise ValueError(f"grading set up for {grading.run_dir}, not {record['paths']['run_dir']}")
            oracle, heldout, new_flags, new_details = grading.grade(record)
        finally:
            grading.close()
        flags += [f for f in new_flags if f not in flags]
        details.update(new_details)
        sandbox_info = dict(record.get("sandbox") or {})
        sandbox_info["env"] = {**(sandbox_info.get("env") or {}), "grading": grading.env_names}
        record["sandbox"] = sandbox_info
    verdict, success = outcome.decide(record["agent"], oracle, heldout)
    record.update(stage=lifecycle.WRITES["oracle"], oracle=oracle, heldout=heldout, outcome=verdict, success=success,
                  flags=flags, flag_details=details, timing=run_timing(record["agent"], grading_began, started))
    schema.check(record, "run", where=str(run_dir / "run.json"))
    write_json_atomic(run_dir / "run.json", record)
    return record


FEEDBACK_BYTES = 8 * 1024   # the visible tests' output a next attempt is shown: its head and most of its tail
FEEDBACK_HEAD_BYTES = 2 * 1024


def visible_output(record: dict, limit: int = FEEDBACK_BYTES) -> str:
    """What a graded run's visible phase said, for the agent's next attempt: the visible commands' output as the
    phase's log holds it (each command, its output, its exit status), or why the phase ran nothing (the change did
    not apply). Over `limit` bytes its head and tail are kept with the cut said between them; the grading copy's
    path reads `.`. Only the visible phase's own log is read: the held-out phase runs in another copy and writes
    another log, so nothing of the held-out tests (names, paths, output) is in it. In `--visible all` the phase
    had a tripwire (phase_tripwire), whose failure is in the output: a line says which test it was."""
    section = record.get("oracle") or {}
    if not section.get("commands"):
        return str(section.get("error") or "the visible tests did not run")
    with open(Path(record["paths"]["run_dir"]) / "oracle.log", "rb") as log_file:   # the harness's own file
        size = os.fstat(log_file.fileno()).st_size
        data = log_file.read(limit if size <= limit else FEEDBACK_HEAD_BYTES)
        if size > limit:
            log_file.seek(size - (limit - FEEDBACK_HEAD_BYTES))
            cut = size - limit
            data += f"\n[... {cut} bytes of the output cut ...]\n".encode() + log_file.read()
    text = data.decode("utf-8", errors="replace")
    copies = re.escape(str(temp_root())) + "/" + re.escape(GRADING_PREFIX) + r"[A-Za-z0-9_]+"
    copy = copies + "/oracle/" + re.escape(tree_name(record["task"])) + r"(?![^/\s])"
    text = re.sub(copy, ".", text).replace("\0", "")
    if section.get("tripwire"):   # --visible all: the graded phase is this one (phase_tripwire)
        text += (f"\n[the test {section['tripwire']} is the harness's tripwire, not one of the task's tests: it "
                 "always fails, and the tests pass when it is their only failure]\n")
    return text


def grade(records: Iterable[dict]) -> Iterator[dict]:
    """Grade every run record, in order."""
    for record in records:
        schema.check(record, "run", where=f"run {record.get('task_id')}/{record.get('rep')}")
        yield grade_one(record)


def _main(argv: Sequence[str]) -> int:
    parser = ArgumentParser(prog="python -m bench.oracle", description=__doc__.split("\n")[0])
    parser.add_argument("inputs", nargs="*", default=["-"], help="run records after run_agent (file or -)")
    parser.add_argument("--out", default="-", help="where to write graded run records (default: stdout)")
    args = parser.parse_args(argv)
    count = 0
    with RecordWriter(args.out) as out:
        for record in grade(read_records(args.inputs)):
            out.write(record)
            count += 1
            log(f"oracle: {record['task_id']}/{record['rep']}: {record['outcome']}")
    log(f"oracle: {count} run(s) graded")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: `python -m bench.oracle`."""
    return run_main(_main, argv)


if __name__ == "__main__":
    raise SystemExit(main())
