"""Hostile Rust changes against grading (issue 30's surfaces): a forged libtest report that names the held-out
tests it reads at run time, and cargo configuration the change plants where cargo looks."""
from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from bench import oracle
from bench.languages import rust
from conftest import REPO, needs_toolchain

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
    src/lib.rs, the held-out files laid and a tripwire planted (oracle.plant_tripwire), the task's command run
    through oracle.run_command (real cargo), then the phase's checks. Returns (its one step, the tripwire)."""
    needs_toolchain("cargo")
    crate = tmp_path / crate_name
    shutil.copytree(SUITE / "fixtures" / task, crate)
    held_dir = SUITE / "heldout" / task
    plain = [(str(f.relative_to(held_dir)), f.read_bytes(), 0o644) for f in sorted(held_dir.rglob("*")) if f.is_file()]
    for rel, data, _ in plain:
        (crate / rel).parent.mkdir(parents=True, exist_ok=True)
        (crate / rel).write_bytes(data)
    held, tripwire = oracle.plant_tripwire(plain, crate, "rust", rng)
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
    assert [c["exit_code"] for c in held["commands"]] == [101] and held["commands"][0]["tripwire"] == "failed"
    assert "tripwire" not in record["oracle"] and record["oracle"]["commands"][0]["exit_code"] == 0
    log = result.file("heldout.log", task).read_text()
    assert f"test {held['tripwire']} ... FAILED" in log and "1 failed" in log
    assert held["tripwire"] not in result.file("oracle.log", task).read_text()
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
