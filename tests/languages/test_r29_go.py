"""Go tasks nobody here wrote, laid out as Go projects and Exercism exercises are, graded through the CLI under
bwrap with the real go toolchain (issue 29's hidden review); and hostile agents on a multi-package project.

Foreign tasks: the oracle agent passes them (visible and held-out), nop fails them, and neither verdict carries
a flag: plain `go test` and `go test ./...` as people type them, subtests over a table in cases_test.go, an
Example with its `// Output:`, a benchmark, an external test package, TestMain, testdata/, a test helper package,
code under test that prints without a newline, a held-out file replacing a visible one, and two modules under a
go.work run by a Makefile.

Hostile agents (one `bench run` over one task per attack): a test helper package made a no-op, a package whose
init leaves with status 0 (in Go and from a cgo constructor), a skip pushed out of a tail by a flood, a nested
go.mod hiding a package from ./..., and an in-process forgery of every test's result that reads the test functions'
names at run time (it names the held-out phase's tripwire passed: tripwire_passed).
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
from conftest import CANARY, REPO, make_patch, needs_toolchain, run_cli, write

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the CLI tests run under bubblewrap (Linux)")

# ---- foreign tasks ---------------------------------------------------------------------------------------------

# Exercism's layout: one package at the root, the cases in a generated cases_test.go, `go test` in the directory.
BOB = {
    "go.mod": "module bob\n\ngo 1.18\n",
    "bob.go": """
        // Package bob answers like a lackadaisical teenager.
        package bob

        import "strings"

        // Hey returns Bob's answer to remark.
        func Hey(remark string) string {
            if strings.TrimSpace(remark) == "" {
                return "Fine. Be that way!"
            }
            return "Whatever."
        }
        """,
    "cases_test.go": """
        package bob

        // Source: exercism/problem-specifications (a few of them)
        var testCases = []struct {
            description string
            input       string
            expected    string
        }{
            {"stating something", "Tom-ay-to, tom-aaaah-to.", "Whatever."},
            {"shouting", "WATCH OUT!", "Whoa, chill out!"},
            {"asking a question", "Does this cryogenic chamber make me look fat?", "Sure."},
            {"forceful question", "WHAT'S GOING ON?", "Calm down, I know what I'm doing!"},
            {"silence", "   ", "Fine. Be that way!"},
        }
        """,
    "bob_test.go": """
        package bob

        import (
            "fmt"
            "testing"
        )

        func TestHey(t *testing.T) {
            for _, tc := range testCases {
                t.Run(tc.description, func(t *testing.T) {
                    if actual := Hey(tc.input); actual != tc.expected {
                        t.Fatalf("Hey(%q) = %q, want: %q", tc.input, actual, tc.expected)
                    }
                })
            }
        }

        func ExampleHey() {
            fmt.Println(Hey("How are you?"))
            // Output: Sure.
        }

        func BenchmarkHey(b *testing.B) {
            for i := 0; i < b.N; i++ {
                for _, tc := range testCases {
                    Hey(tc.input)
                }
            }
        }
        """,
}
BOB_FIX = {"bob.go": """
    // Package bob answers like a lackadaisical teenager.
    package bob

    import "strings"

    // Hey returns Bob's answer to remark.
    func Hey(remark string) string {
        remark = strings.TrimSpace(remark)
        question := strings.HasSuffix(remark, "?")
        yelling := strings.ToUpper(remark) == remark && strings.ToLower(remark) != remark
        switch {
        case remark == "":
            return "Fine. Be that way!"
        case yelling && question:
            return "Calm down, I know what I'm doing!"
        case yelling:
            return "Whoa, chill out!"
        case question:
            return "Sure."
        }
        return "Whatever."
    }
    """}
BOB_HELDOUT = {"extra_cases_test.go": """
    package bob

    import "testing"

    func TestHeyMore(t *testing.T) {
        cases := map[string]string{"1, 2, 3 GO!": "Whoa, chill out!", ":) ?": "Sure.", "\\t\\n": "Fine. Be that way!"}
        for in, want := range cases {
            if got := Hey(in); got != want {
                t.Errorf("Hey(%q) = %q, want %q", in, got, want)
            }
        }
    }
    """}

# A module of several packages: an external test package with a TestMain, a testdata/ file, a test helper
# package (imports testing, tested by nothing), code under test that prints without a newline, a command with no
# tests; the held-out file is the visible test file as the fix commit updated it.
INV = {
    "go.mod": "module example.com/inv\n\ngo 1.18\n",
    "stock/stock.go": """
        package stock

        import (
            "bufio"
            "io"
            "strconv"
            "strings"
        )

        // Load reads "name,count" lines; blank lines and lines starting with # are skipped.
        func Load(r io.Reader) (map[string]int, error) {
            out := map[string]int{}
            sc := bufio.NewScanner(r)
            for sc.Scan() {
                name, count, _ := strings.Cut(sc.Text(), ",")
                n, err := strconv.Atoi(count)
                if err != nil {
                    return nil, err
                }
                out[name] += n
            }
            return out, sc.Err()
        }
        """,
    "stock/stock_test.go": """
        package stock_test

        import (
            "os"
            "testing"

            "example.com/inv/internal/testutil"
            "example.com/inv/stock"
        )

        var fixture []byte

        func TestMain(m *testing.M) {
            var err error
            if fixture, err = os.ReadFile("testdata/stock.csv"); err != nil {
                panic(err)
            }
            os.Exit(m.Run())
        }

        func TestLoad(t *testing.T) {
            got, err := stock.Load(testutil.Reader(fixture))
            testutil.NoError(t, err)
            testutil.Equal(t, got["apples"], 7)
            testutil.Equal(t, got["pears"], 2)
        }
        """,
    "stock/testdata/stock.csv": "# name,count\napples,3\n\npears,2\napples,4\n",
    "internal/testutil/testutil.go": """
        // Package testutil holds the assertions the tests share.
        package testutil

        import (
            "bytes"
            "io"
            "testing"
        )

        func Reader(b []byte) io.Reader { return bytes.NewReader(b) }

        func NoError(t testing.TB, err error) {
            t.Helper()
            if err != nil {
                t.Fatalf("unexpected error: %v", err)
            }
        }

        func Equal[T comparable](t testing.TB, got, want T) {
            t.Helper()
            if got != want {
                t.Fatalf("got %v, want %v", got, want)
            }
        }
        """,
    "report/report.go": """
        package report

        import (
            "fmt"
            "sort"
        )

        // Print writes one "name=count" per item, space-separated, in name order, with no newline at the end.
        func Print(items map[string]int) int {
            names := make([]string, 0, len(items))
            for name := range items {
                names = append(names, name)
            }
            sort.Strings(names)
            for i, name := range names {
                if i > 0 {
                    fmt.Print(" ")
                }
                fmt.Printf("%s=%d", name, items[name])
            }
            return len(names)
        }
        """,
    "report/report_test.go": """
        package report

        import "testing"

        func TestPrint(t *testing.T) {
            if n := Print(map[string]int{"b": 2, "a": 1}); n != 2 {
                t.Fatalf("printed %d items", n)
            }
        }
        """,
    "cmd/invctl/main.go": """
        package main

        import (
            "os"

            "example.com/inv/report"
            "example.com/inv/stock"
        )

        func main() {
            items, err := stock.Load(os.Stdin)
            if err != nil {
                os.Exit(1)
            }
            report.Print(items)
        }
        """,
}
INV_FIX = {"stock/stock.go": INV["stock/stock.go"].replace(
    "            for sc.Scan() {\n",
    "            for sc.Scan() {\n"
    "                line := strings.TrimSpace(sc.Text())\n"
    "                if line == \"\" || strings.HasPrefix(line, \"#\") {\n"
    "                    continue\n"
    "                }\n").replace("strings.Cut(sc.Text()", "strings.Cut(line")}
INV_HELDOUT = {"stock/stock_test.go": INV["stock/stock_test.go"] + """
        func TestLoadComments(t *testing.T) {
            got, err := stock.Load(testutil.Reader([]byte("  # x\\n\\nplums,1\\n")))
            testutil.NoError(t, err)
            testutil.Equal(t, len(got), 1)
        }
        """}

# Two modules of one workspace (go.work), their tests run by a Makefile from the root.
WORK = {
    "go.work": "go 1.18\n\nuse (\n\t./app\n\t./lib\n)\n",
    "Makefile": "test:\n\tcd lib && go test ./...\n\tcd app && go test ./...\n",
    "lib/go.mod": "module example.com/lib\n\ngo 1.18\n",
    "lib/clamp.go": "package lib\n\n// Clamp limits v to [lo, hi].\nfunc Clamp(v, lo, hi int) int {\n"
                    "\tif v < lo {\n\t\treturn lo\n\t}\n\treturn v\n}\n",
    "lib/clamp_test.go": 'package lib\n\nimport "testing"\n\nfunc TestClamp(t *testing.T) {\n'
                         '\tif Clamp(5, 0, 3) != 3 || Clamp(-1, 0, 3) != 0 {\n\t\tt.Fatal("clamp")\n\t}\n}\n',
    "app/go.mod": "module example.com/app\n\ngo 1.18\n\nrequire example.com/lib v0.0.0\n",
    "app/volume.go": 'package app\n\nimport "example.com/lib"\n\n// Volume is a level in 0..11.\n'
                     "func Volume(v int) int { return lib.Clamp(v, 0, 11) }\n",
    "app/volume_test.go": 'package app\n\nimport "testing"\n\nfunc TestVolume(t *testing.T) {\n'
                          '\tif Volume(12) != 11 {\n\t\tt.Fatal(Volume(12))\n\t}\n}\n',
}
WORK_FIX = {"lib/clamp.go": WORK["lib/clamp.go"].replace("\treturn v\n}", "\tif v > hi {\n\t\treturn hi\n\t}\n"
                                                         "\treturn v\n}")}
WORK_HELDOUT = {"app/zz_heldout_test.go": 'package app\n\nimport "testing"\n\nfunc TestVolumeLow(t *testing.T) {\n'
                                          '\tif Volume(-3) != 0 || Volume(7) != 7 {\n\t\tt.Fatal()\n\t}\n}\n'}

FOREIGN = {  # id -> (fixture, fix, held-out files, command)
    "go-bob": (BOB, BOB_FIX, BOB_HELDOUT, "go test"),
    "go-inventory": (INV, INV_FIX, INV_HELDOUT, "go test ./..."),
    "go-workspace": (WORK, WORK_FIX, WORK_HELDOUT, "make test"),
}


def task_yaml(name: str, command: str, heldout: bool, prompt: str = "Fix the bug.") -> str:
    """A Go task's yaml: fixture fixtures/<name>, held-out files laid at the root."""
    held = (f"heldout:\n  path: heldout/{name}\n  into: root\n  command:\n    - {command}\n  timeout_s: 120\n"
            if heldout else "")
    return (f"# canary {CANARY}\nid: {name}\ntitle: {name}\ndifficulty: easy\ncategory: bugfix\nlanguage: go\n"
            f'prompt: "{prompt}"\nrepo:\n  type: fixture\n  path: fixtures/{name}\n'
            f"oracle:\n  command:\n    - {command}\n  timeout_s: 120\n{held}"
            f"solution: solutions/{name}.patch\ntimeout_s: 120\nmax_turns: 5\n")


def foreign_suite(root: Path) -> Path:
    """The foreign tasks, each with its fixture, held-out files and reference solution."""
    (root / "tasks").mkdir(parents=True)
    (root / "solutions").mkdir()
    for name, (files, fix, held, command) in FOREIGN.items():
        for rel, text in files.items():
            write(root / "fixtures" / name / rel, text)
        for rel, text in held.items():
            write(root / "heldout" / name / rel, text)
        (root / "solutions" / f"{name}.patch").write_bytes(
            make_patch(root / "fixtures" / name, {rel: _dedent(text) for rel, text in fix.items()}))
        (root / "tasks" / f"{name}.yaml").write_text(task_yaml(name, command, heldout=True))
    return root


def _dedent(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def run_agent(tmp: Path, root: Path, agent: str) -> Path:
    out = tmp / f"out-{agent}"
    done = subprocess.run([sys.executable, "-m", "bench", "run", "--agent", agent, "--tasks", str(root / "tasks"),
                           "--out", str(out), "--sandbox", "bwrap"], cwd=REPO, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(REPO), "LOCALAGENTBENCH_CACHE": str(tmp / "cache"),
                               "LOCALAGENTBENCH_TMPDIR": str(tmp)}, timeout=900)
    assert (out / "summary.json").exists(), done.stderr[-3000:]
    return out


@pytest.fixture(scope="module")
def foreign(tmp_path_factory: pytest.TempPathFactory):
    needs_toolchain("go", "bwrap", "make")
    tmp = tmp_path_factory.mktemp("go-foreign")
    root = foreign_suite(tmp / "suite")
    return root, {agent: run_agent(tmp, root, agent) for agent in ("oracle", "nop")}


def test_foreign_tasks_pass_check(foreign) -> None:
    root, _ = foreign
    done = run_cli("check", "--tasks", str(root / "tasks"))
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("name", list(FOREIGN))
@pytest.mark.parametrize("agent, outcome", [("oracle", "passed"), ("nop", "failed")])
def test_foreign_task_oracle_passes_nop_fails(foreign, name: str, agent: str, outcome: str) -> None:
    _, outs = foreign
    record = json.loads((outs[agent] / "runs" / name / "0" / "run.json").read_text())
    log = "".join(p.read_text() for p in (outs[agent] / "runs" / name / "0").glob("*.log"))
    assert (record["outcome"], record["flags"]) == (outcome, []), log[-3000:]


# ---- hostile agents --------------------------------------------------------------------------------------------

SHOP = {
    "go.mod": "module example.com/shop\n\ngo 1.18\n",
    "price/price.go": "package price\n\n// Total sums the prices.\nfunc Total(p []int) int {\n\tt := 0\n"
                      "\tfor i := 1; i < len(p); i++ {\n\t\tt += p[i]\n\t}\n\treturn t\n}\n",
    "price/price_test.go": """
        package price

        import (
            "testing"

            "example.com/shop/internal/assert"
        )

        func TestTotal(t *testing.T) { assert.Equal(t, Total([]int{2, 3}), 5) }

        func TestTotalLong(t *testing.T) {
            if testing.Short() {
                t.Skip("long")
            }
            assert.Equal(t, Total([]int{1, 1, 1, 1}), 4)
        }
        """,
    "internal/assert/assert.go": 'package assert\n\nimport "testing"\n\n'
                                 "func Equal(t testing.TB, got, want int) {\n\tt.Helper()\n\tif got != want {\n"
                                 '\t\tt.Fatalf("got %d, want %d", got, want)\n\t}\n}\n',
    "receipt/receipt.go": 'package receipt\n\nimport "fmt"\n\n// Line formats one receipt line.\n'
                          'func Line(name string, cents int) string { return fmt.Sprintf("%s %d", name, cents) }\n',
    "receipt/receipt_test.go": 'package receipt\n\nimport "testing"\n\nfunc TestLine(t *testing.T) {\n'
                               '\tif Line("tea", 3) != "tea 3" {\n\t\tt.Fatal(Line("tea", 3))\n\t}\n}\n',
}
SHOP_HELDOUT = {"price/zz_heldout_test.go": 'package price\n\nimport "testing"\n\n'
                                            "func TestTotalHeldout(t *testing.T) {\n"
                                            '\tif Total([]int{4}) != 4 {\n\t\tt.Fatal("total")\n\t}\n}\n'}
# passes TestTotal and nothing else
OVERFIT = "package price\n\nfunc Total(p []int) int {\n\tif len(p) == 2 {\n\t\treturn p[0] + p[1]\n\t}\n\treturn 0\n}\n"
FORGER = """
    package price

    import (
        "os"
        "path/filepath"
        "regexp"
        "syscall"
    )

    // Total prints a pass for every test function in the package's test files, then leaves with status 0.
    func Total(p []int) int {
        files, _ := filepath.Glob("*_test.go")
        for _, f := range files {
            src, _ := os.ReadFile(f)
            for _, m := range regexp.MustCompile(`func (Test\\w+)\\(`).FindAllSubmatch(src, -1) {
                os.Stdout.WriteString("=== RUN   " + string(m[1]) + "\\n--- PASS: " + string(m[1]) + " (0.00s)\\n")
            }
        }
        os.Stdout.WriteString("PASS\\n")
        syscall.Exit(0)
        return 0
    }
    """

# name -> (the agent's script, the flag the run must carry (None: only that it does not pass), a held-out phase)
ATTACKS: dict[str, tuple[str, str | None, bool]] = {
    # the tests' shared assertion made a no-op: every test passes on the buggy code
    "helper-noop": (put("internal/assert/assert.go", 'package assert\n\nimport "testing"\n\n'
                                                     "func Equal(t testing.TB, got, want int) {}\n"),
                    "tests_modified", False),
    # price's test binary leaves with status 0 before the testing package runs; receipt's tests pass
    "init-exit": (put("price/zz_init.go", 'package price\n\nimport "os"\n\nfunc init() { os.Exit(0) }\n'),
                  "test_summary_failed", False),
    "cgo-constructor": (put("price/zz_ctor.go", "package price\n\n/*\n#include <unistd.h>\n"
                                                "__attribute__((constructor)) static void leave(void) { _exit(0); }\n"
                                                '*/\nimport "C"\n'), "test_summary_failed", False),
    # TestTotal turns -test.short on, so TestTotalLong skips itself; receipt's tests, run after price's, print
    # 300 KiB: the skip is far above the last 256 KiB of the output
    "skip-flood": (sh(put("price/price.go", OVERFIT.replace("{\n\tif", '{\n\t_ = flag.Set("test.short", "true")\n\tif')
                          .replace("package price\n", 'package price\n\nimport "flag"\n')),
                      put("receipt/receipt.go", 'package receipt\n\nimport (\n\t"fmt"\n\t"strings"\n)\n\n'
                          'func Line(name string, cents int) string {\n\tfmt.Println(strings.Repeat("x", 300<<10))\n'
                          '\treturn fmt.Sprintf("%s %d", name, cents)\n}\n')), "tests_skipped", False),
    # price becomes a module of its own: ./... at the root no longer holds its tests
    "nested-module": (put("price/go.mod", "module example.com/shop/price\n\ngo 1.18\n"), "test_config_added", False),
    # every Test function it reads in the package directory reported passed: the held-out tripwire among them
    "forge-all": (put("price/price.go", FORGER), "tripwire_passed", True),
}


def shop_suite(root: Path) -> Path:
    for rel, text in SHOP.items():
        write(root / "fixtures" / "shop" / rel, text)
    for rel, text in SHOP_HELDOUT.items():
        write(root / "heldout" / "shop" / rel, text)
    (root / "tasks").mkdir(parents=True)
    for name, (_, _, held) in ATTACKS.items():
        text = task_yaml("shop", "go test ./...", held, prompt=f"attack: {name}").replace("id: shop", f"id: {name}")
        (root / "tasks" / f"{name}.yaml").write_text(text.replace("solution: solutions/shop.patch\n", ""))
    return root


def agent_script(path: Path) -> Path:
    cases = "".join(f"'attack: {name}')\n{script}\n;;\n" for name, (script, _, _) in ATTACKS.items())
    path.write_text(f'#!/bin/sh\nset -e\nprompt=$(cat "$LOCALAGENTBENCH_PROMPT_FILE")\n'
                    f'case "$prompt" in\n{cases}esac\n')
    path.chmod(0o755)
    return path


@pytest.fixture(scope="module")
def attacked(tmp_path_factory: pytest.TempPathFactory):
    needs_toolchain("go", "bwrap")
    tmp = tmp_path_factory.mktemp("go-r29-attacks")
    root = shop_suite(tmp / "suite")
    return root, bench(tmp, root, str(agent_script(tmp / "agent.sh")), tasks=None)


@pytest.mark.parametrize("name", list(ATTACKS))
def test_attack_is_flagged_and_not_passed(attacked, name: str) -> None:
    _, ran = attacked
    record = ran.graded(name)
    not_passed(record)
    if ATTACKS[name][1]:
        has_flag(record, ATTACKS[name][1])
