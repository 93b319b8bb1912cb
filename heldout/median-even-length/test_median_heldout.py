import unittest

from stats import median, percentile, summary


class MedianEvenLengthTest(unittest.TestCase):
    def test_two_values(self):
        self.assertEqual(median([10, 20]), 15)

    def test_unsorted_even(self):
        self.assertEqual(median([7, 1, 5, 3]), 4)

    def test_six_values(self):
        self.assertEqual(median([6, 1, 5, 2, 4, 3]), 3.5)

    def test_negative_and_float(self):
        self.assertAlmostEqual(median([-2.5, 0.5, -1.0, 4.0]), -0.25)

    def test_duplicates_in_middle(self):
        self.assertEqual(median([1, 2, 2, 9]), 2)

    def test_iterables(self):
        self.assertEqual(median((x for x in (8, 2, 6, 4))), 5)
        self.assertEqual(median(range(1, 11)), 5.5)

    def test_odd_length_unchanged(self):
        self.assertEqual(median([5]), 5)
        self.assertEqual(median([9, 1, 5, 3, 7]), 5)

    def test_input_not_modified(self):
        data = [4, 3, 2, 1]
        median(data)
        self.assertEqual(data, [4, 3, 2, 1])

    def test_agrees_with_percentile_50(self):
        for data in ([1, 2], [3, 9, 27, 81], [2, 2, 3, 100, 4, 1, 8, 0]):
            self.assertAlmostEqual(median(data), percentile(data, 50))


class SummaryEvenLengthTest(unittest.TestCase):
    def test_even_length_report(self):
        self.assertEqual(
            summary([4, 8, 15, 16, 23, 42]).splitlines(),
            [
                "count   6",
                "mean    18",
                "median  15.50",
                "mode    4",
                "p90     32.50",
                "min     4",
                "max     42",
            ],
        )


if __name__ == "__main__":
    unittest.main()
