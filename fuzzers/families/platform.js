// Platform objects every host clonecheck runs has (DOMException, Blob, File):
// cloned by their own serialization steps, never as the plain objects their
// own properties make them look like; MessagePorts, transferred when the
// transfer list names them, refused when it does not (a channel without a
// transfer list makes them ordinary objects: portable/targets/programs.js);
// streams (ReadableStream with a few primitive chunks, WritableStream,
// TransformStream) by the same rule, sometimes locked (refused);
// and FileLists, which only a window can make (a runtime's or a worker's
// target makes them ordinary objects: programs.js `inRuntime`, `inWorkers`),
// of Files listed twice or also held elsewhere. Names with and without a legacy code,
// odd messages, bytes and media types, a File's name and lastModified; the
// same object twice (identity), own properties (not carried), another
// prototype (the brand is in the slots, not the prototype: Node 26 clones
// a Blob whose prototype is null to undefined) and integrity levels. And
// OffscreenCanvas and ImageBitmap, which only browsers make: elsewhere the
// target's host makes them ordinary objects (judgeableHere, as for Bun's ports).

import fc from 'fast-check';
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
  .array(fc.tuple(fc.oneof(
    { weight: 2, arbitrary: domException }, { weight: 2, arbitrary: blobOrFile }, { weight: 1, arbitrary: messagePort },
    { weight: 1, arbitrary: canvasOrBitmap }, { weight: 1, arbitrary: stream },
    { weight: 1, arbitrary: fileList },
  ), decoration), { minLength: 1, maxLength: 3 })
  .map((drawn) => {
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
