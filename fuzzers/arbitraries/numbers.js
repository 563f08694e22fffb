// Number and BigInt Values, aimed at where engines change representation:
// -0, NaN and the infinities (which JSON cannot hold and fast paths mistake
// for holes or ints), the int32 / uint32 / safe-integer edges (where an
// Int32 element kind ends), fractions (Double arrays) and the 64-bit BigInt
// edges.

import fc from 'fast-check';

/**
 * The program encoding of a number (docs/program.md "Value"): finite numbers
 * as themselves, -0, NaN and the infinities as `{"number": text}`.
 * @param {number} n
 */
export function encodeNumber(n) {
  if (Number.isNaN(n)) return { number: 'NaN' };
  if (n === Infinity) return { number: 'Infinity' };
  if (n === -Infinity) return { number: '-Infinity' };
  if (Object.is(n, -0)) return { number: '-0' };
  return n;
}

/** -0, NaN, +Infinity, -Infinity: the numbers JSON cannot hold and fast paths mistake for holes or ints. */
export const specialNumber = fc.constantFrom(-0, NaN, Infinity, -Infinity).map(encodeNumber);

/** Integers at the int32 / uint32 / safe-integer edges, where an engine's Int32 element kind ends. */
export const int32EdgeNumber = fc.constantFrom(
  0, 1, -1, 2 ** 31 - 1, -(2 ** 31), 2 ** 31, -(2 ** 31) - 1, 2 ** 32 - 1, 2 ** 32,
  2 ** 53 - 1, -(2 ** 53 - 1), 2 ** 53,
);

/** Any int32 (small ones more often), never -0: the elements of an Int32 array. */
export const int32Number = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: -100, max: 100 }) },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.constantFrom(2 ** 31 - 1, -(2 ** 31), 0, 1, -1) },
).map((n) => (n === 0 ? 0 : n));

/** A finite number with a fractional part: the elements of a Double array. */
export const fractionalNumber = fc
  .double({ min: -1e9, max: 1e9, noNaN: true, noDefaultInfinity: true })
  .filter((n) => !Number.isInteger(n));

/** Any number Value, special numbers and int32 edges included. */
export const numberValue = fc.oneof(
  { weight: 3, arbitrary: int32Number },
  { weight: 2, arbitrary: int32EdgeNumber.map(encodeNumber) },
  { weight: 2, arbitrary: specialNumber },
  { weight: 2, arbitrary: fractionalNumber },
  { weight: 1, arbitrary: fc.double().map(encodeNumber) },
);

/** A BigInt Value, with the 64-bit edges. */
export const bigintValue = fc
  .oneof(
    fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }),
    fc.constantFrom(0n, 1n, -1n, 2n ** 63n - 1n, -(2n ** 63n), 2n ** 64n - 1n, 2n ** 64n, 10n ** 40n),
  )
  .map((b) => ({ bigint: String(b) }));
