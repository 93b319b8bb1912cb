import { describe, expect, test, xtest } from '@jest/globals';
import { convert } from './ocr-numbers';

describe('ocr', () => {
  test('recognizes five', () => {
    expect(
      // prettier-ignore
      convert(
        ' _ \n' +
        '|_ \n' +
        ' _|\n' +
        '   '
      ),
    ).toBe('5');
  });

  test('recognizes seven', () => {
    expect(
      // prettier-ignore
      convert(
        ' _ \n' +
        '  |\n' +
        '  |\n' +
        '   '
      ),
    ).toBe('7');
  });

});
