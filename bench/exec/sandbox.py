"""The sandbox agents and grading commands run in: bubblewrap on Linux, or none (recorded and warned about).

Under bwrap a run sees: system directories read-only; the Python installation read-only; its own workdir
(or grading copy) read-write; a private HOME and /tmp; read-only, the agent's binary and what it needs
to start (binary_mounts), the --sandbox-ro paths and the prompt file. It does not see the repository,
held-out tests, solutions, other runs or the rest of the user's home: wherever one of those binds would show a
secret (secret_paths: every run's suite and results directory, the snapshot cache, the temporary root, the
harness's checkout), at its real path or an alias, a mask covers it (masks()). It holds no capabilities, even when
the harness runs as root: in a user namespace that cannot create further ones where the kernel allows it,
else with every capability dropped. It has its own PID namespace, so when the run ends every process it
started ends too, daemons that called setsid included.

Its network is one of three. With `model_socket` and `model_port` (an agent phase that uses the model proxy),
a network namespace of its own in which only 127.0.0.1:<port> (and [::1]:<port>) answers: netfwd.py, run
first, relays it to the recording proxy's Unix socket bound inside, so the agent reaches the proxy at the URL
it was given and nothing else (no route off the machine, none of the host's loopback services or abstract
Unix sockets). With network=False (grading, agents with no model): no network at all. With network=True and
no socket: the host's network, unrestricted. SECURITY.md states the threat model.
"""
from __future__ import annotations

import functools
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from bench.common import paths
from bench.common.errors import UserError

KINDS = ("auto", "bwrap", "none")
SYSTEM_DIRS = ["/usr", "/bin", "/sbin", "/lib", "/lib64", "/lib32", "/etc", "/opt"]
CAP_DROP = ("--cap-drop", "ALL")
# --disable-userns (bwrap >= 0.8) needs a user namespace of bwrap's own and forbids nested ones inside it.
USER_NAMESPACE = ("--unshare-user", "--disable-userns")
# What takes a sandbox's capabilities away, tried in this order: the first that works here is used by every
# sandbox. Root without user namespaces still gets CAP_DROP (its bounding set stays full; bwrap's
# no_new_privs keeps exec from raising anything back from it).
CONFINEMENTS = ((*USER_NAMESPACE, *CAP_DROP), CAP_DROP)
PROBE_ARGV = ["cat", "/proc/self/status", "/proc/self/uid_map"]  # one exec: what any process in it holds
INIT_UID_MAP = ["0", "0", "4294967295"]  # /proc/self/uid_map outside any user namespace
# A sandbox that may reach the model proxy and nothing else: the proxy's Unix socket and the relay that serves it as
# 127.0.0.1:<port> inside (bench/exec/netfwd.py), at fixed paths on the sandbox's private /run.
NETFWD = Path(__file__).resolve().with_name("netfwd.py")
MODEL_DIR_INSIDE = Path("/run/localagentbench")
MODEL_SOCKET_INSIDE = MODEL_DIR_INSIDE / "model.sock"
NETFWD_INSIDE = MODEL_DIR_INSIDE / "netfwd.py"


@dataclass(frozen=True)
class Confinement:
    """How this machine's sandboxes are confined: the bwrap flags, and what the probe found with them.

    `failure` is None when a sandbox started with no capabilities, else "not_found", "cannot_start" (bwrap
    cannot create namespaces here) or "capabilities" (a sandbox would keep capabilities); `problem` says it
    in words.
    """
    flags: tuple[str, ...]
    user_namespace: bool
    problem: str | None = None
    failure: str | None = None


def capability_sets(status: str) -> dict[str, int]:
    """The capability masks (CapInh, CapPrm, CapEff, CapBnd, CapAmb) in /proc/<pid>/status text."""
    found = {}
    for line in status.splitlines():
        name, _, value = line.partition(":")
        if name.startswith("Cap") and value.strip():
            try:
                found[name] = int(value.strip(), 16)
            except ValueError:
                continue
    return found


def _check_probe(flags: tuple[str, ...], done: subprocess.CompletedProcess) -> Confinement:
    """What one probe sandbox's run says about `flags`."""
    userns = "--unshare-user" in flags
    err = done.stderr.decode(errors="replace").strip()[:200]
    if done.returncode != 0:
        failure = "capabilities" if "--cap-drop" in err else "cannot_start"
        why = "cannot drop capabilities" if failure == "capabilities" else "cannot create namespaces here"
        return Confinement(flags, userns, f"bwrap {why}: {err or f'exit code {done.returncode}'}", failure)
    out = done.stdout.decode(errors="replace")
    caps = capability_sets(out)
    if "CapEff" not in caps:
        return Confinement(flags, userns, f"bwrap started but CapEff could not be read inside: {out.strip()[:200]!r}",
                           "capabilities")
    if caps["CapEff"] or caps.get("CapPrm"):
        return Confinement(flags, userns, f"bwrap started but the sandbox kept capabilities (CapEff "
                                          f"{caps['CapEff']:016x}, CapPrm {caps.get('CapPrm', 0):016x})",
                           "capabilities")
    uid_map = [line.split() for line in out.splitlines() if line.split() and line.split()[0].isdigit()]
    if userns and uid_map[:1] in ([], [INIT_UID_MAP]):
        return Confinement(flags, userns, "bwrap --unshare-user started no user namespace", "cannot_start")
    return Confinement(flags, userns)


def _probe(exe: str, flags: tuple[str, ...]) -> Confinement:
    """Start one sandbox exactly as wrap() would with `flags` and check what it got."""
    with tempfile.TemporaryDirectory(prefix="lab-probe-") as home:
        argv = _bwrap_args(exe, flags, PROBE_ARGV, cwd=Path(home), rw=[], ro=[], home=Path(home), network=False)
        try:
            done = subprocess.run(argv, capture_output=True, timeout=20, stdin=subprocess.DEVNULL)
        except (OSError, subprocess.SubprocessError) as exc:
            return Confinement(flags, "--unshare-user" in flags, f"bwrap failed to start: {exc}", "cannot_start")
    return _check_probe(flags, done)


@functools.lru_cache(maxsize=1)
def confinement() -> Confinement:
    """The first of CONFINEMENTS whose sandbox starts here with no capabilities (one bwrap start, two
    where user namespaces are refused)."""
    exe = shutil.which("bwrap")
    if exe is None:
        return Confinement(CONFINEMENTS[-1], False, "bwrap not found (install the 'bubblewrap' package)", "not_found")
    tried = []
    for flags in CONFINEMENTS:
        found = _probe(exe, flags)
        if found.problem is None:
            return found
        tried.append(found)
    # A kernel refusing user namespaces is expected; a sandbox that kept capabilities is the news.
    return next((c for c in tried if c.failure == "capabilities"), tried[-1])


def bwrap_works() -> str | None:
    """None when bubblewrap can start a sandbox here with no capabilities, else the reason it cannot."""
    return confinement().problem


@functools.lru_cache(maxsize=1)
def _bwrap() -> str:
    return shutil.which("bwrap") or "bwrap"


def resolve(kind: str | None) -> str:
    """The sandbox to use: 'auto' picks bwrap where it works, else none; 'bwrap' must work."""
    kind = kind or "auto"
    if kind not in KINDS:
        raise UserError(f"--sandbox: unknown sandbox {kind!r}; choose one of {', '.join(KINDS)}")
    if kind == "none":
        return "none"
    problem = bwrap_works() if sys.platform.startswith("linux") else "bubblewrap is Linux-only"
    if problem is None:
        return "bwrap"
    if kind == "bwrap":
        raise UserError(f"--sandbox bwrap: {problem}; install bubblewrap or pass --sandbox none")
    return "none"


@functools.lru_cache(maxsize=1)
def python_dirs() -> tuple[Path, ...]:
    """Where the running interpreter and its libraries live (needed by python-based agents and tests)."""
    dirs = {Path(sys.base_prefix).resolve(), Path(sys.prefix).resolve(), Path(sys.executable).resolve().parent}
    # One mount covers a directory and what lies inside it. One under a system directory is mounted too, so a
    # masked secret around it (a checkout under /opt holding its .venv) never hides the interpreter.
    outer = [d for d in dirs if not any(o != d and d.is_relative_to(o) for o in dirs)]
    return tuple(sorted(d for d in outer if str(d) not in SYSTEM_DIRS))


MAX_LINKS = 40  # symlinks followed resolving one path, as the kernel's limit
SHEBANG_BYTES = 256


def _home() -> Path | None:
    home = os.environ.get("HOME")
    return Path(os.path.realpath(home)) if home and home != "/" else None


def _visible(path: Path) -> bool:
    """Whether every sandbox shows `path` already: under a system directory or the Python installation, and not
    inside a secret (secret_paths: masked there, so a program that lies inside one needs a mount of its own)."""
    real = os.path.realpath(path)
    return (any(path == Path(d) or path.is_relative_to(d) for d in (*SYSTEM_DIRS, *python_dirs()))
            and not any(_inside(real, secret) is not None for secret in secret_paths()))


def _too_wide(path: Path) -> bool:
    """Never mounted: `/`, and the user's home or any directory holding it."""
    home = _home()
    return path == Path("/") or (home is not None and home.is_relative_to(path))


def symlink_chain(path: str | Path) -> tuple[list[Path], Path]:
    """Resolve `path` as the kernel does: (every symlink met on the way, each at its real location; the real path).

    A sandbox that recreates those symlinks (wrap() does, for each one it is given) resolves the path exactly as
    the host does, so a launcher that finds its files relative to its own real location (npm's bin links) works.
    """
    todo = list(Path(os.path.abspath(os.path.expanduser(str(path)))).parts[1:])
    cur, links = Path("/"), []
    while todo:
        name = todo.pop(0)
        if name in ("", "."):
            continue
        if name == "..":
            cur = cur.parent
            continue
        nxt = cur / name
        if not nxt.is_symlink():
            cur = nxt
            continue
        if len(links) >= MAX_LINKS:
            break
        target = os.readlink(nxt)
        links.append(nxt)
        if os.path.isabs(target):
            cur = Path("/")
        todo = list(Path(target).parts[1 if os.path.isabs(target) else 0:]) + todo
    return links, cur


def shebang(path: Path) -> list[str]:
    """The interpreter line of a script (`#!/usr/bin/env node` -> ["/usr/bin/env", "node"]), [] for none."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(SHEBANG_BYTES)
    except OSError:
        return []
    if not head.startswith(b"#!"):
        return []
    words = head[2:].split(b"\n", 1)[0].decode(errors="replace").split()
    if len(words) > 2 and Path(words[0]).name == "env" and words[1] == "-S":  # env -S "node --flag"
        words = [words[0], *words[2:]]
    return words


def _interpreter(words: list[str], search_path: str | None) -> Path | None:
    """The program a shebang runs: the named path, or for `env NAME` what PATH finds. Version managers' shims
    (a `shims/` directory: pyenv, rbenv, asdf) are passed over, as they are in the sandbox, where they are not
    shown: they pick the real program from files under the user's HOME, which a sandbox replaces with its own."""
    if not words:
        return None
    if Path(words[0]).name != "env":
        return Path(words[0])
    name = next((w for w in words[1:] if not w.startswith("-") and "=" not in w), None)
    for directory in (search_path or "").split(os.pathsep) if name and "/" not in name else []:
        candidate = Path(directory or ".") / name
        if "shims" not in candidate.parts[:-1] and candidate.is_file() and os.access(candidate, os.X_OK):
            return candidate
    return None


def _venv(directory: Path) -> tuple[Path, list[Path]] | None:
    """(the virtualenv whose bin/ is `directory`, what its base interpreter needs), or None when it is none."""
    venv = directory.parent
    cfg = venv / "pyvenv.cfg"
    if directory.name not in ("bin", "Scripts") or not cfg.is_file():
        return None
    needs: list[Path] = []
    try:
        lines = cfg.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        lines = []
    for line in lines:
        key, _, value = line.partition("=")
        if key.strip() == "home" and value.strip():
            base_bin = Path(os.path.realpath(value.strip()))
            needs += [base_bin.parent / "lib", base_bin.parent / "lib64"]   # the base prefix's stdlib, libpython
    return venv, needs


def _package_dir(real: Path) -> Path | None:
    """For a file inside node_modules: the npm package it belongs to, or the whole node_modules tree when the
    package's dependencies were installed beside it (a project install) rather than inside it (`npm -g`)."""
    parts = real.parts
    if "node_modules" not in parts[:-1]:
        return None
    idx = len(parts) - 2 - parts[-2::-1].index("node_modules")
    tree = Path(*parts[: idx + 1])
    if idx + 1 >= len(parts) - 1:
        return tree
    depth = 2 if parts[idx + 1].startswith("@") else 1
    package = Path(*parts[: idx + 1 + depth])
    try:
        meta = json.loads((package / "package.json").read_text(encoding="utf-8"))
        deps = {**(meta.get("dependencies") or {}), **(meta.get("optionalDependencies") or {})}
    except (OSError, ValueError, AttributeError):
        deps = {}
    hoisted = any(not (package / "node_modules" / d).exists() and (tree / d).exists() for d in deps)
    return tree if hoisted else package


def binary_mounts(path: str | Path, search_path: str | None = None, _seen: set | None = None) -> list[Path]:
    """What a sandbox must show, read-only, for the program at `path` to start, and nothing more.

    The symlinks on the way to it (recreated as symlinks inside) and the file itself; the virtualenv it lies
    in (pyvenv.cfg beside its bin/) and that venv's base interpreter's lib/; the npm package its real path lies
    in; and, for a script, its interpreter (`#!/usr/bin/env node`: the node PATH finds, `#!/path/python`: that
    one) with the same rules, plus the interpreter's install prefix (`<prefix>/bin/node` -> `<prefix>`). What
    every sandbox already shows (system directories, the harness's Python) is left out, and so is `/` or any
    directory holding the user's home: the home as a whole is never mounted. `search_path`: the PATH the
    program runs with (default: the harness's).
    """
    seen = set() if _seen is None else _seen
    search_path = os.environ.get("PATH") if search_path is None else search_path
    links, real = symlink_chain(path)
    if real in seen or not os.path.lexists(real):
        return []
    seen.add(real)
    found: list[Path] = [*links, real]
    for step in (*links, real):   # venv/bin/python is a link out of its venv, and still needs pyvenv.cfg
        venv = _venv(step.parent)
        if venv:
            found += [venv[0], *venv[1]]
    package = _package_dir(real)
    if package:
        found.append(package)
    interpreter = _interpreter(shebang(real), search_path) if real.is_file() else None
    if interpreter is not None:
        found += binary_mounts(interpreter, search_path, seen)
        ireal = symlink_chain(interpreter)[1]
        if ireal.parent.name == "bin" and not _venv(ireal.parent):
            found.append(ireal.parent.parent)       # its install prefix (~/.nvm/versions/node/vX)
    return found if _seen is not None else mount_set(found)


def mount_set(paths: Sequence[str | Path]) -> list[Path]:
    """`paths` as wrap() should mount them: existing, absolute, without what every sandbox shows already, without
    `/` or anything holding the home, and without what lies inside another of them (a directory mounted covers it)."""
    out: list[Path] = []
    for raw in paths:
        path = Path(os.path.abspath(os.path.expanduser(str(raw))))
        if not os.path.lexists(path) or _visible(path) or _too_wide(path) or path in out:
            continue
        out.append(path)
    dirs = [p for p in out if p.is_dir() and not p.is_symlink()]
    return [p for p in out if not any(d != p and p.is_relative_to(d) for d in dirs)]


def extra_mounts(paths: Sequence[str | Path]) -> list[Path]:
    """The --sandbox-ro paths: each with the symlinks on the way to it; a UserError (one line) for one that does
    not exist or would mount the user's home as a whole."""
    found: list[Path] = []
    for raw in paths:
        links, real = symlink_chain(raw)
        if not real.exists():
            raise UserError(f"--sandbox-ro {raw}: no such file or directory")
        if _too_wide(real):
            raise UserError(f"--sandbox-ro {raw}: that would show the whole home directory (or /) to the agent; "
                            "name the directories it needs inside it")
        found += [*links, real]
    return mount_set(found)


def model_argv(argv: Sequence[str], model_port: int) -> list[str]:
    """argv started by the relay (netfwd.py, with the harness's own interpreter) that serves 127.0.0.1:`model_port`
    inside the sandbox from the model proxy's socket, and ends with argv's exit status."""
    python = str(Path(sys.executable).resolve())   # shown by python_dirs(); -I -S: its stdlib only
    return [python, "-I", "-S", str(NETFWD_INSIDE), "--port", str(model_port), "--socket", str(MODEL_SOCKET_INSIDE),
            "--", *argv]


@dataclass(frozen=True)
class _Mount:
    """One bwrap mount operation: where it lands inside (`dest`), its arguments, and for a bind the host path it
    shows (`source`); `own` marks the run's own paths (workdir, grading copy, scratch, HOME, the proxy's socket)."""
    dest: str
    args: tuple[str, ...]
    source: str | None = None
    own: bool = False


_SECRETS: set[str] = set()
_SECRETS_LOCK = threading.Lock()


def keep_secret(paths: Iterable[str | Path | None]) -> None:
    """Add `paths` to what no sandbox this process starts may show (see secret_paths): every later wrap() masks
    each of them wherever one of its mounts would show it."""
    with _SECRETS_LOCK:
        _SECRETS.update(str(p) for p in paths if p)


def run_secrets(record: dict) -> list[str]:
    """What a run's sandboxes must never show, from its record: the task's suite (its root, task file, held-out
    tests, full tests, reference solution and overfit demo) and the results directory the run lies in
    (runs/<task>/<rep>)."""
    task = record.get("task") or {}
    found = [task.get("suite_root"), task.get("source_file"), (task.get("heldout") or {}).get("path"),
             (task.get("visible_all") or {}).get("path"), task.get("solution"), task.get("overfit_demo")]
    run_dir = (record.get("paths") or {}).get("run_dir")
    if run_dir and len(Path(run_dir).parents) > 3:
        found.append(str(Path(run_dir).parents[2]))
    return [p for p in found if p]


def secret_paths() -> list[str]:
    """Every path no sandbox may show, as real paths (existing ones only): the harness's snapshot cache, its
    temporary root (other runs' workdirs and grading copies), its own checkout (which holds the suite it ships),
    and what keep_secret() registered (each run's suite and results directory)."""
    with _SECRETS_LOCK:
        found = {*_SECRETS, str(paths.cache_dir()), paths.temp_root()}
    if (paths.REPO_ROOT / ".git").exists():
        found.add(str(paths.REPO_ROOT))
    real = {os.path.realpath(os.path.expanduser(p)) for p in found}
    return sorted(p for p in real if p != "/" and os.path.lexists(p))


def _inside(path: str, root: str) -> str | None:
    """`path` relative to `root` ("" for root itself), or None when it lies outside it."""
    if path == root:
        return ""
    return path[len(root):].lstrip("/") if path.startswith(root.rstrip("/") + "/") else None


def masks(mounts: Sequence[_Mount], secrets: Sequence[str]) -> list[_Mount]:
    """A mask for each place a bind in `mounts` shows a secret: at the bind's destination plus the secret's path
    below the bind's real source, so an alias (/lib bound from /usr/lib) is masked as well as the real path. A
    directory gets an empty read-only tmpfs, a file /dev/null. A secret that is one of the run's own paths is not
    masked (the run's workdir is its own even under the temporary root)."""
    own = {os.path.realpath(m.source) for m in mounts if m.own and m.source}
    found: dict[str, _Mount] = {}
    for secret in (s for s in secrets if s not in own):
        for mount in mounts:
            rel = _inside(secret, os.path.realpath(mount.source)) if mount.source else None
            if rel is None:
                continue
            dest = os.path.join(mount.dest, rel) if rel else mount.dest
            if dest in found:
                continue
            args = ("--tmpfs", dest) if os.path.isdir(secret) else ("--ro-bind", "/dev/null", dest)
            found[dest] = _Mount(dest, args)
    return [m for m in found.values() if not _covered(m, mounts, found)]


def _covered(mask: _Mount, mounts: Sequence[_Mount], found: dict[str, _Mount]) -> bool:
    """Whether another mask already hides `mask`'s path: the deepest mount around it is a mask (laying this one
    too would only create an empty mount point inside it, which tells the secret's name)."""
    around = [m for m in (*mounts, *found.values()) if m is not mask and _inside(mask.dest, m.dest) is not None]
    return bool(around) and max(around, key=lambda m: len(Path(m.dest).parts)).dest in found


def _bind(flag: str, path: str | Path, own: bool = False, dest: str | Path | None = None) -> _Mount:
    return _Mount(str(dest or path), (flag, str(path), str(dest or path)), str(path), own)


MIB = 1 << 20


def _share(divisor: int, low: int, high: int) -> int:
    """1/`divisor` of this machine's physical memory, kept within [low, high] bytes."""
    try:
        physical = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError):
        physical = 0
    return max(low, min(high, physical // divisor))


@functools.lru_cache(maxsize=1)
def memory_mounts() -> dict[str, int]:
    """Every place a sandbox may write that lives in the host's memory (a tmpfs), with the most it may hold in
    bytes. Unbounded, each would take up to half the host's memory, so one agent or test filling them could drive
    the host, the harness and the runs beside it out of memory. `/` (bwrap's root, which holds only the directories
    it creates for mount points) and `/dev` (bwrap's device directory) are bounded too: `/dev` is read-only once
    made, its shared-memory directory a bounded tmpfs of its own."""
    return {"/": 64 * MIB, "/tmp": _share(8, 256 * MIB, 4096 * MIB), "/var/tmp": _share(32, 64 * MIB, 1024 * MIB),
            "/dev/shm": _share(32, 64 * MIB, 1024 * MIB), "/run": 64 * MIB}


@functools.lru_cache(maxsize=1)
def _sizes_supported() -> bool:
    """Whether this bwrap takes --size (0.6 and later): without it the tmpfs mounts stay unbounded."""
    try:
        done = subprocess.run([_bwrap(), "--help"], capture_output=True, timeout=20, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError):
        return False
    return b"--size" in done.stdout + done.stderr


def _tmpfs(dest: str) -> _Mount:
    """A private tmpfs at `dest`, bounded as memory_mounts() says where bwrap can bound it."""
    size = memory_mounts().get(dest)
    return _Mount(dest, ("--size", str(size), "--tmpfs", dest) if size and _sizes_supported() else ("--tmpfs", dest))


def _mounts(*, rw: Sequence[Path], ro: Sequence[Path], home: Path, ro_inside: Sequence[Path],
            model_socket: Path | None, hide: Sequence[Path] = ()) -> list[_Mount]:
    """What a sandbox mounts, before masks: a bounded root, system directories, Python, the `ro` paths, then the
    run's own; /dev/null over each `hide` file."""
    found = [_tmpfs("/")] if _sizes_supported() else []   # bwrap's own root is an unbounded tmpfs
    found += [_bind("--ro-bind-try", path) for path in SYSTEM_DIRS]
    found += [_Mount("/proc", ("--proc", "/proc")), _Mount("/dev", ("--dev", "/dev"))]
    found += [_tmpfs(dest) for dest in ("/dev/shm", "/tmp", "/run", "/var/tmp")]
    found += [_bind("--ro-bind", path) for path in python_dirs()]
    for path in ro:
        if os.path.islink(path):   # recreated, so a launcher sees its real location (binary_mounts' chains)
            found.append(_Mount(str(path), ("--symlink", os.readlink(path), str(path))))
        elif Path(path).exists():
            found.append(_bind("--ro-bind", path))
    found += [_bind("--bind", path, own=True) for path in rw]
    # Deeper than the rw binds they lie in, so they stay read-only within them.
    found += [_bind("--ro-bind", path, own=True) for path in ro_inside]
    # After the ro_inside bind of the same path (the sort below keeps this order): /dev/null in its place.
    found += [_Mount(str(path), ("--ro-bind", "/dev/null", str(path))) for path in hide]
    if model_socket is not None:
        # The socket file itself is bound (a bind mount of a socket inode works; connect() needs it writable), not
        # its directory: the sandbox sees that one socket and nothing else of the harness's.
        found += [_bind("--bind", model_socket, own=True, dest=MODEL_SOCKET_INSIDE),
                  _bind("--ro-bind", NETFWD, own=True, dest=NETFWD_INSIDE)]
    found.append(_bind("--bind", home, own=True))
    return found


def _bwrap_args(exe: str, confine: tuple[str, ...], argv: list[str], *, cwd: Path, rw: list[Path], ro: list[Path],
                home: Path, network: bool, ro_inside: Sequence[Path] = (), model_socket: Path | None = None,
                secrets: Sequence[str] = (), hide: Sequence[Path] = ()) -> list[str]:
    args = [exe, *confine, "--die-with-parent", "--unshare-pid", "--unshare-ipc",
            "--unshare-uts", "--unshare-cgroup-try", "--new-session"]
    if not network or model_socket is not None:
        args.append("--unshare-net")
    mounts = _mounts(rw=rw, ro=ro, home=home, ro_inside=ro_inside, model_socket=model_socket, hide=hide)
    hidden = masks(mounts, secrets)
    # bwrap mounts in argument order: shallowest first, so the most specific path wins (a mask over a secret
    # under /opt, the run's workdir under a masked temporary root), a mask after a bind of the same path.
    for mount in sorted([*mounts, *hidden], key=lambda m: len(Path(m.dest).parts)):
        args += mount.args
    # Read-only once every mount below it is made (bwrap creates their mount points): each mask, /dev, and /proc.
    # bwrap covers /proc/sys only where it finds the directory writable, yet a sandbox whose uid is the host's root
    # (the harness run as root) may write its files (the host's kernel.core_pattern, vm.drop_caches): through a
    # read-only /proc it writes no kernel setting at all.
    args += ["--remount-ro", "/dev", "--remount-ro", "/proc"]
    for mount in hidden:
        if mount.args[0] == "--tmpfs":
            args += ["--remount-ro", mount.dest]
    args += ["--setenv", "HOME", str(home), "--setenv", "TMPDIR", "/tmp", "--chdir", str(cwd), "--"]
    return args + list(argv)


def wrap(argv: list[str], kind: str, *, cwd: Path, rw: list[Path], ro: list[Path] = (), home: Path,
         network: bool, ro_inside: Sequence[Path] = (), model_socket: Path | None = None,
         model_port: int | None = None, hide: Sequence[Path] = ()) -> list[str]:
    """argv wrapped in the sandbox `kind` ('none' returns it unchanged).

    `network`: the host's network (True) or none at all (False). `model_socket` and `model_port` (given together)
    seal it instead, whatever `network` says: the sandbox gets a network namespace of its own (only `lo`, no route
    anywhere, and none of the host's abstract Unix sockets), the model proxy's Unix socket (ModelProxy(unix_path=))
    bound inside, and argv started by bench/exec/netfwd.py, which serves 127.0.0.1:`model_port` in there from that
    socket: the agent reaches the proxy at the URL it was given (ModelProxy.route, whose port is `model_port`) and
    nothing else. The wrapped command's exit status is argv's (128+N when a signal N killed it).

    `ro_inside`: files and directories within an `rw` path that stay read-only (and, being mount points,
    cannot be renamed or removed) inside the sandbox. `hide`: files within an `rw` path that cannot be read there
    (/dev/null bound over each, which the sandbox's nodev mounts refuse to open: a built test program runs where
    its held-out test sources cannot be read).
    """
    if (model_socket is None) != (model_port is None):
        raise ValueError("wrap: model_socket and model_port go together")
    if kind == "none":
        return list(argv)
    if model_socket is not None:
        argv = model_argv(argv, model_port)
    return _bwrap_args(_bwrap(), confinement().flags, argv, cwd=cwd, rw=rw, ro=ro, home=home, network=network,
                       ro_inside=ro_inside, model_socket=model_socket, secrets=secret_paths(), hide=hide)


def confined(section: dict) -> bool:
    """Whether a run record's sandbox section (describe's, read from a bundle nobody vouches for) says the run was
    confined: kind `bwrap` and no warning. Anything else, a kind spelled otherwise, unknown or empty, or a bwrap
    section carrying describe's no-sandbox warning, counts as no sandbox."""
    return section.get("kind") == "bwrap" and "warning" not in section


def describe(kind: str, requested: str | None, phase_network: dict[str, str], extra_ro: Sequence[str] = ()) -> dict:
    """The sandbox section of a run record (`extra_ro`: the paths added with --sandbox-ro)."""
    info = {"kind": kind, "requested": requested or "auto", "temp_root": paths.temp_root()}
    if kind == "bwrap":
        info.update(network=phase_network, pid_namespace=True, capabilities="none",
                    user_namespace=confinement().user_namespace,
                    filesystem="workdir rw; system, python, the agent's binary and what it needs ro; rest hidden")
        if extra_ro:
            info["extra_ro"] = [str(p) for p in extra_ro]
    else:
        why = bwrap_works() if requested in (None, "auto") else "disabled with --sandbox none"
        info.update(network={k: "host" for k in phase_network}, pid_namespace=False,
                    filesystem="unrestricted", warning=f"no sandbox: {why}")
    return info
