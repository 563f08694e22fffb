// The lane a case runs in, by the realms its program pollutes. A run is cut
// into chunks of CHUNK_SIZE cases, drawn in order with their own seeds and
// steering (fuzzers/steering.js); schedule.js splits each chunk by lane, and
// each thread, agent or page of the run serves one lane for its whole life.
//
// Why: a realm step (an accessor on Array.prototype, say) flips state that
// never flips back in that realm: V8's protectors (array iteration, species,
// no elements on the prototypes) and JavaScriptCore's "having a bad time".
// A member whose sending realm had such a step once takes the slow path on
// every later case, so a fast-path bug of a case with no sender steps hides
// there. Measured 2026-12-02 on Bun 1.4.5 (bun:worker): a Double array sent
// to a worker whose Array.prototype has an indexed getter lands as null in a
// fresh agent, and as the array after one earlier case with that getter on
// the sender's side. A case's own steps flip the same state before its
// clone, so a member whose history polluted only the realms the case itself
// pollutes judges it as a fresh one would, as far as these one-way states go:
// one lane per combination of sender and receiver steps, and per side, of
// whether they put an element where array fast paths look (below).
// (fuzz --recheck measures what is left: harness/fuzz/recheck.js.)

import { isArrayIndex } from '../../src/abstract-ops/object-operations.js';

/**
 * A side's steps come in two kinds of lane. A step that puts an element
 * where array fast paths look flips states that never flip back:
 * JavaScriptCore has "a bad time" for the whole realm once any prototype
 * gets an indexed accessor or read-only index, and V8 drops its
 * no-elements protector once Array.prototype or Object.prototype gets any
 * element. A member that once ran such a step keeps those fast paths off
 * for a later case without one, so the two kinds never share a member.
 * Measured 2026-12-02, bun:worker seed 21 (20,000 cases, 1,026 fresh
 * replays): with one receiver lane, 3 cases deviated in the run ("a Double
 * array lands as null") and passed fresh, each after a case with an index
 * on Object.prototype; bun:broadcast seed 21 (2,000 cases, 115 replays):
 * case 865, whose String.prototype[0] is a writable method, deviated only
 * after a case with a getter there (delta debugging over its member's
 * history). With these lanes, 0 of either (docs/fuzzing.md).
 * @typedef {'clean' | 'sender' | 'sender-elements' | 'receiver' | 'receiver-elements' | 'both'} Lane
 */

/** Every lane, in the order the run's slots are bound to them (schedule.js laneOfSlot). */
export const LANES = /** @type {const} */ (['clean', 'sender', 'sender-elements', 'receiver', 'receiver-elements', 'both']);

/** The prototypes any element on which V8's no-elements protector watches. */
const ARRAY_CHAIN = ['Array.prototype', 'Object.prototype'];

/** @param {any} step a realm step @returns {boolean} whether it flips a state array fast paths check (above) */
function flipsElements(step) {
  if (typeof step.key !== 'string' || !isArrayIndex(step.key) || step.delete === true) return false;
  return ARRAY_CHAIN.includes(step.on) || step.get !== undefined || step.set !== undefined || step.writable === false;
}

/**
 * @param {any} program
 * @returns {Lane} by the realms its steps pollute, and how
 */
export function laneOf(program) {
  const sender = program.sender !== undefined;
  const receiver = program.receiver !== undefined;
  if (sender && receiver) return 'both';
  if (sender) return program.sender.some(flipsElements) ? 'sender-elements' : 'sender';
  if (receiver) return program.receiver.some(flipsElements) ? 'receiver-elements' : 'receiver';
  return 'clean';
}

/** @param {any} program @returns {boolean} whether it has realm steps on either side */
export function pollutes(program) {
  return laneOf(program) !== 'clean';
}
