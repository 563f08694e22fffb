// compile(program) -> plan: the order in which a program becomes a value
// (docs/program.md, "The live value"), written once for `build` and `emit`.
//
//   1. make every object (buffers before views, proxy targets before proxies)
//   2. fill them, node by node: prototype, the kind's contents, then props
//   3. resize and detach buffers
//   4. apply integrity levels
//   5. run the sender steps
//   6. return the Built record; its setupReceiver() runs the receiver steps

import { ObjectHasOwn, append, newList } from '../primordials/intrinsics.js';
import { currentRealm } from '../primordials/realm.js';
import {
  CX, UNDEFINED, call, commentStmt, constStmt, doStmt, exprs, list, lit, returnStmt, thunk, trimTrue, variable,
} from './plan.js';
import { KIND } from './kinds/index.js';
import { INTRINSIC_NAMES } from './steps.js';
import { describe, isTransferOption, keyExpr, keyText, objectVar, own, soleKey, valueExpr } from './values.js';

/** @typedef {import('./plan.js').Expr} Expr @typedef {import('./plan.js').Stmt} Stmt */

const TypeErrorCtor = currentRealm.errors.TypeError;
const REALM = variable('realm');

/**
 * @param {any} program a valid program
 * @returns {Stmt[]} statements that, run with `registerOpaque` and `globalThis`
 *   bound, end by returning the Built record
 */
export function compile(program) {
  const nodes = own(program, 'objects') ?? [];
  const sender = own(program, 'sender') ?? [];
  const receiver = own(program, 'receiver') ?? [];
  /** @type {Stmt[]} */
  const plan = newList();
  append(plan, constStmt('cx', call('context', exprs(variable('registerOpaque')))));
  // The receiver's names too: in this realm they must be resolved before a
  // sender step can change them (see `realm` in runtime.js).
  const names = intrinsicNames(nodes, sender, receiver);
  if (names.length > 0) {
    append(plan, constStmt('realm', realmExpr(variable('globalThis'), names),
      'the intrinsics used below, looked up before any step changes the realm'));
  }

  const made = newList();
  const order = makeOrder(nodes);
  for (let i = 0; i < order.length; i++) {
    const id = order[i];
    const descriptor = descriptorOf(nodes[id]);
    append(made, constStmt(objectVar(id), descriptor.make(nodes[id]), `#${id}: ${descriptor.summary(nodes[id])}`));
  }
  section(plan, '1. make every object', made);

  const filled = newList();
  for (let id = 0; id < nodes.length; id++) fill(filled, nodes[id], id, nodes);
  section(plan, '2. fill them: prototype, contents, own properties', filled);

  const buffers = newList();
  for (let id = 0; id < nodes.length; id++) {
    const node = nodes[id];
    if (node.kind !== 'arraybuffer') continue;
    const buffer = variable(objectVar(id));
    if (ObjectHasOwn(node, 'resizeTo')) {
      append(buffers, doStmt(call(own(node, 'shared') === true ? 'grow' : 'resize', exprs(buffer, lit(node.resizeTo))), `#${id}`));
    }
    if (own(node, 'detached') === true) append(buffers, doStmt(call('detach', exprs(buffer)), `#${id}`));
  }
  section(plan, '3. resize and detach buffers', buffers);

  const levels = newList();
  for (let id = 0; id < nodes.length; id++) {
    const level = own(nodes[id], 'integrity');
    if (level !== undefined && level !== 'none') {
      append(levels, doStmt(call('integrity', exprs(variable(objectVar(id)), lit(level))), `#${id}`));
    }
  }
  section(plan, '4. integrity levels', levels);

  if (sender.length > 0) {
    section(plan, '5. sender realm set-up', [doStmt(call('steps', exprs(CX, thunk(stepStatements(sender, REALM)))))]);
  }

  const transfer = own(program, 'transfer') ?? [];
  const transferItems = newList();
  if (!isTransferOption(transfer)) for (let i = 0; i < transfer.length; i++) append(transferItems, variable(objectVar(transfer[i])));
  append(plan, returnStmt(call('finish', exprs(
    CX, valueExpr(program.root), isTransferOption(transfer) ? lit(transfer) : list(transferItems), thunk(receiverStatements(receiver, variable('globalThis'))),
  ))));
  return plan;
}

/**
 * Appends a titled group of statements, when there are any.
 * @param {Stmt[]} plan
 * @param {string} title
 * @param {Stmt[]} statements
 */
function section(plan, title, statements) {
  if (statements.length === 0) return;
  append(plan, commentStmt(title));
  for (let i = 0; i < statements.length; i++) append(plan, statements[i]);
}

/**
 * The plan of `setupRealm(steps, effects, global)`: applies the steps and
 * returns the realm's restore function.
 * @param {any[]} steps valid realm steps
 * @returns {Stmt[]} statements run with `effects` and `global` bound
 */
export function compileSteps(steps) {
  const plan = newList();
  append(plan, constStmt('cx', call('context', exprs(UNDEFINED, variable('effects')))));
  append(plan, doStmt(call('steps', exprs(CX, thunk(receiverStatements(steps, variable('global')))))));
  append(plan, returnStmt(call('restorer', exprs(CX))));
  return plan;
}

/**
 * Steps that look their intrinsics up in `global` first.
 * @param {any[]} steps
 * @param {Expr} global
 * @returns {Stmt[]}
 */
function receiverStatements(steps, global) {
  const body = newList();
  if (steps.length === 0) return body;
  const names = intrinsicNames([], steps, []);
  append(body, constStmt('realm', realmExpr(global, names)));
  append(body, doStmt(call('steps', exprs(CX, thunk(stepStatements(steps, REALM))))));
  return body;
}

/** @param {Expr} global @param {string[]} names */
function realmExpr(global, names) {
  const items = newList();
  for (let i = 0; i < names.length; i++) append(items, lit(names[i]));
  return call('realm', exprs(global, list(items)));
}

/**
 * The intrinsic names the nodes' prototypes and the steps use, in a fixed order.
 * @param {any[]} nodes
 * @param {any[]} steps
 * @param {any[]} moreSteps
 * @returns {string[]}
 */
function intrinsicNames(nodes, steps, moreSteps) {
  const used = newList();
  for (let i = 0; i < INTRINSIC_NAMES.length; i++) {
    const name = INTRINSIC_NAMES[i];
    let found = false;
    for (let j = 0; j < nodes.length && !found; j++) found = own(nodes[j], 'proto') === name;
    for (let j = 0; j < steps.length && !found; j++) found = steps[j].on === name;
    for (let j = 0; j < moreSteps.length && !found; j++) found = moreSteps[j].on === name;
    if (found) append(used, name);
  }
  return used;
}

/**
 * @param {any} node a valid node
 * @returns {import('./kinds/index.js').KindDescriptor} its kind's descriptor
 */
function descriptorOf(node) {
  const descriptor = KIND[node.kind];
  if (descriptor === undefined) throw new TypeErrorCtor(`unknown kind ${describe(node.kind)}`);
  return descriptor;
}

/**
 * Node ids in creation order, by their kind's stage: plain nodes, then
 * those that refer to others (views: their buffers exist; filelists: their
 * files exist), then proxies, each after the proxy it targets.
 * @param {any[]} nodes
 * @returns {number[]}
 */
function makeOrder(nodes) {
  const order = newList();
  const stage = (/** @type {any} */ node) => descriptorOf(node).stage ?? 0;
  for (let id = 0; id < nodes.length; id++) if (stage(nodes[id]) === 0) append(order, id);
  for (let id = 0; id < nodes.length; id++) if (stage(nodes[id]) === 1) append(order, id);
  const placed = newList();
  /** @param {number} id */
  const placeProxy = (id) => {
    if (placed[id]) return;
    const target = own(nodes[id], 'target');
    if (nodes[target].kind === 'proxy') placeProxy(target);
    placed[id] = true;
    append(order, id);
  };
  for (let id = 0; id < nodes.length; id++) if (stage(nodes[id]) === 2) placeProxy(id);
  return order;
}

/**
 * Appends the statements that fill objects[id].
 * @param {Stmt[]} plan
 * @param {any} node
 * @param {number} id
 * @param {any[]} nodes
 */
function fill(plan, node, id, nodes) {
  const self = variable(objectVar(id));
  const label = `#${id}`;
  const proto = own(node, 'proto');
  if (proto !== undefined && proto !== 'default') {
    let protoExpr;
    if (proto === null) protoExpr = lit(null);
    else if (typeof proto === 'string') protoExpr = call('intrinsic', exprs(REALM, lit(proto)));
    else protoExpr = variable(objectVar(proto.ref));
    append(plan, doStmt(call('proto', exprs(self, protoExpr)), label));
  }
  const fillContents = descriptorOf(node).fill;
  if (fillContents !== undefined) {
    const contents = fillContents(node, self, label);
    for (let i = 0; i < contents.length; i++) append(plan, contents[i]);
  }
  const props = own(node, 'props') ?? [];
  for (let i = 0; i < props.length; i++) append(plan, doStmt(propExpr(self, props[i], label, nodes), label));
}

/**
 * Realm steps, against the intrinsics table `table`.
 * @param {any[]} steps
 * @param {Expr} table
 * @returns {Stmt[]}
 */
function stepStatements(steps, table) {
  const body = newList();
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    const on = step.on;
    if (own(step, 'delete') === true) {
      append(body, doStmt(call('stepDelete', exprs(CX, table, lit(on), keyExpr(step.key)))));
    } else {
      append(body, doStmt(propExpr(UNDEFINED, step, on, [], { table, on })));
    }
  }
  return body;
}

/**
 * `rt.data(...)` or `rt.accessor(...)` for a Prop; `rt.stepData(...)` or
 * `rt.stepAccessor(...)` for a realm step (`step` names its intrinsic).
 * @param {Expr} target
 * @param {any} prop
 * @param {string} label the effects log's name for the object
 * @param {any[]} nodes
 * @param {{table: Expr, on: string}} [step]
 * @returns {Expr}
 */
function propExpr(target, prop, label, nodes, step) {
  const key = keyExpr(prop.key);
  const text = keyText(prop.key);
  const attribute = (/** @type {string} */ name) => lit(own(prop, name) ?? true);
  const head = step === undefined ? exprs(target, key) : exprs(CX, step.table, lit(step.on), key);
  if (ObjectHasOwn(prop, 'get') || ObjectHasOwn(prop, 'set')) {
    const get = ObjectHasOwn(prop, 'get') ? behaviorExpr(prop.get, 'get', label, text, nodes) : UNDEFINED;
    const set = ObjectHasOwn(prop, 'set') ? behaviorExpr(prop.set, 'set', label, text, nodes) : UNDEFINED;
    const args = joinExprs(head, exprs(get, set, attribute('enumerable'), attribute('configurable')));
    return call(step === undefined ? 'accessor' : 'stepAccessor', trimTrue(args, head.length + 2));
  }
  const value = ObjectHasOwn(prop, 'method')
    ? behaviorExpr(prop.method, 'call', label, text, nodes)
    : ObjectHasOwn(prop, 'value') ? valueExpr(prop.value) : UNDEFINED;
  const args = joinExprs(head, exprs(value, attribute('writable'), attribute('enumerable'), attribute('configurable')));
  return call(step === undefined ? 'data' : 'stepData', trimTrue(args, head.length + 1));
}

/** @param {Expr[]} a @param {Expr[]} b @returns {Expr[]} */
function joinExprs(a, b) {
  const result = newList();
  for (let i = 0; i < a.length; i++) append(result, a[i]);
  for (let i = 0; i < b.length; i++) append(result, b[i]);
  return result;
}

/**
 * @param {any} behavior a valid Behavior
 * @param {'get' | 'set' | 'call'} event
 * @param {string} label
 * @param {string} text the key as the log shows it
 * @param {any[]} nodes
 * @returns {Expr}
 */
function behaviorExpr(behavior, event, label, text, nodes) {
  const effects = own(behavior, 'effects') ?? [];
  const items = newList();
  for (let i = 0; i < effects.length; i++) append(items, effectExpr(effects[i], nodes));
  return call('behavior', exprs(
    CX, lit(event), lit(label), lit(text), list(items),
    ObjectHasOwn(behavior, 'returns') ? valueExpr(behavior.returns) : UNDEFINED,
    ObjectHasOwn(behavior, 'throws') ? lit(behavior.throws) : UNDEFINED,
  ));
}

/**
 * @param {any} effect a valid Effect
 * @param {any[]} nodes
 * @returns {Expr}
 */
function effectExpr(effect, nodes) {
  const name = /** @type {string} */ (soleKey(effect)); // the cast: a valid Effect has one key
  const args = effect[name];
  if (name === 'detach') return call('effect', exprs(lit('detach'), variable(objectVar(args))));
  const target = variable(objectVar(args[0]));
  switch (name) {
    case 'delete': case 'hide':
      return call('effect', exprs(lit(name), target, keyExpr(args[1])));
    case 'define': case 'set':
      return call('effect', exprs(lit(name), target, keyExpr(args[1]), valueExpr(args[2])));
    case 'setLength':
      return call('effect', exprs(lit(name), target, lit(args[1])));
    case 'resize':
      // A growable SharedArrayBuffer has grow(), not resize(): the node says which.
      return call('effect', exprs(lit(own(nodes[args[0]], 'shared') === true ? 'grow' : 'resize'), target, lit(args[1])));
  }
  // mapSet, mapDelete, setAdd, setDelete: the arguments are Values.
  const values = exprs(lit(name), target);
  for (let i = 1; i < args.length; i++) append(values, valueExpr(args[i]));
  return call('effect', values);
}
