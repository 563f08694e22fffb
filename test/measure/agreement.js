#!/usr/bin/env node
// usage: node test/measure/agreement.js [--target T …] [--seed N …] [--runs N] [--rate R] [--json]
//   defaults: --target bun:worker --target bun:broadcast --target bun:clone --target deno:worker
//             --target node@22:worker --target node:clone --seed 1 --seed 7 --seed 21 --runs 2000 --rate 0.01
//
// How often a run's verdicts agree with fresh replays, per target and seed:
// `clonecheck fuzz --recheck RATE` for each, and one table of what it
// counted (hidden: a fresh replay deviates where the run passed;
// history-dependent: the run deviated where a fresh replay passes). The
// fuzz runs shrink nothing; the first case of each finding is replayed too.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const CLI = fileURLToPath(new URL('../../harness/cli.js', import.meta.url));
const { values } = parseArgs({
  options: {
    target: { type: 'string', multiple: true, default: ['bun:worker', 'bun:broadcast', 'bun:clone', 'deno:worker', 'node@22:worker', 'node:clone'] },
    seed: { type: 'string', multiple: true, default: ['1', '7', '21'] },
    runs: { type: 'string', default: '2000' },
    rate: { type: 'string', default: '0.01' },
    json: { type: 'boolean', default: false },
  },
});

const rows = [];
for (const target of values.target) {
  for (const seed of values.seed) {
    const out = mkdtempSync(join(tmpdir(), 'clonecheck-agreement-'));
    const json = join(out, 'results.json');
    const started = performance.now();
    const run = spawnSync(process.execPath, [CLI, 'fuzz', '--target', target, '--seed', seed, '--runs', values.runs, '--recheck', values.rate,
      '--shrink-runs', '0', '--out', out, '--json', json], { encoding: 'utf8', stdio: ['ignore', 'ignore', 'inherit'] });
    let document;
    try {
      document = JSON.parse(readFileSync(json, 'utf8'));
    } catch {
      console.error(`${target} seed ${seed}: no results (exit ${run.status})`);
      continue;
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
    const { recheck, fuzzMs, casesPerSecond } = document;
    rows.push({
      target, seed: Number(seed), cases: document.cases, casesPerSecond, fuzzSeconds: fuzzMs / 1000, recheckSeconds: (performance.now() - started) / 1000 - fuzzMs / 1000,
      replayed: recheck.replayed, hidden: recheck.hidden, historyDependent: recheck['history-dependent'], otherRoot: recheck['other-root'], unjudged: recheck.unjudged,
      hiddenRoots: [...new Set(recheck.disagreements.filter((d) => d.agreement === 'hidden').map((d) => d.fresh.signature ?? d.fresh.verdict))],
    });
    const r = rows.at(-1);
    console.error(`${target} seed ${seed}: ${r.replayed} replayed, ${r.hidden} hidden, ${r.historyDependent} history-dependent, ${r.otherRoot} other root, ${r.unjudged} unjudged`);
  }
}
if (values.json) console.log(JSON.stringify(rows, null, 2));
else {
  console.log('| target | seed | cases/s | replayed | hidden | history-dependent | other root | unjudged | hidden roots |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(`| ${r.target} | ${r.seed} | ${r.casesPerSecond} | ${r.replayed} | ${r.hidden} | ${r.historyDependent} | ${r.otherRoot} | ${r.unjudged} | ${r.hiddenRoots.join(', ')} |`);
  }
}
