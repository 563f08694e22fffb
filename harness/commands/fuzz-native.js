// `clonecheck fuzz --engine libfuzzer|afl --target quickjs [--time S] [--jobs N] [--oracle-every N]`:
// a native campaign (harness/native/campaign.js) on QuickJS-ng's serializer,
// with a progress line (execs/s, coverage, crashing inputs) and one finding
// folder per bug. Exit 0 nothing found, 1 findings, 2 usage (an unknown
// engine or target, a missing toolchain), 3 the campaign could not run,
// 130 interrupted (Ctrl-C stops the engine; what it found is still
// classified, minimized unless pressed again, and written).

import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { ENGINES, runNativeCampaign } from '../native/campaign.js';
import { checkToolchain, TOOLCHAINS } from '../native/build.js';
import { NATIVE_TARGET } from '../../portable/bugs/native-signature.js';
import { NativeError } from '../native/sources.js';
import { readLedger } from '../bugs/ledger.js';
import { EXIT, UsageError } from '../errors.js';
import { count } from '../count.js';
import { interrupts, progressDisplay } from './common.js';

/** The names --target takes with --engine: the serializer is what the harness fuzzes. */
const NATIVE_TARGET_NAMES = ['quickjs', NATIVE_TARGET];

/** A native campaign's length when --time is not given. */
const DEFAULT_SECONDS = 60;

/**
 * @param {{engine: string, target?: string[], time?: number, jobs?: number, oracleEvery?: number, out: string, shrinkRuns?: number}} raw
 */
export async function nativeFuzzCommand(raw) {
  const { engine } = raw;
  if (!ENGINES.includes(engine)) throw new UsageError(`unknown --engine ${engine}; use ${ENGINES.join(' or ')}`);
  const targets = raw.target ?? ['quickjs'];
  const other = targets.find((t) => !NATIVE_TARGET_NAMES.includes(t));
  if (other !== undefined || targets.length === 0) {
    throw new UsageError(`--engine ${engine} fuzzes QuickJS-ng's serializer natively: use --target quickjs, not ${other}`);
  }
  try {
    checkToolchain(TOOLCHAINS[engine]);
  } catch (error) {
    if (error instanceof NativeError) throw new UsageError(error.message);
    throw error;
  }
  const seconds = raw.time ?? DEFAULT_SECONDS;
  const jobs = raw.jobs ?? availableParallelism();
  const outDir = resolve(raw.out);
  const say = (/** @type {string} */ line) => process.stderr.write(`clonecheck: ${line}\n`);
  const progress = progressDisplay({
    total: seconds,
    format: `${engine} quickjs [{bar}] {value}/{total} s | {execs} execs, {rate}/s | coverage {coverage} | failed inputs {failed}`,
  });
  const stop = new AbortController();
  const stopMinimizing = new AbortController();
  const ctrlC = interrupts([
    'stopping the engine; classifying and minimizing what it found (Ctrl-C again to skip minimizing)',
    'skipping the minimizing; writing what was found (Ctrl-C again to quit at once)',
  ], (press) => (press === 1 ? stop : stopMinimizing).abort());
  let result;
  try {
    result = await runNativeCampaign({
      engine, seconds, jobs, outDir, say, shrinkRuns: raw.shrinkRuns, oracleEvery: raw.oracleEvery,
      stop: stop.signal, stopMinimizing: stopMinimizing.signal,
      onProgress: (p) => progress.update(Math.min(seconds, Math.round(p.elapsed)), {
        execs: count.format(p.execs), rate: count.format(Math.round(p.execsPerSecond)), coverage: p.coverage, failed: p.failed,
      }),
    });
  } catch (error) {
    progress.stop();
    if (!(error instanceof NativeError)) throw error;
    process.stderr.write(`clonecheck: ${error.message}\n`);
    return EXIT.infrastructure;
  } finally {
    ctrlC.dispose();
  }
  progress.stop();
  console.log(`${engine} on ${NATIVE_TARGET}: ${count.format(result.execs)} execs in ${result.seconds.toFixed(0)} s `
    + `(${count.format(Math.round(result.execsPerSecond))}/s), coverage ${result.coverage}, `
    + `${result.failedInputs} failed inputs (each crash, and the first 3 inputs of each deviation's signature)${stop.signal.aborted ? ', interrupted' : ''}`);
  const ledgerNames = ledgerSignatures(readLedger());
  for (const finding of result.findings) {
    console.log(`  ${finding.verdict} ${finding.signature} (${finding.count} input${finding.count === 1 ? '' : 's'}${finding.minimized ? ', minimized' : ''}): ${finding.summary}`);
    const bugs = ledgerNames.get(finding.signature);
    if (bugs !== undefined) console.log(`    a signature of ${bugs.join(' or ')} (corpus/bugs)`);
    console.log(`    ${finding.folder}`);
  }
  const named = result.findings.filter((f) => ledgerNames.has(f.signature));
  if (result.findings.length > 0) {
    const bugs = new Set(named.flatMap((f) => ledgerNames.get(f.signature) ?? []));
    console.log(`${named.length} of the ${result.findings.length} findings have a signature the bug ledger records (${bugs.size} bug${bugs.size === 1 ? '' : 's'}); `
      + `${result.findings.length - named.length} no ledger entry names: read those (docs/native.md#findings)`);
  }
  if (stop.signal.aborted) return EXIT.interrupted;
  return result.findings.length > 0 ? EXIT.findings : EXIT.ok;
}

/**
 * Which ledger bugs each signature was seen as: a native finding's
 * signature is the one the ledger records when a person classified an
 * earlier finding of that signature (history: one signature can be two bugs).
 * @param {import('../bugs/ledger.js').Bug[]} bugs
 * @returns {Map<string, string[]>} signature -> bug ids
 */
function ledgerSignatures(bugs) {
  /** @type {Map<string, string[]>} */
  const names = new Map();
  for (const bug of bugs) for (const signature of bug.signatures) names.set(signature, [...(names.get(signature) ?? []), bug.id]);
  return names;
}
