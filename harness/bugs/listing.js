// The ledger as a list (`clonecheck bugs`, docs/bugs.md#listing-the-ledger):
// which causes a filter keeps, in what order (the most severe open ones
// first), and the line and the counts a person reads. Nothing here replays;
// `bugs --check` (harness/commands/bugs.js) does, from homePrograms.

import { InputError, QUESTIONS, STATUSES, displayName, implementationOf, programsOf, questionAsSeenBy } from './ledger.js';
import { KINDS, compareSeverity, severityOf } from './severity.js';

/**
 * The words `--severity` takes: a kind of harm (severity.js KINDS, by index), or a qualifier.
 * @type {Readonly<Record<string, (severity: import('./severity.js').Severity) => boolean>>}
 */
export const SEVERITY_WORDS = Object.freeze({
  crash: (s) => s.kind === KINDS[0],
  data: (s) => s.kind === KINDS[1],
  throws: (s) => s.kind === KINDS[2],
  'error-type': (s) => s.kind === KINDS[3],
  script: (s) => s.kind === KINDS[4],
  polluted: (s) => s.pollution,
  clean: (s) => !s.pollution,
  eol: (s) => s.endOfLife,
  supported: (s) => !s.endOfLife,
});

/**
 * @typedef {object} Filter  what a listing keeps; every field given must hold
 * @property {string[]} [engines]  implementations (a question of the standard counts as each engine's it has programs of)
 * @property {string[]} [statuses]
 * @property {string[]} [severity]  words of SEVERITY_WORDS
 * @property {'known' | 'unknown'} [upstream]  whether the engine's own report of it is recorded
 * @property {'yes' | 'no'} [searched]  whether its trackers were searched (`searched`)
 * @property {string} [text]  in its id, aliases, title, root, notes, pending issue or upstream url (any case)
 */

/**
 * @typedef {object} Row  one cause as listed
 * @property {import('./ledger.js').Bug} bug
 * @property {import('./severity.js').Severity} severity
 */

/** @param {string} status @returns {boolean} open or waiting for the standard: the causes still to act on */
export const isLive = (status) => status === 'open' || status === 'spec-pending';

/**
 * The filter from the command's words, each list given comma-separated or repeated.
 * @param {{engine?: string[], status?: string[], severity?: string[], upstream?: string, searched?: string, text?: string}} raw
 * @param {import('./ledger.js').Bug[]} bugs  the whole ledger: the implementations an --engine may name
 * @returns {Filter}
 * @throws {InputError} a word none of the known ones
 */
export function filterOf(raw, bugs) {
  const split = (/** @type {string[] | undefined} */ given) => given?.flatMap((value) => value.split(',')).map((word) => word.trim().toLowerCase()).filter(Boolean);
  const engines = split(raw.engine);
  const implementations = [...new Set(bugs.map((bug) => bug.implementation))].sort();
  const unknown = (/** @type {string} */ flag, /** @type {string} */ word, /** @type {string[]} */ known) => new InputError(`${flag} ${word}: none of ${known.join(', ')}`);
  for (const engine of engines ?? []) if (!implementations.includes(engine)) throw unknown('--engine', engine, implementations);
  const statuses = split(raw.status);
  for (const status of statuses ?? []) if (!STATUSES.includes(status)) throw unknown('--status', status, STATUSES);
  const severity = split(raw.severity);
  for (const word of severity ?? []) if (!Object.hasOwn(SEVERITY_WORDS, word)) throw unknown('--severity', word, Object.keys(SEVERITY_WORDS));
  return {
    engines, statuses, severity, upstream: /** @type {Filter['upstream']} */ (raw.upstream), searched: /** @type {Filter['searched']} */ (raw.searched),
    text: raw.text?.toLowerCase(),
  };
}

/**
 * The causes a filter keeps, the open and pending ones first and the most severe first among them (severity.js), then
 * the rest by id.
 * @param {import('./ledger.js').Bug[]} bugs  programs' and decoders' bugs alike
 * @param {Filter} filter
 * @param {string} [today]  YYYY-MM-DD, for end of life
 * @returns {Row[]}
 */
export function listBugs(bugs, filter, today) {
  // A question of the standard, seen by the engines asked for: their programs of it and their sightings (as triage
  // reads one engine's, ledger.js bugsOf), so that its severity is theirs and --check replays their programs only.
  const { engines } = filter;
  const chosen = engines === undefined ? bugs
    : bugs.flatMap((bug) => (engines.includes(bug.implementation) ? [bug] : [questionAsSeenBy(bug, engines)].filter((b) => b !== null)));
  const rows = chosen.map((bug) => ({ bug, severity: severityOf(bug, today) })).filter((row) => keeps(row, filter));
  const live = (/** @type {Row} */ row) => (isLive(row.bug.status) ? 0 : 1);
  return rows.sort((a, b) => live(a) - live(b) || (live(a) === 0 ? compareSeverity(a.severity, b.severity) : 0) || (a.bug.id < b.bug.id ? -1 : 1));
}

/** @param {Row} row @param {Filter} filter */
function keeps({ bug, severity }, filter) {
  if (filter.statuses !== undefined && !filter.statuses.includes(bug.status)) return false;
  if (filter.severity !== undefined && !filter.severity.every((word) => SEVERITY_WORDS[word](severity))) return false;
  if (filter.upstream !== undefined && (bug.upstream !== null && bug.upstream !== undefined) !== (filter.upstream === 'known')) return false;
  if (filter.searched !== undefined && (bug.searched !== undefined) !== (filter.searched === 'yes')) return false;
  if (filter.text !== undefined) {
    const words = [bug.id, ...(bug.aliases ?? []), bug.title, bug.root.shape, bug.notes, bug.pending ?? '', bug.upstream?.url ?? ''];
    if (!words.some((word) => word.toLowerCase().includes(/** @type {string} */ (filter.text)))) return false;
  }
  return true;
}

/**
 * One cause in a line: status, id, title, and for an open or pending one its severity and what is known upstream.
 * @param {Row} row
 * @returns {string}
 */
export function rowLine({ bug, severity }) {
  const upstream = bug.upstream ? `  upstream ${bug.upstream.url} (${bug.upstream.state})` : bug.searched === undefined ? '  (not searched upstream)' : '';
  return `${bug.status.padEnd(12)} ${bug.id}  ${bug.title}${bug.fixedIn ? ` (fixed in ${bug.fixedIn})` : ''}${bug.decode ? '  [decoder]' : ''}`
    + `${isLive(bug.status) ? `  [${severity.label}]${upstream}` : ''}`;
}

/**
 * What a listing holds, counted: by status, by implementation (in the order of their ids), and what is known upstream.
 * @param {Row[]} rows
 * @returns {{statuses: Record<string, number>, implementations: Record<string, number>, upstream: number, searched: number}}
 */
export function countsOf(rows) {
  /** @param {string[]} names @returns {Record<string, number>} */
  const count = (names) => Object.fromEntries([...names.reduce((m, n) => m.set(n, (m.get(n) ?? 0) + 1), new Map())]);
  return {
    statuses: count(STATUSES.flatMap((status) => rows.filter((r) => r.bug.status === status).map(() => status))),
    implementations: count(rows.map((r) => r.bug.implementation).sort()),
    upstream: rows.filter((r) => r.bug.upstream !== null && r.bug.upstream !== undefined).length,
    searched: rows.filter((r) => r.bug.searched !== undefined).length,
  };
}

/**
 * The last line of a listing.
 * @param {Row[]} rows @param {number} total  the ledger's causes
 * @param {string} directory
 * @returns {string} `12 of 111 causes in DIR: open 10, spec-pending 2; Bun 4, Node 8; 6 reported upstream, 9 searched`
 */
export function countsLine(rows, total, directory) {
  const { statuses, implementations, upstream, searched } = countsOf(rows);
  const said = (/** @type {Record<string, number>} */ counts, /** @type {(name: string) => string} */ name) => Object.entries(counts).map(([n, c]) => `${name(n)} ${c}`).join(', ');
  return `${rows.length === total ? total : `${rows.length} of ${total}`} causes in ${directory}: ${said(statuses, (s) => s) || 'none'}`
    + `${rows.length > 0 ? `; ${said(implementations, displayName)}; ${upstream} reported upstream, ${searched} searched` : ''}`;
}

/**
 * The programs `bugs --check` replays for a cause, each on the target it was found on: its founding program, or for a
 * question of the standard, each engine's first program of it.
 * @param {import('./ledger.js').Bug} bug
 * @returns {import('./ledger.js').Case[]} (a decoder's bug: its decode case)
 */
export function homePrograms(bug) {
  const programs = programsOf(bug);
  if (bug.implementation !== QUESTIONS) return [programs[0]];
  const first = new Map();
  for (const program of programs) if (!first.has(implementationOf(program.foundOn))) first.set(implementationOf(program.foundOn), program);
  return [...first.values()];
}
