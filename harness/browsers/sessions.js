// The browsers of this clonecheck process: one per browser runtime, started
// when its first agent page is asked for and reused by every pool after
// that (fuzzing, shrinking, repro, conform), and the one page server they
// all load from. A browser that dies is started again for the next page.
//
// Clean-up, whatever way the run ends: stopBrowsers() at the end of every
// command (harness/cli.js); on exit (a third Ctrl-C, process.exit) and on
// SIGTERM, SIGINT and SIGHUP when no command handles them, every process group
// is killed synchronously; and a watchdog process (watchdog.js) that
// outlives this one kills them when this process dies without a word (kill -9).

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from './launch.js';
import { killGroup } from './processes.js';
import { startPageServer } from './server.js';
import { whenDone } from './shutdown.js';

/** @type {Promise<import('./server.js').PageServer> | undefined} */
let server;
/** @type {Map<string, Promise<import('./launch.js').LaunchedBrowser>>} by runtime name */
const browsers = new Map();
/** @type {Set<number>} the process groups of every browser alive */
const groups = new Set();
/** @type {import('node:child_process').ChildProcess | undefined} */
let watchdog;

/** @returns {Promise<import('./server.js').PageServer>} */
export function pageServer() {
  if (server === undefined) {
    whenDone(stopBrowsers);
    server = startPageServer();
  }
  return server;
}

/**
 * The running browser of a runtime, started if there is none.
 * @param {import('../runtimes.js').Runtime} runtime a browser runtime
 * @returns {Promise<import('./launch.js').LaunchedBrowser>}
 */
export function browserFor(runtime) {
  let browser = browsers.get(runtime.name);
  if (browser === undefined) {
    browser = launch(runtime);
    browsers.set(runtime.name, browser);
    // One that failed to start is tried again by the next page that asks.
    browser.catch(() => browsers.delete(runtime.name));
  }
  return browser;
}

/** @param {import('../runtimes.js').Runtime} runtime */
async function launch(runtime) {
  whenDone(stopBrowsers);
  guardExit();
  // Before the browser starts: the watchdog looks for it while it does.
  watchdog ??= startWatchdog();
  const browser = await launchBrowser(runtime);
  for (const group of browser.processGroups) watch(group);
  const current = browsers.get(runtime.name);
  browser.onGone(() => {
    if (browsers.get(runtime.name) === current) browsers.delete(runtime.name);
    forget(browser);
  });
  return browser;
}

/** @type {WeakSet<import('./launch.js').LaunchedBrowser>} browsers clonecheck ended itself, to be rid of a hung page */
const restarted = new WeakSet();

/**
 * Restarts a runtime's browser, to be rid of a page that would not close
 * (WebKitWebDriver cannot switch to a hung window): the other pages in it
 * open again in the new one (page-member.js), and go on with their tasks.
 * @param {import('../runtimes.js').Runtime} runtime
 */
export async function restartBrowser(runtime) {
  const browser = browsers.get(runtime.name);
  browsers.delete(runtime.name);
  if (browser === undefined) return;
  const running = await browser.catch(() => undefined);
  if (running === undefined) return;
  restarted.add(running);
  for (const group of running.processGroups) killGroup(group);
  forget(running);
}

/** @param {import('./launch.js').LaunchedBrowser} browser @returns {boolean} whether clonecheck ended it (it did not die) */
export function wasRestarted(browser) {
  return restarted.has(browser);
}

/** @param {number} group */
function watch(group) {
  groups.add(group);
  watchdog ??= startWatchdog();
  watchdog.stdin?.write(`+${group}\n`);
}

/** @param {import('./launch.js').LaunchedBrowser} browser */
function forget(browser) {
  for (const group of browser.processGroups) {
    if (groups.delete(group)) watchdog?.stdin?.write(`-${group}\n`);
  }
}

/** Set in this process's environment, so every browser, driver and X server started after it inherits it (watchdog.js). */
const WATCHED_BY = 'CLONECHECK_WATCHED_BY';

function startWatchdog() {
  process.env[WATCHED_BY] = String(process.pid);
  const mark = `${WATCHED_BY}=${process.pid}`;
  const child = spawn(process.execPath, [fileURLToPath(new URL('./watchdog.js', import.meta.url)), String(process.pid), mark], {
    stdio: ['pipe', 'ignore', 'ignore'], detached: true,
  });
  child.stdin.on('error', () => {});
  // It must not keep this process alive, nor be ended by a Ctrl-C meant for it.
  child.unref();
  /** @type {any} */ (child.stdin).unref?.();
  return child;
}

let guarded = false;

/** Kills every browser at once (synchronous: exit handlers and signals). */
function killAll() {
  for (const group of groups) killGroup(group);
  groups.clear();
}

/**
 * On exit, and on a signal nobody else handles, the browsers go first. A
 * command that handles SIGINT itself (fuzz: the first Ctrl-C stops the run
 * gracefully) keeps its handler; its last resort, process.exit, runs the exit hook.
 */
function guardExit() {
  if (guarded) return;
  guarded = true;
  process.on('exit', killAll);
  for (const [signal, code] of /** @type {const} */ ([['SIGTERM', 143], ['SIGHUP', 129], ['SIGINT', 130]])) {
    process.on(signal, () => {
      if (process.listenerCount(signal) > 1) return;
      killAll();
      process.exit(code);
    });
  }
}

/** Ends every browser and the page server; the watchdog goes with nothing left to kill. */
export async function stopBrowsers() {
  // Until none is left: a browser may be asked for while others close.
  while (browsers.size > 0) {
    const running = [...browsers.values()];
    browsers.clear();
    await Promise.all(running.map(async (starting) => {
      const browser = await starting.catch(() => undefined);
      if (browser === undefined) return;
      await browser.close();
      forget(browser);
    }));
  }
  const stopping = server;
  server = undefined;
  await (await stopping)?.close();
  watchdog?.stdin?.end();
  watchdog = undefined;
}
