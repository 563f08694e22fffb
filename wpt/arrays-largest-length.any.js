// META: title=An array of the largest length: its length comes from the own descriptor, and its holes are not walked one by one (HTML StructuredSerializeInternal step 18)
// Its own file: an implementation that visits every index of 2**32 - 1 never
// finishes, and a file that times out loses the results of its other tests.

test(() => {
  const array = [];
  array.length = 2 ** 32 - 1;
  assert_equals(structuredClone(array).length, 2 ** 32 - 1);
}, 'an empty array of the largest length keeps that length');
