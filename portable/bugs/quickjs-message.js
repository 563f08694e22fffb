// What a byte of a QuickJS-ng message is: the field of JS_WriteObject2's
// format (quickjs-ng 0.16.2, quickjs.c "binary object writer & reader",
// BC_VERSION 28) that holds it. A broken rewrite invariant is named by the
// field where the two messages part (native-signature.js), not by the bytes
// there: the bytes are an index, a length, a count, different for every
// value one cause reaches, and bytes 1-4 are a checksum of the rest, which
// any difference changes (2026-12-05: 43 signatures in a 2-minute campaign,
// every one parting at the checksum, every one a program of one bug).
//
// The message (flags JS_WRITE_OBJ_SAB | JS_WRITE_OBJ_REFERENCE, no bytecode):
//   u8 version, u32 checksum of what follows (JS_WriteObject2),
//   leb128 atom count, the atoms (JS_WriteObjectAtoms),
//   one value (JS_WriteObjectRec): a tag byte and what the tag says follows.

/** BCTagEnum's names, from 1 (BC_TAG_NULL). */
const TAGS = [undefined, 'null', 'undefined', 'false', 'true', 'int32', 'float64', 'string', 'object', 'array', 'bigint',
  'template object', 'function bytecode', 'module', 'typed array', 'array buffer', 'shared array buffer', 'regexp', 'date',
  'object value', 'object reference', 'map', 'set', 'symbol'];

/** @param {number} byte @returns {string} a tag byte's name (BCTagEnum), else the byte in hex */
const tagName = (byte) => TAGS[byte] ?? `0x${byte.toString(16).padStart(2, '0')}`;

/** The field a tag byte is. */
const TAG_FIELD = 'a value\'s tag';

/** Where JS_WriteObject2 puts the checksum: bytes 1-4, after the version. */
const CHECKSUM = { start: 1, end: 5 };

/**
 * The first offset where two messages differ, leaving out the checksum (a
 * difference anywhere changes it); the shorter one's length when one is the
 * other's start.
 * @param {Uint8Array} a @param {Uint8Array} b
 * @returns {number}
 */
export function partingOffset(a, b) {
  let i = 0;
  while (i < a.length && i < b.length && (a[i] === b[i] || (i >= CHECKSUM.start && i < CHECKSUM.end))) i++;
  return i;
}

/**
 * Where two messages part, said by the field that holds the byte (for a
 * tag byte, both tags). The values are compared first, each from where its
 * message's atom table ends: the atoms are numbered as the value is
 * written, so a value that differs makes the tables differ too, and the
 * table's field would hide what the value's says. Only where the values'
 * bytes are the same do the tables name the field.
 * @param {Uint8Array} written @param {Uint8Array} rewritten
 * @returns {string}
 */
export function partingField(written, rewritten) {
  const [w, r] = [walk(written, Infinity, true).at, walk(rewritten, Infinity, true).at];
  let k = 0;
  while (w + k < written.length && r + k < rewritten.length && written[w + k] === rewritten[r + k]) k++;
  if (w + k < written.length || r + k < rewritten.length) return fieldText(written, rewritten, w + k, r + k);
  const offset = partingOffset(written, rewritten);
  return fieldText(written, rewritten, offset, offset);
}

/**
 * @param {Uint8Array} written @param {Uint8Array} rewritten
 * @param {number} at @param {number} rewrittenAt  where each has the first byte that differs
 * @returns {string}
 */
function fieldText(written, rewritten, at, rewrittenAt) {
  if (at >= written.length || rewrittenAt >= rewritten.length) return 'the end of one message';
  const field = fieldAt(written, at);
  if (field === TAG_FIELD) return `${TAG_FIELD}: ${tagName(written[at])} -> ${tagName(rewritten[rewrittenAt])}`;
  return field ?? 'a byte after the value';
}

/**
 * The field of the message that holds byte `offset`: `a value's tag` for a
 * tag byte, else the tag's part (`object reference: index`, `array: length`,
 * `string: characters`, `atom table: count`, ...); undefined where the
 * bytes are not a message of this format or end before the offset (a
 * report holds a message's first 4 KB).
 * @param {Uint8Array} bytes
 * @param {number} offset
 * @returns {string | undefined}
 */
export function fieldAt(bytes, offset) {
  return offset < bytes.length ? walk(bytes, offset, false).field : undefined;
}

/**
 * Reads the message up to `offset`, or up to the end of its atom table.
 * @param {Uint8Array} bytes @param {number} offset @param {boolean} headerOnly
 * @returns {{field: string | undefined, at: number}} the field that holds the offset; where the walk stopped
 */
function walk(bytes, offset, headerOnly) {
  let at = 0;
  /** @type {string | undefined} */
  let found;
  const done = () => ({ field: found, at });
  /** Reads a field of `length` bytes; true when it holds the offset (the walk stops there). */
  const field = (/** @type {string} */ name, /** @type {number} */ length) => {
    if (offset < at + length) {
      found = name;
      return true;
    }
    at += length;
    return false;
  };
  /** A leb128 field (seven bits a byte, low first, the top bit set on all but the last): its value, or undefined when it holds the offset. */
  const number = (/** @type {string} */ name) => {
    let value = 0;
    let length = 0;
    for (let more = true, scale = 1; more && at + length < bytes.length; length++, scale *= 128) {
      value += (bytes[at + length] & 0x7f) * scale;
      more = (bytes[at + length] & 0x80) !== 0;
    }
    return field(name, Math.max(length, 1)) ? undefined : value;
  };
  /** JS_WriteString: leb128 (length << 1 | wide), then one byte a character, or two when wide. */
  const string = (/** @type {string} */ of) => {
    const header = number(`${of}: length`);
    return header === undefined || field(`${of}: characters`, (header >>> 1) * ((header & 1) + 1));
  };

  if (field('version', 1) || field('checksum', 4)) return done();
  const atoms = number('atom table: count');
  if (atoms === undefined) return done();
  for (let i = 0; i < atoms; i++) {
    // JS_WriteObjectAtoms: 0x80 | a constant atom below 64, 0xC0 | its low bits and a leb128 of the rest, else the atom's type and its text.
    const first = bytes[at];
    if (field('atom table: atom', 1)) return done();
    if ((first & 0xc0) === 0xc0 ? number('atom table: atom') === undefined : (first & 0x80) === 0 && string('atom table: atom')) return done();
  }
  if (headerOnly) return done();

  // The values left to read, as counts: each frame is a tag's list of values (an object's alternate a key and a value).
  /** @type {{tag: string, left: number, keyed: boolean}[]} */
  const frames = [{ tag: 'message', left: 1, keyed: false }];
  while (frames.length > 0) {
    const frame = frames[frames.length - 1];
    if (frame.left === 0) {
      frames.pop();
      continue;
    }
    frame.left -= 1;
    if (frame.keyed && number(`${frame.tag}: property key`) === undefined) return done();
    const tag = TAGS[bytes[at]];
    if (field(TAG_FIELD, 1)) return done();
    /** @type {number | undefined} */
    let values = 0;
    switch (tag) {
      case 'null': case 'undefined': case 'false': case 'true':
        break;
      case 'int32':
        if (number('int32: value') === undefined) return done();
        break;
      case 'float64':
        if (field('float64: value', 8)) return done();
        break;
      case 'string':
        if (string('string')) return done();
        break;
      case 'object':
        values = number('object: property count');
        if (values === undefined) return done();
        frames.push({ tag, left: values, keyed: true });
        continue;
      case 'array':
      case 'set':
        values = number(`${tag}: ${tag === 'set' ? 'size' : 'length'}`);
        break;
      case 'map':
        values = number('map: size');
        values = values === undefined ? undefined : 2 * values;
        break;
      case 'bigint': {
        const length = number('bigint: length');
        if (length === undefined || field('bigint: digits', length)) return done();
        break;
      }
      case 'typed array':
        if (field('typed array: type', 1) || number('typed array: length') === undefined || number('typed array: offset') === undefined) return done();
        values = 1;
        break;
      case 'array buffer': {
        const length = number('array buffer: byte length');
        if (length === undefined || number('array buffer: maximum byte length') === undefined || field('array buffer: bytes', length)) return done();
        break;
      }
      case 'shared array buffer':
        if (number('shared array buffer: byte length') === undefined || number('shared array buffer: maximum byte length') === undefined
          || field('shared array buffer: data pointer', 8)) return done();
        break;
      case 'regexp':
        if (string('regexp: source') || string('regexp: bytecode')) return done();
        break;
      case 'date':
      case 'object value':
        values = 1;
        break;
      case 'object reference':
        if (number('object reference: index') === undefined) return done();
        break;
      case 'symbol':
        if (number('symbol: atom') === undefined) return done();
        break;
      default:
        // Bytecode, modules and templates are not in a message, and no other tag is QuickJS-ng's.
        return { field: undefined, at };
    }
    if (values === undefined) return done();
    if (values > 0) frames.push({ tag, left: values, keyed: false });
  }
  // The value ended before the offset: bytes after a message are none of its fields.
  return { field: undefined, at };
}
