// `clonecheck report BUG [--for TRACKER] [--ledger DIR] [--out FILE] [--no-replay] [--end-of-life]`:
// the text of an upstream issue for one bug of the ledger, in markdown, on
// stdout (or --out): the title on the first line, the body after a blank
// line. It replays the bug's program on the newest version it showed on
// that its makers still support and that is installed here (the target it
// was found on, when the ledger saw it nowhere else; the snippet and what it
// prints come from that replay) and, unless --no-replay, on the other
// engines here; a decoder's bug, its decode case (harness/decode/ledger-case.js).
// A bug seen only on end-of-life versions gets no text (exit 2) unless
// --end-of-life. Nothing is sent anywhere: where to file it is printed on stderr.

import { existsSync, writeFileSync } from 'node:fs';
import { machine, release, type } from 'node:os';
import { relative, resolve } from 'node:path';
import { ENGINES, available, otherEngineTargets, replayEach } from '../bugs/elsewhere.js';
import { LEDGER_DIR, findBug, implementationOf, readAllBugs } from '../bugs/ledger.js';
import { decodeTargetNamed, otherDecoderTargets, replayDecodeCase } from '../decode/ledger-case.js';
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
  const bug = findBug(readAllBugs(ledger), wanted);
  const tracker = trackerOf(raw.for ?? bug.implementation);
  const date = new Date().toISOString().slice(0, 10);
  // The newest supported version it showed on is the one the issue is about (supported.js); a bug seen only on
  // versions past their support is proposed for no report, unless --end-of-life asks for its text anyway (then
  // replayed on the target it was found on).
  const where = reportTargets(bug, date);
  if ('endOfLife' in where && bug.status !== 'fixed' && !raw.endOfLife) {
    throw new UsageError(`${endOfLifeLine(bug, where.endOfLife, date)}; --end-of-life writes it anyway`);
  }
  const names = 'targets' in where ? where.targets : [bug.foundOn];
  const { found, others } = bug.decode === undefined ? await replayProgramBug(bug.program, names, raw) : await replayDecoderBug(bug.decode, names, raw);
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
 * @template T
 * @param {string[]} names  reportTargets', the best first
 * @param {{here: (name: string) => Promise<T | null>, install: (name: string) => Promise<T>}} resolve  a target that is here
 *   (null: not installed), and one installed on demand
 * @returns {Promise<T>}
 */
async function replayTarget(names, { here, install }) {
  for (const name of names) {
    const target = await here(name);
    if (target === null) continue;
    if (name !== names[0]) process.stderr.write(`clonecheck: replayed on ${name}, the newest version it showed on that is here (${names[0]} is not installed)\n`);
    return target;
  }
  return install(names[0]);
}

/**
 * A program's bug replayed on replayTarget's target and (unless --no-replay) on the other engines here.
 * @param {any} program @param {string[]} names  reportTargets' @param {{replay: boolean, timeout: number}} raw
 * @returns {Promise<{found: import('../bugs/report.js').Replayed, others: import('../bugs/report.js').Replayed[] | null}>}
 */
async function replayProgramBug(program, names, raw) {
  const replayed = await replayTarget(names, { here: available, install: async (name) => (await targetsFromNames([name]))[0] });
  const [found] = await replayEach(program, [replayed], raw.timeout);
  return { found, others: raw.replay ? await replayEach(program, await otherEngineTargets(replayed.name), raw.timeout) : null };
}

/**
 * A decoder's bug: its decode case replayed so (RUNTIME:DECODER targets), and on the same decoder of each other engine.
 * @param {import('../decode/ledger-case.js').DecodeCase} decode @param {string[]} names  reportTargets'
 * @param {{replay: boolean, timeout: number}} raw
 * @returns {Promise<{found: import('../bugs/report.js').Replayed, others: import('../bugs/report.js').Replayed[] | null}>}
 */
async function replayDecoderBug(decode, names, raw) {
  const each = async (/** @type {import('../decode/targets.js').DecodeTarget[]} */ targets) => {
    const replayed = [];
    for (const target of targets) {
      try {
        replayed.push({ target, decoded: await replayDecodeCase(decode, target, raw.timeout) });
      } catch (error) {
        replayed.push({ target, error: String(error instanceof Error ? error.message : error).split('\n')[0] });
      }
    }
    return replayed;
  };
  const target = await replayTarget(names, {
    here: (name) => decodeTargetNamed(name, { timeoutMs: raw.timeout, install: false }).catch((error) => {
      if (error instanceof UsageError) return null;
      throw error;
    }),
    install: (name) => decodeTargetNamed(name, { timeoutMs: raw.timeout }),
  });
  const [found] = await each([target]);
  return { found, others: raw.replay ? await each(await otherDecoderTargets(target.name, ENGINES)) : null };
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
