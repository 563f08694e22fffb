// Triage that shrinks only what no known bug explains: the gate's fuzz
// smoke and the main job's campaign (`nightly --shrink unexplained`) fuzz
// with `--shrink-runs 0`, so that they spend no time on the findings a known
// bug explains, which are most of them (2026-12-02, the main job's minute:
// 177 of 214; 2026-12-04, the gate's smoke: 59 findings, all of 29 known
// bugs, whose shrinking took 114 of its 150 s). After triage, the first
// deviation of each root that no known bug explains (triage's unconfirmed
// groups) is shrunk on its target from the program it was found with
// (harness/minimize/shrink.js, a fresh member per shrink), within a number
// of candidates, so that what it gives does not depend on the machine's
// speed. Then the findings that are not a known bug are triaged again: a
// shrunk program founds a new bug or is a known one after all, and the
// other findings of its root follow it or, where they do not, found roots of
// their own, shrunk in the next round. What stays unconfirmed is what a
// longer run has to finish: a crash or a timeout (shrunk only with a fresh
// thread or agent per candidate, too slow here), or a program whose root
// did not show again in a fresh member.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { findingSummary } from '../findings/summary.js';
import { writeFinding } from '../findings/write.js';
import { shrinkDeviations } from '../minimize/shrink.js';
import { groupByHost } from '../targets/catalog.js';
import { triage } from './triage.js';
import { targetsFromNames } from '../targets/named.js';

/**
 * Candidates per shrink: a number, not a time, so that the verdict is the
 * same on a slow machine and a fast one. The 18 shrunk in the first round
 * of the main job's campaign of seed 20261202 reached their local minimum
 * in 2 to 22 candidates (median 9): this bounds a pathological one.
 */
const SHRINK_RUNS = 500;

/**
 * Rounds of shrinking and triage at most: a round's findings that neither
 * followed their root's shrunk program nor were its founder found roots of
 * their own, shrunk in the next (seed 20261202 on node:messagechannel and
 * node:broadcast: one root's founder shrank to a known bug in the first
 * round, its other finding in the second).
 */
const ROUNDS = 3;

/**
 * The run's replays, each (program, target) once: a round's triage replays
 * every known bug of an implementation on the targets of its findings, and
 * the findings themselves, which the run's first triage replayed already
 * (2026-12-02, the main job's campaign under a load of 30: 21 minutes for
 * the first triage, and as long again for each round without this); only
 * the shrunk programs are new.
 * @param {import('./triage.js').Replay} replay
 * @returns {import('./triage.js').Replay}
 */
export function rememberedReplay(replay) {
  /** @type {Map<string, import('./root.js').Shown>} */
  const shown = new Map();
  /** @type {Map<string, string | null>} */
  const versions = new Map();
  const key = (/** @type {string} */ program, /** @type {string} */ target) => `${target}\n${program}`;
  return async (programs, targets, options) => {
    // A fresh replay is asked for because one made already showed nothing (triage's measuredAgain): made again.
    if (options?.fresh) return replay(programs, targets, options);
    const texts = programs.map((program) => JSON.stringify(program));
    const missing = texts.flatMap((text, i) => (targets.some((target) => !shown.has(key(text, target))) ? [i] : []));
    const targetsMissing = targets.filter((target) => missing.some((i) => !shown.has(key(texts[i], target))));
    if (missing.length > 0) {
      const replayed = await replay(missing.map((i) => programs[i]), targetsMissing);
      // The first replay of a cell stands (as in triage's own matrix): a flaky program must not change what a decision was made on.
      missing.forEach((i, row) => targetsMissing.forEach((target, column) => {
        if (!shown.has(key(texts[i], target))) shown.set(key(texts[i], target), replayed.shown[row][column]);
      }));
      targetsMissing.forEach((target, column) => versions.set(target, replayed.versions[column]));
    }
    return {
      shown: texts.map((text) => targets.map((target) => /** @type {import('./root.js').Shown} */ (shown.get(key(text, target))))),
      versions: targets.map((target) => versions.get(target) ?? null),
    };
  };
}

/**
 * A run's findings triaged by replay; with `shrink: 'unexplained'` (the run
 * shrank nothing), what no known bug explains is then shrunk and triaged
 * again (above); with `'all'` the run shrank every finding already.
 * @param {import('./triage.js').RunFinding[]} findings  each with its verdict, program and folder
 * @param {import('./ledger.js').Bug[]} bugs
 * @param {object} run
 * @param {'all' | 'unexplained'} run.shrink
 * @param {import('./triage.js').RanTarget[]} run.ran
 * @param {import('./triage.js').Replay} run.replay
 * @param {string} run.date
 * @param {number} run.workers @param {number} run.timeoutMs
 * @param {string[]} run.runtimeFlags @param {string[]} run.browserFlags
 * @param {() => boolean} run.shouldShrink  Ctrl-C
 * @param {(line: string) => void} run.log
 * @param {(triaged: import('./triage.js').Triage) => void} [run.onTriaged]  the first triage is done (before any shrinking)
 * @returns {Promise<import('./triage.js').Triage>}
 */
export async function triageShrinking(findings, bugs, { shrink, ran, replay: replayOnce, onTriaged = () => {}, ...run }) {
  // Triaged again after shrinking, the findings need the same replays: each is made once.
  const replay = shrink === 'unexplained' ? rememberedReplay(replayOnce) : replayOnce;
  const triaged = await triage(findings, bugs, { ran, date: run.date, replay });
  onTriaged(triaged);
  return shrink === 'unexplained' ? shrinkUnexplained(triaged, { ...run, bugs, replay }) : triaged;
}

/**
 * @typedef {import('./triage.js').Triage} Triage
 * @param {Triage} triaged  the run's triage, its findings the gate's or nightly's run findings (each changed in place once shrunk)
 * @param {object} run
 * @param {import('./ledger.js').Bug[]} run.bugs
 * @param {import('./triage.js').Replay} run.replay
 * @param {string} run.date
 * @param {number} run.workers @param {number} run.timeoutMs
 * @param {string[]} run.runtimeFlags @param {string[]} run.browserFlags
 * @param {() => boolean} run.shouldShrink  Ctrl-C
 * @param {(line: string) => void} run.log
 * @returns {Promise<Triage>} the triage with what shrinking told
 */
async function shrinkUnexplained(triaged, { bugs, replay, date, workers, timeoutMs, runtimeFlags, browserFlags, shouldShrink, log }) {
  const started = performance.now();
  // Crashes and timeouts stay as they are: triaged again, they would only be replayed again.
  const stalls = triaged.unconfirmed.filter((group) => group.findings[0].verdict !== 'deviation');
  let current = triaged;
  /** @type {Set<any>} findings shrinking was tried on */
  const tried = new Set();
  let shrunk = 0;
  for (let round = 0; round < ROUNDS && shouldShrink(); round++) {
    const groups = current.unconfirmed.filter((group) => group.findings[0].verdict === 'deviation' && !tried.has(group.findings[0]));
    if (groups.length === 0) break;
    for (const group of groups) tried.add(group.findings[0]);
    const shrunkNow = await shrinkFounders(groups, { workers, timeoutMs, runtimeFlags, browserFlags, shouldShrink });
    shrunk += shrunkNow;
    if (shrunkNow === 0) break;
    // Only the targets of these findings: the first triage replayed every known bug on every target the run ran (sightings).
    const again = await triage([...current.new, ...current.unconfirmed.filter((group) => !stalls.includes(group))].flatMap((group) => group.findings),
      bugs, { ran: [], replay, date });
    current = {
      // Fixed and regressed bugs are the first triage's: it saw every target, this one only the findings'.
      ...current, known: mergeKnown(current.known, again.known), new: again.new, unconfirmed: [...again.unconfirmed, ...stalls],
      unreproduced: [...current.unreproduced, ...again.unreproduced],
    };
  }
  log(`shrank ${shrunk} of ${tried.size} roots no known bug explained (each one's first deviation, at most ${SHRINK_RUNS} candidates), `
    + `${((performance.now() - started) / 1000).toFixed(1)} s`);
  return current;
}

/**
 * Shrinks each group's first finding, keeping the root its replay showed (the group's).
 * @param {Triage['unconfirmed']} groups
 * @param {{workers: number, timeoutMs: number, runtimeFlags: string[], browserFlags: string[], shouldShrink: () => boolean}} run
 * @returns {Promise<number>} how many shrank
 */
async function shrinkFounders(groups, { workers, timeoutMs, runtimeFlags, browserFlags, shouldShrink }) {
  const specs = await targetsFromNames([...new Set(groups.map((group) => group.findings[0].target))], runtimeFlags, browserFlags);
  /** @type {any[]} the shape shrinkDeviations takes and fills in; with no chunk seed, a finding brings its program */
  const jobs = groups.map(({ bug, findings: [f] }) => ({ verdict: f.verdict, target: f.target, signature: f.signature, program: f.program, shape: bug.root.shape, minimized: false }));
  await shrinkDeviations(jobs, {
    hosts: groupByHost(specs), workers, timeoutMs, weights: {}, planOf: () => [], shrinkRuns: SHRINK_RUNS, witnesses: 0, shouldShrink,
    onShrunk: () => {}, onProgress: () => {},
  });
  let shrunk = 0;
  jobs.forEach((job, i) => {
    if (!job.minimized) return;
    shrunk += 1;
    recordShrunk(groups[i].findings[0], job, /** @type {any} */ (specs.find((s) => s.name === job.target)));
  });
  return shrunk;
}

/**
 * A nightly finding takes its shrunk program, and its folder is written
 * again (program.json, report.md, repro.mjs show the small program).
 * @param {any} finding  a nightly document's
 * @param {{program: any, expected: unknown, actual: unknown, differences: any[], shrink: any}} shrunk
 * @param {import('../targets/catalog.js').TargetSpec} spec
 */
function recordShrunk(finding, shrunk, spec) {
  Object.assign(finding, { program: shrunk.program, minimized: true, diff: shrunk.differences.slice(0, 20) });
  finding.summary = findingSummary(finding);
  const written = JSON.parse(readFileSync(join(finding.directory, 'finding.json'), 'utf8'));
  writeFinding(dirname(dirname(finding.directory)), {
    ...written, ...written.found, program: shrunk.program, minimized: true, shrink: shrunk.shrink,
    expected: shrunk.expected, actual: shrunk.actual, differences: shrunk.differences,
  }, spec, { seed: written.found.seed, weights: {} });
}

/**
 * @param {Triage['known']} before @param {Triage['known']} more
 * @returns {Triage['known']} one entry per bug
 */
function mergeKnown(before, more) {
  const known = new Map(before.map((k) => [k.bug, k]));
  for (const k of more) {
    const was = known.get(k.bug);
    known.set(k.bug, was === undefined ? k : {
      ...was, findings: [...was.findings, ...k.findings], targets: [...new Set([...was.targets, ...k.targets])], count: was.count + k.count,
    });
  }
  return [...known.values()];
}
