// The shared heartbeat between a pool worker and the pool's watchdog
// (pool.js): an Int32Array over a SharedArrayBuffer that the worker updates
// before each step, so the main thread knows, without a message, that the
// worker moves on, and which case and target it was on when it stopped.

/** [beat counter, case index, target index] */
const HEARTBEAT_SLOTS = 3;

/**
 * @typedef {object} Heartbeat
 * @property {number} caseIndex  the case the worker was on (-1: none yet)
 * @property {number} targetIndex  the target it was running (-1: the oracle or none)
 */

/**
 * Records that the worker starts a step. Called for every case and target:
 * an Atomics store is a few nanoseconds.
 * @param {Int32Array} heartbeat
 * @param {number} caseIndex
 * @param {number} targetIndex
 */
export function beat(heartbeat, caseIndex, targetIndex) {
  Atomics.store(heartbeat, 1, caseIndex);
  Atomics.store(heartbeat, 2, targetIndex);
  Atomics.add(heartbeat, 0, 1);
}

/** @returns {Int32Array} a fresh heartbeat, on no case yet */
export function newHeartbeat() {
  const heartbeat = new Int32Array(new SharedArrayBuffer(HEARTBEAT_SLOTS * Int32Array.BYTES_PER_ELEMENT));
  heartbeat[1] = -1;
  heartbeat[2] = -1;
  return heartbeat;
}

/**
 * @param {Int32Array} heartbeat
 * @returns {Heartbeat}
 */
export function readHeartbeat(heartbeat) {
  return { caseIndex: Atomics.load(heartbeat, 1), targetIndex: Atomics.load(heartbeat, 2) };
}
