// The targets clonecheck can fuzz, by name (docs/targets.md). This issue's
// targets run in-process, in the fuzzer's worker threads: each is a clone
// function module (harness/targets/clone-functions/, or a user's module for
// `impl:PATH`) plus the way its channel reshapes programs.

import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { settlingCloneFunction } from '../case.js';
import { asIs, withTransferList, withoutStorage } from './programs.js';

/**
 * @typedef {object} TargetSpec
 * @property {string} name  as typed on the command line
 * @property {string} description
 * @property {string} moduleURL  the clone function module (default export)
 * @property {'asIs' | 'withoutStorage' | 'withTransferList'} channel  how programs are reshaped (programs.js)
 * @property {boolean} external  the module is the user's: a repro imports it instead of bundling it
 */

/** The program reshaping functions, by the name a TargetSpec carries (so specs stay plain data for workers). */
export const channels = { asIs, withoutStorage, withTransferList };

const cloneFunction = (file) => new URL(`./clone-functions/${file}`, import.meta.url).href;

/** @type {Record<string, {description: string, moduleURL: string, channel: TargetSpec['channel']}>} */
const BUILT_IN = {
  'ref:spec': {
    description: 'the reference engine, spec path only (the oracle)',
    moduleURL: cloneFunction('reference-spec.js'), channel: 'asIs',
  },
  'ref:tiers': {
    description: 'the reference engine with its fast-path tiers',
    moduleURL: cloneFunction('reference-tiers.js'), channel: 'asIs',
  },
  'node:clone': {
    description: "this Node's structuredClone(value, {transfer})",
    moduleURL: cloneFunction('host-structured-clone.js'), channel: 'withoutStorage',
  },
  'node:clone-transfer': {
    description: "this Node's structuredClone with a non-empty transfer list (an extra buffer when the program has none)",
    moduleURL: cloneFunction('host-structured-clone.js'), channel: 'withTransferList',
  },
  'node:messagechannel': {
    description: "this Node's MessageChannel: port1.postMessage(value, transfer), received on port2",
    moduleURL: cloneFunction('message-channel.js'), channel: 'withoutStorage',
  },
  'polyfill:@ungap/structured-clone': {
    description: '@ungap/structured-clone (its own serialize/deserialize, not the native fallback)',
    moduleURL: cloneFunction('ungap.js'), channel: 'withoutStorage',
  },
  'polyfill:core-js': {
    description: "core-js's structuredClone polyfill (core-js-pure/actual/structured-clone)",
    moduleURL: cloneFunction('core-js.js'), channel: 'withoutStorage',
  },
  'polyfill:realistic-structured-clone': {
    description: 'realistic-structured-clone',
    moduleURL: cloneFunction('realistic.js'), channel: 'withoutStorage',
  },
};

/** Thrown for a target name or module the user must fix; the CLI prints it as one line and exits 2. */
export class TargetError extends Error {}

/** The names of the built-in targets, in listing order. */
export const builtInTargetNames = Object.keys(BUILT_IN);

/**
 * @param {string} name `ref:spec`, `node:clone`, `impl:./my-clone.mjs`, …
 * @returns {TargetSpec}
 * @throws {TargetError} for an unknown name or an impl: path that is not a file
 */
export function parseTarget(name) {
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
  const spec = BUILT_IN[name];
  if (spec === undefined) throw new TargetError(`unknown target '${name}'; run 'clonecheck targets' to list them`);
  return { name, description: spec.description, moduleURL: spec.moduleURL, channel: spec.channel, external: false };
}

/**
 * Loads a target's clone function.
 * @param {TargetSpec} spec
 * @returns {Promise<import('../case.js').SettlingCloneFunction>}
 * @throws {TargetError} when the module cannot be loaded or has no default function
 */
export async function loadCloneFunction(spec) {
  let module;
  try {
    module = await import(spec.moduleURL);
  } catch (error) {
    const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
    const fix = spec.external ? 'fix the module' : 'run npm ci in the clonecheck directory';
    throw new TargetError(`${spec.name}: cannot load ${spec.moduleURL}: ${why}; ${fix}`);
  }
  if (typeof module.default !== 'function') {
    throw new TargetError(`${spec.name}: ${spec.moduleURL} has no default export function; export default (value, options) => clone`);
  }
  return settlingCloneFunction(module);
}

/**
 * Every built-in target with its availability (a target is available when its
 * module loads), for `clonecheck targets`.
 * @returns {Promise<{name: string, description: string, available: boolean, reason?: string}[]>}
 */
export async function listTargets() {
  const rows = [];
  for (const name of builtInTargetNames) {
    const spec = parseTarget(name);
    try {
      await loadCloneFunction(spec);
      rows.push({ name, description: spec.description, available: true });
    } catch (error) {
      rows.push({ name, description: spec.description, available: false, reason: error.message });
    }
  }
  return rows;
}
