// The snippet of each open ledger entry, as `clonecheck report` prints it,
// run where it claims to fail (issue 34 item 2: a runnable test for every
// open bug). Each entry's program is replayed on the target it was found on
// (the pinned runtime), the snippet made from that replay (report.js does
// the same), and snippet-run.js runs it there and with the reference.

import { replayPrograms } from '../findings/replay.js';
import { verifySnippet, verifyStallSnippet } from '../findings/snippet-run.js';
import { resolveTarget } from '../targets/catalog.js';

/** Families whose snippets run as a file in a runtime here; the browsers' and QuickJS-ng's do not (see the test). */
export const SNIPPET_RUNTIMES = ['node', 'bun', 'deno'];

/**
 * @typedef {object} EntrySnippet
 * @property {import('./ledger.js').Bug} bug
 * @property {import('../findings/snippet-run.js').SnippetVerdict | {status: 'not-replayed' | 'no-deviation', reason: string}} result
 * @property {any} [verdict]  the replay's, where it deviates (its differences say what a snippet has to show)
 */

/**
 * @param {import('./ledger.js').Bug[]} bugs  the entries to check (their foundOn targets are resolved, not installed)
 * @param {string} dir  a folder inside this checkout for the snippet files
 * @param {{timeoutMs: number, parallel?: number}} options  `parallel`: snippets run at once
 * @returns {Promise<EntrySnippet[]>} in the bugs' order
 */
export async function ledgerSnippets(bugs, dir, { timeoutMs, parallel = 2 }) {
  /** @type {Map<string, import('./ledger.js').Bug[]>} */
  const byTarget = new Map();
  for (const bug of bugs) byTarget.set(bug.foundOn, [...(byTarget.get(bug.foundOn) ?? []), bug]);
  /** @type {Map<import('./ledger.js').Bug, EntrySnippet>} */
  const results = new Map();
  /** @type {(() => Promise<void>)[]} */
  const runs = [];
  for (const [name, onTarget] of byTarget) {
    const target = await resolveTarget(name, { install: false });
    // One host for all of this target's programs; each program undoes its realm steps (judge.js).
    const verdicts = await replayPrograms(onTarget.map((bug) => bug.program), [target], { timeoutMs });
    onTarget.forEach((bug, index) => {
      const [verdict] = verdicts[index];
      const file = bug.id.replace('/', '.');
      if (verdict?.verdict === 'crash' || verdict?.verdict === 'timeout') {
        const stall = { program: bug.program, target, verdict: verdict.verdict, detail: verdict.detail };
        runs.push(async () => { results.set(bug, { bug, verdict, result: await verifyStallSnippet(stall, dir, file) }); });
        return;
      }
      if (verdict?.verdict !== 'deviation') {
        results.set(bug, { bug, result: { status: 'no-deviation', reason: `${name} gives ${verdict?.verdict}: ${verdict?.error ?? verdict?.detail ?? ''}`.trim() } });
        return;
      }
      const finding = { program: verdict.program, target, differences: verdict.differences, expected: verdict.expected, actual: verdict.actual };
      runs.push(async () => { results.set(bug, { bug, verdict, result: await verifySnippet(finding, dir, file) }); });
    });
  }
  await Promise.all(Array.from({ length: parallel }, async () => {
    for (let next = runs.shift(); next !== undefined; next = runs.shift()) await next();
  }));
  return bugs.map((bug) => results.get(bug) ?? { bug, result: { status: 'not-replayed', reason: 'no verdict' } });
}
