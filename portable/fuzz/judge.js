// The verdict of one program on some targets: each target's channel reshapes
// the program (portable/targets/programs.js), the oracle (the reference, spec
// path only) clones the reshaped program, the target clones a fresh build of
// the same program, and the two case observations are compared. Crashes and
// timeouts are not decided here: the worker pool sees them (harness/pool/pool.js).

import { build, drawn } from '../../src/index.js';
import { hostLimitReason } from '../../src/html/errors.js';
import {
  cloneCaseElsewhere, deliveredObservation, oracleCloneFunction, seenCaseHere, seenDeviations, seenElsewhere, withSpec,
} from '../case/case.js';
import { loadTarget, reshaperOf, reshapingName } from '../targets/load.js';
import { judgeableHere, transferArgument } from '../targets/programs.js';
import { signatureOf } from '../bugs/signature.js';
import { ReceiverDied } from '../targets/receivers/workers.js';
import { errorText } from '../targets/receivers/messages.js';

/**
 * @typedef {object} OpenTarget
 * @property {import('../../harness/targets/catalog.js').TargetSpec} spec
 * @property {import('../targets/load.js').LoadedTarget} loaded
 * @property {(program: any) => any} prepare
 * @property {string} oracleKey  targets with the same key share one oracle run per program
 */

/**
 * @typedef {object} Verdict
 * @property {string} target
 * @property {'pass' | 'deviation' | 'crash' | 'not-applicable' | 'harness-error'} verdict  `crash`: a receiving worker died (the
 *   pool sees the other crashes and the timeouts); `not-applicable`: the reference cannot judge the case on this
 *   host (a HostLimitError: its host's own code fails in the program's realm), so neither a verdict nor a harness error
 * @property {any} program  the program as the target ran it (reshaped by its channel)
 * @property {unknown} [expected]  the oracle's case observation
 * @property {unknown} [actual]  the target's case observation (for several receivers, the first that deviates)
 * @property {import('../../src/observe/diff.js').Difference[]} [differences]  for a deviation
 * @property {string} [signature]  for a deviation (signature.js): the bug
 * @property {string} [shape]  for a deviation (signature.js): the root difference, described
 * @property {string} [category]  for a deviation: the first difference's category
 * @property {string} [error]  for a harness error: what went wrong; for not-applicable: what the reference cannot do
 * @property {string} [detail]  for a crash: how the receiving worker died
 */

/**
 * @param {import('../../harness/targets/catalog.js').TargetSpec[]} specs
 * @returns {Promise<OpenTarget[]>}
 */
export async function openTargets(specs) {
  const open = [];
  for (const spec of specs) {
    const loaded = await loadTarget(spec);
    if (loaded.kind === 'elsewhere') await loaded.start();
    // ref:spec and ref:tiers follow the run's profile too (other implementations ignore it).
    else loaded.clone = withSpec(loaded.clone, spec.profile);
    // The oracle runs where the value lands: here, or in the channel's receiving
    // realm; and it converts the transfer list as the channel's call does, so
    // structuredClone's options.transfer and postMessage's overloaded argument
    // never share one (they differ once Array.prototype[Symbol.iterator] is changed).
    const place = loaded.kind === 'here' ? reshapingName(spec.reshaping) : `${reshapingName(spec.reshaping)} ${spec.moduleURL}`;
    // A module called once per delivery needs an oracle that clones as often.
    const oracleKey = `${place} ${transferArgument(spec)}${loaded.kind === 'here' && loaded.repeats ? ' repeats' : ''}`;
    open.push({ spec, loaded, prepare: reshaperOf(spec.reshaping), oracleKey });
  }
  return open;
}

/**
 * The reference's case observation of a (reshaped) program, taken where the target's value lands.
 * @param {OpenTarget} target
 * @param {any} program
 * @param {Record<string, Record<string, number>> | undefined} coverage
 * @returns {Promise<import('../case/case.js').SeenCase>}
 */
async function oracleObservationWhereValueLands({ spec, loaded }, program, coverage) {
  if (loaded.kind === 'elsewhere') return seenElsewhere(await loaded.oracle(program, coverage, transferArgument(spec), spec.profile));
  return seenCaseHere(program, () => build(program), oracleCloneFunction(coverage, transferArgument(spec), spec.profile), loaded.repeats);
}

/**
 * The target's case observations of a (reshaped) program: one, or one per receiving realm.
 * @param {OpenTarget} target
 * @param {any} program
 * @returns {Promise<import('../case/case.js').SeenCase[]>}
 */
async function targetObservations({ loaded }, program) {
  if (loaded.kind === 'elsewhere') return (await cloneCaseElsewhere(program, () => build(program), loaded.delivery)).map(seenElsewhere);
  return [await seenCaseHere(program, () => build(program), loaded.clone, loaded.repeats)];
}

/**
 * New receiving workers for a target whose worker died; the case after this one starts clean.
 * @param {OpenTarget} target
 */
async function restartReceivers({ loaded }) {
  if (loaded.kind !== 'elsewhere') return;
  loaded.stop();
  await loaded.start();
}

/**
 * Runs one program on every target and returns a verdict per target.
 * @param {any} program a valid program
 * @param {OpenTarget[]} targets
 * @param {{coverage?: Record<string, Record<string, number>>, onTarget?: (index: number) => void, onOracle?: (index: number) => void,
 *   generated?: boolean}} [options]
 *   `onTarget(i)` is called before target i runs and `onOracle(i)` before the reference runs for it (the pool's
 *   watchdog tells a runtime that died in the reference's host code from one that died in its clone); `generated`: the
 *   program was drawn by the generator, so what the reference cannot judge on this host is reshaped
 *   away first (programs.js `judgeableHere`), and `build` checks only this host's limits of it, not its form (a
 *   reshaped copy is checked whole); a program given by hand is refused there instead
 * @returns {Promise<Verdict[]>}
 */
export async function judge(program, targets, { coverage, onTarget, onOracle, generated = false } = {}) {
  /** @type {Map<string, {program: any, expected: import('../case/case.js').SeenCase}>} one oracle run per channel and place */
  const oracles = new Map();
  /** @type {Verdict[]} */
  const verdicts = [];
  for (let i = 0; i < targets.length; i++) {
    const target = targets[i];
    const { spec, prepare, oracleKey } = target;
    onTarget?.(i);
    let prepared = program;
    let oracle = oracles.get(oracleKey);
    // Where the oracle runs in the receiving worker, it builds the program
    // there: run first, it would put every name the message carries into
    // that thread's atom table before the message arrives. So the value
    // lands there first, and the oracle follows.
    const landsFirst = oracle === undefined && target.loaded.kind === 'elsewhere';
    let oracleRunning = false;
    try {
      if (oracle === undefined) prepared = prepare(generated ? judgeableHere(drawn(program)) : program);
      else prepared = oracle.program;
      const landed = landsFirst ? await targetObservations(target, prepared) : undefined;
      if (oracle === undefined) {
        onOracle?.(i);
        oracleRunning = true;
        const expected = await oracleObservationWhereValueLands(target, prepared, oracles.size === 0 ? coverage : undefined);
        oracleRunning = false;
        oracle = { program: prepared, expected };
        oracles.set(oracleKey, oracle);
        if (!landsFirst) onTarget?.(i);
      }
      const actuals = landed ?? await targetObservations(target, prepared);
      let verdict = /** @type {Verdict} */ ({ target: spec.name, verdict: 'pass', program: prepared });
      for (const actual of actuals) {
        let differences = seenDeviations(oracle.expected, actual);
        if (differences.length === 0) continue;
        const expected = deliveredObservation(oracle.expected);
        const delivered = deliveredObservation(actual);
        // What the engine does differently on purpose is no deviation (load.js).
        if (target.loaded.kind === 'here' && target.loaded.unexpected !== undefined) {
          differences = target.loaded.unexpected(differences, expected, delivered, prepared);
          if (differences.length === 0) continue;
        }
        const { signature, category, shape } = signatureOf(spec.name, differences, { expected, actual: delivered, program: prepared });
        verdict = {
          target: spec.name, verdict: 'deviation', program: prepared, expected, actual: delivered, differences, signature, category, shape,
        };
        break;
      }
      verdicts.push(verdict);
    } catch (error) {
      // A receiving worker died, or the harness failed and the workers' state
      // is unknown (an answer may still be on its way): new ones keep it to this case.
      await restartReceivers(target);
      if (error instanceof ReceiverDied) {
        // The runtime died, not the reference, even while the oracle ran in
        // that worker (perhaps late, from the value it last received).
        const detail = oracleRunning ? `${error.message} (while the oracle ran there)` : error.message;
        const expected = oracle === undefined ? undefined : deliveredObservation(oracle.expected);
        verdicts.push({ target: spec.name, verdict: 'crash', program: prepared, expected, detail });
        continue;
      }
      // The reference cannot judge this case on this host (src/html/errors.js): no verdict about the target either.
      const limit = hostLimitReason(error);
      verdicts.push(limit === undefined ? { target: spec.name, verdict: 'harness-error', program: prepared, error: errorText(error) }
        : { target: spec.name, verdict: 'not-applicable', program: prepared, error: limit });
    }
  }
  return verdicts;
}
