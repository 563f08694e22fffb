// Timers for the QuickJS agent (agent.js imports this first: fast-check
// takes setTimeout as it loads): setTimeout and clearTimeout, which
// testharness.js, realm.js and fast-check use, on quickjs-libc's timers
// (QuickJS-ng has no global ones).

/** @type {{std: any, os: any}} */
const { std, os } = /** @type {any} */ (globalThis).clonecheckNative;
/**
 * A shell global's uncaught errors (QuickJS-ng has neither Node's process
 * events nor a window's error events): a timer callback that throws is
 * routed to the conform realm's handler (realm.js); with none, it is
 * printed and ends the agent, as an uncaught error ends a Node agent.
 * @param {unknown} error
 */
export function fatal(error) {
  std.err.puts(`uncaught in the quickjs agent: ${error instanceof Error ? `${error}\n${error.stack}` : String(error)}\n`);
  std.exit(70);
}
/** @type {(error: unknown) => void} */
let onUncaught = fatal;

/**
 * Where a timer callback's error goes from now on (a conform realm's handler, realm.js).
 * @param {(error: unknown) => void} handler
 */
export function routeUncaught(handler) {
  onUncaught = handler;
}

// setTimeout and clearTimeout, which testharness.js and realm.js use: quickjs-libc's timers.
Object.assign(globalThis, {
  setTimeout(/** @type {Function} */ callback, /** @type {number} */ delay = 0, /** @type {unknown[]} */ ...args) {
    return os.setTimeout(() => {
      try {
        callback(...args);
      } catch (error) {
        onUncaught(error);
      }
    }, delay);
  },
  clearTimeout(/** @type {unknown} */ timer) {
    if (timer !== undefined) os.clearTimeout(timer);
  },
});
