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
 * The case a finding replays: `HEX` for a whole input, `HEX@SOURCEEND:POS+LEN` for a string of a buffer.
 * @param {import('../../portable/decode/tasks.js').Difference} difference
 */
export function replayArgument({ bytes, string }) {
  const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
  return string === undefined ? hex || '""' : `${hex}@${string.sourceEnd}:${string.pos}+${string.len}`;
}

/**
 * --replay's case as the tasks take it.
 * @param {string} text @param {import('./targets.js').DecodeTarget} target
 * @returns {{bytes: number[], sourceEnd?: number, strings?: {pos: number, len: number}[]}}
 * @throws {UsageError}
 */
export function parseReplay(text, target) {
  const match = /^((?:[0-9a-fA-F]{2})*)(?:@(\d+):(\d+)\+(\d+))?$/.exec(text === '""' ? '' : text);
  const buffer = target.spec.kind !== 'builtin';
  if (match === null || buffer !== (match[2] !== undefined)) {
    throw new UsageError(`--replay ${text}: give ${buffer ? 'HEX@SOURCEEND:POS+LEN (a buffer and one of its strings)' : 'the input as HEX (e.g. 80 or efbbbf41)'}, as a finding prints it`);
  }
  const bytes = (match[1].match(/../g) ?? []).map((pair) => Number.parseInt(pair, 16));
  if (!buffer) return { bytes };
  const [sourceEnd, pos, len] = [match[2], match[3], match[4]].map(Number);
  if (sourceEnd > bytes.length || pos + len > bytes.length) throw new UsageError(`--replay ${text}: the source end and the string must lie inside the ${bytes.length} bytes`);
  return { bytes, sourceEnd, strings: [{ pos, len }] };
}

/**
 * A statement that shows the difference where the target runs.
 * @param {import('./targets.js').DecodeTarget} target
 * @param {import('../../portable/decode/tasks.js').Difference} difference
 */
export function snippetOf(target, { bytes, string }) {
  const literal = `new Uint8Array([${bytes.join(', ')}])`;
  if (target.spec.kind === 'builtin') return /** @type {import('../../portable/decoders/index.js').DecoderDescriptor} */ (decoderNamed(target.spec.decoder)).snippet(bytes);
  const { pos, len, sourceEnd } = /** @type {NonNullable<typeof string>} */ (string);
  if (target.spec.kind === 'module') {
    return `const m = await import(${JSON.stringify(target.spec.moduleURL)}); m.setup?.(${literal}, ${sourceEnd}); m.decode(${pos}, ${len})`;
  }
  return `const { decodeWithTiers, setupBuffer } = await import(${JSON.stringify(ENCODING_URL)}); decodeWithTiers(setupBuffer(${literal}, ${sourceEnd}), ${pos}, ${len})`;
}

/**
 * The ledger's bug a finding is: a decode bug of the same implementation and decoder with the same root.
 * @param {import('../bugs/ledger.js').Bug[]} bugs  readDecodeBugs
 * @param {import('./targets.js').DecodeTarget} target @param {string} shape
 */
export function knownBug(bugs, target, shape) {
  return bugs.find((bug) => bug.implementation === target.implementation && bug.decode?.decoder === target.decoder && bug.root.shape === shape);
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
    const input = finding.input === undefined ? '' : `\n  input (${finding.input.bytes.length} bytes): ${hexOf(finding.input.bytes)}`
      + `\n  replay: clonecheck decode --target ${target.name} --replay ${replayArgument({ ...finding.input, string: finding.input.strings?.[0] && { ...finding.input.strings[0], sourceEnd: finding.input.sourceEnd } })}`;
    return [`${head}\n  ${finding.detail}${input}`];
  }
  const { bytes, string, expected, got, algorithm, step, at, unit, shrinks } = difference;
  return [
    head,
    `  input (${bytes.length} byte${bytes.length === 1 ? '' : 's'}, shrunk in ${shrinks} step${shrinks === 1 ? '' : 's'}): ${hexOf(bytes)}`
      + (string === undefined ? '' : `; source region [0, ${string.sourceEnd}), the string (${string.pos}, ${string.len})`),
    `  expected ${escapeUnits(expected)}`,
    `  got      ${gotText(got)}`,
    `  from code unit ${unit}: ${algorithm}${step === '' ? '' : ` step ${step}`}, bytes [${at[0]}, ${at[1]}) of the ${string === undefined ? 'input' : 'string'}`,
    `  snippet (${target.family === undefined ? 'this Node' : target.version}${familyNamed(target.family)?.browser ? ', in its console' : ''}): ${snippetOf(target, difference)}`,
    `  replay: clonecheck decode --target ${target.name} --replay ${replayArgument(difference)}`,
  ];
}
