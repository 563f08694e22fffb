// A decoder finding in words, as a clone finding is written: its input
// bytes in hex, expected and got as escaped code units, the oracle's
// algorithm and step, a snippet that shows it in that host, the one-line
// replay command, and the ledger bug it is when the ledger knows it.

import { decoderNamed } from '../../portable/decode/decoders.js';
import { familyNamed } from '../../portable/families/index.js';
import { UsageError } from '../errors.js';

/** The reference's string tiers, which a ref:string-tiers snippet imports. */
const ENCODING_URL = new URL('../../src/encoding/index.js', import.meta.url).href;

/** A run this long or longer is written as one (a buffer of megabytes in a replay line, a pasted snippet). */
const SHORTEST_WRITTEN_RUN = 16;

/**
 * A buffer as runs: one byte repeated (`61*4093.`), ASCII bytes counting up
 * from one (`00~4096.`: 00 01 … 7f 00 …, what the generator's fills and
 * ASCII runs are), and the bytes between them as they are. The dot ends the
 * count, so that hex digits may follow.
 * @param {number[]} bytes
 * @returns {({bytes: number[]} | {repeat: number, count: number} | {first: number, count: number})[]}
 */
function runsOf(bytes) {
  /** @type {ReturnType<typeof runsOf>} */
  const runs = [];
  /** @type {number[]} */
  let plain = [];
  for (let i = 0; i < bytes.length;) {
    let same = 1;
    while (i + same < bytes.length && bytes[i + same] === bytes[i]) same++;
    let counting = 1;
    while (bytes[i] < 0x80 && i + counting < bytes.length && bytes[i + counting] === (bytes[i] + counting) % 0x80) counting++;
    if (Math.max(same, counting) < SHORTEST_WRITTEN_RUN) {
      plain.push(bytes[i]);
      i += 1;
      continue;
    }
    if (plain.length > 0) runs.push({ bytes: plain });
    plain = [];
    runs.push(same >= counting ? { repeat: bytes[i], count: same } : { first: bytes[i], count: counting });
    i += Math.max(same, counting);
  }
  if (plain.length > 0) runs.push({ bytes: plain });
  return runs;
}

const byteHex = (/** @type {number} */ b) => b.toString(16).padStart(2, '0');

/**
 * @param {number[]} bytes @param {string} [between]  between two bytes (a replay argument has none)
 * @returns {string} `ef bb bf 41`, `00~4096. c3 a9`
 */
export const hexOf = (bytes, between = ' ') => runsOf(bytes)
  .map((run) => ('bytes' in run ? run.bytes.map(byteHex).join(between) : 'repeat' in run ? `${byteHex(run.repeat)}*${run.count}.` : `${byteHex(run.first)}~${run.count}.`))
  .join(between);

/** @param {number[]} bytes @returns {string} an array literal of the bytes, long runs spread from Array */
function bytesExpression(bytes) {
  return `[${runsOf(bytes).map((run) => ('bytes' in run ? run.bytes.join(', ') : 'repeat' in run ? `...Array(${run.count}).fill(${run.repeat})`
    : `...Array.from({ length: ${run.count} }, (_, i) => (${run.first} + i) % 128)`)).join(', ')}]`;
}

/** @param {string} text  hex with runs (`61*4093.`, `00~4096.`), or `-` @returns {number[]} */
function bytesOfHex(text) {
  if (text === '-') return [];
  /** @type {number[]} */
  const bytes = [];
  for (const [, hex, op, count] of text.matchAll(/([0-9a-fA-F]{2})(?:([*~])(\d+)\.)?/g)) {
    const byte = Number.parseInt(hex, 16);
    if (op === undefined) bytes.push(byte);
    else for (let i = 0; i < Number(count); i++) bytes.push(op === '*' ? byte : (byte + i) % 0x80);
  }
  return bytes;
}

/** One buffer of a replay: its bytes, source end and strings. */
const BUFFER_PATTERN = '((?:[0-9a-fA-F]{2}(?:[*~]\\d+\\.)?)*|-)@(\\d+):(\\d+\\+\\d+(?:,\\d+\\+\\d+)*)';

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

/** @param {import('../../portable/decode/oracles.js').Outcome} got */
const gotText = (got) => ('threw' in got ? `threw ${got.threw}: ${got.message}` : escapeUnits(got.string));

/**
 * The case a finding replays: `HEX` for a whole input (`HEX,HEX,…`: the inputs one decoder decoded before
 * it first; `-` is no bytes), `HEX@SOURCEEND:POS+LEN` for a string of a buffer (`POS+LEN,POS+LEN`: its
 * strings in the order decoded), `BUFFER/BUFFER/…`: a module's history, the buffers a fresh instance decodes
 * first. HEX writes long runs short: `61*4093.` (a byte repeated), `00~4096.` (ASCII counting up).
 * @param {Pick<import('../../portable/decode/tasks.js').Difference, 'bytes' | 'string' | 'strings' | 'before' | 'history'>} difference
 *   (a ledger case has no more)
 */
export function replayArgument({ bytes, string, strings, before = [], history = [] }) {
  const hex = (/** @type {number[]} */ list) => hexOf(list, '') || '-';
  if (string === undefined) return [...before, bytes].map(hex).join(',');
  const buffer = (/** @type {number[]} */ data, /** @type {number} */ sourceEnd, /** @type {{pos: number, len: number}[]} */ list) => `${hex(data)}@${sourceEnd}:${list.map(({ pos, len }) => `${pos}+${len}`).join(',')}`;
  return [...history.map((earlier) => buffer(earlier.bytes, earlier.sourceEnd, earlier.strings)), buffer(bytes, string.sourceEnd, strings ?? [string])].join('/');
}

/**
 * --replay's case as the tasks take it.
 * @param {string} text @param {import('./targets.js').DecodeTarget} target
 * @returns {import('../../portable/decode/tasks.js').ReplayTask['input']}
 * @throws {UsageError}
 */
export function parseReplay(text, target) {
  const buffer = target.spec.kind !== 'builtin';
  const hexRun = '(?:[0-9a-fA-F]{2}(?:[*~]\\d+\\.)?)';
  const pattern = buffer ? new RegExp(`^${BUFFER_PATTERN}(/${BUFFER_PATTERN})*$`) : new RegExp(`^(${hexRun}+|-)(,(${hexRun}+|-))*$`);
  if (!pattern.test(text)) {
    throw new UsageError(`--replay ${text}: give ${buffer ? 'HEX@SOURCEEND:POS+LEN (a buffer and one of its strings; POS+LEN,POS+LEN: several; BUFFER/BUFFER: a module\'s history first)'
      : 'the input as HEX (e.g. 80 or efbbbf41; HEX,HEX: decoded one after another by one decoder)'}, as a finding prints it`);
  }
  if (!buffer) {
    const inputs = text.split(',').map(bytesOfHex);
    return { bytes: /** @type {number[]} */ (inputs.pop()), before: inputs };
  }
  const buffers = text.split('/').map((part) => {
    const [, hex, sourceEnd, list] = /** @type {RegExpExecArray} */ (new RegExp(`^${BUFFER_PATTERN}$`).exec(part));
    const bytes = bytesOfHex(hex);
    const strings = list.split(',').map((pair) => {
      const [pos, len] = pair.split('+').map(Number);
      return { pos, len };
    });
    if (Number(sourceEnd) > bytes.length || strings.some(({ pos, len }) => pos + len > bytes.length)) {
      throw new UsageError(`--replay ${text}: the source end and the strings must lie inside the ${bytes.length} bytes of their buffer`);
    }
    return { bytes, sourceEnd: Number(sourceEnd), strings };
  });
  if (buffers.length > 1 && target.spec.kind !== 'module') throw new UsageError(`--replay ${text}: only a decoder:PATH module takes buffers before its case (BUFFER/BUFFER)`);
  const last = /** @type {import('../../portable/decode/tasks.js').BufferCase} */ (buffers.pop());
  return { ...last, ...(buffers.length === 0 ? {} : { history: buffers }) };
}

/**
 * A statement that shows the difference where the target runs.
 * @param {import('./targets.js').DecodeTarget} target
 * @param {import('../../portable/decode/tasks.js').Difference} difference
 */
export function snippetOf(target, { bytes, string, strings, before, history = [] }) {
  const literal = `new Uint8Array(${bytesExpression(bytes)})`;
  if (target.spec.kind === 'builtin') return /** @type {import('../../portable/decode/decoders.js').DecoderDescriptor} */ (decoderNamed(target.spec.decoder)).snippet(bytes, before);
  const { pos, len, sourceEnd } = /** @type {NonNullable<typeof string>} */ (string);
  if (target.spec.kind === 'module') {
    const load = `const m = await import(${JSON.stringify(target.spec.moduleURL)});`;
    const decoded = strings ?? [{ pos, len }];
    if (history.length === 0 && decoded.length === 1) return `${load} m.setup?.(${literal}, ${sourceEnd}); m.decode(${pos}, ${len})`;
    // Each buffer as the run gave it: setup, then its strings in order; the history's buffers first, on the same instance.
    const run = (/** @type {number[]} */ data, /** @type {number} */ end, /** @type {{pos: number, len: number}[]} */ list) => `run(${bytesExpression(data)}, ${end}, [${list.map((s) => `[${s.pos}, ${s.len}]`).join(', ')}])`;
    const index = decoded.findIndex((s) => s.pos === pos && s.len === len);
    return `${load} const run = (bytes, sourceEnd, strings) => { m.setup?.(new Uint8Array(bytes), sourceEnd); return strings.map(([pos, len]) => m.decode(pos, len)); }; `
      + `${history.map((earlier) => `${run(earlier.bytes, earlier.sourceEnd, earlier.strings)}; `).join('')}${run(bytes, sourceEnd, decoded)}[${index}]`;
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
 * @param {number | null} seed  null: a replay's, whose head names the version instead of the case
 * @param {string} [label]  what the head starts with instead of NEW or the bug's id (repro's FAIL)
 * @returns {string[]}
 */
export function findingLines(finding, target, bug, seed, label = bug === undefined ? 'NEW' : `known ${bug.id}`) {
  const head = `${label}  ${target.name}  ${finding.shape}  (${seed === null ? target.version : `case ${finding.casesToFind} of seed ${seed}`})`;
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
      + (difference.strings === undefined || difference.strings.length < 2 ? ''
        : `; the buffer's strings in the order decoded: ${difference.strings.map((s) => `(${s.pos}, ${s.len})`).join(', ')}`)
      + (difference.before === undefined ? '' : `; the same decoder decoded first: ${difference.before.map((b) => `[${hexOf(b)}]`).join(', ')}`)),
    `  expected ${escapeUnits(expected)}`,
    `  got      ${gotText(got)}`,
    `  from code unit ${unit}: ${algorithm}${step === '' ? '' : ` step ${step}`}, bytes [${at[0]}, ${at[1]}) of the ${string !== undefined ? 'string' : streamed ? 'stream' : 'input'}`,
    `  snippet (${target.family === undefined ? 'this Node' : target.version}${familyNamed(target.family)?.browser ? ', in its console' : ''}): ${snippetOf(target, difference)}`,
    `  replay: clonecheck decode --target ${target.name} --replay ${replayArgument(difference)}`,
    ...historyLines(target, difference),
  ];
}

/**
 * What one replayed case prints (decode --replay, repro of a decoder's bug): PASS, or its difference (or its host's
 * crash or hang) as a finding's lines with the version in its head.
 * @param {import('./targets.js').DecodeTarget} target
 * @param {import('../../portable/decode/tasks.js').Difference | {stall: string, detail: string} | null} difference  replayCase's
 * @param {import('../bugs/ledger.js').Bug | undefined} bug  the ledger's bug it is
 * @param {string} [label]  the head's first word for a difference (default NEW, or the bug's id)
 * @returns {string[]}
 */
export function replayLines(target, difference, bug, label) {
  if (difference === null) return [`PASS  ${target.name} (${target.version})`];
  const finding = 'shape' in difference
    ? { target: target.name, shape: difference.shape, verdict: /** @type {const} */ ('difference'), casesToFind: 1, difference: { ...difference, shrinks: 0 } }
    : { target: target.name, shape: difference.stall, verdict: /** @type {const} */ ('crash'), casesToFind: 1, detail: difference.detail };
  return findingLines(finding, target, bug, null, label);
}

/**
 * What a finding says about the cases before it: a module's history (the
 * buffers a fresh instance needs first), or that it did not show again.
 * @param {import('./targets.js').DecodeTarget} target
 * @param {import('../../portable/decode/tasks.js').Difference & {replays?: boolean, freshWorker?: boolean}} difference
 * @returns {string[]}
 */
function historyLines(target, { history = [], historyFrom, replays, freshWorker }) {
  const module = target.spec.kind === 'module';
  const elsewhere = freshWorker === false
    ? ['  it showed on fresh instances of the module but not when its replay ran in a fresh worker thread: it depends on state the module does not own (an import, a global)']
    : [];
  if (replays === false) {
    return [module ? `  it did not show again on a fresh instance of the module, even after the ${historyFrom} buffers before it: it depends on the cases before it through state the module does not own (an import, a global) or by chance`
      : '  it did not show again when this case was decoded once more: it depends on the cases decoded before it'];
  }
  if (history.length === 0) return elsewhere;
  return [
    ...elsewhere,
    `  depends on the cases before it: a fresh instance shows it only after decoding ${history.length === 1 ? 'this buffer' : `these ${history.length} buffers`} first`
      + `${historyFrom === undefined ? '' : ` (shrunk from the ${historyFrom} before it on its instance)`}; the replay decodes ${history.length === 1 ? 'it' : 'them'} first:`,
    ...history.map(({ bytes, sourceEnd, strings }, i) => `    ${i + 1}. ${hexOf(bytes)}; source region [0, ${sourceEnd}), strings ${strings.map((s) => `(${s.pos}, ${s.len})`).join(', ')}`),
  ];
}
