"""render: summary.json to report.md and a self-contained static site (site/index.html + one page per run).

    python -m bench.render results/<run>/summary.json --out results/<run>/

Pages open from file:// with no network. Agent output is always escaped; only repo-authored text
(task prompts) passes through Markdown.
"""
from __future__ import annotations

import hashlib
import html
import json
import os
import string
import sys
from pathlib import Path
from typing import Sequence

import markdown as md

from bench.common import schema
from bench.common.errors import UserError
from bench.common.paths import SITE_TEMPLATE_DIR
from bench.common.records import write_text_atomic
from bench.common.stage import ArgumentParser, log, run_main

LOG_PREVIEW_BYTES = 64 * 1024
OUTCOME_LABEL = {"passed": "passed", "failed": "failed", "overfit": "overfit", "agent_timeout": "timeout",
                 "agent_error": "agent error", "oracle_error": "oracle error", "infra_error": "infra error"}
esc = html.escape


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}%"


def _num(x, unit: str = "") -> str:
    if x is None:
        return "–"
    if isinstance(x, float):
        return f"{x:,.1f}{unit}"
    return f"{x:,}{unit}"


def run_page_name(run: dict) -> str:
    """A stable, unique file name for a run's page."""
    key = f"{run['run_id']}|{run['agent']['name']}|{run['model']['id']}"
    return f"{run['task_id']}-{run['rep']}-{hashlib.sha1(key.encode()).hexdigest()[:8]}.html"


def reproduce_command(run: dict) -> str:
    """The command that repeats this run."""
    parts = ["localagentbench run", f"--agent {run['agent']['name']}", f"--task {run['task_id']}"]
    if run["model"]["id"] != "none":
        parts.append(f"--model {run['model']['id']}")
    for key, flag in (("agent_cmd", "--agent-cmd"), ("base_url", "--base-url"), ("seed", "--seed")):
        if (run.get("options") or {}).get(key) is not None:
            parts.append(f"{flag} {json.dumps(str(run['options'][key]))}")
    return " ".join(parts)


# ---------------------------------------------------------------- Markdown report

def markdown_report(summary: dict) -> str:
    """The run report as Markdown."""
    lines = [f"# LocalAgentBench report", "",
             f"Runs {', '.join(summary['run_ids']) or '(none)'} · harness {summary['harness_version']} · "
             f"{len(summary['runs'])} graded run(s)", ""]
    for warning in summary["warnings"]:
        lines.append(f"> **Warning:** {warning}")
    if summary["warnings"]:
        lines.append("")
    lines += ["## Results", "",
              "| Agent | Model | pass@1 | 95% CI | pass@k | Held-out confirmed | Overfit | Infra errors | "
              "Median latency | Tokens in / out | Tool calls (failed) |",
              "|---|---|---:|---|---|---:|---:|---:|---:|---:|---:|"]
    for g in summary["groups"]:
        lo, hi = g["pass_at_1_ci"]
        pk = ", ".join(f"@{k} {_pct(v)}" for k, v in g["pass_at_k"].items())
        c = g["costs"]
        lines.append(
            f"| {g['agent']} | {g['model']} | {_pct(g['pass_at_1'])} | {_pct(lo)} – {_pct(hi)} | {pk} | "
            f"{g['heldout_confirmed']}/{g['heldout_checked']} | {g['overfit']} | {g['infra_errors']} | "
            f"{_num(g['latency']['median_s'], ' s')} | {_num(c['tokens_in'])} / {_num(c['tokens_out'])} | "
            f"{_num(c['tool_calls'])} ({_num(c['failed_tool_calls'])}) |")
    groups = summary["groups"]
    lines += ["", "## Per task", "", "| Task | Category | Difficulty | " +
              " | ".join(f"{g['agent']} × {g['model']}" for g in groups) + " |",
              "|---|---|---|" + "---|" * len(groups)]
    cells = {(t["task_id"], t["agent"], t["model"]): t for t in summary["tasks"]}
    for task_id in sorted({t["task_id"] for t in summary["tasks"]}):
        any_row = next(t for t in summary["tasks"] if t["task_id"] == task_id)
        row = [task_id, any_row["category"], any_row["difficulty"]]
        for g in groups:
            t = cells.get((task_id, g["agent"], g["model"]))
            row.append("–" if t is None else f"{t['c']}/{t['n']} " + ", ".join(OUTCOME_LABEL[o] for o in t["outcomes"]))
        lines.append("| " + " | ".join(row) + " |")
    lines += ["", "## Per category", "", "| Agent | Model | " + " | ".join(
        sorted({c for g in groups for c in g["categories"]})) + " |"]
    cats = sorted({c for g in groups for c in g["categories"]})
    lines.append("|---|---|" + "---:|" * len(cats))
    for g in groups:
        lines.append(f"| {g['agent']} | {g['model']} | " + " | ".join(
            _pct(g["categories"][c]["pass_at_1"]) if c in g["categories"] else "–" for c in cats) + " |")
    lines += ["", "## Provenance", ""]
    for g in groups:
        lines.append(f"- {g['agent']} × {g['model']}: agent version {', '.join(v for v in g['agent_version'] if v) or 'unknown'}, "
                     f"sandbox {', '.join(g.get('sandbox', []))}")
    lines.append(f"- task digests: {len(summary['task_digests'])} task(s); see summary.json")
    lines += ["", "Metric definitions: METHODOLOGY.md.", ""]
    return "\n".join(lines)


# ---------------------------------------------------------------- HTML site

def _template() -> tuple[string.Template, str]:
    try:
        page = string.Template((SITE_TEMPLATE_DIR / "page.html").read_text(encoding="utf-8"))
        style = (SITE_TEMPLATE_DIR / "style.css").read_text(encoding="utf-8")
    except OSError as exc:
        raise UserError(f"{SITE_TEMPLATE_DIR}: site template missing ({exc.strerror}); reinstall LocalAgentBench") from None
    return page, style


def _page(title: str, crumb: str, body: str, home: str, footer: str) -> str:
    page, style = _template()
    return page.substitute(title=esc(title), crumb=esc(crumb), body=body, home=home, style=style, footer=footer)


def _badge(outcome: str | None, href: str | None = None, title: str = "") -> str:
    label = OUTCOME_LABEL.get(outcome or "", "–")
    cls = f"badge o-{outcome or 'none'}"
    if href:
        return f'<a class="{cls}" href="{esc(href)}" title="{esc(title)}">{esc(label)}</a>'
    return f'<span class="{cls}" title="{esc(title)}">{esc(label)}</span>'


def _bar(p: float, ci: list[float]) -> str:
    return (f'<div class="bar" role="img" aria-label="pass@1 {_pct(p)}, 95% CI {_pct(ci[0])} to {_pct(ci[1])}">'
            f'<div class="fill" style="width:{100 * p:.2f}%"></div>'
            f'<div class="ci" style="left:{100 * ci[0]:.2f}%;width:{100 * (ci[1] - ci[0]):.2f}%"></div></div>')


def _footer(summary: dict) -> str:
    return (f"LocalAgentBench {esc(summary['harness_version'])} · runs {esc(', '.join(summary['run_ids']))} · "
            "numbers defined in METHODOLOGY.md")


def index_html(summary: dict) -> str:
    """The run site's front page: results per group, warnings, the task matrix."""
    parts = ["<h1>Evaluation report</h1>"]
    parts += [f'<div class="warn">{esc(w)}</div>' for w in summary["warnings"]]
    parts.append('<h2>Results</h2><div class="table-wrap"><table id="results"><thead><tr><th>Agent</th><th>Model</th>'
                 '<th>pass@1 (95% CI)</th><th class="num">pass@1</th><th>pass@k</th><th class="num">Held-out confirmed</th>'
                 '<th class="num">Overfit</th><th class="num">Infra errors</th><th class="num">Median latency</th>'
                 '<th class="num">Tokens in / out</th><th class="num">Tool calls (failed)</th></tr></thead><tbody>')
    for g in summary["groups"]:
        c = g["costs"]
        parts.append(
            f"<tr><td>{esc(g['agent'])}</td><td>{esc(g['model'])}</td><td>{_bar(g['pass_at_1'], g['pass_at_1_ci'])}</td>"
            f"<td class=num>{_pct(g['pass_at_1'])}<br><small>{_pct(g['pass_at_1_ci'][0])}–{_pct(g['pass_at_1_ci'][1])}</small></td>"
            f"<td>{esc(', '.join(f'@{k} {_pct(v)}' for k, v in g['pass_at_k'].items()))}</td>"
            f"<td class=num>{g['heldout_confirmed']}/{g['heldout_checked']}</td><td class=num>{g['overfit']}</td>"
            f"<td class=num>{g['infra_errors']}</td><td class=num>{_num(g['latency']['median_s'], ' s')}</td>"
            f"<td class=num>{_num(c['tokens_in'])} / {_num(c['tokens_out'])}</td>"
            f"<td class=num>{_num(c['tool_calls'])} ({_num(c['failed_tool_calls'])})</td></tr>")
    parts.append("</tbody></table></div>")
    groups = summary["groups"]
    runs_by = {}
    for run in summary["runs"]:
        runs_by.setdefault((run["task_id"], run["agent"]["name"], run["model"]["id"]), []).append(run)
    parts.append('<h2>Tasks</h2><div class="table-wrap"><table id="matrix"><thead><tr><th>Task</th><th>Category</th>'
                 '<th>Difficulty</th>' + "".join(f"<th>{esc(g['agent'])} × {esc(g['model'])}</th>" for g in groups) +
                 "</tr></thead><tbody>")
    meta = {t["task_id"]: t for t in summary["tasks"]}
    for task_id in sorted(meta):
        t = meta[task_id]
        row = f"<tr><td>{esc(task_id)}</td><td>{esc(t['category'])}</td><td>{esc(t['difficulty'])}</td>"
        for g in groups:
            runs = sorted(runs_by.get((task_id, g["agent"], g["model"]), []), key=lambda r: r["rep"])
            row += "<td>" + " ".join(_badge(r["outcome"], f"runs/{run_page_name(r)}",
                                            f"rep {r['rep']}" + (" · held-out confirmed" if r["heldout"] and r["heldout"]["passed"] and r["oracle"]["passed"] else ""))
                                     for r in runs) + "</td>"
        parts.append(row + "</tr>")
    parts.append("</tbody></table></div>")
    return _page("LocalAgentBench report", "report", "\n".join(parts), "index.html", _footer(summary))


def _read_preview(path: Path) -> tuple[str, bool]:
    if not path.exists():
        return "", False
    size = path.stat().st_size
    with open(path, "rb") as fh:
        data = fh.read(LOG_PREVIEW_BYTES)
    return data.decode(errors="replace"), size > LOG_PREVIEW_BYTES


def _diff_html(text: str) -> str:
    out = []
    for line in text.splitlines():
        cls = "add" if line.startswith("+") and not line.startswith("+++") else \
              "del" if line.startswith("-") and not line.startswith("---") else "hunk" if line.startswith("@@") else ""
        out.append(f'<span class="{cls}">{esc(line)}</span>' if cls else esc(line))
    return '<pre class="diff">' + "\n".join(out) + "</pre>"


def _log_block(title: str, path: Path, page_dir: Path, open_: bool = False) -> str:
    text, truncated = _read_preview(path)
    if not path.exists():
        return ""
    link = esc(os.path.relpath(path, page_dir))
    note = f' <a href="{link}">full file</a>' + (" (preview truncated)" if truncated else "")
    return (f"<details{' open' if open_ else ''}><summary>{esc(title)} ({path.stat().st_size:,} bytes){note}</summary>"
            f"<pre>{esc(text)}</pre></details>")


def run_html(run: dict, summary: dict, page_dir: Path) -> str:
    """One run's page: prompt, trajectory, diff, grading output, logs, provenance."""
    run_dir = Path(run["paths"]["run_dir"])
    a = run["agent"]
    parts = [f"<h1>{esc(run['task_id'])} · rep {run['rep']} {_badge(run['outcome'])}</h1>",
             f"<p>{esc(a['name'])} × {esc(run['model']['id'])} · {a['wall_s']:.1f} s · turns {_num(a['turns'])} · "
             f"tokens {_num(a['tokens_in'])} in / {_num(a['tokens_out'])} out · tool calls {_num(a['tool_calls'])} "
             f"({_num(a['failed_tool_calls'])} failed)</p>"]
    if run.get("flags"):
        parts.append('<div class="warn">Flags: ' + esc(", ".join(
            f"{f} ({', '.join(run.get('flag_details', {}).get(f, []))})" for f in run["flags"])) + "</div>")
    if run["sandbox"]["kind"] == "none":
        parts.append('<div class="warn">This run had no sandbox (--sandbox none).</div>')
    for key in ("infra_error", "agent_error"):
        if a.get(key):
            parts.append(f'<div class="warn">{esc(key.replace("_", " "))}: {esc(a[key])}</div>')
    parts.append('<h2>Prompt</h2><div class="card">' + md.markdown(run["task"]["prompt"], extensions=["fenced_code"]) + "</div>")
    events = []
    traj = run_dir / "trajectory.jsonl"
    if traj.exists():
        for line in traj.read_text(errors="replace").splitlines():
            try:
                events.append(json.loads(line))
            except json.JSONDecodeError:
                pass
    parts.append("<h2>Trajectory</h2>")
    if events:
        parts.append('<div class="table-wrap"><table id="trajectory"><thead><tr><th class="num">t (s)</th><th>Event</th>'
                     '<th>Detail</th></tr></thead><tbody>')
        for e in events:
            if e.get("type") == "usage":
                continue
            kind = e.get("type", "?")
            if kind == "tool_call":
                detail = (f"{_badge('passed' if e.get('status') == 'ok' else 'failed')} <b>{esc(str(e.get('name')))}</b> "
                          f"{esc(str(e.get('duration_s', '')))} s<br><code>{esc(str(e.get('input') or '')[:300])}</code>")
            elif kind == "turn":
                detail = f"turn {e.get('index')} · tokens {_num(e.get('tokens_in'))} in / {_num(e.get('tokens_out'))} out"
            else:
                detail = esc(str(e.get("text") or e.get("message") or "")[:2000])
            t = e.get("t")
            parts.append(f"<tr><td class=num>{'' if t is None else f'{t:.2f}'}</td><td>{esc(kind)}</td><td>{detail}</td></tr>")
        parts.append("</tbody></table></div>")
    else:
        parts.append("<p>This agent reports no trajectory events.</p>")
    patch, truncated = _read_preview(run_dir / "patch.diff")
    parts.append("<h2>Diff</h2>" + (_diff_html(patch) if patch else "<p>The agent changed nothing.</p>") +
                 ("<p>(diff truncated; see patch.diff)</p>" if truncated else ""))
    for name, section in (("Visible oracle", run["oracle"]), ("Held-out tests", run["heldout"])):
        if section is None:
            continue
        verdict = "passed" if section["passed"] else "failed"
        parts.append(f"<h2>{name} {_badge(verdict)}</h2><ul>" + "".join(
            f"<li><code>{esc(c['command'])}</code>: exit {c['exit_code']}{' (timed out)' if c['timed_out'] else ''}, "
            f"{c['duration_s']:.2f} s</li>" for c in section["commands"]) + "</ul>")
        parts.append(_log_block(f"{name} output", run_dir / ("oracle.log" if name.startswith("Visible") else "heldout.log"),
                                page_dir, open_=not section["passed"]))
    parts.append("<h2>Raw logs</h2>" + _log_block("agent stdout", run_dir / "agent.stdout.log", page_dir) +
                 _log_block("agent stderr", run_dir / "agent.stderr.log", page_dir))
    parts.append(f"<h2>Reproduce</h2><pre>{esc(reproduce_command(run))}</pre>")
    prov = {"run id": run["run_id"], "harness": run["harness_version"], "task digest": run["task_digest"],
            "agent": f"{a['name']} {a.get('version') or ''}", "argv": " ".join(a["argv"]),
            "model": json.dumps(run["model"]), "sandbox": json.dumps(run["sandbox"]),
            "flags": ", ".join(run.get("flags", [])) or "none"}
    parts.append('<h2>Provenance</h2><dl class="prov">' + "".join(
        f"<dt>{esc(k)}</dt><dd>{esc(str(v))}</dd>" for k, v in prov.items()) + "</dl>")
    return _page(f"{run['task_id']} rep {run['rep']}", f"/ {run['task_id']} / rep {run['rep']}", "\n".join(parts),
                 "../index.html", _footer(summary))


def render(summary: dict, out_dir: Path) -> dict[str, str]:
    """Write report.md and site/ under `out_dir`; return their paths."""
    schema.check(summary, "summary", where="summary")
    out_dir = Path(out_dir)
    site = out_dir / "site"
    report = out_dir / "report.md"
    try:
        (site / "runs").mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(f"{out_dir}: cannot write the report ({exc.strerror}); choose a writable --out") from None
    write_text_atomic(report, markdown_report(summary))
    write_text_atomic(site / "index.html", index_html(summary))
    for run in summary["runs"]:
        write_text_atomic(site / "runs" / run_page_name(run), run_html(run, summary, site / "runs"))
    return {"report": str(report.resolve()), "site": str((site / "index.html").resolve())}


def _main(argv: Sequence[str]) -> int:
    parser = ArgumentParser(prog="python -m bench.render", description=__doc__.split("\n")[0])
    parser.add_argument("summary", help="summary.json (or - for stdin)")
    parser.add_argument("--out", required=True, help="directory for report.md and site/")
    args = parser.parse_args(argv)
    if args.summary == "-":
        summary = json.load(sys.stdin)
    else:
        path = Path(args.summary)
        if not path.is_file():
            raise UserError(f"{path}: no such summary file; run `python -m bench.score` first")
        try:
            summary = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            raise UserError(f"{path}: line {exc.lineno}: not valid JSON ({exc.msg})") from None
    paths = render(summary, Path(args.out))
    print(json.dumps(paths))
    log(f"render: report at {paths['report']}, site at {paths['site']}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: `python -m bench.render`."""
    return run_main(_main, argv)


if __name__ == "__main__":
    raise SystemExit(main())
