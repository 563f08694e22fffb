// Flat objects (enumerable data properties p0, p1, …) around the limits of
// inline storage and shape caches: wide ones at 64 properties, and dense
// arrays of them (Bun #26818) whose shapes almost match. One time in three
// the names are the case's own (a fresh token and the index,
// arbitraries/fresh-strings.js): a receiver then builds its shapes from
// names it has never seen, every element with the same ones.

import fc from 'fast-check';
import { freshToken } from '../arbitraries/fresh-strings.js';

/** The prefix of the names: p (seen by every realm), or the case's fresh token. */
const namePrefix = fc.oneof({ weight: 2, arbitrary: fc.constant('p') }, { weight: 1, arbitrary: freshToken });

/**
 * An object with exactly `count` enumerable data properties named
 * `${prefix}0`…`${prefix}${count - 1}`.
 * @param {number} count @param {string} prefix
 */
function flatObject(count, prefix) {
  const props = [];
  for (let i = 0; i < count; i++) props.push({ key: `${prefix}${i}`, value: i });
  return count === 0 ? { kind: 'object' } : { kind: 'object', props };
}

/** Objects around the 64-property limits of inline storage and shape caches. */
export const wideObject = fc
  .tuple(fc.constantFrom(63, 64, 65, 66, 128), fc.boolean(), namePrefix)
  .map(([count, inArray, prefix]) => (inArray
    ? { root: { ref: 0 }, objects: [{ kind: 'array', items: [{ ref: 1 }, { ref: 2 }] }, flatObject(count, prefix), flatObject(count, prefix)] }
    : { root: { ref: 0 }, objects: [flatObject(count, prefix)] }));

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
    prefix: namePrefix,
  })
  .map(({ count, length, variant, at, prefix }) => {
    /** @type {Record<string, any>[]} */
    const objects = [{ kind: 'array', items: [] }];
    for (let i = 0; i < length; i++) {
      objects.push(flatObject(count, prefix));
      objects[0].items.push({ ref: i + 1 });
    }
    const k = 1 + (at % length);
    const victim = objects[k];
    const props = victim.props ?? (victim.props = []);
    switch (variant) {
      case 'same shape': break;
      case 'same count, other names': props.forEach((p, i) => { p.key = `${prefix}q${i}`; }); break;
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
