import fc from 'fast-check';
import { programArbitrary } from './fuzzers/arbitraries.js';
import { cloneCase } from './harness/checks.js';
import { build } from './src/index.js';
import { installNodeHostHooks } from './harness/node-host.js';
installNodeHostHooks();
const N = 3000;
let t = performance.now();
const progs = fc.sample(programArbitrary(), { numRuns: N, seed: 1 });
console.log('gen us/case', ((performance.now() - t) * 1000 / N).toFixed(0));
const native = (v, { transfer }) => structuredClone(v, { transfer });
for (let r = 0; r < 2; r++) for (const [name, fn] of [['native', (p) => cloneCase(p, () => build(p), { implementation: native })], ['ref-off', (p) => cloneCase(p, () => build(p), { tiers: false })]]) {
  t = performance.now();
  for (const p of progs) fn(p);
  console.log(name, 'us/case', ((performance.now() - t) * 1000 / N).toFixed(0));
}
