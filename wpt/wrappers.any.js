// META: title=Primitive wrappers are cloned as wrappers of the same primitive (HTML StructuredSerializeInternal steps 7-10)

const WRAPPERS = [
  ['a Boolean wrapper of true', () => new Boolean(true), Boolean.prototype, true],
  ['a Boolean wrapper of false', () => new Boolean(false), Boolean.prototype, false],
  ['a Number wrapper of 1', () => new Number(1), Number.prototype, 1],
  ['a Number wrapper of -0', () => new Number(-0), Number.prototype, -0],
  ['a Number wrapper of NaN', () => new Number(NaN), Number.prototype, NaN],
  ['a Number wrapper of Infinity', () => new Number(Infinity), Number.prototype, Infinity],
  ['a BigInt wrapper', () => Object(12345678901234567890n), BigInt.prototype, 12345678901234567890n],
  ['a String wrapper', () => new String('wrapped'), String.prototype, 'wrapped'],
  ['a String wrapper of the empty string', () => new String(''), String.prototype, ''],
  ['a String wrapper of a lone surrogate', () => new String('\ud800'), String.prototype, '\ud800'],
];

for (const [name, make, prototype, primitive] of WRAPPERS) {
  test(() => {
    const original = make();
    const clone = structuredClone(original);
    assert_equals(typeof clone, 'object');
    assert_not_equals(clone, original, 'a new object');
    assert_equals(Object.getPrototypeOf(clone), prototype, 'prototype');
    assert_equals(clone.valueOf(), primitive, 'the wrapped primitive');
  }, `${name} is cloned as a wrapper of the same primitive`);
}

test(() => {
  const original = new Number(5);
  original.extra = 'dropped';
  const clone = structuredClone(original);
  assert_false('extra' in clone);
}, 'a Number wrapper\'s own properties are not cloned');

test(() => {
  const original = new String('ab');
  original.extra = 'dropped';
  original[5] = 'also dropped';
  const clone = structuredClone(original);
  assert_array_equals(Object.keys(clone), ['0', '1']);
  assert_equals(clone.length, 2);
}, 'a String wrapper keeps only its string: its own extra properties are not cloned');

test(() => {
  const original = new Boolean(true);
  Object.setPrototypeOf(original, null);
  const clone = structuredClone(original);
  assert_equals(Object.getPrototypeOf(clone), Boolean.prototype);
}, 'a Boolean wrapper with a null prototype clones with Boolean.prototype');

test(() => {
  const original = new Number(3);
  Object.defineProperty(original, 'valueOf', { value: () => 99 });
  const clone = structuredClone(original);
  assert_equals(Number.prototype.valueOf.call(clone), 3);
}, 'a Number wrapper\'s own valueOf does not change what is cloned');

test(() => {
  assert_throws_dom('DataCloneError', () => structuredClone(Object(Symbol('s'))));
}, 'a Symbol wrapper throws DataCloneError');

test(() => {
  const clone = structuredClone([new Number(1), new String('s'), new Boolean(false)]);
  assert_equals(clone[0].valueOf(), 1);
  assert_equals(clone[1].valueOf(), 's');
  assert_equals(clone[2].valueOf(), false);
}, 'wrappers inside an array are cloned as wrappers');

test(() => {
  const wrapper = new String('shared');
  const clone = structuredClone([wrapper, wrapper]);
  assert_equals(clone[0], clone[1]);
}, 'the same wrapper twice clones to one object');
