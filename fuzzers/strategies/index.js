// The strategies of programs: most aimed at one tier's guard, with values just
// inside it and just outside (*almost* eligible), the others at one area of
// the algorithm (buffers, collections, errors, boxed primitives,
// uncloneables, transfer lists, platform objects), and random graphs (objectGraph) for what no
// strategy thought of. One file per strategy or group of related strategies; the
// table below is the mix and its default weights.

import { objectGraph } from '../arbitraries/object-nodes.js';
import { boxedGraph } from './boxed.js';
import { bufferGraph } from './buffers.js';
import { collectionGraph } from './collections.js';
import { almostContiguousArray, almostDoubleArray, almostInt32Array } from './dense-arrays.js';
import { errorGraph } from './errors.js';
import { flatObjectArray, wideObject } from './flat-objects.js';
import { homogeneousContainer } from './homogeneous.js';
import { platformGraph } from './platform.js';
import { primitiveRoot } from './primitive-root.js';
import { sideEffectGraph } from './side-effects.js';
import { almostSimpleObject } from './simple-objects.js';
import { transferGraph } from './transfer.js';
import { uncloneableGraph } from './uncloneables.js';

/**
 * The strategies `programArbitrary` mixes, by name, with their default
 * weights; a perturbing strategy also has each perturbation alone.
 * @type {Record<string, import('./draft.js').Strategy & {weight: number}>}
 */
export const strategies = {
  primitiveRoot: { arbitrary: primitiveRoot, weight: 2 },
  almostInt32Array: { ...almostInt32Array, weight: 3 },
  almostDoubleArray: { ...almostDoubleArray, weight: 2 },
  almostContiguousArray: { ...almostContiguousArray, weight: 2 },
  almostSimpleObject: { ...almostSimpleObject, weight: 3 },
  flatObjectArray: { arbitrary: flatObjectArray, weight: 3 },
  wideObject: { arbitrary: wideObject, weight: 1 },
  sideEffectGraph: { arbitrary: sideEffectGraph, weight: 2 },
  bufferGraph: { arbitrary: bufferGraph, weight: 2 },
  collectionGraph: { arbitrary: collectionGraph, weight: 1 },
  errorGraph: { arbitrary: errorGraph, weight: 2 },
  boxedGraph: { arbitrary: boxedGraph, weight: 1 },
  uncloneableGraph: { arbitrary: uncloneableGraph, weight: 1 },
  transferGraph: { arbitrary: transferGraph, weight: 1 },
  homogeneousContainer: { arbitrary: homogeneousContainer, weight: 1 },
  objectGraph: { arbitrary: objectGraph(), weight: 5 },
  // Last, and light: about 3% of the generated programs.
  platformGraph: { arbitrary: platformGraph, weight: 1 },
};
