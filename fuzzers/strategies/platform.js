// Platform objects every host clonecheck runs has (DOMException, Blob, File):
// cloned by their own serialization steps, never as the plain objects their
// own properties make them look like; MessagePorts, transferred when the
// transfer list names them, refused when it does not (a channel without a
// transfer list makes them ordinary objects: portable/targets/programs.js);
// streams (ReadableStream with a few primitive chunks, WritableStream,
// TransformStream) by the same rule, sometimes locked (refused);
// and FileLists, which only a window can make (a runtime's or a worker's
// target makes them ordinary objects: programs.js `withoutFileLists`),
// of Files listed twice or also held elsewhere. Names with and without a legacy code,
// odd messages, bytes and media types, a File's name and lastModified; the
// same object twice (identity), own properties (not carried), another
// prototype (the brand is in the slots, not the prototype: Node 26 clones
// a Blob whose prototype is null to undefined) and integrity levels.
// CryptoKeys: copies of a realm's prepared sample keys (HMAC, AES-GCM, the
// halves of an ECDSA and an Ed25519 pair). And OffscreenCanvas, ImageBitmap,
// ImageData and the geometry interfaces (DOMPoint, DOMRect, DOMMatrix,
// DOMQuad and their read-only bases), which only browsers make (Deno has
// ImageData and geometry): where the target's host cannot, they become
// ordinary objects (judgeableHere, as for Bun's ports).
//
// Which kinds it draws is the registry's (src/program/kinds/): every platform
// kind whose descriptor says it is drawn has an arbitrary in DRAWN below, and
// this module refuses to load otherwise.

import fc from 'fast-check';
import { KIND, PLATFORM_KINDS } from '../../src/program/kinds/index.js';
import { SAMPLE_KEY_NAMES } from '../../src/program/kinds/cryptokey.js';
import { COLOR_SPACES } from '../../src/program/kinds/image-data.js';
import { GEOMETRY_TYPES, GEOMETRY_VALUES } from '../../src/program/kinds/geometry.js';
import { stringLiteral } from '../arbitraries/strings.js';

const DOMEXCEPTION_NAMES = ['Error', 'DataCloneError', 'NotFoundError', 'AbortError', 'SyntaxError', 'QuotaExceededError', 'MyError', ''];
const MEDIA_TYPES = ['', 'text/plain', 'Text/HTML', 'application/json;charset=utf-8', 'caf\u00e9/x'];
const LAST_MODIFIED = [0, 1, -1, 1e12, 8.64e15];

/** A DOMException node. */
const domException = fc.record({
  message: fc.option(stringLiteral, { nil: undefined }),
  name: fc.option(fc.constantFrom(...DOMEXCEPTION_NAMES), { nil: undefined }),
}, { requiredKeys: [] }).map(({ message, name }) => ({
  kind: 'domexception', ...(message === undefined ? {} : { message }), ...(name === undefined ? {} : { name }),
}));

/** A File's fields (a Blob's are the first two). */
const fileFields = {
  bytes: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 8 }),
  type: fc.constantFrom(...MEDIA_TYPES),
  name: stringLiteral,
  lastModified: fc.constantFrom(...LAST_MODIFIED),
};

/** A Blob or File node. */
const blobOrFile = fc.record({ file: fc.boolean(), ...fileFields }).map(({ file, bytes, type, name, lastModified }) => (file
  ? { kind: 'file', bytes, type, name, lastModified }
  : { kind: 'blob', bytes, type }));

/** A MessagePort node, and whether the transfer list names it. */
const messagePort = fc.record({
  otherEnd: fc.constantFrom('kept', 'kept', 'dropped'),
  transferred: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
}).map(({ otherEnd, transferred }) => ({ kind: 'messageport', otherEnd, transferred }));

/**
 * An OffscreenCanvas (with or without a 2D context: a canvas with one is
 * refused by its transfer steps) or an ImageBitmap, and whether the transfer
 * list names it. Only browsers make both: where the target's host cannot
 * (Node, Bun, QuickJS-ng, Deno's bitmaps) or cannot transfer one (Deno's
 * canvases), the node becomes an ordinary object (portable/targets/programs.js judgeableHere).
 */
const canvasOrBitmap = fc.record({
  bitmap: fc.boolean(),
  width: fc.integer({ min: 1, max: 4 }),
  height: fc.integer({ min: 1, max: 4 }),
  context: fc.constantFrom('none', 'none', '2d'),
  transferred: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
}).map(({ bitmap, width, height, context, transferred }) => (bitmap
  ? { kind: 'imagebitmap', width, height, transferred }
  : { kind: 'offscreencanvas', width, height, ...(context === 'none' ? {} : { context }), transferred }));

const STREAM_KINDS = ['readablestream', 'writablestream', 'transformstream'];
const STREAM_CHUNKS = ['a', '', 0, -0.5, 1e21, true, false, null];

/** A stream node, sometimes locked, and whether the transfer list names it (as often as a port). */
const stream = fc.record({
  kind: fc.constantFrom(...STREAM_KINDS),
  chunks: fc.array(fc.constantFrom(...STREAM_CHUNKS), { minLength: 1, maxLength: 3 }),
  locked: fc.oneof({ weight: 5, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  transferred: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
}).map(({ kind, chunks, locked, transferred }) => ({
  kind, ...(kind === 'readablestream' ? { chunks } : {}), ...(locked ? { locked } : {}), transferred,
}));

/**
 * A FileList node with the Files it lists (their nodes, placed after the
 * others), which of them it lists in order (a File may come twice), and
 * whether the array also holds its first File (sub-serialization shares the
 * memory: one File in the clone).
 */
const fileList = fc.record({
  files: fc.array(fc.record(fileFields).map((fields) => ({ kind: 'file', ...fields })), { minLength: 1, maxLength: 2 }),
  picks: fc.array(fc.nat(), { maxLength: 3 }),
  heldElsewhere: fc.boolean(),
}).map(({ files, picks, heldElsewhere }) => ({ kind: 'filelist', files, picks, heldElsewhere }));

/**
 * An ImageData node: small sides, its pixels given or left transparent
 * black, sometimes in display-p3.
 */
const imageData = fc.record({
  width: fc.integer({ min: 1, max: 3 }),
  height: fc.integer({ min: 1, max: 3 }),
  given: fc.boolean(),
  colorSpace: fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom(...COLOR_SPACES) }),
  seed: fc.integer({ min: 0, max: 255 }),
}).map(({ width, height, given, colorSpace, seed }) => ({
  kind: 'imagedata', width, height,
  ...(given ? { bytes: Array.from({ length: 4 * width * height }, (_, i) => (seed + 37 * i) % 256) } : {}),
  ...(colorSpace === undefined ? {} : { colorSpace }),
}));

/** Numbers a geometry interface meets: -0, NaN and infinities too (a DOMMatrix's is2D reads them). */
const GEOMETRY_NUMBERS = [0, 1, -1, 0.5, 1e21, { number: '-0' }, { number: 'NaN' }, { number: 'Infinity' }];

/** A geometry node: any of the interfaces, with as many numbers as it takes (a DOMMatrix 6 or 16). */
const geometry = fc.constantFrom(...GEOMETRY_TYPES).chain((type) => fc
  .constantFrom(...GEOMETRY_VALUES[type])
  .chain((count) => fc.array(fc.constantFrom(...GEOMETRY_NUMBERS), { minLength: count, maxLength: count }))
  .map((values) => ({ kind: 'geometry', type, values })));

/** A CryptoKey node: one of the realm's prepared sample keys (src/program/kinds/cryptokey.js). */
const cryptoKey = fc.constantFrom(...SAMPLE_KEY_NAMES).map((key) => ({ kind: 'cryptokey', key }));

/**
 * The arbitraries of the platform kinds, each with the kinds it draws and
 * its weight among them. A node's fields besides the program's (transferred,
 * files, picks, heldElsewhere) say how platformGraph places it.
 * @type {{kinds: string[], weight: number, arbitrary: fc.Arbitrary<Record<string, any>>}[]}
 */
const DRAWN = [
  { kinds: ['domexception'], weight: 2, arbitrary: domException },
  { kinds: ['blob', 'file'], weight: 2, arbitrary: blobOrFile },
  { kinds: ['messageport'], weight: 1, arbitrary: messagePort },
  { kinds: ['offscreencanvas', 'imagebitmap'], weight: 1, arbitrary: canvasOrBitmap },
  { kinds: ['readablestream', 'writablestream', 'transformstream'], weight: 1, arbitrary: stream },
  { kinds: ['filelist'], weight: 1, arbitrary: fileList },
  { kinds: ['imagedata'], weight: 1, arbitrary: imageData },
  { kinds: ['geometry'], weight: 1, arbitrary: geometry },
  { kinds: ['cryptokey'], weight: 1, arbitrary: cryptoKey },
];

// The registry decides: a kind drawn here that it says is not, or one it says is and nothing draws, is a mistake.
for (const kind of PLATFORM_KINDS) {
  const drawnHere = DRAWN.some((entry) => entry.kinds.includes(kind));
  if (drawnHere !== (KIND[kind].platform?.drawn === true)) {
    throw new Error(`fuzzers/strategies/platform.js: the ${kind} kind is ${drawnHere ? '' : 'not '}drawn here, but its descriptor says ${JSON.stringify(KIND[kind].platform?.drawn)}`);
  }
}

/** What is done to one platform node besides making it. */
const decoration = fc.record({
  extra: fc.boolean(),
  proto: fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom(null, 'Object.prototype', 'Error.prototype') }),
  integrity: fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom('preventExtensions', 'freeze') }),
});

/**
 * One to three platform objects in an array (the second one twice when
 * there are two), then the Files the FileLists among them list.
 */
export const platformGraph = fc
  .array(fc.tuple(fc.oneof(...DRAWN.map(({ weight, arbitrary }) => ({ weight, arbitrary }))), decoration), { minLength: 1, maxLength: 3 })
  .map((drawn) => {
    /** @type {Record<string, any>[]} */
    const nodes = drawn.map(([{ transferred, files, picks, heldElsewhere, ...node }, { extra, proto, integrity }]) => ({
      ...node,
      ...(extra ? { props: [{ key: 'extra', value: 'kept?' }] } : {}),
      ...(proto === undefined ? {} : { proto }),
      // WebIDL: a FileList refuses to be made non-extensible.
      ...(integrity === undefined || node.kind === 'filelist' ? {} : { integrity }),
    }));
    const items = nodes.map((_, i) => ({ ref: i + 1 }));
    if (nodes.length === 2) items.push({ ref: 2 });
    const listed = [];
    drawn.forEach(([{ kind, files, picks, heldElsewhere }], i) => {
      if (kind !== 'filelist') return;
      const ids = files.map((_, j) => 1 + nodes.length + listed.length + j);
      listed.push(...files);
      nodes[i].files = [...ids, ...picks.map((pick) => ids[pick % ids.length])];
      if (heldElsewhere) items.push({ ref: ids[0] });
    });
    nodes.push(...listed);
    const transfer = drawn.flatMap(([{ transferred }], i) => (transferred === true ? [i + 1] : []));
    return { root: { ref: 0 }, objects: [{ kind: 'array', items }, ...nodes], ...(transfer.length === 0 ? {} : { transfer }) };
  });
