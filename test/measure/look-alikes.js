#!/usr/bin/env node
// usage: node test/measure/look-alikes.js --base REV [--fixture NAME …] [--seeds 1,2,3] [--runs N] [--json] [-- FUZZ-OPTIONS…]
//   defaults: --fixture throws --fixture extra-key --seeds 1,2,3,4,5 --runs 5000
//
// How many cases a rare bug needs before it is reported apart from a
// frequent deviation of the same shape (issue 24 item 2), for this tree and
// a base revision, side by side. The fixtures are
// test/fixtures/look-alike-NAME.mjs (a target with both) and
// look-alike-NAME-rare-only.mjs (the rare bug alone). For each fixture and
// seed:
//  - the first case that shows the rare bug: the earliest deviation when
//    this tree fuzzes the rare-only target with the same options (the cases
//    depend on the seed and weights, not the target; nothing is shrunk);
//  - for the base and for this tree (alternately first), a whole `clonecheck
//    fuzz` of the target with both bugs, shrinking and witnesses as the
//    options say; a final finding reports the rare bug when its program,
//    replayed (`clonecheck repro`), deviates on the rare-only target. The
//    earliest case of those findings is when the rare bug was reported, and
//    how many there are says whether it was split.
// The fixtures are copied into the base checkout and each checkout fuzzes
// its copy: a target must load the src/ of the harness that judges it (the
// program builder tells the reference which objects are proxies; another
// copy of src/ would clone them).

import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { withBaseCheckout } from './checkout.js';

const TREE = fileURLToPath(new URL('../..', import.meta.url));

const { values: args, positionals: extra } = parseArgs({
  allowPositionals: true,
  options: {
    base: { type: 'string' },
    fixture: { type: 'string', multiple: true, default: ['throws', 'extra-key'] },
    seeds: { type: 'string', default: '1,2,3,4,5' },
    runs: { type: 'string', default: '5000' },
    json: { type: 'boolean', default: false },
  },
});
const usage = (/** @type {string} */ problem, /** @type {string} */ fix) => {
  process.stderr.write(`look-alikes: ${problem}: ${fix}\n`);
  process.exit(2);
};
if (args.base === undefined) usage('--base REV is required', 'give the revision to compare this tree with, e.g. --base main');
const seeds = args.seeds.split(',').map(Number);
if (seeds.some((s) => !Number.isInteger(s) || s < 0)) usage(`--seeds ${args.seeds} is not a list of seeds`, 'write e.g. --seeds 1,2,3');
const FIXTURES = join('test', 'fixtures');
const fixtureOf = (/** @type {string} */ name, tree = TREE) => join(tree, FIXTURES, `look-alike-${name}.mjs`);
for (const name of args.fixture) {
  for (const path of [fixtureOf(name), fixtureOf(`${name}-rare-only`)]) if (!existsSync(path)) usage(`no fixture ${path}`, 'name one of test/fixtures/look-alike-NAME.mjs that has a -rare-only twin');
}

/**
 * `clonecheck fuzz` in one checkout; its results document.
 * @param {string} tree @param {string} target @param {number} seed @param {string} out @param {string[]} options
 */
function fuzz(tree, target, seed, out, options) {
  const json = join(out, 'results.json');
  const run = spawnSync(process.execPath, [join(tree, 'harness/cli.js'), 'fuzz', '--target', target, '--seed', String(seed), '--runs', args.runs,
    '--workers', '1', '--out', out, '--json', json, ...options], { cwd: tree, encoding: 'utf8' });
  if (run.status !== 0 && run.status !== 1) throw new Error(`fuzz in ${tree} exited with ${run.status}:\n${run.stderr}`);
  return JSON.parse(readFileSync(json, 'utf8'));
}

/** @param {any} finding a results finding @param {string} target @returns {boolean} its program deviates there */
function deviatesOn(finding, target) {
  const run = spawnSync(process.execPath, [join(TREE, 'harness/cli.js'), 'repro', finding.directory, '--target', target], { encoding: 'utf8' });
  return run.status === 1 && /^DEVIATION /m.test(run.stdout);
}

async function main() {
  await withBaseCheckout(TREE, /** @type {string} */ (args.base), async ({ baseTree, revision, scratch }) => {
    for (const file of readdirSync(join(TREE, FIXTURES)).filter((f) => f.startsWith('look-alike-'))) {
      copyFileSync(join(TREE, FIXTURES, file), join(baseTree, FIXTURES, file));
    }
    const rows = [];
    for (const name of args.fixture) {
      const rare = `impl:${fixtureOf(`${name}-rare-only`)}`;
      for (const [i, seed] of seeds.entries()) {
        const alone = fuzz(TREE, rare, seed, join(scratch, `${name}-${seed}-rare`), [...extra, '--shrink-runs', '0']);
        const shown = alone.findings.filter((/** @type {any} */ f) => f.verdict === 'deviation').map((/** @type {any} */ f) => f.case);
        const row = { fixture: name, seed, firstRareCase: shown.length === 0 ? null : Math.min(...shown), base: {}, current: {} };
        for (const which of /** @type {const} */ (i % 2 === 0 ? ['base', 'current'] : ['current', 'base'])) {
          const tree = which === 'base' ? baseTree : TREE;
          const document = fuzz(tree, `impl:${fixtureOf(name, tree)}`, seed, join(scratch, `${name}-${seed}-${which}`), extra);
          const deviations = document.findings.filter((/** @type {any} */ f) => f.verdict === 'deviation');
          const reporting = deviations.filter((/** @type {any} */ f) => deviatesOn(f, rare)).map((/** @type {any} */ f) => f.case);
          row[which] = {
            findings: deviations.length, rareFindings: reporting.length, reportedAt: reporting.length === 0 ? null : Math.min(...reporting),
            unexplained: document.sameBug.unexplained, witnesses: document.sameBug.witnesses,
          };
        }
        rows.push(row);
        if (!args.json) {
          const side = (/** @type {any} */ s) => `${String(s.reportedAt ?? 'never').padStart(6)} (${s.rareFindings} of ${s.findings} findings, ${s.witnesses} witnesses)`;
          console.log(`${name.padEnd(10)} seed ${String(seed).padStart(3)}  first rare case ${String(row.firstRareCase ?? 'none').padStart(5)}`
            + `  reported: base ${side(row.base)}  tree ${side(row.current)}`);
        }
      }
    }
    const summary = { base: revision, runs: Number(args.runs), extra, rows };
    if (args.json) process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
    else {
      const drawn = rows.filter((r) => r.firstRareCase !== null);
      const count = (/** @type {'base' | 'current'} */ which) => drawn.filter((r) => /** @type {any} */ (r[which]).reportedAt !== null).length;
      const atOnce = (/** @type {'base' | 'current'} */ which) => drawn.filter((r) => /** @type {any} */ (r[which]).reportedAt === r.firstRareCase).length;
      console.log(`the rare bug was drawn in ${drawn.length} of ${rows.length} runs of ${args.runs} cases; reported apart: base ${revision} ${count('base')}`
        + ` (at its first case ${atOnce('base')}), this tree ${count('current')} (at its first case ${atOnce('current')})`);
    }
  });
}

await main();
