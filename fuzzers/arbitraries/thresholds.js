// The sizes at which engines change how they hold or write a value, each
// with where it comes from: the generator's size draws (sizes.js) aim just
// below, at and just above them. The other strategies stay far below every
// one of them (nesting ≤ ~32, ≤ 32 objects, arrays ≤ ~20 items, buffers ≤ 24
// bytes, objects ≤ 66 properties), so a fast path that breaks past one was
// never met.
//
// A threshold is {value, engine, what, source}: `value` is the first size
// past the change (the count, length or index where the other representation
// starts), `source` the file and constant (or the PR) it was read from.
// Limits the reference's tiers mirror (src/tiers/) are imported, not
// repeated.

import { MAX_INLINE_PROPERTIES } from '../../src/tiers/flat-object-array.js';

/**
 * @typedef {{value: number, engine: string, what: string, source: string}} Threshold
 */

/** @type {Record<string, Threshold>} */
export const THRESHOLDS = {
  // ── elements: where an array's backing store becomes a dictionary ──
  v8MaxGap: {
    value: 1024,
    engine: 'V8',
    what: 'an element stored more than 1,024 past the end of the fast backing store turns the array\'s elements into a dictionary',
    source: 'v8 src/objects/js-objects.h JSObject::kMaxGap = 1024 (ShouldConvertToSlowElements)',
  },
  v8MaxUncheckedFastElements: {
    value: 5000,
    engine: 'V8',
    what: 'a fast elements store longer than 5,000 is checked for density when it grows (and may become a dictionary)',
    source: 'v8 src/objects/js-objects.h JSObject::kMaxUncheckedFastElementsLength = 5000',
  },
  // ── named properties: where an object's shape becomes a dictionary ──
  bunInlineProperties: {
    value: MAX_INLINE_PROPERTIES,
    engine: 'Bun',
    what: 'the flat-object fast path (and JSC\'s inline capacity behind it) stops at 64 properties',
    source: 'oven-sh/bun#26818, src/tiers/flat-object-array.js MAX_INLINE_PROPERTIES',
  },
  v8MaxFastProperties: {
    value: 128,
    engine: 'V8',
    what: 'an object given more than 128 out-of-object properties one by one is normalized to dictionary mode',
    source: 'v8 src/objects/map.h Map::kMaxFastProperties = 128 (TooManyFastProperties)',
  },
  jscMaxTransitionLength: {
    value: 128,
    engine: 'JavaScriptCore',
    what: 'a structure more than 128 transitions long (64 in older WebKit) becomes a cacheable dictionary',
    source: 'WebKit Source/JavaScriptCore/runtime/Structure.h s_maxTransitionLength (64, now 128); oven-sh/bun issue on delete in CachedDictionaryKind after >128 properties',
  },
  spiderMonkeyMaxHeight: {
    value: 512,
    engine: 'SpiderMonkey, JavaScriptCore',
    what: 'a shape lineage of 512 properties becomes a dictionary (SpiderMonkey: 128 once the object was written by element access); JSC\'s put-by-id limit is 512 too',
    source: 'gecko js/src/vm/Shape.h PropertyTree::MAX_HEIGHT = 512, MAX_HEIGHT_WITH_ELEMENTS_ACCESS = 128 (ShouldConvertToDictionary); WebKit Structure.h s_maxTransitionLengthForNonEvalPutById = 512',
  },
  v8MaxDescriptors: {
    value: 1020,
    engine: 'V8',
    what: 'a map holds at most 1,020 descriptors; past it the object is a dictionary whatever else holds',
    source: 'v8 src/objects/descriptor-array.h kMaxNumberOfDescriptors = (1 << kDescriptorIndexBitCount) - 4; test/mjsunit "dictionary mode when there more than kMaxNumberOfDescriptors (1024)"',
  },
  // ── serializer ids: how many bytes a back-reference takes ──
  v8VarintTwoBytes: {
    value: 128,
    engine: 'V8',
    what: 'ValueSerializer numbers every object it writes (next_id_) and writes a back-reference as kObjectReference + varint(id): ids from 128 take two bytes',
    source: 'v8 src/objects/value-serializer.cc WriteJSReceiver (WriteVarint(id - 1)); the same varint for string and buffer byte lengths',
  },
  v8VarintThreeBytes: {
    value: 16384,
    engine: 'V8',
    what: 'ids (and byte lengths) from 16,384 take three varint bytes',
    source: 'v8 src/objects/value-serializer.cc WriteVarint (7 bits a byte)',
  },
  v8VarintFourBytes: {
    value: 2 ** 21,
    engine: 'V8',
    what: 'byte lengths from 2,097,152 take four varint bytes',
    source: 'v8 src/objects/value-serializer.cc WriteVarint (7 bits a byte)',
  },
  jscPoolIndexTwoBytes: {
    value: 256,
    engine: 'JavaScriptCore, Bun',
    what: 'CloneSerializer writes an object back-reference (and a repeated string) as an index into its pool: one byte while the pool has at most 255 entries, two bytes up to 65,535, four above',
    source: 'WebKit Source/WebCore/bindings/js/SerializedScriptValue.cpp writeConstantPoolIndex (size <= 0xFF, <= 0xFFFF); Bun\'s copy src/bun.js/bindings/webcore/SerializedScriptValue.cpp',
  },
  jscPoolIndexFourBytes: {
    value: 65536,
    engine: 'JavaScriptCore, Bun',
    what: 'pool indices past 65,535 entries take four bytes',
    source: 'WebKit SerializedScriptValue.cpp writeConstantPoolIndex',
  },
  // ── strings ──
  v8TwoByteAlignment: {
    value: 2,
    engine: 'V8',
    what: 'a two-byte string is written after a kPadding byte when its characters would start at an odd offset: whether depends on the varint length of its byte length (2 bytes a character)',
    source: 'v8 src/objects/value-serializer.cc WriteString ("The existing reading code expects 16-byte strings to be aligned")',
  },
  // ── nesting ──
  jscMaxRecursion: {
    value: 40000,
    engine: 'JavaScriptCore, Bun',
    what: 'the serializer and deserializer refuse nesting deeper than 40,000 (StackOverflowError); V8 recurses until its stack check',
    source: 'WebKit SerializedScriptValue.cpp maximumFilterRecursion = 40000',
  },
  // ── buffers ──
  jscFastTypedArray: {
    value: 1000,
    engine: 'JavaScriptCore',
    what: 'a typed array of up to 1,000 elements made by length lives in a GC-allocated vector (FastTypedArray), a longer one is oversize',
    source: 'WebKit Source/JavaScriptCore/runtime/JSArrayBufferView.h fastSizeLimit = 1000',
  },
  v8TypedArrayOnHeap: {
    value: 64,
    engine: 'V8',
    what: 'a typed array of up to 64 bytes made by length is on the V8 heap by default (embedders such as Electron and Deno build with 0)',
    source: 'v8 BUILD.gn v8_typed_array_max_size_in_heap = 64 (V8_TYPED_ARRAY_MAX_SIZE_IN_HEAP)',
  },
};
