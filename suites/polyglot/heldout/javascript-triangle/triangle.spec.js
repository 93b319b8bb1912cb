import { describe, expect, test, xtest } from '@jest/globals';
import { Triangle } from './triangle';

describe('Triangle', () => {
  describe('equilateral triangle', () => {
    test('all sides are equal', () => {
      const triangle = new Triangle(2, 2, 2);
      expect(triangle.isEquilateral).toBe(true);
    });

    test('all zero sides is not a triangle', () => {
      const triangle = new Triangle(0, 0, 0);
      expect(triangle.isEquilateral).toBe(false);
    });
  });

  describe('isosceles triangle', () => {
    test('first two sides are equal', () => {
      const triangle = new Triangle(4, 4, 3);
      expect(triangle.isIsosceles).toBe(true);
    });

    test('first and last sides are equal', () => {
      const triangle = new Triangle(4, 3, 4);
      expect(triangle.isIsosceles).toBe(true);
    });

  });

  describe('scalene triangle', () => {
    test('no sides are equal', () => {
      const triangle = new Triangle(5, 4, 6);
      expect(triangle.isScalene).toBe(true);
    });

  });
});
