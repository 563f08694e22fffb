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

/**
 * What the ledger's runnable tests gave (harness/bugs/ledger-snippets.js), held
 * to an allowlist: each entry not on it must be verified, each on it must
 * not be (and must still be open), so the list shrinks as tests are written.
 * @param {{bug: {id: string, implementation: string, foundOn: string}, result: {status: string}}[]} results
 * @param {Record<string, string>} allowed  entry id: why it has no verified test
 * @param {Set<string>} open  the open entries' ids
 * @param {string} list  the allowlist's name, for the messages
 * @returns {{counts: string, problems: string[]}} verified of entries per engine, and what is wrong
 */
export function ledgerTestProblems(results, allowed, open, list) {
  /** @type {Record<string, {entries: number, verified: number}>} */
  const counts = {};
  const problems = [];
  for (const { bug, result } of results) {
    const count = (counts[bug.implementation] ??= { entries: 0, verified: 0 });
    count.entries += 1;
    const verified = result.status === 'verified';
    if (verified) count.verified += 1;
    if (verified && bug.id in allowed) problems.push(`${bug.id}: verified now; take it off ${list}`);
    if (!verified && !(bug.id in allowed)) problems.push(`${bug.id} on ${bug.foundOn}: ${JSON.stringify(result, null, 1)}`);
  }
  for (const id of Object.keys(allowed)) if (!open.has(id)) problems.push(`${id}: on ${list} but not an open entry`);
  return { counts: Object.entries(counts).map(([engine, { entries, verified }]) => `${engine} ${verified}/${entries}`).join(', '), problems };
}
