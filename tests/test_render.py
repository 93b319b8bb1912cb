"""render: report.md and the static site, with agent output escaped and every run linked."""
from __future__ import annotations

import html
import json
import re
import statistics
from html.parser import HTMLParser
from pathlib import Path

import pytest

from bench import cli, render, score
from bench.report.charts import interval_chart, nice_ticks
from bench.report.highlight import diff_html
from bench.report.site import COMPARISONS_BEGIN, COMPARISONS_END
from tools.synthetic import synthetic_runs


def _mock_run(suite: Path, tmp_path: Path) -> Path:
    out = tmp_path / "res"
    assert cli.main(["run", "--agent", "mock", "--tasks", str(suite / "tasks"), "--out", str(out),
                     "--repeat", "2"]) == 0
    return out


def test_report_and_site_show_every_group_task_and_run(suite, tmp_path, capsys):
    out = _mock_run(suite, tmp_path)
    capsys.readouterr()
    summary = json.loads((out / "summary.json").read_text())
    paths = render.render(summary, out)
    report = Path(paths["report"]).read_text()
    assert "| mock | none |" in report
    for task in ("fix-add", "fix-max", "calib-hello"):
        assert f"| {task} |" in report
    assert "overfit" in report
    index = Path(paths["site"]).read_text()
    assert 'id="results"' in index and 'id="matrix"' in index
    pages = sorted((out / "site" / "runs").glob("*.html"))
    assert len(pages) == len(summary["runs"]) == 6
    for run in summary["runs"]:
        assert f'runs/{render.run_page_name(run)}' in index
    for element in ('<figure class="chart interval" id="pass-chart"', 'id="latency-chart"', 'id="tokens-chart"',
                    'id="categories"', 'class="paged"', 'class="legend"', 'href="assets/style.css"'):
        assert element in index, element
    assert "pip o-passed hc" in index, "held-out confirmation is marked in the matrix"
    assert (out / "site" / "assets" / "site.js").is_file()
    fix_add = next(p for p in pages if p.name.startswith("fix-add-0-")).read_text()
    for element in ('id="timeline"', '<svg class="chart strip"', '<pre class="diff">', '<span class="l add">',
                    "Repetitions:", "Held-out tests", "Provenance", "task digest", 'href="../assets/style.css"'):
        assert element in fix_add, element
    run = next(r for r in summary["runs"] if r["task_id"] == "fix-add" and r["rep"] == 0)
    assert run["task_digest"] in fix_add and run["harness_version"] in fix_add
    for href in re.findall(r'href="(\.\./\.\./[^"]+)"', fix_add):
        assert (out / "site" / "runs" / href).resolve().is_file(), f"log link {href} resolves"


def test_agent_output_is_escaped_and_prompt_rendered(suite, tmp_path, capsys):
    out = tmp_path / "res"
    cmd = "echo '<script>alert(1)</script>'; printf '<img src=x onerror=alert(2)>\\n' > evil.txt"
    assert cli.main(["run", "--agent", "command", "--agent-cmd", cmd, "--tasks", str(suite / "tasks"),
                     "--task", "fix-add", "--out", str(out), "--report"]) == 0
    capsys.readouterr()
    page = next((out / "site" / "runs").glob("fix-add-0-*.html")).read_text()
    assert "<script>alert(1)</script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<img src=x" not in page and "&lt;img src=x" in page
    assert "<p>Please fix calc.py.</p>" in page, "the repo-authored prompt passes through Markdown"
    assert "localagentbench run --agent command --task fix-add" in page
    assert "http://" not in page.replace("http://www.w3.org", "") and "https://" not in page, "no network references"


def test_render_main_errors(tmp_path, capsys):
    assert render.main([str(tmp_path / "missing.json"), "--out", str(tmp_path)]) == 2
    assert "no such summary file" in capsys.readouterr().err


def test_calibration_failures_are_called_out(tmp_path):
    runs = synthetic_runs(40, seed=3, groups=1, reps=2)
    for r in runs:
        if r["task"]["category"] == "calib":
            r.update(outcome="failed", success=False, heldout=None)
            r["oracle"]["passed"] = False
    summary = score.score(runs)
    assert summary["groups"][0]["calib"]["broken"]
    paths = render.render(summary, tmp_path)
    index = Path(paths["site"]).read_text()
    assert '<div class="alert bad"><strong>Setup is broken.</strong>' in index
    assert "> **Setup is broken:**" in Path(paths["report"]).read_text()
    runs[0].update(outcome="passed", success=True)  # one calibration run passes: a warning, not "broken"
    runs[0]["oracle"]["passed"] = True
    notes = render.calib_notes(score.score(runs))
    assert notes and not notes[0][0] and "calibration task(s) failed" in notes[0][1]


def test_large_synthetic_site_links_every_page_and_truncates_big_logs(tmp_path):
    runs = synthetic_runs(420, seed=1, groups=3, reps=2, root=tmp_path / "bundle")
    big = Path(runs[0]["paths"]["run_dir"]) / "agent.stdout.log"
    big.write_text("<script>x</script>\n" * 10_000)  # 190 KB: more than the preview shows
    summary = score.score(runs)
    paths = render.render(summary, tmp_path / "bundle", jobs=2)  # over PARALLEL_MIN_RUNS: the worker-process path
    pages = {p.name for p in (tmp_path / "bundle" / "site" / "runs").glob("*.html")}
    assert pages == {render.run_page_name(r) for r in summary["runs"]}
    index = Path(paths["site"]).read_text()
    assert index.count('class="pip ') == 420 + 9, "one pip per run, plus the legend's (8 outcomes, the ring)"
    assert 'data-page-size="50"' in index
    page = (tmp_path / "bundle" / "site" / "runs" / render.run_page_name(runs[0])).read_text()
    assert "preview truncated" in page and "<script>x</script>" not in page
    link = re.search(r'<a href="([^"]+agent\.stdout\.log)">full file</a>', page).group(1)
    assert (tmp_path / "bundle" / "site" / "runs" / link).resolve() == big.resolve()
    assert len(page) < 150_000, "the page shows a preview, not the whole log"


def test_diff_highlighting_escapes_every_token():
    html = diff_html('diff --git a/x.py b/x.py\n--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n'
                     '-x = "<b>" # c & d\n+def f(a): return 1.5\n unchanged <img src=x>\n')
    assert ('<span class="l del">-x = <span class="s">"&lt;b&gt;"</span> '
            '<span class="c"># c &amp; d</span></span>') in html
    assert '<span class="k">def</span>' in html and '<span class="n">1.5</span>' in html
    assert "<img" not in html and "&lt;img src=x&gt;" in html
    assert diff_html("+plain text\n").count("<span") == 1, "unknown file types are not coloured"


def test_charts_place_values_in_percent_of_the_width():
    assert nice_ticks(0, 1) == [0.0, 0.25, 0.5, 0.75, 1.0]
    svg = interval_chart([{"label": "a <x>", "value": 0.5, "lo": 0.25, "hi": 0.75}], label="t")
    assert 'width="50.00%"' in svg and 'x1="25.00%" x2="75.00%"' in svg and "a &lt;x&gt;" in svg


# ---------------------------------------------------------------- every headline figure against the run records
#
# The run set below has known outcomes. The expected figures are computed here from the list itself (plain
# loops and the Wilson formula written out), never read back from the summary, and compared with what
# report.md and index.html show.

Z = 1.96
# (task, rep, outcome, task has held-out tests, tokens in, tokens out); "missing" has no record at all and
# "unfinished" a record that stopped before grading.
SPEC = [
    ("task-a", 0, "passed", True, 1000, 100),
    ("task-a", 1, "overfit", True, 2000, 200),
    ("task-b", 0, "passed", False, 3000, 300),
    ("task-b", 1, "failed", False, 4000, None),  # the agent did not report tokens out
    ("task-c", 0, "infra_error", True, None, None),
    ("task-c", 1, "passed", True, 5000, 500),
    ("task-d", 0, "missing", False, None, None),
    ("task-d", 1, "failed", False, 6000, 600),
    ("task-e", 0, "task_error", False, 7000, 700),
    ("task-e", 1, "unfinished", False, None, None),
]
GRADED = [s for s in SPEC if s[2] not in ("missing", "unfinished")]
SCORED = [s for s in GRADED if s[2] != "infra_error"]


def _wilson(p: float, n: int) -> tuple[float, float]:
    denom = 1 + Z * Z / n
    centre = (p + Z * Z / (2 * n)) / denom
    half = Z * (p * (1 - p) / n + Z * Z / (4 * n * n)) ** 0.5 / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def _p(x: float) -> str:
    return f"{100 * x:.1f}%"


def _grading(exit_code: int | None, command: str = "python -m pytest -q") -> dict:
    return {"passed": exit_code == 0, "error": None, "commands": [
        {"command": command, "exit_code": exit_code, "duration_s": 0.1, "timed_out": False, "timeout_s": 60}]}


def _record(task_id: str, rep: int, outcome: str, heldout: bool, tokens_in, tokens_out, *, agent: str = "alpha",
            model: str = "m1", root: Path = Path("/nonexistent"), synthetic: bool = False) -> dict:
    """A run record whose graded sections show `outcome` (score decides outcomes again from them)."""
    oracle = {"passed": _grading(0), "overfit": _grading(0), "failed": _grading(1), "infra_error": None,
              "task_error": _grading(5), "unfinished": None}[outcome]  # pytest exit 5: no tests collected
    held = {"passed": _grading(0, "python -m pytest heldout -q"),
            "overfit": _grading(1, "python -m pytest heldout -q")}.get(outcome) if heldout else None
    graded = outcome != "unfinished"
    return {
        "schema": "localagentbench/run@1", "run_id": "r1", "task_id": task_id, "task_digest": "sha256:" + "ab" * 32,
        "rep": rep, "stage": "graded" if graded else "interrupted", "harness_version": "0.0.0+test",
        "task": {"id": task_id, "title": task_id, "category": "bugfix", "difficulty": "easy", "prompt": "Fix it.",
                 "heldout": {"path": f"heldout/{task_id}"} if heldout else None},
        "paths": {"run_dir": str(root / "runs" / task_id / str(rep)), "workdir": None},
        "agent": {"name": agent, "version": "1.0", "argv": [agent], "exit_code": 0, "timed_out": False,
                  "wall_s": 1.0 + rep, "tokens_in": tokens_in, "tokens_out": tokens_out, "tokens_reasoning": None,
                  "tokens_cache_read": None, "turns": 2, "tool_calls": 3, "failed_tool_calls": 1,
                  "infra_error": "model server unreachable" if outcome == "infra_error" else None, "agent_error": None,
                  "files_changed": [], **({"extra": {"synthetic": True}} if synthetic else {})},
        "model": {"id": model},
        "oracle": oracle, "heldout": held,
        "outcome": outcome if graded else None, "success": outcome == "passed" if graded else None,
        "flags": [], "sandbox": {"kind": "bwrap"}, "options": {},
    }


def _spec_summary(spec=SPEC, **kw) -> dict:
    records = [_record(*s, **kw) for s in spec if s[2] != "missing"]
    agent, model = kw.get("agent", "alpha"), kw.get("model", "m1")
    config = {"run_id": "r1", "agent": agent, "model": model, "grid": [[s[0], s[1]] for s in spec]}
    return score.score(records, [config])


class _Tables(HTMLParser):
    """The text of every cell of every table with an id: {id: [[cell, ...], ...]}, header row first."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: dict[str, list[list[str]]] = {}
        self._table: str | None = None
        self._cell: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "table" and attrs.get("id"):
            self._table = attrs["id"]
            self.tables[self._table] = []
        elif tag == "tr" and self._table:
            self.tables[self._table].append([])
        elif tag in ("td", "th") and self._table:
            self._cell = []
        elif tag == "br" and self._cell is not None:
            self._cell.append(" ")

    def handle_endtag(self, tag):
        if tag == "table":
            self._table = None
        elif tag in ("td", "th") and self._cell is not None:
            self.tables[self._table][-1].append(" ".join("".join(self._cell).split()))
            self._cell = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


def _tables(index: str) -> dict[str, list[dict[str, str]]]:
    parser = _Tables()
    parser.feed(index)
    return {name: [dict(zip(rows[0], row, strict=False)) for row in rows[1:]]
            for name, rows in parser.tables.items() if rows}


def _md_table(report: str, heading: str) -> list[dict[str, str]]:
    """The rows of the Markdown table under `heading`; a repeated header gets " 2" ("95% CI", "95% CI 2")."""
    block = report.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
    rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in block.splitlines()
            if line.startswith("|")]
    head = [h if rows[0][:i].count(h) == 0 else f"{h} {rows[0][:i].count(h) + 1}" for i, h in enumerate(rows[0])]
    return [dict(zip(head, row, strict=False)) for row in rows[2:]]


def _chart_rows(index: str, chart_id: str) -> dict[str, tuple[str, str, str]]:
    """A chart's rows: label -> (tooltip, detail text, the row's SVG)."""
    figure = re.search(rf'<figure [^>]*id="{chart_id}".*?</figure>', index, re.S).group(0)
    rows = re.findall(r'<div class="row[^"]*"><div class="lab" title="([^"]*)">(.*?)<span class="m">(.*?)</span></div>'
                      r"(<svg.*?</svg>)?</div>", figure, re.S)
    text = lambda h: html.unescape(re.sub(r"<[^>]+>", "", h)).strip()  # noqa: E731
    return {text(label): (html.unescape(title), text(detail), svg) for title, label, detail, svg in rows}


def _expected() -> dict:
    """The headline figures of SPEC, computed from SPEC alone."""
    tasks = sorted({s[0] for s in SPEC})
    per_task = {t: [s for s in SCORED if s[0] == t] for t in tasks}
    rates = [sum(s[2] == "passed" for s in runs) / len(runs) for runs in per_task.values() if runs]
    p1 = sum(rates) / len(rates)
    strict = sum(sum(s[2] == "passed" for s in SPEC if s[0] == t) / sum(1 for s in SPEC if s[0] == t)
                 for t in tasks) / len(tasks)
    checked = [s for s in GRADED if s[3] and s[2] in ("passed", "overfit")]
    both = [s[4] + s[5] for s in SCORED if s[4] is not None and s[5] is not None]
    return {
        "p1": p1, "p1_ci": _wilson(p1, len(rates)), "strict": strict, "strict_ci": _wilson(strict, len(tasks)),
        "infra": sum(s[2] == "infra_error" for s in SPEC), "unfinished": sum(s[2] == "unfinished" for s in SPEC),
        "missing": sum(s[2] == "missing" for s in SPEC),
        "checked": len(checked), "confirmed": sum(s[2] == "passed" for s in checked),
        "overfit": sum(s[2] == "overfit" for s in checked),
        "without": len({s[0] for s in GRADED if not s[3]}),  # graded tasks with no held-out tests
        "tokens_in": sum(s[4] for s in SCORED if s[4] is not None),
        "tokens_out": sum(s[5] for s in SCORED if s[5] is not None),
        "tool_calls": 3 * len(SCORED), "failed_tool_calls": len(SCORED),
        "both": both, "one_count": sum((s[4] is None) != (s[5] is None) for s in SCORED),
    }


def test_expected_figures_of_the_spec_are_what_the_spec_says():
    """The independent computation itself, checked by hand: a wrong oracle would make every test below moot."""
    e = _expected()
    assert (round(e["p1"], 9), round(e["strict"], 9)) == (0.4, 0.3)  # (1/2 + 1/2 + 1 + 0 + 0) / 5; (1.5) / 5
    assert (e["infra"], e["unfinished"], e["missing"], e["checked"], e["confirmed"], e["overfit"]) == (1, 1, 1, 3, 2, 1)
    assert e["without"] == 3  # task-b, task-d, task-e (task-d and task-e graded once each)
    assert (e["tokens_in"], e["tokens_out"], len(e["both"]), e["one_count"]) == (28_000, 2_400, 6, 1)


def test_report_md_headline_figures_equal_the_run_records(tmp_path):
    summary = _spec_summary()
    paths = render.render(summary, tmp_path)
    report = Path(paths["report"]).read_text()
    e = _expected()
    (row,) = _md_table(report, "Results")
    left = e["infra"] + e["unfinished"] + e["missing"]
    assert (row["Agent"], row["Model"]) == ("alpha", "m1")
    assert row["pass@1 (scored runs)"] == _p(e["p1"])
    assert row["95% CI"] == f"{_p(e['p1_ci'][0])} – {_p(e['p1_ci'][1])}"
    assert row["Left out"] == str(left)
    assert row["Strict pass@1"] == _p(e["strict"])
    assert row["95% CI 2"] == f"{_p(e['strict_ci'][0])} – {_p(e['strict_ci'][1])}"
    assert row["Left out 2"] == "0"
    assert row["Held-out confirmed"] == (f"{e['confirmed']}/{e['checked']} · {e['without']} tasks without held-out "
                                         f"tests, not in the {e['checked']}")
    assert (row["Overfit"], row["Infra errors"]) == (str(e["overfit"]), str(e["infra"]))
    assert row["Tokens in / out"] == f"{e['tokens_in']:,} / {e['tokens_out']:,}"
    assert row["Tool calls (failed)"] == f"{e['tool_calls']:,} ({e['failed_tool_calls']:,})"
    assert f"- alpha × m1: {e['infra']} infra error · {e['unfinished']} unfinished · {e['missing']} missing" in report
    unrun = {(r["Task"], r["Rep"], r["Status"].split(":")[0]) for r in _md_table(report, "Runs without a verdict")}
    assert unrun == {(s[0], str(s[1]), s[2]) for s in SPEC if s[2] in ("missing", "unfinished")}
    cells = {r["Task"]: r["alpha × m1"] for r in _md_table(report, "Per task")}
    assert cells["task-d"] == "0/1 failed, missing" and cells["task-e"] == "0/1 task error, unfinished"
    assert cells["task-c"] == "1/1 infra error, passed"
    assert "†" not in report and "synthetic" not in report.lower(), "measured figures carry no synthetic mark"


def test_index_headline_figures_equal_the_run_records(tmp_path):
    summary = _spec_summary()
    index = Path(render.render(summary, tmp_path)["site"]).read_text()
    e = _expected()
    (row,) = _tables(index)["results"]
    breakdown = f"{e['infra']} infra error · {e['unfinished']} unfinished · {e['missing']} missing"
    assert row["pass@1 scored (95% CI)"] == f"{_p(e['p1'])} {_p(e['p1_ci'][0])} – {_p(e['p1_ci'][1])}"
    assert row["pass@1 strict (95% CI)"] == f"{_p(e['strict'])} {_p(e['strict_ci'][0])} – {_p(e['strict_ci'][1])}"
    left_cells = re.findall(r'<td class="num left-out" title="([^"]*)">(\d+)', index)
    assert left_cells[0] == (f"left out: {breakdown}", str(e["infra"] + e["unfinished"] + e["missing"]))
    assert left_cells[1][1] == "0", "the strict rate leaves nothing out"
    assert row["Held-out confirmed"] == (f"{e['confirmed']}/{e['checked']} {e['without']} tasks without held-out "
                                         f"tests, not in the {e['checked']}")  # the note is a line of its own
    assert (row["Overfit"], row["Infra errors"]) == (str(e["overfit"]), str(e["infra"]))
    assert row["Tokens in / out"] == f"{e['tokens_in']:,} / {e['tokens_out']:,}"
    assert row["Tool calls (failed)"] == f"{e['tool_calls']:,} ({e['failed_tool_calls']:,})"
    chart = _chart_rows(index, "pass-chart")
    title, detail, svg = chart["alpha × m1 · scored runs"]
    assert detail == f"{_p(e['p1'])} ({_p(e['p1_ci'][0])} – {_p(e['p1_ci'][1])}) · 3 left out"
    assert breakdown in title and f'width="{100 * e["p1"]:.2f}%"' in svg
    title, detail, svg = chart["alpha × m1 · strict"]
    assert detail == f"{_p(e['strict'])} ({_p(e['strict_ci'][0])} – {_p(e['strict_ci'][1])}) · 0 left out"
    assert f'width="{100 * e["strict"]:.2f}%"' in svg
    unrun = {(r["Task"], r["Rep"], r["Status"].split(":")[0].split()[-1]) for r in _tables(index)["unrun"]}
    assert unrun == {(s[0], str(s[1]), s[2]) for s in SPEC if s[2] in ("missing", "unfinished")}
    assert 'title="task-d rep 0 · missing (no run.json)"' in index, "the matrix shows the missing cell"
    assert "pip o-task_error" in index and "task error" in index
    assert 'class="syn' not in index and "†" not in index, "measured figures carry no synthetic mark"


def test_token_chart_never_counts_an_unknown_tokens_out_as_zero(tmp_path):
    index = Path(render.render(_spec_summary(), tmp_path)["site"]).read_text()
    e = _expected()
    _, detail, _ = _chart_rows(index, "tokens-chart")["alpha × m1"]
    median = statistics.median(e["both"])
    p90 = statistics.quantiles(e["both"], n=10, method="inclusive")[-1]  # linear interpolation, as METHODOLOGY says
    assert detail.startswith(f"median {median:,.0f} · p90 {p90:,.0f} · n {len(e['both'])}")
    assert f"{e['one_count']} run(s) report one count only: left out" in detail
    assert "4,000" not in detail, "the run with tokens in only is not drawn as tokens in + 0"


def test_a_group_with_no_scored_run_shows_n_a_never_zero(tmp_path):
    alpha = [_record(*s) for s in SPEC if s[2] not in ("missing", "unfinished")]
    beta = [_record(t, rep, "infra_error", False, None, None, agent="beta", model="m2")
            for t, rep in (("task-a", 0), ("task-b", 0))]
    summary = score.score(alpha + beta)
    g = next(g for g in summary["groups"] if g["agent"] == "beta")
    assert g["pass_at_1"] is None and g["pass_at_1_strict"] == 0.0
    paths = render.render(summary, tmp_path)
    report = Path(paths["report"]).read_text()
    row = next(r for r in _md_table(report, "Results") if r["Agent"] == "beta")
    assert (row["pass@1 (scored runs)"], row["95% CI"], row["Left out"], row["pass@k"]) == ("n/a", "n/a", "2", "n/a")
    assert row["Strict pass@1"] == "0.0%" and row["95% CI 2"].startswith("0.0% – ")
    assert "- beta × m2: 2 infra errors · 0 unfinished · 0 missing" in report
    index = Path(paths["site"]).read_text()
    row = next(r for r in _tables(index)["results"] if r["Agent"] == "beta")
    assert row["pass@1 scored (95% CI)"] == "n/a" and row["pass@k"] == "n/a"
    assert row["pass@1 strict (95% CI)"].startswith("0.0% 0.0% – ")
    _, detail, svg = _chart_rows(index, "pass-chart")["beta × m2 · scored runs"]
    assert detail == "n/a · 2 left out"
    assert 'class="fill"' not in svg and 'class="whisk"' not in svg and ">n/a</text>" in svg, "no bar, a label"
    assert '<div class="row na">' in index
    assert "0.0% (0.0% – 100.0%)" not in index and "0.0% | 0.0% – 100.0%" not in report


def test_interval_chart_row_without_a_value_draws_nothing_but_n_a():
    svg = interval_chart([{"label": "g", "value": None, "lo": None, "hi": None, "note": "2 left out"},
                          {"label": "h", "value": 0.5, "lo": 0.2, "hi": 0.8}], label="t")
    na, real = svg.split('<div class="row">', 1)
    assert "n/a · 2 left out" in na and 'class="fill"' not in na and "whisk" not in na
    assert 'width="50.00%"' in real and "whisk" in real


def test_synthetic_figures_are_marked_for_the_mock_agent_and_only_for_it(suite, tmp_path, capsys):
    out = _mock_run(suite, tmp_path)
    capsys.readouterr()
    summary = json.loads((out / "summary.json").read_text())
    assert summary["groups"][0]["synthetic"]
    paths = render.render(summary, out)
    report = Path(paths["report"]).read_text()
    (row,) = _md_table(report, "Results")
    c = summary["groups"][0]["costs"]
    assert row["Tokens in / out"] == f"{c['tokens_in']:,}† / {c['tokens_out']:,}†"
    assert row["Tool calls (failed)"] == f"{c['tool_calls']:,}† ({c['failed_tool_calls']:,}†)"
    assert row["Median latency"].endswith(" s") and "†" not in row["Median latency"], "wall time is measured"
    assert "† synthetic (mock × none: tokens, turns and tool calls): invented by the agent" in report
    index = Path(paths["site"]).read_text()
    (cells,) = _tables(index)["results"]
    assert cells["Tokens in / out"].count("†") == 2 and cells["Tool calls (failed)"].count("†") == 2
    assert "†" not in cells["Median latency"]
    assert '<p class="syn-note' in index
    _, detail, _ = _chart_rows(index, "tokens-chart")["mock × none"]
    assert "†" in detail, "the token chart says its counts are synthetic"
    _, detail, _ = _chart_rows(index, "latency-chart")["mock × none"]
    assert "†" not in detail
    page = next((out / "site" / "runs").glob("fix-add-0-*.html")).read_text()
    facts = re.search(r'<div class="facts">(.*?)</div>\s*<p', page, re.S).group(1)
    assert facts.count('class="syn"') == 5, "turns, tokens in, tokens out, tool calls, failed tool calls"
    assert "Synthetic trajectory." in page and 'aria-label="tool calls over time (synthetic)"' in page
    run = next(r for r in summary["runs"] if r["task_id"] == "fix-add" and r["rep"] == 0)
    assert f"{run['agent']['wall_s']:.3g} s</b>" in facts, "the wall time carries no mark"


def test_measured_figures_carry_no_synthetic_mark(tmp_path):
    runs = synthetic_runs(12, seed=2, groups=1, reps=2, root=tmp_path / "bundle")
    summary = score.score(runs)
    assert not summary["groups"][0]["synthetic"] and summary["groups"][0]["costs"]["tokens_in"]
    paths = render.render(summary, tmp_path / "bundle", jobs=1)
    pages = [Path(paths["report"]), Path(paths["site"]), *(tmp_path / "bundle" / "site" / "runs").glob("*.html")]
    for path in pages:
        text = path.read_text()
        assert "†" not in text and 'class="syn' not in text and "Synthetic trajectory" not in text, path.name


def test_link_comparison_adds_one_link_that_survives_rerendering(tmp_path):
    summary = _spec_summary()
    render.render(summary, tmp_path)
    site = tmp_path / "site"
    index = site / "index.html"
    assert 'id="comparisons"' not in index.read_text(), "no comparison yet: no section"
    (site / "compare-base-run.html").write_text("<html><head><title>other vs base</title></head></html>")
    assert render.link_comparison(site, "compare-base-run.html", "alpha <new> vs base")
    once = index.read_text()
    assert render.link_comparison(site, "compare-base-run.html", "alpha <new> vs base")
    assert index.read_text() == once, "idempotent"
    links = re.findall(r'<li data-page="([^"]*)"><a href="([^"]*)">(.*?)</a>', once)
    assert links == [("compare-base-run.html", "compare-base-run.html", "alpha &lt;new&gt; vs base")]
    assert once.index('id="comparisons"') < once.index("<h2>Provenance</h2>")
    render.render(summary, tmp_path)  # a re-render keeps the link and its title
    assert re.findall(r'<li data-page="([^"]*)"><a href="([^"]*)">(.*?)</a>', index.read_text()) == links
    (site / "compare-found.html").write_text("<title>found &amp; titled</title>")
    render.render(summary, tmp_path)  # a compare page nobody linked is found and titled by its <title>
    text = index.read_text()
    assert '<a href="compare-found.html">found &amp; titled</a>' in text and "alpha &lt;new&gt; vs base" in text
    with pytest.raises(ValueError):
        render.link_comparison(site, "../elsewhere.html", "x")
    assert not render.link_comparison(tmp_path / "nosite", "compare-x.html", "x"), "no index to link from"


def test_link_comparison_into_an_index_rendered_without_the_section(tmp_path):
    render.render(_spec_summary(), tmp_path)
    index = tmp_path / "site" / "index.html"
    old = index.read_text().replace(COMPARISONS_BEGIN, "").replace(COMPARISONS_END, "")
    index.write_text(old)
    assert render.link_comparison(tmp_path / "site", "compare-a.html", "a")
    text = index.read_text()
    assert text.index('<a href="compare-a.html">a</a>') < text.index("<h2>Provenance</h2>")
    assert render.link_comparison(tmp_path / "site", "compare-a.html", "a") and index.read_text() == text


# ---------------------------------------------------------------- one hostile run among honest ones

HOSTILE_NAME = '<script>alert("x")</script>\u202egnp.exe" onmouseover="alert(1)'
HOSTILE_TEXT = "</pre></details><script>alert(2)</script>\x1b[31m"


def _hostile_bundle(tmp_path: Path) -> tuple[dict, Path]:
    """A summary of three runs: fix-a/0 and fix-b/0 honest, fix-c/0 with every hostile value its files can hold
    (trajectory events of the wrong types, NaN, huge numbers, 100,000 tool calls, markup and bidi overrides in
    names and texts) and a run_dir whose relative link would start `javascript:`."""
    root = tmp_path / "bundle"
    summary = score.score([_record(t, 0, o, False, 10, 5, root=root) for t, o in
                           (("fix-a", "passed"), ("fix-b", "failed"), ("fix-c", "failed"))])
    for run in summary["runs"]:
        Path(run["paths"]["run_dir"]).mkdir(parents=True)
    bad = next(r for r in summary["runs"] if r["task_id"] == "fix-c")
    bad_dir = Path(bad["paths"]["run_dir"])
    events = [{"type": "turn", "index": "one", "tokens_in": "many", "tokens_out": float("nan"), "t": float("inf")},
              {"type": "turn", "index": 2, "tokens_in": 1e308, "tokens_out": 10 ** 30, "t": -5},
              {"type": ["list"], "t": "later", "detail": {"deep": [[[[[["x"]]]]]]}},
              {"type": "text", "text": HOSTILE_TEXT * 1000, "reasoning": "yes"},
              {"type": "error", "message": {"not": "text"}},
              *({"type": "tool_call", "name": HOSTILE_NAME, "status": "ok", "t": i / 1000, "duration_s": "slow",
                 "input": {"cmd": HOSTILE_TEXT}, "output": HOSTILE_TEXT} for i in range(100_000))]
    with open(bad_dir / "trajectory.jsonl", "w", encoding="utf-8") as fh:
        fh.write("[" * 100_000 + "\n" + "1" * 5000 + "\n")   # lines Python will not parse
        for e in events:
            fh.write(json.dumps(e) + "\n")
    (bad_dir / "model_calls.jsonl").write_text(json.dumps({"model": HOSTILE_NAME, "ttft_s": "fast", "total_s": 1e308,
                                                           "error": HOSTILE_TEXT, "usage": {"prompt_tokens": "x"}})
                                               + "\n")
    (bad_dir / "agent.stdout.log").write_text(HOSTILE_TEXT)
    bad["agent"]["agent_error"] = HOSTILE_TEXT
    bad["agent"]["files_changed"] = [HOSTILE_NAME] + [f"f{i}.py" for i in range(5000)]
    bad["agent"]["argv"] = [HOSTILE_NAME]
    bad["model_calls"] = None
    bad["flags"], bad["flag_details"] = ["bad_agent_counts"], {"bad_agent_counts": [HOSTILE_TEXT]}
    # The page lives in <out>/site/runs; a run_dir of <out>/site/runs/javascript:alert(1) would link as
    # "javascript:alert(1)/..." without the harness's "./".
    js_dir = tmp_path / "out" / "site" / "runs" / "javascript:alert(1)"
    honest = next(r for r in summary["runs"] if r["task_id"] == "fix-b")
    honest["paths"]["run_dir"] = str(js_dir)
    js_dir.mkdir(parents=True)
    (js_dir / "agent.stdout.log").write_text("honest output\n")
    return summary, tmp_path / "out"


def test_one_hostile_run_renders_escaped_and_bounded_and_the_others_are_untouched(tmp_path, capsys):
    summary, out = _hostile_bundle(tmp_path)
    render.render(summary, out)
    pages = {p.name.split("-0-")[0]: p.read_text() for p in (out / "site" / "runs").glob("*.html")}
    assert sorted(pages) == ["fix-a", "fix-b", "fix-c"]
    index = (out / "site" / "index.html").read_text()
    for run in summary["runs"]:
        assert f"runs/{render.run_page_name(run)}" in index
    bad = pages["fix-c"]
    assert "could not be made" not in bad, "the hostile page is rendered, not replaced"
    assert "<script>" not in bad and "onmouseover=\"alert" not in bad and "\u202e" not in bad and "\x1b" not in bad
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;\\u202egnp.exe&quot; onmouseover" in bad
    assert "&lt;/pre&gt;&lt;/details&gt;" in bad and "\\u001b[31m" in bad
    assert "The first 2,000 of 100,005 trajectory events are shown" in bad
    assert "(the first 2,000 of 100,000 marks)" in bad
    assert "5,001 file(s)" in bad and ", … 4,801 more" in bad
    assert len(bad) < 5_000_000, f"the page is {len(bad):,} characters"
    assert "–<sup class=\"bad-figure\"" in bad, "a token count that is not a number shows as unknown, marked"
    for name, page_text in pages.items():
        assert 'href="javascript:' not in page_text, name
    assert 'href="./javascript:alert(1)/' in pages["fix-b"]
    assert "render:" not in capsys.readouterr().err


def test_a_page_that_cannot_be_made_leaves_an_error_page_and_every_other_page(tmp_path, capsys):
    """A record that passes the run schema but that no page was written for (task.title a number): its page
    is an error page naming the cause, the others are whole, the index links all of them."""
    summary, out = _hostile_bundle(tmp_path)
    broken = next(r for r in summary["runs"] if r["task_id"] == "fix-a")
    broken["task"]["title"] = 12345
    render.render(summary, out)
    err = capsys.readouterr().err
    lines = [ln for ln in err.splitlines() if "fix-a/0" in ln]
    assert len(lines) == 1 and "its page could not be made" in lines[0], err
    pages = {p.name.split("-0-")[0]: p.read_text() for p in (out / "site" / "runs").glob("*.html")}
    assert sorted(pages) == ["fix-a", "fix-b", "fix-c"]
    assert "This page could not be made" in pages["fix-a"]
    assert "Trajectory" in pages["fix-b"] and "Trajectory" in pages["fix-c"]
    index = (out / "site" / "index.html").read_text()
    assert all(f"runs/{render.run_page_name(r)}" in index for r in summary["runs"])


@pytest.mark.parametrize("field, value, says", [
    ("tokens_in", "many", "agent.tokens_in: 'many' is not of type"),
    ("tokens_in", float("nan"), "agent.tokens_in: nan is not of type"),
    ("tokens_out", 10 ** 13, "agent.tokens_out: 10000000000000 is greater than the maximum"),
    ("agent_error", "\ud800", "agent.agent_error: text that is not valid UTF-8"),
])
def test_a_schema_invalid_run_in_the_summary_is_named_in_one_line_and_the_rest_rendered(tmp_path, capsys, field,
                                                                                         value, says):
    summary, out = _hostile_bundle(tmp_path)
    bad = next(r for r in summary["runs"] if r["task_id"] == "fix-a")
    bad["agent"][field] = value
    render.render(summary, out)
    err = [ln for ln in capsys.readouterr().err.splitlines() if ln.strip()]
    assert len(err) == 1 and f"{bad['paths']['run_dir']}/run.json: {says}" in err[0], err
    names = sorted(p.name.split("-0-")[0] for p in (out / "site" / "runs").glob("*.html"))
    assert names == ["fix-b", "fix-c"]
    index = (out / "site" / "index.html").read_text()
    assert "fix-a" in index and says.split(":")[0] in index, "the index says which run was left out and why"
    assert "fix-a" in (out / "report.md").read_text()
