"""doctor: can an evaluation run here? One line per check (ok / warn / fail, and the fix).

    localagentbench doctor [--base-url URL] [--tasks DIR] [--json] [--out PATH]
    localagentbench doctor --probe MODEL [--base-url URL] [--timeout 30] [--api auto|openai]

Checks Python, git, the sandbox tool, every registered agent (built in or plugin; for a CLI: found, version,
the pinned one?), the model server ($OLLAMA_HOST or --base-url) and its version, the models it has (with
coding models recommended and models not meant for tool use flagged) and, where the server reports memory,
how much of a model sits in VRAM, whether each Python module the suite's tests run (`--tasks`: pytest,
unittest, ...) is importable by the interpreter grading uses, and the toolchain of each language the suite's
tasks are in (bench/languages: each program's path and version; a missing one fails, fixed by `nox -s toolchains`).
`--probe MODEL` adds the tool-call canary (bench/models/probe.py), sent through the recording model proxy as a
run's agent is (its per-call figures: time to first token, prefill/decode, tokens), and one line per wire protocol
(OpenAI chat completions, Ollama chat, OpenAI Responses, Anthropic Messages): native, translated by the proxy,
or absent. Exit 0 when an evaluation can run (and, with --probe, only when the model passes); 1 otherwise.
`--json` prints the doctor@1 record on stdout instead of the lines (which then go to stderr); `--out PATH` also
writes it to a file.
"""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from collections.abc import Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from bench import agents as registry
from bench import languages
from bench.agents import binaries
from bench.common import schema
from bench.common.paths import command, harness_version
from bench.common.records import write_json_atomic
from bench.common.stage import ArgumentParser, run_main, stage_prog
from bench.exec import sandbox
from bench.models import probe as probe_mod
from bench.models import serving
from bench.models.modelserver import ServerError, list_models, request_json, server_for, server_version
from bench.models.servers import canonical_model

SCHEMA_TAG = "localagentbench/doctor@1"
MIN_PYTHON = (3, 10)
INSTALL_HINT = command("install-agents")
TOOLCHAINS_HINT = "nox -s toolchains"
CODING = re.compile(r"coder|codestral|devstral|codellama|starcoder|codegemma|granite-code|codeqwen|opencoder|"
                    r"wizardcoder|phind-codellama", re.I)
NOT_FOR_TOOLS = [
    ("embedding", re.compile(r"embed|\bbge\b|bge-|minilm|rerank|snowflake-arctic-embed", re.I)),
    ("vision", re.compile(r"llava|bakllava|moondream|vision|minicpm-v|qwen2\.5?vl|-vl\b|\bvl\b", re.I)),
    ("speech", re.compile(r"whisper|\btts\b|speech|audio", re.I)),
    ("uncensored chat", re.compile(r"dolphin|uncensored|abliterated", re.I)),
]
EMBEDDING_FAMILIES = {"bert", "nomic-bert", "xlm-roberta", "clip"}
# Worth pulling for tool-driven agents, smallest first, with Ollama's download size (approximate).
WORTH_PULLING = [("qwen3:8b", "5.2 GB", "tools"),
                 ("qwen2.5-coder:7b", "4.7 GB", "aider only: writes tool calls as text"),
                 ("deepseek-coder-v2:16b", "8.9 GB", "aider"), ("devstral:24b", "14 GB", "tools"),
                 ("gpt-oss:20b", "14 GB", "tools"), ("qwen3-coder:30b", "19 GB", "tools")]
KNOWN_TEXT_CALLERS = re.compile(r"qwen2\.5-coder", re.I)   # fails the canary (AGENT-CLIS.md)


# The check-name column of the human lines: as wide as the longest built-in agent's name (mini-swe-agent).
NAME_WIDTH = 14

def check(name: str, status: str, message: str, fix: str | None = None) -> dict:
    """One check's result: status is ok, warn or fail."""
    return {"name": name, "status": status, "message": message, "fix": fix}


def human_size(n: Any) -> str:
    """Bytes as a short decimal size, as Ollama prints them."""
    if not isinstance(n, (int, float)) or n <= 0:
        return "?"
    for unit, div in (("GB", 1e9), ("MB", 1e6), ("KB", 1e3)):
        if n >= div:
            return f"{n / div:.1f} {unit}"
    return f"{int(n)} B"


def check_python() -> dict:
    """The interpreter running the harness."""
    v = sys.version_info
    ok = (v.major, v.minor) >= MIN_PYTHON
    return check("python", "ok" if ok else "fail", f"{v.major}.{v.minor}.{v.micro} ({sys.executable})",
                 None if ok else f"use Python {'.'.join(map(str, MIN_PYTHON))} or newer")


def check_git() -> dict:
    """git builds every workdir and diff."""
    path = shutil.which("git")
    if not path:
        return check("git", "fail", "not found on PATH", "install git (e.g. `apt-get install git`)")
    version = binaries.run_version(Path(path)) or "version unknown"
    return check("git", "ok", version.removeprefix("git version ").strip() + f" ({path})")


def check_sandbox() -> dict:
    """bubblewrap confines the agent; without it (or when it cannot run here) runs are unsandboxed.

    Runs the harness's own probe: a sandbox started exactly as runs start theirs, holding no capabilities.
    """
    found = sandbox.confinement()
    path = shutil.which("bwrap")
    if found.failure == "not_found" or not path:
        return check("sandbox", "warn", "bwrap (bubblewrap) not found: agents would run without a sandbox",
                     "install bubblewrap (e.g. `apt-get install bubblewrap`)")
    if found.failure == "cannot_start":
        return check("sandbox", "warn", f"{found.problem} ({path}): agents would run without a sandbox",
                     "allow unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1; on Ubuntu 24.04 "
                     "sysctl kernel.apparmor_restrict_unprivileged_userns=0), or run as root")
    if found.failure:
        return check("sandbox", "fail", f"{found.problem} ({path}): a sandbox must hold no capabilities",
                     "install bubblewrap 0.8 or newer (`--cap-drop ALL` must work), or pass --sandbox none knowingly")
    version = binaries.run_version(Path(path)) or "bwrap"
    userns = ("user namespace: yes (no nested ones)" if found.user_namespace
              else "user namespace: no (not available here; capabilities dropped without one)")
    return check("sandbox", "ok", f"{version.strip()} works ({path}): capabilities dropped (CapEff 0), {userns}")


def load_suite(tasks_dir: str) -> list[dict] | None:
    """The suite's task records (the validate stage's, a broken file left out), or None when there is no suite."""
    from bench import engine  # here: the suite is read only when it is checked

    if not Path(tasks_dir).exists():
        return None
    records, _ = engine.load_tasks([tasks_dir])
    return records


def check_runners(records: list[dict]) -> list[dict]:
    """What the suite's oracle and held-out commands run, importable by the interpreter grading uses?

    Grading puts the harness's own interpreter (sys.executable) first on PATH and passes no PYTHONPATH
    (bench/oracle.py grading_env), so each runner is looked up by that interpreter in that environment. A
    missing one would book even the reference solution as failed ("No module named pytest")."""
    from bench import engine

    missing, users = engine.missing_runners(records)
    if not users:
        return [check("runners", "ok", f"{len(records)} task(s): no Python module runs their tests")]
    out = []
    for module, task_ids in sorted(users.items()):
        used = f"{len(task_ids)} task(s), e.g. {task_ids[0]}"
        if module in missing:
            out.append(check("runner", "fail", f"{module} is not importable by {sys.executable} ({used}): "
                             "the oracle would fail even the reference solution",
                             f"{sys.executable} -m pip install {module.split('.')[0]}"))
        else:
            out.append(check("runner", "ok", f"{module} importable by {sys.executable} ({used})"))
    return out


def toolchains(records: list[dict]) -> list[dict]:
    """Each language of the suite (in the order its tasks name them) with its tasks and its toolchain's programs
    (bench/languages, Profile.tools), looked up on the PATH grading gives the language's commands: name, path
    (None: not found), the first line of its version (None: not found, or it did not answer the command that
    prints it), and the tasks whose grading needs it (languages.needed_tools); and the test frameworks its tasks
    build against (Profile.libraries): path (None: not installed) and version."""
    from bench import engine

    users: dict[str, list[dict]] = {}
    for task in records:
        users.setdefault(languages.canonical(task["language"]) or str(task["language"]), []).append(task)
    out = []
    for language, tasks in users.items():
        tools = []
        search_path = engine.grading_path(language)
        needs = {task["id"]: {tool.name for tool in languages.needed_tools(task)} for task in tasks}
        for tool in languages.profile_of(language).tools:
            path = tool.locate(search_path)
            tools.append({"name": tool.name, "path": path, "version": tool.version(search_path) if path else None,
                          "version_command": " ".join(tool.version_argv),
                          "needed_by": [task_id for task_id, names in needs.items() if tool.name in names]})
        libraries = [{"name": lib.name, "path": lib.locate(), "version": lib.version() if lib.locate() else None}
                     for lib in languages.profile_of(language).libraries]
        out.append({"language": language, "tasks": list(needs), "tools": tools, "libraries": libraries})
    return out


def check_toolchains(found: list[dict]) -> list[dict]:
    """One line per program of each language's toolchain: its version, or a fail (the oracle could not even build
    the reference solution) with the session that installs it. A language no profile knows is a warn: its
    commands are graded by their exit status alone, and nothing here knows what they need."""
    out = []
    for lang in found:
        used = f"{len(lang['tasks'])} {lang['language']} task(s), e.g. {lang['tasks'][0]}"
        if languages.canonical(lang["language"]) is None:
            out.append(check("toolchain", "warn", f"{lang['language']}: no language profile ({used}): its tests' "
                             "toolchain is not checked, and its runner's summary not read",
                             f"a `language:` of {', '.join(languages.PROFILES)}"))
        for tool in lang["tools"]:
            needing = (f"{len(tool['needed_by'])} {lang['language']} task(s), e.g. {tool['needed_by'][0]}"
                       if tool["needed_by"] else f"no task here needs it; {used}")
            if tool["version"]:
                out.append(check("toolchain", "ok", f"{tool['name']}: {tool['version']} ({tool['path']}; {needing})"))
                continue
            if not tool["needed_by"]:   # jest or tsc where no task names it: nothing here needs it
                continue
            what = (f"{tool['name']} not found on PATH" if tool["path"] is None
                    else f"{tool['name']} at {tool['path']} did not answer `{tool['version_command']}`")
            out.append(check("toolchain", "fail", f"{what} ({needing}): the oracle would fail even the reference "
                             "solution", f"{TOOLCHAINS_HINT} (as root on Debian or Ubuntu), or install "
                             f"{tool['name']} on PATH"))
        for lib in lang.get("libraries", []):   # a task may build against another framework: absent is a warning
            if lib["path"]:
                out.append(check("toolchain", "ok", f"{lib['name']}: {lib['version'] or 'version unknown'} "
                                 f"({lib['path']}; {used})"))
            else:
                out.append(check("toolchain", "warn", f"{lib['name']} not installed ({used}): a task that builds "
                                 "against it fails even its reference solution", f"{TOOLCHAINS_HINT} (as root on "
                                 "Debian or Ubuntu)"))
    return out


def pinned() -> dict[str, str]:
    """The versions the registered agents were verified with (SPEC.pinned_version); results from other versions
    are not comparable. Agents without one (built in, or a plugin that pins none) are left out."""
    adapters, _ = registry.load_all()
    return {name: a.SPEC.pinned_version for name, a in adapters.items() if a.SPEC.pinned_version}


def _origin(name: str) -> str:
    found = registry.entry(name)
    return "built in" if found.plugin is None else f"plugin from {found.plugin}"


def _version(adapter) -> str | None:
    try:
        return adapter.version({})
    except Exception:  # noqa: BLE001 - a plugin's version() failing is reported, never a crash
        return None


def check_cli(name: str, adapter) -> dict:
    """An agent with a CLI of its own: found?, its version (the adapter's version(): a CLI without --version, like
    mini-swe-agent, says it another way), the pinned one?"""
    spec = adapter.SPEC
    fix = INSTALL_HINT if spec.install is not None else spec.install_hint()
    path = spec.find_binary()
    if path is None:
        return check(name, "warn", f"not found ({binaries.env_var(spec.binary)}, {binaries.AGENTS_LABEL}, PATH)", fix)
    raw = _version(adapter)
    found = re.search(r"\d+\.\d+\.\d+", raw or "")
    version = found.group(0) if found else None
    pin = spec.pinned_version
    if version is None:
        return check(name, "warn", f"found at {path} but its version could not be read", f"reinstall: {fix}")
    if pin is None:
        return check(name, "ok", f"{version} ({path}; {_origin(name)}, no pinned version)")
    if version == pin:
        return check(name, "ok", f"{version}, the pinned version ({path})")
    return check(name, "warn", f"{version} at {path}, not the pinned {pin}: results are not comparable",
                 f"{fix} (installs {name} {pin} into {binaries.AGENTS_LABEL})" if spec.install is not None else fix)


def check_agents() -> list[dict]:
    """Every registered agent, built in or plugin, in registry order: one line each (a CLI's found and pinned
    status, else its version), plus one line per plugin that was refused or failed to load. A fail when no
    agent CLI is found (only the agents without a CLI of their own could run)."""
    adapters, problems = registry.load_all()
    out, cli, others = [], [], []
    for name, adapter in adapters.items():
        spec = adapter.SPEC
        if spec.binary:
            cli.append(check_cli(name, adapter))
            out.append(cli[-1])
        else:
            others.append(name)
            out.append(check(name, "ok", f"{_version(adapter) or 'no version of its own'} ({_origin(name)})"))
    out += [check("plugin", "warn", line, "fix or uninstall the plugin") for line in problems]
    if cli and not any(c["status"] == "ok" or "not the pinned" in c["message"] for c in cli):
        out.append(check("agents", "fail", f"no agent CLI found: only {', '.join(others)} can run", INSTALL_HINT))
    return out


def model_kind(name: str, family: str | None = None, capabilities: list[str] | None = None) -> tuple[str, str]:
    """(kind, note): kind is coding, general or not_for_tools (embedding, vision, speech, uncensored chat)."""
    caps = set(capabilities or [])
    if "embedding" in caps or (family or "").lower() in EMBEDDING_FAMILIES:
        return "not_for_tools", "embedding model: not meant for chat or tool use"
    for what, pattern in NOT_FOR_TOOLS:
        if pattern.search(name):
            return "not_for_tools", f"{what} model: not meant for tool use"
    no_tools = bool(caps) and "tools" not in caps
    if CODING.search(name):
        if KNOWN_TEXT_CALLERS.search(name):
            return "coding", "coding model; known to write tool calls as text (fails the canary): use it with aider"
        return "coding", "coding model" + ("; its template has no tool support (aider only)" if no_tools else "")
    return "general", "general model" + ("; its template has no tool support" if no_tools else "")


def describe_models(ep, models: list[dict]) -> list[dict]:
    """The model list as doctor reports it: name, size, family, parameter size, quantization, kind, note."""
    out = []
    for m in models:
        name = str(m.get("name") or m.get("model") or m.get("id") or "?")
        details = m.get("details") or {}
        caps = None
        if ep.kind == "ollama":
            try:
                caps = request_json("POST", f"{ep.api_root}/api/show", {"model": name}, timeout_s=5).get("capabilities")
            except (ServerError, AttributeError):
                caps = None
        kind, note = model_kind(name, details.get("family"), caps if isinstance(caps, list) else None)
        out.append({"name": name, "size": m.get("size"), "digest": m.get("digest"), "family": details.get("family"),
                    "parameter_size": details.get("parameter_size"), "quantization": details.get("quantization_level"),
                    "capabilities": caps if isinstance(caps, list) else None, "kind": kind, "note": note})
    return out


def known_tool_caller(model: dict) -> bool:
    """An installed model this page recommends for tool-driven agents (WORTH_PULLING, use "tools"): the tag
    itself or one of its quantizations (qwen3:8b-q8_0), unless the server says its template has no tools."""
    name = model["name"].removesuffix(":latest")
    caps = model.get("capabilities")
    if isinstance(caps, list) and caps and "tools" not in caps:
        return False
    return any(use == "tools" and (name == tag or name.startswith(tag + "-")) for tag, _, use in WORTH_PULLING)


def recommend(models: list[dict], base_url: str | None = None) -> dict:
    """Which models to use (present: coding models with native tool calls, then the known tool callers of
    WORTH_PULLING) or to pull (absent only: a model that is installed is never suggested for pulling)."""
    coders = [m["name"] for m in models
              if m["kind"] == "coding" and "as text" not in m["note"] and "no tool" not in m["note"]]
    good = coders + [m["name"] for m in models if m["name"] not in coders and known_tool_caller(m)]
    if good:
        target = f"openai/{good[0]} --base-url {base_url}" if base_url else f"ollama/{good[0]}"
        return check("recommend", "ok", f"models with native tool calls for coding agents here: {', '.join(good)}; "
                     "probe one before evaluating", f"localagentbench doctor --probe {target}")
    have = {m["name"].removesuffix(":latest") for m in models}
    absent = [(n, size, use) for n, size, use in WORTH_PULLING if n not in have]
    pull = [f"{n} ({size}, {use})" for n, size, use in absent]
    tools = [(n, size) for n, size, use in absent if use == "tools"]
    fix = ("ollama pull " + ", or ".join(f"{n} ({size})" for n, size in dict.fromkeys([tools[0], tools[-1]]))
           if tools else "load a model with native tool calls into the server")
    return check("recommend", "warn", "no coding model with native tool calls here"
                 + ("; worth pulling: " + "; ".join(pull) if pull else ""), fix)


def local_vram_bytes() -> int | None:
    """Total memory of the first NVIDIA GPU here (nvidia-smi), or None."""
    smi = shutil.which("nvidia-smi")
    if not smi:
        return None
    try:
        done = subprocess.run([smi, "--query-gpu=memory.total", "--format=csv,noheader,nounits"],
                              capture_output=True, text=True, timeout=10)
        return int(done.stdout.split()[0]) * 1024 * 1024 if done.returncode == 0 else None
    except (OSError, subprocess.TimeoutExpired, ValueError, IndexError):
        return None


def vram_hints(models: list[dict], loaded: list[dict], vram: int | None) -> list[dict]:
    """Size-vs-VRAM: loaded models partly on the CPU (/api/ps), and models bigger than this GPU."""
    out = []
    for m in loaded:
        size, in_vram = m.get("size"), m.get("size_vram")
        if isinstance(size, int) and isinstance(in_vram, int) and size > 0 and in_vram < size:
            share = 100 * in_vram // size
            out.append(check("vram", "warn", f"{m.get('name')}: only {share}% of its {human_size(size)} is in VRAM, "
                                             "the rest runs on the CPU (slow)",
                             "use a smaller model or quantization, or a shorter context (OLLAMA_CONTEXT_LENGTH)"))
        elif isinstance(size, int) and size > 0:
            ctx = f", context {m['context_length']}" if m.get("context_length") else ""
            out.append(check("vram", "ok", f"{m.get('name')}: loaded, {human_size(in_vram)} in VRAM{ctx}"))
    if vram:
        big = [m["name"] for m in models if isinstance(m.get("size"), int) and m["size"] > vram * 0.9
               and m["kind"] != "not_for_tools"]
        if big:
            out.append(check("vram", "warn", f"bigger than this GPU's {human_size(vram)}: {', '.join(big)}",
                             "they will run partly on the CPU; prefer a model under 90% of VRAM"))
    return out


def check_server(base_url: str | None) -> tuple[list[dict], dict | None, list[dict]]:
    """The model server, its models and memory: (checks, server, models)."""
    try:
        ep = server_for(base_url)
    except Exception as exc:  # noqa: BLE001 - a bad $OLLAMA_HOST is reported as a check, not a crash
        return [check("server", "fail", str(exc), "fix $OLLAMA_HOST or --base-url")], None, []
    where = "--base-url" if base_url else "$OLLAMA_HOST"
    try:
        server = server_version(ep)
        models = list_models(ep)
    except ServerError as exc:
        fix = "start Ollama (`ollama serve`) or point $OLLAMA_HOST at it" if ep.kind == "ollama" else \
            "start the server, or fix --base-url (it usually ends in /v1)"
        return ([check("server", "fail", f"{ep.api_root} ({where}) did not answer: {exc}", fix)],
                {"kind": ep.kind, "url": ep.api_root, "version": None, "reachable": False}, [])
    server["reachable"] = True
    label = "Ollama" if server["ollama"] else "OpenAI-compatible server"
    checks = [check("server", "ok",
                    f"{label} {server['version'] or '(version not reported)'} at {ep.api_root} ({where})")]
    described = describe_models(ep, models)
    if not described:
        checks.append(check("models", "fail", "the server has no models",
                            f"ollama pull {WORTH_PULLING[0][0]}" if ep.kind == "ollama"
                            else "load a model into the server"))
        return checks, server, described
    for m in described:
        status = "warn" if m["kind"] == "not_for_tools" or "as text" in m["note"] or "no tool" in m["note"] else "ok"
        facts = " ".join(str(x) for x in (m["family"], m["parameter_size"], m["quantization"]) if x)
        size = f"  {human_size(m['size'])}" if m["size"] else ""
        checks.append(check("model", status, f"{m['name']}{size}  {facts}  {m['note']}".replace("    ", "  "),
                            "it cannot drive a coding agent: probe and evaluate another model"
                            + (f" (`ollama rm {m['name']}` if unused)" if server["ollama"] else "")
                            if m["kind"] == "not_for_tools" else None))
    checks.append(recommend(described, base_url))
    loaded: list[dict] = []
    if ep.kind == "ollama":
        try:
            ps = request_json("GET", f"{ep.api_root}/api/ps", timeout_s=5)
            loaded = [m for m in (ps.get("models") or []) if isinstance(m, dict)]
        except (ServerError, AttributeError):
            loaded = []
    checks += vram_hints(described, loaded, local_vram_bytes())
    return checks, server, described


def doctor(base_url: str | None = None, probe_model: str | None = None, budget_s: float = probe_mod.DEFAULT_BUDGET_S,
           context_tokens: int = probe_mod.DEFAULT_CONTEXT_TOKENS, api: str = "auto", tasks: str | None = None,
           num_ctx: int | None = None) -> dict:
    """Run every check (and the probe when asked); return the doctor@1 record.

    `probe_model` is named as everywhere else (`qwen3:8b` = `ollama/qwen3:8b`); a name that can never be
    probed is a UserError naming --probe before any check runs.
    """
    if probe_model:
        canonical_model(probe_model, base_url, "--probe")
    checks = [check_python(), check_git(), check_sandbox(), *check_agents()]
    records = load_suite(tasks) if tasks is not None else None
    found = toolchains(records) if records is not None else []
    if tasks is not None and records is None:
        checks.append(check("runners", "warn", f"no task suite at {tasks}: what its tests need was not checked",
                            "pass --tasks DIR (the suite's tasks directory)"))
    elif records is not None:
        checks += check_runners(records) + check_toolchains(found)
    server_checks, server, models = check_server(base_url)
    checks += server_checks
    probed = None
    if probe_model:
        probed = probe_mod.probe(probe_model, base_url, budget_s, context_tokens, api, num_ctx=num_ctx)
        schema.check(probed, "probe", where="probe record")
        checks.append(check("probe", "ok" if probed["passed"] else "fail",
                            f"{probed['model']}: {probed['class']}: {probed['reason']}", probed["fix"]))
    ok = not any(c["status"] == "fail" for c in checks)
    return {"schema": SCHEMA_TAG, "ok": ok, "checks": checks, "server": server, "models": models, "probe": probed,
            "toolchains": found,
            "harness_version": harness_version(),
            "created_at": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")}


def _figure(value: Any, unit: str = "s") -> str:
    return "not reported" if value is None else (f"{value:.3f}{unit}" if unit else str(value))


def probe_lines(p: dict) -> list[str]:
    """The probe's measurements through the model proxy, then one line per wire protocol."""
    mc = p.get("model_calls") or {}
    lines = []
    if mc:
        lines.append(f"{'':<5} {'proxy':<{NAME_WIDTH}} {mc['calls']} call(s) through the model proxy: tokens in "
                     f"{_figure(mc['tokens_in'], '')}, out {_figure(mc['tokens_out'], '')}; time to first token "
                     f"(median; whole answers, not streamed) {_figure(mc['ttft_median_s'])}, "
                     f"prefill {_figure(mc['prefill_s'])}, decode {_figure(mc['decode_s'])}"
                     + (f"; {mc['errors']} error(s)" if mc["errors"] else ""))
    for proto in (p.get("protocols") or {}).values():
        where = f"{proto['name']} ({proto['path']})"
        lines.append(f"{'':<5} {'protocol':<{NAME_WIDTH}} {where:<48} {proto['status']:<10} {proto['detail']}")
    return lines


def format_lines(record: dict) -> list[str]:
    """The human lines: status, check name, what was found, and the fix."""
    lines = []
    for c in record["checks"]:
        fix = f"  -> fix: {c['fix']}" if c["fix"] and c["status"] != "ok" else (f"  -> {c['fix']}" if c["fix"] else "")
        lines.append(f"{c['status']:<5} {c['name']:<{NAME_WIDTH}} {c['message']}{fix}")
    p = record.get("probe")
    # An error_ class ends the probe before the model was tried: the model's facts are in the record alone. A server
    # that answered (a model it does not serve) still took calls and told which protocols it speaks; one that did
    # not answer was not asked, and six 'unknown' lines would say nothing.
    if p and p["class"].startswith("error_"):
        asked = {k: v for k, v in (p.get("protocols") or {}).items() if v.get("status") != "unknown"}
        if asked:
            lines += probe_lines({"model_calls": p.get("model_calls"), "protocols": asked})
    elif p:
        mi = p["model_info"]
        facts = ", ".join(f"{k} {str(mi[k])[:19] if k == 'digest' else mi[k]}"
                          for k in ("digest", "parameter_size", "quantization", "context_length") if mi.get(k))
        facts = facts or "the server reported no model metadata"
        lines.append(f"{'':<5} {'':<{NAME_WIDTH}} {facts}; {p['elapsed_s']:.1f}s")
        lines += probe_lines(p)
    verdict = "an evaluation can run" if record["ok"] else "fix the 'fail' lines before evaluating"
    lines.append(f"{'ok' if record['ok'] else 'fail':<5} {'doctor':<{NAME_WIDTH}} {verdict}")
    return lines


def _main(argv: Sequence[str]) -> int:
    parser = ArgumentParser(prog=stage_prog("python -m bench.models.doctor"), description=__doc__.split("\n")[0])
    parser.add_argument("--base-url", default=None, help="an OpenAI-compatible server (…/v1) instead of Ollama")
    parser.add_argument("--probe", metavar="MODEL", default=None,
                        help="run the tool-call canary on MODEL: an Ollama tag (qwen3:8b = ollama/qwen3:8b), "
                             "or the server's model id with --base-url")
    parser.add_argument("--timeout", type=float, default=probe_mod.DEFAULT_BUDGET_S,
                        help=f"the probe's whole budget in seconds (default {probe_mod.DEFAULT_BUDGET_S:.0f})")
    parser.add_argument("--context-tokens", type=int, default=probe_mod.DEFAULT_CONTEXT_TOKENS,
                        help="size of the probe's context check prompt (0 skips it)")
    parser.add_argument("--api", choices=["auto", "openai"], default="auto",
                        help="auto: Ollama's native API (or --base-url's); openai: Ollama's /v1, as opencode uses it")
    parser.add_argument("--tasks", default="tasks",
                        help="the suite whose tests' runners (pytest, python -m unittest, ...) must be importable "
                             "and whose languages' toolchains must be on PATH (default: tasks)")
    parser.add_argument("--num-ctx", type=int, default=None, metavar="N",
                        help="probe with the context window `run --num-ctx N` serves (Ollama: set per call; "
                             "llama.cpp, vLLM: must match the server's own, else refused)")
    parser.add_argument("--json", action="store_true", help="print the doctor@1 record instead of the lines")
    parser.add_argument("--out", default=None, help="also write the record to this file")
    args = parser.parse_args(argv)
    if args.timeout <= 0:
        parser.error("--timeout must be positive")
    if args.context_tokens < 0:
        parser.error("--context-tokens must be 0 (skip the check) or more")
    serving.check_num_ctx(args.num_ctx)
    record = doctor(args.base_url, args.probe, args.timeout, args.context_tokens, args.api, tasks=args.tasks,
                    num_ctx=args.num_ctx)
    schema.check(record, "doctor", where="doctor record")
    human = sys.stderr if args.json else sys.stdout
    for line in format_lines(record):
        print(line, file=human, flush=True)
    if args.json:
        print(json.dumps(record, ensure_ascii=False))
    if args.out:
        write_json_atomic(Path(args.out), record)
    return 0 if record["ok"] else 1


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: `localagentbench doctor` (also `python -m bench.models.doctor`)."""
    return run_main(_main, argv)


if __name__ == "__main__":
    sys.exit(main())
