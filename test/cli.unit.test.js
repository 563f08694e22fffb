// The command line as a user meets it: exit codes, one-line usage errors,
// and `repro` on programs, in this Node (npm run test:unit runs it); what
// needs another runtime or the npm registry is in cli.slow.test.js.

import test from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { assertUsageError, clonecheck, fixture, programFile } from './helpers.js';

test('an unknown target is a usage error that says how to list targets', () => {
  assertUsageError(clonecheck(['fuzz', '--target', 'clone', '--runs', '10']), /unknown target 'clone'.*clonecheck targets/);
  assertUsageError(clonecheck(['fuzz', '--target', 'ref:fast', '--runs', '10']), /unknown target 'ref:fast'.*clonecheck targets/);
});

test('an unknown runtime is a usage error that names the runtimes and --runtime', () => {
  assertUsageError(clonecheck(['fuzz', '--target', 'nodejs:clone', '--runs', '10']),
    /nodejs:clone: unknown runtime 'nodejs': use node, node@22, .*--runtime nodejs=PATH/);
  assertUsageError(clonecheck(['install-runtimes', 'nodejs']), /unknown runtime 'nodejs'/);
});

test('an unknown channel is a usage error that lists the channels', () => {
  assertUsageError(clonecheck(['fuzz', '--target', 'bun:postmessage', '--runs', '10']),
    /unknown channel 'postmessage' in bun:postmessage; channels: clone, clone-transfer, messagechannel, worker, broadcast, wire/);
});

test('a --runtime path that is missing or not a runtime is a usage error', () => {
  assertUsageError(clonecheck(['fuzz', '--runtime', 'mybun=/no/such/bun', '--target', 'mybun:clone', '--runs', '10']),
    /--runtime mybun: no such file \/no\/such\/bun/);
  assertUsageError(clonecheck(['fuzz', '--runtime', `mine=${fixture('malformed.json')}`, '--target', 'mine:clone', '--runs', '10']),
    /malformed\.json does not run .*give the path of a node, bun or deno binary/);
  assertUsageError(clonecheck(['targets', '--runtime', 'nobody']), /--runtime takes NAME=PATH/);
});

test('an impl: path that does not exist is a usage error', () => {
  assertUsageError(clonecheck(['fuzz', '--target', 'impl:./no/such/module.mjs', '--runs', '10']), /no such file .*module\.mjs/);
});

test('an impl: module without a default function is a usage error', () => {
  assertUsageError(clonecheck(['fuzz', '--target', `impl:${fixture('no-default.mjs')}`, '--runs', '10']), /no default export function/);
});

test('fuzz without a target, or with unknown weights, is a usage error', () => {
  assertUsageError(clonecheck(['fuzz', '--runs', '10']), /fuzz needs --target/);
  assertUsageError(clonecheck(['fuzz', '--target', 'ref:spec', '--weights', 'noSuchFamily=3']), /unknown name 'noSuchFamily'/);
});

test('--runs with --time is a usage error, in either order', () => {
  assertUsageError(clonecheck(['fuzz', '--target', 'ref:spec', '--runs', '10', '--time', '5']),
    /option '--runs <n>' cannot be used with option '--time <seconds>' \(see clonecheck --help\)$/);
  assertUsageError(clonecheck(['fuzz', '--target', 'ref:spec', '--time', '5', '--runs', '10']), /cannot be used with/);
});

test('a --timeout out of range is a usage error that gives the range, in every command that takes it', () => {
  assertUsageError(clonecheck(['fuzz', '--target', 'ref:spec', '--timeout', '99']),
    /option '--timeout <ms>' argument '99' is invalid\. It must be milliseconds from 100 to 3600000 \(see clonecheck --help\)$/);
  assertUsageError(clonecheck(['repro', fixture('dangling.json'), '--timeout', '3600001']), /argument '3600001' is invalid\. It must be milliseconds from 100/);
});

test('a --runs that is not a positive integer is a usage error', () => {
  assertUsageError(clonecheck(['fuzz', '--target', 'ref:spec', '--runs', '1.5']), /option '--runs <n>' argument '1\.5' is invalid\. It must be a positive integer/);
  assertUsageError(clonecheck(['selfcheck', '--runs', '0']), /option '--runs <n>' argument '0' is invalid/);
  assertUsageError(clonecheck(['selfcheck', '--seed', 'one']), /option '--seed <n>' argument 'one' is invalid\. It must be a 32-bit integer/);
});

test('a crash and timeout shrinking budget out of range is a usage error that gives the range', () => {
  assertUsageError(clonecheck(['fuzz', '--target', 'ref:spec', '--stall-shrink-time', '0']),
    /option '--stall-shrink-time <seconds>' argument '0' is invalid\. It must be a number of seconds from 1 to 86400/);
  assertUsageError(clonecheck(['fuzz', '--target', 'ref:spec', '--stall-shrink-runs', '-1']), /option '--stall-shrink-runs <n>' argument '-1' is invalid/);
});

test('fuzz --help shows each default', () => {
  const { status, stdout } = clonecheck(['fuzz', '--help']);
  assert.equal(status, 0);
  const help = stdout.replace(/\s+/g, ' ');
  for (const shown of [
    /--seed <n> .*\(default: random, printed\)/, /--runs <n> number of programs \(default: 10000\)/, /--out <dir> .*\(default: "clonecheck-out"\)/,
    /--workers <n> .*\(default: one per CPU\)/, /--timeout <ms> .*\(default: 5000\)/, /--shrink-runs <n> .*\(default: 1000\)/,
    /--stall-shrink-runs <n> .*\(default: 100\)/, /--stall-shrink-time <seconds> .*\(default: 60\)/,
  ]) assert.match(help, shown);
});

test('repro of a malformed program.json is a usage error naming the file', () => {
  assertUsageError(clonecheck(['repro', fixture('malformed.json')]), /malformed\.json is not JSON/);
});

test('repro of a program with a dangling reference is a usage error naming the path', () => {
  assertUsageError(clonecheck(['repro', fixture('dangling.json')]), /not a valid program: at \$\.root/);
});

test("repro of a program that makes a platform object the target's host lacks says so in one line, exit 2", () => {
  const program = fileURLToPath(new URL('../corpus/platform/offscreencanvas.json', import.meta.url));
  const result = clonecheck(['repro', program, '--target', 'node:clone']);
  assert.equal(result.status, 2, result.stdout + result.stderr);
  assert.equal(result.stdout, 'NOT-APPLICABLE node:clone  its host has no OffscreenCanvas: run the program on a target that has it\n');
});

test('repro of a missing file is a usage error', () => {
  assertUsageError(clonecheck(['repro', '/no/such/program.json']), /no such file or folder/);
});

test('repro runs a passing program on several targets and exits 0', () => {
  const file = programFile({ schema: 'clonecheck/program@1', root: { ref: 0 }, objects: [{ kind: 'array', items: [1, { hole: true }, 3] }] });
  const result = clonecheck(['repro', file, '--target', 'ref:tiers', '--target', 'node:clone', '--target', 'node:messagechannel']);
  assert.equal(result.status, 0, result.stdout + result.stderr);
  assert.deepEqual(result.stdout.trim().split('\n'), ['PASS ref:tiers', 'PASS node:clone', 'PASS node:messagechannel']);
});

test("repro shows a deviation: Node copies an Error's cause, the spec does not", () => {
  const file = programFile({ schema: 'clonecheck/program@1', root: { ref: 0 }, objects: [{ kind: 'error', type: 'Error', message: 'm', cause: 1 }] });
  const result = clonecheck(['repro', file, '--target', 'node:clone']);
  assert.equal(result.status, 1);
  assert.match(result.stdout, /^DEVIATION node:clone +node-clone\.keys\.[0-9a-f]{8}$/m);
  assert.match(result.stdout, /\$\.cause {2}keys: expected "missing", actual "data property 1"/);
});

test('an unknown command or option is a one-line usage error', () => {
  assertUsageError(clonecheck(['fuzzz']), /unknown command 'fuzzz' \(Did you mean fuzz\?\) \(see clonecheck --help\)/);
  assertUsageError(clonecheck(['fuzz', '--target', 'ref:spec', '--bogus']), /unknown option '--bogus'/);
});
