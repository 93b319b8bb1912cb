"""The git operations the harness needs, all run as real git with a fixed identity and no user config.

There is one git implementation: the snapshot commit, the agent's diff and applying that diff to a grading
copy are all real git. The environment (git_env) leaves out the user's and system configuration and every
GIT_* variable, and the command-line configuration below (which outranks any repository's own) keeps git
from running anything a tree or repository could name: no hooks, no fsmonitor daemon. `safe.directory` is
left at git's default (only directories owned by this user), which is stricter than any value we could set.
"""
from __future__ import annotations

import functools
import os
import re
import subprocess
import tempfile
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from bench.common import rules
from bench.common.errors import UserError
from bench.exec import safefs

# Configuration every git the harness starts gets, at command-line precedence: symlinks are stored and written
# as symlinks (never followed); no hook, fsmonitor or untracked cache is used; no commit starts background
# maintenance (gc) in a snapshot or a task's repository.
SAFE_CONFIG = {"core.hooksPath": os.devnull, "core.fsmonitor": "false", "core.symlinks": "true",
               "core.untrackedCache": "false", "core.splitIndex": "false", "maintenance.auto": "false",
               "gc.auto": "0"}


def git_env() -> dict[str, str]:
    """An environment where the user's and system git config cannot change what the harness does."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update({
        "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1", "GIT_TERMINAL_PROMPT": "0",
        "GIT_AUTHOR_NAME": "localagentbench", "GIT_AUTHOR_EMAIL": "bench@localagentbench.invalid",
        "GIT_COMMITTER_NAME": "localagentbench", "GIT_COMMITTER_EMAIL": "bench@localagentbench.invalid",
        "GIT_AUTHOR_DATE": "2000-01-01T00:00:00Z", "GIT_COMMITTER_DATE": "2000-01-01T00:00:00Z",
        "GIT_CONFIG_COUNT": str(len(SAFE_CONFIG)),
        # A repository that says it is a partial clone would have git fetch what it lacks from the remote its own
        # config names (with that config's commands): the harness never needs a lazy fetch.
        "GIT_NO_LAZY_FETCH": "1",
    })
    for i, (key, value) in enumerate(SAFE_CONFIG.items()):
        env[f"GIT_CONFIG_KEY_{i}"], env[f"GIT_CONFIG_VALUE_{i}"] = key, value
    return env


@functools.lru_cache(maxsize=1)
def version() -> str:
    """`git --version` of the git on PATH (what the snapshot cache is keyed on, with the harness version)."""
    return git("--version").stdout.decode(errors="replace").strip()


def git(*args: str, cwd: Path | None = None, check: bool = True, input: bytes | None = None,
        timeout: float = 120, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """Run git (`env`: more variables); raise UserError with its stderr when `check` and it fails."""
    try:
        done = subprocess.run(["git", *args], cwd=cwd, env={**git_env(), **(env or {})}, input=input,
                              capture_output=True, timeout=timeout)
    except FileNotFoundError:
        raise UserError("git: not found on PATH; install git (e.g. `apt-get install git`)") from None
    if check and done.returncode != 0:
        msg = done.stderr.decode(errors="replace").strip().splitlines()
        raise UserError(f"git {' '.join(args[:2])}: {msg[-1] if msg else 'failed'}")
    return done


class TaskSetupError(UserError):
    """A task's starting state cannot be made (its ref names no commit, its repository cannot be read): that
    task's own problem, recorded against its runs (outcome task_error) while the rest of the suite runs."""


def _last_line(done: subprocess.CompletedProcess) -> str:
    lines = done.stderr.decode(errors="replace").strip().splitlines()
    return lines[-1] if lines else f"git exit {done.returncode}"


# What git reading a local repository may reach: the variables survive into the upload-pack it starts in that
# repository (which, unlike the harness's own git, reads the repository's config), so nothing there can send
# git to another transport.
LOCAL_SOURCE_ENV = {"GIT_ALLOW_PROTOCOL": "file", "GIT_PROTOCOL_FROM_USER": "0"}


def _is_local(url: str) -> bool:
    return "://" not in url and Path(url).exists()


def local_repository_problem(path: Path) -> str | None:
    """Why the local path `path` cannot be a git task's source, or None. A bundle file is read as it is; a
    directory must be a repository wholly inside it: its git directory `path` (bare) or `path/.git`, as git itself
    finds it with nothing above `path` searched (so not a `.git` file or a commondir leading elsewhere), and
    no objects borrowed from another repository (objects/info/alternates)."""
    if path.is_file():
        return None
    if not path.is_dir():
        return "is neither a git repository nor a bundle file"
    real = path.resolve()
    done = _git_index({"GIT_CEILING_DIRECTORIES": str(real.parent)}, "rev-parse", "--path-format=absolute",
                      "--git-dir", "--git-common-dir", cwd=real)
    if done.returncode != 0:
        return f"is not a git repository git can read ({_last_line(done)})"
    found = [Path(line) for line in done.stdout.decode(errors="replace").splitlines()]
    if len(found) != 2 or found[0] not in (real, real / ".git") or found[1] != found[0]:
        shown = ", ".join(sorted({str(p) for p in found}))
        return f"keeps its git directory elsewhere ({shown}, through a .git file or commondir); name that repository"
    for name in ("alternates", "http-alternates"):
        if os.path.lexists(found[0] / "objects" / "info" / name):
            return (f"borrows objects from another repository (objects/info/{name}); make it self-contained "
                    "(`git repack -a -d`, then remove that file)")
    return None


def resolve_ref(url: str, ref: str, shown: str | None = None) -> str:
    """The full id of the commit `ref` names in the repository at `url`, resolved by git itself, so every ref
    git accepts works: a branch (default or not), a tag (lightweight or annotated), a full or abbreviated
    commit id, a full refname (refs/heads/x, refs/tags/v1). `url` is a local repository (bare or not; a path),
    a bundle file, or a remote URL. Local ones are read in place (rev-parse: no clone, no hashing of the tree);
    a bundle is unpacked into a scratch repository; a remote is asked with ls-remote, and only an abbreviated
    commit id there costs a (blob-less) clone. Raises TaskSetupError naming the ref (`shown`: the url as the
    task file writes it)."""
    shown = shown or url
    fix = "name a branch, tag, commit id or full ref (refs/heads/x, refs/tags/v1) that exists there"
    spec = f"{ref}^{{commit}}"
    path = Path(url)
    if "://" not in url and path.exists():
        url = str(path.resolve())  # git runs in a scratch directory below
    if "://" not in url and path.is_dir():
        # The repository is `path` itself: the ceiling stops git from finding one that merely encloses it.
        env = {"GIT_CEILING_DIRECTORIES": str(path.resolve().parent), **LOCAL_SOURCE_ENV}
        done = _git_index(env, "rev-parse", "--verify", "--end-of-options", spec, cwd=path)
        if done.returncode == 0:
            return done.stdout.decode().strip()
        raise TaskSetupError(f"{ref!r} is not a commit in {shown} ({_last_line(done)}); {fix}")
    with tempfile.TemporaryDirectory(prefix="lab-ref-") as tmp:
        scratch = Path(tmp)
        git("init", "-q", "--bare", cwd=scratch)
        if "://" not in url and path.is_file():  # a bundle: its refs as they are, then git's own lookup
            done = git("fetch", "-q", "--no-tags", url, "+refs/*:refs/*", cwd=scratch, check=False, timeout=600,
                       env=LOCAL_SOURCE_ENV)
        else:
            done = git("ls-remote", "--", url, cwd=scratch, check=False, timeout=120)
            if done.returncode == 0:
                found = _ls_remote_match(done.stdout.decode(errors="replace"), ref)
                if found:
                    return found
                if len(ref) in (40, 64) and all(c in "0123456789abcdef" for c in ref):
                    return ref  # a full commit id: fetching it in isolate proves it
                done = git("fetch", "-q", "--no-tags", "--filter=blob:none", url, "+refs/*:refs/*", cwd=scratch,
                           check=False, timeout=600)
        if done.returncode != 0:
            raise TaskSetupError(f"{shown} cannot be read ({_last_line(done)}); fix repo.url")
        done = git("rev-parse", "--verify", "--end-of-options", spec, cwd=scratch, check=False)
        if done.returncode != 0:
            raise TaskSetupError(f"{ref!r} is not a commit in {shown} ({_last_line(done)}); {fix}")
        return done.stdout.decode().strip()


def _ls_remote_match(listing: str, ref: str) -> str | None:
    """The commit `ref` names among ls-remote's lines, in git's own order of lookup (rev-parse's rules):
    the name itself, refs/<name>, refs/tags/<name>, refs/heads/<name>; an annotated tag by its peeled line."""
    refs: dict[str, str] = {}
    for line in listing.splitlines():
        sha, _, name = line.partition("\t")
        refs[name] = sha
    for name in (ref, f"refs/{ref}", f"refs/tags/{ref}", f"refs/heads/{ref}"):
        if name in refs:
            return refs.get(f"{name}^{{}}", refs[name])
    return None


def checkout_commit(url: str, commit: str, dest: Path, shown: str | None = None) -> None:
    """Make `dest` a repository whose work tree is `commit` of the repository at `url` (checked out detached).
    Branches and tags are fetched; every other ref only when the commit is not reachable from those."""
    local = _is_local(url)
    if local:
        url = str(Path(url).resolve())  # git runs in `dest`
    git("init", "-q", str(dest))
    for refspecs in (("+refs/heads/*:refs/source/heads/*", "+refs/tags/*:refs/source/tags/*"),
                     ("+refs/*:refs/source/all/*",)):
        done = git("fetch", "-q", "--no-tags", url, *refspecs, cwd=dest, check=False, timeout=600,
                   env=LOCAL_SOURCE_ENV if local else None)
        if done.returncode != 0:
            raise TaskSetupError(f"{shown or url} cannot be fetched ({_last_line(done)}); fix repo.url")
        if git("cat-file", "-e", f"{commit}^{{commit}}", cwd=dest, check=False).returncode == 0:
            break
    else:
        raise TaskSetupError(f"commit {commit} is not in {shown or url} (a ref moved or was deleted?); "
                             f"run `localagentbench check` and fix repo.ref")
    done = git("checkout", "-q", "--detach", commit, cwd=dest, check=False)
    if done.returncode != 0:
        raise TaskSetupError(f"commit {commit} of {shown or url} cannot be checked out ({_last_line(done)})")


def init_single_commit(workdir: Path) -> str:
    """Make `workdir` a fresh repository whose history is one commit of its current files; return its sha.

    Every file is committed, ignored ones included, except the ignored paths of the rule book (tool caches).
    """
    git("init", "-q", "--template=", "-b", "main", cwd=workdir)  # no template: no sample hooks, fewer files to copy
    git("add", "-A", "-f", "--", ".", *rules.git_excludes(), cwd=workdir)
    git("commit", "-q", "--no-verify", "--allow-empty", "-m", "task", cwd=workdir)
    return (workdir / ".git" / "refs" / "heads" / "main").read_text().strip()


def _private(snapshot_git: Path, scratch: Path) -> dict[str, str]:
    """Variables that point git at a private index and object directory in `scratch`, the snapshot's objects
    reached as alternates: the snapshot's repository is only read, so no run's files ever enter the snapshot
    that later repetitions are copied from."""
    objects = scratch / "objects"
    objects.mkdir(parents=True, exist_ok=True)
    return {"GIT_OBJECT_DIRECTORY": str(objects), "GIT_INDEX_FILE": str(scratch / "index"),
            "GIT_ALTERNATE_OBJECT_DIRECTORIES": str(Path(snapshot_git).resolve() / "objects")}


CHUNK_BYTES = 1 << 20      # the diff is read, written and parsed this much at a time
HEAD_BYTES = 1 << 16       # the start of a line kept for parsing: a header's two paths, quoted (4x) at PATH_MAX each
MAX_CHANGED_FILES = 100_000  # a change touching more files than this is no change to grade (change_too_large)


@dataclass
class TakenChange:
    """What snapshot_diff wrote: the patch's size, the files it touches ((status, path), see patch_files), and
    whether it went over a cap (then the patch file is left empty: no part of the change is graded)."""

    size: int
    files: list[tuple[str, str]]
    over_cap: str | None = None   # which cap it went over: "bytes" or "files"


def snapshot_diff(snapshot_git: Path, workdir: Path, scratch: Path, out: Path, max_bytes: int,
                  max_files: int = MAX_CHANGED_FILES, timeout: float = 300,
                  excludes: Sequence[str] = ()) -> TakenChange:
    """Write the binary diff from the pristine snapshot to the work tree (new files included, .git and the rule
    book's ignored paths left out) to `out`, as git writes it, in bounded memory; over `max_bytes` or
    `max_files` git is stopped and `out` is left empty.

    The work tree is staged by `git add` into a private index (see _private) and compared with the snapshot's
    commit. git reads the agent's tree by lstat, never following a symlink; the caller has removed what git
    would read through (nested repositories, FIFOs, devices) first. git's output is streamed: read, written and
    parsed (PatchFiles) a chunk at a time, never held whole or split into lines. `excludes`: more pathspecs
    left out (the language's build output, rules.build_excludes).
    """
    env = _private(snapshot_git, scratch)
    where = ("--git-dir", str(snapshot_git), "--work-tree", str(workdir))
    if excludes:   # an excluded path the snapshot holds (a fixture's Cargo.lock) stays as it is, not deleted
        done = _git_index(env, *where, "read-tree", "HEAD", cwd=workdir)
        if done.returncode != 0:
            raise UserError(f"git read-tree: {done.stderr.decode(errors='replace').strip()}")
    done = _git_index(env, *where, "add", "-A", "-f", "--", ".", *rules.git_excludes(), *excludes, cwd=workdir)
    if done.returncode != 0:
        raise UserError(f"git add: {done.stderr.decode(errors='replace').strip()}")
    argv = ["git", *where, "diff", "--cached", "--binary", "--no-color", "--no-ext-diff", "--no-textconv",
            "--no-renames", "HEAD"]
    parser, size, over = PatchFiles(), 0, None
    with open(scratch / "diff.stderr", "w+b") as err, open(out, "wb") as sink:
        proc = subprocess.Popen(argv, cwd=workdir, env={**git_env(), **env}, stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=err)
        timer = threading.Timer(timeout, proc.kill)
        timer.start()
        try:
            while chunk := proc.stdout.read(CHUNK_BYTES):
                size += len(chunk)
                if size > max_bytes:
                    over = "bytes"
                    break
                sink.write(chunk)
                parser.feed(chunk)
                if len(parser.files) > max_files:
                    over = "files"
                    break
        finally:
            if over:
                proc.kill()
            proc.stdout.close()
            code = proc.wait()
            timer.cancel()
        if over:
            sink.truncate(0)
            return TakenChange(0, [], over)
        if code != 0:
            err.seek(0)
            why = err.read(4096).decode(errors="replace").strip() or f"exit {code} (timed out after {timeout:g} s?)"
            raise UserError(f"git diff: {why}")
    parser.close()
    return TakenChange(size, parser.files)


def apply_patch(snapshot_git: Path, patch_file: Path, dest: Path, scratch: Path) -> None:
    """Apply `patch_file` (a snapshot_diff) to `dest`, a copy of the snapshot's files without .git, with
    `git apply`; raise UserError with git's reason when it does not apply (then nothing was written).

    git runs with the snapshot's repository as `dest`'s (a private index and objects, see _private), so the
    copy's .gitattributes are read as they were when the diff was taken. git refuses paths outside the copy,
    .git paths and writes beyond a symlink.
    """
    env = _private(snapshot_git, scratch)
    done = _git_index(env, "--git-dir", str(snapshot_git), "--work-tree", str(dest), "apply", "--binary",
                      "--whitespace=nowarn", str(Path(patch_file).resolve()), cwd=dest)
    if done.returncode != 0:
        lines = done.stderr.decode(errors="replace").strip().splitlines()
        raise UserError(f"git apply: {lines[-1] if lines else f'exit {done.returncode}'}")


def head_commit(git_dir: Path) -> str | None:
    """The commit HEAD names in `git_dir`, read from its files; None when it cannot be told that way.

    Read without following links or blocking, and capped: this reads an agent's own `.git`, whose
    configuration no git the harness starts may read.
    """
    try:
        head = safefs.read_capped(git_dir, "HEAD", 4096)
        if head is None:
            return None
        text = head[0].strip()
        if not text.startswith(b"ref: "):
            return text.decode("ascii") if len(text) in (40, 64) else None
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


def _git_index(extra_env: dict[str, str], *args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**git_env(), **extra_env}
    return subprocess.run(["git", *args], cwd=cwd, env=env, capture_output=True, timeout=300)


_HEADER = re.compile(rb"^(?:diff --git [^\n]*|new file mode|deleted file mode)", re.M)


class PatchFiles:
    """patch_files fed a chunk at a time: only the headers a patch's lines start with are looked at, and only
    the first HEAD_BYTES of a line are ever kept (a file of one endless line costs no more than any other).
    A header cannot be mistaken for content: every content line starts with ' ', '+', '-' or '\\', and the
    lines of a binary patch are base85, which has no space."""

    def __init__(self) -> None:
        self.files: list[tuple[str, str]] = []
        self._carry = b""      # the start of the line the last chunk ended in
        self._skip = False     # the rest of an over-long line, already looked at, is still to come

    def feed(self, chunk: bytes) -> None:
        """Take the next bytes of the patch."""
        if self._skip:
            nl = chunk.find(b"\n")
            if nl < 0:
                return
            chunk, self._skip = chunk[nl + 1:], False
        buf = self._carry + chunk
        cut = buf.rfind(b"\n") + 1
        for match in _HEADER.finditer(buf, 0, cut):
            self._line(match.group(0))
        rest = buf[cut:]
        if len(rest) > HEAD_BYTES:
            self._line(rest[:HEAD_BYTES])
            rest, self._skip = b"", True
        self._carry = rest

    def close(self) -> None:
        """The patch ended (its last line may have no newline)."""
        if self._carry:
            self._line(self._carry)
        self._carry = b""

    def _line(self, line: bytes) -> None:
        files = self.files
        if line.startswith(b"diff --git "):
            files.append(("M", _header_path(line[len(b"diff --git "):])))
        elif files and line.startswith(b"new file mode"):
            files[-1] = ("A", files[-1][1])
        elif files and line.startswith(b"deleted file mode"):
            files[-1] = ("D", files[-1][1])


def _quoted_end(rest: bytes) -> int:
    """The index of the quote closing the C-quoted string `rest` starts with (git's quoting: a backslash escapes
    the next character, so `"a\\\\"` ends at its last quote), or len(rest) when it is not closed."""
    i = 1
    while i < len(rest):
        if rest[i] == 0x5C:      # a backslash: the next character is escaped, whatever it is
            i += 2
        elif rest[i] == 0x22:    # an unescaped quote
            return i
        else:
            i += 1
    return len(rest)


def _header_path(rest: bytes) -> str:
    """The path of a `diff --git a/X b/X` line (after `diff --git `), unquoted, without its `a/`."""
    if rest.startswith(b'"'):
        a_path = rest[:_quoted_end(rest) + 1]
    else:
        a_path = rest[: (len(rest) - 1) // 2]  # "a/X b/X": both halves are the same length
    name = rules.unquote_path(a_path)
    name = name[1:-1] if name.startswith('"') else name
    return name[2:] if name.startswith("a/") else name


def patch_files(patch: bytes | BinaryIO) -> list[tuple[str, str]]:
    """(status, path) for each file a `git diff --no-renames` patch touches: A added, D deleted, M modified.
    `patch` is the patch's bytes or a binary file, read a chunk at a time."""
    parser = PatchFiles()
    if isinstance(patch, (bytes, bytearray)):
        view = memoryview(patch)
        for start in range(0, len(view), CHUNK_BYTES):
            parser.feed(bytes(view[start:start + CHUNK_BYTES]))
    else:
        while chunk := patch.read(CHUNK_BYTES):
            parser.feed(chunk)
    parser.close()
    return parser.files
