"""safefs: reading and writing in trees untrusted code shaped, never through what it planted."""
from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from bench.exec import safefs

# Symlinks, FIFOs and devices throughout; tests/exec/test_portable.py covers safefs where they cannot be made.
pytestmark = pytest.mark.posix_only


def test_read_capped_reads_a_regular_file_up_to_the_cap(tmp_path):
    (tmp_path / "f").write_bytes(b"x" * 100)
    assert safefs.read_capped(tmp_path, "f", 1000) == (b"x" * 100, False)
    assert safefs.read_capped(tmp_path, "f", 10) == (b"x" * 10, True)
    assert safefs.read_capped(tmp_path, "missing", 10) is None


def test_read_capped_never_follows_a_symlink_anywhere_on_the_path(tmp_path):
    secret = tmp_path / "outside" / "secret"
    secret.parent.mkdir()
    secret.write_text("host secret")
    tree = tmp_path / "tree"
    (tree / "real").mkdir(parents=True)
    (tree / "link").symlink_to(secret)
    (tree / "dirlink").symlink_to(secret.parent)
    assert safefs.read_capped(tree, "link", 100) is None
    assert safefs.read_capped(tree, "dirlink/secret", 100) is None
    with pytest.raises(ValueError):
        safefs.read_capped(tree, "real/../../outside/secret", 100)


def test_read_capped_does_not_block_on_a_fifo_or_read_a_device(tmp_path):
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "zero").symlink_to("/dev/zero")
    result: dict = {}
    reader = threading.Thread(target=lambda: result.update(fifo=safefs.read_capped(tmp_path, "fifo", 10)))
    reader.start()
    reader.join(5)
    assert not reader.is_alive(), "opening a FIFO with no writer must not block"
    assert result["fifo"] is None
    assert safefs.read_capped(tmp_path, "zero", 10) is None
    assert safefs.read_capped(Path("/dev"), "zero", 10) is None, "a character device is not a regular file"


def test_lay_file_replaces_whatever_is_in_the_way_without_writing_through_it(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / "tests").symlink_to(outside)                    # a directory component that is a symlink
    assert safefs.lay_file(tree, "tests/test_a.py", b"pristine\n") is True
    assert list(outside.iterdir()) == [], "nothing was written through the link"
    assert (tree / "tests").is_dir() and not (tree / "tests").is_symlink()
    assert (tree / "tests" / "test_a.py").read_bytes() == b"pristine\n"

    (tree / "tests" / "test_b.py").mkdir()                   # a directory where the file goes
    (tree / "tests" / "test_b.py" / "x").write_text("x")
    assert safefs.lay_file(tree, "tests/test_b.py", b"b\n", 0o755) is True
    assert (tree / "tests" / "test_b.py").read_bytes() == b"b\n"
    assert os.stat(tree / "tests" / "test_b.py").st_mode & 0o777 == 0o755

    target = outside / "victim"
    target.write_text("keep")
    (tree / "c.py").symlink_to(target)                       # a symlink at the file's own path
    assert safefs.lay_file(tree, "c.py", b"c\n") is True
    assert target.read_text() == "keep" and (tree / "c.py").read_bytes() == b"c\n"

    assert safefs.lay_file(tree, "new/deep/d.py", b"d\n") is False


def test_remove_takes_away_links_fifos_and_trees_without_following(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "keep").write_text("keep")
    tree = tmp_path / "tree"
    (tree / "d" / "e").mkdir(parents=True)
    (tree / "link").symlink_to(outside)
    os.mkfifo(tree / "fifo")
    assert safefs.remove(tree, "link") and safefs.remove(tree, "fifo") and safefs.remove(tree, "d")
    assert not safefs.remove(tree, "absent")
    assert (outside / "keep").read_text() == "keep" and list(tree.iterdir()) == []


def test_same_file_compares_content_mode_and_kind(tmp_path):
    (tmp_path / "a").write_bytes(b"data")
    os.chmod(tmp_path / "a", 0o644)
    assert safefs.same_file(tmp_path, "a", b"data", 0o644)
    assert not safefs.same_file(tmp_path, "a", b"data", 0o755)
    assert not safefs.same_file(tmp_path, "a", b"dat", 0o644)
    (tmp_path / "b").symlink_to(tmp_path / "a")
    assert not safefs.same_file(tmp_path, "b", b"data", 0o644)


def test_scan_reports_kinds_by_lstat_and_does_not_descend_links(tmp_path):
    (tmp_path / ".git").mkdir()
    (tmp_path / "pkg" / ".git").mkdir(parents=True)
    (tmp_path / "pkg" / "m.py").write_text("")
    (tmp_path / "up").symlink_to("/etc")
    os.mkfifo(tmp_path / "pipe")
    found = safefs.scan(tmp_path)
    assert found.files.keys() == {"pkg/m.py"}
    assert found.dirs == ["pkg"]
    assert found.symlinks == {"up": "/etc"}
    assert found.special == {"pipe": "FIFO"}
    assert found.nested_git == ["pkg/.git"]


def test_resolves_inside_follows_chains_and_refuses_escapes(tmp_path):
    tree = tmp_path / "tree"
    (tree / "a").mkdir(parents=True)
    (tree / "a" / "f").write_text("")
    (tree / "ok").symlink_to("a/f")
    (tree / "hop").symlink_to("ok")
    (tree / "abs").symlink_to("/etc/passwd")
    (tree / "up").symlink_to("../outside")
    (tree / "via").symlink_to("up/x")
    assert safefs.resolves_inside(tree, "ok") == "a/f"
    assert safefs.resolves_inside(tree, "hop") == "a/f"
    assert safefs.resolves_inside(tree, "abs") is None
    assert safefs.resolves_inside(tree, "up") is None
    assert safefs.resolves_inside(tree, "via") is None
