// Bisection over a runtime's published releases: which version first shows
// a bug (or a finding's deviation, or any deviation of a program). The
// search is a pure function over a version list and a probe function, so its
// galloping, binary search, skips and flaky tries are tested without
// installing anything; the probe that replays a program on
// `<runtime>@<version>:<channel>` is built from replayPrograms and
// resolveTarget, like every other replay (docs/bisect.md).
//
// Why gallop: a regression is usually recent, and each probe of a version not
// in the cache costs a download (15-40 MB, several seconds), so the search
// walks back from the bad version 1, 2, 4, 8, … releases until one is good,
// then bisects only that stretch: about 2·log2(distance) probes, not
// log2(every release back to 0.0.1).

import { spawn } from 'node:child_process';
import { registryPackage } from '../runtimes.js';
import { TargetError, resolveTarget } from '../targets/catalog.js';
import { replayPrograms } from '../findings/replay.js';
import { showsRoot, shownBy } from './root.js';
import { compareVersions } from '../../portable/families/versions.js';

/**
 * What one probe of a version decided:
 *  - `good`: the program passes there;
 *  - `bad`: it shows what is bisected;
 *  - `other`: it shows something else (another difference, a crash when a
 *    deviation is bisected, a program the host cannot run): neither good nor
 *    bad for this question, so treated like a skip;
 *  - `skipped`: the version could not be probed (it does not install, or its
 *    agent does not start), like `git bisect skip`.
 * @typedef {'good' | 'bad' | 'other' | 'skipped'} Outcome
 * @typedef {{outcome: Outcome, detail: string}} Try  one replay, judged
 * @typedef {{version: string, verdict: Outcome, detail: string, shows: number, tries: number, seconds: number}} Probe
 * @typedef {(version: string, tries: number) => Promise<Try[]>} ProbeFunction
 *   one try per replay of the program (or a single `skipped` try when it could not run at all)
 */

/**
 * @typedef {object} Bisection
 * @property {'range' | 'oldest' | 'not-at-bad'} result  a last good and first bad; bad back to the oldest
 *   version probed (no good one found); or the bad version itself does not show it
 * @property {string | null} lastGood
 * @property {string | null} firstBad  with `oldest`: the oldest version that showed it
 * @property {string[]} untestable  versions between lastGood and firstBad that were other or skipped: the first bad may be one
 *   of them; with `oldest`, those older than firstBad
 * @property {Probe[]} probes  in the order they ran
 */

/** A plain release: `1.3.9`, not `1.3.9-canary.20260218.1` nor `2.0.0-rc.1`. */
const RELEASE = /^\d+\.\d+\.\d+$/;

/** @param {string} version @returns {boolean} */
export function isRelease(version) {
  return RELEASE.test(version);
}

/**
 * The plain releases of a registry's version list, oldest first by semver
 * (the registry lists by publication, and Node publishes 22.x after 24.x).
 * @param {string[]} versions
 * @returns {string[]}
 */
export function releases(versions) {
  return [...new Set(versions.filter(isRelease))].sort(compareVersions);
}

/** Thrown when the registry cannot be asked: an infrastructure error (exit 3). */
export class RegistryError extends Error {}

/**
 * A family's releases as the npm registry lists them (`npm view PACKAGE versions --json`).
 * @param {import('../../portable/families/index.js').RegistryFamily} family
 * @returns {Promise<string[]>} plain releases, oldest first
 * @throws {RegistryError}
 */
export function registryReleases(family) {
  const name = registryPackage(family);
  return new Promise((resolve, reject) => {
    const npm = spawn('npm', ['view', name, 'versions', '--json'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    npm.stdout.on('data', (chunk) => { out += chunk; });
    npm.stderr.on('data', (chunk) => { err += chunk; });
    npm.on('error', (error) => reject(new RegistryError(`cannot run npm to list ${name}'s versions: ${error.message}`)));
    npm.on('exit', (code) => {
      try {
        if (code !== 0) throw new Error(err.trim().split('\n')[0] || `npm exited with code ${code}`);
        const list = JSON.parse(out);
        resolve(releases(Array.isArray(list) ? list : [list]));
      } catch (error) {
        reject(new RegistryError(`cannot list ${name}'s versions with 'npm view ${name} versions': ${error instanceof Error ? error.message : error}`));
      }
    });
  });
}

/** How many versions in a row that cannot be probed end the binary search (the range is then reported with them untestable). */
const MAX_UNPROBED_IN_A_ROW = 3;

/**
 * N tries of one version, as one probe: bad when any try showed it (a flaky
 * bug shows in some tries only); else skipped or other when any try was; else good.
 * @param {Try[]} tries non-empty
 * @returns {{verdict: Outcome, detail: string, shows: number}}
 */
export function combineTries(tries) {
  const shows = tries.filter((t) => t.outcome === 'bad').length;
  for (const outcome of /** @type {Outcome[]} */ (['bad', 'skipped', 'other', 'good'])) {
    const first = tries.find((t) => t.outcome === outcome);
    if (first !== undefined) return { verdict: outcome, detail: first.detail, shows };
  }
  throw new Error('combineTries needs at least one try');
}

/**
 * Finds the last good and first bad release (a bug's introduction).
 * 1. The bad version is probed first: if it does not show it, there is nothing to bisect.
 * 2. With `good`, that version is probed; without it (or when it is not
 *    good), the search gallops back from the bad one (or from `good`, when
 *    it was not good): 1, 2, 4, 8, … positions, down to the oldest version,
 *    until a probe is good. An `other` or `skipped` probe is stepped over to
 *    its older neighbour, and the gallop goes on from a second one in a row.
 * 3. Binary search between the last good and the first bad, where an `other`
 *    or `skipped` version is left out and the candidate nearest the middle is
 *    probed instead; when only such versions remain, they are `untestable`.
 *    A gallop that ended on versions it could not probe bisects the stretch
 *    it jumped over below the oldest bad one, in case a good one is there.
 * Each version is probed at most once.
 * @param {{versions: string[], bad: string, good?: string, tries?: number, probe: ProbeFunction, onProbe?: (probe: Probe) => void,
 *   mirrored?: boolean}} options
 *   `versions` oldest first; `bad` and `good` among them, `good` older. `mirrored` (bisectFix): the search reads each
 *   probe's good as bad and bad as good, the probes keep what they were
 * @returns {Promise<Bisection>}
 */
export async function bisectVersions({ versions, bad, good, tries = 1, probe, onProbe = () => {}, mirrored = false }) {
  const badIndex = versions.indexOf(bad);
  const goodIndex = good === undefined ? -1 : versions.indexOf(good);
  if (badIndex < 0 || (good !== undefined && (goodIndex < 0 || goodIndex >= badIndex))) {
    throw new RangeError(`bisectVersions: bad ${bad}${good === undefined ? '' : ` and good ${good}`} must be in the list, good older`);
  }
  /** @type {Probe[]} */
  const probes = [];
  /** @param {number} index @returns {Promise<Outcome>} */
  const at = async (index) => {
    const started = performance.now();
    const results = await probe(versions[index], tries);
    const done = { version: versions[index], ...combineTries(results), tries: results.length, seconds: (performance.now() - started) / 1000 };
    probes.push(done);
    onProbe(done);
    return mirrored ? MIRROR[done.verdict] : done.verdict;
  };
  if ((await at(badIndex)) !== 'bad') return { result: 'not-at-bad', lastGood: null, firstBad: null, untestable: [], probes };

  let hi = badIndex;
  let lo = -1;
  /** @type {Set<number>} */
  const untestable = new Set();
  let anchor = badIndex;
  if (good !== undefined) {
    const verdict = await at(goodIndex);
    if (verdict === 'good') lo = goodIndex;
    else {
      // Not the good version it was said to be: gallop on past it.
      if (verdict === 'bad') hi = goodIndex;
      else untestable.add(goodIndex);
      anchor = goodIndex;
    }
  }
  if (lo < 0) {
    let step = 1;
    let position = anchor - 1;
    let unprobed = 0;
    while (position >= 0) {
      const verdict = await at(position);
      if (verdict === 'good') {
        lo = position;
        break;
      }
      let next;
      if (verdict === 'bad') {
        hi = position;
        unprobed = 0;
        step *= 2;
        next = Math.min(anchor - step, position - 1);
      } else {
        // Its neighbour instead; but a run of versions that cannot be probed
        // (old releases that do not install, or whose agent does not start)
        // is galloped over as well, not walked one install at a time.
        untestable.add(position);
        unprobed += 1;
        if (unprobed > 1) step *= 2;
        next = unprobed > 1 ? Math.min(anchor - step, position - 1) : position - 1;
      }
      // The oldest version is probed before giving up, even when a step jumps past it.
      position = next < 0 && position > 0 ? 0 : next;
    }
  }

  // Between the last good and the first bad; or, when the gallop found no
  // good version, between the newest one it could not probe and the oldest
  // bad, the stretch it jumped over: a good version may be there.
  let floor = lo >= 0 ? lo : Math.max(-1, ...[...untestable].filter((i) => i < hi));
  // Below the oldest bad version, with no good one found, a stretch of versions that cannot be probed (Bun 1.0.x,
  // whose agents cannot read stdin) is given up on after a few in a row, not walked one install at a time: 44 probes
  // and 6.5 minutes for one Bun bug, measured.
  let unprobedInRow = 0;
  for (;;) {
    const middle = (floor + hi) / 2;
    let candidate = -1;
    for (let i = floor + 1; i < hi; i++) {
      if (!untestable.has(i) && (candidate < 0 || Math.abs(i - middle) < Math.abs(candidate - middle))) candidate = i;
    }
    if (candidate < 0) break;
    const verdict = await at(candidate);
    if (verdict === 'good') lo = floor = candidate;
    else if (verdict === 'bad') hi = candidate;
    else untestable.add(candidate);
    unprobedInRow = verdict === 'good' || verdict === 'bad' ? 0 : unprobedInRow + 1;
    if (lo < 0 && unprobedInRow >= MAX_UNPROBED_IN_A_ROW) break;
  }
  if (lo < 0) {
    const older = [...untestable].filter((i) => i < hi).sort((a, b) => a - b).map((i) => versions[i]);
    return { result: 'oldest', lastGood: null, firstBad: versions[hi], untestable: older, probes };
  }
  return {
    result: 'range',
    lastGood: versions[lo],
    firstBad: versions[hi],
    untestable: [...untestable].filter((i) => i > lo && i < hi).sort((a, b) => a - b).map((i) => versions[i]),
    probes,
  };
}

/** A fix bisection's search reads a probe so: the newer end is the one it gallops back from. @type {Record<Outcome, Outcome>} */
const MIRROR = { good: 'bad', bad: 'good', other: 'other', skipped: 'skipped' };

/**
 * @typedef {object} FixBisection
 * @property {'range' | 'never' | 'not-at-good'} result  a last bad and first good; good back to the oldest version probed
 *   (no bad one found); or the good version itself shows it
 * @property {string | null} lastBad
 * @property {string | null} firstGood  with `never`: the oldest version probed that was good
 * @property {string[]} untestable  versions between lastBad and firstGood that were other or skipped: the first good
 *   may be one of them; with `never`, those older than firstGood
 * @property {Probe[]} probes  in the order they ran
 */

/**
 * Finds the last bad and first good release going forward (a bug's fix, as
 * syzbot's fix bisection does): the introduction's search mirrored, so its
 * gallop, skips and flaky tries are the same. A flaky version is still bad
 * when any try shows it: the tries are combined before the mirror.
 * 1. The good version (the newer end) is probed first: if it shows the bug, there is no fix to find.
 * 2. With `bad` (an older version that showed it: a sighting), that version
 *    is probed; without it, the search gallops back from the good one to a bad one.
 * 3. Binary search between the last bad and the first good.
 * @param {{versions: string[], good: string, bad?: string, tries?: number, probe: ProbeFunction, onProbe?: (probe: Probe) => void}} options
 *   `versions` oldest first; `good` and `bad` among them, `bad` older
 * @returns {Promise<FixBisection>}
 */
export async function bisectFix({ versions, good, bad, ...rest }) {
  const { result, lastGood, firstBad, untestable, probes } = await bisectVersions({ versions, bad: good, good: bad, ...rest, mirrored: true });
  const said = /** @type {const} */ ({ range: 'range', oldest: 'never', 'not-at-bad': 'not-at-good' })[result];
  return { result: said, lastBad: lastGood, firstGood: firstBad, untestable, probes };
}

/**
 * @typedef {{direction: 'introduced', bisection: Bisection} | {direction: 'fixed', bisection: FixBisection}} Either
 */

/**
 * Bisects whichever way the newer end says, unless told: when `end` shows
 * the bug, its introduction (the last good and first bad before it); when
 * `end` passes, its fix (the last bad and first good before it). `end` is
 * probed once whichever way the search goes.
 * @param {{versions: string[], end: string, good?: string, bad?: string, direction?: 'introduced' | 'fixed',
 *   tries?: number, probe: ProbeFunction, onProbe?: (probe: Probe) => void}} options
 *   `end` the newer end; `good` an older version that should pass (for an introduction), `bad` one that showed it
 *   (for a fix: where it was seen), each older than `end`; `direction` when the caller chose it
 * @returns {Promise<Either>}
 */
export async function bisectEitherWay({ versions, end, good, bad, direction, tries, probe, onProbe = () => {} }) {
  if (direction === 'fixed') return { direction, bisection: await bisectFix({ versions, good: end, bad, tries, probe, onProbe }) };
  /** @type {Map<string, Try[]>} */
  const probed = new Map();
  /** @type {ProbeFunction} */
  const once = async (version, n) => {
    if (!probed.has(version)) probed.set(version, await probe(version, n));
    return /** @type {Try[]} */ (probed.get(version));
  };
  const introduction = await bisectVersions({ versions, bad: end, good, tries, probe: once, onProbe });
  const [first] = introduction.probes;
  if (direction === 'introduced' || introduction.result !== 'not-at-bad' || first.verdict !== 'good') return { direction: 'introduced', bisection: introduction };
  // The newer end passes: the bug was fixed before it, if it ever showed. Its probe is reused, and said once.
  const fix = await bisectFix({ versions, good: end, bad, tries, probe: once, onProbe: (p) => (p.version === end ? undefined : onProbe(p)) });
  fix.probes[0] = first;
  return { direction: 'fixed', bisection: fix };
}

/** @param {string} text @returns {string} its first line, at most 160 characters */
export function oneLine(text) {
  const line = text.trim().split('\n')[0];
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
}

/**
 * Why an agent did not load, in one line: how it ended and the error its
 * stderr names (`EINVAL: Invalid argument`), not the tail of minified source
 * an old runtime prints above it.
 * @param {string} message  pool.js's `… failed while loading: …; stderr ends: …`
 * @returns {string}
 */
export function loadFailure(message) {
  const [head, tail] = message.replace(/^.* failed while loading: /, '').split('; stderr ends: ');
  const said = tail?.split('\n').map((line) => line.trim()).find((line) => /^(\w*Error|E[A-Z]{2,})\b/.test(line) && line.length < 200);
  return oneLine(said === undefined ? head : `${head}: ${said}`);
}

/** @param {import('./root.js').Shown} shown @returns {string} */
function describeShown(shown) {
  return typeof shown === 'object' ? shown.shape : shown;
}

/**
 * @typedef {(verdict: any) => Try} Judge  one replay's verdict (judge.js's or replay.js's) to a try's outcome
 */

/**
 * Outcomes that mean the same for every question: a harness error is never
 * the target's fault (skipped), a program the host cannot run is `other`.
 * @param {any} verdict
 * @returns {Try | undefined}
 */
function unjudgeable(verdict) {
  const shown = shownBy(verdict);
  if (shown === 'harness-error') return { outcome: 'skipped', detail: `harness error: ${oneLine(verdict.error ?? '')}` };
  if (shown === 'not-applicable') return { outcome: 'other', detail: `not applicable: ${oneLine(verdict.error ?? '')}` };
  return undefined;
}

/**
 * A bug's question: bad when the replay shows the bug's root (root.js), good when it passes.
 * @param {import('./root.js').Root} root
 * @returns {Judge}
 */
export function bugJudge(root) {
  const judge = rootJudge(root);
  return (verdict) => unjudgeable(verdict) ?? judge(shownBy(verdict));
}

/**
 * A bug's question asked of what a replay showed, however it was replayed (a program's verdict, a decode case's
 * difference: harness/decode/ledger-case.js): bad when it is the bug's root, good when it passes, else other.
 * @param {import('./root.js').Root} root
 * @returns {(shown: import('./root.js').Shown) => Try}
 */
export function rootJudge(root) {
  return (shown) => {
    if (showsRoot(shown, root)) return { outcome: 'bad', detail: describeShown(shown) };
    if (shown === 'pass') return { outcome: 'good', detail: 'pass' };
    return { outcome: 'other', detail: describeShown(shown) };
  };
}

/**
 * A finding's question: bad when the replay deviates (or crashes, or hangs)
 * in the finding's category (`keys`, `crash`, …), another category being
 * another difference.
 * @param {string} category
 * @returns {Judge}
 */
export function findingJudge(category) {
  return (verdict) => {
    const shown = shownBy(verdict);
    if (shown === 'pass') return { outcome: 'good', detail: 'pass' };
    const none = unjudgeable(verdict);
    if (none !== undefined) return none;
    return { outcome: typeof shown === 'object' && shown.category === category ? 'bad' : 'other', detail: describeShown(shown) };
  };
}

/**
 * A program's question: bad on any deviation, crash or timeout.
 * @type {Judge}
 */
export function programJudge(verdict) {
  const shown = shownBy(verdict);
  if (shown === 'pass') return { outcome: 'good', detail: 'pass' };
  return unjudgeable(verdict) ?? { outcome: 'bad', detail: describeShown(shown) };
}

/**
 * The probe that replays a program on `<runtime>@<version>:<channel>`,
 * installing the version on demand (runtimes.js); the tries share one agent
 * (replayPrograms starts each host once). A version that does not install,
 * or whose agent does not start, is one `skipped` try with npm's or the
 * agent's reason.
 * @param {{program: any, runtime: import('../../portable/families/index.js').RegistryFamily, channel: string, judge: Judge, timeoutMs: number,
 *   profile?: string, onInstall?: (message: string) => void}} options
 * @returns {ProbeFunction}
 */
export function replayProbe({ program, runtime, channel, judge, timeoutMs, profile, onInstall = () => {} }) {
  return async (version, tries) => {
    let target;
    try {
      target = await resolveTarget(`${runtime}@${version}:${channel}`, { onInstall });
    } catch (error) {
      // Its message starts with the target's and the runtime's names, which the probe's line already says.
      if (error instanceof TargetError) return [{ outcome: 'skipped', detail: oneLine(error.message.replace(/^(\S+: )+/, '')) }];
      throw error;
    }
    let verdicts;
    try {
      const programs = Array.from({ length: tries }, () => program);
      verdicts = await replayPrograms(programs, [profile === undefined ? target : { ...target, profile }], { timeoutMs });
    } catch (error) {
      // The pool gives up when the agent dies or hangs while loading: that version cannot run clonecheck's agent.
      return [{ outcome: 'skipped', detail: loadFailure(error instanceof Error ? error.message : String(error)) }];
    }
    return verdicts.map(([verdict]) => judge(verdict));
  };
}
