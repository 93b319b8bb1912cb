"""Attacks on the records and the report (issue 27, class 6), through the real CLI: an agent that reports figures
of the wrong type, text no file can hold, markup, or a flood of events must not break `run --report` or
`report`, and must not reach a page as anything but escaped text.

Each test runs `python -m bench run --agent command --sandbox bwrap` (attack_helpers.bench) with an agent that
writes its events file (LOCALAGENTBENCH_EVENTS_FILE) through a Python script, then reads the bundle, and where
it says so `python -m bench report --results OUT/summary.json` as a user would.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from attack_helpers import FIXED, PY, Bench, bench, has_flag, put, sh, suite
from conftest import REPO

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the attacks run under bubblewrap (Linux)")

EVENTS = "events_writer.py"


def writes_events(body: str, fix: bool = True) -> str:
    """An agent command: a script that appends to the events file (`out(line)` writes one raw line) and, with
    `fix`, the fix of fix-add (so a graded run passes when it is fix-add)."""
    script = ("import json, os\nfh = open(os.environ['LOCALAGENTBENCH_EVENTS_FILE'], 'a')\n"
              "def out(line):\n    fh.write(line + '\\n')\n" + body + "\nfh.close()\nos.remove(__file__)\n")
    return sh(put(EVENTS, script), f"{PY} {EVENTS}", *([f"[ -f calc.py ] && {put('calc.py', FIXED)}"] if fix else []))


def report(out: Path, summary: Path | None = None) -> subprocess.CompletedProcess:
    """`python -m bench report --results SUMMARY` (default OUT/summary.json), as a user runs it."""
    return subprocess.run([sys.executable, "-m", "bench", "report", "--results", str(summary or out / "summary.json")],
                          cwd=REPO, capture_output=True, text=True, timeout=300)


def pages(out: Path) -> dict[str, str]:
    """The run pages of the site, by task id."""
    return {p.name.rsplit("-", 2)[0]: p.read_text(encoding="utf-8") for p in (out / "site" / "runs").glob("*.html")}


def every_page(result: Bench, tasks=("calib-hello", "fix-add", "fix-max")) -> dict[str, str]:
    """Every run's page exists and the index links it; returns the pages."""
    found = pages(result.out)
    assert sorted(found) == sorted(tasks), f"pages {sorted(found)}: {result.describe()}"
    index = (result.out / "site" / "index.html").read_text(encoding="utf-8")
    for run in result.summary()["runs"]:
        assert f"runs/{run['task_id']}-{run['rep']}-" in index
    return found


def test_figures_of_every_wrong_type_leave_every_page_and_show_as_unknown(tmp_path):
    """Attack R1 (the issue's): trajectory events with "tokens_in": "many", NaN, 1e308, a 31-digit count, a
    10 MB string, a 5,000-digit number and JSON nested 100,000 deep, in every run of a 3-task evaluation.
    `run --report` and `report` exit 0, every run page is there, the figures are unknown (null) and flagged."""
    root = suite(tmp_path / "suite")
    body = "\n".join([
        "out(json.dumps({'type': 'turn', 'index': 1, 'tokens_in': 'many', 'tokens_out': 3}))",
        "out('{\"type\": \"turn\", \"index\": 2, \"tokens_in\": NaN, \"tokens_out\": Infinity, \"t\": -Infinity}')",
        "out(json.dumps({'type': 'usage', 'tokens_in': 1e308, 'tokens_out': 10 ** 30}))",
        "out(json.dumps({'type': 'text', 'text': 'x' * (10 * 1024 * 1024)}))",
        "out('{\"type\": \"turn\", \"tokens_in\": ' + '9' * 5000 + '}')",
        "out('[' * 100000 + ']' * 100000)",
        "out(json.dumps({'type': 'tool_call', 'name': 'bash', 'status': 'ok', 'duration_s': 'slow'}))"])
    result = bench(tmp_path, root, writes_events(body), "--report", tasks=None)
    assert result.proc.returncode == 0, result.describe()
    record = result.graded()
    assert record["outcome"] == "passed", record["outcome"]
    has_flag(record, "bad_agent_counts")
    details = " | ".join(record["flag_details"]["bad_agent_counts"])
    for field in ("tokens_in=many", "tokens_in=nan", "tokens_out=inf", "tokens_in=1e+308", "duration_s=slow"):
        assert field in details, (field, details)
    assert record["agent"]["agent_reported"]["tokens_in"] is None
    assert record["agent"]["tool_calls"] == 1
    trajectory = [json.loads(line) for line in result.file("trajectory.jsonl").read_text().splitlines()]
    assert trajectory[0]["tokens_in"] is None and trajectory[1]["tokens_out"] is None and trajectory[1]["t"] is None
    assert max(len(line) for line in result.file("trajectory.jsonl").read_text().splitlines()) < 10_000
    found = every_page(result)
    assert "bad_agent_counts" in found["fix-add"] and "tokens_in=many" in found["fix-add"]
    again = report(result.out)
    assert again.returncode == 0, again.stderr
    assert sorted(pages(result.out)) == ["calib-hello", "fix-add", "fix-max"]


def test_lone_surrogates_in_events_and_errors_are_written_as_valid_utf8(tmp_path):
    """Attack R2: JSON can spell a lone surrogate ("\\ud800"), which no UTF-8 file can hold: events carrying one
    in a tool name, a text and a key must neither crash the run's writing of trajectory.jsonl nor the report."""
    root = suite(tmp_path / "suite")
    body = ("out('{\"type\": \"tool_call\", \"name\": \"a\\\\ud800b\", \"status\": \"ok\", \"\\\\udfff\": 1}')\n"
            "out('{\"type\": \"text\", \"text\": \"\\\\udbff tail\"}')")
    result = bench(tmp_path, root, writes_events(body), "--report")
    assert result.proc.returncode == 0, result.describe()
    record = result.graded()
    assert record["outcome"] == "passed" and record["agent"]["tool_calls"] == 1
    text = result.file("trajectory.jsonl").read_bytes().decode("utf-8")   # strict: raises on invalid UTF-8
    assert "a\ufffdb" in text
    assert len(pages(result.out)) == 1


def test_markup_and_bidi_overrides_in_everything_the_agent_names_are_shown_as_text(tmp_path):
    """Attack R3: a tool name `<script>`, a message closing `</pre>`, a quote-breaking name for an attribute,
    a right-to-left override in a name, terminal escapes in stdout and a file named like markup in the diff:
    the run page carries none of it as markup, and the override is shown as an escape, not obeyed."""
    root = suite(tmp_path / "suite")
    name = '<script>alert(1)</script>" onmouseover="alert(2)\u202egnp.exe'
    body = "\n".join([
        f"out(json.dumps({{'type': 'tool_call', 'name': {name!r}, 'status': 'ok', 'input': '</code><b>i</b>',"
        " 'output': '</pre></details><script>alert(3)</script>'}))",
        "out(json.dumps({'type': 'text', 'text': '</div><iframe src=javascript:alert(4)>'}))",
        "out(json.dumps({'type': '<img src=x onerror=alert(5)>', 'detail': '\\u202e'}))",
        "out(json.dumps({'type': 'error', 'message': '</div><script>alert(6)</script>'}))"])
    cmd = sh(writes_events(body), "printf '\\033[31m<script>alert(7)</script>\\n'",
             put("<img src=x onerror=alert(8)>.py", "x = 1\n"))
    result = bench(tmp_path, root, cmd, "--report")
    assert result.proc.returncode == 0, result.describe()
    page = pages(result.out)["fix-add"]
    for raw in ("<script>", "<iframe", "<img src=x", 'onmouseover="alert', "\u202e", "\x1b", "<b>i</b>"):
        assert raw not in page, raw
    for shown in ("&lt;script&gt;alert(1)&lt;/script&gt;&quot; onmouseover=&quot;alert(2)\\u202egnp.exe",
                  "&lt;/pre&gt;&lt;/details&gt;&lt;script&gt;alert(3)", "&lt;iframe src=javascript:alert(4)&gt;",
                  "&lt;img src=x onerror=alert(5)&gt;", "\\u001b[31m&lt;script&gt;alert(7)",
                  "&lt;img src=x onerror=alert(8)&gt;.py"):
        assert shown in page, shown


def test_a_hundred_thousand_tool_calls_are_counted_and_the_page_stays_small(tmp_path):
    """Attack R4: 100,000 tool-call events (6 MB). Every call is counted; the record's trajectory keeps
    at most 10,000 events and says so (flag trajectory_truncated); the page draws 2,000 and says so."""
    root = suite(tmp_path / "suite")
    body = ("line = json.dumps({'type': 'tool_call', 'name': 'bash', 'status': 'ok', 't': 1.0, 'input': 'y' * 10})"
            "\nfor _ in range(100000):\n    out(line)")
    result = bench(tmp_path, root, writes_events(body), "--report")
    assert result.proc.returncode == 0, result.describe()
    record = result.graded()
    assert record["agent"]["tool_calls"] == 100_000
    has_flag(record, "trajectory_truncated")
    assert "90,000 of 100,000" in record["flag_details"]["trajectory_truncated"][0]
    assert result.file("trajectory.jsonl").stat().st_size < 16 * 1024 * 1024
    page = pages(result.out)["fix-add"]
    assert "The first 2,000 of 10,001 trajectory events are shown" in page
    assert len(page) < 4_000_000, f"the page is {len(page):,} characters"


def test_a_hand_edited_summary_with_wrong_types_is_refused_in_one_line_or_left_out_alone(tmp_path):
    """Attack R5: summary.json edited by hand. A run's tokens_in made "many" and another's run_dir made a
    `javascript:` path: `report` exits 0, names that run's file and field in one line, renders every other
    run (the javascript: one linked as ./javascript:..., never as a scheme). A group's pass@1 made "x" or NaN:
    one line naming the file and the field, a failing exit status, no traceback."""
    root = suite(tmp_path / "suite")
    result = bench(tmp_path, root, "true", tasks=None)
    summary = result.summary()
    runs = {r["task_id"]: r for r in summary["runs"]}
    runs["fix-max"]["agent"]["tokens_in"] = "many"
    js = result.out / "site" / "runs" / "javascript:alert(1)"
    js.mkdir(parents=True)
    (js / "agent.stdout.log").write_text("out\n")
    runs["fix-add"]["paths"]["run_dir"] = str(js)
    edited = result.out / "edited.json"
    edited.write_text(json.dumps(summary))
    done = report(result.out, edited)
    assert done.returncode == 0, done.stderr
    lines = [ln for ln in done.stderr.splitlines() if "error" in ln]
    assert len(lines) == 1 and "runs/fix-max/0/run.json: agent.tokens_in: 'many' is not of type" in lines[0], lines
    found = pages(result.out)   # report writes next to the summary given
    assert sorted(found) == ["calib-hello", "fix-add"]
    assert 'href="./javascript:alert(1)/agent.stdout.log"' in found["fix-add"]
    assert 'href="javascript:' not in found["fix-add"]
    for value, says in (('"x"', "groups[0].pass_at_1: 'x' is not valid"), ("NaN", "groups[0].pass_at_1: nan is not")):
        text = json.dumps(result.summary()).replace('"pass_at_1": 0.0', f'"pass_at_1": {value}', 1)
        edited.write_text(text)
        done = report(result.out, edited)
        assert done.returncode != 0 and "Traceback" not in done.stderr, done.stderr
        err = done.stderr.strip().splitlines()
        assert len(err) == 1 and str(edited) in err[0] and says in err[0], err
