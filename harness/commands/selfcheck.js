// `clonecheck selfcheck`: the reference against itself (harness/selfcheck/).

import { writeFileSync } from 'node:fs';
import { EXIT } from '../errors.js';
import { count } from '../count.js';
import { interrupts, progressDisplay } from './common.js';

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

/**
 * @param {{runs: number, seed: number, json?: string, workers: number, maxDifferences: number, replay?: string}} raw
 *   commander's options, parsed, defaulted and range-checked (options.js)
 */
export async function selfcheckCommand(raw) {
  const { runs, seed, workers, maxDifferences } = raw;

  let selfcheckModule;
  try {
    selfcheckModule = await import('../selfcheck/selfcheck.js');
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
    return EXIT.findings;
  }

  const ctrlC = interrupts(['stopping after the chunks in progress (Ctrl-C again to quit at once)']);
  process.stderr.write(`clonecheck selfcheck --runs ${runs} --seed ${seed} (${workers} worker${workers === 1 ? '' : 's'})\n`);
  const progress = progressDisplay({ total: runs, format: 'selfcheck [{bar}] {value}/{total} cases | {rate} cases/s | {differences} differences | ETA {eta}s' });
  let summary;
  try {
    summary = await selfcheckModule.selfcheck({
      runs, seed, workers, maxDifferences,
      shouldStop: () => ctrlC.presses > 0,
      onProgress: ({ cases, differences, elapsedMs }) => progress.update(cases, {
        rate: count.format(Math.round((cases * 1000) / Math.max(elapsedMs, 1))), differences,
      }),
    });
  } finally {
    progress.stop();
    ctrlC.dispose();
  }

  for (const difference of summary.differences) printDifference(difference, seed);
  printCoverage(summary.guardCoverage);
  process.stdout.write(`selfcheck: ${count.format(summary.cases)} of ${count.format(runs)} cases in ${(summary.elapsedMs / 1000).toFixed(1)} s `
    + `(${count.format(summary.casesPerSecond)} cases/s), ${summary.differences.length} difference${summary.differences.length === 1 ? '' : 's'}, `
    + `seed ${seed}${summary.interrupted ? ', interrupted' : ''}\n`);
  if (raw.json !== undefined) writeFileSync(raw.json, `${JSON.stringify(summary, null, 2)}\n`);
  if (summary.differences.length > 0) return EXIT.findings;
  return summary.interrupted ? EXIT.interrupted : EXIT.ok;
}

