"""prefs: the template of pairs (passed runs, same task, two configurations, links, shuffled sides, cells a
spreadsheet cannot run), a filled file's hostile inputs as one line each, Bradley-Terry checked against values
derived apart (the two-player closed form, a hand-rolled MM fit), unbounded and disconnected cases, the
preference recorded on the runs and shown by report, promote and publish."""
from __future__ import annotations

import csv
import io
import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from bench import cli, score
from bench.common import schema
from bench.common.stats import bradley_terry, connected_groups, dominance_order
from bench.report import prefs, promote, publish

REPO = Path(__file__).resolve().parents[2]
TASKS = ("t1", "t2", "t3", "t4")


def record(root: Path, task: str, rep: int, ok: bool, agent: str, model: str, run_id: str) -> dict:
    run_dir = root / "runs" / task / str(rep)
    run_dir.mkdir(parents=True)
    (run_dir / "patch.diff").write_text(f"--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-old\n+{agent}\n")
    rec = {
        "schema": "localagentbench/run@1", "run_id": run_id, "task_id": task, "task_digest": "sha256:" + "0" * 64,
        "rep": rep, "stage": "graded", "harness_version": "test",
        "task": {"id": task, "category": "bugfix", "difficulty": "easy", "heldout": None, "prompt": "p"},
        "paths": {"run_dir": str(run_dir)},
        "agent": {"name": agent, "version": "1", "argv": [], "exit_code": 0, "timed_out": False, "wall_s": 1.0,
                  "tokens_in": 10, "tokens_out": 10, "tokens_reasoning": None, "tokens_cache_read": None,
                  "turns": None, "tool_calls": None, "failed_tool_calls": None},
        "model": {"id": model},
        "oracle": {"passed": ok, "commands": [{"command": "t", "exit_code": 0 if ok else 1, "duration_s": 0.1,
                                               "timed_out": False}]},
        "heldout": None, "outcome": "passed" if ok else "failed", "success": ok, "flags": [],
        "sandbox": {"kind": "none"},
    }
    schema.check(rec, "run")
    (run_dir / "run.json").write_text(json.dumps(rec))
    return rec


def results(root: Path, agent: str, model: str, run_id: str, passed: dict[str, list[bool]]) -> Path:
    """A results directory as `run` leaves it: runs/<task>/<rep>/run.json (+ patch.diff) and summary.json."""
    runs = [record(root, t, rep, ok, agent, model, run_id) for t, oks in passed.items() for rep, ok in enumerate(oks)]
    (root / "summary.json").write_text(json.dumps(score.score(runs)))
    return root


@pytest.fixture
def two(tmp_path: Path) -> tuple[Path, Path]:
    """Two result sets: a:m passes t1 t2 t3 (t1 on its second try), b:m passes t1 t2 t4."""
    r1 = results(tmp_path / "r one", "a", "m", "run1", {"t1": [False, True], "t2": [True], "t3": [True], "t4": [False]})
    r2 = results(tmp_path / "r2", "b", "m", "run2", {"t1": [True], "t2": [True], "t3": [False], "t4": [True]})
    return r1, r2


def rows_of(path: Path) -> list[dict]:
    return list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"), newline="")))


def write_rows(path: Path, rows: list[dict], header=None, **kw) -> Path:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=header or list(rows[0]), lineterminator=kw.get("eol", "\r\n"))
    writer.writeheader()
    writer.writerows(rows)
    path.write_text(kw.get("bom", "") + buffer.getvalue(), encoding="utf-8", newline="")
    return path


def template(two, tmp_path: Path, capsys, seed: int = 7, out: str = "pairs.csv") -> Path:
    r1, r2 = two
    path = tmp_path / out
    assert cli.main(["prefs", "template", "--results", str(r1), "--results", str(r2), "--out", str(path),
                     "--seed", str(seed)]) == 0
    capsys.readouterr()
    return path


# ---------------------------------------------------------------- template

def test_template_pairs_passed_runs_of_the_same_task_with_links_and_a_recorded_seed(two, tmp_path, capsys):
    r1, r2 = two
    out = tmp_path / "pairs.csv"
    assert cli.main(["prefs", "template", "--results", str(r1), "--results", str(r2), "--out", str(out),
                     "--seed", "7"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["pairs"] == 2 and printed["seed"] == 7 and printed["players"] == ["a:m", "b:m"]
    rows = rows_of(out)
    assert list(rows[0]) == list(prefs.COLUMNS)
    assert sorted(r["task_id"] for r in rows) == ["t1", "t2"]  # t3, t4: passed by one side only
    for row in rows:
        assert {row["a_config"], row["b_config"]} == {"a:m", "b:m"}
        assert row["seed"] == "7" and row["preferred"] == row["rater"] == row["note"] == ""
        for side in "ab":
            ref = row[f"{side}_run"]
            run_id, task, rep = ref.split("/")
            root = r1 if row[f"{side}_config"] == "a:m" else r2
            # a:m failed t1 on its first try: its pair uses the passed second repetition
            assert rep == ("1" if (task, row[f"{side}_config"]) == ("t1", "a:m") else "0")
            assert (out.parent / row[f"{side}_patch"]).resolve() == (root / "runs" / task / rep / "patch.diff")
            page = (out.parent / row[f"{side}_page"]).resolve()
            assert page.parent == (root / "site" / "runs").resolve() and page.name.startswith(f"{task}-{rep}-")
        assert row["pair"] == prefs.pair_id(row["task_id"], row["a_run"], row["b_run"])


def test_the_page_links_are_the_pages_report_writes(two, tmp_path, capsys):
    r1, r2 = two
    out = template(two, tmp_path, capsys)
    for root in (r1, r2):
        assert cli.main(["report", "--results", str(root)]) == 0
    capsys.readouterr()
    for row in rows_of(out):
        for side in "ab":
            assert (out.parent / row[f"{side}_page"]).is_file(), row[f"{side}_page"]


def test_sides_are_shuffled_by_the_seed_and_the_same_seed_gives_the_same_file(tmp_path, capsys):
    tasks = {f"t{i}": [True] for i in range(40)}
    r1 = results(tmp_path / "r1", "a", "m", "run1", tasks)
    r2 = results(tmp_path / "r2", "b", "m", "run2", tasks)
    texts = []
    for seed, name in ((3, "x.csv"), (3, "y.csv"), (4, "z.csv")):
        assert cli.main(["prefs", "template", "--results", str(r1), "--results", str(r2),
                         "--out", str(tmp_path / name), "--seed", str(seed)]) == 0
        texts.append((tmp_path / name).read_text())
    capsys.readouterr()
    assert texts[0] == texts[1] and texts[0] != texts[2]
    on_a = sum(row["a_config"] == "a:m" for row in rows_of(tmp_path / "x.csv"))
    assert 8 <= on_a <= 32  # both orders occur (40 fair coin flips)


def test_cells_that_would_start_a_formula_are_written_as_text_and_read_back(tmp_path, capsys):
    r1 = results(tmp_path / "r1", "a", "m", "=cmd|' /C calc'!A0", {"t1": [True]})
    r2 = results(tmp_path / "r2", "b", "@SUM(1)", "+run2", {"t1": [True]})
    out = tmp_path / "pairs.csv"
    assert cli.main(["prefs", "template", "--results", str(r1), "--results", str(r2), "--out", str(out),
                     "--seed", "1"]) == 0
    capsys.readouterr()
    cells = [c for row in csv.reader(io.StringIO(out.read_text(), newline="")) for c in row]
    assert not [c for c in cells if c.startswith(("=", "+", "-", "@"))]
    assert any(c.startswith("'=cmd") for c in cells) and any(c.startswith("'+run2") for c in cells)
    row = rows_of(out)[0]
    write_rows(out, [{**row, "preferred": "A", "rater": "-r"}])  # a rater cell kept as typed: "-r" is data
    assert cli.main(["prefs", "rank", "--results", str(r1), "--results", str(r2), "--prefs", str(out)]) == 0
    ranked = json.loads(capsys.readouterr().out)
    assert ranked["n_comparisons"] == 1 and ranked["raters"] == ["-r"]


def test_template_refusals_are_one_line(two, tmp_path, capsys):
    r1, r2 = two
    out = tmp_path / "filled.csv"
    out.write_text("ratings a person made\n")
    assert cli.main(["prefs", "template", "--results", str(r1), "--results", str(r2), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "exists" in err and "--force" in err and out.read_text() == "ratings a person made\n"
    assert cli.main(["prefs", "template", "--results", str(r1), "--results", str(r2), "--out", str(tmp_path)]) == 2
    assert "is a directory; --out names the CSV file" in capsys.readouterr().err
    assert cli.main(["prefs", "template", "--results", str(r1), "--out", str(tmp_path / "x.csv")]) == 2
    assert "only one configuration" in capsys.readouterr().err
    assert cli.main(["prefs", "template", "--results", str(r1), "--results", str(r1),
                     "--out", str(tmp_path / "y.csv")]) == 2
    assert "pass each results directory once" in capsys.readouterr().err
    none = results(tmp_path / "none", "c", "m", "run3", {"t3": [False]})
    assert cli.main(["prefs", "template", "--results", str(r1), "--results", str(none),
                     "--out", str(tmp_path / "z.csv")]) == 2
    assert "no pair to rate" in capsys.readouterr().err
    assert cli.main(["prefs", "template", "--results", str(tmp_path / "nowhere"),
                     "--out", str(tmp_path / "w.csv")]) == 2
    err = capsys.readouterr().err
    assert "nowhere" in err and "Traceback" not in err
    assert not any((tmp_path / n).exists() for n in ("x.csv", "y.csv", "z.csv", "w.csv"))


def test_same_agent_and_model_in_two_result_sets_are_two_players(tmp_path, capsys):
    r1 = results(tmp_path / "r1", "a", "m", "v1", {"t1": [True]})
    r2 = results(tmp_path / "r2", "a", "m", "v2", {"t1": [True]})
    out = tmp_path / "p.csv"
    assert cli.main(["prefs", "template", "--results", str(r1), "--results", str(r2), "--out", str(out),
                     "--seed", "0"]) == 0
    assert json.loads(capsys.readouterr().out)["players"] == ["a:m (v1)", "a:m (v2)"]


# ---------------------------------------------------------------- rank: the statistics

def mm_fit(n: int, games: list[tuple[int, int, float]], iters: int = 20000) -> list[float]:
    """Hunter's (2004) MM iteration for Bradley-Terry with ties as half wins: an implementation apart from the
    Newton fit under test."""
    wins = [0.0] * n
    pairs: dict[tuple[int, int], int] = {}
    for i, j, s in games:
        wins[i] += s
        wins[j] += 1 - s
        pairs[(min(i, j), max(i, j))] = pairs.get((min(i, j), max(i, j)), 0) + 1
    gamma = [1.0] * n
    for _ in range(iters):
        new = []
        for i in range(n):
            denom = sum(c / (gamma[i] + gamma[j if i == k else k]) for (k, j), c in pairs.items() if i in (k, j))
            new.append(wins[i] / denom)
        mean = sum(math.log(g) for g in new) / n
        gamma = [g / math.exp(mean) for g in new]
    return [math.log(g) for g in gamma]


def test_two_players_match_the_closed_form_with_ties_as_half_wins():
    games = [(0, 1, 1.0)] * 5 + [(0, 1, 0.0)] * 2 + [(0, 1, 0.5)] * 2  # A: 5 wins, 2 losses, 2 ties
    theta = bradley_terry(2, games)
    p = 1 / (1 + math.exp(theta[1] - theta[0]))
    assert p == pytest.approx((5 + 1) / 9, abs=1e-9)  # wins + half the ties over all comparisons
    assert theta[0] + theta[1] == pytest.approx(0, abs=1e-12)


def test_three_players_match_a_separate_mm_fit():
    games = [(0, 1, 1.0), (0, 1, 1.0), (0, 1, 0.0), (1, 2, 1.0), (1, 2, 0.5), (2, 0, 1.0), (0, 2, 1.0),
             (0, 2, 1.0), (1, 2, 0.0), (2, 1, 0.0)]
    theta = bradley_terry(3, games)
    assert theta == pytest.approx(mm_fit(3, games), abs=1e-7)
    # the likelihood equations: each player's expected score equals its actual score
    for i in range(3):
        actual = sum(s if a == i else 1 - s for a, b, s in games if i in (a, b))
        expected = sum(1 / (1 + math.exp(theta[b if a == i else a] - theta[i])) for a, b, _ in games if i in (a, b))
        assert expected == pytest.approx(actual, abs=1e-8)


def test_a_player_that_always_wins_has_no_finite_estimate():
    games = [(0, 1, 1.0)] * 3
    assert bradley_terry(2, games) is None and dominance_order(2, games) == [[0], [1]]
    ranking = prefs.rank_comparisons([{"a_config": "x", "b_config": "y", "score_a": 1.0}] * 3)
    (group,) = ranking["groups"]
    assert group["status"] == "unbounded" and group["order"] == [["x"], ["y"]]
    assert all(r["score"] is None and r["ci"] is None for r in group["ranking"])
    assert "inf" not in json.dumps(ranking).lower() and "{x} > {y}" in group["why"]
    # a tie both ways joins them: a finite estimate again
    assert bradley_terry(2, [*games, (0, 1, 0.5)]) is not None


def test_players_never_compared_are_named_as_groups_apart():
    comparisons = [{"a_config": "a", "b_config": "b", "score_a": s} for s in (1.0, 0.0, 1.0)]
    comparisons += [{"a_config": "c", "b_config": "d", "score_a": s} for s in (0.0, 0.5)]
    ranking = prefs.rank_comparisons(comparisons, resamples=200)
    assert [g["players"] for g in ranking["groups"]] == [["a", "b"], ["c", "d"]]
    assert ranking["not_comparable"].endswith("{a, b} | {c, d}")
    assert connected_groups(4, [(0, 1, 1.0), (2, 3, 0.5)]) == [[0, 1], [2, 3]]
    first = ranking["groups"][0]["ranking"]
    assert [r["player"] for r in first] == ["a", "b"]
    assert first[0]["score"] - first[1]["score"] == pytest.approx(math.log(2), abs=1e-6)  # 2 wins to 1


def test_bootstrap_intervals_are_seeded_and_hold_the_estimate():
    comparisons = [{"a_config": "a", "b_config": "b", "score_a": 1.0}] * 14 + \
                  [{"a_config": "a", "b_config": "b", "score_a": 0.0}] * 6
    one, again = prefs.rank_comparisons(comparisons, seed=5), prefs.rank_comparisons(comparisons, seed=5)
    assert one == again and one != prefs.rank_comparisons(comparisons, seed=6)
    for r in one["groups"][0]["ranking"]:
        assert r["ci"][0] < r["score"] < r["ci"][1]
    # the log-odds 2*score has the binomial's spread: a percentile interval near the Wald one for p = 0.7, n = 20
    top = one["groups"][0]["ranking"][0]
    wald = 1.96 * math.sqrt(1 / (20 * 0.7 * 0.3)) / 2
    assert top["ci"][1] - top["ci"][0] == pytest.approx(2 * wald, rel=0.35)


# ---------------------------------------------------------------- rank: the command, recorded on the runs

def fill(path: Path, choices: dict[str, str], rater: str = "ann") -> Path:
    rows = rows_of(path)
    for row in rows:
        row["preferred"] = choices.get(row["task_id"], "")
        row["rater"] = rater if row["preferred"] else ""
    return write_rows(path, rows)


def test_rank_records_the_preference_on_the_runs_and_report_promote_publish_show_it(two, tmp_path, capsys):
    r1, r2 = two
    path = template(two, tmp_path, capsys)
    by_task = {row["task_id"]: row for row in rows_of(path)}
    # a:m preferred on both rated tasks, whichever side it was shown on
    fill(path, {t: "A" if by_task[t]["a_config"] == "a:m" else "B" for t in ("t1", "t2")})
    assert cli.main(["prefs", "rank", "--results", str(r1), "--results", str(r2), "--prefs", str(path)]) == 0
    out = capsys.readouterr()
    ranking = json.loads(out.out)
    # two wins of a:m and nothing else: no finite estimate, said so rather than printed as infinity
    assert ranking["groups"][0]["status"] == "unbounded" and "warning: no finite estimate: {a:m} > {b:m}" in out.err
    run_json = json.loads((r1 / "runs" / "t1" / "1" / "run.json").read_text())
    pref = schema.check(run_json, "run")["human_preference"]
    assert pref["source"] == "pairs.csv" and len(pref["comparisons"]) == 1
    (c,) = pref["comparisons"]
    assert c["result"] == "win" and c["config"] == "a:m" and c["opponent_config"] == "b:m" and c["rater"] == "ann"
    assert "human_preference" not in json.loads((r1 / "runs" / "t1" / "0" / "run.json").read_text())  # failed run
    summary = json.loads((r2 / "summary.json").read_text())
    lost = [r for r in summary["runs"] if r.get("human_preference")]
    assert sorted(r["task_id"] for r in lost) == ["t1", "t2"]
    assert {c["result"] for r in lost for c in r["human_preference"]["comparisons"]} == {"loss"}

    # one more rated row, a tie: now a finite ranking, and the report of either side shows it
    rows = rows_of(path)
    t2 = next(r for r in rows if r["task_id"] == "t2")
    rows.append({**t2, "preferred": "tie", "rater": "bob"})
    write_rows(path, rows)
    assert cli.main(["prefs", "rank", "--results", str(r1), "--results", str(r2), "--prefs", str(path)]) == 0
    ranking = json.loads(capsys.readouterr().out)
    (group,) = ranking["groups"]
    assert group["status"] == "ok" and [r["player"] for r in group["ranking"]] == ["a:m", "b:m"]
    top = group["ranking"][0]
    # a:m scored 2.5 of 3: P = 5/6, so the two scores differ by log(5)
    assert top["score"] - group["ranking"][1]["score"] == pytest.approx(math.log(5), abs=1e-6)
    assert cli.main(["report", "--results", str(r2)]) == 0
    capsys.readouterr()
    md = (r2 / "report.md").read_text()
    assert "## Human preference" in md and "| 1 | a:m | +0.80 |" in md and "3 rated pair(s)" in md
    index = (r2 / "site" / "index.html").read_text()
    assert 'id="preference"' in index and "a:m" in index and "Bradley-Terry" in index

    board = tmp_path / "board"
    assert cli.main(["promote", str(r2), "--name", "b-m", "--leaderboard", str(board)]) == 0
    entry = json.loads((board / "entries" / "b-m.json").read_text())
    assert entry["human_preference"]["groups"][0]["ranking"][0]["player"] == "a:m"
    assert cli.main(["publish", str(board), "--out", str(board / "site")]) == 0
    capsys.readouterr()
    assert 'id="preference"' in (board / "site" / "entries" / "b-m.html").read_text()


def test_a_summary_without_preferences_renders_and_promotes_as_before(two):
    summary = json.loads((two[0] / "summary.json").read_text())
    assert prefs.ranking_of_runs(summary["runs"]) is None
    assert "human_preference" not in promote.promote(summary, "x")
    assert "Human preference" not in publish.entry_html(schema.check(promote.promote(summary, "x"),
                                                                     "leaderboard-entry"))


def test_dry_run_writes_nothing(two, tmp_path, capsys):
    r1, r2 = two
    path = fill(template(two, tmp_path, capsys), {"t1": "tie"})
    before = (r1 / "summary.json").read_text()
    assert cli.main(["prefs", "rank", "--results", str(r1), "--results", str(r2), "--prefs", str(path),
                     "--dry-run"]) == 0
    assert json.loads(capsys.readouterr().out)["written"] == []
    assert (r1 / "summary.json").read_text() == before


# ---------------------------------------------------------------- rank: a filled file is untrusted

def hostile(rows: list[dict]) -> list[tuple[str, object, list[str]]]:
    """(name, the file's text or rows, what the one-line error must name)."""
    r = rows[0]
    head = ",".join(prefs.COLUMNS)
    return [
        ("value", [{**r, "preferred": "AA"}], ["row 2, column preferred", "'AA' is not A, B or tie"]),
        ("unknown run", [{**r, "preferred": "A", "a_run": "nope/t1/0"}], ["row 2, column a_run", "not in the given"]),
        ("edited config", [{**r, "preferred": "A", "a_config": "c:m"}], ["row 2, column a_config", "do not edit"]),
        ("edited pair", [{**r, "preferred": "A", "pair": "p-000000000000"}], ["row 2, column pair"]),
        ("duplicate", [{**r, "preferred": "A"}, {**r, "preferred": "B"}],
         ["row 3, column rater", "rated twice", "row 2"]),
        ("headers", "pair;a_run;b_run;preferred\nx;y;z;A\n", ["row 1", "missing", "header"]),
        ("doubled header", head + ",preferred\n", ["row 1", "preferred appear twice"]),
        ("not utf-8", b"pair,a_run,b_run,preferred\n\xff\xfe,x,y,A\n", ["not UTF-8", "CSV UTF-8"]),
        ("bad quoting", head + '\n"unterminated,x\n', ["row 2", "not CSV"]),
        ("long note", [{**r, "preferred": "A", "note": "n" * 5000}], ["row 2, column note", "at most 2,000"]),
        ("empty", "", ["row 1", "missing"]),
        ("nothing rated", [r], ["no rated row", "1 row(s)"]),
    ]


@pytest.mark.parametrize("case", range(12))
def test_hostile_filled_files_are_one_line_errors(two, tmp_path, capsys, case):
    r1, r2 = two
    path = template(two, tmp_path, capsys)
    name, content, expected = hostile(rows_of(path))[case]
    if isinstance(content, list):
        write_rows(path, content)
    else:
        path.write_bytes(content if isinstance(content, bytes) else content.encode())
    before = (r1 / "summary.json").read_text()
    assert cli.main(["prefs", "rank", "--results", str(r1), "--results", str(r2), "--prefs", str(path)]) == 2, name
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(path) in err and "Traceback" not in err, (name, err)
    for part in expected:
        assert part in err, (name, err)
    assert (r1 / "summary.json").read_text() == before


def test_bom_crlf_lowercase_blank_rows_and_extra_columns_are_read(two, tmp_path, capsys):
    r1, r2 = two
    path = template(two, tmp_path, capsys)
    rows = rows_of(path)
    rows = [{**rows[0], "preferred": " a ", "extra": "spreadsheet column"}, {k: "" for k in rows[0]} | {"extra": ""},
            {**rows[1], "preferred": "TIE", "extra": ""}]
    write_rows(path, rows, bom="\ufeff")
    assert b"\r\n" in path.read_bytes() and path.read_bytes().startswith(b"\xef\xbb\xbf")
    assert cli.main(["prefs", "rank", "--results", str(r1), "--results", str(r2), "--prefs", str(path),
                     "--dry-run"]) == 0
    assert json.loads(capsys.readouterr().out)["n_comparisons"] == 2


def test_a_huge_file_is_refused_before_it_is_read(two, tmp_path, capsys, monkeypatch):
    r1, r2 = two
    path = template(two, tmp_path, capsys)
    monkeypatch.setattr(prefs, "MAX_FILE_BYTES", 100)
    assert cli.main(["prefs", "rank", "--results", str(r1), "--results", str(r2), "--prefs", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}: {path.stat().st_size:,} bytes, at most 100; split the file" in err


def test_a_symlink_where_a_run_json_goes_is_refused_before_anything_is_written(two, tmp_path, capsys):
    r1, r2 = two
    path = fill(template(two, tmp_path, capsys), {"t1": "A"})
    target = r2 / "runs" / "t1" / "0" / "run.json"
    elsewhere = tmp_path / "elsewhere.json"
    elsewhere.write_text(target.read_text())
    target.unlink()
    target.symlink_to(elsewhere)
    before = (r1 / "summary.json").read_text()
    assert cli.main(["prefs", "rank", "--results", str(r1), "--results", str(r2), "--prefs", str(path)]) == 2
    err = capsys.readouterr().err
    assert "symbolic link" in err and "Traceback" not in err
    assert (r1 / "summary.json").read_text() == before and "human_preference" not in elsewhere.read_text()


def test_prefs_through_a_real_process(two, tmp_path):
    r1, r2 = two
    out = tmp_path / "pairs.csv"
    run = subprocess.run([sys.executable, "-m", "bench", "prefs", "template", "--results", str(r1),
                          "--results", str(r2), "--out", str(out), "--seed", "2"],
                         cwd=REPO, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["pairs"] == 2 and "fill `preferred`" in run.stderr
    write_rows(out, [{**rows_of(out)[0], "preferred": "maybe"}])
    run = subprocess.run([sys.executable, "-m", "bench", "prefs", "rank", "--results", str(r1), "--results", str(r2),
                          "--prefs", str(out)], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.startswith("error: ") and run.stderr.count("\n") == 1 and "column preferred" in run.stderr


def test_no_interval_when_many_resamples_have_no_finite_estimate():
    # 4 wins to 1: a resample of the 5 rows holds no loss with probability 0.8^5 = 33%, far past the 2.5% tail
    comparisons = [{"a_config": "a", "b_config": "b", "score_a": 1.0}] * 4 + \
                  [{"a_config": "a", "b_config": "b", "score_a": 0.0}]
    ranking = prefs.rank_comparisons(comparisons, resamples=400)
    (group,) = ranking["groups"]
    assert group["status"] == "ok" and all(r["ci"] is None for r in group["ranking"])
    assert 0.2 * 400 < group["resamples_without_estimate"] < 0.46 * 400
    assert group["ranking"][0]["score"] == pytest.approx(math.log(4) / 2)
    assert "resample(s) had no finite estimate" in "\n".join(prefs.preference_markdown(ranking))


def test_a_record_naming_too_many_configurations_is_not_ranked_and_says_so():
    comparisons = [{"a_config": f"c{i}", "b_config": f"c{i + 1}", "score_a": 0.5} for i in range(prefs.MAX_PLAYERS)]
    ranking = prefs.rank_comparisons(comparisons)
    assert ranking["groups"] == [] and "more than 30 are not ranked" in ranking["not_comparable"]
    assert "more than 30" in prefs.preference_html(ranking)
