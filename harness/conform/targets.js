// What `clonecheck conform --target T` names: an implementation of
// structuredClone and the global it is tested in. Two kinds, both resolved
// through the fuzzer's catalog (harness/targets/catalog.js) and runtimes
// (harness/runtimes.js), and both run by the same pool (harness/pool/):
//  - a runtime (`node`, `node@22`, `bun`, `deno`, `bun@1.3`, a --runtime
//    NAME): its own structuredClone in its main global (this Node's in a
//    worker thread of this process, every other one in agent processes,
//    harness/agents/), with every channel of channels.js;
//  - a module (`ref:spec`, `ref:tiers`, `polyfill:…`, `impl:PATH`): its
//    clone function installed as the global structuredClone of a worker
//    thread of this Node, channel `clone` only; likewise a channel of a
//    runtime that has no structuredClone (`quickjs:message`, `quickjs:ref`),
//    in that runtime's agents.
//  - a browser (`chromium`, `firefox`, `webkit`, a --browser NAME): its own
//    structuredClone in a fresh agent page per file (harness/browsers/), the
//    same pool member as for fuzzing, with the channels a browser has.

import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HTML_REVISION } from '../../src/html/steps.js';
import { DEFAULT_SPEC_PROFILE } from '../../src/html/profiles.js';
import { RuntimeError, parseUserBrowsers, parseUserRuntimes, pinnedRuntimeNames, resolveRuntime } from '../runtimes.js';
import { TargetError, builtInTargetNames, channelNames, channelsOf, hasStructuredClone, resolveTarget } from '../targets/catalog.js';
import { moduleTargetNamed } from '../targets/modules/index.js';
import { MODULE_CHANNELS, runtimeChannels } from '../../portable/conform/channels.js';

/**
 * @typedef {object} ConformTarget  plain data: it goes to the thread or agent that runs it
 * @property {string} name  as typed
 * @property {string} description
 * @property {string} version  what is tested, with its version: `node 22.23.3`, `@ungap/structured-clone 1.4.0`
 * @property {string[]} channels  the channels a test file can ask of it (channels.js)
 * @property {string} [cloneModuleURL]  a module target: the module whose default export becomes structuredClone
 * @property {import('../runtimes.js').Runtime} [agent]  the runtime whose agent processes run it; none: this process's worker threads
 * @property {string} profile  the spec profile of the run (`--spec`): ref:spec and ref:tiers follow it, and a test
 *   file whose `META: spec=` does not list it is not applicable
 */

/** `--target all`: every built-in module target, this Node, and the pinned runtimes. */
export const ALL_TARGETS = [...builtInTargetNames, 'node', ...pinnedRuntimeNames];

/** What a run judged against: the reference's revision of the HTML Standard (src/html/steps.js). */
export const REFERENCE = HTML_REVISION;

/**
 * @param {string[]} names  from --target (`all` stands for ALL_TARGETS)
 * @param {string[]} runtimeFlags  --runtime NAME=PATH
 * @param {string[]} [browserFlags]  --browser NAME=PATH
 * @param {string} [profile]  --spec (src/html/profiles.js)
 * @returns {Promise<ConformTarget[]>}
 * @throws {TargetError | RuntimeError} a name the user must fix
 */
export async function resolveConformTargets(names, runtimeFlags, browserFlags = [], profile = DEFAULT_SPEC_PROFILE) {
  const userRuntimes = parseUserRuntimes(runtimeFlags);
  const userBrowsers = parseUserBrowsers(browserFlags);
  const expanded = [...new Set(names.flatMap((name) => (name === 'all' ? ALL_TARGETS : [name])))];
  const targets = [];
  for (const name of expanded) targets.push({ ...await resolveConformTarget(name, userRuntimes, userBrowsers), profile });
  return targets;
}

/**
 * @param {string} name
 * @param {Map<string, string>} userRuntimes
 * @param {Map<string, string>} userBrowsers
 * @returns {Promise<Omit<ConformTarget, 'profile'>>}
 */
async function resolveConformTarget(name, userRuntimes, userBrowsers) {
  const onInstall = (/** @type {string} */ message) => process.stderr.write(`clonecheck: ${message}\n`);
  const hosted = /^(ref:[^@]+)@(.+)$/.exec(name);
  if (hosted !== null) return referenceInBrowser(name, hosted[1], hosted[2], { userBrowsers, onInstall });
  if (/^(ref|polyfill|impl):/.test(name)) {
    const spec = await resolveTarget(name);
    return {
      name, description: spec.description, version: moduleVersion(name, spec.moduleURL),
      channels: MODULE_CHANNELS, cloneModuleURL: spec.moduleURL,
    };
  }
  const colon = name.lastIndexOf(':');
  if (colon > 0 && channelNames.includes(name.slice(colon + 1))) {
    const spec = await resolveTarget(name, { userRuntimes, userBrowsers, onInstall });
    // A runtime with no structuredClone of its own (QuickJS-ng) is tested through one channel at a
    // time, installed as the structuredClone of its agent's global, as a module target's clone is.
    if (spec.runtime !== undefined && !hasStructuredClone(spec.runtime)) {
      return {
        name, description: spec.description, version: `${spec.runtime.family} ${spec.runtime.version}`,
        channels: MODULE_CHANNELS, cloneModuleURL: spec.moduleURL, agent: spec.runtime,
      };
    }
    throw new TargetError(`conform takes a runtime (${name.slice(0, colon)}), not a channel: a test file asks for its channels (// META: variant=?channel=...)`);
  }
  const runtime = await resolveRuntime(name, { userRuntimes, userBrowsers, onInstall });
  if (!hasStructuredClone(runtime)) {
    throw new TargetError(`${name} has no structuredClone of its own: conform one of its channels instead (${channelsOf(runtime.family).map((channel) => `${name}:${channel}`).join(', ')})`);
  }
  const global = runtime.inProcess ? 'a worker thread of this process' : runtime.browser === undefined ? 'its main global' : 'a fresh page per file';
  return {
    name, description: `${runtime.family} ${runtime.version}: its own structuredClone, in ${global}`,
    version: `${runtime.family} ${runtime.version}`,
    channels: runtimeChannels(runtime.family),
    ...(runtime.inProcess ? {} : { agent: runtime }),
  };
}

/**
 * `ref:spec@chromium`: the reference, installed as the structuredClone of a
 * browser's agent page (the page serves src/ and portable/ as modules, and
 * maps Node's host hooks to the browser's), channel `clone` only: what a test
 * needs that only a page has (a DataTransfer to make a FileList, Workers,
 * BroadcastChannel), judged by the reference, where every browser fails it.
 * @param {string} name  as typed
 * @param {string} reference  `ref:spec` or `ref:tiers`
 * @param {string} browserName  a browser (`chromium`, a --browser NAME)
 * @param {{userBrowsers: Map<string, string>, onInstall: (message: string) => void}} options
 * @returns {Promise<Omit<ConformTarget, 'profile'>>}
 */
async function referenceInBrowser(name, reference, browserName, { userBrowsers, onInstall }) {
  const spec = await resolveTarget(reference);
  const runtime = await resolveRuntime(browserName, { userRuntimes: new Map(), userBrowsers, onInstall });
  if (runtime.browser === undefined) throw new TargetError(`${name}: ${browserName} is no browser; the reference runs in this Node as ${reference}`);
  return {
    name, description: `${spec.description}, in a ${runtime.family} ${runtime.version} page`,
    version: `${moduleVersion(reference, spec.moduleURL).replace(/ in node .*$/, '')} in ${runtime.family} ${runtime.version}`,
    channels: MODULE_CHANNELS, cloneModuleURL: spec.moduleURL, agent: runtime,
  };
}

/**
 * The version of what a module target tests: the reference's revision, a
 * polyfill's package version, or the user's file.
 * @param {string} name @param {string} moduleURL
 */
function moduleVersion(name, moduleURL) {
  const host = `in node ${process.versions.node}`;
  if (name.startsWith('ref:')) return `reference (${REFERENCE.standard}, checked ${REFERENCE.checked}) ${host}`;
  if (name.startsWith('impl:')) return `${fileURLToPath(moduleURL)} ${host}`;
  const packageName = /** @type {string} */ (moduleTargetNamed(name)?.package);
  return `${packageName} ${packageVersion(packageName)} ${host}`;
}

const require = createRequire(import.meta.url);

/**
 * A dependency's version, from the package.json above its entry point
 * (wherever npm put it: its exports may not list package.json).
 * @param {string} packageName
 */
function packageVersion(packageName) {
  for (let folder = dirname(require.resolve(packageName)); folder !== dirname(folder); folder = dirname(folder)) {
    const manifest = join(folder, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name, version } = JSON.parse(readFileSync(manifest, 'utf8'));
    if (name === packageName) return version;
  }
  return 'unknown version';
}

/** @returns {{path: string, version: string}} the real testharness.js, from the wpt-runner package installed with clonecheck */
export function testharness() {
  return { path: require.resolve('wpt-runner/testharness/testharness.js'), version: `wpt-runner ${packageVersion('wpt-runner')}` };
}

export { RuntimeError, TargetError };
