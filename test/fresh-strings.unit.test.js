// Strings no realm has seen (fuzzers/arbitraries/fresh-strings.js): every
// representation's transformation keeps every strategy's drafts valid and puts
// that representation where stringRepresentationsIn finds it; the unsteered
// generator draws each one; fresh names are unique across a run's cases.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  REPRESENTATIONS, isFresh, stringRepresentations, stringRepresentationsIn,
} from '../fuzzers/arbitraries/fresh-strings.js';
import { drawCensus } from '../fuzzers/census.js';
import { casePrograms, strategies } from '../fuzzers/programs.js';
import { PROGRAM_SCHEMA, build, validate } from '../src/program/index.js';
import { stringKeyText } from '../src/program/values.js';

/** @param {import('../fuzzers/strategies/draft.js').Draft} d */
const programOf = (d) => ({
  schema: PROGRAM_SCHEMA,
  root: d.root,
  ...(d.objects.length > 0 ? { objects: d.objects } : {}),
  ...(d.transfer?.length > 0 ? { transfer: d.transfer } : {}),
  ...(d.sender?.length > 0 ? { sender: d.sender } : {}),
  ...(d.receiver?.length > 0 ? { receiver: d.receiver } : {}),
});

const anyStrategyDraft = fc.oneof(...Object.entries(strategies).map(([name, f]) => f.arbitrary.map((draft) => ({ name, draft }))));

test('each representation, put into drafts of every strategy, leaves a valid program that holds that representation', () => {
  assert.equal(REPRESENTATIONS.length, Object.keys(stringRepresentations).length);
  for (const [name, transformation] of Object.entries(stringRepresentations)) {
    for (const [{ name: strategy, draft }, put] of fc.sample(fc.tuple(anyStrategyDraft, transformation), { numRuns: 80, seed: 7 })) {
      const before = JSON.stringify(draft);
      const p = programOf(put(draft));
      assert.equal(JSON.stringify(draft), before, `${name} changed the draft it was given (${strategy})`);
      assert.deepEqual(validate(p), [], `${name} on ${strategy}`);
      assert.ok(stringRepresentationsIn(p).includes(name), `${name} on ${strategy}: found ${stringRepresentationsIn(p)}`);
    }
  }
});

test('a program with fresh strings builds, and its fresh keys are own keys of the built value', () => {
  const [put] = fc.sample(stringRepresentations['rope shared key'], { numRuns: 1, seed: 3 });
  const p = programOf(put({ root: { ref: 0 }, objects: [{ kind: 'object', props: [{ key: 'a', value: 1 }] }] }));
  const { value } = build(p);
  const fresh = Object.keys(value).find((key) => key !== 'a');
  assert.match(fresh, /~[0-9a-z]{8}/);
  const holders = [value, ...Object.values(value).filter((v) => typeof v === 'object')].filter((o) => Object.hasOwn(o, fresh));
  assert.ok(holders.length >= 2, `the fresh key on ${holders.length} object(s)`);
});

test('stringRepresentationsIn reads form and place from the program: seen names, BigInt digits and unreached nodes count for nothing', () => {
  const token = '~abcdefgh';
  const p = programOf({
    root: { ref: 0 },
    objects: [
      { kind: 'object', props: [{ key: { string: { concat: [token, 'xxxx'] } }, value: { ref: 1 } }, { key: 'a', value: { bigint: '12345678901234' } }] },
      { kind: 'map', entries: [[`${token}ā`, '00123456789012'], ['b', 1]], props: [{ key: { string: { concat: [token, 'xxxx'] } }, value: 1 }] },
      { kind: 'object', props: [{ key: `${token}unreached`, value: 1 }] },
    ],
  });
  assert.deepEqual(stringRepresentationsIn(p), ['two-byte map key', 'numeric-looking value', 'rope shared key']);
  assert.deepEqual(stringRepresentationsIn(programOf({ root: 'abc', objects: [{ kind: 'object', props: [{ key: 'id', value: '4294967295' }] }] })), []);
});

test('the unsteered generator draws every representation within 5,000 cases (seed 1), and the census counts them', () => {
  const { cells } = drawCensus({ runs: 5000, seed: 1, weights: { steer: 0 } });
  const hits = (name) => cells.byCell.filter((c) => c.id.startsWith(`strings: any | ${name} | `)).reduce((sum, c) => sum + c.hits, 0);
  for (const name of REPRESENTATIONS) assert.ok(hits(name) > 0, `${name} never drawn`);
});

test('fresh names are unique across cases: no two of 3,000 programs drawn from one seed (six chunks of cases) share one', () => {
  /** @type {Map<string, number>} fresh key text -> the case that has it */
  const owner = new Map();
  let fresh = 0;
  fc.sample(casePrograms(), { numRuns: 3000, seed: 21 }).forEach((program, i) => {
    for (const node of program.objects ?? []) {
      for (const prop of node.props ?? []) {
        const text = stringKeyText(prop.key);
        if (text === undefined || !isFresh(text)) continue;
        const first = owner.get(text) ?? i;
        assert.equal(first, i, `case ${i} reuses case ${first}'s name ${JSON.stringify(text.slice(0, 40))}`);
        if (!owner.has(text)) fresh += 1;
        owner.set(text, i);
      }
    }
  });
  assert.ok(fresh >= 300, `only ${fresh} fresh names in 3,000 cases`);
});
