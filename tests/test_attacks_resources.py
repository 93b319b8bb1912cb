"""Agents that try to exhaust the harness through the change they leave (issue 27, class 4), through the real CLI.

Each test runs `python -m bench run --agent command --sandbox bwrap` (attack_helpers.bench) with an agent that
also fixes the task: a harness that graded part of an over-large change, or lost the change, would show as a
pass or a harness_exception. The change is taken as a stream with a cap (--max-change-mb, flag
change_too_large: an empty patch.diff, the run the agent's failure); a write stopped at --max-file-mb is
flagged from the files left at the limit, whatever the agent's exit code.
"""
from __future__ import annotations

import os
import sys

import pytest

from attack_helpers import FIXED, PY, bench, has_flag, not_passed, put, sh, suite

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the attacks run under bubblewrap (Linux)")

FIX = put("calc.py", FIXED)


def _py(code: str) -> str:
    """A shell line running `code` with the sandbox's Python."""
    return f"{PY} - <<'PYEOF'\n{code}\nPYEOF"


def _never_the_harness(record: dict) -> None:
    assert record["outcome"] != "infra_error" and "harness_exception" not in record["flags"], \
        (record["outcome"], record["flags"], record.get("flag_details"))


def _too_large(out, record: dict, cap_mb: int | None = None) -> None:
    has_flag(record, "change_too_large")
    not_passed(record)
    _never_the_harness(record)
    assert record["outcome"] == "agent_error", record["outcome"]
    assert "change_too_large" in (record["agent"]["agent_error"] or "")
    assert record["options"].get("max_change_mb") == cap_mb, record["options"]
    assert out.file("patch.diff").read_bytes() == b"" and record["agent"]["patch_bytes"] == 0


# --- the change's total size ---------------------------------------------------------------------------------

def test_a_change_over_max_change_mb_fails_the_run_and_nothing_of_it_is_graded(tmp_path):
    """3 MB of text in 1 MB files (each under every per-file cap) and the fix, under --max-change-mb 1."""
    root = suite(tmp_path / "suite")
    cmd = sh(FIX, "for i in 1 2 3; do yes 'a line of text' | head -c 1000000 > filler$i.txt; done")
    out = bench(tmp_path, root, cmd, "--max-change-mb", "1")
    _too_large(out, out.graded(), 1)


def test_the_same_change_under_the_cap_is_graded_whole(tmp_path):
    """Control: the change of the test above passes with the default cap, its patch whole."""
    root = suite(tmp_path / "suite")
    cmd = sh(FIX, "for i in 1 2 3; do yes 'a line of text' | head -c 1000000 > filler$i.txt; done")
    out = bench(tmp_path, root, cmd)
    record = out.graded()
    assert record["outcome"] == "passed" and "change_too_large" not in record["flags"], record["flags"]
    assert record["agent"]["patch_bytes"] == out.file("patch.diff").stat().st_size > 3_000_000
    assert {"calc.py", "filler1.txt", "filler3.txt"} <= set(record["agent"]["files_changed"])


def test_incompressible_binary_files_count_at_their_diff_size(tmp_path):
    """Attack: binary files (base85 in the diff, larger than the file) slip under a cap counted in file bytes."""
    root = suite(tmp_path / "suite")
    cmd = sh(FIX, "head -c 1500000 /dev/urandom > blob1.bin", "head -c 1500000 /dev/urandom > blob2.bin")
    out = bench(tmp_path, root, cmd, "--max-change-mb", "3")
    _too_large(out, out.graded(), 3)


def test_hard_links_to_one_file_count_once_per_path(tmp_path):
    """Attack: one 1 MB file and many hard links to it: one inode on disk, a patch entry per path."""
    root = suite(tmp_path / "suite")
    cmd = sh(FIX, "yes 'linked text' | head -c 1000000 > base.txt", "for i in $(seq 1 5); do ln base.txt l$i.txt; done")
    out = bench(tmp_path, root, cmd, "--max-change-mb", "4")
    _too_large(out, out.graded(), 4)


@pytest.mark.slow
def test_a_hundred_thousand_tiny_files_are_over_the_file_count_cap(tmp_path):
    """Attack: 120,000 empty files (each a few bytes of patch header) to blow up the harness's per-file lists."""
    root = suite(tmp_path / "suite")
    cmd = sh(FIX, _py("import os\nos.mkdir('many')\nfor i in range(120_000):\n"
                      "    open(f'many/{i}', 'w').close()"))
    out = bench(tmp_path, root, cmd)
    record = out.graded()
    _too_large(out, record)
    assert "more than 100,000 files" in record["flag_details"]["change_too_large"][0]


def test_a_file_of_one_endless_line_is_taken_whole(tmp_path):
    """Attack: 20 MB with no newline (a line splitter holds it whole, and again per split): graded, patch whole."""
    root = suite(tmp_path / "suite")
    cmd = sh(FIX, "head -c 20000000 /dev/zero | tr '\\0' 'x' > oneline.txt")
    out = bench(tmp_path, root, cmd)
    record = out.graded()
    assert record["outcome"] == "passed", (record["outcome"], record["flags"])
    assert record["agent"]["patch_bytes"] > 20_000_000 and "oneline.txt" in record["agent"]["files_changed"]


# --- names, shapes and timing of what the agent leaves ------------------------------------------------------

def test_file_names_with_newlines_quotes_and_bytes_that_are_not_utf8(tmp_path):
    """Attack: names a line-based reader of the patch mis-splits; the patch applies and lists each of them. A
    name that is not UTF-8 is removed before the diff (flag file_name_not_utf8): no text names it exactly."""
    root = suite(tmp_path / "suite")
    cmd = sh(FIX, _py("import os\nfor name in [b'new\\nline.txt', b'q\"uote.txt', b'\\xff\\xfe.txt', "
                      "b'diff --git a b.txt']:\n    open(name, 'wb').write(b'x\\n')"))
    out = bench(tmp_path, root, cmd)
    record = out.graded()
    assert record["outcome"] == "passed", (record["outcome"], record["flags"])
    listed = set(record["agent"]["files_changed"])
    assert {"new\nline.txt", 'q"uote.txt', "diff --git a b.txt"} <= listed, listed
    assert record["flag_details"]["file_name_not_utf8"] == ["\\xff\\xfe.txt"], record["flag_details"]


def test_a_deep_directory_tree_and_symlink_loops_are_walked_without_following(tmp_path):
    """Attack: a tree 300 directories deep, symlinks that point at each other and at their own directory."""
    root = suite(tmp_path / "suite")
    cmd = sh(FIX, _py("import os\npath = 'deep'\nfor _ in range(300):\n    path += '/d'\nos.makedirs(path)\n"
                      "open(path + '/leaf.txt', 'w').write('leaf\\n')\nos.symlink('b', 'a')\nos.symlink('a', 'b')\n"
                      "os.symlink('.', 'deep/self')"))
    out = bench(tmp_path, root, cmd)
    record = out.graded()
    assert record["outcome"] == "passed", (record["outcome"], record["flags"])
    assert {"a", "b", "deep/self"} <= set(record["agent"]["files_changed"])


def test_a_sparse_file_is_counted_by_its_diff_not_its_blocks(tmp_path):
    """Attack: a 30 MB sparse file (no blocks on disk) under the per-file cap: its zeros deflate to a small
    binary patch, taken whole and graded."""
    root = suite(tmp_path / "suite")
    out = bench(tmp_path, root, sh(FIX, "truncate -s 30000000 sparse.bin"))
    record = out.graded()
    assert record["outcome"] == "passed" and "sparse.bin" in record["agent"]["files_changed"], record["flags"]
    assert b"GIT binary patch" in out.file("patch.diff").read_bytes()


def test_a_file_still_growing_after_the_agent_exits_is_stopped_before_the_diff(tmp_path):
    """Attack: the agent leaves a detached writer appending to a file while the harness takes the diff. The
    sandbox's PID namespace ends it with the agent, so the change taken is the one the agent left."""
    root = suite(tmp_path / "suite")
    writer = "setsid sh -c 'while :; do echo more >> grow.txt; done' >/dev/null 2>&1 &"
    out = bench(tmp_path, root, sh(FIX, "echo start > grow.txt", writer, "sleep 0.5"))
    record = out.graded()
    assert record["outcome"] == "passed", (record["outcome"], record["flags"])
    patch = out.file("patch.diff").read_bytes()
    assert b"+start\n" in patch and record["agent"]["patch_bytes"] == len(patch)


# --- the per-file limit, from the harness's own evidence ------------------------------------------------------

@pytest.mark.parametrize("where", ["workdir", "home"])
def test_a_write_stopped_at_max_file_mb_is_flagged_though_the_agent_exits_0(tmp_path, where):
    """Python ignores SIGXFSZ: its write past the limit fails with EFBIG, which the agent catches before it
    exits 0, saying nothing on stderr. The file left at the limit is the evidence."""
    root = suite(tmp_path / "suite")
    path = "big.txt" if where == "workdir" else "os.path.expanduser('~/big.txt')"
    target = repr(path) if where == "workdir" else path
    cmd = sh(FIX, _py(f"import os\ntry:\n    open({target}, 'w').write('x' * 3_000_000)\nexcept OSError:\n"
                      "    pass"), "exit 0")
    out = bench(tmp_path, root, cmd, "--max-file-mb", "1")
    record = out.graded()
    assert record["agent"]["exit_code"] == 0
    has_flag(record, "limit_file_size")
    assert record["agent"]["limit_hit"] == "file_size"
    assert any("big.txt (1048576 bytes)" in d for d in record["flag_details"]["limit_file_size"]), \
        record["flag_details"]


def test_a_shell_whose_writer_died_of_sigxfsz_is_flagged_though_it_exits_0(tmp_path):
    """A writer killed by SIGXFSZ inside a script that goes on and exits 0."""
    root = suite(tmp_path / "suite")
    out = bench(tmp_path, root, sh(FIX, "head -c 3000000 /dev/zero > big.bin", "exit 0"), "--max-file-mb", "1")
    record = out.graded()
    assert record["agent"]["exit_code"] == 0 and record["agent"]["limit_hit"] == "file_size"
    has_flag(record, "limit_file_size")


def test_a_file_under_the_limit_is_no_limit_hit(tmp_path):
    """Control: a file just under --max-file-mb raises nothing."""
    root = suite(tmp_path / "suite")
    out = bench(tmp_path, root, sh(FIX, "head -c 1048575 /dev/zero > under.bin"), "--max-file-mb", "1")
    record = out.graded()
    assert "limit_file_size" not in record["flags"] and record["agent"]["limit_hit"] is None, record["flags"]
    assert record["outcome"] == "passed"


def test_max_change_mb_must_be_above_zero(tmp_path):
    root = suite(tmp_path / "suite")
    out = bench(tmp_path, root, "true", "--max-change-mb", "0")
    assert out.proc.returncode != 0 and "--max-change-mb: must be above 0" in out.proc.stderr, out.describe()
    assert not os.path.exists(out.out / "runs")


@pytest.mark.parametrize("planted", ["fifos", "nested_git"])
def test_a_flood_of_entries_the_harness_removes_is_one_flag_with_bounded_details(tmp_path, planted):
    """Attack: 3,000 FIFOs (or nested .git directories), each removed and flagged before the diff: one detail
    per entry would grow run.json, and every report that loads it, with what the agent planted."""
    root = suite(tmp_path / "suite")
    make = "os.mkfifo(f'p{i}')" if planted == "fifos" else "os.makedirs(f'd{i}/.git')"
    out = bench(tmp_path, root, sh(FIX, _py(f"import os\nfor i in range(3000):\n    {make}")))
    record = out.graded()
    flag = "special_file" if planted == "fifos" else "nested_git_removed"
    details = record["flag_details"][flag]
    assert len(details) == 101 and details[-1] == "and 2900 more", details[-3:]
    assert record["outcome"] == "passed", (record["outcome"], record["flags"])
