"""`python -m bench` is the umbrella CLI."""
import sys

try:
    from bench.cli import main
except ModuleNotFoundError as exc:  # a checkout run without its dependencies: say how to get them, in one line
    if exc.name and exc.name.split(".")[0] in ("yaml", "jsonschema", "markdown", "tomli"):
        sys.exit(f"error: {exc.name} is not installed for {sys.executable}: run `pip install .` in the "
                 "LocalAgentBench checkout (it installs the dependencies and the `localagentbench` command)")
    raise

sys.exit(main(sys.argv[1:]))
