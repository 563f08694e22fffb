// The channels a runtime's structured clone is reached through
// (`RUNTIME:CHANNEL`), one descriptor module each: its clone function
// module, how it reshapes programs, how it hands over a transfer list, the
// runtime families that have it (a predicate over their traits,
// portable/families/) and why the others lack it, what it does and needs,
// and how a snippet, a repro and conform use it. The target catalog,
// conform, findings/ (snippet, repro), the bug reports and the CLI help
// derive from this registry; a new channel is one module here plus its
// clone function (portable/targets/clone-functions/). Plain data and pure
// functions: it loads wherever a target runs (threads, agents, pages,
// QuickJS-ng's bundle).

import { FAMILIES, familyNamed } from '../../families/index.js';
import clone from './clone.js';
import cloneTransfer from './clone-transfer.js';
import messagechannel from './messagechannel.js';
import worker from './worker.js';
import broadcast from './broadcast.js';
import wire from './wire.js';
import iframe from './iframe.js';
import storage from './storage.js';
import message from './message.js';
import ref from './ref.js';

/**
 * How a snippet (findings/snippet.js) clones `value` through a channel.
 * @typedef {object} SnippetChannel
 * @property {string[]} imports
 * @property {(transfer: {list: string, option: string}) => string} call  the clone expression; `list` is the
 *   transfer list's expression ('', 'transfer' or '[]'), `option` the options field that passes it ('', 'transfer', 'transfer: []')
 * @property {boolean} [mayBeAsync]  the call may return a Promise of the clone (a user's module)
 * @property {boolean} [messageChannel]  the clone arrives on a MessageChannel port
 * @property {boolean} [broadcast]  the clone is posted on a BroadcastChannel (`sender`) and arrives on three
 *   others of the same name (`receivers`) in the same realm
 * @property {'web' | 'node'} [worker]  the clone lands in a worker (a web Worker, or Node's worker_threads),
 *   which sets up its realm and checks it there
 * @property {(program: any) => string | undefined} [refuses]  why the snippet's call cannot show this program as the channel
 *   does (QuickJS-ng's qjs:bjson writes no SharedArrayBuffer), or undefined
 * @property {true} [referenceByPath]  the runtime resolves no package name (qjs): the reference's snippet imports
 *   clonecheck's src/index.js by its path on this machine
 */

/**
 * @typedef {import('../../families/index.js').Family} Family
 * @typedef {object} Channel
 * @property {string} name  as target names spell it after the runtime
 * @property {string} module  its clone function, in portable/targets/clone-functions/
 * @property {'asIs' | 'withStorage' | 'withoutStorage' | 'withTransferList' | 'withoutTransfer'} reshaping  how it
 *   reshapes programs (portable/targets/programs.js), before its runtime's limits
 * @property {import('../programs.js').TransferArgument} transfer  how it hands its transfer list to the engine
 * @property {boolean} landsInWorkers  the value lands in receiving workers, where the oracle runs too
 * @property {boolean} repeats  it sends a program's value `deliveries` times (docs/program.md); the others clone it once
 * @property {(family: Family) => boolean} has  whether runtimes of the family have it
 * @property {(family: Family) => string} lacking  why the family has not
 * @property {(family: Family | undefined) => string} describe  what it does in a runtime of the family (undefined: not known yet)
 * @property {(family: Family) => string[]} needs  what a node, bun or deno needs for it (harness/agents/features.js)
 * @property {(family: Family | undefined) => string} api  what a script calls to send a value through it: what a bug report is about
 * @property {((family: Family | undefined) => SnippetChannel | string) | null} snippet  how a snippet clones through it,
 *   or why no snippet can say it honestly; null: its findings have no snippet at all (their family's `standalone` says why)
 * @property {'script' | 'page'} repro  the receiving realm of a repro: the script's own (or workers it starts
 *   from itself), or the document repro.html (a frame: it loads repro.mjs again)
 * @property {'global' | 'module' | 'echo-worker' | null} conform  how a conform test file's `channel_clone` uses it
 *   (conform/channels.js): the global structuredClone, its clone function module, or a worker echoing the value
 *   back; null: test files cannot ask for it
 */

/** Every channel, in listing order. */
export const CHANNELS = [clone, cloneTransfer, messagechannel, worker, broadcast, wire, iframe, storage, message, ref];

/** The channel names, in listing order. */
export const channelNames = CHANNELS.map((channel) => channel.name);

/** @param {string} name @returns {Channel | undefined} */
export function channelNamed(name) {
  return CHANNELS.find((channel) => channel.name === name);
}

/**
 * The channel a target name ends with (`bun@1.3.9:worker` → worker), or
 * undefined for a module target (`ref:spec`, `polyfill:…`, `impl:PATH`).
 * @param {string} targetName
 * @returns {Channel | undefined}
 */
export function channelOfTarget(targetName) {
  if (/^(ref|polyfill|impl):/.test(targetName)) return undefined;
  return channelNamed(targetName.slice(targetName.lastIndexOf(':') + 1));
}

/** @param {Channel} channel @returns {string[]} the families that have it, in listing order */
export function familiesWith(channel) {
  return FAMILIES.filter((family) => channel.has(family)).map((family) => family.name);
}

/**
 * The channels a runtime family has (`node` → clone, …, wire), in listing order.
 * @param {string} familyName
 * @returns {string[]}
 */
export function channelsOf(familyName) {
  const family = familyNamed(familyName);
  return family === undefined ? [] : CHANNELS.filter((channel) => channel.has(family)).map((channel) => channel.name);
}

/** The channels a conform test file can ask for (`// META: channel=…`), in listing order. */
export const conformChannelNames = CHANNELS.filter((channel) => channel.conform !== null).map((channel) => channel.name);
