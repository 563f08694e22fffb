#!/usr/bin/env node
// usage: node test/measure/native-stages.js [--engine afl|libfuzzer …] [--time S] [--rounds N] [--every N] [--no-coverage] [--json FILE]
//   defaults: both engines, --time 120, --rounds 2, --every 32
//
// The native harness in one stage against two (docs/native.md, "Two
// stages"): `clonecheck fuzz --engine E --target quickjs` with
// --oracle-every 1 (the oracle on every input) and with --oracle-every N,
// alternately in one run, each for --time seconds with one job, for each
// engine: AFL++'s main instance (no sanitizers) and libFuzzer (ASan +
// UBSan). Rounds alternate which goes first, so drift and the other load
// on the machine hit both alike; the median round is reported.
//
// For each run: execs/s as the command prints it, the CPU seconds the
// command used (its engine and the harness processes, once waited for),
// the share of inputs that went on to the oracle and the CPU each stage
// took (the harness's own counts and timers),
// the load average before and after, and, unless --no-coverage, the
// serializer's branch coverage of the corpus the run left
// (harness/native/coverage.js: the same build replays both).

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { serializerCoverage } from '../../harness/native/coverage.js';
import { childrenCPUSeconds } from './cpu.js';
import { median } from '../../harness/bench/median.js';

const CLI = fileURLToPath(new URL('../../harness/cli.js', import.meta.url));

let args;
try {
  ({ values: args } = parseArgs({
    options: {
      engine: { type: 'string', multiple: true, default: ['afl', 'libfuzzer'] },
      time: { type: 'string', default: '120' },
      rounds: { type: 'string', default: '2' },
      every: { type: 'string', default: '32' },
      'no-coverage': { type: 'boolean', default: false },
      json: { type: 'string' },
    },
  }));
} catch (error) {
  process.stderr.write(`native-stages: ${/** @type {Error} */ (error).message.split('\n')[0]} (see the usage at the top of test/measure/native-stages.js)\n`);
  process.exit(2);
}
for (const [name, text] of [['time', args.time], ['rounds', args.rounds], ['every', args.every]]) {
  if (!/^\d+$/.test(text) || Number(text) < 1 || (name === 'every' && Number(text) < 2)) {
    process.stderr.write(`native-stages: --${name} ${text} is not a count; give a whole number (--every 2 or more: 1 is the one stage it is compared with)\n`);
    process.exit(2);
  }
}
const unknown = args.engine.find((e) => e !== 'afl' && e !== 'libfuzzer');
if (unknown !== undefined) {
  process.stderr.write(`native-stages: unknown --engine ${unknown}; use afl or libfuzzer\n`);
  process.exit(2);
}

/** @returns {number} the 1-minute load average */
const load = () => Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);

/**
 * @typedef {{execsPerSecond: number, execs: number, seconds: number, cpuSeconds?: number, oracleShare?: number,
 *   stageMs?: [number, number], branches?: [number, number], loadBefore: number, loadAfter: number}} Run
 *   `stageMs`: the harness's own CPU per input in stage 1 and per oracle run in stage 2 (two stages only)
 */

/**
 * One campaign.
 * @param {string} engine
 * @param {number} every
 * @returns {Promise<Run>}
 */
async function campaign(engine, every) {
  const out = mkdtempSync(join(tmpdir(), 'clonecheck-native-stages-'));
  try {
    const loadBefore = load();
    const cpuBefore = childrenCPUSeconds();
    const { code, stdout, stderr } = await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [
        CLI, 'fuzz', '--engine', engine, '--target', 'quickjs', '--time', args.time, '--jobs', '1',
        '--oracle-every', String(every), '--shrink-runs', '0', '--out', out,
      ], { stdio: ['ignore', 'pipe', 'pipe'] });
      let outText = '';
      let errText = '';
      child.stdout.on('data', (chunk) => { outText += chunk; });
      child.stderr.on('data', (chunk) => { errText = (errText + chunk).slice(-20_000); });
      child.on('error', reject);
      child.on('exit', (exitCode) => resolve({ code: exitCode, stdout: outText, stderr: errText }));
    });
    const cpuAfter = childrenCPUSeconds();
    // 0: nothing found, 1: findings; anything else is a failed run.
    const summary = /: ([\d,]+) execs in (\d+) s \(([\d,]+)\/s\)/.exec(stdout);
    if ((code !== 0 && code !== 1) || summary === null) throw new Error(`${engine} --oracle-every ${every} failed (exit ${code}):\n${stderr.slice(-2000)}`);
    const number = (/** @type {string} */ text) => Number(text.replace(/,/g, ''));
    const share = /stage 2 \(the oracle\) ran on (\d+) of the (\d+) inputs.*CPU per input: stage 1 ([\d.]+) ms, stage 2 ([\d.]+) ms/.exec(stderr);
    /** @type {Run} */
    const run = {
      execs: number(summary[1]), seconds: number(summary[2]), execsPerSecond: number(summary[3]),
      cpuSeconds: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore,
      oracleShare: share === null ? (every === 1 ? 1 : undefined) : Number(share[1]) / Number(share[2]),
      stageMs: share === null ? undefined : [Number(share[3]), Number(share[4])],
      loadBefore, loadAfter: load(),
    };
    if (!args['no-coverage']) {
      const corpus = engine === 'afl' ? join(out, 'native', 'afl', 'main', 'queue') : join(out, 'native', 'libfuzzer', 'corpus');
      run.branches = /** @type {[number, number]} */ ((await serializerCoverage([corpus])).reachable.branches);
    }
    return run;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

const every = Number(args.every);
/** @type {Record<string, {one: Run[], two: Run[]}>} */
const runs = {};
for (let round = 0; round < Number(args.rounds); round++) {
  for (const engine of args.engine) {
    runs[engine] ??= { one: [], two: [] };
    const order = round % 2 === 0 ? ['one', 'two'] : ['two', 'one'];
    for (const mode of order) {
      const run = await campaign(engine, mode === 'one' ? 1 : every);
      runs[engine][/** @type {'one' | 'two'} */ (mode)].push(run);
      const branches = run.branches === undefined ? '' : `, branches ${run.branches[0]}/${run.branches[1]} (${((100 * run.branches[0]) / run.branches[1]).toFixed(1)}%)`;
      process.stderr.write(`round ${round + 1}: ${engine} ${mode === 'one' ? 'one stage' : `two stages (1 in ${every})`}: ${run.execsPerSecond} execs/s `
        + `(${run.execs} in ${run.seconds} s, ${run.cpuSeconds?.toFixed(0) ?? '?'} s CPU), oracle on ${run.oracleShare === undefined ? '?' : `${(100 * run.oracleShare).toFixed(1)}%`}`
        + `${run.stageMs === undefined ? '' : ` (CPU: stage 1 ${run.stageMs[0]} ms an input, stage 2 ${run.stageMs[1]} ms a run)`}`
        + `${branches}, load ${run.loadBefore} -> ${run.loadAfter}\n`);
    }
  }
}

/** @param {Run[]} list @param {(run: Run) => number | undefined} pick */
const middle = (list, pick) => {
  const values = list.map(pick).filter((v) => v !== undefined);
  return values.length === 0 ? undefined : median(/** @type {number[]} */ (values));
};
console.log(`engine     mode                     execs/s   execs per CPU s   oracle   branches (median of ${args.rounds}, --time ${args.time})`);
for (const [engine, { one, two }] of Object.entries(runs)) {
  const rows = [['one stage', one], [`two stages (1 in ${every})`, two]];
  for (const [mode, list] of /** @type {[string, Run[]][]} */ (rows)) {
    const rate = middle(list, (r) => r.execsPerSecond);
    const perCPU = middle(list, (r) => (r.cpuSeconds ? r.execs / r.cpuSeconds : undefined));
    const share = middle(list, (r) => r.oracleShare);
    const branches = middle(list, (r) => (r.branches ? (100 * r.branches[0]) / r.branches[1] : undefined));
    console.log(`${engine.padEnd(10)} ${mode.padEnd(24)} ${String(rate).padStart(7)}   ${(perCPU?.toFixed(0) ?? '?').padStart(15)}   `
      + `${share === undefined ? '     ?' : `${(100 * share).toFixed(1)}%`.padStart(6)}   ${branches === undefined ? '-' : `${branches.toFixed(1)}%`}`);
  }
  const ratios = one.map((r, i) => (two[i] ? two[i].execsPerSecond / r.execsPerSecond : undefined)).filter((v) => v !== undefined);
  console.log(`${engine.padEnd(10)} two / one, round by round: ${ratios.map((r) => `${/** @type {number} */ (r).toFixed(2)}x`).join(', ')}`);
}
if (args.json !== undefined) writeFileSync(args.json, `${JSON.stringify({ time: Number(args.time), every, runs }, null, 2)}\n`);
