"""qwen-code-acp: Qwen Code 0.24.4 in its ACP mode (`qwen --acp`), driven by the generic ACP client (acp.py).

Same binary, install, settings and model route as the `qwen-code` agent (its environment(), imported): OpenAI
chat completions at the harness's proxy, a private HOME and QWEN_HOME, usage statistics and telemetry off.
`--approval-mode yolo` (the sandbox is the boundary) so that tools run without asking; a permission request it
still sends is granted by the client.
"""
from __future__ import annotations

from bench.agents import acp, qwen_code


def _args(ctx) -> list[str]:
    return ["--acp", "--approval-mode", "yolo", "--auth-type", "openai", "--model", ctx.model_target().model]


AGENT = acp.AcpAgent(spec=qwen_code.SPEC, args=_args, env=qwen_code.environment,
                     scrub=qwen_code.SCRUBBED_PREFIXES, label="qwen")
SPEC, check, version, invocation, parse = AGENT.exports()
