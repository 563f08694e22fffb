#!/usr/bin/env node
// clonecheck command line: wires the commands (harness/commands/) to
// commander. Exit codes (README): 0 nothing unexpected, 1 deviations or
// differences found, 2 usage or input error (one line that says what to fix),
// 3 infrastructure error, 130 interrupted with nothing found.

import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, CommanderError, Option } from 'commander';
import { LEDGER_DIR } from './bugs/ledger.js';
import { EXIT, UsageError } from './errors.js';
import { shutdown } from './browsers/shutdown.js';
import { pinnedRuntimeNames, pinnedVersion, registryFamilies } from './runtimes.js';
import { prepareKinds } from '../src/program/kinds/index.js';
import { FAMILIES, browserFamilyNames } from '../portable/families/index.js';
import { channelNames, channelsOf } from '../portable/targets/channels/index.js';
import { DECODERS } from '../portable/decode/decoders.js';
import {
  benchSuiteOption, budgetOption, conformWorkersOption, integerFrom, harnessTimeoutOption, jobsOption, maxDifferencesOption, oracleEveryOption, releaseOption, replayOption, runsOption,
  recheckOption, roundsOption, rowMsOption, seedOption, shrinkRunsOption, specOption, stallShrinkRunsOption, stallShrinkTimeOption, suiteOption, timeOption, timeoutOption, trackerOption,
  triesOption, witnessesOption, workersOption,
} from './commands/options.js';

// The help names what the registries hold (portable/families/, portable/targets/channels/).
const BROWSERS = browserFamilyNames.join(', ');
/** The channels of the runtimes and browsers (a shell's own are its, docs/native.md). */
const CHANNELS = channelNames.filter((channel) => FAMILIES.some((family) => !family.shell && channelsOf(family.name).includes(channel)));

// A reader that stops early (`clonecheck targets | head`) is not an error.
process.stdout.on('error', (error) => {
  if (/** @type {NodeJS.ErrnoException} */ (error).code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

/** @param {(...args: any[]) => Promise<number>} command */
const run = (command) => async (...args) => {
  try {
    // This process builds programs too (judging, shrinking, repro): its CryptoKeys are made asynchronously.
    await prepareKinds();
    process.exitCode = await command(...args);
  } finally {
    // The browsers a command started end with it (harness/browsers/sessions.js).
    await shutdown();
  }
};
/** @param {string} value @param {string[] | undefined} previous */
const collect = (value, previous) => [...(previous ?? []), value];

const cli = new Command()
  .name('clonecheck')
  .description('Differential fuzzing and conformance suite for structuredClone and its fast paths')
  // Commander's own usage errors (an unknown command or option, a missing
  // argument) as one line that says where to look.
  .configureOutput({ outputError: (text, write) => write(`clonecheck: ${text.replace(/^error: /, '').trim().replace(/\s*\n\s*/g, ' ')} (see clonecheck --help)\n`) })
  .exitOverride();

cli
  .command('targets')
  .description('list the targets with their availability')
  .option('--json', 'print JSON for machines')
  .option('--runtime <name=path>', 'also list a runtime binary of yours under NAME (repeatable)', collect)
  .option('--browser <name=path>', `also list a browser build of yours under NAME (${BROWSERS} or a name of yours; repeatable)`, collect)
  .action(run(async (options) => (await import('./commands/targets.js')).targetsCommand(options)));

cli
  .command('fuzz')
  .description('run generated programs on targets and compare each with the reference; shrink and write findings')
  .option('--target <name>', 'a target (repeatable): RUNTIME[@VERSION]:CHANNEL (node, node@22, bun, deno, bun@1.3.9, …; '
    + `${BROWSERS}; ${CHANNELS.join(', ')}), ref:spec, ref:tiers, impl:PATH, polyfill:…`, collect)
  .option('--runtime <name=path>', 'a runtime binary of yours (e.g. a fresh build of bun), then --target NAME:CHANNEL (repeatable)', collect)
  .option('--browser <name=path>', `a browser build of yours (${BROWSERS}, or a name of yours), then --target NAME:CHANNEL (repeatable)`, collect)
  .addOption(seedOption('32-bit seed; the same seed and runs give the same cases and findings'))
  .addOption(runsOption('number of programs').conflicts('time'))
  .addOption(timeOption())
  .option('--out <dir>', 'where findings/<signature>/ folders go', 'clonecheck-out')
  .option('--json <file>', 'write the results as JSON (docs/results.md)')
  .option('--save-regressions', 'also store each deviation in corpus/regressions/ (npm test replays them)')
  .addOption(workersOption('threads, and agents per other runtime; the cases do not depend on it'))
  .addOption(timeoutOption('a case that makes no progress for this long is a timeout'))
  .addOption(shrinkRunsOption())
  .addOption(witnessesOption())
  .addOption(stallShrinkRunsOption())
  .addOption(stallShrinkTimeOption())
  .addOption(recheckOption())
  .option('--weights <list>', 'generator weights, e.g. almostInt32Array=10,pollution=5,bytes=0 (docs/fuzzing.md)')
  .addOption(specOption())
  .option('--engine <name>', 'fuzz QuickJS-ng natively with a coverage-guided engine: libfuzzer or afl (--target quickjs; docs/native.md)')
  .addOption(jobsOption())
  .addOption(oracleEveryOption())
  // --engine: a native campaign in QuickJS-ng (harness/native/), not generated programs.
  .action(run(async (options) => (options.engine === undefined ? (await import('./commands/fuzz.js')).fuzzCommand(options)
    : (await import('./commands/fuzz-native.js')).nativeFuzzCommand(options))));

cli
  .command('repro')
  .description('run one program (a finding folder, a program.json or a bug file of the ledger) on targets and print each verdict; '
    + "a decoder's bug of the ledger replays its decode case, PASS or FAIL per RUNTIME:DECODER target")
  .argument('<finding-or-program>', 'a finding folder written by fuzz, a program.json, or corpus/bugs/IMPLEMENTATION/SLUG.json (or its id)')
  .option('--target <name>', "a target (repeatable; default: the finding's or the bug's, else node:clone; a decoder's bug: RUNTIME:DECODER)", collect)
  .option('--runtime <name=path>', 'a runtime binary of yours, then --target NAME:CHANNEL (repeatable)', collect)
  .option('--browser <name=path>', 'a browser build of yours, then --target NAME:CHANNEL (repeatable)', collect)
  .addOption(timeoutOption('a target that makes no progress for this long is a timeout'))
  .addOption(specOption())
  .action(run(async (where, options) => (await import('./commands/repro.js')).reproCommand(where, options)));

cli
  .command('triage')
  .description('match a run\'s findings against the bug ledger by replaying programs (a decode run\'s: their cases): known bugs, new ones (proposed entries), fixed, regressed')
  .argument('[results...]', 'results files of clonecheck fuzz --json, nightly, merge, gate --json or decode --json')
  .option('--ledger <dir>', 'the bug ledger', LEDGER_DIR)
  .option('--update', 'write the ledger: new bugs added, known ones updated (where they show, last seen), a bug that no longer shows marked fixed')
  .option('--out <dir>', 'where proposed ledger entries go without --update', join('clonecheck-out', 'triage'))
  .option('--json <file>', 'write the triage as JSON')
  .option('--runtime <name=path>', 'a runtime binary of yours the results name (repeatable)', collect)
  .option('--browser <name=path>', 'a browser build of yours the results name (repeatable)', collect)
  .addOption(timeoutOption('a replay that makes no progress for this long is a timeout'))
  .addOption(specOption())
  .action(run(async (results, options) => (await import('./commands/triage.js')).triageCommand(results, options)));

cli
  .command('bugs')
  .description('list the bug ledger, one line per cause, the most severe open ones first, filtered; --check replays each open cause '
    + 'on the target it was found on and says which no longer show; --shrink shrinks their programs again there (docs/bugs.md#listing-the-ledger)')
  .option('--ledger <dir>', 'the bug ledger', LEDGER_DIR)
  .option('--engine <names>', 'only these implementations (bun, node, webkit, …; comma-separated or repeated); a question of the standard counts as each engine\'s it has programs of', collect)
  .option('--status <names>', 'only these statuses: open, fixed, intended, spec-pending (comma-separated or repeated)', collect)
  .option('--severity <words>', 'only causes whose severity is all of: crash, data, throws, error-type, script (the kind of harm); '
    + 'polluted, clean (needs a polluted prototype or not); eol, supported (only on end-of-life versions or not)', collect)
  .addOption(new Option('--upstream <known>', 'only causes whose upstream report is known, or unknown').choices(['known', 'unknown']))
  .addOption(new Option('--searched <yes>', 'only causes whose trackers were searched (searched), or not').choices(['yes', 'no']))
  .option('--text <words>', 'only causes with these words in their id, aliases, title, root, notes, pending issue or upstream url')
  .option('--json', 'print JSON for machines')
  .option('--check', 'replay each open or spec-pending cause on the target it was found on; exit 1 when one no longer shows its root')
  .addOption(new Option('--tries <n>', 'with --check, a cause that does not show among its target\'s others is replayed alone this many times, '
    + 'and gone only when none shows it (a flaky bug); with --shrink, a program is replayed alone this many times before it is left unshrunk')
    .default(3).argParser(integerFrom(1, 100, 'an integer from 1 to 100')))
  .option('--shrink', 'shrink each open or spec-pending cause\'s program again on the target it was found on, and write it back where it is '
    + 'smaller and still shows its root alone (a browser\'s programs only when --engine names it)')
  .addOption(new Option('--shrink-time <seconds>', 'with --shrink, the time each program\'s shrink may take')
    .default(60).argParser(integerFrom(1, 3600, 'an integer from 1 to 3600')))
  .addOption(new Option('--shrink-batch <n>', 'with --shrink, candidates replayed per host start')
    .default(16).argParser(integerFrom(1, 1000, 'an integer from 1 to 1000')))
  .addOption(timeoutOption('a replay that makes no progress for this long is a timeout'))
  .action(run(async (options) => (await import('./commands/bugs.js')).bugsCommand(options)));

cli
  .command('report')
  .description('the text of an upstream issue for a bug of the ledger (a program\'s or a decoder\'s), in markdown for its tracker: title, snippet, '
    + 'expected and actual, the spec step, what the other engines do today; printed, never sent (docs/report.md)')
  .argument('<bug>', "a bug's id (bun/copies-a-non-enumerable-array-index) or the end of it")
  .addOption(trackerOption())
  .option('--ledger <dir>', 'the bug ledger', LEDGER_DIR)
  .option('--out <file>', 'write it here instead of stdout')
  .option('--no-replay', 'replay it on the version the issue is about only; the other engines as the ledger last saw them')
  .option('--end-of-life', 'write it even when the bug shows only on versions past their support (Node\'s release schedule; Bun\'s and Deno\'s newest line), '
    + 'which are proposed for no report')
  .addOption(timeoutOption('a replay that makes no progress for this long is a timeout'))
  .action(run(async (bug, options) => (await import('./commands/report.js')).reportCommand(bug, options)));

cli
  .command('bisect')
  .description("find the last good and first bad release of a runtime for a bug of the ledger (a decoder's bug: its decode case), a finding's deviation, "
    + 'or any deviation of a program, installing each version probed; or, when the newer end passes, the last bad and first good: its fix (docs/bisect.md)')
  .argument('<bug-finding-or-program>', 'a bug id (bun/some-slug, or the slug alone), a finding folder written by fuzz, or a program.json')
  .addOption(new Option('--runtime <name>', "the runtime whose releases are walked (default: the bug's or finding's)").choices(registryFamilies))
  .option('--channel <name>', "the channel each version is probed on (default: the bug's or finding's, else clone; a decoder's bug: its decoder)")
  .addOption(releaseOption('--good <version>', 'a release without it: older than --bad (default: gallop back from the bad one, 1, 2, 4, … releases, to one that is good); '
    + 'with --fix, or newer than --bad, the newer end of a fix bisection (default: the pinned one)'))
  .addOption(releaseOption('--bad <version>', `a release with it (default: the pinned one, ${registryFamilies.map((family) => `${family} ${pinnedVersion(family)}`).join(', ')}); `
    + "with --fix, or older than --good, where a fix bisection starts (default: the newest version the bug's ledger entry saw it on, else gallop back from the good one)"))
  .option('--fix', 'bisect its fix: the last bad and first good release (default: when the pinned version passes, without --bad)')
  .option('--update', "with a bug's fix found, mark its ledger entry fixed in the first good release (status, fixedIn)")
  .addOption(triesOption())
  .addOption(timeoutOption('a replay that makes no progress for this long is a timeout'))
  .option('--ledger <dir>', 'the bug ledger (default: corpus/bugs); a bug\'s range is recorded in its file')
  .option('--json <file>', 'write the bisection as JSON: the range and every probe')
  .action(run(async (where, options) => (await import('./commands/bisect.js')).bisectCommand(where, options)));

cli
  .command('selfcheck')
  .description('check the reference engine against itself over generated programs: '
    + 'tiers on = tiers off, and emit builds what build builds')
  .addOption(runsOption('number of programs to check'))
  .addOption(seedOption('32-bit seed; the same seed and runs check the same cases'))
  .option('--json <file>', 'write the summary as JSON')
  .addOption(workersOption('threads to run on; the cases checked do not depend on it'))
  .addOption(maxDifferencesOption())
  .addOption(replayOption())
  .action(run(async (options) => (await import('./commands/selfcheck.js')).selfcheckCommand(options)));

cli
  .command('census')
  .description('count what the generator draws for a seed: each strategy by perturbation and pollution, and the channel modes')
  .addOption(runsOption('number of generated programs to count'))
  .addOption(seedOption('32-bit seed; the same seed and runs count the programs fuzz would generate'))
  .option('--weights <list>', 'generator weights, as for fuzz')
  .option('--json <file>', 'write the counts as JSON')
  .action(run(async (options) => (await import('./commands/census.js')).censusCommand(options)));

cli
  .command('mutate')
  .description("the fuzzer's mutation score: fuzz mutants of the reference's own tiers (each guard check dropped, "
    + "and hand-written engine bugs), and check the string tiers' mutants, until each is killed or its budget runs out (docs/mutate.md)")
  .addOption(seedOption('32-bit seed, the same for every mutant'))
  .addOption(runsOption('programs per mutant').conflicts('time'))
  .addOption(timeOption('seconds per mutant instead of a number of programs'))
  .option('--catalog <name>', "only this catalog's mutants: clone (the clone tiers) or strings (the string tiers); repeatable (default: both)", collect)
  // Its name until 2026-12-02: refused with the new one named.
  .addOption(new Option('--family <name>').hideHelp())
  .option('--mutant <id>', 'only this mutant, or all of a tier\'s (repeatable; --list shows them)', collect)
  .option('--list', 'list the mutants and exit')
  .option('--json <file>', 'write the results as JSON (docs/mutate.md)')
  .addOption(workersOption('threads; the cases do not depend on it'))
  .addOption(timeoutOption('a case that makes no progress for this long is a timeout (a kill)'))
  .action(run(async (options) => (await import('./commands/mutate.js')).mutateCommand(options)));

cli
  .command('decode')
  .description('fuzz string decoders against the Encoding Standard (docs/strings.md): the runtimes\' and browsers\' TextDecoder and Buffer, '
    + 'the reference string tiers, your decoder module; findings shrunk to the fewest bytes, named by their ledger bug; exit 1 on a new one')
  .option('--target <name>', `a target (repeatable): RUNTIME[@VERSION]:DECODER (node, node@22, bun, deno, ${BROWSERS}; `
    + `${DECODERS.map((d) => d.id).join(', ')}), ref:string-tiers, decoder:PATH`, collect)
  .option('--runtime <name=path>', 'a runtime binary of yours, then --target NAME:DECODER (repeatable)', collect)
  .option('--browser <name=path>', 'a browser build of yours, then --target NAME:DECODER (repeatable)', collect)
  .addOption(seedOption('32-bit seed; the same seed and runs give the same cases and findings'))
  .addOption(runsOption('cases per target'))
  .option('--json <file>', 'write the results as JSON: cases and findings per target')
  .option('--list', 'list the decoder targets and stop')
  .option('--replay <case>', 'run one case a finding printed (HEX, or HEX@SOURCEEND:POS+LEN for a buffer; BUFFER/BUFFER: a module\'s history first) on the targets')
  .option('--ledger <dir>', 'the bug ledger findings are named by', LEDGER_DIR)
  .addOption(timeoutOption('a case that makes no progress for this long is a hang (a finding)'))
  .action(run(async (options) => (await import('./commands/decode.js')).decodeCommand(options)));

cli
  .command('conform')
  .description('run the conformance suite (wpt/, and upstream WPT files with --wpt-dir) on the real testharness.js on targets; '
    + 'exit 1 on a result its expectations do not list (docs/conform.md)')
  .argument('[test...]', 'test files or folders to run instead of the whole wpt/ suite')
  .option('--target <name>', `a target (repeatable): ref:spec, ref:tiers, polyfill:…, impl:PATH, or a runtime: node, node@22, bun, deno, bun@1.3.9, ${BROWSERS}, …; `
    + 'ref:spec@BROWSER: the reference in a browser\'s page; all: every one of them pinned (default: ref:spec and node)', collect)
  .option('--runtime <name=path>', 'a runtime binary of yours, then --target NAME (repeatable)', collect)
  .option('--browser <name=path>', 'a browser build of yours, then --target NAME (repeatable)', collect)
  .addOption(suiteOption())
  .option('--wpt-dir <dir>', 'a checkout of web-platform-tests: its structured clone files (suite wpt) and encoding files (suite wpt-encoding) run too, each reported apart')
  .option('--expectations <dir>', 'where each target\'s expectations are (default: wpt/expectations, and wpt/expectations/PROFILE for another --spec)')
  .option('--update-expectations', "rewrite each target's expectations from this run's results (exit 0)")
  .option('--check-expectations', 'also exit 1 on each expectation entry this run shows no longer holds (a listed failure that passes or is '
    + 'not applicable, a listed subtest the file no longer has), one line each naming the file, test and target')
  .option('--json <file>', 'write the results as JSON (docs/conform.md)')
  .option('--junit <file>', 'write the results as JUnit XML (a testcase per subtest per target)')
  .addOption(harnessTimeoutOption())
  .addOption(conformWorkersOption())
  .addOption(specOption())
  .option('--generate', 'build wpt/generated/ (a test per program of corpus/seeds and corpus/regressions) unless it was built from the same '
    + 'sources, then exit (runs nothing); a run that includes it builds it too')
  .action(run(async (tests, options) => (await import('./commands/conform.js')).conformCommand(tests, options)));

cli
  .command('bench')
  .description("time the seeds' shapes, each beside its ineligible twins, on runtimes, browsers, the reference and polyfills; "
    + 'infer the fast paths and compare versions side by side (docs/bench.md)')
  .option('--target <name>', `a target (repeatable): RUNTIME[@VERSION]:CHANNEL (clone, messagechannel, worker; ${BROWSERS} too), `
    + 'ref:spec, ref:tiers, polyfill:…, impl:PATH (default: ref:spec, ref:tiers, node:clone, bun:clone, deno:clone)', collect)
  .option('--shape <id>', 'a shape of the suite to time (repeatable; default: all), e.g. ints-100, object-a, string-3m', collect)
  .addOption(benchSuiteOption())
  .option('--baseline <target>', 'compare every other target with this one, row by row (default: ref:spec with ref:tiers, '
    + 'and the first of each runtime given at several versions)')
  .addOption(rowMsOption())
  .addOption(roundsOption())
  .option('--json <file>', 'write the rows, inferences and comparisons as JSON (docs/bench.md)')
  .option('--runtime <name=path>', 'a runtime binary of yours, then --target NAME:CHANNEL (repeatable)', collect)
  .option('--browser <name=path>', `a browser build of yours (${BROWSERS}, or a name of yours), then --target NAME:CHANNEL (repeatable)`, collect)
  .action(run(async (options) => (await import('./commands/bench.js')).benchCommand(options)));

cli
  .command('gate')
  .description('the pre-merge gate: conformance against expectations, the regression corpus, and a fuzz smoke of a fixed seed and size, '
    + 'on the targets; exit 1 with what regressed and how to reproduce it (docs/gate.md)')
  .option('--target <name>', 'a target (repeatable), as for fuzz: bun:clone, bun:worker, ref:tiers, … (default: ref:tiers and node:clone)', collect)
  .option('--runtime <name=path>', 'a runtime binary of yours (the build under test), then --target NAME:CHANNEL (repeatable)', collect)
  .option('--browser <name=path>', 'a browser build of yours, then --target NAME:CHANNEL (repeatable)', collect)
  .option('--expectations <dir>', 'conformance expectations per target (default: wpt/expectations)')
  .option('--ledger <dir>', 'the bug ledger the fuzz smoke\'s findings are triaged against (default: corpus/bugs)')
  .option('--regressions <dir>', 'the regression corpus (default: corpus/regressions)')
  .option('--update-ledger', "write the fuzz smoke's new bugs into --ledger as proposed entries, and where known ones showed (exit 0)")
  .addOption(budgetOption('wall time for the whole gate; past it there is no verdict (exit 3), never a partial one', 600))
  .addOption(seedOption('the fuzz smoke\'s seed').default(1))
  .addOption(runsOption('the fuzz smoke\'s cases (the same for every run: the verdict depends on nothing else)').default(1000))
  .addOption(workersOption('threads, and agents per other runtime; the verdicts do not depend on it'))
  .addOption(timeoutOption('a case that makes no progress for this long is a timeout'))
  .option('--out <dir>', 'where the parts\' results and the findings go', 'clonecheck-out/gate')
  .option('--json <file>', 'write the gate\'s results as JSON (docs/gate.md)')
  .option('--junit <file>', 'write the gate\'s results as JUnit XML')
  .action(run(async (options) => (await import('./commands/gate.js')).gateCommand(options)));

cli
  .command('nightly')
  .description('a fuzz campaign across every available target (or those named) within a budget, and conformance; one shard with --shard i/n; '
    + 'findings told known or new; the run appended to --history (docs/gate.md)')
  .option('--target <name>', 'a target (repeatable; default: every available one, `clonecheck targets`)', collect)
  .option('--runtime <name=path>', 'a runtime binary of yours, then --target NAME:CHANNEL (repeatable)', collect)
  .option('--browser <name=path>', 'a browser build of yours, then --target NAME:CHANNEL (repeatable)', collect)
  .addOption(budgetOption('wall time, split evenly among the units (an implementation and a seed) of this shard', 1800))
  .addOption(runsOption('cases per unit instead of a share of the budget (the findings then depend on the seeds alone)').default(undefined))
  .addOption(new Option('--shrink <which>', 'all: each unit shrinks what it finds; unexplained: the units shrink nothing, and after triage '
    + 'the first deviation of each root no known bug explains is shrunk and triaged again').choices(['all', 'unexplained']).default('all'))
  .addOption(seedOption('the first seed of the campaign').default(Number(new Date().toISOString().slice(0, 10).replace(/-/g, '')), "today's date, YYYYMMDD"))
  .option('--seeds <n>', 'seeds in the campaign: seed, seed + 1, …; each implementation runs once per seed', integerFrom(1, 10_000, 'an integer from 1 to 10000'), 1)
  .option('--shard <i/n>', 'run the units whose number is i - 1 modulo n', '1/1')
  .option('--history <dir>', 'append the run to this history folder (made when missing)')
  .option('--out <dir>', "where the units' results and the findings go", 'clonecheck-out/nightly')
  .option('--json <file>', 'write the run as JSON (docs/gate.md)')
  .option('--ledger <dir>', 'the bug ledger the findings are triaged against (default: corpus/bugs)')
  .option('--latest', `also replay every ledger bug on the newest release of ${registryFamilies.slice(0, -1).join(', ')} and ${registryFamilies.at(-1)} (installed on demand): `
    + 'fixed and regressed bugs seen the night they ship')
  .option('--expectations <dir>', 'conformance expectations per target (default: wpt/expectations)')
  .option('--grow-corpus', 'save each deviation found to the regression corpus (fuzz --save-regressions)')
  .addOption(recheckOption())
  .option('--bench', 'after the campaign, also time the clone bench on the default bench targets; the run carries it (the dashboard shows it)')
  .addOption(workersOption('threads, and agents per other runtime'))
  .addOption(timeoutOption('a case that makes no progress for this long is a timeout'))
  .action(run(async (options) => (await import('./commands/nightly.js')).nightlyCommand(options)));

cli
  .command('merge')
  .description('merge the shards of one nightly campaign into one run (docs/gate.md)')
  .argument('<file...>', 'results files written by clonecheck nightly --json')
  .option('--out <file>', 'write the merged run here')
  .option('--history <dir>', 'append the merged run to this history folder')
  .option('--skip-bad', 'leave out files that are corrupt, truncated or of another schema version, and say which')
  .action(run(async (files, options) => (await import('./commands/merge.js')).mergeCommand(files, options)));

cli
  .command('dashboard')
  .description('write the dashboard of a history of nightly runs: one static page that opens offline (docs/gate.md)')
  .option('--history <dir>', 'the history folder nightly and merge append to', 'clonecheck-out/history')
  .option('--ledger <dir>', 'the bug ledger: titles, status, upstream links (default: corpus/bugs)')
  .requiredOption('--out <dir>', 'where the page (index.html) and its scripts go')
  .option('--skip-bad', 'leave out run files that are corrupt, truncated or of another schema version, and say which')
  .option('--bench <file>', 'the benchmark section from this clonecheck bench --json file (default: the last run made with nightly --bench)')
  .action(run(async (options) => (await import('./commands/dashboard.js')).dashboardCommand(options)));

cli
  .command('main', { hidden: true })
  .description('what clonecheck does without arguments: a short gate on every available target, a short fuzz campaign, the dashboard')
  .addOption(runsOption('the gate\'s fuzz smoke cases').default(300))
  // Cases, not seconds: the same seed gives the same verdict on a slow machine and a fast one (docs/gate.md). The one-minute
  // campaign it replaced reached 235 cases on each Node and 523 on each Bun target under a load average of 15, and none on the
  // browsers; 150 on each of the 60 targets took 6.5 minutes of fuzzing under a load average of 25 (2026-12-02).
  .option('--campaign-runs <n>', 'the fuzz campaign\'s cases on each target', integerFrom(1, 1_000_000, 'an integer from 1 to 1000000'), 150)
  .option('--out <dir>', 'where the gate, the history and the dashboard go', 'clonecheck-out')
  .addOption(workersOption('threads, and agents per other runtime'))
  .addOption(timeoutOption('a case that makes no progress for this long is a timeout'))
  .action(run(async (options) => (await import('./commands/main.js')).mainCommand(options)));

cli
  .command('install-runtimes')
  .description(`install runtimes into the cache ahead of use: the pinned ones (${pinnedRuntimeNames.join(', ')}), or those named`)
  .argument('[runtime...]', 'node@22, bun, bun@1.3.9, deno@2.5, …')
  .option('--native', 'also build the native harness for libFuzzer and AFL++ (plain and sanitized) and its replay and coverage builds: minutes of CPU once, then cached (setup.sh does it; docs/native.md)')
  .action(run(async (names, options) => (await import('./commands/install-runtimes.js')).installRuntimesCommand(names, options)));

// The command tree is exported for harness/docs/cli-reference.js, which
// writes docs/cli.md from it; it is parsed only when this file is the
// command (npm's bin link resolved), not when imported.
export { cli };

if (process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    // Without a command (none, or only the main job's options): the main job.
    const [first] = process.argv.slice(2);
    const main = first === undefined || (first.startsWith('-') && first !== '-h' && first !== '--help');
    await cli.parseAsync(main ? [...process.argv.slice(0, 2), 'main', ...process.argv.slice(2)] : process.argv);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`clonecheck: ${error.message}\n`);
      process.exitCode = EXIT.usage;
    } else if (error instanceof CommanderError) {
      process.exitCode = error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    } else {
      process.stderr.write(`clonecheck: ${error instanceof Error ? error.stack : error}\n`);
      process.exitCode = EXIT.infrastructure;
    }
  }
}
