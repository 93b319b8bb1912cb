"""What every stage's main() shares: argument errors and user errors as one line, logs on stderr."""
from __future__ import annotations

import argparse
import contextlib
import contextvars
import sys
from collections.abc import Callable, Iterator, Sequence

from bench.common.errors import UserError
from bench.common.untrusted import one_line


def log(message: str) -> None:
    """A progress or diagnostic line on stderr (stdout is reserved for JSON)."""
    print(message, file=sys.stderr, flush=True)


_INVOKED_AS: contextvars.ContextVar[str | None] = contextvars.ContextVar("invoked_as", default=None)


@contextlib.contextmanager
def invoked_as(prog: str) -> Iterator[None]:
    """While a stage's main() runs inside this block its usage and errors say `prog` (the umbrella CLI's
    `localagentbench verify`) instead of the stage's own name (see stage_prog)."""
    token = _INVOKED_AS.set(prog)
    try:
        yield
    finally:
        _INVOKED_AS.reset(token)


def stage_prog(own: str) -> str:
    """The program name a stage's ArgumentParser shows: `own` (`python -m bench.verify`) when the stage is run
    directly, or the name it was reached by (`localagentbench verify`, set by the umbrella CLI with invoked_as)."""
    return _INVOKED_AS.get() or own


class ArgumentParser(argparse.ArgumentParser):
    """argparse that reports usage errors as UserError instead of exiting from deep inside."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UserError(f"{self.prog}: {message} (see {self.prog} --help)")


def run_main(body: Callable[[Sequence[str]], int], argv: Sequence[str] | None) -> int:
    """Call a stage body; turn UserError into 'error: ...' + exit 2 and Ctrl-C into exit 130."""
    try:
        return body(sys.argv[1:] if argv is None else list(argv))
    except UserError as exc:   # one line, whatever a record it quotes holds (a name with a newline or an escape)
        log(f"error: {one_line(str(exc))}")
        return 2
    except KeyboardInterrupt:
        log("interrupted")
        return 130
    except BrokenPipeError:
        return 1
