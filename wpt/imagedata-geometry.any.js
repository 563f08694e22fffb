// META: title=ImageData and the geometry interfaces: an ImageData is cloned with its width, height, colour space and a copy of its pixels; DOMPoint, DOMRect, DOMMatrix and DOMQuad (and their read-only bases) with their numbers, as the same interface (HTML ImageData serialization steps; Geometry Interfaces serialization steps)

test(() => {
  const original = new ImageData(new Uint8ClampedArray([1, 2, 3, 4, 5, 6, 7, 8]), 2, 1);
  const clone = structuredClone(original);
  assert_true(clone instanceof ImageData, 'an ImageData');
  assert_array_equals([clone.width, clone.height], [2, 1]);
  assert_array_equals(Array.from(clone.data), [1, 2, 3, 4, 5, 6, 7, 8]);
  assert_not_equals(clone.data.buffer, original.data.buffer, 'the pixels are copied');
}, 'an ImageData is cloned with its width, height and a copy of its pixels');

test(() => {
  // Firefox ESR 153 has no settings argument (its overloads take the third
  // argument for a height) and WebKitGTK 2.50 no colorSpace attribute: a
  // host that cannot make a display-p3 ImageData cannot clone one.
  let original;
  try {
    original = new ImageData(1, 1, { colorSpace: 'display-p3' });
  } catch {
    original = undefined;
  }
  assert_implements_optional(original?.colorSpace === 'display-p3', 'an ImageData in the display-p3 colour space');
  assert_equals(structuredClone(original).colorSpace, 'display-p3');
}, 'an ImageData keeps its colour space');

test(() => {
  const original = new ImageData(1, 1);
  original.extra = 1;
  assert_false('extra' in structuredClone(original));
}, 'an ImageData\'s own properties are not cloned');

test(() => {
  const point = structuredClone(new DOMPoint(1, -0, NaN, Infinity));
  assert_true(point instanceof DOMPoint, 'a DOMPoint');
  assert_array_equals([point.x, point.y, point.z, point.w], [1, -0, NaN, Infinity]);
  const readOnly = structuredClone(new DOMPointReadOnly(1, 2, 3, 4));
  assert_equals(Object.getPrototypeOf(readOnly), DOMPointReadOnly.prototype, 'a DOMPointReadOnly stays read-only');
}, 'a DOMPoint is cloned with x, y, z and w (-0 and NaN too); a DOMPointReadOnly stays one');

test(() => {
  const rect = structuredClone(new DOMRect(1, 2, -3, 4));
  assert_true(rect instanceof DOMRect, 'a DOMRect');
  assert_array_equals([rect.x, rect.y, rect.width, rect.height], [1, 2, -3, 4]);
  assert_equals(Object.getPrototypeOf(structuredClone(new DOMRectReadOnly())), DOMRectReadOnly.prototype);
}, 'a DOMRect is cloned with x, y, width and height (a negative width too)');

test(() => {
  const flat = structuredClone(new DOMMatrix([1, 2, 3, 4, 5, 6]));
  assert_true(flat.is2D, 'a 2D matrix stays 2D');
  assert_array_equals([flat.a, flat.b, flat.c, flat.d, flat.e, flat.f], [1, 2, 3, 4, 5, 6]);
  const deep = structuredClone(new DOMMatrix([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 7, 8, 9, 1]));
  assert_false(deep.is2D, 'a 3D matrix stays 3D');
  assert_array_equals([deep.m41, deep.m42, deep.m43], [7, 8, 9]);
  assert_equals(Object.getPrototypeOf(structuredClone(new DOMMatrixReadOnly())), DOMMatrixReadOnly.prototype);
}, 'a DOMMatrix is cloned with its numbers and whether it is 2D');

test(() => {
  const quad = structuredClone(new DOMQuad({ x: 1 }, { y: 2 }, { z: 3 }, { w: 4 }));
  assert_true(quad instanceof DOMQuad, 'a DOMQuad');
  assert_true(quad.p1 instanceof DOMPoint, 'its points are DOMPoints');
  assert_array_equals([quad.p1.x, quad.p2.y, quad.p3.z, quad.p4.w], [1, 2, 3, 4]);
}, 'a DOMQuad is cloned with its four points');
