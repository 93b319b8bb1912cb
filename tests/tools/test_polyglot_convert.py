"""tools/polyglot: the converter is deterministic and refuses a wrong commit; the split rule partitions each
exercise's upstream tests; Exercism's skip markers are undone; converted exercises verify through the CLI."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import textwrap
from pathlib import Path

import pytest

from tests.conftest import REPO, needs_toolchain
from tools.polyglot import convert, packs, refactor, split

SUITE = REPO / "suites" / "polyglot"
GIT_ENV = {"GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "t",
           "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t",
           "GIT_AUTHOR_DATE": "2020-01-01T00:00:00Z", "GIT_COMMITTER_DATE": "2020-01-01T00:00:00Z",
           "PATH": os.environ["PATH"]}

PY_TEST = '''\
import unittest

from adder import add


class AdderTest(unittest.TestCase):
{methods}

if __name__ == "__main__":
    unittest.main()
'''


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=repo, env=GIT_ENV, check=True, capture_output=True,
                          text=True).stdout.strip()


def _track(tmp_path: Path, n_tests: int = 6) -> Path:
    """A tiny Exercism-shaped Python track in a real git repository: one exercise, `adder`."""
    repo = tmp_path / "track"
    ex = repo / "exercises" / "practice" / "adder"
    methods = "\n".join(f"    def test_sum_{i}(self):\n        self.assertEqual(add({i}, 1), {i + 1})\n"
                        for i in range(n_tests))
    files = {
        repo / "config.json": json.dumps({"exercises": {"practice": [
            {"slug": "adder", "name": "Adder", "difficulty": 2}]}}),
        ex / ".meta" / "config.json": json.dumps({"files": {"solution": ["adder.py"], "test": ["adder_test.py"],
                                                            "example": [".meta/example.py"]}}),
        ex / ".meta" / "example.py": "def add(a, b):\n    return a + b\n",
        ex / ".docs" / "instructions.md": "# Instructions\n\nAdd two numbers.\n",
        ex / "adder.py": "def add(a, b):\n    pass\n",
        ex / "adder_test.py": PY_TEST.format(methods=methods),
    }
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    _git(repo, "init", "-q")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "track")
    return repo


def _pins(tmp_path: Path, commit: str) -> Path:
    pins = json.loads(convert.PINS.read_text())
    pins["tracks"]["python"]["commit"] = commit
    pins["exercises"] = {name: [] for name in pins["exercises"]}
    pins["exercises"]["python"] = ["adder"]
    path = tmp_path / "pins.json"
    path.write_text(json.dumps(pins))
    return path


def _tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_converter_is_deterministic_and_its_output_checks(tmp_path):
    repo = _track(tmp_path)
    pins = _pins(tmp_path, _git(repo, "rev-parse", "HEAD"))
    argv = ["--languages", "python", "--upstream", f"python={repo / '.git'}", "--pins", str(pins)]
    assert convert.main([*argv, "--out", str(tmp_path / "a")]) == 0
    assert convert.main([*argv, "--out", str(tmp_path / "b")]) == 0
    assert convert.main([*argv, "--out", str(tmp_path / "a")]) == 0   # over its own previous output
    first, second = _tree(tmp_path / "a"), _tree(tmp_path / "b")
    assert first == second
    assert {"tasks/python-adder.yaml", "fixtures/python-adder/adder_test.py", "heldout/python-adder/adder_test.py",
            "solutions/python-adder.patch", "upstream/python-adder/adder_test.py", "README.md",
            "exercises.txt"} <= set(first)
    assert repo.as_posix() not in b"".join(first.values()).decode()   # nothing of this machine's paths
    from bench import cli
    assert cli.main(["check", "--tasks", str(tmp_path / "a" / "tasks")]) == 0


def test_converter_refuses_a_snapshot_at_another_commit(tmp_path, capsys):
    repo = _track(tmp_path)
    pins = _pins(tmp_path, _git(repo, "rev-parse", "HEAD"))
    (repo / "exercises" / "practice" / "adder" / "adder.py").write_text("def add(a, b):\n    return 0\n")
    _git(repo, "commit", "-qam", "later")
    out = tmp_path / "out"
    assert convert.main(["--languages", "python", "--upstream", f"python={repo / '.git'}", "--pins", str(pins),
                         "--out", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and _git(repo, "rev-parse", "HEAD") in err and "pins" in err
    assert not out.exists()


def test_converting_again_keeps_verifys_record_and_replaces_the_rest(tmp_path):
    """verified.json is verify's (--record), not the converter's: re-converting over a suite keeps it byte for byte
    and drops a file the converter did not write."""
    repo = _track(tmp_path)
    pins = _pins(tmp_path, _git(repo, "rev-parse", "HEAD"))
    out = tmp_path / "out"
    args = ["--languages", "python", "--upstream", f"python={repo / '.git'}", "--pins", str(pins), "--out", str(out)]
    assert convert.main(args) == 0
    record = b'{"schema": "localagentbench/verified@1", "visible": "split", "tasks": {}}\n'
    (out / "verified.json").write_bytes(record)
    (out / "stray.txt").write_text("left by hand")
    assert convert.main(args) == 0
    assert (out / "verified.json").read_bytes() == record and not (out / "stray.txt").exists()


def test_converter_refuses_to_replace_a_directory_it_did_not_write(tmp_path, capsys):
    repo = _track(tmp_path)
    pins = _pins(tmp_path, _git(repo, "rev-parse", "HEAD"))
    out = tmp_path / "precious"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    assert convert.main(["--languages", "python", "--upstream", f"python={repo / '.git'}", "--pins", str(pins),
                         "--out", str(out)]) == 2
    assert "exercises.txt" in capsys.readouterr().err
    assert (out / "notes.txt").read_text() == "mine"


def test_committed_suite_is_what_the_converter_writes(tmp_path):
    """The committed suite, re-created offline from the committed packs of the pinned upstream commits (all but
    verify's record of the tasks found fair, which `verify --record` writes, not the converter)."""
    assert convert.main(["--out", str(tmp_path / "suite")]) == 0
    committed = _tree(SUITE)
    committed.pop("verified.json", None)
    assert _tree(tmp_path / "suite") == committed


def test_each_pack_unpacks_to_its_pinned_commit_with_every_exercise(tmp_path):
    pins = json.loads(convert.PINS.read_text())
    dirs = packs.unpack_all(tmp_path, sorted(pins["tracks"]))
    for name, git_dir in dirs.items():
        commit = pins["tracks"][name]["commit"]
        head = subprocess.run(["git", "--git-dir", git_dir, "rev-parse", "HEAD"], capture_output=True, text=True)
        assert head.stdout.strip() == commit
        listed = subprocess.run(["git", "--git-dir", git_dir, "ls-tree", "--name-only", commit,
                                 "exercises/practice/"], capture_output=True, text=True, check=True).stdout.split()
        wanted = {f"exercises/practice/{slug}" for slug in pins["exercises"][name]}
        assert wanted <= set(listed), (name, sorted(wanted - set(listed))[:3])
        listing = subprocess.run(["git", "--git-dir", git_dir, "ls-tree", "-r", "--object-only", commit,
                                  "config.json", *(f"{w}/" for w in sorted(wanted))],
                                 capture_output=True, text=True, check=True)
        checked = subprocess.run(["git", "--git-dir", git_dir, "cat-file", "--batch-check"], input=listing.stdout,
                                 capture_output=True, text=True, check=True).stdout.splitlines()
        assert len(checked) > 4 * len(wanted) and not [line for line in checked if "missing" in line], name


def test_a_pack_written_from_a_track_converts_as_the_track_does(tmp_path):
    repo = _track(tmp_path)
    commit = _git(repo, "rev-parse", "HEAD")
    pins = _pins(tmp_path, commit)
    (repo / "unrelated.txt").write_text("not read by the converter\n")   # the pack holds only what is read
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "later")
    where = tmp_path / "packs"
    assert packs.main(["write", "--languages", "python", "--pins", str(pins), "--packs", str(where), "--upstream",
                       f"python={repo / '.git'}"]) == 0                   # HEAD moved: the pinned commit is read
    git_dir = packs.unpack("python", commit, tmp_path / "unpacked", where)
    direct, from_pack = tmp_path / "direct", tmp_path / "from-pack"
    _git(repo, "checkout", "-q", commit)
    argv = ["--languages", "python", "--pins", str(pins)]
    assert convert.main([*argv, "--upstream", f"python={repo / '.git'}", "--out", str(direct)]) == 0
    assert convert.main([*argv, "--upstream", f"python={git_dir}", "--out", str(from_pack)]) == 0
    assert _tree(direct) == _tree(from_pack)
    assert subprocess.run(["git", "--git-dir", str(git_dir), "cat-file", "-e", f"{commit}:unrelated.txt"],
                          capture_output=True).returncode != 0


@pytest.mark.parametrize("damage", ["flip", "truncate", "missing"])
def test_a_damaged_or_missing_pack_is_one_line(tmp_path, capsys, damage):
    where = tmp_path / "packs"
    where.mkdir()
    pins = json.loads(convert.PINS.read_text())
    if damage != "missing":
        data = bytearray((packs.PACKS / "python.pack").read_bytes())
        if damage == "flip":
            data[len(data) // 2] ^= 0x40
        else:
            del data[len(data) // 3:]
        (where / "python.pack").write_bytes(bytes(data))
    with pytest.raises(packs.PackError) as caught:
        packs.unpack("python", pins["tracks"]["python"]["commit"], tmp_path / "out", where)
    message = str(caught.value)
    assert "python.pack" in message and "\n" not in message
    assert ("missing" in message) if damage == "missing" else ("not a sound git pack" in message)


# --- the split rule ---------------------------------------------------------------------------------------------

def test_held_out_is_a_stable_third_with_both_sides_present():
    names = [f"T.test_{i}" for i in range(300)]
    held = split.held_out("python-x", names)
    assert held == split.held_out("python-x", list(reversed(names)))   # order of discovery does not matter
    assert 70 < len(held) < 130
    assert held != split.held_out("python-y", names)                  # the task id is part of the digest
    for n in (2, 3, 4):
        few = names[:n]
        part = split.held_out("go-few", few)
        assert part and part != set(few)
    assert split.held_out("go-one", ["Only"]) == set()


def _suite_units(task_id: str, language: str) -> tuple[set[str], set[str], set[str]]:
    """The unit names of the committed task's upstream tests, its visible tests and its held-out tests."""
    lang = convert.LANGUAGES[language]
    fixture, held_dir, up_dir = SUITE / "fixtures" / task_id, SUITE / "heldout" / task_id, SUITE / "upstream" / task_id
    tests = sorted(p.relative_to(fixture).as_posix() for p in fixture.rglob("*")
                   if p.is_file() and (p.name.endswith(("_test.py", "_test.go", "test_utils.py", "_test.cpp",
                                                        ".spec.js", "Test.java"))
                                       # Rust: the config's test files, which upstream/ holds (a track's
                                       # other files under tests/ are not split: they run in both phases)
                                       or (language == "rust" and (up_dir / p.relative_to(fixture)).is_file())))

    def names(root_first: Path) -> set[str]:
        files = {t: ((root_first / t) if (root_first / t).exists() else fixture / t).read_text() for t in tests}
        return {u.name for u in lang.units(files)}

    return names(up_dir), names(fixture), names(held_dir) if held_dir.is_dir() else set()


@pytest.mark.parametrize("language", convert.DONE)
def test_committed_split_partitions_the_upstream_tests(language):
    rows = [line.split("\t") for line in (SUITE / "exercises.txt").read_text().splitlines()[1:]]
    mine = [r for r in rows if r[1] == language]
    assert len(mine) == len(json.loads(convert.PINS.read_text())["exercises"][language])
    for task_id, _, _, n_visible, n_held in mine:
        upstream, visible, held = _suite_units(task_id, language)
        if task_id in refactor.REFACTORING:   # the check is added to both, after the split
            check = {n for n in upstream if n.endswith(refactor.CHECK_TEST[language])}
            assert len(check) == 1 and check <= held and not check & visible, task_id
            upstream, held = upstream - check, held - check
        assert visible | held == upstream and not visible & held, task_id
        assert held == split.held_out(task_id, sorted(upstream)), task_id
        assert (len(visible), len(held)) == (int(n_visible), int(n_held)), task_id
        if len(upstream) >= 2:
            assert visible and held, task_id


def test_python_cut_keeps_the_rest_byte_for_byte():
    text = PY_TEST.format(methods="\n".join(f"    def test_{i}(self):\n        pass\n" for i in range(4)))
    units = split.python_units("x_test.py", text)
    assert [u.name for u in units] == [f"AdderTest.test_{i}" for i in range(4)]
    visible = split.python_cut("x_test.py", text, [units[1]])
    lines = iter(text.splitlines())
    assert "test_1" not in visible and all(line in lines for line in visible.splitlines())   # a subsequence
    assert [u.name for u in split.python_units("x_test.py", visible)] == ["AdderTest.test_0", "AdderTest.test_2",
                                                                         "AdderTest.test_3"]
    empty = split.python_cut("x_test.py", text, units)       # every test gone: the class goes with them
    assert "class AdderTest" not in empty and "import unittest" in empty


GO_TEST = '''\
package adder

import (
	"strings"
	"testing"
)

var cases = []struct {
	description string
	a, b, want  int
}{
	{
		description: "one",
		a:           1, b: 1, want: 2,
	},
	{
		description: "two",
		a:           2, b: 2, want: 4,
	},
	{
		description: "three",
		a:           3, b: 3, want: 6,
	},
}

func TestAdd(t *testing.T) {
	for _, tc := range cases {
		t.Run(tc.description, func(t *testing.T) {
			if got := Add(tc.a, tc.b); got != tc.want {
				t.Fatalf("Add(%d, %d) = %d, want %d", tc.a, tc.b, got, tc.want)
			}
		})
	}
}

// TestUpper uses a package nothing else here uses.
func TestUpper(t *testing.T) {
	if strings.ToUpper("a") != "A" {
		t.Fatal("upper")
	}
}
'''


def test_go_units_are_table_elements_and_standalone_tests(tmp_path):
    units = split.go_units({"adder_test.go": GO_TEST})
    assert [u.name for u in units] == ["cases/one", "cases/two", "cases/three", "TestUpper"]
    cut = split.go_cut("adder_test.go", GO_TEST, [units[1], units[3]])
    assert '"two"' not in cut and "TestUpper" not in cut and '"strings"' not in cut   # orphaned import pruned
    assert "func TestAdd" in cut and '"one"' in cut and '"three"' in cut
    needs_toolchain("go")
    for name, text in (("visible", cut), ("held", split.go_cut("adder_test.go", GO_TEST, units[:3]))):
        pkg = tmp_path / name
        pkg.mkdir()
        (pkg / "go.mod").write_text("module adder\n\ngo 1.18\n")
        (pkg / "adder.go").write_text("package adder\n\nfunc Add(a, b int) int { return a + b }\n")
        (pkg / "adder_test.go").write_text(text)
        env = {**os.environ, "GOFLAGS": "", "GOPROXY": "off", "GOTOOLCHAIN": "local",
               "GOCACHE": str(tmp_path / "cache"), "HOME": str(tmp_path)}
        done = subprocess.run(["go", "test", "-v", "./..."], cwd=pkg, env=env, capture_output=True, text=True)
        assert done.returncode == 0, done.stdout + done.stderr


# --- skip markers ---------------------------------------------------------------------------------------------

def test_skip_markers_are_undone():
    rust = ('#[test]\nfn first() {}\n\n#[test]\n#[ignore]\nfn second() {}\n\n'
            '#[test]\n#[ignore = "slow"]\nfn third() {}\n')
    assert "ignore" not in split.undo_skips("rust", rust)
    assert split.undo_skips("rust", rust).count("#[test]") == 3
    js = "describe('x', () => {\n  test('a', () => {});\n  xtest('b', () => {});\n  xit('c', () => {});\n});\n"
    assert split.undo_skips("javascript", js) == js.replace("xtest(", "test(").replace("xit(", "it(")
    java = textwrap.dedent('''\
        import org.junit.jupiter.api.Disabled;
        import org.junit.jupiter.api.Test;

        public class XTest {
            @Test
            public void first() {}

            @Disabled("Remove to run test")
            @Test
            public void second() {}
        }
        ''')
    undone = split.undo_skips("java", java)
    assert "Disabled" not in undone and undone.count("@Test") == 2
    assert split.undo_skips("python", "x = 1\n") == "x = 1\n"


# --- through the CLI, in bwrap --------------------------------------------------------------------------------

@pytest.mark.linux_only
@pytest.mark.parametrize("task_id,programs", [("python-wordy", ()), ("go-error-handling", ("go",)),
                                              ("javascript-triangle", ("node", "jest")),
                                              ("java-bowling", ("javac", "java"))])
def test_converted_exercise_verifies_under_bwrap(task_id, programs, tmp_path):
    """One exercise per converted language: the stub fails, the reference passes visible and held-out, in bwrap.
    (go-error-handling builds with any Go from 1.18; most Go exercises need 1.24, see the suite's README.)"""
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap missing")
    needs_toolchain(*programs)
    from bench import cli
    report = tmp_path / "verify.json"
    rc = cli.main(["verify", "--tasks", str(SUITE / "tasks"), "--task", task_id, "--sandbox", "bwrap",
                   "--times", "1", "--out", str(report)])
    result = json.loads(report.read_text())
    assert rc == 0, result
    (task,) = result["tasks"]
    assert task["ok"] and task["task_id"] == task_id and task["oracle_outcomes"] == ["passed"]
