"""validate: task records from a real suite, and every kind of bad task file reported clearly."""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from bench import validate
from bench.common import schema
from conftest import REPO, jsonl, run_cli, write


def test_emits_a_schema_valid_record_per_task(suite, capsys):
    assert validate.main([str(suite / "tasks")]) == 0
    records = jsonl(capsys.readouterr().out)
    assert sorted(r["id"] for r in records) == ["calib-hello", "fix-add", "fix-max"]
    for record in records:
        schema.check(record, "task-record")
        assert record["digest"].startswith("sha256:")
    by_id = {r["id"]: r for r in records}
    assert by_id["fix-add"]["heldout"]["path"] == str((suite / "heldout" / "fix-add").resolve())
    assert by_id["fix-add"]["overfit_demo"].endswith("fix-add.overfit.patch")
    assert by_id["calib-hello"]["heldout"] is None


def test_digest_changes_with_fixture_heldout_and_task_file(suite):
    def digest():
        records, problems = validate.validate([str(suite / "tasks")], ["fix-add"])
        assert not problems
        return records[0]["digest"]

    first = digest()
    assert digest() == first, "the digest must be deterministic"
    (suite / "fixtures" / "fix-add" / "calc.py").write_text("def add(a, b):\n    return a * b\n")
    second = digest()
    assert second != first
    (suite / "heldout" / "fix-add" / "heldout_tests" / "test_calc_hidden.py").write_text("# changed\n")
    third = digest()
    assert third != second
    task = suite / "tasks" / "fix-add.yaml"
    task.write_text(task.read_text().replace("Please fix", "Kindly fix"))
    assert digest() != third


def test_caches_do_not_change_the_digest(suite):
    before = validate.validate([str(suite / "tasks")], ["fix-add"])[0][0]["digest"]
    write(suite / "fixtures" / "fix-add" / "__pycache__" / "calc.cpython-311.pyc", "junk")
    for cache in (".pytest_cache/v/cache/lastfailed", "tests/.mypy_cache/x.json", ".ruff_cache/CACHEDIR.TAG"):
        write(suite / "fixtures" / "fix-add" / cache, "junk")
    assert validate.validate([str(suite / "tasks")], ["fix-add"])[0][0]["digest"] == before
    write(suite / "fixtures" / "fix-add" / "legacy.pyc", "bytecode outside __pycache__ is a module, not a cache")
    assert validate.validate([str(suite / "tasks")], ["fix-add"])[0][0]["digest"] != before


def _errors(suite: Path, capsys) -> tuple[int, list[str]]:
    code = validate.main([str(suite / "tasks")])
    captured = capsys.readouterr()
    assert captured.out == "", "nothing may be emitted when the suite has problems"
    return code, [line for line in captured.err.splitlines() if line and not line.startswith("validate:")]


def _edit(suite: Path, task_id: str, old: str, new: str) -> Path:
    path = suite / "tasks" / f"{task_id}.yaml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))
    return path


@pytest.mark.parametrize("old,new,field,words", [
    ("difficulty: easy", "difficulty: trivial", "difficulty", "easy, medium or hard"),
    ("category: bugfix", "category: misc", "category", "bugfix"),
    ("max_turns: 10", "max_turns: 10\nflavour: spicy", "flavour", "unknown field"),
    ("timeout_s: 60", "timeout_s: -5", "timeout_s", "positive number of seconds"),
    ("    - python -m unittest discover -s tests -t . -q\n  timeout_s: 30\nheldout",
     "    - '   '\n  timeout_s: 30\nheldout", "oracle.command[0]", "does not match"),
    ("path: fixtures/fix-add", "path: fixtures/nowhere", "repo.path", "does not exist"),
    ("solution: solutions/fix-add.patch", "solution: solutions/missing.patch", "solution", "does not exist"),
])
def test_each_bad_field_is_named_with_a_fix(suite, capsys, old, new, field, words):
    path = _edit(suite, "fix-add", old, new)
    code, errors = _errors(suite, capsys)
    assert code == 2
    matching = [e for e in errors if e.startswith(f"{path}: {field}: ")]
    assert matching, errors
    assert words in matching[0]
    assert "Traceback" not in "\n".join(errors)


def test_bad_id_and_id_file_mismatch(suite, capsys):
    path = _edit(suite, "fix-add", "id: fix-add", "id: Fix_Add")
    code, errors = _errors(suite, capsys)
    assert code == 2
    assert any(e.startswith(f"{path}: id: ") and "lowercase" in e for e in errors), errors
    _edit(suite, "fix-add", "id: Fix_Add", "id: fix-sub")
    code, errors = _errors(suite, capsys)
    assert any("does not match the file name" in e for e in errors), errors


def test_duplicate_ids_across_files(suite, capsys):
    (suite / "tasks" / "fix-add.yml").write_text((suite / "tasks" / "fix-add.yaml").read_text())
    code, errors = _errors(suite, capsys)
    assert code == 2
    assert any("already used by" in e for e in errors), errors


def test_malformed_yaml_names_the_line(suite, capsys):
    path = suite / "tasks" / "fix-max.yaml"
    path.write_text(path.read_text() + "oracle: [unclosed\n")
    code, errors = _errors(suite, capsys)
    assert code == 2
    assert any(e.startswith(f"{path}: line ") and "malformed YAML" in e for e in errors), errors


def test_not_a_mapping(suite, capsys):
    (suite / "tasks" / "fix-max.yaml").write_text("- just\n- a list\n")
    code, errors = _errors(suite, capsys)
    assert code == 2 and any("must be a mapping" in e for e in errors)


def test_every_problem_is_reported_not_just_the_first(suite, capsys):
    _edit(suite, "fix-add", "difficulty: easy", "difficulty: trivial")
    _edit(suite, "fix-max", "path: fixtures/fix-max", "path: fixtures/gone")
    code, errors = _errors(suite, capsys)
    assert code == 2
    assert any("fix-add.yaml: difficulty" in e for e in errors)
    assert any("fix-max.yaml: repo.path" in e for e in errors)


def test_heldout_inside_a_fixture_is_rejected(suite, capsys):
    hidden = suite / "fixtures" / "fix-add" / "hidden"
    write(hidden / "test_x.py", "")
    path = _edit(suite, "fix-add", "path: heldout/fix-add", "path: fixtures/fix-add/hidden")
    code, errors = _errors(suite, capsys)
    assert code == 2
    assert any(e.startswith(f"{path}: heldout.path: ") and "overlaps fixture" in e for e in errors), errors


def test_heldout_inside_another_tasks_fixture_is_rejected(suite, capsys):
    write(suite / "fixtures" / "fix-max" / "h" / "t.py", "")
    _edit(suite, "fix-add", "path: heldout/fix-add", "path: fixtures/fix-max/h")
    code, errors = _errors(suite, capsys)
    assert code == 2 and any("overlaps fixture" in e for e in errors)


def test_git_task_needs_url_and_ref(suite, capsys):
    path = _edit(suite, "fix-max", "type: fixture\n  path: fixtures/fix-max", "type: git\n  url: fixtures/fix-max")
    code, errors = _errors(suite, capsys)
    assert code == 2
    assert any(e.startswith(f"{path}: repo.ref: ") for e in errors), errors


def test_empty_task_dir(tmp_path, capsys):
    (tmp_path / "tasks").mkdir()
    assert validate.main([str(tmp_path / "tasks")]) == 2
    err = capsys.readouterr().err
    assert "no task files" in err and "Traceback" not in err


def test_unknown_task_filter(suite, capsys):
    assert validate.main([str(suite / "tasks"), "--task", "nope"]) == 2
    err = capsys.readouterr().err
    assert f"no task named nope in {suite / 'tasks'}" in err and "problem(s) in the task files" not in err


def test_real_suite_validates_as_a_subprocess():
    done = run_cli("tasks", module="bench.validate", cwd=REPO)
    assert done.returncode == 0, done.stderr
    records = jsonl(done.stdout)
    assert len(records) >= 5
    assert all(json.dumps(r) for r in records)


# --- heldout.into: where the held-out files land (bench/common/heldout.py) ------------------------------

def _problems(suite: Path, capsys) -> tuple[int, list[str]]:
    code, errors = _errors(suite, capsys)
    return code, [e for e in errors if not e.startswith("error: ")]


@pytest.mark.parametrize("value", ["tests", "heldout/", "Root", "[root]"])
def test_a_bad_heldout_into_is_one_line_naming_file_field_and_fix(suite, capsys, value):
    path = _edit(suite, "fix-add", "  into: root\n", f"  into: {value}\n")
    code, errors = _problems(suite, capsys)
    assert code == 2
    assert len(errors) == 1, errors
    assert errors[0].startswith(f"{path}: heldout.into: ")
    assert "use heldout (the default" in errors[0] and "or root" in errors[0]
    assert "Traceback" not in errors[0]


def test_heldout_into_is_recorded_with_its_default_and_changes_the_digest(tmp_path):
    from conftest import build_suite
    suite = build_suite(tmp_path / "suite", heldout_into="heldout")
    records = {r["id"]: r for r in validate.validate([str(suite / "tasks")])[0]}
    assert records["fix-add"]["heldout"]["into"] == "heldout"
    before = records["fix-add"]["digest"]
    task = suite / "tasks" / "fix-add.yaml"
    task.write_text(task.read_text().replace("  path: heldout/fix-add\n", "  path: heldout/fix-add\n  into: heldout\n"))
    spelled = validate.validate([str(suite / "tasks")], ["fix-add"])[0][0]
    assert spelled["heldout"]["into"] == "heldout" and spelled["digest"] != before  # the task file changed
    task.write_text(task.read_text().replace("  into: heldout\n", "  into: root\n"))
    root = validate.validate([str(suite / "tasks")], ["fix-add"])[0][0]
    assert root["heldout"]["into"] == "root" and root["digest"] not in (before, spelled["digest"])


def test_the_default_layout_lands_beside_a_fixtures_own_heldout_dir_never_on_its_file(tmp_path, capsys):
    from conftest import build_suite
    suite = build_suite(tmp_path / "suite", heldout_into="heldout")
    write(suite / "fixtures" / "fix-add" / "heldout" / "notes.txt", "mine\n")
    assert validate.validate([str(suite / "tasks")])[1] == []
    shutil.rmtree(suite / "fixtures" / "fix-add" / "heldout")
    write(suite / "fixtures" / "fix-add" / "heldout", "a file where the held-out directory goes\n")
    code, errors = _problems(suite, capsys)
    assert code == 2 and len(errors) == 1, errors
    assert errors[0].startswith(f"{suite / 'tasks' / 'fix-add.yaml'}: heldout.path: ")
    assert "needs a directory where the task has its own file heldout" in errors[0]


def test_a_heldout_file_laid_over_the_root_may_not_replace_a_fixture_file(suite, capsys):
    write(suite / "heldout" / "fix-add" / "calc.py", "def add(a, b):\n    return a + b\n")
    code, errors = _problems(suite, capsys)
    assert code == 2 and len(errors) == 1, errors
    assert ": heldout.path: " in errors[0]
    assert "held-out calc.py would replace the task's own calc.py, which is not a test file" in errors[0]


def test_a_suite_without_the_canary_gets_one_warning_in_all(suite, capsys):
    for file in sorted((suite / "tasks").glob("*.yaml")):
        kept = [line for line in file.read_text().splitlines() if "canary" not in line.lower()]
        file.write_text("\n".join(kept) + "\n")
    records, problems = validate.validate([str(suite / "tasks")])
    assert len(records) == 3 and not problems
    warnings = [line for line in capsys.readouterr().err.splitlines() if "canary" in line]
    first = sorted((suite / "tasks").glob("*.yaml"))[0]
    assert warnings == [f"warning: 3 task file(s) lack the suite canary GUID {validate.CANARY} ({first} and 2 more; "
                        "see README)"]


def test_a_suite_with_the_canary_gets_no_warning(suite, capsys):
    validate.validate([str(suite / "tasks")])
    assert "canary" not in capsys.readouterr().err


@pytest.mark.parametrize("where,field", [("fixtures/fix-add", "repo.path"), ("heldout/fix-add", "heldout.path")])
def test_a_file_name_that_is_not_utf8_is_named_in_one_line(suite, capsys, where, field):
    """Records, rules and diffs name files as text: a task tree holding a name that is not UTF-8 is refused."""
    (suite / where).mkdir(parents=True, exist_ok=True)
    with open(os.path.join(os.fsencode(suite / where), b"data\xff.txt"), "wb") as fh:
        fh.write(b"x")
    code, errors = _errors(suite, capsys)
    assert code == 2
    assert any(f": {field}: " in e and "data\\xff.txt" in e and "rename it" in e for e in errors), errors
    assert "Traceback" not in "\n".join(errors)


def test_a_misspelt_language_is_a_warning_naming_the_profile_it_resembles(suite, capsys):
    """`language: Pyhton` passed check without a word, and the task lost Python's runner checks (judged by exit
    status alone): check warns, once per language, with the profile it resembles; a known language says nothing."""
    from bench import cli
    task = suite / "tasks" / "fix-add.yaml"
    task.write_text(task.read_text().replace("language: python", "language: Pyhton"))
    assert cli.main(["check", "--tasks", str(suite / "tasks")]) == 0
    err = capsys.readouterr().err
    warnings = [line for line in err.splitlines() if line.startswith("warning: language:")]
    assert len(warnings) == 1 and "'Pyhton' is no profile's (1 task(s), e.g. fix-add)" in warnings[0], err
    assert "did you mean python?" in warnings[0] and "judged by exit status alone" in warnings[0]
    task.write_text(task.read_text().replace("language: Pyhton", "language: py"))
    assert cli.main(["check", "--tasks", str(suite / "tasks")]) == 0
    assert "warning: language" not in capsys.readouterr().err


def test_an_empty_command_is_one_line(suite, capsys):
    """`- ""` as a command broke two of the schema's rules for one field and printed two lines for one problem."""
    task = suite / "tasks" / "fix-add.yaml"
    task.write_text(task.read_text().replace("    - python -m unittest discover -s tests -t . -q\n", '    - ""\n', 1))
    assert validate.main([str(suite / "tasks")]) == 2
    lines = [line for line in capsys.readouterr().err.splitlines() if "oracle.command[0]" in line]
    assert len(lines) == 1 and "should be non-empty; use 1 to 50 non-empty shell command lines" in lines[0], lines


def test_a_field_written_twice_is_refused_naming_its_line(suite, capsys):
    """`timeout_s: 5` appended to a task file that already sets it: YAML keeps the last without a word, so the agent
    got 5 s. A key twice in one mapping is refused with its line; the same key in two mappings is fine."""
    task = suite / "tasks" / "fix-add.yaml"
    text = task.read_text()
    assert "\ntimeout_s: 60\n" in text and "  timeout_s: 30\n" in text   # the top level's and the oracle's
    task.write_text(text + "timeout_s: 5\n")
    assert validate.main([str(suite / "tasks")]) == 2
    line = len(text.splitlines()) + 1
    assert (f"fix-add.yaml: (yaml): line {line}: 'timeout_s' is written twice in one mapping (YAML would keep the "
            "last without a word); keep one") in capsys.readouterr().err
    task.write_text(text)
    assert validate.main([str(suite / "tasks")]) == 0
