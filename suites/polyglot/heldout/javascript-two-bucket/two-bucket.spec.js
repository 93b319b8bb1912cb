import { describe, expect, test, xtest } from '@jest/globals';
import { TwoBucket } from './two-bucket';

describe('TwoBucket', () => {
  describe('Measure using bucket one of size 3 and bucket two of size 5', () => {
    const buckOne = 3;
    const buckTwo = 5;
    const goal = 1;

  });

  describe('Measure using bucket one of size 7 and bucket two of size 11', () => {
    const buckOne = 7;
    const buckTwo = 11;
    const goal = 2;

  });

  describe('Measure one step using bucket one of size 1 and bucket two of size 3', () => {
  });

  describe('Measure using bucket one of size 2 and bucket two of size 3', () => {
  });

  test('Measure using bucket one much smaller than bucket two', () => {
    const twoBucket = new TwoBucket(3, 15, 9, 'one');
    const result = twoBucket.solve();
    expect(result.moves).toEqual(6);
    expect(result.goalBucket).toEqual('two');
    expect(result.otherBucket).toEqual(0);
  });

  test('With the same buckets but a different goal, then it is possible', () => {
    const twoBucket = new TwoBucket(6, 15, 9, 'one');
    const result = twoBucket.solve();
    expect(result.moves).toEqual(10);
    expect(result.goalBucket).toEqual('two');
    expect(result.otherBucket).toEqual(0);
  });
});
