// Flat objects (enumerable data properties p0, p1, …) around the limits of
// inline storage and shape caches: wide ones at 64 properties, and dense
// arrays of them (Bun #26818) whose shapes almost match.

import fc from 'fast-check';

/** An object with exactly `count` enumerable data properties named p0…p{count-1}. @param {number} count */
function flatObject(count) {
  const props = [];
  for (let i = 0; i < count; i++) props.push({ key: `p${i}`, value: i });
  return count === 0 ? { kind: 'object' } : { kind: 'object', props };
}

/** Objects around the 64-property limits of inline storage and shape caches. */
export const wideObject = fc
  .tuple(fc.constantFrom(63, 64, 65, 66, 128), fc.boolean())
  .map(([count, inArray]) => (inArray
    ? { root: { ref: 0 }, objects: [{ kind: 'array', items: [{ ref: 1 }, { ref: 2 }] }, flatObject(count), flatObject(count)] }
    : { root: { ref: 0 }, objects: [flatObject(count)] }));

/**
 * Dense arrays of flat objects (Bun #26818 tier, shape cache): the cache may
 * only be reused when the property count AND every name match, so the
 * elements vary in names, order, count, and in being shared or odd.
 */
export const flatObjectArray = fc
  .record({
    count: fc.constantFrom(0, 1, 2, 3, 6, 7, 8, 16, 17),
    length: fc.integer({ min: 1, max: 5 }),
    variant: fc.constantFrom('same shape', 'same count, other names', 'same names, other order', 'one more property', 'shared element', 'primitive element', 'hole', 'getter in one element', 'nested value', 'class instance'),
    at: fc.nat(),
  })
  .map(({ count, length, variant, at }) => {
    const objects = [{ kind: 'array', items: [] }];
    for (let i = 0; i < length; i++) {
      objects.push(flatObject(count));
      objects[0].items.push({ ref: i + 1 });
    }
    const k = 1 + (at % length);
    const victim = objects[k];
    const props = victim.props ?? (victim.props = []);
    switch (variant) {
      case 'same shape': break;
      case 'same count, other names': props.forEach((p, i) => { p.key = `q${i}`; }); break;
      case 'same names, other order': props.reverse(); break;
      case 'one more property': props.push({ key: 'extra', value: 'extra' }); break;
      case 'shared element': objects[0].items.push({ ref: k }); break;
      case 'primitive element': objects[0].items[k - 1] = 'primitive'; break;
      case 'hole': objects[0].items[k - 1] = { hole: true }; break;
      case 'getter in one element': props.push({ key: 'g', get: { returns: 'got' } }); break;
      case 'nested value':
        objects.push({ kind: 'array', items: [1, 2] });
        props.push({ key: 'nested', value: { ref: objects.length - 1 } });
        break;
      case 'class instance': victim.class = 'Point'; break;
      default: break;
    }
    if (props.length === 0) delete victim.props;
    return { root: { ref: 0 }, objects };
  });
