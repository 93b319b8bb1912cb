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

// localagentbench: this is a refactoring exercise, and the stub already passes every other test. The module the
// tests import, as jest resolves it, must differ from the stub below beyond comments and layout: both are parsed
// by Babel's parser (jest's own transform's) and compared as syntax trees without locations, comments, raw text
// or parentheses.
describe('Refactoring', () => {
  test('the code under test changed from the stub', () => {
    const { parse } = require('@babel/parser');
    const { readFileSync } = require('fs');
    const dropped = new Set(["start", "end", "loc", "range", "extra", "comments", "leadingComments", "trailingComments", "innerComments", "tokens"]);
    const program = (source) =>
      JSON.stringify(parse(source, { sourceType: 'unambiguous', allowReturnOutsideFunction: true }).program,
        (key, value) => (dropped.has(key) ? undefined
          // a stray ";" (an empty statement in a list of statements) is layout
          : Array.isArray(value) ? value.filter((node) => !(node && node.type === 'EmptyStatement')) : value));
    const stub = "class LedgerEntry {\n  constructor() {\n    this.date = undefined;\n    this.description = undefined;\n    this.change = undefined;\n  }\n}\n\nexport function createEntry(date, description, change) {\n  let entry = new LedgerEntry();\n  entry.date = new Date(date);\n  entry.description = description;\n  entry.change = change;\n  return entry;\n}\n\nexport function formatEntries(currency, locale, entries) {\n  let table = '';\n  if (locale === 'en-US') {\n    // Generate Header Row\n    table +=\n      'Date'.padEnd(10, ' ') +\n      ' | ' +\n      'Description'.padEnd(25, ' ') +\n      ' | ' +\n      'Change'.padEnd(13, ' ') +\n      '\\n';\n\n    // Sort entries\n    entries.sort(\n      (a, b) =>\n        a.date - b.date ||\n        a.change - b.change ||\n        a.description.localeCompare(b.description),\n    );\n\n    entries.forEach((entry) => {\n      // Write entry date to table\n      const dateStr = `${(entry.date.getMonth() + 1)\n        .toString()\n        .padStart(2, '0')}/${entry.date\n        .getDate()\n        .toString()\n        .padStart(2, '0')}/${entry.date.getFullYear()}`;\n      table += `${dateStr} | `;\n\n      // Write entry description to table\n      const truncatedDescription =\n        entry.description.length > 25\n          ? `${entry.description.substring(0, 22)}...`\n          : entry.description.padEnd(25, ' ');\n      table += `${truncatedDescription} | `;\n\n      // Write entry change to table\n      let changeStr = '';\n      if (currency === 'USD') {\n        let formatingOptions = {\n          style: 'currency',\n          currency: 'USD',\n          //currencySign: 'accounting',\n          minimumFractionDigits: 2,\n          maximumFractionDigits: 2,\n        };\n        if (entry.change < 0) {\n          changeStr = `(${Math.abs(entry.change / 100).toLocaleString(\n            'en-US',\n            formatingOptions,\n          )})`;\n        } else {\n          changeStr = `${(entry.change / 100).toLocaleString(\n            'en-US',\n            formatingOptions,\n          )} `;\n        }\n      } else if (currency === 'EUR') {\n        let formatingOptions = {\n          style: 'currency',\n          currency: 'EUR',\n          minimumFractionDigits: 2,\n          maximumFractionDigits: 2,\n        };\n        if (entry.change < 0) {\n          changeStr = `(${Math.abs(entry.change / 100).toLocaleString(\n            'en-US',\n            formatingOptions,\n          )})`;\n        } else {\n          changeStr = `${(entry.change / 100).toLocaleString(\n            'en-US',\n            formatingOptions,\n          )} `;\n        }\n      }\n      table += changeStr.padStart(13, ' ');\n      table += '\\n';\n    });\n  } else if (locale === 'nl-NL') {\n    // Generate Header Row\n    table +=\n      'Datum'.padEnd(10, ' ') +\n      ' | ' +\n      'Omschrijving'.padEnd(25, ' ') +\n      ' | ' +\n      'Verandering'.padEnd(13, ' ') +\n      '\\n';\n\n    // Sort entries\n    entries.sort(\n      (a, b) =>\n        a.date - b.date ||\n        a.change - b.change ||\n        a.description.localeCompare(b.description),\n    );\n\n    entries.forEach((entry) => {\n      // Write entry date to table\n      const dateStr = `${entry.date.getDate().toString().padStart(2, '0')}-${(\n        entry.date.getMonth() + 1\n      )\n        .toString()\n        .padStart(2, '0')}-${entry.date.getFullYear()}`;\n      table += `${dateStr} | `;\n\n      // Write entry description to table\n      const truncatedDescription =\n        entry.description.length > 25\n          ? `${entry.description.substring(0, 22)}...`\n          : entry.description.padEnd(25, ' ');\n      table += `${truncatedDescription} | `;\n\n      // Write entry change to table\n      let changeStr = '';\n      if (currency === 'USD') {\n        let formatingOptions = {\n          style: 'currency',\n          currency: 'USD',\n          currencyDisplay: 'narrowSymbol',\n          minimumFractionDigits: 2,\n          maximumFractionDigits: 2,\n        };\n        changeStr = `${(entry.change / 100).toLocaleString(\n          'nl-NL',\n          formatingOptions,\n        )} `;\n      } else if (currency === 'EUR') {\n        let formatingOptions = {\n          style: 'currency',\n          currency: 'EUR',\n          currencyDisplay: 'narrowSymbol',\n          minimumFractionDigits: 2,\n          maximumFractionDigits: 2,\n        };\n        changeStr = `${(entry.change / 100).toLocaleString(\n          'nl-NL',\n          formatingOptions,\n        )} `;\n      }\n      table += changeStr.padStart(13, ' ');\n      table += '\\n';\n    });\n  }\n  return table.replace(/\\n$/, '');\n}\n";
    const now = readFileSync(require.resolve("./ledger"), 'utf8');
    expect(program(now) === program(stub) ? "the code under test is unchanged from the stub (comments and layout aside): this is a refactoring exercise" : 'changed').toBe('changed');
  });
});
