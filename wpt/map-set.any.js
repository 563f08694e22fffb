// META: title=Map and Set: entries in order, copied before any of them is serialized (HTML StructuredSerializeInternal steps 15-16, 26.1-26.2)

test(() => {
  const clone = structuredClone(new Map([[1, 'a'], ['b', 2], [null, undefined]]));
  assert_equals(Object.getPrototypeOf(clone), Map.prototype);
  assert_array_equals([...clone.keys()], [1, 'b', null]);
  assert_array_equals([...clone.values()], ['a', 2, undefined]);
}, 'a Map keeps its entries in insertion order');

test(() => {
  const clone = structuredClone(new Set([3, 'x', 1, null]));
  assert_equals(Object.getPrototypeOf(clone), Set.prototype);
  assert_array_equals([...clone], [3, 'x', 1, null]);
}, 'a Set keeps its values in insertion order');

test(() => {
  assert_equals(structuredClone(new Map()).size, 0);
  assert_equals(structuredClone(new Set()).size, 0);
}, 'an empty Map and an empty Set stay empty');

test(() => {
  const key = { k: 1 };
  const clone = structuredClone(new Map([[key, key]]));
  const [[clonedKey, clonedValue]] = clone;
  assert_not_equals(clonedKey, key);
  assert_equals(clonedKey, clonedValue, 'one object as key and value');
  assert_equals(clonedKey.k, 1);
}, 'an object key of a Map is cloned, and stays the same object as the value that shares it');

test(() => {
  const clone = structuredClone(new Map([[NaN, 'nan']]));
  assert_equals(clone.get(NaN), 'nan');
}, 'a NaN key of a Map can still be looked up');

test(() => {
  const map = new Map([[-0, 'zero']]);
  const [[key]] = structuredClone(map);
  assert_true(Object.is(key, 0), 'Map keys are normalized to +0 when set');
}, 'a Map key set as -0 comes back as +0 (Map normalizes keys)');

test(() => {
  const map = new Map();
  map.set('self', map);
  const clone = structuredClone(map);
  assert_equals(clone.get('self'), clone);
}, 'a Map that contains itself clones to a Map that contains itself');

test(() => {
  const set = new Set();
  set.add(set);
  const clone = structuredClone(set);
  assert_true(clone.has(clone));
}, 'a Set that contains itself clones to a Set that contains itself');

test(() => {
  const map = new Map([[1, 1]]);
  map.extra = 'dropped';
  assert_false('extra' in structuredClone(map));
}, 'a Map\'s own named properties are not cloned');

test(() => {
  const set = new Set([1]);
  set.extra = 'dropped';
  assert_false('extra' in structuredClone(set));
}, 'a Set\'s own named properties are not cloned');

test(() => {
  class Registry extends Map {}
  const clone = structuredClone(new Registry([[1, 2]]));
  assert_equals(Object.getPrototypeOf(clone), Map.prototype);
  assert_equals(clone.get(1), 2);
}, 'a Map subclass instance clones to a plain Map');

test(() => {
  class Bag extends Set {}
  const clone = structuredClone(new Bag([1]));
  assert_equals(Object.getPrototypeOf(clone), Set.prototype);
}, 'a Set subclass instance clones to a plain Set');

test(() => {
  const map = new Map([['a', 1]]);
  const saved = Map.prototype.set;
  Map.prototype.set = () => { throw new Error('Map.prototype.set must not be called'); };
  try {
    const clone = structuredClone(map);
    assert_equals(Map.prototype.get.call(clone, 'a'), 1);
  } finally {
    Map.prototype.set = saved;
  }
}, 'deserializing a Map does not call Map.prototype.set');

test(() => {
  const set = new Set([1, 2]);
  const saved = Set.prototype.add;
  Set.prototype.add = () => { throw new Error('Set.prototype.add must not be called'); };
  try {
    const clone = structuredClone(set);
    assert_equals(clone.size, 2);
  } finally {
    Set.prototype.add = saved;
  }
}, 'deserializing a Set does not call Set.prototype.add');

test(() => {
  const map = new Map();
  map.set('first', { get trigger() { map.set('added', 'late'); return 'ran'; } });
  const clone = structuredClone(map);
  assert_array_equals([...clone.keys()], ['first'], 'the entry added during the walk is not cloned');
  assert_equals(clone.get('first').trigger, 'ran');
  assert_true(map.has('added'), 'the getter did run');
}, 'a Map entry added by a getter while the Map is walked is not cloned');

test(() => {
  const map = new Map();
  map.set('first', { get trigger() { map.delete('second'); return 'ran'; } });
  map.set('second', 'still cloned');
  const clone = structuredClone(map);
  assert_equals(clone.get('second'), 'still cloned');
  assert_false(map.has('second'), 'the getter did delete it');
}, 'a Map entry deleted by a getter while the Map is walked is still cloned');

test(() => {
  const map = new Map();
  map.set('first', { get trigger() { map.set('second', 'changed'); return 'ran'; } });
  map.set('second', 'before');
  assert_equals(structuredClone(map).get('second'), 'before');
}, 'a Map value replaced by a getter while the Map is walked is cloned as it was');

test(() => {
  const set = new Set();
  set.add({ get trigger() { set.add('added'); return 1; } });
  assert_equals(structuredClone(set).size, 1);
}, 'a Set value added by a getter while the Set is walked is not cloned');

test(() => {
  const set = new Set();
  set.add({ get trigger() { set.delete('second'); return 1; } });
  set.add('second');
  assert_true(structuredClone(set).has('second'));
}, 'a Set value deleted by a getter while the Set is walked is still cloned');

test(() => {
  const map = new Map([[1, 'a'], [2, 'b'], [3, 'c']]);
  map.delete(2);
  assert_array_equals([...structuredClone(map).keys()], [1, 3]);
}, 'a Map entry deleted before the clone is not cloned');

test(() => {
  const map = new Map([[1, { a: 1 }], [2, Symbol('s')]]);
  assert_throws_dom('DataCloneError', () => structuredClone(map));
}, 'a Map with an uncloneable value throws DataCloneError');

test(() => {
  const map = new Map([[() => {}, 1]]);
  assert_throws_dom('DataCloneError', () => structuredClone(map));
}, 'a Map with a function key throws DataCloneError');

test(() => {
  const big = new Map(Array.from({ length: 1000 }, (_, i) => [i, String(i)]));
  const clone = structuredClone(big);
  assert_equals(clone.size, 1000);
  assert_equals(clone.get(999), '999');
}, 'a Map with 1000 entries keeps them all');
