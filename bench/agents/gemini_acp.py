"""gemini-acp: Gemini CLI 0.61.0 (@google/gemini-cli) in its ACP mode (`gemini --acp`), driven by the generic ACP
client (acp.py).

Protocol: Google's Gemini API only (`models/<model>:streamGenerateContent?alt=sse`); GOOGLE_GEMINI_BASE_URL is the
proxy route's root (it appends /v1beta/models/...), and the proxy translates to the server's chat completions
(bench/models/gemini.py). With a base URL set it picks the "gateway" auth type, which the CLI then refuses ("Invalid
auth method selected"), so the settings select `gemini-api-key` and GEMINI_API_KEY is a placeholder the proxy drops.

Settings: the run's own file as the system settings (GEMINI_CLI_SYSTEM_SETTINGS_PATH, which override the user's and
the workspace's), with the same file in the private HOME: the auth type, telemetry and usage statistics off, no
update check, every built-in model alias its helper calls use (loop detection, chat compression, web fetch, ...)
naming the run's model (the proxy refuses any other), and history compression at 70% of the run's context window
(for an unknown model it assumes 1M tokens, so it would never compress). GEMINI_CLI_HOME and HOME are in the
scratch dir, so a user's ~/.gemini never reaches the run; the user's GEMINI_* / GOOGLE_* variables are scrubbed.
`--approval-mode yolo`: tools run without asking (the sandbox is the boundary); a permission request it still
sends is granted by the client. Verified with the real CLI against
the scripted server (bench/fakellm_scripts/gemini-calib.yaml): its read_file / replace / write_file take absolute
paths, and every model call names the run's model.
"""
from __future__ import annotations

import json

from bench.agents import acp
from bench.agents.base import AgentContext, AgentSpec, Install, context_length, private_home
from bench.models.servers import no_proxy_env

PINNED_VERSION = "0.61.0"
SPEC = AgentSpec(needs_model=True, install=Install.npm("@google/gemini-cli", PINNED_VERSION, binary="gemini"))
SCRUBBED_PREFIXES = ("GEMINI_", "GOOGLE_", "CLOUD_SHELL", "OTEL_")
DEFAULT_CONTEXT = 32768
# Gemini CLI plans with 1,048,576 tokens for a model it does not know (tokenLimit in 0.61.0) and compresses its
# history past model.compressionThreshold of that (0.5): never, for a local model, which it would overflow instead.
# The threshold becomes COMPRESS_AT of the run's window, as a fraction of what it assumes.
ASSUMED_WINDOW = 1048576
COMPRESS_AT = 0.7
SETTINGS = {
    "security": {"auth": {"selectedType": "gemini-api-key"}, "folderTrust": {"enabled": False}},
    "privacy": {"usageStatisticsEnabled": False},
    "telemetry": {"enabled": False, "logPrompts": False},
    "general": {"disableAutoUpdate": True, "disableUpdateNag": True},
}
# Gemini CLI's helper calls (loop detection, chat compression, web fetch, the edit corrector, summaries, the router)
# name their own Gemini models through the built-in model-config aliases that carry a model (0.61.0's
# DEFAULT_MODEL_CONFIGS). The proxy refuses any model but the run's, so each of those aliases is redefined
# (customAliases replace built-in ones whole) with the run's model and the rest of its built-in definition.
_BASE_ALIASES = ("gemini-2.5-flash-base", "gemini-3-flash-base", "gemini-3.5-flash-base", "loop-detection-double-check")
_HELPER_ALIASES = {
    "classifier": {"maxOutputTokens": 1024, "thinkingConfig": {"thinkingBudget": 512}},
    "prompt-completion": {"temperature": 0.3, "maxOutputTokens": 16000, "thinkingConfig": {"thinkingBudget": 0}},
    "fast-ack-helper": {"temperature": 0.2, "maxOutputTokens": 120, "thinkingConfig": {"thinkingBudget": 0}},
    "edit-corrector": {"thinkingConfig": {"thinkingBudget": 0}},
    "summarizer-default": {"maxOutputTokens": 2000},
    "summarizer-shell": {"maxOutputTokens": 2000},
}
_STANDALONE_ALIASES = ("chat-compression-3-pro", "chat-compression-3-flash", "chat-compression-3.1-flash-lite",
                       "chat-compression-2.5-pro", "chat-compression-2.5-flash", "chat-compression-2.5-flash-lite",
                       "chat-compression-default", "agent-history-provider-summarizer")


def settings_for(model: str, window: int = DEFAULT_CONTEXT) -> dict:
    """The run's settings: SETTINGS, every built-in alias that names a model naming the run's instead, and history
    compression at COMPRESS_AT of the `window`-token context."""
    aliases: dict[str, dict] = {name: {"extends": "base", "modelConfig": {"model": model}} for name in _BASE_ALIASES}
    aliases.update({name: {"extends": "base", "modelConfig": {"model": model, "generateContentConfig": config}}
                    for name, config in _HELPER_ALIASES.items()})
    aliases.update({name: {"modelConfig": {"model": model}} for name in _STANDALONE_ALIASES})
    return {**SETTINGS, "modelConfigs": {"customAliases": aliases},
            "model": {"compressionThreshold": round(COMPRESS_AT * window / ASSUMED_WINDOW, 6)}}


def environment(ctx: AgentContext) -> dict[str, str]:
    """Gemini CLI's environment for one run: the proxy's root as the Gemini API's base, the run's settings as the
    system settings and in the private HOME."""
    target = ctx.model_target()
    home, system = ctx.scratch_dir / "home", ctx.scratch_dir / "gemini-system"
    env = private_home(home)
    system.mkdir(parents=True, exist_ok=True)
    (home / ".gemini").mkdir(mode=0o700, exist_ok=True)
    text = json.dumps(settings_for(target.model, context_length(ctx, DEFAULT_CONTEXT)), indent=1)
    for path in (system / "settings.json", home / ".gemini" / "settings.json"):
        path.write_text(text, encoding="utf-8")
    (system / "system-defaults.json").write_text("{}\n", encoding="utf-8")
    env.update({
        "GEMINI_CLI_HOME": str(home),
        "GEMINI_CLI_SYSTEM_SETTINGS_PATH": str(system / "settings.json"),
        "GEMINI_CLI_SYSTEM_DEFAULTS_PATH": str(system / "system-defaults.json"),
        "GOOGLE_GEMINI_BASE_URL": target.root,
        "GEMINI_API_KEY": "localagentbench",
        "GEMINI_TELEMETRY_ENABLED": "false",
        "NO_COLOR": "1",
        **no_proxy_env(target),
    })
    return env


def _args(ctx: AgentContext) -> list[str]:
    return ["--acp", "--approval-mode", "yolo", "--model", ctx.model_target().model]


AGENT = acp.AcpAgent(spec=SPEC, args=_args, env=environment, scrub=SCRUBBED_PREFIXES, label="gemini")
SPEC, check, version, invocation, parse = AGENT.exports()
