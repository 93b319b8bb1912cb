"""oracle: grading in a pristine copy, held-out injection, restored tests, outcomes from exit codes."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bench import isolate, oracle, run_agent, validate
from bench.common import outcome, schema
from bench.common.errors import UserError
from conftest import HELDOUT_DEFAULT_COMMAND, agent_spec, build_suite, reference_diff, slow_except


def _graded(suite: Path, tmp_path: Path, agent: str, task_id: str = "fix-add", **opts) -> dict:
    tasks, problems = validate.validate([str(suite / "tasks")], [task_id])
    assert not problems
    record = isolate.isolate_one(tasks[0], tmp_path / "res", "r1", 0)
    timeout = opts.pop("timeout", None)
    record = run_agent.run_agent_one(record, agent_spec(agent, opts, timeout_s=timeout))
    return oracle.grade_one(record)


FIX = "printf 'def add(a, b):\\n    return a + b\\n' > calc.py"


def test_reference_solution_passes_visible_and_heldout(suite, tmp_path):
    record = _graded(suite, tmp_path, "oracle")
    assert record["outcome"] == "passed" and record["success"] is True
    assert record["oracle"]["passed"] and record["heldout"]["passed"]
    assert record["oracle"]["commands"][0]["command"] == "python -m unittest discover -s tests -t . -q"
    run_dir = Path(record["paths"]["run_dir"])
    assert "$ python -m unittest" in (run_dir / "oracle.log").read_text()
    assert "OK" in (run_dir / "heldout.log").read_text()
    assert record["flags"] == []


def test_nop_fails(suite, tmp_path):
    record = _graded(suite, tmp_path, "nop")
    assert record["outcome"] == "failed" and record["success"] is False


def test_special_casing_the_visible_test_is_overfit(suite, tmp_path):
    cheat = "printf 'def add(a, b):\\n    if (a, b) == (2, 2):\\n        return 4\\n    return a - b\\n' > calc.py"
    record = _graded(suite, tmp_path, "command", agent_cmd=cheat)
    assert record["oracle"]["passed"] is True and record["heldout"]["passed"] is False
    assert record["outcome"] == "overfit" and record["success"] is False


def test_rewritten_visible_tests_are_restored_and_flagged(suite, tmp_path):
    cmd = "printf 'import unittest\\nclass T(unittest.TestCase):\\n    def test_ok(self): pass\\n' > tests/test_calc.py"
    record = _graded(suite, tmp_path, "command", agent_cmd=cmd)
    assert "tests_modified" in record["flags"]
    assert record["flag_details"]["tests_modified"] == ["tests/test_calc.py"]
    assert record["outcome"] == "failed", "graded against the pristine tests, the bug is still there"


def test_deleted_visible_tests_are_restored(suite, tmp_path):
    record = _graded(suite, tmp_path, "command", agent_cmd="rm tests/test_calc.py")
    assert "tests_modified" in record["flags"] and record["outcome"] == "failed"


def test_added_conftest_is_removed_and_flagged(suite, tmp_path):
    cmd = f"{FIX}; printf 'collect_ignore_glob = [\"*\"]\\n' > conftest.py"
    record = _graded(suite, tmp_path, "command", agent_cmd=cmd)
    assert "test_config_added" in record["flags"]
    assert record["outcome"] == "passed", "the real fix still passes; only the conftest is dropped"


def test_claiming_success_changes_nothing(suite, tmp_path):
    record = _graded(suite, tmp_path, "command", agent_cmd="echo 'PASSED: all tests pass'; echo OK >&2")
    assert record["outcome"] == "failed"


def test_a_command_that_is_not_found_is_the_agents_failure_not_infrastructure(suite, tmp_path):
    record = _graded(suite, tmp_path, "command", agent_cmd="no-such-agent-binary-xyz")
    assert record["agent"]["exit_code"] == 127 and record["agent"]["infra_error"] is None
    assert record["outcome"] == "agent_error" and record["oracle"]["passed"] is False and record["success"] is False


def test_agent_timeout_outcome(suite, tmp_path):
    record = _graded(suite, tmp_path, "command", agent_cmd=f"{FIX}; sleep 30", timeout=1)
    assert record["outcome"] == "agent_timeout" and record["success"] is False
    assert record["oracle"]["passed"] is True, "the partial work is still graded and recorded"


def test_agent_nonzero_exit_without_a_fix_is_agent_error(suite, tmp_path):
    record = _graded(suite, tmp_path, "command", agent_cmd="exit 3")
    assert record["outcome"] == "agent_error"


def test_grading_command_past_its_timeout_fails_the_run(suite, tmp_path):
    task = suite / "tasks" / "fix-max.yaml"
    task.write_text(task.read_text().replace("    - python -m unittest discover -s tests -t . -q\n  timeout_s: 30",
                                             "    - sleep 20\n  timeout_s: 0.5"))
    record = _graded(suite, tmp_path, "oracle", task_id="fix-max")
    assert record["oracle"]["commands"][0]["timed_out"] is True
    assert record["outcome"] == "failed" and record["oracle"]["error"] == "a command timed out"


def test_agent_cannot_see_heldout_files_in_its_workdir(suite, tmp_path):
    cmd = "ls -R > listing.txt"
    tasks, _ = validate.validate([str(suite / "tasks")], ["fix-add"])
    record = isolate.isolate_one(tasks[0], tmp_path / "res", "r1", 0)
    record = run_agent.run_agent_one(record, agent_spec("command", {"agent_cmd": cmd}, keep_workdir=True))
    listing = (Path(record["paths"]["workdir"]) / "listing.txt").read_text()
    assert "heldout" not in listing and "test_calc_hidden" not in listing and "solution" not in listing


def test_every_graded_record_matches_the_schema_and_its_outcome_is_what_its_sections_show(suite, tmp_path):
    for i, agent in enumerate(("mock", "oracle", "nop")):
        record = _graded(suite, tmp_path / str(i), agent)
        assert schema.check(record, "run") is record
        assert record["stage"] == "graded"
        assert (record["outcome"], record["success"]) == outcome.of_record(record)
    with pytest.raises(UserError, match="outcome"):
        schema.check({**record, "outcome": "solved"}, "run")


def _set_heldout_command(suite: Path, task_id: str, command: str, timeout_s: float = 30) -> None:
    task = suite / "tasks" / f"{task_id}.yaml"
    text = task.read_text()
    start = text.index("heldout:\n")
    end = text.index("  timeout_s:", start)
    end = text.index("\n", end) + 1
    task.write_text(text[:start] + f"heldout:\n  path: heldout/{task_id}\n  into: root\n  command:\n    - {command}\n"
                    f"  timeout_s: {timeout_s}\n" + text[end:])


def test_a_heldout_command_that_cannot_find_its_tests_is_a_broken_task_not_overfit(suite, tmp_path):
    _set_heldout_command(suite, "fix-add", "python -m pytest -q no_such_dir")
    record = _graded(suite, tmp_path, "oracle")
    assert record["oracle"]["passed"] is True and record["heldout"]["commands"][0]["exit_code"] == 4
    assert record["outcome"] == "task_error" and record["success"] is False
    assert "could not run its tests (pytest exit 4" in record["heldout"]["commands"][0]["note"]


def test_a_heldout_command_that_collects_no_tests_is_a_broken_task(suite, tmp_path):
    _set_heldout_command(suite, "fix-add", "python -m pytest -q -k no_test_has_this_name heldout_tests")
    record = _graded(suite, tmp_path, "oracle")
    assert record["heldout"]["commands"][0]["exit_code"] == 5
    assert record["outcome"] == "task_error"


def test_a_change_that_makes_the_heldout_tests_hang_is_overfit(suite, tmp_path):
    _set_heldout_command(suite, "fix-add", "sleep 20", timeout_s=0.5)
    record = _graded(suite, tmp_path, "command", agent_cmd=FIX)
    assert record["oracle"]["passed"] is True and record["heldout"]["commands"][0]["timed_out"] is True
    assert record["outcome"] == "overfit" and record["success"] is False


def test_a_change_that_does_not_apply_is_an_oracle_error_counted_against_the_run(suite, tmp_path):
    tasks, _ = validate.validate([str(suite / "tasks")], ["fix-add"])
    record = isolate.isolate_one(tasks[0], tmp_path / "res", "r1", 0)
    record = run_agent.run_agent_one(record, agent_spec("command", {"agent_cmd": FIX}))
    patch_file = Path(record["paths"]["run_dir"]) / "patch.diff"
    patch_file.write_text(patch_file.read_text().replace("-    return a - b", "-    return a * b"))
    graded = oracle.grade_one(record)
    assert graded["outcome"] == "oracle_error" and graded["success"] is False
    assert graded["oracle"]["error"].startswith("the change does not apply")


def _ahead_run(suite: Path, tmp_path: Path, agent: str, kind: str = "none", **opts) -> tuple[dict, oracle.Ahead]:
    """An isolated run with its grading set up ahead (as evaluate does), and its agent finished."""
    tasks, _ = validate.validate([str(suite / "tasks")], ["fix-add"])
    record = isolate.isolate_one(tasks[0], tmp_path / "res", "r1", 0)
    spec = agent_spec(agent, opts, kind)
    record = run_agent.with_spec(record, spec)
    ahead = oracle.Ahead(record)
    return run_agent.run_agent_one(record, spec), ahead


def _grading_dirs() -> set[str]:
    from bench.common.paths import temp_root
    return {p.name for p in Path(temp_root()).glob("lab-grade-*")}


def test_grading_set_up_ahead_grades_as_grading_alone_does(suite, tmp_path):
    cmd = FIX + " && printf 'import unittest\\n' > tests/test_calc.py"
    record, ahead = _ahead_run(suite, tmp_path / "a", "command", agent_cmd=cmd)
    ahead_graded = oracle.grade_one(record, ahead)
    alone = _graded(suite, tmp_path / "b", "command", agent_cmd=cmd)
    for key in ("outcome", "flags", "flag_details"):
        assert ahead_graded[key] == alone[key]
    assert ahead_graded["outcome"] == "passed" and ahead_graded["flags"] == ["tests_modified"]
    assert [c["exit_code"] for c in ahead_graded["oracle"]["commands"]] == [0]


def test_grading_set_up_ahead_is_dropped_when_the_agent_had_an_infrastructure_error(suite, tmp_path):
    before = _grading_dirs()
    record, ahead = _ahead_run(suite, tmp_path, "nop")
    assert _grading_dirs() - before, "the grading directory was made ahead, where the harness makes them"
    record["agent"]["infra_error"] = "model server down"
    graded = oracle.grade_one(record, ahead)
    assert graded["outcome"] == "infra_error" and graded["oracle"] is None
    from bench.exec import cleanup
    cleanup.drain()
    assert _grading_dirs() <= before, "its grading directory went"


def test_a_grading_copy_that_cannot_be_made_ahead_is_the_harness_failure_not_the_agents(suite, tmp_path):
    tasks, _ = validate.validate([str(suite / "tasks")], ["fix-add"])
    record = isolate.isolate_one(tasks[0], tmp_path / "res", "r1", 0)
    spec = agent_spec("nop")
    record = run_agent.with_spec(record, spec)
    # A snapshot that is not there: the copy fails in the thread, and grading reports it.
    ahead = oracle.Ahead({**record, "paths": {**record["paths"], "snapshot": str(tmp_path / "missing")}})
    record = run_agent.run_agent_one(record, spec)
    graded = oracle.grade_one(record, ahead)
    assert graded["outcome"] == "infra_error" and graded["success"] is False
    assert "grading copy failed" in graded["oracle"]["infra_error"]


@pytest.mark.skipif(__import__("bench.exec.sandbox", fromlist=["resolve"]).resolve("auto") != "bwrap",
                    reason="needs bubblewrap")
def test_under_bwrap_the_agent_cannot_see_the_grading_copy_set_up_beside_it(suite, tmp_path):
    from bench.common.paths import temp_root

    root = Path(temp_root())
    # The agent lists the very directory the grading copy is made in, with a marker before and after,
    # and its listing comes back as a file in its patch.
    cmd = (f"{{ echo listing-start; ls -a {root}; ls -d {root}/lab-grade-*/oracle 2>/dev/null || echo no-grading-copy; "
           f"echo listing-end; }} > seen.txt; " + FIX)
    record, ahead = _ahead_run(suite, tmp_path, "command", kind="bwrap", agent_cmd=cmd)
    on_host = sorted(p.name for p in root.glob("lab-grade-*") if (p / "oracle").is_dir())
    assert on_host, f"a grading directory exists in {root} on the host while the agent runs"
    graded = oracle.grade_one(record, ahead)
    assert graded["outcome"] == "passed"
    patch = (Path(graded["paths"]["run_dir"]) / "patch.diff").read_text()
    seen = patch[patch.index("+listing-start\n"):patch.index("+listing-end\n")]
    assert "+labw-fix-add-" in seen, f"the listing is of the real directory, where the agent's workdir is: {seen}"
    assert not any(name in seen for name in on_host), f"the agent saw the grading directory: {seen}"
    assert "+no-grading-copy\n" in seen, "the grading copy's path does not resolve in the sandbox"


def test_honest_additions_that_only_look_like_runner_tampering_are_kept(suite, tmp_path):
    """No false positives: a package's own `types.py`, a data directory named `json/`, a `test/` package
    and a pyproject.toml without pytest settings stay; only the fix decides the verdict."""
    cmd = (f"{FIX}; mkdir -p mypkg json test; touch mypkg/__init__.py test/__init__.py; "
           "echo 'X = 1' > mypkg/types.py; echo '{}' > json/data.json; "
           "printf '[project]\\nname = \"calc\"\\n' > pyproject.toml")
    record = _graded(suite, tmp_path, "command", agent_cmd=cmd)
    assert record["outcome"] == "passed", record["flags"]
    assert not {"shadows_module", "test_config_added", "unsafe_symlink"} & set(record["flags"])


def test_a_symlink_inside_the_tree_to_code_is_kept(suite, tmp_path):
    record = _graded(suite, tmp_path, "command", agent_cmd=f"{FIX}; ln -s calc.py calc_alias.py")
    assert record["outcome"] == "passed" and "unsafe_symlink" not in record["flags"]
    assert "calc_alias.py" in Path(record["paths"]["run_dir"], "patch.diff").read_text()


def test_each_phase_gets_its_own_copy(suite, tmp_path):
    """What the code under test writes while the visible tests run is gone when the held-out tests run."""
    calc = ("import os\nif not os.path.exists('heldout_tests'):\n    open('visible-was-here', 'w').close()\n"
            "def add(a, b):\n    return a + b\n")
    (suite / "heldout" / "fix-add" / "heldout_tests" / "test_fresh.py").write_text(
        "import os, unittest\nclass P(unittest.TestCase):\n    def test_fresh(self):\n"
        "        self.assertFalse(os.path.exists('visible-was-here'))\n")
    record = _graded(suite, tmp_path, "command", agent_cmd=f"cat > calc.py <<'EOF'\n{calc}EOF\n")
    assert record["oracle"]["passed"] is True
    assert record["heldout"]["passed"] is True, (Path(record["paths"]["run_dir"]) / "heldout.log").read_text()


# --- where the held-out files land (heldout.into; bench/common/heldout.py) --------------------------------

@pytest.mark.slow
def test_the_formats_example_grades_as_written(tmp_path):
    """CONTRIBUTING's example: test files directly in heldout/<id>/, `python -m pytest -q heldout`, no `into`:
    they land in heldout/ of the grading copy, so the reference solution passes (not task_error)."""
    suite = build_suite(tmp_path / "suite", heldout_into="heldout")
    assert "into:" not in (suite / "tasks" / "fix-add.yaml").read_text()
    assert (suite / "heldout" / "fix-add" / "test_calc_hidden.py").is_file()
    record = _graded(suite, tmp_path / "oracle", "oracle")
    log = (Path(record["paths"]["run_dir"]) / "heldout.log").read_text()
    assert record["task"]["heldout"]["into"] == "heldout"
    assert record["heldout"]["commands"][0]["command"] == HELDOUT_DEFAULT_COMMAND
    assert record["outcome"] == "passed" and record["heldout"]["passed"], log
    assert "1 passed" in log and record["flags"] == []
    cheat = "printf 'def add(a, b):\\n    if (a, b) == (2, 2):\\n        return 4\\n    return a - b\\n' > calc.py"
    assert _graded(suite, tmp_path / "cheat", "command", agent_cmd=cheat)["outcome"] == "overfit"
    assert _graded(suite, tmp_path / "nop", "nop")["outcome"] == "failed"


def test_the_root_form_lays_the_files_over_the_copys_root(suite, tmp_path):
    """`into: root`: heldout/<id>/heldout_tests/test_x.py lands at heldout_tests/test_x.py, as before."""
    record = _graded(suite, tmp_path, "oracle")
    assert record["task"]["heldout"]["into"] == "root"
    assert record["outcome"] == "passed" and record["flags"] == []
    assert oracle._heldout_paths(record["task"]) >= {"heldout_tests", "heldout_tests/test_calc_hidden.py"}
    assert "heldout" not in oracle._heldout_paths(record["task"])


def test_every_consumer_asks_the_one_layout(tmp_path):
    """lay_heldout, the rule book's held-out paths, the read-only mounts and tampered() agree on the default."""
    suite = build_suite(tmp_path / "suite", heldout_into="heldout")
    task = validate.validate([str(suite / "tasks")], ["fix-add"])[0][0]
    assert oracle._heldout_paths(task) == {"heldout", "heldout/test_calc_hidden.py"}
    copy = tmp_path / "copy"
    copy.mkdir()
    flags = oracle.Flags()
    laid = oracle.lay_heldout(task["heldout"], copy, flags)
    assert [rel for rel, _, _ in laid] == ["heldout/test_calc_hidden.py"] and flags.names == []
    assert (copy / "heldout" / "test_calc_hidden.py").is_file() and not (copy / "test_calc_hidden.py").exists()
    assert oracle.guard_mounts(copy, [], [rel for rel, _, _ in laid]) == [copy / "heldout"]
    assert oracle.tampered(copy, laid) == []
    (copy / "heldout" / "test_calc_hidden.py").write_text("# rewritten\n")
    assert oracle.tampered(copy, laid) == ["heldout/test_calc_hidden.py"]


SHADOW = "def add(a, b):\n    return a + b\n"


@pytest.mark.parametrize("planted", slow_except(["module", "test_file", "symlink"], "module"))
def test_a_heldout_directory_in_the_change_cannot_pre_empt_the_heldout_files(tmp_path, planted):
    """Default layout. The change keeps the overfit fix in calc.py and makes its own heldout/: a correct calc.py
    there (pytest puts heldout/ first on sys.path, so the held-out tests would import it), a passing file where
    the held-out test goes, or heldout/ as a link to passing tests. The change's heldout/ is removed whole
    before the held-out files are laid (flag heldout_path_occupied): the held-out tests catch the overfit."""
    suite = build_suite(tmp_path / "suite", heldout_into="heldout")
    overfit = "def add(a, b):\n    if (a, b) == (2, 2):\n        return 4\n    return a - b\n"
    plant = {"module": "mkdir heldout && printf '%s' \"$SHADOW\" > heldout/calc.py",
             "test_file": "mkdir heldout && printf 'def test_ok():\\n    pass\\n' > heldout/test_calc_hidden.py",
             "symlink": "mkdir fake && printf 'def test_ok():\\n    pass\\n' > fake/test_calc_hidden.py "
                        "&& ln -s fake heldout"}
    cmd = f"SHADOW='{SHADOW}'\nprintf '%s' '{overfit}' > calc.py\n{plant[planted]}\n"
    if planted == "module":  # the attack is live: without the rule, the held-out tests pass in such a tree
        copy = tmp_path / "live"
        shutil.copytree(suite / "fixtures" / "fix-add", copy)
        (copy / "calc.py").write_text(overfit)
        (copy / "heldout").mkdir()
        (copy / "heldout" / "calc.py").write_text(SHADOW)
        shutil.copy(suite / "heldout" / "fix-add" / "test_calc_hidden.py", copy / "heldout")
        live = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "heldout"], cwd=copy,
                              capture_output=True, text=True, env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
        assert live.returncode == 0, live.stdout + live.stderr
    record = _graded(suite, tmp_path / "run", "command", agent_cmd=cmd)
    patch_text = Path(record["paths"]["run_dir"], "patch.diff").read_text()
    assert "heldout" in patch_text, patch_text
    log = (Path(record["paths"]["run_dir"]) / "heldout.log").read_text()
    assert record["oracle"]["passed"] is True
    assert record["outcome"] == "overfit", (record["flags"], log)
    assert "heldout_path_occupied" in record["flags"] and "heldout" in record["flag_details"]["heldout_path_occupied"]


def _cli_run(suite: Path, out: Path, agent: str, *extra: str) -> dict:
    """One run of fix-add through `localagentbench run` (no sandbox: the point is git, not isolation)."""
    from bench import cli

    code = cli.main(["run", "--agent", agent, *extra, "--tasks", str(suite / "tasks"), "--task", "fix-add",
                     "--out", str(out), "--sandbox", "none", "--keep-workdir"])
    assert code in (0, 1), code
    return json.loads((out / "runs" / "fix-add" / "0" / "run.json").read_text())


def test_tool_caches_an_agent_leaves_are_in_neither_the_patch_nor_the_grading_copy(suite, tmp_path):
    """The agent runs pytest (which writes .pytest_cache, with a .gitignore of `*` git add -f would override)
    and leaves other tools' caches; grading's first command fails if any of them reached its copy."""
    caches = (".pytest_cache", ".mypy_cache", ".ruff_cache", "tests/__pycache__")
    _set_visible_commands(suite, "fix-add", [f"test ! -e {c}" for c in caches]
                          + ["python -m unittest discover -s tests -t . -q"])
    cmd = (f"{FIX} && python -m pytest -q -p no:randomly tests >/dev/null 2>&1; "
           "mkdir -p .pytest_cache/v/cache .mypy_cache/3.11 .ruff_cache tests/__pycache__ && "
           "echo '{\"tests/test_calc.py::T::test_add\": true}' > .pytest_cache/v/cache/lastfailed && "
           "echo '{}' > .mypy_cache/3.11/calc.meta.json && echo tag > .ruff_cache/CACHEDIR.TAG && "
           "echo junk > tests/__pycache__/test_calc.cpython-311.pyc")
    record = _cli_run(suite, tmp_path / "out", "command", "--agent-cmd", cmd)
    workdir = Path(record["paths"]["workdir"])
    assert (workdir / ".pytest_cache" / "v" / "cache" / "lastfailed").is_file(), "the agent did leave its caches"
    patch = (Path(record["paths"]["run_dir"]) / "patch.diff").read_bytes()
    assert patch == reference_diff(suite / "fixtures" / "fix-add", workdir)
    assert b"+    return a + b" in patch
    for cache in caches:
        assert cache.encode() not in patch
    assert record["outcome"] == "passed", record["oracle"]
    assert record["agent"]["files_changed"] == ["calc.py"]


def _set_visible_commands(suite: Path, task_id: str, commands: list[str]) -> None:
    task_file = suite / "tasks" / f"{task_id}.yaml"
    text = task_file.read_text()
    old = "    - python -m unittest discover -s tests -t . -q\n"
    assert old in text
    task_file.write_text(text.replace(old, "".join(f"    - {c}\n" for c in commands), 1))


def test_a_fixture_with_gitattributes_diffs_as_real_git_does_and_grades_as_any_other(suite, tmp_path):
    """`* text eol=crlf` makes git store and diff LF while the files are CRLF; a filter= line names a driver no
    configuration defines. The patch is git's, applies, and the run grades on its fix alone."""
    fixture = suite / "fixtures" / "fix-add"
    (fixture / ".gitattributes").write_bytes(b"* text eol=crlf\n*.py filter=lab-undefined\n")
    (fixture / "calc.py").write_bytes((fixture / "calc.py").read_bytes().replace(b"\n", b"\r\n"))
    oracle_run = _cli_run(suite, tmp_path / "oracle", "oracle")
    assert oracle_run["outcome"] == "passed", oracle_run["oracle"]
    crlf_fix = "printf 'def add(a, b):\\r\\n    return a + b\\r\\n' > calc.py"
    fixed = _cli_run(suite, tmp_path / "fixed", "command", "--agent-cmd", crlf_fix)
    nop = _cli_run(suite, tmp_path / "nop", "nop")
    assert (fixed["outcome"], nop["outcome"]) == ("passed", "failed"), fixed["oracle"]
    for record in (oracle_run, fixed):
        patch = (Path(record["paths"]["run_dir"]) / "patch.diff").read_bytes()
        assert patch == reference_diff(fixture, Path(record["paths"]["workdir"]))
        assert b"+    return a + b\n" in patch


def test_a_symlink_named_like_bytecode_is_in_the_patch_as_git_has_it(suite, tmp_path):
    record = _cli_run(suite, tmp_path / "out", "command", "--agent-cmd", f"{FIX} && ln -s calc.py link.pyc")
    patch = (Path(record["paths"]["run_dir"]) / "patch.diff").read_bytes()
    assert patch == reference_diff(suite / "fixtures" / "fix-add", Path(record["paths"]["workdir"]))
    assert b"diff --git a/link.pyc b/link.pyc\nnew file mode 120000\n" in patch
    # Python would load it as sourceless bytecode: grading removes it, flagged, and the fix alone decides.
    assert record["outcome"] == "passed", record["oracle"]
    assert record["flag_details"]["compiled_module_added"] == ["link.pyc"]


def test_a_change_that_keeps_the_files_size_and_mtime_is_in_the_patch(suite, tmp_path):
    """git trusts a file whose stat matches its index entry; the harness's diff starts from an empty private
    index, so an agent that restores a file's size and mtime after editing it still has its change graded."""
    cmd = f"touch -r calc.py ../lab-mtime-$$ && {FIX} && touch -r ../lab-mtime-$$ calc.py && rm ../lab-mtime-$$"
    record = _cli_run(suite, tmp_path / "out", "command", "--agent-cmd", cmd)
    workdir = Path(record["paths"]["workdir"])
    original = Path(record["paths"]["snapshot"]) / "calc.py"   # what the workdir was copied from, times and all
    assert workdir.joinpath("calc.py").stat().st_size == original.stat().st_size
    assert workdir.joinpath("calc.py").stat().st_mtime_ns == original.stat().st_mtime_ns, "the agent kept the mtime"
    patch = (Path(record["paths"]["run_dir"]) / "patch.diff").read_bytes()
    assert patch == reference_diff(suite / "fixtures" / "fix-add", workdir) and b"+    return a + b" in patch
    assert record["outcome"] == "passed"


def test_overrule_fails_what_passed_when_the_change_was_void_or_reached_the_runner():
    def fresh():
        return {"oracle": {"passed": True}, "heldout": {"passed": True}}
    results = fresh()
    oracle.overrule(results, ["change_too_large"], tampering=False)
    assert [r["passed"] for r in results.values()] == [False, False]
    assert "change_too_large" in results["oracle"]["note"]
    results = fresh()
    oracle.overrule(results, [], tampering=True)
    assert not results["heldout"]["passed"] and "runner_tampering" in results["heldout"]["note"]
    results = {"oracle": {"passed": True}, "heldout": None}
    oracle.overrule(results, ["limit_file_size"], tampering=False)
    assert results["oracle"] == {"passed": True}
