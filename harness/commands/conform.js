// `clonecheck conform [TEST…] [--target T …]`: the conformance suite (wpt/,
// and the upstream WPT files of --wpt-dir) on the real testharness.js, on
// every target (harness/conform/). Prints each file as WPT's runners do,
// then a summary per target; exit 0 when every result is as expected, 1 on
// an unexpected failure or pass, 2 on a usage error (docs/conform.md).

import { existsSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { ExpectationsError, checkCitations, checkTestsExist, judgeOutcome, readExpectations, staleEntries, updateExpectations } from '../conform/expectations.js';
import { InputError, ledgerIds } from '../bugs/ledger.js';
import { CONFORM_CHANNELS } from '../../portable/conform/channels.js';
import { EXPECTATIONS_DIR, SUITE_DIR, UPSTREAM_SUITES, suiteFiles, unknownChannels, unknownSpecs } from '../conform/files.js';
import { GENERATED_DIR, ensureGenerated } from '../conform/generate.js';
import { fileLines, junitXml, resultsDocument, summaryTable, targetCounts } from '../conform/report.js';
import { runConformance } from '../conform/run.js';
import { REFERENCE, RuntimeError, TargetError, resolveConformTargets, testharness } from '../conform/targets.js';
import { EXIT, UsageError } from '../errors.js';
import { count } from '../count.js';
import { DEFAULT_SPEC_PROFILE, SPEC_PROFILES, specRecord } from '../../src/html/profiles.js';


/** @param {string} path @param {string} folder whether path is folder or inside it */
const isWithin = (path, folder) => !relative(folder, path).startsWith('..');

/** The targets when none is named: the reference (which must pass everything) and this Node. */
const DEFAULT_TARGETS = ['ref:spec', 'node'];

/**
 * @param {string[]} tests files or folders of tests to run instead of wpt/
 * @param {{target?: string[], runtime?: string[], browser?: string[], suite?: string[], wptDir?: string, expectations?: string,
 *   updateExpectations?: boolean, checkExpectations?: boolean, json?: string, junit?: string, timeout: number, workers?: number, spec: string,
 *   generate?: boolean}} raw commander's options (options.js)
 */
export async function conformCommand(tests, raw) {
  if (raw.generate) {
    const { built, files } = ensureGenerated();
    process.stderr.write(`clonecheck: ${GENERATED_DIR}: ${count.format(files)} test files, ${built ? 'built' : 'up to date (built from the same sources)'}\n`);
    return EXIT.ok;
  }
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const suites = raw.suite ?? (raw.wptDir === undefined ? ['clonecheck'] : ['clonecheck', ...Object.keys(UPSTREAM_SUITES)]);
  const files = [];
  const suiteRecords = [];
  if (suites.includes('clonecheck')) {
    const paths = tests.length > 0 ? tests.map((t) => resolve(t)) : [SUITE_DIR];
    // The tests made from the corpus are built when a run includes them (generate.js).
    if (paths.some((path) => isWithin(path, GENERATED_DIR) || isWithin(GENERATED_DIR, path))) ensureGenerated();
    for (const path of paths) if (!existsSync(path)) throw new UsageError(`${path}: no such test file or folder`);
    const found = suiteFiles({ suite: 'clonecheck', root: SUITE_DIR, paths });
    if (found.length === 0) throw new UsageError(`no *.any.js test files in ${paths.join(', ')}`);
    files.push(...found);
    suiteRecords.push({ name: 'clonecheck', root: SUITE_DIR, files: found.length });
  }
  const upstream = Object.keys(UPSTREAM_SUITES).filter((name) => suites.includes(name));
  if (upstream.length > 0) {
    if (raw.wptDir === undefined) throw new UsageError(`--suite ${upstream[0]} needs --wpt-dir DIR, a checkout of web-platform-tests`);
    const root = resolve(raw.wptDir);
    if (!existsSync(root) || !statSync(root).isDirectory()) throw new UsageError(`--wpt-dir ${raw.wptDir}: no such folder; give a checkout of web-platform-tests`);
    const paths = upstream.flatMap((name) => UPSTREAM_SUITES[name].paths);
    if (!paths.some((p) => existsSync(join(root, p)))) {
      throw new UsageError(`--wpt-dir ${raw.wptDir}: none of ${paths.join(', ')} is there; give the root of a web-platform-tests checkout`);
    }
    // Each upstream suite is reported apart (its own summary rows), a part of the checkout that is not there with 0 files.
    for (const name of upstream) {
      const found = suiteFiles({ suite: name, root, paths: UPSTREAM_SUITES[name].paths.map((p) => join(root, p)) });
      files.push(...found);
      suiteRecords.push({ name, root, files: found.length });
    }
  }
  for (const file of files) {
    if (file.suite === 'clonecheck' && file.meta.channel !== undefined) {
      throw new UsageError(`${file.path}: META: channel= is gone; write one META: variant=?channel=NAME line per channel and META: script= the include resources/channel.js (docs/conform.md)`);
    }
    const unknown = unknownChannels(file);
    if (unknown.length > 0) throw new UsageError(`${file.path}: META: variant=?channel=${unknown[0]} is not a channel; use ${CONFORM_CHANNELS.join(', ')}`);
    const unknownSpec = unknownSpecs(file);
    if (unknownSpec.length > 0) throw new UsageError(`${file.path}: META: spec=${unknownSpec[0]} is not a spec profile; use ${Object.keys(SPEC_PROFILES).join(', ')}`);
  }

  let targets;
  try {
    targets = await resolveConformTargets(raw.target ?? DEFAULT_TARGETS, raw.runtime ?? [], raw.browser ?? [], raw.spec);
  } catch (error) {
    if (error instanceof TargetError || error instanceof RuntimeError) throw new UsageError(error.message);
    throw error;
  }
  // Each profile has its own expectations: a pending change makes other tests fail.
  const expectationsDir = resolve(raw.expectations ?? (raw.spec === DEFAULT_SPEC_PROFILE ? EXPECTATIONS_DIR : join(EXPECTATIONS_DIR, raw.spec)));
  /** @type {Map<string, import('../conform/expectations.js').TargetExpectations>} */
  const expectations = new Map();
  /** @type {Set<string> | undefined} the ledger's bug ids, read when an entry names a bug */
  let bugIds;
  try {
    // Only a whole suite tells which tests exist.
    const wholeSuite = tests.length === 0 && suites.includes('clonecheck')
      ? new Set(files.filter((f) => f.suite === 'clonecheck').flatMap((f) => f.variants.map((variant) => `${f.id}${variant}`))) : null;
    for (const target of targets) {
      const read = readExpectations(expectationsDir, target.name);
      if (wholeSuite !== null) checkTestsExist(expectationsDir, read, 'clonecheck', wholeSuite);
      checkCitations(expectationsDir, target.name, read, () => (bugIds ??= ledgerIds()));
      expectations.set(target.name, read);
    }
  } catch (error) {
    if (error instanceof ExpectationsError || error instanceof InputError) throw new UsageError(error.message);
    throw error;
  }

  // Read for every target above: a target's entry is there.
  const expectationsOf = (/** @type {string} */ name) => /** @type {import('../conform/expectations.js').TargetExpectations} */ (expectations.get(name));
  const harness = testharness();
  process.stderr.write(`clonecheck conform: ${count.format(files.length)} files (${suiteRecords.map((s) => `${s.name}: ${s.files}`).join(', ')}) `
    + `on ${targets.map((t) => t.name).join(', ')}; testharness.js from ${harness.version}; judged against --spec ${raw.spec}: ${SPEC_PROFILES[raw.spec].summary}\n`);

  /** @type {Map<import('../conform/run.js').FileOutcome, import('../conform/report.js').JudgedOutcome>} */
  const judged = new Map();
  const outcomes = await runConformance({
    targets, files, timeoutMs: raw.timeout, workers: raw.workers,
    onFile(target, outcome) {
      const result = { outcome, judged: judgeOutcome(expectationsOf(target.name), outcome) };
      judged.set(outcome, result);
      process.stdout.write(fileLines(target.name, result));
    },
  });
  // runConformance answers for every target, each outcome judged as it came.
  const outcomesOf = (/** @type {string} */ name) => /** @type {import('../conform/run.js').FileOutcome[]} */ (outcomes.get(name));

  const byTarget = targets.map((target) => ({
    target,
    // In file order (they were printed as they finished).
    results: outcomesOf(target.name).map((outcome) => /** @type {import('../conform/report.js').JudgedOutcome} */ (judged.get(outcome))),
  }));
  const rows = byTarget.flatMap(({ target, results }) => suiteRecords.map((suite) => ({
    target, suite: suite.name, counts: targetCounts(results.filter((r) => r.outcome.suite === suite.name)),
  })));
  const durationMs = performance.now() - started;
  process.stdout.write(`\n${summaryTable(rows)}`);
  const unexpected = rows.reduce((sum, row) => sum + row.counts.unexpected, 0);
  process.stdout.write(`${count.format(unexpected)} unexpected result${unexpected === 1 ? '' : 's'}; ${(durationMs / 1000).toFixed(1)} s\n`);

  if (raw.json !== undefined) {
    const document = resultsDocument({
      startedAt, durationMs, reference: REFERENCE, spec: specRecord(raw.spec), harness: harness.version, suites: suiteRecords, timeoutMs: raw.timeout, targets: byTarget,
    });
    writeFileSync(raw.json, `${JSON.stringify(document, null, 2)}\n`);
  }
  if (raw.junit !== undefined) writeFileSync(raw.junit, junitXml(byTarget));
  if (raw.updateExpectations) {
    // Another profile's new entries take the reasons the default profile's give the same failures.
    const fallbackOf = (/** @type {string} */ name) => (raw.expectations === undefined && raw.spec !== DEFAULT_SPEC_PROFILE ? readExpectations(EXPECTATIONS_DIR, name) : undefined);
    for (const { target } of byTarget) {
      const file = updateExpectations(expectationsDir, target, outcomesOf(target.name), fallbackOf(target.name));
      process.stderr.write(`clonecheck: wrote ${file}\n`);
    }
    return EXIT.ok;
  }
  // An entry that no longer holds is an error of its own: a listed failure now not applicable is not an unexpected result.
  const stale = raw.checkExpectations ? targets.flatMap((target) => staleEntries(expectationsDir, target.name, expectationsOf(target.name), outcomesOf(target.name))) : [];
  for (const line of stale) process.stderr.write(`clonecheck: stale expectation: ${line}\n`);
  if (raw.checkExpectations) process.stdout.write(`${count.format(stale.length)} stale expectation${stale.length === 1 ? '' : 's'}\n`);
  return unexpected > 0 || stale.length > 0 ? EXIT.findings : EXIT.ok;
}
