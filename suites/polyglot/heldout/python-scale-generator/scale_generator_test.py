# These tests are auto-generated with test data from:
# https://github.com/exercism/problem-specifications/tree/main/exercises/scale-generator/canonical-data.json
# File last updated on 2023-07-19

import unittest

from scale_generator import (
    Scale,
)


class ScaleGeneratorTest(unittest.TestCase):

    def test_chromatic_scale_with_flats(self):
        expected = ["F", "Gb", "G", "Ab", "A", "Bb", "B", "C", "Db", "D", "Eb", "E"]
        self.assertEqual(Scale("F").chromatic(), expected)

    # Test scales with specified intervals
    def test_simple_major_scale(self):
        expected = ["C", "D", "E", "F", "G", "A", "B", "C"]
        self.assertEqual(Scale("C").interval("MMmMMMm"), expected)

    def test_major_scale_with_flats(self):
        expected = ["F", "G", "A", "Bb", "C", "D", "E", "F"]
        self.assertEqual(Scale("F").interval("MMmMMMm"), expected)

    def test_locrian_mode(self):
        expected = ["G", "Ab", "Bb", "C", "Db", "Eb", "F", "G"]
        self.assertEqual(Scale("g").interval("mMMmMMM"), expected)

    def test_hexatonic(self):
        expected = ["Db", "Eb", "F", "G", "A", "B", "Db"]
        self.assertEqual(Scale("Db").interval("MMMMMM"), expected)

