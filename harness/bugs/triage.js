// Triage: a run's findings matched against the ledger by replaying programs,
// not by comparing hashes (docs/bugs.md#triage).
//
// For each implementation the run reached, every known bug's program is
// replayed on every target of that implementation the run ran, the other
// programs a bug is also shown by (ledger.js `alsoShownBy`) on the targets
// of the findings, and each finding's program on its own target and on
// those of the bugs it may be (replayMatrix: only the cells a decision
// needs), and each replay's root (root.js) is kept. Then:
//  - a finding is a known bug when the bug's program shows the finding's
//    root on the finding's target, the finding's program does not run
//    clean on the target the bug was found on (when the run reached it,
//    and, for a root a repeated delivery showed, sends it as often),
//    and one program's trigger explains the other's (same-bug.js): two
//    programs that show one root on one target, each failing on the
//    other's, with one trigger, are one root cause, whatever channel,
//    version or seed met them (the finding's program may show an earlier
//    root on the bug's target: a second bug that comes first there); with
//    triggers neither of which explains the other they are two bugs with
//    one root, which the replays alone cannot tell apart; a bug whose root
//    cause a person showed with several such programs is matched by any
//    of them;
//  - the other findings, smallest program first, found proposed bugs by
//    the same rule, so five channels that show one bug propose one bug;
//    only a shrunk program founds one: a program as it was generated holds
//    whatever else was drawn beside the trigger (a pollution, a second
//    object), so it explains no known bug's trigger, and a known bug met
//    in it would be proposed again. An unshrunk finding that no known or
//    proposed bug explains is unconfirmed (grouped by the same rule): a
//    finding to shrink before anyone can say which bug it is;
//  - a finding whose program no longer shows anything on its own target is
//    unreproduced (flaky, or a bug of the run), never counted as a bug;
//  - each known bug's replays are sightings: where it passes now but showed
//    on an older version of that target it is fixed; where it shows on a
//    target it did not affect before, or after it was fixed, it regressed.

import { REPEATED_DELIVERY, programFeatures } from '../../portable/bugs/bug-shape.js';
import { channelOfTarget } from '../../portable/targets/channels/index.js';
import { bugsOf, channelTargetOf, displayName, implementationOf, newBug, programsOf, proposedId } from './ledger.js';
import { showsRoot } from './root.js';
import { severityOf } from './severity.js';
import { acrossRuns, explains } from '../../portable/bugs/same-bug.js';
import { compareVersions } from '../../portable/families/versions.js';

/**
 * @typedef {import('./ledger.js').Bug} Bug
 * @typedef {import('./ledger.js').Sighting} Sighting
 * @typedef {import('./root.js').Shown} Shown
 * @typedef {import('./root.js').Root} Root
 * @typedef {object} RunFinding  a finding as a run reported it, with its (shrunk) program
 * @property {string} signature @property {string} target @property {string | null} version
 * @property {'deviation' | 'timeout' | 'crash'} [verdict]  a run's findings have it (shrink-unexplained.js shrinks
 *   the deviations); a regression file's has none
 * @property {any} program @property {number} count
 * @property {string} [family]  the runtime's family, for a --runtime NAME=PATH target
 * @property {string} [repro]  the command that shows it again
 * @property {string} [directory]  its finding folder
 * @property {boolean} [minimized]  false when the run could not shrink it (its budget ran out); absent: shrunk
 * @property {import('./reproducibility.js').Reproducibility} [reproducibility]  how often it shows again, as its run measured it
 *   (or triage, for one that showed nothing: measuredAgain)
 * @typedef {{name: string, version: string | null, family?: string | null}} RanTarget
 * @typedef {(programs: any[], targets: string[], options?: {fresh?: boolean}) => Promise<{shown: Shown[][], versions: (string | null)[]}>} Replay
 *   for each program, what each target showed; each target's version (its runtime's). `fresh`: in members (threads,
 *   agents, pages) started for this replay alone, where a replay may otherwise run in members earlier ones ran in
 */

/**
 * @typedef {object} Triage
 * @property {{bug: string, title: string, status: string, severity?: import('./severity.js').Severity, findings: RunFinding[], targets: string[],
 *   count: number}[]} known  ledger bugs the run met (a document written before 2026-12-02 has no severity)
 * @property {{bug: Bug, findings: RunFinding[]}[]} new  a proposed ledger entry for each new bug
 * @property {{bug: Bug, findings: RunFinding[]}[]} unconfirmed  unshrunk findings no bug explains, grouped as new bugs
 *   would be (each with the entry it would propose, not written anywhere): to shrink before they are called bugs
 * @property {{bug: string, title: string, target: string, version: string | null, showedOn: string | null}[]} fixed  no longer shows where it did on an older version
 * @property {{bug: string, title: string, target: string, version: string | null, why: string}[]} regressed
 * @property {RunFinding[]} unreproduced  findings whose program shows nothing on their own target now
 * @property {Map<string, Sighting[]>} sightings  each known bug's replays on the run's targets
 */

/**
 * @param {RunFinding[]} findings  with programs (crashes and timeouts too)
 * @param {Bug[]} bugs  the ledger
 * @param {{ran: RanTarget[], replay: Replay, date: string}} run  the run's targets (where known bugs are checked), how to replay
 * @returns {Promise<Triage>}
 */
export async function triage(findings, bugs, { ran, replay, date }) {
  /** @type {Triage} */
  const result = { known: [], new: [], unconfirmed: [], fixed: [], regressed: [], unreproduced: [], sightings: new Map() };
  const implementations = new Map();
  const add = (/** @type {string} */ implementation) => implementations.get(implementation)
    ?? implementations.set(implementation, { targets: /** @type {RanTarget[]} */ ([]), findings: /** @type {RunFinding[]} */ ([]) }).get(implementation);
  for (const target of ran) add(implementationOf(target.name, target.family)).targets.push(target);
  for (const finding of findings) {
    const group = add(implementationOf(finding.target, finding.family));
    group.findings.push(finding);
    if (!group.targets.some((/** @type {RanTarget} */ t) => t.name === finding.target)) group.targets.push({ name: finding.target, version: finding.version });
  }
  const taken = new Set(bugs.map((bug) => bug.id));
  // Each implementation's replays that wait on no decision (steps 1, 2 and 2b below) start for all of them at once
  // (replayOnTargets bounds how many run together); the decisions are then made implementation by implementation, in
  // order, as before: a cell's first replay stands, and these cells are the same whoever asks first.
  const plans = [...implementations].flatMap(([implementation, { targets, findings: theirs }]) => {
    // Its own bugs, and the questions of the standard it meets (a question's sightings and findings gather over implementations).
    const known = bugsOf(bugs, implementation);
    if (known.length === 0 && theirs.length === 0) return [];
    const names = targets.map((/** @type {RanTarget} */ t) => t.name);
    // Rows: each known bug's founding program, each finding's, then each other program a bug is also shown by.
    const others = known.flatMap((bug) => programsOf(bug).slice(1).map((also) => ({ bug, ...also })));
    const matrix = replayMatrix(replay, [...known.map((bug) => bug.program), ...theirs.map((/** @type {RunFinding} */ f) => f.program),
      ...others.map((also) => also.program)]);
    const bugRows = known.map((bug, i) => ({ bug, row: i }));
    const findingRows = theirs.map((/** @type {RunFinding} */ finding, /** @type {number} */ i) => ({ finding, row: known.length + i }));
    const otherRows = others.map((also, i) => ({ ...also, row: known.length + theirs.length + i }));
    /** @param {number[]} rows  each on its own targets, one replay per distinct target @param {(row: number) => string[]} targetsOf */
    const fillEach = async (rows, targetsOf) => {
      /** @type {Map<string, number[]>} */
      const byTarget = new Map();
      for (const row of rows) for (const target of targetsOf(row)) byTarget.set(target, [...(byTarget.get(target) ?? []), row]);
      await Promise.all([...byTarget].map(([target, those]) => matrix.fill(those, [target])));
    };
    const replayed = Promise.all([
      // 1. Every known bug on every target: where it shows now (sightings: fixed, regressed).
      matrix.fill(bugRows.map((b) => b.row), names),
      // 2. Every finding on its own target: the root it shows now.
      fillEach(findingRows.map((f) => f.row), (row) => [theirs[row - known.length].target]),
      // 2b. The bugs' other programs where the findings are: does one show a finding's root there? (Not a sighting: `shows` is the founding program's.)
      matrix.fill(otherRows.map((o) => o.row), [...new Set(theirs.map((/** @type {RunFinding} */ f) => f.target))]),
    ]);
    // Awaited in its turn below; a failure before then is not an unhandled rejection.
    replayed.catch(() => {});
    return [{ implementation, targets, theirs, known, names, matrix, bugRows, findingRows, otherRows, fillEach, replayed }];
  });
  for (const { implementation, targets, theirs, known, names, matrix, bugRows, findingRows, otherRows, fillEach, replayed } of plans) {
    const { at } = matrix;
    await replayed;
    // A results file that did not record a version (a regression file) takes the one the replay ran.
    for (const t of targets) t.version ??= matrix.versionOf(t.name);
    for (const { bug, row } of bugRows) {
      const now = targets.map((/** @type {RanTarget} */ t) => sighting(t, at(row, t.name), bug.root, date)).filter((s) => s !== null);
      result.sightings.set(bug.id, [...(result.sightings.get(bug.id) ?? []), ...now]);
      checkSightings(bug, now, result);
    }

    /** @typedef {{root: Root, target: string, row: number, features: Set<string>, findings: RunFinding[], bug?: Bug}} Group */
    // A bug is matched against its founding program on the founding target; `foundOn` may name a target of another version.
    const home = (/** @type {string} */ foundOn) => (names.includes(foundOn) ? foundOn : names.find((name) => channelTargetOf(name) === channelTargetOf(foundOn)));
    /** @type {Group[]} */
    const bugGroups = [...bugRows.map(({ bug, row }) => ({ bug, row, ...programsOf(bug)[0] })), ...otherRows]
      .map(({ bug, row, program, root, foundOn }) => ({ root, target: home(foundOn) ?? foundOn, row, features: new Set(programFeatures(program)), findings: /** @type {RunFinding[]} */ ([]), bug }));
    const shown = findingRows.map(({ finding, row }) => ({ finding, row, own: at(row, finding.target), features: new Set(programFeatures(finding.program)) }));
    /** @param {typeof shown[number]} f @param {Group} g  the group's program shows this finding's root on its target */
    const showsHere = (f, g) => typeof f.own === 'object' && showsRoot(at(g.row, f.finding.target), f.own);
    /**
     * @param {typeof shown[number]} f @param {Group} g  the cross check needs this finding's program on the group's target:
     *   not where that target clones the value once, when the finding's root showed on a repeated delivery (it cannot show there)
     */
    const needsCross = (f, g) => names.includes(g.target) && g.target !== f.finding.target
      && !(typeof f.own === 'object' && f.own.shape.startsWith(REPEATED_DELIVERY) && channelOfTarget(g.target)?.repeats === false);
    /** @param {typeof shown[number]} f @param {Group[]} groups @returns {Group | undefined} */
    const matchIn = (f, groups) => {
      // On the group's own target, this finding's program must not run clean: where it passes, its cause is its channel's own.
      // (It may show another root there, one that comes first on that channel, or not apply.)
      // And one trigger must explain the other (same-bug.js): two bugs of one implementation with one root show on each
      // other's targets alike, so the replays cannot tell a rare bug from a known look-alike; their triggers can.
      const same = groups.filter((g) => showsHere(f, g) && (!needsCross(f, g) || at(f.row, g.target) !== 'pass') && related(g.features, f.features));
      // Among several, the smallest.
      same.sort((a, b) => a.features.size - b.features.size);
      return same[0];
    };

    // 3. Known bugs: the cross checks the candidates need, then the match.
    await fillEach(shown.map((f) => f.row), (row) => {
      const f = shown[row - known.length];
      return [...new Set(bugGroups.filter((g) => showsHere(f, g) && needsCross(f, g)).map((g) => g.target))];
    });
    const unknown = [];
    for (const f of shown) {
      if (typeof f.own !== 'object') result.unreproduced.push(await measuredAgain(f.finding, replay));
      else {
        const bug = matchIn(f, bugGroups);
        if (bug === undefined) unknown.push(f);
        else bug.findings.push(f.finding);
      }
    }
    for (const bug of known) {
      // The findings of all its programs.
      const found = bugGroups.filter((g) => g.bug === bug).flatMap((g) => g.findings);
      if (found.length === 0) continue;
      const before = result.known.find((k) => k.bug === bug.id)?.findings ?? [];
      result.known = result.known.filter((k) => k.bug !== bug.id);
      result.known.push({
        bug: bug.id, title: bug.title, status: bug.status, severity: severityOf(bug, date), findings: [...before, ...found],
        targets: [...new Set([...before, ...found].map((f) => f.target))], count: [...before, ...found].reduce((n, f) => n + f.count, 0),
      });
    }

    // 4. New bugs: the unknown findings on each other's targets, smallest program first, each joining the first group it
    // matches or founding one (a shrunk one, or an unconfirmed group: unshrunk, it founds no bug; shrunk findings come
    // first, so that an unshrunk one joins the bug a shrunk one founded); then each founder on every target, where the
    // proposed bug shows.
    const unknownTargets = [...new Set(unknown.map((f) => f.finding.target))];
    await matrix.fill(unknown.map((f) => f.row), unknownTargets);
    /** @type {Group[]} */
    const newGroups = [];
    /** @type {Group[]} */
    const unconfirmedGroups = [];
    const shrunkFirst = (/** @type {typeof shown[number]} */ f) => (f.finding.minimized === false ? 1 : 0);
    for (const f of unknown.sort((a, b) => shrunkFirst(a) - shrunkFirst(b) || a.features.size - b.features.size)) {
      const group = matchIn(f, newGroups) ?? matchIn(f, unconfirmedGroups);
      if (group !== undefined) group.findings.push(f.finding);
      else (shrunkFirst(f) === 0 ? newGroups : unconfirmedGroups).push({ root: /** @type {Root} */ (f.own), target: f.finding.target, row: f.row, features: f.features, findings: [f.finding] });
    }
    await matrix.fill(newGroups.map((g) => g.row), names);
    /** @param {Group} g @param {boolean} replayed  its founder was replayed on every target */
    const proposal = (g, replayed) => {
      const [founder] = g.findings;
      return newBug({
        implementation, title: draftTitle(implementation, g.root.shape), root: g.root, program: founder.program, foundOn: founder.target,
        shows: replayed ? targets.map((/** @type {RanTarget} */ t) => sighting(t, at(g.row, t.name), g.root, date)).filter((s) => s !== null) : [],
        signatures: [...new Set(g.findings.map((f) => f.signature))].sort(), occurrences: g.findings.reduce((n, f) => n + f.count, 0), date,
        notes: 'Proposed by clonecheck triage; its title is drafted from the root difference: say it in words, add the spec step, the status and the upstream link.',
      }, taken);
    };
    for (const g of newGroups) result.new.push({ bug: proposal(g, true), findings: g.findings });
    for (const g of unconfirmedGroups) result.unconfirmed.push({ bug: proposal(g, false), findings: g.findings });
  }
  return result;
}

/**
 * What replays showed, program by target, filled on demand: a cell is
 * replayed once, and only the cells triage needs are (a known bug on every
 * target; a finding on its own target and on the targets of the bugs it
 * may be; the unknown ones on each other's targets), so that a night of
 * many findings of few bugs costs about one replay per finding.
 * @param {Replay} replay
 * @param {any[]} programs
 */
function replayMatrix(replay, programs) {
  /** @type {Map<string, Shown>} */
  const cells = new Map();
  /** @type {Map<string, string | null>} */
  const versions = new Map();
  const key = (/** @type {number} */ row, /** @type {string} */ target) => `${row}\n${target}`;
  return {
    /** @param {number[]} rows @param {string[]} targets */
    async fill(rows, targets) {
      const missing = rows.filter((row) => targets.some((target) => !cells.has(key(row, target))));
      if (missing.length === 0 || targets.length === 0) return;
      const replayed = await replay(missing.map((row) => programs[row]), targets);
      // The first replay of a cell stands: a flaky program must not change what a decision was made on.
      missing.forEach((row, i) => targets.forEach((target, j) => { if (!cells.has(key(row, target))) cells.set(key(row, target), replayed.shown[i][j]); }));
      targets.forEach((target, j) => { if (replayed.versions[j] !== null) versions.set(target, replayed.versions[j]); });
    },
    /** @param {number} row @param {string} target @returns {Shown} what it showed ('harness-error' where it was not replayed) */
    at: (row, target) => cells.get(key(row, target)) ?? 'harness-error',
    /** @param {string} target */
    versionOf: (target) => versions.get(target) ?? null,
  };
}

/** Fresh replays more that triage gives a finding which showed nothing, where its run measured nothing (fuzz --recheck does). */
const REPLAYS_AGAIN = 4;

/**
 * A finding whose program showed nothing on its target now, with how often
 * it shows in fresh replays (reproducibility.js): as its run measured it,
 * or, where the run did not, measured here, each replay in a fresh agent or
 * thread. One replay that passes does not make a finding noise.
 * @param {RunFinding} finding @param {Replay} replay
 * @returns {Promise<RunFinding>}
 */
async function measuredAgain(finding, replay) {
  if ((finding.reproducibility?.kind ?? 'unmeasured') !== 'unmeasured') return finding;
  let shown = 0;
  for (let i = 0; i < REPLAYS_AGAIN; i++) {
    const { shown: [[now]] } = await replay([finding.program], [finding.target], { fresh: true });
    if (typeof now === 'object') shown += 1;
  }
  // The replay that showed nothing counts among the fresh runs.
  const of = REPLAYS_AGAIN + 1;
  return { ...finding, reproducibility: shown > 0 ? { kind: 'flaky', shown, of } : { kind: 'never', of } };
}

/** @param {Set<string>} a @param {Set<string>} b @returns {boolean} one trigger explains the other, their types read as classes */
function related(a, b) {
  const [these, those] = [acrossRuns(a), acrossRuns(b)];
  return explains(these, those) || explains(those, these);
}

/**
 * @param {RanTarget} target
 * @param {Shown} shown
 * @param {Root} root  the bug's
 * @param {string} date
 * @returns {Sighting | null} none where the program does not apply or the replay failed
 */
export function sighting(target, shown, root, date) {
  if (shown !== 'pass' && typeof shown !== 'object') return null;
  const where = { target: channelTargetOf(target.name), version: target.version, shows: showsRoot(shown, root), checked: date };
  // Another difference than the bug's: neither the bug nor a pass (a fix would pass).
  return typeof shown === 'object' && !where.shows ? { ...where, other: shown.shape } : where;
}

/**
 * Fixed and regressed, from a known bug's sightings now against the ledger's.
 * @param {Bug} bug
 * @param {Sighting[]} now
 * @param {Triage} result
 */
export function checkSightings(bug, now, result) {
  // Versions are compared, not only told apart: a target stands for a line of releases (`node:clone` is this Node,
  // node@22 and any node@X.Y.Z), and what counts is the newest sighting at this version or an older one.
  const older = (/** @type {string | null} */ a, /** @type {string | null} */ b) => a !== null && b !== null && compareVersions(a, b) < 0;
  for (const s of now) {
    const [last] = bug.shows.filter((b) => b.target === s.target && b.version !== null && !older(s.version, b.version))
      .sort((a, b) => compareVersions(/** @type {string} */ (b.version), /** @type {string} */ (a.version)));
    if (s.shows) {
      if (bug.status === 'fixed' && !older(s.version, bug.fixedIn)) {
        result.regressed.push({ bug: bug.id, title: bug.title, target: s.target, version: s.version, why: `fixed in ${bug.fixedIn}, shows again` });
      } else if (bug.status !== 'fixed' && last !== undefined && !last.shows && last.other === undefined && older(last.version, s.version)) {
        // (A pass at this very version is a flaky sighting, not a regression.)
        result.regressed.push({ bug: bug.id, title: bug.title, target: s.target, version: s.version, why: `passed there on ${last.version}` });
      }
    } else if (bug.status === 'open' && s.other === undefined && last?.shows && older(last.version, s.version)) {
      result.fixed.push({ bug: bug.id, title: bug.title, target: s.target, version: s.version, showedOn: last.version });
    }
  }
}

/**
 * A title from the root difference, until a person writes one in words.
 * @param {string} implementation
 * @param {string} shape  e.g. `keys on array: index: missing -> data property`
 */
export function draftTitle(implementation, shape) {
  return `${displayName(implementation)}: ${shape.replace(/: ([^:]*?) -> ([^:]*)$/, ': $2 instead of $1')}`;
}

/**
 * The triage documents of several shards of one campaign as one (merge.js):
 * a known bug's findings and targets together; proposed bugs of one
 * implementation with the same root and triggers one of which explains the
 * other proposed once (shards did not replay each other's programs, so this
 * is the one place bugs are joined without a replay: `clonecheck triage` on
 * the merged run replays them). A proposal folded into another, or whose id
 * another shard gave to another bug, is renamed; the findings that name it
 * must be too.
 * @param {any[]} documents  triageDocument()s, absent for a run before the ledger
 * @returns {{bugs: any, renamed: Map<string, string>[]}}  the merged document; for each document, its proposed ids renamed
 */
export function mergeTriageDocuments(documents) {
  const present = documents.filter((d) => d !== undefined && d !== null);
  /** @type {Map<string, any>} */
  const known = new Map();
  for (const k of present.flatMap((d) => d.known)) {
    const first = known.get(k.bug);
    if (first === undefined) known.set(k.bug, { ...k, findings: [...k.findings], targets: [...k.targets] });
    else {
      first.findings.push(...k.findings);
      first.targets = [...new Set([...first.targets, ...k.targets])];
      first.count += k.count;
    }
  }
  /** @type {Map<string, {proposal: any, features: Set<string>}>} by id */
  const proposed = new Map();
  const renamed = documents.map(() => /** @type {Map<string, string>} */ (new Map()));
  // Ids of the ledger's bugs the shards met, and of the proposals kept so far.
  const taken = new Set(known.keys());
  documents.forEach((document, i) => {
    for (const n of document?.new ?? []) {
      const features = new Set(programFeatures(n.bug.program));
      const same = [...proposed.values()].find(({ proposal: { bug }, features: theirs }) => bug.implementation === n.bug.implementation
        && bug.root.shape === n.bug.root.shape && related(features, theirs));
      let id = same?.proposal.bug.id;
      if (same === undefined) {
        id = taken.has(n.bug.id) ? proposedId(n.bug.implementation, n.bug.title, taken) : (taken.add(n.bug.id), n.bug.id);
        proposed.set(id, { proposal: { ...n, bug: { ...n.bug, id }, findings: [...n.findings] }, features });
      } else same.proposal.findings.push(...n.findings);
      if (id !== n.bug.id) renamed[i].set(n.bug.id, /** @type {string} */ (id));
    }
  });
  return {
    renamed,
    bugs: {
      known: [...known.values()], new: [...proposed.values()].map((p) => p.proposal),
      // Not joined: they name no bug yet (a document before them has none).
      unconfirmed: present.flatMap((d) => d.unconfirmed ?? []),
      fixed: present.flatMap((d) => d.fixed), regressed: present.flatMap((d) => d.regressed), unreproduced: present.flatMap((d) => d.unreproduced),
      sightings: Object.assign({}, ...present.map((d) => d.sightings)),
    },
  };
}
