"""Charts as inline SVG, generated server-side: no JavaScript library, no network, readable at any width.

Horizontal positions are percentages of the SVG's width, vertical ones are pixels, so a chart stretches
to a phone or a desktop screen while its text keeps its size. Colours come from the stylesheet's
classes, which is what makes the charts follow the light and dark themes.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from bench.common import untrusted
from bench.common.stats import quantile
from bench.report.site import esc, pct

# Marks one run's time strip draws at most: a run with 100,000 tool calls still gets a page of a sensible size.
MAX_STRIP_MARKS = 2000

Fmt = Callable[[float], str]


def nice_ticks(lo: float, hi: float, count: int = 4) -> list[float]:
    """Round tick values covering [lo, hi]: steps of 1, 2, 2.5 or 5 times a power of ten."""
    if hi <= lo:
        hi = lo + 1
    raw = (hi - lo) / count
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    first = math.ceil(lo / step - 1e-9) * step
    ticks, t = [], first
    while t <= hi + step * 1e-9:
        ticks.append(round(t, 10))
        t += step
    return ticks


def _real(values: Sequence) -> list[float]:
    """The values a chart can place: finite real numbers (no bool, NaN, infinity or text)."""
    return [v for v in values if type(v) in (int, float) and math.isfinite(v)]


def nice_max(values: Sequence[float]) -> float:
    """A round upper bound for an axis starting at zero (values that are not finite numbers are ignored)."""
    top = min(max(_real(values), default=0), 1e300) or 1.0
    ticks = nice_ticks(0, top)
    step = ticks[1] - ticks[0] if len(ticks) > 1 else top
    return round(math.ceil(top / step - 1e-9) * step, 10)


def _x(v: float, d0: float, d1: float) -> float:
    return max(0.0, min(100.0, 100 * (v - d0) / (d1 - d0)))


def _id(id_: str) -> str:
    return f'id="{esc(id_)}" ' if id_ else ""


def _axis(y: float, d0: float, d1: float, fmt: Fmt, height: float, top: float = 0, count: int = 4) -> str:
    parts = []
    ticks = nice_ticks(d0, d1, count)
    for t in ticks:
        x = _x(t, d0, d1)
        anchor = "start" if x < 1 else "end" if x > 99 else "middle"
        parts.append(f'<line class="grid" x1="{x:.2f}%" x2="{x:.2f}%" y1="{top}" y2="{height}"/>'
                     f'<text class="m" x="{x:.2f}%" y="{y}" text-anchor="{anchor}">{esc(fmt(t))}</text>')
    return "".join(parts)


def _grid(d0: float, d1: float, height: float, count: int = 4) -> str:
    return "".join(f'<line class="grid" x1="{_x(t, d0, d1):.2f}%" x2="{_x(t, d0, d1):.2f}%" y1="0" y2="{height}"/>'
                   for t in nice_ticks(d0, d1, count))


def _row_label(label: str, detail: str, href: str | None = None, title: str | None = None) -> str:
    # Labels are HTML, not SVG text, so a long agent x model name wraps on a phone instead of running off.
    text = esc(label)
    if href:
        text = f'<a href="{esc(href)}">{text}</a>'
    return f'<div class="lab" title="{esc(title or label)}">{text}<span class="m">{detail}</span></div>'


def _figure(kind: str, id_: str, label: str, rows: list[str], axis: str) -> str:
    return (f'<figure class="chart {kind}" {_id(id_)}aria-label="{esc(label)}">' + "".join(rows) +
            f'<svg class="axis" height="16" aria-hidden="true">{axis}</svg></figure>')


def interval_chart(rows: list[dict], *, domain: tuple[float, float] = (0.0, 1.0), fmt: Fmt = lambda v: pct(v, 0),
                   value_fmt: Fmt = pct, bars: bool = True, zero: float | None = None, label: str = "",
                   id_: str = "", ticks: int = 4) -> str:
    """Estimates with 95% intervals, one row each: a bar (or dot) for the value and a whisker for the interval.

    rows: {"label", "value", "lo", "hi"} and optionally "href" (the label links there), "title" (the label's
    tooltip) and "note" (text after the value). A row whose value is None has no estimate: it gets no bar and
    no whisker, and says "n/a".
    """
    d0, d1 = domain
    zline = ""
    if zero is not None:
        zx = _x(zero, d0, d1)
        zline = f'<line class="zero" x1="{zx:.2f}%" x2="{zx:.2f}%" y1="0" y2="16"/>'
    track = '<rect class="track" x="0" width="100%" y="2" height="12" rx="2"/>' if bars else ""
    out = []
    for row in rows:
        v, lo, hi = (None if x is None or not _real([x]) else x for x in (row["value"], row["lo"], row["hi"]))
        note = f" · {esc(row['note'])}" if row.get("note") else ""
        if v is None:
            # Drawing 0 here would read as a measured 0%: nothing was measured.
            out.append('<div class="row na">'
                       + _row_label(row["label"], f"n/a{note}", row.get("href"), row.get("title")) +
                       f'<svg height="16" role="img" aria-label="{esc(row["label"])}: n/a">{_grid(d0, d1, 16, ticks)}'
                       f'{zline}{track}<text class="m na" x="4" y="12">n/a</text></svg></div>')
            continue
        xv = _x(v, d0, d1)
        mark = (f'{track}<rect class="fill" x="0" width="{xv:.2f}%" y="2" height="12" rx="2"/>' if bars else
                f'<circle class="dot" cx="{xv:.2f}%" cy="8" r="5"/>')
        whisker, interval = "", ""
        if lo is not None and hi is not None:
            xl, xh = _x(lo, d0, d1), _x(hi, d0, d1)
            interval = f" ({esc(value_fmt(lo))} – {esc(value_fmt(hi))})"
            whisker = (f'<line class="whisk" x1="{xl:.2f}%" x2="{xh:.2f}%" y1="8" y2="8"/>'
                       f'<line class="whisk" x1="{xl:.2f}%" x2="{xl:.2f}%" y1="3" y2="13"/>'
                       f'<line class="whisk" x1="{xh:.2f}%" x2="{xh:.2f}%" y1="3" y2="13"/>')
        out.append('<div class="row">' + _row_label(
            row["label"], f"{esc(value_fmt(v))}{interval}{note}", row.get("href"), row.get("title")) +
            f'<svg height="16" role="img" aria-label="{esc(row["label"])}: {esc(value_fmt(v))}">'
            f"{_grid(d0, d1, 16, ticks)}"
            f"{zline}{mark}{whisker}</svg></div>")
    return _figure("interval", id_, label, out, _axis(12, d0, d1, fmt, 0, count=ticks))


def distribution_chart(rows: Sequence[tuple], *, fmt: Fmt, label: str, id_: str = "", bins: int = 24) -> str:
    """Per row a histogram over a shared axis with a box plot under it (min, quartiles, median, max).

    rows: (name, values) or (name, values, note): `note` is trusted HTML shown after the row's statistics
    (a mark, what was left out)."""
    rows = [(row[0], [v for v in _real(row[1]) if v >= 0], *row[2:]) for row in rows]
    values_all = [v for row in rows for v in row[1]]
    d0, d1 = 0.0, nice_max(values_all)
    out = []
    for name, vals, *extra in rows:
        note = f" {extra[0]}" if extra and extra[0] else ""
        if not vals:
            out.append('<div class="row">' + _row_label(name, f"not reported{note}") + "</div>")
            continue
        q1, med, q3 = (quantile(vals, q) for q in (0.25, 0.5, 0.75))
        lo, hi = min(vals), max(vals)
        counts = [0] * bins
        for v in vals:
            counts[min(bins - 1, int((v - d0) / (d1 - d0) * bins))] += 1
        peak = max(counts)
        hist = "".join(f'<rect class="hist" x="{100 * b / bins:.2f}%" width="{100 / bins - 0.3:.2f}%" '
                       f'y="{24 - max(1.5, 22 * c / peak):.1f}" height="{max(1.5, 22 * c / peak):.1f}">'
                       f"<title>{c:,} run(s)</title></rect>" for b, c in enumerate(counts) if c)
        xl, x1, xm, x3, xh = (_x(v, d0, d1) for v in (lo, q1, med, q3, hi))
        detail = f"median {esc(fmt(med))} · p90 {esc(fmt(quantile(vals, 0.9)))} · n {len(vals):,}"
        out.append('<div class="row">' + _row_label(name, detail + note) +
                   f'<svg height="38" role="img" aria-label="{esc(name)}: {detail}">{_grid(d0, d1, 38)}{hist}'
                   f'<line class="range" x1="{xl:.2f}%" x2="{xh:.2f}%" y1="31" y2="31"/>'
                   f'<rect class="box" x="{x1:.2f}%" width="{max(0.4, x3 - x1):.2f}%" y="26" height="10"/>'
                   f'<line class="med" x1="{xm:.2f}%" x2="{xm:.2f}%" y1="25" y2="37"/></svg></div>')
    return _figure("dist", id_, label, out, _axis(12, d0, d1, fmt, 0))


def timeline_strip(events: list[dict], wall_s: float | None, *, label: str = "trajectory") -> str:
    """A run on a time axis: turn starts as ticks, tool calls as bars coloured by status (hover for detail).
    Only times that are seconds (untrusted.is_seconds) are placed, and at most MAX_STRIP_MARKS marks (the label
    says how many were left out)."""
    timed = [e for e in events if e.get("type") in ("turn", "tool_call") and untrusted.is_seconds(e.get("t"))]
    if len(timed) > MAX_STRIP_MARKS:
        label += f" (the first {MAX_STRIP_MARKS:,} of {len(timed):,} marks)"
        timed = timed[:MAX_STRIP_MARKS]
    ends = [e["t"] + (e["duration_s"] if untrusted.is_seconds(e.get("duration_s")) else 0) for e in timed]
    span = max([wall_s if untrusted.is_seconds(wall_s) else 0, *ends, 0.001])
    d1 = nice_max([span])
    height = 58
    out = [f'<svg class="chart strip" height="{height}" role="img" aria-label="{esc(label)}">'
           f"<title>{esc(label)}</title>",
           _axis(height - 4, 0, d1, lambda v: f"{v:g} s", height - 18),
           f'<rect class="track" x="0" width="{_x(span, 0, d1):.2f}%" y="14" height="20" rx="2"/>']
    for e in timed:
        x = _x(e["t"], 0, d1)
        if e.get("type") == "turn":
            out.append(f'<line class="turn" x1="{x:.2f}%" x2="{x:.2f}%" y1="6" y2="40">'
                       f'<title>turn {esc(str(e.get("index")))} at {e["t"]:g} s</title></line>')
        elif e.get("type") == "tool_call":
            dur = e["duration_s"] if untrusted.is_seconds(e.get("duration_s")) else 0
            w = max(0.6, _x(e["t"] + dur, 0, d1) - x)
            cls = "ok" if e.get("status") == "ok" else "err"
            out.append(f'<rect class="{cls}" x="{x:.2f}%" width="{w:.2f}%" y="17" height="14" rx="1"><title>'
                       f'{esc(str(e.get("name")))} · {esc(str(e.get("status")))} · {dur:g} s at {e["t"]:g} s'
                       "</title></rect>")
    out.append("</svg>")
    return "".join(out)
