// The dependency table (layers.json) holds: every import of every file of
// src/, fuzzers/, portable/ and harness/ is one the table allows, neither
// files nor units import in a circle, and the table itself runs one way,
// from src/ up to the command line. What runs
// inside targets (threads, agents in Node, Bun, Deno and QuickJS-ng, pages,
// repro bundles) never reaches into harness/, and outside the host
// adapters imports no node: module, which a page or QuickJS-ng does not have.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { codeFiles, importCircles, importsIn, importsOf, readTable, refusals, refusal, unitOf } from './layers.js';

const table = readTable();
const files = codeFiles();
const edges = files.flatMap(importsOf);
const layerOf = (/** @type {string} */ unit) => table.layers.findIndex(({ name }) => name === table.units[unit].layer);

test('every import of every file is one the table allows (or lists as an exception)', () => {
  assert.deepEqual(refusals(table, edges), []);
});

test('no import circle: no file imports, through others, a file that imports it', () => {
  assert.deepEqual(importCircles(edges), []);
  assert.deepEqual(importCircles([{ from: 'a.js', to: 'b.js' }, { from: 'b.js', to: 'c.js' }, { from: 'c.js', to: 'a.js' }, { from: 'c.js', to: 'd.js' }]), [['a.js', 'b.js', 'c.js']]);
});

test('every file belongs to a unit, and every unit holds a file', () => {
  assert.deepEqual(files.filter((file) => unitOf(table, file) === undefined), []);
  const held = new Set(files.map((file) => unitOf(table, file)));
  assert.deepEqual(Object.keys(table.units).filter((unit) => !held.has(unit)), []);
});

test('the table runs one way: a unit lists units of its own layer or lower ones', () => {
  assert.ok(table.layers.length > 0);
  for (const [unit, { layer, imports }] of Object.entries(table.units)) {
    assert.notEqual(layerOf(unit), -1, `${unit}: no layer ${layer}`);
    for (const target of imports) {
      assert.ok(target in table.units, `${unit} lists ${target}, which is no unit`);
      assert.ok(layerOf(target) <= layerOf(unit), `${unit} (${layer}) lists ${target} (${table.units[target].layer})`);
    }
  }
});

test('no circle among the units either: a unit never imports, through others, a unit that imports it', () => {
  const unitEdges = Object.entries(table.units).flatMap(([from, { imports }]) => imports.map((to) => ({ from, to })));
  assert.deepEqual(importCircles(unitEdges), []);
});

test('what runs inside targets lists nothing of the main process, and node: only in the host adapters', () => {
  const runs = (/** @type {string} */ unit) => table.layers[layerOf(unit)].runs;
  for (const [unit, { imports, packages = [] }] of Object.entries(table.units).filter(([unit]) => runs(unit) === 'targets')) {
    assert.deepEqual(imports.filter((target) => runs(target) !== 'targets'), [], unit);
    if (packages.includes('node:')) assert.ok(unit.startsWith('portable/hosts'), `${unit} may import node: modules`);
  }
  assert.deepEqual(table.units.src.imports, []);
  assert.equal(table.units.src.packages, undefined);
});

test('the QuickJS-ng scripts reach the target code only through its entries, portable/index.js and portable/agent.js', () => {
  const entries = ['portable/index.js', 'portable/agent.js'];
  const sideDoors = edges.filter(({ from, to }) => from.startsWith('portable/hosts/quickjs/') && unitOf(table, to) === 'portable' && !entries.includes(to));
  assert.deepEqual(sideDoors, []);
  assert.ok(edges.some(({ from, to }) => from === 'portable/hosts/quickjs/entry.js' && to === 'portable/index.js'));
});

test('every exception is an import that exists and that the table would refuse without it', () => {
  for (const { from, to, why } of table.exceptions) {
    assert.ok(why.length > 0, `${from} -> ${to}: no why`);
    assert.ok(edges.some((edge) => edge.from === from && edge.to === to), `${from} -> ${to} no longer exists`);
    assert.notEqual(refusal(table, { from, to }), undefined, `${from} -> ${to} is allowed anyway`);
  }
});

test('the checker refuses a back-import, a command importing a command, and a node: module in target code', () => {
  const fake = [
    { from: 'harness/bugs/ledger.js', to: 'harness/commands/triage.js' },
    { from: 'harness/commands/gate.js', to: 'harness/commands/nightly.js' },
    { from: 'src/index.js', to: 'portable/index.js' },
    { from: 'fuzzers/programs.js', to: 'portable/index.js' },
    { from: 'portable/index.js', to: 'harness/runtimes.js' },
    { from: 'portable/case/case.js', to: 'node:' },
    { from: 'src/index.js', to: 'fast-check' },
    { from: 'harness/brand-new/thing.js', to: 'src/index.js' },
  ];
  assert.deepEqual(refusals({ ...table, exceptions: [] }, fake).map((line) => line.slice(0, line.indexOf(': '))), fake.map(({ from, to }) => `${from} -> ${to}`));
  assert.deepEqual(refusals(table, [{ from: 'harness/commands/gate.js', to: 'harness/gate/gate.js' }]), []);
  // A listed exception lets its one import through, and no other.
  const excepted = { ...table, exceptions: [{ ...fake[0], why: 'kept for now' }] };
  assert.deepEqual(refusals(excepted, fake.slice(0, 2)).map((line) => line.slice(0, line.indexOf(': '))), [`${fake[1].from} -> ${fake[1].to}`]);
});

test('the checker sees every kind of import, and no import inside a comment or a string', () => {
  const text = [
    "import { a } from './static.js';",
    "import './side-effect.js';",
    "import data from './data.json' with { type: 'json' };",
    "export { b } from '../re-export.js';",
    "export * as c from './namespace.js';",
    "const d = await import('./dynamic.js');",
    'const e = await import(`./template.js`);',
    "const f = await import(someURL); // import('./commented.js')",
    "/** @type {import('./jsdoc.js').T} */ const g = \"import './in-a-string.js'\";",
    "import { h } from 'node:fs'; import fc from 'fast-check/lib/x.js'; import { i } from '@scope/pkg/deep.js';",
  ].join('\n');
  assert.deepEqual(importsIn('harness/gate/x.js', text).map(({ to }) => to), [
    'harness/gate/static.js', 'harness/gate/side-effect.js', 'harness/gate/data.json', 'harness/re-export.js', 'harness/gate/namespace.js',
    'harness/gate/dynamic.js', 'harness/gate/template.js', 'node:', 'fast-check', '@scope/pkg',
  ]);
  // And in the tree: a re-export as a namespace, a node: module, a command loaded on demand.
  const seen = (/** @type {string} */ file) => importsOf(file).map(({ to }) => to);
  assert.ok(seen('portable/agent.js').includes('portable/fuzz/tasks.js'));
  assert.ok(seen('portable/hosts/agent.js').includes('node:'));
  assert.ok(seen('harness/cli.js').includes('harness/commands/fuzz.js'));
});
