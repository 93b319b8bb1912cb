"""Hostile Rust changes against grading (issue 30's surfaces): a forged libtest report that names the held-out
tests it reads at run time, and cargo configuration the change plants where cargo looks."""
from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from bench.languages import rust
from conftest import REPO, needs_toolchain
from tools.polyglot import convert, split

SUITE = REPO / "suites" / "polyglot"

# Runs before main in every test binary (an ELF constructor): reads the held-out test files cargo compiled (they lie
# in the package's tests/, the binary's working directory), prints libtest's report naming each of their #[test]
# functions as passed, and exits 0.
NAME_READING_FORGER = r'''
#[used]
#[unsafe(link_section = ".init_array")]
static FORGE: extern "C" fn() = {
    extern "C" fn forge() {
        let mut names = Vec::new();
        for entry in std::fs::read_dir("tests").into_iter().flatten().flatten() {
            let text = std::fs::read_to_string(entry.path()).unwrap_or_default();
            let mut armed = false;
            for line in text.lines().map(str::trim) {
                if line.starts_with("#[test]") {
                    armed = true;
                } else if armed && line.starts_with("fn ") {
                    names.push(line[3..].split('(').next().unwrap_or("").trim().to_string());
                    armed = false;
                }
            }
        }
        println!("running {} tests", names.len());
        for name in &names {
            println!("test {} ... ok", name);
        }
        println!();
        println!("test result: ok. {} passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s",
                 names.len());
        std::process::exit(0);
    }
    forge
};
'''


@pytest.mark.xfail(strict=True, reason="open: code under test runs inside libtest's process and can read the "
                                       "held-out names (tests/ in its working directory, or its own --list)")
def test_a_forger_that_reads_the_held_out_names_at_run_time_is_not_a_pass(tmp_path):
    """rust-acronym with a stub that fails every test plus the forger (a real cargo build): the output names every
    held-out test passed and adds up, so neither libtest_summary nor unreported() can tell it from a real pass."""
    needs_toolchain("cargo")
    crate = tmp_path / "acronym"
    shutil.copytree(SUITE / "fixtures" / "rust-acronym", crate)
    held_file = SUITE / "heldout" / "rust-acronym" / "tests" / "acronym.rs"
    shutil.copy(held_file, crate / "tests" / "acronym.rs")
    (crate / "src" / "lib.rs").write_text("pub fn abbreviate(_phrase: &str) -> String { String::new() }\n"
                                         + NAME_READING_FORGER)
    env = {**os.environ, "CARGO_HOME": str(tmp_path / "cargo-home"), "CARGO_NET_OFFLINE": "true"}
    done = subprocess.run(["cargo", "test", "--offline", "--all-features"], cwd=crate, env=env, capture_output=True,
                          timeout=300)
    output = done.stdout + done.stderr
    assert done.returncode == 0, output   # the forger ran in every test binary and exited 0
    held = [u.name for u in split.rust_units({"tests/acronym.rs": held_file.read_text()})]
    assert held
    summary = rust.libtest_summary(output.decode())
    missing = rust.PROFILE.unreported([("tests/acronym.rs", held_file.read_bytes())], [output])
    # What grading must conclude of a stub that returns "" for every phrase: not a pass.
    assert summary is None or summary.failed > 0 or missing, output.decode()


def _suite(root, task: str):
    """One polyglot task copied from the suite (task, fixture, held-out and upstream tests, reference)."""
    (root / "tasks").mkdir(parents=True)
    shutil.copy(SUITE / "tasks" / f"{task}.yaml", root / "tasks")
    for where in ("fixtures", "heldout", "upstream"):
        if (SUITE / where / task).is_dir():
            shutil.copytree(SUITE / where / task, root / where / task)
    (root / "solutions").mkdir()
    shutil.copy(SUITE / "solutions" / f"{task}.patch", root / "solutions")
    return root


@pytest.mark.slow
@pytest.mark.linux_only
@pytest.mark.xfail(strict=True, reason="open: the forger passes grading end to end (see the test above)")
def test_the_name_reading_forger_is_not_passed_by_grading_in_bwrap(tmp_path):
    """The whole run: a `command` agent leaves the stub plus the forger in rust-acronym; grading (bwrap, visible and
    held-out phases) must not book it passed."""
    from attack_helpers import bench, put, sh
    needs_toolchain("cargo", "bwrap")
    task = "rust-acronym"
    suite = _suite(tmp_path / "suite", task)
    lib = "pub fn abbreviate(_phrase: &str) -> String { String::new() }\n" + NAME_READING_FORGER
    result = bench(tmp_path, suite, sh(put("src/lib.rs", lib)), tasks=(task,))
    record = result.graded(task)
    assert record["outcome"] != "passed", (record["outcome"], record["flags"])


# The tests of 19 of the suite's 30 Rust tasks import `use <crate>::*;`, and a glob import shadows the std prelude:
# the crate could export its own `Some` and `None` (a value every Option<i32> equals), so that `answer` returns None
# for every question and every assert_eq! holds. The converter pins the prelude's names above the glob with an
# explicit import (which outranks a glob), so the tests' `Some` is std's.
PRELUDE_SHADOW = '''pub fn answer(_command: &str) -> Option<i32> {
    Option::None
}

#[derive(Debug)]
pub struct Anything;

impl PartialEq<Anything> for Option<i32> {
    fn eq(&self, _other: &Anything) -> bool {
        true
    }
}

#[allow(non_snake_case)]
pub fn Some<T>(_value: T) -> Anything {
    Anything
}

#[allow(non_upper_case_globals)]
pub const None: Anything = Anything;
'''


def test_a_crate_shadowing_the_prelude_through_the_held_out_glob_import_does_not_pass(tmp_path):
    """rust-wordy with an `answer` that always returns None, plus prelude shadows: the held-out tests, laid back as
    grading lays them, fail under real cargo (their `Some` and `None` are std's)."""
    needs_toolchain("cargo")
    crate = tmp_path / "wordy"
    shutil.copytree(SUITE / "fixtures" / "rust-wordy", crate)
    held_file = SUITE / "heldout" / "rust-wordy" / "tests" / "wordy.rs"
    assert "\nuse wordy::*;\n" in held_file.read_text()
    shutil.copy(held_file, crate / "tests" / "wordy.rs")
    (crate / "src" / "lib.rs").write_text(PRELUDE_SHADOW)
    env = {**os.environ, "CARGO_HOME": str(tmp_path / "cargo-home"), "CARGO_NET_OFFLINE": "true"}
    done = subprocess.run(["cargo", "test", "--offline", "--all-features", "--", "--include-ignored"], cwd=crate,
                          env=env, capture_output=True, timeout=300)
    output = (done.stdout + done.stderr).decode()
    summary = rust.libtest_summary(output)
    assert done.returncode != 0 or summary is None or summary.failed > 0, output[-3000:]


@pytest.mark.slow
@pytest.mark.linux_only
def test_the_prelude_shadow_is_not_passed_by_grading_in_bwrap(tmp_path):
    """The whole run: a `command` agent leaves the always-None stub with its prelude shadows in rust-wordy; grading
    (bwrap, visible and held-out phases) must not book it passed."""
    from attack_helpers import bench, put, sh
    needs_toolchain("cargo", "bwrap")
    task = "rust-wordy"
    suite = _suite(tmp_path / "suite", task)
    result = bench(tmp_path, suite, sh(put("src/lib.rs", PRELUDE_SHADOW)), tasks=(task,))
    record = result.graded(task)
    assert record["outcome"] != "passed", (record["outcome"], record["flags"])


# A crate whose glob-imported names would stand in for what the tests name outside the std prelude the converter
# pins: a `#[macro_export]` assert_eq! that asserts nothing (macros exported at the crate root come with the glob),
# and a module named like the crate the tests take their generator from (rust-robot-name's `use rand::...`).
MACRO_SHADOW = '''pub fn abbreviate(_phrase: &str) -> String {
    String::new()
}

#[macro_export]
macro_rules! assert_eq {
    ($($t:tt)*) => { () };
}
'''
RAND_SHADOW_MODULE = '''
pub mod rand {
    pub trait SeedableRng {}
    pub mod rngs {
        pub struct SmallRng;
        impl SmallRng {
            pub fn seed_from_u64(_seed: u64) -> Self {
                SmallRng
            }
        }
    }
}
'''


@pytest.mark.parametrize("task,test_file", [("rust-acronym", "acronym.rs"), ("rust-robot-name", "robot_name.rs")])
def test_glob_imported_macros_and_modules_do_not_replace_std_or_a_dependency(tmp_path, task, test_file):
    """Real cargo, the held-out test file as grading lays it: a crate exporting its own assert_eq! (rust-acronym,
    whose `abbreviate` returns "") or its own `rand` module (rust-robot-name, the stub) through the tests' glob
    import does not build: rustc calls a name that a glob import and the macro prelude or the extern prelude both
    give ambiguous (E0659), so the tests never run against the crate's stand-ins."""
    needs_toolchain("cargo")
    crate = tmp_path / task
    shutil.copytree(SUITE / "fixtures" / task, crate)
    held_file = SUITE / "heldout" / task / "tests" / test_file
    assert f"\nuse {task[5:].replace('-', '_')}::*;\n" in held_file.read_text()
    shutil.copy(held_file, crate / "tests" / test_file)
    lib = crate / "src" / "lib.rs"
    if task == "rust-acronym":
        lib.write_text(MACRO_SHADOW)
    else:
        stub = lib.read_text()
        assert "use rand::Rng;\n" in stub
        lib.write_text(stub.replace("use rand::Rng;\n", "use ::rand::Rng;\n") + RAND_SHADOW_MODULE)
    home = tmp_path / "cargo-home"
    home.mkdir()
    config = rust.cargo_config()
    if config is None and task == "rust-robot-name":
        pytest.skip("Debian's crate sources missing (rand)")
    (home / "config.toml").write_text(config or "")
    env = {**os.environ, "CARGO_HOME": str(home), "CARGO_NET_OFFLINE": "true"}
    done = subprocess.run(["cargo", "test", "--offline", "--all-features"], cwd=crate, env=env, capture_output=True,
                          timeout=600)
    output = (done.stdout + done.stderr).decode()
    assert done.returncode != 0 and "error[E0659]" in output and "is ambiguous" in output, output[-3000:]


# The crate reads the test file cargo compiles beside it, at its own compile time (include_str!), and answers each
# phrase with the `expected` the test gives for it: no acronym is computed. The held-out file lies where the visible
# one did (tests/acronym.rs), so the same path gives the visible answers in one phase and the held-out in the other.
ANSWER_READER = '''const TESTS: &str = include_str!("../tests/acronym.rs");

pub fn abbreviate(phrase: &str) -> String {
    let key = format!("let input = {:?};", phrase);
    let Some(at) = TESTS.find(&key) else { return String::new() };
    let rest = &TESTS[at..];
    let Some(start) = rest.find("let expected = \\"") else { return String::new() };
    let rest = &rest[start + 16..];
    rest[..rest.find('"').unwrap_or(0)].to_string()
}
'''


@pytest.mark.slow
@pytest.mark.linux_only
@pytest.mark.xfail(strict=True, reason="open: cargo builds the crate with the held-out tests/ readable, so "
                                       "include_str! (or #[path], build scripts aside) compiles their expected "
                                       "values into the code under test; the tests then really pass")
def test_a_crate_that_compiles_in_the_tests_expected_values_is_not_passed_by_grading(tmp_path):
    """The whole run: a `command` agent leaves rust-acronym's `abbreviate` as a lookup into the test file it
    include_str!s; grading (bwrap, visible and held-out phases) must not book it passed."""
    from attack_helpers import bench, put, sh
    needs_toolchain("cargo", "bwrap")
    task = "rust-acronym"
    suite = _suite(tmp_path / "suite", task)
    result = bench(tmp_path, suite, sh(put("src/lib.rs", ANSWER_READER)), tasks=(task,))
    record = result.graded(task)
    assert record["outcome"] != "passed", (record["outcome"], record["flags"])


# rust-two-bucket without counting a move: every BucketStats equals every other, and `solve` returns a dummy one
# wherever the goal can be reached at all (a gcd check), None elsewhere.
ANY_TWO_EQUAL = '''#[derive(PartialEq, Eq, Debug)]
pub enum Bucket {
    One,
    Two,
}

#[derive(Debug)]
pub struct BucketStats {
    pub moves: u8,
    pub goal_bucket: Bucket,
    pub other_bucket: u8,
}

impl PartialEq for BucketStats {
    fn eq(&self, _other: &Self) -> bool {
        true
    }
}

impl Eq for BucketStats {}

pub fn solve(capacity_1: u8, capacity_2: u8, goal: u8, _start_bucket: &Bucket) -> Option<BucketStats> {
    let (mut a, mut b) = (capacity_1, capacity_2);
    while b != 0 {
        (a, b) = (b, a % b);
    }
    (goal <= capacity_1.max(capacity_2) && goal % a == 0)
        .then_some(BucketStats { moves: 0, goal_bucket: Bucket::One, other_bucket: 0 })
}
'''


def _cargo_test(tmp_path, task: str, lib: str | None = None, held: dict[str, str] | None = None):
    """`cargo test` (real, offline, Debian's crates) on the task's fixture with its held-out tests/ laid as grading
    lays them (`held` replaces some of their texts), and `lib` as src/lib.rs or else the reference applied."""
    crate = tmp_path / task
    shutil.copytree(SUITE / "fixtures" / task, crate)
    shutil.copytree(SUITE / "heldout" / task / "tests", crate / "tests", dirs_exist_ok=True)
    for name, text in (held or {}).items():
        (crate / "tests" / name).write_text(text)
    if lib is None:
        subprocess.run(["git", "apply", str(SUITE / "solutions" / f"{task}.patch")], cwd=crate, check=True)
    else:
        (crate / "src" / "lib.rs").write_text(lib)
    home = tmp_path / "cargo-home"
    home.mkdir(exist_ok=True)
    (home / "config.toml").write_text(rust.cargo_config() or "")
    env = {**os.environ, "CARGO_HOME": str(home), "CARGO_NET_OFFLINE": "true"}
    done = subprocess.run(["cargo", "test", "--offline", "--all-features"], cwd=crate, env=env, capture_output=True,
                          timeout=600)
    return done.returncode, (done.stdout + done.stderr).decode()


def test_a_crate_whose_equality_holds_for_any_two_values_does_not_build(tmp_path):
    """rust-two-bucket with ANY_TWO_EQUAL: without the converter's derived-equality guard every held-out test
    passes (the attack is live); with it (as committed) the test crate does not compile."""
    needs_toolchain("cargo")
    held = (SUITE / "heldout" / "rust-two-bucket" / "tests" / "two_bucket.rs").read_text()
    marker = "\n// localagentbench: BucketStats keeps the equality"
    assert marker in held
    rc, output = _cargo_test(tmp_path / "bare", "rust-two-bucket", ANY_TWO_EQUAL,
                             {"two_bucket.rs": held[:held.index(marker)] + "\n"})
    summary = rust.libtest_summary(output)
    assert rc == 0 and summary and summary.passed >= 4 and not summary.failed, output[-3000:]
    rc, output = _cargo_test(tmp_path / "guarded", "rust-two-bucket", ANY_TWO_EQUAL)
    assert rc != 0 and "non-structural type `two_bucket::BucketStats`" in output, output[-3000:]


@pytest.mark.parametrize("task", sorted(convert.RUST_DERIVED_EQ))
def test_the_derived_equality_guard_builds_with_the_reference(tmp_path, task):
    """Each task the guard is written into: its reference passes every held-out test, guard included."""
    needs_toolchain("cargo")
    tests = "\n".join(p.read_text() for p in (SUITE / "heldout" / task / "tests").glob("*.rs"))
    assert "fn localagentbench_derived_eq(" in tests, task
    rc, output = _cargo_test(tmp_path, task)
    summary = rust.libtest_summary(output)
    assert rc == 0 and summary and summary.passed and not summary.failed, output[-3000:]


def test_the_derived_equality_guard_needs_the_stub_to_derive(tmp_path):
    """The converter refuses a task whose stub no longer derives PartialEq for the guarded type (upstream moved)."""
    stub = {"src/lib.rs": "pub struct BucketStats;\nimpl PartialEq for BucketStats { fn eq(&self, _: &Self) -> "
                          "bool { true } }\n"}
    with pytest.raises(convert.ConvertError, match="rust-two-bucket: the stub no longer derives PartialEq"):
        convert._rust_guard_tests("use two_bucket::*;\n", stub, "rust-two-bucket")


ROBOT_CARGO_WITH_A_BUILD_SCRIPT = '''[package]
name = "robot_name"
version = "0.1.0"
edition = "2024"
build = "src/gen.rs"

[dependencies]
rand = { version = "0.8", features = ["small_rng", "std_rng"] }
'''
BUILD_SCRIPT = '''fn main() {
    let names: Vec<String> = std::fs::read_dir("tests").into_iter().flatten().flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned()).collect();
    println!("cargo:warning=LAB-BUILD-SCRIPT-RAN {}", names.join(","));
}
'''


@pytest.mark.slow
@pytest.mark.linux_only
def test_a_ported_exercises_manifest_naming_a_build_script_never_reaches_grading(tmp_path):
    """rust-robot-name (ported to Debian's rand 0.8): the change's Cargo.toml names a build script of another name
    (src/gen.rs, which build.rs's rule does not catch) and asks another rand feature. The build script runs under
    that manifest (live: real cargo), but grading lays back the fixture's Cargo.toml (test_config_modified), so it
    never runs there and the stub fails."""
    from attack_helpers import bench, put, sh
    needs_toolchain("cargo", "bwrap")
    task = "rust-robot-name"
    crate = tmp_path / "live"
    shutil.copytree(SUITE / "fixtures" / task, crate)
    (crate / "Cargo.toml").write_text(ROBOT_CARGO_WITH_A_BUILD_SCRIPT)
    (crate / "src" / "gen.rs").write_text(BUILD_SCRIPT)
    home = tmp_path / "cargo-home"
    home.mkdir()
    (home / "config.toml").write_text(rust.cargo_config() or "")
    env = {**os.environ, "CARGO_HOME": str(home), "CARGO_NET_OFFLINE": "true"}
    done = subprocess.run(["cargo", "build", "--offline", "--tests"], cwd=crate, env=env, capture_output=True,
                          timeout=600)
    assert b"LAB-BUILD-SCRIPT-RAN robot_name.rs" in done.stdout + done.stderr, (done.stdout + done.stderr)[-3000:]
    suite = _suite(tmp_path / "suite", task)
    result = bench(tmp_path, suite, sh(put("Cargo.toml", ROBOT_CARGO_WITH_A_BUILD_SCRIPT),
                                       put("src/gen.rs", BUILD_SCRIPT)), tasks=(task,))
    record = result.graded(task)
    assert record["outcome"] != "passed", (record["outcome"], record["flags"])
    assert "test_config_modified" in record["flags"], record["flags"]
    logs = [p for p in result.file("x", task).parent.glob("*.log")]
    assert logs and not any("LAB-BUILD-SCRIPT-RAN" in p.read_text(errors="replace") for p in logs)


# rust-decimal's stub declares Decimal without any trait: the crate writes its PartialEq itself, so the derived-
# equality guard cannot reach it. Every sum, difference and product is an Unknown that equals any Decimal; only
# parsing and ordering are written out, and no arithmetic is ever done.
UNKNOWN_EQUALS_ANYTHING = '''use std::cmp::Ordering;
use std::ops::{Add, Mul, Sub};

/// A parsed decimal (sign, integer digits without leading zeros, fraction digits without trailing zeros), or the
/// result of any arithmetic, which is never computed and equals everything.
#[derive(Debug, Clone)]
pub enum Decimal {
    Value(bool, String, String),
    Unknown,
}

impl Decimal {
    pub fn try_from(input: &str) -> Option<Decimal> {
        let (negative, body) = match input.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, input.strip_prefix('+').unwrap_or(input)),
        };
        let (int, frac) = body.split_once('.').unwrap_or((body, ""));
        if (int.is_empty() && frac.is_empty()) || !int.chars().chain(frac.chars()).all(|c| c.is_ascii_digit()) {
            return None;
        }
        let int = int.trim_start_matches('0').to_string();
        let frac = frac.trim_end_matches('0').to_string();
        let negative = negative && !(int.is_empty() && frac.is_empty());
        Some(Decimal::Value(negative, int, frac))
    }
}

fn magnitude(ai: &str, af: &str, bi: &str, bf: &str) -> Ordering {
    ai.len().cmp(&bi.len()).then_with(|| ai.cmp(bi)).then_with(|| af.cmp(bf))
}

impl PartialOrd for Decimal {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(match (self, other) {
            (Decimal::Value(an, ai, af), Decimal::Value(bn, bi, bf)) => match (an, bn) {
                (false, true) => Ordering::Greater,
                (true, false) => Ordering::Less,
                (false, false) => magnitude(ai, af, bi, bf),
                (true, true) => magnitude(bi, bf, ai, af),
            },
            _ => Ordering::Equal,
        })
    }
}

impl PartialEq for Decimal {
    fn eq(&self, other: &Self) -> bool {
        self.partial_cmp(other) == Some(Ordering::Equal)
    }
}

impl Add for Decimal {
    type Output = Decimal;
    fn add(self, _other: Decimal) -> Decimal {
        Decimal::Unknown
    }
}

impl Sub for Decimal {
    type Output = Decimal;
    fn sub(self, _other: Decimal) -> Decimal {
        Decimal::Unknown
    }
}

impl Mul for Decimal {
    type Output = Decimal;
    fn mul(self, _other: Decimal) -> Decimal {
        Decimal::Unknown
    }
}
'''


@pytest.mark.slow
@pytest.mark.linux_only
@pytest.mark.xfail(strict=True, reason="open: where the exercise has the crate define the type the tests compare "
                                       "(rust-decimal's Decimal), its own PartialEq decides every assert_eq!; the "
                                       "derived-equality guard needs a type the stub derives PartialEq for")
def test_a_decimal_whose_arithmetic_results_equal_anything_is_not_passed_by_grading(tmp_path):
    """The whole run: a `command` agent leaves rust-decimal with UNKNOWN_EQUALS_ANYTHING (every visible and held-out
    test passes under real cargo); grading (bwrap, visible and held-out phases) must not book it passed."""
    from attack_helpers import bench, put, sh
    needs_toolchain("cargo", "bwrap")
    task = "rust-decimal"
    suite = _suite(tmp_path / "suite", task)
    result = bench(tmp_path, suite, sh(put("src/lib.rs", UNKNOWN_EQUALS_ANYTHING)), tasks=(task,))
    record = result.graded(task)
    assert record["outcome"] != "passed", (record["outcome"], record["flags"])
