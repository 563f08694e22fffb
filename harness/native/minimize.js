// Native findings made small, as every target's findings are: the finding's
// program reduced one part at a time (portable/minimize/reduce.js) while the
// native binary, given the bytes toBytes writes for a candidate
// (src/program/to-bytes.js, the inverse of fromBytes), still fails with the
// same signature. What is kept is the smallest input and the program it
// decodes to, so input.bin and program.json stay one thing.
//
// Every candidate is a process (the harness evaluates clonecheck's bundle
// first): about 0.04 s with the build without sanitizers and 0.15 s with
// ASan + UBSan on a quiet machine, so a deviation is reduced in the fast
// build (the same code compares the same way there) and only a sanitizer's
// crash in the sanitized one.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { toBytes } from '../../src/program/to-bytes.js';
import { reduceProgram } from '../../portable/minimize/reduce.js';
import { classifyInput } from './findings.js';

/**
 * A candidate that runs longer is not the same bug (a deviation or a crash
 * shows in well under a second even under ASan): one that makes a huge
 * sparse array (QuickJS-ng bug 7) must not hold the minimization for the
 * whole replay limit.
 */
const CANDIDATE_TIMEOUT_MS = 5000;

/**
 * @param {import('./findings.js').NativeFinding} finding
 * @param {{fast: string, sanitized: string, workDir: string, runs: number, inTime: () => boolean}} how
 *   `fast` and `sanitized`: the binaries (the same one when there is one build); candidates are written under `workDir`
 * @returns {Promise<import('./findings.js').NativeFinding & {minimized: boolean, foundInput: string}>}
 *   the smallest input that fails the same way (the finding itself when none is smaller or there is nothing to reduce)
 */
export async function minimizeNativeFinding(finding, { fast, sanitized, workDir, runs, inTime }) {
  const unchanged = { ...finding, minimized: false, foundInput: finding.input };
  // A timeout costs the whole replay limit per candidate; what did not reproduce cannot be kept.
  if (runs === 0 || !inTime() || finding.program === undefined || (finding.verdict !== 'deviation' && finding.verdict !== 'crash')) return unchanged;
  const binary = finding.verdict === 'deviation' ? fast : sanitized;
  const directory = join(workDir, 'minimize', finding.signature);
  mkdirSync(directory, { recursive: true });
  let n = 0;
  /** @type {import('./findings.js').NativeFinding | undefined} the replay of the last candidate kept */
  let smallest;
  /** @param {any} candidate */
  const stillFails = async (candidate) => {
    const input = join(directory, `${n++}.bin`);
    writeFileSync(input, toBytes(candidate));
    const replayed = classifyInput(binary, input, { timeoutMs: CANDIDATE_TIMEOUT_MS });
    if (replayed.signature !== finding.signature) return false;
    // One candidate at a time (parallel 1): the last that fails is the one the reducer keeps.
    smallest = { ...replayed, count: finding.count };
    return true;
  };
  const reduction = await reduceProgram(finding.program, stillFails, { runs, inTime });
  if (smallest === undefined || reduction.removed + reduction.simplified === 0) return unchanged;
  return { ...smallest, minimized: true, foundInput: finding.input };
}
