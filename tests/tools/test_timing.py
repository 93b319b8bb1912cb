"""tools.timing: per-category totals for the benchmark's breakdown, exclusive when nested, per thread, and
attributed by wrapping harness functions from outside for the length of a block."""
from __future__ import annotations

import shutil
import threading

import pytest

from tools import timing


class Clock:
    """A clock that moves only when told to, so totals are exact."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(timing, "_clock", fake)
    timing.reset()
    yield fake
    timing.reset()


def test_nested_blocks_count_only_for_the_inner_category(clock):
    with timing.timed("outer"):
        clock.now += 2
        with timing.timed("inner"):
            clock.now += 5
        clock.now += 1
    assert timing.snapshot() == {"outer": (3.0, 1), "inner": (5.0, 1)}, "the inner block's time is not counted twice"


def test_threads_keep_their_own_nesting(clock):
    def work():
        with timing.timed("thread"):
            clock.now += 3

    with timing.timed("main"):
        worker = threading.Thread(target=work)
        worker.start()
        worker.join()
    assert timing.snapshot() == {"thread": (3.0, 1), "main": (3.0, 1)}, \
        "another thread's block is not nested inside this one"


def test_background_work_counts_apart_whatever_it_calls(clock):
    with timing.background():
        clock.now += 1
        with timing.timed("copy"):
            clock.now += 2
    with timing.timed("copy"):
        clock.now += 4
    assert timing.snapshot() == {timing.BACKGROUND: (3.0, 2), "copy": (4.0, 1)}


def test_instrument_charges_wrapped_functions_and_puts_them_back(clock):
    from bench import engine, oracle
    from bench.common import records
    from bench.exec import proc

    originals = (shutil.copytree, records.write_json_atomic, engine.write_json_atomic, proc.run_tree,
                 oracle.run_tree, oracle.Ahead._copy)
    targets = [("shutil:copytree", "copy"), ("bench.common.records:write_json_atomic", "json"),
               ("bench.oracle:run_tree", "grading_process"), ("bench.oracle:Ahead._copy", timing.BACKGROUND)]
    with timing.instrument(targets):
        assert shutil.copytree is not originals[0] and shutil.copytree.__wrapped__ is originals[0]
        assert records.write_json_atomic is engine.write_json_atomic is not originals[1], \
            "a function named where it is defined is charged wherever it was imported by name"
        assert oracle.run_tree is not originals[4] and proc.run_tree is originals[3], \
            "a function named in an importing module is charged there only"
        assert oracle.Ahead._copy is not originals[5]
    assert (shutil.copytree, records.write_json_atomic, engine.write_json_atomic, proc.run_tree, oracle.run_tree,
            oracle.Ahead._copy) == originals


def test_a_wrapped_call_is_timed_under_its_category(clock, tmp_path):
    (tmp_path / "a").mkdir()

    def copy_slowly(src, dst, **kwargs):
        clock.now += 7
        return dst

    original = shutil.copytree
    shutil.copytree = copy_slowly
    try:
        with timing.instrument([("shutil:copytree", "copy")]):
            assert shutil.copytree(tmp_path / "a", tmp_path / "b") == tmp_path / "b"
    finally:
        shutil.copytree = original
    assert timing.snapshot() == {"copy": (7.0, 1)}


@pytest.mark.parametrize("target", ["bench.nowhere:f", "bench.oracle:no_such_function", "bench.oracle:NoClass.m",
                                    "bench.oracle:Ahead.no_such_method"])
def test_a_missing_target_is_named_and_nothing_is_wrapped(target):
    before = shutil.copytree
    with pytest.raises(LookupError, match=target.split(":")[0]):
        with timing.instrument([("shutil:copytree", "copy"), (target, "x")]):
            pass
    assert shutil.copytree is before


def test_an_error_inside_the_block_still_puts_everything_back():
    before = shutil.copytree
    with pytest.raises(RuntimeError):
        with timing.instrument([("shutil:copytree", "copy")]):
            raise RuntimeError("boom")
    assert shutil.copytree is before


def test_the_benchmark_names_only_functions_that_exist():
    from tools import benchmark

    for target, _ in benchmark.TIMED:
        timing.resolve(target)  # LookupError: a renamed harness function; update tools/benchmark.py's TIMED
