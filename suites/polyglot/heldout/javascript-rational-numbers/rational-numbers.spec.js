import { describe, expect, test, xtest } from '@jest/globals';
import { Rational } from './rational-numbers';

describe('Addition', () => {
  test('Add a positive rational number and a negative rational number', () => {
    const expected = new Rational(-1, 6);
    expect(new Rational(1, 2).add(new Rational(-2, 3))).toEqual(expected);
  });

  test('Add a rational number to its additive inverse', () => {
    const expected = new Rational(0, 1);
    expect(new Rational(1, 2).add(new Rational(-1, 2))).toEqual(expected);
  });
});

describe('Subtraction', () => {
});

describe('Multiplication', () => {
  test('Multiply two negative rational numbers', () => {
    const expected = new Rational(1, 3);
    expect(new Rational(-1, 2).mul(new Rational(-2, 3))).toEqual(expected);
  });

  test('Multiply a rational number by its reciprocal', () => {
    const expected = new Rational(1, 1);
    expect(new Rational(1, 2).mul(new Rational(2, 1))).toEqual(expected);
  });

});

describe('Division', () => {
  test('Divide a positive rational number by a negative rational number', () => {
    const expected = new Rational(-3, 4);
    expect(new Rational(1, 2).div(new Rational(-2, 3))).toEqual(expected);
  });

});

describe('Absolute value', () => {
  test('Absolute value of a rational number is reduced to lowest terms', () => {
    const expected = new Rational(1, 2);
    expect(new Rational(2, 4).abs()).toEqual(expected);
  });
});

describe('Exponentiation of a rational number', () => {
  test('Raise a positive rational number to a positive integer power', () => {
    const expected = new Rational(1, 8);
    expect(new Rational(1, 2).exprational(3)).toEqual(expected);
  });

  test('Raise zero to an integer power', () => {
    const expected = new Rational(0, 1);
    expect(new Rational(0, 1).exprational(5)).toEqual(expected);
  });

  test('Raise a positive rational number to the power of zero', () => {
    const expected = new Rational(1, 1);
    expect(new Rational(1, 2).exprational(0)).toEqual(expected);
  });
});

describe('Exponentiation of a real number to a rational number', () => {
  test('Raise a real number to a negative rational number', () => {
    expect(new Rational(-1, 2).expreal(9)).toBeCloseTo(0.33, 2);
  });
});

describe('Reduction to lowest terms', () => {
  test('Reduce a positive rational number to lowest terms', () => {
    const expected = new Rational(1, 2);
    expect(new Rational(2, 4).reduce()).toEqual(expected);
  });

  test('Reduce a negative rational number to lowest terms', () => {
    const expected = new Rational(-2, 3);
    expect(new Rational(-4, 6).reduce()).toEqual(expected);
  });

  test('Reduce one to lowest terms', () => {
    const expected = new Rational(1, 1);
    expect(new Rational(13, 13).reduce()).toEqual(expected);
  });
});
