"""Reading summaries: loading summary.json (a file, a results directory holding one, or '-'), and the
conventions every page that shows one follows."""
from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

from bench.common import schema
from bench.common.errors import UserError


def summary_path(source: str | Path) -> Path:
    """The summary file a source names: the file itself, or `summary.json` inside a results directory."""
    path = Path(source)
    return path / "summary.json" if path.is_dir() else path


def load_summary(source: str | Path) -> dict:
    """Read and validate a summary; one-line errors name the file and how to make one (the score stage writes it:
    `report --results DIR` re-scores a directory for its pages but leaves no summary.json behind)."""
    if str(source) == "-":
        try:
            data = json.load(sys.stdin)
        except json.JSONDecodeError as exc:
            raise UserError(f"<stdin>: line {exc.lineno}: not valid JSON ({exc.msg})") from None
        return schema.check(data, "summary", where="<stdin>")
    path = summary_path(source)
    if Path(source).is_dir() and not path.is_file():
        made = shlex.join(["python", "-m", "bench.score", str(source), "--out", str(path)])
        raise UserError(f"{source}: no summary.json in this results directory; make one with `{made}`")
    if not path.is_file():
        raise UserError(f"{path}: no such summary file or results directory")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise UserError(f"{path}: line {exc.lineno}: not valid JSON ({exc.msg})") from None
    except OSError as exc:
        raise UserError(f"{path}: cannot read ({exc.strerror})") from None
    if not isinstance(data, dict):
        raise UserError(f"{path}: expected a summary object, found {type(data).__name__}")
    return schema.check(data, "summary", where=str(path))


# What an agent marked synthetic (agent.extra.synthetic: the mock agent) invented: every count it reports and
# its trajectory's timeline. Wall times, outcomes and grading are measured all the same.
SYNTHETIC_FIGURES = ("tokens_in", "tokens_out", "tokens_reasoning", "tokens_cache_read", "turns", "tool_calls",
                     "failed_tool_calls", "timeline")


def rate_text(rate: float | None, ci: list[float] | None = None) -> str:
    """A rate with its interval for people: "0.500 [0.237, 0.763]", or "n/a" when there is nothing to rate."""
    if rate is None:
        return "n/a"
    return f"{rate:.3f} [{ci[0]:.3f}, {ci[1]:.3f}]" if ci else f"{rate:.3f}"


def tokens_per_run(runs: list[dict]) -> tuple[list[int], int]:
    """Tokens in + out of each run that reports both counts, and how many runs report only one of them: an
    unknown count is not 0, so such a run is left out (and counted) rather than summed as if it were."""
    counts = [(r["agent"].get("tokens_in"), r["agent"].get("tokens_out")) for r in runs]
    both = [i + o for i, o in counts if i is not None and o is not None]
    return both, sum(1 for i, o in counts if (i is None) != (o is None))


# What pass@1 over scored runs leaves out, in the order and words every page uses: (left_out key, one, many).
LEFT_OUT = (("infra_error", "infra error", "infra errors"), ("incomplete", "unfinished", "unfinished"),
            ("missing", "missing", "missing"))


def left_out_parts(left: dict, keep_zero: bool = False) -> list[str]:
    """A group's `left_out` in words, one part per kind: ["1 infra error", "2 missing"] (zeros kept if asked)."""
    return [f"{left.get(key, 0)} {one if left.get(key, 0) == 1 else many}" for key, one, many in LEFT_OUT
            if keep_zero or left.get(key, 0)]


# The columns every page shows for a group's model_calls section (what the recording model proxy measured):
# (key, header). A group none of whose runs went through the proxy shows none of them.
MODEL_CALL_COLUMNS = (("runs", "Runs measured"), ("calls", "Model calls (errors)"),
                      ("share", "Model time share"), ("per_solved", "Tokens per solved task"),
                      ("prefill", "Prefill tok/s"), ("decode", "Decode tok/s"),
                      ("truncated", "Context truncated"), ("ttft", "TTFT median"), ("startup", "Start-up median"),
                      ("translated", "Translated calls"), ("disagree", "Agent's token count differs"))
MODEL_CALLS_NOTE = ("Measured by the recording model proxy, over the scored runs that went through it. Model time "
                    "share: the time some model call was in flight over the agent's wall time. Tokens per solved "
                    "task: every token (in + out) of those runs over the runs that passed. Prefill and decode "
                    "tok/s: over the calls whose server reported those times. Context truncated: calls whose "
                    "prompt the server cut (in how many runs). TTFT: median over runs of each run's median "
                    "time to first token. Start-up: median over runs of the time from the agent's start to its "
                    "first model call. Translated: calls the proxy turned into chat completions for the "
                    "server. Agent's token count differs: runs whose agent reported token counts other than the "
                    "proxy measured (the proxy's count is the one used).")


def _count(value) -> str:
    return "–" if value is None else f"{value:,}"


def model_calls_cells(section: dict) -> dict[str, str]:
    """A group's model_calls section as plain text, keyed as MODEL_CALL_COLUMNS ("–": unknown); the caller
    escapes it for its page."""
    share, ttft = section.get("model_share"), section.get("ttft_median_s")
    per_solved = section.get("tokens_per_solved")
    truncated = section["context_truncated"]
    return {
        "runs": _count(section["runs_measured"]),
        "calls": f"{section['calls']:,} ({section['errors']:,})",
        "share": "–" if share is None else f"{100 * share:.1f}%",
        "per_solved": f"– (tokens unknown in {section['runs_tokens_incomplete']:,} run(s))"
        if section.get("runs_tokens_incomplete") else "– (none solved)" if per_solved is None else f"{per_solved:,.0f}",
        "prefill": "–" if section.get("prefill_tps") is None else f"{section['prefill_tps']:,.1f}",
        "decode": "–" if section.get("decode_tps") is None else f"{section['decode_tps']:,.1f}",
        "truncated": (f"{truncated:,} call(s)" + (f" ({100 * section['truncated_share']:.1f}%)"
                                                   if section.get("truncated_share") else "")
                      + f" in {section['runs_truncated']:,} run(s)") if truncated else "0",
        "ttft": "–" if ttft is None else f"{ttft:.3g} s",
        "startup": "–" if section.get("startup_median_s") is None else f"{section['startup_median_s']:.3g} s",
        "translated": _count(section.get("translated")),
        "disagree": f"{section.get('tokens_disagree') or 0:,} run(s)",
    }


VISIBLE_DEFAULT = "split"   # the mode of a run that records none: made before `run --visible` existed
VISIBLE_WORDS = {"split": "split (--visible split: the visible part given, the held-out part graded after)",
                 "all": "all (--visible all: every test given and graded, none held out, as Aider's benchmark)"}


def visible_of(item: dict) -> str:
    """The `--visible` mode of a run record, run-config.json, summary group or task row (split where none is
    recorded). Runs of different modes are never pooled: the mode is part of every group's key."""
    mode = item.get("visible")
    return mode if isinstance(mode, str) else VISIBLE_DEFAULT


def run_key(run: dict) -> tuple[str, str, str]:
    """The group a graded run belongs to: (agent, model, visible mode)."""
    return run["agent"]["name"], run["model"]["id"], visible_of(run)


def group_key(group: dict) -> tuple[str, str, str]:
    """A summary group's or task row's key, as run_key gives it for their runs."""
    return group["agent"], group["model"], visible_of(group)


def mode_note(group: dict) -> str:
    """How pages name a group's mode beside its agent and model: nothing for split (the default), else the mode."""
    return "" if visible_of(group) == VISIBLE_DEFAULT else f" (visible: {visible_of(group)})"
