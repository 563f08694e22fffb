// postMessage(message, transfer) against postMessage(message, options): the
// oracle converts a channel's transfer list the way the channel's call does.
// For MessagePort and Worker, WebIDL overload resolution
// (https://webidl.spec.whatwg.org/#es-overloads) takes an object without a
// Symbol.iterator method as the StructuredSerializeOptions dictionary: with
// Array.prototype[Symbol.iterator] deleted, the transfer array transfers
// nothing and nothing throws (browsers do exactly that); structuredClone's
// options.transfer still throws a TypeError.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { postMessageTransferList, toTransferList, PROGRAM_SCHEMA, build } from '../src/index.js';
import { cloneCase, cloneCaseElsewhere, oracleClone } from '../portable/case/case.js';
import { referenceDelivery } from '../portable/targets/receivers/reference-delivery.js';
import { transferArgument } from '../portable/targets/programs.js';
import { openTargets } from '../portable/fuzz/judge.js';
import { resolveTarget } from '../harness/targets/catalog.js';

/** Runs `fn` with Array.prototype[Symbol.iterator] deleted. */
function withoutArrayIterator(fn) {
  const saved = Array.prototype[Symbol.iterator];
  delete Array.prototype[Symbol.iterator];
  try {
    return fn();
  } finally {
    Array.prototype[Symbol.iterator] = saved;
  }
}

test('an array without Symbol.iterator is the options dictionary of postMessage, and a TypeError for structuredClone', () => {
  const buffer = new ArrayBuffer(4);
  const transfer = [buffer];
  assert.deepEqual(Array.from(withoutArrayIterator(() => postMessageTransferList(transfer))), []);
  assert.throws(() => withoutArrayIterator(() => toTransferList(transfer)), TypeError);
  assert.equal(buffer.byteLength, 4);
});

test('postMessage\'s second argument: a sequence when it has an iterator, else a dictionary read for its transfer member', () => {
  const a = new ArrayBuffer(1);
  const b = new ArrayBuffer(1);
  assert.deepEqual(Array.from(postMessageTransferList([a])), [a]);
  assert.deepEqual(Array.from(postMessageTransferList({ transfer: [b] })), [b], 'a dictionary');
  assert.deepEqual(Array.from(postMessageTransferList(undefined)), []);
  assert.deepEqual(Array.from(postMessageTransferList(null)), []);
  assert.throws(() => postMessageTransferList({ [Symbol.iterator]: 1 }), TypeError, 'GetMethod: a non-callable method throws');
  assert.throws(() => postMessageTransferList(3), TypeError, 'a primitive matches neither overload');
  let gets = 0;
  const counted = { get [Symbol.iterator]() { gets++; return Array.prototype[Symbol.iterator].bind([a]); } };
  assert.deepEqual(Array.from(postMessageTransferList(counted)), [a]);
  assert.equal(gets, 1, 'the iterator method found by overload resolution is the one used');
});

test('each channel\'s transfer argument', () => {
  const spec = (name, base, ...limits) => transferArgument({ name, reshaping: { base, limits } });
  assert.equal(spec('chromium:messagechannel', 'withoutStorage', 'window'), 'overloaded');
  assert.equal(spec('firefox:worker', 'withoutStorage', 'window', 'workers'), 'overloaded');
  assert.equal(spec('node:worker', 'withoutStorage'), 'overloaded');
  assert.equal(spec('chromium:iframe', 'withoutStorage', 'window'), 'sequence', 'postMessage(message, targetOrigin, transfer) is not overloaded at that length');
  assert.equal(spec('webkit:clone-transfer', 'withTransferList', 'window', 'unshared'), 'sequence');
  assert.equal(spec('polyfill:core-js', 'withoutStorage'), 'sequence');
  assert.equal(spec('quickjs:ref', 'asIs', 'shell'), 'sequence');
  assert.equal(spec('bun:broadcast', 'withoutTransfer'), 'none');
  assert.equal(spec('chromium:storage', 'withStorage', 'window'), 'none');
});

/** A program that transfers a buffer while the sender's Array.prototype has no Symbol.iterator. */
const program = {
  schema: PROGRAM_SCHEMA, root: { ref: 0 },
  objects: [{ kind: 'object', props: [{ key: 'b', value: { ref: 1 } }] }, { kind: 'arraybuffer', bytes: [1, 2] }],
  transfer: [1],
  sender: [{ on: 'Array.prototype', key: { wellKnown: 'iterator' }, delete: true }],
};

test('the oracle of a postMessage(message, transfer) channel expects no TypeError and nothing transferred', async () => {
  const overloaded = cloneCase(program, () => build(program), oracleClone(undefined, 'overloaded')).clone;
  assert.equal(overloaded.outcome, 'value');
  assert.equal(overloaded.inputUnchanged, true, 'the buffer is not detached');
  const sequence = cloneCase(program, () => build(program), oracleClone(undefined, 'sequence')).clone;
  assert.equal(sequence.outcome, 'throw');
  assert.equal(sequence.thrown.prototype, '%TypeError.prototype%');
  const [landed] = await cloneCaseElsewhere(program, () => build(program), referenceDelivery(undefined, 'overloaded'));
  assert.equal(landed.outcome, 'value');
  assert.equal(landed.inputUnchanged, true);
  const [refused] = await cloneCaseElsewhere(program, () => build(program), referenceDelivery(undefined, 'sequence'));
  assert.equal(refused.outcome, 'throw');
});

test('the TypeError of a transfer list that is not iterable is the realm\'s own, whatever a program put at globalThis.TypeError', () => {
  const replaced = {
    schema: PROGRAM_SCHEMA, root: 0,
    sender: [
      { on: 'Array.prototype', key: { wellKnown: 'iterator' } },
      { on: 'globalThis', key: 'TypeError', method: {} },
    ],
  };
  const refused = cloneCase(replaced, () => build(replaced), oracleClone(undefined, 'sequence')).clone;
  assert.equal(refused.outcome, 'throw');
  assert.equal(refused.thrown.prototype, '%TypeError.prototype%');
  assert.deepEqual(Array.from(refused.effects), [], 'the replaced TypeError is never called');
});

test('targets whose calls convert the transfer list differently never share an oracle run', async () => {
  const [clone, messageChannel] = await openTargets(await Promise.all(['node:clone', 'node:messagechannel'].map((name) => resolveTarget(name))));
  assert.equal(transferArgument(clone.spec), 'sequence');
  assert.equal(transferArgument(messageChannel.spec), 'overloaded');
  assert.notEqual(clone.oracleKey, messageChannel.oracleKey);
});
