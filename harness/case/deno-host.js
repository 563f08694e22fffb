// Deno as the host of the reference: its WebIDL getters and methods check the
// receiver's prototype chain as well as its brand (webidl.assertBranded), so
// through them the reference would not recognise a DOMException, Blob or
// File whose prototype was changed, which Deno's serializer still meets as
// what it is. Deno keeps each such object's state in its own properties,
// marked by the webidl brand symbol, which `Deno[Deno.internal]` exposes to
// script: a stand-in whose prototype is the interface's and which reads the
// object's own properties is a receiver the getters take exactly when the
// object itself has that state, whatever its prototype now is.

const internal = typeof globalThis.Deno === 'object' ? globalThis.Deno[globalThis.Deno.internal] : undefined;
/** @type {symbol | undefined} Deno's webidl brand: an own property of every instance of its WebIDL interfaces */
const BRAND = typeof internal?.webidlBrand === 'symbol' ? internal.webidlBrand : undefined;

const { create: ObjectCreate, hasOwn: ObjectHasOwn } = Object;
const ObjectPrototypeIsPrototypeOf = Function.prototype.call.bind(Object.prototype.isPrototypeOf);
const ReflectGet = Reflect.get;
const ProxyCtor = Proxy;

/** @returns {import('../../src/abstract-ops/brands.js').HostHooks} Deno's hooks (none elsewhere) */
export function denoHostHooks() {
  return BRAND === undefined ? {} : { platformReceiver };
}

/**
 * The object, when its prototype chain already holds the interface's
 * prototype or it has no webidl state at all; else the stand-in.
 * @param {object} object not a Proxy (classifyObject tells those first)
 * @param {object} prototype
 * @returns {object}
 */
function platformReceiver(object, prototype) {
  if (ObjectPrototypeIsPrototypeOf(prototype, object) || !ObjectHasOwn(object, /** @type {symbol} */ (BRAND))) return object;
  // A handler without a prototype: a polluted Object.prototype adds no trap.
  return new ProxyCtor(ObjectCreate(prototype), {
    __proto__: null,
    get: (/** @type {object} */ _, /** @type {PropertyKey} */ key, /** @type {unknown} */ receiver) => (
      ObjectHasOwn(object, key) ? ReflectGet(object, key) : ReflectGet(prototype, key, receiver)),
  });
}
