"""The rule book: which paths are never part of a task's state or an agent's change (tool caches), which files
are tests and test configuration, which added files would change how the tests run rather than what they test,
and what a test runner's own summary must say for a command to pass.

The task digest, the snapshot, the agent's diff and the aider adapter read the same ignored paths from here, and
grading and the aider adapter the same test files; METHODOLOGY.md ("Flags") lists what each flag means.
"""
from __future__ import annotations

import ast
import codecs
import re
import shlex
import sys
from pathlib import PurePosixPath

from bench import languages

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

# -- paths that are never part of a task's state or an agent's change -------------------------------------------

# Directories whose contents are tool caches: Python's bytecode, pytest's, mypy's and ruff's. Leaving them out is
# safe because each holds only what its tool recomputes from the sources when it is missing: no honest change
# needs one, and no test reads one as code or data. Carrying them would not be: a planted __pycache__/*.pyc is
# code Python runs in place of the source beside it, and .pytest_cache steers `--lf`/`--ff`. Only whole
# directories are left out, never a file for its suffix: `foo.pyc` outside __pycache__ is a module Python 3
# imports when there is no foo.py, so it stays in the change, where grading sees it (and removes it, flagged).
CACHE_DIRS = ("__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache")
# What the rule book leaves out of every tree: the caches, and version-control metadata (.git is the harness's
# snapshot repository, or the agent's own, never a task's files).
IGNORED_DIRS = (".git", *CACHE_DIRS)


def is_ignored_entry(name: str, is_dir: bool) -> bool:
    """Whether a tree walker leaves out the entry `name` (with all it holds): an ignored directory, or any .git
    (a directory, or the file a submodule or worktree has there); git itself never stores a .git entry."""
    return name == ".git" or (is_dir and name in IGNORED_DIRS)


def is_ignored(path: str) -> bool:
    """Whether a repo-relative path is left out: it lies inside an ignored directory, or it is a .git entry.
    A file that merely has a cache's name (`__pycache__`) is a file like any other, as it is to git."""
    parts = PurePosixPath(path).parts
    return bool(parts) and (any(is_ignored_entry(part, True) for part in parts[:-1])
                            or is_ignored_entry(parts[-1], False))


def build_excludes(language: str = "python") -> list[str]:
    """The language's build output directories at the root of the tree (cargo's target/), as git pathspecs: left
    out of an agent's change, which grading builds afresh (an honest `cargo test` leaves hundreds of MB there)."""
    return [f":(exclude,literal){name}" for name in languages.profile_of(language).build_dirs]


def git_excludes() -> list[str]:
    """The ignored paths as git pathspecs, for `git add` (snapshot and diff): exactly what is_ignored leaves out."""
    return [f":(exclude,glob)**/{name}/**" for name in IGNORED_DIRS]


# -- held-out confirmation ---------------------------------------------------------------------------------------

def heldout_confirmed(run: dict) -> bool:
    """Whether a graded run's success was confirmed by its task's held-out tests (outcome passed, held-out tests
    present): the one definition behind the summary's counts (outcome.heldout_counts) and the site's rings."""
    return bool(run["task"].get("heldout")) and run.get("outcome") == "passed"


# -- test files ----------------------------------------------------------------------------------------------

# Which files are tests and test configuration is each language's profile's business (bench/languages/); the
# functions here are the one door the stages use.

def tests_of_language(language: str = "python") -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(file-name patterns, test directory names) of a task's language."""
    profile = languages.profile_of(language)
    return profile.test_names, profile.test_dirs


# pyproject.toml is also the project's metadata: only its [tool.pytest...] tables are test configuration.
PYPROJECT = "pyproject.toml"
# Installed-package metadata on the import path: pytest loads plugins from any `pytest11` entry point found there.
PLUGIN_METADATA_SUFFIXES = (".dist-info", ".egg-info", ".egg-link", ".pth")
_MODULE_SUFFIXES = (".py", ".pyc", ".pyw", ".pyd", ".so")


def is_test_path(path: str, language: str = "python") -> bool:
    """Whether a repo-relative path names a test file of the language (for Python: test_*.py, *_test.py,
    conftest.py) or lies under one of its test directories (tests/, at any depth)."""
    return languages.profile_of(language).is_test_path(path)


def is_test_config(path: str, language: str = "python") -> bool:
    """Whether a repo-relative path is configuration that changes how the tests are collected, built or judged:
    Python's (any task's commands may run Python) or the task's language's (go.mod, Cargo.toml, package.json,
    node_modules/, pom.xml, CMakeLists.txt, ...)."""
    return languages.PROFILES["python"].is_config(path) or languages.profile_of(language).is_config(path)


def pytest_settings(pyproject: bytes | None) -> object:
    """The [tool.pytest...] tables of a pyproject.toml (None when there are none; the raw bytes when the file
    is not valid TOML, so that any change to an unreadable one counts as a change)."""
    if pyproject is None:
        return None
    try:
        data = tomllib.loads(pyproject.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        return pyproject
    tool = data.get("tool")
    return tool.get("pytest") if isinstance(tool, dict) else None


def module_name(name: str) -> str | None:
    """The top-level module name a file or directory called `name` provides on the import path, if any."""
    for suffix in _MODULE_SUFFIXES:
        if name.endswith(suffix):
            stem = name[: -len(suffix)].split(".", 1)[0]  # foo.cpython-311-x86_64-linux-gnu.so -> foo
            return stem or None
    return name if name.isidentifier() else None


# CPython's own regression-test package: no test runner imports it, and `test/` is a common name for tests.
NOT_SHADOWED = {"test"}


def shadows(name: str, importable: frozenset[str], is_dir: bool = False, is_package: bool = True) -> bool:
    """Whether a file or directory called `name` on the import path would hide a module the grading interpreter
    can import (`importable`: its standard library and every installed distribution's top-level names, read from
    the interpreter itself). A directory hides one only as a regular package (`is_package`: it has an __init__):
    a namespace directory loses to any module of the same name found later on the path."""
    if is_dir and not is_package:
        return False
    module = name if is_dir else module_name(name)
    if module is None or not module.isidentifier() or module in NOT_SHADOWED:
        return False
    return module in importable


# Compiled code and archives of it: Python's extension modules and sourceless bytecode (Python 3 imports `foo.pyc`
# when there is no foo.py), Java's classes and jars, object files and static or shared libraries, Go's .syso
# (linked into the package), Rust's rlibs.
COMPILED_SUFFIXES = (".so", ".pyd", ".dylib", ".pyc", ".pyo", ".class", ".jar", ".war", ".o", ".obj", ".a", ".lib",
                     ".dll", ".syso", ".rlib", ".rmeta", ".node", ".wasm")


def is_compiled_module(name: str) -> bool:
    """Whether `name` is compiled code or an archive of it: code no rule can read, which no source fix adds."""
    return name.endswith(COMPILED_SUFFIXES)


def is_plugin_metadata(name: str) -> bool:
    """Whether `name` is package metadata or a .pth file, through which Python or pytest would load code."""
    return name.endswith(PLUGIN_METADATA_SUFFIXES)


def unquote_path(path: bytes) -> str:
    """A path as git prints it in a diff header: C-quoted when it holds special characters."""
    if path.startswith(b'"') and path.endswith(b'"'):
        return codecs.escape_decode(path[1:-1])[0].decode("utf-8", errors="replace")
    return path.decode("utf-8", errors="replace")


# Code under test that reaches the test runner can steer it from inside the test process (skip the tests it
# would fail, patch assertions); no fix needs to. The change's Python files are read with Python's own parser,
# so an alias (`import unittest as _u`), a from-import or a name spelled as a constant expression is the same
# reference; `sys.modules` and imports by a name only known at run time reach any module, the runner's too.
_IMPORTERS = {"__import__", "import_module"}


def _folded(node: ast.AST) -> str | None:
    """The string a constant expression of the source evaluates to ('unit' + 'test', f'{"unit"}test',
    ''.join(['unit', 'test'])), or None when it is not one."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _folded(node.left), _folded(node.right)
        return None if left is None or right is None else left + right
    if isinstance(node, ast.JoinedStr):
        parts = [_folded(v.value if isinstance(v, ast.FormattedValue) else v) for v in node.values]
        return None if None in parts else "".join(parts)
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "join"
            and len(node.args) == 1 and isinstance(node.args[0], (ast.List, ast.Tuple))):
        sep = _folded(node.func.value)
        parts = [_folded(e) for e in node.args[0].elts]
        return None if sep is None or None in parts else sep.join(parts)
    return None


def _references(tree: ast.AST, runner: frozenset[str]) -> list[str]:
    """What in a parsed module reaches the test runner (`runner`: its top-level module names)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [f"import {a.name}" for a in node.names if a.name.split(".")[0] in runner]
        elif isinstance(node, ast.ImportFrom) and not node.level and (node.module or "").split(".")[0] in runner:
            found.append(f"from {node.module} import ...")
        elif isinstance(node, ast.Attribute) and node.attr == "modules" \
                and isinstance(node.value, ast.Name) and node.value.id == "sys":
            found.append("sys.modules")
        elif isinstance(node, ast.Call):
            func = node.func
            called = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if called in _IMPORTERS and node.args:
                name = _folded(node.args[0])
                if name is None:
                    found.append(f"{called}() of a name made at run time")
                elif name.split(".")[0] in runner:
                    found.append(f"{called}({name!r})")
    return list(dict.fromkeys(found))


def runner_references(path: str, source: bytes, before: bytes | None, runner: frozenset[str]) -> list[str]:
    """'path: what' for each way the changed Python file `path` (`source`; `before`: the fixture's version, None
    when the change adds it) reaches the test runner that the fixture's version did not. Test files and test
    configuration are the rules' business, and a file Python cannot parse is code Python cannot import."""
    if not path.endswith((".py", ".pyw")) or is_test_path(path) or is_test_config(path):
        return []
    def refs(data: bytes | None) -> list[str]:
        if data is None:
            return []
        try:
            return _references(ast.parse(data, filename=path), runner)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return []
    old = set(refs(before))
    return [f"{path}: {ref}" for ref in refs(source) if ref not in old]


# -- what a test runner's summary says --------------------------------------------------------------------

_PYTEST_SUMMARY = re.compile(r"\bin \d+(?:\.\d+)?s\b")
_PYTEST_COUNT = re.compile(r"(\d+) (passed|failed|errors?|xpassed|xfailed|skipped|deselected)")
_UNITTEST_RAN = re.compile(r"^Ran (\d+) tests? in ", re.M)
_UNITTEST_STATUS = re.compile(r"^(OK|FAILED)\b", re.M)


def runner_of(command: str) -> str | None:
    """The test runner a grading command line invokes (`pytest ...`, `python -m pytest ...`, `python -m
    unittest ...`), when it is one whose summary the harness reads; the last one named wins."""
    try:
        words = shlex.split(command, comments=True)
    except ValueError:
        words = command.split()
    found = None
    for i, word in enumerate(words):
        module = (word[2:] if word.startswith("-m") and len(word) > 2
                  else words[i + 1] if word == "-m" and i + 1 < len(words) else None)
        name = module or PurePosixPath(word).name
        if name in ("pytest", "py.test"):
            found = "pytest"
        elif module == "unittest" or (module or "").startswith("unittest."):
            found = "unittest"
    return found


def summary_problem(command: str, output: bytes) -> str | None:
    """For a command that exited 0: why its runner's own summary does not show tests that ran and passed.

    'no_tests_ran': no summary (the process left before the runner reported) or zero tests run;
    'test_summary_failed': the summary reports failures though the exit status was 0. None when the summary
    agrees, or the command is not one of the runners read here.
    """
    runner = runner_of(command)
    if runner is None:
        return None
    text = output[-65536:].decode("utf-8", errors="replace")
    if runner == "pytest":
        lines = [ln for ln in text.splitlines() if _PYTEST_SUMMARY.search(ln) and
                 (_PYTEST_COUNT.search(ln) or "no tests ran" in ln or "collected" in ln)]
        if not lines:
            return "no_tests_ran"
        counts: dict[str, int] = {}
        for number, word in _PYTEST_COUNT.findall(lines[-1]):
            counts[word.rstrip("s") if word.startswith("error") else word] = int(number)
        if counts.get("failed") or counts.get("error"):
            return "test_summary_failed"
        return None if counts.get("passed") else "no_tests_ran"
    ran = _UNITTEST_RAN.findall(text)
    status = _UNITTEST_STATUS.findall(text)
    if not ran or int(ran[-1]) == 0:
        return "no_tests_ran"
    if not status or status[-1] != "OK":
        return "test_summary_failed"
    return None


def safe_path_allowed(command: str) -> bool:
    """Whether a grading command may run its Python with the working directory off the start of `sys.path`
    (PYTHONSAFEPATH; the grading guard puts the copy last instead): it runs a test runner as a module or script
    and sets none of Python's path variables itself. A script (`python check.py`) may import what lies beside it."""
    try:
        words = shlex.split(command, comments=True)
    except ValueError:
        return False
    if any(w.split("=", 1)[0] in ("PYTHONPATH", "PYTHONSAFEPATH", "PYTHONHOME") for w in words if "=" in w):
        return False
    invocations = [i for i, w in enumerate(words) if PYTHON_WORD.fullmatch(w.rsplit("/", 1)[-1])]
    return runner_of(command) is not None and all(i + 1 < len(words) and words[i + 1].startswith("-m")
                                                  for i in invocations)


PYTHON_WORD = re.compile(r"python(\d+(\.\d+)?)?")
SHELL_SEPARATORS = {"&&", "||", ";", "|", "(", "!"}
RUNNER_SCRIPTS = {"pytest": "pytest", "py.test": "pytest"}  # commands that are a Python module's script


def command_runners(command: str) -> list[str]:
    """The Python modules a grading command runs: `python -m X` (python3, python3.12 too) gives X; a command
    word `pytest` gives pytest. Scripts (`python run_mutants.py`) and other programs are not modules."""
    try:
        words = shlex.split(command, comments=True)
    except ValueError:
        return []
    found = []
    for i, word in enumerate(words):
        base = word.rsplit("/", 1)[-1]
        if PYTHON_WORD.fullmatch(base) and i + 2 < len(words) and words[i + 1] == "-m":
            found.append(words[i + 2])
        elif base in RUNNER_SCRIPTS and (i == 0 or words[i - 1] in SHELL_SEPARATORS):
            found.append(RUNNER_SCRIPTS[base])
    return found
