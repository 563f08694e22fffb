// A primitive or a runtime-built string as the root (Deno's primitive tier,
// Bun's string tier #21926).

import fc from 'fast-check';
import { anyPrimitiveValue } from '../arbitraries/primitives.js';
import { stringExpr } from '../arbitraries/strings.js';

/** A primitive or a built string as the root (Deno's primitive tier, Bun's string tier). */
export const primitiveRoot = fc.oneof(anyPrimitiveValue, stringExpr.map((e) => ({ string: e }))).map((root) => ({ root, objects: [] }));
