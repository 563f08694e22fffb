// The history directory: one nightly results file per run under runs/,
// named by its start time and shards, and a marker file that says the folder
// is a history (so that a wrong --history is refused rather than filled or
// read as one). docs/gate.md#history.

import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../bugs/ledger.js';
import { readNightly } from './results.js';

const MARKER = 'clonecheck-history.json';
export const HISTORY_SCHEMA = 'clonecheck/history@1';

/**
 * Opens a history folder, making it when it does not exist or is empty.
 * @param {string} directory
 * @param {{create: boolean}} options  `create`: false for readers (the dashboard)
 * @throws {InputError} a folder that is not a history
 */
export function openHistory(directory, { create }) {
  const marker = join(directory, MARKER);
  if (existsSync(directory) && !statSync(directory).isDirectory()) throw new InputError(`--history ${directory} is a file; give a folder (made when missing)`);
  const empty = !existsSync(directory) || readdirSync(directory).length === 0;
  if (empty) {
    if (!create) throw new InputError(`--history ${directory} holds no history; run clonecheck nightly --history ${directory} first`);
    mkdirSync(join(directory, 'runs'), { recursive: true });
    writeFileSync(marker, `${JSON.stringify({ schema: HISTORY_SCHEMA }, null, 2)}\n`);
    return;
  }
  let schema;
  try {
    schema = JSON.parse(readFileSync(marker, 'utf8')).schema;
  } catch {
    throw new InputError(`--history ${directory} is not a clonecheck history (no readable ${MARKER}); give an empty or new folder, or the folder nightly wrote`);
  }
  if (schema !== HISTORY_SCHEMA) throw new InputError(`--history ${directory} is a history of schema ${JSON.stringify(schema)}; this clonecheck keeps ${HISTORY_SCHEMA}`);
  mkdirSync(join(directory, 'runs'), { recursive: true });
}

/**
 * @param {string} directory an open history
 * @param {any} document a nightly document
 * @returns {string} the file written
 */
export function appendRun(directory, document) {
  const stamp = document.startedAt.replace(/[:.]/g, '-');
  const shards = document.shards.length === document.shardCount ? 'all' : `shard-${document.shards.join('+')}-of-${document.shardCount}`;
  const file = join(directory, 'runs', `${stamp}-${shards}.json`);
  writeFileSync(file, `${JSON.stringify(document)}\n`);
  return file;
}

/**
 * Every run of a history, oldest first.
 * @param {string} directory
 * @param {{skipBad: boolean, onSkip: (file: string, why: string) => void}} options
 * @throws {InputError} a bad run file, unless skipped
 */
export function readHistory(directory, { skipBad, onSkip }) {
  openHistory(directory, { create: false });
  const runs = [];
  for (const name of readdirSync(join(directory, 'runs')).filter((n) => n.endsWith('.json')).sort()) {
    const file = join(directory, 'runs', name);
    try {
      runs.push({ file, document: readNightly(file) });
    } catch (error) {
      if (!(error instanceof InputError) || !skipBad) throw error;
      onSkip(file, error.message);
    }
  }
  return runs.sort((a, b) => (a.document.startedAt < b.document.startedAt ? -1 : 1));
}
