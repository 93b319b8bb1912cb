"""prefs: pairwise human preference between agents or models, on pairs of passed runs of the same task.

    python -m bench.report.prefs template --results R1 --results R2 [--out preference-template.csv] [--seed N]
    python -m bench.report.prefs rank --results R1 --results R2 --prefs FILLED.csv [--seed N] [--resamples B]
                                      [--dry-run]

`template` writes one row per pair: the same task, two configurations (agent x model) whose runs both passed,
each side's run, its page on the site and its patch.diff; sides A and B in random order (the seed is in every
row). A rater fills `preferred` (A, B or tie), `rater` and `note`. `rank` reads the filled file, writes each
rated run's comparisons into its record (`human_preference` in run.json and summary.json, so the report and
the leaderboard show them) and prints the Bradley-Terry ranking as JSON. METHODOLOGY.md ("Human preference")
defines the numbers.
"""
from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import random
import secrets
from collections.abc import Sequence
from pathlib import Path

from bench.common import schema
from bench.common.errors import UserError
from bench.common.records import replace_target, write_json_atomic, write_text_atomic
from bench.common.stage import ArgumentParser, log, run_main, stage_prog
from bench.common.stats import bradley_terry, connected_groups, dominance_order, quantile
from bench.common.summary import load_summary, summary_path
from bench.common.untrusted import markdown_text, one_line
from bench.exec import safefs
from bench.report.runpage import run_page_name
from bench.report.site import esc, run_problem, table, usable_runs

COLUMNS = ("pair", "task_id", "a_run", "a_config", "a_page", "a_patch", "b_run", "b_config", "b_page", "b_patch",
           "seed", "preferred", "rater", "note")
REQUIRED = ("pair", "a_run", "b_run", "preferred")
CHOICES = {"a": "A", "b": "B", "tie": "tie"}
MAX_FILE_BYTES = 16 * 1024 * 1024
MAX_ROWS = 100_000
MAX_RATER, MAX_NOTE = 200, 2000
RESAMPLES = 1000
MAX_PLAYERS = 30
MAX_RECORD_BYTES = 16 * 1024 * 1024  # a run.json prefs rank rewrites: read up to this, never through a link
DEFAULT_SEED = 0  # rank's bootstrap: the same file gives the same intervals unless --seed says otherwise
METHOD = ("Bradley-Terry maximum likelihood (Newton's method), a tie counted as half a win for each side; "
          "95% percentile bootstrap intervals over the rated rows")
# A spreadsheet runs a cell that starts with one of these as a formula; written with a leading ' instead.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


# ---------------------------------------------------------------- the runs and who made them

def run_ref(run: dict) -> str:
    """A run's stable id in a preference file: run id / task id / repetition."""
    return f"{run['run_id']}/{run['task_id']}/{run['rep']}"


def load_sets(sources: Sequence[str]) -> list[tuple[str, dict]]:
    """(source, summary with its usable runs) per --results; the same run given twice is one line."""
    if not sources:
        raise UserError("--results: name at least one results directory or summary.json (repeatable)")
    seen: dict[str, str] = {}
    out = []
    for source in sources:
        if source == "-":
            raise UserError("--results -: prefs reads results from files (it writes preferences back into them); "
                            "pass a results directory or its summary.json")
        summary = usable_runs(load_summary(source), "prefs")
        for run in summary["runs"]:
            ref = run_ref(run)
            if ref in seen:
                raise UserError(f"{source}: run {ref} is also in {seen[ref]}; pass each results directory once "
                                "(runs of two evaluations need different --run-id)")
            seen[ref] = source
        out.append((source, summary))
    return out


def configurations(sets: list[tuple[str, dict]]) -> dict[str, str]:
    """Run ref -> the configuration it belongs to: 'agent:model', with the result set's run ids added when two
    result sets hold the same agent and model (two versions or settings of one agent are two players)."""
    where: dict[tuple[str, str], set[int]] = {}
    for index, (_, summary) in enumerate(sets):
        for run in summary["runs"]:
            where.setdefault((run["agent"]["name"], run["model"]["id"]), set()).add(index)
    out = {}
    for index, (_, summary) in enumerate(sets):
        for run in summary["runs"]:
            key = (run["agent"]["name"], run["model"]["id"])
            label = f"{key[0]}:{key[1]}"
            if len(where[key]) > 1:
                label += f" ({'+'.join(summary['run_ids']) or index})"
            out[run_ref(run)] = label
    return out


def _link(target: Path, base: Path) -> str:
    try:
        return os.path.relpath(target, base).replace(os.sep, "/")
    except ValueError:  # another drive (Windows): no relative path exists
        return target.resolve().as_uri()


def run_rel(run: dict, name: str) -> str:
    """Where a run's file `name` lies inside its results directory: runs/<task>/<rep>/NAME. Only there: a path a
    record names (its run_dir) may lead anywhere, so prefs neither links nor writes through one."""
    return f"runs/{run['task_id']}/{run['rep']}/{name}"


def _site_page(source: str, run: dict) -> Path:
    """Where `localagentbench report --results SOURCE` puts the run's page (site/ beside the summary)."""
    return summary_path(source).parent / "site" / "runs" / run_page_name(run)


# ---------------------------------------------------------------- template

def pair_id(task_id: str, ref_a: str, ref_b: str) -> str:
    """A pair's stable id, the same whichever side each run is shown on."""
    first, second = sorted((ref_a, ref_b))
    return "p-" + hashlib.sha256(f"{task_id}\n{first}\n{second}".encode()).hexdigest()[:12]


def make_pairs(sets: list[tuple[str, dict]], seed: int, out_dir: Path) -> tuple[list[dict], dict]:
    """The template's rows: per task, per two configurations that both passed it at the same task digest, one
    pair (each side its first passed repetition); sides shuffled with random.Random(seed). Also what was
    left out, counted."""
    config = configurations(sets)
    chosen: dict[tuple[str, str], tuple[str, dict]] = {}  # (task, configuration) -> its first passed run
    for source, summary in sets:
        for run in sorted(summary["runs"], key=lambda r: (r["task_id"], r["rep"], r["run_id"])):
            if run["outcome"] == "passed":
                chosen.setdefault((run["task_id"], config[run_ref(run)]), (source, run))
    by_task: dict[str, list[str]] = {}
    for task_id, label in sorted(chosen):
        by_task.setdefault(task_id, []).append(label)
    rng = random.Random(seed)
    rows, digest_differs = [], 0
    for task_id, labels in sorted(by_task.items()):
        for i, first in enumerate(labels):
            for second in labels[i + 1:]:
                (sa, ra), (sb, rb) = chosen[(task_id, first)], chosen[(task_id, second)]
                if ra["task_digest"] != rb["task_digest"]:
                    digest_differs += 1
                    continue
                if rng.random() < 0.5:
                    (sa, ra), (sb, rb) = (sb, rb), (sa, ra)
                row = {"pair": pair_id(task_id, run_ref(ra), run_ref(rb)), "task_id": task_id}
                for side, source, run in (("a", sa, ra), ("b", sb, rb)):
                    results, rel = summary_path(source).parent, run_rel(run, "patch.diff")
                    row |= {f"{side}_run": run_ref(run), f"{side}_config": config[run_ref(run)],
                            f"{side}_page": _link(_site_page(source, run), out_dir),
                            f"{side}_patch": _link(results / rel, out_dir)
                            if safefs.read_capped(results.resolve(), rel, 0) is not None else ""}
                rows.append(row | {"seed": str(seed), "preferred": "", "rater": "", "note": ""})
    players = sorted(set(config.values()))
    return rows, {"players": players, "digest_differs": digest_differs,
                  "tasks_with_one_configuration": sum(1 for labels in by_task.values() if len(labels) < 2)}


def csv_cell(value: str) -> str:
    """A cell a spreadsheet shows as text: one that would start a formula gets a leading apostrophe."""
    return "'" + value if value.startswith(FORMULA_START) else value


def _uncell(value: str) -> str:
    """The value csv_cell wrote (a spreadsheet may keep the apostrophe when the file is saved again)."""
    return value[1:] if value.startswith("'") and value[1:].startswith(FORMULA_START) else value


def template_text(rows: list[dict]) -> str:
    """The template as CSV text (header, then one row per pair; cells escaped by csv_cell)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    for row in rows:
        writer.writerow([csv_cell(row[c]) for c in COLUMNS])
    return buffer.getvalue()


def cmd_template(args) -> int:
    """Write the template of pairs to --out; print what was written as JSON."""
    out = Path(args.out)
    if out.is_dir():
        raise UserError(f"{out}: is a directory; --out names the CSV file to write "
                        f"(e.g. {out / 'preference-template.csv'})")
    if out.exists() and not args.force:
        raise UserError(f"{out}: exists (a filled preference file?); choose another --out or pass --force to "
                        "replace it")
    sets = load_sets(args.results)
    seed = args.seed if args.seed is not None else secrets.randbelow(2 ** 32)
    rows, left = make_pairs(sets, seed, out.resolve().parent)
    if len(left["players"]) < 2:
        raise UserError(f"only one configuration in the given results ({', '.join(left['players']) or 'none'}); "
                        "pass --results of another agent or model too")
    if not rows:
        raise UserError(f"no pair to rate: no task was passed by two of {', '.join(left['players'])} at the same task "
                        "digest; pairs need a passed run on both sides")
    write_text_atomic(out, template_text(rows))
    print(json.dumps({"template": str(out.resolve()), "pairs": len(rows), "seed": seed,
                      "players": left["players"], "left_out": {k: v for k, v in left.items() if k != "players"}}))
    log(f"prefs: {len(rows)} pair(s) of {len(left['players'])} configurations in {out}; fill `preferred` "
        "with A, B or tie, then `localagentbench prefs rank --results ... --prefs FILE`")
    return 0


# ---------------------------------------------------------------- reading a filled file

def _read_text(path: Path) -> str:
    where = str(path)
    try:
        if not path.is_file():
            raise UserError(f"{where}: no such file (or not a regular file); pass the filled preference CSV")
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise UserError(f"{where}: {size:,} bytes, at most {MAX_FILE_BYTES:,}; split the file by rater")
        data = path.read_bytes()
    except OSError as exc:
        raise UserError(f"{where}: cannot read ({exc.strerror})") from None
    try:
        return data.decode("utf-8-sig")  # a spreadsheet's "CSV UTF-8" starts with a byte order mark
    except UnicodeDecodeError as exc:
        raise UserError(f"{where}: byte {exc.start}: not UTF-8; save the file as CSV UTF-8") from None


def read_preferences(path: Path, runs: dict[str, dict], config: dict[str, str]) -> tuple[list[dict], int]:
    """The rated rows of a filled file as comparisons, and how many rows were left unrated (an empty
    `preferred`: skipped). Any other problem is a UserError naming the file, row (its line), column and fix."""
    where = str(path)
    reader = csv.reader(io.StringIO(_read_text(path), newline=""), strict=True)
    try:
        header = [h.strip() for h in next(reader, [])]
    except csv.Error as exc:
        raise UserError(f"{where}: row 1: not CSV ({exc}); use the header line of the template") from None
    missing = [c for c in REQUIRED if c not in header]
    if missing:
        raise UserError(f"{where}: row 1: column(s) {', '.join(missing)} missing (found: {', '.join(header)[:200]});"
                        " keep the header line of the template")
    doubled = sorted({h for h in header if h and header.count(h) > 1})
    if doubled:
        raise UserError(f"{where}: row 1: column(s) {', '.join(doubled)} appear twice; keep one of each")
    col = {name: header.index(name) for name in COLUMNS if name in header}
    comparisons, unrated, first_seen = [], 0, {}
    line = 1  # rows as a spreadsheet numbers them, the header being row 1 (a quoted cell may span lines)
    while True:
        line += 1
        try:
            cells = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            raise UserError(f"{where}: row {line}: not CSV ({exc}); fix the quoting of that row") from None
        if not any(c.strip() for c in cells):
            continue
        if line > MAX_ROWS + 1:
            raise UserError(f"{where}: row {line}: more than {MAX_ROWS:,} rows; split the file by rater")

        def cell(name: str, cells: list[str] = cells) -> str:
            at = col.get(name)
            return _uncell(cells[at].strip()) if at is not None and at < len(cells) else ""

        def bad(name: str, problem: str, fix: str, line: int = line) -> UserError:
            return UserError(f"{where}: row {line}, column {name}: {problem}; {fix}")

        choice = cell("preferred")
        if not choice:
            unrated += 1
            continue
        found = _row(cell, bad, runs, config, col)
        pid, rater = found["pair"], found["rater"]
        key = (pid, rater.casefold())
        if key in first_seen:
            raise bad("rater", f"the pair {pid} is rated twice by {rater or 'an unnamed rater'} (row "
                      f"{first_seen[key]} too)", "delete one row, or name each rater in `rater`")
        first_seen[key] = line
        comparisons.append({**found, "row": line})
    return comparisons, unrated


def _row(cell, bad, runs: dict[str, dict], config: dict[str, str], col: dict[str, int]) -> dict:
    """One rated row as a comparison, after every check of its cells (`bad` makes the error naming one)."""
    choice = cell("preferred")
    if choice.lower() not in CHOICES:
        raise bad("preferred", f"{choice[:40]!r} is not A, B or tie", "write A, B or tie, or leave it empty")
    sides = {}
    for side in ("a", "b"):
        ref = cell(f"{side}_run")
        if ref not in runs:
            raise bad(f"{side}_run", f"run {ref[:120]!r} is not in the given results",
                      "pass the --results the template was made from, and do not edit the run columns")
        sides[side] = runs[ref]
        label = cell(f"{side}_config")
        if f"{side}_config" in col and label != config[ref]:
            raise bad(f"{side}_config", f"{label[:80]!r}, but run {ref} is {config[ref]!r}",
                      "do not edit the configuration columns (or pass the same --results as for the template)")
    ra, rb = sides["a"], sides["b"]
    if config[run_ref(ra)] == config[run_ref(rb)]:
        raise bad("b_run", f"both sides are {config[run_ref(ra)]}", "a pair compares two configurations")
    if ra["task_id"] != rb["task_id"] or ra["task_digest"] != rb["task_digest"]:
        raise bad("b_run", f"runs of different tasks or task versions ({ra['task_id']}, {rb['task_id']})",
                  "a pair compares two runs of the same task")
    for run, side in ((ra, "a"), (rb, "b")):
        if run["outcome"] != "passed":
            raise bad(f"{side}_run", f"run {run_ref(run)} did not pass ({run['outcome']})",
                      "pairs are made of passed runs; remove the row")
    pid = pair_id(ra["task_id"], run_ref(ra), run_ref(rb))
    if cell("pair") != pid:
        raise bad("pair", f"{cell('pair')[:40]!r} is not this pair's id ({pid})", "do not edit the pair or run columns")
    rater, note = cell("rater"), cell("note")
    for name, limit in (("rater", MAX_RATER), ("note", MAX_NOTE)):
        if len(cell(name)) > limit:
            raise bad(name, f"{len(cell(name)):,} characters, at most {limit:,}", "shorten it")
    winner = CHOICES[choice.lower()]
    return {"pair": pid, "a": run_ref(ra), "b": run_ref(rb), "a_config": config[run_ref(ra)],
            "b_config": config[run_ref(rb)], "score_a": 1.0 if winner == "A" else 0.0 if winner == "B" else 0.5,
            "rater": rater, "note": note}


# ---------------------------------------------------------------- ranking

def _fit(labels: list[str], games: list[tuple[int, int, float]]) -> list[float] | None:
    return bradley_terry(len(labels), games)


def rank_comparisons(comparisons: Sequence[dict], seed: int = DEFAULT_SEED, resamples: int = RESAMPLES) -> dict:
    """The Bradley-Terry ranking of the configurations in `comparisons` (each {"a_config", "b_config",
    "score_a"}): per group of configurations joined by comparisons, either each one's log-strength (mean 0 in
    the group) with a 95% bootstrap interval over the group's comparisons (random.Random(seed), `resamples`
    draws), or why it is unbounded."""
    players = sorted({c["a_config"] for c in comparisons} | {c["b_config"] for c in comparisons})
    # The fit grows with the cube of the players, the bootstrap with the comparisons a thousandfold; the records of
    # a bundle handed in may carry any number of either (report and promote rank what the runs carry).
    too_many = (f"{len(players)} configurations: more than {MAX_PLAYERS} are not ranked" if len(players) > MAX_PLAYERS
                else f"{len(comparisons):,} comparisons: more than {MAX_ROWS:,} are not ranked"
                if len(comparisons) > MAX_ROWS else None)
    if too_many:
        return {"method": METHOD, "seed": seed, "resamples": resamples, "n_comparisons": len(comparisons),
                "raters": [], "groups": [], "not_comparable": too_many}
    index = {p: i for i, p in enumerate(players)}
    games = [(index[c["a_config"]], index[c["b_config"]], float(c["score_a"])) for c in comparisons]
    groups = []
    rng = random.Random(seed)
    for members in connected_groups(len(players), games):
        local = {g: k for k, g in enumerate(members)}
        mine = [(local[i], local[j], s) for i, j, s in games if i in local]
        labels = [players[g] for g in members]
        tally = {p: {"wins": 0, "losses": 0, "ties": 0} for p in labels}
        for i, j, s in mine:
            for who, got in ((labels[i], s), (labels[j], 1 - s)):
                tally[who]["wins" if got == 1 else "losses" if got == 0 else "ties"] += 1
        group = {"players": labels, "n_comparisons": len(mine)}
        order = dominance_order(len(labels), mine)
        theta = _fit(labels, mine)
        if theta is None:
            names = [[labels[i] for i in part] for part in order]
            group.update(status="unbounded", order=names,
                         why="no finite estimate: " + " > ".join("{" + ", ".join(p) + "}" for p in names)
                             + " (each earlier group never lost a comparison to a later one); rate more pairs "
                               "across them")
            group["ranking"] = [{"player": p, **tally[p], "score": None, "ci": None} for p in labels]
        else:
            draws: list[list[float]] = []
            failed = 0
            for _ in range(resamples if len(labels) > 1 else 0):
                sample = rng.choices(mine, k=len(mine))
                seen = {i for i, _, _ in sample} | {j for _, j, _ in sample}
                fitted = _fit(labels, sample) if len(seen) == len(labels) and \
                    len(connected_groups(len(labels), sample)) == 1 else None
                if fitted is None:
                    failed += 1
                else:
                    draws.append(fitted)
            # A resample with no finite estimate would fall beyond a tail: past 2.5% of them, no bound is given.
            usable = len(labels) > 1 and failed <= 0.025 * resamples and draws
            ranked = sorted(range(len(labels)), key=lambda k: (-theta[k], labels[k]))
            group.update(status="ok", resamples_without_estimate=failed, ranking=[
                {"player": labels[k], **tally[labels[k]], "rank": r + 1, "score": round(theta[k], 6),
                 "ci": [round(quantile([d[k] for d in draws], q), 6) for q in (0.025, 0.975)] if usable else None}
                for r, k in enumerate(ranked)])
        groups.append(group)
    groups.sort(key=lambda g: (-g["n_comparisons"], g["players"]))
    not_comparable = None
    if len(groups) > 1:
        not_comparable = ("these groups were never compared with each other, so they are ranked apart: "
                          + " | ".join("{" + ", ".join(g["players"]) + "}" for g in groups))
    return {"method": METHOD, "seed": seed, "resamples": resamples, "n_comparisons": len(comparisons),
            "raters": sorted({c.get("rater") or "" for c in comparisons} - {""}),
            "groups": groups, "not_comparable": not_comparable}


def run_preferences(runs: Sequence[dict]) -> list[dict]:
    """The comparisons recorded on `runs` (their `human_preference`), each once even when both of its runs are
    here, in the form rank_comparisons reads."""
    seen: dict[tuple[str, str], dict] = {}
    for run in runs:
        pref = run.get("human_preference")
        if not isinstance(pref, dict):
            continue
        for c in pref.get("comparisons", []):
            mine = c["side"] == "A"
            score = 0.5 if c["result"] == "tie" else float((c["result"] == "win") == mine)
            a, b = (c["config"], c["opponent_config"]) if mine else (c["opponent_config"], c["config"])
            seen.setdefault((c["pair"], c.get("rater", "").casefold()),
                            {"a_config": a, "b_config": b, "score_a": score, "rater": c.get("rater", "")})
    return [seen[k] for k in sorted(seen)]


def ranking_of_runs(runs: Sequence[dict]) -> dict | None:
    """The ranking from the comparisons `runs` carry, or None when none carries any."""
    comparisons = run_preferences(runs)
    return rank_comparisons(comparisons) if comparisons else None


def _score(x: float | None) -> str:
    return "unbounded" if x is None else f"{x:+.2f}"


def _ci(ci: list[float] | None) -> str:
    return "n/a" if ci is None else f"{ci[0]:+.2f} – {ci[1]:+.2f}"


EXPLAIN = ("Score: Bradley-Terry log-strength (mean 0 within a group); the difference of two scores is the log-odds "
           "that raters prefer one's passed change to the other's. A tie counts as half a win for each side. "
           "Interval: 95% percentile bootstrap over the rated rows (fixed seed). Defined in METHODOLOGY.md.")


def _unbounded_note(group: dict) -> str:
    if group["status"] == "unbounded":
        return group["why"]
    failed = group.get("resamples_without_estimate", 0)
    return f"{failed} resample(s) had no finite estimate; no interval is given" if any(
        r["ci"] is None for r in group["ranking"]) and len(group["players"]) > 1 else ""


def preference_markdown(ranking: dict | None) -> list[str]:
    """The report's "Human preference" section (no lines when no run carries a preference)."""
    if not ranking:
        return []
    lines = ["", "## Human preference", "",
             f"{ranking['n_comparisons']} rated pair(s) of passed runs, "
             f"{len(ranking['raters'])} named rater(s).", ""]
    if ranking["not_comparable"]:
        lines += [f"> **Note:** {markdown_text(ranking['not_comparable'])}", ""]
    for group in ranking["groups"]:
        lines += ["| Rank | Configuration | Score | 95% interval | Won | Lost | Tied |",
                  "|---:|---|---:|---|---:|---:|---:|"]
        for r in group["ranking"]:
            name = markdown_text(r["player"])
            lines.append(f"| {r.get('rank', '–')} | {name} | {_score(r['score'])} | {_ci(r['ci'])} | "
                         f"{r['wins']} | {r['losses']} | {r['ties']} |")
        note = _unbounded_note(group)
        lines += (["", f"> {markdown_text(note)}"] if note else []) + [""]
    return lines + [EXPLAIN]


def preference_html(ranking: dict | None) -> str:
    """The site's "Human preference" section ('' when no run carries a preference)."""
    if not ranking:
        return ""
    parts = ['<h2 id="preference">Human preference</h2>',
             f'<p class="sub">{ranking["n_comparisons"]} rated pair(s) of passed runs · '
             f'{len(ranking["raters"])} named rater(s)</p>']
    if ranking["not_comparable"]:
        parts.append(f'<div class="alert">{esc(ranking["not_comparable"])}</div>')
    for n, group in enumerate(ranking["groups"]):
        # every cell escaped: a leaderboard entry is a file someone handed in, not only what rank_comparisons made
        rows = [f"<tr><td class=num>{esc(str(r.get('rank', '–')))}</td><td>{esc(r['player'])}</td>"
                f"<td class=num>{esc(_score(r['score']))}</td><td>{esc(_ci(r['ci']))}</td>"
                + "".join(f"<td class=num>{esc(str(r[k]))}</td>" for k in ("wins", "losses", "ties")) + "</tr>"
                for r in group["ranking"]]
        parts.append(table(['<th class="num">Rank</th>', "Configuration", '<th class="num">Score</th>',
                            "95% interval", '<th class="num">Won</th>', '<th class="num">Lost</th>',
                            '<th class="num">Tied</th>'], rows, id_=f"preference-{n}"))
        note = _unbounded_note(group)
        if note:
            parts.append(f'<div class="alert">{esc(note)}</div>')
    parts.append(f'<p class="muted">{esc(EXPLAIN)}</p>')
    return "\n".join(parts)


# ---------------------------------------------------------------- writing preferences into the records

def run_field(run: dict, comparisons: list[dict], source: str, digest: str) -> dict | None:
    """The `human_preference` of `run`: its side of every comparison it was in (None when it was in none)."""
    ref, mine = run_ref(run), []
    for c in comparisons:
        if ref not in (c["a"], c["b"]):
            continue
        side = "A" if c["a"] == ref else "B"
        score = c["score_a"] if side == "A" else 1 - c["score_a"]
        mine.append({"pair": c["pair"], "side": side, "config": c[f"{side.lower()}_config"],
                     "opponent": c["b" if side == "A" else "a"],
                     "opponent_config": c["b_config" if side == "A" else "a_config"],
                     "result": "win" if score == 1 else "loss" if score == 0 else "tie",
                     "rater": c["rater"], "note": c["note"]})
    return {"source": source, "sha256": digest, "comparisons": mine} if mine else None


def _with_field(record: dict, value: dict | None) -> dict:
    out = {k: v for k, v in record.items() if k != "human_preference"}
    return out if value is None else {**out, "human_preference": value}


def _run_file(results: Path, run: dict) -> tuple[Path, bytes] | None:
    """A run's run.json inside its results directory (runs/<task>/<rep>/run.json, reached through real directories,
    a regular file of at most MAX_RECORD_BYTES) and its bytes; None when there is none (a bundle moved without its
    runs). Anything else there (a link on the way, a FIFO, a directory, a file too large) is a UserError."""
    rel = run_rel(run, "run.json")
    path = results / rel
    found = safefs.read_capped(results.resolve(), rel, MAX_RECORD_BYTES)   # the folder named may be a link
    if found is None:
        if not os.path.lexists(path):
            return None
        replace_target(path)   # names what stands there: a link, a directory, a FIFO...
        raise UserError(f"{path}: reached through a symbolic link; prefs rank writes only the results directory's own "
                        "runs/<task>/<rep>/run.json: put the run's folder itself there")
    if found[1]:
        raise UserError(f"{path}: over {MAX_RECORD_BYTES:,} bytes, not a run record prefs rank rewrites; restore the "
                        "run's own run.json")
    return path, found[0]


def _record(data: bytes) -> dict | None:
    try:
        own = json.loads(data.decode("utf-8"))
    except ValueError:
        return None
    return own if isinstance(own, dict) and not run_problem(own) else None


def record_preferences(sets: list[tuple[str, dict]], comparisons: list[dict], source: str, digest: str) -> list[str]:
    """Set `human_preference` on every run of the given results (removed where a run has no comparison in this
    file) in its run.json and in summary.json; everything is checked before anything is written. Returns the
    files written."""
    writes: list[tuple[Path, bytes, dict]] = []
    for results, _ in sets:
        path = summary_path(results)
        try:
            before = path.read_bytes()
            raw = json.loads(before.decode("utf-8"))
        except (OSError, ValueError) as exc:
            raise UserError(f"{path}: cannot read it again to record the preferences ({exc})") from None
        changed = False
        for i, run in enumerate(raw.get("runs", []) if isinstance(raw, dict) else []):
            if run_problem(run):   # left out of the ranking (usable_runs said why): left as it is
                continue
            value = run_field(run, comparisons, source, digest)
            if run.get("human_preference") != value:
                raw["runs"][i] = _with_field(run, value)
                changed = True
            found = _run_file(path.parent, run)
            own = _record(found[1]) if found else None
            if found and (own is None or run_ref(own) != run_ref(run)):
                log(f"prefs: warning: {found[0]}: not the record of run {one_line(run_ref(run))}; left as it is (the "
                    "preference is recorded in summary.json)")
            elif own is not None and own.get("human_preference") != value:
                writes.append((found[0], found[1], schema.check(_with_field(own, value), "run", where=str(found[0]))))
        if changed:
            writes.append((path, before, schema.check(raw, "summary", where=str(path))))
    for path, _, _ in writes:
        replace_target(path)  # a link or a directory where a record goes: refused before anything is written
    for path, before, record in writes:
        if _unchanged(path, before):
            write_json_atomic(path, record)
        else:
            raise UserError(f"{path}: changed while prefs rank read it; nothing more was written: run prefs rank "
                            "again (it records the same comparisons)")
    return [str(p) for p, _, _ in writes]


def _unchanged(path: Path, before: bytes) -> bool:
    """Whether `path` still holds exactly `before` (a regular file, read without following a final link)."""
    found = safefs.read_capped(path.parent.resolve(), path.name, len(before))
    return found is not None and found == (before, False)


def cmd_rank(args) -> int:
    """Read a filled preference file, record it on the runs (unless --dry-run), print the ranking as JSON."""
    if args.resamples < 100 or args.resamples > 100_000:
        raise UserError(f"--resamples {args.resamples}: use 100 to 100000")
    sets = load_sets(args.results)
    runs = {run_ref(r): r for _, s in sets for r in s["runs"]}
    path = Path(args.prefs)
    config = configurations(sets)
    if len(set(config.values())) > MAX_PLAYERS:
        raise UserError(f"{len(set(config.values()))} configurations in the given results, at most {MAX_PLAYERS} "
                        "are ranked together; pass fewer --results")
    comparisons, unrated = read_preferences(path, runs, config)
    if not comparisons:
        raise UserError(f"{path}: no rated row ({unrated} row(s) with `preferred` empty); write A, B or tie in "
                        "`preferred` for the pairs you rated")
    ranking = rank_comparisons(comparisons, args.seed, args.resamples)
    written = [] if args.dry_run else record_preferences(
        sets, comparisons, path.name, hashlib.sha256(path.read_bytes()).hexdigest())
    print(json.dumps({**ranking, "unrated_rows": unrated, "written": written}, indent=2))
    if unrated:
        log(f"prefs: {unrated} row(s) with `preferred` empty were skipped (not rated yet)")
    if ranking["not_comparable"]:
        log(f"prefs: warning: {one_line(ranking['not_comparable'])}")
    for group in ranking["groups"]:
        if group["status"] == "unbounded":
            log(f"prefs: warning: {one_line(group['why'])}")
    log(f"prefs: {len(comparisons)} rated pair(s); " + (
        "nothing written (--dry-run)" if args.dry_run else
        f"{len(written)} record(s) updated; render again to show it: localagentbench report --results DIR"))
    return 0


def _main(argv: Sequence[str]) -> int:
    parser = ArgumentParser(prog=stage_prog("python -m bench.report.prefs"), description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True, parser_class=ArgumentParser)
    p = sub.add_parser("template", help="write the CSV of pairs to rate")
    p.add_argument("--results", action="append", default=[], help="a results directory or summary.json (repeatable)")
    p.add_argument("--out", default="preference-template.csv", help="the CSV (default: preference-template.csv)")
    p.add_argument("--seed", type=int, default=None, help="the seed of the A/B order (default: random, recorded)")
    p.add_argument("--force", action="store_true", help="replace an existing --out")
    p.set_defaults(func=cmd_template)
    p = sub.add_parser("rank", help="rank the configurations from a filled CSV and record it on the runs")
    p.add_argument("--results", action="append", default=[], help="the results the template was made from")
    p.add_argument("--prefs", required=True, help="the filled CSV")
    p.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"the bootstrap's seed (default {DEFAULT_SEED})")
    p.add_argument("--resamples", type=int, default=RESAMPLES, help=f"bootstrap resamples (default {RESAMPLES})")
    p.add_argument("--dry-run", action="store_true", help="print the ranking; write nothing into the results")
    p.set_defaults(func=cmd_rank)
    args = parser.parse_args(argv)
    return args.func(args)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: `python -m bench.report.prefs` (and `localagentbench prefs`)."""
    return run_main(_main, argv)


if __name__ == "__main__":
    raise SystemExit(main())
