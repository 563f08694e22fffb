// String Values in every representation an engine keeps apart: one-byte
// ASCII and Latin-1, two-byte, lone surrogates, and strings built at run time
// (repeat / concat / slice) that engines hold as ropes or slices.

import fc from 'fast-check';

/** @param {number} min @param {number} max */
const charIn = (min, max) => fc.integer({ min, max }).map((c) => String.fromCharCode(c));

/** One-byte ASCII strings, the empty string included. */
const asciiString = fc.string({ unit: 'binary-ascii', maxLength: 10 });

/** Latin-1 strings (U+0080–U+00FF present): still one byte per character in V8/JSC. */
const latin1String = fc
  .tuple(asciiString, fc.string({ unit: charIn(0x80, 0xff), minLength: 1, maxLength: 6 }))
  .map(([a, b]) => a + b);

/** Two-byte strings: BMP characters above U+00FF and surrogate pairs. */
const twoByteString = fc.string({
  unit: fc.oneof(charIn(0x100, 0xd7ff), charIn(0xe000, 0xfffd), fc.constantFrom('😀', '𝒳', '\u{10FFFF}')),
  minLength: 1,
  maxLength: 6,
});

/** Strings with an unpaired surrogate, which must survive the clone unchanged. */
const loneSurrogateString = fc
  .tuple(asciiString, charIn(0xd800, 0xdfff), asciiString)
  .map(([a, s, b]) => a + s + b);

/** A string literal of any representation. */
export const stringLiteral = fc.oneof(
  { weight: 4, arbitrary: asciiString },
  { weight: 2, arbitrary: latin1String },
  { weight: 2, arbitrary: twoByteString },
  { weight: 1, arbitrary: loneSurrogateString },
);

/** Longest string a StringExpr may build here: long enough for ropes and out-of-line storage, cheap to observe. */
const MAX_BUILT_STRING_LENGTH = 65536;

/**
 * The length of the string a StringExpr builds (an upper bound for slices).
 * @param {any} expr
 * @returns {number}
 */
function stringExprLength(expr) {
  if (typeof expr === 'string') return expr.length;
  if ('repeat' in expr) return stringExprLength(expr.repeat[0]) * expr.repeat[1];
  if ('concat' in expr) return expr.concat.reduce((sum, part) => sum + stringExprLength(part), 0);
  return stringExprLength(expr.slice[0]);
}

/**
 * The longest string a StringExpr builds on the way, its parts included
 * (`{"repeat": [huge, 0]}` is empty but still builds `huge`).
 * @param {any} expr
 * @returns {number}
 */
function longestBuiltString(expr) {
  if (typeof expr === 'string') return expr.length;
  const parts = 'repeat' in expr ? [expr.repeat[0]] : 'concat' in expr ? expr.concat : [expr.slice[0]];
  return Math.max(stringExprLength(expr), ...parts.map(longestBuiltString));
}

/**
 * A StringExpr: a string built at run time by repeat / concat / slice, so
 * engines hold it as a rope, a sliced string or a flattened two-byte string.
 */
export const stringExpr = fc.letrec((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small', maxDepth: 3, withCrossShrink: true },
    { weight: 3, arbitrary: stringLiteral },
    { weight: 1, arbitrary: fc.tuple(tie('expr'), fc.oneof(fc.integer({ min: 0, max: 8 }), fc.constantFrom(100, 1000))).map(([s, n]) => ({ repeat: [s, n] })) },
    { weight: 1, arbitrary: fc.array(tie('expr'), { minLength: 2, maxLength: 3 }).map((parts) => ({ concat: parts })) },
    { weight: 1, arbitrary: fc.tuple(tie('expr'), fc.integer({ min: -4, max: 12 }), fc.integer({ min: -4, max: 12 })).map(([s, a, b]) => ({ slice: [s, a, b] })) },
  ),
})).expr.filter((expr) => longestBuiltString(expr) <= MAX_BUILT_STRING_LENGTH);

/** A string Value: a literal or `{"string": StringExpr}`. */
export const stringValue = fc.oneof(
  { weight: 3, arbitrary: stringLiteral },
  { weight: 1, arbitrary: stringExpr.map((e) => ({ string: e })) },
);
