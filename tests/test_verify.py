"""verify: fair tasks pass; broken, flaky, slow, leaky and mutant-less tasks are each caught."""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from bench import verify
from bench.exec import sandbox
from conftest import REPO, run_cli, write


def _verify(suite: Path, capsys, *args: str) -> tuple[int, dict, str]:
    code = verify.main([str(suite / "tasks"), "--times", "2", *args])
    captured = capsys.readouterr()
    return code, json.loads(captured.out), captured.err


def _problems(report: dict, task_id: str) -> list[str]:
    return next(t for t in report["tasks"] if t["task_id"] == task_id)["problems"]


def test_a_fair_suite_verifies(suite, capsys):
    code, report, err = _verify(suite, capsys)
    assert code == 0 and report["ok"] is True
    assert [t["oracle_outcomes"] for t in report["tasks"]] == [["passed", "passed"]] * 3
    fix_add = next(t for t in report["tasks"] if t["task_id"] == "fix-add")
    assert fix_add["untouched_fails"] == "visible"
    assert "ok   fix-add" in err and "slowest command" in err
    assert "verify: fair 3 / known gaps 0 / unfair 0 of 3 task(s)" in err


def test_a_task_the_untouched_fixture_passes_is_broken(suite, capsys):
    (suite / "fixtures" / "fix-max" / "mx.py").write_text("def biggest(xs):\n    return max(xs)\n")
    (suite / "solutions" / "fix-max.patch").write_text(
        "diff --git a/NOTES b/NOTES\nnew file mode 100644\n--- /dev/null\n+++ b/NOTES\n@@ -0,0 +1 @@\n+x\n")
    code, report, err = _verify(suite, capsys, "--task", "fix-max")
    assert code == 1
    assert any("does not discriminate" in p for p in _problems(report, "fix-max"))
    assert "FAIL fix-max" in err


def test_an_unsolvable_task_is_caught(suite, capsys):
    (suite / "solutions" / "fix-add.patch").write_text(
        "diff --git a/NOTES b/NOTES\nnew file mode 100644\n--- /dev/null\n+++ b/NOTES\n@@ -0,0 +1 @@\n+x\n")
    code, report, _ = _verify(suite, capsys, "--task", "fix-add")
    assert code == 1 and any("does not pass" in p for p in _problems(report, "fix-add"))


def test_a_flaky_oracle_is_caught(suite, capsys, tmp_path):
    counter = tmp_path / "count"
    script = write(tmp_path / "flaky.py", f"""
        import pathlib, sys
        p = pathlib.Path({str(counter)!r})
        n = int(p.read_text()) if p.exists() else 0
        p.write_text(str(n + 1))
        sys.exit(0 if n % 2 else 1)  # nop run: fail; oracle runs: pass, fail, pass...
    """)
    task = suite / "tasks" / "calib-hello.yaml"
    task.write_text(task.read_text().replace("python -m unittest discover -s tests -t . -q", f"python {script}"))
    # The counter lives outside the grading copy, which only an unsandboxed grader can reach.
    code, report, _ = _verify(suite, capsys, "--task", "calib-hello", "--sandbox", "none")
    assert code == 1 and any(p.startswith("flaky") for p in _problems(report, "calib-hello"))


def test_a_command_near_its_timeout_is_caught(suite, capsys):
    task = suite / "tasks" / "calib-hello.yaml"
    task.write_text(task.read_text().replace(
        "    - python -m unittest discover -s tests -t . -q\n  timeout_s: 30",
        "    - python -m unittest discover -s tests -t . -q\n    - sleep 0.8\n  timeout_s: 1"))
    code, report, _ = _verify(suite, capsys, "--task", "calib-hello")
    assert code == 1 and any(p.startswith("slow") for p in _problems(report, "calib-hello"))


def test_a_fixture_link_out_of_the_tree_is_refused_before_anything_runs(suite, capsys):
    os.symlink(suite / "heldout" / "fix-add", suite / "fixtures" / "fix-add" / "peek")
    code = verify.main([str(suite / "tasks"), "--task", "fix-add"])
    captured = capsys.readouterr()
    assert code == 2 and captured.out == ""
    assert "fix-add.yaml: repo.path:" in captured.err and "peek" in captured.err


def test_a_broken_task_file_elsewhere_does_not_stop_verifying_the_task_asked_for(suite, capsys):
    """`verify --task fix-add` with another file broken: fix-add is verified, the broken file named in a warning;
    without --task the broken file stops verify before anything runs."""
    broken = suite / "tasks" / "zz-broken.yaml"
    broken.write_text("id: [unclosed\n")
    code, report, err = _verify(suite, capsys, "--task", "fix-add")
    assert code == 0 and [t["task_id"] for t in report["tasks"]] == ["fix-add"], err
    assert [line for line in err.splitlines() if str(broken) in line][0].startswith(f"warning: {broken}: "), err
    code = verify.main([str(suite / "tasks"), "--times", "1"])
    captured = capsys.readouterr()
    assert code == 2 and captured.out == "" and str(broken) in captured.err


def test_a_test_task_must_report_mutants(suite, capsys):
    task = suite / "tasks" / "fix-add.yaml"
    task.write_text(task.read_text().replace("category: bugfix", "category: test"))
    code, report, _ = _verify(suite, capsys, "--task", "fix-add")
    assert code == 1 and any("mutants_total" in p for p in _problems(report, "fix-add"))


@pytest.mark.slow
def test_real_suite_mutant_tasks_report_every_mutant_caught():
    done = run_cli("verify", "--times", "1", "--task", "test-roman-numerals", "--task", "test-interval-merge")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    for task in report["tasks"]:
        assert task["mutants"]["total"] >= 5 and task["mutants"]["caught"] == task["mutants"]["total"]
        assert task["untouched_fails"] in ("visible", "held-out")


def _assert_suite_shape(tasks_dir: Path) -> None:
    """What the suite promises, whatever its size: every task file listed, the category floors, held-out tests on
    at least half, a git task, every difficulty, the canary in every file. The count is the files', never a number."""
    done = run_cli("list-tasks", "--json", "--tasks", str(tasks_dir))
    assert done.returncode == 0, done.stderr
    tasks = [json.loads(line) for line in done.stdout.splitlines()]
    files = sorted([*tasks_dir.glob("*.yaml"), *tasks_dir.glob("*.yml")])
    assert sorted(t["id"] for t in tasks) == sorted(path.stem for path in files)
    counts: dict[str, int] = {}
    for task in tasks:
        counts[task["category"]] = counts.get(task["category"], 0) + 1
    floors = {"bugfix": 4, "feature": 3, "refactor": 3, "test": 2, "algorithm": 2, "cli": 2, "data": 2,
              "scientific": 1, "docs": 1, "calib": 2}
    assert all(counts.get(cat, 0) >= n for cat, n in floors.items()), counts
    assert sum(1 for t in tasks if t["heldout"]) >= 11
    assert any(t["repo"] == "git" for t in tasks)
    assert {t["difficulty"] for t in tasks} == {"easy", "medium", "hard"}
    for path in files:
        assert "3bc510bb-0dfb-43fa-98a2-fc8ef6ed13b9" in path.read_text(), f"{path.name} lacks the canary"


def test_real_suite_shape():
    _assert_suite_shape(REPO / "tasks")


def test_the_suite_shape_holds_with_a_task_added_as_contributing_says(tmp_path):
    """The real suite copied with one more valid task (its fixture, held-out tests and solution): `check` passes
    and the shape test above still holds, so adding a task never breaks the tests."""
    import shutil

    from conftest import add_task
    root = tmp_path / "suite"
    for part in ("tasks", "fixtures", "heldout", "solutions"):
        shutil.copytree(REPO / part, root / part, symlinks=True)
    add_task(root, "fix-extra-task", "extra", buggy="def f():\n    return 1\n", fixed="def f():\n    return 2\n",
             visible_test="import unittest\nfrom extra import f\n\nclass T(unittest.TestCase):\n"
                          "    def test_f(self):\n        self.assertEqual(f(), 2)\n",
             heldout_test="import unittest\nfrom extra import f\n\nclass H(unittest.TestCase):\n"
                          "    def test_f(self):\n        self.assertEqual(f(), 2)\n")
    done = run_cli("check", "--tasks", str(root / "tasks"))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["tasks"] == len(list((REPO / "tasks").glob("*.yaml"))) + 1
    _assert_suite_shape(root / "tasks")


@pytest.mark.skipif(sandbox.resolve("auto") != "bwrap", reason="bubblewrap cannot run here")
def test_a_task_that_passes_only_outside_the_sandbox_is_caught(suite, capsys):
    """Its oracle reads a file beside the suite, which a sandboxed evaluation cannot see: agents would fail it."""
    task = suite / "tasks" / "calib-hello.yaml"
    outside = suite / "tasks" / "calib-hello.yaml"
    task.write_text(task.read_text().replace("python -m unittest discover",
                                             f"test -r {outside} && python -m unittest discover"))
    code, report, _ = _verify(suite, capsys, "--task", "calib-hello", "--sandbox", "none")
    assert code == 0 and report["sandbox"] == "none"
    code, report, err = _verify(suite, capsys, "--task", "calib-hello")
    assert code == 1 and report["sandbox"] == "bwrap" and "under sandbox bwrap" in err
    assert any("does not pass" in p for p in _problems(report, "calib-hello"))


@pytest.mark.slow
def test_the_formats_example_verifies_and_a_command_aimed_elsewhere_says_where_the_files_land(tmp_path, capsys):
    """Default layout (files directly in heldout/<id>/, `python -m pytest -q heldout`): fair. The same task with the
    command pointing at the root form's heldout_tests/ is a task_error that says where the files were laid."""
    from conftest import build_suite
    suite = build_suite(tmp_path / "suite", heldout_into="heldout")
    code, report, err = _verify(suite, capsys, "--task", "fix-add")
    assert code == 0 and report["tasks"][0]["oracle_outcomes"] == ["passed", "passed"], err
    task = suite / "tasks" / "fix-add.yaml"
    task.write_text(task.read_text().replace("python -m pytest -q heldout\n", "python -m pytest -q heldout_tests\n"))
    code, report, _ = _verify(suite, capsys, "--task", "fix-add")
    problems = _problems(report, "fix-add")
    assert code == 1, problems
    assert any("task_error" in p and "land in heldout/ of the grading copy" in p for p in problems), problems


def _lowest_sha(ids):
    import hashlib
    return min(ids, key=lambda i: hashlib.sha256(i.encode()).hexdigest())


def test_jobs_verify_the_same_tasks_with_the_same_verdicts(suite, capsys):
    (suite / "solutions" / "fix-add.patch").write_text(
        "diff --git a/NOTES b/NOTES\nnew file mode 100644\n--- /dev/null\n+++ b/NOTES\n@@ -0,0 +1 @@\n+x\n")
    _, one, _ = _verify(suite, capsys, "--jobs", "1")
    code, two, err = _verify(suite, capsys, "--jobs", "3")
    assert code == 1 and two["jobs"] == 3
    verdicts = [(t["task_id"], t["ok"], t["oracle_outcomes"]) for t in two["tasks"]]
    assert verdicts == [(t["task_id"], t["ok"], t["oracle_outcomes"]) for t in one["tasks"]]
    assert [t["task_id"] for t in two["tasks"]] == sorted(p.stem for p in (suite / "tasks").glob("*.yaml"))
    assert "FAIL fix-add" in err and "ok   fix-max" in err
    assert "verify: fair 2 / known gaps 0 / unfair 1 of 3 task(s)" in err


def test_a_record_then_changed_from_verifies_only_what_changed_since(suite, capsys, tmp_path):
    record = tmp_path / "verified.json"
    code, report, _ = _verify(suite, capsys, "--record", str(record))
    assert code == 0
    entries = json.loads(record.read_text())["tasks"]
    assert sorted(entries) == ["calib-hello", "fix-add", "fix-max"] and {e["times"] for e in entries.values()} == {2}
    code, report, err = _verify(suite, capsys, "--changed-from", str(record))
    assert code == 0 and report["tasks"] == [] and report["selected"] == 0 and "0 of 3 task(s) selected" in err
    prompt_file = suite / "tasks" / "fix-max.yaml"
    prompt_file.write_text(prompt_file.read_text().replace("prompt: |", "prompt: |\n  Mind the empty list.", 1))
    code, report, _ = _verify(suite, capsys, "--changed-from", str(record), "--record", str(record))
    assert [t["task_id"] for t in report["tasks"]] == ["fix-max"]
    # A task found unfair leaves the record; the next partial run selects it again.
    (suite / "solutions" / "fix-add.patch").write_text(
        "diff --git a/NOTES b/NOTES\nnew file mode 100644\n--- /dev/null\n+++ b/NOTES\n@@ -0,0 +1 @@\n+x\n")
    code, report, _ = _verify(suite, capsys, "--changed-from", str(record), "--record", str(record))
    assert code == 1 and [t["task_id"] for t in report["tasks"]] == ["fix-add"]
    assert sorted(json.loads(record.read_text())["tasks"]) == ["calib-hello", "fix-max"]


def test_sample_per_language_takes_the_lowest_sha256_ids(suite, capsys, tmp_path):
    ids = sorted(p.stem for p in (suite / "tasks").glob("*.yaml"))
    code, report, _ = _verify(suite, capsys, "--sample-per-language", "1")
    assert code == 0 and [t["task_id"] for t in report["tasks"]] == [_lowest_sha(ids)]
    tasks = [{"id": f"t{i}", "language": lang} for i, lang in enumerate(["go", "go", "rust", "go", "rust", "c"])]
    chosen = verify.sample_per_language(tasks, 2)
    for lang in ("go", "rust", "c"):
        pool = [t["id"] for t in tasks if t["language"] == lang]
        expect = sorted(pool, key=lambda i: __import__("hashlib").sha256(i.encode()).hexdigest())[:2]
        assert {i for i in chosen if i in pool} == set(expect)


@pytest.mark.parametrize("content, needle", [
    ("{not json", "not a verify record"),
    ('{"schema": "localagentbench/verified@1", "tasks": {"a": 3}}', "not a verify record"),
    (None, "no such file; write one with --record"),
])
def test_a_bad_record_is_one_line(suite, capsys, tmp_path, content, needle):
    record = tmp_path / "verified.json"
    if content is not None:
        record.write_text(content)
    code = verify.main([str(suite / "tasks"), "--changed-from", str(record)])
    err = capsys.readouterr().err
    assert code != 0 and needle in err and str(record) in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_verify_jobs_in_a_shell(suite, tmp_path):
    proc = run_cli("verify", str(suite / "tasks"), "--times", "1", "--jobs", "2", "--sample-per-language", "5",
                   "--out", str(tmp_path / "v.json"))
    assert proc.returncode == 0, proc.stderr
    report = json.loads((tmp_path / "v.json").read_text())
    assert report["jobs"] == 2 and report["selected"] == 3 and report["ok"] is True


def test_a_record_holds_one_visible_mode(suite, capsys, tmp_path):
    record = tmp_path / "verified.json"
    record.write_text(json.dumps({"schema": "localagentbench/verified@1", "visible": "all", "tasks": {}}))
    code = verify.main([str(suite / "tasks"), "--record", str(record)])
    err = capsys.readouterr().err
    assert code != 0 and "--visible all" in err and "not --visible split" in err and "ok   " not in err


def test_a_solution_patch_that_vanishes_mid_run_is_one_line(suite, capsys):
    """The reference patch removed after the tasks were loaded (here by the nop run's own grading command, run
    unsandboxed) is a problem line naming the file, never a traceback; the task is reported, not fair."""
    patch = suite / "solutions" / "calib-hello.patch"
    task = suite / "tasks" / "calib-hello.yaml"
    task.write_text(task.read_text().replace("python -m unittest discover -s tests -t . -q",
                                             f"rm -f {patch}; python -m unittest discover -s tests -t . -q"))
    code, report, err = _verify(suite, capsys, "--task", "calib-hello", "--sandbox", "none")
    assert not patch.exists()
    assert code == 1 and "Traceback" not in err
    problems = _problems(report, "calib-hello")
    assert any("cannot be read" in p and "calib-hello.patch" in p for p in problems), problems


def _plain_task(root: Path, task_id: str, language: str, files: dict[str, str], fixed: dict[str, str],
                command: str) -> Path:
    """A task in `language` judged by one command, its fixture `files` and reference `fixed`, as a user writes it."""
    from conftest import CANARY, make_patch
    fixture = root / "fixtures" / task_id
    for rel, text in files.items():
        write(fixture / rel, text)
    (root / "solutions").mkdir(parents=True, exist_ok=True)
    (root / "solutions" / f"{task_id}.patch").write_bytes(make_patch(fixture, fixed))
    write(root / "tasks" / f"{task_id}.yaml", f"""
        # canary {CANARY}
        id: {task_id}
        title: {task_id}
        difficulty: easy
        category: bugfix
        language: {language}
        canary: {CANARY}
        prompt: Fix the bug the tests show.
        repo:
          type: fixture
          path: fixtures/{task_id}
        oracle:
          command:
            - {command}
          timeout_s: 60
        solution: solutions/{task_id}.patch
        timeout_s: 60
        max_turns: 10
    """)
    return root


UPPER = "#!/bin/sh\ntr 'a-y' 'A-Y' < \"$1\"\n"
UPPER_FIXED = "#!/bin/sh\ntr 'a-z' 'A-Z' < \"$1\"\n"
UPPER_TEST = "#!/bin/sh\nd=$(mktemp -d)\nprintf 'xyz\\n' > \"$d/in\"\n[ \"$(sh ./upper.sh \"$d/in\")\" = XYZ ]\n"


def test_a_reference_change_grading_lays_back_is_named_in_the_problem(tmp_path, capsys):
    """A Bash task's reference fixes upper.sh, which grading lays back as test configuration: verify's problem says
    so (flag and path), not only 'visible oracle failed', which sent the task's author to the wrong place."""
    suite = _plain_task(tmp_path / "s", "bash-upper", "bash", {"upper.sh": UPPER, "tests/test_upper.sh": UPPER_TEST},
                        {"upper.sh": UPPER_FIXED}, "sh tests/test_upper.sh")
    code = verify.main([str(suite / "tasks"), "--times", "1"])
    problems = _problems(json.loads(capsys.readouterr().out), "bash-upper")
    assert code == 1 and any("flagged test_config_modified (upper.sh)" in p for p in problems), problems


@pytest.mark.xfail(strict=True, reason="a shell script a grading command's script runs (and, in a language no "
                   "profile knows, any *.sh) is test configuration, laid back: a Bash task's fix never reaches grading")
def test_a_bash_task_whose_test_script_runs_the_script_under_test_is_fair(tmp_path, capsys):
    suite = _plain_task(tmp_path / "s", "bash-upper", "bash", {"upper.sh": UPPER, "tests/test_upper.sh": UPPER_TEST},
                        {"upper.sh": UPPER_FIXED}, "sh tests/test_upper.sh")
    code = verify.main([str(suite / "tasks"), "--times", "1"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0 and report["tasks"][0]["status"] == "fair", report["tasks"][0]["problems"]


@pytest.mark.skipif(not shutil.which("gcc") or not shutil.which("make"), reason="needs gcc and make")
def test_a_c_task_judged_by_exit_status_says_which_command_printed_no_runner_summary(tmp_path, capsys):
    """`language: c` is C++'s profile, which reads a runner's summary: a plain test program's exit 0 is not a
    verdict. verify's problem names the command and that note rather than only 'visible oracle failed'."""
    suite = _plain_task(tmp_path / "s", "c-abs", "c", {
        "Makefile": "test: t\n\t./t\n\nt: abs.c test_abs.c\n\tgcc -o t abs.c test_abs.c\n",
        "abs.c": "int my_abs(int x) { return x; }\n",
        "test_abs.c": "int my_abs(int);\nint main(void) { return my_abs(-2) != 2; }\n"},
        {"abs.c": "int my_abs(int x) { return x < 0 ? -x : x; }\n"}, "make test")
    code = verify.main([str(suite / "tasks"), "--times", "1"])
    problems = _problems(json.loads(capsys.readouterr().out), "c-abs")
    assert code == 1 and any("`make test`: exit 0, but no command printed a summary of a c test runner" in p
                             for p in problems), problems


def test_a_solution_patch_that_does_not_apply_is_one_line_naming_it_and_the_fix(suite, capsys):
    """A reference patch whose context no longer matches the fixture: verify's problem is one line naming the patch
    as the suite names it, git's reasons and the fix; the run is not flagged for naming the grader's files."""
    patch = suite / "solutions" / "fix-add.patch"
    patch.write_bytes(patch.read_bytes().replace(b" def add(a, b):", b" def add(a, b, c):"))
    code, report, err = _verify(suite, capsys, "--task", "fix-add", "--times", "1")
    problems = _problems(report, "fix-add")
    assert code == 1 and len(problems) == 1 and "\n" not in problems[0], problems
    assert "the reference solution solutions/fix-add.patch does not apply to the task's starting tree (error: " in \
        problems[0] and "remake it with `git diff`" in problems[0] and "grader_path_referenced" not in problems[0]


@pytest.mark.skipif(not shutil.which("pytest"), reason="no pytest command on PATH")
def test_a_task_graded_by_a_bare_pytest_command_is_fair(tmp_path, capsys):
    """`pytest -q heldout`, as users type it, not `python -m pytest`: the reference passed nothing (the guard called
    the runner's own console script a forger: runner_tampering) and verify found every such task unfair."""
    from conftest import HELDOUT_DEFAULT_COMMAND, build_suite
    suite = build_suite(tmp_path / "suite", heldout_into="heldout")
    task = suite / "tasks" / "fix-add.yaml"
    task.write_text(task.read_text().replace(HELDOUT_DEFAULT_COMMAND, "pytest -q heldout"))
    code, report, err = _verify(suite, capsys, "--task", "fix-add", "--times", "1")
    assert code == 0 and report["tasks"][0]["oracle_outcomes"] == ["passed"], (report["tasks"][0]["problems"], err)
