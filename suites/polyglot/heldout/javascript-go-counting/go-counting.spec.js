import { describe, expect, test, xtest } from '@jest/globals';
import { GoCounting } from './go-counting';

describe('Go Counting', () => {
  describe('getTerritory', () => {
    test('Open corner territory on 5x5 board', () => {
      const board = ['  B  ', ' B B ', 'B W B', ' W W ', '  W  '];
      const goCounting = new GoCounting(board);
      const expectedTerritory = {
        owner: 'NONE',
        territory: [
          [0, 3],
          [0, 4],
          [1, 4],
        ],
      };
      expect(goCounting.getTerritory(1, 4)).toEqual(expectedTerritory);
    });

    test('Invalid because X is too high for 5x5 board', () => {
      const board = ['  B  ', ' B B ', 'B W B', ' W W ', '  W  '];
      const goCounting = new GoCounting(board);
      const expectedTerritory = { error: 'Invalid coordinate' };
      expect(goCounting.getTerritory(5, 1)).toEqual(expectedTerritory);
    });

    test('Invalid because Y is too high for 5x5 board', () => {
      const board = ['  B  ', ' B B ', 'B W B', ' W W ', '  W  '];
      const goCounting = new GoCounting(board);
      const expectedTerritory = { error: 'Invalid coordinate' };
      expect(goCounting.getTerritory(1, 5)).toEqual(expectedTerritory);
    });
  });

  describe('getTerritories', () => {
    test('Two territory rectangular board', () => {
      const board = [' BW ', ' BW '];
      const goCounting = new GoCounting(board);
      const expectedTerritories = {
        territoryBlack: [
          [0, 0],
          [0, 1],
        ],
        territoryWhite: [
          [3, 0],
          [3, 1],
        ],
        territoryNone: [],
      };
      expect(goCounting.getTerritories()).toEqual(expectedTerritories);
    });
  });
});
