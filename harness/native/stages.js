// The native harness's two stages as a campaign sets them up
// (portable/hosts/quickjs/harness.c, docs/native.md "Two stages"): the oracle's
// rate, and the file where one binary's processes share the coverage
// buckets they have seen, which ends with five counts: the inputs, those
// that went on to the oracle, the CPU time of each stage, and the inputs
// that deviated; and the folder where the harness keeps the first inputs of
// each deviation's signature instead of aborting on every deviating input.

import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Stage 2 (the whole case against the reference oracle) on 1 in N of the
 * inputs that add no coverage, unless `fuzz --oracle-every` says otherwise;
 * 1 is the one-stage harness.
 */
export const DEFAULT_ORACLE_EVERY = 32;

/**
 * The environment of one binary's processes (one map per binary: the
 * counters' layout is the binary's). The map is emptied here, when a
 * campaign starts, so that every input of its corpus that adds coverage
 * meets the oracle in this campaign.
 * @param {string} binary
 * @param {string} workDir
 * @param {number} oracleEvery 1: the oracle on every input (one stage)
 * @returns {Record<string, string>}
 */
export function twoStageEnv(binary, workDir, oracleEvery) {
  const map = stageMap(binary, workDir);
  rmSync(map, { force: true });
  return { CLONECHECK_ORACLE_EVERY: String(oracleEvery), CLONECHECK_ORACLE_MAP: map };
}

/**
 * @param {string} binary
 * @param {string} workDir
 * @returns {string} the binary's map file in a campaign's folder
 */
function stageMap(binary, workDir) {
  return join(workDir, `oracle-seen-${basename(dirname(binary))}`);
}

/**
 * The folder a campaign's harness keeps deviating inputs in
 * (CLONECHECK_KEEP_DEVIATIONS: the first 3 of each signature, harness.c),
 * emptied when the campaign starts. Every binary of the campaign shares it.
 * @param {string} workDir
 * @returns {{env: Record<string, string>, inputs: () => string[]}} the harness's environment for it, and the inputs kept so far
 */
export function keptDeviations(workDir) {
  const dir = join(workDir, 'deviations');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return { env: { CLONECHECK_KEEP_DEVIATIONS: dir }, inputs: () => readdirSync(dir).map((f) => join(dir, f)) };
}

/** The counts at the end of a map (harness.c COUNTS), native-endian uint64 each. */
const COUNTS = 5;

/**
 * @typedef {{inputs: number, oracle: number, stageOneSeconds: number, stageTwoSeconds: number, deviations: number}} StageCounts
 *   CPU seconds of stage 1 (the coverage check included) and of stage 2 (the oracle and the whole case); the inputs that deviated
 */

/**
 * What the binary's processes counted in a campaign (none in one stage: the map is not made).
 * @param {string} binary
 * @param {string} workDir
 * @returns {StageCounts | undefined}
 */
export function stageCounts(binary, workDir) {
  const map = stageMap(binary, workDir);
  if (!existsSync(map)) return undefined;
  const bytes = readFileSync(map);
  if (bytes.length < 8 * COUNTS) return undefined;
  const count = (/** @type {number} */ i) => Number(bytes.readBigUInt64LE(bytes.length - 8 * COUNTS + 8 * i));
  return { inputs: count(0), oracle: count(1), stageOneSeconds: count(2) / 1e9, stageTwoSeconds: count(3) / 1e9, deviations: count(4) };
}

/**
 * @param {StageCounts} counts
 * @returns {string} one line: the share of inputs the oracle ran on, and what each stage costs an input
 */
export function stagesLine({ inputs, oracle, stageOneSeconds, stageTwoSeconds, deviations }) {
  const ms = (/** @type {number} */ seconds, /** @type {number} */ n) => (n === 0 ? '-' : `${((1000 * seconds) / n).toFixed(2)} ms`);
  return `stage 2 (the oracle) ran on ${oracle} of the ${inputs} inputs the main binary ran (${((100 * oracle) / Math.max(inputs, 1)).toFixed(1)}%); `
    + `CPU per input: stage 1 ${ms(stageOneSeconds, inputs)}, stage 2 ${ms(stageTwoSeconds, oracle)}; ${deviations} deviated`;
}
