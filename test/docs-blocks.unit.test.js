// The generated parts of README.md and docs/*.md (harness/docs/blocks.js):
// each must be what the writer makes from the ledger, the registries and
// the checklists now, so a count in a doc fails here the day it goes stale,
// with the command that fixes it.

import test from 'node:test';
import assert from 'node:assert/strict';
import { BLOCKS, MARKED, REGENERATE, docFiles, inWords, readDoc, rewriteParts } from '../harness/docs/blocks.js';

const docs = docFiles().map((file) => ({ file, text: readDoc(file) }));

test('every generated part of the docs is what harness/docs/blocks.js writes now', () => {
  for (const { file, text } of docs) {
    const now = rewriteParts(text, file);
    if (now === text) continue;
    const stale = [...text.matchAll(MARKED)].filter(([whole]) => !now.includes(whole)).map(([, name]) => name);
    assert.fail(`${file}: the generated ${stale.join(', ')} no longer say what the repository holds: run ${REGENERATE}`);
  }
});

test('every part the writer knows is in a doc, and a part on a line of its own stands apart from the text', () => {
  const used = new Set(docs.flatMap(({ text }) => [...text.matchAll(MARKED)].map(([, name]) => name)));
  for (const name of Object.keys(BLOCKS)) assert.ok(used.has(name), `harness/docs/blocks.js writes ${name}, which no doc has: mark it in its doc or drop it`);
  for (const { file, text } of docs) {
    for (const match of text.matchAll(MARKED)) {
      const startsLine = /(^|\n)[ \t]*$/.test(text.slice(0, match.index));
      // A comment that begins a line ends a markdown paragraph: only a part of whole lines may.
      if (startsLine) assert.ok(match[2].startsWith('\n\n'), `${file}: the inline part ${match[1]} begins a line, which ends the paragraph there: move it into the line`);
    }
  }
});

test('the writer rewrites only the marked text, and refuses a name it does not know', () => {
  const name = Object.keys(BLOCKS).find((n) => n === 'tiers') ?? '';
  const text = `before <!-- generated:${name} -->stale<!-- /generated --> after`;
  assert.equal(rewriteParts(text, 'x.md'), `before <!-- generated:${name} -->${BLOCKS[name]()}<!-- /generated --> after`);
  assert.throws(() => rewriteParts('<!-- generated:nothing -->x<!-- /generated -->', 'x.md'), /x\.md: <!-- generated:nothing --> is no part/);
  assert.deepEqual([0, 7, 12, 13, 1412].map(inWords), ['no', 'seven', 'twelve', '13', '1,412']);
});
