"""Pins the behaviour of the kind-string functions as it was before the refactor."""
import math
import unittest

from geometry import area, describe, perimeter
from geometry.report import summarise, total_area

EXPECTED = "expected one of circle, rectangle, square, triangle"


class DescribeTest(unittest.TestCase):
    def test_descriptions(self):
        cases = [
            (("circle",), {"radius": 1.5}, "circle with radius 1.5: area 7.07, perimeter 9.42"),
            (("rectangle",), {"width": 2.5, "height": 4}, "rectangle 2.5 x 4: area 10.00, perimeter 13.00"),
            (("square",), {"side": 0.1}, "square with side 0.1: area 0.01, perimeter 0.40"),
            (("triangle",), {"a": 3, "b": 4, "c": 5}, "triangle with sides 3, 4, 5: area 6.00, perimeter 12.00"),
            (("circle",), {"radius": 1000000}, "circle with radius 1e+06: area 3141592653589.79, perimeter 6283185.31"),
            (("triangle",), {"a": 2, "b": 2, "c": 3.5}, "triangle with sides 2, 2, 3.5: area 1.69, perimeter 7.50"),
        ]
        for args, dims, text in cases:
            with self.subTest(args=args, dims=dims):
                self.assertEqual(describe(*args, **dims), text)

    def test_kind_is_case_and_space_insensitive(self):
        self.assertEqual(describe("  Square\t", side=2), "square with side 2: area 4.00, perimeter 8.00")
        self.assertAlmostEqual(area("CIRCLE", radius=1), math.pi)
        self.assertEqual(perimeter(" Rectangle ", width=1, height=2), 6)


class ResultsTest(unittest.TestCase):
    def test_integer_inputs_give_exact_results(self):
        self.assertEqual(area("rectangle", width=3, height=4), 12)
        self.assertIsInstance(area("rectangle", width=3, height=4), int)
        self.assertIsInstance(perimeter("square", side=3), int)
        self.assertIsInstance(perimeter("triangle", a=3, b=4, c=5), int)

    def test_float_results(self):
        self.assertAlmostEqual(area("triangle", a=5, b=5, c=8), 12.0)
        self.assertAlmostEqual(perimeter("circle", radius=0.5), math.pi)
        self.assertAlmostEqual(area("square", side=1.5), 2.25)


class UnknownKindTest(unittest.TestCase):
    def test_message_names_the_kind_as_given(self):
        for func in (area, perimeter, describe):
            for kind in ("hexagon", " Hexagon ", "", "circles"):
                with self.subTest(func=func.__name__, kind=kind):
                    with self.assertRaises(ValueError) as ctx:
                        func(kind, side=1)
                    self.assertEqual(str(ctx.exception), f"unknown shape kind: {kind!r} ({EXPECTED})")

    def test_unknown_kind_is_reported_before_dimensions(self):
        for func in (area, perimeter, describe):
            with self.subTest(func=func.__name__):
                with self.assertRaisesRegex(ValueError, "unknown shape kind: 'blob'"):
                    func("blob")

    def test_make_shape_same_message(self):
        from geometry.shapes import make_shape

        with self.assertRaises(ValueError) as ctx:
            make_shape("Oval", radius=1)
        self.assertEqual(str(ctx.exception), f"unknown shape kind: 'Oval' ({EXPECTED})")

    def test_kind_must_be_a_string(self):
        for func in (area, perimeter, describe):
            with self.subTest(func=func.__name__):
                with self.assertRaisesRegex(TypeError, "shape kind must be a string, not int"):
                    func(3, radius=1)


class DimensionErrorsTest(unittest.TestCase):
    def test_missing_and_unexpected_dimensions(self):
        for func in (area, perimeter, describe):
            with self.subTest(func=func.__name__):
                with self.assertRaises(TypeError):
                    func("circle")
                with self.assertRaises(TypeError):
                    func("rectangle", width=2)
                with self.assertRaises(TypeError):
                    func("square", side=2, colour="red")
                with self.assertRaises(TypeError):
                    func("circle", diameter=2)

    def test_non_positive(self):
        cases = [
            ("circle", {"radius": 0}, "radius must be positive, got 0"),
            ("rectangle", {"width": 2, "height": -1.5}, "height must be positive, got -1.5"),
            ("square", {"side": -3}, "side must be positive, got -3"),
            ("triangle", {"a": 3, "b": -4, "c": 5}, "b must be positive, got -4"),
        ]
        for func in (area, perimeter, describe):
            for kind, dims, message in cases:
                with self.subTest(func=func.__name__, kind=kind):
                    with self.assertRaises(ValueError) as ctx:
                        func(kind, **dims)
                    self.assertEqual(str(ctx.exception), message)

    def test_non_numbers(self):
        for func in (area, perimeter, describe):
            with self.subTest(func=func.__name__):
                with self.assertRaisesRegex(TypeError, "radius must be a number, not str"):
                    func("circle", radius="2")
                with self.assertRaisesRegex(TypeError, "side must be a number, not bool"):
                    func("square", side=True)

    def test_degenerate_triangles(self):
        for dims, message in [
            ({"a": 1, "b": 2, "c": 3}, "sides 1, 2, 3 do not form a triangle"),
            ({"a": 10, "b": 2, "c": 3}, "sides 10, 2, 3 do not form a triangle"),
            ({"a": 1, "b": 5.5, "c": 2}, "sides 1, 5.5, 2 do not form a triangle"),
        ]:
            for func in (area, perimeter, describe):
                with self.subTest(func=func.__name__, dims=dims):
                    with self.assertRaises(ValueError) as ctx:
                        func("triangle", **dims)
                    self.assertEqual(str(ctx.exception), message)


class ClassesTest(unittest.TestCase):
    def test_kind_attribute_and_factory(self):
        from geometry.shapes import Circle, Rectangle, Square, Triangle, make_shape

        for cls, kind, dims in [
            (Circle, "circle", {"radius": 2}),
            (Rectangle, "rectangle", {"width": 1, "height": 2}),
            (Square, "square", {"side": 2}),
            (Triangle, "triangle", {"a": 3, "b": 4, "c": 5}),
        ]:
            with self.subTest(kind=kind):
                self.assertEqual(cls.kind, kind)
                shape = make_shape(f" {kind.upper()} ", **dims)
                self.assertIs(type(shape), cls)
                self.assertEqual(shape.describe(), describe(kind, **dims))
                self.assertEqual(shape.area(), area(kind, **dims))

    def test_constructors_validate(self):
        from geometry.shapes import Circle, Triangle

        with self.assertRaisesRegex(ValueError, "radius must be positive, got -1"):
            Circle(-1)
        with self.assertRaisesRegex(ValueError, "sides 1, 1, 2 do not form a triangle"):
            Triangle(1, 1, 2)


class ReportTest(unittest.TestCase):
    def test_report(self):
        specs = [
            {"kind": "Circle", "radius": 1},
            {"kind": "triangle", "a": 3, "b": 4, "c": 5},
            {"kind": "square", "side": 0.5},
        ]
        self.assertAlmostEqual(total_area(specs), math.pi + 6.25)
        self.assertEqual(
            summarise(specs),
            "1. circle with radius 1: area 3.14, perimeter 6.28\n"
            "2. triangle with sides 3, 4, 5: area 6.00, perimeter 12.00\n"
            "3. square with side 0.5: area 0.25, perimeter 2.00\n"
            "total area 9.39",
        )

    def test_report_unknown_kind(self):
        with self.assertRaisesRegex(ValueError, "unknown shape kind: 'star'"):
            summarise([{"kind": "star", "points": 5}])


if __name__ == "__main__":
    unittest.main()
