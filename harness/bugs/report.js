// The text of an upstream issue for one bug of the ledger (`clonecheck
// report`): a title, then a body laid out as the tracker's form asks
// (trackers.js). Nothing here runs anything: the command replays the bug's
// program (harness/commands/report.js) and hands the verdicts in, so the
// text says what the engines do today, not what they did when the bug was
// found.
//
// A maintainer reads it: the snippet first (the one finding reports lead
// with, snippet.js: plain JavaScript that prints PASS or FAIL), what it
// prints, what the standard says, then the context in a few lines.
//
// A decoder's bug (ledger.js `decode`) is reported alike, against the
// Encoding Standard, with its decode case's snippet (snippet-decode.js):
// caseParts is the one place the two kinds part.

import { HTML_ALGORITHMS, HTML_REVISION } from '../../src/html/steps.js';
import { ENCODING_ALGORITHMS, ENCODING_REVISION } from '../../src/encoding/steps.js';
import { reproCommands } from '../findings/repro.js';
import { snippetOutput } from '../findings/snippet.js';
import { decodeSnippetFor } from '../findings/snippet-decode.js';
import { decoderNamed } from '../../portable/decode/decoders.js';
import { deviationSnippetFor, stallSnippetFor } from '../findings/snippet-stall.js';
import { wptTestFor } from '../findings/snippet-wpt.js';
import { QUESTIONS, displayName, implementationOf } from './ledger.js';
import { severityOf } from './severity.js';
import { showingSupport } from './supported.js';
import { NOT_APPLICABLE, showsRoot, shownBy, shownByDecoding } from './root.js';
import { TRACKERS } from './trackers.js';
import { familyNamed } from '../../portable/families/index.js';
import { channelOfTarget } from '../../portable/targets/channels/index.js';

/**
 * @typedef {object} Replayed  one replay of the bug's program (a decoder's bug: of its decode case)
 * @property {any} target  a TargetSpec (targets/catalog.js); a decoder's bug's, a DecodeTarget (harness/decode/targets.js)
 * @property {any} [verdict]  judge.js's, or replay.js's crash or timeout
 * @property {import('../../portable/decode/tasks.js').Difference | {stall: string, detail: string} | null} [decoded]  a decode
 *   case's replay (harness/decode/ledger-case.js): its difference, its host's crash or hang, or null (it passes)
 * @property {string} [error]  why there is no verdict (the host did not start)
 */

/**
 * @typedef {object} ReportInput
 * @property {import('./ledger.js').Bug} bug
 * @property {import('./trackers.js').Tracker} tracker
 * @property {Replayed} found  the replay on the target the bug was found on
 * @property {Replayed[] | null} others  the replays on the other engines; null: not replayed (--no-replay)
 * @property {string} platform  the machine the replays ran on, as `uname -mrs` says it
 * @property {string} repro  the clonecheck command that replays the bug
 * @property {string} date  today (YYYY-MM-DD)
 */

/** At most this many differences are listed where no snippet shows one. */
const MAX_DIFFERENCES = 3;

/**
 * @param {ReportInput} input
 * @returns {{title: string, body: string}}
 */
export function reportText(input) {
  const { bug, tracker } = input;
  const parts = reportParts(input);
  const body = [];
  for (const [heading, names] of tracker.sections) {
    const text = names.map((name) => parts[name]).filter((lines) => lines.length > 0);
    if (text.length === 0) continue;
    body.push(`${tracker.heading} ${heading}`, '', ...text.flatMap((lines) => [...lines, '']));
  }
  // A question of the standard is about the algorithm, whatever API met it first.
  const subject = bug.implementation === QUESTIONS ? 'Structured clone' : apiOf(input.found.target);
  return { title: `${subject}: ${titleWithoutEngine(bug)}`, body: body.join('\n') };
}

/**
 * Each part of a report (trackers.js names them), as lines.
 * @param {ReportInput} input
 * @returns {Record<string, string[]>}
 */
function reportParts({ bug, found, others, platform, repro, date }) {
  const engine = engineName(found.target);
  const api = apiOf(found.target);
  const shown = shownOf(found);
  const stillShows = shown !== null && showsRoot(shown, bug.root);
  const kind = caseParts(bug, found, repro);
  // A difference is deterministic; a crash or a hang, as often as it was seen.
  const differs = found.decoded !== undefined ? found.decoded !== null && 'shape' in found.decoded : found.verdict?.verdict === 'deviation';
  return {
    version: [engine],
    platform: [platform],
    subsystem: [`\`${api}\``],
    summary: bug.implementation === QUESTIONS ? questionSummary(bug, engine, api, others)
      : [`In ${engine}, \`${api}\` ${stillShows ? 'does' : 'did'} not do what ${kind.standard.does} does: `
        + `${titleWithoutEngine(bug).replace(/\.$/, '')}.`],
    steps: kind.steps,
    often: [!stillShows ? `It did not show on ${engine} when replayed on ${date}; see below.`
      : differs ? 'Every time: nothing in it is random.' : 'Each time clonecheck replayed it.'],
    expected: kind.expected,
    actual: [...driftPart(bug, found, shown, date), ...kind.actual],
    standard: standardPart(bug, kind.standard),
    others: othersPart(bug, others, date, kind.standard.input),
    versions: versionsPart(bug, date),
    found: [
      `Found by clonecheck (${kind.standard.fuzzing}) on \`${bug.foundOn}\`, `
        + `first seen ${bug.firstSeen}${bug.occurrences > 1 ? `, seen ${bug.occurrences} times` : ''}. In a clonecheck checkout it replays with \`${repro}\`.`,
    ],
    status: statusPart(bug),
  };
}

/**
 * @typedef {object} Standard  the standard a kind of bug is judged by, as a report names it
 * @property {string} name @property {string} does  what does the right thing, after "not do what"
 * @property {Readonly<Record<string, import('../../src/html/steps.js').Algorithm>>} algorithms  its steps (steps.js)
 * @property {{url: string, checked: string}} revision @property {string} section  the part of it linked where no step is recorded
 * @property {string} input  what the other engines were given (`value`, `bytes`)
 * @property {string} fuzzing  how clonecheck found it, in words
 */

/** @type {Standard} */
const HTML = {
  name: 'The HTML Standard', does: "the HTML Standard's structured clone algorithm", algorithms: HTML_ALGORITHMS, revision: HTML_REVISION,
  section: 'Safe passing of structured data', input: 'value',
  fuzzing: 'differential fuzzing of structuredClone against a step-by-step implementation of the HTML algorithm',
};

/** @type {Standard} */
const ENCODING = {
  name: 'The Encoding Standard', does: 'the Encoding Standard', algorithms: ENCODING_ALGORITHMS, revision: ENCODING_REVISION,
  section: 'Encoding', input: 'bytes',
  fuzzing: "clonecheck decode: generated bytes decoded by the engine's own decoder, judged by a step-by-step implementation of the Encoding Standard",
};

/**
 * What a report says that depends on the kind of bug: a program's (a structured clone) or a decoder's.
 * @param {import('./ledger.js').Bug} bug @param {Replayed} found @param {string} repro
 * @returns {{standard: Standard, steps: string[], expected: string[], actual: string[]}}
 */
function caseParts(bug, found, repro) {
  if (bug.decode !== undefined) return { standard: ENCODING, ...decodeParts(bug, found, repro) };
  const snippet = snippetOf(bug, found);
  return {
    standard: HTML, steps: stepsPart(bug, found, snippet, repro), expected: expectedPart(found, snippet), actual: actualPart(found, snippet),
  };
}

/**
 * A decoder's bug: the snippet of its case (snippet-decode.js) where the replay showed a difference, else its one-line
 * decoding and the replay command; what it prints with the standard's output and with the decoder's.
 * @param {import('./ledger.js').Bug} bug @param {Replayed} found @param {string} repro
 * @returns {{steps: string[], expected: string[], actual: string[]}}
 */
function decodeParts(bug, { target, decoded }, repro) {
  const { decoder: id, bytes, before } = /** @type {NonNullable<import('./ledger.js').Bug['decode']>} */ (bug.decode);
  const decoder = /** @type {import('../../portable/decode/decoders.js').DecoderDescriptor} */ (decoderNamed(id));
  const engine = engineName(target);
  const stall = decoded !== undefined && decoded !== null && 'stall' in decoded
    ? [`The ${target.agent?.browser === undefined ? 'process' : 'page'} ${decoded.stall === 'the host hung' ? 'hangs' : 'dies'}: ${decoded.detail}`] : [];
  if (decoded === undefined || decoded === null || !('shape' in decoded)) {
    const why = decoded === undefined ? 'the replay did not run' : decoded === null ? 'it passes now' : 'the host does not finish it';
    return {
      steps: [`A snippet that prints PASS or FAIL: none, ${why}. The decoding, in one line (\`${repro}\` replays it):`, '', '```js', decoder.snippet(bytes, before), '```'],
      expected: [`\`${decoder.api}\` gives what the Encoding Standard gives.`],
      actual: stall,
    };
  }
  const snippet = decodeSnippetFor({ title: bug.title, step: bug.spec?.step ?? null, decoder, bytes, before, expected: decoded.expected, got: decoded.got });
  const { command } = reproCommands(/** @type {any} */ ({ runtime: target.agent }), 'snippet.mjs');
  const how = target.agent?.browser === undefined ? `Save this as \`snippet.mjs\` and run \`${command}\`:` : `Run this in ${engine}: ${command}.`;
  return {
    steps: [how, '', '```js', snippet.source.trimEnd(), '```'],
    expected: ['What the Encoding Standard gives; the snippet prints:', '', '```', snippet.expected, '```'],
    actual: [`${engine} prints:`, '', '```', snippet.actual, '```'],
  };
}

/**
 * What one replay showed, whichever kind of bug it replayed.
 * @param {Replayed} replayed
 * @returns {import('./root.js').Shown | null}  null: not replayed
 */
function shownOf({ verdict, decoded }) {
  if (decoded !== undefined) return shownByDecoding(decoded);
  return verdict === undefined ? null : shownBy(verdict);
}

/**
 * The snippet of the replay, when it deviates and one comparison shows it,
 * or when it crashes or hangs (whether the clone ends).
 * @param {import('./ledger.js').Bug} bug
 * @param {Replayed} found
 * @returns {import('../findings/snippet.js').Snippet | {reason: string} | null} null: no deviation to show
 */
function snippetOf(bug, { target, verdict }) {
  if (verdict?.verdict === 'crash' || verdict?.verdict === 'timeout') {
    return stallSnippetFor({ program: bug.program, target, verdict: verdict.verdict, detail: verdict.detail });
  }
  if (verdict?.verdict !== 'deviation') return null;
  return deviationSnippetFor({ program: verdict.program, target, differences: verdict.differences, expected: verdict.expected, actual: verdict.actual });
}

/**
 * @param {import('./ledger.js').Bug} bug
 * @param {Replayed} found
 * @param {ReturnType<typeof snippetOf>} snippet
 * @param {string} repro
 * @returns {string[]}
 */
function stepsPart(bug, { target, verdict }, snippet, repro) {
  if (snippet !== null && !('reason' in snippet)) {
    const { command } = reproCommands(target, 'snippet.mjs');
    const how = target.runtime?.browser === undefined ? `Save this as \`snippet.mjs\` and run \`${command}\`:` : `Run this in ${engineName(target)}: ${command}.`;
    return [how, '', '```js', snippet.source.trimEnd(), '```', ...wptPart(bug, target, verdict)];
  }
  // No snippet: the program as clonecheck describes it, which its repro replays exactly.
  const why = snippet !== null && 'reason' in snippet ? `none fits in a few lines (${snippet.reason})`
    : verdict === undefined ? 'none, the replay did not run' : verdict.verdict === 'pass' ? 'none, it passes now'
      : verdict.verdict === 'harness-error' ? 'none, the replay was not judged' : `none for a ${verdict.verdict}`;
  return [
    `A plain-JavaScript snippet: ${why}. The value, as clonecheck describes it (program JSON), replays with \`${repro}\`:`,
    '',
    '```json',
    JSON.stringify(verdict?.program ?? bug.program, null, 2),
    '```',
  ];
}

/**
 * A browser's bug as a web-platform-tests test too (snippet-wpt.js), where one fits.
 * @param {import('./ledger.js').Bug} bug
 * @param {import('../targets/catalog.js').TargetSpec} target
 * @param {any} verdict
 * @returns {string[]}
 */
function wptPart(bug, target, verdict) {
  if (target.runtime?.browser === undefined || verdict?.verdict !== 'deviation') return [];
  const test = wptTestFor({ program: verdict.program, target, differences: verdict.differences, expected: verdict.expected, actual: verdict.actual }, bug.title);
  if ('reason' in test) return [];
  return ['', `The same as a web-platform-tests test (testharness.js; \`clonecheck conform FILE.any.js --target ${target.runtime.name}\` runs it):`, '', '```js', test.source.trimEnd(), '```'];
}

/**
 * @param {Replayed} found
 * @param {ReturnType<typeof snippetOf>} snippet
 * @returns {string[]}
 */
function expectedPart({ verdict }, snippet) {
  if (snippet !== null && !('reason' in snippet)) {
    return ['What the structured clone algorithm gives; the snippet prints:', '', '```', ...snippetOutput(snippet.check, snippet.check.expected), '```'];
  }
  if (verdict?.verdict === 'deviation') return differenceLines(verdict.differences, 'expected');
  return ['The clone completes, with a value or an exception, as the structured clone algorithm does.'];
}

/**
 * What the replay does now, when that is not the bug the ledger knows: said first, so no one chases a ghost.
 * @param {import('./ledger.js').Bug} bug
 * @param {Replayed} found
 * @param {import('./root.js').Shown | null} shown
 * @param {string} date
 * @returns {string[]}
 */
function driftPart(bug, { target, verdict, error }, shown, date) {
  const engine = engineName(target);
  return shown === null ? [`${engine} could not replay it on ${date}: ${error}.`]
    : shown === 'pass' ? [`${engine} passes it on ${date}: the bug may be fixed. The ledger's first difference was \`${bug.root.shape}\`.`]
      : typeof shown === 'string' ? [`${engine} cannot run it on ${date} (${notApplicable(verdict) ?? verdict.error}).`]
        : showsRoot(shown, bug.root) ? []
          : [`On ${date} ${engine} deviates otherwise than the ledger says (\`${bug.root.shape}\`): \`${shown.shape}\`.`];
}

/**
 * A program's bug: what the engine gives, after driftPart.
 * @param {Replayed} found
 * @param {ReturnType<typeof snippetOf>} snippet
 * @returns {string[]}
 */
function actualPart({ target, verdict }, snippet) {
  const engine = engineName(target);
  // replay.js says `a receiving worker died: …` where the worker that received the value died, not the runtime.
  const worker = /^a receiving worker died: ([\s\S]*)$/.exec(verdict?.detail ?? '');
  const dies = verdict?.verdict !== 'crash' ? []
    : [worker !== null ? `The receiving worker dies: ${worker[1]}` : `The ${target.runtime?.browser === undefined ? 'process' : 'page'} dies: ${verdict.detail}`];
  if (snippet !== null && !('reason' in snippet)) {
    return [`${engine} prints:`, '', '```', ...snippetOutput(snippet.check, snippet.check.actual), '```', ...(dies.length > 0 ? ['', ...dies] : [])];
  }
  if (verdict?.verdict === 'deviation') return differenceLines(verdict.differences, 'actual');
  if (verdict?.verdict === 'crash') return dies;
  if (verdict?.verdict === 'timeout') return [`The ${target.runtime?.browser === undefined ? 'process' : 'page'} hangs: ${verdict.detail}`];
  return [];
}

/**
 * The first differences of a replay without a snippet, one side of each.
 * @param {import('../../src/observe/diff.js').Difference[]} differences
 * @param {'expected' | 'actual'} side
 * @returns {string[]}
 */
function differenceLines(differences, side) {
  const lines = differences.slice(0, MAX_DIFFERENCES).map((d) => `- at \`${d.path}\` (${d.category}): \`${JSON.stringify(d[side])}\``);
  const more = differences.length > MAX_DIFFERENCES ? [`- and ${differences.length - MAX_DIFFERENCES} more`] : [];
  return [`${side === 'expected' ? 'The structured clone algorithm' : 'The engine'} gives (clonecheck's observation of the clone, by path):`, ...lines, ...more];
}

/**
 * A question of the standard, as its issue opens: the engines that depart
 * from the step's text the same way (replayed now, where they were), and
 * that the snippet tells the two behaviours apart.
 * @param {import('./ledger.js').Bug} bug @param {string} engine  the one the snippet ran on @param {string} api
 * @param {Replayed[] | null} others
 * @returns {string[]}
 */
function questionSummary(bug, engine, api, others) {
  const alike = (others ?? []).filter((r) => { const shown = shownOf(r); return shown !== null && typeof shown !== 'string' && showsRoot(shown, bug.root); });
  const engines = [engine, ...alike.map((r) => engineName(r.target))];
  return [`${engines.length === 1 ? engine : `${engines.length} engines (${engines.join(', ')})`} depart from the standard's text the same way: `
    + `${titleWithoutEngine(bug).replace(/\.$/, '')}. Either they or the text should change. The snippet below (\`${api}\` in ${engine}) prints `
    + 'PASS where an engine follows the text and FAIL where it does not.'];
}

/**
 * The step the bug breaks, with its link, or (no step recorded yet) the
 * first difference in words and the section of the standard.
 * @param {import('./ledger.js').Bug} bug
 * @param {Standard} standard  the one its kind of bug is judged by
 * @returns {string[]}
 */
function standardPart(bug, { name, algorithms, revision, section }) {
  // A question's report is the issue its `pending` waits for, or a comment on it: it need not point at itself.
  const pending = bug.status === 'spec-pending' && bug.implementation !== QUESTIONS ? [`A change to this part of the standard is pending: ${bug.pending}.`] : [];
  if (bug.spec !== null) {
    const step = /^(.+) step ([\d.]+)$/.exec(bug.spec.step);
    const summary = step === null ? undefined : algorithms[step[1]]?.steps[step[2]];
    // The numbers are those of the revision steps.js pins: upstream renumbers steps, the anchor stays.
    return [`${name}, [${bug.spec.step}](${bug.spec.url})${summary === undefined ? '' : `: ${summary}`} (step numbers as of ${revision.checked}).`, ...pending];
  }
  return [
    `${name}, [${section}](${revision.url}) (as of ${revision.checked}). `
      + `A step-by-step implementation of it and this engine first differ at: \`${bug.root.shape}\`.`,
    ...pending,
  ];
}

/**
 * What the other engines do with the same program: replayed now, or (not
 * replayed) where the ledger last saw it.
 * @param {import('./ledger.js').Bug} bug
 * @param {Replayed[] | null} others
 * @param {string} date
 * @param {string} input  what they were given: the same value, the same bytes
 * @returns {string[]}
 */
function othersPart(bug, others, date, input) {
  if (others === null) {
    const seen = bug.shows.filter((s) => s.target !== bug.foundOn);
    if (seen.length === 0) return [];
    return [
      'Other engines, as clonecheck last saw them:',
      ...seen.map((s) => `- \`${s.target}\` ${s.version ?? ''}: ${s.shows ? 'shows it' : 'does not show it'} (${s.checked})`),
    ];
  }
  if (others.length === 0) return [];
  return [`Other engines, the same ${input} replayed on ${date}:`, ...others.map((r) => `- ${engineName(r.target)} (\`${apiOf(r.target)}\`): ${resultOf(bug, r)}`)];
}

/**
 * @param {import('./ledger.js').Bug} bug
 * @param {Replayed} replayed
 * @returns {string} pass, shows, or what else
 */
function resultOf(bug, replayed) {
  const { verdict, error } = replayed;
  const shown = shownOf(replayed);
  if (shown === null) return `not replayed (${error})`;
  if (shown === 'pass') return 'passes';
  if (shown === 'not-applicable') return `cannot run it (${notApplicable(verdict)})`;
  if (shown === 'harness-error') return `not judged (a clonecheck error: ${String(verdict.error).split('\n')[0]})`;
  if (showsRoot(shown, bug.root)) return bug.implementation === QUESTIONS ? '**does the same**' : '**shows this bug**';
  return `deviates otherwise: \`${shown.shape}\``;
}

/** @param {any} verdict @returns {string | undefined} why the program does not apply on that host */
function notApplicable(verdict) {
  const refused = NOT_APPLICABLE.exec(verdict?.error ?? '');
  return refused === null ? undefined : `its host ${refused[1]}`;
}

/**
 * The versions bisect found (last good, first bad; and for a fix, last bad, first good), else where the ledger saw it show
 * (each past its support said so: supported.js).
 * @param {import('./ledger.js').Bug} bug
 * @param {string} date
 * @returns {string[]}
 */
function versionsPart(bug, date) {
  const range = bug.versions;
  const fix = range?.fixed?.firstGood ? range.fixed : null;
  if (range !== null && (range.probes.length > 0 || fix !== null)) {
    const name = displayName(range.runtime);
    const from = range.firstBad === null ? 'no version probed' : `${name} ${range.firstBad}`;
    const lastGood = range.lastGood === null ? 'none of the versions probed' : `${name} ${range.lastGood}`;
    // A fix bisection's range (bisect --fix): up to its last bad version, fixed in its first good one.
    const introduced = range.probes.length > 0 ? `from ${from}` : '';
    const fixed = fix === null ? ' on' : `${introduced ? ' ' : ''}up to ${name} ${fix.lastBad}, fixed in ${name} ${fix.firstGood}`;
    return [`Versions affected: ${introduced}${fixed} (\`${range.runtime}:${range.channel}\`)`
      + `${introduced ? `; the last good one before it: ${lastGood}` : ''} (${range.probes.length + (fix?.probes.length ?? 0)} versions probed).`];
  }
  const shows = showingSupport(bug, date, bug.shows.filter((s) => implementationOf(s.target) === bug.implementation));
  if (shows.length === 0) return [];
  return [`Versions affected: it shows on ${shows.map(({ sighting: s, support }) => `${s.version ?? '?'} (\`${s.target}\`, ${s.checked}${support.supported ? '' : ', end of life'})`)
    .join(', ')}; older ones not checked.`];
}

/**
 * @param {import('./ledger.js').Bug} bug
 * @returns {string[]} the status, when it is not simply open, and the upstream link
 */
function statusPart(bug) {
  const status = {
    open: [],
    fixed: [`clonecheck's ledger has it fixed in ${bug.fixedIn}.`],
    intended: ["clonecheck's ledger has it as intended behaviour."],
    'spec-pending': [`clonecheck's ledger has it waiting for ${bug.pending}.`],
  }[bug.status];
  return [...status, `Severity, as clonecheck computes it from its programs: ${severityOf(bug).label}.`,
    ...(bug.upstream === null ? [] : [`Reported before: ${bug.upstream.url} (${bug.upstream.state}).`])];
}

/**
 * A target a report names: a TargetSpec (targets/catalog.js), or a decoder
 * target (harness/decode/targets.js DecodeTarget), which has its decoder and
 * its runtime's version as `release`, and no `runtime`.
 * @typedef {import('../targets/catalog.js').TargetSpec & {decoder?: string, release?: string}} ReportedTarget
 */

/**
 * @param {ReportedTarget} target
 * @returns {string} `Bun 1.4.5`, `Node.js 20.20.2`, or a module target's description
 */
export function engineName(target) {
  const implementation = implementationOf(target.name);
  const name = TRACKERS[implementation]?.name ?? displayName(implementation);
  // A decoder target (harness/decode/targets.js) names its runtime's version `release`.
  const version = target.runtime?.version ?? target.release;
  return version === undefined ? `${name} (${target.description})` : `${name} ${version}`;
}

/**
 * @param {ReportedTarget} target
 * @returns {string} the API a script calls to clone through it, the one an issue is about (its channel's
 *   descriptor, portable/targets/channels/); a module target is a structuredClone
 */
function apiOf(target) {
  if (target.decoder !== undefined) return decoderNamed(target.decoder)?.api ?? target.decoder;
  if (target.runtime === undefined) return 'structuredClone';
  return channelOfTarget(target.name)?.api(familyNamed(target.runtime.family)) ?? 'structuredClone';
}

/**
 * The bug's title without the engine's name in front (a tracker is the
 * engine's own): `Bun copies …` and `Bun: keys on …` become `copies …`, `keys on …`;
 * `Node 20 and 22 clone …` stays whole.
 * @param {import('./ledger.js').Bug} bug
 */
function titleWithoutEngine(bug) {
  const names = [bug.implementation, displayName(bug.implementation), TRACKERS[bug.implementation]?.name].filter(Boolean);
  // Only where a verb follows: `Node 20 and 22 clone …` and `Node's MessagePort …` keep their subject.
  const lead = new RegExp(`^(${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?::\\s+|\\s+(?=[a-z]))`);
  return bug.title.replace(lead, '');
}
