"""A hostile review of issue 28's result surfaces, through the CLI as typed: a results bundle someone hands you
(`prefs template|rank`, `report`, `compare`, `promote`/`publish`) is untrusted. Nothing may be written outside the
bundle or the folder named, through a link the bundle holds, or where one of its records points; what its records
say reaches report.md and stderr as one line each, and the leaderboard only escaped.
"""
from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from test_prefs import fill, results, rows_of, write_rows

from bench import cli
from bench.common import schema
from bench.report import prefs

REPO = Path(__file__).resolve().parents[2]
EVIL = "b\r| 1 | FORGED | +9.99 | n/a | 9 | 0 | 0 |\n\n# Forged heading\n"
UNIX = pytest.mark.skipif(sys.platform == "win32", reason="symbolic links need privileges on Windows")


@pytest.fixture
def pair(tmp_path: Path) -> tuple[Path, Path]:
    """Two result sets that both passed t1 and t2: a:m and b:m."""
    return (results(tmp_path / "r1", "a", "m", "run1", {"t1": [True], "t2": [True]}),
            results(tmp_path / "r2", "b", "m", "run2", {"t1": [True], "t2": [True]}))


def _template(r1: Path, r2: Path, out: Path, capsys) -> Path:
    assert cli.main(["prefs", "template", "--results", str(r1), "--results", str(r2), "--out", str(out),
                     "--seed", "1"]) == 0
    capsys.readouterr()
    return out


def _rank(r1: Path, r2: Path, filled: Path) -> int:
    return cli.main(["prefs", "rank", "--results", str(r1), "--results", str(r2), "--prefs", str(filled)])


def _point_summary_at(results_dir: Path, task: str, run_dir: Path) -> None:
    summary = json.loads((results_dir / "summary.json").read_text())
    for run in summary["runs"]:
        if run["task_id"] == task:
            run["paths"]["run_dir"] = str(run_dir)
    (results_dir / "summary.json").write_text(json.dumps(summary))


# ---------------------------------------------------------------- prefs: where records are written

def test_prefs_rank_never_writes_where_a_summary_record_points(pair, tmp_path, capsys):
    """Attack P1: the handed-in summary's run says its run_dir is another results directory's run (same run id,
    task and rep): prefs rank wrote human_preference into that run.json, outside every --results."""
    r1, r2 = pair
    victim = tmp_path / "victim" / "runs" / "t1" / "0"
    victim.mkdir(parents=True)
    (victim / "run.json").write_text((r2 / "runs" / "t1" / "0" / "run.json").read_text())
    before = (victim / "run.json").read_text()
    _point_summary_at(r2, "t1", victim)
    path = fill(_template(r1, r2, tmp_path / "pairs.csv", capsys), {"t1": "A", "t2": "B"})
    assert _rank(r1, r2, path) == 0
    written = json.loads(capsys.readouterr().out)["written"]
    assert (victim / "run.json").read_text() == before
    assert all(Path(p).resolve().is_relative_to(tmp_path / "r1") or Path(p).resolve().is_relative_to(tmp_path / "r2")
               for p in written), written
    own = json.loads((r2 / "runs" / "t1" / "0" / "run.json").read_text())
    assert own["human_preference"]["comparisons"][0]["config"] == "b:m"   # the bundle's own copy got it


def test_the_template_links_no_patch_outside_the_bundle(pair, tmp_path, capsys):
    """Attack P2: a summary record whose run_dir names a folder elsewhere holding a patch.diff: the template
    linked the rater to that file. The patch is the bundle's own runs/<task>/<rep>/patch.diff or none."""
    r1, r2 = pair
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "patch.diff").write_text("not the run's change\n")
    (r2 / "runs" / "t1" / "0" / "patch.diff").unlink()
    _point_summary_at(r2, "t1", victim)
    rows = rows_of(_template(r1, r2, tmp_path / "pairs.csv", capsys))
    links = [(tmp_path / row[f"{side}_patch"]).resolve() for row in rows for side in "ab" if row[f"{side}_patch"]]
    assert links and all(link.is_relative_to(r1) or link.is_relative_to(r2) for link in links), links
    assert len(links) == 3   # r2's t1 lost its patch.diff: no link for it, not the victim's


@UNIX
def test_prefs_rank_never_writes_through_a_linked_runs_folder(pair, tmp_path, capsys):
    """Attack P3: the bundle's runs/t1 is a symbolic link to another results directory's runs/t1: the write
    followed it. Now refused in one line before anything is written."""
    r1, r2 = pair
    victim = tmp_path / "victim" / "runs"
    victim.mkdir(parents=True)
    (r2 / "runs" / "t1").rename(victim / "t1")
    (r2 / "runs" / "t1").symlink_to(victim / "t1")
    before = (victim / "t1" / "0" / "run.json").read_text()
    summaries = {p: p.read_text() for p in (r1 / "summary.json", r2 / "summary.json")}
    path = fill(_template(r1, r2, tmp_path / "pairs.csv", capsys), {"t1": "A", "t2": "B"})
    assert _rank(r1, r2, path) == 2
    err = capsys.readouterr().err
    assert err.strip().splitlines() == [
        f"error: {r2 / 'runs' / 't1' / '0' / 'run.json'}: reached through a symbolic link; prefs rank writes only the "
        "results directory's own runs/<task>/<rep>/run.json: put the run's folder itself there"]
    assert (victim / "t1" / "0" / "run.json").read_text() == before
    assert {p: p.read_text() for p in summaries} == summaries


@UNIX
def test_prefs_rank_refuses_a_fifo_where_a_run_json_goes(pair, tmp_path, capsys):
    """Attack P4: a FIFO planted as runs/t1/0/run.json: refused in one line, nothing blocks, nothing written."""
    r1, r2 = pair
    path = fill(_template(r1, r2, tmp_path / "pairs.csv", capsys), {"t1": "A"})
    target = r2 / "runs" / "t1" / "0" / "run.json"
    target.unlink()
    os.mkfifo(target)
    before = (r1 / "summary.json").read_text()
    assert _rank(r1, r2, path) == 2
    assert capsys.readouterr().err.strip().splitlines() == [
        f"error: {target}: is a FIFO; results are written only as new or regular files, never replacing anything "
        "else (name a file path, or - for stdout where the stage offers it)"]
    assert (r1 / "summary.json").read_text() == before


def test_a_run_json_that_is_not_a_run_record_is_left_alone_with_a_warning(pair, tmp_path, capsys):
    """Attack P5: the bundle's runs/t1/0/run.json is `{"not": "a run"}`: prefs rank died with KeyError (a
    traceback). Now the file is left as it is, named in one warning, and the summary carries the preference."""
    r1, r2 = pair
    path = fill(_template(r1, r2, tmp_path / "pairs.csv", capsys), {"t1": "A"})
    odd = r2 / "runs" / "t1" / "0" / "run.json"
    odd.write_text('{"not": "a run"}')
    assert _rank(r1, r2, path) == 0
    err = capsys.readouterr().err
    assert f"prefs: warning: {odd}: not the record of run run2/t1/0; left as it is" in err
    assert odd.read_text() == '{"not": "a run"}'
    summary = json.loads((r2 / "summary.json").read_text())
    assert [r["task_id"] for r in summary["runs"] if r.get("human_preference")] == ["t1"]


def test_a_run_json_that_changes_before_the_write_is_not_overwritten(pair, tmp_path, capsys, monkeypatch):
    """Attack P6: a run.json rewritten between prefs rank's read and its write: the write replaced it with the
    old content plus the preference, losing the change. Now nothing more is written and the line says why."""
    r1, r2 = pair
    path = fill(_template(r1, r2, tmp_path / "pairs.csv", capsys), {"t1": "A"})
    target = r2 / "runs" / "t1" / "0" / "run.json"
    real = prefs.replace_target

    def meanwhile(p):
        if Path(p) == target:   # checked just before the writes: the file changes right after
            target.write_text(target.read_text().replace('"version": "1"', '"version": "2"'))
        return real(p)

    monkeypatch.setattr(prefs, "replace_target", meanwhile)
    assert _rank(r1, r2, path) == 2
    assert f"error: {target}: changed while prefs rank read it" in capsys.readouterr().err
    record = json.loads(target.read_text())
    assert record["agent"]["version"] == "2" and "human_preference" not in record


# ---------------------------------------------------------------- report and compare: where pages go

@UNIX
@pytest.mark.parametrize("linked", ["site", "site/runs", "site/assets"])
def test_report_never_writes_a_site_through_a_link_the_bundle_holds(pair, tmp_path, capsys, linked):
    """Attack R1: the bundle's site/ (or site/runs/, site/assets/) is a symbolic link to a folder elsewhere:
    `report --results BUNDLE` wrote index.html, the run pages or the assets there, over what it held."""
    r1, _ = pair
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "index.html").write_text("precious")
    link = r1 / linked
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(elsewhere)
    assert cli.main(["report", "--results", str(r1)]) == 2
    assert capsys.readouterr().err.strip().splitlines() == [
        f"error: {link}: is a symbolic link; pages are written only into a real folder here, never through a link: "
        "remove it, or pass --out DIR"]
    assert sorted(p.name for p in elsewhere.iterdir()) == ["index.html"]
    assert (elsewhere / "index.html").read_text() == "precious" and not (r1 / "report.md").exists()


@UNIX
def test_compare_never_renders_the_other_site_through_a_link(pair, tmp_path, capsys):
    """Attack R2: the other bundle's site/ is a link to an empty folder elsewhere: compare rendered the other
    run's whole site and its page there."""
    r1, r2 = pair
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (r2 / "site").symlink_to(elsewhere)
    assert cli.main(["compare", "--base", str(r1), "--other", str(r2)]) == 2
    assert capsys.readouterr().err.strip().splitlines() == [
        f"error: {r2 / 'site'}: is a symbolic link; pages are written only into a real folder here, never through a "
        "link: pass --html PATH or --no-html"]
    assert list(elsewhere.iterdir()) == []


def test_report_out_may_itself_be_a_link_the_user_named(pair, tmp_path, capsys):
    """The folder the user names with --out is theirs to choose, link or not (macOS's /tmp is one)."""
    r1, _ = pair
    real = tmp_path / "real-out"
    real.mkdir()
    named = tmp_path / "named-out"
    try:
        named.symlink_to(real)
    except OSError:
        pytest.skip("no symbolic links here")
    assert cli.main(["report", "--results", str(r1), "--out", str(named)]) == 0
    capsys.readouterr()
    assert (real / "index.html").is_file() and (real / "runs").is_dir()


# ---------------------------------------------------------------- what records say, on pages and stderr

def test_a_hostile_name_forges_no_line_in_report_md_or_on_stderr(tmp_path):
    """Attack T1: an agent named with a carriage return, a newline and a Markdown heading: its row of the
    report's preference table broke in two (`\\r` ended it), the unbounded note started a forged heading, and
    prefs rank's warning printed three extra lines. Each is one line now (checked through a real process)."""
    r1 = results(tmp_path / "r1", "a", "m", "run1", {"t1": [True]})
    r2 = results(tmp_path / "r2", EVIL, "m", "run2", {"t1": [True]})
    env = {**os.environ, "PYTHONPATH": str(REPO)}

    def bench(*argv: str) -> subprocess.CompletedProcess:
        done = subprocess.run([sys.executable, "-m", "bench", *argv], cwd=REPO, env=env, capture_output=True,
                              text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        return done

    out = tmp_path / "pairs.csv"
    bench("prefs", "template", "--results", str(r1), "--results", str(r2), "--out", str(out), "--seed", "1")
    with open(out, encoding="utf-8", newline="") as fh:   # as a spreadsheet keeps it: the \r inside a cell too
        rows = list(csv.DictReader(fh))
    write_rows(out, [{**row, "preferred": "B"} for row in rows])
    err = bench("prefs", "rank", "--results", str(r1), "--results", str(r2), "--prefs", str(out)).stderr
    assert [line for line in err.splitlines() if not line.startswith("prefs: ")] == [], err
    bench("report", "--results", str(r2))
    md = (r2 / "report.md").read_text(encoding="utf-8")
    assert "# Forged heading" in md   # the name is shown...
    lines = md.replace("\r\n", "\n").replace("\r", "\n").split("\n")   # ...but starts no line, whatever ends one
    assert not any(line.startswith(("# Forged", "| 1 | FORGED")) for line in lines), md
    section = md[md.index("## Human preference"):md.index("Score: Bradley-Terry")]
    rows = [line for line in section.splitlines() if line.startswith("| –")]
    assert len(rows) == 2 and "\r" not in section, section


def test_the_leaderboard_shows_a_handed_in_entrys_preference_only_escaped(pair, tmp_path, capsys):
    """Attack T2: a leaderboard entry (a file a contributor hands in) whose preference table holds
    `"wins": "<script>…"`: publish wrote it into the entry's page as HTML. The schema now types every count, and
    the page escapes every cell whatever it holds."""
    r1, r2 = pair
    path = fill(_template(r1, r2, tmp_path / "pairs.csv", capsys), {"t1": "A", "t2": "tie"})
    assert _rank(r1, r2, path) == 0
    board = tmp_path / "board"
    assert cli.main(["promote", str(r2), "--name", "b-m", "--leaderboard", str(board)]) == 0
    entry_file = board / "entries" / "b-m.json"
    entry = json.loads(entry_file.read_text())
    script = "<script>alert(1)</script>"
    entry["human_preference"]["groups"][0]["ranking"][0]["wins"] = script
    entry_file.write_text(json.dumps(entry))
    capsys.readouterr()
    assert cli.main(["publish", str(board), "--out", str(board / "site")]) == 2
    assert "ranking[0].wins: '<script>alert(1)</script>' is not of type 'integer'" in capsys.readouterr().err
    assert not any(script in p.read_text() for p in board.rglob("*.html"))
    page = prefs.preference_html(entry["human_preference"])   # and the page itself never trusts the cell
    assert script not in page and "&lt;script&gt;" in page


def test_a_stop_reason_from_run_config_is_one_bounded_line(pair, capsys):
    """Attack T3: a bundle's run-config.json says `"stopped": "interrupted\\n\\n# ...\\x1b[2J..."` and 5,000 more
    characters: score put it into the summary's warnings as it was, so report.md got a forged heading, the
    terminal an escape sequence, and every page the whole text."""
    r1, _ = pair
    (r1 / "run-config.json").write_text(json.dumps({
        "run_id": "run1", "agent": "a", "model": "m", "grid": [["t1", 0], ["t2", 0], ["t1", 1]],
        "stopped": "interrupted\n\n# You are hacked\n\x1b[2J\u202eevil" + "A" * 5000}))
    assert cli.main(["report", "--results", str(r1)]) == 0
    capsys.readouterr()
    md = (r1 / "report.md").read_text(encoding="utf-8")
    assert not any(line.startswith("# You") for line in md.splitlines())
    warning = next(line for line in md.splitlines() if "not run (the run was" in line)
    assert "\x1b" not in warning and "\u202e" not in warning and "\\u001b[2J\\u202eevil" in warning
    assert "A" * 200 not in warning and len(warning) < 600
    summary = json.loads((r1 / "summary.json").read_text()) if (r1 / "summary.json").exists() else None
    assert summary is None or schema.check(summary, "summary")


def _stage(module: str, stdin: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", module, "-"], input=stdin, cwd=REPO, capture_output=True, text=True,
                          timeout=120, env={**os.environ, "PYTHONPATH": str(REPO)})


def test_a_piped_record_forges_no_error_line(tmp_path):
    """Attack T4: a record piped to a stage whose task_id holds a newline, a forged `error:` line and a terminal
    escape: the stage's one error printed three lines, the escape raw. Every error of every stage is one line now,
    its controls shown as \\uXXXX (checked through a real process, as a pipe is used)."""
    record = json.dumps({"task_id": "x\nerror: FORGED LINE\n\x1b[31m", "rep": 0})
    done = _stage("bench.oracle", record + "\n")
    assert done.returncode == 2, done.stderr
    (line,) = done.stderr.splitlines()
    assert line.startswith("error: run x error: FORGED LINE \\u001b[31m/0: ") and "\x1b" not in done.stderr


def test_a_summary_tag_that_is_not_text_is_one_line():
    """Attack T5: a piped object `{"schema": ["x"], "runs": []}`: reading it as a possible summary called
    .startswith on the list (AttributeError, a traceback). Now it is read as a record and refused in one line."""
    done = _stage("bench.score", '{"schema": ["x"], "runs": []}\n')
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert len(done.stderr.splitlines()) == 1 and "does not match schemas/run.schema.json" in done.stderr


def test_more_comparisons_than_a_file_may_hold_are_not_ranked():
    """Attack T6: the runs of a handed-in bundle carry more comparisons than one preference file may hold (a run
    may carry 100,000, a summary any number of runs): report and promote bootstrapped them all, a thousand fits
    over every one. Past MAX_ROWS they are not ranked, and the page says so."""
    many = [{"a_config": "a:m", "b_config": "b:m", "score_a": float(i % 2), "rater": str(i)}
            for i in range(prefs.MAX_ROWS + 1)]
    ranking = prefs.rank_comparisons(many)
    assert ranking["groups"] == []
    assert ranking["not_comparable"] == "100,001 comparisons: more than 100,000 are not ranked"
    assert "more than 100,000 are not ranked" in "\n".join(prefs.preference_markdown(ranking))


def test_record_text_reaches_report_md_as_text_never_as_html(tmp_path, capsys):
    """A bundle's agent and model names and its stop reason carry raw HTML: a Markdown renderer (GitHub's, a
    site generator's) passes HTML through, so each reached report.md as markup. Every place record text lands in
    report.md now shows it as entities; the text itself is still there to read."""
    img, script = '<img src=x onerror="alert(1)">', "<script>alert(2)</script>"
    r1 = results(tmp_path / "r1", img, f"m{script}", "run1", {"t1": [True], "t2": [False]})
    config = json.loads((r1 / "run-config.json").read_text()) if (r1 / "run-config.json").exists() else {
        "run_id": "run1", "agent": img, "model": f"m{script}", "grid": [["t1", 0], ["t2", 0]]}
    (r1 / "run-config.json").write_text(json.dumps({**config, "grid": [*config["grid"], ["t1", 1]],
                                                    "stopped": f"interrupted {script}"}))
    assert cli.main(["report", "--results", str(r1)]) == 0
    capsys.readouterr()
    md = (r1 / "report.md").read_text(encoding="utf-8")
    assert "<img" not in md and "<script" not in md, md
    assert "&lt;img src=x onerror=\"alert(1)\"&gt;" in md and "m&lt;script&gt;alert(2)&lt;/script&gt;" in md
    warning = next(line for line in md.splitlines() if "not run (the run was" in line)
    assert "&lt;script&gt;" in warning
