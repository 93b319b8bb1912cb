import { describe, expect, test, xtest } from '@jest/globals';
import { Palindromes } from './palindrome-products';

describe('Palindromes', () => {
  test('smallest palindrome from single digit factors', () => {
    const palindromes = Palindromes.generate({ maxFactor: 9, minFactor: 1 });
    const smallest = palindromes.smallest;
    const expected = { value: 1, factors: [[1, 1]] };

    expect(smallest.value).toEqual(expected.value);
    expect(sortFactors(smallest.factors)).toEqual(expected.factors);
  });

  test('smallest palindrome from double digit factors', () => {
    const palindromes = Palindromes.generate({ maxFactor: 99, minFactor: 10 });
    const smallest = palindromes.smallest;
    const expected = { value: 121, factors: [[11, 11]] };

    expect(smallest.value).toEqual(expected.value);
    expect(sortFactors(smallest.factors)).toEqual(expected.factors);
  });

  test('smallest palindrome from triple digit factors', () => {
    const palindromes = Palindromes.generate({
      maxFactor: 999,
      minFactor: 100,
    });
    const smallest = palindromes.smallest;
    const expected = { value: 10201, factors: [[101, 101]] };

    expect(smallest.value).toEqual(expected.value);
    expect(sortFactors(smallest.factors)).toEqual(expected.factors);
  });

  test('smallest palindrome from four digit factors', () => {
    const palindromes = Palindromes.generate({
      maxFactor: 9999,
      minFactor: 1000,
    });
    const smallest = palindromes.smallest;
    const expected = { value: 1002001, factors: [[1001, 1001]] };

    expect(smallest.value).toEqual(expected.value);
    expect(sortFactors(smallest.factors)).toEqual(expected.factors);
  });

});

function sortFactors(factors) {
  return factors.map((f) => f.sort()).sort();
}
