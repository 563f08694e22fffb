// The reference engine with its fast-path tiers in front (src/tiers/): must
// be indistinguishable from the spec path.

import { structuredClone } from '../../../src/index.js';

/** @type {import('../../case.js').CloneFunction} */
export default function referenceTiers(value, { transfer, forStorage }) {
  return structuredClone(value, { tiers: true, transfer, forStorage });
}
