// One bench run over its targets, one after another (never side by side on
// the same cores), with progress in rows: what `clonecheck bench` and
// `clonecheck nightly --bench` run. Returns the --json document (report.js
// benchDocument); a stop asked for keeps every row measured before it.

import { readFileSync } from 'node:fs';
import { DEFAULT_ROUNDS, DEFAULT_ROW_MS, withRatios } from '../../portable/bench/run.js';
import { TargetError, resolveTarget } from '../targets/catalog.js';
import { measureTarget } from './measure.js';
import { benchDocument, comparisonPairs, comparisons, inferences } from './report.js';

/**
 * The targets when none is named: the reference both ways and the three
 * runtimes' clone, about a minute on a 2-core machine at the default row time.
 */
export const DEFAULT_BENCH_TARGETS = ['ref:spec', 'ref:tiers', 'node:clone', 'bun:clone', 'deno:clone'];

/**
 * @typedef {object} BenchRunOptions
 * @property {import('../targets/catalog.js').TargetSpec[]} specs
 * @property {string} suite
 * @property {string[]} [shapes]
 * @property {number} rowMs
 * @property {number} rounds
 * @property {string} [baseline]
 * @property {() => boolean} stopping
 * @property {(done: number, total: number, target: string) => void} onProgress
 */

/**
 * What a suite's prepare gets as `options`: the package's files it names
 * (`sources`), read here, since its pages and agents read no files.
 * @param {string} id @returns {Promise<{sources: {name: string, text: string}[]} | undefined>}
 */
async function suiteOptionsOf(id) {
  const { suite } = await import(`../../portable/bench/suites/${id}.js`);
  if (suite.sources === undefined) return undefined;
  return { sources: suite.sources.map((/** @type {string} */ name) => ({ name, text: readFileSync(new URL(`../../${name}`, import.meta.url), 'utf8') })) };
}

/**
 * @param {BenchRunOptions} options
 * @returns {Promise<{document: ReturnType<typeof benchDocument>, runs: import('./measure.js').TargetRun[], pairs: {before: string, after: string}[]}>}
 */
export async function runBench({ specs, suite, shapes, rowMs, rounds, baseline, stopping, onProgress }) {
  const suiteOptions = await suiteOptionsOf(suite);
  const startedAt = new Date().toISOString();
  const started = performance.now();
  let planned = 0;
  let done = 0;
  let total = 0;
  /** @type {import('./measure.js').TargetRun[]} */
  const runs = [];
  for (const spec of specs) {
    if (stopping()) break;
    onProgress(done, total, spec.name);
    runs.push(await measureTarget(spec, {
      suite, shapes, suiteOptions, rowMs, rounds, stopping,
      // The total grows as each target says how many rows it built; the targets not yet started count as many as this one.
      onPlan(rows) {
        planned += rows;
        total = planned + rows * (specs.length - runs.length - 1);
        onProgress(done, total, spec.name);
      },
      onRows(rows) {
        done += rows.length;
        onProgress(done, total, spec.name);
      },
    }));
  }
  const results = withRatios(runs.flatMap((run) => run.results));
  const pairs = comparisonPairs(specs.filter((spec) => runs.some((run) => run.target === spec.name)), baseline);
  const document = benchDocument({
    suite, startedAt, durationMs: performance.now() - started, rowMs, rounds, interrupted: stopping(), runs, results,
    inferred: inferences(results), compared: comparisons(results, pairs),
  });
  return { document, runs, pairs };
}

/**
 * The bench run `clonecheck nightly --bench` carries: the default targets
 * that are available here (one that is not is logged and left out), at the
 * default row time, with the nightly's Ctrl-C.
 * @param {() => boolean} stopping
 * @param {(line: string) => void} log
 * @returns {Promise<any>} the bench document
 */
export async function nightlyBench(stopping, log) {
  const specs = [];
  for (const name of DEFAULT_BENCH_TARGETS) {
    try {
      specs.push(await resolveTarget(name, { install: false }));
    } catch (error) {
      if (!(error instanceof TargetError)) throw error;
      log(`bench: ${name} left out: ${error.message}`);
    }
  }
  const { document } = await runBench({
    specs, suite: 'clone', rowMs: DEFAULT_ROW_MS, rounds: DEFAULT_ROUNDS, stopping,
    onProgress: (done, total, target) => (total > 0 && done === total ? log(`bench: ${done} rows measured`) : undefined),
  });
  for (const target of document.targets) if (target.error !== null) log(`bench: ${target.target} stopped: ${target.error}`);
  return document;
}
