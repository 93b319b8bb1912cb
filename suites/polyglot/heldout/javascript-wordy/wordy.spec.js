import { describe, expect, test, xtest } from '@jest/globals';
import { answer } from './wordy';

describe('Wordy', () => {
  test('just a zero', () => {
    expect(answer('What is 0?')).toEqual(0);
  });

  test('addition and multiplication', () => {
    expect(answer('What is -3 plus 7 multiplied by -2?')).toEqual(-8);
  });

  test('reject two operations in a row', () => {
    expect(() => answer('What is 1 plus plus 2?')).toThrow(
      new Error('Syntax error'),
    );
  });

});
