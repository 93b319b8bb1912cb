"""Developer tools, not shipped in the wheel: the benchmark (nox -s bench) and its synthetic data."""
