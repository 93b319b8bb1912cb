import unittest

from flatjson import flatten, unflatten
from flatjson.config import diff_configs


class EmptyContainerTest(unittest.TestCase):
    def test_empty_top_level(self):
        self.assertEqual(flatten({}), {})
        self.assertEqual(unflatten({}), {})

    def test_empty_containers_are_leaves(self):
        data = {"a": {}, "b": [], "c": {"d": {}, "e": [[], {}]}}
        flat = flatten(data)
        self.assertEqual(flat, {"a": {}, "b": [], "c.d": {}, "c.e[0]": [], "c.e[1]": {}})
        self.assertEqual(unflatten(flat), data)


class ListPathTest(unittest.TestCase):
    def test_nested_lists(self):
        data = {"m": [[1, 2], [3, [4]]]}
        flat = flatten(data)
        self.assertEqual(flat, {"m[0][0]": 1, "m[0][1]": 2, "m[1][0]": 3, "m[1][1][0]": 4})
        self.assertEqual(unflatten(flat), data)

    def test_dicts_inside_lists_inside_dicts(self):
        flat = {"a.b[0].c": 1, "a.b[0].d[1]": "y", "a.b[0].d[0]": "x", "a.b[1].c": 2}
        self.assertEqual(unflatten(flat), {"a": {"b": [{"c": 1, "d": ["x", "y"]}, {"c": 2}]}})

    def test_leaf_values_kept(self):
        data = {"n": None, "t": True, "f": 0.5, "s": "", "z": 0}
        self.assertEqual(flatten(data), data)
        self.assertEqual(unflatten(data), data)

    def test_order_follows_input(self):
        data = {"z": 1, "a": {"y": [10, {"b": 2, "a": 3}], "x": 4}}
        self.assertEqual(list(flatten(data)), ["z", "a.y[0]", "a.y[1].b", "a.y[1].a", "a.x"])

    def test_paths_in_any_order(self):
        flat = {"l[2]": "c", "l[0]": "a", "l[1]": "b", "k[1].v": 2, "k[0].v": 1}
        self.assertEqual(unflatten(flat), {"l": ["a", "b", "c"], "k": [{"v": 1}, {"v": 2}]})

    def test_numeric_dict_keys_stay_dicts(self):
        data = {"a": {"0": "zero", "1": "one"}}
        flat = flatten(data)
        self.assertEqual(flat, {"a.0": "zero", "a.1": "one"})
        self.assertEqual(unflatten(flat), data)
        self.assertIsInstance(unflatten({"a.0": 1})["a"], dict)

    def test_many_items(self):
        data = {"items": [{"id": i, "tags": [str(i)]} for i in range(12)]}
        flat = flatten(data)
        self.assertEqual(flat["items[10].tags[0]"], "10")
        self.assertEqual(unflatten(flat), data)


class EscapingTest(unittest.TestCase):
    def test_dot_in_key(self):
        self.assertEqual(flatten({"a.b": 1}), {"a\\.b": 1})
        self.assertEqual(flatten({"x": {"v1.2": True}}), {"x.v1\\.2": True})
        self.assertEqual(unflatten({"a\\.b": 1}), {"a.b": 1})

    def test_brackets_in_key(self):
        self.assertEqual(flatten({"x[0]": 1}), {"x\\[0\\]": 1})
        self.assertEqual(unflatten({"x\\[0\\]": 1}), {"x[0]": 1})

    def test_backslash_in_key(self):
        self.assertEqual(flatten({"C:\\temp": 1}), {"C:\\\\temp": 1})
        self.assertEqual(unflatten({"C:\\\\temp": 1}), {"C:\\temp": 1})

    def test_round_trip_tricky_keys(self):
        data = {
            "a.b": {"c[0]": [1, {"d.e": [{}]}]},
            "back\\slash": {"]": "x", "[": "y", ".": "z"},
            "plain": [None, [True, False]],
        }
        flat = flatten(data)
        self.assertEqual(len(flat), 8)
        self.assertEqual(unflatten(flat), data)
        self.assertEqual(flatten(unflatten(flat)), flat)


class ErrorTest(unittest.TestCase):
    def test_gaps_in_indices(self):
        for flat in ({"a[1]": 1}, {"a[0]": 1, "a[2]": 2}):
            with self.subTest(flat=flat), self.assertRaises(ValueError):
                unflatten(flat)

    def test_conflicting_paths(self):
        cases = [
            {"a": 1, "a.b": 2},
            {"a.b": 2, "a": 1},
            {"a[0]": 1, "a.b": 2},
            {"a.b": 1, "a[0]": 2},
            {"a": [], "a[0]": 1},
            {"a.b": 1, "a": {}},
        ]
        for flat in cases:
            with self.subTest(flat=flat), self.assertRaises(ValueError):
                unflatten(flat)

    def test_malformed_paths(self):
        for path in ["a[", "a[x]", "a[-1]", "a]", "a[0]b", "a\\"]:
            with self.subTest(path=path), self.assertRaises(ValueError):
                unflatten({path: 1})

    def test_type_errors(self):
        with self.assertRaises(TypeError):
            flatten([1, 2])
        with self.assertRaises(TypeError):
            flatten({"a": {1: "x"}})


class DiffWithListsTest(unittest.TestCase):
    def test_list_elements_are_compared(self):
        old = {"db": {"ports": [5432, 5433]}, "hosts": []}
        new = {"db": {"ports": [5432, 6000, 6001]}, "hosts": ["h1"]}
        self.assertEqual(
            diff_configs(old, new),
            [
                ("db.ports[1]", 5433, 6000),
                ("db.ports[2]", None, 6001),
                ("hosts", [], None),
                ("hosts[0]", None, "h1"),
            ],
        )


if __name__ == "__main__":
    unittest.main()
