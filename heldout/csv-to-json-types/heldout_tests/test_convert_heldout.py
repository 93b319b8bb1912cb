import contextlib
import io
import json
import os
import tempfile
import unittest

from csv2json.cli import main
from csv2json.convert import convert, to_json


def column(text, name):
    return [record[name] for record in convert(text)]


class TypeInferenceTest(unittest.TestCase):
    def test_type_is_per_column(self):
        values = column("x\n1\n2.5\n-3\n", "x")
        self.assertEqual(values, [1.0, 2.5, -3.0])
        self.assertTrue(all(isinstance(v, float) for v in values))

    def test_text_in_numeric_column_makes_all_strings(self):
        self.assertEqual(column("code\n12\nA7\n3.5\n", "code"), ["12", "A7", "3.5"])

    def test_leading_zeros_stay_strings(self):
        self.assertEqual(column("zip\n02134\n10001\n", "zip"), ["02134", "10001"])
        self.assertEqual(column("n\n0\n-0\n17\n", "n"), [0, 0, 17])
        self.assertEqual(column("f\n00.5\n1.0\n", "f"), ["00.5", "1.0"])

    def test_float_forms(self):
        values = column("v\n3.14\n-0.5\n.5\n10.\n1e-3\n2.5E+6\n0.0\n", "v")
        self.assertEqual(values, [3.14, -0.5, 0.5, 10.0, 0.001, 2500000.0, 0.0])
        self.assertTrue(all(isinstance(v, float) for v in values))

    def test_not_numbers(self):
        for token in ["nan", "inf", "-Infinity", "+5", "1_000", "0x1F", "1,5"]:
            with self.subTest(token=token):
                text = 'v\n"' + token + '"\n'
                self.assertEqual(column(text, "v"), [token])

    def test_ints_stay_ints(self):
        values = column("n\n-7\n0\n42\n", "n")
        self.assertEqual(values, [-7, 0, 42])
        self.assertTrue(all(type(v) is int for v in values))

    def test_booleans_any_case(self):
        self.assertEqual(column("b\nTrue\nfalse\nTRUE\n\n", "b")[:3], [True, False, True])

    def test_bool_column_with_other_words_is_text(self):
        self.assertEqual(column("b\ntrue\nyes\n", "b"), ["true", "yes"])

    def test_zero_one_column_is_int(self):
        self.assertEqual(column("flag\n0\n1\n", "flag"), [0, 1])

    def test_empty_cells_are_null_in_every_type(self):
        records = convert("i,f,b,s\n1,1.5,true,x\n,,,\n")
        self.assertEqual(records[1], {"i": None, "f": None, "b": None, "s": None})
        self.assertEqual(records[0], {"i": 1, "f": 1.5, "b": True, "s": "x"})

    def test_all_empty_column(self):
        self.assertEqual(column("a,e\n1,\n2, \n", "e"), [None, None])

    def test_whitespace_is_trimmed(self):
        records = convert("n,s,b\n  5 ,  hello world  , true \n")
        self.assertEqual(records, [{"n": 5, "s": "hello world", "b": True}])

    def test_quoted_cells_with_delimiters(self):
        records = convert('name,amount\n"Smith, J.",12\n')
        self.assertEqual(records, [{"name": "Smith, J.", "amount": 12}])


class HeaderTest(unittest.TestCase):
    def test_normalisation(self):
        records = convert("  Unit Price ($) ,e-mail,Qty. (units),__ID__\n1,a,2,3\n")
        self.assertEqual(list(records[0]), ["unit_price", "e_mail", "qty_units", "id"])

    def test_blank_headers(self):
        records = convert("a,,  ,b\n1,2,3,4\n")
        self.assertEqual(list(records[0]), ["a", "column_2", "column_3", "b"])
        self.assertEqual(list(convert("%%,x\n1,2\n")[0]), ["column_1", "x"])

    def test_duplicates_get_suffixes(self):
        records = convert("Name,name,NAME ,city\nA,B,C,D\n")
        self.assertEqual(records, [{"name": "A", "name_2": "B", "name_3": "C", "city": "D"}])


class RowShapeTest(unittest.TestCase):
    def test_short_rows_padded_with_null(self):
        records = convert("a,b,c\n1,2\n3\n")
        self.assertEqual(records, [{"a": 1, "b": 2, "c": None}, {"a": 3, "b": None, "c": None}])

    def test_long_row_is_an_error_with_line_number(self):
        with self.assertRaises(ValueError) as ctx:
            convert("a,b\n1,2\n3,4,5\n")
        self.assertIn("line 3", str(ctx.exception))

    def test_blank_lines_skipped(self):
        self.assertEqual(convert("a\n1\n\n2\n"), [{"a": 1}, {"a": 2}])

    def test_empty_input_and_header_only(self):
        self.assertEqual(convert(""), [])
        self.assertEqual(convert("a,b\n"), [])

    def test_delimiter(self):
        self.assertEqual(convert("a;b\n1,5;x\n", delimiter=";"), [{"a": "1,5", "b": "x"}])


class OutputTest(unittest.TestCase):
    def test_to_json_format(self):
        records = convert("name,qty\nZoë,2\n")
        self.assertEqual(to_json(records), '[\n  {\n    "name": "Zoë",\n    "qty": 2\n  }\n]')

    def test_cli_stdout(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "in.csv")
            with open(path, "w", encoding="utf-8", newline="") as fh:
                fh.write("Zeta,Alpha\n1,\n2,x\n")
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                rc = main([path])
        self.assertEqual(rc, 0)
        self.assertEqual(
            out.getvalue(),
            '[\n  {\n    "zeta": 1,\n    "alpha": null\n  },\n'
            '  {\n    "zeta": 2,\n    "alpha": "x"\n  }\n]\n',
        )

    def test_cli_error_on_long_row(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "in.csv")
            with open(path, "w", encoding="utf-8", newline="") as fh:
                fh.write("a\n1,2\n")
            err = io.StringIO()
            with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
                rc = main([path])
        self.assertEqual(rc, 2)
        self.assertIn("line 2", err.getvalue())

    def test_nan_never_reaches_json(self):
        document = to_json(convert("x,y\nnan,1\nNaN,2\n"))
        self.assertEqual(json.loads(document), [{"x": "nan", "y": 1}, {"x": "NaN", "y": 2}])

if __name__ == "__main__":
    unittest.main()
