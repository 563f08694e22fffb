// `clonecheck decode`, the main process: each target runs chunks of cases in
// one pool member of its host (harness/pool/pool.js: an agent, a browser's
// agent page, or a worker thread of this Node), every target side by side.
// A chunk stops at its first case with a root not found yet and shrinks it
// there (portable/decode/tasks.js), so a frequent bug does not hide a rarer
// one. A member that dies or hangs is a finding (crash, timeout) and the run
// goes on with the next chunk on a fresh one.

import fc from 'fast-check';
import { runPool } from '../pool/pool.js';
import { caseArbitrary } from '../../portable/decode/tasks.js';

const WORKER_URL = new URL('../pool/tasks-worker.js', import.meta.url);
const TASKS_URL = new URL('../../portable/decode/tasks.js', import.meta.url).href;

/** Cases per chunk: a progress step, and what a stall costs (the rest of its chunk). */
export const CHUNK_CASES = 500;

/**
 * @typedef {object} DecodeFinding  one root on one target, as found first
 * @property {string} target
 * @property {string} shape  the root (the oracle's step and the kind of difference)
 * @property {'difference' | 'crash' | 'timeout'} verdict
 * @property {number} casesToFind  the run's cases up to and including the one that found it
 * @property {import('../../portable/decode/tasks.js').Difference & {shrinks: number, replays?: boolean, freshWorker?: boolean} | undefined} [difference]
 *   shrunk; a module's `freshWorker`: its replay showed it again in a fresh worker thread
 * @property {string} [detail]  a crash's or hang's words
 * @property {any} [input]  a crash's or hang's case, drawn again from its chunk's seed (when the heartbeat names it)
 */

/**
 * @typedef {object} DecodeRunOptions
 * @property {import('./targets.js').DecodeTarget[]} targets
 * @property {number} seed
 * @property {number} runs  cases per target
 * @property {number} timeoutMs  a case that makes no progress for this long is a timeout
 * @property {() => boolean} shouldStop  polled before each chunk (Ctrl-C)
 * @property {(target: string, cases: number) => void} onCases
 * @property {(finding: DecodeFinding) => void} onFinding
 */

/**
 * One pool member of the target's host (an agent, a page, a worker thread of this Node) that loads it.
 * @param {import('./targets.js').DecodeTarget} target @param {number} timeoutMs
 */
export function memberOptions(target, timeoutMs) {
  return { workerURL: WORKER_URL, agent: target.agent, workers: 1, workerData: { targets: [target.spec], tasks: TASKS_URL }, timeoutMs };
}

/**
 * fast-check's seed of chunk k: the run's seed and the chunk, so that any
 * chunk replays alone and two chunks draw different cases.
 * @param {number} seed @param {number} chunk
 */
export const chunkSeed = (seed, chunk) => (seed + Math.imul(chunk, 0x9e3779b1)) | 0;

/**
 * Runs every target; resolves with the cases each ran.
 * @param {DecodeRunOptions} options
 * @returns {Promise<Map<string, number>>}
 */
export async function runDecode({ targets, seed, runs, timeoutMs, shouldStop, onCases, onFinding }) {
  /** @type {Map<string, number>} */
  const cases = new Map();
  await Promise.all(targets.map(async (target) => {
    /** @type {Set<string>} roots found on this target so far */
    const found = new Set();
    // One member per target runs its chunks in order, so a chunk starts where the last one stopped (at its finding, if it had one).
    let next = 0;
    let done = 0;
    const report = (/** @type {DecodeFinding} */ finding) => {
      found.add(finding.shape);
      onFinding(finding);
    };
    await runPool({
      ...memberOptions(target, timeoutMs),
      nextTask: () => {
        if (done >= runs || shouldStop()) return undefined;
        const chunk = next++;
        return { kind: 'chunk', chunk, seed: chunkSeed(seed, chunk), runs: Math.min(CHUNK_CASES, runs - done), first: done, skip: [...found] };
      },
      onResult: (task, /** @type {import('../../portable/decode/tasks.js').ChunkResult} */ result) => {
        done += result.cases;
        onCases(target.name, result.cases);
        if (result.finding === null) return;
        const { caseInChunk, ...difference } = result.finding;
        report({ target: target.name, shape: difference.shape, verdict: 'difference', casesToFind: task.first + caseInChunk + 1, difference });
      },
      onStall: (task, { reason, heartbeat, detail }) => {
        const inChunk = heartbeat.caseIndex - task.first;
        // A case past the chunk's runs was a shrinking candidate: only the chunk is known then.
        const input = inChunk >= 0 && inChunk < task.runs ? caseOf(target, task.seed, inChunk) : undefined;
        const ran = Math.max(0, Math.min(task.runs, inChunk + 1));
        // The case it stalled on counts; the chunk's next case starts the next chunk's place.
        done += Math.max(1, ran);
        onCases(target.name, Math.max(1, ran));
        const shape = reason === 'crash' ? 'the host crashed' : 'the host hung';
        if (found.has(shape)) return;
        report({ target: target.name, shape, verdict: reason, casesToFind: task.first + ran, detail, ...(input === undefined ? {} : { input }) });
      },
    });
    cases.set(target.name, done);
  }));
  return cases;
}

/**
 * Case `index` of a chunk, drawn again here as fast-check drew it in the
 * target (the same arbitrary and seed; sample and check walk one stream).
 * @param {import('./targets.js').DecodeTarget} target @param {number} seed @param {number} index
 */
function caseOf(target, seed, index) {
  const drawn = fc.sample(caseArbitrary(target.spec), { seed, numRuns: index + 1 })[index];
  if (Array.isArray(drawn)) return { bytes: [...drawn[drawn.length - 1]], before: drawn.slice(0, -1).map((input) => [...input]) };
  return { ...drawn, bytes: [...drawn.bytes] };
}
