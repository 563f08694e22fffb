// src/ runs unchanged in Node, Bun and Deno: the same script
// (portable/hosts/print-observations.mjs) builds the same programs, clones them with
// the reference (tiers on and off) and prints the observations; every runtime
// must print what Node prints, and Node's output must hold the values the
// spec requires.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { pinnedBinary } from './helpers.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const fixture = 'portable/hosts/print-observations.mjs';

/** How each runtime runs a script that reads files of this project. */
const runs = {
  node: async (script) => [process.execPath, script],
  'node@22': async (script) => [await pinnedBinary('node@22'), script],
  'node@26': async (script) => [await pinnedBinary('node@26'), script],
  bun: async (script) => [await pinnedBinary('bun'), script],
  deno: async (script) => [await pinnedBinary('deno'), 'run', '--allow-read', '--no-prompt', script],
};

/**
 * Runs a script in one runtime, in the project directory.
 * @param {keyof typeof runs} name
 * @param {string} script
 * @returns {Promise<string>} what it printed
 */
async function runIn(name, script) {
  const [binary, ...args] = await runs[name](script);
  return execFileSync(binary, args, { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
}

/**
 * Runs the fixture in one runtime.
 * @param {keyof typeof runs} name
 * @returns {Promise<Map<string, any>>} observation by "program name TAB tiers-on|tiers-off"
 */
async function observationsIn(name) {
  const stdout = await runIn(name, fixture);
  const cases = new Map();
  for (const line of stdout.trim().split('\n')) {
    const [program, tiers, json] = line.split('\t');
    cases.set(`${program}\t${tiers}`, JSON.parse(json));
  }
  return cases;
}

const node = await observationsIn('node');

/** @param {string} program @param {'tiers-on' | 'tiers-off'} tiers */
function nodeCase(program, tiers = 'tiers-off') {
  const observation = node.get(`${program}\t${tiers}`);
  assert.ok(observation, `Node printed no observation for ${program} (${tiers})`);
  return observation;
}

/** @param {any} observation an object observation @returns {Record<string, any>} its own properties by key */
function propsByKey(observation) {
  return Object.fromEntries(observation.props.map((p) => [p.key, p]));
}

const BOTH = /** @type {const} */ (['tiers-on', 'tiers-off']);

test('Node: -0 survives the clone, with the tiers on and off', () => {
  for (const tiers of BOTH) assert.deepEqual(nodeCase('negative zero', tiers).value, { type: 'number', value: '-0' });
});

test('Node: holes in an Int32 array stay holes; 2^31-1 and -0 survive', () => {
  for (const tiers of BOTH) {
    const props = propsByKey(nodeCase('int32 array with a hole', tiers).value);
    assert.deepEqual(Object.keys(props), ['0', '2', '3', 'length']);
    assert.deepEqual(props['2'].value, { type: 'number', value: '2147483647' });
    assert.deepEqual(props['3'].value, { type: 'number', value: '-0' });
    assert.deepEqual(props.length.value, { type: 'number', value: '4' });
  }
});

test('Node: a lone surrogate survives the clone', () => {
  assert.deepEqual(nodeCase('lone surrogate string').value, { type: 'string', value: '\ud800x' });
});

test('Node: a getter that deletes a later key runs once and the deleted key is not copied; own __proto__ stays own', () => {
  const observation = nodeCase('object with a getter that deletes a later key');
  assert.deepEqual(observation.effects, [{ event: 'get', key: 'a', on: '#0' }]);
  assert.deepEqual(Object.keys(propsByKey(observation.value)), ['a', '__proto__']);
  assert.deepEqual(propsByKey(observation.value).__proto__.value, { type: 'number', value: '3' });
});

test('Node: a hole does not read through a polluted Array.prototype, and no receiver setter fires', () => {
  for (const tiers of BOTH) {
    const observation = nodeCase('array on a polluted Array.prototype', tiers);
    assert.deepEqual(Object.keys(propsByKey(observation.value)), ['1', 'length']);
    assert.deepEqual(observation.effects, []);
  }
});

test('Node: a symbol root throws a DataCloneError DOMException (code 25)', () => {
  const observation = nodeCase('symbol is refused');
  assert.equal(observation.outcome, 'throw');
  assert.equal(observation.thrown.name, 'DataCloneError');
  assert.equal(observation.thrown.code, 25);
});

/**
 * A case observation without the two facts that belong to the host, not to
 * the reference: the text of an error the engine itself threw (V8 "Cannot
 * convert object to primitive value", JavaScriptCore "No default value"; the
 * programs' own errors say "thrown by <key>" everywhere), and whether the
 * host's DOMException objects carry [[ErrorData]] (Deno's do, Node 20's do not).
 * @param {any} observation
 */
function withoutHostFacts(observation) {
  if (observation.outcome !== 'throw') return observation;
  const { message, kind, ...thrown } = observation.thrown;
  if (message !== undefined && message.startsWith('thrown by ')) thrown.message = message;
  if (thrown.prototype !== '%DOMException.prototype%') thrown.kind = kind;
  return { ...observation, thrown };
}

for (const name of /** @type {const} */ (['bun', 'deno'])) {
  test(`${name}: the reference observes every program exactly as in Node`, async () => {
    const other = await observationsIn(name);
    assert.deepEqual([...other.keys()], [...node.keys()]);
    for (const [key, observation] of node) {
      assert.deepEqual(withoutHostFacts(other.get(key)), withoutHostFacts(observation), `${name} differs on ${key}`);
    }
  });
}

// The spec path must iterate nothing a script can replace: a program's
// polluted Array.prototype[@@iterator] would see it (fuzzing node@22:wire
// found array destructuring in originalFlags).
const iterationProbe = 'test/fixtures/spec-path-iterates-nothing.mjs';
for (const name of /** @type {const} */ (['node', 'node@22', 'node@26', 'bun', 'deno'])) {
  test(`${name}: the spec path reads neither Array.prototype[@@iterator] nor %ArrayIteratorPrototype%.next`, async () => {
    assert.deepEqual(JSON.parse(await runIn(name, iterationProbe)), []);
  });
}
