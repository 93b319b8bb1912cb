"""The record lifecycle: one place names the states, and every stage refuses a record in the wrong one."""
from __future__ import annotations

import json

import pytest

from bench import isolate, oracle, run_agent, validate
from bench.common import lifecycle
from bench.common.errors import UserError
from bench.common.schema import validator
from conftest import agent_spec, run_cli


def test_the_schema_knows_exactly_the_lifecycle_states():
    states = set(validator("run").schema["properties"]["stage"]["enum"])
    assert states == {lifecycle.ISOLATED, lifecycle.AGENT_DONE, lifecycle.GRADED, lifecycle.INTERRUPTED}


def test_each_stage_writes_the_state_the_next_one_needs(suite, tmp_path):
    tasks, _ = validate.validate([str(suite / "tasks")], ["fix-add"])
    record = isolate.isolate_one(tasks[0], tmp_path / "res", "r1", 0)
    assert record["stage"] == lifecycle.NEEDS["run_agent"]
    with pytest.raises(UserError, match="run run_agent first"):
        oracle.grade_one(record)
    done = run_agent.run_agent_one(record, agent_spec("nop"))
    assert done["stage"] == lifecycle.NEEDS["oracle"]
    with pytest.raises(UserError, match=r"stage is agent_done, run_agent needs isolated; run isolate first"):
        run_agent.run_agent_one(done, agent_spec("nop"))
    graded = oracle.grade_one(done)
    assert lifecycle.is_graded(graded) and not lifecycle.is_unfinished(graded)


def test_a_record_in_the_wrong_state_is_one_line_from_the_shell(suite, tmp_path):
    validated = run_cli(str(suite / "tasks"), "--task", "fix-add", module="bench.validate")
    assert validated.returncode == 0, validated.stderr
    isolated = run_cli("-", "--results", str(tmp_path / "r"), module="bench.isolate", stdin=validated.stdout)
    assert isolated.returncode == 0, isolated.stderr
    graded = run_cli("-", module="bench.oracle", stdin=isolated.stdout)
    assert graded.returncode == 2 and graded.stdout == ""
    lines = graded.stderr.strip().splitlines()
    assert lines == ["error: run fix-add/0: stage is isolated, oracle needs agent_done; run run_agent first"]
    assert json.loads(isolated.stdout.splitlines()[0])["stage"] == "isolated"
