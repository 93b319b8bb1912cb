"""Values from outside the harness (what an agent printed or wrote, what a model call carried) made into values a
record may hold: counts, seconds, text and JSON, each bounded.

Every value the agent controls passes one of these on its way into a record, so that a record holds only what
its schema allows and what every page can show: a count is a whole number from 0 to MAX_COUNT, seconds are a
finite number from 0 to MAX_SECONDS, text is valid UTF-8 of bounded length, and nested data is bounded in depth,
width and size. A value that is not what it claims to be becomes None, and the caller flags it (a `problem`
line naming the field), never a crash and never a smaller number than the truth.
"""
from __future__ import annotations

import html
import json
import math
from typing import Any

MAX_COUNT = 10 ** 12          # no run makes a trillion calls or tokens: a count above it is a lie or an overflow
MAX_SECONDS = 10 ** 7         # about 116 days: longer than any run's timeout
MAX_TEXT = 4000               # one text field of a record or trajectory event (its head is kept)
MAX_KEY = 100                 # one key of a mapping
MAX_DEPTH = 6                 # nesting of an agent's free-form data
MAX_ITEMS = 100               # entries of one list or mapping in an agent's free-form data
MAX_JSON_CHARS = 16_000       # all the text in one free-form value together


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + f"… [{len(text) - limit} more chars]"


def text(value: Any, limit: int = MAX_TEXT) -> str:
    """`value` as valid UTF-8 text of at most `limit` characters (plus a note of how many were cut): lone
    surrogates (which JSON can spell and no UTF-8 file can hold) become U+FFFD; a non-string is written as JSON."""
    if not isinstance(value, str):
        value = json.dumps(bounded(value), ensure_ascii=False, sort_keys=True)
    value = _cut(value, limit)
    if value.isascii():
        return value
    try:
        value.encode("utf-8")
        return value
    except UnicodeEncodeError:   # a lone surrogate: through UTF-16, where it is one unit, it becomes one U+FFFD
        return value.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")


def one_line(value: str) -> str:
    """`value` as one line of a terminal or of Markdown: every line break a reader honours (\\r, \\n, U+2028...) a
    space, every other character that is not printable (controls such as the ESC of a terminal escape, bidirectional
    overrides) a visible \\uXXXX: text from a record never starts a line of its own nor rewrites the screen."""
    flat = " ".join(str(value).splitlines())
    return flat if flat.isprintable() else "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in flat)


def markdown_text(value: Any) -> str:
    """`value` as inert text inside one line or one table cell of Markdown: one line (one_line), HTML's `&`, `<`
    and `>` as entities (a Markdown renderer passes raw HTML through: a record's `<script>` or `<img onerror>`
    would run on the page), and the pipe escaped (it would end a table cell)."""
    return html.escape(one_line(str(value)), quote=False).replace("|", "\\|")


def optional_text(value: Any, limit: int = MAX_TEXT) -> str | None:
    """text(value), None staying None."""
    return None if value is None else text(value, limit)


def is_count(value: Any) -> bool:
    """Whether `value` is a usable count: a whole number from 0 to MAX_COUNT (not a bool, not a float, not text)."""
    return type(value) is int and 0 <= value <= MAX_COUNT


def is_seconds(value: Any) -> bool:
    """Whether `value` is a usable duration or offset in seconds: a finite number from 0 to MAX_SECONDS."""
    return type(value) in (int, float) and math.isfinite(value) and 0 <= value <= MAX_SECONDS


def number(value: Any) -> float | None:
    """`value` as a finite float when it is a JSON number a float holds (not a bool, not text, not NaN or an
    infinity, not a whole number beyond a float's range), else None: what a parser may do arithmetic on."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    try:
        value = float(value)
    except OverflowError:   # a whole number of 400 digits: JSON spells it, no float holds it
        return None
    return value if math.isfinite(value) else None


def count_or_zero(value: Any) -> int:
    """`value` as a count for a parser's running sum: a whole number (or a float holding one) from 0 to MAX_COUNT,
    else 0 (a figure the agent did not report, or one no count can be)."""
    number_ = number(value)
    return int(number_) if number_ is not None and 0 <= number_ <= MAX_COUNT else 0


def shown(value: Any, limit: int = 80) -> str:
    """A short, safe rendering of a bad value for a problem line."""
    return text(value if isinstance(value, str) else _repr(value), limit)


def _repr(value: Any) -> str:
    if isinstance(value, (dict, list)):
        return f"{type(value).__name__} of {len(value)}"
    if isinstance(value, str):
        return value
    return repr(value)[:200]


def bounded(value: Any, depth: int = MAX_DEPTH, notes: bool = True) -> Any:
    """`value` as JSON a record may hold: strings valid UTF-8 and capped, keys strings, numbers finite (NaN and
    infinities become None, whole numbers beyond 64 bits become text), at most MAX_ITEMS entries per container
    and `depth` levels (a deeper level is replaced by a note), MAX_JSON_CHARS of text in all. `notes`: say
    where entries were left out (an entry "…"); without, they are just left out, so a mapping of counts stays
    one (the model proxy's totals)."""
    budget = [MAX_JSON_CHARS]
    return _bounded(value, depth, budget, notes)


def _bounded(value: Any, depth: int, budget: list[int], notes: bool = True) -> Any:
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        return value if -(2 ** 63) <= value < 2 ** 63 else text(f"{value:.6e}" if value.bit_length() < 1000
                                                                   else "(a whole number too large to keep)")
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, str):
        kept = text(value, max(0, min(MAX_TEXT, budget[0])))
        budget[0] -= len(kept)
        return kept
    if isinstance(value, (list, tuple, dict)):
        if depth <= 0:
            return f"({type(value).__name__} nested deeper than {MAX_DEPTH} levels: not kept)"
        if isinstance(value, dict):
            out: dict[str, Any] = {}
            for i, (k, v) in enumerate(value.items()):
                if i >= MAX_ITEMS or (notes and budget[0] <= 0):
                    if notes:
                        out["…"] = f"{len(value) - i} more entries not kept"
                    break
                key = text(k if isinstance(k, str) else str(k), MAX_KEY)
                budget[0] -= len(key)
                out[key] = _bounded(v, depth - 1, budget, notes)
            return out
        items = []
        for i, v in enumerate(value):
            if i >= MAX_ITEMS or (notes and budget[0] <= 0):
                if notes:
                    items.append(f"… {len(value) - i} more items not kept")
                break
            items.append(_bounded(v, depth - 1, budget, notes))
        return items
    return text(repr(value)[:200])


def loads(line: str | bytes) -> Any:
    """One JSON document from untrusted text, or None when it is not one: malformed, nested deeper than Python
    parses (RecursionError), a number with more digits than Python converts (ValueError). NaN and Infinity are
    read as the floats they name, for the normalizer to flag: a field that holds one is made unknown, not lost
    with its whole line."""
    try:
        return json.loads(line)
    except (ValueError, RecursionError):
        return None


def problems_in(value: Any, where: str = "", depth: int = 64) -> list[str]:
    """What in `value` no record may hold, as 'field: problem' lines: a number that is NaN or infinite, text
    with a lone surrogate (no UTF-8 file can hold it), nesting deeper than `depth`. JSON Schema cannot say
    these, so schema.problems adds them."""
    found: list[str] = []
    stack: list[tuple[Any, str, int]] = [(value, where, 0)]
    while stack and len(found) < 20:
        item, path, level = stack.pop()
        if isinstance(item, float) and not math.isfinite(item):
            found.append(f"{path or '(top level)'}: {item!r} is not a finite number")
        elif isinstance(item, str):
            if not item.isascii():
                try:
                    item.encode("utf-8")
                except UnicodeEncodeError:
                    found.append(f"{path or '(top level)'}: text that is not valid UTF-8 (a lone surrogate)")
        elif isinstance(item, (dict, list)):
            if level >= depth:
                found.append(f"{path or '(top level)'}: nested deeper than {depth} levels")
                continue
            pairs = item.items() if isinstance(item, dict) else enumerate(item)
            for k, v in pairs:
                if isinstance(k, str) and not k.isascii():
                    try:
                        k.encode("utf-8")
                    except UnicodeEncodeError:
                        found.append(f"{path or '(top level)'}: a key that is not valid UTF-8 (a lone surrogate)")
                        continue
                sub = f"{path}[{k}]" if isinstance(k, int) else (f"{path}.{k}" if path else str(k))
                stack.append((v, sub, level + 1))
    return found


def utf8_name(name: str) -> bool:
    """Whether a file name read from the file system is valid UTF-8 (Python spells other bytes as surrogates):
    records, rules and diffs name files as text, so a name that no text spells exactly is refused or removed."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
