// The one place that says which revision of the HTML Standard the step
// numbers in src/ refer to, and which steps each algorithm has there.
//
// Code cites an algorithm once, by its link (the anchor never changes when
// sections are renumbered), and then its steps by the numbers listed here:
// "StructuredSerializeInternal step 14.1", or the bare step number in a
// comment that follows the algorithm's link in the same file. test/citations.unit.test.js
// fails when a cited step is not listed here, so renumbering upstream means
// editing this table and every citation the test then points at, together.
//
// The summaries are ours, not the standard's words: enough to recognise the
// step when reading the standard next to the code.

/** The revision of the HTML Standard the numbers below come from. */
export const HTML_REVISION = Object.freeze({
  standard: 'HTML Living Standard, "Safe passing of structured data"',
  url: 'https://html.spec.whatwg.org/multipage/structured-data.html',
  // The first revision with Error [[Stack]] as a normative, serialized slot.
  includes: 'whatwg/html#12239 (Error [[Stack]], 2026)',
  checked: '2026-11-23',
});

/**
 * @typedef {object} Algorithm
 * @property {string} url its stable link: the standard's anchor for it
 * @property {Readonly<Record<string, string>>} steps step number → what the step does
 */

/** @type {Readonly<Record<string, Algorithm>>} */
export const HTML_ALGORITHMS = Object.freeze({
  StructuredSerializeInternal: algorithm('https://html.spec.whatwg.org/#structuredserializeinternal', {
    1: 'memory defaults to a new empty map',
    2: 'a value already in memory serializes to the record made for it',
    3: 'deep starts false',
    4: 'undefined, null, booleans, numbers, bigints and strings become a primitive record',
    5: 'a Symbol throws a DataCloneError',
    6: 'serialized starts uninitialized',
    7: '[[BooleanData]]: a Boolean record',
    8: '[[NumberData]]: a Number record',
    9: '[[BigIntData]]: a BigInt record',
    10: '[[StringData]]: a String record',
    11: '[[DateValue]]: a Date record',
    12: '[[RegExpMatcher]]: a RegExp record of the original source and flags',
    13: '[[ArrayBufferData]]',
    '13.1': 'a shared buffer',
    '13.1.1': 'not cross-origin isolated: DataCloneError',
    '13.1.2': 'for storage: DataCloneError',
    '13.1.3': 'growable: a GrowableSharedArrayBuffer record sharing data block and byte length',
    '13.1.4': 'otherwise a SharedArrayBuffer record sharing the data block',
    '13.2': 'an unshared buffer',
    '13.2.1': 'detached: DataCloneError',
    '13.2.2': 'size is its byte length',
    '13.2.3': 'a new data block of that size (failure: RangeError)',
    '13.2.4': 'the bytes are copied',
    '13.2.5': 'resizable: a ResizableArrayBuffer record with the max byte length',
    '13.2.6': 'otherwise an ArrayBuffer record',
    14: '[[ViewedArrayBuffer]]: typed arrays and DataViews',
    '14.1': 'out of bounds: DataCloneError',
    '14.2': 'buffer is the viewed buffer',
    '14.3': 'the buffer is serialized through the same memory',
    '14.4': 'that record is an ArrayBuffer, ResizableArrayBuffer, SharedArrayBuffer or GrowableSharedArrayBuffer',
    '14.5': 'a DataView: an ArrayBufferView record named "DataView" with byte length and offset',
    '14.6': 'a typed array: the record also holds [[TypedArrayName]] and the array length',
    15: '[[MapData]]: a Map record, deep',
    16: '[[SetData]]: a Set record, deep',
    17: '[[ErrorData]] and not a platform object',
    '17.1': 'name is Get(value, "name")',
    '17.2': 'a name that is not one of the seven native error names becomes "Error"',
    '17.3': 'the own descriptor of "message"',
    '17.4': 'message is ToString of that descriptor\'s value when it is a data descriptor, else undefined',
    '17.5': 'the stack: an implementation-defined string for [[Stack]]',
    '17.6': 'an Error record of name, message and stack',
    '17.7': 'other interesting accompanying data may be attached',
    18: 'IsArray: an Array record',
    '18.1': 'the own "length" descriptor',
    '18.2': 'length is its value',
    '18.3': 'an Array record with that length and no properties yet',
    '18.4': 'deep becomes true',
    19: 'a serializable platform object: its serialization steps',
    '19.1': 'its [[Detached]] is true: DataCloneError',
    20: 'another platform object: DataCloneError',
    21: 'IsCallable: DataCloneError',
    22: 'an internal slot other than [[Prototype]], [[Extensible]], [[PrivateElements]]: DataCloneError',
    23: 'an exotic object other than %Object.prototype%: DataCloneError',
    24: 'otherwise an Object record, deep',
    25: 'memory[value] is set before the deep pass',
    26: 'the deep pass',
    '26.1': 'Map: the entries are copied into a list, then each key and value serialized',
    '26.2': 'Set: the values are copied into a list, then each serialized',
    '26.3': 'a serializable platform object: its serialization steps with deep set',
    '26.4': 'otherwise, for each key of EnumerableOwnProperties(value, key)',
    '26.4.1': 'when HasOwnProperty(value, key) is still true',
    '26.4.1.1': 'inputValue is value.[[Get]](key, value)',
    '26.4.1.2': 'outputValue is StructuredSerializeInternal(inputValue, forStorage, memory)',
    '26.4.1.3': 'the key and outputValue are appended to [[Properties]]',
    27: 'return serialized',
  }),
  StructuredSerialize: algorithm('https://html.spec.whatwg.org/#structuredserialize', {
    1: 'StructuredSerializeInternal(value, false)',
  }),
  StructuredSerializeForStorage: algorithm('https://html.spec.whatwg.org/#structuredserializeforstorage', {
    1: 'StructuredSerializeInternal(value, true)',
  }),
  StructuredDeserialize: algorithm('https://html.spec.whatwg.org/#structureddeserialize', {
    1: 'memory defaults to a new empty map',
    2: 'a record already in memory deserializes to the value made for it',
    3: 'deep starts false',
    4: 'value starts uninitialized',
    5: 'a primitive record: its value',
    6: 'Boolean: a new Boolean object in targetRealm',
    7: 'Number: a new Number object',
    8: 'BigInt: a new BigInt object',
    9: 'String: a new String object',
    10: 'Date: a new Date object',
    11: 'RegExp: a new RegExp object (lastIndex 0)',
    12: 'SharedArrayBuffer: a new object over the same data block',
    '12.1': 'the new SharedArrayBuffer object',
    '12.2': 'it cannot be made: DataCloneError',
    13: 'GrowableSharedArrayBuffer: likewise, growable',
    '13.1': 'the new growable SharedArrayBuffer object',
    '13.2': 'it cannot be made: DataCloneError',
    14: 'ArrayBuffer: a new ArrayBuffer with a copy of the data (failure: DataCloneError)',
    15: 'ResizableArrayBuffer: likewise, with the max byte length',
    16: 'ArrayBufferView',
    '16.1': 'the buffer is deserialized through the same memory',
    '16.2': 'a DataView: a new DataView over it',
    '16.3': 'a typed array: the constructor named by [[Constructor]] in targetRealm',
    17: 'Map: a new Map, deep',
    18: 'Set: a new Set, deep',
    19: 'Array: ArrayCreate(length, %Array.prototype% of targetRealm), deep',
    20: 'Object: OrdinaryObjectCreate(%Object.prototype% of targetRealm), deep',
    21: 'Error',
    '21.1': 'prototype starts as %Error.prototype%',
    '21.2': 'EvalError: %EvalError.prototype%',
    '21.3': 'RangeError: %RangeError.prototype%',
    '21.4': 'ReferenceError: %ReferenceError.prototype%',
    '21.5': 'SyntaxError: %SyntaxError.prototype%',
    '21.6': 'TypeError: %TypeError.prototype%',
    '21.7': 'URIError: %URIError.prototype%',
    '21.8': 'message is the record\'s [[Message]]',
    '21.9': 'value is OrdinaryObjectCreate(prototype, « [[ErrorData]], [[Stack]] »)',
    '21.10': 'the message descriptor: writable, not enumerable, configurable',
    '21.11': 'message, when not undefined, is defined with that descriptor',
    '21.12': 'value.[[Stack]] is the record\'s stack',
    22: 'otherwise a platform interface named by [[Type]] (none: DataCloneError)',
    23: 'memory[serialized] is set before the deep pass',
    24: 'the deep pass',
    '24.1': 'Map: each entry deserialized and appended to [[MapData]]',
    '24.2': 'Set: each value deserialized and appended to [[SetData]]',
    '24.3': 'Array or Object: each property deserialized and defined with CreateDataProperty',
    '24.4': 'a platform object: its deserialization steps',
    25: 'return value',
  }),
  StructuredSerializeWithTransfer: algorithm('https://html.spec.whatwg.org/#structuredserializewithtransfer', {
    1: 'memory starts as a new empty map',
    2: 'for each transferable in transferList',
    '2.1': 'neither [[ArrayBufferData]] nor [[Detached]]: DataCloneError',
    '2.2': 'a SharedArrayBuffer: DataCloneError',
    '2.3': 'already in memory (named twice): DataCloneError',
    '2.4': 'memory[transferable] is a placeholder record',
    3: 'serialized is StructuredSerializeInternal(value, false, memory)',
    4: 'transferDataHolders starts empty',
    5: 'for each transferable in transferList',
    '5.1': 'a detached ArrayBuffer: DataCloneError',
    '5.2': 'a platform object already detached: DataCloneError',
    '5.3': 'dataHolder is memory[transferable]',
    '5.4': 'an ArrayBuffer: dataHolder takes its data block',
    '5.4.1': 'resizable: a ResizableArrayBuffer holder with the max byte length',
    '5.4.2': 'otherwise an ArrayBuffer holder',
    '5.4.3': 'DetachArrayBuffer(transferable)',
    '5.5': 'a platform object: its transfer steps',
    '5.5.1': 'assert: a transferable platform object',
    '5.5.2': 'interfaceName is the identifier of its primary interface',
    '5.5.3': 'dataHolder.[[Type]] is interfaceName',
    '5.5.4': 'the transfer steps for interfaceName, given transferable and dataHolder',
    '5.5.5': 'transferable.[[Detached]] is true',
    '5.6': 'dataHolder is appended to transferDataHolders',
    6: 'return serialized and transferDataHolders',
  }),
  StructuredDeserializeWithTransfer: algorithm('https://html.spec.whatwg.org/#structureddeserializewithtransfer', {
    1: 'memory starts as a new empty map',
    2: 'transferredValues starts empty',
    3: 'for each transferDataHolder',
    '3.1': 'value starts uninitialized',
    '3.2': 'ArrayBuffer: a new ArrayBuffer in targetRealm over the holder\'s data block',
    '3.3': 'ResizableArrayBuffer: likewise, resizable',
    '3.4': 'a platform object: its transfer-receiving steps',
    '3.4.1': 'interfaceName is transferDataHolder.[[Type]]',
    '3.4.2': 'the interface not exposed in targetRealm: DataCloneError',
    '3.4.3': 'value is a new instance of the interface, created in targetRealm',
    '3.4.4': 'the transfer-receiving steps for interfaceName, given transferDataHolder and value',
    '3.5': 'memory[transferDataHolder] is value',
    '3.6': 'value is appended to transferredValues',
    4: 'deserialized is StructuredDeserialize(serialized, targetRealm, memory)',
    5: 'return deserialized and transferredValues',
  }),
  structuredClone: algorithm('https://html.spec.whatwg.org/#dom-structuredclone', {
    1: 'serialized is StructuredSerializeWithTransfer(value, options["transfer"])',
    2: 'deserializeRecord is StructuredDeserializeWithTransfer(serialized, this\'s relevant realm)',
    3: 'return deserializeRecord.[[Deserialized]]',
  }),
});

/**
 * @param {string} url
 * @param {Record<string, string>} steps
 * @returns {Algorithm}
 */
function algorithm(url, steps) {
  return Object.freeze({ url, steps: Object.freeze(steps) });
}
