"""Hostile Rust changes against grading (issue 30's surfaces): a forged libtest report that names the held-out
tests it reads at run time, and cargo configuration the change plants where cargo looks."""
from __future__ import annotations

import os
import re
import shutil
import subprocess

import pytest

from bench import oracle
from bench.languages import rust
from conftest import REPO, needs_toolchain
from tools.polyglot import convert

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


def _held_phase(tmp_path, lib: str, task: str = "rust-acronym", crate_name: str = "acronym", rng=None):
    """The held-out phase of `task` as grading runs it, without its sandbox: the fixture with `lib` as its
    src/lib.rs, the held-out files laid and a tripwire planted (oracle.plant_tripwire, the fixture's test files
    its context as in grading), the task's command run
    through oracle.run_command (real cargo), then the phase's checks. Returns (its one step, the tripwire)."""
    needs_toolchain("cargo")
    crate = tmp_path / crate_name
    shutil.copytree(SUITE / "fixtures" / task, crate)
    held_dir = SUITE / "heldout" / task
    plain = [(str(f.relative_to(held_dir)), f.read_bytes(), 0o644) for f in sorted(held_dir.rglob("*")) if f.is_file()]
    for rel, data, _ in plain:
        (crate / rel).parent.mkdir(parents=True, exist_ok=True)
        (crate / rel).write_bytes(data)
    fixture = SUITE / "fixtures" / task
    context = [f.read_bytes() for f in sorted(fixture.rglob("*"))
               if f.is_file() and oracle.is_test_path(str(f.relative_to(fixture)), "rust")]   # as phase_tripwire
    held, tripwire = oracle.plant_tripwire(plain, crate, "rust", rng, context=context)
    assert tripwire is not None and held != plain
    (crate / "src" / "lib.rs").write_text(lib)
    home, logs = tmp_path / "home", tmp_path / "logs"
    home.mkdir()
    logs.mkdir()
    step = oracle.run_command("cargo test --offline --all-features", 300, kind="none", copy=crate, home=home,
                              env=oracle.grading_env(), logs=logs, index=0, language="rust", tripwire=tripwire.name)
    oracle.require_summary([step], "rust")
    oracle.require_reported([step], plain, "rust")
    oracle.require_tripwire([step], tripwire)
    return step, tripwire


def _solved(tmp_path, task: str) -> str:
    fixture = tmp_path / "solved"
    shutil.copytree(SUITE / "fixtures" / task, fixture)
    subprocess.run(["git", "apply", str(SUITE / "solutions" / f"{task}.patch")], cwd=fixture, check=True)
    return (fixture / "src" / "lib.rs").read_text()


def test_a_forger_that_reads_the_held_out_names_at_run_time_is_not_a_pass(tmp_path):
    """rust-acronym with a stub that fails every test plus the forger (a real cargo build): the output names every
    test it reads in tests/ passed and adds up, the tripwire among them, so the phase fails (tripwire_passed)."""
    stub = "pub fn abbreviate(_phrase: &str) -> String { String::new() }\n" + NAME_READING_FORGER
    step, tripwire = _held_phase(tmp_path, stub)
    text = step.output.decode()
    assert step.exit_code == 0 and f"test {tripwire.name} ... ok" in text, text[-3000:]
    assert not step.passed and step.summary == "tripwire_passed", (step.summary, step.note)
    assert not step.tripwire_failed


def test_the_reference_passes_with_the_tripwire_as_its_one_failure(tmp_path):
    """The reference solution under the tripwire: cargo exits 101, libtest names the tripwire FAILED and counts one
    failure, every held-out test is reported ok: the command passes (its exit explained by the tripwire alone)."""
    step, tripwire = _held_phase(tmp_path, _solved(tmp_path, "rust-acronym"))
    text = step.output.decode()
    assert step.exit_code == 101 and f"test {tripwire.name} ... FAILED" in text, text[-3000:]
    assert "1 failed" in text
    assert step.tripwire == "failed" and step.tripwire_failed and step.passed, (step.summary, step.note)


def test_a_solution_failing_one_held_out_test_still_fails(tmp_path):
    """A solution that gets one held-out case wrong (apostrophes): the tripwire fails and so does that test: two
    failures, the tripwire accounts for one, the command fails as a plain test failure (no flag)."""
    solved = _solved(tmp_path, "rust-acronym").replace(
        "pub fn abbreviate(phrase: &str) -> String {\n",
        "pub fn abbreviate(phrase: &str) -> String {\n    if phrase == \"Halley's Comet\" {\n"
        "        return String::from(\"HCX\");\n    }\n")
    step, tripwire = _held_phase(tmp_path, solved)
    text = step.output.decode()
    assert "test apostrophes ... FAILED" in text and f"test {tripwire.name} ... FAILED" in text, text[-3000:]
    assert step.exit_code == 101 and not step.passed and not step.tripwire_failed and step.summary is None


def test_a_stub_still_fails(tmp_path):
    step, _ = _held_phase(tmp_path, "pub fn abbreviate(_phrase: &str) -> String { String::new() }\n")
    assert step.exit_code == 101 and not step.passed and not step.tripwire_failed


# Prints libtest's report for the test binary's own list (`--list`, which holds the tripwire), every test ok.
LIST_FORGER = r'''
#[used]
#[unsafe(link_section = ".init_array")]
static FORGE: extern "C" fn() = {
    extern "C" fn forge() {
        if std::env::var_os("FORGING").is_some() {
            return;
        }
        let exe = std::env::current_exe().unwrap();
        let out = std::process::Command::new(exe).args(["--list", "--format", "terse"]).env("FORGING", "1")
            .output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        let names: Vec<&str> = text.lines().filter_map(|l| l.strip_suffix(": test")).collect();
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


def test_a_forger_that_reports_its_own_test_list_is_not_a_pass(tmp_path):
    step, tripwire = _held_phase(tmp_path, "pub fn abbreviate(_phrase: &str) -> String { String::new() }\n"
                                 + LIST_FORGER)
    assert f"test {tripwire.name} ... ok" in step.output.decode(), step.output.decode()[-3000:]
    assert not step.passed and step.summary == "tripwire_passed"



# Hostile review r44: lists its own tests with the line of each one's name (libtest's `--list --format json`, an
# unstable option RUSTC_BOOTSTRAP lets any test binary print) and reports failed the one test whose next test's name
# lies 5 or 6 lines on (the tripwire's five lines, a blank, the next one's #[test]), every other ok, as libtest would.
LINE_FORGER = r'''
#[used]
#[unsafe(link_section = ".init_array")]
static FORGE: extern "C" fn() = {
    extern "C" fn forge() {
        if std::env::var_os("FORGING").is_some() {
            return;
        }
        let exe = std::env::current_exe().unwrap();
        let out = std::process::Command::new(exe).args(["--list", "--format", "json", "-Z", "unstable-options"])
            .env("FORGING", "1").env("RUSTC_BOOTSTRAP", "1").output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        let mut tests: Vec<(usize, String)> = Vec::new();
        for line in text.lines().filter(|l| l.contains("\"event\": \"discovered\"")) {
            let name = line.split("\"name\": \"").nth(1).and_then(|r| r.split('"').next()).unwrap_or("");
            let at = line.split("\"start_line\": ").nth(1).and_then(|r| r.split(',').next()).unwrap_or("0");
            tests.push((at.trim().parse().unwrap_or(0), name.to_string()));
        }
        tests.sort();
        let odd: Vec<String> = tests.windows(2).filter(|w| w[1].0 - w[0].0 == 5 || w[1].0 - w[0].0 == 6)
            .map(|w| w[0].1.clone()).collect();
        let odd = if odd.len() == 1 { odd[0].clone() } else { String::new() };
        println!("running {} tests", tests.len());
        for (_, name) in &tests {
            println!("test {} ... {}", name, if *name == odd { "FAILED" } else { "ok" });
        }
        println!();
        if odd.is_empty() {
            println!("test result: ok. {} passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s",
                     tests.len());
            std::process::exit(0);
        }
        println!("failures:");
        println!();
        println!("---- {} stdout ----", odd);
        println!();
        println!();
        println!("failures:");
        println!("    {}", odd);
        println!();
        println!("test result: FAILED. {} passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s",
                 tests.len() - 1);
        std::process::exit(101);
    }
    forge
};
'''


def test_a_forger_that_tells_the_tripwire_by_its_line_is_not_a_pass(tmp_path):
    """rust-poker (its held-out tests' names 8 lines apart) with a stub that fails every test plus LINE_FORGER (a
    real cargo build): the tripwire spans as many lines as lie between two of the file's tests, so the forger does
    not find it by the distance to the next test, and the phase fails."""
    stub = "pub fn winning_hands<'a>(_hands: &[&'a str]) -> Vec<&'a str> { Vec::new() }\n" + LINE_FORGER
    step, tripwire = _held_phase(tmp_path, stub, task="rust-poker", crate_name="poker")
    assert "running" in step.output.decode(), step.output.decode()[-3000:]
    assert not step.passed, (step.summary, step.note)


# Hostile review r44: where the held-out file holds one test, its own list holds two names; rust-nucleotide-codons' one
# test is `stop`, a single word, so a tripwire drawn from its words alone took a word of the harness's common list
# (oracle.TRIPWIRE_WORDS, public): the forger reports failed the name made of those words. The fixture's names now join
# the pool (plant_tripwire).
ONE_TEST_FORGER = r'''
#[used]
#[unsafe(link_section = ".init_array")]
static FORGE: extern "C" fn() = {
    extern "C" fn forge() {
        if std::env::var_os("FORGING").is_some() {
            return;
        }
        let common = [WORDS];
        let exe = std::env::current_exe().unwrap();
        let out = std::process::Command::new(exe).args(["--list", "--format", "terse"]).env("FORGING", "1")
            .output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        let names: Vec<&str> = text.lines().filter_map(|l| l.strip_suffix(": test")).collect();
        let odd: Vec<&str> = names.iter().copied()
            .filter(|n| n.rsplit("::").next().map_or(false, |w| w.split('_').all(|p| common.contains(&p)))).collect();
        let odd = if names.len() == 2 && odd.len() == 1 { odd[0] } else { "" };
        println!("running {} tests", names.len());
        for name in &names {
            println!("test {} ... {}", name, if *name == odd { "FAILED" } else { "ok" });
        }
        println!();
        if odd.is_empty() {
            println!("test result: ok. {} passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s",
                     names.len());
            std::process::exit(0);
        }
        println!("failures:");
        println!();
        println!("---- {} stdout ----", odd);
        println!();
        println!();
        println!("failures:");
        println!("    {}", odd);
        println!();
        println!("test result: FAILED. {} passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s",
                 names.len() - 1);
        std::process::exit(101);
    }
    forge
};
'''.replace("WORDS", ", ".join(f'"{w}"' for w in oracle.TRIPWIRE_WORDS))
NUCLEOTIDE_STUB = """use std::marker::PhantomData;
pub struct CodonsInfo<'a> { phantom: PhantomData<&'a ()> }
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Error;
impl<'a> CodonsInfo<'a> {
    pub fn name_for(&self, _codon: &str) -> Result<&'a str, Error> { Err(Error) }
    pub fn of_rna(&self, _rna: &str) -> Result<Vec<&'a str>, Error> { Err(Error) }
}
pub fn parse<'a>(_pairs: Vec<(&'a str, &'a str)>) -> CodonsInfo<'a> { CodonsInfo { phantom: PhantomData } }
"""


def test_a_forger_telling_the_tripwire_beside_a_lone_test_is_not_a_pass(tmp_path):
    """rust-nucleotide-codons (one held-out test, `stop`) with a stub failing it plus ONE_TEST_FORGER: must fail."""
    step, tripwire = _held_phase(tmp_path, NUCLEOTIDE_STUB + ONE_TEST_FORGER, task="rust-nucleotide-codons",
                                 crate_name="nucleotide_codons")
    assert "running 2 tests" in step.output.decode(), step.output.decode()[-3000:]
    assert not step.passed, (step.summary, step.note)


def _visible_words(task: str) -> list[str]:
    """The words of the names of the tests the agent was shown (the fixture's)."""
    text = "".join(f.read_text() for f in sorted((SUITE / "fixtures" / task / "tests").glob("*.rs")))
    return sorted({w for name in re.findall(r"#\[test\]\s*fn (\w+)", text) for w in name.split("_")})


@pytest.mark.xfail(strict=True, reason="known gap (SECURITY.md, tripwire): beside a lone held-out test the tripwire's "
                   "name is drawn from the words of the names the agent was shown, and the real one (`stop`) has a "
                   "word none of those has")
def test_a_forger_knowing_the_visible_names_beside_a_lone_test_is_not_a_pass(tmp_path):
    """ONE_TEST_FORGER told the fixture's name words instead of the common list: it reports failed the name made
    of words the agent was shown. rust-nucleotide-codons with a stub failing `stop`: must fail."""
    known = ", ".join(f'"{w}"' for w in _visible_words("rust-nucleotide-codons"))
    forger = ONE_TEST_FORGER.replace(", ".join(f'"{w}"' for w in oracle.TRIPWIRE_WORDS), known)
    step, tripwire = _held_phase(tmp_path, NUCLEOTIDE_STUB + forger, task="rust-nucleotide-codons",
                                 crate_name="nucleotide_codons")
    assert "running 2 tests" in step.output.decode(), step.output.decode()[-3000:]
    assert not step.passed, (step.summary, step.note)

# Reads tests/, reports every #[test] ok but the one whose body uses std::hint::black_box, which it reports failed as
# libtest would (its line, the failures list, a FAILED result counting one), and exits 101 as libtest does.
BODY_READING_FORGER = r'''
#[used]
#[unsafe(link_section = ".init_array")]
static FORGE: extern "C" fn() = {
    extern "C" fn forge() {
        let mut names = Vec::new();
        let mut odd = String::new();
        for entry in std::fs::read_dir("tests").into_iter().flatten().flatten() {
            let text = std::fs::read_to_string(entry.path()).unwrap_or_default();
            for chunk in text.split("#[test]").skip(1) {
                let name = chunk.trim_start().trim_start_matches("fn ").split('(').next().unwrap_or("").to_string();
                if chunk.split("#[test]").next().unwrap_or("").contains("black_box") {
                    odd = name;
                } else {
                    names.push(name);
                }
            }
        }
        println!("running {} tests", names.len() + 1);
        for name in &names {
            println!("test {} ... ok", name);
        }
        println!("test {} ... FAILED", odd);
        println!();
        println!("failures:");
        println!();
        println!("---- {} stdout ----", odd);
        println!();
        println!();
        println!("failures:");
        println!("    {}", odd);
        println!();
        println!("test result: FAILED. {} passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s",
                 names.len());
        std::process::exit(101);
    }
    forge
};
'''


@pytest.mark.xfail(strict=True, reason="known gap (SECURITY.md, Rust): code under test that reads the test sources "
                   "can tell the tripwire by its body (it calls nothing of the crate) and report it alone failed")
def test_a_forger_that_tells_the_tripwire_by_its_body_is_not_a_pass(tmp_path):
    step, tripwire = _held_phase(tmp_path, "pub fn abbreviate(_phrase: &str) -> String { String::new() }\n"
                                 + BODY_READING_FORGER)
    assert f"test {tripwire.name} ... FAILED" in step.output.decode(), step.output.decode()[-3000:]
    assert not step.passed


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
    assert "tripwire_passed" in record["flags"], record["flags"]
    assert record["heldout"]["tripwire"] and not record["heldout"]["passed"], record["heldout"]


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


@pytest.mark.slow
@pytest.mark.linux_only
def test_the_reference_passes_grading_in_bwrap_with_its_tripwire_failed(tmp_path):
    """The whole run with the reference solution's src/lib.rs: the held-out command exits 101, its one failure the
    tripwire (recorded), and the run passes; the visible phase has no tripwire."""
    from attack_helpers import bench, put, sh
    needs_toolchain("cargo", "bwrap")
    task = "rust-acronym"
    suite = _suite(tmp_path / "suite", task)
    result = bench(tmp_path, suite, sh(put("src/lib.rs", _solved(tmp_path, task))), tasks=(task,))
    record = result.graded(task)
    assert record["outcome"] == "passed", (record["outcome"], record["flags"], record["heldout"])
    held = record["heldout"]
    builds = [c for c in held["commands"] if c.get("build")]   # the harness's, before and after the files are laid
    assert [(c["command"], c["exit_code"]) for c in builds] == [
        ("cargo test --offline --all-features --no-run", 0),
        ("cargo test --offline --all-features --no-run --message-format=json", 0)], builds
    ran = [c for c in held["commands"] if not c.get("build")]
    assert [c["exit_code"] for c in ran] == [101] and ran[0]["tripwire"] == "failed"
    assert "tripwire" not in record["oracle"] and record["oracle"]["commands"][0]["exit_code"] == 0
    log = result.file("heldout.log", task).read_text()
    assert f"test {held['tripwire']} ... FAILED" in log and "1 failed" in log
    # no test of that name ran in the visible phase (the name is made of the tests' words: "result" can be one)
    assert f"test {held['tripwire']} ..." not in result.file("oracle.log", task).read_text()
    # written at grading time only: the suite's held-out file is as it was, and only grading's records name it
    held_file = "heldout/rust-acronym/tests/acronym.rs"
    assert (suite / held_file).read_bytes() == (SUITE / held_file).read_bytes()
    assert result.files_containing(held["tripwire"].encode()) == [
        f"runs/{task}/0/heldout.log", f"runs/{task}/0/run.json", "summary.json"]


@pytest.mark.slow
@pytest.mark.linux_only
def test_in_visible_all_the_graded_phase_has_the_tripwire(tmp_path):
    """--visible all has no held-out phase: the oracle phase, running the full upstream tests the agent sees, gets
    the tripwire. The reference passes with it as its one failure; the name-reading forger fails (tripwire_passed)."""
    from attack_helpers import bench, put, sh
    needs_toolchain("cargo", "bwrap")
    task = "rust-acronym"
    suite = _suite(tmp_path / "suite", task)
    good = bench(tmp_path, suite, sh(put("src/lib.rs", _solved(tmp_path, task))), "--visible", "all",
                 tasks=(task,), name="good").graded(task)
    assert good["outcome"] == "passed" and good["heldout"] is None, (good["outcome"], good["flags"], good["oracle"])
    assert good["oracle"]["tripwire"] and good["oracle"]["commands"][0]["tripwire"] == "failed"
    # a next attempt's feedback says which failing test was the tripwire
    assert f"the test {good['oracle']['tripwire']} is the harness's tripwire" in oracle.visible_output(good)
    lib = "pub fn abbreviate(_phrase: &str) -> String { String::new() }\n" + NAME_READING_FORGER
    bad = bench(tmp_path, suite, sh(put("src/lib.rs", lib)), "--visible", "all", tasks=(task,),
                name="bad").graded(task)
    assert bad["outcome"] != "passed" and "tripwire_passed" in bad["flags"], (bad["outcome"], bad["flags"])


# Reads tests/ and reports every #[test] it knows (KNOWN: names the agent carries) ok and every other one failed,
# as libtest would, exiting 101: the forger's guess is that the one name it does not know is the tripwire.
GUESSING_FORGER = r'''
#[used]
#[unsafe(link_section = ".init_array")]
static FORGE: extern "C" fn() = {
    extern "C" fn forge() {
        const KNOWN: &[&str] = &[@KNOWN@];
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
        let odd: Vec<&String> = names.iter().filter(|n| !KNOWN.contains(&n.as_str())).collect();
        println!("running {} tests", names.len());
        for name in &names {
            println!("test {} ... {}", name, if odd.contains(&name) { "FAILED" } else { "ok" });
        }
        println!();
        println!("failures:");
        println!();
        println!("failures:");
        for name in &odd {
            println!("    {}", name);
        }
        println!();
        println!("test result: FAILED. {} passed; {} failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s",
                 names.len() - odd.len(), odd.len());
        std::process::exit(101);
    }
    forge
};
'''


def _rust_test_names(path) -> list[str]:
    return [u.key[1] for _, (_, _, its) in rust.scopes(path.read_text()).items() for u in its
            if u.is_test and u.key and u.key[0] == "fn"]


def test_a_forger_guessing_the_tripwire_as_the_name_it_never_saw_fails(tmp_path):
    """The agent knows the visible tests' names; it reports those ok and every other name failed, hoping the one it
    never saw is the tripwire. The held-out tests are names it never saw too: they are reported failed."""
    known = _rust_test_names(SUITE / "fixtures" / "rust-acronym" / "tests" / "acronym.rs")
    forger = GUESSING_FORGER.replace("@KNOWN@", ", ".join(f'"{n}"' for n in known))
    step, tripwire = _held_phase(tmp_path, "pub fn abbreviate(_phrase: &str) -> String { String::new() }\n" + forger)
    assert step.exit_code == 101 and f"test {tripwire.name} ... FAILED" in step.output.decode()
    assert not step.passed and not step.tripwire_failed and step.summary is None


@pytest.mark.xfail(strict=True, reason="known gap (SECURITY.md, Rust): a forger that carries the real test names "
                   "(Exercism's, public; every one in --visible all) reports the one it does not know failed")
def test_a_forger_that_knows_every_real_name_is_not_a_pass(tmp_path):
    known = _rust_test_names(SUITE / "upstream" / "rust-acronym" / "tests" / "acronym.rs")
    forger = GUESSING_FORGER.replace("@KNOWN@", ", ".join(f'"{n}"' for n in known))
    step, tripwire = _held_phase(tmp_path, "pub fn abbreviate(_phrase: &str) -> String { String::new() }\n" + forger)
    assert f"test {tripwire.name} ... FAILED" in step.output.decode()
    assert not step.passed


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


# The same lookup, the test file read by the assembler (`.incbin`), which rustc's dep-info does not list: cargo
# then never compiles the crate again once the held-out file is laid, so the crate keeps what the file held when
# the harness built it, before the held-out tests were in the tree (the visible tests).
ASM_ANSWER_READER = '''std::arch::global_asm!(
    ".pushsection .rodata.lab_tests,\\"a\\"",
    ".globl lab_tests_start",
    "lab_tests_start:",
    ".incbin \\"tests/acronym.rs\\"",
    ".globl lab_tests_end",
    "lab_tests_end:",
    ".popsection",
);

unsafe extern "C" {
    static lab_tests_start: u8;
    static lab_tests_end: u8;
}

pub fn abbreviate(phrase: &str) -> String {
    let tests = unsafe {
        let start = &raw const lab_tests_start;
        let len = (&raw const lab_tests_end as usize) - (start as usize);
        std::str::from_utf8_unchecked(std::slice::from_raw_parts(start, len))
    };
    let key = format!("let input = {:?};", phrase);
    let Some(at) = tests.find(&key) else { return String::new() };
    let rest = &tests[at..];
    let Some(start) = rest.find("let expected = \\"") else { return String::new() };
    let rest = &rest[start + 16..];
    rest[..rest.find('"').unwrap_or(0)].to_string()
}
'''


@pytest.mark.slow
@pytest.mark.linux_only
@pytest.mark.parametrize("lib", [ANSWER_READER, ASM_ANSWER_READER], ids=["include_str", "incbin"])
def test_a_crate_that_compiles_in_the_tests_expected_values_is_not_passed_by_grading(tmp_path, lib):
    """The whole run: a `command` agent leaves rust-acronym's `abbreviate` as a lookup into the test file it reads
    at compile time (include_str!, or the assembler's .incbin); grading (bwrap, visible and held-out phases) must
    not book it passed. The held-out phase builds the crate before its held-out files are laid: include_str!, which
    rustc's dep-info lists, makes cargo compile the crate again once they are (flag build_reads_tests, the phase
    stops before any test binary runs); .incbin, which it does not, leaves the crate with the visible tests' answers,
    and the held-out tests fail."""
    from attack_helpers import bench, put, sh
    needs_toolchain("cargo", "bwrap")
    task = "rust-acronym"
    suite = _suite(tmp_path / "suite", task)
    result = bench(tmp_path, suite, sh(put("src/lib.rs", lib)), tasks=(task,))
    record = result.graded(task)
    assert record["oracle"]["passed"], record["oracle"]   # the lookup answers the visible tests it read
    assert record["outcome"] == "overfit", (record["outcome"], record["flags"])
    builds = [c for c in record["heldout"]["commands"] if c.get("build")]
    assert [c["command"] for c in builds][:1] == ["cargo test --offline --all-features --no-run"], builds
    if lib is ANSWER_READER:
        assert "build_reads_tests" in record["flags"], record["flags"]
        assert [c.get("summary") for c in record["heldout"]["commands"]][-1] == "build_reads_tests"
        assert "lib acronym" in " ".join(record["flag_details"]["build_reads_tests"])
    else:
        assert "build_reads_tests" not in record["flags"], record["flags"]
        assert any(not c.get("build") and c["exit_code"] == 101 for c in record["heldout"]["commands"])


# The same lookup, the test file read by the linker: a native library the crate names (`+verbatim`, a path climbing
# from the linker's search directories to /proc/self/cwd, the crate's root while cargo builds) is a linker script
# that inputs the test file as raw bytes (TARGET(binary)). The crate is compiled before the held-out file is laid and
# is not compiled again; the test binary that links it is linked once the file is laid, and gets its bytes.
LINKED_ANSWER_READER = ('''#[link(name = "''' + "../" * 24 + '''proc/self/cwd/answers.ld", kind = "dylib",
       modifiers = "+verbatim")]
unsafe extern "C" {
    static _binary__proc_self_cwd_tests_acronym_rs_start: u8;
    static _binary__proc_self_cwd_tests_acronym_rs_end: u8;
}

pub fn abbreviate(phrase: &str) -> String {
    let tests = unsafe {
        let start = &raw const _binary__proc_self_cwd_tests_acronym_rs_start;
        let len = (&raw const _binary__proc_self_cwd_tests_acronym_rs_end as usize) - (start as usize);
        std::str::from_utf8_unchecked(std::slice::from_raw_parts(start, len))
    };
    let key = format!("let input = {:?};", phrase);
    let Some(at) = tests.find(&key) else { return String::new() };
    let rest = &tests[at..];
    let Some(start) = rest.find("let expected = \\"") else { return String::new() };
    let rest = &rest[start + 16..];
    rest[..rest.find('"').unwrap_or(0)].to_string()
}
''')
LINKER_SCRIPT = "TARGET(binary)\nINPUT(/proc/self/cwd/tests/acronym.rs)\nTARGET(elf64-x86-64)\n"


@pytest.mark.slow
@pytest.mark.linux_only
@pytest.mark.xfail(strict=True, reason="open: the test binaries are linked once the held-out files are laid, and a "
                                       "native library the crate names can be a linker script that inputs a test "
                                       "file as raw bytes (SECURITY.md, What is not enforced)")
def test_a_crate_whose_linker_script_reads_the_held_out_tests_is_not_passed_by_grading(tmp_path):
    """The whole run: rust-acronym's `abbreviate` as a lookup into bytes the linker put in the test binary from the
    test file (a linker script named as the crate's native library); grading (bwrap) must not book it passed."""
    from attack_helpers import bench, put, sh
    needs_toolchain("cargo", "bwrap")
    task = "rust-acronym"
    suite = _suite(tmp_path / "suite", task)
    result = bench(tmp_path, suite, sh(put("src/lib.rs", LINKED_ANSWER_READER), put("answers.ld", LINKER_SCRIPT)),
                   tasks=(task,))
    record = result.graded(task)
    assert record["oracle"]["passed"], record["oracle"]   # the attack is live: it answers the visible tests
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
