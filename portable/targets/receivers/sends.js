// Which of a case's sends threw, for a channel whose value lands in workers
// (worker.js, broadcast.js): a case sends its value once or more before the
// first `landed` (portable/case/case.js cloneCaseElsewhere), and each
// `landed` must know whether its send reached the receivers at all.

/**
 * @typedef {object} SendLog
 * @property {() => void} reset  a new case starts (called before its sender's pollution)
 * @property {(threw: boolean) => void} record  one more send, and whether it threw
 *   (called while the sender's pollution is in place)
 * @property {() => boolean} nextThrew  whether the send the next `landed` answers for threw
 * @property {() => number} done  the sends so far
 * @property {() => number} failed  those that threw
 */

/** @returns {SendLog} */
export function sendLog() {
  // A null-prototype record, filled under pollution: no inherited setter runs.
  /** @type {Record<number, boolean> & {__proto__?: null}} */
  let threw = { __proto__: null };
  let sends = 0;
  let failures = 0;
  let landings = 0;
  return {
    reset() {
      threw = { __proto__: null };
      sends = 0;
      failures = 0;
      landings = 0;
    },
    record(didThrow) {
      threw[sends++] = didThrow;
      if (didThrow) failures += 1;
    },
    nextThrew() {
      return threw[landings++] === true;
    },
    done: () => sends,
    failed: () => failures,
  };
}
