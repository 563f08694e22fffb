// Observations and differences are handed to callers as ordinary JSON-shaped
// objects and arrays (so `.map`, spread and JSON.parse'd copies all work the
// same). They are built by definition only — object literals and
// CreateDataProperty, never [[Set]] — so setters a program put on
// Object.prototype or Array.prototype never run and never change them. Text
// is made by canonicalJSON, not JSON.stringify, which would call a polluted
// toJSON.

import { CreateDataProperty } from '../spec/intrinsics.js';

/**
 * @template T
 * @param {T[]} list an ordinary array built by this module's callers
 * @param {T} item
 */
export function appendOutput(list, item) {
  CreateDataProperty(list, list.length, item);
}
