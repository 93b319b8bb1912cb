"""`python -m bench.fakellm --port P --script FILE`: see bench.fakellm.cli."""
import sys

from bench.fakellm.cli import main

sys.exit(main())
