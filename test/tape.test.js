// The observation tape (src/observe/tape.js): two tapes are the same exactly
// when their observations are, and two observed cases that `sameObservedCase`
// calls the same have the same case observation. That is what lets the fuzzer
// skip making JSON for the cases that pass.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { programArbitrary } from '../fuzzers/programs.js';
import { judgeableHere } from '../portable/targets/programs.js';
import {
  build, canonicalJSON, caseObservationOf, observeCase, sameJSON, sameObservedCase, structuredClone as referenceClone,
} from '../src/index.js';
import { observe, observeGraph } from '../src/observe/observe.js';
import { observationOf, sameTape } from '../src/observe/tape.js';
import { installNodeHostHooks } from '../portable/hosts/node-host.js';

installNodeHostHooks();

/** Values that differ from some other value in the list in one field only. */
function nearValues() {
  const buffer = new ArrayBuffer(4, { maxByteLength: 8 });
  const detached = new ArrayBuffer(4);
  structuredClone(detached, { transfer: [detached] });
  const getter = { get a() { return 1; } };
  const frozen = Object.freeze({ a: 1 });
  const shared = { a: 1 };
  return [
    undefined, null, true, false, 0, -0, NaN, 1, '1', 1n, '', 'a', 'b', 'x'.repeat(300), 'x'.repeat(301), Symbol('a'), Symbol(),
    [], [1], ['1'], [, 1], [undefined, 1], [1, , ], Object.assign([1], { a: 1 }), // eslint-disable-line no-sparse-arrays
    {}, { a: 1 }, { a: '1' }, { b: 1 }, { a: 1, b: 2 }, { b: 2, a: 1 }, getter, frozen, Object.seal({ a: 1 }),
    Object.preventExtensions({ a: 1 }), Object.create(null), Object.defineProperty({}, 'a', { value: 1, enumerable: false }),
    { [Symbol('a')]: 1 }, { '@@a': 1 }, [shared, shared], [{ a: 1 }, { a: 1 }],
    new Map([[1, 2]]), new Map([[2, 1]]), new Map(), new Set([1]), new Set(['1']), new Set(),
    new Date(0), new Date(1), new Date(NaN), /a/g, /a/, /b/g, new Number(1), new String('1'), new Boolean(false),
    new ArrayBuffer(2), new Uint8Array([1, 2]).buffer, new Uint8Array([2, 1]).buffer, buffer, detached,
    new Uint8Array(buffer), new Uint8Array(buffer, 0, 2), new DataView(buffer), new Int8Array(2), new Uint8Array(2),
    new Error('a'), new TypeError('a'), new Error('b'), () => {}, new Proxy({}, {}),
  ];
}

test('two tapes are the same exactly when their observations are the same JSON', () => {
  const values = nearValues();
  const tapes = values.map((v) => observeGraph(v).tape);
  const texts = values.map((v) => canonicalJSON(observe(v)));
  for (let i = 0; i < values.length; i++) {
    assert.equal(canonicalJSON(observationOf(tapes[i])), texts[i]);
    for (let j = 0; j < values.length; j++) {
      assert.equal(sameTape(tapes[i], tapes[j]), texts[i] === texts[j], `values ${i} and ${j}: ${texts[i]} vs ${texts[j]}`);
    }
  }
});

/**
 * The observed case of a program cloned by `clone`, with the receiver's set-up in place.
 * @param {any} program
 * @param {(value: unknown, options: {transfer: unknown[], forStorage: boolean}) => unknown} clone
 */
function observedCase(program, clone) {
  // As a Node target runs a generated program (an OffscreenCanvas, which Node lacks, an ordinary object).
  const built = build(judgeableHere(program));
  try {
    built.setupReceiver();
    const options = { __proto__: null, transfer: built.transfer, forStorage: program.forStorage === true };
    return observeCase({ input: built.value, effects: built.effects, clone: () => clone(built.value, options) });
  } finally {
    built.restore();
  }
}

test('sameObservedCase says "the same" only of cases whose case observations are the same, and of every such case whose input did not change', () => {
  const hostClone = structuredClone;
  const spec = (value, { transfer, forStorage }) => referenceClone(value, { tiers: false, transfer, forStorage });
  const others = {
    tiers: (value, { transfer, forStorage }) => referenceClone(value, { tiers: true, transfer, forStorage }),
    host: (value, { transfer }) => hostClone(value, { __proto__: null, transfer }),
    // Changes its input besides what the program's getters change: on top of their changes.
    mutating: (value, options) => {
      const clone = spec(value, options);
      if (typeof value === 'object' && value !== null) Reflect.defineProperty(value, 'mutated', { __proto__: null, value: 1 });
      return clone;
    },
  };
  const names = Object.keys(others);
  const counts = { same: 0, different: 0, undecided: 0, bothChangedApart: 0 };
  const programs = fc.sample(programArbitrary().map(judgeableHere), { seed: 12, numRuns: 3000 });
  for (let i = 0; i < programs.length; i++) {
    const expected = observedCase(programs[i], spec);
    const actual = observedCase(programs[i], others[names[i % names.length]]);
    const same = sameJSON(caseObservationOf(expected), caseObservationOf(actual));
    const said = sameObservedCase(expected, actual);
    if (said) assert.ok(same, `program ${i}: called the same, but the case observations differ`);
    if (expected.inputUnchanged && actual.inputUnchanged) assert.equal(said, same, `program ${i}`);
    counts[said ? 'same' : same ? 'undecided' : 'different'] += 1;
    if (!expected.inputUnchanged && !actual.inputUnchanged && !same) counts.bothChangedApart += 1;
  }
  // Every answer occurs, and inputs that both changed, differently: each rule above was tested.
  assert.ok(counts.same > 100 && counts.different > 100 && counts.bothChangedApart > 10, JSON.stringify(counts));
});
