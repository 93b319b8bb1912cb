"""Reading and writing the JSON records stages exchange: files, JSON Lines streams, run bundles."""
from __future__ import annotations

import json
import os
import stat
import sys
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any

from bench.common.errors import UserError
from bench.common.stage import log

# Written by `localagentbench run` into every bundle it makes: the bundle's own run
# id, agent and model, so a run.json copied in from another bundle is told apart on reading.
CONFIG_FILE = "run-config.json"


def write_json_atomic(path: Path, data: Any) -> None:
    """Write JSON to `path` via a temp file and rename, so a crash never leaves half a file."""
    write_text_atomic(Path(path), json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def replace_target(path: Path) -> str:
    """What an atomic write may do at `path`: 'new' (nothing there) or 'file' (a regular file: replaced by rename),
    or 'device' (a character device such as /dev/null or a terminal, also reached through a link like
    /dev/stdout: written in place, since a stream has no half-written state to avoid and renaming over a device
    node, as root, would destroy it). Anything else is a UserError in one line: a directory, FIFO, socket or block
    device would be replaced by a regular file, and a symbolic link by one in the link's place."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return "new"
    except OSError as exc:
        raise UserError(f"{path}: cannot write ({exc.strerror})") from None
    if stat.S_ISREG(st.st_mode):
        return "file"
    try:
        target = os.stat(path) if stat.S_ISLNK(st.st_mode) else st
    except OSError:
        target = st
    if stat.S_ISCHR(target.st_mode):
        return "device"
    kind = ("a symbolic link" if stat.S_ISLNK(st.st_mode) else "a directory" if stat.S_ISDIR(st.st_mode)
            else "a FIFO" if stat.S_ISFIFO(st.st_mode) else "a socket" if stat.S_ISSOCK(st.st_mode)
            else "a block device" if stat.S_ISBLK(st.st_mode) else "not a regular file")
    raise UserError(f"{path}: is {kind}; results are written only as new or regular files, never replacing "
                    f"anything else (name a file path, or - for stdout where the stage offers it)")


def real_dir(path: Path, hint: str = "remove it, or pass --out DIR") -> Path:
    """Create the folder `path` that the harness names inside another (a results directory's site/, a site's runs/
    or assets/) and check that it is a folder itself: a results directory handed in may hold a symbolic link (or a
    Windows junction) there, and pages written through it would land wherever it points. A UserError in one line
    otherwise, ending with `hint`."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass  # what is in the way is named below
    try:
        st = os.lstat(path)
    except OSError as exc:
        raise UserError(f"{path}: cannot create this folder ({exc.strerror}); {hint}") from None
    if stat.S_ISLNK(st.st_mode) or getattr(st, "st_file_attributes", 0) & 0x400:  # FILE_ATTRIBUTE_REPARSE_POINT
        raise UserError(f"{path}: is a symbolic link; pages are written only into a real "
                        f"folder here, never through a link: {hint}")
    if not stat.S_ISDIR(st.st_mode):
        raise UserError(f"{path}: is a file where a folder belongs; {hint}")
    return path


def _still_replaceable(path: Path) -> None:
    """The check just before a rename: only nothing or a regular file may be there now."""
    if replace_target(path) == "device":
        raise UserError(f"{path}: became a device while being written; it is left as it is")


def write_text_atomic(path: Path, text: str) -> None:
    """Write text to `path` via a temp file and rename; an unwritable place is a UserError naming it.
    Only a regular file is ever replaced (replace_target); a character device is written in place."""
    path = Path(path)
    if replace_target(path) == "device":
        try:
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(text)
        except OSError as exc:
            raise UserError(f"{path}: cannot write ({exc.strerror})") from None
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise UserError(f"{path}: cannot write ({exc.strerror}); choose a writable results directory") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        _still_replaceable(path)  # again just before the rename: something may have appeared there meanwhile
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _parse_stream(fh: IO[str], name: str) -> Iterator[dict]:
    """Yield objects from JSON Lines, or from one (pretty-printed) JSON document."""
    lineno, first = 0, ""
    for lineno, first in enumerate(fh, start=1):  # noqa: B007 - read after the loop, for error messages
        if first.strip():
            break
    if not first.strip():
        return
    try:
        head = _json(first)
    except json.JSONDecodeError:
        text = first + fh.read()
        try:
            doc = _json(text)
        except json.JSONDecodeError as exc:
            raise UserError(f"{name}: line {exc.lineno + lineno - 1}: not valid JSON ({exc.msg})") from None
        except ValueError as exc:
            raise UserError(f"{name}: not valid JSON ({exc})") from None
        yield from _objects(doc, name)
        return
    except ValueError as exc:
        raise UserError(f"{name}: line {lineno}: not valid JSON ({exc})") from None
    yield from _objects(head, name)
    after_head = lineno + 1
    for lineno, line in enumerate(fh, start=after_head):
        if line.strip():
            yield from _objects(_loads_line(line, name, lineno), name)


def _json(text: str) -> Any:
    """json.loads without the NaN and Infinity Python accepts: no stage writes them, and a number that is not
    one would pass every schema bound and poison every sum it enters."""
    return json.loads(text, parse_constant=_not_a_number)


def _not_a_number(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _loads_line(line: str, name: str, lineno: int) -> Any:
    try:
        return _json(line)
    except json.JSONDecodeError as exc:
        raise UserError(f"{name}: line {lineno}: not valid JSON ({exc.msg})") from None
    except ValueError as exc:
        raise UserError(f"{name}: line {lineno}: not valid JSON ({exc})") from None


def _objects(doc: Any, name: str) -> Iterator[dict]:
    items = doc if isinstance(doc, list) else [doc]
    for item in items:
        if not isinstance(item, dict):
            raise UserError(f"{name}: expected JSON objects, found {type(item).__name__}")
        tag = item.get("schema")
        if "runs" in item and isinstance(tag, str) and tag.startswith("localagentbench/summary@"):
            yield from item["runs"]  # a summary stands for its runs, so shards can be re-scored
        else:
            yield item


def read_records(sources: Iterable[str], configs: list[dict] | None = None,
                 origins: list[str] | None = None) -> Iterator[dict]:
    """Yield records from each source: '-' (stdin), a .json/.jsonl file, or a run bundle directory.
    `configs`, when given, gets the run-config.json of every bundle read (what each run planned); `origins`, when
    given, gets the file each record came from, appended just before it is yielded (so an error names the file)."""
    for source in sources:
        if source == "-":
            for record in _parse_stream(sys.stdin, "<stdin>"):
                if origins is not None:
                    origins.append("<stdin>")
                yield record
            continue
        path = Path(source)
        if path.is_dir():
            yield from read_bundle(path, configs, origins)
            continue
        if not path.exists():
            raise UserError(f"{path}: no such file or directory")
        yield from read_record_file(path, origins)


def read_bundle(path: Path, configs_seen: list[dict] | None = None,
                origins: list[str] | None = None) -> Iterator[dict]:
    """Yield the runs of a results directory. Where a bundle has its run-config.json, only runs made by that
    run (its run id, agent and model) lying where that run put them are read: any other is skipped with a
    warning, so a run.json copied in from elsewhere never enters the scores. Shards are read each against its
    own config; a directory without one (the stages' output) is read whole."""
    found = sorted(path.glob("runs/*/*/run.json")) or sorted(path.glob("**/run.json"))
    if not found:
        raise UserError(f"{path}: no run.json files below it; pass a results directory or record files")
    configs: dict[Path, dict | None] = {}
    for run_file in found:
        bundle = _bundle_of(run_file, path)
        if bundle not in configs:
            configs[bundle] = bundle_config(bundle)
            if configs[bundle] is not None and configs_seen is not None:
                configs_seen.append(configs[bundle])
        config = configs[bundle]
        for record in read_record_file(run_file, origins):
            reason = _not_from(record, config, run_file.relative_to(bundle)) if config else None
            if reason:
                log(f"warning: {run_file}: {reason}; skipped")
                continue
            yield record


def _bundle_of(run_file: Path, source: Path) -> Path:
    """The bundle a run file belongs to: the directory given, when it is one, else the one the file is laid out in."""
    if (source / CONFIG_FILE).exists() or (source / CONFIG_FILE).is_symlink():
        return source
    parents = run_file.parents
    if len(parents) > 3 and parents[2].name == "runs":  # <bundle>/runs/<task>/<rep>/run.json
        return parents[3]
    return source


def bundle_config(bundle: Path) -> dict | None:
    """A bundle's run-config.json, or None when it has none; one that cannot vouch for its runs is a UserError."""
    path = bundle / CONFIG_FILE
    if not (path.exists() or path.is_symlink()):
        return None
    hint = ("this bundle's runs cannot be told from runs copied in: restore the file, or pass the run.json "
            "files themselves")
    if not path.is_file():
        raise UserError(f"{path}: not a regular file; {hint}")
    try:
        config = _json(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise UserError(f"{path}: cannot read ({exc.strerror}); {hint}") from None
    except ValueError as exc:
        raise UserError(f"{path}: not valid JSON ({exc}); {hint}") from None
    if not isinstance(config, dict) or not isinstance(config.get("run_id"), str) or not config["run_id"]:
        raise UserError(f"{path}: run_id: missing or not a string; {hint}")
    for key in ("agent", "model"):
        if not isinstance(config.get(key), (str, type(None))):
            raise UserError(f"{path}: {key}: not a string; {hint}")
    grid = config.get("grid")
    if grid is not None and not (isinstance(grid, list) and len(grid) <= MAX_GRID_RUNS and all(
            isinstance(cell, list) and len(cell) == 2 and isinstance(cell[0], str) and type(cell[1]) is int
            for cell in grid)):
        raise UserError(f"{path}: grid: not a list of [task id, repetition] pairs (at most {MAX_GRID_RUNS}); {hint}")
    return config


MAX_GRID_RUNS = 1_000_000


def planned_cells(config: dict) -> list[tuple[str, int]]:
    """The (task id, repetition) cells a run planned, all shards together, from its config."""
    grid = config.get("grid")
    if grid is None:  # a config from before the grid was recorded: its task list and repetitions say the same
        tasks, repeat = config.get("tasks"), config.get("repeat")
        if isinstance(tasks, dict) and type(repeat) is int and 1 <= repeat and len(tasks) * repeat <= MAX_GRID_RUNS:
            return [(str(task_id), rep) for task_id in tasks for rep in range(repeat)]
        return []
    return [(task_id, rep) for task_id, rep in grid]


def _not_from(record: dict, config: dict, where: Path) -> str | None:
    """Why `record`, found at `where` in a bundle, is not one of the bundle's own runs (None when it is).
    Fields of the wrong type are left to the schema check, which reports them as the errors they are."""
    run_id = record.get("run_id")
    if isinstance(run_id, str) and run_id != config["run_id"]:
        return f"run_id {run_id!r} is not this bundle's ({config['run_id']!r} in {CONFIG_FILE})"
    for key, section, field in (("agent", "agent", "name"), ("model", "model", "id")):
        value = record.get(section)
        value = value.get(field) if isinstance(value, dict) else None
        if isinstance(value, str) and config.get(key) is not None and value != config[key]:
            return f"{key} {value!r} is not this bundle's ({config[key]!r} in {CONFIG_FILE})"
    task_id, rep = record.get("task_id"), record.get("rep")
    if where.parts[0] == "runs" and len(where.parts) == 4 and isinstance(task_id, str) and type(rep) is int:
        place = where.parts[1:3]
        if (task_id, str(rep)) != place:
            return f"task_id {task_id!r} rep {rep} does not belong at runs/{place[0]}/{place[1]}"
    return None


def read_record_file(path: Path, origins: list[str] | None = None) -> Iterator[dict]:
    """Yield the records in one file; a run.json's paths follow its bundle when the bundle was moved.
    `origins`, when given, gets the file's name before each record is yielded."""
    try:
        with open(path, encoding="utf-8") as fh:
            for record in _parse_stream(fh, str(path)):
                if origins is not None:
                    origins.append(str(path))
                yield _rebased(record, path) if path.name == "run.json" else record
    except OSError as exc:
        raise UserError(f"{path}: cannot read ({exc.strerror})") from None


def _rebased(record: Any, run_file: Path) -> Any:
    """The run record with its bundle paths pointing where run_file lies now (shards fetched as CI
    artifacts, bundles copied off a cluster): the run directory is where its run.json is."""
    paths = record.get("paths") if isinstance(record, dict) else None
    if not isinstance(paths, dict) or not isinstance(paths.get("run_dir"), str):
        return record
    old, new = Path(paths["run_dir"]), run_file.parent.resolve()
    if old == new:
        return record
    if len(old.parents) < 3 or len(new.parents) < 3:  # not a bundle's run dir: the logs still lie beside run.json
        return {**record, "paths": {**paths, "run_dir": str(new)}}
    old_root, new_root = old.parents[2], new.parents[2]  # <bundle>/runs/<task>/<rep>
    moved = {"run_dir": str(new)}
    for key in ("snapshot", "base_git"):
        value = paths.get(key)
        if isinstance(value, str) and Path(value).is_relative_to(old_root):
            moved[key] = str(new_root / Path(value).relative_to(old_root))
    return {**record, "paths": {**paths, **moved}}


class RecordWriter:
    """Writes records as JSON Lines to stdout ('-') or to a file, flushing each so pipes stream."""

    def __init__(self, out: str | None):
        self._path = None if out in (None, "-") else Path(out)
        self._tmp: Path | None = None
        if self._path is None:
            self._fh = sys.stdout
        elif replace_target(self._path) == "device":  # /dev/null and the like: written in place, never replaced
            try:
                self._fh = open(self._path, "w", encoding="utf-8")
            except OSError as exc:
                raise UserError(f"{self._path}: cannot write ({exc.strerror}); choose a writable --out path") from None
        else:
            try:
                self._path.parent.mkdir(parents=True, exist_ok=True)
                self._tmp = self._path.with_name(f".{self._path.name}.partial")
                self._fh = open(self._tmp, "w", encoding="utf-8")
            except OSError as exc:
                raise UserError(f"{self._path}: cannot write ({exc.strerror}); choose a writable --out path") from None

    def write(self, record: dict) -> None:
        """Write one record."""
        self._fh.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")
        self._fh.flush()

    def close(self) -> None:
        """Finish: a file output appears under its name only when complete."""
        if self._path is not None and self._tmp is not None:
            self._fh.close()
            try:
                _still_replaceable(self._path)
            except UserError:
                os.unlink(self._tmp)
                raise
            os.replace(self._tmp, self._path)
        elif self._path is not None:
            self._fh.close()

    def __enter__(self) -> RecordWriter:
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc_type is None:
            self.close()
        elif self._path is not None:
            self._fh.close()


def write_json_output(out: str | None, data: Any) -> None:
    """Write one JSON document to stdout ('-' or None) or atomically to a file."""
    if out in (None, "-"):
        sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
        sys.stdout.flush()
    else:
        write_json_atomic(Path(out), data)
