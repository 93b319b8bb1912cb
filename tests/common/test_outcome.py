"""outcome: every row of the outcome table (METHODOLOGY.md, "Runs and outcomes"), and the held-out counts."""
from __future__ import annotations

import pytest

from bench.common import outcome

OK = {"command": "python -m pytest -q", "exit_code": 0, "duration_s": 1.0, "timed_out": False}
FAIL = {**OK, "exit_code": 1}
HANG = {**OK, "exit_code": None, "timed_out": True}
NOT_FOUND = {**OK, "exit_code": 4}           # pytest: a test path that does not exist
NONE_COLLECTED = {**OK, "exit_code": 5}      # pytest: no tests collected
UNITTEST_NONE = {**OK, "command": "python -m unittest discover -s t", "exit_code": 5}
SCRIPT_EXIT_5 = {**OK, "command": "./check.sh", "exit_code": 5}  # not a runner the harness reads: a plain failure
SUMMARY_SAYS_NOTHING_RAN = {**OK, "summary": "no_tests_ran"}


def phase(*commands, passed=None, **extra):
    """A graded section whose `passed` is what its commands show unless given."""
    if passed is None:
        passed = bool(commands) and all(c is OK for c in commands)
    return {"passed": passed, "error": None, "commands": list(commands), **extra}


ROWS = [
    # (what, agent, visible, held-out, outcome)
    ("agent could not start", {"infra_error": "bwrap: no status"}, None, None, "infra_error"),
    ("agent could not start, whatever was graded", {"infra_error": "x"}, phase(OK), phase(OK), "infra_error"),
    ("grading sandbox never ran", {}, phase(OK), phase(passed=False, infra_error="no status"), "infra_error"),
    ("pristine copy failed", {}, phase(passed=False, infra_error="copy failed"), None, "infra_error"),
    ("harness raised before grading", {"agent_error": "harness failed"}, None, None, "agent_error"),
    ("change does not apply", {}, phase(), None, "oracle_error"),
    ("change does not apply, agent also erred", {"agent_error": "exit 1"}, phase(), None, "oracle_error"),
    ("agent timed out with a passing change", {"timed_out": True}, phase(OK), phase(OK), "agent_timeout"),
    ("agent timed out with a failing change", {"timed_out": True}, phase(FAIL), None, "agent_timeout"),
    ("visible command cannot find its tests", {}, phase(NOT_FOUND), None, "task_error"),
    ("visible collects no tests", {}, phase(NONE_COLLECTED), None, "task_error"),
    ("unittest ran no tests", {}, phase(UNITTEST_NONE), None, "task_error"),
    ("visible passes, held-out cannot find its tests", {}, phase(OK), phase(NOT_FOUND), "task_error"),
    ("visible passes, held-out collects nothing", {}, phase(OK), phase(NONE_COLLECTED), "task_error"),
    ("held-out files could not be laid", {}, phase(OK), phase(passed=False, task_error="missing"), "task_error"),
    ("visible passes, no held-out", {}, phase(OK), None, "passed"),
    ("visible and held-out pass", {}, phase(OK), phase(OK), "passed"),
    ("agent erred but its change passes", {"agent_error": "exit 1"}, phase(OK), phase(OK), "passed"),
    ("visible passes, held-out fails", {}, phase(OK), phase(FAIL), "overfit"),
    ("visible passes, held-out hangs", {}, phase(OK), phase(HANG), "overfit"),
    ("visible passes, held-out fails, agent erred", {"agent_error": "exit 1"}, phase(OK), phase(FAIL), "overfit"),
    ("visible fails, agent erred", {"agent_error": "exit 1"}, phase(FAIL), None, "agent_error"),
    ("visible fails", {}, phase(FAIL), None, "failed"),
    ("visible hangs", {}, phase(HANG), None, "failed"),
    ("visible hangs, held-out hangs", {}, phase(HANG), phase(HANG), "failed"),
    ("visible fails, held-out passes", {}, phase(FAIL), phase(OK), "failed"),
    ("a script exits 5: just a failure", {}, phase(SCRIPT_EXIT_5), None, "failed"),
    ("exit 0 but the runner ran nothing", {}, phase(SUMMARY_SAYS_NOTHING_RAN), None, "failed"),
    ("section claims a pass its commands do not show", {}, phase(FAIL, passed=True), None, "failed"),
    ("held-out claims a pass its commands do not show", {}, phase(OK), phase(FAIL, passed=True), "overfit"),
]


@pytest.mark.parametrize("what,agent,visible,hidden,expected", ROWS, ids=[row[0] for row in ROWS])
def test_outcome_table(what, agent, visible, hidden, expected):
    assert outcome.decide(agent, visible, hidden) == (expected, expected == "passed")


def test_every_outcome_has_a_row():
    assert {row[4] for row in ROWS} == set(outcome.OUTCOMES)


def test_could_not_run_names_the_runner_and_code():
    assert outcome.could_not_run("python -m pytest -q heldout", 4) == \
        "pytest exit 4: usage error (a test path that does not exist?)"
    assert outcome.could_not_run("pytest tests", 5) == "pytest exit 5: no tests collected"
    assert outcome.could_not_run("pytest tests", 1) is None
    assert outcome.could_not_run("make test", 4) is None


def _run(outcome_name: str, heldout: bool = True) -> dict:
    return {"outcome": outcome_name, "task": {"heldout": {"path": "h"} if heldout else None}}


def test_heldout_counts_checked_is_confirmed_plus_overfit_and_only_candidate_successes():
    runs = [_run("passed"), _run("passed"), _run("overfit"), _run("agent_timeout"), _run("failed"),
            _run("task_error"), _run("passed", heldout=False)]
    # checked: the two passes and the overfit of held-out tasks; the timed-out run's passing change is not
    # a candidate success, and the pass without held-out tests has nothing to confirm.
    assert outcome.heldout_counts(runs) == {"heldout_checked": 3, "heldout_confirmed": 2, "overfit": 1}
