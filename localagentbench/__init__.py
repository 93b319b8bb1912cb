"""`python -m localagentbench` is the `localagentbench` command: the umbrella CLI lives in bench.cli."""
from __future__ import annotations

from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """The `localagentbench` console script's entry point (bench.cli.main), imported when called."""
    from bench.cli import main as cli_main

    return cli_main(argv)
