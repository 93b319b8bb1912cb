"""The polyglot suite's Rust and C++ exercises: how their tests are cut, and a sample graded for real (bwrap)."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import tomllib
import yaml

from bench.languages import rust
from tests.conftest import REPO, needs_toolchain
from tools.polyglot import convert, split

SUITE = REPO / "suites" / "polyglot"


def task_commands(task: str, phase: str = "oracle") -> list[str]:
    """A polyglot task's commands for a phase (C++: build, then run the program)."""
    import yaml
    return yaml.safe_load((SUITE / "tasks" / f"{task}.yaml").read_text())[phase]["command"]


def one_shell(task: str, phase: str = "oracle") -> str:
    """The phase's commands as one shell line, for a run outside the harness."""
    return " && ".join(task_commands(task, phase))

RUST_TEST = '''\
use adder::*;

#[test]
fn one() {
    assert_eq!(add(1, 1), 2);
}

// the comment belongs to two
#[test]
#[ignore]
fn two() {
    assert_eq!(add(2, 2), 4);
}

mod nested {
    use adder::*;

    #[test]
    fn three() {
        assert_eq!(add(3, 3), 6);
    }
}
'''

CPP_TEST = '''\
#include "adder.h"
#include "test/catch.hpp"

TEST_CASE("adds one", "[a1]") {
    REQUIRE(adder::add(1, 1) == 2);
}

#if defined(EXERCISM_RUN_ALL_TESTS)
// braces in strings and chars do not count: "}" '{'
TEST_CASE("adds two") {
    const char* s = "}}";
    REQUIRE(adder::add(2, 2) == 4);
    REQUIRE(s[0] == '}');
}

TEST_CASE("adds three",
          "[a3]") {
    SECTION("inner") { REQUIRE(adder::add(3, 3) == 6); }
}
#endif
'''


def test_rust_units_are_test_fns_with_their_attributes_and_comments(tmp_path):
    text = split.undo_skips("rust", RUST_TEST)
    units = split.rust_units({"tests/adder.rs": text})
    assert [u.name for u in units] == ["one", "two", "nested::three"]
    visible = split.rust_cut("tests/adder.rs", text, [units[1]])
    assert "fn two" not in visible and "belongs to two" not in visible and "fn one" in visible
    held = split.rust_cut("tests/adder.rs", text, [units[0], units[2]])
    assert "fn two" in held and "fn one" not in held and "fn three" not in held and "mod nested" in held
    needs_toolchain("cargo")
    for name, body in (("visible", visible), ("held", held)):
        crate = tmp_path / name
        (crate / "src").mkdir(parents=True)
        (crate / "tests").mkdir()
        (crate / "Cargo.toml").write_text('[package]\nname = "adder"\nversion = "0.1.0"\nedition = "2021"\n')
        (crate / "src" / "lib.rs").write_text("pub fn add(a: i32, b: i32) -> i32 { a + b }\n")
        (crate / "tests" / "adder.rs").write_text(body)
        env = {**os.environ, "CARGO_HOME": str(tmp_path / "cargo-home"), "CARGO_NET_OFFLINE": "true"}
        done = subprocess.run(["cargo", "test", "--offline"], cwd=crate, env=env, capture_output=True, text=True)
        assert done.returncode == 0, done.stdout + done.stderr
        want = 2 if name == "visible" else 1
        assert f"test result: ok. {want} passed" in done.stdout, done.stdout


def test_cpp_units_are_whole_catch2_test_cases():
    units = split.cpp_units({"adder_test.cpp": CPP_TEST})
    assert [u.name for u in units] == ["adds one", "adds two", "adds three"]
    visible = split.cpp_cut("adder_test.cpp", CPP_TEST, [units[1]])
    assert "adds two" not in visible and "braces in strings" not in visible
    assert visible.count("{") == visible.count("}") and "#endif" in visible and "adds three" in visible
    held = split.cpp_cut("adder_test.cpp", CPP_TEST, [units[0], units[2]])
    assert [u.name for u in split.cpp_units({"adder_test.cpp": held})] == ["adds two"]
    assert "#if defined(EXERCISM_RUN_ALL_TESTS)" in held and "#endif" in held


def test_a_test_case_the_lines_cannot_hold_alone_is_refused():
    with pytest.raises(split.SplitError, match="shares a line"):
        split.rust_units({"tests/x.rs": "#[test] fn a() {} #[test] fn b() {}\n"})


def test_examples_pair_with_solution_files_by_extension():
    assert convert._pair_examples(["src/lib.rs", "Cargo.toml"], [".meta/example.rs"]) == [
        ("src/lib.rs", ".meta/example.rs")]
    assert convert._pair_examples(["src/lib.rs", "Cargo.toml"], [".meta/example.rs", ".meta/Cargo-example.toml"]) \
        == [("src/lib.rs", ".meta/example.rs"), ("Cargo.toml", ".meta/Cargo-example.toml")]
    assert convert._pair_examples(["x.cpp", "x.h"], [".meta/example.h"]) == [("x.h", ".meta/example.h")]
    with pytest.raises(convert.ConvertError, match="2 solution file"):
        convert._pair_examples(["a.h", "b.h", "c.cpp"], [".meta/example.h"])


# What each ported reference no longer names (the crate its example used).
PORTED_CRATES = {"rust-grep": "thiserror", "rust-alphametics": "itertools", "rust-pig-latin": "regex_lite",
                 "rust-poker": "counter", "rust-decimal": "num_"}


def test_a_rust_test_file_with_a_glob_import_has_the_prelude_pinned_above_it():
    """The std prelude's names are imported explicitly above a test file's first glob import (an explicit import
    outranks a glob): all but those the stub exports (forth's own Result) and those the file names itself; a file
    without a glob import is left as it is."""
    stub = {"src/lib.rs": "pub type Result = std::result::Result<(), Error>;\npub struct Forth;\n",
            "Cargo.toml": "[package]\nname = \"forth\"\n"}
    tests = ("use std::collections::HashMap;\nuse forth::*;\n\nfn drop() {}\n\n"
             "#[test]\nfn t() { assert!(Some(1).is_some()); }\n")
    guarded = convert._rust_guard_tests(tests, stub)
    head, glob, rest = guarded.partition("use forth::*;\n")
    assert glob and rest == tests.split("use forth::*;\n", 1)[1] and head.startswith("use std::collections::HashMap;")
    pinned = re.search(r"use std::prelude::rust_2021::\{([^}]*)\};", head).group(1).split(", ")
    assert "Some" in pinned and "None" in pinned and "Vec" in pinned
    assert "Result" not in pinned and "drop" not in pinned   # the stub's export; the file's own item
    assert set(pinned) == set(convert.RUST_PRELUDE) - {"Result", "drop"}
    plain = "use forth::Forth;\n#[test]\nfn t() {}\n"
    assert convert._rust_guard_tests(plain, stub) == plain
    for path in sorted((SUITE / "heldout").glob("rust-*/tests/*.rs")):   # the suite's files: every glob is guarded
        text = path.read_text()
        for match in convert.RUST_GLOB.finditer(text):
            assert "use std::prelude::rust_2021::{" in text[:match.start()], path


def test_a_port_refuses_upstream_text_it_does_not_find_once():
    pairs = convert.PORTS["rust-grep"][1]
    assert "thiserror::" not in convert._replaced_once("rust-grep", "x.rs", pairs[0][0], pairs, "PORTS")
    for text in ("fn moved() {}\n", pairs[0][0] * 2):
        with pytest.raises(convert.ConvertError, match="rust-grep: x.rs no longer holds the text PORTS replaces"):
            convert._replaced_once("rust-grep", "x.rs", text, pairs, "PORTS")


def test_ported_references_name_no_crate_and_keep_the_fixtures_cargo_toml():
    """Grading lays back the fixture's Cargo.toml: a ported reference leaves it alone and uses no crate of its
    example's; the suite README names every port, and a ported task is no gap."""
    assert set(convert.PORTS) - set(convert.EXERCISE_PORTS) == set(PORTED_CRATES)
    readme = (SUITE / "README.md").read_text()
    for task_id, crate in PORTED_CRATES.items():
        patch = (SUITE / "solutions" / f"{task_id}.patch").read_text()
        added = [line for line in patch.splitlines()   # code lines: the port's comments name the crate it replaces
                 if line.startswith("+") and not line.startswith("+++") and not line[1:].lstrip().startswith("//")]
        assert "diff --git a/Cargo.toml" not in patch and task_id not in convert.GAPS, task_id
        assert not any(re.search(rf"\b(use|extern crate) {crate}|{crate}\w*::", line) for line in added), task_id
        assert f"- `{task_id}`: " in readme


def test_exercises_ported_to_debians_library_versions_keep_their_meaning():
    """rand 0.10 → 0.8, AssertJ 3.17 → 3.14 and RxJava 2 → 3: the ported files hold the new text in the fixture
    and the test files everywhere they are written (the reference in its patch, the instructions in the prompt),
    no longer the old; the Rust references use rand 0.8's API; the README names each port; none is a gap any more."""
    readme = (SUITE / "README.md").read_text()
    for task_id, (_, replacements) in convert.EXERCISE_PORTS.items():
        assert task_id not in convert.GAPS and task_id not in convert.KNOWN_GAP_PROBLEMS, task_id
        assert f"- `{task_id}`: " in readme
        for path, old, new in replacements:
            if path.startswith(".meta/"):   # the reference: in the solution's patch
                present = [(SUITE / "solutions" / f"{task_id}.patch").read_text()]
            elif path.startswith(".docs/"):   # the instructions: in the prompt
                present = [yaml.safe_load((SUITE / "tasks" / f"{task_id}.yaml").read_text())["prompt"]]
            else:   # the held-out part may lack the test
                copies = [SUITE / part / task_id / path for part in ("fixtures", "heldout", "upstream")]
                present = [c.read_text() for c in copies if c.is_file()]
            assert not any(old in text for text in present) and new in present[0], (task_id, path)
    assert tomllib.loads((SUITE / "fixtures" / "rust-robot-name" / "Cargo.toml").read_text())["dependencies"] == {
        "rand": {"version": "0.8", "features": ["small_rng"]}}
    for task_id in ("rust-robot-name", "rust-simple-cipher"):
        added = "\n".join(line for line in (SUITE / "solutions" / f"{task_id}.patch").read_text().splitlines()
                          if line.startswith("+"))
        assert "gen_range(" in added and "random_range" not in added and "RngExt" not in added, task_id


def test_every_rust_crate_a_task_needs_is_debians_or_the_task_is_a_gap():
    """A Rust task outside GAPS builds offline: each dependency its fixture's Cargo.toml names is installed as a
    Debian crate source of a version the requirement accepts (a caret requirement: same major, or same minor
    under 1.0), where those sources are installed here."""
    if not rust.DEBIAN_REGISTRY.is_dir():
        pytest.skip("no Debian crate sources here (nox -s toolchains)")
    installed = {}
    for path in rust.DEBIAN_REGISTRY.iterdir():
        name, _, version = path.name.rpartition("-")
        installed.setdefault(name, []).append(tuple(int(x) for x in version.split(".")[:3] if x.isdigit()))
    needed = 0
    for fixture in sorted((SUITE / "fixtures").glob("rust-*")):
        wanted = tomllib.loads((fixture / "Cargo.toml").read_text()).get("dependencies", {})
        if fixture.name in convert.GAPS:
            assert wanted, f"{fixture.name} is a gap but names no crate: drop it from GAPS"
            continue
        for crate, req in wanted.items():
            req = req["version"] if isinstance(req, dict) else req
            need = tuple(int(x) for x in str(req).lstrip("^").split("."))
            key = need[:1] if need[0] else need[:2]
            have = [v for v in installed.get(crate, []) if v[:len(key)] == key and v >= need]
            assert have, f"{fixture.name}: {crate} {req} is not among Debian's crate sources"
            needed += 1
    assert needed >= 4   # gigasecond's time, grep's anyhow, robot-name's and simple-cipher's rand


@pytest.mark.parametrize("language", ["rust", "cpp"])
def test_no_held_out_test_is_in_the_agents_files(language):
    """The fixture (the agent's tree) holds no held-out unit: not by name, not by its text."""
    lang = convert.LANGUAGES[language]
    tasks = sorted(p.stem for p in (SUITE / "tasks").glob(f"{language}-*.yaml"))
    assert len(tasks) == len(json.loads(convert.PINS.read_text())["exercises"][language])
    for task_id in tasks:
        up_dir, fixture = SUITE / "upstream" / task_id, SUITE / "fixtures" / task_id
        upstream = {p.relative_to(up_dir).as_posix(): p.read_text() for p in up_dir.rglob("*") if p.is_file()}
        assert upstream, task_id
        visible = {rel: (fixture / rel).read_text() for rel in upstream}
        held = split.held_out(task_id, [u.name for u in lang.units(upstream)])
        assert held and not held & {u.name for u in lang.units(visible)}, task_id
        for unit in lang.units(upstream):
            body = "".join(upstream[unit.file].splitlines(keepends=True)[unit.start:unit.end])
            if upstream[unit.file].count(body) == 1:   # xorcism repeats the same test text in several modules
                assert (body in visible[unit.file]) == (unit.name not in held), (task_id, unit.name)


def _verify(task_id: str, tmp_path: Path) -> dict:
    from bench import cli
    report = tmp_path / "verify.json"
    rc = cli.main(["verify", "--tasks", str(SUITE / "tasks"), "--task", task_id, "--sandbox", "bwrap",
                   "--times", "1", "--out", str(report)])
    result = json.loads(report.read_text())
    assert rc == 0, result
    return result


@pytest.mark.linux_only
def test_rust_exercise_graded_for_real(tmp_path):
    """rust-acronym in bwrap, offline: the stub fails, the reference passes visible and held-out."""
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap missing")
    needs_toolchain("cargo")
    (task,) = _verify("rust-acronym", tmp_path)["tasks"]
    assert task["ok"] and task["oracle_outcomes"] == ["passed"]


@pytest.mark.slow
@pytest.mark.linux_only
def test_cpp_exercise_graded_for_real(tmp_path):
    """cpp-clock in bwrap with g++ (about a minute per compile of Catch2's main)."""
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap missing")
    needs_toolchain("g++")
    (task,) = _verify("cpp-clock", tmp_path)["tasks"]
    assert task["ok"] and task["oracle_outcomes"] == ["passed"]


def test_an_exercise_on_catch2_v3_compiles_its_amalgamated_implementation():
    """Catch2 v3's tests-main.cpp holds only CATCH_CONFIG_MAIN: its code is test/catch_amalgamated.cpp, which every
    command of an exercise that carries it must compile (complex-numbers failed to link without it); a v2
    exercise's command names none."""
    seen = 0
    for task in sorted((SUITE / "tasks").glob("cpp-*.yaml")):
        text = task.read_text()
        carries = (SUITE / "fixtures" / task.stem / convert.CATCH2_V3).exists()
        seen += carries
        commands = [line for line in text.splitlines() if line.lstrip().startswith('- "g++')]
        assert commands and all((convert.CATCH2_V3 in c) == carries for c in commands), task.name
    assert seen == 1 and "cpp-complex-numbers" not in convert.GAPS


@pytest.mark.slow
@pytest.mark.linux_only
def test_cpp_catch2_v3_exercise_graded_for_real(tmp_path):
    """cpp-complex-numbers in bwrap: its reference links and passes visible and held-out tests."""
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap missing")
    needs_toolchain("g++")
    (task,) = _verify("cpp-complex-numbers", tmp_path)["tasks"]
    assert task["ok"] and task["oracle_outcomes"] == ["passed"]


# --- hostile: a forged libtest summary from a constructor --------------------------------------------------------

FORGER = '''
// Runs before main (an ELF constructor): prints libtest's summary for the visible tests and exits 0.
#[used]
#[unsafe(link_section = ".init_array")]
static FORGE: extern "C" fn() = {
    extern "C" fn forge() {
        println!("running 1 test");
        println!("test basic ... ok");
        println!("");
        println!("test result: ok. 1 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s");
        std::process::exit(0);
    }
    forge
};
'''


def test_a_forged_libtest_summary_must_name_every_held_out_test(tmp_path):
    """The code under test prints a passing summary from a constructor and exits 0 (a real cargo build): the
    summary alone reads as passed; the Rust profile's unreported() still names each held-out test not reported
    passed by name, which is what fails the held-out phase (oracle.require_reported)."""
    from bench.languages import rust
    needs_toolchain("cargo")
    crate = tmp_path / "acronym"
    shutil.copytree(SUITE / "fixtures" / "rust-acronym", crate)
    held_file = SUITE / "heldout" / "rust-acronym" / "tests" / "acronym.rs"
    shutil.copy(held_file, crate / "tests" / "acronym.rs")
    (crate / "src" / "lib.rs").write_text("pub fn abbreviate(_phrase: &str) -> String { String::new() }\n" + FORGER)
    env = {**os.environ, "CARGO_HOME": str(tmp_path / "cargo-home"), "CARGO_NET_OFFLINE": "true"}
    done = subprocess.run(["cargo", "test", "--offline", "--all-features"], cwd=crate, env=env, capture_output=True)
    assert done.returncode == 0, done.stdout + done.stderr   # the forger won: exit 0
    output = done.stdout + done.stderr
    summary = rust.libtest_summary(output.decode())
    assert summary is not None and summary.failed == 0   # and the summary alone says every test passed
    held = [u.name for u in split.rust_units({"tests/acronym.rs": held_file.read_text()})]
    missing = rust.PROFILE.unreported([("tests/acronym.rs", held_file.read_bytes())], [output])
    assert held and missing == sorted(held)
    honest = "".join(f"test {name} ... ok\n" for name in held).encode()
    assert rust.PROFILE.unreported([("tests/acronym.rs", held_file.read_bytes())], [honest]) == []


# --- hostile: C++ -----------------------------------------------------------------------------------------------

def test_a_forged_catch2_summary_must_name_every_held_out_test_case():
    """A static constructor printing "All tests passed" and exiting 0 reads as a pass to the summary alone; with
    the suite's `-d yes`, unreported() names every held-out test case no duration line ends. Only commands that
    ask for durations are held to it (another Catch2 or GoogleTest task is not)."""
    from bench.languages import cpp
    held_file = next((SUITE / "heldout" / "cpp-allergies").glob("*_test.cpp"))
    laid = [(held_file.name, held_file.read_bytes())]
    declared = cpp.catch2_declared(held_file.read_text())
    up = next((SUITE / "upstream" / "cpp-allergies").glob("*_test.cpp")).read_text()
    assert sorted(declared) == sorted(n for n in (u.name for u in split.cpp_units({"t.cpp": up}))
                                      if n in split.held_out("cpp-allergies", [u.name for u in
                                                                               split.cpp_units({"t.cpp": up})]))
    forged = b"=====\nAll tests passed (1 assertion in 1 test case)\n"
    assert cpp.PROFILE.summaries(forged.decode())   # the summary alone: a pass
    commands = task_commands("cpp-allergies", "heldout")
    assert len(commands) == 2 and "-d yes" not in commands[0] and "-d yes" in commands[1]
    for ran in (commands, [" && ".join(commands)]):   # built, then run; or both in one command
        assert cpp.PROFILE.unreported(laid, [forged], commands=ran) == sorted(declared)
        honest = "".join(f"0.000 s: {name}\n" for name in declared).encode() + forged
        assert cpp.PROFILE.unreported(laid, [honest], commands=ran) == []
    assert cpp.PROFILE.unreported(laid, [forged], commands=["g++ -o t t.cpp && ./t"]) == []


def test_catch2_declared_skips_test_cases_no_grading_build_compiles():
    text = ('TEST_CASE("a") {}\n#if defined(EXERCISM_RUN_ALL_TESTS)\nTEST_CASE(\n    // clang-format off\n'
            '    "b" "c",\n    // clang-format on\n    "[tag]") {}\n#if defined(EXERCISM_INCLUDE_BENCHMARK)\n'
            'TEST_CASE("bench") {}\n#endif\n#endif\n#ifdef OTHER\nTEST_CASE("x") {}\n#else\n'
            'TEST_CASE("y") {}\n#endif\n')
    from bench.languages import cpp
    assert cpp.catch2_declared(text) == ["a", "bc"]


@pytest.mark.slow
@pytest.mark.linux_only
def test_a_header_that_empties_require_fails_under_no_assertions(tmp_path):
    """The attack: code under test redefines REQUIRE after catch.hpp is included, so no assertion can fail. The
    suite's `-w NoAssertions` fails every test case left with no assertion (a real g++ build of cpp-clock)."""
    needs_toolchain("g++")
    work = tmp_path / "clock"
    shutil.copytree(SUITE / "fixtures" / "cpp-clock", work)
    subprocess.run(["git", "apply", str(SUITE / "solutions" / "cpp-clock.patch")], cwd=work, check=True)
    header = (work / "clock.h").read_text()
    (work / "clock.h").write_text(header + "\n#include \"test/catch.hpp\"\n#undef REQUIRE\n#define REQUIRE(...) "
                                           "((void)0)\n")
    done = subprocess.run(["sh", "-c", one_shell("cpp-clock")], cwd=work, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True)
    assert done.returncode != 0 and "No assertions in test case" in done.stdout, done.stdout[-2000:]
    assert "test cases:" in done.stdout and "failed" in done.stdout


# --- hostile: a change's file redefining the framework's or the tests' macros -------------------------------------

@pytest.mark.parametrize("text", [
    "#define REQUIRE(x) CHECK(true)\n", "  #  undef TEST_CASE\n#define TEST_CASE(...) void f()\n",
    "#\\\ndefine REQUIRE(x) 1\n", "# /* x */ define REQUIRE(x) 1\n", "#define/**/REQUIRE(x) 1\n",
    "# /*\n */ define REQUIRE(x) 1\n", "%:define REQUIRE(x) 1\n", "??=define REQUIRE(x) 1\n",
    # a raw string whose closing quote a line splice hides: a lexer that removes the splice first sees a comment
    # begin where the compiler sees the string end, and would miss the directive after it
    'auto s = R"x( )\\\nx" /* )x";\n#define REQUIRE(x) 1\n// */\n',
    '#pragma push_macro("REQUIRE")\n', '_Pragma("pop_macro(\\"REQUIRE\\")")\n',
], ids=["plain", "undef", "splice", "comment", "comment-before-name", "comment-across-lines", "digraph", "trigraph",
        "raw-string-splice", "push-macro", "_Pragma"])
def test_every_spelling_of_a_macro_directive_is_read(text):
    from bench.languages import cpp
    assert cpp.macro_names_touched(text.encode()) & {"REQUIRE", "TEST_CASE"}, text


def _cpp_copy(tmp_path: Path, task_id: str) -> tuple[Path, list[tuple[str, bytes]]]:
    """The exercise's fixture with its reference applied, and its test files (path, content) as grading reads
    them (the fixture's protected tests)."""
    from bench.languages import cpp
    work = tmp_path / task_id
    shutil.copytree(SUITE / "fixtures" / task_id, work)
    subprocess.run(["git", "apply", str(SUITE / "solutions" / f"{task_id}.patch")], cwd=work, check=True)
    tests = [(p.relative_to(work).as_posix(), p.read_bytes()) for p in sorted(work.rglob("*"))
             if p.is_file() and cpp.PROFILE.is_test_path(p.relative_to(work).as_posix())]
    return work, tests


def test_no_reference_solution_touches_a_framework_macro(tmp_path):
    """The rule costs no honest solution: none of the 26 references' files is taken for one that redefines the
    tests' macros (parallel-letter-frequency defines PAR_UNSEQ, a name of its own)."""
    from bench.languages import cpp
    for task in sorted((SUITE / "tasks").glob("cpp-*.yaml")):
        work, tests = _cpp_copy(tmp_path, task.stem)
        changed = [p.relative_to(work).as_posix() for p in work.rglob("*") if p.is_file()
                   and not cpp.PROFILE.is_test_path(p.relative_to(work).as_posix())]
        assert cpp.PROFILE.shadowing(work, changed, tests) == [], task.stem


@pytest.mark.parametrize("added", [
    "#include \"test/catch.hpp\"\n#undef REQUIRE\n#define REQUIRE(x) CHECK(true)\n",   # every REQUIRE passes
    "#define TWOBLUECUBES_SINGLE_INCLUDE_CATCH_HPP_INCLUDED\n#define TEST_CASE(...) static void f()\n",  # its guard
    "#include \"test/catch.hpp\"\n#define handleExpr(...) handleMessage(Catch::ResultWas::Ok, \"\")\n",
    "#define EXERCISM_RUN_ALL_TESTS_NOT 1\n#undef EXERCISM_RUN_ALL_TESTS\n",   # the tests' own switch
], ids=["require-always-passes", "catch-include-guard", "a-name-require-expands-to", "the-tests-switch"])
def test_a_header_redefining_what_the_tests_mean_is_removed(tmp_path, added):
    """A header of the change that defines or undefines a macro named like an identifier of the tests or of
    Catch2 (which the fixture carries as a test file) is one the grading removes (flag shadows_module); the
    header without it is kept."""
    from bench.languages import cpp
    work, tests = _cpp_copy(tmp_path, "cpp-clock")
    honest = (work / "clock.h").read_text()
    assert cpp.PROFILE.shadowing(work, ["clock.h", "clock.cpp"], tests) == []
    (work / "clock.h").write_text(honest + added)
    assert cpp.PROFILE.shadowing(work, ["clock.h", "clock.cpp"], tests) == ["clock.h"]
    (work / "clock.h").write_text(honest)
    (work / "more.inc").write_text(added)   # any name: `#include "more.inc"` reads it as well
    assert cpp.PROFILE.shadowing(work, ["clock.h", "more.inc"], tests) == ["more.inc"]


CHECK_TRUE = "\n#include \"test/catch.hpp\"\n#undef REQUIRE\n#define REQUIRE(...) CHECK(true)\n"


@pytest.mark.slow
@pytest.mark.linux_only
def test_require_made_check_true_is_live_and_fails_through_the_harness(tmp_path):
    """The attack `-w NoAssertions` does not stop (CHECK(true) is an assertion): cpp-clock's reference made wrong
    (61 minutes an hour), its header ending with REQUIRE redefined, passes every visible test with real g++; graded
    by the harness in bwrap, the header is removed (shadows_module) and the run does not pass."""
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap missing")
    needs_toolchain("g++")
    from attack_helpers import bench, has_flag, not_passed, put, sh
    work = tmp_path / "live"
    shutil.copytree(SUITE / "fixtures" / "cpp-clock", work)
    subprocess.run(["git", "apply", str(SUITE / "solutions" / "cpp-clock.patch")], cwd=work, check=True)
    source = (work / "clock.cpp").read_text()
    wrong = source.replace("minutes_per_hour = 60;", "minutes_per_hour = 61;")
    assert wrong != source
    (work / "clock.cpp").write_text(wrong)
    header = (work / "clock.h").read_text() + CHECK_TRUE
    (work / "clock.h").write_text(header)
    done = subprocess.run(["sh", "-c", one_shell("cpp-clock")], cwd=work, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True)
    assert done.returncode == 0 and "All tests passed" in done.stdout, done.stdout[-2000:]   # live: wrong passes
    root = tmp_path / "suite"
    for part in ("fixtures", "solutions"):
        (root / part).mkdir(parents=True)
    shutil.copytree(SUITE / "fixtures" / "cpp-clock", root / "fixtures" / "cpp-clock")
    shutil.copy(SUITE / "solutions" / "cpp-clock.patch", root / "solutions")
    text = (SUITE / "tasks" / "cpp-clock.yaml").read_text()
    (root / "tasks").mkdir()
    (root / "tasks" / "cpp-clock.yaml").write_text(re.sub(r"^(heldout|visible_all):\n(?:  .*\n)+", "", text,
                                                          flags=re.M))
    record = bench(tmp_path, root, sh(put("clock.h", header), put("clock.cpp", wrong), "true"),
                   tasks=("cpp-clock",)).graded("cpp-clock")
    not_passed(record)
    has_flag(record, "shadows_module")


# A static constructor of the code under test reads the held-out test source from the working directory (where the
# command runs the test program), prints Catch2's duration line for each test case it declares and a passing
# summary, and leaves with status 0 before Catch2's main runs.
SOURCE_FORGER = r"""
#include <cstdio>
#include <cstring>
#include <dirent.h>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>
namespace {
const int forged = [] {
    int count = 0;
    if (DIR* dir = opendir(".")) {
        while (dirent* entry = readdir(dir)) {
            std::string name = entry->d_name;
            if (name.size() < 9 || name.compare(name.size() - 9, 9, "_test.cpp") != 0) continue;
            std::ifstream in(name);
            std::stringstream text;
            text << in.rdbuf();
            std::string all = text.str();
            for (size_t at = all.find("TEST_CASE("); at != std::string::npos; at = all.find("TEST_CASE(", at + 1)) {
                size_t begin = all.find('"', at) + 1, end = all.find('"', begin);
                std::printf("0.000 s: %s\n", all.substr(begin, end - begin).c_str());
                ++count;
            }
        }
        closedir(dir);
    }
    std::printf("===\nAll tests passed (%d assertions in %d test cases)\n", count, count);
    std::fflush(stdout);
    _exit(0);
    return 0;
}();
}
"""


def allergies_suite(root: Path, source: str) -> tuple[Path, str]:
    """A suite in `root` holding cpp-allergies (fixture, held-out tests, reference) and an agent command writing
    the reference's allergies.cpp followed by `source`."""
    work = root.parent / "reference"
    shutil.copytree(SUITE / "fixtures" / "cpp-allergies", work)
    subprocess.run(["git", "apply", str(SUITE / "solutions" / "cpp-allergies.patch")], cwd=work, check=True)
    from attack_helpers import polyglot_task_suite, put, sh
    polyglot_task_suite(root, "cpp-allergies")
    return root, sh(put("allergies.h", (work / "allergies.h").read_text()),
                    put("allergies.cpp", (work / "allergies.cpp").read_text() + source), "true")


def live_in_one_directory(tmp_path: Path, source: str) -> None:
    """The forgery is live where the program runs beside its held-out source: the reference plus `source`, the
    held-out files laid, built and run by the phase's commands in one directory (real g++, no harness), reads as
    a passed held-out phase to the summary and to unreported()."""
    from bench.languages import cpp
    work = tmp_path / "live"
    shutil.copytree(SUITE / "fixtures" / "cpp-allergies", work)
    subprocess.run(["git", "apply", str(SUITE / "solutions" / "cpp-allergies.patch")], cwd=work, check=True)
    laid = []
    for held in sorted((SUITE / "heldout" / "cpp-allergies").rglob("*")):
        if held.is_file():
            rel = held.relative_to(SUITE / "heldout" / "cpp-allergies").as_posix()
            shutil.copy(held, work / rel)
            laid.append((rel, held.read_bytes()))
    (work / "allergies.cpp").write_text((work / "allergies.cpp").read_text() + source)
    commands = task_commands("cpp-allergies", "heldout")
    outputs = []
    for command in commands:
        done = subprocess.run(["sh", "-c", command], cwd=work, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        assert done.returncode == 0, done.stdout[-2000:]
        outputs.append(done.stdout)
    assert cpp.PROFILE.unreported(laid, outputs, commands=commands) == []
    assert cpp.PROFILE.step_problem(commands[-1], outputs[-1]) == (True, None), outputs[-1][-2000:]


@pytest.mark.slow
@pytest.mark.linux_only
def test_a_program_reading_its_held_out_source_cannot_forge_the_held_out_phase(tmp_path):
    """cpp-allergies with its reference plus SOURCE_FORGER (which leaves before any test runs, naming every test
    case its source declares): live beside the held-out source; graded by the harness (bwrap), whose second
    command runs the program where the held-out sources cannot be read, the forger names no held-out test case
    and the phase fails (no_tests_ran)."""
    needs_toolchain("g++", "bwrap")
    live_in_one_directory(tmp_path, SOURCE_FORGER)
    from attack_helpers import bench, has_flag, not_passed
    root, cmd = allergies_suite(tmp_path / "suite", SOURCE_FORGER)
    record = bench(tmp_path, root, cmd, tasks=("cpp-allergies",)).graded("cpp-allergies")
    not_passed(record)
    has_flag(record, "no_tests_ran")


# At build time: the assembler embeds the held-out test source (present while the build runs) in the program, whose
# static constructor then names its test cases as SOURCE_FORGER does.
INCBIN_FORGER = r"""
#include <cstdio>
#include <string>
#include <unistd.h>
__asm__(".section .rodata\n.global forged_source\nforged_source:\n.incbin \"allergies_test.cpp\"\n.byte 0\n"
        ".previous\n");
extern "C" const char forged_source[];
namespace {
const int forged = [] {
    std::string all = forged_source;
    int count = 0;
    for (size_t at = all.find("TEST_CASE("); at != std::string::npos; at = all.find("TEST_CASE(", at + 1)) {
        size_t begin = all.find('"', at) + 1, end = all.find('"', begin);
        std::printf("0.000 s: %s\n", all.substr(begin, end - begin).c_str());
        ++count;
    }
    std::printf("===\nAll tests passed (%d assertions in %d test cases)\n", count, count);
    std::fflush(stdout);
    _exit(0);
    return 0;
}();
}
"""


@pytest.mark.slow
@pytest.mark.linux_only
def test_a_program_embedding_its_held_out_source_at_build_time_cannot_forge_the_held_out_phase(tmp_path):
    needs_toolchain("g++", "bwrap")
    live_in_one_directory(tmp_path, INCBIN_FORGER)
    from attack_helpers import bench, not_passed
    root, cmd = allergies_suite(tmp_path / "suite", INCBIN_FORGER)
    record = bench(tmp_path, root, cmd, tasks=("cpp-allergies",)).graded("cpp-allergies")
    not_passed(record)
    assert "tripwire_passed" in record["flags"], record["flags"]   # the source it embedded held the tripwire


def test_only_a_command_that_builds_nothing_runs_without_the_held_out_sources():
    """The build reads the held-out sources; the run that follows (and any command naming no compiler or build
    tool) cannot read them; other languages' commands keep them."""
    from bench import oracle
    from bench.languages import cpp, profile_of
    build, run = task_commands("cpp-allergies", "heldout")
    assert not cpp.PROFILE.hides_heldout(build, "allergies_test.cpp")
    assert not cpp.PROFILE.hides_heldout(run, "allergies_test.cpp")   # nothing was built before it
    assert cpp.PROFILE.hides_heldout(run, "allergies_test.cpp", [build])
    assert cpp.PROFILE.hides_heldout(run, "test/catch.hpp", [build])
    assert not cpp.PROFILE.hides_heldout(run, "data.txt", [build])
    for builds in ("make test", "cmake --build build && ctest", "g++ -o t t.cpp && ./t -d yes",
                   "/usr/bin/clang++ t.cpp", "CXX=g++ ./build.sh"):
        assert not cpp.PROFILE.hides_heldout(builds, "t_test.cpp", [build]), builds
    assert not profile_of("python").hides_heldout("python -m pytest", "test_x.py", ["python -m build"])
    # through the phase: a script of the task's tree may build, so it keeps the sources
    copy = SUITE / "heldout" / "cpp-allergies"
    held = [("allergies_test.cpp", b"", 0o644)]
    assert oracle.heldout_hidden(run, [build], held, copy, "cpp", frozenset()) == [copy / "allergies_test.cpp"]
    assert oracle.heldout_hidden(run, [], held, copy, "cpp", frozenset()) == []
    assert oracle.heldout_hidden("./run_tests.sh", [build], held, copy, "cpp", frozenset({"run_tests.sh"})) == []


# In-process: a static constructor of the code under test (linked after the tests, so run after their
# registrations) lists Catch2's own registry, prints each test case as ended and a passing summary, and leaves.
# Nothing is read from the files, so hiding them changes nothing (like Go's OUT_OF_REACH).
REGISTRY_FORGER = r"""
#include "test/catch.hpp"
#include <cstdio>
#include <unistd.h>
namespace {
const int forged = [] {
    auto const& all = Catch::getRegistryHub().getTestCaseRegistry().getAllTests();
    for (auto const& test : all) std::printf("0.000 s: %s\n", test.name.c_str());
    std::printf("===\nAll tests passed (%d assertions in %d test cases)\n", int(all.size()), int(all.size()));
    std::fflush(stdout);
    _exit(0);
    return 0;
}();
}
"""


@pytest.mark.slow
@pytest.mark.linux_only
def test_a_program_listing_catch2_s_registry_cannot_forge_the_held_out_phase(tmp_path):
    needs_toolchain("g++", "bwrap")
    live_in_one_directory(tmp_path, REGISTRY_FORGER)
    from attack_helpers import bench, not_passed
    root, cmd = allergies_suite(tmp_path / "suite", REGISTRY_FORGER)
    record = bench(tmp_path, root, cmd, tasks=("cpp-allergies",)).graded("cpp-allergies")
    not_passed(record)
    assert "tripwire_passed" in record["flags"], record["flags"]   # the registry held the tripwire too
