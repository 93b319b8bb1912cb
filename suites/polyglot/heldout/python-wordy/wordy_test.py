# These tests are auto-generated with test data from:
# https://github.com/exercism/problem-specifications/tree/main/exercises/wordy/canonical-data.json
# File last updated on 2026-05-22

import unittest

from wordy import (
    answer,
)


class WordyTest(unittest.TestCase):
    def test_just_a_zero(self):
        self.assertEqual(answer("What is 0?"), 0)

    def test_just_a_negative_number(self):
        self.assertEqual(answer("What is -123?"), -123)

    def test_addition(self):
        self.assertEqual(answer("What is 1 plus 1?"), 2)

    def test_addition_with_a_right_hand_zero(self):
        self.assertEqual(answer("What is 3 plus 0?"), 3)

    def test_division(self):
        self.assertEqual(answer("What is 33 divided by -3?"), -11)

    def test_subtraction_then_addition(self):
        self.assertEqual(answer("What is 17 minus 6 plus 3?"), 14)

    def test_addition_and_multiplication(self):
        self.assertEqual(answer("What is -3 plus 7 multiplied by -2?"), -8)

    def test_reject_two_numbers_in_a_row(self):
        with self.assertRaises(ValueError) as err:
            answer("What is 1 plus 2 1?")
        self.assertEqual(type(err.exception), ValueError)
        self.assertEqual(err.exception.args[0], "syntax error")

    # Additional tests for this track

    def test_5_number_question(self):
        self.assertEqual(
            answer("What is 3 multiplied by 6 minus 2 divided by 4 plus 11?"), 15
        )

    def test_missing_operation(self):
        with self.assertRaises(ValueError) as err:
            answer("What is 2 2 minus 3?")
        self.assertEqual(type(err.exception), ValueError)
        self.assertEqual(err.exception.args[0], "syntax error")

    def test_missing_number(self):
        with self.assertRaises(ValueError) as err:
            answer("What is 7 plus multiplied by -2?")
        self.assertEqual(type(err.exception), ValueError)
        self.assertEqual(err.exception.args[0], "syntax error")
