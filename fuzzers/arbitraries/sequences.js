// Sequences within one case: a program delivered several times
// (docs/program.md `deliveries`) reaches the same clone again on a related
// value, where caches kept across calls (shapes, transfer lists, the memory
// of objects already seen) go wrong. The value is built once and sent (or,
// for an `impl:` module, passed) again, so what a getter changes during one
// delivery is what the next one clones. Each sequence is an arbitrary of a
// transformation of a draft, applied only to programs delivered more than once:
//  - `other keys`: a getter renames one of its object's keys, so the next
//    delivery holds an object of the same shape size with other names
//    (a shape cache that checks the count alone, Bun #26818's kind);
//  - `throw once`: a getter, first of its object's keys, deletes itself
//    and throws, so the first delivery throws and the next clones (a clone
//    that keeps its memory of the objects it saw after a throw);
//  - `transfer reused`: a transfer list, so the next delivery meets the
//    list whose buffers the first detached (an `impl:` module gets the same
//    list again and must throw DataCloneError; a worker channel sends it with
//    the first delivery only).

import fc from 'fast-check';
import { copyDraft, holder } from '../strategies/draft.js';

/** @typedef {import('../strategies/draft.js').Draft} Draft */

/** The first ordinary object the draft's value reaches (or a new one beside it), and its id. @param {Draft} d */
function objectOf(d) {
  // Not a class instance (uncloneable with a private field), nor one whose integrity level refuses the getters' changes.
  const fits = (node) => node.class === undefined && (node.integrity ?? 'none') === 'none';
  const object = holder(d, 'object', fits, () => ({ kind: 'object', props: [{ key: 'a', value: 1 }] }));
  return { object, id: d.objects.indexOf(object) };
}

/**
 * The sequences, by name: each an arbitrary of a transformation of a draft.
 * @type {Record<string, fc.Arbitrary<(draft: Draft) => Draft>>}
 */
export const sequences = {
  'other keys': fc.nat().map((pick) => (draft) => {
    const d = copyDraft(draft);
    const { object, id } = objectOf(d);
    const props = object.props ?? [];
    const named = props.filter((p) => typeof p.key === 'string' && 'value' in p && p.configurable !== false && !/^\d+$/.test(p.key));
    const from = named.length === 0 ? { key: 'a', value: 1 } : named[pick % named.length];
    if (named.length === 0) props.push(from);
    object.props = [...props, { key: 'rename', get: { effects: [{ delete: [id, from.key] }, { define: [id, `${from.key}2`, from.value] }], returns: 'renamed' } }];
    return d;
  }),
  'throw once': fc.constantFrom('TypeError', 'RangeError', 'Error').map((type) => (draft) => {
    const d = copyDraft(draft);
    const { object, id } = objectOf(d);
    // First of the named keys, so the throw comes before any other property is cloned.
    object.props = [{ key: 'once', get: { effects: [{ delete: [id, 'once'] }], throws: type } }, ...(object.props ?? []).filter((p) => p.key !== 'once')];
    return d;
  }),
  'transfer reused': fc.constant((draft) => {
    if ((draft.transfer ?? []).length > 0 || draft.forStorage) return draft;
    const d = copyDraft(draft);
    d.objects.push({ kind: 'arraybuffer', bytes: [7] });
    d.transfer = [d.objects.length - 1];
    return d;
  }),
};

/** The names of the sequences, in table order. */
export const SEQUENCES = Object.keys(sequences);

/** Any sequence, with its name. */
export const anySequence = fc.oneof(...SEQUENCES.map((name) => sequences[name].map((transform) => ({ name, transform }))));
