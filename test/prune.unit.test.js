// pruneUnreachable: the last shrinking step keeps exactly the objects that
// the root, the transfer list and the kept objects refer to.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { validate } from '../src/index.js';
import { casePrograms } from '../fuzzers/programs.js';
import { hollowUnreachable, pruneUnreachable } from '../src/program/prune.js';
import { build } from '../src/program/build.js';

const schema = 'clonecheck/program@1';

test('objects nothing refers to are dropped and references renumbered', () => {
  const program = {
    schema,
    root: { ref: 2 },
    objects: [
      { kind: 'object' },
      { kind: 'arraybuffer', bytes: [1, 2] },
      { kind: 'array', items: [{ ref: 3 }, { hole: true }, 'x'] },
      { kind: 'view', type: 'Uint8Array', buffer: 1 },
      { kind: 'map', entries: [] },
    ],
  };
  assert.deepEqual(pruneUnreachable(program), {
    schema,
    root: { ref: 1 },
    objects: [
      { kind: 'arraybuffer', bytes: [1, 2] },
      { kind: 'array', items: [{ ref: 2 }, { hole: true }, 'x'] },
      { kind: 'view', type: 'Uint8Array', buffer: 0 },
    ],
  });
});

test('objects reached only through a getter\'s effects, a prototype or the transfer list are kept', () => {
  const program = {
    schema,
    root: { ref: 0 },
    objects: [
      { kind: 'object', proto: { ref: 2 }, props: [{ key: 'a', get: { effects: [{ delete: [3, 'b'] }, { detach: 4 }], returns: { ref: 5 } } }] },
      { kind: 'set', values: [] },
      { kind: 'object' },
      { kind: 'object', props: [{ key: 'b', value: 1 }] },
      { kind: 'arraybuffer', bytes: [7] },
      { kind: 'date', time: 0 },
      { kind: 'arraybuffer', bytes: [8] },
    ],
    transfer: [6],
  };
  const pruned = pruneUnreachable(program);
  assert.deepEqual(pruned.objects.map((o) => o.kind), ['object', 'object', 'object', 'arraybuffer', 'date', 'arraybuffer']);
  assert.deepEqual(pruned.objects[0].props[0].get, { effects: [{ delete: [2, 'b'] }, { detach: 3 }], returns: { ref: 4 } });
  assert.deepEqual(pruned.objects[0].proto, { ref: 1 });
  assert.deepEqual(pruned.transfer, [5]);
});

test('a program whose root is a primitive keeps no objects, and a program with nothing to drop is returned as is', () => {
  assert.deepEqual(pruneUnreachable({ schema, root: 1, objects: [{ kind: 'object' }] }), { schema, root: 1 });
  const whole = { schema, root: { ref: 0 }, objects: [{ kind: 'array', items: [] }] };
  assert.equal(pruneUnreachable(whole), whole);
});

test('every pruned generated program is still valid', () => {
  fc.assert(fc.property(casePrograms(), (program) => {
    assert.deepEqual(validate(pruneUnreachable(program)), []);
  }), { seed: 17, numRuns: 3000 });
});

test('hollowUnreachable keeps every index, makes what nothing reaches a bare object, keeps what it is told to, and returns a program it would not change as is', () => {
  const program = {
    schema,
    root: { ref: 1 },
    objects: [
      { kind: 'map', entries: [[1, { ref: 3 }]] },
      { kind: 'array', items: [{ ref: 2 }] },
      { kind: 'object', props: [{ key: 'a', value: 1 }] },
      { kind: 'set', values: [] },
      { kind: 'date', time: 0 },
    ],
  };
  const hollow = hollowUnreachable(program, (node) => node.kind === 'date');
  assert.deepEqual(hollow.objects.map((o) => o.kind), ['object', 'array', 'object', 'object', 'date']);
  assert.equal(hollow.objects[0].entries, undefined);
  assert.equal(hollow.objects[2], program.objects[2]);
  const whole = { schema, root: { ref: 0 }, objects: [{ kind: 'array', items: [] }] };
  assert.equal(hollowUnreachable(whole, () => false), whole);
});

test('build names objects in the effects log by their index in the program, whatever it leaves unmade', () => {
  const built = build({
    schema,
    root: { ref: 2 },
    objects: [
      { kind: 'object', props: [{ key: 'x', value: 1 }] },
      { kind: 'set', values: [] },
      { kind: 'object', props: [{ key: 'a', get: { returns: 7 } }] },
    ],
  });
  assert.equal(built.value.a, 7);
  assert.deepEqual(built.effects.map((e) => ({ ...e })), [{ event: 'get', on: '#2', key: 'a' }]);
});
