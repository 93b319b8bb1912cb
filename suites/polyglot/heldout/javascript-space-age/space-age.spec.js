import { describe, expect, test, xtest } from '@jest/globals';
import { age } from './space-age';

describe('Space Age', () => {
  test('age on Mars', () => {
    expect(age('mars', 2129871239)).toEqual(35.88);
  });

  test('age on Saturn', () => {
    expect(age('saturn', 2000000000)).toEqual(2.15);
  });

});
