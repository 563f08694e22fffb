// Containers of one kind only. The other strategies mix kinds in one
// container, so a fast path that engages only when every member has the
// same kind (a Set of numbers, an array of views over one buffer) never
// engaged; here it does, one step from the mixed case.

import fc from 'fast-check';
import { int32Number, numberValue } from '../arbitraries/numbers.js';

/** A Set of numbers only. */
const setOfNumbers = fc.array(numberValue, { maxLength: 6 }).map((values) => ({
  root: { ref: 0 },
  objects: [{ kind: 'set', values }],
}));

/** A Map from numbers to numbers only. */
const mapOfNumbers = fc.array(fc.tuple(int32Number, numberValue), { maxLength: 6 }).map((entries) => ({
  root: { ref: 0 },
  objects: [{ kind: 'map', entries }],
}));

/** An array of views over one buffer (each clone must share one buffer clone). */
const viewsOverOneBuffer = fc
  .tuple(fc.integer({ min: 1, max: 4 }), fc.constantFrom('Uint8Array', 'Int8Array', 'Uint8ClampedArray', 'DataView'))
  .map(([count, type]) => ({
    root: { ref: 0 },
    objects: [
      { kind: 'array', items: Array.from({ length: count }, (_, i) => ({ ref: i + 2 })) },
      { kind: 'arraybuffer', bytes: [1, 2, 3, 4, 5, 6, 7, 8] },
      ...Array.from({ length: count }, (_, i) => ({ kind: 'view', type, buffer: 1, byteOffset: i, length: 1 })),
    ],
  }));

/** A plain object whose one property is a function (DataCloneError, not a copy without it). */
const objectHoldingAFunction = fc.constantFrom('arrow', 'function', 'class', 'async', 'generator', 'bound').map((style) => ({
  root: { ref: 0 },
  objects: [{ kind: 'object', props: [{ key: 'f', value: { ref: 1 } }] }, { kind: 'function', style }],
}));

/** An array of Dates only (one kind of object per element, as the flat-object tier sees arrays). */
const arrayOfDates = fc.array(fc.integer({ min: -8.64e15, max: 8.64e15 }), { minLength: 1, maxLength: 4 }).map((times) => ({
  root: { ref: 0 },
  objects: [{ kind: 'array', items: times.map((_, i) => ({ ref: i + 1 })) }, ...times.map((time) => ({ kind: 'date', time }))],
}));

/** Containers whose members all have one kind. */
export const homogeneousContainer = fc.oneof(setOfNumbers, mapOfNumbers, viewsOverOneBuffer, objectHoldingAFunction, arrayOfDates);
