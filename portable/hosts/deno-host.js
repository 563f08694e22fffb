// Deno as the host of the reference: its WebIDL getters and methods check the
// receiver's prototype chain as well as its brand (webidl.assertBranded), so
// through them the reference would not recognise a DOMException, Blob or
// File whose prototype was changed, which Deno's serializer still meets as
// what it is. Deno keeps each such object's state in its own properties,
// marked by the webidl brand symbol: a stand-in whose prototype is the
// interface's and which reads the object's own properties is a receiver the
// getters take exactly when the object itself has that state, whatever its
// prototype now is. And where an interface has no member that is a brand
// check reading and changing nothing (MessagePort before Deno 2.8: its
// onmessage answers null for any object, and hasRef() came in 2.8), the
// brand check is assertBranded's own: the prototype chain and the brand.

const ObjectPrototypeIsPrototypeOf = Function.prototype.call.bind(Object.prototype.isPrototypeOf);
const { create: ObjectCreate, getOwnPropertySymbols: ObjectGetOwnPropertySymbols, hasOwn: ObjectHasOwn } = Object;
const ReflectGet = Reflect.get;
const ProxyCtor = Proxy;

/** @type {symbol | undefined} Deno's webidl brand: an own property of every instance of its WebIDL interfaces */
const BRAND = typeof globalThis.Deno === 'object' ? webidlBrand() : undefined;

/**
 * `Deno[Deno.internal].webidlBrand` (Deno 2.9 and later), else the symbol
 * that brands a fresh Blob: webidl.createBranded sets `object[brand] = brand`,
 * an own property whose value is its own key (Deno 1.46 to 2.8 name it to no script).
 * @returns {symbol | undefined}
 */
function webidlBrand() {
  const named = globalThis.Deno[globalThis.Deno.internal]?.webidlBrand;
  if (typeof named === 'symbol') return named;
  if (typeof globalThis.Blob !== 'function') return undefined;
  const blob = /** @type {any} */ (new globalThis.Blob([]));
  return ObjectGetOwnPropertySymbols(blob).find((symbol) => blob[symbol] === symbol && symbol.description === '[[webidl.brand]]');
}

/** @returns {import('../../src/abstract-ops/brands.js').HostHooks} Deno's hooks (none elsewhere) */
export function denoHostHooks() {
  return BRAND === undefined ? {} : { platformReceiver, platformBrand };
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
  /** @type {ProxyHandler<object> & {__proto__?: null}} */
  const handler = {
    __proto__: null,
    get: (/** @type {object} */ _, /** @type {PropertyKey} */ key, /** @type {unknown} */ receiver) => (
      ObjectHasOwn(object, key) ? ReflectGet(object, key) : ReflectGet(prototype, key, receiver)),
  };
  return new ProxyCtor(ObjectCreate(prototype), handler);
}

/**
 * webidl.assertBranded, as a question: the interface's prototype on the
 * object's chain, and the brand its own (an own-property check, not assertBranded's Get, which could run a program's getter).
 * @param {object} object not a Proxy
 * @param {object} prototype
 * @returns {boolean}
 */
function platformBrand(object, prototype) {
  return ObjectPrototypeIsPrototypeOf(prototype, object) && ObjectHasOwn(object, /** @type {symbol} */ (BRAND));
}
