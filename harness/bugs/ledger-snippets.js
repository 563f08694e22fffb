// The snippet of each open ledger entry, as `clonecheck report` prints it,
// run where it claims to fail (issue 34 item 2: a runnable test for every
// open bug). Each entry's program is replayed on the target it was found on
// (the pinned runtime), the snippet made from that replay (report.js does
// the same), and snippet-run.js runs it there and with the reference. A
// browser's entry gets its test in WPT's form (snippet-wpt.js), which
// `clonecheck conform` runs in that browser and with the reference.

import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { replayPrograms } from '../findings/replay.js';
import { wptTestFor } from '../findings/snippet-wpt.js';
import { verifySnippet, verifyStallSnippet } from '../findings/snippet-run.js';
import { resolveTarget } from '../targets/catalog.js';
import { FAMILIES, browserFamilyNames } from '../../portable/families/index.js';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('../cli.js', import.meta.url));

/** Families whose snippets run as a file in a runtime here (a `runCommand`, or QuickJS-ng's `snippetCommand`: the stock qjs); the browsers' do not (see the test). */
export const SNIPPET_RUNTIMES = FAMILIES.filter((family) => family.runCommand !== undefined || family.snippetCommand !== undefined).map((family) => family.name);

/**
 * @typedef {object} EntrySnippet
 * @property {import('./ledger.js').Bug} bug
 * @property {import('../findings/snippet-run.js').SnippetVerdict | WptTestVerdict | {status: 'not-replayed' | 'no-deviation', reason: string}} result
 * @property {any} [verdict]  the replay's, where it deviates (its differences say what a snippet has to show)
 */

/**
 * A browser entry's WPT-form test, run (`ledgerWptTests`).
 * @typedef {object} WptTestVerdict
 * @property {'verified' | 'wrong'} status  'verified': it fails on the browser and some other conform target passes it
 * @property {string} source  the test
 * @property {{status: string, message: string | null} | undefined} target  the subtest's status and message on the browser
 * @property {string[]} passes  the conform targets that pass it
 */

/**
 * @param {import('./ledger.js').Bug[]} bugs  the entries to check (their foundOn targets are resolved, not installed)
 * @param {string} dir  a folder inside this checkout for the snippet files
 * @param {{timeoutMs: number, parallel?: number}} options  `parallel`: snippets run at once
 * @returns {Promise<EntrySnippet[]>} in the bugs' order
 */
export async function ledgerSnippets(bugs, dir, { timeoutMs, parallel = 2 }) {
  /** @type {Map<import('./ledger.js').Bug, EntrySnippet>} */
  const results = new Map();
  /** @type {(() => Promise<void>)[]} */
  const runs = [];
  for (const { bug, target, verdict } of await replayedOnTargets(bugs, timeoutMs)) {
    const file = bug.id.replace('/', '.');
    if (verdict?.verdict === 'crash' || verdict?.verdict === 'timeout') {
      const stall = { program: bug.program, target, verdict: verdict.verdict, detail: verdict.detail };
      runs.push(async () => { results.set(bug, { bug, verdict, result: await verifyStallSnippet(stall, dir, file) }); });
    } else if (verdict?.verdict !== 'deviation') {
      results.set(bug, { bug, result: notDeviating(target, verdict) });
    } else {
      const finding = { program: verdict.program, target, differences: verdict.differences, expected: verdict.expected, actual: verdict.actual };
      runs.push(async () => { results.set(bug, { bug, verdict, result: await verifySnippet(finding, dir, file) }); });
    }
  }
  await Promise.all(Array.from({ length: parallel }, async () => {
    for (let next = runs.shift(); next !== undefined; next = runs.shift()) await next();
  }));
  return bugs.map((bug) => results.get(bug) ?? { bug, result: { status: 'not-replayed', reason: 'no verdict' } });
}

/**
 * The browsers' entries: each deviation's WPT-form test (snippet-wpt.js),
 * written as `<engine>.<slug>.any.js`, run by `clonecheck conform` in the
 * browser it was found in, where its one test must FAIL, and in the other
 * browsers and with the reference (ref:spec), one of which must PASS it
 * (the reference runs in this Node: it has no DataTransfer for a FileList,
 * Node 20 no ArrayBuffer.prototype.detached); a test none of them passes
 * runs once more with the reference in a browser's page (ref:spec@chromium).
 * @param {import('./ledger.js').Bug[]} bugs  entries found on a browser
 * @param {string} dir  a folder inside this checkout for the test files
 * @param {{timeoutMs: number}} options
 * @returns {Promise<EntrySnippet[]>} in the bugs' order; a result's `target` is the subtest's status and message there,
 *   `passes` the conform targets that pass it. The replays' browsers stay open: the caller ends them
 *   (browsers/shutdown.js, as cli.js does after a command).
 */
export async function ledgerWptTests(bugs, dir, { timeoutMs }) {
  /** @type {Map<import('./ledger.js').Bug, EntrySnippet>} */
  const results = new Map();
  /** @type {Map<string, {bug: import('./ledger.js').Bug, file: string, source: string}[]>} the tests by the browser that fails them */
  const byBrowser = new Map();
  for (const { bug, target, verdict } of await replayedOnTargets(bugs, timeoutMs)) {
    if (verdict?.verdict !== 'deviation') {
      results.set(bug, { bug, result: verdict?.verdict === 'crash' || verdict?.verdict === 'timeout'
        ? { status: 'none', reason: `a ${verdict.verdict} of the page: no testharness.js test reports it` } : notDeviating(target, verdict) });
      continue;
    }
    const finding = { program: verdict.program, target, differences: verdict.differences, expected: verdict.expected, actual: verdict.actual };
    const test = wptTestFor(finding, bug.title);
    if ('reason' in test) {
      results.set(bug, { bug, verdict, result: { status: 'none', reason: test.reason } });
      continue;
    }
    const file = join(dir, `${bug.id.replace('/', '.')}.any.js`);
    writeFileSync(file, test.source);
    const browser = /** @type {string} */ (target.runtime?.name);
    byBrowser.set(browser, [...(byBrowser.get(browser) ?? []), { bug, file, source: test.source }]);
  }
  const files = [...byBrowser.values()].flat().map(({ file }) => file);
  /** @type {Map<string, Map<string, {status: string, message: string | null}>>} each file's result, by conform target */
  const ran = new Map();
  for (const target of [...browserFamilyNames, 'ref:spec']) ran.set(target, await conformResults(target, files, dir, timeoutMs));
  // A test no other browser passes and the reference cannot run in Node (a FileList needs a DataTransfer):
  // the reference again, as the structuredClone of a browser's page.
  const failedByAll = [...byBrowser].flatMap(([browser, onBrowser]) => onBrowser.map(({ file }) => file)
    .filter((file) => ![...ran].some(([target, byFile]) => target !== browser && byFile.get(file)?.status === 'PASS')));
  const inPage = `ref:spec@${browserFamilyNames[0]}`;
  if (failedByAll.length > 0) ran.set(inPage, await conformResults(inPage, failedByAll, dir, timeoutMs));
  for (const [browser, onBrowser] of byBrowser) {
    for (const { bug, file, source } of onBrowser) {
      const there = ran.get(browser)?.get(file);
      const passing = [...ran].filter(([target, byFile]) => target !== browser && byFile.get(file)?.status === 'PASS').map(([target]) => target);
      const verified = there?.status === 'FAIL' && passing.length > 0;
      results.set(bug, { bug, result: { status: verified ? 'verified' : 'wrong', source, target: there, passes: passing } });
    }
  }
  return bugs.map((bug) => results.get(bug) ?? { bug, result: { status: 'not-replayed', reason: 'no verdict' } });
}

/**
 * Each test file's one subtest, run by `clonecheck conform` on a target.
 * @param {string} target  a conform target: a browser, or ref:spec
 * @param {string[]} files
 * @param {string} dir  where its JSON goes
 * @param {number} timeoutMs  testharness.js's per file
 * @returns {Promise<Map<string, {status: string, message: string | null}>>} by file; a file whose harness failed has its status
 */
async function conformResults(target, files, dir, timeoutMs) {
  const json = join(dir, `${target.replace(/\W/g, '-')}.json`);
  // Exit 1 when a result is unexpected: every failing test is, none being listed in expectations.
  await run(process.execPath, [CLI, 'conform', '--target', target, '--timeout', String(timeoutMs), '--json', json, ...files], { encoding: 'utf8' })
    .catch((/** @type {{code?: number}} */ error) => { if (error.code !== 1) throw error; });
  const [ran] = JSON.parse(readFileSync(json, 'utf8')).targets;
  return new Map(ran.files.map((/** @type {any} */ file) => [file.id, file.subtests.length === 1
    ? { status: file.subtests[0].status, message: file.subtests[0].message }
    : { status: file.status, message: file.message }]));
}

/**
 * The entries, each replayed on the target it was found on.
 * @param {import('./ledger.js').Bug[]} bugs
 * @param {number} timeoutMs
 * @returns {Promise<{bug: import('./ledger.js').Bug, target: import('../targets/catalog.js').TargetSpec, verdict: any}[]>}
 */
async function replayedOnTargets(bugs, timeoutMs) {
  /** @type {Map<string, import('./ledger.js').Bug[]>} */
  const byTarget = new Map();
  for (const bug of bugs) byTarget.set(bug.foundOn, [...(byTarget.get(bug.foundOn) ?? []), bug]);
  const replayed = [];
  for (const [name, onTarget] of byTarget) {
    const target = await resolveTarget(name, { install: false });
    // One host for all of this target's programs; each program undoes its realm steps (case.js).
    const verdicts = await replayPrograms(onTarget.map((bug) => bug.program), [target], { timeoutMs });
    replayed.push(...onTarget.map((bug, index) => ({ bug, target, verdict: verdicts[index][0] })));
  }
  return replayed;
}

/** @param {import('../targets/catalog.js').TargetSpec} target @param {any} verdict @returns {{status: 'no-deviation', reason: string}} */
function notDeviating(target, verdict) {
  return { status: 'no-deviation', reason: `${target.name} gives ${verdict?.verdict}: ${verdict?.error ?? verdict?.detail ?? ''}`.trim() };
}
