import { describe, expect, test, xtest } from '@jest/globals';
import { sum } from './sum-of-multiples';

describe('Sum Of Multiples', () => {
  test('more than one factor with multiples within limit', () => {
    expect(sum([3, 5], 10)).toEqual(23);
  });

  test('each multiple is only counted once', () => {
    expect(sum([3, 5], 100)).toEqual(2318);
  });

  test('a much larger limit', () => {
    expect(sum([3, 5], 1000)).toEqual(233168);
  });

  test('one factor is a multiple of another', () => {
    expect(sum([5, 25], 51)).toEqual(275);
  });

  test('the factor 0 does not affect the sum of multiples of other factors', () => {
    expect(sum([3, 0], 4)).toEqual(3);
  });
});
