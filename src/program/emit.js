// emit(program): standalone JavaScript that builds the same value as
// `build(program)` — the repro a finding ships with.
//
// The source is an expression evaluating to `(registerOpaque?) => Built`:
// the program's plan printed as calls to the runtime, followed by the
// runtime's own source text (the very function `build` calls), so the two
// cannot drift apart and the repro needs nothing from clonecheck.
//
// emitPlain(program) prints the same plan a second way, as the plain
// statements a person would write (`const value = [-0];`), with no runtime:
// the snippet a finding's report leads with. It gives up what only the
// runtime does — undoing realm steps, registering opaque objects for the
// reference — and keeps of the effects log only what a person can compare:
// with `log`, each accessor and method pushes `"<event> <key>"` to an array.

import {
  JSONStringify, MapCtor, MapPrototypeGet, MapPrototypeHas, MapPrototypeSet, ObjectHasOwn, SetCtor, SetPrototypeAdd,
  SetPrototypeHas, StringCtor, uncurryThis,
} from '../primordials/intrinsics.js';
import { currentRealm } from '../primordials/realm.js';
import { isArrayIndex } from '../abstract-ops/object-operations.js';
import { isIdentifier } from '../observe/strings.js';
import { compile } from './compile.js';
import { KIND_BY_OP, PLATFORM_MAKERS } from './kinds/index.js';
import { createRuntime } from './runtime.js';
import { validate } from './schema.js';
import { objectVar } from './values.js';

/** @typedef {import('./plan.js').Expr} Expr @typedef {import('./plan.js').Stmt} Stmt */

/** Read once, when this module loads (ECMA-262 keeps a function's source text). */
const RUNTIME_SOURCE = uncurryThis(Function.prototype.toString)(createRuntime);
const TypeErrorCtor = currentRealm.errors.TypeError;
/** The runtime's second argument, as source: the platform kinds' constructors (kinds/index.js). */
const PLATFORM_MAKERS_SOURCE = JSONStringify(PLATFORM_MAKERS);

/**
 * @param {unknown} program
 * @returns {string} a JavaScript expression evaluating to `(registerOpaque?) => Built`
 */
export function emit(program) {
  checkValid(program);
  const body = printBody(compile(program), '  ');
  return '((rt) => (registerOpaque) => {\n'
    + '  // Built by clonecheck from a clonecheck/program@2 program. `rt` is the runtime below.\n'
    + `${body}})(\n(${RUNTIME_SOURCE})(globalThis, ${PLATFORM_MAKERS_SOURCE}))\n`;
}

/** @param {unknown} program */
function checkValid(program) {
  const errors = validate(program);
  if (errors.length > 0) throw new TypeErrorCtor(`invalid program at ${errors[0].path}: ${errors[0].message}`);
}

/**
 * @param {Stmt[]} body
 * @param {string} indent
 * @returns {string}
 */
function printBody(body, indent) {
  let text = '';
  for (let i = 0; i < body.length; i++) {
    const stmt = body[i];
    const trailing = stmt.t !== 'comment' && stmt.t !== 'return' && stmt.comment !== undefined ? ` // ${stmt.comment}` : '';
    switch (stmt.t) {
      case 'comment': text += `${i === 0 ? '' : '\n'}${indent}// ${stmt.text}\n`; break;
      case 'const': text += `${indent}const ${stmt.name} = ${printExpr(stmt.init, indent)};${trailing}\n`; break;
      case 'do': text += `${indent}${printExpr(stmt.expr, indent)};${trailing}\n`; break;
      case 'return': text += `${indent}return ${printExpr(stmt.expr, indent)};\n`; break;
    }
  }
  return text;
}

/**
 * @param {Expr} expr
 * @param {string} indent the indentation of the line the expression starts on
 * @returns {string}
 */
function printExpr(expr, indent) {
  switch (expr.t) {
    case 'lit': return typeof expr.value === 'string' ? JSONStringify(expr.value) : StringCtor(expr.value);
    case 'undefined': return 'undefined';
    case 'number': return expr.text;
    case 'bigint': return `${expr.text}n`;
    case 'var': return expr.name;
    case 'call': return `rt.${expr.op}(${printList(expr.args, indent)})`;
    case 'list': return `[${printList(expr.items, indent)}]`;
    case 'thunk':
      if (expr.body.length === 0) return '() => {}';
      return `() => {\n${printBody(expr.body, `${indent}  `)}${indent}}`;
  }
  throw new TypeErrorCtor('unknown plan expression');
}

/**
 * @param {Expr[]} items
 * @param {string} indent
 */
function printList(items, indent) {
  let text = '';
  for (let i = 0; i < items.length; i++) text += (i === 0 ? '' : ', ') + printExpr(items[i], indent);
  return text;
}

// ── emitPlain: the plan as the plain statements a person would write ──

/**
 * @typedef {object} PlainSource
 * @property {string} value  statements that make the value: they end with `value` (the root)
 *   and, when the program transfers, `transfer` (the transfer list, or the option that is not one) defined
 * @property {string} receiver  statements that set up the realm the value lands in (often none)
 */

/** The operations that fill one object (compile.js: "fill them"). */
const FILL_OPS = ['proto', 'data', 'named', 'accessor', 'value', 'mapEntry', 'setValue'];

/**
 * The program's plan printed without clonecheck's runtime: one statement per
 * object and property as in `emit`, but as plain JavaScript (literals where an
 * object's first properties allow it, assignment where it means the same as
 * definition). Accessors and methods run their effects; with `log`, each
 * first pushes `"<event> <key>"` (the effects log's entry, without the
 * object it was on) to the array of that name. Realm steps are not undone.
 * @param {unknown} program
 * @param {{log?: string}} [options]  `log`: the name of the array calls are pushed to
 * @returns {PlainSource}
 */
export function emitPlain(program, { log } = {}) {
  checkValid(program);
  const plan = compile(program);
  const finish = plan[plan.length - 1];
  if (finish.t !== 'return' || finish.expr.t !== 'call') throw new TypeErrorCtor('a plan ends by returning rt.finish(...)');
  const args = finish.expr.args; // cx, root, transfer, receiver set-up
  const root = args[1];
  const transfer = args[2];
  const receiver = args[3];
  const printer = plainPrinter(program, plan, root, log);
  let value = printer.statements(plan);
  if (root.t !== 'var') value += `const value = ${printer.expr(root)};\n`;
  if ((transfer.t === 'list' && transfer.items.length > 0) || transfer.t === 'lit') value += `const transfer = ${printer.expr(transfer)};\n`;
  return { value, receiver: receiver.t === 'thunk' ? printer.statements(receiver.body) : '' };
}

/**
 * @param {any} program a valid program
 * @param {Stmt[]} plan its plan
 * @param {Expr} root the root value's expression (a variable is printed as `value`)
 * @param {string | undefined} log  the array accessors and methods push their calls to, if any
 */
function plainPrinter(program, plan, root, log) {
  const nodes = program.objects ?? [];
  /** @type {Map<string, Stmt[]>} each object's fill statements, in order */
  const fills = new MapCtor();
  for (let i = 0; i < plan.length; i++) {
    const stmt = plan[i];
    if (stmt.t !== 'do' || stmt.expr.t !== 'call' || !isFillOp(stmt.expr.op)) continue;
    const target = stmt.expr.args[0];
    if (target.t !== 'var') continue;
    if (!MapPrototypeHas(fills, target.name)) MapPrototypeSet(fills, target.name, []);
    const list = MapPrototypeGet(fills, target.name);
    list[list.length] = stmt;
  }
  const declared = new SetCtor();
  /** @type {Set<Stmt>} fill statements folded into their object's literal */
  const folded = new SetCtor();
  /** @type {Set<string>} `var key` pairs defined so far: a second definition is never an assignment */
  const defined = new SetCtor();
  /** @type {Set<string>} objects given a built key so far: their keys are never assigned */
  const builtKeyed = new SetCtor();

  /** @param {string} name */
  const rename = (name) => (root.t === 'var' && root.name === name ? 'value' : name);

  /** @param {Expr} e @returns {string} */
  function expr(e) {
    switch (e.t) {
      case 'lit': return typeof e.value === 'string' ? JSONStringify(e.value) : StringCtor(e.value);
      case 'undefined': return 'undefined';
      case 'number': return e.text;
      case 'bigint': return `${e.text}n`;
      case 'var': return rename(e.name);
      case 'list': return `[${exprList(e.items)}]`;
      case 'call': return call(e.op, e.args);
    }
    throw new TypeErrorCtor('a thunk is not a plain expression');
  }

  /** @param {Expr[]} items */
  function exprList(items) {
    let text = '';
    for (let i = 0; i < items.length; i++) text += (i === 0 ? '' : ', ') + expr(items[i]);
    return text;
  }

  /**
   * @param {string} op
   * @param {Expr[]} a
   * @returns {string}
   */
  function call(op, a) {
    switch (op) {
      case 'symbol': return `Symbol(${expr(a[0])})`;
      case 'wellKnown': return `Symbol.${litValue(a[0])}`;
      case 'repeat': return `${expr(a[0])}.repeat(${expr(a[1])})`;
      case 'slice': return `${expr(a[0])}.slice(${expr(a[1])}, ${expr(a[2])})`;
      case 'concat': {
        const parts = a[0].t === 'list' ? a[0].items : [];
        if (parts.length === 0) return '""';
        let text = expr(parts[0]);
        for (let i = 1; i < parts.length; i++) text += ` + ${expr(parts[i])}`;
        return parts.length === 1 ? text : `(${text})`;
      }
      case 'intrinsic': return intrinsicSource(/** @type {string} */ (litValue(a[1])));
      case 'behavior': return behavior(a);
    }
    const plain = KIND_BY_OP[op]?.plain;
    if (plain !== undefined) return plain(a, printer);
    throw new TypeErrorCtor(`no plain form for rt.${op}`);
  }

  /** What a kind's `plain` is handed (kinds/index.js PlainPrinter). @type {import('./kinds/index.js').PlainPrinter} */
  const printer = { expr, exprList, litValue, namedClass };

  /**
   * rt.behavior(cx, event, on, key, effects, returns, throws) as a function
   * that runs the effects, then throws or returns.
   * @param {Expr[]} a
   */
  function behavior(a) {
    let body = log === undefined ? '' : ` ${log}.push(${JSONStringify(`${litValue(a[1])} ${litValue(a[3])}`)});`;
    const effects = a[4].t === 'list' ? a[4].items : [];
    for (let i = 0; i < effects.length; i++) {
      const effect = effects[i];
      if (effect.t === 'call') body += ` ${effectStatement(effect.args)}`;
    }
    if (a[6].t !== 'undefined') body += ` throw new ${litValue(a[6])}(${JSONStringify(`thrown by ${litValue(a[3])}`)});`;
    else if (a[5].t !== 'undefined') body += ` return ${expr(a[5])};`;
    return body === '' ? 'function () {}' : `function () {${body} }`;
  }

  /**
   * rt.effect(kind, target, a, b) as the statement it runs.
   * @param {Expr[]} a
   */
  function effectStatement(a) {
    const target = expr(a[1]);
    switch (litValue(a[0])) {
      case 'delete': return `delete ${target}${member(a[2])};`;
      case 'define': return `${defineSource(target, a[2], dataFields(a[3], true, true, true))};`;
      case 'set': return `${target}${member(a[2])} = ${expr(a[3])};`;
      case 'hide': return `if (Object.hasOwn(${target}, ${expr(a[2])})) Object.defineProperty(${target}, ${expr(a[2])}, { enumerable: false });`;
      case 'setLength': return `${target}.length = ${expr(a[2])};`;
      case 'detach': return `${detachSource(target)};`;
      case 'resize': return `${method(a[1], 'ArrayBuffer', 'resize', expr(a[2]))};`;
      case 'grow': return `${method(a[1], 'SharedArrayBuffer', 'grow', expr(a[2]))};`;
      case 'mapSet': return `${method(a[1], 'Map', 'set', `${expr(a[2])}, ${expr(a[3])}`)};`;
      case 'mapDelete': return `${method(a[1], 'Map', 'delete', expr(a[2]))};`;
      case 'setAdd': return `${method(a[1], 'Set', 'add', expr(a[2]))};`;
      case 'setDelete': return `${method(a[1], 'Set', 'delete', expr(a[2]))};`;
    }
    throw new TypeErrorCtor('unknown effect');
  }

  /**
   * @param {string} target
   * @param {Expr} key
   * @param {string} fields the descriptor's fields
   */
  function defineSource(target, key, fields) {
    return `Object.defineProperty(${target}, ${expr(key)}, { ${fields} })`;
  }

  /** @param {Expr} value @param {boolean} writable @param {boolean} enumerable @param {boolean} configurable */
  function dataFields(value, writable, enumerable, configurable) {
    return `value: ${expr(value)}, writable: ${writable}, enumerable: ${enumerable}, configurable: ${configurable}`;
  }

  /** @param {Expr} get @param {Expr} set @param {Expr | undefined} enumerable @param {Expr | undefined} configurable */
  function accessorFields(get, set, enumerable, configurable) {
    return `get: ${expr(get)}, set: ${expr(set)}, enumerable: ${attribute(enumerable)}, configurable: ${attribute(configurable)}`;
  }

  /** @param {Expr} key @returns {string} `.name` or `[key]` */
  function member(key) {
    if (key.t === 'lit' && typeof key.value === 'string' && isIdentifier(key.value)) return `.${key.value}`;
    return `[${expr(key)}]`;
  }

  /** @param {Expr} key @returns {string} the key in an object literal */
  function literalKey(key) {
    if (key.t === 'lit' && typeof key.value === 'string' && key.value !== '__proto__'
      && (isIdentifier(key.value) || isArrayIndex(key.value))) return key.value;
    if (key.t === 'lit' && typeof key.value !== 'string') return StringCtor(key.value);
    return `[${expr(key)}]`;
  }

  /** @param {Expr} key @returns {boolean} whether the key is a string built at run time (`{"string": …}`) */
  function isBuiltKey(key) {
    return key.t === 'call' && (key.op === 'repeat' || key.op === 'concat' || key.op === 'slice');
  }

  /** @param {Expr} key @returns {string | undefined} the key's identity, undefined for a fresh symbol or a built key */
  function keyIdentity(key) {
    if (key.t === 'lit') return StringCtor(key.value);
    if (key.t === 'call' && key.op === 'wellKnown') return `@@${litValue(key.args[0])}`;
    return undefined;
  }

  /**
   * @param {Stmt[]} body
   * @returns {string}
   */
  function statements(body) {
    let text = '';
    for (let i = 0; i < body.length; i++) text += statement(body[i]);
    return text;
  }

  /** @param {Stmt} stmt @returns {string} */
  function statement(stmt) {
    if (stmt.t === 'comment' || stmt.t === 'return' || SetPrototypeHas(folded, stmt)) return '';
    if (stmt.t === 'const') {
      if (stmt.name === 'cx' || stmt.name === 'realm') return '';
      const text = `const ${rename(stmt.name)} = ${make(stmt.name, stmt.init)};\n${bytesStatement(stmt.name, stmt.init)}`;
      SetPrototypeAdd(declared, stmt.name);
      return text;
    }
    const e = stmt.expr;
    if (e.t !== 'call') throw new TypeErrorCtor('a plan statement is a runtime call');
    const a = e.args;
    switch (e.op) {
      case 'steps': return a[1].t === 'thunk' ? statements(a[1].body) : '';
      case 'proto': return `Object.setPrototypeOf(${expr(a[0])}, ${expr(a[1])});\n`;
      case 'data': return `${dataStatement(a)};\n`;
      case 'fill': return fillStatement(a[1], 'i', litValue(a[2]), a[3], litValue(a[4]) === true ? undefined : expr(a[5]));
      case 'named': return fillStatement(a[0], `${expr(a[1])} + i`, 0, a[2], expr(a[3]));
      case 'accessor':
        // A later data property of this key redefines the accessor: an assignment would call its setter.
        noteDefined(a[0], a[1]);
        return `${defineSource(expr(a[0]), a[1], accessorFields(a[2], a[3], a[4], a[5]))};\n`;
      case 'value': return `${expr(a[0])}${member(a[1])} = ${expr(a[2])};\n`;
      case 'mapEntry': return `${method(a[0], 'Map', 'set', `${expr(a[1])}, ${expr(a[2])}`)};\n`;
      case 'setValue': return `${method(a[0], 'Set', 'add', expr(a[1]))};\n`;
      case 'resize': return `${method(a[0], 'ArrayBuffer', 'resize', expr(a[1]))};\n`;
      case 'grow': return `${method(a[0], 'SharedArrayBuffer', 'grow', expr(a[1]))};\n`;
      case 'detach': return `${detachSource(expr(a[0]))};\n`;
      case 'integrity': return `Object.${litValue(a[1])}(${expr(a[0])});\n`;
      case 'stepData': {
        const fields = dataFields(a[4], attribute(a[5]), attribute(a[6]), attribute(a[7]));
        return `${defineSource(intrinsicSource(/** @type {string} */ (litValue(a[2]))), a[3], fields)};\n`;
      }
      case 'stepAccessor':
        return `${defineSource(intrinsicSource(/** @type {string} */ (litValue(a[2]))), a[3], accessorFields(a[4], a[5], a[6], a[7]))};\n`;
      case 'stepDelete': return `delete ${intrinsicSource(/** @type {string} */ (litValue(a[2])))}${member(a[3])};\n`;
    }
    throw new TypeErrorCtor(`no plain form for rt.${e.op}`);
  }

  /**
   * Records that `target` now has an own property `key`.
   * @param {Expr} target @param {Expr} key
   * @returns {boolean} whether the key was fresh on it: defined by nothing before
   */
  function noteDefined(target, key) {
    const identity = keyIdentity(key);
    const name = target.t === 'var' ? target.name : '';
    // A built key's text is not known here (it may be "__proto__", or a key
    // defined before): no key of an object that has one is fresh after it.
    if (isBuiltKey(key)) SetPrototypeAdd(builtKeyed, name);
    const fresh = !SetPrototypeHas(builtKeyed, name) && (identity === undefined || !SetPrototypeHas(defined, `${name} ${identity}`));
    if (identity !== undefined && target.t === 'var') SetPrototypeAdd(defined, `${target.name} ${identity}`);
    return fresh;
  }

  /**
   * rt.data(target, key, value, writable?, enumerable?, configurable?): an
   * assignment where that defines the same property (a fresh key on an
   * object whose prototype chain, at build time, holds no setter or
   * read-only property of that name), else Object.defineProperty.
   * @param {Expr[]} a
   */
  function dataStatement(a) {
    const target = a[0];
    const identity = keyIdentity(a[1]);
    const fresh = noteDefined(target, a[1]);
    if (a.length === 3 && fresh && identity !== '__proto__' && target.t === 'var' && assignable(target.name)) {
      return `${expr(target)}${member(a[1])} = ${expr(a[2])}`;
    }
    return defineSource(expr(target), a[1], dataFields(a[2], attribute(a[3]), attribute(a[4]), attribute(a[5])));
  }

  /**
   * rt.fill (an array's run of elements) and rt.named (an object's run of
   * properties): a loop, assigning where that defines the same properties
   * (the kind's own prototype: no program setter on the way), else defining them.
   * @param {Expr} target
   * @param {string} key  the key's expression in the loop's `i`
   * @param {unknown} start  the first `i`
   * @param {Expr} count
   * @param {string | undefined} item  the one value of every element, made once (a Symbol(…) or a
   *   built string too); undefined: a new empty object each
   */
  function fillStatement(target, key, start, count, item) {
    const element = item === undefined ? '{}' : 'item';
    const define = target.t === 'var' && assignable(target.name)
      ? `${expr(target)}[${key}] = ${element}`
      : `Object.defineProperty(${expr(target)}, ${key}, { value: ${element}, writable: true, enumerable: true, configurable: true })`;
    const loop = `for (let i = ${start}; i < ${start} + ${litValue(count)}; i++) ${define};`;
    return item === undefined ? `${loop}\n` : `{ const item = ${item}; ${loop} }\n`;
  }

  /** @param {string} name @returns {boolean} an object, array or error with its kind's own prototype */
  function assignable(name) {
    const node = nodeOf(name);
    return node !== undefined && hasOwnPrototype(node) && (node.kind === 'object' || node.kind === 'array' || node.kind === 'error');
  }

  /**
   * `target.name(args)`, or through the built-in's prototype when the
   * program gave the object another one (`Map.prototype.set.call(o1, …)`).
   * @param {Expr} target
   * @param {string} builtIn
   * @param {string} name
   * @param {string} args
   */
  function method(target, builtIn, name, args) {
    const node = target.t === 'var' ? nodeOf(target.name) : undefined;
    if (node !== undefined && hasOwnPrototype(node)) return `${expr(target)}.${name}(${args})`;
    return `${builtIn}.prototype.${name}.call(${expr(target)}, ${args})`;
  }

  /** @param {string} name @returns {any} the node a plan variable holds */
  function nodeOf(name) {
    for (let id = 0; id < nodes.length; id++) if (objectVar(id) === name) return nodes[id];
    return undefined;
  }

  /**
   * The expression that makes an object, with its first properties folded
   * into a literal (`[1, , -0]`, `{a: 1}`, `new TypeError("m", {cause: 2})`)
   * when they are plain data properties of values already at hand.
   * @param {string} name
   * @param {Expr} init
   */
  function make(name, init) {
    if (init.t !== 'call') return expr(init);
    if (init.op === 'arraybuffer') return arraybufferSource(init.args);
    const own = MapPrototypeHas(fills, name) ? MapPrototypeGet(fills, name) : [];
    const foldable = (/** @type {Stmt} */ stmt) => stmt.t === 'do' && stmt.expr.t === 'call' && stmt.expr.op === 'data'
      && (stmt.expr.args[2].t !== 'var' || SetPrototypeHas(declared, stmt.expr.args[2].name));
    /** @type {Stmt[]} */
    const taken = [];
    let i = 0;
    const nextData = () => {
      while (i < own.length && own[i].t === 'do' && /** @type {any} */ (own[i]).expr.op === 'proto') i++;
      return i < own.length && foldable(own[i]) ? /** @type {any} */ (own[i]).expr.args : undefined;
    };
    let text;
    if (init.op === 'array' && init.args.length === 0) {
      text = '';
      let next = 0;
      for (let a = nextData(); a !== undefined && a.length === 3 && a[1].t === 'lit' && typeof a[1].value === 'number' && a[1].value >= next; a = nextData()) {
        for (; next < a[1].value; next++) text += next === 0 ? ',' : ' ,';
        text += `${next === 0 ? '' : ' '}${expr(a[2])},`;
        next++;
        taken[taken.length] = own[i++];
      }
      text = `[${text.slice(0, -1)}]`;
    } else if (init.op === 'object' && init.args.length === 1) {
      text = '';
      for (let a = nextData(); a !== undefined && a.length === 3 && (a[1].t !== 'lit' || typeof a[1].value === 'string'); a = nextData()) {
        text += `${text === '' ? '' : ', '}${literalKey(a[1])}: ${expr(a[2])}`;
        taken[taken.length] = own[i++];
      }
      text = text === '' ? '{}' : `{ ${text} }`;
    } else if (init.op === 'error') {
      let message;
      let cause;
      let a = nextData();
      if (isErrorField(a, 'message') && a[2].t === 'lit' && typeof a[2].value === 'string') {
        message = expr(a[2]);
        taken[taken.length] = own[i++];
        a = nextData();
      }
      if (isErrorField(a, 'cause')) {
        cause = expr(a[2]);
        taken[taken.length] = own[i++];
      }
      const args = cause === undefined ? message ?? '' : `${message ?? 'undefined'}, { cause: ${cause} }`;
      text = `new ${litValue(init.args[0])}(${args})`;
    } else return expr(init);
    for (let k = 0; k < taken.length; k++) {
      SetPrototypeAdd(folded, taken[k]);
      const identity = keyIdentity(/** @type {any} */ (taken[k]).expr.args[1]);
      if (identity !== undefined) SetPrototypeAdd(defined, `${name} ${identity}`);
    }
    return text;
  }

  /**
   * rt.arraybuffer(byteLength, maxByteLength, shared, bytes): the constructor;
   * bytesStatement writes the bytes, unless a literal could hold them.
   * @param {Expr[]} a
   */
  function arraybufferSource(a) {
    const byteLength = litValue(a[0]);
    const bytes = bufferBytes(a);
    if (litValue(a[2]) !== true && a[1].t === 'undefined' && typeof byteLength === 'number' && byteLength <= 64 && lastNonZero(bytes) >= 0) {
      let text = '';
      for (let k = 0; k < byteLength; k++) text += `${k === 0 ? '' : ', '}${k < bytes.length ? bytes[k] : 0}`;
      return `new Uint8Array([${text}]).buffer`;
    }
    const options = a[1].t === 'undefined' ? '' : `, { maxByteLength: ${expr(a[1])} }`;
    return `new ${litValue(a[2]) === true ? 'SharedArrayBuffer' : 'ArrayBuffer'}(${expr(a[0])}${options})`;
  }

  /** @param {string} name @param {Expr} init */
  function bytesStatement(name, init) {
    if (init.t !== 'call' || init.op !== 'arraybuffer' || arraybufferSource(init.args).startsWith('new Uint8Array')) return '';
    const bytes = bufferBytes(init.args);
    const last = lastNonZero(bytes);
    if (last < 0) return '';
    let text = '';
    for (let k = 0; k <= last; k++) text += `${k === 0 ? '' : ', '}${bytes[k]}`;
    return `new Uint8Array(${rename(name)}).set([${text}]);\n`;
  }

  return { statements, expr };
}

/** @param {any} node @returns {boolean} whether it keeps its kind's usual prototype */
function hasOwnPrototype(node) {
  return !ObjectHasOwn(node, 'proto') || node.proto === 'default';
}

/** @param {string} op */
function isFillOp(op) {
  for (let i = 0; i < FILL_OPS.length; i++) if (FILL_OPS[i] === op) return true;
  return false;
}

/** @param {any[] | undefined} a rt.data's arguments @param {string} key @returns {a is any[]} an error's message or cause, as the constructor defines it */
function isErrorField(a, key) {
  return a !== undefined && a.length === 5 && a[1].t === 'lit' && a[1].value === key && litValue(a[3]) === true && litValue(a[4]) === false;
}

/** @param {Expr} e @returns {unknown} a literal's value */
function litValue(e) {
  return e.t === 'lit' ? e.value : undefined;
}

/** @param {Expr | undefined} e an optional attribute argument @returns {boolean} */
function attribute(e) {
  return e === undefined || litValue(e) !== false;
}

/** @param {Expr[]} a rt.arraybuffer's arguments @returns {number[]} */
function bufferBytes(a) {
  const bytes = [];
  if (a[3].t === 'list') for (let k = 0; k < a[3].items.length; k++) bytes[k] = /** @type {number} */ (litValue(a[3].items[k]));
  return bytes;
}

/** @param {number[]} bytes @returns {number} the index of the last non-zero byte, -1 if none */
function lastNonZero(bytes) {
  for (let k = bytes.length - 1; k >= 0; k--) if (bytes[k] !== 0) return k;
  return -1;
}

/**
 * `new ({ Name: class … }).Name` (or `["odd name"]`): a class that has the
 * program's name whatever the name is, as the runtime makes it.
 * @param {unknown} name
 * @param {string} rest the class's heritage and body
 */
function namedClass(name, rest) {
  const key = StringCtor(name);
  const access = isIdentifier(key) ? `.${key}` : `[${JSONStringify(key)}]`;
  return `({ ${isIdentifier(key) ? key : JSONStringify(key)}: class${rest} })${access}`;
}

/** @param {string} name an intrinsic name (docs/program.md) @returns {string} the expression that reaches it */
function intrinsicSource(name) {
  return name === 'TypedArray.prototype' ? 'Object.getPrototypeOf(Uint8Array.prototype)' : name;
}

/** @param {string} buffer @returns {string} what detaches it in every runtime (Node 20 has no ArrayBuffer.prototype.transfer) */
function detachSource(buffer) {
  return `structuredClone(${buffer}, { transfer: [${buffer}] })`;
}
