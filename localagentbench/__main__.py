"""`python -m localagentbench ARGS` runs exactly what `python -m bench ARGS` and the `localagentbench` console
script run (bench/__main__.py: bench.cli.main, with its one-line message when a dependency is missing)."""
import runpy

runpy.run_module("bench", run_name="__main__", alter_sys=True)
