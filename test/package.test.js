// The package as a user gets it: `npm pack`, the tarball installed into a
// scratch project with its production dependencies only (from the npm
// registry), then the command line and the library used from there, with a
// runtime cache of their own that must stay empty: nothing a user did not ask
// for is downloaded.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pinnedBinary } from './helpers.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'clonecheck-package-'));
after(() => rmSync(scratch, { recursive: true, force: true }));
const project = join(scratch, 'project');
const cache = join(scratch, 'cache');
/** @type {{filename: string, size: number, unpackedSize: number, entryCount: number, files: {path: string}[]}} */
let packed;

before(() => {
  [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', scratch], { cwd: root, encoding: 'utf8', stdio: 'pipe' }));
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), '{"private": true}\n');
  execFileSync('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', join(scratch, packed.filename)], { cwd: project, stdio: 'pipe' });
});

/**
 * Runs a command in the scratch project, with the scratch runtime cache.
 * @param {string} command
 * @param {string[]} args
 */
function inProject(command, args) {
  const { status, stdout, stderr } = spawnSync(command, args, {
    // Generous: the gate alone took 15 s quiet and over 60 s at a load average of 12 (2026-12-02).
    cwd: project, encoding: 'utf8', timeout: 300_000, env: { ...process.env, CLONECHECK_CACHE: cache },
  });
  return { status, stdout, stderr };
}

test('the tarball holds what runs, and neither the tests nor fuzz output', (t) => {
  const paths = packed.files.map((file) => file.path);
  t.diagnostic(`${packed.filename}: ${packed.size} bytes packed, ${packed.unpackedSize} unpacked, ${packed.entryCount} files`);
  // corpus/: the gate replays the regression corpus and triages its findings against the bug ledger.
  for (const path of ['package.json', 'README.md', 'harness/cli.js', 'harness/node-entry.js', 'src/index.js', 'fuzzers/programs.js', 'corpus/bugs/node/clones-file-as-blob.json']) {
    assert.ok(paths.includes(path), `${path} is in the tarball`);
  }
  assert.deepEqual(paths.filter((path) => /^(test|clonecheck-out|node_modules|wpt\/generated)\//.test(path)), []);
  assert.ok(paths.includes('wpt/resources/channel.js'), 'the channel variants\' include is in the tarball');
});

test('npx clonecheck conform builds the tests made from the corpus inside the installed package, then runs them', () => {
  const generated = join(project, 'node_modules', 'clonecheck', 'wpt', 'generated');
  const files = [join(generated, 'seeds.any.js'), join(project, 'node_modules', 'clonecheck', 'wpt', 'channels.any.js')];
  const result = inProject('npx', ['--no', 'clonecheck', 'conform', ...files, '--target', 'node']);
  assert.equal(result.status, 0, result.stdout + result.stderr);
  assert.match(result.stdout, /\/generated\/seeds\.any\.js: OK\n {2}PASS seed program /);
  assert.match(result.stdout, /\/channels\.any\.js\?channel=worker: OK\n/);
  assert.ok(existsSync(join(generated, 'resources', 'clonecheck-case.js')), 'the bundle was built');
});

test('npx clonecheck gate on node:clone passes in the installed package: its bug ledger and regressions came with it', () => {
  const result = inProject('npx', ['--no', 'clonecheck', 'gate', '--target', 'node:clone', '--runs', '300']);
  assert.equal(result.status, 0, result.stdout + result.stderr);
  assert.match(result.stdout, /^regressions: [1-9]\d* replayed, 0 unexpected$/m);
  assert.match(result.stdout, /^gate: PASS/m);
});

test('npx clonecheck fuzz runs in a project that installed the package with production dependencies only', () => {
  const result = inProject('npx', ['--no', 'clonecheck', 'fuzz', '--target', 'ref:tiers', '--runs', '200', '--seed', '1']);
  assert.equal(result.status, 0, result.stdout + result.stderr);
  assert.match(result.stdout, /^fuzz: 200 cases in [\d.]+ s \(.*\), 0 findings, seed 1$/m);
});

test('npx clonecheck targets lists every pinned runtime as installable without downloading one', () => {
  const result = inProject('npx', ['--no', 'clonecheck', 'targets', '--json']);
  assert.equal(result.status, 0, result.stderr);
  const { targets } = JSON.parse(result.stdout);
  for (const runtime of ['node@22', 'node@24', 'node@26', 'bun', 'deno']) {
    const row = targets.find((target) => target.name === `${runtime}:clone`);
    assert.equal(row.installable, true, `${runtime}:clone: ${row.reason}`);
    assert.match(row.reason, new RegExp(`install-runtimes ${runtime}`));
  }
  assert.deepEqual(existsSync(cache) ? readdirSync(cache, { recursive: true }) : [], [], 'nothing in the runtime cache');
});

test("import('clonecheck') in Node, Bun and Deno installs the host hooks (all three match the \"node\" export condition): a Proxy is a DataCloneError", async () => {
  const script = "import('clonecheck').then((m) => { try { m.structuredClone(new Proxy({}, {})); console.log('cloned'); } catch (e) { console.log(e.name); } })";
  const hosts = {
    node: [process.execPath, '-e'],
    bun: [await pinnedBinary('bun'), '-e'],
    deno: [await pinnedBinary('deno'), 'eval'],
  };
  for (const [host, [binary, ...args]] of Object.entries(hosts)) {
    const result = inProject(binary, [...args, script]);
    assert.equal(result.status, 0, `${host}: ${result.stderr}`);
    assert.equal(result.stdout.trim(), 'DataCloneError', host);
  }
});
