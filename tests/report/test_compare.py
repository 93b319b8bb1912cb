"""compare: paired per-task flips, the pass@1 difference with Tango's interval (none below the minimum of
tasks), strict and scored pass@1, McNemar, token means that keep missing counts missing, how the runs were
made, digest refusal, nothing-to-pair refusal, outputs."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bench import cli, score
from bench.common import schema
from bench.common.errors import UserError
from bench.common.records import write_json_atomic
from bench.common.stats import mcnemar_exact, tango_interval
from bench.report import compare

REPO = Path(__file__).resolve().parents[2]
UNSET = object()


def run(task: str, rep: int, ok: bool, *, agent: str = "a", model: str = "m", run_id: str = "r1",
        digest: str = "0", wall: float = 1.0, tokens: int | None = 100, tokens_out=UNSET, outcome: str | None = None,
        version: str = "1", sandbox: str = "none", jobs: int | None = None, options: dict | None = None,
        model_digest: str | None = None, harness: str = "test", timeout: float | None = None,
        language: str | None = None) -> dict:
    """A schema-valid graded run record whose graded sections show `ok` (score decides the outcome from them).
    tokens: tokens_in (and tokens_out unless given apart)."""
    infra = outcome == "infra_error"
    record = {
        "schema": "localagentbench/run@1", "run_id": run_id, "task_id": task, "task_digest": "sha256:" + digest * 64,
        "rep": rep, "stage": "graded", "harness_version": harness,
        "task": {"id": task, "category": "bugfix", "difficulty": "easy", "heldout": None, "prompt": "p",
                 **({"language": language} if language else {})},
        "paths": {"run_dir": f"/nonexistent/{task}/{rep}"},
        "agent": {"name": agent, "version": version, "argv": [], "exit_code": 0, "timed_out": False, "wall_s": wall,
                  "tokens_in": tokens, "tokens_out": tokens if tokens_out is UNSET else tokens_out,
                  "tokens_reasoning": None, "tokens_cache_read": None, "turns": None, "tool_calls": None,
                  "failed_tool_calls": None, "infra_error": "server down" if infra else None,
                  **({"timeout_s": timeout} if timeout is not None else {})},
        "model": {"id": model, **({"digest": model_digest} if model_digest else {})},
        "oracle": None if infra else {"passed": ok, "commands": [
            {"command": "t", "exit_code": 0 if ok else 1, "duration_s": 0.1, "timed_out": False}]},
        "heldout": None, "outcome": outcome or ("passed" if ok else "failed"), "success": ok and not infra,
        "flags": [], "sandbox": {"kind": sandbox, **({"jobs": jobs} if jobs is not None else {})},
    }
    if options is not None:
        record["options"] = options
    return schema.check(record, "run")


def summary_of(results: dict[str, list[bool]], **kw) -> dict:
    """A scored summary: task -> successes of each repetition."""
    return score.score([run(t, i, ok, **kw) for t, oks in results.items() for i, ok in enumerate(oks)])


BASE = {"t1": [True], "t2": [True], "t3": [False], "t4": [False], "t5": [True], "t6": [False]}
OTHER = {"t1": [True], "t2": [False], "t3": [True], "t4": [True], "t5": [True], "t6": [True]}


def test_flips_difference_and_mcnemar_on_paired_tasks():
    cmp = compare.compare(summary_of(BASE), summary_of(OTHER, run_id="r2", wall=2.0, tokens=150))
    schema.check(cmp, "comparison")
    assert cmp["flips"] == {"improved": ["t3", "t4", "t6"], "regressed": ["t2"]}
    assert (cmp["mcnemar"]["regressed"], cmp["mcnemar"]["improved"]) == (1, 3)
    assert cmp["mcnemar"]["p_value"] == mcnemar_exact(1, 3) == 0.625
    assert cmp["base"]["pass_at_1"] == pytest.approx(0.5) and cmp["other"]["pass_at_1"] == pytest.approx(5 / 6)
    d = cmp["difference"]
    assert d["pass_at_1"] == pytest.approx(1 / 3)
    # The 2 x 2 table of the six tasks: 3 improved (t3, t4, t6), 1 regressed (t2).
    assert d["ci"] == tango_interval(3, 1, 6)
    assert d["ci"][0] < 1 / 3 < d["ci"][1] and d["reason"] is None and d["min_tasks"] == 5
    assert "Tango" in d["method"]
    assert cmp["latency"]["ratio_mean"] == 2.0 and cmp["tokens"]["ratio"] == 1.5
    digests = cmp["task_set"].pop("task_digests")
    assert cmp["task_set"] == {"compared": 6, "restricted": False, "only_base": [], "only_other": [],
                               "digest_changed": [], "unscored": [], "scored_in_base_only": [],
                               "scored_in_other_only": [], "scored_in_neither": []}
    assert sorted(digests) == sorted(BASE) and set(digests.values()) == {"sha256:" + "0" * 64}
    assert cmp["base"]["model_info"] == [{"id": "m"}] and cmp["other"]["sandbox"] == ["none"]
    assert cmp["differences"] == [] and not any("made differently" in w for w in cmp["warnings"])
    again = compare.compare(summary_of(BASE), summary_of(OTHER, run_id="r2", wall=2.0, tokens=150))
    assert again["difference"]["ci"] == d["ci"], "no randomness: the same interval every time"


def test_repetitions_use_the_majority_per_task():
    base = summary_of({"t1": [True, True, False], "t2": [True, False, False], "t3": [True, False]})
    other = summary_of({"t1": [False, False, True], "t2": [True, True, False], "t3": [True, True]}, run_id="r2")
    cmp = compare.compare(base, other)
    rows = {r["task_id"]: r for r in cmp["per_task"]}
    assert rows["t1"]["base"]["solved"] and not rows["t1"]["other"]["solved"]
    assert not rows["t3"]["base"]["solved"], "1 of 2 is a tie, not a majority"
    assert cmp["flips"] == {"improved": ["t2", "t3"], "regressed": ["t1"]}
    assert rows["t1"]["delta"] == pytest.approx(-1 / 3)
    assert cmp["base"]["pass_at_1"] == pytest.approx((2 / 3 + 1 / 3 + 1 / 2) / 3), "pass@1 is the mean over reps"
    assert cmp["difference"]["ci"] is None, "three tasks: too few for an interval"


def test_the_interval_of_repetitions_uses_the_table_of_run_pairs():
    # Per task (base c/n, other c/n): t1 2/3 vs 1/3, t2 0/3 vs 3/3, t3..t5 3/3 vs 3/3.
    # gains = sum (1 - b) o = (1/3)(1/3) + 1 = 10/9; losses = sum b (1 - o) = (2/3)(2/3) = 4/9.
    base = summary_of({"t1": [True, True, False], "t2": [False] * 3, "t3": [True] * 3, "t4": [True] * 3,
                       "t5": [True] * 3})
    other = summary_of({"t1": [True, False, False], "t2": [True] * 3, "t3": [True] * 3, "t4": [True] * 3,
                        "t5": [True] * 3}, run_id="r2")
    d = compare.compare(base, other)["difference"]
    assert d["pass_at_1"] == pytest.approx((-1 / 3 + 1) / 5)
    assert d["ci"] == pytest.approx(tango_interval(10 / 9, 4 / 9, 5), abs=1e-6)


def test_below_the_minimum_of_paired_tasks_there_is_no_interval(tmp_path, capsys):
    four = {t: v for t, v in list(BASE.items())[:4]}
    cmp = compare.compare(summary_of(four), summary_of({t: OTHER[t] for t in four}, run_id="r2"))
    schema.check(cmp, "comparison")
    d = cmp["difference"]
    assert d["ci"] is None and d["pass_at_1"] == pytest.approx(0.25)  # (0 - 1 + 1 + 1) / 4
    assert d["reason"] == "too few paired tasks for an interval (4 paired, at least 5 needed)"
    assert "too few paired tasks for an interval" in compare.comparison_markdown(cmp)
    html = compare.comparison_html(cmp)
    assert "too few paired tasks for an interval" in html and 'id="diff-chart"' in html
    base = _bundle(tmp_path, "base", summary_of(four))
    other = _bundle(tmp_path, "other", summary_of({t: OTHER[t] for t in four}, run_id="r2"))
    assert compare.main(["--base", str(base), "--other", str(other), "--json", "--no-html"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["difference"]["ci"] is None and data["difference"]["reason"].startswith("too few paired tasks")
    five = {t: v for t, v in list(BASE.items())[:5]}
    cmp5 = compare.compare(summary_of(five), summary_of({t: OTHER[t] for t in five}, run_id="r2"))
    assert cmp5["difference"]["ci"] == tango_interval(2, 1, 5) and cmp5["difference"]["reason"] is None


def test_strict_and_scored_pass_at_1_with_the_runs_each_leaves_out():
    # Base, two planned runs per task. t1: pass + infra error; t2: fail + fail; t3: pass + pass;
    # t4: pass + a missing run (in the config's grid, no record); t5: fail + infra error.
    records = [run("t1", 0, True), run("t1", 1, False, outcome="infra_error"), run("t2", 0, False),
               run("t2", 1, False), run("t3", 0, True), run("t3", 1, True), run("t4", 0, True),
               run("t5", 0, False), run("t5", 1, False, outcome="infra_error")]
    config = {"run_id": "r1", "agent": "a", "model": "m", "grid": [[t, r] for t in ("t1", "t2", "t3", "t4", "t5")
                                                                   for r in (0, 1)]}
    base = score.score(records, [config])
    other = summary_of({t: [True, True] for t in ("t1", "t2", "t3", "t4", "t5")}, run_id="r2")
    cmp = compare.compare(base, other)
    schema.check(cmp, "comparison")
    b, o = cmp["base"], cmp["other"]
    # Scored: t1 1/1, t2 0/2, t3 2/2, t4 1/1, t5 0/1 -> (1 + 0 + 1 + 1 + 0) / 5.
    assert b["pass_at_1"] == pytest.approx(3 / 5)
    # Strict: every planned run counts, c / 2 each -> (1/2 + 0 + 1 + 1/2 + 0) / 5.
    assert b["pass_at_1_strict"] == pytest.approx(2 / 5)
    assert (b["runs_left_out"], b["n_runs_scored"], b["n_runs_grid"]) == (3, 7, 10)
    assert (o["pass_at_1"], o["pass_at_1_strict"], o["runs_left_out"]) == (1.0, 1.0, 0)
    rows = {r["task_id"]: r for r in cmp["per_task"]}
    assert (rows["t4"]["base"]["n"], rows["t4"]["base"]["n_grid"]) == (1, 2)
    md = compare.comparison_markdown(cmp)
    assert "| pass@1 over scored runs | 60.0% (3 of 10 run(s) left out) | 100.0% (0 of 10 run(s) left out) |" in md
    assert "| strict pass@1 (unscored, unfinished or missing runs count as not passed) | 40.0% (0 of 10 run(s) " \
           "left out) | 100.0% (0 of 10 run(s) left out) |" in md
    assert "| t4 | bugfix | 1/1 (2 planned) | 2/2 |" in md
    html = compare.comparison_html(cmp)
    assert "base, strict" in html and "3 of 10 run(s) left out" in html
    # A summary written before the grid was recorded has no n_grid: the graded runs are the grid.
    for row in base["tasks"]:
        del row["n_grid"]
    old = compare.compare(base, other)
    assert old["base"]["pass_at_1_strict"] == pytest.approx((1 / 2 + 0 + 1 + 1 + 0) / 5)
    assert old["base"]["runs_left_out"] == 2


def test_missing_token_counts_stay_missing():
    base = score.score([run("t1", 0, True, tokens=100, tokens_out=50),
                        run("t2", 0, True, tokens=200, tokens_out=None),
                        run("t3", 0, False, tokens=None, tokens_out=None),
                        run("t4", 0, False, tokens=300, tokens_out=0),
                        run("t5", 0, True, tokens=None, tokens_out=70)])
    other = score.score([run(t, 0, True, run_id="r2", tokens=400, tokens_out=200) for t in ("t1", "t2", "t3")] +
                        [run(t, 0, True, run_id="r2", tokens=1000, tokens_out=None) for t in ("t4", "t5")])
    cmp = compare.compare(base, other)
    schema.check(cmp, "comparison")
    tok = cmp["tokens"]
    # Base: only t1 (100 + 50) and t4 (300 + 0) report both; t2 and t5 report one count and are left out, not zeroed.
    assert tok["base"] == {"mean_per_run": 225.0, "n_runs": 2, "n_runs_partial": 2, "synthetic": False}
    # Other: t1..t3 report 400 + 200; t4, t5 report only tokens_in.
    assert tok["other"] == {"mean_per_run": 600.0, "n_runs": 3, "n_runs_partial": 2, "synthetic": False}
    assert tok["ratio"] == round(600 / 225, 4)
    md = compare.comparison_markdown(cmp)
    assert "| mean tokens per run (in + out, over runs reporting both) | 225.0 (2 run(s); 2 reporting only one " \
           "count left out) |" in md
    nothing = score.score([run(t, 0, True, tokens=5, tokens_out=None) for t in ("t1", "t2", "t3", "t4", "t5")])
    none = compare.compare(nothing, other)["tokens"]
    assert none["base"] == {"mean_per_run": None, "n_runs": 0, "n_runs_partial": 5, "synthetic": False}
    assert none["ratio"] is None


def test_different_task_digests_are_refused_unless_allowed():
    base = summary_of(BASE)
    other = score.score([run("t1", 0, True, run_id="r2", digest="1")] +
                        [run(t, 0, ok[0], run_id="r2") for t, ok in OTHER.items() if t not in ("t1", "t6")] +
                        [run("t9", 0, True, run_id="r2")])
    with pytest.raises(UserError) as err:
        compare.compare(base, other)
    message = str(err.value)
    assert "only in base (t6)" in message and "only in other (t9)" in message and "different digests (t1)" in message
    assert "--allow-different-tasks" in message and "\n" not in message
    cmp = compare.compare(base, other, allow_different_tasks=True)
    assert [r["task_id"] for r in cmp["per_task"]] == ["t2", "t3", "t4", "t5"]
    assert cmp["task_set"]["restricted"] and cmp["task_set"]["digest_changed"] == ["t1"]
    assert any("only the 4 task(s)" in w for w in cmp["warnings"])
    assert "only the 4 task(s)" in compare.comparison_markdown(cmp)


def test_tasks_unscored_on_one_side_or_both_are_left_out_and_named():
    base = score.score([run(t, 0, ok[0]) for t, ok in BASE.items() if t != "t6"] +
                       [run("t6", 0, False, outcome="infra_error")])
    other = score.score([run(t, 0, ok[0], run_id="r2") for t, ok in OTHER.items() if t not in ("t1", "t6")] +
                        [run(t, 0, False, run_id="r2", outcome="infra_error") for t in ("t1", "t6")])
    cmp = compare.compare(base, other)
    ts = cmp["task_set"]
    assert ts["unscored"] == ["t1", "t6"] and ts["compared"] == 4
    assert (ts["scored_in_base_only"], ts["scored_in_other_only"], ts["scored_in_neither"]) == (["t1"], [], ["t6"])
    warning = ("2 task(s) left out, with no scored run on one side or both: scored in base only (t1); "
               "scored in neither (t6)")
    assert warning in cmp["warnings"] and warning in compare.comparison_markdown(cmp)


def test_group_selection_with_several_groups():
    both = score.score([run(t, 0, ok[0]) for t, ok in BASE.items()] +
                       [run(t, 0, ok[0], agent="b", model="ollama/qwen3:8b") for t, ok in OTHER.items()])
    with pytest.raises(UserError, match="holds 2 agent x model groups .*--base-group AGENT:MODEL"):
        compare.compare(both, both)
    cmp = compare.compare(both, both, base_group="a:m", other_group="b:ollama/qwen3:8b")
    assert (cmp["base"]["agent"], cmp["other"]["model"]) == ("a", "ollama/qwen3:8b"), "model ids may hold a colon"
    assert compare.compare(both, both, base_group="a", other_group="b")["flips"]["regressed"] == ["t2"]
    with pytest.raises(UserError, match="matches no group"):
        compare.compare(both, both, base_group="zzz", other_group="b")


def test_differences_in_how_the_runs_were_made_are_stated():
    base = summary_of(BASE, options={"temperature": 0}, model_digest="sha256:aaa", timeout=600.0)
    other = summary_of(OTHER, run_id="r2", version="2", sandbox="bwrap", jobs=4, options={"temperature": 0.7},
                       model_digest="sha256:bbb", harness="9.9.9+other", timeout=60.0)
    other["harness_version"] = base["harness_version"]  # the scorer's: the runs' own versions are compared
    cmp = compare.compare(base, other)
    schema.check(cmp, "comparison")
    assert cmp["differences"] == [
        {"setting": "jobs", "label": "concurrency (--jobs)", "base": [1], "other": [4]},
        {"setting": "sandbox", "label": "sandbox", "base": ["none"], "other": ["bwrap"]},
        {"setting": "options", "label": "agent options", "base": [{"temperature": 0}], "other": [{"temperature": 0.7}]},
        {"setting": "timeout", "label": "agent timeout (--timeout)", "base": [600.0], "other": [60.0]},
        {"setting": "harness_version", "label": "harness version", "base": ["test"], "other": ["9.9.9+other"]},
        {"setting": "agent_version", "label": "agent version", "base": ["1"], "other": ["2"]},
        {"setting": "model_digest", "label": "model digest", "base": ["sha256:aaa"], "other": ["sha256:bbb"]},
    ]
    assert any(w.startswith("the two runs were made differently: concurrency (--jobs), sandbox, agent options")
               for w in cmp["warnings"])
    md = compare.comparison_markdown(cmp)
    assert "- concurrency (--jobs): base 1 · other 4" in md
    assert '- agent options: base {"temperature": 0} · other {"temperature": 0.7}' in md
    assert "- harness version: base test · other 9.9.9+other" in md
    html = compare.comparison_html(cmp)
    assert 'id="compare-differences"' in html and "<td>concurrency (--jobs)</td><td>1</td><td>4</td>" in html
    # The same settings: no difference, and the page says so. A digest known on one side only is not compared.
    same = compare.compare(summary_of(BASE, options={"temperature": 0}, model_digest="sha256:aaa"),
                           summary_of(OTHER, run_id="r2", options={"temperature": 0}))
    assert same["differences"] == []
    assert ("The two runs were made the same way: agent, model, visible tests (--visible), concurrency (--jobs), "
            "sandbox, agent options") in \
        compare.comparison_markdown(same)
    assert "made the same way" in compare.comparison_html(same)


def test_runs_of_different_agents_or_models_are_never_said_to_be_made_the_same_way():
    """What differs is read from the run records: the agent (and its version), the model, and every setting; the
    agent and model compared are listed but are no warning, a setting nothing compared explains is both."""
    base = summary_of(BASE)
    cmp = compare.compare(base, summary_of(OTHER, run_id="r2", agent="b", version="2"))
    schema.check(cmp, "comparison")
    assert cmp["differences"] == [{"setting": "agent", "label": "agent", "base": "a", "other": "b"},
                                  {"setting": "agent_version", "label": "agent version", "base": ["1"], "other": ["2"]}]
    assert not any("made differently" in w for w in cmp["warnings"]), "the agents compared are the point"
    md = compare.comparison_markdown(cmp)
    assert "made the same way" not in md
    assert "- agent: base a · other b\n- agent version: base 1 · other 2\n" in md
    html = compare.comparison_html(cmp)
    assert "made the same way" not in html and "<td>agent</td><td>a</td><td>b</td>" in html
    cmp = compare.compare(base, summary_of(OTHER, run_id="r2", model="m2", jobs=4))
    assert [d["setting"] for d in cmp["differences"]] == ["model", "jobs"]
    assert [w for w in cmp["warnings"] if "made differently" in w] == [
        "the two runs were made differently: concurrency (--jobs) (see how the runs were made)"]
    cmp = compare.compare(base, summary_of(OTHER, run_id="r2", version="2"))  # the same agent, another version
    assert [w for w in cmp["warnings"] if "made differently" in w] == [
        "the two runs were made differently: agent version (see how the runs were made)"]


def _bundle(tmp_path: Path, name: str, summary: dict) -> Path:
    out = tmp_path / name
    write_json_atomic(out / "summary.json", summary)
    (out / "site").mkdir()
    (out / "site" / "index.html").write_text("<html></html>")
    return out


def test_main_prints_markdown_or_json_and_writes_the_page_into_the_other_site(tmp_path, capsys):
    base = _bundle(tmp_path, "base", summary_of(BASE, agent="<b>evil</b>"))
    other = _bundle(tmp_path, "other", summary_of(OTHER, run_id="r2"))
    assert compare.main(["--base", str(base), "--other", str(other / "summary.json")]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("# Comparison:")
    assert "| pass@1 over scored runs | 50.0% (0 of 6 run(s) left out) | 83.3%" in out
    assert "improved (base failed, other passed): t3, t4, t6" in out and "McNemar" in out
    lo, hi = tango_interval(3, 1, 6)
    assert (f"**Difference in pass@1 (other − base):** +33.3 pp; 95% interval [{100 * lo:+.1f} pp, "
            f"{100 * hi:+.1f} pp] (Tango asymptotic score interval over 6 paired tasks).") in out
    pages = list((other / "site").glob("compare-*.html"))
    assert len(pages) == 1 and f"page at {pages[0].resolve()}" in err
    html = pages[0].read_text()
    assert "<b>evil</b>" not in html and "&lt;b&gt;evil&lt;/b&gt;" in html
    assert 'id="diff-chart"' in html and 'id="compare-tasks"' in html and '<a class="home" href="index.html"' in html
    assert "https://" not in html and "http://" not in html.replace("http://www.w3.org", "")
    assert cli.main(["compare", "--base", str(base), "--other", str(other), "--json", "--no-html"]) == 0
    data = json.loads(capsys.readouterr().out)
    schema.check(data, "comparison")
    assert data["difference"]["ci"] == [lo, hi] and "seed" not in data["difference"]
    target = tmp_path / "elsewhere" / "cmp.html"
    assert compare.main(["--base", str(base), "--other", str(other), "--html", str(target)]) == 0
    assert "<style>" in target.read_text(), "a page outside a site carries its own stylesheet"


def test_main_errors_are_one_line(tmp_path, capsys):
    base = _bundle(tmp_path, "base", summary_of(BASE))
    other = _bundle(tmp_path, "other", score.score([run("t1", 0, True), run("t2", 0, True, digest="2")]))
    assert compare.main(["--base", str(base), "--other", str(other)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: task sets differ") and len(err.splitlines()) == 1
    assert compare.main(["--base", str(tmp_path / "nope"), "--other", str(other)]) == 2
    assert "no such summary file or results directory" in capsys.readouterr().err
    (tmp_path / "empty").mkdir()
    assert compare.main(["--base", str(tmp_path / "empty"), "--other", str(other)]) == 2
    assert "no summary.json in this results directory" in capsys.readouterr().err
    assert compare.main(["--base", str(base)]) == 2
    assert "--other" in capsys.readouterr().err


def _refused(capsys, base: Path, other: Path) -> str:
    """Run compare on two bundles that cannot be paired; the one stderr line, after checking nothing else came."""
    assert compare.main(["--base", str(base), "--other", str(other)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1, "one line, no numbers"
    assert not list((other / "site").glob("compare-*.html")), "no page written"
    return err.strip()


def test_no_pairable_task_is_refused_in_one_line(tmp_path, capsys):
    base = _bundle(tmp_path, "base", summary_of({"t1": [True], "t2": [False]}))
    disjoint = _bundle(tmp_path, "disjoint", summary_of({"t3": [True]}, agent="b", run_id="r2"))
    err = _refused(capsys, base, disjoint)
    assert err == ("error: nothing to compare between base a:m (run r1) and other b:m (run r2): "
                   "no task in common (2 task(s) in base, 1 in other)")
    # --allow-different-tasks cannot help: there is still nothing to pair.
    assert compare.main(["--base", str(base), "--other", str(disjoint), "--allow-different-tasks"]) == 2
    assert "no task in common" in capsys.readouterr().err
    unscored = _bundle(tmp_path, "unscored", score.score(
        [run(t, 0, False, run_id="r3", outcome="infra_error") for t in ("t1", "t2")]))
    err = _refused(capsys, base, unscored)
    assert err == ("error: nothing to compare between base a:m (run r1) and other a:m (run r3): every one of the "
                   "2 common task(s) is unscored on one side or both (no scored run: infrastructure errors, "
                   "unfinished or missing runs)")
    moved = _bundle(tmp_path, "moved", summary_of({"t1": [True], "t2": [True]}, run_id="r4", digest="7"))
    err = _refused(capsys, base, moved)
    assert err.endswith("every one of the 2 common task(s) ran at a different task digest")


def test_no_pairable_task_through_the_real_command(tmp_path):
    base = _bundle(tmp_path, "base", summary_of({"t1": [True]}))
    other = _bundle(tmp_path, "other", summary_of({"t2": [True]}, run_id="r2"))
    done = subprocess.run([sys.executable, "-m", "bench", "compare", "--base", str(base), "--other", str(other)],
                          cwd=REPO, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip().splitlines() == [
        "error: nothing to compare between base a:m (run r1) and other a:m (run r2): no task in common "
        "(1 task(s) in base, 1 in other)"]
    assert not list((other / "site").glob("compare-*.html"))


def test_compare_as_typed_marks_the_mocks_tokens_and_renders_the_site_it_links_from(suite, tmp_path):
    """The issue's case: a mock run and an oracle run, neither rendered, then `localagentbench compare` as a
    subprocess. The mock's invented tokens carry the run site's mark and note; the agents differ, so the runs
    are not said to be made the same way; the page goes into a site rendered first, whose every link resolves."""
    from site_links import dangling_links
    for agent in ("mock", "oracle"):
        assert cli.main(["run", "--agent", agent, "--tasks", str(suite / "tasks"), "--out", str(tmp_path / agent),
                         "--sandbox", "none"]) == 0
        assert not (tmp_path / agent / "site").exists()
    done = subprocess.run([sys.executable, "-m", "bench", "compare", "--base", str(tmp_path / "mock"),
                           "--other", str(tmp_path / "oracle")], cwd=REPO, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    md = done.stdout
    runs = [json.loads(p.read_text()) for p in (tmp_path / "mock" / "runs").glob("*/*/run.json")]
    assert runs and all(r["agent"]["extra"]["synthetic"] is True for r in runs), "the mock marks its figures"
    tokens = [r["agent"]["tokens_in"] + r["agent"]["tokens_out"] for r in runs]
    assert (f"| mean tokens per run (in + out, over runs reporting both) | {sum(tokens) / len(tokens):,.1f}† "
            f"({len(tokens)} run(s)) |") in md
    assert "\n† synthetic (base: mock × none: token counts and their ratio): invented by the agent" in md
    assert "made the same way" not in md and "- agent: base mock · other oracle" in md
    site = tmp_path / "oracle" / "site"
    page, = site.glob("compare-*.html")
    assert f"compare: page at {page.resolve()}" in done.stderr and "rendered it first" in done.stderr
    assert f'href="{page.name}"' in (site / "index.html").read_text(), "linked from the index rendered for it"
    assert '<sup class="syn"' in page.read_text() and (tmp_path / "oracle" / "report.md").is_file()
    assert dangling_links(site) == [] and not (tmp_path / "mock" / "site").exists()


def test_compare_into_a_site_that_cannot_be_made_is_one_line(tmp_path, capsys):
    """Attack: the other run's site/ is a file, so neither a site nor the page can go there."""
    base = tmp_path / "base"
    write_json_atomic(base / "summary.json", summary_of(BASE))
    other = tmp_path / "other"
    write_json_atomic(other / "summary.json", summary_of(OTHER, run_id="r2"))
    (other / "site").write_text("not a folder")
    assert cli.main(["compare", "--base", str(base), "--other", str(other)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"error: {other / 'site'}: a file, not a folder, so the other run's site, which links the "
                   "comparison page, cannot be made there; pass --html PATH or --no-html"]
    assert (other / "site").read_text() == "not a folder"


def test_help_still_works():
    done = subprocess.run([sys.executable, "-m", "bench", "compare", "--help"], cwd=REPO, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0 and "--base" in done.stdout and "--seed" not in done.stdout


def test_the_page_is_linked_from_the_other_runs_index_and_the_link_survives_re_rendering(tmp_path):
    from bench import render
    base_summary, other_summary = summary_of(BASE), summary_of(OTHER, run_id="r2")
    base, other = tmp_path / "base", tmp_path / "other"
    write_json_atomic(base / "summary.json", base_summary)
    write_json_atomic(other / "summary.json", other_summary)
    render.render(other_summary, other)
    assert "compare-" not in (other / "site" / "index.html").read_text()
    assert compare.main(["--base", str(base), "--other", str(other)]) == 0
    page, = (other / "site").glob("compare-*.html")
    index = (other / "site" / "index.html").read_text()
    assert index.count(f'href="{page.name}"') == 1
    assert compare.main(["--base", str(base), "--other", str(other)]) == 0
    assert (other / "site" / "index.html").read_text().count(f'href="{page.name}"') == 1, "linked once, however often"
    render.render(other_summary, other)
    assert f'href="{page.name}"' in (other / "site" / "index.html").read_text()


def test_a_hand_edited_run_in_a_summary_is_left_out_in_one_line_not_a_traceback(tmp_path, capsys):
    """Attack: a summary's run edited to `"agent": null` (the summary schema leaves its runs to the run schema):
    compare names the run's file and field in one line and compares the rest."""
    import copy

    from bench import score
    from bench.report import compare as compare_mod
    from test_render import _record
    runs = [_record(t, 0, o, False, 10, 5, root=tmp_path) for t, o in (("fix-a", "passed"), ("fix-b", "failed"))]
    edited = score.score(copy.deepcopy(runs))
    edited["runs"][0]["agent"] = None
    (tmp_path / "a.json").write_text(json.dumps(edited))
    (tmp_path / "b.json").write_text(json.dumps(score.score(copy.deepcopy(runs))))
    assert compare_mod.main(["--base", str(tmp_path / "a.json"), "--other", str(tmp_path / "b.json"),
                             "--html", str(tmp_path / "c.html")]) == 0
    errors = [ln for ln in capsys.readouterr().err.splitlines() if "error" in ln]
    assert errors == [f"compare: error: {tmp_path}/runs/fix-a/0/run.json: agent: a graded run has an agent object; "
                      "this run is left out"]
    assert (tmp_path / "c.html").is_file()


def test_the_comparison_breaks_down_by_language(tmp_path, capsys):
    """Per language: both sides' pass@1 over that language's paired tasks, the difference, improved and
    regressed, and a paired interval only from the minimum number of tasks of that language."""
    lang = {"t1": "go", "t2": "go", "t3": "go", "t4": "Rust", "t5": "rust", "t6": "rust"}

    def side(results: dict[str, list[bool]], **kw) -> dict:
        return score.score([run(t, i, ok, language=lang[t], **kw) for t, oks in results.items()
                            for i, ok in enumerate(oks)])
    base = _bundle(tmp_path, "base", side(BASE))
    other = _bundle(tmp_path, "other", side(OTHER, run_id="r2"))
    assert compare.main(["--base", str(base), "--other", str(other), "--json", "--no-html"]) == 0
    data = schema.check(json.loads(capsys.readouterr().out), "comparison")
    rows = {r["language"]: r for r in data["per_language"]}
    assert sorted(rows) == ["go", "rust"]
    go, rust = rows["go"], rows["rust"]
    assert (go["n_tasks"], go["improved"], go["regressed"]) == (3, 1, 1)
    assert go["base_pass_at_1"] == pytest.approx(2 / 3) and go["other_pass_at_1"] == pytest.approx(2 / 3)
    assert go["difference"] == pytest.approx(0)
    assert (rust["n_tasks"], rust["improved"], rust["regressed"]) == (3, 2, 0)
    assert rust["difference"] == pytest.approx(2 / 3)
    from bench.common.stats import PAIRED_DIFFERENCE_MIN_N
    assert (go["ci"] is None) == (3 < PAIRED_DIFFERENCE_MIN_N)
    assert compare.main(["--base", str(base), "--other", str(other), "--no-html"]) == 0
    md = capsys.readouterr().out
    section = md[md.index("## Per language"):md.index("## Per task")]
    assert "| rust | 3 | 33.3% | 100.0% | +66.7 pp |" in section and "| 2 / 0 |" in section
    assert compare.main(["--base", str(base), "--other", str(other)]) == 0
    capsys.readouterr()
    (page,) = (other / "site").glob("compare-*.html")
    assert 'id="compare-languages"' in page.read_text()


def test_the_command_a_missing_summary_names_makes_one_compare_reads(suite, tmp_path, capsys):
    """A results directory without summary.json (the stages piped by hand): compare named `localagentbench report
    --results DIR`, which renders pages but writes no summary.json, so the same error came back. The command it
    names now, typed as printed, makes the summary compare then reads."""
    import re
    import shlex
    bundle = tmp_path / "by-hand"
    assert cli.main(["run", "--agent", "nop", "--tasks", str(suite / "tasks"), "--out", str(bundle)]) == 0
    (bundle / "summary.json").unlink()
    assert cli.main(["report", "--results", str(bundle)]) == 0
    capsys.readouterr()
    assert cli.main(["compare", "--base", str(bundle), "--other", str(bundle)]) == 2
    made = re.search(r"make one with `([^`]+)`", capsys.readouterr().err).group(1)
    argv = shlex.split(made)
    assert argv[:3] == ["python", "-m", "bench.score"], made
    subprocess.run([sys.executable, *argv[1:]], check=True, capture_output=True, cwd=Path(__file__).parents[2])
    assert cli.main(["compare", "--base", str(bundle), "--other", str(bundle), "--no-html"]) == 0
