"""score: exact pass@k, intervals, infra errors kept apart, shards merged, the summary schema."""
from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest

from bench import score
from bench.common import schema
from bench.common.errors import UserError

DIGEST = "sha256:" + "0" * 64


def make_run(task_id: str, rep: int, outcome: str, *, agent: str = "a", model: str = "m", run_id: str = "r1",
             category: str = "bugfix", heldout: bool = False, tokens: tuple | None = None, wall: float = 1.0,
             turns: int | None = None, stage: str = "graded", language: str | None = None) -> dict:
    """A schema-valid run record with the given outcome."""
    success = outcome == "passed"
    visible = outcome in ("passed", "overfit")
    exit_code = 0 if visible else 4 if outcome == "task_error" else 1
    grading = None if outcome == "infra_error" else {
        "passed": visible, "commands": [] if outcome == "oracle_error" else [
            {"command": "pytest" if outcome == "task_error" else "t", "exit_code": exit_code, "duration_s": 0.1,
             "timed_out": False}]}
    hidden = None
    if heldout and grading:
        hidden = {"passed": outcome == "passed", "commands": [
            {"command": "h", "exit_code": 0 if outcome == "passed" else 1, "duration_s": 0.1, "timed_out": False}]}
    record = {
        "schema": "localagentbench/run@1", "run_id": run_id, "task_id": task_id, "task_digest": DIGEST, "rep": rep,
        "stage": stage, "harness_version": "test",
        "task": {"id": task_id, "category": category, "difficulty": "easy",
                 "heldout": {"path": "h"} if heldout else None, **({"language": language} if language else {})},
        "paths": {"run_dir": f"/tmp/{task_id}/{rep}"},
        "agent": {"name": agent, "version": "1", "argv": [], "exit_code": 0, "timed_out": outcome == "agent_timeout",
                  "wall_s": wall, "tokens_in": tokens[0] if tokens else None,
                  "tokens_out": tokens[1] if tokens else None,
                  "tokens_reasoning": None, "tokens_cache_read": None, "turns": turns, "tool_calls": None,
                  "failed_tool_calls": None, "infra_error": "server down" if outcome == "infra_error" else None,
                  "agent_error": "exit 1" if outcome == "agent_error" else None},
        "model": {"id": model}, "oracle": grading if stage == "graded" else None,
        "heldout": hidden if stage == "graded" else None,
        "outcome": outcome if stage == "graded" else None, "success": success if stage == "graded" else None,
        "flags": [], "sandbox": {"kind": "none"},
    }
    return schema.check(record, "run")


def brute_pass_at_k(n: int, c: int, k: int) -> Fraction:
    """pass@k by enumeration: the share of k-subsets of n samples that contain a correct one."""
    samples = [True] * c + [False] * (n - c)
    subsets = list(itertools.combinations(range(n), k))
    return Fraction(sum(1 for s in subsets if any(samples[i] for i in s)), len(subsets))


def test_pass_at_k_is_exact():
    assert score.pass_at_k(6, 3, 1) == Fraction(1, 2)
    assert float(score.pass_at_k(6, 3, 1)) == 0.5
    for n in range(1, 8):
        for c in range(n + 1):
            for k in range(1, n + 1):
                assert score.pass_at_k(n, c, k) == brute_pass_at_k(n, c, k), (n, c, k)


def test_pass_at_k_rejects_impossible_arguments():
    with pytest.raises(ValueError):
        score.pass_at_k(3, 4, 1)
    with pytest.raises(ValueError):
        score.pass_at_k(3, 1, 4)


def test_wilson_interval_known_values():
    assert score.wilson_interval(0.5, 10) == pytest.approx([0.236593, 0.763407], abs=1e-6)
    lo, hi = score.wilson_interval(1.0, 5)
    assert hi == 1.0 and 0.5 < lo < 0.6
    assert score.wilson_interval(0.0, 0) == [0.0, 1.0]


def test_group_pass_at_k_over_repetitions():
    runs = [make_run("t1", i, o) for i, o in enumerate(["passed", "failed", "passed", "failed", "passed", "failed"])]
    runs += [make_run("t2", i, "failed") for i in range(6)]
    summary = score.score(runs)
    group = summary["groups"][0]
    assert group["pass_at_k"]["1"] == 0.25  # (1/2 + 0) / 2
    assert group["pass_at_k"]["6"] == 0.5
    assert set(group["pass_at_k"]) == {str(k) for k in range(1, 7)}
    t1 = next(t for t in summary["tasks"] if t["task_id"] == "t1")
    assert (t1["n"], t1["c"], t1["pass_at_k"]["1"]) == (6, 3, 0.5)
    schema.check(summary, "summary")


def test_infra_errors_are_kept_apart():
    runs = [make_run("t1", 0, "passed"), make_run("t1", 1, "infra_error"),
            make_run("t2", 0, "infra_error"), make_run("t3", 0, "failed")]
    group = score.score(runs)["groups"][0]
    assert group["infra_errors"] == 2
    assert group["n_tasks"] == 2 and group["n_tasks_unscored"] == 1, "t2 only had infra errors"
    assert group["pass_at_1"] == 0.5, "infra errors are not failures of the agent"


def test_heldout_confirmation_overfit_and_outcome_counts():
    timed_out_passing = make_run("t5", 0, "agent_timeout", heldout=True)
    for section in (timed_out_passing["oracle"], timed_out_passing["heldout"]):
        section.update(passed=True, commands=[{**section["commands"][0], "exit_code": 0}])
    runs = [make_run("t1", 0, "passed", heldout=True), make_run("t2", 0, "overfit", heldout=True),
            make_run("t3", 0, "failed", heldout=True), make_run("t4", 0, "agent_timeout"), timed_out_passing]
    group = score.score(runs)["groups"][0]
    # The timed-out run's change passes both phases, but a run that timed out is no candidate success.
    assert (group["heldout_checked"], group["heldout_confirmed"], group["overfit"]) == (2, 1, 1)
    assert group["outcomes"]["agent_timeout"] == 2 and group["outcomes"]["passed"] == 1


def test_latency_and_tokens_unknown_stays_null():
    runs = [make_run("t1", 0, "passed", wall=2.0, turns=4), make_run("t2", 0, "failed", wall=4.0, turns=4)]
    group = score.score(runs)["groups"][0]
    assert group["latency"]["total_s"] == 6.0 and group["latency"]["median_s"] == 3.0
    assert group["latency"]["per_turn_s"] == 0.75
    assert group["costs"]["tokens_in"] is None
    runs.append(make_run("t3", 0, "failed", tokens=(100, 10)))
    assert score.score(runs)["groups"][0]["costs"]["tokens_in"] == 100


def test_groups_by_agent_and_model():
    runs = [make_run("t1", 0, "passed", agent="aider", model="q1"),
            make_run("t1", 0, "failed", agent="aider", model="q2"),
            make_run("t1", 0, "passed", agent="opencode", model="q1")]
    summary = score.score(runs)
    assert [(g["agent"], g["model"], g["pass_at_1"]) for g in summary["groups"]] == [
        ("aider", "q1", 1.0), ("aider", "q2", 0.0), ("opencode", "q1", 1.0)]


def test_shards_merge_and_duplicates_and_incomplete_are_reported():
    shard_a = [make_run("t1", 0, "passed"), make_run("t2", 0, "failed")]
    shard_b = [make_run("t1", 0, "passed"), make_run("t3", 0, "passed", stage="agent_done")]
    summary = score.score(shard_a + shard_b)
    assert summary["duplicates"] == [{"run_id": "r1", "task_id": "t1", "rep": 0}]
    assert summary["incomplete"] == [{"run_id": "r1", "task_id": "t3", "rep": 0, "stage": "agent_done", "agent": "a",
                                      "model": "m", "visible": "split"}]
    assert any("duplicate" in w for w in summary["warnings"])
    assert any("did not finish" in w for w in summary["warnings"])
    assert summary["groups"][0]["n_runs"] == 2


def test_broken_calibration_is_called_out():
    runs = [make_run("calib-a", 0, "failed", category="calib"), make_run("t1", 0, "passed")]
    summary = score.score(runs)
    assert summary["groups"][0]["calib"]["broken"] is True
    assert any("setup is broken" in w for w in summary["warnings"])


def test_main_reads_files_and_writes_summary(tmp_path, capsys):
    runs = tmp_path / "runs.jsonl"
    runs.write_text("\n".join(json.dumps(make_run(f"t{i}", 0, "passed" if i % 2 else "failed")) for i in range(4)))
    out = tmp_path / "summary.json"
    assert score.main([str(runs), "--out", str(out)]) == 0
    summary = json.loads(out.read_text())
    schema.check(summary, "summary")
    assert summary["groups"][0]["pass_at_1"] == 0.5
    assert "pass@1 0.500" in capsys.readouterr().err


def test_a_summary_can_be_rescored(tmp_path):
    summary = score.score([make_run("t1", 0, "passed"), make_run("t2", 0, "failed")])
    path = tmp_path / "s.json"
    path.write_text(json.dumps(summary))
    from bench.common.records import read_records
    again = score.score(read_records([str(path)]))
    assert again["groups"] == summary["groups"]


def test_bad_record_is_a_clear_error(tmp_path, capsys):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"schema": "localagentbench/run@1", "task_id": "x"}\n')
    assert score.main([str(bad)]) == 2
    err = capsys.readouterr().err
    assert "does not match schemas/run.schema.json" in err and "Traceback" not in err
    garbage = tmp_path / "garbage.jsonl"
    garbage.write_text("{not json\n")
    assert score.main([str(garbage)]) == 2
    assert "not valid JSON" in capsys.readouterr().err


@pytest.mark.parametrize("field,value,words", [
    ("agent", None, "agent: a graded run needs an agent object"),
    ("model", None, "model: a graded run needs a model object"),
    ("sandbox", {"kind": "none", "jobs": [1]}, "sandbox.jobs: [1] is not a whole number"),
])
def test_a_graded_run_the_schema_lets_through_but_scoring_cannot_use_is_one_line(tmp_path, capsys, field, value, words):
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({**make_run("t1", 0, "passed"), field: value}) + "\n")
    assert score.main([str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.splitlines() == [f"error: run t1/0: {words}; it is not a run record `localagentbench run` writes"]


def test_nan_and_infinity_in_records_are_refused(tmp_path, capsys):
    good = json.dumps(make_run("t1", 0, "passed", wall=2.5))
    for constant in ("NaN", "Infinity", "-Infinity"):
        bad = tmp_path / f"{constant}.jsonl"
        bad.write_text(good + "\n" + good.replace('"wall_s": 2.5', f'"wall_s": {constant}') + "\n")
        assert score.main([str(bad)]) == 2
        err = capsys.readouterr().err
        assert err.splitlines() == [f"error: {bad}: line 2: not valid JSON ({constant} is not a number JSON allows)"]


def wilson(p: float, n: int) -> list[float]:
    """The Wilson score interval written out from its textbook formula (z = 1.96)."""
    z = 1.959963984540054
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5
    return [max(0.0, centre - half), min(1.0, centre + half)]


def test_strict_and_scored_rates_count_what_each_leaves_out():
    runs = [make_run("t1", 0, "passed"), make_run("t2", 0, "failed"), make_run("t3", 0, "infra_error"),
            make_run("t5", 0, "passed", stage="agent_done")]
    config = {"run_id": "r1", "agent": "a", "model": "m",
              "grid": [["t1", 0], ["t2", 0], ["t3", 0], ["t4", 0], ["t5", 0]]}
    summary = score.score(runs, [config])
    group = summary["groups"][0]
    # scored: t1 and t2 (1 of 2); strict: 1 pass over the 5 runs planned, t3-t5 counting as not passed
    assert group["pass_at_1"] == 0.5 and group["pass_at_1_ci"] == pytest.approx(wilson(0.5, 2), abs=1e-6)
    assert group["pass_at_1_strict"] == 0.2 and group["pass_at_1_strict_ci"] == pytest.approx(wilson(0.2, 5), abs=1e-6)
    assert group["left_out"] == {"infra_error": 1, "incomplete": 1, "missing": 1, "total": 3}
    assert (group["n_grid_runs"], group["n_grid_tasks"], group["complete"]) == (5, 5, False)
    assert summary["missing"] == [{"run_id": "r1", "agent": "a", "model": "m", "visible": "split", "task_id": "t4",
                                   "rep": 0}]
    assert any("1 run(s) the grid planned are missing" in w and "t4/0" in w for w in summary["warnings"])
    line = score.headline(group)
    assert "pass@1 0.500 [" in line and "(3 left out: 1 infra error, 1 unfinished, 1 missing)" in line
    assert "strict pass@1 0.200 [" in line and "over all 5 run(s) of the grid" in line


def test_strict_rate_with_repetitions_is_the_mean_over_tasks_of_passes_over_planned_runs():
    runs = [make_run("t1", 0, "passed"), make_run("t1", 1, "infra_error"), make_run("t1", 2, "passed"),
            make_run("t2", 0, "failed"), make_run("t2", 1, "passed")]
    config = {"run_id": "r1", "agent": "a", "model": "m", "tasks": {"t1": DIGEST, "t2": DIGEST}, "repeat": 3}
    group = score.score(runs, [config])["groups"][0]
    # scored: t1 2/2, t2 1/2 -> 0.75; strict: t1 2/3, t2 1/3 (t2 rep 2 missing) -> 0.5
    assert group["pass_at_1"] == 0.75 and group["pass_at_1_strict"] == 0.5
    assert group["left_out"]["total"] == 2 and group["n_grid_runs"] == 6


def test_a_group_with_no_scored_run_has_no_rate():
    summary = score.score([make_run("t1", 0, "infra_error"), make_run("t2", 0, "infra_error")])
    group = summary["groups"][0]
    assert group["pass_at_1"] is None and group["pass_at_1_ci"] is None and group["pass_at_k"] == {}
    assert group["pass_at_1_strict"] == 0.0
    assert "pass@1 n/a over 0 scored run(s)" in score.headline(group)
    assert any("no run was scored; pass@1 is n/a" in w for w in summary["warnings"])
    schema.check(summary, "summary")


def test_the_outcome_is_what_the_graded_sections_show_not_what_run_json_says():
    forged = make_run("t1", 0, "failed")
    forged.update(outcome="passed", success=True)
    summary = score.score([forged, make_run("t2", 0, "passed")])
    assert [r["outcome"] for r in summary["runs"]] == ["failed", "passed"]
    assert summary["groups"][0]["passes"] == 1 and summary["groups"][0]["pass_at_1"] == 0.5
    assert any("run t1/0: run.json says outcome 'passed'" in w and "scored as 'failed'" in w
               for w in summary["warnings"])


def test_a_broken_task_is_counted_and_named():
    summary = score.score([make_run("t1", 0, "task_error"), make_run("t2", 0, "passed")])
    group = summary["groups"][0]
    assert group["outcomes"]["task_error"] == 1 and group["n_scored_runs"] == 2 and group["pass_at_1"] == 0.5
    assert any("task t1:" in w and "verify --task t1" in w for w in summary["warnings"])


def measured(record: dict, *, calls: int, errors: int = 0, tokens: tuple[int, int], model_s: float,
             prefill: tuple[int, float | None] = (0, None), decode: tuple[int, float | None] = (0, None),
             truncated: int = 0, ttft: float | None = None, translated: int = 0,
             said: tuple[int | None, int | None] = (None, None), startup: float | None = None) -> dict:
    """`record` as a run that went through the model proxy: its model_calls totals and the agent's fields
    as the wiring fills them (tokens from the proxy, the agent's own counts in agent_reported)."""
    record["model_calls"] = {
        "calls": calls, "other_requests": 1, "errors": errors, "tokens_in": tokens[0], "tokens_out": tokens[1],
        "tokens_cached": 0, "tokens_reasoning": 0, "model_s": model_s, "ttft_median_s": ttft,
        "prefill_s": prefill[1], "decode_s": decode[1], "prefill_tokens": prefill[0], "decode_tokens": decode[0],
        "context_truncated": truncated, "tool_calls": 0, "protocols": {"openai_chat": calls},
        "translated": translated, "upstream": "http://127.0.0.1:1/v1", "first_error": None}
    record["agent"].update(tokens_in=tokens[0], tokens_out=tokens[1], tokens_source="proxy", model_s=model_s,
                           own_s=record["agent"]["wall_s"] - model_s, startup_s=startup,
                           agent_reported={"tokens_in": said[0], "tokens_out": said[1], "tokens_reasoning": None,
                                           "tokens_cache_read": None, "turns": None, "tool_calls": None})
    return record


def test_the_model_section_sums_what_the_proxy_measured_over_the_measured_runs():
    runs = [
        measured(make_run("t1", 0, "passed", wall=10.0), calls=4, tokens=(1000, 200), model_s=6.0,
                 prefill=(1000, 0.5), decode=(200, 4.0), ttft=0.2, said=(1000, 200), startup=1.5),
        measured(make_run("t2", 0, "failed", wall=20.0), calls=6, errors=1, tokens=(3000, 600), model_s=15.0,
                 truncated=2, ttft=0.4, translated=6, said=(2900, None), startup=0.5),
        measured(make_run("t3", 0, "passed", wall=10.0), calls=2, tokens=(500, 100), model_s=3.0,
                 prefill=(500, 0.5), decode=(100, 1.0), truncated=1),
        measured(make_run("t4", 0, "overfit", wall=10.0, heldout=True), calls=1, tokens=(0, 0), model_s=1.0,
                 said=(None, 5)),
        make_run("t5", 0, "passed", wall=100.0, tokens=(9, 9)),  # no proxy: not in the section at all
        measured(make_run("t6", 0, "infra_error", wall=50.0), calls=9, errors=9, tokens=(1, 1), model_s=40.0),
    ]
    summary = score.score(runs)
    schema.check(summary, "summary")
    m = summary["groups"][0]["model_calls"]
    # The infra error is not scored (as costs and latency); t5 has no proxy; t1-t4 are measured.
    # Solved: t1 and t3 (passed); t4 overfit is not. Tokens: 1200 + 3600 + 600 + 0 = 5400, / 2 solved.
    # Model share: (6 + 15 + 3 + 1) / (10 + 20 + 10 + 10). Prefill: (1000 + 500) / (0.5 + 0.5) over t1, t3;
    # decode (200 + 100) / (4 + 1). TTFT: median of 0.2 and 0.4. Disagree: t2 (2900 != 3000) and t4 (5 != 0).
    # Start-up: median of t1's 1.5 and t2's 0.5 (t3, t4 made no call that was timed: None, left out).
    assert m == {"runs_measured": 4, "calls": 13, "errors": 1, "model_s": 25.0, "wall_s": 50.0, "model_share": 0.5,
                 "tokens": 5400, "runs_tokens_incomplete": 0,
                 "solved": 2, "tokens_per_solved": 2700.0, "prefill_tps": 1500.0,
                 "decode_tps": 60.0, "context_truncated": 3, "truncated_share": round(3 / 13, 4), "runs_truncated": 2,
                 "ttft_median_s": 0.3,
                 "startup_median_s": 1.0, "translated": 6, "tokens_disagree": 2}


def test_a_run_with_unknown_tokens_leaves_the_groups_tokens_unknown_not_smaller():
    """Issue 27: calls answered without the server's counts make the run's tokens unknown (None), and the group's
    sum and tokens per solved task unknown with it, never the sum of the calls that did report."""
    runs = [measured(make_run("t1", 0, "passed"), calls=3, tokens=(100, 20), model_s=0.5),
            measured(make_run("t2", 0, "passed"), calls=4, tokens=(None, None), model_s=0.5)]
    summary = score.score(runs)
    schema.check(summary, "summary")
    m = summary["groups"][0]["model_calls"]
    assert (m["tokens"], m["tokens_per_solved"], m["runs_tokens_incomplete"]) == (None, None, 1)


def test_a_group_with_no_measured_run_has_no_model_section_and_none_solved_has_no_tokens_per_solved():
    runs = [make_run("t1", 0, "passed", agent="builtin"),
            measured(make_run("t1", 0, "failed", agent="proxied"), calls=3, tokens=(100, 20), model_s=0.5),
            measured(make_run("t2", 0, "failed", agent="proxied"), calls=1, tokens=(50, 10), model_s=0.25)]
    groups = {g["agent"]: g for g in score.score(runs)["groups"]}
    assert groups["builtin"]["model_calls"] is None, "not measured is not zeros"
    m = groups["proxied"]["model_calls"]
    assert (m["solved"], m["tokens"], m["tokens_per_solved"]) == (0, 180, None)
    assert (m["prefill_tps"], m["decode_tps"], m["ttft_median_s"]) == (None, None, None), "no server reported them"
    assert (m["model_share"], m["tokens_disagree"], m["runs_truncated"]) == (0.375, 0, 0)


@pytest.mark.parametrize(("field", "value", "says"), [
    ("calls", "3", "model_calls.calls: '3' is not of type 'integer'"),
    ("tokens_in", True, "model_calls.tokens_in: True is not of type 'integer', 'null'"),
    ("model_s", None, "model_calls.model_s: None is not of type 'number'"),
    ("prefill_s", float("nan"), "model_calls.prefill_s: nan is not a finite number"),
    ("context_truncated", -1, "model_calls.context_truncated: -1 is less than the minimum of 0"),
])
def test_a_hand_edited_model_calls_section_is_refused_in_one_line(field, value, says):
    run = measured(make_run("t1", 0, "passed"), calls=3, tokens=(100, 20), model_s=0.5)
    run["model_calls"][field] = value
    with pytest.raises(UserError) as err:
        score.score([run])
    assert says in str(err.value) and "\n" not in str(err.value)
    run["model_calls"] = [1, 2]
    with pytest.raises(UserError, match="model_calls: \\[1, 2\\] is not of type 'object', 'null'"):
        score.score([run])


def test_results_by_language_fold_aliases_and_carry_an_interval_each(tmp_path, capsys):
    """Each group's pass@1 per language: the mean over that language's tasks of c/n with the Wilson interval
    over its tasks; `TypeScript` and `js` count as javascript, a task without `language` as python, a language
    no profile knows as written. report.md shows the table only when there is more than one language."""
    reps = {("g1", "go"): [True, False], ("g2", "Go"): [True, True], ("t3", "TypeScript"): [False, False],
            ("j4", "js"): [True, False], ("p5", None): [True], ("z6", "Zig"): [False]}
    runs = [make_run(task, rep, "passed" if ok else "failed", language=lang)
            for (task, lang), oks in reps.items() for rep, ok in enumerate(oks)]
    summary = schema.check(score.score(runs), "summary")
    by_language = summary["groups"][0]["languages"]
    expected = {"go": (2, 3, 4, 0.75), "javascript": (2, 1, 4, 0.25), "python": (1, 1, 1, 1.0), "zig": (1, 0, 1, 0.0)}
    assert sorted(by_language) == sorted(expected)
    for language, (n_tasks, passes, n_runs, rate) in expected.items():
        part = by_language[language]
        assert (part["n_tasks"], part["passes"], part["n_scored_runs"]) == (n_tasks, passes, n_runs)
        assert part["pass_at_1"] == pytest.approx(rate)
        assert part["pass_at_1_ci"] == pytest.approx(wilson(rate, n_tasks), abs=1e-6)
    assert {t["task_id"]: t["language"] for t in summary["tasks"]} == {
        "g1": "go", "g2": "go", "t3": "javascript", "j4": "javascript", "p5": "python", "z6": "zig"}
    from bench import cli
    results = tmp_path / "results"

    def bundle(records: list[dict]) -> None:
        for record in records:
            where = results / "runs" / record["task_id"] / str(record["rep"])
            where.mkdir(parents=True, exist_ok=True)
            (where / "run.json").write_text(json.dumps({**record, "paths": {"run_dir": str(where)}}))
    bundle(runs)
    assert cli.main(["report", "--results", str(results)]) == 0
    md = (results / "report.md").read_text(encoding="utf-8")
    section = md[md.index("## Per language"):md.index("## Per category")]
    cells = [f"{100 * rate:.1f}% ({100 * wilson(rate, n)[0]:.1f}%–{100 * wilson(rate, n)[1]:.1f}%) · {n} task"
             + ("s" if n > 1 else "") for n, _, _, rate in expected.values()]
    assert "| Agent | Model | go | javascript | python | zig |" in section
    assert f"| a | m | {' | '.join(cells)} |" in section, section
    html = (results / "site" / "index.html").read_text(encoding="utf-8")
    assert 'id="languages"' in html and "· 2 tasks" in html
    results = tmp_path / "one"
    bundle([make_run("g1", 0, "passed", language="go")])
    assert cli.main(["report", "--results", str(results)]) == 0
    assert "## Per language" not in (results / "report.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("text", ['{"schema": "localagentbench/run@1"}', '{"run_id": 3}', '{bad', "[1]"])
def test_a_malformed_run_json_is_one_line_naming_the_file(tmp_path, capsys, text):
    """`python -m bench.score BUNDLE` over a run.json that is not a run record: one error line naming the file,
    exit 2, never a traceback (before, a JSON object missing fields was named `run None/None`)."""
    run_file = tmp_path / "runs" / "a" / "0" / "run.json"
    run_file.parent.mkdir(parents=True)
    run_file.write_text(text)
    assert score.main([str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and str(run_file) in err and "Traceback" not in err
