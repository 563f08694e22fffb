// The program runtime: the one place that says how each part of a program
// becomes a live value.
//
// `build` calls these operations directly; `emit` prints calls to them and
// embeds this function's own source text as the repro's prelude. Both paths
// therefore run the same code, and a repro needs nothing from clonecheck.
//
// That is also why this function is self-contained: it refers to nothing
// outside its own body (no imports, no module-level names), and captures
// the built-ins it needs from `global` once, when it is created — before any
// program pollutes the realm. It must keep working after Array.prototype,
// Object.prototype and friends are polluted: descriptors and internal tables
// are null-prototype, lists are read by index, methods are called through
// the captured `apply`, and nothing is [[Set]] except by the `set` and
// `setLength` effects, whose whole point is to run inherited setters.

/** @typedef {import('../observe/observe.js').BuiltSink} BuiltSink  (named out here: the function's text may not say `import`) */

/**
 * @param {any} global the global object whose built-ins the runtime uses
 * @param {string[]} platformNames the constructors the platform kinds are
 *   made with (src/program/kinds/index.js `PLATFORM_MAKERS`: the registry
 *   says them, this function cannot import it)
 */
export function createRuntime(global, platformNames) {
  'use strict';
  const { apply, construct, deleteProperty, ownKeys } = global.Reflect;
  const {
    create, defineProperty, getOwnPropertyDescriptor, getPrototypeOf, setPrototypeOf,
    preventExtensions, seal, freeze,
  } = global.Object;
  const ObjectCtor = global.Object;
  const ArrayCtor = global.Array;
  const isArray = global.Array.isArray;
  const ArrayValues = global.Array.prototype.values;
  const FunctionBind = global.Function.prototype.bind;
  const SymbolCtor = global.Symbol;
  const BigIntCtor = global.BigInt;
  const StringRepeat = global.String.prototype.repeat;
  const StringSlice = global.String.prototype.slice;
  const MapCtor = global.Map;
  const MapSet = global.Map.prototype.set;
  const MapDelete = global.Map.prototype.delete;
  const SetCtor = global.Set;
  const SetAdd = global.Set.prototype.add;
  const SetDelete = global.Set.prototype.delete;
  const DateCtor = global.Date;
  const RegExpCtor = global.RegExp;
  const ProxyCtor = global.Proxy;
  const PromiseCtor = global.Promise;
  const WeakMapCtor = global.WeakMap;
  const WeakMapGet = global.WeakMap.prototype.get;
  const WeakMapSet = global.WeakMap.prototype.set;
  const WeakSetCtor = global.WeakSet;
  const WeakRefCtor = global.WeakRef;
  const FinalizationRegistryCtor = global.FinalizationRegistry;
  const ArrayBufferCtor = global.ArrayBuffer;
  const ArrayBufferResize = global.ArrayBuffer.prototype.resize;
  const ArrayBufferTransfer = global.ArrayBuffer.prototype.transfer;
  const SharedArrayBufferCtor = global.SharedArrayBuffer;
  const SharedArrayBufferGrow = SharedArrayBufferCtor && SharedArrayBufferCtor.prototype.grow;
  const Uint8ArrayCtor = global.Uint8Array;
  const structuredCloneFn = global.structuredClone;
  const TypeErrorCtor = global.TypeError;
  const ErrorCtor = global.Error;
  const Uint8ClampedArrayCtor = global.Uint8ClampedArray;
  /** Where the realm's prepared CryptoKeys are (src/program/kinds/cryptokey.js SAMPLE_KEYS_SYMBOL). */
  const SAMPLE_KEYS = SymbolCtor.for('clonecheck.cryptokey.samples');
  /** Platform interfaces by name (absent ones stay undefined: `platform` says so). */
  const platformCtors = create(null);
  for (let i = 0; i < platformNames.length; i++) platformCtors[platformNames[i]] = global[platformNames[i]];

  /** Constructors by name, null-prototype so a name never reaches Object.prototype. */
  const views = create(null);
  const viewNames = ['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array',
    'Int32Array', 'Uint32Array', 'Float16Array', 'Float32Array', 'Float64Array',
    'BigInt64Array', 'BigUint64Array', 'DataView'];
  for (let i = 0; i < viewNames.length; i++) views[viewNames[i]] = global[viewNames[i]];
  const errors = create(null);
  const errorNames = ['Error', 'EvalError', 'RangeError', 'ReferenceError', 'SyntaxError', 'TypeError', 'URIError'];
  for (let i = 0; i < errorNames.length; i++) errors[errorNames[i]] = global[errorNames[i]];
  const wellKnownSymbols = create(null);
  const wellKnownNames = ['iterator', 'species', 'toStringTag', 'toPrimitive'];
  for (let i = 0; i < wellKnownNames.length; i++) wellKnownSymbols[wellKnownNames[i]] = SymbolCtor[wellKnownNames[i]];

  /** @returns {any[]} a list whose indexed writes cannot reach Array.prototype */
  function newList() {
    return setPrototypeOf([], null);
  }

  /**
   * A program's array is made by a call with no allocation site of its own:
   * `[]` here would be one site for every array a run builds, and
   * JavaScriptCore adapts a site to what its arrays became (its
   * ArrayAllocationProfile): after one array of objects or strings, every
   * later array was born Contiguous, so an Int32 array missed Bun's Int32
   * fast path in the run and met it in a fresh replay (bun:worker seed 21:
   * 6 of 1,026 rechecked cases hidden, 2026-12-02). Made this way, every
   * array starts as a fresh engine's first one does. (V8 keeps an array
   * built by definitions PACKED_SMI either way: measured with
   * %HasSmiElements in Node 20.)
   */
  const NO_ARGUMENTS = freeze(newList());

  /**
   * The one data descriptor that defineData fills in and passes: defining a
   * property reads it before any other code can run (a program's proxies
   * have no traps), so it can be reused. A fresh `{ __proto__: null, … }` per
   * property is an object V8 keeps in dictionary mode, and took a third of
   * a build. Its null prototype (set once) keeps a polluted
   * Object.prototype.get out of it.
   */
  const definition = setPrototypeOf({ value: undefined, writable: true, enumerable: true, configurable: true }, null);

  function defineData(target, key, value, writable, enumerable, configurable) {
    definition.value = value;
    definition.writable = writable;
    definition.enumerable = enumerable;
    definition.configurable = configurable;
    defineProperty(target, key, definition);
    definition.value = undefined;
  }

  /**
   * A sequence's prototype (`sequence`): nothing but the captured
   * Symbol.iterator. Not the array's own property: V8 turns its array
   * iteration protector off for the whole isolate, for good, as soon as any
   * array has an own Symbol.iterator (every later spread, for-of and
   * destructuring of an array then makes an iterator and a result per item).
   */
  const sequencePrototype = create(null);
  defineData(sequencePrototype, SymbolCtor.iterator, ArrayValues, true, false, true);

  /** Appends to an ordinary array by definition, never by [[Set]]. */
  function appendDefined(list, item) {
    defineData(list, list.length, item, true, true, true);
  }

  /** @param {string} what */
  function unavailable(what) {
    return new ErrorCtor(what + ' is not available in this runtime');
  }

  // ── the build context: effects log, undo stack for realm steps ──

  /**
   * @param {((object: object, kind: string) => void) | undefined} registerOpaque
   * @param {any[]} [effects] the effects log to append to (a fresh array by default)
   */
  function context(registerOpaque, effects) {
    return { __proto__: null, registerOpaque, effects: effects === undefined ? [] : effects, undo: newList(), ports: newList(), sinks: newList() };
  }

  function register(cx, object, kind) {
    if (typeof cx.registerOpaque === 'function') cx.registerOpaque(object, kind);
  }

  function log(cx, event, on, key) {
    appendDefined(cx.effects, { event, on, key });
  }

  // ── values that JSON cannot write ──

  /** @param {string} text 'NaN', '-0', 'Infinity' or '-Infinity' */
  function number(text) {
    switch (text) {
      case 'NaN': return NaN;
      case '-0': return -0;
      case 'Infinity': return Infinity;
      case '-Infinity': return -Infinity;
    }
    throw new TypeErrorCtor('not a special number: ' + text);
  }
  /** @param {string} text decimal digits */
  function bigint(text) {
    return BigIntCtor(text);
  }
  function symbol(description) {
    return SymbolCtor(description);
  }
  function wellKnown(name) {
    return wellKnownSymbols[name];
  }
  function repeat(string, count) {
    return apply(StringRepeat, string, [count]);
  }
  function concat(parts) {
    let result = '';
    for (let i = 0; i < parts.length; i++) result += parts[i];
    return result;
  }
  function slice(string, start, end) {
    return apply(StringSlice, string, [start, end]);
  }

  // ── objects, one maker per kind ──

  /** An ordinary object, registered as one: the reference need not brand-check it (brands.js). */
  function object(cx, className, privateField) {
    let result;
    if (className === undefined) result = {};
    else {
      // A computed key names the anonymous class (NamedEvaluation) without eval.
      const C = privateField
        ? { [className]: class { #secret = 0; } }[className]
        : { [className]: class {} }[className];
      result = new C();
    }
    register(cx, result, 'object');
    return result;
  }
  function array(subclassName) {
    if (subclassName === undefined) return construct(ArrayCtor, NO_ARGUMENTS);
    // An explicit constructor: some engines' default derived constructor
    // spreads its arguments through the (pollutable) array iterator.
    const C = { [subclassName]: class extends ArrayCtor { constructor() { super(); } } }[subclassName];
    return new C();
  }
  function date(time) {
    return new DateCtor(time);
  }
  function regexp(source, flags) {
    return new RegExpCtor(source, flags);
  }
  function map() {
    return new MapCtor();
  }
  function set() {
    return new SetCtor();
  }
  function arraybuffer(byteLength, maxByteLength, shared, bytes) {
    const C = shared ? SharedArrayBufferCtor : ArrayBufferCtor;
    if (C === undefined) throw unavailable('SharedArrayBuffer');
    const buffer = maxByteLength === undefined
      ? new C(byteLength)
      : new C(byteLength, { __proto__: null, maxByteLength });
    // An integer index of a typed array is its own element: writing it reaches no prototype.
    const writer = new Uint8ArrayCtor(buffer);
    for (let i = 0; i < bytes.length; i++) writer[i] = bytes[i];
    return buffer;
  }
  function view(type, buffer, byteOffset, length) {
    const C = views[type];
    if (C === undefined) throw unavailable(type);
    // Without a length the view covers the rest of the buffer (and tracks a resizable one).
    return length === undefined ? new C(buffer, byteOffset) : new C(buffer, byteOffset, length);
  }
  /**
   * @param {string} type a native error constructor's name
   * @param {string} [stack] 'formatted' (the default) or 'untouched'
   */
  function error(type, stack = 'formatted') {
    const result = new errors[type]();
    // V8 formats `stack` on first access by running the error's toString, which
    // reads the name and message defined later (running their getters, which
    // may throw). 'formatted' touches it now, fixing the text while the error
    // is still bare; 'untouched' leaves it as every real error starts out, for
    // whatever code reads it first (an engine's serializer, in the clone).
    if (stack === 'formatted') getOwnPropertyDescriptor(result, 'stack');
    return result;
  }
  function boxed(value) {
    return ObjectCtor(value);
  }
  function callable(style) {
    switch (style) {
      case 'arrow': return () => {};
      case 'function': return function () {};
      case 'class': return class {};
      case 'async': return async function () {};
      case 'generator': return function* () {};
      case 'bound': return apply(FunctionBind, function () {}, [null]);
    }
    throw new TypeErrorCtor('unknown function style: ' + style);
  }
  function proxy(cx, target) {
    // A null-prototype handler: a polluted Object.prototype.get must not become a trap.
    const result = new ProxyCtor(target, create(null));
    register(cx, result, 'proxy');
    return result;
  }
  function opaque(cx, type) {
    let result;
    switch (type) {
      case 'WeakMap': result = new WeakMapCtor(); break;
      case 'WeakSet': result = new WeakSetCtor(); break;
      case 'WeakRef':
        if (WeakRefCtor === undefined) throw unavailable('WeakRef');
        result = new WeakRefCtor({});
        break;
      case 'FinalizationRegistry':
        if (FinalizationRegistryCtor === undefined) throw unavailable('FinalizationRegistry');
        result = new FinalizationRegistryCtor(() => {});
        break;
      case 'Promise': result = new PromiseCtor(() => {}); break;
      case 'Generator': result = (function* () {})(); break;
      case 'Arguments': result = (function () { return arguments; })(); break;
      case 'ArrayIterator': result = apply(ArrayValues, [], []); break;
      default: throw new TypeErrorCtor('unknown opaque type: ' + type);
    }
    register(cx, result, type);
    return result;
  }

  // ── platform objects: made by their constructors (before any realm step runs) ──

  /** @param {string} name @returns {any} the interface's constructor */
  function platform(name) {
    const C = platformCtors[name];
    if (C === undefined) throw unavailable(name);
    return C;
  }
  /** A sequence argument: an array iterated with the captured iterator of its prototype, and nothing else inherited. */
  function sequence(items) {
    const array = newList();
    for (let i = 0; i < items.length; i++) defineData(array, i, items[i], true, true, true);
    return setPrototypeOf(array, sequencePrototype);
  }
  /** A typed array of the bytes, written by index (its own elements: no prototype is reached). */
  function bytesIn(C, bytes) {
    const array = new C(bytes.length);
    for (let i = 0; i < bytes.length; i++) array[i] = bytes[i];
    return array;
  }
  function domexception(message, name) {
    return new (platform('DOMException'))(message, name);
  }
  function blob(bytes, type) {
    return new (platform('Blob'))(sequence([bytesIn(Uint8ArrayCtor, bytes)]), { __proto__: null, type });
  }
  function file(bytes, name, type, lastModified) {
    return new (platform('File'))(sequence([bytesIn(Uint8ArrayCtor, bytes)]), name, { __proto__: null, type, lastModified });
  }
  function imagedata(width, height, bytes, colorSpace) {
    const C = platform('ImageData');
    const settings = { __proto__: null, colorSpace };
    return bytes === undefined ? new C(width, height, settings) : new C(bytesIn(Uint8ClampedArrayCtor, bytes), width, height, settings);
  }
  /**
   * port1 of a new MessageChannel. The build keeps port2, when asked, in the
   * case's list of ports (Built `ports`): the observation posts from it to
   * see which port the entanglement reaches (src/observe/observe.js probePorts).
   */
  function messageport(cx, keepOtherEnd) {
    const channel = new (platform('MessageChannel'))();
    if (keepOtherEnd) cx.ports[cx.ports.length] = { __proto__: null, port: channel.port1, otherEnd: channel.port2 };
    return channel.port1;
  }
  /** A new OffscreenCanvas, with a 2D rendering context when asked (its context mode is then not none). */
  function offscreencanvas(width, height, context) {
    const canvas = new (platform('OffscreenCanvas'))(width, height);
    if (context === '2d') canvas.getContext('2d');
    return canvas;
  }
  /** An ImageBitmap of a new canvas's (transparent) pixels: transferToImageBitmap needs a rendering context. */
  function imagebitmap(width, height) {
    return offscreencanvas(width, height, '2d').transferToImageBitmap();
  }
  /** A ReadableStream whose underlying source enqueues the chunks, then closes; locked: a reader holds it. */
  function readablestream(chunks, locked) {
    const stream = new (platform('ReadableStream'))({
      __proto__: null,
      start(controller) {
        for (let i = 0; i < chunks.length; i++) controller.enqueue(chunks[i]);
        controller.close();
      },
    });
    if (locked) stream.getReader();
    return stream;
  }
  /**
   * A WritableStream whose underlying sink records each chunk written, in
   * the case's list of sinks (Built `sinks`): the observation writes to a
   * transferred clone and sees which sink its chunk reaches
   * (src/observe/observe.js probeStreams). locked: a writer holds it.
   */
  function writablestream(cx, locked) {
    /** @type {BuiltSink & {__proto__?: null}} */
    const sink = { __proto__: null, written: newList(), wake: undefined };
    cx.sinks[cx.sinks.length] = sink;
    const stream = new (platform('WritableStream'))({
      __proto__: null,
      write(chunk) {
        sink.written[sink.written.length] = chunk;
        if (sink.wake !== undefined) sink.wake();
      },
    });
    if (locked) stream.getWriter();
    return stream;
  }
  /** An identity TransformStream; locked: a reader holds its readable. */
  function transformstream(locked) {
    const stream = new (platform('TransformStream'))();
    if (locked) stream.readable.getReader();
    return stream;
  }
  /**
   * A FileList of these Files, in order (the same File may come twice):
   * FileList has no constructor, a DataTransfer (a window's only) makes one
   * that holds the very Files added.
   */
  function filelist(files) {
    const transfer = new (platform('DataTransfer'))();
    for (let i = 0; i < files.length; i++) transfer.items.add(files[i]);
    return transfer.files;
  }
  /** @param {string} type a geometry interface @param {number[]} values its numbers (a quad: four points' x, y, z, w) */
  function geometry(type, values) {
    const C = platform(type);
    if (type === 'DOMMatrix' || type === 'DOMMatrixReadOnly') return new C(sequence(values));
    if (type !== 'DOMQuad') return new C(values[0], values[1], values[2], values[3]);
    const points = newList();
    for (let i = 0; i < 4; i++) {
      points[i] = { __proto__: null, x: values[4 * i], y: values[4 * i + 1], z: values[4 * i + 2], w: values[4 * i + 3] };
    }
    return new C(points[0], points[1], points[2], points[3]);
  }

  /**
   * A copy of one of the realm's prepared sample CryptoKeys, by the realm's
   * own structuredClone (the key's serialization steps copy its slots).
   * Script makes keys only asynchronously: the realm prepared them before
   * its first case (src/program/kinds/cryptokey.js prepareSampleKeys).
   */
  function cryptokey(name) {
    const samples = getOwnPropertyDescriptor(global, SAMPLE_KEYS);
    const key = samples === undefined ? undefined : samples.value[name];
    if (key === undefined) throw unavailable('The prepared CryptoKey "' + name + '" (await prepareKinds() before building)');
    if (structuredCloneFn === undefined) throw unavailable('structuredClone');
    return structuredCloneFn(key);
  }

  // ── filling: prototypes, properties, contents ──

  function proto(target, prototype) {
    setPrototypeOf(target, prototype);
  }
  function data(target, key, value, writable = true, enumerable = true, configurable = true) {
    defineData(target, key, value, writable, enumerable, configurable);
  }
  function accessor(target, key, get, setter, enumerable = true, configurable = true) {
    defineProperty(target, key, { __proto__: null, get, set: setter, enumerable, configurable });
  }
  /**
   * An array's `fill` (kinds/array.js): `count` more elements from index
   * `start`, each `item`, or with `fresh` a new empty ordinary object each.
   */
  function fill(cx, target, start, count, fresh, item) {
    for (let i = 0; i < count; i++) defineData(target, start + i, fresh ? object(cx) : item, true, true, true);
  }
  /** An object's `fill` (kinds/object.js): `count` data properties `${prefix}0`, `${prefix}1`, …, each `item`. */
  function named(target, prefix, count, item) {
    for (let i = 0; i < count; i++) defineData(target, prefix + i, item, true, true, true);
  }
  /** Array `length` and RegExp `lastIndex`: change the value of an existing own property. */
  function value(target, key, newValue) {
    defineProperty(target, key, { __proto__: null, value: newValue });
  }
  function mapEntry(target, key, entryValue) {
    apply(MapSet, target, [key, entryValue]);
  }
  function setValue(target, entryValue) {
    apply(SetAdd, target, [entryValue]);
  }

  // ── buffers ──

  function resize(buffer, byteLength) {
    apply(ArrayBufferResize, buffer, [byteLength]);
  }
  function grow(buffer, byteLength) {
    apply(SharedArrayBufferGrow, buffer, [byteLength]);
  }
  function detach(buffer) {
    if (ArrayBufferTransfer !== undefined) {
      apply(ArrayBufferTransfer, buffer, []);
      return;
    }
    if (structuredCloneFn === undefined) {
      throw unavailable('Detaching an ArrayBuffer (neither ArrayBuffer.prototype.transfer nor structuredClone)');
    }
    // The transfer list is iterated: a sequence, with its captured iterator.
    structuredCloneFn(buffer, { __proto__: null, transfer: sequence([buffer]) });
  }

  function integrity(target, level) {
    switch (level) {
      case 'preventExtensions': preventExtensions(target); return;
      case 'seal': seal(target); return;
      case 'freeze': freeze(target); return;
    }
  }

  // ── behaviors: what accessors and methods do when called ──

  /**
   * An effect: a closure that changes one object when a behavior runs.
   * `set` and `setLength` are the only [[Set]]s in the runtime, on purpose.
   */
  function effect(kind, target, a, b) {
    switch (kind) {
      case 'delete': return () => { delete target[a]; };
      case 'define': return () => { defineData(target, a, b, true, true, true); };
      case 'set': return () => { target[a] = b; };
      case 'hide': return () => {
        if (getOwnPropertyDescriptor(target, a) !== undefined) {
          defineProperty(target, a, { __proto__: null, enumerable: false });
        }
      };
      case 'setLength': return () => { target.length = a; };
      case 'detach': return () => { detach(target); };
      case 'resize': return () => { resize(target, a); };
      case 'grow': return () => { grow(target, a); };
      case 'mapSet': return () => { apply(MapSet, target, [a, b]); };
      case 'mapDelete': return () => { apply(MapDelete, target, [a]); };
      case 'setAdd': return () => { apply(SetAdd, target, [a]); };
      case 'setDelete': return () => { apply(SetDelete, target, [a]); };
    }
    throw new TypeErrorCtor('unknown effect: ' + kind);
  }

  /**
   * A function that logs `{event, on, key}`, runs the effects in order, then
   * throws a new `throws` error or returns `returns`.
   */
  function behavior(cx, event, on, key, effects, returns, throws) {
    return function () {
      log(cx, event, on, key);
      for (let i = 0; i < effects.length; i++) effects[i]();
      if (throws !== undefined) throw new errors[throws]('thrown by ' + key);
      return returns;
    };
  }

  // ── realm steps ──

  /** Each realm's resolved intrinsics, kept so a later batch never re-reads a polluted global. */
  const realmTables = new WeakMapCtor();

  /**
   * Resolves intrinsic names ('Array.prototype', 'TypedArray.prototype', …)
   * in one realm. A name is looked up the first time any batch asks for it and
   * then kept: the program resolves every name its sender and receiver steps
   * use before the first step runs, so a sender step that replaces
   * globalThis.Array cannot redirect a receiver step on Array.prototype.
   * @param {any} realmGlobal
   * @param {string[]} names
   */
  function realm(realmGlobal, names) {
    let table = apply(WeakMapGet, realmTables, [realmGlobal]);
    if (table === undefined) {
      table = create(null);
      apply(WeakMapSet, realmTables, [realmGlobal, table]);
    }
    for (let i = 0; i < names.length; i++) {
      const name = names[i];
      if (table[name] !== undefined) continue;
      const dot = name.length - '.prototype'.length;
      let target;
      if (name === 'globalThis') target = realmGlobal;
      else if (name === 'TypedArray.prototype') target = getPrototypeOf(realmGlobal.Uint8Array).prototype;
      else if (apply(StringSlice, name, [dot]) === '.prototype') {
        const C = realmGlobal[apply(StringSlice, name, [0, dot])];
        target = C === undefined ? undefined : C.prototype;
      } else target = realmGlobal[name];
      if (target === undefined) throw unavailable(name);
      table[name] = target;
    }
    return table;
  }

  function intrinsic(table, name) {
    return table[name];
  }

  /**
   * An own descriptor as a null-prototype object: redefining it later must not
   * pick up a `get` or `value` that a step put on Object.prototype.
   */
  function ownDescriptor(target, key) {
    const descriptor = getOwnPropertyDescriptor(target, key);
    return descriptor === undefined ? undefined : setPrototypeOf(descriptor, null);
  }

  /**
   * Records what `restore` needs to put (table[on])[key] back exactly.
   * Array.prototype is an array: an index step also changes its length.
   */
  function remember(cx, target, key) {
    const previous = ownDescriptor(target, key);
    cx.undo[cx.undo.length] = {
      __proto__: null, target, key, previous,
      // The key order matters only for a key that was there before (undoStep).
      keys: previous === undefined ? undefined : ownKeys(target),
      length: isArray(target) ? target.length : undefined,
    };
  }

  function stepData(cx, table, on, key, stepValue, writable = true, enumerable = true, configurable = true) {
    remember(cx, table[on], key);
    defineData(table[on], key, stepValue, writable, enumerable, configurable);
  }
  function stepAccessor(cx, table, on, key, get, setter, enumerable = true, configurable = true) {
    remember(cx, table[on], key);
    defineProperty(table[on], key, { __proto__: null, get, set: setter, enumerable, configurable });
  }
  function stepDelete(cx, table, on, key) {
    remember(cx, table[on], key);
    if (!deleteProperty(table[on], key)) throw new TypeErrorCtor('cannot delete the non-configurable ' + on + ' property');
  }

  /** Undoes one step: the previous descriptor comes back, at its previous place in the key order. */
  function undoStep(entry) {
    const { target, key, previous, keys, length } = entry;
    if (previous === undefined) deleteProperty(target, key);
    if (length !== undefined) defineProperty(target, 'length', { __proto__: null, value: length });
    if (previous === undefined) return;
    const existed = getOwnPropertyDescriptor(target, key) !== undefined;
    defineProperty(target, key, previous);
    if (existed) return;
    // The key was deleted: move the keys that followed it behind it again.
    let after = false;
    for (let i = 0; i < keys.length; i++) {
      if (after) {
        const descriptor = ownDescriptor(target, keys[i]);
        if (descriptor !== undefined && descriptor.configurable) {
          deleteProperty(target, keys[i]);
          defineProperty(target, keys[i], descriptor);
        }
      } else if (keys[i] === key) after = true;
    }
  }

  /** Undoes every step recorded in `cx` after `mark`, newest first. */
  function restore(cx, mark = 0) {
    while (cx.undo.length > mark) {
      const entry = cx.undo[cx.undo.length - 1];
      cx.undo.length -= 1;
      undoStep(entry);
    }
  }

  /** Runs a batch of realm steps; if one fails, the batch is undone before the error propagates. */
  function steps(cx, body) {
    const mark = cx.undo.length;
    try {
      body();
    } catch (e) {
      restore(cx, mark);
      throw e;
    }
  }

  /** The Built record `build` and the repro return. */
  function finish(cx, root, transfer, receiverSteps) {
    return {
      value: root,
      transfer,
      effects: cx.effects,
      ports: cx.ports,
      sinks: cx.sinks,
      setupReceiver() { receiverSteps(); },
      restore() { restore(cx); },
    };
  }

  function restorer(cx) {
    return function restoreRealm() { restore(cx); };
  }

  return freeze({
    __proto__: null,
    context, number, bigint, symbol, wellKnown, repeat, concat, slice,
    object, array, date, regexp, map, set, arraybuffer, view, error, boxed, callable, proxy, opaque,
    domexception, blob, file, imagedata, geometry, messageport, offscreencanvas, imagebitmap, filelist, cryptokey,
    readablestream, writablestream, transformstream,
    proto, data, fill, named, accessor, value, mapEntry, setValue, resize, grow, detach, integrity,
    effect, behavior, realm, intrinsic, stepData, stepAccessor, stepDelete, steps, finish, restorer,
  });
}
