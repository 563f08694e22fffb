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
import { DEFAULT_BENCH_TARGETS, runBench } from '../bench/session.js';
import { benchText } from '../bench/report.js';
import { EXIT, UsageError } from '../errors.js';
import { interrupts, progressDisplay } from './common.js';

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

  let stop = false;
  const presses = interrupts(['stopping after the rows being measured; the rows measured so far are kept (Ctrl-C again to quit at once)'], () => {
    stop = true;
  });
  const progress = progressDisplay({ total: 1, format: 'bench |{bar}| {value}/{total} rows | {target}' });
  let outcome;
  try {
    outcome = await runBench({
      specs, suite: raw.suite, shapes: shapes.length === 0 ? undefined : shapes, rowMs: raw.rowMs, rounds: raw.rounds, baseline: raw.baseline,
      stopping: () => stop,
      onProgress(done, total, target) {
        progress.update(done, { target });
        if (total > 0) progress.setTotal(total);
      },
    });
  } finally {
    progress.stop();
    presses.dispose();
  }
  const { document, runs, pairs } = outcome;
  process.stdout.write(benchText(document, runs, pairs, specs.length));
  if (raw.json !== undefined) writeFileSync(raw.json, `${JSON.stringify(document, null, 2)}\n`);
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
    const userBrowsers = parseUserBrowsers(raw.browser ?? []);
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
