// The registry of program kinds: one descriptor per kind (a file per kind or
// per close group in this folder), read by validate (schema.js), compile,
// emit, the generator (fuzzers/strategies/platform.js), the channel and host
// reshaping (portable/targets/programs.js) and conform's optional globals.
// A new kind is one file here plus its entry below (docs/extending.md).

import { ObjectCreate, ObjectFreeze } from '../../primordials/intrinsics.js';
import { array } from './array.js';
import { blob, file } from './blob.js';
import { arraybuffer, view } from './buffers.js';
import { imagebitmap, offscreencanvas } from './canvas.js';
import { map, set } from './collections.js';
import { cryptokey } from './cryptokey.js';
import { date, regexp } from './date-regexp.js';
import { domexception } from './domexception.js';
import { error } from './error.js';
import { filelist } from './filelist.js';
import { geometry } from './geometry.js';
import { imagedata } from './image-data.js';
import { messageport } from './messageport.js';
import { object } from './object.js';
import { boxed } from './boxed.js';
import { readablestream, transformstream, writablestream } from './streams.js';
import { callable, opaque, proxy } from './uncloneables.js';

/**
 * @typedef {import('../plan.js').Expr} Expr
 * @typedef {import('../plan.js').Stmt} Stmt
 * @typedef {import('./checks.js').Validator} Validator
 *
 * What emitPlain hands a kind to print its maker call as plain JavaScript.
 * @typedef {object} PlainPrinter
 * @property {(e: Expr) => string} expr
 * @property {(items: Expr[]) => string} exprList
 * @property {(e: Expr) => unknown} litValue
 * @property {(name: unknown, rest: string) => string} namedClass  a class expression with the program's name
 *
 * A platform kind: the interface it makes and what a host needs to make it.
 * @typedef {object} PlatformKind
 * @property {string} [interface]  the WebIDL interface its objects implement (src/webidl/interfaces.js)
 * @property {(node: any) => string} [interfaceOf]  instead, when the node says (a geometry node's `type`)
 * @property {string} [madeWith]  the global a host needs to make one, when not its interface
 * @property {string[]} makers  the constructors the runtime captures from the global to make one
 * @property {any} [sample]  its smallest node, for a kind some hosts cannot make (built once to find out),
 *   or a function of a node giving the node to try (a CryptoKey: a host may lack one algorithm)
 * @property {boolean} [transferOnly]  can only be transferred: a channel without a transfer list makes it an ordinary object
 * @property {boolean} [shellLacks]  a shell global (QuickJS-ng's) has no such object
 * @property {boolean} [windowOnly]  only a window makes one (browsers' worker channels make it an ordinary object)
 * @property {true | string} drawn  true when the generator draws it, else why not
 *
 * @typedef {object} KindDescriptor
 * @property {string} kind  the node's `kind`
 * @property {string} wpt  the testharness file (wpt/) whose tests clone objects of the kind
 * @property {string} [op]  the runtime operation that makes it (default: the kind)
 * @property {string[]} fields  the fields it adds to every node's (kind, props, proto, integrity)
 * @property {string[]} required  which of them are required (the others have a default)
 * @property {(node: any, path: string, v: Validator) => void} check  its KIND_CHECKS: reports what is wrong with its fields
 * @property {(node: any, key: string) => string | undefined} [keyProblem]  why `build` could not define an own property with this key on it
 * @property {(node: any) => string | undefined} [integrityProblem]  why no integrity level but 'none' can be applied
 * @property {true} [forwards]  a proxy: props, prototype and integrity belong on its target
 * @property {1 | 2} [stage]  made after the plain nodes (1: after what it refers to; 2: proxies, after their targets)
 * @property {(node: any) => Expr} make  the runtime call that makes it (compile's first pass)
 * @property {(node: any, self: Expr, label: string) => Stmt[]} [fill]  its contents (compile's second pass, before props)
 * @property {(node: any) => string} summary  a short description for the repro's comments
 * @property {((args: Expr[], p: PlainPrinter) => string) | undefined} plain  its maker call as plain JavaScript (emitPlain)
 * @property {(global: any) => Promise<void>} [prepare]  what a realm must do, asynchronously, before it builds the kind (`prepareKinds`)
 * @property {PlatformKind} [platform]  present for the platform kinds (new in program@2)
 */

/** Every kind, in the order docs/program.md lists them: the language's, then the platform's. */
export const DESCRIPTORS = [
  object, array, date, regexp, map, set, arraybuffer, view, error, boxed, callable, proxy, opaque,
  domexception, blob, file, imagedata, geometry, messageport, offscreencanvas, imagebitmap,
  readablestream, writablestream, transformstream, filelist, cryptokey,
];

/** @type {Record<string, KindDescriptor>} by kind */
export const KIND = ObjectCreate(null);
/** @type {Record<string, KindDescriptor>} by runtime operation */
export const KIND_BY_OP = ObjectCreate(null);
for (let i = 0; i < DESCRIPTORS.length; i++) {
  KIND[DESCRIPTORS[i].kind] = DESCRIPTORS[i];
  KIND_BY_OP[DESCRIPTORS[i].op ?? DESCRIPTORS[i].kind] = DESCRIPTORS[i];
}

// The lists below are ordinary frozen arrays (the harness calls their
// methods), filled once while this module loads, before any program runs.

/**
 * @param {(d: KindDescriptor) => string[]} pick what each descriptor adds
 * @returns {string[]} every name picked, once, in registry order (frozen)
 */
function collect(pick) {
  /** @type {string[]} */
  const names = [];
  for (let i = 0; i < DESCRIPTORS.length; i++) {
    const picked = pick(DESCRIPTORS[i]);
    for (let j = 0; j < picked.length; j++) {
      let seen = false;
      for (let k = 0; k < names.length && !seen; k++) seen = names[k] === picked[j];
      if (!seen) names[names.length] = picked[j];
    }
  }
  return /** @type {string[]} */ (ObjectFreeze(names));
}

/** @param {keyof PlatformKind} flag @returns {string[]} the platform kinds with the flag set */
function platformKindsWhere(flag) {
  return collect((d) => (d.platform !== undefined && d.platform[flag] === true ? [d.kind] : []));
}

export const KINDS = collect((d) => [d.kind]);
/** The kinds that make platform objects (new in program@2; docs/program.md "Platform objects"). */
export const PLATFORM_KINDS = collect((d) => (d.platform === undefined ? [] : [d.kind]));
/** The kinds that can only be transferred: a channel without a transfer list makes them ordinary objects. */
export const TRANSFER_ONLY_KINDS = platformKindsWhere('transferOnly');
/** The kinds a shell global (QuickJS-ng's) cannot make. */
export const SHELL_LACKS_KINDS = platformKindsWhere('shellLacks');
/** The kinds only a window can make. */
export const WINDOW_ONLY_KINDS = platformKindsWhere('windowOnly');
/** The constructors the runtime captures from a global to make the platform kinds (createRuntime's `platformNames`). */
export const PLATFORM_MAKERS = collect((d) => d.platform?.makers ?? []);
/** Every global a platform kind needs: its interface or what makes it. */
export const PLATFORM_GLOBALS = collect((d) => {
  const p = d.platform;
  if (p === undefined) return [];
  return [...(p.interface === undefined ? [] : [p.interface]), ...(p.madeWith === undefined ? [] : [p.madeWith]), ...p.makers];
});

/**
 * The interface a platform node makes.
 * @param {any} node a valid platform node
 * @returns {string}
 */
export function platformInterfaceOfNode(node) {
  const platform = /** @type {PlatformKind} */ (KIND[node.kind].platform);
  return platform.interfaceOf === undefined ? /** @type {string} */ (platform.interface) : platform.interfaceOf(node);
}

/**
 * The global a host needs to make a platform node: a port is made as one end
 * of a new MessageChannel, an ImageBitmap by an OffscreenCanvas, a FileList
 * by a DataTransfer (a window's only); the others by their interface.
 * @param {any} node a platform node with a valid kind
 * @returns {string | undefined} undefined when its type is not valid
 */
export function hostGlobalOfNode(node) {
  const platform = /** @type {PlatformKind} */ (KIND[node.kind].platform);
  if (platform.madeWith !== undefined) return platform.madeWith;
  const name = platformInterfaceOfNode(node);
  return typeof name === 'string' ? name : undefined;
}

/**
 * Prepares a realm for every kind that needs it (a CryptoKey's sample keys
 * are made asynchronously): each entry point that builds programs awaits
 * this once, before its first case. Idempotent.
 * @param {any} [global] the realm's global (default: this one)
 * @returns {Promise<void>}
 */
export async function prepareKinds(global = globalThis) {
  for (let i = 0; i < DESCRIPTORS.length; i++) {
    const prepare = DESCRIPTORS[i].prepare;
    if (prepare !== undefined) await prepare(global);
  }
}
