"""rules: the grading rule book (test files, test configuration, shadowing modules, runner summaries)."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from bench.common import rules


@pytest.mark.parametrize("path,test,config", [
    ("tests/test_a.py", True, False), ("pkg/tests/helpers.py", True, False), ("test_x.py", True, False),
    ("a_test.py", True, False), ("conftest.py", True, True), ("sub/conftest.py", True, True),
    ("pytest.ini", False, True), (".pytest.ini", False, True), ("pytest.toml", False, True),
    (".pytest.toml", False, True), ("tox.ini", False, True), ("setup.cfg", False, True),
    ("pkg/testing.py", False, False), ("pyproject.toml", False, False),
])
def test_test_files_and_configuration(path, test, config):
    assert rules.is_test_path(path) is test and rules.is_test_config(path) is config


@pytest.mark.parametrize("path,language,test", [
    ("test_dir/x.py", "python", False), ("pkg/tests/deep/x.txt", "python", True), ("tests", "python", False),
    ("src/app.test.js", "javascript", True), ("__tests__/a.js", "JavaScript", True), ("src/app.js", "js", False),
    ("x_test.go", "go", True), ("x_test.py", "go", False), ("src/a.spec.ts", "typescript", True),
    ("x_test.go", "cobol", True), ("test_x.py", "cobol", True), ("src/main.cob", "cobol", False),
])
def test_test_files_follow_the_tasks_language(path, language, test):
    assert rules.is_test_path(path, language) is test


@pytest.mark.parametrize("path,ignored", [
    ("__pycache__/m.cpython-311.pyc", True), ("a/b/.pytest_cache/v/cache/lastfailed", True),
    (".mypy_cache/3.11/x.json", True), ("sub/.ruff_cache/CACHEDIR.TAG", True), (".git/config", True),
    ("sub/.git", True), ("m.pyc", False), ("pkg/legacy.pyo", False), ("__pycache__", False),
    ("pytest_cache/x", False), (".hypothesis/examples/x", False), ("calc.py", False),
])
def test_ignored_paths_are_caches_and_git_only(path, ignored):
    assert rules.is_ignored(path) is ignored


def test_the_git_pathspecs_leave_out_exactly_the_ignored_paths(tmp_path):
    """git, given rules.git_excludes(), stages every path is_ignored keeps and none it leaves out."""
    paths = ["calc.py", "m.pyc", "__pycache__/m.cpython-311.pyc", "a/.pytest_cache/v/x", ".mypy_cache/x",
             "deep/er/.ruff_cache/y", "pkg/__pycache__", "pytest_cache/x", "a/b/c.txt"]
    for rel in paths:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(rel)
    env = {"GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1",
           **{k: os.environ[k] for k in ("PATH", "SYSTEMROOT") if k in os.environ}}
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True, env=env)
    subprocess.run(["git", "add", "-A", "-f", "--", ".", *rules.git_excludes()], cwd=tmp_path, check=True, env=env)
    staged = subprocess.run(["git", "ls-files"], cwd=tmp_path, check=True, env=env, capture_output=True, text=True)
    assert sorted(staged.stdout.split()) == sorted(p for p in paths if not rules.is_ignored(p))
    assert "m.pyc" in staged.stdout and "pkg/__pycache__" in staged.stdout


def test_bytecode_outside_a_cache_is_code_no_rule_reads():
    assert rules.is_compiled_module("legacy.pyc") and rules.is_compiled_module("x.cpython-311-x86_64-linux-gnu.so")
    assert not rules.is_compiled_module("calc.py")


def test_pytest_settings_of_a_pyproject():
    base = b'[project]\nname = "x"\n'
    assert rules.pytest_settings(base) is None
    assert rules.pytest_settings(None) is None
    changed = base + b'[tool.pytest.ini_options]\naddopts = "--collect-only"\n'
    assert rules.pytest_settings(changed) == {"ini_options": {"addopts": "--collect-only"}}
    assert rules.pytest_settings(b"[broken") == b"[broken"


# What an interpreter might say it imports: the standard library's json and unittest, pytest's modules, and an
# installed distribution's top-level package.
IMPORTABLE = frozenset({"json", "os", "unittest", "pytest", "_pytest", "pluggy", "pygments", "sitecustomize", "test"})


@pytest.mark.parametrize("name,shadows", [
    ("unittest", True), ("unittest.py", True), ("json.py", True), ("pytest.py", True), ("_pytest", True),
    ("pluggy", True), ("os.cpython-311-x86_64-linux-gnu.so", True), ("sitecustomize.py", True), ("pygments", True),
    ("calc.py", False), ("mypkg", False), ("README.md", False), ("data", False), ("argparse.py", False),
])
def test_shadowing_names_are_what_the_interpreter_imports(name, shadows):
    assert rules.shadows(name, IMPORTABLE) is shadows


def test_only_regular_packages_shadow_as_directories():
    assert rules.shadows("unittest", IMPORTABLE, is_dir=True, is_package=True)
    assert not rules.shadows("json", IMPORTABLE, is_dir=True, is_package=False), "a namespace dir loses to json"
    assert not rules.shadows("test", IMPORTABLE, is_dir=True, is_package=True), "CPython's test package is no runner's"
    assert not rules.shadows("my-data", IMPORTABLE, is_dir=True, is_package=True)


def test_plugin_metadata_names():
    assert rules.is_plugin_metadata("evil-1.0.dist-info") and rules.is_plugin_metadata("x.pth")
    assert not rules.is_plugin_metadata("info.py")


def _unittest_output(tmp_path, body: str) -> tuple[int, bytes]:
    (tmp_path / "tests").mkdir(exist_ok=True)
    (tmp_path / "tests" / "__init__.py").write_text("")
    (tmp_path / "tests" / "test_a.py").write_text(body)
    done = subprocess.run([sys.executable, "-m", "unittest", "discover", "-s", "tests", "-t", ".", "-q"],
                          cwd=tmp_path, capture_output=True)
    return done.returncode, done.stdout + done.stderr


def _pytest_output(tmp_path, body: str, *args: str) -> tuple[int, bytes]:
    (tmp_path / "test_a.py").write_text(body)
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args],
                          cwd=tmp_path, capture_output=True)
    return done.returncode, done.stdout + done.stderr


PASSING_UNITTEST = "import unittest\nclass T(unittest.TestCase):\n    def test_ok(self): pass\n"


def test_real_unittest_summaries(tmp_path):
    command = "python -m unittest discover -s tests -t . -q"
    code, out = _unittest_output(tmp_path, PASSING_UNITTEST)
    assert code == 0 and rules.summary_problem(command, out) is None
    code, out = _unittest_output(tmp_path, "import os\nos._exit(0)\n")
    assert code == 0 and rules.summary_problem(command, out) == "no_tests_ran"
    code, out = _unittest_output(tmp_path, "import unittest\n")
    assert code in (0, 5) and rules.summary_problem(command, out) == "no_tests_ran"
    code, out = _unittest_output(tmp_path, "import atexit, os, unittest\natexit.register(lambda: os._exit(0))\n"
                                           "class T(unittest.TestCase):\n    def test_no(self): self.fail()\n")
    assert code == 0 and rules.summary_problem(command, out) == "test_summary_failed"


@pytest.mark.slow
def test_real_pytest_summaries(tmp_path):
    command = "python -m pytest -q"
    code, out = _pytest_output(tmp_path, "def test_ok():\n    pass\n")
    assert code == 0 and rules.summary_problem(command, out) is None
    code, out = _pytest_output(tmp_path, "def test_ok():\n    pass\n", "--collect-only")
    assert code == 0 and rules.summary_problem(command, out) == "no_tests_ran"
    code, out = _pytest_output(tmp_path, "import os\nos._exit(0)\n")
    assert code == 0 and rules.summary_problem(command, out) == "no_tests_ran"
    code, out = _pytest_output(tmp_path, "import atexit, os\natexit.register(lambda: os._exit(0))\n"
                                         "def test_no():\n    assert False\n")
    assert code == 0 and rules.summary_problem(command, out) == "test_summary_failed"


def test_commands_of_other_kinds_are_not_judged_by_summary():
    assert rules.runner_of("python check.py") is None
    assert rules.summary_problem("python check.py", b"") is None
    assert rules.runner_of("pytest -q") == "pytest" and rules.runner_of("python -m unittest") == "unittest"
    assert rules.runner_of(".venv/bin/pytest tests") == "pytest" and rules.runner_of("python -mpytest") == "pytest"
    assert rules.runner_of("cd sub && python -m unittest discover -s tests") == "unittest"
    assert rules.runner_of("python /tmp/pytest-of-root/check.py") is None, "a path that mentions pytest is not pytest"
    assert rules.runner_of("python tests/unittest_helpers.py") is None


RUNNER = frozenset({"unittest", "pytest", "_pytest", "pluggy"})


@pytest.mark.parametrize("source,found", [
    ("import unittest\n", ["import unittest"]),
    ("import sys, unittest as _u\n_u.TestCase.run = None\n", ["import unittest"]),
    ("from _pytest import runner as r\n", ["from _pytest import ..."]),
    ("import pluggy._hooks\n", ["import pluggy._hooks"]),
    ("m = __import__('unit' + 'test')\n", ["__import__('unittest')"]),
    ("import importlib\nm = importlib.import_module(''.join(['_py', 'test.runner']))\n",
     ["import_module('_pytest.runner')"]),
    ("m = __import__(f'{\"unit\"}test')\n", ["__import__('unittest')"]),
    ("m = __import__(bytes.fromhex('756e6974').decode())\n", ["__import__() of a name made at run time"]),
    ("import sys\nfor m in list(sys.modules.values()):\n    pass\n", ["sys.modules"]),
    ("import json\nimport unittest_like\ndef unittest(): pass\nx = 'import unittest'\n", []),
])
def test_runner_references_are_read_by_pythons_parser(source, found):
    assert rules.runner_references("calc.py", source.encode(), None, RUNNER) == [f"calc.py: {f}" for f in found]


def test_runner_references_are_only_what_the_change_adds_to_code_under_test():
    before = b"import unittest\n"
    assert rules.runner_references("calc.py", before + b"x = 1\n", before, RUNNER) == []
    assert rules.runner_references("calc.py", before + b"import pytest\n", before, RUNNER) == ["calc.py: import pytest"]
    assert rules.runner_references("tests/test_calc.py", b"import pytest\n", None, RUNNER) == []
    assert rules.runner_references("conftest.py", b"import pytest\n", None, RUNNER) == []
    assert rules.runner_references("NOTES.md", b"import pytest\n", None, RUNNER) == []
    assert rules.runner_references("calc.py", b"import pytest\n(", None, RUNNER) == [], "Python cannot import it"


def test_compiled_modules():
    assert rules.is_compiled_module("evil.cpython-311-x86_64-linux-gnu.so") and rules.is_compiled_module("x.pyd")
    assert not rules.is_compiled_module("calc.py")


def test_command_runners_are_the_python_modules_grading_commands_run():
    assert rules.command_runners("python -m unittest discover -s tests -t . -q") == ["unittest"]
    assert rules.command_runners("python3.12 -m pytest -q && pytest tests/") == ["pytest", "pytest"]
    assert rules.command_runners("/usr/bin/python3 -m mypkg.cli --check") == ["mypkg.cli"]
    assert rules.command_runners("python run_mutants.py") == []
    assert rules.command_runners("echo pytest") == []
