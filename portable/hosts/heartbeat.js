// The heartbeat between a pool member and the pool's watchdog (pool.js): the
// member records, before each step, which case and target it is on, so the
// main thread knows without a message that it moves on, and where it was when
// it stopped. A worker thread writes into a SharedArrayBuffer (an Atomics
// store is a few nanoseconds); an agent process (harness/agents/) writes the
// same three numbers into a small file, which outlives the process when it
// dies (one pwrite per step, ~1-2 µs).

import { closeSync, openSync, readSync, writeSync } from 'node:fs';

/** [beat counter, case index, target index] */
const HEARTBEAT_SLOTS = 3;
const HEARTBEAT_BYTES = HEARTBEAT_SLOTS * Int32Array.BYTES_PER_ELEMENT;

/**
 * @typedef {object} Heartbeat
 * @property {number} caseIndex  the case the member was on (-1: none yet)
 * @property {number} targetIndex  the target it was running; -1: none yet; -2 - i: the reference, judging target i
 *   (portable/fuzz/tasks.js oracleBeat)
 */

/**
 * @typedef {object} HeartbeatWriter  the member's side
 * @property {(caseIndex: number, targetIndex: number) => void} beat  records that a step starts
 */

/**
 * @typedef {object} HeartbeatReader  the watchdog's side
 * @property {() => number} counter  changes whenever the member beats
 * @property {() => Heartbeat} read  the last step the member started
 * @property {() => void} close
 */

/** @param {ArrayBuffer | SharedArrayBuffer} [buffer] @returns {Int32Array} fresh cells, on no case yet */
function freshCells(buffer = new ArrayBuffer(HEARTBEAT_BYTES)) {
  const cells = new Int32Array(buffer);
  cells[1] = -1;
  cells[2] = -1;
  return cells;
}

/** @param {Int32Array} cells @returns {Heartbeat} */
function heartbeatOf(cells) {
  return { caseIndex: cells[1], targetIndex: cells[2] };
}

/** @returns {SharedArrayBuffer} the memory a worker thread beats into (handed over in workerData) */
export function newSharedHeartbeat() {
  return /** @type {SharedArrayBuffer} */ (freshCells(new SharedArrayBuffer(HEARTBEAT_BYTES)).buffer);
}

/** @param {SharedArrayBuffer} memory @returns {HeartbeatWriter} */
export function sharedHeartbeatWriter(memory) {
  const cells = new Int32Array(memory);
  return {
    beat(caseIndex, targetIndex) {
      Atomics.store(cells, 1, caseIndex);
      Atomics.store(cells, 2, targetIndex);
      Atomics.add(cells, 0, 1);
    },
  };
}

/** @param {SharedArrayBuffer} memory @returns {HeartbeatReader} */
export function sharedHeartbeatReader(memory) {
  const cells = new Int32Array(memory);
  return {
    counter: () => Atomics.load(cells, 0),
    read: () => ({ caseIndex: Atomics.load(cells, 1), targetIndex: Atomics.load(cells, 2) }),
    close() {},
  };
}

/**
 * Creates (or resets) the heartbeat file of one agent process.
 * @param {string} path
 * @returns {HeartbeatReader}
 */
export function fileHeartbeatReader(path) {
  const fd = openSync(path, 'w+');
  writeSync(fd, freshCells(), 0, HEARTBEAT_BYTES, 0);
  const cells = freshCells();
  const load = () => {
    readSync(fd, cells, 0, HEARTBEAT_BYTES, 0);
    return cells;
  };
  return {
    counter: () => load()[0],
    read: () => heartbeatOf(load()),
    close: () => closeSync(fd),
  };
}

/**
 * The agent's side of a heartbeat file made by fileHeartbeatReader.
 * @param {string} path
 * @returns {HeartbeatWriter}
 */
export function fileHeartbeatWriter(path) {
  const fd = openSync(path, 'r+');
  const cells = freshCells();
  return {
    beat(caseIndex, targetIndex) {
      cells[0] += 1;
      cells[1] = caseIndex;
      cells[2] = targetIndex;
      writeSync(fd, cells, 0, HEARTBEAT_BYTES, 0);
    },
  };
}
