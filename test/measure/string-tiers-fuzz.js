#!/usr/bin/env node
// usage: node test/measure/string-tiers-fuzz.js [--seeds 1-20] [--runs 2000] [--budget 10000] [--json]
//
// How fast the string tiers' differential check (harness/decode/tier-check.js)
// runs and how soon it finds each deliberately broken tier
// (harness/mutate/string-mutants.js): per mutant, the cases up to the first finding
// for each seed (min / median / max) and the size of the shrunk case; for the
// reference's own tiers, cases per second over --runs cases with no finding.

import { parseArgs } from 'node:util';
import { checkStringTiers, describeCase } from '../../harness/decode/tier-check.js';
import { STRING_TIER_MUTANTS } from '../../harness/mutate/string-mutants.js';
import { median } from '../../harness/bench/median.js';

/** @param {string} text @param {string} name */
function positive(text, name) {
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < 1) {
    process.stderr.write(`string-tiers-fuzz: --${name} takes a positive integer, not '${text}'\n`);
    process.exit(2);
  }
  return n;
}

/** '1-20' or '1,2,3' @param {string} text @returns {number[]} */
function seedList(text) {
  const range = /^(\d+)-(\d+)$/.exec(text);
  const seeds = range === null
    ? text.split(',').map((s) => positive(s, 'seeds'))
    : Array.from({ length: Math.max(0, Number(range[2]) - Number(range[1]) + 1) }, (_, i) => Number(range[1]) + i);
  if (seeds.length === 0) {
    process.stderr.write(`string-tiers-fuzz: --seeds takes a range FROM-TO with FROM <= TO or a list, not '${text}'\n`);
    process.exit(2);
  }
  return seeds;
}

let args;
try {
  ({ values: args } = parseArgs({
    options: {
      seeds: { type: 'string', default: '1-20' },
      runs: { type: 'string', default: '2000' },
      budget: { type: 'string', default: '10000' },
      json: { type: 'boolean', default: false },
    },
  }));
} catch (error) {
  process.stderr.write(`string-tiers-fuzz: ${error.message} (usage: --seeds 1-20 --runs 2000 --budget 10000 --json)\n`);
  process.exit(2);
}
const seeds = seedList(args.seeds);
const runs = positive(args.runs, 'runs');
const budget = positive(args.budget, 'budget');

const started = performance.now();
const clean = checkStringTiers({ seed: seeds[0], numRuns: runs });
const seconds = (performance.now() - started) / 1000;
const reference = { runs: clean.runs, found: clean.found, seconds, casesPerSecond: clean.runs / seconds };

const mutants = STRING_TIER_MUTANTS.map((mutant) => {
  const results = seeds.map((seed) => checkStringTiers({ tiers: mutant.tiers, seed, numRuns: budget }));
  const found = results.filter((r) => r.found);
  const cases = found.map((r) => r.runs);
  const shrunkBytes = found.map((r) => r.counterexample.bytes.length);
  return {
    id: mutant.id,
    found: found.length,
    seeds: seeds.length,
    casesToFirstFinding: cases.length === 0 ? null : { min: Math.min(...cases), median: median(cases), max: Math.max(...cases) },
    shrunkBytes: shrunkBytes.length === 0 ? null : { min: Math.min(...shrunkBytes), median: median(shrunkBytes), max: Math.max(...shrunkBytes) },
    example: found.length === 0 ? null : describeCase(found[0].counterexample),
    differenceKinds: [...new Set(found.flatMap((r) => r.differences.map((d) => d.kind)))],
  };
});

if (args.json) {
  process.stdout.write(`${JSON.stringify({ reference, mutants }, null, 2)}\n`);
} else {
  process.stdout.write(`reference tiers: ${reference.runs} cases, ${reference.found ? 'a DIFFERENCE' : 'no difference'}, ${reference.casesPerSecond.toFixed(0)} cases/s\n`);
  for (const m of mutants) {
    const c = m.casesToFirstFinding;
    const b = m.shrunkBytes;
    process.stdout.write(`${m.id}: found on ${m.found}/${m.seeds} seeds`
      + (c === null ? '' : `, cases to first finding min ${c.min} / median ${c.median} / max ${c.max}, shrunk to ${b.min}–${b.max} bytes (${m.differenceKinds.join(', ')})`)
      + `\n  e.g. ${m.example ?? '-'}\n`);
  }
}
process.exitCode = reference.found || mutants.some((m) => m.found < m.seeds) ? 1 : 0;
