"""Reading what aider 0.86.2 printed: its stdout (replies, token lines, edit reports) and analytics log.

Pure functions of text, used by bench.agents.aider's parse. With `--no-pretty --no-stream` each model
call ends in a "Tokens: 1.2k sent, 300 received." line; the reply text is what came before it, minus
aider's own status lines (SYSTEM_RES). Edits are SEARCH/REPLACE blocks (the diff edit format); the
ones that failed are named in the error report aider feeds back to the model ("# N SEARCH/REPLACE
blocks failed to match!"), a malformed reply in "The LLM did not conform to the edit format.".
Token counts on stdout are rounded; the analytics log has the exact ones.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from bench.agents.base import MAX_EVENTS_BYTES, AgentSignals, truncate
from bench.common import untrusted
from bench.exec import safefs

TOKENS_RE = re.compile(r"^Tokens: ([\d.]+[kKmM]?) sent(?:, ([\d.]+[kKmM]?) cache write)?"
                       r"(?:, ([\d.]+[kKmM]?) cache hit)?"
                       r", ([\d.]+[kKmM]?) received\.")
APPLIED_RE = re.compile(r"^Applied edit to (.+?)\s*$")
SEARCH_RE = re.compile(r"^<{5,9} SEARCH\s*$")
FAILED_HDR_RE = re.compile(r"^# (\d+) SEARCH/REPLACE blocks? failed to match!")
NOMATCH_RE = re.compile(r"^## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in (.+?)\s*$")
NOT_CONFORM = "The LLM did not conform to the edit format."
REFLECTIONS_RE = re.compile(r"^Only (\d+) reflections allowed, stopping\.")
RETRY_RE = re.compile(r"^Retrying in ([\d.]+) seconds\.\.\.")
LITELLM_ERR_RE = re.compile(r"^litellm\.(\w+): (.*)$")
# A reply cut off at the model's output limit ends in this report instead of a "Tokens:" line.
TOKEN_LIMIT_RE = re.compile(r"^Model (.+) has hit a token limit!")
APPROX_TOKENS_RE = re.compile(r"^(Input|Output) tokens: ~([\d,]+) of ")
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
        m = TOKEN_LIMIT_RE.match(line)
        if m:
            # The call happened and spent tokens: count it with the report's approximate numbers.
            counts: dict[str, int] = {}
            j = i + 1
            while j < n and j <= i + 12 and not TOKENS_RE.match(lines[j]):
                a = APPROX_TOKENS_RE.match(lines[j])
                if a:
                    counts[a.group(1)] = int(a.group(2).replace(",", ""))
                j += 1
                if lines[j - 1].startswith("https://aider.chat/docs/troubleshooting/token-limits"):
                    break
            calls.append({"reply": "\n".join(reply).strip("\n"), "tokens_in": counts.get("Input", 0),
                          "tokens_out": counts.get("Output", 0), "cache_write": None, "cache_hit": None,
                          "blocks": _blocks(reply), "failed": 0, "malformed": None, "applied": [], "failed_search": []})
            errors.append(f"Model {m.group(1)} has hit a token limit (~{counts.get('Input', '?')} input, "
                          f"~{counts.get('Output', '?')} output tokens)")
            reply = []
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
    found = safefs.read_file(path, MAX_EVENTS_BYTES)  # the agent could put a FIFO or a link there
    if found is None:
        return out
    text = found[0].decode("utf-8", errors="replace")
    for line in text.splitlines():
        obj = untrusted.loads(line)   # None: not JSON, too deep, a number Python will not convert
        if isinstance(obj, dict) and obj.get("event") == "message_send":
            props = obj.get("properties") or {}
            out.append({"prompt_tokens": props.get("prompt_tokens"),
                        "completion_tokens": props.get("completion_tokens"),
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
            sig.events.append({"type": "text", "text": truncate(c["reply"]), "t": None})
        for b in c["blocks"]:
            out = None
            if b["status"] == "ok":
                out = "applied" + (f" to {b['file']}" if b.get("file") else "")
            else:
                out = truncate(c.get("error") or c.get("malformed") or "failed")
            sig.events.append({"type": "tool_call", "name": "edit_block", "status": b["status"], "duration_s": None,
                               "input": truncate(b["text"]), "output": out, "t": None})
        if c["malformed"] is not None and not c["blocks"]:
            sig.events.append({"type": "tool_call", "name": "edit_block", "status": "error", "duration_s": None,
                               "input": None, "output": truncate(c.get("error") or c["malformed"]), "t": None})
        if c.get("error"):
            sig.events.append({"type": "error", "message": truncate(NOT_CONFORM + " " + (c["malformed"] or
                               c["error"].splitlines()[0])), "t": None})
    for e in parsed["errors"]:
        sig.events.append({"type": "error", "message": truncate(e), "t": None})
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
            sig.infra_error = f"model server error: {truncate(m.group(2) if m else last, 300)}"
        if parsed["retries"]:
            sig.infra_error += f" ({parsed['retries']} retries)"
    sig.extra = {
        "applied_files": parsed["applied_files"], "reflections_exhausted": parsed["reflections_exhausted"],
        "retries": parsed["retries"], "lint_rounds": parsed["lint_rounds"],
        "token_source": "analytics-log" if exact else ("stdout-rounded" if calls else None),
        "malformed_replies": sum(1 for c in calls if c["malformed"] is not None),
    }
    return sig
