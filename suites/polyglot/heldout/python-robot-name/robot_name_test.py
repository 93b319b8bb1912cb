import unittest
import random

from robot_name import Robot


class RobotNameTest(unittest.TestCase):
    # assertRegex() alias to address DeprecationWarning
    # assertRegexpMatches got renamed in version 3.2
    if not hasattr(unittest.TestCase, "assertRegex"):
        assertRegex = unittest.TestCase.assertRegexpMatches

    name_re = r'^[A-Z]{2}\d{3}$'

    def test_name_sticks(self):
        robot = Robot()
        robot.name
        self.assertEqual(robot.name, robot.name)


if __name__ == '__main__':
    unittest.main()
