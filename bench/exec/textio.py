"""Text the harness reads from files and processes it did not write: UTF-8 with undecodable bytes replaced, on
every OS. Never the locale's encoding: on Windows that is a code page (cp1252, ...) in which an agent's UTF-8
output decodes wrongly or raises."""
from __future__ import annotations

from pathlib import Path

ENCODING = "utf-8"
ERRORS = "replace"
# For subprocess.run(..., **SUBPROCESS_TEXT) where text=True would decode with the locale's encoding.
SUBPROCESS_TEXT = {"encoding": ENCODING, "errors": ERRORS}


def decode(data: bytes) -> str:
    """`data` as text: UTF-8, each undecodable byte replaced by U+FFFD."""
    return data.decode(ENCODING, ERRORS)


def read_text(path: str | Path) -> str:
    """The whole file at `path` as text (see decode); newlines are kept as written."""
    return decode(Path(path).read_bytes())
