"""validate: load task files, check them against the schema and the suite's rules, emit task records.

    python -m bench.validate tasks/ [--task ID ...] [--out tasks.jsonl]

Every violation is reported, not just the first, as `FILE: field: problem`; any violation means exit 2
and no records, so a broken suite never half-runs.
"""
from __future__ import annotations

import difflib
import math
import os
import stat
from collections.abc import Sequence
from pathlib import Path, PurePosixPath

import yaml

from bench import languages
from bench.common import heldout as layout
from bench.common import schema, untrusted, verified
from bench.common.digest import digest_parts
from bench.common.errors import UserError
from bench.common.records import RecordWriter
from bench.common.stage import ArgumentParser, log, run_main
from bench.exec import safefs
from bench.exec.git import TaskSetupError, local_repository_problem, resolve_ref

CANARY = "3bc510bb-0dfb-43fa-98a2-fc8ef6ed13b9"
DEFAULT_COMMAND_TIMEOUT_S = 300
DEFAULT_AGENT_TIMEOUT_S = 900
# Suites come from the internet: a task file is untrusted input, so what it may cost to read is bounded.
MAX_TASK_FILE_BYTES = 1 << 20
MAX_YAML_DEPTH = 32  # a task file nests three deep; libyaml's composer recurses in C and crashes far deeper
MAX_TIMEOUT_S = 86400
MAX_TURNS = 100000
FIX_HINTS = {
    "id": "use lowercase words joined by '-', e.g. fix-median (at most 100 characters)",
    "difficulty": "use easy, medium or hard",
    "category": "use one of bugfix feature refactor test scientific algorithm cli data docs calib",
    "timeout_s": f"use a positive number of seconds, at most {MAX_TIMEOUT_S} (a day)",
    "max_turns": f"use a whole number from 1 to {MAX_TURNS}",
    "prompt": "write the request as text of at most 200000 characters",
    "command": "use 1 to 50 non-empty shell command lines of at most 10000 characters each",
    "setup": "write it as a mapping: command: (a list of shell command lines) and, optionally, timeout_s:",
    "problem": "use nop_passes (the untouched fixture passes) or reference_fails (the reference cannot pass here)",
    "reason": "say in one line of text why the task is kept though verify finds it unfair",
    "known_gap": "write it as a mapping: problem: nop_passes or reference_fails, and reason: one line of text",
    "into": "use heldout (the default: the held-out files land in heldout/ of the grading copy) or root (laid over "
            "the copy's root)",
}
ALIASES = "YAML anchors and aliases are not allowed in task files; write the values out"
# Where the examples in 'points outside the suite directory' errors put each kind of file.
PLACES = {"repo.path": "fixtures/{id}", "repo.url": "fixtures/{id}.bundle", "heldout.path": "heldout/{id}",
          "visible_all.path": "upstream/{id}", "solution": "solutions/{id}.patch"}
# `--visible`: which tests the agent sees. split (the default): the fixture's visible part, the held-out part graded
# after the agent stops; all: the task's full tests (visible_all), nothing held out.
VISIBLE_MODES = ("split", "all")


class TaskProblems:
    """Collects 'FILE: field: problem' lines."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.files: list[str] = []   # the file of each line, in the same order
        self.ids: dict[str, str] = {}   # file -> the id it declares, where it could be read
        self.no_canary: list[Path] = []  # task files without the canary GUID: one warning for all (validate)

    def add(self, file: Path | str, field: str, problem: str) -> None:
        """Record one problem."""
        self.lines.append(f"{file}: {field}: {problem}")
        self.files.append(str(file))

    def names(self, file: str) -> set[str]:
        """The task ids a file stands for: its name (an id must match it) and the id it declares."""
        return {Path(file).stem, *([self.ids[file]] if file in self.ids else [])}


def task_files(paths: Sequence[str], option: str | None = None) -> list[Path]:
    """The task files named by `paths` (directories are searched for *.yaml / *.yml, not recursively).

    `option`: how the user names the suite where it is an option (the commands' `--tasks DIR`), for the fix."""
    files: list[Path] = []
    fix = f"pass {option}, the suite's tasks/ directory" if option else "pass the tasks/ directory"
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files.extend(sorted([*path.glob("*.yaml"), *path.glob("*.yml")]))
        elif path.is_file():
            files.append(path)
        else:
            here = "" if path.is_absolute() else f" (looked in {Path.cwd()})"
            raise UserError(f"{path}: no such task file or directory{here}; {fix}")
    if not files:
        raise UserError(f"{', '.join(paths)}: no task files (*.yaml) found; add tasks or {fix}")
    return files


# libyaml's parser where PyYAML was built with it (5x faster), else the pure-Python one: both are safe loaders.
YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _is_local_url(url: str) -> bool:
    return url.startswith("file://") or ("://" not in url and not url.startswith("git@"))


def _local_raw(url: str) -> str:
    return url[len("file://"):] if url.startswith("file://") else url


def _yaml_shape(text: str) -> str | None:
    """Why `text` must not be built into Python objects, or None: the events are scanned first, since an alias
    bomb costs nothing to parse but explodes wherever its value is walked, and deep nesting crashes libyaml; a key
    written twice in one mapping is refused too (once the text has parsed: a syntax error is said first)."""
    depth = 0
    # Each open collection: a mapping's keys so far and whether its next node is a key (None for a sequence). YAML
    # keeps the last of two equal keys without a word: a field written twice must be said, not half-applied.
    open_: list[list | None] = []
    twice = None
    for event in yaml.parse(text, Loader=YAML_LOADER):
        if getattr(event, "anchor", None) is not None:  # AliasEvent and every node event that names an anchor
            return ALIASES
        top = open_[-1] if open_ else None
        if isinstance(event, yaml.ScalarEvent) and top is not None:
            if top[1] and event.value in top[0] and twice is None:   # said after the whole text parsed
                twice = (f"line {event.start_mark.line + 1}: {event.value!r} is written twice in one mapping (YAML "
                         "would keep the last without a word); keep one")
            if top[1]:
                top[0].add(event.value)
            top[1] = not top[1]
        if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
            if top is not None:
                top[1] = not top[1]   # this collection is the mapping's value (or, rarely, a complex key)
            open_.append([set(), True] if isinstance(event, yaml.MappingStartEvent) else None)
            depth += 1
            if depth > MAX_YAML_DEPTH:
                return f"nested deeper than {MAX_YAML_DEPTH} levels; a task file needs three at most"
        elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
            open_.pop()
            depth -= 1
    return twice


def _read_yaml(file: Path, problems: TaskProblems) -> tuple[str, object] | None:
    """The text and parsed data of a task file, or None with the reason recorded."""
    try:
        # A FIFO would block the read forever and a device never end: only regular files of bounded size.
        info = file.stat()
        if not stat.S_ISREG(info.st_mode):
            problems.add(file, "(file)", "not a regular file; a task file is a plain *.yaml file")
            return None
        if info.st_size > MAX_TASK_FILE_BYTES:
            problems.add(file, "(file)", f"{info.st_size} bytes is too large; a task file may be at most "
                                         f"{MAX_TASK_FILE_BYTES} bytes (keep big content in the fixture)")
            return None
        text = file.read_text(encoding="utf-8")
        shape = _yaml_shape(text)
        if shape:
            problems.add(file, "(yaml)", shape)
            return None
        return text, yaml.load(text, Loader=YAML_LOADER)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark else "(yaml)"
        problems.add(file, where, f"malformed YAML ({getattr(exc, 'problem', None) or exc}); fix the syntax")
    except (OSError, UnicodeDecodeError) as exc:
        problems.add(file, "(file)", f"cannot read ({exc})")
    except ValueError as exc:  # an integer of thousands of digits, a date that does not exist
        reason = str(exc).split(":")[0]
        problems.add(file, "(yaml)", f"a value cannot be read ({reason}); fix it or quote it as a string")
    return None


def _odd_values(data: object, problems: TaskProblems, file: Path, where: str = "") -> None:
    """Non-string keys (the schema check cannot report them) and NUL characters (no path or command takes one)."""
    if isinstance(data, dict):
        for key, value in data.items():
            if not isinstance(key, str):
                problems.add(file, where or "(top level)", f"key {key!r} is not a string; field names are words")
                continue
            _odd_values(value, problems, file, f"{where}.{key}" if where else key)
    elif isinstance(data, list):
        for i, value in enumerate(data):
            _odd_values(value, problems, file, f"{where}[{i}]")
    elif isinstance(data, str) and "\0" in data:
        problems.add(file, where, "contains a NUL character; remove it")


def _number_problems(data: dict, problems: TaskProblems, file: Path) -> None:
    """What the schema cannot say: NaN passes every numeric bound, and 10.0 counts as a JSON integer."""
    for field, section in (("timeout_s", data), ("oracle.timeout_s", data.get("oracle")),
                           ("heldout.timeout_s", data.get("heldout")), ("setup.timeout_s", data.get("setup"))):
        value = section.get("timeout_s") if isinstance(section, dict) else None
        if value is None:
            continue
        if (isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value)
                or not 0 < value <= MAX_TIMEOUT_S):
            problems.add(file, field, f"{value!r} is not a number of seconds; {FIX_HINTS['timeout_s']}")
    turns = data.get("max_turns")
    if turns is not None and (type(turns) is not int or not 1 <= turns <= MAX_TURNS):
        problems.add(file, "max_turns", f"{turns!r} is not a whole number of turns; {FIX_HINTS['max_turns']}")


def _short(message: str, limit: int = 240) -> str:
    """A schema message cut in the middle: 'too long' errors quote the whole oversized value."""
    return message if len(message) <= limit else f"{message[:limit // 2]} ... {message[-limit // 2:]}"


def _in_suite(raw: str, field: str, root: Path, file: Path, task_id: str, problems: TaskProblems,
              written: str | None = None) -> Path | None:
    """`raw` (a path from the task file, `written` there) resolved against the suite root, or None (recorded) when
    it is absolute, climbs with '..' or leads outside the root through a symlink: a suite must not reach the host."""
    path, written = Path(raw), written or raw
    try:
        resolved = (root / path).resolve()
    except (OSError, RuntimeError) as exc:  # a symlink loop
        problems.add(file, field, f"{written!r} cannot be resolved ({exc}); fix the path")
        return None
    if path.is_absolute() or ".." in path.parts or not resolved.is_relative_to(root):
        example = PLACES[field].format(id=task_id)
        problems.add(file, field, f"{written!r} points outside the suite directory {root}; keep fixtures, held-out "
                                  f"tests and solutions inside it (e.g. {example})")
        return None
    return resolved


def _links_out(tree: Path, raw: str, field: str, file: Path, problems: TaskProblems,
               bound: Path | None = None) -> bool:
    """Record every symlink under `tree` whose target is outside `bound` (default: the tree itself); True when
    there is none. A held-out tree is copied through its links, so one out of the suite brings host files in; a
    fixture is copied with its links, so even one to the suite's held-out tests would show them to the agent."""
    bound = bound or tree
    limit = raw if bound == tree else f"the suite directory {bound}"
    clean, stack = True, [tree]
    while stack:
        top = stack.pop()
        try:
            with os.scandir(top) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError as exc:
            shown = Path(raw) / top.relative_to(tree)
            problems.add(file, field, f"cannot read {shown} ({exc.strerror}); fix its permissions")
            return False
        for entry in entries:
            if not untrusted.utf8_name(entry.name):  # records, rules and diffs name files as text
                shown = os.fsencode(Path(raw) / Path(entry.path).relative_to(tree)).decode("utf-8", "backslashreplace")
                problems.add(file, field, f"{shown}: the file name is not valid UTF-8; rename it")
                clean = False
                continue
            if entry.is_dir(follow_symlinks=False):  # a linked directory is checked below, never entered
                stack.append(Path(entry.path))
                continue
            if not entry.is_symlink():
                continue
            path = Path(entry.path)
            try:
                target = path.resolve()
            except (OSError, RuntimeError):  # a symlink loop
                target = Path(os.readlink(path))
            if not target.is_relative_to(bound):
                shown = Path(raw) / path.relative_to(tree)
                problems.add(file, field, f"{shown} is a symlink to {target}, outside {limit}; replace it with "
                                          f"the file itself or a link that stays inside {limit}")
                clean = False
    return clean


def _fields(file: Path, problems: TaskProblems) -> tuple[str, dict] | None:
    """The task file's text and fields, or None with the problems added: YAML, shape, schema, numbers."""
    before = len(problems.lines)
    loaded = _read_yaml(file, problems)
    if loaded is None:
        return None
    text, data = loaded
    if not isinstance(data, dict):
        problems.add(file, "(top level)", "a task file must be a mapping of fields (id, title, prompt, ...)")
        return None
    _odd_values(data, problems, file)
    if len(problems.lines) > before:
        return None
    for line in schema.problems(data, "task"):
        field = line.split(":", 1)[0]
        hint = FIX_HINTS.get(field.split(".")[-1].split("[")[0])
        problems.add(file, field, _short(line.split(": ", 1)[1]) + (f"; {hint}" if hint else ""))
    if len(problems.lines) > before:
        return None
    _number_problems(data, problems, file)
    _command_problems(data, problems, file)
    return None if len(problems.lines) > before else (text, data)


def _command_problems(data: dict, problems: TaskProblems, file: Path) -> None:
    """Grading commands that, as written, can never show the runner's summary their language's grading reads
    (Profile.command_problem: `go test` without -v)."""
    profile = languages.profile_of(data["language"])
    for section in ("oracle", "heldout"):
        for i, command in enumerate((data.get(section) or {}).get("command", ())):
            problem = profile.command_problem(command)
            if problem:
                problems.add(file, f"{section}.command[{i}]", problem)


Digest = list[tuple[str, "Path | bytes"]]


def _fixture_repo(repo: dict, file: Path, task_id: str, root: Path, problems: TaskProblems, digest: Digest) -> None:
    """A fixture task's repo section: its directory inside the suite, no link out of it; into the digest."""
    if "path" not in repo:
        problems.add(file, "repo.path", "a fixture task needs repo.path (e.g. fixtures/<id>)")
        return
    fixture = _in_suite(repo["path"], "repo.path", root, file, task_id, problems)
    if fixture is None:
        return
    if not fixture.is_dir():
        problems.add(file, "repo.path", f"fixture directory {repo['path']} does not exist; create it or fix the path")
    elif _links_out(fixture, repo["path"], "repo.path", file, problems):
        repo["path"] = str(fixture)
        digest.append(("fixture", fixture))


ALLOW_LOCAL_OPTION = "--allow-local-repos"


def _local_repo(raw: str, written: str, file: Path, allow_local: bool, problems: TaskProblems) -> Path | None:
    """A local repository named by absolute path or file:// URL (`written`), or None (recorded): only with the
    user's --allow-local-repos, and only the repository itself, never a symlink that leads elsewhere."""
    if not allow_local:
        problems.add(file, "repo.url", f"{written!r} names a local repository by absolute path; pass "
                                       f"{ALLOW_LOCAL_OPTION} to allow it, or keep it inside the suite "
                                       "(e.g. fixtures/<id>.bundle)")
        return None
    real = Path(os.path.realpath(raw))
    if real != Path(os.path.normpath(raw)):
        problems.add(file, "repo.url", f"{written!r} leads through a symlink to {real}; name the repository itself")
        return None
    return real


def _git_repo(repo: dict, file: Path, task_id: str, root: Path, problems: TaskProblems, digest: Digest,
              shown_url: str | None, allow_local: bool = False) -> str | None:
    """A git task's repo section: url and ref, a local url inside the suite (or, with `allow_local`, anywhere by
    absolute path), a local repository self-contained, the ref resolved to the commit that pins the task; returns
    the task's setup error when the ref names no commit (its own error, not the suite's)."""
    before = len(problems.lines)
    for key in ("url", "ref"):
        if key not in repo:
            problems.add(file, f"repo.{key}", f"a git task needs repo.{key}")
    if "url" in repo and _is_local_url(repo["url"]):
        raw = _local_raw(repo["url"])
        local = (_local_repo(raw, repo["url"], file, allow_local, problems) if Path(raw).is_absolute()
                 else _in_suite(raw, "repo.url", root, file, task_id, problems, repo["url"]))
        problem = None if local is None or not local.exists() else local_repository_problem(local)
        if local is not None and not local.exists():
            problems.add(file, "repo.url", f"local repository {repo['url']} does not exist")
        elif problem:
            problems.add(file, "repo.url", f"{repo['url']} {problem}")
        elif local is not None:
            repo["url"] = str(local)
    if "url" not in repo or "ref" not in repo or len(problems.lines) > before:
        return None
    # The commit the ref names now pins the task (not the repository's files or packs): moving the branch
    # changes the digest, `git gc` does not, and nothing is rehashed (rev-parse is cheap).
    setup_error = None
    try:
        repo["commit"] = resolve_ref(repo["url"], repo["ref"], shown=shown_url)
    except TaskSetupError as exc:
        repo["commit"], setup_error = None, f"{file}: repo.ref: {exc}"
    digest.append(("commit", (repo["commit"] or "unresolved").encode()))
    return setup_error


def _suite_dir(data: dict, key: str, what: str, file: Path, root: Path,
               problems: TaskProblems) -> tuple[dict, Path | None] | None:
    """The task file's section `key` (None when absent) and its directory `key.path`, resolved: inside the suite,
    existing, no symlink leading out of the suite; the directory is None (the problem recorded) when it is not."""
    if key not in data:
        return None
    section, field = dict(data[key]), f"{key}.path"
    path = _in_suite(section["path"], field, root, file, data["id"], problems)
    if path is not None and not path.is_dir():
        problems.add(file, field, f"{what} directory {section['path']} does not exist; create it or fix the path")
        path = None
    if path is None or not _links_out(path, section["path"], field, file, problems, bound=root):
        return section, None
    section["path"] = str(path)
    return section, path


def _heldout_section(data: dict, file: Path, root: Path, problems: TaskProblems, digest: Digest) -> dict | None:
    """The held-out section: its directory inside the suite, where its files land; into the digest."""
    found = _suite_dir(data, "heldout", "held-out", file, root, problems)
    if found is None:
        return None
    heldout, path = found
    if path is not None:
        heldout.setdefault("timeout_s", DEFAULT_COMMAND_TIMEOUT_S)
        heldout["into"] = layout.into(heldout)
        _mutation(heldout, path, file, problems)
        digest.append(("heldout", path))
        digest.append(("heldout.into", heldout["into"].encode()))  # where they land changes grading
    return heldout


def _mutation(heldout: dict, path: Path, file: Path, problems: TaskProblems, field: str = "heldout") -> None:
    """A `mutation` section (held-out, or the visible oracle's with `path` the fixture): its module a relative
    path inside the copy, and candidate directories inside `path` that hold at least one file each with the
    module's extension (bench/oracle.py mutation_phase)."""
    mutation = heldout.get("mutation")
    if not mutation:
        return
    module = PurePosixPath(mutation["module"])
    if module.is_absolute() or ".." in module.parts or module.suffix not in (".py", ".go"):
        problems.add(file, f"{field}.mutation.module", f"{mutation['module']}: name the module the candidates "
                     "replace, a .py or .go path relative to the repository (e.g. roman.py, counter.go)")
        return
    for key in ("correct", "mutants"):
        folder = path / mutation.get(key, key)
        if ".." in PurePosixPath(mutation.get(key, key)).parts or not folder.is_dir() \
                or not any(f.suffix == module.suffix and f.is_file() for f in folder.iterdir()):
            problems.add(file, f"{field}.mutation.{key}", f"{folder} holds no candidate (*{module.suffix}); add "
                         "them or name the directory that does")


def _visible_all_section(data: dict, file: Path, root: Path, problems: TaskProblems) -> dict | None:
    """The full-tests section (the task in `--visible all`): its directory inside the suite, no link out of it."""
    found = _suite_dir(data, "visible_all", "full-test", file, root, problems)
    if found is None:
        return None
    full, path = found
    if path is not None:
        full["into"] = full.get("into", "root")
    return full


def _solution(data: dict, file: Path, root: Path, problems: TaskProblems, digest: Digest) -> str | None:
    """The reference solution's patch inside the suite; into the digest."""
    if "solution" not in data:
        return None
    path = _in_suite(data["solution"], "solution", root, file, data["id"], problems)
    if path is None:
        return None
    if not path.is_file():
        problems.add(file, "solution", f"solution patch {data['solution']} does not exist; add it or remove the field")
        return None
    digest.append(("solution", path))
    return str(path)


def load_task(file: Path, problems: TaskProblems, allow_local: bool = False) -> dict | None:
    """Parse and check one task file; return its record, or None when it has problems. `allow_local`: a git
    task may name a local repository by absolute path or file:// URL (--allow-local-repos)."""
    before = len(problems.lines)
    fields = _fields(file, problems)
    if fields is None:
        return None
    text, data = fields
    problems.ids[str(file)] = data["id"]
    root = file.resolve().parent.parent
    if data["id"] != file.stem:
        problems.add(file, "id", f"{data['id']!r} does not match the file name; "
                                 f"rename the file to {data['id']}.yaml or fix the id")
    repo = dict(data["repo"])
    digest: Digest = [("task", text.encode())]
    setup_error = None  # a git ref that names no commit: the task's own error, recorded by `run`, a problem to `check`
    if repo["type"] == "fixture":
        _fixture_repo(repo, file, data["id"], root, problems, digest)
    else:
        setup_error = _git_repo(repo, file, data["id"], root, problems, digest, data["repo"].get("url"),
                                allow_local)
    heldout = _heldout_section(data, file, root, problems, digest)
    full = _visible_all_section(data, file, root, problems)
    solution = _solution(data, file, root, problems, digest)
    if CANARY not in text:
        problems.no_canary.append(file)
    if len(problems.lines) > before:
        return None
    task_digest = digest_parts(digest)
    gap = _known_gap(data, file, root, task_digest, problems)
    if gap is None and data.get("known_gap"):   # the suite's record could not be read
        return None
    overfit = Path(solution).with_name(f"{data['id']}.overfit.patch") if solution else None
    if overfit and overfit.is_symlink() and not Path(os.path.realpath(overfit)).is_relative_to(root):
        overfit = None  # the demo patch is optional: one that leads out of the suite is not used
    oracle = dict(data["oracle"])
    oracle.setdefault("timeout_s", DEFAULT_COMMAND_TIMEOUT_S)
    if oracle.get("mutation"):
        if repo["type"] != "fixture":
            problems.add(file, "oracle.mutation", "the visible oracle's candidates are read from the fixture; "
                         "a task whose repo is git cannot name them")
            return None
        _mutation(oracle, Path(repo["path"]), file, problems, "oracle")
        if len(problems.lines) > before:
            return None
    # The setup commands are in the digest with the file's text: changing them makes a new snapshot (isolate.py).
    setup = {"timeout_s": DEFAULT_COMMAND_TIMEOUT_S, **data["setup"]} if data.get("setup") else None
    return {
        "schema": "localagentbench/task@1",
        "id": data["id"], "title": data["title"], "difficulty": data["difficulty"],
        "category": data["category"], "language": data["language"], "prompt": data["prompt"],
        "repo": repo, "oracle": oracle, "heldout": heldout, "setup": setup, "solution": solution,
        "visible": "split", "visible_all": full,
        "overfit_demo": str(overfit) if overfit and overfit.is_file() else None,
        "timeout_s": data.get("timeout_s", DEFAULT_AGENT_TIMEOUT_S), "max_turns": data.get("max_turns"),
        "tags": data.get("tags", []),
        # verify's known problem with the task; in the digest with the file's text, so flagging a task re-verifies it
        "known_gap": gap,
        "digest": task_digest,
        # The digest of the task in `--visible all` (all_visible): the files that mode uses, held-out tests not among
        # them, and the mode itself, so the two never share a snapshot or pass for each other's runs.
        **({"digest_all": digest_parts([*(p for p in digest if not p[0].startswith("heldout")),
                                        ("visible_all", Path(full["path"])), ("visible", b"all")])} if full else {}),
        "source_file": str(file.resolve()), "suite_root": str(root),
        **({"setup_error": setup_error} if setup_error else {}),
    }


def _known_gap(data: dict, file: Path, root: Path, digest: str, problems: TaskProblems) -> dict | None:
    """The task file's known_gap, with `verified`: whether the suite's verify record (verified.json beside its tasks
    directory) lists the task as that very gap at this digest. Only a verified gap is left out of pass@1 without
    known gaps: a claim is what the file says, the record what verify measured."""
    gap = data.get("known_gap")
    if not gap:
        return None
    record = root / verified.SUITE_RECORD
    try:
        _, gaps = verified.read_record_all(record, "split")
    except UserError as exc:
        problems.add(file, "known_gap", f"the suite's verify record cannot confirm it: {exc}")
        return None
    return {**gap, "verified": verified.lists_gap(gaps, data["id"], digest, gap["problem"])}


def with_visible(task: dict, mode: str) -> dict:
    """The task as `--visible MODE` uses it. split: as loaded. all: the fixture the agent gets and every grading copy
    are the fixture with the full tests (visible_all) laid over it (isolate.materialize), the oracle runs them, and
    nothing is held out; its digest covers those files (digest_all). A task without held-out tests is the same task
    in both modes; one with held-out tests but no visible_all is refused (UserError, one line)."""
    if mode not in VISIBLE_MODES:
        raise UserError(f"--visible: {mode!r} is not a mode; use split (held-out tests hidden) or all (every test "
                        "visible, as Aider's benchmark runs them)")
    if mode == "split":
        return task
    full = task.get("visible_all")
    if full is None and task.get("heldout"):
        raise UserError(f"{task['source_file']}: visible_all: the task has held-out tests but does not name its full "
                        "tests, so --visible all cannot run it; add visible_all: {path: <the directory of its full "
                        "test files>, into: root}, leave it out (--task), or run with --visible split")
    if full is None:
        return {**task, "visible": "all"}
    # The suite's record is verify's of --visible split (verified.read_record_all refuses any other), made at the
    # split digest: it never measured the task as this mode grades it, so a gap the file claims is not confirmed.
    gap = {"known_gap": {**task["known_gap"], "verified": False}} if task.get("known_gap") else {}
    return {**task, "visible": "all", "heldout": None, "digest": task["digest_all"], **gap}


def check_separation(records: list[dict], problems: TaskProblems) -> None:
    """Held-out tests and solutions must live outside every fixture tree, or the agent could read them."""
    fixtures = {Path(r["repo"]["path"]): Path(r["repo"]["path"]).resolve()
                for r in records if r["repo"]["type"] == "fixture"}
    for record in records:
        hidden = [("heldout.path", record["heldout"]["path"])] if record["heldout"] else []
        hidden += [("visible_all.path", record["visible_all"]["path"])] if record["visible_all"] else []
        hidden += [("solution", record["solution"])] if record["solution"] else []
        for field, raw in hidden:
            where = Path(raw).resolve()
            for fixture, resolved in fixtures.items():
                if where.is_relative_to(resolved) or resolved.is_relative_to(where):
                    problems.add(record["source_file"], field,
                                 f"{raw} overlaps fixture {fixture}; move it out of the fixture tree "
                                 "(e.g. heldout/<id>/)")
        if record["repo"]["type"] == "fixture":
            _landing_problems(record, problems)


def _landing_problems(record: dict, problems: TaskProblems) -> None:
    """Held-out files land on new paths or replace the fixture's own test files (bench/common/heldout.py says
    where, and what they may replace); one that would land on anything else of the fixture is refused."""
    fixture = Path(record["repo"]["path"])
    held, full = record["heldout"], record["visible_all"]
    problem = layout.clash(held, safefs.scan(fixture), record["language"]) if held else None
    if problem:
        problems.add(record["source_file"], "heldout.path",
                     f"{problem} (laid over {layout.describe(held)}); rename it in heldout/, or change "
                     "heldout.into")
    problem = layout.clash(full, safefs.scan(fixture), record["language"], "full-test") if full else None
    if problem:
        problems.add(record["source_file"], "visible_all.path",
                     f"{problem} (laid over the fixture's root); each full-test file replaces a test file or "
                     "test configuration of the fixture, or lands on a new path: rename it in the full-test directory")


def validate(paths: Sequence[str], only: Sequence[str] = (), others: list[str] | None = None,
             option: str | None = None, allow_local: bool = False) -> tuple[list[dict], list[str]]:
    """Check every task file under `paths`; return (task records, problem lines).

    With `only` (task ids) the records are those tasks'. An id no file stands for is a UserError naming the
    nearest ids. Where `others` is given, the problems of files that are not the asked tasks go there instead
    of into the problem lines, one line per file: a broken file elsewhere does not stop the tasks asked for.
    `option`: see task_files. `allow_local`: see load_task."""
    problems = TaskProblems()
    records: list[dict] = []
    seen: dict[str, Path] = {}
    for file in task_files(paths, option):
        record = load_task(file, problems, allow_local)
        if record is None:
            continue
        if record["id"] in seen:
            problems.add(file, "id", f"{record['id']!r} is already used by {seen[record['id']]}; ids must be unique")
            continue
        seen[record["id"]] = file
        records.append(record)
    if problems.no_canary:
        first, more = problems.no_canary[0], len(problems.no_canary) - 1
        log(f"warning: {len(problems.no_canary)} task file(s) lack the suite canary GUID {CANARY} "
            f"({first}{f' and {more} more' if more else ''}; see README)")
    check_separation(records, problems)
    lines = problems.lines
    if only:
        asked = set(only)
        _unknown_ids(paths, asked, set(seen) | {n for f in problems.files for n in problems.names(f)})
        records = [r for r in records if r["id"] in asked]
        if others is not None:
            lines, theirs = [], {}
            for file, line in zip(problems.files, problems.lines, strict=True):
                if problems.names(file) & asked:
                    lines.append(line)
                else:
                    theirs.setdefault(file, []).append(line)
            others.extend(found[0] + (f" (and {len(found) - 1} more problem(s) in this file)" if found[1:] else "")
                          for found in theirs.values())
    _warn_unknown_languages(records)
    for record in records:
        schema.check(record, "task-record", where=record["source_file"])
    return records, lines


def _warn_unknown_languages(records: Sequence[dict]) -> None:
    """One warning for the tasks whose `language:` no profile knows (a typo such as `Pyhton`, or a language with no
    profile, `bash`): they are judged by exit status alone, every profile's test and configuration files protected,
    so a misspelt profile's name loses its runner checks without a word (doctor says it too)."""
    names = sorted(set(languages.PROFILES) | set(languages.ALIASES))
    unknown: dict[str, list[str]] = {}
    for record in records:
        if languages.canonical(record.get("language")) is None:
            unknown.setdefault(str(record.get("language")), []).append(record["id"])
    for language, ids in sorted(unknown.items()):
        near = difflib.get_close_matches(language.lower(), names, n=1, cutoff=0.75)
        log(f"warning: language: {language!r} is no profile's ({len(ids)} task(s), e.g. {ids[0]}): judged by exit "
            f"status alone, every profile's test and configuration files protected; "
            f"{f'did you mean {near[0]}? ' if near else ''}the profiles: {', '.join(languages.PROFILES)}")


def _unknown_ids(paths: Sequence[str], asked: set[str], known: set[str]) -> None:
    """Refuse `--task` ids that no task file stands for, naming the nearest ids there are."""
    unknown = sorted(asked - known)
    if not unknown:
        return
    near = sorted({m for task_id in unknown for m in difflib.get_close_matches(task_id, sorted(known), n=3)})
    hint = f"did you mean {', '.join(near)}? " if near else ""
    raise UserError(f"--task: no task named {', '.join(unknown)} in {', '.join(paths)}; {hint}"
                    "`localagentbench list-tasks` lists them")


def add_allow_local(parser) -> None:
    """The option that lets git tasks name local repositories by absolute path (every command that loads a suite)."""
    parser.add_argument(ALLOW_LOCAL_OPTION, action="store_true",
                        help="let a git task's repo.url name a local repository by absolute path or file:// URL "
                             "(a self-contained one: no .git file, commondir or alternates leading elsewhere)")


def setup_problems(records: Sequence[dict]) -> list[str]:
    """The tasks whose starting state cannot be made (a git ref that names no commit), one line each: `check`
    fails on them; `run` records them as those tasks' errors (outcome task_error) and runs the rest."""
    return [record["setup_error"] for record in records if record.get("setup_error")]


def _main(argv: Sequence[str]) -> int:
    parser = ArgumentParser(prog="python -m bench.validate", description=__doc__.split("\n")[0])
    parser.add_argument("paths", nargs="*", default=["tasks"], help="task files or directories (default: tasks)")
    parser.add_argument("--task", action="append", default=[], help="only this task id (repeatable)")
    parser.add_argument("--out", default="-", help="where to write task records as JSON Lines (default: stdout)")
    add_allow_local(parser)
    args = parser.parse_args(argv)
    records, problems = validate(args.paths, args.task, allow_local=args.allow_local_repos)
    if problems:
        for line in problems:
            log(line)
        log(f"error: {len(problems)} problem(s) in the task files; nothing emitted")
        return 2
    for line in setup_problems(records):  # emitted all the same: isolate books such a task as its own error
        log(f"warning: {line}")
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
