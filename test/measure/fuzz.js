#!/usr/bin/env node
// usage: node test/measure/fuzz.js [--json] [--cases N] [--rounds N] [--seed N] [--cores N] [--base REV]
//
// Where does a fuzz case's time go? Splits `clonecheck fuzz --target
// node:clone` into its stages and times each on the same generated cases,
// side by side, the way the fuzzer runs them:
//
//   generate  fast-check draws the programs (the fuzzer's main thread, an
//             isolate that never judges: timed here before anything else)
//   plan      the program validated and compiled (once per case: a fuzz
//             thread gets each program fresh, then builds it twice)
//   build     the program built twice (plan made), its receiver steps applied
//             and undone (a case builds once for the oracle and once for the target)
//   walks     the six observation walks alone: the input before and after
//             cloning, and the clone, on each side (src/observe/observe.js)
//   refClone  the oracle's clone alone: the reference's spec path, with the
//             guard coverage it counts
//   hostClone the target's clone alone: this Node's structuredClone
//   oracle    the oracle's whole case: build, clone, walks
//   target    the target's whole case: build, clone, walks
//   judge     the whole verdict of a fresh copy of the program: plan, oracle,
//             target, comparison
//
// So judge − (plan + oracle + target) is the comparison and the bookkeeping.
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
// With --base REV, the stages of a base revision (a `git worktree`,
// checkout.js) are timed beside this tree's on the same programs (drawn by
// this tree's generator): each round runs one lane worker of each tree, in
// alternating order, so that other load on the machine hits both alike; the
// median round of each is reported, with the ratio base / this tree.

import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { judgeableHere } from '../../portable/targets/programs.js';
import { build } from '../../src/index.js';
import { observeGraph } from '../../src/observe/observe.js';
import { compile } from '../../src/program/compile.js';
import { validate } from '../../src/program/schema.js';
import { observedCaseAsync, oracleCloneFunction } from '../../portable/case/case.js';
import { pollutes } from '../../harness/fuzz/lanes.js';
import { CHUNK_SIZE, SteeredRun } from '../../fuzzers/steering.js';
import { judge, openTargets } from '../../portable/fuzz/judge.js';
import { installNodeHostHooks } from '../../portable/hosts/node-host.js';
import { resolveTarget } from '../../harness/targets/catalog.js';
import { withBaseCheckout } from './checkout.js';
import { median } from '../../harness/bench/median.js';

const TARGET = 'node:clone';
const TREE = fileURLToPath(new URL('../..', import.meta.url));
const STAGES = ['plan', 'build', 'walks', 'refClone', 'hostClone', 'oracle', 'target', 'judge'];

/**
 * The clone of one side alone, and its three walks, each added to `totals`
 * (ms): what the side's case does, with a timer around each part.
 * @param {any} program
 * @param {import('../../portable/case/case.js').SettlingCloneFunction} cloneFunction
 * @param {{walks: number, clone: number}} totals
 */
async function timeSide(program, cloneFunction, totals) {
  const built = build(program);
  try {
    built.setupReceiver();
    let started = performance.now();
    observeGraph(built.value);
    totals.walks += performance.now() - started;
    started = performance.now();
    let result;
    try {
      result = (await cloneFunction(built.value, { transfer: built.transfer, forStorage: program.forStorage === true })).value;
    } catch {
      result = undefined;
    }
    totals.clone += performance.now() - started;
    started = performance.now();
    observeGraph(built.value);
    observeGraph(result);
    totals.walks += performance.now() - started;
  } finally {
    built.restore();
  }
}

/**
 * The stages of one case. Each runs over every program and returns its time
 * in ms (`walks`, `refClone` and `hostClone` are parts of one pass, timed
 * separately).
 * @param {import('../../portable/fuzz/judge.js').OpenTarget} target
 * @param {any[]} programs
 * @returns {Record<string, () => Promise<Record<string, number>>>}
 */
function stages(target, programs) {
  const oracle = oracleCloneFunction(undefined);
  const { loaded } = target;
  if (loaded.kind !== 'here') throw new Error(`${TARGET} should run in this thread`);
  /** @param {(program: any) => unknown} each @param {any[]} [list] */
  const timed = async (each, list = programs) => {
    const started = performance.now();
    for (const program of list) await each(program);
    return performance.now() - started;
  };
  return {
    plan: async () => ({ plan: await timed((program) => { validate(program); compile(program); }, structuredClone(programs)) }),
    build: async () => ({
      build: await timed((program) => {
        for (let i = 0; i < 2; i++) {
          const built = build(program);
          try {
            built.setupReceiver();
          } finally {
            built.restore();
          }
        }
      }),
    }),
    parts: async () => {
      const ref = { walks: 0, clone: 0 };
      const host = { walks: 0, clone: 0 };
      for (const program of programs) {
        await timeSide(program, oracle, ref);
        await timeSide(program, loaded.clone, host);
      }
      return { walks: ref.walks + host.walks, refClone: ref.clone, hostClone: host.clone };
    },
    oracle: async () => ({ oracle: await timed((program) => observedCaseAsync(program, () => build(program), oracle)) }),
    target: async () => ({ target: await timed((program) => observedCaseAsync(program, () => build(program), loaded.clone)) }),
    judge: async () => ({ judge: await timed((program) => judge(program, [target]), structuredClone(programs)) }),
  };
}

/** A lane worker: microseconds per case of each stage, median of the rounds. */
async function timeLane() {
  const { programs, rounds } = workerData;
  installNodeHostHooks();
  const [target] = await openTargets([await resolveTarget(TARGET)]);
  const byName = stages(target, programs);
  const names = Object.keys(byName);
  await byName.judge();
  /** @type {Record<string, number[]>} */
  const samples = {};
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < names.length; k++) {
      const times = await byName[names[(round + k) % names.length]]();
      for (const [stage, ms] of Object.entries(times)) (samples[stage] ??= []).push((ms * 1000) / programs.length);
    }
  }
  parentPort?.postMessage(Object.fromEntries(STAGES.map((stage) => [stage, median(samples[stage])])));
}

/**
 * @param {any[]} programs @param {number} rounds
 * @param {URL} [script] this benchmark as a tree has it (a base revision's)
 * @returns {Promise<Record<string, number>>}
 */
function inWorker(programs, rounds, script = new URL(import.meta.url)) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(script, { workerData: { programs, rounds } });
    worker.once('message', (result) => {
      resolve(result);
      worker.terminate();
    });
    worker.once('error', reject);
  });
}

/**
 * The stages of each lane timed in lane workers (each warms up, then times
 * `rounds` rounds and reports their median), and every case's, weighted by
 * its lane's share.
 * @param {{clean: any[], polluting: any[]}} lanes
 * @param {(list: any[]) => Promise<Record<string, number>>} timeLaneOf
 * @returns {Promise<Record<string, Record<string, number>>>}
 */
async function laneTimes(lanes, timeLaneOf) {
  /** @type {Record<string, Record<string, number>>} */
  const times = {};
  for (const [lane, list] of Object.entries(lanes)) times[lane] = await timeLaneOf(list);
  const cases = lanes.clean.length + lanes.polluting.length;
  times.all = Object.fromEntries(STAGES.map((stage) => [
    stage, (times.clean[stage] * lanes.clean.length + times.polluting[stage] * lanes.polluting.length) / cases,
  ]));
  return times;
}

/**
 * This tree's stages and a base revision's, side by side: in each round one
 * lane worker of each (one timed round after its warm-up), the order
 * alternating; per stage and lane the median round.
 * @param {{clean: any[], polluting: any[]}} lanes
 * @param {string} rev
 * @param {number} rounds
 */
async function versusBase(lanes, rev, rounds) {
  return withBaseCheckout(TREE, rev, async ({ baseTree, revision }) => {
    // A base revision from before this script moved to test/measure/ has it in harness/bench/.
    const baseScript = ['test/measure/fuzz.js', 'harness/bench/fuzz.js'].map((path) => join(baseTree, path)).find((path) => existsSync(path));
    const scripts = { base: pathToFileURL(baseScript), current: new URL(import.meta.url) };
    /** @type {Record<'base' | 'current', Record<string, Record<string, number>>[]>} */
    const samples = { base: [], current: [] };
    for (let round = 0; round < rounds; round++) {
      for (const which of /** @type {const} */ (round % 2 === 0 ? ['base', 'current'] : ['current', 'base'])) {
        samples[which].push(await laneTimes(lanes, (list) => inWorker(list, 1, scripts[which])));
      }
    }
    const medians = (/** @type {'base' | 'current'} */ which) => Object.fromEntries(['clean', 'polluting', 'all'].map((lane) => [
      lane, Object.fromEntries(STAGES.map((stage) => [stage, median(samples[which].map((times) => times[lane][stage]))])),
    ]));
    return { revision, base: medians('base'), current: medians('current') };
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
      base: { type: 'string' },
    },
  });
  const cases = Number(args.cases);
  const seed = Number(args.seed);
  const cores = Number(args.cores);
  const rounds = Number(args.rounds);

  // As the fuzzer draws them (chunk by chunk, steered, default weights) and
  // a Node target runs them (judgeableHere: a FileList or a canvas, which
  // Node lacks, an ordinary object).
  const run = new SteeredRun({ seed });
  const generationStarted = performance.now();
  const programs = [];
  for (let chunk = 0; programs.length < cases; chunk++) {
    const numRuns = Math.min(CHUNK_SIZE, cases - programs.length);
    programs.push(...run.draw(chunk, numRuns).map(({ program }) => judgeableHere(program)));
  }
  const generate = ((performance.now() - generationStarted) * 1000) / cases;

  const lanes = {
    clean: programs.filter((p) => !pollutes(p)),
    polluting: programs.filter(pollutes),
  };
  const heading = `node ${process.version}, ${TARGET}, ${cases} cases (seed ${seed}; ${lanes.clean.length} clean, `
    + `${lanes.polluting.length} polluting), median of ${rounds} rounds, µs per case`;
  const fmt = (/** @type {number} */ x) => x.toFixed(1).padStart(9);

  if (args.base !== undefined) {
    const versus = await versusBase(lanes, args.base, rounds);
    const ratio = Object.fromEntries(['clean', 'polluting', 'all'].map((lane) => [
      lane, Object.fromEntries(STAGES.map((stage) => [stage, versus.base[lane][stage] / versus.current[lane][stage]])),
    ]));
    if (args.json) {
      process.stdout.write(`${JSON.stringify({ runtime: `node ${process.version}`, target: TARGET, seed, cases, rounds, ...versus, ratio }, null, 2)}\n`);
      return;
    }
    console.log(heading);
    console.log(`base ${versus.revision} and this tree alternately; ratio: base / this tree (above 1: this tree is faster)`);
    console.log(`${'stage'.padEnd(10)} ${'base all'.padStart(9)} ${'tree all'.padStart(9)} ${'ratio'.padStart(6)}  ${'clean'.padStart(6)} ${'pollut.'.padStart(7)}`);
    for (const stage of STAGES) {
      const r = (/** @type {string} */ lane) => ratio[lane][stage].toFixed(2);
      console.log(`${stage.padEnd(10)} ${fmt(versus.base.all[stage])} ${fmt(versus.current.all[stage])} ${r('all').padStart(6)}  ${r('clean').padStart(6)} ${r('polluting').padStart(7)}`);
    }
    return;
  }

  const times = await laneTimes(lanes, (list) => inWorker(list, rounds));
  const perCase = generate + times.all.judge;
  const result = {
    runtime: `node ${process.version}`, target: TARGET, seed, cases, rounds,
    lanes: { clean: lanes.clean.length, polluting: lanes.polluting.length },
    generateMicros: generate,
    stageMicros: times,
    ceiling: { cores, casesPerSecond: Math.round((cores * 1e6) / perCase) },
  };

  if (args.json) {
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return;
  }
  console.log(heading);
  console.log(`${'generate'.padEnd(10)} ${fmt(generate)}  (all cases, one fresh isolate)`);
  console.log(`${'stage'.padEnd(10)} ${'clean'.padStart(9)} ${'polluting'.padStart(9)} ${'all'.padStart(9)}  share of judge`);
  for (const stage of STAGES) {
    const share = `${((100 * times.all[stage]) / times.all.judge).toFixed(0)}%`;
    console.log(`${stage.padEnd(10)} ${fmt(times.clean[stage])} ${fmt(times.polluting[stage])} ${fmt(times.all[stage])}  ${share.padStart(5)}`);
  }
  console.log(`ceiling on ${cores} cores (generate + judge, warm, nothing else running): ${result.ceiling.casesPerSecond} cases/s`);
}

if (isMainThread) await main();
else await timeLane();
