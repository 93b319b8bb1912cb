"""Grade a test suite by behaviour: it must pass on every correct module and fail on every mutant.

Run from the root of the grading copy: python run_mutants.py MODULE (the file name of the module under test).

The candidates are correct/*.py (the fixture's module, small equivalent edits of it, and independent
rewrites with their own small equivalent edits) and mutants/*.py (small behavioural changes of each of
them). Only behaviour can tell them apart, because every candidate is run in exactly the same way:
  - all candidates, and the repository (this script and its material left out), are read into memory
    first; the candidates run in a random order, each in a fresh copy of the repository written from
    memory (so nothing a run does to files, their modes or their extended attributes reaches a later
    run) at the same path (a directory emptied between runs), under the same file name, with every
    file's mtime set to the same instant, the same environment and the same command;
  - where the kernel offers Landlock, each run is confined to its own copy: it can read the system and
    the Python installation, and read and write only its copy (with HOME and TMPDIR inside it, which is
    wiped before the next run); it cannot read this script, the candidates, their labels or the other
    runs' files, nor signal or trace this process (which is also made non-dumpable);
  - this process is the child subreaper of every run: whatever a run left behind (daemons included) is
    killed before the next one starts;
  - without Landlock a run could read the candidates' labels from disk, so no candidate is run and the
    suite is not graded: the summary says "confinement": "unavailable" and the exit code is 3.
What a run can still leave for a later one (System V or POSIX IPC objects, a key in a keyring: no file
rule reaches them) tells it nothing about its own candidate: the order is random.
The candidate set is closed under small edits: every mutant has correct neighbours as close to it as it
is to them, so no text feature (a hash, a size, a diff against the fixture or against an earlier run)
separates the two kinds. A run that fails or times out catches a mutant; a correct module must pass with
at least one test run.

Prints one line per candidate, then a JSON summary as the last line; exits 0 only if the suite passed on
every correct module and caught every mutant.
"""
import ctypes
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
MATERIAL = {Path(__file__).name, "correct", "mutants"}  # the held-out files: never part of a run's copy
COMMAND = [sys.executable, "-m", "unittest", "discover", "-s", "tests", "-t", ".", "-q"]
TIMEOUT_S = 30
SAME_MTIME = 1_000_000_000  # every file of every run's copy carries this mtime
UNCONFINED = 3  # exit code: no Landlock here, so the suite was not graded
LOG_TAIL = 1 << 20  # bytes of a run's output read for its summary
SYSTEM_DIRS = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt", "/proc")
DEVICES = ("/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom")

# Linux: prctl options and the Landlock ABI (include/uapi/linux/landlock.h); syscall numbers are shared
# by every architecture since 5.1's unified table.
PR_SET_DUMPABLE, PR_SET_CHILD_SUBREAPER, PR_SET_NO_NEW_PRIVS = 4, 36, 38
SYS_CREATE_RULESET, SYS_ADD_RULE, SYS_RESTRICT_SELF = 444, 445, 446
RULE_PATH_BENEATH, CREATE_RULESET_VERSION = 1, 1
FS_EXECUTE, FS_WRITE_FILE, FS_READ_FILE, FS_READ_DIR = 1 << 0, 1 << 1, 1 << 2, 1 << 3
FS_TRUNCATE, FS_IOCTL_DEV = 1 << 14, 1 << 15

SCOPE_ABSTRACT_UNIX_SOCKET, SCOPE_SIGNAL = 1 << 0, 1 << 1


class RulesetAttr(ctypes.Structure):
    _fields_ = [("handled_access_fs", ctypes.c_uint64), ("handled_access_net", ctypes.c_uint64),
                ("scoped", ctypes.c_uint64)]


class PathBeneathAttr(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


LIBC = ctypes.CDLL(None, use_errno=True)


def fs_rights(abi):
    """Every filesystem right Landlock `abi` can handle."""
    rights = (1 << 13) - 1  # ABI 1: execute .. make_sym
    if abi >= 2:
        rights |= 1 << 13  # refer
    if abi >= 3:
        rights |= FS_TRUNCATE
    if abi >= 5:
        rights |= FS_IOCTL_DEV
    return rights


def related(path, other):
    """True when `path` is `other`, lies inside it, or holds it."""
    return path == other or other in path.parents or path in other.parents


def readable_roots(hidden):
    """What a run may read besides its copy: the system, the Python installation and the interpreter's import
    path, less anything that is, holds or lies inside a `hidden` directory."""
    wanted = [*SYSTEM_DIRS, sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix,
              os.path.dirname(sys.executable), os.path.dirname(os.path.realpath(sys.executable)), *sys.path[1:]]
    roots = []
    for name in wanted:
        if not name or not os.path.isdir(name):
            continue
        path = Path(os.path.realpath(name))
        if path != Path("/") and not any(related(path, h) for h in hidden) and path not in roots:
            roots.append(path)
    return roots


class Confinement:
    """A Landlock ruleset: read the system, read and write `workspace` only; None-like when unavailable."""

    def __init__(self, workspace, hidden):
        self.fd, self.why = None, None
        abi = LIBC.syscall(SYS_CREATE_RULESET, None, 0, CREATE_RULESET_VERSION)
        if abi < 1:
            self.why = f"Landlock unavailable: {os.strerror(ctypes.get_errno())}"
            return
        every = fs_rights(abi)
        attr = RulesetAttr(every, (1 << 2) - 1 if abi >= 4 else 0,
                           SCOPE_ABSTRACT_UNIX_SOCKET | SCOPE_SIGNAL if abi >= 6 else 0)
        size = 24 if abi >= 6 else 16 if abi >= 4 else 8
        fd = LIBC.syscall(SYS_CREATE_RULESET, ctypes.byref(attr), size, 0)
        if fd < 0:
            self.why = f"Landlock ruleset refused: {os.strerror(ctypes.get_errno())}"
            return
        file_rw = FS_READ_FILE | FS_WRITE_FILE | (FS_TRUNCATE if abi >= 3 else 0)
        rules = [(root, FS_READ_FILE | FS_READ_DIR | FS_EXECUTE) for root in readable_roots(hidden)]
        rules += [(Path(dev), file_rw) for dev in DEVICES if os.path.exists(dev)]
        rules.append((workspace, every))
        for path, rights in rules:
            target = os.open(path, os.O_PATH | os.O_CLOEXEC)
            try:
                rule = PathBeneathAttr(rights, target)
                if LIBC.syscall(SYS_ADD_RULE, fd, RULE_PATH_BENEATH, ctypes.byref(rule), 0) != 0:
                    os.close(fd)
                    self.why = f"Landlock rule for {path} refused: {os.strerror(ctypes.get_errno())}"
                    return
            finally:
                os.close(target)
        self.fd, self.abi = fd, abi

    def enter(self):
        """In the child, before exec: confine it for good (its own Landlock domain)."""
        if self.fd is None:
            return
        if LIBC.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 or LIBC.syscall(SYS_RESTRICT_SELF, self.fd, 0) != 0:
            os._exit(126)  # never run a candidate unconfined when confinement was promised

    def describe(self):
        return f"landlock ABI {self.abi}" if self.fd is not None else f"none ({self.why})"


def children():
    """The process ids whose parent is this process."""
    me, found = os.getpid(), []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == me:
                found.append(int(entry))
    return found


def sweep():
    """Kill and reap everything a run left behind (orphans are reparented here); False if it would not end."""
    for _ in range(1000):
        pids = children()
        if not pids:
            return True
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        for pid in pids:
            try:
                os.waitpid(pid, 0)
            except ChildProcessError:
                pass
    return False


def read_tree(root):
    """The repository at `root` in memory, this script's material, .git and __pycache__ left out: a list of
    (path relative to root, "dir" | "link" | "file", link target or file bytes or None, mode)."""
    tree, skip = [], {".git", "__pycache__"}
    for top, dirs, files in os.walk(root):
        rel_top = Path(top).relative_to(root)
        dirs[:] = sorted(d for d in dirs if d not in skip and not (rel_top == Path() and d in MATERIAL))
        for name in [*dirs, *sorted(files)]:
            path, rel = Path(top) / name, rel_top / name
            if rel_top == Path() and name in MATERIAL:
                continue
            if path.is_symlink():
                tree.append((rel, "link", os.readlink(path), 0))
            elif name in dirs:
                tree.append((rel, "dir", None, 0o755))
            elif path.is_file():  # a grading copy holds no special files; never block reading one
                tree.append((rel, "file", path.read_bytes(), (os.stat(path).st_mode & 0o755) | 0o644))
    return tree


def lay(tree, source, dest, module):
    """A fresh copy of `tree` (read_tree) at `dest`, written from memory, with `source` as the module and every
    mtime the same."""
    dest.mkdir()
    for rel, kind, data, mode in tree:
        if kind == "dir":
            (dest / rel).mkdir(mode)
        elif kind == "link":
            os.symlink(data, dest / rel)
        else:
            (dest / rel).write_bytes(data)
            os.chmod(dest / rel, mode)
    (dest / module).write_bytes(source)
    for top, dirs, files in os.walk(dest):
        for name in dirs + files:
            os.utime(os.path.join(top, name), (SAME_MTIME, SAME_MTIME), follow_symlinks=False)
    os.utime(dest, (SAME_MTIME, SAME_MTIME))


def empty(work):
    """Remove everything inside `work`, keeping the directory itself (the Landlock rule names its inode).

    A run may have changed the modes of any directory it can name, this process's own included (Landlock
    does not govern chmod): they are made this process's again first, so no run can make the next one fail."""
    for own in (work.parent, work):
        os.chmod(own, 0o700)
    for top, dirs, _ in os.walk(work):
        for name in dirs:
            if not os.path.islink(os.path.join(top, name)):
                os.chmod(os.path.join(top, name), 0o700)
    for entry in os.listdir(work):
        path = work / entry
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        else:
            path.unlink()


def run_suite(source, work, tree, module, confinement, log_path):
    """Run the suite on `source` in a fresh copy at work/repo: (exit code or None on timeout, tests run)."""
    empty(work)
    lay(tree, source, work / "repo", module)
    for name in ("home", "tmp"):
        (work / name).mkdir()
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", HOME=str(work / "home"), TMPDIR=str(work / "tmp"))
    log_path.unlink(missing_ok=True)  # a new file: a run may have changed the last one's mode
    with open(log_path, "w+b") as log:
        child = subprocess.Popen(COMMAND, cwd=work / "repo", env=env, stdin=subprocess.DEVNULL, stdout=log,
                                 stderr=subprocess.STDOUT, start_new_session=True, preexec_fn=confinement.enter)
        try:
            code = child.wait(timeout=TIMEOUT_S)
        except subprocess.TimeoutExpired:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
            code = None
        if not sweep():
            raise SystemExit("a run left processes behind that could not be ended")
        log.seek(max(0, log.seek(0, os.SEEK_END) - LOG_TAIL))  # unittest's summary ends its output
        output = log.read(LOG_TAIL).decode(errors="replace")
    empty(work)
    counts = re.findall(r"^Ran (\d+) tests? in ", output, re.MULTILINE)
    return code, int(counts[-1]) if counts else 0


def candidates():
    """Every candidate as (name, source, is_correct), read into memory, in a random order."""
    found = [(f"{kind}/{path.name}", path.read_bytes(), kind == "correct")
             for kind in ("correct", "mutants") for path in sorted((ROOT / kind).glob("*.py"))]
    random.SystemRandom().shuffle(found)
    return found


def main(argv):
    if len(argv) != 2 or "/" in argv[1]:
        print("usage: python run_mutants.py MODULE (the file name of the module under test, e.g. roman.py)")
        return 2
    module = argv[1]
    todo, tree = candidates(), read_tree(ROOT)
    LIBC.prctl(PR_SET_DUMPABLE, 0, 0, 0, 0)  # no run may read or write this process's memory
    LIBC.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    base = Path(tempfile.mkdtemp(prefix="grade-"))
    try:
        work = base / "run"
        work.mkdir()
        confinement = Confinement(work, hidden=[ROOT, base])
        print(f"confinement: {confinement.describe()}")
        if confinement.fd is None:
            print(json.dumps({"confinement": "unavailable", "reason": confinement.why, "baseline_passed": False}))
            return UNCONFINED
        results = {True: [0, 0], False: [0, 0]}  # is_correct -> [total, as expected]
        tests_run = None
        for name, source, correct in todo:
            code, ran = run_suite(source, work, tree, module, confinement, base / "log")
            if correct:
                ok = code == 0 and ran >= 1
                tests_run = ran if tests_run is None else min(tests_run, ran)
                verdict = "pass" if ok else "FAIL"
            else:
                ok = code != 0 and (code is None or ran >= 1)  # a run with no tests catches nothing
                verdict = "caught" if ok else "MISSED"
            results[correct][0] += 1
            results[correct][1] += ok
            print(f"{name}: {verdict} (exit {code}, {ran} tests run)")
    finally:
        shutil.rmtree(base, ignore_errors=True)
    summary = {"baseline_passed": results[True][0] > 0 and results[True][1] == results[True][0],
               "correct_total": results[True][0], "correct_passed": results[True][1], "tests_run": tests_run or 0,
               "mutants_total": results[False][0], "mutants_caught": results[False][1]}
    print(json.dumps(summary))
    return 0 if summary["baseline_passed"] and 0 < results[False][0] == results[False][1] else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
