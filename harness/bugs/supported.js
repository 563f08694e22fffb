// A ledger entry's sightings judged by the support of their versions
// (portable/families/support.js): Node's release schedule, Bun's and Deno's
// newest release line. An entry seen only on versions past their support is
// marked (severity.js: "only on end-of-life versions", so `clonecheck bugs`
// and the dashboard show it) and is no report to file; `report` replays an
// entry on the newest supported version it showed on, and names that one.

import { PINNED, familyNamed } from '../../portable/families/index.js';
import { supportOf } from '../../portable/families/support.js';
import { compareVersions } from '../../portable/families/versions.js';
import { implementationOf } from './ledger.js';
import { displayName } from './triage.js';

/**
 * @typedef {object} Judged  a sighting of the bug, with its version's support
 * @property {import('./ledger.js').Sighting} sighting
 * @property {import('../../portable/families/support.js').Support} support
 */

/** @param {import('./ledger.js').Bug} bug @returns {import('./ledger.js').Sighting[]} its programs' sightings, the founding one's first */
function sightingsOf(bug) {
  return [...bug.shows, ...(bug.alsoShownBy ?? []).flatMap((also) => also.shows ?? [])];
}

/**
 * A bug's sightings, each judged on `date`. A family that supports its
 * newest line only is judged against the newest version of it this bug was
 * replayed on (`nightly --latest` replays every ledger bug on each runtime's
 * newest release, and `triage --update` keeps those sightings) or its newest
 * pin, whichever is newer.
 * @param {import('./ledger.js').Bug} bug
 * @param {string} date  YYYY-MM-DD
 * @param {import('./ledger.js').Sighting[]} [sightings]  those to judge (default: all of the bug's programs')
 * @returns {Judged[]}
 */
function judge(bug, date, sightings = sightingsOf(bug)) {
  const known = sightingsOf(bug);
  const newest = (/** @type {string} */ family) => known.filter((s) => s.version !== null && implementationOf(s.target) === family)
    .map((s) => /** @type {string} */ (s.version)).sort(compareVersions).at(-1);
  return sightings.map((sighting) => {
    const family = implementationOf(sighting.target);
    return { sighting, support: supportOf(family, sighting.version, date, newest(family)) };
  });
}

/**
 * @param {import('./ledger.js').Bug} bug @param {string} date
 * @param {import('./ledger.js').Sighting[]} [sightings]
 * @returns {Judged[]} the sightings where it showed, judged
 */
export function showingSupport(bug, date, sightings) {
  return judge(bug, date, sightings).filter((j) => j.sighting.shows);
}

/**
 * @param {import('./ledger.js').Bug} bug @param {string} date
 * @returns {boolean} it showed somewhere, and only on versions past their support
 */
export function onlyEndOfLife(bug, date) {
  const showing = showingSupport(bug, date);
  return showing.length > 0 && showing.every((judged) => !judged.support.supported);
}

/**
 * Where `report` replays a bug's founding program: the supported versions of
 * its implementation it showed on, the newest first (its founding channel
 * first among a version's), so that the issue's "Version" is one its
 * maintainers still fix; its founding target when the ledger saw it nowhere;
 * nowhere when it showed only on versions past their support.
 * @param {import('./ledger.js').Bug} bug
 * @param {string} date  YYYY-MM-DD
 * @returns {{targets: string[]} | {endOfLife: Judged[]}}  target names, the best first
 */
export function reportTargets(bug, date) {
  const home = implementationOf(bug.foundOn);
  const judged = showingSupport(bug, date, bug.shows.filter((s) => implementationOf(s.target) === home));
  if (judged.length === 0) return { targets: [bug.foundOn] };
  const supported = judged.filter((j) => j.support.supported).map((j) => j.sighting);
  if (supported.length === 0) return { endOfLife: judged };
  const onHomeChannel = (/** @type {import('./ledger.js').Sighting} */ s) => Number(channelOf(s.target) === channelOf(bug.foundOn));
  const newestFirst = supported.sort((a, b) => compareVersions(b.version ?? '0', a.version ?? '0') || onHomeChannel(b) - onHomeChannel(a));
  return { targets: [...new Set(newestFirst.map((s) => targetAt(s) ?? bug.foundOn))] };
}

/** @param {string} target @returns {string} its channel (`clone` of `node@22:clone`) */
const channelOf = (target) => target.slice(target.lastIndexOf(':') + 1);

/**
 * The target name that runs a sighting's version: a sighting keeps `node:clone` and the version beside it
 * (ledger.js channelTargetOf), so Node 24.21.0 is the pinned `node@24:clone`, this process's Node is `node:clone`,
 * and another release is named by its version (`bun@1.4.6:clone`, installed on demand).
 * @param {import('./ledger.js').Sighting} sighting
 * @returns {string | undefined} undefined: its version is unknown
 */
function targetAt({ target, version }) {
  if (version === null) return undefined;
  const family = implementationOf(target);
  if (familyNamed(family)?.install.from !== 'npm') return target;
  if (family === 'node' && version === process.versions.node) return `node:${channelOf(target)}`;
  const pinned = Object.entries(PINNED).find(([, exact]) => exact === `${family}@${version}`)?.[0];
  return `${pinned ?? `${family}@${version}`}:${channelOf(target)}`;
}

/**
 * Why `report` proposes no issue for a bug seen only on end-of-life versions, in one line: where it showed and why
 * that is unsupported, and the supported versions it was replayed on without showing.
 * @param {import('./ledger.js').Bug} bug
 * @param {Judged[]} endOfLife  reportTargets'
 * @param {string} date  YYYY-MM-DD
 * @returns {string}
 */
export function endOfLifeLine(bug, endOfLife, date) {
  const name = displayName(implementationOf(bug.foundOn));
  const shown = [...new Map(endOfLife.map((j) => [j.sighting.version, j.support.reason])).entries()]
    .map(([version, reason]) => `${name} ${version ?? '?'} (${reason})`);
  // The supported versions it was replayed on and passed (not those where another difference showed).
  const passes = [...new Set(judge(bug, date, bug.shows.filter((s) => !s.shows && s.other === undefined && implementationOf(s.target) === implementationOf(bug.foundOn)))
    .filter((j) => j.support.supported && j.sighting.version !== null).map((j) => /** @type {string} */ (j.sighting.version)))].sort(compareVersions);
  return `${bug.id} shows only on end-of-life versions: ${shown.join('; ')}`
    + `${passes.length > 0 ? `; it passes on ${name} ${passes.join(', ')}, which are supported` : ''}. Not proposed for a report`;
}
