import { beforeEach, describe, expect, test, xtest } from '@jest/globals';
import { Forth } from './forth';

describe('Forth', () => {
  let forth;

  beforeEach(() => {
    forth = new Forth();
  });

  describe('parsing and numbers', () => {
  });

  describe('addition', () => {
    test('more than two values on the stack', () => {
      forth.evaluate('1 2 3 +');
      expect(forth.stack).toEqual([1, 5]);
    });
  });

  describe('subtraction', () => {
    test('more than two values on the stack', () => {
      forth.evaluate('1 12 3 -');
      expect(forth.stack).toEqual([1, 9]);
    });
  });

  describe('multiplication', () => {
    test('errors if there is nothing on the stack', () => {
      expect(() => {
        forth.evaluate('*');
      }).toThrow(new Error('Stack empty'));
    });

    test('errors if there is only one value on the stack', () => {
      expect(() => {
        forth.evaluate('1 *');
      }).toThrow(new Error('Only one value on the stack'));
    });
  });

  describe('division', () => {
    test('can divide two numbers', () => {
      forth.evaluate('12 3 /');
      expect(forth.stack).toEqual([4]);
    });

    test('errors if dividing by zero', () => {
      expect(() => {
        forth.evaluate('4 0 /');
      }).toThrow(new Error('Division by zero'));
    });

    test('errors if there is nothing on the stack', () => {
      expect(() => {
        forth.evaluate('/');
      }).toThrow(new Error('Stack empty'));
    });

    test('more than two values on the stack', () => {
      forth.evaluate('1 12 3 /');
      expect(forth.stack).toEqual([1, 4]);
    });
  });

  describe('combined arithmetic', () => {
    test('multiplication and division', () => {
      forth.evaluate('2 4 * 3 /');
      expect(forth.stack).toEqual([2]);
    });

  });

  describe('dup', () => {
    test('copies the top value on the stack', () => {
      forth.evaluate('1 2 dup');
      expect(forth.stack).toEqual([1, 2, 2]);
    });
  });

  describe('drop', () => {
    test('removes the top value on the stack if it is not the only one', () => {
      forth.evaluate('1 2 drop');
      expect(forth.stack).toEqual([1]);
    });
  });

  describe('swap', () => {
    test('swaps the top two values on the stack if they are the only ones', () => {
      forth.evaluate('1 2 swap');
      expect(forth.stack).toEqual([2, 1]);
    });

  });

  describe('over', () => {
    test('errors if there is nothing on the stack', () => {
      expect(() => {
        forth.evaluate('over');
      }).toThrow(new Error('Stack empty'));
    });

    test('errors if there is only one value on the stack', () => {
      expect(() => {
        forth.evaluate('1 over');
      }).toThrow(new Error('Only one value on the stack'));
    });
  });

  describe('user-defined words', () => {
    test('can use different words with the same name', () => {
      forth.evaluate(': foo 5 ;');
      forth.evaluate(': bar foo ;');
      forth.evaluate(': foo 6 ;');
      forth.evaluate('bar foo');
      expect(forth.stack).toEqual([5, 6]);
    });

  });

  describe('case-insensitivity', () => {
    test('DUP is case-insensitive', () => {
      forth.evaluate('1 DUP Dup dup');
      expect(forth.stack).toEqual([1, 1, 1, 1]);
    });

  });
});
