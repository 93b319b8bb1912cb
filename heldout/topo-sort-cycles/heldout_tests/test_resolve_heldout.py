import contextlib
import io
import os
import tempfile
import unittest

from buildorder.cli import main
from buildorder.resolve import CycleError, build_order


def assert_valid_order(test, deps, order):
    nodes = set(deps) | {d for ds in deps.values() for d in ds}
    test.assertEqual(len(order), len(set(order)), "duplicates in order")
    test.assertEqual(set(order), nodes)
    position = {node: i for i, node in enumerate(order)}
    for node, node_deps in deps.items():
        for dep in node_deps:
            test.assertLess(position[dep], position[node], f"{dep} must come before {node}")


def assert_valid_cycle(test, deps, cycle):
    test.assertGreaterEqual(len(cycle), 2)
    test.assertEqual(cycle[0], cycle[-1])
    test.assertEqual(len(set(cycle[:-1])), len(cycle) - 1, "a simple cycle repeats only its start")
    for node, dep in zip(cycle, cycle[1:]):
        test.assertIn(dep, deps.get(node, ()), f"{node} does not depend on {dep}")


class OrderTest(unittest.TestCase):
    def test_ready_targets_are_built_alphabetically(self):
        deps = {"app": ["zlib", "core"], "core": ["base"], "tools": [], "base": []}
        self.assertEqual(build_order(deps), ["base", "core", "tools", "zlib", "app"])

    def test_diamond_and_independent_targets(self):
        deps = {
            "site": ["docs", "web"],
            "web": ["api", "assets"],
            "docs": ["api"],
            "api": ["models"],
            "assets": [],
            "cli": ["models"],
        }
        order = build_order(deps)
        self.assertEqual(order, ["assets", "models", "api", "cli", "docs", "web", "site"])
        assert_valid_order(self, deps, order)

    def test_dependency_only_nodes_follow_the_same_rule(self):
        deps = {"b": ["y", "x"], "a": ["z"]}
        self.assertEqual(build_order(deps), ["x", "y", "b", "z", "a"])

    def test_independent_of_input_order_and_container_type(self):
        deps1 = {"c": ["a", "b"], "b": ["a"], "d": []}
        deps2 = {"d": set(), "b": ("a",), "c": {"b", "a"}}
        self.assertEqual(build_order(deps1), ["a", "b", "c", "d"])
        self.assertEqual(build_order(deps2), ["a", "b", "c", "d"])

    def test_duplicate_dependencies(self):
        self.assertEqual(build_order({"a": ["b", "b"], "b": []}), ["b", "a"])

    def test_empty(self):
        self.assertEqual(build_order({}), [])

    def test_input_not_modified(self):
        deps = {"a": ["b"]}
        build_order(deps)
        self.assertEqual(deps, {"a": ["b"]})

    def test_deep_chain(self):
        n = 20000
        deps = {f"t{i:05d}": [f"t{i - 1:05d}"] for i in range(1, n)}
        order = build_order(deps)
        self.assertEqual(order, [f"t{i:05d}" for i in range(n)])


class CycleTest(unittest.TestCase):
    def test_is_a_value_error(self):
        self.assertTrue(issubclass(CycleError, ValueError))

    def test_three_cycle_starts_at_smallest(self):
        deps = {"c": ["a"], "a": ["b"], "b": ["c"]}
        with self.assertRaises(CycleError) as ctx:
            build_order(deps)
        self.assertEqual(ctx.exception.cycle, ["a", "b", "c", "a"])
        self.assertIn("a -> b -> c -> a", str(ctx.exception))

    def test_direction_is_dependency_direction(self):
        deps = {"a": ["c"], "c": ["b"], "b": ["a"]}
        with self.assertRaises(CycleError) as ctx:
            build_order(deps)
        self.assertEqual(ctx.exception.cycle, ["a", "c", "b", "a"])

    def test_self_dependency(self):
        with self.assertRaises(CycleError) as ctx:
            build_order({"base": [], "lib": ["base", "lib"]})
        self.assertEqual(ctx.exception.cycle, ["lib", "lib"])

    def test_targets_depending_on_a_cycle_are_not_part_of_it(self):
        deps = {"app": ["lib1"], "lib1": ["lib2"], "lib2": ["lib1", "base"], "base": []}
        with self.assertRaises(CycleError) as ctx:
            build_order(deps)
        self.assertEqual(ctx.exception.cycle, ["lib1", "lib2", "lib1"])

    def test_cycle_behind_dependency_only_node(self):
        deps = {"z": ["m"], "m": ["q"], "q": ["m"]}
        with self.assertRaises(CycleError) as ctx:
            build_order(deps)
        self.assertEqual(ctx.exception.cycle, ["m", "q", "m"])

    def test_several_cycles_reports_a_real_one(self):
        deps = {
            "a": ["b"], "b": ["c", "a"], "c": ["a"],
            "x": ["y"], "y": ["x"], "ok": [],
        }
        with self.assertRaises(CycleError) as ctx:
            build_order(deps)
        assert_valid_cycle(self, deps, ctx.exception.cycle)

    def test_long_cycle(self):
        n = 5000
        deps = {f"n{i:04d}": [f"n{i + 1:04d}"] for i in range(n - 1)}
        deps[f"n{n - 1:04d}"] = ["n0000"]
        with self.assertRaises(CycleError) as ctx:
            build_order(deps)
        cycle = ctx.exception.cycle
        self.assertEqual(len(cycle), n + 1)
        self.assertEqual(cycle[:3], ["n0000", "n0001", "n0002"])
        assert_valid_cycle(self, deps, cycle)


class CliTest(unittest.TestCase):
    def run_cli(self, manifest, *targets):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "build.manifest")
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(manifest)
            out, err = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                rc = main([path, *targets])
        return rc, out.getvalue(), err.getvalue()

    def test_prints_order(self):
        rc, out, _ = self.run_cli("app: ui core\nui: core\ncore: zlib\n")
        self.assertEqual(rc, 0)
        self.assertEqual(out.split(), ["zlib", "core", "ui", "app"])

    def test_cycle_exit_status(self):
        rc, out, err = self.run_cli("a: b\nb: c\nc: a\n")
        self.assertEqual(rc, 1)
        self.assertEqual(out, "")
        self.assertIn("a -> b -> c -> a", err)

    def test_cycle_outside_requested_targets_is_ignored(self):
        rc, out, _ = self.run_cli("app: core\ncore: base\nx: y\ny: x\n", "app")
        self.assertEqual(rc, 0)
        self.assertEqual(out.split(), ["base", "core", "app"])


if __name__ == "__main__":
    unittest.main()
