"""Operations on unions of intervals on the real line.

An interval is a pair (start, end) of numbers with start <= end. Every function takes a `closed`
flag that says how the pairs are read:

* closed=True (the default): [start, end] contains both ends. (2, 2) is a single point, and
  intervals that only touch, such as (1, 2) and (2, 3), share the point 2 and are merged.
* closed=False: [start, end) is half-open. (2, 2) is empty and disappears from results; (1, 2)
  and (2, 3) are adjacent and are still merged into (1, 3), but (1, 2) does not contain 2.

Results are "normalised": a list of (start, end) tuples sorted by start, in which no two
intervals overlap or touch. Arguments are never modified.
"""


def _check(interval):
    start, end = interval
    if start > end:
        raise ValueError(f"interval ({start}, {end}) ends before it starts")
    return start, end


def merge(intervals, closed=True):
    """Return the normalised union of `intervals`, an iterable of pairs in any order.

    Raises ValueError if an interval's start is after its end.
    """
    pairs = sorted(_check(interval) for interval in intervals)
    if not closed:
        pairs = [(start, end) for start, end in pairs if start < end]
    merged = []
    for start, end in pairs:
        if merged and start <= merged[-1][1]:
            if end > merged[-1][1]:
                merged[-1] = (merged[-1][0], end)
        else:
            merged.append((start, end))
    return merged


def insert(intervals, new, closed=True):
    """Return the normalised union of the normalised list `intervals` and one more interval `new`.

    Raises ValueError if `new` starts after it ends.
    """
    start, end = _check(new)
    if not closed and start == end:
        return list(intervals)
    result = []
    placed = False
    for s, e in intervals:
        if e < start:
            result.append((s, e))
        elif s > end:
            if not placed:
                result.append((start, end))
                placed = True
            result.append((s, e))
        else:
            start, end = min(s, start), max(e, end)
    if not placed:
        result.append((start, end))
    return result


def total_length(intervals):
    """Return the length of the union of `intervals`: overlapping parts count once."""
    return sum(end - start for start, end in merge(intervals))


def contains(intervals, x, closed=True):
    """Return True if the point x lies in the union of `intervals`."""
    for start, end in merge(intervals, closed):
        if start <= x < end or (closed and x == end):
            return True
    return False
