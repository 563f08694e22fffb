// The work of a `clonecheck decode` pool member, inside the target's host
// (an agent of node@X, Bun or Deno, portable/hosts/agent.js; a browser's
// agent page; a worker thread of this Node, harness/decode/worker.js): load
// its one decoder target, then run chunks of cases as a fast-check property
// whose shrinking runs here too, so only a chunk's count and its shrunk
// finding cross the process boundary.
//
// Three kinds of target (harness/decode/targets.js makes the specs):
//  - `builtin`: a host's own decoder (portable/decoders/), given whole inputs;
//  - `module`: a user's decoder module, `setup(bytes, sourceEnd)` once per
//    buffer and `decode(pos, len)` per string, given buffers whose strings
//    meet its declared preconditions;
//  - `string-tiers`: the reference's string tiers, judged by their selfcheck.

import fc from 'fast-check';
import { decoderInput, stringBufferCases, TIER_PRECONDITIONS } from '../../fuzzers/strings/buffers.js';
import { stringTierDifferences } from '../../src/encoding/tiers/selfcheck.js';
import { decoderNamed } from '../decoders/index.js';
import { judgeOutcome, oracleNamed } from '../decoders/oracles.js';

/**
 * @typedef {{name: string, kind: 'builtin', decoder: string}
 *   | {name: string, kind: 'module', moduleURL: string, preconditions: import('../../fuzzers/strings/buffers.js').StringPreconditions}
 *   | {name: string, kind: 'string-tiers'}} DecodeTargetSpec
 */

/**
 * A loaded target: the arbitrary of its cases, and what is wrong with one case (undefined: nothing).
 * @typedef {{arbitrary: fc.Arbitrary<any>, differenceOf: (input: any) => Difference | undefined}} LoadedTarget
 */

/**
 * What a target did wrong with one input, as it crosses to the main process.
 * @typedef {object} Difference
 * @property {string} shape  the root: the oracle's step and the kind of difference (what names one bug)
 * @property {number[]} bytes  the decoder's input (a buffer target: the whole buffer)
 * @property {{pos: number, len: number, sourceEnd: number}} [string]  a buffer target: the string that differs
 * @property {number[][]} [before]  a host's decoder: the inputs the same decoder decoded first (its state carried the bug)
 * @property {string | null} expected  null: the standard fails (a TypeError is due)
 * @property {import('../decoders/oracles.js').Outcome} got
 * @property {number} unit  the first output code unit that differs
 * @property {string} algorithm @property {string} step  the oracle's, behind that code unit
 * @property {[number, number]} at  the bytes of that step
 */

/** @type {LoadedTarget | undefined} */
let loaded;

/** @param {DecodeTargetSpec[]} specs  one */
export async function loadTargets([spec]) {
  loaded = await loadTarget(spec);
}

/** @param {() => string} decode @returns {import('../decoders/oracles.js').Outcome} */
function outcomeOf(decode) {
  try {
    return { string: String(decode()) };
  } catch (error) {
    return { threw: error instanceof Error ? error.name : typeof error, message: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * @param {import('../decoders/oracles.js').Oracle} oracle @param {Uint8Array} bytes
 * @param {import('../decoders/oracles.js').Outcome} got @param {number[]} whole @param {Difference['string']} [string]
 * @returns {Difference | undefined}
 */
function difference(oracle, bytes, got, whole, string) {
  const judged = judgeOutcome(oracle, bytes, got);
  if (judged === undefined) return undefined;
  const { expected, unit, algorithm, step, at, shape } = judged;
  return { shape, bytes: whole, ...(string === undefined ? {} : { string }), expected, got, unit, algorithm, step, at };
}

/** The oracle of a string of a buffer: a string inside a format keeps a leading BOM (src/encoding/tiers/index.js). */
const STRING_ORACLE = 'utf-8-decode-without-bom';

/**
 * The cases a target gets: whole inputs for a host's decoder, buffers for a
 * module (with the preconditions it declared) or the string tiers (theirs).
 * @param {DecodeTargetSpec} spec
 * @returns {fc.Arbitrary<any>}
 */
export function caseArbitrary(spec) {
  // Inputs decoded one after another by one fresh decoder: a decoder that keeps state between calls shows it within a case.
  if (spec.kind === 'builtin') return fc.array(decoderInput, { minLength: 1, maxLength: 3 });
  return stringBufferCases(spec.kind === 'module' ? spec.preconditions : TIER_PRECONDITIONS);
}

/** @param {DecodeTargetSpec} spec @returns {Promise<LoadedTarget>} */
async function loadTarget(spec) {
  const arbitrary = caseArbitrary(spec);
  if (spec.kind === 'builtin') {
    const descriptor = decoderNamed(spec.decoder);
    if (descriptor === undefined) throw new Error(`no decoder ${spec.decoder} (portable/decoders/)`);
    // Deno has Buffer only in node:buffer; Node and Bun have it as a global too.
    const host = descriptor.needs === 'Buffer' ? { Buffer: globalThis.Buffer ?? (await import('../hosts/node-buffer.js')).Buffer } : {};
    const oracle = oracleNamed(descriptor.oracle);
    return {
      arbitrary,
      differenceOf: (/** @type {Uint8Array[]} */ inputs) => {
        const decode = descriptor.open(host);
        if (descriptor.stream) {
          // One stream: judged whole; the finding keeps its chunks as the inputs `before` its last (the replay's HEX,HEX).
          const whole = Uint8Array.from(inputs.flatMap((input) => [...input]));
          const found = difference(oracle, whole, outcomeOf(() => inputs.map((input, i) => decode(input, i < inputs.length - 1)).join('')), [...whole]);
          return found === undefined ? undefined : { ...found, bytes: [...inputs[inputs.length - 1]], before: inputs.slice(0, -1).map((input) => [...input]) };
        }
        for (let i = 0; i < inputs.length; i++) {
          const found = difference(oracle, inputs[i], outcomeOf(() => decode(inputs[i])), [...inputs[i]]);
          if (found !== undefined) return i === 0 ? found : { ...found, before: inputs.slice(0, i).map((input) => [...input]) };
        }
        return undefined;
      },
    };
  }
  const oracle = oracleNamed(STRING_ORACLE);
  if (spec.kind === 'module') {
    const module = await import(spec.moduleURL);
    return {
      arbitrary,
      differenceOf: ({ bytes, sourceEnd, strings }) => {
        const set = outcomeOf(() => module.setup?.(bytes, sourceEnd) ?? '');
        for (const { pos, len } of strings) {
          const got = 'threw' in set ? set : outcomeOf(() => module.decode(pos, len));
          const found = difference(oracle, bytes.subarray(pos, pos + len), got, [...bytes], { pos, len, sourceEnd });
          if (found !== undefined) return found;
        }
        return undefined;
      },
    };
  }
  return {
    arbitrary,
    differenceOf: (input) => {
      const [first] = stringTierDifferences(input);
      if (first === undefined) return undefined;
      const whole = [...input.bytes];
      if (first.kind === 'setup') {
        return {
          shape: `the ${first.tier} tier's setup record: ${first.field} differs`, bytes: whole, expected: null, got: { string: '' },
          unit: 0, algorithm: 'setupBuffer', step: '', at: [0, input.sourceEnd],
        };
      }
      const { pos, len } = first;
      const found = difference(oracle, input.bytes.subarray(pos, pos + len), { string: first.actual }, whole, { pos, len, sourceEnd: input.sourceEnd });
      return found === undefined ? undefined : { ...found, shape: `tiers ${first.tiers}: ${found.shape}` };
    },
  };
}

/**
 * @typedef {object} ChunkTask
 * @property {'chunk'} kind
 * @property {number} seed  fast-check's seed for this chunk
 * @property {number} runs  cases in the chunk
 * @property {number} first  the run's index of the chunk's first case (for the heartbeat)
 * @property {string[]} skip  roots already found in this run: a case showing one of them passes, so rarer bugs still turn up
 */

/**
 * @typedef {object} ChunkResult
 * @property {number} cases  run (up to and including a finding's case)
 * @property {(Difference & {caseInChunk: number, shrinks: number, replays: boolean}) | null} finding  shrunk; `replays`: the
 *   shrunk case shows it again when decoded once more (false: it depends on the cases before it)
 */

/**
 * Runs one chunk: stops at the first case whose root is not in `skip`, and
 * shrinks it while it shows that same root.
 * @param {ChunkTask} task
 * @param {import('../hosts/heartbeat.js').HeartbeatWriter} heartbeat
 * @returns {ChunkResult}
 */
function runChunk({ seed, runs, first, skip }, heartbeat) {
  const { arbitrary, differenceOf } = /** @type {LoadedTarget} */ (loaded);
  const skipped = new Set(skip);
  /** @type {string | undefined} the root being shrunk */
  let wanted;
  /** @type {Difference | undefined} the smallest case that showed it so far (fast-check's last failure) */
  let smallest;
  let beats = 0;
  const property = fc.property(arbitrary, (input) => {
    heartbeat.beat(first + beats++, 0);
    const found = differenceOf(input);
    if (found === undefined || skipped.has(found.shape)) return true;
    wanted ??= found.shape;
    if (found.shape !== wanted) return true;
    smallest = found;
    return false;
  });
  const details = fc.check(property, { seed, numRuns: runs });
  if (!details.failed || smallest === undefined) return { cases: details.numRuns, finding: null };
  const shrunk = details.counterexample?.[0];
  // Once more: a decoder whose answer depends on what it decoded before (state kept between calls) does not show it again.
  const again = differenceOf(shrunk);
  const replays = again?.shape === smallest.shape;
  const shows = (/** @type {any} */ input) => {
    heartbeat.beat(first + beats++, 0);
    return differenceOf(input)?.shape === wanted;
  };
  // fast-check shrinks a host decoder's inputs piece by piece (a 4-byte character stays whole): then byte by byte.
  const fewest = replays && Array.isArray(shrunk) ? differenceOf(fewestBytes(shrunk, shows)) : undefined;
  return { cases: details.numRuns, finding: { ...(fewest ?? smallest), caseInChunk: details.numRuns - 1, shrinks: details.numShrinks, replays } };
}

/**
 * A host decoder's case with every input and byte taken away that can go
 * while it still shows its root (one removal at a time, to a local minimum).
 * @param {Uint8Array[]} inputs @param {(inputs: Uint8Array[]) => boolean} shows
 * @returns {Uint8Array[]}
 */
function fewestBytes(inputs, shows) {
  let current = inputs;
  for (let i = current.length - 2; i >= 0; i--) {
    const candidate = [...current.slice(0, i), ...current.slice(i + 1)];
    if (shows(candidate)) current = candidate;
  }
  for (let i = 0; i < current.length; i++) {
    for (let at = current[i].length - 1; at >= 0; at--) {
      const shorter = Uint8Array.from([...current[i].subarray(0, at), ...current[i].subarray(at + 1)]);
      const candidate = [...current.slice(0, i), shorter, ...current.slice(i + 1)];
      if (shows(candidate)) current = candidate;
    }
  }
  return current;
}

/**
 * One given input (`clonecheck decode --replay`, a ledger bug's bytes): the
 * target's difference on it, or null.
 * @typedef {{kind: 'replay', input: {bytes: number[], before?: number[][], sourceEnd?: number, strings?: {pos: number, len: number}[]}}} ReplayTask
 */

/**
 * @param {ChunkTask | ReplayTask} task
 * @param {import('../hosts/heartbeat.js').HeartbeatWriter} heartbeat
 * @returns {Promise<ChunkResult | Difference | null>}
 */
export async function runTask(task, heartbeat) {
  if (loaded === undefined) throw new Error('no target loaded');
  if (task.kind === 'chunk') return runChunk(task, heartbeat);
  heartbeat.beat(0, 0);
  const { bytes, before = [], ...rest } = task.input;
  return loaded.differenceOf(rest.strings === undefined ? [...before, bytes].map((input) => Uint8Array.from(input)) : { ...rest, bytes: Uint8Array.from(bytes) }) ?? null;
}
