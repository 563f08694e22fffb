// Getters that change the graph while it is serialized, each with one effect
// on a fixed graph that holds a buffer, a view, a Map, a Set and a victim
// object, placed before or after the values it changes.

import fc from 'fast-check';

/** Getters that change the graph while it is serialized: delete, add, hide, shrink, detach, resize, edit a Map or Set. */
export const sideEffectGraph = fc
  .tuple(fc.constantFrom('object', 'array'), fc.constantFrom('delete', 'define', 'hide', 'setLength', 'detach', 'resize', 'mapSet', 'mapDelete', 'setAdd', 'setDelete', 'throw'), fc.boolean())
  .map(([holderKind, effectName, getterFirst]) => {
    // objects: 0 holder, 1 arraybuffer (resizable), 2 view on it, 3 map, 4 set, 5 plain victim
    /** @type {Record<string, any>[]} */
    const objects = [
      {}, // the holder, made below once its getter is
      { kind: 'arraybuffer', bytes: [1, 2, 3, 4, 5, 6, 7, 8], maxByteLength: 16 },
      { kind: 'view', type: 'Uint8Array', buffer: 1 },
      { kind: 'map', entries: [['k', 1], ['j', { ref: 5 }]] },
      { kind: 'set', values: [1, 'two', { ref: 5 }] },
      { kind: 'object', props: [{ key: 'a', value: 1 }, { key: 'b', value: 2 }] },
    ];
    const effect = {
      delete: { delete: [5, 'b'] },
      define: { define: [5, 'c', 3] },
      hide: { hide: [5, 'b'] },
      setLength: { setLength: [0, 1] },
      detach: { detach: 1 },
      resize: { resize: [1, 2] },
      mapSet: { mapSet: [3, 'new', 9] },
      mapDelete: { mapDelete: [3, 'j'] },
      setAdd: { setAdd: [4, 'added'] },
      setDelete: { setDelete: [4, 'two'] },
      throw: null,
    }[effectName];
    const getter = effect ? { effects: [effect], returns: 'got' } : { throws: 'TypeError' };
    const contents = [{ ref: 5 }, { ref: 2 }, { ref: 3 }, { ref: 4 }, { ref: 1 }];
    if (holderKind === 'array') {
      objects[0] = { kind: 'array', items: getterFirst ? [{ hole: true }, ...contents] : [...contents, { hole: true }], props: [{ key: getterFirst ? '0' : String(contents.length), get: getter }] };
    } else {
      const props = contents.map((value, i) => ({ key: `k${i}`, value }));
      objects[0] = { kind: 'object', props: getterFirst ? [{ key: 'getter', get: getter }, ...props] : [...props, { key: 'getter', get: getter }] };
    }
    return { root: { ref: 0 }, objects };
  });
