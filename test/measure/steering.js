#!/usr/bin/env node
// usage: node test/measure/steering.js [--seeds 1,2,3,4] [--runs 20000] [--fuzz-runs 20000] [--no-generation] [--no-fuzz] [--json]
//
// Does steering (fuzzers/steering.js) reach the rare cells of the map
// sooner, and find the bugs that live there sooner? Side by side in one run,
// steered (the default) and unsteered (`--weights steer=0`, the mix as it was
// before steering):
//  1. generation only: cells drawn in the first --runs cases of each seed,
//     and the case that first draws each rare cell (a cell the unsteered mix
//     draws at most 3 times in --runs cases on average over the seeds), the
//     unsteered mix followed 5 times further so that few cells stay censored;
//  2. the planted fixtures of test/fixtures whose bug lives in a rare cell:
//     the whole `clonecheck fuzz` command per seed, and the earliest case of
//     any deviation it reports (the fixtures deviate only by their planted bug).

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CHUNK_SIZE, SteeredRun } from '../../fuzzers/steering.js';
import { median } from '../../harness/bench/median.js';

const TREE = fileURLToPath(new URL('../..', import.meta.url));

/** Planted bugs in rare cells, and the cell each lives in. */
const FIXTURES = [
  { file: 'int32-sets-through-the-prototype.mjs', cell: 'an unperturbed Int32 array meeting an accessor or read-only index in the receiving realm' },
  { file: 'int32-ignores-its-own-transfer.mjs', cell: 'an unperturbed Int32 array named in its own transfer list' },
];

const { values: args } = parseArgs({
  options: {
    seeds: { type: 'string', default: '1,2,3,4' },
    runs: { type: 'string', default: '20000' },
    'fuzz-runs': { type: 'string', default: '20000' },
    'no-generation': { type: 'boolean', default: false },
    'no-fuzz': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
});
const seeds = args.seeds.split(',').map(Number);
const runs = Number(args.runs);

/** @param {number} seed @param {number} cases @param {number} steer */
function drawn(seed, cases, steer) {
  const run = new SteeredRun({ seed, weights: { steer } });
  const started = performance.now();
  for (let chunk = 0; chunk * CHUNK_SIZE < cases; chunk++) run.draw(chunk, Math.min(CHUNK_SIZE, cases - chunk * CHUNK_SIZE));
  return { report: run.report(), programsPerSecond: (cases * 1000) / (performance.now() - started) };
}

// 1. Generation only.
/** @returns {any} */
function measureGeneration() {
  const unsteered = seeds.map((seed) => drawn(seed, runs * 5, 0));
  const steered = seeds.map((seed) => drawn(seed, runs, 4));
  const ids = steered[0].report.byCell.map((c) => c.id);
  /** Hits within the first `runs` cases are not kept apart from later ones: a cell is rare if the 5x longer run drew it at most 15 times. */
  const rare = ids.filter((id, i) => unsteered.reduce((sum, u) => sum + u.report.byCell[i].hits, 0) / seeds.length <= 15);
  /** @param {import('../../fuzzers/steering.js').CellReport} report @param {number} horizon */
  const firstCases = (report, horizon) => rare.map((id) => {
    const c = report.byCell[ids.indexOf(id)];
    return c.firstCase < 0 ? horizon : c.firstCase;
  });
  const within = (report) => report.byCell.filter((c) => c.firstCase >= 0 && c.firstCase < runs).length;
  return {
    cells: ids.length,
    rareCells: rare.length,
    drawnWithinRuns: { unsteered: seeds.map((_, i) => within(unsteered[i].report)), steered: seeds.map((_, i) => within(steered[i].report)) },
    rareFirstCaseMedian: {
      unsteered: median(unsteered.flatMap((u) => firstCases(u.report, runs * 5))),
      steered: median(steered.flatMap((s) => firstCases(s.report, runs))),
    },
    rareNeverDrawn: {
      unsteered: unsteered.reduce((sum, u) => sum + firstCases(u.report, -1).filter((c) => c < 0).length, 0),
      steered: steered.reduce((sum, s) => sum + firstCases(s.report, -1).filter((c) => c < 0).length, 0),
    },
    programsPerSecond: { unsteered: median(unsteered.map((u) => u.programsPerSecond)), steered: median(steered.map((s) => s.programsPerSecond)) },
  };
}
const generation = args['no-generation'] ? null : measureGeneration();

// 2. The planted fixtures, the whole fuzz command.
const fuzzRuns = Number(args['fuzz-runs']);
const planted = [];
if (!args['no-fuzz']) {
  const out = mkdtempSync(join(tmpdir(), 'clonecheck-steering-'));
  try {
    for (const { file, cell } of FIXTURES) {
      const row = { fixture: file, cell, firstCase: { unsteered: [], steered: [] } };
      for (const seed of seeds) {
        for (const [mode, steer] of /** @type {const} */ ([['unsteered', 0], ['steered', 4]])) {
          const json = join(out, `${file}-${seed}-${mode}.json`);
          try {
            execFileSync(process.execPath, [
              join(TREE, 'harness/cli.js'), 'fuzz', '--target', `impl:${join(TREE, 'test/fixtures', file)}`, '--seed', String(seed),
              '--runs', String(fuzzRuns), '--shrink-runs', '0', '--weights', `steer=${steer}`, '--out', join(out, 'findings'), '--json', json,
            ], { stdio: 'ignore' });
          } catch { /* exit 1: findings, which is what is measured */ }
          const document = JSON.parse(readFileSync(json, 'utf8'));
          const cases = document.findings.filter((f) => f.verdict === 'deviation').map((f) => f.case);
          row.firstCase[mode].push(cases.length === 0 ? null : Math.min(...cases));
        }
      }
      planted.push(row);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

if (args.json) {
  process.stdout.write(`${JSON.stringify({ seeds, runs, generation, fuzzRuns, planted }, null, 2)}\n`);
} else {
  const g = generation;
  if (g !== null) {
    process.stdout.write(`cells drawn in the first ${runs} cases (seeds ${seeds.join(', ')}), of ${g.cells}: unsteered ${g.drawnWithinRuns.unsteered.join(', ')}; `
      + `steered ${g.drawnWithinRuns.steered.join(', ')}\n`);
    process.stdout.write(`rare cells (${g.rareCells}): median first case unsteered ${g.rareFirstCaseMedian.unsteered} (never in ${runs * 5}: ${g.rareNeverDrawn.unsteered} cell-seeds), `
      + `steered ${g.rareFirstCaseMedian.steered} (never in ${runs}: ${g.rareNeverDrawn.steered}); ratio ${(g.rareFirstCaseMedian.unsteered / g.rareFirstCaseMedian.steered).toFixed(1)}x\n`);
    process.stdout.write(`programs/s generated: unsteered ${g.programsPerSecond.unsteered.toFixed(0)}, steered ${g.programsPerSecond.steered.toFixed(0)}\n`);
  }
  for (const p of planted) {
    const show = (xs) => xs.map((x) => (x === null ? `none in ${fuzzRuns}` : String(x))).join(', ');
    process.stdout.write(`${p.fixture} (${p.cell}): first case unsteered ${show(p.firstCase.unsteered)}; steered ${show(p.firstCase.steered)}\n`);
  }
}
