"""The agent's patch.diff applied to the grading copy in-process, or a refusal that sends it to `git apply`.

Grading applies the patch the harness itself took with `git diff`, to the very snapshot it was taken
against, so every hunk lands where its header says. Starting git for that cost a grading run more than
the work; here the patch is applied in Python and each result is proved against the blob ids on the
patch's `index` lines: a file whose new content does not hash to the post-image id, or whose old
content is not the pre-image, makes the whole patch `Unsupported` before anything is written, and the
caller lets real git apply it. So are binary patches, symlinks, renames, copies and unusual headers.
Files come out as `git apply` makes them: rewritten as new files (mode 0666 or 0777 less the umask),
parent directories made for new files and removed when a deletion empties them.
"""
from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from bench.exec.git import _unquote

_HUNK = re.compile(rb"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")
_INDEX = re.compile(rb"^index ([0-9a-f]{7,40})\.\.([0-9a-f]{7,40})(?: (100644|100755))?$")
_MODES = {b"100644": 0o666, b"100755": 0o777}
_NO_NEWLINE = b"\\ No newline at end of file"


class Unsupported(Exception):
    """The patch holds something only git applies faithfully, or does not fit the copy; the message says what."""


@dataclass
class _Hunk:
    old_start: int
    old_len: int
    lines: list[tuple[bytes, bytes, bool]] = field(default_factory=list)  # (tag, text, ends with newline)


@dataclass
class _File:
    path: str
    old_sha: str | None = None
    new_sha: str | None = None
    mode: bytes | None = None  # the file's mode after the patch, when the patch says it
    new: bool = False
    deleted: bool = False
    hunks: list[_Hunk] = field(default_factory=list)


def _blob_sha(data: bytes) -> str:
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


def _path(header: bytes) -> str:
    """The repo-relative path in `diff --git a/X b/X` (the two halves name the same file: no renames)."""
    rest = header[len(b"diff --git "):]
    if rest.startswith(b'"'):
        end = rest.find(b'" "')
        if not rest.startswith(b'"a/') or end < 0 or rest[end + 2:] != b'"b/' + rest[3:end] + b'"':
            raise Unsupported(f"unexpected header {header[:200]!r}")
        name = _unquote(rest[:end + 1])
        if "\ufffd" in name:
            raise Unsupported(f"path {name!r} is not UTF-8")
    else:
        half = (len(rest) - 1) // 2
        a, b = rest[:half], rest[half + 1:]
        if rest[half:half + 1] != b" " or not a.startswith(b"a/") or b != b"b/" + a[2:]:
            raise Unsupported(f"unexpected header {header[:200]!r}")
        name = a.decode("utf-8", errors="surrogateescape")
    name = name[2:]
    parts = name.split("/")
    if not name or name.startswith("/") or any(p in ("", ".", "..", ".git") for p in parts):
        raise Unsupported(f"path {name!r} is not a plain repo-relative path")
    if parts[-1] == ".gitattributes":
        raise Unsupported(f"{name}: may change how git applies the patch")
    return name


def parse(patch: bytes) -> list[_File]:
    """The files of a `git diff --no-renames` patch, with their hunks; Unsupported for anything else."""
    files: list[_File] = []
    lines = patch.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.startswith(b"diff --git "):
            raise Unsupported(f"unexpected line {line[:200]!r}")
        current = _File(_path(line))
        files.append(current)
        i += 1
        while i < len(lines) and not lines[i].startswith((b"diff --git ", b"@@")):
            line = lines[i]
            index = _INDEX.match(line)
            if index:
                current.old_sha, current.new_sha = index.group(1).decode(), index.group(2).decode()
                current.mode = index.group(3) or current.mode
            elif line.startswith(b"new file mode "):
                current.new, current.mode = True, line[len(b"new file mode "):]
            elif line.startswith(b"deleted file mode "):
                current.deleted = True
            elif line.startswith(b"new mode "):
                current.mode = line[len(b"new mode "):]
            elif line.startswith((b"old mode ", b"--- ", b"+++ ")):
                pass  # the path is the header's; the old mode is the copy's own
            else:  # binary patches, renames, copies, similarity: git's to apply
                raise Unsupported(f"{current.path}: {line[:80]!r}")
            i += 1
        if current.mode is not None and current.mode not in _MODES:
            raise Unsupported(f"{current.path}: mode {current.mode.decode(errors='replace')}")
        while i < len(lines) and lines[i].startswith(b"@@"):
            i = _parse_hunk(lines, i, current)
    return files


def _parse_hunk(lines: list[bytes], i: int, current: _File) -> int:
    """Read the hunk whose header is lines[i] into `current`; return the index after it."""
    header = _HUNK.match(lines[i])
    if not header:
        raise Unsupported(f"{current.path}: bad hunk header {lines[i][:80]!r}")
    old_len = int(header.group(2)) if header.group(2) is not None else 1
    new_len = int(header.group(4)) if header.group(4) is not None else 1
    hunk = _Hunk(int(header.group(1)), old_len)
    current.hunks.append(hunk)
    i += 1
    old_left, new_left = old_len, new_len
    while i < len(lines) and (old_left > 0 or new_left > 0 or lines[i] == _NO_NEWLINE):
        line = lines[i]
        if line == _NO_NEWLINE:
            if not hunk.lines:
                raise Unsupported(f"{current.path}: misplaced {_NO_NEWLINE.decode()!r}")
            tag, text, _ = hunk.lines[-1]
            hunk.lines[-1] = (tag, text, False)
        else:
            tag = line[:1]
            if tag == b" ":
                old_left, new_left = old_left - 1, new_left - 1
            elif tag == b"-":
                old_left -= 1
            elif tag == b"+":
                new_left -= 1
            else:
                raise Unsupported(f"{current.path}: unexpected hunk line {line[:80]!r}")
            if old_left < 0 or new_left < 0:
                raise Unsupported(f"{current.path}: hunk longer than its header says")
            hunk.lines.append((tag, line[1:], True))
        i += 1
    if old_left or new_left:
        raise Unsupported(f"{current.path}: hunk shorter than its header says")
    return i


def _split(data: bytes) -> list[bytes]:
    """Lines with their newline; only b'\\n' ends a line, as in git."""
    parts = data.split(b"\n")
    lines = [p + b"\n" for p in parts[:-1]]
    if parts[-1]:
        lines.append(parts[-1])
    return lines


def _new_content(f: _File, old: bytes) -> bytes:
    lines, out, pos = _split(old), [], 0
    for hunk in f.hunks:
        start = hunk.old_start - 1 if hunk.old_len else hunk.old_start
        if start < pos or start > len(lines):
            raise Unsupported(f"{f.path}: hunk at line {hunk.old_start} is out of place")
        out.extend(lines[pos:start])
        pos = start
        for tag, text, newline in hunk.lines:
            full = text + b"\n" if newline else text
            if tag != b"+":
                if pos >= len(lines) or lines[pos] != full:
                    raise Unsupported(f"{f.path}: the copy does not match the patch near line {pos + 1}")
                pos += 1
            if tag != b"-":
                out.append(full)
    out.extend(lines[pos:])
    return b"".join(out)


def apply(patch: bytes, root: Path) -> int:
    """Apply `patch` under `root` in-process; return how many files it touched.

    Raises Unsupported, having written nothing, when the patch is not one this code proves exact.
    """
    root = Path(root)
    planned: list[tuple[_File, bytes | None]] = []
    for f in parse(patch):
        target = root / f.path
        _check_parents(root, f.path)
        if f.new:
            if os.path.lexists(target):
                raise Unsupported(f"{f.path}: the patch adds it, but the copy has it")
            old = b""
        else:
            if target.is_symlink() or not target.is_file():
                raise Unsupported(f"{f.path}: not a regular file in the copy")
            old = target.read_bytes()
            if f.old_sha is not None and not _blob_sha(old).startswith(f.old_sha):
                raise Unsupported(f"{f.path}: the copy is not the patch's pre-image")
        if f.deleted:
            planned.append((f, None))
            continue
        if f.hunks or f.new:
            if f.new_sha is None:
                raise Unsupported(f"{f.path}: no index line to check the result against")
            new = _new_content(f, old) if f.hunks else b""
            if not _blob_sha(new).startswith(f.new_sha):
                raise Unsupported(f"{f.path}: the result does not hash to the patch's post-image")
        else:
            new = old  # a mode change alone
        planned.append((f, new))
    for f, new in planned:
        _write(root, f, new)
    return len(planned)


def _check_parents(root: Path, path: str) -> None:
    """git apply refuses to write beyond a symlink, and reads .gitattributes: both are git's to handle."""
    parent = root
    for part in ["", *path.split("/")[:-1]]:
        parent = parent / part if part else parent
        if part and parent.is_symlink():
            raise Unsupported(f"{path}: {parent.relative_to(root)} is a symlink")
        if os.path.lexists(parent / ".gitattributes"):
            raise Unsupported(f"{path}: {parent / '.gitattributes'} may change how git applies it")


def _write(root: Path, f: _File, new: bytes | None) -> None:
    target = root / f.path
    mode = f.mode
    if mode is None and not f.new:
        mode = b"100755" if os.stat(target).st_mode & 0o100 else b"100644"
    if not f.new:
        os.unlink(target)
    if new is None:
        parent = target.parent
        while parent != root:  # git apply removes the directories a deletion empties
            try:
                parent.rmdir()
            except OSError:
                break
            parent = parent.parent
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, _MODES[mode])
    with os.fdopen(fd, "wb") as fh:
        fh.write(new)
