import { describe, expect, test, xtest } from '@jest/globals';
import { cost } from './book-store';

describe('Book Store', () => {
  describe('Creating a basket', () => {
    test('five different books', () => {
      const basket = [1, 2, 3, 4, 5];
      expect(cost(basket)).toEqual(3000);
    });

    test('group of four plus group of two is cheaper than two groups of three', () => {
      const basket = [1, 1, 2, 2, 3, 4];
      expect(cost(basket)).toEqual(4080);
    });

    test('two copies of each book', () => {
      const basket = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5];
      expect(cost(basket)).toEqual(6000);
    });

    test('two groups of four and a group of five', () => {
      const basket = [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5];
      expect(cost(basket)).toEqual(8120);
    });
  });
});
