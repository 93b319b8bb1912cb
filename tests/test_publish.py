"""publish: the leaderboard site from every entry: ranking with intervals, the matrix, entry pages."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import promote, publish, score
from bench.common.records import write_json_atomic
from bench.common.synthetic import synthetic_runs

REPO = Path(__file__).resolve().parent.parent


def _board(tmp_path: Path) -> Path:
    board = tmp_path / "board"
    strong = score.score(synthetic_runs(60, seed=1, groups=2, reps=2, run_id="strong"))
    weak = score.score(synthetic_runs(30, seed=9, groups=1, reps=2, run_id="weak"))
    for name, summary in (("strong", strong), ("weak", weak)):
        write_json_atomic(board / "entries" / f"{name}.json", promote.promote(summary, name, date="2025-02-01"))
    return board


def test_site_ranks_groups_and_links_entry_pages(tmp_path):
    board = _board(tmp_path)
    entries = publish.load_entries(board)
    ranked = publish.ranking(entries)
    rates = [g["pass_at_1"] for _, g in ranked]
    assert rates == sorted(rates, reverse=True) and len(ranked) == 3
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


def test_entries_at_other_task_versions_are_marked(tmp_path):
    board = _board(tmp_path)
    path = board / "entries" / "weak.json"
    entry = json.loads(path.read_text())
    first = sorted(entry["task_digests"])[0]
    entry["task_digests"][first] = "sha256:" + "f" * 64
    path.write_text(json.dumps(entry))
    write_json_atomic(board / "entries" / "strong2.json", {**json.loads((board / "entries" / "strong.json").read_text()),
                                                           "name": "strong2"})
    index = publish.leaderboard_html(publish.load_entries(board))
    assert "different task versions" in index and "≠" in index


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


def test_an_empty_leaderboard_still_builds(tmp_path):
    (tmp_path / "entries").mkdir()
    assert publish.main([str(tmp_path)]) == 0
    assert "No entries yet" in (tmp_path / "site" / "index.html").read_text()
