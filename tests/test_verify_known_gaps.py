"""verify and known gaps: a task file's known_gap passes verify only while it shows exactly its problem; the record
keeps known gaps apart from fair tasks, --changed-from skips them while unchanged; validate refuses a bad flag."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from bench import engine, validate, verify
from bench.common.outcome import GAP_PROBLEMS
from conftest import REPO
from noxfile_module import load_noxfile

NOTES_PATCH = "diff --git a/NOTES b/NOTES\nnew file mode 100644\n--- /dev/null\n+++ b/NOTES\n@@ -0,0 +1 @@\n+x\n"


def _verify(suite: Path, capsys, *args: str) -> tuple[int, dict, str]:
    code = verify.main([str(suite / "tasks"), "--times", "1", *args])
    captured = capsys.readouterr()
    return code, json.loads(captured.out), captured.err


def _flag(suite: Path, task_id: str, problem: str, reason: str = "kept for comparable numbers") -> None:
    task = suite / "tasks" / f"{task_id}.yaml"
    task.write_text(task.read_text() + f"known_gap:\n  problem: {problem}\n  reason: {json.dumps(reason)}\n")


def _nop_passes(suite: Path) -> None:
    """fix-max as a refactoring exercise: its fixture already passes, its reference (a note) passes too."""
    (suite / "fixtures" / "fix-max" / "mx.py").write_text("def biggest(xs):\n    return max(xs)\n")
    (suite / "solutions" / "fix-max.patch").write_text(NOTES_PATCH)


def _report(report: dict, task_id: str) -> dict:
    return next(t for t in report["tasks"] if t["task_id"] == task_id)


def test_a_nop_passes_gap_is_a_known_gap_not_unfair(suite, capsys):
    _nop_passes(suite)
    _flag(suite, "fix-max", "nop_passes", "a refactoring exercise")
    code, report, err = _verify(suite, capsys)
    assert code == 0 and report["ok"] is True
    assert (report["fair"], report["known_gaps"], report["unfair"]) == (2, 1, 0)
    row = _report(report, "fix-max")
    assert row["status"] == "known_gap" and row["known_gap"] == "nop_passes" and row["problems"] == []
    assert "does not discriminate" in row["known_problem"]
    assert "gap  fix-max" in err and "verify: fair 2 / known gaps 1 / unfair 0 of 3 task(s)" in err


def test_a_nop_passes_gap_whose_reference_breaks_fails_verify(suite, capsys):
    _nop_passes(suite)
    (suite / "solutions" / "fix-max.patch").write_text(   # a "refactoring" that breaks the code
        "diff --git a/mx.py b/mx.py\n--- a/mx.py\n+++ b/mx.py\n@@ -1,2 +1,2 @@\n def biggest(xs):\n"
        "-    return max(xs)\n+    return min(xs)\n")
    _flag(suite, "fix-max", "nop_passes")
    code, report, err = _verify(suite, capsys, "--task", "fix-max")
    row = _report(report, "fix-max")
    assert code == 1 and row["status"] == "unfair" and report["unfair"] == 1
    assert any("reference solution does not pass" in p for p in row["problems"])
    assert "FAIL fix-max" in err and "unfair 1" in err


def test_a_nop_passes_gap_whose_reference_no_longer_applies_fails_verify(suite, capsys):
    (suite / "fixtures" / "fix-max" / "mx.py").write_text("def biggest(xs):\n    return max(xs)\n")
    # the committed patch turns the buggy line into the fixed one: on the fixed fixture git apply refuses it, and
    # the tests pass without it
    _flag(suite, "fix-max", "nop_passes")
    code, report, _ = _verify(suite, capsys, "--task", "fix-max")
    row = _report(report, "fix-max")
    assert code == 1 and row["status"] == "unfair" and row["oracle_outcomes"] == ["passed"]
    assert any("reference solution did not apply" in p for p in row["problems"])


def test_a_flagged_task_that_is_fair_fails_verify_so_the_flag_comes_off(suite, capsys):
    _flag(suite, "fix-add", "nop_passes")
    code, report, _ = _verify(suite, capsys, "--task", "fix-add")
    row = _report(report, "fix-add")
    assert code == 1 and row["status"] == "unfair" and row["known_problem"] is None
    assert "known_gap nop_passes no longer shows" in row["problems"][0]
    assert "tools/polyglot/convert.py" in row["problems"][0]


def test_a_gap_showing_another_problem_than_its_own_fails_verify(suite, capsys):
    _nop_passes(suite)
    _flag(suite, "fix-max", "reference_fails")
    code, report, _ = _verify(suite, capsys, "--task", "fix-max")
    row = _report(report, "fix-max")
    assert code == 1 and row["status"] == "unfair"
    assert any("does not discriminate" in p for p in row["problems"])


def test_the_record_keeps_known_gaps_apart_and_changed_from_skips_them_until_they_change(suite, capsys, tmp_path):
    record = tmp_path / "verified.json"
    (suite / "solutions" / "fix-add.patch").write_text(NOTES_PATCH)   # the reference cannot pass: a missing library
    _flag(suite, "fix-add", "reference_fails", "its tests need a library this machine lacks")
    code, report, _ = _verify(suite, capsys, "--record", str(record))
    assert code == 0 and report["known_gaps"] == 1
    data = json.loads(record.read_text())
    assert sorted(data["tasks"]) == ["calib-hello", "fix-max"]
    gap = data["known_gaps"]["fix-add"]
    assert gap["problem"] == "reference_fails" and gap["reason"] == "its tests need a library this machine lacks"
    assert gap["digest"].startswith("sha256:") and gap["times"] == 1
    # Unchanged: nothing to verify, fair or gap.
    code, report, err = _verify(suite, capsys, "--changed-from", str(record))
    assert code == 0 and report["selected"] == 0 and "0 of 3 task(s) selected" in err
    # A changed gap is verified again, and still passes only as the same known problem.
    task = suite / "tasks" / "fix-add.yaml"
    task.write_text(task.read_text().replace("prompt: |", "prompt: |\n  Mind negative numbers.", 1))
    code, report, _ = _verify(suite, capsys, "--changed-from", str(record), "--record", str(record))
    assert code == 0 and [(t["task_id"], t["status"]) for t in report["tasks"]] == [("fix-add", "known_gap")]
    # ...and fails when its reference now passes (it is fair: the flag must go), leaving the record.
    (suite / "solutions" / "fix-add.patch").write_text(
        "diff --git a/calc.py b/calc.py\n--- a/calc.py\n+++ b/calc.py\n@@ -1,2 +1,2 @@\n def add(a, b):\n"
        "-    return a - b\n+    return a + b\n")
    code, report, _ = _verify(suite, capsys, "--changed-from", str(record), "--record", str(record))
    assert code == 1 and report["tasks"][0]["status"] == "unfair"
    assert "fix-add" not in json.loads(record.read_text())["known_gaps"]


def test_recording_one_task_keeps_the_other_entries(suite, capsys, tmp_path):
    """`--task X --record FILE` (how the polyglot record's known gaps were written) updates X's entry only: the
    tasks not loaded keep theirs."""
    record = tmp_path / "verified.json"
    _nop_passes(suite)
    _flag(suite, "fix-max", "nop_passes")
    assert _verify(suite, capsys, "--record", str(record))[0] == 0
    before = json.loads(record.read_text())
    assert sorted(before["tasks"]) == ["calib-hello", "fix-add"] and sorted(before["known_gaps"]) == ["fix-max"]
    assert _verify(suite, capsys, "--task", "fix-max", "--record", str(record))[0] == 0
    assert json.loads(record.read_text()) == before
    # the same with the task file named instead of its directory
    assert verify.main([str(suite / "tasks" / "fix-max.yaml"), "--times", "1", "--record", str(record)]) == 0
    capsys.readouterr()
    assert json.loads(record.read_text()) == before
    # a task gone from the suite leaves the record when the whole suite is verified
    (suite / "tasks" / "calib-hello.yaml").unlink()
    assert _verify(suite, capsys, "--task", "fix-add", "--record", str(record))[0] == 0
    assert "calib-hello" in json.loads(record.read_text())["tasks"]
    assert _verify(suite, capsys, "--changed-from", str(record), "--record", str(record))[0] == 0
    assert sorted(json.loads(record.read_text())["tasks"]) == ["fix-add"]


def test_a_record_gap_entry_does_not_skip_a_task_no_longer_flagged_as_that_problem(suite):
    tasks, problems = engine.load_tasks([str(suite / "tasks")], (), [], False, "split")
    assert not problems
    by_id = {t["id"]: t for t in tasks}
    gaps = {"fix-add": {"digest": by_id["fix-add"]["digest"], "problem": "nop_passes"}}
    # fix-add carries no known_gap: a hand-made record entry of the same digest cannot keep it from being verified
    assert [t["id"] for t in verify.select(tasks, {}, 0, gaps)] == ["calib-hello", "fix-add", "fix-max"]
    fair = {i: {"digest": t["digest"]} for i, t in by_id.items()}
    assert verify.select(tasks, fair, 0, gaps) == []


@pytest.mark.parametrize("gaps", ['[]', '{"x": {"digest": "sha256:0", "problem": "too_easy"}}', '{"x": 3}'])
def test_a_bad_known_gaps_section_is_one_line(suite, capsys, tmp_path, gaps):
    record = tmp_path / "verified.json"
    record.write_text('{"schema": "localagentbench/verified@1", "visible": "split", "tasks": {}, '
                      f'"known_gaps": {gaps}}}')
    code = verify.main([str(suite / "tasks"), "--changed-from", str(record)])
    err = capsys.readouterr().err
    assert code != 0 and "known_gaps" in err and str(record) in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("block, field, needle", [
    ("known_gap:\n  problem: too_easy\n  reason: x\n", "known_gap.problem", "use nop_passes"),
    ("known_gap:\n  problem: nop_passes\n", "known_gap", "problem: nop_passes or reference_fails"),
    ("known_gap:\n  problem: nop_passes\n  reason: \"  \"\n", "known_gap.reason", "one line of text"),
    ("known_gap: yes\n", "known_gap", "write it as a mapping"),
    ("known_gap:\n  problem: nop_passes\n  reason: x\n  score: 1\n", "known_gap.score", "unknown field"),
])
def test_validate_refuses_a_bad_known_gap_in_one_line(suite, capsys, block, field, needle):
    task = suite / "tasks" / "fix-add.yaml"
    task.write_text(task.read_text() + block)
    code = validate.main([str(suite / "tasks"), "--task", "fix-add"])
    err = capsys.readouterr().err
    assert code != 0 and "Traceback" not in err
    line = next(x for x in err.splitlines() if "fix-add.yaml" in x)
    assert f": {field}: " in line and needle in line


def test_validate_keeps_a_good_known_gap_in_the_task_record(suite, capsys):
    _flag(suite, "fix-add", "nop_passes", "a refactoring exercise")
    assert validate.main([str(suite / "tasks"), "--task", "fix-add"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["known_gap"] == {"problem": "nop_passes", "reason": "a refactoring exercise", "verified": False}


def test_the_polyglot_known_gaps_are_flagged_and_recorded():
    """The committed suite flags each of the converter's known gaps (none now: its refactoring exercises are fair by
    their held-out check), its record lists each one as verify measured it at its current digest, and the
    refactoring exercises are in the record as fair tasks at their current digest."""
    from tools.polyglot import convert, refactor
    suite = REPO / "suites" / "polyglot"
    record = json.loads((suite / "verified.json").read_text())
    flagged = [i for i in convert.KNOWN_GAP_PROBLEMS if i in convert.GAPS]
    assert sorted(record.get("known_gaps", {})) == sorted(flagged)
    for task_id in flagged:
        problem = convert.KNOWN_GAP_PROBLEMS[task_id]
        assert f"known_gap:\n  problem: {problem}\n" in (suite / "tasks" / f"{task_id}.yaml").read_text()
        entry = record["known_gaps"][task_id]
        assert entry["problem"] == problem and entry["reason"] == convert.GAPS[task_id]
    tasks, problems = engine.load_tasks([str(suite / "tasks")], [*flagged, *refactor.REFACTORING], [], False, "split")
    assert not problems and len(tasks) == len(flagged) + 5
    for task in tasks:
        entry = record["known_gaps" if task["id"] in flagged else "tasks"][task["id"]]
        assert entry["digest"] == task["digest"], task["id"]
        assert ("known_gap:" in (suite / "tasks" / f"{task['id']}.yaml").read_text()) == (task["id"] in flagged)


def test_a_run_on_known_gaps_reports_them_and_pass_at_1_without_them(suite, tmp_path, capsys):
    """The nop agent on a suite where fix-max passes untouched (flagged nop_passes) and fix-add cannot be passed
    (flagged reference_fails): pass@1 counts fix-max as solved; the score and the report say so and give pass@1 over
    the one fair task (calib-hello, which nop fails)."""
    from bench import cli, score
    _nop_passes(suite)
    _flag(suite, "fix-max", "nop_passes", "a refactoring exercise")
    _flag(suite, "fix-add", "reference_fails", "a missing library")
    _verify_gaps(suite, capsys)
    out = tmp_path / "res"
    assert cli.main(["run", "--agent", "nop", "--tasks", str(suite / "tasks"), "--out", str(out), "--repeat", "2",
                     "--report"]) == 0
    capsys.readouterr()
    assert score.main([str(out), "--out", str(tmp_path / "summary.json")]) == 0
    err = capsys.readouterr().err
    summary = json.loads((tmp_path / "summary.json").read_text())
    [group] = summary["groups"]
    assert group["pass_at_1"] == pytest.approx(1 / 3)
    assert group["pass_at_1_without_known_gaps"] == 0.0 and group["pass_at_1_without_known_gaps_ci"][0] == 0.0
    gaps = group["known_gaps"]
    assert gaps["nop_passes"]["n_tasks"] == 1 and gaps["nop_passes"]["passes"] == 2
    assert gaps["reference_fails"]["n_tasks"] == 1 and gaps["reference_fails"]["passes"] == 0
    rows = {t["task_id"]: t for t in summary["tasks"]}
    assert rows["fix-max"]["known_gap"] == "nop_passes" and "known_gap" not in rows["calib-hello"]
    warning = next(w for w in summary["warnings"] if "nop_passes" in w)
    assert "1 task(s) here pass with no change" in warning and "pass@1 without the known gaps: 0.0%" in warning
    assert "pass@1 without the known gaps: 0.0%" in err
    report = (out / "report.md").read_text()
    assert "## Known gaps" in report and "1 (2/2 runs passed)" in report and "1 (0/2 runs passed)" in report
    assert "pass with no change at all" in report
    assert "pass with no change at all" in (out / "site" / "index.html").read_text()   # the run site's alert
    # a leaderboard entry made from the run carries them too
    from bench.report import promote
    board = tmp_path / "board"
    assert promote.main([str(out), "--name", "gaps", "--leaderboard", str(board), "--allow-incomplete"]) == 0
    [entry] = [json.loads(p.read_text()) for p in board.rglob("gaps*.json")]
    [entry_group] = entry["groups"]
    assert entry_group["known_gaps"] == gaps and entry_group["pass_at_1_without_known_gaps"] == 0.0


def _verify_gaps(suite: Path, capsys) -> None:
    """fix-add's reference made unable to pass (a note), then verify records both flagged tasks as their gaps in the
    suite's own record (verified.json beside tasks/), which validate reads to confirm a task file's claim."""
    (suite / "solutions" / "fix-add.patch").write_text(NOTES_PATCH)
    assert verify.main([str(suite / "tasks"), "--task", "fix-max", "--task", "fix-add", "--times", "1",
                        "--record", str(suite / "verified.json")]) == 0
    capsys.readouterr()
    assert set(json.loads((suite / "verified.json").read_text())["known_gaps"]) == {"fix-max", "fix-add"}


def test_a_known_gap_the_suite_s_record_does_not_confirm_is_scored_as_a_fair_task(suite, tmp_path, capsys):
    """A task file may claim a gap; only verify's record at the task's digest makes it one. Unconfirmed (no
    record, or a record of an older digest of the task): no known-gap figures, the task counts as fair, and the
    summary says which claim was not confirmed."""
    from bench import cli, score
    _nop_passes(suite)
    _flag(suite, "fix-max", "nop_passes", "a refactoring exercise")
    _flag(suite, "fix-add", "reference_fails", "a missing library")
    _verify_gaps(suite, capsys)
    # the record now lists both; fix-add's file then changes (a new digest) and fix-max's record entry is removed
    record = json.loads((suite / "verified.json").read_text())
    del record["known_gaps"]["fix-max"]
    (suite / "verified.json").write_text(json.dumps(record))
    task = suite / "tasks" / "fix-add.yaml"
    task.write_text(task.read_text().replace("known_gap:", "# edited after verify\nknown_gap:"))
    out = tmp_path / "res"
    assert cli.main(["run", "--agent", "nop", "--tasks", str(suite / "tasks"), "--out", str(out)]) == 0
    capsys.readouterr()
    assert score.main([str(out), "--out", str(tmp_path / "summary.json")]) == 0
    summary = json.loads((tmp_path / "summary.json").read_text())
    [group] = summary["groups"]
    assert "known_gaps" not in group and "pass_at_1_without_known_gaps" not in group
    assert group["pass_at_1"] == pytest.approx(1 / 3)   # fix-max, passed untouched, counts as a fair task solved
    assert not any("known_gap" in t for t in summary["tasks"])
    unconfirmed = [w for w in summary["warnings"] if "claims a known gap" in w]
    assert len(unconfirmed) == 2 and all(t in " ".join(unconfirmed) for t in ("task fix-add:", "task fix-max:"))
    # the record as verify wrote it confirms both again once the file is as verified
    task.write_text(task.read_text().replace("# edited after verify\n", ""))
    (suite / "verified.json").write_text(json.dumps({**record, "known_gaps": {
        **record["known_gaps"], "fix-max": json.loads(json.dumps(record["known_gaps"]["fix-add"]))}}))
    tasks, problems = engine.load_tasks([str(suite / "tasks")], ["fix-add", "fix-max"])
    gaps = {t["id"]: t["known_gap"]["verified"] for t in tasks}
    assert not problems and gaps == {"fix-add": True, "fix-max": False}   # fix-max's entry: another task's digest


def test_a_suite_record_that_is_not_a_verify_record_is_a_problem_of_the_claiming_task(suite, capsys):
    _flag(suite, "fix-max", "nop_passes", "a refactoring exercise")
    (suite / "verified.json").write_text("{not json")
    assert validate.main([str(suite / "tasks")]) != 0
    err = capsys.readouterr().err
    assert "fix-max.yaml: known_gap: the suite's verify record cannot confirm it" in err and "Traceback" not in err
    (suite / "verified.json").unlink()
    os.mkfifo(suite / "verified.json")   # a read would block: refused, not followed
    assert validate.main([str(suite / "tasks")]) != 0
    assert "not a regular file" in capsys.readouterr().err


def test_a_run_without_known_gaps_has_no_known_gap_fields(suite, tmp_path, capsys):
    from bench import cli
    out = tmp_path / "res"
    assert cli.main(["run", "--agent", "nop", "--tasks", str(suite / "tasks"), "--out", str(out), "--report"]) == 0
    summary = json.loads((out / "summary.json").read_text())
    assert not any(k.startswith(("known_gap", "pass_at_1_without")) for k in summary["groups"][0])
    assert "Known gaps" not in (out / "report.md").read_text()


def _recorded_ids(tasks: list[dict], record: dict) -> set[str]:
    fair, gaps = record["tasks"], record.get("known_gaps", {})
    return {t["id"] for t in tasks if fair.get(t["id"], {}).get("digest") == t["digest"]
            or (t.get("known_gap") and gaps.get(t["id"], {}).get("digest") == t["digest"]
                and gaps[t["id"]]["problem"] == t["known_gap"]["problem"])}


def test_the_nox_session_verifies_what_the_record_lacks_plus_one_per_language(monkeypatch, capsys):
    """`nox -s verify-polyglot` (.ci/run) on the committed suite and record: the known gaps, recorded as such, are
    not verified again (unless sampled); what is selected is each task the record lacks and one per language."""
    noxfile = load_noxfile()
    from tools.polyglot import convert
    monkeypatch.chdir(REPO)
    args = noxfile.verify_polyglot_args(["--list"])
    assert args[0] == "verify" and "--changed-from" in args and "--sample-per-language" in args
    assert verify.main(args[1:]) == 0
    selected = set(json.loads(capsys.readouterr().out)["selected"])
    tasks, problems = engine.load_tasks([noxfile.POLYGLOT], (), [], False, "split")
    assert not problems
    record = json.loads(Path(noxfile.POLYGLOT_RECORD).read_text())
    unrecorded = {t["id"] for t in tasks} - _recorded_ids(tasks, record)
    sampled = verify.sample_per_language(tasks, 1)
    assert selected == unrecorded | sampled
    assert len(sampled) == len({t["language"] for t in tasks}) == 6
    # every known gap is recorded as such, so CI verifies none of them again unless it is a language's sample
    assert not set(convert.KNOWN_GAP_PROBLEMS) & unrecorded
    assert not (set(convert.KNOWN_GAP_PROBLEMS) & selected) - sampled


def test_the_nox_session_verifies_a_known_gap_whose_files_changed(tmp_path, monkeypatch, capsys):
    import shutil

    noxfile = load_noxfile()
    shutil.copytree(REPO / "suites" / "polyglot", tmp_path / "suites" / "polyglot")
    task = tmp_path / noxfile.POLYGLOT / "java-ledger.yaml"
    task.write_text(task.read_text().replace("Refactor a ledger printer.", "Refactor a ledger printer, gently."))
    monkeypatch.chdir(tmp_path)
    assert verify.main(noxfile.verify_polyglot_args(["--list"])[1:]) == 0
    assert "java-ledger" in json.loads(capsys.readouterr().out)["selected"]
    assert verify.main(noxfile.verify_polyglot_args(["--list", "--record", "x.json"])[1:]) == 2
    assert "leave out --record" in capsys.readouterr().err


def test_the_known_gap_problems_are_one_list_everywhere():
    from bench import score
    from tools.polyglot import convert
    schemas = REPO / "schemas"
    task = json.loads((schemas / "task.schema.json").read_text())
    record = json.loads((schemas / "task-record.schema.json").read_text())
    summary = json.loads((schemas / "summary.schema.json").read_text())
    entry = json.loads((schemas / "leaderboard-entry.schema.json").read_text())
    problems = set(GAP_PROBLEMS)
    assert problems == set(score.GAP_PROBLEMS) == set(task["properties"]["known_gap"]["properties"]["problem"]["enum"])
    assert problems == set(record["properties"]["known_gap"]["anyOf"][1]["properties"]["problem"]["enum"])
    group = summary["properties"]["groups"]["items"]["properties"]
    assert problems == set(group["known_gaps"]["propertyNames"]["enum"])
    assert problems == set(summary["properties"]["tasks"]["items"]["properties"]["known_gap"]["enum"])
    assert problems == set(entry["properties"]["groups"]["items"]["properties"]["known_gaps"]["propertyNames"]["enum"])
    assert set(convert.KNOWN_GAP_PROBLEMS.values()) <= problems
