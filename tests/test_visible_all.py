"""`run --visible all`: a task used in its all-visible form (the fixture with its full tests laid over it, for the
agent and every grading copy; nothing held out), as Aider's benchmark runs the Exercism tests. Through the CLI, on a
polyglot Python exercise, under bwrap: the oracle passes and nop fails, the records say the mode, the agent's workdir
holds every upstream test (and under split it does not), test-file protections hold, score and the leaderboard keep
the modes apart, compare names the difference, a task without its full tests is refused in one line, --resume
refuses to mix modes, and nothing of the full or held-out tests reaches a split run."""
from __future__ import annotations

import ast
import json
import shutil
from pathlib import Path

import pytest

from bench import cli, validate
from bench.common.errors import UserError
from bench.exec import sandbox
from conftest import REPO, build_suite, run_cli

pytestmark = pytest.mark.skipif(sandbox.bwrap_works() is not None, reason="needs a working bubblewrap sandbox")

POLYGLOT = REPO / "suites" / "polyglot"
TASK = "python-book-store"   # 16 visible tests, 4 held out
TEST_FILE = "book_store_test.py"


def names_in(folder: Path) -> set[str]:
    """The test methods of the Python test files in `folder`, read with ast (not with the harness's split rule)."""
    names = set()
    for path in folder.glob("*_test.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
                names.add(node.name)
    return names


UPSTREAM = names_in(POLYGLOT / "upstream" / TASK)
VISIBLE = names_in(POLYGLOT / "fixtures" / TASK)
HELD = UPSTREAM - VISIBLE


def test_the_task_really_holds_tests_back():
    assert len(HELD) >= 2 and VISIBLE and VISIBLE < UPSTREAM, (len(VISIBLE), len(UPSTREAM))


def run(tmp_path: Path, name: str, agent: str, mode: str | None, *extra: str, task: str = TASK,
        tasks: Path = POLYGLOT / "tasks") -> tuple[int, Path]:
    """`localagentbench run` in-process under bwrap; (exit code, the bundle)."""
    out = tmp_path / name
    argv = ["run", "--agent", agent, "--tasks", str(tasks), "--task", task, "--out", str(out), "--sandbox", "bwrap",
            *(["--visible", mode] if mode else []), *extra]
    return cli.main(argv), out


def record(out: Path, task: str = TASK) -> dict:
    return json.loads((out / "runs" / task / "0" / "run.json").read_text())


# An agent that prints the test names its workdir holds (and, with $1, does something more).
LIST_TESTS = "grep -ho 'def test[a-z0-9_]*' *_test.py | sed 's/def //' | sort -u"


def listed(out: Path) -> set[str]:
    return set((out / "runs" / TASK / "0" / "agent.stdout.log").read_text().split())


def test_oracle_passes_every_upstream_test_and_nop_fails(tmp_path):
    code, out = run(tmp_path, "oracle-all", "oracle", "all")
    rec = record(out)
    assert code == 0 and rec["outcome"] == "passed" and rec["success"], rec["outcome"]
    assert rec["visible"] == "all" and rec["heldout"] is None and rec["task"]["heldout"] is None
    # the oracle ran every upstream test, not the visible part
    assert f"{len(UPSTREAM)} passed" in (out / "runs" / TASK / "0" / "oracle.log").read_text()
    config = json.loads((out / "run-config.json").read_text())
    summary = json.loads((out / "summary.json").read_text())
    assert config["visible"] == "all" and [g["visible"] for g in summary["groups"]] == ["all"]

    # nop in a real shell run (python -m bench in a subprocess)
    out = tmp_path / "nop-all"
    done = run_cli("run", "--agent", "nop", "--tasks", str(POLYGLOT / "tasks"), "--task", TASK, "--visible", "all",
                   "--sandbox", "bwrap", "--out", str(out))
    rec = record(out)
    assert done.returncode == 0 and "(visible: all)" in done.stderr, done.stderr[-2000:]
    assert rec["visible"] == "all" and rec["outcome"] == "failed" and not rec["success"]

    code, split = run(tmp_path, "oracle-split", "oracle", None)
    rec_split = record(split)
    assert rec_split["visible"] == "split" and rec_split["heldout"]["passed"] and rec_split["outcome"] == "passed"
    assert f"{len(VISIBLE)} passed" in (split / "runs" / TASK / "0" / "oracle.log").read_text()
    assert rec_split["task_digest"] != rec["task_digest"]   # each mode's digest covers its own files


def test_the_agent_sees_every_upstream_test_only_in_all_mode(tmp_path):
    _, out = run(tmp_path, "all", "command", "all", "--agent-cmd", LIST_TESTS)
    assert listed(out) == UPSTREAM
    # the same task right after, in the same snapshot cache: split shows the visible part only
    _, out = run(tmp_path, "split", "command", "split", "--agent-cmd", LIST_TESTS)
    assert listed(out) == VISIBLE and not listed(out) & HELD
    assert record(out)["visible"] == "split"


def test_a_split_run_cannot_read_the_full_or_held_out_tests(tmp_path):
    """Hostile: the agent knows where the suite lies and reads upstream/<id> and heldout/<id>: masked (and the
    all-mode agent cannot reach the held-out files either)."""
    names = " ".join(str(POLYGLOT / kind / TASK / TEST_FILE) for kind in ("upstream", "heldout"))
    cmd = f"for f in {names}; do cat $f 2>/dev/null && echo LEAKED; done; echo done"
    for mode in ("split", "all"):
        _, out = run(tmp_path, mode, "command", mode, "--agent-cmd", cmd)
        seen = (out / "runs" / TASK / "0" / "agent.stdout.log").read_text()
        assert "LEAKED" not in seen and "done" in seen, seen[:300]
        assert not any(name in seen for name in HELD)


@pytest.mark.parametrize("change", ["rewrite", "drop-held"])
def test_a_hostile_agent_that_edits_the_full_tests_is_caught(tmp_path, change):
    """In all-visible mode the full tests are the task's own test files: rewriting them to pass, or deleting the
    tests that split mode holds out, is undone and flagged as in split mode, and grading runs them all."""
    if change == "rewrite":
        cmd = f"printf 'def test_ok():\\n    pass\\n' > {TEST_FILE}"
    else:   # keep the stub, drop every test split mode would hold back, then make the rest vacuous
        drops = " ".join(f"-e 's/def {name}(/def skip_{name}(/'" for name in sorted(HELD))
        cmd = f"sed -i {drops} {TEST_FILE} && sed -i 's/self.assertEqual(/(lambda *a: None)(/' {TEST_FILE}"
    code, out = run(tmp_path, change, "command", "all", "--agent-cmd", cmd)
    rec = record(out)
    assert rec["visible"] == "all" and rec["outcome"] == "failed" and not rec["success"], rec["outcome"]
    assert "tests_modified" in rec["flags"], rec["flags"]
    assert "failed" in (out / "runs" / TASK / "0" / "oracle.log").read_text()


def test_score_and_the_leaderboard_keep_the_modes_apart_and_resume_refuses_to_mix(tmp_path, capsys):
    _, split = run(tmp_path, "split", "oracle", "split")
    _, every = run(tmp_path, "all", "oracle", "all")
    summary = tmp_path / "summary.json"
    assert run_cli(str(split), str(every), "--out", str(summary), module="bench.score").returncode == 0
    groups = json.loads(summary.read_text())["groups"]
    assert sorted((g["agent"], g["visible"], g["n_runs"]) for g in groups) == [("oracle", "all", 1),
                                                                                ("oracle", "split", 1)]
    board = tmp_path / "board"
    (board / "entries").mkdir(parents=True)
    assert cli.main(["promote", str(summary), "--name", "modes", "--leaderboard", str(board)]) == 0
    entry = json.loads((board / "entries" / "modes.json").read_text())
    assert sorted(g["visible"] for g in entry["groups"]) == ["all", "split"]
    assert cli.main(["publish", str(board), "--out", str(tmp_path / "site")]) == 0
    page = (tmp_path / "site" / "index.html").read_text()
    assert page.count('<h2 id="set-') == 2 and "Visible tests: all" in page and "Visible tests: split" in page

    capsys.readouterr()
    code, _ = run(tmp_path, "all", "oracle", "split", "--resume")
    err = capsys.readouterr().err.strip()
    assert code == 2 and "--resume" in err and "visible 'all'" in err and len(err.splitlines()) == 1, err


def test_compare_names_the_mode_difference(tmp_path, capsys):
    """A task without held-out tests is the same task in both modes (same digest): compare pairs it and says the
    two runs differ in their --visible mode."""
    tasks = REPO / "tasks"
    _, split = run(tmp_path, "split", "oracle", "split", task="calib-add", tasks=tasks)
    _, every = run(tmp_path, "all", "oracle", "all", task="calib-add", tasks=tasks)
    assert record(split, "calib-add")["task_digest"] == record(every, "calib-add")["task_digest"]
    capsys.readouterr()
    assert cli.main(["compare", "--base", str(split), "--other", str(every), "--json", "--no-html"]) == 0
    cmp = json.loads(capsys.readouterr().out)
    assert [d for d in cmp["differences"] if d["setting"] == "visible"] == [
        {"setting": "visible", "label": "visible tests (--visible)", "base": "split", "other": "all"}]
    assert (cmp["base"]["visible"], cmp["other"]["visible"]) == ("split", "all")
    assert any("visible tests (--visible)" in w for w in cmp["warnings"])


def test_a_task_without_its_full_tests_is_refused_in_one_line(tmp_path):
    """A real shell run: the embedded suite's tasks have held-out tests and no visible_all."""
    task = "median-even-length"
    done = run_cli("run", "--agent", "oracle", "--task", task, "--visible", "all", "--out", str(tmp_path / "x"))
    line = done.stderr.strip()
    assert done.returncode == 2 and len(line.splitlines()) == 1, done.stderr
    assert f"tasks/{task}.yaml: visible_all:" in line and "--visible split" in line, line
    assert not (tmp_path / "x").exists()
    done = run_cli("verify", "--task", task, "--visible", "all", "--times", "1")
    assert done.returncode == 2 and "visible_all" in done.stderr and len(done.stderr.strip().splitlines()) == 1


def suite_with(tmp_path: Path, section: str) -> Path:
    """The conftest suite with `section` appended to fix-add's task file."""
    root = build_suite(tmp_path / "suite")
    task_file = root / "tasks" / "fix-add.yaml"
    task_file.write_text(task_file.read_text() + section)
    return root


@pytest.mark.parametrize(("section", "expected"), [
    ("visible_all:\n  path: ../outside\n", "visible_all.path: '../outside' points outside the suite directory"),
    ("visible_all:\n  path: upstream/nothing\n", "visible_all.path: full-test directory upstream/nothing does not "
                                                 "exist"),
    ("visible_all:\n  path: upstream/fix-add\n  into: heldout\n", "visible_all.into"),
    ("visible_all:\n  path: upstream/link\n", "is a symlink to"),
    ("visible_all:\n  path: upstream/code\n", "full-test calc.py would replace the task's own calc.py, which is not "
                                              "a test file"),
    ("visible_all:\n  path: fixtures/fix-add/tests\n", "overlaps fixture"),
])
def test_the_field_is_checked_like_heldout_path(tmp_path, section, expected):
    root = suite_with(tmp_path, section)
    (root / "upstream" / "fix-add" / "tests").mkdir(parents=True)
    (root / "upstream" / "fix-add" / "tests" / "test_calc.py").write_text("")
    (root / "upstream" / "link").mkdir()
    (root / "upstream" / "link" / "test_x.py").symlink_to("/etc/passwd")
    (root / "upstream" / "code").mkdir()
    (root / "upstream" / "code" / "calc.py").write_text("")
    _, problems = validate.validate([str(root / "tasks")])
    mine = [p for p in problems if "fix-add.yaml" in p]
    assert len(mine) == 1 and expected in mine[0], problems
    assert mine[0].startswith(str(root / "tasks" / "fix-add.yaml")) and "\n" not in mine[0]


def test_the_all_variant_is_a_transformation_of_the_loaded_task(tmp_path):
    """with_visible: split is the task as loaded; all drops the held-out phase and takes the all-mode digest, which
    covers the full tests (a changed upstream file is a new version) and not the held-out ones."""
    root = suite_with(tmp_path, "visible_all:\n  path: upstream/fix-add\n")
    full = root / "upstream" / "fix-add" / "tests" / "test_calc.py"
    shutil.copytree(root / "fixtures" / "fix-add" / "tests", full.parent)
    (tasks, _), = [validate.validate([str(root / "tasks")], ["fix-add"])]
    task = tasks[0]
    assert validate.with_visible(task, "split") is task and task["visible"] == "split"
    every = validate.with_visible(task, "all")
    assert every["visible"] == "all" and every["heldout"] is None and every["digest"] not in (task["digest"], None)
    full.write_text(full.read_text() + "\n# changed\n")
    again = validate.with_visible(validate.validate([str(root / "tasks")], ["fix-add"])[0][0], "all")
    assert again["digest"] != every["digest"]
    (root / "heldout" / "fix-add" / "extra.txt").write_text("x")
    third = validate.validate([str(root / "tasks")], ["fix-add"])[0][0]
    assert validate.with_visible(third, "all")["digest"] == again["digest"] and third["digest"] != task["digest"]
    with pytest.raises(UserError, match="--visible: 'some' is not a mode"):
        validate.with_visible(task, "some")


def test_a_task_file_cannot_choose_its_own_mode(tmp_path):
    """Hostile suite: `visible: all` in a task file would make a split evaluation record an all run. Unknown
    field: refused, and the record's mode is only ever the evaluation's (with_visible)."""
    root = suite_with(tmp_path, "visible: all\n")
    _, problems = validate.validate([str(root / "tasks")])
    assert any("fix-add.yaml" in p and "visible" in p for p in problems), problems


def test_a_run_of_one_mode_is_never_a_finished_run_of_the_other(tmp_path):
    """--resume: a task without held-out tests has the same digest in both modes; its run in one mode must not
    count as finished in the other (engine.finished_run), whatever run-config.json says."""
    from bench import engine
    tasks, _ = engine.load_tasks([str(REPO / "tasks")], ["calib-add"])
    split_task = tasks[0]
    all_task = validate.with_visible(split_task, "all")
    assert all_task["digest"] == split_task["digest"]
    _, out = run(tmp_path, "b", "oracle", "all", task="calib-add", tasks=REPO / "tasks")
    config = json.loads((out / "run-config.json").read_text())
    run_dir = out / "runs" / "calib-add" / "0"
    assert engine.finished_run(run_dir, all_task, config) is not None
    assert engine.finished_run(run_dir, split_task, config) is None


def test_compare_picks_one_mode_of_a_summary_holding_both(tmp_path):
    from bench.report import compare
    tasks = REPO / "tasks"
    _, split = run(tmp_path, "split", "oracle", "split", task="calib-add", tasks=tasks)
    _, every = run(tmp_path, "all", "oracle", "all", task="calib-add", tasks=tasks)
    from bench import score
    both = score.score_sources([str(split), str(every)])
    with pytest.raises(UserError, match="matches 2 groups.*oracle:none@visible=all"):
        compare.select_group(both, "oracle:none", "base")
    assert compare.select_group(both, "oracle:none@visible=all", "base")["visible"] == "all"
    assert compare.select_group(both, "oracle@visible=split", "base")["visible"] == "split"
