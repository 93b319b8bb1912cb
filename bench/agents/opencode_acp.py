"""opencode-acp: opencode 1.18.33 in its ACP mode (`opencode acp`), driven by the generic ACP client (acp.py).

Same binary, install, configuration and model route as the `opencode` agent (its environment(), imported):
the model through the harness's proxy, a private HOME, the generated config inline, nothing fetched. One
difference: in ACP mode opencode names each new session with an extra model call (its hidden `title` agent;
`opencode run --title` avoids it), so that agent is disabled here and every model call the proxy measures is
the task's. `--print-logs` puts its log on stderr, where a failure's cause can be read.
"""
from __future__ import annotations

import json

from bench.agents import acp, opencode
from bench.agents.base import AgentContext


def environment(ctx: AgentContext) -> dict[str, str]:
    """opencode's own environment for the run, its `title` agent disabled."""
    env = opencode.environment(ctx)
    config = json.loads(env["OPENCODE_CONFIG_CONTENT"])
    config.setdefault("agent", {})["title"] = {"disable": True}
    env["OPENCODE_CONFIG_CONTENT"] = json.dumps(config)
    return env


AGENT = acp.AcpAgent(spec=opencode.SPEC, args=lambda ctx: ["acp", "--print-logs", "--log-level", "INFO"],
                     env=environment, scrub=opencode.SCRUBBED_PREFIXES, label="opencode")
SPEC, check, version, invocation, parse = AGENT.exports()
