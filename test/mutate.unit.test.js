// clonecheck mutate (harness/mutate/): one guard-dropped mutant per reject
// reason of every tier, every mutant loads, the mutations do what they say,
// and a short run kills an easy mutant and reports it; the string tiers'
// catalog (--catalog strings) kills each of its mutants with a shrunk case.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { tiers, structuredCloneSpec, observe, canonicalJSON } from '../src/index.js';
import { allMutants, mutatedSources, tierSources, writeTiers } from '../harness/mutate/mutants.js';
import { mutateResults } from '../harness/mutate/results.js';
import { clonecheck } from './helpers.js';

const scratch = mkdtempSync(join(tmpdir(), 'clonecheck-mutate-test-'));
test.after(() => rmSync(scratch, { recursive: true, force: true }));

const sources = tierSources();
const byId = new Map(allMutants().map((m) => [m.id, m]));
let written = 0;

/** The copy of the tiers with `id`'s mutation, loaded. @param {string} id */
async function loadMutant(id) {
  return import(writeTiers(join(scratch, String(written++)), mutatedSources(byId.get(id), sources)));
}

/** @param {() => unknown} clone @returns {string} the observation of the clone, or of what it threw */
function observed(clone) {
  try {
    return canonicalJSON(observe(clone()));
  } catch (error) {
    return `threw ${error.name}`;
  }
}

test('one guard-dropped mutant per reject reason of every tier, ids unique', () => {
  const mutants = allMutants();
  const dropped = mutants.filter((m) => m.kind === 'guard-dropped').map((m) => m.id);
  assert.deepEqual(dropped, tiers.flatMap((tier) => tier.reasons.map((reason) => `${tier.id}/${reason}`)));
  assert.equal(new Set(mutants.map((m) => m.id)).size, mutants.length);
  const semantic = mutants.filter((m) => m.kind === 'semantic');
  assert.ok(semantic.length >= 4 && semantic.length <= 6, `${semantic.length} semantic mutants`);
  for (const m of mutants) assert.ok(tiers.some((tier) => tier.id === m.tier), `${m.id}: tier ${m.tier}`);
});

test('every mutant changes its tier and loads', async () => {
  for (const mutant of allMutants()) {
    const files = mutatedSources(mutant, sources);
    assert.notEqual(files.get(`${mutant.tier}.js`), sources.get(`${mutant.tier}.js`), `${mutant.id} changes ${mutant.tier}.js or what it imports`);
    // Only the mutant's tier changes: the other tiers import the original shared modules.
    for (const tier of tiers.filter((t) => t.id !== mutant.tier)) {
      assert.equal(files.get(`${tier.id}.js`), sources.get(`${tier.id}.js`), `${mutant.id} leaves ${tier.id} alone`);
    }
    const { tiers: copied } = await import(writeTiers(join(scratch, String(written++)), files));
    assert.deepEqual(copied.map((t) => t.id), tiers.map((t) => t.id), mutant.id);
  }
});

test('a dropped check lets the tier take what it refused', async () => {
  const { selectTier } = await loadMutant('int32-array/non-int32');
  assert.equal(selectTier([1, 'a'], {}).tier?.id, 'int32-array');
  // The key count refuses more keys than indices only (a named property): without its hole check the tier takes a
  // holey array, and one whose named property makes the count match again.
  const { cloneWithTiers, selectTier: selectWithoutHoleCheck } = await loadMutant('int32-array/hole');
  assert.equal(selectWithoutHoleCheck([1, , 2], {}).tier?.id, 'int32-array');
  const holeAndName = () => Object.assign([1, , 2], { x: 1 });
  assert.equal(selectWithoutHoleCheck(holeAndName(), {}).tier?.id, 'int32-array');
  assert.notEqual(observed(() => cloneWithTiers(holeAndName(), {}, structuredCloneSpec)), observed(() => structuredCloneSpec(holeAndName(), {})));
});

test('the semantic mutants deviate on the values they are about', async () => {
  const cases = {
    'flat-object-array/shape-count-only': () => [{ a: 1 }, { b: 2 }],
    'double-array/nan-as-hole': () => [1.5, NaN],
    'double-array/negative-zero-lost': () => [1.5, -0],
    'primitive-root/lone-surrogates-replaced': () => 'a\uD800',
    'simple-object/plain-by-tostring': () => Object.setPrototypeOf(new Map([[1, 2]]), null),
  };
  for (const [id, value] of Object.entries(cases)) {
    const { cloneWithTiers } = await loadMutant(id);
    assert.notEqual(observed(() => cloneWithTiers(value(), {}, structuredCloneSpec)), observed(() => structuredCloneSpec(value(), {})), id);
  }
});

test('the known equivalent mutants are guard-dropped ones, each with its reason', () => {
  for (const m of allMutants().filter((mutant) => mutant.equivalent !== null)) {
    assert.equal(m.kind, 'guard-dropped', m.id);
    assert.ok(m.equivalent.length > 20, m.id);
  }
});

test('the summary: kill rates, the score without equivalent survivors, median time to kill', () => {
  const run = (catalog, id, killed, seconds, equivalent = null, shrunkBytes = null) => ({
    catalog, id, tier: 't', kind: 'guard-dropped', description: '', equivalent, valid: true, killed,
    finding: killed ? { signature: `s.${id}`, category: 'keys', verdict: 'deviation' } : null, cases: 1, casesRun: 1, seconds, harnessErrors: 0,
    shrunkBytes, example: null,
  });
  const results = mutateResults({ seed: 1, runs: 10, workers: 1 }, {
    interrupted: false,
    catalogs: [
      {
        catalog: 'clone', control: run('clone', 'control', false, null), interrupted: false,
        mutants: [run('clone', 'a', true, 0.5), run('clone', 'b', true, 2), run('clone', 'c', true, 0.25), run('clone', 'd', false, null), run('clone', 'e', false, null, 'why')],
      },
      { catalog: 'strings', control: run('strings', 'control', false, null), interrupted: false, mutants: [run('strings', 'f', true, 1, null, 4), run('strings', 'g', true, 3, null, 65)] },
    ],
  });
  assert.deepEqual(results.survivors, ['d']);
  assert.deepEqual(results.equivalentSurvivors, ['e']);
  assert.deepEqual(Object.keys(results.controls), ['clone', 'strings']);
  assert.deepEqual(results.catalogs.clone, {
    mutants: 5, valid: 5, killed: 3, survived: 2, killRate: 0.6, killRateOfKillable: 0.75,
    medianSecondsToKill: 0.5, maxSecondsToKill: 2, medianCasesToKill: 1, medianShrunkBytes: null,
  });
  assert.deepEqual(results.catalogs.strings, {
    mutants: 2, valid: 2, killed: 2, survived: 0, killRate: 1, killRateOfKillable: 1,
    medianSecondsToKill: 3, maxSecondsToKill: 3, medianCasesToKill: 1, medianShrunkBytes: 65,
  });
  assert.equal(results.summary.mutants, 7);
  assert.equal(results.summary.killRateOfKillable, 0.833);
});

test('clonecheck mutate kills an easy mutant, after a control that survives, and writes JSON', () => {
  const json = join(scratch, 'mutate.json');
  const { status, stdout, stderr } = clonecheck(['mutate', '--seed', '1', '--runs', '1000', '--workers', '1', '--mutant', 'int32-array/non-int32', '--json', json]);
  assert.equal(status, 0, stdout + stderr);
  assert.match(stderr, /mutant 1\/1 \(1 killed\) int32-array\/non-int32: killed by case/);
  const results = JSON.parse(readFileSync(json, 'utf8'));
  assert.equal(results.schemaVersion, 3);
  assert.deepEqual(Object.keys(results.controls), ['clone'], 'only the catalog of the mutant named');
  assert.equal(results.controls.clone.killed, false);
  const [mutant] = results.mutants;
  assert.equal(mutant.id, 'int32-array/non-int32');
  assert.equal(mutant.killed, true);
  assert.match(mutant.finding.signature, /^mutant-int32-array-non-int32\./);
  assert.equal(typeof mutant.finding.category, 'string');
  assert.ok(mutant.cases >= 1 && mutant.seconds > 0);
  assert.deepEqual(results.survivors, []);
  assert.equal(results.summary.killRate, 1);
});

test("clonecheck mutate --catalog strings: the string tiers' mutants, each killed with a shrunk case, after a control that survives", () => {
  const json = join(scratch, 'mutate-strings.json');
  const { status, stdout, stderr } = clonecheck(['mutate', '--catalog', 'strings', '--seed', '1', '--runs', '2000', '--json', json]);
  assert.equal(status, 0, stdout + stderr);
  assert.match(stderr, /\[strings\] control control: survived 2,000 cases/);
  assert.match(stderr, /\[strings\] mutant \d\/\d \(\d killed\) source-slice\/char-table-splits-pairs: killed by case \d+ in [\d.]+ s: [^\n]+, shrunk to \d+ bytes: source \[/);
  const results = JSON.parse(readFileSync(json, 'utf8'));
  assert.deepEqual(Object.keys(results.controls), ['strings']);
  assert.ok(results.mutants.length >= 5 && results.mutants.every((m) => m.catalog === 'strings' && m.killed), JSON.stringify(results.survivors));
  // Each is shown by a buffer near the smallest that can show it (65 bytes for the BOM: the native decoder takes only strings over 64).
  for (const m of results.mutants) assert.ok(m.shrunkBytes <= 70, `${m.id}: ${m.shrunkBytes} bytes`);
  assert.match(stdout, /^mutate strings: \d of \d mutants killed \(100\.0%/m);
});

test('clonecheck mutate --list: both catalogs, each line naming its catalog', () => {
  const { status, stdout } = clonecheck(['mutate', '--list']);
  assert.equal(status, 0);
  const catalogs = stdout.trim().split('\n').map((line) => line.split('  ')[1]);
  assert.equal(catalogs.filter((f) => f === 'clone').length, allMutants().length);
  assert.ok(catalogs.filter((f) => f === 'strings').length >= 5);
});

test('clonecheck mutate: a bad option or an unknown mutant is a usage error (exit 2)', () => {
  for (const args of [['--runs', '0'], ['--mutant', 'no-such-tier'], ['--runs', '5', '--time', '5'], ['--catalog', 'bytes'], ['--catalog', 'strings', '--mutant', 'int32-array']]) {
    const { status, stderr } = clonecheck(['mutate', ...args]);
    assert.equal(status, 2, args.join(' '));
    assert.match(stderr, /^clonecheck: /, args.join(' '));
  }
});
