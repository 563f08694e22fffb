// META: title=OffscreenCanvas and ImageBitmap: a transferred canvas keeps its size and leaves the original 0 x 0, one with a rendering context is refused; an ImageBitmap is serialized (copied) or transferred (moved), a detached one refused (HTML canvas transfer steps, ImageBitmap serialization and transfer steps)

test(() => {
  const canvas = new OffscreenCanvas(4, 3);
  const clone = structuredClone(canvas, { transfer: [canvas] });
  assert_true(clone instanceof OffscreenCanvas, 'an OffscreenCanvas');
  assert_array_equals([clone.width, clone.height], [4, 3], 'the clone keeps the size');
  assert_array_equals([canvas.width, canvas.height], [0, 0], 'the original is detached: its sides read 0');
}, 'a transferred OffscreenCanvas keeps its width and height; the original reads 0 x 0');

test(() => {
  const canvas = new OffscreenCanvas(4, 3);
  canvas.getContext('2d');
  assert_throws_dom('InvalidStateError', () => structuredClone(canvas, { transfer: [canvas] }));
  assert_array_equals([canvas.width, canvas.height], [4, 3], 'not detached');
}, 'an OffscreenCanvas with a rendering context cannot be transferred (InvalidStateError)');

test(() => {
  assert_throws_dom('DataCloneError', () => structuredClone(new OffscreenCanvas(1, 1)));
}, 'an OffscreenCanvas outside the transfer list throws DataCloneError (not serializable)');

// An ImageBitmap of a canvas's pixels: transferToImageBitmap needs a rendering context.
function bitmap(width, height) {
  const canvas = new OffscreenCanvas(width, height);
  canvas.getContext('2d');
  return canvas.transferToImageBitmap();
}

test(() => {
  const original = bitmap(5, 2);
  const clone = structuredClone([original, original]);
  assert_true(clone[0] instanceof ImageBitmap, 'an ImageBitmap');
  assert_not_equals(clone[0], original, 'a copy');
  assert_equals(clone[0], clone[1], 'one ImageBitmap met twice is one copy');
  assert_array_equals([clone[0].width, clone[0].height], [5, 2]);
  assert_array_equals([original.width, original.height], [5, 2], 'the original is untouched');
}, 'a serialized ImageBitmap is copied with its size; met twice, it is one copy');

test(() => {
  const original = bitmap(5, 2);
  const clone = structuredClone(original, { transfer: [original] });
  assert_array_equals([clone.width, clone.height], [5, 2]);
  assert_array_equals([original.width, original.height], [0, 0], 'the original is detached');
}, 'a transferred ImageBitmap keeps its size; the original reads 0 x 0');

test(() => {
  const original = bitmap(2, 2);
  structuredClone(original, { transfer: [original] });
  assert_throws_dom('DataCloneError', () => structuredClone(original), 'serialized');
  assert_throws_dom('DataCloneError', () => structuredClone(original, { transfer: [original] }), 'transferred');
}, 'a detached ImageBitmap can be neither serialized nor transferred (DataCloneError)');

test(() => {
  const original = bitmap(2, 2);
  original.close();
  assert_throws_dom('DataCloneError', () => structuredClone(original));
}, 'a closed ImageBitmap cannot be serialized (DataCloneError: its bitmap is gone)');
