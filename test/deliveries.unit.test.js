// A program delivered several times (docs/program.md `deliveries`): the
// worker channels send the same value again, each send serializes it again
// (its getters run again and may change it), and every delivery is observed.
// Engines cache shapes and atoms across messages, so a bug may show only on a
// repeat: the harness must see it there, and name where.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, validate } from '../src/index.js';
import { cloneCaseElsewhere, deviations } from '../portable/case/case.js';
import { signatureOf } from '../portable/bugs/signature.js';
import { referenceDelivery } from '../portable/targets/receivers/reference-delivery.js';
import * as workerChannel from '../portable/targets/clone-functions/worker.js';
import * as broadcastChannel from '../portable/targets/clone-functions/broadcast.js';
import { expectedWhereValueLands } from '../harness/findings/expected.js';
import { reproSource } from '../harness/findings/repro.js';
import { resolveTarget } from '../harness/targets/catalog.js';

/**
 * An object whose getter `a` adds a key `c` each time it runs: the first
 * send snapshots the keys before the getter adds it (ignored), the next
 * ones send it too; `late` a symbol makes them throw DataCloneError.
 * @param {{deliveries?: unknown, late?: unknown}} [options]
 */
function growingObject({ deliveries, late = 3 } = {}) {
  return {
    schema: 'clonecheck/program@1',
    root: { ref: 0 },
    objects: [{ kind: 'object', props: [{ key: 'a', get: { effects: [{ define: [0, 'c', late] }], returns: 1 } }, { key: 'b', value: 2 }] }],
    ...(deliveries === undefined ? {} : { deliveries }),
  };
}

/**
 * A channel with a planted cache bug: the reference, except that every
 * delivery after the first lands as the first one did (a deserializer that
 * keeps the first message's shape). The Delivery is the harness's own seam,
 * so this tests the harness's repetition, not a runtime.
 * @returns {import('../portable/case/case.js').Delivery}
 */
function staleAfterFirst() {
  const reference = referenceDelivery(undefined, 'sequence');
  /** @type {string | null | undefined} */
  let first;
  return {
    async prepare(steps, deliveries) {
      first = undefined;
      await reference.prepare(steps, deliveries);
    },
    send: reference.send,
    async landed() {
      const landed = await reference.landed();
      if (first === undefined) first = landed;
      return first;
    },
  };
}

/** @param {any} program @param {import('../portable/case/case.js').Delivery} channel */
const observed = (program, channel) => cloneCaseElsewhere(program, () => build(program), channel);

test('deliveries: a count of 1 to 3, absent meaning 1', () => {
  assert.deepEqual(validate(growingObject()), []);
  assert.deepEqual(validate(growingObject({ deliveries: 3 })), []);
  for (const bad of [0, 4, 1.5, '2']) assert.match(validate(growingObject({ deliveries: bad }))[0].path, /^\$\.deliveries$/, String(bad));
});

test('each delivery serializes the value again: its getters run again, and what they changed goes too', async () => {
  const [grown] = await observed(growingObject({ deliveries: 3 }), referenceDelivery(undefined, 'sequence'));
  assert.ok(Array.isArray(grown));
  assert.deepEqual(grown.map((d) => d.value.props.map((p) => p.key)), [['a', 'b'], ['a', 'b', 'c'], ['a', 'b', 'c']]);
  assert.deepEqual(grown.map((d) => d.effects.length), [1, 1, 1]);
  const [poisoned] = await observed(growingObject({ deliveries: 3, late: { symbol: 'late' } }), referenceDelivery(undefined, 'sequence'));
  assert.deepEqual(poisoned.map((d) => d.thrown?.name), [undefined, 'DataCloneError', 'DataCloneError']);
});

test('a bug that shows only on the second delivery is a deviation at $<delivery 2>, with a signature of its own', async () => {
  const once = growingObject();
  assert.deepEqual(deviations((await observed(once, referenceDelivery(undefined, 'sequence')))[0], (await observed(once, staleAfterFirst()))[0]), []);
  const twice = growingObject({ deliveries: 2 });
  const [expected] = await observed(twice, referenceDelivery(undefined, 'sequence'));
  const [actual] = await observed(twice, staleAfterFirst());
  const found = deviations(expected, actual);
  assert.ok(found.length > 0);
  assert.ok(found.every((d) => d.path.startsWith('$<delivery 2>')), JSON.stringify(found));
  const { shape } = signatureOf('impl:stale', found, { expected, actual, program: twice });
  assert.match(shape, /^on a repeated delivery: /);
});

test('a repeat of a value with a transfer list goes without it: the transferred buffer is detached, so DataCloneError', async () => {
  const program = {
    schema: 'clonecheck/program@1', root: { ref: 0 }, deliveries: 2, transfer: [0],
    objects: [{ kind: 'arraybuffer', bytes: [1, 2] }],
  };
  const [[first, second]] = await observed(program, referenceDelivery(undefined, 'sequence'));
  assert.equal(first.outcome, 'value');
  assert.equal(second.thrown.name, 'DataCloneError');
});

for (const [name, channel, transferList] of [['worker', workerChannel, true], ['broadcast', broadcastChannel, false]]) {
  test(`node:${name} delivers a value 3 times (sent, then thrown by the second send) as the oracle does, then a case once`, async (t) => {
    await channel.start();
    t.after(() => channel.stop());
    // A toJSON in the receiving realm: the worker answers only once its set-up is undone.
    const receiverSteps = [{ on: 'Object.prototype', key: 'c', set: {} }, { on: 'Object.prototype', key: 'toJSON', method: { throws: 'SyntaxError' } }];
    const programs = [
      { ...growingObject({ deliveries: 3 }), receiver: receiverSteps },
      { ...growingObject({ deliveries: 3, late: { symbol: 'late' } }), receiver: receiverSteps },
      growingObject(),
    ];
    for (const program of programs) {
      const expected = await channel.oracle(program, undefined, transferList);
      const actuals = await observed(program, channel);
      assert.equal(actuals.length, name === 'broadcast' ? 3 : 1);
      for (const actual of actuals) assert.deepEqual(deviations(expected, actual), [], JSON.stringify(program));
      assert.equal(Array.isArray(actuals[0]), program.deliveries === 3);
    }
  });
}

test('a crash or timeout on a worker channel stores the expected observation its repro compares: one per delivery, as the oracle there', async (t) => {
  // The main thread computes it (harness/fuzz/stalls.js): the target gave none.
  const directory = mkdtempSync(join(tmpdir(), 'clonecheck-stalled-'));
  t.after(() => rmSync(directory, { recursive: true, force: true }));
  const program = { ...growingObject({ deliveries: 3 }), receiver: [{ on: 'Object.prototype', key: 'c', set: {} }] };
  for (const [name, channel, transferList] of [['worker', workerChannel, true], ['broadcast', broadcastChannel, false]]) {
    const target = await resolveTarget(`node:${name}`);
    const expected = await expectedWhereValueLands(target, program);
    assert.ok(Array.isArray(expected) && expected.length === 3);
    await channel.start();
    try {
      assert.deepEqual(deviations(await channel.oracle(program, undefined, transferList), expected), []);
    } finally {
      channel.stop();
    }
    // Node's worker channels have no such bug: the repro of a finding that stalled there passes.
    const file = join(directory, `${name}-repro.mjs`);
    writeFileSync(file, reproSource({ program, expected, target, signature: `node-${name}.timeout`, replay: 'a test', verdict: 'timeout' }));
    const repro = spawnSync(process.execPath, [file], { encoding: 'utf8', timeout: 60_000 });
    assert.match(repro.stdout, /^PASS node:/, repro.stdout + repro.stderr);
  }
});

test('a view that lands past its shorter buffer (a getter grew the buffer between the two) is a value on every channel\'s oracle: out of bounds, not a RangeError or a dead receiving worker (StructuredDeserialize step 16)', async () => {
  const program = {
    schema: 'clonecheck/program@2',
    root: { ref: 0 },
    objects: [
      { kind: 'object', props: [{ key: 'b', value: { ref: 1 } }, { key: 'g', get: { effects: [{ resize: [1, 8] }] } }, { key: 'v', value: { ref: 2 } }] },
      { kind: 'arraybuffer', bytes: [1, 2, 3, 4, 5, 6, 7, 8], maxByteLength: 16, resizeTo: 4 },
      { kind: 'view', type: 'DataView', buffer: 1, byteOffset: 2, length: 4 },
    ],
  };
  for (const name of ['clone', 'messagechannel', 'worker', 'broadcast']) {
    const expected = await expectedWhereValueLands(await resolveTarget(`node:${name}`), program);
    const landed = /** @type {any} */ (Array.isArray(expected) ? expected[0] : expected);
    assert.equal(landed.outcome, 'value', name);
    const view = landed.value.props.find((/** @type {any} */ p) => p.key === 'v').value.view;
    assert.equal(view.outOfBounds, true, name);
  }
});
