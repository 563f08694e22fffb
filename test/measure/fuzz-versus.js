#!/usr/bin/env node
// usage: node test/measure/fuzz-versus.js --base REV [--target T …] [--seed N] [--runs N]
//          [--rounds N] [--json] [-- FUZZ-OPTIONS…]
//   defaults: --target node:clone --seed 1 --runs 20000 --rounds 3
//
// Is this tree's fuzzer faster than a base revision's, and does it still find
// the same? Runs the whole `clonecheck fuzz` command (start-up, workers,
// generation, judging, shrinking, writing findings) of a base revision and of
// this tree alternately, with the same arguments, in one run: the base is
// checked out with `git worktree` into a temporary directory (sharing this
// tree's node_modules) and removed afterwards. Rounds alternate which goes
// first, so drift and other load on the machine hit both alike; the median
// round is reported.
//
// For each: the fuzz phase's cases/s (`casesPerSecond` of --json, what
// `clonecheck fuzz` prints), the whole command's seconds, and the ratio this
// tree / base; on Linux also the CPU seconds the command used (its threads
// and child processes), which other load on the machine disturbs far less
// than elapsed time. The findings of every run are compared by (signature,
// count, earliest case): same seed and runs must give the same findings,
// however fast; any difference is listed and the exit code is 1.

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { withBaseCheckout } from './checkout.js';
import { childrenCPUSeconds } from './cpu.js';
import { median } from '../../harness/bench/median.js';

const TREE = fileURLToPath(new URL('../..', import.meta.url));

const { values: args, positionals: extra } = parseArgs({
  allowPositionals: true,
  options: {
    base: { type: 'string' },
    target: { type: 'string', multiple: true, default: ['node:clone'] },
    seed: { type: 'string', default: '1' },
    runs: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '3' },
    json: { type: 'boolean', default: false },
  },
});
if (args.base === undefined) {
  process.stderr.write('fuzz-versus: --base REV is required (the revision to compare this tree with, e.g. main)\n');
  process.exit(2);
}

/**
 * @param {string} tree a checkout
 * @param {string} scratch a directory for this run's files
 * @returns {Promise<{seconds: number, cpuSeconds?: number, casesPerSecond: number, fuzzMs: number, findings: {signature: string, count: number, case: number}[]}>}
 */
function fuzzOnce(tree, scratch) {
  const json = join(scratch, 'results.json');
  const command = [
    join(tree, 'harness/cli.js'), 'fuzz', ...args.target.flatMap((t) => ['--target', t]),
    '--seed', args.seed, '--runs', args.runs, '--out', join(scratch, 'out'), '--json', json, ...extra,
  ];
  const started = performance.now();
  const cpuBefore = childrenCPUSeconds();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, command, { cwd: tree, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => { stderr += chunk; });
    child.on('error', reject);
    child.on('exit', (code) => {
      const seconds = (performance.now() - started) / 1000;
      // 0: nothing found, 1: findings; anything else is a failed run.
      if (code !== 0 && code !== 1) {
        reject(new Error(`fuzz in ${tree} exited with ${code}:\n${stderr}`));
        return;
      }
      const results = JSON.parse(readFileSync(json, 'utf8'));
      const cpuAfter = childrenCPUSeconds();
      resolve({
        seconds,
        cpuSeconds: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore,
        casesPerSecond: results.casesPerSecond,
        fuzzMs: results.fuzzMs,
        findings: results.findings.map((/** @type {any} */ f) => ({ signature: f.signature, count: f.count, case: f.case })),
      });
    });
  });
}

/** @param {{signature: string, count: number, case: number}[]} findings */
const findingKeys = (findings) => findings.map((f) => `${f.signature} ×${f.count} first at case ${f.case}`).sort();

/**
 * @param {string[]} a @param {string[]} b
 * @returns {{onlyA: string[], onlyB: string[]}}
 */
function compareKeys(a, b) {
  return { onlyA: a.filter((k) => !b.includes(k)), onlyB: b.filter((k) => !a.includes(k)) };
}

async function main() {
  await withBaseCheckout(TREE, /** @type {string} */ (args.base), async ({ baseTree, revision, scratch }) => {
    const trees = { base: baseTree, current: TREE };
    /** @type {Record<'base' | 'current', Awaited<ReturnType<typeof fuzzOnce>>[]>} */
    const runs = { base: [], current: [] };
    const rounds = Number(args.rounds);
    for (let round = 0; round < rounds; round++) {
      const order = /** @type {const} */ (round % 2 === 0 ? ['base', 'current'] : ['current', 'base']);
      for (const which of order) {
        const run = await fuzzOnce(trees[which], join(scratch, `${which}-${round}`));
        runs[which].push(run);
        if (!args.json) {
          const cpu = run.cpuSeconds === undefined ? '' : `, ${run.cpuSeconds.toFixed(1)} s CPU`;
          process.stderr.write(`round ${round + 1}/${rounds} ${which.padEnd(7)} ${String(run.casesPerSecond).padStart(6)} cases/s, ${run.seconds.toFixed(1)} s${cpu}\n`);
        }
      }
    }
    const cpu = runs.base.every((r) => r.cpuSeconds !== undefined);
    const summary = (/** @type {'base' | 'current'} */ which) => ({
      casesPerSecond: median(runs[which].map((r) => r.casesPerSecond)),
      seconds: median(runs[which].map((r) => r.seconds)),
      ...(cpu ? { cpuSeconds: median(runs[which].map((r) => r.cpuSeconds)) } : {}),
      rounds: runs[which].map((r) => ({ casesPerSecond: r.casesPerSecond, seconds: r.seconds, cpuSeconds: r.cpuSeconds })),
    });
    const base = summary('base');
    const current = summary('current');
    // Every run against the first base run: the fuzzer is deterministic.
    const reference = findingKeys(runs.base[0].findings);
    const mismatches = [...runs.base, ...runs.current].map((run, i) => ({
      run: i < rounds ? `base ${i + 1}` : `current ${i - rounds + 1}`, ...compareKeys(reference, findingKeys(run.findings)),
    })).filter((m) => m.onlyA.length > 0 || m.onlyB.length > 0);
    const result = {
      base: { revision, ...base },
      current: { tree: TREE, ...current },
      ratio: {
        casesPerSecond: current.casesPerSecond / base.casesPerSecond,
        seconds: base.seconds / current.seconds,
        ...(cpu ? { cpuSeconds: base.cpuSeconds / current.cpuSeconds } : {}),
      },
      arguments: { targets: args.target, seed: Number(args.seed), runs: Number(args.runs), extra },
      findings: { count: reference.length, same: mismatches.length === 0, mismatches },
    };
    if (args.json) {
      process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    } else {
      console.log(`fuzz ${args.target.map((t) => `--target ${t}`).join(' ')} --seed ${args.seed} --runs ${args.runs}, median of ${rounds} rounds`);
      const cpuText = (/** @type {{cpuSeconds?: number}} */ side) => (cpu ? `  ${side.cpuSeconds.toFixed(1).padStart(5)} s CPU` : '');
      console.log(`${'base'.padEnd(8)} ${revision.padEnd(9)} ${String(base.casesPerSecond).padStart(6)} cases/s (fuzz phase)  ${base.seconds.toFixed(1).padStart(5)} s (whole command)${cpuText(base)}`);
      console.log(`${'current'.padEnd(8)} ${'tree'.padEnd(9)} ${String(current.casesPerSecond).padStart(6)} cases/s (fuzz phase)  ${current.seconds.toFixed(1).padStart(5)} s (whole command)${cpuText(current)}`);
      console.log(`ratio    current / base: ${result.ratio.casesPerSecond.toFixed(2)}x cases/s, ${result.ratio.seconds.toFixed(2)}x faster whole command`
        + `${cpu ? `, ${result.ratio.cpuSeconds.toFixed(2)}x less CPU` : ''}`);
      if (result.findings.same) {
        console.log(`findings: the same ${reference.length} (signature, count, earliest case) in every run`);
      } else {
        console.log('findings DIFFER from the first base run:');
        for (const m of mismatches) {
          for (const k of m.onlyA) console.log(`  ${m.run}: lacks  ${k}`);
          for (const k of m.onlyB) console.log(`  ${m.run}: has    ${k}`);
        }
      }
    }
    process.exitCode = result.findings.same ? 0 : 1;
  });
}

await main();
