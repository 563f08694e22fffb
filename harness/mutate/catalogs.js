// The reference's two catalogs of tiers whose mutants `clonecheck mutate`
// runs, one descriptor each: which tiers they break, how to list them, and
// what decides a kill. The clone tiers' mutants (mutants.js) are fuzzed as
// targets (run.js); the string tiers' (string-mutants.js) are checked by the
// string tiers' differential check (strings.js). The command reads only this
// table.
import { allMutants } from './mutants.js';
import { runMutants } from './run.js';
import { runStringMutants, stringMutants } from './strings.js';

/**
 * @typedef {object} RunOptions  the same for every catalog
 * @property {number} seed
 * @property {number} [runs]
 * @property {number} [timeLimitMs]
 * @property {number} workers  the clone catalog's fuzz threads
 * @property {number} timeoutMs  the clone catalog's case timeout
 * @property {() => boolean} shouldStop
 * @property {(result: import('./run.js').MutantRun, index: number, total: number) => void} onResult
 */

/**
 * @typedef {object} ListedMutant  what --list and --mutant see of any mutant
 * @property {'clone' | 'strings'} catalog
 * @property {string} id
 * @property {string} tier
 * @property {string} kind
 * @property {string} description
 */

/**
 * A catalog's descriptor: what `clonecheck mutate` reads of it.
 * @typedef {object} MutantCatalog
 * @property {string} tiers  the tiers its mutants break, for --list
 * @property {() => ListedMutant[]} mutants
 * @property {(mutants: any[], options: RunOptions) => Promise<import('./run.js').CatalogOutcome>} run
 */

/** In the order a run takes them. */
export const MUTANT_CATALOGS = Object.freeze(/** @satisfies {Record<string, MutantCatalog>} */ ({
  clone: {
    tiers: 'the clone tiers (src/tiers/), each mutant fuzzed as a target against the spec path',
    /** @returns {(import('./mutants.js').Mutant & {catalog: 'clone'})[]} */
    mutants: () => allMutants().map((m) => ({ ...m, catalog: /** @type {const} */ ('clone') })),
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

/** @typedef {keyof typeof MUTANT_CATALOGS} CatalogName */
export const CATALOG_NAMES = /** @type {CatalogName[]} */ (Object.keys(MUTANT_CATALOGS));
