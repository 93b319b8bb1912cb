# These tests are auto-generated with test data from:
# https://github.com/exercism/problem-specifications/tree/main/exercises/connect/canonical-data.json
# File last updated on 2026-05-01

import unittest

from connect import (
    ConnectGame,
)


class ConnectTest(unittest.TestCase):

    def test_nobody_wins_crossing_adjacent_angles(self):
        game = ConnectGame(
            """X . . .
                . X O .
                 O . X O
                  . O . X
                   . . O ."""
        )
        winner = game.get_winner()
        self.assertEqual(winner, "")

    def test_x_wins_crossing_from_left_to_right(self):
        game = ConnectGame(
            """. O . .
                O X X X
                 O X O .
                  X X O X
                   . O X ."""
        )
        winner = game.get_winner()
        self.assertEqual(winner, "X")

    def test_x_wins_with_left_hand_dead_end_fork(self):
        game = ConnectGame(
            """. . X .
                X X . .
                 . X X X
                  O O O O"""
        )
        winner = game.get_winner()
        self.assertEqual(winner, "X")

