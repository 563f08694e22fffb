// The work of a `clonecheck decode` pool member, inside the target's host
// (an agent of node@X, Bun or Deno, portable/hosts/agent.js; a browser's
// agent page; a worker thread of this Node, harness/pool/tasks-worker.js): load
// its one decoder target, then run chunks of cases as a fast-check property
// whose shrinking runs here too, so only a chunk's count and its shrunk
// finding cross the process boundary.
//
// Three kinds of target (harness/decode/targets.js makes the specs):
//  - `builtin`: a host's own decoder (portable/decode/decoders.js), given whole inputs;
//  - `module`: a user's decoder module, `setup(bytes, sourceEnd)` once per
//    buffer and `decode(pos, len)` per string, given buffers whose strings
//    meet its declared preconditions and aimed at its declared thresholds.
//    A module keeps state between buffers as a deserializer does, so each
//    chunk runs on a fresh instance, and a finding is shrunk and replayed on
//    fresh instances, after the buffers it needs of those that ran before it
//    on its instance (its history, found by delta debugging);
//  - `string-tiers`: the reference's string tiers, judged by their selfcheck.

import fc from 'fast-check';
import { decoderInput, stringBufferCases, TIER_PRECONDITIONS } from '../../fuzzers/decode/buffers.js';
import { ddmin } from '../minimize/delta.js';
import { stringTierDifferences } from '../../src/encoding/tiers/selfcheck.js';
import { decoderNamed } from './decoders.js';
import { judgeOutcome, oracleNamed } from './oracles.js';

/**
 * @typedef {{name: string, kind: 'builtin', decoder: string}
 *   | {name: string, kind: 'module', moduleURL: string, preconditions: import('../../fuzzers/decode/buffers.js').StringPreconditions,
 *      thresholds: number[]}
 *   | {name: string, kind: 'string-tiers'}} DecodeTargetSpec
 */

/**
 * A loaded target: the arbitrary of its cases, and what is wrong with one case (undefined: nothing);
 * a module's also `renew`, which makes the instance its cases run on a fresh one.
 * @typedef {{arbitrary: fc.Arbitrary<any>, differenceOf: (input: any) => Difference | undefined, renew?: () => Promise<void>}} LoadedTarget
 */

/**
 * A buffer and the strings decoded from it, in order (a module's history holds these).
 * @typedef {{bytes: number[], sourceEnd: number, strings: {pos: number, len: number}[]}} BufferCase
 */

/**
 * What a target did wrong with one input, as it crosses to the main process.
 * @typedef {object} Difference
 * @property {string} shape  the root: the oracle's step and the kind of difference (what names one bug)
 * @property {number[]} bytes  the decoder's input (a buffer target: the whole buffer)
 * @property {{pos: number, len: number, sourceEnd: number}} [string]  a buffer target: the string that differs
 * @property {{pos: number, len: number}[]} [strings]  a module: every string of the buffer, in the order decoded (the one that
 *   differs among them)
 * @property {number[][]} [before]  a host's decoder: the inputs the same decoder decoded first (its state carried the bug)
 * @property {BufferCase[]} [history]  a module: the buffers a fresh instance must decode first for it to show (none: it shows alone)
 * @property {number} [historyFrom]  how many buffers ran before it on its instance in the run (what the history was shrunk from)
 * @property {string | null} expected  null: the standard fails (a TypeError is due)
 * @property {import('./oracles.js').Outcome} got
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

/** @param {() => string} decode @returns {import('./oracles.js').Outcome} */
function outcomeOf(decode) {
  try {
    return { string: String(decode()) };
  } catch (error) {
    return { threw: error instanceof Error ? error.name : typeof error, message: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * @param {import('./oracles.js').Oracle} oracle @param {Uint8Array} bytes
 * @param {import('./oracles.js').Outcome} got @param {ArrayLike<number>} whole  the case's bytes (copied only for a difference)
 * @param {Difference['string']} [string]
 * @returns {Difference | undefined}
 */
function difference(oracle, bytes, got, whole, string) {
  const judged = judgeOutcome(oracle, bytes, got);
  if (judged === undefined) return undefined;
  const { expected, unit, algorithm, step, at, shape } = judged;
  return { shape, bytes: Array.from(whole), ...(string === undefined ? {} : { string }), expected, got, unit, algorithm, step, at };
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
  if (spec.kind === 'module') return stringBufferCases(spec.preconditions, { thresholds: spec.thresholds });
  return stringBufferCases(TIER_PRECONDITIONS);
}

/** @param {DecodeTargetSpec} spec @returns {Promise<LoadedTarget>} */
async function loadTarget(spec) {
  const arbitrary = caseArbitrary(spec);
  if (spec.kind === 'builtin') {
    const descriptor = decoderNamed(spec.decoder);
    if (descriptor === undefined) throw new Error(`no decoder ${spec.decoder} (portable/decode/decoders.js)`);
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
          const found = difference(oracle, whole, outcomeOf(() => inputs.map((input, i) => decode(input, i < inputs.length - 1)).join('')), whole);
          return found === undefined ? undefined : { ...found, bytes: [...inputs[inputs.length - 1]], before: inputs.slice(0, -1).map((input) => [...input]) };
        }
        for (let i = 0; i < inputs.length; i++) {
          const found = difference(oracle, inputs[i], outcomeOf(() => decode(inputs[i])), inputs[i]);
          if (found !== undefined) return i === 0 ? found : { ...found, before: inputs.slice(0, i).map((input) => [...input]) };
        }
        return undefined;
      },
    };
  }
  const oracle = oracleNamed(STRING_ORACLE);
  if (spec.kind === 'module') {
    let module = await import(spec.moduleURL);
    let instances = 0;
    return {
      arbitrary,
      // A fresh instance: the module imported again under a URL no import has used, so that its top level runs anew and
      // whatever it keeps between buffers starts empty. 0.35 ms here, against 250 ms for a fresh worker thread (measured
      // 2026-12-02 under load); what it does not renew (its own imports, globals) the printed replay meets in a fresh
      // worker, which clonecheck decode runs once per finding.
      renew: async () => {
        instances += 1;
        module = await import(`${spec.moduleURL}${spec.moduleURL.includes('?') ? '&' : '?'}clonecheck-instance=${instances}`);
      },
      // Setup, then every string in order, as a deserializer would (a later string is decoded after a difference too, so
      // that the calls a module gets do not depend on the oracle); the first string that differs is the finding's.
      differenceOf: ({ bytes, sourceEnd, strings }) => {
        const set = outcomeOf(() => module.setup?.(bytes, sourceEnd) ?? '');
        /** @type {Difference | undefined} */
        let first;
        for (const { pos, len } of strings) {
          const got = 'threw' in set ? set : outcomeOf(() => module.decode(pos, len));
          first ??= difference(oracle, bytes.subarray(pos, pos + len), got, bytes, { pos, len, sourceEnd });
        }
        return first === undefined ? undefined : { ...first, strings: strings.map(({ pos, len }) => ({ pos, len })) };
      },
    };
  }
  return {
    arbitrary,
    differenceOf: (input) => {
      const [first] = stringTierDifferences(input);
      if (first === undefined) return undefined;
      const whole = input.bytes;
      if (first.kind === 'setup') {
        return {
          shape: `the ${first.tier} tier's setup record: ${first.field} differs`, bytes: [...whole], expected: null, got: { string: '' },
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
 *   shrunk case shows it again (a module: in a fresh instance, after its history), false: it depends on the cases before it
 *   in a way that could not be found again
 */

/** Candidates the trimming tries at most: a 4 KB buffer down to blocks of 8 bytes (a 64 KB buffer has 128 K removals of blocks and bytes). */
const TRIM_BUDGET = 1000;

/**
 * Runs one chunk: stops at the first case whose root is not in `skip`, and
 * shrinks it while it shows that same root.
 * @param {ChunkTask} task
 * @param {import('../hosts/heartbeat.js').HeartbeatWriter} heartbeat
 * @returns {Promise<ChunkResult>}
 */
async function runChunk(task, heartbeat) {
  const target = /** @type {LoadedTarget} */ (loaded);
  const { renew } = target;
  if (renew !== undefined) return runModuleChunk(task, heartbeat, { ...target, renew });
  const { seed, runs, first, skip } = task;
  const { arbitrary, differenceOf } = target;
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
  // fast-check shrinks a case piece by piece (a 4-byte character stays whole): then byte by byte.
  const fewest = replays ? differenceOf(await fewestBytes(shrunk, Array.isArray(shrunk) ? INPUTS_CUT : BUFFER_CUT, shows)) : undefined;
  return { cases: details.numRuns, finding: { ...(fewest ?? smallest), caseInChunk: details.numRuns - 1, shrinks: details.numShrinks, replays } };
}

/**
 * A module's chunk, on a fresh instance: the first case with a new root
 * ends it (unshrunk); then, each candidate on a fresh instance, the buffers
 * of the chunk before it that it needs are found (none when it shows
 * alone), and it and they are shrunk by fast-check (replaying their draws
 * from the chunk's seed, `path`) and trimmed byte by byte.
 * @param {ChunkTask} task
 * @param {import('../hosts/heartbeat.js').HeartbeatWriter} heartbeat
 * @param {LoadedTarget & {renew: () => Promise<void>}} target a module's: its `renew` given
 * @returns {Promise<ChunkResult>}
 */
async function runModuleChunk({ seed, runs, first, skip }, heartbeat, { arbitrary, differenceOf, renew }) {
  const skipped = new Set(skip);
  await renew();
  /** @type {any[]} the chunk's cases so far, in order: what ran on this instance before the next one */
  const ran = [];
  /** @type {Difference | undefined} as the run met it */
  let met;
  let beats = 0;
  const property = fc.property(arbitrary, (input) => {
    heartbeat.beat(first + beats++, 0);
    const found = differenceOf(input);
    if (found !== undefined && !skipped.has(found.shape)) {
      met = found;
      return false;
    }
    ran.push(input);
    return true;
  });
  const details = fc.check(property, { seed, numRuns: runs, endOnFailure: true });
  if (!details.failed || met === undefined) return { cases: details.numRuns, finding: null };
  const wanted = met.shape;
  const caseInChunk = ran.length;
  // Shrinking candidates beat past the chunk's cases, so that a stall there is not taken for one of its draws (run.js onStall).
  beats = Math.max(beats, runs);
  /** @param {any[]} history @param {any} input  shows the root on a fresh instance that decoded `history` first */
  const shows = async (history, input) => {
    heartbeat.beat(first + beats++, 0);
    await renew();
    for (const earlier of history) differenceOf(earlier);
    return differenceOf(input)?.shape === wanted;
  };
  let input = /** @type {any} */ (details.counterexample)[0];
  /** @type {number[]} the indices in `ran` of the history */
  let needed = [];
  if (!(await shows([], input))) {
    const indices = ran.map((_, i) => i);
    const casesOf = (/** @type {number[]} */ list) => list.map((i) => ran[i]);
    // Not even after all it followed: what it needs is not in the module's own state (its imports, a global), or is not
    // deterministic. It stays as found, and says so.
    if (!(await shows(ran, input))) return { cases: details.numRuns, finding: { ...met, historyFrom: ran.length, caseInChunk, shrinks: 0, replays: false } };
    needed = await ddmin(indices, (subset) => shows(casesOf(subset), input));
  }
  let history = needed.map((i) => ran[i]);
  let shrinks = 0;
  /** fast-check's shrinking of the draw at `path` of this chunk's seed, as long as `fails` holds. */
  const shrinkDraw = async (/** @type {number} */ path, /** @type {any} */ drawn, /** @type {(candidate: any) => Promise<boolean>} */ fails) => {
    const shrunk = await fc.check(fc.asyncProperty(arbitrary, async (candidate) => !(await fails(candidate))), { seed, path: String(path) });
    shrinks += shrunk.numShrinks;
    return shrunk.failed ? /** @type {any} */ (shrunk.counterexample)[0] : drawn;
  };
  input = await shrinkDraw(caseInChunk, input, (candidate) => shows(history, candidate));
  input = await fewestBytes(input, BUFFER_CUT, (candidate) => shows(history, candidate));
  for (let k = 0; k < history.length; k++) {
    const at = (/** @type {any} */ candidate) => history.map((earlier, j) => (j === k ? candidate : earlier));
    const earlier = await shrinkDraw(needed[k], history[k], (candidate) => shows(at(candidate), input));
    history = at(await fewestBytes(earlier, BUFFER_CUT, (candidate) => shows(at(candidate), input)));
  }
  await renew();
  return { cases: details.numRuns, finding: { ...moduleFinding(differenceOf, history, input, ran.length), caseInChunk, shrinks, replays: true } };
}

/**
 * A module's difference on `input` after `history` (on a fresh instance), with that history.
 * @param {LoadedTarget['differenceOf']} differenceOf @param {any[]} history @param {any} input @param {number} from
 * @returns {Difference}
 */
function moduleFinding(differenceOf, history, input, from) {
  for (const earlier of history) differenceOf(earlier);
  const found = /** @type {Difference} */ (differenceOf(input));
  return {
    ...found,
    ...(history.length === 0 ? {} : { history: history.map(({ bytes, sourceEnd, strings }) => ({ bytes: [...bytes], sourceEnd, strings })) }),
    historyFrom: from,
  };
}

/**
 * How a case can be cut down: parts that can go whole (a host decoder's
 * earlier inputs, a buffer's strings), and bytes, addressed as one run
 * (the inputs one after another, or the buffer).
 * @template C
 * @typedef {object} Cut
 * @property {(c: C) => number} parts @property {(c: C, i: number) => C} withoutPart
 * @property {(c: C) => number} size @property {(c: C, at: number, count: number) => C} withoutBytes
 * @property {(c: C, i: number, k: number, fromStart: boolean) => C | undefined} [narrower]  the case with string i k bytes
 *   narrower at one end (undefined: it is not that long); its bytes stay, as a string can need bytes it does not cover (one past
 *   4 KB of the source needs all before it)
 * @property {(c: C) => [number, number][]} [outside]  [at, count] of the bytes after the last string and before the first, cut
 *   first (a big buffer's tail, which the halving blocks over the whole reach last or not at all)
 */

/** @type {Cut<Uint8Array[]>} a host decoder's inputs: every one but the last can go; bytes across them */
const INPUTS_CUT = {
  parts: (inputs) => inputs.length - 1,
  withoutPart: (inputs, i) => [...inputs.slice(0, i), ...inputs.slice(i + 1)],
  size: (inputs) => inputs.reduce((n, input) => n + input.length, 0),
  withoutBytes: (inputs, at, count) => {
    let offset = 0;
    return inputs.map((input) => {
      const [from, to] = [Math.max(0, at - offset), Math.min(input.length, at + count - offset)];
      offset += input.length;
      return from >= to ? input : Uint8Array.from([...input.subarray(0, from), ...input.subarray(to)]);
    });
  },
};

/** How many of the bytes [at, at + count) lie in [from, to). */
const overlap = (/** @type {number} */ at, /** @type {number} */ count, /** @type {number} */ from, /** @type {number} */ to) => Math.max(0, Math.min(at + count, to) - Math.max(at, from));

/**
 * @type {Cut<import('../../src/encoding/tiers/selfcheck.js').StringCase>} a buffer: a string can go (one stays); bytes
 *   taken out move the source end and every string as the bytes before and inside them go, so a string stays in its region
 */
const BUFFER_CUT = {
  parts: ({ strings }) => (strings.length > 1 ? strings.length : 0),
  withoutPart: (input, i) => ({ ...input, strings: [...input.strings.slice(0, i), ...input.strings.slice(i + 1)] }),
  size: ({ bytes }) => bytes.length,
  withoutBytes: ({ bytes, sourceEnd, strings }, at, count) => {
    const shorter = new Uint8Array(bytes.length - count);
    shorter.set(bytes.subarray(0, at));
    shorter.set(bytes.subarray(at + count), at);
    return {
      bytes: shorter,
      sourceEnd: sourceEnd - overlap(at, count, 0, sourceEnd),
      strings: strings.map(({ pos, len }) => ({ pos: pos - overlap(at, count, 0, pos), len: len - overlap(at, count, pos, pos + len) })),
    };
  },
  outside: ({ bytes, strings }) => {
    const end = Math.max(...strings.map(({ pos, len }) => pos + len));
    const start = Math.min(...strings.map(({ pos }) => pos));
    return [[end, bytes.length - end], [0, start]];
  },
  narrower: (input, i, k, fromStart) => {
    const string = input.strings[i];
    if (string === undefined || string.len < k) return undefined;
    const narrower = { pos: string.pos + (fromStart ? k : 0), len: string.len - k };
    return { ...input, strings: input.strings.map((s, j) => (j === i ? narrower : s)) };
  },
};

/**
 * A case with every part taken away that can go while it still shows its
 * root, its strings made as narrow as they can be, then every block of
 * bytes taken away that can go: blocks of half the bytes, then a quarter,
 * down to single bytes, each pass from the end (a big fill goes in a few
 * tries), to a local minimum or TRIM_BUDGET candidates.
 * @template C
 * @param {C} input @param {Cut<C>} cut @param {(c: C) => boolean | Promise<boolean>} shows
 * @returns {Promise<C>}
 */
async function fewestBytes(input, cut, shows) {
  let current = input;
  let tries = 0;
  for (let i = cut.parts(current) - 1; i >= 0; i--) {
    const candidate = cut.withoutPart(current, i);
    tries += 1;
    if (await shows(candidate)) current = candidate;
  }
  // Each string narrowed from either end by half its length, a quarter, …, one byte, a cut repeated while it keeps the root.
  for (let i = 0; cut.narrower?.(current, i, 0, true) !== undefined; i++) {
    for (const fromStart of [true, false]) {
      for (let k = 2 ** 30; k >= 1; k = Math.floor(k / 2)) {
        for (let candidate = /** @type {NonNullable<Cut<C>['narrower']>} */ (cut.narrower)(current, i, k, fromStart); candidate !== undefined && tries < TRIM_BUDGET; candidate = /** @type {NonNullable<Cut<C>['narrower']>} */ (cut.narrower)(current, i, k, fromStart)) {
          tries += 1;
          if (!(await shows(candidate))) break;
          current = candidate;
        }
      }
    }
  }
  // The bytes after the last string, then before the first, in halving blocks from their far end: the whole range first.
  for (const which of [0, 1]) {
    const range = () => (cut.outside?.(current) ?? [])[which] ?? [0, 0];
    for (let count = 2 ** Math.floor(Math.log2(Math.max(1, range()[1]))); count >= 1 && range()[1] > 0; count = Math.floor(count / 2)) {
      for (let at = range()[0] + range()[1] - count; at >= range()[0] && tries < TRIM_BUDGET; at -= count) {
        const candidate = cut.withoutBytes(current, at, count);
        tries += 1;
        if (await shows(candidate)) current = candidate;
      }
    }
  }
  for (let count = 2 ** Math.floor(Math.log2(Math.max(1, cut.size(current)))); count >= 1; count = Math.floor(count / 2)) {
    for (let at = cut.size(current) - count; at >= 0 && tries < TRIM_BUDGET; at = Math.min(at, cut.size(current)) - count) {
      const candidate = cut.withoutBytes(current, at, count);
      tries += 1;
      if (await shows(candidate)) current = candidate;
    }
  }
  return current;
}

/**
 * One given input (`clonecheck decode --replay`, a ledger bug's bytes): the
 * target's difference on it, or null. A module's runs on a fresh instance
 * after its history.
 * @typedef {{kind: 'replay', input: {bytes: number[], before?: number[][], sourceEnd?: number, strings?: {pos: number, len: number}[],
 *   history?: BufferCase[]}}} ReplayTask
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
  const { bytes, before = [], history = [], ...rest } = task.input;
  if (rest.strings === undefined) return loaded.differenceOf([...before, bytes].map((input) => Uint8Array.from(input))) ?? null;
  const asCase = (/** @type {BufferCase} */ given) => ({ ...given, bytes: Uint8Array.from(given.bytes) });
  await loaded.renew?.();
  for (const earlier of history) loaded.differenceOf(asCase(earlier));
  const found = loaded.differenceOf(asCase({ bytes, sourceEnd: /** @type {number} */ (rest.sourceEnd), strings: rest.strings }));
  return found === undefined ? null : { ...found, ...(history.length === 0 ? {} : { history }) };
}
