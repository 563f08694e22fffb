// Every place an object node holds a Value or refers to another node by
// index, in one walk (`mapNode`): the generator moves a graph behind other
// nodes with it (`mapRefs`, `i => i + by`), prune.js follows what a node
// reaches and renumbers the nodes it keeps (for the shrinker and `build`), and
// the shrinker simplifies one Value at a time (harness/fuzz/reduce.js).
//
// The places, as `validate` (schema.js) checks them: a Value in an array's
// items (or a hole, `{"hole": true}`, in its place), a map's entries, a set's values, an error's message and cause, a
// boxed node's value, a node's proto (a Value or a name), a prop's value,
// and an accessor's `get` / `set` Behavior (its `returns` and the Values its
// effects carry after the object they name); and the plain indices of a
// view's `buffer`, a proxy's `target`, a filelist's `files` and each effect's object. A `method`
// Behavior exists only in realm steps, which cannot refer to objects
// (`mapProp` walks it for them). The program's own `root` and `transfer` are
// the caller's to map.
//
// The results are plain JSON data like the nodes they come from: new fields
// and items are defined (CreateDataProperty), never [[Set]], so a polluted
// realm cannot intercept them.

import { CreateDataProperty } from '../abstract-ops/object-operations.js';
import { ObjectHasOwn, record } from '../primordials/intrinsics.js';
import { isRecord, soleKey } from './values.js';

/** @typedef {(index: number) => number} IndexMap */

/**
 * @typedef {object} NodeMaps
 * @property {(value: unknown, field: string) => unknown} value  each Value, with the name of the
 *   field that holds it (`items`, `entries`, `values`, `message`, `cause`, `value`, `proto`,
 *   `returns`, `effects`); a prop's value comes as `value` too
 * @property {IndexMap} index  each plain node index
 */

/** A node's fields that hold one Value (`proto`: a Value or a name; `value`: a boxed node's primitive). */
const VALUE_FIELDS = ['message', 'cause', 'value', 'proto'];
const BEHAVIORS = ['get', 'set', 'method'];
/** The argument from which an effect's arguments are Values (the others are Keys or integers). */
const FIRST_VALUE_ARGUMENT = record({ define: 2, set: 2, mapSet: 1, mapDelete: 1, setAdd: 1, setDelete: 1 });

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
  return mapNode(node, { value: (v) => mapValue(v, f), index: f });
}

/**
 * The same object node with each Value (and each hole among an array's
 * items) and each node index in it passed through `maps`.
 * @param {any} node a valid object node
 * @param {NodeMaps} maps
 * @returns {any}
 */
export function mapNode(node, maps) {
  const mapped = { ...node };
  if (ObjectHasOwn(node, 'items')) mapped.items = mapList(node.items, (item) => maps.value(item, 'items'));
  if (ObjectHasOwn(node, 'entries')) mapped.entries = mapList(node.entries, (entry) => [maps.value(entry[0], 'entries'), maps.value(entry[1], 'entries')]);
  if (ObjectHasOwn(node, 'values')) mapped.values = mapList(node.values, (value) => maps.value(value, 'values'));
  for (let i = 0; i < VALUE_FIELDS.length; i++) {
    if (ObjectHasOwn(node, VALUE_FIELDS[i])) mapped[VALUE_FIELDS[i]] = maps.value(node[VALUE_FIELDS[i]], VALUE_FIELDS[i]);
  }
  if (node.kind === 'view') mapped.buffer = maps.index(node.buffer);
  if (node.kind === 'proxy') mapped.target = maps.index(node.target);
  if (node.kind === 'filelist') mapped.files = mapList(node.files, (id) => maps.index(id));
  if (ObjectHasOwn(node, 'props')) mapped.props = mapList(node.props, (prop) => mapProp(prop, maps));
  return mapped;
}

/**
 * A prop (or a realm step) with its value and its behaviors' Values and node indices passed through `maps`.
 * @param {any} prop
 * @param {NodeMaps} maps
 */
export function mapProp(prop, maps) {
  const mapped = { ...prop };
  if (ObjectHasOwn(prop, 'value')) mapped.value = maps.value(prop.value, 'value');
  for (let i = 0; i < BEHAVIORS.length; i++) {
    if (ObjectHasOwn(prop, BEHAVIORS[i])) mapped[BEHAVIORS[i]] = mapBehavior(prop[BEHAVIORS[i]], maps);
  }
  return mapped;
}

/** @param {any} behavior @param {NodeMaps} maps */
function mapBehavior(behavior, maps) {
  const mapped = { ...behavior };
  if (ObjectHasOwn(behavior, 'returns')) mapped.returns = maps.value(behavior.returns, 'returns');
  if (ObjectHasOwn(behavior, 'effects')) mapped.effects = mapList(behavior.effects, (effect) => mapEffect(effect, maps));
  return mapped;
}

/**
 * Every effect names its object first: `{"detach": i}` or `{"delete": [i, key]}`.
 * The arguments after it are Keys, integers or Values (FIRST_VALUE_ARGUMENT).
 * @param {any} effect @param {NodeMaps} maps
 */
function mapEffect(effect, maps) {
  const name = /** @type {string} */ (soleKey(effect));
  const args = effect[name];
  if (typeof args === 'number') return { [name]: maps.index(args) };
  const firstValue = ObjectHasOwn(FIRST_VALUE_ARGUMENT, name) ? FIRST_VALUE_ARGUMENT[name] : args.length;
  return { [name]: mapList(args, (arg, i) => (i === 0 ? maps.index(arg) : i >= firstValue ? maps.value(arg, 'effects') : arg)) };
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
