"""Statistics shared by the stages: Wilson intervals, quantiles, the paired bootstrap, exact McNemar.

Everything here is deterministic: the bootstrap takes an explicit seed, so the same inputs give the same
interval on every machine. METHODOLOGY.md explains when each is used and why.
"""
from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import Sequence

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


def paired_bootstrap(base: Sequence[float], other: Sequence[float], resamples: int = 10_000, seed: int = 0,
                     level: float = 0.95) -> list[float]:
    """Percentile interval of mean(other) - mean(base), resampling the paired units with replacement.

    The pairs are resampled together, so whatever makes one task hard for both sides cancels out: that is
    what makes a paired interval narrower than two independent ones.
    """
    if len(base) != len(other):
        raise ValueError("paired bootstrap needs two sequences of the same length")
    n = len(base)
    if n == 0:
        return [-1.0, 1.0]
    diffs = [o - b for b, o in zip(base, other)]
    if len(set(diffs)) == 1:  # every resample has the same mean; skip the loop
        return [round(diffs[0], 6), round(diffs[0], 6)]
    rng = random.Random(seed)
    means = [math.fsum(rng.choices(diffs, k=n)) / n for _ in range(resamples)]
    tail = (1 - level) / 2
    return [round(quantile(means, tail), 6), round(quantile(means, 1 - tail), 6)]


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
