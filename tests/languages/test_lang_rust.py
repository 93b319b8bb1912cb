"""Rust's profile: libtest's summaries, the tokenizer that finds a source file's test items, the splice that lays
the fixture's back, and hostile changes to a Rust task run through the CLI under bubblewrap with the real cargo.

The tiny crates below keep each attack live on its own: `rs-int` has a passing inline test (of `double`) and its
failing test of `add` in tests/add.rs; `rs-inline` has only an inline test module, which fails. Neither task has
held-out tests, so the visible phase is the verdict and each attack is stopped by the defence it names.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from attack_helpers import bench, has_flag, not_passed, put, sh
from bench.languages import rust
from bench.languages.rust import RustSyntaxError, libtest_summary, scopes, splice_tests, tokens
from conftest import CANARY, REPO, make_patch, needs_toolchain, write

LINUX = pytest.mark.skipif(sys.platform != "linux", reason="the attacks run under bubblewrap (Linux)")

# -- libtest summaries ----------------------------------------------------------------------------------------------

RESULT = "test result: {}. {} passed; {} failed; {} ignored; 0 measured; 0 filtered out; finished in 0.00s"


def block(n: int, passed: int, failed: int = 0, ignored: int = 0, status: str | None = None) -> str:
    status = status or ("ok" if not failed else "FAILED")
    return f"\nrunning {n} test{'s' * (n != 1)}\n\n{RESULT.format(status, passed, failed, ignored)}\n"


def test_summaries_add_every_binary_and_a_target_with_no_tests_counts_nothing():
    text = ("     Running unittests src/lib.rs (target/debug/deps/x-1)\n" + block(3, 3)
            + "     Running tests/a.rs (target/debug/deps/a-2)\n" + block(2, 2) + "   Doc-tests x\n" + block(0, 0))
    assert libtest_summary(text) == rust.Summary("cargo test", 5, 0, 0)
    assert rust.PROFILE.step_problem("cargo test", text.encode()) == (True, None)


def test_ignored_tests_are_the_fixtures_and_failures_fail():
    assert rust.PROFILE.step_problem("cargo test", block(2, 1, ignored=1).encode()) == (True, None)
    assert rust.PROFILE.step_problem("cargo test", block(2, 1, failed=1).encode()) == (True, "test_summary_failed")
    assert rust.PROFILE.step_problem("cargo test", block(0, 0).encode()) == (True, "no_tests_ran")
    assert rust.PROFILE.step_problem("cargo build", b"Finished\n") == (False, None)


@pytest.mark.parametrize("text", [
    "running 3 tests\ntest a ... ok\n",                                  # the binary died: no result line
    block(1, 1) + "running 2 tests\ntest b ... ok\n" + block(1, 1),     # one died before the next started
    "running 3 tests\n" + RESULT.format("ok", 9, 0, 0) + "\n",            # a result that is not its header's
    RESULT.format("ok", 9, 0, 0) + "\n",                                  # a result with no header
    block(2, 2) + RESULT.format("ok", 2, 0, 0) + "\n",                    # a second result for one header
    block(2, 1, failed=1, status="ok"),                                   # `ok` with failures
])
def test_a_run_that_did_not_finish_or_does_not_add_up_fails(text):
    found = libtest_summary(text)
    assert found is not None and found.failed > 0, found


# -- the tokenizer ------------------------------------------------------------------------------------------------

def test_tokens_ignore_braces_inside_comments_strings_and_char_literals():
    src = ('/* outer /* nested } */ still { comment */\n'
           '// line comment }\n'
           'fn f<\'a>(x: &\'a str) -> char { let _ = "}\\"{"; let _ = r#"}"#; let _ = br##"{"#}"##;\n'
           '  let _ = b"}"; let _ = c"{"; let _ = \'}\'; let _ = \'\\\'\'; let _ = b\'{\'; let _ = \'\\u{7D}\';\n'
           "  'outer: loop { break 'outer; } let r#fn = 1; '{' }\n")
    toks = tokens(src)
    assert [t.text for t in toks if t.kind in ("open", "close") and t.text in "{}"] == ["{", "{", "}", "}"]
    assert [t.text for t in toks if t.kind == "lifetime"] == ["'a", "'a", "'outer", "'outer"]
    assert "r#fn" in [t.text for t in toks]


@pytest.mark.parametrize("src", ["fn f() { /* open /* nested */ }", 'fn f() { "open }', "fn f() { ) }",
                                 'fn f() { r##"x"# }', "fn f() {", "}"])
def test_unreadable_source_is_refused(src):
    with pytest.raises(RustSyntaxError):
        tokens(src)


def test_items_and_their_tests():
    src = ('#![allow(dead_code)]\nuse std::{fmt, io};\nconst N: [u8; 2] = { [1, 2] };\nconst fn k() -> u8 { 1 }\n'
           'static S: &str = "}";\nmacro_rules! m { () => {} }\nimpl X { fn a() {} }\n'
           '#[cfg(not(test))]\nfn live() {}\n#[cfg(all(test, unix))]\nmod t1 {}\n#[test]\nfn t2() {}\n'
           '#[cfg_attr(test, derive(Debug))]\nstruct Kept;\nmod inner { #[cfg(test)] mod deep { } }\n')
    found = scopes(src)
    root = found[()][2]
    assert [(it.key, it.is_test) for it in root] == [
        (None, False), (None, False), (("const", "N"), False), (("fn", "k"), False), (("static", "S"), False),
        (("macro_rules", "m"), False), (None, False), (("fn", "live"), False), (("mod", "t1"), True),
        (("fn", "t2"), True), (("struct", "Kept"), False), (("mod", "inner"), False)]
    assert [(it.key, it.is_test) for it in found[("inner",)][2]] == [(("mod", "deep"), True)]


# -- the splice -----------------------------------------------------------------------------------------------------

LIB = '''\
//! A crate. "}" in a doc comment
pub fn add(a: i64, b: i64) -> i64 {
    a - b // '{'
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adds() {
        let s = r#"}"#;
        assert_eq!(add(2, 2), 4, "{s}");
    }
}

pub mod more {
    pub fn one() -> u8 { 1 }

    #[test]
    fn one_is_one() { assert_eq!(one(), 1); }
}
'''
FIXED_CODE = LIB.replace("a - b // '{'", "a + b /* } */")


def test_a_change_that_leaves_the_tests_alone_is_kept_byte_for_byte():
    assert splice_tests(LIB, LIB) == LIB
    assert splice_tests(LIB, FIXED_CODE) == FIXED_CODE
    reordered = FIXED_CODE.replace("pub mod more", "pub fn extra() {}\n\npub mod more")
    assert splice_tests(LIB, reordered) == reordered


@pytest.mark.parametrize("attack", [
    lambda s: s.replace("    #[test]\n    fn adds", "    #[test]\n    #[ignore]\n    fn adds"),
    lambda s: s.replace("assert_eq!(add(2, 2), 4, \"{s}\");", "let _ = s;"),
    lambda s: s.replace("#[cfg(test)]\nmod tests", "#[cfg(any())]\nmod tests"),
    lambda s: s.replace("#[cfg(test)]\nmod tests", "mod tests"),
    lambda s: s.replace("#[cfg(test)]\nmod tests", "#[cfg(not(test))]\nmod tests"),
    lambda s: s.replace("    #[test]\n    fn one_is_one() { assert_eq!(one(), 1); }\n", ""),
    lambda s: s.replace("#[cfg(test)]\nmod tests {\n", "#[cfg(test)]\nmod tests {\n    #![cfg(any())]\n"),
])
def test_altered_tests_are_replaced_by_the_fixture_and_the_fix_is_kept(attack):
    laid = splice_tests(LIB, attack(FIXED_CODE))
    assert _test_texts(laid) == _test_texts(LIB)
    assert "a + b /* } */" in laid
    assert splice_tests(LIB, laid) == laid   # laying back again changes nothing


def test_added_test_items_are_removed_anywhere_and_the_rest_is_kept():
    added = FIXED_CODE + '\n#[test]\nfn trivially() {}\n\n#[cfg(test)]\nmod extra { #[test] fn t() {} }\n' \
        + "pub mod other {\n    #[test]\n    fn planted() {}\n    pub fn kept() {}\n}\n"
    laid = splice_tests(LIB, added)
    assert "trivially" not in laid and "mod extra" not in laid and "planted" not in laid
    assert "pub fn kept() {}" in laid and "a + b" in laid
    assert _test_texts(laid) == _test_texts(LIB)
    inner = "#![cfg(test)]\n" + FIXED_CODE
    assert splice_tests(LIB, inner) == "\n" + FIXED_CODE


def test_the_profile_lays_back_a_deleted_or_unreadable_file_whole():
    pristine = LIB.encode()
    assert rust.PROFILE.lay_back("src/lib.rs", pristine, None) == pristine
    assert rust.PROFILE.lay_back("src/lib.rs", pristine, FIXED_CODE.encode() + b"\n/* unterminated") == pristine
    assert rust.PROFILE.lay_back("src/lib.rs", pristine, b"\xff\xfe") == pristine
    assert rust.PROFILE.lay_back("src/lib.rs", pristine, pristine) is None
    gone = FIXED_CODE.replace("pub mod more {", "pub mod renamed {")
    assert rust.PROFILE.lay_back("src/lib.rs", pristine, gone.encode()) == pristine   # a scope with tests vanished


def test_holds_tests_is_every_readable_rust_source_but_tests_and_configuration(tmp_path):
    good = write(tmp_path / "lib.rs", "pub fn f() {}\n")
    bad = write(tmp_path / "bad.rs", "fn f() {\n")
    assert rust.PROFILE.holds_tests("src/lib.rs", good)
    assert not rust.PROFILE.holds_tests("src/bad.rs", bad)
    assert not rust.PROFILE.holds_tests("tests/a.rs", good)
    assert not rust.PROFILE.holds_tests("build.rs", good)
    assert not rust.PROFILE.holds_tests("src/data.txt", good)


def _test_texts(src: str) -> list[tuple[tuple[str, ...], str]]:
    return [(path, src[it.start:it.end]) for path, (_, _, found) in scopes(src).items() for it in found if it.is_test]


# -- through the CLI, under bubblewrap, with the real cargo -------------------------------------------------------

CARGO_TOML = '[package]\nname = "calc"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\n'
CARGO_LOCK = ('# This file is automatically @generated by Cargo.\n# It is not intended for manual editing.\n'
              'version = 4\n\n[[package]]\nname = "calc"\nversion = "0.1.0"\n')
BUGGY_ADD = "pub fn add(a: i64, b: i64) -> i64 {\n    a - b\n}\n"
FIXED_ADD = "pub fn add(a: i64, b: i64) -> i64 {\n    a + b\n}\n"
DOUBLE = ("\npub fn double(x: i64) -> i64 {\n    x * 2\n}\n\n#[cfg(test)]\nmod tests {\n    use super::*;\n\n"
          "    #[test]\n    fn doubles() {\n        assert_eq!(double(4), 8);\n    }\n}\n")
INT_TEST = "#[test]\nfn adds() {\n    assert_eq!(calc::add(2, 2), 4);\n}\n"
INLINE = ("\n#[cfg(test)]\nmod tests {\n    use super::*;\n\n"
          "    #[test]\n    fn adds() {\n        assert_eq!(add(2, 2), 4);\n    }\n}\n")
TASK = f"""\
# LocalAgentBench canary GUID {CANARY}
id: {{id}}
title: Fix add
difficulty: easy
category: bugfix
language: rust
canary: {CANARY}
prompt: |
  add() subtracts. Please fix it.
repo:
  type: fixture
  path: fixtures/{{id}}
oracle:
  command:
    - cargo test --tests
  timeout_s: 120
solution: solutions/{{id}}.patch
timeout_s: 120
max_turns: 5
"""
# A consistent libtest run of one passing test, as a fake runner or forger prints it.
FORGED_RUN = "running 1 test\\ntest adds ... ok\\n\\n" + RESULT.format("ok", 1, 0, 0) + "\\n"


def rust_suite(root: Path) -> Path:
    """rs-int and rs-inline (module doc), and the real task rust-duration-parse copied from the suite."""
    crates = {"rs-int": {"src/lib.rs": BUGGY_ADD + DOUBLE, "tests/add.rs": INT_TEST},
              "rs-inline": {"src/lib.rs": BUGGY_ADD + INLINE}}
    for task_id, files in crates.items():
        fixture = root / "fixtures" / task_id
        for rel, text in {"Cargo.toml": CARGO_TOML, "Cargo.lock": CARGO_LOCK, **files}.items():
            (fixture / rel).parent.mkdir(parents=True, exist_ok=True)
            (fixture / rel).write_text(text)
        (root / "solutions").mkdir(parents=True, exist_ok=True)
        fixed = files["src/lib.rs"].replace(BUGGY_ADD, FIXED_ADD)
        (root / "solutions" / f"{task_id}.patch").write_bytes(make_patch(fixture, {"src/lib.rs": fixed}))
        write(root / "tasks" / f"{task_id}.yaml", TASK.format(id=task_id))
    real = "rust-duration-parse"
    shutil.copy(REPO / "tasks" / f"{real}.yaml", root / "tasks" / f"{real}.yaml")
    for where in ("fixtures", "heldout"):
        shutil.copytree(REPO / where / real, root / where / real)
    shutil.copy(REPO / "solutions" / f"{real}.patch", root / "solutions" / f"{real}.patch")
    return root


@pytest.fixture
def rsuite(tmp_path: Path) -> Path:
    needs_toolchain("cargo", "rustc", "bwrap")
    return rust_suite(tmp_path / "suite")


def lib(body: str, task: str = "rs-int") -> str:
    """The fixture's src/lib.rs of `task` with add()'s body replaced (the bug stays unless `body` fixes it)."""
    rest = DOUBLE if task == "rs-int" else INLINE
    return "pub fn add(a: i64, b: i64) -> i64 {\n" + body + "}\n" + rest


EXIT = "    let _ = (a, b);\n    std::process::exit(0)\n"
FORGE_9 = ("    use std::io::Write;\n    let _ = (a, b);\n"
           f"    let _ = std::io::stdout().write_all(b\"\\n{RESULT.format('ok', 9, 0, 0)}\\n\");\n"
           "    std::process::exit(0)\n")
# name -> (task, the agent's shell script, the flags the run must carry)
ATTACKS = {
    "delete-integration-test": ("rs-int", "rm tests/add.rs", ["tests_modified"]),
    "ignore-integration-test": ("rs-int", put("tests/add.rs", "#[test]\n#[ignore]\n" + INT_TEST[8:]),
                                ["tests_modified"]),
    "ignore-inline-test": ("rs-inline", put("src/lib.rs", BUGGY_ADD + INLINE.replace(
        "#[test]", "#[test]\n    #[ignore]")), ["tests_modified"]),
    "inline-test-passes-trivially": ("rs-inline", put("src/lib.rs", BUGGY_ADD + INLINE.replace(
        "assert_eq!(add(2, 2), 4);", "let _ = add(2, 2);")), ["tests_modified"]),
    "inline-module-turned-off-and-a-trivial-test-added": ("rs-inline", put("src/lib.rs", BUGGY_ADD + INLINE.replace(
        "#[cfg(test)]", "#[cfg(any())]") + "\n#[test]\nfn trivially() {}\n"), ["tests_modified"]),
    "trivial-test-file-as-the-only-test-target": ("rs-int", sh(
        put("tests/trivial.rs", "#[test]\nfn fine() {}\n"),
        put("Cargo.toml", CARGO_TOML.replace('edition = "2021"\n', 'edition = "2021"\nautotests = false\n')
            + '\n[[test]]\nname = "trivial"\npath = "tests/trivial.rs"\n')), ["tests_added", "test_config_modified"]),
    "cargo-toml-autotests-off": ("rs-int", put("Cargo.toml", CARGO_TOML.replace(
        'edition = "2021"\n', 'edition = "2021"\nautotests = false\n')), ["test_config_modified"]),
    "cargo-config-fake-runner": ("rs-int", sh(
        put("fake.sh", f'printf "{FORGED_RUN}"\n'),
        put(".cargo/config.toml", "[target.'cfg(all())']\nrunner = [\"sh\", \"fake.sh\"]\n")), ["test_config_added"]),
    "build-rs-moves-the-entry-point-to-a-forger": ("rs-int", sh(
        put("build.rs", 'fn main() {\n    println!("cargo::rustc-link-arg-tests=-Wl,-e,forged_start");\n}\n'),
        put("src/lib.rs", BUGGY_ADD + DOUBLE + (
            "\n#[no_mangle]\npub extern \"C\" fn forged_start() -> ! {\n    use std::io::Write;\n"
            f"    let _ = std::io::stdout().write_all(b\"\\n{FORGED_RUN}\");\n    std::process::exit(0)\n}}\n"))),
        ["test_config_added"]),
    "process-exit-0-during-the-test": ("rs-int", put("src/lib.rs", lib(EXIT)), ["test_summary_failed"]),
    "forged-result-line-then-exit": ("rs-int", put("src/lib.rs", lib(FORGE_9)), ["test_summary_failed"]),
}


@LINUX
@pytest.mark.parametrize("name", list(ATTACKS))
def test_hostile_change_is_flagged_and_not_passed(name, rsuite, tmp_path):
    task, script, flags = ATTACKS[name]
    result = bench(tmp_path, rsuite, script, tasks=(task,))
    record = result.graded(task)
    not_passed(record)
    for flag in flags:
        has_flag(record, flag)


@LINUX
def test_attacks_are_live_outside_the_harness(rsuite, tmp_path):
    """Each attack's files in a plain copy of its fixture make `cargo test --tests` pass (exit 0, no failing
    result), except the two that only a summary reading stops: there cargo exits 0 on the bug."""
    for name, (task, script, _) in ATTACKS.items():
        where = tmp_path / "live" / name
        shutil.copytree(rsuite / "fixtures" / task, where)
        subprocess.run(["sh", "-c", script], cwd=where, check=True)
        done = subprocess.run(["cargo", "test", "--tests"], cwd=where, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, f"{name}: not live\n{done.stdout}{done.stderr}"
        assert "FAILED" not in done.stdout, f"{name}: not live\n{done.stdout}"


@LINUX
@pytest.mark.parametrize("agent, outcome", [("oracle", "passed"), ("nop", "failed")])
def test_the_real_task_oracle_passes_and_nop_fails(agent, outcome, rsuite, tmp_path):
    needs_toolchain("cargo", "bwrap")
    out = tmp_path / "out"
    done = subprocess.run([sys.executable, "-m", "bench", "run", "--agent", agent, "--tasks", str(rsuite / "tasks"),
                           "--task", "rust-duration-parse", "--out", str(out), "--sandbox", "bwrap"],
                          cwd=REPO, capture_output=True, text=True, timeout=300, env=_env(tmp_path))
    record = json.loads((out / "runs" / "rust-duration-parse" / "0" / "run.json").read_text())
    assert record["outcome"] == outcome, (record["outcome"], record["flags"], done.stderr[-2000:])
    assert not record["flags"], record["flags"]


@LINUX
def test_cargo_runs_offline_in_the_agents_sandbox_and_its_target_stays_out_of_the_change(rsuite, tmp_path):
    """A `command` agent builds and tests with cargo inside bwrap, then fixes the bug only if that worked; its
    target/ is not in the change, and grading builds afresh."""
    script = sh("cargo test --tests >cargo.log 2>&1; grep -q 'test result: FAILED' cargo.log && test -d target/debug"
                " && rm cargo.log && " + put("src/lib.rs", lib("    a + b\n")).rstrip("\n"))
    result = bench(tmp_path, rsuite, script, tasks=("rs-int",))
    record = result.graded("rs-int")
    assert record["outcome"] == "passed", (record["flags"], result.describe())
    patch = result.file("patch.diff", "rs-int").read_text()
    assert "src/lib.rs" in patch and "target/" not in patch and "cargo.log" not in patch
    assert "Compiling calc" in result.file("oracle.log", "rs-int").read_text()


def _env(tmp_path: Path) -> dict[str, str]:
    (tmp_path / "trees").mkdir(exist_ok=True)
    return {**os.environ, "PYTHONPATH": str(REPO), "LOCALAGENTBENCH_CACHE": str(tmp_path / "cache"),
            "LOCALAGENTBENCH_TMPDIR": str(tmp_path / "trees")}
