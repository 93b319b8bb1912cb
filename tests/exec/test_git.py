"""git: the snapshot, the agent's diff and the grading apply are real git, checked against git run separately."""
from __future__ import annotations

import os
import random
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

from bench.common.errors import UserError
from bench.exec.git import (
    MAX_CHANGED_FILES,
    PatchFiles,
    apply_patch,
    git,
    head_commit,
    init_single_commit,
    patch_files,
    snapshot_diff,
)
from conftest import CACHE_NAMES, reference_diff


def _plain_git(*args: str, cwd: Path) -> bytes:
    """git with none of the harness's settings."""
    env = {**os.environ, "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}
    return subprocess.run(["git", *args], cwd=cwd, env=env, capture_output=True, check=True).stdout


def _diff(snapshot_git: Path, work: Path, scratch: Path, max_bytes: int = 1 << 30) -> bytes:
    """snapshot_diff's patch file, whose listed files must be what patch_files reads from the whole patch."""
    out = scratch.parent / f"{scratch.name}.diff"
    taken = snapshot_diff(snapshot_git, work, scratch, out, max_bytes)
    data = out.read_bytes()
    assert taken.over_cap is None and taken.size == len(data) and taken.files == patch_files(data)
    return data


def _tree(root: Path) -> Path:
    """A fixture with git's corner cases: ordering, modes, links, binaries, odd names, caches, ignored files."""
    files = {
        "a.b": "dot", "a-b": "dash", "a0": "zero", "a/inner.py": "x = 1\n", "a/deeper/leaf.txt": "leaf\n",
        "empty.txt": "", "spaced name.txt": "spaces\n", "ünïcode.txt": "utf-8 name\n", ".gitignore": "*.log\n",
        "ignored.log": "kept: the snapshot adds ignored files too\n", ".pytest_cache/v/x": "cache\n",
        "pkg/__pycache__/m.cpython-311.pyc": "junk", "pkg/m.py": "def f():\n    return 1\n",
        "pkg/legacy.pyc": "a module Python imports without source: not a cache",
    }
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (root / "blob.bin").write_bytes(bytes(range(256)) * 8)
    (root / "run.sh").write_text("#!/bin/sh\necho hi\n")
    (root / "run.sh").chmod(0o755)
    os.symlink("a/inner.py", root / "link")
    os.symlink("nowhere", root / "dangling")
    (root / "empty-dir").mkdir()
    return root


def _edit(work: Path) -> None:
    (work / "a" / "inner.py").write_text("x = 2\n")
    (work / "a0").unlink()
    (work / "new" / "deep").mkdir(parents=True)
    (work / "new" / "deep" / "file.py").write_text("print('new')\n")
    (work / "blob.bin").write_bytes(bytes(range(255, -1, -1)) * 8)
    (work / "spaced name.txt").chmod(0o755)
    (work / "a-b").unlink()
    os.symlink("a.b", work / "a-b")
    (work / "a.b").unlink()
    (work / "a.b").mkdir()
    (work / "a.b" / "now-a-dir").write_text("file became a directory\n")
    (work / "pkg" / "__pycache__" / "new.cpython-311.pyc").write_text("ignored")
    (work / ".pytest_cache" / "v" / "cache").mkdir(parents=True)
    (work / ".pytest_cache" / "v" / "cache" / "lastfailed").write_text("{}")
    (work / ".pytest_cache" / ".gitignore").write_text("*\n")
    (work / "sub" / ".mypy_cache").mkdir(parents=True)
    (work / "sub" / ".mypy_cache" / "x.json").write_text("{}")
    (work / ".ruff_cache").mkdir()
    (work / ".ruff_cache" / "CACHEDIR.TAG").write_text("tag")
    os.symlink("a/inner.py", work / "link.pyc")
    (work / "again.pyc").write_text("bytecode outside __pycache__ is part of the change")


def _snapshot(tmp: Path, before: Path) -> Path:
    snap = tmp / "snap"
    shutil.copytree(before, snap, symlinks=True)
    init_single_commit(snap)
    return snap


def _work(tmp: Path, snap: Path, after: Path | None = None) -> Path:
    work = tmp / "work"
    shutil.copytree(snap, work, symlinks=True)
    if after is not None:
        for entry in list(work.iterdir()):
            if entry.name != ".git":
                shutil.rmtree(entry) if entry.is_dir() and not entry.is_symlink() else entry.unlink()
        shutil.copytree(after, work, symlinks=True, dirs_exist_ok=True)
    return work


def _grading_copy(tmp: Path, snap: Path, name: str = "copy") -> Path:
    copy = tmp / name
    shutil.copytree(snap, copy, symlinks=True, ignore=shutil.ignore_patterns(".git"))
    return copy


def _entries(root: Path) -> dict[str, tuple[int, bytes]]:
    """Every entry under root but .git and the caches: (mode and type, content or link target)."""
    found = {}
    for top, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in (".git", *CACHE_NAMES)]
        for name in dirs + files:
            path = Path(top) / name
            st = path.lstat()
            if stat.S_ISLNK(st.st_mode):
                found[str(path.relative_to(root))] = (stat.S_IFLNK, os.readlink(path).encode())
            elif stat.S_ISDIR(st.st_mode):
                found[str(path.relative_to(root))] = (stat.S_IFDIR, b"")
            else:
                found[str(path.relative_to(root))] = (st.st_mode & 0o100, path.read_bytes())
    return found


def _empty_dirs_gone(entries: dict[str, tuple[int, bytes]]) -> dict[str, tuple[int, bytes]]:
    """Entries without directories: git tracks files, so an empty directory is nobody's change."""
    return {k: v for k, v in entries.items() if v[0] != stat.S_IFDIR}


@pytest.mark.parametrize("edit", [_edit, lambda work: None, lambda work: (work / "run.sh").chmod(0o644)],
                         ids=["many-changes", "no-change", "mode-only"])
def test_the_diff_is_the_diff_plain_git_makes_and_applies_back_to_the_work_tree(tmp_path, edit):
    before = _tree(tmp_path / "before")
    snap = _snapshot(tmp_path, before)
    work = _work(tmp_path, snap)
    edit(work)
    ours = _diff(snap / ".git", work, tmp_path / "scratch")
    assert ours == reference_diff(before, work)
    if edit is not _edit:
        return
    changed = {path: status for status, path in patch_files(ours)}
    assert changed["link.pyc"] == "A" and changed["again.pyc"] == "A" and changed["new/deep/file.py"] == "A"
    assert not [p for p in changed if any(c in p.split("/") for c in CACHE_NAMES)], changed
    assert b"GIT binary patch" in ours
    copy = _grading_copy(tmp_path, snap)
    (tmp_path / "p.diff").write_bytes(ours)
    apply_patch(snap / ".git", tmp_path / "p.diff", copy, tmp_path / "apply-scratch")
    assert _empty_dirs_gone(_entries(copy)) == _empty_dirs_gone(_entries(work))


def test_the_snapshot_commits_every_file_but_the_caches(tmp_path):
    snap = _snapshot(tmp_path, _tree(tmp_path / "before"))
    listed = _plain_git("ls-files", "-s", cwd=snap).decode().splitlines()
    paths = {line.split("\t", 1)[1] for line in listed}
    assert {"ignored.log", "pkg/legacy.pyc", "link", "dangling", "blob.bin"} <= paths
    assert not {p for p in paths if ".pytest_cache" in p or "__pycache__" in p}
    assert any(line.startswith("120000 ") and line.endswith("\tlink") for line in listed)
    assert any(line.startswith("100755 ") and line.endswith("\trun.sh") for line in listed)
    assert _plain_git("status", "--porcelain", "--untracked-files=no", cwd=snap) == b""
    assert _plain_git("log", "--format=%s", cwd=snap) == b"task\n"


LINES = [b"alpha\n", b"beta\n", b"\n", b"  indented\n", b"tab\there\n", b"crlf\r\n", b"\r\n", b"x = 1\n",
         "ünïcode\n".encode(), b"# comment\n", b"\\ backslash\n", b"+plus\n", b"-minus\n", b" space\n"]


def _random_text(rng: random.Random) -> bytes:
    text = b"".join(rng.choice(LINES) for _ in range(rng.randint(0, 30)))
    return text.rstrip(b"\n") if text and rng.random() < 0.3 else text


@pytest.mark.parametrize("seed", range(8))
def test_random_edits_apply_to_a_grading_copy_as_the_work_tree_had_them(tmp_path, seed):
    rng = random.Random(seed)
    before, after = tmp_path / "before", tmp_path / "after"
    for root in (before, after):
        (root / "pkg" / "deep").mkdir(parents=True)
    for name in ["a.py", "b.txt", "pkg/c.py", "pkg/deep/d.md", "pkg/deep/e", "f"]:
        text = _random_text(rng)
        (before / name).write_bytes(text)
        roll = rng.random()
        if roll < 0.15:
            continue  # deleted
        (after / name).write_bytes(_random_text(rng) + text if roll < 0.7 else text)
        if rng.random() < 0.2:
            (after / name).chmod(0o755)
    for i in range(rng.randint(0, 3)):
        name = rng.choice(["new.py", "pkg/new.txt", "fresh/dir/n.py", "fresh/m"]) + str(i)
        (after / name).parent.mkdir(parents=True, exist_ok=True)
        (after / name).write_bytes(_random_text(rng))
    snap = _snapshot(tmp_path, before)
    work = _work(tmp_path, snap, after)
    data = _diff(snap / ".git", work, tmp_path / "scratch")
    assert data == reference_diff(before, after)
    copy = _grading_copy(tmp_path, snap)
    (tmp_path / "p.diff").write_bytes(data)
    if data:
        apply_patch(snap / ".git", tmp_path / "p.diff", copy, tmp_path / "apply-scratch")
    assert _empty_dirs_gone(_entries(copy)) == _empty_dirs_gone(_entries(after))


def test_neither_the_diff_nor_the_apply_writes_into_the_snapshot(tmp_path):
    snap = _snapshot(tmp_path, _tree(tmp_path / "before"))
    # By content: git refreshes the mtime of objects it finds already stored (alternates too), never their bytes.
    def stored() -> list:
        return sorted((p.relative_to(snap), p.read_bytes() if p.is_file() else b"") for p in (snap / ".git").rglob("*"))

    before = stored()
    work = _work(tmp_path, snap)
    _edit(work)
    (work / "secret.txt").write_text("an answer no later repetition may see\n")
    data = _diff(snap / ".git", work, tmp_path / "scratch")
    (tmp_path / "p.diff").write_bytes(data)
    apply_patch(snap / ".git", tmp_path / "p.diff", _grading_copy(tmp_path, snap), tmp_path / "apply-scratch")
    assert stored() == before
    assert list((tmp_path / "scratch" / "objects").glob("*/*")), "the run's new objects go to its scratch"


def test_a_patch_that_does_not_apply_is_a_user_error_and_writes_nothing(tmp_path):
    before = tmp_path / "before"
    before.mkdir()
    (before / "a.txt").write_text("one\ntwo\n")
    (before / "b.txt").write_text("b\n")
    snap = _snapshot(tmp_path, before)
    work = _work(tmp_path, snap)
    (work / "a.txt").write_text("one\n2\n")
    (work / "b.txt").write_text("B\n")
    (tmp_path / "p.diff").write_bytes(_diff(snap / ".git", work, tmp_path / "scratch"))
    copy = _grading_copy(tmp_path, snap)
    (copy / "a.txt").write_text("one\ntwo \n")
    untouched = _entries(copy)
    with pytest.raises(UserError, match="git apply: .*a.txt"):
        apply_patch(snap / ".git", tmp_path / "p.diff", copy, tmp_path / "apply-scratch")
    assert _entries(copy) == untouched, "git apply is all or nothing: b.txt is not half applied"


@pytest.mark.parametrize("path", ["../escape.txt", ".git/hooks/post-checkout", "link/x.txt"])
def test_a_patch_cannot_write_outside_the_copy_into_git_or_through_a_symlink(tmp_path, path):
    outside = tmp_path / "outside"
    outside.mkdir()
    before = tmp_path / "before"
    before.mkdir()
    (before / "a.txt").write_text("a\n")
    os.symlink(outside, before / "link")
    snap = _snapshot(tmp_path, before)
    copy = _grading_copy(tmp_path, snap)
    (tmp_path / "p.diff").write_bytes(
        f"diff --git a/{path} b/{path}\nnew file mode 100644\nindex 0000000..e69de29\n".encode())
    with pytest.raises(UserError):
        apply_patch(snap / ".git", tmp_path / "p.diff", copy, tmp_path / "apply-scratch")
    assert not (tmp_path / "escape.txt").exists() and not (outside / "x.txt").exists()
    assert not (snap / ".git" / "hooks" / "post-checkout").exists() and not (copy / ".git").exists()


def test_a_crlf_tree_under_gitattributes_diffs_as_git_does_and_applies(tmp_path):
    """`* text eol=crlf`: git stores LF and diffs LF; the apply converts back, as a checkout would."""
    before = tmp_path / "before"
    before.mkdir()
    (before / ".gitattributes").write_bytes(b"* text eol=crlf\n*.py filter=undefined-driver\n")
    (before / "calc.py").write_bytes(b"def add(a, b):\r\n    return a - b\r\n")
    snap = _snapshot(tmp_path, before)
    work = _work(tmp_path, snap)
    (work / "calc.py").write_bytes(b"def add(a, b):\r\n    return a + b\r\n")
    data = _diff(snap / ".git", work, tmp_path / "scratch")
    assert data == reference_diff(before, work)
    assert b"+    return a + b\n" in data and b"\r" not in data
    copy = _grading_copy(tmp_path, snap)
    (tmp_path / "p.diff").write_bytes(data)
    apply_patch(snap / ".git", tmp_path / "p.diff", copy, tmp_path / "apply-scratch")
    assert (copy / "calc.py").read_bytes() == (work / "calc.py").read_bytes()


def test_head_commit_reads_loose_packed_and_detached_heads(tmp_path):
    repo = _tree(tmp_path / "r")
    sha = init_single_commit(repo)
    assert head_commit(repo / ".git") == sha == _plain_git("rev-parse", "HEAD", cwd=repo).decode().strip()
    git("pack-refs", "--all", cwd=repo)
    assert not (repo / ".git" / "refs" / "heads" / "main").exists()
    assert head_commit(repo / ".git") == sha
    git("checkout", "-q", "--detach", cwd=repo)
    assert head_commit(repo / ".git") == sha
    (repo / ".git" / "HEAD").write_text("ref: refs/heads/unborn\n")
    assert head_commit(repo / ".git") is None
    (repo / ".git" / "HEAD").unlink()
    os.symlink(tmp_path / "elsewhere", repo / ".git" / "HEAD")
    assert head_commit(repo / ".git") is None, "a symlinked HEAD is not followed"


def test_a_repositorys_own_config_cannot_turn_hooks_or_fsmonitor_on(tmp_path):
    repo = tmp_path / "r"
    repo.mkdir()
    git("init", "-q", cwd=repo)
    _plain_git("config", "core.hooksPath", str(tmp_path / "hooks"), cwd=repo)
    _plain_git("config", "core.fsmonitor", "touch fsmonitor-ran", cwd=repo)
    (tmp_path / "hooks").mkdir()
    hook = tmp_path / "hooks" / "pre-commit"
    hook.write_text(f"#!/bin/sh\ntouch {tmp_path / 'hook-ran'}\n")
    hook.chmod(0o755)
    (repo / "a.txt").write_text("a\n")
    git("add", "-A", cwd=repo)
    git("commit", "-q", "-m", "x", cwd=repo)
    git("status", "--porcelain", cwd=repo)
    assert not (tmp_path / "hook-ran").exists() and not (repo / "fsmonitor-ran").exists()
    assert git("config", "core.hooksPath", cwd=repo).stdout.decode().strip() == os.devnull


# --- the change taken as a stream, with a cap -------------------------------------------------------------

def _odd_change(tmp_path: Path) -> tuple[Path, Path, set[tuple[str, str]]]:
    """A snapshot and a work tree whose change has the names and contents a line parser trips on; with the
    (status, path) set git itself lists for it (`diff --name-status -z`, run separately)."""
    before = tmp_path / "before"
    before.mkdir()
    (before / "a.py").write_text("x = 1\n")
    (before / "gone.txt").write_text("bye\n")
    snap = _snapshot(tmp_path, before)
    work = _work(tmp_path, snap)
    (work / "a.py").write_text("x = 2\n" + "diff --git a/fake b/fake\nnew file mode 100644\n")
    (work / "gone.txt").unlink()
    names = [b"new\nline.py", b'q"uote.txt', b"tab\there", b"sp ace", "ünï.txt".encode()]
    for name in names:
        (work / os.fsdecode(name)).write_text("hi\n")
    (work / "one-line.txt").write_bytes(b"y" * (3 << 16))                     # no newline, over HEAD_BYTES
    (work / "blob.bin").write_bytes(bytes(range(256)) * 4096)                # a binary patch
    deep = work.joinpath(*["d"] * 60)
    deep.mkdir(parents=True)
    (deep / "leaf.txt").write_text("deep\n")
    # git's own listing, new files included (intent-to-add in the snapshot's index, undone after)
    _plain_git("--git-dir", str(snap / ".git"), "--work-tree", str(work), "add", "-A", "-N", cwd=work)
    listed = _plain_git("--git-dir", str(snap / ".git"), "--work-tree", str(work), "diff", "--name-status", "-z",
                        "--no-renames", "HEAD", cwd=work)
    _plain_git("--git-dir", str(snap / ".git"), "--work-tree", str(work), "reset", "-q", cwd=work)
    fields = listed.split(b"\0")[:-1]
    expected = {(status.decode(), path.decode("utf-8", errors="replace"))
                for status, path in zip(fields[::2], fields[1::2], strict=True)}
    return snap, work, expected


def test_the_streamed_change_lists_the_files_git_lists_fed_in_any_chunks(tmp_path):
    snap, work, expected = _odd_change(tmp_path)
    assert ("A", "new\nline.py") in expected and ("D", "gone.txt") in expected, expected
    data = _diff(snap / ".git", work, tmp_path / "scratch")
    assert data == reference_diff(tmp_path / "before", work)
    assert set(patch_files(data)) == expected
    for size in (1, 7, 4096, (1 << 16) + 3):
        parser = PatchFiles()
        for start in range(0, len(data), size):
            parser.feed(data[start:start + size])
        parser.close()
        assert parser.files == patch_files(data), size


@pytest.mark.parametrize("cap", ["bytes", "files"])
def test_a_change_over_the_cap_leaves_an_empty_patch_and_says_why(tmp_path, cap):
    snap, work, _ = _odd_change(tmp_path)
    whole = len(_diff(snap / ".git", work, tmp_path / "whole"))
    out = tmp_path / "patch.diff"
    out.write_bytes(b"left over from before\n")
    taken = snapshot_diff(snap / ".git", work, tmp_path / "scratch", out, max_bytes=whole - 1 if cap == "bytes"
                          else whole, max_files=3 if cap == "files" else MAX_CHANGED_FILES)
    assert taken.over_cap == cap
    assert out.read_bytes() == b"" and taken.size == 0 and taken.files == []
    exact = snapshot_diff(snap / ".git", work, tmp_path / "scratch2", out, max_bytes=whole)
    assert exact.over_cap is None and exact.size == whole == len(out.read_bytes())
