// The generator's sizes past engine thresholds (fuzzers/arbitraries/sizes.js,
// thresholds.js) and its sequences for a value delivered several times
// (sequences.js): what each draws, that the programs stay valid and small,
// and how the cell map and the weights carry them.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { THRESHOLDS } from '../fuzzers/arbitraries/thresholds.js';
import { SIZES, sizeRepresentations } from '../fuzzers/arbitraries/sizes.js';
import { SEQUENCES, sequences } from '../fuzzers/arbitraries/sequences.js';
import { reachableCells } from '../fuzzers/cells.js';
import { cellPrograms, taggedPrograms } from '../fuzzers/programs.js';
import { PROGRAM_SCHEMA, build, validate } from '../src/program/index.js';

/** The drafts a size is put into: a primitive root, a dense array, a flat object, a nested graph. */
const DRAFTS = [
  { root: 7, objects: [] },
  { root: { ref: 0 }, objects: [{ kind: 'array', items: [1, 2, 3] }] },
  { root: { ref: 0 }, objects: [{ kind: 'object', props: [{ key: 'a', value: 1 }, { key: 'b', value: 'x' }] }] },
  { root: { ref: 0 }, objects: [{ kind: 'array', items: [{ ref: 1 }] }, { kind: 'object', props: [{ key: 'a', value: { ref: 2 } }] }, { kind: 'date', time: 0 }] },
];

const asProgram = (draft) => ({ schema: PROGRAM_SCHEMA, root: draft.root, objects: draft.objects });

/** Every size representation applied to every draft, 8 draws each. */
function* sized() {
  for (const name of SIZES) {
    for (const transform of fc.sample(sizeRepresentations[name].arbitrary, { seed: 5, numRuns: 8 })) {
      for (const draft of DRAFTS) yield { name, draft, program: asProgram(transform(draft)) };
    }
  }
}

/** @param {number} n @param {number} threshold @returns {boolean} n within 2 of the threshold */
const near = (n, threshold) => Math.abs(n - threshold) <= 2;

test('every threshold says its size, its engine, what changes there and where that comes from', () => {
  assert.ok(Object.keys(THRESHOLDS).length >= 12);
  for (const [name, t] of Object.entries(THRESHOLDS)) {
    assert.ok(Number.isInteger(t.value) && t.value > 0, name);
    for (const field of ['engine', 'what', 'source']) assert.ok(typeof t[field] === 'string' && t[field].length > 10 || field === 'engine', `${name}.${field}`);
    assert.match(t.source, /v8|WebKit|gecko|bun/i, name);
  }
});

test('each size makes a valid program that builds, leaves the draft as it was, and stays a few kilobytes of JSON', () => {
  for (const { name, draft, program } of sized()) {
    const before = JSON.stringify(draft);
    assert.deepEqual(validate(program), [], `${name} on ${before}`);
    build(program).restore();
    assert.equal(JSON.stringify(draft), before, name);
    // Deep nesting is one node a level and each getter its own prop (it logs its calls); the rest is a fill or a repeat.
    const limit = { 'deep nesting': 12_000, 'many getters': 6_000 }[name] ?? 2_000;
    assert.ok(JSON.stringify(program).length < limit, `${name}: ${JSON.stringify(program).length} bytes`);
  }
});

test('each size lands at its thresholds: gaps, runs and counts within 2 of them', () => {
  const seen = new Map(SIZES.map((name) => [name, []]));
  for (const { name, draft, program } of sized()) {
    const objects = program.objects;
    const arrays = objects.filter((o) => o.kind === 'array');
    const list = seen.get(name);
    switch (name) {
      case 'sparse gap': {
        const far = arrays.flatMap((a) => (a.props ?? []).filter((p) => /^\d+$/.test(p.key)).map((p) => Number(p.key) - a.items.length));
        list.push(Math.max(...far) + 1);
        break;
      }
      case 'hole run': list.push(...arrays.filter((a) => a.fill?.[0]?.hole).map((a) => a.fill[1])); break;
      case 'long dense array': list.push(...arrays.filter((a) => a.fill).map((a) => a.items.length + a.fill[1])); break;
      case 'many properties': list.push(...objects.filter((o) => o.kind === 'object' && o.fill).map((o) => o.fill[1])); break;
      case 'many getters': list.push(...objects.map((o) => (o.props ?? []).filter((p) => p.get).length).filter((n) => n > 0)); break;
      case 'back-references': {
        const root = objects[program.root.ref];
        assert.deepEqual(root.fill[0], { fresh: true });
        assert.deepEqual(root.props.map((p) => Number(p.key)), [root.fill[1], root.fill[1] + 1]);
        assert.deepEqual(root.props[0].value, root.props[1].value);
        // The object met again is numbered after the wrapper and the fresh objects.
        list.push(root.fill[1] + 2);
        break;
      }
      case 'distinct strings': list.push(...arrays.filter((a) => a.items.length > 200).map((a) => new Set(a.items).size)); break;
      case 'deep nesting': list.push(arrays.length - draft.objects.filter((o) => o.kind === 'array').length); break;
      case 'long string': {
        const value = JSON.stringify(program).match(/"repeat":\["(a|\\u0101|ā)",(\d+)\]/);
        list.push(value[1] === 'a' ? Number(value[2]) : 2 * Number(value[2]));
        break;
      }
      case 'large buffer': {
        const view = objects.find((o) => o.kind === 'view');
        const { byteLength } = objects[view.buffer];
        // The view sits at the far end of the buffer: its offset takes as long a varint.
        assert.ok(view.byteOffset >= byteLength - 8 && view.byteOffset + view.length === byteLength);
        list.push(byteLength);
        break;
      }
      default: assert.fail(`no check for ${name}`);
    }
  }
  const at = (name, ...thresholds) => assert.ok(seen.get(name).length > 0 && seen.get(name).every((n) => thresholds.some((t) => near(n, t))), `${name}: ${seen.get(name)}`);
  at('sparse gap', 1024, 2048);
  at('hole run', 1024, 1025, 1026, 1027);
  at('long dense array', 5000);
  at('many properties', 64, 128, 512, 1020);
  at('many getters', 64, 128);
  at('back-references', 128, 256);
  at('distinct strings', 255);
  at('deep nesting', 128, 256);
  at('long string', 128, 16384, 2 ** 21, 127, 16383, 2 ** 21 - 1);
  at('large buffer', 128, 16384, 2 ** 21);
});

test('the sizes plane has a cell for each size, once and repeated; --weights sizes=0 draws none and drops the plane', () => {
  const cells = [...reachableCells().values()].filter((c) => c.plane === 'sizes');
  assert.deepEqual(cells.map((c) => `${c.sizes} ${c.repeat}`), SIZES.flatMap((s) => [`${s} once`, `${s} repeated`]));
  for (const cell of cells) {
    for (const { program, tags } of fc.sample(cellPrograms(cell), { seed: 2, numRuns: 3 })) {
      assert.deepEqual(tags.sizes, [cell.sizes]);
      assert.equal((program.deliveries ?? 1) > 1, cell.repeat === 'repeated', cell.id);
    }
  }
  assert.equal([...reachableCells({ sizes: 0 }).values()].some((c) => c.plane === 'sizes'), false);
  assert.ok(fc.sample(taggedPrograms({ sizes: 0 }), { seed: 1, numRuns: 300 }).every(({ tags }) => tags.sizes.length === 0));
  const often = fc.sample(taggedPrograms({ sizes: 100 }), { seed: 1, numRuns: 100 });
  assert.ok(often.every(({ tags }) => tags.sizes.length === 1));
});

test('by default about 1 generated program in 100 gets a size', () => {
  const drawn = fc.sample(taggedPrograms(), { seed: 4, numRuns: 3000 }).filter(({ tags }) => tags.sizes.length > 0).length;
  assert.ok(drawn >= 10 && drawn <= 60, `${drawn} of 3,000`);
});

test('a sequence goes only into a value delivered more than once: a getter that renames a key or throws once, or a transfer list', () => {
  const marked = ({ program }) => JSON.stringify(program).includes('"key":"rename"') || JSON.stringify(program).includes('"key":"once"');
  assert.ok(!fc.sample(taggedPrograms({ deliveries: 0, sequences: 10 }), { seed: 1, numRuns: 300 }).some(marked));
  const repeated = fc.sample(taggedPrograms({ deliveries: 10, sequences: 10, channel: 0 }), { seed: 1, numRuns: 300 });
  assert.ok(repeated.every(({ program }) => program.deliveries > 1));
  assert.ok(repeated.every((p) => marked(p) || (p.program.transfer ?? []).length > 0));
  for (const { program } of repeated) assert.deepEqual(validate(program), []);
  assert.deepEqual(SEQUENCES, ['other keys', 'throw once', 'transfer reused']);
});

test('other keys: the second delivery holds as many keys with another name; throw once: only the first delivery throws', () => {
  const draft = DRAFTS[2];
  const [renames] = fc.sample(sequences['other keys'], { seed: 1, numRuns: 1 });
  const built = build(asProgram(renames(draft)));
  const first = Object.keys(built.value);
  void built.value.rename;
  const second = Object.keys(built.value);
  assert.equal(first.length, second.length);
  assert.notDeepEqual(first, second);
  const [once] = fc.sample(sequences['throw once'], { seed: 1, numRuns: 1 });
  const thrower = build(asProgram(once(draft)));
  assert.throws(() => structuredClone(thrower.value));
  assert.deepEqual(structuredClone(thrower.value), { a: 1, b: 'x' });
});
