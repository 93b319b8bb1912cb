import { describe, expect, test, xtest } from '@jest/globals';
import { RestAPI } from './rest-api';

describe('Rest API', () => {
  describe('user management', () => {
  });

  describe('iou', () => {
    test('lender owes borrower less than new loan', () => {
      const seedUsers = [
        { name: 'Adam', owes: { Bob: 3 }, owed_by: {}, balance: -3 },
        { name: 'Bob', owes: {}, owed_by: { Adam: 3 }, balance: 3 },
      ];
      const restAPI = new RestAPI({ users: seedUsers });
      const payload = { lender: 'Adam', borrower: 'Bob', amount: 4 };
      const expectedUsers = [
        { name: 'Adam', owes: {}, owed_by: { Bob: 1 }, balance: 1 },
        { name: 'Bob', owes: { Adam: 1 }, owed_by: {}, balance: -1 },
      ];
      expect(restAPI.post('/iou', payload)).toEqual({ users: expectedUsers });
    });
  });
});
