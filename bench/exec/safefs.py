"""File operations on trees an agent, or the code under test, shaped: never through what it planted there.

The harness reads from and writes into trees that untrusted code controlled: the agent's workdir and
scratch directory, and the grading copies the tests ran in. Whatever is there may be a symlink to a host
file, a FIFO that blocks a reader forever, a device, a directory where a file belongs, or far too large.
Every such access goes through here: paths are walked one component at a time from a directory the
harness made (each opened with O_NOFOLLOW), files are read only when they are regular files, without
blocking and up to a cap, and whatever stands where the harness lays a file is removed, never followed.
Nothing runs in a tree while the harness does this (the run's processes are gone), so there is no race.

Where the OS cannot open relative to a directory descriptor or refuse a link at open (Windows: no dir_fd, no
O_NOFOLLOW), the same rules hold by path: every component is lstat'ed (a link, junction or other reparse point is
never a directory here) before the next is used, and a file is opened only after lstat shows a regular file and
read only when what was opened is that very file (same device and inode). The guarantee is weaker there: a process
still running could swap a checked directory for a link between the check and the use. On Linux and macOS nothing is
ever resolved through a path the agent could change.
"""
from __future__ import annotations

import os
import shutil
import stat
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)
# Descriptor-relative access (the strong guarantee): open(dir_fd=), O_DIRECTORY and O_NOFOLLOW all exist.
AT_FD = (os.open in os.supports_dir_fd and os.stat in os.supports_dir_fd and os.unlink in os.supports_dir_fd
         and os.mkdir in os.supports_dir_fd and hasattr(os, "O_DIRECTORY") and hasattr(os, "O_NOFOLLOW"))
_DIR_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | NO_FOLLOW | getattr(os, "O_CLOEXEC", 0)
_READ_FLAGS = os.O_RDONLY | NO_FOLLOW | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | \
    getattr(os, "O_BINARY", 0)
_CREATE_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | NO_FOLLOW | getattr(os, "O_CLOEXEC", 0) | \
    getattr(os, "O_BINARY", 0)
POSIX_MODES = os.name == "posix"   # whether files carry an executable bit of their own
_REPARSE_POINT = 0x400   # FILE_ATTRIBUTE_REPARSE_POINT: a Windows symlink or junction


def open_flags(flags: int) -> int:
    """`flags` plus never following a final symlink, not leaking into children, and binary mode, where the OS
    has each (for files the harness opens in a directory it made, such as the calls file)."""
    return flags | NO_FOLLOW | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)


def _plain(st: os.stat_result, test) -> bool:
    """Whether an lstat result is `test` (stat.S_ISDIR / S_ISREG) and no Windows reparse point (link, junction)."""
    return test(st.st_mode) and not getattr(st, "st_file_attributes", 0) & _REPARSE_POINT


def _at(where, name: str) -> tuple[str, dict]:
    """The (path, keyword arguments) that name `name` inside the held directory `where`."""
    if isinstance(where, int):
        return name, {"dir_fd": where}
    return os.path.join(where, name), {}


def _hold(path, parent=None):
    """A directory the harness holds: a descriptor (AT_FD) or, where the OS has none to offer, its checked path.

    Hold the directory `path` (inside `parent`, when given); OSError when it is not a real directory."""
    if AT_FD:
        return os.open(path, _DIR_FLAGS, **({"dir_fd": parent} if parent is not None else {}))
    full = os.path.join(parent, path) if parent is not None else os.fspath(path)
    if not _plain(os.lstat(full), stat.S_ISDIR):
        raise NotADirectoryError(full)
    return full


def _release(where) -> None:
    if isinstance(where, int):
        os.close(where)


def _lstat_at(where, name: str) -> os.stat_result:
    path, kw = _at(where, name)
    return os.stat(path, follow_symlinks=False, **kw)


def _parts(rel: str | PurePosixPath) -> list[str]:
    parts = [p for p in PurePosixPath(rel).parts if p not in ("", ".")]
    if not parts or any(p == ".." or "/" in p for p in parts) or PurePosixPath(rel).is_absolute():
        raise ValueError(f"{rel!r} is not a plain relative path")
    return parts


def _open_dir(root: Path, parts: list[str]):
    """root/parts held (see _hold), each component a real directory (never a symlink); OSError otherwise."""
    fd = _hold(root)
    try:
        for part in parts:
            nxt = _hold(part, fd)
            _release(fd)
            fd = nxt
    except BaseException:
        _release(fd)
        raise
    return fd


def _open_file_at(where, name: str) -> int:
    """A read descriptor for the entry `name`, never through a link: O_NOFOLLOW, or (by path) an lstat first."""
    path, kw = _at(where, name)
    if AT_FD:
        return os.open(path, _READ_FLAGS, **kw)
    checked = os.lstat(path)
    if not _plain(checked, stat.S_ISREG):
        raise OSError(f"{path}: not a regular file")
    fd = os.open(path, _READ_FLAGS)
    opened = os.fstat(fd)
    # What was opened must be the very file lstat saw: an entry swapped for a link in between leads elsewhere.
    if (opened.st_dev, opened.st_ino) != (checked.st_dev, checked.st_ino):
        os.close(fd)
        raise OSError(f"{path}: changed while it was opened")
    return fd


def read_capped(root: Path, rel: str, limit: int) -> tuple[bytes, bool] | None:
    """The first `limit` bytes of the regular file root/rel and whether it holds more; None when it is
    missing or not a regular file (a symlink, FIFO, device or directory, here or on the way)."""
    parts = _parts(rel)
    try:
        dir_fd = _open_dir(root, parts[:-1])
    except OSError:
        return None
    try:
        fd = _open_file_at(dir_fd, parts[-1])
    except OSError:
        return None
    finally:
        _release(dir_fd)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        data = b"".join(chunks)
        return data[:limit], len(data) > limit
    except OSError:
        return None
    finally:
        os.close(fd)


def read_file(path: Path, limit: int) -> tuple[bytes, bool] | None:
    """read_capped for a file whose parent directory the harness made itself (only the name is untrusted)."""
    return read_capped(path.parent, path.name, limit)


def _remove_at(dir_fd, name: str) -> None:
    """Remove the entry `name` in the held directory, whatever it is, never following it."""
    try:
        st = _lstat_at(dir_fd, name)
    except FileNotFoundError:
        return
    path, kw = _at(dir_fd, name)
    if not _plain(st, stat.S_ISDIR):
        os.unlink(path, **kw)  # on Windows also a directory symlink or junction, never what it leads to
        return
    if not isinstance(dir_fd, int):
        remove_tree(path)
        return
    try:
        shutil.rmtree(name, dir_fd=dir_fd)
    except RecursionError:  # deeper than Python's recursive rmtree goes: rm, handed the very directory
        subprocess.run(["rm", "-rf", "--", f"/proc/self/fd/{dir_fd}/{name}"], pass_fds=(dir_fd,),
                       capture_output=True, check=False)


def remove_tree(path: Path | str) -> None:
    """Delete a directory tree (not following links), however deep; errors are ignored."""
    try:
        shutil.rmtree(path, ignore_errors=True)
    except RecursionError:
        try:
            subprocess.run(["rm", "-rf", "--", str(path)], capture_output=True, check=False)
        except OSError:
            pass  # no rm (Windows): what Python's rmtree could not reach stays


def lstat(root: Path, rel: str) -> os.stat_result | None:
    """The lstat of root/rel (a link is not followed, nor is one on the way), or None when it is not there."""
    parts = _parts(rel)
    try:
        dir_fd = _open_dir(root, parts[:-1])
    except OSError:
        return None
    try:
        return _lstat_at(dir_fd, parts[-1])
    except OSError:
        return None
    finally:
        _release(dir_fd)


def remove(root: Path, rel: str) -> bool:
    """Remove root/rel (file, link, FIFO or whole directory) without following anything; False if it was not there."""
    parts = _parts(rel)
    try:
        dir_fd = _open_dir(root, parts[:-1])
    except OSError:
        return False
    try:
        try:
            _lstat_at(dir_fd, parts[-1])
        except FileNotFoundError:
            return False
        _remove_at(dir_fd, parts[-1])
        return True
    finally:
        _release(dir_fd)


def lay_file(root: Path, rel: str, data: bytes, mode: int = 0o644) -> bool:
    """Write `data` as the regular file root/rel, removing whatever stands in the way (a symlink or a file
    where a directory belongs, anything at the file's own path); return whether something was in the way."""
    parts = _parts(rel)
    in_way = False
    fd = _hold(root)
    try:
        for part in parts[:-1]:
            try:
                if not _plain(_lstat_at(fd, part), stat.S_ISDIR):
                    _remove_at(fd, part)
                    in_way = True
                    raise FileNotFoundError
            except FileNotFoundError:
                path, kw = _at(fd, part)
                os.mkdir(path, 0o755, **kw)
            nxt = _hold(part, fd)
            _release(fd)
            fd = nxt
        try:
            _lstat_at(fd, parts[-1])
            _remove_at(fd, parts[-1])
            in_way = True
        except FileNotFoundError:
            pass
        path, kw = _at(fd, parts[-1])
        out = os.open(path, _CREATE_FLAGS, mode, **kw)  # O_EXCL: never an entry that appeared since
        try:
            if hasattr(os, "fchmod"):
                os.fchmod(out, mode)  # exactly `mode`, whatever the umask
            view = memoryview(data)
            while view:
                view = view[os.write(out, view):]
        finally:
            os.close(out)
        if not hasattr(os, "fchmod"):
            os.chmod(path, mode)   # Windows keeps only the read-only bit
    finally:
        _release(fd)
    return in_way


def same_file(root: Path, rel: str, data: bytes, mode: int) -> bool:
    """Whether root/rel is a regular file (reached through real directories) holding exactly `data`, with
    `mode`'s executable bit."""
    found = read_capped(root, rel, len(data))
    if found is None or found[1] or found[0] != data:
        return False
    try:
        dir_fd = _open_dir(root, _parts(rel)[:-1])
    except OSError:
        return False
    try:
        st = _lstat_at(dir_fd, _parts(rel)[-1])
    except OSError:
        return False
    finally:
        _release(dir_fd)
    # Windows has no executable bit (st_mode says 0o100 by the file's extension): there the content is all.
    return not POSIX_MODES or bool(st.st_mode & 0o100) == bool(mode & 0o100)


@dataclass
class TreeScan:
    """What a walk of a tree found, by path relative to its root (POSIX separators)."""

    files: dict[str, int] = field(default_factory=dict)      # regular file -> st_mode
    dirs: list[str] = field(default_factory=list)
    symlinks: dict[str, str] = field(default_factory=dict)    # link -> its target, as written
    special: dict[str, str] = field(default_factory=dict)     # FIFO, socket, device -> what it is
    nested_git: list[str] = field(default_factory=list)       # a .git entry below the top directory


def kind_of(mode: int) -> str:
    """What a special file is, in words (FIFO, socket, character or block device)."""
    for test, name in ((stat.S_ISFIFO, "FIFO"), (stat.S_ISSOCK, "socket"), (stat.S_ISCHR, "character device"),
                       (stat.S_ISBLK, "block device")):
        if test(mode):
            return name
    return "special file"


@dataclass(frozen=True)
class Entry:
    """One entry a walk met: its path relative to the root (POSIX separators), what it is, and its lstat."""

    rel: str
    kind: str            # dir | file | symlink | special | nested_git
    st: os.stat_result | None


def walk(root: Path, skip_top: frozenset[str] = frozenset({".git"})) -> Iterator[Entry]:
    """Every entry below `root`, met by lstat only (no file opened, no symlink followed), one at a time: a
    directory is read as it is walked, never listed whole, so a tree of a million entries costs the walker no
    more than the directories still to visit. A `.git` below the top is met as `nested_git`, not entered. An
    entry may be removed as soon as it is met."""
    stack = [(str(root), "")]
    while stack:
        path, prefix = stack.pop()
        try:
            entries = os.scandir(path)
        except OSError:
            continue
        with entries:
            for entry in entries:
                rel = prefix + entry.name
                if not prefix and entry.name in skip_top:
                    continue
                if prefix and entry.name == ".git":
                    yield Entry(rel, "nested_git", None)
                    continue
                try:
                    st = entry.stat(follow_symlinks=False)
                except OSError:
                    continue
                kind = ("dir" if stat.S_ISDIR(st.st_mode) else "file" if stat.S_ISREG(st.st_mode)
                        else "symlink" if stat.S_ISLNK(st.st_mode) else "special")
                if kind == "dir":
                    stack.append((entry.path, rel + "/"))
                yield Entry(rel, kind, st)


def scan(root: Path, skip_top: frozenset[str] = frozenset({".git"})) -> TreeScan:
    """Walk `root` without following symlinks, by lstat only (no file is opened); see walk."""
    found = TreeScan()
    for entry in walk(root, skip_top):
        if entry.kind == "nested_git":
            found.nested_git.append(entry.rel)
        elif entry.kind == "dir":
            found.dirs.append(entry.rel)
        elif entry.kind == "file":
            found.files[entry.rel] = entry.st.st_mode
        elif entry.kind == "symlink":
            try:
                found.symlinks[entry.rel] = os.readlink(root / entry.rel)
            except OSError:
                found.symlinks[entry.rel] = ""
        else:
            found.special[entry.rel] = kind_of(entry.st.st_mode)
    return found


def resolves_inside(root: Path, rel: str) -> str | None:
    """Where the symlink root/rel leads, relative to root, following every link on the way as the code under
    test would; None when it leads outside root (or loops). Only links are read: nothing is opened."""
    base = os.path.realpath(root)
    try:
        target = os.path.realpath(os.path.join(base, rel), strict=False)
    except (OSError, ValueError):
        return None
    if target == base:
        return "."
    if not target.startswith(base + os.sep):
        return None
    return PurePosixPath(os.path.relpath(target, base)).as_posix()

