#!/usr/bin/env node
// Where does a fuzz case's time go? Splits `clonecheck fuzz --target
// node:clone` into its stages and times each on the same generated cases,
// side by side, the way the fuzzer runs them:
//
//   generate  fast-check draws the programs (the fuzzer's main thread, an
//             isolate that never judges: timed here before anything else)
//   build     the program built twice, its receiver steps applied and undone
//             (a case builds once for the oracle and once for the target)
//   oracle    the oracle's case: build, the reference's spec-path clone,
//             observation of input, effects and clone
//   target    the target's case: build, this Node's structuredClone, observation
//   judge     the whole verdict: oracle, target, comparison
//
// The programs with realm steps (pollution) are timed in a worker of their
// own, as the fuzzer's lanes keep them apart (harness/fuzz/schedule.js): they
// invalidate V8's protectors for the whole isolate. Each lane worker warms up
// on one pass of `judge`, then runs rounds in which the stages take turns
// (the order rotates), and reports the median round.
//
// The "ceiling" is what N cores would reach if they did nothing but generate
// and judge, warm, with no GC or compiler threads competing: an upper bound
// for `clonecheck fuzz`, which also pays worker start-up, warm-up and V8's
// background threads.
//
// usage: node harness/bench/fuzz.js [--json] [--cases N] [--rounds N] [--seed N] [--cores N]

import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { casePrograms } from '../../fuzzers/programs.js';
import { build } from '../../src/index.js';
import { cloneCaseAsync, oracleCloneFunction } from '../case/case.js';
import { CHUNK_SIZE, chunkPrograms, laneOf } from '../fuzz/chunks.js';
import { judge, openTargets } from '../fuzz/judge.js';
import { installNodeHostHooks } from '../case/node-host.js';
import { resolveTarget } from '../targets/catalog.js';
import { median } from './median.js';

const TARGET = 'node:clone';

/**
 * The stages of one case, each a function of a program.
 * @param {import('../fuzz/judge.js').OpenTarget} target
 * @returns {Record<string, (program: any) => unknown>}
 */
function stages(target) {
  const oracle = oracleCloneFunction(undefined);
  const builtTwice = (program) => {
    for (let i = 0; i < 2; i++) {
      const built = build(program);
      try {
        built.setupReceiver();
      } finally {
        built.restore();
      }
    }
  };
  const { loaded } = target;
  if (loaded.kind !== 'here') throw new Error(`${TARGET} should run in this thread`);
  return {
    build: builtTwice,
    oracle: (program) => cloneCaseAsync(program, () => build(program), oracle),
    target: (program) => cloneCaseAsync(program, () => build(program), loaded.clone),
    judge: (program) => judge(program, [target]),
  };
}

/** A lane worker: microseconds per case of each stage, median of the rounds. */
async function timeLane() {
  const { programs, rounds } = workerData;
  installNodeHostHooks();
  const [target] = await openTargets([await resolveTarget(TARGET)]);
  const byName = stages(target);
  const names = Object.keys(byName);
  for (const program of programs) await byName.judge(program);
  /** @type {Record<string, number[]>} */
  const samples = Object.fromEntries(names.map((n) => [n, []]));
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(round + k) % names.length];
      const started = performance.now();
      for (const program of programs) await byName[name](program);
      samples[name].push(((performance.now() - started) * 1000) / programs.length);
    }
  }
  parentPort?.postMessage(Object.fromEntries(names.map((n) => [n, median(samples[n])])));
}

/**
 * @param {any[]} programs @param {number} rounds
 * @returns {Promise<Record<string, number>>}
 */
function inWorker(programs, rounds) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { programs, rounds } });
    worker.once('message', (result) => {
      resolve(result);
      worker.terminate();
    });
    worker.once('error', reject);
  });
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      json: { type: 'boolean', default: false },
      cases: { type: 'string', default: '5000' },
      rounds: { type: 'string', default: '5' },
      seed: { type: 'string', default: '1' },
      cores: { type: 'string', default: String(availableParallelism()) },
    },
  });
  const cases = Number(args.cases);
  const seed = Number(args.seed);
  const cores = Number(args.cores);

  // As the fuzzer draws them: chunk by chunk, default weights.
  const arbitrary = casePrograms({});
  const generationStarted = performance.now();
  const programs = [];
  for (let chunk = 0; programs.length < cases; chunk++) {
    const numRuns = Math.min(CHUNK_SIZE, cases - programs.length);
    programs.push(...chunkPrograms(arbitrary, seed, chunk, numRuns));
  }
  const generate = ((performance.now() - generationStarted) * 1000) / cases;

  const lanes = {
    clean: programs.filter((p) => laneOf(p) === 'clean'),
    polluting: programs.filter((p) => laneOf(p) === 'polluting'),
  };
  /** @type {Record<string, Record<string, number>>} */
  const times = {};
  for (const [lane, list] of Object.entries(lanes)) times[lane] = await inWorker(list, Number(args.rounds));
  // Every case, weighted by its lane's share.
  times.all = Object.fromEntries(Object.keys(times.clean).map((stage) => [
    stage, (times.clean[stage] * lanes.clean.length + times.polluting[stage] * lanes.polluting.length) / cases,
  ]));
  const perCase = generate + times.all.judge;
  const result = {
    runtime: `node ${process.version}`, target: TARGET, seed, cases, rounds: Number(args.rounds),
    lanes: { clean: lanes.clean.length, polluting: lanes.polluting.length },
    generateMicros: generate,
    stageMicros: times,
    ceiling: { cores, casesPerSecond: Math.round((cores * 1e6) / perCase) },
  };

  if (args.json) {
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return;
  }
  const fmt = (x) => x.toFixed(1).padStart(9);
  console.log(`${result.runtime}, ${TARGET}, ${cases} cases (seed ${seed}; ${lanes.clean.length} clean, `
    + `${lanes.polluting.length} polluting), median of ${args.rounds} rounds, µs per case`);
  console.log(`${'generate'.padEnd(10)} ${fmt(generate)}  (all cases, one fresh isolate)`);
  console.log(`${'stage'.padEnd(10)} ${'clean'.padStart(9)} ${'polluting'.padStart(9)} ${'all'.padStart(9)}  share of judge`);
  for (const stage of Object.keys(times.all)) {
    const share = `${((100 * times.all[stage]) / times.all.judge).toFixed(0)}%`;
    console.log(`${stage.padEnd(10)} ${fmt(times.clean[stage])} ${fmt(times.polluting[stage])} ${fmt(times.all[stage])}  ${share.padStart(5)}`);
  }
  console.log(`ceiling on ${cores} cores (generate + judge, warm, nothing else running): ${result.ceiling.casesPerSecond} cases/s`);
}

if (isMainThread) await main();
else await timeLane();
