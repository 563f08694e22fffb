// The properties every program must satisfy, checked in this (Node) realm.
// The property test and `clonecheck selfcheck` both call `checkProgram`, so the
// test and the long run check exactly the same thing.
//
//  0. the program is valid (what the generators and fromBytes promise);
//  1. tiers are invisible: the reference with its fast-path tiers on and with
//     them off gives the same observation (value or thrown error, effects
//     log, input unchanged, no shared objects) for a freshly built value.
//  2. emit builds what build builds: the value that the emitted JavaScript
//     makes observes the same as the one `build` makes, logs the same effects,
//     and clones (tiers off) to the same observation.

import {
  build, canonicalJSON, diff, emit, observe, observeClone, registerOpaque, structuredClone, validate,
} from '../src/index.js';

/**
 * @typedef {object} Finding
 * @property {string} property  which property failed
 * @property {unknown} expected  the observation that is right by definition (tiers off / build)
 * @property {unknown} actual
 * @property {object[]} differences  `diff(expected, actual)`
 */

/**
 * Builds the program with `makeBuilt`, applies the receiver's realm set-up,
 * clones the value the way the program says (transfer list, forStorage) and
 * observes the case. With `observeInput`, also observes the built value and
 * the effects logged so far, before the receiver's set-up and the clone.
 * The realm is restored even when something throws. Between the build and
 * the restore the realm is polluted, so nothing here looks up a global or an
 * inherited property in that window: only src/ runs.
 * @param {any} program
 * @param {() => any} makeBuilt `build(program)` or the emitted source's function
 * @param {{tiers?: boolean, coverage?: object, observeInput?: boolean,
 *   implementation?: (value: unknown, options: {transfer: unknown[], forStorage: boolean}) => unknown}} options
 *   `implementation` clones instead of the reference (e.g. the host's own structuredClone)
 * @returns {{input?: {value: unknown, effects: unknown[]}, clone: unknown}}
 */
export function cloneCase(program, makeBuilt, { tiers, coverage, observeInput = false, implementation }) {
  const forStorage = program.forStorage === true;
  let built;
  let input;
  let clone;
  let effectsBefore;
  try {
    built = makeBuilt();
    const { value, transfer, effects } = built;
    const cloneOptions = implementation ? { transfer, forStorage } : { tiers, coverage, transfer, forStorage };
    const cloneWith = implementation ?? structuredClone;
    if (observeInput) {
      input = observe(value);
      effectsBefore = effects.length;
    }
    built.setupReceiver();
    clone = observeClone({ input: value, clone: () => cloneWith(value, cloneOptions), effects });
  } finally {
    if (built) built.restore();
  }
  if (!observeInput) return { clone };
  return { input: { value: input, effects: Array.from(built.effects).slice(0, effectsBefore) }, clone };
}

/**
 * Builds the program from the emitted JavaScript (what a repro does).
 * @param {any} program
 * @returns {() => any} a function that makes a fresh Built
 */
export function emittedBuilder(program) {
  const makeBuilt = (0, eval)(emit(program));
  return () => makeBuilt(registerOpaque);
}

/**
 * A finding when the two observations differ in anything but what the host
 * may choose (diff's 'implementation-defined' category: an Error's stack, the
 * text of an error the engine threw, which V8 words differently once the code
 * is optimized).
 * @param {string} property @param {unknown} expected @param {unknown} actual
 * @returns {Finding | null}
 */
function compare(property, expected, actual) {
  if (canonicalJSON(expected) === canonicalJSON(actual)) return null;
  const differences = diff(expected, actual).filter((d) => d.category !== 'implementation-defined');
  return differences.length === 0 ? null : { property, expected, actual, differences };
}

/**
 * Checks the properties for one program.
 * @param {any} program a valid program
 * @param {{coverage?: object}} [options] `coverage` collects the tiers' guard coverage
 * @returns {Finding[]} empty when the program passes
 */
export function checkProgram(program, { coverage } = {}) {
  const problems = validate(program);
  if (problems.length > 0) {
    const differences = problems.map(({ path, message }) => ({ path, category: 'invalid program', expected: 'valid', actual: message }));
    return [{ property: 'the program is valid', expected: [], actual: problems, differences }];
  }
  const fromBuild = () => build(program);
  const tiersOn = cloneCase(program, fromBuild, { tiers: true, coverage });
  const tiersOff = cloneCase(program, fromBuild, { tiers: false, observeInput: true });
  const emitted = cloneCase(program, emittedBuilder(program), { tiers: false, observeInput: true });
  return [
    compare('tiers are invisible (tiers on = tiers off)', tiersOff.clone, tiersOn.clone),
    compare('emit builds what build builds (value and effects before cloning)', tiersOff.input, emitted.input),
    compare('emit builds what build builds (clone with tiers off)', tiersOff.clone, emitted.clone),
  ].filter((f) => f !== null);
}

/**
 * The tiers' guard coverage as a report: per tier, how often it accepted and
 * how often each reject reason fired, with the reasons that never fired at 0.
 * @param {Record<string, Record<string, number>>} coverage counts from `cloneWithTiers`
 * @param {{id: string, reasons: string[]}[]} catalog the tiers, in order
 */
export function guardCoverageReport(coverage, catalog) {
  /** @type {Record<string, Record<string, number>>} */
  const report = {};
  for (const tier of catalog) {
    const counts = { accept: 0 };
    for (const reason of tier.reasons) counts[reason] = 0;
    Object.assign(counts, coverage[tier.id] ?? {});
    report[tier.id] = counts;
  }
  if (coverage.spec) report.spec = { ...coverage.spec };
  return report;
}
