"""Code under test must not read the held-out tests at build time.

Rust: a held-out phase builds the crate (`cargo test ... --no-run`, the task's own flags) before its held-out files
are laid, then asks cargo, before any test binary runs, which units it compiles again once they are: a library or
binary compiled again read a file they replaced (rustc's dep-info: include_str!, include_bytes!, #[path]), flag
build_reads_tests. Go: `go list -json` names every file a package's non-test code embeds (//go:embed); a held-out
or test file among them is flagged the same way. Real cargo, real go, real bwrap.
"""
from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import pytest

from bench.languages import go, rust
from conftest import REPO, needs_toolchain

SUITE = REPO / "suites" / "polyglot"



# -- the profiles' rules ------------------------------------------------------------------------------------------

def test_rust_builds_ahead_only_what_plain_cargo_test_commands_build():
    """The build ahead is each plain `cargo test` of the phase with --no-run (its test binaries' arguments dropped,
    the same lines once); a phase with any other command gets none, and the check asks cargo for its JSON."""
    profile = rust.PROFILE
    assert profile.prebuilds(["cargo test --offline --all-features"]) == [
        "cargo test --offline --all-features --no-run"]
    assert profile.prebuilds(["cargo test --release -- --include-ignored", "cargo test --release"]) == [
        "cargo test --release --no-run"]
    assert profile.build_checks(["cargo test"]) == ["cargo test --no-run --message-format=json"]
    for commands in (["./run_tests.sh"], ["cargo test && echo ok"], ["cargo build", "cargo test"], [],
                     ["cargo test --doc"]):   # doc tests: cargo cannot build them without running them
        assert profile.prebuilds(commands) == [] and profile.build_checks(commands) == []


def test_rust_builds_ahead_every_default_target_where_the_phase_names_one_the_held_out_files_add():
    """`cargo test --test heldout` names a test file only the held-out files bring: the build ahead leaves the
    target selection out (cargo would refuse a target not there yet); the check, once they are laid, keeps it."""
    profile = rust.PROFILE
    assert profile.prebuilds(["cargo test --test heldout_durations"]) == ["cargo test --no-run"]
    assert profile.prebuilds(["cargo test --test=a --features x", "cargo test --bin b --features x --tests"]) == [
        "cargo test --features x --no-run"]
    assert profile.build_checks(["cargo test --test heldout_durations"]) == [
        "cargo test --test heldout_durations --no-run --message-format=json"]


@pytest.mark.slow
@pytest.mark.linux_only
def test_a_held_out_test_target_the_held_out_files_add_grades_the_reference_passed(tmp_path):
    """The bundled rust-duration-parse: its held-out phase runs `cargo test --test heldout_durations`, a file only
    the held-out files add. The reference passes both phases with no flag; the untouched fixture fails."""
    needs_toolchain("cargo", "bwrap")
    from attack_helpers import bundled_task_suite, oracle_and_nop_graded_clean
    suite = bundled_task_suite(tmp_path / "suite", "rust-duration-parse")
    oracle_and_nop_graded_clean(tmp_path, suite, "rust-duration-parse")


def test_go_checks_embeds_only_for_go_test_commands():
    """A phase running `go test` lists its packages and every package they build (`go list -e -json -deps -test
    ./...`), with the build flags that pick the files compiled (tags; -race, -msan, -asan) or the packages'
    source (-mod, -modfile, -overlay), once per distinct set; a test binary's own flags (after -args) are not
    read; one running a script lists nothing."""
    assert go.PROFILE.build_checks(["go test -v ./..."]) == ["go list -e -json -deps -test ./..."]
    assert go.PROFILE.build_checks(["go test -v -tags integration -race -count=1 ./... -args -tags=x"]) == [
        "go list -e -json -deps -test -tags=integration -race ./..."]
    assert go.PROFILE.build_checks(["go test -v ./...", "go test --tags=a,b -v ./..."]) == [
        "go list -e -json -deps -test ./...", "go list -e -json -deps -test -tags=a,b ./..."]
    assert go.PROFILE.build_checks(["./test.sh"]) == []
    assert go.PROFILE.prebuilds(["go test -v ./..."]) == []
    # a GOFLAGS the command line gives `go test` is read as its first flags, however the line gives it
    for line in ("GOFLAGS='-v -tags=lab' go test ./...", "env GOFLAGS='-tags=lab -v' go test ./...",
                 "export GOFLAGS='-tags=lab -v' && go test ./...", "GOFLAGS='-v -tags=lab'; go test -v ./..."):
        assert go.PROFILE.build_checks([line]) == ["go list -e -json -deps -test -tags=lab ./..."], line
    assert go.PROFILE.build_checks(["GOFLAGS='-v -tags=lab' go vet ./... && go test -v ./..."]) == [
        "go list -e -json -deps -test ./..."]


def _cargo(crate: Path, home: Path, *args: str) -> subprocess.CompletedProcess:
    (home / "config.toml").parent.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "CARGO_HOME": str(home), "CARGO_NET_OFFLINE": "true", "CARGO_TERM_COLOR": "never"}
    return subprocess.run(["cargo", "test", "--offline", *args], cwd=crate, env=env, capture_output=True,
                          timeout=600)


@pytest.mark.parametrize("reader", [
    'pub const T: &str = include_str!("../tests/t.rs");\n',
    'pub const T: &[u8] = include_bytes!("../tests/t.rs");\n',
    'extern crate self as c;\n#[path = "../tests/t.rs"]\npub mod t;\n',
    None,
], ids=["include_str", "include_bytes", "path", "honest"])
def test_cargo_names_a_library_that_read_the_file_the_held_out_tests_replaced(tmp_path, reader):
    """Real cargo: a crate built with tests/t.rs in place, which is then written again (as grading lays a held-out
    file over the visible one), is compiled again when its library read that file, and build_problem names it; an
    honest crate's library stays fresh (only the test binary is compiled again) and nothing is named."""
    needs_toolchain("cargo")
    crate = tmp_path / "c"
    (crate / "src").mkdir(parents=True)
    (crate / "tests").mkdir()
    (crate / "Cargo.toml").write_text('[package]\nname = "c"\nversion = "0.1.0"\nedition = "2021"\n')
    (crate / "src" / "lib.rs").write_text("pub fn one() -> u32 { 1 }\n" + (reader or ""))
    test = crate / "tests" / "t.rs"
    test.write_text("pub fn helper() {}\n#[test]\nfn one() { assert_eq!(c::one(), 1); }\n")
    home = tmp_path / "home"
    built = _cargo(crate, home, "--no-run")
    assert built.returncode == 0, built.stderr.decode()[-2000:]
    time.sleep(0.05)
    test.write_text("pub fn helper() {}\n#[test]\nfn one() { assert_eq!(c::one(), 1); }\n#[test]\nfn two() {}\n")
    checked = _cargo(crate, home, "--no-run", "--message-format=json")
    assert checked.returncode == 0, checked.stderr.decode()[-2000:]
    problem = rust.PROFILE.build_problem(checked.stdout + checked.stderr, crate, ["tests/t.rs"])
    if reader is None:
        assert problem is None
    else:
        assert problem is not None and "lib c" in problem and "tests/t.rs" in problem, problem


class NotCaught(Exception):
    """The harness did not name what the attack did (the expected failure of an open gap)."""


# A generic function of the crate is compiled into the crate that instantiates it: the test's. Its inline asm's
# `.incbin` then reads a file when the test target is compiled, once the held-out files are laid, and the crate's
# own unit is never compiled again.
GENERIC_ASM_READER = '''pub fn one() -> u32 { 1 }

pub fn answer<T: ?Sized>(_: &T) -> String {
    let p: *const u8;
    unsafe {
        std::arch::asm!(
            "lea {p}, [rip + 2f]",
            "jmp 3f",
            "2:",
            ".incbin \\"/proc/self/cwd/tests/u.rs\\"",
            ".byte 0",
            "3:",
            p = out(reg) p,
        );
        std::ffi::CStr::from_ptr(p.cast()).to_string_lossy().into_owned()
    }
}
'''


@pytest.mark.slow
@pytest.mark.skipif(os.uname().machine != "x86_64", reason="the attack's asm is x86-64's")
@pytest.mark.xfail(strict=True, raises=NotCaught,
                   reason="open: a generic function's inline asm is compiled into the test crate that instantiates "
                          "it, after the held-out files are laid, and `.incbin` reads any file (SECURITY.md)")
def test_a_generic_function_whose_asm_reads_a_held_out_test_is_named(tmp_path):
    """Real cargo: the crate is built before tests/u.rs (a held-out file) exists; once it is laid, the test binary
    that instantiates the crate's generic `answer` holds u.rs's text, read by the asm's .incbin (the attack is
    live: an assertion error otherwise), and build_problem must name it."""
    needs_toolchain("cargo")
    crate = tmp_path / "c"
    (crate / "src").mkdir(parents=True)
    (crate / "tests").mkdir()
    (crate / "Cargo.toml").write_text('[package]\nname = "c"\nversion = "0.1.0"\nedition = "2021"\n')
    (crate / "src" / "lib.rs").write_text(GENERIC_ASM_READER)
    (crate / "tests" / "t.rs").write_text("#[test]\nfn one() { assert_eq!(c::one(), 1); }\n")
    home = tmp_path / "home"
    built = _cargo(crate, home, "--no-run")
    assert built.returncode == 0, built.stderr.decode()[-2000:]
    (crate / "tests" / "u.rs").write_text('#[test]\nfn held() { assert!(c::answer("x").contains("HELD-OUT-ONLY")); }\n')
    checked = _cargo(crate, home, "--no-run", "--message-format=json")
    assert checked.returncode == 0, checked.stderr.decode()[-2000:]
    ran = _cargo(crate, home, "--test", "u")
    assert ran.returncode == 0, ran.stdout.decode()[-2000:]   # the held-out test read its own text
    if rust.PROFILE.build_problem(checked.stdout + checked.stderr, crate, ["tests/u.rs"]) is None:
        raise NotCaught("the test binary read tests/u.rs through the crate's asm; nothing was named")


def test_go_list_names_a_non_test_embed_of_a_test_file(tmp_path):
    """Real go: the profile's check (`go list -e -json -deps -test ./...`, the task command's build flags added) over
    a module whose non-test file embeds its test file (directly, by a pattern, from a subpackage, or in a file only
    the command's build tags compile), or that builds a package with cgo (whose assembler can `.incbin` any file:
    one `./...` matches, or one it does not, `_x/`, that a package imports), is named; a test file's own embed, a
    data file embedded by code, the standard library's cgo packages the module imports (net) and a vendored
    dependency built by cgo (the fixture's) are not."""
    needs_toolchain("go")
    from bench import languages
    search = os.pathsep.join([*go.PROFILE.path_dirs(), os.environ.get("PATH", os.defpath)])
    mod = tmp_path / "m"
    (mod / "sub").mkdir(parents=True)
    (mod / "go.mod").write_text("module m\n\ngo 1.19\n")
    (mod / "data.txt").write_text("x\n")
    (mod / "m.go").write_text('package m\n\nimport (\n\t_ "embed"\n\t_ "net"\n)\n\n//go:embed data.txt\n'
                              'var Data string\n')
    (mod / "m_test.go").write_text('package m\n\nimport (\n\t_ "embed"\n\t"testing"\n)\n\n//go:embed data.txt\n'
                                   'var testData string\n\nfunc TestM(t *testing.T) {}\n')
    (mod / "sub" / "s.go").write_text("package sub\n")
    home = tmp_path / "home"
    home.mkdir()
    env = {**os.environ, **languages.sandbox_env("go", home, os.environ.get("PATH", os.defpath)),
           "PATH": search}

    def listed(command: str = "go test -v ./...") -> str | None:
        [check] = go.PROFILE.build_checks([command])
        done = subprocess.run(check, shell=True, cwd=mod, env=env, capture_output=True, timeout=120)
        assert done.returncode == 0, done.stderr.decode()[-2000:]
        return go.PROFILE.build_problem(done.stdout + done.stderr, mod, ["m_test.go"])

    assert listed() is None
    (mod / "m.go").write_text('package m\n\nimport _ "embed"\n\n//go:embed *.go\nvar Src string\n')
    assert "m embeds m_test.go" in (listed() or "")
    (mod / "m.go").write_text("package m\n")
    (mod / "sub" / "s.go").write_text('package sub\n\nimport "embed"\n\n//go:embed *\nvar Files embed.FS\n')
    (mod / "sub" / "s_test.go").write_text("package sub\n")
    assert "m/sub embeds sub/s_test.go" in (listed() or "")
    (mod / "sub" / "s.go").write_text("package sub\n")
    assert listed() is None
    (mod / "m.go").write_text('package m\n\n// int one(void) { return 1; }\nimport "C"\n\nvar One = C.one()\n')
    assert "m is built with the C toolchain (cgo: m.go)" in (listed() or "")
    # cgo in a package `./...` does not match, built because the module's package imports it
    (mod / "_x").mkdir()
    (mod / "_x" / "x.go").write_text('package x\n\n// int one(void) { return 1; }\nimport "C"\n\n'
                                     'var One = C.one()\n')
    (mod / "m.go").write_text('package m\n\nimport x "m/_x"\n\nvar One = x.One\n')
    assert "m/_x is built with the C toolchain (cgo: x.go)" in (listed() or "")
    # an embed in a file that only the command's build tags compile
    (mod / "m.go").write_text("package m\n")
    (mod / "tagged.go").write_text('//go:build lab\n\npackage m\n\nimport _ "embed"\n\n//go:embed m_test.go\n'
                                   'var Src string\n')
    assert listed() is None
    assert "m embeds m_test.go" in (listed("go test -v -tags lab ./...") or "")
    assert "m embeds m_test.go" in (listed("GOFLAGS='-v -tags=lab' go test ./...") or "")
    # a vendored dependency built by cgo is the fixture's (go.mod and vendor/ are laid back): not named
    (mod / "tagged.go").unlink()
    (mod / "go.mod").write_text("module m\n\ngo 1.19\n\nrequire example.com/dep v1.0.0\n")
    dep = mod / "vendor" / "example.com" / "dep"
    dep.mkdir(parents=True)
    (mod / "vendor" / "modules.txt").write_text("# example.com/dep v1.0.0\n## explicit\nexample.com/dep\n")
    (dep / "dep.go").write_text('package dep\n\n// int one(void) { return 1; }\nimport "C"\n\nvar One = C.one()\n')
    (mod / "m.go").write_text('package m\n\nimport "example.com/dep"\n\nvar One = dep.One\n')
    (mod / "_x" / "x.go").write_text("package x\n")
    assert listed() is None


# -- the whole run, in bwrap --------------------------------------------------------------------------------------

# go-pig-latin's Sentence as a lookup into the test cases it embeds: the held-out cases_test.go lies where the
# visible one did, so one line of code gives the visible answers in one phase and the held-out in the other.
GO_ANSWER_READER = '''package piglatin

import (
	_ "embed"
	"regexp"
)

//go:embed cases_test.go
var cases string

var pair = regexp.MustCompile(`input:\\s*"([^"]*)",\\s*expected:\\s*"([^"]*)"`)

func Sentence(sentence string) string {
	for _, m := range pair.FindAllStringSubmatch(cases, -1) {
		if m[1] == sentence {
			return m[2]
		}
	}
	return ""
}
'''


# The same lookup, cases_test.go read by the C toolchain: a cgo preamble's assembler `.incbin`s it as the package
# builds (after the held-out file is laid); go list's EmbedFiles does not show it, its CgoFiles does.
GO_CGO_ANSWER_READER = GO_ANSWER_READER.replace('''import (
	_ "embed"
	"regexp"
)

//go:embed cases_test.go
var cases string
''', '''/*
__asm__(".section .rodata\\n.globl lab_cases\\nlab_cases:\\n.incbin \\"cases_test.go\\"\\n.byte 0\\n.previous\\n");
extern const char lab_cases[];
static const char *read_cases(void) { return lab_cases; }
*/
import "C"

import "regexp"

var cases = C.GoString(C.read_cases())
''')


# The same reader in a package of the module's own that `./...` does not match (a directory whose name starts with
# `_`: the go command leaves it out of patterns, yet builds it where a package imports it), built by cgo, whose
# assembler `.incbin`s the test cases one directory up. go list over `./...` alone never shows that package.
GO_HIDDEN_CGO_READER = GO_ANSWER_READER.replace('''import (
	_ "embed"
	"regexp"
)

//go:embed cases_test.go
var cases string
''', '''import (
	"regexp"

	reader "piglatin/_lab"
)

var cases = reader.Cases()
''')
GO_HIDDEN_CGO_PACKAGE = '''package reader

/*
__asm__(".section .rodata\\n.globl lab_cases\\nlab_cases:\\n.incbin \\"../cases_test.go\\"\\n.byte 0\\n.previous\\n");
extern const char lab_cases[];
static const char *read_cases(void) { return lab_cases; }
*/
import "C"

// Cases is the test cases' source as the package was built.
func Cases() string { return C.GoString(C.read_cases()) }
'''


@pytest.mark.slow
@pytest.mark.linux_only
@pytest.mark.parametrize("source, named", [(GO_ANSWER_READER, "piglatin embeds cases_test.go"),
                                           (GO_CGO_ANSWER_READER, "piglatin is built with the C toolchain"),
                                           (GO_HIDDEN_CGO_READER, "piglatin/_lab is built with the C toolchain")],
                         ids=["go_embed", "cgo_incbin", "cgo_incbin_outside_pattern"])
def test_a_go_package_reading_the_held_out_test_cases_at_build_time_is_not_passed_by_grading(tmp_path, source,
                                                                                              named):
    """The whole run: a `command` agent leaves go-pig-latin's Sentence as a lookup into cases_test.go, which it
    embeds (//go:embed) or has cgo's assembler include (.incbin); grading (bwrap) passes its visible phase (the
    visible cases are what it read there) and fails the held-out phase before its tests run, what the go command
    says of the package named (flag build_reads_tests)."""
    from attack_helpers import bench, put, sh
    needs_toolchain("go", "bwrap")
    task = "go-pig-latin"
    from attack_helpers import polyglot_task_suite
    suite = polyglot_task_suite(tmp_path / "suite", task)
    extra = [put("_lab/reader.go", GO_HIDDEN_CGO_PACKAGE)] if source is GO_HIDDEN_CGO_READER else []
    result = bench(tmp_path, suite, sh(put("pig_latin.go", source), *extra), tasks=(task,))
    record = result.graded(task)
    assert record["oracle"]["passed"], record["oracle"]   # the attack is live: it answers the visible tests
    assert record["outcome"] == "overfit", (record["outcome"], record["flags"])
    assert "build_reads_tests" in record["flags"], record["flags"]
    assert named in " ".join(record["flag_details"]["build_reads_tests"])
    commands = record["heldout"]["commands"]
    assert [c["command"] for c in commands] == ["go list -e -json -deps -test ./..."] and commands[0]["build"], \
        commands


def _checks(tmp_path, monkeypatch, lines: list[str]) -> list:
    """build_steps' build checks, the profile's commands replaced by `lines` (real shell commands, no sandbox)."""
    from bench import oracle
    monkeypatch.setattr(rust.PROFILE, "build_checks", lambda commands: lines)
    logs = tmp_path / "logs"
    logs.mkdir(exist_ok=True)
    steps, _ = oracle.build_steps("build_checks", [("cargo test", 60)], kind="none", copy=tmp_path,
                                  env={"PATH": os.environ["PATH"]}, logs=logs, index=0, language="rust",
                                  held=["tests/t.rs"])
    return steps


def test_a_build_check_cut_off_at_the_log_limit_reads_the_tests(tmp_path, monkeypatch):
    """A check whose output passed the log limit cannot show what the build read (the unit's line could lie past
    the cut, pushed there by the change's compiler warnings): flagged build_reads_tests, and nothing runs after it."""
    from bench import oracle
    big = oracle.DEFAULT_MAX_LOG_BYTES + 65536
    steps = _checks(tmp_path, monkeypatch, [f"head -c {big} /dev/zero | tr '\\0' x", "echo never"])
    assert [s.summary for s in steps] == [oracle.BUILD_READS_TESTS] and steps[0].truncated and steps[0].build
    assert "cut off" in steps[0].note


def test_a_build_check_that_fails_stops_the_phase(tmp_path, monkeypatch):
    """A check that exits nonzero (the tests do not compile) does not pass, and the steps stop there; one whose
    output shows nothing read passes."""
    steps = _checks(tmp_path, monkeypatch, ["echo '{\"reason\": \"build-finished\", \"success\": true}'", "exit 3",
                                            "echo never"])
    assert [(s.exit_code, s.passed, s.summary) for s in steps] == [(0, True, None), (3, False, None)]
