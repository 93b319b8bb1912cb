"""The tripwire of a Rust held-out phase (bench/oracle.py plant_tripwire, Profile.tripwire): where it goes, what it
is called, and how a command's output and exit status are judged with it. The commands here are real subprocesses
that print what libtest prints (a real `sh`, no cargo: tests/languages/test_rust_grading_attacks.py runs cargo)."""
from __future__ import annotations

import os
import random
import re
import shlex

import pytest

from attack_helpers import judged_with_tripwire
from bench import oracle
from bench.languages import rust
from bench.languages.rust import scopes

HELD = """use acronym::*;

#[test]
fn basic_words() {
    assert_eq!(abbreviate("Portable Network Graphics"), "PNG");
}

#[test]
#[ignore]
fn lowercase_words() {
    assert_eq!(abbreviate("Ruby on Rails"), "ROR");
}

mod more {
    use super::*;

    #[test]
    fn punctuation_without_whitespace() {
        assert_eq!(abbreviate("Complementary metal-oxide semiconductor"), "CMOS");
    }
}
"""


def _declared(text: str) -> list[str]:
    return ["::".join((*module, it.key[1])) for module, (_, _, its) in scopes(text).items() for it in its
            if it.is_test and it.key and it.key[0] == "fn"]


def test_the_tripwire_lands_between_the_tests_of_its_module_at_a_random_place():
    places = set()
    for seed in range(40):
        text, name = rust.PROFILE.tripwire("tests/acronym.rs", HELD, "mixed_case_words", random.Random(seed))
        declared = _declared(text)
        assert name in declared and len(declared) == 4
        assert set(declared) - {name} == set(_declared(HELD))
        places.add(tuple(declared))
        # an ordinary test: #[test], no #[ignore] or #[should_panic] of its own, an assert_eq! that cannot hold
        item = _tripwire_item(text, name)
        assert item.startswith("#[test]\n") and "ignore" not in item and "should_panic" not in item
        left, right = map(int, re.findall(r"black_box\((\d+)\);\s+::std::assert_eq!\(left, (\d+)\)", item)[0])
        assert left != right
    assert len(places) >= 3   # before either root test, after the last, in the module


def _tripwire_item(text: str, name: str) -> str:
    fn = name.split("::")[-1]
    start = text.rindex("#[test]\n", 0, text.index(f"fn {fn}()"))
    return text[start:text.index("}", text.index(f"fn {fn}()")) + 1]


def test_a_file_that_is_not_a_libtest_file_takes_no_tripwire():
    assert rust.PROFILE.tripwire("src/lib.rs", HELD, "a_b") is None                  # not an integration test
    assert rust.PROFILE.tripwire("tests/common/mod.rs", HELD, "a_b") is None         # a module of one
    assert rust.PROFILE.tripwire("tests/data.txt", HELD, "a_b") is None
    assert rust.PROFILE.tripwire("tests/helpers.rs", "pub fn helper() {}\n", "a_b") is None   # no #[test]
    assert rust.PROFILE.tripwire("tests/broken.rs", "#[test]\nfn a() {\n", "a_b") is None      # unreadable
    assert rust.PROFILE.tripwire("tests/acronym.rs", HELD, "basic_words") is None   # a name the file uses
    assert oracle.plant_tripwire([("tests/x.txt", b"data", 0o644)], None, "rust") == (
        [("tests/x.txt", b"data", 0o644)], None)
    assert oracle.plant_tripwire([("test_x.py", b"def test_a(): pass\n", 0o644)], None, "python")[1] is None


def test_the_tripwire_name_is_fresh_ordinary_and_unused():
    names = {oracle.tripwire_name(rust.PROFILE.tripwire_names(HELD), [HELD]) for _ in range(50)}
    # recombinations of the file's own six words (never a word no test has): fewer than random words gave, still many
    assert len(names) > 12
    used = set(re.findall(r"\w+", HELD))
    for name in names:
        assert re.fullmatch(r"[a-z]+(?:_[a-z]+){1,3}", name) and name not in used, name


def test_the_last_held_out_file_by_path_takes_it(tmp_path):
    (tmp_path / "tests").mkdir()
    held = [("tests/alloc_attack.rs", b"#[test]\nfn a_one() {}\n", 0o644),
            ("tests/forth.rs", b"#[test]\nfn b_two() {}\n", 0o644)]
    for rel, data, _ in held:
        (tmp_path / rel).write_bytes(data)
    laid, tripwire = oracle.plant_tripwire(held, tmp_path, "rust", random.Random(1))
    assert tripwire.path == "tests/forth.rs" and laid[0] == held[0]
    assert (tmp_path / "tests" / "forth.rs").read_bytes() == laid[1][1] != held[1][1]
    assert f"fn {tripwire.name}()".encode() in laid[1][1]


TRIP = "empty_input_words"


def libtest(lines: list[str], result: str, failures: list[str] = ()) -> str:
    """What a libtest binary prints (`running N tests`, each test's line, the failures list, its result)."""
    out = [f"running {len(lines)} tests", *lines, ""]
    if failures:
        out += ["failures:", "", *[f"---- {f} stdout ----\nassertion failed\n" for f in failures], "failures:",
                *[f"    {f}" for f in failures], ""]
    return "\n".join([*out, result, ""])


OK_LINES = ["test basic_words ... ok", "test more::punctuation_without_whitespace ... ok"]
FAILED_RESULT = "test result: FAILED. 2 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.01s"


def judge(tmp_path, output: str, exit_code: int) -> oracle.Step:
    """The step grading makes of a real command printing `output` and exiting `exit_code`, with the tripwire TRIP,
    and the phase's checks after it."""
    return judged_with_tripwire(tmp_path, output, exit_code, "rust", "tests/acronym.rs", TRIP)


def test_the_tripwire_failing_alone_with_cargos_exit_passes(tmp_path):
    step = judge(tmp_path, libtest([*OK_LINES, f"test {TRIP} ... FAILED"], FAILED_RESULT, [TRIP]), 101)
    assert step.passed and step.tripwire_failed and step.summary is None, step.note
    section = oracle.phase_result([step], tmp_path / "heldout.log", tripwire=oracle.Tripwire("t", TRIP))
    assert section["passed"] and section["commands"][0]["tripwire"] == "failed" and section["tripwire"] == TRIP
    assert oracle.outcome.phase_status(section) == "passed"


@pytest.mark.parametrize("case", ["another-failure", "exit-1", "not-in-failures-list", "no-failure-counted",
                                  "header-without-result"])
def test_a_nonzero_exit_the_tripwire_does_not_explain_fails(tmp_path, case):
    lines, result, failures, code = [*OK_LINES, f"test {TRIP} ... FAILED"], FAILED_RESULT, [TRIP], 101
    if case == "another-failure":
        lines = ["test basic_words ... FAILED", *lines[1:]]
        result, failures = result.replace("2 passed; 1 failed", "1 passed; 2 failed"), ["basic_words", TRIP]
    elif case == "exit-1":
        code = 1
    elif case == "not-in-failures-list":
        failures = []
    elif case == "no-failure-counted":
        result = "test result: ok. 3 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.01s"
    output = libtest(lines, result, failures)
    if case == "header-without-result":
        output = output.split("failures:")[0]
    step = judge(tmp_path, output, code)
    assert not step.passed and not step.tripwire_failed, (case, step.summary, step.note)
    assert step.summary in (None, "tripwire_passed"), step.summary   # never a flag for a plain failing run
    if case == "another-failure":
        assert step.summary is None


@pytest.mark.parametrize("case", ["reported-ok", "missing", "failed-but-exit-0"])
def test_a_passing_report_the_tripwire_does_not_fail_in_is_flagged(tmp_path, case):
    lines = [*OK_LINES, {"reported-ok": f"test {TRIP} ... ok", "missing": "test third_word ... ok",
                         "failed-but-exit-0": f"test {TRIP} ... FAILED"}[case]]
    ok = "test result: ok. 3 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.01s"
    step = judge(tmp_path, libtest(lines, ok if case != "failed-but-exit-0" else FAILED_RESULT,
                                   [TRIP] if case == "failed-but-exit-0" else []), 0)
    assert not step.passed and step.summary in ("tripwire_passed", "test_summary_failed"), (case, step.summary)
    if case != "failed-but-exit-0":
        assert step.summary == "tripwire_passed", step.note


def test_a_phase_without_a_tripwire_is_judged_as_before(tmp_path):
    output = libtest(OK_LINES, FAILED_RESULT.replace("FAILED. 2 passed; 1 failed", "ok. 2 passed; 0 failed"))
    (tmp_path / "out.txt").write_text(output)
    step = oracle.run_command(f"cat {shlex.quote(str(tmp_path / 'out.txt'))}", 30, kind="none", copy=tmp_path,
                              home=tmp_path, env={"PATH": os.environ["PATH"]}, logs=tmp_path, index=0,
                              language="rust")
    oracle.require_tripwire([step], None)
    assert step.passed and step.tripwire is None and not step.tripwire_failed


def test_the_run_page_says_a_commands_exit_was_the_tripwires(tmp_path):
    from bench.report import runpage
    (tmp_path / "heldout.log").write_text("test x ... FAILED\n")
    section = {"passed": True, "error": None, "tripwire": TRIP,
               "commands": [{"command": "cargo test", "exit_code": 101, "duration_s": 1.0, "timed_out": False,
                             "tripwire": "failed"}]}
    page = runpage.grading_html("Held-out tests", section, tmp_path / "heldout.log", "heldout.log")
    assert "exit 101 (the tripwire alone failed, as it must)" in page and "badge o-passed" in page


@pytest.mark.parametrize("command, takes", [
    ("cargo test --offline --all-features", True), ("cargo test --test heldout_durations", True),
    ("cargo test -- --include-ignored", True), ("cargo test && cargo clippy", False), ("cargo test; true", False),
    ("cargo test | tee log", False), ("./run_tests.sh", False), ("sh -c 'cargo test'", False),
    ("cargo test $(echo --release)", False)])
def test_only_a_plain_cargo_command_whose_status_is_cargos_takes_a_tripwire(tmp_path, command, takes):
    assert rust.PROFILE.tripwire_commands([command]) is takes
    (tmp_path / "tests").mkdir()
    held = [("tests/acronym.rs", HELD.encode(), 0o644)]
    (tmp_path / "tests" / "acronym.rs").write_bytes(held[0][1])
    laid, tripwire = oracle.plant_tripwire(held, tmp_path, "rust", commands=[command])
    assert (tripwire is not None) is takes and (laid != held) is takes
    assert ((tmp_path / "tests" / "acronym.rs").read_bytes() == held[0][1]) is not takes
