// `clonecheck merge FILE… --out F [--history DIR] [--skip-bad]`: the shards of
// one nightly campaign made into one run (harness/nightly/merge.js).

import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { InputError } from '../bugs/ledger.js';
import { appendRun, openHistory } from '../nightly/history.js';
import { mergeShards } from '../nightly/merge.js';
import { readNightly } from '../nightly/results.js';
import { UsageError } from '../errors.js';
import { reportRun } from '../nightly/report.js';

/**
 * @param {string[]} files
 * @param {{out?: string, history?: string, skipBad?: boolean}} raw
 */
export async function mergeCommand(files, raw) {
  if (raw.out === undefined && raw.history === undefined) throw new UsageError('merge needs --out FILE or --history DIR: where the merged run goes');
  const history = raw.history === undefined ? undefined : resolve(raw.history);
  if (history !== undefined) openHistory(history, { create: true });
  const shards = [];
  for (const file of files) {
    try {
      shards.push({ file, document: readNightly(file) });
    } catch (error) {
      if (!(error instanceof InputError) || !raw.skipBad) throw error;
      process.stderr.write(`clonecheck: skipped ${error.message}\n`);
    }
  }
  if (shards.length === 0) throw new UsageError('no results file left to merge; give the files clonecheck nightly --json wrote');
  const merged = mergeShards(shards);
  if (raw.out !== undefined) writeFileSync(raw.out, `${JSON.stringify(merged, null, 2)}\n`);
  if (history !== undefined) process.stderr.write(`clonecheck: appended ${appendRun(history, merged)}\n`);
  return reportRun(merged);
}
