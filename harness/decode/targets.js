// What `clonecheck decode --target T` names: a decoder and the host it runs in.
//   RUNTIME[@VERSION]:DECODER  a runtime's or browser's own decoder (portable/decode/decoders.js):
//                              node:textdecoder, node@22:buffer-latin1, deno:textdecoder-fatal,
//                              chromium:textdecoder-latin1; run in its agents or pages
//   ref:string-tiers           the reference's string tiers, judged by their selfcheck
//   decoder:PATH               a user's module: setup(bytes, sourceEnd), decode(pos, len),
//                              and optional preconditions and thresholds (docs/strings.md)
// The last two, and this Node's own decoders, run in worker threads of this process.

import { existsSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RuntimeError, pinnedRuntimeNames, resolveRuntime } from '../runtimes.js';
import { browserFamilyNames } from '../../portable/families/index.js';
import { DECODERS, decoderNamed } from '../../portable/decode/decoders.js';
import { TIER_PRECONDITIONS } from '../../fuzzers/decode/buffers.js';
import { slugOf } from '../bugs/ledger.js';
import { UsageError } from '../errors.js';

/**
 * @typedef {object} DecodeTarget
 * @property {string} name  as typed
 * @property {import('../../portable/decode/tasks.js').DecodeTargetSpec} spec  what its pool members load
 * @property {string} implementation  the ledger's folder for its bugs (node, chromium, ref, decoder-SLUG)
 * @property {string} decoder  the ledger's decoder id: a descriptor's id, `string-tiers`, or `decoder:PATH`
 * @property {string} description
 * @property {string} version  what ran: `node 22.23.3`, `chromium 141.0…`, `this Node 20.20.2`
 * @property {string} [release]  the runtime's or browser's own version (`22.23.3`): a ledger sighting's
 * @property {import('../runtimes.js').Runtime} [agent]  the runtime whose agents or pages run it; none: worker threads here
 * @property {string} [family]  the runtime family (a snippet is written for it)
 */

/** The preconditions a module declares when it says nothing: none, a string may lie anywhere. */
const NO_PRECONDITIONS = Object.freeze({ crossesSourceEnd: true });

/** The largest threshold a module may declare: past it a buffer would not fit the generator's largest (a few MB). */
const MAX_THRESHOLD = 1 << 24;

/** The names `clonecheck decode --list` shows for a runtime or browser. */
export const DECODER_IDS = DECODERS.map((decoder) => decoder.id);

/**
 * @param {string} name
 * @param {{userRuntimes?: Map<string, string>, userBrowsers?: Map<string, string>, install?: boolean,
 *   onInstall?: (message: string) => void}} [options]  onInstall: what an install says (default: on stderr)
 * @returns {Promise<DecodeTarget>}
 * @throws {UsageError} a name, path or module the user must fix
 */
export async function resolveDecodeTarget(name, {
  userRuntimes, userBrowsers, install = true, onInstall = (message) => process.stderr.write(`clonecheck: ${message}\n`),
} = {}) {
  const here = `this Node ${process.versions.node}`;
  if (name === 'ref:string-tiers') {
    return {
      name, spec: { name, kind: 'string-tiers' }, implementation: 'ref', decoder: 'string-tiers', version: `reference in ${here}`,
      description: 'the reference string tiers (src/encoding/tiers/), tiers on = tiers off',
    };
  }
  if (name.startsWith('decoder:')) return moduleTarget(name, here);
  const colon = name.lastIndexOf(':');
  const decoder = decoderNamed(name.slice(colon + 1));
  if (colon <= 0 || decoder === undefined) {
    throw new UsageError(`unknown decoder target '${name}': use RUNTIME:DECODER (DECODER one of ${DECODER_IDS.join(', ')}), ref:string-tiers or decoder:PATH; `
      + "'clonecheck decode --list' lists them");
  }
  let runtime;
  try {
    runtime = await resolveRuntime(name.slice(0, colon), {
      userRuntimes, userBrowsers, install, onInstall,
    });
  } catch (error) {
    if (error instanceof RuntimeError) throw new UsageError(error.message);
    throw error;
  }
  const reason = lacks(runtime, decoder);
  if (reason !== undefined) throw new UsageError(`${name}: ${reason}`);
  return {
    name, spec: { name, kind: 'builtin', decoder: decoder.id }, implementation: runtime.family, decoder: decoder.id,
    description: decoder.title, version: `${runtime.family} ${runtime.version}`, release: runtime.version, family: runtime.family,
    ...(runtime.inProcess ? {} : { agent: runtime }),
  };
}

/**
 * Why a runtime cannot run a decoder, or undefined.
 * @param {import('../runtimes.js').Runtime} runtime @param {import('../../portable/decode/decoders.js').DecoderDescriptor} decoder
 */
export function lacks(runtime, decoder) {
  if (runtime.family === 'quickjs') return 'QuickJS-ng has neither TextDecoder nor Buffer';
  if (decoder.needs === 'Buffer' && runtime.browser !== undefined) return `a browser has no Buffer; its decoders are ${DECODER_IDS.filter((id) => decoderNamed(id)?.needs !== 'Buffer').join(', ')}`;
  return undefined;
}

/**
 * Every decoder target name, with what it decodes by: what `decode --list`
 * and `clonecheck targets` print.
 * @param {Map<string, string>} userRuntimes @param {Map<string, string>} userBrowsers
 * @returns {{name: string, description: string}[]}
 */
export function decoderTargetRows(userRuntimes, userBrowsers) {
  const hosts = ['node', ...pinnedRuntimeNames, ...browserFamilyNames, ...userRuntimes.keys(), ...userBrowsers.keys()];
  const rows = [];
  for (const host of hosts) {
    for (const decoder of DECODERS) {
      const browser = browserFamilyNames.includes(host) || userBrowsers.has(host);
      const reason = lacks(/** @type {any} */ ({ family: host.replace(/@.*$/, ''), browser: browser ? host : undefined }), decoder);
      if (reason === undefined) rows.push({ name: `${host}:${decoder.id}`, description: decoder.title });
    }
  }
  rows.push({ name: 'ref:string-tiers', description: 'the reference string tiers (src/encoding/tiers/), judged by their selfcheck' });
  rows.push({ name: 'decoder:PATH', description: 'your module: decode(pos, len) => string, optionally setup(bytes, sourceEnd) and preconditions (docs/strings.md)' });
  return rows;
}

/**
 * A user's decoder module, checked here so that a bad one is one line, exit 2.
 * @param {string} name @param {string} here
 * @returns {Promise<DecodeTarget>}
 */
async function moduleTarget(name, here) {
  const path = resolve(name.slice('decoder:'.length));
  const interfaceWords = 'an ES module exporting decode(pos, len) => string, optionally setup(bytes, sourceEnd), preconditions and thresholds (docs/strings.md)';
  if (name === 'decoder:' || !existsSync(path) || !statSync(path).isFile()) throw new UsageError(`${name}: no such file ${path}; give the path of ${interfaceWords}`);
  const moduleURL = pathToFileURL(path).href;
  let module;
  try {
    module = await import(moduleURL);
  } catch (error) {
    throw new UsageError(`${name}: cannot load ${path} (${error instanceof Error ? error.message.split('\n')[0] : error}); it must be ${interfaceWords}`);
  }
  if (typeof module.decode !== 'function') throw new UsageError(`${name}: ${path} exports no decode function; it must be ${interfaceWords}`);
  if (module.setup !== undefined && typeof module.setup !== 'function') throw new UsageError(`${name}: its setup export is not a function; it must be ${interfaceWords}`);
  const declared = module.preconditions ?? NO_PRECONDITIONS;
  if (typeof declared !== 'object' || declared === null || Object.keys(declared).some((key) => !(key in TIER_PRECONDITIONS))
    || Object.values(declared).some((value) => typeof value !== 'boolean')) {
    throw new UsageError(`${name}: its preconditions export must be an object of booleans with the keys ${Object.keys(TIER_PRECONDITIONS).join(', ')}`);
  }
  const preconditions = { ...NO_PRECONDITIONS, ...declared };
  // Where it changes course (a tier's length limit, a chunk size in its setup): the generator aims lengths and positions there.
  const thresholds = module.thresholds ?? [];
  if (!Array.isArray(thresholds) || thresholds.some((n) => !Number.isInteger(n) || n < 1 || n > MAX_THRESHOLD)) {
    throw new UsageError(`${name}: its thresholds export must be an array of integers from 1 to ${MAX_THRESHOLD} (lengths and positions where it changes course, e.g. [64, 4096])`);
  }
  return {
    name, spec: { name, kind: 'module', moduleURL, preconditions, thresholds: [...new Set(thresholds)].sort((a, b) => a - b) },
    implementation: `decoder-${slugOf(basename(path).replace(/\.[cm]?js$/, ''))}`,
    decoder: 'module', version: `${path} in ${here}`,
    description: `your module ${path}: setup(bytes, sourceEnd), decode(pos, len)${preconditions.crossesSourceEnd ? '' : '; no string crosses the source end'}`
      + `${thresholds.length === 0 ? '' : `; thresholds ${thresholds.join(', ')}`}`,
  };
}
