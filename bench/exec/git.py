"""The few git operations the harness needs, run as real git with a fixed identity and no user config."""
from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path

from bench.exec import gitwrite
from bench.common.errors import UserError

# The agent's change is computed against a snapshot the agent cannot reach, ignoring caches.
DIFF_EXCLUDES = [":(exclude,glob)**/__pycache__/**", ":(exclude,glob)**/*.pyc"]


def git_env() -> dict[str, str]:
    """An environment where the user's and system git config cannot change what the harness does."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update({
        "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1", "GIT_TERMINAL_PROMPT": "0",
        "GIT_AUTHOR_NAME": "localagentbench", "GIT_AUTHOR_EMAIL": "bench@localagentbench.invalid",
        "GIT_COMMITTER_NAME": "localagentbench", "GIT_COMMITTER_EMAIL": "bench@localagentbench.invalid",
        "GIT_AUTHOR_DATE": "2000-01-01T00:00:00Z", "GIT_COMMITTER_DATE": "2000-01-01T00:00:00Z",
    })
    return env


def git(*args: str, cwd: Path | None = None, check: bool = True, input: bytes | None = None,
        timeout: float = 120) -> subprocess.CompletedProcess:
    """Run git; raise UserError with its stderr when `check` and it fails."""
    try:
        done = subprocess.run(["git", *args], cwd=cwd, env=git_env(), input=input,
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
        env = {"GIT_CEILING_DIRECTORIES": str(path.resolve().parent)}
        done = _git_index(env, "rev-parse", "--verify", "--end-of-options", spec, cwd=path)
        if done.returncode == 0:
            return done.stdout.decode().strip()
        raise TaskSetupError(f"{ref!r} is not a commit in {shown} ({_last_line(done)}); {fix}")
    with tempfile.TemporaryDirectory(prefix="lab-ref-") as tmp:
        scratch = Path(tmp)
        git("init", "-q", "--bare", cwd=scratch)
        if "://" not in url and path.is_file():  # a bundle: its refs as they are, then git's own lookup
            done = git("fetch", "-q", "--no-tags", url, "+refs/*:refs/*", cwd=scratch, check=False, timeout=600)
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
    if "://" not in url and Path(url).exists():
        url = str(Path(url).resolve())  # git runs in `dest`
    git("init", "-q", str(dest))
    for refspecs in (("+refs/heads/*:refs/source/heads/*", "+refs/tags/*:refs/source/tags/*"),
                     ("+refs/*:refs/source/all/*",)):
        done = git("fetch", "-q", "--no-tags", url, *refspecs, cwd=dest, check=False, timeout=600)
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


def init_single_commit(workdir: Path, *, use_git: bool = False) -> str:
    """Make `workdir` a fresh repository whose history is one commit of its current files; return its sha.

    Written in-process (gitwrite) unless the tree needs real git or `use_git`; the result is the same commit.
    """
    if not use_git:
        try:
            return gitwrite.init_single_commit(workdir)
        except gitwrite.Unsupported:
            pass
    git("init", "-q", "-b", "main", cwd=workdir)
    git("add", "-A", "-f", "--", ".", *DIFF_EXCLUDES, cwd=workdir)
    git("commit", "-q", "--no-verify", "--allow-empty", "-m", "task", cwd=workdir)
    return (workdir / ".git" / "refs" / "heads" / "main").read_text().strip()


def snapshot_diff(snapshot_git: Path, workdir: Path, scratch: Path, *, use_git: bool = False) -> bytes:
    """The binary diff from the pristine snapshot to the work tree, new files included, .git ignored.

    The snapshot's repository is only read: the objects this run writes go to `scratch` (the snapshot's
    objects are reached as alternates), so no run's changes ever enter the snapshot that later
    repetitions are copied from. The work tree is stored in-process and compared tree to tree (no git
    at all when nothing changed); trees that need real git are staged by `git add` into a private index.
    """
    objects = scratch / "objects"
    snapshot_objects = Path(snapshot_git).resolve() / "objects"
    env = {"GIT_OBJECT_DIRECTORY": str(objects), "GIT_ALTERNATE_OBJECT_DIRECTORIES": str(snapshot_objects)}
    where = ("--git-dir", str(snapshot_git), "--work-tree", str(workdir))
    options = ("--binary", "--no-color", "--no-ext-diff", "--no-renames")
    if not use_git:
        try:
            writer = gitwrite.ObjectWriter(objects, existing=snapshot_objects)
            after = gitwrite.write_tree(workdir, writer)
            writer.close()
            head = gitwrite.head_commit(Path(snapshot_git))
            before = gitwrite.commit_tree(Path(snapshot_git), head) if head else None
        except (gitwrite.Unsupported, RecursionError):  # deeper than the in-process walk goes: git's turn
            pass
        else:
            if before == after:
                return b""
            objects.mkdir(parents=True, exist_ok=True)  # git wants it even when every object was known
            diff = _git_index(env, *where, "diff", *options, before or "HEAD", after, cwd=workdir)
            if diff.returncode != 0:
                raise UserError(f"git diff: {diff.stderr.decode(errors='replace').strip()}")
            return diff.stdout
    objects.mkdir(parents=True, exist_ok=True)
    env["GIT_INDEX_FILE"] = str(scratch / "index")
    done = _git_index(env, *where, "add", "-A", "-f", "--", ".", *DIFF_EXCLUDES, cwd=workdir)
    if done.returncode != 0:
        raise UserError(f"git add: {done.stderr.decode(errors='replace').strip()}")
    diff = _git_index(env, *where, "diff", "--cached", *options, "HEAD", cwd=workdir)
    if diff.returncode != 0:
        raise UserError(f"git diff: {diff.stderr.decode(errors='replace').strip()}")
    return diff.stdout


def _git_index(extra_env: dict[str, str], *args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**git_env(), **extra_env}
    return subprocess.run(["git", *args], cwd=cwd, env=env, capture_output=True, timeout=300)


def _unquote(path: bytes) -> str:
    """A path as git prints it in a diff header: C-quoted when it holds special characters."""
    if path.startswith(b'"') and path.endswith(b'"'):
        import codecs
        return codecs.escape_decode(path[1:-1])[0].decode("utf-8", errors="replace")
    return path.decode("utf-8", errors="replace")


def patch_files(patch: bytes) -> list[tuple[str, str]]:
    """(status, path) for each file a `git diff --no-renames` patch touches: A added, D deleted, M modified."""
    files: list[tuple[str, str]] = []
    for line in patch.split(b"\n"):
        if line.startswith(b"diff --git "):
            rest = line[len(b"diff --git "):]
            if rest.startswith(b'"'):
                end = rest.index(b'"', 1)
                while rest[end - 1:end] == b"\\":
                    end = rest.index(b'"', end + 1)
                a_path = rest[:end + 1]
            else:
                a_path = rest[: (len(rest) - 1) // 2]  # "a/X b/X": both halves are the same length
            name = _unquote(a_path)
            name = name[1:-1] if name.startswith('"') else name
            files.append(("M", name[2:] if name.startswith("a/") else name))
        elif files and line.startswith(b"new file mode"):
            files[-1] = ("A", files[-1][1])
        elif files and line.startswith(b"deleted file mode"):
            files[-1] = ("D", files[-1][1])
    return files
