// Maps and Sets holding a random graph, each other and themselves: nested,
// shared and cyclic members, NaN and -0 keys.

import { mapRefs, mapValue } from '../../src/program/index.js';
import { objectGraph } from '../arbitraries/object-nodes.js';

/** Moves a graph's node indices behind the map and the set that hold it. @param {number} i */
const shift = (i) => i + 2;

/** Maps and Sets with nested, shared and cyclic members. */
export const collectionGraph = objectGraph({ maxObjects: 3 }).map((g) => ({
  root: { ref: 0 },
  objects: [
    { kind: 'map', entries: [[{ ref: 1 }, { ref: 0 }], ['k', mapValue(g.root, shift)], [{ number: 'NaN' }, { number: '-0' }]] },
    { kind: 'set', values: [{ ref: 0 }, { ref: 1 }, { number: '-0' }, 0] },
    ...g.objects.map((node) => mapRefs(node, shift)),
  ],
}));
