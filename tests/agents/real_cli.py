"""What the tests of the real agent CLIs share: a scripted model server, a repository made from a suite fixture,
the adapter driven directly (`drive`) or the whole harness run as a user runs it (`run_through_harness`), and the
figures to check a run against (what the server logged it answered).

`run_through_harness` is `python -m bench run --agent A --model M --task T` in a subprocess against fakellm (the
real model proxy, the sandbox auto picks: bwrap where it works), returning the run record, the run's calls file,
its trajectory and the server's log. Each test module marks itself `integration` and skips an agent that is not
installed with `need_agent(name)`.
"""
from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from bench import fakellm
from bench.agents.base import AgentContext, ProcessResult
from bench.common.errors import UserError
from bench.exec.proc import run_tree

REPO = Path(__file__).resolve().parents[2]
SCRIPTS = REPO / "bench" / "fakellm_scripts"
ORACLE = [sys.executable, "-m", "unittest", "discover", "-s", "tests", "-t", ".", "-q"]
GIT_ENV = {"GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "t",
           "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t"}
HARNESS_USER_AGENT = "localagentbench/"


def need_agent(name: str) -> pytest.MarkDecorator:
    """Skip (with the install command) when the agent's binary is not installed, or the agent is not registered."""
    from bench.agents import get_spec

    try:
        spec = get_spec(name)
    except UserError as e:
        return pytest.mark.skip(reason=str(e))
    return pytest.mark.skipif(spec.find_binary() is None, reason=f"{name} not installed: {spec.install_hint()}")


class Tripwire:
    """A TCP listener on 127.0.0.1 that records every connection: the 'proxy' no request may reach."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.hits: list[bytes] = []
        self._stop = threading.Event()
        self._t = threading.Thread(target=self._run, daemon=True)
        self._t.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            try:
                conn.settimeout(1)
                self.hits.append(conn.recv(200))
            except OSError:
                self.hits.append(b"")
            finally:
                conn.close()

    def close(self) -> None:
        self._stop.set()
        self._t.join(timeout=2)
        self.sock.close()


def git(args: list[str], cwd: Path) -> str:
    env = {**os.environ, **GIT_ENV}
    return subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True, text=True).stdout


def make_repo(tmp_path: Path, fixture: str, hostile_repo_files: bool = True) -> Path:
    """The fixture as a one-commit git repo; with repo-level agent configs that must not be obeyed."""
    work = tmp_path / "work"
    shutil.copytree(REPO / "fixtures" / fixture, work)
    if hostile_repo_files:
        (work / "opencode.json").write_text(json.dumps({"permission": {"edit": "deny"}}))
        (work / ".aider.conf.yml").write_text("edit-format: whole\nauto-commits: true\nauto-test: true\n"
                                              "test-cmd: touch PWNED_BY_REPO_CONFIG\n")
        (work / ".env").write_text("OLLAMA_API_BASE=http://127.0.0.1:1\nOPENAI_API_BASE=http://127.0.0.1:1/v1\n")
    git(["init", "-q"], work)
    git(["add", "-A"], work)
    git(["commit", "-qm", "base"], work)
    return work


def drive(adapter, tmp_path: Path, workdir: Path, script: Path | dict, model: str, *, task: dict | None = None,
          timeout: float = 120, base_url: bool = False, max_turns: int | None = None,
          ollama_host: str | None = None, label: str = "", sandboxed: bool = False):
    """invocation -> run_tree (as run_agent runs it) -> parse; returns (completed, signals, server requests).

    The environment is built as run_agent builds it: the caller's, plus the adapter's variables.
    With sandboxed=True the command runs inside the bubblewrap sandbox with the adapter's ro_paths.
    """
    run_dir, scratch = tmp_path / "run", tmp_path / "scratch"
    run_dir.mkdir(exist_ok=True)
    scratch.mkdir(exist_ok=True)
    prompt = (task or {}).get("prompt") or "Please fix it."
    prompt_file = run_dir / "prompt.txt"
    prompt_file.write_text(prompt)
    with fakellm.serve(script, log_path=tmp_path / "fakellm.jsonl") as server:
        os.environ["OLLAMA_HOST"] = ollama_host or server.url
        try:
            ctx = AgentContext(task=task or {"id": "t", "category": "calib"}, workdir=workdir, prompt=prompt,
                               prompt_file=prompt_file, model=model, timeout_s=timeout, max_turns=max_turns,
                               scratch_dir=scratch, run_dir=run_dir,
                               base_url=(server.url + "/v1") if base_url else None)
            inv = adapter.invocation(ctx)
            out, err = run_dir / "agent.stdout.log", run_dir / "agent.stderr.log"
            env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", **inv.env}
            argv = inv.argv
            if sandboxed:
                from bench.exec import sandbox

                home = Path(inv.env["HOME"])
                argv = sandbox.wrap(inv.argv, "bwrap", cwd=workdir, rw=[workdir, scratch], home=home,
                                    ro=[prompt_file, *inv.ro_paths], network=True)
            done = run_tree(argv, cwd=workdir, env=env, stdout_path=out, stderr_path=err,
                            timeout_s=timeout, stdin=inv.stdin)
            result = ProcessResult(done.exit_code, done.timed_out, done.wall_s, out, err)
            signals = adapter.parse(ctx, result)
        finally:
            os.environ.pop("OLLAMA_HOST", None)
        time.sleep(0.3)   # let the server log a request the client dropped
        deadline = time.monotonic() + 10  # a loaded machine notices a dropped hanging request late
        while time.monotonic() < deadline:
            requests = server.requests
            hanging = sum(1 for r in requests if r.get("event") == "hang_start")
            if sum(1 for r in requests if r.get("event") == "hang_end") >= hanging:
                break
            time.sleep(0.1)
        requests = server.requests
    print(f"\n[timing] {label or model}: {done.wall_s:.2f}s wall (exit {done.exit_code}, timed_out {done.timed_out})")
    return done, signals, requests, inv


def _bwrap_reason() -> str | None:
    try:
        from bench.exec import sandbox
    except ImportError:
        return "bench.exec.sandbox not available"
    return sandbox.bwrap_works()


need_bwrap = pytest.mark.skipif(_bwrap_reason() is not None, reason=f"no bubblewrap sandbox: {_bwrap_reason()}")


def chat(requests: list[dict]) -> list[dict]:
    """The model requests the server answered, whatever the API (Ollama, chat completions, Responses, Messages)."""
    return [r for r in requests if r.get("api") in ("ollama", "openai", "responses", "messages")
            and r.get("status") == 200 and "turn" in r]


def processes_with(marker: str) -> list[int]:
    """The processes whose command line holds `marker` (read from /proc; nothing is signalled)."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and marker.encode() in (entry / "cmdline").read_bytes():
                found.append(int(entry.name))
        except OSError:
            continue
    return found


def reported(requests: list[dict]) -> tuple[int, int]:
    rs = [r for r in chat(requests) if r.get("usage_reported")]
    return sum(r["usage"]["prompt_tokens"] for r in rs), sum(r["usage"]["completion_tokens"] for r in rs)


def issued_calls(requests: list[dict]) -> int:
    return sum(len(r.get("tool_calls") or []) for r in chat(requests))


def oracle_passes(workdir: Path) -> bool:
    return subprocess.run(ORACLE, cwd=workdir, capture_output=True).returncode == 0


def assert_loopback_only(requests: list[dict], trip: Tripwire) -> None:
    assert requests, "the scripted server saw no request"
    assert {r["client"] for r in requests} == {"127.0.0.1"}
    assert trip.hits == [], f"something used the proxy (an outbound connection): {trip.hits[:3]}"


def task(tid: str) -> dict:
    import yaml

    return yaml.safe_load((REPO / "tasks" / f"{tid}.yaml").read_text())


@dataclass
class HarnessRun:
    """One `python -m bench run` and what it left: the process, the run record, the run's calls file, trajectory
    and directory (None / empty when the harness wrote no run), and the scripted server's request log."""

    proc: subprocess.CompletedProcess
    out: Path
    record: dict | None = None
    run_dir: Path | None = None
    calls: list[dict] = field(default_factory=list)
    trajectory: list[dict] = field(default_factory=list)
    served: list[dict] = field(default_factory=list)
    url: str = ""   # the scripted server's

    @property
    def agent(self) -> dict:
        """The run record's agent section."""
        assert self.record is not None, f"no run record: {self.proc.stderr[-3000:]}"
        return self.record["agent"]

    @property
    def agent_requests(self) -> list[dict]:
        """What the server logged of the agent's requests (the harness's own checks and warm-up left out)."""
        return [r for r in self.served if not (r.get("user_agent") or "").startswith(HARNESS_USER_AGENT)]

    def stderr_tail(self) -> str:
        """The end of the harness's stderr and the agent's, for an assertion message."""
        agent_err = self.run_dir / "agent.stderr.log" if self.run_dir else None
        tail = agent_err.read_text(errors="replace")[-2000:] if agent_err and agent_err.is_file() else ""
        return f"harness: {self.proc.stderr[-1500:]}\nagent: {tail}"


def _jsonl(path: Path) -> list[dict]:
    if not path.is_file():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def run_through_harness(tmp_path: Path, agent: str, model: str, task_id: str, *, script: Path | dict,
                        chat_only: bool = False, args: Sequence[str] = (), env: dict[str, str] | None = None,
                        tasks_dir: Path | None = None, server: fakellm.FakeLLM | None = None,
                        log_bodies: bool = False, timeout: float = 300, server_down: bool = False) -> HarnessRun:
    """`python -m bench run --agent AGENT --model MODEL --task TASK_ID` against the scripted server, as a user
    types it (real processes, the real model proxy, the sandbox auto picks).

    chat_only: the server speaks chat completions only and the run gets `--base-url` (name the model without
    `ollama/`). env: variables over the caller's (OLLAMA_HOST defaults to the server). tasks_dir: another tasks
    directory (a task with max_turns, say). server: one already running to use instead of starting one from
    `script`. log_bodies: the server logs each request's body.
    server_down: the server answers the harness's warm-up, then refuses every connection (down before the agent's
    first call: a server down from the start stops `run` before any run, with no record to look at).
    """
    out = tmp_path / f"out-{agent}-{task_id}-{len(list(tmp_path.glob('out-*')))}"
    log = out.with_name(out.name + "-fakellm.jsonl")
    argv = [sys.executable, "-m", "bench", "run", "--agent", agent, "--model", model, "--task", task_id,
            "--out", str(out), *(["--tasks", str(tasks_dir)] if tasks_dir else []), *args]
    started = server is None
    srv = server or fakellm.serve(script, log_path=log, protocols=("openai",) if chat_only else None,
                                  log_bodies=log_bodies, down_after_warm_up=server_down)
    try:
        if chat_only:
            argv += ["--base-url", srv.url + "/v1"]
        run_env = {**os.environ, "OLLAMA_HOST": srv.url, "PYTHONPATH": str(REPO), **(env or {})}
        proc = subprocess.run(argv, cwd=REPO, capture_output=True, text=True, timeout=timeout, env=run_env)
        time.sleep(0.2)   # let the server log a request the client dropped
        served = srv.requests
    finally:
        if started:
            srv.stop()
    run = HarnessRun(proc=proc, out=out, served=served, url=srv.url)
    found = sorted(out.glob("runs/*/*/run.json"))
    if found:
        run.run_dir = found[0].parent
        run.record = json.loads(found[0].read_text())
        run.calls = _jsonl(run.run_dir / "model_calls.jsonl")
        run.trajectory = _jsonl(run.run_dir / "trajectory.jsonl")
        agent_fig = run.record.get("agent") or {}
        print(f"\n[timing] {agent} {model} {task_id}: agent {agent_fig.get('wall_s')} s, start-up to the first model "
              f"call {agent_fig.get('startup_s')} s, outcome {run.record.get('outcome')}")
    return run
