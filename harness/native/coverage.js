// How much of QuickJS-ng's serializer a corpus reaches: the inputs (a
// campaign's corpus or queue) replayed through a build of the harness with
// clang's source-based coverage, then the lines and branches of quickjs.c's
// "binary object writer & reader" section (JS_WriteObject2, JS_ReadObject and
// everything they call there), per function and in total.
//
//   node harness/native/coverage.js [--json FILE] DIR_OR_FILE...
//
// The functions that write and read bytecode and modules are in that
// section but out of postMessage's reach: its flags never allow bytecode
// (JS_WRITE_OBJ_BYTECODE), so they are counted apart (the readers run once
// anyway, when QuickJS-ng loads its own built-in functions from bytecode at
// start-up).

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { TOOLCHAINS, buildHarness, onPath } from './build.js';
import { NativeError, quickjsSources } from './sources.js';

/** The section of quickjs.c that holds the serializer, by its banner comment. */
const SECTION_START = '/* binary object writer & reader */';

/** Reached only with JS_WRITE_OBJ_BYTECODE / JS_READ_OBJ_BYTECODE, which postMessage never passes. */
const BYTECODE_ONLY = /^JS_(Write|Read)(FunctionTag|FunctionBytecode|Module)$/;

/** Inputs replayed per process (a deviation aborts its process: that batch is replayed one by one). */
const BATCH = 64;

/** The LLVM tools that match clang 14 (Debian's llvm-14 comes with clang-14). */
const PROFDATA = ['llvm-profdata-14', 'llvm-profdata'];
const COV = ['llvm-cov-14', 'llvm-cov'];

/**
 * @param {string[]} names
 * @returns {string} the first that is on PATH
 */
function tool(names) {
  const found = names.find(onPath);
  if (found === undefined) throw new NativeError(`${names[0]} is not installed; it comes with clang: apt-get install -y clang`);
  return found;
}

/**
 * @param {string[]} paths directories and files
 * @returns {string[]} the input files
 */
function inputFiles(paths) {
  return paths.flatMap((path) => {
    if (!existsSync(path)) throw new NativeError(`${path}: no such file or directory; give a campaign's corpus or queue folder`);
    if (!statSync(path).isDirectory()) return [path];
    return readdirSync(path).map((name) => join(path, name)).filter((file) => statSync(file).isFile());
  });
}

/**
 * Runs the inputs through the coverage build, each process writing its own raw profile.
 * @param {string} binary
 * @param {string[]} files
 * @param {string} profiles the folder for the raw profiles
 * @returns {number} how many inputs aborted (deviations or crashes: their coverage is lost)
 */
function replay(binary, files, profiles) {
  let aborted = 0;
  let n = 0;
  /** @param {string[]} batch @returns {boolean} */
  const run = (batch) => spawnSync(binary, batch, {
    // Both stages on every input (harness.c: this build has no fuzzing counters to choose by), as a campaign's
    // inputs ran them: stage 1's second write of the clone is counted too.
    stdio: 'ignore', timeout: 60_000, env: { ...process.env, LLVM_PROFILE_FILE: join(profiles, `${n++}.profraw`), ASAN_OPTIONS: 'detect_leaks=0', CLONECHECK_ORACLE_ALWAYS: '1' },
  }).status === 0;
  for (let i = 0; i < files.length; i += BATCH) {
    const batch = files.slice(i, i + BATCH);
    if (run(batch)) continue;
    for (const file of batch) if (!run([file])) aborted++;
  }
  return aborted;
}

/**
 * @typedef {{name: string, line: number, lines: [number, number], branches: [number, number], bytecodeOnly: boolean}} FunctionCoverage
 *   `lines` and `branches`: [covered, total]
 */

/**
 * @param {string} binary
 * @param {string} profile the merged profile
 * @param {string} source quickjs.c
 * @returns {FunctionCoverage[]} the serializer section's functions
 */
function serializerFunctions(binary, profile, source) {
  const cov = tool(COV);
  // Line numbers from 1; the section ends at the next banner (a line of asterisks).
  const text = readFileSync(source, 'utf8').split('\n');
  const start = text.indexOf(SECTION_START) + 1;
  const end = start + text.slice(start).findIndex((line) => line.startsWith('/******'));
  if (start === 0 || end < start) throw new NativeError(`${source} has no "${SECTION_START}" section: another QuickJS-ng version?`);
  const exported = spawnSync(cov, ['export', binary, `-instr-profile=${profile}`, source], { encoding: 'utf8', maxBuffer: 1 << 30 });
  if (exported.status !== 0) throw new NativeError(`${cov} export failed: ${exported.stderr.trim()}`);
  // Where each function starts (its first region), to tell the section's functions.
  /** @type {Map<string, number>} */
  const starts = new Map();
  for (const f of JSON.parse(exported.stdout).data[0].functions) {
    if (f.filenames[0].endsWith('/quickjs.c')) starts.set(f.name, f.regions[0][0]);
  }
  // llvm-cov's own per-function lines and branches: `Name Regions Miss Cover Lines Miss Cover Branches Miss Cover`.
  const report = spawnSync(cov, ['report', '-show-functions', binary, `-instr-profile=${profile}`, source], { encoding: 'utf8', maxBuffer: 1 << 30 });
  if (report.status !== 0) throw new NativeError(`${cov} report failed: ${report.stderr.trim()}`);
  /** @type {FunctionCoverage[]} */
  const functions = [];
  for (const row of report.stdout.split('\n')) {
    const [name, , , , lines, linesMissed, , branches, branchesMissed] = row.trim().split(/\s+/);
    const line = starts.get(name);
    if (line === undefined || line <= start || line >= end) continue;
    functions.push({
      name: name.replace(/^quickjs\.c:/, ''), line,
      lines: [Number(lines) - Number(linesMissed), Number(lines)],
      branches: [Number(branches) - Number(branchesMissed), Number(branches)],
      bytecodeOnly: BYTECODE_ONLY.test(name.replace(/^quickjs\.c:/, '')),
    });
  }
  return functions.sort((a, b) => a.line - b.line);
}

/**
 * @param {string[]} paths
 * @param {{say?: (line: string) => void}} [options]
 */
export async function serializerCoverage(paths, { say = () => {} } = {}) {
  const files = inputFiles(paths);
  const sources = await quickjsSources(say);
  const built = await buildHarness(TOOLCHAINS.coverage, { say });
  const work = mkdtempSync(join(tmpdir(), 'clonecheck-coverage-'));
  try {
    const aborted = replay(built.binary, files, work);
    const profile = join(work, 'merged.profdata');
    const raws = readdirSync(work).filter((f) => f.endsWith('.profraw')).map((f) => join(work, f));
    const merged = spawnSync(tool(PROFDATA), ['merge', '-sparse', '-o', profile, ...raws], { encoding: 'utf8' });
    if (merged.status !== 0) throw new NativeError(`llvm-profdata merge failed: ${merged.stderr.trim()}`);
    const functions = serializerFunctions(built.binary, profile, join(sources, 'quickjs.c'));
    /** @param {FunctionCoverage[]} some */
    const total = (some) => ({
      functions: [some.filter((f) => f.lines[0] > 0).length, some.length],
      lines: [some.reduce((s, f) => s + f.lines[0], 0), some.reduce((s, f) => s + f.lines[1], 0)],
      branches: [some.reduce((s, f) => s + f.branches[0], 0), some.reduce((s, f) => s + f.branches[1], 0)],
    });
    return { inputs: files.length, aborted, reachable: total(functions.filter((f) => !f.bytecodeOnly)), bytecodeOnly: total(functions.filter((f) => f.bytecodeOnly)), functions };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

// The command line.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({ options: { json: { type: 'string' } }, allowPositionals: true });
  if (positionals.length === 0) {
    console.error('usage: node harness/native/coverage.js [--json FILE] DIR_OR_FILE...  (a campaign\'s corpus, e.g. clonecheck-out/native/afl/main/queue)');
    process.exit(2);
  }
  try {
    const report = await serializerCoverage(positionals, { say: (line) => console.error(line) });
    const pct = (/** @type {number[]} */ [a, b]) => `${a}/${b} (${b === 0 ? 0 : ((100 * a) / b).toFixed(1)}%)`;
    console.log(`${report.inputs} inputs (${report.aborted} aborted: their coverage is not counted)`);
    console.log(`serializer, reachable by postMessage: functions ${pct(report.reachable.functions)}, lines ${pct(report.reachable.lines)}, branches ${pct(report.reachable.branches)}`);
    console.log(`bytecode and modules only (out of postMessage's reach; the readers run at start-up): lines ${pct(report.bytecodeOnly.lines)}`);
    for (const f of report.functions) {
      if (!f.bytecodeOnly) console.log(`  ${f.name.padEnd(28)} lines ${pct(f.lines).padEnd(18)} branches ${pct(f.branches)}`);
    }
    if (values.json !== undefined) writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);
  } catch (error) {
    if (!(error instanceof NativeError)) throw error;
    console.error(error.message);
    process.exit(error.message.includes('no such file') || error.message.includes('not installed') ? 2 : 3);
  }
}
