"""What the model proxy measured, on the pages: the group figures in report.md and the site's index, and a run
page's timeline of model calls read from the bundle's model_calls.jsonl (untrusted: written during the run)."""
from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path

from bench import render, score
from bench.report import runpage

HOSTILE_MODEL = "<script>alert('model')</script>"
HOSTILE_ERROR = 'upstream said <img src=x onerror="alert(1)"> & left'


def _grading(exit_code: int) -> dict:
    return {"passed": exit_code == 0, "error": None, "commands": [
        {"command": "python -m pytest -q", "exit_code": exit_code, "duration_s": 0.1, "timed_out": False}]}


def _record(task_id: str, outcome: str, root: Path, *, agent: str = "proxied", wall: float = 10.0,
            calls: dict | None = None, tokens: tuple[int | None, int | None] = (None, None),
            said: tuple[int | None, int | None] | None = None, startup: float | None = None) -> dict:
    """A graded run record; `calls`: its model_calls totals (None: the run used no proxy)."""
    record = {
        "schema": "localagentbench/run@1", "run_id": "r1", "task_id": task_id, "task_digest": "sha256:" + "cd" * 32,
        "rep": 0, "stage": "graded", "harness_version": "0.0.0+test",
        "task": {"id": task_id, "title": task_id, "category": "bugfix", "difficulty": "easy", "prompt": "Fix it.",
                 "heldout": None},
        "paths": {"run_dir": str(root / "runs" / agent / task_id), "workdir": None},
        "agent": {"name": agent, "version": "1.0", "argv": [agent], "exit_code": 0, "timed_out": False,
                  "wall_s": wall, "tokens_in": tokens[0], "tokens_out": tokens[1], "tokens_reasoning": None,
                  "tokens_cache_read": None, "turns": 2, "tool_calls": 3, "failed_tool_calls": 0,
                  "infra_error": None, "agent_error": None, "files_changed": []},
        "model": {"id": "m1"}, "oracle": _grading(0 if outcome == "passed" else 1), "heldout": None,
        "outcome": outcome, "success": outcome == "passed", "flags": [], "sandbox": {"kind": "bwrap"}, "options": {},
        "model_calls": calls,
    }
    if calls is not None:
        record["agent"].update(tokens_source="proxy", model_s=calls["model_s"], own_s=wall - calls["model_s"],
                               startup_s=startup,
                               agent_reported={"tokens_in": (said or (None, None))[0],
                                               "tokens_out": (said or (None, None))[1], "tokens_reasoning": None,
                                               "tokens_cache_read": None, "turns": 2, "tool_calls": 3})
    return record


def _totals(**kw) -> dict:
    base = {"calls": 0, "other_requests": 0, "errors": 0, "tokens_in": 0, "tokens_out": 0, "tokens_cached": 0,
            "tokens_reasoning": 0, "model_s": 0.0, "ttft_median_s": None, "prefill_s": None, "decode_s": None,
            "prefill_tokens": 0, "decode_tokens": 0, "context_truncated": 0, "tool_calls": 0, "protocols": {},
            "translated": 0, "upstream": "http://127.0.0.1:11434", "first_error": None}
    return {**base, **kw}


# t1: 4 calls, 2,500 tokens in / 500 out (the agent said 2,400 in), prefill 2,500 tokens in 0.5 s, decode 500 in
# 4 s, 1 truncated call, 1 translated, TTFT 0.5 s, model time 6 s of 10.
T1 = _totals(calls=4, other_requests=1, errors=1, tokens_in=2500, tokens_out=500, model_s=6.0, ttft_median_s=0.5,
             prefill_s=0.5, decode_s=4.0, prefill_tokens=2500, decode_tokens=500, context_truncated=1, translated=1,
             protocols={"openai_chat": 4}, upstream="http://127.0.0.1:11434/<b>up</b>",
             first_error=HOSTILE_ERROR)
# t2 (failed): 2 calls, 1,000 / 200 tokens, no server timing, TTFT 1.5 s, model time 9 s of 30.
T2 = _totals(calls=2, tokens_in=1000, tokens_out=200, model_s=9.0, ttft_median_s=1.5)


def _summary(root: Path) -> dict:
    return score.score([
        _record("t1", "passed", root, calls=T1, tokens=(2500, 500), said=(2400, 500), startup=2.5),
        _record("t2", "failed", root, wall=30.0, calls=T2, tokens=(1000, 200), startup=4.5),
        _record("t1", "passed", root, agent="builtin", tokens=(7, 7)),
    ])


def _line(started: str | None, **kw) -> str:
    call = {"protocol": "openai_chat", "path": "/v1/chat/completions", "method": "POST", "status": 200,
            "stream": True, "model": "qwen3:8b", "started_at": started, "ttft_s": None, "total_s": 2.0,
            "usage": {"prompt_tokens": None, "completion_tokens": None, "cached_tokens": None,
                      "reasoning_tokens": None},
            "prefill_s": None, "decode_s": None, "tool_calls": 0, "finish_reason": "stop", "prompt_chars": 100,
            "context_truncated": False, "error": None, "translated": False}
    return json.dumps({**call, **kw})


# Written out of start order (the proxy writes a call when it ends), with two lines that are not call records,
# a blank line and a line nested too deep to parse.
CALLS_FILE = "\n".join([
    _line("2026-12-01T10:00:00+00:00", ttft_s=0.5, total_s=2.0, prefill_s=0.25, decode_s=1.5, tool_calls=2,
          usage={"prompt_tokens": 1000, "completion_tokens": 200, "cached_tokens": 800, "reasoning_tokens": None},
          finish_reason="tool_calls", translated=True),
    "not json {",
    _line("2026-12-01T10:00:06Z", status=502, model=HOSTILE_MODEL, error=HOSTILE_ERROR, context_truncated=True,
          usage=None, finish_reason=None),
    "[1, 2]",
    "",
    "[" * 100_000 + "]" * 100_000,
    _line("2026-12-01T10:00:03+00:00", ttft_s=1.0, total_s=2.0, tool_calls=1,
          usage={"prompt": 1500, "completion": 300}),  # the short usage spelling is read too
    _line("yesterday", total_s=float("nan"), status="200", tool_calls=True),
]) + "\n"


class _Rows(HTMLParser):
    """The text of each cell of the table with id `table_id`, row by row (header first)."""

    def __init__(self, table_id: str) -> None:
        super().__init__()
        self.id, self.rows, self._in, self._cell = table_id, [], False, None

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self._in = dict(attrs).get("id") == self.id
        elif self._in and tag == "tr":
            self.rows.append([])
        elif self._in and tag in ("td", "th"):
            self._cell = []
        elif tag == "br" and self._cell is not None:
            self._cell.append(" ")

    def handle_endtag(self, tag):
        if tag == "table":
            self._in = False
        elif self._in and tag in ("td", "th") and self._cell is not None:
            self.rows[-1].append(" ".join("".join(self._cell).split()))
            self._cell = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


def _table(html_text: str, table_id: str) -> list[dict[str, str]]:
    parser = _Rows(table_id)
    parser.feed(html_text)
    head, *rows = parser.rows
    return [dict(zip(head, row, strict=True)) for row in rows]


def _md_rows(report: str, heading: str) -> list[dict[str, str]]:
    block = report.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
    rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in block.splitlines()
            if line.startswith("|")]
    return [dict(zip(rows[0], row, strict=True)) for row in rows[2:]]


# The group figures of _summary, worked out from T1 and T2 by hand: model time (6 + 9) / (10 + 30) = 37.5%;
# tokens (3,000 + 1,200) over 1 solved run; prefill 2,500 / 0.5 s; decode 500 / 4 s (t2 reported no timing);
# TTFT median of 0.5 and 1.5; start-up median of 2.5 and 4.5; t1 disagrees (the agent said 2,400 in).
EXPECTED = {"Runs measured": "2", "Model calls (errors)": "6 (1)", "Model time share": "37.5%",
            "Tokens per solved task": "4,200", "Prefill tok/s": "5,000.0", "Decode tok/s": "125.0",
            "Context truncated": "1 call(s) (16.7%) in 1 run(s)", "TTFT median": "1 s", "Start-up median": "3.5 s",
            "Translated calls": "1",
            "Agent's token count differs": "1 run(s)"}


def test_report_md_and_index_show_the_measured_groups_figures_and_nothing_for_the_others(tmp_path):
    summary = _summary(tmp_path)
    paths = render.render(summary, tmp_path, jobs=1)
    report = Path(paths["report"]).read_text()
    (row,) = _md_rows(report, "Model calls")
    assert (row["Agent"], row["Model"]) == ("proxied", "m1"), "the unmeasured builtin group has no row"
    assert {k: v for k, v in row.items() if k not in ("Agent", "Model")} == EXPECTED
    assert "Measured by the recording model proxy" in report
    index = Path(paths["site"]).read_text()
    (row,) = _table(index, "model-calls")
    assert (row["Agent"], row["Model"]) == ("proxied", "m1")
    assert {k: v for k, v in row.items() if k not in ("Agent", "Model")} == EXPECTED
    results = {r["Agent"]: r for r in _table(index, "results")}
    assert results["proxied"]["Tokens in / out"] == "3,500 / 700", "the results table is as before"
    assert "†" not in index and "†" not in report


def test_no_section_when_no_group_was_measured(tmp_path):
    summary = score.score([_record("t1", "passed", tmp_path, agent="builtin", tokens=(7, 7))])
    assert summary["groups"][0]["model_calls"] is None
    paths = render.render(summary, tmp_path, jobs=1)
    assert "## Model calls" not in Path(paths["report"]).read_text()
    index = Path(paths["site"]).read_text()
    assert 'id="model-calls"' not in index and "Model calls" not in index
    page = next((tmp_path / "site" / "runs").glob("t1-0-*.html")).read_text()
    assert "<h2>Model calls</h2>" not in page and "agent said" not in page


def _run_page(tmp_path: Path, calls_text: str | None, **kw) -> str:
    run = _record("t1", "passed", tmp_path, calls=T1, tokens=(2500, 500), said=(2400, 500), **kw)
    run_dir = Path(run["paths"]["run_dir"])
    run_dir.mkdir(parents=True)
    if calls_text is not None:
        (run_dir / "model_calls.jsonl").write_text(calls_text)
    return runpage.run_html(run, tmp_path / "site" / "runs", footer="f")


def test_the_run_page_draws_one_row_per_call_in_order_of_start(tmp_path):
    page = _run_page(tmp_path, CALLS_FILE)
    rows = _table(page, "model-calls")
    assert [r["Start"] for r in rows] == ["+0 s", "+3 s", "+6 s", "–"], "sorted by start; no start sorts last"
    first, second, third, fourth = rows
    assert (first["TTFT"], first["Total"], first["Prefill / decode"]) == ("0.5 s", "2 s", "0.25 s / 1.5 s")
    assert (first["Tokens in / out"], first["Tool calls"]) == ("1,000 (800 cached) / 200", "2")
    assert first["Status"] == "ok 200 tool_calls" and first["Marks"] == "translated"
    assert (second["Tokens in / out"], second["Prefill / decode"]) == ("1,500 / 300", "– / –")
    assert third["Status"] == f"error 502 {HOSTILE_ERROR}" and third["Marks"] == "context truncated"
    assert third["Model"] == f"{HOSTILE_MODEL} openai_chat" and third["Tokens in / out"] == "– / –"
    assert (fourth["Total"], fourth["Tool calls"], fourth["Time"]) == ("–", "–", "–"), "NaN, bool: no figures"
    assert fourth["Status"] == "ok stop", "a status that is not a number is not shown"
    # Bars on one axis of 8 s (the last call ends at 6 + 2): x = start / 8, width = total / 8, TTFT inside it.
    bars = re.findall(r'<svg class="callbar".*?</svg>', page, re.S)
    assert len(bars) == 3
    spans = [re.findall(r'<rect class="(rest|ttft)" x="([\d.]+)%" width="([\d.]+)%"', bar) for bar in bars]
    assert spans[0] == [("rest", "0.00", "25.00"), ("ttft", "0.00", "6.25")]
    assert spans[1] == [("rest", "37.50", "25.00"), ("ttft", "37.50", "12.50")]
    assert spans[2] == [("rest", "75.00", "25.00")], "no time to first token: no TTFT part"
    assert "var(--failed)" in bars[2] and "var(--failed)" not in bars[0]
    assert "3 line(s) of the file were not call records and are skipped" in page
    # the run's truncated share, from its record (1 of its 4 calls), as a warning
    assert "1 of 4 model call(s) (25.0%) truncated by the context window" in html.unescape(page)


def test_the_run_page_escapes_everything_the_calls_file_and_the_record_say(tmp_path):
    page = _run_page(tmp_path, CALLS_FILE)
    assert "<script>alert" not in page and "<img src=x" not in page and "<b>up</b>" not in page
    assert "&lt;script&gt;alert(&#x27;model&#x27;)&lt;/script&gt;" in page
    assert "upstream said &lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; left" in page
    assert "first model error: upstream said &lt;img" in page and "127.0.0.1:11434/&lt;b&gt;up&lt;/b&gt;" in page
    assert not re.search(r"<(link|script|img)[^>]+(https?:)?//", page), "nothing from the network: works offline"


def test_the_run_page_shows_the_proxys_tokens_and_what_the_agent_said(tmp_path):
    page = _run_page(tmp_path, CALLS_FILE)
    facts = re.search(r'<div class="facts">(.*?)</div>\s*<h2', page, re.S).group(1)
    text = html.unescape(" ".join(re.sub(r"<[^>]+>", " ", facts).split()))
    assert "2,500 (agent said 2,400) / 500 tokens in / out" in text, "tokens out agree: shown once"
    assert "6 s (60% of wall) model time" in text and "4 s agent's own time" in text
    assert "4 model call(s) · 1 error(s) · 1 other request(s)" in page


def test_a_calls_file_cut_at_the_cap_reads_whole_lines_and_says_so(tmp_path, monkeypatch):
    lines = [_line(f"2026-12-01T10:00:0{i}+00:00", total_s=1.0) for i in range(5)]
    text = "\n".join(lines) + "\n"
    cap = len(lines[0]) * 2 + 10  # two whole lines and the start of the third
    path = tmp_path / "model_calls.jsonl"
    path.write_text(text)
    calls = runpage.read_calls(path, limit=cap)
    assert (len(calls["calls"]), calls["bad"], calls["cut"], calls["size"]) == (2, 0, True, len(text))
    monkeypatch.setattr(runpage, "CALLS_FILE_BYTES", cap)
    monkeypatch.setattr(runpage, "CALL_ROWS", 1)
    page = _run_page(tmp_path / "b", text)
    assert len(_table(page, "model-calls")) == 1
    assert f"the file is {len(text):,} bytes: only its first {cap:,} are read" in page
    assert "the first 1 of 2 calls are shown" in page and "not call records" not in page


def test_an_empty_missing_or_binary_calls_file(tmp_path):
    page = _run_page(tmp_path / "a", "")
    assert "No model call was recorded." in page and 'id="model-calls"' not in page
    page = _run_page(tmp_path / "b", None)
    assert "<h2>Model calls</h2>" in page and "The run's bundle has no model_calls.jsonl." in page
    run_dir = tmp_path / "c" / "runs" / "proxied" / "t1"
    run_dir.mkdir(parents=True)
    (run_dir / "model_calls.jsonl").write_bytes(b"\xff\xfe\x00garbage\n\x00\x01{\n")
    calls = runpage.read_calls(run_dir / "model_calls.jsonl")
    assert (calls["calls"], calls["bad"]) == ([], 2)
