// Every place an object node refers to another node by index, in one walk:
// the generator moves a graph behind other nodes with it (`i => i + by`), the
// shrinker follows what a node reaches and renumbers the nodes it keeps.
//
// The places, as `validate` (schema.js) checks them: a Value `{"ref": i}` in
// an array's items, a map's entries, a set's values, an error's message and
// cause, a node's proto, a prop's value, and an accessor's `get` / `set`
// Behavior (its `returns` and its effects, each of which names its object
// first and may carry Values after it); and the plain indices of a view's
// `buffer` and a proxy's `target`. A boxed node's value is a primitive, and a
// `method` Behavior exists only in realm steps, which cannot refer to objects.
// The program's own `root` and `transfer` are the caller's to map.
//
// The results are plain JSON data like the nodes they come from: new fields
// and items are defined (CreateDataProperty), never [[Set]], so a polluted
// realm cannot intercept them.

import { CreateDataProperty } from '../abstract-ops/object-operations.js';
import { ObjectHasOwn } from '../primordials/intrinsics.js';
import { isRecord, soleKey } from './values.js';

/** @typedef {(index: number) => number} IndexMap */

/** A node's fields that hold a Value (or, for `proto`, a Value or a name). */
const VALUE_FIELDS = ['message', 'cause', 'proto'];
const ACCESSORS = ['get', 'set'];

/**
 * A Value with its node reference passed through `f`; any other Value as is.
 * @param {unknown} value
 * @param {IndexMap} f
 * @returns {unknown}
 */
export function mapValue(value, f) {
  if (isRecord(value) && soleKey(value) === 'ref') return { ref: f(value.ref) };
  return value;
}

/**
 * The same object node with every reference to another node passed through `f`.
 * @param {any} node a valid object node
 * @param {IndexMap} f
 * @returns {any}
 */
export function mapRefs(node, f) {
  const mapped = { ...node };
  const value = (/** @type {unknown} */ v) => mapValue(v, f);
  if (ObjectHasOwn(node, 'items')) mapped.items = mapList(node.items, value);
  if (ObjectHasOwn(node, 'entries')) mapped.entries = mapList(node.entries, (entry) => [value(entry[0]), value(entry[1])]);
  if (ObjectHasOwn(node, 'values')) mapped.values = mapList(node.values, value);
  for (let i = 0; i < VALUE_FIELDS.length; i++) {
    if (ObjectHasOwn(node, VALUE_FIELDS[i])) mapped[VALUE_FIELDS[i]] = value(node[VALUE_FIELDS[i]]);
  }
  if (node.kind === 'view') mapped.buffer = f(node.buffer);
  if (node.kind === 'proxy') mapped.target = f(node.target);
  if (ObjectHasOwn(node, 'props')) mapped.props = mapList(node.props, (prop) => mapProp(prop, f));
  return mapped;
}

/** @param {any} prop @param {IndexMap} f */
function mapProp(prop, f) {
  const mapped = { ...prop };
  if (ObjectHasOwn(prop, 'value')) mapped.value = mapValue(prop.value, f);
  for (let i = 0; i < ACCESSORS.length; i++) {
    if (ObjectHasOwn(prop, ACCESSORS[i])) mapped[ACCESSORS[i]] = mapBehavior(prop[ACCESSORS[i]], f);
  }
  return mapped;
}

/** @param {any} behavior @param {IndexMap} f */
function mapBehavior(behavior, f) {
  const mapped = { ...behavior };
  if (ObjectHasOwn(behavior, 'returns')) mapped.returns = mapValue(behavior.returns, f);
  if (ObjectHasOwn(behavior, 'effects')) mapped.effects = mapList(behavior.effects, (effect) => mapEffect(effect, f));
  return mapped;
}

/**
 * Every effect names its object first: `{"detach": i}` or `{"delete": [i, key]}`.
 * The arguments after it are Keys, integers or Values; only Values can refer.
 * @param {any} effect @param {IndexMap} f
 */
function mapEffect(effect, f) {
  const name = /** @type {string} */ (soleKey(effect));
  const args = effect[name];
  if (typeof args === 'number') return { [name]: f(args) };
  return { [name]: mapList(args, (arg, i) => (i === 0 ? f(arg) : mapValue(arg, f))) };
}

/**
 * @template T, U
 * @param {T[]} list
 * @param {(item: T, index: number) => U} f
 * @returns {U[]} an ordinary array of f's results
 */
function mapList(list, f) {
  const result = [];
  for (let i = 0; i < list.length; i++) CreateDataProperty(result, i, f(list[i], i));
  return result;
}
