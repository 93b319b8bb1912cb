import { describe, expect, test, xtest } from '@jest/globals';
import { count } from './rectangles';

describe('Rectangles', () => {
  test('one rectangle', () => {
    const expected = 1;
    const actual = count(['+-+', '| |', '+-+']);

    expect(actual).toEqual(expected);
  });

  test('five rectangles with shared parts', () => {
    const expected = 5;
    const actual = count(['  +-+', '  | |', '+-+-+', '| | |', '+-+-+']);

    expect(actual).toEqual(expected);
  });

  test('large input with many rectangles', () => {
    const expected = 60;
    const actual = count([
      '+---+--+----+',
      '|   +--+----+',
      '+---+--+    |',
      '|   +--+----+',
      '+---+--+--+-+',
      '+---+--+--+-+',
      '+------+  | |',
      '          +-+',
    ]);

    expect(actual).toEqual(expected);
  });
});
