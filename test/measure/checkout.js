// A base revision checked out beside this tree for a side-by-side benchmark:
// `git worktree add --detach` into a temporary directory, sharing this
// tree's node_modules, removed afterwards whatever happens.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * @template T
 * @param {string} tree  this checkout
 * @param {string} base  a revision (`main`, a commit)
 * @param {(checkout: {baseTree: string, revision: string, scratch: string}) => Promise<T>} use
 *   `scratch`: a temporary directory for the run's files, removed with the checkout
 * @returns {Promise<T>}
 */
export async function withBaseCheckout(tree, base, use) {
  const scratch = mkdtempSync(join(tmpdir(), 'clonecheck-versus-'));
  const baseTree = join(scratch, 'base');
  const revision = execFileSync('git', ['-C', tree, 'rev-parse', '--short', base], { encoding: 'utf8' }).trim();
  execFileSync('git', ['-C', tree, 'worktree', 'add', '--detach', baseTree, revision], { stdio: 'ignore' });
  try {
    symlinkSync(realpathSync(join(tree, 'node_modules')), join(baseTree, 'node_modules'));
    return await use({ baseTree, revision, scratch });
  } finally {
    execFileSync('git', ['-C', tree, 'worktree', 'remove', '--force', baseTree], { stdio: 'ignore' });
    rmSync(scratch, { recursive: true, force: true });
  }
}
