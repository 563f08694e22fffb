// The local minimum after fast-check's shrinking (portable/minimize/reduce.js):
// every part a finding does not need goes, one removal at a time, and every
// value it does not need becomes its simplest (simplify.js), while the bug
// stays; nothing it needs goes or changes; the budget caps the runs; and
// reducing always ends.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { reduceProgram } from '../portable/minimize/reduce.js';
import { simplerValues } from '../portable/minimize/simplify.js';
import { fromBytes } from '../src/index.js';
import { randomBytesFrom } from './helpers.js';

const program = {
  schema: 'clonecheck/program@1',
  root: { ref: 0 },
  objects: [
    { kind: 'array', items: [1, { number: '-0' }, { ref: 1 }], props: [{ key: 'x', value: 2 }] },
    { kind: 'object', props: [{ key: 'a', value: { ref: 2 } }] },
    { kind: 'map', entries: [[1, 2]] },
  ],
  sender: [{ on: 'Error.prototype', key: 'name', delete: true }],
  receiver: [{ on: 'Object.prototype', key: 'x', set: {} }],
  deliveries: 2,
};

/** The planted bug: an array holding -0. */
const holdsNegativeZero = async (candidate) => candidate.objects?.some((node) => node.kind === 'array' && node.items.some((item) => item?.number === '-0')) === true;

test('parts a finding does not need go, one removal at a time, and what it needs stays', async () => {
  const { program: reduced } = await reduceProgram(program, holdsNegativeZero, { runs: 1000 });
  assert.deepEqual(reduced, { schema: 'clonecheck/program@1', root: { ref: 0 }, objects: [{ kind: 'array', items: [{ number: '-0' }] }] });
});

test('the budget caps the candidates run, and the program found by then is kept', async () => {
  let runs = 0;
  const { program: reduced, tried } = await reduceProgram(program, async (candidate) => { runs += 1; return holdsNegativeZero(candidate); }, { runs: 3 });
  assert.equal(tried, 3);
  assert.equal(runs, 3);
  assert.ok(await holdsNegativeZero(reduced));
});

test('a program with nothing to spare comes back as it is', async () => {
  const minimal = { schema: 'clonecheck/program@1', root: { ref: 0 }, objects: [{ kind: 'array', items: [{ number: '-0' }] }] };
  assert.deepEqual((await reduceProgram(minimal, holdsNegativeZero, { runs: 100 })).program, minimal);
});

/** The nodes of a program's objects of one kind. @param {any} candidate @param {string} kind */
const nodesOf = (candidate, kind) => (candidate.objects ?? []).filter((/** @type {any} */ node) => node.kind === kind);

test('values the bug does not need go to their simplest: 0, "", default attributes, data for an accessor, simpler keys and fields', async () => {
  const busy = {
    schema: 'clonecheck/program@1',
    root: { ref: 0 },
    objects: [
      { kind: 'array', items: ['hello', 5.5, { ref: 1 }, true, { bigint: '123' }, { string: { repeat: ['ab', 3] } }], props: [{ key: 'extra', value: { number: 'NaN' } }] },
      {
        kind: 'object', class: 'Point', integrity: 'seal',
        props: [
          { key: 'longName', value: { bigint: '-77' }, enumerable: false, writable: false },
          { key: '17', get: { returns: 'got', effects: [{ define: [1, 'q', 1] }], throws: 'TypeError' } },
        ],
      },
      { kind: 'date', time: 1234.5 },
      { kind: 'regexp', source: 'a+b', flags: 'gi', lastIndex: 3 },
      { kind: 'error', type: 'RangeError', message: 'boom', cause: { ref: 2 } },
    ],
    sender: [{ on: 'Object.prototype', key: 'then', get: { returns: 'x' }, enumerable: false }],
  };
  // The planted bug needs an array whose item 2 is an object with a
  // non-enumerable property, a getter (holding anything) and a sender step
  // on Object.prototype; and a RegExp with the flag g, reached from anywhere.
  const bug = async (/** @type {any} */ c) => {
    const array = c.objects?.[c.root?.ref];
    const object = c.objects?.[array?.items?.[2]?.ref];
    return array?.kind === 'array' && object?.kind === 'object'
      && object.props?.some((/** @type {any} */ p) => p.enumerable === false) === true
      && object.props?.some((/** @type {any} */ p) => 'get' in p) === true
      && c.sender?.some((/** @type {any} */ s) => s.on === 'Object.prototype') === true
      && nodesOf(c, 'regexp').some((/** @type {any} */ r) => r.flags.includes('g'));
  };
  assert.ok(await bug(busy));
  // Nothing reaches the RegExp: the bug cannot keep it (a check that the
  // candidate is pruned and validated, not taken as is).
  const { program: reduced, localMinimum } = await reduceProgram(busy, bug, { runs: 2000 });
  assert.equal(localMinimum, true);
  assert.deepEqual(reduced, busy);

  const reached = structuredClone(busy);
  reached.objects[0].items.push({ ref: 3 });
  const result = await reduceProgram(reached, bug, { runs: 2000 });
  assert.equal(result.localMinimum, true);
  assert.deepEqual(result.program, {
    schema: 'clonecheck/program@1',
    root: { ref: 0 },
    objects: [
      { kind: 'array', items: ['', 0, { ref: 1 }, { ref: 2 }] },
      { kind: 'object', props: [{ key: 'a', enumerable: false }, { key: '0', get: {} }] },
      { kind: 'regexp', source: '', flags: 'g' },
    ],
    sender: [{ on: 'Object.prototype', key: 'a' }],
  });
  assert.ok(result.simplified > 10, `${result.simplified} simplifications`);
  assert.ok(result.removed >= 5, `${result.removed} removals`);
});

test('a value the bug needs keeps what makes it special: -0, NaN, a long string, a flag', async () => {
  const special = {
    schema: 'clonecheck/program@1',
    root: { ref: 0 },
    objects: [
      { kind: 'array', items: [{ number: '-0' }, { number: 'NaN' }, 'x'.repeat(40), 12] },
      { kind: 'regexp', source: 'ab', flags: 'dgimsuy' },
    ],
  };
  const bug = async (/** @type {any} */ c) => {
    const items = c.objects?.[0]?.items ?? [];
    return items.some((/** @type {unknown} */ item) => JSON.stringify(item) === '{"number":"-0"}')
      && items.some((/** @type {unknown} */ item) => JSON.stringify(item) === '{"number":"NaN"}')
      && items.some((/** @type {unknown} */ item) => typeof item === 'string' && item.length > 16);
  };
  const { program: reduced, localMinimum } = await reduceProgram(special, bug, { runs: 1000 });
  assert.equal(localMinimum, true);
  // The string halves while it stays longer than 16: 40, 20, then 19 and 18 and 17 (one fewer each).
  assert.deepEqual(reduced, {
    schema: 'clonecheck/program@1', root: { ref: 0 }, objects: [{ kind: 'array', items: [{ number: '-0' }, { number: 'NaN' }, 'a'.repeat(17)] }],
  });
});

test('with a bug that every valid program shows, any program reduces to its root at its simplest, and reducing always ends', async () => {
  const next = randomBytesFrom(0x51de);
  for (let n = 0; n < 100; n++) {
    const program = fromBytes(next(256));
    const { program: reduced, localMinimum } = await reduceProgram(program, async () => true, { runs: 100_000 });
    assert.equal(localMinimum, true, JSON.stringify(program));
    assert.deepEqual(Object.keys(reduced), ['schema', 'root'], JSON.stringify(reduced));
    assert.deepEqual([...simplerValues(reduced.root)], [], JSON.stringify(reduced));
  }
});

test('each Value\'s simpler candidates, simplest first', () => {
  const candidates = (/** @type {unknown} */ value) => [...simplerValues(value)];
  assert.deepEqual(candidates(5.5), [0, 5]);
  assert.deepEqual(candidates(-12), [0, -6]);
  assert.deepEqual(candidates(-0.25), [0]);
  assert.deepEqual(candidates(0), []);
  assert.deepEqual(candidates('abcd'), ['', 'ab', 'abc', 'aaaa']);
  assert.deepEqual(candidates('aa'), ['', 'a']);
  assert.deepEqual(candidates(''), []);
  assert.deepEqual(candidates(true), [false]);
  assert.deepEqual(candidates(false), []);
  assert.deepEqual(candidates(null), []);
  assert.deepEqual(candidates({ undefined: true }), []);
  assert.deepEqual(candidates({ bigint: '-123' }), [{ bigint: '0' }, { bigint: '-61' }]);
  assert.deepEqual(candidates({ number: '-0' }), [0]);
  assert.deepEqual(candidates({ number: 'NaN' }), [0]);
  assert.deepEqual(candidates({ ref: 3 }), [0]);
  assert.deepEqual(candidates({ symbol: 'ab' }), [{ symbol: '' }, { symbol: 'a' }, { symbol: 'aa' }]);
  assert.deepEqual(candidates({ string: { repeat: ['ab', 3] } }), [
    '', 'ababab', { string: { repeat: ['', 3] } }, { string: { repeat: ['a', 3] } }, { string: { repeat: ['aa', 3] } },
    { string: { repeat: ['ab', 0] } }, { string: { repeat: ['ab', 1] } },
  ]);
});

test('a candidate `admits` refuses is passed over: not run, not counted', async () => {
  const withGetter = {
    schema: 'clonecheck/program@1', root: { ref: 0 },
    objects: [{ kind: 'object', props: [{ key: 'a', get: { returns: 1 }, enumerable: false }] }],
  };
  /** @type {any[]} */
  const ran = [];
  const keepsAccessor = (/** @type {any} */ _program, /** @type {any} */ candidate) => candidate.objects?.[0]?.props?.every((/** @type {any} */ p) => 'get' in p) ?? false;
  const result = await reduceProgram(withGetter, async (candidate) => (ran.push(candidate), true), { runs: 100, admits: keepsAccessor });
  assert.ok(ran.every((candidate) => keepsAccessor(undefined, candidate)));
  assert.equal(result.tried, ran.length);
  assert.deepEqual(result.program.objects, [{ kind: 'object', props: [{ key: 'a', get: {} }] }]);
});

test('a root that can move to another object of a cycle, each reaching the other, does not take turns forever', async () => {
  const cycle = {
    schema: 'clonecheck/program@1', root: { ref: 1 },
    objects: [
      { kind: 'array', items: [{ ref: 1 }] },
      { kind: 'set', values: [{ ref: 0 }] },
    ],
  };
  const bothThere = async (/** @type {any} */ candidate) => candidate.objects?.length === 2;
  const { program: reduced, localMinimum, tried } = await reduceProgram(cycle, bothThere, { runs: 1000 });
  assert.equal(localMinimum, true);
  assert.ok(tried < 50, `${tried} candidates`);
  assert.equal(reduced.root.ref, 1);
});

test('a candidate judged in this realm may replace Array.prototype[Symbol.iterator] until its judgement ends', async () => {
  const iterator = Array.prototype[Symbol.iterator];
  // As a program's realm step does in the thread that judges it: in place while the target runs, restored after.
  const pollutesWhileRunning = async (/** @type {any} */ candidate) => {
    Object.defineProperty(Array.prototype, Symbol.iterator, { value: function () {}, writable: true, configurable: true });
    await new Promise((resolve) => setTimeout(resolve, 0));
    Object.defineProperty(Array.prototype, Symbol.iterator, { value: iterator, writable: true, configurable: true });
    return holdsNegativeZero(candidate);
  };
  const { program: reduced, localMinimum } = await reduceProgram(program, pollutesWhileRunning, { runs: 1000 });
  assert.equal(localMinimum, true);
  assert.deepEqual(reduced.objects, [{ kind: 'array', items: [{ number: '-0' }] }]);
});
