// The command-line options, each defined once: its default (which --help
// shows from the same value the code uses) and its range, checked by
// commander while it parses, so that a bad value is a one-line usage error
// before any command runs. fuzz, repro and selfcheck share --seed, --runs,
// --workers and --timeout from here.

import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { InvalidArgumentError, Option } from 'commander';
import { DEFAULT_SPEC_PROFILE, SPEC_PROFILES } from '../../src/html/profiles.js';
import { TRACKER_NAMES } from '../bugs/trackers.js';
import { UPSTREAM_SUITES } from '../conform/files.js';
import { DEFAULT_ROUNDS, DEFAULT_ROW_MS } from '../../portable/bench/run.js';
import { DEFAULT_ORACLE_EVERY } from '../native/stages.js';

/**
 * A parser for an integer option from `min` to `max`.
 * @param {number} min @param {number} max @param {string} what  the range in words, for the error
 * @returns {(text: string) => number}
 */
export function integerFrom(min, max, what) {
  return (text) => {
    if (!/^-?\d+$/.test(text) || Number(text) < min || Number(text) > max) throw new InvalidArgumentError(`It must be ${what}`);
    return Number(text);
  };
}

const positiveInteger = integerFrom(1, Number.MAX_SAFE_INTEGER, 'a positive integer');

/** @param {string} description */
export const seedOption = (description) => new Option('--seed <n>', description)
  // Drawn here so that help and code share it; every command prints the seed it ran with.
  .default((Math.random() * 2 ** 32) | 0, 'random, printed')
  .argParser(integerFrom(-(2 ** 31), 2 ** 31 - 1, 'a 32-bit integer'));

/** @param {string} description */
export const runsOption = (description) => new Option('--runs <n>', description).default(10_000).argParser(positiveInteger);

/** @param {string} description */
export const workersOption = (description) => new Option('--workers <n>', description)
  .default(availableParallelism(), 'one per CPU')
  .argParser(integerFrom(1, 256, 'an integer from 1 to 256'));

/** @param {string} description */
export const timeoutOption = (description) => new Option('--timeout <ms>', description)
  .default(5000)
  .argParser(integerFrom(100, 3_600_000, 'milliseconds from 100 to 3600000'));

/** fuzz and mutate --time: seconds, at most a week; it replaces --runs. */
export const timeOption = (description = 'run for this long instead of a number of programs') => new Option('--time <seconds>', description)
  .argParser(integerFrom(1, 7 * 24 * 3600, 'a number of seconds from 1 to 604800'));

/** fuzz --shrink-runs */
export const shrinkRunsOption = () => new Option('--shrink-runs <n>', 'candidate programs tried per shrink of a deviation; 0 to shrink nothing (crashes and timeouts neither)')
  .default(1000)
  .argParser(integerFrom(0, 1_000_000, 'an integer from 0 to 1000000'));

/** fuzz --witnesses */
export const witnessesOption = () => new Option('--witnesses <n>', 'other variants of each finding shrunk too, to check it is one bug (docs/fuzzing.md)')
  .default(3)
  .argParser(integerFrom(0, 1000, 'an integer from 0 to 1000'));

/** fuzz --stall-shrink-runs: each candidate costs a fresh thread or agent (shrink-stalls.js). */
export const stallShrinkRunsOption = () => new Option('--stall-shrink-runs <n>',
  'candidate programs tried per crash or timeout finding, each in a fresh thread or agent; 0 to not shrink them')
  .default(100)
  .argParser(integerFrom(0, 1_000_000, 'an integer from 0 to 1000000'));

/** fuzz --stall-shrink-time */
export const stallShrinkTimeOption = () => new Option('--stall-shrink-time <seconds>', 'time spent at most shrinking each crash or timeout finding')
  .default(60)
  .argParser(integerFrom(1, 24 * 3600, 'a number of seconds from 1 to 86400'));

/**
 * fuzz --recheck: the share of cases also replayed in a fresh thread, agent
 * or page, weighted to polluting programs and kept receiving realms
 * (harness/fuzz/recheck.js); every finding's first case is replayed too.
 */
export const recheckOption = () => new Option('--recheck <rate>',
  "share of cases (0 to 1) also replayed in a fresh agent, their verdicts compared with the run's (docs/fuzzing.md); 0: none")
  .default(0)
  .argParser((text) => {
    if (!/^(0(\.\d+)?|1(\.0*)?|\.\d+)$/.test(text)) throw new InvalidArgumentError('It must be a number from 0 to 1, e.g. 0.01');
    return Number(text);
  });

/** selfcheck --max-differences */
export const maxDifferencesOption = () => new Option('--max-differences <n>', 'stop after this many differences').default(1).argParser(positiveInteger);

/** selfcheck --replay: `seed:path` as a difference prints it. */
export const replayOption = () => new Option('--replay <seed:path>', 'replay one difference printed by an earlier run').argParser((text) => {
  if (!/^-?\d+:[\d:]*$/.test(text)) throw new InvalidArgumentError('It must be seed:path as printed with a difference');
  return text;
});

/** conform --timeout: WPT's harness timeout for a test file (10 s; `META: timeout=long` files get 6 times that). */
export const harnessTimeoutOption = () => new Option('--timeout <ms>', 'harness timeout of a test file: its unfinished tests are TIMEOUT then (META: timeout=long: 6 times as long)')
  .default(10_000)
  .argParser(integerFrom(100, 3_600_000, 'milliseconds from 100 to 3600000'));

/** conform --workers: fresh globals at once per target; by default the CPUs are shared among the targets. */
export const conformWorkersOption = () => new Option('--workers <n>', 'test files at once per target, each in a fresh global')
  .default(undefined, 'two per CPU shared among the targets, at least 1')
  .argParser(integerFrom(1, 256, 'an integer from 1 to 256'));

/** conform --suite: which suites run (repeatable). */
export const SUITES = ['clonecheck', ...Object.keys(UPSTREAM_SUITES)];
export const suiteOption = () => new Option('--suite <name>',
  "a suite to run (repeatable): clonecheck (wpt/), wpt (the upstream structured clone files under --wpt-dir), wpt-encoding (upstream's encoding/ files)")
  .argParser((value, previous) => {
    if (!SUITES.includes(value)) throw new InvalidArgumentError(`It must be one of ${SUITES.join(', ')}`);
    return [...(previous ?? []), value];
  })
  .default(undefined, 'clonecheck, and the upstream suites when --wpt-dir is given');

/** fuzz, conform and repro --spec: the standard the reference follows (src/html/profiles.js). */
export const specOption = () => new Option('--spec <profile>',
  `the standard the reference follows: ${Object.values(SPEC_PROFILES).map((p) => `${p.name} (${p.summary})`).join('; ')}`)
  .choices(Object.keys(SPEC_PROFILES))
  .default(DEFAULT_SPEC_PROFILE);

/** fuzz --jobs, with --engine: the native fuzzing engine's parallel jobs (libFuzzer -fork, AFL++ instances). */
export const jobsOption = () => new Option('--jobs <n>', 'with --engine: parallel jobs (libFuzzer -fork=N, AFL++ one main and N-1 secondaries)')
  // One per CPU: a second job doubled libFuzzer's execs/s on two cores, and gives AFL++ its sanitized secondary (docs/native.md).
  .default(availableParallelism(), 'one per CPU')
  .argParser(integerFrom(1, 256, 'an integer from 1 to 256'));

/**
 * fuzz --oracle-every, with --engine: stage 2 of the native harness (the
 * whole case against the reference oracle) on 1 in N of the inputs that
 * add no coverage (docs/native.md, "Two stages"); 1 is the one-stage harness.
 */
export const oracleEveryOption = () => new Option('--oracle-every <n>',
  'with --engine: run the reference oracle on every input that adds coverage and 1 in N of the rest (1: on every input)')
  .default(DEFAULT_ORACLE_EVERY)
  .argParser(integerFrom(1, 2 ** 32 - 1, 'an integer from 1 (the oracle on every input) to 4294967295'));

/**
 * gate and nightly --budget: wall time for the whole run, in seconds, or
 * with a unit (`90s`, `30m`, `2h`); parsed to seconds.
 * @param {string} description @param {number} seconds the default
 */
export const budgetOption = (description, seconds) => new Option('--budget <duration>', description)
  .default(seconds, `${seconds} s`)
  .argParser((text) => {
    const match = /^(\d+)(s|m|h)?$/.exec(text);
    const value = match === null ? NaN : Number(match[1]) * { s: 1, m: 60, h: 3600 }[match[2] ?? 's'];
    if (!(value >= 1 && value <= 7 * 24 * 3600)) throw new InvalidArgumentError('It must be a duration from 1 s to a week: seconds, or 90s, 30m, 2h');
    return value;
  });

/** report --for: the tracker whose form the issue follows (harness/bugs/trackers.js). */
export const trackerOption = () => new Option('--for <tracker>',
  'write it for this project\'s tracker, in its form\'s sections and words (default: the tracker of the bug\'s implementation)')
  .choices(TRACKER_NAMES);

/** bisect --good and --bad: a plain release, checked against the registry's list once the runtime is known. */
export const releaseOption = (flags, description) => new Option(flags, description).argParser((text) => {
  if (!/^\d+\.\d+\.\d+$/.test(text)) throw new InvalidArgumentError('It must be a plain release x.y.z, e.g. 1.3.9 (no canary or rc)');
  return text;
});

/** bisect --tries: a flaky bug is bad in a version when any try shows it. */
export const triesOption = () => new Option('--tries <n>', 'replays per version; it is bad when any of them shows it (for a flaky bug)')
  .default(1)
  .argParser(integerFrom(1, 1000, 'an integer from 1 to 1000'));

/** The bench suites: one module each in portable/bench/suites/, named by its file. */
export const BENCH_SUITES = readdirSync(fileURLToPath(new URL('../../portable/bench/suites/', import.meta.url)))
  .filter((file) => file.endsWith('.js')).map((file) => file.slice(0, -'.js'.length)).sort();
export const benchSuiteOption = () => new Option('--suite <id>', 'the bench suite (portable/bench/suites/)').choices(BENCH_SUITES).default('clone');
// The runner's defaults (portable/bench/run.js): docs/bench.md says how much p50 moves from run to run at them.
export const rowMsOption = () => new Option('--row-ms <ms>', 'time spent sampling each row, shared among the rounds').default(DEFAULT_ROW_MS).argParser(integerFrom(10, 60_000, 'from 10 to 60000 ms'));
export const roundsOption = () => new Option('--rounds <n>', "rounds a shape's rows alternate over (their samples pooled)").default(DEFAULT_ROUNDS).argParser(integerFrom(1, 100, 'from 1 to 100'));
