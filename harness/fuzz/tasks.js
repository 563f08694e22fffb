// The work a fuzz worker does (worker.js runs these on its thread):
//  - a chunk: cases [start, end) of chunk k, each judged on every target;
//    per target it counts the verdicts and keeps the first case of each
//    deviation signature (the main thread keeps the earliest over all chunks);
//  - a shrink: replays one case by (chunk seed, index) and lets fast-check
//    shrink it while the target keeps deviating with the same signature;
//  - a program: one given program judged on the targets (`clonecheck repro`).

import fc from 'fast-check';
import { casePrograms } from '../../fuzzers/arbitraries.js';
import { beat } from '../heartbeat.js';
import { installNodeHostHooks } from '../node-host.js';
import { CHUNK_SIZE, chunkSeed } from '../chunks.js';
import { judge, openTargets } from './judge.js';
import { pruneUnreachable } from './prune.js';

/** Harness errors kept per chunk (each is a bug of clonecheck, reported in full). */
const MAX_HARNESS_ERRORS = 3;

/** @type {Map<string, Promise<import('./judge.js').OpenTarget[]>>} targets opened once per thread */
const opened = new Map();

/**
 * The targets, opened once per thread and list.
 * @param {import('../targets/catalog.js').TargetSpec[]} specs
 */
export function loadTargets(specs) {
  const key = JSON.stringify(specs);
  let targets = opened.get(key);
  if (targets === undefined) {
    installNodeHostHooks();
    targets = openTargets(specs);
    opened.set(key, targets);
  }
  return targets;
}

/**
 * @typedef {object} ChunkTask
 * @property {'chunk'} kind
 * @property {number} seed  the run's seed
 * @property {number} chunk
 * @property {number} start  first index in the chunk (> 0 after a stall)
 * @property {number} end  one past the last index
 * @property {import('../targets/catalog.js').TargetSpec[]} targets
 * @property {Record<string, number>} weights
 */

/**
 * @param {ChunkTask} task
 * @param {Int32Array} heartbeat
 */
export async function runChunk({ seed, chunk, start, end, targets: specs, weights }, heartbeat) {
  const targets = await loadTargets(specs);
  const programs = fc.sample(casePrograms(weights), { seed: chunkSeed(seed, chunk), numRuns: end });
  const coverage = {};
  /** @type {Record<string, Record<string, number>>} */
  const verdicts = {};
  /** @type {Map<string, any>} first deviation of each signature in this chunk */
  const deviations = new Map();
  const harnessErrors = [];
  for (let index = start; index < end; index++) {
    const caseIndex = chunk * CHUNK_SIZE + index;
    beat(heartbeat, caseIndex, -1);
    const results = await judge(programs[index], targets, { coverage, onTarget: (t) => beat(heartbeat, caseIndex, t) });
    for (const result of results) {
      const counts = verdicts[result.target] ??= { pass: 0, deviation: 0, 'harness-error': 0 };
      counts[result.verdict] += 1;
      if (result.verdict === 'deviation') {
        const known = deviations.get(result.signature);
        if (known === undefined) deviations.set(result.signature, { ...result, case: caseIndex, chunkSeed: chunkSeed(seed, chunk), path: String(index), count: 1 });
        else known.count += 1;
      } else if (result.verdict === 'harness-error' && harnessErrors.length < MAX_HARNESS_ERRORS) {
        harnessErrors.push({ ...result, case: caseIndex, chunkSeed: chunkSeed(seed, chunk), path: String(index) });
      }
    }
  }
  return { chunk, start, end, verdicts, deviations: [...deviations.values()], harnessErrors, coverage };
}

/**
 * @typedef {object} ShrinkTask
 * @property {'shrink'} kind
 * @property {number} chunkSeed
 * @property {string} path  the case's index in its chunk
 * @property {import('../targets/catalog.js').TargetSpec} target
 * @property {string} signature
 * @property {Record<string, number>} weights
 * @property {number} maxRuns  candidates to try at most (each is one target run and one oracle run)
 */

/**
 * Shrinks one deviation. fast-check replays the case at `path` of the chunk
 * seed and shrinks it; a candidate "fails" when the target still deviates
 * with the same signature, so the result shows the same bug, only smaller.
 * After `maxRuns` candidates every further one "passes", which ends the
 * shrinking at the smallest program found so far. Then the objects it no
 * longer reaches are dropped (prune.js), if the deviation stays the same.
 * @param {ShrinkTask} task
 * @param {Int32Array} heartbeat
 * @returns {Promise<{verdict: import('./judge.js').Verdict | null, tried: number}>}
 */
export async function shrinkDeviation({ chunkSeed: seed, path, target: spec, signature, weights, maxRuns }, heartbeat) {
  const targets = await loadTargets([spec]);
  let tried = 0;
  /** @type {import('./judge.js').Verdict | null} */
  let smallest = null;
  const property = fc.asyncProperty(casePrograms(weights), async (program) => {
    if (tried >= maxRuns) return true;
    beat(heartbeat, tried++, 0);
    const [verdict] = await judge(program, targets);
    if (verdict.verdict !== 'deviation' || verdict.signature !== signature) return true;
    smallest = verdict;
    return false;
  });
  await fc.check(property, { seed, path, numRuns: 1 });
  if (smallest !== null) {
    // The objects the shrunk program no longer reaches go too, if the bug stays.
    const pruned = pruneUnreachable(smallest.program);
    if (pruned !== smallest.program) {
      const [verdict] = await judge(pruned, targets);
      if (verdict.verdict === 'deviation' && verdict.signature === signature) smallest = verdict;
    }
  }
  return { verdict: smallest, tried };
}

/**
 * @param {{kind: 'program', program: any, targets: import('../targets/catalog.js').TargetSpec[]}} task
 * @param {Int32Array} heartbeat
 */
export async function judgeProgram({ program, targets: specs }, heartbeat) {
  const targets = await loadTargets(specs);
  beat(heartbeat, 0, -1);
  return judge(program, targets, { onTarget: (t) => beat(heartbeat, 0, t) });
}
