import { describe, expect, test, xtest } from '@jest/globals';
import { createEntry, formatEntries } from './ledger';

describe('Ledger', () => {
  test('one entry', () => {
    let currency = 'USD';
    let locale = 'en-US';
    let entries = [createEntry('2015-01-01', 'Buy present', -1000)];
    let expected = [
      'Date       | Description               | Change       ',
      '01/01/2015 | Buy present               |      ($10.00)',
    ].join('\n');
    expect(formatEntries(currency, locale, entries)).toEqual(expected);
  });

  test('Dutch locale and euros', () => {
    let currency = 'EUR';
    let locale = 'nl-NL';
    let entries = [createEntry('2015-03-12', 'Buy present', 123456)];
    let expected = [
      'Datum      | Omschrijving              | Verandering  ',
      '12-03-2015 | Buy present               |   € 1.234,56 ',
    ].join('\n');
    expect(formatEntries(currency, locale, entries)).toEqual(expected);
  });

  test('Dutch negative number with 3 digits before decimal point', () => {
    let currency = 'USD';
    let locale = 'nl-NL';
    let entries = [createEntry('2015-03-12', 'Buy present', -12345)];
    let expected = [
      'Datum      | Omschrijving              | Verandering  ',
      '12-03-2015 | Buy present               |    $ -123,45 ',
    ].join('\n');
    expect(formatEntries(currency, locale, entries)).toEqual(expected);
  });

  test('American negative number with 3 digits before decimal point', () => {
    let currency = 'USD';
    let locale = 'en-US';
    let entries = [createEntry('2015-03-12', 'Buy present', -12345)];
    let expected = [
      'Date       | Description               | Change       ',
      '03/12/2015 | Buy present               |     ($123.45)',
    ].join('\n');
    expect(formatEntries(currency, locale, entries)).toEqual(expected);
  });
});
