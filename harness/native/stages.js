// The native harness's two stages as a campaign sets them up
// (fuzzers/native/harness.c, docs/native.md "Two stages"): the oracle's
// rate, and the file where one binary's processes share the coverage
// buckets they have seen, which ends with two counts: the inputs, and
// those that went on to the oracle.

import { existsSync, readFileSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

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
 * What the binary's processes counted in a campaign (none in one stage: the map is not made).
 * @param {string} binary
 * @param {string} workDir
 * @returns {{inputs: number, oracle: number} | undefined}
 */
export function stageCounts(binary, workDir) {
  const map = stageMap(binary, workDir);
  if (!existsSync(map)) return undefined;
  const bytes = readFileSync(map);
  if (bytes.length < 16) return undefined;
  return { inputs: Number(bytes.readBigUInt64LE(bytes.length - 16)), oracle: Number(bytes.readBigUInt64LE(bytes.length - 8)) };
}
