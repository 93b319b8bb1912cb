"""patch.apply against real `git apply`: the same bytes and modes from the patches the harness takes, or a refusal."""
from __future__ import annotations

import os
import random
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

from bench.exec import patch
from bench.exec.git import init_single_commit, snapshot_diff


def _tree(root: Path) -> dict[str, tuple[int, bytes]]:
    """Every entry under root: (mode bits and type, content or link target); directories too."""
    found = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            path = Path(dirpath) / name
            rel = str(path.relative_to(root))
            st = path.lstat()
            if stat.S_ISLNK(st.st_mode):
                found[rel] = (st.st_mode, os.readlink(path).encode())
            elif stat.S_ISDIR(st.st_mode):
                found[rel] = (st.st_mode, b"")
            else:
                found[rel] = (st.st_mode, path.read_bytes())
    return found


def _diff(tmp: Path, before: Path, after: Path) -> bytes:
    """The patch the harness takes: snapshot of `before` (one commit), work tree `after`."""
    snap = tmp / "snap"
    shutil.copytree(before, snap, symlinks=True)
    init_single_commit(snap)
    work = tmp / "work"
    shutil.copytree(snap, work, symlinks=True)
    shutil.rmtree(work)
    shutil.copytree(after, work, symlinks=True)
    return snapshot_diff(snap / ".git", work, tmp / "scratch")


def _both(tmp: Path, before: Path, data: bytes) -> tuple[Path, Path]:
    """`data` applied to copies of `before` by patch.apply and by git apply."""
    ours, theirs = tmp / "ours", tmp / "theirs"
    shutil.copytree(before, ours, symlinks=True)
    shutil.copytree(before, theirs, symlinks=True)
    patch.apply(data, ours)
    (tmp / "p.diff").write_bytes(data)
    subprocess.run(["git", "apply", "--whitespace=nowarn", "--binary", str(tmp / "p.diff")], cwd=theirs, check=True,
                   capture_output=True)
    return ours, theirs


LINES = [b"alpha\n", b"beta\n", b"\n", b"  indented\n", b"tab\there\n", b"crlf\r\n", b"\r\n", b"x = 1\n",
         "ünïcode\n".encode(), b"# comment\n", b"return None\n", b"\\ backslash\n", b"+plus\n", b"-minus\n",
         b" space\n"]


def _random_text(rng: random.Random) -> bytes:
    text = b"".join(rng.choice(LINES) for _ in range(rng.randint(0, 30)))
    if text and rng.random() < 0.3:
        text = text.rstrip(b"\n")  # no newline at the end
    return text


def _mutate(rng: random.Random, text: bytes) -> bytes:
    lines = patch._split(text)
    for _ in range(rng.randint(1, 4)):
        op = rng.choice(["insert", "delete", "replace", "eof"])
        at = rng.randint(0, len(lines))
        if op == "insert":
            lines[at:at] = [rng.choice(LINES) for _ in range(rng.randint(1, 3))]
        elif op == "delete" and lines:
            del lines[min(at, len(lines) - 1):at + rng.randint(1, 3)]
        elif op == "replace" and lines:
            lines[min(at, len(lines) - 1)] = rng.choice(LINES)
        elif op == "eof" and lines:
            last = lines[-1]
            lines[-1] = last.rstrip(b"\n") if last.endswith(b"\n") else last + b"\n"
    return b"".join(lines)


@pytest.mark.parametrize("seed", range(40))
def test_random_edits_match_git_apply(tmp_path, seed):
    rng = random.Random(seed)
    before, after = tmp_path / "before", tmp_path / "after"
    for root in (before, after):
        (root / "pkg" / "deep").mkdir(parents=True)
    names = ["a.py", "b.txt", "pkg/c.py", "pkg/deep/d.md", "pkg/deep/e", "f"]
    for name in names:
        text = _random_text(rng)
        (before / name).write_bytes(text)
        roll = rng.random()
        if roll < 0.15:
            continue  # deleted
        if roll < 0.7:
            text = _mutate(rng, text)
        (after / name).write_bytes(text)
        if rng.random() < 0.2:
            (after / name).chmod(0o755)
    for i in range(rng.randint(0, 3)):  # new files, some in new directories, some empty
        name = rng.choice(["new.py", "pkg/new.txt", "fresh/dir/n.py", "fresh/m"]) + str(i)
        (after / name).parent.mkdir(parents=True, exist_ok=True)
        (after / name).write_bytes(_random_text(rng))
    data = _diff(tmp_path, before, after)
    if not data:
        return
    snapshot = tmp_path / "snap"
    shutil.rmtree(snapshot / ".git")
    ours, theirs = _both(tmp_path, snapshot, data)
    assert _tree(ours) == _tree(theirs)
    assert {k: v[1] for k, v in _tree(ours).items() if not stat.S_ISDIR(v[0])} == \
        {k: v[1] for k, v in _tree(after).items() if not stat.S_ISDIR(v[0])}


def test_deleting_a_directory_s_last_file_removes_the_directory_as_git_does(tmp_path):
    before, after = tmp_path / "before", tmp_path / "after"
    (before / "only" / "sub").mkdir(parents=True)
    (before / "only" / "sub" / "x.py").write_text("x = 1\n")
    (before / "keep.py").write_text("k\n")
    after.mkdir()
    (after / "keep.py").write_text("k\n")
    data = _diff(tmp_path, before, after)
    snapshot = tmp_path / "snap"
    shutil.rmtree(snapshot / ".git")
    ours, theirs = _both(tmp_path, snapshot, data)
    assert _tree(ours) == _tree(theirs) and not (ours / "only").exists()


def test_unusual_paths_match_git_apply(tmp_path):
    before, after = tmp_path / "before", tmp_path / "after"
    before.mkdir()
    (before / "sp ace.txt").write_text("one\n")
    (before / "ü ñ.py").write_text("two\n")
    (before / "a b").write_text("a b c\n")
    shutil.copytree(before, after)
    for path in after.iterdir():
        path.write_text(path.read_text() + "more\n")
    (after / 'quote"d.txt').write_text("q\n")
    data = _diff(tmp_path, before, after)
    snapshot = tmp_path / "snap"
    shutil.rmtree(snapshot / ".git")
    ours, theirs = _both(tmp_path, snapshot, data)
    assert _tree(ours) == _tree(theirs)


def _refused(tmp_path: Path, before_files: dict, after_files: dict, symlinks: dict | None = None) -> str:
    before, after = tmp_path / "before", tmp_path / "after"
    for root, files in ((before, before_files), (after, after_files)):
        root.mkdir()
        for name, data in files.items():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_bytes(data)
    for name, target in (symlinks or {}).items():
        os.symlink(target, after / name)
    data = _diff(tmp_path, before, after)
    copy = tmp_path / "copy"
    shutil.copytree(tmp_path / "snap", copy, symlinks=True, ignore=shutil.ignore_patterns(".git"))
    untouched = _tree(copy)
    with pytest.raises(patch.Unsupported) as raised:
        patch.apply(data, copy)
    assert _tree(copy) == untouched  # refused before anything was written
    return str(raised.value)


def test_binary_files_are_left_to_git(tmp_path):
    refused = _refused(tmp_path, {"a.txt": b"a\n", "b.bin": b"\0\1\2"}, {"a.txt": b"b\n", "b.bin": b"\0\1\3"})
    assert "binary" in refused.lower()


def test_symlinks_are_left_to_git(tmp_path):
    assert "120000" in _refused(tmp_path, {"a.txt": b"a\n"}, {"a.txt": b"b\n"}, symlinks={"link": "a.txt"})


def test_a_copy_that_is_not_the_pre_image_is_refused(tmp_path):
    before, after = tmp_path / "before", tmp_path / "after"
    before.mkdir()
    after.mkdir()
    (before / "a.txt").write_text("one\ntwo\n")
    (after / "a.txt").write_text("one\n2\n")
    data = _diff(tmp_path, before, after)
    copy = tmp_path / "copy"
    copy.mkdir()
    (copy / "a.txt").write_text("one\ntwo \n")
    with pytest.raises(patch.Unsupported, match="pre-image"):
        patch.apply(data, copy)
    assert (copy / "a.txt").read_text() == "one\ntwo \n"


def test_a_hand_edited_patch_without_index_lines_goes_to_git(tmp_path):
    (tmp_path / "a.txt").write_text("one\n")
    data = b"diff --git a/a.txt b/a.txt\n--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-one\n+two\n"
    with pytest.raises(patch.Unsupported, match="no index line"):
        patch.apply(data, tmp_path)
    assert (tmp_path / "a.txt").read_text() == "one\n"


def test_a_result_that_does_not_hash_to_the_post_image_is_refused(tmp_path):
    (tmp_path / "a.txt").write_text("one\n")
    sha = patch._blob_sha(b"one\n")[:7]
    data = (f"diff --git a/a.txt b/a.txt\nindex {sha}..1234567 100644\n--- a/a.txt\n+++ b/a.txt\n"
            "@@ -1 +1 @@\n-one\n+two\n").encode()
    with pytest.raises(patch.Unsupported, match="post-image"):
        patch.apply(data, tmp_path)


@pytest.mark.parametrize("path", ["../escape.txt", "/abs.txt", ".git/config", "a/./b"])
def test_paths_outside_the_copy_are_refused(tmp_path, path):
    data = (f"diff --git a/{path} b/{path}\nnew file mode 100644\nindex 0000000..e69de29\n").encode()
    with pytest.raises(patch.Unsupported):
        patch.apply(data, tmp_path / "copy")
    assert not (tmp_path / "escape.txt").exists()


def test_writing_through_a_symlinked_directory_is_refused(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    copy = tmp_path / "copy"
    copy.mkdir()
    os.symlink(outside, copy / "link")
    data = b"diff --git a/link/x.txt b/link/x.txt\nnew file mode 100644\nindex 0000000..e69de29\n"
    with pytest.raises(patch.Unsupported, match="symlink"):
        patch.apply(data, copy)
    assert not (outside / "x.txt").exists()


def test_gitattributes_leave_the_patch_to_git(tmp_path):
    (tmp_path / ".gitattributes").write_text("*.txt text eol=crlf\n")
    (tmp_path / "a.txt").write_text("one\n")
    sha = patch._blob_sha(b"one\n")[:7]
    data = (f"diff --git a/a.txt b/a.txt\nindex {sha}..{patch._blob_sha(b'two' + bytes([10]))[:7]} 100644\n"
            "--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-one\n+two\n").encode()
    with pytest.raises(patch.Unsupported, match="gitattributes"):
        patch.apply(data, tmp_path)
