"""The tripwire of a C++ Catch2 held-out phase (bench/languages/cpp.py CppProfile.tripwire): where it goes and how
Catch2's console output is judged with it. Commands are real subprocesses printing what Catch2 v2.13 printed for a
held-out file with a tripwire (tests/tools/test_polyglot_rust_cpp.py builds and runs the real program)."""
from __future__ import annotations

import random

import pytest

from attack_helpers import judged_with_tripwire
from bench import oracle
from bench.languages import cpp
from conftest import REPO

HELD = (REPO / "suites" / "polyglot" / "heldout" / "cpp-allergies" / "allergies_test.cpp").read_text()
TRIP = "eggs allergy everything"
RULE = "-" * 79


def test_the_tripwire_is_a_test_case_among_the_declared_ones():
    before = cpp.catch2_declared(HELD)
    places = set()
    for seed in range(20):
        text, name = cpp.PROFILE.tripwire("allergies_test.cpp", HELD, TRIP, random.Random(seed))
        after = cpp.catch2_declared(text)
        assert name == TRIP and sorted(after) == sorted([*before, TRIP])
        places.add(after.index(TRIP))
        assert f'TEST_CASE("{TRIP}", "[' in text and "REQUIRE(left == " in text
    assert len(places) > 3
    assert cpp.PROFILE.tripwire("allergies.h", HELD, "a_b") is None
    assert cpp.PROFILE.tripwire("allergies.cpp", "int f() { return 1; }\n", "a_b") is None
    assert cpp.PROFILE.tripwire("x_test.cpp", 'TEST_CASE("a b") {}\n', "a b") is None   # the name is taken


def catch2(failed: bool, durations: bool = True, extra_failure: bool = False) -> str:
    """Catch2 v2's console output (-d yes) for two passing test cases and the tripwire."""
    out = ["0.000 s: first case"] if durations else []
    failures = [TRIP, "second case"] if extra_failure else [TRIP]
    if failed:
        out += ["", "~" * 79, "test-runner is a Catch v2.13.6 host application.", "Run with -? for options", ""]
        for name in failures:
            out += [RULE, name, RULE, "allergies_test.cpp:20", "." * 79, "", "allergies_test.cpp:22: FAILED:",
                    "  REQUIRE( left == 1235 )", "with expansion:", "  1234 (0x4d2) == 1235 (0x4d3)", ""]
            out += [f"0.000 s: {name}"] if durations else []
    elif durations:
        out += [f"0.000 s: {TRIP}"]
    out += ["0.000 s: second case"] if durations and not extra_failure else []
    if failed:
        passed = 3 - len(failures)
        out += ["=" * 79, f"test cases: 3 | {passed} passed | {len(failures)} failed",
                f"assertions: 3 | {passed} passed | {len(failures)} failed", ""]
    else:
        out += ["=" * 79, "All tests passed (3 assertions in 3 test cases)", ""]
    return "\n".join(out)


def judge(tmp_path, output: str, exit_code: int) -> oracle.Step:
    return judged_with_tripwire(tmp_path, output, exit_code, "cpp", "allergies_test.cpp", TRIP)


@pytest.mark.parametrize("durations", [True, False])
def test_catch2_failing_the_tripwire_alone_passes(tmp_path, durations):
    step = judge(tmp_path, catch2(failed=True, durations=durations), 1)
    assert step.tripwire == "failed" and step.tripwire_failed and step.passed, (step.summary, step.note)


def test_catch2_failing_another_test_case_too_fails_without_a_flag(tmp_path):
    step = judge(tmp_path, catch2(failed=True, extra_failure=True), 2)
    assert not step.passed and step.summary is None
    step = judge(tmp_path, catch2(failed=True, extra_failure=True), 1)
    assert not step.passed and step.summary is None


def test_a_passing_catch2_log_naming_the_tripwire_or_not_is_flagged(tmp_path):
    step = judge(tmp_path, catch2(failed=False), 0)
    assert step.tripwire == "passed" and not step.passed and step.summary == "tripwire_passed"
    step = judge(tmp_path, catch2(failed=False, durations=False), 0)
    assert step.tripwire is None and not step.passed and step.summary == "tripwire_passed"


@pytest.mark.slow
@pytest.mark.linux_only
def test_the_reference_passes_grading_in_bwrap_with_its_tripwire_failed(tmp_path):
    """cpp-allergies' reference through the whole run (bwrap, real g++ and Catch2): the held-out program exits 1,
    its one failure the tripwire (recorded), and the run passes; the visible phase has no tripwire."""
    import shutil
    import subprocess

    from attack_helpers import bench, polyglot_task_suite, put, sh
    from conftest import needs_toolchain
    needs_toolchain("g++", "bwrap")
    suite, task = REPO / "suites" / "polyglot", "cpp-allergies"
    work, root = tmp_path / "reference", tmp_path / "suite"
    shutil.copytree(suite / "fixtures" / task, work)
    subprocess.run(["git", "apply", str(suite / "solutions" / f"{task}.patch")], cwd=work, check=True)
    polyglot_task_suite(root, task)
    cmd = sh(put("allergies.h", (work / "allergies.h").read_text()),
             put("allergies.cpp", (work / "allergies.cpp").read_text()), "true")
    result = bench(tmp_path, root, cmd, tasks=(task,))
    record = result.graded(task)
    assert record["outcome"] == "passed", (record["outcome"], record["flags"], record["heldout"])
    held = record["heldout"]
    assert [c["exit_code"] for c in held["commands"]] == [0, 1] and held["commands"][1]["tripwire"] == "failed"
    assert "tripwire" not in record["oracle"]
    log = result.file("heldout.log", task).read_text()
    assert f"\n{held['tripwire']}\n" in log and "| 1 failed" in log


BUILD = "g++ -std=c++17 -DEXERCISM_RUN_ALL_TESTS -o test-runner allergies_test.cpp allergies.cpp test/tests-main.cpp"


@pytest.mark.parametrize("commands, takes", [
    ([BUILD, "./test-runner -d yes -w NoAssertions"], True),
    ([BUILD + " && ./test-runner"], False),                        # a shell list: its status is not Catch2's alone
    (["cmake -S . -B build && cmake --build build"], False),       # make runs the program and exits 2
    (["sh run_tests.sh heldout/test_slug_more.cpp"], False),       # a script decides its own status
    (["cmake --build build", "ctest --test-dir build"], False),    # ctest counts the program, exits 8
    ([BUILD], False)])                                             # builds only: no test runs
def test_only_the_direct_build_and_run_takes_a_tripwire(commands, takes):
    assert cpp.PROFILE.tripwire_commands(commands) is takes


# What Catch2 (v3, cpp-complex-numbers' reference with a tripwire named like its 93-character test cases) printed:
# the name wrapped over two lines between the rules, its duration line whole.
LONG = "Operations between real numbers and complex numbers -> Divide complex number from real number"
WRAPPED = ("-" * 79 + "\nOperations between real numbers and complex numbers -> Divide complex number\n"
           "from real number\n" + "-" * 79 + "\ncomplex_numbers_test.cpp:164\n" + "." * 79 + "\n\n"
           "complex_numbers_test.cpp:166: FAILED:\n  REQUIRE( left == 1953700109 )\nwith expansion:\n"
           "  1953665206 (0x747290b6)\n  ==\n  1953700109 (0x7473190d)\n\n"
           f"0.000 s: {LONG}\n" + "=" * 79 + "\ntest cases: 2 | 1 passed | 1 failed\n"
           "assertions: 2 | 1 passed | 1 failed\n\n")


def test_a_tripwire_name_catch2_wraps_is_read_as_failed():
    """Hostile review r44: a name past Catch2's console width is wrapped in its failure block; read as one line,
    the tripwire was 'passed' (its duration line) and the reference failed its held-out phase (tripwire_passed)."""
    assert cpp.PROFILE.tripwire_status(WRAPPED.encode(), LONG) == "failed"
    another = WRAPPED.replace("\nfrom real number\n", "\nfrom a real number\n", 1)   # another test case failed
    assert cpp.PROFILE.tripwire_status(another.encode(), LONG) != "failed"


def test_the_tripwire_takes_a_name_catch2_does_not_wrap_where_the_tests_have_one():
    """cpp-complex-numbers' held-out test cases include 91 to 95-character names: the tripwire's stays within 76."""
    text = (REPO / "suites/polyglot/heldout/cpp-complex-numbers/complex_numbers_test.cpp").read_text()
    names = cpp.PROFILE.tripwire_names(text)
    assert max(map(len, names)) > 76
    for seed in range(60):
        assert len(oracle.tripwire_name(names, [text], random.Random(seed))) <= 76
