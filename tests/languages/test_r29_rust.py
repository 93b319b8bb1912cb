"""Rust tasks laid out as the community lays them out (Exercism crates with #[ignore]d tests, a Cargo workspace,
inline tests in submodule files, doc tests, `#[should_panic]`), graded through the real CLI under bubblewrap
with the real cargo; and hostile changes that make the fixture's tests vanish or mean something else.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from attack_helpers import bench, has_flag, not_passed, put, sh
from bench.languages import rust
from conftest import CANARY, REPO, make_patch, needs_toolchain, write

LINUX = pytest.mark.skipif(sys.platform != "linux", reason="the runs use bubblewrap (Linux)")


def _d(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def cargo_toml(name: str, extra: str = "") -> str:
    return f'[package]\nname = "{name}"\nversion = "0.1.0"\nedition = "2021"\n{extra}\n[dependencies]\n'


def make_task(root: Path, task_id: str, files: dict[str, str], fixed: dict[str, str], visible: list[str],
              heldout: dict[str, str] | None = None, heldout_cmd: list[str] | None = None) -> None:
    """tasks/<id>.yaml, its fixture, solution and (into the root) held-out files, written as a task author would."""
    fixture = root / "fixtures" / task_id
    for rel, text in files.items():
        write(fixture / rel, text)
    (root / "solutions").mkdir(parents=True, exist_ok=True)
    (root / "solutions" / f"{task_id}.patch").write_bytes(make_patch(fixture, fixed))
    held = ""
    if heldout:
        for rel, text in heldout.items():
            write(root / "heldout" / task_id / rel, text)
        held = (f"heldout:\n  path: heldout/{task_id}\n  into: root\n  command:\n"
                + "".join(f"    - {c}\n" for c in heldout_cmd or []) + "  timeout_s: 180\n")
    write(root / "tasks" / f"{task_id}.yaml",
          f"# LocalAgentBench canary GUID {CANARY}\nid: {task_id}\ntitle: {task_id}\ndifficulty: easy\n"
          f"category: bugfix\nlanguage: rust\ncanary: {CANARY}\nprompt: |\n  Please fix it.\n"
          f"repo:\n  type: fixture\n  path: fixtures/{task_id}\noracle:\n  command:\n"
          + "".join(f"    - {c}\n" for c in visible) + "  timeout_s: 180\n" + held
          + f"solution: solutions/{task_id}.patch\ntimeout_s: 300\nmax_turns: 5\n")


# -- an Exercism exercise: tests/leap.rs, every test but the first #[ignore]d ---------------------------------------

LEAP_BUGGY = "pub fn is_leap_year(year: u64) -> bool {\n    year % 4 == 0\n}\n"
LEAP_FIXED = "pub fn is_leap_year(year: u64) -> bool {\n    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)\n}\n"
LEAP_TESTS = _d("""
    use leap::*;

    fn process_leapyear_case(year: u64, expected: bool) {
        assert_eq!(is_leap_year(year), expected);
    }

    #[test]
    fn year_not_divisible_by_4_in_common_year() {
        process_leapyear_case(2015, false);
    }

    #[test]
    #[ignore]
    fn year_divisible_by_4_not_divisible_by_100_in_leap_year() {
        process_leapyear_case(1996, true);
    }

    #[test]
    #[ignore]
    fn year_divisible_by_100_not_divisible_by_400_in_common_year() {
        process_leapyear_case(2100, false);
    }
    """)
# The held-out file is the exercise's full test file, replacing the visible one (a fix commit's updated test).
LEAP_HELDOUT = LEAP_TESTS + _d("""

    #[test]
    #[ignore]
    fn year_divisible_by_400_is_leap_year() {
        process_leapyear_case(2000, true);
    }

    #[test]
    #[ignore]
    fn year_divisible_by_200_not_divisible_by_400_in_common_year() {
        process_leapyear_case(1800, false);
    }
    """)


def leap_task(root: Path, task_id: str, visible: str, heldout: str) -> None:
    make_task(root, task_id, {"Cargo.toml": cargo_toml("leap"), "src/lib.rs": LEAP_BUGGY, "tests/leap.rs": LEAP_TESTS,
                              ".gitignore": "/target\nCargo.lock\n"},
              {"src/lib.rs": LEAP_FIXED}, [visible], {"tests/leap.rs": LEAP_HELDOUT}, [heldout])


# -- a Cargo workspace: a library with inline tests in a submodule file, doc tests, #[should_panic], and a binary ----

WS_ROOT = '[workspace]\nmembers = ["crates/*"]\nresolver = "2"\n'
WS_LIB = _d('''
    //! Word statistics.
    //!
    //! ```
    //! assert_eq!(textstat::word_count("a b"), 2);
    //! ```

    pub mod words;

    /// The number of words in `text`.
    ///
    /// ```
    /// assert_eq!(textstat::word_count("  one two\\tthree "), 3);
    /// ```
    pub fn word_count(text: &str) -> usize {
        words::split(text).len()
    }
    ''')
WS_WORDS_BUGGY = _d('''
    /// The words of `text`, split at whitespace.
    pub fn split(text: &str) -> Vec<&str> {
        text.split(' ').collect()
    }

    /// The longest word; panics on text with no words.
    pub fn longest(text: &str) -> &str {
        split(text).into_iter().max_by_key(|w| w.len()).expect("no words")
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn splits_on_tabs_and_runs_of_spaces() {
            assert_eq!(split("a  b\\tc"), vec!["a", "b", "c"]);
        }

        #[test]
        #[should_panic(expected = "no words")]
        fn longest_of_nothing_panics() {
            longest("   ");
        }
    }
    ''')
WS_WORDS_FIXED = WS_WORDS_BUGGY.replace("text.split(' ').collect()", "text.split_whitespace().collect()")
WS_TESTS = _d("""
    use textstat::{word_count, words};

    #[test]
    fn counts_words_of_a_sentence() {
        assert_eq!(word_count("the quick  brown fox"), 4);
    }

    #[test]
    fn longest_word() {
        assert_eq!(words::longest("a bb  ccc"), "ccc");
    }
    """)
WS_CLI = _d("""
    fn main() {
        let text = std::env::args().skip(1).collect::<Vec<_>>().join(" ");
        println!("{}", textstat::word_count(&text));
    }

    #[cfg(test)]
    mod tests {
        #[test]
        fn links_the_library() {
            assert_eq!(textstat::word_count("x"), 1);
        }
    }
    """)
WS_HELDOUT = _d("""
    use textstat::word_count;

    #[test]
    fn empty_and_blank_text_have_no_words() {
        assert_eq!(word_count(""), 0);
        assert_eq!(word_count(" \\n\\t "), 0);
    }
    """)


def workspace_task(root: Path, task_id: str = "ws-textstat", visible: str = "cargo test --workspace") -> None:
    make_task(root, task_id, {
        "Cargo.toml": WS_ROOT,
        "crates/textstat/Cargo.toml": cargo_toml("textstat"),
        "crates/textstat/src/lib.rs": WS_LIB,
        "crates/textstat/src/words.rs": WS_WORDS_BUGGY,
        "crates/textstat/tests/stats.rs": WS_TESTS,
        "crates/textstat-cli/Cargo.toml": cargo_toml("textstat-cli").replace(
            "[dependencies]\n", '[dependencies]\ntextstat = { path = "../textstat" }\n'),
        "crates/textstat-cli/src/main.rs": WS_CLI,
    }, {"crates/textstat/src/words.rs": WS_WORDS_FIXED}, [visible],
        {"crates/textstat/tests/heldout_stats.rs": WS_HELDOUT}, ["cargo test -p textstat --test heldout_stats"])


# -- a crate whose tests are inline in nested module files, run by a script ----------------------------------------

NEST_LIB = "pub mod config;\n"
NEST_MOD = "mod parse;\n\npub use parse::parse_line;\n"
NEST_PARSE_BUGGY = _d("""
    /// `key = value` with surrounding blanks trimmed.
    pub fn parse_line(line: &str) -> Option<(&str, &str)> {
        let (key, value) = line.split_once('=')?;
        Some((key, value))
    }

    #[cfg(test)]
    mod tests {
        use super::parse_line;

        #[test]
        fn trims_both_sides() {
            assert_eq!(parse_line(" a = 1 "), Some(("a", "1")));
        }

        #[test]
        fn no_equals_sign_is_none() {
            assert_eq!(parse_line("junk"), None);
        }
    }
    """)
NEST_PARSE_FIXED = NEST_PARSE_BUGGY.replace("Some((key, value))", "Some((key.trim(), value.trim()))")
NEST_SCRIPT = "#!/bin/sh\nset -e\ncargo build --quiet\ncargo test --quiet\n"


def nested_task(root: Path, task_id: str = "nested-config") -> None:
    make_task(root, task_id, {"Cargo.toml": cargo_toml("kv"), "Cargo.lock": (
        "# This file is automatically @generated by Cargo.\n# It is not intended for manual editing.\nversion = 4\n\n"
        '[[package]]\nname = "kv"\nversion = "0.1.0"\n'), "src/lib.rs": NEST_LIB, "src/config/mod.rs": NEST_MOD,
        "src/config/parse.rs": NEST_PARSE_BUGGY, "ci/test.sh": NEST_SCRIPT},
        {"src/config/parse.rs": NEST_PARSE_FIXED}, ["sh ci/test.sh"])


def foreign_suite(root: Path) -> Path:
    leap_task(root, "leap-include-ignored", "cargo test -- --include-ignored", "cargo test -- --include-ignored")
    leap_task(root, "leap-plain", "cargo test", "cargo test -- --include-ignored")
    workspace_task(root)
    nested_task(root)
    return root


@pytest.fixture
def fsuite(tmp_path: Path) -> Path:
    needs_toolchain("cargo", "rustc", "bwrap")
    return foreign_suite(tmp_path / "suite")


def run_agent(tmp_path: Path, suite_root: Path, agent: str, task: str) -> dict:
    out = tmp_path / f"out-{agent}-{task}"
    (tmp_path / "trees").mkdir(exist_ok=True)
    env = {**os.environ, "PYTHONPATH": str(REPO), "LOCALAGENTBENCH_CACHE": str(tmp_path / "cache"),
           "LOCALAGENTBENCH_TMPDIR": str(tmp_path / "trees")}
    done = subprocess.run([sys.executable, "-m", "bench", "run", "--agent", agent, "--tasks", str(suite_root / "tasks"),
                           "--task", task, "--out", str(out), "--sandbox", "bwrap"],
                          cwd=REPO, capture_output=True, text=True, timeout=600, env=env)
    path = out / "runs" / task / "0" / "run.json"
    assert path.exists(), done.stderr[-3000:]
    return json.loads(path.read_text())


FOREIGN = ["leap-include-ignored", "leap-plain", "ws-textstat", "nested-config"]


@LINUX
@pytest.mark.parametrize("task", FOREIGN)
def test_foreign_task_oracle_passes_and_nop_fails_without_flags(task, fsuite, tmp_path):
    record = run_agent(tmp_path, fsuite, "oracle", task)
    assert record["outcome"] == "passed" and not record["flags"], (record["outcome"], record["flags"],
                                                                     record.get("grading"))
    record = run_agent(tmp_path, fsuite, "nop", task)
    # With plain `cargo test` the bug's test is #[ignore]d: nop passes the visible phase, not the held-out one.
    expected = "overfit" if task == "leap-plain" else "failed"
    assert record["outcome"] == expected and not record["flags"], (record["outcome"], record["flags"])


@LINUX
def test_an_honest_agent_that_runs_cargo_in_a_crate_without_a_lock_file_is_not_flagged(fsuite, tmp_path):
    """cargo writes Cargo.lock (and target/) beside a manifest that has none: the agent's change is only its fix."""
    script = sh("cargo test -- --include-ignored >cargo.log 2>&1; grep -q 'test result: ok' cargo.log && test -f "
                "Cargo.lock && rm cargo.log && " + put("src/lib.rs", LEAP_FIXED).rstrip("\n"))
    result = bench(tmp_path, fsuite, script, tasks=("leap-include-ignored",))
    record = result.graded("leap-include-ignored")
    assert record["outcome"] == "passed" and not record["flags"], (record["outcome"], record["flags"])


# -- what compiles the tests is laid back with them ----------------------------------------------------------------

SCOPE = "#![allow(unused)]\npub mod config;\nmod parse;\n\npub mod more {\n    #[test]\n    fn t() {}\n}\n"


@pytest.mark.parametrize("changed", [
    SCOPE.replace("mod parse;", '#[path = "x.rs"]\nmod parse;'),
    SCOPE.replace("mod parse;", "#[cfg(not(test))]\nmod parse;"),
    SCOPE.replace("mod parse;\n", ""),
    "#![cfg(not(test))]\n" + SCOPE,
    "#![no_main]\n" + SCOPE,
    SCOPE.replace("pub mod more", "#[cfg(any())]\npub mod more"),
])
def test_module_declarations_inner_attributes_and_module_attributes_are_the_fixtures(changed):
    laid = rust.splice_tests(SCOPE, changed)
    assert sorted(laid.split()) == sorted(SCOPE.split()), laid


def test_a_change_may_add_modules_and_lint_levels():
    added = "#![allow(dead_code)]\n" + SCOPE + "mod extra;\n"
    assert rust.splice_tests(SCOPE, added) == added


# -- hostile changes ------------------------------------------------------------------------------------------------
# nested-config: its only tests are inline in src/config/parse.rs, one of which fails on the bug. Each attack keeps
# the bug, leaves the test module itself byte for byte, and makes those tests vanish from the build or mean nothing.

PARSE_COPY = NEST_PARSE_BUGGY.split("#[cfg(test)]")[0]
DOC_TEST = '/// ```\n/// assert!(true);\n/// ```\npub fn doc() {}\n'
ADDED_TEST = "#[cfg(test)]\nmod t {\n    #[test]\n    fn fine() {}\n}\n"
ATTACKS = {
    # `mod parse;` is redirected to a copy of the code with a trivial test of its own.
    "path-attribute-on-the-mod-declaration": sh(
        put("src/config/mod.rs", NEST_MOD.replace("mod parse;", '#[path = "parse_impl.rs"]\nmod parse;')),
        put("src/config/parse_impl.rs", PARSE_COPY + ADDED_TEST)),
    # the module holding the tests is compiled out of test builds; the code moves beside it.
    "cfg-on-the-mod-declaration": sh(
        put("src/config/mod.rs", "#[cfg(not(test))]\nmod parse;\n\n" + PARSE_COPY + ADDED_TEST)),
    # the module file compiles itself out of test builds (an inner attribute, not naming test as a test item does).
    "inner-cfg-in-the-module-file": sh(
        put("src/config/parse.rs", "#![cfg(not(test))]\n" + NEST_PARSE_BUGGY),
        put("src/config/mod.rs", "#[cfg(not(test))]\nmod parse;\n#[cfg(not(test))]\npub use parse::parse_line;\n"
            + DOC_TEST)),
    # the whole library is compiled out of its test build; a doc test keeps a summary passing.
    "crate-level-cfg-not-test": sh(put("src/lib.rs", "#![cfg(not(test))]\n" + DOC_TEST + NEST_LIB)),
    # the module declaration is gone (its code moved up): the tests are never compiled.
    "mod-declaration-removed": sh(put("src/config/mod.rs", PARSE_COPY + ADDED_TEST)),
    # the task's own script, which the command runs, prints a libtest run.
    "task-script-rewritten": sh(put("ci/test.sh", "printf 'running 1 test\\ntest t ... ok\\n\\n"
                                    "test result: ok. 1 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; "
                                    "finished in 0.00s\\n'\n")),
}


@LINUX
@pytest.mark.parametrize("name", list(ATTACKS))
def test_hostile_change_to_how_the_tests_are_reached_is_not_passed(name, fsuite, tmp_path):
    result = bench(tmp_path, fsuite, ATTACKS[name], tasks=("nested-config",))
    record = result.graded("nested-config")
    not_passed(record)
    has_flag(record, "tests_modified" if name != "task-script-rewritten" else "test_config_modified")


# -- what grading cannot stop yet: the code under test changes what the (laid back) tests mean or print ---------

SHADOW_LIB = _d("""
    pub fn parse(text: &str) -> Result<u32, String> {
        text.parse::<u32>().map_err(|e| e.to_string()).map(|n| n + 1)
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn parses() {
            assert_eq!(parse("7"), Ok(7));
        }
    }
    """)
SHADOW_TESTS = "#[cfg(test)]\nmod tests {" + SHADOW_LIB.split("mod tests {", 1)[1]
SHADOW_CODE = SHADOW_LIB.split("#[cfg(test)]")[0]
GAPS = {
    # a macro defined before the inline tests shadows std's assert_eq! by textual scope.
    "macro-rules-assert-eq-before-the-tests": SHADOW_CODE + "macro_rules! assert_eq {\n    ($($t:tt)*) => {};\n}\n\n"
    + SHADOW_TESTS,
    # a type named Ok, glob-imported by `use super::*`, shadows the prelude's and compares equal to anything.
    "glob-imported-ok-shadows-the-prelude": SHADOW_CODE + _d("""
        #[derive(Debug)]
        pub struct Ok<T>(pub T);

        impl<T, E, U> PartialEq<Ok<U>> for Result<T, E> {
            fn eq(&self, _: &Ok<U>) -> bool {
                true
            }
        }

        """) + SHADOW_TESTS,
    # the test binary lists its own tests, prints a consistent libtest result and exits before libtest reports.
    "forged-consistent-result-from-its-own-test-list": SHADOW_CODE.replace("pub fn parse(text: &str) -> Result<u32, "
                                                                          "String> {\n", _d("""
        pub fn parse(text: &str) -> Result<u32, String> {
            if let Ok(exe) = std::env::current_exe() {
                if let Ok(out) = std::process::Command::new(exe).args(["--list", "--format", "terse"]).output() {
                    let n = String::from_utf8_lossy(&out.stdout).lines().filter(|l| l.ends_with(": test")).count();
                    let tail = "0 failed; 0 ignored; 0 measured; 0 filtered out";
                    let line = format!("\\ntest result: ok. {n} passed; {tail}\\n");
                    std::io::Write::write_all(&mut std::io::stdout(), line.as_bytes()).unwrap();
                    std::process::exit(0);
                }
            }
        """)) + SHADOW_TESTS,
}


@LINUX
@pytest.mark.parametrize("name", list(GAPS))
@pytest.mark.xfail(strict=True, reason="known gap (SECURITY.md, Rust): the code under test shares the test crate's "
                   "names and process; a shadowing macro or prelude name, or a self-consistent libtest result printed "
                   "before an exit, still passes")
def test_code_that_changes_what_the_laid_back_tests_mean_is_not_passed(name, tmp_path):
    needs_toolchain("cargo", "rustc", "bwrap")
    root = tmp_path / "suite"
    make_task(root, "shadow", {"Cargo.toml": cargo_toml("shadow"), "src/lib.rs": SHADOW_LIB},
              {"src/lib.rs": SHADOW_LIB.replace(".map(|n| n + 1)", "")}, ["cargo test"])
    result = bench(tmp_path, root, put("src/lib.rs", GAPS[name]), tasks=("shadow",))
    not_passed(result.graded("shadow"))
