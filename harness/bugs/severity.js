// How much a bug of the ledger matters, computed from its programs and
// their roots, never written by hand (docs/bugs.md#severity): what the
// difference does to a user's data or program, whether it needs a polluted
// prototype to show, and whether it shows only on a release line that has
// reached its end of life (supported.js, from each family's support rule in
// portable/families/). The ledger's listing (`clonecheck bugs`) and
// `report` read it from here.

import { programsOf } from './ledger.js';
import { onlyEndOfLife } from './supported.js';

/** The kinds of harm, the worst first: a bug's kind is the worst its programs' roots show. */
export const KINDS = [
  'crash or hang',
  'silent data change',
  'throws where it must not (or the reverse)',
  'wrong error type',
  'runs script where it must not (or skips it)',
];

/**
 * @typedef {object} Severity
 * @property {string} kind  one of KINDS
 * @property {boolean} pollution  every program of it has realm steps (a polluted prototype in the sending or receiving realm)
 * @property {boolean} endOfLife  every sighting where it showed is on a version past its support (supported.js)
 * @property {string} label  in words, for a listing or a report
 * @property {number[]} order  sorts the most severe first: supported before end of life, clean before polluted, then the kind
 */

/**
 * @param {{category: string}} root
 * @returns {number} the index of its kind in KINDS
 */
export function kindOfRoot({ category }) {
  if (category === 'crash' || category === 'timeout') return 0;
  // A thrown value of another kind or type; a throw where the reference returned, or the reverse ("throws: the reference
  // X, the target does otherwise" is an outcome when the target returned, a thrown difference when it threw another).
  if (category === 'thrown') return 3;
  if (category === 'outcome') return 2;
  if (category === 'effects') return 4;
  // Everything else changes what arrives (kind, keys, value, identity, holes, lengths, buffers, decoded text) or what
  // the sender keeps (input-mutated), without an error.
  return 1;
}

/**
 * @param {import('./ledger.js').Bug} bug
 * @param {string} [today]  YYYY-MM-DD: the day end of life is judged on
 * @returns {Severity}
 */
export function severityOf(bug, today = new Date().toISOString().slice(0, 10)) {
  const programs = programsOf(bug);
  const kind = Math.min(...programs.map((p) => kindOfRoot(p.root)));
  // A decoder's bug has no program, so no realm steps.
  const pollution = bug.decode === undefined && programs.every(({ program }) => [program.sender, program.receiver].some((steps) => steps?.length > 0));
  const endOfLife = onlyEndOfLife(bug, today);
  const label = [KINDS[kind], ...(pollution ? ['only under a polluted prototype'] : []), ...(endOfLife ? ['only on end-of-life versions'] : [])].join(', ');
  return { kind: KINDS[kind], pollution, endOfLife, label, order: [Number(endOfLife), Number(pollution), kind] };
}

/**
 * @param {Severity} a @param {Severity} b
 * @returns {number} negative when a is the more severe
 */
export function compareSeverity(a, b) {
  for (let i = 0; i < a.order.length; i++) if (a.order[i] !== b.order[i]) return a.order[i] - b.order[i];
  return 0;
}
