// The pre-merge gate (docs/gate.md): on the given targets, the conformance
// suite against its expectations, the regression corpus replayed, and a
// fuzz smoke of a fixed seed and number of cases whose findings must all be
// known bugs of the ledger, matched by replay (harness/bugs/triage.js): a
// new bug, or a known one back where it was fixed, fails it. Every part is
// deterministic for the same inputs, so the
// gate's verdict is too: a timing-dependent budget never cuts a part short
// (a run past --budget has no verdict at all).

import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { SUITE_DIR } from '../conform/files.js';
import { bugSignature } from '../../portable/bugs/signature.js';
import { loadRegressions } from '../findings/regressions.js';
import { replayProgram } from '../findings/replay.js';
import { runCommand } from './children.js';
import { readLedger } from '../bugs/ledger.js';
import { runFindingsOf } from '../bugs/run-findings.js';
import { triageShrinking } from '../bugs/shrink-unexplained.js';
import { replayOnTargets } from '../bugs/replay.js';
import { triageDocument } from '../bugs/triage-document.js';
import { builtRuntimeNames } from '../runtimes.js';

/** The version of the gate's results document (docs/gate.md#the-gate-document). */
export const GATE_SCHEMA_VERSION = 1;

/**
 * The conformance target a fuzz target's implementation is: a runtime's
 * channels are one runtime to conform (its test files ask for channels),
 * but each of QuickJS-ng's is an implementation of its own (its serializer,
 * the reference running there: it has no structuredClone of its own).
 * @param {string} name  `bun:worker`, `ref:tiers`, `impl:./x.mjs`, `quickjs:message`
 */
export function conformTargetOf(name) {
  if (/^(ref|polyfill|impl):/.test(name)) return name;
  const runtime = name.slice(0, name.lastIndexOf(':'));
  return builtRuntimeNames.includes(runtime) ? name : runtime;
}

/**
 * @typedef {object} GateOptions
 * @property {import('../targets/catalog.js').TargetSpec[]} targets  resolved (targets/named.js targetsFromNames)
 * @property {string[]} runtimeFlags  --runtime NAME=PATH, passed on to conform, fuzz and every repro command
 * @property {string[]} browserFlags  --browser NAME=PATH
 * @property {string} expectationsDir
 * @property {string} ledgerDir  the bug ledger (harness/bugs/ledger.js)
 * @property {string} regressionsDir
 * @property {number} seed
 * @property {number} runs  fuzz smoke cases
 * @property {number} workers
 * @property {number} timeoutMs  a fuzz case or regression that makes no progress for this long is a timeout
 * @property {string} out  where the parts' documents and findings go
 * @property {number} deadline  performance.now() by which the gate must end
 * @property {() => boolean} interrupted  Ctrl-C or SIGTERM: the part running was told (its child wraps up), no other starts
 * @property {(line: string) => void} log
 */

/** What a fuzz smoke finding of a bug the ledger does not have was expected to be. */
export const NO_NEW_BUG = 'no new bug';

/** What a finding no bug explains, that could not be shrunk, was expected to be. */
export const SHRUNK_TO_A_KNOWN_BUG = 'shrunk to a known bug';

/**
 * @typedef {object} Unexpected  one thing that regressed
 * @property {'conform' | 'regression' | 'fuzz' | 'harness'} area  `harness`: a clonecheck bug met on the way, not the target's
 * @property {string} target
 * @property {string} test  the test file and subtest, the regression's or the finding's signature
 * @property {string} status  what it did
 * @property {string} expected  what was expected of it
 * @property {string} detail  one line: the message, the first difference
 * @property {string} repro  the command that shows it again
 */

/**
 * @param {GateOptions} options
 */
export async function runGate(options) {
  const { targets, out, log } = options;
  const started = performance.now();
  mkdirSync(out, { recursive: true });
  const flags = [...options.runtimeFlags.flatMap((f) => ['--runtime', f]), ...options.browserFlags.flatMap((f) => ['--browser', f])];
  const conformTargets = [...new Set(targets.map((t) => conformTargetOf(t.name)))];
  const bugs = readLedger(options.ledgerDir);

  const conform = await runCommand(
    ['conform', ...conformTargets.flatMap((t) => ['--target', t]), ...flags, '--expectations', options.expectationsDir],
    join(out, 'conform.json'), options,
  );
  stopIfInterrupted(options);
  const regressions = await replayRegressions(options, flags);
  stopIfInterrupted(options);
  const fuzz = await runCommand(
    ['fuzz', ...targets.flatMap((t) => ['--target', t.name]), ...flags, '--seed', String(options.seed), '--runs', String(options.runs),
      '--workers', String(options.workers), '--timeout', String(options.timeoutMs), '--out', out, '--shrink-runs', '0'],
    join(out, 'fuzz.json'), options,
  );
  stopIfInterrupted(options);
  const run = runFindingsOf(fuzz.document, join(out, 'fuzz.json'));
  const triageStarted = performance.now();
  const replay = replayOnTargets({ runtimeFlags: options.runtimeFlags, browserFlags: options.browserFlags, timeoutMs: options.timeoutMs });
  // The smoke shrank nothing: what no known bug explains is shrunk here (harness/bugs/shrink-unexplained.js).
  const triaged = await triageShrinking(run.findings, bugs, {
    shrink: 'unexplained', ran: run.ran, date: new Date().toISOString().slice(0, 10), replay,
    workers: options.workers, timeoutMs: options.timeoutMs, runtimeFlags: options.runtimeFlags, browserFlags: options.browserFlags,
    shouldShrink: () => !options.interrupted(), log,
    onTriaged: () => log(`triage: ${run.findings.length} findings against ${bugs.length} ledger bugs by replay, ${((performance.now() - triageStarted) / 1000).toFixed(1)} s`),
  }).finally(replay.close);
  stopIfInterrupted(options);
  /** @type {Map<string, {bug: string | null, known: boolean, unconfirmed?: true}>} each finding's bug: a ledger id, a proposed one, or none (it did not show again) */
  const bugOf = new Map();
  for (const k of triaged.known) for (const f of k.findings) bugOf.set(f.signature, { bug: k.bug, known: true });
  for (const n of triaged.new) for (const f of n.findings) bugOf.set(f.signature, { bug: n.bug.id, known: false });
  // An unconfirmed finding (its shrinking failed) fails the gate too: a merge must not pass what no bug explains.
  for (const n of triaged.unconfirmed) for (const f of n.findings) bugOf.set(f.signature, { bug: n.bug.id, known: false, unconfirmed: true });
  // A finding shrunk after triage reports its shrunk program's differences, as its folder (the repro) now holds
  // (triage's groups hold the findings shrinking changed: copies of the run's, not the run's own objects).
  const triagedFindings = [...triaged.known, ...triaged.new, ...triaged.unconfirmed].flatMap((group) => group.findings);
  const shrunk = new Map(triagedFindings.flatMap((f) => (f.minimized === true ? [[f.signature, /** @type {any} */ (f).diff]] : [])));
  const findings = fuzz.document.findings.map((f) => ({
    ...f, ...(shrunk.has(f.signature) ? { diff: shrunk.get(f.signature), minimized: true } : {}), ...(bugOf.get(f.signature) ?? { bug: null, known: false }),
  }));

  /** @type {Unexpected[]} */
  const unexpected = [
    ...conformUnexpected(conform.document, flags),
    ...regressions.filter((r) => r.status !== r.expected).map((r) => ({
      area: /** @type {const} */ ('regression'), target: r.target, test: r.signature, status: r.status, expected: r.expected, detail: r.detail, repro: r.repro,
    })),
    ...findings.filter((f) => f.bug !== null && !f.known).map((f) => ({
      area: /** @type {const} */ ('fuzz'), target: f.target, test: `${f.bug} (${f.signature})`, status: f.verdict === 'deviation' ? `deviation (${f.category})` : f.verdict,
      expected: f.unconfirmed ? SHRUNK_TO_A_KNOWN_BUG : NO_NEW_BUG, detail: firstDifference(f), repro: `clonecheck repro ${relativePath(f.directory)} --target ${f.target}${flagText(flags)}`,
    })),
    ...triaged.regressed.map((r) => ({
      area: /** @type {const} */ ('fuzz'), target: r.target, test: r.bug, status: 'shows again', expected: 'fixed or not on this target', detail: r.why,
      repro: `clonecheck repro ${relativePath(join(options.ledgerDir, `${r.bug}.json`))} --target ${r.target}${flagText(flags)}`,
    })),
    // clonecheck's own failures: no verdict on the target (exit 3), listed so that they get fixed.
    // One with no target is the oracle's (it stalled or threw before any target ran): the case is every target's.
    ...fuzz.document.harnessErrors.map((/** @type {any} */ e) => ({
      area: /** @type {const} */ ('harness'), target: e.target ?? 'the oracle', test: `case ${e.case}`, status: 'harness error', expected: 'none', detail: oneLine(e.error),
      repro: `clonecheck fuzz ${(e.target === undefined ? targets.map((t) => t.name) : [e.target]).map((name) => `--target ${name}`).join(' ')}${flagText(flags)} --seed ${options.seed} --runs ${e.case + 1}`,
    })),
  ];
  return {
    schemaVersion: GATE_SCHEMA_VERSION,
    command: 'gate',
    verdict: fuzz.document.harnessErrors.length > 0 ? 'no verdict' : unexpected.length === 0 ? 'pass' : 'fail',
    elapsedMs: Math.round(performance.now() - started),
    inputs: {
      targets: targets.map((t) => t.name), conformTargets, runtimes: options.runtimeFlags, browsers: options.browserFlags,
      seed: options.seed, runs: options.runs, expectations: options.expectationsDir, ledger: options.ledgerDir, regressions: options.regressionsDir,
    },
    conform: {
      file: join(out, 'conform.json'),
      targets: conform.document.targets.map((/** @type {any} */ t) => ({ name: t.name, version: t.version, counts: t.counts })),
    },
    regressions,
    bugs: triageDocument(triaged),
    fuzz: {
      file: join(out, 'fuzz.json'),
      cases: fuzz.document.cases,
      casesPerSecond: fuzz.document.casesPerSecond,
      targets: fuzz.document.targets.map((/** @type {any} */ t) => ({ name: t.name, version: t.version, verdicts: t.verdicts })),
      findings: findings.map((f) => ({
        signature: f.signature, target: f.target, verdict: f.verdict, category: f.category, bug: f.bug, known: f.known,
        minimized: f.minimized === true, directory: f.directory, reproFile: f.reproFile, diff: f.diff.slice(0, 5),
      })),
    },
    unexpected: unexpected.sort((a, b) => (`${a.area}\n${a.target}\n${a.test}` < `${b.area}\n${b.target}\n${b.test}` ? -1 : 1)),
  };
}

/** Ctrl-C stopped the gate between its parts: it has no verdict (a part cut short would give a partial one). */
class InterruptedError extends Error {}

/** @param {{interrupted: () => boolean}} options */
function stopIfInterrupted({ interrupted }) {
  if (interrupted()) throw new InterruptedError('interrupted (Ctrl-C): the gate has no verdict');
}

/**
 * The regressions of the gate's targets replayed: a target's own bug must
 * still show the same way (`same`: a fix or a change fails, as in
 * test/regressions.test.js, until the file is updated); the reference's must pass.
 * @param {GateOptions} options @param {string[]} flags
 */
async function replayRegressions({ targets, regressionsDir, timeoutMs, out }, flags) {
  const byName = new Map(targets.map((t) => [t.name, t]));
  const results = [];
  for (const { file, regression } of loadRegressions(regressionsDir)) {
    const target = byName.get(regression.target);
    if (target === undefined) continue;
    const [verdict] = await replayProgram(regression.program, [target], { timeoutMs });
    const expected = regression.target.startsWith('ref:') ? 'pass' : 'same';
    let status = verdict.verdict;
    if (status === 'deviation') status = bugSignature(regression.target, verdict) === regression.signature ? 'same' : 'changed';
    else if (status === 'pass' && expected === 'same') status = 'fixed';
    // The program where `clonecheck repro` takes it.
    const directory = join(out, 'regressions', regression.signature);
    mkdirSync(directory, { recursive: true });
    writeFileSync(join(directory, 'program.json'), `${JSON.stringify(regression.program, null, 2)}\n`);
    const detail = status === 'fixed' ? `no longer deviates: fixed? update or delete ${relativePath(file)}`
      : status === 'changed' ? `deviates another way: ${firstDifference({ diff: verdict.differences ?? [] })}` : verdict.detail ?? '';
    results.push({
      signature: regression.signature, target: regression.target, file, status, expected, detail,
      repro: `clonecheck repro ${relativePath(directory)} --target ${regression.target}${flagText(flags)}`,
    });
  }
  return results;
}

/**
 * Each unexpected file status or subtest result of a conform results document.
 * @param {any} document docs/conform.md#the-results-document @param {string[]} flags
 * @returns {Unexpected[]}
 */
function conformUnexpected(document, flags) {
  /** @type {Unexpected[]} */
  const list = [];
  for (const target of document.targets) {
    for (const file of target.files) {
      const path = relativePath(join(SUITE_DIR, file.id.replace(/\?.*$/, '')));
      const repro = `clonecheck conform ${path} --target ${target.name}${flagText(flags)}`;
      if (file.unexpected) list.push({ area: 'conform', target: target.name, test: file.id, status: file.status, expected: file.expected, detail: oneLine(file.message), repro });
      for (const s of file.subtests) {
        if (s.unexpected) list.push({ area: 'conform', target: target.name, test: `${file.id} › ${s.name}`, status: s.status, expected: s.expected, detail: oneLine(s.message), repro });
      }
    }
  }
  return list;
}

/** @param {{diff: {path: string, category: string, expected: unknown, actual: unknown}[], detail?: string}} finding */
function firstDifference({ diff, detail }) {
  const [d] = diff;
  return d === undefined ? oneLine(detail) : `${d.path} ${d.category}: expected ${JSON.stringify(d.expected)}, actual ${JSON.stringify(d.actual)}`;
}

/** @param {string | null | undefined} text */
const oneLine = (text) => (text ?? '').replace(/\s*\n\s*/g, ' ').slice(0, 300);
/** @param {string[]} flags  --runtime and --browser, for a repro command @returns {string} */
export const flagText = (flags) => (flags.length === 0 ? '' : ` ${flags.join(' ')}`);
/** @param {string} path @returns {string} as a user types it: relative to where the command runs when below it, else absolute */
export const relativePath = (path) => {
  const below = relative(process.cwd(), path);
  return below === '' ? '.' : below.startsWith('..') ? path : below;
};
