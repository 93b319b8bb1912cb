"""The README's shell pipeline of the stages gives the same summary as `localagentbench run`; every file validates."""
from __future__ import annotations

import json
import subprocess
import sys

import jsonschema
import pytest

from conftest import REPO, slow_except

SCHEMAS = {p.name.removesuffix(".schema.json"): json.loads(p.read_text())
           for p in (REPO / "schemas").glob("*.schema.json")}


def _comparable(summary: dict) -> dict:
    """What must match between two runs of the same deterministic agent: scores, outcomes, per task rows."""
    groups = [{k: g[k] for k in ("agent", "model", "n_tasks", "n_runs", "passes", "pass_at_1", "pass_at_1_ci",
                                  "pass_at_k", "heldout_checked", "heldout_confirmed", "overfit", "infra_errors",
                                  "outcomes", "calib", "categories")} for g in summary["groups"]]
    groups = [dict(g, costs=None) for g in groups]
    tasks = [{k: t[k] for k in ("task_id", "n", "c", "pass_at_k", "outcomes", "flags")} for t in summary["tasks"]]
    return {"groups": groups, "tasks": tasks, "digests": summary["task_digests"]}


@pytest.mark.parametrize("agent", slow_except(["oracle", "mock"], "oracle"))
def test_shell_pipeline_equals_run(suite, tmp_path, agent):
    py = sys.executable
    pipeline = (f"{py} -m bench.validate {suite}/tasks | {py} -m bench.isolate - --results {tmp_path}/piped --repeat 2 "
                f"| {py} -m bench.run_agent - --agent {agent} | {py} -m bench.oracle - | {py} -m bench.score - "
                f"> {tmp_path}/piped-summary.json")
    done = subprocess.run(["bash", "-o", "pipefail", "-c", pipeline], cwd=REPO, capture_output=True, text=True,
                          env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO), "HOME": str(tmp_path)})
    assert done.returncode == 0, done.stderr
    piped = json.loads((tmp_path / "piped-summary.json").read_text())
    run = subprocess.run([py, "-m", "bench", "run", "--agent", agent, "--tasks", f"{suite}/tasks", "--repeat", "2",
                          "--out", f"{tmp_path}/direct"], cwd=REPO, capture_output=True, text=True,
                         env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO), "HOME": str(tmp_path)})
    assert run.returncode == 0, run.stderr
    direct = json.loads((tmp_path / "direct" / "summary.json").read_text())
    assert _comparable(piped) == _comparable(direct)
    assert piped["groups"][0]["n_runs"] == 6


def test_every_file_each_stage_writes_validates(suite, tmp_path):
    py = sys.executable
    steps = [
        f"{py} -m bench.validate {suite}/tasks --out {tmp_path}/tasks.jsonl",
        f"{py} -m bench.isolate {tmp_path}/tasks.jsonl --results {tmp_path}/res --out {tmp_path}/isolated.jsonl",
        f"{py} -m bench.run_agent {tmp_path}/isolated.jsonl --agent mock --out {tmp_path}/agent.jsonl",
        f"{py} -m bench.oracle {tmp_path}/agent.jsonl --out {tmp_path}/graded.jsonl",
        f"{py} -m bench.score {tmp_path}/res --out {tmp_path}/summary.json",
        f"{py} -m bench.render {tmp_path}/summary.json --out {tmp_path}/res",
    ]
    for step in steps:
        done = subprocess.run(step, shell=True, cwd=REPO, capture_output=True, text=True,
                              env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO)})
        assert done.returncode == 0, (step, done.stderr)
    expected = {"tasks.jsonl": "task-record", "isolated.jsonl": "run", "agent.jsonl": "run", "graded.jsonl": "run"}
    stages = {"isolated.jsonl": "isolated", "agent.jsonl": "agent_done", "graded.jsonl": "graded"}
    for name, schema_name in expected.items():
        lines = (tmp_path / name).read_text().splitlines()
        assert lines, name
        for line in lines:
            record = json.loads(line)
            jsonschema.validate(record, SCHEMAS[schema_name])
            if name in stages:
                assert record["stage"] == stages[name]
    for run_json in (tmp_path / "res").glob("runs/*/*/run.json"):
        jsonschema.validate(json.loads(run_json.read_text()), SCHEMAS["run"])
    jsonschema.validate(json.loads((tmp_path / "summary.json").read_text()), SCHEMAS["summary"])
    assert (tmp_path / "res" / "report.md").is_file() and (tmp_path / "res" / "site" / "index.html").is_file()


def test_every_schema_is_a_valid_json_schema():
    assert {"task", "task-record", "run", "summary"} <= set(SCHEMAS)
    for schema in SCHEMAS.values():
        jsonschema.validators.validator_for(schema).check_schema(schema)
