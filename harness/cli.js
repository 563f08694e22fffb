#!/usr/bin/env node
// clonecheck command line. Exit codes (docs in README.md): 0 nothing found,
// 1 differences, 2 usage error, 3 infrastructure error, 130 interrupted
// (Ctrl-C) with nothing found.

import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Command, CommanderError } from 'commander';

const EXIT = { ok: 0, differences: 1, usage: 2, infrastructure: 3, interrupted: 130 };

class UsageError extends Error {}

/** @param {string} flag @param {string | undefined} text @param {{min: number, max: number, what: string}} range */
function parseInteger(flag, text, { min, max, what }) {
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text) || Number(text) < min || Number(text) > max) throw new UsageError(`${flag} must be ${what}`);
  return Number(text);
}

const count = new Intl.NumberFormat('en-US');

/** One line that updates in place on a terminal; occasional plain lines otherwise. */
function progressReporter(stream) {
  let lastPlain = 0;
  return {
    update({ cases, runs, differences, elapsedMs }) {
      const rate = elapsedMs > 0 ? (cases * 1000) / elapsedMs : 0;
      const eta = rate > 0 ? Math.round((runs - cases) / rate) : 0;
      const line = `selfcheck ${count.format(cases)}/${count.format(runs)} cases  ${count.format(Math.round(rate))} cases/s  `
        + `${differences} difference${differences === 1 ? '' : 's'}  ETA ${eta}s`;
      if (stream.isTTY) stream.write(`\r\x1b[2K${line}`);
      else if (elapsedMs - lastPlain >= 30_000) {
        lastPlain = elapsedMs;
        stream.write(`${line}\n`);
      }
    },
    done() {
      if (stream.isTTY) stream.write('\r\x1b[2K');
    },
  };
}

/**
 * @param {any} difference one entry of the summary's `differences`
 * @param {number} [runSeed] the seed of the run it came from
 */
function printDifference(difference, runSeed) {
  const out = [];
  const where = runSeed === undefined ? '' : `case ${difference.case} of the run with --seed ${runSeed}; `;
  out.push(`DIFFERENCE (${where}replay it with: clonecheck selfcheck --replay ${difference.replay})`);
  out.push('program (shrunk):');
  out.push(JSON.stringify(difference.program, null, 2));
  if (difference.error) out.push(`the program made the harness throw:\n${difference.error}`);
  for (const finding of difference.findings ?? []) {
    out.push(`property: ${finding.property}`);
    if (finding.differences.length === 0) {
      out.push(`  expected ${JSON.stringify(finding.expected)}`);
      out.push(`  actual   ${JSON.stringify(finding.actual)}`);
    }
    for (const d of finding.differences) {
      out.push(`  ${d.path}  ${d.category}: expected ${JSON.stringify(d.expected)}, actual ${JSON.stringify(d.actual)}`);
    }
  }
  process.stdout.write(`${out.join('\n')}\n`);
}

/** @param {Record<string, Record<string, number>>} guardCoverage */
function printCoverage(guardCoverage) {
  const lines = ['guard coverage (accepted; rejections by reason):'];
  for (const [tier, counts] of Object.entries(guardCoverage)) {
    const { accept = 0, ...reasons } = counts;
    const rejections = Object.entries(reasons).map(([reason, n]) => `${reason} ${count.format(n)}`).join(', ');
    lines.push(`  ${tier}: ${tier === 'spec' ? '' : `accepted ${count.format(accept)}; `}${rejections}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** @param {Record<string, string | undefined>} raw */
async function selfcheckCommand(raw) {
  const runs = parseInteger('--runs', raw.runs, { min: 1, max: Number.MAX_SAFE_INTEGER, what: 'a positive integer' }) ?? 10_000;
  const seed = parseInteger('--seed', raw.seed, { min: -(2 ** 31), max: 2 ** 31 - 1, what: 'a 32-bit integer' })
    ?? ((Math.random() * 2 ** 32) | 0);
  const workers = parseInteger('--workers', raw.workers, { min: 1, max: 256, what: 'an integer from 1 to 256' }) ?? availableParallelism();
  const maxDifferences = parseInteger('--max-differences', raw.maxDifferences, { min: 1, max: Number.MAX_SAFE_INTEGER, what: 'a positive integer' }) ?? 1;
  if (raw.replay !== undefined && !/^-?\d+:[\d:]*$/.test(raw.replay)) throw new UsageError('--replay must be seed:path as printed with a difference');

  let selfcheckModule;
  try {
    selfcheckModule = await import('./selfcheck.js');
  } catch (error) {
    process.stderr.write(`clonecheck: cannot load the reference engine: ${error.stack}\n`);
    return EXIT.infrastructure;
  }

  if (raw.replay !== undefined) {
    const difference = selfcheckModule.replay(raw.replay);
    if (difference === null) {
      process.stdout.write(`replay ${raw.replay}: passes\n`);
      return EXIT.ok;
    }
    printDifference(difference);
    return EXIT.differences;
  }

  let stopRequested = false;
  const onSigint = () => {
    if (stopRequested) process.exit(EXIT.interrupted);
    stopRequested = true;
    process.stderr.write('\nstopping after the chunks in progress (Ctrl-C again to quit at once)\n');
  };
  process.on('SIGINT', onSigint);
  process.stderr.write(`clonecheck selfcheck --runs ${runs} --seed ${seed} (${workers} worker${workers === 1 ? '' : 's'})\n`);
  const progress = progressReporter(process.stderr);
  const summary = await selfcheckModule.selfcheck({
    runs, seed, workers, maxDifferences, shouldStop: () => stopRequested, onProgress: (p) => progress.update(p),
  });
  progress.done();
  process.off('SIGINT', onSigint);

  for (const difference of summary.differences) printDifference(difference, seed);
  printCoverage(summary.guardCoverage);
  process.stdout.write(`selfcheck: ${count.format(summary.cases)} of ${count.format(runs)} cases in ${(summary.elapsedMs / 1000).toFixed(1)} s `
    + `(${count.format(summary.casesPerSecond)} cases/s), ${summary.differences.length} difference${summary.differences.length === 1 ? '' : 's'}, `
    + `seed ${seed}${summary.interrupted ? ', interrupted' : ''}\n`);
  if (raw.json !== undefined) writeFileSync(raw.json, `${JSON.stringify(summary, null, 2)}\n`);
  if (summary.differences.length > 0) return EXIT.differences;
  return summary.interrupted ? EXIT.interrupted : EXIT.ok;
}

const program = new Command()
  .name('clonecheck')
  .description('Differential fuzzing and conformance suite for structuredClone and its fast paths')
  .exitOverride();

program
  .command('selfcheck')
  .description('check the reference engine against itself over generated programs: '
    + 'tiers on = tiers off, and emit builds what build builds')
  .option('--runs <n>', 'number of programs to check (default 10000)')
  .option('--seed <s>', '32-bit seed (default: random, printed)')
  .option('--json <file>', 'write the summary as JSON')
  .option('--workers <n>', 'threads to run on (default: one per CPU); the cases checked do not depend on it')
  .option('--max-differences <n>', 'stop after this many differences (default 1)')
  .option('--replay <seed:path>', 'replay one difference printed by an earlier run')
  .action(async (options) => {
    process.exitCode = await selfcheckCommand(options);
  });

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof UsageError) {
    process.stderr.write(`clonecheck: ${error.message}\n`);
    process.exitCode = EXIT.usage;
  } else if (error instanceof CommanderError) {
    process.exitCode = error.exitCode === 0 ? EXIT.ok : EXIT.usage;
  } else {
    process.stderr.write(`clonecheck: ${error.stack}\n`);
    process.exitCode = EXIT.infrastructure;
  }
}
