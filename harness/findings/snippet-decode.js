// A decoder's bug as a snippet a maintainer pastes and runs (`clonecheck
// report`): plain JavaScript, no clonecheck, that decodes the case's bytes
// with the host's own decoder (the descriptor's statements,
// portable/decode/decoders.js) and prints PASS or FAIL with the code points the
// Encoding Standard gives and those the decoder gave. Code points, not the
// string: U+FEFF, U+0000 and U+FFFD print as nothing or alike in a terminal.

/**
 * @typedef {object} DecodeSnippet
 * @property {string} source  an ES module (a Buffer decoder's imports node:buffer)
 * @property {string} expected  what the snippet prints where the decoder follows the standard
 * @property {string} actual  what it prints with the decoder's outcome
 */

/** @param {string} text @returns {string} its code points as U+XXXX, as the snippet's codePoints writes them */
export function codePointsOf(text) {
  return [...text].map((c) => `U+${/** @type {number} */ (c.codePointAt(0)).toString(16).toUpperCase().padStart(4, '0')}`).join(' ') || '(none)';
}

/**
 * @param {import('../../portable/decode/oracles.js').Outcome | {string: string | null}} outcome  the standard's is a string, or null
 *   (it fails: a TypeError is due)
 * @returns {string} what the snippet computes for it
 */
function printed(outcome) {
  if ('threw' in outcome) return `throws ${outcome.threw}`;
  return outcome.string === null ? 'throws TypeError' : codePointsOf(outcome.string);
}

/**
 * @param {{title: string, step: string | null, decoder: import('../../portable/decode/decoders.js').DecoderDescriptor, bytes: number[],
 *   before?: number[][], expected: string | null, got: import('../../portable/decode/oracles.js').Outcome}} options
 *   `title` the bug's; `step` the standard's step it breaks; `expected` the standard's string (null: it fails); `got` the decoder's
 * @returns {DecodeSnippet}
 */
export function decodeSnippetFor({ title, step, decoder, bytes, before = [], expected, got }) {
  const { imports, statements, expression } = decoder.parts(bytes, before);
  const want = printed({ string: expected });
  const source = [
    `// ${title}`,
    `// The Encoding Standard${step === null ? '' : `, ${step}`}: ${decoder.api} must ${expected === null ? 'throw a TypeError' : `give ${want}`}.`,
    ...imports,
    "const codePoints = (text) => [...text].map((c) => `U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}`).join(' ') || '(none)';",
    'let actual;',
    'try {',
    ...statements.map((line) => `  ${line}`),
    `  actual = codePoints(${expression});`,
    '} catch (error) {',
    '  actual = `throws ${error.name}`;',
    '}',
    `const expected = '${want}';`,
    "console.log(actual === expected ? 'PASS' : 'FAIL', 'expected', expected, 'actual', actual);",
  ].join('\n');
  const line = (/** @type {string} */ actual) => `${actual === want ? 'PASS' : 'FAIL'} expected ${want} actual ${actual}`;
  return { source: `${source}\n`, expected: line(want), actual: line(printed(got)) };
}
