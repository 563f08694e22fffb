// Boxed primitives: every wrapper kind, special numbers and symbols included.

import fc from 'fast-check';
import { primitiveValue, symbolValue } from '../arbitraries/primitives.js';

/** Boxed primitives, every wrapper kind, special numbers and symbols included. */
export const boxedGraph = fc
  .array(fc.oneof({ weight: 4, arbitrary: primitiveValue }, { weight: 1, arbitrary: symbolValue }).filter((v) => v !== null && !(typeof v === 'object' && 'undefined' in v)), { minLength: 1, maxLength: 3 })
  .map((values) => ({
    root: { ref: 0 },
    objects: [{ kind: 'array', items: values.map((_, i) => ({ ref: i + 1 })) }, ...values.map((value) => ({ kind: 'boxed', value }))],
  }));
