import { describe, expect, test, xtest } from '@jest/globals';
import { Scale } from './scale-generator';

describe('ScaleGenerator', () => {
  describe('Chromatic scales', () => {
    test('Chromatic scale with sharps', () => {
      const expected = [
        'C',
        'C#',
        'D',
        'D#',
        'E',
        'F',
        'F#',
        'G',
        'G#',
        'A',
        'A#',
        'B',
      ];
      expect(new Scale('C').chromatic()).toEqual(expected);
    });

  });

  describe('Scales with specified intervals', () => {
    test('Major scale with sharps', () => {
      const expected = ['G', 'A', 'B', 'C', 'D', 'E', 'F#', 'G'];
      expect(new Scale('G').interval('MMmMMMm')).toEqual(expected);
    });

    test('Major scale with flats', () => {
      const expected = ['F', 'G', 'A', 'Bb', 'C', 'D', 'E', 'F'];
      expect(new Scale('F').interval('MMmMMMm')).toEqual(expected);
    });

    test('Minor scale with flats', () => {
      const expected = ['Bb', 'C', 'Db', 'Eb', 'F', 'Gb', 'Ab', 'Bb'];
      expect(new Scale('bb').interval('MmMMmMM')).toEqual(expected);
    });

    test('Enigmatic', () => {
      const expected = ['G', 'G#', 'B', 'C#', 'D#', 'F', 'F#', 'G'];
      expect(new Scale('G').interval('mAMMMmm')).toEqual(expected);
    });
  });
});
