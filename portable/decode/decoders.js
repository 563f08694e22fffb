// The runtimes' and browsers' own decoders as targets of `clonecheck decode`
// (RUNTIME[@VERSION]:DECODER, e.g. node@22:textdecoder-latin1,
// chromium:textdecoder): one descriptor each, saying what the host must have,
// how it decodes a whole input, which oracle (oracles.js) judges it, and the
// snippet that shows a finding in that host. Plain data and functions: the
// descriptors load inside agents and pages (portable/decode/tasks.js).

/**
 * @typedef {object} DecoderDescriptor
 * @property {string} id  the part of a target's name after the runtime
 * @property {string} title
 * @property {'TextDecoder' | 'Buffer'} needs  what the host must have (Buffer: Node, Bun, Deno's node:buffer; no browser)
 * @property {string} oracle  the id of its judge in oracles.js
 * @property {(host: {Buffer?: any}) => (bytes: Uint8Array, more?: boolean) => string} open  a decode function with a fresh decoder,
 *   made once per case (`more`: a streaming decoder's input is not the stream's last)
 * @property {boolean} [stream]  a case's inputs are the chunks of one stream, judged as their concatenation
 * @property {string} api  what a script calls, as an issue names it (`TextDecoder('latin1')`, `Buffer#toString('utf8')`)
 * @property {(bytes: number[], before?: number[][]) => SnippetParts} parts  the statements that decode the bytes in a host
 *   that has it, with one decoder that first decoded the inputs `before` (a streaming one: the chunks before them)
 * @property {(bytes: number[], before?: number[][]) => string} snippet  those parts on one line
 */

/**
 * @typedef {object} SnippetParts
 * @property {string[]} imports  module imports the statements need (a script puts them first)
 * @property {string[]} statements  what runs before the decoding expression (a decoder made and fed the earlier inputs)
 * @property {string} expression  the decoding whose string is the case's output
 */

/**
 * A descriptor with its one-line snippet made from its parts.
 * @param {Omit<DecoderDescriptor, 'snippet'>} descriptor
 * @returns {DecoderDescriptor}
 */
function withSnippet(descriptor) {
  return {
    ...descriptor,
    snippet: (bytes, before) => {
      const { imports, statements, expression } = descriptor.parts(bytes, before);
      return [...imports, ...statements, expression].join(' ');
    },
  };
}

/** @param {number[]} bytes @returns {string} the bytes as a hex array literal */
export const bytesLiteral = (bytes) => `[${bytes.map((b) => `0x${b.toString(16).padStart(2, '0')}`).join(', ')}]`;

/**
 * @param {string} id @param {string} title @param {string} oracle
 * @param {string} [label] @param {{ignoreBOM?: boolean, fatal?: boolean}} [options]  TextDecoder's arguments
 * @returns {DecoderDescriptor}
 */
function textDecoder(id, title, oracle, label, options) {
  const source = label === undefined ? '' : `'${label}'${options === undefined ? '' : `, { ${Object.entries(options).map(([k, v]) => `${k}: ${v}`).join(', ')} }`}`;
  return withSnippet({
    id, title, needs: 'TextDecoder', oracle, api: `TextDecoder(${source})`,
    // One instance per case, reused for its inputs: decode() without {stream: true} starts afresh each call (its step 1).
    open: () => {
      // Only the arguments the snippet shows: Bun 1.1 throws for an undefined options argument.
      const decoder = label === undefined ? new TextDecoder() : options === undefined ? new TextDecoder(label) : new TextDecoder(label, options);
      return (bytes) => decoder.decode(bytes);
    },
    parts: (bytes, before = []) => (before.length === 0
      ? { imports: [], statements: [], expression: `new TextDecoder(${source}).decode(new Uint8Array(${bytesLiteral(bytes)}))` }
      : {
        imports: [],
        statements: [`const decoder = new TextDecoder(${source});`,
          `for (const earlier of [${before.map(bytesLiteral).join(', ')}]) { try { decoder.decode(new Uint8Array(earlier)); } catch {} }`],
        expression: `decoder.decode(new Uint8Array(${bytesLiteral(bytes)}))`,
      }),
  });
}

/**
 * TextDecoder fed a stream: every input but the last with `{stream: true}`,
 * so that a sequence, or a BOM, may be split between calls (the decode()
 * method's steps 2-4: the I/O queue and the BOM seen flag carry over).
 * Node 24 and 26 drop a second BOM that arrives in the call that completes
 * a split first one (wpt/encoding/textdecoder-streaming.any.js).
 * @returns {DecoderDescriptor}
 */
function streamingTextDecoder() {
  return withSnippet({
    id: 'textdecoder-stream', title: 'TextDecoder, utf-8, the inputs as chunks of one stream ({stream: true}): UTF-8 decode of their concatenation',
    needs: 'TextDecoder', oracle: 'utf-8-decode', stream: true, api: 'TextDecoder#decode(…, { stream: true })',
    open: () => {
      const decoder = new TextDecoder();
      return (bytes, more = false) => decoder.decode(bytes, { stream: more });
    },
    parts: (bytes, before = []) => ({
      imports: [],
      statements: ['const decoder = new TextDecoder();'],
      expression: `[${before.map(bytesLiteral).join(', ')}]`
        + `.map((chunk) => decoder.decode(new Uint8Array(chunk), { stream: true })).join('') + decoder.decode(new Uint8Array(${bytesLiteral(bytes)}))`,
    }),
  });
}

/** Where a snippet takes Buffer from (Deno has no global one): text for the snippet, not an import of this module. */
const BUFFER_MODULE = 'node:buffer';
const BUFFER_IMPORT = `import { Buffer } from '${BUFFER_MODULE}';`;

/** @type {readonly DecoderDescriptor[]} */
export const DECODERS = Object.freeze([
  textDecoder('textdecoder', 'TextDecoder, utf-8, default options: UTF-8 decode (a leading BOM dropped)', 'utf-8-decode'),
  textDecoder('textdecoder-ignorebom', 'TextDecoder, utf-8, ignoreBOM: UTF-8 decode without BOM', 'utf-8-decode-without-bom', 'utf-8', { ignoreBOM: true }),
  textDecoder('textdecoder-fatal', 'TextDecoder, utf-8, fatal: a TypeError exactly where UTF-8 decode without BOM or fail fails',
    'utf-8-decode-without-bom-or-fail, BOM dropped', 'utf-8', { fatal: true }),
  textDecoder('textdecoder-latin1', "TextDecoder, the 'latin1' label: windows-1252, as the standard maps the label", 'windows-1252', 'latin1'),
  streamingTextDecoder(),
  withSnippet({
    id: 'buffer-utf8', title: "Buffer#toString('utf8'): UTF-8 decode without BOM", needs: 'Buffer', oracle: 'utf-8-decode-without-bom',
    api: "Buffer#toString('utf8')",
    open: ({ Buffer }) => (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('utf8'),
    parts: (bytes) => ({ imports: [BUFFER_IMPORT], statements: [], expression: `Buffer.from(${bytesLiteral(bytes)}).toString('utf8')` }),
  }),
  withSnippet({
    id: 'buffer-latin1', title: 'Buffer#latin1Slice: isomorphic decode (Latin-1, byte = code point)', needs: 'Buffer', oracle: 'isomorphic-decode',
    api: 'Buffer#latin1Slice',
    open: ({ Buffer }) => (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).latin1Slice(0, bytes.length),
    parts: (bytes) => ({ imports: [BUFFER_IMPORT], statements: [], expression: `Buffer.from(${bytesLiteral(bytes)}).latin1Slice(0, ${bytes.length})` }),
  }),
]);

/** @param {string} id @returns {DecoderDescriptor | undefined} */
export function decoderNamed(id) {
  return DECODERS.find((decoder) => decoder.id === id);
}
