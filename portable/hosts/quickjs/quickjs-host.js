// What QuickJS-ng, as the reference's host, gives it (src/abstract-ops/brands.js
// HostHooks), through harness.c's native functions. Both builds of the
// harness install it: the fuzzer's entry.js and the agent.
//  - shareDataBlock: QuickJS-ng has no structuredClone, the reference's one
//    door to a second SharedArrayBuffer over a data block (StructuredDeserialize
//    steps 12.2 and 13.2); its serializer (JS_WRITE_OBJ_SAB, `message`) is another;
//  - isProxy: a Proxy, which no brand check can tell from its target (JS_IsProxy);
//  - classify: an object's kind read from its QuickJS-ng class (JS_GetClassID),
//    as Node's util.types tells it in Node; a Promise among them, which no brand
//    check can tell from an ordinary object. Generators and iterators are left to
//    the brand checks, which take them for ordinary objects here unless a program
//    built them (it registers what it builds).

import { setHostHooks } from '../../../src/index.js';
import { kindByBrandChecks } from '../../../src/abstract-ops/brands.js';
import { platformInterfaceOf } from '../../../src/webidl/interfaces.js';

/** @typedef {import('../../../src/abstract-ops/brands.js').ObjectKind} ObjectKind */

/** @type {{message: (value: unknown) => unknown, isProxy: (value: unknown) => boolean, classId: (value: unknown) => number}} */
const native = /** @type {any} */ (globalThis).clonecheckNative;

/**
 * One object of each QuickJS-ng class whose objects all have the same
 * internal slots, for the kinds brand checks tell. An object's class is fixed
 * when it is made (JS_NewObjectProtoClass), so every object of the class has
 * the sample's kind. What brand checks would find costs each check that
 * rules a kind out, a thrown TypeError with its backtrace (QuickJS-ng's
 * Error.stackTraceLimit is an accessor, which withoutStackTraces leaves
 * alone): 49 µs an object, a fifth of a native stage 2 run (8,128 objects
 * in 2,000 runs of an AFL++ queue, 2026-12-04).
 * @returns {object[]}
 */
function classSamples() {
  const g = /** @type {any} */ (globalThis);
  const optional = (/** @type {string} */ name, /** @type {(C: any) => object} */ make) => (typeof g[name] === 'function' ? [make(g[name])] : []);
  const typedArrays = ['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array',
    'Float16Array', 'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array'].flatMap((name) => optional(name, (C) => new C(0)));
  return [
    {}, new Error(), new Boolean(false), new Number(0), Object(0n), new String(''), Object(Symbol('sample')),
    new Date(0), /sample/, new ArrayBuffer(0), ...optional('SharedArrayBuffer', (C) => new C(0)), new DataView(new ArrayBuffer(0)),
    ...typedArrays, new Map(), new Set(), new WeakMap(), new WeakSet(),
    ...optional('WeakRef', (C) => new C({})), ...optional('FinalizationRegistry', (C) => new C(() => {})),
  ];
}

/**
 * The kind of each sampled class, as brand checks find it for the sample,
 * and a Promise's, which they cannot see. Checked as it is made: two samples
 * of one class must have one kind, and every intrinsic prototype on the
 * samples' chains must get from `classify` what brand checks find for it
 * (QuickJS-ng makes Date.prototype an ordinary object, as ECMA-262 does; a
 * version that did not would stop here, not misjudge). A platform object's
 * class (DOMException) is left to the brand checks. Without a prototype:
 * a case reads it while a program's pollution is in place.
 * @returns {Record<number, ObjectKind>}
 */
function kindsOfClasses() {
  /** @type {Record<number, ObjectKind>} */
  const kinds = Object.create(null);
  kinds[native.classId(Promise.resolve())] = 'opaque';
  const samples = classSamples();
  for (const sample of samples) {
    const kind = kindByBrandChecks(sample);
    const id = native.classId(sample);
    const other = kinds[id];
    if (other !== undefined && other !== kind) throw new Error(`clonecheck: QuickJS-ng class ${id} holds a ${other} and a ${kind}`);
    kinds[id] = kind;
  }
  for (const sample of samples) {
    for (let proto = Object.getPrototypeOf(sample); proto !== null; proto = Object.getPrototypeOf(proto)) {
      if (typeof proto === 'function' || Array.isArray(proto)) continue;
      const byClass = kindOfClass(kinds, proto) ?? kindByBrandChecks(proto);
      const bySlots = kindByBrandChecks(proto);
      if (byClass !== bySlots) throw new Error(`clonecheck: QuickJS-ng's class says ${byClass} where brand checks find ${bySlots} (a prototype on a ${kinds[native.classId(sample)]}'s chain)`);
    }
  }
  return kinds;
}

/**
 * @param {Record<number, ObjectKind>} kinds
 * @param {object} object neither a Proxy, callable nor an Array
 * @returns {ObjectKind | undefined} undefined for a class not sampled: brand checks decide
 */
function kindOfClass(kinds, object) {
  const kind = kinds[native.classId(object)];
  // An ordinary object or an Error may still be a platform object by its slots, as brand checks order it (brands.js).
  return kind === 'object' || kind === 'error' ? platformInterfaceOf(object) ?? kind : kind;
}

const KINDS_OF_CLASSES = kindsOfClasses();

setHostHooks({
  shareDataBlock: (buffer) => /** @type {SharedArrayBuffer} */ (native.message(buffer)),
  isProxy: (object) => native.isProxy(object),
  classify: (object) => kindOfClass(KINDS_OF_CLASSES, object),
});
