#!/usr/bin/env node
// Are the tiers real shortcuts? Times the reference structuredClone with tiers
// on and off (and the host's structuredClone, for context) on the seed shapes
// the engines optimized for, side by side in one process.
//
// Each timed call is the whole public call, `structuredClone(value, {tiers})`:
// option handling, every guard tried, tier selection and the clone itself.
// Rounds alternate between the three clones so that drift (GC, frequency
// scaling, JIT tiering) hits all of them alike; the median round is reported.
//
// By default the reference runs as the harness runs it, with Node's host hooks
// (util.types answers which internal slots an object has); --brand-checks times
// it as any other host would run it, classifying objects by brand checks alone.
//
// usage: node harness/bench/tiers.js [--json] [--rounds N] [--round-ms MS] [--brand-checks]

import { parseArgs } from 'node:util';
import { structuredClone as referenceClone, selectTier } from '../../src/index.js';
import { installNodeHostHooks } from '../../portable/hosts/node-host.js';
import { median } from './median.js';

const { values: args } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    rounds: { type: 'string', default: '7' },
    'round-ms': { type: 'string', default: '40' },
    'brand-checks': { type: 'boolean', default: false },
  },
});
if (!args['brand-checks']) installNodeHostHooks();
const ROUNDS = Number(args.rounds);
const ROUND_MS = Number(args['round-ms']);

/** @param {number} n @param {(i: number) => unknown} f */
const list = (n, f) => Array.from({ length: n }, (_, i) => f(i));

/** The seed shapes: name → value (built once; every clone reads the same value). */
const CASES = {
  '[10 ints]': list(10, (i) => i * 7),
  '[100 ints]': list(100, (i) => i * 7),
  '[1000 ints]': list(1000, (i) => i * 7),
  '[10 doubles]': list(10, (i) => i + 0.5),
  '[100 doubles]': list(100, (i) => i + 0.5),
  '[1000 doubles]': list(1000, (i) => i + 0.5),
  '[10 strings]': list(10, (i) => `item-${i}`),
  '[100 strings]': list(100, (i) => `item-${i}`),
  '[10 mixed]': [1, 'two', true, null, undefined, 4.5, 6n, -0, NaN, 'ten'],
  'nested array': list(10, (i) => [i, i + 1, i + 2]),
  '{a: 123}': { a: 123 },
  '[10 flat objects]': list(10, (i) => ({ id: i, name: `user-${i}`, active: i % 2 === 0 })),
  '[100 flat objects]': list(100, (i) => ({ id: i, name: `user-${i}`, active: i % 2 === 0 })),
};

const CLONES = {
  tiers: (value) => referenceClone(value, { tiers: true }),
  spec: (value) => referenceClone(value, { tiers: false }),
  host: (value) => globalThis.structuredClone(value),
};

/**
 * Nanoseconds per call of `clone(value)` over `iterations` calls.
 * @param {(value: unknown) => unknown} clone @param {unknown} value @param {number} iterations
 */
function timeBatch(clone, value, iterations) {
  let sink;
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) sink = clone(value);
  const elapsed = Number(process.hrtime.bigint() - start);
  if (sink === value && typeof value === 'object') throw new Error('clone returned its input');
  return elapsed / iterations;
}

/** How many calls fill one round of ROUND_MS, after a warm-up of about that long. */
function calibrate(clone, value) {
  let iterations = 1;
  for (;;) {
    const perCall = timeBatch(clone, value, iterations);
    if (perCall * iterations > ROUND_MS * 1e6 / 4) return Math.max(1, Math.round(ROUND_MS * 1e6 / perCall));
    iterations *= 4;
  }
}

const results = [];
for (const [name, value] of Object.entries(CASES)) {
  const names = Object.keys(CLONES);
  const iterations = Object.fromEntries(names.map((n) => [n, calibrate(CLONES[n], value)]));
  const samples = Object.fromEntries(names.map((n) => [n, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const n of names) samples[n].push(timeBatch(CLONES[n], value, iterations[n]));
  }
  const ns = Object.fromEntries(names.map((n) => [n, median(samples[n])]));
  results.push({
    case: name,
    tier: selectTier(value, {}).tier?.id ?? 'spec',
    tiersNs: ns.tiers,
    specNs: ns.spec,
    hostNs: ns.host,
    specOverTiers: ns.spec / ns.tiers,
  });
}

if (args.json) {
  process.stdout.write(`${JSON.stringify({
    runtime: `node ${process.version}`, rounds: ROUNDS, roundMs: ROUND_MS, results,
  }, null, 2)}\n`);
} else {
  const fmt = (x) => (x >= 1e4 ? x.toExponential(2) : x.toFixed(0)).padStart(9);
  console.log(`node ${process.version}, ${args["brand-checks"] ? "brand checks only" : "Node host hooks"}, median of ${ROUNDS} rounds of ~${ROUND_MS} ms each, ns/op`);
  console.log(`${'case'.padEnd(20)} ${'tier taken'.padEnd(18)} ${'tiers'.padStart(9)} ${'spec'.padStart(9)} ${'host'.padStart(9)}  spec/tiers`);
  for (const r of results) {
    console.log(`${r.case.padEnd(20)} ${r.tier.padEnd(18)} ${fmt(r.tiersNs)} ${fmt(r.specNs)} ${fmt(r.hostNs)}  ${r.specOverTiers.toFixed(2)}x`);
  }
}
