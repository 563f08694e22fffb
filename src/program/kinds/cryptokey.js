// The `cryptokey` kind: a CryptoKey ([Serializable], Web Cryptography),
// one of a few sample keys. Script can only make a key asynchronously
// (crypto.subtle), and `build` is synchronous, so each realm prepares its
// samples once, before its first case (`prepareSampleKeys`, awaited by every
// entry point through kinds/index.js `prepareKinds`); a build then takes a
// copy of the prepared key with the realm's own structuredClone, which is
// what HTML's CryptoKey serialization steps do to it: [[type]],
// [[extractable]], [[algorithm]], [[usages]] and [[handle]] are copied
// (https://w3c.github.io/webcrypto/#cryptokey-interface-serialization).
//
// What an observation compares is what script reads synchronously: type,
// extractable, algorithm (a plain object of the graph) and usages. The key
// material is not observed: exportKey is asynchronous, and a key that is not
// extractable cannot be exported at all (wpt/cryptokey.any.js checks it,
// for one key, with promise_tests). The reference copies it with the host's
// own structuredClone (src/html/platform-objects.js `hostCopy`).

import {
  JSONStringify, ObjectCreate, ObjectDefineProperty, ObjectGetOwnPropertyDescriptor, ObjectKeys, record,
} from '../../primordials/intrinsics.js';
import { call, exprs, lit } from '../plan.js';
import { own } from '../values.js';
import { checkEnum } from './checks.js';

/**
 * Where a realm's prepared keys are: an own data property of its global
 * under a registered symbol, which no program can name (a Key is a string,
 * a well-known symbol or a fresh one), read by the runtime's `cryptokey`
 * (src/program/runtime.js says the same description).
 */
export const SAMPLE_KEYS_SYMBOL = Symbol.for('clonecheck.cryptokey.samples');

/**
 * The sample keys by name: imported from fixed bytes (a secret key) or one
 * half of a generated pair, each with its algorithm, extractability and
 * usages (a public key is always extractable; a pair's usages split by type).
 * Ed25519 only where the host has it (Node 20 does; a realm without it
 * prepares the others, and judgeableHere makes such a node an ordinary object).
 */
export const SAMPLE_KEYS = record({
  HMAC: { algorithm: { name: 'HMAC', hash: 'SHA-256' }, raw: 32, extractable: true, usages: ['sign', 'verify'] },
  'AES-GCM': { algorithm: { name: 'AES-GCM' }, raw: 16, extractable: false, usages: ['encrypt', 'decrypt'] },
  'ECDSA private': { algorithm: { name: 'ECDSA', namedCurve: 'P-256' }, half: 'privateKey', extractable: false, usages: ['sign', 'verify'] },
  'ECDSA public': { algorithm: { name: 'ECDSA', namedCurve: 'P-256' }, half: 'publicKey', extractable: false, usages: ['sign', 'verify'] },
  'Ed25519 private': { algorithm: { name: 'Ed25519' }, half: 'privateKey', extractable: true, usages: ['sign', 'verify'] },
  'Ed25519 public': { algorithm: { name: 'Ed25519' }, half: 'publicKey', extractable: true, usages: ['sign', 'verify'] },
});
export const SAMPLE_KEY_NAMES = ObjectKeys(SAMPLE_KEYS);

/** @param {number} length @returns {number[]} a secret key's fixed bytes (the same key in every realm) */
function secretBytes(length) {
  const bytes = [];
  for (let i = 0; i < length; i++) bytes[i] = (7 * i + 1) % 256;
  return bytes;
}

/**
 * How often a pair is generated again after an OperationError. WebKitGTK
 * 2.50.6 (libgcrypt) refuses about 0.9% of Ed25519 pairs it generates
 * (measured: 18 of 2,000), because it drops a leading zero byte of the key
 * material and then finds it short (https://bugs.webkit.org/show_bug.cgi?id=307095,
 * WebKit PR #72772, open). A receiving worker that lost its Ed25519 keys so
 * could not build a node its sender had judged buildable: a harness error in
 * one full test run in four. Eight refusals in a row: about 1 in 10^16.
 */
const PAIR_ATTEMPTS = 8;

/**
 * @param {any} subtle  the realm's crypto.subtle
 * @param {object} algorithm @param {boolean} extractable @param {string[]} usages
 * @returns {Promise<any>} the pair
 */
async function generatePair(subtle, algorithm, extractable, usages) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await subtle.generateKey(algorithm, extractable, usages);
    } catch (error) {
      // A host without the algorithm says NotSupportedError, at once: not tried again.
      if (attempt === PAIR_ATTEMPTS || /** @type {any} */ (error)?.name !== 'OperationError') throw error;
    }
  }
}

/**
 * Makes the sample keys in a realm, once: its crypto.subtle, not this
 * module's, so the keys are that realm's own. A realm without crypto.subtle
 * (QuickJS-ng) prepares none; a key the host cannot make is left out.
 * @param {any} global
 * @returns {Promise<void>}
 */
export async function prepareSampleKeys(global) {
  if (ObjectGetOwnPropertyDescriptor(global, SAMPLE_KEYS_SYMBOL) !== undefined) return;
  const subtle = global.crypto?.subtle;
  /** @type {Record<string, unknown>} */
  const keys = ObjectCreate(null);
  /** @type {Record<string, Promise<any>>} a pair per algorithm and extractability */
  const pairs = ObjectCreate(null);
  for (let i = 0; subtle !== undefined && i < SAMPLE_KEY_NAMES.length; i++) {
    const name = SAMPLE_KEY_NAMES[i];
    const { algorithm, raw, half, extractable, usages } = SAMPLE_KEYS[name];
    try {
      if (raw !== undefined) {
        keys[name] = await subtle.importKey('raw', new global.Uint8Array(secretBytes(raw)), algorithm, extractable, usages);
      } else {
        const pairName = `${algorithm.name} ${extractable}`;
        pairs[pairName] ??= generatePair(subtle, algorithm, extractable, usages);
        keys[name] = (await pairs[pairName])[half];
      }
    } catch {
      // This host has no such algorithm: the kind's sample for this key is not made here.
    }
  }
  // Defined once preparation is over: a realm reads as prepared only with every key it can have.
  if (ObjectGetOwnPropertyDescriptor(global, SAMPLE_KEYS_SYMBOL) === undefined) {
    ObjectDefineProperty(global, SAMPLE_KEYS_SYMBOL, { value: keys, writable: false, enumerable: false, configurable: true });
  }
}

/** @param {{raw?: number, algorithm: object, extractable: boolean, usages: string[], half?: string}} sample */
function plainSource(sample) {
  const algorithm = JSONStringify(sample.algorithm);
  const usages = JSONStringify(sample.usages);
  if (sample.raw !== undefined) {
    return `await crypto.subtle.importKey('raw', new Uint8Array(${JSONStringify(secretBytes(sample.raw))}), ${algorithm}, ${sample.extractable}, ${usages})`;
  }
  return `(await crypto.subtle.generateKey(${algorithm}, ${sample.extractable}, ${usages})).${sample.half}`;
}

/** @type {import('./index.js').KindDescriptor} */
export const cryptokey = {
  kind: 'cryptokey',
  wpt: 'wpt/cryptokey.any.js',
  fields: ['key'],
  required: ['key'],
  check(node, path, v) {
    if (own(node, 'key') !== undefined) checkEnum(own(node, 'key'), SAMPLE_KEY_NAMES, `${path}.key`, v);
  },
  make: (node) => call('cryptokey', exprs(lit(node.key))),
  summary: (node) => `CryptoKey, ${node.key}`,
  // The snippet makes its key as a person would, with await (a snippet is a module).
  plain: (a, p) => plainSource(SAMPLE_KEYS[/** @type {string} */ (p.litValue(a[0]))]),
  prepare: prepareSampleKeys,
  platform: {
    interface: 'CryptoKey', makers: [], drawn: true,
    // Each key its own sample: a host may have some algorithms and not others.
    sample: (node) => ({ kind: 'cryptokey', key: node.key }),
  },
};
