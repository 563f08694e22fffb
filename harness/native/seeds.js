// The seeds of the native campaigns: the program corpus (corpus/seeds/, and
// the programs of corpus/regressions/) through the encoder that inverts
// fromBytes (src/program/to-bytes.js), one input file per program, so the
// engines start from the shapes clonecheck already knows to be interesting.

import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toBytes } from '../../src/program/to-bytes.js';
import { REGRESSIONS_DIR, loadRegressions } from '../findings/regressions.js';

const PROGRAM_SEEDS_DIR = fileURLToPath(new URL('../../corpus/seeds/', import.meta.url));

/**
 * Writes one `<name>.bin` per program of the corpus into `directory`; where
 * there is no corpus (an installed package has none), one empty input, as
 * the engines need a seed.
 * @param {string} directory
 * @returns {number} how many
 */
export function writeSeeds(directory) {
  mkdirSync(directory, { recursive: true });
  const files = existsSync(PROGRAM_SEEDS_DIR) ? readdirSync(PROGRAM_SEEDS_DIR).filter((f) => f.endsWith('.json')) : [];
  const programs = files.map((f) => ({ name: `seed-${basename(f, '.json')}`, program: JSON.parse(readFileSync(join(PROGRAM_SEEDS_DIR, f), 'utf8')) }));
  for (const { regression } of loadRegressions(REGRESSIONS_DIR)) programs.push({ name: `regression-${regression.signature}`, program: regression.program });
  for (const { name, program } of programs) writeFileSync(join(directory, `${name}.bin`), toBytes(program));
  if (programs.length === 0) writeFileSync(join(directory, 'empty.bin'), new Uint8Array(1));
  return Math.max(programs.length, 1);
}
