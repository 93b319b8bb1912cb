"""LocalAgentBench's grading guard: loaded by site before any code under test, in every Python a graded command starts.

Standard library only, Python 3.10-3.13; bench/exec/pyguard.py (the harness's side) documents the protocol. A frame is
trusted when its code's file is a protected file of the grading root (the pristine tests the harness laid), lies under
a directory that was on sys.path at start-up outside the root (the standard library, site-packages), is the
installation's console script the interpreter was started to run (bin/pytest beside it), or is a pseudo file (`<frozen
...>`, or `<string>` and the like compiled by no untrusted frame before the first file of the root ran); everything
else (the change, a file the code under test wrote to /tmp) is untrusted. An audit hook (which nothing can remove)
refuses the interpreter's escape hatches to untrusted code, snapshots the runner's classes and functions when the
first file of the root runs, and checks them again before and after each pytest test and at exit. Only the first
guarded process of a command reads the one-shot key; it writes one report, MACed with that key, from its last exit
function.
PYTEST_DONT_REWRITE (pytest loads this module, already imported, as its plugin)
"""
import sys

_CALLABLE_KINDS = (type, classmethod, staticmethod, property)


def _install(env, helpers):  # noqa: C901 - one closure keeps the key and the state out of every module's globals
    import atexit
    import functools
    import gc
    import hashlib
    import hmac
    import json
    import os
    import sys
    import types
    from _thread import get_ident

    # This module's helpers, bound here: its globals are anyone's to rebind (an `_under` that says yes to everything
    # would make every file trusted), the closure's cells only through the functions that hold them.
    _under, _close, _secret_path, _MISSING, _HOOK_PREFIXES, _CALLABLE_KINDS, result_method = helpers
    audit, guard_globals = sys.audit, result_method.__globals__
    root = os.path.realpath(env["LAB_GUARD_ROOT"])
    pid, busy = os.getpid(), set()
    key, report_fd, protected = b"", None, []
    if env.get("LAB_GUARD_PROTECTED"):
        with open(env["LAB_GUARD_PROTECTED"], encoding="utf-8") as fh:
            protected = [os.path.join(root, line) for line in fh.read().splitlines() if line.strip()]
    if env.get("LAB_GUARD_KEY_FD"):
        key_fd = int(env["LAB_GUARD_KEY_FD"])
        try:
            os.set_blocking(key_fd, False)
            key = os.read(key_fd, 64)   # the first process takes the key; later ones find the pipe empty
        except OSError:
            key = b""
        finally:
            _close(os, key_fd)
        report_fd = int(env["LAB_GUARD_REPORT_FD"])
        if len(key) == 32:
            os.set_inheritable(report_fd, False)
        else:
            _close(os, report_fd)
            key, report_fd = b"", None
    trusted_dirs = [os.path.realpath(p) for p in sys.path if os.path.isabs(p)]
    trusted_dirs = [p for p in trusted_dirs if not _under(p, root) and not _under(root, p)]
    trusted_files = _console_script(os, root)
    trusted_real = {f: os.path.realpath(f) for f in trusted_files}   # a link to it may be re-pointed later
    if env.get("LAB_GUARD_SAFEPATH") == "1":
        sys.path.append(root)   # importable, after everything installed: it never shadows a module
        os.environ.pop("PYTHONSAFEPATH", None)
    if env.get("LAB_GUARD_NOUSERSITE") == "1":
        os.environ.pop("PYTHONNOUSERSITE", None)
    for name in [n for n in os.environ if n.startswith("LAB_GUARD_")]:
        del os.environ[name]   # the processes the tests start run as the task wrote them (the plugin hooks idle there)
    if key:   # no other process of this uid may read this one's memory (and the key in it) through /proc
        import ctypes
        ctypes.CDLL(None).prctl(4, 0, 0, 0, 0)   # PR_SET_DUMPABLE, 0
        for name in [m for m in sys.modules if m == "ctypes" or m.startswith(("ctypes.", "_ctypes"))]:
            del sys.modules[name]   # what the code under test loads again raises ctypes.* events
    state = {"blocked": [], "tampering": [], "tests": None, "exitstatus": None, "pm": None, "current": set(),
             "snapshot": None, "tainted": set(), "verdicts": {}, "unittest": None, "started": {}, "testcase": None,
             "wrappers": {}}
    plugin_codes = {f.__code__: f.__name__ for f in (pytest_sessionstart, pytest_runtest_logstart,
                                                     pytest_runtest_logreport, pytest_runtest_logfinish,
                                                     pytest_sessionfinish)}
    hatches = {"sys._current_frames", "gc.get_referrers", "gc.get_referents", "gc.get_objects", "sys.settrace",
               "sys.setprofile", "sys._settraceallthreads", "sys._setprofileallthreads", "sys.addaudithook"}
    walks = {"sys._current_frames", "gc.get_referrers", "gc.get_referents", "gc.get_objects"}
    frame_attrs = {"tb_frame", "gi_frame", "cr_frame", "ag_frame"}
    guarded = {"open", "sys._getframe", "object.__getattr__", "object.__setattr__", "object.__delattr__", "compile",
               "marshal.loads", "marshal.load", "code.__new__"}
    special = {"__code__", "__defaults__", "__kwdefaults__", "__module__", "__bases__", "__class__", "__name__",
               "__qualname__", "__dict__", "__globals__", "__closure__", "__annotations__"}

    def untrusted(filename):
        found = state["verdicts"].get(filename)
        if found is None:
            if filename.startswith("<"):
                found = filename in state["tainted"]
            elif not os.path.isabs(filename):
                found = True
            else:
                path = os.path.normpath(filename)
                if _under(path, root):
                    found = not any(_under(path, p) for p in protected)
                else:
                    found = path not in trusted_files and not any(_under(path, d) for d in trusted_dirs)
            if len(state["verdicts"]) < 100000:
                state["verdicts"][filename] = found
        return found

    # What the code under test made is read only through the interpreter's own descriptors: an attribute it can
    # define (a module's `__file__` or `__dict__`, the `__class__` isinstance asks, a metaclass's `__mro__`, a cell's
    # `__eq__`) would run its code inside a check, where inspect.currentframe() leads to the guard's state.
    mod_dict = types.ModuleType.__dict__["__dict__"].__get__
    cls_dict, cls_mro = type.__dict__["__dict__"].__get__, type.__dict__["__mro__"].__get__
    cls_module, cls_name = type.__dict__["__module__"].__get__, type.__dict__["__qualname__"].__get__
    cls_plain_name = type.__dict__["__name__"].__get__
    cm_func, sm_func = classmethod.__dict__["__func__"].__get__, staticmethod.__dict__["__func__"].__get__
    prop_parts = [property.__dict__[n].__get__ for n in ("fget", "fset", "fdel")]
    partial_func = functools.partial.__dict__["func"].__get__

    def is_a(value, kinds):
        return issubclass(type(value), kinds)

    def plain(text):
        return text if type(text) is str else "?"

    def inner(value):
        """The functions a method, classmethod, staticmethod, property or partial runs (None: not one of those)."""
        kind = type(value)
        if kind is types.MethodType:
            return [value.__func__]
        if issubclass(kind, (classmethod, staticmethod)):
            return [(cm_func if issubclass(kind, classmethod) else sm_func)(value)]
        if issubclass(kind, property):
            return [f for f in (get(value) for get in prop_parts) if f is not None]
        if issubclass(kind, functools.partial):
            return [partial_func(value)]
        return None

    def made_untrusted(value, depth=0):
        """Whether `value` (a callable or class) runs or was made by untrusted code."""
        kind = type(value)
        if depth > 3 or kind is types.BuiltinFunctionType:
            return False
        if kind is types.FunctionType:
            return untrusted(value.__code__.co_filename)
        parts = inner(value)
        if parts is not None:
            return any(made_untrusted(f, depth + 1) for f in parts)
        if issubclass(kind, type):
            return any(made_untrusted(v, depth + 1) for v in cls_dict(value).values() if callable(v) or
                       is_a(v, _CALLABLE_KINDS))
        if cls_module(kind) != "builtins" and not issubclass(kind, types.ModuleType):
            return made_untrusted(kind, depth + 1)   # an instance whose class runs code of its own
        return False

    def watched(mapping):
        return {k: v for k, v in mapping.items() if callable(v) or is_a(v, _CALLABLE_KINDS)}

    def freeze():
        """The runner as it stands before the first file of the root runs: its modules' and classes' callables."""
        mods, classes = [], {}
        for name, mod in list(sys.modules.items()):
            if not is_a(mod, types.ModuleType):
                continue
            members = dict(mod_dict(mod))
            where = members.get("__file__")
            if type(where) is str and _under(os.path.realpath(where), root):
                continue
            mods.append((name, mod, members))
            for v in members.values():
                if is_a(v, type) and id(v) not in classes:
                    classes[id(v)] = (v, watched(cls_dict(v)))
        state["snapshot"] = (mods, list(classes.values()))
        case = sys.modules.get("unittest.case")
        state["testcase"] = mod_dict(case).get("TestCase") if is_a(case, types.ModuleType) else None

    def note(kind, what):
        rows = state[kind]
        if what not in rows and len(rows) < 50:
            rows.append(what)

    def changed(old, new, where, runner=False):
        """Record `where` when an entry now holds a value the untrusted code made (honest runners only swap in their
        own functions, put the original back, or delete). In the runner's own modules and classes (`runner`) a
        callable is also told when no code of the change made it: a builtin or a Mock where the runner's method was
        (`Function.runtest = object`, `TestCase.assertEqual = slice` pass every test), or another of the runner's
        methods in its place (`assertEqual = assertTrue`); what the runner itself rebinds keeps its name, or is
        named for the class and the name it takes (pytest's legacypath: `Config._getini_unknown_type =
        Config__getini_unknown_type`)."""
        owner = where.rpartition(".")[2]
        for k, v in new.items():
            was = old.get(k, _MISSING)
            if was is v:
                continue
            if made_untrusted(v) or runner and (foreign(v) or was is not _MISSING
                                                and name_of(v) not in (k, f"{owner}_{k}")):
                note("tampering", f"{where}.{k}")

    def name_of(value):
        """The name a function, method or class was defined with (a function's code's own: `types.FunctionType`
        gives trusted code any `__name__`, so the runner's no-op `setUp` could stand in for `runtest`)."""
        if type(value) is types.FunctionType:
            return value.__code__.co_name
        if is_a(value, type):
            return cls_plain_name(value)
        parts = inner(value)
        return name_of(parts[0]) if parts else None

    def of_runner(module_name):
        """Whether a module (by name) is the test runner's own: unittest's, pytest's and pluggy's, and the guard's
        (unittest.mock is a library the tests use, not part of running them)."""
        name = plain(module_name)
        return name.split(".")[0] in ("unittest", "pytest", "_pytest", "pluggy", "sitecustomize") \
            and not name.startswith("unittest.mock")

    def foreign(value, depth=0):
        """Whether `value` runs no Python code the runner could have made: a builtin, a class with no function of its
        own (a C type), or an instance of a class the runner does not define (a Mock)."""
        kind = type(value)
        if kind is types.FunctionType or depth > 3:
            return False
        parts = inner(value)
        if parts is not None:
            return any(foreign(f, depth + 1) for f in parts)
        if issubclass(kind, type):
            return not any(type(v) is types.FunctionType for c in cls_mro(value) for v in cls_dict(c).values())
        return not of_runner(cls_module(kind))

    def check():
        collecting = gc.isenabled()
        gc.disable()   # no finalizer of the code under test runs inside a check (its frames lead to the state)
        try:
            checked()
        finally:
            if collecting:
                gc.enable()

    def checked():
        pm, snapshot = state["pm"], state["snapshot"]
        intact()
        if snapshot is not None:
            for name, mod, members in snapshot[0]:
                now = sys.modules.get(name, mod)
                is_module = is_a(now, types.ModuleType)
                if now is not mod and (any(map(made_untrusted, watched(mod_dict(now)).values())) if is_module
                                       else made_untrusted(now)):
                    note("tampering", f"sys.modules[{name!r}] (replaced)")
                changed(watched(members), watched(mod_dict(mod)), name, of_runner(name))
            for cls, members in snapshot[1]:
                where = cls_module(cls)
                changed(members, watched(cls_dict(cls)), f"{plain(where)}.{plain(cls_name(cls))}", of_runner(where))
        check_test_classes()
        if pm is not None:
            relay = pm.hook
            callers = [] if made_untrusted(type(relay)) else list(vars(relay).items())
            for name, caller in callers:
                if made_untrusted(type(caller)) or made_untrusted(type(pm)):
                    note("tampering", f"pytest hook {name} replaced")
                    continue
                for impl in getattr(caller, "get_hookimpls", lambda: [])():
                    if made_untrusted(impl.function):
                        note("tampering", f"pytest hook {name} implemented by {impl.plugin_name}")

    def intact():
        """The guard's own lines to its hook as it laid them: `sys.audit`, the `sys` its plugin hooks and wrappers
        call it through, and each TestResult wrapper (in place, holding the method it wraps). A runner may put an
        original back; these must stay, or events go unreported (a trusted `print` as `sys.audit`, the wrapped
        originals restored from the wrappers' cells) and a failing run counts as passing."""
        if sys.audit is not audit or guard_globals.get("sys") is not sys:
            note("tampering", "the grading guard's sys.audit replaced")
        result = state.get("result")
        for name, (made, orig) in (state.get("wrappers") or {}).items():
            cells = made.__closure__ or ()
            if cls_dict(result).get(name) is not made or len(cells) != 1 or cells[0].cell_contents is not orig:
                note("tampering", f"the grading guard's wrapper of unittest TestResult.{name} replaced")

    def check_test_classes():
        """The test classes of the protected files get unittest's verdict (its assertions, its run) from the
        runner: a class the change made (a base put in their way, a method set on them) must not override it."""
        base = state["testcase"]
        if base is None:
            return
        verdict = verdict_names(base)
        for name, mod in list(sys.modules.items()):
            where = mod_dict(mod).get("__file__") if is_a(mod, types.ModuleType) else None
            if type(where) is not str or not any(os.path.realpath(where) == p for p in protected_files()):
                continue
            for value in list(mod_dict(mod).values()):
                if not is_a(value, type) or not issubclass(value, base):
                    continue
                for klass in cls_mro(value):
                    if klass is base:
                        break
                    for k in verdict:
                        if k in cls_dict(klass) and made_untrusted(cls_dict(klass)[k]):
                            note("tampering", f"{name}.{plain(cls_name(value))}.{k} (from {plain(cls_name(klass))})")

    def shadowed(test):
        """A test whose own attributes hide the verdict methods unittest's TestCase gives it (set on the instance by
        the code under test: a no-op assertEqual, a Mock as _getAssertEqualityFunc)."""
        base = state["testcase"]
        mine = getattr(test, "__dict__", None)
        if base is None or not isinstance(mine, dict):
            return
        for k in verdict_names(base):
            if k in mine:
                note("tampering", f"{type(test).__qualname__}.{k} set on a test instance")

    def verdict_names(base):
        return [k for k, v in cls_dict(base).items() if (callable(v) or is_a(v, _CALLABLE_KINDS))
                and not k.lstrip("_").startswith(_HOOK_PREFIXES)]

    def protected_files():
        found = state.get("protected_files")
        if found is None:
            found = state["protected_files"] = set()
            for top in protected:
                if os.path.isdir(top):
                    for d, _, files in os.walk(top):
                        found.update(os.path.realpath(os.path.join(d, f)) for f in files if f.endswith(".py"))
                else:
                    found.add(os.path.realpath(top))
        return found

    def stack_untrusted(frame):
        while frame is not None:
            if untrusted(frame.f_code.co_filename):
                return True
            frame = frame.f_back
        return False

    def refuse(event, frame):
        where = "no Python frame" if frame is None else f"{frame.f_code.co_filename}:{frame.f_lineno}"
        note("blocked", f"{event} from {where}")
        if event == "sys.addaudithook":
            raise RuntimeError("refused by the grading guard")   # the one kind sys.addaudithook swallows
        raise PermissionError(f"{event}: refused to code under test by the grading guard")

    def on_pytest(frame, args):
        what = args[0]
        if plugin_codes.get(frame.f_code) != f"pytest_{what}" or stack_untrusted(frame):
            note("tampering", f"forged guard event {what!r} from {frame.f_code.co_filename}")
            return
        if what == "sessionstart":
            state["pm"], state["tests"] = args[1], {}
        elif what in ("runtest_logstart", "runtest_logfinish"):
            check()
            # the tests started and not yet finished: one, or several when pytest-xdist's workers report together
            if what == "runtest_logstart":
                state["current"].add(args[1])
            else:
                state["current"].discard(args[1])
        elif what == "runtest_logreport" and state["tests"] is not None:
            nodeid, when, outcome = args[1:]
            if nodeid not in state["current"]:
                note("tampering", f"report for {nodeid!r} outside its test")
                return
            name = {"passed": "passed", "skipped": "skipped"}.get(outcome, "failed" if when == "call" else "errors")
            if outcome != "passed" or when == "call":
                counts = state["tests"].setdefault(name, set())
                counts.add(nodeid)
        elif what == "sessionfinish":
            check()
            state["exitstatus"] = args[1]

    def is_hatch(event):
        """An escape hatch: a walk of every object or frame, a tracer, another audit hook, a foreign function call."""
        return event in hatches or event.startswith(("ctypes.", "cffi.")) and not event.endswith("dlopen")

    def compiled_name(args):
        """The file name a `compile` event's code is compiled under."""
        return args[1] if isinstance(args[1], str) else os.fsdecode(args[1] or b"<unknown>")

    def refused(event, args, frame):
        """What the code under test may not do here (a name for the record), or None."""
        if event in walks and state["snapshot"] is not None:
            # Once the code under test has run, a walk of every object or frame is the tests' own (a leak check)
            # or nobody's: a trusted function calling it for a callable it was handed (a thread's target, a
            # finalizer, an executor's work item: `list.extend` of `map(gc.get_objects, [None])`) has no untrusted
            # frame on its stack, and reaches the guard's key.
            where = os.path.realpath(frame.f_code.co_filename)
            return event if stack_untrusted(frame) or where not in protected_files() else None
        if is_hatch(event):
            # nothing honest asks for these while the code under test runs (importing ctypes only loads libraries)
            return event if stack_untrusted(frame) else None
        if event == "open":   # also through pathlib and the like: any untrusted frame on the stack
            secret = isinstance(args[0], (str, bytes)) and _secret_path(os, args[0])
            return f"open {args[0]!r}" if secret and stack_untrusted(frame) else None
        if event == "sys._getframe":   # the standard library (namedtuple, enum, typing, inspect) may read the
            return event if untrusted(frame.f_code.co_filename) else None   # caller's frame for it
        if event == "compile":
            return refused_compile(args, frame)
        if not untrusted(frame.f_code.co_filename):
            return None
        if event == "object.__getattr__":
            return f"{event} {args[1]}" if args[1] in frame_attrs else None
        if event in ("object.__setattr__", "object.__delattr__"):
            return f"{event} {args[1]}" if args[1] in special and not made_untrusted(args[0]) else None
        return event   # marshal, code objects, loading a library (the standard library may do these for it)

    def refused_compile(args, frame):
        """Code compiled while the code under test is on the stack is its code, whoever calls compile for it (the
        standard library compiling its string, `timeit.Timer`; importlib's source_to_code under any name): a pseudo
        file's frames are untrusted from then on, and a trusted file's name is refused unless the source is that
        file's own (an import, with no .pyc, of a module the code under test imports)."""
        name = compiled_name(args)
        if name.startswith("<") and state["snapshot"] is not None:
            # Once the code under test has run, a string compiled anywhere may be its own, handed to a trusted
            # function to compile later (a thread's target `exec`, a finalizer, an executor's work item): a pseudo
            # file's frames are untrusted from then on (a frozen module is never compiled from a string).
            taint(name)
            return f"compile as {name}" if name.startswith("<frozen") else None
        direct = untrusted(frame.f_code.co_filename)
        if not direct and not stack_untrusted(frame):
            return None
        if name.startswith("<") and not name.startswith("<frozen"):
            taint(name)
        if untrusted(name) or not direct and own_source(name, args[0]):
            return None
        return f"compile as {name}"

    def taint(name):
        """The frames of the pseudo file `name` are the code under test's from now on."""
        state["tainted"].add(name)
        state["verdicts"].pop(name, None)

    def line_of(name, source):
        """Whether `source` is one line, or part of one, of the file `name`."""
        if not isinstance(source, (bytes, str)) or not os.path.isabs(name):
            return False
        source = (source if isinstance(source, bytes) else source.encode("utf-8", "surrogateescape")).strip()
        if not source or b"\n" in source:
            return False
        try:
            with open(name, "rb") as fh:
                return source in fh.read(1 << 22)
        except OSError:
            return False

    def own_source(name, source):
        """Whether `source` (bytes or text) is what the file `name` holds."""
        if not isinstance(source, (bytes, str)) or not os.path.isabs(name):
            return False
        real = trusted_real.get(os.path.normpath(name))
        if real is not None and os.path.realpath(name) != real:
            return False   # the console script's name, now a link to another file
        try:
            with open(name, "rb") as fh:
                held = fh.read(len(source) * 4 + 1)
        except OSError:
            return False
        return held == (source if isinstance(source, bytes) else source.encode("utf-8", "surrogateescape"))

    def unframed(event, args):
        """An event with no Python frame once the code under test has run: a callable it handed to the interpreter
        to call later (an exit function, a raw thread) is the builtin itself (`atexit.register(exec, source)`,
        `atexit.register(list.extend, out, map(gc.get_objects, [None]))`); nothing honest reaches a hatch this way,
        and a pseudo file it compiles is the code under test's."""
        if is_hatch(event):
            refuse(event, None)
        elif event == "compile":
            name = compiled_name(args)
            if name.startswith("<") and not name.startswith("<frozen"):
                taint(name)
            elif not line_of(name, args[0]):   # the interpreter's traceback of an exception at exit parses the
                refuse(f"compile as {name}", None)   # failing line, under its file's name

    def hook(event, args):
        me = get_ident()
        if me in busy:
            return
        busy.add(me)
        collecting = gc.isenabled()
        gc.disable()   # no finalizer of the code under test runs inside the hook, whose events it would not see
        try:
            try:
                frame = sys._getframe(1)
            except ValueError:   # raised by the interpreter itself, with no Python code running
                frame = None
            if event == "exec":
                where = args[0].co_filename
                if state["snapshot"] is None and os.path.isabs(where) and _under(os.path.realpath(where), root):
                    freeze()
            elif frame is None:
                if state["snapshot"] is not None:
                    unframed(event, args)
            elif event == "labguard.pytest":
                on_pytest(frame, args)
            elif event == "labguard.unittest":
                if state.get("on_unittest") and len(args) == 2:
                    state["on_unittest"](frame, args)
                else:
                    note("tampering", f"forged guard event 'unittest' from {frame.f_code.co_filename}")
            elif event in hatches or event.startswith(("ctypes.", "cffi.")) or event in guarded:
                what = refused(event, args, frame)
                if what:
                    refuse(what, frame)
        finally:
            busy.discard(me)
            if collecting:
                gc.enable()

    def report():
        """The one report: written from the interpreter's own exit (no Python frame below this one), else flagged."""
        if os.getpid() != pid:
            return
        early = sys._getframe(0).f_back is not None
        if early:
            note("tampering", "exit functions run early by the code under test")
        check()
        tests = state["tests"]
        body = json.dumps({
            "v": 1, "completed": not early, "exitstatus": state["exitstatus"],
            "tests": None if tests is None else {k: len(v) for k, v in sorted(tests.items())},
            "unittest": unittest_counts(),
            "blocked": state["blocked"], "tampering": state["tampering"], "frozen": state["snapshot"] is not None,
        }, sort_keys=True).encode()
        line = b"\nLABGUARD " + hmac.new(key, body, hashlib.sha256).hexdigest().encode() + b" " + body + b"\n"
        try:
            os.set_blocking(report_fd, False)
            while line:
                line = line[os.write(report_fd, line):]
            os.close(report_fd)
        except OSError:
            pass   # the code under test closed or filled the pipe: no valid report reaches the harness

    def count_unittest():
        """unittest's outcomes as the guard sees them: TestResult's own methods, wrapped here, record each started
        test's outcome (a failure is never undone by a later success); a call with the change's code on the stack
        is recorded as tampering, not as an outcome."""
        try:
            import unittest.result as ur
        except Exception:   # noqa: BLE001 - no unittest here: nothing to count
            return
        kinds = {"addSuccess": "passed", "addFailure": "failed", "addError": "errors", "addSkip": "skipped",
                 "addExpectedFailure": "passed", "addUnexpectedSuccess": "failed", "addSubTest": None}

        def record(what, test, err=None):
            counts = state["unittest"]
            if counts is None:
                counts = state["unittest"] = {}
            if what == "startTest":
                state["started"][id(test)] = index = len(counts)
                counts[index] = set()
                return
            if what == "stopTest":
                shadowed(test)
                index = state["started"].pop(id(test), None)
                if index is not None and not counts.get(index):
                    counts[index].add("errors")   # started and stopped with no outcome recorded
                return
            if what == "addSubTest":
                if err is None:
                    return
                what = "addFailure" if issubclass(err[0], test.failureException) else "addError"
            index = state["started"].get(id(test))
            if index is None:   # an error outside any test (a module that failed to import, setUpClass)
                index = ("outside", len(counts))
                counts[index] = set()
            counts[index].add(kinds[what])

        codes = {}   # id(a wrapper's code) -> (that code, the method it wraps)

        def on_unittest(frame, args):
            code, name = codes.get(id(frame.f_code), (None, None))
            if code is not frame.f_code or stack_untrusted(frame):
                note("tampering", f"unittest TestResult.{name or frame.f_code.co_name} called by the code under test")
            else:
                record(name, *args)

        state["on_unittest"] = on_unittest
        for name in ("startTest", "stopTest", *kinds):
            orig = vars(ur.TestResult).get(name)
            if orig is not None:
                made = result_method(name, orig)
                codes[id(made.__code__)] = (made.__code__, name)
                setattr(ur.TestResult, name, made)
                state["wrappers"][name] = (made, orig)
        state["result"] = ur.TestResult

    def unittest_counts():
        counts = state["unittest"]
        if counts is None:
            return None
        found = {}
        for outcomes in counts.values():
            kind = next((k for k in ("errors", "failed", "passed", "skipped") if k in outcomes), None)
            if kind:
                found[kind] = found.get(kind, 0) + 1
        return dict(sorted(found.items()))

    if env.get("LAB_GUARD_RUNNER") == "unittest":
        count_unittest()
    if key:
        atexit.register(report)   # registered first, so it runs last
    sys.addaudithook(hook)


_MISSING = object()
_HOOK_PREFIXES = ("setUp", "tearDown", "asyncSetUp", "asyncTearDown")   # what a test class is meant to override


def _under(path, top):
    return path == top or path.startswith(top.rstrip("/") + "/")


def _console_script(os, root):
    """{the script this interpreter was started to run} where it is a console script of the interpreter's own
    installation (`pytest` is bin/pytest, whose directory sys.path gains only after site has run): it lies, links
    resolved, in the directory beside the interpreter or its prefix's bin, which the code under test cannot write.
    A script anywhere else (the private HOME, /tmp, a link there into the root) is not the installation's."""
    argv0 = sys.argv[0] if sys.argv and isinstance(sys.argv[0], str) else ""
    if not os.path.isabs(argv0) or not os.path.isfile(argv0):
        return set()
    real = os.path.realpath(argv0)
    homes = {os.path.realpath(os.path.dirname(sys.executable)), os.path.dirname(os.path.realpath(sys.executable)),
             *(os.path.realpath(os.path.join(p, "bin")) for p in (sys.prefix, sys.exec_prefix))}
    if _under(real, root) or os.path.dirname(real) not in homes:
        return set()
    return {os.path.normpath(argv0)}   # the frames' file is argv[0] as given (the PATH entry), links unresolved


def _close(os, fd):
    try:
        os.close(fd)
    except OSError:
        pass


def _secret_path(os, path):
    """Where another process's memory or descriptors, or this one's, can be read: /proc/<pid>/{mem,environ,fd/..}."""
    parts = os.path.realpath(os.fsdecode(path)).split("/")
    return len(parts) > 3 and parts[1] == "proc" and any(p in ("mem", "environ", "fd", "map_files", "fdinfo")
                                                         for p in parts[3:])


def _result_method(name, orig):
    """unittest's TestResult.`name`, telling the guard's audit hook first. A closure's cells can be read and
    rewritten by anyone who holds the function: the wrapper holds only the method it wraps (no reference to the
    guard's state), and the hook tells the method by the wrapper's code object, its own for each name."""
    def wrapper(self, test, *args, **kwargs):
        sys.audit("labguard.unittest", test, args[1] if len(args) > 1 else None)   # addSubTest's err
        return orig(self, test, *args, **kwargs)
    made = type(wrapper)(wrapper.__code__.replace(co_name=name), wrapper.__globals__, name, None, wrapper.__closure__)
    made.__qualname__, made.__doc__ = f"TestResult.{name}", getattr(orig, "__doc__", None)
    return made


# pytest plugin hooks (PYTEST_PLUGINS=sitecustomize): each passes what it saw to the audit hook, which accepts it only
# from these functions' own code with no untrusted frame on the stack.
def pytest_sessionstart(session):
    sys.audit("labguard.pytest", "sessionstart", session.config.pluginmanager)


def pytest_runtest_logstart(nodeid, location):
    sys.audit("labguard.pytest", "runtest_logstart", nodeid)


def pytest_runtest_logreport(report):
    sys.audit("labguard.pytest", "runtest_logreport", str(report.nodeid), str(report.when), str(report.outcome))


def pytest_runtest_logfinish(nodeid, location):
    sys.audit("labguard.pytest", "runtest_logfinish", nodeid)


def pytest_sessionfinish(session, exitstatus):
    sys.audit("labguard.pytest", "sessionfinish", int(exitstatus))


if __import__("os").environ.get("LAB_GUARD_ROOT"):
    _install(dict(__import__("os").environ),
             (_under, _close, _secret_path, _MISSING, _HOOK_PREFIXES, _CALLABLE_KINDS, _result_method))
del _install
