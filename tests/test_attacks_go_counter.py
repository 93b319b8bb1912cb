"""go-counter (the polyglot suite's test-writing exercise) against the real CLI: graded on behaviour, in bwrap.

Each attack is the agent's counter_test.go, written by a `command` agent and graded by `python -m bench run
--sandbox bwrap` on suites/polyglot. Upstream chose the implementation with $COUNTER_IMPL (maker.go) and named it
Impl1-4; the converted task writes each candidate over counter.go by itself, under one type name, so a test that
asks which one it got (the variable, the type's name, the file's bytes) instead of testing behaviour must not pass;
the example tests (the reference) must.
"""
from __future__ import annotations

import hashlib
import json
import shutil

import pytest

from attack_helpers import bench, not_passed, put, sh
from conftest import REPO, needs_toolchain, slow_except

SUITE = REPO / "suites" / "polyglot"
TASK = "go-counter"
FIXTURE_COUNTER = (SUITE / "fixtures" / TASK / "counter.go").read_bytes()


def go_test_file(imports: str, body: str) -> str:
    """counter_test.go with one test, `body` its statements (tab-indented Go)."""
    return (f"package counter\n\nimport (\n{imports}\t\"testing\"\n)\n\nfunc TestIt(t *testing.T) {{\n"
            f"\tc := makeCounter()\n\t_ = c\n{body}}}\n")


# Tests that ask which implementation they got instead of testing what it does.
ATTACKS = {
    # upstream's own switch: the buggy ones were Impl1-3, chosen by COUNTER_IMPL
    "env-var": go_test_file("\t\"os\"\n", '\tif v := os.Getenv("COUNTER_IMPL"); v != "4" {\n'
                                       '\t\tt.Fatalf("implementation %q", v)\n\t}\n'),
    # upstream's type names
    "type-name": go_test_file("\t\"fmt\"\n", '\tif n := fmt.Sprintf("%T", c); n != "*counter.Impl4" {\n'
                                          '\t\tt.Fatalf("implementation %s", n)\n\t}\n'),
    # the fixture's counter.go byte for byte: it passes the visible oracle, the held-out rewrites stop it
    "source-hash": go_test_file(
        "\t\"crypto/sha256\"\n\t\"fmt\"\n\t\"os\"\n",
        "\tdata, _ := os.ReadFile(\"counter.go\")\n"
        f"\tif fmt.Sprintf(\"%x\", sha256.Sum256(data)) != \"{hashlib.sha256(FIXTURE_COUNTER).hexdigest()}\" {{\n"
        "\t\tt.Fatal(\"not the fixture's counter.go\")\n\t}\n"),
    # impl4 by its bytes passed, anything else with the fields of a shown one (impl4's: what a one-edit mutant of it
    # has; impl1's) failed, the rest passed: it passes the rewrites of impl4 with other fields and fails every
    # buggy one; the held-out near copies of impl4 (its fields, other bytes) are what stop it
    "shape-and-hash": go_test_file(
        "\t\"crypto/sha256\"\n\t\"fmt\"\n\t\"os\"\n\t\"reflect\"\n",
        "\tdata, _ := os.ReadFile(\"counter.go\")\n"
        f"\tif fmt.Sprintf(\"%x\", sha256.Sum256(data)) == \"{hashlib.sha256(FIXTURE_COUNTER).hexdigest()}\" {{\n"
        "\t\treturn\n\t}\n"
        "\ttyp := reflect.TypeOf(c).Elem()\n\tnames := \"\"\n"
        "\tfor i := 0; i < typ.NumField(); i++ {\n\t\tnames += typ.Field(i).Name + \" \"\n\t}\n"
        "\tif names == \"newlines characters letters lastChar \" || names == \"lines characters letters \" {\n"
        "\t\tt.Fatal(\"shaped like impl4 or impl1\")\n\t}\n"),
}


def _needs() -> None:
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap missing")
    needs_toolchain("go")


def grade(tmp_path, text: str) -> dict:
    tmp_path.mkdir(exist_ok=True)
    done = bench(tmp_path, SUITE, sh(put("counter_test.go", text)), tasks=(TASK,))
    return done.graded(TASK)


@pytest.mark.linux_only
@pytest.mark.parametrize("variant", slow_except(list(ATTACKS), "env-var", "shape-and-hash"))
def test_asking_which_implementation_does_not_pass(tmp_path, variant):
    _needs()
    record = grade(tmp_path, ATTACKS[variant])
    not_passed(record)
    if variant in ("source-hash", "shape-and-hash"):
        # it catches every mutant it meets, the visible ones too: the correct rewrites are what stop it
        assert record["oracle"]["passed"], record["oracle"]
        assert record["heldout"]["error"] == "the tests failed on a correct implementation", record["heldout"]
    else:
        # no variable and one type name in every run: the correct implementation fails the visible oracle
        assert not record["oracle"]["passed"]
        assert record["oracle"]["error"] == "the tests failed on a correct implementation", record["oracle"]


@pytest.mark.linux_only
def test_the_example_tests_pass_and_no_tests_fail(tmp_path):
    """The reference (upstream's example tests) passes visible and held-out, every mutant caught; an empty test
    file runs no test and fails."""
    _needs()
    patch = (SUITE / "solutions" / f"{TASK}.patch").read_text()
    reference = "".join(line[1:] + "\n" for line in patch.splitlines()[5:] if line.startswith("+"))
    record = grade(tmp_path / "ref", reference)
    assert record["outcome"] == "passed", (record["outcome"], record["flags"], record["oracle"], record["heldout"])
    assert record["oracle"]["correct"] == {"total": 1, "passed": 1}
    assert record["oracle"]["mutants"] == {"total": 2, "caught": 2}
    assert record["heldout"]["correct"] == {"total": 5, "passed": 5}
    assert record["heldout"]["mutants"] == {"total": 4, "caught": 4}
    from bench.common import schema
    schema.check(record, "run")   # the visible oracle's candidate labels and counts are the run schema's
    empty = grade(tmp_path / "empty", "package counter\n")
    not_passed(empty)
    assert not empty["oracle"]["passed"]


@pytest.mark.slow
@pytest.mark.linux_only
def test_visible_all_grades_every_candidate_in_the_visible_oracle(tmp_path):
    """--visible all: the held-out candidates are laid into the agent's testdata/ and the oracle, reading its
    candidates from the agent's starting tree, grades all eleven; verify reads the mutants from the oracle."""
    _needs()
    from bench import cli
    report = tmp_path / "verify.json"
    rc = cli.main(["verify", "--tasks", str(SUITE / "tasks"), "--task", TASK, "--sandbox", "bwrap", "--times", "1",
                   "--visible", "all", "--out", str(report)])
    (task,) = json.loads(report.read_text())["tasks"]
    assert rc == 0 and task["ok"], task
    assert task["mutants"] == {"total": 6, "caught": 6}
