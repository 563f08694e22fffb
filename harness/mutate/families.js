// The families of mutants `clonecheck mutate` runs, one descriptor each:
// which tiers they break, how to list them, and what decides a kill. The
// clone tiers' mutants (mutants.js) are fuzzed as targets (run.js); the
// string tiers' (harness/mutate/string-mutants.js) are checked by the string
// tiers' differential check (strings.js). The command reads only this table.

import { allMutants } from './mutants.js';
import { runMutants } from './run.js';
import { runStringMutants, stringMutants } from './strings.js';

/**
 * @typedef {object} RunOptions  the same for every family
 * @property {number} seed
 * @property {number} [runs]
 * @property {number} [timeLimitMs]
 * @property {number} workers  the clone family's fuzz threads
 * @property {number} timeoutMs  the clone family's case timeout
 * @property {() => boolean} shouldStop
 * @property {(result: import('./run.js').MutantRun, index: number, total: number) => void} onResult
 */

/**
 * @typedef {object} ListedMutant  what --list and --mutant see of any mutant
 * @property {'clone' | 'strings'} family
 * @property {string} id
 * @property {string} tier
 * @property {string} kind
 * @property {string} description
 */

/**
 * A family's descriptor: what `clonecheck mutate` reads of it.
 * @typedef {object} MutantFamily
 * @property {string} tiers  the tiers its mutants break, for --list
 * @property {() => ListedMutant[]} mutants
 * @property {(mutants: any[], options: RunOptions) => Promise<import('./run.js').FamilyOutcome>} run
 */

/** In the order a run takes them. */
export const MUTANT_FAMILIES = Object.freeze(/** @satisfies {Record<string, MutantFamily>} */ ({
  clone: {
    tiers: 'the clone tiers (src/tiers/), each mutant fuzzed as a target against the spec path',
    /** @returns {(import('./mutants.js').Mutant & {family: 'clone'})[]} */
    mutants: () => allMutants().map((m) => ({ ...m, family: /** @type {const} */ ('clone') })),
    /** @param {any[]} mutants @param {RunOptions} options */
    run: (mutants, options) => runMutants({ mutants, ...options }),
  },
  strings: {
    tiers: "the string tiers (src/encoding/tiers/), each mutant checked by the string tiers' differential check against the exact path",
    mutants: stringMutants,
    /** @param {any[]} mutants @param {RunOptions} options */
    run: (mutants, options) => runStringMutants({ mutants, ...options }),
  },
}));

/** @typedef {keyof typeof MUTANT_FAMILIES} FamilyName */
export const FAMILY_NAMES = /** @type {FamilyName[]} */ (Object.keys(MUTANT_FAMILIES));
