"""publish: the leaderboard site from every entry: one ranked table per task set (strict pass@1, the task
count, pass@1 over scored runs and what it leaves out), the matrix, entry pages, incomplete and synthetic
marks, and version warnings only for real digest differences."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from test_promote import grid, run

from bench import score
from bench.common.records import write_json_atomic
from bench.report import promote, publish
from tools.synthetic import synthetic_runs

REPO = Path(__file__).resolve().parents[2]
TASKS = [f"t{i:02d}" for i in range(22)]
SYNTH_MARK = 'aria-label="synthetic">†</sup>'  # the mark after a figure the agent invented
SYNTH_LEGEND = 'class="syn-note'


def _board(tmp_path: Path) -> Path:
    board = tmp_path / "board"
    strong = score.score(synthetic_runs(60, seed=1, groups=2, reps=2, run_id="strong"))
    weak = score.score(synthetic_runs(30, seed=9, groups=1, reps=2, run_id="weak"))
    for name, summary in (("strong", strong), ("weak", weak)):
        write_json_atomic(board / "entries" / f"{name}.json", promote.promote(summary, name, date="2025-02-01"))
    return board


def _add(board: Path, name: str, summary: dict, date: str, allow_incomplete: bool = False) -> dict:
    entry = promote.promote(summary, name, date=date, allow_incomplete=allow_incomplete)
    write_json_atomic(board / "entries" / f"{name}.json", entry)
    return entry


def _table(html: str, id_: str) -> str:
    found = re.search(rf'<table id="{id_}"[^>]*>(.*?)</table>', html, re.S)
    assert found, id_
    return found.group(1)


def _names(table_html: str) -> list[str]:
    """The entry names in a ranking table, in row order."""
    return re.findall(r'<tr><td class=num>[^<]*</td><td class=nw><a href="entries/([^"]+)\.html"', table_html)


@pytest.fixture()
def mixed_board(tmp_path: Path) -> Path:
    """Four entries by hand: the full 22-task suite (11 of 22 passed), the same suite with every second
    repetition missing (22 of 22 graded runs passed), the suite interrupted after its first task, and a
    run of that one task alone (passed)."""
    board = tmp_path / "board"
    # full: one run per task, t00..t10 passed -> pass@1 = strict = 11/22 = 0.5, nothing left out.
    _add(board, "full", score.score([run(t, passed=i < 11, run_id="full") for i, t in enumerate(TASKS)]), "2025-03-02")
    # half: 2 repetitions planned, rep 0 of every task passed, rep 1 missing -> pass@1 over scored runs 1.0,
    # strict = mean over tasks of 1/2 = 0.5, 22 of 44 runs left out (missing). Same tasks, same digests as
    # full: ranked in full's table; equal strict pass@1, more left out -> below full.
    half = score.score([run(t, run_id="half") for t in TASKS], [grid("half", [(t, r) for t in TASKS for r in (0, 1)])])
    _add(board, "half", half, "2025-03-02", allow_incomplete=True)
    # cut: 22 tasks planned, only t00 graded (passed), the rest missing -> strict 1/22; 21 tasks never graded,
    # so their versions are unknown: a table of its own.
    cut = score.score([run("t00", run_id="cut")], [grid("cut", [(t, 0) for t in TASKS])])
    _add(board, "cut", cut, "2025-03-01", allow_incomplete=True)
    # one: t00 alone, passed -> 100%; one task is not the suite: its own (smallest, last) table.
    _add(board, "one", score.score([run("t00", run_id="one")]), "2025-03-03")
    return board


def test_only_groups_over_the_same_task_set_are_ranked_together(mixed_board):
    entries = publish.load_entries(mixed_board)
    sets = publish.task_sets(entries)
    # Largest set first; the two 22-task sets by their newest entry (full/half 2025-03-02 > cut 2025-03-01).
    assert [len(s["task_ids"]) for s in sets] == [22, 22, 1]
    assert [[e["name"] for e, _ in s["rows"]] for s in sets] == [["full", "half"], ["cut"], ["one"]]
    assert sets[1]["ungraded"] == TASKS[1:] and sets[0]["ungraded"] == []
    assert publish.version_conflicts(sets) == [], "different sets, no task at two digests"
    index = publish.leaderboard_html(entries)
    first, second, third = _table(index, "ranking"), _table(index, "ranking-2"), _table(index, "ranking-3")
    assert _names(first) == ["full", "half"] and _names(second) == ["cut"] and _names(third) == ["one"]
    assert "different task versions" not in index.lower()
    # Every table shows the task count and both rates; full: strict 50.0% (= scored); half: strict 50.0%,
    # scored 100.0%, 22 of 44 runs left out, marked incomplete.
    full_row, half_row = first.split("<tr><td class=num>")[1:]
    assert "<td class=num>22</td>" in full_row and "<b>50.0%</b>" in full_row and "0 of 22" in full_row
    assert "<b>50.0%</b>" in half_row and "100.0%" in half_row and "22 of 44" in half_row and "22 missing" in half_row
    assert ">incomplete</span>" in half_row and ">incomplete</span>" not in full_row
    assert "<td class=num>22</td>" in second and "<b>4.5%</b>" in second  # 1/22 = 4.5%
    assert "<td class=num>1</td>" in third and "<b>100.0%</b>" in third
    assert '<h2 id="set-' in index and "22 tasks" in index and "1 task " in index
    assert "promoted with --allow-incomplete" in index, "the incomplete mark has its legend line"


def test_ties_are_broken_by_runs_left_out_then_date_then_name():
    def row(name, date, strict, left):
        return ({"name": name, "date": date},
                {"agent": "a", "model": "m", "pass_at_1_strict": strict, "left_out": {"total": left},
                 "infra_errors": 0})
    rows = [row("b", "2025-01-01", 0.5, 0), row("a", "2025-01-01", 0.5, 0), row("c", "2025-01-02", 0.5, 0),
            row("d", "2025-01-09", 0.5, 3), row("e", "2025-01-01", 0.9, 9), row("old", "2025-01-09", None, 0)]
    assert [e["name"] for e, _ in publish.rank(rows)] == ["e", "c", "a", "b", "d", "old"]
    assert [e["name"] for e, _ in publish.rank(list(reversed(rows)))] == ["e", "c", "a", "b", "d", "old"]


def test_the_versions_warning_only_for_the_same_tasks_at_different_digests(tmp_path):
    board = tmp_path / "board"
    _add(board, "v1", score.score([run("a", run_id="v1"), run("b", run_id="v1")]), "2025-03-02")
    _add(board, "same", score.score([run("a", run_id="s"), run("b", run_id="s", passed=False)]), "2025-03-02")
    _add(board, "subset", score.score([run("a", run_id="sub")]), "2025-03-01")
    _add(board, "other", score.score([run("a", run_id="o", version="2"), run("c", run_id="o")]), "2025-02-01")
    index = publish.leaderboard_html(publish.load_entries(board))
    # {a, b} twice at the same digests; {a}; {a at version 2, c}: three different task sets, no task set twice.
    assert "different task versions" not in index.lower(), "other task sets are not other versions"
    _add(board, "v2", score.score([run("a", run_id="v2"), run("b", run_id="v2", version="2")]), "2025-03-01")
    sets = publish.task_sets(publish.load_entries(board))
    # Two tasks before one; among the 2-task sets the newest entry first (03-02, 03-01, 02-01).
    assert [[e["name"] for e, _ in s["rows"]] for s in sets] == [["v1", "same"], ["v2"], ["other"], ["subset"]]
    conflicts = publish.version_conflicts(sets)
    assert [(a["rows"][0][0]["name"], b["rows"][0][0]["name"], tasks)
            for a, b, tasks in conflicts] == [("v1", "v2", ["b"])]
    index = publish.leaderboard_html(publish.load_entries(board))
    assert index.count("Different task versions") == 1
    assert "2 task(s), but 1 of them ran at different digests (b)" in index


def test_synthetic_figures_are_marked_and_measured_ones_are_not(tmp_path):
    synthetic, measured = tmp_path / "synthetic", tmp_path / "measured"
    _add(synthetic, "mock", score.score([run("a", agent="mock", model="none", synthetic=True)]), "2025-03-01")
    _add(measured, "real", score.score([run("a")]), "2025-03-01")
    publish.publish(publish.load_entries(synthetic), synthetic / "site")
    publish.publish(publish.load_entries(measured), measured / "site")
    index = (synthetic / "site" / "index.html").read_text()
    page = (synthetic / "site" / "entries" / "mock.html").read_text()
    # Marked: tokens in per run on the index (1,000 in one run); tokens in (1,000), out (100), tool calls (5)
    # and failed ones (1) on the entry page.
    assert index.count(SYNTH_MARK) == 1 and "1,000.0<sup" in index
    assert page.count(SYNTH_MARK) == 4 and all(f"{n}<sup" in page for n in ("1,000", "100", "5", "(1"))
    for html in (index, page):
        assert html.count(SYNTH_LEGEND) == 1 and "tokens and tool calls of mock × none" in html, "the legend line"
    assert "synthetic figures" in page and "costs.tokens_in, costs.tokens_out" in page
    for html in ((measured / "site" / "index.html").read_text(),
                 (measured / "site" / "entries" / "real.html").read_text()):
        assert SYNTH_MARK not in html and SYNTH_LEGEND not in html and "1,000" in html


def test_entries_from_before_the_new_fields_still_load(tmp_path):
    """An entry written before strict pass@1, completeness and synthetic were recorded: still valid; a mock
    group is marked synthetic (inferred from the agent: only the built-in mock invents figures), another
    group is not; neither can be ranked by strict pass@1, so both show unranked with a note."""
    board = tmp_path / "board"
    for name, agent in (("old-mock", "mock"), ("old-aider", "aider")):
        entry = promote.promote(score.score([run("a", agent=agent, run_id=name)]), name, date="2025-01-01")
        for key in ("complete", "incomplete_reasons", "synthetic"):
            del entry[key]
        for g in entry["groups"]:
            for key in ("pass_at_1_strict", "pass_at_1_strict_ci", "n_grid_tasks", "n_grid_runs", "left_out",
                        "complete", "synthetic", "synthetic_figures", "task_digests", "ungraded_tasks"):
                del g[key]
            for t in g["tasks"]:
                for key in ("task_digest", "n_runs", "n_grid", "pass_at_1_strict"):
                    del t[key]
        write_json_atomic(board / "entries" / f"{name}.json", entry)
    entries = publish.load_entries(board)
    (only,) = publish.task_sets(entries)
    assert sorted(e["name"] for e, _ in only["rows"]) == ["old-aider", "old-mock"]
    index = publish.leaderboard_html(entries)
    rows = _table(index, "ranking").split("<tr><td class=num>")[1:]
    assert all(r.startswith("–</td>") for r in rows), "unranked"
    mock_row = next(r for r in rows if "old-mock" in r)
    aider_row = next(r for r in rows if "old-aider" in r)
    assert SYNTH_MARK in mock_row and SYNTH_MARK not in aider_row
    assert "inferred from the agent" in index and "promoted before entries recorded strict pass@1" in index


def test_site_builds_with_links_assets_and_entry_pages(tmp_path):
    board = _board(tmp_path)
    entries = publish.load_entries(board)
    paths = publish.publish(entries, board / "site")
    index = Path(paths["site"]).read_text()
    assert 'id="rank-chart"' in index and 'id="ranking"' in index and 'id="matrix"' in index
    assert 'href="entries/strong.html"' in index and 'href="entries/weak.html"' in index
    assert 'class="paged"' in index, "the matrix paginates"
    assert (board / "site" / "assets" / "style.css").is_file() and (board / "site" / ".nojekyll").is_file()
    page = (board / "site" / "entries" / "strong.html").read_text()
    assert 'id="pass-chart"' in page and 'id="matrix"' in page and "Provenance" in page
    assert 'href="../assets/style.css"' in page
    for html in (index, page):
        assert "https://" not in html and "http://" not in html.replace("http://www.w3.org", "")
    for s in publish.task_sets(entries):
        rates = [g["pass_at_1_strict"] for _, g in s["rows"]]
        assert rates == sorted(rates, reverse=True)


def test_publish_from_the_command_line(mixed_board, tmp_path):
    result = subprocess.run([sys.executable, "-m", "bench", "publish", str(mixed_board),
                             "--out", str(tmp_path / "site")],
                            cwd=REPO, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["entries"] == "4"
    index = (tmp_path / "site" / "index.html").read_text()
    assert _names(_table(index, "ranking")) == ["full", "half"]
    assert (tmp_path / "site" / "entries" / "half.html").read_text().count("Incomplete.") == 1


def test_main_errors_are_one_line(tmp_path, capsys):
    assert publish.main([str(tmp_path / "none")]) == 2
    assert "promote a run first" in capsys.readouterr().err
    (tmp_path / "b" / "entries").mkdir(parents=True)
    (tmp_path / "b" / "entries" / "x.json").write_text("{")
    assert publish.main([str(tmp_path / "b")]) == 2
    assert "x.json: line 1: not valid JSON" in capsys.readouterr().err
    (tmp_path / "b" / "entries" / "x.json").write_text(json.dumps({"schema": "localagentbench/leaderboard-entry@1"}))
    assert publish.main([str(tmp_path / "b")]) == 2
    err = capsys.readouterr().err.strip()
    assert "leaderboard-entry.schema.json" in err and len(err.splitlines()) == 1


@pytest.mark.skipif(not (REPO / "leaderboard" / "entries").is_dir(), reason="no committed leaderboard entries")
def test_committed_entries_build(tmp_path, capsys):
    assert publish.main([str(REPO / "leaderboard"), "--out", str(tmp_path / "site")]) == 0
    assert json.loads(capsys.readouterr().out)["entries"] != "0"
    for path in (REPO / "leaderboard" / "entries").glob("*.json"):
        entry = json.loads(path.read_text())
        assert {"complete", "synthetic"} <= set(entry), f"{path.name}: promote it again with this harness"
        assert all("pass_at_1_strict" in g for g in entry["groups"]), path.name


def test_an_empty_leaderboard_still_builds(tmp_path):
    (tmp_path / "entries").mkdir()
    assert publish.main([str(tmp_path)]) == 0
    assert "No entries yet" in (tmp_path / "site" / "index.html").read_text()


def _served(records: list[dict], window: int | None, quantization: str) -> list[dict]:
    for r in records:
        r["model"]["serving"] = {"server": "ollama", "context_window": window, "context_source": "--num-ctx",
                                 "quantization": quantization, "parameter_count": "8B", "family": "qwen3",
                                 "digest": "abc"}
    return records


def test_the_leaderboard_says_when_groups_ranked_together_were_served_differently(tmp_path):
    board = tmp_path / "board"
    _add(board, "wide", score.score(_served([run(t, run_id="wide") for t in TASKS], 32768, "Q4_K_M")), "2025-03-02")
    _add(board, "narrow", score.score(_served([run(t, run_id="narrow", passed=t < "t05") for t in TASKS], 2048,
                                              "Q4_K_M")), "2025-03-02")
    entries = publish.load_entries(board)
    assert [g["serving"]["context_window"] for e in entries for g in e["groups"]] in ([[32768], [2048]],
                                                                                        [[2048], [32768]])
    index = publish.leaderboard_html(entries)
    assert "Served differently: context window." in index and "(wide): 32768" in index and "(narrow): 2048" in index
    assert "Served differently: quantization" not in index   # the facts that agree are not listed
    # entries from before the facts were recorded say nothing either way
    _add(board, "old", score.score([run(t, run_id="old") for t in TASKS]), "2025-03-01")
    again = publish.leaderboard_html(publish.load_entries(board))
    assert again.count("Served differently") == 1
