// Observations and differences are handed to callers as ordinary JSON-shaped
// objects and arrays (so `.map`, spread and JSON.parse'd copies all work the
// same). They are built by definition only, never by [[Set]] through an
// ordinary prototype, so setters a program put on Object.prototype or
// Array.prototype never run and never change them: objects are object
// literals (a literal defines its properties), and lists are filled while
// their prototype is null, then given Array.prototype. Both are much cheaper
// than CreateDataProperty per field (measured in V8: ~1 ns for a 5-field
// literal and ~17 ns per list element, against ~130-540 ns per
// Reflect.defineProperty call). Text is made by canonicalJSON, not
// JSON.stringify, which would call a polluted toJSON.

import { ArrayPrototype, ObjectSetPrototypeOf, newList } from '../primordials/intrinsics.js';

/**
 * A list to fill with `appendOutput`; `finishOutput` turns it into an ordinary Array.
 * @template T
 * @returns {T[]}
 */
export function outputList() {
  return newList();
}

/**
 * @template T
 * @param {T[]} list a list from `outputList`, not yet finished
 * @param {T} item
 */
export function appendOutput(list, item) {
  list[list.length] = item;
}

/**
 * @template T
 * @param {T[]} list a list from `outputList`
 * @returns {T[]} the same list, now an ordinary Array
 */
export function finishOutput(list) {
  return ObjectSetPrototypeOf(list, ArrayPrototype);
}
