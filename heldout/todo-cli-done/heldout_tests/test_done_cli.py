import json
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The CLI is stdlib-only: -S skips site-packages, which keeps each run fast.
PYTHON = [sys.executable, "-S"]


def todo(db, *args):
    return subprocess.run(
        [*PYTHON, "-m", "todo", "--db", str(db), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=30,
    )


class DoneCommandTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.db = Path(self.tmp.name) / "todo.json"

    def tearDown(self):
        self.tmp.cleanup()

    def seed(self, *texts):
        """Write a todo file the way the current version writes it."""
        items = [{"text": text} for text in texts]
        self.db.write_text(json.dumps({"items": items}, indent=2) + "\n", encoding="utf-8")

    def listing(self):
        result = todo(self.db, "list")
        self.assertEqual(result.returncode, 0, result.stderr)
        return result.stdout

    def test_only_the_named_item_is_marked_and_it_persists(self):
        self.seed("buy milk", "call mum", "fix bike")
        self.assertEqual(todo(self.db, "done", "2").returncode, 0)
        self.assertEqual(self.listing(), "1. [ ] buy milk\n2. [x] call mum\n3. [ ] fix bike\n")
        self.assertEqual(todo(self.db, "done", "3").returncode, 0)
        self.assertEqual(self.listing(), "1. [ ] buy milk\n2. [x] call mum\n3. [x] fix bike\n")

    def test_done_twice_is_fine(self):
        self.seed("buy milk")
        self.assertEqual(todo(self.db, "done", "1").returncode, 0)
        second = todo(self.db, "done", "1")
        self.assertEqual(second.returncode, 0, second.stderr)
        self.assertEqual(self.listing(), "1. [x] buy milk\n")

    def test_adding_after_done_keeps_the_mark(self):
        self.seed("buy milk")
        self.assertEqual(todo(self.db, "done", "1").returncode, 0)
        self.assertEqual(todo(self.db, "add", "call mum").returncode, 0)
        self.assertEqual(self.listing(), "1. [x] buy milk\n2. [ ] call mum\n")

    def test_bad_numbers(self):
        self.seed("buy milk", "call mum")
        before = self.db.read_bytes()
        for number in ("0", "3", "-1", "99"):
            with self.subTest(number=number):
                result = todo(self.db, "done", number)
                self.assertEqual(result.returncode, 2)
                self.assertIn(number.lstrip("-"), result.stderr)
                self.assertNotIn("Traceback", result.stderr)
                self.assertEqual(self.db.read_bytes(), before)
        self.assertEqual(self.listing(), "1. [ ] buy milk\n2. [ ] call mum\n")

    def test_not_a_number(self):
        self.seed("buy milk")
        result = todo(self.db, "done", "first")
        self.assertEqual(result.returncode, 2)
        self.assertNotIn("Traceback", result.stderr)
        self.assertEqual(self.listing(), "1. [ ] buy milk\n")

    def test_empty_list(self):
        result = todo(self.db, "done", "1")
        self.assertEqual(result.returncode, 2)
        self.assertIn("1", result.stderr)
        self.assertNotIn("Traceback", result.stderr)
        self.assertFalse(self.db.exists())

    def test_files_written_by_the_old_version_still_work(self):
        self.db.write_text(json.dumps({"items": [{"text": "old one"}, {"text": "old two"}]}), encoding="utf-8")
        self.assertEqual(todo(self.db, "add", "new three").returncode, 0)
        self.assertEqual(todo(self.db, "done", "2").returncode, 0)
        self.assertEqual(self.listing(), "1. [ ] old one\n2. [x] old two\n3. [ ] new three\n")
        texts = [item["text"] for item in json.loads(self.db.read_text(encoding="utf-8"))["items"]]
        self.assertEqual(texts, ["old one", "old two", "new three"])

    def test_help_lists_done(self):
        result = todo(self.db, "--help")
        self.assertEqual(result.returncode, 0)
        self.assertIn("done", result.stdout)


if __name__ == "__main__":
    unittest.main()
