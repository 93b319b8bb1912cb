import math
import unittest

from quad import IntegrationError, adaptive_simpson, simpson, trapezoid


def close(value, expected, rel_tol=0.0, abs_tol=0.0):
    return math.isclose(value, expected, rel_tol=rel_tol, abs_tol=abs_tol)


class SimpsonHeldoutTest(unittest.TestCase):
    def test_other_functions_and_intervals(self):
        cases = [
            (math.exp, 0, 2, 100, math.exp(2) - 1, 1e-8),
            (lambda x: 1 / (1 + x * x), 0, 1, 200, math.pi / 4, 1e-10),
            (math.cos, -math.pi / 2, math.pi / 2, 50, 2.0, 1e-6),
            (lambda x: 1 / x, -2, -1, 40, -math.log(2), 1e-7),
        ]
        for f, a, b, n, expected, rel in cases:
            with self.subTest(a=a, b=b, n=n):
                value = simpson(f, a, b, n)
                self.assertTrue(close(value, expected, rel_tol=rel), (value, expected))

    def test_exact_for_cubics_on_any_interval(self):
        f = lambda x: 4 * x**3 - 3 * x**2 + 2 * x - 7
        F = lambda x: x**4 - x**3 + x**2 - 7 * x
        for a, b, n in [(0.5, 3.25, 2), (-4, -1, 6), (-2, 5, 10)]:
            with self.subTest(a=a, b=b, n=n):
                self.assertTrue(close(simpson(f, a, b, n), F(b) - F(a), rel_tol=1e-12, abs_tol=1e-12))

    def test_fourth_order_convergence(self):
        f = lambda x: x**5 - x**4
        exact = 2**6 / 6 - 2**5 / 5
        for n in (4, 8, 16):
            ratio = (simpson(f, 0, 2, n) - exact) / (simpson(f, 0, 2, 2 * n) - exact)
            self.assertTrue(close(ratio, 16.0, abs_tol=0.5), (n, ratio))

    def test_reversed_bounds(self):
        self.assertTrue(close(simpson(lambda x: x * x, 1, 0, 2), -1 / 3, rel_tol=1e-12))
        forward = simpson(math.exp, 0, 2, 40)
        backward = simpson(math.exp, 2, 0, 40)
        self.assertTrue(close(backward, -forward, rel_tol=1e-12))

    def test_invalid_number_of_intervals(self):
        for n in (3, 1, 7, 0, -2, 2.5):
            with self.subTest(n=n):
                with self.assertRaises(ValueError):
                    simpson(math.sin, 0, 1, n)

    def test_smallest_valid_n(self):
        self.assertTrue(close(simpson(lambda x: x**3, 0, 2, 2), 4.0, rel_tol=1e-12))


class TrapezoidHeldoutTest(unittest.TestCase):
    def test_reversed_bounds(self):
        value = trapezoid(math.exp, 1, 0, 2000)
        self.assertTrue(close(value, -(math.e - 1), rel_tol=1e-7), value)

    def test_invalid_number_of_intervals(self):
        for n in (-1, 1.5):
            with self.subTest(n=n):
                with self.assertRaises(ValueError):
                    trapezoid(math.sin, 0, 1, n)


class AdaptiveHeldoutTest(unittest.TestCase):
    def test_other_functions(self):
        cases = [
            (math.sqrt, 0, 1, 2 / 3),
            (math.log, 1, math.e, 1.0),
            (math.sin, 0, math.pi, 2.0),
            (lambda x: 1 / (1 + x * x), -1, 1, math.pi / 2),
        ]
        for f, a, b, expected in cases:
            with self.subTest(a=a, b=b, expected=expected):
                value = adaptive_simpson(f, a, b)
                self.assertTrue(close(value, expected, abs_tol=1e-9), (value, expected))

    def test_reversed_bounds(self):
        value = adaptive_simpson(math.exp, 1, 0)
        self.assertTrue(close(value, -(math.e - 1), abs_tol=1e-9), value)
        value = adaptive_simpson(math.sqrt, 4, 1)
        self.assertTrue(close(value, -14 / 3, abs_tol=1e-9), value)

    def test_reversed_matches_forward(self):
        f = lambda x: math.exp(-x * x)
        self.assertTrue(close(adaptive_simpson(f, 3, -3), -adaptive_simpson(f, -3, 3), rel_tol=1e-12))

    def test_empty_interval(self):
        self.assertEqual(adaptive_simpson(math.exp, 2.0, 2.0), 0.0)

    def test_error_within_tolerance(self):
        cases = [
            (math.exp, 0, 1, math.e - 1, 1e-8),
            (math.cos, 0, 10, math.sin(10), 1e-6),
            (lambda x: 1 / (1 + x * x), -1, 1, math.pi / 2, 1e-8),
            (math.sqrt, 0, 1, 2 / 3, 1e-7),
        ]
        for f, a, b, expected, tol in cases:
            with self.subTest(b=b, tol=tol):
                self.assertLessEqual(abs(adaptive_simpson(f, a, b, tol=tol) - expected), tol)

    def test_jump_exhausts_depth(self):
        step = lambda x: 0.0 if x < 1 / 3 else 1.0
        with self.assertRaises(IntegrationError):
            adaptive_simpson(step, 0, 1, tol=1e-12, max_depth=5)

    def test_invalid_arguments(self):
        with self.assertRaises(ValueError):
            adaptive_simpson(math.exp, 0, 1, tol=-1e-3)
        with self.assertRaises(ValueError):
            adaptive_simpson(math.exp, 0, 1, max_depth=0)


if __name__ == "__main__":
    unittest.main()
