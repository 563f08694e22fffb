// What must end before a command returns: the browsers and the page server,
// when a command started them (sessions.js registers itself here). The CLI
// waits for this after every command, so that the process ends on its own
// and leaves nothing behind; importing it costs nothing when no browser ran.

/** @type {(() => Promise<void>) | undefined} */
let stopper;

/** @param {() => Promise<void>} stop called once, when the command is done */
export function whenDone(stop) {
  stopper = stop;
}

/** Ends what a command started, if it started anything. */
export async function shutdown() {
  const stop = stopper;
  stopper = undefined;
  await stop?.();
}
