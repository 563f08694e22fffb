// Spec citations in src/ that cannot rot: every HTML or Encoding step number
// cited is a step of the cited algorithm in its standard's one list
// (src/html/steps.js, src/encoding/steps.js), every algorithm is linked by its
// stable anchor, and ECMA-262 is cited by its #sec- anchor, never by a section
// number that moves every year.
//
// A citation names its algorithm ("StructuredDeserialize step 16.3") or
// follows that algorithm's link in the same file ("// Step 16.3." below
// `https://html.spec.whatwg.org/#structureddeserialize`).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { HTML_ALGORITHMS } from '../src/html/steps.js';
import { ENCODING_ALGORITHMS } from '../src/encoding/steps.js';

const SRC = new URL('../src/', import.meta.url).pathname;
/** Every algorithm with numbered steps, and the table that lists them. */
const ALGORITHMS = { ...HTML_ALGORITHMS, ...ENCODING_ALGORITHMS };
const TABLE = Object.fromEntries([
  ...Object.keys(HTML_ALGORITHMS).map((name) => [name, 'src/html/steps.js']),
  ...Object.keys(ENCODING_ALGORITHMS).map((name) => [name, 'src/encoding/steps.js']),
]);
const NAMES = Object.keys(ALGORITHMS).sort((a, b) => b.length - a.length);
const STEP = String.raw`\d+(?:\.\d+)*`;
const escaped = (name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const CITATION = new RegExp(String.raw`(?:\b(${NAMES.map(escaped).join('|')})\s+)?\b[Ss]teps?\s+(${STEP})(?:\s*(?:–|-|/)\s*(${STEP}))?`, 'g');
// A link ends at white space, a closing parenthesis or quote, or punctuation before them.
const HTML_LINK = /https:\/\/(?:html|encoding|infra)\.spec\.whatwg\.org\/[^\s)'"`,]*[^\s)'"`,.;]/g;
const ECMA_LINK = /https:\/\/tc39\.es\/ecma262\/[^\s)'"`,]*[^\s)'"`,.;]/g;
const SECTION_NUMBER = /\b(?:ECMA-262|HTML|ES20\d\d)\s+§?\s*\d+\.\d+/g;

/**
 * The problems with the citations in one file's text.
 * @param {string} text
 * @returns {string[]} one line each: `line N: what is wrong`
 */
function citationProblems(text) {
  const problems = [];
  /** @type {string | undefined} the algorithm whose link came last */
  let context;
  text.split('\n').forEach((line, index) => {
    const at = `line ${index + 1}`;
    for (const [link] of line.matchAll(HTML_LINK)) {
      const name = NAMES.find((n) => ALGORITHMS[n].url === link);
      if (name !== undefined) context = name;
      else if (link.includes('#')) problems.push(`${at}: ${link} is not the link of an algorithm in src/html/steps.js or src/encoding/steps.js`);
    }
    for (const [link] of line.matchAll(ECMA_LINK)) {
      if (!/^https:\/\/tc39\.es\/ecma262\/#(?:sec|table)-[\w.-]+$/.test(link)) problems.push(`${at}: cite ECMA-262 as https://tc39.es/ecma262/#sec-…, not ${link}`);
    }
    for (const [cited] of line.matchAll(SECTION_NUMBER)) problems.push(`${at}: '${cited}' cites a section number; link the algorithm's anchor instead`);
    for (const [cited, named, first, last] of line.matchAll(CITATION)) {
      const name = named ?? context;
      if (name === undefined) {
        problems.push(`${at}: '${cited}' names no algorithm and follows no algorithm's link`);
        continue;
      }
      for (const step of last === undefined ? [first] : [first, last]) {
        if (!Object.hasOwn(ALGORITHMS[name].steps, step)) problems.push(`${at}: ${name} has no step ${step} in ${TABLE[name]}`);
      }
    }
  });
  return problems;
}

/** @param {string} dir @returns {string[]} */
function jsFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return jsFiles(path);
    return entry.name.endsWith('.js') ? [path] : [];
  });
}

test('every step cited in src/ is a step of its algorithm in src/html/steps.js or src/encoding/steps.js, and every citation is by link or name', () => {
  const problems = jsFiles(SRC).flatMap((file) => citationProblems(readFileSync(file, 'utf8')).map((p) => `src/${relative(SRC, file)} ${p}`));
  assert.deepEqual(problems, []);
});

test('src/ cites the HTML algorithms it implements by their links', () => {
  const text = jsFiles(join(SRC, 'html')).map((file) => readFileSync(file, 'utf8')).join('\n');
  for (const name of ['StructuredSerializeInternal', 'StructuredSerializeWithTransfer', 'StructuredDeserialize', 'StructuredDeserializeWithTransfer', 'structuredClone']) {
    const { url } = HTML_ALGORITHMS[name];
    assert.ok(text.split('\n').some((line) => line.includes(url) && !line.includes("algorithm('")), `${name}: ${url} is cited in src/html/`);
  }
});

test('src/encoding/ cites the Encoding algorithms it implements by their links', () => {
  const text = jsFiles(join(SRC, 'encoding')).map((file) => readFileSync(file, 'utf8')).join('\n');
  for (const [name, { url }] of Object.entries(ENCODING_ALGORITHMS)) {
    assert.ok(text.split('\n').some((line) => line.includes(url) && !line.includes('algorithm(')), `${name}: ${url} is cited in src/encoding/`);
  }
});

test('the check catches a wrong step, a step with no algorithm, a section number and a versioned link', () => {
  const problems = citationProblems([
    '// https://html.spec.whatwg.org/#structureddeserialize',
    '// Step 16.3. fine',
    '// Step 99. not a step',
    '// StructuredSerializeInternal step 20.1 (Array is step 18 today)',
    '// HTML 2.7.3 and ECMA-262 7.3.5',
    '// https://tc39.es/ecma262/2024/#sec-createdataproperty',
  ].join('\n'));
  assert.deepEqual(problems, [
    'line 3: StructuredDeserialize has no step 99 in src/html/steps.js',
    'line 4: StructuredSerializeInternal has no step 20.1 in src/html/steps.js',
    "line 5: 'HTML 2.7' cites a section number; link the algorithm's anchor instead",
    "line 5: 'ECMA-262 7.3' cites a section number; link the algorithm's anchor instead",
    'line 6: cite ECMA-262 as https://tc39.es/ecma262/#sec-…, not https://tc39.es/ecma262/2024/#sec-createdataproperty',
  ]);
  assert.deepEqual(citationProblems('// a step 5 without a link'), ["line 1: 'step 5' names no algorithm and follows no algorithm's link"]);
  assert.deepEqual(citationProblems([
    '// https://encoding.spec.whatwg.org/#utf-8-decoder',
    '// Step 4.2. fine',
    '// UTF-8 decoder step 12 and UTF-8 decode without BOM step 2',
    '// https://encoding.spec.whatwg.org/#utf-8-decoders',
  ].join('\n')), [
    'line 3: UTF-8 decoder has no step 12 in src/encoding/steps.js',
    'line 4: https://encoding.spec.whatwg.org/#utf-8-decoders is not the link of an algorithm in src/html/steps.js or src/encoding/steps.js',
  ]);
});
