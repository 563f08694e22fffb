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
