"""Harbor's task format in and out: `localagentbench import harbor DIR` (importer.py) and `localagentbench export
harbor TASKS_DIR --out DIR` (export.py); runner.py is what an imported task runs inside the sandbox."""
from __future__ import annotations

from collections.abc import Sequence

from bench.common.errors import UserError

FORMATS = ("harbor",)


def _format(argv: Sequence[str], verb: str) -> list[str]:
    if not argv or argv[0] in ("-h", "--help"):
        print(f"usage: localagentbench {verb} harbor ...   (formats: {', '.join(FORMATS)}; "
              f"see `localagentbench {verb} harbor --help`)")
        if not argv:
            raise UserError(f"{verb}: name a format ({', '.join(FORMATS)}), e.g. `localagentbench {verb} harbor ...`")
        return []
    if argv[0] not in FORMATS:
        raise UserError(f"{verb}: unknown format {argv[0]!r}; choose one of {', '.join(FORMATS)}")
    return list(argv[1:])


def import_main(argv: Sequence[str]) -> int:
    """`localagentbench import harbor DIR [--out TASKS_DIR]`."""
    from bench.harbor import importer
    rest = _format(argv, "import")
    return importer.main(rest) if argv and argv[0] in FORMATS else 0


def export_main(argv: Sequence[str]) -> int:
    """`localagentbench export harbor TASKS_DIR --out DIR`."""
    from bench import engine
    from bench.harbor import export
    rest = _format(argv, "export")
    return export.main(rest, engine.load_tasks) if argv and argv[0] in FORMATS else 0
