// A base revision checked out beside this tree, for the benchmarks that
// compare the two side by side (fuzz-versus.js, fuzz.js --base): a detached
// `git worktree` in a temporary directory, sharing this tree's node_modules,
// removed afterwards whatever happens.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Runs `use` with a checkout of `rev` and a scratch directory for its files.
 * @template T
 * @param {string} tree this checkout
 * @param {string} rev a revision git knows (e.g. main)
 * @param {(base: {tree: string, revision: string, scratch: string}) => Promise<T>} use
 * @returns {Promise<T>}
 */
export async function withBaseTree(tree, rev, use) {
  const revision = execFileSync('git', ['-C', tree, 'rev-parse', '--short', rev], { encoding: 'utf8' }).trim();
  const scratch = mkdtempSync(join(tmpdir(), 'clonecheck-base-'));
  const baseTree = join(scratch, 'base');
  execFileSync('git', ['-C', tree, 'worktree', 'add', '--detach', baseTree, revision], { stdio: 'ignore' });
  try {
    symlinkSync(realpathSync(join(tree, 'node_modules')), join(baseTree, 'node_modules'));
    return await use({ tree: baseTree, revision, scratch });
  } finally {
    execFileSync('git', ['-C', tree, 'worktree', 'remove', '--force', baseTree], { stdio: 'ignore' });
    rmSync(scratch, { recursive: true, force: true });
  }
}
