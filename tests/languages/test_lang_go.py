"""Go's profile (bench/languages/go.py) with the real go toolchain: what `go test -v` and `go test -json` print,
read as the runner's summary; the offline environment; and hostile agents through the CLI under bwrap, each
flagged and not passed, beside the oracle agent passing and nop failing the suite's Go task.

The hostile agents run as one `bench run` over a suite of one task per attack (the agent's script picks the
attack from the task's prompt), so the toolchain starts once per phase and attack, not once per CLI start.
Each attack is first proved live where it can be: in a plain copy of the fixture, `go test -v ./...` exits 0
with it, so a contained verdict means the harness stopped it.
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
from bench.languages import profile_of
from bench.languages.go import PROFILE
from conftest import CANARY, REPO, needs_toolchain, run_cli, write

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the CLI tests run under bubblewrap (Linux)")

GO_MOD = "module example.com/calc\n\ngo 1.18\n\nrequire example.com/check v1.0.0\n\n" \
         "replace example.com/check => ./third_party/check\n"
CHECK = """
    package check

    import "testing"

    // Equal fails the test when got != want.
    func Equal(t testing.TB, got, want any) {
        t.Helper()
        if got != want {
            t.Fatalf("got %v, want %v", got, want)
        }
    }
    """
NOOP_CHECK = "package check\n\nimport \"testing\"\n\nfunc Equal(t testing.TB, got, want any) {}\n"
BUGGY = "package calc\n\n// Add returns a + b.\nfunc Add(a, b int) int { return a - b }\n"
FIXED = "package calc\n\n// Add returns a + b.\nfunc Add(a, b int) int { return a + b }\n"
VISIBLE = """
    package calc

    import (
        "testing"

        "example.com/check"
    )

    func TestAdd(t *testing.T) { check.Equal(t, Add(2, 2), 4) }

    func TestAddTable(t *testing.T) {
        if testing.Short() {
            t.Skip("the table is long")
        }
        for a := -3; a <= 3; a++ {
            for b := -3; b <= 3; b++ {
                check.Equal(t, Add(a, b), a+b)
            }
        }
    }
    """
HELDOUT = """
    package calc

    import (
        "testing"

        "example.com/check"
    )

    func TestAddHeldout(t *testing.T) { check.Equal(t, Add(-7, 10), 3) }
    """
# Add(2, 2) == 4 and nothing else: passes TestAdd, fails TestAddTable and the held-out test.
OVERFIT = "func Add(a, b int) int {\n\tif a == 2 && b == 2 {\n\t\treturn 4\n\t}\n\treturn a - b\n}\n"
FORGED = "--- PASS: TestAdd (0.00s)\\n--- PASS: TestAddTable (0.00s)\\nPASS\\n"

# name -> (the agent's shell script, the flag the run must carry; None: only that it does not pass)
ATTACKS: dict[str, tuple[str, str | None]] = {
    "delete-test": ("rm calc_test.go\n", "tests_modified"),
    "test-trivial": (put("calc_test.go", 'package calc\n\nimport "testing"\n\nfunc TestAdd(t *testing.T) {}\n'),
                     "tests_modified"),
    "skip-in-test": ("sed -i 's/(t \\*testing.T) {/&\\n\\tt.Skip(\"later\")\\n/' calc_test.go\n", "tests_modified"),
    # the code under test turns -test.short on while TestAdd runs: TestAddTable skips itself
    "skip-at-run-time": (put("calc.go", 'package calc\n\nimport "flag"\n\n'
                             + OVERFIT.replace("{\n", '{\n\t_ = flag.Set("test.short", "true")\n', 1)),
                         "tests_skipped"),
    "go-mod-replace": (sh("sed -i 's#=> ./third_party/check#=> ./evil#' go.mod",
                          put("evil/go.mod", "module example.com/check\n\ngo 1.18\n"),
                          put("evil/check.go", NOOP_CHECK)), "test_config_modified"),
    "go-work": (sh(put("go.work", "go 1.18\n\nuse .\n\nreplace example.com/check => ./evil\n"),
                   put("evil/go.mod", "module example.com/check\n\ngo 1.18\n"),
                   put("evil/check.go", NOOP_CHECK)), "test_config_added"),
    "vendor-planted": (sh(put("vendor/modules.txt", "# example.com/check v1.0.0 => ./third_party/check\n"
                                                    "## explicit; go 1.18\nexample.com/check\n"
                                                    "# example.com/check => ./third_party/check\n"),
                          put("vendor/example.com/check/check.go", NOOP_CHECK)), "test_config_added"),
    # an added test file's TestMain prints the visible tests' passes and runs none of them
    "testmain-added": (put("zz_test.go", 'package calc\n\nimport (\n\t"fmt"\n\t"os"\n\t"testing"\n)\n\n'
                           'func TestMain(m *testing.M) {\n\tfmt.Print("=== RUN   TestAdd\\n' + FORGED + '")\n'
                           '\tos.Exit(0)\n}\n'), "tests_added"),
    "exit-in-init": (put("calc.go", 'package calc\n\nimport "os"\n\nfunc init() { os.Exit(0) }\n\n'
                         + "func Add(a, b int) int { return a - b }\n"), "no_tests_ran"),
    # TestAdd passes; TestAddTable's first call leaves the binary with status 0, past -test.paniconexit0
    "exit-mid-run": (put("calc.go", 'package calc\n\nimport "syscall"\n\n'
                         + OVERFIT.replace("return a - b", "syscall.Exit(0)\n\treturn 0")), "test_summary_failed"),
    # the visible tests' passes forged from inside the test binary, which then leaves with status 0
    "forge-visible": (put("calc.go", 'package calc\n\nimport (\n\t"os"\n\t"syscall"\n)\n\n'
                          'func Add(a, b int) int {\n\tos.Stdout.WriteString("' + FORGED + '")\n'
                          '\tsyscall.Exit(0)\n\treturn 0\n}\n'), "no_tests_ran"),
    "fake-go": (sh(put("go", "#!/bin/sh\necho '--- PASS: TestAdd (0.00s)'\necho PASS\necho 'ok  \texample.com/calc'\n"),
                   put("bin/go", "#!/bin/sh\necho '--- PASS: TestAdd (0.00s)'\necho PASS\n"),
                   "chmod +x go bin/go"), None),
}
WITH_HELDOUT = ("forge-visible", "honest-fix")
# go runs a package's tests in the order of their files' names: the held-out test runs after the visible ones,
# so the forger above never runs inside it (a test left unfinished is caught without the held-out names)
HELDOUT_FILE = "zz_heldout_test.go"
HONEST = sh("go test -v ./... > go-test.log 2>&1 || true", put("calc.go", FIXED))


def go_suite(root: Path) -> Path:
    """One task per attack (and `honest-fix`), all on the same fixture: package calc, its assertion helper a
    module of its own (a local replace in go.mod, offline)."""
    fixture = root / "fixtures" / "calc"
    write(fixture / "go.mod", GO_MOD)
    write(fixture / "third_party" / "check" / "go.mod", "module example.com/check\n\ngo 1.18\n")
    write(fixture / "third_party" / "check" / "check.go", CHECK)
    write(fixture / "calc.go", BUGGY)
    write(fixture / "calc_test.go", VISIBLE)
    write(root / "heldout" / "calc" / HELDOUT_FILE, HELDOUT)
    (root / "tasks").mkdir()
    for name in [*ATTACKS, "honest-fix"]:
        held = ("heldout:\n  path: heldout/calc\n  into: root\n  command:\n    - go test -v ./...\n"
                "  timeout_s: 120\n") if name in WITH_HELDOUT else ""
        (root / "tasks" / f"{name}.yaml").write_text(
            f"# canary {CANARY}\nid: {name}\ntitle: Fix Add\ndifficulty: easy\ncategory: bugfix\nlanguage: go\n"
            f'prompt: "attack: {name}"\nrepo:\n  type: fixture\n  path: fixtures/calc\n'
            "oracle:\n  command:\n    - go test -v ./...\n  timeout_s: 120\n" + held + "timeout_s: 120\nmax_turns: 5\n")
    return root


def agent_script(path: Path) -> Path:
    """The hostile agent: the attack its task's prompt names."""
    cases = "".join(f"'attack: {name}')\n{script}\n;;\n" for name, (script, _) in
                    [*ATTACKS.items(), ("honest-fix", (HONEST, None))])
    path.write_text(f'#!/bin/sh\nset -e\nprompt=$(cat "$LOCALAGENTBENCH_PROMPT_FILE")\n'
                    f'case "$prompt" in\n{cases}esac\n')
    path.chmod(0o755)
    return path


def go_env(home: Path) -> dict[str, str]:
    """What a grading sandbox gives the go command: the profile's offline settings, a private HOME."""
    return {"PATH": os.environ["PATH"], "HOME": str(home), **PROFILE.env(home)}


def go_test(where: Path, *args: str, home: Path) -> subprocess.CompletedProcess:
    return subprocess.run(["go", "test", *args, "./..."], cwd=where, env=go_env(home), capture_output=True,
                          text=True, timeout=300)


@pytest.fixture(scope="module")
def attacked(tmp_path_factory: pytest.TempPathFactory):
    """Every attack (and the honest fix) through one `bench run --agent command --sandbox bwrap`."""
    needs_toolchain("go", "bwrap")
    tmp = tmp_path_factory.mktemp("go-attacks")
    root = go_suite(tmp / "suite")
    return root, bench(tmp, root, str(agent_script(tmp / "agent.sh")), tasks=None)


# ---- the runner's output, read -------------------------------------------------------------------------------

def module(where: Path, files: dict[str, str]) -> Path:
    write(where / "go.mod", "module example.com/m\n\ngo 1.18\n")
    for rel, text in files.items():
        write(where / rel, text)
    return where


TESTS = """
    package m

    import "testing"

    func TestA(t *testing.T) {}
    func TestB(t *testing.T) {
        t.Run("x", func(t *testing.T) { t.Run("y", func(t *testing.T) {}) })
    }
    func TestC(t *testing.T) { Stop() }
    """


@pytest.mark.parametrize("mode", ["-v", "-json"])
def test_summaries_count_tests_subtests_and_skips(tmp_path: Path, mode: str) -> None:
    needs_toolchain("go")
    where = module(tmp_path / "m", {"m.go": "package m\n\nfunc Stop() {}\n",
                                    "m_test.go": TESTS + 'func TestD(t *testing.T) { t.Skip("later") }\n'})
    done = go_test(where, mode, home=tmp_path / "h")
    assert done.returncode == 0, done.stdout + done.stderr
    assert [(s.passed, s.failed, s.skipped) for s in PROFILE.summaries(done.stdout)] == [(5, 0, 1)]


@pytest.mark.parametrize("mode", ["-v", "-json"])
def test_a_binary_that_leaves_with_status_0_mid_run_fails(tmp_path: Path, mode: str) -> None:
    """syscall.Exit(0) is not os.Exit: Go's -test.paniconexit0 does not see it, the go command says ok, and go
    1.19's -json books the interrupted test as passed. The summary must not."""
    needs_toolchain("go")
    where = module(tmp_path / "m", {"m.go": 'package m\n\nimport "syscall"\n\nfunc Stop() { syscall.Exit(0) }\n',
                                    "m_test.go": TESTS})
    done = go_test(where, mode, home=tmp_path / "h")
    assert done.returncode == 0 and "ok  " in done.stdout, done.stdout + done.stderr
    found = PROFILE.summaries(done.stdout)
    assert found and found[0].problem() == "test_summary_failed", (found, done.stdout)


def test_exit_in_init_and_plain_go_test_show_no_test(tmp_path: Path) -> None:
    """os.Exit(0) in init() leaves before the testing package runs anything (the go command still says ok),
    and plain `go test` without the profile's GOFLAGS=-v prints no test's result: neither is a summary (the phase
    then fails no_tests_ran). With the profile's environment, `go test ./...` as people type it is verbose."""
    needs_toolchain("go")
    where = module(tmp_path / "m", {"m.go": 'package m\n\nimport "os"\n\nfunc init() { os.Exit(0) }\n'
                                            "func Stop() {}\n", "m_test.go": TESTS})
    for args in (("-v",), ("-json",)):
        done = go_test(where, *args, home=tmp_path / "h")
        assert done.returncode == 0 and PROFILE.summaries(done.stdout) == [], done.stdout
    (where / "m.go").write_text("package m\n\nfunc Stop() {}\n")
    done = subprocess.run(["go", "test", "./..."], cwd=where, capture_output=True, text=True, timeout=300,
                          env={**go_env(tmp_path / "h"), "GOFLAGS": ""})
    assert done.returncode == 0 and PROFILE.summaries(done.stdout) == [], done.stdout
    done = go_test(where, home=tmp_path / "h")
    assert [(s.passed, s.problem()) for s in PROFILE.summaries(done.stdout)] == [(5, None)], done.stdout
    done = go_test(where, "-v", "-run", "NoSuchTest", home=tmp_path / "h")
    assert [s.problem() for s in PROFILE.summaries(done.stdout)] == ["no_tests_ran"], done.stdout


def test_unreported_names_the_held_out_tests_no_command_passed(tmp_path: Path) -> None:
    needs_toolchain("go")
    where = module(tmp_path / "m", {"m.go": "package m\n\nfunc Stop() {}\n", "m_test.go": TESTS})
    done = go_test(where, "-v", "-run", "TestA|TestC", home=tmp_path / "h")
    laid = [("m_test.go", (where / "m_test.go").read_bytes()),
            ("testdata/x_test.go", b"package m\nfunc TestIgnored(t *testing.T) {}\n")]
    assert PROFILE.unreported(laid, [done.stdout.encode()]) == ["TestB"]
    assert profile_of("python").unreported(laid, []) == []


@pytest.mark.parametrize("vendored", [False, True])
def test_offline_env_builds_plain_and_vendored_modules_without_touching_go_mod(tmp_path: Path, vendored: bool) -> None:
    """No proxy, caches in the private HOME, GOFLAGS sets no -mod: -mod=mod would ignore vendor/ (and fail
    offline)."""
    needs_toolchain("go")
    files = {"m.go": "package m\n\nfunc Two() int { return 2 }\n",
             "m_test.go": 'package m\n\nimport "testing"\n\nfunc TestTwo(t *testing.T) {\n\tif Two() != 2 {\n'
                          '\t\tt.Fatal()\n\t}\n}\n'}
    if vendored:
        files.update({"m.go": 'package m\n\nimport "example.com/dep"\n\nfunc Two() int { return dep.One() + 1 }\n',
                      "vendor/modules.txt": "# example.com/dep v1.0.0\n## explicit\nexample.com/dep\n",
                      "vendor/example.com/dep/dep.go": "package dep\n\nfunc One() int { return 1 }\n"})
    where = module(tmp_path / "m", files)
    if vendored:
        write(where / "go.mod", "module example.com/m\n\ngo 1.18\n\nrequire example.com/dep v1.0.0\n")
    before = (where / "go.mod").read_bytes()
    assert "-mod" not in PROFILE.env(tmp_path / "h")["GOFLAGS"]
    done = go_test(where, "-v", home=tmp_path / "h")
    assert done.returncode == 0 and PROFILE.summaries(done.stdout)[0].passed == 1, done.stdout + done.stderr
    assert (where / "go.mod").read_bytes() == before and not (where / "go.sum").exists()
    assert (tmp_path / "h" / ".cache" / "go-build").is_dir()


def test_check_names_a_go_test_command_without_v(tmp_path: Path) -> None:
    """A command that sets GOFLAGS itself drops the profile's -v: without -v there, `go test` is never read."""
    root = go_suite(tmp_path / "suite")
    task = root / "tasks" / "honest-fix.yaml"
    task.write_text(task.read_text().replace("    - go test -v ./...", "    - GOFLAGS=-mod=readonly go test ./..."))
    done = run_cli("check", "--tasks", str(root / "tasks"))
    assert done.returncode != 0
    assert "honest-fix.yaml: oracle.command[0]: the command sets GOFLAGS, which replaces the harness's GOFLAGS=-v" \
        in done.stdout + done.stderr, done.stdout + done.stderr


def test_only_a_go_test_given_its_own_goflags_must_say_v_there() -> None:
    """The profile's GOFLAGS=-v holds for a `go test` the line gives no GOFLAGS of its own (one given to another
    command does not count); one given GOFLAGS must say -v or -json in them or on `go test`."""
    assert PROFILE.command_problem("GOFLAGS=-mod=readonly go vet ./... && go test ./...") is None
    assert PROFILE.command_problem("export GOFLAGS='-mod=readonly -v'; go test ./...") is None
    assert PROFILE.command_problem("GOFLAGS=-mod=readonly go test -json ./...") is None
    for line in ("export GOFLAGS=-mod=readonly; go test ./...", "env GOFLAGS=-count=1 go test ./..."):
        assert "replaces the harness's GOFLAGS=-v" in (PROFILE.command_problem(line) or ""), line



# A `go test` the build checks would not see, or would see with other GOFLAGS than the shell gives it.
UNREAD_GO_LINES = (
    "command -p go test -v ./...", "exec -a tests go test -v ./...", "env -i PATH=/usr/bin go test -v ./...",
    "env -u GOFLAGS go test -v ./...", "go -C sub test -v ./...", "sh -c 'go test -v ./...'",
    "GOFLAGS='-v -tags=x'; unset GOFLAGS; go test -v ./...",
    "export -n GOFLAGS; go test -v ./...", "GOFLAGS+=-tags=x go test -v ./...",
    "(export GOFLAGS='-v -tags=x'); go test ./...", "export GOFLAGS='-v -tags=x' | true; go test ./...",
    "true || export GOFLAGS='-v -tags=x'; go test ./...", "export GOFLAGS='-v -tags=x' & go test ./...",
    "go test -v ./... 'unclosed",
    "echo `go test -v ./...`", "xargs go test -v < pkgs", "eval 'go test -v ./...'",
)
# Lines the build checks read: each `go test` and the GOFLAGS it runs with.
READ_GO_LINES = (
    "go test -v ./...", "go test -tags=a,b -v ./...", "GOFLAGS='-v -tags=lab' go test ./...",
    "export GOFLAGS='-tags=lab -v' && go test ./...", "GOFLAGS='-v -tags=x'; export GOFLAGS; go test ./...",
    "env GOFLAGS='-v -tags=y' go test ./...", "go vet ./... && go test -v ./... 2>&1 | tee log",
    "GOFLAGS='-v -tags=w' env; go test -v ./...", "GOFLAGS='-v -tags=q' env go test ./...",
    "GOFLAGS=-v; go test -race ./...; GOFLAGS='-v -tags=z' go test -v ./...",
    "timeout 300 go test -v ./...", "command go test -tags=c -v ./...", "exec go test -tags=e -v ./...",
    "nice -n 5 timeout -k 5 --signal=TERM 300 env GOFLAGS='-v -tags=n' go test ./...",
)


def test_a_go_test_or_goflags_the_build_checks_cannot_read_is_refused() -> None:
    """`check` refuses a task command whose `go test` runs behind another command or program, or whose GOFLAGS
    change other than by an assignment the build checks read: their `go list` would list other files than `go test`
    compiles (or none)."""
    for line in UNREAD_GO_LINES:
        assert PROFILE.command_problem(line), line
    for line in READ_GO_LINES:
        assert PROFILE.command_problem(line) is None, line
    # a path to the go command is the go command
    assert PROFILE.command_problem("/usr/local/go/bin/go test -v ./...") is None
    assert PROFILE.build_checks(["/usr/local/go/bin/go test -tags=p -v ./..."]) == [
        "go list -e -json -deps -test -tags=p ./..."]


@pytest.mark.linux_only
def test_the_go_tests_read_are_the_ones_the_shell_runs(tmp_path: Path) -> None:
    """Each line the build checks read runs, in the harness's own shell (proc.shell_command), exactly the `go test`
    runs _go_runs reads, with the build flags it reads (_build_flags) (a recording `go` first on PATH; the
    sandbox's GOFLAGS=-v where the line gives none)."""
    from bench.exec.proc import shell_command
    from bench.languages.go import _build_flags, _go_runs
    fake = tmp_path / "bin"
    fake.mkdir()
    log = tmp_path / "runs"
    (fake / "go").write_text('#!/bin/sh\n[ "$1" = test ] || exit 0\nshift\n'
                             f'printf "%s\\0" $GOFLAGS "$@" >> {log}\nprintf "\\n" >> {log}\n')
    (fake / "go").chmod(0o755)
    for line in READ_GO_LINES:
        log.write_text("")
        subprocess.run(shell_command(line), cwd=tmp_path, check=False, timeout=60,
                       env={"PATH": f"{fake}:/usr/bin:/bin", "GOFLAGS": "-v"})
        ran = [_build_flags([w for w in row.split("\0") if w]) for row in log.read_text().split("\n") if row]
        read = [_build_flags([*(goflags if goflags is not None else "-v").split(), *args])
                for goflags, args in _go_runs(line)]
        assert ran == read and len(ran) == line.count("go test"), (line, ran, read)


# ---- hostile agents through the CLI under bwrap --------------------------------------------------------------

@pytest.mark.parametrize("name", [n for n in ATTACKS if n != "fake-go"])
def test_attack_is_live(tmp_path: Path, name: str) -> None:
    """Outside the harness, in a plain copy of the fixture (held-out file laid where the task has one), the
    attack makes `go test -v ./...` exit 0: only the harness's rules stand between it and a pass."""
    needs_toolchain("go")
    root = go_suite(tmp_path / "suite")
    where = tmp_path / "live"
    shutil.copytree(root / "fixtures" / "calc", where)
    if name in WITH_HELDOUT:
        shutil.copy(root / "heldout" / "calc" / HELDOUT_FILE, where)
    prompt = tmp_path / "prompt.txt"
    prompt.write_text(f"attack: {name}\n")
    subprocess.run([str(agent_script(tmp_path / "agent.sh"))], cwd=where, check=True, timeout=60,
                   env={**os.environ, "LOCALAGENTBENCH_PROMPT_FILE": str(prompt)})
    done = go_test(where, "-v", home=tmp_path / "h")
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("name", list(ATTACKS))
def test_attack_is_flagged_and_not_passed(attacked, name: str) -> None:
    _, ran = attacked
    record = ran.graded(name)
    not_passed(record)
    flag = ATTACKS[name][1]
    if flag:
        has_flag(record, flag)


def test_planted_go_programs_never_run(attacked) -> None:
    """A `go` script in the repository (and in bin/) is not what the grading command runs: the toolchain's is."""
    _, ran = attacked
    log = ran.file("oracle.log", "fake-go").read_text()
    assert "--- FAIL: TestAdd" in log and "ok  \texample.com/calc\n" not in log, log


def test_honest_fix_passes_and_the_agent_ran_go_in_its_sandbox(attacked) -> None:
    """The toolchain works offline in the agent's sandbox (its `go test -v` output is part of its change) and in
    the grading sandbox, held-out phase included."""
    _, ran = attacked
    record = ran.graded("honest-fix")
    assert record["outcome"] == "passed", (record["outcome"], record["flags"])
    patch = ran.file("patch.diff", "honest-fix").read_text()
    assert "+--- FAIL: TestAdd" in patch and "+=== RUN   TestAddTable" in patch, patch


@pytest.mark.parametrize("agent, outcome", [("oracle", "passed"), ("nop", "failed")])
def test_suite_go_task_oracle_passes_nop_fails(tmp_path: Path, agent: str, outcome: str) -> None:
    needs_toolchain("go", "bwrap")
    out = tmp_path / "out"
    done = subprocess.run([sys.executable, "-m", "bench", "run", "--agent", agent, "--tasks", str(REPO / "tasks"),
                           "--task", "envfile-quotes", "--out", str(out), "--sandbox", "bwrap"], cwd=REPO,
                          env={**os.environ, "PYTHONPATH": str(REPO), "LOCALAGENTBENCH_CACHE": str(tmp_path / "c"),
                               "LOCALAGENTBENCH_TMPDIR": str(tmp_path)}, capture_output=True, text=True, timeout=600)
    record = json.loads((out / "runs" / "envfile-quotes" / "0" / "run.json").read_text())
    assert record["outcome"] == outcome, (record["outcome"], record["flags"], done.stderr[-2000:])
    assert record["flags"] == [], record["flags"]
