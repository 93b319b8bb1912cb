import { describe, expect, test, xtest } from '@jest/globals';
import { gamestate } from './state-of-tic-tac-toe';

describe('Won games', () => {
  test('Finished game where X won via right column victory', () => {
    const board = ['OOX', '  X', '  X'];
    const expected = 'win';
    const actual = gamestate(board);
    expect(actual).toEqual(expected);
  });

  test('Finished game where O won via left column victory', () => {
    const board = ['OXX', 'OX ', 'O  '];
    const expected = 'win';
    const actual = gamestate(board);
    expect(actual).toEqual(expected);
  });

  test('Finished game where X won via bottom row victory', () => {
    const board = [' OO', 'O X', 'XXX'];
    const expected = 'win';
    const actual = gamestate(board);
    expect(actual).toEqual(expected);
  });

  test('Finished game where O won via top row victory', () => {
    const board = ['OOO', 'XXO', 'XX '];
    const expected = 'win';
    const actual = gamestate(board);
    expect(actual).toEqual(expected);
  });

  test('Finished game where O won via middle row victory', () => {
    const board = ['XX ', 'OOO', 'X  '];
    const expected = 'win';
    const actual = gamestate(board);
    expect(actual).toEqual(expected);
  });

  test('Finished game where O won via bottom row victory', () => {
    const board = ['XOX', ' XX', 'OOO'];
    const expected = 'win';
    const actual = gamestate(board);
    expect(actual).toEqual(expected);
  });

  test('Finished game where O won via falling diagonal victory', () => {
    const board = ['OXX', 'OOX', 'X O'];
    const expected = 'win';
    const actual = gamestate(board);
    expect(actual).toEqual(expected);
  });

  test('Finished game where O won via rising diagonal victory', () => {
    const board = ['  O', ' OX', 'OXX'];
    const expected = 'win';
    const actual = gamestate(board);
    expect(actual).toEqual(expected);
  });

  test('Finished game where X won via a row and a column victory', () => {
    const board = ['XXX', 'XOO', 'XOO'];
    const expected = 'win';
    const actual = gamestate(board);
    expect(actual).toEqual(expected);
  });
});

describe('Draw games', () => {
});

describe('Ongoing games', () => {
  test('Ongoing game: one move in', () => {
    const board = ['   ', 'X  ', '   '];
    const expected = 'ongoing';
    const actual = gamestate(board);
    expect(actual).toEqual(expected);
  });

});

describe('Invalid boards', () => {
  test('Invalid board: O started', () => {
    const board = ['OOX', '   ', '   '];
    const expected = new Error('Wrong turn order: O started');
    const actual = () => gamestate(board);
    expect(actual).toThrow(expected);
  });

});
