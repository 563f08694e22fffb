// The effects an accessor's or method's behavior may have when it runs
// (docs/program.md, the effects under "Behavior"): each an object with one key naming it, its
// arguments checked against the nodes they change.

import { ArrayIsArray, record } from '../primordials/intrinsics.js';
import { checkKey, checkValue, describe, isRecord, oneOf, own, quoteAll, report, soleKey } from './values.js';
import { checkId, checkInteger } from './kinds/checks.js';
import { MAX_ARRAY_LENGTH } from './kinds/array.js';
import { MAX_BYTE_LENGTH, resizeProblem } from './kinds/buffers.js';

/** The effects by name (docs/program.md's effect table lists each). */
export const EFFECTS = ['delete', 'define', 'set', 'hide', 'setLength', 'detach', 'resize', 'mapSet', 'mapDelete', 'setAdd', 'setDelete'];
/** how many arguments each effect takes (detach takes a bare id) */
const ARITY = record({ delete: 2, define: 3, set: 3, hide: 2, setLength: 2, resize: 2, mapSet: 3, mapDelete: 2, setAdd: 2, setDelete: 2 });

/**
 * @param {unknown} effect
 * @param {string} path
 * @param {import('./kinds/checks.js').Validator} v
 */
export function checkEffect(effect, path, v) {
  const name = isRecord(effect) ? soleKey(effect) : undefined;
  if (!oneOf(EFFECTS, name)) {
    return report(v.errors, path, `expected an effect (an object with one of ${quoteAll(EFFECTS)}), got ${describe(effect)}`);
  }
  // The cast: a name was found, so effect is a record.
  const args = /** @type {Record<string, any>} */ (effect)[name];
  const at = `${path}.${name}`;
  if (name === 'detach') {
    if (checkId(args, at, v, 'arraybuffer') && own(v.nodes[args], 'shared') === true) {
      report(v.errors, at, 'a SharedArrayBuffer cannot be detached');
    }
    return;
  }
  if (!ArrayIsArray(args) || args.length !== ARITY[name]) {
    return report(v.errors, at, `expected an array of ${ARITY[name]} arguments, got ${describe(args)}`);
  }
  switch (name) {
    case 'delete': case 'hide':
      checkId(own(args, 0), `${at}[0]`, v, undefined);
      checkKey(own(args, 1), `${at}[1]`, v);
      return;
    case 'define': case 'set':
      checkId(own(args, 0), `${at}[0]`, v, undefined);
      checkKey(own(args, 1), `${at}[1]`, v);
      checkValue(own(args, 2), `${at}[2]`, v);
      return;
    case 'setLength':
      checkId(own(args, 0), `${at}[0]`, v, undefined);
      checkInteger(own(args, 1), `${at}[1]`, v, MAX_ARRAY_LENGTH);
      return;
    case 'resize': {
      const id = own(args, 0);
      const n = own(args, 1);
      const idOk = checkId(id, `${at}[0]`, v, 'arraybuffer');
      if (checkInteger(n, `${at}[1]`, v, MAX_BYTE_LENGTH) && idOk) {
        const problem = resizeProblem(v.nodes[id], n);
        if (problem !== undefined) report(v.errors, `${at}[1]`, problem);
      }
      return;
    }
    case 'mapSet': case 'mapDelete':
      checkId(own(args, 0), `${at}[0]`, v, 'map');
      for (let i = 1; i < args.length; i++) checkValue(own(args, i), `${at}[${i}]`, v);
      return;
    case 'setAdd': case 'setDelete':
      checkId(own(args, 0), `${at}[0]`, v, 'set');
      checkValue(own(args, 1), `${at}[1]`, v);
  }
}
