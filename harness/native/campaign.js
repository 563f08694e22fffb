// A native campaign: the harness (build.js) under libFuzzer or AFL++ for a
// while, its progress read from the engine (libFuzzer's status lines,
// AFL++'s fuzzer_stats), and every crashing input it kept classified and
// written out as a finding folder (findings.js).
//
// Corpora: corpus/native/ holds the seeds (the program corpus through the
// encoder, encode.js; `clonecheck` writes them when the folder is empty),
// read only; what an engine adds goes to OUT/native/<engine>/.

import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TOOLCHAINS, buildHarness } from './build.js';
import { classifyInput, classifyInputs, writeNativeFinding } from './findings.js';
import { minimizeNativeFinding } from './minimize.js';
import { NativeError } from './sources.js';
import { writeSeeds } from './seeds.js';
import { DEFAULT_ORACLE_EVERY, keptDeviations, stageCounts, stagesLine, twoStageEnv } from './stages.js';

export const ENGINES = ['libfuzzer', 'afl'];
export const SEEDS_DIR = fileURLToPath(new URL('../../corpus/native/', import.meta.url));

/** The harness's own limits: a per-input timeout, memory, input size (fromBytes reads ~1 KB at most). */
const INPUT_TIMEOUT_S = 10;
const MAX_LEN = 4096;

/** detect_leaks off: the one JSRuntime lives across inputs, so what it holds is not a leak of one. */
const SANITIZER_ENV = {
  ASAN_OPTIONS: 'detect_leaks=0:abort_on_error=1:symbolize=0:allocator_may_return_null=1',
  UBSAN_OPTIONS: 'halt_on_error=1:abort_on_error=1:print_stacktrace=1',
};

/**
 * @typedef {{elapsed: number, execs: number, execsPerSecond: number, coverage: string, failed: number}} Progress
 *   `failed`: the inputs that crashed or deviated so far (the deviating ones the harness kept)
 * @typedef {{engine: string, binary: string, build: {seconds: number, engineCompiled: boolean}, seconds: number,
 *   execs: number, execsPerSecond: number, coverage: string, failedInputs: number, stages?: import('./stages.js').StageCounts,
 *   findings: Array<import('./findings.js').NativeFinding & {folder: string}>}} CampaignResult
 */

/**
 * The time all findings of a campaign may take to minimize, after it: a
 * fifth of the campaign's, between 10 s and 2 minutes.
 * @param {number} seconds the campaign's
 */
function minimizeSeconds(seconds) {
  return Math.round(Math.min(120, Math.max(10, seconds / 5)));
}

/**
 * @param {{engine: string, seconds: number, jobs: number, outDir: string, seedsDir?: string, shrinkRuns?: number, oracleEvery?: number,
 *   say?: (line: string) => void, onProgress?: (progress: Progress) => void, stop?: AbortSignal, stopMinimizing?: AbortSignal}} options
 *   `shrinkRuns`: candidates tried per finding when minimizing it (0: none); `oracleEvery`: the harness's stage 2
 *   on 1 in N of the inputs that add no coverage (1: every input, the one-stage harness); `stop`: ends the
 *   fuzzing early, what it found is still classified, minimized and written; `stopMinimizing`: ends the minimizing
 * @returns {Promise<CampaignResult>}
 */
export async function runNativeCampaign({
  engine, seconds, jobs, outDir, seedsDir = SEEDS_DIR, shrinkRuns = 1000, oracleEvery = DEFAULT_ORACLE_EVERY, say = () => {}, onProgress = () => {},
  stop, stopMinimizing,
}) {
  const built = await buildHarness(TOOLCHAINS[engine], { say });
  say(`harness: ${built.binary} (${built.engineCompiled ? 'engine compiled' : 'engine from the cache'}, ${built.seconds.toFixed(1)} s)`);
  // AFL++'s secondaries run the sanitized build (build.js); with one job there are none.
  const sanitized = engine === 'afl' && jobs > 1 ? await buildHarness(TOOLCHAINS['afl-sanitized'], { say }) : undefined;
  if (sanitized !== undefined) say(`secondaries: ${sanitized.binary} (ASan + UBSan)`);
  else if (engine === 'afl') say('one job: no sanitized secondary; give --jobs 2 or more to run what the main instance finds under ASan + UBSan');
  if (!existsSync(seedsDir) || readdirSync(seedsDir).length === 0) {
    const written = writeSeeds(seedsDir);
    say(`seeds: ${written} inputs encoded from the program corpus into ${seedsDir}`);
  }
  const workDir = join(outDir, 'native', engine);
  mkdirSync(workDir, { recursive: true });
  say(oracleEvery === 1 ? 'one stage: the oracle runs on every input'
    : `two stages: the oracle runs on every input that adds coverage and 1 in ${oracleEvery} of the rest`);
  // The minimizer's fast build, bundled now: a Ctrl-C reaches the whole process group, esbuild's
  // service too, and what the engine found must still be minimized and written after it.
  const fastBuild = shrinkRuns > 0 ? buildHarness(TOOLCHAINS.replay, { say }) : undefined;
  fastBuild?.catch(() => {});  // awaited only when a deviation needs it
  const run = engine === 'afl' ? runAfl : runLibFuzzer;
  const sanitizedBinary = sanitized?.binary ?? built.binary;
  // A deviating input does not crash in a campaign: the harness keeps the first 3 of each signature.
  const kept = keptDeviations(workDir);
  const stats = await run({
    binary: built.binary, sanitizedBinary, seconds, jobs, workDir, seedsDir,
    onProgress: (progress) => onProgress({ ...progress, failed: progress.failed + kept.inputs().length }),
    stageEnv: (binary) => ({ ...twoStageEnv(binary, workDir, oracleEvery), ...kept.env }),
    inputsCounted: () => [...new Set([built.binary, sanitizedBinary])].reduce((sum, binary) => sum + (stageCounts(binary, workDir)?.inputs ?? 0), 0),
    stop,
  });
  const stages = stageCounts(built.binary, workDir);
  if (stages !== undefined && stages.inputs > 0) say(stagesLine(stages));
  // Replayed where sanitizers can speak, when there is such a build: a deviation the main instance found aborts there too.
  const replay = sanitized === undefined ? { binary: built.binary, build: TOOLCHAINS[engine] } : { binary: sanitized.binary, build: TOOLCHAINS['afl-sanitized'] };
  const failedInputs = [...kept.inputs(), ...stats.crashingInputs];
  const classified = classifyInputs(replay.binary, failedInputs);
  const findings = [];
  const minimizing = minimizeSeconds(seconds);
  const fast = classified.some((f) => f.verdict === 'deviation') && fastBuild !== undefined ? (await fastBuild).binary : replay.binary;
  if (shrinkRuns > 0 && classified.length > 0) say(`minimizing ${classified.length} finding${classified.length === 1 ? '' : 's'} (at most ${minimizing} s in all)`);
  const deadline = performance.now() + minimizing * 1000;
  for (const finding of classified) {
    const small = await minimizeNativeFinding(finding, {
      fast, sanitized: replay.binary, workDir, runs: shrinkRuns, inTime: () => performance.now() < deadline && !stopMinimizing?.aborted,
    });
    // The report comes from the replay build, as an unminimized finding's does.
    const final = small.minimized ? { ...classifyInput(replay.binary, small.input), count: small.count, minimized: true, foundInput: small.foundInput } : small;
    findings.push({ ...final, folder: writeNativeFinding(outDir, final, { engine, ...replay }) });
  }
  return {
    engine, binary: built.binary, build: { seconds: built.seconds, engineCompiled: built.engineCompiled }, seconds: stats.elapsed,
    execs: stats.execs, execsPerSecond: stats.execs / Math.max(stats.elapsed, 1e-9), coverage: stats.coverage,
    failedInputs: failedInputs.length, stages, findings,
  };
}

/**
 * @typedef {{binary: string, sanitizedBinary: string, seconds: number, jobs: number, workDir: string, seedsDir: string,
 *   onProgress: (progress: Progress) => void, stageEnv: (binary: string) => Record<string, string>, inputsCounted: () => number,
 *   stop?: AbortSignal}} EngineRun
 *   `sanitizedBinary`: AFL++'s secondaries' (the main binary when there is no other); `stageEnv`: twoStageEnv for a binary;
 *   `inputsCounted`: the inputs the harness's processes have counted so far in their maps (0 in one stage);
 *   `stop`: ends the engine early (crashing and deviating inputs are files as soon as they are found)
 * @typedef {{elapsed: number, execs: number, coverage: string, crashingInputs: string[]}} EngineStats
 */

/**
 * Waits for a child, resolving with its exit code.
 * @param {import('node:child_process').ChildProcess} child
 * @param {string} name
 */
function exited(child, name) {
  return new Promise((resolvePromise, reject) => {
    // An AbortError is the campaign's stop signal at work (the child was sent SIGINT): its exit follows.
    child.on('error', (error) => { if (error.name !== 'AbortError') reject(new NativeError(`cannot run ${name}: ${error.message}`)); });
    child.on('exit', (code, signal) => resolvePromise(code ?? signal));
  });
}

/** Memory-backed, where the machine has it (Linux's /dev/shm). */
const MEMORY_FOLDER = '/dev/shm';

/**
 * A folder of our own for libFuzzer's fork mode (TMPDIR): each job writes
 * every input it adds and its features there as files and the job's folder
 * is deleted after it, thousands of files a minute; on the disk (ext4 here)
 * creating them was 5% of a campaign's CPU (perf, 2026-12-05), so they go
 * to memory when the machine has some. Undefined: libFuzzer's default.
 * @returns {string | undefined}
 */
function forkTempFolder() {
  try {
    accessSync(MEMORY_FOLDER, constants.W_OK);
    return mkdtempSync(join(MEMORY_FOLDER, 'clonecheck-libfuzzer-'));
  } catch {
    return undefined;
  }
}

/**
 * libFuzzer in fork mode (-fork=N): N jobs at once, and the campaign goes
 * on past a crash (-ignore_crashes), each crashing input kept in crashes/.
 * @param {EngineRun} run
 * @returns {Promise<EngineStats>}
 */
async function runLibFuzzer({ binary, seconds, jobs, workDir, seedsDir, onProgress, stageEnv, stop }) {
  const corpus = join(workDir, 'corpus');
  const crashes = join(workDir, 'crashes');
  mkdirSync(corpus, { recursive: true });
  mkdirSync(crashes, { recursive: true });
  const temp = forkTempFolder();
  const started = performance.now();
  const child = spawn(binary, [
    corpus, seedsDir, `-max_total_time=${seconds}`, `-fork=${jobs}`, '-ignore_crashes=1', '-ignore_timeouts=1', '-ignore_ooms=1',
    `-timeout=${INPUT_TIMEOUT_S}`, `-max_len=${MAX_LEN}`, `-artifact_prefix=${crashes}/`,
    // libFuzzer's own leak check after every input that allocated more than it freed (most, with a
    // heap that lives across inputs) cost 1.6x the CPU even with LeakSanitizer off in ASAN_OPTIONS
    // (1,223 inputs: 24.5 s against 15.6 s); what the runtime holds is not a leak of one input.
    '-detect_leaks=0',
  ], {
    cwd: workDir, stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ...SANITIZER_ENV, ...stageEnv(binary), ...(temp === undefined ? {} : { TMPDIR: temp }) },
    // Its own process group: fork mode's jobs are the driver's children, and a stop must reach them too.
    detached: true,
  });
  const endGroup = (/** @type {NodeJS.Signals} */ signal) => {
    try {
      process.kill(-(/** @type {number} */ (child.pid)), signal);
    } catch {
      // The group has ended already.
    }
  };
  // SIGTERM, not SIGINT: the driver runs each job through system(), which ignores SIGINT while the
  // job runs, and after the job it starts the next one (a campaign ran to its end, 2026-12-05).
  const interrupt = () => endGroup('SIGTERM');
  const killOnExit = () => endGroup('SIGKILL');
  stop?.addEventListener('abort', interrupt, { once: true });
  process.once('exit', killOnExit);
  let log = '';
  let last = { execs: 0, coverage: '0' };
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text) => {
    log = (log + text).slice(-200_000);
    // Fork mode's status: `#12345: cov: 2582 ft: 8603 corp: 324 exec/s 105 oom/timeout/crash: 0/0/28 time: 57s ...`
    for (const m of text.matchAll(/^#(\d+): cov: (\d+) ft: (\d+) corp: (\d+) exec\/s:? \d+ oom\/timeout\/crash: \d+\/\d+\/(\d+)/gm)) {
      last = { execs: Number(m[1]), coverage: `${m[2]} edges, ${m[3]} features` };
      const elapsed = (performance.now() - started) / 1000;
      onProgress({ elapsed, execs: last.execs, execsPerSecond: last.execs / elapsed, coverage: last.coverage, failed: Number(m[5]) });
    }
  });
  try {
    await exited(child, binary);
  } finally {
    stop?.removeEventListener('abort', interrupt);
    process.off('exit', killOnExit);
    if (temp !== undefined) rmSync(temp, { recursive: true, force: true });
  }
  writeFileSync(join(workDir, 'libfuzzer.log'), log);
  const elapsed = (performance.now() - started) / 1000;
  return { elapsed, execs: last.execs, coverage: last.coverage, crashingInputs: readdirSync(crashes).map((f) => join(crashes, f)) };
}

/**
 * @param {string} file AFL++'s fuzzer_stats
 * @returns {Record<string, string>}
 */
function readAflStats(file) {
  if (!existsSync(file)) return {};
  return Object.fromEntries(readFileSync(file, 'utf8').split('\n').filter((l) => l.includes(':')).map((l) => {
    const colon = l.indexOf(':');
    return [l.slice(0, colon).trim(), l.slice(colon + 1).trim()];
  }));
}

/**
 * The CPUs this process may run on (Linux's Cpus_allowed_list), else every CPU.
 * @returns {number[]}
 */
function allowedCpus() {
  const list = /^Cpus_allowed_list:\s*(\S+)$/m.exec(existsSync('/proc/self/status') ? readFileSync('/proc/self/status', 'utf8') : '')?.[1];
  if (list === undefined) return cpus().map((_, i) => i);
  return list.split(',').flatMap((range) => {
    const [first, last = first] = range.split('-').map(Number);
    return Array.from({ length: last - first + 1 }, (_, i) => first + i);
  });
}

/**
 * AFL++: one main instance (the fast build) and jobs-1 secondaries (the
 * sanitized build) over the same output folder, each stopping after
 * `seconds` (-V), its status read from fuzzer_stats every second.
 *
 * Each instance runs on one CPU of its own (the jobs taken round the
 * allowed CPUs), with its target: in persistent mode the target stops
 * after every input and afl-fuzz wakes it for the next, so where the two
 * ran on different CPUs each input cost two wake-ups across CPUs (in this
 * VM, an idle CPU woken each time). One instance, a minute each, one after
 * the other on the 2-core machine: 4,195 execs/s free, 6,333 on one CPU
 * (2026-12-05). The CPU is set with taskset, not AFL++'s own binding,
 * which refuses a CPU another pinned process uses (two campaigns at once).
 * @param {EngineRun} run
 * @returns {Promise<EngineStats>}
 */
async function runAfl({ binary, sanitizedBinary, seconds, jobs, workDir, seedsDir, onProgress, stageEnv, inputsCounted, stop }) {
  const names = Array.from({ length: jobs }, (_, i) => (i === 0 ? 'main' : `secondary${i}`));
  const env = {
    ...process.env, ...SANITIZER_ENV,
    AFL_SKIP_CPUFREQ: '1', AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES: '1', AFL_NO_UI: '1', AFL_NO_AFFINITY: '1',
    // A seed that deviates (a known QuickJS-ng bug) must not stop the start; seeds
    // cost tens of milliseconds each under ASan: calibrate each three times, not eight.
    AFL_SKIP_CRASHES: '1', AFL_FAST_CAL: '1',
  };
  const envs = { [binary]: { ...env, ...stageEnv(binary) }, [sanitizedBinary]: { ...env, ...stageEnv(sanitizedBinary) } };
  const started = performance.now();
  const onCpus = allowedCpus();
  const children = names.map((name, i) => {
    const target = i === 0 ? binary : sanitizedBinary;
    return spawn('taskset', ['--cpu-list', String(onCpus[i % onCpus.length]), 'afl-fuzz',
      '-i', seedsDir, '-o', workDir, i === 0 ? '-M' : '-S', name, '-V', String(seconds), '-t', String(INPUT_TIMEOUT_S * 1000), '-m', 'none', '--', target,
    ], { cwd: workDir, stdio: ['ignore', 'ignore', 'pipe'], env: envs[target], signal: stop, killSignal: 'SIGINT' });
  });
  // Quitting at once (a third Ctrl-C) leaves no instance running.
  const killOnExit = () => children.forEach((child) => child.kill('SIGKILL'));
  process.once('exit', killOnExit);
  const logs = children.map(() => '');
  children.forEach((child, i) => child.stderr.on('data', (text) => { logs[i] = (logs[i] + text).slice(-100_000); }));
  /** @param {string} name @param {string} folder @returns {string[]} the inputs AFL++ keeps in an instance's folder */
  const kept = (name, folder) => {
    const dir = join(workDir, name, folder);
    return existsSync(dir) ? readdirSync(dir).filter((f) => f.startsWith('id:')).map((f) => join(dir, f)) : [];
  };
  // AFL++ rewrites fuzzer_stats about once a minute (a 70 s campaign, 2026-12-04: 905 execs from
  // 1 s to 59 s): the live counts are the harness's inputs and the files in the instances' folders.
  const totals = () => {
    let execs = 0;
    let coverage = '';
    for (const name of names) {
      const stats = readAflStats(join(workDir, name, 'fuzzer_stats'));
      execs += Number(stats.execs_done ?? 0);
      if (name === 'main' && stats.bitmap_cvg !== undefined) coverage = `${stats.bitmap_cvg} of the map, ${kept(name, 'queue').length} inputs`;
    }
    return { execs: Math.max(execs, inputsCounted()), coverage, crashingInputs: names.flatMap((name) => kept(name, 'crashes')) };
  };
  const ticker = setInterval(() => {
    const elapsed = (performance.now() - started) / 1000;
    const { execs, coverage, crashingInputs } = totals();
    onProgress({ elapsed, execs, execsPerSecond: execs / elapsed, coverage, failed: crashingInputs.length });
  }, 1000);
  const codes = await Promise.all(children.map((child) => exited(child, 'afl-fuzz')));
  clearInterval(ticker);
  process.off('exit', killOnExit);
  logs.forEach((log, i) => writeFileSync(join(workDir, `afl-${names[i]}.log`), log));
  const failed = codes.findIndex((code) => code !== 0);
  if (failed >= 0 && !existsSync(join(workDir, names[failed], 'fuzzer_stats'))) {
    const why = logs[failed].split('\n').filter((l) => /PROGRAM ABORT|Location|ERROR/.test(l)).join(' ').replace(/\x1b\[[0-9;]*m/g, '').trim();
    throw new NativeError(`afl-fuzz ${names[failed]} stopped before fuzzing (exit ${codes[failed]}): ${why || logs[failed].slice(-500)}`);
  }
  const elapsed = (performance.now() - started) / 1000;
  return { elapsed, ...totals() };
}
