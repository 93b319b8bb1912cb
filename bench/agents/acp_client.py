"""The ACP client that drives one Agent Client Protocol agent headless, inside the run's sandbox, next to it.

    python -I -S acp_client.py --cwd WORKDIR --timeout SECONDS [--grace SECONDS] [--no-terminal] -- AGENT ARGV...

The prompt is read from stdin (to its end) before the agent starts. The agent is started as a child with pipes
for stdin and stdout (its stderr is ours) and spoken to in JSON-RPC 2.0, one message per line
(the ACP stdio transport, protocol version 1, checked against @agentclientprotocol/sdk 2.4.0's schema):
`initialize` (the client's capabilities: fs/read_text_file, fs/write_text_file and terminal/*), `session/new`
with cwd = WORKDIR and no MCP servers, then one `session/prompt` with the prompt as a text block. While it runs
the agent's requests are answered: `session/request_permission` by selecting an allow option (the sandbox is the
boundary, not the agent's questions), the file-system methods inside WORKDIR only (every path component opened
without following a link; anything else a JSON-RPC error), the terminal methods as processes in WORKDIR, any
other method "method not found". At SECONDS - grace, `session/cancel` is sent (pending permission requests are
answered `cancelled`), the answer waited for a little, the agent ended, and the client then waits for the
harness's own timeout, so the run is recorded as timed out as any other agent's would be.

Its stdout is the run's event log, one JSON object a line, read by bench/agents/acp.py (`parse`): each message
in (`"in"`) and out (`"out"`) with its time in seconds since the start (`"t"`), its long strings cut; and the
client's own events (`"client"`: start, junk lines, oversized lines, fs refusals, cancel, the agent's exit).
The agent could write there too (it runs as the same user), so the log is as untrusted as any agent's stdout.

Standard library only and self-contained (no `bench` imports): it runs as a file with the harness's interpreter
in isolated mode (the harness's packages are not visible in the sandbox).
"""
from __future__ import annotations

import json
import os
import queue
import signal
import stat
import subprocess
import sys
import threading
import time

PROTOCOL_VERSION = 1
MAX_LINE_BYTES = 8 * 1024 * 1024        # one message from the agent; a longer line is dropped, not buffered
MAX_READ_BYTES = 16 * 1024 * 1024       # fs/read_text_file: the most of one file the client hands over
MAX_WRITE_BYTES = 64 * 1024 * 1024      # fs/write_text_file: the most it writes
MAX_LOG_STRING = 4000                   # a string in the event log, cut beyond this
MAX_LOG_ITEMS = 200                     # items of one list or object in the event log
MAX_LOG_DEPTH = 12
TERMINAL_OUTPUT_BYTES = 1024 * 1024     # a terminal's kept output when the agent names no limit
MAX_TERMINAL_OUTPUT_BYTES = 4 * 1024 * 1024   # the most outputByteLimit the client honours
MAX_TERMINALS = 64
MAX_UNSENT_BYTES = 64 * 1024 * 1024    # queued for an agent that does not read them
INBOX_LINES = 64                        # lines read from the agent and not yet handled
DEFAULT_GRACE_S = 5.0
EXIT_USAGE = 2
EXIT_NO_ANSWER = 3                      # the agent ended (or broke the protocol) without answering the prompt
EXIT_CANNOT_START = 127
CLIENT_INFO = {"name": "localagentbench-acp-client", "title": "LocalAgentBench", "version": "1"}

# JSON-RPC error codes (the spec's)
PARSE_ERROR, INVALID_REQUEST, METHOD_NOT_FOUND, INVALID_PARAMS, INTERNAL_ERROR = -32700, -32600, -32601, -32602, -32603

T0 = time.monotonic()
_OUT_LOCK = threading.Lock()


def now() -> float:
    """Seconds since the client started, to the millisecond."""
    return round(time.monotonic() - T0, 3)


def trim(value, depth: int = 0):
    """`value` as the event log keeps it: strings cut to MAX_LOG_STRING, lists and objects to MAX_LOG_ITEMS."""
    if isinstance(value, str):
        return value if len(value) <= MAX_LOG_STRING else value[:MAX_LOG_STRING] + f"… [{len(value):,} chars]"
    if depth >= MAX_LOG_DEPTH:
        return "…" if isinstance(value, (dict, list)) else value
    if isinstance(value, list):
        return [trim(v, depth + 1) for v in value[:MAX_LOG_ITEMS]]
    if isinstance(value, dict):
        return {str(k)[:200]: trim(v, depth + 1) for k, v in list(value.items())[:MAX_LOG_ITEMS]}
    return value


def log(entry: dict) -> None:
    """One line of the event log (stdout)."""
    line = json.dumps({"t": now(), **entry}, ensure_ascii=False, separators=(",", ":"))
    with _OUT_LOCK:
        try:
            sys.stdout.write(line + "\n")
            sys.stdout.flush()
        except (OSError, ValueError):
            pass


def note(event: str, /, **fields) -> None:
    """A client event in the log."""
    log({"client": event, **fields})


def say(message: str) -> None:
    """One line on stderr (the agent's stderr log), named."""
    try:
        sys.stderr.write(f"acp_client: {message}\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass


class RpcError(Exception):
    """A JSON-RPC error to answer a request with."""

    def __init__(self, code: int, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


# ------------------------------------------------------------------------------------------- the workdir's files

def _inside(root: str, path) -> list[str]:
    """The components of `path` below `root` (a normalized absolute path, never resolved through links), or an
    RpcError when it is not a string, not absolute, or lies outside root."""
    if not isinstance(path, str) or not path or "\0" in path:
        raise RpcError(INVALID_PARAMS, "path: an absolute path is required")
    if not os.path.isabs(path):
        raise RpcError(INVALID_PARAMS, f"path {path!r}: not absolute")
    norm = os.path.normpath(path)
    if norm == root:
        return []
    if not norm.startswith(root.rstrip("/") + "/"):
        raise RpcError(INVALID_PARAMS, f"path {path!r}: outside the session's directory {root}; refused")
    return norm[len(root.rstrip("/")) + 1:].split("/")


def _open_dir(root: str, parts: list[str], create: bool = False) -> int:
    """A descriptor of the directory root/parts[0]/..., each component opened without following a link (a link
    anywhere on the way is refused); `create` makes missing directories."""
    fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        for part in parts:
            if part in ("", ".", ".."):
                raise RpcError(INVALID_PARAMS, f"path component {part!r} refused")
            try:
                nxt = os.open(part, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=fd)
            except FileNotFoundError:
                if not create:
                    raise
                os.mkdir(part, 0o777, dir_fd=fd)
                nxt = os.open(part, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=fd)
            os.close(fd)
            fd = nxt
        return fd
    except BaseException:
        os.close(fd)
        raise


def _fs_error(path, exc: OSError) -> RpcError:
    import errno

    if exc.errno in (errno.ELOOP, errno.ENOTDIR) or exc.errno == getattr(errno, "EMLINK", None):
        return RpcError(INVALID_PARAMS, f"path {path!r}: a link or a non-directory on the way; refused")
    if exc.errno == errno.ENOENT:
        return RpcError(INVALID_PARAMS, f"path {path!r}: no such file")   # Resource-not-found in spirit
    return RpcError(INTERNAL_ERROR, f"path {path!r}: {exc.strerror}")


def read_text_file(root: str, params: dict) -> dict:
    """fs/read_text_file inside root: `line` (1-based) and `limit` (lines) as the spec says."""
    path = params.get("path")
    parts = _inside(root, path)
    if not parts:
        raise RpcError(INVALID_PARAMS, f"path {path!r}: a directory")
    try:
        dfd = _open_dir(root, parts[:-1])
        try:
            fd = os.open(parts[-1], os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, dir_fd=dfd)
        finally:
            os.close(dfd)
        with os.fdopen(fd, "rb") as fh:
            if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
                raise RpcError(INVALID_PARAMS, f"path {path!r}: not a regular file")
            data = fh.read(MAX_READ_BYTES + 1)
    except OSError as exc:
        raise _fs_error(path, exc) from None
    if len(data) > MAX_READ_BYTES:
        raise RpcError(INVALID_PARAMS, f"path {path!r}: larger than {MAX_READ_BYTES:,} bytes")
    text = data.decode("utf-8", errors="replace")
    line, limit = params.get("line"), params.get("limit")
    if (isinstance(line, int) and line > 1) or (isinstance(limit, int) and limit >= 0):
        lines = text.splitlines(keepends=True)
        start = line - 1 if isinstance(line, int) and line > 0 else 0
        end = start + limit if isinstance(limit, int) and limit >= 0 else None
        text = "".join(lines[start:end])
    return {"content": text}


def write_text_file(root: str, params: dict) -> dict:
    """fs/write_text_file inside root: the file created or replaced (never through a link), its directories made."""
    path, content = params.get("path"), params.get("content")
    if not isinstance(content, str):
        raise RpcError(INVALID_PARAMS, "content: a string is required")
    data = content.encode("utf-8", errors="surrogatepass")
    if len(data) > MAX_WRITE_BYTES:
        raise RpcError(INVALID_PARAMS, f"content: larger than {MAX_WRITE_BYTES:,} bytes")
    parts = _inside(root, path)
    if not parts:
        raise RpcError(INVALID_PARAMS, f"path {path!r}: a directory")
    try:
        dfd = _open_dir(root, parts[:-1], create=True)
        try:
            fd = os.open(parts[-1], os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC,
                         0o666, dir_fd=dfd)
        finally:
            os.close(dfd)
        with os.fdopen(fd, "wb") as fh:
            if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
                raise RpcError(INVALID_PARAMS, f"path {path!r}: not a regular file")
            fh.truncate(0)
            fh.write(data)
    except OSError as exc:
        raise _fs_error(path, exc) from None
    return {}


# ------------------------------------------------------------------------------------------- terminals

class Terminal:
    """One terminal/create: a process in the workdir, its output (stdout and stderr together) kept to a limit."""

    def __init__(self, root: str, params: dict):
        command = params.get("command")
        args = params.get("args") or []
        if not isinstance(command, str) or not command or not isinstance(args, list) \
                or not all(isinstance(a, str) for a in args):
            raise RpcError(INVALID_PARAMS, "command: a string, args: a list of strings")
        cwd = params.get("cwd") or root
        _inside(root, cwd)   # refuses outside; a link on the way is the process's own business inside the sandbox
        env = dict(os.environ)
        for var in params.get("env") or []:
            if isinstance(var, dict) and isinstance(var.get("name"), str) and isinstance(var.get("value"), str):
                env[var["name"]] = var["value"]
        limit = params.get("outputByteLimit")
        self.limit = min(limit, MAX_TERMINAL_OUTPUT_BYTES) if isinstance(limit, int) and limit >= 0 \
            else TERMINAL_OUTPUT_BYTES
        self.out = bytearray()
        self.truncated = False
        self.lock = threading.Lock()
        try:
            self.proc = subprocess.Popen([command, *args], cwd=os.path.normpath(cwd), env=env,
                                         stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        except OSError as exc:
            raise RpcError(INTERNAL_ERROR, f"cannot start {command!r}: {exc.strerror}") from None
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        while True:
            chunk = self.proc.stdout.read1(65536)
            if not chunk:
                return
            with self.lock:
                self.out += chunk
                if len(self.out) > self.limit:   # the spec: truncate from the beginning
                    del self.out[:len(self.out) - self.limit]
                    self.truncated = True

    def status(self) -> dict | None:
        code = self.proc.poll()
        if code is None:
            return None
        return {"exitCode": code, "signal": None} if code >= 0 else {"exitCode": None, "signal": str(-code)}

    def output(self) -> dict:
        with self.lock:
            data = bytes(self.out)
            truncated = self.truncated
        text = data.decode("utf-8", errors="ignore")   # a cut at the start may split a character: drop it
        return {"output": text, "truncated": truncated, "exitStatus": self.status()}

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()


# ------------------------------------------------------------------------------------------- the connection

class Client:
    """The connection to one agent process: messages read on a thread into a queue, handled on the main one."""

    def __init__(self, argv: list[str], cwd: str, terminal: bool = True):
        self.cwd = os.path.normpath(os.path.abspath(cwd))
        self.terminal = terminal
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=self.cwd)
        # bounded: an agent that floods its stdout while the client is busy waits (backpressure), it does not
        # grow the client's memory
        self.inbox: queue.Queue = queue.Queue(maxsize=INBOX_LINES)
        self.next_id = 0
        self.send_lock = threading.Lock()
        self.outbox: queue.Queue = queue.Queue()
        self.unsent = 0                 # bytes queued for the agent and not yet written
        self.waiting: dict[int, str] = {}
        self.answers: dict[int, dict] = {}
        self.permissions: set = set()   # ids of permission requests not yet answered (answered at once: stays empty)
        self.terminals: dict[str, Terminal] = {}
        self.cancelled = False
        self.closed = False
        self.eof = False
        threading.Thread(target=self._read, daemon=True).start()
        self.writer = threading.Thread(target=self._write, daemon=True)
        self.writer.start()

    # the wire ------------------------------------------------------------------------------------------------

    def _read(self) -> None:
        """Lines from the agent's stdout, at most MAX_LINE_BYTES each (a longer one is skipped to its end)."""
        stream = self.proc.stdout
        buf = bytearray()
        skipping = 0
        while True:
            chunk = stream.read1(65536)
            if not chunk:
                break
            start = 0
            while True:
                nl = chunk.find(b"\n", start)
                piece = chunk[start:] if nl < 0 else chunk[start:nl]
                if skipping:
                    skipping += len(piece)
                elif len(buf) + len(piece) > MAX_LINE_BYTES:
                    skipping = len(buf) + len(piece)
                    buf.clear()
                else:
                    buf += piece
                if nl < 0:
                    break
                if skipping:
                    self.inbox.put(("oversized", skipping))
                    skipping = 0
                else:
                    self.inbox.put(("line", bytes(buf)))
                    buf.clear()
                start = nl + 1
        if skipping:
            self.inbox.put(("oversized", skipping))
        elif buf.strip():
            self.inbox.put(("line", bytes(buf)))
        self.inbox.put(("eof", None))

    def send(self, message: dict) -> None:
        """One message to the agent (and to the log), queued for the writer thread: the main loop never blocks on
        an agent that stopped reading its stdin (it still cancels at the deadline). Past MAX_UNSENT_BYTES waiting,
        further messages are dropped (and logged): such an agent gets nothing more."""
        message = {"jsonrpc": "2.0", **message}
        log({"out": trim(message)})
        data = (json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
        with self.send_lock:
            if self.closed:
                return
            if self.unsent + len(data) > MAX_UNSENT_BYTES:
                note("send_dropped", bytes=len(data), unsent=self.unsent)
                return
            self.unsent += len(data)
        self.outbox.put(data)

    def _write(self) -> None:
        """The writer thread: queued messages to the agent's stdin, in order, until it is closed or broken."""
        while True:
            data = self.outbox.get()
            if data is None:
                break
            try:
                self.proc.stdin.write(data)
                self.proc.stdin.flush()
            except (OSError, ValueError):
                with self.send_lock:
                    self.closed = True
                break
            with self.send_lock:
                self.unsent -= len(data)
        try:
            self.proc.stdin.close()
        except (OSError, ValueError):
            pass

    def request(self, method: str, params: dict) -> int:
        """Send a request; its id (the answer arrives in self.answers)."""
        self.next_id += 1
        self.waiting[self.next_id] = method
        self.send({"id": self.next_id, "method": method, "params": params})
        return self.next_id

    def notify(self, method: str, params: dict) -> None:
        self.send({"method": method, "params": params})

    def respond(self, rid, result: dict | None = None, error: RpcError | None = None) -> None:
        if error is not None:
            self.send({"id": rid, "error": {"code": error.code, "message": error.message[:500]}})
        else:
            self.send({"id": rid, "result": result if result is not None else {}})

    # the agent's messages ------------------------------------------------------------------------------------

    def pump(self, until: float) -> bool:
        """Handle the agent's messages until monotonic time `until`; False when its stdout ended."""
        if self.eof:
            return False
        while True:
            left = until - time.monotonic()
            if left <= 0:
                return True
            try:
                kind, item = self.inbox.get(timeout=min(left, 0.5))
            except queue.Empty:
                continue
            if kind == "eof":
                self.eof = True
                return False
            if kind == "oversized":
                note("oversized_line", bytes=item, limit=MAX_LINE_BYTES)
                continue
            self.handle_line(item)
            return True

    def handle_line(self, raw: bytes) -> None:
        text = raw.decode("utf-8", errors="replace").strip()
        if not text:
            return
        try:
            msg = json.loads(text)
        except (ValueError, RecursionError):
            msg = None
        # The framing decides what a line is: a JSON-RPC 2.0 object. Anything else (a banner, a log line) is junk.
        if not isinstance(msg, dict) or msg.get("jsonrpc") != "2.0":
            note("junk_line", text=text[:300])
            return
        log({"in": trim(msg)})
        has_id = "id" in msg and (msg["id"] is None or isinstance(msg["id"], (int, str))) \
            and not isinstance(msg["id"], bool)
        if isinstance(msg.get("method"), str):
            if has_id:
                self.on_request(msg["id"], msg["method"], msg.get("params"))
            return   # a notification: the log holds it (session/update), nothing to answer
        if has_id and ("result" in msg or "error" in msg):
            if msg["id"] in self.waiting:
                self.waiting.pop(msg["id"])
                self.answers[msg["id"]] = msg
            return
        if has_id:
            self.respond(msg["id"], error=RpcError(INVALID_REQUEST, "not a request: no method"))

    def on_request(self, rid, method: str, params) -> None:
        params = params if isinstance(params, dict) else {}
        try:
            if method == "session/request_permission":
                result = self.permission(params)
            elif method == "fs/read_text_file":
                result = read_text_file(self.cwd, params)
                note("fs", method=method, path=trim(params.get("path")), bytes=len(result["content"]))
            elif method == "fs/write_text_file":
                result = write_text_file(self.cwd, params)
                note("fs", method=method, path=trim(params.get("path")), bytes=len(str(params.get("content"))))
            elif method.startswith("terminal/") and self.terminal:
                result = self.terminal_call(rid, method, params)
                if result is None:
                    return   # wait_for_exit: answered by its thread
            else:
                raise RpcError(METHOD_NOT_FOUND, f"method not found: {method}")
        except RpcError as exc:
            if method.startswith("fs/"):
                note("fs_refused", method=method, path=trim(params.get("path")), error=exc.message[:300])
            self.respond(rid, error=exc)
            return
        except Exception as exc:  # noqa: BLE001 - the client must answer whatever went wrong
            self.respond(rid, error=RpcError(INTERNAL_ERROR, f"{type(exc).__name__}: {exc}"))
            return
        self.respond(rid, result)

    def permission(self, params: dict) -> dict:
        """Select an allow option (allow_always before allow_once): the harness's sandbox bounds the agent. After
        the prompt was cancelled the answer is `cancelled`, as the spec requires."""
        options = [o for o in params.get("options") or [] if isinstance(o, dict)]
        if self.cancelled:
            return {"outcome": {"outcome": "cancelled"}}
        for kind in ("allow_always", "allow_once"):
            for option in options:
                if option.get("kind") == kind and isinstance(option.get("optionId"), str):
                    note("permission", option=option["optionId"], kind=kind)
                    return {"outcome": {"outcome": "selected", "optionId": option["optionId"]}}
        note("permission", option=None, kind=None)
        return {"outcome": {"outcome": "cancelled"}}   # no allow option offered: nothing to select

    def terminal_call(self, rid, method: str, params: dict) -> dict | None:
        if method == "terminal/create":
            if len(self.terminals) >= MAX_TERMINALS:
                raise RpcError(INTERNAL_ERROR, f"more than {MAX_TERMINALS} terminals")
            term = Terminal(self.cwd, params)
            tid = f"term-{len(self.terminals) + 1}"
            self.terminals[tid] = term
            note("terminal", id=tid, command=trim([params.get("command"), *(params.get("args") or [])]))
            return {"terminalId": tid}
        term = self.terminals.get(params.get("terminalId"))
        if term is None:
            raise RpcError(INVALID_PARAMS, "terminalId: no such terminal")
        if method == "terminal/output":
            return term.output()
        if method == "terminal/kill":
            term.kill()
            return {}
        if method == "terminal/release":
            term.kill()
            return {}
        if method == "terminal/wait_for_exit":
            def wait() -> None:
                term.proc.wait()
                term.reader.join(timeout=5)
                self.respond(rid, term.status())
            threading.Thread(target=wait, daemon=True).start()
            return None
        raise RpcError(METHOD_NOT_FOUND, f"method not found: {method}")

    # requests of ours ----------------------------------------------------------------------------------------

    def call(self, method: str, params: dict, until: float) -> dict | None:
        """Send a request and handle messages until its answer or `until`; the answer, or None (no answer)."""
        rid = self.request(method, params)
        while rid not in self.answers:
            if not self.pump(until) or time.monotonic() >= until:
                return None
        return self.answers.pop(rid)

    def end(self, grace: float = 2.0) -> int | None:
        """Close the agent's stdin, give it `grace` seconds, then SIGTERM, then SIGKILL; its exit status."""
        # The writer sends what is queued, then closes the agent's stdin. It may be stuck on an agent that stopped
        # reading: then the agent is killed, which fails that write (the client never waits on its goodwill).
        with self.send_lock:
            self.closed = True
        self.outbox.put(None)
        self.writer.join(timeout=max(grace, 0.5))
        if self.writer.is_alive():
            self.proc.kill()
            self.writer.join(timeout=5.0)
        for term in self.terminals.values():
            term.kill()
        for sig, wait in ((None, grace), (signal.SIGTERM, 2.0), (signal.SIGKILL, 5.0)):
            if sig is not None and self.proc.poll() is None:
                try:
                    self.proc.send_signal(sig)
                except OSError:
                    pass
            try:
                return self.proc.wait(timeout=wait)
            except subprocess.TimeoutExpired:
                continue
        return self.proc.poll()


def _error_text(answer: dict) -> str:
    err = answer.get("error")
    if isinstance(err, dict):
        return f"{err.get('message')} (code {err.get('code')})"
    return str(err)


def out_of_time(client: Client) -> int:
    """End the agent, then wait for the harness's own timeout, so the run is recorded as timed out."""
    code = client.end(grace=0.5)
    note("exit", code=code)
    while True:
        time.sleep(60)


def run(argv: list[str], cwd: str, prompt: str, timeout: float, grace: float, terminal: bool = True) -> int:
    """The whole session; the client's exit status (0: the prompt was answered)."""
    deadline = time.monotonic() + max(1.0, timeout - grace)
    note("start", argv=trim(argv), cwd=cwd, timeout_s=timeout, grace_s=grace)
    try:
        client = Client(argv, cwd, terminal)
    except OSError as exc:
        note("cannot_start", error=str(exc))
        say(f"cannot start {argv[0]}: {exc.strerror or exc}")
        return EXIT_CANNOT_START
    caps = {"fs": {"readTextFile": True, "writeTextFile": True}, "terminal": terminal}
    answer = client.call("initialize", {"protocolVersion": PROTOCOL_VERSION, "clientCapabilities": caps,
                                        "clientInfo": CLIENT_INFO}, deadline)
    session = None
    stop = None
    if answer is None or "error" in answer:
        note("failed", step="initialize", error=_error_text(answer) if answer else "no answer")
    else:
        version = (answer.get("result") or {}).get("protocolVersion") if isinstance(answer.get("result"), dict) \
            else None
        if version != PROTOCOL_VERSION:
            note("failed", step="initialize", error=f"the agent speaks protocol version {version!r}, "
                                                    f"this client {PROTOCOL_VERSION}")
        else:
            answer = client.call("session/new", {"cwd": client.cwd, "mcpServers": []}, deadline)
            result = answer.get("result") if answer else None
            if not isinstance(result, dict) or not isinstance(result.get("sessionId"), str):
                note("failed", step="session/new",
                     error=_error_text(answer) if answer and "error" in answer else "no session id")
            else:
                session = result["sessionId"]
    if session is None and time.monotonic() >= deadline:
        note("out_of_time", step="initialize" if answer is None else "session/new")
        return out_of_time(client)
    if session is not None:
        rid = client.request("session/prompt", {"sessionId": session, "prompt": [{"type": "text", "text": prompt}]})
        alive = True
        while rid not in client.answers and alive and time.monotonic() < deadline:
            alive = client.pump(deadline)
        if rid not in client.answers and alive:
            # the time is up: cancel, and give the agent part of the grace to say it stopped
            client.cancelled = True
            note("cancel", reason="timeout")
            client.notify("session/cancel", {"sessionId": session})
            until = time.monotonic() + grace / 2
            while rid not in client.answers and client.pump(until) and time.monotonic() < until:
                pass
            answer = client.answers.pop(rid, None)
            stop = (answer.get("result") or {}).get("stopReason") if answer and isinstance(answer.get("result"),
                                                                                           dict) else None
            note("cancelled", stop_reason=stop, answered=answer is not None)
            return out_of_time(client)
        answer = client.answers.pop(rid, None)
        if answer is None:
            note("failed", step="session/prompt", error="the agent ended without answering")
        elif "error" in answer:
            note("failed", step="session/prompt", error=_error_text(answer))
        else:
            result = answer.get("result") if isinstance(answer.get("result"), dict) else {}
            stop = result.get("stopReason")
            note("stop", stop_reason=trim(stop))
    code = client.end()
    note("exit", code=code)
    if stop is not None:
        return 0
    return EXIT_NO_ANSWER if code in (0, None) else code


USAGE = "usage: acp_client.py --cwd DIR --timeout SECONDS [--grace SECONDS] [--no-terminal] -- AGENT ARGV..."


def parse_args(argv: list[str]) -> tuple[str, float, float, bool, list[str]] | None:
    """(cwd, timeout, grace, terminal, the agent's argv) from our command line, or None when it is malformed."""
    if "--" not in argv:
        return None
    cut = argv.index("--")
    opts, cmd = argv[:cut], argv[cut + 1:]
    cwd, timeout, grace, terminal = None, None, DEFAULT_GRACE_S, True
    i = 0
    try:
        while i < len(opts):
            if opts[i] == "--no-terminal":
                terminal = False
                i += 1
                continue
            key, value = opts[i], opts[i + 1]
            if key == "--cwd":
                cwd = value
            elif key == "--timeout":
                timeout = float(value)
            elif key == "--grace":
                grace = float(value)
            else:
                return None
            i += 2
    except (IndexError, ValueError):
        return None
    if not cwd or timeout is None or not cmd or not (timeout > 0 and grace >= 0):
        return None
    return cwd, timeout, grace, terminal, cmd


def main(argv: list[str] | None = None) -> int:
    """Entry point: read the prompt from stdin, run the session, exit with its status."""
    parsed = parse_args(sys.argv[1:] if argv is None else argv)
    if parsed is None:
        say(USAGE)
        return EXIT_USAGE
    cwd, timeout, grace, terminal, cmd = parsed
    prompt = sys.stdin.buffer.read().decode("utf-8", errors="replace")
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(128 + signal.SIGTERM))
    return run(cmd, cwd, prompt, timeout, grace, terminal)


if __name__ == "__main__":
    sys.exit(main())
