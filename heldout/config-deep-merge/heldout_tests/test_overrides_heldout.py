import unittest

from confload import ConfigError, apply_overrides, coerce, parse_override


class CoerceHeldoutTest(unittest.TestCase):
    def assertTyped(self, text, expected):
        value = coerce(text)
        self.assertEqual(value, expected, text)
        self.assertIs(type(value), type(expected), text)

    def test_integers(self):
        self.assertTyped("42", 42)
        self.assertTyped("-3", -3)
        self.assertTyped("+7", 7)
        self.assertTyped("0", 0)

    def test_floats(self):
        self.assertTyped("1.5", 1.5)
        self.assertTyped("-0.25", -0.25)
        self.assertTyped("-.5", -0.5)
        self.assertTyped("1e3", 1000.0)
        self.assertTyped("2.5E-2", 0.025)

    def test_booleans(self):
        self.assertIs(coerce("true"), True)
        self.assertIs(coerce("False"), False)
        self.assertIs(coerce("TRUE"), True)

    def test_null(self):
        for text in ("null", "NULL", "none", "None"):
            self.assertIsNone(coerce(text), text)

    def test_quoted_strings_are_not_coerced(self):
        self.assertTyped('"8080"', "8080")
        self.assertTyped("'true'", "true")
        self.assertTyped('"  padded "', "  padded ")
        self.assertTyped('""', "")

    def test_json_values(self):
        self.assertTyped("[1, 2]", [1, 2])
        self.assertTyped('["a", "b"]', ["a", "b"])
        self.assertTyped('{"a": {"b": null}}', {"a": {"b": None}})
        self.assertTyped("[]", [])

    def test_invalid_json_is_an_error(self):
        with self.assertRaises(ConfigError):
            coerce("[1, 2")
        with self.assertRaises(ConfigError):
            coerce("{oops}")

    def test_other_text_unchanged(self):
        for text in ("localhost", "inf", "nan", "-inf", "1.2.3", "", "0x10", "v1", "yes"):
            self.assertTyped(text, text)


class ParseOverrideHeldoutTest(unittest.TestCase):
    def test_value_may_contain_equals(self):
        self.assertEqual(
            parse_override("database.url=postgres://db/app?sslmode=require&x=1"),
            (("database", "url"), "postgres://db/app?sslmode=require&x=1"),
        )

    def test_whitespace_ignored(self):
        self.assertEqual(parse_override("  server.port = 9000 "), (("server", "port"), 9000))

    def test_negative_and_null_values(self):
        self.assertEqual(parse_override("retries=-1"), (("retries",), -1))
        self.assertIs(type(parse_override("retries=-1")[1]), int)
        self.assertEqual(parse_override("server.tls.cert=null"), (("server", "tls", "cert"), None))

    def test_empty_value_is_empty_string(self):
        self.assertEqual(parse_override("server.host="), (("server", "host"), ""))

    def test_malformed_keys(self):
        for item in ("=1", "a..b=1", ".a=1", "a.=1", " =1"):
            with self.subTest(item=item):
                with self.assertRaises(ConfigError):
                    parse_override(item)

    def test_path_through_non_table(self):
        with self.assertRaises(ConfigError):
            apply_overrides({"server": {"port": 8000}}, ["server.port.number=1"])
        with self.assertRaises(ConfigError):
            apply_overrides({"features": ["a"]}, ["features.x=1"])


if __name__ == "__main__":
    unittest.main()
