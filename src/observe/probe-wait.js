// The wait of the asynchronous observation probes (observe.js `probePorts`,
// probe-streams.js `probeStreams`): until what the probe posted or wrote has
// all arrived, or a bound for what never comes.

/**
 * How long a probe waits for a message or a chunk that may never come. A
 * conforming clone never makes it wait so long: only a lost message or an
 * unfinished stream does, which is the deviation itself. 20 ms, then 200 ms,
 * were too short under a loaded fuzz run (Firefox ESR 153's transferred
 * port; a Node 20 transferred WritableStream, whose chunk crosses a port
 * twice; Firefox at nice 19 under load 10: false `received` and
 * `delivered` deviations that repro did not show).
 */
export const PROBE_WAIT_MS = 1000;

const PromiseCtor = Promise;
const setTimeoutCaptured = globalThis.setTimeout;
const clearTimeoutCaptured = globalThis.clearTimeout;

/**
 * Settles when the probe calls the `wake` it is handed, or after
 * PROBE_WAIT_MS. The timer is cleared once woken: a pending one would keep
 * a runtime's event loop alive that long.
 * @param {(wake: () => void) => void} arm given `wake`, before the wait starts
 * @returns {Promise<void>}
 */
export function probeWait(arm) {
  return new PromiseCtor((resolve) => {
    /** @type {any} */
    let timer;
    let woken = false;
    const wake = () => {
      if (woken) return;
      woken = true;
      if (timer !== undefined) clearTimeoutCaptured(timer);
      resolve(undefined);
    };
    arm(wake);
    if (!woken) timer = setTimeoutCaptured(wake, PROBE_WAIT_MS);
  });
}
