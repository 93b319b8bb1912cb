'use strict';
// Loaded (NODE_OPTIONS=--require, bench/languages/javascript.py) into every node process of a JavaScript task's
// sandboxes.
//
// In the process that runs `node --test` (the runner: it runs no code under test), it reads the messages each
// test file's own process sends the runner (node:test's v8-serialised stream on the child's stdout) and, when the
// runner exits, prints one line counting the tests that file processes announced (test:enqueue) and reported
// (test:pass / test:fail). node's own summary counts a test file that exits 0 before reporting a test as one
// passing test, and a test file that exits 0 half way (process.exit(0) from the code under test) simply loses
// the tests it had not reported: the line says both (silent files, unfinished tests).
//
// node --test also runs, as test files, every file under a test/ directory: the helpers and fixtures a project
// keeps there report no test, and end by running out of work. So a test file's own process tells the runner
// when it ended that way (its event loop drained: no process.exit, no uncaught exception, and node:test's
// harness, which listens for uncaught exceptions once a test is declared, never started), and a file that
// reports no test is silent unless it ended so and declares no test: neither its name (node's test-file names,
// the profile's _TEST_NAMES) nor its text (it names node:test, the profile's holds_tests) says it holds tests.
//
// In every other node process (a test file's, where the code under test runs) it freezes node:assert and
// node:test, so code under test cannot rewrite the assertions or the test functions a test file uses. Code under
// test that sets out to forge the runner's messages still can (SECURITY.md). Where jest runs test files, it also
// decides which values jest's equality takes for asymmetric matchers (GENUINE, below).
const LINE = '# localagentbench node --test';
const ENDED = 'localagentbench:ended-without-tests';
// node 20's test-file names (test.js, test-*.js, *.test.js, *-test.js, *_test.js) and jest's *.spec.js
const TEST_NAME = /^(test|test-.*|.*[._-](test|spec))\.[cm]?[jt]sx?$/;
const NODE_TEST = /(['"`])node:test\1/;

function declaresTests(file) {
  const fs = require('node:fs');
  if (TEST_NAME.test(require('node:path').basename(file))) return true;
  try {
    const fd = fs.openSync(file, 'r');
    try {
      const head = Buffer.alloc(1 << 20);
      return NODE_TEST.test(head.subarray(0, fs.readSync(fd, head, 0, head.length, 0)).toString('latin1'));
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return true;
  }
}

// Write all of `text` to fd 1, which node leaves non-blocking when it is a pipe: a full pipe (EAGAIN) is waited on
// (a millisecond at a time) until the reader takes it.
function writeLine(fs, text) {
  const data = Buffer.from(text);
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let at = 0; at < data.length;) {
    try {
      at += fs.writeSync(1, data, at, data.length - at);
    } catch (error) {
      if (!error || error.code !== 'EAGAIN') throw error;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}

// One message as node:test's v8 reporter frames it: a serialiser header, the body's size, the body.
function frame(v8, item) {
  const serializer = new v8.Serializer();
  serializer.writeHeader();
  const header = serializer.releaseBuffer();
  const body = v8.serialize(item);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(body.length);
  return Buffer.concat([header, size, body]);
}

function reportEnd() {
  const v8 = require('node:v8');
  const fs = require('node:fs');
  let uncaught = false;
  process.on('uncaughtExceptionMonitor', () => { uncaught = true; });
  process.once('beforeExit', () => {
    if (uncaught || process.listenerCount('uncaughtException') || process.listenerCount('unhandledRejection')) return;
    try {
      fs.writeSync(1, frame(v8, { type: ENDED, data: {} }));
    } catch {
      // the runner has gone: nothing to tell
    }
  });
}

function freezeFramework() {
  for (const name of ['node:assert', 'node:assert/strict', 'node:test']) {
    const exported = require(name);
    Object.freeze(exported);
    for (const key of Object.getOwnPropertyNames(exported)) {
      const desc = Object.getOwnPropertyDescriptor(exported, key);
      if (desc && 'value' in desc && typeof desc.value === 'function') Object.freeze(desc.value);
    }
  }
}

function watchRunner() {
  const v8 = require('node:v8');
  const fs = require('node:fs');
  const { ChildProcess } = require('node:child_process');
  const serializer = new v8.Serializer();
  serializer.writeHeader();
  const header = serializer.releaseBuffer();
  const sizeAt = header.length;
  const bodyAt = header.length + 4;
  const totals = { files: 0, tests: 0, pass: 0, fail: 0, cancelled: 0, skipped: 0, todo: 0, unfinished: 0,
                   silent: 0 };
  const cancelled = new Set(['cancelledByParent', 'aborted', 'testTimeoutFailure']);

  function keyOf(data) {
    return `${data.nesting}\0${data.name}\0${data.file}:${data.line}:${data.column}`;
  }

  function count(item, file) {
    const data = item.data || {};
    if (item.type === 'test:enqueue') {
      file.open.set(keyOf(data), (file.open.get(keyOf(data)) || 0) + 1);
      return;
    }
    if (item.type !== 'test:pass' && item.type !== 'test:fail') return;
    file.reported += 1;
    const key = keyOf(data);
    if (file.open.get(key) > 1) file.open.set(key, file.open.get(key) - 1);
    else file.open.delete(key);
    if (data.details && data.details.type === 'suite') return;
    totals.tests += 1;
    const failure = data.details && data.details.error && data.details.error.failureType;
    if (data.skip !== undefined) totals.skipped += 1;
    else if (data.todo !== undefined) totals.todo += 1;
    else if (cancelled.has(failure)) totals.cancelled += 1;
    else if (item.type === 'test:fail') totals.fail += 1;
    else totals.pass += 1;
  }

  function read(file, chunk) {
    file.buffer = Buffer.concat([file.buffer, chunk]);
    for (;;) {
      const at = file.buffer.indexOf(header);
      if (at === -1) {
        file.buffer = file.buffer.subarray(Math.max(0, file.buffer.length - header.length + 1));
        return;
      }
      file.buffer = file.buffer.subarray(at);
      if (file.buffer.length < bodyAt) return;
      const end = bodyAt + file.buffer.readUInt32BE(sizeAt);
      if (file.buffer.length < end) return;
      let item = null;
      try {
        item = v8.deserialize(file.buffer.subarray(bodyAt, end));
      } catch {
        file.buffer = file.buffer.subarray(1);
        continue;
      }
      file.buffer = file.buffer.subarray(end);
      if (item && item.type === ENDED) file.ended = true;
      else if (item && typeof item === 'object') count(item, file);
    }
  }

  const spawn = ChildProcess.prototype.spawn;
  ChildProcess.prototype.spawn = function witnessedSpawn(options) {
    const result = spawn.apply(this, arguments);
    const env = (options && options.envPairs) || [];
    if (env.includes('NODE_TEST_CONTEXT=child-v8') && this.stdout) {
      const args = (options && options.args) || [];
      const declares = declaresTests(String(args[args.length - 1] || ''));
      const file = { buffer: Buffer.alloc(0), open: new Map(), reported: 0, ended: false };
      totals.files += 1;
      this.stdout.on('data', (chunk) => read(file, Buffer.from(chunk)));
      this.stdout.on('end', () => {
        if (file.reported === 0 && (declares || !file.ended)) totals.silent += 1;
        for (const left of file.open.values()) totals.unfinished += left;
      });
    }
    return result;
  };
  process.on('exit', () => {
    const fields = Object.entries(totals).map(([name, value]) => `${name} ${value}`).join(', ');
    writeLine(fs, `${LINE}: ${fields}\n`);
  });
}

// In jest's own process (the one that runs its CLI and prints its summary), it wraps @jest/core's runCLI as jest's
// CLI loads it and, when the process exits, prints one line of the results runCLI returned (tests run, passed,
// failed, skipped, todo, test files that could not run), or `unfinished 1` when runCLI started and never
// returned: code under test that jest runs in this process (--runInBand, or a single test file) and that ends it
// early with exit status 0 (process.exit, process.reallyExit, an event loop left empty) cannot end it without that
// line. Test files jest runs in worker processes never touch this process. A second line names the tests by
// their full names (describe blocks' titles and the test's, joined by spaces, as jest's results give them) under
// their status (failed, passed, skipped: pending, todo, disabled), from the same results: where the held-out phase's
// tripwire is read (bench/languages/javascript.py).
//
// The line is written on a line of its own (a newline first: a partial line the code under test left cannot swallow
// its start) to the file descriptor 1 the process started with: when fd 1 then names another file (closed and
// reopened on /dev/null) or the write fails, the process exits with status 1 instead of the status it asked for.
const JEST_LINE = '# localagentbench jest';

function jestMain() {
  const main = process.argv[1];
  if (!main) return false;
  let real = main;
  try {
    real = require('node:fs').realpathSync(main);
  } catch {
    return false;
  }
  return /[\\/]jest(?:-cli)?[\\/]bin[\\/]jest(?:\.js)?$/.test(real);
}

function watchJest() {
  const fs = require('node:fs');
  const Module = require('node:module');
  let state = null;   // null: runCLI never called (jest --version); 'running'; then its aggregated results
  let reported = false;
  let lost = false;   // the line could not reach the output the process started with
  const started = identity(fs, 1);

  function report() {
    if (reported || state === null) return;
    reported = true;
    let fields = 'unfinished 1';
    let titles = '';
    if (state !== 'running') {
      const r = state;
      fields = [['tests', r.numTotalTests], ['pass', r.numPassedTests], ['fail', r.numFailedTests],
                ['skipped', r.numPendingTests], ['todo', r.numTodoTests], ['broken', r.numRuntimeErrorTestSuites]]
        .map(([name, value]) => `${name} ${Number(value) || 0}`).join(', ');
      const named = { failed: [], passed: [], skipped: [] };
      for (const file of Array.isArray(r.testResults) ? r.testResults : []) {
        for (const test of (file && Array.isArray(file.testResults)) ? file.testResults : []) {
          const status = test && test.status;
          const list = status === 'failed' ? named.failed : status === 'passed' ? named.passed : named.skipped;
          list.push(String(test && test.fullName));
        }
      }
      titles = `${JEST_LINE} titles: ${JSON.stringify(named)}\n`;
    }
    const now = identity(fs, 1);
    try {
      if (started === null) return;   // started without an output: nothing to keep the line from
      if (now !== started) throw new Error('fd 1 is not the output the process started with');
      writeLine(fs, `\n${JEST_LINE}: ${fields}\n${titles}`);
    } catch {
      lost = true;
    }
  }

  const load = Module._load;
  Module._load = function witnessedLoad(request) {
    const exported = load.apply(this, arguments);
    if (request !== '@jest/core' || !exported || typeof exported.runCLI !== 'function') return exported;
    const runCLI = exported.runCLI;
    async function witnessedRunCLI(...args) {
      state = 'running';
      const out = await runCLI.apply(this, args);
      state = (out && out.results) || 'running';
      return out;
    }
    return new Proxy(exported, {
      get: (target, key, receiver) => (key === 'runCLI' ? witnessedRunCLI : Reflect.get(target, key, receiver)),
    });
  };
  process.on('exit', () => {
    report();
    if (lost) process.exitCode = 1;
  });
  const reallyExit = process.reallyExit;
  process.reallyExit = function witnessedExit(...args) {
    report();
    return reallyExit.apply(process, lost ? [1] : args);
  };
}

// The file a descriptor names (device and inode), or null when it names none.
function identity(fs, fd) {
  try {
    const stat = fs.fstatSync(fd, { bigint: true });
    return `${stat.dev}:${stat.ino}`;
  } catch {
    return null;
  }
}

// In a process where jest runs test files (its workers, or its own process in band), jest-circus's adapter is
// wrapped so that, when a test file is about to load (the environment, expect and the setup files ready), the
// test file's globals (expect, test, it, describe and their hooks) and the matchers expect already has (its own,
// and those the setup files added) can no longer be replaced: code under test the test file imports cannot turn
// `toBe` into a matcher that always passes (expect.extend), or `expect` or `it` into a stand-in. Test files may
// still add matchers of new names.
const JEST_GLOBALS = ['expect', 'test', 'it', 'describe', 'xtest', 'xit', 'xdescribe', 'fit', 'fdescribe',
                      'beforeAll', 'beforeEach', 'afterAll', 'afterEach'];
const MATCHERS = Symbol.for('$$jest-matchers-object');

function lock(target, key) {
  const desc = Object.getOwnPropertyDescriptor(target, key);
  if (!desc || !desc.configurable || !('value' in desc)) return;
  Object.defineProperty(target, key, { value: desc.value, enumerable: desc.enumerable, writable: false,
                                       configurable: false });
}

// The built-ins the matchers call (Object.is for toBe, Object.keys and Array.isArray for toEqual, ...) live in the
// test file's context, where the code under test runs too: their static methods, and the globals naming them,
// are locked as well, so `Object.is = () => true` cannot make every toBe pass. Their prototypes' methods too
// (`Object.prototype.toString = () => '[object RegExp]'` made toEqual compare every two values by their missing
// `source` and `flags`, and pass): each becomes an accessor that returns the method and, assigned through an object
// that inherits it (`Clock.prototype.toString = ...`, `obj.toString = ...`: ordinary code), defines the object's
// own property, as the assignment would have; only the built-in prototype itself refuses. Date is left alone:
// jest's fake timers replace it.
const BUILTINS = ['Object', 'Array', 'Number', 'String', 'Boolean', 'Symbol', 'BigInt', 'Reflect', 'Math', 'JSON',
                  'Map', 'Set', 'WeakMap', 'WeakSet', 'RegExp', 'Error', 'TypeError', 'Promise', 'Proxy',
                  'ArrayBuffer', 'DataView', 'Function'];

// jest's environment global is a Proxy that records every value defined on it after setup as the test file's own
// global and, at teardown, soft-deletes that value's properties (jest 30's globalsCleanup). Locking a built-in's
// name defines it there, so the built-in is first marked as jest marks what it keeps (its protect-from-deletion
// symbol, every property): otherwise Function's and Promise's `name` became getters that recurse without end
// (jest-util's emitAccessWarning reads `constructor.name`), and a timer firing after the test file ended crashed
// jest (javascript-promises: the slower callbacks outlive each race).
const PROTECT = Symbol.for('$$jest-protect-from-deletion');

function lockBuiltins(global) {
  for (const name of BUILTINS) {
    const builtin = global[name];
    if (builtin !== null && (typeof builtin === 'function' || typeof builtin === 'object')
        && !Object.getOwnPropertyDescriptor(builtin, PROTECT)) {
      Object.defineProperty(builtin, PROTECT, { value: [], writable: true, configurable: true, enumerable: false });
    }
    lock(global, name);
    if (builtin === null || (typeof builtin !== 'function' && typeof builtin !== 'object')) continue;
    for (const key of Reflect.ownKeys(builtin)) {
      // methods only: jest itself writes data properties (Error.stackTraceLimit)
      if (typeof Object.getOwnPropertyDescriptor(builtin, key).value === 'function') lock(builtin, key);
    }
    const proto = typeof builtin === 'function' ? Object.getOwnPropertyDescriptor(builtin, 'prototype') : undefined;
    if (proto && proto.value !== null && typeof proto.value === 'object') {
      for (const key of Reflect.ownKeys(proto.value)) lockInherited(proto.value, key);
    }
  }
}

function lockInherited(proto, key) {
  const desc = Object.getOwnPropertyDescriptor(proto, key);
  if (!desc || !desc.configurable || typeof desc.value !== 'function') return;
  const method = desc.value;
  const defineOwn = Object.defineProperty;
  Object.defineProperty(proto, key, {
    get() { return method; },
    set(value) {
      if (this === proto) throw new TypeError(`Cannot assign to read only property '${String(key)}' of a built-in prototype`);
      defineOwn(this, key, { value, writable: true, enumerable: true, configurable: true });
    },
    enumerable: desc.enumerable, configurable: false });
}

function lockJest(global) {
  for (const name of JEST_GLOBALS) lock(global, name);
  lockBuiltins(global);
  const store = global[MATCHERS];
  lock(global, MATCHERS);
  if (!store || typeof store !== 'object' || !store.matchers) return;
  lock(store, 'matchers');
  for (const key of Object.keys(store.matchers)) lock(store.matchers, key);
}

// Asymmetric matchers (expect.any(Number), expect.objectContaining({...})): jest's equality (@jest/expect-utils'
// isAsymmetric) took any value with an `asymmetricMatch` method for one and asked it, on either side, so code under
// test returning `{ asymmetricMatch: () => true }` (or a Proxy, a getter, a custom iterator's item, an
// argument a mock was called with) passed every toEqual on it. Only a matcher the tests' expect made (testsView,
// guardExpect), at the call of a test file (the test file, a setup file, a helper under a test directory or named
// as a test), is one now: each such matcher is frozen (with its class's prototypes) and kept in GENUINE, and
// @jest/expect-utils, as jest's runtime reads it into the test file's realm, asks GENUINE instead. A matcher minted
// by the code under test (`globalThis.expect.anything()`, bound and handed to the tests, reached through a getter,
// a timer, a library's callback) is a plain object.
const GENUINE = new WeakSet();
const genuineHas = WeakSet.prototype.has;
const genuineAdd = WeakSet.prototype.add;
const { apply: reflectApply, getPrototypeOf, ownKeys } = Reflect;
const { freeze, defineProperty, getOwnPropertyDescriptor } = Object;
const OuterError = Error;
// expect's own asymmetric matchers (expect.*, expect.not.*); expect.extend adds more
const MINTS = ['anything', 'any', 'arrayContaining', 'arrayOf', 'closeTo', 'objectContaining', 'stringContaining',
               'stringMatching'];
const EXPECT_UTILS = /[\\/]node_modules[\\/]@jest[\\/]expect-utils[\\/]build[\\/]index\.js$/;
const IS_ASYMMETRIC = "function isAsymmetric(obj) {\n  return !!obj && isA('Function', obj.asymmetricMatch);\n}\n";
const TEST_DIRS = new Set(['__tests__', 'test', 'tests', '__mocks__', '__snapshots__']);

function genuineMatcher(value) {
  return value !== null && (typeof value === 'object' || typeof value === 'function')
    && reflectApply(genuineHas, GENUINE, [value]);
}
module.exports = { genuineMatcher };

// Where the witness is, as an internal module of jest's runtime requires a module of jest's own process
// (jest-runtime's `jest-main:` paths): the rewritten isAsymmetric finds genuineMatcher there.
function guardExpectUtils() {
  const fs = require('node:fs');
  const readFileSync = fs.readFileSync;
  const from = `jest-main://${encodeURIComponent(__filename)}`;
  const replacement = "const __localagentbenchGenuine = (() => { try { return require("
    + JSON.stringify(from) + ").genuineMatcher; } catch { return null; } })();\n"
    + "function isAsymmetric(obj) {\n  return __localagentbenchGenuine ? __localagentbenchGenuine(obj)\n"
    + "    : !!obj && isA('Function', obj.asymmetricMatch);\n}\n";
  // jest's runtime reads a module's source with fs.readFileSync (graceful-fs copies it as it loads, after this)
  fs.readFileSync = function witnessedReadFileSync(file) {
    const data = reflectApply(readFileSync, this, arguments);
    if (typeof file !== 'string' || !EXPECT_UTILS.test(file)) return data;
    const text = Buffer.isBuffer(data) ? data.toString('utf8') : String(data);
    if (!text.includes(IS_ASYMMETRIC)) return data;
    const patched = text.replace(IS_ASYMMETRIC, replacement);
    return Buffer.isBuffer(data) ? Buffer.from(patched, 'utf8') : patched;
  };
}

// The file of the innermost frame below `below` that has one and that `skip` does not pass over: native frames
// (Reflect.apply, Array.prototype.map), code without a file (eval, new Function) and this file are always passed
// over, to the code that called them.
function frameFile(below, skip) {
  const holder = {};
  const prepare = OuterError.prepareStackTrace;
  const limit = OuterError.stackTraceLimit;
  let sites = [];
  try {
    OuterError.prepareStackTrace = (_, trace) => trace;
    OuterError.stackTraceLimit = 64;
    OuterError.captureStackTrace(holder, below);
    sites = holder.stack;
  } finally {
    OuterError.prepareStackTrace = prepare;
    OuterError.stackTraceLimit = limit;
  }
  if (!Array.isArray(sites)) return null;
  for (const site of sites) {
    let file = null;
    try {
      file = site.isNative() ? null : site.getFileName();
    } catch {
      file = null;
    }
    if (!file || file === __filename || skip(file)) continue;
    if (file.startsWith('file://')) {
      try {
        return require('node:url').fileURLToPath(file);
      } catch {
        return null;
      }
    }
    return file;
  }
  return null;
}

// The file of the innermost caller (below `below`) that has one.
function callerFile(below) {
  return frameFile(below, () => false);
}

function testFiles(config, testPath) {
  const path = require('node:path');
  const named = new Set([testPath, ...(config.setupFiles || []), ...(config.setupFilesAfterEnv || [])]);
  const root = config.rootDir;
  return (file) => {
    if (typeof file !== 'string') return false;
    if (named.has(file)) return true;
    if (typeof root !== 'string' || !path.isAbsolute(file)) return false;
    const rel = path.relative(root, file);
    if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) return false;
    const parts = rel.split(path.sep);
    if (parts.includes('node_modules')) return false;
    return TEST_NAME.test(parts[parts.length - 1]) || parts.slice(0, -1).some((part) => TEST_DIRS.has(part));
  };
}

// The test files' `expect` and the code under test's are two objects. The global `expect` is an accessor: read
// from a test file (or through jest's own modules on its behalf: `@jest/globals`) it is TESTS' expect, whose mints
// keep what they make in GENUINE; read from anywhere else (the code under test, `jest.requireActual('expect')`) it
// is jest's expect itself, whose mints make plain objects. The code under test never holds a mint that makes
// matchers, so it cannot hand the tests one to call either (`expect.anything.bind(null)` returned as the function
// under test). The mints, `not`, `extend` and `addEqualityTesters` of jest's expect are locked; equality testers
// come from the tests' expect only.
const SAMPLES = { any: [Number], arrayContaining: [[]], arrayOf: [0], closeTo: [0], objectContaining: [{}],
                  stringContaining: [''], stringMatching: [''] };

// A matcher and its classes' prototypes, not the realm's Object.prototype (the last before null).
function freezeChain(matcher) {
  if (matcher === null || typeof matcher !== 'object') return;
  for (let at = matcher; at !== null && getPrototypeOf(at) !== null; at = getPrototypeOf(at)) freeze(at);
}

// Each mint of `holder` (jest's expect, or its `not`) locked, its class's prototypes frozen now, before the code
// under test runs: `Any.prototype.asymmetricMatch = ...` would otherwise turn every expect.any the tests make
// later into a yes.
function lockMints(holder, names) {
  for (const name of names) {
    const desc = getOwnPropertyDescriptor(holder, name);
    if (!desc || typeof desc.value !== 'function') continue;
    try {
      freezeChain(reflectApply(desc.value, holder, SAMPLES[name] || []));
    } catch {
      // a custom matcher's mint that refuses no arguments: its prototypes are frozen at its first genuine mint
    }
    lock(holder, name);
  }
}

// The file of the code that read a global (below `below`): jest's own modules (under node_modules) passed over too,
// to the code they read it for.
function readerFile(below) {
  return frameFile(below, (file) => /[\\/]node_modules[\\/]/.test(file) || file.startsWith('node:'));
}

// A view of `target` (jest's expect, or its `not`) whose mints (`names`, and those expect.extend adds) keep what
// they make, at a test file's call, in GENUINE; everything else read from `target`. Its Proxy target is a bare
// arrow function, so the view may differ from `target`'s locked properties.
function testsView(target, names, extra) {
  const guarded = new WeakMap();
  const mintOf = (mint) => {
    if (!guarded.has(mint)) {
      const isTest = extra.isTest;
      const guard = function guardedMint(...args) {
        const matcher = reflectApply(mint, target, args);
        if (matcher !== null && typeof matcher === 'object' && isTest(callerFile(guard))) {
          freezeChain(matcher);
          reflectApply(genuineAdd, GENUINE, [matcher]);
        }
        return matcher;
      };
      guarded.set(mint, guard);
    }
    return guarded.get(mint);
  };
  const shell = typeof target === 'function' ? (...args) => args : {};
  return new Proxy(shell, {
    get(_, key) {
      if (Object.prototype.hasOwnProperty.call(extra.own, key)) return extra.own[key];
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' && (names.has(key) || extra.custom.has(key)) ? mintOf(value) : value;
    },
    set: (_, key, value) => Reflect.set(target, key, value, target),
    has: (_, key) => Reflect.has(target, key),
    ownKeys: () => [...new Set([...ownKeys(target), ...ownKeys(shell)])],
    getOwnPropertyDescriptor(_, key) {
      const own = getOwnPropertyDescriptor(shell, key);
      if (own && !own.configurable) return own;
      const desc = getOwnPropertyDescriptor(target, key);
      return desc && { ...desc, configurable: true };
    },
    apply: (_, self, args) => reflectApply(target, self, args),
  });
}

// A custom equality tester answers before the matchers compare anything: `() => true`, added through
// expect.addEqualityTesters or pushed onto the list expect keeps, made every toEqual pass. The list becomes a frozen
// array that only the tests' expect.addEqualityTesters replaces; jest's own refuses.
function guardTesters(global, expect) {
  const store = global[MATCHERS];
  const addTesters = expect.addEqualityTesters;
  const desc = store && typeof store === 'object' ? getOwnPropertyDescriptor(store, 'customEqualityTesters') : null;
  if (typeof addTesters !== 'function' || !desc || !desc.configurable || !Array.isArray(desc.value)) return null;
  let testers = freeze([...desc.value]);
  defineProperty(store, 'customEqualityTesters', { get: () => testers, enumerable: desc.enumerable,
                                                   configurable: false });
  defineProperty(expect, 'addEqualityTesters', {
    value: function addEqualityTesters() {
      throw new TypeError('expect.addEqualityTesters: only the tests may add equality testers');
    },
    writable: false, enumerable: true, configurable: false });
  return function addEqualityTesters(added) {
    if (!Array.isArray(added)) return reflectApply(addTesters, expect, arguments);   // jest's own error
    testers = freeze([...testers, ...added]);
    return undefined;
  };
}

function guardExpect(global, config, testPath, runtime) {
  const expect = global.expect;
  const slot = getOwnPropertyDescriptor(global, 'expect');
  if (typeof expect !== 'function' || !slot || !slot.configurable || getOwnPropertyDescriptor(expect, MINTS_GUARDED)) {
    return;
  }
  defineProperty(expect, MINTS_GUARDED, { value: true });
  const isTest = testFiles(config, testPath);
  const names = new Set(MINTS);
  const custom = new Set();
  const not = expect.not;
  lockMints(expect, MINTS);
  if (not && typeof not === 'object') lockMints(not, MINTS);
  lock(expect, 'not');
  const addTesters = guardTesters(global, expect);
  const extend = expect.extend;
  if (typeof extend === 'function') {
    defineProperty(expect, 'extend', {
      value: function extendLocked(matchers) {
        const out = reflectApply(extend, expect, arguments);
        const added = matchers !== null && typeof matchers === 'object' ? ownKeys(matchers) : [];
        for (const name of added) custom.add(name);
        lockMints(expect, added);
        if (not && typeof not === 'object') lockMints(not, added);
        return out;
      },
      writable: false, enumerable: true, configurable: false });
  }
  const testsNot = not && typeof not === 'object' ? testsView(not, names, { isTest, custom, own: {} }) : not;
  const tests = testsView(expect, names, { isTest, custom,
                                           own: { not: testsNot, ...(addTesters ? { addEqualityTesters: addTesters } : {}) } });
  const expectFor = function expectFor() { return isTest(readerFile(expectFor)) ? tests : expect; };
  defineProperty(global, 'expect', { get: expectFor, enumerable: slot.enumerable, configurable: false });
  // `@jest/globals` hands out the globals jest-circus gave the runtime (jest-runtime's envGlobalsOverride, copied
  // at each require): its `expect` is read the same way, for the file that requires it.
  const globals = runtime && runtime.jestGlobals;
  const override = globals && globals.envGlobalsOverride;
  if (override && typeof override === 'object' && override.expect === expect) {
    defineProperty(override, 'expect', { get: expectFor, enumerable: true, configurable: false });
  }
}
const MINTS_GUARDED = Symbol('localagentbench: mints guarded');

function watchJestAdapter() {
  const Module = require('node:module');
  const load = Module._load;
  const wrapped = new WeakMap();
  Module._load = function witnessedLoad(request, parent) {
    const exported = load.apply(this, arguments);
    if (!exported || typeof exported.default !== 'function'
        || !/jest-circus[\\/]build[\\/]runner\.js$/.test(filename(request, parent))) {
      return exported;
    }
    if (!wrapped.has(exported)) {
      const adapter = exported.default;
      const witnessed = function jestAdapter(globalConfig, config, environment, runtime, testPath) {
        for (const method of ['requireModule', 'unstable_importModule']) {
          const original = runtime[method];
          if (typeof original !== 'function') continue;
          runtime[method] = function witnessedRequire(from) {
            if (environment && environment.global) guardExpect(environment.global, config, testPath, runtime);
            if (from === testPath && environment && environment.global) lockJest(environment.global);
            return original.apply(this, arguments);
          };
        }
        return adapter.apply(this, arguments);
      };
      wrapped.set(exported, new Proxy(exported, {
        get: (target, key, receiver) => (key === 'default' ? witnessed : Reflect.get(target, key, receiver)),
      }));
    }
    return wrapped.get(exported);
  };

  function filename(request, parent) {
    try {
      return Module._resolveFilename(request, parent);
    } catch {
      return '';
    }
  }
}

if (process.env.NODE_TEST_CONTEXT === undefined && process.execArgv.includes('--test')) {
  watchRunner();
} else {
  guardExpectUtils();
  if (process.env.NODE_TEST_CONTEXT === 'child-v8') reportEnd();
  else if (jestMain()) watchJest();
  freezeFramework();
  watchJestAdapter();
}
