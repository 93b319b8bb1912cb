"""promote: a small, schema-valid leaderboard entry with no logs, prompts or absolute paths."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bench import cli, promote, score
from bench.common import schema
from bench.common.errors import UserError
from bench.common.records import write_json_atomic
from bench.common.synthetic import synthetic_runs


@pytest.fixture(scope="module")
def summary() -> dict:
    """Two groups, repetitions, every outcome; records point at absolute run directories."""
    return score.score(synthetic_runs(120, seed=2, groups=2, reps=3))


def test_entry_is_schema_valid_and_carries_what_a_ranking_needs(summary):
    entry = promote.promote(summary, "synthetic-a", date="2025-01-31")
    schema.check(entry, "leaderboard-entry")
    assert entry["name"] == "synthetic-a" and entry["date"] == "2025-01-31"
    assert entry["task_digests"] == summary["task_digests"]
    for group, source in zip(entry["groups"], summary["groups"]):
        assert group["pass_at_1"] == source["pass_at_1"] and group["pass_at_1_ci"] == source["pass_at_1_ci"]
        assert group["pass_at_k"] == source["pass_at_k"] and group["overfit"] == source["overfit"]
        assert group["model_info"] and all("id" in m for m in group["model_info"])
        assert len(group["tasks"]) == source["n_tasks"] + source["n_tasks_unscored"]
    task = entry["groups"][0]["tasks"][0]
    assert set(task) >= {"task_id", "n", "c", "pass_at_1", "outcomes", "heldout_confirmed"}


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
    assert promote.main([str(tmp_path / "run"), "--name", "x", "--date", "31/01/2025", "--leaderboard", str(board)]) == 2
    assert "use YYYY-MM-DD" in capsys.readouterr().err
    with pytest.raises(UserError):
        promote.promote(summary, "../escape")
