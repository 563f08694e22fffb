// META: title=Date keeps its time value (HTML StructuredSerializeInternal step 11); RegExp keeps source and flags, not lastIndex (step 12)

for (const [name, time] of [['the epoch', 0], ['a recent date', 1700000000000], ['a date before 1970', -1e12],
  ['the largest time value', 8.64e15], ['the smallest time value', -8.64e15], ['a date with milliseconds', 1234567890123]]) {
  test(() => {
    const clone = structuredClone(new Date(time));
    assert_equals(Object.getPrototypeOf(clone), Date.prototype);
    assert_equals(clone.getTime(), time);
  }, `a Date at ${name} keeps its time value`);
}

test(() => {
  const clone = structuredClone(new Date(NaN));
  assert_true(clone instanceof Date);
  assert_true(Number.isNaN(clone.getTime()));
}, 'an invalid Date stays an invalid Date');

test(() => {
  const original = new Date(0);
  original.extra = 1;
  assert_false('extra' in structuredClone(original));
}, 'a Date\'s own properties are not cloned');

test(() => {
  class Day extends Date {}
  const clone = structuredClone(new Day(5));
  assert_equals(Object.getPrototypeOf(clone), Date.prototype);
  assert_equals(clone.getTime(), 5);
}, 'a Date subclass instance clones to a plain Date');

test(() => {
  const original = new Date(10);
  Object.defineProperty(original, 'getTime', { value: () => 99 });
  assert_equals(Date.prototype.getTime.call(structuredClone(original)), 10);
}, 'an own getTime does not change what a Date clones to');

for (const flags of ['', 'g', 'i', 'm', 's', 'u', 'y', 'd', 'gimsuyd']) {
  test(() => {
    const clone = structuredClone(new RegExp('a+b', flags));
    assert_equals(Object.getPrototypeOf(clone), RegExp.prototype);
    assert_equals(clone.source, 'a+b');
    assert_equals(clone.flags, [...flags].sort().join(''));
  }, `a RegExp with flags '${flags}' keeps its source and flags`);
}

test(() => {
  const original = /x/g;
  original.lastIndex = 3;
  assert_equals(structuredClone(original).lastIndex, 0);
}, 'a RegExp\'s lastIndex is not kept: the clone starts at 0');

test(() => {
  const original = /x/;
  original.extra = 'dropped';
  assert_false('extra' in structuredClone(original));
}, 'a RegExp\'s own properties are not cloned');

test(() => {
  const clone = structuredClone(/\/slash\n[\u4e00-\u9fff]+/u);
  assert_equals(clone.source, '\\/slash\\n[\\u4e00-\\u9fff]+');
  assert_true(clone.test('/slash\n日本'));
}, 'a RegExp source with escapes and a Unicode class works the same after the clone');

test(() => {
  class Pattern extends RegExp {}
  const clone = structuredClone(new Pattern('p', 'g'));
  assert_equals(Object.getPrototypeOf(clone), RegExp.prototype);
  assert_equals(clone.source, 'p');
}, 'a RegExp subclass instance clones to a plain RegExp');

test(() => {
  const regexp = /shared/;
  const clone = structuredClone({ a: regexp, b: regexp });
  assert_equals(clone.a, clone.b);
}, 'the same RegExp twice clones to one object');

test(() => {
  const date = new Date(1);
  const clone = structuredClone([date, date]);
  assert_equals(clone[0], clone[1]);
}, 'the same Date twice clones to one object');
