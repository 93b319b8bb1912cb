"""proxy_bench: every part runs over real processes and HTTP on 127.0.0.1, each figure is attributed to its side,
kind of call and number of clients, and the table shows the report's own numbers. Nothing here judges a figure:
how fast the proxy is belongs to the benchmark's output, not to a test that a loaded machine would fail."""
from __future__ import annotations

import json
import re

import pytest

from tools import benchmark, proxy_bench

CALLS, WARMUP, CHUNK_CALLS, EVENTS, CLIENTS, CALLS_EACH, ROUNDS = 3, 1, 2, 4, (1, 3), 2, 2
CELL = r"-?\d+\.\d{3} \(-?\d+\.\d{3}\)"   # median (p90)


@pytest.fixture(scope="module")
def report() -> dict:
    return proxy_bench.measure(calls=CALLS, warmup=WARMUP, chunk_calls=CHUNK_CALLS, events=EVENTS, pace_ms=1.0,
                               clients=CLIENTS, calls_each=CALLS_EACH, rounds=ROUNDS)


def _row(lines: list[str], first: str) -> list[str]:
    [line] = [line for line in lines if line.startswith(f"| {first} |")]
    return [cell.strip() for cell in line.strip("|").split("|")]


def test_every_call_went_through_the_proxy_on_its_side_and_only_there(report):
    # one line per proxied call, warm-ups included: the proxy side really is proxied, the direct side is not
    per_kind = WARMUP + CALLS
    streams = sum(k * (1 + ROUNDS * CALLS_EACH) for k in CLIENTS)   # each client's held call, then its rounds
    assert report["recorded"] == {"fakellm": per_kind * len(proxy_bench.KINDS) + streams,
                                  "paced": min(WARMUP, 3) + CHUNK_CALLS}


def test_each_figure_belongs_to_its_side_kind_and_client_count(report):
    assert list(report["ttft"]) == list(proxy_bench.KINDS)
    for row in report["ttft"].values():
        for side in ("direct", "proxy"):
            for key in ("ttft", "total"):
                found = row[side][key]
                assert found["n"] == CALLS and 0 < found["median_ms"] <= found["p90_ms"]
        for key in ("ttft", "total"):
            assert row["added_ms"][key] == pytest.approx(row["proxy"][key]["median_ms"]
                                                         - row["direct"][key]["median_ms"], abs=1e-3)
            assert row["ratio"][key] == pytest.approx(row["proxy"][key]["median_ms"]
                                                      / row["direct"][key]["median_ms"], abs=1e-3)
    chunks = report["chunks"]
    assert (chunks["calls"], chunks["events"], chunks["pace_ms"]) == (CHUNK_CALLS, EVENTS, 1.0)
    for side in ("direct", "proxy"):
        # every stamped event of every measured answer reached the client, through the proxy as directly
        assert chunks[side]["delivery"]["n"] == CHUNK_CALLS * EVENTS
        assert chunks[side]["gap"]["n"] == CHUNK_CALLS * (EVENTS - 1)
        assert chunks[side]["delivery"]["median_ms"] > 0, "a chunk is read after it is written"
    assert [row["clients"] for row in report["throughput"]] == list(CLIENTS)
    for row in report["throughput"]:
        assert (row["calls_each"], row["rounds"]) == (CALLS_EACH, ROUNDS)
        assert row["answer_bytes"] > len(proxy_bench.BULK)
        for side in ("direct", "proxy"):
            assert row[side]["calls_per_s"] > 0 and row[side]["mb_per_s"] > 0
        assert row["ratio"]["calls_per_s"] == pytest.approx(row["proxy"]["calls_per_s"] / row["direct"]["calls_per_s"],
                                                            abs=2e-3)
    goal = report["goal"]
    worst = max(report["ttft"], key=lambda kind: report["ttft"][kind]["added_ms"]["ttft"])
    assert goal == {"goal_ms": 1.0, "kind": worst, "added_ttft_median_ms": report["ttft"][worst]["added_ms"]["ttft"],
                    "met": report["ttft"][worst]["added_ms"]["ttft"] < 1.0}


def test_the_tables_show_the_reports_numbers_with_ratios_and_the_goal_check(report):
    lines = proxy_bench.markdown(report)
    goal = report["goal"]
    verdict = "under" if goal["met"] else "over"
    assert (f"Goal: added ttft median {goal['added_ttft_median_ms']:.2f} ms ({goal['kind']}, the most of any "
            f"call): {verdict} the 1 ms goal.") in lines
    for kind, r in report["ttft"].items():
        cells = _row(lines, kind)
        assert len(cells) == 9 and all(re.fullmatch(CELL, cells[i]) for i in (1, 2, 5, 6)), cells
        assert cells[1] == f"{r['direct']['ttft']['median_ms']:.3f} ({r['direct']['ttft']['p90_ms']:.3f})"
        assert cells[2] == f"{r['proxy']['ttft']['median_ms']:.3f} ({r['proxy']['ttft']['p90_ms']:.3f})"
        assert cells[3:5] == [f"{r['added_ms']['ttft']:.3f}", f"{r['ratio']['ttft']}×"]
        assert cells[7:] == [f"{r['added_ms']['total']:.3f}", f"{r['ratio']['total']}×"]
    for key, label in (("gap", "gap between chunks"), ("delivery", "delivery")):
        cells = _row(lines, label)
        c = report["chunks"]
        assert cells[1] == f"{c['direct'][key]['median_ms']:.3f} ({c['direct'][key]['p90_ms']:.3f})"
        assert cells[3:] == [f"{c['added_ms'][key]:.3f}", f"{c['ratio'][key]}×"]
    for row in report["throughput"]:
        assert _row(lines, str(row["clients"])) == [
            str(row["clients"]), str(row["direct"]["calls_per_s"]), str(row["proxy"]["calls_per_s"]),
            f"{row['ratio']['calls_per_s']}×", str(row["direct"]["mb_per_s"]), str(row["proxy"]["mb_per_s"]),
            f"{row['ratio']['mb_per_s']}×"]
    # each table's rule has as many columns as its head
    for i, line in enumerate(lines):
        if line.startswith("|---") or line.startswith("|--:"):
            assert line.count("|") == lines[i - 1].count("|")


def test_bench_md_carries_the_proxy_section_when_the_benchmark_measured_it(report):
    overhead = {"sandbox": "none", "tasks": 1, "rounds": 1, "floor_s": 1.0, "harness_s": 1.1, "ratio": 1.1,
                "round_ratios": [1.1], "per_run_overhead_s": 0.1, "per_run_outside_commands_s": 0.1, "breakdown": {}}
    full = {"disk": {"tmpdir": "/t", "mkdir_us": 1, "create_us": 2, "results_dir": "/r", "results_mkdir_us": 3,
                     "results_create_us": 4},
            "snapshots": {"tasks": 1, "per_task_s": 0.01}, "overhead": [overhead],
            "scaling": {"jobs1_s": 2.0, "jobs2_s": 1.0, "speedup": 2.0, "cores": 2},
            "size": {"summary": {"runs": 30, "score_s": 0.1, "render_s": 0.2, "peak_rss_mb": 50.0},
                     "summary_100": {"runs": 100, "score_s": 0.1, "render_s": 0.2, "peak_rss_mb": 40.0},
                     "check_s": 0.5, "check_inner_s": 0.3, "log_1mb": {"peak_rss_mb": 30.0},
                     "log_1gb": {"log_bytes": 1, "peak_rss_mb": 31.0}},
            "agents": {}, "proxy": report}
    table = benchmark.markdown(full)
    assert "\n".join(proxy_bench.markdown(report)) in table
    assert table.index("## Size") < table.index("## Model proxy") < table.index("## Agent start-up")
    del full["proxy"]   # a report from before the proxy was measured still renders
    assert "## Model proxy" not in benchmark.markdown(full)


@pytest.mark.slow   # seconds of real waiting; nox -s slow runs it
def test_the_command_prints_the_report(capsys):
    assert proxy_bench.main(["--calls", "2", "--warmup", "0", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert set(printed) == {"calls", "warmup", "ttft", "chunks", "throughput", "recorded", "goal"}
    assert printed["calls"] == 2 and [row["clients"] for row in printed["throughput"]] == [1, 4, 16]
