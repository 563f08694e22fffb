// The bench suite "strings": the string tiers of a raw-transfer deserializer
// (src/encoding/tiers/, oxc's deserializeStr) timed honestly, issue 26 item 5.
// One group per fixture (a buffer whose source region is a source text and
// whose strings region holds the cooked strings, and every (pos, len) a
// deserializer decodes); in each group the byte-by-byte baseline, the host's
// TextDecoder for every string, each tier alone in front of the exact path,
// all tiers in the reference's order, and a user's decoder when the target
// brings one.
//
// Honest means: a row's timed fn runs the per-buffer setup AND decodes every
// string of the fixture (the seed's own complaint: "we moved most of the work
// into setup(), which the benchmark doesn't time"); a variant whose setup
// does work gets a second row, "(decode only)", with the setup done once
// outside, so the table shows how much setup hides; and the memory the setup
// holds is reported as setup.bytes.
//
// The exact path: in the reference (decodeWithTiers) it is the step-by-step
// oracle, slow by design, and the call checks preconditions and records every
// guard's refusal. Neither is part of a deserializer, so the timed rows
// dispatch through the same tier objects (guard, then decode) with the host's
// TextDecoder (ignoreBOM: true, as oxc has it) as both the injected decoder
// and the exact path. test/string-bench.unit.test.js holds every row to the oracle.
//
// Fixture bytes are built here, in the realm that times them: generated texts
// from seeds (so a page or an agent needs nothing from the harness), and the
// project's own source texts, which only the harness can read, passed in as
// options.sources.

import { selectStringTier, setupBuffer, stringTiers } from '../../../src/encoding/tiers/index.js';
import { ASCII_STOCK_MAX, asciiStock } from '../../../src/encoding/tiers/ascii-stock.js';
import { byteByByte } from '../../../src/encoding/tiers/byte-by-byte.js';
import { latin1Slice } from '../../../src/encoding/tiers/latin1-slice.js';
import { rawBufferFixture } from '../fixtures/raw-buffer.js';
import { generateSourceText } from '../fixtures/source-text.js';

/**
 * The generated fixtures: non-ASCII share of the source region's bytes, and
 * where the first non-ASCII byte is (early: after a one-line header; late:
 * after three quarters of the text, the shape of oxc's checker.ts, whose one
 * Bengali character sits at 2.1M of 2.9M bytes, oxc#20834).
 */
export const GENERATED_FIXTURES = Object.freeze([
  { name: 'generated 0%', share: 0, late: false },
  { name: 'generated 1% early', share: 0.01, late: false },
  { name: 'generated 1% late', share: 0.01, late: true },
  { name: 'generated 10% early', share: 0.1, late: false },
  { name: 'generated 10% late', share: 0.1, late: true },
  { name: 'generated 50% early', share: 0.5, late: false },
]);

/**
 * The project's own sources the suite wants as fixtures (the harness reads
 * them and passes them as options.sources): one all ASCII, and three whose
 * first non-ASCII byte (an em dash or arrow in a comment) is early (byte 547),
 * in the middle (3,923) and late (18,072 of 29,888).
 */
export const PROJECT_SOURCES = Object.freeze(['src/program/bytes.js', 'src/program/runtime.js', 'src/html/serialize.js', 'src/observe/diff.js']);

/** Where a late fixture's ASCII prefix ends, as a share of its size. */
const LATE_PREFIX = 0.75;

/**
 * @typedef {object} StringsOptions
 * @property {number} [bytes]  size of each generated source text (default 32768: about 2,000 strings)
 * @property {number} [seed]  seed of the generated texts (default 1)
 * @property {{name: string, text: string}[]} [sources]  source texts the harness read (the project's own)
 */

/**
 * The fixtures: the generated ones, then one per passed source text.
 * @param {StringsOptions} [options]
 * @returns {import('../fixtures/raw-buffer.js').RawBufferFixture[]}
 */
export function stringBenchFixtures({ bytes = 32768, seed = 1, sources = [] } = {}) {
  return [
    ...GENERATED_FIXTURES.map(({ name, share, late }) => rawBufferFixture(name, generateSourceText({
      seed, bytes, share, asciiPrefix: late ? Math.round(bytes * LATE_PREFIX) : 0,
    }))),
    ...sources.map(({ name, text }) => rawBufferFixture(name, text)),
  ];
}

/**
 * A user's decoder module (the interface of issue 26's decoder:PATH targets):
 * setup once per buffer, then decode(pos, len) for each string.
 * @typedef {{name: string, setup?: (bytes: Uint8Array, sourceEnd: number) => unknown, decode: (pos: number, len: number) => string}} UserDecoder
 */

/**
 * What the suite is given by the target (all optional).
 * @typedef {object} StringsTarget
 * @property {import('../../../src/encoding/tiers/index.js').InjectedDecoder} [utf8]  the host's UTF-8 decode without BOM (default: TextDecoder with ignoreBOM)
 * @property {UserDecoder} [decoder]
 * @property {import('../../../src/encoding/tiers/index.js').InjectedDecoder} [latin1]  the host's isomorphic (Latin-1) decode, e.g.
 *   Node's Buffer#latin1Slice, which oxc uses: adds rows with it in latin1-slice's setup in place of the reference's JavaScript loop
 * @property {() => number} [heapUsed]  the host's heap size in bytes, to measure a user decoder's setup memory
 */

/**
 * The host's TextDecoder as the tiers' injected decoder.
 * @returns {import('../../../src/encoding/tiers/index.js').InjectedDecoder}
 */
function textDecoderUtf8() {
  if (typeof globalThis.TextDecoder !== 'function') throw new Error('the strings suite needs the host\'s TextDecoder, or target.utf8');
  const decoder = new globalThis.TextDecoder('utf-8', { ignoreBOM: true });
  return (bytes, start, length) => decoder.decode(bytes.subarray(start, start + length));
}

/**
 * The string at (pos, len) through the buffer's tiers in order, else the
 * buffer's own decoder: decodeWithTiers without its checking machinery (see
 * the header).
 * @param {import('../../../src/encoding/tiers/index.js').StringBuffer} buffer
 * @param {number} pos
 * @param {number} len
 */
function decodeThroughTiers(buffer, pos, len) {
  const { tiers } = buffer;
  for (let i = 0; i < tiers.length; i++) {
    if (tiers[i].guard(buffer, pos, len) === 'accept') return tiers[i].decode(buffer, pos, len);
  }
  return buffer.decoder(buffer.bytes, pos, len);
}

/**
 * Bytes a string's characters take in V8 and JavaScriptCore: one per code
 * unit when every unit is ≤ 0xFF (a one-byte string), else two (headers left out).
 * @param {string} s
 */
function stringBytes(s) {
  for (let i = 0; i < s.length; i++) {
    if (s.charCodeAt(i) > 0xff) return 2 * s.length;
  }
  return s.length;
}

/** The fixture a user's decoder (module state) was last set up for. */
const setUpFor = new WeakMap();

const STOCK_NOTE = 'its stock of arrays is made once per realm, at module load: setup.bytes, not timed';

/** ascii-stock's arrays, made once per realm: 0 + 1 + … + 64 slots of 8 bytes (a packed array's element). */
const ASCII_STOCK_BYTES = ((ASCII_STOCK_MAX * (ASCII_STOCK_MAX + 1)) / 2) * 8;

/**
 * A way to decode a fixture: `setup` once per buffer, `decode` per string.
 * @typedef {object} Variant
 * @property {string} name
 * @property {() => unknown} setup  the per-buffer setup; its result is decode's first argument
 * @property {(state: any, pos: number, len: number) => string} decode
 * @property {boolean} setupWorks  whether setup does work worth a "(decode only)" row
 * @property {boolean} [decodeOnlyRow]  false: no "(decode only)" row even so (another variant's is the same)
 * @property {readonly import('../../../src/encoding/tiers/index.js').StringTier[]} [tiers]  the tiers of a tiered variant
 * @property {(state: any) => number | undefined} [memory]  bytes the setup's result holds
 * @property {() => void} [ready]  makes the state of the last setup current again before a "(decode only)" batch
 * @property {string} [note]
 */

/**
 * The variants of one fixture.
 * @param {import('../fixtures/raw-buffer.js').RawBufferFixture} fixture
 * @param {StringsTarget} target
 * @returns {Variant[]}
 */
function variants(fixture, target) {
  const utf8 = target.utf8 ?? textDecoderUtf8();
  const { bytes, sourceEnd } = fixture;
  /**
   * @param {string} name
   * @param {readonly import('../../../src/encoding/tiers/index.js').StringTier[]} tiers
   * @param {string} [note]
   * @returns {Variant}
   */
  const tiered = (name, tiers, note) => ({
    name,
    tiers,
    setup: () => setupBuffer(bytes, sourceEnd, { decoder: utf8, tiers }),
    decode: decodeThroughTiers,
    setupWorks: tiers.some((tier) => tier.setup !== undefined),
    // The strings each tier's setup record holds (the source text, its Latin-1
    // form; its numbers are small integers, stored in the record's own slots).
    memory: (buffer) => Object.values(buffer.setups).reduce((n, record) => n + Object.values(record)
      .reduce((m, v) => m + (typeof v === 'string' ? stringBytes(v) : 0), 0), 0)
      + (tiers.includes(asciiStock) ? ASCII_STOCK_BYTES : 0),
    note,
  });
  /** @type {Variant[]} */
  const list = [
    tiered('byte-by-byte', [byteByByte]),
    { name: 'TextDecoder', setup: () => undefined, decode: (_, pos, len) => utf8(bytes, pos, len), setupWorks: false, memory: () => 0 },
    ...stringTiers.filter((tier) => tier !== byteByByte).map((tier) => tiered(tier.id, [tier], tier === asciiStock ? STOCK_NOTE : undefined)),
    tiered('tiers', stringTiers, 'the reference\'s order'),
  ];
  if (target.latin1 !== undefined) {
    const { latin1 } = target;
    /** latin1-slice with the host's Latin-1 decode in its setup, as oxc has it (the guard and decode are the tier's own). */
    const hostLatin1 = { ...latin1Slice, setup: (buffer) => ({ latin1Source: latin1(buffer.bytes, 0, buffer.sourceEnd) }) };
    const note = 'setup by the host\'s Latin-1 decode; (decode only) is the row above\'s';
    list.push(
      { ...tiered('latin1-slice, host Latin-1', [hostLatin1], note), decodeOnlyRow: false },
      { ...tiered('tiers, host Latin-1', stringTiers.map((tier) => (tier === latin1Slice ? hostLatin1 : tier)), note), decodeOnlyRow: false },
    );
  }
  if (target.decoder !== undefined) {
    const { decoder } = target;
    const setup = () => {
      decoder.setup?.(bytes, sourceEnd);
      setUpFor.set(decoder, fixture);
    };
    list.push({
      name: `decoder: ${decoder.name}`,
      setup,
      // Its state is the module's own: set it up again if another fixture's rows ran since.
      ready: () => {
        if (setUpFor.get(decoder) !== fixture) setup();
      },
      decode: (_, pos, len) => decoder.decode(pos, len),
      setupWorks: decoder.setup !== undefined,
    });
  }
  return list;
}

/** Milliseconds of the fastest of a few runs of `f` (the first run pays for compiling). */
function setupMs(f) {
  const now = () => globalThis.performance?.now() ?? Date.now();
  let best = Infinity;
  for (let i = 0; i < 5; i++) {
    const start = now();
    f();
    best = Math.min(best, now() - start);
  }
  return best;
}

/**
 * How many of the fixture's strings each tier takes, in the reference's
 * selection (the first guard that accepts; 'exact path' when none does).
 * @param {import('../fixtures/raw-buffer.js').RawBufferFixture} fixture
 * @param {readonly import('../../../src/encoding/tiers/index.js').StringTier[]} tiers
 */
function takenBy(fixture, tiers) {
  const buffer = setupBuffer(fixture.bytes, fixture.sourceEnd, { tiers });
  /** @type {Record<string, number>} */
  const counts = {};
  for (let k = 0; k < fixture.strings.length; k += 2) {
    const id = selectStringTier(buffer, fixture.strings[k], fixture.strings[k + 1]).tier?.id ?? 'exact path';
    counts[id] = (counts[id] ?? 0) + 1;
  }
  return counts;
}

/** One line that says what a fixture is. */
function describeFixture({ stats }) {
  return `${stats.bytes} B (source ${stats.sourceBytes} B), ${stats.strings} strings (${stats.inStringsRegion} in the strings region), `
    // Two decimals under 1 %, so a source with a handful of non-ASCII bytes does not read 0.0 %.
    + `ASCII prefix ${stats.asciiPrefix} B, ${(100 * stats.nonAsciiShare).toFixed(stats.nonAsciiShare < 0.01 ? 2 : 1)}% non-ASCII bytes`;
}

/**
 * The rows of one fixture (one group).
 * @param {import('../fixtures/raw-buffer.js').RawBufferFixture} fixture
 * @param {StringsTarget} [target]
 * @returns {import('../suite.js').BenchRow[]}
 */
export function rowsForFixture(fixture, target = {}) {
  const { strings } = fixture;
  const n = strings.length / 2;
  const rows = [];
  for (const variant of variants(fixture, target)) {
    const out = new Array(n);
    const decodeAll = (state) => {
      for (let k = 0; k < n; k++) out[k] = variant.decode(state, strings[2 * k], strings[2 * k + 1]);
      return out;
    };
    // Computed where the suite knows what the setup keeps, else measured as the heap's growth (if the host tells).
    const heap = variant.memory === undefined ? target.heapUsed : undefined;
    const heapBefore = heap?.() ?? 0;
    const kept = variant.setup();
    const memory = variant.memory?.(kept) ?? (heap === undefined ? undefined : Math.max(0, heap() - heapBefore));
    let note = variant.name === 'byte-by-byte' ? describeFixture(fixture) : variant.note;
    if (variant.tiers !== undefined) {
      const taken = takenBy(fixture, variant.tiers);
      note = [note, `takes ${Object.entries(taken).map(([id, count]) => `${id} ${count}`).join(', ')}`].filter(Boolean).join('; ');
    }
    rows.push({
      group: fixture.name,
      name: variant.name,
      baseline: variant.name === 'byte-by-byte',
      fn: () => decodeAll(variant.setup()),
      setup: variant.setupWorks || (memory ?? 0) > 0 ? { ms: variant.setupWorks ? setupMs(variant.setup) : 0, bytes: memory } : undefined,
      note,
    });
    if (variant.setupWorks && variant.decodeOnlyRow !== false) {
      const ready = variant.ready ?? (() => {});
      rows.push({
        group: fixture.name,
        name: `${variant.name} (decode only)`,
        fn: () => {
          ready();
          return decodeAll(kept);
        },
        note: 'setup done once, outside the timed fn',
      });
    }
  }
  return rows;
}

/** @type {import('../suite.js').BenchSuite} */
export const suite = {
  id: 'strings',
  describe: 'string tiers of a raw-transfer deserializer (src/encoding/tiers/) vs byte-by-byte and TextDecoder, setup counted',
  sources: PROJECT_SOURCES,
  /**
   * @param {{target?: StringsTarget, shapes?: string[], options?: StringsOptions}} context
   *   shapes: fixture names to keep (default all)
   */
  async prepare({ target = {}, shapes, options = {} }) {
    const fixtures = stringBenchFixtures(options).filter((fixture) => shapes === undefined || shapes.includes(fixture.name));
    return fixtures.flatMap((fixture) => rowsForFixture(fixture, target));
  },
};
