"""`python -m bench` is the umbrella CLI."""
import sys

from bench.cli import main

sys.exit(main(sys.argv[1:]))
