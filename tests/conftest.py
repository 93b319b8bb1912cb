"""Shared fixtures: a small, real task suite built on disk with real git, and helpers to run stages."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
CANARY = "3bc510bb-0dfb-43fa-98a2-fc8ef6ed13b9"


def write(path: Path, text: str) -> Path:
    """Write dedented text, creating parent directories."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip("\n"))
    return path


def make_patch(fixture: Path, changes: dict[str, str]) -> bytes:
    """A git-format patch turning `fixture` into `fixture` + changes, made with real git."""
    import shutil
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp) / "w"
        shutil.copytree(fixture, work)
        env = {"GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "t",
               "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t",
               **{k: os.environ[k] for k in ("PATH", "SYSTEMROOT") if k in os.environ}}
        subprocess.run(["git", "init", "-q"], cwd=work, check=True, env=env)
        subprocess.run(["git", "add", "-A"], cwd=work, check=True, env=env)
        subprocess.run(["git", "commit", "-qm", "base"], cwd=work, check=True, env=env)
        for rel, text in changes.items():
            write(work / rel, text)
        subprocess.run(["git", "add", "-A"], cwd=work, check=True, env=env)
        return subprocess.run(["git", "diff", "--cached", "--binary"], cwd=work, check=True, env=env,
                              capture_output=True).stdout


# Tool caches, written out here rather than read from the rule book: tests derive the expected diff on their own.
CACHE_NAMES = ("__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache")


def reference_diff(before: Path, after: Path) -> bytes:
    """What plain git (`add -A -f`, `diff --cached --binary --no-renames`) gives for the tree `before` turned into
    `after`, the caches deleted by hand first: the independent reference for the harness's patch.diff."""
    import shutil
    import tempfile

    def copy_in(src: Path, dest: Path) -> None:
        shutil.copytree(src, dest, symlinks=True, dirs_exist_ok=True, ignore=shutil.ignore_patterns(".git"))
        for top, dirs, _ in os.walk(dest):
            for name in [d for d in dirs if d in CACHE_NAMES]:
                shutil.rmtree(Path(top) / name)
                dirs.remove(name)

    env = {**os.environ, "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "t",
           "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t"}

    def plain(*args: str) -> bytes:
        return subprocess.run(["git", *args], cwd=repo, env=env, check=True, capture_output=True).stdout

    with tempfile.TemporaryDirectory() as tmp:
        repo = Path(tmp) / "r"
        copy_in(before, repo)
        plain("init", "-q")
        plain("add", "-A", "-f")
        plain("commit", "-q", "--allow-empty", "-m", "base")
        for entry in list(repo.iterdir()):
            if entry.name != ".git":
                shutil.rmtree(entry) if entry.is_dir() and not entry.is_symlink() else entry.unlink()
        copy_in(after, repo)
        # A fresh index: copies keep their mtimes, so a same-size file could otherwise pass git's stat check.
        (repo / ".git" / "index").unlink()
        plain("add", "-A", "-f")
        return plain("diff", "--cached", "--binary", "--no-renames", "HEAD")


TASK_YAML = """\
# LocalAgentBench canary GUID {canary}
id: {id}
title: {title}
difficulty: easy
category: {category}
language: python
canary: {canary}
prompt: |
  {prompt}
repo:
  type: fixture
  path: fixtures/{id}
oracle:
  command:
    - python -m unittest discover -s tests -t . -q
  timeout_s: 30
{heldout}solution: solutions/{id}.patch
timeout_s: 60
max_turns: 10
"""


# The two held-out layouts (bench/common/heldout.py): the format's example, its test files directly in
# heldout/<id>/ and laid into the copy's heldout/ (the default, no `into` written); or a heldout_tests/
# package laid over the copy's root (`into: root`).
HELDOUT_DEFAULT_COMMAND = "python -m pytest -q heldout"
HELDOUT_ROOT_COMMAND = "python -m unittest discover -s heldout_tests -t . -q"


def add_task(root: Path, task_id: str, module: str, buggy: str, fixed: str, visible_test: str,
             heldout_test: str | None = None, overfit: str | None = None, category: str = "bugfix",
             heldout_into: str = "root") -> None:
    """Create tasks/<id>.yaml, fixtures/<id>/, heldout/<id>/ and solutions/<id>.patch under root.

    `heldout_into`: "root" (heldout/<id>/heldout_tests/, `into: root`, run by unittest) or "heldout" (the
    default layout, written as the format's example: heldout/<id>/test_*.py, `python -m pytest -q heldout`)."""
    fixture = root / "fixtures" / task_id
    write(fixture / f"{module}.py", buggy)
    write(fixture / "tests" / "__init__.py", "")
    write(fixture / "tests" / f"test_{module}.py", visible_test)
    heldout = ""
    if heldout_test and heldout_into == "heldout":
        write(root / "heldout" / task_id / f"test_{module}_hidden.py", heldout_test)
        heldout = (f"heldout:\n  path: heldout/{task_id}\n  command:\n"
                   f"    - {HELDOUT_DEFAULT_COMMAND}\n  timeout_s: 30\n")
    elif heldout_test:
        assert heldout_into == "root", heldout_into
        write(root / "heldout" / task_id / "heldout_tests" / "__init__.py", "")
        write(root / "heldout" / task_id / "heldout_tests" / f"test_{module}_hidden.py", heldout_test)
        heldout = (f"heldout:\n  path: heldout/{task_id}\n  into: root\n  command:\n"
                   f"    - {HELDOUT_ROOT_COMMAND}\n  timeout_s: 30\n")
    (root / "solutions").mkdir(parents=True, exist_ok=True)
    (root / "solutions" / f"{task_id}.patch").write_bytes(make_patch(fixture, {f"{module}.py": fixed}))
    if overfit:
        (root / "solutions" / f"{task_id}.overfit.patch").write_bytes(make_patch(fixture, {f"{module}.py": overfit}))
    write(root / "tasks" / f"{task_id}.yaml", TASK_YAML.format(
        canary=CANARY, id=task_id, title=f"Fix {module}", category=category,
        prompt=f"Please fix {module}.py.", heldout=heldout))


def build_suite(root: Path, heldout_into: str = "root") -> Path:
    """Three tasks: one with held-out tests and a demo overfit patch, one calibration task, one plain.
    `heldout_into`: the held-out layout of fix-add and fix-max (see add_task)."""
    add_task(
        root, "fix-add", "calc",
        buggy="def add(a, b):\n    return a - b\n",
        fixed="def add(a, b):\n    return a + b\n",
        visible_test="""
            import unittest
            from calc import add

            class T(unittest.TestCase):
                def test_add(self):
                    self.assertEqual(add(2, 2), 4)
            """,
        heldout_test="""
            import unittest
            from calc import add

            class H(unittest.TestCase):
                def test_more(self):
                    self.assertEqual(add(-1, 5), 4)
                    self.assertEqual(add(10, 0), 10)
            """,
        overfit="def add(a, b):\n    if (a, b) == (2, 2):\n        return 4\n    return a - b\n",
        heldout_into=heldout_into,
    )
    add_task(
        root, "calib-hello", "hello", category="calib",
        buggy="def hello():\n    return 'hi'\n",
        fixed="def hello():\n    return 'Hello, World!'\n",
        visible_test="""
            import unittest
            from hello import hello

            class T(unittest.TestCase):
                def test_hello(self):
                    self.assertEqual(hello(), 'Hello, World!')
            """,
    )
    add_task(
        root, "fix-max", "mx",
        buggy="def biggest(xs):\n    return sorted(xs)[0]\n",
        fixed="def biggest(xs):\n    return max(xs)\n",
        visible_test="""
            import unittest
            from mx import biggest

            class T(unittest.TestCase):
                def test_biggest(self):
                    self.assertEqual(biggest([3, 9, 1]), 9)
            """,
        heldout_test="""
            import unittest
            from mx import biggest

            class H(unittest.TestCase):
                def test_negative(self):
                    self.assertEqual(biggest([-3, -9]), -3)
            """,
        heldout_into=heldout_into,
    )
    return root


@pytest.fixture(scope="session", autouse=True)
def snapshot_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The harness's cache and temporary trees for this test session, not ~/.cache and /dev/shm: the
    stages and CLI subprocesses inherit both, and what a test leaves behind goes with pytest's tmp."""
    chosen = {"LOCALAGENTBENCH_CACHE": tmp_path_factory.mktemp("cache"),
              "LOCALAGENTBENCH_TMPDIR": tmp_path_factory.mktemp("trees")}
    old = {var: os.environ.get(var) for var in chosen}
    os.environ.update({var: str(path) for var, path in chosen.items()})
    yield chosen["LOCALAGENTBENCH_CACHE"]
    for var, value in old.items():
        if value is None:
            os.environ.pop(var, None)
        else:
            os.environ[var] = value


@pytest.fixture
def suite(tmp_path: Path) -> Path:
    """A small real suite on disk; returns its root (holding tasks/, fixtures/, heldout/, solutions/)."""
    return build_suite(tmp_path / "suite")


def run_cli(*args: str, cwd: Path | None = None, stdin: str | None = None,
            module: str = "bench") -> subprocess.CompletedProcess:
    """Run `python -m <module> ARGS` as a real subprocess."""
    return subprocess.run([sys.executable, "-m", module, *args], cwd=cwd or REPO, input=stdin,
                          capture_output=True, text=True, timeout=600,
                          env={**__import__("os").environ, "PYTHONPATH": str(REPO)})


def agent_spec(agent: str, opts: dict | None = None, kind: str = "none", **fields):
    """The RunSpec an evaluation of `agent` with `opts` would build (sandbox `kind`), with `fields` replaced
    (model, timeout_s, keep_workdir, max_log_bytes, ...), for tests that drive the stages one by one."""
    import dataclasses

    from bench import run_agent
    spec = run_agent.build_spec(agent, None, dict(opts or {}), sandbox_requested=kind)
    return dataclasses.replace(spec, **fields)


def slow_except(values, *keep):
    """Parametrize values for variants of one attack or input: those named in `keep` run in the default suite,
    every other one only in `nox -s slow` (marked slow), so the quick run still covers the family."""
    missing = set(keep) - set(values)
    assert not missing, f"not among the values: {sorted(missing)}"
    return [v if v in keep else pytest.param(v, marks=pytest.mark.slow) for v in values]


def jsonl(text: str) -> list[dict]:
    """Parse JSON Lines."""
    return [json.loads(line) for line in text.splitlines() if line.strip()]


# A test that needs the sandbox, the browser or a language's toolchain proves nothing when it skips; under CI it
# must not (.ci/run installs them: `nox -s toolchains`; `nox -s tests` gives harbor a Python 3.12+ venv).
CI_MUST_RUN = re.compile(r"bwrap|bubblewrap|sandbox|chromium|browser|toolchain|slurm|munge|harbor", re.I)


def skip_fails_under_ci(reason: str, environ=os.environ, platform: str = sys.platform) -> bool:
    """Whether a skip for `reason` is a failure here: under CI (CI=true) on Linux, when it says bubblewrap or
    the browser is missing or unusable. Elsewhere (macOS, Windows) neither is expected, so they stay skips."""
    ci = environ.get("CI", "").strip().lower() in ("true", "1", "yes")
    return ci and platform.startswith("linux") and bool(CI_MUST_RUN.search(reason))


# Markers of tests that need an OS (pyproject.toml): skipped, with the reason, where it is not this one.
PLATFORM_MARKS = {"linux_only": (sys.platform.startswith("linux"), "needs Linux (bubblewrap, /proc)"),
                  "posix_only": (os.name == "posix", "needs POSIX (symlinks, FIFOs, signals, sh)")}


def pytest_collection_modifyitems(config, items):
    for item in items:
        for name, (here, why) in PLATFORM_MARKS.items():
            if not here and item.get_closest_marker(name):
                item.add_marker(pytest.mark.skip(reason=f"{why}; this is {sys.platform}"))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.skipped and not hasattr(report, "wasxfail") and isinstance(report.longrepr, tuple):
        reason = str(report.longrepr[2])
        if skip_fails_under_ci(reason):
            report.outcome = "failed"
            report.longrepr = (f"{reason}\n(skipped under CI=true: the sandbox, browser and toolchain tests must run "
                               "in CI; install what is missing)")


def http_call(url: str, path: str, body: dict | None = None, method: str | None = None, headers: dict | None = None,
              timeout: float = 30) -> tuple[int, object, str]:
    """One JSON request with urllib: (status, headers, the body as text), an HTTP error status included."""
    import urllib.error
    import urllib.request

    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url + path, data=data, method=method or ("POST" if data else "GET"),
                                 headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return resp.status, resp.headers, resp.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read().decode()


def http_json(url: str, path: str, body: dict | None = None, **kw) -> tuple[int, object]:
    """http_call with the answer parsed as JSON: (status, the object)."""
    status, _, text = http_call(url, path, body, **kw)
    return status, json.loads(text)


def needs_toolchain(*programs: str) -> None:
    """Skip (a failure under CI=true: skip_fails_under_ci) unless every program is on PATH or in a language
    profile's toolchain directories (the Node test toolchain's jest and tsc)."""
    from bench import languages

    search = os.pathsep.join([*(d for p in languages.PROFILES.values() for d in p.path_dirs()),
                              os.environ.get("PATH", os.defpath)])
    missing = [p for p in programs if shutil.which(p, path=search) is None]
    if missing:
        pytest.skip(f"toolchain missing: {', '.join(missing)} (nox -s toolchains installs it)")
