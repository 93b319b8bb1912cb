"""Where a task's held-out files land in the grading copy: the one place that knows.

`heldout.into` in a task file says where the contents of `heldout.path` (heldout/<id>/) are laid:

- `heldout` (the default): into the directory `heldout/` of the grading copy, so
  `heldout/<id>/test_x.py` lands at `heldout/test_x.py` and `python -m pytest -q heldout` finds it;
- `root`: over the copy's root, so `heldout/<id>/heldout_tests/test_x.py` lands at `heldout_tests/test_x.py`.

The value is a word, not a path: a free destination would need its own safety rules, and two places cover
every task. A held-out file may land on a new path, or replace a file of the task's own that grading protects
(a test file or test configuration of its language): the fix commit's version of `tests/test_x.py`, as real
fix commits and SWE-bench test patches have it. The visible phase then runs the task's version of that file, the
held-out phase the held-out one (each laid, guarded and compared in its own phase). Anything else in the way
(a directory, a symlink, code the agent's change is graded on) is a clash: the task is broken (clash).
Laying (oracle.lay_heldout), the rule book's held-out paths, the read-only mounts, the check
that the tests were not rewritten while they ran, validate's separation checks and the benchmark's floor
copy all ask here.
"""
from __future__ import annotations

from pathlib import Path, PurePosixPath

from bench.common import rules
from bench.exec import safefs

DEFAULT = "heldout"
CHOICES = {"heldout": "heldout", "root": ""}  # value of heldout.into -> directory of the copy it names ("" = root)


def into(held: dict) -> str:
    """The task's `heldout.into`, the default filled in."""
    return held.get("into") or DEFAULT


def base(held: dict) -> str:
    """The directory of the grading copy the held-out files are laid into ('' for its root)."""
    return CHOICES[into(held)]


def describe(held: dict) -> str:
    """Where the files land, in words (for messages)."""
    where = base(held)
    return f"{where}/ of the grading copy" if where else "the grading copy's root"


def target(held: dict, rel: str) -> str:
    """Where the held-out file `rel` (relative to heldout.path) lands, relative to the grading copy."""
    where = base(held)
    return f"{where}/{rel}" if where else rel


def files(held: dict) -> list[tuple[str, str, int]]:
    """Every held-out file as (path under heldout.path, where it lands in the copy, st_mode), sorted; the rule
    book's ignored paths (caches) skipped."""
    found = safefs.scan(Path(held["path"]), skip_top=frozenset())
    return [(rel, target(held, rel), mode) for rel, mode in sorted(found.files.items()) if not rules.is_ignored(rel)]


def paths(held: dict | None) -> frozenset[str]:
    """Every path of the grading copy a held-out file or its directory takes (the rule book's held-out paths)."""
    if not held:
        return frozenset()
    found = safefs.scan(Path(held["path"]), skip_top=frozenset())
    out = set()
    for rel in [*found.files, *found.dirs]:
        parts = PurePosixPath(target(held, rel)).parts
        out.update("/".join(parts[:i]) for i in range(1, len(parts) + 1))
    return frozenset(out)


def replaceable(tree: safefs.TreeScan, language: str) -> frozenset[str]:
    """The files of a task's starting tree a held-out file may replace: those grading protects (the rule book's
    test files and test configuration of the task's language, as oracle.pristine_of reads them)."""
    return frozenset(rel for rel in tree.files
                     if rules.is_test_path(rel, language) or rules.is_test_config(rel, language))


def replaced(held: dict, tree: safefs.TreeScan, language: str) -> frozenset[str]:
    """The task's own files the held-out files replace (where they land, relative to the grading copy)."""
    mine = replaceable(tree, language)
    return frozenset(dest for _, dest, _ in files(held) if dest in mine)


def clash(held: dict, tree: safefs.TreeScan, language: str, what: str = "held-out") -> str | None:
    """Why the held-out files cannot be laid on the task's starting tree `tree` (a scan of the fixture or the
    snapshot), in one line, or None: a held-out file may not replace one of the task's directories, symlinks,
    special files or files grading does not protect (the change to such a file would go ungraded), nor need a
    directory where the task has something else. The same rule holds the full tests of `--visible all`
    (visible_all, laid over the root like `into: root`), named `what` in the line."""
    mine = replaceable(tree, language)
    dirs = frozenset(tree.dirs)
    others = {**{rel: "file" for rel in tree.files}, **{rel: "symlink" for rel in tree.symlinks},
              **{rel: kind for rel, kind in tree.special.items()}}
    for _, dest, _ in files(held):
        parts = PurePosixPath(dest).parts
        for depth in range(1, len(parts)):
            above = "/".join(parts[:depth])
            if above in others:
                return f"{what} {dest} needs a directory where the task has its own {others[above]} {above}"
        if dest in dirs:
            return f"{what} {dest} would replace the task's own directory {dest}/"
        if dest in tree.files and dest not in mine:
            return f"{what} {dest} would replace the task's own {dest}, which is not a test file or test config"
        if dest in others and dest not in mine:
            return f"{what} {dest} would replace the task's own {others[dest]} {dest}"
    return None


def tops(landed: list[tuple[str, str, int]]) -> list[str]:
    """The top-level entries of the copy the held-out files land in (e.g. ['heldout'] by default)."""
    return sorted({PurePosixPath(dest).parts[0] for _, dest, _ in landed})
