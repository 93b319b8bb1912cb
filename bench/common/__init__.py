"""Helpers shared by every stage: record I/O, schemas, processes, digests, the stage entry point."""
