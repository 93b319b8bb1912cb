"""render: report.md and the static site, with agent output escaped and every run linked."""
from __future__ import annotations

import json
from pathlib import Path

from bench import cli, render


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
