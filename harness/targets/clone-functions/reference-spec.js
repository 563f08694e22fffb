// The reference engine, spec path only (tiers off): the oracle itself, as a target.

import { structuredClone } from '../../../src/index.js';

/** @type {import('../../case.js').CloneFunction} */
export default function referenceSpec(value, { transfer, forStorage }) {
  return structuredClone(value, { tiers: false, transfer, forStorage });
}
