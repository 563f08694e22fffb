// Helpers the tests share (not a test file: npm test runs test/*.test.js).

import { after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RuntimeError, resolveRuntime } from '../harness/runtimes.js';

const CLI = fileURLToPath(new URL('../harness/cli.js', import.meta.url));

/** @param {string} name a file in test/fixtures/ @returns {string} its path */
export const fixture = (name) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

/**
 * A fresh program.json holding `program`, removed after the tests.
 * @param {object} program @returns {string} its path
 */
export function programFile(program) {
  const dir = mkdtempSync(join(tmpdir(), 'clonecheck-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'program.json');
  writeFileSync(file, JSON.stringify(program));
  return file;
}

/**
 * Runs the clonecheck CLI with this Node and returns what it did.
 * @param {string[]} args
 * @param {Record<string, string>} [env] added to this process's environment
 */
export function clonecheck(args, env = {}) {
  const { status, stdout, stderr } = spawnSync(process.execPath, [CLI, ...args], {
    encoding: 'utf8', timeout: 300_000, env: { ...process.env, ...env },
  });
  return { status, stdout, stderr };
}

/**
 * A usage error as every command gives one: exit 2, nothing on stdout, one line on stderr that says what to fix.
 * @param {{status: number | null, stdout: string, stderr: string}} result @param {RegExp} message
 */
export function assertUsageError(result, message) {
  assert.equal(result.status, 2, result.stderr);
  assert.equal(result.stdout, '');
  const lines = result.stderr.trim().split('\n');
  assert.equal(lines.length, 1, `one line, got:\n${result.stderr}`);
  assert.match(lines[0], /^clonecheck: /);
  assert.match(lines[0], message);
}

/**
 * A deterministic byte source (xorshift32), so the fuzz tests replay exactly.
 * @param {number} seed
 * @returns {(length: number) => Uint8Array}
 */
export function randomBytesFrom(seed) {
  let state = seed >>> 0 || 1;
  return (length) => {
    const bytes = new Uint8Array(length);
    for (let i = 0; i < length; i++) {
      state ^= state << 13; state >>>= 0;
      state ^= state >>> 17;
      state ^= state << 5; state >>>= 0;
      bytes[i] = state & 255;
    }
    return bytes;
  };
}

/**
 * A pinned runtime's binary, from the cache (`npm test` installs every pinned
 * runtime there first: `clonecheck install-runtimes`).
 * @param {string} name `node@22`, `bun`, …
 * @returns {Promise<string>}
 */
export async function pinnedBinary(name) {
  try {
    return (await resolveRuntime(name, { install: false })).binary;
  } catch (error) {
    if (error instanceof RuntimeError) assert.fail(`${error.message}; npm test installs it first`);
    throw error;
  }
}
