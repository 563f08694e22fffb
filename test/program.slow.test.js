// The program model's fuzz-scale check: 20,000 programs from random bytes
// are valid, build, and stay bounded. npm test runs it; program.unit.test.js
// has the rest (npm run test:unit runs that one).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { build, fromBytes, validate } from '../src/program/index.js';
import { randomBytesFrom } from './helpers.js';

const problems = (p) => validate(p).map((e) => `${e.path}: ${e.message}`);

test('20,000 random byte strings all give valid programs that build, bounded in size', () => {
  const next = randomBytesFrom(0x5eed);
  const seen = new Set();
  const note = (...tags) => { for (const t of tags) seen.add(t); };
  const scan = (v) => {
    if (Array.isArray(v)) { for (const x of v) scan(x); return; }
    if (v === null || typeof v !== 'object') return;
    for (const k of Object.keys(v)) { note(`field:${k}`); scan(v[k]); }
  };
  for (let i = 0; i < 20000; i++) {
    const p = fromBytes(next(i % 400));
    assert.deepEqual(problems(p), [], `bytes #${i}`);
    assert.ok(p.objects.length <= 32);
    for (const o of p.objects) note(`kind:${o.kind}`, o.integrity && `integrity:${o.integrity}`);
    scan(p);
    const built = build(p);
    built.setupReceiver();
    built.restore();
  }
  const missing = [
    'object', 'array', 'date', 'regexp', 'map', 'set', 'arraybuffer', 'view', 'error', 'boxed', 'function', 'proxy', 'opaque',
  ].map((k) => `kind:${k}`).concat([
    'integrity:freeze', 'integrity:seal', 'integrity:preventExtensions',
    'hole', 'get', 'set', 'method', 'delete', 'effects', 'returns', 'throws', 'detach', 'resize', 'define', 'hide', 'setLength',
    'mapSet', 'mapDelete', 'setAdd', 'setDelete', 'transfer', 'forStorage', 'sender', 'receiver', 'deliveries', 'proto', 'class',
    'privateField', 'subclass', 'length', 'maxByteLength', 'resizeTo', 'shared', 'detached', 'byteOffset', 'lastIndex',
    'cause', 'message', 'stack', 'bigint', 'symbol', 'wellKnown', 'repeat', 'concat', 'slice', 'undefined', 'number', 'writable',
    'enumerable', 'configurable',
  ].map((k) => (k.startsWith('integrity:') ? k : `field:${k}`))).filter((t) => !seen.has(t));
  assert.deepEqual(missing, []);
});
