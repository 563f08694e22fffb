// The signature of what the native harness finds (docs/native.md, Findings),
// made in two places by this one code: in the harness, in QuickJS-ng, where a
// campaign keeps the first inputs of each signature instead of aborting on
// every deviating input (portable/hosts/quickjs/entry.js `fuzzOne`); and in
// Node, where a replay of each kept or crashing input names its finding
// (harness/native/findings.js). Both read the record the harness prints on
// its report's last line, as JSON.

import { TAG_FIELD, fieldAt, tagName } from './quickjs-message.js';
import { signatureName, signatureOf } from './signature.js';

export const NATIVE_TARGET = 'quickjs:message';

/** A report holds this much of each message: QuickJS-ng writes a sparse array densely (bug 7), megabytes. */
export const REPORTED_BYTES = 4096;

/**
 * @param {{differences: import('../../src/observe/diff.js').Difference[], program?: unknown, expected?: unknown, actual?: unknown}} deviation
 *   the record of a `clonecheck-deviation:` line
 * @returns {{signature: string, category: string, shape: string}}
 */
export function deviationSignature(deviation) {
  return signatureOf(NATIVE_TARGET, deviation.differences, /** @type {any} */ (deviation));
}

/**
 * What names a broken rewrite invariant: the clone could not be written
 * again, with the error's first words; or the field of the message where
 * the two part (quickjs-message.js): the same for one bug wherever its
 * value sits, and for a tag byte the two tags.
 * @param {{stage: string, error?: string, offset?: number, written: string, rewritten?: string}} broken
 *   the record of a `clonecheck-rewrite:` line (messages in hex, their first 4 KB; offset where they part)
 * @returns {{signature: string, summary: string}}
 */
export function rewriteSignature({ stage, error, offset = 0, written, rewritten = '' }) {
  const summary = stage === 'rewrite' ? `rewrite throws: ${String(error).replace(/\d+/g, 'N')}` : `rewrite differs at ${partingField(fromHex(written), fromHex(rewritten), offset)}`;
  return { signature: signatureName(NATIVE_TARGET, 'rewrite', summary), summary };
}

/**
 * @param {Uint8Array} written @param {Uint8Array} rewritten their first REPORTED_BYTES
 * @param {number} offset where they part
 * @returns {string}
 */
function partingField(written, rewritten, offset) {
  if (offset >= REPORTED_BYTES) return 'a byte past the first 4 KB';
  if (offset >= written.length || offset >= rewritten.length) return 'the end of one message';
  const field = fieldAt(written, offset);
  if (field === TAG_FIELD) return `${TAG_FIELD}: ${tagName(written[offset])} -> ${tagName(rewritten[offset])}`;
  return field ?? 'a byte after the value';
}

/** @param {string} hex @returns {Uint8Array} */
const fromHex = (hex) => Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
