// `clonecheck report BUG [--for TRACKER] [--ledger DIR] [--out FILE] [--no-replay] [--end-of-life]`:
// the text of an upstream issue for one bug of the ledger, in markdown, on
// stdout (or --out): the title on the first line, the body after a blank
// line. It replays the bug's program on the newest version it showed on
// that its makers still support and that is installed here (the target it
// was found on, when the ledger saw it nowhere else; the snippet and what it
// prints come from that replay) and, unless --no-replay, on the other
// engines here. A bug seen only on end-of-life versions gets no text (exit
// 2) unless --end-of-life. Nothing is sent anywhere: where to file it is
// printed on stderr.

import { existsSync, writeFileSync } from 'node:fs';
import { machine, release, type } from 'node:os';
import { relative, resolve } from 'node:path';
import { available, otherEngineTargets, replayEach } from '../bugs/elsewhere.js';
import { LEDGER_DIR, findBug, implementationOf, readLedger } from '../bugs/ledger.js';
import { reportText } from '../bugs/report.js';
import { trackerOf } from '../bugs/trackers.js';
import { endOfLifeLine, reportTargets } from '../bugs/supported.js';
import { displayName } from '../bugs/triage.js';
import { EXIT, UsageError } from '../errors.js';
import { targetsFromNames } from '../targets/named.js';

/**
 * @param {string} wanted  a bug's id or the end of it (ledger.js findBug)
 * @param {{for?: string, ledger: string, out?: string, replay: boolean, endOfLife?: boolean, timeout: number}} raw  commander's options (options.js)
 */
export async function reportCommand(wanted, raw) {
  const ledger = resolve(raw.ledger);
  if (!existsSync(ledger)) throw new UsageError(`--ledger ${raw.ledger}: no such folder; give the bug ledger's folder (default: corpus/bugs)`);
  const bug = findBug(readLedger(ledger), wanted);
  const tracker = trackerOf(raw.for ?? bug.implementation);
  const date = new Date().toISOString().slice(0, 10);
  // The newest supported version it showed on is the one the issue is about (supported.js); a bug seen only on
  // versions past their support is proposed for no report, unless --end-of-life asks for its text anyway (then
  // replayed on the target it was found on).
  const where = reportTargets(bug, date);
  if ('endOfLife' in where && bug.status !== 'fixed' && !raw.endOfLife) {
    throw new UsageError(`${endOfLifeLine(bug, where.endOfLife, date)}; --end-of-life writes it anyway`);
  }
  const replayed = await replayTarget('targets' in where ? where.targets : [bug.foundOn]);
  const [found] = await replayEach(bug.program, [replayed], raw.timeout);
  const others = raw.replay ? await replayEach(bug.program, await otherEngineTargets(replayed.name), raw.timeout) : null;
  const { title, body } = reportText({
    bug, tracker, found, others, date,
    platform: `${type()} ${release()} ${machine()}`,
    repro: `clonecheck repro ${shownPath(ledger, `${bug.id}.json`)}`,
  });
  // Said before the text, so that it does not end up in the middle of what a person copies from a terminal.
  // A bug already reported upstream is said first: the text below is then for a comment there, not a new issue.
  // A fixed one (bisect --fix --update, triage --update) is not proposed for filing at all: the text is for the record.
  // One seen only on end-of-life versions, written because --end-of-life asked, says so before where it would go.
  process.stderr.write(`${bug.upstream === null ? '' : `clonecheck: already reported as ${bug.upstream.url} (${bug.upstream.state})\n`}`
    + ('endOfLife' in where && bug.status !== 'fixed' ? `clonecheck: ${endOfLifeLine(bug, where.endOfLife, date)}; written as --end-of-life asks\n` : '')
    + (bug.status === 'fixed' ? `clonecheck: fixed in ${fixedName(bug)}: nothing to file; not sent anywhere\n`
      : `clonecheck: not sent anywhere${tracker.file === '' ? '' : `; file it at ${tracker.file}`}\n`));
  const text = `${title}\n\n${body.trimEnd()}\n`;
  if (raw.out === undefined) process.stdout.write(text);
  else writeFileSync(raw.out, text);
  return EXIT.ok;
}

/**
 * The newest of the versions a report may be about that is here already: a release `nightly --latest` met (node@26.12.1)
 * is not downloaded for a report while a pinned one it showed on is installed; none here, the newest is installed.
 * @param {string[]} names  reportTargets', the best first
 * @returns {Promise<import('../targets/catalog.js').TargetSpec>}
 */
async function replayTarget(names) {
  for (const name of names) {
    const target = await available(name);
    if (target === null) continue;
    if (name !== names[0]) process.stderr.write(`clonecheck: replayed on ${name}, the newest version it showed on that is here (${names[0]} is not installed)\n`);
    return target;
  }
  return (await targetsFromNames([names[0]]))[0];
}

/**
 * The bug file as a reader of the issue finds it: in a clonecheck checkout
 * (corpus/bugs/…) for the checked-in ledger, else as the user named it.
 * @param {string} ledger @param {string} file within it
 */
function shownPath(ledger, file) {
  if (ledger === resolve(LEDGER_DIR)) return `corpus/bugs/${file}`;
  const path = relative(process.cwd(), resolve(ledger, file));
  return path.startsWith('..') ? resolve(ledger, file) : path;
}

/**
 * @param {import('../bugs/ledger.js').Bug} bug  a fixed one
 * @returns {string} `Bun 1.4.0 (the last bad 1.3.14)`, as far as the ledger knows it
 */
function fixedName(bug) {
  const fix = bug.versions?.fixed;
  const lastBad = fix?.firstGood === bug.fixedIn && fix.lastBad !== null ? ` (the last bad ${fix.lastBad})` : '';
  return `${displayName(implementationOf(bug.foundOn))} ${bug.fixedIn}${lastBad}`;
}
