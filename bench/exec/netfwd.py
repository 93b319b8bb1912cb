"""The model port inside a sandbox with no network: 127.0.0.1:PORT relayed to the harness's model proxy's socket.

    python -I -S netfwd.py --port PORT --socket /run/localagentbench/model.sock -- AGENT ARGV...

Run by sandbox.wrap as the first program in a bubblewrap sandbox that has its own network namespace (only `lo`,
no route anywhere). It listens on 127.0.0.1:PORT (and [::1]:PORT where the namespace has IPv6) inside that
namespace, so the agent reaches the proxy at the very URL it was given (http://127.0.0.1:PORT/r/<token>), and
relays every connection byte for byte, both ways, to the proxy's Unix socket, which is bound into the sandbox.
Then it starts the agent as its child with its own stdin, stdout and stderr, passes SIGTERM, SIGINT and SIGHUP
on to it, and exits with the agent's status (128+N when the agent was killed by signal N), which is what the
harness reads. It exits 127 with one line on stderr when the agent cannot be started, 125 when it cannot listen.

Standard library only and self-contained (no `bench` imports): it runs as a file with the harness's interpreter
in isolated mode, where the harness's packages are not importable. One thread, one selector: no thread per
connection (RLIMIT_NPROC and RLIMIT_AS apply to it as to the agent), and a piece read is written at once, so a
streamed answer's chunk is delayed by one recv and one send.
"""
from __future__ import annotations

import errno
import os
import selectors
import signal
import socket
import subprocess
import sys
import time

READ_SIZE = 256 * 1024
FORWARDED = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)
EXIT_CANNOT_START = 127
EXIT_CANNOT_LISTEN = 125
EXIT_USAGE = 2
SHORT_OF = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)
PAUSE_S = 0.5   # how long accepting rests when out of descriptors
USAGE = "usage: netfwd.py --port PORT --socket PATH -- ARGV..."


def say(message: str) -> None:
    """One line on stderr, named, for whoever reads the agent's stderr log."""
    try:
        sys.stderr.write(f"netfwd: {message}\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass


def parse(argv: list[str]) -> tuple[int, str, list[str]] | None:
    """(port, socket path, the agent's argv) from our command line, or None when it is malformed."""
    if "--" not in argv:
        return None
    cut = argv.index("--")
    opts, cmd = argv[:cut], argv[cut + 1:]
    if len(opts) != 4 or opts[0::2] != ["--port", "--socket"] or not opts[1].isdigit() or not cmd:
        return None
    port = int(opts[1])
    return (port, opts[3], cmd) if 0 < port < 65536 else None


class Pair:
    """One agent connection and its connection to the proxy: two one-way streams, each with what is read but not
    yet written. A side's end of input (EOF) is passed on as a half-close once its data is written out."""

    def __init__(self, relay: Relay, client: socket.socket, upstream: socket.socket):
        self.relay = relay
        self.socks = (client, upstream)
        self.pending = [b"", b""]     # [i]: read from socks[i], not yet written to socks[1 - i]
        self.eof = [False, False]     # socks[i] sent EOF
        self.shut = [False, False]    # socks[i] was shut for writing
        self.closed = False
        self.masks = [0, 0]
        for i, sock in enumerate(self.socks):
            sock.setblocking(False)
            relay.sel.register(sock, selectors.EVENT_READ, (self, i))
            self.masks[i] = selectors.EVENT_READ

    def on_event(self, i: int, mask: int) -> None:
        """socks[i] is readable and/or writable."""
        if self.closed:    # by the other side's event earlier in the same select() batch
            return
        try:
            if mask & selectors.EVENT_WRITE:
                self._flush(1 - i)            # socks[i] takes what the other side sent
            if mask & selectors.EVENT_READ and not self.pending[i] and not self.eof[i]:
                self._read(i)
        except OSError:   # reset, broken pipe, ...: the connection is over
            self.close()
            return
        if not self.closed:
            self._update()

    def _read(self, i: int) -> None:
        try:
            data = self.socks[i].recv(READ_SIZE)
        except (BlockingIOError, InterruptedError):
            return
        if data:
            self.pending[i] = data
        else:
            self.eof[i] = True
        self._flush(i)

    def _flush(self, i: int) -> None:
        """Write what socks[i] sent to the other side, as far as it takes it now; pass EOF on once all is written."""
        if self.pending[i]:
            try:
                sent = self.socks[1 - i].send(self.pending[i])
            except (BlockingIOError, InterruptedError):
                sent = 0
            self.pending[i] = self.pending[i][sent:]
        if self.eof[i] and not self.pending[i] and not self.shut[1 - i]:
            self.shut[1 - i] = True
            self.socks[1 - i].shutdown(socket.SHUT_WR)

    def _update(self) -> None:
        if all(self.eof) and not any(self.pending):
            self.close()
            return
        for i, sock in enumerate(self.socks):
            # Read from a side only while its last piece is out (back-pressure); write to it while one waits.
            mask = (0 if self.eof[i] or self.pending[i] else selectors.EVENT_READ) | \
                   (selectors.EVENT_WRITE if self.pending[1 - i] else 0)
            if mask != self.masks[i]:
                if self.masks[i] and mask:
                    self.relay.sel.modify(sock, mask, (self, i))
                elif mask:
                    self.relay.sel.register(sock, mask, (self, i))
                else:
                    self.relay.sel.unregister(sock)
                self.masks[i] = mask

    def close(self) -> None:
        """Drop both connections (one side reset or failed: the other is cut too, as a direct connection would be)."""
        if self.closed:
            return
        self.closed = True
        for i, sock in enumerate(self.socks):
            if self.masks[i]:
                self.relay.sel.unregister(sock)
            sock.close()


class Relay:
    """The listeners, the selector and the agent process."""

    def __init__(self, port: int, socket_path: str):
        self.port = port
        self.socket_path = socket_path
        self.sel = selectors.DefaultSelector()
        self.listeners: list[socket.socket] = []
        self.child: subprocess.Popen | None = None
        self.held: list[int] = []      # signals that came before the agent started
        self.paused: list[socket.socket] = []   # listeners not accepting for now (out of descriptors)
        self.resume_at = 0.0

    def listen(self) -> None:
        """Bind 127.0.0.1:PORT (required) and [::1]:PORT (where the namespace has IPv6: clients resolving
        `localhost` may try it first)."""
        for family, host in ((socket.AF_INET, "127.0.0.1"), (socket.AF_INET6, "::1")):
            try:
                sock = socket.socket(family, socket.SOCK_STREAM)
            except OSError:
                if family == socket.AF_INET:
                    raise
                continue
            try:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                if family == socket.AF_INET6:
                    sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
                sock.bind((host, self.port))
                sock.listen(128)
            except OSError:
                sock.close()
                if family == socket.AF_INET:
                    raise
                continue
            sock.setblocking(False)
            self.sel.register(sock, selectors.EVENT_READ, None)
            self.listeners.append(sock)

    def accept(self, listener: socket.socket) -> None:
        """Take every waiting connection and pair each with a fresh connection to the proxy."""
        while True:
            try:
                client, _ = listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as e:
                if e.errno in SHORT_OF:
                    self.pause(listener, e)
                return   # else (ECONNABORTED, ...): that connection is gone, the next is taken
            try:
                upstream = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            except OSError as e:   # the agent's connection is lost: closed, as a refused one would be
                client.close()
                if e.errno in SHORT_OF:
                    self.pause(listener, e)
                return
            try:
                # Small writes (one request, one streamed event) must leave at once, not wait for Nagle.
                client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                # Blocking, bounded: a local socket connects at once unless the proxy's backlog is full.
                upstream.settimeout(10)
                upstream.connect(self.socket_path)
            except OSError as e:
                say(f"cannot reach the model proxy at {self.socket_path}: {e.strerror or e}")
                upstream.close()
                client.close()
                continue
            # The request usually arrived with the connection: relay it now rather than after one more select.
            Pair(self, client, upstream).on_event(0, selectors.EVENT_READ)

    def pause(self, listener: socket.socket, e: OSError) -> None:
        """Out of descriptors or memory: stop accepting for PAUSE_S (connections wait in the backlog meanwhile), or
        the listener, still readable, would spin the loop."""
        if not self.paused:
            say(f"cannot accept a connection ({e.strerror}); trying again shortly")
        self.sel.unregister(listener)
        self.paused.append(listener)
        self.resume_at = time.monotonic() + PAUSE_S

    def start_child(self, cmd: list[str]) -> None:
        """Start the agent with our own stdin/stdout/stderr (it inherits them; nothing else of ours)."""
        self.child = subprocess.Popen(cmd)   # restore_signals: SIGPIPE and SIGXFSZ back to default for it
        for sig in self.held:
            self._forward(sig)

    def _forward(self, sig: int) -> None:
        if self.child is None:
            self.held.append(sig)
            return
        try:
            os.kill(self.child.pid, sig)
        except ProcessLookupError:
            pass

    def on_signal(self, sig: int, _frame: object) -> None:
        """SIGTERM, SIGINT, SIGHUP: for the agent; we end when it does."""
        self._forward(sig)

    def run(self) -> int:
        """Relay until the agent exits; its exit status, as a shell would give it."""
        assert self.child is not None
        try:
            pidfd = os.pidfd_open(self.child.pid)
        except (AttributeError, OSError):   # before Linux 5.3: poll for the exit between events
            pidfd = None
        if pidfd is not None:
            self.sel.register(pidfd, selectors.EVENT_READ, "child")
        while True:
            if self.paused and time.monotonic() >= self.resume_at:
                for listener in self.paused:
                    self.sel.register(listener, selectors.EVENT_READ, None)
                self.paused = []
            timeout = None if pidfd is not None else 0.2
            if self.paused:
                timeout = max(0.0, min(timeout or PAUSE_S, self.resume_at - time.monotonic()))
            exited = pidfd is None
            for key, mask in self.sel.select(timeout):
                if key.data is None:
                    self.accept(key.fileobj)
                elif key.data == "child":
                    exited = True
                else:
                    pair, i = key.data
                    pair.on_event(i, mask)
            code = self.child.poll() if exited else None
            if code is not None:
                return 128 - code if code < 0 else code


def main(argv: list[str]) -> int:
    """Listen, start the agent, relay until it exits; the agent's exit status."""
    parsed = parse(argv)
    if parsed is None:
        say(USAGE)
        return EXIT_USAGE
    port, socket_path, cmd = parsed
    relay = Relay(port, socket_path)
    for sig in FORWARDED:
        # A signal ignored when we started stays ignored for the agent too, as it would without us.
        if signal.getsignal(sig) != signal.SIG_IGN:
            signal.signal(sig, relay.on_signal)
    try:
        relay.listen()
    except OSError as e:
        say(f"cannot listen on 127.0.0.1:{port}: {e.strerror or e}")
        return EXIT_CANNOT_LISTEN
    try:
        relay.start_child(cmd)
    except (OSError, ValueError) as e:
        say(f"cannot start {cmd[0]}: {getattr(e, 'strerror', None) or e}")
        return EXIT_CANNOT_START
    return relay.run()


if __name__ == "__main__":
    code = main(sys.argv[1:])
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        pass
    # No interpreter teardown: open relays just end with us, as the agent has.
    os._exit(code)
