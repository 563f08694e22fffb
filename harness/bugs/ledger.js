// The bug ledger: every engine bug clonecheck knows, one JSON file per bug,
// checked in under corpus/bugs/<implementation>/<slug>.json (docs/bugs.md).
//
// A finding is what one run saw on one target; a bug is one root cause in
// one implementation (a runtime family, a browser, QuickJS-ng, a polyfill),
// whatever channel, version or seed shows it. A bug keeps what a person
// needs to triage, bisect, report and watch it get fixed: a title in words,
// its minimal program, the root difference that program shows (the shape
// triage.js matches findings by, after replaying the program), the spec
// step it breaks, where it shows and where not (target and version), the
// version range bisect.js found, a status and the upstream link.
//
// Its fields, schema `clonecheck/bug@1`, are BUG_FIELDS below: bugProblem
// checks an entry against them, and docs/bugs.md's field table is written
// from them (harness/docs/blocks.js), so a field is added in one place.

import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validate } from '../../src/index.js';
import { UsageError } from '../errors.js';
import { DECODERS } from '../../portable/decode/decoders.js';
import { VERSIONED_TARGET } from '../../portable/families/index.js';

export const LEDGER_DIR = fileURLToPath(new URL('../../corpus/bugs/', import.meta.url));
export const BUG_SCHEMA = 'clonecheck/bug@1';

/**
 * bug@1's fields, in the order a new entry has them (newBug): when an entry
 * has it (`always`; `optional`; `program`: unless it has `decode`, a
 * decoder's bug) and what it holds. bugProblem refuses an entry that lacks
 * an `always` field or has one not listed here, so a typo never passes and a
 * new field is named here first; docs/bugs.md's table of fields is written
 * from this (`node harness/docs/blocks.js`).
 * @type {Readonly<Record<string, {when: 'always' | 'optional' | 'program', holds: string}>>}
 */
export const BUG_FIELDS = Object.freeze({
  schema: { when: 'always', holds: '`"clonecheck/bug@1"`' },
  id: { when: 'always', holds: '`<implementation>/<slug>`: its file\'s path under `corpus/bugs/`' },
  title: { when: 'always', holds: 'what goes wrong, in words (`Bun copies a non-enumerable array index`)' },
  implementation: { when: 'always', holds: 'its folder: a runtime family, a browser, `quickjs`, `ref`, or `spec` (a question of the standard)' },
  status: { when: 'always', holds: '`open`, `fixed`, `intended` or `spec-pending`' },
  fixedIn: { when: 'always', holds: 'null, or the first version it passed on (a `fixed` bug)' },
  spec: { when: 'always', holds: 'null, or `{"step", "url"}`: the HTML step it breaks, as `src/html/steps.js` names it' },
  pending: { when: 'always', holds: 'null, or the spec change a `spec-pending` bug waits for (`whatwg/html#11321`)' },
  upstream: { when: 'always', holds: 'null, or `{"url", "state"}`: the engine\'s own report of it' },
  searched: { when: 'optional', holds: '`{"date", "queries", "found", "related"}`: its trackers searched (found: the url of its report, or null; related: reports near it, not of it)' },
  aliases: { when: 'optional', holds: 'the ids of the entries merged into it, still found by them' },
  root: { when: 'always', holds: '`{"category", "shape"}`: the root difference its program shows on `foundOn` (triage matches it)' },
  program: { when: 'program', holds: 'its minimal program (`clonecheck/program@2`)' },
  decode: { when: 'optional', holds: 'a decoder\'s bug instead of a program: `{"decoder", "bytes", "before"}`, root.category `decode`' },
  foundOn: { when: 'always', holds: 'the target whose replay defines `root` (`bun:clone`)' },
  alsoShownBy: { when: 'optional', holds: 'other programs of the same cause: `[{"program" (or "decode"), "foundOn", "root", "notes", "was", "shows"}]`' },
  shows: { when: 'always', holds: 'its sightings: `[{"target", "version", "shows", "checked", "other"}]`' },
  versions: { when: 'always', holds: 'null, or what bisect found: `{"runtime", "channel", "lastGood", "firstBad", "probes", "fixed"}`' },
  firstSeen: { when: 'always', holds: 'the date it was first met (YYYY-MM-DD)' },
  lastSeen: { when: 'always', holds: 'the date it was last met' },
  occurrences: { when: 'always', holds: 'how many findings it has held' },
  signatures: { when: 'always', holds: 'the signatures of those findings (history, not identity)' },
  notes: { when: 'always', holds: 'the evidence and what else a person should know' },
});

/** What a bug can be: still there, gone (since `fixedIn`), behaviour the engine means to keep, or waiting for a spec change (`pending`). */
export const STATUSES = ['open', 'fixed', 'intended', 'spec-pending'];

/**
 * The folder of a question the standard has not settled, met by several
 * implementations (whatwg/html#3557: a failed transfer list checked whole
 * before anything is detached): one `spec-pending` entry whose programs are
 * each engine's, not an entry per engine. Triage matches each engine's
 * findings against its own programs of it (bugsOf).
 */
export const QUESTIONS = 'spec';

/** An input the user must fix (a ledger file, a results file): one line, exit 2 (the CLI prints a UsageError so). */
export class InputError extends UsageError {}

/**
 * @typedef {object} Sighting  one replay of a bug's program on one target
 * @property {string} target  the target name without a version (`bun:clone`; `node@22:worker` is `node:worker`)
 * @property {string | null} version  what the runtime said it was
 * @property {boolean} shows  the replay showed the bug's root difference
 * @property {string} checked  the date (YYYY-MM-DD)
 * @property {string} [other]  the root the replay showed instead, when it showed another difference (neither the bug nor a pass)
 */

/**
 * Another program of a bug: the same root cause met by a trigger that
 * neither explains the founding program's nor is explained by it (the
 * transfer list filled by [[Set]] under a getter on Array.prototype[0] and
 * under one on Object.prototype[0]), or showing another root difference.
 * Triage matches findings against it as against the bug's own program; the
 * bug's `shows`, `repro`, `bisect` and `report` keep to the founding one (`repro` and `bisect` of an
 * alias take the program merged in under it: programNamed).
 * @typedef {object} AlsoShownBy
 * @property {any} [program]  clonecheck/program@2, minimal (a decoder's bug: `decode` instead)
 * @property {{decoder: string, bytes: number[], before?: number[][]}} [decode]
 * @property {string} foundOn  the target whose replay defines its `root`
 * @property {{category: string, shape: string}} root
 * @property {string} notes  why it is the same root cause (the evidence)
 * @property {string} [was]  the id this program's entry had before it was merged into this one (one of the bug's `aliases`)
 * @property {Sighting[]} [shows]  where that entry's program was replayed, kept from it
 */

/**
 * @typedef {object} Bug
 * @property {string} schema @property {string} id @property {string} title @property {string} implementation
 * @property {'open' | 'fixed' | 'intended' | 'spec-pending'} status
 * @property {string | null} fixedIn
 * @property {{step: string, url: string} | null} spec
 * @property {string | null} pending
 * @property {{url: string, state: string} | null} upstream  the engine's own report of it (an issue, a bug, a pull request)
 * @property {{date: string, queries: string[], found: string | null, related?: string[]}} [searched]  when its trackers were
 *   searched, for what, and what was found (its report, or reports near it)
 * @property {string[]} [aliases]  the ids of the entries merged into it (docs/bugs.md#one-entry-per-cause)
 * @property {{category: string, shape: string}} root
 * @property {any} [program]  none for a decoder's bug
 * @property {{decoder: string, bytes: number[], before?: number[][]}} [decode]  a decoder's bug (clonecheck decode): its decoder and
 *   input (and the inputs the same decoder decoded first, when its state carries the bug), and no program
 * @property {string} foundOn
 * @property {Sighting[]} shows
 * @property {AlsoShownBy[]} [alsoShownBy]
 * @property {{runtime: string, channel: string, lastGood: string | null, firstBad: string | null, probes: {version: string, verdict: string}[],
 *   fixed?: {lastBad: string | null, firstGood: string | null, probes: {version: string, verdict: string}[]}} | null} versions
 *   what bisect found: where it came in, and (fixed) where it went away
 * @property {string} firstSeen @property {string} lastSeen @property {number} occurrences
 * @property {string[]} signatures
 * @property {string} notes
 */

/** How a person names each implementation. */
const DISPLAY = { spec: 'A question of the standard', bun: 'Bun', deno: 'Deno', node: 'Node', chromium: 'Chromium', firefox: 'Firefox', webkit: 'WebKit', quickjs: 'QuickJS-ng', ref: 'The reference' };

/** @param {string} implementation @returns {string} */
export function displayName(implementation) {
  return /** @type {Record<string, string>} */ (DISPLAY)[implementation] ?? implementation;
}

/**
 * The implementation a target is of: the runtime family, browser or module
 * before its channel and version. `bun@1.3.10:worker` and `bun:clone` are
 * both `bun`; `quickjs:message` is `quickjs`; a polyfill or a user module
 * is an implementation of its own.
 * @param {string} target
 * @param {string | null} [family]  the runtime's family, when the target names a --runtime NAME=PATH binary
 * @returns {string} safe as a folder name
 */
export function implementationOf(target, family = null) {
  if (family !== null && family !== undefined && !/^(ref|polyfill|impl):/.test(target)) return family;
  const module = /^(ref|polyfill|impl):(.*)$/.exec(target);
  if (module !== null) {
    if (module[1] === 'ref') return 'ref';
    return `${module[1]}-${slugOf(module[1] === 'impl' ? basename(module[2]).replace(/\.[cm]?js$/, '') : module[2])}`;
  }
  return target.slice(0, target.lastIndexOf(':')).replace(/@.*$/, '');
}

/**
 * A target's name without its version (`bun@1.3.10:clone`, `node@22:clone`
 * → `bun:clone`, `node:clone`): where a bug shows is kept per channel, and
 * the version beside it, so that versions of one runtime are compared with
 * each other (a sighting on Node 26.12.1 is judged against the ones on 20,
 * 22, 24 and 26.10).
 * @param {string} target
 */
export function channelTargetOf(target) {
  return target.replace(VERSIONED_TARGET, '$1:');
}

/** @param {string} text @returns {string} lower-case words joined by '-', at most 64 characters */
export function slugOf(text) {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 64).replace(/-+$/, '') || 'bug';
}

/**
 * Every bug in the ledger.
 * @param {string} [directory]
 * @returns {Bug[]} ordered by id
 * @throws {InputError} a file that is not a bug
 */
export function readLedger(directory = LEDGER_DIR) {
  return readEveryBug(directory).filter((bug) => bug.decode === undefined);
}

/**
 * The decoders' bugs of the ledger (`decode` entries, clonecheck decode):
 * apart from readLedger's, whose readers replay programs.
 * @param {string} [directory]
 * @returns {Bug[]} ordered by id
 * @throws {InputError} a file that is not a bug
 */
export function readDecodeBugs(directory = LEDGER_DIR) {
  return readEveryBug(directory).filter((bug) => bug.decode !== undefined);
}

/**
 * Every bug of the ledger, a program's and a decoder's: what the commands
 * that take one bug by its id find it among (repro, report, bisect).
 * @param {string} [directory]
 * @returns {Bug[]} ordered by id
 * @throws {InputError} a file that is not a bug
 */
export function readAllBugs(directory = LEDGER_DIR) {
  return readEveryBug(directory);
}

/**
 * The id of every bug in the ledger, a program's or a decoder's: what an
 * expectation may name (conform/expectations.js checkCitations).
 * @param {string} [directory]
 * @returns {Set<string>}
 */
export function ledgerIds(directory = LEDGER_DIR) {
  return new Set(readEveryBug(directory).flatMap((bug) => [bug.id, ...(bug.aliases ?? [])]));
}

/** @param {string} directory @returns {Bug[]} */
function readEveryBug(directory) {
  if (!existsSync(directory)) return [];
  const bugs = [];
  for (const implementation of readdirSync(directory, { withFileTypes: true })) {
    if (!implementation.isDirectory()) continue;
    for (const name of readdirSync(join(directory, implementation.name)).filter((n) => n.endsWith('.json')).sort()) {
      bugs.push(readBug(join(directory, implementation.name, name), `${implementation.name}/${name.slice(0, -'.json'.length)}`));
    }
  }
  // An id names one entry: an alias that is another entry's id, or two entries' alias, would make findBug guess.
  const owners = new Map();
  for (const bug of bugs) {
    for (const name of [bug.id, ...(bug.aliases ?? [])]) {
      if (owners.has(name)) throw new InputError(`${directory}: ${name} names both ${owners.get(name)} and ${bug.id} (an id or an alias, docs/bugs.md)`);
      owners.set(name, bug.id);
    }
  }
  return bugs.sort((a, b) => (a.id < b.id ? -1 : 1));
}

/**
 * @param {string} file
 * @param {string} id  what its path says it is
 * @returns {Bug}
 * @throws {InputError}
 */
function readBug(file, id) {
  let bug;
  try {
    bug = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new InputError(`${file} is not JSON (${error instanceof Error ? error.message : error}); fix it, or delete it and let triage --update write it again`);
  }
  const problem = bugProblem(bug, id);
  if (problem !== null) throw new InputError(`${file}: ${problem} (docs/bugs.md)`);
  return bug;
}

/**
 * @param {any} bug
 * @param {string} id
 * @returns {string | null} the first thing wrong with it
 */
export function bugProblem(bug, id) {
  if (bug?.schema !== BUG_SCHEMA) return `schema ${JSON.stringify(bug?.schema)}, expected "${BUG_SCHEMA}"`;
  if (bug.id !== id) return `its id ${JSON.stringify(bug.id)} is not its path ${JSON.stringify(id)}`;
  if (bug.implementation !== id.split('/')[0]) return `its implementation ${JSON.stringify(bug.implementation)} is not its folder`;
  const unknown = Object.keys(bug).find((field) => bug[field] !== undefined && !Object.hasOwn(BUG_FIELDS, field));
  if (unknown !== undefined) return `it has a field ${JSON.stringify(unknown)} that bug@1 has not (BUG_FIELDS, harness/bugs/ledger.js)`;
  if (typeof bug.title !== 'string' || bug.title.length === 0) return 'it has no title';
  if (!STATUSES.includes(bug.status)) return `status ${JSON.stringify(bug.status)} is none of ${STATUSES.join(', ')}`;
  if (bug.status === 'fixed' && typeof bug.fixedIn !== 'string') return 'a fixed bug names the version it was fixed in (fixedIn)';
  if (bug.status === 'spec-pending' && typeof bug.pending !== 'string') return 'a spec-pending bug names the spec change it waits for (pending)';
  if (bug.implementation === QUESTIONS && bug.status !== 'spec-pending') return `an entry of ${QUESTIONS}/ is a question of the standard: status spec-pending`;
  const problem = upstreamProblem(bug.upstream) ?? searchedProblem(bug.searched) ?? aliasesProblem(bug);
  if (problem !== null) return problem;
  if (typeof bug.root?.shape !== 'string' || typeof bug.root?.category !== 'string') return 'it has no root difference (root.category, root.shape)';
  const caseProblem = bug.decode === undefined ? programProblem(bug.program) : decodeProblem(bug);
  if (caseProblem !== null) return `its ${caseProblem}`;
  if (!Array.isArray(bug.shows) || !Array.isArray(bug.signatures)) return 'it lacks shows or signatures';
  if (bug.alsoShownBy !== undefined) {
    if (!Array.isArray(bug.alsoShownBy)) return 'alsoShownBy is not a list';
    for (const [i, also] of bug.alsoShownBy.entries()) {
      const problem = alsoProblem(also, bug.decode !== undefined) ?? (also.was === undefined || bug.aliases?.includes(also.was) ? null
        : `was ${JSON.stringify(also.was)}, which is none of the bug's aliases`);
      if (problem !== null) return `alsoShownBy[${i}] ${problem}`;
    }
  }
  // Last, so that the checks above name what is wrong with a field they know: here, only that one is not there.
  const missing = Object.keys(BUG_FIELDS).find((field) => BUG_FIELDS[field].when === 'always' && !Object.hasOwn(bug, field));
  return missing === undefined ? null : `it lacks ${missing} (BUG_FIELDS, harness/bugs/ledger.js)`;
}

/** @param {any} upstream @returns {string | null} what is wrong with a bug's upstream report */
function upstreamProblem(upstream) {
  if (upstream === null || upstream === undefined) return null;
  if (typeof upstream?.url !== 'string' || !/^https:\/\//.test(upstream.url)) return 'upstream has no https url (upstream: {url, state}, or null)';
  return typeof upstream.state === 'string' && upstream.state.length > 0 ? null : 'upstream says not what state its report is in (state: open, closed, fixed, merged…)';
}

/** @param {any} searched @returns {string | null} what is wrong with the record of a search of the trackers */
function searchedProblem(searched) {
  if (searched === undefined) return null;
  if (typeof searched?.date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(searched.date)) return 'searched has no date (YYYY-MM-DD)';
  if (!Array.isArray(searched.queries) || searched.queries.length === 0 || !searched.queries.every((q) => typeof q === 'string' && q.length > 0)) {
    return 'searched names no queries (the words searched for)';
  }
  if (searched.related !== undefined && !(Array.isArray(searched.related) && searched.related.every((url) => typeof url === 'string' && /^https:\/\//.test(url)))) {
    return 'searched.related is not a list of https urls (reports near it, not of it)';
  }
  return searched.found === null || (typeof searched.found === 'string' && /^https:\/\//.test(searched.found)) ? null
    : 'searched.found is neither null (nothing found) nor the https url found';
}

/** @param {any} bug @returns {string | null} what is wrong with the ids of the entries merged into it */
function aliasesProblem(bug) {
  if (bug.aliases === undefined) return null;
  const isId = (/** @type {unknown} */ a) => typeof a === 'string' && /^[a-z0-9-]+\/[a-z0-9-]+$/.test(a) && a !== bug.id;
  return Array.isArray(bug.aliases) && bug.aliases.every(isId) ? null : 'aliases is not a list of other ids (implementation/slug) merged into it';
}

/** @param {any} program @returns {string | null} what is wrong with a bug's program, after "its" */
function programProblem(program) {
  const problems = validate(program);
  return problems.length > 0 ? `program is not valid: at ${problems[0].path}: ${problems[0].message}` : null;
}

/**
 * @param {any} bug  a decoder's bug, or another case of one (alsoShownBy)
 * @returns {string | null} what is wrong with its decode case, after "its"
 */
function decodeProblem(bug) {
  const { decoder, bytes, before = [] } = bug.decode ?? {};
  const isBytes = (/** @type {unknown} */ list) => Array.isArray(list) && list.every((b) => Number.isInteger(b) && b >= 0 && b <= 255);
  // A host's decoder by its id (portable/decode/decoders.js), or a module target's: the reference's tiers, a user's module.
  const decoders = [...DECODERS.map((d) => d.id), 'string-tiers', 'module'];
  if (!decoders.includes(decoder)) return `decode.decoder ${JSON.stringify(decoder)} is none of ${decoders.join(', ')}`;
  if (!isBytes(bytes)) return 'decode.bytes is not a list of bytes (0 to 255)';
  if (!Array.isArray(before) || !before.every(isBytes)) return 'decode.before is not a list of inputs, each a list of bytes';
  if (bug.program !== undefined) return 'decode case comes with a program; a decoder\'s bug has none';
  if (bug.root.category !== 'decode') return 'root.category is not "decode", as a decoder\'s bug\'s is';
  return null;
}

/**
 * @param {any} also @param {boolean} decoding  of a decoder's bug: another decode case, not another program
 * @returns {string | null} the first thing wrong with another program (or decode case) of a bug
 */
function alsoProblem(also, decoding) {
  if (typeof also?.foundOn !== 'string') return 'names no target it was found on (foundOn)';
  if (typeof also.root?.shape !== 'string' || typeof also.root?.category !== 'string') return 'has no root difference (root.category, root.shape)';
  if (typeof also.notes !== 'string' || also.notes.length === 0) return 'says in no notes why it is the same root cause';
  if (also.shows !== undefined && !Array.isArray(also.shows)) return 'has shows that is not a list of sightings';
  if (decoding) {
    const problem = decodeProblem(also);
    return problem === null ? null : `has a bad decode case: ${problem}`;
  }
  const problem = programProblem(also.program);
  return problem === null ? null : `has a ${problem.replace(/^program is/, 'program that is')}`;
}

/**
 * @typedef {{program?: any, decode?: Bug['decode'], foundOn: string, root: {category: string, shape: string}, was?: string}} Case  one
 *   program of a bug, or (a decoder's bug) one decode case, with where it was found and the root it shows there (`was`: the
 *   id of the entry merged in with it)
 */

/**
 * Every program of a bug (a decoder's bug: every decode case), its founding one first: what triage matches findings against.
 * @param {Bug} bug
 * @returns {Case[]}
 */
export function programsOf(bug) {
  return [{ program: bug.program, ...(bug.decode === undefined ? {} : { decode: bug.decode }), foundOn: bug.foundOn, root: bug.root }, ...(bug.alsoShownBy ?? [])];
}

/**
 * The program a name of a bug means: that of the entry merged in under that
 * name (its alias, `was`), else the founding one.
 * @param {Bug} bug @param {string} name  what findBug found it by
 * @returns {Case}
 */
export function programNamed(bug, name) {
  return programsOf(bug).find((p) => 'was' in p && (p.was === name || p.was?.endsWith(`/${name}`))) ?? programsOf(bug)[0];
}

/**
 * The bugs triage matches an implementation's findings against: its own,
 * and each question of the standard (QUESTIONS) it meets, as a bug of that
 * implementation whose programs are the question's programs found on it
 * (the first founding it) and whose sightings are those on its targets.
 * @param {Bug[]} bugs  the ledger
 * @param {string} implementation
 * @returns {Bug[]}
 */
export function bugsOf(bugs, implementation) {
  return bugs.flatMap((bug) => {
    if (bug.implementation === implementation) return [bug];
    const theirs = questionAsSeenBy(bug, [implementation]);
    return theirs === null ? [] : [{ ...theirs, implementation }];
  });
}

/**
 * A question of the standard (QUESTIONS) as some implementations meet it: their programs of it (the first founding
 * it) and their sightings; null for another entry, or a question they have no program of.
 * @param {Bug} bug @param {string[]} implementations
 * @returns {Bug | null}
 */
export function questionAsSeenBy(bug, implementations) {
  if (bug.implementation !== QUESTIONS) return null;
  const [first, ...rest] = programsOf(bug).filter((p) => implementations.includes(implementationOf(p.foundOn)));
  if (first === undefined) return null;
  return {
    ...bug, program: first.program, foundOn: first.foundOn, root: first.root,
    alsoShownBy: /** @type {AlsoShownBy[]} */ (rest), shows: bug.shows.filter((s) => implementations.includes(implementationOf(s.target))),
  };
}

/**
 * Writes one bug to its file, keys in the schema's order.
 * @param {Bug} bug
 * @param {string} [directory]
 * @returns {string} the file
 */
export function writeBug(bug, directory = LEDGER_DIR) {
  const file = join(directory, `${bug.id}.json`);
  mkdirSync(join(directory, bug.implementation), { recursive: true });
  writeFileSync(file, `${JSON.stringify(bug, null, 2)}\n`);
  return file;
}

/**
 * A new bug, as triage proposes it: a program's, or (`decode` instead of a program) a decoder's.
 * @param {{implementation: string, title: string, root: {category: string, shape: string}, program?: any, decode?: Bug['decode'],
 *   foundOn: string, shows: Sighting[], signatures: string[], occurrences: number, date: string, notes?: string}} what
 * @param {Set<string>} taken  the ids in use
 * @returns {Bug}
 */
export function newBug({ implementation, title, root, program, decode, foundOn, shows, signatures, occurrences, date, notes = '' }, taken) {
  const id = proposedId(implementation, title, taken);
  return {
    schema: BUG_SCHEMA, id, title, implementation, status: 'open', fixedIn: null, spec: null, pending: null, upstream: null,
    root, ...(decode === undefined ? { program } : { decode }), foundOn, shows, versions: null, firstSeen: date, lastSeen: date, occurrences, signatures, notes,
  };
}

/**
 * A new bug's id: its implementation and its title's words after the
 * engine's name, with `-2`, `-3`, … when that is in use.
 * @param {string} implementation @param {string} title
 * @param {Set<string>} taken  the ids in use; the new one is added
 * @returns {string}
 */
export function proposedId(implementation, title, taken) {
  const base = `${implementation}/${slugOf(title.replace(/^\S+\s+/, ''))}`;
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  taken.add(id);
  return id;
}

/**
 * Finds a bug by id, or by the end of its id (`copies-a-non-enumerable-array-index`), or by the id
 * of an entry merged into it (its aliases: an old reference still finds the cause).
 * @param {Bug[]} bugs
 * @param {string} wanted
 * @returns {Bug}
 * @throws {InputError}
 */
export function findBug(bugs, wanted) {
  const exact = bugs.find((bug) => bug.id === wanted) ?? bugs.find((bug) => bug.aliases?.includes(wanted));
  if (exact !== undefined) return exact;
  const ending = bugs.filter((bug) => [bug.id, ...(bug.aliases ?? [])].some((id) => id.endsWith(`/${wanted}`)));
  if (ending.length === 1) return ending[0];
  if (ending.length > 1) throw new InputError(`${wanted} names ${ending.length} bugs (${ending.map((b) => b.id).join(', ')}); give the whole id`);
  throw new InputError(`no bug ${wanted} in the ledger; 'clonecheck bugs' lists them`);
}
