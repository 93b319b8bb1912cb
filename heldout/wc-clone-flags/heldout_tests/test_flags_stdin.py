import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The CLI is stdlib-only: -S skips site-packages, which keeps each run fast.
PYTHON = [sys.executable, "-S"]

A = b"hello world\nbye\n"                      # 2 lines, 3 words, 16 chars, 16 bytes
B = "gr\u00fc\u00dfe \u2603 caf\u00e9\n".encode()  # 1 line, 3 words, 13 chars, 18 bytes
C = b"no newline at end"                      # 0 lines, 4 words, 17 chars, 17 bytes


def row(*cells, name=None):
    text = "".join(f"{cell:>8}" for cell in cells)
    return f"{text} {name}" if name is not None else text


class FlagsTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = Path(self.tmp.name)
        for name, data in (("a.txt", A), ("b.txt", B), ("c.txt", C)):
            (self.dir / name).write_bytes(data)

    def tearDown(self):
        self.tmp.cleanup()

    def path(self, name):
        return str(self.dir / name)

    def pywc(self, *args, stdin=b""):
        result = subprocess.run(
            [*PYTHON, "-m", "pywc", *args], cwd=ROOT, input=stdin, capture_output=True, timeout=30
        )
        return result.returncode, result.stdout.decode("utf-8").splitlines(), result.stderr.decode("utf-8")

    def test_single_flags(self):
        b = self.path("b.txt")
        for flag, count in (("-l", 1), ("-w", 3), ("-m", 13), ("-c", 18)):
            with self.subTest(flag=flag):
                self.assertEqual(self.pywc(flag, b), (0, [row(count, name=b)], ""))

    def test_order_of_flags_does_not_matter(self):
        b = self.path("b.txt")
        for flags, cells in [
            (["-c", "-w"], (3, 18)),
            (["-cw"], (3, 18)),
            (["--bytes", "--lines"], (1, 18)),
            (["--chars", "-w"], (3, 13)),
            (["-cmwl"], (1, 3, 13, 18)),
        ]:
            with self.subTest(flags=flags):
                self.assertEqual(self.pywc(*flags, b), (0, [row(*cells, name=b)], ""))

    def test_flags_after_the_file(self):
        b = self.path("b.txt")
        self.assertEqual(self.pywc(b, "-l"), (0, [row(1, name=b)], ""))

    def test_no_flags_is_all_columns(self):
        c = self.path("c.txt")
        self.assertEqual(self.pywc(c), (0, [row(0, 4, 17, 17, name=c)], ""))
        self.assertEqual(self.pywc("-lwmc", c), (0, [row(0, 4, 17, 17, name=c)], ""))

    def test_total_uses_the_same_columns(self):
        a, b, c = self.path("a.txt"), self.path("b.txt"), self.path("c.txt")
        self.assertEqual(
            self.pywc("-l", "-m", a, b, c),
            (0, [row(2, 16, name=a), row(1, 13, name=b), row(0, 17, name=c), row(3, 46, name="total")], ""),
        )

    def test_missing_file_with_flags(self):
        a, missing = self.path("a.txt"), self.path("missing.txt")
        code, out, err = self.pywc("-w", a, missing)
        self.assertEqual(code, 1)
        self.assertEqual(out, [row(3, name=a), row(3, name="total")])
        self.assertIn("missing.txt", err)

    def test_unknown_flag(self):
        code, out, err = self.pywc("-x", self.path("a.txt"))
        self.assertEqual(code, 2)
        self.assertEqual(out, [])


class StdinTest(unittest.TestCase):
    def pywc(self, *args, stdin=b""):
        result = subprocess.run(
            [*PYTHON, "-m", "pywc", *args], cwd=ROOT, input=stdin, capture_output=True, timeout=30
        )
        return result.returncode, result.stdout.decode("utf-8"), result.stderr.decode("utf-8")

    def test_stdin_all_columns_has_no_name(self):
        self.assertEqual(self.pywc(stdin=B), (0, row(1, 3, 13, 18) + "\n", ""))

    def test_stdin_with_flags(self):
        self.assertEqual(self.pywc("-c", "-l", stdin=A), (0, row(2, 16) + "\n", ""))
        self.assertEqual(self.pywc("-m", stdin=B), (0, row(13) + "\n", ""))

    def test_empty_stdin(self):
        self.assertEqual(self.pywc(stdin=b""), (0, row(0, 0, 0, 0) + "\n", ""))

    def test_dash_means_stdin(self):
        with tempfile.TemporaryDirectory() as tmp:
            a = str(Path(tmp) / "a.txt")
            Path(a).write_bytes(A)
            self.assertEqual(
                self.pywc("-wl", a, "-", stdin=C),
                (0, "\n".join([row(2, 3, name=a), row(0, 4, name="-"), row(2, 7, name="total")]) + "\n", ""),
            )
            self.assertEqual(self.pywc("-", stdin=A), (0, row(2, 3, 16, 16, name="-") + "\n", ""))

    def test_invalid_utf8(self):
        self.assertEqual(self.pywc("-m", "-c", stdin=b"ab\xff\xfe\n"), (0, row(5, 5) + "\n", ""))


if __name__ == "__main__":
    unittest.main()
