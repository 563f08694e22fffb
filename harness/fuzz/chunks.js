// A run is cut into chunks of CHUNK_SIZE cases. Chunk k draws its cases from
// its own seed, derived from the run's seed, so a run is the same for a given
// seed whatever the number of threads, any case can be replayed alone as
// (chunk seed, index in the chunk) — fast-check's `seed` and `path` — and a
// long run hands out work in small pieces (progress, Ctrl-C).

import fc from 'fast-check';

export const CHUNK_SIZE = 500;

/**
 * The seed of chunk `index` of a run seeded with `seed` (int32).
 * @param {number} seed @param {number} index
 */
export function chunkSeed(seed, index) {
  return (seed + Math.imul(index, 0x9e3779b1)) | 0;
}

/**
 * The programs of chunk `index` of a run seeded with `seed`: the first
 * `numRuns` (at most CHUNK_SIZE) that `arbitrary` draws from the chunk's seed.
 * @param {import('fast-check').Arbitrary<any>} arbitrary @param {number} seed @param {number} index @param {number} numRuns
 * @returns {any[]}
 */
export function chunkPrograms(arbitrary, seed, index, numRuns) {
  return fc.sample(arbitrary, { seed: chunkSeed(seed, index), numRuns });
}

/**
 * The lane a program runs in (harness/fuzz/schedule.js): 'polluting' when it has
 * realm steps, which invalidate V8's protectors for the whole isolate.
 * @param {any} program
 * @returns {'clean' | 'polluting'}
 */
export function laneOf(program) {
  return program.sender !== undefined || program.receiver !== undefined ? 'polluting' : 'clean';
}
