"""Every run writes its trajectory as ATIF v1.7 (bench/agents/atif.py), checked with Harbor's own validator
(tests/atif_harbor.py): the mock agent's run, a command agent's run through the model proxy (each step's tokens
are its call's), hostile events (huge, control characters, invalid UTF-8, lone surrogates, a flood) and a link
planted where the file goes; the run page links the file. All through the real CLI (`python -m bench run`)."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from atif_harbor import validate
from attack_helpers import FIXED, PY, bench, put, sh, suite
from bench import fakellm
from bench.agents import atif
from conftest import REPO

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the runs use bubblewrap (Linux)")


def load(path: Path) -> dict:
    raw = path.read_bytes()
    assert raw.isascii(), "the file is ASCII JSON: any reader decodes it"
    return json.loads(raw)


def agent_steps(doc: dict) -> list[dict]:
    return [s for s in doc["steps"] if s["source"] == "agent"]


def page_links_the_file(out: Path, run_dir: Path) -> None:
    """The run's page (bench report) links trajectory.atif.json, and the link leads to the file."""
    pages = list((out / "site" / "runs").glob("*.html"))
    assert len(pages) >= 1
    for page in pages:
        html = page.read_text(encoding="utf-8")
        hrefs = re.findall(r'<a href="([^"]+/trajectory\.atif\.json)">', html)
        if hrefs:
            assert (page.parent / hrefs[0]).resolve() == (run_dir / atif.ATIF_FILE).resolve()
            return
    raise AssertionError("no run page links trajectory.atif.json")


def test_a_mock_run_writes_atif_that_harbors_validator_accepts_and_its_page_links(tmp_path):
    out = tmp_path / "out"
    done = subprocess.run([sys.executable, "-m", "bench", "run", "--agent", "mock", "--task", "calib-greeting",
                           "--out", str(out), "--report"], cwd=REPO, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(REPO), "LOCALAGENTBENCH_CACHE": str(tmp_path / "c")})
    assert done.returncode == 0, done.stderr[-2000:]
    run_dir = out / "runs" / "calib-greeting" / "0"
    path = run_dir / atif.ATIF_FILE
    assert validate(path) == []
    doc, record = load(path), json.loads((run_dir / "run.json").read_text())
    events = [json.loads(line) for line in (run_dir / "trajectory.jsonl").read_text().splitlines()]
    assert doc["schema_version"] == "ATIF-v1.7" and doc["agent"]["name"] == "mock"
    assert doc["steps"][0] == {"step_id": 1, "source": "user", "message": (run_dir / "prompt.txt").read_text()}
    turns = [e for e in events if e["type"] == "turn"]
    steps = agent_steps(doc)
    assert len(steps) == len(turns) >= 2
    # no proxy: each step's tokens are the agent's own turn figures, said to be the agent's (and synthetic)
    assert [(s["metrics"]["prompt_tokens"], s["metrics"]["completion_tokens"]) for s in steps] == \
        [(t["tokens_in"], t["tokens_out"]) for t in turns]
    assert all(s["metrics"]["extra"] == {"tokens_source": "agent", "synthetic": True} for s in steps)
    calls = [c for s in steps for c in s.get("tool_calls", [])]
    assert len(calls) == record["agent"]["tool_calls"] == sum(e["type"] == "tool_call" for e in events)
    assert steps[-1]["message"] == "Fixed it."
    final = doc["final_metrics"]
    assert final["total_steps"] == len(doc["steps"])
    assert (final["total_prompt_tokens"], final["total_completion_tokens"]) == \
        (record["agent"]["tokens_in"], record["agent"]["tokens_out"])
    page_links_the_file(out, run_dir)


# A command agent that makes three model calls through the proxy and reports one turn (message, tool call) each.
PROXIED_AGENT = textwrap.dedent('''
    import json, os, urllib.request
    url = os.environ["LOCALAGENTBENCH_MODEL_URL"] + "/v1/chat/completions"
    events = open(os.environ["LOCALAGENTBENCH_EVENTS_FILE"], "a")
    messages = []
    for i in range(3):
        messages.append({"role": "user", "content": "step %d" % i})
        body = json.dumps({"model": "coder", "messages": messages}).encode()
        req = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
        reply = json.loads(urllib.request.urlopen(req, timeout=30).read())["choices"][0]["message"]["content"]
        messages.append({"role": "assistant", "content": reply})
        for e in [{"type": "turn", "index": i}, {"type": "text", "text": reply},
                  {"type": "text", "text": "thinking %d" % i, "reasoning": True},
                  {"type": "tool_call", "name": "edit", "status": "ok", "duration_s": 0.5,
                   "input": json.dumps({"path": "calc.py", "n": i}), "output": "edited %d" % i}]:
            events.write(json.dumps(e) + "\\n")
    events.close()
    open("calc.py", "w").write(@FIXED@)
''').replace("@FIXED@", repr(FIXED))
USAGES = [{"prompt_tokens": 100, "completion_tokens": 10, "cached_tokens": 0},
          {"prompt_tokens": 250, "completion_tokens": 20, "cached_tokens": 96},
          {"prompt_tokens": 400, "completion_tokens": 30, "cached_tokens": 224}]


def test_a_run_through_the_proxy_has_each_steps_tokens_from_its_call(tmp_path):
    root = suite(tmp_path / "suite")
    script = {"models": {"coder": {"turns": [{"content": f"reply {i}", "usage": u} for i, u in enumerate(USAGES)]}}}
    with fakellm.serve(script) as server:
        result = bench(tmp_path, root, sh(put("agent.py", PROXIED_AGENT), f"{PY} agent.py && rm agent.py"),
                       "--model", "coder", "--report", env={"OLLAMA_HOST": server.url})
    assert result.proc.returncode == 0, result.describe()
    record = result.graded()
    assert record["outcome"] == "passed" and record["agent"]["tokens_source"] == "proxy"
    path = result.file(atif.ATIF_FILE)
    assert validate(path) == []
    doc = load(path)
    steps = agent_steps(doc)
    assert [s["message"] for s in steps] == ["reply 0", "reply 1", "reply 2"]
    assert [s["reasoning_content"] for s in steps] == ["thinking 0", "thinking 1", "thinking 2"]
    for step, usage in zip(steps, USAGES, strict=True):
        m = step["metrics"]
        assert (m["prompt_tokens"], m["completion_tokens"], m["cached_tokens"]) == \
            (usage["prompt_tokens"], usage["completion_tokens"], usage["cached_tokens"])
        assert m["extra"]["tokens_source"] == "proxy" and step["llm_call_count"] == 1 and step["model_name"]
        [call] = step["tool_calls"]
        assert call["function_name"] == "edit" and call["arguments"]["path"] == "calc.py"
        assert step["observation"]["results"] == [{"source_call_id": call["tool_call_id"],
                                                   "content": f"edited {call['arguments']['n']}"}]
    final = doc["final_metrics"]
    assert final["total_prompt_tokens"] == 750 == record["agent"]["tokens_in"]
    assert final["total_completion_tokens"] == 60 and final["total_cached_tokens"] == 320
    assert final["extra"]["model_calls"] == 3 and "notes" not in doc
    page_links_the_file(result.out, path.parent)


HOSTILE = "\n".join([
    "out(json.dumps({'type': 'turn', 'index': 0, 'tokens_in': 5}))",
    "out(json.dumps({'type': 'text', 'text': 'x' * (12 * 1024 * 1024)}))",                      # 12 MB message
    "out(json.dumps({'type': 'text', 'text': 'bell\\x07 nul\\x00 esc\\x1b[31m del\\x7f \\u2028 \\u202e'}))",
    "out('{\"type\": \"text\", \"text\": \"lone \\\\ud800 surrogate\", \"\\\\udfff\": 1}')",
    "fh.flush()",
    # a tool output that is not UTF-8 (the raw bytes of the events file): the harness reads it with replacement
    "open(os.environ['LOCALAGENTBENCH_EVENTS_FILE'], 'ab').write(b'{\"type\": \"tool_call\", \"name\": \"bash\", '"
    " b'\"status\": \"ok\", \"output\": \"bad \\xff\\xfe bytes\", \"input\": \"\\xc3\\x28\"}\\n')",
    "out(json.dumps({'type': 'tool_call', 'name': 'n' * 5000, 'status': 'ok', 'input': {'a': [[[[[[[[1]]]]]]]]}}))",
    "out(json.dumps({'type': 'error', 'message': 'boom \\x00'}))",
    "line = json.dumps({'type': 'tool_call', 'name': 'bash', 'status': 'ok', 'output': 'y' * 3000})",
    "for _ in range(60000):\n    out(line)"])


def test_hostile_events_still_give_valid_atif_of_bounded_size(tmp_path):
    """Huge messages, control characters, a lone surrogate, invalid UTF-8 in a tool output, a 5,000-character
    tool name, deep input and 60,000 tool calls: the file is valid ATIF, ASCII, and under atif.MAX_BYTES."""
    from test_attacks_records import writes_events
    root = suite(tmp_path / "suite")
    result = bench(tmp_path, root, writes_events(HOSTILE), "--report")
    assert result.proc.returncode == 0, result.describe()
    record = result.graded()
    assert record["outcome"] == "passed"
    path = result.file(atif.ATIF_FILE)
    assert path.stat().st_size <= atif.MAX_BYTES
    assert validate(path) == []
    doc = load(path)
    messages = [s["message"] for s in doc["steps"]]
    assert all(len(m) <= atif.MAX_TEXT + 100 for m in messages[1:])
    assert any("bell\x07 nul\x00 esc\x1b[31m" in m for m in messages), "control characters kept, escaped"
    assert any("lone \ufffd surrogate" in m for m in messages)
    calls = [c for s in agent_steps(doc) for c in s.get("tool_calls", [])]
    assert max(len(c["function_name"]) for c in calls) <= 400
    assert any(s.get("extra", {}).get("event") == "error" for s in doc["steps"])
    outputs = [r.get("content", "") for s in agent_steps(doc) for r in s.get("observation", {}).get("results", [])]
    assert any(o.startswith("bad ") and "\ufffd" in o for o in outputs)
    page_links_the_file(result.out, path.parent)


def test_a_link_planted_where_the_file_goes_is_replaced_not_followed(tmp_path):
    """An agent that can reach the run's directory (--sandbox none: the prompt file's folder) plants a symlink
    named trajectory.atif.json to a file of the user's: the host never writes through it."""
    root = suite(tmp_path / "suite")
    victim = tmp_path / "victim.txt"
    victim.write_text("the user's file\n")
    plant = f'ln -s {victim} "$(dirname "$LOCALAGENTBENCH_PROMPT_FILE")/{atif.ATIF_FILE}"'
    result = bench(tmp_path, root, sh(plant, put("calc.py", FIXED)), "--sandbox", "none")
    assert result.proc.returncode == 0, result.describe()
    assert victim.read_text() == "the user's file\n"
    path = result.file(atif.ATIF_FILE)
    assert not path.is_symlink() and path.is_file()
    assert validate(path) == []


def test_calls_that_do_not_pair_with_the_steps_are_listed_not_guessed():
    """Five answered calls, two agent turns: no step gets a call's tokens; every call is in final_metrics."""
    record = {"run_id": "r", "task_id": "t", "rep": 0, "agent": {"name": "x", "version": "1", "tokens_in": 15},
              "model": {"id": "m"}}
    events = [{"type": "turn"}, {"type": "text", "text": "a"}, {"type": "turn"}, {"type": "text", "text": "b"}]
    lines = [{"protocol": "openai_chat", "status": 200, "usage": {"prompt_tokens": i, "completion_tokens": 1},
              "started_at": "2026-01-01T00:00:00+00:00", "model": "m"} for i in range(1, 6)]
    lines.append({"protocol": "openai_chat", "status": 429, "usage": {}, "refused": "other_model"})
    doc = atif.convert(record, events, "p", lines)
    assert all("metrics" not in s for s in doc["steps"])
    assert [c["prompt_tokens"] for c in doc["final_metrics"]["extra"]["calls"]] == [1, 2, 3, 4, 5]
    assert "do not pair" in doc["notes"]
    assert atif.convert(record, events, "p", lines[:2])["steps"][2]["metrics"]["prompt_tokens"] == 2


def test_without_turn_events_a_message_after_a_tool_call_opens_the_next_step():
    """An agent that reports no turns (codex from its stdout, say): reasoning, message and the tool calls after
    them are one step; the next message opens another; a warning lands after the step it came in."""
    events = [{"type": "text", "text": "think", "reasoning": True}, {"type": "text", "text": "I will edit"},
              {"type": "tool_call", "name": "edit", "status": "ok", "input": "x"},
              {"type": "warning", "message": "slow"}, {"type": "text", "text": "done"}]
    doc = atif.convert({"agent": {"name": "codex", "version": "1"}}, events, "p", None)
    assert [(s["source"], s["message"]) for s in doc["steps"]] == \
        [("user", "p"), ("agent", "I will edit"), ("system", "slow"), ("agent", "done")]
    assert doc["steps"][1]["reasoning_content"] == "think"
    assert doc["steps"][1]["tool_calls"][0]["arguments"] == {"input": "x"}


def test_the_run_page_links_the_file_only_where_the_bundle_has_one(tmp_path):
    from bench.report.runpage import atif_link
    assert atif_link(tmp_path, "../r") == ""
    (tmp_path / atif.ATIF_FILE).write_text("{}")
    assert f'<a href="../r/{atif.ATIF_FILE}">' in atif_link(tmp_path, "../r")
