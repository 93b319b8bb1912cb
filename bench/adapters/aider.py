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
import re
from pathlib import Path
from typing import Any

from bench.adapters.base import AgentContext, AgentSignals, Invocation, ProcessResult
from bench.adapters.binaries import find_binary, install_paths, require_binary, run_version, scrubbed_env_prefix
from bench.adapters.servers import ModelTarget, resolve_model

NAME = "aider"
PINNED_VERSION = "0.86.2"
# Exactly what `nox -s install-agents` runs for aider (from the repository root).
INSTALL_HINT = "python3 -m venv .agents/aider-venv && .agents/aider-venv/bin/pip install -q aider-chat==0.86.2"
INSTALL_SHORT = "`nox -s install-agents` or `pip install aider-chat==0.86.2` (in its own virtualenv)"
DEFAULT_CONTEXT = 32768
MAX_OUTPUT = 8192
MAX_FILES = 60
MAX_FILE_BYTES = 256 * 1024
MAX_TOTAL_BYTES = 1024 * 1024
TRUNCATE = 2000
SKIP_DIRS = {"__pycache__", "node_modules", "venv", ".venv", "build", "dist"}
ANALYTICS_FILE = "aider-analytics.jsonl"


def check(opts: dict) -> None:
    """The aider binary must exist."""
    require_binary(NAME, INSTALL_SHORT)


def version(opts: dict) -> str | None:
    """`aider --version` ("aider 0.86.2"), or None."""
    binary = find_binary(NAME)
    if not binary:
        return None
    v = run_version(binary)
    return v.split()[-1] if v and v.startswith("aider ") else v


# ---------------------------------------------------------------------------------------------
# invocation


def is_test_path(rel: str) -> bool:
    """The fixture's own test files, as grading treats them (CONTRIBUTING.md)."""
    parts = rel.split("/")
    name = parts[-1]
    return ("tests" in parts[:-1] or name == "conftest.py" or (name.startswith("test_") and name.endswith(".py"))
            or name.endswith("_test.py"))


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
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in SKIP_DIRS)
        for f in sorted(files):
            if f.startswith(".") or f.endswith((".pyc", ".pyo")):
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
    edit, read = [], []
    total = 0
    for rel in files:
        size = (ctx.workdir / rel).stat().st_size
        if len(edit) + len(read) >= MAX_FILES or total + size > MAX_TOTAL_BYTES:
            break
        total += size
        (edit if writes_tests or not is_test_path(rel) else read).append(rel)
    return edit, read


def _context_length(ctx: AgentContext) -> int:
    for key in ("context_length", "num_ctx"):
        v = ctx.options.get(key)
        if isinstance(v, int) and v > 0:
            return v
    return DEFAULT_CONTEXT


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


def _no_proxy(target: ModelTarget) -> str:
    from urllib.parse import urlsplit

    hosts = ["127.0.0.1", "localhost", "::1"]
    h = urlsplit(target.openai_base).hostname
    if h and h not in hosts:
        hosts.append(h)
    prior = os.environ.get("NO_PROXY") or os.environ.get("no_proxy") or ""
    return ",".join(hosts + [x for x in prior.split(",") if x.strip() and x.strip() not in hosts])


def invocation(ctx: AgentContext) -> Invocation:
    """The aider command line, its private config files (in scratch_dir) and environment."""
    target = resolve_model(ctx.model, ctx.base_url)
    binary = require_binary(NAME, INSTALL_SHORT)
    scratch = ctx.scratch_dir
    home = scratch / "home"
    home.mkdir(parents=True, exist_ok=True)
    edit_format = str(ctx.options.get("aider_edit_format") or "diff")
    settings, metadata = model_files(target, _context_length(ctx), edit_format)
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
        "NO_PROXY": _no_proxy(target),
        "no_proxy": _no_proxy(target),
        **server_env,
    }
    scrub = scrubbed_env_prefix(("AIDER_",), keep=set(env))
    return Invocation(argv=scrub + argv, env=env, stdin=None, ro_paths=install_paths(binary))


# ---------------------------------------------------------------------------------------------
# parse

TOKENS_RE = re.compile(r"^Tokens: ([\d.]+[kKmM]?) sent(?:, ([\d.]+[kKmM]?) cache write)?(?:, ([\d.]+[kKmM]?) cache hit)?"
                       r", ([\d.]+[kKmM]?) received\.")
APPLIED_RE = re.compile(r"^Applied edit to (.+?)\s*$")
SEARCH_RE = re.compile(r"^<{5,9} SEARCH\s*$")
FAILED_HDR_RE = re.compile(r"^# (\d+) SEARCH/REPLACE blocks? failed to match!")
NOMATCH_RE = re.compile(r"^## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in (.+?)\s*$")
NOT_CONFORM = "The LLM did not conform to the edit format."
REFLECTIONS_RE = re.compile(r"^Only (\d+) reflections allowed, stopping\.")
RETRY_RE = re.compile(r"^Retrying in ([\d.]+) seconds\.\.\.")
LITELLM_ERR_RE = re.compile(r"^litellm\.(\w+): (.*)$")
CONNECT_RE = re.compile(r"Connection refused|Connection error|ConnectError|Errno 111|Name or service not known|"
                        r"timed out|Max retries exceeded|Cannot connect", re.I)
SYSTEM_RES = [re.compile(p) for p in (
    r"^Aider v\d", r"^Main model: ", r"^Model: ", r"^Weak model: ", r"^Editor model: ", r"^Git repo: ",
    r"^Repo-map: ", r"^Added .+ to the chat", r"^Analytics have been permanently disabled",
    r"^Update git (name|email) with: ", r"^Warning(: | for )", r"^https://aider\.chat/docs/",
    r"^The API provider's servers are down", r"^Cost: ", r"^Creating empty file ", r"^Note: ",
    r"\? \(Y\)es/\(N\)o", r"^Did not apply edit to ", r"^Use /help ", r"^Readonly: ", r"^Read-only ",
    r"^Your estimated chat context", r"^Scanning repo", r"^Initial repo scan", r"^Detected dumb terminal",
)]


def parse_count(text: str) -> int:
    """'1.2k' -> 1200, '3M' -> 3000000, '45' -> 45 (aider's rounded display)."""
    t = text.strip()
    mult = 1
    if t[-1:] in "kK":
        mult, t = 1000, t[:-1]
    elif t[-1:] in "mM":
        mult, t = 1_000_000, t[:-1]
    return int(round(float(t) * mult))


def _trunc(text: str | None, limit: int = TRUNCATE) -> str | None:
    if text is None:
        return None
    return text if len(text) <= limit else text[:limit] + f"… [{len(text) - limit} more chars]"


def _blocks(reply: list[str]) -> list[dict]:
    """The SEARCH/REPLACE blocks of one reply: file name (the line before the fence or marker) and text."""
    out = []
    i = 0
    while i < len(reply):
        if SEARCH_RE.match(reply[i]):
            j = i + 1
            while j < len(reply) and not re.match(r"^>{5,9} REPLACE\s*$", reply[j]):
                j += 1
            body = reply[i:j + 1]
            fname = None
            k = i - 1
            while k >= 0 and (reply[k].strip().startswith("```") or not reply[k].strip()):
                k -= 1
            if k >= 0 and i - k <= 3:
                fname = reply[k].strip().strip("`*:")
            search = []
            for line in body[1:]:
                if re.match(r"^={5,9}\s*$", line):
                    break
                search.append(line)
            out.append({"file": fname, "text": "\n".join(([fname] if fname else []) + body),
                        "search": "\n".join(search)})
            i = j + 1
        else:
            i += 1
    return out


def parse_stdout(text: str) -> dict[str, Any]:
    """Aider's stdout as calls (reply text, tokens, edit blocks and their fate) plus run-level signals."""
    lines = text.splitlines()
    calls: list[dict] = []
    reply: list[str] = []
    errors: list[str] = []
    retries = 0
    reflections_exhausted = False
    applied_files: list[str] = []
    lint_rounds = 0
    i = 0
    n = len(lines)

    def current_call() -> dict | None:
        return calls[-1] if calls else None

    while i < n:
        line = lines[i]
        m = TOKENS_RE.match(line)
        if m:
            sent, received = parse_count(m.group(1)), parse_count(m.group(4))
            blocks = _blocks(reply)
            calls.append({"reply": "\n".join(reply).strip("\n"), "tokens_in": sent, "tokens_out": received,
                          "cache_write": parse_count(m.group(2)) if m.group(2) else None,
                          "cache_hit": parse_count(m.group(3)) if m.group(3) else None,
                          "blocks": blocks, "failed": 0, "malformed": None, "applied": [],
                          "failed_search": []})
            reply = []
            i += 1
            continue
        m = APPLIED_RE.match(line)
        if m:
            if current_call() is not None:
                current_call()["applied"].append(m.group(1))
            applied_files.append(m.group(1))
            i += 1
            continue
        if line.strip() == NOT_CONFORM:
            # the reflected error report follows: the docs URL, a blank line, then the report
            j = i + 1
            while j < n and (not lines[j].strip() or lines[j].startswith("https://aider.chat/docs/")):
                j += 1
            region: list[str] = []
            if j < n and FAILED_HDR_RE.match(lines[j]):
                while j < n:
                    region.append(lines[j])
                    if lines[j].startswith("The SEARCH section must exactly match"):
                        j += 1
                        # optional trailer: "# The other N SEARCH/REPLACE blocks were applied successfully." + 2 lines
                        k = j
                        while k < n and not lines[k].strip():
                            k += 1
                        if k < n and lines[k].startswith("# The other "):
                            j = k + 1
                            while j < n and (lines[j].startswith("Don't re-send them") or
                                             lines[j].startswith("Just reply with fixed versions")):
                                j += 1
                        break
                    if TOKENS_RE.match(lines[j]):
                        break
                    j += 1
                hdr = FAILED_HDR_RE.match(region[0])
                failed_search = []
                for r_i, r_line in enumerate(region):
                    if NOMATCH_RE.match(r_line):
                        s = []
                        for r2 in region[r_i + 2:]:
                            if re.match(r"^={5,9}\s*$", r2):
                                break
                            s.append(r2)
                        failed_search.append("\n".join(s))
                c = current_call()
                if c is not None:
                    c["failed"] += int(hdr.group(1)) if hdr else 1
                    c["failed_search"] += failed_search
                    c["error"] = "\n".join(region)
            else:
                # a malformed reply: the report ends at a "^^^ <why>" line, or is a single line
                k = j
                end = None
                while k < n and not TOKENS_RE.match(lines[k]):
                    if lines[k].startswith("^^^ "):
                        end = k
                        break
                    k += 1
                if end is None:
                    end = j
                region = lines[j:end + 1]
                j = end + 1
                c = current_call()
                if c is not None:
                    c["malformed"] = region[-1] if region else NOT_CONFORM
                    c["error"] = "\n".join(region)
            i = j
            continue
        m = REFLECTIONS_RE.match(line)
        if m:
            reflections_exhausted = True
            i += 1
            continue
        m = RETRY_RE.match(line)
        if m:
            retries += 1
            i += 1
            continue
        m = LITELLM_ERR_RE.match(line)
        if m:
            errors.append(line.strip())
            i += 1
            continue
        if line.startswith("# Fix any errors below"):
            lint_rounds += 1
            j = i + 1
            while j < n and not lines[j].startswith("Attempt to fix lint errors?"):
                if TOKENS_RE.match(lines[j]):
                    break
                j += 1
            i = j + 1 if j < n and lines[j].startswith("Attempt to fix lint errors?") else j
            continue
        if any(r.search(line) for r in SYSTEM_RES):
            i += 1
            continue
        reply.append(line)
        i += 1

    # the fate of each block: failed ones are named (by their SEARCH text) in the error report
    tool_calls = failed = 0
    for c in calls:
        if c["malformed"] is not None:
            k = max(1, len(c["blocks"]))
            c["attempted"], c["failed"] = k, k
            for b in c["blocks"]:
                b["status"] = "error"
        else:
            c["attempted"] = max(len(c["blocks"]), c["failed"])
            remaining = list(c["failed_search"])
            nfail = c["failed"]
            for b in c["blocks"]:
                if nfail and (b["search"] in remaining or not remaining):
                    b["status"] = "error"
                    if b["search"] in remaining:
                        remaining.remove(b["search"])
                    nfail -= 1
                else:
                    b["status"] = "ok"
        tool_calls += c["attempted"]
        failed += c["failed"]
    return {"calls": calls, "tool_calls": tool_calls, "failed_tool_calls": failed, "errors": errors,
            "retries": retries, "reflections_exhausted": reflections_exhausted,
            "applied_files": applied_files, "lint_rounds": lint_rounds, "trailing_text": "\n".join(reply).strip()}


def read_analytics(path: Path) -> list[dict]:
    """`message_send` events from aider's local analytics log: exact tokens per model call."""
    out = []
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return out
    for line in text.splitlines():
        try:
            obj = json.loads(line)
        except ValueError:
            continue
        if isinstance(obj, dict) and obj.get("event") == "message_send":
            props = obj.get("properties") or {}
            out.append({"prompt_tokens": props.get("prompt_tokens"), "completion_tokens": props.get("completion_tokens"),
                        "cost": props.get("cost")})
    return out


def signals_from(parsed: dict[str, Any], analytics: list[dict] | None = None,
                 server_url: str | None = None) -> AgentSignals:
    """AgentSignals from parse_stdout's result (and exact per-call tokens when the analytics log has them)."""
    sig = AgentSignals()
    calls = parsed["calls"]
    exact = bool(analytics) and len(analytics) == len(calls) and all(
        isinstance(a.get("prompt_tokens"), int) and isinstance(a.get("completion_tokens"), int) for a in analytics)
    for idx, c in enumerate(calls):
        tin = analytics[idx]["prompt_tokens"] if exact else c["tokens_in"]
        tout = analytics[idx]["completion_tokens"] if exact else c["tokens_out"]
        c["tokens_in"], c["tokens_out"] = tin, tout
        sig.events.append({"type": "turn", "index": idx, "t": None, "tokens_in": tin, "tokens_out": tout})
        if c["reply"]:
            sig.events.append({"type": "text", "text": _trunc(c["reply"]), "t": None})
        for b in c["blocks"]:
            out = None
            if b["status"] == "ok":
                out = "applied" + (f" to {b['file']}" if b.get("file") else "")
            else:
                out = _trunc(c.get("error") or c.get("malformed") or "failed")
            sig.events.append({"type": "tool_call", "name": "edit_block", "status": b["status"], "duration_s": None,
                               "input": _trunc(b["text"]), "output": out, "t": None})
        if c["malformed"] is not None and not c["blocks"]:
            sig.events.append({"type": "tool_call", "name": "edit_block", "status": "error", "duration_s": None,
                               "input": None, "output": _trunc(c.get("error") or c["malformed"]), "t": None})
        if c.get("error"):
            sig.events.append({"type": "error", "message": _trunc(NOT_CONFORM + " " + (c["malformed"] or
                               c["error"].splitlines()[0])), "t": None})
    for e in parsed["errors"]:
        sig.events.append({"type": "error", "message": _trunc(e), "t": None})
    if parsed["reflections_exhausted"]:
        sig.events.append({"type": "error", "message": "Only 3 reflections allowed, stopping.", "t": None})
    sig.turns = len(calls)
    sig.tool_calls = parsed["tool_calls"]
    sig.failed_tool_calls = parsed["failed_tool_calls"]
    if calls:
        sig.tokens_in = sum(c["tokens_in"] for c in calls)
        sig.tokens_out = sum(c["tokens_out"] for c in calls)
        hits = [c["cache_hit"] for c in calls if c.get("cache_hit") is not None]
        if hits:
            sig.tokens_cache_read = sum(hits)
    if not calls and (parsed["errors"] or parsed["retries"]):
        last = parsed["errors"][-1] if parsed["errors"] else ""
        if not last or CONNECT_RE.search(last):
            sig.infra_error = f"model server unreachable at {server_url or 'the configured URL'}"
        else:
            m = LITELLM_ERR_RE.match(last)
            sig.infra_error = f"model server error: {_trunc(m.group(2) if m else last, 300)}"
        if parsed["retries"]:
            sig.infra_error += f" ({parsed['retries']} retries)"
    sig.extra = {
        "applied_files": parsed["applied_files"], "reflections_exhausted": parsed["reflections_exhausted"],
        "retries": parsed["retries"], "lint_rounds": parsed["lint_rounds"],
        "token_source": "analytics-log" if exact else ("stdout-rounded" if calls else None),
        "malformed_replies": sum(1 for c in calls if c["malformed"] is not None),
    }
    return sig


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
        t = resolve_model(ctx.model, ctx.base_url)
        url = t.root if t.is_ollama else t.openai_base
    except Exception:  # noqa: BLE001 - parse never fails on a bad model name
        pass
    sig = signals_from(parsed, analytics, url)
    if not text.strip() and result.exit_code not in (0, None) and not result.timed_out:
        try:
            tail = [ln for ln in result.stderr_path.read_text(errors="replace").splitlines() if ln.strip()]
        except OSError:
            tail = []
        sig.infra_error = f"aider failed to start: {_trunc(tail[-1] if tail else f'exit code {result.exit_code}', 300)}"
    elif result.exit_code not in (0, None) and not sig.infra_error and not result.timed_out:
        sig.agent_error = f"exit code {result.exit_code}"
    return sig
