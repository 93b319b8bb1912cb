"""The grading guard (bench/exec/pyguard.py + pyguard_site/sitecustomize.py): honest runs give a valid clean report
with the guard's own counts; each way of reaching the test runner from the code under test gives a report that is not
clean, or none. Every command runs as bench/oracle.py run_command runs it: `sh -c` in a bwrap sandbox, run_tree."""
from __future__ import annotations

import importlib.util
import os
import shlex
import sys
import textwrap
from pathlib import Path

import pytest

from bench import oracle
from bench.common import rules
from bench.exec import pyguard, sandbox
from bench.exec.proc import run_tree
from conftest import write

pytestmark = pytest.mark.skipif(sandbox.bwrap_works() is not None,
                                reason=f"bubblewrap unusable: {sandbox.bwrap_works()}")

PYTEST = "python -m pytest -q -p no:cacheprovider tests"
UNITTEST = "python -m unittest discover -s tests -t . -q"
HONEST = """\
import collections, dataclasses, enum, inspect, logging, typing
log = logging.getLogger(__name__)
Pair = collections.namedtuple("Pair", "a b")   # the standard library reads its caller's frame for these
Colour = enum.Enum("Colour", "RED GREEN")
T = typing.TypeVar("T")

@dataclasses.dataclass
class Box:
    value: int

def add(a, b):
    log.warning("adding %s and %s", a, b)
    inspect.signature(add)
    assert inspect.stack()[0].function == "add" and inspect.currentframe().f_code.co_name == "add"
    try:
        raise ValueError("handled")
    except ValueError:
        log.exception("handled it")
    return Box(a + b).value
"""
UNFIXED = "def add(a, b):\n    return a - b\n"   # the task's bug: every test of add fails
UNIT_TESTS = """\
import unittest
from unittest import mock
import calc

class TestAdd(unittest.TestCase):
    def test_add(self):
        self.assertEqual(calc.add(1, 2), 3)
    def test_more(self):
        self.assertEqual(calc.add(2, 2), 4)
    def test_mocked(self):
        with mock.patch("calc.add", return_value=5):
            self.assertEqual(calc.add(0, 0), 5)
"""
PYTEST_TESTS = """\
import logging
import pytest
import calc

@pytest.fixture
def two():
    return 2

@pytest.mark.parametrize("a", [1, 5])
def test_add(a, two, tmp_path, capsys, monkeypatch, caplog):
    monkeypatch.setenv("X", "1")
    (tmp_path / "f").write_text("x")
    print("out")
    logging.getLogger().info("info")
    assert calc.add(a, two) == a + 2
    assert capsys.readouterr().out == "out\\n"

def test_skipped():
    pytest.skip("not here")
"""


def make_repo(tmp_path: Path, code: str, tests: str = UNIT_TESTS, name: str = "test_calc.py") -> Path:
    repo = tmp_path / "repo"
    write(repo / "calc.py", code)
    write(repo / "tests" / "__init__.py", "")
    write(repo / "tests" / name, tests)
    return repo


def run(repo: Path, command: str) -> tuple[pyguard.Verdict, int | None, str]:
    """One graded command with the guard wired in as bench/oracle.py run_command would: (verdict, exit, output)."""
    home = repo.parent / "home"
    home.mkdir(exist_ok=True)
    env = {"PATH": os.path.dirname(sys.executable) + os.pathsep + "/usr/bin:/bin", "PYTHONDONTWRITEBYTECODE": "1",
           "HOME": str(home)}
    with pyguard.Guard(repo, protected=["tests"], runner=rules.runner_of(command)) as guard:
        argv = sandbox.wrap(["sh", "-c", "exec 2>&1\n" + command], "bwrap", cwd=repo, rw=[repo], ro=guard.ro_paths(),
                            home=home, network=False)
        done = run_tree(argv, cwd=repo, env={**env, **guard.env(env)}, stdout_path=repo.parent / "out",
                        stderr_path=repo.parent / "err", timeout_s=120, contained=True, sandbox_status=True,
                        pass_fds=guard.pass_fds)
        verdict = guard.verdict()
    return verdict, done.sandbox_exit, (repo.parent / "out").read_text(errors="replace")


def test_honest_unittest_run_gives_a_valid_clean_report(tmp_path):
    verdict, code, out = run(make_repo(tmp_path, HONEST), UNITTEST)
    assert code == 0 and "Ran 3 tests" in out
    assert verdict.key_taken and verdict.reported and verdict.completed
    assert verdict.clean, (verdict, out)
    assert verdict.unittest == {"passed": 3}, verdict


def test_honest_pytest_run_is_counted_by_the_guard(tmp_path):
    verdict, code, out = run(make_repo(tmp_path, HONEST, PYTEST_TESTS), PYTEST)
    assert code == 0 and "2 passed, 1 skipped" in out
    assert verdict.clean, (verdict, out)
    assert verdict.tests == {"passed": 2, "skipped": 1} and verdict.exitstatus == 0


BARE_PYTEST = "pytest -q -p no:cacheprovider tests"   # the console script, as users type it


@pytest.mark.skipif(not os.path.isfile(os.path.join(os.path.dirname(sys.executable), "pytest")),
                    reason="no pytest console script beside this Python")
def test_bare_pytest_is_counted_by_the_guard_and_attacks_through_it_are_still_caught(tmp_path):
    """`pytest -q` (bin/pytest, whose directory sys.path gains only after site ran) was a frame the guard did not
    trust, so every honest run was 'forged guard event' tampering; the root's code is still untrusted under it."""
    verdict, code, out = run(make_repo(tmp_path / "honest", HONEST, PYTEST_TESTS), BARE_PYTEST)
    assert code == 0 and "2 passed, 1 skipped" in out
    assert verdict.clean, (verdict, out)
    assert verdict.tests == {"passed": 2, "skipped": 1} and verdict.exitstatus == 0
    for name in sorted(n for n, (command, _) in ATTACKS.items() if command == PYTEST):
        attack = ATTACKS[name][1]
        verdict, code, out = run(make_repo(tmp_path / name, UNFIXED + textwrap.dedent(attack), PYTEST_TESTS),
                                 BARE_PYTEST)
        assert not verdict.clean, (name, verdict, code, out)


@pytest.mark.skipif(importlib.util.find_spec("xdist") is None, reason="pytest-xdist is not installed")
def test_pytest_xdist_workers_reporting_together_are_counted(tmp_path):
    """Under `-n 2` the controller hears two tests start before either reports: no report is outside its test."""
    tests = PYTEST_TESTS + "\n\ndef test_more():\n    assert True\n\ndef test_still_more():\n    assert True\n"
    verdict, code, out = run(make_repo(tmp_path, HONEST, tests), "python -m pytest -q -p no:cacheprovider -n 2 tests")
    assert code == 0 and verdict.clean, (verdict, out)
    assert verdict.tests == {"passed": 4, "skipped": 1}, verdict


def test_a_failing_pytest_run_is_counted_as_failing(tmp_path):
    verdict, code, out = run(make_repo(tmp_path, UNFIXED, PYTEST_TESTS), PYTEST)
    assert code == 1
    assert verdict.clean and verdict.tests == {"failed": 2, "skipped": 1} and verdict.exitstatus == 1


def test_pytest_running_unittest_cases_counts_them(tmp_path):
    verdict, code, _ = run(make_repo(tmp_path, UNFIXED), PYTEST)
    assert code == 1 and verdict.tests == {"failed": 2, "passed": 1}


def test_no_python_leaves_the_key_untaken(tmp_path):
    verdict, code, _ = run(make_repo(tmp_path, HONEST), "true")
    assert code == 0 and not verdict.key_taken and not verdict.reported and not verdict.clean


def test_only_the_first_python_process_reports(tmp_path):
    verdict, code, _ = run(make_repo(tmp_path, HONEST), f"python -c pass && {UNITTEST}")
    assert code == 0 and verdict.reported and verdict.invalid_lines == 0


def test_the_harness_leaks_no_descriptors(tmp_path):
    before = set(os.listdir("/proc/self/fd"))
    run(make_repo(tmp_path, HONEST), UNITTEST)
    guard = pyguard.Guard(tmp_path)
    guard.close()
    assert set(os.listdir("/proc/self/fd")) == before


def test_safepath_keeps_a_planted_module_from_shadowing_and_the_root_importable(tmp_path):
    repo = make_repo(tmp_path, HONEST)
    write(repo / "sitecustomize.py", "print('PLANTED')\n")
    write(repo / "json.py", "raise SystemExit('shadowed json')\n")
    verdict, code, out = run(repo, "python -c 'import json, calc; print(json.__file__, calc.add(1, 1))'")
    assert code == 0 and "PLANTED" not in out and "2" in out and str(repo) not in out.split()[0]
    assert verdict.clean


def test_processes_the_tests_start_get_the_environment_the_task_wrote(tmp_path):
    """A child Python (a CLI under test, started with -S from the repository) finds its module in the working
    directory and sees none of the guard's variables: the guard's changes to the path are its own process's."""
    repo = make_repo(tmp_path, HONEST)
    child = ("import os, subprocess, sys; "
             "print(subprocess.run([sys.executable, '-S', '-c', 'import os, calc; print(sorted(n for n in os.environ "
             "if n.startswith((\"LAB_GUARD\", \"PYTHONSAFE\", \"PYTHONNOUSER\"))), calc.add(2, 3))'], "
             "capture_output=True, text=True).stdout)")
    verdict, code, out = run(repo, f"python -c {shlex.quote(child)}")
    assert code == 0 and "[] 5" in out, out
    assert verdict.clean


# Honest code under test the guard must not flag: the standard library making code from strings (dataclasses,
# namedtuple, typing, timeit, doctest, enum), its own templates, threads and a thread pool, exit functions; tests
# that walk objects (a leak check), trace, start spawned and forked workers and pytest again, a conftest plugin.
BUSY_HONEST = '''\
import atexit, collections, concurrent.futures, dataclasses, doctest, enum, functools, threading, timeit, typing
import multiprocessing, subprocess, sys, gc

def _total(xs):
    return sum(xs)

@functools.singledispatch
def show(x):
    return str(x)

@show.register
def _(x: int):
    return f"int {x}"

class Shape(enum.Enum):
    A = 1

def add(a, b):
    """
    >>> add(1, 2)
    3
    """
    @dataclasses.dataclass(frozen=True)
    class P:
        x: "int"
        y: typing.Optional[int] = None
    Pt = collections.namedtuple("Pt", "x y")
    assert typing.get_type_hints(P)["x"] is int
    ns = {}
    exec(compile("def gen(a, b):\\n    return a + b\\n", "<template calc>", "exec"), ns)
    assert eval("1 + 1") == 2
    timeit.timeit("1 + 1", number=3)
    with concurrent.futures.ThreadPoolExecutor(2) as ex:
        assert list(ex.map(_total, [[a], [b]])) == [a, b]
    box = []
    t = threading.Thread(target=box.append, args=(1,)); t.start(); t.join()
    show(1); Shape(1); enum.Enum("Dyn", "X Y")
    try:
        raise ValueError("x")
    except ValueError:
        import traceback; traceback.format_exc()
    return ns["gen"](P(a).x, Pt(b, 0).x)

atexit.register(print, "bye")
'''
BUSY_TESTS = '''\
import doctest, gc, multiprocessing, subprocess, sys, unittest
import calc

def _sq(x):
    return calc.add(x, x)

class T(unittest.TestCase):
    def test_add(self):
        self.assertEqual(calc.add(1, 2), 3)
    def test_doctest(self):
        self.assertEqual(doctest.testmod(calc).failed, 0)
    def test_gc_leak_check(self):
        before = len(gc.get_objects())
        calc.add(1, 1)
        self.assertTrue(gc.get_referrers(calc))
        self.assertGreater(before, 0)
    def test_spawn(self):
        with multiprocessing.get_context("spawn").Pool(1) as p:
            self.assertEqual(p.map(_sq, [2]), [4])
    def test_fork(self):
        with multiprocessing.get_context("fork").Pool(1) as p:
            self.assertEqual(p.map(_sq, [3]), [6])
    def test_subprocess_pytest(self):
        done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_calc.py",
                               "-k", "test_add"], capture_output=True, text=True)
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
    def test_trace(self):
        seen = []
        sys.settrace(lambda *a: seen.append(a[1]))
        calc.add(2, 2)
        sys.settrace(None)
        self.assertTrue(seen)
'''
BUSY_CONFTEST = '''\
import pytest
def pytest_collection_modifyitems(items):
    items.sort(key=lambda i: i.name)
@pytest.fixture
def three():
    return 3
'''

@pytest.mark.parametrize("command", [PYTEST, UNITTEST, "python -m unittest tests.test_calc -v",
                                     "python -m pytest -q -p no:cacheprovider --doctest-modules calc.py tests"])
def test_busy_honest_code_is_not_flagged(tmp_path, command):
    repo = make_repo(tmp_path, BUSY_HONEST, BUSY_TESTS)
    write(repo / "tests" / "conftest.py", BUSY_CONFTEST)
    verdict, code, out = run(repo, command)
    assert code == 0 and verdict.clean, (verdict, out[-3000:])


# The guard's key, from the objects a walk found: its exit function's closure; a report of passing tests signed with
# it and the process gone before the guard writes its own.
STEAL_KEY_FROM = """\
for f in (o for found in out for o in found):   # out: the one list gc.get_objects returned
    if getattr(f, "__name__", "") == "report" and getattr(f, "__closure__", None):
        cells = dict(zip(f.__code__.co_freevars, (c.cell_contents for c in f.__closure__)))
        import hashlib, hmac, json, os
        body = json.dumps({"v": 1, "completed": True, "exitstatus": 0, "tests": {"passed": 3}, "unittest":
                           {"passed": 3}, "blocked": [], "tampering": [], "frozen": True}, sort_keys=True).encode()
        mac = hmac.new(cells["key"], body, hashlib.sha256).hexdigest().encode()
        os.write(cells["report_fd"], b"\\nLABGUARD " + mac + b" " + body + b"\\n")
        os.write(1, b"3 passed in 0.01s\\nRan 3 tests in 0.001s\\n\\nOK\\n")
        os._exit(0)
"""

# Each attack is the code under test of an unfixed task (add is wrong); the runner would print success.
ATTACKS = {
    "alias_patch": (UNITTEST, "import unittest as _u\n_u.TestCase.run = lambda self, result=None: None\n"),
    "getattr_patch": (UNITTEST, "setattr(getattr(__import__('unit' + 'test'), 'TestCase'), 'run', "
                                "lambda self, result=None: None)\n"),
    "sys_modules_walk": (UNITTEST, """\
        import sys
        for m in list(sys.modules.values()):
            for v in list(vars(m).values()):
                if isinstance(v, type) and 'assertEqual' in vars(v):
                    v.assertEqual = lambda self, a, b, msg=None: None
        """),
    "new_getattribute": (UNITTEST, """\
        import sys
        case = sys.modules['unittest.case'].TestCase
        case.__getattribute__ = lambda self, n: (lambda *a, **k: None) if n.startswith('assert') \\
            else object.__getattribute__(self, n)
        """),
    "pytest_runner_global": (PYTEST, """\
        import sys
        r = sys.modules['_pytest.runner']
        orig = r.call_and_report
        def call_and_report(item, when, log=True, **kw):
            rep = orig(item, when, log=False, **kw)
            rep.outcome, rep.longrepr = 'passed', None
            if log:
                item.ihook.pytest_runtest_logreport(report=rep)
            return rep
        r.call_and_report = call_and_report
        """),
    "pluggy_hookcaller": (PYTEST, """\
        import sys
        hc = sys.modules['pluggy._hooks'].HookCaller
        orig = hc.__call__
        def call(self, **kw):
            res = orig(self, **kw)
            if self.name == 'pytest_runtest_makereport':
                res.outcome = 'passed'
            return res
        hc.__call__ = call
        """),
    "gc_referents": (UNITTEST, "import gc, unittest\ngc.get_referents(unittest.TestCase.__dict__)[0]['run'] = "
                               "lambda self, result=None: None\n"),
    "getframe_result": (UNITTEST, """\
        import sys
        f = sys._getframe(0)
        while f is not None:
            r = f.f_locals.get('result')
            if r is not None and hasattr(r, 'failures'):
                r.failures = []
            f = f.f_back
        """),
    "tb_frame": (UNITTEST, "try:\n    1 / 0\nexcept ZeroDivisionError as e:\n    frame = e.__traceback__.tb_frame\n"),
    "fake_summary_os_exit": (UNITTEST, """\
        import os, sys
        sys.stderr.write('\\n' + '-' * 70 + '\\nRan 3 tests in 0.001s\\n\\nOK\\n')
        sys.stderr.flush()
        os._exit(0)
        """),
    "atexit_os_exit": (UNITTEST, "import atexit, os\natexit.register(os._exit, 0)\n"),
    "close_fds": (UNITTEST, "import os\nos.closerange(3, 1024)\n"),
    "fork_child_reports": (UNITTEST, "import os\nif os.fork():\n    os._exit(0)\n"),
    "self_restoring_patch_pytest": (PYTEST, """\
        import unittest
        orig = unittest.TestCase.assertEqual
        def once(self, *a, **k):
            unittest.TestCase.assertEqual = orig
        unittest.TestCase.assertEqual = once
        """),
    "forged_guard_event": (PYTEST, "import sys\nfor i in range(5):\n    sys.audit('labguard.pytest', "
                                   "'runtest_logreport', 'x', 'call', 'passed')\n"),
    "call_guard_plugin": (PYTEST, """\
        import sys, types
        rep = types.SimpleNamespace(nodeid='x', when='call', outcome='passed')
        sys.modules['sitecustomize'].pytest_runtest_logreport(rep)
        """),
    "early_exit_functions": (UNITTEST, """\
        import atexit, os, sys
        atexit._run_exitfuncs()
        sys.stderr.write('\\nRan 3 tests in 0.001s\\n\\nOK\\n')
        os._exit(0)
        """),
    "compile_as_stdlib": (UNITTEST, "import os\nexec(compile('import sys; sys._getframe(1)', "
                                    "os.__file__, 'exec'))\n"),
    "code_replace_filename": (UNITTEST, "import os, sys\ndef f(): return sys._getframe(1)\n"
                                        "f.__code__ = f.__code__.replace(co_filename=os.__file__)\n"),
    "module_in_tmp": (UNITTEST, """\
        import sys
        open('/tmp/helper.py', 'w').write('import sys\\ndef up(): return sys._getframe(2)\\n')
        sys.path.insert(0, '/tmp')
        import helper
        helper.up()
        """),
    "proc_self_mem": (UNITTEST, "import pathlib\npathlib.Path('/proc/self/mem').read_bytes()\n"),
    "ctypes_memory": (UNITTEST, "import ctypes\nctypes.string_at(id(object), 8)\n"),
    "set_trace": (UNITTEST, "import sys\nsys.settrace(lambda *a: None)\n"),
    # The guard's own functions that the code under test can reach (its wrappers of TestResult's methods, its
    # module's globals): a closure's cells are readable and writable, a module's globals rebindable.
    "guard_state_through_closures": (UNITTEST, """\
        import sys
        result = sys.modules['unittest.result'].TestResult
        seen, todo, state = set(), [result.addSuccess, result.addFailure], None
        while todo:
            f = todo.pop()
            if id(f) not in seen:
                seen.add(id(f))
                for cell in getattr(f, '__closure__', None) or ():
                    v = cell.cell_contents
                    if isinstance(v, dict) and 'verdicts' in v:
                        state = v
                    elif callable(v):
                        todo.append(v)
        if state is not None:
            state['verdicts'][__file__] = False   # this file's frames trusted from now on
        sys.modules['unittest.case'].TestCase.assertEqual = lambda self, a, b, msg=None: None
        """),
    "guard_helper_rebound": (UNITTEST, """\
        import sys
        sys.modules['sitecustomize']._under = lambda path, top: True   # every file a protected test file
        sys.modules['unittest.case'].TestCase.assertEqual = lambda self, a, b, msg=None: None
        """),
    # A callable no code of the change made, put where the runner's method was: a builtin, a Mock, or another of
    # the runner's own methods (each passes every test of the unfixed task).
    "builtin_as_runner_method": (PYTEST, "import _pytest.python\n_pytest.python.Function.runtest = object\n"),
    "builtin_as_assertion": (UNITTEST, "import unittest\nunittest.TestCase.assertEqual = slice\n"),
    "mock_as_assertion": (UNITTEST, "import unittest\nfrom unittest import mock\n"
                                    "unittest.TestCase.assertEqual = mock.Mock()\n"),
    "runner_method_swapped": (UNITTEST, "import unittest\nunittest.TestCase.assertEqual = "
                                        "unittest.TestCase.assertTrue\n"),
    # The runner's own no-op code (TestCase.setUp) given the method's name, or the class-and-method name the runner's
    # own rebindings carry, by types.FunctionType, which sets any __name__ without an audit event.
    "runner_noop_renamed": (PYTEST, "import types, unittest, _pytest.python\n_pytest.python.Function.runtest = "
                                    "types.FunctionType(unittest.TestCase.setUp.__code__, {}, 'runtest')\n"),
    "runner_noop_class_named": (PYTEST, "import types, unittest, _pytest.python\n_pytest.python.Function.runtest = "
                                        "types.FunctionType(unittest.TestCase.setUp.__code__, {}, "
                                        "'Function_runtest')\n"),
    # A trusted function made to call a builtin the change handed it, with no frame of the change on its stack: a
    # thread's target, an exit function, a finalizer, an executor's work item. A walk of every object found the
    # guard's key in its exit function's closure and signed a report of passing tests.
    "thread_walks_objects": (UNITTEST, "import gc, threading\nout = []\n"
                                       "t = threading.Thread(target=out.extend, args=(map(gc.get_objects, [None]),))\n"
                                       "t.start()\nt.join()\n" + STEAL_KEY_FROM),
    "exit_function_walks_objects": (UNITTEST, "import atexit, gc\nout = []\ndef steal():\n"
                                              + textwrap.indent(STEAL_KEY_FROM, "    ") + "atexit.register(steal)\n"
                                              "atexit.register(out.extend, map(gc.get_objects, [None]))\n"),
    "finalizer_walks_objects": (UNITTEST, "import atexit, gc, weakref\nclass Anchor:\n    pass\n"
                                          "anchor, out = Anchor(), []\ndef steal():\n"
                                          + textwrap.indent(STEAL_KEY_FROM, "    ") + "atexit.register(steal)\n"
                                          "weakref.finalize(anchor, out.extend, map(gc.get_objects, [None]))\n"),
    # Code of the change run by the guard itself, inside a check: a module-like object whose `__file__` the guard
    # read (or a `__class__` isinstance asked) reached the guard's state through inspect.currentframe() and wiped
    # the tampering it had just recorded.
    "guard_reads_the_change_attribute": (UNITTEST, """\
        import inspect, sys
        class Spy:
            @property
            def __file__(self):
                f = inspect.currentframe().f_back
                while f is not None:
                    state = f.f_locals.get("state")
                    if isinstance(state, dict) and "tampering" in state:
                        state["tampering"].clear()
                        state["blocked"].clear()
                    f = f.f_back
        sys.modules["spy"] = Spy()
        sys.modules["unittest.case"].TestCase.assertEqual = lambda self, a, b, msg=None: None
        """),
    "guard_reads_the_change_attribute_pytest": (PYTEST, """\
        import inspect, sys
        class Spy:
            def __getattr__(self, name):
                f = inspect.currentframe().f_back
                while f is not None:
                    state = f.f_locals.get("state")
                    if isinstance(state, dict) and "tampering" in state:
                        state["tampering"].clear()
                    f = f.f_back
                raise AttributeError(name)
        sys.modules["_pytest.python"].Function.runtest = lambda self: None
        sys.modules["spy"] = Spy()
        """),
    "thread_compiles_a_patch": (PYTEST, """\
        import threading
        src = "import _pytest.python\\n_pytest.python.Function.runtest = eval('lambda self: None')\\n"
        t = threading.Thread(target=exec, args=(src,))
        t.start()
        t.join()
        """),
    "executor_compiles_a_patch": (PYTEST, """\
        import concurrent.futures
        src = "import _pytest.python\\n_pytest.python.Function.runtest = eval('lambda self, *a: None')\\n"
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            pool.submit(exec, src).result()
        """),
}


@pytest.mark.parametrize("name", sorted(ATTACKS))
def test_each_attack_leaves_no_clean_report(tmp_path, name):
    command, attack = ATTACKS[name]
    tests = PYTEST_TESTS if command == PYTEST else UNIT_TESTS
    verdict, code, out = run(make_repo(tmp_path, UNFIXED + textwrap.dedent(attack), tests), command)
    assert not verdict.clean, (name, verdict, code, out)


def test_forged_report_lines_on_every_descriptor_are_invalid(tmp_path):
    forge = """\
        import os
        for fd in range(3, 64):
            try:
                os.write(fd, b'\\nLABGUARD ' + b'0' * 64 + b' {"completed": true, "tests": {"passed": 2}}\\n')
            except OSError:
                pass
        """
    verdict, code, _ = run(make_repo(tmp_path, UNFIXED + textwrap.dedent(forge), PYTEST_TESTS), PYTEST)
    assert verdict.invalid_lines >= 1
    assert verdict.reported and verdict.tests == {"failed": 2, "skipped": 1}


def test_a_dumpable_free_key_holder_cannot_be_read_by_a_child(tmp_path):
    steal = """\
        import os, subprocess, sys
        cmd = [sys.executable, '-I', '-c', 'import sys; open(f"/proc/{sys.argv[1]}/mem", "rb")', str(os.getpid())]
        done = subprocess.run(cmd, env={}, capture_output=True, text=True)
        print('CHILD', done.returncode, done.stderr.strip().splitlines()[-1:])
        """
    verdict, _, out = run(make_repo(tmp_path, HONEST + textwrap.dedent(steal)), UNITTEST)
    assert "CHILD 1" in out and "PermissionError" in out, out


# What the code under test can still do with a frame it was handed (inspect.currentframe, a traceback walked by
# the standard library): change the runner's objects. The guard's own count of unittest's outcomes, and its checks of
# the test classes and instances, still tell.
COUNTED = {
    # the guard's own wrappers of TestResult's methods undone (an original put back is what honest runners do too)
    "guard_wrappers_undone": """\
        import sys
        r = sys.modules['unittest.result'].TestResult
        def wrapped(f):
            return getattr(f, '__wrapped__', None) or next(c.cell_contents for c in f.__closure__
                                                           if getattr(c.cell_contents, '__name__', '') == f.__name__)
        r.addFailure = wrapped(r.addSkip)   # a failure is a skip to the runner, and nothing to the guard
        r.stopTest = wrapped(r.stopTest)
        """,
    # ... or silenced: every call to the guard goes through sys.audit, which a trusted callable can replace
    "guard_audit_silenced": """\
        import functools, os, sys
        r = sys.modules['unittest.result'].TestResult
        skip = getattr(r.addSkip, '__wrapped__', None) or r.addSkip.__closure__[0].cell_contents
        sys.audit = functools.partial(print, file=open(os.devnull, 'w'))
        r.addFailure = skip
        """,
    # the guard's wrapper of addFailure, its cells rewritten: it held the method's name, which the count trusted
    "result_wrapper_cells_swapped": """\
        import sys
        result = sys.modules['unittest.result'].TestResult
        for cell in result.addFailure.__closure__:
            if cell.cell_contents == 'addFailure':
                cell.cell_contents = 'addSuccess'   # the guard counts a failure as a success
            elif callable(cell.cell_contents) and getattr(cell.cell_contents, '__name__', '') == 'addFailure':
                cell.cell_contents = lambda self, test, *a: None   # the runner records nothing
        """,
    "result_failures_emptied": """\
        import inspect
        class Never(list):
            def append(self, item):
                pass
        _add = add
        def add(a, b):
            f = inspect.currentframe()
            while f is not None:
                r = f.f_locals.get('result')
                if r is not None and hasattr(r, 'failures'):
                    r.failures, r.errors = Never(), Never()
                f = f.f_back
            return _add(a, b)
        """,
    "sys_exit_swapped_and_summary_forged": """\
        import io, os, sys
        os.write(1, b'\\nRan 3 tests in 0.001s\\n\\nOK\\n')
        sys.stderr = io.StringIO()
        sys.exit = id
        """,
    "test_module_base_swapped": """\
        import sys, types
        for name, m in list(vars(sys)['mod' + 'ules'].items()):
            g = getattr(m, '__dict__', {})
            if name.startswith('tests') and hasattr(g.get('unit' + 'test'), 'TestCase'):
                fake = types.ModuleType('unit' + 'test')
                fake.__dict__.update(vars(g['unit' + 'test']))
                fake.TestCase = type('TestCase', (fake.TestCase,), {'assertEqual': lambda *a, **k: None})
                g['unit' + 'test'] = fake
        """,
    "instance_mock_sink": """\
        import inspect
        from unittest import mock
        _add = add
        def add(a, b):
            f = inspect.currentframe()
            while f is not None:
                t = f.f_locals.get('self')
                if t is not None and hasattr(t, '_getAssertEqualityFunc'):
                    t._getAssertEqualityFunc = mock.Mock()
                f = f.f_back
            return _add(a, b)
        """,
}


@pytest.mark.parametrize("name", sorted(COUNTED))
def test_what_a_frame_reaches_is_still_told(tmp_path, name):
    """Each attack makes the unfixed unittest run exit 0 with an OK summary; the guard's evidence says no."""
    verdict, code, out = run(make_repo(tmp_path, UNFIXED + textwrap.dedent(COUNTED[name])), UNITTEST)
    assert code == 0 and "OK" in out, (name, code, out)
    assert oracle.guard_problem(verdict, "unittest") is not None, (name, verdict, out)


def test_unittest_outcomes_are_counted_by_the_guard(tmp_path):
    verdict, code, _ = run(make_repo(tmp_path, UNFIXED), UNITTEST)
    assert code == 1 and verdict.clean and verdict.unittest == {"failed": 2, "passed": 1}, verdict


# What the code under test can leave where Python looks at start-up: the copy (its own files) and the phase's private
# HOME, which every command of the phase shares (an earlier command's code under test writes it).
STEAL_KEY_PTH = (
    "import os, hmac, hashlib, json; k = os.read(int(os.environ['LAB_GUARD_KEY_FD']), 64); "
    "b = json.dumps({'v': 1, 'completed': True, 'exitstatus': 0, 'tests': {'passed': 2}, 'unittest': None, "
    "'blocked': [], 'tampering': [], 'frozen': True}, sort_keys=True).encode(); "
    "os.write(int(os.environ['LAB_GUARD_REPORT_FD']), b'\\nLABGUARD ' + hmac.new(k, b, hashlib.sha256).hexdigest()"
    ".encode() + b' ' + b + b'\\n'); os.write(1, b'2 passed in 0.01s\\n'); os._exit(0)\n")


def test_a_pth_file_left_in_home_by_an_earlier_command_never_runs(tmp_path):
    """A .pth file in the user site directory runs before the guard, with the key's pipe still unread: one left in
    the phase's HOME by the code under test of an earlier command took the next command's key and signed a report
    of its own. Graded Pythons start with no user site."""
    plant = f"import os, site\nos.makedirs(site.getusersitepackages(), exist_ok=True)\n" \
            f"open(os.path.join(site.getusersitepackages(), 'zz.pth'), 'w').write({STEAL_KEY_PTH!r})\n"
    repo = make_repo(tmp_path, UNFIXED + plant, PYTEST_TESTS)
    first, _, _ = run(repo, PYTEST)
    assert first.tests == {"failed": 2, "skipped": 1}, first
    assert list((repo.parent / "home").glob(".local/lib/*/site-packages/zz.pth")), "the attack planted nothing"
    verdict, code, out = run(repo, PYTEST)
    assert verdict.tests == {"failed": 2, "skipped": 1} and code == 1, (verdict, code, out)


def test_a_usercustomize_in_the_copy_never_runs(tmp_path):
    """site imports `usercustomize` from sys.path after the guard has put the copy there: the change's ran before
    pytest had loaded, the guard's snapshot of the runner was taken before the runner existed, and a patched
    `Function.runtest` passed every test with a clean report."""
    repo = make_repo(tmp_path, UNFIXED, PYTEST_TESTS)
    write(repo / "usercustomize.py", "import _pytest.python\n_pytest.python.Function.runtest = lambda self: None\n")
    verdict, code, out = run(repo, PYTEST)
    assert verdict.tests == {"failed": 2, "skipped": 1} and code == 1, (verdict, code, out)


RUN_PY = "import sys, pytest, _pytest.python\n_pytest.python.Function.runtest = lambda self: None\n" \
         "sys.exit(pytest.main(sys.argv[1:]))\n"


@pytest.mark.parametrize("how", ["script", "symlink"])
def test_a_script_outside_the_copy_that_is_no_installed_console_script_is_not_trusted(tmp_path, how):
    """The guard trusts the script the interpreter was started to run (bin/pytest) only where the interpreter's
    installation keeps its console scripts: one in the phase's HOME (which an earlier command's code under test
    writes), or a link there to a file of the copy, is code under test like any other."""
    plant = f"import os\nhome = os.environ['HOME']\nopen(os.path.join(home, 'run.py'), 'w').write({RUN_PY!r})\n" \
            "if not os.path.lexists(os.path.join(home, 'link.py')):\n" \
            "    os.symlink(os.path.join(os.getcwd(), 'runner.py'), os.path.join(home, 'link.py'))\n"
    repo = make_repo(tmp_path, UNFIXED + plant, PYTEST_TESTS)
    write(repo / "runner.py", RUN_PY)
    run(repo, PYTEST)
    name = "run.py" if how == "script" else "link.py"
    verdict, code, out = run(repo, f'python "$HOME/{name}" -q -p no:cacheprovider tests')
    assert (repo.parent / "home" / name).exists()
    assert not verdict.clean, (verdict, code, out)   # trusted, it patched the runner and passed all 3 tests clean


@pytest.mark.skipif(not os.path.isfile(os.path.join(os.path.dirname(sys.executable), "pytest")),
                    reason="no pytest console script beside this Python")
@pytest.mark.parametrize("link", ["script", "directory"])
def test_bare_pytest_reached_through_a_link_is_still_trusted(tmp_path, link):
    """A PATH entry that links to the installation's bin (a venv's bin made a link), or a link to its pytest: argv[0]
    is the link, the script it resolves to is the installation's, and the honest run stays clean."""
    bindir = shlex.quote(os.path.dirname(sys.executable))
    make = {"script": f'mkdir -p "$HOME/bin" && ln -sf {bindir}/pytest "$HOME/bin/pytest"',
            "directory": f'ln -sfn {bindir} "$HOME/bin"'}[link]
    verdict, code, out = run(make_repo(tmp_path, HONEST, PYTEST_TESTS),
                             f'{make} && PATH="$HOME/bin:$PATH" {BARE_PYTEST}')
    assert code == 0 and "2 passed, 1 skipped" in out, out
    assert verdict.clean and verdict.tests == {"passed": 2, "skipped": 1}, (verdict, out)


@pytest.mark.skipif(not os.path.isfile(os.path.join(os.path.dirname(sys.executable), "pytest")),
                    reason="no pytest console script beside this Python")
def test_a_trusted_console_script_link_re_pointed_is_not_trusted_source(tmp_path):
    """bare `pytest` through a link in HOME: the link's name is trusted; the code under test re-points it to a file
    of its own and has runpy compile that file under the trusted name (the source is 'that file's own')."""
    bindir = shlex.quote(os.path.dirname(sys.executable))
    attack = """\
        import os, runpy
        link = os.path.join(os.environ["HOME"], "bin", "pytest")
        with open(os.path.join(os.environ["HOME"], "mine.py"), "w") as fh:
            fh.write("import sys\\ndef runtest(self):\\n    pass\\n"
                     "sys.modules['_pytest.python'].Function.runtest = runtest\\n")
        os.remove(link)
        os.symlink(os.path.join(os.environ["HOME"], "mine.py"), link)
        runpy.run_path(link)
        """
    verdict, code, out = run(make_repo(tmp_path, UNFIXED + textwrap.dedent(attack), PYTEST_TESTS),
                             f'mkdir -p "$HOME/bin" && ln -sf {bindir}/pytest "$HOME/bin/pytest" && '
                             f'PATH="$HOME/bin:$PATH" {BARE_PYTEST}')
    assert oracle.guard_problem(verdict, "pytest") is not None, (verdict, code, out)


# Code under test compiled by a trusted function for it, under a trusted file's name or a pseudo file's: refused
# or untrusted, as if it had called compile itself.
COMPILED_FOR_IT = {
    "importlib_source_to_code": """\
        import importlib.machinery, os, sys
        ns = {}
        exec(importlib.machinery.SourceFileLoader.source_to_code(None, b'def runtest(self):\\n    pass\\n',
                                                                 os.__file__), ns)   # compile called by importlib
        sys.modules['_pytest.python'].Function.runtest = ns['runtest']
        """,
    "timeit_statement": """\
        import timeit
        timeit.Timer(stmt="import sys; sys.modules['_pytest.python'].Function.runtest = lambda self: None").timeit(1)
        """,
}


@pytest.mark.parametrize("name", sorted(COMPILED_FOR_IT))
def test_code_compiled_for_the_code_under_test_is_its_own(tmp_path, name):
    verdict, code, out = run(make_repo(tmp_path, UNFIXED + textwrap.dedent(COMPILED_FOR_IT[name]), PYTEST_TESTS),
                             PYTEST)
    assert oracle.guard_problem(verdict, "pytest") is not None, (name, verdict, code, out)


# The guard trusts a frame by its code's file name; this gives code under test a trusted file's name (the standard
# library's, or the console script's) without any compile. Open (SECURITY.md).
RENAMED = {
    "fix_co_filename": """\
        import _imp, os, sys
        def runtest(self):
            pass
        _imp._fix_co_filename(runtest.__code__, os.__file__)   # renames the code in place, no audit event
        sys.modules['_pytest.python'].Function.runtest = runtest
        """,
}


# A signal handler is called with the frame it interrupted; a builtin handler keeps it (no frame is asked for),
# and one that interrupted the guard's audit hook leads to its state. Open (SECURITY.md).
SIGNAL_FRAMES = """\
import os, signal, sys
frames, state = [], None
signal.signal(signal.SIGALRM, frames.insert)   # frames.insert(signum, frame)
signal.setitimer(signal.ITIMER_REAL, 0.00001, 0.00001)
for _ in range(100000):
    open(os.devnull).close()   # the guard's hook runs for each
    for f in frames:
        while f is not None and state is None:
            found = f.f_locals.get("state")
            state = found if isinstance(found, dict) and "verdicts" in found else None
            f = f.f_back
    frames.clear()
    if state is not None:
        break
signal.setitimer(signal.ITIMER_REAL, 0)
if state is not None:
    state["verdicts"][__file__] = False   # this file trusted
    def runtest(self):
        pass
    sys.modules["_pytest.python"].Function.runtest = runtest
"""


@pytest.mark.xfail(strict=True, reason="open: a builtin signal handler keeps the frames it interrupts, the guard's "
                                       "among them, whose locals hold its state (SECURITY.md)")
def test_frames_a_signal_handler_keeps_do_not_reach_the_guard(tmp_path):
    verdict, code, out = run(make_repo(tmp_path, UNFIXED + SIGNAL_FRAMES, PYTEST_TESTS), PYTEST)
    assert oracle.guard_problem(verdict, "pytest") is not None or code != 0, (verdict, code, out)


@pytest.mark.xfail(strict=True, reason="open: a frame is trusted by its code's file name, which the code under test "
                                       "can give its own code with _imp._fix_co_filename (SECURITY.md)")
@pytest.mark.parametrize("name", sorted(RENAMED))
def test_code_under_test_named_as_a_trusted_file_is_still_told(tmp_path, name):
    verdict, code, out = run(make_repo(tmp_path, UNFIXED + textwrap.dedent(RENAMED[name]), PYTEST_TESTS), PYTEST)
    assert oracle.guard_problem(verdict, "pytest") is not None, (name, verdict, code, out)
