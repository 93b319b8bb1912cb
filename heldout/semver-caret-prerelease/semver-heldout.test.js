'use strict';

const { test } = require('node:test');
const assert = require('node:assert/strict');
const semver = require('../src/index.js');

function check(range, yes, no) {
  for (const v of yes) assert.ok(semver.satisfies(v, range), `${v} should satisfy ${range}`);
  for (const v of no) assert.ok(!semver.satisfies(v, range), `${v} should not satisfy ${range}`);
}

test('the precedence example of semver.org', () => {
  const ordered = ['1.0.0-alpha', '1.0.0-alpha.1', '1.0.0-alpha.beta', '1.0.0-beta', '1.0.0-beta.2',
    '1.0.0-beta.11', '1.0.0-rc.1', '1.0.0'];
  for (let i = 0; i < ordered.length; i++) {
    for (let j = 0; j < ordered.length; j++) {
      assert.equal(semver.compare(ordered[i], ordered[j]), Math.sign(i - j), `${ordered[i]} vs ${ordered[j]}`);
    }
  }
  assert.deepEqual(semver.sort([...ordered].reverse()), ordered);
});

test('numeric identifiers rank below text; build metadata is ignored', () => {
  assert.equal(semver.compare('1.0.0-1', '1.0.0-a'), -1);
  assert.equal(semver.compare('1.0.0-a.1', '1.0.0-a.1.0'), -1);
  assert.equal(semver.compare('1.0.0-rc.1+b1', '1.0.0-rc.1+b2'), 0);
  assert.ok(semver.eq('2.0.0-x.7.z.92', '2.0.0-x.7.z.92+meta'));
  assert.ok(semver.gt('1.0.0-beta.11', '1.0.0-beta.2'));
  assert.ok(semver.gt('1.0.1-alpha', '1.0.0'));
});

test('caret ranges below 1.0.0 and partial caret ranges', () => {
  check('^0.1.0', ['0.1.0', '0.1.7'], ['0.2.0', '0.0.9']);
  check('^0.0', ['0.0.0', '0.0.9'], ['0.1.0']);
  check('^0.0.x', ['0.0.1', '0.0.9'], ['0.1.0']);
  check('^0.x', ['0.0.1', '0.9.0'], ['1.0.0']);
  check('^0.3', ['0.3.0', '0.3.12'], ['0.4.0', '0.2.9']);
  check('^1.x', ['1.0.0', '1.99.0'], ['2.0.0']);
  check('^0.0.3 || ^2.1.0', ['0.0.3', '2.4.0'], ['0.0.4', '3.0.0', '1.0.0']);
});

test('prereleases in ranges', () => {
  check('^0.2.3-beta', ['0.2.3-beta', '0.2.3-beta.2', '0.2.3', '0.2.5'], ['0.2.5-beta', '0.3.0', '0.2.3-alpha']);
  check('~1.2.3-beta.2', ['1.2.3-beta.4', '1.2.3', '1.2.9'], ['1.2.4-beta', '1.2.3-beta.1', '1.3.0']);
  check('*', ['0.0.0', '3.1.4'], ['1.0.0-beta']);
  check('1.2.3-rc.1', ['1.2.3-rc.1'], ['1.2.3', '1.2.3-rc.2']);
  check('<2.0.0', ['1.9.9'], ['2.0.0-rc.1', '1.5.0-beta']);
  check('>=1.0.0-0 <1.0.0 || >=2.0.0-0', ['1.0.0-alpha', '2.0.0-0', '2.3.0'], ['1.0.0', '2.3.0-beta']);
});

test('maxSatisfying leaves prereleases out unless the range names one', () => {
  assert.equal(semver.maxSatisfying(['1.2.2', '1.2.3-beta', '2.0.0-rc.1'], '^1.2.0'), '1.2.2');
  assert.equal(semver.maxSatisfying(['1.2.3-alpha.1', '1.2.3-alpha.10', '1.2.3-alpha.9'], '>=1.2.3-alpha.0 <1.2.3'),
    '1.2.3-alpha.10');
  assert.equal(semver.maxSatisfying(['0.0.3', '0.0.4', '0.1.0'], '^0.0.3'), '0.0.3');
  assert.equal(semver.maxSatisfying(['0.4.0-rc.1', '0.3.9'], '^0.3.0'), '0.3.9');
});
