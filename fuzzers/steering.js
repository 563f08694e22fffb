// Steered generation: a run's cases are drawn chunk by chunk, and each
// chunk also draws programs for the cells of the map (cells.js) that the
// chunks before it hit least, as a coverage-guided fuzzer steers toward new
// edges, but at the level of the standard's semantics. Unsteered, the mix
// reaches a dense Int32 array the tier takes meeting a setter on its own
// index in the receiving realm about once in 3,000 cases (census --seed 21
// --runs 20000: 7 such programs); steered, every cell of the map is drawn
// within the first few thousand cases.
//
// A run stays deterministic: chunk k's plan depends only on what chunks
// 0..k-1 drew, and chunks are drawn in order, once, on one thread. Chunk
// k draws its cases from its own seed, derived from the run's seed, so any
// case can be replayed alone as (chunk seed, index in the chunk, plan):
// fast-check's `seed` and `path`, and the cells it was steered toward.

import fc from 'fast-check';
import { cellsOf, reachableCells } from './cells.js';
import { taggedCasePrograms } from './programs.js';

/** Cases per chunk: the unit of work handed out (progress, Ctrl-C) and of steering. */
export const CHUNK_SIZE = 500;

/**
 * Cells a chunk steers toward. With the default weights a chunk has about
 * 250 steered cases, about one per cell: measured over seeds 1, 2, 3, 21,
 * the cells the unsteered mix draws at most 3 times in 20,000 cases are
 * first drawn at case 3,526 on average with 64 cells a plan, 2,284 with
 * 128, 1,717 with 256 (unsteered: 13,601, counting a cell never drawn as
 * 20,000).
 */
const PLAN_SIZE = 256;

/**
 * A cell drawn this often is no longer steered toward: steering fades once
 * every cell has been met a few times, and the run goes on with the
 * unsteered mix. Steered cases are mostly polluting ones (14 of the 15
 * pollution classes), which run in the slower lane (harness/fuzz/schedule.js).
 */
const RARE = 4;

/**
 * Planes steered toward fewer times: a sizes cell's case costs up to a
 * hundred times a small one (docs/fuzzing.md, "Sizes past engine
 * thresholds"), and 80 of them in a run's first chunks took node:clone's
 * 5,000-case run from 169 to 95 cases/s; once each is enough to meet it.
 * @type {Record<string, number>}
 */
const RARE_IN_PLANE = { sizes: 1 };

/**
 * The seed of chunk `index` of a run seeded with `seed` (int32).
 * @param {number} seed @param {number} index
 */
export function chunkSeed(seed, index) {
  return (seed + Math.imul(index, 0x9e3779b1)) | 0;
}

/** FNV-1a of a string: each cell's fixed tie-breaker, mixed with a chunk's seed. @param {string} text */
function hashOf(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * What a run drew, by cell (the `cells` section of a results file and of
 * `clonecheck census --json`).
 * @typedef {object} CellReport
 * @property {number} steer  the steering weight (0: unsteered)
 * @property {number} cells  reachable cells
 * @property {number} hit  cells drawn at least once
 * @property {Record<string, {cells: number, hit: number}>} planes
 * @property {{id: string, hits: number, firstCase: number}[]} byCell  every reachable cell, in map order
 */

export class SteeredRun {
  /**
   * @param {{seed: number, weights?: Record<string, number>}} options
   */
  constructor({ seed, weights = {} }) {
    this.seed = seed;
    this.weights = weights;
    this.steer = weights.steer ?? 4;
    this.cells = reachableCells(weights);
    /** @type {Map<string, number>} hits by cell id */
    this.hits = new Map([...this.cells.keys()].map((id) => [id, 0]));
    /** @type {Map<string, number>} the first case that drew each cell */
    this.firstCase = new Map();
    /** @type {Map<string, number>} cells drawn that the map does not list: a strategy's new perturbation, say (a test keeps this empty) */
    this.unlisted = new Map();
    /** @type {Map<number, import('./cells.js').Cell[]>} each chunk's plan, for replaying its cases (shrinking) */
    this.plans = new Map();
    this.tieBreaks = new Map([...this.cells.keys()].map((id) => [id, hashOf(id)]));
    this.nextChunk = 0;
  }

  /**
   * The cells chunk `chunk` steers toward: the least hit so far of those
   * still rare, ties broken by the chunk's seed (so that equally empty
   * cells take turns).
   * @param {number} chunk
   * @returns {import('./cells.js').Cell[]}
   */
  planFor(chunk) {
    if (this.steer === 0) return [];
    const mix = chunkSeed(this.seed, chunk);
    const order = (id) => Math.imul((this.tieBreaks.get(id) ?? 0) ^ mix, 0x85ebca6b) >>> 0;
    const rare = (id) => (this.hits.get(id) ?? 0) < (RARE_IN_PLANE[/** @type {any} */ (this.cells.get(id)).plane] ?? RARE);
    const ids = [...this.cells.keys()].filter(rare).sort((a, b) => (this.hits.get(a) ?? 0) - (this.hits.get(b) ?? 0) || order(a) - order(b));
    return ids.slice(0, PLAN_SIZE).map((id) => /** @type {import('./cells.js').Cell} */ (this.cells.get(id)));
  }

  /**
   * Draws chunk `chunk`: its first `numRuns` cases, tags included. Chunks
   * must be drawn in order, each once: the plan of one depends on the
   * chunks before it.
   * @param {number} chunk @param {number} numRuns
   */
  draw(chunk, numRuns) {
    if (chunk !== this.nextChunk) throw new Error(`SteeredRun: chunk ${chunk} drawn out of order (next is ${this.nextChunk})`);
    this.nextChunk += 1;
    const plan = this.planFor(chunk);
    this.plans.set(chunk, plan);
    const drawn = fc.sample(taggedCasePrograms(this.weights, plan), { seed: chunkSeed(this.seed, chunk), numRuns });
    drawn.forEach(({ tags }, index) => { if (tags !== null) this.count(tags, chunk * CHUNK_SIZE + index); });
    return drawn;
  }

  /** @param {import('./cells.js').Tags} tags @param {number} caseIndex */
  count(tags, caseIndex) {
    for (const id of cellsOf(tags)) {
      const hits = this.hits.get(id);
      if (hits === undefined) {
        this.unlisted.set(id, (this.unlisted.get(id) ?? 0) + 1);
        continue;
      }
      this.hits.set(id, hits + 1);
      if (hits === 0) this.firstCase.set(id, caseIndex);
    }
  }

  /** The plan chunk `chunk` was drawn with (a case's replay needs it). @param {number} chunk */
  planOf(chunk) {
    return this.plans.get(chunk) ?? [];
  }

  /** @returns {CellReport} */
  report() {
    /** @type {Record<string, {cells: number, hit: number}>} */
    const planes = {};
    const byCell = [];
    for (const [id, cell] of this.cells) {
      const hits = this.hits.get(id) ?? 0;
      const plane = planes[cell.plane] ??= { cells: 0, hit: 0 };
      plane.cells += 1;
      if (hits > 0) plane.hit += 1;
      byCell.push({ id, hits, firstCase: this.firstCase.get(id) ?? -1 });
    }
    return { steer: this.steer, cells: this.cells.size, hit: byCell.filter((c) => c.hits > 0).length, planes, byCell };
  }
}

/**
 * Several runs' cell maps as one (a nightly's units, each its own fuzz
 * run): hits add up; a cell's first case is kept only from a single run, as
 * case numbers of different runs do not compare.
 * @param {CellReport[]} reports
 * @returns {CellReport | undefined}
 */
export function mergeCellReports(reports) {
  if (reports.length === 0) return undefined;
  if (reports.length === 1) return reports[0];
  /** @type {Map<string, {id: string, hits: number, firstCase: number}>} */
  const byCell = new Map();
  /** @type {Record<string, {cells: number, hit: number}>} */
  const planes = {};
  for (const report of reports) {
    for (const c of report.byCell) {
      const sum = byCell.get(c.id) ?? { id: c.id, hits: 0, firstCase: -1 };
      sum.hits += c.hits;
      byCell.set(c.id, sum);
    }
  }
  for (const c of byCell.values()) {
    const plane = planes[c.id.slice(0, c.id.indexOf(':'))] ??= { cells: 0, hit: 0 };
    plane.cells += 1;
    if (c.hits > 0) plane.hit += 1;
  }
  const all = [...byCell.values()];
  return { steer: reports[0].steer, cells: all.length, hit: all.filter((c) => c.hits > 0).length, planes, byCell: all };
}
