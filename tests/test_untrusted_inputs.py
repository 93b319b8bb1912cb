"""Hostile task files and tampered run bundles, through the real CLI: one clear line and a non-zero exit each,
never a traceback, a hang, a crash or a host file pulled into a run."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from bench import cli, validate
from conftest import REPO, run_cli

SECRET = "host-secret-7f3a"


def _edit(suite: Path, task_id: str, old: str, new: str) -> Path:
    path = suite / "tasks" / f"{task_id}.yaml"
    text = path.read_text()
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1))
    return path


def _check(suite: Path, capsys) -> tuple[int, list[str]]:
    """`localagentbench check` in-process: the exit code and the problem lines (the summary line dropped)."""
    code = cli.main(["check", "--tasks", str(suite / "tasks")])
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return code, [line for line in err.splitlines() if line and not line.startswith("check:")]


def _check_subprocess(suite: Path, limit_s: float = 30) -> tuple[subprocess.CompletedProcess, float]:
    """`python -m bench check` as a subprocess under a hard time limit (a hang fails the test)."""
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "bench", "check", "--tasks", str(suite / "tasks")], cwd=REPO,
                          capture_output=True, text=True, timeout=limit_s,
                          env={**os.environ, "PYTHONPATH": str(REPO)})
    return done, time.monotonic() - start


def _problems(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line and not line.startswith("check:")]


def _outside(tmp_path: Path) -> Path:
    """A host directory beside the suite holding a secret, in the shape of a fixture and of held-out tests."""
    host = tmp_path / "outside"
    (host / "heldout_tests").mkdir(parents=True)
    (host / "secret.txt").write_text(SECRET)
    (host / "heldout_tests" / "__init__.py").write_text("")
    (host / "heldout_tests" / "test_secret.py").write_text(f"print({SECRET!r})\n")
    (host / "calc.py").write_text("def add(a, b):\n    return a + b\n")
    (tmp_path / "outside.patch").write_text(SECRET)
    return host


# --- 1. YAML anchors and aliases --------------------------------------------------------------------------

ALIAS_ERROR = "(yaml): YAML anchors and aliases are not allowed in task files; write the values out"

BILLION_LAUGHS = ("tags: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
                  + "".join(f"x{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]\n" for i in range(1, 10))
                  + "canary: *a9\n")


def test_alias_bomb_is_refused_at_once(suite):
    path = suite / "tasks" / "fix-add.yaml"
    path.write_text(path.read_text().replace("canary: ", "old_canary: ", 1) + BILLION_LAUGHS)
    assert path.stat().st_size < 4096, "the bomb is a small file"
    done, seconds = _check_subprocess(suite)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and "MemoryError" not in done.stderr
    assert _problems(done.stderr) == [f"{path}: {ALIAS_ERROR}"]
    assert json.loads(done.stdout)["tasks"] == 2, "the other tasks are still checked"
    assert seconds < 20


@pytest.mark.parametrize("loader", ["CSafeLoader", "SafeLoader"])
@pytest.mark.parametrize("snippet", [
    "tags: &t [a, b]\n",                          # an anchor nobody refers to
    "tags: &t [a]\nlanguage: *t\n",               # anchor + alias
    "tags: [&s a]\n",                             # an anchor on a scalar
    "tags: &t [*t]\n",                            # a recursive alias
])
def test_any_anchor_or_alias_is_refused_with_either_loader(suite, capsys, monkeypatch, loader, snippet):
    if not hasattr(yaml, loader):
        pytest.skip(f"PyYAML built without {loader}")
    monkeypatch.setattr(validate, "YAML_LOADER", getattr(yaml, loader))
    path = suite / "tasks" / "fix-max.yaml"
    path.write_text(path.read_text().replace("language: python\n", "") + snippet)
    code, problems = _check(suite, capsys)
    assert code == 2
    assert problems == [f"{path}: {ALIAS_ERROR}"]


@pytest.mark.parametrize("bracket", ["[", "{a: "])
def test_deeply_nested_yaml_is_refused_not_a_crash(suite, bracket):
    path = _edit(suite, "fix-add", "max_turns: 10", "max_turns: " + bracket * 100_000)
    done, _ = _check_subprocess(suite)
    assert done.returncode == 2, (done.returncode, done.stderr[-2000:])
    assert "Traceback" not in done.stderr
    problems = _problems(done.stderr)
    # Our own depth check, or libyaml's (PyYAML >= 6.0.4 stops at its own limit first): one line either way.
    assert len(problems) == 1 and problems[0].startswith(f"{path}: "), problems
    assert "nested deeper than" in problems[0] or "maximum nesting depth" in problems[0], problems


@pytest.mark.parametrize("snippet,field,words", [
    ("max_turns: " + "9" * 5000, "(yaml): ", "a value cannot be read"),     # int() refuses > 4300 digits
    ("max_turns: 2001-02-30", "(yaml): ", "a value cannot be read"),        # a date that does not exist
    ("max_turns: 10\n1: one\nflavour: x", "(top level): ", "key 1 is not a string"),
    ("max_turns: 10\nrepo2:\n  ? [a]\n  : b", "line ", "malformed YAML"),   # an unhashable key
], ids=["huge-int", "bad-date", "int-key", "list-key"])
def test_values_python_cannot_take_are_one_line(suite, capsys, snippet, field, words):
    path = _edit(suite, "fix-add", "max_turns: 10", snippet)
    code, problems = _check(suite, capsys)
    assert code == 2
    assert len(problems) == 1 and problems[0].startswith(f"{path}: {field}") and words in problems[0], problems


def test_a_fifo_or_huge_task_file_is_refused_without_reading_it(suite):
    fifo = suite / "tasks" / "evil.yaml"
    os.mkfifo(fifo)
    huge = suite / "tasks" / "huge.yaml"
    huge.write_text("# " + "x" * (2 << 20) + "\n")
    done, _ = _check_subprocess(suite)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    problems = _problems(done.stderr)
    assert len(problems) == 2, problems
    assert problems[0].startswith(f"{fifo}: (file): not a regular file"), problems
    assert problems[1].startswith(f"{huge}: (file): {huge.stat().st_size} bytes"), problems


def test_a_nul_character_is_refused(suite, capsys):
    path = _edit(suite, "fix-add", "path: heldout/fix-add", 'path: "heldout/fix\\0add"')
    code, problems = _check(suite, capsys)
    assert code == 2
    assert problems == [f"{path}: heldout.path: contains a NUL character; remove it"]


# --- 2. paths confined to the suite directory --------------------------------------------------------------

def _refuses_to_run(suite: Path, tmp_path: Path, capsys, field: str, start: str) -> str:
    """`run --agent nop` must refuse before any run with one problem line for `field`; returns that line."""
    out = tmp_path / "results"
    code = cli.main(["run", "--agent", "nop", "--tasks", str(suite / "tasks"), "--out", str(out)])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err
    lines = err.splitlines()
    assert lines[-1] == "error: 1 problem(s) in the task files; nothing was run", lines
    assert len(lines) == 2 and lines[0].startswith(start), lines
    assert not out.exists(), "nothing may be written, let alone copied from the host"
    assert SECRET not in err
    return lines[0]


@pytest.mark.parametrize("old,new,field,raw,example", [
    ("path: fixtures/fix-add", "path: ../outside", "repo.path", "../outside", "fixtures/fix-add"),
    ("path: heldout/fix-add", "path: ../outside", "heldout.path", "../outside", "heldout/fix-add"),
    ("path: heldout/fix-add", "path: heldout/../../outside", "heldout.path", "heldout/../../outside",
     "heldout/fix-add"),
    ("solution: solutions/fix-add.patch", "solution: ../outside.patch", "solution", "../outside.patch",
     "solutions/fix-add.patch"),
    ("type: fixture\n  path: fixtures/fix-add", "type: git\n  url: ../outside\n  ref: main", "repo.url", "../outside",
     "fixtures/fix-add.bundle"),
], ids=["repo.path", "heldout.path", "heldout.path-inner-dotdot", "solution", "repo.url"])
def test_relative_escapes_are_refused_before_any_run(suite, tmp_path, capsys, old, new, field, raw, example):
    _outside(tmp_path)
    path = _edit(suite, "fix-add", old, new)
    root = suite.resolve()
    line = _refuses_to_run(suite, tmp_path, capsys, field, f"{path}: {field}: ")
    assert line == (f"{path}: {field}: {raw!r} points outside the suite directory {root}; keep fixtures, held-out "
                    f"tests and solutions inside it (e.g. {example})")


@pytest.mark.parametrize("old,field,form", [
    ("path: fixtures/fix-add", "repo.path", "{host}"),
    ("path: heldout/fix-add", "heldout.path", "{host}"),
    ("solution: solutions/fix-add.patch", "solution", "{host}/../outside.patch"),
    ("type: fixture\n  path: fixtures/fix-add", "repo.url", "file://{host}"),
])
def test_absolute_paths_are_refused(suite, tmp_path, capsys, old, field, form):
    host = _outside(tmp_path)
    raw = form.format(host=host)
    key = old.split(":")[0] if field != "repo.url" else "type: git\n  url"
    new = f"{key}: {raw}" + ("\n  ref: main" if field == "repo.url" else "")
    path = _edit(suite, "fix-add", old, new)
    why = ("names a local repository by absolute path; pass --allow-local-repos" if field == "repo.url"
           else "points outside the suite directory")
    _refuses_to_run(suite, tmp_path, capsys, field, f"{path}: {field}: {raw!r} {why}")


@pytest.mark.parametrize("link,field", [
    ("fixtures/fix-add", "repo.path"),           # the fixture directory itself is a link out
    ("heldout/fix-add", "heldout.path"),
    ("solutions/fix-add.patch", "solution"),
])
def test_a_symlink_out_of_the_suite_is_refused(suite, tmp_path, capsys, link, field):
    host = _outside(tmp_path)
    target = tmp_path / "outside.patch" if link.endswith(".patch") else host
    where = suite / link
    shutil.rmtree(where) if where.is_dir() else where.unlink()
    where.symlink_to(target)
    path = suite / "tasks" / "fix-add.yaml"
    _refuses_to_run(suite, tmp_path, capsys, field, f"{path}: {field}: {link!r} points outside the suite directory")


@pytest.mark.parametrize("inside,field,target", [
    ("fixtures/fix-add/data", "repo.path", "{host}/secret.txt"),
    ("heldout/fix-add/heldout_tests/data", "heldout.path", "{host}/secret.txt"),
    # a fixture link to the suite's own held-out tests would show them to the agent
    ("fixtures/fix-add/peek", "repo.path", "{suite}/heldout/fix-add"),
], ids=["fixture-to-host", "heldout-to-host", "fixture-to-heldout"])
def test_a_symlink_inside_a_tree_that_leads_out_is_refused(suite, tmp_path, capsys, inside, field, target):
    host = _outside(tmp_path)
    target = Path(target.format(host=host, suite=suite))
    (suite / inside).symlink_to(target)
    path = suite / "tasks" / "fix-add.yaml"
    limit = "fixtures/fix-add" if field == "repo.path" else f"the suite directory {suite.resolve()}"
    line = _refuses_to_run(suite, tmp_path, capsys, field, f"{path}: {field}: ")
    assert line == (f"{path}: {field}: {inside} is a symlink to {target.resolve()}, outside {limit}; "
                    f"replace it with the file itself or a link that stays inside {limit}")


def test_symlinks_that_stay_inside_are_fine(suite, capsys):
    (suite / "fixtures" / "fix-add" / "calc_alias.py").symlink_to("calc.py")
    (suite / "heldout" / "fix-add" / "tests_again").symlink_to("heldout_tests", target_is_directory=True)
    (suite / "heldout" / "fix-add" / "shared.py").symlink_to("../../fixtures/fix-max/mx.py")  # inside the suite
    code, problems = _check(suite, capsys)
    assert (code, problems) == (0, [])


def test_a_heldout_escape_prints_no_host_file_into_a_run(suite, tmp_path):
    """The attack end to end as a subprocess: the held-out tests would print a host secret into heldout.log."""
    _outside(tmp_path)
    _edit(suite, "fix-add", "path: heldout/fix-add", "path: ../outside")
    out = tmp_path / "results"
    done = run_cli("run", "--agent", "oracle", "--tasks", str(suite / "tasks"), "--out", str(out))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "heldout.path: '../outside' points outside the suite directory" in done.stderr
    assert not out.exists()


# --- 3. numbers finite and bounded, strings bounded ---------------------------------------------------------

@pytest.mark.parametrize("old,new,field", [
    ("timeout_s: 60", "timeout_s: .nan", "timeout_s"),
    ("timeout_s: 60", "timeout_s: .inf", "timeout_s"),
    ("timeout_s: 60", "timeout_s: -.inf", "timeout_s"),
    ("timeout_s: 60", "timeout_s: 1" + "0" * 400, "timeout_s"),
    ("timeout_s: 60", "timeout_s: 86401", "timeout_s"),
    ("timeout_s: 60", "timeout_s: 0", "timeout_s"),
    ("timeout_s: 60", "timeout_s: true", "timeout_s"),
    ("  timeout_s: 30\nheldout", "  timeout_s: .nan\nheldout", "oracle.timeout_s"),
    ("  timeout_s: 30\nsolution", "  timeout_s: .NaN\nsolution", "heldout.timeout_s"),
    ("  timeout_s: 30\nsolution", "  timeout_s: 1e400\nsolution", "heldout.timeout_s"),
    ("max_turns: 10", "max_turns: .nan", "max_turns"),
    ("max_turns: 10", "max_turns: 10.0", "max_turns"),
    ("max_turns: 10", "max_turns: 100001", "max_turns"),
    ("max_turns: 10", "max_turns: 0", "max_turns"),
    ("max_turns: 10", "max_turns: false", "max_turns"),
], ids=lambda value: value.split("\n")[0][-24:] if isinstance(value, str) else None)
def test_numbers_must_be_finite_and_bounded(suite, capsys, old, new, field):
    path = _edit(suite, "fix-add", old, new)
    code, problems = _check(suite, capsys)
    assert code == 2
    assert len(problems) == 1 and problems[0].startswith(f"{path}: {field}: "), problems
    hint = "use a whole number from 1 to 100000" if field == "max_turns" else "at most 86400"
    assert hint in problems[0], problems


def test_the_bounds_themselves_are_allowed(suite, capsys):
    _edit(suite, "fix-add", "timeout_s: 60", "timeout_s: 86400")
    _edit(suite, "fix-add", "max_turns: 10", "max_turns: 100000")
    _edit(suite, "fix-add", "  timeout_s: 30\nheldout", "  timeout_s: 0.5\nheldout")
    assert _check(suite, capsys) == (0, [])


@pytest.mark.parametrize("old,new,field", [
    ("prompt: |\n  Please fix calc.py.", "prompt: " + "p" * 200_001, "prompt"),
    ("  command:\n    - python -m unittest discover -s tests -t . -q\n  timeout_s: 30\nheldout",
     "  command: [" + ", ".join(["true"] * 51) + "]\n  timeout_s: 30\nheldout", "oracle.command"),
    ("    - python -m unittest discover -s tests -t . -q\n  timeout_s: 30\nheldout",
     "    - echo " + "x" * 10_001 + "\n  timeout_s: 30\nheldout", "oracle.command[0]"),
    ("id: fix-add", "id: " + "-".join(["a"] * 80), "id"),
], ids=["prompt", "51-commands", "long-command", "long-id"])
def test_oversized_strings_and_lists_are_one_short_line(suite, capsys, old, new, field):
    path = _edit(suite, "fix-add", old, new)
    code, problems = _check(suite, capsys)
    assert code == 2
    mine = [p for p in problems if p.startswith(f"{path}: {field}: ")]
    assert mine and "too long" in mine[0], problems
    assert max(len(p) for p in problems) < 600, "an error line must not repeat the oversized value"


def test_the_real_suite_stays_valid():
    done = run_cli("check", cwd=REPO)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["ok"] is True and result["tasks"] == len(list((REPO / "tasks").glob("*.yaml")))


# --- 4. run bundles: only this bundle's runs are read -------------------------------------------------------

def _bundle(suite: Path, out: Path, *args: str) -> dict:
    assert cli.main(["run", "--tasks", str(suite / "tasks"), "--out", str(out), *args]) == 0
    return json.loads((out / "run-config.json").read_text())


def _plant(source_run: Path, bundle: Path, task_dir: str, rep: str = "0") -> Path:
    dest = bundle / "runs" / task_dir / rep
    shutil.copytree(source_run, dest)
    return dest / "run.json"


def _score(*bundles: Path, out: Path) -> tuple[subprocess.CompletedProcess, dict | None]:
    done = run_cli(*map(str, bundles), "--out", str(out), module="bench.score")
    return done, (json.loads(out.read_text()) if done.returncode == 0 else None)


def _warnings(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("warning: ") and "run.json" in line]


def test_a_run_planted_from_another_bundle_is_skipped(suite, tmp_path, capsys):
    a, b = tmp_path / "A", tmp_path / "B"
    config_a = _bundle(suite, a, "--agent", "oracle")
    config_b = _bundle(suite, b, "--agent", "nop", "--task", "fix-add")
    assert config_a["run_id"] != config_b["run_id"]
    planted = _plant(b / "runs" / "fix-add" / "0", a, "planted-task")
    capsys.readouterr()

    done, summary = _score(a, out=tmp_path / "summary.json")
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert _warnings(done.stderr) == [
        f"warning: {planted}: run_id {config_b['run_id']!r} is not this bundle's ({config_a['run_id']!r} in "
        f"run-config.json); skipped"]
    assert [(g["agent"], g["n_runs"], g["passes"]) for g in summary["groups"]] == [("oracle", 3, 3)]
    assert summary["run_ids"] == [config_a["run_id"]]
    assert sorted(r["task_id"] for r in summary["runs"]) == ["calib-hello", "fix-add", "fix-max"]
    assert all(Path(r["paths"]["run_dir"]) != planted.parent.resolve() for r in summary["runs"])

    assert cli.main(["report", "--results", str(a), "--out", str(tmp_path / "report")]) == 0
    err = capsys.readouterr().err
    assert _warnings(err) == _warnings(done.stderr) and "Traceback" not in err
    report = (tmp_path / "report" / "report.md").read_text()
    assert "oracle" in report and "nop" not in report


def test_a_planted_run_with_the_same_run_id_but_another_agent_is_skipped(suite, tmp_path):
    a, b = tmp_path / "A", tmp_path / "B"
    _bundle(suite, a, "--agent", "oracle", "--run-id", "same")
    _bundle(suite, b, "--agent", "nop", "--run-id", "same", "--task", "fix-max")
    planted = _plant(b / "runs" / "fix-max" / "0", a, "zz-planted")
    done, summary = _score(a, out=tmp_path / "summary.json")
    assert done.returncode == 0
    assert _warnings(done.stderr) == [
        f"warning: {planted}: agent 'nop' is not this bundle's ('oracle' in run-config.json); skipped"]
    assert [(g["agent"], g["n_runs"]) for g in summary["groups"]] == [("oracle", 3)]


def test_a_run_moved_to_another_place_in_its_own_bundle_is_skipped(suite, tmp_path):
    a = tmp_path / "A"
    _bundle(suite, a, "--agent", "oracle", "--task", "fix-add", "--task", "fix-max")
    moved = _plant(a / "runs" / "fix-max" / "0", a, "calib-hello")  # a task this bundle never ran
    done, summary = _score(a, out=tmp_path / "summary.json")
    assert done.returncode == 0
    assert _warnings(done.stderr) == [
        f"warning: {moved}: task_id 'fix-max' rep 0 does not belong at runs/calib-hello/0; skipped"]
    assert sorted(r["task_id"] for r in summary["runs"]) == ["fix-add", "fix-max"] and summary["duplicates"] == []


@pytest.mark.slow
def test_shards_still_merge_and_each_checks_its_own_config(suite, tmp_path):
    shards = [tmp_path / f"shard{k}" for k in (1, 2)]
    for k, shard in enumerate(shards, start=1):
        _bundle(suite, shard, "--agent", "oracle", "--run-id", "sharded", "--shard", f"{k}/2", "--repeat", "2")
    done, merged = _score(*shards, out=tmp_path / "merged.json")
    assert done.returncode == 0 and _warnings(done.stderr) == []
    assert [(g["n_runs"], g["passes"]) for g in merged["groups"]] == [(6, 6)] and merged["duplicates"] == []
    other = tmp_path / "other"
    _bundle(suite, other, "--agent", "oracle", "--task", "fix-add")
    planted = _plant(other / "runs" / "fix-add" / "0", shards[1], "planted")
    done, again = _score(*shards, out=tmp_path / "again.json")
    assert done.returncode == 0 and len(_warnings(done.stderr)) == 1 and str(planted) in done.stderr
    assert again["groups"] == merged["groups"] and again["run_ids"] == ["sharded"]


def test_a_bare_runs_directory_without_run_config_reads_every_run(suite, tmp_path):
    a, b = tmp_path / "A", tmp_path / "B"
    _bundle(suite, a, "--agent", "oracle", "--task", "fix-add")
    _bundle(suite, b, "--agent", "nop", "--task", "fix-add")
    _plant(b / "runs" / "fix-add" / "0", a, "other")
    (a / "run-config.json").unlink()
    done, summary = _score(a, out=tmp_path / "summary.json")
    assert done.returncode == 0 and _warnings(done.stderr) == []
    assert sorted(g["agent"] for g in summary["groups"]) == ["nop", "oracle"]


@pytest.mark.parametrize("damage,words", [
    (lambda record: "{not json", "not valid JSON"),
    (lambda record: json.dumps({**record, "rep": "zero"}), "does not match schemas/run.schema.json"),
    (lambda record: json.dumps({**record, "agent": None}), "agent: a graded run needs an agent object"),
    (lambda record: json.dumps({**record, "model": None}), "model: a graded run needs a model object"),
    (lambda record: json.dumps({**record, "task": {**record["task"], "category": ["x"]}}), "task.category"),
    (lambda record: json.dumps(record).replace('"wall_s": ', '"wall_s": NaN, "x": ', 1), "NaN"),
])
def test_a_damaged_run_json_in_a_bundle_is_one_line(suite, tmp_path, capsys, damage, words):
    a = tmp_path / "A"
    _bundle(suite, a, "--agent", "oracle", "--task", "fix-add")
    run_json = a / "runs" / "fix-add" / "0" / "run.json"
    run_json.write_text(damage(json.loads(run_json.read_text())))
    capsys.readouterr()
    assert cli.main(["report", "--results", str(a)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0], lines


def test_a_damaged_run_config_is_one_line(suite, tmp_path, capsys):
    a = tmp_path / "A"
    _bundle(suite, a, "--agent", "oracle", "--task", "fix-add")
    (a / "run-config.json").write_text('{"run_id": 7}')
    capsys.readouterr()
    assert cli.main(["report", "--results", str(a)]) == 2
    err = capsys.readouterr().err
    assert err.splitlines() == [
        f"error: {a / 'run-config.json'}: run_id: missing or not a string; this bundle's runs cannot be told from "
        f"runs copied in: restore the file, or pass the run.json files themselves"]
