// What the reference cannot judge on a host, probed where it runs: Bun
// 1.4.5's structuredClone gives back the same port (finding 10), so the
// reference cannot transfer one there; Deno 2.9.6's brand checks follow the
// prototype chain, so it cannot recognise a DOMException, Blob, File or
// MessagePort whose prototype was changed. A program given by hand that
// needs either is refused (`clonecheck repro`: NOT-APPLICABLE); a generated
// one is reshaped (programs.js judgeableHere).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { validate } from '../src/index.js';
import { clonecheck, fixture, pinnedBinary } from './helpers.js';

const corpus = (name) => fileURLToPath(new URL(`../corpus/platform/${name}`, import.meta.url));

/**
 * @param {string} binary
 * @param {string[]} flags
 * @returns {any} what test/fixtures/host-limits.mjs prints there
 */
function limitsIn(binary, flags = []) {
  const { status, stdout, stderr } = spawnSync(binary, [...flags, fixture('host-limits.mjs')], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(status, 0, stderr);
  return JSON.parse(stdout);
}

const SAME_OBJECT = 'its structuredClone gives back the same object, not transferred';
const FOLLOWS_PROTOTYPE = 'its brand checks follow the prototype chain';

test('Node transfers a port through its door and its brand checks ignore the prototype: nothing to refuse, nothing reshaped', () => {
  const node = limitsIn(process.execPath);
  assert.deepEqual(node.transfer, { MessagePort: null, OffscreenCanvas: null });
  assert.deepEqual(node.prototype, { DOMException: null, Blob: null, File: null, MessagePort: null });
  assert.equal(node.unchanged, true);
});

test('Bun 1.4.5 gives back the same port (finding 10): its ports are not transferred by the reference, and a generated one becomes an ordinary object', async () => {
  const bun = limitsIn(await pinnedBinary('bun'));
  assert.deepEqual(bun.transfer, { MessagePort: SAME_OBJECT, OffscreenCanvas: null });
  assert.deepEqual(bun.prototype, { DOMException: null, Blob: null, File: null, MessagePort: null });
  assert.deepEqual(bun.reshaped.objects[1], { kind: 'object' }, 'the port, with its other end, is an ordinary object');
  assert.deepEqual(bun.reshaped.transfer, [3], 'the buffer is still transferred');
  assert.deepEqual(bun.reshaped.objects[2], { kind: 'domexception', message: 'm', proto: null }, 'Bun recognises it with any prototype');
});

test('Deno 2.9.6 follows the prototype chain in its brand checks and cannot transfer an OffscreenCanvas: a generated object keeps its own prototype', async () => {
  const deno = limitsIn(await pinnedBinary('deno'), ['run', '--allow-all']);
  assert.deepEqual(deno.transfer, { MessagePort: null, OffscreenCanvas: 'its structuredClone throws DataCloneError for a fresh one' });
  assert.deepEqual(deno.prototype, { DOMException: FOLLOWS_PROTOTYPE, Blob: FOLLOWS_PROTOTYPE, File: FOLLOWS_PROTOTYPE, MessagePort: FOLLOWS_PROTOTYPE });
  assert.deepEqual(deno.reshaped.objects[2], { kind: 'domexception', message: 'm' });
  assert.deepEqual(deno.reshaped.objects[1], { kind: 'messageport', otherEnd: 'kept' }, 'Deno transfers ports');
  assert.deepEqual(deno.reshaped.transfer, [1, 3]);
});

test('validate with limits refuses a transferred platform object and a changed prototype the host cannot judge, each by name', () => {
  const program = JSON.parse(JSON.stringify({
    schema: 'clonecheck/program@2',
    root: { ref: 0 },
    objects: [{ kind: 'array', items: [{ ref: 1 }, { ref: 2 }] }, { kind: 'messageport' }, { kind: 'blob', bytes: [1], proto: null }],
    transfer: [1],
  }));
  assert.deepEqual(validate(program), []);
  const judgesAll = { transferRefusal: () => undefined, prototypeRefusal: () => undefined };
  assert.deepEqual(validate(program, { limits: judgesAll }), []);
  const limits = { transferRefusal: (name) => `no ${name} door`, prototypeRefusal: (name) => `no ${name} check` };
  assert.deepEqual(validate(program, { limits }).map((e) => `${e.path}: ${e.message}`), [
    '$.transfer[0]: this host cannot transfer MessagePort objects (no MessagePort door): run the program where it can (docs/platform-objects.md)',
    '$.objects[2].proto: this host cannot recognise Blob objects whose prototype was changed (no Blob check): run the program where it can (docs/platform-objects.md)',
  ]);
});

test('repro of a transferred port on Bun, and of a DOMException with a null prototype on Deno, is NOT-APPLICABLE in one line; exit 2 when nothing else ran', () => {
  const port = clonecheck(['repro', corpus('messageport.json'), '--target', 'bun:messagechannel', '--target', 'bun:worker']);
  assert.equal(port.status, 2, port.stdout + port.stderr);
  const cannot = `its host cannot transfer MessagePort objects (${SAME_OBJECT}): run the program on a target that can`;
  assert.equal(port.stdout, `NOT-APPLICABLE bun:messagechannel  ${cannot}\nNOT-APPLICABLE bun:worker  ${cannot}\n`);
  const reprototyped = clonecheck(['repro', corpus('domexception-null-prototype.json'), '--target', 'deno:clone', '--target', 'bun:clone']);
  assert.equal(reprototyped.status, 0, reprototyped.stdout + reprototyped.stderr);
  assert.equal(reprototyped.stdout, 'NOT-APPLICABLE deno:clone  its host cannot recognise DOMException objects whose prototype was changed '
    + `(${FOLLOWS_PROTOTYPE}): run the program on a target that can\nPASS bun:clone\n`);
});
