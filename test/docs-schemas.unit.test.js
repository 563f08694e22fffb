// docs/program.md against program@2's validator (src/program/schema.js and
// the modules it re-exports): its tables describe each field in words, so
// they are written by hand, and this test holds them to the validator's
// lists: a field added to the validator fails here until the doc describes
// it, and a field the doc describes that the validator refuses fails too.
// (bug@1's table in docs/bugs.md is written from BUG_FIELDS instead:
// test/docs-blocks.unit.test.js.)

import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  ACCESSOR_PROP_FIELDS, BEHAVIOR_FIELDS, DATA_PROP_FIELDS, EFFECTS, KINDS, KIND_FIELDS, METHOD_STEP_FIELDS, NODE_FIELDS, PROGRAM_FIELDS,
} from '../src/program/schema.js';
import { BUG_FIELDS, bugProblem, readAllBugs } from '../harness/bugs/ledger.js';

const DOC = 'docs/program.md';
const text = readFileSync(new URL(`../${DOC}`, import.meta.url), 'utf8');

/** A section of the doc, from its heading to the next heading of its level or above. @param {string} heading */
function section(heading) {
  const start = text.indexOf(`\n${heading}\n`);
  assert.ok(start !== -1, `${DOC} has no heading "${heading}"`);
  const level = heading.indexOf(' ');
  const next = text.slice(start + heading.length + 2).search(new RegExp(`\\n#{1,${level}} `));
  return text.slice(start, next === -1 ? undefined : start + heading.length + 2 + next);
}

/** The table rows of a section: each row's first cell and the rest. @param {string} part */
const rows = (part) => part.split('\n').filter((line) => /^\| `/.test(line)).map((line) => {
  const [, first, ...rest] = line.split(/(?<!\\)\|/);
  return { first: first.trim(), rest: rest.join('|') };
});
/** The names a cell gives in backticks, without JSON's quotes and braces: `{"delete": [i, Key]}` is delete. @param {string} cell */
const namesIn = (cell) => [...cell.matchAll(/`\{?"?([\w-]+)"?/g)].map((m) => m[1]);

test('the Program table lists the fields validate takes, in its order', () => {
  assert.deepEqual(rows(section('## Program')).map((row) => namesIn(row.first)[0]), PROGRAM_FIELDS,
    `${DOC}'s Program table and PROGRAM_FIELDS (src/program/schema.js) differ`);
});

test('the ObjectNode tables list every node field and every kind with each of its fields', () => {
  const part = section('## ObjectNode');
  const tableRows = rows(part);
  // The field table's rows and the kind table's header (`kind`) together.
  const nodeFields = tableRows.map((row) => namesIn(row.first)[0]).filter((name) => !KINDS.includes(name));
  assert.deepEqual(nodeFields.sort(), [...NODE_FIELDS].sort(), `${DOC}'s node fields and NODE_FIELDS (src/program/schema.js) differ`);
  const kindRows = tableRows.filter((row) => KINDS.includes(namesIn(row.first)[0]));
  assert.deepEqual(kindRows.map((row) => namesIn(row.first)[0]).sort(), [...KINDS].sort(), `${DOC}'s kind table and the kind registry (src/program/kinds/index.js) differ`);
  for (const row of kindRows) {
    const kind = namesIn(row.first)[0];
    const [fieldsCell] = row.rest.split(/(?<!\\)\|/);
    for (const field of KIND_FIELDS[kind].fields) {
      assert.match(fieldsCell, new RegExp(`\`${field}\\b`), `${DOC}: the ${kind} row does not describe its field ${field} (its descriptor's fields)`);
    }
    // A field written with its type (`name: T`, `name?: T`) or as optional (`name?`) is one the descriptor must take.
    for (const [, named] of fieldsCell.matchAll(/`(\w+)(?:\?`|\??:)/g)) {
      assert.ok(KIND_FIELDS[kind].fields.includes(named), `${DOC}: the ${kind} row names a field ${named} its descriptor has not`);
    }
  }
});

test('Prop, Behavior and RealmStep name the fields their checks take; the effect table, every effect', () => {
  const prop = section('## Prop');
  for (const field of new Set([...DATA_PROP_FIELDS, ...ACCESSOR_PROP_FIELDS])) {
    assert.match(prop, new RegExp(`"${field}"`), `${DOC}'s Prop section does not name ${field} (src/program/props.js)`);
  }
  const behavior = section('## Behavior: what an accessor or method does when called');
  for (const field of BEHAVIOR_FIELDS) assert.match(behavior, new RegExp(`"${field}"`), `${DOC}'s Behavior section does not name ${field}`);
  assert.deepEqual(rows(behavior).flatMap((row) => namesIn(row.first)), EFFECTS, `${DOC}'s effect table and EFFECTS (src/program/effects.js) differ`);
  const step = section('## RealmStep: pollution of a realm');
  for (const field of METHOD_STEP_FIELDS) assert.match(step, new RegExp(`"${field}"|\\.\\.\\.Prop`), `${DOC}'s RealmStep section does not name ${field}`);
  assert.match(step, /"method"/);
});

test('bug@1 is BUG_FIELDS: every ledger entry has only its fields and all of its always-fields, and the check says which', () => {
  const bugs = readAllBugs();
  for (const bug of bugs) {
    assert.deepEqual(Object.keys(bug).filter((field) => !Object.hasOwn(BUG_FIELDS, field)), [], bug.id);
  }
  const [bug] = bugs;
  assert.match(String(bugProblem({ ...bug, snippet: 'x' }, bug.id)), /it has a field "snippet" that bug@1 has not \(BUG_FIELDS/);
  const { occurrences, ...without } = bug;
  assert.match(String(bugProblem(without, bug.id)), /it lacks occurrences/);
  assert.equal(bugProblem({ ...bug, aliases: undefined }, bug.id), null, 'a field set to undefined is not written, so it is no field');
  for (const [field, { when }] of Object.entries(BUG_FIELDS)) {
    if (when === 'always') assert.ok(bugs.every((b) => Object.hasOwn(b, field)), `${field} is always there`);
  }
});
