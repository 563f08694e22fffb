// Helpers the command-line tests share (not a test file: npm test runs test/*.test.js).

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../harness/cli.js', import.meta.url));

/** @param {string} name a file in test/fixtures/ @returns {string} its path */
export const fixture = (name) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

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
