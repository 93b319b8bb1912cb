"""run_agent: built-in and command agents, real processes, timeouts that hold, patches against the snapshot."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bench import isolate, run_agent, validate
from bench.common import schema
from bench.common.errors import UserError
from conftest import REPO, agent_spec


def _isolated(suite: Path, tmp_path: Path, task_id: str = "fix-add", rep: int = 0) -> dict:
    tasks, problems = validate.validate([str(suite / "tasks")], [task_id])
    assert not problems
    return isolate.isolate_one(tasks[0], tmp_path / "res", "r1", rep)


def _run(record: dict, agent: str, **opts) -> dict:
    fields = {key: opts.pop(key) for key in ("keep_workdir", "timeout_s", "model") if key in opts}
    return run_agent.run_agent_one(record, agent_spec(agent, opts, **fields))


def test_oracle_agent_writes_the_solution_as_patch_diff(suite, tmp_path):
    record = _run(_isolated(suite, tmp_path), "oracle")
    run_dir = Path(record["paths"]["run_dir"])
    patch = (run_dir / "patch.diff").read_text()
    assert "-    return a - b" in patch and "+    return a + b" in patch
    assert record["agent"]["files_changed"] == ["calc.py"]
    assert record["agent"]["exit_code"] == 0 and record["agent"]["timed_out"] is False
    assert record["agent"]["tokens_in"] is None, "a count the agent does not expose is null, never 0"
    assert record["stage"] == "agent_done" and record["paths"]["workdir"] is None
    schema.check(json.loads((run_dir / "run.json").read_text()), "run")
    assert (run_dir / "prompt.txt").read_text() == "Please fix calc.py.\n"
    trajectory = (run_dir / "trajectory.jsonl").read_text().splitlines()
    assert [json.loads(line)["name"] for line in trajectory] == ["apply_patch"]


def test_nop_changes_nothing(suite, tmp_path):
    record = _run(_isolated(suite, tmp_path), "nop")
    assert (Path(record["paths"]["run_dir"]) / "patch.diff").read_bytes() == b""
    assert record["agent"]["patch_bytes"] == 0


def test_command_agent_sees_prompt_model_and_workdir(suite, tmp_path):
    cmd = ('cat "$LOCALAGENTBENCH_PROMPT_FILE" > seen_prompt.txt; echo "$LOCALAGENTBENCH_MODEL" > seen_model.txt; '
           'pwd > seen_cwd.txt; echo "$LOCALAGENTBENCH_WORKDIR" > seen_workdir.txt')
    record = _run(_isolated(suite, tmp_path), "command", agent_cmd=cmd, model="my/model", keep_workdir=True)
    workdir = Path(record["paths"]["workdir"])
    assert (workdir / "seen_prompt.txt").read_text() == "Please fix calc.py.\n"
    assert (workdir / "seen_model.txt").read_text().strip() == "my/model"
    assert Path((workdir / "seen_cwd.txt").read_text().strip()).resolve() == workdir.resolve()
    assert Path((workdir / "seen_workdir.txt").read_text().strip()) == workdir
    assert record["model"]["id"] == "my/model"
    assert sorted(record["agent"]["files_changed"]) == ["seen_cwd.txt", "seen_model.txt", "seen_prompt.txt",
                                                        "seen_workdir.txt"]


def test_command_agent_events_become_counts_and_trajectory(suite, tmp_path):
    events = [{"type": "turn", "index": 0}, {"type": "usage", "tokens_in": 100, "tokens_out": 7},
              {"type": "tool_call", "name": "edit", "status": "error"},
              {"type": "tool_call", "name": "edit", "status": "ok"},
              {"type": "turn", "index": 1}, {"type": "usage", "tokens_in": 50, "tokens_out": 3}]
    lines = "\\n".join(json.dumps(e) for e in events)
    record = _run(_isolated(suite, tmp_path), "command",
                  agent_cmd=f"printf '{lines}\\n' >> \"$LOCALAGENTBENCH_EVENTS_FILE\"")
    agent = record["agent"]
    counts = (agent["tokens_in"], agent["tokens_out"], agent["turns"], agent["tool_calls"], agent["failed_tool_calls"])
    assert counts == (150, 10, 2, 2, 1)
    assert len((Path(record["paths"]["run_dir"]) / "trajectory.jsonl").read_text().splitlines()) == 6


def test_a_command_agent_exiting_127_is_its_own_error_not_infrastructure(suite, tmp_path):
    record = _run(_isolated(suite, tmp_path), "command", agent_cmd="definitely-not-an-agent-xyz --go")
    assert record["agent"]["exit_code"] == 127
    assert record["agent"]["infra_error"] is None and "127" in record["agent"]["agent_error"]


def _closed_port() -> int:
    import socket
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_an_adapters_infrastructure_claim_stands_only_when_the_harness_health_check_fails(monkeypatch):
    from bench.agents.base import AgentSignals
    monkeypatch.setenv("OLLAMA_HOST", f"127.0.0.1:{_closed_port()}")
    claimed = AgentSignals(infra_error="model server unreachable")
    run_agent.confirm_infra_error(claimed, "aider", "ollama/qwen3:8b", {})
    assert "health check" in claimed.infra_error and claimed.agent_error is None
    # The same claim from an agent with no model to check is the agent's own failure.
    claimed = AgentSignals(infra_error="model server unreachable")
    run_agent.confirm_infra_error(claimed, "command", None, {})
    assert claimed.infra_error is None and "model server unreachable" in claimed.agent_error


def test_an_adapters_infrastructure_claim_against_a_healthy_server_is_the_agents_error(monkeypatch):
    from bench import fakellm
    from bench.agents.base import AgentSignals

    with fakellm.serve({"models": {"qwen3:8b": {}}}) as server:
        monkeypatch.setenv("OLLAMA_HOST", f"127.0.0.1:{server.port}")
        claimed = AgentSignals(infra_error="model server error: boom")
        run_agent.confirm_infra_error(claimed, "aider", "ollama/qwen3:8b", {})
        assert claimed.infra_error is None and "boom" in claimed.agent_error and "healthy" in claimed.agent_error
        # A server that answers but lacks the model is the harness's evidence too.
        claimed = AgentSignals(infra_error="model not found")
        run_agent.confirm_infra_error(claimed, "aider", "ollama/llama3:70b", {})
        assert "does not list llama3:70b" in claimed.infra_error


def test_unknown_agent_and_missing_agent_cmd_fail_before_any_run(suite, tmp_path):
    with pytest.raises(UserError, match="unknown agent 'gpt-magic'; choose one of"):
        run_agent.prepare("gpt-magic", {})
    with pytest.raises(UserError, match="--agent-cmd"):
        run_agent.prepare("command", {})


def _alive(marker: str) -> list[str]:
    out = subprocess.run(["ps", "-eo", "pid,args"], capture_output=True, text=True).stdout
    return [line for line in out.splitlines() if marker in line and "ps -eo" not in line]


def test_timeout_kills_the_whole_process_tree(suite, tmp_path):
    marker = f"lab-marker-{os.getpid()}-{time.monotonic_ns()}"
    cmd = f"python -c 'import time; time.sleep(300)' {marker} & python -c 'import time; time.sleep(300)' {marker}"
    start = time.monotonic()
    record = _run(_isolated(suite, tmp_path), "command", agent_cmd=cmd, timeout_s=1)
    assert time.monotonic() - start < 15
    assert record["agent"]["timed_out"] is True and record["agent"]["exit_code"] is None
    time.sleep(0.2)
    assert _alive(marker) == [], "no process of the run may be left behind"


def test_background_children_are_killed_when_the_agent_exits(suite, tmp_path):
    marker = f"lab-bg-{os.getpid()}-{time.monotonic_ns()}"
    record = _run(_isolated(suite, tmp_path), "command",
                  agent_cmd=f"(python -c 'import time; time.sleep(300)' {marker} &) ; echo started")
    assert record["agent"]["exit_code"] == 0
    time.sleep(0.2)
    assert _alive(marker) == []


def test_patch_ignores_caches_and_survives_a_deleted_git_dir(suite, tmp_path):
    cmd = ("rm -rf .git && mkdir -p __pycache__ && echo junk > __pycache__/x.pyc && "
           "printf 'def add(a, b):\\n    return a + b\\n' > calc.py && echo new > notes.txt")
    record = _run(_isolated(suite, tmp_path), "command", agent_cmd=cmd)
    patch = (Path(record["paths"]["run_dir"]) / "patch.diff").read_text()
    assert "+    return a + b" in patch and "notes.txt" in patch
    assert "__pycache__" not in patch and ".git/" not in patch


def test_large_output_is_bounded(suite, tmp_path):
    record = _isolated(suite, tmp_path)
    record = run_agent.run_agent_one(record, agent_spec("command", {"agent_cmd": "head -c 3000000 /dev/zero"},
                                                        max_log_bytes=100_000))
    log = Path(record["paths"]["run_dir"]) / "agent.stdout.log"
    assert log.stat().st_size < 100_500
    assert record["agent"]["stdout_truncated"] is True


def test_a_file_too_large_for_a_change_is_removed_before_the_diff_and_flagged(suite, tmp_path):
    size = run_agent.MAX_CHANGED_FILE_BYTES + 1
    record = _run(_isolated(suite, tmp_path), "command",
                  agent_cmd=f"head -c {size} /dev/zero > big.bin && echo small > small.txt")
    assert record["flag_details"]["large_file_removed"] == [f"big.bin ({size} bytes)"]
    patch = (Path(record["paths"]["run_dir"]) / "patch.diff").read_text()
    assert "small.txt" in patch and "big.bin" not in patch


@pytest.mark.parametrize("args, message", [
    (["--timeout", "-5"], "--timeout: must be a number of seconds above 0 (got -5)"),
    (["--max-file-mb", "-1"], "--max-file-mb: must be above 0 (got -1)"),
    (["--max-change-mb", "0"], "--max-change-mb: must be above 0 (got 0)"),
    (["--agent", "aider", "--model", "anthropic/claude"], "'anthropic' is not a provider"),
])
def test_the_stage_alone_refuses_the_arguments_run_refuses(args, message, suite, tmp_path, capsys):
    record = _isolated(suite, tmp_path)
    records = tmp_path / "isolated.jsonl"
    records.write_text(json.dumps(record) + "\n")
    argv = [str(records), *([] if "--agent" in args else ["--agent", "nop"]), *args, "--out", str(tmp_path / "o")]
    assert run_agent.main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0], err
    assert not (tmp_path / "o").exists() and not (Path(record["paths"]["run_dir"]) / "patch.diff").exists()


def test_a_change_over_the_cap_is_flagged_an_agent_error_with_an_empty_patch(suite, tmp_path):
    record = _run(_isolated(suite, tmp_path), "command", max_change_mb=1,
                  agent_cmd="printf 'def add(a, b):\\n    return a + b\\n' > calc.py && "
                            "yes text | head -c 1100000 > filler.txt")
    assert record["flags"] == ["change_too_large"] and record["options"]["max_change_mb"] == 1
    assert "larger than 1 MB" in record["flag_details"]["change_too_large"][0]
    assert "change_too_large" in record["agent"]["agent_error"] and record["agent"]["infra_error"] is None
    assert (Path(record["paths"]["run_dir"]) / "patch.diff").read_bytes() == b""
    assert record["agent"]["patch_bytes"] == 0 and record["agent"]["files_changed"] == []


TAKE_CHANGE_UNDER_A_MEMORY_CAP = """
import json, resource, sys
from pathlib import Path
cap = int(sys.argv[1])
resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
from bench import run_agent
record = json.loads(Path(sys.argv[2]).read_text())
paths = record["paths"]
taken, flags = run_agent.take_change(Path(paths["workdir"]), Path(paths["snapshot"]), Path(paths["base_git"]),
                                     Path(sys.argv[3]), Path(sys.argv[4]), run_agent.max_change_bytes({}))
print(json.dumps({"over_cap": taken.over_cap, "size": taken.size, "flags": flags}))
"""


@pytest.mark.slow
def test_a_600_mb_change_is_taken_under_a_400_mb_address_space_and_flagged(suite, tmp_path):
    """The path run_agent takes the change by, in a process that cannot hold the change (RLIMIT_AS 400 MB,
    600 MB of 1 MB text files, each under every per-file cap): the flag, not a MemoryError."""
    record = _isolated(suite, tmp_path)
    work = Path(record["paths"]["workdir"])
    block = b"a line of text a test could carry\n" * ((1 << 20) // 34)
    for i in range(600):
        (work / f"f{i:03}.txt").write_bytes(block)
    assert sum(f.stat().st_size for f in work.glob("f*.txt")) > 580 << 20
    (tmp_path / "record.json").write_text(json.dumps(record))
    (tmp_path / "scratch").mkdir()
    out = tmp_path / "patch.diff"
    done = subprocess.run([sys.executable, "-c", TAKE_CHANGE_UNDER_A_MEMORY_CAP, str(400 << 20),
                           str(tmp_path / "record.json"), str(out), str(tmp_path / "scratch")],
                          cwd=REPO, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    taken = json.loads(done.stdout)
    assert taken["over_cap"] == "bytes" and taken["size"] == 0 and out.read_bytes() == b""
    assert "larger than 64 MB" in taken["flags"]["change_too_large"][0]


KEPT = "kept workdir: "


def _kept(stderr: str) -> dict[tuple[str, str], Path]:
    """The 'kept workdir: TASK rep N: PATH' lines, by (task, rep)."""
    found = (re.fullmatch(r"kept workdir: (\S+) rep (\d+): (.+)", line) for line in stderr.splitlines())
    return {(m[1], m[2]): Path(m[3]) for m in found if m}


def test_keep_workdir_says_where_each_run_s_workdir_was_kept(suite, tmp_path, monkeypatch, capsys):
    # A temp root with a space and a non-ASCII letter: the printed path is the whole rest of the line.
    monkeypatch.setenv("LOCALAGENTBENCH_TMPDIR", str(tmp_path / "tmp dir é"))
    (tmp_path / "tmp dir é").mkdir()
    from bench import cli

    args = ["run", "--agent", "command", "--agent-cmd", 'echo "$LOCALAGENTBENCH_WORKDIR" > where.txt',
            "--sandbox", "none", "--tasks", str(suite / "tasks"), "--task", "fix-add", "--task", "fix-max",
            "--repeat", "2"]
    assert cli.main([*args, "--out", str(tmp_path / "o1"), "--keep-workdir"]) in (0, 1)
    kept = _kept(capsys.readouterr().err)
    assert set(kept) == {(t, r) for t in ("fix-add", "fix-max") for r in ("0", "1")}, kept
    assert len(set(kept.values())) == 4
    for path in kept.values():
        assert (path / "where.txt").read_text(encoding="utf-8").strip() == str(path), path

    assert cli.main([*args, "--out", str(tmp_path / "o2")]) in (0, 1)
    assert KEPT not in capsys.readouterr().err, "without --keep-workdir nothing is kept, nothing said"

    done = subprocess.run([sys.executable, "-m", "bench", *args, "--out", str(tmp_path / "o3"), "--keep-workdir",
                           "--repeat", "1"], cwd=REPO, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(REPO)})
    kept = _kept(done.stderr)
    assert set(kept) == {("fix-add", "0"), ("fix-max", "0")}, done.stderr
    assert all((path / "where.txt").is_file() for path in kept.values())
