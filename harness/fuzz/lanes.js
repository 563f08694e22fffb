// The lane a chunk's program runs in. A run is cut into chunks of
// CHUNK_SIZE cases, drawn in order with their own seeds and steering
// (fuzzers/steering.js); schedule.js splits each chunk by lane.

/**
 * The lane a program runs in (harness/fuzz/schedule.js): 'polluting' when it has
 * realm steps, which invalidate V8's protectors for the whole isolate.
 * @param {any} program
 * @returns {'clean' | 'polluting'}
 */
export function laneOf(program) {
  return program.sender !== undefined || program.receiver !== undefined ? 'polluting' : 'clean';
}
