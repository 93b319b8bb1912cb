"""Content digests of task files and trees, so a result names exactly what it measured."""
from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable
from pathlib import Path

from bench.common import rules


def tree_files(root: Path) -> list[Path]:
    """Files under root, sorted, without what the rule book leaves out of every tree (caches, .git)."""
    if root.is_file():
        return [root]
    return sorted(p for p in root.rglob("*") if p.is_file() and not rules.is_ignored(p.relative_to(root).as_posix()))


def digest_parts(parts: Iterable[tuple[str, Path | bytes]]) -> str:
    """sha256 over labelled files, trees and byte strings, in the given order."""
    h = hashlib.sha256()
    for label, item in parts:
        h.update(f"\0{label}\0".encode())
        if isinstance(item, bytes):
            h.update(item)
            continue
        for file in tree_files(item):
            rel = file.relative_to(item).as_posix() if item.is_dir() else file.name
            h.update(b"\0" + os.fsencode(rel) + b"\0")  # a name that is not UTF-8 is its bytes, as on disk
            h.update(file.read_bytes())
    return "sha256:" + h.hexdigest()
