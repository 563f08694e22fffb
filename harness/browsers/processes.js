// What the launchers share: how long a browser may take to start, and how
// clonecheck ends what it started (every browser, driver and X server leads a
// process group of its own: sessions.js, watchdog.js).

/** A browser that does not start by then never will (Firefox takes 2-4 s here). */
export const LAUNCH_TIMEOUT_MS = 60_000;

/**
 * Kills a process group, if it still exists.
 * @param {number} group
 */
export function killGroup(group) {
  try {
    process.kill(-group, 'SIGKILL');
  } catch {
    // Gone already.
  }
}

/**
 * Waits for `promise` (a rejection counts as settled), or `ms` at most. The
 * timer goes with it: one left pending held the process's exit for its
 * whole length after every run (5 s of a 26 s chromium:clone run).
 * @param {Promise<unknown>} promise
 * @param {number} ms
 * @returns {Promise<boolean>} whether it settled in time
 */
export function settledWithin(promise, ms) {
  let timer;
  const late = new Promise((resolve) => { timer = setTimeout(() => resolve(false), ms); });
  return Promise.race([promise.then(() => true, () => true), late]).finally(() => clearTimeout(timer));
}
