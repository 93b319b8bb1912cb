"""benchmark (`nox -s bench`): every part runs and reports numbers; here on a three-task suite, one round."""
from __future__ import annotations

import json
import os

from tools import benchmark
from bench.common import paths
from bench.exec import sandbox


def test_the_benchmark_measures_every_part_and_writes_its_table(suite, tmp_path, capsys, snapshot_cache):
    out = tmp_path / "bench"
    cached_before = sorted(snapshot_cache.rglob("digest"))
    assert benchmark.main(["--tasks", str(suite / "tasks"), "--out", str(out), "--runs", "30", "--rounds", "1",
                           "--skip-agents"]) == 0
    report = json.loads((out / "bench.json").read_text())
    assert report == json.loads(capsys.readouterr().out)
    kinds = [o["sandbox"] for o in report["overhead"]]
    assert kinds == ["none"] + (["bwrap"] if sandbox.resolve("auto") == "bwrap" else [])
    for o in report["overhead"]:
        assert o["tasks"] == 3 and o["rounds"] == 1 and len(o["round_ratios"]) == 1
        assert o["floor_s"] > 0 and o["harness_s"] > o["floor_s"] * 0.5 and o["ratio"] == o["round_ratios"][0]
        parts = o["breakdown"]
        git_part = "git processes: the agent's diff, and its apply to each grading copy (s/run)"
        assert {"other Python (s/run)", git_part} <= set(parts)
        assert parts[git_part] > 0, "every diff and apply is a git process"
        assert parts["files: run and temporary directories, prompt, patch and log files (s/run)"] > 0
        assert parts["done while the agent works: grading copy (not on the run's critical path) (s/run)"] > 0
        assert 0 < o["per_run_outside_commands_s"] < o["harness_s"] / 3
    assert report["disk"]["create_us"] > 0 and report["disk"]["results_create_us"] > 0
    assert report["disk"]["tmpdir"] == paths.temp_root(), "the floor's copies are where the grading copies are"
    assert report["disk"]["results_dir"] == str(out) and sorted(p.name for p in out.iterdir()) == ["bench.json", "bench.md"]
    assert report["snapshots"]["tasks"] == 3 and report["snapshots"]["per_task_s"] > 0
    assert sorted(snapshot_cache.rglob("digest")) == cached_before, "the benchmark builds into a cache of its own"
    assert os.environ["LOCALAGENTBENCH_CACHE"] == str(snapshot_cache), "and gives the caller's back"
    assert report["scaling"]["jobs1_s"] > 0 and report["scaling"]["jobs2_s"] > 0
    assert report["size"]["summary"]["runs"] == 30 and report["size"]["check_inner_s"] is not None
    assert report["size"]["log_1gb"]["log_bytes"] < 20 * 1024 * 1024, "the 1 GB agent log is kept bounded"
    table = (out / "bench.md").read_text()
    assert "| none | 3 × 1 |" in table and "Temporary trees (workdirs, grading copies, the floor's copies) in" in table and "## Scaling" in table
    assert "cached (" in table
