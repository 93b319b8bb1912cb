import { describe, expect, test, xtest } from '@jest/globals';
import { TwoBucket } from './two-bucket';

describe('TwoBucket', () => {
  describe('Measure using bucket one of size 3 and bucket two of size 5', () => {
    const buckOne = 3;
    const buckTwo = 5;
    const goal = 1;

    test('start with bucket one', () => {
      // indicates which bucket to fill first
      const starterBuck = 'one';
      const twoBucket = new TwoBucket(buckOne, buckTwo, goal, starterBuck);
      const result = twoBucket.solve();
      // includes the first fill
      expect(result.moves).toEqual(4);
      // which bucket should end up with the desired # of liters
      expect(result.goalBucket).toEqual('one');
      // leftover value in the "other" bucket once the goal has been reached
      expect(result.otherBucket).toEqual(5);
    });

    test('start with bucket two', () => {
      const starterBuck = 'two';
      const twoBucket = new TwoBucket(buckOne, buckTwo, goal, starterBuck);
      const result = twoBucket.solve();
      expect(result.moves).toEqual(8);
      expect(result.goalBucket).toEqual('two');
      expect(result.otherBucket).toEqual(3);
    });
  });

  describe('Measure using bucket one of size 7 and bucket two of size 11', () => {
    const buckOne = 7;
    const buckTwo = 11;
    const goal = 2;

    test('start with bucket one', () => {
      const starterBuck = 'one';
      const twoBucket = new TwoBucket(buckOne, buckTwo, goal, starterBuck);
      const result = twoBucket.solve();
      expect(result.moves).toEqual(14);
      expect(result.goalBucket).toEqual('one');
      expect(result.otherBucket).toEqual(11);
    });

    test('start with bucket two', () => {
      const starterBuck = 'two';
      const twoBucket = new TwoBucket(buckOne, buckTwo, goal, starterBuck);
      const result = twoBucket.solve();
      expect(result.moves).toEqual(18);
      expect(result.goalBucket).toEqual('two');
      expect(result.otherBucket).toEqual(7);
    });
  });

  describe('Measure one step using bucket one of size 1 and bucket two of size 3', () => {
    test('start with bucket two', () => {
      const twoBucket = new TwoBucket(1, 3, 3, 'two');
      const result = twoBucket.solve();
      expect(result.moves).toEqual(1);
      expect(result.goalBucket).toEqual('two');
      expect(result.otherBucket).toEqual(0);
    });
  });

  describe('Measure using bucket one of size 2 and bucket two of size 3', () => {
    test('start with bucket one and end with bucket two', () => {
      const twoBucket = new TwoBucket(2, 3, 3, 'one');
      const result = twoBucket.solve();
      expect(result.moves).toEqual(2);
      expect(result.goalBucket).toEqual('two');
      expect(result.otherBucket).toEqual(2);
    });
  });

  test('Measure using bucket one much bigger than bucket two', () => {
    const twoBucket = new TwoBucket(5, 1, 2, 'one');
    const result = twoBucket.solve();
    expect(result.moves).toEqual(6);
    expect(result.goalBucket).toEqual('one');
    expect(result.otherBucket).toEqual(1);
  });

  test('Measure using bucket one much smaller than bucket two', () => {
    const twoBucket = new TwoBucket(3, 15, 9, 'one');
    const result = twoBucket.solve();
    expect(result.moves).toEqual(6);
    expect(result.goalBucket).toEqual('two');
    expect(result.otherBucket).toEqual(0);
  });

  test('Not possible to reach the goal', () => {
    expect(() => new TwoBucket(6, 15, 5, 'one')).toThrow();
  });

  test('With the same buckets but a different goal, then it is possible', () => {
    const twoBucket = new TwoBucket(6, 15, 9, 'one');
    const result = twoBucket.solve();
    expect(result.moves).toEqual(10);
    expect(result.goalBucket).toEqual('two');
    expect(result.otherBucket).toEqual(0);
  });

  test('Goal larger than both buckets is impossible', () => {
    expect(() => new TwoBucket(5, 7, 8, 'one')).toThrow();
  });
});
