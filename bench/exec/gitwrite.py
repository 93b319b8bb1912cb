"""Git objects, index and refs written in-process: the snapshot and the agent's tree without starting git.

Every run used to start git five times before grading (init, add, commit for the snapshot; add, diff for
the patch). A fixture is a few files, so starting git costs far more than the work; here the same
objects are written from Python, byte for byte what `git add -A -f && git commit` would store (the tests
compare the two). Trees git would store differently are refused (`Unsupported`) and the caller falls back
to real git: nested repositories, `.gitattributes` (filters and line-ending rules), special files.
"""
from __future__ import annotations

import hashlib
import os
import shutil
import stat
import struct
import zlib
from pathlib import Path

from bench.exec import safefs

IDENTITY = b"localagentbench <bench@localagentbench.invalid> 946684800 +0000"  # git.git_env()'s, 2000-01-01
COMMIT_MESSAGE = b"task\n"
CONFIG = b"[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n\tlogallrefupdates = true\n"
# Never part of a snapshot or a diff (git.DIFF_EXCLUDES says the same to git).
EXCLUDED_DIRS = {b"__pycache__"}
EXCLUDED_SUFFIX = b".pyc"
TYPES = {b"commit": 1, b"tree": 2, b"blob": 3}
PACK_LIMIT = 2**31  # offsets past this need idx v2's large-offset table; such trees go to git


class Unsupported(Exception):
    """The tree holds something only real git handles faithfully; the message says what."""


def _sha(kind: bytes, data: bytes) -> str:
    return hashlib.sha1(b"%s %d\0" % (kind, len(data)) + data).hexdigest()


def _idx(path: Path) -> tuple[list[bytes], list[int]]:
    """The binary shas of a version-2 pack index, in its order, and each object's offset in the pack."""
    data = path.read_bytes()
    count = struct.unpack(">I", data[8 + 255 * 4: 8 + 256 * 4])[0]
    base = 8 + 256 * 4
    shas = [data[base + i * 20: base + i * 20 + 20] for i in range(count)]
    offsets = list(struct.unpack(f">{count}I", data[base + count * 24: base + count * 28]))
    return shas, offsets


def pack_shas(objects: Path) -> set[str]:
    """Every object sha the packs in `objects`/pack hold, read from their idx files."""
    return {sha.hex() for idx in (objects / "pack").glob("pack-*.idx") for sha in _idx(idx)[0]}


class ObjectWriter:
    """Objects collected in memory and stored as one pack in `objects`/pack by `close()`.

    One pack and its index are two files, where loose objects are a file and often a directory each:
    on the disks these runs use, creating files costs more than hashing and compressing them. Objects
    `existing` (another objects/ directory, reached as an alternate) already holds are not stored again.
    """

    def __init__(self, objects: Path, existing: Path | None = None):
        self.objects = objects
        self.known = _stored(existing) if existing is not None else set()
        self.pending: dict[str, tuple[int, bytes]] = {}

    def write(self, kind: bytes, data: bytes) -> str:
        """Queue one object; return its sha."""
        sha = _sha(kind, data)
        if sha not in self.known and sha not in self.pending:
            self.pending[sha] = (TYPES[kind], data)
        return sha

    def close(self) -> None:
        """Write the queued objects as pack-<checksum>.pack with its version-2 .idx (nothing when none are queued)."""
        if not self.pending:
            return
        body, index = [b"PACK" + struct.pack(">II", 2, len(self.pending))], []
        offset = 12
        for sha, (kind, data) in self.pending.items():
            size, header = len(data), bytearray()
            byte = (kind << 4) | (size & 0x0F)
            size >>= 4
            while size:
                header.append(byte | 0x80)
                byte, size = size & 0x7F, size >> 7
            header.append(byte)
            entry = bytes(header) + zlib.compress(data, 1)
            index.append((bytes.fromhex(sha), zlib.crc32(entry), offset))
            body.append(entry)
            offset += len(entry)
        if offset >= PACK_LIMIT:
            raise Unsupported(f"{self.objects}: over 2 GiB of new objects")
        pack = b"".join(body)
        checksum = hashlib.sha1(pack).digest()
        index.sort()
        fanout = [0] * 256
        for sha, _, _ in index:
            fanout[sha[0]] += 1
        for i in range(1, 256):
            fanout[i] += fanout[i - 1]
        idx = b"".join([b"\377tOc", struct.pack(">I", 2), struct.pack(">256I", *fanout),
                        *(sha for sha, _, _ in index), *(struct.pack(">I", crc) for _, crc, _ in index),
                        *(struct.pack(">I", off) for _, _, off in index), checksum])
        folder = self.objects / "pack"
        folder.mkdir(parents=True, exist_ok=True)
        name = f"pack-{checksum.hex()}"
        (folder / f"{name}.pack").write_bytes(pack + checksum)
        (folder / f"{name}.idx").write_bytes(idx + hashlib.sha1(idx).digest())
        self.known.update(self.pending)
        self.pending = {}


def _stored(objects: Path) -> set[str]:
    """Every sha stored in `objects`, loose or packed."""
    found = pack_shas(objects)
    if objects.is_dir():
        for sub in os.scandir(objects):
            if len(sub.name) == 2 and sub.is_dir():
                found.update(sub.name + name for name in os.listdir(sub.path))
    return found


def read_object(objects: Path, sha: str) -> bytes | None:
    """The body of object `sha` from `objects`, loose or in a pack as a whole object; None otherwise."""
    try:
        raw = zlib.decompress((objects / sha[:2] / sha[2:]).read_bytes())
        return raw.split(b"\0", 1)[1]
    except (OSError, zlib.error):
        pass
    wanted = bytes.fromhex(sha)
    for idx_path in (objects / "pack").glob("pack-*.idx"):
        shas, offsets = _idx(idx_path)
        if wanted not in shas:
            continue
        offset = offsets[shas.index(wanted)]
        if offset & 0x80000000:
            return None  # a large-offset pack, which only git writes
        with open(idx_path.with_suffix(".pack"), "rb") as fh:
            fh.seek(offset)
            head = fh.read(64 * 1024)
            kind = (head[0] >> 4) & 7
            pos = 1
            while head[pos - 1] & 0x80:
                pos += 1
            if kind not in (1, 2, 3):
                return None  # a delta: leave it to git
            fh.seek(offset + pos)
            return zlib.decompressobj().decompress(fh.read())
    return None


def _mode(st: os.stat_result) -> int:
    if stat.S_ISLNK(st.st_mode):
        return 0o120000
    return 0o100755 if st.st_mode & stat.S_IXUSR else 0o100644


def write_tree(root: Path, writer: ObjectWriter, *, index: list | None = None, _prefix: bytes = b"") -> str | None:
    """Store the tree of the files under `root` (its top .git, __pycache__ and *.pyc left out); return its sha
    (None for an empty subdirectory, which git does not store).

    With `index`, appends (path, sha, mode, lstat) for every file, for `write_index`.
    """
    entries = []
    with os.scandir(root) as it:
        items = sorted(it, key=lambda e: os.fsencode(e.name))
    for entry in items:
        name = os.fsencode(entry.name)
        if name == b".git":
            if not _prefix:
                continue
            raise Unsupported(f"{Path(entry.path)}: a nested repository")
        if name == b".gitattributes":
            raise Unsupported(f"{Path(entry.path)}: .gitattributes can change what git stores")
        st = entry.stat(follow_symlinks=False)
        if stat.S_ISDIR(st.st_mode):
            if name in EXCLUDED_DIRS:
                continue
            sub = write_tree(Path(entry.path), writer, index=index, _prefix=_prefix + name + b"/")
            if sub is not None:
                entries.append((name + b"/", b"40000 " + name, sub))
            continue
        if stat.S_ISLNK(st.st_mode):
            data = os.fsencode(os.readlink(entry.path))
        elif stat.S_ISREG(st.st_mode):
            if name.endswith(EXCLUDED_SUFFIX):
                continue
            with open(entry.path, "rb") as fh:
                data = fh.read()
        else:
            raise Unsupported(f"{Path(entry.path)}: not a regular file, directory or symlink")
        mode = _mode(st)
        sha = writer.write(b"blob", data)
        entries.append((name, b"%o " % mode + name, sha))
        if index is not None:
            index.append((_prefix + name, sha, mode, st))
    if not entries and _prefix:
        return None
    entries.sort(key=lambda e: e[0])  # git orders a directory as if its name ended in "/"
    body = b"".join(head + b"\0" + bytes.fromhex(sha) for _, head, sha in entries)
    return writer.write(b"tree", body)


def write_index(path: Path, files: list) -> None:
    """A version-2 index of `files` ((path, sha, mode, lstat) tuples), so `git status` starts clean."""
    out = [b"DIRC", struct.pack(">II", 2, len(files))]
    for name, sha, mode, st in sorted(files, key=lambda f: f[0]):
        fields = (int(st.st_ctime) & 0xFFFFFFFF, st.st_ctime_ns % 1_000_000_000,
                  int(st.st_mtime) & 0xFFFFFFFF, st.st_mtime_ns % 1_000_000_000,
                  st.st_dev & 0xFFFFFFFF, st.st_ino & 0xFFFFFFFF, mode, st.st_uid & 0xFFFFFFFF,
                  st.st_gid & 0xFFFFFFFF, st.st_size & 0xFFFFFFFF)
        entry = struct.pack(">10I", *fields) + bytes.fromhex(sha) + struct.pack(">H", min(len(name), 0xFFF)) + name
        out.append(entry + b"\0" * (8 - len(entry) % 8))
    data = b"".join(out)
    path.write_bytes(data + hashlib.sha1(data).digest())


def init_single_commit(workdir: Path) -> str:
    """Make `workdir` a repository whose history is one commit of its files (as git.init_single_commit); return its sha.

    Raises Unsupported, leaving no .git behind, when only git itself can do it faithfully.
    """
    git_dir = workdir / ".git"
    if git_dir.exists() or git_dir.is_symlink():
        raise Unsupported(f"{git_dir}: already exists")
    try:
        for sub in ("objects/pack", "refs/heads"):  # git makes the rest when it needs them
            (git_dir / sub).mkdir(parents=True)
        writer = ObjectWriter(git_dir / "objects")
        files: list = []
        tree = write_tree(workdir, writer, index=files)
        commit = writer.write(b"commit", b"tree %s\nauthor %s\ncommitter %s\n\n%s"
                              % (tree.encode(), IDENTITY, IDENTITY, COMMIT_MESSAGE))
        writer.close()
        (git_dir / "config").write_bytes(CONFIG)
        (git_dir / "HEAD").write_bytes(b"ref: refs/heads/main\n")
        (git_dir / "refs" / "heads" / "main").write_bytes(commit.encode() + b"\n")
        write_index(git_dir / "index", files)
    except BaseException:
        shutil.rmtree(git_dir, ignore_errors=True)
        raise
    return commit


def commit_tree(git_dir: Path, commit: str) -> str | None:
    """The tree sha of commit `commit` in `git_dir`, or None when it takes git to read it."""
    body = read_object(git_dir / "objects", commit)
    return body[5:45].decode() if body and body.startswith(b"tree ") else None


def head_commit(git_dir: Path) -> str | None:
    """The commit HEAD names in `git_dir`, read from its files; None when it takes git to tell.

    Read without following links or blocking, and capped: the same reader serves an agent's own `.git`.
    """
    try:
        head = safefs.read_capped(git_dir, "HEAD", 4096)
        if head is None:
            return None
        text = head[0].strip()
        if not text.startswith(b"ref: "):
            return text.decode("ascii") if len(text) == 40 else None
        ref = text[5:].decode("utf-8").strip()
        loose = safefs.read_capped(git_dir, ref, 4096)
        if loose is not None:
            return loose[0].strip().decode("ascii") or None
        packed = safefs.read_capped(git_dir, "packed-refs", 1 << 20)
        for line in packed[0].decode("utf-8").splitlines() if packed else []:
            if line.endswith(" " + ref):
                return line.split()[0]
    except (ValueError, UnicodeDecodeError):  # ValueError: a ref that is no plain relative path
        return None
    return None
