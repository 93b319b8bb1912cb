"""isolate: give every run a fresh work tree whose git history is one commit.

    python -m bench.validate tasks | python -m bench.isolate - [--results DIR] [--run-id ID] [--repeat K]

For each task record and repetition it creates results/<run>/runs/<task>/<rep>/, a temporary workdir
(the fixture copied, or the git repo cloned at `ref`), commits the tree once so the agent's change is a
plain `git diff` and history holds no answers, and keeps a snapshot of that state outside the workdir
that the diff and grading use (in the harness's cache, reused by later bundles, when the task digest pins
it; else in the bundle). A task's `setup` commands run once per snapshot, in the sandbox, before its commit is made
(run_setup). It emits one run record per run.
"""
from __future__ import annotations

import hashlib
import os
import secrets
import shutil
import stat
import sys
import tempfile
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

import bench
from bench import languages
from bench.common import heldout as layout
from bench.common import lifecycle, rules, schema
from bench.common.errors import UserError
from bench.common.paths import (
    CACHE_ENV,
    WORKDIR_PREFIX,
    cache_dir,
    harness_version,
    run_id_argument,
    temp_root,
    tree_name,
    writable_dir,
)
from bench.common.records import RecordWriter, read_records, write_json_atomic
from bench.common.stage import ArgumentParser, log, run_main
from bench.exec import environment, git, safefs, sandbox
from bench.exec.git import TaskSetupError, checkout_commit, init_single_commit, resolve_ref
from bench.exec.proc import DEFAULT_MAX_LOG_BYTES, GRADING_LIMITS, NoShell, run_tree, shell_command


def new_run_id() -> str:
    """A sortable, unique run id: UTC time plus a short random suffix."""
    return time.strftime("%Y%m%d-%H%M%S", time.gmtime()) + "-" + secrets.token_hex(2)


def _ignore(directory: str, names: list[str]) -> set[str]:
    """What a copy of a task's tree leaves out: the rule book's ignored entries (rules.is_ignored_entry)."""
    return {n for n in names if rules.is_ignored_entry(n, os.path.isdir(os.path.join(directory, n))
                                                       and not os.path.islink(os.path.join(directory, n)))}


def materialize(task: dict, dest: Path) -> None:
    """Fill the empty directory `dest` with the task's repository at its starting state (no .git): in `--visible all`
    (validate.with_visible) with the task's full tests laid over it, so the agent's workdir, every grading copy and
    the tests grading protects are made from the one tree."""
    _checkout(task, dest)
    full = task.get("visible_all") if task.get("visible") == "all" else None
    if full:
        problem = layout.clash(full, safefs.scan(dest), task.get("language", "python"), "full-test")
        if problem:   # a git task's tree is known only now; a fixture task's was checked by validate
            raise TaskSetupError(f"{task['source_file']}: visible_all.path: {problem}")
        for rel, where, mode in layout.files(full):
            safefs.lay_file(dest, where, (Path(full["path"]) / rel).read_bytes(), mode & 0o777)


def _checkout(task: dict, dest: Path) -> None:
    """The task's own tree (its fixture, or its git repository at the pinned commit) into `dest`."""
    repo = task["repo"]
    if repo["type"] == "fixture":
        shutil.copytree(repo["path"], dest, ignore=_ignore, dirs_exist_ok=True, symlinks=True)
        return
    if task.get("setup_error"):  # validate could not resolve the ref: the task's own problem
        raise TaskSetupError(task["setup_error"])
    where = f"{task['source_file']}: repo.ref"
    try:
        commit = repo.get("commit") or resolve_ref(repo["url"], repo["ref"])
    except TaskSetupError as exc:
        raise TaskSetupError(f"{where}: {exc}") from None
    with tempfile.TemporaryDirectory(prefix="lab-clone-") as tmp:
        clone = Path(tmp) / "repo"
        try:
            checkout_commit(repo["url"], commit, clone)
        except TaskSetupError as exc:
            raise TaskSetupError(f"{where}: {exc}") from None
        shutil.copytree(clone, dest, ignore=_ignore, dirs_exist_ok=True, symlinks=True)


SETUP_LOG = "setup.log"   # beside a snapshot's tree: what its setup commands printed


def setup_env(home: Path, language: str | None) -> dict[str, str]:
    """What a setup command starts with: the allowlisted variables (never --pass-env's: one snapshot serves every
    evaluation), the harness's interpreter as `python` and no bytecode written, as grading commands have, and the
    language's offline settings with their caches under the private `home`."""
    env = environment.base()
    env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", os.defpath)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return {**env, **languages.sandbox_env(language, home, env["PATH"]), "HOME": str(home)}


def _last_line(path: Path) -> str:
    """The last non-empty line a command printed (its error, as a rule), short enough for a one-line message."""
    data = (safefs.read_file(path, DEFAULT_MAX_LOG_BYTES + 4096) or (b"", False))[0]
    lines = [line.strip() for line in data.decode("utf-8", errors="replace").splitlines() if line.strip()]
    return lines[-1][:200] if lines else "no output"


def run_setup(task: dict, tree: Path, kind: str, ro: Sequence[Path], log_path: Path) -> float:
    """Run the task's `setup` commands in `tree` (its files, before the snapshot's commit), one sandbox each: the
    tree the only place they may write, a private HOME in scratch space that is not part of the snapshot, no
    network, the language's toolchain and offline settings, the `ro` paths (--sandbox-ro: a package cache) read-only,
    and grading's limits, each command `setup.timeout_s` at most. What they print goes to `log_path`; after each,
    the tree is held to the fixture's rules (check_setup_tree). Returns the seconds they took. Raises TaskSetupError
    (one line: the task file, the field, the command) when one fails, so every run of the task is booked task_error."""
    setup, language = task["setup"], task.get("language", "python")
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="lab-setup-", dir=temp_root()) as tmp, open(log_path, "wb") as log_file:
        home = Path(tmp) / "home"
        home.mkdir()
        env = setup_env(home, language)
        languages.prepare_home(language, home)
        for index, command in enumerate(setup["command"]):
            where = f"{task['source_file']}: setup.command[{index}] {command[:200]!r}"
            try:
                shell = shell_command(command)
            except NoShell as exc:
                raise TaskSetupError(f"{where}: {exc}") from None
            argv = sandbox.wrap(shell, kind, cwd=tree, rw=[tree], home=home, network=False,
                                ro=[*languages.sandbox_mounts(language), *ro])
            out, err = Path(tmp) / f"{index}.out", Path(tmp) / f"{index}.err"
            done = run_tree(argv, cwd=tree, env=env, stdout_path=out, stderr_path=err, timeout_s=setup["timeout_s"],
                            limits=GRADING_LIMITS, contained=kind == "bwrap", sandbox_status=kind == "bwrap")
            log_file.write(f"$ {command}\n".encode() + (safefs.read_file(out, DEFAULT_MAX_LOG_BYTES) or (b"",))[0])
            if done.start_error or (kind == "bwrap" and not done.timed_out and done.sandbox_exit is None):
                # The harness's own failure, not the task's: the sandbox never ran the command.
                raise UserError(f"{where}: the setup sandbox could not start ({done.start_error or _last_line(err)})")
            code = done.sandbox_exit if kind == "bwrap" and not done.timed_out else done.exit_code
            log_file.write(f"[exit {code}, {done.wall_s:.1f} s]\n".encode())
            if done.timed_out:
                raise TaskSetupError(f"{where}: ran past setup.timeout_s ({setup['timeout_s']} s); make it faster "
                                     "or raise the timeout")
            if code != 0:
                raise TaskSetupError(f"{where}: exited {code} ({_last_line(out)}); fix the command (it runs with "
                                     "no network, in the task's tree)")
            check_setup_tree(tree, where)
    return round(time.monotonic() - started, 3)


def check_setup_tree(tree: Path, where: str) -> None:
    """Hold what a setup command (`where`: the task file, the field, the command) left in `tree` to the rules a
    fixture's files follow: the rule book's ignored entries (a .git, tool caches) are removed, as a fixture's copy
    leaves them out (the snapshot's history is the harness's one commit); a symlink that leads out of the tree, or
    a FIFO, socket or device, fails the setup (TaskSetupError), as `check` refuses a fixture with one: the snapshot
    is what every run starts from."""
    for entry in safefs.walk(tree, skip_top=frozenset()):
        name = entry.rel.rsplit("/", 1)[-1]
        if entry.kind == "nested_git" or rules.is_ignored_entry(name, entry.kind == "dir"):
            safefs.remove(tree, entry.rel)
        elif entry.kind == "symlink" and safefs.resolves_inside(tree, entry.rel) is None:
            raise TaskSetupError(f"{where}: left {entry.rel} -> {os.readlink(tree / entry.rel)}, a symlink that leads "
                                 "out of the tree; leave the file itself or a link that stays inside the tree")
        elif entry.kind == "special":
            raise TaskSetupError(f"{where}: left {entry.rel}, a {safefs.kind_of(entry.st.st_mode)}; a snapshot holds "
                                 "files, directories and symlinks only")


def setup_key(task: dict, kind: str, ro: Sequence[Path]) -> str:
    """What besides the task decides what its setup commands leave (the commands are in its digest): the sandbox
    they ran in (a snapshot built without one is never used by a confined evaluation) and the paths shown to them.
    Empty for a task without setup, so its snapshot is the same for every evaluation."""
    return "\0".join(["setup", kind, *sorted(str(p) for p in ro)]) if task.get("setup") else ""


SNAPSHOT_LAYOUT = 2  # bump when what a snapshot holds changes: caches an older harness built are then not used
_SNAPSHOT_LOCKS: dict[str, threading.Lock] = {}
_SETUP_FAILED: dict[str, str] = {}   # snapshot path -> why its task's setup failed in this process
_LOCKS_GUARD = threading.Lock()


def _tree_shape(root: Path) -> str:
    """A digest of the names, types, modes and link targets under root (the task digest covers contents only)."""
    h = hashlib.sha256()
    for top, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in _ignore(top, [d]))
        for name in sorted([*dirs, *(f for f in files if f not in _ignore(top, [f]))]):
            path = os.path.join(top, name)
            st = os.lstat(path)
            target = os.readlink(path) if stat.S_ISLNK(st.st_mode) else ""
            h.update(f"{os.path.relpath(path, root)}\0{st.st_mode:o}\0{target}\0".encode())
    return h.hexdigest()


def snapshot_key() -> str:
    """What besides the task decides a snapshot's bytes: the harness version, the layout, the git that writes
    the repository, and the paths the rule book leaves out."""
    return "\0".join([bench.__version__, str(SNAPSHOT_LAYOUT), git.version(), *rules.IGNORED_DIRS])


def snapshot_dir(task: dict, results_dir: Path, kind: str = "none", ro: Sequence[Path] = ()) -> Path:
    """Where the task's starting state is kept.

    When the task digest pins that state (a fixture, whose files it covers, or a git task, whose resolved
    commit it covers), the snapshot lives in the harness's cache (paths.cache_dir()) under the digest, so
    every bundle that runs the same task reuses it and a changed task (a branch moved to another commit
    included) gets a new one; a fixture's file modes are in the name too, as the digest covers contents
    only. A git task record without a resolved commit (written by hand) keeps its snapshot in the bundle.
    The key holds everything else that decides a snapshot's bytes (snapshot_key): a harness of another version,
    another git, or another ignore list builds its own; for a task with setup commands, also the sandbox `kind`
    and the read-only paths `ro` they ran with (setup_key).
    """
    repo = task["repo"]
    if repo["type"] == "fixture":
        shape = _tree_shape(Path(repo["path"]))
    elif repo.get("commit"):
        shape = repo["commit"]
    else:
        return results_dir / "snapshots" / task["id"]
    full = task.get("visible_all") if task.get("visible") == "all" else None
    if full:   # laid over the tree (materialize): its modes too (the mode is in the digest)
        shape += _tree_shape(Path(full["path"]))
    key = hashlib.sha256(f"{task['digest']}\0{shape}\0{snapshot_key()}\0{setup_key(task, kind, ro)}".encode())
    key = key.hexdigest()[:24]
    return cache_dir() / "snapshots" / f"v{SNAPSHOT_LAYOUT}" / f"{task['id']}-{key}"


def snapshot(task: dict, results_dir: Path, kind: str | None = None, ro: Sequence[Path] = ()) -> Path:
    """The task's starting state, built once: tree/, its files plus a one-commit .git (see snapshot_dir).

    Every run copies tree/ instead of committing again, and the agent's diff is taken against tree/.git,
    which no run writes to. Built in a temporary directory and renamed into place, so a harness process
    beside this one (another shard on the node) either finds it complete or builds its own and keeps
    whichever landed first. A task's `setup` commands run on the tree before its commit (run_setup), in the
    sandbox `kind` (None: bwrap where it works) with the `ro` paths shown read-only; when one fails nothing is
    kept, and the later runs of this process get the same TaskSetupError without running them again.
    """
    if task.get("setup"):
        kind = sandbox.resolve(kind)
    snap = snapshot_dir(task, results_dir, kind or "none", ro)
    with _LOCKS_GUARD:
        lock = _SNAPSHOT_LOCKS.setdefault(str(snap), threading.Lock())
    with lock:
        if _complete(snap, task["digest"]):
            return snap
        if str(snap) in _SETUP_FAILED:
            raise TaskSetupError(_SETUP_FAILED[str(snap)])
        try:
            snap.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UserError(f"{snap.parent}: cannot create the snapshot directory ({exc.strerror}); "
                            f"set {CACHE_ENV} or choose a writable --results/--out") from None
        building = Path(tempfile.mkdtemp(prefix=f".{task['id']}-", dir=snap.parent))
        try:
            tree = building / "tree"
            tree.mkdir()
            materialize(task, tree)
            if task.get("setup"):
                try:
                    wall = run_setup(task, tree, kind, ro, building / SETUP_LOG)
                except TaskSetupError as exc:
                    _SETUP_FAILED[str(snap)] = str(exc)
                    raise
                log(f"isolate: {task['id']}: setup ran ({len(task['setup']['command'])} command(s), {wall:.1f} s); "
                    f"log: {snap / SETUP_LOG}")
            init_single_commit(tree)
            (building / "digest").write_text(task["digest"])
            if snap.exists() and not _complete(snap, task["digest"]):
                shutil.rmtree(snap)  # a bundle's snapshot of the task before its digest changed
            try:
                building.rename(snap)
            except OSError:
                if not _complete(snap, task["digest"]):
                    raise
                shutil.rmtree(building)  # another process's copy landed first: use that one
        except BaseException:
            shutil.rmtree(building, ignore_errors=True)
            raise
    return snap


def _complete(snap: Path, digest: str) -> bool:
    """Whether `snap` holds a whole snapshot of the task at `digest` (its stamp is written last)."""
    stamp = snap / "digest"
    try:
        return stamp.read_text() == digest
    except OSError:
        return False


def isolate_one(task: dict, results_dir: Path, run_id: str, rep: int, workdir_root: Path | None = None,
                kind: str | None = None, ro: Sequence[Path] = ()) -> dict:
    """Create one run: its run directory and a fresh workdir copied from the task's snapshot; return the run record.
    `kind` and `ro`: the sandbox and the read-only paths a task's setup commands run with (see snapshot)."""
    start = time.monotonic()
    run_dir = results_dir / "runs" / task["id"] / str(rep)
    if (run_dir / "run.json").exists():
        raise UserError(f"{run_dir}: a run already exists here; use a new --run-id or --out directory "
                        "(nothing was overwritten)")
    if task.get("setup_error"):  # the task cannot be set up (validate could not resolve its ref): its own error
        raise TaskSetupError(task["setup_error"])
    try:
        run_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(f"{run_dir}: cannot create the run directory ({exc.strerror}); "
                        "choose a writable --results/--out") from None
    if task.get("setup"):
        kind = sandbox.resolve(kind)
    snap = snapshot(task, results_dir, kind, ro)
    holder = Path(tempfile.mkdtemp(prefix=f"{WORKDIR_PREFIX}{task['id']}-{rep}-", dir=workdir_root or temp_root()))
    workdir = holder / tree_name(task)   # the tree keeps its name: a build may read it
    try:
        shutil.copytree(snap / "tree", workdir, symlinks=True)
        base_commit = _head(snap / "tree" / ".git")
    except BaseException:
        shutil.rmtree(holder, ignore_errors=True)
        raise
    record = {
        "schema": "localagentbench/run@1",
        "run_id": run_id, "task_id": task["id"], "task_digest": task["digest"], "rep": rep,
        "visible": task.get("visible", "split"),
        "stage": lifecycle.WRITES["isolate"], "harness_version": harness_version(), "task": task,
        "paths": {"run_dir": str(run_dir.resolve()), "workdir": str(workdir),
                  "base_git": str((snap / "tree" / ".git").resolve()), "snapshot": str((snap / "tree").resolve())},
        "base_commit": base_commit,
        "isolate": {"wall_s": round(time.monotonic() - start, 4),
                    **({"setup": {"sandbox": kind, "ro": [str(p) for p in ro],
                                  "log": str((snap / SETUP_LOG).resolve())}} if task.get("setup") else {})},
        "agent": None, "model": None, "oracle": None, "heldout": None,
        "outcome": None, "success": None, "flags": [], "flag_details": {}, "sandbox": {"kind": "none"},
    }
    write_json_atomic(run_dir / "run.json", record)
    return record


def _head(git_dir: Path) -> str:
    """The commit the snapshot's main branch points at, read without starting git."""
    ref = git_dir / "refs" / "heads" / "main"
    if ref.is_file():
        return ref.read_text().strip()
    packed = git_dir / "packed-refs"
    for line in packed.read_text().splitlines() if packed.exists() else []:
        if line.endswith(" refs/heads/main"):
            return line.split()[0]
    raise UserError(f"{git_dir}: snapshot has no main branch; delete {git_dir.parent.parent} and run again")


def plan(tasks: Sequence[dict], repeat: int) -> list[tuple[dict, int]]:
    """The task x repetition grid, in a stable order (task file order, then repetition)."""
    if repeat < 1:
        raise UserError(f"--repeat: must be at least 1 (got {repeat})")
    return [(task, rep) for task in tasks for rep in range(repeat)]


def isolate(tasks: Iterable[dict], results_dir: Path, run_id: str, repeat: int = 1, kind: str | None = None,
            ro: Sequence[Path] = ()) -> Iterator[dict]:
    """Yield one isolated run record per task x repetition, each checked against the run schema.

    (isolate_one leaves the check to its callers: evaluate checks each run once, when it is graded.)
    """
    for task in tasks:
        schema.check(task, "task-record", where=f"task {task.get('id', '?')}")
        for _, rep in plan([task], repeat):
            record = isolate_one(task, results_dir, run_id, rep, kind=kind, ro=ro)
            schema.check(record, "run", where=str(Path(record["paths"]["run_dir"]) / "run.json"))
            yield record


def _main(argv: Sequence[str]) -> int:
    parser = ArgumentParser(prog="python -m bench.isolate", description=__doc__.split("\n")[0])
    parser.add_argument("inputs", nargs="*", default=["-"], help="task records (JSON Lines file or - for stdin)")
    parser.add_argument("--results", default=None, help="the run bundle directory (default: results/<run-id>)")
    parser.add_argument("--run-id", default=None, type=run_id_argument,
                        help="the run id (default: UTC time + random suffix)")
    parser.add_argument("--repeat", type=int, default=1, help="runs per task (default 1)")
    parser.add_argument("--out", default="-", help="where to write run records (default: stdout)")
    parser.add_argument("--sandbox", choices=sandbox.KINDS, default="auto",
                        help="where a task's setup commands run: bwrap, none, or auto (bwrap where it works)")
    parser.add_argument("--sandbox-ro", action="append", default=[], metavar="PATH",
                        help="also show this path to a task's setup commands, read-only (a package cache)")
    args = parser.parse_args(argv)
    kind, ro = sandbox.resolve(args.sandbox), sandbox.extra_mounts(args.sandbox_ro)
    run_id = args.run_id or new_run_id()
    results_dir = Path(args.results) if args.results else Path("results") / run_id
    writable_dir(results_dir, "--results")
    count = 0
    with RecordWriter(args.out) as out:
        for record in isolate(read_records(args.inputs), results_dir, run_id, args.repeat, kind, ro):
            out.write(record)
            count += 1
    log(f"isolate: {count} run(s) in {results_dir}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: `python -m bench.isolate`."""
    return run_main(_main, argv)


if __name__ == "__main__":
    raise SystemExit(main())
