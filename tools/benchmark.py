"""benchmark: what the harness costs beyond the agent and the tests, measured side by side in one run.

    python -m tools.benchmark [--tasks DIR] [--out results/bench] [--runs N] [--rounds R] [--change-mb N,N]
                              [--skip-agents] [--skip-concurrency]

Prints ratios and writes results/bench/bench.md (and bench.json):
- overhead: the suite with the oracle agent, serially, against the floor (the same oracle and held-out
  commands run bare), task by task interleaved so machine noise hits both alike, R rounds (default 3) with
  the sandbox kinds taking turns, after the tasks' snapshots are built once into a private cache (timed
  apart); where the rest goes, and how fast the temp dir's disk creates files;
- scaling: --jobs 1 vs --jobs 2 on the same suite;
- size: score and render on a synthetic 10,000-run summary, check on the suite, and a 1 GB agent log
  (peak memory of each in its own process);
- change: the harness's peak memory against the size of the change the agent leaves (--change-mb, default
  10, 60, 100 and 300 MB of text): taking the change alone, and a whole run at the default --max-change-mb;
- proxy: the model proxy's added time to first token and per chunk, and its throughput with 1, 4 and 16
  streams at once, against a direct connection (tools/proxy_bench.py);
- agents: each registered agent CLI's start-up against the scripted model server (its
  bench/fakellm_scripts/<name>-calib.yaml), apart from the model's time;
- concurrency: `run --jobs auto` with 1 and 4 server slots, its makespan against the model-busy floor, and a
  timeout-sensitive agent's outcomes at --jobs 1 and 4 on one slot (tools/concurrency_bench.py).
Numbers, not pass/fail: it exits 0 unless a part could not run at all.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from bench import engine
from bench.common.errors import UserError
from bench.common.paths import CACHE_ENV, FAKELLM_SCRIPTS_DIR, REPO_ROOT, temp_root
from bench.common.records import write_json_atomic, write_text_atomic
from bench.common.stage import ArgumentParser, log, run_main
from bench.exec import sandbox
from tools import concurrency_bench, proxy_bench, timing

OVERHEAD_GOAL = 1.15

# What the overhead rounds charge to each category of the breakdown: harness functions wrapped from outside
# for the rounds (tools/timing.py). A module-level function named in the module that defines it is charged
# wherever it is called; one named in an importing module (bench.oracle:run_tree) only there. Time in a
# nested target counts for the inner one; the rest of the harness is "other Python".
TIMED = [
    ("bench.exec.git:git", "git"),
    ("bench.exec.git:_git_index", "git"),
    ("shutil:copytree", "copy"),
    ("bench.oracle:lay_heldout", "copy"),
    ("bench.exec.git:apply_patch", "patch"),
    ("tempfile:mkdtemp", "files"),
    ("bench.oracle:enforce_rules", "files"),
    ("bench.oracle:phase_result", "files"),
    ("bench.oracle:run_tree", "grading_process"),
    ("bench.run_agent:run_tree", "agent_process"),
    ("bench.common.records:write_json_atomic", "json"),
    ("bench.common.schema:problems", "json"),
    ("bench.oracle:Ahead._copy", timing.BACKGROUND),
]


def _floor_copies(tasks: list[dict], work: Path) -> tuple[dict[str, Path], dict[str, str]]:
    """The grading state without the harness, one per task (fixture + solution + held-out files, made by hand),
    and the environment grading gives the commands."""
    copies, env = {}, {}
    for task in tasks:
        copies[task["id"]] = work / f"floor-{task['id']}"
        env = engine.bare_grading_state(task, copies[task["id"]])
    return copies, env


def _bare_commands(task: dict, cwd: Path, env: dict[str, str]) -> float:
    """Seconds to run the task's oracle and held-out commands bare (sh -c, no sandbox, no harness)."""
    commands = task["oracle"]["command"] + (task["heldout"]["command"] if task.get("heldout") else [])
    start = time.perf_counter()
    for command in commands:
        subprocess.run(["sh", "-c", command], cwd=cwd, env=env, capture_output=True)
    return time.perf_counter() - start


def _command_seconds(record: dict) -> float:
    """How long the run's oracle and held-out commands themselves took inside the harness."""
    phases = [record.get("oracle"), record.get("heldout")]
    return sum(c["duration_s"] for phase in phases if phase for c in phase["commands"])


def _overhead_round(tasks: list[dict], kind: str, work: Path, bundle: Path, flip: int) -> dict:
    """One pass over the suite with sandbox `kind`: floor, harness and in-harness command seconds, timing parts.

    The floor's copies are made before anything is timed and deleted after: made in between, their
    writes and deletes would slow the harness's file creation next to them (most of all on a disk
    mounted with online discard), which is the benchmark's cost, not the harness's.
    """
    spec = engine.build_spec("oracle", None, {}, sandbox_requested=kind)
    copies, env = _floor_copies(tasks, work)
    os.sync()
    floor = harness = commands = 0.0
    timing.reset()
    for i, task in enumerate(tasks):
        # Alternate which goes first, so warm caches favour neither side.
        for side in (("floor", "harness") if (i + flip) % 2 == 0 else ("harness", "floor")):
            if side == "floor":
                floor += _bare_commands(task, copies[task["id"]], env)
                continue
            start = time.perf_counter()
            record = engine.run_one(task, bundle, "bench", 0, spec)
            harness += time.perf_counter() - start
            commands += _command_seconds(record)
            if record["outcome"] != "passed":
                log(f"benchmark: warning: {task['id']} {record['outcome']} under the harness")
    parts = {k: v[0] for k, v in timing.snapshot().items()}
    for copy in copies.values():
        shutil.rmtree(copy, ignore_errors=True)
    return {"floor": floor, "harness": harness, "commands": commands, "parts": parts}


def overhead(tasks: list[dict], kinds: list[str], work: Path, bundles: Path, rounds: int = 3) -> list[dict]:
    """Harness wall time for the suite (oracle agent, serial) vs the floor, per sandbox kind, with a breakdown.

    The floor's copies go in `work`, where the harness makes its grading copies (paths.temp_root()), so
    both run the commands on the same file system; the run bundles go in `bundles`, beside the results.

    The suite runs `rounds` times per kind, the kinds taking turns, so drift in the machine's speed
    (its disk above all) reaches every kind alike; the totals over all rounds give the ratio.
    """
    totals = {kind: {"floor": 0.0, "harness": 0.0, "commands": 0.0, "parts": {}, "ratios": []} for kind in kinds}
    for r in range(rounds):
        for kind in kinds:
            with timing.instrument(TIMED):
                done = _overhead_round(tasks, kind, work / f"{kind}-{r}", bundles / f"{kind}-{r}", r)
            t = totals[kind]
            for key in ("floor", "harness", "commands"):
                t[key] += done[key]
            t["ratios"].append(round(done["harness"] / done["floor"], 3) if done["floor"] else None)
            for k, v in done["parts"].items():
                t["parts"][k] = t["parts"].get(k, 0.0) + v
    results = []
    for kind in kinds:
        t = totals[kind]
        floor, harness, commands, parts = t["floor"], t["harness"], t["commands"], t["parts"]
        n = len(tasks) * rounds

        def per_run(seconds: float, n: int = n) -> float:
            return round(seconds / n, 4)

        breakdown = {
            ("the commands in the harness vs bare: each in its own sandbox, whose start is here "
             "(and machine noise: either sign) (s/run)"): per_run(commands - floor),
            "grading: around the commands (building argv, reading status and output) (s/run)":
                per_run(parts.get("grading_process", 0.0) - commands),
            "agent process (the oracle agent: git apply) (s/run)": per_run(parts.get("agent_process", 0.0)),
            "git processes: the agent's diff, and its apply to each grading copy (s/run)":
                per_run(parts.get("git", 0.0)),
            "around git apply: its scratch directory (s/run)": per_run(parts.get("patch", 0.0)),
            "copy: workdir, held-out (s/run)": per_run(parts.get("copy", 0.0)),
            "json: schema checks and atomic writes (s/run)": per_run(parts.get("json", 0.0)),
            "files: temporary directories, the rule book on the grading copy, grading logs (s/run)":
                per_run(parts.get("files", 0.0)),
        }
        accounted = sum(parts.get(k, 0.0) for k in ("grading_process", "agent_process", "git", "patch",
                                                     "copy", "json", "files"))
        breakdown["other Python (s/run)"] = per_run(harness - accounted)
        breakdown["done while the agent works: grading copy (not on the run's critical path) (s/run)"] = \
            per_run(parts.get("background", 0.0))
        results.append({"sandbox": kind, "tasks": len(tasks), "rounds": rounds, "floor_s": round(floor, 3),
                        "harness_s": round(harness, 3), "ratio": round(harness / floor, 3) if floor else None,
                        "round_ratios": t["ratios"], "per_run_overhead_s": per_run(harness - floor),
                        "per_run_outside_commands_s": per_run(harness - commands),
                        "breakdown": breakdown})
    return results


def snapshots(tasks: list[dict], work: Path) -> dict:
    """Build every task's snapshot into the (empty) cache: what the first bundle to run a task pays once.

    The overhead rounds then reuse them, as every later bundle on the machine does.
    """
    start = time.perf_counter()
    for task in tasks:
        engine.build_snapshot(task, work)
    return {"tasks": len(tasks), "per_task_s": round((time.perf_counter() - start) / len(tasks), 4)}


def disk(temp: Path, results: Path, n: int = 200) -> dict:
    """How long creating a directory and a small file takes where the runs' temporary trees go, and where
    their results go.

    A run creates some sixty files and directories, so on a slow disk this, not the harness's own
    code, sets most of the overhead.
    """
    found = {"tmpdir": str(temp.parent), "results_dir": str(results.parent)}
    for key, where in (("", temp), ("results_", results)):
        probe = where / "disk-probe"
        probe.mkdir(parents=True)
        start = time.perf_counter()
        for i in range(n):
            (probe / f"d{i}").mkdir()
        found[f"{key}mkdir_us"] = round((time.perf_counter() - start) / n * 1e6)
        start = time.perf_counter()
        for i in range(n):
            (probe / f"f{i}").write_bytes(b"x" * 100)
        found[f"{key}create_us"] = round((time.perf_counter() - start) / n * 1e6)
        shutil.rmtree(probe, ignore_errors=True)
    return found


def scaling(tasks: list[dict], kind: str, work: Path) -> dict:
    """Wall time of the suite at --jobs 1 and --jobs 2 (the machine's cores) with the oracle agent."""
    walls = {}
    for jobs in (1, 2):
        start = time.perf_counter()
        engine.evaluate(tasks, engine.build_spec("oracle", None, sandbox_requested=kind),
                        engine.Plan(out=work / f"jobs{jobs}", jobs=jobs))
        walls[jobs] = time.perf_counter() - start
    return {"jobs1_s": round(walls[1], 2), "jobs2_s": round(walls[2], 2), "speedup": round(walls[1] / walls[2], 2),
            "cores": os.cpu_count()}


_SIZE_CHILD = r"""
import json, resource, sys, time
from pathlib import Path
from bench import engine
from tools.synthetic import synthetic_runs
n, out = int(sys.argv[1]), Path(sys.argv[2])
runs = synthetic_runs(n, seed=0, root=out / "bundle")  # real run files, so every page reads a trajectory, diff, logs
t0 = time.perf_counter(); summary = engine.summarize_records(runs); t1 = time.perf_counter()
engine.report(summary, out); t2 = time.perf_counter()
print(json.dumps({"runs": n, "score_s": round(t1 - t0, 3), "render_s": round(t2 - t1, 3),
                  "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)}))
"""

_LOG_CHILD = r"""
import json, resource, sys, tempfile
from pathlib import Path
from bench import engine
size, tasks_dir = int(sys.argv[1]), sys.argv[2]
tasks, _ = engine.load_tasks([tasks_dir])  # any task: the agent's output is what is measured
res = Path(tempfile.mkdtemp())
spec = engine.build_spec("command", None, {"agent_cmd": f"head -c {size} /dev/zero"}, sandbox_requested="none")
record = engine.run_one(tasks[0], res, "bench", 0, spec)
print(json.dumps({"agent_output_bytes": size,
                  "log_bytes": (Path(record["paths"]["run_dir"]) / "agent.stdout.log").stat().st_size,
                  "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)}))
"""


def _child(code: str, *args: str) -> dict:
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=REPO_ROOT,
                          env={**os.environ, "PYTHONPATH": str(REPO_ROOT)}, timeout=1800)
    if done.returncode != 0:
        raise RuntimeError(done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "child failed")
    return json.loads(done.stdout.strip().splitlines()[-1])


def size(tasks_dir: str, work: Path, n_runs: int) -> dict:
    """score + render at n_runs, check on the suite, and the harness's memory with a 1 GB agent log."""
    big = _child(_SIZE_CHILD, str(n_runs), str(work / "size"))
    small = _child(_SIZE_CHILD, "100", str(work / "size-small"))
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "bench", "check", "--tasks", tasks_dir], capture_output=True,
                          cwd=REPO_ROOT, env={**os.environ, "PYTHONPATH": str(REPO_ROOT)})
    check_s = time.perf_counter() - start
    check_inner = json.loads(done.stdout)["seconds"] if done.returncode == 0 else None
    log_small = _child(_LOG_CHILD, str(1024 * 1024), tasks_dir)
    log_big = _child(_LOG_CHILD, str(1024 ** 3), tasks_dir)
    return {"summary": big, "summary_100": small, "check_s": round(check_s, 3), "check_inner_s": check_inner,
            "log_1mb": log_small, "log_1gb": log_big}


_CHANGE_CHILD = r"""
import json, resource, subprocess, sys
from pathlib import Path
from bench import engine, isolate, run_agent
mb, tasks_dir, mode, work = int(sys.argv[1]), sys.argv[2], sys.argv[3], Path(sys.argv[4])
tasks, _ = engine.load_tasks([tasks_dir])  # any task: the change the agent leaves is what is measured
write = (f"i=0; while [ $i -lt {mb} ]; do yes 'a changed line of text, as an agent writes it' "
         f"| head -c 1048576 > lab-change-$i.txt; i=$((i+1)); done")
if mode == "run":   # a whole run (agent, change, grading) at the default --max-change-mb
    spec = engine.build_spec("command", None, {"agent_cmd": write}, sandbox_requested="none")
    record = engine.run_one(tasks[0], work, "bench", 0, spec)
    found = {"patch_bytes": record["agent"]["patch_bytes"], "over_cap": "change_too_large" in record["flags"]}
else:               # the change-taking path alone, with a cap above the change: all of it streamed and parsed
    record = isolate.isolate_one(tasks[0], work, "bench", 0)
    paths = record["paths"]
    subprocess.run(["sh", "-c", write], cwd=paths["workdir"], check=True)
    (work / "scratch").mkdir()
    taken, _ = run_agent.take_change(Path(paths["workdir"]), Path(paths["snapshot"]), Path(paths["base_git"]),
                                     work / "patch.diff", work / "scratch", max_bytes=1 << 40)
    found = {"patch_bytes": taken.size, "over_cap": bool(taken.over_cap)}
print(json.dumps({"change_mb": mb, **found, "cap_mb": run_agent.DEFAULT_MAX_CHANGE_MB,
                  "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)}))
"""


def change_memory(tasks_dir: str, work: Path, sizes_mb: Sequence[int]) -> list[dict]:
    """The harness's peak memory (its own process: the agent and git are children, not counted) against the
    size of the change the agent leaves, in 1 MB text files (each under every per-file cap): taking the
    change alone with no cap in reach, and a whole run at the default --max-change-mb. Each in a fresh
    process; the trees go as soon as each is measured."""
    rows = []
    for mb in sizes_mb:
        row = {"change_mb": mb}
        for mode in ("take", "run"):
            where = work / f"change-{mode}-{mb}"
            where.mkdir(parents=True)
            try:
                found = _child(_CHANGE_CHILD, str(mb), tasks_dir, mode, str(where))
            finally:
                shutil.rmtree(where, ignore_errors=True)
            row[mode] = {k: found[k] for k in ("patch_bytes", "over_cap", "peak_rss_mb")}
            row["cap_mb"] = found["cap_mb"]
        rows.append(row)
    return rows


def agents(tasks: list[dict], work: Path) -> dict:
    """What each real agent CLI costs before the model speaks and after it stops, against the scripted server.

    The scripted model answers at once, so the run's wall time is almost all agent: start-up (process
    start to its first model request), the turns in between, and shut-down (last answer to exit).
    """
    from bench import agents as registry
    from bench import fakellm

    task = next(t for t in tasks if t["id"] == "calib-greeting")
    scripts = FAKELLM_SCRIPTS_DIR
    results = {}
    adapters, _ = registry.load_all()
    for name, adapter in adapters.items():
        if not adapter.SPEC.binary:   # built in: no CLI start-up to measure
            continue
        if not (scripts / f"{name}-calib.yaml").is_file():
            results[name] = {"skipped": f"no scripted-model script {name}-calib.yaml in {scripts}"}
            continue
        try:
            adapter.check({})
        except Exception as exc:  # binary missing: report it, don't fail the benchmark
            results[name] = {"skipped": str(exc).splitlines()[0]}
            continue
        log_path = work / f"{name}-server.jsonl"
        with fakellm.serve(scripts / f"{name}-calib.yaml", log_path=log_path) as server:
            old = os.environ.get("OLLAMA_HOST")
            os.environ["OLLAMA_HOST"] = server.url
            try:
                spec = engine.build_spec(name, f"ollama/{name}-calib-greeting", {}, sandbox_requested="none")
                requests_before = len(server.chat_requests())  # the spec's warm-up asked the server too
                before = time.time()
                record = engine.run_one(task, work / f"agent-{name}", "bench", 0, spec)
                # The agent's own span: after the run was isolated, for as long as its process lived.
                started = before + record["isolate"]["wall_s"]
                ended = started + record["agent"]["wall_s"]
            finally:
                if old is None:
                    os.environ.pop("OLLAMA_HOST", None)
                else:
                    os.environ["OLLAMA_HOST"] = old
            chats = server.chat_requests()[requests_before:]
        if not chats:
            results[name] = {"skipped": f"no model request reached the server ({record['agent'].get('infra_error')})"}
            continue
        results[name] = {
            "version": record["agent"]["version"], "wall_s": round(ended - started, 2),
            "startup_s": round(chats[0]["t"] - started, 2), "shutdown_s": round(ended - chats[-1]["t"], 2),
            "model_calls": len(chats), "exit_code": record["agent"]["exit_code"],
        }
    return results


def markdown(report: dict) -> str:
    """The bench.md table."""
    lines = ["# LocalAgentBench benchmark", "", f"Machine: {os.cpu_count()} cores, Python {sys.version.split()[0]}, "
             f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}. Reproduce: `nox -s bench`.", "",
             "## Harness overhead (oracle agent, serial, vs the bare oracle + held-out commands)", "",
             "Temporary trees (workdirs, grading copies, the floor's copies) "
             f"in {report['disk']['tmpdir']}: creating a "
             f"directory takes {report['disk']['mkdir_us']} µs, a small file {report['disk']['create_us']} µs; run "
             f"bundles in {report['disk']['results_dir']}: {report['disk']['results_mkdir_us']} µs and "
             f"{report['disk']['results_create_us']} µs (a run creates about sixty; on a slow disk that is most of "
             "the overhead, which is why temporary trees go to /dev/shm where it has room). "
             "Each task's starting snapshot is built "
             f"once per machine and cached ({report['snapshots']['per_task_s']} s a task, paid by the first bundle "
             "that runs it, before these rounds).", "",
             "| sandbox | tasks × rounds | floor (s) | harness (s) | ratio | each round | goal | overhead per run (s) "
             "| outside the commands per run (s) |",
             "|---|---:|---:|---:|---:|---|---:|---:|---:|"]
    for o in report["overhead"]:
        each = ", ".join(f"{r}×" for r in o["round_ratios"])
        lines.append(f"| {o['sandbox']} | {o['tasks']} × {o['rounds']} | {o['floor_s']} | {o['harness_s']} | "
                     f"{o['ratio']}× | {each} | "
                     f"≤ {OVERHEAD_GOAL}× | {o['per_run_overhead_s']} | {o['per_run_outside_commands_s']} |")
    for o in report["overhead"]:
        lines += ["", f"Where the overhead goes ({o['sandbox']}):", ""]
        lines += [f"- {k}: {v}" for k, v in o["breakdown"].items()]
    s = report["scaling"]
    lines += ["", "## Scaling", "", "| --jobs 1 (s) | --jobs 2 (s) | speed-up | cores |", "|---:|---:|---:|---:|",
              f"| {s['jobs1_s']} | {s['jobs2_s']} | {s['speedup']}× | {s['cores']} |"]
    z = report["size"]
    lines += ["", "## Size", "", "| what | seconds | peak memory (MB) |", "|---|---:|---:|",
              f"| score, {z['summary']['runs']:,} runs | {z['summary']['score_s']} | "
              f"{z['summary']['peak_rss_mb']} (score + render) |",
              f"| render, {z['summary']['runs']:,} runs | {z['summary']['render_s']} | |",
              f"| score + render, {z['summary_100']['runs']} runs | "
              f"{z['summary_100']['score_s'] + z['summary_100']['render_s']:.3f} | "
              f"{z['summary_100']['peak_rss_mb']} |",
              f"| check on the suite (process / inside) | {z['check_s']} / {z['check_inner_s']} | |",
              f"| a 1 MB agent log | | {z['log_1mb']['peak_rss_mb']} |",
              f"| a 1 GB agent log (kept: {z['log_1gb']['log_bytes']:,} bytes) | | {z['log_1gb']['peak_rss_mb']} |"]
    if report.get("change"):
        lines += ["", "## The harness's memory against the change's size", "",
                  "The agent leaves N MB of changed text in 1 MB files (each under every per-file cap). Peak memory "
                  "of the harness's own process, in a fresh process per row: taking the change alone (git's diff "
                  "streamed to patch.diff and parsed, no cap in reach), and a whole run at the default "
                  f"--max-change-mb ({report['change'][0]['cap_mb']}; over it the run fails, flagged "
                  "change_too_large).", "",
                  "| change (MB) | taking it: patch (MB) | peak memory (MB) | MB of memory per MB of change | "
                  "whole run: patch (MB) | over the cap | peak memory (MB) |", "|---:|---:|---:|---:|---:|---|---:|"]
        for c in report["change"]:
            take, run = c["take"], c["run"]
            lines.append(f"| {c['change_mb']} | {take['patch_bytes'] / 2 ** 20:.1f} | {take['peak_rss_mb']} | "
                         f"{take['peak_rss_mb'] / c['change_mb']:.2f} | {run['patch_bytes'] / 2 ** 20:.1f} | "
                         f"{'yes' if run['over_cap'] else 'no'} | {run['peak_rss_mb']} |")
    if report.get("proxy"):
        lines += ["", *proxy_bench.markdown(report["proxy"])]
    lines += ["", "## Agent start-up (against the scripted model server, which answers at once)", "",
              "| agent | version | wall (s) | to first model request (s) | last answer to exit (s) | model calls |",
              "|---|---|---:|---:|---:|---:|"]
    for name, a in report["agents"].items():
        if "skipped" in a:
            lines.append(f"| {name} | skipped: {a['skipped']} | | | | |")
        else:
            lines.append(f"| {name} | {a['version']} | {a['wall_s']} | {a['startup_s']} | {a['shutdown_s']} | "
                         f"{a['model_calls']} |")
    if report.get("concurrency"):
        lines += ["", *concurrency_bench.markdown(report["concurrency"])]
    return "\n".join(lines) + "\n"


def _main(argv: Sequence[str]) -> int:
    parser = ArgumentParser(prog="python -m tools.benchmark", description=__doc__.split("\n")[0])
    parser.add_argument("--tasks", default=str(REPO_ROOT / "tasks"))
    parser.add_argument("--out", default="results/bench")
    parser.add_argument("--runs", type=int, default=10_000, help="size of the synthetic summary (default 10000)")
    parser.add_argument("--skip-agents", action="store_true", help="skip the real agent CLIs")
    parser.add_argument("--skip-concurrency", action="store_true",
                        help="skip --jobs auto's makespan and the outcomes at --jobs 1 and 4 (tools/concurrency_bench)")
    parser.add_argument("--change-mb", default="10,60,100,300", metavar="N,N,...",
                        help="sizes of the agent's change for the memory measurement (default 10,60,100,300)")
    parser.add_argument("--rounds", type=int, default=3,
                        help="passes over the suite per sandbox for the overhead (default 3)")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        raise UserError(f"--rounds: must be at least 1 (got {args.rounds})")
    try:
        change_sizes = [int(n) for n in args.change_mb.split(",") if n.strip()]
    except ValueError:
        change_sizes = []
    if not change_sizes or min(change_sizes) < 1:
        raise UserError(f"--change-mb: whole numbers of MB from 1 up, comma-separated (got {args.change_mb!r})")
    tasks, problems = engine.load_tasks([args.tasks])
    if problems:
        raise SystemExit("\n".join(problems))
    out = Path(args.out)
    work = Path(tempfile.mkdtemp(prefix="lab-bench-", dir=temp_root()))
    try:
        out.mkdir(parents=True, exist_ok=True)
        bundles = Path(tempfile.mkdtemp(prefix=".work-", dir=out))  # on the results' disk, as a user's bundles are
    except OSError as exc:
        shutil.rmtree(work, ignore_errors=True)
        raise UserError(f"{out}: cannot write ({exc.strerror}); choose a writable --out") from None
    user_cache = os.environ.get(CACHE_ENV)
    os.environ[CACHE_ENV] = str(bundles / "cache")  # starts empty: the benchmark never reuses a user's snapshots
    try:
        kinds = ["none"] + (["bwrap"] if sandbox.resolve("auto") == "bwrap" else [])
        report = {"disk": disk(work, bundles), "snapshots": snapshots(tasks, bundles / "snapshots")}
        report["overhead"] = overhead(tasks, kinds, work / "overhead", bundles / "overhead", args.rounds)
        log("benchmark: overhead " + ", ".join(f"{o['sandbox']} {o['ratio']}x" for o in report["overhead"]))
        report["scaling"] = scaling(tasks, kinds[-1], bundles / "scaling")
        log(f"benchmark: jobs 2 speed-up {report['scaling']['speedup']}x")
        report["size"] = size(args.tasks, bundles, args.runs)
        log(f"benchmark: {args.runs} runs: score {report['size']['summary']['score_s']}s, "
            f"render {report['size']['summary']['render_s']}s")
        report["change"] = change_memory(args.tasks, work / "change", change_sizes)
        log("benchmark: peak memory against the change: " + ", ".join(
            f"{c['change_mb']} MB -> {c['take']['peak_rss_mb']} MB" for c in report["change"]))
        report["proxy"] = proxy_bench.measure()
        log(f"benchmark: model proxy {proxy_bench.goal_line(report['proxy'])}")
        report["agents"] = {} if args.skip_agents else agents(tasks, bundles)
        if not args.skip_concurrency:   # --jobs auto against the scripted server's slots; outcomes at 1 and 4 jobs
            report["concurrency"] = concurrency_bench.measure(skip_agents=args.skip_agents, work=bundles,
                                                              tasks_dir=args.tasks)
    finally:
        if user_cache is None:
            os.environ.pop(CACHE_ENV, None)
        else:
            os.environ[CACHE_ENV] = user_cache
        shutil.rmtree(work, ignore_errors=True)
        shutil.rmtree(bundles, ignore_errors=True)
    write_json_atomic(out / "bench.json", report)
    write_text_atomic(out / "bench.md", markdown(report))
    print(json.dumps(report, indent=2))
    log(f"benchmark: wrote {out / 'bench.md'}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: `python -m tools.benchmark` (`nox -s bench`)."""
    return run_main(_main, argv)


if __name__ == "__main__":
    raise SystemExit(main())
