// A decoder finding in words, as a clone finding is written: its input
// bytes in hex, expected and got as escaped code units, the oracle's
// algorithm and step, a snippet that shows it in that host, the one-line
// replay command, and the ledger bug it is when the ledger knows it.

import { decoderNamed } from '../../portable/decoders/index.js';
import { familyNamed } from '../../portable/families/index.js';
import { UsageError } from '../commands/common.js';

/** The reference's string tiers, which a ref:string-tiers snippet imports. */
const ENCODING_URL = new URL('../../src/encoding/index.js', import.meta.url).href;

/** @param {number[]} bytes @returns {string} `ef bb bf 41` */
export const hexOf = (bytes) => bytes.map((b) => b.toString(16).padStart(2, '0')).join(' ');

/**
 * A string as a literal whose every code unit outside printable ASCII is
 * escaped (`"\u20ac"`), so lone surrogates and C1 controls show.
 * @param {string | null} text
 */
export function escapeUnits(text) {
  if (text === null) return 'failure (a TypeError)';
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit === 0x22 || unit === 0x5c) out += `\\${text[i]}`;
    else if (unit >= 0x20 && unit < 0x7f) out += text[i];
    else out += `\\u${unit.toString(16).padStart(4, '0')}`;
  }
  return `${out}"`;
}

/** @param {import('../../portable/decoders/oracles.js').Outcome} got */
const gotText = (got) => ('threw' in got ? `threw ${got.threw}: ${got.message}` : escapeUnits(got.string));

/**
 * The case a finding replays: `HEX` for a whole input (`HEX,HEX,…`: the inputs one decoder decoded before
 * it first; `-` is no bytes), `HEX@SOURCEEND:POS+LEN` for a string of a buffer.
 * @param {import('../../portable/decode/tasks.js').Difference} difference
 */
export function replayArgument({ bytes, string, before = [] }) {
  const hex = (/** @type {number[]} */ list) => list.map((b) => b.toString(16).padStart(2, '0')).join('') || '-';
  return string === undefined ? [...before, bytes].map(hex).join(',') : `${hex(bytes)}@${string.sourceEnd}:${string.pos}+${string.len}`;
}

/**
 * --replay's case as the tasks take it.
 * @param {string} text @param {import('./targets.js').DecodeTarget} target
 * @returns {import('../../portable/decode/tasks.js').ReplayTask['input']}
 * @throws {UsageError}
 */
export function parseReplay(text, target) {
  const buffer = target.spec.kind !== 'builtin';
  const match = buffer ? /^((?:[0-9a-fA-F]{2})*|-)@(\d+):(\d+)\+(\d+)$/.exec(text) : /^((?:[0-9a-fA-F]{2})+|-)(,((?:[0-9a-fA-F]{2})+|-))*$/.exec(text);
  if (match === null) {
    throw new UsageError(`--replay ${text}: give ${buffer ? 'HEX@SOURCEEND:POS+LEN (a buffer and one of its strings)' : 'the input as HEX (e.g. 80 or efbbbf41; HEX,HEX: decoded one after another by one decoder)'}, as a finding prints it`);
  }
  const bytesOf = (/** @type {string} */ hex) => (hex === '-' ? [] : (hex.match(/../g) ?? []).map((pair) => Number.parseInt(pair, 16)));
  if (!buffer) {
    const inputs = text.split(',').map(bytesOf);
    return { bytes: /** @type {number[]} */ (inputs.pop()), before: inputs };
  }
  const bytes = bytesOf(match[1]);
  const [sourceEnd, pos, len] = [match[2], match[3], match[4]].map(Number);
  if (sourceEnd > bytes.length || pos + len > bytes.length) throw new UsageError(`--replay ${text}: the source end and the string must lie inside the ${bytes.length} bytes`);
  return { bytes, sourceEnd, strings: [{ pos, len }] };
}

/**
 * A statement that shows the difference where the target runs.
 * @param {import('./targets.js').DecodeTarget} target
 * @param {import('../../portable/decode/tasks.js').Difference} difference
 */
export function snippetOf(target, { bytes, string, before }) {
  const literal = `new Uint8Array([${bytes.join(', ')}])`;
  if (target.spec.kind === 'builtin') return /** @type {import('../../portable/decoders/index.js').DecoderDescriptor} */ (decoderNamed(target.spec.decoder)).snippet(bytes, before);
  const { pos, len, sourceEnd } = /** @type {NonNullable<typeof string>} */ (string);
  if (target.spec.kind === 'module') {
    return `const m = await import(${JSON.stringify(target.spec.moduleURL)}); m.setup?.(${literal}, ${sourceEnd}); m.decode(${pos}, ${len})`;
  }
  return `const { decodeWithTiers, setupBuffer } = await import(${JSON.stringify(ENCODING_URL)}); decodeWithTiers(setupBuffer(${literal}, ${sourceEnd}), ${pos}, ${len})`;
}

/**
 * The ledger's bug a finding is: a decode bug of the same implementation with a case (its own, or one of
 * alsoShownBy) of the same decoder and root.
 * @param {import('../bugs/ledger.js').Bug[]} bugs  readDecodeBugs
 * @param {import('./targets.js').DecodeTarget} target @param {string} shape
 */
export function knownBug(bugs, target, shape) {
  return bugs.find((bug) => bug.implementation === target.implementation
    && [bug, ...(bug.alsoShownBy ?? [])].some((known) => known.decode?.decoder === target.decoder && known.root.shape === shape));
}

/**
 * The lines a finding prints.
 * @param {import('./run.js').DecodeFinding} finding
 * @param {import('./targets.js').DecodeTarget} target
 * @param {import('../bugs/ledger.js').Bug | undefined} bug
 * @param {number} seed
 * @returns {string[]}
 */
export function findingLines(finding, target, bug, seed) {
  const head = `${bug === undefined ? 'NEW' : `known ${bug.id}`}  ${target.name}  ${finding.shape}  (case ${finding.casesToFind} of seed ${seed})`;
  const { difference } = finding;
  if (difference === undefined) {
    const { input: given } = finding;
    const string = given?.strings?.[0] && { ...given.strings[0], sourceEnd: given.sourceEnd };
    const input = given === undefined ? '' : `\n  input (${given.bytes.length} bytes): ${hexOf(given.bytes)}`
      + `\n  replay: clonecheck decode --target ${target.name} --replay ${replayArgument({ ...given, string })}`;
    return [`${head}\n  ${finding.detail}${input}`];
  }
  const { bytes, string, expected, got, algorithm, step, at, unit, shrinks } = difference;
  const streamed = target.spec.kind === 'builtin' && decoderNamed(target.spec.decoder)?.stream === true;
  const chunks = [...(difference.before ?? []), bytes];
  return [
    head,
    (streamed ? `  input (${chunks.length} chunk${chunks.length === 1 ? '' : 's'} of one stream, shrunk in ${shrinks} step${shrinks === 1 ? '' : 's'}): ${chunks.map((c) => `[${hexOf(c)}]`).join(' ')}`
      : `  input (${bytes.length} byte${bytes.length === 1 ? '' : 's'}, shrunk in ${shrinks} step${shrinks === 1 ? '' : 's'}): ${hexOf(bytes)}`
      + (string === undefined ? '' : `; source region [0, ${string.sourceEnd}), the string (${string.pos}, ${string.len})`)
      + (difference.before === undefined ? '' : `; the same decoder decoded first: ${difference.before.map((b) => `[${hexOf(b)}]`).join(', ')}`)),
    `  expected ${escapeUnits(expected)}`,
    `  got      ${gotText(got)}`,
    `  from code unit ${unit}: ${algorithm}${step === '' ? '' : ` step ${step}`}, bytes [${at[0]}, ${at[1]}) of the ${string !== undefined ? 'string' : streamed ? 'stream' : 'input'}`,
    `  snippet (${target.family === undefined ? 'this Node' : target.version}${familyNamed(target.family)?.browser ? ', in its console' : ''}): ${snippetOf(target, difference)}`,
    `  replay: clonecheck decode --target ${target.name} --replay ${replayArgument(difference)}`,
    ...(difference.replays === false ? ['  it did not show again when this case was decoded once more: it depends on the cases decoded before it'] : []),
  ];
}
