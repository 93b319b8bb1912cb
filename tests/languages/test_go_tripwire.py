"""The tripwire of a Go held-out phase (bench/languages/go.py GoProfile.tripwire): where it goes, what it is called,
how `go test`'s output and exit status are judged with it, and forgers in the code under test against it. The
judging tests run real subprocesses printing what `go test -v` prints (a real `sh`); the held-out phases run the
real go toolchain on polyglot tasks, as grading runs them but without the sandbox."""
from __future__ import annotations

import random
import re
import shutil
import subprocess

import pytest

from attack_helpers import judged_with_tripwire, ran_with_tripwire
from bench import oracle
from bench.languages import go
from conftest import REPO, needs_toolchain

SUITE = REPO / "suites" / "polyglot"
COMMAND = "go test -v ./..."
HELD = (SUITE / "heldout" / "go-kindergarten-garden" / "kindergarten_garden_test.go").read_text()
CASES = (SUITE / "heldout" / "go-alphametics" / "cases_test.go").read_text()


def _declared(text: str) -> list[str]:
    return [m.decode() for m in go._DECLARED.findall(text.encode())]


def test_the_tripwire_is_a_top_level_test_among_the_declared_ones():
    before = _declared(HELD)
    places = set()
    for seed in range(30):
        text, name = go.PROFILE.tripwire("kindergarten_garden_test.go", HELD, "MixedGardenPlants",
                                         random.Random(seed))
        after = _declared(text)
        assert name == "TestMixedGardenPlants" and sorted(after) == sorted([*before, name])
        places.add(after.index(name))
        body = text[text.index(f"func {name}("):]
        body = body[:body.index("\n}\n") + 3]
        # it calls nothing of the package: two numbers that differ, and t.Fatalf
        left, right = map(int, re.findall(r"left := (\d+)\n\tif left != (\d+) \{", body)[0])
        assert left != right and "t.Fatalf(" in body, body
    assert len(places) >= 3   # before each of its Test functions, or after the last


def test_a_file_of_test_data_alone_takes_it_with_an_import_of_testing():
    text, name = go.PROFILE.tripwire("cases_test.go", CASES, "EmptyLettersSum", random.Random(3))
    assert name == "TestEmptyLettersSum" and _declared(text) == [name]
    assert text.startswith("package alphametics\n") and go._imports_testing(text.encode())
    assert text.count('import "testing"\n') == 1


def test_the_file_s_own_name_for_package_testing_is_used():
    named = 'package x\n\nimport (\n\ttt "testing"\n)\n\nfunc TestA(t *tt.T) {}\n'
    text, name = go.PROFILE.tripwire("x_test.go", named, "AB", random.Random(1))
    assert f"func {name}(t *tt.T)" in text and '\n\t"testing"' not in text and 'import "testing"' not in text
    dotted = 'package x\n\nimport . "testing"\n\nfunc TestA(t *T) {}\n'
    text, name = go.PROFILE.tripwire("x_test.go", dotted, "AB", random.Random(1))
    assert f"func {name}(t *T)" in text


def test_a_file_that_is_not_a_test_file_of_the_go_command_takes_none():
    assert go.PROFILE.tripwire("garden.go", HELD, "AB") is None                      # not a _test.go file
    assert go.PROFILE.tripwire("testdata/x_test.go", HELD, "AB") is None             # the go command skips it
    assert go.PROFILE.tripwire("x_test.go", "// no package clause\n", "AB") is None
    assert go.PROFILE.tripwire("x_test.go", HELD, "GardenCanonical") is None         # TestGardenCanonical is taken
    assert go.PROFILE.tripwire("x_test.go", HELD, "gardenRows") is None              # Testgarden...: not a test


def shape(name: str) -> str:  # written here as well as in base.name_shape, so a change there cannot pass itself
    """Each camel-case word of a name by its case (a, A, Aa), each run of digits as 9, every other character kept."""
    def word(m: re.Match) -> str:
        w = m.group(0)
        return "9" if w.isdigit() else "A" if w.isupper() and len(w) > 1 else "Aa" if w[0].isupper() else "a"
    return re.sub(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+", word, name)


GO_HELD = sorted(SUITE.glob("heldout/go-*/*_test.go"))


@pytest.mark.parametrize("path", GO_HELD, ids=lambda p: f"{p.parts[-2]}/{p.name}")
def test_the_tripwire_is_shaped_like_the_package_s_own_tests_and_takes_none_of_their_names(path, tmp_path):
    """Every Go held-out file of the polyglot suite, laid with the rest of its task's held-out files over the
    fixture's test files (the context): the tripwire is a Test function whose name has the shape of one of the
    package's test functions' (the held-out files', and the fixture's where the held-out files declare fewer than
    three), used by no file of the package."""
    task = path.parent.name
    held = [(f.name, f.read_bytes(), 0o644) for f in sorted(path.parent.glob("*_test.go"))]
    fixture = [f.read_bytes() for f in sorted((SUITE / "fixtures" / task).glob("*_test.go"))]
    own = [n for _, data, _ in held for n in _declared(data.decode())]
    real = own if len(set(own)) >= 3 else [*own, *(n for data in fixture for n in _declared(data.decode()))]
    idents = {i for data in [*fixture, *(d for _, d, _ in held)] for i in re.findall(r"\w+", data.decode())}
    for seed in range(10):
        laid, tripwire = oracle.plant_tripwire(held, tmp_path, "go", random.Random(seed), context=fixture)
        assert tripwire is not None, task
        assert tripwire.name.startswith("Test") and tripwire.name not in idents, tripwire.name
        assert shape(tripwire.name) in {shape(n) for n in real}, (tripwire.name, real)
        planted = dict((rel, data.decode()) for rel, data, _ in laid)[tripwire.path]
        assert tripwire.name in _declared(planted)


TRIP = "TestEmptyGardenRows"


def go_output(failed: bool = True, others: str = "PASS", build_failed: bool = False, trip: str | None = None,
              package_line: str | None = None) -> str:
    """What `go test -v ./...` prints for a package with two tests and the tripwire (`trip`: how its line reads)."""
    if build_failed:
        return ("# garden [garden.test]\n./garden_test.go:9:2: undefined: Plants\n"
                "FAIL\tgarden [build failed]\nFAIL\n")
    lines = ["=== RUN   TestGarden", f"--- {others}: TestGarden (0.00s)", f"=== RUN   {TRIP}"]
    if trip is not None:
        lines.append(trip)
    elif failed:
        lines += ["    kindergarten_garden_test.go:20: got 41, want 97", f"--- FAIL: {TRIP} (0.00s)"]
    else:
        lines.append(f"--- PASS: {TRIP} (0.00s)")
    lines += ["=== RUN   TestNames", "--- PASS: TestNames (0.00s)"]
    bad = failed or others == "FAIL"
    lines += ["FAIL" if bad else "PASS", package_line or ("FAIL\tgarden\t0.004s" if bad else "ok  \tgarden\t0.004s")]
    return "\n".join([*lines, *(["FAIL"] if bad else []), ""])


def judge(tmp_path, output: str, exit_code: int) -> oracle.Step:
    return judged_with_tripwire(tmp_path, output, exit_code, "go", "garden_test.go", TRIP)


def test_the_tripwire_failing_alone_with_go_tests_exit_passes(tmp_path):
    step = judge(tmp_path, go_output(), 1)
    assert step.tripwire == "failed" and step.tripwire_failed and step.passed, (step.summary, step.note)


@pytest.mark.parametrize("case", ["another-failure", "build-failed", "exit-2", "no-package-fail-line"])
def test_a_nonzero_exit_the_tripwire_does_not_explain_fails(tmp_path, case):
    output, code = go_output(), 1
    if case == "another-failure":
        output = go_output(others="FAIL")
    elif case == "build-failed":
        output = go_output(build_failed=True)
    elif case == "exit-2":
        code = 2
    elif case == "no-package-fail-line":
        output = go_output(package_line="ok  \tgarden\t0.004s")
    step = judge(tmp_path, output, code)
    assert not step.passed and not step.tripwire_failed, (case, step.summary, step.note)
    assert step.summary in (None, "tripwire_passed"), step.summary
    if case in ("another-failure", "build-failed"):
        assert step.summary is None


@pytest.mark.parametrize("case", ["reported-pass", "reported-skip", "missing"])
def test_a_passing_report_the_tripwire_does_not_fail_in_is_flagged(tmp_path, case):
    trip = {"reported-pass": f"--- PASS: {TRIP} (0.00s)", "reported-skip": f"--- SKIP: {TRIP} (0.00s)",
            "missing": None}[case]
    output = go_output(failed=False, trip=trip)
    if case == "missing":
        output = output.replace(f"=== RUN   {TRIP}\n--- PASS: {TRIP} (0.00s)\n", "")
    step = judge(tmp_path, output, 0)
    assert not step.passed and step.summary in ("tripwire_passed", "tests_skipped"), (case, step.summary)
    assert step.summary == "tripwire_passed" or case == "reported-skip", step.note


def test_a_json_run_is_read_too(tmp_path):
    import json
    events = [{"Action": "run", "Package": "garden", "Test": "TestGarden"},
              {"Action": "pass", "Package": "garden", "Test": "TestGarden"},
              {"Action": "run", "Package": "garden", "Test": TRIP},
              {"Action": "output", "Package": "garden", "Test": TRIP, "Output": f"--- FAIL: {TRIP} (0.00s)\n"},
              {"Action": "fail", "Package": "garden", "Test": TRIP},
              {"Action": "output", "Package": "garden", "Output": "FAIL\n"},
              {"Action": "fail", "Package": "garden"}]
    step = judge(tmp_path, "".join(json.dumps(e) + "\n" for e in events), 1)
    assert step.tripwire == "failed" and step.passed, (step.summary, step.note)


@pytest.mark.parametrize("command, takes", [
    (COMMAND, True), ("go test ./...", True), ("go test -json -count=1 ./...", True), ("go test", True),
    ("go test -run TestSolve ./...", False), ("go test -failfast ./...", False), ("go test ./... && go vet", False),
    ("make test", False), ("go test ./... | tee log", False), ("go vet ./...", False)])
def test_only_a_plain_go_test_whose_status_is_the_go_commands_takes_a_tripwire(tmp_path, command, takes):
    assert go.PROFILE.tripwire_commands([command]) is takes
    held = [("garden_test.go", HELD.encode(), 0o644)]
    (tmp_path / "garden_test.go").write_bytes(held[0][1])
    laid, tripwire = oracle.plant_tripwire(held, tmp_path, "go", commands=[command])
    assert (tripwire is not None) is takes and (laid != held) is takes


# --- the real go toolchain on polyglot tasks ---

def _solved(tmp_path, task: str) -> dict[str, str]:
    """The reference solution's Go sources of `task`."""
    fixture = tmp_path / "solved"
    shutil.copytree(SUITE / "fixtures" / task, fixture)
    subprocess.run(["git", "apply", str(SUITE / "solutions" / f"{task}.patch")], cwd=fixture, check=True)
    return {f.name: f.read_text() for f in fixture.glob("*.go") if not f.name.endswith("_test.go")}


def held_phase(tmp_path, task: str, sources: dict[str, str] | None = None, rng=None):
    """The held-out phase of `task` as grading runs it, without its sandbox: the fixture with `sources` written over
    it, the held-out files laid and a tripwire planted (oracle.plant_tripwire), `go test -v ./...` run through
    oracle.run_command (the real go), then the phase's checks. Returns (its one step, the tripwire)."""
    needs_toolchain("go")
    pkg = tmp_path / task
    shutil.copytree(SUITE / "fixtures" / task, pkg)
    for rel, text in (sources or {}).items():
        (pkg / rel).write_text(text)
    held_dir = SUITE / "heldout" / task
    plain = [(str(f.relative_to(held_dir)), f.read_bytes(), 0o644) for f in sorted(held_dir.rglob("*")) if f.is_file()]
    for rel, data, _ in plain:
        (pkg / rel).write_bytes(data)
    context = [f.read_bytes() for f in sorted((SUITE / "fixtures" / task).glob("*_test.go"))]
    held, tripwire = oracle.plant_tripwire(plain, pkg, "go", rng, commands=[COMMAND], context=context)
    return ran_with_tripwire(tmp_path, COMMAND, 300, pkg, plain, tripwire, "go"), tripwire


# An init function of the package under test: before the testing package runs, it reads the test files in the
# package directory (the test binary's working directory), prints a `--- PASS` for each Test function and the
# testing package's closing PASS, and exits 0; the go command then says `ok` for the package.
INIT_FORGER = """
package alphametics

import (
	"os"
	"path/filepath"
	"regexp"
)

func init() {
	files, _ := filepath.Glob("*_test.go")
	for _, f := range files {
		src, _ := os.ReadFile(f)
		for _, m := range regexp.MustCompile(`(?m)^func (Test\\w*)\\(`).FindAllSubmatch(src, -1) {
			os.Stdout.WriteString("=== RUN   " + string(m[1]) + "\\n--- PASS: " + string(m[1]) + " (0.00s)\\n")
		}
	}
	os.Stdout.WriteString("PASS\\n")
	os.Exit(0)
}
"""
STUB = "package alphametics\n\nfunc Solve(puzzle string) (map[string]int, error) {\n\treturn nil, nil\n}\n"


@pytest.mark.linux_only
def test_an_init_forger_naming_every_test_function_is_not_a_pass(tmp_path):
    """go-alphametics, whose held-out file is test data alone (cases_test.go): the forger's report names the
    tripwire passed, so the phase fails (tripwire_passed)."""
    step, tripwire = held_phase(tmp_path, "go-alphametics", {"alphametics.go": STUB, "forge.go": INIT_FORGER})
    text = step.output.decode()
    assert tripwire is not None and tripwire.path == "cases_test.go", tripwire
    assert step.exit_code == 0 and f"--- PASS: {tripwire.name} (0.00s)" in text, text[-3000:]
    assert not step.passed and step.summary == "tripwire_passed", (step.summary, step.note)


@pytest.mark.linux_only
@pytest.mark.parametrize("task", ["go-alphametics", "go-kindergarten-garden"])
def test_the_reference_passes_with_the_tripwire_as_its_one_failure(tmp_path, task):
    """The reference under the tripwire: go test exits 1, the tripwire's `--- FAIL` line and the package's FAIL line,
    every other test (subtests too) passed: the command passes, its exit explained by the tripwire alone."""
    step, tripwire = held_phase(tmp_path, task, _solved(tmp_path, task))
    text = step.output.decode()
    assert step.exit_code == 1 and f"--- FAIL: {tripwire.name} (" in text, text[-3000:]
    assert step.tripwire == "failed" and step.tripwire_failed and step.passed, (step.summary, step.note)


@pytest.mark.linux_only
def test_a_stub_still_fails(tmp_path):
    step, tripwire = held_phase(tmp_path, "go-alphametics", {"alphametics.go": STUB})
    assert tripwire is not None and step.exit_code == 1 and not step.passed and not step.tripwire_failed
    assert step.summary is None, step.note


@pytest.mark.linux_only
def test_a_build_failure_is_not_the_tripwire(tmp_path):
    step, _ = held_phase(tmp_path, "go-alphametics", {"alphametics.go": "package alphametics\n"})
    assert step.exit_code == 1 and "[build failed]" in step.output.decode()
    assert step.tripwire is None and not step.passed and not step.tripwire_failed


# Reports every Test function passed but the one whose body names nothing of the package (no testCases, no Solve),
# which it reports failed as the testing package would, and exits 1 as a failing test binary does.
BODY_READING_FORGER = """
package alphametics

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

func init() {
	files, _ := filepath.Glob("*_test.go")
	out := ""
	for _, f := range files {
		src, _ := os.ReadFile(f)
		for _, chunk := range strings.Split(string(src), "\\nfunc ")[1:] {
			m := regexp.MustCompile(`^(Test\\w*)\\(`).FindStringSubmatch(chunk)
			if m == nil {
				continue
			}
			if strings.Contains(chunk, "testCases") || strings.Contains(chunk, "Solve") {
				out += "=== RUN   " + m[1] + "\\n--- PASS: " + m[1] + " (0.00s)\\n"
			} else {
				out += "=== RUN   " + m[1] + "\\n    " + f + ":1: failed\\n--- FAIL: " + m[1] + " (0.00s)\\n"
			}
		}
	}
	os.Stdout.WriteString(out + "FAIL\\n")
	os.Exit(1)
}
"""


@pytest.mark.linux_only
@pytest.mark.xfail(strict=True, reason="known gap (SECURITY.md, Go): code under test that reads the test sources can "
                   "tell the tripwire by its body (it calls nothing of the package) and report it alone failed")
def test_a_forger_that_tells_the_tripwire_by_its_body_is_not_a_pass(tmp_path):
    step, tripwire = held_phase(tmp_path, "go-alphametics", {"alphametics.go": STUB, "forge.go": BODY_READING_FORGER})
    assert f"--- FAIL: {tripwire.name} (0.00s)" in step.output.decode(), step.output.decode()[-3000:]
    assert not step.passed


# Knows the Test functions the agent was shown (written into the change at agent time) and reports failed the one
# Test function of the package it was not shown: in a task whose held-out file is table data (or tables of the
# visible Test functions), the tripwire is the only such name (32 of the 38 Go tasks).
def _visible_names_forger(task: str) -> str:
    shown = sorted({m for f in (SUITE / "fixtures" / task).glob("*_test.go")
                    for m in re.findall(r"(?m)^func (Test\w*)\(", f.read_text())})
    listed = ", ".join(f'"{name}"' for name in shown)
    return BODY_READING_FORGER.replace(
        'if strings.Contains(chunk, "testCases") || strings.Contains(chunk, "Solve") {',
        f"if strings.Contains(\"|{'|'.join(shown)}|\", \"|\"+m[1]+\"|\") {{").replace(
        "func init() {", f"var shown = []string{{{listed}}}\n\nfunc init() {{\n\t_ = shown")


@pytest.mark.linux_only
@pytest.mark.xfail(strict=True, reason="known gap (SECURITY.md, Go): where the held-out tests are table elements of "
                   "the visible Test functions, the tripwire is the one Test function the agent was not shown")
def test_a_forger_knowing_the_visible_test_functions_is_not_a_pass(tmp_path):
    step, tripwire = held_phase(tmp_path, "go-alphametics",
                                {"alphametics.go": STUB, "forge.go": _visible_names_forger("go-alphametics")})
    assert f"--- FAIL: {tripwire.name} (0.00s)" in step.output.decode(), step.output.decode()[-3000:]
    assert not step.passed
