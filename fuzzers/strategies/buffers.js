// Buffers and views alone: shared, resizable, length-tracking, out of bounds,
// detached, several views on one buffer.

import fc from 'fast-check';
import { arrayBufferNode, viewNode } from '../arbitraries/buffers.js';

/** Buffers and views alone: shared, resizable, length-tracking, out of bounds, detached, two views on one buffer. */
export const bufferGraph = arrayBufferNode.chain((buffer) => fc
  .array(viewNode(buffer, 1), { minLength: 0, maxLength: 3 })
  .map((views) => ({
    root: { ref: 0 },
    objects: [{ kind: 'array', items: [{ ref: 1 }, ...views.map((_, i) => ({ ref: i + 2 }))] }, buffer, ...views],
  })));
