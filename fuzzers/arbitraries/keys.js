// Property keys: array indices, the plain names flat objects are made of,
// keys with a history of bugs, symbols, names no realm has seen, and the
// keys each kind of node may redefine.

import fc from 'fast-check';
import { stringKeyText } from '../../src/program/values.js';
import { freshName } from './fresh-strings.js';

/** Array-index keys that land inside small arrays. */
export const indexKey = fc.constantFrom('0', '1', '2', '3', '5');

/** Ordinary names, the ones flat objects are made of. */
export const nameKey = fc.constantFrom('a', 'b', 'c', 'x', 'y', 'z', 'id', 'value');

/**
 * Keys with a history of bugs: `__proto__` (must stay an own key), numeric
 * strings that are not array indices, the max uint32, names the clone reads
 * itself (`message`, `name`, `cause`, `stack`), the empty string, non-ASCII.
 */
export const trickyKey = fc.constantFrom(
  '__proto__', '', '-0', '1.5', '01', '4294967295', '4294967294', 'constructor', 'toString',
  'valueOf', 'toJSON', 'then', 'name', 'message', 'cause', 'stack', 'é', '😀', '\ud800',
);

const symbolKey = fc.constantFrom('k', 'hidden').map((d) => ({ symbol: d }));
const wellKnownKey = fc.constantFrom('iterator', 'species', 'toStringTag', 'toPrimitive').map((w) => ({ wellKnown: w }));

/**
 * A name no realm has seen: the case's own (one-byte, Latin-1, two-byte,
 * long or numeric-looking; arbitraries/fresh-strings.js).
 */
export const freshKey = freshName;

/** Any key for an ordinary object. */
export const objectKey = fc.oneof(
  { weight: 6, arbitrary: nameKey },
  { weight: 2, arbitrary: indexKey },
  { weight: 3, arbitrary: trickyKey },
  { weight: 1, arbitrary: symbolKey },
  { weight: 1, arbitrary: wellKnownKey },
  { weight: 1, arbitrary: freshKey },
);

/** Keys for an object whose own contents are non-configurable or numeric-exotic (typed arrays, string wrappers): names and symbols only. */
export const nonIndexKey = fc.oneof(nameKey, symbolKey, fc.constantFrom('__proto__', 'then', 'name', 'message'));

/** Keys an array may redefine: not `length`, and no index so large that the length explodes. */
export const arrayKey = fc.oneof(
  { weight: 3, arbitrary: indexKey },
  { weight: 3, arbitrary: nameKey },
  { weight: 1, arbitrary: fc.constantFrom('__proto__', '-0', '1.5', '4294967295', 'constructor') },
  { weight: 1, arbitrary: symbolKey },
);

/**
 * What makes two Keys the same property: the text of a string key (written
 * or built), the name
 * of a well-known symbol; a `{"symbol"}` key is a fresh symbol, never equal
 * to another, so it is its own identity.
 * @param {any} key
 */
export function keyIdentity(key) {
  const text = stringKeyText(key);
  if (text !== undefined) return `string:${text}`;
  if ('wellKnown' in key) return `wellKnown:${key.wellKnown}`;
  return key;
}
