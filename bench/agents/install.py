"""install-agents: the pinned agent CLIs every registered agent declares (SPEC.install), into .agents/.

    localagentbench install-agents [--dry-run]

What `nox -s install-agents` does in a checkout, for a harness installed with pip (no noxfile there): each recipe
whose binary is not there yet runs in registry order, then every binary's version check. The .agents/ directory is
the checkout's, or for an installed harness the one under paths.agents_root() (~/.local/share/localagentbench),
where find_binary looks. npm installs need Node.js; venv installs need `python3 -m venv`.
"""
from __future__ import annotations

import shlex
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from bench import agents
from bench.common.errors import UserError
from bench.common.paths import agents_root
from bench.common.stage import ArgumentParser, log, run_main, stage_prog


def install_plan(recipes: list[dict], exists: Callable[[str], bool]) -> list[tuple[str, list[str]]]:
    """The commands for the registry's recipes, each as (cwd, argv) relative to the agents root: every recipe whose
    binary (`creates`) is not there yet, in registry order, then every binary's version check."""
    plan = [(step["cwd"], step["argv"])
            for recipe in recipes if not exists(recipe["creates"]) for step in recipe["steps"]]
    return plan + [(".", recipe["check"]) for recipe in recipes]


def install(root: Path, dry_run: bool = False) -> list[tuple[str, list[str]]]:
    """Run (or with dry_run only list) the plan under `root`; a command that fails is a UserError naming it."""
    plan = install_plan(agents.install_recipes(), lambda rel: (root / rel).exists())
    if not dry_run:
        (root / ".agents").mkdir(parents=True, exist_ok=True)
    log(f"install-agents: under {root} (each command's folder below is relative to it)")
    for cwd, argv in plan:
        where = root / cwd
        log(f"{'would run' if dry_run else 'running'} (in {cwd}): {shlex.join(argv)}")
        if dry_run:
            continue
        try:
            done = subprocess.run(argv, cwd=where)
        except OSError as exc:
            raise UserError(f"{argv[0]}: cannot run it ({exc.strerror}); install it (npm comes with Node.js) "
                            "and run install-agents again") from None
        if done.returncode != 0:
            raise UserError(f"`{shlex.join(argv)}` (in {where}) exited {done.returncode}; fix what it printed "
                            "above and run install-agents again") from None
    return plan


def _main(argv: Sequence[str]) -> int:
    parser = ArgumentParser(prog=stage_prog("python -m bench.agents.install"), description=__doc__.split("\n")[0])
    parser.add_argument("--dry-run", action="store_true", help="only list the commands")
    args = parser.parse_args(argv)
    root = agents_root()
    plan = install(root, args.dry_run)
    log(f"install-agents: {len(plan)} command(s) {'to run' if args.dry_run else 'ran'}; agents in {root / '.agents'}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: `localagentbench install-agents` (also `python -m bench.agents.install`)."""
    return run_main(_main, argv)


if __name__ == "__main__":
    sys.exit(main())
