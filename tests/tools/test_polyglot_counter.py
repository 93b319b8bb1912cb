"""go-counter, the polyglot suite's test-writing exercise, as the converter writes it: a `category: test` task
graded by mutation in both phases; every candidate written over counter.go looks alike but for its behaviour;
upstream's example tests pass every correct candidate and fail every buggy one (real go test)."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.conftest import REPO
from tools.polyglot import convert

SUITE = REPO / "suites" / "polyglot"
TASK = "go-counter"
FIXTURE = SUITE / "fixtures" / TASK
HELD = SUITE / "heldout" / TASK


def _candidates() -> dict[str, tuple[str, Path]]:
    """{where/name: (kind, path)} of every candidate, visible (the fixture's testdata/) and held out."""
    found = {}
    for base, correct, mutants in ((FIXTURE, "testdata/correct", "testdata/buggy"), (HELD, "correct", "mutants")):
        for kind, folder in (("correct", correct), ("mutant", mutants)):
            for path in sorted((base / folder).glob("*.go")):
                found[f"{base.parent.name}/{folder}/{path.name}"] = (kind, path)
    return found


def test_the_task_is_a_test_writing_task_graded_by_mutation_in_both_phases():
    task = yaml.safe_load((SUITE / "tasks" / f"{TASK}.yaml").read_text())
    assert task["category"] == "test" and task["language"] == "go"
    assert task["oracle"]["mutation"] == {"module": "counter.go", "correct": "testdata/correct",
                                          "mutants": "testdata/buggy"}
    assert task["heldout"]["mutation"] == {"module": "counter.go"} and task["heldout"]["path"] == f"heldout/{TASK}"
    assert TASK not in convert.GAPS
    # --visible all: the held-out candidates the fixture lacks, laid into testdata/ (the oracle grades them all)
    assert task["visible_all"] == {"path": f"upstream/{TASK}", "into": "root"}
    laid = {str(p.relative_to(SUITE / "upstream" / TASK)) for p in (SUITE / "upstream" / TASK).rglob("*.go")}
    held = {str(p.relative_to(HELD)).replace("mutants/", "testdata/buggy/").replace("correct/", "testdata/correct/")
            for p in HELD.rglob("*.go")}
    assert laid == held - {"testdata/correct/impl4.go"}
    # no test file in the fixture (one would be laid back over the agent's), nothing of upstream's switch
    fixture = sorted(str(p.relative_to(FIXTURE)) for p in FIXTURE.rglob("*") if p.is_file())
    assert fixture == ["counter.go", "go.mod", "interface.go", "testdata/buggy/impl1.go", "testdata/buggy/impl2.go",
                       "testdata/correct/impl4.go"]
    assert (FIXTURE / "counter.go").read_text() == (FIXTURE / "testdata/correct/impl4.go").read_text()


def test_candidates_differ_only_in_behaviour_and_the_held_out_ones_are_not_shown():
    found = _candidates()
    kinds = [kind for kind, _ in found.values()]
    assert kinds.count("correct") == 6 and kinds.count("mutant") == 6, found
    shown = {p.read_text() for p in FIXTURE.rglob("*.go")}
    for name, (_, path) in found.items():
        text = path.read_text()
        assert text.startswith(convert.COUNTER_HEAD) and text.endswith(convert.COUNTER_MAKER), name
        body = text[len(convert.COUNTER_HEAD):]
        assert "//" not in body and "COUNTER_IMPL" not in text and not re.search(r"Impl\d", text), name
        assert re.findall(r"^type (\w+)", text, re.M) == ["counterImpl"], name
    held = {n: p.read_text() for n, (_, p) in found.items() if n.startswith("heldout/")}
    # impl4 is the one held-out candidate the agent was shown; the others, rewrites of it included, were not
    assert [n for n, text in held.items() if text in shown] == ["heldout/correct/impl4.go"]
    assert {n.rsplit("/", 1)[1] for n, (kind, _) in found.items() if kind == "mutant" and n.startswith("heldout/")} \
        == {"impl3.go", *(f"{m}.go" for m in convert.COUNTER_MUTANTS)}


def _go() -> str:
    from bench.languages import go
    root = go.toolchain_root()
    if root is None:
        pytest.skip("the harness's Go toolchain is missing (nox -s toolchains installs it)")
    return str(root / "bin" / "go")


@pytest.mark.linux_only
def test_the_example_tests_catch_every_buggy_candidate_and_pass_every_correct_one(tmp_path):
    go = _go()
    tree = tmp_path / "tree"
    shutil.copytree(FIXTURE, tree)
    subprocess.run(["git", "apply", "--unsafe-paths", f"--directory={tree.relative_to(tmp_path)}",
                    str(SUITE / "solutions" / f"{TASK}.patch")], cwd=tmp_path, check=True, capture_output=True)
    from bench.languages import go as golang
    if golang.std_cache():   # the prebuilt standard library, as grading copies it into each run's GOCACHE
        shutil.copytree(golang.std_cache(), tmp_path / "cache")
    env = {**os.environ, "GOFLAGS": "-mod=mod", "GOPROXY": "off", "GOCACHE": str(tmp_path / "cache"),
           "GOPATH": str(tmp_path / "gopath"), "GOTOOLCHAIN": "local"}

    def passes() -> bool:
        done = subprocess.run([go, "test", "-count=1", "./..."], cwd=tree, env=env, capture_output=True, text=True,
                              timeout=300)
        assert "build failed" not in done.stdout + done.stderr, done.stdout + done.stderr
        return done.returncode == 0

    for name, (kind, path) in _candidates().items():
        shutil.copyfile(path, tree / "counter.go")
        assert passes() == (kind == "correct"), name
    (tree / "counter_test.go").write_text("package counter\n")   # no test: go test says so, and grading fails it
    done = subprocess.run([go, "test", "-v", "./..."], cwd=tree, env=env, capture_output=True, text=True, timeout=300)
    assert "no tests to run" in done.stdout + done.stderr


@pytest.mark.parametrize("edit,field", [
    (("mutants: testdata/buggy", "mutants: testdata/none"), "oracle.mutation.mutants"),
    (("correct: testdata/correct", "correct: ../x"), "oracle.mutation.correct"),
    (("module: counter.go\n  command", "module: counter.rs\n  command"), "heldout.mutation.module")])
def test_check_names_a_mutation_section_without_candidates(tmp_path, capsys, edit, field):
    """`check` refuses a mutation section whose candidates it cannot find (one line naming the field)."""
    from bench import cli
    root = tmp_path / "suite"
    for kind in ("fixtures", "heldout", "upstream"):
        shutil.copytree(SUITE / kind / TASK, root / kind / TASK)
    (root / "solutions").mkdir()
    shutil.copyfile(SUITE / "solutions" / f"{TASK}.patch", root / "solutions" / f"{TASK}.patch")
    text = (SUITE / "tasks" / f"{TASK}.yaml").read_text()
    assert text.count(edit[0]) == 1
    (root / "tasks").mkdir()
    (root / "tasks" / f"{TASK}.yaml").write_text(text)
    assert cli.main(["check", "--tasks", str(root / "tasks")]) == 0, capsys.readouterr().err
    capsys.readouterr()
    (root / "tasks" / f"{TASK}.yaml").write_text(text.replace(*edit))
    assert cli.main(["check", "--tasks", str(root / "tasks")]) != 0
    assert field in capsys.readouterr().err


def test_harbor_export_loops_over_the_go_candidates(tmp_path):
    """`export harbor`'s test.sh writes each held-out candidate of the module's language over it (*.go here)."""
    done = subprocess.run([sys.executable, "-m", "localagentbench", "export", "harbor", str(SUITE / "tasks"),
                           "--task", TASK, "--out", str(tmp_path / "h")], cwd=REPO, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    script = (tmp_path / "h" / TASK / "tests" / "test.sh").read_text()
    assert "for candidate in /tests/heldout/correct/*.go; do" in script
    assert "for candidate in /tests/heldout/mutants/*.go; do" in script and "*.py" not in script
    assert sorted(p.name for p in (tmp_path / "h" / TASK / "tests" / "heldout" / "mutants").iterdir()) == \
        sorted(p.name for p in (HELD / "mutants").iterdir())
