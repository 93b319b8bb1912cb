import { describe, expect, test, xtest } from '@jest/globals';
import { recite } from './beer-song';

describe('Beer Song', () => {
  describe('verse', () => {
    describe('single verse', () => {
    });
  });

  describe('lyrics', () => {
    describe('multiple verses', () => {
      test('last three verses', () => {
        expect(recite(2, 3)).toEqual([
          '2 bottles of beer on the wall, 2 bottles of beer.',
          'Take one down and pass it around, 1 bottle of beer on the wall.',
          '',
          '1 bottle of beer on the wall, 1 bottle of beer.',
          'Take it down and pass it around, no more bottles of beer on the wall.',
          '',
          'No more bottles of beer on the wall, no more bottles of beer.',
          'Go to the store and buy some more, 99 bottles of beer on the wall.',
        ]);
      });
    });
  });
});
