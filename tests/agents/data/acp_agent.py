"""A scripted ACP agent for the tests: speaks ACP v1 (JSON-RPC 2.0, one message a line) on stdin/stdout.

    python acp_agent.py SCENARIO

Scenarios:
  fix        reads greeting.txt through fs/read_text_file, asks permission, writes it back changed through
             fs/write_text_file (each a tool call with its updates), reports a plan and text, ends the turn
  escape     tries fs reads and writes outside the session's cwd: an absolute path outside, `..`, a planted link
             (escape-link -> the directory in $ESCAPE_DIR) and a link to a file outside; reports each answer as text
  terminal   runs `echo` in a client terminal and reports its output
  hang       answers initialize and session/new, then nothing until session/cancel (answered `cancelled`)
  deaf       as hang, but ignores session/cancel too
  garbage    prints non-JSON lines and a JSON line that is not JSON-RPC before and between messages, then fixes
  oversized  prints one 9 MiB line, then fixes
  stuck      asks for big.txt 200 times and never reads its stdin again (the client's answers pile up)
  die        exits 3 on session/prompt without answering
  refuse     answers the prompt with stopReason refusal
  version    answers initialize with protocol version 99
Every answer it gets from the client is written to stderr as `got: ...` for the tests to read.
"""
from __future__ import annotations

import json
import os
import sys
import time

SCENARIO = sys.argv[1] if len(sys.argv) > 1 else "fix"
_next = [1000]


def send(msg: dict) -> None:
    sys.stdout.write(json.dumps({"jsonrpc": "2.0", **msg}) + "\n")
    sys.stdout.flush()


def read() -> dict | None:
    line = sys.stdin.readline()
    if not line:
        sys.exit(0)
    return json.loads(line)


def call(method: str, params: dict) -> dict:
    """A request to the client; its answer (notifications that arrive meanwhile are skipped)."""
    _next[0] += 1
    rid = _next[0]
    send({"id": rid, "method": method, "params": params})
    while True:
        msg = read()
        if msg.get("id") == rid and "method" not in msg:
            sys.stderr.write("got: " + json.dumps(msg) + "\n")
            sys.stderr.flush()
            return msg


def update(session: str, upd: dict) -> None:
    send({"method": "session/update", "params": {"sessionId": session, "update": upd}})


def say(session: str, text: str) -> None:
    update(session, {"sessionUpdate": "agent_message_chunk", "content": {"type": "text", "text": text}})


def fix(session: str, cwd: str) -> None:
    path = os.path.join(cwd, "greeting.txt")
    update(session, {"sessionUpdate": "plan", "entries": [
        {"content": "read the file", "priority": "high", "status": "in_progress"},
        {"content": "fix it", "priority": "high", "status": "pending"}]})
    say(session, "I will read ")
    say(session, "the file.")
    update(session, {"sessionUpdate": "tool_call", "toolCallId": "c1", "title": "Read greeting.txt", "kind": "read",
                     "status": "pending", "rawInput": {"path": path}})
    got = call("fs/read_text_file", {"sessionId": session, "path": path})
    text = got["result"]["content"]
    time.sleep(0.2)
    update(session, {"sessionUpdate": "tool_call_update", "toolCallId": "c1", "status": "completed",
                     "content": [{"type": "content", "content": {"type": "text", "text": text}}]})
    update(session, {"sessionUpdate": "tool_call", "toolCallId": "c2", "title": "Edit greeting.txt", "kind": "edit",
                     "status": "pending", "rawInput": {"path": path}})
    perm = call("session/request_permission", {"sessionId": session, "toolCall": {"toolCallId": "c2"}, "options": [
        {"optionId": "no", "name": "Reject", "kind": "reject_once"},
        {"optionId": "once", "name": "Allow", "kind": "allow_once"},
        {"optionId": "always", "name": "Always", "kind": "allow_always"}]})
    if perm["result"]["outcome"].get("optionId") in ("once", "always"):
        call("fs/write_text_file", {"sessionId": session, "path": path, "content": text.replace("hello", "farewell")})
        update(session, {"sessionUpdate": "tool_call_update", "toolCallId": "c2", "status": "completed"})
    else:
        update(session, {"sessionUpdate": "tool_call_update", "toolCallId": "c2", "status": "failed"})
    update(session, {"sessionUpdate": "tool_call", "toolCallId": "c3", "title": "Run a missing tool",
                     "kind": "execute", "status": "in_progress"})
    update(session, {"sessionUpdate": "tool_call_update", "toolCallId": "c3", "status": "failed",
                     "rawOutput": {"error": "no such tool"}})
    update(session, {"sessionUpdate": "usage_update", "used": 1234, "size": 32768})
    say(session, "Done.")


def escape(session: str, cwd: str) -> None:
    outside = os.environ["ESCAPE_DIR"]
    tries = [("fs/read_text_file", os.path.join(outside, "secret.txt")),
             ("fs/read_text_file", os.path.join(cwd, "..", os.path.basename(outside), "secret.txt")),
             ("fs/read_text_file", os.path.join(cwd, "escape-link", "secret.txt")),
             ("fs/read_text_file", os.path.join(cwd, "file-link")),
             ("fs/read_text_file", "relative.txt"),
             ("fs/write_text_file", os.path.join(outside, "planted.txt")),
             ("fs/write_text_file", os.path.join(cwd, "escape-link", "planted.txt")),
             ("fs/write_text_file", os.path.join(cwd, "file-link")),
             ("fs/write_text_file", os.path.join(cwd, "sub", "new.txt")),
             ("fs/read_text_file", os.path.join(cwd, "sub", "new.txt"))]
    for method, path in tries:
        params = {"sessionId": session, "path": path}
        if method == "fs/write_text_file":
            params["content"] = "planted"
        got = call(method, params)
        say(session, json.dumps({"method": method, "path": path, "ok": "result" in got}) + "\n")


def terminal(session: str, cwd: str) -> None:
    made = call("terminal/create", {"sessionId": session, "command": "sh", "args": ["-c", "echo from-terminal"]})
    tid = made["result"]["terminalId"]
    call("terminal/wait_for_exit", {"sessionId": session, "terminalId": tid})
    out = call("terminal/output", {"sessionId": session, "terminalId": tid})
    call("terminal/release", {"sessionId": session, "terminalId": tid})
    outside = call("terminal/create", {"sessionId": session, "command": "true", "cwd": "/"})
    say(session, json.dumps({"output": out["result"]["output"], "outside_ok": "result" in outside}))


def main() -> int:
    if SCENARIO == "garbage":
        print("Starting the agent v1.0 ...", flush=True)
        print('{"not": "jsonrpc"}', flush=True)
    if SCENARIO == "oversized":
        sys.stdout.write("x" * (9 * 1024 * 1024) + "\n")
        sys.stdout.flush()
    session, cwd = "s-1", None
    while True:
        msg = read()
        method, rid, params = msg.get("method"), msg.get("id"), msg.get("params") or {}
        sys.stderr.write("recv: " + json.dumps(msg)[:500] + "\n")
        sys.stderr.flush()
        if method == "initialize":
            version = 99 if SCENARIO == "version" else params.get("protocolVersion")
            send({"id": rid, "result": {"protocolVersion": version, "agentCapabilities": {},
                                        "agentInfo": {"name": "scripted", "version": "0.1"}, "authMethods": []}})
        elif method == "session/new":
            cwd = params["cwd"]
            send({"id": rid, "result": {"sessionId": session}})
        elif method == "session/prompt":
            if SCENARIO in ("hang", "deaf"):
                prompt_id = rid
                continue
            if SCENARIO == "stuck":
                for n in range(200):
                    send({"id": 5000 + n, "method": "fs/read_text_file",
                          "params": {"sessionId": session, "path": os.path.join(cwd, "big.txt")}})
                time.sleep(3600)
            if SCENARIO == "die":
                return 3
            if SCENARIO == "refuse":
                send({"id": rid, "result": {"stopReason": "refusal"}})
                continue
            if SCENARIO == "garbage":
                print("a log line in the middle", flush=True)
            {"escape": escape, "terminal": terminal}.get(SCENARIO, fix)(session, cwd)
            send({"id": rid, "result": {"stopReason": "end_turn",
                                        "usage": {"inputTokens": 100, "outputTokens": 20, "totalTokens": 120}}})
        elif method == "session/cancel":
            if SCENARIO == "hang":
                send({"id": prompt_id, "result": {"stopReason": "cancelled"}})
        elif rid is not None:
            send({"id": rid, "error": {"code": -32601, "message": "method not found"}})


if __name__ == "__main__":
    sys.exit(main())
