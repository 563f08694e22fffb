import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import vm from 'node:vm';
import { PROGRAM_SCHEMA, build, drawn, emit, emitPlain, fromBytes, setupRealm, validate } from '../src/program/index.js';
import { classifyObject, registerOpaque } from '../src/abstract-ops/brands.js';
import { randomBytesFrom } from './helpers.js';
import { BYTE_KINDS } from '../src/program/bytes.js';
import { KINDS, PLATFORM_KINDS } from '../src/program/schema.js';
import { installNodeHostHooks } from '../portable/hosts/node-host.js';
import { cloneCase, referenceClone } from '../portable/case/case.js';

const SEED_DIR = new URL('../corpus/seeds/', import.meta.url);
const seeds = readdirSync(SEED_DIR).filter((f) => f.endsWith('.json')).sort()
  .map((f) => [f, JSON.parse(readFileSync(new URL(f, SEED_DIR), 'utf8'))]);

/** A program with the given objects and root. */
const program = (objects, root = { ref: 0 }, extra = {}) => ({ schema: PROGRAM_SCHEMA, root, objects, ...extra });

/** The errors of `validate` as "path: message" lines. */
const problems = (p) => validate(p).map((e) => `${e.path}: ${e.message}`);

/** Asserts that validate reports an error at `path` whose message matches `pattern`. */
function assertRejected(p, path, pattern) {
  const errors = validate(p);
  const hit = errors.find((e) => e.path === path);
  assert.ok(hit, `expected an error at ${path}, got ${JSON.stringify(errors)}`);
  assert.match(hit.message, pattern);
}

/** Evaluates emitted source in this realm. */
const evalEmitted = (source) => vm.runInThisContext(source);

// ── a structural snapshot of a built value, to compare build with emit ──

const AsyncFunctionPrototype = Object.getPrototypeOf(async function () {});
const GeneratorFunctionPrototype = Object.getPrototypeOf(function* () {});
const intrinsicNames = new Map([
  [Object.getPrototypeOf(Uint8Array.prototype), '%TypedArray.prototype%'],
  [AsyncFunctionPrototype, '%AsyncFunction.prototype%'],
  [GeneratorFunctionPrototype, '%GeneratorFunction.prototype%'],
  [GeneratorFunctionPrototype.prototype, '%GeneratorPrototype%'],
  [Object.getPrototypeOf([][Symbol.iterator]()), '%ArrayIteratorPrototype%'],
]);
for (const name of Object.getOwnPropertyNames(globalThis)) {
  const value = Object.getOwnPropertyDescriptor(globalThis, name).value;
  if (typeof value === 'function' && /^[A-Z]/.test(name)) {
    intrinsicNames.set(value, name);
    if (value.prototype && typeof value.prototype === 'object') intrinsicNames.set(value.prototype, `${name}.prototype`);
  }
}
intrinsicNames.set(globalThis, 'globalThis');

/** Calls the original getter `key` of `proto` on `v` (own properties cannot shadow it). */
const getter = (proto, key, v) => Object.getOwnPropertyDescriptor(proto, key).get.call(v);

/**
 * Everything a script can see of the graph under `roots`: prototypes, own
 * keys in order with descriptors, integrity, internal slots and their
 * contents, function source text; objects and symbols by first-visit order.
 */
function snapshot(...roots) {
  const ids = new Map();
  const symbols = new Map();
  const nodes = [];
  const token = (v) => {
    switch (typeof v) {
      case 'number': return Object.is(v, -0) ? 'n:-0' : `n:${v}`;
      case 'string': return `s:${v}`;
      case 'bigint': return `b:${v}`;
      case 'boolean': case 'undefined': return String(v);
      case 'symbol':
        if (!symbols.has(v)) symbols.set(v, symbols.size);
        return `sym#${symbols.get(v)}:${v.description}`;
    }
    if (v === null) return 'null';
    if (intrinsicNames.has(v)) return `%${intrinsicNames.get(v)}`;
    if (ids.has(v)) return `@${ids.get(v)}`;
    const id = nodes.length;
    ids.set(v, id);
    const node = {};
    nodes.push(node);
    const kind = classifyObject(v);
    node.kind = kind;
    node.proto = token(Reflect.getPrototypeOf(v));
    node.integrity = [Object.isExtensible(v), Object.isSealed(v), Object.isFrozen(v)].join();
    // Node tags promises with async-hook ids: host bookkeeping, not part of the program.
    const hostKey = (k) => typeof k === 'symbol' && /async_id_symbol$/.test(k.description);
    node.props = Reflect.ownKeys(v).filter((k) => !hostKey(k)).map((k) => {
      // Reading V8's stack formats it, running the error's own toString: leave it alone.
      if (k === 'stack') return 'stack (host-defined)';
      const d = Object.getOwnPropertyDescriptor(v, k);
      return Object.hasOwn(d, 'value')
        ? [token(k), token(d.value), d.writable, d.enumerable, d.configurable].join(' ')
        : [token(k), 'get', token(d.get), 'set', token(d.set), d.enumerable, d.configurable].join(' ');
    });
    if (typeof v === 'function') node.source = Function.prototype.toString.call(v);
    switch (kind) {
      case 'date': node.time = token(Date.prototype.getTime.call(v)); break;
      case 'regexp': node.regexp = `${getter(RegExp.prototype, 'source', v)}/${getter(RegExp.prototype, 'flags', v)}`; break;
      case 'map': node.entries = [...Map.prototype.entries.call(v)].map(([k, x]) => `${token(k)} => ${token(x)}`); break;
      case 'set': node.values = [...Set.prototype.values.call(v)].map(token); break;
      case 'arraybuffer': case 'sharedarraybuffer': {
        const ab = kind === 'arraybuffer' ? ArrayBuffer.prototype : SharedArrayBuffer.prototype;
        let bytes;
        try { bytes = [...new Uint8Array(v)].join(':'); } catch { bytes = 'detached'; }
        node.buffer = [getter(ab, 'byteLength', v), getter(ab, 'maxByteLength', v),
          getter(ab, kind === 'arraybuffer' ? 'resizable' : 'growable', v), bytes].join(' ');
        break;
      }
      case 'typedarray': {
        const ta = Object.getPrototypeOf(Uint8Array.prototype);
        node.view = [getter(ta, Symbol.toStringTag, v), token(getter(ta, 'buffer', v)), getter(ta, 'byteOffset', v),
          getter(ta, 'length', v)].join(' ');
        break;
      }
      case 'dataview': {
        const dv = DataView.prototype;
        let size;
        try { size = getter(dv, 'byteLength', v); } catch { size = 'out of bounds'; }
        node.view = ['DataView', token(getter(dv, 'buffer', v)), size].join(' ');
        break;
      }
      case 'number': case 'string': case 'boolean': case 'bigint': case 'symbol': {
        const wrapper = { number: Number, string: String, boolean: Boolean, bigint: BigInt, symbol: Symbol }[kind];
        node.primitive = token(wrapper.prototype.valueOf.call(v));
        break;
      }
    }
    return `@${id}`;
  };
  const rootTokens = roots.map(token);
  return { roots: rootTokens, nodes };
}

/** What running the clone does: its outcome, the effects log, then the graph after. */
function cloneRun(built) {
  const before = built.effects.length;
  let outcome;
  try {
    const clone = structuredClone(built.value, { transfer: built.transfer });
    outcome = `value ${snapshot(clone).nodes.length} objects`;
  } catch (e) {
    outcome = `throws ${e.name}`;
  }
  return { outcome, effects: built.effects.slice(before), after: snapshot(built.value, ...built.transfer) };
}

/** Builds a program both ways and returns both views of each. */
function buildBothWays(p) {
  const viaBuild = build(p);
  viaBuild.restore();
  const viaEmit = evalEmitted(emit(p))(registerOpaque);
  viaEmit.restore();
  return [viaBuild, viaEmit];
}

// ── validate ──

test('every seed program is valid', () => {
  assert.ok(seeds.length >= 12);
  for (const [name, p] of seeds) assert.deepEqual(problems(p), [], name);
});

test('a missing schema, root or a non-object program is rejected at its path', () => {
  assertRejected({ root: 1 }, '$.schema', /clonecheck\/program@1/);
  assertRejected({ schema: PROGRAM_SCHEMA }, '$.root', /missing/);
  assertRejected(42, '$', /expected a program object, got 42/);
});

test('an unknown field is rejected, so typos do not pass silently', () => {
  assertRejected(program([{ kind: 'object', prosp: [] }]), '$.objects[0].prosp', /unknown field/);
  assertRejected(program([], 1, { tranfser: [] }), '$.tranfser', /unknown field/);
  assertRejected(program([{ kind: 'object', props: [{ key: 'a', vlaue: 1 }] }]), '$.objects[0].props[0].vlaue', /unknown field/);
});

test('an unknown kind and wrong field types are rejected with the field path', () => {
  assertRejected(program([{ kind: 'weakmap' }]), '$.objects[0].kind', /expected one of .*"opaque", .*"imagebitmap", .*got "weakmap"/);
  assertRejected(program([{ kind: 'array', items: 'abc' }]), '$.objects[0].items', /expected an array/);
  assertRejected(program([{ kind: 'arraybuffer', bytes: [1, 256] }]), '$.objects[0].bytes[1]', /integer 0\.\.255, got 256/);
  assertRejected(program([{ kind: 'date', time: '2020' }]), '$.objects[0].time', /expected a number/);
  assertRejected(program([{ kind: 'function', style: 'lambda' }]), '$.objects[0].style', /got "lambda"/);
  assertRejected(program([{ kind: 'regexp', source: '(', flags: '' }]), '$.objects[0]', /SyntaxError/);
  assertRejected(program([{ kind: 'error', type: 'Error', stack: 'lazy' }]), '$.objects[0].stack', /"formatted", "untouched", got "lazy"/);
});

test('values that JSON cannot carry faithfully are rejected', () => {
  assertRejected(program([], -0), '$.root', /finite number.*got -0/);
  assertRejected(program([], NaN), '$.root', /got NaN/);
  assertRejected(program([], { bigint: '12a' }), '$.root.bigint', /decimal digits/);
  assertRejected(program([], { number: 'nan' }), '$.root.number', /"NaN"/);
  assertRejected(program([], [1, 2]), '$.root', /got an array/);
});

test('dangling refs are rejected wherever they occur', () => {
  assertRejected(program([], { ref: 0 }), '$.root.ref', /object id/);
  assertRejected(program([{ kind: 'set', values: [{ ref: 3 }] }]), '$.objects[0].values[0].ref', /0\.\.0\), got 3/);
  assertRejected(program([{ kind: 'object', proto: { ref: 'x' } }]), '$.objects[0].proto.ref', /got "x"/);
});

test('a view over something other than an arraybuffer node is rejected at its buffer', () => {
  assertRejected(program([{ kind: 'object' }, { kind: 'view', type: 'Uint8Array', buffer: 0 }]),
    '$.objects[1].buffer', /expected an integer id of an arraybuffer node, got 0 \(a "object" node\)/);
  assertRejected(program([{ kind: 'view', type: 'Uint8Array', buffer: 'x' }]),
    '$.objects[0].buffer', /expected an integer id of an arraybuffer node, got "x"/);
});

test('a view out of its buffer\'s bounds or misaligned is rejected', () => {
  const buffer = { kind: 'arraybuffer', bytes: [1, 2, 3, 4, 5, 6] };
  assertRejected(program([buffer, { kind: 'view', type: 'Int32Array', buffer: 0 }]), '$.objects[1]', /whole number/);
  assertRejected(program([buffer, { kind: 'view', type: 'Int16Array', buffer: 0, byteOffset: 1 }]), '$.objects[1]', /multiple/);
  assertRejected(program([buffer, { kind: 'view', type: 'Uint8Array', buffer: 0, length: 7 }]), '$.objects[1]', /do not fit/);
});

test('proxy target cycles and prototype cycles are rejected', () => {
  assertRejected(program([{ kind: 'proxy', target: 1 }, { kind: 'proxy', target: 0 }]), '$.objects[0].target', /never reaches/);
  assertRejected(program([{ kind: 'object', proto: { ref: 1 } }, { kind: 'object', proto: { ref: 0 } }]),
    '$.objects[0].proto', /leads back/);
  // Through a proxy: the proxy's prototype is its target's.
  assertRejected(program([{ kind: 'object', proto: { ref: 1 } }, { kind: 'proxy', target: 0 }]), '$.objects[0].proto', /leads back/);
});

test('transfer ids out of range and forStorage with a transfer list are rejected', () => {
  assertRejected(program([{ kind: 'arraybuffer', bytes: [] }], 1, { transfer: [1] }), '$.transfer[0]', /id of a node, got 1/);
  assertRejected(program([{ kind: 'arraybuffer', bytes: [] }], 1, { transfer: [0], forStorage: true }), '$.forStorage', /transfer/);
});

test('a primitive transfer is the transfer option itself: build, emit and plain source pass it on, and structuredClone refuses it', () => {
  const p = { schema: PROGRAM_SCHEMA, root: 1, transfer: 5 };
  assert.deepEqual(validate(p), []);
  for (const built of buildBothWays(p)) {
    assert.equal(built.transfer, 5);
    assert.throws(() => structuredClone(built.value, { transfer: built.transfer }), TypeError);
  }
  assert.match(emitPlain(p).value, /^const transfer = 5;$/m);
  assertRejected({ ...p, transfer: { a: 1 } }, '$.transfer', /array of object ids \(or a primitive/);
});

test('unknown intrinsic names are rejected in realm steps and prototypes', () => {
  assertRejected(program([], 1, { receiver: [{ on: 'Array.protoype', key: '0', value: 1 }] }), '$.receiver[0].on', /got "Array.protoype"/);
  assertRejected(program([{ kind: 'object', proto: 'Foo.prototype' }]), '$.objects[0].proto', /intrinsic name/);
});

test('realm steps must stay undoable and cannot refer to objects', () => {
  assertRejected(program([], 1, { sender: [{ on: 'Object.prototype', key: 'a', value: 1, configurable: false }] }),
    '$.sender[0].configurable', /restore/);
  assertRejected(program([], 1, { sender: [{ on: 'Array.prototype', key: 'length', value: 1 }] }), '$.sender[0].key', /not configurable/);
  assertRejected(program([{ kind: 'object' }], 1, { receiver: [{ on: 'Object.prototype', key: 'a', value: { ref: 0 } }] }),
    '$.receiver[0].value', /cannot refer to objects/);
  assertRejected(program([{ kind: 'object' }], 1, { receiver: [{ on: 'Object.prototype', key: 'a', get: { effects: [{ delete: [0, 'x'] }] } }] }),
    '$.receiver[0].get.effects', /cannot have effects/);
});

test('bad effects are rejected at the effect\'s path', () => {
  const getter = (effect) => program([{ kind: 'map', entries: [] }, { kind: 'arraybuffer', bytes: [] },
    { kind: 'object', props: [{ key: 'a', get: { effects: [effect] } }] }], { ref: 2 });
  assertRejected(getter({ explode: 0 }), '$.objects[2].props[0].get.effects[0]', /expected an effect/);
  assertRejected(getter({ detach: 0 }), '$.objects[2].props[0].get.effects[0].detach', /arraybuffer node, got 0 \(a "map" node\)/);
  assertRejected(getter({ resize: [1, 4] }), '$.objects[2].props[0].get.effects[0].resize[1]', /not resizable/);
  assertRejected(getter({ setAdd: [0, 1] }), '$.objects[2].props[0].get.effects[0].setAdd[0]', /set node/);
  assertRejected(getter({ delete: [0] }), '$.objects[2].props[0].get.effects[0].delete', /2 arguments/);
  assertRejected(getter({ define: [0, 'k', { ref: 9 }] }), '$.objects[2].props[0].get.effects[0].define[2].ref', /object id/);
});

test('properties that no engine lets build define are rejected', () => {
  assertRejected(program([{ kind: 'array', items: [], props: [{ key: 'length', value: 3 }] }]), '$.objects[0].props[0].key', /"length" field/);
  assertRejected(program([{ kind: 'arraybuffer', bytes: [0] }, { kind: 'view', type: 'Uint8Array', buffer: 0, props: [{ key: '0', value: 1 }] }]),
    '$.objects[1].props[0].key', /numeric key/);
  assertRejected(program([{ kind: 'object', props: [{ key: 'a', value: 1, configurable: false }, { key: 'a', value: 2 }] }]),
    '$.objects[0].props[1].key', /non-configurable/);
  assertRejected(program([{ kind: 'object', props: [{ key: 'a', value: 1, get: {} }] }]), '$.objects[0].props[0]', /not both/);
});

test('validate reports every error, not just the first', () => {
  const errors = validate(program([{ kind: 'nope' }, { kind: 'array', items: [{ ref: 7 }] }], { ref: 9 }, { forStorage: 'yes' }));
  assert.deepEqual(errors.map((e) => e.path), ['$.root.ref', '$.objects[0].kind', '$.objects[1].items[0].ref', '$.forStorage']);
});

test('build refuses an invalid program with a TypeError naming the first error\'s path', () => {
  assert.throws(() => build(program([{ kind: 'view', type: 'Uint8Array', buffer: 'x' }])),
    (e) => e instanceof TypeError && e.message.includes('$.objects[0].buffer'));
});

test('build of a drawn program skips the checks of its form and keeps those of this host', () => {
  // A form error only `validate` finds: a drawn program is the generator's, valid by construction (fuzzers/programs.js).
  const misformed = () => program([{ kind: 'array', items: [1] }], { ref: 0 }, { forStorage: 'yes' });
  assert.throws(() => build(misformed()), (e) => e instanceof TypeError && e.message.includes('$.forStorage'));
  assert.deepEqual(build(drawn(misformed())).value, [1]);
  // Node has no ImageData: a drawn program with one is still refused here, by name.
  assert.equal(typeof globalThis.ImageData, 'undefined');
  assert.throws(() => build(drawn(program([{ kind: 'imagedata', width: 1, height: 1 }]))),
    (e) => e instanceof TypeError && e.message.includes('this host has no ImageData'));
});

// ── build ──

test('holes in a built array stay holes: no own index', () => {
  const { value } = build(program([{ kind: 'array', items: [1, { hole: true }, 3, { hole: true }] }]));
  assert.equal(value.length, 4);
  assert.deepEqual(Object.keys(value), ['0', '2']);
  assert.equal(Object.hasOwn(value, 1), false);
  assert.equal(Object.hasOwn(value, 3), false);
});

test('an array\'s length field extends it with holes or truncates it', () => {
  const { value } = build(program([{ kind: 'array', items: [{ ref: 1 }, { ref: 2 }] },
    { kind: 'array', items: [1], length: 5 }, { kind: 'array', items: [1, 2, 3], length: 1 }]));
  assert.equal(value[0].length, 5);
  assert.deepEqual(Object.keys(value[0]), ['0']);
  assert.deepEqual([...value[1]], [1]);
});

test('an array\'s fill adds a run of one item after its items: a value, holes, or a new empty object each; build, emit and plain source agree', () => {
  const p = program([
    { kind: 'array', items: [1, { ref: 1 }], fill: [{ fresh: true }, 3], props: [{ key: '2000', value: 'far' }] },
    { kind: 'array', items: [], fill: [{ hole: true }, 1030] },
    { kind: 'array', items: [0], fill: [{ ref: 3 }, 2] },
    { kind: 'object', props: [{ key: 'a', value: 1 }] },
  ]);
  p.objects[0].items.push({ ref: 2 });
  assert.deepEqual(problems(p), []);
  const plain = evalPlain(emitPlain(p)).value;
  for (const value of [...buildBothWays(p).map((b) => b.value), plain]) {
    assert.equal(value.length, 2001);
    assert.deepEqual(Object.keys(value), ['0', '1', '2', '3', '4', '5', '2000']);
    assert.deepEqual(value[3], {});
    assert.notEqual(value[3], value[4]);
    assert.equal(value[2000], 'far');
    assert.equal(value[1].length, 1030);
    assert.deepEqual(Object.keys(value[1]), []);
    assert.equal(value[2].length, 3);
    assert.equal(value[2][1], value[2][2]);
    assert.deepEqual(value[2][1], { a: 1 });
  }
});

test('an object\'s fill defines properties prefix0, prefix1, … before its props, which may redefine one in place', () => {
  const p = program([{ kind: 'object', fill: [7, 130, 'k'], props: [{ key: 'k3', value: 'x' }, { key: 'z', value: 1 }] }]);
  assert.deepEqual(problems(p), []);
  const plain = evalPlain(emitPlain(p)).value;
  for (const value of [...buildBothWays(p).map((b) => b.value), plain]) {
    const keys = Object.keys(value);
    assert.equal(keys.length, 131);
    assert.deepEqual(keys.slice(0, 5), ['k0', 'k1', 'k2', 'k3', 'k4']);
    assert.equal(keys[130], 'z');
    assert.equal(value.k3, 'x');
    assert.equal(value.k129, 7);
  }
});

test('a malformed fill is rejected at its path', () => {
  assertRejected(program([{ kind: 'array', items: [], fill: [{ fresh: 1 }, 2] }]), '$.objects[0].fill[0].fresh', /expected true/);
  assertRejected(program([{ kind: 'array', items: [], fill: [1, -1] }]), '$.objects[0].fill[1]', /integer 0\.\.1048576/);
  assertRejected(program([{ kind: 'array', items: [], fill: [1] }]), '$.objects[0].fill', /\[item, count\]/);
  assertRejected(program([{ kind: 'object', fill: [{ fresh: true }, 2, 'k'] }]), '$.objects[0].fill[0]', /./);
  assertRejected(program([{ kind: 'object', fill: [1, 2] }]), '$.objects[0].fill', /\[value, count, prefix\]/);
  assertRejected(program([{ kind: 'array', items: [], fill: [{ ref: 5 }, 2] }]), '$.objects[0].fill[0].ref', /object id/);
});

test('a getter logs {event, on, key} and then runs its effects in order', () => {
  const built = build(program([{ kind: 'object', props: [
    { key: 'a', get: { effects: [{ delete: [0, 'c'] }, { define: [0, 'added', 1] }], returns: 'A' } },
    { key: 'c', value: 3 },
  ] }]));
  assert.deepEqual(built.effects, []);
  assert.equal(built.value.a, 'A');
  assert.deepEqual(built.effects, [{ event: 'get', on: '#0', key: 'a' }]);
  assert.deepEqual(Object.keys(built.value), ['a', 'added']);
});

test('a setter logs "set", a symbol key is logged as @@desc, and throws raises the named error', () => {
  const built = build(program([{ kind: 'object', props: [
    { key: { symbol: 'k' }, set: { throws: 'RangeError' } },
  ] }]));
  const [symbol] = Object.getOwnPropertySymbols(built.value);
  assert.throws(() => { built.value[symbol] = 1; }, (e) => e instanceof RangeError && e.message === 'thrown by @@k');
  assert.deepEqual(built.effects, [{ event: 'set', on: '#0', key: '@@k' }]);
});

test('properties are defined, never assigned: an own __proto__ key stays own, attributes are kept', () => {
  const { value } = build(program([{ kind: 'object', props: [
    { key: '__proto__', value: 'own' }, { key: 'h', value: 1, enumerable: false, writable: false },
  ] }]));
  assert.equal(Object.getPrototypeOf(value), Object.prototype);
  assert.deepEqual(Object.getOwnPropertyDescriptor(value, '__proto__'), { value: 'own', writable: true, enumerable: true, configurable: true });
  assert.deepEqual(Object.getOwnPropertyDescriptor(value, 'h'), { value: 1, writable: false, enumerable: false, configurable: true });
});

test('-0, NaN, BigInt and runtime-built strings come out exactly', () => {
  const { value } = build(program([{ kind: 'array', items: [{ number: '-0' }, { number: 'NaN' }, { bigint: '-18446744073709551617' },
    { string: { concat: ['a', { repeat: ['bc', 3] }, { slice: ['xyz', -2, 3] }] } }, '\ud800'] }]));
  assert.ok(Object.is(value[0], -0));
  assert.ok(Number.isNaN(value[1]));
  assert.equal(value[2], -18446744073709551617n);
  assert.equal(value[3], 'abcbcbcyz');
  assert.equal(value[4], '\ud800');
});

test('a built key ({"string": …}) is the own key it builds: build, emit and plain source agree, and a built "__proto__" stays own', () => {
  const rope = { concat: ['__pro', 'to__'] };
  const slice = { slice: [{ concat: [{ repeat: ['x', 300] }, '~fresh', { repeat: ['x', 300] }] }, 290, 316] };
  const p = program([
    { kind: 'object', props: [{ key: { string: rope }, value: 1 }, { key: 'a', value: 2 }, { key: { string: slice }, value: 3, enumerable: false }] },
    { kind: 'array', items: [1], props: [{ key: { string: { repeat: ['ā', 20] } }, get: { returns: 4 } }] },
  ], { ref: 0 });
  p.objects[0].props.push({ key: 'next', value: { ref: 1 } });
  const [viaBuild, viaEmit] = buildBothWays(p);
  assert.deepEqual(Object.getOwnPropertyNames(viaBuild.value), ['__proto__', 'a', `${'x'.repeat(10)}~fresh${'x'.repeat(10)}`, 'next']);
  assert.equal(Object.getPrototypeOf(viaBuild.value), Object.prototype);
  assert.equal(viaBuild.value.next['ā'.repeat(20)], 4);
  assert.deepEqual(viaBuild.effects, [{ event: 'get', on: '#1', key: 'ā'.repeat(20) }]);
  assert.deepEqual(snapshot(viaEmit.value), snapshot(viaBuild.value));
  // Plain source writes accessors as functions of its own: compare what a key decides.
  const plain = evalPlain(emitPlain(p)).value;
  assert.deepEqual(Object.getOwnPropertyNames(plain), Object.getOwnPropertyNames(viaBuild.value));
  assert.equal(Object.getPrototypeOf(plain), Object.prototype);
  assert.deepEqual(Object.getOwnPropertyNames(plain.next), Object.getOwnPropertyNames(viaBuild.value.next));
});

test('a built key is checked as the string it builds, and stands only in an object node\'s props', () => {
  assertRejected(program([{ kind: 'array', items: [], props: [{ key: { string: { concat: ['len', 'gth'] } }, value: 1 }] }]),
    '$.objects[0].props[0].key', /length is set with the node's "length" field/);
  assertRejected(program([{ kind: 'object', props: [{ key: 'ab', value: 1, configurable: false }, { key: { string: { concat: ['a', 'b'] } }, value: 2 }] }]),
    '$.objects[0].props[1].key', /redefines a non-configurable property/);
  assertRejected(program([{ kind: 'object', props: [{ key: { string: { repeat: ['a', -1] } }, value: 1 }] }]),
    '$.objects[0].props[0].key.string.repeat[1]', /repeat count/);
  assertRejected(program([], 1, { sender: [{ on: 'Object.prototype', key: { string: 'x' }, value: 1 }] }),
    '$.sender[0].key', /only be the key of an object node's property/);
  assertRejected(program([{ kind: 'object', props: [{ key: 'a', get: { effects: [{ delete: [0, { string: 'a' }] }] } }] }]),
    '$.objects[0].props[0].get.effects[0].delete[1]', /only be the key of an object node's property/);
});

test('integrity levels are applied after everything else', () => {
  const { value } = build(program([{ kind: 'array', items: [{ ref: 1 }, { ref: 2 }, { ref: 3 }], integrity: 'freeze' },
    { kind: 'object', integrity: 'seal', props: [{ key: 'a', value: 1 }] },
    { kind: 'object', integrity: 'preventExtensions' },
    { kind: 'arraybuffer', bytes: [1], integrity: 'freeze' }]));
  assert.ok(Object.isFrozen(value));
  assert.ok(Object.isSealed(value[0]) && !Object.isFrozen(value[0]));
  assert.ok(!Object.isExtensible(value[1]) && Object.isSealed(value[1]));
  assert.ok(Object.isFrozen(value[2]));
});

test('an Array subclass instance is an array whose prototype is the subclass', () => {
  const { value } = build(program([{ kind: 'array', subclass: 'MyArray', items: [1, 2] },
  ]));
  assert.ok(Array.isArray(value));
  assert.equal(Object.getPrototypeOf(value).constructor.name, 'MyArray');
  assert.equal(Object.getPrototypeOf(Object.getPrototypeOf(value)), Array.prototype);
  assert.deepEqual([...value], [1, 2]);
});

test('proxies and opaque objects are registered with the reference engine', () => {
  const { value } = build(program([{ kind: 'array', items: [{ ref: 1 }, { ref: 2 }, { ref: 3 }, { ref: 4 }] },
    { kind: 'proxy', target: 0 }, { kind: 'opaque', type: 'Promise' }, { kind: 'opaque', type: 'Generator' },
    { kind: 'object', class: 'C', privateField: true }]));
  assert.deepEqual(value.map(classifyObject), ['proxy', 'opaque', 'opaque', 'object']);
});

test('ordinary objects are registered too: one met first in the transfer list is classified without running the receiver\'s steps', () => {
  // Found by brand checks, an ordinary object runs the host's own code for
  // each (Node's ERR_INVALID_THIS errors), which an Array.prototype setter reached.
  const p = program([{ kind: 'object' }], 1, { transfer: [0], receiver: [{ on: 'Array.prototype', key: '1', set: { returns: 0 } }] });
  const { clone } = cloneCase(p, () => build(p), referenceClone({ tiers: false }));
  assert.equal(clone.outcome, 'throw');
  assert.equal(clone.thrown.name, 'DataCloneError');
  assert.deepEqual(clone.effects, []);
});

test('a length-tracking view follows its resizable buffer; a fixed view does not', () => {
  const { value } = build(program([{ kind: 'array', items: [{ ref: 1 }, { ref: 2 }, { ref: 3 }] },
    { kind: 'arraybuffer', bytes: [1, 2, 3, 4], maxByteLength: 16, resizeTo: 8 },
    { kind: 'view', type: 'Uint8Array', buffer: 1 },
    { kind: 'view', type: 'Uint8Array', buffer: 1, byteOffset: 1, length: 2 }]));
  const [buffer, tracking, fixed] = value;
  assert.equal(buffer.byteLength, 8);
  assert.equal(buffer.maxByteLength, 16);
  assert.deepEqual([...tracking], [1, 2, 3, 4, 0, 0, 0, 0]);
  assert.deepEqual([...fixed], [2, 3]);
  buffer.resize(10);
  assert.equal(tracking.length, 10);
  assert.equal(fixed.length, 2);
});

test('a detached buffer has byteLength 0 and its views are empty; transfer lists hold the live objects', () => {
  const built = build(program([{ kind: 'array', items: [{ ref: 1 }, { ref: 2 }, { ref: 3 }] },
    { kind: 'arraybuffer', bytes: [1, 2], detached: true }, { kind: 'view', type: 'Uint8Array', buffer: 1 },
    { kind: 'arraybuffer', bytes: [7] }], { ref: 0 }, { transfer: [3] }));
  const [detached, view, other] = built.value;
  assert.equal(detached.byteLength, 0);
  assert.equal(view.length, 0);
  assert.equal(built.transfer.length, 1);
  assert.equal(built.transfer[0], other);
  assert.ok(Array.isArray(built.transfer));
});

test('an Error gets message and cause as own non-enumerable data properties, and custom props after', () => {
  const { value } = build(program([{ kind: 'error', type: 'TypeError', message: 'm', cause: { ref: 1 },
    props: [{ key: 'name', value: 'Custom' }] }, { kind: 'object' }]));
  assert.ok(value instanceof TypeError);
  assert.deepEqual(Object.getOwnPropertyDescriptor(value, 'message'), { value: 'm', writable: true, enumerable: false, configurable: true });
  assert.equal(typeof value.cause, 'object');
  assert.equal(Object.getOwnPropertyDescriptor(value, 'cause').enumerable, false);
  assert.equal(value.name, 'Custom');
  assert.equal(classifyObject(value), 'error');
});

/**
 * An Error whose name and message are getters (logged to the effects log),
 * with the stack in the given state.
 * @param {'formatted' | 'untouched' | undefined} stack
 */
const errorWithGetters = (stack) => program([{
  kind: 'error', type: 'RangeError', ...(stack === undefined ? {} : { stack }),
  props: [{ key: 'name', get: { returns: 'RangeError' } }, { key: 'message', get: { returns: 'm' } }],
}]);

test('an Error\'s stack is formatted when it is made by default and with "formatted", left for its first reader with "untouched"; build and emit agree', () => {
  const firstRead = (built) => {
    const before = built.effects.length;
    assert.equal(typeof built.value.stack, 'string');
    return built.effects.slice(before);
  };
  const gettersRun = [{ event: 'get', on: '#0', key: 'name' }, { event: 'get', on: '#0', key: 'message' }];
  for (const [stack, expected] of [[undefined, []], ['formatted', []], ['untouched', gettersRun]]) {
    const [viaBuild, viaEmit] = buildBothWays(errorWithGetters(stack));
    assert.deepEqual(viaBuild.effects, [], `${stack}: nothing runs while building`);
    assert.deepEqual(viaEmit.effects, [], `${stack}: nothing runs while the repro builds`);
    assert.deepEqual(firstRead(viaBuild), expected, `${stack}: build`);
    assert.deepEqual(firstRead(viaEmit), expected, `${stack}: emit`);
    assert.deepEqual(snapshot(viaEmit.value), snapshot(viaBuild.value), String(stack));
    // Node's structuredClone reads the stack: with "untouched", it runs the getters.
    const [cloneBuilt, cloneEmitted] = buildBothWays(errorWithGetters(stack));
    assert.deepEqual(cloneRun(cloneEmitted), cloneRun(cloneBuilt), `${stack}: cloned`);
  }
  // Programs without the field print as they always did.
  assert.match(emit(errorWithGetters(undefined)), /rt\.error\("RangeError"\)/);
  assert.equal(emit(errorWithGetters('formatted')), emit(errorWithGetters(undefined)));
  assert.match(emit(errorWithGetters('untouched')), /rt\.error\("RangeError", "untouched"\)/);
});

test('prototypes: null, another node, or an intrinsic by name', () => {
  const { value } = build(program([{ kind: 'array', items: [{ ref: 1 }, { ref: 2 }, { ref: 3 }] },
    { kind: 'object', proto: null }, { kind: 'array', items: [0, { hole: true }], proto: { ref: 3 } },
    { kind: 'object', proto: 'Map.prototype', props: [{ key: '1', get: { returns: 'inherited' } }] }]));
  assert.equal(Object.getPrototypeOf(value[0]), null);
  assert.equal(Object.getPrototypeOf(value[1]), value[2]);
  assert.equal(Object.getPrototypeOf(value[2]), Map.prototype);
  assert.equal(value[1][1], 'inherited');
});

test('builds are deterministic: the same program gives the same graph and the same repro', () => {
  for (const [name, p] of seeds) {
    const a = build(p); a.restore();
    const b = build(p); b.restore();
    assert.deepEqual(snapshot(a.value, ...a.transfer), snapshot(b.value, ...b.transfer), name);
    assert.equal(emit(p), emit(p), name);
  }
});

test('sender steps run after the value is built; restore() undoes them', () => {
  const before = Object.getOwnPropertyDescriptor(Error.prototype, 'name');
  const built = build(program([{ kind: 'error', type: 'Error' }], { ref: 0 },
    { sender: [{ on: 'Error.prototype', key: 'name', get: { returns: 'Polluted' } }] }));
  try {
    assert.equal(built.value.name, 'Polluted');
    assert.deepEqual(built.effects, [{ event: 'get', on: 'Error.prototype', key: 'name' }]);
  } finally {
    built.restore();
  }
  assert.deepEqual(Object.getOwnPropertyDescriptor(Error.prototype, 'name'), before);
});

/** Own keys and descriptors of an object, in order. */
const shape = (o) => Reflect.ownKeys(o).map((k) => [k, Object.getOwnPropertyDescriptor(o, k)]);

test('restore() puts Array.prototype and Object.prototype back exactly, key order included', () => {
  const arrayBefore = shape(Array.prototype);
  const objectBefore = shape(Object.prototype);
  const built = build(program([], 1, { receiver: [
    { on: 'Array.prototype', key: '0', set: { throws: 'TypeError' } },
    { on: 'Array.prototype', key: 'push', delete: true },
    { on: 'Array.prototype', key: 'map', method: { returns: 1 } },
    { on: 'Object.prototype', key: '__proto__', value: 'shadowed' },
    { on: 'Array.prototype', key: { wellKnown: 'iterator' }, get: { throws: 'Error' } },
  ] }));
  built.setupReceiver();
  const polluted = Object.getOwnPropertyDescriptor(Array.prototype, '0');
  const pushGone = !Object.hasOwn(Array.prototype, 'push');
  built.restore();
  assert.equal(typeof polluted.set, 'function');
  assert.ok(pushGone);
  assert.deepEqual(shape(Array.prototype), arrayBefore);
  assert.deepEqual(shape(Object.prototype), objectBefore);
});

test('a realm step that cannot apply undoes the steps before it', () => {
  const before = shape(Array.prototype);
  assert.throws(() => build(program([], 1, { sender: [
    { on: 'Array.prototype', key: 'x', value: 1 },
    { on: 'globalThis', key: 'Infinity', delete: true },
  ] })), (e) => e instanceof TypeError);
  assert.deepEqual(shape(Array.prototype), before);
});

test('setupRealm applies steps to another realm, logs to the given list, and restores it', () => {
  const context = vm.createContext();
  const otherGlobal = vm.runInContext('globalThis', context);
  const effects = [];
  const restore = setupRealm([{ on: 'Array.prototype', key: '0', get: { returns: 'from the other realm' } }], effects, otherGlobal);
  assert.equal(vm.runInContext('[][0]', context), 'from the other realm');
  assert.equal([][0], undefined);
  assert.deepEqual(effects, [{ event: 'get', on: 'Array.prototype', key: '0' }]);
  restore();
  assert.equal(vm.runInContext('Object.hasOwn(Array.prototype, "0")', context), false);
});

test('build works in a polluted realm: inherited setters, getters and iterators never run', () => {
  // Logged by string concatenation: Array.prototype.push would hit the pollution itself.
  let hits = '';
  const pollution = [
    [Array.prototype, '0', { set() { hits += 'set 0;'; }, get() { hits += 'get 0;'; return 'polluted'; } }],
    [Object.prototype, 'value', { get() { hits += 'value;'; return 'polluted'; } }],
    [Object.prototype, 'get', { get() { hits += 'get;'; return undefined; } }],
    [Object.prototype, 'set', { get() { hits += 'set;'; return undefined; } }],
    [Object.prototype, 'kind', { get() { hits += 'kind;'; return 'array'; } }],
    [Array.prototype, Symbol.iterator, { get() { hits += 'iterator;'; throw new Error('iterated'); } }],
  ];
  const saved = pollution.map(([o, k]) => Object.getOwnPropertyDescriptor(o, k));
  // Index loops from here on: for…of and destructuring would run the polluted iterator.
  for (let i = 0; i < pollution.length; i++) {
    Object.defineProperty(pollution[i][0], pollution[i][1], Object.setPrototypeOf({ ...pollution[i][2], configurable: true }, null));
  }
  let built;
  let p = seeds[0][1];
  try {
    built = build(program([{ kind: 'array', items: [{ hole: true }, { ref: 1 }, { ref: 2 }, { ref: 3 }] },
      { kind: 'array', subclass: 'Sub', items: [1] }, { kind: 'object', props: [{ key: 'a', value: 1 }] },
      { kind: 'arraybuffer', bytes: [1, 2], maxByteLength: 4, resizeTo: 3, detached: true }]));
    p = validate(p).length;
  } finally {
    for (let i = pollution.length - 1; i >= 0; i--) {
      if (saved[i]) Object.defineProperty(pollution[i][0], pollution[i][1], Object.setPrototypeOf(saved[i], null));
      else delete pollution[i][0][pollution[i][1]];
    }
  }
  assert.equal(hits, '');
  assert.equal(p, 0);
  assert.equal(Object.hasOwn(built.value, 0), false);
  assert.deepEqual([...built.value[1]], [1]);
  assert.equal(built.value[2].a, 1);
  assert.equal(built.value[3].byteLength, 0);
});

// ── emit ──

test('emitted source is standalone: it builds the value in a fresh realm without clonecheck', () => {
  const p = seeds.find(([name]) => name === 'resizable-buffers.json')[1];
  const context = vm.createContext();
  const built = vm.runInContext(`(${emit(p)})()`, context);
  assert.equal(vm.runInContext('Array.prototype', context), Object.getPrototypeOf(built.value));
  assert.equal(built.value[0].buffer.byteLength, 12);
  assert.equal(built.value[0].length, 12);
  assert.equal(built.value[1].length, 2);
});

test('emitted source is readable: one statement per object and property, with the object ids', () => {
  const source = emit(program([{ kind: 'object', props: [{ key: 'a', value: 1 }, { key: 'b', get: { returns: 2 } }] }]));
  assert.match(source, /^ {2}const o0 = rt\.object\(cx\); \/\/ #0: object$/m);
  assert.match(source, /^ {2}rt\.data\(o0, "a", 1\); \/\/ #0$/m);
  assert.match(source, /^ {2}rt\.accessor\(o0, "b", rt\.behavior\(cx, "get", "#0", "b", \[\], 2, undefined\), undefined\); \/\/ #0$/m);
  assert.doesNotMatch(source, /\bimport\b|\brequire\(/);
});

test('build ≡ emit on every seed: same graph, same effects and outcome when cloned', () => {
  for (const [name, p] of seeds) {
    const [a, b] = buildBothWays(p);
    assert.deepEqual(snapshot(b.value, ...b.transfer), snapshot(a.value, ...a.transfer), name);
    assert.deepEqual(cloneRun(b), cloneRun(a), name);
  }
});

test('build ≡ emit on the receiver set-up: the same pollution, the same restore', () => {
  const p = seeds.find(([name]) => name === 'receiver-pollution.json')[1];
  const [a, b] = buildBothWays(p);
  const take = (built) => {
    built.setupReceiver();
    const result = [shape(Array.prototype).map(([k, d]) => [String(k), Object.keys(d)]), shape(Object.prototype).length];
    built.restore();
    return result;
  };
  assert.deepEqual(take(b), take(a));
});

// ── fromBytes ──

test('fromBytes is total and deterministic, from the empty input on', () => {
  assert.deepEqual(fromBytes(new Uint8Array(0)), { schema: PROGRAM_SCHEMA, root: null, objects: [] });
  const bytes = randomBytesFrom(7)(200);
  assert.equal(JSON.stringify(fromBytes(bytes)), JSON.stringify(fromBytes(bytes.slice())));
  assert.deepEqual(problems(fromBytes(new Uint8Array(10000).fill(255))), []);
});

test('the byte format draws every language kind by a byte fixed for good: a stored corpus input decodes as it did', () => {
  // Appending a kind is the only change allowed: these bytes name these kinds in every corpus kept so far.
  assert.deepEqual(BYTE_KINDS.slice(0, 13), ['object', 'array', 'date', 'regexp', 'map', 'set', 'arraybuffer', 'view', 'error', 'boxed', 'function',
    'proxy', 'opaque']);
  for (const kind of KINDS) {
    if (!PLATFORM_KINDS.includes(kind)) assert.ok(BYTE_KINDS.includes(kind), `${kind}: a language kind the byte format cannot draw (append it to BYTE_KINDS in src/program/bytes.js)`);
  }
  assert.equal(new Set(BYTE_KINDS).size, BYTE_KINDS.length);
});

test('build ≡ emit on 300 programs from random bytes', () => {
  const next = randomBytesFrom(1234);
  for (let i = 0; i < 300; i++) {
    const p = fromBytes(next(64 + (i % 200)));
    const [a, b] = buildBothWays(p);
    assert.deepEqual(snapshot(b.value, ...b.transfer), snapshot(a.value, ...a.transfer), `program #${i}`);
    assert.deepEqual(cloneRun(b), cloneRun(a), `program #${i}`);
  }
});

// ── emitPlain ──

/** Runs plain source in this realm, as strict code (a snippet is a module): the value and transfer list it defines. */
const evalPlain = ({ value }) => vm.runInThisContext(
  `(() => {\n'use strict';\n${value}return { value, transfer: typeof transfer === 'undefined' ? [] : transfer };\n})()`,
);

test('plain source reads as a person would write it: literals, assignments, the constructor\'s own fields', () => {
  const plain = emitPlain(program([
    { kind: 'array', items: [{ number: '-0' }, { hole: true }, 'a', { ref: 1 }] },
    { kind: 'error', type: 'TypeError', message: 'm', cause: { ref: 0 } },
  ]));
  assert.equal(plain.value, [
    'const value = [-0, , "a"];',
    'const o1 = new TypeError("m", { cause: value });',
    'value[3] = o1;',
    '',
  ].join('\n'));
  assert.equal(plain.receiver, '');
});

test('plain source defines what assignment would not: attributes, __proto__, a key defined twice', () => {
  const { value } = emitPlain(program([{
    kind: 'object',
    props: [
      { key: '__proto__', value: 1 }, { key: 'a', value: 1, enumerable: false }, { key: 'a', value: 2 },
    ],
  }]));
  assert.equal(value, [
    'const value = { ["__proto__"]: 1 };',
    'Object.defineProperty(value, "a", { value: 1, writable: true, enumerable: false, configurable: true });',
    'Object.defineProperty(value, "a", { value: 2, writable: true, enumerable: true, configurable: true });',
    '',
  ].join('\n'));
});

test('plain source redefines an accessor as data with defineProperty: an assignment would call its setter', () => {
  const p = program([{ kind: 'object', props: [{ key: 'a', get: { returns: 1 }, set: {} }, { key: 'a', value: 2 }] }]);
  assert.match(emitPlain(p).value, /^Object\.defineProperty\(value, "a", \{ value: 2, writable: true, enumerable: true, configurable: true \}\);$/m);
  assert.deepEqual(Object.getOwnPropertyDescriptor(evalPlain(emitPlain(p)).value, 'a'), Object.getOwnPropertyDescriptor(build(p).value, 'a'));
});

test('plain source sets up the realms with the program\'s steps, the receiver\'s apart', () => {
  const p = seeds.find(([name]) => name === 'receiver-pollution.json')[1];
  const plain = emitPlain(p);
  assert.notEqual(plain.receiver, '');
  assert.doesNotMatch(plain.value + plain.receiver, /\brt\.|\bcx\b|\brealm\b/);
});

test('build ≡ emitPlain on every seed and 300 programs from random bytes (realm steps left out): same graph, same clone', () => {
  // Plain source registers no proxy or promise with the reference: let Node tell it (last test of the file).
  installNodeHostHooks();
  const next = randomBytesFrom(4321);
  const programs = [...seeds.map(([name, p]) => [name, p]), ...Array.from({ length: 300 }, (_, i) => [`program #${i}`, fromBytes(next(64 + (i % 200)))])];
  // Node's util.types cannot tell an Array Iterator from an object: only a registered one is opaque.
  // A stream's host-internal state (Node's symbol-keyed properties) holds its underlying source or sink,
  // which plain source writes its own way (the build's sink records chunks for the observation).
  const STREAMS = ['readablestream', 'writablestream', 'transformstream'];
  const knowable = ([, p]) => !(p.objects ?? []).some((node) => (node.kind === 'opaque' && node.type === 'ArrayIterator') || STREAMS.includes(node.kind));
  for (const [name, withSteps] of programs.filter(knowable)) {
    const p = { ...withSteps, sender: [], receiver: [] };
    const viaBuild = build(p);
    const viaPlain = evalPlain(emitPlain(p));
    // A function's source text and name are the one thing plain source writes its own way (no effects log
    // to append to; `const o2 = class {}` names the class): functions are never cloned.
    const withoutSource = ({ roots, nodes }) => ({
      roots,
      nodes: nodes.map(({ source, ...rest }) => (source === undefined ? rest : { ...rest, props: rest.props.filter((d) => !d.startsWith('s:name ')) })),
    });
    assert.deepEqual(
      withoutSource(snapshot(viaPlain.value, ...viaPlain.transfer)), withoutSource(snapshot(viaBuild.value, ...viaBuild.transfer)), name,
    );
    const { outcome, after } = cloneRun({ ...viaPlain, effects: [] });
    const expected = cloneRun(viaBuild);
    assert.deepEqual({ outcome, after: withoutSource(after) }, { outcome: expected.outcome, after: withoutSource(expected.after) }, name);
  }
});
