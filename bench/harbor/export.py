"""`localagentbench export harbor TASKS_DIR --out DIR`: this project's tasks written as Harbor tasks.

Each task becomes DIR/<id>/ in Harbor's layout (harbor.models.task.Task reads it):

    task.toml          schema 1.4; [metadata] difficulty, category, tags; [metadata.localagentbench] what the
                       harness needs back on import (id, title, language, the visible commands and their timeout,
                       max_turns, canary); [agent].timeout_sec = timeout_s; [verifier].timeout_sec = the grading
                       commands' timeouts summed
    instruction.md     the prompt (after the canary line, as an HTML comment Harbor strips)
    environment/       Dockerfile (FROM an image of the task's language, WORKDIR /app, COPY app/ /app/, the setup
                       commands as RUN lines) and app/: the task's starting tree
    tests/test.sh      the visible commands, then the held-out ones with the held-out files laid where this
                       harness lays them (a mutation task's candidates written over its module one by one); writes
                       1 to /logs/verifier/reward.txt when every one passes, else 0
    tests/heldout/     the held-out files
    solution/solve.sh  the reference patch's result: its files copied over /app, the files it deletes removed

A git task's tree is its pinned commit's. Nothing is written when a task cannot be exported; one line says why.
"""
from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path, PurePosixPath

from bench.common.errors import UserError
from bench.common.stage import log
from bench.exec import safefs

WORKDIR = "/app"
# The image each language's tasks name (Harbor builds it; `import harbor` reads it back as the host toolchains).
IMAGES = {"python": "python:3.11-slim", "go": "golang:1.24", "rust": "rust:1.85", "javascript": "node:22",
          "typescript": "node:22", "java": "eclipse-temurin:21", "cpp": "gcc:14"}
PYTHON_TEST_TOOLS = ("pytest",)


def toml_value(value) -> str:
    """A TOML value for a str, number, bool or list of them (JSON's string escapes are TOML's basic strings')."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(float(value)) if isinstance(value, float) else str(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return json.dumps(str(value), ensure_ascii=True)


def canary_of(task: dict) -> str | None:
    """The task file's canary GUID (the task record leaves it out)."""
    import yaml
    data = yaml.safe_load(Path(task["source_file"]).read_text(encoding="utf-8"))
    return data.get("canary") if isinstance(data, dict) else None


def task_toml(task: dict, verifier_timeout: float) -> str:
    """task.toml for a task record."""
    ours = {"id": task["id"], "title": task["title"], "language": task["language"],
            "visible_command": task["oracle"]["command"], "visible_timeout_s": float(task["oracle"]["timeout_s"])}
    held = task.get("heldout")
    if held and not held.get("mutation"):
        ours["heldout_into"] = held.get("into", "heldout")
    if task.get("max_turns"):
        ours["max_turns"] = task["max_turns"]
    canary = canary_of(task)
    if canary:
        ours["canary"] = canary
    lines = ['schema_version = "1.4"', "", "[task]", f"name = {toml_value('localagentbench/' + task['id'])}",
             f"description = {toml_value(task['title'])}", "", "[metadata]",
             f"difficulty = {toml_value(task['difficulty'])}", f"category = {toml_value(task['category'])}",
             f"tags = {toml_value(task.get('tags') or [])}", "", "[metadata.localagentbench]"]
    lines += [f"{key} = {toml_value(value)}" for key, value in ours.items()]
    lines += ["", "[verifier]", f"timeout_sec = {float(verifier_timeout)!r}", "", "[agent]",
              f"timeout_sec = {float(task['timeout_s'])!r}", "", "[environment]", "build_timeout_sec = 600.0", ""]
    return "\n".join(lines)


def dockerfile(task: dict) -> str:
    """environment/Dockerfile: the language's image, the starting tree at /app, the setup commands."""
    lines = [f"FROM {IMAGES.get(task['language'], 'python:3.11-slim')}", ""]
    if task["language"] == "python":
        lines += [f"RUN pip install --no-cache-dir {' '.join(PYTHON_TEST_TOOLS)}", ""]
    lines += [f"WORKDIR {WORKDIR}", "", f"COPY app/ {WORKDIR}/"]
    lines += [f"RUN {command}" for command in (task.get("setup") or {}).get("command", [])]
    return "\n".join(lines) + "\n"


def _step(command: str, timeout: float) -> str:
    return f"timeout {int(timeout) or 1} sh -c {shlex.quote(command)} || ok=0"


def test_sh(task: dict) -> str:
    """tests/test.sh: the task's grading as one script that writes Harbor's reward."""
    held = task.get("heldout")
    lines = ["#!/bin/bash", f"# LocalAgentBench task {task['id']}, written by `localagentbench export harbor`: the "
             "visible test", "# commands, then the held-out ones as the harness lays them; reward 1 when all pass.",
             "mkdir -p /logs/verifier", "echo 0 > /logs/verifier/reward.txt", f"cd {WORKDIR} || exit 0", "ok=1"]
    visible = task["oracle"]
    lines += [_step(c, visible["timeout_s"]) for c in visible["command"]]
    if held and held.get("mutation"):
        mutation, module = held["mutation"], shlex.quote(held["mutation"]["module"])
        lines += [f"cp -p {module} /tmp/lab-module-under-test", "total=0", "caught=0"]
        for group, want in ((mutation.get("correct", "correct"), "pass"), (mutation.get("mutants", "mutants"), "fail")):
            suffix = PurePosixPath(mutation["module"]).suffix   # roman.py's candidates are *.py, counter.go's *.go
            lines += [f"for candidate in /tests/heldout/{shlex.quote(group)}/*{suffix}; do",
                      f"  cp \"$candidate\" {module}", "  passed=1"]
            lines += ["  " + _step(c, held.get("timeout_s", 60)).replace("ok=0", "passed=0") for c in held["command"]]
            if want == "fail":
                lines += ["  total=$((total + 1))", "  [ \"$passed\" = 0 ] && caught=$((caught + 1))"]
            lines += [f"  [ \"$passed\" = {'1' if want == 'pass' else '0'} ] || {{ echo \"$candidate: tests did not "
                      f"{want}\"; ok=0; }}", "done"]
        # the line verify reads a test-writing task's mutant counts from (oracle.mutant_counts)
        lines += [f"cp -p /tmp/lab-module-under-test {module}",
                  'echo "{\\"mutants_total\\": $total, \\"mutants_caught\\": $caught}"']
    elif held:
        # Each held-out file copied unless the same file is already there: the harness, importing this task back,
        # lays them itself, read-only. A heldout/ the change made is removed first (where it can be).
        lines += ["lay() {", "  (cd /tests/heldout && find . -type f) | while read -r f; do",
                  '    cmp -s "/tests/heldout/$f" "$1/$f" || { mkdir -p "$(dirname "$1/$f")" && '
                  'cp "/tests/heldout/$f" "$1/$f"; } || ok=0', "  done", "}"]
        if held.get("into", "heldout") == "root":
            lines += ["lay ."]
        else:
            lines += ["rm -rf ./heldout 2>/dev/null", "lay ./heldout"]
        lines += [_step(c, held.get("timeout_s", 60)) for c in held["command"]]
    lines += ['echo "$ok" > /logs/verifier/reward.txt', ""]
    return "\n".join(lines)


def solve_sh(deleted: list[str]) -> str:
    """solution/solve.sh: the solution's files over /app, the files it deletes removed."""
    lines = ["#!/bin/bash", "# The reference solution, written by `localagentbench export harbor`.", "set -e",
             f"cd {WORKDIR}", "cp -R /solution/files/. ./"]
    lines += [f"rm -f -- {shlex.quote(rel)}" for rel in deleted]
    return "\n".join(lines) + "\n"


def _git(*args: str, cwd: Path, stdin: bytes | None = None) -> None:
    done = subprocess.run(["git", "-c", "core.hooksPath=/dev/null", *args], cwd=cwd, input=stdin,
                          capture_output=True)
    if done.returncode:
        raise UserError(f"git {args[0]} in {cwd}: {done.stderr.decode(errors='replace').strip()[:300]}")


def starting_tree(task: dict, dest: Path) -> None:
    """The task's starting tree into `dest` (a fixture's files, or a git task's pinned commit)."""
    repo = task["repo"]
    if repo["type"] == "fixture":
        shutil.copytree(repo["path"], dest, symlinks=True, ignore=shutil.ignore_patterns(".git"))
        return
    dest.mkdir(parents=True)
    with tempfile.TemporaryDirectory(prefix="lab-export-") as tmp:
        _git("clone", "--quiet", "--no-checkout", repo["url"], "repo", cwd=Path(tmp))
        _git(f"--work-tree={dest.resolve()}", "checkout", "--quiet", repo.get("commit") or repo["ref"], "--", ".",
             cwd=Path(tmp) / "repo")


def solution_files(task: dict, tree: Path, files: Path) -> list[str]:
    """The reference patch applied to a copy of `tree`: its changed and added files into `files`, the paths it
    deletes returned."""
    with tempfile.TemporaryDirectory(prefix="lab-export-") as tmp:
        after = Path(tmp) / "after"
        shutil.copytree(tree, after, symlinks=True)
        _git("init", "--quiet", cwd=after)
        _git("apply", "--whitespace=nowarn", "-", cwd=after, stdin=Path(task["solution"]).read_bytes())
        shutil.rmtree(after / ".git")
        before, now = safefs.scan(tree).files, safefs.scan(after).files
        for rel in sorted(now):
            data = (after / rel).read_bytes()
            if rel not in before or (tree / rel).read_bytes() != data or before[rel] != now[rel]:
                (files / rel).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(after / rel, files / rel)
        return sorted(set(before) - set(now))


def refusal(task: dict) -> str | None:
    """Why a task cannot be written as a Harbor task, or None."""
    if task.get("visible") == "all":
        return "run in --visible all mode; export the split form"
    for command in (task.get("setup") or {}).get("command", []):
        # A Dockerfile instruction ends at its line's end and continues past a trailing backslash: a setup command
        # spanning lines would write Dockerfile instructions of its own (USER, ADD of a URL) after its RUN.
        if len(command.splitlines()) > 1 or command.rstrip().endswith("\\"):
            return (f"setup command {command[:80]!r} spans lines; a Dockerfile RUN line holds one line (join it "
                    "with && or put it in a script)")
    return None


def export_task(task: dict, out: Path) -> Path:
    """Write one task record as the Harbor task out/<id>/; returns that directory."""
    why = refusal(task)
    if why:
        raise UserError(f"{task['source_file']}: {why}")
    dest = out / task["id"]
    if dest.exists():
        raise UserError(f"{dest} exists; remove it or choose another --out")
    staging = out / f".{task['id']}.partial"
    shutil.rmtree(staging, ignore_errors=True)
    try:
        (staging / "environment").mkdir(parents=True)
        starting_tree(task, staging / "environment" / "app")
        held = task.get("heldout")
        timeout = task["oracle"]["timeout_s"] * len(task["oracle"]["command"])
        if held:
            runs = 1
            if held.get("mutation"):
                runs = sum(1 for _ in Path(held["path"]).rglob("*.py"))
            timeout += held.get("timeout_s", 60) * len(held["command"]) * max(runs, 1)
            shutil.copytree(held["path"], staging / "tests" / "heldout", symlinks=True)
        else:
            (staging / "tests").mkdir()
        (staging / "task.toml").write_text(task_toml(task, timeout), encoding="utf-8")
        canary = f"<!-- LocalAgentBench canary GUID {canary_of(task)} -->\n\n" if canary_of(task) else ""
        (staging / "instruction.md").write_text(canary + task["prompt"], encoding="utf-8")
        (staging / "environment" / "Dockerfile").write_text(dockerfile(task), encoding="utf-8")
        (staging / "tests" / "test.sh").write_text(test_sh(task), encoding="utf-8")
        (staging / "tests" / "test.sh").chmod(0o755)
        if task.get("solution"):
            files = staging / "solution" / "files"
            files.mkdir(parents=True)
            deleted = solution_files(task, staging / "environment" / "app", files)
            (staging / "solution" / "solve.sh").write_text(solve_sh(deleted), encoding="utf-8")
            (staging / "solution" / "solve.sh").chmod(0o755)
        staging.rename(dest)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return dest


def export_suite(tasks: list[dict], out: Path) -> list[dict]:
    """Export every task record into `out`; one result per task."""
    out.mkdir(parents=True, exist_ok=True)
    return [{"id": task["id"], "harbor_task": str(export_task(task, out))} for task in tasks]


def main(argv, load_tasks) -> int:
    """`export harbor TASKS_DIR --out DIR` (argv after `harbor`); `load_tasks`: engine.load_tasks."""
    from bench.common.stage import ArgumentParser
    parser = ArgumentParser(prog="localagentbench export harbor",
                            description="Write this project's tasks as Harbor tasks (task.toml, instruction.md, "
                                        "environment/, tests/test.sh, solution/solve.sh).")
    parser.add_argument("tasks", nargs="?", default="tasks", help="the suite's tasks directory (default: tasks)")
    parser.add_argument("--task", action="append", default=[], help="only this task id (repeatable)")
    parser.add_argument("--out", required=True, help="the directory the Harbor tasks are written into")
    args = parser.parse_args(argv)
    tasks, problems = load_tasks([args.tasks], args.task)
    if problems:
        for line in problems:
            log(line)
        raise UserError(f"{len(problems)} problem(s) in the task files; nothing was exported")
    results = export_suite(tasks, Path(args.out))
    for result in results:
        print(json.dumps(result))
    log(f"export harbor: {len(results)} task(s) written to {args.out}")
    sys.stdout.flush()
    return 0
