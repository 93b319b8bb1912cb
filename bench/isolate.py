"""isolate: give every run a fresh work tree whose git history is one commit.

    python -m bench.validate tasks | python -m bench.isolate - [--results DIR] [--run-id ID] [--repeat K]

For each task record and repetition it creates results/<run>/runs/<task>/<rep>/, a temporary workdir
(the fixture copied, or the git repo cloned at `ref`), commits the tree once so the agent's change is a
plain `git diff` and history holds no answers, and keeps a snapshot of that state outside the workdir
that the diff and grading use (in the harness's cache, reused by later bundles, when the task digest pins
it; else in the bundle). It emits one run record per run.
"""
from __future__ import annotations

import hashlib
import os
import secrets
import shutil
import stat
import tempfile
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

import bench
from bench.common import lifecycle, rules, schema
from bench.common.errors import UserError
from bench.common.paths import CACHE_ENV, cache_dir, harness_version, temp_root, writable_dir
from bench.common.records import RecordWriter, read_records, write_json_atomic
from bench.common.stage import ArgumentParser, log, run_main
from bench.exec import git
from bench.exec.git import TaskSetupError, checkout_commit, init_single_commit, resolve_ref


def new_run_id() -> str:
    """A sortable, unique run id: UTC time plus a short random suffix."""
    return time.strftime("%Y%m%d-%H%M%S", time.gmtime()) + "-" + secrets.token_hex(2)


def _ignore(directory: str, names: list[str]) -> set[str]:
    """What a copy of a task's tree leaves out: the rule book's ignored entries (rules.is_ignored_entry)."""
    return {n for n in names if rules.is_ignored_entry(n, os.path.isdir(os.path.join(directory, n))
                                                       and not os.path.islink(os.path.join(directory, n)))}


def materialize(task: dict, dest: Path) -> None:
    """Fill the empty directory `dest` with the task's repository at its starting state (no .git)."""
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


SNAPSHOT_LAYOUT = 2  # bump when what a snapshot holds changes: caches an older harness built are then not used
_SNAPSHOT_LOCKS: dict[str, threading.Lock] = {}
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


def snapshot_dir(task: dict, results_dir: Path) -> Path:
    """Where the task's starting state is kept.

    When the task digest pins that state (a fixture, whose files it covers, or a git task, whose resolved
    commit it covers), the snapshot lives in the harness's cache (paths.cache_dir()) under the digest, so
    every bundle that runs the same task reuses it and a changed task (a branch moved to another commit
    included) gets a new one; a fixture's file modes are in the name too, as the digest covers contents
    only. A git task record without a resolved commit (written by hand) keeps its snapshot in the bundle.
    The key holds everything else that decides a snapshot's bytes (snapshot_key): a harness of another version,
    another git, or another ignore list builds its own.
    """
    repo = task["repo"]
    if repo["type"] == "fixture":
        shape = _tree_shape(Path(repo["path"]))
    elif repo.get("commit"):
        shape = repo["commit"]
    else:
        return results_dir / "snapshots" / task["id"]
    key = hashlib.sha256(f"{task['digest']}\0{shape}\0{snapshot_key()}".encode()).hexdigest()[:24]
    return cache_dir() / "snapshots" / f"v{SNAPSHOT_LAYOUT}" / f"{task['id']}-{key}"


def snapshot(task: dict, results_dir: Path) -> Path:
    """The task's starting state, built once: tree/, its files plus a one-commit .git (see snapshot_dir).

    Every run copies tree/ instead of committing again, and the agent's diff is taken against tree/.git,
    which no run writes to. Built in a temporary directory and renamed into place, so a harness process
    beside this one (another shard on the node) either finds it complete or builds its own and keeps
    whichever landed first.
    """
    snap = snapshot_dir(task, results_dir)
    with _LOCKS_GUARD:
        lock = _SNAPSHOT_LOCKS.setdefault(str(snap), threading.Lock())
    with lock:
        if _complete(snap, task["digest"]):
            return snap
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


def isolate_one(task: dict, results_dir: Path, run_id: str, rep: int, workdir_root: Path | None = None) -> dict:
    """Create one run: its run directory and a fresh workdir copied from the task's snapshot; return the run record."""
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
    snap = snapshot(task, results_dir)
    workdir = Path(tempfile.mkdtemp(prefix=f"lab-{task['id']}-{rep}-", dir=workdir_root or temp_root()))
    try:
        shutil.copytree(snap / "tree", workdir, symlinks=True, dirs_exist_ok=True)
        base_commit = _head(snap / "tree" / ".git")
    except BaseException:
        shutil.rmtree(workdir, ignore_errors=True)
        raise
    record = {
        "schema": "localagentbench/run@1",
        "run_id": run_id, "task_id": task["id"], "task_digest": task["digest"], "rep": rep,
        "stage": lifecycle.WRITES["isolate"], "harness_version": harness_version(), "task": task,
        "paths": {"run_dir": str(run_dir.resolve()), "workdir": str(workdir),
                  "base_git": str((snap / "tree" / ".git").resolve()), "snapshot": str((snap / "tree").resolve())},
        "base_commit": base_commit,
        "isolate": {"wall_s": round(time.monotonic() - start, 4)},
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


def isolate(tasks: Iterable[dict], results_dir: Path, run_id: str, repeat: int = 1) -> Iterator[dict]:
    """Yield one isolated run record per task x repetition, each checked against the run schema.

    (isolate_one leaves the check to its callers: evaluate checks each run once, when it is graded.)
    """
    for task in tasks:
        schema.check(task, "task-record", where=f"task {task.get('id', '?')}")
        for _, rep in plan([task], repeat):
            record = isolate_one(task, results_dir, run_id, rep)
            schema.check(record, "run", where=str(Path(record["paths"]["run_dir"]) / "run.json"))
            yield record


def _main(argv: Sequence[str]) -> int:
    parser = ArgumentParser(prog="python -m bench.isolate", description=__doc__.split("\n")[0])
    parser.add_argument("inputs", nargs="*", default=["-"], help="task records (JSON Lines file or - for stdin)")
    parser.add_argument("--results", default=None, help="the run bundle directory (default: results/<run-id>)")
    parser.add_argument("--run-id", default=None, help="the run id (default: UTC time + random suffix)")
    parser.add_argument("--repeat", type=int, default=1, help="runs per task (default 1)")
    parser.add_argument("--out", default="-", help="where to write run records (default: stdout)")
    args = parser.parse_args(argv)
    run_id = args.run_id or new_run_id()
    results_dir = Path(args.results) if args.results else Path("results") / run_id
    writable_dir(results_dir, "--results")
    count = 0
    with RecordWriter(args.out) as out:
        for record in isolate(read_records(args.inputs), results_dir, run_id, args.repeat):
            out.write(record)
            count += 1
    log(f"isolate: {count} run(s) in {results_dir}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: `python -m bench.isolate`."""
    return run_main(_main, argv)


if __name__ == "__main__":
    raise SystemExit(main())
