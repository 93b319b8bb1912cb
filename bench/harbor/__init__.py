"""Harbor's task format in and out: `localagentbench import harbor DIR` (importer.py) and `localagentbench export
harbor TASKS_DIR --out DIR` (export.py); runner.py is what an imported task runs inside the sandbox."""
from __future__ import annotations

import argparse
from collections.abc import Sequence

from bench.common.stage import ArgumentParser

FORMATS = ("harbor",)


def _format(argv: Sequence[str], verb: str) -> list[str]:
    """The arguments after the format's name; `--help`, no format or an unknown one answered as argparse does."""
    parser = ArgumentParser(prog=f"localagentbench {verb}",
                            description=f"{verb.capitalize()} tasks in another format; the format's own options: "
                                        f"`localagentbench {verb} harbor --help`.")
    parser.add_argument("format", choices=FORMATS, help="the format")
    parser.add_argument("args", nargs=argparse.REMAINDER, help="the format's arguments")
    return list(parser.parse_args(argv).args)


def import_main(argv: Sequence[str]) -> int:
    """`localagentbench import harbor DIR [--out TASKS_DIR]`."""
    from bench.harbor import importer
    return importer.main(_format(argv, "import"))


def export_main(argv: Sequence[str]) -> int:
    """`localagentbench export harbor TASKS_DIR --out DIR`."""
    from bench import engine
    from bench.harbor import export
    return export.main(_format(argv, "export"), engine.load_tasks)
