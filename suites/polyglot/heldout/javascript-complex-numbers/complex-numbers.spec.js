import { describe, expect, test, xtest } from '@jest/globals';
import { ComplexNumber } from './complex-numbers';

describe('Complex numbers', () => {
  describe('Real part', () => {
    test('Real part of a purely real number', () => {
      const expected = 1;
      const actual = new ComplexNumber(1, 0).real;

      expect(actual).toEqual(expected);
    });

  });

  describe('Imaginary part', () => {
    test('Imaginary part of a purely real number', () => {
      const expected = 0;
      const actual = new ComplexNumber(1, 0).imag;

      expect(actual).toEqual(expected);
    });

  });

  describe('Arithmetic', () => {
    test('Add purely imaginary numbers', () => {
      const expected = new ComplexNumber(0, 3);
      const actual = new ComplexNumber(0, 1).add(new ComplexNumber(0, 2));

      expect(actual).toEqual(expected);
    });

    test('Add numbers with real and imaginary part', () => {
      const expected = new ComplexNumber(4, 6);
      const actual = new ComplexNumber(1, 2).add(new ComplexNumber(3, 4));

      expect(actual).toEqual(expected);
    });

    test('Subtract numbers with real and imaginary part', () => {
      const expected = new ComplexNumber(-2, -2);
      const actual = new ComplexNumber(1, 2).sub(new ComplexNumber(3, 4));

      expect(actual).toEqual(expected);
    });

    test('Divide purely imaginary numbers', () => {
      const expected = new ComplexNumber(0.5, 0);
      const actual = new ComplexNumber(0, 1).div(new ComplexNumber(0, 2));

      expect(actual).toEqual(expected);
    });
  });

  describe('Absolute value', () => {
    test('Absolute value of a negative purely real number', () => {
      const expected = 5;
      const actual = new ComplexNumber(-5, 0).abs;

      expect(actual).toEqual(expected);
    });

    test('Absolute value of a purely imaginary number with positive imaginary part', () => {
      const expected = 5;
      const actual = new ComplexNumber(0, 5).abs;

      expect(actual).toEqual(expected);
    });

    test('Absolute value of a purely imaginary number with negative imaginary part', () => {
      const expected = 5;
      const actual = new ComplexNumber(0, -5).abs;

      expect(actual).toEqual(expected);
    });
  });

  describe('Complex conjugate', () => {
  });

  describe('Complex exponential function', () => {
  });

  describe('Operations between real numbers and complex numbers', () => {
    test('Add real number to complex number', () => {
      const expected = new ComplexNumber(6, 2);
      const actual = new ComplexNumber(1, 2).add(new ComplexNumber(5, 0));

      expect(actual.real).toBeCloseTo(expected.real);
      expect(actual.imag).toBeCloseTo(expected.imag);
    });

    test('Subtract real number from complex number', () => {
      const expected = new ComplexNumber(1, 7);
      const actual = new ComplexNumber(5, 7).sub(new ComplexNumber(4, 0));

      expect(actual.real).toBeCloseTo(expected.real);
      expect(actual.imag).toBeCloseTo(expected.imag);
    });

    test('Multiply real number by complex number', () => {
      const expected = new ComplexNumber(10, 25);
      const actual = new ComplexNumber(5, 0).mul(new ComplexNumber(2, 5));

      expect(actual.real).toBeCloseTo(expected.real);
      expect(actual.imag).toBeCloseTo(expected.imag);
    });

    test('Divide real number by complex number', () => {
      const expected = new ComplexNumber(2.5, -2.5);
      const actual = new ComplexNumber(5, 0).div(new ComplexNumber(1, 1));

      expect(actual.real).toBeCloseTo(expected.real);
      expect(actual.imag).toBeCloseTo(expected.imag);
    });
  });
});
