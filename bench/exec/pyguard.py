"""The harness's side of the grading guard (pyguard_site/sitecustomize.py): evidence the code under test cannot forge.

A graded command's Python loads the guard before any code under test (its directory first on PYTHONPATH, bound
read-only into the sandbox). The harness makes a one-shot key of 32 random bytes and leaves it in a pipe the
command inherits: the first guarded Python process takes it (later ones find the pipe empty) and closes that
descriptor before the code under test runs. That process writes one report, a line `LABGUARD <hmac> <json>` with an
HMAC-SHA256 under the key, to a second inherited pipe when the interpreter exits normally. The code under test can
write to that pipe but cannot make a valid MAC; exiting with os._exit, a signal, or closing the pipe leaves no
valid report, which `Verdict.clean` reads as not clean.

Wiring (a grading command in bench/oracle.py run_command):

    with pyguard.Guard(copy, protected=test_paths) as guard:
        argv = sandbox.wrap(argv, kind, ..., ro=guard.ro_paths())
        done = run_tree(argv, env={**env, **guard.env(env)}, pass_fds=guard.pass_fds, ...)
        verdict = guard.verdict()
"""
from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import shutil
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

MAX_REPORT_BYTES = 1024 * 1024
KEY_BYTES = 32
PLUGIN = "sitecustomize"   # the guard module is also the pytest plugin (PYTEST_PLUGINS)


def available() -> bool:
    """Whether this OS can guard a command: the key and the report travel on inherited descriptors (pass_fds),
    which only POSIX hands to a child. Elsewhere (Windows) a runner's verdict is its printed summary alone."""
    return os.name == "posix"


def guard_dir() -> Path:
    """The directory holding the guard's sitecustomize.py: first on a graded command's PYTHONPATH, read-only."""
    return Path(__file__).resolve().with_name("pyguard_site")


@dataclass(frozen=True)
class Verdict:
    """What the guard of one command saw. `key_taken`: a guarded Python started; `reported`: a report with a valid
    MAC came back; `completed`: it was written from the interpreter's own exit. `tests` (pytest only): test ids
    counted per outcome by the guard's own plugin (passed, failed, skipped, errors); `exitstatus`: pytest's own;
    `unittest` (a unittest command): its tests counted the same way by the guard's wrappers of unittest's TestResult."""

    key_taken: bool
    reported: bool
    completed: bool = False
    tests: dict[str, int] | None = None
    exitstatus: int | None = None
    unittest: dict[str, int] | None = None
    blocked: list[str] = field(default_factory=list)
    tampering: list[str] = field(default_factory=list)
    invalid_lines: int = 0

    @property
    def clean(self) -> bool:
        """A valid, complete report with nothing refused and nothing tampered with."""
        return self.reported and self.completed and not self.blocked and not self.tampering

    def problem(self) -> str | None:
        """One line saying why the command's evidence is not clean (None when it is)."""
        if not self.key_taken:
            return "no guarded Python process started"
        if not self.reported:
            return "the guarded process left no valid report (it did not exit normally, or its report pipe was " \
                   "closed or flooded)"
        if not self.completed:
            return "the guard's report was written before the interpreter's exit"
        if self.tampering:
            return f"the code under test changed the test runner: {', '.join(self.tampering[:5])}"
        if self.blocked:
            return f"the code under test tried to reach the test runner: {', '.join(self.blocked[:5])}"
        return None


class Guard:
    """One graded command's guard: its pipes, its key and the list of protected files (relative to `root`)."""

    def __init__(self, root: Path, protected: Sequence[str] = (), *, safepath: bool = True,
                 tmp: str | Path | None = None, runner: str | None = None):
        self.root, self.safepath, self.runner = Path(root), safepath, runner
        self._key = secrets.token_bytes(KEY_BYTES)
        self._tmp = Path(tempfile.mkdtemp(prefix="lab-guard-", dir=tmp))
        self._list = self._tmp / "protected.txt"
        self._list.write_text("".join(f"{p}\n" for p in protected), encoding="utf-8")
        self._key_read, key_write = os.pipe()
        os.write(key_write, self._key)
        os.close(key_write)
        self._report_read, self._report_write = os.pipe()
        self._verdict: Verdict | None = None

    @property
    def pass_fds(self) -> tuple[int, ...]:
        """The descriptors the command must inherit (run_tree's `pass_fds`)."""
        return (self._key_read, self._report_write)

    def ro_paths(self) -> list[Path]:
        """What the sandbox must show read-only: the guard's directory and the protected list."""
        return [guard_dir(), self._tmp]

    def env(self, base: Mapping[str, str] | None = None) -> dict[str, str]:
        """Variables to add to the command's environment (`base`: the environment they join, for PYTHONPATH and
        PYTEST_PLUGINS already set there)."""
        base = base or {}
        path = os.pathsep.join(p for p in (str(guard_dir()), base.get("PYTHONPATH", "")) if p)
        plugins = ",".join(p for p in (PLUGIN, base.get("PYTEST_PLUGINS", "")) if p)
        env = {"PYTHONPATH": path, "PYTEST_PLUGINS": plugins, "LAB_GUARD_ROOT": str(self.root),
               "LAB_GUARD_PROTECTED": str(self._list), "LAB_GUARD_KEY_FD": str(self._key_read),
               "LAB_GUARD_REPORT_FD": str(self._report_write)}
        if not base.get("PYTHONNOUSERSITE"):
            # No user site: its .pth files run before the guard (the key still unread) and its usercustomize after
            # it, from any sys.path entry (the copy's too): both are the private HOME's or the copy's, which the code
            # under test writes (an earlier command of the phase, or the change). The guard drops it again.
            env.update(PYTHONNOUSERSITE="1", LAB_GUARD_NOUSERSITE="1")
        if self.safepath:
            env.update(PYTHONSAFEPATH="1", LAB_GUARD_SAFEPATH="1")
        if self.runner:
            env["LAB_GUARD_RUNNER"] = self.runner   # "unittest": the guard counts unittest's outcomes itself
        return env

    def verdict(self) -> Verdict:
        """After the command ended: read the report pipe (up to MAX_REPORT_BYTES) and close every descriptor."""
        if self._verdict is None:
            self._verdict = self._read()
            self.close()
        return self._verdict

    def _read(self) -> Verdict:
        _close(self._report_write)
        self._report_write = -1
        os.set_blocking(self._key_read, False)
        try:
            left = os.read(self._key_read, KEY_BYTES)
        except BlockingIOError:
            left = b""
        data = _drain(self._report_read, MAX_REPORT_BYTES)
        found, invalid = None, 0
        for line in data.split(b"\n"):
            if not line.startswith(b"LABGUARD "):
                invalid += bool(line.strip())
                continue
            _, mac, body = (line.split(b" ", 2) + [b"", b""])[:3]
            want = hmac.new(self._key, body, hashlib.sha256).hexdigest().encode()
            if found is None and hmac.compare_digest(mac, want):
                found = json.loads(body)
            else:
                invalid += 1
        if found is None:
            return Verdict(key_taken=left != self._key, reported=False, invalid_lines=invalid)
        return Verdict(key_taken=True, reported=True, completed=found.get("completed") is True,
                       tests=found.get("tests"), exitstatus=found.get("exitstatus"), blocked=found.get("blocked", []),
                       tampering=found.get("tampering", []), invalid_lines=invalid, unittest=found.get("unittest"))

    def close(self) -> None:
        """Close the pipes and remove the protected list (idempotent)."""
        for name in ("_key_read", "_report_read", "_report_write"):
            _close(getattr(self, name))
            setattr(self, name, -1)
        shutil.rmtree(self._tmp, ignore_errors=True)

    def __enter__(self) -> Guard:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _close(fd: int) -> None:
    if fd >= 0:
        try:
            os.close(fd)
        except OSError:
            pass


def _drain(fd: int, limit: int) -> bytes:
    """Up to `limit` bytes from a pipe whose writers are gone (or that nothing fills any more)."""
    os.set_blocking(fd, False)
    data = b""
    try:
        while len(data) < limit:
            chunk = os.read(fd, min(65536, limit - len(data)))
            if not chunk:
                break
            data += chunk
    except BlockingIOError:
        pass
    return data
