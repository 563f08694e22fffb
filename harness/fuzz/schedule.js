// Which chunk goes where. Each host (this process's threads, or one
// runtime's agents) runs every case on its targets, at its own pace, drawing
// the chunks in order; a chunk's programs are generated once, here on the
// main thread, and shared by every host.
//
// Programs run in lanes by the realms they pollute (lanes.js), and each
// thread, agent or page serves one lane for its whole life: slot i serves
// lane i mod 4, so a run has at least one member per lane, and a member's
// realms only ever met the steps its lane's programs have (a case's verdict
// then does not depend on an earlier case's pollution). A member whose lane
// has no work waits (the pool asks it again after each result) while
// another lane holds MAX_BACKLOG tasks; below that it draws the next chunk.
// (Before 2026-12-02 slot 0 took every polluting program and, when there
// were none, clean ones: those clean cases ran in a polluted isolate.)
//
// Each host's next chunk is generated ahead, while its threads work on the
// ones before (`generateAhead`): generated only when a thread asked for work,
// a chunk kept that thread, and the one waiting behind it, idle for the
// ~25 ms (warm) to ~400 ms (the first chunk, cold) it took.

import { CHUNK_SIZE, SteeredRun } from '../../fuzzers/steering.js';
import { LANES, laneOf } from './lanes.js';
import { sampleChunk } from './recheck.js';
import { groupByHost } from '../targets/catalog.js';

/** Tasks a lane may hold before a member of another lane stops drawing chunks and waits. */
const MAX_BACKLOG = 8;

/**
 * The members a run's pool starts for `workers`: at least one per lane.
 * @param {number} workers
 */
export function membersFor(workers) {
  return Math.max(workers, LANES.length);
}

/** @param {number} slot @returns {import('./lanes.js').Lane} the lane the member in `slot` serves */
export function laneOfSlot(slot) {
  return LANES[slot % LANES.length];
}

/**
 * @typedef {object} Host
 * @property {import('../runtimes.js').Runtime} [agent]  the runtime whose agents run it; none: this process's threads
 * @property {import('../targets/catalog.js').TargetSpec[]} targets
 * @property {boolean} countCoverage  guard coverage is a property of the cases: counted by one host only
 * @property {number} cases  cases judged so far
 * @property {number} nextChunk
 * @property {Record<import('./lanes.js').Lane, any[]>} lanes  tasks waiting, by lane (a stall puts the rest of its task in front)
 */

/**
 * @param {object} run
 * @param {import('../targets/catalog.js').TargetSpec[]} run.targets
 * @param {number} run.seed
 * @param {number} run.runs  Infinity with --time
 * @param {Record<string, number>} run.weights
 * @param {number} [run.recheckRate]  the share of passing cases replayed fresh (recheck.js); 0: none
 * @param {() => boolean} run.shouldStop  polled before each task (Ctrl-C)
 * @param {() => boolean} run.outOfTime  polled before each new chunk (--time)
 */
export function scheduleChunks({ targets, seed, runs, weights, recheckRate = 0, shouldStop, outOfTime }) {
  /** @type {Host[]} */
  const hosts = groupByHost(targets).map((group, index) => ({
    ...group, countCoverage: index === 0, cases: 0, nextChunk: 0, lanes: /** @type {Host['lanes']} */ (Object.fromEntries(LANES.map((lane) => [lane, /** @type {any[]} */ ([])]))),
  }));
  // Chunks are drawn in order (the first host to ask for chunk k has asked
  // for every chunk before it), as steering needs.
  const steering = new SteeredRun({ seed, weights });
  /** @type {Map<number, {programs: any[], hostsToGo: number}>} chunks drawn and not yet taken by every host */
  const drawnChunks = new Map();

  /** @param {number} chunk */
  const drawChunk = (chunk) => {
    let drawn = drawnChunks.get(chunk);
    if (drawn === undefined) {
      const numRuns = Math.min(CHUNK_SIZE, runs - chunk * CHUNK_SIZE);
      drawn = { programs: steering.draw(chunk, numRuns).map(({ program }) => program), hostsToGo: hosts.length };
      drawnChunks.set(chunk, drawn);
    }
    if (--drawn.hostsToGo === 0) drawnChunks.delete(chunk);
    return drawn.programs;
  };

  /** Puts the host's next chunk in its lanes; false when the run has no more. @param {Host} host */
  const generateChunk = (host) => {
    if (shouldStop() || outOfTime() || host.nextChunk * CHUNK_SIZE >= runs) return false;
    const chunk = host.nextChunk++;
    const parts = Object.fromEntries(LANES.map((lane) => [lane, { indices: /** @type {number[]} */ ([]), programs: /** @type {any[]} */ ([]) }]));
    drawChunk(chunk).forEach((program, index) => {
      const part = parts[laneOf(program)];
      part.indices.push(index);
      part.programs.push(program);
    });
    for (const lane of LANES) {
      if (parts[lane].indices.length > 0) {
        const recheck = sampleChunk({ seed, rate: recheckRate, chunk, ...parts[lane], targets: host.targets, chunkSize: CHUNK_SIZE });
        host.lanes[lane].push({ kind: 'chunk', seed, chunk, lane, targets: host.targets, countCoverage: host.countCoverage, recheck, ...parts[lane] });
      }
    }
    return true;
  };

  /**
   * The next task for the member in `slot` of `host`'s pool: its lane's, or
   * undefined when it has none for now (the pool asks again) or for good.
   * @param {Host} host @param {number} slot
   */
  const nextTask = (host, slot) => {
    if (shouldStop()) return undefined;
    const queue = host.lanes[laneOfSlot(slot)];
    while (queue.length === 0) {
      if (LANES.some((lane) => host.lanes[lane].length >= MAX_BACKLOG) || !generateChunk(host)) return undefined;
    }
    return queue.shift();
  };

  /**
   * Generates the host's next chunk now unless one is already waiting:
   * called when the main thread is otherwise idle (the run's start, after a
   * task is handed out), so that no thread waits for its next chunk.
   * @param {Host} host
   */
  const generateAhead = (host) => {
    if (LANES.reduce((waiting, lane) => waiting + host.lanes[lane].length, 0) < 2) generateChunk(host);
  };

  return { hosts, nextTask, generateAhead, steering };
}

/**
 * Puts a task in front of its lane: the rest of a stalled task runs next.
 * @param {Host} host @param {{lane: import('./lanes.js').Lane}} task
 */
export function runNext(host, task) {
  host.lanes[task.lane].unshift(task);
}
