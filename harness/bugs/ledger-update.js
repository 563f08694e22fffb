// What triage --update writes into the ledger: the proposed bugs as new
// files; for each known bug the run met, when and how often, under which
// signatures, and where it showed now; a bug that showed nowhere it was
// replayed but had shown on an older version is marked fixed in the
// version that no longer shows it (the next run's replay on a newer
// version checks it again: showing there is a regression).

import { writeBug } from './ledger.js';
import { compareVersions } from '../../portable/families/versions.js';

/**
 * @param {import('./ledger.js').Bug[]} bugs  the ledger as triage read it
 * @param {import('./triage.js').Triage} result
 * @param {{directory: string, date: string}} where
 * @returns {{added: string[], updated: string[], fixed: string[]}} the ids written
 */
export function updateLedger(bugs, result, { directory, date }) {
  const written = { added: /** @type {string[]} */ ([]), updated: /** @type {string[]} */ ([]), fixed: /** @type {string[]} */ ([]) };
  for (const { bug } of result.new) {
    writeBug(bug, directory);
    written.added.push(bug.id);
  }
  for (const bug of bugs) {
    const seen = result.known.find((k) => k.bug === bug.id);
    const now = result.sightings.get(bug.id) ?? [];
    if (seen === undefined && now.length === 0) continue;
    const updated = { ...bug, shows: mergeSightings(bug.shows, now) };
    if (seen !== undefined) {
      updated.lastSeen = date;
      updated.occurrences += seen.count;
      updated.signatures = [...new Set([...bug.signatures, ...seen.findings.map((f) => f.signature)])].sort();
    }
    const fixedHere = result.fixed.filter((f) => f.bug === bug.id);
    if (bug.status === 'open' && fixedHere.length > 0 && now.every((s) => !s.shows)) {
      updated.status = 'fixed';
      updated.fixedIn = fixedHere.map((f) => /** @type {string} */ (f.version)).sort(compareVersions)[0];
      written.fixed.push(bug.id);
    }
    if (JSON.stringify(updated) !== JSON.stringify(bug)) {
      writeBug(updated, directory);
      written.updated.push(bug.id);
    }
  }
  return written;
}

/**
 * The ledger's sightings with today's: one per target and version, the newest check kept.
 * @param {import('./ledger.js').Sighting[]} before @param {import('./ledger.js').Sighting[]} now
 */
function mergeSightings(before, now) {
  const key = (/** @type {import('./ledger.js').Sighting} */ s) => `${s.target}\n${s.version}`;
  const merged = new Map(before.map((s) => [key(s), s]));
  for (const s of now) merged.set(key(s), s);
  return [...merged.values()].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}
