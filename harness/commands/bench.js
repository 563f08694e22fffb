// `clonecheck bench [--target T …] [--shape S …] [--suite ID] [--json F]
// [--baseline T]`: times a bench suite (portable/bench/suites/) on each
// target where it runs, one target after another (never side by side on
// the same cores), with progress in rows; prints a table per target with
// the fast-path inference per shape, then the targets compared side by
// side (docs/bench.md). The first Ctrl-C stops after the unit being
// measured and reports every row measured so far.

import { writeFileSync } from 'node:fs';
import { RuntimeError, parseUserBrowsers, parseUserRuntimes } from '../runtimes.js';
import { TargetError, resolveTarget } from '../targets/catalog.js';
import { channelOfTarget } from '../../portable/targets/channels/index.js';
import { BENCH_CHANNELS } from '../../portable/bench/tasks.js';
import { withRatios } from '../../portable/bench/run.js';
import { measureTarget } from '../bench/measure.js';
import { benchDocument, comparisonPairs, comparisons, inferences, sideBySide, targetTable } from '../bench/report.js';
import { EXIT, UsageError, count, interrupts, progressDisplay } from './common.js';

/**
 * The targets when none is named: the reference both ways and the three
 * runtimes' clone, about a minute on a 2-core machine at the default row time.
 */
export const DEFAULT_BENCH_TARGETS = ['ref:spec', 'ref:tiers', 'node:clone', 'bun:clone', 'deno:clone'];

/**
 * @param {{target?: string[], shape?: string[], suite: string, json?: string, baseline?: string, rowMs: number, rounds: number,
 *   runtime?: string[], browser?: string[]}} raw commander's options
 */
export async function benchCommand(raw) {
  const { suite } = await import(`../../portable/bench/suites/${raw.suite}.js`);
  const shapes = raw.shape ?? [];
  const unknownShape = suite.shapes === undefined ? undefined : shapes.find((id) => !suite.shapes.some((shape) => shape.id === id));
  if (unknownShape !== undefined) throw new UsageError(`--shape ${unknownShape}: not a shape of the ${raw.suite} suite; use ${suite.shapes.map((s) => s.id).join(', ')}`);
  const names = raw.target ?? DEFAULT_BENCH_TARGETS;
  if (raw.baseline !== undefined && !names.includes(raw.baseline)) throw new UsageError(`--baseline ${raw.baseline} is not one of the targets; add --target ${raw.baseline}`);
  const specs = await resolveBenchTargets(names, raw);

  const startedAt = new Date().toISOString();
  const started = performance.now();
  let stop = false;
  const presses = interrupts(['stopping after the rows being measured; the rows measured so far are kept (Ctrl-C again to quit at once)'], () => {
    stop = true;
  });
  const progress = progressDisplay({ total: 1, format: 'bench |{bar}| {value}/{total} rows | {target}' });
  let planned = 0;
  let done = 0;
  const runs = [];
  try {
    for (const spec of specs) {
      if (stop) break;
      progress.update(done, { target: spec.name });
      runs.push(await measureTarget(spec, {
        suite: raw.suite,
        shapes: shapes.length === 0 ? undefined : shapes,
        rowMs: raw.rowMs,
        rounds: raw.rounds,
        stopping: () => stop,
        // The total grows as each target says how many rows it built: the first one's count, times the targets, until then.
        onPlan(rows) {
          planned += rows;
          progress.setTotal(planned + rows * (specs.length - runs.length - 1));
        },
        onRows(rows) {
          done += rows.length;
          progress.update(done, { target: spec.name });
        },
      }));
    }
  } finally {
    progress.stop();
    presses.dispose();
  }

  const results = withRatios(runs.flatMap((run) => run.results));
  const inferred = inferences(results);
  const pairs = comparisonPairs(specs.filter((spec) => runs.some((run) => run.target === spec.name)), raw.baseline);
  const compared = comparisons(results, pairs);
  for (const run of runs) process.stdout.write(`\n${targetTable(run, results.filter((r) => r.target === run.target), inferred)}`);
  for (const pair of pairs) {
    const table = sideBySide(pair, compared, results);
    if (table !== '') process.stdout.write(`\n${table}`);
  }
  const durationMs = performance.now() - started;
  const regressions = compared.filter((c) => c.twinRegression).length;
  process.stdout.write(`\n${count.format(done)} rows on ${runs.length} of ${specs.length} targets in ${(durationMs / 1000).toFixed(1)} s`
    + `${pairs.length > 0 ? `; ${count.format(regressions)} twin regression${regressions === 1 ? '' : 's'}` : ''}${stop ? ' (stopped early)' : ''}\n`);
  if (raw.json !== undefined) {
    const document = benchDocument({ suite: raw.suite, startedAt, durationMs, rowMs: raw.rowMs, rounds: raw.rounds, interrupted: stop, runs, results, inferred, compared });
    writeFileSync(raw.json, `${JSON.stringify(document, null, 2)}\n`);
  }
  if (stop) return EXIT.interrupted;
  return runs.some((run) => run.error !== null) ? EXIT.infrastructure : EXIT.ok;
}

/**
 * @param {string[]} names
 * @param {{runtime?: string[], browser?: string[]}} raw
 * @returns {Promise<import('../targets/catalog.js').TargetSpec[]>}
 * @throws {UsageError} an unknown target, or a channel bench does not time
 */
async function resolveBenchTargets(names, raw) {
  try {
    const userRuntimes = parseUserRuntimes(raw.runtime ?? []);
    const userBrowsers = parseUserBrowsers(raw.browser ?? [], (message) => new RuntimeError(message));
    const specs = [];
    for (const name of names) {
      const channel = channelOfTarget(name);
      if (channel !== undefined && !BENCH_CHANNELS.includes(channel.name)) {
        throw new UsageError(`${name}: bench times the ${BENCH_CHANNELS.join(', ')} channels; use ${name.slice(0, name.lastIndexOf(':'))}:clone`);
      }
      specs.push(await resolveTarget(name, { userRuntimes, userBrowsers, onInstall: (message) => process.stderr.write(`clonecheck: ${message}\n`) }));
    }
    return specs;
  } catch (error) {
    if (error instanceof TargetError || error instanceof RuntimeError) throw new UsageError(error.message);
    throw error;
  }
}
