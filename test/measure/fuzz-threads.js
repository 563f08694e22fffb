#!/usr/bin/env node
// usage: node test/measure/fuzz-threads.js [--target T] [--seed N] [--short N] [--long N]
//          [--rounds N] [--json] [-- FUZZ-OPTIONS…]
//   defaults: --target node:clone --seed 1 --short 2000 --long 20000 --rounds 2 (Linux only)
//
// Which thread of `clonecheck fuzz` pays for a case, and what would more cores
// buy? Runs the whole command twice per round, with --runs SHORT and with
// --runs LONG, and reads every thread's CPU time from /proc/PID/task while it
// runs. The difference between the two lengths is the cost of LONG - SHORT
// cases without the start-up (workers, module loading, warm-up), per thread:
//
//   main     the main thread: steered generation (fuzzers/), scheduling,
//            posting chunks, tallying verdicts (harness/fuzz/run.js)
//   members  the judging threads (one lane each, harness/fuzz/lanes.js), summed;
//            `busiest` is the share of the busiest one
//
// The command runs under `node --single-threaded`: V8 then does each isolate's
// garbage collection and compilation on that isolate's own thread instead of
// the platform's shared helper threads (4 by default, ~40% of a run's CPU
// seen there), so every CPU second is charged to the thread that caused it.
// (Total CPU with and without the flag measured the same, 2026-12-05: 18.7
// and 18.9 s for 20,000 node:clone cases.) Elapsed time is not used:
// sampling profilers count a descheduled thread as busy, which is how
// docs/fuzzing.md once put the main thread at ~380 µs a case.
//
// From those costs, the ceilings of this design on C cores, assuming judging
// spreads over the members and nothing else runs: the main thread alone
// caps a run at 1e6 / main µs per case; judging at C / (members + main) cases per
// µs while the main thread has room on a shared core.

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { median } from '../../harness/bench/median.js';

const TREE = fileURLToPath(new URL('../..', import.meta.url));
/** Linux's USER_HZ: /proc's times are in these ticks. */
const TICKS_PER_SECOND = 100;
const SAMPLE_MS = 50;

const { values: args, positionals: extra } = parseArgs({
  allowPositionals: true,
  options: {
    target: { type: 'string', default: 'node:clone' },
    seed: { type: 'string', default: '1' },
    short: { type: 'string', default: '2000' },
    long: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '2' },
    json: { type: 'boolean', default: false },
  },
});
if (!existsSync('/proc/self/task')) {
  process.stderr.write('fuzz-threads: needs Linux\'s /proc/PID/task to read each thread\'s CPU time; run it on Linux\n');
  process.exit(2);
}

/**
 * The CPU seconds of each thread of `pid` (utime + stime), by thread id.
 * A thread that ended between two samples keeps its last reading.
 * @param {number} pid @param {Map<number, number>} into
 */
function sampleThreads(pid, into) {
  let tids;
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return;
  }
  for (const tid of tids) {
    try {
      // The fields after the command name, which is in parentheses and may hold spaces: utime and stime are 12 and 13 of them.
      const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
      into.set(Number(tid), (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND);
    } catch {
      // The thread ended while it was listed.
    }
  }
}

/**
 * Runs the fuzz command once with `runs` cases.
 * @param {string} runs
 * @returns {Promise<{main: number, members: number[]}>} CPU seconds: the main thread's, and the judging threads' (largest first)
 */
function fuzzOnce(runs) {
  const scratch = mkdtempSync(join(tmpdir(), 'clonecheck-threads-'));
  const command = [
    '--single-threaded', join(TREE, 'harness/cli.js'), 'fuzz', '--target', args.target,
    '--seed', args.seed, '--runs', runs, '--out', join(scratch, 'out'), ...extra,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, command, { cwd: TREE, stdio: ['ignore', 'ignore', 'pipe'] });
    const pid = /** @type {number} */ (child.pid);
    /** @type {Map<number, number>} */
    const cpu = new Map();
    const sampler = setInterval(() => sampleThreads(pid, cpu), SAMPLE_MS);
    let stderr = '';
    child.stderr.on('data', (chunk) => { stderr += chunk; });
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(sampler);
      rmSync(scratch, { recursive: true, force: true });
      // 0: nothing found, 1: findings; anything else is a failed run.
      if (code !== 0 && code !== 1) {
        reject(new Error(`fuzz --runs ${runs} exited with ${code}:\n${stderr}`));
        return;
      }
      const main = cpu.get(pid) ?? 0;
      // Judging threads are the ones that worked; libuv's and the inspector's idle ones used no tick.
      const members = [...cpu].filter(([tid, seconds]) => tid !== pid && seconds > 0).map(([, seconds]) => seconds);
      resolve({ main, members: members.sort((a, b) => b - a) });
    });
  });
}

const shortRuns = Number(args.short);
const longRuns = Number(args.long);
if (!(Number.isInteger(shortRuns) && Number.isInteger(longRuns) && 0 < shortRuns && shortRuns < longRuns)) {
  process.stderr.write('fuzz-threads: --short and --long must be whole numbers with 0 < short < long (e.g. --short 2000 --long 20000)\n');
  process.exit(2);
}

/** @type {{main: number, members: number, busiest: number, fixedMain: number, fixedMembers: number}[]} */
const rounds = [];
for (let round = 0; round < Number(args.rounds); round++) {
  const short = await fuzzOnce(args.short);
  const long = await fuzzOnce(args.long);
  const sum = (/** @type {number[]} */ xs) => xs.reduce((a, b) => a + b, 0);
  /** µs a case between the two lengths @param {number} atLong @param {number} atShort */
  const perCase = (atLong, atShort) => ((atLong - atShort) / (longRuns - shortRuns)) * 1e6;
  const main = perCase(long.main, short.main);
  const members = perCase(sum(long.members), sum(short.members));
  rounds.push({
    main,
    members,
    busiest: long.members[0] / sum(long.members),
    // What the short run spent beyond its cases: start-up and warm-up.
    fixedMain: short.main - (main * shortRuns) / 1e6,
    fixedMembers: sum(short.members) - (members * shortRuns) / 1e6,
  });
  process.stderr.write(`round ${round + 1}: main ${rounds[round].main.toFixed(0)} µs a case, members ${rounds[round].members.toFixed(0)}\n`);
}

const pick = (/** @type {'main' | 'members' | 'busiest' | 'fixedMain' | 'fixedMembers'} */ field) => median(rounds.map((r) => r[field]));
const result = {
  target: args.target,
  cases: `${args.short} and ${args.long}`,
  rounds: rounds.length,
  mainMicrosecondsPerCase: pick('main'),
  membersMicrosecondsPerCase: pick('members'),
  busiestMemberShare: pick('busiest'),
  startupCpuSeconds: { main: pick('fixedMain'), members: pick('fixedMembers') },
};
const perCase = result.mainMicrosecondsPerCase + result.membersMicrosecondsPerCase;
/** The machines the ceilings are worked out for, by their cores. */
const CORES = [2, 4, 8, 16, 64];
/** @param {number} cores */
const ceiling = (cores) => Math.round(Math.min(1e6 / result.mainMicrosecondsPerCase, (cores * 1e6) / perCase));

if (args.json) process.stdout.write(`${JSON.stringify({ ...result, ceilings: Object.fromEntries(CORES.map((c) => [c, ceiling(c)])) }, null, 2)}\n`);
else {
  const us = (/** @type {number} */ x) => `${x.toFixed(0)} µs`;
  process.stdout.write([
    `${args.target}, seed ${args.seed}, CPU per case between --runs ${args.short} and ${args.long} (median of ${rounds.length}), node --single-threaded`,
    `main thread   ${us(result.mainMicrosecondsPerCase)} a case  (generation, scheduling, posting, tallying)`,
    `members       ${us(result.membersMicrosecondsPerCase)} a case  (judging; the busiest member did ${(result.busiestMemberShare * 100).toFixed(0)}% of it)`,
    `start-up      ${result.startupCpuSeconds.main.toFixed(2)} s on the main thread, ${result.startupCpuSeconds.members.toFixed(2)} s over the members`,
    `ceilings      the main thread alone: ${Math.round(1e6 / result.mainMicrosecondsPerCase)} cases/s; with judging on C cores: ${CORES.map((c) => `${c}: ${ceiling(c)}`).join(', ')}`,
    '',
  ].join('\n'));
}
