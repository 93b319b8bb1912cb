"""Unions of intervals on the number line: merge, insert, total_length and contains.

Each interval is a pair (lo, hi) of numbers with lo <= hi, read according to the `closed` flag:

* closed=True, the default: [lo, hi], both ends included. (2, 2) is the single point 2; (1, 2) and (2, 3)
  share the point 2, so they merge.
* closed=False: [lo, hi), the upper end excluded. (2, 2) is empty and is left out of every result; (1, 2)
  and (2, 3) still merge into (1, 3), but 2 is not inside (1, 2).

Every result is normalised: (lo, hi) tuples in increasing order of lo, no two of them overlapping or
touching. No argument is ever changed.
"""


def _pair(item):
    lo, hi = item
    if lo > hi:
        raise ValueError(f"interval ({lo}, {hi}) ends before it starts")
    return lo, hi


def merge(intervals, closed=True):
    """The normalised union of the pairs in `intervals` (any iterable, any order).

    ValueError when a pair starts after it ends.
    """
    pairs = [_pair(item) for item in intervals]
    pairs = sorted(pairs)
    blocks = []
    for lo, hi in pairs:
        if lo == hi and not closed:
            continue  # empty when half-open
        if blocks and blocks[-1][1] >= lo:
            first, last = blocks[-1]
            if hi > last:
                blocks[-1] = (first, hi)
        else:
            blocks.append((lo, hi))
    return blocks


def insert(intervals, new, closed=True):
    """The normalised union of the normalised list `intervals` and the pair `new`.

    ValueError when `new` starts after it ends.
    """
    lo, hi = _pair(new)
    if lo == hi and not closed:
        return list(intervals)
    below = [(a, b) for a, b in intervals if b < lo]
    above = [(a, b) for a, b in intervals if a > hi]
    for a, b in intervals:
        if not (b < lo or a > hi):  # overlaps or touches: absorbed
            lo, hi = min(a, lo), max(b, hi)
    return below + [(lo, hi)] + above


def total_length(intervals):
    """How much of the line the union covers; overlaps are counted once."""
    total = 0
    for lo, hi in merge(intervals):
        total += hi - lo
    return total


def contains(intervals, x, closed=True):
    """Whether the point x lies in the union of `intervals`."""
    for lo, hi in merge(intervals, closed):
        if (lo <= x <= hi) if closed else (lo <= x < hi):
            return True
    return False
