// The targets clonecheck can fuzz, by name (docs/targets.md):
//  - in this process's worker threads: the reference (`ref:`), polyfills,
//    a user's module (`impl:PATH`), and this Node's channels (`node:CHANNEL`);
//  - in agent processes (harness/agents/): every other runtime's channels,
//    `RUNTIME[@VERSION]:CHANNEL` (harness/runtimes.js);
//  - in agent pages (harness/browsers/): every browser's channels,
//    `chromium:CHANNEL`, `firefox:CHANNEL`, `webkit:CHANNEL`;
//  - in QuickJS-ng's agent (the native harness built as one,
//    harness/native/): `quickjs:message` and `quickjs:ref`.
// A target is a channel module (portable/targets/clone-functions/, or the
// user's module) plus the way the channel reshapes programs.

import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { NotInstalledError, RuntimeError, builtRuntimeNames, cachedRuntimeNames, pinnedRuntimeNames, resolveRuntime } from '../runtimes.js';
import { BROWSERS, browserNames } from '../browsers/browsers.js';
import { FEATURES } from '../agents/features.js';
import { runtimeFeatures } from '../agents/runtime-features.js';
import { TargetError, loadTarget } from '../../portable/targets/load.js';

/**
 * @typedef {object} TargetSpec
 * @property {string} name  as typed on the command line
 * @property {string} description
 * @property {string} moduleURL  the channel module
 * @property {string} channel  how programs are reshaped: a name in load.js `channels` (programs.js)
 * @property {boolean} external  the module is the user's: a repro imports it instead of bundling it
 * @property {import('../runtimes.js').Runtime} [runtime]  for RUNTIME:CHANNEL targets; its agents run them unless it is this Node
 * @property {string} [profile]  the spec profile the reference follows judging it (`--spec`, src/html/profiles.js); default `html`
 */

export { TargetError, channels, loadTarget } from '../../portable/targets/load.js';

const channelModule = (file) => new URL(`../../portable/targets/clone-functions/${file}`, import.meta.url).href;

/** @type {Record<string, {description: string, moduleURL: string, channel: string}>} */
const BUILT_IN = {
  'ref:spec': {
    description: 'the reference engine, spec path only (the oracle)',
    moduleURL: channelModule('reference-spec.js'), channel: 'asIs',
  },
  'ref:tiers': {
    description: 'the reference engine with its fast-path tiers',
    moduleURL: channelModule('reference-tiers.js'), channel: 'asIs',
  },
  'polyfill:@ungap/structured-clone': {
    description: '@ungap/structured-clone (its own serialize/deserialize, not the native fallback)',
    moduleURL: channelModule('ungap.js'), channel: 'withoutStorage',
  },
  'polyfill:core-js': {
    description: "core-js's structuredClone polyfill (core-js-pure/actual/structured-clone)",
    moduleURL: channelModule('core-js.js'), channel: 'withoutStorage',
  },
  'polyfill:realistic-structured-clone': {
    description: 'realistic-structured-clone',
    moduleURL: channelModule('realistic.js'), channel: 'withoutStorage',
  },
};

const RUNTIME_FAMILIES = ['node', 'bun', 'deno'];
const EVERY_FAMILY = [...RUNTIME_FAMILIES, ...browserNames];

/** Why QuickJS-ng has none of the web platform's channels. */
const NO_STRUCTURED_CLONE = 'QuickJS-ng has no structuredClone, MessageChannel, web Worker or BroadcastChannel';

/**
 * The channels of every runtime (`RUNTIME:CHANNEL`): the module, how it
 * reshapes programs, the families that have it (a browser has no engine
 * serializer as a library; only a browser has frames and IndexedDB;
 * QuickJS-ng has only its serializer), why the others lack it, what it
 * does in a runtime of some family, and what it needs of a node, bun or
 * deno of that family (harness/agents/features.js), which some versions lack.
 * @type {Record<string, {moduleURL: string, channel: string, families: string[], lacking: (family: string) => string, describe: (family: string) => string,
 *   needs?: (family: string) => string[]}>}
 */
const CHANNELS = {
  clone: {
    moduleURL: channelModule('host-structured-clone.js'), channel: 'withoutStorage', families: EVERY_FAMILY, lacking: () => NO_STRUCTURED_CLONE,
    describe: () => 'structuredClone(value, {transfer})', needs: () => ['structuredClone'],
  },
  'clone-transfer': {
    moduleURL: channelModule('host-structured-clone.js'), channel: 'withTransferList', families: EVERY_FAMILY, lacking: () => NO_STRUCTURED_CLONE,
    describe: () => 'structuredClone with a non-empty transfer list (an extra buffer when the program has none)', needs: () => ['structuredClone'],
  },
  messagechannel: {
    moduleURL: channelModule('message-channel.js'), channel: 'withoutStorage', families: EVERY_FAMILY, lacking: () => NO_STRUCTURED_CLONE,
    describe: () => 'MessageChannel: port1.postMessage(value, transfer), received on port2', needs: () => ['MessageChannel'],
  },
  worker: {
    moduleURL: channelModule('worker.js'), channel: 'withoutStorage', families: EVERY_FAMILY, lacking: () => NO_STRUCTURED_CLONE,
    describe: (family) => `${family === 'node' ? 'worker_threads' : family === 'bun' || family === 'deno' ? 'web' : 'dedicated'} Worker: `
      + 'postMessage(value, transfer), set up and observed in the worker',
    needs: (family) => [family === 'node' ? 'getBuiltinModule' : 'Worker'],
  },
  broadcast: {
    moduleURL: channelModule('broadcast.js'), channel: 'withoutTransfer', families: EVERY_FAMILY, lacking: () => NO_STRUCTURED_CLONE,
    describe: () => 'BroadcastChannel to three workers, each set up and observed there (no transfer list)',
    needs: (family) => ['BroadcastChannel', family === 'node' ? 'getBuiltinModule' : 'Worker'],
  },
  wire: {
    moduleURL: channelModule('wire.js'), channel: 'withoutTransfer', families: RUNTIME_FAMILIES,
    lacking: (family) => (family === 'quickjs' ? 'QuickJS-ng\'s serializer is its `message` channel'
      : 'a browser has no structured clone serializer a script can call as a library'),
    describe: (family) => `${family === 'bun' ? 'bun:jsc' : 'node:v8'} serialize then deserialize (no transfer list)`,
  },
  iframe: {
    moduleURL: channelModule('iframe.js'), channel: 'withoutStorage', families: browserNames, lacking: () => 'only a browser has frames',
    describe: () => 'postMessage(value, origin, transfer) to a same-origin iframe (a second realm in the same agent), set up and observed there',
  },
  storage: {
    moduleURL: channelModule('storage.js'), channel: 'withStorage', families: browserNames, lacking: () => 'only a browser has IndexedDB',
    describe: () => 'IndexedDB put, then get in a new transaction (StructuredSerializeForStorage; no transfer list)',
  },
  message: {
    // quickjs-libc's postMessage reads its first argument only: a transfer list is ignored.
    moduleURL: channelModule('quickjs-message.js'), channel: 'withoutTransfer', families: ['quickjs'],
    lacking: () => 'it is QuickJS-ng\'s serializer, a native function of its agent',
    describe: () => 'JS_WriteObject2 then JS_ReadObject with its worker postMessage\'s flags (SAB, references; no transfer list)',
  },
  ref: {
    moduleURL: channelModule('reference-tiers.js'), channel: 'asIs', families: ['quickjs'],
    lacking: () => 'it is the reference running inside QuickJS-ng; the one in this Node is ref:tiers',
    describe: () => 'the reference engine with its fast-path tiers, running in QuickJS-ng (the oracle runs there too)',
  },
};

/**
 * How a channel reshapes programs on a runtime (load.js `channels`): a
 * browser's page cannot set up its window's indices, one without
 * SharedArrayBuffer (WebKitGTK) gets ArrayBuffers in their place, and
 * QuickJS-ng, which has no Blob or File, ordinary objects in theirs; only a
 * window can make a FileList, so a browser's channels to workers (where
 * their oracle builds the program) get ordinary objects in its place (programs.js).
 * @param {string} channelName a key of CHANNELS @param {import('../runtimes.js').Runtime} runtime
 */
function reshapingOn(channelName, runtime) {
  const { channel, moduleURL } = CHANNELS[channelName];
  if (runtime.family === 'quickjs') return `${channel}+shell`;
  if (runtime.browser === undefined) return channel;
  const unshared = BROWSERS[runtime.browser].sharedArrayBuffer ? '' : '+unshared';
  return `${channel}+window${unshared}${receivedInWorkers(moduleURL) ? '+workers' : ''}`;
}

/** What every target of a node, bun or deno needs: the reference runs in its agents too, as the oracle. */
const ORACLE_NEEDS = ['resizableArrayBuffer'];

/**
 * Why a runtime cannot run a channel's targets, or undefined when it can:
 * what a node, bun or deno of this version lacks (features.js), or why
 * clonecheck's agents do not run there at all. A browser's and QuickJS-ng's
 * own machinery says what they lack.
 * @param {import('../runtimes.js').Runtime} runtime
 * @param {string} channelName a key of CHANNELS
 * @returns {Promise<string | undefined>}
 */
async function unavailability(runtime, channelName) {
  if (!RUNTIME_FAMILIES.includes(runtime.family)) return undefined;
  let features;
  try {
    features = await runtimeFeatures(runtime);
  } catch (error) {
    if (error instanceof RuntimeError) return error.message;
    throw error;
  }
  const missing = [...(CHANNELS[channelName].needs?.(runtime.family) ?? []), ...ORACLE_NEEDS].filter((feature) => !features[feature]);
  return missing.length === 0 ? undefined : missing.map((feature) => FEATURES[feature].lacking).join('; ');
}

/** @param {import('../runtimes.js').Runtime} runtime @returns {string} how a refusal names it: `node 16.20.2` */
const versionOf = (runtime) => `${runtime.family} ${runtime.version}`;

/** The channel names, in listing order. */
export const channelNames = Object.keys(CHANNELS);

/**
 * The channels a runtime family has (`node` → clone, …, wire), so a command
 * can refuse a channel before it installs anything (bisect).
 * @param {string} family
 * @returns {string[]}
 */
export function channelsOf(family) {
  return channelNames.filter((name) => CHANNELS[name].families.includes(family));
}

/** The names of the built-in targets that need no runtime, in listing order. */
export const builtInTargetNames = Object.keys(BUILT_IN);

/**
 * @typedef {object} ResolveOptions
 * @property {Map<string, string>} [userRuntimes]  from --runtime NAME=PATH
 * @property {Map<string, string>} [userBrowsers]  from --browser NAME=PATH
 * @property {boolean} [install]  install bun@X, deno@X, node@X when not cached (default true)
 * @property {(message: string) => void} [onInstall]  hears about installs
 */

/**
 * @param {string} name `ref:spec`, `node:clone`, `bun@1.3.9:worker`, `impl:./my-clone.mjs`, …
 * @param {ResolveOptions} [options]
 * @returns {Promise<TargetSpec>}
 * @throws {TargetError} for an unknown name, channel or runtime, or an impl: path that is not a file
 */
export async function resolveTarget(name, options = {}) {
  if (name.startsWith('impl:')) {
    const path = resolve(name.slice('impl:'.length));
    if (name.length === 'impl:'.length) throw new TargetError('impl: needs a module path, e.g. --target impl:./my-clone.mjs');
    if (!existsSync(path) || !statSync(path).isFile()) {
      throw new TargetError(`${name}: no such file ${path}; give the path of an ES module whose default export is (value, options) => clone`);
    }
    // A drop-in for structuredClone(value, {transfer}): it gets the programs
    // the global function gets (no forStorage), so a module that calls the
    // host's structuredClone finds exactly what node:clone finds.
    return {
      name, description: `your module ${path}: default export (value, {transfer}) => clone`,
      moduleURL: pathToFileURL(path).href, channel: 'withoutStorage', external: true,
    };
  }
  const builtIn = BUILT_IN[name];
  if (builtIn !== undefined) return { name, ...builtIn, external: false };
  const colon = name.lastIndexOf(':');
  if (colon <= 0 || name.startsWith('ref:') || name.startsWith('polyfill:')) {
    throw new TargetError(`unknown target '${name}'; run 'clonecheck targets' to list them`);
  }
  const runtimeName = name.slice(0, colon);
  const channelName = name.slice(colon + 1);
  const channel = CHANNELS[channelName];
  if (channel === undefined) throw new TargetError(`unknown channel '${channelName}' in ${name}; channels: ${channelNames.join(', ')}`);
  let runtime;
  try {
    runtime = await resolveRuntime(runtimeName, options);
  } catch (error) {
    if (error instanceof RuntimeError) throw new TargetError(`${name}: ${error.message}`);
    throw error;
  }
  if (!channel.families.includes(runtime.family)) {
    throw new TargetError(`${name}: ${runtimeName} has no '${channelName}' channel (${channel.lacking(runtime.family)}); its channels: ${channelsOf(runtime.family).join(', ')}`);
  }
  const refusal = await unavailability(runtime, channelName);
  if (refusal !== undefined) throw new TargetError(`${name}: not available on ${versionOf(runtime)}: ${refusal}`);
  return {
    name, description: `${runtime.family} ${runtime.version}: ${channel.describe(runtime.family)}`,
    moduleURL: channel.moduleURL, channel: reshapingOn(channelName, runtime), external: false, runtime,
  };
}

/**
 * @param {TargetSpec} spec
 * @returns {boolean} whether its value lands in receiving workers (`worker`, `broadcast`), where the
 *   oracle runs too: known from the spec alone, without loading the module (the main thread never does)
 */
export function landsInWorkers(spec) {
  return !spec.external && receivedInWorkers(spec.moduleURL);
}

/** @param {string} moduleURL a channel module @returns {boolean} whether it is `worker`'s or `broadcast`'s */
function receivedInWorkers(moduleURL) {
  return moduleURL === CHANNELS.worker.moduleURL || moduleURL === CHANNELS.broadcast.moduleURL;
}

/** @param {import('../runtimes.js').Runtime} runtime @returns {boolean} whether it has a structuredClone (QuickJS-ng has not) */
export function hasStructuredClone(runtime) {
  return CHANNELS.clone.families.includes(runtime.family);
}

/** @param {TargetSpec} spec @returns {boolean} whether agents of another runtime run it */
export function runsInAgent(spec) {
  return spec.runtime !== undefined && !spec.runtime.inProcess;
}

/**
 * The targets grouped by where they run: this process's worker threads (all
 * in-process targets together), or one group per runtime driven by agents.
 * @param {TargetSpec[]} specs
 * @returns {{host: string, agent?: import('../runtimes.js').Runtime, targets: TargetSpec[]}[]}
 */
export function groupByHost(specs) {
  /** @type {Map<string, {host: string, agent?: import('../runtimes.js').Runtime, targets: TargetSpec[]}>} */
  const groups = new Map();
  for (const spec of specs) {
    const agent = runsInAgent(spec) ? spec.runtime : undefined;
    const host = agent === undefined ? 'this process' : agent.name;
    let group = groups.get(host);
    if (group === undefined) {
      group = agent === undefined ? { host, targets: [] } : { host, agent, targets: [] };
      groups.set(host, group);
    }
    group.targets.push(spec);
  }
  return [...groups.values()];
}

/**
 * @typedef {object} TargetRow
 * @property {string} name
 * @property {string} description
 * @property {string} [runtime]
 * @property {string} [version]
 * @property {boolean} available
 * @property {boolean} [installable]  not yet: its runtime installs from the npm registry on first use
 * @property {string} [reason]  why not, or how it gets installed
 */

/**
 * Every target with its availability, for `clonecheck targets`: the built-in
 * ones (available when their module loads here), every channel of every
 * runtime that is pinned (installed or not: nothing is installed to list
 * them), cached, or given with --runtime, and every channel of each browser
 * (installed or not: nothing is started to list them) and of each --browser.
 * An installed node, bun or deno is probed once (runtime-features.js): a
 * channel its version cannot run is listed as not available, with why.
 * @param {Map<string, string>} [userRuntimes]
 * @param {Map<string, string>} [userBrowsers]
 * @returns {Promise<TargetRow[]>}
 */
export async function listTargets(userRuntimes = new Map(), userBrowsers = new Map()) {
  const rows = [];
  for (const name of builtInTargetNames) {
    const spec = await resolveTarget(name);
    try {
      await loadTarget(spec);
      rows.push({ name, description: spec.description, available: true });
    } catch (error) {
      rows.push({ name, description: spec.description, available: false, reason: error.message });
    }
  }
  const runtimeNames = [...new Set([
    'node', ...pinnedRuntimeNames, ...cachedRuntimeNames(), ...userRuntimes.keys(), ...builtRuntimeNames, ...browserNames, ...userBrowsers.keys(),
  ])];
  // Side by side: each runtime's probe (runtime-features.js) is mostly its start-up.
  for (const runtimeRows of await Promise.all(runtimeNames.map((runtimeName) => rowsOfRuntime(runtimeName, userRuntimes, userBrowsers)))) {
    rows.push(...runtimeRows);
  }
  return rows;
}

/**
 * @param {string} runtimeName
 * @param {Map<string, string>} userRuntimes
 * @param {Map<string, string>} userBrowsers
 * @returns {Promise<TargetRow[]>} a row for each of its channels
 */
async function rowsOfRuntime(runtimeName, userRuntimes, userBrowsers) {
  const rows = [];
  let runtime;
  let reason;
  let installable = false;
  try {
    runtime = await resolveRuntime(runtimeName, { userRuntimes, userBrowsers, install: false });
  } catch (error) {
    if (!(error instanceof RuntimeError)) throw error;
    reason = error.message;
    installable = error instanceof NotInstalledError;
  }
  // A runtime not found here still has its name's family (node@22, bun, chromium).
  const family = runtime?.family ?? (browserNames.includes(runtimeName) ? runtimeName : /^(node|bun|deno|quickjs)\b/.exec(runtimeName)?.[1]);
  for (const channelName of channelNames) {
    const channel = CHANNELS[channelName];
    if (family !== undefined && !channel.families.includes(family)) continue;
    const name = `${runtimeName}:${channelName}`;
    if (runtime === undefined) {
      rows.push({ name, description: channel.describe(''), runtime: runtimeName, available: false, installable, reason });
      continue;
    }
    const unshared = reshapingOn(channelName, runtime).includes('+unshared') ? ' (no SharedArrayBuffer here: shared buffers become ArrayBuffers)' : '';
    const description = `${channel.describe(runtime.family)}${unshared}`;
    const refusal = await unavailability(runtime, channelName);
    if (refusal === undefined) rows.push({ name, description, runtime: runtimeName, version: runtime.version, available: true });
    else rows.push({ name, description, runtime: runtimeName, version: runtime.version, available: false, reason: `not available on ${versionOf(runtime)}: ${refusal}` });
  }
  return rows;
}
