// `clonecheck bugs [--engine E] [--status S] [--severity W] [--upstream known|unknown] [--searched yes|no]
// [--text T] [--json] [--check]`: the ledger, one line per cause, the most
// severe open ones first, filtered (harness/bugs/listing.js); with --check,
// every open or pending cause's program replayed on the target it was found
// on (at the version pinned there; one that does not show, alone and again),
// a decoder's bug's decode case alike (harness/decode/ledger-case.js),
// saying which no longer show; with --shrink, each cause's program shrunk
// again there and written back where it is smaller and still shows its root
// (docs/bugs.md#listing-the-ledger, docs/bugs.md#shrinking-the-ledger).

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { implementationOf, readDecodeBugs, readLedger } from '../bugs/ledger.js';
import { countsLine, countsOf, filterOf, homePrograms, isLive, listBugs, rowLine } from '../bugs/listing.js';
import { replayOnTargets } from '../bugs/replay.js';
import { homesToShrink, replaceProgram, reshrinkProgram } from '../bugs/reshrink.js';
import { showsRoot, shownByDecoding } from '../bugs/root.js';
import { decodeTargetNamed, replayDecodeCase } from '../decode/ledger-case.js';
import { EXIT, UsageError } from '../errors.js';
import { interrupts } from './common.js';

/**
 * @typedef {object} Check  one program of a cause replayed on its home target
 * @property {string} bug  its id
 * @property {string} target  the program's foundOn
 * @property {string | null} version  the runtime's, as the replay said it
 * @property {'shows' | 'gone' | 'other' | 'unchecked'} verdict  its root; a pass; another root (or a crash, a hang); no verdict
 * @property {string} detail  what it showed instead, or why it was not judged
 */

/**
 * @param {{ledger: string, engine?: string[], status?: string[], severity?: string[], upstream?: string, searched?: string,
 *   text?: string, json?: boolean, check?: boolean, shrink?: boolean, shrinkTime: number, shrinkBatch: number, timeout: number, tries: number}} raw
 *   commander's options
 */
export async function bugsCommand(raw) {
  const directory = resolve(raw.ledger);
  if (!existsSync(directory)) throw new UsageError(`--ledger ${raw.ledger}: no such folder; give the bug ledger's folder (default: corpus/bugs)`);
  // The decoders' bugs too (clonecheck decode names its findings by them), marked [decoder].
  const all = [...readLedger(directory), ...readDecodeBugs(directory)];
  const filter = filterOf(raw, all);
  const rows = listBugs(all, filter);
  if (raw.check && raw.shrink) throw new UsageError('--check and --shrink: give one (--shrink replays each program before shrinking it)');
  if (raw.check) return checkCommand(rows, directory, raw);
  if (raw.shrink) return shrinkCommand(rows, directory, raw, filter.engines ?? []);
  if (raw.json) {
    const listed = rows.map(({ bug, severity }) => ({
      id: bug.id, title: bug.title, implementation: bug.implementation, status: bug.status, fixedIn: bug.fixedIn, pending: bug.pending,
      severity: { kind: severity.kind, pollution: severity.pollution, endOfLife: severity.endOfLife, label: severity.label },
      upstream: bug.upstream, searched: bug.searched ?? null, foundOn: bug.foundOn, aliases: bug.aliases ?? [], decoder: bug.decode !== undefined,
    }));
    process.stdout.write(`${JSON.stringify({ ledger: directory, total: all.length, counts: countsOf(rows), bugs: listed }, null, 2)}\n`);
    return EXIT.ok;
  }
  for (const row of rows) process.stdout.write(`${rowLine(row)}\n`);
  process.stdout.write(`${countsLine(rows, all.length, directory)}\n`);
  return EXIT.ok;
}

/** How a check's line starts. */
const CHECK_LABELS = { shows: 'shows      ', gone: 'GONE       ', other: 'OTHER      ', unchecked: 'unchecked  ' };

/**
 * --check: the open and pending causes of the listing, each home program on its home target, one host start per
 * target; a decoder's bug's case on its target, as `clonecheck decode --replay` replays it.
 * @param {import('../bugs/listing.js').Row[]} rows
 * @param {string} directory
 * @param {{json?: boolean, timeout: number, tries: number}} raw
 * @returns {Promise<number>} 1 when one no longer shows its root
 */
async function checkCommand(rows, directory, raw) {
  const started = performance.now();
  const live = rows.filter((row) => isLive(row.bug.status));
  const every = live.flatMap((row) => homePrograms(row.bug).map((home) => ({ row, home })));
  const cells = every.filter((cell) => cell.home.decode === undefined);
  const decodeCells = every.filter((cell) => cell.home.decode !== undefined);
  const replay = replayOnTargets({ timeoutMs: raw.timeout, log: (line) => process.stderr.write(`clonecheck: ${line}\n`) });
  /** @type {Map<CheckCell, Check>} */
  let checks;
  try {
    checks = await checkPrograms(cells, replay, raw.tries);
  } finally {
    await replay.close();
  }
  for (const cell of decodeCells) checks.set(cell, { bug: cell.row.bug.id, target: cell.home.foundOn, ...await checkDecodeCase(cell.home, raw) });
  const checked = [...cells, ...decodeCells];
  const results = checked.map((cell) => /** @type {Check} */ (checks.get(cell)));
  const seconds = (performance.now() - started) / 1000;
  const count = (/** @type {Check['verdict']} */ verdict) => results.filter((c) => c.verdict === verdict).length;
  if (raw.json) {
    process.stdout.write(`${JSON.stringify({ ledger: directory, checked: results, seconds }, null, 2)}\n`);
  } else {
    checked.forEach((cell, i) => {
      const c = results[i];
      process.stdout.write(`${CHECK_LABELS[c.verdict]}${c.bug}  ${cell.row.bug.title}  on ${c.target}${c.version === null ? '' : ` ${c.version}`}`
        + `${c.detail === '' ? '' : `: ${c.detail}`}\n`);
    });
    process.stdout.write(`${cells.length} programs${decodeCells.length > 0 ? ` and ${decodeCells.length} decode cases` : ''} of ${live.length} open or pending causes `
      + `replayed on ${new Set(checked.map((c) => c.home.foundOn)).size} targets `
      + `in ${seconds.toFixed(1)} s: ${count('shows')} show, ${count('gone')} no longer show, ${count('other')} show something else, ${count('unchecked')} not checked\n`);
  }
  return count('gone') + count('other') > 0 ? EXIT.findings : EXIT.ok;
}

/**
 * @typedef {{row: import('../bugs/listing.js').Row, home: import('../bugs/ledger.js').Case}} CheckCell  a cause's program on its home target
 * @param {CheckCell[]} cells @param {import('../bugs/triage.js').Replay} replay @param {number} tries
 * @returns {Promise<Map<CheckCell, Check>>}
 */
async function checkPrograms(cells, replay, tries) {
  /** @type {Map<CheckCell, Check>} */
  const checks = new Map();
  for (const target of [...new Set(cells.map((cell) => cell.home.foundOn))]) {
    const here = cells.filter((cell) => cell.home.foundOn === target);
    /** @type {(cell: CheckCell, c: Omit<Check, 'bug' | 'target'>) => void} */
    const record = (cell, c) => { checks.set(cell, { bug: cell.row.bug.id, target, ...c }); };
    try {
      const { shown, versions } = await replay(here.map((cell) => cell.home.program), [target]);
      for (const [i, cell] of here.entries()) {
        let check = judged(shown[i][0], cell.home.root, versions[0]);
        // A program that does not show its root among the others is replayed alone, --tries times, before it is
        // called gone or other: a flaky bug shows in some replays only (Deno's read of Object.prototype.then while
        // delivering to a worker: 5 of 6 fresh repros here, and once not in a whole --check).
        if (check.verdict === 'gone' || check.verdict === 'other') {
          const alone = await replay(Array.from({ length: tries }, () => cell.home.program), [target], { fresh: true });
          const again = alone.shown.map(([shown]) => judged(shown, cell.home.root, alone.versions[0]));
          check = again.find((t) => t.verdict === 'shows') ?? again.find((t) => t.verdict === 'other') ?? check;
        }
        record(cell, check);
      }
    } catch (error) {
      // A target that does not start here (a browser not installed, a build that fails) leaves its causes unchecked.
      const why = (error instanceof Error ? error.message : String(error)).split('\n')[0];
      for (const cell of here) if (!checks.has(cell)) record(cell, { version: null, verdict: 'unchecked', detail: why });
    }
  }
  return checks;
}

/**
 * A decoder's bug's case on its home target, judged as a program's check is: replayed again `--tries` times (each in a
 * fresh host) before it is called gone or other.
 * @param {import('../bugs/ledger.js').Case} home @param {{timeout: number, tries: number}} raw
 * @returns {Promise<Omit<Check, 'bug' | 'target'>>}
 */
async function checkDecodeCase(home, raw) {
  const decode = /** @type {import('../decode/ledger-case.js').DecodeCase} */ (home.decode);
  try {
    const target = await decodeTargetNamed(home.foundOn, { timeoutMs: raw.timeout });
    const once = async () => judged(shownByDecoding(await replayDecodeCase(decode, target, raw.timeout)), home.root, target.release ?? null);
    const first = await once();
    if (first.verdict !== 'gone' && first.verdict !== 'other') return first;
    const tries = [];
    for (let i = 0; i < raw.tries; i++) tries.push(await once());
    return tries.find((t) => t.verdict === 'shows') ?? tries.find((t) => t.verdict === 'other') ?? first;
  } catch (error) {
    // A target that does not start here (a runtime not installed, a browser that does not launch) leaves it unchecked.
    return { version: null, verdict: 'unchecked', detail: (error instanceof Error ? error.message : String(error)).split('\n')[0] };
  }
}

/**
 * @param {import('../bugs/root.js').Shown} shown
 * @param {import('../bugs/root.js').Root} root
 * @param {string | null} version
 * @returns {Omit<Check, 'bug' | 'target'>}
 */
function judged(shown, root, version) {
  if (showsRoot(shown, root)) return { version, verdict: 'shows', detail: '' };
  if (shown === 'pass') return { version, verdict: 'gone', detail: 'passes' };
  if (typeof shown === 'object') return { version, verdict: 'other', detail: `shows ${shown.shape} instead of ${root.shape}` };
  return { version, verdict: 'unchecked', detail: shown === 'not-applicable' ? 'the program does not apply on this host' : 'not judged (a harness error)' };
}

/**
 * --shrink: each home program of the listing's open and pending causes (the ones --check replays) shrunk again on
 * its home target, one cause after another, and written into its file as soon as it is smaller and a replay of it
 * alone shows the cause's root (harness/bugs/reshrink.js). A browser's programs are left as they are unless --engine
 * names the browser: a page's start per batch makes a shrink take minutes.
 * @param {import('../bugs/listing.js').Row[]} rows
 * @param {string} directory
 * @param {{json?: boolean, timeout: number, tries: number, shrinkTime: number, shrinkBatch: number}} raw
 * @param {string[]} engines  --engine's
 * @returns {Promise<number>}
 */
async function shrinkCommand(rows, directory, raw, engines) {
  const started = performance.now();
  const live = rows.filter((row) => isLive(row.bug.status) && row.bug.decode === undefined);
  const cells = live.flatMap((row) => homePrograms(row.bug).map((home) => ({ row, home, foundOn: home.foundOn })));
  const { todo, skipped } = homesToShrink(cells, engines);
  let stop = false;
  const presses = interrupts(['stopping after the program being shrunk; the programs written so far are kept (Ctrl-C again to quit at once)'], () => {
    stop = true;
  });
  const replay = replayOnTargets({ timeoutMs: raw.timeout });
  /** @type {any[]} each shrink's line (reshrink.js's Reshrink, or a failure), as shrinkLine prints it */
  const done = [];
  try {
    for (const [i, cell] of todo.entries()) {
      if (stop) break;
      const { bug } = cell.row;
      process.stderr.write(`clonecheck: [${i + 1}/${todo.length}] shrinking ${bug.id} on ${cell.home.foundOn} (up to ${raw.shrinkTime} s)\n`);
      let line;
      try {
        // A program's cause (decoders' are filtered out above): its home has a program.
        const home = /** @type {{program: any, foundOn: string, root: import('../bugs/root.js').Root}} */ (cell.home);
        const shrink = await reshrinkProgram(home, { replay, seconds: raw.shrinkTime, batch: raw.shrinkBatch, tries: raw.tries, stopped: () => stop });
        if (shrink.outcome === 'shrunk') replaceProgram(directory, bug.id, cell.home.program, shrink.program, shrink.root);
        line = { bug: bug.id, target: cell.home.foundOn, ...shrink, program: undefined, root: undefined };
      } catch (error) {
        // A target that does not start here (a runtime not installed, an agent that fails to build).
        line = { bug: bug.id, target: cell.home.foundOn, outcome: 'failed', detail: (error instanceof Error ? error.message : String(error)).split('\n')[0] };
      }
      done.push(line);
      if (!raw.json) process.stdout.write(`${shrinkLine(line)}\n`);
    }
  } finally {
    presses.dispose();
    await replay.close();
  }
  const seconds = (performance.now() - started) / 1000;
  const count = (/** @type {string} */ outcome) => done.filter((d) => d.outcome === outcome).length;
  const shrunk = done.filter((d) => d.outcome === 'shrunk');
  const removed = (/** @type {'objects' | 'steps'} */ part) => shrunk.reduce((sum, d) => sum + d.before[part] - d.after[part], 0);
  if (raw.json) {
    process.stdout.write(`${JSON.stringify({ ledger: directory, shrunk: done, skipped: skipped.map((c) => ({ bug: c.row.bug.id, target: c.home.foundOn })), seconds }, null, 2)}\n`);
  } else {
    for (const cell of skipped) process.stdout.write(`skipped    ${cell.row.bug.id} on ${cell.home.foundOn}: a browser's (--engine ${implementationOf(cell.home.foundOn)} shrinks it)\n`);
    process.stdout.write(`${done.length} of ${todo.length} programs tried in ${seconds.toFixed(1)} s: ${count('shrunk')} shrunk and written `
      + `(${removed('objects')} objects and ${removed('steps')} realm steps removed), ${count('unchanged')} already minimal, `
      + `${count('not-shown')} not showing their root, ${count('not-fresh')} showing it only after other candidates, ${count('failed')} failed`
      + `${skipped.length > 0 ? `; ${skipped.length} browsers' programs skipped` : ''}\n`);
  }
  return stop ? EXIT.interrupted : EXIT.ok;
}

/** What one shrink says, in a line. @param {any} d @returns {string} */
function shrinkLine(d) {
  if (d.outcome === 'failed') return `failed     ${d.bug} on ${d.target}: ${d.detail}`;
  const { before: b, after: a } = d;
  const sizes = `objects ${b.objects} → ${a.objects}, realm steps ${b.steps} → ${a.steps}, ${b.chars} → ${a.chars} chars`;
  const why = { shrunk: 'written', unchanged: 'nothing smaller shows the root', 'not-shown': 'does not show its root now: not shrunk',
    'not-fresh': 'the smallest shows the root only after other candidates: kept as it was' }[/** @type {string} */ (d.outcome)];
  return `${d.outcome.padEnd(10)} ${d.bug} on ${d.target}: ${sizes} (${why}); ${d.replays} replays, ${d.candidates} programs, ${d.seconds.toFixed(1)} s`
    + `${d.localMinimum || d.outcome === 'not-shown' ? '' : ' (time ran out)'}`;
}
