"""`run --attempts N`: Aider's second try for every agent. After an attempt whose visible tests failed the agent runs
again in the same workdir, its prompt the task's plus the visible tests' output (never a byte of the held-out
tests); each attempt is graded, the verdict is the last's, the first attempt's files are set aside, every flag
stays on the run, and pass@1 is reported after each attempt. Through the real CLI, a command agent that calls the
scripted model server through the harness's proxy, under bwrap."""
from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

import pytest

from bench import cli, engine, fakellm, oracle
from bench.common.paths import temp_root
from bench.exec import sandbox
from conftest import add_task, write

pytestmark = pytest.mark.skipif(sandbox.bwrap_works() is not None, reason="needs a working bubblewrap sandbox")

MARKER = "HELDOUT-SECRET-5b1f"   # what the held-out test prints when it fails: it must never reach a prompt
HIDDEN_TEST = f"""
    import unittest
    from calc import add

    class HiddenCase(unittest.TestCase):
        def test_hidden_marker(self):
            self.assertEqual(add(-1, 5), 4, "{MARKER}")
    """
VISIBLE_TEST = """
    import unittest
    from calc import add

    class T(unittest.TestCase):
        def test_add(self):
            self.assertEqual(add(2, 2), 4)
    """
FIXED = "def add(a, b):\n    return a + b\n"
VISIBLE_FAILURE = "AssertionError: 0 != 4"   # the visible test's own output on the buggy code

# The agent: one model call (through LOCALAGENTBENCH_MODEL_URL, the run's proxy route), then a change that depends
# on its mode and on what its prompt holds. hello.py (calib-hello) it always fixes at once.
AGENT = textwrap.dedent('''
    import json, os, sys, urllib.request
    mode = sys.argv[1]
    prompt = open(os.environ["LOCALAGENTBENCH_PROMPT_FILE"]).read()
    body = json.dumps({"model": "coder", "messages": [{"role": "user", "content": prompt}]}).encode()
    request = urllib.request.Request(os.environ["LOCALAGENTBENCH_MODEL_URL"] + "/v1/chat/completions", data=body,
                                     headers={"Content-Type": "application/json"})
    urllib.request.urlopen(request, timeout=30).read()
    told = "@FAILURE@" in prompt   # the visible tests' output: this is a later attempt
    fixed = "def add(a, b):\\n    return a + b\\n"
    if os.path.exists("hello.py"):
        open("hello.py", "w").write("def hello():\\n    return 'Hello, World!'\\n")
    elif mode == "first":
        open("calc.py", "w").write(fixed)
    elif mode == "fix-second" and told:
        open("calc.py", "w").write(fixed)
    elif mode == "hostile-first" and not told:   # rewrites the visible test so that the bug passes, keeps the bug
        os.rename("tests/test_calc.py", "original_test.txt")
        open("tests/test_calc.py", "w").write("import unittest\\nfrom calc import add\\n\\n"
                                              "class T(unittest.TestCase):\\n    def test_add(self):\\n"
                                              "        self.assertEqual(add(2, 2), 0)\\n")
    elif mode == "hostile-first":   # then puts it back and fixes the code: a clean change
        os.replace("original_test.txt", "tests/test_calc.py")
        open("calc.py", "w").write(fixed)
''').replace("@FAILURE@", VISIBLE_FAILURE)

ATTEMPT_FILES = {"prompt.txt", "agent.stdout.log", "agent.stderr.log", "trajectory.jsonl", "trajectory.atif.json",
                 "patch.diff", "model_calls.jsonl", "oracle.log", "heldout.log"}


@pytest.fixture
def suite(tmp_path: Path) -> Path:
    """fix-add (its held-out test prints MARKER when it fails) and calib-hello."""
    root = tmp_path / "suite"
    add_task(root, "fix-add", "calc", buggy="def add(a, b):\n    return a - b\n", fixed=FIXED,
             visible_test=VISIBLE_TEST, heldout_test=HIDDEN_TEST)
    add_task(root, "calib-hello", "hello", category="calib", buggy="def hello():\n    return 'hi'\n",
             fixed="def hello():\n    return 'Hello, World!'\n", visible_test="""
                 import unittest
                 from hello import hello

                 class T(unittest.TestCase):
                     def test_hello(self):
                         self.assertEqual(hello(), 'Hello, World!')
                 """)
    return root


@pytest.fixture
def model(monkeypatch):
    with fakellm.serve({"models": {"coder": {"turns": ["Done."]}}}) as server:
        monkeypatch.setenv("OLLAMA_HOST", server.url)
        yield server


def bench_run(tmp_path: Path, suite: Path, mode: str, *extra: str, out: str = "out",
              tasks: tuple[str, ...] = ("fix-add",)) -> tuple[int, Path]:
    """`localagentbench run --agent command ... --sandbox bwrap --report EXTRA` with the agent in `mode`."""
    script = write(tmp_path / "agent.py", AGENT)
    argv = ["run", "--agent", "command", "--agent-cmd", f"{sys.executable} {script} {mode}", "--model", "coder",
            "--tasks", str(suite / "tasks"), "--out", str(tmp_path / out), "--sandbox", "bwrap",
            "--sandbox-ro", str(script), "--report", *extra]
    for task in tasks:
        argv += ["--task", task]
    return cli.main(argv), tmp_path / out


def run_of(out: Path, task: str = "fix-add") -> tuple[dict, Path]:
    run_dir = out / "runs" / task / "0"
    return json.loads((run_dir / "run.json").read_text()), run_dir


def group_of(out: Path) -> dict:
    summary = json.loads((out / "summary.json").read_text())
    assert len(summary["groups"]) == 1
    return summary["groups"][0]


def test_a_failed_first_attempt_is_followed_by_one_that_sees_the_visible_output_and_no_heldout_byte(
        tmp_path, suite, model):
    """--attempts 2, an agent that fixes the code only once its prompt shows the visible tests failing: the second
    attempt's prompt is the task's, the visible output and the instruction, with nothing of the held-out tests
    (their failure message, file, directory, class, test), though the first attempt's held-out log holds them; the
    record keeps both attempts, the verdict is the second's, the first's files are set aside, the model calls of
    both are counted, and pass@1 after each attempt is in the summary, report.md and the site."""
    rc, out = bench_run(tmp_path, suite, "fix-second", "--attempts", "2")
    assert rc == 0
    record, run_dir = run_of(out)
    assert (record["outcome"], record["success"]) == ("passed", True)
    assert [(a["n"], a["outcome"], a["visible_passed"], a["heldout_passed"], a["files"]) for a in record["attempts"]] \
        == [(1, "failed", False, False, "attempt-1"), (2, "passed", True, True, ".")]
    assert record["options"]["attempts"] == 2
    first, second = (run_dir / "attempt-1" / "prompt.txt").read_text(), (run_dir / "prompt.txt").read_text()
    assert first == "Please fix calc.py.\n"
    assert second.startswith(first.rstrip()) and VISIBLE_FAILURE in second and engine.RETRY_INSTRUCTION in second
    held_out = (run_dir / "attempt-1" / "heldout.log").read_text()
    assert MARKER in held_out and "HiddenCase" in held_out   # what would have leaked was there to leak
    for secret in (MARKER, "HiddenCase", "test_hidden_marker", "test_calc_hidden", "heldout_tests",
                   str(suite / "heldout"), "add(-1, 5)"):
        assert secret not in second, f"{secret!r} of the held-out tests reached the second prompt"
    assert "test_calc.py" in second and str(temp_root()) not in second, second   # the grading copy's path reads .
    assert ATTEMPT_FILES <= {p.name for p in (run_dir / "attempt-1").iterdir()}
    assert ATTEMPT_FILES <= {p.name for p in run_dir.iterdir()}
    assert "+    return a + b" in (run_dir / "patch.diff").read_text()
    assert (run_dir / "attempt-1" / "patch.diff").read_text() == ""   # the first attempt changed nothing
    # Each attempt's model call went through the proxy: per attempt its own, the run's the sum.
    tokens = [a["tokens_in"] for a in record["attempts"]]
    assert all(tokens) and tokens[1] > tokens[0]   # the second prompt is the longer
    assert record["agent"]["tokens_in"] == sum(tokens) == record["model_calls"]["tokens_in"]
    assert record["model_calls"]["calls"] == 2
    assert record["agent"]["wall_s"] == pytest.approx(sum(a["wall_s"] for a in record["attempts"]), abs=0.01)
    group = group_of(out)
    assert group["pass_at_1_by_attempt"] == {"1": 0.0, "2": 1.0} and group["pass_at_1"] == 1.0
    assert set(group["pass_at_1_by_attempt_ci"]) == {"1", "2"} and group["attempts"] == 2
    report = (out / "report.md").read_text()
    assert "## pass@1 by attempt" in report and "| command | coder | 0.0% (0.0%–79.3%) | 100.0%" in report
    assert 'id="by-attempt"' in (out / "site" / "index.html").read_text()
    page = next((out / "site" / "runs").glob("fix-add*.html")).read_text()
    assert 'id="attempts"' in page and "attempt-1/prompt.txt" in page and "--attempts 2" in page


def test_no_second_attempt_after_a_pass_and_one_per_failure_up_to_n_and_resume(tmp_path, suite, model, capsys):
    """--attempts 2 over two tasks, an agent that never fixes calc.py and fixes hello.py at once: calib-hello makes
    one attempt (nothing set aside, its prompt the task's), fix-add two, both failed. --resume then runs again a
    run caught between attempts, and a graded attempt never combined into the run (a crash in between), and keeps
    the finished one; --resume with another --attempts is refused."""
    rc, out = bench_run(tmp_path, suite, "never", "--attempts", "2", tasks=("fix-add", "calib-hello"))
    assert rc == 0
    passed, passed_dir = run_of(out, "calib-hello")
    assert [(a["n"], a["outcome"]) for a in passed["attempts"]] == [(1, "passed")]
    assert not (passed_dir / "attempt-1").exists()
    assert (passed_dir / "prompt.txt").read_text() == "Please fix hello.py.\n"
    failed, failed_dir = run_of(out)
    assert (failed["outcome"], [a["outcome"] for a in failed["attempts"]]) == ("failed", ["failed", "failed"])
    assert VISIBLE_FAILURE in (failed_dir / "prompt.txt").read_text()
    assert not (failed_dir / "attempt-2").exists()
    group = group_of(out)
    assert group["pass_at_1_by_attempt"] == {"1": 0.5, "2": 0.5}
    # What a crash between the attempts leaves: the run not graded (its run.json says so), its first attempt aside.
    pending = {**failed, "stage": "isolated", "attempts": failed["attempts"][:1]}
    (failed_dir / "run.json").write_text(json.dumps(pending))
    kept = (passed_dir / "run.json").read_bytes()
    capsys.readouterr()
    assert bench_run(tmp_path, suite, "never", "--attempts", "2", "--resume", tasks=("fix-add", "calib-hello"))[0] == 0
    assert "1 already done" in capsys.readouterr().err
    assert (passed_dir / "run.json").read_bytes() == kept
    again, _ = run_of(out)
    assert [a["outcome"] for a in again["attempts"]] == ["failed", "failed"] and again["stage"] == "graded"
    # A graded record with no `attempts` is one attempt's, never combined: not finished either.
    (passed_dir / "run.json").write_text(json.dumps({k: v for k, v in passed.items() if k != "attempts"}))
    assert bench_run(tmp_path, suite, "never", "--attempts", "2", "--resume", tasks=("fix-add", "calib-hello"))[0] == 0
    assert "1 already done" in capsys.readouterr().err
    assert len(run_of(out, "calib-hello")[0]["attempts"]) == 1
    assert bench_run(tmp_path, suite, "never", "--resume", tasks=("fix-add", "calib-hello"))[0] == 2
    assert "--resume: this bundle was run with options" in capsys.readouterr().err


def test_a_flag_of_the_first_attempt_stays_on_the_run_after_a_clean_second(tmp_path, suite, model):
    """A first attempt that rewrites the visible test (flag tests_modified; grading lays it back, so it fails) and a
    second that puts it back and fixes the code (a clean change that passes): the run passes, and keeps the flag,
    its detail naming the attempt that raised it."""
    rc, out = bench_run(tmp_path, suite, "hostile-first", "--attempts", "2")
    assert rc == 0
    record, _ = run_of(out)
    assert record["outcome"] == "passed"
    assert "tests_modified" in record["attempts"][0]["flags"] and "tests_modified" not in record["attempts"][1]["flags"]
    assert "tests_modified" in record["flags"]
    assert all(d.startswith("attempt 1: ") for d in record["flag_details"]["tests_modified"])


def test_a_single_attempt_is_recorded_as_before_and_compare_and_the_leaderboard_tell_attempts_apart(
        tmp_path, suite, model, capsys):
    """Without --attempts (1): one attempt even when the visible tests fail, and nothing of attempts anywhere (the
    options, the record, the summary's group and task rows, the run's directory). `compare` against the same run
    made with --attempts 2 states the difference in how the runs were made; promoted, the two are ranked in
    tables of their own."""
    rc, base = bench_run(tmp_path, suite, "fix-second", out="one")
    assert rc == 0
    record, run_dir = run_of(base)
    assert record["outcome"] == "failed" and "attempts" not in record and "attempts" not in record["options"]
    assert sorted(p.name for p in run_dir.iterdir()) == sorted(ATTEMPT_FILES | {"run.json"})
    assert (run_dir / "prompt.txt").read_text() == "Please fix calc.py.\n"
    summary = json.loads((base / "summary.json").read_text())
    assert not {"attempts", "pass_at_1_by_attempt", "pass_at_1_by_attempt_ci"} & set(summary["groups"][0])
    assert "solved_by" not in summary["tasks"][0]
    assert "by attempt" not in (base / "report.md").read_text()
    assert bench_run(tmp_path, suite, "fix-second", "--attempts", "2", out="two")[0] == 0
    capsys.readouterr()
    assert cli.main(["compare", "--base", str(base), "--other", str(tmp_path / "two"), "--json"]) == 0
    comparison = json.loads(capsys.readouterr().out)
    assert [(d["setting"], d["base"], d["other"]) for d in comparison["differences"]] == [("attempts", [1], [2])]
    assert cli.main(["compare", "--base", str(base), "--other", str(tmp_path / "two")]) == 0
    assert "attempts per run (--attempts): base 1 · other 2" in capsys.readouterr().out
    # The leaderboard: the entry keeps pass@1 by attempt, and ranks it apart from the single attempt's.
    board = tmp_path / "board"
    for name, bundle in (("one", base), ("two", tmp_path / "two")):
        assert cli.main(["promote", str(bundle), "--name", name, "--leaderboard", str(board)]) == 0
    entry = json.loads((board / "entries" / "two.json").read_text())["groups"][0]
    assert (entry["attempts"], entry["pass_at_1_by_attempt"]) == (2, {"1": 0.0, "2": 1.0})
    assert "attempts" not in json.loads((board / "entries" / "one.json").read_text())["groups"][0]
    assert cli.main(["publish", str(board)]) == 0
    index = (board / "site" / "index.html").read_text()
    assert index.count('<h2 id="set-') == 2 and "Each run was allowed 2 attempts" in index
    assert 'id="by-attempt"' in (board / "site" / "entries" / "two.html").read_text()


@pytest.mark.parametrize("value", ["0", "4"])
def test_attempts_out_of_range_is_one_line_and_nothing_is_written(tmp_path, suite, value, capsys):
    assert bench_run(tmp_path, suite, "first", "--attempts", value)[0] == 2
    err = capsys.readouterr().err.strip()
    assert err == f"error: --attempts: must be 1 (the default) to 3 (got {value}); 2 is Aider's second try"
    assert not (tmp_path / "out").exists()


def test_the_visible_output_a_next_attempt_sees_is_cut_to_its_head_and_tail(tmp_path):
    """oracle.visible_output: over 8 KiB the log's head and tail are kept with the cut between; the grading copy's
    path reads `.`; a phase that ran nothing gives its reason."""
    run_dir = tmp_path / "run"
    run_dir.mkdir()
    copy = f"{temp_root()}/{oracle.GRADING_PREFIX}ab_12/oracle/word-count"
    log = f"$ pytest\n{copy}/test_x.py:3: in test\n" + "x" * 20000 + "\nFAILED test_x.py::test - boom\n[exit 1]\n"
    (run_dir / "oracle.log").write_text(log)
    record = {"paths": {"run_dir": str(run_dir)}, "oracle": {"commands": [{"command": "pytest"}]},
              "task": {"repo": {"type": "fixture", "path": "fixtures/word-count"}}}
    text = oracle.visible_output(record)
    assert text.startswith("$ pytest\n./test_x.py:3: in test\n") and text.endswith("FAILED test_x.py::test - boom\n"
                                                                                    "[exit 1]\n")
    assert f"[... {len(log.encode()) - oracle.FEEDBACK_BYTES} bytes of the output cut ...]" in text
    assert len(text.encode()) < oracle.FEEDBACK_BYTES + 100
    unapplied = {"paths": {"run_dir": str(run_dir)}, "oracle": {"commands": [], "error": "the change does not apply"}}
    assert oracle.visible_output(unapplied) == "the change does not apply"
