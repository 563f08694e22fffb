// META: title=What cannot be cloned throws DataCloneError: callables, exotic objects, objects with other internal slots (HTML StructuredSerializeInternal steps 21-23)

const UNCLONEABLE = [
  ['a function', () => function named() {}],
  ['an arrow function', () => () => 1],
  ['an async function', () => async function () {}],
  ['a generator function', () => function* () {}],
  ['a class', () => class Point {}],
  ['a bound function', () => function () {}.bind(null)],
  ['a built-in function', () => Math.max],
  ['a Proxy of an object', () => new Proxy({}, {})],
  ['a Proxy of an array', () => new Proxy([1, 2], {})],
  ['a revoked Proxy', () => { const { proxy, revoke } = Proxy.revocable({}, {}); revoke(); return proxy; }],
  ['a Proxy of a function', () => new Proxy(function () {}, {})],
  ['a WeakMap', () => new WeakMap()],
  ['a WeakSet', () => new WeakSet()],
  ['a WeakRef', () => new WeakRef({})],
  ['a FinalizationRegistry', () => new FinalizationRegistry(() => {})],
  ['a Promise', () => Promise.resolve(1)],
  ['a generator object', () => (function* () {})()],
  ['an async generator object', () => (async function* () {})()],
  ['an array iterator', () => [1][Symbol.iterator]()],
  ['a Map iterator', () => new Map().entries()],
  ['a Set iterator', () => new Set().values()],
  ['a string iterator', () => 'ab'[Symbol.iterator]()],
  ['a RegExp string iterator', () => 'a'.matchAll(/a/g)],
  ['a Symbol', () => Symbol('s')],
];

for (const [name, make] of UNCLONEABLE) {
  test(() => {
    assert_throws_dom('DataCloneError', () => structuredClone(make()));
  }, `${name} throws DataCloneError`);
}

test(() => {
  assert_throws_dom('DataCloneError', () => structuredClone({ ok: 1, nested: { deeper: [() => {}] } }));
}, 'a function deep inside the value throws DataCloneError');

test(() => {
  let trapped = false;
  const proxy = new Proxy({}, { ownKeys() { trapped = true; return []; }, get() { trapped = true; } });
  assert_throws_dom('DataCloneError', () => structuredClone(proxy));
  assert_false(trapped, 'no trap runs');
}, 'cloning a Proxy runs none of its traps');

test(() => {
  const order = [];
  const object = { get a() { order.push('a'); return 1; }, b: () => {}, get c() { order.push('c'); return 1; } };
  assert_throws_dom('DataCloneError', () => structuredClone(object));
  assert_array_equals(order, ['a'], 'getters after the function do not run');
}, 'serialization stops at the first uncloneable value: later getters do not run');

test(() => {
  const error = (() => { try { structuredClone(() => {}); } catch (e) { return e; } })();
  assert_equals(error.name, 'DataCloneError');
  assert_equals(error.code, DOMException.DATA_CLONE_ERR);
  assert_equals(typeof error.message, 'string');
}, 'the DataCloneError for a function has the name, code and a message');
