"""claude-code-acp: Zed's ACP bridge for Claude Code (@zed-industries/claude-code-acp 0.16.2, which runs the Claude
Agent SDK's bundled Claude Code), driven by the generic ACP client (acp.py).

Anthropic Messages to ANTHROPIC_BASE_URL (the proxy route's root), with exactly the `claude-code` agent's
environment (claude_code.environment, imported): every model tier the run's model, a private HOME and
CLAUDE_CONFIG_DIR, nonessential traffic and telemetry off, IS_SANDBOX=1. The bridge asks permission for edits and
commands through `session/request_permission`, which the client grants (the sandbox is the boundary). It has no
--version (it starts serving ACP on stdio), so its version is its package.json's.
"""
from __future__ import annotations

from bench.agents import acp, claude_code
from bench.agents.base import AgentSpec, Install
from bench.agents.binaries import AGENTS_DIR

PINNED_VERSION = "0.16.2"
SPEC = AgentSpec(needs_model=True, install=Install.npm("@zed-industries/claude-code-acp", PINNED_VERSION,
                                                       binary="claude-code-acp", metadata_version=True))

AGENT = acp.AcpAgent(spec=SPEC, args=lambda ctx: [], env=claude_code.environment,
                     scrub=claude_code.SCRUBBED_PREFIXES, label="claude-code-acp")
SPEC, check, _version, invocation, parse = AGENT.exports()


def version(opts: dict) -> str | None:
    """The installed package's version (package.json), or None."""
    return SPEC.install.installed_version(AGENTS_DIR) if SPEC.find_binary() else None
