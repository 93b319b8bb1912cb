"""Hostile records and task files against verify's known-gap path: a hand-edited or planted verify record (nested
past Python's parser, a symlink, a directory where the file goes, a huge integer) is a one-line error and never a
traceback, and a record never writes through a link planted where it goes."""
from __future__ import annotations

import json
import os

import pytest

from bench import verify
from bench.common import verified

HEAD = '{"schema": "localagentbench/verified@1", "visible": "split", "tasks": {}, "known_gaps": '


def _one_line_error(suite, capsys, record) -> str:
    code = verify.main([str(suite / "tasks"), "--changed-from", str(record)])
    err = capsys.readouterr().err
    assert code != 0 and "Traceback" not in err, err
    assert len(err.strip().splitlines()) == 1, err
    return err


@pytest.mark.parametrize("body", [
    HEAD + "[" * 200_000 + "]" * 200_000 + "}",                      # deeper than json.loads recurses
    HEAD + '{"x": {"digest": "sha256:0", "problem": "nop_passes", "times": ' + "9" * 50_000 + "}}}",  # int limit
    "\ud800".encode("utf-8", "surrogatepass").decode("latin-1"),    # not UTF-8
], ids=["deep", "huge-int", "not-utf8"])
def test_a_malformed_record_is_one_line(suite, capsys, tmp_path, body):
    record = tmp_path / "verified.json"
    record.write_text(body, encoding="latin-1")
    assert str(record) in _one_line_error(suite, capsys, record)


def test_a_directory_where_the_record_goes_is_one_line(suite, capsys, tmp_path):
    record = tmp_path / "verified.json"
    record.mkdir()
    assert str(record) in _one_line_error(suite, capsys, record)


def test_a_record_written_over_a_planted_link_replaces_the_link_not_its_target(suite, capsys, tmp_path):
    target = tmp_path / "elsewhere.json"
    target.write_text("keep me\n")
    record = tmp_path / "verified.json"
    os.symlink(target, record)
    try:
        verify.update_record(record, [], [], 1, "split")
    except Exception as exc:   # noqa: BLE001 - a refusal (UserError) is as good as a replaced link
        assert type(exc).__name__ == "UserError", exc
    assert target.read_text() == "keep me\n"
    if not record.is_symlink():
        assert json.loads(record.read_text())["schema"] == "localagentbench/verified@1"


def _changed_from_in_a_child(suite, record, timeout_s: float = 20):
    """verify --changed-from RECORD in a real child process (a FIFO would block a read in this one)."""
    import subprocess
    import sys

    from conftest import REPO
    return subprocess.run([sys.executable, "-m", "bench", "verify", str(suite / "tasks"), "--changed-from",
                           str(record), "--list"], cwd=REPO, capture_output=True, text=True, timeout=timeout_s,
                          env={**os.environ, "PYTHONPATH": str(REPO)})


@pytest.mark.parametrize("kind", ["fifo", "link-to-dev-zero", "link-to-a-record"])
def test_a_record_that_is_no_regular_file_is_refused_in_one_line_never_read(suite, tmp_path, kind):
    """A suite's verified.json planted as a FIFO (a read blocks forever), a link to /dev/zero (a read never ends
    and fills memory) or a link at all (the host never follows a path it did not make): refused in one line."""
    record = tmp_path / "verified.json"
    if kind == "fifo":
        os.mkfifo(record)
    elif kind == "link-to-dev-zero":
        os.symlink("/dev/zero", record)
    else:
        real = tmp_path / "real.json"
        real.write_text(HEAD + "{}}")
        os.symlink(real, record)
    done = _changed_from_in_a_child(suite, record)
    assert done.returncode != 0 and "Traceback" not in done.stderr, done.stderr
    assert str(record) in done.stderr and len(done.stderr.strip().splitlines()) == 1, done.stderr


def test_a_record_past_the_size_cap_is_refused_in_one_line(suite, capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(verified, "MAX_RECORD_BYTES", 1000)
    record = tmp_path / "verified.json"
    record.write_text(HEAD + '{}, "pad": "' + "x" * 2000 + '"}')
    assert "bytes" in _one_line_error(suite, capsys, record)


def test_a_gap_the_record_confirms_for_split_is_not_confirmed_in_visible_all(tmp_path):
    """A copy of the polyglot go-ledger flagged nop_passes, whose record confirms the gap at its split digest.
    --visible all grades the task's full upstream tests, at another digest the record (verify's of split mode) never
    measured: there the claim is unconfirmed, the task is scored as fair, and the warning does not send the user to
    a record that mode cannot write."""
    from attack_helpers import polyglot_task_suite
    from bench import engine, score
    root = polyglot_task_suite(tmp_path / "suite", "go-ledger")
    task_file = root / "tasks" / "go-ledger.yaml"
    task_file.write_text(task_file.read_text() + "known_gap:\n  problem: nop_passes\n  reason: \"kept\"\n")
    [unrecorded], problems = engine.load_tasks([str(root / "tasks")], ["go-ledger"])
    assert not problems and unrecorded["known_gap"]["verified"] is False
    (root / "verified.json").write_text(json.dumps({
        "schema": "localagentbench/verified@1", "visible": "split", "tasks": {},
        "known_gaps": {"go-ledger": {"digest": unrecorded["digest"], "problem": "nop_passes", "reason": "kept",
                                     "times": 1}}}))
    suite = str(root / "tasks")
    [split], problems = engine.load_tasks([suite], ["go-ledger"])
    assert not problems and split["known_gap"]["verified"] is True and score.known_gap_of(split) == "nop_passes"
    [every], problems = engine.load_tasks([suite], ["go-ledger"], visible="all")
    assert not problems and every["digest"] != split["digest"]
    assert every["known_gap"]["verified"] is False and score.known_gap_of(every) is None
    [line] = score.unverified_gap_warnings([{"task_id": "go-ledger", "task": every}])
    assert "--visible split only" in line and "verify --task" not in line, line
    assert score.unverified_gap_warnings([{"task_id": "go-ledger", "task": split}]) == []
