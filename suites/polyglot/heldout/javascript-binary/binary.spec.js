import { describe, test, expect, xtest } from '@jest/globals';
import { Binary } from './binary';

describe('binary', () => {
  test('10 is decimal 2', () =>
    expect(new Binary('10').toDecimal()).toEqual(2));

  test('100 is decimal 4', () =>
    expect(new Binary('100').toDecimal()).toEqual(4));

  test('1001 is decimal 9', () =>
    expect(new Binary('1001').toDecimal()).toEqual(9));

  test('10001101000 is decimal 1128', () =>
    expect(new Binary('10001101000').toDecimal()).toEqual(1128));

  test('ignores leading zeros', () =>
    expect(new Binary('00011111').toDecimal()).toEqual(31));
});
