// The reference engine, spec path only (tiers off): the oracle itself, as a target.

import { referenceClone } from '../../case/case.js';

export default referenceClone({ tiers: false });
