// Which chunk goes where. Each host (this process's threads, or one
// runtime's agents) runs every case on its targets, at its own pace, drawing
// the chunks in order; a chunk's programs are generated once, here on the
// main thread, and shared by every host.
//
// Programs run in two lanes. A program with realm steps (sender or receiver
// pollution) invalidates V8's protectors (array iteration, species, no
// elements on the prototypes) for its whole isolate, and everything that
// isolate runs afterwards takes a slow path: fast-check's generation got 4-6x
// slower in a worker that had judged such programs, and a case ~35% slower.
// So the main thread generates (and runs none), slot 0 takes the polluting
// programs first (and clean ones when there are none), and the other slots
// keep clean isolates: they take polluting work only at the end of the run or
// when that lane falls behind.
//
// Each host's next chunk is generated ahead, while its threads work on the
// ones before (`generateAhead`): generated only when a thread asked for work,
// a chunk kept that thread, and the one waiting behind it, idle for the
// ~25 ms (warm) to ~400 ms (the first chunk, cold) it took.

import { CHUNK_SIZE, SteeredRun } from '../../fuzzers/steering.js';
import { laneOf } from './lanes.js';
import { groupByHost } from '../targets/catalog.js';

/** Polluting tasks waiting before the clean slots help with them. */
const POLLUTING_BACKLOG = 4;

/**
 * @typedef {object} Host
 * @property {import('../runtimes.js').Runtime} [agent]  the runtime whose agents run it; none: this process's threads
 * @property {import('../targets/catalog.js').TargetSpec[]} targets
 * @property {boolean} countCoverage  guard coverage is a property of the cases: counted by one host only
 * @property {number} cases  cases judged so far
 * @property {number} nextChunk
 * @property {{clean: any[], polluting: any[]}} lanes  tasks waiting, by lane (a stall puts the rest of its task in front)
 */

/**
 * @param {object} run
 * @param {import('../targets/catalog.js').TargetSpec[]} run.targets
 * @param {number} run.seed
 * @param {number} run.runs  Infinity with --time
 * @param {Record<string, number>} run.weights
 * @param {() => boolean} run.shouldStop  polled before each task (Ctrl-C)
 * @param {() => boolean} run.outOfTime  polled before each new chunk (--time)
 */
export function scheduleChunks({ targets, seed, runs, weights, shouldStop, outOfTime }) {
  /** @type {Host[]} */
  const hosts = groupByHost(targets).map((group, index) => ({
    ...group, countCoverage: index === 0, cases: 0, nextChunk: 0, lanes: { clean: [], polluting: [] },
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
    const parts = { clean: { indices: [], programs: [] }, polluting: { indices: [], programs: [] } };
    drawChunk(chunk).forEach((program, index) => {
      const part = parts[laneOf(program)];
      part.indices.push(index);
      part.programs.push(program);
    });
    for (const lane of /** @type {const} */ (['clean', 'polluting'])) {
      if (parts[lane].indices.length > 0) {
        host.lanes[lane].push({ kind: 'chunk', seed, chunk, lane, targets: host.targets, countCoverage: host.countCoverage, ...parts[lane] });
      }
    }
    return true;
  };

  /** The next task for the thread or agent in `slot` of `host`'s pool. @param {Host} host @param {number} slot */
  const nextTask = (host, slot) => {
    if (shouldStop()) return undefined;
    const { lanes } = host;
    for (;;) {
      if (slot === 0) {
        // The polluting lane first; clean work when there is none (its isolate is slow anyway).
        if (lanes.polluting.length > 0) return lanes.polluting.shift();
        if (lanes.clean.length > 0) return lanes.clean.shift();
      } else {
        if (lanes.clean.length > 0) return lanes.clean.shift();
        if (lanes.polluting.length > POLLUTING_BACKLOG) return lanes.polluting.shift();
      }
      if (!generateChunk(host)) return lanes.clean.shift() ?? lanes.polluting.shift();
    }
  };

  /**
   * Generates the host's next chunk now unless one is already waiting:
   * called when the main thread is otherwise idle (the run's start, after a
   * task is handed out), so that no thread waits for its next chunk.
   * @param {Host} host
   */
  const generateAhead = (host) => {
    if (host.lanes.clean.length + host.lanes.polluting.length < 2) generateChunk(host);
  };

  return { hosts, nextTask, generateAhead, steering };
}

/**
 * Puts a task in front of its lane: the rest of a stalled task runs next.
 * @param {Host} host @param {{lane: 'clean' | 'polluting'}} task
 */
export function runNext(host, task) {
  host.lanes[task.lane].unshift(task);
}
