"""bench.common.stats: exact McNemar against a brute-force binomial, the paired bootstrap, Wilson, quantiles."""
from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from bench.common.stats import mcnemar_exact, paired_bootstrap, quantile, wilson_interval


def brute_mcnemar(b: int, c: int) -> Fraction:
    """Two-sided exact test by enumeration: 2 x P(X <= min(b, c)) for X ~ Binomial(b + c, 1/2), capped at 1."""
    n = b + c
    if n == 0:
        return Fraction(1)
    outcomes = list(itertools.product((0, 1), repeat=n))
    tail = Fraction(sum(1 for o in outcomes if sum(o) <= min(b, c)), len(outcomes))
    return min(Fraction(1), 2 * tail)


def test_mcnemar_matches_enumeration_and_known_values():
    for b in range(7):
        for c in range(7):
            if b + c <= 12:
                assert mcnemar_exact(b, c) == pytest.approx(float(brute_mcnemar(b, c)), abs=1e-15), (b, c)
    assert mcnemar_exact(0, 0) == 1.0
    assert mcnemar_exact(5, 0) == 0.0625  # 2 / 2^5
    assert mcnemar_exact(3, 7) == 0.34375  # 2 * (1 + 10 + 45 + 120) / 1024
    assert mcnemar_exact(10, 10) == 1.0
    assert mcnemar_exact(2, 9) == mcnemar_exact(9, 2), "two-sided: symmetric in b and c"
    assert 0 < mcnemar_exact(0, 60) < 1e-15, "exact integers: tiny p-values do not underflow to a wrong value"
    with pytest.raises(ValueError):
        mcnemar_exact(-1, 2)


def test_paired_bootstrap_is_seeded_and_brackets_the_estimate():
    rng = random.Random(1)
    base = [rng.random() for _ in range(40)]
    other = [min(1.0, b + rng.uniform(-0.1, 0.4)) for b in base]
    diff = sum(other) / 40 - sum(base) / 40
    ci = paired_bootstrap(base, other, resamples=2000, seed=3)
    assert ci == paired_bootstrap(base, other, resamples=2000, seed=3), "same seed, same interval"
    assert ci[0] < diff < ci[1]
    assert ci != paired_bootstrap(base, other, resamples=2000, seed=4)


def test_paired_bootstrap_pairs_cancel_shared_difficulty():
    # The other side is the base plus a constant: pairing makes the interval collapse to that constant.
    base = [0.0, 1.0, 0.5, 0.25, 1.0, 0.0]
    other = [b + 0.0 for b in base]
    assert paired_bootstrap(base, other) == [0.0, 0.0]
    assert paired_bootstrap([], []) == [-1.0, 1.0]
    with pytest.raises(ValueError):
        paired_bootstrap([1.0], [1.0, 0.0])


def test_wilson_and_quantile():
    assert wilson_interval(0.5, 10) == pytest.approx([0.236593, 0.763407], abs=1e-6)
    assert wilson_interval(0.0, 0) == [0.0, 1.0]
    assert quantile([1, 2, 3, 4], 0.5) == 2.5
    assert quantile([5], 0.9) == 5
    assert quantile([0, 10], 0.9) == 9
