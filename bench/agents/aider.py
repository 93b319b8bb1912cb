"""aider: `aider --message-file P --yes-always --edit-format diff ...` (aider-chat 0.86.2), headless, one HOME per run.

Model: `ollama/<tag>` runs as `--model ollama_chat/<tag>` with OLLAMA_API_BASE (Ollama's native API, so
`num_ctx` can be pinned); with a base URL it runs as `--model openai/<id> --openai-api-base URL` and a
dummy OPENAI_API_KEY.

What aider reads, and how none of the user's settings reach a run (aider 0.86.2, aider/main.py):
- `.aider.conf.yml` from the cwd, the git root and HOME, all of them, plus `--config FILE`; `.env` from
  HOME, the git root, the cwd and `--env-file FILE` (later files override earlier ones, and override the
  environment); `~/.aider/oauth-keys.env`; `.aider.model.settings.yml` / `.aider.model.metadata.json` from
  HOME, the git root, the cwd and the command-line file; AIDER_* environment variables.
  So: HOME is the run's scratch dir; every setting that matters is on the command line (which beats every
  config file and variable); our `--env-file` is read last and sets the model server's variables, so a
  `.env` in the repository cannot redirect the model; our model settings / metadata files come last too;
  the caller's AIDER_* variables are removed (`env -u`); histories go to the scratch dir, not the repo.
- `--no-detect-urls`: otherwise a URL in a prompt would be fetched from the web (with --yes-always).
- `--analytics-disable` plus `--analytics-log` (a local file in the scratch dir, nothing is sent): it
  records each model call's exact token counts, which stdout only shows rounded ("1.2k").
- COLUMNS=4096: aider wraps its output at the terminal width even with --no-pretty, which would split
  "Applied edit to <long path>" lines.

Which files aider may edit: without a repo map (`--map-tokens 0`, deterministic and cheap) aider only
sees files added to the chat, so every text file of the workdir is passed with `--file` (hidden paths,
binaries and big files skipped, at most MAX_FILES / MAX_TOTAL_BYTES); test files (test_*.py, *_test.py,
tests/, conftest.py) go as read-only context (`--read`) so the model sees the expected behaviour without
editing the tests, except for tasks of category `test`, whose job is writing tests. Options:
`aider_files` = "auto" (default) | "none" | a list of paths; `aider_edit_format` (default "diff").

Exit code is 0 even when nothing was reached or applied: parse reads stdout, never the exit code.
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from bench.agents.aider_output import parse_count, parse_stdout, read_analytics, signals_from
from bench.agents.base import (
    AgentContext,
    AgentSignals,
    AgentSpec,
    Install,
    Invocation,
    ProcessResult,
    context_length,
    truncate,
)
from bench.agents.binaries import run_version, scrubbed_env_prefix
from bench.common import rules
from bench.exec import textio
from bench.exec.sandbox import binary_mounts
from bench.models.servers import ModelTarget, no_proxy_env

__all__ = [
    "NAME", "PINNED_VERSION", "SPEC", "INSTALL_HINT", "INSTALL_SHORT", "ANALYTICS_FILE",
    "check", "version", "invocation", "parse",
    "is_test_path", "workdir_files", "choose_files", "aider_model", "model_files",
    # the pure readers of aider's output, from aider_output (tests and callers reach them here)
    "parse_count", "parse_stdout", "read_analytics", "signals_from",
]

NAME = "aider"
PINNED_VERSION = "0.86.2"
DEFAULT_CONTEXT = 32768
# aider pins num_ctx on Ollama, so the warm-up loads the model with the same value (another would load it twice).
SPEC = AgentSpec(needs_model=True, warmup_options={"num_ctx": DEFAULT_CONTEXT},
                 install=Install.pypi_venv("aider-chat", PINNED_VERSION, binary=NAME, venv="aider-venv"))
# Exactly what `nox -s install-agents` runs for aider (from the repository root).
INSTALL_HINT = SPEC.install.shell()
INSTALL_SHORT = SPEC.install_hint()
MAX_OUTPUT = 8192
MAX_FILES = 60
MAX_FILE_BYTES = 256 * 1024
MAX_TOTAL_BYTES = 1024 * 1024
# Beyond what the rule book leaves out of every tree (rules.IGNORED_DIRS), dependencies and build output: not the
# task's code, and too big to be worth the model's context.
SKIP_DIRS = {*rules.IGNORED_DIRS, "node_modules", "venv", ".venv", "build", "dist"}
ANALYTICS_FILE = "aider-analytics.jsonl"


def check(opts: dict) -> None:
    """The aider binary must exist."""
    SPEC.require_binary()


def version(opts: dict) -> str | None:
    """`aider --version` ("aider 0.86.2"), or None."""
    binary = SPEC.find_binary()
    if not binary:
        return None
    v = run_version(binary)
    return v.split()[-1] if v and v.startswith("aider ") else v


# ---------------------------------------------------------------------------------------------
# invocation


def is_test_path(rel: str, language: str = "python") -> bool:
    """The fixture's own test files, exactly as grading treats them: the rule book's (rules.is_test_path)."""
    return rules.is_test_path(rel, language)


def _is_text(path: Path) -> bool:
    try:
        with open(path, "rb") as fh:
            return b"\0" not in fh.read(8192)
    except OSError:
        return False


def workdir_files(workdir: Path) -> list[str]:
    """Text files of the workdir (relative, sorted), without hidden paths, caches and big files."""
    out: list[str] = []
    for root, dirs, files in os.walk(workdir):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in SKIP_DIRS
                         and not rules.is_ignored_entry(d, True))
        for f in sorted(files):
            if f.startswith(".") or rules.is_ignored_entry(f, False):  # a stray *.pyc is left out below, as binary
                continue
            p = Path(root) / f
            if p.is_symlink() or not p.is_file():
                continue
            try:
                if p.stat().st_size > MAX_FILE_BYTES:
                    continue
            except OSError:
                continue
            if _is_text(p):
                out.append(p.relative_to(workdir).as_posix())
    return sorted(out)


def choose_files(ctx: AgentContext) -> tuple[list[str], list[str]]:
    """(files aider may edit, read-only files) for this run."""
    choice = ctx.options.get("aider_files", "auto")
    if choice == "none":
        return [], []
    if isinstance(choice, (list, tuple)):
        return [str(x) for x in choice], []
    files = workdir_files(ctx.workdir)
    writes_tests = (ctx.task or {}).get("category") == "test"
    language = (ctx.task or {}).get("language", "python")
    edit, read = [], []
    total = 0
    for rel in files:
        size = (ctx.workdir / rel).stat().st_size
        if len(edit) + len(read) >= MAX_FILES or total + size > MAX_TOTAL_BYTES:
            break
        total += size
        (edit if writes_tests or not is_test_path(rel, language) else read).append(rel)
    return edit, read


def aider_model(target: ModelTarget) -> str:
    return f"ollama_chat/{target.model}" if target.is_ollama else f"openai/{target.model}"


def model_files(target: ModelTarget, context_length: int, edit_format: str) -> tuple[list[dict], dict]:
    """(model settings, model metadata) for the run: the edit format, no repo map, a real context window."""
    name = aider_model(target)
    output = min(MAX_OUTPUT, max(1024, context_length // 4))
    settings: dict[str, Any] = {"name": name, "edit_format": edit_format, "use_repo_map": False}
    if target.is_ollama:
        settings["extra_params"] = {"num_ctx": context_length}   # a varying num_ctx makes Ollama reload
    metadata = {name: {"max_tokens": output, "max_input_tokens": context_length, "max_output_tokens": output,
                       "input_cost_per_token": 0.0, "output_cost_per_token": 0.0,
                       "litellm_provider": "ollama_chat" if target.is_ollama else "openai", "mode": "chat"}}
    return [settings], metadata


def invocation(ctx: AgentContext) -> Invocation:
    """The aider command line, its private config files (in scratch_dir) and environment."""
    target = ctx.model_target()
    binary = SPEC.require_binary()
    scratch = ctx.scratch_dir
    home = scratch / "home"
    home.mkdir(parents=True, exist_ok=True)
    edit_format = str(ctx.options.get("aider_edit_format") or "diff")
    settings, metadata = model_files(target, context_length(ctx, DEFAULT_CONTEXT), edit_format)
    settings_file, metadata_file = scratch / "aider.model.settings.yml", scratch / "aider.model.metadata.json"
    settings_file.write_text(json.dumps(settings, indent=2) + "\n", encoding="utf-8")   # JSON is YAML
    metadata_file.write_text(json.dumps(metadata, indent=2) + "\n", encoding="utf-8")
    config_file = scratch / "aider.conf.yml"
    config_file.write_text("# localagentbench: every setting is on the command line\n{}\n", encoding="utf-8")
    server_env: dict[str, str] = {}
    if target.is_ollama:
        server_env["OLLAMA_API_BASE"] = target.root
    else:
        server_env["OPENAI_API_BASE"] = target.openai_base
        server_env["OPENAI_API_KEY"] = os.environ.get("LOCALAGENTBENCH_OPENAI_API_KEY", "localagentbench")
    env_file = scratch / "aider.env"
    env_file.write_text("".join(f"{k}={v}\n" for k, v in server_env.items()), encoding="utf-8")

    argv = [str(binary), "--model", aider_model(target)]
    if not target.is_ollama:
        argv += ["--openai-api-base", target.openai_base]
    argv += [
        "--message-file", str(ctx.prompt_file),
        "--yes-always", "--edit-format", edit_format,
        "--no-auto-commits", "--no-dirty-commits", "--no-gitignore",
        "--no-check-update", "--analytics-disable", "--analytics-log", str(scratch / ANALYTICS_FILE),
        "--no-show-model-warnings", "--no-show-release-notes",
        "--no-stream", "--no-pretty", "--no-fancy-input", "--map-tokens", "0",
        "--no-detect-urls", "--no-restore-chat-history", "--no-auto-test", "--encoding", "utf-8",
        "--model-metadata-file", str(metadata_file), "--model-settings-file", str(settings_file),
        "--config", str(config_file), "--env-file", str(env_file),
        "--input-history-file", str(scratch / "aider.input.history"),
        "--chat-history-file", str(scratch / "aider.chat.history.md"),
    ]
    edit, read = choose_files(ctx)
    for rel in read:
        argv += ["--read", rel]
    for rel in edit:
        argv += ["--file", rel]
    env = {
        "HOME": str(home),
        "LITELLM_LOCAL_MODEL_COST_MAP": "True",
        "COLUMNS": "4096",
        "LINES": "50",
        "TERM": "dumb",
        "NO_COLOR": "1",
        "PYTHONIOENCODING": "utf-8",
        **no_proxy_env(target),
        **server_env,
    }
    scrub = scrubbed_env_prefix(("AIDER_",), keep=set(env))
    return Invocation(argv=scrub + argv, env=env, stdin=None, ro_paths=binary_mounts(binary))


# ---------------------------------------------------------------------------------------------
# parse


def parse(ctx: AgentContext, result: ProcessResult) -> AgentSignals:
    """Counts and trajectory from aider's stdout, with exact tokens from its local analytics log."""
    try:
        text = result.stdout_path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        text = ""
    parsed = parse_stdout(text)
    analytics = read_analytics(ctx.scratch_dir / ANALYTICS_FILE)
    url = None
    try:
        t = ctx.model_target()
        url = t.root if t.is_ollama else t.openai_base
    except Exception:  # noqa: BLE001 - parse never fails on a bad model name
        pass
    sig = signals_from(parsed, analytics, url)
    if not text.strip() and result.exit_code not in (0, None) and not result.timed_out:
        try:
            tail = [ln for ln in textio.read_text(result.stderr_path).splitlines() if ln.strip()]
        except OSError:
            tail = []
        sig.infra_error = (
            f"aider failed to start: {truncate(tail[-1] if tail else f'exit code {result.exit_code}', 300)}"
        )
    elif result.exit_code not in (0, None) and not sig.infra_error and not result.timed_out:
        sig.agent_error = f"exit code {result.exit_code}"
    return sig
