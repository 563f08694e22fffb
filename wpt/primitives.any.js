// META: title=Primitives: every value is kept exactly (HTML StructuredSerializeInternal step 4), a Symbol throws (step 5)

const SAME = [
  ['undefined stays undefined', undefined],
  ['null stays null', null],
  ['true stays true', true],
  ['false stays false', false],
  ['0 stays +0', 0],
  ['-0 stays -0', -0],
  ['NaN stays NaN', NaN],
  ['Infinity stays Infinity', Infinity],
  ['-Infinity stays -Infinity', -Infinity],
  ['1 stays 1', 1],
  ['-1 stays -1', -1],
  ['the largest int32 (2**31 - 1) stays itself', 2 ** 31 - 1],
  ['the smallest int32 (-(2**31)) stays itself', -(2 ** 31)],
  ['2**31, one past int32, stays itself', 2 ** 31],
  ['-(2**31) - 1, one below int32, stays itself', -(2 ** 31) - 1],
  ['2**32 - 1, the largest uint32, stays itself', 2 ** 32 - 1],
  ['Number.MAX_SAFE_INTEGER stays itself', Number.MAX_SAFE_INTEGER],
  ['Number.MIN_SAFE_INTEGER stays itself', Number.MIN_SAFE_INTEGER],
  ['Number.MAX_VALUE stays itself', Number.MAX_VALUE],
  ['Number.MIN_VALUE (the smallest denormal) stays itself', Number.MIN_VALUE],
  ['Number.EPSILON stays itself', Number.EPSILON],
  ['0.1 keeps every bit', 0.1],
  ['a negative fraction keeps every bit', -1.5e-300],
  ['0n stays 0n', 0n],
  ['1n stays 1n', 1n],
  ['-1n stays -1n', -1n],
  ['a 64-bit BigInt stays itself', 2n ** 64n - 1n],
  ['a 1000-bit BigInt stays itself', 2n ** 1000n + 12345n],
  ['a negative 200-bit BigInt stays itself', -(2n ** 200n)],
];

for (const [name, value] of SAME) {
  test(() => {
    const clone = structuredClone(value);
    assert_equals(typeof clone, typeof value, 'typeof');
    assert_equals(clone, value);
  }, name);
}

test(() => {
  assert_equals(Object.is(structuredClone(-0), -0), true);
  assert_equals(Object.is(structuredClone([-0])[0], -0), true, 'inside an array');
  assert_equals(Object.is(structuredClone({ x: -0 }).x, -0), true, 'inside an object');
}, '-0 keeps its sign at the root, in an array and in an object');

test(() => {
  const clone = structuredClone([NaN, 0 / 0]);
  assert_true(Number.isNaN(clone[0]) && Number.isNaN(clone[1]));
}, 'NaN stays NaN inside an array');

test(() => {
  assert_throws_dom('DataCloneError', () => structuredClone(Symbol('s')));
}, 'a Symbol throws DataCloneError');

test(() => {
  assert_throws_dom('DataCloneError', () => structuredClone(Symbol.iterator));
}, 'a well-known Symbol throws DataCloneError');

test(() => {
  assert_throws_dom('DataCloneError', () => structuredClone(Symbol.for('registered')));
}, 'a registered Symbol throws DataCloneError');

test(() => {
  assert_throws_dom('DataCloneError', () => structuredClone([1, Symbol('s')]));
}, 'a Symbol inside an array throws DataCloneError');

test(() => {
  assert_throws_dom('DataCloneError', () => structuredClone({ a: Symbol('s') }));
}, 'a Symbol as a property value throws DataCloneError');

test(() => {
  assert_throws_dom('DataCloneError', () => structuredClone(new Map([[1, Symbol('s')]])));
}, 'a Symbol as a Map value throws DataCloneError');

test(() => {
  const error = (() => { try { structuredClone(Symbol('s')); } catch (e) { return e; } })();
  assert_equals(error.code, 25, 'DATA_CLONE_ERR');
  assert_true(error instanceof DOMException);
}, 'the DataCloneError is a DOMException with code 25');

test(() => {
  assert_equals(structuredClone(undefined, undefined), undefined);
  assert_equals(structuredClone(1, null), 1);
  assert_equals(structuredClone(1, {}), 1);
}, 'options may be undefined, null or an empty dictionary');

test(() => {
  assert_throws_js(TypeError, () => structuredClone(1, 1));
  assert_throws_js(TypeError, () => structuredClone(1, 'transfer'));
}, 'options that are not a dictionary throw TypeError');
