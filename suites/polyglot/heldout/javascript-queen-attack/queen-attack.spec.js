import { describe, expect, test, xtest } from '@jest/globals';
import { QueenAttack } from './queen-attack';

describe('Queens', () => {
  describe('Test creation of Queens with valid and invalid positions', () => {
    test('queen with a valid position', () => {
      const queens = new QueenAttack({ white: [2, 2] });
      expect(queens.white).toEqual([2, 2]);
    });

    test('queen must have positive row', () => {
      const positioning = { white: [-2, 2] };
      const expectedError = 'Queen must be placed on the board';
      expect(() => new QueenAttack(positioning)).toThrow(expectedError);
    });

  });

  describe('Test the ability of one queen to attack another', () => {
    test('cannot attack', () => {
      const queens = new QueenAttack({ white: [2, 4], black: [6, 6] });
      expect(queens.canAttack).toEqual(false);
    });

    test('can attack on same column', () => {
      const queens = new QueenAttack({ white: [4, 5], black: [2, 5] });
      expect(queens.canAttack).toEqual(true);
    });

    test('can attack on second diagonal', () => {
      const queens = new QueenAttack({ white: [2, 2], black: [3, 1] });
      expect(queens.canAttack).toEqual(true);
    });

    test('can attack on third diagonal', () => {
      const queens = new QueenAttack({ white: [2, 2], black: [1, 1] });
      expect(queens.canAttack).toEqual(true);
    });

    test('can attack on sixth diagonal', () => {
      const queens = new QueenAttack({ white: [2, 6], black: [5, 3] });
      expect(queens.canAttack).toEqual(true);
    });
  });

  describe('Test the board visualisation', () => {
    test('board with the black queen at her starting positions', () => {
      const queens = new QueenAttack({ white: [1, 6] });
      const board = [
        '_ _ _ B _ _ _ _',
        '_ _ _ _ _ _ W _',
        '_ _ _ _ _ _ _ _',
        '_ _ _ _ _ _ _ _',
        '_ _ _ _ _ _ _ _',
        '_ _ _ _ _ _ _ _',
        '_ _ _ _ _ _ _ _',
        '_ _ _ _ _ _ _ _',
      ].join('\n');
      expect(queens.toString()).toEqual(board);
    });
  });
});
