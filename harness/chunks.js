// A run is cut into chunks of CHUNK_SIZE cases. Chunk k draws its cases from
// its own seed, derived from the run's seed, so a run is the same for a given
// seed whatever the number of threads, any case can be replayed alone as
// (chunk seed, index in the chunk) — fast-check's `seed` and `path` — and a
// long run hands out work in small pieces (progress, Ctrl-C).

export const CHUNK_SIZE = 500;

/**
 * The seed of chunk `index` of a run seeded with `seed` (int32).
 * @param {number} seed @param {number} index
 */
export function chunkSeed(seed, index) {
  return (seed + Math.imul(index, 0x9e3779b1)) | 0;
}
