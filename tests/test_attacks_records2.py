"""A second hostile review of the records, the change and the report (issue 27, classes 4 and 6), through the real
CLI: names the change's text cannot spell, hostile diff headers, figures and text an agent's output carries into
records and pages, and the pipe stages run alone.

Each test runs `python -m bench run --agent command --sandbox bwrap` (attack_helpers.bench) as a user would, and
where it says so `report`, `compare`, or a stage in a pipe.
"""
from __future__ import annotations

import sys

import pytest

from attack_helpers import FIXED, PY, PYTEST_VISIBLE, bench, has_flag, live_check, not_passed, put, sh, suite

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the attacks run under bubblewrap (Linux)")

FIX = put("calc.py", FIXED)


def _py(code: str) -> str:
    """A shell line running `code` with the sandbox's Python."""
    return f"{PY} - <<'PYEOF'\n{code}\nPYEOF"


def _never_the_harness(record: dict) -> None:
    assert record["outcome"] != "infra_error" and "harness_exception" not in record["flags"], \
        (record["outcome"], record["flags"], record.get("flag_details"))


# --- names the change's text cannot spell -------------------------------------------------------------------

# A conftest.py that makes fix-add's visible test pass without the fix: loaded after the test module (pytest
# collects `tests/\xff/` after `tests/test_calc.py`), it rebinds the test module's `add`. No pytest hook, no
# runner object touched: the grading guard has nothing to see; only the rule that removes added test files stands.
REBIND = ("import sys\nfor m in list(sys.modules.values()):\n"
          "    if (getattr(m, '__name__', '') or '').startswith('tests.test_') and hasattr(m, 'add'):\n"
          "        m.add = lambda a, b: a + b\n")


def test_a_conftest_under_a_directory_whose_name_is_not_utf8_is_removed(tmp_path):
    """Attack N1: `tests/\\xff/conftest.py`. The patch names it `"b/tests/\\377/conftest.py"`; read as text that
    is `tests/\ufffd/conftest.py`, a path no rule finds on disk, while git applies the real bytes: the conftest
    stayed, and the unfixed task passed with no flag. Every entry the agent adds under a name that is not UTF-8
    is removed before the diff (flag file_name_not_utf8)."""
    root = suite(tmp_path / "suite", visible="pytest", heldout="none")
    live_check(tmp_path, root, {"tests/\udcff/conftest.py": REBIND}, PYTEST_VISIBLE)
    cmd = _py(f"import os\nos.makedirs(b'tests/\\xff')\nopen(b'tests/\\xff/conftest.py', 'w').write({REBIND!r})")
    out = bench(tmp_path, root, cmd)
    record = out.graded()
    not_passed(record)
    has_flag(record, "file_name_not_utf8")
    assert record["flag_details"]["file_name_not_utf8"] == ["tests/\\xff"], record["flag_details"]
    assert b"conftest" not in out.file("patch.diff").read_bytes()


def test_names_that_are_not_utf8_in_flag_details_never_break_the_record(tmp_path):
    """Attack N2: a FIFO, a nested .git and a 40 MB file (each removed, with a flag naming it), and a file at
    --max-file-mb in the workdir and in HOME (flagged from the files left at the limit), every one under a name
    that is not UTF-8: the flag details held lone surrogates, and writing run.json raised (harness_exception,
    the fixed task lost). Now the run passes, each name shown escaped."""
    root = suite(tmp_path / "suite")
    code = ("import os\nos.mkfifo(b'\\xfe-fifo')\nos.makedirs(b'\\xfd/.git')\n"
            "open(b'\\xfc-big', 'wb').truncate(40 << 20)\n"
            "for p in (os.path.join(os.environb[b'HOME'], b'\\xfb-home'), b'\\xfa-limit'):\n"
            "    with open(p, 'wb') as fh:\n        fh.seek((41 << 20) - 1)\n        fh.write(b'x')\n"
            "        fh.flush()\n        try:\n            os.write(fh.fileno(), b'y')\n"
            "        except OSError:\n            pass\n")
    record = bench(tmp_path, root, sh(_py(code), FIX), "--max-file-mb", "41").graded()
    _never_the_harness(record)
    assert record["outcome"] == "passed", (record["outcome"], record["flags"])
    details = record["flag_details"]
    assert sorted(details["file_name_not_utf8"]) == ["\\xfa-limit", "\\xfc-big", "\\xfd", "\\xfe-fifo"], details
    assert "\\xfa-limit (42991616 bytes)" in details["limit_file_size"], details
    assert any(d.endswith("/home/\\xfb-home (42991616 bytes)") for d in details["limit_file_size"]), details


# --- hostile diff headers -----------------------------------------------------------------------------------

def test_a_symlink_whose_name_ends_in_a_backslash_is_still_checked(tmp_path):
    """Attack D1: git quotes `evil\\` as `"a/evil\\\\"`; a header parser that took the quote after a backslash
    for an escaped one read the path as `evil\\" ` and never found the symlink, which stayed in the grading copy
    pointing out of the tree. It is flagged unsafe_symlink and removed like any other."""
    root = suite(tmp_path / "suite")
    record = bench(tmp_path, root, sh("ln -s /etc/passwd 'evil\\'", FIX)).graded()
    has_flag(record, "unsafe_symlink")
    assert record["flag_details"]["unsafe_symlink"] == ["evil\\ -> /etc/passwd"], record["flag_details"]
    assert "evil\\" in record["agent"]["files_changed"]
