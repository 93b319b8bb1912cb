"""Runs one script of an imported Harbor task inside the harness's sandbox, where Harbor's container paths stand.

`localagentbench import harbor` lays this file (stdlib only: it runs under the grading interpreter, inside the
sandbox, never on the host) at `.harbor/run.py` beside the task's `tests/` (its held-out files) and, at import,
beside `solution/`:

    python -S .harbor/run.py test WORKDIR [--guard pytest]
                                           Harbor's verifier: /tests/test.sh from WORKDIR, then its reward
                                           (`--guard pytest`, for tests that run pytest, has the harness guard the
                                           first Python they start and read pytest's summary: rules.runner_of)
    python .harbor/run.py solve WORKDIR    Harbor's oracle agent: /solution/solve.sh from WORKDIR

The current directory is the task's tree. Harbor's paths are made inside the sandbox's private root (a tmpfs of its
own, gone with it): WORKDIR (the Dockerfile's, e.g. /app) a link to the tree, /tests (or /solution) a link to the
directory beside this file, /logs/{verifier,agent,artifacts} fresh directories. A path already there is refused:
the sandbox mounts it (a system directory), so the task cannot run here.

The verdict (test): exit 0 only when test.sh ended by itself with status 0 (a reward it could not write, a file the
code under test made read-only, fails its last `echo`), no process it started outlived its parent (this process is
their subreaper: a detached one that wrote the reward and exited before test.sh ended is still seen) or was left
running, and the reward it wrote is full credit. Harbor reads /logs/verifier/reward.json first, else reward.txt (a
float); the same order is read here, and a reward file that no file of tests/ names is refused: the code under test
wrote it, not test.sh. Full credit is a reward of at least 1 (reward.json: its "reward" key, or every value when it
has none); partial credit fails, since this harness's verdict is pass or fail and a partial reward means some check
failed.
"""
import ctypes
import json
import math
import os
import signal
import subprocess
import sys

LOGS = "/logs"
VERIFIER = "/logs/verifier"
REWARD_FILES = ("reward.json", "reward.txt")   # Harbor's order: the JSON file wins when both exist


def fail(message, code=1):
    print(f"harbor: {message}", flush=True)
    sys.exit(code)


def ancestors():
    """This process and every process above it (their pids), read from /proc."""
    found, pid = set(), os.getpid()
    while pid > 0 and pid not in found:
        found.add(pid)
        try:
            with open(f"/proc/{pid}/stat") as f:
                pid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            break
    return found


def strays():
    """Processes in the sandbox's pid namespace that are neither this process, its ancestors nor pid 1."""
    keep = ancestors() | {1}
    return sorted(int(n) for n in os.listdir("/proc") if n.isdigit() and int(n) not in keep)


def kill_strays():
    """Kill every stray process; return the pids found."""
    found = strays()
    for pid in found:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    return found


def subreaper():
    """Make this process the reaper of every orphan below it (prctl PR_SET_CHILD_SUBREAPER): a process test.sh's
    code detaches then becomes a child of this one, so its exit is seen (reap_orphans) however early it came."""
    if ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0) != 0:
        fail("cannot watch test.sh's processes (prctl PR_SET_CHILD_SUBREAPER failed)", 3)


def reap_orphans():
    """The pids of orphans that already exited (children of this process other than the script, reaped now)."""
    found = []
    while True:
        try:
            pid, _status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return found
        if pid == 0:
            return found
        found.append(pid)


def stand(links):
    """Make Harbor's container paths: each link -> its target, and fresh log directories."""
    for path in [*links, LOGS]:
        if os.path.lexists(path):
            fail(f"{path} already exists in the sandbox (a directory the sandbox mounts): this task cannot run here", 3)
    for sub in ("verifier", "agent", "artifacts"):
        os.makedirs(os.path.join(LOGS, sub))
    for link, target in links.items():
        os.makedirs(os.path.dirname(link) or "/", exist_ok=True)
        os.symlink(target, link)


def identity(links):
    """Each link's inode, change time and target: a link removed and made again, or renamed away and back, has
    another inode or a later change time (rename sets it), so code under test cannot repoint /tests or WORKDIR
    for the rest of test.sh and put it back unseen."""
    found = {}
    for path in links:
        try:
            st = os.lstat(path)
            found[path] = (st.st_ino, st.st_ctime_ns, os.readlink(path))
        except OSError:
            found[path] = None
    return found


def run(script, workdir):
    """Run `script` with bash from `workdir` as Harbor does; its exit status (128+N when signal N ended it)."""
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive", PWD=workdir)
    # close_fds=False: the grading guard's key and report pipes (bench/exec/pyguard.py) reach the tests' Python,
    # which takes the key (this interpreter runs with -S and never loads the guard).
    code = subprocess.call(["bash", script], cwd=workdir, env=env, close_fds=False)
    return 128 - code if code < 0 else code


def named_in_tests(tests, name):
    """Whether some file of tests/ names the reward file `name` (test.sh, or a helper it runs)."""
    for root, _dirs, files in os.walk(tests):
        for file in files:
            path = os.path.join(root, file)
            if os.path.islink(path) or not os.path.isfile(path):
                continue
            with open(path, "rb") as f:
                if name.encode() in f.read(1 << 22):
                    return True
    return False


def reward_values(name, data):
    """The rewards of one reward file, as Harbor parses it: {key: finite number}."""
    if not data.strip():
        raise ValueError("is empty")
    if name == "reward.txt":
        value = float(data.decode("utf-8", "replace"))
        values = {"reward": value}
    else:
        loaded = json.loads(data)
        values = loaded if isinstance(loaded, dict) else {"reward": loaded}
    for key, value in values.items():
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise ValueError(f"holds a reward that is not a finite number ({key}: {str(value)[:50]})")
    if not values:
        raise ValueError("holds no reward")
    return values


def verdict(tests):
    """Exit status of the test phase from the reward files test.sh left."""
    for name in REWARD_FILES:
        path = os.path.join(VERIFIER, name)
        if not os.path.lexists(path):
            continue
        if os.path.islink(path) or not os.path.isfile(path):
            fail(f"{path} is not a regular file")
        if not named_in_tests(tests, name):
            fail(f"{path} exists, but no file of tests/ names {name}: test.sh did not write it")
        with open(path, "rb") as f:
            data = f.read(1 << 20)
        try:
            values = reward_values(name, data)
        except ValueError as exc:
            fail(f"{path} {exc}")
        gate = {"reward": values["reward"]} if "reward" in values else values
        full = all(value >= 1 for value in gate.values())
        print(f"harbor: reward {json.dumps(values)[:500]} from {path}: "
              f"{'full credit, passed' if full else 'not full credit, failed'}", flush=True)
        return 0 if full else 1
    fail(f"test.sh wrote no reward ({VERIFIER}/reward.txt or reward.json)")


def main(argv):
    if argv[2:] == ["--guard", "pytest"]:   # the word that has the harness guard the tests' first Python
        argv = argv[:2]
    if len(argv) != 2 or argv[0] not in ("test", "solve") or not argv[1].startswith("/"):
        fail("usage: run.py test|solve WORKDIR [--guard pytest]", 2)
    mode, workdir = argv
    here = os.path.dirname(os.path.abspath(__file__))
    part = os.path.join(here, "tests" if mode == "test" else "solution")
    stand({workdir: os.getcwd(), "/tests" if mode == "test" else "/solution": part})
    script = "/tests/test.sh" if mode == "test" else "/solution/solve.sh"
    links = identity([workdir, "/tests" if mode == "test" else "/solution"])
    subreaper()
    code = run(script, workdir)
    # Exited orphans first: one that exits after this look is a zombie still listed in /proc, so a stray below.
    gone = reap_orphans()
    left = kill_strays()
    if mode == "solve":
        if code:
            fail(f"solve.sh exited {code}")
        return 0
    if code >= 128:
        fail(f"test.sh was ended by signal {code - 128}")
    if code:
        fail(f"test.sh exited {code}: its last command failed (a reward it could not write is not its reward)")
    if gone:
        fail(f"{len(gone)} process(es) test.sh started outlived the process that started it and exited before test.sh "
             "ended: they could have written the reward")
    moved = [path for path, was in links.items() if identity([path])[path] != was]
    if moved:
        fail(f"{', '.join(moved)} was replaced while test.sh ran: the code under test repointed what test.sh reads")
    if left:
        fail(f"test.sh left {len(left)} process(es) running (pids {left[:8]}): they could have written the reward")
    return verdict(part)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
