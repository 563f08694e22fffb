// corpus/regressions/: one file per finding saved with
// `clonecheck fuzz --save-regressions` — the program, the target, the
// expected observation (the reference's), what the target did, and where it
// was found. `npm test` replays every one (test/regressions.test.js):
//  - the reference must still observe the program exactly as stored (tiers on
//    and off), so the oracle cannot drift;
//  - a finding on the reference (`ref:*`) must pass now: it was a bug of ours;
//  - a finding on another target must still show the same bug (its name,
//    `bugSignature`: the same root difference and program): a change (fixed,
//    or broken differently) fails, like WPT expectations, until the file is
//    updated or deleted. Files are named by the bug.

import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const REGRESSIONS_DIR = fileURLToPath(new URL('../../corpus/regressions/', import.meta.url));
export const REGRESSION_SCHEMA = 'clonecheck/regression@1';

/**
 * @param {import('../fuzz/tally.js').Finding} finding a deviation (timeouts and crashes have no expected observation)
 * @param {{seed: number, runtime?: import('../runtimes.js').Runtime}} run  `runtime`: the target's, for RUNTIME:CHANNEL targets
 * @param {string} [directory]
 * @returns {string | null} the file written
 */
export function saveRegression(finding, run, directory = REGRESSIONS_DIR) {
  if (finding.verdict !== 'deviation') return null;
  mkdirSync(directory, { recursive: true });
  const file = join(directory, `${finding.signature}.json`);
  writeFileSync(file, `${JSON.stringify({
    schema: REGRESSION_SCHEMA,
    signature: finding.signature,
    target: finding.target,
    program: finding.program,
    expected: finding.expected,
    actual: finding.actual,
    provenance: {
      foundBy: `clonecheck fuzz --target ${finding.target} --seed ${run.seed}`,
      case: finding.case,
      minimized: finding.minimized,
      node: process.version,
      ...(run.runtime === undefined ? {} : { runtime: `${run.runtime.family} ${run.runtime.version}` }),
      date: new Date().toISOString().slice(0, 10),
    },
  }, null, 2)}\n`);
  return file;
}

/**
 * @param {string} [directory]
 * @returns {{file: string, regression: any}[]}
 */
export function loadRegressions(directory = REGRESSIONS_DIR) {
  let names;
  try {
    names = readdirSync(directory).filter((n) => n.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return names.map((name) => ({ file: join(directory, name), regression: JSON.parse(readFileSync(join(directory, name), 'utf8')) }));
}
