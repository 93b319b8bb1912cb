"""timing: per-category totals for the benchmark's breakdown, exclusive when nested, per thread."""
from __future__ import annotations

import threading
import time

from bench.common import timing


def test_nested_blocks_count_only_for_the_inner_category():
    timing.reset()
    with timing.timed("outer"):
        time.sleep(0.02)
        with timing.timed("inner"):
            time.sleep(0.05)
    totals = timing.snapshot()
    assert totals["inner"][0] >= 0.05
    assert 0.02 <= totals["outer"][0] < 0.05, "the inner block's time is not counted twice"
    assert totals["outer"][1] == totals["inner"][1] == 1


def test_threads_keep_their_own_nesting():
    timing.reset()

    def work():
        with timing.timed("thread"):
            time.sleep(0.03)

    with timing.timed("main"):
        worker = threading.Thread(target=work)
        worker.start()
        worker.join()
    totals = timing.snapshot()
    assert totals["thread"][0] >= 0.03
    assert totals["main"][0] >= 0.03, "another thread's block is not nested inside this one"
