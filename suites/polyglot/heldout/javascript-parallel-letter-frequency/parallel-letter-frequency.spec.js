import { describe, expect, test, xtest } from '@jest/globals';
import { parallelLetterFrequency } from './parallel-letter-frequency';

describe('ParallelLetterFrequency', () => {
  test('no texts', async () => {
    const expected = {};
    const actual = parallelLetterFrequency([]);
    await expect(actual).resolves.toEqual(expected);
  });

  test('two texts with multiple letters', async () => {
    const texts = ['ggh', 'hhi'];
    const expected = {
      g: 2,
      h: 3,
      i: 1,
    };
    const actual = parallelLetterFrequency(texts);
    await expect(actual).resolves.toEqual(expected);
  });

  test('ignore letter casing', async () => {
    const texts = ['m', 'M'];
    const expected = {
      m: 2,
    };
    const actual = parallelLetterFrequency(texts);
    await expect(actual).resolves.toEqual(expected);
  });

});
