// The stream kinds, [Transferable] only (a channel without a transfer list
// makes them ordinary objects): `readablestream` (1 to 8 primitive chunks,
// then closed), `writablestream` (its sink records what reaches it) and
// `transformstream` (identity); `locked`: a reader (a writer; for a
// TransformStream, its readable's reader) holds it. A shell global has none.

import { ArrayIsArray, append, newList } from '../../primordials/intrinsics.js';
import { CX, call, exprs, list, lit } from '../plan.js';
import { describe, own, report } from '../values.js';
import { checkBoolean } from './checks.js';

/**
 * A readablestream node has 1 to this many chunks (each a pull through a
 * MessagePort when transferred). Not none: a transferred empty stream's pipe
 * ends within microtasks and unlocks the original, so whether the input
 * reads locked afterwards would depend on when a channel observes it (a
 * message channel's target a task later, the oracle at once); with a chunk
 * the pipe waits for the clone to be read.
 */
export const MAX_STREAM_CHUNKS = 8;

/** @param {any} node @param {string} path @param {import('./checks.js').Validator} v */
function checkLocked(node, path, v) {
  checkBoolean(own(node, 'locked'), `${path}.locked`, v);
}

/** @param {string} source @param {boolean} locked @param {string} lock */
function lockedSource(source, locked, lock) {
  return locked ? `((stream) => (stream.${lock}, stream))(${source})` : source;
}

/** @type {import('./index.js').KindDescriptor} */
export const readablestream = {
  kind: 'readablestream',
  wpt: 'wpt/streams.any.js',
  fields: ['chunks', 'locked'],
  required: ['chunks'],
  // A stream's chunks are JSON primitives (a chunk crosses a MessagePort when the stream is transferred).
  check(node, path, v) {
    checkLocked(node, path, v);
    const chunks = own(node, 'chunks');
    if (chunks === undefined) return;
    if (!ArrayIsArray(chunks) || chunks.length === 0 || chunks.length > MAX_STREAM_CHUNKS) {
      return report(v.errors, `${path}.chunks`, `expected an array of 1 to ${MAX_STREAM_CHUNKS} chunks (an empty stream's transfer ends at once: docs/platform-objects.md), got ${describe(chunks)}`);
    }
    for (let i = 0; i < chunks.length; i++) {
      const chunk = own(chunks, i);
      if (chunk !== null && typeof chunk !== 'string' && typeof chunk !== 'boolean' && typeof chunk !== 'number') {
        report(v.errors, `${path}.chunks[${i}]`, `expected a string, number, boolean or null, got ${describe(chunk)}`);
      }
    }
  },
  make(node) {
    const chunks = newList();
    for (let i = 0; i < node.chunks.length; i++) append(chunks, lit(node.chunks[i]));
    return call('readablestream', exprs(list(chunks), lit(own(node, 'locked') === true)));
  },
  summary: (node) => `ReadableStream${own(node, 'locked') === true ? ', locked' : ''}`,
  plain(a, p) {
    const chunks = a[0].t === 'list' ? a[0].items : [];
    let start = '';
    for (let i = 0; i < chunks.length; i++) start += `c.enqueue(${p.expr(chunks[i])}); `;
    return lockedSource(`new ReadableStream({ start(c) { ${start}c.close(); } })`, p.litValue(a[1]) === true, 'getReader()');
  },
  platform: { interface: 'ReadableStream', makers: ['ReadableStream'], transferOnly: true, shellLacks: true, drawn: true },
};

/** @type {import('./index.js').KindDescriptor} */
export const writablestream = {
  kind: 'writablestream',
  wpt: 'wpt/streams.any.js',
  fields: ['locked'],
  required: [],
  check: checkLocked,
  make: (node) => call('writablestream', exprs(CX, lit(own(node, 'locked') === true))),
  summary: (node) => `WritableStream${own(node, 'locked') === true ? ', locked' : ''}`,
  plain: (a, p) => lockedSource('new WritableStream()', p.litValue(a[1]) === true, 'getWriter()'),
  platform: { interface: 'WritableStream', makers: ['WritableStream'], transferOnly: true, shellLacks: true, drawn: true },
};

/** @type {import('./index.js').KindDescriptor} */
export const transformstream = {
  kind: 'transformstream',
  wpt: 'wpt/streams.any.js',
  fields: ['locked'],
  required: [],
  check: checkLocked,
  make: (node) => call('transformstream', exprs(lit(own(node, 'locked') === true))),
  summary: (node) => `TransformStream${own(node, 'locked') === true ? ', locked' : ''}`,
  plain: (a, p) => lockedSource('new TransformStream()', p.litValue(a[0]) === true, 'readable.getReader()'),
  platform: { interface: 'TransformStream', makers: ['TransformStream'], transferOnly: true, shellLacks: true, drawn: true },
};
