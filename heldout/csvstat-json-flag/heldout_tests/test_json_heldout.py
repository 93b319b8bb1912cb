import json
import os
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
METRICS = os.path.join(HERE, "data", "metrics.csv")
SALES = os.path.join(ROOT, "tests", "data", "sales.csv")

NUMBER_KEYS = {"name", "type", "count", "missing", "min", "max", "mean"}
TEXT_KEYS = {"name", "type", "count", "missing", "unique"}


def run_cli(*args):
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    return subprocess.run(
        [sys.executable, "-m", "csvstat", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=30,
    )


def load(*args):
    proc = run_cli(*args)
    if proc.returncode != 0:
        raise AssertionError(f"exit {proc.returncode}: {proc.stderr}")
    return json.loads(proc.stdout)


def is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


class JsonShapeTest(unittest.TestCase):
    def test_top_level_keys(self):
        data = load("--json", SALES)
        self.assertEqual(set(data), {"rows", "columns"})
        self.assertEqual(data["rows"], 4)

    def test_keys_per_column_kind(self):
        data = load(SALES, "--json")
        by_name = {c["name"]: c for c in data["columns"]}
        self.assertEqual(set(by_name["units"]), NUMBER_KEYS)
        self.assertEqual(set(by_name["price"]), NUMBER_KEYS)
        self.assertEqual(set(by_name["region"]), TEXT_KEYS)
        self.assertEqual(set(by_name["notes"]), TEXT_KEYS)

    def test_sales_values(self):
        data = load(SALES, "--json")
        self.assertEqual(
            data["columns"],
            [
                {"name": "region", "type": "text", "count": 4, "missing": 0, "unique": 4},
                {"name": "units", "type": "number", "count": 3, "missing": 1, "min": 3, "max": 10, "mean": 6.67},
                {"name": "price", "type": "number", "count": 4, "missing": 0, "min": 1.75, "max": 4, "mean": 2.88},
                {"name": "notes", "type": "text", "count": 3, "missing": 1, "unique": 2},
            ],
        )


class JsonNumbersTest(unittest.TestCase):
    def setUp(self):
        data = load(METRICS, "--json", "--delimiter", ";")
        self.data = data
        self.cols = {c["name"]: c for c in data["columns"]}

    def test_numbers_are_json_numbers(self):
        for name in ("latency_ms", "errors", "ratio"):
            for key in ("min", "max", "mean"):
                self.assertTrue(is_number(self.cols[name][key]), (name, key, self.cols[name][key]))
            self.assertIsInstance(self.cols[name]["count"], int)

    def test_whole_values_are_integers(self):
        latency = self.cols["latency_ms"]
        self.assertEqual(latency["min"], 10)
        self.assertIsInstance(latency["min"], int)
        self.assertEqual(latency["max"], 12.5)
        self.assertIsInstance(latency["max"], float)

    def test_rounding_to_two_places(self):
        self.assertEqual(self.cols["latency_ms"]["mean"], 11.17)
        self.assertEqual(self.cols["errors"]["mean"], -0.33)
        self.assertEqual(self.cols["ratio"]["mean"], 0.32)
        self.assertEqual(self.cols["ratio"]["min"], 0.2)

    def test_negative_and_zero(self):
        errors = self.cols["errors"]
        self.assertEqual((errors["min"], errors["max"]), (-3, 2))
        self.assertIsInstance(errors["min"], int)

    def test_text_and_empty_columns(self):
        self.assertEqual(
            self.cols["owner"],
            {"name": "owner", "type": "text", "count": 2, "missing": 1, "unique": 2},
        )
        self.assertEqual(
            self.cols["empty"],
            {"name": "empty", "type": "text", "count": 0, "missing": 3, "unique": 0},
        )

    def test_row_count_and_order(self):
        self.assertEqual(self.data["rows"], 3)
        self.assertEqual(
            [c["name"] for c in self.data["columns"]],
            ["host", "latency_ms", "errors", "ratio", "owner", "empty"],
        )


class JsonOptionsTest(unittest.TestCase):
    def test_columns_filter_keeps_file_order(self):
        data = load(SALES, "--json", "--columns", "notes,units")
        self.assertEqual([c["name"] for c in data["columns"]], ["units", "notes"])
        self.assertEqual(data["rows"], 4)

    def test_unknown_column_error(self):
        proc = run_cli(SALES, "--json", "--columns", "bogus")
        self.assertEqual(proc.returncode, 2)
        self.assertEqual(proc.stdout.strip(), "")
        self.assertIn("bogus", proc.stderr)

    def test_missing_file_error(self):
        proc = run_cli(os.path.join(HERE, "data", "absent.csv"), "--json")
        self.assertEqual(proc.returncode, 2)
        self.assertEqual(proc.stdout.strip(), "")
        self.assertIn("csvstat:", proc.stderr)

    def test_table_unchanged_without_flag(self):
        proc = run_cli(METRICS, "-d", ";")
        self.assertEqual(proc.returncode, 0, proc.stderr)
        lines = proc.stdout.splitlines()
        self.assertEqual(lines[3].split(), ["latency_ms", "number", "3", "0", "10", "12.50", "11.17"])
        self.assertEqual(lines[-1], "3 rows")
        self.assertNotIn("{", proc.stdout)


if __name__ == "__main__":
    unittest.main()
