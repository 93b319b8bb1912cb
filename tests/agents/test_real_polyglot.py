"""The real aider and opencode CLIs solve one polyglot exercise per language through the harness, as a user runs
it (`run --tasks suites/polyglot/tasks --task ID`), against the scripted model server.

The scripted model answers with the track's example solution, taken from the suite's own reference patch applied
to a copy of the fixture (not written here): aider as one SEARCH/REPLACE block per file whose SEARCH is the whole
stub, opencode as one `write` call per file. The run must pass both grading phases, visible and held-out, graded
in the sandbox `auto` picks with the language's real toolchain.

    pytest -m integration tests/agents/test_real_polyglot.py
"""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from real_cli import GIT_ENV, REPO, need_agent, run_through_harness

pytestmark = pytest.mark.integration

SUITE = REPO / "suites" / "polyglot"
# One exercise per language, each with a single solution file.
EXERCISES = ["python-book-store", "go-bowling", "rust-acronym", "cpp-linked-list", "javascript-book-store",
             "java-book-store"]


def reference_files(task_id: str, scratch: Path) -> dict[str, tuple[str, str]]:
    """{path: (stub text, solution text)} for each file the task's reference patch changes."""
    work = scratch / f"ref-{task_id}"
    shutil.copytree(SUITE / "fixtures" / task_id, work)
    patch = (SUITE / "solutions" / f"{task_id}.patch").read_text()
    paths = re.findall(r"^diff --git a/(\S+) b/", patch, flags=re.M)
    before = {p: (work / p).read_text() if (work / p).exists() else "" for p in paths}
    subprocess.run(["git", "apply", "--whitespace=nowarn", "-"], cwd=work, input=patch, text=True, check=True,
                   env={**GIT_ENV, "PATH": "/usr/bin:/bin"})
    return {p: (before[p], (work / p).read_text()) for p in paths}


def _line_ended(text: str) -> str:
    # a stub without a final newline (some Java and C++ ones) would run into aider's `=======` divider
    return text if not text or text.endswith("\n") else text + "\n"


def aider_script(model: str, files: dict[str, tuple[str, str]]) -> dict:
    blocks = "\n".join(f"{path}\n```\n<<<<<<< SEARCH\n{_line_ended(old)}=======\n"
                       f"{_line_ended(new)}>>>>>>> REPLACE\n```\n" for path, (old, new) in files.items())
    # aider's request carries its own few-shot assistant messages, so the turn index cannot pick the first call;
    # the edit answers any request but aider's follow-up after it lints the edited file (linter.py's header),
    # which gets a reply with no edit, instead of the same SEARCH again, which would no longer match
    return {"models": {model: {"context_length": 32768,
                               "replies": [{"content": f"Here is the implementation.\n\n{blocks}",
                                            "when": {"not_contains": "# Fix any errors below"}}],
                               "final": {"content": "The implementation is complete."}}}}


def opencode_script(model: str, files: dict[str, tuple[str, str]]) -> dict:
    writes = [{"name": "write", "arguments": {"filePath": path, "content": new}} for path, (_, new) in files.items()]
    return {"models": {model: {"context_length": 32768,
                               "turns": [{"content": "I'll write the solution.", "tool_calls": writes},
                                         {"content": "Implemented the exercise."}],
                               "final": "Done."}}}


@pytest.mark.parametrize("agent, script_of", [
    pytest.param("aider", aider_script, marks=need_agent("aider"), id="aider"),
    pytest.param("opencode", opencode_script, marks=need_agent("opencode"), id="opencode"),
])
@pytest.mark.parametrize("task_id", EXERCISES)
def test_the_real_agent_solves_a_polyglot_exercise(tmp_path, agent, script_of, task_id):
    files = reference_files(task_id, tmp_path)
    model = f"polyglot-{task_id}"
    run = run_through_harness(tmp_path, agent, f"ollama/{model}", task_id, script=script_of(model, files),
                              tasks_dir=SUITE / "tasks", timeout=900)
    assert run.record is not None, run.stderr_tail()
    record = run.record
    assert record["outcome"] == "passed", (record["outcome"], run.stderr_tail())
    assert record["oracle"]["passed"] and record["heldout"] and record["heldout"]["passed"]
    assert record["agent"]["tool_calls"] >= len(files)
    assert record["agent"]["failed_tool_calls"] == 0
    assert record["task"]["language"] == task_id.split("-", 1)[0]
