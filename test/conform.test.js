// clonecheck conform: the runner on the real testharness.js, on a few
// targets (the reference in this Node's worker threads, Bun and Node 22 in
// agent processes), with small fixture files: the robustness cases, channel
// variants, expectations, the results document and JUnit, usage errors.
// The full suite on every target is a command (docs/conform.md), not a test.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { ensureGenerated, generatedFiles } from '../harness/conform/generate.js';
import { OPTIONAL_GLOBALS, WEB_PLATFORM_GLOBALS, lacksGlobals } from '../harness/conform/not-applicable.js';
import { clonecheck, fixture } from './helpers.js';

const FIXTURES = fixture('conform');
const scratch = () => mkdtempSync(join(tmpdir(), 'clonecheck-conform-'));

/** @param {string} stdout @param {string} target @param {string} file */
function fileBlock(stdout, target, file) {
  const start = stdout.indexOf(`[${target}] ${join(FIXTURES, file)}`);
  assert.notEqual(start, -1, `no result for ${file} on ${target} in:\n${stdout}`);
  const end = stdout.indexOf('\n[', start + 1);
  return stdout.slice(start, end === -1 ? undefined : end);
}

test('each broken file fails on its own with a clear message, and the run goes on', () => {
  const files = ['syntax-error', 'throws-at-top-level', 'never-done', 'crashes', 'passes'].map((name) => join(FIXTURES, `${name}.any.js`));
  const { status, stdout } = clonecheck(['conform', ...files, '--target', 'ref:spec', '--target', 'bun', '--timeout', '1000']);
  assert.equal(status, 1, stdout);
  for (const target of ['ref:spec', 'bun']) {
    assert.match(fileBlock(stdout, target, 'syntax-error.any.js'), /: ERROR \(Uncaught SyntaxError: .+ \(at .+syntax-error\.any\.js:3\)\)  \[UNEXPECTED, expected OK\]/);
    const throws = fileBlock(stdout, target, 'throws-at-top-level.any.js');
    assert.match(throws, /: ERROR \(Uncaught TypeError: thrown at the top level of the file\)/);
    assert.match(throws, /\n {2}PASS a test before the throw passes/);
    const neverDone = fileBlock(stdout, target, 'never-done.any.js');
    assert.match(neverDone, /: TIMEOUT {2}\[UNEXPECTED/);
    assert.match(neverDone, /\n {2}PASS a test before the missing done\(\) passes/);
    assert.match(neverDone, /\n {2}TIMEOUT an async test that never finishes: Test timed out/);
    assert.match(fileBlock(stdout, target, 'crashes.any.js'), /: CRASH \(the (worker thread|bun agent) exited with code 70 \(after 1 subtest result\)\)/);
    const passes = fileBlock(stdout, target, 'passes.any.js');
    assert.match(passes, /: OK\n {2}PASS an array of numbers is cloned\n {2}PASS a Date is cloned as a Date/);
  }
  assert.match(stdout, /^ref:spec +clonecheck +5 +4 +0 +1 +0 +4 +5 /m);
});

test('a script that never yields is ended by the watchdog: TIMEOUT, and the next file runs', () => {
  const files = ['never-yields', 'passes'].map((name) => join(FIXTURES, `${name}.any.js`));
  const { status, stdout } = clonecheck(['conform', ...files, '--target', 'node@22', '--timeout', '200']);
  assert.equal(status, 1, stdout);
  assert.match(fileBlock(stdout, 'node@22', 'never-yields.any.js'), /: TIMEOUT \(the target made no progress for \d+ ms after 0 subtest results: a script that never yields/);
  assert.match(fileBlock(stdout, 'node@22', 'passes.any.js'), /: OK\n/);
});

test('a file runs once per channel it asks for; a target without the channel is not applicable', () => {
  const dir = scratch();
  const { status, stdout } = clonecheck(['conform', join(FIXTURES, 'channels.any.js'), '--target', 'ref:spec', '--target', 'bun', '--json', join(dir, 'r.json')]);
  assert.equal(status, 0, stdout);
  for (const channel of ['clone', 'messagechannel', 'worker']) {
    assert.match(fileBlock(stdout, 'bun', `channels.any.js?channel=${channel}`), /: OK\n {2}PASS holes stay holes through the channel\n {2}PASS a transferred buffer is detached in the sender/);
  }
  assert.match(fileBlock(stdout, 'ref:spec', 'channels.any.js?channel=clone'), /: OK\n/);
  assert.match(fileBlock(stdout, 'ref:spec', 'channels.any.js?channel=worker'), /: N\/A \(ref:spec has no 'worker' channel \(only clone\)\)/);
  const results = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8'));
  assert.equal(results.schemaVersion, 1);
  assert.equal(results.reference.checked.length, 10);
  assert.match(results.testharness, /^wpt-runner \d/);
  const bun = results.targets.find((t) => t.name === 'bun');
  assert.match(bun.version, /^bun \d+\.\d+\.\d+/);
  assert.deepEqual(bun.counts, { files: 3, pass: 6, fail: 0, timeout: 0, notrun: 0, notApplicable: 0, fileErrors: 0, unexpected: 0, expectedFailures: 0 });
  assert.deepEqual(results.targets.find((t) => t.name === 'ref:spec').files.map((f) => f.status), ['OK', 'N/A', 'N/A']);
});

test('a file runs once per META: variant= line, in a global whose location is the test\'s URL with that query or fragment', () => {
  const file = fixture('conform-variants/location.any.js');
  const { status, stdout } = clonecheck(['conform', file, '--target', 'ref:spec', '--target', 'bun']);
  assert.equal(status, 0, stdout);
  for (const target of ['ref:spec', 'bun']) {
    assert.ok(stdout.includes(`[${target}] ${file}?a=1&b=two: OK\n  PASS location ?a=1&b=two: the pathname is the test's path\n`), stdout);
    assert.ok(stdout.includes(`[${target}] ${file}#fragment: OK\n  PASS location #fragment: the pathname is the test's path\n`), stdout);
  }
});

test('expectations: written by --update-expectations, then failures are expected, and a listed failure that passes is unexpected', () => {
  const dir = scratch();
  const files = ['throws-at-top-level', 'never-done', 'passes'].map((name) => join(FIXTURES, `${name}.any.js`));
  const args = ['conform', ...files, '--target', 'ref:tiers', '--timeout', '500', '--expectations', dir];
  assert.equal(clonecheck([...args, '--update-expectations']).status, 0);
  const written = JSON.parse(readFileSync(join(dir, 'ref-tiers.json'), 'utf8'));
  const neverDone = written.suites.clonecheck[join(FIXTURES, 'never-done.any.js')];
  assert.equal(neverDone.expected, 'TIMEOUT');
  assert.deepEqual(neverDone.subtests['an async test that never finishes'], { expected: 'TIMEOUT', reason: 'Test timed out', link: 'https://html.spec.whatwg.org/multipage/structured-data.html' });
  const again = clonecheck([...args, '--junit', join(dir, 'r.xml')]);
  assert.equal(again.status, 0, again.stdout);
  assert.match(again.stdout, /TIMEOUT an async test that never finishes: Test timed out {2}\[expected\]/);
  const junit = readFileSync(join(dir, 'r.xml'), 'utf8');
  assert.match(junit, /<testsuites name="clonecheck conform" tests="7" failures="0">/);
  assert.match(junit, /name="an async test that never finishes" time="0.000"><skipped message="expected TIMEOUT: Test timed out"\/>/);
  // A bug fixed: the listed failure passes now, which the expectations must learn.
  written.suites.clonecheck[join(FIXTURES, 'passes.any.js')] = { subtests: { 'a Date is cloned as a Date': { expected: 'FAIL', reason: 'r', link: 'l' } } };
  writeFileSync(join(dir, 'ref-tiers.json'), JSON.stringify(written));
  const fixed = clonecheck([...args, '--junit', join(dir, 'r.xml'), '--check-expectations']);
  assert.equal(fixed.status, 1);
  assert.match(fixed.stdout, /PASS a Date is cloned as a Date {2}\[UNEXPECTED, expected FAIL\]/);
  // --check-expectations: the entry is stale, one line naming the expectations file, the test and the target.
  assert.deepEqual(fixed.stderr.split('\n').filter((line) => line.includes('stale')),
    [`clonecheck: stale expectation: ${join(dir, 'ref-tiers.json')}: ${join(FIXTURES, 'passes.any.js')} "a Date is cloned as a Date" on ref:tiers: expected FAIL, got PASS`]);
  assert.match(readFileSync(join(dir, 'r.xml'), 'utf8'), /<failure type="PASS" message="PASS \(expected FAIL\)"\/>/);
});

test('usage errors are one line and exit 2', () => {
  const cases = [
    [['conform', '--target', 'polyfill:nosuch'], /unknown target 'polyfill:nosuch'/],
    [['conform', '--target', 'nosuch'], /unknown runtime 'nosuch'/],
    [['conform', '--target', 'bun:clone'], /conform takes a runtime \(bun\), not a channel/],
    [['conform', '--target', 'ref:spec@bun'], /ref:spec@bun: bun is no browser; the reference runs in this Node as ref:spec/],
    [['conform', '--target', 'ref:nosuch@chromium'], /unknown target 'ref:nosuch'/],
    [['conform', '--target', 'mine', '--runtime', 'mine=/no/such/binary'], /--runtime mine: no such file/],
    [['conform', '--wpt-dir', '/no/such/dir'], /--wpt-dir \/no\/such\/dir: no such folder/],
    [['conform', '--wpt-dir', FIXTURES], /none of html\/webappapis\/structured-clone, .* is there/],
    [['conform', '--suite', 'wpt'], /--suite wpt needs --wpt-dir/],
    [['conform', '/no/such/test.any.js'], /no such test file or folder/],
    [['conform', fixture('conform-variants/retired-channel-meta.any.js')], /META: channel= is gone; write one META: variant=\?channel=NAME line per channel/],
    [['conform', fixture('conform-variants/unknown-channel.any.js')], /META: variant=\?channel=pigeon is not a channel; use clone, messagechannel, worker, wire/],
    [['conform', '--timeout', '5'], /--timeout/],
    [['conform', '--target', 'ref:spec', '--expectations', fixture('expectations-citing-no-bug')], /names bug "ref\/no-such-bug", which the ledger does not have/],
  ];
  for (const [args, message] of cases) {
    const { status, stderr, stdout } = clonecheck(args);
    assert.equal(status, 2, `${args.join(' ')}: ${stdout}${stderr}`);
    assert.match(stderr, message);
    assert.equal(stderr.trim().split('\n').length, 1, stderr);
  }
});

test('the wpt/ suite: more than 400 tests, each name once per file, all as expected on the reference (tiers off and on) and Node 22, and no expectation of theirs stale', () => {
  const dir = scratch();
  const { status, stdout, stderr } = clonecheck(['conform', '--target', 'ref:spec', '--target', 'ref:tiers', '--target', 'node@22', '--json', join(dir, 'r.json'), '--check-expectations']);
  assert.equal(status, 0, [...stdout.split('\n').filter((line) => line.includes('UNEXPECTED')), ...stderr.split('\n').filter((line) => line.includes('stale'))].join('\n'));
  const results = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8'));
  const spec = results.targets.find((t) => t.name === 'ref:spec');
  const names = spec.files.flatMap((f) => f.subtests.map((s) => `${f.id} ${s.name}`));
  assert.ok(names.length >= 400, `${names.length} tests`);
  assert.equal(new Set(names).size, names.length, 'no name twice in a file');
  // Everything the reference fails is listed with a reason (the three built-in iterators it cannot see, and
  // a CryptoKey whose prototype is null: Node 20's type getter checks the prototype chain).
  assert.equal(spec.counts.fail, 4);
  // Not applicable: the channel variants a module target lacks (channels, cryptokey, filelist), the files of
  // the pending profiles (META: spec=), and the 5 decoding files of wpt/encoding/ (a module target is no decoder).
  const notApplicable = spec.files.filter((f) => f.status !== 'OK');
  assert.deepEqual(notApplicable.map((f) => f.status), Array(13).fill('N/A'));
  assert.deepEqual(notApplicable.filter((f) => /this run follows html$/.test(f.message)).map((f) => f.id), ['/error-aggregate.any.js', '/error-cause.any.js']);
  assert.equal(notApplicable.filter((f) => f.id.startsWith('/encoding/') && /is a structuredClone, not a decoder/.test(f.message)).length, 5);
});

test('--wpt-dir runs upstream-layout files apart; a missing global, a missing include, a page-only file and a window gap are not applicable', () => {
  const dir = scratch();
  const { status, stdout } = clonecheck(['conform', '--suite', 'wpt', '--wpt-dir', fixture('wpt-checkout'), '--target', 'ref:spec', '--target', 'bun', '--json', join(dir, 'r.json')]);
  assert.equal(status, 0, stdout);
  assert.match(stdout, /\[bun\] \/html\/webappapis\/structured-clone\/structured-clone\.any\.js: OK\n {2}PASS primitive -0\n {2}PASS Array with a hole\n {2}N\/A ImageData: this global has no ImageData\n {2}N\/A DOMMatrix: this global has no DOMMatrix/);
  assert.match(stdout, /\[ref:spec\] \/IndexedDB\/structured-clone\.any\.js: N\/A \(META: script=resources\/support-promises\.js does not resolve under /);
  assert.match(stdout, /\/shared-array-buffers\/window-only\.any\.js: N\/A \(this global has no document\)/);
  // Bun's postMessage is there and does nothing; this Node's worker thread has none.
  assert.match(stdout, /\[bun\] \/html\/infrastructure\/safe-passing-of-structured-data\/window-gaps\.window\.js: OK\n {2}N\/A postMessage reads the message: this global's postMessage does nothing/);
  assert.match(stdout, /\[ref:spec\] \/html\/infrastructure\/safe-passing-of-structured-data\/window-gaps\.window\.js: OK\n {2}N\/A postMessage reads the message: this global has no postMessage/);
  for (const target of ['bun', 'ref:spec']) {
    assert.match(stdout, new RegExp(`\\[${target}\\] [^\\n]+window-gaps\\.window\\.js: OK\\n.*\\n {2}N/A a thrown DOMException: this global has no document \\(the test reads it where a try/catch hides the ReferenceError\\)\\n {2}PASS a subtest that names document`));
  }
  assert.match(stdout, /^bun +wpt +4 +3 +0 +0 +6 +0 +0 /m);
  const results = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8'));
  assert.deepEqual(results.suites.map((s) => s.name), ['wpt']);
  assert.ok(results.targets.every((t) => t.files.every((f) => f.suite === 'wpt')));
});

test("--wpt-dir runs upstream's encoding/ as a suite of its own: its any-global files, streams/ included, not its window, idlharness or .sub. files; not on a module target", () => {
  const dir = scratch();
  const { status, stdout } = clonecheck(['conform', '--suite', 'wpt-encoding', '--wpt-dir', fixture('wpt-checkout'), '--target', 'ref:spec', '--target', 'node', '--json', join(dir, 'r.json')]);
  assert.equal(status, 0, stdout);
  const results = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8'));
  assert.deepEqual(results.suites.map((s) => [s.name, s.files]), [['wpt-encoding', 2]]);
  const node = results.targets.find((t) => t.name === 'node');
  assert.deepEqual(node.files.map((f) => [f.suite, f.id, f.status]), [
    ['wpt-encoding', '/encoding/streams/decode-split-character.any.js', 'OK'], ['wpt-encoding', '/encoding/textdecoder-fatal.any.js', 'OK'],
  ]);
  assert.equal(node.counts.pass, 3);
  const spec = results.targets.find((t) => t.name === 'ref:spec');
  assert.ok(spec.files.every((f) => f.status === 'N/A' && /ref:spec is a structuredClone, not a decoder/.test(f.message)));
  assert.match(stdout, /^node +wpt-encoding +2 +3 +0 +0 +0 /m);
});

test("upstream includes share one global scope in every shell: an include's top-level const, let and class are seen by the test; a name no script defines fails, a platform global the shell lacks is not applicable", () => {
  const dir = scratch();
  // This Node's worker thread, a Node agent, Bun, Deno and QuickJS-ng (the reference running in it: a structuredClone, no decoder).
  const targets = ['ref:spec', 'node@22', 'bun', 'deno', 'quickjs:ref'];
  const { status, stdout } = clonecheck(['conform', '--wpt-dir', fixture('wpt-scope'), '--suite', 'wpt', '--suite', 'wpt-encoding',
    ...targets.flatMap((target) => ['--target', target]), '--json', join(dir, 'r.json')]);
  // The typo fails everywhere, as it must.
  assert.equal(status, 1, stdout);
  const results = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8'));
  assert.deepEqual(results.targets.map((t) => t.name), targets);
  for (const target of results.targets) {
    const file = (/** @type {string} */ id) => target.files.find((f) => f.id === id);
    const statuses = (/** @type {string} */ id) => file(id).subtests.map((s) => s.status);
    assert.deepEqual(statuses('/html/webappapis/structured-clone/lexical-includes.any.js'), ['PASS', 'PASS'], target.name);
    const missing = file('/html/webappapis/structured-clone/missing-names.any.js').subtests;
    assert.deepEqual([missing[0].status, missing[0].message], ['FAIL', 'clone_valeus is not defined'], target.name);
    // Deno has a DOMMatrix, and clones it to an ordinary object (corpus/bugs/deno/clones-a-dommatrix-to-an-ordinary-object.json).
    if (target.name !== 'deno') assert.deepEqual([missing[1].status, missing[1].message], ['N/A', 'this global has no DOMMatrix'], target.name);
    const decoding = ['/encoding/labels.any.js', '/encoding/single-byte-raw.any.js?XMLHttpRequest', '/encoding/single-byte-raw.any.js?TextDecoder'];
    if (target.name === 'ref:spec' || target.name === 'quickjs:ref') {
      assert.ok(decoding.every((id) => file(id).status === 'N/A' && / is a structuredClone, not a decoder/.test(file(id).message)), target.name);
      continue;
    }
    assert.deepEqual(statuses('/encoding/labels.any.js'), Array(9).fill('PASS'), target.name);
    assert.deepEqual(statuses('/encoding/single-byte-raw.any.js?TextDecoder'), ['PASS', 'PASS'], target.name);
    assert.deepEqual(file('/encoding/single-byte-raw.any.js?XMLHttpRequest').subtests.map((s) => [s.status, s.message]),
      Array(2).fill(['N/A', 'this global has no XMLHttpRequest']), target.name);
  }
});

test("a window gap makes only the subtests that met it not applicable, and never in clonecheck's own suite", () => {
  const fail = (/** @type {string} */ name, /** @type {string} */ message) => ({ name, status: /** @type {const} */ ('FAIL'), message });
  const result = {
    status: /** @type {const} */ ('OK'), message: null,
    subtests: [
      fail('reads document', 'assert_true: must be a DOMException expected true got false'),
      fail('names no document', 'assert_true: must be a DOMException expected true got false'),
      fail('posts to itself', 'assert_throws_dom: function "() => self.postMessage(null, "*", [b])" did not throw'),
      fail('posts on a port', 'assert_throws_dom: function "() => port1.postMessage(null, [b])" did not throw'),
    ],
    gaps: { inertPostMessage: true, documentReaders: ['reads document'] },
  };
  assert.deepEqual(lacksGlobals(result, WEB_PLATFORM_GLOBALS).subtests.map((s) => s.status), ['N/A', 'FAIL', 'N/A', 'FAIL']);
  assert.equal('gaps' in lacksGlobals(result, WEB_PLATFORM_GLOBALS), false, 'the gaps are not part of the outcome');
  // A shell global lacks no document or postMessage for clonecheck's own tests: they use neither.
  assert.deepEqual(lacksGlobals(result, OPTIONAL_GLOBALS).subtests.map((s) => s.status), ['FAIL', 'FAIL', 'FAIL', 'FAIL']);
});

test('impl: a clone whose Int32-array fast path forgets named properties fails the tests that name that behaviour', () => {
  const target = `impl:${fixture('int32-forgets-named-properties.mjs')}`;
  const { status, stdout } = clonecheck(['conform', join(fixture('..'), '..', 'wpt', 'arrays.any.js'), join(fixture('..'), '..', 'wpt', 'tiers.any.js'), '--target', target]);
  assert.equal(status, 1);
  const failing = stdout.split('\n').filter((line) => line.startsWith('  FAIL')).map((line) => line.slice('  FAIL '.length).split(':')[0]);
  assert.deepEqual(failing, [
    'a named property on an array is kept',
    'named properties come after the indices, in creation order',
    'numeric-looking keys that are not array indices are named properties',
    'int32-array refuses a named property (named-property)',
  ]);
});

test('wpt/generated/ is built from corpus/ when asked for, and again only when what it is made from changed', () => {
  const dir = scratch();
  const { files } = generatedFiles();
  assert.ok([...files.values()].join('').split("}, \"").length > 80, 'a test per corpus program');
  assert.deepEqual(ensureGenerated(dir), { built: true, files: files.size - 1 });
  const onDisk = () => readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name !== '.sources.json').map((entry) => relative(dir, join(entry.parentPath ?? entry.path, entry.name))).sort();
  assert.deepEqual(onDisk(), [...files.keys()].sort(), 'the same files');
  for (const [name, text] of files) assert.equal(readFileSync(join(dir, name), 'utf8'), text, name);
  assert.deepEqual(ensureGenerated(dir), { built: false, files: files.size - 1 }, 'the same sources: not built again');
  // A file gone, or sources other than the stamp's (a corpus program, src/, this generator), is built again.
  rmSync(join(dir, 'seeds.any.js'));
  assert.equal(ensureGenerated(dir).built, true);
  assert.equal(readFileSync(join(dir, 'seeds.any.js'), 'utf8'), files.get('seeds.any.js'));
  const stampPath = join(dir, '.sources.json');
  const stamp = JSON.parse(readFileSync(stampPath, 'utf8'));
  assert.ok(stamp.inputs.includes('src/program/runtime.js') && stamp.inputs.includes('portable/case/case.js'), 'the bundle\'s modules are its sources');
  writeFileSync(stampPath, JSON.stringify({ ...stamp, hash: 'made from other sources' }));
  writeFileSync(join(dir, 'regressions-of-a-program-since-removed.any.js'), '');
  assert.equal(ensureGenerated(dir).built, true);
  assert.deepEqual(onDisk(), [...files.keys()].sort(), 'a file no program makes any more is gone');
});

test('runs that build wpt/generated/ at once each end with every file whole', async () => {
  const dir = scratch();
  const generate = new URL('../harness/conform/generate.js', import.meta.url).href;
  const build = () => new Promise((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', `import(${JSON.stringify(generate)}).then((m) => m.ensureGenerated(${JSON.stringify(dir)}))`], { stdio: 'inherit' });
    child.on('exit', resolve);
  });
  assert.deepEqual(await Promise.all([build(), build(), build()]), [0, 0, 0]);
  const { files } = generatedFiles();
  for (const [name, text] of files) assert.equal(readFileSync(join(dir, name), 'utf8'), text, name);
  assert.deepEqual(readdirSync(dir, { recursive: true }).filter((name) => String(name).endsWith('.partial')), [], 'nothing half-written is left');
  assert.equal(ensureGenerated(dir).built, false, 'the last build\'s stamp holds');
});
