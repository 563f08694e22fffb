// mapRefs must find every place a node can refer to another node, and
// mapNode every Value a node holds. The places are not listed again here:
// `validate` is asked. A number in a node is a reference exactly when
// validate, with that number out of range, reports a dangling id at its path;
// mapRefs must move those numbers and no others. A part of a node is a Value
// exactly when validate, with it replaced by something no Value is, says it
// expected a Value there; mapNode must visit those and no others.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PROGRAM_SCHEMA, fromBytes, mapNode, mapRefs, mapValue, validate } from '../src/program/index.js';
import { randomBytesFrom } from './helpers.js';

/** Far beyond any program's last node. */
const OUT_OF_RANGE = 1_000_000;

/**
 * Every number in a JSON value, with its path in validate's notation.
 * @param {unknown} value @param {string} path
 * @returns {{path: string, keys: (string | number)[], number: number}[]}
 */
function numbersIn(value, path, keys = []) {
  if (typeof value === 'number') return [{ path, keys, number: value }];
  if (Array.isArray(value)) return value.flatMap((item, i) => numbersIn(item, `${path}[${i}]`, [...keys, i]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => numbersIn(item, `${path}.${key}`, [...keys, key]));
  }
  return [];
}

/**
 * The paths among `places` where validate, with the part there replaced, reports an error whose message matches.
 * @param {any} program
 * @param {{path: string, keys: (string | number)[]}[]} places  under $.objects
 * @param {unknown} replacement
 * @param {RegExp} message
 * @returns {Set<string>}
 */
function pathsValidateReads(program, places, replacement, message) {
  const paths = new Set();
  for (const { path, keys } of places) {
    const changed = structuredClone(program);
    let holder = changed.objects;
    for (const key of keys.slice(0, -1)) holder = holder[key];
    holder[keys.at(-1)] = replacement;
    if (validate(changed).some((e) => e.path === path && message.test(e.message))) paths.add(path);
  }
  return paths;
}

/** @param {any} program @returns {Set<string>} the paths under $.objects that validate reads as node ids */
function idPaths(program) {
  return pathsValidateReads(program, numbersIn(program.objects, '$.objects'), OUT_OF_RANGE, /\bid\b/);
}

/** @param {any} program @returns {Set<string>} the paths under $.objects whose number mapRefs moves by 10 */
function movedPaths(program) {
  const moved = program.objects.map((node) => mapRefs(node, (i) => i + 10));
  const before = numbersIn(program.objects, '$.objects');
  const after = numbersIn(moved, '$.objects');
  assert.deepEqual(after.map((n) => n.path), before.map((n) => n.path), 'mapRefs keeps the shape of every node');
  const paths = new Set();
  before.forEach((n, i) => {
    if (after[i].number === n.number) return;
    assert.equal(after[i].number, n.number + 10, `${n.path} moved by the map`);
    paths.add(n.path);
  });
  return paths;
}

/** Something no Value, Key or field is. */
const NOT_A_VALUE = { notAValue: [] };

/**
 * Every part of a JSON value, itself included, with its path in validate's notation.
 * @param {unknown} value @param {string} path
 * @returns {{path: string, keys: (string | number)[], part: unknown}[]}
 */
function partsOf(value, path, keys = []) {
  const parts = [{ path, keys, part: value }];
  if (Array.isArray(value)) value.forEach((item, i) => parts.push(...partsOf(item, `${path}[${i}]`, [...keys, i])));
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) parts.push(...partsOf(item, `${path}.${key}`, [...keys, key]));
  }
  return parts;
}

/** @param {any} program @returns {Set<string>} the paths under $.objects that validate checks as Values (a proto as a Value or a name) */
function valuePaths(program) {
  return pathsValidateReads(program, partsOf(program.objects, '$.objects').slice(1), NOT_A_VALUE, /^expected (a Value|"default", null, \{"ref": id\})/);
}

/** @param {any} program @returns {Set<string>} the paths under $.objects whose part mapNode passes to its Value map */
function visitedPaths(program) {
  const marked = program.objects.map((node) => mapNode(node, { value: () => NOT_A_VALUE, index: (i) => i }));
  return new Set(partsOf(marked, '$.objects').filter(({ part }) => part === NOT_A_VALUE).map(({ path }) => path));
}

/** A program with a reference in every place validate allows one in an object node. */
const everyPlace = {
  schema: PROGRAM_SCHEMA,
  root: { ref: 0 },
  objects: [
    { kind: 'array', items: [{ ref: 1 }, { hole: true }, 7], length: 3, proto: { ref: 1 } },
    { kind: 'map', entries: [[{ ref: 0 }, { ref: 2 }], [1, 2]] },
    { kind: 'set', values: [{ ref: 3 }, 3] },
    { kind: 'error', type: 'TypeError', message: { ref: 0 }, cause: { ref: 1 } },
    { kind: 'arraybuffer', bytes: [1, 2, 3, 4], maxByteLength: 8 },
    { kind: 'view', type: 'Uint8Array', buffer: 4, byteOffset: 1, length: 2 },
    { kind: 'proxy', target: 0 },
    {
      kind: 'object',
      props: [
        { key: 'data', value: { ref: 6 } },
        {
          key: 'accessor',
          get: {
            returns: { ref: 5 },
            effects: [
              { delete: [0, 'a'] }, { define: [2, 'b', { ref: 3 }] }, { set: [3, 'c', { ref: 4 }] },
              { hide: [7, 'data'] }, { setLength: [0, 2] }, { detach: 4 }, { resize: [4, 6] },
              { mapSet: [1, { ref: 5 }, { ref: 6 }] }, { mapDelete: [1, { ref: 7 }] },
              { setAdd: [2, { ref: 0 }] }, { setDelete: [2, { ref: 1 }] },
            ],
          },
          set: { returns: { ref: 2 }, effects: [{ define: [7, 'x', 1] }] },
        },
      ],
    },
  ],
};

test('a program with a reference in every place a node allows one is valid', () => {
  assert.deepEqual(validate(everyPlace), []);
});

test('mapRefs moves every reference validate knows of, and nothing else', () => {
  const paths = idPaths(everyPlace);
  // 7 Values in the nodes' own fields, the buffer, the target, the prop's
  // value, 2 returns, the 12 effects' objects and the 7 Values in them.
  assert.equal(paths.size, 31);
  assert.deepEqual(movedPaths(everyPlace), paths);
});

test('mapRefs moves exactly the references, and mapNode visits exactly the Values, validate knows of in 300 programs from random bytes', () => {
  const next = randomBytesFrom(0x2ef5);
  for (let n = 0; n < 300; n++) {
    const program = fromBytes(next(256));
    assert.deepEqual(movedPaths(program), idPaths(program), JSON.stringify(program));
    assert.deepEqual(visitedPaths(program), valuePaths(program), JSON.stringify(program));
  }
});

test('a method behavior cannot be on a node\'s prop (only realm steps, which cannot refer, have one)', () => {
  const withMethod = { schema: PROGRAM_SCHEMA, root: { ref: 0 }, objects: [{ kind: 'object', props: [{ key: 'm', method: { returns: { ref: 0 } } }] }] };
  assert.ok(validate(withMethod).some((e) => e.path === '$.objects[0].props[0].method'));
});

test('mapValue maps a reference and leaves every other Value as it is', () => {
  const plusOne = (/** @type {number} */ i) => i + 1;
  assert.deepEqual(mapValue({ ref: 2 }, plusOne), { ref: 3 });
  for (const value of [null, 1, 'ref', { number: 'NaN' }, { bigint: '1' }, { symbol: 'ref' }, { undefined: true }]) {
    assert.equal(mapValue(value, plusOne), value);
  }
});

test('mapNode visits every Value validate checks in a node, and nothing else', () => {
  const paths = valuePaths(everyPlace);
  // 11 Values (a hole's place among them) and a proto in the nodes' own
  // fields, the prop's value, 2 returns and the 8 Values the effects carry.
  assert.equal(paths.size, 23);
  assert.deepEqual(visitedPaths(everyPlace), paths);
});
