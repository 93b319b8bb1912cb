"""opencode-acp: opencode 1.18.33 in its ACP mode (`opencode acp`), driven by the generic ACP client (acp.py).

Same binary, install, configuration and model route as the `opencode` agent (its environment(), imported):
the model through the harness's proxy, a private HOME, the generated config inline, nothing fetched.
`--print-logs` puts its log on stderr, where a failure's cause can be read.
"""
from __future__ import annotations

from bench.agents import acp, opencode

AGENT = acp.AcpAgent(spec=opencode.SPEC, args=lambda ctx: ["acp", "--print-logs", "--log-level", "INFO"],
                     env=opencode.environment, scrub=opencode.SCRUBBED_PREFIXES, label="opencode")
SPEC, check, version, invocation, parse = AGENT.exports()
