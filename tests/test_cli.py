"""The umbrella CLI over the real suite: oracle passes all, nop none, mock in between; errors are one line."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from bench import cli, validate
from conftest import REPO, run_cli


@pytest.fixture(scope="module")
def real_runs(tmp_path_factory):
    """The real suite run once with each built-in agent."""
    base = tmp_path_factory.mktemp("real")
    out = {}
    for agent in ("oracle", "nop", "mock"):
        done = run_cli("run", "--agent", agent, "--tasks", str(REPO / "tasks"), "--out", str(base / agent), "--report")
        assert done.returncode == 0, done.stderr
        out[agent] = (json.loads((base / agent / "summary.json").read_text()), done)
    return out


@pytest.mark.slow
def test_oracle_agent_passes_every_task_with_heldout_confirmed(real_runs):
    summary, _ = real_runs["oracle"]
    group = summary["groups"][0]
    bad = [(r["task_id"], r["outcome"]) for r in summary["runs"] if r["outcome"] != "passed"]
    assert bad == [], f"unsolvable tasks: {bad}"
    assert group["heldout_confirmed"] == group["heldout_checked"] > 0


@pytest.mark.slow
def test_nop_agent_passes_no_task(real_runs):
    summary, _ = real_runs["nop"]
    passing = [r["task_id"] for r in summary["runs"] if r["success"]]
    assert passing == [], f"broken tasks (the untouched fixture passes): {passing}"


def _mock_outcome(task: dict) -> str:
    """What the mock agent's documented rule (bench/agents/mock.py) makes of a task at seed 0, rep 0."""
    if task["category"] == "calib" and task.get("solution"):
        return "passed"
    if task.get("overfit_demo"):
        return "overfit"  # special-cases the visible test; the held-out tests catch it
    draw = int(hashlib.sha256(f"0:{task['id']}:0".encode()).hexdigest()[:12], 16) / 16**12
    return "passed" if task.get("solution") and draw < 0.6 else "failed"


@pytest.mark.slow
def test_mock_agent_scores_exactly_what_its_rule_predicts(real_runs):
    summary, done = real_runs["mock"]
    tasks, _ = validate.validate([str(REPO / "tasks")])
    expected = {t["id"]: _mock_outcome(t) for t in tasks}
    assert {r["task_id"]: r["outcome"] for r in summary["runs"]} == expected
    passes = sum(1 for o in expected.values() if o == "passed")
    group = summary["groups"][0]
    assert 0 < passes < len(tasks) and "overfit" in expected.values()
    assert group["pass_at_1"] == group["pass_at_1_strict"] == passes / len(tasks)
    assert group["left_out"]["total"] == 0 and group["complete"] is True
    with_heldout = {t["id"] for t in tasks if t["heldout"]}
    checked = [i for i, o in expected.items() if i in with_heldout and o in ("passed", "overfit")]
    assert group["heldout_checked"] == len(checked)
    assert group["heldout_confirmed"] == sum(1 for i in checked if expected[i] == "passed")
    assert group["overfit"] == sum(1 for o in expected.values() if o == "overfit")
    assert group["synthetic"] is True and group["costs"]["tokens_in"] > 0
    assert f"pass@1 {passes / len(tasks):.3f} [" in done.stderr
    lines = [line for line in done.stderr.splitlines() if line.startswith("[")]
    assert len(lines) == len(summary["runs"])
    assert "ETA" in lines[0] and "elapsed" in lines[0]
    result = json.loads(done.stdout)
    assert Path(result["report"]).is_file() and Path(result["site"]).is_file()
    assert "report:" in done.stderr


def test_list_tasks_and_check():
    done = run_cli("list-tasks")
    assert done.returncode == 0, done.stderr
    assert "category" in done.stdout and "heldout" in done.stdout
    done = run_cli("check")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["ok"] is True


@pytest.mark.parametrize("args,message", [
    (["run", "--agent", "gpt-magic"], "unknown agent 'gpt-magic'"),
    (["run", "--agent", "command"], "--agent-cmd"),
    (["run", "--agent", "oracle", "--task", "no-such-task"], "--task: no task named no-such-task in tasks; "),
    (["run", "--agent", "oracle", "--repeat", "0"], "--repeat: must be at least 1"),
    (["report", "--results", "/nonexistent/summary.json"], "no such summary file"),
    # the default agent, opencode, talks to a model; a --base-url server's model ids are its own: no default there
    (["run", "--base-url", "http://127.0.0.1:9/v1"], "--model is required for this agent"),
])
def test_bad_input_is_one_clear_line(args, message, capsys, tmp_path):
    code = cli.main([*args, "--out", str(tmp_path / "o")] if args[0] == "run" else args)
    err = capsys.readouterr().err
    assert code == 2
    assert message in err and "Traceback" not in err
    assert not (tmp_path / "o" / "runs").exists(), "no run may start on bad input"


def test_empty_task_dir(tmp_path, capsys):
    (tmp_path / "tasks").mkdir()
    assert cli.main(["run", "--agent", "oracle", "--tasks", str(tmp_path / "tasks"), "--out", str(tmp_path / "o")]) == 2
    assert "no task files" in capsys.readouterr().err


def test_unwritable_results_path_keeps_results_already_written(suite, tmp_path, capsys):
    good = tmp_path / "good"
    assert cli.main(["run", "--agent", "oracle", "--tasks", str(suite / "tasks"), "--out", str(good)]) == 0
    before = (good / "summary.json").read_text()
    blocker = tmp_path / "blocker"
    blocker.write_text("a file, not a directory")
    capsys.readouterr()
    assert cli.main(["run", "--agent", "oracle", "--tasks", str(suite / "tasks"), "--out", str(blocker / "x")]) == 2
    err = capsys.readouterr().err
    assert f"{blocker} is a file where a directory belongs" in err and "Traceback" not in err
    assert (good / "summary.json").read_text() == before


def test_rerunning_into_a_finished_bundle_refuses_and_keeps_it(suite, tmp_path, capsys):
    out = tmp_path / "o"
    assert cli.main(["run", "--agent", "oracle", "--tasks", str(suite / "tasks"), "--out", str(out)]) == 0
    before = (out / "summary.json").read_text()
    assert cli.main(["run", "--agent", "nop", "--tasks", str(suite / "tasks"), "--out", str(out)]) == 2
    assert "already holds a run; pass --resume" in capsys.readouterr().err
    assert (out / "summary.json").read_text() == before


def test_report_command_rerenders(suite, tmp_path, capsys):
    out = tmp_path / "o"
    assert cli.main(["run", "--agent", "mock", "--tasks", str(suite / "tasks"), "--out", str(out)]) == 0
    assert not (out / "report.md").exists()
    assert cli.main(["report", "--results", str(out / "summary.json"), "--out", str(tmp_path / "rep")]) == 0
    assert (tmp_path / "rep" / "report.md").is_file() and (tmp_path / "rep" / "index.html").is_file()


@pytest.fixture
def unrendered(suite, tmp_path) -> Path:
    """A mock run's bundle with no report rendered yet."""
    out = tmp_path / "R"
    assert cli.main(["run", "--agent", "mock", "--tasks", str(suite / "tasks"), "--out", str(out)]) == 0
    assert not (out / "site").exists()
    return out


def test_report_out_is_the_folder_index_html_lands_in(unrendered, capsys):
    """The original spelling, `report --results R/summary.json --out R/site`: R/site/index.html, never
    R/site/site/index.html; report.md beside it; every link of the site resolves."""
    from site_links import dangling_links
    site = unrendered / "site"
    capsys.readouterr()
    assert cli.main(["report", "--results", str(unrendered / "summary.json"), "--out", str(site)]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out) == {"report": str((site / "report.md").resolve()),
                               "site": str((site / "index.html").resolve())}
    assert f"report: {(site / 'report.md').resolve()} · site: {(site / 'index.html').resolve()}" in err
    assert (site / "index.html").is_file() and not (site / "site").exists()
    assert len(list((site / "runs").glob("*.html"))) == 3 and dangling_links(site) == []


def test_report_out_as_a_subprocess(unrendered):
    site = unrendered / "my site ✓"  # a space and a non-ASCII letter in the folder's name
    done = run_cli("report", "--results", str(unrendered / "summary.json"), "--out", str(site))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["site"] == str((site / "index.html").resolve())
    assert (site / "index.html").is_file() and (site / "report.md").is_file() and not (site / "site").exists()


@pytest.mark.parametrize("results", ["dir", "summary"])
def test_report_without_out_writes_where_run_report_does(unrendered, results):
    """No --out: site/index.html and report.md beside the summary, as `run --report` writes them."""
    source = unrendered if results == "dir" else unrendered / "summary.json"
    assert cli.main(["report", "--results", str(source)]) == 0
    assert (unrendered / "site" / "index.html").is_file() and (unrendered / "report.md").is_file()
    assert not (unrendered / "index.html").exists()


def test_report_says_how_many_tasks_have_no_held_out_tests_beside_the_confirmed_count(unrendered):
    """`held-out confirmed 12/14` read as failed confirmations where tasks simply have no held-out tests: the
    report and the site say how many tasks have none, and that they are not in the count."""
    done = run_cli("report", "--results", str(unrendered))
    assert done.returncode == 0, done.stderr
    runs = [json.loads(p.read_text()) for p in unrendered.glob("runs/*/*/run.json")]
    without = len({r["task_id"] for r in runs if not r["task"]["heldout"]})
    checked = [r for r in runs if r["task"]["heldout"] and r["outcome"] in ("passed", "overfit")]
    confirmed = sum(r["outcome"] == "passed" for r in checked)
    assert without == 1 and len(checked) == 1, "the small suite: one task without held-out tests, one checked run"
    cell = f"{confirmed}/{len(checked)} · {without} task without held-out tests, not in the {len(checked)}"
    assert f"| {cell} |" in (unrendered / "report.md").read_text()
    index = (unrendered / "site" / "index.html").read_text()
    assert (f">{confirmed}/{len(checked)}<br><small class=\"muted note\">{without} task without held-out tests, "
            f"not in the {len(checked)}</small>") in index


def test_report_out_naming_a_results_directory_or_a_file_is_one_line(unrendered, tmp_path, capsys):
    """Attack: --out R (the bundle itself: its runs/ would take the run pages), naming a file, or a dangling link."""
    a_file = tmp_path / "a-file"
    a_file.write_text("keep me")
    dangling = tmp_path / "dangling"
    dangling.symlink_to(tmp_path / "nowhere")
    capsys.readouterr()
    for target, why in ((unrendered, "a results directory (it holds summary.json)"), (a_file, "--out names a file"),
                        (dangling, "--out names a link to nothing")):
        assert cli.main(["report", "--results", str(unrendered), "--out", str(target)]) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and err[0].startswith(f"error: {target}: {why}"), err
        assert ("--out names the folder the site's index.html goes in" in err[0]
                or "should be a directory" in err[0]), err
    assert not (unrendered / "index.html").exists() and not list((unrendered / "runs").glob("*.html"))
    assert a_file.read_text() == "keep me"


@pytest.mark.parametrize("bad,message", [
    (["--timeout", "-5"], "--timeout: must be a number of seconds above 0 (got -5)"),
    (["--timeout", "0"], "--timeout: must be a number of seconds above 0 (got 0)"),
    (["--timeout", "nan"], "--timeout: must be a number of seconds above 0"),
    (["--max-file-mb", "-1"], "--max-file-mb: must be above 0 (got -1)"),
    (["--agent", "aider", "--model", "weird/x"], "'weird' is not a provider"),
    (["--agent", "opencode", "--base-url", "http://127.0.0.1:9/v1"], "--model is required for this agent"),
])
def test_bad_arguments_leave_nothing_under_out_and_the_same_out_works_once_fixed(suite, tmp_path, capsys, bad, message):
    out = tmp_path / "o"
    base = ["run", "--tasks", str(suite / "tasks"), "--out", str(out)]
    agent = [] if "--agent" in bad else ["--agent", "oracle"]
    assert cli.main([*base, *agent, *bad]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert not out.exists() or not any(out.iterdir()), sorted(out.rglob("*"))
    assert cli.main([*base, "--agent", "oracle"]) == 0
    assert json.loads((out / "summary.json").read_text())["groups"][0]["pass_at_1"] == 1.0


def test_the_default_results_folder_is_named_by_the_run_id_it_prints(suite, tmp_path):
    done = run_cli("run", "--agent", "oracle", "--tasks", str(suite / "tasks"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    printed = next(line for line in done.stderr.splitlines() if line.startswith("run "))
    run_id = printed.split()[1].rstrip(":")
    assert [p.name for p in (tmp_path / "results").iterdir()] == [run_id]
    assert f"-> results/{run_id}" in printed
    assert json.loads((tmp_path / "results" / run_id / "run-config.json").read_text())["run_id"] == run_id
    assert json.loads(done.stdout)["results"] == str((tmp_path / "results" / run_id).resolve())


@pytest.mark.skipif(__import__("bench.exec.sandbox", fromlist=["resolve"]).resolve("auto") != "bwrap",
                    reason="bubblewrap cannot run here")
def test_a_script_given_to_an_interpreter_runs_once_shown_with_sandbox_ro(suite, tmp_path, capsys):
    """README: `--agent-cmd 'sh /path/agent.sh'` does not show the script in the sandbox (only a first word that is a
    path is shown), and `--sandbox-ro /path/agent.sh` does; the agent's exit status says which."""
    script = tmp_path / "elsewhere" / "agent.sh"
    script.parent.mkdir()
    script.write_text("echo ran\n")

    def exit_code(*extra: str) -> int:
        out = tmp_path / f"out{len(extra)}"
        assert cli.main(["run", "--agent", "command", "--agent-cmd", f"sh {script}", "--model", "m", "--tasks",
                         str(suite / "tasks"), "--task", "fix-add", "--sandbox", "bwrap", "--out", str(out),
                         *extra]) in (0, 3)
        return json.loads((out / "runs" / "fix-add" / "0" / "run.json").read_text())["agent"]["exit_code"]

    assert exit_code() != 0
    assert exit_code("--sandbox-ro", str(script)) == 0
