// One cause, one finding: decoder roots folded after shrinking, as clone
// findings are (portable/bugs/same-bug.js). A decoder root is the oracle's
// step and the kind of difference at the first code unit that differs, so
// one cause shows as many roots: a decoder that makes one U+FFFD per
// ill-formed sequence instead of one per maximal subpart parts from the
// standard at a U+FFFD missing, at an ASCII byte swallowed, at the output
// ending early, each after another step (14-15 roots per seed in 10,000
// cases). What they share is their trigger, read from each shrunk input:
// the kinds of items the oracle decodes it into (an ill-formed sequence, an
// ASCII byte, an n-byte character, a leading BOM) and where it lies (a
// string of the source region or across its end, strings or buffers decoded
// before it, a buffer past a large size or a declared threshold). As on the
// clone side, the findings with the fewest features found the groups and
// each other one joins the first group of its target whose trigger it holds
// (`explains`: an empty trigger explains only an input as bare); the folded
// roots stay on the finding, as `alsoShownAs`. Roots the ledger names as two
// different bugs never fold. The limit is the clone side's too: two causes
// whose shrunk inputs hold the same kinds of bytes fold into one finding.

import { explains } from '../../portable/bugs/same-bug.js';
import { decoderNamed } from '../../portable/decode/decoders.js';
import { traceDecoder } from '../../src/encoding/trace.js';
import { LARGE_SIZES } from '../../fuzzers/decode/buffers.js';

/**
 * What a traced item of the oracle is, as a feature (the three error steps
 * of the UTF-8 decoder are one feature: which one a decoder stumbles on
 * depends on the byte after the sequence, not on the cause).
 * @param {import('../../src/encoding/trace.js').TracedItem} item
 */
function itemFeature({ error, byteStart, byteEnd, algorithm, step }) {
  if (error) return algorithm === 'single-byte decoder' ? 'a byte without a code point' : 'an ill-formed sequence';
  if (algorithm === 'single-byte decoder') return step === '2' ? 'an ASCII byte' : 'a byte 80-FF';
  return byteEnd - byteStart === 1 ? 'an ASCII byte' : `a ${byteEnd - byteStart}-byte character`;
}

/**
 * The trigger of a shrunk decoder finding: what its judged bytes are made of
 * and where they lie.
 * @param {import('./targets.js').DecodeTarget} target
 * @param {Pick<import('../../portable/decode/tasks.js').Difference, 'bytes' | 'string' | 'strings' | 'before' | 'history'>} difference
 *   (a ledger case has no more)
 * @returns {Set<string>}
 */
export function triggerOf(target, { bytes, string, strings, before = [], history = [] }) {
  const judged = Uint8Array.from(string === undefined ? bytes : bytes.slice(string.pos, string.pos + string.len));
  const oracle = target.spec.kind === 'builtin' ? decoderNamed(target.spec.decoder)?.oracle : 'utf-8-decode-without-bom';
  /** @type {Set<string>} */
  const features = new Set();
  const bom = judged[0] === 0xef && judged[1] === 0xbb && judged[2] === 0xbf;
  if (oracle === 'isomorphic-decode') {
    for (const byte of judged) features.add(byte < 0x80 ? 'an ASCII byte' : 'a byte 80-FF');
  } else {
    // A list of the reference's primordials (src/primordials/): walked by index.
    const items = traceDecoder(oracle === 'windows-1252' ? 'windows-1252' : 'UTF-8', judged);
    for (let i = 0; i < items.length; i++) features.add(i === 0 && bom && items[i].byteEnd === 3 ? 'a leading BOM' : itemFeature(items[i]));
  }
  if (before.length > 0) features.add('inputs decoded before it');
  if (history.length > 0) features.add('buffers decoded before it');
  if (string !== undefined) {
    const { pos, len, sourceEnd } = string;
    if (pos < sourceEnd && pos + len > sourceEnd) features.add('a string across the source end');
    else if (len > 0 && pos + len <= sourceEnd) features.add('a string of the source region');
    if ((strings ?? []).findIndex((s) => s.pos === pos && s.len === len) > 0) features.add('strings of its buffer decoded before it');
    const declared = target.spec.kind === 'module' ? target.spec.thresholds : [];
    for (const size of new Set([...LARGE_SIZES, ...declared])) if (bytes.length > size) features.add(`a buffer of more than ${size} bytes`);
  }
  return features;
}

/**
 * @template {{finding: import('./run.js').DecodeFinding, bug: import('../bugs/ledger.js').Bug | undefined}} F
 * @typedef {F & {alsoShownAs: {shape: string, casesToFind: number, bug: string | null}[]}} Folded
 */

/**
 * The findings of a run, one per cause: differences whose triggers one
 * explains folded into the one with the fewest features (its shrunk case
 * shows the cause), at the earliest case any of them was found; crashes and
 * hangs as they are.
 * @template {{finding: import('./run.js').DecodeFinding, bug: import('../bugs/ledger.js').Bug | undefined}} F
 * @param {F[]} found  in the order found
 * @param {Map<string, import('./targets.js').DecodeTarget>} targets  by name
 * @returns {Folded<F>[]}
 */
export function oneFindingPerCause(found, targets) {
  const shown = found.map((item, order) => ({
    item, order,
    features: item.finding.difference === undefined ? undefined
      : triggerOf(/** @type {import('./targets.js').DecodeTarget} */ (targets.get(item.finding.target)), item.finding.difference),
  }));
  /** @type {(typeof shown)[]} */
  const groups = [];
  const byFeatures = shown.filter((s) => s.features !== undefined)
    .sort((a, b) => /** @type {Set<string>} */ (a.features).size - /** @type {Set<string>} */ (b.features).size || a.item.finding.casesToFind - b.item.finding.casesToFind);
  for (const entry of byFeatures) {
    const group = groups.find(([trigger, ...rest]) => trigger.item.finding.target === entry.item.finding.target
      && explains(/** @type {Set<string>} */ (trigger.features), /** @type {Set<string>} */ (entry.features))
      && [trigger, ...rest].every((member) => member.item.bug === undefined || entry.item.bug === undefined || member.item.bug.id === entry.item.bug.id));
    if (group === undefined) groups.push([entry]);
    else group.push(entry);
  }
  const folded = groups.map(([trigger, ...rest]) => ({
    order: Math.min(trigger.order, ...rest.map((r) => r.order)),
    value: {
      ...trigger.item,
      bug: trigger.item.bug ?? rest.find((r) => r.item.bug !== undefined)?.item.bug,
      finding: { ...trigger.item.finding, casesToFind: Math.min(trigger.item.finding.casesToFind, ...rest.map((r) => r.item.finding.casesToFind)) },
      alsoShownAs: rest.map((r) => ({ shape: r.item.finding.shape, casesToFind: r.item.finding.casesToFind, bug: r.item.bug?.id ?? null })),
    },
  }));
  const stalls = shown.filter((s) => s.features === undefined).map((s) => ({ order: s.order, value: { ...s.item, alsoShownAs: [] } }));
  return [...folded, ...stalls].sort((a, b) => a.order - b.order).map((f) => /** @type {Folded<F>} */ (f.value));
}
