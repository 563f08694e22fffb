// Transfer lists: buffers (duplicated, shared, detached, resizable, viewed)
// and things that are not transferable.

import fc from 'fast-check';

/** Transfer lists: buffers (duplicated, shared, detached, viewed) and things that are not transferable. */
export const transferGraph = fc
  .record({
    list: fc.array(fc.constantFrom(0, 1, 2, 3, 4), { minLength: 1, maxLength: 3 }),
    rootIncludesBuffer: fc.boolean(),
  })
  .map(({ list, rootIncludesBuffer }) => ({
    root: { ref: rootIncludesBuffer ? 5 : 4 },
    // 0 plain buffer, 1 shared buffer, 2 detached buffer, 3 resizable buffer, 4 object, 5 array with views
    objects: [
      { kind: 'arraybuffer', bytes: [1, 2, 3, 4] },
      { kind: 'arraybuffer', bytes: [5, 6], shared: true },
      { kind: 'arraybuffer', bytes: [7], detached: true },
      { kind: 'arraybuffer', bytes: [8, 9], maxByteLength: 8 },
      { kind: 'object', props: [{ key: 'a', value: 1 }] },
      { kind: 'array', items: [{ ref: 0 }, { ref: 6 }, { ref: 7 }] },
      { kind: 'view', type: 'Uint16Array', buffer: 0 },
      { kind: 'view', type: 'DataView', buffer: 3 },
    ],
    transfer: list,
  }));
