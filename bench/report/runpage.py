"""The pieces of one run's page: the trajectory timeline, grading output and raw logs, read from the run bundle.

Everything shown here is agent or tool output, so all of it is escaped; large files are shown truncated
with a link to the full file in the bundle.
"""
from __future__ import annotations

import functools
import hashlib
import json
import math
import os
from datetime import datetime, timezone
from pathlib import Path

import markdown as md

from bench.agents.atif import ATIF_FILE
from bench.common import untrusted
from bench.common.summary import SYNTHETIC_FIGURES, VISIBLE_DEFAULT, VISIBLE_WORDS, visible_of
from bench.exec import sandbox
from bench.report.charts import timeline_strip
from bench.report.highlight import diff_html
from bench.report.site import (
    MATRIX_PAGE_ROWS,
    SYNTHETIC_MARK,
    badge,
    duration,
    esc,
    figure_html,
    num,
    page,
    provenance,
    syn_note,
    synthetic_run,
    table,
)

LOG_PREVIEW_BYTES = 64 * 1024
TEXT_PREVIEW_CHARS = 2000
INPUT_PREVIEW_CHARS = 300
# model_calls.jsonl is written during the agent's run (its requests shape it): read at most this much of it,
# and draw at most this many calls, so a run that made a million calls still gets a page.
CALLS_FILE_BYTES = 4 * 1024 * 1024
CALL_ROWS = 1000
# The trajectory is harness-written and bounded (agents.base.normalized_events), but a bundle may be edited by
# hand: read at most this much of it, and draw at most this many events.
TRAJECTORY_FILE_BYTES = 32 * 1024 * 1024
TIMELINE_EVENTS = 2000
FILES_SHOWN = 200


def read_preview(path: Path, limit: int = LOG_PREVIEW_BYTES) -> tuple[str, bool, int] | None:
    """(the first `limit` bytes as text, whether the file is longer, its size), or None when it is absent."""
    try:
        with open(path, "rb") as fh:
            data = fh.read(limit + 1)
            size = os.fstat(fh.fileno()).st_size
    except OSError:
        return None
    return data[:limit].decode(errors="replace"), len(data) > limit, size


def read_events(path: Path, limit: int = TRAJECTORY_FILE_BYTES) -> list[dict]:
    """The normalized trajectory events of a run, from the first `limit` bytes of its file (lines that are not
    JSON objects, and a last line cut by the limit, are skipped)."""
    preview = read_preview(path, limit)
    if preview is None:
        return []
    text, cut, _ = preview
    lines = [line for line in text.split("\n") if line.strip()]  # not splitlines: U+2028 may sit in a string
    if cut and lines:
        lines = lines[:-1]
    try:  # one parse for the whole file: a run page is built 10,000 times in a large report
        items = json.loads("[" + ",".join(lines) + "]")
    except (ValueError, RecursionError):  # a bad line (or one Python will not parse): each line on its own
        items = [untrusted.loads(line) for line in lines]
    return [e for e in items if isinstance(e, dict)]


def _short(value, limit: int) -> str:
    """`value` as text of at most `limit` characters (a note says how many more there were), valid UTF-8."""
    text = value if isinstance(value, str) else json.dumps(untrusted.bounded(value), ensure_ascii=False)
    text = text if len(text) <= limit else text[:limit] + f"… ({len(text) - limit:,} more characters)"
    return untrusted.text(text, limit + 64)


def _time(e: dict) -> str:
    t = e.get("t")
    return f"{t:.2f} s" if untrusted.is_seconds(t) else ""


def _call(e: dict) -> str:
    status = "ok" if e.get("status") == "ok" else "error"
    dur = e.get("duration_s")
    head = (f'<span class="st {status}">{status}</span> <b>{esc(_short(e.get("name") or "?", 300))}</b>'
            f'{f" <span class=muted>{dur:g} s</span>" if untrusted.is_seconds(dur) else ""}'
            f'{" <span class=muted>(invalid call)</span>" if e.get("invalid") else ""}')
    inp = e.get("input")
    body = f" <code>{esc(_short(inp, INPUT_PREVIEW_CHARS))}</code>" if inp not in (None, "") else ""
    out = e.get("output")
    if out not in (None, ""):
        body += (f'<details><summary>output</summary><pre class="wrap">{esc(_short(out, TEXT_PREVIEW_CHARS))}'
                 f"</pre></details>")
    return f"<li>{head}{body}</li>"


def trajectory_html(events: list[dict], wall_s: float | None, synthetic: bool = False) -> str:
    """The normalized trajectory: a time strip, then a timeline of turns with their tool calls and messages.
    `synthetic`: the agent invented the timeline and its counts (they are marked so)."""
    shown = [e for e in events if e.get("type") != "usage"]  # usage is folded into each turn's tokens
    if not shown:
        return "<p>This agent reports no trajectory events.</p>"
    left = len(shown) - TIMELINE_EVENTS
    shown = shown[:TIMELINE_EVENTS]
    fake_time = synthetic and "timeline" in SYNTHETIC_FIGURES
    fake_tokens = synthetic and "tokens_in" in SYNTHETIC_FIGURES
    # Each timeline item is (css class, header and content HTML, the tool calls made after it).
    items: list[tuple[str, str, list[str]]] = []
    for e in shown:
        kind = e.get("type")
        if kind == "tool_call":
            if not items:
                items.append(("", '<div class="ev-head"><b>before the first turn</b></div>', []))
            items[-1][2].append(_call(e))
        elif kind == "turn":
            index = esc(_short(e.get("index", "?"), 40))
            items.append(("turn", f'<div class="ev-head"><b>Turn {index}</b> · {_time(e)} · '
                                  f'tokens {figure_html(e.get("tokens_in"), fake_tokens)} in / '
                                  f'{figure_html(e.get("tokens_out"), fake_tokens)} out</div>', []))
        elif kind == "text":
            cls, who = ("say reasoning", "reasoning") if e.get("reasoning") else ("say", "agent says")
            items.append(("", f'<div class="ev-head">{who} · {_time(e)}</div>'
                              f'<div class="{cls}">{esc(_short(e.get("text") or "", TEXT_PREVIEW_CHARS))}</div>', []))
        elif kind == "error":
            items.append(("error", f'<div class="ev-head"><b>error</b> · {_time(e)}</div>'
                                   f'<div class="say">{esc(_short(e.get("message") or "", TEXT_PREVIEW_CHARS))}'
                                   "</div>", []))
        else:
            detail = {k: v for k, v in e.items() if k not in ("type", "t")}
            items.append(("", f'<div class="ev-head"><b>{esc(_short(kind, 64))}</b> · {_time(e)}</div>'
                              f"<code>{esc(_short(detail, INPUT_PREVIEW_CHARS))}</code>", []))
    lis = "".join(f'<li class="{cls}">{head}' + (f'<ul class="calls">{"".join(calls)}</ul>' if calls else "") + "</li>"
                  for cls, head, calls in items)
    note = ""
    if fake_time:
        note = (f'<div class="alert syn-alert"><sup class="syn">{SYNTHETIC_MARK}</sup> <b>Synthetic trajectory.</b> '
                "This agent invented the timeline below (its turns, tool calls, their times and token counts): it "
                "shows what a trajectory looks like, not what happened. The agent's wall time, the diff and the "
                "grading are real.</div>")
    if left > 0:
        note += (f'<div class="alert">The first {TIMELINE_EVENTS:,} of {len(shown) + left:,} trajectory events are '
                 "shown; the run's trajectory.jsonl has them all.</div>")
    label = "tool calls over time" + (" (synthetic)" if fake_time else "")
    return note + timeline_strip(events, wall_s, label=label) + f'<ol class="timeline" id="timeline">{lis}</ol>'


# ---------------------------------------------------------------- the model calls the proxy recorded

def _finite(value) -> float | None:
    """A measurement from an untrusted line: a real, finite number, or None (a bool, a string, NaN are none)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return None
    return float(value)


def _whole(value) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _started(value) -> datetime | None:
    """A call's started_at (ISO 8601; naive means UTC), or None when it is not one."""
    if not isinstance(value, str) or len(value) > 64:
        return None
    try:
        when = datetime.fromisoformat(value)
    except ValueError:
        return None
    return when if when.tzinfo else when.replace(tzinfo=timezone.utc)


def _call_row(item: dict) -> dict:
    """One model_calls.jsonl line as the figures the timeline shows, every one checked for its type (the file
    is untrusted); an unusable field becomes None."""
    usage = item.get("usage") if isinstance(item.get("usage"), dict) else {}

    def tokens(name: str) -> int | None:  # calls.USAGE_FIELDS spelling, or the short one
        return _whole(usage.get(f"{name}_tokens", usage.get(name)))

    text = {k: (None if item.get(k) is None else _short(item[k], INPUT_PREVIEW_CHARS))
            for k in ("model", "protocol", "error", "finish_reason", "path")}
    return {"started": _started(item.get("started_at")), "ttft_s": _finite(item.get("ttft_s")),
            "total_s": _finite(item.get("total_s")), "prefill_s": _finite(item.get("prefill_s")),
            "decode_s": _finite(item.get("decode_s")), "tokens_in": tokens("prompt"),
            "tokens_out": tokens("completion"), "tokens_cached": tokens("cached"),
            "tool_calls": _whole(item.get("tool_calls")), "status": _whole(item.get("status")),
            "truncated": item.get("context_truncated") is True, "translated": item.get("translated") is True,
            **text}


def read_calls(path: Path, limit: int | None = None) -> dict | None:
    """The calls of a run's model_calls.jsonl, or None when there is no such file: {"calls": rows in file
    order, "bad": lines that were not call records (skipped), "cut": whether the file was longer than `limit`
    bytes (default CALLS_FILE_BYTES; the rest, and the line cut in two, unread), "size": its size}."""
    limit = limit or CALLS_FILE_BYTES
    preview = read_preview(path, limit)
    if preview is None:
        return None
    text, cut, size = preview
    lines = text.split("\n")  # not splitlines: JSON text may hold U+2028 and friends unescaped
    if cut:
        lines = lines[:-1]
    calls, bad = [], 0
    for line in lines:
        if not line.strip():
            continue
        try:
            item = json.loads(line)
        except (json.JSONDecodeError, RecursionError):
            item = None
        if isinstance(item, dict):
            calls.append(_call_row(item))
        else:
            bad += 1
    return {"calls": calls, "bad": bad, "cut": cut, "size": size, "limit": limit}


def _secs(value: float | None) -> str:
    return "–" if value is None else f"{value:.3g} s"


def _call_bar(call: dict, offset: float | None, span: float) -> str:
    """A call on the run's model time axis: where it started, time to first token, then the rest."""
    total = call["total_s"]
    if offset is None or total is None:
        return '<span class="muted">–</span>'
    x = 100 * max(offset, 0) / span
    w = max(0.4, 100 * max(total, 0) / span)
    ttft = min(max(call["ttft_s"] or 0, 0), max(total, 0))
    w1 = 100 * ttft / span
    rest = "var(--failed)" if call["error"] else "var(--passed)"
    label = f"starts at +{offset:.3g} s · time to first token {_secs(call['ttft_s'])} · total {_secs(total)}"
    return (f'<svg class="callbar" width="100%" height="12" role="img" aria-label="{esc(label)}" '
            'style="display:block;min-width:12em"><title>' + esc(label) + "</title>"
            '<rect x="0" width="100%" y="1" height="10" rx="2" style="fill:var(--track)"/>'
            f'<rect class="rest" x="{x:.2f}%" width="{w:.2f}%" y="1" height="10" rx="1" style="fill:{rest}"/>'
            + (f'<rect class="ttft" x="{x:.2f}%" width="{w1:.2f}%" y="1" height="10" rx="1" '
               'style="fill:var(--infra)"/>' if w1 > 0 else "") + "</svg>")


def _call_status(call: dict) -> str:
    code = "" if call["status"] is None else f" {call['status']}"
    if call["error"] is not None:
        return f'<span class="st error">error</span>{esc(code)} <small>{esc(call["error"])}</small>'
    if call["status"] is not None and call["status"] >= 400:
        return f'<span class="st error">HTTP</span>{esc(code)}'
    return f'<span class="st ok">ok</span>{esc(code)}' + (
        f' <small class="muted">{esc(call["finish_reason"])}</small>' if call["finish_reason"] else "")


def _call_marks(call: dict) -> str:
    marks = []
    if call["truncated"]:
        marks.append(badge("overfit", title="the server cut the prompt to fit its context window",
                           label="context truncated"))
    if call["translated"]:
        marks.append(badge("none", title="the proxy translated this request to chat completions for the server",
                           label="translated"))
    return " ".join(marks)


def calls_timeline_html(calls: dict, href: str, section: dict | None = None) -> str:
    """The model calls the recording proxy saw (`calls`: read_calls), one row each in order of start: offset
    from the first call, a bar (time to first token, then the rest), phase times, tokens, tool calls, status,
    marks. `section`: the run record's model_calls totals; `href`: the full file in the bundle."""
    rows = sorted(calls["calls"], key=lambda c: (c["started"] is None, c["started"] or datetime.min.replace(
        tzinfo=timezone.utc)))
    starts = [c["started"] for c in rows if c["started"] is not None]
    first = min(starts) if starts else None
    offsets = [None if c["started"] is None else (c["started"] - first).total_seconds() for c in rows]
    span = max([o + max(c["total_s"] or 0, 0) for o, c in zip(offsets, rows, strict=True) if o is not None]
               + [0.001])
    parts = []
    if isinstance(section, dict):
        facts = [f"{num(_whole(section.get('calls')))} model call(s)",
                 f"{num(_whole(section.get('errors')))} error(s)",
                 f"{num(_whole(section.get('other_requests')))} other request(s)",
                 f"upstream {_short(_host(section.get('upstream')), INPUT_PREVIEW_CHARS)}"]
        protocols = section.get("protocols")
        if isinstance(protocols, dict) and protocols:
            facts.append("protocols " + ", ".join(f"{_short(str(k), 60)} {_short(v, 20)}"
                                                  for k, v in sorted(protocols.items(), key=str)))
        parts.append(f'<p class="muted">{esc(" · ".join(facts))}</p>')
        truncated, made = _whole(section.get("context_truncated")), _whole(section.get("calls"))
        if truncated and made:   # serving.truncated: the model saw less than the agent sent
            parts.append(f'<div class="alert bad">{esc(num(truncated))} of {esc(num(made))} model call(s) '
                         f"({100 * truncated / made:.1f}%) truncated by the context window: the model saw less than "
                         "the agent sent (METHODOLOGY.md, \"One context window\").</div>")
        if section.get("first_error"):
            parts.append(f'<div class="alert bad">first model error: '
                         f"{esc(_short(section['first_error'], TEXT_PREVIEW_CHARS))}</div>")
    notes = []
    if calls["bad"]:
        notes.append(f"{calls['bad']:,} line(s) of the file were not call records and are skipped")
    if calls["cut"]:
        notes.append(f"the file is {calls['size']:,} bytes: only its first {calls['limit']:,} are read")
    if len(rows) > CALL_ROWS:
        notes.append(f"the first {CALL_ROWS:,} of {len(rows):,} calls are shown")
    link = f' <a href="{esc(href)}">model_calls.jsonl</a>'
    if notes:
        parts.append(f'<div class="alert">{esc("; ".join(notes))}.{link}</div>')
    if calls.get("absent"):
        return "".join(parts) + "<p>The run's bundle has no model_calls.jsonl.</p>"
    if not rows:
        return "".join(parts) + f"<p>No model call was recorded.{link}</p>"
    out = []
    for i, (call, offset) in enumerate(zip(rows[:CALL_ROWS], offsets, strict=False), 1):
        phases = f"{_secs(call['prefill_s'])} / {_secs(call['decode_s'])}"
        cached = f' <small class="muted">({num(call["tokens_cached"])} cached)</small>' if call["tokens_cached"] else ""
        out.append(
            f'<tr data-text="{esc(call["model"] or "")} {esc(call["error"] or "")}"><td class="num">{i}</td>'
            f'<td class="num">{"–" if offset is None else esc(f"+{offset:.3g} s")}</td>'
            f"<td>{_call_bar(call, offset, span)}</td><td class=num>{esc(_secs(call['ttft_s']))}</td>"
            f"<td class=num>{esc(_secs(call['total_s']))}</td><td class=num>{esc(phases)}</td>"
            f"<td class=num>{esc(num(call['tokens_in']))}{cached} / {esc(num(call['tokens_out']))}</td>"
            f"<td class=num>{esc(num(call['tool_calls']))}</td><td>{_call_status(call)}</td>"
            f"<td>{_call_marks(call)}</td><td>{esc(call['model'] or '–')}"
            f'<br><small class="muted">{esc(call["protocol"] or "?")}</small></td></tr>')
    parts.append(table(['<th class="num">#</th>', '<th class="num">Start</th>',
                        '<th title="time to first token (blue), then the rest of the call">Time</th>',
                        '<th class="num">TTFT</th>', '<th class="num">Total</th>',
                        '<th class="num" title="as the server reported them">Prefill / decode</th>',
                        '<th class="num">Tokens in / out</th>', '<th class="num">Tool calls</th>', "Status",
                        "Marks", "Model"], out, id_="model-calls", paged=MATRIX_PAGE_ROWS,
                       filter_label="Filter calls"))
    parts.append(f'<p class="muted">Start: seconds after the first call started. Bar: the call on the run\'s '
                 f"model time axis, time to first token in blue, the rest after it.{link}</p>")
    return "".join(parts)


def _host(url) -> str:
    """A server named by its address, not as a link: the site makes no network reference."""
    return str(url).split("://", 1)[-1] if url else "–"


def model_calls_section(run: dict, run_dir: Path, href: str) -> str:
    """The run page's "Model calls" section: '' when the run went through no model proxy (no calls file and no
    model_calls totals)."""
    calls = read_calls(run_dir / "model_calls.jsonl")
    section = run.get("model_calls")
    if calls is None and section is None:
        return ""
    if calls is None:
        calls = {"calls": [], "bad": 0, "cut": False, "size": 0, "absent": True}
    return "<h2>Model calls</h2>" + calls_timeline_html(calls, href, section if isinstance(section, dict) else None)


def log_block(title: str, path: Path, href: str, open_: bool = False) -> str:
    """A collapsible preview of a log with a link (`href`) to the full file; '' when the file does not exist."""
    preview = read_preview(path)
    if preview is None:
        return ""
    text, truncated, size = preview
    note = f' · <a href="{esc(href)}">full file</a>' + (" · preview truncated" if truncated else "")
    return (f"<details{' open' if open_ else ''}><summary>{esc(title)} ({size:,} bytes){note}</summary>"
            f"<pre>{esc(text, quote=False) if text else '<span class=muted>(empty)</span>'}</pre></details>")


def grading_html(name: str, section: dict | None, log_path: Path, href: str) -> str:
    """A grading step (visible oracle or held-out tests): verdict, each command, the log (open if it failed)."""
    if section is None:
        return ""
    verdict = "passed" if section["passed"] else "failed"
    items = "".join(
        f"<li><code>{esc(c['command'])}</code>: exit {esc(str(c['exit_code']))}"
        f"{' (timed out)' if c['timed_out'] else ''}"
        f"{' (the tripwire alone failed, as it must)' if c.get('tripwire') == 'failed' else ''}, "
        f"{c['duration_s']:.2f} s</li>" for c in section["commands"])
    error = f'<div class="alert bad">{esc(section["error"])}</div>' if section.get("error") else ""
    return (f'<h2>{esc(name)} <span class="badge o-{verdict}">{verdict}</span></h2>{error}<ul>{items}</ul>'
            + log_block(f"{name} output", log_path, href, open_=not section["passed"]))


def _agent_said(agent: dict, field: str) -> str:
    """" (agent said 1,200)" after a count the proxy measured, when the agent's own output said another."""
    said = agent.get("agent_reported")
    other = _whole(said.get(field)) if isinstance(said, dict) else None
    if other is None or other == agent.get(field):
        return ""
    return f' <small class="agent-said">(agent said {esc(num(other))})</small>'


def reproduce_command(run: dict) -> str:
    """The command that repeats this run."""
    parts = ["localagentbench run", f"--agent {run['agent']['name']}", f"--task {run['task_id']}"]
    if run["model"]["id"] != "none":
        parts.append(f"--model {run['model']['id']}")
    for key, flag in (("agent_cmd", "--agent-cmd"), ("base_url", "--base-url"), ("seed", "--seed")):
        if (run.get("options") or {}).get(key) is not None:
            parts.append(f"{flag} {json.dumps(str(run['options'][key]))}")
    if (run.get("options") or {}).get("allow_local_repos"):
        parts.append("--allow-local-repos")
    if isinstance((run.get("options") or {}).get("attempts"), int):
        parts.append(f"--attempts {run['options']['attempts']}")
    if visible_of(run) != VISIBLE_DEFAULT:
        parts.append(f"--visible {visible_of(run)}")
    return " ".join(parts)


def attempts_html(run: dict, rel: str) -> str:
    """The "Attempts" section of a run made with --attempts: each attempt's verdict, phases, time, tokens and
    flags, with links to its prompt, change and visible tests' log ("" for a run of one attempt)."""
    attempts = run.get("attempts") or []
    if not attempts:
        return ""

    def phase(value) -> str:
        return "–" if value is None else "passed" if value else "failed"

    rows = []
    for item in attempts:
        where = rel if item["files"] == "." else f"{rel}/{item['files']}"
        links = " · ".join(f'<a href="{esc(f"{where}/{name}")}">{esc(name)}</a>'
                           for name in ("prompt.txt", "patch.diff", "oracle.log", ATIF_FILE))
        rows.append(f"<tr><td class=num>{item['n']}</td><td>{badge(item['outcome'])}</td>"
                    f"<td>{phase(item['visible_passed'])}</td><td>{phase(item['heldout_passed'])}</td>"
                    f"<td class=num>{esc(duration(item['wall_s']))}</td>"
                    f"<td class=num>{figure_html(item['tokens_in'], False)} / {figure_html(item['tokens_out'], False)}"
                    f"</td><td>{esc(', '.join(item['flags']) or 'none')}</td><td>{links}</td></tr>")
    return ("<h2>Attempts</h2>" + table(
        ['<th class="num">Attempt</th>', "Outcome", "Visible", "Held-out", '<th class="num">Wall time</th>',
         '<th class="num">Tokens in / out</th>', "Flags", "Files"], rows, id_="attempts")
        + '<p class="muted">After an attempt whose visible tests failed the agent ran again in the same workdir, '
          "its prompt holding their output; the verdict, the diff and the grading below are the last attempt's, "
          "the times and tokens above the sum over the attempts.</p>")


@functools.lru_cache(maxsize=4096)
def prompt_html(prompt: str) -> str:
    """A task prompt as HTML. Prompts are repo-authored (trusted) and shared by every repetition: converted once."""
    return _markdown().reset().convert(prompt)


@functools.lru_cache(maxsize=1)
def _markdown() -> md.Markdown:
    # One converter, reset between prompts: building a Markdown instance costs more than converting a prompt.
    return md.Markdown(extensions=["fenced_code"])


def run_page_name(run: dict) -> str:
    """A stable, unique file name for a run's page."""
    key = f"{run['run_id']}|{run['agent']['name']}|{run['model']['id']}"
    return f"{run['task_id']}-{run['rep']}-{hashlib.sha1(key.encode()).hexdigest()[:8]}.html"


def bundle_href(run_dir: Path, page_dir: Path) -> str:
    """The link from a page to a run's bundle folder: relative (the site moves with its results), or a file://
    URI when no relative path exists (another drive on Windows)."""
    try:
        rel = os.path.relpath(run_dir, page_dir).replace(os.sep, "/")
    except ValueError:
        return Path(os.path.abspath(run_dir)).as_uri()
    # A relative reference whose first segment holds a colon ("javascript:...") would be read as a scheme.
    return rel if rel.startswith(".") else "./" + rel


def atif_link(run_dir: Path, rel: str) -> str:
    """The link to the run's trajectory as ATIF (agents.atif), when its bundle has one (older bundles do not)."""
    if not (run_dir / ATIF_FILE).is_file():
        return ""
    return (f'<p class="muted" id="atif">The same trajectory in ATIF v1.7 (Harbor\'s Agent Trajectory Interchange '
            f'Format), with each step\'s tokens from the model proxy: <a href="{esc(f"{rel}/{ATIF_FILE}")}">'
            f"{ATIF_FILE}</a></p>")


def run_html(run: dict, page_dir: Path, *, footer: str, siblings_html: str = "") -> str:
    """One run's page: prompt, trajectory timeline, highlighted diff, grading output, logs, reproduction, provenance.

    `page_dir` is where the page will live (links to the bundle's files are relative to it);
    `siblings_html` links the other repetitions of the same task.
    """
    run_dir = Path(run["paths"]["run_dir"])
    rel = bundle_href(run_dir, page_dir)
    a = run["agent"]
    parts = [f"<h1>{esc(run['task_id'])} · rep {run['rep']} {badge(run['outcome'])}</h1>",
             f'<p class="sub">{esc(a["name"])} × {esc(run["model"]["id"])} · {esc(run["task"].get("title") or "")}'
             f' · {esc(run["task"]["category"])}, {esc(run["task"]["difficulty"])}</p>']
    heldout = ("confirmed" if run["heldout"]["passed"] else "failed") if run["heldout"] else \
        "not run" if run["task"].get("heldout") else "none"
    synthetic = synthetic_run(run)

    measured = run.get("model_calls") is not None or a.get("tokens_source") == "proxy"

    def count(field: str) -> str:
        if measured and field.startswith("tokens_"):  # the proxy counted them: measured, whatever the agent is
            return figure_html(a.get(field), False) + _agent_said(a, field)
        return figure_html(a.get(field), synthetic and field in SYNTHETIC_FIGURES)

    facts = [("agent wall time", esc(duration(a["wall_s"]))), ("turns", count("turns")),
             ("tokens in / out", f"{count('tokens_in')} / {count('tokens_out')}"),
             ("tool calls (failed)", f"{count('tool_calls')} ({count('failed_tool_calls')})"),
             ("visible oracle", "–" if not run["oracle"] else "passed" if run["oracle"]["passed"] else "failed"),
             ("held-out", esc(heldout)), ("visible tests", esc(VISIBLE_WORDS[visible_of(run)]))]
    model_s, own_s = _finite(a.get("model_s")), _finite(a.get("own_s"))
    if model_s is not None:
        share = f" ({100 * model_s / a['wall_s']:.0f}% of wall)" if a["wall_s"] else ""
        facts.append(("model time", esc(duration(model_s) + share)))
    queued_s = _finite(a.get("queued_s"))
    if queued_s:   # waited for a free server slot behind other runs' calls: not the model's time nor the agent's
        facts.append(("queued for the model", esc(duration(queued_s))))
    if own_s is not None:
        facts.append(("agent's own time", esc(duration(own_s))))
    parts.append('<div class="facts">' + "".join(f"<div><b>{v}</b><span>{esc(k)}</span></div>" for k, v in facts)
                 + "</div>")
    if synthetic:
        parts.append(syn_note("turns, tokens and tool calls of this run"))
    if siblings_html:
        parts.append(f"<p>Repetitions: {siblings_html}</p>")
    parts.append(attempts_html(run, rel))
    if run.get("flags"):
        parts.append('<div class="alert">Flags: ' + esc(", ".join(
            f"{f} ({', '.join(run.get('flag_details', {}).get(f, []))})" for f in run["flags"])) + "</div>")
    if not sandbox.confined(run["sandbox"]):
        parts.append('<div class="alert">This run had no sandbox (--sandbox none, or its record does not show '
                     'bubblewrap).</div>')
    for key in ("infra_error", "agent_error"):
        if a.get(key):
            parts.append(f'<div class="alert bad">{esc(key.replace("_", " "))}: {esc(a[key])}</div>')
    prompt = run["task"].get("prompt")
    parts.append('<h2>Prompt</h2><div class="card prompt">' +
                 (prompt_html(prompt) if prompt else '<p class="muted">No prompt recorded.</p>') + "</div>")
    parts.append("<h2>Trajectory</h2>" + trajectory_html(read_events(run_dir / "trajectory.jsonl"), a["wall_s"],
                                                         synthetic=synthetic) + atif_link(run_dir, rel))
    parts.append(model_calls_section(run, run_dir, f"{rel}/model_calls.jsonl"))
    patch = read_preview(run_dir / "patch.diff")
    changed = a.get("files_changed") or []
    listed = ", ".join(str(f) for f in changed[:FILES_SHOWN]) + (f", … {len(changed) - FILES_SHOWN:,} more"
                                                                 if len(changed) > FILES_SHOWN else "")
    parts.append("<h2>Diff</h2>"
                 + (f'<p class="muted">{len(changed):,} file(s): {esc(_short(listed, 20000))}</p>' if changed else ""))
    if patch and patch[0].strip():
        link = esc(f"{rel}/patch.diff")
        parts.append(diff_html(patch[0]) + (f'<p>Diff truncated at {patch[2]:,} bytes: <a href="{link}">the full '
                                            "patch.diff</a>.</p>" if patch[1] else ""))
    elif "change_too_large" in (run.get("flags") or ()):
        parts.append("<p>The change was over the size cap (<code>--max-change-mb</code>): it was not kept, and the "
                     "run failed (flag <code>change_too_large</code>).</p>")
    else:
        parts.append("<p>The agent changed nothing.</p>")
    parts.append(grading_html("Visible oracle", run["oracle"], run_dir / "oracle.log", f"{rel}/oracle.log"))
    parts.append(grading_html("Held-out tests", run["heldout"], run_dir / "heldout.log", f"{rel}/heldout.log"))
    logs = (log_block("agent stdout", run_dir / "agent.stdout.log", f"{rel}/agent.stdout.log")
            + log_block("agent stderr", run_dir / "agent.stderr.log", f"{rel}/agent.stderr.log"))
    parts.append("<h2>Raw logs</h2>" + (logs or "<p>No agent logs were kept.</p>"))
    parts.append(f"<h2>Reproduce</h2><pre class=wrap>{esc(reproduce_command(run))}</pre>")
    prov = {"run id": run["run_id"], "harness": run["harness_version"], "task digest": run["task_digest"],
            "agent": f"{a['name']} {a.get('version') or ''}", "argv": " ".join(a["argv"]),
            "model": json.dumps(run["model"], sort_keys=True), "sandbox": json.dumps(run["sandbox"], sort_keys=True),
            "options": json.dumps(run.get("options") or {}, sort_keys=True),
            "flags": ", ".join(run.get("flags", [])) or "none"}
    parts.append("<h2>Provenance</h2>" + provenance(prov, open_=True))
    return page(f"{run['task_id']} rep {run['rep']}", f"/ {run['task_id']} / rep {run['rep']}", "\n".join(parts),
                home="../index.html", footer=footer, assets="../assets/")
