// `clonecheck nightly`: a campaign across the targets (every available one by
// default) within a budget, one shard of it with --shard i/n; the run goes to
// --json and is appended to --history (harness/nightly/, docs/gate.md).
// Its findings are triaged against the bug ledger (docs/bugs.md): exit 0
// when every bug it met is known, 1 when one is new or regressed, 2 on bad input.

import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { BudgetError, interruptChildren } from '../gate/children.js';
import { LEDGER_DIR, readLedger } from '../bugs/ledger.js';
import { parseShard } from '../nightly/campaign.js';
import { appendRun, openHistory } from '../nightly/history.js';
import { reportRun } from '../nightly/report.js';
import { runNightly } from '../nightly/run.js';
import { parseUserBrowsers, parseUserRuntimes, registryFamilies } from '../runtimes.js';
import { RegistryError, registryReleases } from '../bugs/bisect.js';
import { listTargets } from '../targets/catalog.js';
import { EXIT, UsageError } from '../errors.js';
import { count } from '../count.js';
import { interrupts } from './common.js';
import { EXPECTATIONS_DIR } from '../conform/files.js';
import { targetsFromNames } from '../targets/named.js';
import { namesRelease } from '../../portable/families/index.js';
import { nightlyBench } from '../bench/session.js';

/**
 * The campaign's default scope: every target available here (installed
 * runtimes and browsers, every channel; the built-in modules) of the pinned
 * runtimes, not every version that happens to sit in the runtime cache
 * (repro and bisect install old ones on demand): name those with --target.
 * @param {string[]} runtimeFlags @param {string[]} browserFlags
 * @returns {Promise<string[]>}
 */
export async function availableTargets(runtimeFlags, browserFlags) {
  const rows = await listTargets(parseUserRuntimes(runtimeFlags), parseUserBrowsers(browserFlags));
  return rows.filter((row) => row.available && !namesRelease(row.name)).map((row) => row.name);
}

/**
 * `--latest`: each runtime's newest release as the registry lists it, on
 * the `clone` channel and every channel a ledger bug of that runtime was
 * found on; every ledger bug is replayed there (not fuzzed), so a fix is
 * seen the night it ships (triage: fixed, or regressed).
 * @param {import('../bugs/ledger.js').Bug[]} bugs
 * @returns {Promise<string[]>} target names, e.g. `bun@1.4.6:clone`
 */
async function latestTargets(bugs) {
  const names = [];
  for (const family of registryFamilies) {
    const newest = (await registryReleases(family)).at(-1);
    if (newest === undefined) continue;
    const channels = new Set(['clone', ...bugs.filter((b) => b.implementation === family).map((b) => b.foundOn.slice(b.foundOn.lastIndexOf(':') + 1))]);
    names.push(...[...channels].map((channel) => `${family}@${newest}:${channel}`));
  }
  return names;
}

/**
 * @param {{target?: string[], runtime?: string[], browser?: string[], budget: number, runs?: number, shrink?: 'all' | 'unexplained', seed: number, seeds: number, shard: string,
 *   history?: string, out: string, json?: string, ledger?: string, latest?: boolean, expectations?: string, growCorpus?: boolean, recheck?: number, conformResults?: string,
 *   workers: number, timeout: number, bench?: boolean}} raw commander's options (options.js)
 */
export async function nightlyCommand(raw) {
  const shard = parseShard(raw.shard);
  if (shard === null) throw new UsageError(`--shard ${raw.shard}: give i/n with 1 <= i <= n <= 1000, e.g. --shard 2/4`);
  const ledgerDir = resolve(raw.ledger ?? LEDGER_DIR);
  const bugs = readLedger(ledgerDir);
  const history = raw.history === undefined ? undefined : resolve(raw.history);
  if (history !== undefined) openHistory(history, { create: true });
  const runtimeFlags = raw.runtime ?? [];
  const browserFlags = raw.browser ?? [];
  const names = raw.target ?? await availableTargets(runtimeFlags, browserFlags);
  let latest = [];
  if (raw.latest) {
    try {
      latest = await latestTargets(bugs);
    } catch (error) {
      if (error instanceof RegistryError) throw new UsageError(`--latest: ${error.message}`);
      throw error;
    }
    process.stderr.write(`clonecheck nightly --latest: every ledger bug replayed on ${latest.join(', ')}\n`);
  }
  // Checked (and installed) here, so that a bad name is a usage error before anything runs.
  await targetsFromNames([...names, ...latest], runtimeFlags, browserFlags);
  process.stderr.write(`clonecheck nightly: shard ${shard.index}/${shard.count} of ${names.length} targets, seed ${raw.seed} (${raw.seeds} seed${raw.seeds === 1 ? '' : 's'}), `
    + `${raw.runs === undefined ? `budget ${raw.budget} s` : `${count.format(raw.runs)} cases per unit`}\n`);
  // Ctrl-C or SIGTERM (a CI job's timeout): the unit running wraps up, the rest are skipped, the findings are triaged and written.
  const ctrlC = interrupts([
    'stopping: the unit in progress wraps up, the others are skipped; then triage and the results (Ctrl-C again to stop its shrinking)',
    'the unit in progress stops shrinking (Ctrl-C again to quit at once)',
  ], () => interruptChildren());
  /** @type {Awaited<ReturnType<typeof runNightly>> & {bench?: unknown}} the run's document, with --bench its timings */
  let document;
  try {
    document = await runNightly({
      interrupted: () => ctrlC.presses > 0, latest,
      targets: names, runtimeFlags, browserFlags, seed: raw.seed, seeds: raw.seeds, shard, budgetSeconds: raw.budget, runs: raw.runs, shrink: raw.shrink,
      workers: raw.workers, timeoutMs: raw.timeout, out: resolve(raw.out), ledgerDir,
      expectationsDir: resolve(raw.expectations ?? EXPECTATIONS_DIR), growCorpus: raw.growCorpus === true, recheck: raw.recheck ?? 0, conformResults: raw.conformResults,
      log: (line) => process.stderr.write(`  ${line}\n`),
    });
    // After the campaign, never beside it: the fuzzing would be in the timings.
    if (raw.bench && ctrlC.presses === 0) {
      document.bench = await nightlyBench(() => ctrlC.presses > 0, (line) => process.stderr.write(`  ${line}\n`));
    }
  } catch (error) {
    if (error instanceof BudgetError) {
      process.stderr.write(`clonecheck: no result: ${error.message}\n`);
      return EXIT.infrastructure;
    }
    throw error;
  } finally {
    ctrlC.dispose();
  }
  if (raw.json !== undefined) writeFileSync(raw.json, `${JSON.stringify(document, null, 2)}\n`);
  if (history !== undefined) process.stderr.write(`clonecheck: appended ${appendRun(history, document)}\n`);
  return reportRun(document, resolve(raw.out));
}
