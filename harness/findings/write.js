// A finding on disk: DIR/findings/<signature>/ with
//   program.json  the (shrunk) program, as the target ran it
//   finding.json  everything else, for machines (and `clonecheck repro`)
//   report.md     expected, actual, the differences, and how to replay
//   repro.mjs     a standalone script (repro.js)
//   repro.html    for a browser's finding: the page that runs repro.mjs
//   history.json  for a finding that needs earlier cases in its realm: their programs, in order
// Written when the finding is first seen and again when it is shrunk, so an
// interrupted run loses nothing it found.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_SPEC_PROFILE, canonicalJSON } from '../../src/index.js';
import { hasStandaloneRepro, reproCommands, reproPage, reproSource } from './repro.js';
import { snippetOutput } from './snippet.js';
import { deviationSnippetFor } from './snippet-stall.js';
import { visibleSource } from './visible-source.js';

/** The programs a history-dependent finding needs before its own, in one realm (harness/minimize/history.js). */
export const HISTORY_FILE = 'history.json';

/** The version of finding.json. */
export const FINDING_SCHEMA = 'clonecheck/finding@1';

/**
 * @param {string} outDir
 * @param {import('../fuzz/tally.js').Finding} finding
 * @param {import('../targets/catalog.js').TargetSpec} target
 * @param {{seed: number, weights: Record<string, number>}} run
 * @returns {{directory: string, programFile: string, reproFile: string, reportFile: string}}
 */
export function writeFinding(outDir, finding, target, run) {
  const directory = join(outDir, 'findings', finding.signature);
  mkdirSync(directory, { recursive: true });
  const files = {
    directory,
    programFile: join(directory, 'program.json'),
    reproFile: join(directory, 'repro.mjs'),
    reportFile: join(directory, 'report.md'),
  };
  const replay = replayCommand(finding, target, run);
  writeFileSync(files.programFile, `${JSON.stringify(finding.program, null, 2)}\n`);
  if (finding.history !== undefined) writeFileSync(join(directory, HISTORY_FILE), `${JSON.stringify(finding.history.programs, null, 2)}\n`);
  writeFileSync(join(directory, 'finding.json'), `${JSON.stringify({
    schema: FINDING_SCHEMA,
    signature: finding.signature,
    target: finding.target,
    verdict: finding.verdict,
    category: finding.category,
    spec: target.profile ?? DEFAULT_SPEC_PROFILE,
    minimized: finding.minimized,
    shrink: finding.shrink,
    ...(finding.freshReplay === undefined ? {} : { freshReplay: finding.freshReplay }),
    ...(finding.history === undefined ? {} : { history: { cases: finding.history.programs.length, of: finding.history.of, replays: finding.history.replays, minimal: finding.history.minimal } }),
    found: { seed: run.seed, case: finding.case, chunkSeed: finding.chunkSeed, path: finding.path, count: finding.count },
    root: finding.root,
    splitFrom: finding.splitFrom,
    folded: finding.folded,
    detail: finding.detail,
    differences: finding.differences,
    expected: finding.expected,
    actual: finding.actual,
  }, null, 2)}\n`);
  writeFileSync(files.reportFile, reportText(finding, target, replay));
  if (finding.expected !== undefined && hasStandaloneRepro(target)) {
    writeFileSync(files.reproFile, reproSource({
      program: finding.program, expected: finding.expected, target, signature: finding.signature, replay, verdict: finding.verdict,
    }));
    if (target.runtime?.browser !== undefined) writeFileSync(join(directory, 'repro.html'), reproPage({ target, signature: finding.signature }));
  }
  return files;
}

/**
 * @param {import('../fuzz/tally.js').Finding} finding
 * @param {import('../targets/catalog.js').TargetSpec} target
 * @param {{seed: number, weights: Record<string, number>}} run
 */
function replayCommand(finding, target, run) {
  const weights = Object.entries(run.weights).map(([k, v]) => `${k}=${v}`).join(',');
  const spec = target.profile === undefined || target.profile === DEFAULT_SPEC_PROFILE ? '' : ` --spec ${target.profile}`;
  return `clonecheck fuzz --target ${finding.target} --seed ${run.seed} --runs ${finding.case + 1}${weights ? ` --weights ${weights}` : ''}${spec} (case ${finding.case})`;
}

/**
 * report.md: the snippet first (what a person pastes into a bug tracker),
 * then the differences as a table, how to replay, and the JSON last (the
 * program and both observations, for exact replay).
 * @param {import('../fuzz/tally.js').Finding} finding
 * @param {import('../targets/catalog.js').TargetSpec} target
 * @param {string} replay
 */
function reportText(finding, target, replay) {
  const lines = [
    `# ${finding.signature}`,
    '',
    `- target: \`${finding.target}\` — ${target.description}`,
    `- verdict: ${finding.verdict}${finding.verdict === 'deviation' ? ` (first difference: ${finding.category})` : ''}`,
    `- seen in ${finding.count} case${finding.count === 1 ? '' : 's'}; first in case ${finding.case}: ${replay}`,
    `- program: ${programState(finding)}, in \`program.json\``,
    ...historyLines(finding),
    '',
    ...snippetSection(finding, target),
  ];
  if (finding.detail !== undefined) lines.push('## What the watchdog saw', '', finding.detail, '');
  lines.push(...foldedSection(finding));
  if (finding.differences !== undefined) {
    lines.push('## Differences', '', '| path | category | expected | actual |', '|---|---|---|---|');
    for (const d of finding.differences) {
      lines.push(`| \`${cell(d.path)}\` | ${d.category} | \`${cell(d.expected)}\` | \`${cell(d.actual)}\` |`);
    }
    lines.push('');
  }
  lines.push(
    '## Replay',
    '',
    '```sh',
    `clonecheck repro <this folder> --target ${finding.target}`,
    ...(hasStandaloneRepro(target) ? [`${reproCommands(target).first}    # or: ${reproCommands(target).others.join(', ')} (no clonecheck needed)`] : []),
    '```',
    '',
    '## Program (`program.json`)',
    '',
    '```json',
    JSON.stringify(finding.program, null, 2),
    '```',
    '',
  );
  if (finding.expected !== undefined) lines.push('## Expected observation (reference, spec path)', '', '```json', canonicalJSON(finding.expected), '```', '');
  if (finding.actual !== undefined) lines.push(`## Actual observation (${finding.target})`, '', '```json', canonicalJSON(finding.actual), '```', '');
  return lines.join('\n');
}

/**
 * The signatures met while fuzzing that the same-bug check folded into this
 * finding (same-bug.js), each with why and its own case's shrunk program.
 * @param {import('../fuzz/tally.js').Finding} finding
 * @returns {string[]}
 */
function foldedSection(finding) {
  if (finding.folded === undefined) return [];
  const lines = ['## Folded into this finding', '',
    'Other signatures met while fuzzing whose cases, shrunk, show this bug: they are counted here, not reported apart (docs/fuzzing.md "One finding per bug").', ''];
  for (const f of finding.folded) {
    lines.push(`### ${f.signature}`, '', `- root while fuzzing: ${f.root}`, `- first in case ${f.case}, seen in ${f.count} case${f.count === 1 ? '' : 's'}`,
      `- why: ${f.reason}`, '', '| path | category | expected | actual |', '|---|---|---|---|');
    for (const d of f.differences) lines.push(`| \`${cell(d.path)}\` | ${d.category} | \`${cell(d.expected)}\` | \`${cell(d.actual)}\` |`);
    lines.push('', '```json', JSON.stringify(f.program, null, 2), '```', '');
  }
  return lines;
}

/**
 * What a fresh replay of the case said, where it disagreed with the run (fuzz --recheck), and the history it needs.
 * @param {import('../fuzz/tally.js').Finding} finding
 * @returns {string[]}
 */
function historyLines(finding) {
  if (finding.freshReplay === 'only') return ['- the run passed this case; a fresh replay of it alone shows the bug (it was hidden by the cases before it)'];
  if (finding.freshReplay !== 'passes') return [];
  const { history } = finding;
  if (history === undefined) return ['- alone in a fresh agent the case passes: it needs the cases its agent ran before it, which did not bring it back when replayed'];
  return [`- alone in a fresh agent the case passes: it needs ${history.programs.length} earlier case${history.programs.length === 1 ? '' : 's'} in the same realm `
    + `(cut down from ${history.of}${history.minimal ? ', none of them can go' : ''}), in \`${HISTORY_FILE}\`; \`clonecheck repro\` of this folder replays them first`];
}

/**
 * How far the finding's program was shrunk, in words.
 * @param {import('../fuzz/tally.js').Finding} finding
 */
function programState(finding) {
  const shrink = finding.shrink;
  if (shrink?.reproduced === false) {
    const stalls = finding.verdict === 'crash' ? 'died' : 'hung';
    const shown = shrink.replays?.shown ?? 0;
    return shown > 0
      ? `as generated (not shrunk: flaky, a fresh thread or agent ${stalls} on it ${shown} time${shown === 1 ? '' : 's'} in ${shrink.candidates} runs: `
        + 'run it in a loop to see it; it may be a race)'
      : `as generated (not shrunk: a fresh thread or agent never ${stalls} on it again in ${shrink.candidates} run${shrink.candidates === 1 ? '' : 's'}; `
        + 'it may come from an earlier case, or be a race)';
  }
  if (!finding.minimized) return 'as generated (not shrunk)';
  if (shrink === undefined) return 'shrunk';
  const to = shrink.localMinimum ? 'to a local minimum: no single part can be removed or made simpler and show the same bug'
    : 'until the budget ran out (--shrink-runs, --stall-shrink-runs, --stall-shrink-time)';
  return `shrunk ${to} (${shrink.candidates} programs run, ${shrink.removed} parts removed, ${shrink.simplified} made simpler)`;
}

/**
 * The snippet and what it prints, or why there is none.
 * @param {import('../fuzz/tally.js').Finding} finding
 * @param {import('../targets/catalog.js').TargetSpec} target
 * @returns {string[]}
 */
function snippetSection(finding, target) {
  const heading = ['## Snippet', ''];
  const replayer = hasStandaloneRepro(target) ? '`repro.mjs`' : `\`clonecheck repro <this folder> --target ${finding.target}\``;
  if (finding.verdict !== 'deviation') {
    return [...heading, `None for a ${finding.verdict}: ${replayer} replays the program (it is expected to ${finding.verdict === 'crash' ? 'die' : 'hang'}).`, ''];
  }
  const snippet = deviationSnippetFor({
    program: finding.program, target, differences: finding.differences ?? [], expected: finding.expected, actual: finding.actual,
  });
  if ('reason' in snippet) return [...heading, `None: ${snippet.reason}. ${replayer} replays the finding exactly.`, ''];
  const { command, binary } = reproCommands(target, 'snippet.mjs');
  return [
    ...heading,
    target.runtime?.browser === undefined
      ? `Plain JavaScript, no clonecheck. Save it as \`snippet.mjs\` and run it: \`${command}\`${binary ? ` (with ${binary})` : ''}.`
      : `Plain JavaScript, no clonecheck: ${command}.`,
    `It checks \`${snippet.check.path}\`, the first difference one comparison can show.`,
    '',
    '```js',
    snippet.source.trimEnd(),
    '```',
    '',
    `The structured clone algorithm gives \`${visibleSource(snippet.check.expected)}\`; ${finding.target} gave \`${visibleSource(snippet.check.actual)}\`, so it prints`,
    '',
    '```',
    ...snippetOutput(snippet.check, snippet.check.actual),
    '```',
    '',
  ];
}

/**
 * A table cell: text as it is, other JSON compact, long values cut.
 * @param {unknown} value
 */
function cell(value) {
  const text = typeof value === 'string' ? value : Array.isArray(value) ? value.join(', ') : canonicalJSON(value ?? null);
  return (text.length > 80 ? `${text.slice(0, 79)}…` : text).replace(/\|/g, '\\|').replace(/`/g, "'");
}
