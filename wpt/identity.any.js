// META: title=Identity and cycles: the memory map makes every object cloned once (HTML StructuredSerializeInternal steps 2 and 25)

test(() => {
  const shared = { s: 1 };
  const clone = structuredClone({ a: shared, b: shared });
  assert_equals(clone.a, clone.b);
  assert_not_equals(clone.a, shared);
}, 'an object reached twice clones to one object');

test(() => {
  const object = {};
  object.self = object;
  const clone = structuredClone(object);
  assert_equals(clone.self, clone);
}, 'an object that refers to itself clones to one that refers to itself');

test(() => {
  const array = [];
  array.push(array);
  const clone = structuredClone(array);
  assert_equals(clone[0], clone);
}, 'an array that contains itself clones to one that contains itself');

test(() => {
  const array = [1];
  array.self = array;
  const clone = structuredClone(array);
  assert_equals(clone.self, clone);
}, 'an array whose named property is itself keeps the cycle');

test(() => {
  const a = {}; const b = { a }; a.b = b;
  const clone = structuredClone(a);
  assert_equals(clone.b.a, clone);
}, 'a two-object cycle is kept');

test(() => {
  const nodes = Array.from({ length: 5 }, (_, i) => ({ i }));
  nodes.forEach((node, i) => { node.next = nodes[(i + 1) % 5]; });
  const clone = structuredClone(nodes[0]);
  let walk = clone;
  for (let i = 0; i < 5; i++) walk = walk.next;
  assert_equals(walk, clone);
}, 'a ring of five objects is kept');

test(() => {
  const shared = [1, 2];
  const clone = structuredClone([shared, { inner: shared }, new Map([[shared, shared]])]);
  assert_equals(clone[0], clone[1].inner);
  assert_equals(clone[2].get(clone[0]), clone[0]);
}, 'one array shared by an array, an object and a Map is one array in the clone');

test(() => {
  const error = new Error('e');
  const clone = structuredClone({ first: error, list: [error] });
  assert_equals(clone.first, clone.list[0]);
}, 'one Error reached twice is one Error in the clone');

test(() => {
  const map = new Map();
  const object = { map };
  map.set(object, object);
  const clone = structuredClone(object);
  assert_equals(clone.map.get(clone), clone);
}, 'a cycle through a Map key and value is kept');

test(() => {
  const wrapper = new Number(1);
  const clone = structuredClone({ a: wrapper, b: wrapper });
  assert_equals(clone.a, clone.b);
}, 'a wrapper reached twice is one object in the clone');

test(() => {
  const object = {};
  const clone = structuredClone([object, object, object]);
  assert_equals(clone[0], clone[2]);
}, 'the same object three times in an array is one object');

test(() => {
  const a = { v: 1 };
  const b = { v: 1 };
  const clone = structuredClone([a, b]);
  assert_not_equals(clone[0], clone[1]);
}, 'two equal but distinct objects stay distinct');

test(() => {
  const original = { v: 1 };
  const clone = structuredClone(original);
  clone.v = 2;
  assert_equals(original.v, 1);
}, 'changing the clone does not change the original');

test(() => {
  const object = { get self() { return object; } };
  const clone = structuredClone(object);
  assert_equals(clone.self, clone);
}, 'a getter that returns the object itself makes a cycle in the clone');

test(() => {
  const first = [];
  const second = [first];
  first.push(second);
  const clone = structuredClone(first);
  assert_equals(clone[0][0], clone);
}, 'two arrays that contain each other keep the cycle');
