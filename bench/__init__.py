"""LocalAgentBench: a reproducible evaluation harness for coding agents, local-first."""

__version__ = "0.1.0"
