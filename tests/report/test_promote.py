"""promote: a small, schema-valid leaderboard entry with no logs, prompts or absolute paths; incomplete or
unscored runs refused unless --allow-incomplete (and then marked); synthetic figures named."""
from __future__ import annotations

import copy
import hashlib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bench import cli, score
from bench.common import schema
from bench.common.errors import UserError
from bench.common.records import write_json_atomic
from bench.report import promote
from tools.synthetic import synthetic_runs

REPO = Path(__file__).resolve().parents[2]
_TEMPLATE = synthetic_runs(1, seed=0, groups=1, reps=1)[0]


def digest(task_id: str, version: str = "") -> str:
    """A task digest made up for the tests: one per (task, version)."""
    return "sha256:" + hashlib.sha256(f"{task_id}{version}".encode()).hexdigest()


def run(task_id: str, rep: int = 0, *, passed: bool = True, infra: bool = False, stage: str = "graded",
        agent: str = "aider", model: str = "m", run_id: str = "r1", version: str = "", synthetic: bool = False) -> dict:
    """One run record built by hand: a visible oracle that passed or failed, no held-out tests; `infra` books
    it an infrastructure error (not scored); a `stage` other than graded is a run that did not finish."""
    record = copy.deepcopy(_TEMPLATE)
    task = dict(record["task"], id=task_id, category="bugfix", heldout=None, digest=digest(task_id, version))
    graded = {"passed": passed, "error": None, "commands": [
        {"command": "python -m pytest -q", "exit_code": 0 if passed else 1, "duration_s": 0.1, "timed_out": False,
         "timeout_s": 60}]}
    record.update(run_id=run_id, task_id=task_id, task_digest=task["digest"], rep=rep, stage=stage, task=task,
                  oracle=None if infra or stage != "graded" else graded, heldout=None, flags=[],
                  outcome="infra_error" if infra else "passed" if passed else "failed", success=passed and not infra,
                  model={"id": model})
    record["agent"].update(name=agent, timed_out=False, wall_s=2.0, tokens_in=1000, tokens_out=100, turns=4,
                           tool_calls=5, failed_tool_calls=1, agent_error=None,
                           infra_error="model server unreachable" if infra else None,
                           extra={"synthetic": True} if synthetic else {})
    return record


def grid(run_id: str, cells: list[tuple[str, int]], agent: str = "aider", model: str = "m") -> dict:
    """The run-config.json of a run that planned `cells` ((task id, repetition) pairs)."""
    return {"run_id": run_id, "agent": agent, "model": model, "grid": [list(c) for c in cells]}


@pytest.fixture(scope="module")
def summary() -> dict:
    """Two groups, repetitions, every outcome; records point at absolute run directories."""
    return score.score(synthetic_runs(120, seed=2, groups=2, reps=3))


def test_entry_is_schema_valid_and_carries_what_a_ranking_needs(summary):
    entry = promote.promote(summary, "synthetic-a", date="2025-01-31")
    schema.check(entry, "leaderboard-entry")
    assert entry["name"] == "synthetic-a" and entry["date"] == "2025-01-31"
    assert entry["task_digests"] == summary["task_digests"]
    assert entry["complete"] is True and entry["incomplete_reasons"] == [] and entry["synthetic"] is False
    for group, source in zip(entry["groups"], summary["groups"], strict=True):
        assert group["pass_at_1"] == source["pass_at_1"] and group["pass_at_1_ci"] == source["pass_at_1_ci"]
        assert group["pass_at_k"] == source["pass_at_k"] and group["overfit"] == source["overfit"]
        for key in ("pass_at_1_strict", "pass_at_1_strict_ci", "left_out", "n_grid_tasks", "n_grid_runs", "complete",
                    "synthetic"):
            assert group[key] == source[key], key
        assert group["model_info"] and all("id" in m for m in group["model_info"])
        assert len(group["tasks"]) == source["n_tasks"] + source["n_tasks_unscored"]
        assert group["ungraded_tasks"] == [] and set(group["task_digests"]) == {t["task_id"] for t in group["tasks"]}
        assert sum(t["heldout_confirmed"] for t in group["tasks"]) == source["heldout_confirmed"]
    task = entry["groups"][0]["tasks"][0]
    assert set(task) >= {"task_id", "n", "c", "pass_at_1", "outcomes", "heldout_confirmed", "task_digest", "n_grid",
                         "pass_at_1_strict"}


def test_strict_and_scored_rates_and_what_is_left_out_worked_by_hand():
    # Task a: 2 of 2 passed. Task b: rep 0 passed, rep 1 an infrastructure error (not scored).
    # Scored: a 2/2, b 1/1 -> pass@1 (1 + 1) / 2 = 1.0. Strict: a 2/2, b 1/2 -> (1 + 0.5) / 2 = 0.75.
    summary = score.score([run("a", 0), run("a", 1), run("b", 0), run("b", 1, infra=True)])
    entry = promote.promote(summary, "by-hand", date="2025-01-31")
    schema.check(entry, "leaderboard-entry")
    (g,) = entry["groups"]
    assert g["pass_at_1"] == 1.0 and g["pass_at_1_strict"] == 0.75
    assert g["left_out"] == {"infra_error": 1, "incomplete": 0, "missing": 0, "total": 1}
    assert (g["n_grid_tasks"], g["n_grid_runs"], g["complete"]) == (2, 4, True)
    b = next(t for t in g["tasks"] if t["task_id"] == "b")
    assert (b["n"], b["c"], b["n_grid"], b["pass_at_1_strict"], b["task_digest"]) == (1, 1, 2, 0.5, digest("b"))
    assert entry["complete"] is True and entry["n_tasks"] == 2


def _interrupted() -> dict:
    # Planned: task a, 3 repetitions. Rep 0 passed, rep 1 was interrupted, rep 2 never ran (no run.json).
    records = [run("a", 0), run("a", 1, stage="interrupted")]
    return score.score(records, [grid("r1", [("a", 0), ("a", 1), ("a", 2)])])


def test_an_incomplete_run_is_refused_in_one_line_naming_the_run_and_the_flag(tmp_path, capsys):
    write_json_atomic(tmp_path / "run" / "summary.json", _interrupted())
    board = tmp_path / "board"
    assert promote.main([str(tmp_path / "run"), "--name", "cut", "--leaderboard", str(board)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and err.startswith(f"error: {tmp_path / 'run'}: not promoted")
    assert "--allow-incomplete" in err and "2 of 3 planned run(s) not graded (1 unfinished, 1 missing)" in err
    assert not (board / "entries" / "cut.json").exists()
    with pytest.raises(UserError, match="--allow-incomplete"):
        promote.promote(_interrupted(), "cut")


def test_allow_incomplete_promotes_and_marks_the_entry(tmp_path, capsys):
    write_json_atomic(tmp_path / "run" / "summary.json", _interrupted())
    board = tmp_path / "board"
    assert promote.main([str(tmp_path / "run"), "--name", "cut", "--leaderboard", str(board),
                         "--allow-incomplete"]) == 0
    assert json.loads(capsys.readouterr().out)["complete"] is False
    entry = json.loads((board / "entries" / "cut.json").read_text())
    schema.check(entry, "leaderboard-entry")
    assert entry["complete"] is False and entry["incomplete_reasons"] == [
        "aider x m: 2 of 3 planned run(s) not graded (1 unfinished, 1 missing)"]
    (g,) = entry["groups"]
    # Scored: the one graded run passed -> 1.0. Strict: 1 pass over the 3 planned runs -> 1/3.
    assert g["pass_at_1"] == 1.0 and g["pass_at_1_strict"] == pytest.approx(1 / 3) and g["complete"] is False
    assert g["left_out"] == {"infra_error": 0, "incomplete": 1, "missing": 1, "total": 2} and g["n_grid_runs"] == 3
    (a,) = g["tasks"]
    assert (a["n"], a["n_runs"], a["n_grid"], a["unfinished"], a["missing"]) == (1, 1, 3, 1, 1)


def test_a_run_with_no_scored_run_is_refused_and_can_be_forced(tmp_path, capsys):
    summary = score.score([run("a", 0, infra=True), run("b", 0, infra=True)])
    assert summary["groups"][0]["pass_at_1"] is None and summary["groups"][0]["complete"] is True
    write_json_atomic(tmp_path / "run" / "summary.json", summary)
    board = tmp_path / "board"
    assert promote.main([str(tmp_path / "run"), "--name", "down", "--leaderboard", str(board)]) == 2
    err = capsys.readouterr().err
    assert "aider x m: no run was scored (pass@1 n/a)" in err and "--allow-incomplete" in err
    assert promote.main([str(tmp_path / "run"), "--name", "down", "--leaderboard", str(board),
                         "--allow-incomplete"]) == 0
    entry = json.loads((board / "entries" / "down.json").read_text())
    (g,) = entry["groups"]
    assert entry["complete"] is False and g["pass_at_1"] is None and g["pass_at_1_ci"] is None
    assert g["pass_at_1_strict"] == 0.0 and g["left_out"]["infra_error"] == 2


def test_synthetic_figures_are_named_in_the_entry():
    mock = promote.promote(score.score([run("a", 0, agent="mock", model="none", synthetic=True)]), "mock")
    real = promote.promote(score.score([run("a", 0)]), "real")
    assert mock["synthetic"] is True and real["synthetic"] is False
    (g,) = mock["groups"]
    assert g["synthetic"] is True
    # The run reports tokens in/out, turns, tool calls and failed ones (invented); per run and per turn derive
    # from them. tokens_reasoning and tokens_cache_read are null in the record: no figure to mark.
    assert g["synthetic_figures"] == ["costs.tokens_in", "costs.tokens_out", "costs.turns", "costs.tool_calls",
                                      "costs.failed_tool_calls", "costs.tokens_in_per_run", "latency.per_turn_s"]
    assert real["groups"][0]["synthetic"] is False and real["groups"][0]["synthetic_figures"] == []


def test_entries_from_before_the_synthetic_field_are_inferred_from_the_agent():
    old_mock = {"agent": "mock", "costs": {"tokens_in": 5, "tokens_out": None}, "latency": {"per_turn_s": None}}
    assert promote.group_synthetic(old_mock) == (True, ["costs.tokens_in"], True)
    assert promote.group_synthetic({"agent": "aider", "costs": {"tokens_in": 5}, "latency": {}}) == (False, [], True)
    group = {"agent": "mock", "synthetic": False, "costs": {}, "latency": {}}
    assert promote.group_synthetic(group) == (False, [], False)


def test_entry_has_no_logs_prompts_argv_or_absolute_paths(summary):
    text = json.dumps(promote.promote(summary, "synthetic-a"))
    assert "run_dir" not in text and "prompt" not in text and "argv" not in text and "runs" not in json.loads(text)
    assert not re.search(r'"(/|[A-Za-z]:\\\\)', text), "no string starts with an absolute path"
    assert "/nonexistent" not in text
    assert len(text) < len(json.dumps(summary)) / 5, "an entry is small next to its summary"


def test_scrub_cuts_absolute_paths_but_keeps_urls_and_model_names():
    assert promote.scrub("/usr/bin/python3 -m x") == "python3 -m x"
    assert promote.scrub('my-agent --cfg=/home/me/c.toml "$(cat /tmp/p)"') == 'my-agent --cfg=c.toml "$(cat p)"'
    assert promote.scrub("http://127.0.0.1:8080/v1") == "http://127.0.0.1:8080/v1"
    assert promote.scrub({"m": ["ollama/qwen3:8b", r"C:\Users\me\a.exe"]}) == {"m": ["ollama/qwen3:8b", "a.exe"]}


def test_main_writes_the_entry_and_refuses_to_overwrite(summary, tmp_path, capsys):
    write_json_atomic(tmp_path / "run" / "summary.json", summary)
    board = tmp_path / "board"
    assert cli.main(["promote", str(tmp_path / "run"), "--name", "first", "--leaderboard", str(board)]) == 0
    out = json.loads(capsys.readouterr().out)
    path = board / "entries" / "first.json"
    assert Path(out["entry"]) == path.resolve()
    schema.check(json.loads(path.read_text()), "leaderboard-entry")
    assert promote.main([str(tmp_path / "run"), "--name", "first", "--leaderboard", str(board)]) == 2
    assert "exists; choose another --name or pass --force" in capsys.readouterr().err
    assert promote.main([str(tmp_path / "run"), "--name", "first", "--leaderboard", str(board), "--force"]) == 0
    assert promote.main([str(tmp_path / "run"), "--name", "Bad Name", "--leaderboard", str(board)]) == 2
    assert "--name 'Bad Name'" in capsys.readouterr().err
    assert promote.main([str(tmp_path / "run"), "--name", "x", "--date", "31/01/2025",
                         "--leaderboard", str(board)]) == 2
    assert "use YYYY-MM-DD" in capsys.readouterr().err
    with pytest.raises(UserError):
        promote.promote(summary, "../escape")


def test_the_cli_refuses_an_incomplete_run_without_a_traceback(tmp_path):
    write_json_atomic(tmp_path / "run" / "summary.json", _interrupted())
    argv = [sys.executable, "-m", "bench", "promote", str(tmp_path / "run"), "--name", "cut",
            "--leaderboard", str(tmp_path / "board")]
    refused = subprocess.run(argv, cwd=REPO, capture_output=True, text=True, timeout=120)
    assert refused.returncode == 2 and refused.stdout == ""
    assert len(refused.stderr.strip().splitlines()) == 1 and "Traceback" not in refused.stderr
    assert "not promoted" in refused.stderr and "--allow-incomplete" in refused.stderr
    forced = subprocess.run(argv + ["--allow-incomplete"], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert forced.returncode == 0, forced.stderr
    assert json.loads(forced.stdout)["complete"] is False and "marked incomplete" in forced.stderr


def test_an_entry_carries_each_language_and_its_page_shows_them(tmp_path, capsys):
    """promote keeps the group's per-language rates and each task's language; publish shows a "Per language"
    table (rate, interval, tasks) on the entry's page."""
    runs = []
    for task_id, language, passed in (("g1", "go", True), ("g2", "go", False), ("r1", "rust", True)):
        record = run(task_id, passed=passed)
        record["task"]["language"] = language
        runs.append(record)
    results = tmp_path / "results"
    write_json_atomic(results / "summary.json", score.score(runs))
    board = tmp_path / "board"
    assert cli.main(["promote", str(results), "--name", "langs", "--leaderboard", str(board)]) == 0
    entry = schema.check(json.loads((board / "entries" / "langs.json").read_text()), "leaderboard-entry")
    (group,) = entry["groups"]
    assert {k: (v["n_tasks"], v["pass_at_1"]) for k, v in group["languages"].items()} == {
        "go": (2, 0.5), "rust": (1, 1.0)}
    assert {t["task_id"]: t["language"] for t in group["tasks"]} == {"g1": "go", "g2": "go", "r1": "rust"}
    assert cli.main(["publish", str(board), "--out", str(tmp_path / "site")]) == 0
    page = (tmp_path / "site" / "entries" / "langs.html").read_text()
    assert "<h2>Per language</h2>" in page and 'id="languages"' in page and "· 2 tasks" in page


def test_the_site_command_promote_suggests_builds_the_board_it_wrote_to(summary, tmp_path, capsys):
    """`promote --leaderboard DIR` named `nox -s site`, which builds the checkout's leaderboard/, not DIR: the hint
    names DIR, and the command it prints, typed as printed, builds DIR's site with the entry."""
    import shlex
    write_json_atomic(tmp_path / "run" / "summary.json", summary)
    board = tmp_path / "my board"
    assert cli.main(["promote", str(tmp_path / "run"), "--name", "mine", "--leaderboard", str(board)]) == 0
    hint = re.search(r"build the site with `([^`]+)`", capsys.readouterr().err).group(1)
    argv = shlex.split(hint)
    assert argv[:2] == ["localagentbench", "publish"], hint
    assert cli.main(argv[1:]) == 0
    assert "mine" in (board / "site" / "index.html").read_text()
    assert promote.site_command(REPO / "leaderboard") == "nox -s site"
