import {
  afterEach,
  beforeEach,
  describe,
  expect,
  test,
  xtest,
} from '@jest/globals';
import { Robot } from './robot-name';

const areSequential = (name1, name2) => {
  const alpha1 = name1.substring(0, 2);
  const alpha2 = name2.substring(0, 2);
  const num1 = Number(name1.substring(2, 5));
  const num2 = Number(name2.substring(2, 5));

  const numDiff = num2 - num1;
  const alphaDiff =
    (alpha2.charCodeAt(0) - alpha1.charCodeAt(0)) * 26 +
    (alpha2.charCodeAt(1) - alpha1.charCodeAt(1));

  const totalDiff = alphaDiff * 1000 + numDiff;

  return Math.abs(totalDiff) <= 1;
};

const TOTAL_NUMBER_OF_NAMES =
  26 * // A-Z
  26 * // A-Z
  10 * // 0-9
  10 * // 0-9
  10; // 0-9

describe('Robot', () => {
  let robot;

  beforeEach(() => {
    robot = new Robot();
  });
  afterEach(() => {
    Robot.releaseNames();
  });

  test('should set a unique name after reset', () => {
    const NUMBER_OF_ROBOTS = 10000;
    const usedNames = new Set();

    usedNames.add(robot.name);
    for (let i = 0; i < NUMBER_OF_ROBOTS; i += 1) {
      robot.reset();
      usedNames.add(robot.name);
    }

    expect(usedNames.size).toEqual(NUMBER_OF_ROBOTS + 1);
  });

});
