// build(program): the live value, made by running the program's plan
// against the runtime (the same runtime calls `emit` prints).
//
// setupRealm(steps, effects, global): realm steps alone, for a realm other
// than the sender's (a worker's, an iframe's).

import { registerOpaque } from '../abstract-ops/brands.js';
import { prototypeRefusal } from '../webidl/interfaces.js';
import { sharingRefusal } from '../html/deserialize.js';
import { pollutionBegins, pollutionEnds } from '../html/host-tasks.js';
import { hostTransferRefusal } from '../html/platform-objects.js';
import {
  ArrayPrototype, ObjectCreate, ObjectSetPrototypeOf, ReflectApply, WeakMapCtor,
  WeakMapPrototypeGet, WeakMapPrototypeSet, WeakSetCtor, WeakSetPrototypeAdd, WeakSetPrototypeHas, append, newList, record,
} from '../primordials/intrinsics.js';
import { currentRealm } from '../primordials/realm.js';
import { compile, compileSteps } from './compile.js';
import { hollowUnreachable } from './prune.js';
import { PLATFORM_MAKERS } from './kinds/index.js';
import { createRuntime } from './runtime.js';
import { hostProblems, validate, validateSteps } from './schema.js';

/** @typedef {import('./plan.js').Expr} Expr @typedef {import('./plan.js').Stmt} Stmt */

/**
 * @typedef {object} Built
 * @property {any} value the root value
 * @property {any[]} transfer the transfer list (live objects)
 * @property {{event: 'get' | 'set' | 'call', on: string, key: string}[]} effects the effects log
 * @property {import('../observe/observe.js').BuiltPort[]} ports the program's MessagePorts whose other end it kept, in the order made
 * @property {import('../observe/observe.js').BuiltSink[]} sinks the underlying sinks of the program's WritableStreams, in the order made
 * @property {() => void} setupReceiver applies the receiver steps to the current realm
 * @property {() => void} restore undoes every realm step applied so far, newest first
 */

/** Captured when this module loads: a realm step may redefine globalThis.globalThis. */
const GLOBAL = globalThis;

/** @type {import('./schema.js').HostLimits} what the reference cannot judge on this host */
const HOST_LIMITS = record({ transferRefusal: hostTransferRefusal, prototypeRefusal, sharingRefusal });
const TypeErrorCtor = currentRealm.errors.TypeError;

/** One runtime per realm, made the first time that realm is used. */
const runtimes = new WeakMapCtor();
const ownRuntime = createRuntime(GLOBAL, PLATFORM_MAKERS);
WeakMapPrototypeSet(runtimes, GLOBAL, ownRuntime);

/** @param {any} global */
function runtimeFor(global) {
  let runtime = WeakMapPrototypeGet(runtimes, global);
  if (runtime === undefined) {
    runtime = createRuntime(global, PLATFORM_MAKERS);
    WeakMapPrototypeSet(runtimes, global, runtime);
  }
  return runtime;
}

/**
 * @param {import('./values.js').ValidationError[]} errors
 * @param {string} what
 */
function rejectInvalid(errors, what) {
  if (errors.length > 0) throw new TypeErrorCtor(`invalid ${what} at ${errors[0].path}: ${errors[0].message}`);
}

/**
 * Builds the live value a program describes, in the current realm.
 * @param {unknown} program
 * @returns {Built}
 */
export function build(program) {
  const env = ObjectCreate(null);
  env.registerOpaque = registerOpaque;
  env.globalThis = GLOBAL;
  const plan = planOf(program);
  return counted(program, () => run(ownRuntime, plan, env));
}

/**
 * Makes a program's Built with `make` (build's plan, or the code `emit`
 * wrote), its realm steps counted as applied until its restore
 * (src/html/host-tasks.js): whoever builds a program, the host machinery
 * the reference borrows waits for them to be undone.
 * @param {unknown} program
 * @param {() => Built} make
 * @returns {Built}
 */
export function counted(program, make) {
  const valid = /** @type {any} */ (program);
  if (!hasSteps(valid.sender) && !hasSteps(valid.receiver)) return make();
  const built = polluting(make);
  built.restore = once(built.restore, pollutionEnds);
  return built;
}

/**
 * Only a program with realm steps pollutes: one without is not counted
 * (src/html/host-tasks.js), and needs no restore to let host tasks run.
 * @param {unknown[] | undefined} steps
 */
function hasSteps(steps) {
  return steps !== undefined && steps.length > 0;
}

/**
 * Runs `apply`, which applies realm steps, counted as applied
 * (src/html/host-tasks.js) until their restore: the host machinery the
 * reference borrows waits for them to be undone. If `apply` throws, nothing
 * stays applied (the runtime's `steps` undoes a failed batch).
 * @template T
 * @param {() => T} apply
 * @returns {T}
 */
function polluting(apply) {
  pollutionBegins();
  try {
    return apply();
  } catch (error) {
    pollutionEnds();
    throw error;
  }
}

/**
 * A restore function that undoes the steps, then, the first time only,
 * says so (`ended`): the harness may call a restore more than once.
 * @param {() => void} restore
 * @param {() => void} ended
 * @returns {() => void}
 */
function once(restore, ended) {
  let done = false;
  return () => {
    restore();
    if (done) return;
    done = true;
    ended();
  };
}

/**
 * Validated, compiled plans by program object. A fuzz case builds the same
 * program once for the oracle and once per target, and validating and
 * compiling took a fifth of the build; so a program is treated as a value:
 * it must not be changed once built (make a new one instead).
 */
const plans = new WeakMapCtor();

/** Programs whose form the caller vouched for (`drawn`): build checks only what this host can make and judge. */
const drawnPrograms = new WeakSetCtor();

/**
 * Vouches that a program was drawn by the generator, whose programs are
 * valid by construction (fuzzers/programs.js): `build` then skips the
 * checks of its form, and keeps those of this host. A program from a file
 * or a person is never vouched for. Returns the program.
 * @template {object} P
 * @param {P} program
 * @returns {P}
 */
export function drawn(program) {
  WeakSetPrototypeAdd(drawnPrograms, /** @type {object} */ (program));
  return program;
}

/**
 * @param {unknown} program
 * @returns {Stmt[]}
 */
function planOf(program) {
  const isObject = typeof program === 'object' && program !== null;
  let plan = isObject ? WeakMapPrototypeGet(plans, program) : undefined;
  if (plan === undefined) {
    // With this host's global and limits: a platform object it cannot make,
    // or one the reference cannot judge here, is refused here, by name.
    const options = { global: GLOBAL, limits: HOST_LIMITS };
    rejectInvalid(isObject && WeakSetPrototypeHas(drawnPrograms, /** @type {object} */ (program)) ? hostProblems(/** @type {any} */ (program), options) : validate(program, options), 'program');
    // Validated whole, made in full only as far as the value reaches
    // (prune.js): an object nothing reaches is never observed.
    plan = compile(hollowUnreachable(program, observedApart));
    WeakMapPrototypeSet(plans, /** @type {object} */ (program), plan);
  }
  return plan;
}

/**
 * Whether the case observes what making the node leaves behind, reached or
 * not: a MessagePort's kept other end and a WritableStream's sink are the
 * Built record's `ports` and `sinks`, which the probes post to and read in
 * the order made (observe.js probePorts, probe-streams.js).
 * @param {any} node
 */
function observedApart(node) {
  return node.kind === 'messageport' || node.kind === 'writablestream';
}

/**
 * Applies realm steps to the realm of `global` and returns its restore function.
 * @param {unknown} steps
 * @param {any[]} [effects] the effects log the steps' behaviors append to
 * @param {any} [global]
 * @returns {() => void}
 */
export function setupRealm(steps, effects, global = GLOBAL) {
  rejectInvalid(validateSteps(steps), 'realm steps');
  const env = ObjectCreate(null);
  env.effects = effects;
  env.global = global;
  const plan = compileSteps(/** @type {any[]} */ (steps));
  if (!hasSteps(/** @type {any[]} */ (steps))) return run(runtimeFor(global), plan, env);
  const restore = polluting(() => run(runtimeFor(global), plan, env));
  return once(restore, pollutionEnds);
}

/**
 * Runs plan statements; returns the value of the `return` statement.
 * @param {any} runtime
 * @param {Stmt[]} body
 * @param {Record<string, any>} env variables, shared by the whole plan (names are unique)
 * @returns {any}
 */
function run(runtime, body, env) {
  for (let i = 0; i < body.length; i++) {
    const stmt = body[i];
    switch (stmt.t) {
      case 'const': env[stmt.name] = evaluate(runtime, stmt.init, env); break;
      case 'do': evaluate(runtime, stmt.expr, env); break;
      case 'return': return evaluate(runtime, stmt.expr, env);
    }
  }
  return undefined;
}

/**
 * @param {any} runtime
 * @param {Expr} expr
 * @param {Record<string, any>} env
 * @returns {any}
 */
function evaluate(runtime, expr, env) {
  switch (expr.t) {
    case 'lit': return expr.value;
    case 'undefined': return undefined;
    case 'number': return runtime.number(expr.text);
    case 'bigint': return runtime.bigint(expr.text);
    case 'var': return env[expr.name];
    case 'call': return callOperation(runtime, runtime[expr.op], expr.args, env);
    case 'list': {
      // An ordinary array, as the literal `[a, b]` that emit prints: filled
      // while its prototype is null (no inherited setter can run), then given
      // Array.prototype.
      const result = newList();
      for (let i = 0; i < expr.items.length; i++) append(result, evaluate(runtime, expr.items[i], env));
      return ObjectSetPrototypeOf(result, ArrayPrototype);
    }
    case 'thunk': {
      const body = expr.body;
      return () => { run(runtime, body, env); };
    }
  }
  throw new TypeErrorCtor('unknown plan expression');
}

/**
 * Calls a runtime operation with its arguments, evaluated left to right.
 * Up to eight (the most any operation takes) it is a direct call, with no
 * argument list made and no Reflect.apply (a build makes dozens of calls: the
 * list and the apply were ~15% of it).
 * @param {any} runtime
 * @param {(...args: any[]) => any} operation
 * @param {Expr[]} args
 * @param {Record<string, any>} env
 * @returns {any}
 */
function callOperation(runtime, operation, args, env) {
  const count = args.length;
  if (count > 8) {
    const list = newList();
    for (let i = 0; i < count; i++) append(list, evaluate(runtime, args[i], env));
    return ReflectApply(operation, undefined, list);
  }
  if (count === 0) return operation();
  const a = evaluate(runtime, args[0], env);
  if (count === 1) return operation(a);
  const b = evaluate(runtime, args[1], env);
  if (count === 2) return operation(a, b);
  const c = evaluate(runtime, args[2], env);
  if (count === 3) return operation(a, b, c);
  const d = evaluate(runtime, args[3], env);
  if (count === 4) return operation(a, b, c, d);
  const e = evaluate(runtime, args[4], env);
  if (count === 5) return operation(a, b, c, d, e);
  const f = evaluate(runtime, args[5], env);
  if (count === 6) return operation(a, b, c, d, e, f);
  const g = evaluate(runtime, args[6], env);
  if (count === 7) return operation(a, b, c, d, e, f, g);
  return operation(a, b, c, d, e, f, g, evaluate(runtime, args[7], env));
}
