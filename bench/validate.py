"""validate: load task files, check them against the schema and the suite's rules, emit task records.

    python -m bench.validate tasks/ [--task ID ...] [--out tasks.jsonl]

Every violation is reported, not just the first, as `FILE: field: problem`; any violation means exit 2
and no records, so a broken suite never half-runs.
"""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import yaml

from bench.common import schema
from bench.common.digest import digest_parts
from bench.common.errors import UserError
from bench.common.records import RecordWriter
from bench.common.stage import ArgumentParser, log, run_main

CANARY = "3bc510bb-0dfb-43fa-98a2-fc8ef6ed13b9"
DEFAULT_COMMAND_TIMEOUT_S = 300
DEFAULT_AGENT_TIMEOUT_S = 900
FIX_HINTS = {
    "id": "use lowercase words joined by '-', e.g. fix-median",
    "difficulty": "use easy, medium or hard",
    "category": "use one of bugfix feature refactor test scientific algorithm cli data docs calib",
    "timeout_s": "use a positive number of seconds",
    "max_turns": "use a positive whole number",
}


class TaskProblems:
    """Collects 'FILE: field: problem' lines."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def add(self, file: Path | str, field: str, problem: str) -> None:
        """Record one problem."""
        self.lines.append(f"{file}: {field}: {problem}")


def task_files(paths: Sequence[str]) -> list[Path]:
    """The task files named by `paths` (directories are searched for *.yaml / *.yml, not recursively)."""
    files: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files.extend(sorted([*path.glob("*.yaml"), *path.glob("*.yml")]))
        elif path.is_file():
            files.append(path)
        else:
            raise UserError(f"{path}: no such task file or directory; pass the tasks/ directory")
    if not files:
        raise UserError(f"{', '.join(paths)}: no task files (*.yaml) found; add tasks or pass the tasks/ directory")
    return files


# libyaml's parser where PyYAML was built with it (5x faster), else the pure-Python one: both are safe loaders.
YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _is_local_url(url: str) -> bool:
    return url.startswith("file://") or ("://" not in url and not url.startswith("git@"))


def _local_path(url: str, root: Path) -> Path:
    raw = url[len("file://"):] if url.startswith("file://") else url
    path = Path(raw)
    return path if path.is_absolute() else (root / path)


def load_task(file: Path, problems: TaskProblems) -> dict | None:
    """Parse and check one task file; return its record, or None when it has problems."""
    before = len(problems.lines)
    try:
        text = file.read_text(encoding="utf-8")
        data = yaml.load(text, Loader=YAML_LOADER)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark else "(yaml)"
        problems.add(file, where, f"malformed YAML ({getattr(exc, 'problem', None) or exc}); fix the syntax")
        return None
    except (OSError, UnicodeDecodeError) as exc:
        problems.add(file, "(file)", f"cannot read ({exc})")
        return None
    if not isinstance(data, dict):
        problems.add(file, "(top level)", "a task file must be a mapping of fields (id, title, prompt, ...)")
        return None
    for line in schema.problems(data, "task"):
        field = line.split(":", 1)[0]
        hint = FIX_HINTS.get(field.split(".")[-1].split("[")[0])
        problems.add(file, field, line.split(": ", 1)[1] + (f"; {hint}" if hint else ""))
    if len(problems.lines) > before:
        return None
    root = file.resolve().parent.parent
    if data["id"] != file.stem:
        problems.add(file, "id", f"{data['id']!r} does not match the file name; rename the file to {data['id']}.yaml or fix the id")
    repo = dict(data["repo"])
    digest_inputs: list[tuple[str, Path | bytes]] = [("task", text.encode())]
    if repo["type"] == "fixture":
        if "path" not in repo:
            problems.add(file, "repo.path", "a fixture task needs repo.path (e.g. fixtures/<id>)")
        else:
            fixture = (root / repo["path"]).resolve()
            if not fixture.is_dir():
                problems.add(file, "repo.path", f"fixture directory {repo['path']} does not exist; create it or fix the path")
            else:
                repo["path"] = str(fixture)
                digest_inputs.append(("fixture", fixture))
    else:
        for key in ("url", "ref"):
            if key not in repo:
                problems.add(file, f"repo.{key}", f"a git task needs repo.{key}")
        if "url" in repo and _is_local_url(repo["url"]):
            local = _local_path(repo["url"], root).resolve()
            if not local.exists():
                problems.add(file, "repo.url", f"local repository {repo['url']} does not exist")
            else:
                repo["url"] = str(local)
                digest_inputs.append(("git", local))
    heldout = None
    if "heldout" in data:
        heldout = dict(data["heldout"])
        path = (root / heldout["path"]).resolve()
        if not path.is_dir():
            problems.add(file, "heldout.path", f"held-out directory {heldout['path']} does not exist")
        else:
            heldout["path"] = str(path)
            heldout.setdefault("timeout_s", DEFAULT_COMMAND_TIMEOUT_S)
            digest_inputs.append(("heldout", path))
    solution = None
    if "solution" in data:
        solution_path = (root / data["solution"]).resolve()
        if not solution_path.is_file():
            problems.add(file, "solution", f"solution patch {data['solution']} does not exist; add it or remove the field")
        else:
            solution = str(solution_path)
            digest_inputs.append(("solution", solution_path))
    if CANARY not in text:
        log(f"warning: {file}: canary: the suite canary GUID {CANARY} is missing (see README)")
    if len(problems.lines) > before:
        return None
    overfit = Path(solution).with_name(f"{data['id']}.overfit.patch") if solution else None
    oracle = dict(data["oracle"])
    oracle.setdefault("timeout_s", DEFAULT_COMMAND_TIMEOUT_S)
    return {
        "schema": "localagentbench/task@1",
        "id": data["id"], "title": data["title"], "difficulty": data["difficulty"],
        "category": data["category"], "language": data["language"], "prompt": data["prompt"],
        "repo": repo, "oracle": oracle, "heldout": heldout, "solution": solution,
        "overfit_demo": str(overfit) if overfit and overfit.is_file() else None,
        "timeout_s": data.get("timeout_s", DEFAULT_AGENT_TIMEOUT_S), "max_turns": data.get("max_turns"),
        "tags": data.get("tags", []),
        "digest": digest_parts(digest_inputs),
        "source_file": str(file.resolve()), "suite_root": str(root),
    }


def check_separation(records: list[dict], problems: TaskProblems) -> None:
    """Held-out tests and solutions must live outside every fixture tree, or the agent could read them."""
    fixtures = {Path(r["repo"]["path"]): Path(r["repo"]["path"]).resolve() for r in records if r["repo"]["type"] == "fixture"}
    for record in records:
        hidden = [("heldout.path", record["heldout"]["path"])] if record["heldout"] else []
        hidden += [("solution", record["solution"])] if record["solution"] else []
        for field, raw in hidden:
            where = Path(raw).resolve()
            for fixture, resolved in fixtures.items():
                if where.is_relative_to(resolved) or resolved.is_relative_to(where):
                    problems.add(record["source_file"], field,
                                 f"{raw} overlaps fixture {fixture}; move it out of the fixture tree (e.g. heldout/<id>/)")


def validate(paths: Sequence[str], only: Sequence[str] = ()) -> tuple[list[dict], list[str]]:
    """Check every task file under `paths`; return (task records, problem lines)."""
    problems = TaskProblems()
    records: list[dict] = []
    seen: dict[str, Path] = {}
    for file in task_files(paths):
        record = load_task(file, problems)
        if record is None:
            continue
        if record["id"] in seen:
            problems.add(file, "id", f"{record['id']!r} is already used by {seen[record['id']]}; ids must be unique")
            continue
        seen[record["id"]] = file
        records.append(record)
    check_separation(records, problems)
    if only:
        unknown = sorted(set(only) - set(seen))
        if unknown:
            problems.add(", ".join(paths), "--task", f"no task with id {', '.join(unknown)}; see `localagentbench list-tasks`")
        records = [r for r in records if r["id"] in set(only)]
    for record in records:
        schema.check(record, "task-record", where=record["source_file"])
    return records, problems.lines


def _main(argv: Sequence[str]) -> int:
    parser = ArgumentParser(prog="python -m bench.validate", description=__doc__.split("\n")[0])
    parser.add_argument("paths", nargs="*", default=["tasks"], help="task files or directories (default: tasks)")
    parser.add_argument("--task", action="append", default=[], help="only this task id (repeatable)")
    parser.add_argument("--out", default="-", help="where to write task records as JSON Lines (default: stdout)")
    args = parser.parse_args(argv)
    records, problems = validate(args.paths, args.task)
    if problems:
        for line in problems:
            log(line)
        log(f"error: {len(problems)} problem(s) in the task files; nothing emitted")
        return 2
    with RecordWriter(args.out) as out:
        for record in records:
            out.write(record)
    log(f"validate: {len(records)} task(s) ok")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: `python -m bench.validate`."""
    return run_main(_main, argv)


if __name__ == "__main__":
    raise SystemExit(main())
