"""Where the harness spends its time, for `nox -s bench`: cumulative seconds per category (git, copy, json,
process), attributed from outside the harness.

The harness carries no timing calls: `instrument()` wraps the functions named in a target list (module
attributes, or methods of a class there) for the duration of a benchmark run and puts every original back
afterwards, so a normal evaluation runs the unwrapped code.
"""
from __future__ import annotations

import functools
import importlib
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

_lock = threading.Lock()
TOTALS: dict[str, float] = defaultdict(float)
COUNTS: dict[str, int] = defaultdict(int)

BACKGROUND = "background"

_local = threading.local()
_clock = time.perf_counter  # the tests put a clock they advance by hand here


@contextmanager
def timed(category: str) -> Iterator[None]:
    """Add the wall time of the block to `category` (costs about a microsecond).

    Categories are exclusive: time spent in a nested `timed` block counts only for the inner category,
    so a copy made inside a grading step is not counted twice. Inside `background()` every block counts
    as BACKGROUND.
    """
    if getattr(_local, "background", False):
        category = BACKGROUND
    stack = getattr(_local, "stack", None)
    if stack is None:
        stack = _local.stack = []
    frame = [0.0]  # seconds spent in nested blocks
    stack.append(frame)
    start = _clock()
    try:
        yield
    finally:
        elapsed = _clock() - start
        stack.pop()
        if stack:
            stack[-1][0] += elapsed
        with _lock:
            TOTALS[category] += elapsed - frame[0]
            COUNTS[category] += 1


@contextmanager
def background() -> Iterator[None]:
    """This thread's work overlaps the caller's: count it as BACKGROUND, apart from the critical path."""
    _local.background = True
    try:
        with timed(BACKGROUND):
            yield
    finally:
        _local.background = False


def snapshot() -> dict[str, tuple[float, int]]:
    """The totals so far, as {category: (seconds, count)}."""
    with _lock:
        return {k: (TOTALS[k], COUNTS[k]) for k in TOTALS}


def reset() -> None:
    """Forget every total."""
    with _lock:
        TOTALS.clear()
        COUNTS.clear()


def _wrapper(func: Callable, category: str) -> Callable:
    """`func`, timed as `category` (BACKGROUND: everything it does counts as background work)."""
    @functools.wraps(func)
    def timed_call(*args: Any, **kwargs: Any) -> Any:
        with (background() if category == BACKGROUND else timed(category)):
            return func(*args, **kwargs)

    return timed_call


def resolve(target: str) -> tuple[Any, str, Any]:
    """(owner, attribute name, current value) for "package.module:name" or "package.module:Class.method".

    Raises LookupError when the module, class or attribute does not exist, so a renamed function is noticed
    instead of its time silently moving to "other Python"."""
    module_name, _, path = target.partition(":")
    try:
        owner: Any = importlib.import_module(module_name)
    except ImportError as exc:
        raise LookupError(f"{target}: {exc}") from None
    *outer, name = path.split(".")
    for part in outer:
        owner = getattr(owner, part, None)
        if owner is None:
            raise LookupError(f"{target}: no {part} in {module_name}")
    if name not in vars(owner):
        raise LookupError(f"{target}: no {name} in {module_name}{'.' + '.'.join(outer) if outer else ''}")
    return owner, name, vars(owner)[name]


def _bindings(module_name: str, name: str, owner: Any, value: Any, prefixes: tuple[str, ...]) -> list[tuple[Any, str]]:
    """Where a call to the target can look it up: the target itself and, when the target names the module that
    defines a function, every loaded module under `prefixes` that imported it by name (`from m import f`).

    A target naming an importing module (bench.oracle:run_tree, defined in bench.exec.proc) is that binding
    alone, so the same function can be charged to different categories depending on its caller."""
    import sys

    found = [(owner, name)]
    if isinstance(owner, type) or getattr(value, "__module__", None) != module_name:
        return found
    for mod_name, module in list(sys.modules.items()):
        if module is None or module is owner or not mod_name.startswith(prefixes):
            continue
        for attr, bound in list(vars(module).items()):
            if bound is value:
                found.append((module, attr))
    return found


@contextmanager
def instrument(targets: Iterable[tuple[str, str]], prefixes: tuple[str, ...] = ("bench.",)) -> Iterator[None]:
    """Wrap every (target, category) for the duration of the block; see resolve() for how targets are named.

    Every target is resolved before anything is wrapped (LookupError names the first missing one), and every
    original is put back when the block ends, however it ends."""
    resolved = [(target, category, *resolve(target)) for target, category in targets]
    replaced: list[tuple[Any, str, Any]] = []
    try:
        for target, category, owner, name, value in resolved:
            module_name = target.partition(":")[0]
            wrapped = _wrapper(value, category)
            for where, attr in _bindings(module_name, name, owner, value, prefixes):
                replaced.append((where, attr, getattr(where, attr)))
                setattr(where, attr, wrapped)
        yield
    finally:
        for where, attr, original in reversed(replaced):
            setattr(where, attr, original)
