"""go_cache_bench: one Go grading phase with a cold GOCACHE beside the same phase with the prebuilt std cache.

    python -m tools.go_cache_bench [--task go-bowling] [--warm 3] [--sandbox auto]      (`nox -s bench` runs it)

The phase is a polyglot Go task's visible tests run against its reference solution, as grading runs them
(engine.grade_command: the task's command, the Go profile's environment and mounts, the run's private HOME). Cold:
the HOME's GOCACHE is empty, so `go test` compiles the standard library first, as every graded run did before the
std cache. Warm: a fresh HOME that the Go profile fills by copying the prebuilt std cache (the copy counted in the
time). Prints one JSON object: each run's seconds, the medians and cold/warm. Needs the harness's Go
(`nox -s toolchains`); exit 1 with one line when it is not installed.
"""
from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SUITE = ROOT / "suites" / "polyglot"


def _phase(task: str, where: Path, name: str) -> Path:
    """A copy of the task's fixture with its reference solution applied."""
    copy = where / name
    shutil.copytree(SUITE / "fixtures" / task, copy)
    subprocess.run(["git", "apply", "--unsafe-paths", "--directory", str(copy.relative_to(where)),
                    str(SUITE / "solutions" / f"{task}.patch")], cwd=where, check=True, capture_output=True)
    return copy


def grade_once(task: str, kind: str, warm: bool, where: Path) -> float:
    """Seconds of one grading phase (the task's first command) in a fresh copy and HOME; AssertionError when its
    tests did not pass (a benchmark of a broken phase measures nothing)."""
    from bench import engine
    name = f"{'warm' if warm else 'cold'}-{time.monotonic_ns()}"
    copy, home, logs = _phase(task, where, name), where / f"home-{name}", where / f"logs-{name}"
    home.mkdir()
    logs.mkdir()
    if not warm:   # an existing (empty) GOCACHE: the profile leaves it as it is
        from bench.languages import go
        go.gocache(home).mkdir(parents=True)
    started = time.monotonic()
    step = engine.grade_command("go test -v ./...", 600, kind=kind, copy=copy, home=home, logs=logs, language="go")
    seconds = time.monotonic() - started
    if step.exit_code != 0 or step.summary:
        raise AssertionError(f"{task}: the reference's grading phase did not pass: "
                             f"{step.output.decode(errors='replace')[-300:]}")
    for path in (copy, home, logs):
        shutil.rmtree(path, ignore_errors=True)
    return seconds


def measure(task: str, warm_runs: int, kind: str) -> dict:
    """One cold phase, then `warm_runs` warm ones, then one more cold one: cold/warm from the medians."""
    with tempfile.TemporaryDirectory(prefix="go-cache-bench-") as tmp:
        where = Path(tmp)
        cold = [grade_once(task, kind, False, where)]
        warm = [grade_once(task, kind, True, where) for _ in range(warm_runs)]
        cold.append(grade_once(task, kind, False, where))
    cold_s, warm_s = statistics.median(cold), statistics.median(warm)
    return {"task": task, "sandbox": kind, "cold_s": [round(s, 3) for s in cold],
            "warm_s": [round(s, 3) for s in warm], "cold_median_s": round(cold_s, 3),
            "warm_median_s": round(warm_s, 3), "cold_over_warm": round(cold_s / warm_s, 1)}


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: `python -m tools.go_cache_bench`."""
    parser = argparse.ArgumentParser(prog="python -m tools.go_cache_bench", description=__doc__.splitlines()[0])
    parser.add_argument("--task", default="go-bowling", help="a polyglot Go task id (default go-bowling)")
    parser.add_argument("--warm", type=int, default=3, help="warm phases measured (default 3)")
    parser.add_argument("--sandbox", default="auto", help="auto (bwrap where it works), bwrap or none")
    args = parser.parse_args(argv)
    from bench.exec import sandbox
    from bench.languages import go
    if go.std_cache() is None:
        print(f"go_cache_bench: the harness's Go is not installed in {go.toolchain_dir()}: run `nox -s toolchains`",
              file=sys.stderr)
        return 1
    if not (SUITE / "fixtures" / args.task).is_dir():
        print(f"go_cache_bench: --task {args.task}: no such polyglot task (suites/polyglot/fixtures/{args.task})",
              file=sys.stderr)
        return 1
    print(json.dumps(measure(args.task, max(1, args.warm), sandbox.resolve(args.sandbox))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
