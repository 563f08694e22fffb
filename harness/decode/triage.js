// A decode run's findings (`clonecheck decode --json`) against the ledger's
// decoders' bugs, for `clonecheck triage`: the same answer triage.js gives
// for a fuzz run (known, new, fixed, regressed, unreproduced, sightings), so
// that the triage command prints it, writes its document and updates the
// ledger from both alike. A decoder's bug is one implementation's decoder
// and root, as `clonecheck decode` names its findings (findings.js
// knownBug), checked by replaying cases, not by reading the run's names:
//  - each bug's case of a decoder is replayed on every target the run ran of
//    its implementation with that decoder: its sightings there, and from
//    them fixed and regressed (triage.js checkSightings);
//  - each finding's case is replayed on its own target: one that passes now
//    is unreproduced; one that shows a known bug's root with its decoder is
//    that bug;
//  - the others, one implementation's with one root, found one proposed
//    entry per trigger (causes.js triggerOf, same-bug.js explains: the
//    fewest features found it); its other decoders' cases are its
//    alsoShownBy, as the ledger keeps the overlong C0 80 of Bun's
//    TextDecoder and Buffer#toString('utf8').
// A decoder module's or the reference tiers' findings decode strings of a
// buffer, which a ledger case does not hold: they are left to `decode
// --replay` and counted apart.

import { explains } from '../../portable/bugs/same-bug.js';
import { decoderNamed } from '../../portable/decode/decoders.js';
import { ENCODING_ALGORITHMS } from '../../src/encoding/steps.js';
import { InputError, implementationOf, newBug, programsOf } from '../bugs/ledger.js';
import { checkSightings, draftTitle, sighting } from '../bugs/triage.js';
import { triggerOf } from './causes.js';
import { knownBug, replayArgument } from './findings.js';

/** The schema of `clonecheck decode --json`'s results file. */
export const DECODE_RESULTS_SCHEMA = 'clonecheck/decode-results@1';

/**
 * @typedef {import('../bugs/triage.js').RunFinding & {decode: import('./ledger-case.js').DecodeCase, spec: {step: string, url: string} | null}} DecodeRunFinding
 *   a decode finding as triage reads it: its case (no program), and the step its run named
 * @typedef {(decode: import('./ledger-case.js').DecodeCase, target: string) => Promise<{shown: import('../bugs/root.js').Shown, version: string | null}>} DecodeReplay
 *   one case on one RUNTIME:DECODER target: what it shows, and the runtime's version
 */

/** @param {string} name @returns {string} the decoder of `RUNTIME[@VERSION]:DECODER` */
const decoderOf = (name) => name.slice(name.lastIndexOf(':') + 1);

/** @param {string} name @returns {boolean} a host's own decoder, whose findings a ledger case holds */
const isHostDecoder = (name) => !/^(ref|decoder):/.test(name) && decoderNamed(decoderOf(name)) !== undefined;

/**
 * @param {any} document  a parsed `decode --json` results file
 * @param {string} file  where it came from, for messages
 * @returns {{findings: DecodeRunFinding[], ran: import('../bugs/triage.js').RanTarget[], skipped: number}}  skipped: findings of
 *   a decoder module or the reference's tiers
 * @throws {InputError}
 */
export function decodeRunFindings(document, file) {
  if (document?.schema !== DECODE_RESULTS_SCHEMA || !Array.isArray(document.findings) || !Array.isArray(document.targets)) {
    throw new InputError(`${file} is not a results file of clonecheck decode --json (schema ${JSON.stringify(document?.schema)})`);
  }
  // A host's target says `node 22.23.3`; a module's, its path.
  const ran = document.targets.filter((/** @type {any} */ t) => isHostDecoder(t.name))
    .map((/** @type {any} */ t) => ({ name: t.name, version: /^\S+ (\d[\w.]*)$/.exec(t.version ?? '')?.[1] ?? null }));
  const mine = document.findings.filter((/** @type {any} */ f) => isHostDecoder(f.target));
  const findings = mine.flatMap((/** @type {any} */ f) => {
    // A crash's or hang's case is its input, when its heartbeat named it; without one there is nothing to replay.
    const given = f.difference ?? f.input;
    if (given === undefined) return [];
    const decode = { decoder: decoderOf(f.target), bytes: given.bytes, ...(given.before?.length > 0 ? { before: given.before } : {}) };
    const algorithm = f.difference?.algorithm;
    const url = ENCODING_ALGORITHMS[algorithm]?.url;
    return [{
      signature: `${f.target} --replay ${replayArgument({ bytes: given.bytes, before: given.before })}`, target: f.target,
      version: ran.find((t) => t.name === f.target)?.version ?? null, count: 1, program: undefined, decode,
      spec: url === undefined ? null : { step: f.difference.step === '' ? algorithm : `${algorithm} step ${f.difference.step}`, url },
    }];
  });
  return { findings, ran, skipped: document.findings.length - findings.length };
}

/**
 * @param {DecodeRunFinding[]} findings
 * @param {import('../bugs/ledger.js').Bug[]} bugs  the ledger's decoders' bugs (readDecodeBugs)
 * @param {{ran: import('../bugs/triage.js').RanTarget[], replay: DecodeReplay, date: string, taken: Set<string>}} run
 *   taken: the ids in use (the whole ledger's, and those a program triage proposed); the new ones are added
 * @returns {Promise<import('../bugs/triage.js').Triage>}
 */
export async function triageDecodes(findings, bugs, { ran, replay, date, taken }) {
  /** @type {import('../bugs/triage.js').Triage} */
  const result = { known: [], new: [], unconfirmed: [], fixed: [], regressed: [], unreproduced: [], sightings: new Map() };
  const targets = [...ran];
  for (const f of findings) if (!targets.some((t) => t.name === f.target)) targets.push({ name: f.target, version: f.version });

  // 1. Each bug's case on every target of its implementation with that decoder: where it shows now.
  for (const bug of bugs) {
    const now = [];
    for (const target of targets.filter((t) => implementationOf(t.name) === bug.implementation)) {
      const mine = programsOf(bug).find((c) => c.decode?.decoder === decoderOf(target.name));
      if (mine === undefined) continue;
      const { shown, version } = await replay(/** @type {import('./ledger-case.js').DecodeCase} */ (mine.decode), target.name);
      const seen = sighting({ name: target.name, version: version ?? target.version }, shown, mine.root, date);
      if (seen !== null) now.push(seen);
    }
    if (now.length === 0) continue;
    result.sightings.set(bug.id, now);
    checkSightings(bug, now, result);
  }

  // 2. Each finding's case on its own target: the bug it is, or unknown.
  /** @type {{finding: DecodeRunFinding, root: import('../bugs/root.js').Root, implementation: string, features: Set<string>}[]} */
  const unknown = [];
  for (const finding of findings) {
    const { shown } = await replay(finding.decode, finding.target);
    if (typeof shown !== 'object') {
      result.unreproduced.push(finding);
      continue;
    }
    const implementation = implementationOf(finding.target);
    const bug = knownBug(bugs, /** @type {any} */ ({ implementation, decoder: finding.decode.decoder }), shown.shape);
    if (bug === undefined) {
      const features = shown.category === 'crash' ? new Set([finding.signature])
        : triggerOf(/** @type {any} */ ({ spec: { kind: 'builtin', decoder: finding.decode.decoder } }), finding.decode);
      unknown.push({ finding, root: shown, implementation, features });
      continue;
    }
    const known = result.known.find((k) => k.bug === bug.id);
    if (known === undefined) result.known.push({ bug: bug.id, title: bug.title, status: bug.status, findings: [finding], targets: [finding.target], count: finding.count });
    else {
      known.findings.push(finding);
      known.targets = [...new Set([...known.targets, finding.target])];
      known.count += finding.count;
    }
  }

  // 3. New bugs: one implementation's findings of one root, the fewest features first, each joining a group whose trigger
  // explains it or founding one.
  /** @type {(typeof unknown)[]} */
  const groups = [];
  for (const u of unknown.sort((a, b) => a.features.size - b.features.size)) {
    const group = groups.find(([first]) => first.implementation === u.implementation && first.root.shape === u.root.shape && explains(first.features, u.features));
    if (group === undefined) groups.push([u]);
    else group.push(u);
  }
  for (const [founder, ...rest] of groups) {
    const { implementation, root, finding } = founder;
    const shows = [];
    for (const target of targets.filter((t) => implementationOf(t.name) === implementation && decoderOf(t.name) === finding.decode.decoder)) {
      const { shown, version } = await replay(finding.decode, target.name);
      const seen = sighting({ name: target.name, version: version ?? target.version }, shown, root, date);
      if (seen !== null) shows.push(seen);
    }
    // Its other decoders' cases (one each): the same cause met through another API.
    const others = rest.filter((r, i) => r.finding.decode.decoder !== finding.decode.decoder
      && rest.findIndex((s) => s.finding.decode.decoder === r.finding.decode.decoder) === i);
    const api = /** @type {import('../../portable/decode/decoders.js').DecoderDescriptor} */ (decoderNamed(finding.decode.decoder)).api;
    const bug = newBug({
      implementation, title: draftTitle(implementation, `${api}, ${root.shape}`), root, decode: finding.decode, foundOn: finding.target, shows,
      signatures: [...new Set([founder, ...rest].map((m) => m.finding.signature))].sort(),
      occurrences: founder.finding.count + rest.reduce((n, r) => n + r.finding.count, 0), date,
      notes: 'Proposed by clonecheck triage from a decode run; its title is drafted from the root difference: say it in words, check the spec step, the status and the upstream link.',
    }, taken);
    bug.spec = finding.spec;
    if (others.length > 0) {
      bug.alsoShownBy = others.map((o) => ({
        decode: o.finding.decode, foundOn: o.finding.target, root: o.root,
        notes: `Proposed by clonecheck triage: the same root through ${o.finding.decode.decoder}, its shrunk input explained by the founding one's trigger.`,
      }));
    }
    result.new.push({ bug, findings: [founder, ...rest].map((m) => m.finding) });
  }
  return result;
}
