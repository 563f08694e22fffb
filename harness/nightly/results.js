// The results document of a nightly run (docs/gate.md#the-nightly-document):
// the campaign's units as they ran, each with its fuzz results, the
// conformance results by area, and what is derived from the units (targets'
// totals, findings one per signature, guard coverage), computed here in one
// place so that a merge of shards (merge.js) derives exactly what one
// unsharded run does.

import { readFileSync } from 'node:fs';
import { InputError } from '../bugs/ledger.js';
import { sumAgreements } from '../fuzz/recheck.js';
import { mergeCellReports } from '../../fuzzers/steering.js';

/** The version of the nightly document; a file of another version is refused (or skipped with --skip-bad). */
export const NIGHTLY_SCHEMA_VERSION = 1;

/**
 * @typedef {object} UnitResult  one unit (campaign.js) as it ran
 * @property {number} index
 * @property {string} implementation
 * @property {number} seed
 * @property {number} cases
 * @property {number} fuzzMs
 * @property {number} [unitMs]  the unit's fuzz process from its spawn to its end (older units have none)
 * @property {number} [elapsedMs]  that process's run (the fuzz document's): fuzzing, then shrinking and writing
 * @property {UnitTarget[]} targets
 * @property {any[]} findings  as the fuzz document has them (docs/results.md), each with `program` and `seed` added
 * @property {Record<string, Record<string, number>>} guardCoverage
 * @property {import('../../fuzzers/steering.js').CellReport} [cells]  the unit's cell map (older units have none)
 * @property {{target: string, case: number, error: string}[]} harnessErrors  clonecheck's own failures in the unit
 * @property {ReturnType<typeof import('../fuzz/recheck.js').agreementReport>} [recheck]  its verdicts against fresh replays (nightly --recheck)
 */

/**
 * @typedef {object} UnitTarget
 * @property {string} name @property {string | null} runtime @property {string | null} version
 * @property {number} cases @property {Record<string, number>} verdicts
 * @property {number | null} [startupMs]  from the fuzz run's start to its first agent, thread or page ready (fuzz's HostClock)
 * @property {number | null} [lastVerdictMs]  to its last verdicts
 * @property {number} [members] @property {number} [memberLoadMs]
 */

/**
 * Where a run's units spent their time, summed over them (units written
 * before these were measured count in none): each fuzz process starting and
 * ending (`processMs`), then, within its run, what came before the first
 * member of any of its targets was ready (`startupMs`), the rest of the
 * fuzzing phase (`fuzzingMs`: cases judged, and members of other lanes and
 * targets still loading beside them), and shrinking and writing (`afterMs`).
 * @param {UnitResult[]} units
 * @returns {{unitsMs: number, processMs: number, startupMs: number, fuzzingMs: number, afterMs: number}}
 */
function timeOfUnits(units) {
  const time = { unitsMs: 0, processMs: 0, startupMs: 0, fuzzingMs: 0, afterMs: 0 };
  for (const unit of units) {
    if (unit.unitMs === undefined || unit.elapsedMs === undefined) continue;
    const ready = unit.targets.flatMap((t) => (t.startupMs === undefined || t.startupMs === null ? [] : [t.startupMs]));
    const startup = ready.length === 0 ? unit.fuzzMs : Math.min(...ready);
    time.unitsMs += unit.unitMs;
    time.processMs += unit.unitMs - unit.elapsedMs;
    time.startupMs += startup;
    time.fuzzingMs += unit.fuzzMs - startup;
    time.afterMs += unit.elapsedMs - unit.fuzzMs;
  }
  return time;
}

/**
 * A conform results document (docs/conform.md) by target and area (the test file, channel variants together).
 * @param {any} document
 * @returns {{name: string, version: string, areas: Record<string, {pass: number, fail: number, unexpected: number, notApplicable: number}>}[]}
 */
export function conformByArea(document) {
  return document.targets.map((/** @type {any} */ target) => {
    /** @type {Record<string, {pass: number, fail: number, unexpected: number, notApplicable: number}>} */
    const areas = {};
    for (const file of target.files) {
      const area = file.id.replace(/^\//, '').replace(/\.any\.js(\?.*)?$/, '');
      const counts = areas[area] ??= { pass: 0, fail: 0, unexpected: 0, notApplicable: 0 };
      if (file.unexpected) counts.unexpected += 1;
      for (const s of file.subtests) {
        if (s.status === 'PASS') counts.pass += 1;
        else if (s.status === 'N/A' || s.status === 'PRECONDITION_FAILED') counts.notApplicable += 1;
        else counts.fail += 1;
        if (s.unexpected) counts.unexpected += 1;
      }
    }
    return { name: target.name, version: target.version, areas };
  });
}

/**
 * What the units add up to: each target's cases and verdicts, one finding
 * per signature (the earliest unit's, its count summed), guard coverage.
 * @param {UnitResult[]} units
 */
export function summarizeUnits(units) {
  const ordered = [...units].sort((a, b) => a.index - b.index);
  /** @type {Map<string, any>} */
  const targets = new Map();
  /** @type {Map<string, any>} */
  const findings = new Map();
  /** @type {Record<string, Record<string, number>>} */
  const guardCoverage = {};
  let cases = 0;
  let fuzzMs = 0;
  const harnessErrors = [];
  for (const unit of ordered) {
    harnessErrors.push(...unit.harnessErrors.map((e) => ({ ...e, seed: unit.seed })));
    cases += unit.cases;
    fuzzMs += unit.fuzzMs;
    for (const t of unit.targets) {
      const total = targets.get(t.name) ?? { name: t.name, runtime: t.runtime, version: t.version, cases: 0, verdicts: {}, startupMs: 0, judgingMs: 0 };
      total.cases += t.cases;
      // Its start-up apart from its cases: the time to its first member ready, then to its last verdicts.
      if (typeof t.startupMs === 'number' && typeof t.lastVerdictMs === 'number') {
        total.startupMs += t.startupMs;
        total.judgingMs += t.lastVerdictMs - t.startupMs;
      }
      for (const [verdict, n] of Object.entries(t.verdicts)) total.verdicts[verdict] = (total.verdicts[verdict] ?? 0) + n;
      targets.set(t.name, total);
    }
    for (const f of unit.findings) {
      const first = findings.get(f.signature);
      if (first === undefined) findings.set(f.signature, { ...f, units: [unit.index] });
      else {
        first.count += f.count;
        first.units.push(unit.index);
      }
    }
    for (const [tier, counts] of Object.entries(unit.guardCoverage)) {
      const sum = guardCoverage[tier] ??= {};
      for (const [reason, n] of Object.entries(counts)) sum[reason] = (sum[reason] ?? 0) + n;
    }
  }
  const rechecked = ordered.flatMap((unit) => (unit.recheck === undefined ? [] : [unit.recheck]));
  for (const total of targets.values()) total.casesPerSecondJudging = total.judgingMs > 0 ? Math.round((total.cases * 1000) / total.judgingMs) : null;
  return {
    cases, fuzzMs, casesPerSecond: fuzzMs > 0 ? Math.round((cases * 1000) / fuzzMs) : 0, time: timeOfUnits(ordered),
    ...(rechecked.length === 0 ? {} : { recheck: sumAgreements(rechecked) }),
    targets: [...targets.values()], findings: [...findings.values()], guardCoverage, harnessErrors,
    cells: mergeCellReports(ordered.flatMap((unit) => (unit.cells === undefined ? [] : [unit.cells]))),
  };
}

/**
 * A nightly document from a file, checked enough that a merge or the dashboard can trust it.
 * @param {string} file
 * @returns {any}
 * @throws {InputError} a file that is not JSON, is truncated, or is of another schema version
 */
export function readNightly(file) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new InputError(`${file}: cannot read it (${error.code ?? error.message}); give a results file written by clonecheck nightly or merge`);
  }
  let document;
  try {
    document = JSON.parse(text);
  } catch {
    throw new InputError(`${file} is not JSON (corrupt or truncated); run that nightly again, or pass --skip-bad to leave it out`);
  }
  if (document?.command !== 'nightly') {
    throw new InputError(`${file} is not a nightly results file (command ${JSON.stringify(document?.command)}); give files written by clonecheck nightly or merge`);
  }
  if (document.schemaVersion !== NIGHTLY_SCHEMA_VERSION) {
    throw new InputError(`${file} is schema version ${JSON.stringify(document.schemaVersion)}, this clonecheck reads version ${NIGHTLY_SCHEMA_VERSION}; `
      + 'rerun it with this clonecheck, or pass --skip-bad to leave it out');
  }
  if (!Array.isArray(document.units) || !Array.isArray(document.conform) || !Array.isArray(document.shards)) {
    throw new InputError(`${file} lacks its units, conform or shards (truncated or edited?); run that nightly again, or pass --skip-bad to leave it out`);
  }
  return document;
}
