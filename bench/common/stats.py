"""Statistics shared by the stages: Wilson intervals, quantiles, Tango's paired score interval, exact McNemar.

Everything here is deterministic and standard library only: the same inputs give the same numbers on every
machine. METHODOLOGY.md explains when each is used and why.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

Z95 = 1.959963984540054


def wilson_interval(p: float, n: int, z: float = Z95) -> list[float]:
    """The Wilson score interval for a proportion p observed over n trials."""
    if n == 0:
        return [0.0, 1.0]
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return [round(max(0.0, centre - half), 6), round(min(1.0, centre + half), 6)]


def quantile(values: Sequence[float], q: float) -> float:
    """The q-quantile of `values` by linear interpolation between order statistics (numpy's default)."""
    ordered = sorted(values)
    if not ordered:
        raise ValueError("quantile of no values")
    pos = (len(ordered) - 1) * q
    low, high = math.floor(pos), math.ceil(pos)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


# Below this many paired units the interval is not reported: with 1 to 4 of them, when nearly every unit flips
# one way (2% against 98%), Tango's interval holds the true difference only 80-88% of the time; from 5 on at
# least 89% (METHODOLOGY.md, "Comparing two runs"; tests/common/test_stats.py).
PAIRED_DIFFERENCE_MIN_N = 5


def tango_interval(gains: float, losses: float, n: int, z: float = Z95) -> list[float]:
    """Tango's asymptotic score interval for a difference of paired proportions, (gains - losses) / n.

    Tango, T. (1998), "Equivalence test and confidence interval for the difference in proportions for the
    paired-sample design", Statistics in Medicine 17(8):891-908; compared with the other intervals for paired
    binomial proportions in Fagerland, M. W., Lydersen, S. & Laake, P. (2014), "Recommended tests and confidence
    intervals for paired binomial proportions", Statistics in Medicine 33(16):2850-2875.

    Of n pairs, `gains` are those where only the second member succeeded and `losses` those where only the
    first did (the discordant cells of the paired 2 x 2 table). The limits are the two values of the difference
    d at which the score statistic

        T(d) = (gains - losses - n d) / sqrt(n (2 q + d (1 - d)))

    equals +z and -z, where q is the maximum-likelihood estimate of the probability of a loss when the
    difference is constrained to d: the non-negative root of
    2n q^2 + (-gains - losses + (2n - gains + losses) d) q - losses d (1 - d) = 0.
    T decreases in d, so each limit is found by bisection (a fixed number of halvings: deterministic).
    Because q is re-estimated under each d, the interval never collapses to a point, not even when no pair is
    discordant. `gains` and `losses` may be fractional (paired_difference_interval explains when).
    """
    if n <= 0:
        raise ValueError("a paired interval needs at least one pair")
    if gains < 0 or losses < 0 or gains + losses > n * (1 + 1e-12):
        raise ValueError(f"discordant counts must be >= 0 and add up to at most n "
                         f"(gains={gains}, losses={losses}, n={n})")
    estimate = (gains - losses) / n

    def statistic(d: float) -> float:
        a = 2 * n
        b = -gains - losses + (2 * n - gains + losses) * d
        c = -losses * d * (1 - d)
        root = math.sqrt(max(b * b - 4 * a * c, 0.0))
        # The two algebraically equal forms of the root; each avoids cancellation on its side of b = 0.
        q = (-2 * c) / (b + root) if b > 0 else (root - b) / (2 * a)
        variance = n * (2 * q + d * (1 - d))
        numerator = gains - losses - n * d
        if variance <= 0:
            return math.copysign(math.inf, numerator) if numerator else 0.0
        return numerator / math.sqrt(variance)

    def solve(target: float, lo: float, hi: float) -> float:
        # Invariant: T(lo) > target >= T(hi); only interior points are evaluated.
        for _ in range(64):
            mid = (lo + hi) / 2
            if statistic(mid) > target:
                lo = mid
            else:
                hi = mid
        return (lo + hi) / 2

    lower = -1.0 if estimate <= -1 else solve(z, -1.0, estimate)
    upper = 1.0 if estimate >= 1 else solve(-z, estimate, 1.0)
    return [round(max(-1.0, lower), 6), round(min(1.0, upper), 6)]


def paired_difference_interval(base: Sequence[float], other: Sequence[float], z: float = Z95) -> list[float]:
    """Interval (95% by default) for mean(other) - mean(base) over paired units whose values are proportions.

    With 0/1 values this is exactly Tango's score interval (tango_interval) for the paired 2 x 2 table. A
    fractional value is a unit's success rate over repetitions (c / n); each unit then contributes to the
    table the share of its (base run, other run) pairs in each cell: (1 - b) o to the gains and b (1 - o) to
    the losses. That is the table of one run drawn at random from each side of every unit, and the variance
    it implies for a unit is at least that of the unit's own difference o - b (b (1 - o) + (1 - b) o >= |o - b|):
    the interval is conservative when units are flaky, and the same as the 0/1 case when every unit's runs
    agree.
    """
    if len(base) != len(other):
        raise ValueError("a paired interval needs two sequences of the same length")
    if any(not 0 <= v <= 1 for v in (*base, *other)):
        raise ValueError("paired values must be proportions in [0, 1]")
    gains = math.fsum((1 - b) * o for b, o in zip(base, other, strict=True))
    losses = math.fsum(b * (1 - o) for b, o in zip(base, other, strict=True))
    return tango_interval(gains, losses, len(base), z)


def mcnemar_exact(b: int, c: int) -> float:
    """Two-sided exact McNemar p-value for b and c discordant pairs (a binomial test at p = 1/2).

    p = min(1, 2 * sum_{i <= min(b, c)} C(b + c, i) / 2^(b + c)); p = 1 when there are no discordant pairs.
    Computed with integers, so small p-values are exact before the final conversion to float.
    """
    if b < 0 or c < 0:
        raise ValueError("discordant counts must be >= 0")
    n = b + c
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(min(b, c) + 1))
    return float(min(Fraction(1), Fraction(2 * tail, 2 ** n)))


# ---------------------------------------------------------------- Bradley-Terry (pairwise preferences)

def _pair_tables(n: int, games: Sequence[tuple[int, int, float]]) -> tuple[list[list[float]], list[list[float]]]:
    """(comparisons between i and j, i's score against j) for games (i, j, score of i: 1, 0.5 or 0)."""
    count = [[0.0] * n for _ in range(n)]
    score = [[0.0] * n for _ in range(n)]
    for i, j, s in games:
        count[i][j] += 1
        count[j][i] += 1
        score[i][j] += s
        score[j][i] += 1 - s
    return count, score


def connected_groups(n: int, games: Sequence[tuple[int, int, float]]) -> list[list[int]]:
    """The players 0..n-1 split into groups joined by comparisons (each sorted, groups by their first player):
    players in different groups were never compared, even through others, so no model can order them."""
    parent = list(range(n))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, j, _ in games:
        parent[root(i)] = root(j)
    groups: dict[int, list[int]] = {}
    for i in range(n):
        groups.setdefault(root(i), []).append(i)
    return sorted(groups.values())


def dominance_order(n: int, games: Sequence[tuple[int, int, float]]) -> list[list[int]]:
    """The strongly connected parts of the "scored against" graph (an edge i -> j when i won or tied a comparison
    with j), earliest first: no player of an earlier part ever lost to one of a later part without a win back.
    One part means the Bradley-Terry estimate exists (Zermelo 1929, Ford 1957); several mean it is unbounded."""
    count, score = _pair_tables(n, games)
    beats = [[j for j in range(n) if count[i][j] and score[i][j] > 0] for i in range(n)]
    beaten_by = [[j for j in range(n) if count[i][j] and score[j][i] > 0] for i in range(n)]
    finished: list[int] = []
    seen = [False] * n
    for start in range(n):  # Kosaraju: finishing order on the graph, then parts on its reverse
        if seen[start]:
            continue
        seen[start] = True
        stack = [(start, iter(beats[start]))]
        while stack:
            node, edges = stack[-1]
            nxt = next((j for j in edges if not seen[j]), None)
            if nxt is None:
                stack.pop()
                finished.append(node)
            else:
                seen[nxt] = True
                stack.append((nxt, iter(beats[nxt])))
    part = [-1] * n
    parts: list[list[int]] = []
    for start in reversed(finished):  # reverse finishing order yields the parts in topological order
        if part[start] >= 0:
            continue
        part[start] = len(parts)
        members, todo = [], [start]
        while todo:
            node = todo.pop()
            members.append(node)
            for j in beaten_by[node]:
                if part[j] < 0:
                    part[j] = len(parts)
                    todo.append(j)
        parts.append(sorted(members))
    return parts


def bradley_terry(n: int, games: Sequence[tuple[int, int, float]]) -> list[float] | None:
    """Maximum-likelihood Bradley-Terry log-strengths of players 0..n-1 (mean 0), or None when none is finite.

    `games` are (i, j, s): a comparison of i with j in which i scored s (1 preferred, 0 not, 0.5 a tie, counted
    as half a win each way). P(i preferred to j) = 1 / (1 + exp(theta_j - theta_i)). Every player must take part
    and the comparisons must join them all (connected_groups); the estimate exists exactly when dominance_order
    finds one part. Found by Newton's method on the concave log-likelihood, with step halving, theta_0 held
    at 0 while iterating (the likelihood only sees differences).
    """
    if n == 1:
        return [0.0]
    if len(dominance_order(n, games)) != 1:
        return None
    count, score = _pair_tables(n, games)
    theta = [0.0] * n

    def loglik(t: list[float]) -> float:
        total = 0.0
        for i in range(n):
            for j in range(i + 1, n):
                if count[i][j]:
                    d = t[i] - t[j]
                    # log sigma(x) = -log1p(exp(-x)), written to stay finite for either sign of x
                    total -= score[i][j] * _log1pexp(-d) + score[j][i] * _log1pexp(d)
        return total

    current = loglik(theta)
    for _ in range(200):
        grad = [0.0] * n
        info = [[0.0] * n for _ in range(n)]
        for i in range(n):
            for j in range(n):
                if i != j and count[i][j]:
                    p = 1 / (1 + math.exp(theta[j] - theta[i]))
                    grad[i] += score[i][j] - count[i][j] * p
                    w = count[i][j] * p * (1 - p)
                    info[i][i] += w
                    info[i][j] -= w
        step = _solve([row[1:] for row in info[1:]], grad[1:])
        if step is None:
            return None
        step = [0.0, *step]
        scale = 1.0
        while True:
            trial = [t + scale * s for t, s in zip(theta, step, strict=True)]
            value = loglik(trial)
            if value >= current - 1e-12 or scale < 1e-6:
                break
            scale /= 2
        theta, current = trial, value
        if max(abs(scale * s) for s in step) < 1e-11:
            break
    mean = math.fsum(theta) / n
    return [t - mean for t in theta]


def _log1pexp(x: float) -> float:
    return x + math.log1p(math.exp(-x)) if x > 0 else math.log1p(math.exp(x))


def _solve(a: list[list[float]], b: list[float]) -> list[float] | None:
    """x with a x = b by Gaussian elimination with partial pivoting; None when a is singular."""
    m = len(b)
    rows = [[*a[i], b[i]] for i in range(m)]
    for col in range(m):
        pivot = max(range(col, m), key=lambda r: abs(rows[r][col]))
        if abs(rows[pivot][col]) < 1e-300:
            return None
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(col + 1, m):
            f = rows[r][col] / rows[col][col]
            if f:
                for c in range(col, m + 1):
                    rows[r][c] -= f * rows[col][c]
    x = [0.0] * m
    for r in range(m - 1, -1, -1):
        x[r] = (rows[r][m] - math.fsum(rows[r][c] * x[c] for c in range(r + 1, m))) / rows[r][r]
    return x
