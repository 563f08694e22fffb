// Every place an object node holds a Value or refers to another node by
// index, in one walk (`mapNode`): the generator moves a graph behind other
// nodes with it (`mapRefs`, `i => i + by`), prune.js follows what a node
// reaches and renumbers the nodes it keeps (for the shrinker and `build`), and
// the shrinker simplifies one Value at a time (portable/minimize/reduce.js).
//
// The places, as `validate` (schema.js) checks them: a Value in an array's
// items (or a hole, `{"hole": true}`, in its place) and its fill's item (or
// `{"fresh": true}`), an object's fill's value, a map's entries, a set's values, an error's message and cause, a
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
  return walkNode(node, maps, true);
}

/**
 * Passes each Value and node index of the node to `maps`, as `mapNode`
 * does, and makes nothing (their results are dropped): the walk of a
 * reachability pass, which runs once per fuzz case (prune.js).
 * @param {any} node a valid object node
 * @param {NodeMaps} maps
 */
export function visitNode(node, maps) {
  walkNode(node, maps, false);
}

/**
 * @param {any} node @param {NodeMaps} maps
 * @param {boolean} copy  make the mapped node, or only call `maps`
 * @returns {any} the mapped node, when `copy`
 */
function walkNode(node, maps, copy) {
  const mapped = copy ? { ...node } : undefined;
  if (ObjectHasOwn(node, 'items')) put(mapped, 'items', mapList(node.items, (item) => maps.value(item, 'items'), copy));
  // A fill repeats one Value (an array's may also be a hole or {"fresh": true}): an array's is one of its items.
  if (ObjectHasOwn(node, 'fill')) {
    const field = node.kind === 'array' ? 'items' : 'value';
    put(mapped, 'fill', mapList(node.fill, (part, i) => (i === 0 ? maps.value(part, field) : part), copy));
  }
  if (ObjectHasOwn(node, 'entries')) {
    put(mapped, 'entries', mapList(node.entries, (entry) => [maps.value(entry[0], 'entries'), maps.value(entry[1], 'entries')], copy));
  }
  if (ObjectHasOwn(node, 'values')) put(mapped, 'values', mapList(node.values, (value) => maps.value(value, 'values'), copy));
  for (let i = 0; i < VALUE_FIELDS.length; i++) {
    if (ObjectHasOwn(node, VALUE_FIELDS[i])) put(mapped, VALUE_FIELDS[i], maps.value(node[VALUE_FIELDS[i]], VALUE_FIELDS[i]));
  }
  if (node.kind === 'view') put(mapped, 'buffer', maps.index(node.buffer));
  if (node.kind === 'proxy') put(mapped, 'target', maps.index(node.target));
  if (node.kind === 'filelist') put(mapped, 'files', mapList(node.files, (id) => maps.index(id), copy));
  if (ObjectHasOwn(node, 'props')) put(mapped, 'props', mapList(node.props, (prop) => walkProp(prop, maps, copy), copy));
  return mapped;
}

/**
 * A prop (or a realm step) with its value and its behaviors' Values and node indices passed through `maps`.
 * @param {any} prop
 * @param {NodeMaps} maps
 */
export function mapProp(prop, maps) {
  return walkProp(prop, maps, true);
}

/** @param {any} prop @param {NodeMaps} maps @param {boolean} copy */
function walkProp(prop, maps, copy) {
  const mapped = copy ? { ...prop } : undefined;
  if (ObjectHasOwn(prop, 'value')) put(mapped, 'value', maps.value(prop.value, 'value'));
  for (let i = 0; i < BEHAVIORS.length; i++) {
    if (ObjectHasOwn(prop, BEHAVIORS[i])) put(mapped, BEHAVIORS[i], walkBehavior(prop[BEHAVIORS[i]], maps, copy));
  }
  return mapped;
}

/** @param {any} behavior @param {NodeMaps} maps @param {boolean} copy */
function walkBehavior(behavior, maps, copy) {
  const mapped = copy ? { ...behavior } : undefined;
  if (ObjectHasOwn(behavior, 'returns')) put(mapped, 'returns', maps.value(behavior.returns, 'returns'));
  if (ObjectHasOwn(behavior, 'effects')) put(mapped, 'effects', mapList(behavior.effects, (effect) => walkEffect(effect, maps, copy), copy));
  return mapped;
}

/**
 * Every effect names its object first: `{"detach": i}` or `{"delete": [i, key]}`.
 * The arguments after it are Keys, integers or Values (FIRST_VALUE_ARGUMENT).
 * @param {any} effect @param {NodeMaps} maps @param {boolean} copy
 */
function walkEffect(effect, maps, copy) {
  const name = /** @type {string} */ (soleKey(effect));
  const args = effect[name];
  if (typeof args === 'number') {
    const index = maps.index(args);
    return copy ? { [name]: index } : undefined;
  }
  const firstValue = ObjectHasOwn(FIRST_VALUE_ARGUMENT, name) ? FIRST_VALUE_ARGUMENT[name] : args.length;
  const mapped = mapList(args, (arg, i) => (i === 0 ? maps.index(arg) : i >= firstValue ? maps.value(arg, 'effects') : arg), copy);
  return copy ? { [name]: mapped } : undefined;
}

/**
 * @param {Record<string, unknown> | undefined} mapped  the copy being made, if any
 * @param {string} field @param {unknown} value
 */
function put(mapped, field, value) {
  if (mapped !== undefined) mapped[field] = value;
}

/**
 * @template T, U
 * @param {T[]} list
 * @param {(item: T, index: number) => U} f
 * @param {boolean} copy
 * @returns {U[] | undefined} an ordinary array of f's results, when `copy`
 */
function mapList(list, f, copy) {
  if (!copy) {
    for (let i = 0; i < list.length; i++) f(list[i], i);
    return undefined;
  }
  const result = [];
  for (let i = 0; i < list.length; i++) CreateDataProperty(result, i, f(list[i], i));
  return result;
}
