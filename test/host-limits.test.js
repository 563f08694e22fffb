// What the reference cannot judge on a host, probed where it runs: Bun
// 1.4.5's structuredClone gives back the same port (finding 10), so the
// reference cannot transfer one there; Deno 2.9.6's brand checks follow the
// prototype chain, so it recognises a DOMException, Blob or File whose
// prototype was changed only through Deno's host hook (deno-host.js), and a
// MessagePort not at all. A program given by hand that needs what the host
// cannot do is refused (`clonecheck repro`: NOT-APPLICABLE); a generated one
// is reshaped (programs.js judgeableHere).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import fc from 'fast-check';

import { validate } from '../src/index.js';
import { platformGraph } from '../fuzzers/strategies/platform.js';
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

const CANVAS_AND_BITMAP_AS_OBJECTS = [{ kind: 'object' }, { kind: 'object' }];

test('Node transfers a port through its door and its brand checks ignore the prototype; it makes no canvas or bitmap, which a generated program gets as ordinary objects', () => {
  const node = limitsIn(process.execPath);
  assert.deepEqual(node.transfer, { MessagePort: null, OffscreenCanvas: null });
  assert.deepEqual(node.prototype, { DOMException: null, Blob: null, File: null, MessagePort: null });
  assert.deepEqual(node.reshaped.objects.slice(1, 5), [
    { kind: 'messageport', otherEnd: 'kept' }, { kind: 'domexception', message: 'm', proto: null }, { kind: 'arraybuffer', bytes: [1] },
    { kind: 'messageport', otherEnd: 'dropped', proto: 'Object.prototype' },
  ], 'the rest as it was');
  assert.deepEqual(node.reshaped.objects.slice(5), CANVAS_AND_BITMAP_AS_OBJECTS);
  assert.deepEqual(node.reshaped.transfer, [1, 3], 'the canvas is out of the transfer list');
});

test('Bun 1.4.5 gives back the same port (finding 10): its ports are not transferred by the reference, and a generated one becomes an ordinary object', async () => {
  const bun = limitsIn(await pinnedBinary('bun'));
  assert.deepEqual(bun.transfer, { MessagePort: SAME_OBJECT, OffscreenCanvas: null });
  assert.deepEqual(bun.prototype, { DOMException: null, Blob: null, File: null, MessagePort: null });
  assert.deepEqual(bun.reshaped.objects[1], { kind: 'object' }, 'the port, with its other end, is an ordinary object');
  assert.deepEqual(bun.reshaped.objects[4], { kind: 'object', proto: 'Object.prototype' }, 'so is the one outside the transfer list');
  assert.deepEqual(bun.reshaped.transfer, [3], 'the buffer is still transferred');
  assert.deepEqual(bun.reshaped.objects.slice(5), CANVAS_AND_BITMAP_AS_OBJECTS);
  assert.deepEqual(bun.reshaped.objects[2], { kind: 'domexception', message: 'm', proto: null }, 'Bun recognises it with any prototype');
});

test('Deno 2.9.6: through its host hook the reference recognises a reprototyped DOMException, Blob or File, not a MessagePort (a generated one keeps its own prototype); it cannot transfer an OffscreenCanvas nor make an ImageBitmap', async () => {
  const deno = limitsIn(await pinnedBinary('deno'), ['run', '--allow-all']);
  assert.deepEqual(deno.transfer, { MessagePort: null, OffscreenCanvas: 'its structuredClone throws DataCloneError for a fresh one' });
  assert.deepEqual(deno.prototype, { DOMException: null, Blob: null, File: null, MessagePort: FOLLOWS_PROTOTYPE });
  assert.deepEqual(deno.reshaped.objects[2], { kind: 'domexception', message: 'm', proto: null });
  assert.deepEqual(deno.reshaped.objects[4], { kind: 'messageport', otherEnd: 'dropped' });
  assert.deepEqual(deno.reshaped.objects[1], { kind: 'messageport', otherEnd: 'kept' }, 'Deno transfers ports');
  assert.deepEqual(deno.reshaped.transfer, [1, 3]);
  assert.deepEqual(deno.reshaped.objects.slice(5), CANVAS_AND_BITMAP_AS_OBJECTS, 'a canvas it cannot transfer, a bitmap it cannot make');
});

test('validate with limits refuses a transferred platform object and a changed prototype the host cannot judge, each by name', () => {
  const program = JSON.parse(JSON.stringify({
    schema: 'clonecheck/program@2',
    root: { ref: 0 },
    objects: [{ kind: 'array', items: [{ ref: 1 }, { ref: 2 }] }, { kind: 'messageport' }, { kind: 'blob', bytes: [1], proto: null }],
    transfer: [1],
  }));
  assert.deepEqual(validate(program), []);
  const judgesAll = { transferRefusal: () => undefined, prototypeRefusal: () => undefined, sharingRefusal: () => undefined };
  assert.deepEqual(validate(program, { limits: judgesAll }), []);
  const limits = { transferRefusal: (name) => `no ${name} door`, prototypeRefusal: (name) => `no ${name} check`, sharingRefusal: () => undefined };
  assert.deepEqual(validate(program, { limits }).map((e) => `${e.path}: ${e.message}`), [
    '$.transfer[0]: this host cannot transfer MessagePort objects (no MessagePort door): run the program where it can (docs/platform-objects.md)',
    '$.objects[2].proto: this host cannot recognise Blob objects whose prototype was changed (no Blob check): run the program where it can (docs/platform-objects.md)',
  ]);
});

test('repro of a transferred port on Bun, and of a port with a null prototype on Deno, is NOT-APPLICABLE in one line; exit 2 when nothing else ran', () => {
  const port = clonecheck(['repro', corpus('messageport.json'), '--target', 'bun:messagechannel', '--target', 'bun:worker']);
  assert.equal(port.status, 2, port.stdout + port.stderr);
  const cannot = `its host cannot transfer MessagePort objects (${SAME_OBJECT}): run the program on a target that can`;
  assert.equal(port.stdout, `NOT-APPLICABLE bun:messagechannel  ${cannot}\nNOT-APPLICABLE bun:worker  ${cannot}\n`);
  const reprototyped = clonecheck(['repro', corpus('messageport-null-prototype.json'), '--target', 'deno:clone', '--target', 'node:clone']);
  assert.equal(reprototyped.status, 0, reprototyped.stdout + reprototyped.stderr);
  assert.equal(reprototyped.stdout, 'NOT-APPLICABLE deno:clone  its host cannot recognise MessagePort objects whose prototype was changed '
    + `(${FOLLOWS_PROTOTYPE}): run the program on a target that can\nPASS node:clone\n`);
});

test('on Deno a DOMException with a null prototype is judged as one (it passes), and a Blob with a null prototype shows Deno cloning it to an ordinary object (finding 20)', () => {
  const exception = clonecheck(['repro', corpus('domexception-null-prototype.json'), '--target', 'deno:clone', '--target', 'deno:worker']);
  assert.equal(exception.status, 0, exception.stdout + exception.stderr);
  assert.equal(exception.stdout, 'PASS deno:clone\nPASS deno:worker\n');
  const blob = clonecheck(['repro', corpus('blob-null-prototype.json'), '--target', 'deno:clone', '--target', 'bun:clone']);
  assert.equal(blob.status, 1, blob.stdout + blob.stderr);
  assert.match(blob.stdout, /^DEVIATION deno:clone {2}deno-clone\.kind\.\w+\n {2}\$ {2}kind: expected "Blob", actual "object"\nPASS bun:clone\n$/);
});

test('the platform family draws OffscreenCanvas and ImageBitmap nodes too, transferred three times in four', () => {
  const programs = fc.sample(platformGraph, { seed: 7, numRuns: 400 });
  const nodes = programs.flatMap((program) => program.objects.map((node, id) => ({ node, transferred: (program.transfer ?? []).includes(id) })));
  const canvases = nodes.filter(({ node }) => node.kind === 'offscreencanvas');
  const bitmaps = nodes.filter(({ node }) => node.kind === 'imagebitmap');
  assert.ok(canvases.length > 20 && bitmaps.length > 20, `${canvases.length} canvases, ${bitmaps.length} bitmaps`);
  assert.ok(canvases.some(({ node }) => node.context === '2d') && canvases.some(({ node }) => node.context === undefined));
  const transferred = [...canvases, ...bitmaps].filter((drawn) => drawn.transferred).length / (canvases.length + bitmaps.length);
  assert.ok(transferred > 0.6 && transferred < 0.9, `${transferred} transferred`);
  for (const program of programs) assert.deepEqual(validate({ schema: 'clonecheck/program@2', ...program }), []);
});

test('where the door to shared memory copies it (Bun before 1.4.0), the reference says so rather than agree: a shared program is refused by name, a clone of one is a HostLimitError (the case is not judgeable there), a generated one gets ArrayBuffers', () => {
  const { status, stdout, stderr } = spawnSync(process.execPath, [fixture('copying-door.mjs')], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(status, 0, stderr);
  const copying = JSON.parse(stdout);
  const why = "its structuredClone copies a SharedArrayBuffer's bytes instead of sharing them";
  assert.equal(copying.refusal, why);
  assert.equal(copying.build, `TypeError: invalid program at $.objects[0].shared: this host cannot share a SharedArrayBuffer's memory (${why}): run the program where it can (docs/reference-engine.md)`);
  assert.equal(copying.clone, `HostLimitError: StructuredDeserialize step 12.2: the reference cannot share a SharedArrayBuffer's data block here (${why})`);
  assert.deepEqual(copying.reshaped.objects, [{ kind: 'arraybuffer', bytes: [1, 2] }]);
  assert.equal(limitsIn(process.execPath).sharing, null, "Node's structuredClone shares");
});

test('Node 22: where its structuredClone, the door to a MessagePort\'s transfer steps, fails in the program\'s realm (its transfer list filled by [[Set]], finding 15), the reference says it cannot judge', async () => {
  // Before, the reference threw Node 22's TypeError as the clone's outcome: a false deviation on
  // node@22:messagechannel (whose postMessage transfers the port) and a false pass on node@22:clone.
  const { status, stdout, stderr } = spawnSync(await pinnedBinary('node@22'), [fixture('port-under-pollution.mjs')], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(status, 0, stderr);
  assert.equal(stdout.trim(), 'host limit');
});
