"""concurrency_bench: does `run --jobs auto` keep the model server busy, and does concurrency change any verdict?

    python -m tools.concurrency_bench [--agent aider] [--seconds 480] [--slots 1,4] [--skip-agents]

Two measurements against the scripted server (bench.fakellm) simulating slots and prefill / decode speed:
- makespan: an evaluation of a real agent CLI (installed under .agents/; its bench/fakellm_scripts/<agent>-calib.yaml
  fixes calib-greeting) with --jobs auto, against the model-busy floor: the server's busy time (the time its slots
  were held, from its slot events) divided by its slots. With 1 and with 4 slots; enough runs that the floor is
  about --seconds. The ratio says how much longer the evaluation took than the model's own work spread over every
  slot (goal: at most MAKESPAN_GOAL);
- outcomes: a timeout-sensitive scripted agent (a command agent: model calls and its own work, some runs over their
  budget) on a few tasks, against a 1-slot server, at --jobs 1 and at --jobs 4: the share of runs whose outcome is
  the same at both (goal: 1.0), and the time the runs at --jobs 4 waited for the slot.
Numbers, not pass/fail.
"""
from __future__ import annotations

import copy
import hashlib
import json
import os
import sys
import tempfile
import textwrap
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml

from bench import engine, fakellm
from bench.common.paths import FAKELLM_SCRIPTS_DIR, REPO_ROOT, temp_root
from bench.common.stage import ArgumentParser, log, run_main

MAKESPAN_GOAL = 1.05
# The model-busy floor the makespan evaluation aims at: an evaluation's first agent start-up (before any call can
# reach the server) and its last run's exit and grading (after the last answer) are fixed costs no scheduling fills,
# about 9 s on a 2-CPU machine starting four aiders at once; a real evaluation's hours of model time amortise them.
# At 8 minutes they are under 2% of it, and the line printed gives them apart from the first-call-to-last-answer span.
DEFAULT_SECONDS = 480.0
# The simulated model: each call's prompt and answer tokens, and the server's speed. A call holds a slot for
# PROMPT_TOKENS / PREFILL_TPS + ANSWER_TOKENS / DECODE_TPS seconds.
PROMPT_TOKENS, ANSWER_TOKENS = 16000, 300
PREFILL_TPS, DECODE_TPS = 1000.0, 100.0


def _with_usage(script: dict[str, Any], model: str) -> dict[str, Any]:
    """The script with every reply of `model` given the benchmark's fixed usage (so each call holds a slot for a
    known time whatever the agent's prompt)."""
    script = copy.deepcopy(script)
    usage = {"prompt_tokens": PROMPT_TOKENS, "completion_tokens": ANSWER_TOKENS}

    def mark(entry: Any) -> None:
        if isinstance(entry, list):
            for item in entry:
                mark(item)
        elif isinstance(entry, dict):
            entry["usage"] = usage

    spec = script["models"][model]
    for key in ("turns", "replies"):
        mark(spec.get(key) or [])
    spec.setdefault("final", "Done.")
    return script


def _busy_s(server: fakellm.FakeLLM, since: float) -> tuple[float, float | None, float | None]:
    """(seconds the server's slots were held, summed over slots, by requests that took a slot after `since`; the
    first such acquisition; the last release), times from time.time()."""
    acquired: dict[str, float] = {}
    busy, first, last = 0.0, None, None
    for event, rid, t in server.slot_events():
        if event == "acquire":
            acquired[rid] = t
        elif rid in acquired:
            start = acquired.pop(rid)
            if start >= since:
                busy += t - start
                first = start if first is None else min(first, start)
                last = t if last is None else max(last, t)
    return busy, first, last


def makespan(agent: str, slots: int, seconds: float, work: Path, kind: str = "none") -> dict:
    """One evaluation of `agent` on calib-greeting with --jobs auto against a server with `slots` slots: its wall
    time against the model-busy floor (busy / slots)."""
    script_path = FAKELLM_SCRIPTS_DIR / f"{agent}-calib.yaml"
    model = f"{agent}-calib-greeting"
    script = _with_usage(yaml.safe_load(script_path.read_text(encoding="utf-8")), model)
    tasks, problems = engine.load_tasks([str(REPO_ROOT / "tasks")], ["calib-greeting"])
    if problems:
        return {"skipped": problems[0]}
    per_call = PROMPT_TOKENS / PREFILL_TPS + ANSWER_TOKENS / DECODE_TPS
    # whole rounds of `slots` calls: a last round that fills one slot of four leaves three idle (granularity, not
    # scheduling, since each run makes one call)
    runs = slots * max(2, round(seconds / per_call))
    old = os.environ.get("OLLAMA_HOST")
    with fakellm.serve(script, slots=slots, prefill_tps=PREFILL_TPS, decode_tps=DECODE_TPS,
                       base_dir=script_path.parent) as server:
        os.environ["OLLAMA_HOST"] = server.url
        try:
            spec = engine.build_spec(agent, f"ollama/{model}", {}, sandbox_requested=kind)
            plan = engine.auto_plan(engine.Plan(out=work / f"{agent}-{slots}", repeat=runs, jobs=1), spec, None)
            began = time.time()
            start = time.monotonic()
            summary, stopped = engine.evaluate(tasks, spec, plan)
            wall = time.monotonic() - start
        finally:
            if old is None:
                os.environ.pop("OLLAMA_HOST", None)
            else:
                os.environ["OLLAMA_HOST"] = old
        busy, first, last = _busy_s(server, began)
        calls = sum(1 for r in server.chat_requests() if r.get("t", 0) >= began)
    floor = busy / slots
    records = [json.loads(p.read_text()) for p in plan.out.glob("runs/*/*/run.json")]
    return {"agent": agent, "slots": slots, "jobs": plan.jobs, "runs": runs, "calls": calls,
            "passed": sum(r["outcome"] == "passed" for r in records),
            "makespan_s": round(wall, 2), "busy_s": round(busy, 2), "floor_s": round(floor, 2),
            "ratio": round(wall / floor, 3) if floor else None,
            # apart: before the first call (the first agents' start-up) and after the last (its exit, grading),
            # which no scheduling can fill; between them, how busy the slots were kept
            "to_first_call_s": round(first - began, 2) if first else None,
            "after_last_call_s": round(began + wall - last, 2) if last else None,
            "span_ratio": round((last - first) / floor, 3) if floor and first and last else None,
            "queued_s": round(sum((r["agent"].get("queued_s") or 0.0) for r in records), 2),
            # the agents' start-up and tools need the CPU: a loaded machine stretches the time off the model
            "load_avg": round(os.getloadavg()[0], 1), "cpus": os.cpu_count(),
            "stopped": str(stopped) if stopped else None}


# A timeout-sensitive agent: three model calls with its own work between them; on the tasks whose prompt digests
# it is given (half of them) it then works past any budget. It fixes nothing: the outcomes are failed or
# agent_timeout, whichever its time gives.
TIMED_AGENT = textwrap.dedent('''
    import hashlib, json, os, sys, time, urllib.request
    url = os.environ["LOCALAGENTBENCH_MODEL_URL"]
    prompt = open(os.environ["LOCALAGENTBENCH_PROMPT_FILE"]).read()
    for path in ("/v1/chat/completions", "/api/chat", "/v1/chat/completions"):
        body = json.dumps({"model": "timed", "stream": path == "/api/chat",
                           "messages": [{"role": "user", "content": prompt[:200]}]}).encode()
        req = urllib.request.Request(url + path, data=body, headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=600) as resp:
            resp.read()
        time.sleep(float(sys.argv[1]))
    if hashlib.sha256(prompt.encode()).hexdigest()[:12] in sys.argv[3:]:
        time.sleep(float(sys.argv[2]))
''')
TIMED_SCRIPT = {"models": {"timed": {"turns": [{"content": "ok", "usage": {"prompt_tokens": 500,
                                                                           "completion_tokens": 50}}]}}}


def outcomes(work: Path, n_tasks: int = 6, repeat: int = 2, budget_s: float = 8.0, kind: str = "none",
             tasks_dir: str | None = None) -> dict:
    """The timeout-sensitive agent on `n_tasks` tasks (Python ones of `tasks_dir`, default the repository's) x
    `repeat` against a 1-slot server at --jobs 1 and --jobs 4: the outcomes side by side."""
    all_tasks, _ = engine.load_tasks([tasks_dir or str(REPO_ROOT / "tasks")])
    tasks = [t for t in all_tasks if t.get("language", "python") == "python"][:n_tasks]
    agent_file = work / "timed_agent.py"
    work.mkdir(parents=True, exist_ok=True)
    agent_file.write_text(TIMED_AGENT)
    # own work 3 x 0.5 s, model 3 x 1 s: about half the budget alone; the slow third sleeps 2 budgets more
    slow = [hashlib.sha256(t["prompt"].encode()).hexdigest()[:12] for t in tasks[::2]]
    command = f"{sys.executable} {agent_file} 0.5 {budget_s * 2} {' '.join(slow)}"
    results: dict[int, dict] = {}
    old = os.environ.get("OLLAMA_HOST")
    with fakellm.serve(TIMED_SCRIPT, slots=1, prefill_tps=1000.0, decode_tps=100.0) as server:
        os.environ["OLLAMA_HOST"] = server.url
        try:
            for jobs in (1, 4):
                spec = engine.build_spec("command", "timed", {"agent_cmd": command}, sandbox_requested=kind,
                                         timeout_s=budget_s)
                plan = engine.Plan(out=work / f"jobs{jobs}", repeat=repeat, jobs=jobs)
                start = time.monotonic()
                engine.evaluate(tasks, spec, plan)
                records = [json.loads(p.read_text()) for p in plan.out.glob("runs/*/*/run.json")]
                results[jobs] = {"wall_s": round(time.monotonic() - start, 2),
                                 "outcomes": {f"{r['task_id']}#{r['rep']}": r["outcome"] for r in records},
                                 "queued_s": round(sum(r["agent"].get("queued_s") or 0.0 for r in records), 2),
                                 "extended_past_budget": sum(r["agent"]["wall_s"] > budget_s
                                                             and not r["agent"]["timed_out"] for r in records)}
        finally:
            if old is None:
                os.environ.pop("OLLAMA_HOST", None)
            else:
                os.environ["OLLAMA_HOST"] = old
    one, four = results[1]["outcomes"], results[4]["outcomes"]
    same = sum(one.get(k) == v for k, v in four.items())
    return {"runs": len(four), "same": same, "ratio": round(same / len(four), 3) if four else None,
            "differ": sorted(k for k, v in four.items() if one.get(k) != v), "budget_s": budget_s,
            "jobs1": results[1], "jobs4": results[4]}


def measure(agent: str = "aider", slots: Sequence[int] = (1, 4), seconds: float = DEFAULT_SECONDS,
            skip_agents: bool = False, work: Path | None = None, tasks_dir: str | None = None) -> dict:
    """Both measurements; {"makespan": [per slot count], "outcomes": {...}, "goal": MAKESPAN_GOAL}."""
    from bench import agents as registry
    from bench.agents.binaries import find_binary

    work = Path(tempfile.mkdtemp(prefix="lab-conc-", dir=work or temp_root()))
    report: dict[str, Any] = {"goal": MAKESPAN_GOAL, "makespan": []}
    adapter = registry.get_adapter(agent)
    if skip_agents:
        report["makespan"] = [{"skipped": "--skip-agents"}]
    elif adapter.SPEC.binary and find_binary(adapter.SPEC.binary) is None:
        report["makespan"] = [{"skipped": f"{agent} is not installed (nox -s agents)"}]
    else:
        for n in slots:
            report["makespan"].append(makespan(agent, n, seconds, work / "makespan"))
            log(f"concurrency: {makespan_line(report['makespan'][-1])}")
    report["outcomes"] = outcomes(work / "outcomes", tasks_dir=tasks_dir)
    log(f"concurrency: {outcomes_line(report['outcomes'])}")
    return report


def makespan_line(m: dict) -> str:
    """One makespan result as a line."""
    if "skipped" in m:
        return f"makespan skipped: {m['skipped']}"
    return (f"{m['agent']} x {m['runs']} runs, {m['slots']} slot(s), --jobs auto = {m['jobs']}: makespan "
            f"{m['makespan_s']}s vs model-busy floor {m['floor_s']}s = {m['ratio']}x (goal <= {MAKESPAN_GOAL}x); "
            f"first call to last answer {m.get('span_ratio')}x, with {m.get('to_first_call_s')}s before the first call "
            f"and {m.get('after_last_call_s')}s after the last; load average {m.get('load_avg')} on "
            f"{m.get('cpus')} CPUs")


def outcomes_line(o: dict) -> str:
    """The outcomes comparison as a line."""
    return (f"timeout-sensitive agent, 1-slot server: {o['same']}/{o['runs']} outcomes identical at --jobs 1 and 4 "
            f"= {o['ratio']} (goal 1.0); queued {o['jobs4']['queued_s']}s at --jobs 4, {o['jobs1']['queued_s']}s at 1")


def markdown(report: dict) -> list[str]:
    """bench.md lines."""
    lines = ["## Concurrency (--jobs auto against the scripted server's slots)", ""]
    lines += [f"- {makespan_line(m)}" for m in report.get("makespan", [])]
    lines += [f"- {outcomes_line(report['outcomes'])}"] if report.get("outcomes") else []
    return lines + [""]


def _main(argv: Sequence[str]) -> int:
    parser = ArgumentParser(prog="python -m tools.concurrency_bench", description=__doc__.split("\n")[0])
    parser.add_argument("--agent", default="aider", help="the agent CLI for the makespan (default aider)")
    parser.add_argument("--slots", default="1,4", help="slot counts (default 1,4)")
    parser.add_argument("--seconds", type=float, default=DEFAULT_SECONDS,
                        help=f"the model-busy floor to aim at (default {DEFAULT_SECONDS:g})")
    parser.add_argument("--skip-agents", action="store_true", help="only the outcomes part")
    args = parser.parse_args(argv)
    report = measure(args.agent, [int(n) for n in args.slots.split(",")], args.seconds, args.skip_agents)
    print(json.dumps(report, indent=2))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: `python -m tools.concurrency_bench`."""
    return run_main(_main, argv)


if __name__ == "__main__":
    raise SystemExit(main())
