import { describe, expect, test, xtest } from '@jest/globals';
import { combinations } from './killer-sudoku-helper';

describe('Trivial 1-digit cages', () => {
  test('2', () => {
    const inputCage = {
      sum: 2,
      size: 1,
      exclude: [],
    };
    const expected = [[2]];
    const actual = combinations(inputCage);
    expect(actual).toEqual(expected);
  });

  test('3', () => {
    const inputCage = {
      sum: 3,
      size: 1,
      exclude: [],
    };
    const expected = [[3]];
    const actual = combinations(inputCage);
    expect(actual).toEqual(expected);
  });

  test('5', () => {
    const inputCage = {
      sum: 5,
      size: 1,
      exclude: [],
    };
    const expected = [[5]];
    const actual = combinations(inputCage);
    expect(actual).toEqual(expected);
  });

});

describe('Other cages', () => {
  test('Cage with sum 45 contains all digits 1:9', () => {
    const inputCage = {
      sum: 45,
      size: 9,
      exclude: [],
    };
    const expected = [[1, 2, 3, 4, 5, 6, 7, 8, 9]];
    const actual = combinations(inputCage);
    expect(actual).toEqual(expected);
  });

  test('Cage with several combinations that is restricted', () => {
    const inputCage = {
      sum: 10,
      size: 2,
      exclude: [1, 4],
    };
    const expected = [
      [2, 8],
      [3, 7],
    ];
    const actual = combinations(inputCage);
    expect(actual).toEqual(expected);
  });
});
