// `clonecheck gate [--target T …]`: the pre-merge gate (harness/gate/gate.js,
// docs/gate.md). Prints what regressed, each with its repro command; exit 0
// when nothing is unexpected, 1 otherwise, 2 on bad input, 3 when the gate
// could not give a verdict (a clonecheck bug, or past --budget).

import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { xml } from '../conform/report.js';
import { REGRESSIONS_DIR } from '../findings/regressions.js';
import { BudgetError, interruptChildren } from '../gate/children.js';
import { NO_NEW_BUG, SHRUNK_TO_A_KNOWN_BUG, runGate } from '../gate/gate.js';
import { interrupts } from './common.js';
import { LEDGER_DIR, readLedger } from '../bugs/ledger.js';
import { updateLedger } from '../bugs/ledger-update.js';
import { EXIT } from '../errors.js';
import { count } from '../count.js';
import { EXPECTATIONS_DIR } from '../conform/files.js';
import { targetsFromNames } from '../targets/named.js';

/** The targets when none is named: the reference's tiers and this Node. */
export const GATE_DEFAULT_TARGETS = ['ref:tiers', 'node:clone'];

/**
 * @param {{target?: string[], runtime?: string[], browser?: string[], expectations?: string, ledger?: string, regressions?: string,
 *   updateLedger?: boolean, budget: number, seed: number, runs: number, workers: number, timeout: number, out: string,
 *   junit?: string, json?: string}} raw commander's options (options.js)
 * @param {{log?: (line: string) => void}} [io]
 */
export async function gateCommand(raw, io = {}) {
  const log = io.log ?? ((line) => process.stderr.write(`${line}\n`));
  const ledgerDir = resolve(raw.ledger ?? LEDGER_DIR);
  // Read first: a ledger file that is not a bug is a usage error before anything runs.
  const bugs = readLedger(ledgerDir);
  const targets = await targetsFromNames(raw.target ?? GATE_DEFAULT_TARGETS, raw.runtime, raw.browser);
  log(`clonecheck gate on ${targets.map((t) => t.name).join(', ')}: conformance, regressions, fuzz smoke (seed ${raw.seed}, ${count.format(raw.runs)} cases); `
    + `budget ${raw.budget} s`);
  // Ctrl-C or SIGTERM: the part running is told (a conform or fuzz child runs in a process group of its own, which a
  // terminal's Ctrl-C does not reach: without this the gate died and left it running, with its browsers).
  const ctrlC = interrupts(['stopping: the part running wraps up, and the gate ends with no verdict (Ctrl-C again to quit at once)'],
    () => interruptChildren());
  let document;
  try {
    document = await runGate({
      targets, runtimeFlags: raw.runtime ?? [], browserFlags: raw.browser ?? [],
      expectationsDir: resolve(raw.expectations ?? EXPECTATIONS_DIR), ledgerDir, regressionsDir: resolve(raw.regressions ?? REGRESSIONS_DIR),
      seed: raw.seed, runs: raw.runs, workers: raw.workers, timeoutMs: raw.timeout, out: resolve(raw.out),
      deadline: performance.now() + raw.budget * 1000, interrupted: () => ctrlC.presses > 0, log: (line) => log(`  ${line}`),
    });
  } catch (error) {
    // Whatever a part said once it was told to stop (a child's exit by SIGINT, an unfinished document), there is no verdict.
    if (ctrlC.presses > 0) {
      process.stderr.write('clonecheck: the gate was interrupted: no verdict (what its parts wrote is in --out)\n');
      return EXIT.interrupted;
    }
    if (error instanceof BudgetError) {
      process.stderr.write(`clonecheck: no verdict: ${error.message}\n`);
      return EXIT.infrastructure;
    }
    throw error;
  } finally {
    ctrlC.dispose();
  }
  if (raw.json !== undefined) writeFileSync(raw.json, `${JSON.stringify(document, null, 2)}\n`);
  if (raw.junit !== undefined) writeFileSync(raw.junit, gateJunit(document));
  if (raw.updateLedger) {
    const written = updateLedger(bugs, revive(document.bugs), { directory: ledgerDir, date: new Date().toISOString().slice(0, 10) });
    log(`clonecheck: the ledger (${ledgerDir}): ${written.added.length} bugs added (${written.added.join(', ') || 'none'}), ${written.updated.length} updated`);
    return EXIT.ok;
  }
  process.stdout.write(gateText(document));
  return { pass: EXIT.ok, fail: EXIT.findings }[document.verdict] ?? EXIT.infrastructure;
}

/**
 * A triage as the gate's document holds it (triageDocument), with its sightings as a Map again.
 * @param {any} bugs @returns {import('../bugs/triage.js').Triage}
 */
function revive(bugs) {
  return { ...bugs, sightings: new Map(Object.entries(bugs.sightings)) };
}

/**
 * What the gate prints: what regressed, each with its repro, then a line per part.
 * @param {Awaited<ReturnType<typeof runGate>>} document
 */
export function gateText(document) {
  const lines = [];
  for (const u of document.unexpected) {
    const label = u.expected === NO_NEW_BUG ? 'NEW BUG' : u.expected === SHRUNK_TO_A_KNOWN_BUG ? 'UNCONFIRMED' : 'REGRESSED';
    lines.push(`${label} [${u.area}] ${u.target}  ${u.test}: ${u.status}, expected ${u.expected}${u.detail ? `\n  ${u.detail}` : ''}\n  repro: ${u.repro}`);
  }
  const c = document.conform.targets.reduce((sum, t) => ({ pass: sum.pass + t.counts.pass, unexpected: sum.unexpected + t.counts.unexpected }), { pass: 0, unexpected: 0 });
  const r = document.regressions;
  const f = document.fuzz;
  lines.push(
    `conform: ${document.conform.targets.length} targets, ${count.format(c.pass)} subtests pass, ${c.unexpected} unexpected`,
    `regressions: ${r.length} replayed, ${r.filter((x) => x.status !== x.expected).length} unexpected`,
    `fuzz smoke: ${count.format(f.cases)} cases, ${f.findings.length} findings: ${document.bugs.known.length} known bugs, ${document.bugs.new.length} new, `
      + `${(document.bugs.unconfirmed ?? []).length > 0 ? `${document.bugs.unconfirmed.length} unconfirmed (not shrunk), ` : ''}`
      + `${document.bugs.regressed.length} regressed${document.bugs.unreproduced.length > 0 ? `, ${document.bugs.unreproduced.length} findings did not show again` : ''}`,
    `gate: ${document.verdict.toUpperCase()}, ${document.unexpected.length} unexpected, ${(document.elapsedMs / 1000).toFixed(1)} s`,
  );
  return `${lines.join('\n')}\n`;
}

/**
 * JUnit XML: a testsuite per part; conform a testcase per target, a regression or a fuzz finding one each;
 * an unexpected result is a <failure> with its repro command.
 * @param {Awaited<ReturnType<typeof runGate>>} document
 */
export function gateJunit(document) {
  const suites = [];
  /** @param {string} name @param {{classname: string, name: string, failure?: string}[]} cases */
  const suite = (name, cases) => {
    const failures = cases.filter((c) => c.failure !== undefined).length;
    suites.push(`  <testsuite name="gate ${xml(name)}" tests="${cases.length}" failures="${failures}">\n${cases.map((c) => `    <testcase classname="${xml(c.classname)}" name="${xml(c.name)}">`
      + `${c.failure === undefined ? '' : `<failure message="${xml(c.failure)}"/>`}</testcase>`).join('\n')}\n  </testsuite>`);
  };
  const failureOf = (/** @type {string} */ area, /** @type {string} */ target, /** @type {(u: any) => boolean} */ match) => {
    const found = document.unexpected.filter((u) => u.area === area && u.target === target && match(u));
    return found.length === 0 ? undefined : found.map((u) => `${u.test}: ${u.status} (expected ${u.expected}) ${u.detail}; repro: ${u.repro}`).join('\n');
  };
  suite('conform', document.conform.targets.map((t) => ({ classname: `${t.name}.conform`, name: t.version, failure: failureOf('conform', t.name, () => true) })));
  suite('regressions', document.regressions.map((r) => ({ classname: `${r.target}.regressions`, name: r.signature, failure: failureOf('regression', r.target, (u) => u.test === r.signature) })));
  suite('fuzz', document.fuzz.findings.map((f) => ({ classname: `${f.target}.fuzz`, name: f.signature, failure: failureOf('fuzz', f.target, (u) => u.test === f.signature) })));
  const total = document.conform.targets.length + document.regressions.length + document.fuzz.findings.length;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="clonecheck gate" tests="${total}" failures="${document.unexpected.length}">\n${suites.join('\n')}\n</testsuites>\n`;
}
