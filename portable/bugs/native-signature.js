// The signature of what the native harness finds (docs/native.md, Findings),
// made in two places by this one code: in the harness, in QuickJS-ng, where a
// campaign keeps the first inputs of each signature instead of aborting on
// every deviating input (portable/hosts/quickjs/entry.js `fuzzOne`); and in
// Node, where a replay of each kept or crashing input names its finding
// (harness/native/findings.js). Both read the record the harness prints on
// its report's last line, as JSON.

import { signatureName, signatureOf } from './signature.js';

export const NATIVE_TARGET = 'quickjs:message';

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
 * again, with the error's first words; or the tag bytes each message holds
 * where they part (QuickJS-ng's BC_TAG_* values when the difference starts
 * at a value, the same for one bug wherever its value sits).
 * @param {{stage: string, error?: string, offset?: number, written: string, rewritten?: string}} broken
 *   the record of a `clonecheck-rewrite:` line (messages in hex)
 * @returns {{signature: string, summary: string}}
 */
export function rewriteSignature({ stage, error, offset = 0, written, rewritten = '' }) {
  const at = (/** @type {string} */ hex) => (offset * 2 < hex.length ? `0x${hex.slice(offset * 2, offset * 2 + 2)}` : 'end');
  const summary = stage === 'rewrite' ? `rewrite throws: ${String(error).replace(/\d+/g, 'N')}` : `rewrite differs: ${at(written)} -> ${at(rewritten)}`;
  return { signature: signatureName(NATIVE_TARGET, 'rewrite', summary), summary };
}
