// What a conform pool member does (a worker thread of this Node, worker.js,
// an agent process of another runtime, portable/hosts/agent.js, or a
// browser's agent page, portable/hosts/page/agent.js): load its
// one target (a module target's clone becomes the global structuredClone),
// then run one test file in this global (realm.js) and answer with its
// results. The pool gives every file a fresh member, so every file has a
// fresh global, as every WPT test has its own page.

import { runClassicScript } from '../hosts/classic-script.js';
import { openChannel } from './channels.js';
import { runTestFile } from './realm.js';

/** The WebIDL options dictionary's conversion error, as a host's own structuredClone words it. */
const NOT_A_DICTIONARY = "Failed to execute 'structuredClone': The provided value is not of type 'StructuredSerializeOptions'.";

/**
 * Loads the member's target: a module target's clone function becomes the
 * global structuredClone (as a polyfill installs itself); a runtime keeps its own.
 * @param {import('../../harness/conform/targets.js').ConformTarget[]} targets one
 */
export async function loadTargets([target]) {
  if (target.cloneModuleURL === undefined) return;
  // The reference asks Node what script cannot see (Proxy, Promise slots), as it does when fuzzing.
  const { installNodeHostHooks } = await import('../hosts/node-host.js');
  installNodeHostHooks();
  const { default: clone } = await import(target.cloneModuleURL);
  const TypeErrorCtor = TypeError;
  const PromiseCtor = Promise;
  /**
   * structuredClone(value, options): WebIDL's dictionary conversion, then the module's clone.
   * @param {unknown} value
   * @param {any} [options]  whatever the test passes: the conversion is under test
   */
  function structuredClone(value, options = undefined) {
    if (arguments.length === 0) throw new TypeErrorCtor("Failed to execute 'structuredClone': 1 argument required, but only 0 present.");
    let transfer;
    if (options !== undefined && options !== null) {
      if (typeof options !== 'object' && typeof options !== 'function') throw new TypeErrorCtor(NOT_A_DICTIONARY);
      transfer = options.transfer;
    }
    const result = clone(value, { transfer, forStorage: false, spec: target.profile });
    if (result instanceof PromiseCtor) throw new TypeErrorCtor(`${target.name} returned a Promise: conform installs it as the synchronous structuredClone`);
    return result;
  }
  // As the host's own: writable, configurable, not enumerable.
  Object.defineProperty(globalThis, 'structuredClone', { value: structuredClone, writable: true, configurable: true, enumerable: false });
}

/**
 * @typedef {object} FileTask
 * @property {'file'} kind
 * @property {import('./realm.js').Source} harness  testharness.js
 * @property {import('./realm.js').Source[]} scripts  the file's includes, in order
 * @property {import('./realm.js').Source} test
 * @property {string} url  the test's URL, a path and its variant's query: `/channels.any.js?channel=worker` (location, realm.js)
 * @property {string} [channel]  the channel the variant names (channels.js): opened before the scripts run
 * @property {number} timeoutMs
 */

/**
 * @param {FileTask} task
 * @param {import('../hosts/heartbeat.js').HeartbeatWriter} heartbeat
 * @returns {Promise<import('./realm.js').FileResult>}
 */
export function runTask(task, heartbeat) {
  return runFileTask(task, heartbeat, typeof globalThis.process === 'undefined' ? PAGE : RUNTIME);
}

/** A shell global's host: a reserved name no one serves, since nothing is fetched from it. */
const SHELL_HOST = 'clonecheck.invalid';

/**
 * A shell global's location (a runtime's main global, a worker thread, the
 * QuickJS agent): it has none (Deno's is empty without --location), so it
 * gets the test's URL at an origin no one serves, as WPT's runners for shells
 * give one. Not a URL object: QuickJS-ng has no URL.
 * @param {string} url a path, its query and fragment
 */
export function locateShell(url) {
  const [withoutHash, hash = ''] = url.split(/(?=#)/);
  const [pathname, search = ''] = withoutHash.split(/(?=\?)/);
  const origin = `http://${SHELL_HOST}`;
  const href = `${origin}${url}`;
  const location = {
    href, origin, protocol: 'http:', host: SHELL_HOST, hostname: SHELL_HOST, port: '',
    pathname, search: search === '?' ? '' : search, hash: hash === '#' ? '' : hash, toString: () => href,
  };
  Object.defineProperty(globalThis, 'location', { value: location, writable: true, configurable: true, enumerable: false });
}

/**
 * @typedef {Omit<import('./realm.js').RealmHost, 'beat' | 'runScript'> & {notServed?: (url: string) => Promise<string[]>}} FileTaskHost
 *   how this global's uncaught errors reach testharness, and where it has a server (a page): what the
 *   server answered 404 to the page at the test's URL since it last asked (harness/browsers/server.js)
 */

/**
 * A runtime's main global (an agent) or a worker thread: Node's uncaught events.
 * @type {FileTaskHost}
 */
const RUNTIME = {
  routeUncaught(onError, onRejection) {
    process.on('uncaughtException', onError);
    process.on('unhandledRejection', onRejection);
  },
  locate: locateShell,
};

/** The page's fetch and JSON, taken before any test can replace them (a fresh page per file: as it loads). */
const pageFetch = globalThis.fetch;
const parseJSON = JSON.parse;

/**
 * A browser's agent page (portable/hosts/page/agent.js), a fresh one per
 * file: its own error events, a load event once the scripts have run, as a
 * test page's would fire, and the page server's list of what it refused.
 * @type {FileTaskHost}
 */
const PAGE = {
  routeUncaught(onError, onRejection) {
    const scope = /** @type {any} */ (globalThis);
    scope.addEventListener('error', (/** @type {ErrorEvent} */ event) => {
      event.preventDefault();
      onError(event.error ?? event.message);
    });
    scope.addEventListener('unhandledrejection', (/** @type {PromiseRejectionEvent} */ event) => {
      event.preventDefault();
      onRejection(event.reason);
    });
  },
  scriptsDone: () => globalThis.dispatchEvent(new Event('load')),
  // The page's own location, made the test's URL as a test page's would be (same origin: nothing is loaded).
  locate: (url) => history.replaceState(null, '', url),
  notServed: async (url) => parseJSON(await (await pageFetch(`/clonecheck/not-served?url=${encodeURIComponent(url)}`, { cache: 'no-store' })).text()),
};

/**
 * One file task in this global, with the channel its variant names.
 * @param {FileTask} task
 * @param {import('../hosts/heartbeat.js').HeartbeatWriter} heartbeat
 * @param {FileTaskHost} host
 * @returns {Promise<import('./realm.js').FileResult & {notServed?: string[]}>}  `notServed`: the resources the
 *   test asked a page server for and did not get (not-applicable.js), when there were any
 */
export async function runFileTask(task, heartbeat, host) {
  heartbeat.beat(0, 0);
  const channelName = task.channel;
  const channel = channelName === undefined ? undefined : await openChannel(channelName);
  // What wpt/resources/channel.js finds for the channel the test's URL names.
  if (channel !== undefined) /** @type {any} */ (globalThis).clonecheck_channels = { [/** @type {string} */ (channelName)]: channel.clone };
  // What an earlier page at this URL was refused (one that hung before it asked) is not this one's.
  await host.notServed?.(task.url);
  try {
    const result = await runTestFile(
      { harness: task.harness, scripts: task.scripts, test: task.test, url: task.url, timeoutMs: task.timeoutMs },
      // This host's way to run a classic script: each family's `classicScripts` stands in for the import (portable/families/).
      { ...host, runScript: runClassicScript, beat: (index) => heartbeat.beat(index, 0) },
    );
    const notServed = await host.notServed?.(task.url) ?? [];
    return notServed.length === 0 ? result : { ...result, notServed };
  } finally {
    channel?.close();
  }
}
