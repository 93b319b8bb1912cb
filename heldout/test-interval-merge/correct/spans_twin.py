"""intervals: the union of intervals of the real line.

An interval is a (start, end) pair, start <= end. The `closed` argument of every function chooses how
it is read. closed=True (default) means [start, end]: a pair like (2, 2) is one point, and (1, 2) with
(2, 3) overlap at 2 and are merged. closed=False means [start, end): (2, 2) is empty and vanishes from the
results, (1, 2) with (2, 3) are adjacent and still merged into (1, 3), and 2 is not in (1, 2).

Results are normalised lists of (start, end) tuples: sorted by start, never overlapping or touching.
Arguments are left unmodified.
"""


def _interval(pair):
    start, end = pair
    if end < start:
        raise ValueError("interval (%s, %s) ends before it starts" % (start, end))
    return start, end


def merge(intervals, closed=True):
    """Normalised union of an iterable of (start, end) pairs, given in any order.

    A pair whose start is after its end raises ValueError.
    """
    spans = sorted(map(_interval, intervals))
    if not closed:
        spans = [span for span in spans if span[0] != span[1]]
    out = []
    i = 0
    while i < len(spans):
        start, end = spans[i]
        j = i + 1
        while j < len(spans) and not end < spans[j][0]:
            end = max(end, spans[j][1])
            j += 1
        out.append((start, end))
        i = j
    return out


def insert(intervals, new, closed=True):
    """Normalised union of the already normalised list `intervals` and the pair `new`.

    ValueError if `new` ends before it starts.
    """
    start, end = _interval(new)
    if start == end and not closed:
        return list(intervals)
    return merge([*intervals, (start, end)], closed)


def total_length(intervals):
    """Total length covered by the union (parts covered twice count once)."""
    return sum([end - start for start, end in merge(intervals)])


def contains(intervals, x, closed=True):
    """True when x is a point of the union of `intervals`."""
    for start, end in merge(intervals, closed):
        if x < start:
            break  # sorted: no later interval can hold x
        if x < end or (closed and x == end):
            return True
    return False
