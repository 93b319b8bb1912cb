"""The pieces of one run's page: the trajectory timeline, grading output and raw logs, read from the run bundle.

Everything shown here is agent or tool output, so all of it is escaped; large files are shown truncated
with a link to the full file in the bundle.
"""
from __future__ import annotations

import functools
import json
import os
from pathlib import Path

import markdown as md

from bench.common.summary import SYNTHETIC_FIGURES
from bench.report.charts import timeline_strip
from bench.report.highlight import diff_html
from bench.report.site import (
    SYNTHETIC_MARK,
    badge,
    duration,
    esc,
    figure_html,
    page,
    provenance,
    syn_note,
    synthetic_run,
)

LOG_PREVIEW_BYTES = 64 * 1024
TEXT_PREVIEW_CHARS = 2000
INPUT_PREVIEW_CHARS = 300


def read_preview(path: Path, limit: int = LOG_PREVIEW_BYTES) -> tuple[str, bool, int] | None:
    """(the first `limit` bytes as text, whether the file is longer, its size), or None when it is absent."""
    try:
        with open(path, "rb") as fh:
            data = fh.read(limit + 1)
            size = os.fstat(fh.fileno()).st_size
    except OSError:
        return None
    return data[:limit].decode(errors="replace"), len(data) > limit, size


def read_events(path: Path) -> list[dict]:
    """The normalized trajectory events of a run (lines that are not JSON objects are skipped)."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    lines = [line for line in text.splitlines() if line.strip()]
    try:  # one parse for the whole file: a run page is built 10,000 times in a large report
        items = json.loads("[" + ",".join(lines) + "]")
    except json.JSONDecodeError:
        items = []
        for line in lines:
            try:
                items.append(json.loads(line))
            except json.JSONDecodeError:
                continue
    return [e for e in items if isinstance(e, dict)]


def _short(value, limit: int) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[:limit] + f"… ({len(text) - limit:,} more characters)"


def _time(e: dict) -> str:
    t = e.get("t")
    return f"{t:.2f} s" if isinstance(t, (int, float)) else ""


def _call(e: dict) -> str:
    status = "ok" if e.get("status") == "ok" else "error"
    dur = e.get("duration_s")
    head = (f'<span class="st {status}">{status}</span> <b>{esc(str(e.get("name") or "?"))}</b>'
            f'{f" <span class=muted>{dur:g} s</span>" if isinstance(dur, (int, float)) else ""}'
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
            items.append(("turn", f'<div class="ev-head"><b>Turn {esc(str(e.get("index", "?")))}</b> · {_time(e)} · '
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
            items.append(("", f'<div class="ev-head"><b>{esc(str(kind))}</b> · {_time(e)}</div>'
                              f"<code>{esc(_short(detail, INPUT_PREVIEW_CHARS))}</code>", []))
    lis = "".join(f'<li class="{cls}">{head}' + (f'<ul class="calls">{"".join(calls)}</ul>' if calls else "") + "</li>"
                  for cls, head, calls in items)
    note = ""
    if fake_time:
        note = (f'<div class="alert syn-alert"><sup class="syn">{SYNTHETIC_MARK}</sup> <b>Synthetic trajectory.</b> '
                "This agent invented the timeline below (its turns, tool calls, their times and token counts): it "
                "shows what a trajectory looks like, not what happened. The agent's wall time, the diff and the "
                "grading are real.</div>")
    label = "tool calls over time" + (" (synthetic)" if fake_time else "")
    return note + timeline_strip(events, wall_s, label=label) + f'<ol class="timeline" id="timeline">{lis}</ol>'


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
        f"{' (timed out)' if c['timed_out'] else ''}, {c['duration_s']:.2f} s</li>" for c in section["commands"])
    error = f'<div class="alert bad">{esc(section["error"])}</div>' if section.get("error") else ""
    return (f'<h2>{esc(name)} <span class="badge o-{verdict}">{verdict}</span></h2>{error}<ul>{items}</ul>'
            + log_block(f"{name} output", log_path, href, open_=not section["passed"]))


def reproduce_command(run: dict) -> str:
    """The command that repeats this run."""
    parts = ["localagentbench run", f"--agent {run['agent']['name']}", f"--task {run['task_id']}"]
    if run["model"]["id"] != "none":
        parts.append(f"--model {run['model']['id']}")
    for key, flag in (("agent_cmd", "--agent-cmd"), ("base_url", "--base-url"), ("seed", "--seed")):
        if (run.get("options") or {}).get(key) is not None:
            parts.append(f"{flag} {json.dumps(str(run['options'][key]))}")
    return " ".join(parts)


@functools.lru_cache(maxsize=4096)
def prompt_html(prompt: str) -> str:
    """A task prompt as HTML. Prompts are repo-authored (trusted) and shared by every repetition: converted once."""
    return _markdown().reset().convert(prompt)


@functools.lru_cache(maxsize=1)
def _markdown() -> md.Markdown:
    # One converter, reset between prompts: building a Markdown instance costs more than converting a prompt.
    return md.Markdown(extensions=["fenced_code"])


def bundle_href(run_dir: Path, page_dir: Path) -> str:
    """The link from a page to a run's bundle folder: relative (the site moves with its results), or a file://
    URI when no relative path exists (another drive on Windows)."""
    try:
        return os.path.relpath(run_dir, page_dir).replace(os.sep, "/")
    except ValueError:
        return Path(os.path.abspath(run_dir)).as_uri()


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

    def count(field: str) -> str:
        return figure_html(a.get(field), synthetic and field in SYNTHETIC_FIGURES)

    facts = [("agent wall time", esc(duration(a["wall_s"]))), ("turns", count("turns")),
             ("tokens in / out", f"{count('tokens_in')} / {count('tokens_out')}"),
             ("tool calls (failed)", f"{count('tool_calls')} ({count('failed_tool_calls')})"),
             ("visible oracle", "–" if not run["oracle"] else "passed" if run["oracle"]["passed"] else "failed"),
             ("held-out", esc(heldout))]
    parts.append('<div class="facts">' + "".join(f"<div><b>{v}</b><span>{esc(k)}</span></div>" for k, v in facts)
                 + "</div>")
    if synthetic:
        parts.append(syn_note("turns, tokens and tool calls of this run"))
    if siblings_html:
        parts.append(f"<p>Repetitions: {siblings_html}</p>")
    if run.get("flags"):
        parts.append('<div class="alert">Flags: ' + esc(", ".join(
            f"{f} ({', '.join(run.get('flag_details', {}).get(f, []))})" for f in run["flags"])) + "</div>")
    if run["sandbox"]["kind"] == "none":
        parts.append('<div class="alert">This run had no sandbox (--sandbox none).</div>')
    for key in ("infra_error", "agent_error"):
        if a.get(key):
            parts.append(f'<div class="alert bad">{esc(key.replace("_", " "))}: {esc(a[key])}</div>')
    prompt = run["task"].get("prompt")
    parts.append('<h2>Prompt</h2><div class="card prompt">' +
                 (prompt_html(prompt) if prompt else '<p class="muted">No prompt recorded.</p>') + "</div>")
    parts.append("<h2>Trajectory</h2>" + trajectory_html(read_events(run_dir / "trajectory.jsonl"), a["wall_s"],
                                                         synthetic=synthetic))
    patch = read_preview(run_dir / "patch.diff")
    changed = a.get("files_changed") or []
    parts.append("<h2>Diff</h2>"
                 + (f'<p class="muted">{len(changed)} file(s): {esc(", ".join(changed))}</p>' if changed else ""))
    if patch and patch[0].strip():
        link = esc(f"{rel}/patch.diff")
        parts.append(diff_html(patch[0]) + (f'<p>Diff truncated at {patch[2]:,} bytes: <a href="{link}">the full '
                                            "patch.diff</a>.</p>" if patch[1] else ""))
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
