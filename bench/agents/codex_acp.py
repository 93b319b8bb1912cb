"""codex-acp: Zed's ACP bridge for Codex (@zed-industries/codex-acp 0.16.0), driven by the generic ACP client
(acp.py).

The npm package is a node launcher (bin/codex-acp.js) that runs the native binary of the optional package
@zed-industries/codex-acp-linux-x64 beside it (binary_mounts shows the whole node_modules tree in the sandbox).
It is built on codex-core and reads the same configuration as the `codex` agent, with the same `-c key=value`
overrides: the `codex` agent's environment (codex.environment: CODEX_HOME and HOME per run, the provider's key)
and overrides (codex.config_overrides: one provider at the proxy's Responses route, no retries, no start-up
traffic), imported, plus the model and full access (the sandbox is the boundary), since the bridge has no
command-line flags of its own. It has no --version, so its version is its package.json's.
"""
from __future__ import annotations

from bench.agents import acp, codex
from bench.agents.base import AgentContext, AgentSpec, Install
from bench.agents.binaries import AGENTS_DIR

PINNED_VERSION = "0.16.0"
SPEC = AgentSpec(needs_model=True, install=Install.npm("@zed-industries/codex-acp", PINNED_VERSION,
                                                       binary="codex-acp", metadata_version=True))
FIXED_CONFIG = ('approval_policy="never"', 'sandbox_mode="danger-full-access"')


def _args(ctx: AgentContext) -> list[str]:
    argv = []
    for item in [*codex.config_overrides(ctx), f'model="{ctx.model_target().model}"', *FIXED_CONFIG]:
        argv += ["-c", item]
    return argv


AGENT = acp.AcpAgent(spec=SPEC, args=_args, env=codex.environment, scrub=codex.SCRUBBED_PREFIXES,
                     label="codex-acp")
SPEC, check, _version, invocation, parse = AGENT.exports()


def version(opts: dict) -> str | None:
    """The installed package's version (package.json), or None."""
    return SPEC.install.installed_version(AGENTS_DIR) if SPEC.find_binary() else None
