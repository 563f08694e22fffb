// Every primitive Value: the cloneable ones, and a symbol now and then (the
// clone must refuse it as a value, and it makes an unusual error message).

import fc from 'fast-check';
import { bigintValue, numberValue } from './numbers.js';
import { stringValue } from './strings.js';

const undefinedValue = fc.constant({ undefined: true });

/** Every cloneable primitive Value. */
export const primitiveValue = fc.oneof(
  { weight: 1, arbitrary: fc.oneof(fc.constantFrom(null, true, false), undefinedValue) },
  { weight: 4, arbitrary: numberValue },
  { weight: 1, arbitrary: bigintValue },
  { weight: 3, arbitrary: stringValue },
);

/** A fresh Symbol: uncloneable as a value, dropped as a key. */
export const symbolValue = fc.constantFrom('s', '', 'Symbol.iterator', 'desc').map((d) => ({ symbol: d }));

/** A primitive that the clone must refuse or that is unusual as a message: a symbol, sometimes. */
export const anyPrimitiveValue = fc.oneof({ weight: 12, arbitrary: primitiveValue }, { weight: 1, arbitrary: symbolValue });
