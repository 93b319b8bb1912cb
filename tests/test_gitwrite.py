"""gitwrite: the in-process snapshot commit and diff are exactly what real git makes, or refuse."""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from bench.common.errors import UserError
from bench.exec import gitwrite
from bench.exec.git import git, init_single_commit, snapshot_diff


def _tree(root: Path) -> Path:
    """A fixture that exercises git's corner cases: ordering, modes, links, binaries, odd names, caches."""
    files = {
        "a.b": "dot", "a-b": "dash", "a0": "zero", "a/inner.py": "x = 1\n", "a/deeper/leaf.txt": "leaf\n",
        "empty.txt": "", "spaced name.txt": "spaces\n", "ünïcode.txt": "utf-8 name\n", ".gitignore": "*.log\n",
        "ignored.log": "kept: the snapshot adds ignored files too\n", ".pytest_cache/v/x": "cache\n",
        "pkg/__pycache__/m.cpython-311.pyc": "junk", "pkg/stale.pyc": "junk", "pkg/m.py": "def f():\n    return 1\n",
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


def _pair(tmp_path: Path) -> tuple[Path, Path]:
    """The same tree committed in-process and by real git."""
    ours, theirs = _tree(tmp_path / "ours"), tmp_path / "theirs"
    shutil.copytree(ours, theirs, symlinks=True)
    return ours, theirs


def test_in_process_commit_is_byte_for_byte_the_commit_git_makes(tmp_path):
    ours, theirs = _pair(tmp_path)
    sha = gitwrite.init_single_commit(ours)
    assert sha == init_single_commit(theirs, use_git=True)
    assert git("fsck", "--strict", "--no-dangling", cwd=ours).returncode == 0
    # The index matches the files: nothing staged or modified; only the caches git leaves untracked.
    status = git("status", "--porcelain", cwd=ours).stdout
    assert status == git("status", "--porcelain", cwd=theirs).stdout
    assert {line[:3] for line in status.decode().splitlines()} == {"?? "}
    assert git("ls-files", "-s", cwd=ours).stdout == git("ls-files", "-s", cwd=theirs).stdout
    assert git("log", "--format=%s", cwd=ours).stdout == b"task\n"
    # A copy (new inodes, as every workdir is) is still clean once git refreshes the stat data.
    copy = tmp_path / "copy"
    shutil.copytree(ours, copy, symlinks=True)
    assert git("status", "--porcelain", cwd=copy).stdout == status


def test_commit_of_an_empty_tree_matches_git(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    assert gitwrite.init_single_commit(tmp_path / "a") == init_single_commit(tmp_path / "b", use_git=True)


@pytest.mark.parametrize("name, make", [
    ("nested repository", lambda root: subprocess.run(["git", "init", "-q", str(root / "a")], check=True)),
    (".gitattributes", lambda root: (root / ".gitattributes").write_text("* text=auto\n")),
    ("fifo", lambda root: os.mkfifo(root / "pipe")),
])
def test_trees_only_git_handles_are_refused_and_git_is_used_instead(tmp_path, name, make):
    ours, theirs = _pair(tmp_path)
    make(ours)
    make(theirs)
    with pytest.raises(gitwrite.Unsupported):
        gitwrite.init_single_commit(ours)
    assert not (ours / ".git").exists(), "a refused commit leaves nothing behind"
    # The fallback is real git, so the result (or git's own refusal) is what git alone gives.
    results = []
    for root, use_git in ((ours, False), (theirs, True)):
        try:
            results.append(init_single_commit(root, use_git=use_git))
        except UserError as exc:
            results.append(str(exc))
    assert results[0] == results[1]


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
    (work / "pkg" / "__pycache__" / "new.pyc").write_text("ignored")
    (work / "pkg" / "again.pyc").write_text("ignored")


@pytest.mark.parametrize("edit", [_edit, lambda work: None, lambda work: (work / "run.sh").chmod(0o644)],
                         ids=["many-changes", "no-change", "mode-only"])
def test_in_process_diff_is_the_diff_git_add_makes(tmp_path, edit):
    snap = _tree(tmp_path / "snap")
    init_single_commit(snap)
    work = tmp_path / "work"
    shutil.copytree(snap, work, symlinks=True)
    edit(work)
    ours = snapshot_diff(snap / ".git", work, tmp_path / "s1")
    theirs = snapshot_diff(snap / ".git", work, tmp_path / "s2", use_git=True)
    assert ours == theirs
    if edit is not _edit:
        return
    assert b"new/deep/file.py" in ours and b"GIT binary patch" in ours and b"pyc" not in ours
    # The patch applies to a pristine copy and reproduces the work tree.
    grading = tmp_path / "grading"
    shutil.copytree(snap, grading, symlinks=True, ignore=shutil.ignore_patterns(".git"))
    (tmp_path / "p.diff").write_bytes(ours)
    subprocess.run(["git", "apply", "--binary", str(tmp_path / "p.diff")], cwd=grading, check=True)
    assert (grading / "a.b" / "now-a-dir").read_text() == "file became a directory\n"
    assert os.readlink(grading / "a-b") == "a.b"
    assert os.access(grading / "spaced name.txt", os.X_OK)


def test_in_process_diff_never_writes_into_the_snapshot(tmp_path):
    snap = _tree(tmp_path / "snap")
    init_single_commit(snap)
    before = sorted(p.relative_to(snap) for p in (snap / ".git").rglob("*"))
    work = tmp_path / "work"
    shutil.copytree(snap, work, symlinks=True)
    _edit(work)
    assert snapshot_diff(snap / ".git", work, tmp_path / "scratch")
    assert sorted(p.relative_to(snap) for p in (snap / ".git").rglob("*")) == before
    assert list((tmp_path / "scratch" / "objects").glob("*/*")), "new objects go to the run's scratch"


def test_head_commit_reads_loose_packed_and_detached_heads(tmp_path):
    repo = _tree(tmp_path / "r")
    sha = init_single_commit(repo)
    assert gitwrite.head_commit(repo / ".git") == sha
    git("pack-refs", "--all", cwd=repo)
    assert not (repo / ".git" / "refs" / "heads" / "main").exists()
    assert gitwrite.head_commit(repo / ".git") == sha
    git("checkout", "-q", "--detach", cwd=repo)
    assert gitwrite.head_commit(repo / ".git") == sha
    (repo / ".git" / "HEAD").write_text("ref: refs/heads/unborn\n")
    assert gitwrite.head_commit(repo / ".git") is None


@pytest.mark.parametrize("use_git", [False, True], ids=["our-pack", "git-loose"])
def test_commit_tree_reads_packed_and_loose_commits(tmp_path, use_git):
    repo = _tree(tmp_path / "r")
    sha = init_single_commit(repo, use_git=use_git)
    expected = git("rev-parse", "HEAD^{tree}", cwd=repo).stdout.decode().strip()
    assert gitwrite.commit_tree(repo / ".git", sha) == expected
    assert gitwrite.commit_tree(repo / ".git", "0" * 40) is None


def test_the_pack_is_one_git_accepts_and_later_git_commands_build_on_it(tmp_path):
    repo = _tree(tmp_path / "r")
    init_single_commit(repo)
    (idx,) = (repo / ".git" / "objects" / "pack").glob("*.idx")
    assert git("verify-pack", "-v", str(idx), cwd=repo).returncode == 0
    (repo / "a" / "inner.py").write_text("x = 3\n")
    git("commit", "-qam", "agent", cwd=repo)
    git("gc", "-q", "--prune=now", cwd=repo)
    assert git("log", "--format=%s", cwd=repo).stdout == b"agent\ntask\n"
