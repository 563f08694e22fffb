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
 * again, with the error's first words; or the field of the message where
 * the two part (quickjs-message.js `partingField`, which the harness finds
 * in the whole messages): the same for one bug wherever its value sits.
 * @param {{stage: string, error?: string, field?: string}} broken  the record of a `clonecheck-rewrite:` line
 * @returns {{signature: string, summary: string}}
 */
export function rewriteSignature({ stage, error, field }) {
  const summary = stage === 'rewrite' ? `rewrite throws: ${String(error).replace(/\d+/g, 'N')}` : `rewrite differs at ${field}`;
  return { signature: signatureName(NATIVE_TARGET, 'rewrite', summary), summary };
}
