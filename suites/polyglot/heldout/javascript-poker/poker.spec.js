import { describe, expect, test, xtest } from '@jest/globals';
import { bestHands } from './poker';

describe('Poker', () => {
  test('a tie has multiple winners', () => {
    const hands = [
      '4D 5S 6S 8D 3C',
      '2S 4C 7S 9H 10H',
      '3S 4S 5D 6H JH',
      '3H 4H 5C 6C JD',
    ];
    const expected = ['3S 4S 5D 6H JH', '3H 4H 5C 6C JD'];
    expect(bestHands(hands)).toEqual(expected);
  });

  test('one pair beats high card', () => {
    const hands = ['4S 5H 6C 8D KH', '2S 4H 6S 4D JH'];
    const expected = ['2S 4H 6S 4D JH'];
    expect(bestHands(hands)).toEqual(expected);
  });

  test('highest pair wins', () => {
    const hands = ['4S 2H 6S 2D JH', '2S 4H 6C 4D JD'];
    const expected = ['2S 4H 6C 4D JD'];
    expect(bestHands(hands)).toEqual(expected);
  });

  test('both hands have the same pair, high card wins', () => {
    const hands = ['4H 4S AH JC 3D', '4C 4D AS 5D 6C'];
    const expected = ['4H 4S AH JC 3D'];
    expect(bestHands(hands)).toEqual(expected);
  });

  test('two pairs beats one pair', () => {
    const hands = ['2S 8H 6S 8D JH', '4S 5H 4C 8C 5C'];
    const expected = ['4S 5H 4C 8C 5C'];
    expect(bestHands(hands)).toEqual(expected);
  });

  test('both hands have two pairs, with the same highest ranked pair, tie goes to low pair', () => {
    const hands = ['2S QS 2C QD JH', 'JD QH JS 8D QC'];
    const expected = ['JD QH JS 8D QC'];
    expect(bestHands(hands)).toEqual(expected);
  });

  test('both hands have two identically ranked pairs, tie goes to remaining card (kicker)', () => {
    const hands = ['JD QH JS 8D QC', 'JS QS JC 2D QD'];
    const expected = ['JD QH JS 8D QC'];
    expect(bestHands(hands)).toEqual(expected);
  });

  test('two pairs first ranked by largest pair', () => {
    const hands = ['5C 2S 5S 4H 4C', '6S 2S 6H 7C 2C'];
    const expected = ['6S 2S 6H 7C 2C'];
    expect(bestHands(hands)).toEqual(expected);
  });

  test('both hands have three of a kind, tie goes to highest ranked triplet', () => {
    const hands = ['2S 2H 2C 8D JH', '4S AH AS 8C AD'];
    const expected = ['4S AH AS 8C AD'];
    expect(bestHands(hands)).toEqual(expected);
  });

  test('with multiple decks, two players can have same three of a kind, ties go to highest remaining cards', () => {
    const hands = ['5S AH AS 7C AD', '4S AH AS 8C AD'];
    const expected = ['4S AH AS 8C AD'];
    expect(bestHands(hands)).toEqual(expected);
  });

  test('aces can start a straight (A 2 3 4 5)', () => {
    const hands = ['4S 5H 4C 8D 4H', '4D AH 3S 2D 5C'];
    const expected = ['4D AH 3S 2D 5C'];
    expect(bestHands(hands)).toEqual(expected);
  });

  test('both hands with a straight, tie goes to highest ranked card', () => {
    const hands = ['4S 6C 7S 8D 5H', '5S 7H 8S 9D 6H'];
    const expected = ['5S 7H 8S 9D 6H'];
    expect(bestHands(hands)).toEqual(expected);
  });

  test('four of a kind beats a full house', () => {
    const hands = ['4S 5H 4D 5D 4H', '3S 3H 2S 3D 3C'];
    const expected = ['3S 3H 2S 3D 3C'];
    expect(bestHands(hands)).toEqual(expected);
  });

  test('with multiple decks, both hands with identical four of a kind, tie determined by kicker', () => {
    const hands = ['3S 3H 2S 3D 3C', '3S 3H 4S 3D 3C'];
    const expected = ['3S 3H 4S 3D 3C'];
    expect(bestHands(hands)).toEqual(expected);
  });

  test('aces can start a straight flush (A 2 3 4 5)', () => {
    const hands = ['KS AH AS AD AC', '4H AH 3H 2H 5H'];
    const expected = ['4H AH 3H 2H 5H'];
    expect(bestHands(hands)).toEqual(expected);
  });

});
