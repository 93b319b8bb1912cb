"""compare: paired per-task flips, pass@1 difference with a paired bootstrap, McNemar, digest refusal, outputs."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import cli, compare, score
from bench.common import schema
from bench.common.errors import UserError
from bench.common.records import write_json_atomic
from bench.common.stats import mcnemar_exact


def run(task: str, rep: int, ok: bool, *, agent: str = "a", model: str = "m", run_id: str = "r1",
        digest: str = "0", wall: float = 1.0, tokens: int | None = 100, outcome: str | None = None) -> dict:
    """A schema-valid graded run record."""
    outcome = outcome or ("passed" if ok else "failed")
    graded = outcome != "infra_error"
    return schema.check({
        "schema": "localagentbench/run@1", "run_id": run_id, "task_id": task, "task_digest": "sha256:" + digest * 64,
        "rep": rep, "stage": "graded", "harness_version": "test",
        "task": {"id": task, "category": "bugfix", "difficulty": "easy", "heldout": None, "prompt": "p"},
        "paths": {"run_dir": f"/nonexistent/{task}/{rep}"},
        "agent": {"name": agent, "version": "1", "argv": [], "exit_code": 0, "timed_out": False, "wall_s": wall,
                  "tokens_in": tokens, "tokens_out": tokens, "tokens_reasoning": None, "tokens_cache_read": None,
                  "turns": None, "tool_calls": None, "failed_tool_calls": None},
        "model": {"id": model},
        "oracle": {"passed": ok, "commands": []} if graded else None, "heldout": None,
        "outcome": outcome, "success": ok, "flags": [], "sandbox": {"kind": "none"},
    }, "run")


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
    assert cmp["difference"]["pass_at_1"] == pytest.approx(1 / 3)
    lo, hi = cmp["difference"]["ci"]
    assert lo <= 1 / 3 <= hi and -1 <= lo and hi <= 1
    assert cmp["difference"]["resamples"] == 10_000 and cmp["difference"]["seed"] == 0
    assert cmp["latency"]["ratio_mean"] == 2.0 and cmp["tokens"]["ratio"] == 1.5
    digests = cmp["task_set"].pop("task_digests")
    assert cmp["task_set"] == {"compared": 6, "restricted": False, "only_base": [], "only_other": [],
                               "digest_changed": [], "unscored": []}
    assert sorted(digests) == sorted(BASE) and set(digests.values()) == {"sha256:" + "0" * 64}
    assert cmp["base"]["model_info"] == [{"id": "m"}] and cmp["other"]["sandbox"] == ["none"]
    again = compare.compare(summary_of(BASE), summary_of(OTHER, run_id="r2", wall=2.0, tokens=150))
    assert again["difference"]["ci"] == cmp["difference"]["ci"], "fixed seed: the same interval every time"


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


def test_tasks_with_only_infra_errors_are_left_out():
    base = summary_of(BASE)
    other = score.score([run(t, 0, ok[0], run_id="r2") for t, ok in OTHER.items() if t != "t1"] +
                        [run("t1", 0, False, run_id="r2", outcome="infra_error")])
    cmp = compare.compare(base, other)
    assert cmp["task_set"]["unscored"] == ["t1"] and cmp["task_set"]["compared"] == 5


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
    assert out.startswith("# Comparison:") and "| pass@1 | 50.0% | 83.3% |" in out
    assert "improved (base failed, other passed): t3, t4, t6" in out and "McNemar" in out
    pages = list((other / "site").glob("compare-*.html"))
    assert len(pages) == 1 and f"page at {pages[0].resolve()}" in err
    html = pages[0].read_text()
    assert "<b>evil</b>" not in html and "&lt;b&gt;evil&lt;/b&gt;" in html
    assert 'id="diff-chart"' in html and 'id="compare-tasks"' in html and '<a class="home" href="index.html"' in html
    assert "https://" not in html and "http://" not in html.replace("http://www.w3.org", "")
    assert cli.main(["compare", "--base", str(base), "--other", str(other), "--json", "--no-html",
                     "--seed", "5"]) == 0
    data = json.loads(capsys.readouterr().out)
    schema.check(data, "comparison")
    assert data["difference"]["seed"] == 5
    target = tmp_path / "elsewhere" / "cmp.html"
    assert compare.main(["--base", str(base), "--other", str(other), "--html", str(target)]) == 0
    assert "<style>" in target.read_text(), "a page outside a site carries its own stylesheet"


def test_main_errors_are_one_line(tmp_path, capsys):
    base = _bundle(tmp_path, "base", summary_of(BASE))
    other = _bundle(tmp_path, "other", score.score([run("t1", 0, True, digest="2")]))
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
