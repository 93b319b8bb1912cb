"""A second hostile review of the records, the change and the report (issue 27, classes 4 and 6), through the real
CLI: names the change's text cannot spell, hostile diff headers, figures and text an agent's output carries into
records and pages, and the pipe stages run alone.

Each test runs `python -m bench run --agent command --sandbox bwrap` (attack_helpers.bench) as a user would, and
where it says so `report`, `compare`, or a stage in a pipe.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from attack_helpers import (
    CLI_TIMEOUT_S,
    FIXED,
    PY,
    PYTEST_VISIBLE,
    bench,
    has_flag,
    live_check,
    not_passed,
    put,
    sh,
    suite,
)
from bench.agents import get_adapter
from bench.agents.base import COUNT_FIELDS, AgentContext, ProcessResult, checked_signals
from bench.common import untrusted
from conftest import REPO

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the attacks run under bubblewrap (Linux)")

FIX = put("calc.py", FIXED)


def _py(code: str) -> str:
    """A shell line running `code` with the sandbox's Python."""
    return f"{PY} - <<'PYEOF'\n{code}\nPYEOF"


def _never_the_harness(record: dict) -> None:
    assert record["outcome"] != "infra_error" and "harness_exception" not in record["flags"], \
        (record["outcome"], record["flags"], record.get("flag_details"))


# --- names the change's text cannot spell -------------------------------------------------------------------

# A conftest.py that makes fix-add's visible test pass without the fix: loaded after the test module (pytest
# collects `tests/\xff/` after `tests/test_calc.py`), it rebinds the test module's `add`. No pytest hook, no
# runner object touched: the grading guard has nothing to see; only the rule that removes added test files stands.
REBIND = ("import sys\nfor m in list(sys.modules.values()):\n"
          "    if (getattr(m, '__name__', '') or '').startswith('tests.test_') and hasattr(m, 'add'):\n"
          "        m.add = lambda a, b: a + b\n")


def test_a_conftest_under_a_directory_whose_name_is_not_utf8_is_removed(tmp_path):
    """Attack N1: `tests/\\xff/conftest.py`. The patch names it `"b/tests/\\377/conftest.py"`; read as text that
    is `tests/\ufffd/conftest.py`, a path no rule finds on disk, while git applies the real bytes: the conftest
    stayed, and the unfixed task passed with no flag. Every entry the agent adds under a name that is not UTF-8
    is removed before the diff (flag file_name_not_utf8)."""
    root = suite(tmp_path / "suite", visible="pytest", heldout="none")
    live_check(tmp_path, root, {"tests/\udcff/conftest.py": REBIND}, PYTEST_VISIBLE)
    cmd = _py(f"import os\nos.makedirs(b'tests/\\xff')\nopen(b'tests/\\xff/conftest.py', 'w').write({REBIND!r})")
    out = bench(tmp_path, root, cmd)
    record = out.graded()
    not_passed(record)
    has_flag(record, "file_name_not_utf8")
    assert record["flag_details"]["file_name_not_utf8"] == ["tests/\\xff"], record["flag_details"]
    assert b"conftest" not in out.file("patch.diff").read_bytes()


def test_names_that_are_not_utf8_in_flag_details_never_break_the_record(tmp_path):
    """Attack N2: a FIFO, a nested .git and a 40 MB file (each removed, with a flag naming it), and a file at
    --max-file-mb in the workdir and in HOME (flagged from the files left at the limit), every one under a name
    that is not UTF-8: the flag details held lone surrogates, and writing run.json raised (harness_exception,
    the fixed task lost). Now the run passes, each name shown escaped."""
    root = suite(tmp_path / "suite")
    code = ("import os\nos.mkfifo(b'\\xfe-fifo')\nos.makedirs(b'\\xfd/.git')\n"
            "open(b'\\xfc-big', 'wb').truncate(40 << 20)\n"
            "for p in (os.path.join(os.environb[b'HOME'], b'\\xfb-home'), b'\\xfa-limit'):\n"
            "    with open(p, 'wb') as fh:\n        fh.seek((41 << 20) - 1)\n        fh.write(b'x')\n"
            "        fh.flush()\n        try:\n            os.write(fh.fileno(), b'y')\n"
            "        except OSError:\n            pass\n")
    record = bench(tmp_path, root, sh(_py(code), FIX), "--max-file-mb", "41").graded()
    _never_the_harness(record)
    assert record["outcome"] == "passed", (record["outcome"], record["flags"])
    details = record["flag_details"]
    assert sorted(details["file_name_not_utf8"]) == ["\\xfa-limit", "\\xfc-big", "\\xfd", "\\xfe-fifo"], details
    assert "\\xfa-limit (42991616 bytes)" in details["limit_file_size"], details
    assert any(d.endswith("/home/\\xfb-home (42991616 bytes)") for d in details["limit_file_size"]), details


# --- hostile diff headers -----------------------------------------------------------------------------------

def test_a_symlink_whose_name_ends_in_a_backslash_is_still_checked(tmp_path):
    """Attack D1: git quotes `evil\\` as `"a/evil\\\\"`; a header parser that took the quote after a backslash
    for an escaped one read the path as `evil\\" ` and never found the symlink, which stayed in the grading copy
    pointing out of the tree. It is flagged unsafe_symlink and removed like any other."""
    root = suite(tmp_path / "suite")
    record = bench(tmp_path, root, sh("ln -s /etc/passwd 'evil\\'", FIX)).graded()
    has_flag(record, "unsafe_symlink")
    assert record["flag_details"]["unsafe_symlink"] == ["evil\\ -> /etc/passwd"], record["flag_details"]
    assert "evil\\" in record["agent"]["files_changed"]


# --- what parsing the agent's output costs the harness ------------------------------------------------------

MEASURE = ("import resource, subprocess, sys\ndone = subprocess.run(sys.argv[1:])\n"
           "print('PEAK_KB', resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, done.returncode)\n")


def _peak_rss_mb(tmp_path: Path, root: Path, cmd: str) -> tuple[int, Path]:
    """`python -m bench run --agent command ... --sandbox bwrap` under a parent that reports the largest RSS of its
    descendants (the harness's own Python, and the git and agent processes it starts): (MiB, the bundle)."""
    out = tmp_path / "out"
    (tmp_path / "trees").mkdir(exist_ok=True)
    argv = [sys.executable, "-c", MEASURE, sys.executable, "-m", "bench", "run", "--agent", "command",
            "--agent-cmd", cmd, "--tasks", str(root / "tasks"), "--task", "fix-add", "--out", str(out),
            "--sandbox", "bwrap"]
    env = {**os.environ, "PYTHONPATH": str(REPO), "LOCALAGENTBENCH_CACHE": str(tmp_path / "cache"),
           "LOCALAGENTBENCH_TMPDIR": str(tmp_path / "trees")}
    done = subprocess.run(argv, cwd=REPO, env=env, capture_output=True, text=True, timeout=CLI_TIMEOUT_S)
    line = [ln for ln in done.stdout.splitlines() if ln.startswith("PEAK_KB")]
    assert line and line[0].split()[2] == "0", done.stdout + done.stderr[-3000:]
    return int(line[0].split()[1]) // 1024, out


def test_sixteen_mb_of_empty_objects_in_the_events_file_cost_the_harness_little(tmp_path):
    """Attack P1: the events file at its 16 MiB cap, all `{}` lines: 5.6 million objects. Split whole and kept
    whole, they took the harness to about 900 MB for one run (x --jobs). Read a line at a time, and past the
    trajectory's cap kept only as what is counted of them, the harness stays under 400 MB; the run is graded,
    its trajectory cut and flagged."""
    root = suite(tmp_path / "suite")
    code = ("import os\nwith open(os.environ['LOCALAGENTBENCH_EVENTS_FILE'], 'wb') as fh:\n"
            "    fh.write(b'{}\\n' * ((16 << 20) // 3))\n")
    peak_mb, out = _peak_rss_mb(tmp_path, root, sh(_py(code), FIX))
    record = json.loads((out / "runs" / "fix-add" / "0" / "run.json").read_text())
    assert record["outcome"] == "passed", (record["outcome"], record["flags"])
    has_flag(record, "trajectory_truncated")
    assert "5,582,405 of 5,592,405" in record["flag_details"]["trajectory_truncated"][0], record["flag_details"]
    assert peak_mb < 400, f"the harness peaked at {peak_mb} MB"


def test_calls_past_the_trajectory_cap_are_still_counted(tmp_path):
    """Control for P1: 30,000 tool calls, every third failed, and 20,000 usage events of 7 tokens in: the
    counts cover every event, not the 10,001 the trajectory keeps."""
    root = suite(tmp_path / "suite")
    code = ("import json, os\nwith open(os.environ['LOCALAGENTBENCH_EVENTS_FILE'], 'w') as fh:\n"
            "    for i in range(30000):\n"
            "        fh.write(json.dumps({'type': 'tool_call', 'name': 'x', 'status': 'error' if i % 3 == 0 else 'ok'})"
            " + '\\n')\n"
            "    for i in range(20000):\n"
            "        fh.write(json.dumps({'type': 'usage', 'tokens_in': 7, 'tokens_out': 1}) + '\\n')\n"
            "    fh.write(json.dumps({'type': 'turn'}) + '\\n')\n")
    record = bench(tmp_path, root, sh(_py(code), FIX), "--model", "none-model").graded()
    agent = record["agent"]
    assert agent["tool_calls"] == 30000 and agent["failed_tool_calls"] == 10000, agent
    assert agent["agent_reported"]["tokens_in"] == 140000 and agent["agent_reported"]["turns"] == 1, agent


# --- each real agent's parser on its own captured output, every number in it made hostile -------------------

HOSTILE = [float("inf"), float("-inf"), float("nan"), 10 ** 400, -(10 ** 400), 1e308, -1.5, "7", 10 ** 30]
DATA = REPO / "tests" / "data"
AGENT_DATA = REPO / "tests" / "agents" / "data"


def _poisoned(value, counter: list[int], shift: int):
    """`value` with every number (not a bool) replaced, in turn, by the HOSTILE values (starting at `shift`)."""
    if isinstance(value, dict):
        return {k: _poisoned(v, counter, shift) for k, v in value.items()}
    if isinstance(value, list):
        return [_poisoned(v, counter, shift) for v in value]
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        counter[0] += 1
        return HOSTILE[(counter[0] + shift) % len(HOSTILE)]
    return value


def _poison_lines(src: Path, dest: Path, shift: int) -> None:
    """Each JSON line of `src` poisoned (json writes NaN and Infinity as Python's json reads them back)."""
    counter = [0]
    lines = []
    for line in src.read_text().splitlines():
        try:
            lines.append(json.dumps(_poisoned(json.loads(line), counter, shift)))
        except ValueError:
            lines.append(line)
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text("\n".join(lines) + "\n")


def _context(tmp_path: Path) -> AgentContext:
    work, scratch, run_dir = tmp_path / "work", tmp_path / "scratch", tmp_path / "run"
    for d in (work, scratch, run_dir):
        d.mkdir(parents=True, exist_ok=True)
    (run_dir / "prompt.txt").write_text("Fix it.\n")
    return AgentContext(task={"id": "t", "category": "bugfix"}, workdir=work, prompt="Fix it.\n",
                        prompt_file=run_dir / "prompt.txt", model="ollama/qwen3:8b", timeout_s=60, max_turns=30,
                        scratch_dir=scratch, run_dir=run_dir, model_url="http://127.0.0.1:4321/r/abc")


def _captured(agent: str, tmp_path: Path, shift: int) -> tuple[AgentContext, ProcessResult]:
    """The agent's captured output (tests/data, tests/agents/data) laid where its parser reads it, poisoned."""
    ctx = _context(tmp_path)
    out, err = ctx.run_dir / "agent.stdout.log", ctx.run_dir / "agent.stderr.log"
    out.write_text("")
    err.write_text("")
    if agent == "opencode":
        _poison_lines(DATA / "opencode_events.jsonl", out, shift)
    elif agent == "claude_code":
        _poison_lines(AGENT_DATA / "claude-code" / "add.jsonl", out, shift)
    elif agent == "qwen_code":
        _poison_lines(AGENT_DATA / "qwen-code" / "max-turns.stdout.jsonl", out, shift)
    elif agent == "codex":
        src = AGENT_DATA / "codex" / "add"
        _poison_lines(src / "stdout.jsonl", out, shift)
        for rollout in src.glob("rollout-*.jsonl"):
            _poison_lines(rollout, ctx.scratch_dir / "codex-home" / "sessions" / "2026" / "12" / "04" / rollout.name,
                          shift)
    elif agent == "mini_swe_agent":
        doc = _poisoned(json.loads((AGENT_DATA / "mini-swe-agent" / "add.traj.json").read_text()), [0], shift)
        (ctx.scratch_dir / "traj.json").write_text(json.dumps(doc))
    return ctx, ProcessResult(0, False, 1.0, out, err)


@pytest.mark.parametrize("agent", ["opencode", "claude_code", "qwen_code", "codex", "mini_swe_agent"])
def test_every_number_in_an_agents_own_output_made_hostile(tmp_path, agent):
    """Attack P2: each parser fed its agent's real captured output with every number replaced, in turn, by
    Infinity, -Infinity, NaN, a 400-digit whole number (no float holds it), 1e308, a negative, a string and
    10^30. opencode's token sum raised OverflowError on Infinity (int(inf)), its durations on the 400-digit
    number ((end - start) / 1000.0), codex's counts and mini-swe-agent's times likewise: the run was booked
    harness_exception. Now no parser raises, and what checked_signals lets into the record is JSON a file holds
    (no NaN, no infinity) with every count a whole number from 0 to MAX_COUNT or unknown."""
    adapter = get_adapter(agent.replace("_", "-"))
    for shift in range(len(HOSTILE)):
        ctx, result = _captured(agent, tmp_path / str(shift), shift)
        signals = adapter.parse(ctx, result)
        checked_signals(signals)
        for field in COUNT_FIELDS:
            value = getattr(signals, field)
            assert value is None or untrusted.is_count(value), (shift, field, value)
        json.dumps({"events": signals.events, "extra": signals.extra}, allow_nan=False)


# --- the events file: every field of the wrong kind, escapes and line ends, then the report -------------------

HOSTILE_EVENTS = r'''import json, os
fh = open(os.environ['LOCALAGENTBENCH_EVENTS_FILE'], 'a')
def out(line):
    fh.write(line + '\n')
out(json.dumps({"type": 5, "t": 1e7, "index": {"a": [[[[[[[[1]]]]]]]]}}))
out(json.dumps({"type": "turn", "index": -3, "t": 9999999.5, "tokens_in": 10**12, "tokens_reasoning": -1}))
out(json.dumps({"type": "tool_call", "name": "n" * (1 << 20), "status": ["ok"], "duration_s": 1e7,
                "input": {"k" * 1000: "v", "": 1, "__proto__": 2, "<b>": 3}, "reasoning": "yes", "subagent": 1,
                "output": "\x1b]8;;http://evil.example/\x1b\\click\x1b]8;;\x1b\\ \r\r\rCR"}))
out('{"type": "usage", "tokens_in": 5, "tokens_in": "dup", "tokens_out": 1.0}')
out('{"type": "text", "text": "\\u0000nul \\ud83d lone </script><!--", "t": -0.0}')
out(json.dumps({"type": "turn", **{f"k{i}": i for i in range(300)}}))
out("\x00" * 100 + "{}")
fh.write('{"type": "turn", "index": 7}\r{"type": "turn", "index": 8}\r')
fh.close()
os.remove(__file__)
'''


def test_events_of_every_wrong_kind_reach_the_page_only_as_escaped_text(tmp_path):
    """Attack E1 (contained): a type that is a number, an index that is nested lists, a negative count, 1 MB
    tool name, a status that is a list, duplicate keys (the last wins, and is checked), a lone surrogate, a NUL,
    `</script><!--`, an OSC 8 hyperlink, 300 keys, CR-only line ends. `run --report` exits 0 with every page;
    each bad figure is unknown and named; the page holds no raw escape, no link to the OSC target, no
    `</script>` but the site's own."""
    root = suite(tmp_path / "suite")
    out = bench(tmp_path, root, sh(put("ev.py", HOSTILE_EVENTS), f"{PY} ev.py", FIX), "--report", tasks=None)
    assert out.proc.returncode == 0, out.describe()
    record = out.graded()
    assert record["outcome"] == "passed", (record["outcome"], record["flags"])
    details = " | ".join(record["flag_details"]["bad_agent_counts"])
    for named in ("usage event tokens_in=dup", "event 1 index=-3", "event 1 tokens_reasoning=-1",
                  "event 2 reasoning=yes", "event 2 subagent=1"):
        assert named in details, (named, details)
    assert record["agent"]["agent_reported"]["turns"] == 4 and record["agent"]["agent_reported"]["tool_calls"] == 1
    site = out.out / "site" / "runs"
    pages = {p.name.rsplit("-", 2)[0]: p.read_text(encoding="utf-8") for p in site.glob("*.html")}
    assert sorted(pages) == ["calib-hello", "fix-add", "fix-max"]
    page = pages["fix-add"]
    assert "\x1b" not in page and 'href="http://evil.example' not in page and "\x00" not in page
    assert page.count("</script>") == 1 and "&lt;/script&gt;&lt;!--" in page
