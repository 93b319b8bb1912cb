"""`python -m bench.agents --install-recipes`: the registry's install recipes as one line of JSON.

`nox -s install-agents` runs it: nox runs the noxfile in its own interpreter, which need not be able to
import the harness; this module needs only the standard library and the repository root as the cwd.
"""
from __future__ import annotations

import argparse
import json
import sys

from bench import agents


def main(argv: list[str] | None = None) -> int:
    """Print the install recipes (--install-recipes) or the registered agents' names; problems go to stderr."""
    parser = argparse.ArgumentParser(prog="python -m bench.agents", description=__doc__.split("\n")[0])
    parser.add_argument("--install-recipes", action="store_true",
                        help="print every registered agent's install recipe as one line of JSON")
    args = parser.parse_args(argv)
    if args.install_recipes:
        recipes = agents.install_recipes()
        print(json.dumps(recipes))
    else:
        print("\n".join(agents.names()))
    for line in agents.load_all()[1]:
        print(f"warning: {line}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
