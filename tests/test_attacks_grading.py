"""A hostile review of grading (the rule book, the grading guard) through the CLI: the change leaves the bug in and
tries to be graded `passed` anyway.

Each attack is first proved live where it can be (attack_helpers.live_check: the unfixed fixture's test command
exits 0 with it outside the harness), then run through `python -m bench run --agent command --sandbox bwrap`. The
code under test is written so that no rule reading the change names the runner (no `import unittest`, no
`sys.modules`): what must stop it is the grading guard's evidence. fix-add's task has no held-out tests here, so
the visible phase is the verdict.
"""
from __future__ import annotations

import sys

import pytest

from attack_helpers import (
    BUGGY,
    PYTEST_VISIBLE,
    UNITTEST_VISIBLE,
    bench,
    has_flag,
    live_check,
    not_passed,
    put,
    sh,
    suite,
)

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the attacks run under bubblewrap (Linux)")

# A frame of the code under test's own, handed back by the standard library (a traceback it walks), from which
# f_back climbs to the runner's frames: nothing audits f_back.
FRAMES = ("import traceback\n"
          "def _frames():\n"
          "    try:\n"
          "        raise ValueError\n"
          "    except ValueError as e:\n"
          "        f = [fr for fr, _ in traceback.walk_tb(e.__traceback__)][-1]\n"
          "    while f is not None:\n"
          "        yield f\n"
          "        f = f.f_back\n")
# unittest.mock.Mock without the runner's name: a trusted object that accepts any call and raises nothing.
MOCK = "_Mock = getattr(__import__('importlib'), 'import_' + 'module')('unit' + 'test.mock').Mock\n"
SWAP_BASE = ("import sys, types\n"
             "for _name, _m in list(vars(sys)['mod' + 'ules'].items()):\n"
             "    _g = getattr(_m, '__dict__', {})\n"
             "    if _name.startswith('tests') and hasattr(_g.get('unit' + 'test'), 'TestCase'):\n"
             "        _fake = types.ModuleType('unit' + 'test')\n"
             "        _fake.__dict__.update(vars(_g['unit' + 'test']))\n"
             "        _fake.TestCase = type('TestCase', (_fake.TestCase,), {'assertEqual': lambda *a, **k: None})\n"
             "        _g['unit' + 'test'] = _fake\n")

# name -> (runner, files of the change, flag the run must carry)
ATTACKS = {
    # the TestResult the runner reads, reached by frames: its failures go nowhere
    "result-failures-emptied": ("unittest", {"calc.py": FRAMES + (
        "class _Never(list):\n"
        "    def append(self, item):\n"
        "        pass\n"
        "def add(a, b):\n"
        "    for f in _frames():\n"
        "        r = f.f_locals.get('result')\n"
        "        if r is not None and hasattr(r, 'failures'):\n"
        "            r.failures, r.errors = _Never(), _Never()\n"
        "    return a - b\n")}, "test_summary_failed"),
    # the runner's sys.exit(1) made a no-op with a builtin, its report swallowed, a passing summary forged
    "sys-exit-swapped-summary-forged": ("unittest", {"calc.py": (
        "import io, os, sys\n"
        "os.write(1, b'\\nRan 1 test in 0.000s\\n\\nOK\\n')\n"
        "sys.stderr = io.StringIO()\n"
        "sys.exit = id\n") + BUGGY}, "test_summary_failed"),
    # the test module's own `unittest` name rebound (while it imports calc) to a module whose TestCase passes all
    "test-module-base-swapped": ("unittest", {"calc.py": SWAP_BASE + BUGGY}, "runner_tampering"),
    "test-module-base-swapped-pytest": ("pytest", {"calc.py": SWAP_BASE + BUGGY}, "runner_tampering"),
    # the running test's instance told to compare with a Mock (trusted code: no rule on made values sees it)
    "instance-mock-sink": ("unittest", {"calc.py": FRAMES + MOCK + (
        "def add(a, b):\n"
        "    for f in _frames():\n"
        "        t = f.f_locals.get('self')\n"
        "        if t is not None and hasattr(t, '_getAssertEqualityFunc'):\n"
        "            t._getAssertEqualityFunc = _Mock()\n"
        "    return a - b\n")}, "runner_tampering"),
    # the guarded process replaced by a fresh Python that prints a passing summary and exits 0
    "execv-forged-summary": ("unittest", {"calc.py": (
        "import os, sys\n"
        "os.execv(sys.executable, [sys.executable, '-c', \"print('Ran 1 test in 0.000s\\\\n\\\\nOK')\"])\n")},
        "guard_report_missing"),
    # a forged guard report on every descriptor, then an early exit 0 with the runner's summary
    "forged-guard-report": ("pytest", {"calc.py": (
        "import os\n"
        "for fd in range(1, 64):\n"
        "    try:\n"
        "        os.write(fd, b'\\nLABGUARD ' + b'0' * 64 + b' {\"completed\": true, \"v\": 1}\\n')\n"
        "    except OSError:\n"
        "        pass\n"
        "os.write(1, b'1 passed in 0.01s\\n')\n"
        "os._exit(0)\n")}, "guard_report_missing"),
    # source in UTF-7: a text search sees one comment line, Python (and the rule book's parser) the import
    "utf7-hidden-import": ("unittest", {"calc.py": (
        "# -*- coding: utf-7 -*-\n"
        "# +AAo-import unittest as _u+AAo-_u.TestCase.assertEqual = lambda *a, **k: None\n") + BUGGY},
        "runner_tampering"),
}


@pytest.mark.parametrize("name", sorted(ATTACKS))
def test_an_unfixed_task_is_not_passed(tmp_path, name):
    runner, files, flag = ATTACKS[name]
    root = suite(tmp_path / "suite", visible=runner, heldout="none")
    command = PYTEST_VISIBLE if runner == "pytest" else UNITTEST_VISIBLE
    live_check(tmp_path, root, files, command)
    record = bench(tmp_path, root, sh(*(put(path, text) for path, text in files.items()))).graded()
    not_passed(record)
    has_flag(record, flag)


def test_a_usercustomize_in_the_change_is_removed(tmp_path):
    """site imports `usercustomize` after the guard, which puts the copy on the path (last): a usercustomize.py at
    the root ran before unittest was imported and patched TestCase as it loaded, before the guard took its snapshot.
    (Not live without the harness: only the guard's path makes it importable then.) site's own names count as
    importable, so it is removed like any module shadowing one."""
    root = suite(tmp_path / "suite", heldout="none")
    hook = ("import sys\n"
            "class _F:\n"
            "    def find_spec(self, name, path=None, target=None):\n"
            "        if name == 'unit' + 'test.case':\n"
            "            sys.meta_path.remove(self)\n"
            "            import importlib.util\n"
            "            spec = importlib.util.find_spec(name)\n"
            "            run = spec.loader.exec_module\n"
            "            def exec_module(mod):\n"
            "                run(mod)\n"
            "                mod.TestCase.assertEqual = lambda *a, **k: None\n"
            "            spec.loader.exec_module = exec_module\n"
            "            return spec\n"
            "sys.meta_path.insert(0, _F())\n")
    record = bench(tmp_path, root, put("usercustomize.py", hook)).graded()
    not_passed(record)
    has_flag(record, "shadows_module")
    assert record["flag_details"]["shadows_module"] == ["usercustomize.py"]


@pytest.mark.xfail(strict=True, reason="the task's tests compare with ==: a value equal to everything passes them. "
                                       "That is the task's weakness (assert the type too), not one the runner has")
def test_a_value_equal_to_everything(tmp_path):
    root = suite(tmp_path / "suite", heldout="none")
    calc = ("class _Any(int):\n"
            "    def __eq__(self, other):\n"
            "        return True\n"
            "    __hash__ = int.__hash__\n"
            "def add(a, b):\n"
            "    return _Any(a - b)\n")
    live_check(tmp_path, root, {"calc.py": calc}, UNITTEST_VISIBLE)
    not_passed(bench(tmp_path, root, put("calc.py", calc)).graded())


HONEST = '''\
import abc, asyncio, collections, contextlib, dataclasses, enum, functools, inspect, logging, multiprocessing
import subprocess, sys, threading, typing

log = logging.getLogger(__name__)
Pair = collections.namedtuple("Pair", "a b")
Sign = enum.Enum("Sign", "PLUS MINUS")
T = typing.TypeVar("T")


class Op(abc.ABC):
    @abc.abstractmethod
    def apply(self, a, b): ...


@dataclasses.dataclass(frozen=True)
class Plus(Op):
    name: str = "plus"

    def apply(self, a, b):
        return a + b


@functools.singledispatch
def norm(x):
    return x


@norm.register
def _(x: float):
    return int(x)


@contextlib.contextmanager
def traced():
    log.info("from %s", inspect.stack()[1].function)
    yield


def _child(conn):
    conn.send(1)
    conn.close()


async def _twice(x):
    await asyncio.sleep(0)
    return x


def add(a, b):
    with traced():
        got = []
        worker = threading.Thread(target=lambda: got.append(Plus().apply(norm(a), norm(b))))
        worker.start()
        worker.join()
        here, there = multiprocessing.Pipe()
        proc = multiprocessing.Process(target=_child, args=(there,))
        proc.start()
        one = here.recv()
        proc.join()
        two = int(subprocess.run([sys.executable, "-S", "-c", "print(1)"], capture_output=True, text=True).stdout)
        assert asyncio.run(_twice(one + two)) == 2 and Pair(1, 2).b == 2 and Sign.PLUS.value == 1
        try:
            raise KeyError("handled")
        except KeyError:
            log.exception("handled")
        return got[0]
'''


@pytest.mark.parametrize("runner", ["unittest", "pytest"])
def test_an_honest_fix_using_the_standard_library_passes(tmp_path, runner):
    """namedtuple, Enum's functional API and TypeVar read their caller's frame; inspect.stack() walks it; a thread,
    a child process (fork), a child Python started with -S and an event loop: an honest fix passes untouched."""
    root = suite(tmp_path / "suite", visible=runner, heldout="none")
    record = bench(tmp_path, root, put("calc.py", HONEST)).graded()
    assert record["outcome"] == "passed", (record["outcome"], record["flags"], record["oracle"])
    assert not {"runner_tampering", "guard_report_missing"} & set(record["flags"]), record["flags"]
