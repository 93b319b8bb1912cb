import { describe, expect, test, xtest } from '@jest/globals';
import { decode, encode } from './affine-cipher';

describe('Affine cipher', () => {
  describe('encode', () => {
    test('encode OMG', () => {
      expect(encode('OMG', { a: 21, b: 3 })).toBe('lvz');
    });

    test('encode O M G', () => {
      expect(encode('O M G', { a: 25, b: 47 })).toBe('hjp');
    });

    test('encode numbers', () => {
      expect(encode('Testing,1 2 3, testing.', { a: 3, b: 4 })).toBe(
        'jqgjc rw123 jqgjc rw',
      );
    });

  });
  describe('decode', () => {
    test('decode with no spaces in input', () => {
      expect(
        decode('swxtjnpvyklruoliejdcblaxkswxmhqzglf', { a: 17, b: 33 }),
      ).toBe('thequickbrownfoxjumpsoverthelazydog');
    });

  });
});
