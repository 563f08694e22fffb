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
// user's module) plus the way the channel reshapes programs. The channels
// (portable/targets/channels/), the module targets (harness/targets/modules/)
// and the runtime families (portable/families/) are registries of
// descriptors; this module puts them together.

import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { NotInstalledError, RuntimeError, builtRuntimeNames, cachedRuntimeNames, pinnedRuntimeNames, resolveRuntime } from '../runtimes.js';
import { browserNames } from '../browsers/browsers.js';
import { FEATURES } from '../agents/features.js';
import { runtimeFeatures } from '../agents/runtime-features.js';
import { FAMILIES, familyNamed, scriptFamilies } from '../../portable/families/index.js';
import { CHANNELS, channelNamed, channelNames, channelsOf } from '../../portable/targets/channels/index.js';
import { TargetError, loadTarget } from '../../portable/targets/load.js';
import { MODULE_TARGETS, moduleTargetNamed } from './modules/index.js';

/**
 * @typedef {object} TargetSpec
 * @property {string} name  as typed on the command line
 * @property {string} description
 * @property {string} moduleURL  the channel module
 * @property {import('../../portable/targets/load.js').Reshaping} reshaping  how programs are reshaped (load.js, programs.js)
 * @property {boolean} external  the module is the user's: a repro imports it instead of bundling it
 * @property {import('../runtimes.js').Runtime} [runtime]  for RUNTIME:CHANNEL targets; its agents run them unless it is this Node
 * @property {string} [profile]  the spec profile the reference follows judging it (`--spec`, src/html/profiles.js); default `html`
 */

export { TargetError, loadTarget, reshaperOf } from '../../portable/targets/load.js';
export { channelNames, channelsOf } from '../../portable/targets/channels/index.js';

const channelModule = (file) => new URL(`../../portable/targets/clone-functions/${file}`, import.meta.url).href;

/**
 * How a target reshapes programs (load.js Reshaping), built here alone: its
 * channel's reshaping, then what its host cannot build (its family's
 * limits), and, where the host is a window, its channels to workers build
 * in workers, where no FileList can be made (programs.js).
 * @param {import('../../portable/targets/channels/index.js').Channel['reshaping']} base
 * @param {import('../../portable/families/index.js').Family} [family]  none: this process's worker threads
 * @param {boolean} [landsInWorkers]
 * @returns {import('../../portable/targets/load.js').Reshaping}
 */
function reshapingOf(base, family, landsInWorkers = false) {
  const limits = family?.limits ?? [];
  return { base, limits: /** @type {any} */ ([...limits, ...(limits.includes('window') && landsInWorkers ? ['workers'] : [])]) };
}

/** What every target of a node, bun or deno needs: the reference runs in its agents too, as the oracle. */
const ORACLE_NEEDS = ['resizableArrayBuffer'];

/**
 * Why a runtime cannot run a channel's targets, or undefined when it can:
 * what a node, bun or deno of this version lacks (features.js), or why
 * clonecheck's agents do not run there at all. A browser's and QuickJS-ng's
 * own machinery says what they lack.
 * @param {import('../runtimes.js').Runtime} runtime
 * @param {import('../../portable/targets/channels/index.js').Channel} channel
 * @returns {Promise<string | undefined>}
 */
async function unavailability(runtime, channel) {
  if (!scriptFamilies.some((family) => family.name === runtime.family)) return undefined;
  let features;
  try {
    features = await runtimeFeatures(runtime);
  } catch (error) {
    if (error instanceof RuntimeError) return error.message;
    throw error;
  }
  const family = /** @type {import('../../portable/families/index.js').Family} */ (familyNamed(runtime.family));
  const missing = [...channel.needs(family), ...ORACLE_NEEDS].filter((feature) => !features[feature]);
  return missing.length === 0 ? undefined : missing.map((feature) => FEATURES[feature].lacking).join('; ');
}

/** @param {import('../runtimes.js').Runtime} runtime @returns {string} how a refusal names it: `node 16.20.2` */
const versionOf = (runtime) => `${runtime.family} ${runtime.version}`;

/** The names of the built-in targets that need no runtime, in listing order. */
export const builtInTargetNames = MODULE_TARGETS.map((target) => target.name);

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
      moduleURL: pathToFileURL(path).href, reshaping: reshapingOf('withoutStorage'), external: true,
    };
  }
  const builtIn = moduleTargetNamed(name);
  if (builtIn !== undefined) {
    return { name, description: builtIn.description, moduleURL: channelModule(builtIn.module), reshaping: reshapingOf(builtIn.reshaping), external: false };
  }
  const colon = name.lastIndexOf(':');
  if (colon <= 0 || name.startsWith('ref:') || name.startsWith('polyfill:')) {
    throw new TargetError(`unknown target '${name}'; run 'clonecheck targets' to list them`);
  }
  const runtimeName = name.slice(0, colon);
  const channelName = name.slice(colon + 1);
  const channel = channelNamed(channelName);
  if (channel === undefined) throw new TargetError(`unknown channel '${channelName}' in ${name}; channels: ${channelNames.join(', ')}`);
  let runtime;
  try {
    runtime = await resolveRuntime(runtimeName, options);
  } catch (error) {
    if (error instanceof RuntimeError) throw new TargetError(`${name}: ${error.message}`);
    throw error;
  }
  const family = /** @type {import('../../portable/families/index.js').Family} */ (familyNamed(runtime.family));
  if (!channel.has(family)) {
    throw new TargetError(`${name}: ${runtimeName} has no '${channelName}' channel (${channel.lacking(family)}); its channels: ${channelsOf(runtime.family).join(', ')}`);
  }
  const refusal = await unavailability(runtime, channel);
  if (refusal !== undefined) throw new TargetError(`${name}: not available on ${versionOf(runtime)}: ${refusal}`);
  return {
    name, description: `${runtime.family} ${runtime.version}: ${channel.describe(family)}`,
    moduleURL: channelModule(channel.module), reshaping: reshapingOf(channel.reshaping, family, channel.landsInWorkers), external: false, runtime,
  };
}

/**
 * @param {TargetSpec} spec
 * @returns {boolean} whether its value lands in receiving workers (`worker`, `broadcast`), where the
 *   oracle runs too: known from the spec alone, without loading the module (the main thread never does)
 */
export function landsInWorkers(spec) {
  return !spec.external && CHANNELS.some((channel) => channel.landsInWorkers && channelModule(channel.module) === spec.moduleURL);
}

/** @param {import('../runtimes.js').Runtime} runtime @returns {boolean} whether it has a structuredClone (QuickJS-ng has not) */
export function hasStructuredClone(runtime) {
  return familyNamed(runtime.family)?.noWebPlatform === undefined;
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
  // A runtime not found here still has its name's family (node@22, bun, chromium; a browser's by its exact name).
  const family = familyNamed(runtime?.family)
    ?? FAMILIES.find(({ name, browser }) => (browser ? runtimeName === name : new RegExp(`^${name}\\b`).test(runtimeName)));
  for (const channel of CHANNELS) {
    if (family !== undefined && !channel.has(family)) continue;
    const name = `${runtimeName}:${channel.name}`;
    if (runtime === undefined) {
      rows.push({ name, description: channel.describe(undefined), runtime: runtimeName, available: false, installable, reason });
      continue;
    }
    const unshared = family?.limits.includes('unshared') ? ' (no SharedArrayBuffer here: shared buffers become ArrayBuffers)' : '';
    const description = `${channel.describe(family)}${unshared}`;
    const refusal = await unavailability(runtime, channel);
    if (refusal === undefined) rows.push({ name, description, runtime: runtimeName, version: runtime.version, available: true });
    else rows.push({ name, description, runtime: runtimeName, version: runtime.version, available: false, reason: `not available on ${versionOf(runtime)}: ${refusal}` });
  }
  return rows;
}
