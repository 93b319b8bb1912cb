"""The refactoring exercises' held-out check (tools/polyglot/refactor.py), graded for real: `python -m bench run
--agent command --sandbox bwrap` over copies of the converted task, one per change the command makes. The untouched
stub, the stub with only comments, blank lines, indentation, line ends or a byte-order mark changed, and the stub
beside a changed copy the toolchain never compiles fail; a real edit (one name changed, a file split with a change)
and the reference pass."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import REPO, needs_toolchain

SUITE = REPO / "suites" / "polyglot"
MESSAGE = ("the code under test is unchanged from the stub (comments and layout aside): this is a refactoring "
           "exercise")
SCRIPT = "lab-variant.sh"


def _reference(tmp_path, task: str) -> dict[str, str]:
    """The files the task's reference patch changes, as it leaves them."""
    where = tmp_path / f"ref-{task}"
    shutil.copytree(SUITE / "fixtures" / task, where)
    patch = SUITE / "solutions" / f"{task}.patch"
    subprocess.run(["git", "apply", str(patch)], cwd=where, check=True)
    changed = re.findall(r"^\+\+\+ b/(.+)$", patch.read_text(), re.M)
    return {path: (where / path).read_text() for path in changed}


def _comments_and_layout(text: str, line: str, indent: str) -> str:
    """`text` with a comment line at the top and after every blank line, every line's leading tabs or spaces
    doubled, and a trailing comment; the program is the same."""
    out = [line]
    for row in text.split("\n"):
        body = row.lstrip(" \t")
        out.append(row[:len(row) - len(body)] * 2 + body if body else indent + "\n" + line)
    return "\n".join(out) + "\n" + line + "\n"


def _script(files: dict[str, str | None]) -> str:
    """A shell script writing (or, for None, removing) each file; texts are base64, so any byte survives."""
    import base64
    lines = ["set -e"]
    for path, text in files.items():
        if text is None:
            lines.append(f"rm -f '{path}'")
        else:
            data = base64.b64encode(text.encode("utf-8")).decode()
            parent = path.rsplit("/", 1)[0] if "/" in path else "."
            lines.append(f"mkdir -p '{parent}' && printf '%s' '{data}' | base64 -d > '{path}'")
    lines.append(f"rm -f {SCRIPT}")
    return "\n".join(lines) + "\n"


def _graded(tmp_path, task: str, variants: dict[str, dict[str, str | None]]) -> dict[str, dict]:
    """Each variant's graded run.json: a copy of `task` per variant whose command makes that variant's changes."""
    from attack_helpers import bench
    root = tmp_path / "suite"
    text = (SUITE / "tasks" / f"{task}.yaml").read_text()
    (root / "tasks").mkdir(parents=True)
    (root / "solutions").mkdir()
    ids = []
    for name, files in variants.items():
        tid = f"{task}-{name}"
        ids.append(tid)
        for part in ("fixtures", "heldout", "upstream"):
            shutil.copytree(SUITE / part / task, root / part / tid)
        (root / "fixtures" / tid / SCRIPT).write_text(_script(files))
        shutil.copy(SUITE / "solutions" / f"{task}.patch", root / "solutions" / f"{tid}.patch")
        (root / "tasks" / f"{tid}.yaml").write_text(text.replace(task, tid))
    result = bench(tmp_path, root, f"sh ./{SCRIPT}", tasks=tuple(ids))
    return {name: result.graded(f"{task}-{name}") for name in variants}


def _check(records: dict[str, dict], passing: set[str], failure: str, elsewhere: dict[str, str] | None = None) -> None:
    """Each variant in `passing` passed; each in `elsewhere` failed with that flag (grading refuses it before the
    check can); each other one passed the visible tests and failed the held-out phase with the check's failure:
    `failure` (a pattern of the runner's words before the message), then the message."""
    for name, record in records.items():
        if name in passing:
            assert record["outcome"] == "passed", (name, record["outcome"], record["flags"])
            continue
        if name in (elsewhere or {}):
            assert record["outcome"] == "failed" and elsewhere[name] in record["flags"], (name, record["flags"])
            continue
        assert record["outcome"] == "overfit", (name, record["outcome"], record["flags"])
        assert record["oracle"]["passed"], (name, record["oracle"])   # the visible tests pass: only the check fails
        log = (Path(record["paths"]["run_dir"]) / "heldout.log").read_text(errors="replace")
        assert re.search(failure + re.escape(MESSAGE), log), (name, log[-3000:])


@pytest.mark.slow
@pytest.mark.linux_only
def test_go_ledger_check_grades_layout_alone_failed_and_changes_passed(tmp_path):
    """go-ledger: layout, comments, a BOM, CRLF, stray semicolons, the same declarations split over two files, a
    changed copy behind `//go:build ignore`, and a change in a test file of the agent's own (which grading removes)
    fail; one variable renamed, a split with one change, and the reference pass."""
    needs_toolchain("go", "bwrap")
    stub = (SUITE / "fixtures" / "go-ledger" / "ledger.go").read_text()
    head, sep, tail = stub.partition("\nfunc FormatLedger(")
    assert sep
    package = "package ledger\n\n"
    imports = re.search(r"^import \((?:.|\n)*?\n\)\n", head, re.M).group(0)
    renamed = stub.replace("entriesCopy", "sortedEntries")
    assert renamed != stub
    variants = {
        "stub": {},
        "layout": {"ledger.go": _comments_and_layout(stub, "// refactored: nothing", "\t")},
        "bom-crlf": {"ledger.go": "\ufeff" + stub.replace("\n", "\r\n")},
        "semicolons": {"ledger.go": stub.replace("\tes := entriesCopy\n", "\tes := entriesCopy;;\n", 1)},
        "split": {"ledger.go": head.replace(imports, "") + "\n",
                  "format.go": package + imports + "\nfunc FormatLedger(" + tail},
        "ignored": {"extra.go": "//go:build ignore\n\n" + renamed},
        "test-file": {"helper_test.go": "package ledger\n\nfunc labUnused() {}\n"},   # grading removes it
        "renamed": {"ledger.go": renamed},
        "split-changed": {"ledger.go": head.replace(imports, "") + "\n",
                          "format.go": package + imports + "\nfunc FormatLedger(" + tail.replace("entriesCopy",
                                                                                                  "sortedEntries")},
        "reference": _reference(tmp_path, "go-ledger"),
    }
    _check(_graded(tmp_path, "go-ledger", variants), {"renamed", "split-changed", "reference"},
           r"ledger_test\.go:\d+: ")


@pytest.mark.slow
@pytest.mark.linux_only
def test_javascript_ledger_check_grades_layout_alone_failed_and_changes_passed(tmp_path):
    """javascript-ledger: layout, comments, a BOM, CRLF, stray semicolons, and a changed copy jest does not resolve
    `./ledger` to fail; one variable renamed and the reference pass."""
    needs_toolchain("jest", "bwrap")
    stub = (SUITE / "fixtures" / "javascript-ledger" / "ledger.js").read_text()
    renamed = stub.replace("truncatedDescription", "shortDescription")
    assert renamed != stub
    variants = {
        "stub": {},
        "layout": {"ledger.js": _comments_and_layout(stub, "/* refactored: nothing */", "  ")},
        "bom-crlf": {"ledger.js": "\ufeff" + stub.replace("\n", "\r\n")},
        "semicolons": {"ledger.js": stub.replace("  let table = '';\n", "  let table = '';;;\n", 1) + ";\n"},
        "decoy": {"ledger.mjs": renamed, "ledger/index.js": renamed},
        "renamed": {"ledger.js": renamed},
        "reference": _reference(tmp_path, "javascript-ledger"),
    }
    _check(_graded(tmp_path, "javascript-ledger", variants), {"renamed", "reference"}, 'Received: "')


@pytest.mark.slow
@pytest.mark.linux_only
def test_java_ledger_check_grades_layout_alone_failed_and_changes_passed(tmp_path):
    """java-ledger: layout, comments, CRLF, a changed copy outside src/ (never compiled), and the stub moved into
    src/test/java (compiled with the tests: grading refuses it as a test added, before the check) fail; one
    variable renamed and the reference pass."""
    needs_toolchain("javac", "bwrap")
    main = "src/main/java/Ledger.java"
    stub = (SUITE / "fixtures" / "java-ledger" / main).read_text()
    renamed = stub.replace("curSymb", "currencySymbol")
    assert renamed != stub
    variants = {
        "stub": {},
        "layout": {main: _comments_and_layout(stub, "// refactored: nothing", "    ").replace("\n", "\r\n")},
        "outside": {"other/Ledger.java": renamed},
        "moved": {main: None, "src/test/java/Ledger.java": stub},
        "renamed": {main: renamed},
        "reference": _reference(tmp_path, "java-ledger"),
    }
    _check(_graded(tmp_path, "java-ledger", variants), {"renamed", "reference"}, "AssertionFailedError: ",
           {"moved": "tests_added"})


@pytest.mark.slow
@pytest.mark.linux_only
def test_java_tree_building_check_counts_every_source_file_however_split(tmp_path):
    """java-tree-building: the code under test is all four of src/main/java's files, however its classes are split
    over files: Record's comments alone, or Record moved as it is into TreeNode.java, fail; a change to Record (not
    the file the prompt names), or Record moved with a change, passes."""
    needs_toolchain("javac", "bwrap")
    record, node = "src/main/java/Record.java", "src/main/java/TreeNode.java"
    text = (SUITE / "fixtures" / "java-tree-building" / record).read_text()
    tree = (SUITE / "fixtures" / "java-tree-building" / node).read_text()
    changed = text.replace("    private int recordId;", "    private final int recordId;")
    assert changed != text
    variants = {
        "layout": {record: _comments_and_layout(text, "// refactored: nothing", "    ")},
        "moved": {record: None, node: tree + "\n" + text},
        "record": {record: changed},
        "moved-changed": {record: None, node: tree + "\n" + changed},
    }
    _check(_graded(tmp_path, "java-tree-building", variants), {"record", "moved-changed"}, "AssertionFailedError: ")


def test_the_check_is_in_exactly_the_refactoring_exercises_both_modes():
    """Each refactoring exercise's held-out file and its --visible all copy carry the check (its message) and no
    known_gap; no other task's files do, and no fixture (what the agent sees in split mode) does."""
    from tools.polyglot import refactor
    carrying = {p.relative_to(SUITE).parts[:2] for part in ("heldout", "upstream", "fixtures")
                for p in (SUITE / part).rglob("*") if p.is_file() and MESSAGE in p.read_text(errors="replace")}
    assert carrying == {(part, task) for task in refactor.REFACTORING for part in ("heldout", "upstream")}
    for task, path in refactor.REFACTORING.items():
        assert MESSAGE in (SUITE / "heldout" / task / path).read_text()
        assert "known_gap" not in (SUITE / "tasks" / f"{task}.yaml").read_text()


@pytest.mark.slow
@pytest.mark.linux_only
def test_javascript_check_is_not_passed_by_a_parser_of_the_agents_own(tmp_path):
    """A node_modules/@babel/parser of the agent's own (which node's resolution would take before the toolchain's)
    that parses every source to a different tree does not pass the untouched stub."""
    needs_toolchain("jest", "bwrap")
    fake = {"node_modules/@babel/parser/package.json": '{"name": "@babel/parser", "main": "index.js"}\n',
            "node_modules/@babel/parser/index.js": "exports.parse = () => ({ program: Math.random() });\n"}
    records = _graded(tmp_path, "javascript-ledger", {"parser": fake})
    assert records["parser"]["outcome"] != "passed", (records["parser"]["outcome"], records["parser"]["flags"])


def _go_check(tmp_path, name: str, extra: dict[str, str], flags: tuple[str, ...], with_cc: bool):
    """go-ledger's held-out check alone, run by the installed go over the stub plus `extra` files, with `flags` to
    `go test`, and a PATH that holds a C compiler or not (the go command turns cgo off where none is on PATH)."""
    from bench.languages import go
    root = go.toolchain_root()
    if root is None:
        pytest.skip("the installed Go toolchain is missing (nox -s toolchains installs it)")
    work = tmp_path / name
    shutil.copytree(SUITE / "fixtures" / "go-ledger", work)
    shutil.copy(SUITE / "heldout" / "go-ledger" / "ledger_test.go", work / "ledger_test.go")
    for path, text in extra.items():
        (work / path).write_text(text)
    home = tmp_path / f"home-{name}"
    home.mkdir()
    go.PROFILE.prepare_home(home)
    bin_dir = tmp_path / f"bin-{name}"
    bin_dir.mkdir()
    (bin_dir / "go").symlink_to(root / "bin" / "go")
    path = f"{bin_dir}:{os.environ.get('PATH', os.defpath)}" if with_cc else str(bin_dir)
    env = {**go.PROFILE.env(home), "HOME": str(home), "PATH": path}
    return subprocess.run([str(root / "bin" / "go"), "test", *flags, "-run", "^TestCodeUnderTestChangedFromStub$",
                           "."], cwd=work, env=env, capture_output=True, text=True, timeout=600)


@pytest.mark.linux_only
def test_go_check_reads_the_files_the_go_command_compiled(tmp_path):
    """The Go check picks the package's files with the tags and cgo setting the go command built the test binary
    with: a declaration the build leaves out (`//go:build cgo` where no C compiler is on PATH, so the go command
    turns cgo off; `//go:build !labtag` under `go test -tags labtag`) is no change; the same file compiled is one."""
    needs_toolchain("go")
    if shutil.which("gcc") is None and shutil.which("cc") is None:
        pytest.skip("no C compiler on PATH: the compiled control cannot be built with cgo")
    extra = "//go:build {}\n\npackage ledger\n\nvar labExtra = 0\n"
    runs = {
        "cgo-off": _go_check(tmp_path, "cgo-off", {"extra.go": extra.format("cgo")}, (), with_cc=False),
        "tag-given": _go_check(tmp_path, "tag-given", {"extra.go": extra.format("!labtag")}, ("-tags", "labtag"),
                               with_cc=True),
        "cgo-on": _go_check(tmp_path, "cgo-on", {"extra.go": extra.format("cgo")}, (), with_cc=True),
        "tag-absent": _go_check(tmp_path, "tag-absent", {"extra.go": extra.format("!labtag")}, (), with_cc=True),
    }
    for name in ("cgo-off", "tag-given"):
        assert runs[name].returncode == 1 and MESSAGE in runs[name].stdout, (name, runs[name].stdout,
                                                                            runs[name].stderr)
    for name in ("cgo-on", "tag-absent"):
        assert runs[name].returncode == 0, (name, runs[name].stdout, runs[name].stderr)
