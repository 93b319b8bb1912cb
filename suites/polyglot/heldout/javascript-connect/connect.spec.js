import { describe, expect, test, xtest } from '@jest/globals';
import { Board } from './connect';

describe('Judging a game of connect', () => {
  test('O wins crossing from top to bottom', () => {
    const board = [
      '. O . .',
      ' O X X X',
      '  O O O .',
      '   X X O X',
      '    . O X .',
    ];
    expect(new Board(board).winner()).toEqual('O');
  });

  test('X wins using a convoluted path', () => {
    const board = [
      '. X X . .',
      ' X . X . X',
      '  . X . X .',
      '   . X X . .',
      '    O O O O O',
    ];
    expect(new Board(board).winner()).toEqual('X');
  });

  test('X wins using a spiral path', () => {
    const board = [
      'O X X X X X X X X',
      ' O X O O O O O O O',
      '  O X O X X X X X O',
      '   O X O X O O O X O',
      '    O X O X X X O X O',
      '     O X O O O X O X O',
      '      O X X X X X O X O',
      '       O O O O O O O X O',
      '        X X X X X X X X O',
    ];
    expect(new Board(board).winner()).toEqual('X');
  });
});
