"""Atomic writes replace only a regular file or create a new one; a character device is written in place."""
from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from bench.common.errors import UserError
from bench.common.records import RecordWriter, write_json_atomic, write_text_atomic


def test_a_new_file_and_a_regular_file_are_written_atomically(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "summary.json"
    write_json_atomic(target, {"a": 1})
    write_json_atomic(target, {"a": 2})
    assert json.loads(target.read_text()) == {"a": 2}
    assert sorted(p.name for p in target.parent.iterdir()) == ["summary.json"]  # no temp file left


@pytest.mark.posix_only
@pytest.mark.parametrize("kind", ["fifo", "symlink", "dangling symlink", "directory"])
def test_anything_but_a_regular_file_is_refused_in_one_line_and_left_as_it_was(tmp_path: Path, kind: str) -> None:
    target = tmp_path / "out.json"
    pointee = tmp_path / "pointee.json"
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "symlink":
        pointee.write_text("keep me")
        target.symlink_to(pointee)
    elif kind == "dangling symlink":
        target.symlink_to(tmp_path / "nowhere")
    else:
        target.mkdir()
    before = os.lstat(target)
    for write in (lambda: write_text_atomic(target, "x"), lambda: write_json_atomic(target, {"x": 1})):
        with pytest.raises(UserError) as caught:
            write()
        message = str(caught.value)
        assert "\n" not in message and str(target) in message and "never replacing" in message
    with pytest.raises(UserError):
        with RecordWriter(str(target)) as out:
            out.write({"x": 1})
    after = os.lstat(target)
    assert stat.S_IFMT(after.st_mode) == stat.S_IFMT(before.st_mode) and after.st_ino == before.st_ino
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["out.json"] + (["pointee.json"] if kind == "symlink" else []))
    if kind == "symlink":
        assert pointee.read_text() == "keep me"


@pytest.mark.posix_only
def test_a_character_device_is_written_in_place_never_replaced(tmp_path: Path) -> None:
    """/dev/null (here through a link in tmp, so a bug would replace the link, never the device itself)."""
    link = tmp_path / "null"
    link.symlink_to(os.devnull)
    write_json_atomic(link, {"a": 1})
    with RecordWriter(str(link)) as out:
        out.write({"a": 1})
    assert link.is_symlink() and stat.S_ISCHR(os.stat(link).st_mode)
    assert [p.name for p in tmp_path.iterdir()] == ["null"]
