"""render: report.md and the static site, with agent output escaped and every run linked."""
from __future__ import annotations

import json
import re
from pathlib import Path

from bench import cli, render, score
from bench.common.charts import interval_chart, nice_ticks
from bench.common.highlight import diff_html
from bench.common.synthetic import synthetic_runs


def _mock_run(suite: Path, tmp_path: Path) -> Path:
    out = tmp_path / "res"
    assert cli.main(["run", "--agent", "mock", "--tasks", str(suite / "tasks"), "--out", str(out), "--repeat", "2"]) == 0
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
    assert index.count('class="pip ') == 420 + 8, "one pip per run, plus the legend's"
    assert 'data-page-size="50"' in index
    page = (tmp_path / "bundle" / "site" / "runs" / render.run_page_name(runs[0])).read_text()
    assert "preview truncated" in page and "<script>x</script>" not in page
    link = re.search(r'<a href="([^"]+agent\.stdout\.log)">full file</a>', page).group(1)
    assert (tmp_path / "bundle" / "site" / "runs" / link).resolve() == big.resolve()
    assert len(page) < 150_000, "the page shows a preview, not the whole log"


def test_diff_highlighting_escapes_every_token():
    html = diff_html('diff --git a/x.py b/x.py\n--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n'
                     '-x = "<b>" # c & d\n+def f(a): return 1.5\n unchanged <img src=x>\n')
    assert '<span class="l del">-x = <span class="s">"&lt;b&gt;"</span> <span class="c"># c &amp; d</span></span>' in html
    assert '<span class="k">def</span>' in html and '<span class="n">1.5</span>' in html
    assert "<img" not in html and "&lt;img src=x&gt;" in html
    assert diff_html("+plain text\n").count("<span") == 1, "unknown file types are not coloured"


def test_charts_place_values_in_percent_of_the_width():
    assert nice_ticks(0, 1) == [0.0, 0.25, 0.5, 0.75, 1.0]
    svg = interval_chart([{"label": "a <x>", "value": 0.5, "lo": 0.25, "hi": 0.75}], label="t")
    assert 'width="50.00%"' in svg and 'x1="25.00%" x2="75.00%"' in svg and "a &lt;x&gt;" in svg
