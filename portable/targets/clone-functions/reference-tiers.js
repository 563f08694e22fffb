// The reference engine with its fast-path tiers in front (src/tiers/): must
// be indistinguishable from the spec path.

import { referenceClone } from '../../case/case.js';

export default referenceClone({ tiers: true });
