"""benchmark (`nox -s bench`): every part runs and reports its numbers; here on a three-task suite, one round.

Nothing here judges a figure: how fast the harness is belongs to the benchmark's report, not to a test
that a loaded machine would fail."""
from __future__ import annotations

import json
import os
import re

import pytest

from bench import validate
from bench.common import paths
from bench.exec import sandbox
from tools import benchmark, timing

_MINIMAL_REPORT = {
    "disk": {"tmpdir": "/t", "mkdir_us": 1, "create_us": 2, "results_dir": "/r", "results_mkdir_us": 3,
             "results_create_us": 4},
    "snapshots": {"tasks": 3, "per_task_s": 0.01}, "overhead": [],
    "scaling": {"jobs1_s": 2.0, "jobs2_s": 1.0, "speedup": 2.0, "cores": 2},
    "size": {"summary": {"runs": 30, "score_s": 0.1, "render_s": 0.2, "peak_rss_mb": 50.0},
             "summary_100": {"runs": 100, "score_s": 0.1, "render_s": 0.2, "peak_rss_mb": 40.0},
             "check_s": 0.5, "check_inner_s": 0.3, "log_1mb": {"peak_rss_mb": 30.0},
             "log_1gb": {"log_bytes": 16 * 2 ** 20, "peak_rss_mb": 31.0}},
    "agents": {"opencode": {"skipped": "not installed"}}}
CATEGORIES = {"git", "copy", "patch", "files", "grading_process", "agent_process", "json",
              timing.BACKGROUND}


def test_an_overhead_round_charges_every_category_and_the_table_shows_each_ratio(suite, tmp_path):
    tasks, problems = validate.validate([str(suite / "tasks")])
    assert problems == []
    [found] = benchmark.overhead(tasks, ["none"], tmp_path / "work", tmp_path / "bundles", rounds=1)
    counts = {category: n for category, (_, n) in timing.snapshot().items()}
    assert CATEGORIES <= set(counts) and all(counts[c] > 0 for c in CATEGORIES), counts
    assert found["sandbox"] == "none" and found["tasks"] == 3 and found["rounds"] == 1
    assert found["ratio"] == found["round_ratios"][0] and isinstance(found["ratio"], float)
    assert list(found["breakdown"])[-2:] == [
        "other Python (s/run)", "done while the agent works: grading copy (not on the run's critical path) (s/run)"]
    assert all(isinstance(v, float) for v in found["breakdown"].values())
    from bench.exec import git
    assert not hasattr(git.git, "__wrapped__"), "the harness runs unwrapped once the rounds are over"

    report = {**_MINIMAL_REPORT, "overhead": [found]}
    table = benchmark.markdown(report)
    row = next(line for line in table.splitlines() if line.startswith("| none |"))
    assert re.fullmatch(rf"\| none \| 3 × 1 \| [\d.]+ \| [\d.]+ \| {found['ratio']}× \| {found['ratio']}× \| "
                        rf"≤ {benchmark.OVERHEAD_GOAL}× \| -?[\d.]+ \| -?[\d.]+ \|", row), row
    for label in found["breakdown"]:
        assert f"- {label}: " in table
    assert "| 2.0 | 1.0 | 2.0× | 2 |" in table and "| opencode | skipped: not installed |" in table


@pytest.mark.slow
def test_the_benchmark_measures_every_part_and_writes_its_table(suite, tmp_path, capsys, snapshot_cache):
    out = tmp_path / "bench"
    cached_before = sorted(snapshot_cache.rglob("digest"))
    assert benchmark.main(["--tasks", str(suite / "tasks"), "--out", str(out), "--runs", "30", "--rounds", "1",
                           "--change-mb", "1,2", "--skip-agents"]) == 0
    report = json.loads((out / "bench.json").read_text())
    assert report == json.loads(capsys.readouterr().out)
    kinds = [o["sandbox"] for o in report["overhead"]]
    assert kinds == ["none"] + (["bwrap"] if sandbox.resolve("auto") == "bwrap" else [])
    for o in report["overhead"]:
        assert o["tasks"] == 3 and o["rounds"] == 1 and len(o["round_ratios"]) == 1
        assert o["ratio"] == o["round_ratios"][0]
        parts = o["breakdown"]
        git_part = "git processes: the agent's diff, and its apply to each grading copy (s/run)"
        assert {"other Python (s/run)", git_part} <= set(parts)
        assert parts[git_part] > 0, "every diff and apply is a git process"
        assert parts["files: temporary directories, the rule book on the grading copy, grading logs (s/run)"] > 0
        assert parts["done while the agent works: grading copy (not on the run's critical path) (s/run)"] > 0
    assert report["disk"]["create_us"] >= 0 and report["disk"]["results_create_us"] >= 0
    assert report["disk"]["tmpdir"] == paths.temp_root(), "the floor's copies are where the grading copies are"
    assert report["disk"]["results_dir"] == str(out)
    assert sorted(p.name for p in out.iterdir()) == ["bench.json", "bench.md"]
    assert report["snapshots"]["tasks"] == 3
    runs = report["concurrency"]["outcomes"]["runs"]   # the timeout-sensitive agent at --jobs 1 and 4: figures only
    assert runs == 6 and f"/{runs} outcomes identical at --jobs 1 and 4" in (out / "bench.md").read_text()
    assert sorted(snapshot_cache.rglob("digest")) == cached_before, "the benchmark builds into a cache of its own"
    assert os.environ["LOCALAGENTBENCH_CACHE"] == str(snapshot_cache), "and gives the caller's back"
    assert set(report["scaling"]) == {"jobs1_s", "jobs2_s", "speedup", "cores"}
    assert report["size"]["summary"]["runs"] == 30 and report["size"]["check_inner_s"] is not None
    assert report["size"]["log_1gb"]["log_bytes"] < 20 * 1024 * 1024, "the 1 GB agent log is kept bounded"
    table = (out / "bench.md").read_text()
    assert "| none | 3 × 1 |" in table and "Temporary trees (workdirs, grading copies, the floor's copies) in" in table
    assert "## Scaling" in table and "cached (" in table
    assert [c["change_mb"] for c in report["change"]] == [1, 2] and "## The harness's memory against" in table


def test_the_change_memory_rows_measure_both_paths_and_the_table_shows_each_size(suite, tmp_path, snapshot_cache):
    rows = benchmark.change_memory(str(suite / "tasks"), tmp_path / "change", [1, 2])
    assert [r["change_mb"] for r in rows] == [1, 2] and all(r["cap_mb"] == 64 for r in rows)
    for row in rows:
        for mode in ("take", "run"):
            assert set(row[mode]) == {"patch_bytes", "over_cap", "peak_rss_mb"} and row[mode]["peak_rss_mb"] > 0
            assert row[mode]["over_cap"] is False and row[mode]["patch_bytes"] > row["change_mb"] * 2 ** 20
    assert not list((tmp_path / "change").iterdir()), "each tree goes once measured"
    table = benchmark.markdown({**_MINIMAL_REPORT, "change": rows})
    assert "## The harness's memory against the change's size" in table
    for row in rows:
        assert re.search(rf"^\| {row['change_mb']} \| [\d.]+ \| {row['take']['peak_rss_mb']} \| [\d.]+ \| [\d.]+ \| "
                         rf"no \| {row['run']['peak_rss_mb']} \|$", table, re.M), table


def test_change_sizes_must_be_whole_megabytes(tmp_path, capsys):
    assert benchmark.main(["--out", str(tmp_path / "o"), "--change-mb", "10,x"]) == 2
    assert "--change-mb: whole numbers of MB" in capsys.readouterr().err
