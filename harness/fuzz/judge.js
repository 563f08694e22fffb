// The verdict of one program on some targets: each target's channel reshapes
// the program (harness/targets/programs.js), the oracle (the reference, spec
// path only) clones the reshaped program, the target clones a fresh build of
// the same program, and the two case observations are compared. Crashes and
// timeouts are not decided here: the worker pool sees them (pool.js).

import { build, countSelection, selectTier } from '../../src/index.js';
import { cloneCaseAsync, deviations, referenceClone, settlingCloneFunction } from '../case.js';
import { channels, loadCloneFunction } from '../targets/catalog.js';
import { signatureOf } from '../signature.js';

/**
 * @typedef {object} OpenTarget
 * @property {import('../targets/catalog.js').TargetSpec} spec
 * @property {import('../case.js').SettlingCloneFunction} clone
 * @property {(program: any) => any} prepare
 */

/**
 * @typedef {object} Verdict
 * @property {string} target
 * @property {'pass' | 'deviation' | 'harness-error'} verdict
 * @property {any} program  the program as the target ran it (reshaped by its channel)
 * @property {unknown} [expected]  the oracle's case observation
 * @property {unknown} [actual]  the target's case observation
 * @property {import('../../src/observe/diff.js').Difference[]} [differences]  for a deviation
 * @property {string} [signature]  for a deviation (signature.js)
 * @property {string} [category]  for a deviation: the first difference's category
 * @property {string} [error]  for a harness error: what went wrong
 */

/**
 * @param {import('../targets/catalog.js').TargetSpec[]} specs
 * @returns {Promise<OpenTarget[]>}
 */
export async function openTargets(specs) {
  const open = [];
  for (const spec of specs) open.push({ spec, clone: await loadCloneFunction(spec), prepare: channels[spec.channel] });
  return open;
}

/**
 * The oracle as a clone function: the reference's spec path. With `coverage`,
 * it first counts which tier would have taken the value and why the tiers
 * before it refused (the guard coverage of the generated cases).
 * @param {Record<string, Record<string, number>> | undefined} coverage
 * @returns {import('../case.js').SettlingCloneFunction}
 */
function oracleClone(coverage) {
  const specPath = referenceClone({ tiers: false });
  return settlingCloneFunction({
    default: (value, options) => {
      if (coverage !== undefined) countSelection(coverage, selectTier(value, options));
      return specPath(value, options);
    },
  });
}

/**
 * Runs one program on every target and returns a verdict per target.
 * @param {any} program a valid program
 * @param {OpenTarget[]} targets
 * @param {{coverage?: Record<string, Record<string, number>>, onTarget?: (index: number) => void}} [options]
 *   `onTarget(i)` is called before target i runs (the pool's watchdog uses it)
 * @returns {Promise<Verdict[]>}
 */
export async function judge(program, targets, { coverage, onTarget } = {}) {
  /** @type {Map<Function, {program: any, expected: unknown}>} one oracle run per channel */
  const oracles = new Map();
  const verdicts = [];
  for (let i = 0; i < targets.length; i++) {
    const { spec, clone, prepare } = targets[i];
    onTarget?.(i);
    let prepared = program;
    try {
      let oracle = oracles.get(prepare);
      if (oracle === undefined) {
        prepared = prepare(program);
        const expected = await cloneCaseAsync(prepared, () => build(prepared), oracleClone(oracles.size === 0 ? coverage : undefined));
        oracle = { program: prepared, expected };
        oracles.set(prepare, oracle);
      }
      prepared = oracle.program;
      const actual = await cloneCaseAsync(prepared, () => build(prepared), clone);
      const differences = deviations(oracle.expected, actual);
      if (differences.length === 0) {
        verdicts.push({ target: spec.name, verdict: 'pass', program: prepared });
      } else {
        const { signature, category } = signatureOf(spec.name, differences);
        verdicts.push({
          target: spec.name, verdict: 'deviation', program: prepared, expected: oracle.expected, actual, differences, signature, category,
        });
      }
    } catch (error) {
      verdicts.push({
        target: spec.name, verdict: 'harness-error', program: prepared, error: error instanceof Error ? String(error.stack) : String(error),
      });
    }
  }
  return verdicts;
}
