// The dashboard's one page, laid out from the model (model.js): bugs first:
// the last run's count in the header, what it changed (new bugs with their
// repro command, regressed, fixed), every bug with its engine, where and
// when it was seen, status and upstream link (its findings and minimal
// program folded under it); then the root differences several engines
// share, the matrix of targets against areas, the trends (charts drawn by
// Chart.js in client.js from the data embedded here), guard coverage and
// the benchmarks.
// Tables are plain HTML: the page reads without its scripts too. Nothing is
// copied beside it but the two scripts: each finding has its repro command.

import { tiers } from '../../src/index.js';
import { reproducibilityText } from '../bugs/reproducibility.js';
import { displayName } from '../bugs/triage.js';
import { xml as escape } from '../conform/report.js';
import { benchMarkup } from './bench.js';
import { count } from '../count.js';

/** @param {string | null | undefined} iso @returns {string} `2026-11-24 03:00` */
const when = (iso) => (iso ? iso.slice(0, 16).replace('T', ' ') : '');
/** @param {string} version  `reference (HTML Living Standard, …) in node 20.20.2` @returns {string} `reference`: the rest is in its title */
const shortVersion = (version) => version.replace(/ \(.*$| in node \S+$/, '');
/** @param {number} n */
const number = (n) => count.format(n);
/** @param {unknown} value @returns {string} as JSON, safe in HTML text (not in a script: entities are not decoded there) */
const json = (value) => escape(JSON.stringify(value));

/** @param {string} implementation @returns {string} */
const engine = (implementation) => displayName(implementation);
/** @param {Record<string, string[]>} targets @returns {string} `bun:clone (1.4.5), bun:worker (1.4.5)` */
const targetList = (targets) => Object.entries(targets).map(([t, versions]) => `${escape(t)}${versions.length > 0 ? ` <span class="version">${escape(versions.join(', '))}</span>` : ''}`).join(', ');
/** @param {import('./model.js').BugHistory} bug  its status, and whether it showed only on end-of-life versions (proposed for no report) */
const statusCell = ({ status, fixedIn, endOfLife }) => (status === 'new' ? '<span class="new">new</span>'
  : `${escape(status === 'fixed' ? `fixed in ${fixedIn}` : status)}${endOfLife && status !== 'fixed' ? ', <span class="version">only on end-of-life versions</span>' : ''}`);
/**
 * A bug's upstream cell: its report and that report's state, or that its trackers were searched and
 * nothing found, or that they never were (a bug a run proposed has no ledger entry to say).
 * @param {import('./model.js').BugHistory} bug
 */
const upstreamCell = (bug) => (bug.upstream !== null ? `<a href="${escape(bug.upstream.url)}">${escape(bug.upstream.state)}</a>`
  : bug.searched !== null ? `none found (searched ${escape(bug.searched)})` : bug.status === 'new' ? '' : 'not searched');

/**
 * @param {ReturnType<typeof import('./model.js').dashboardModel>} model
 * @param {{chartScript: string, clientScript: string}} assets  the scripts' file names beside the page
 * @returns {string}
 */
export function dashboardPage(model, { chartScript, clientScript }) {
  const { last } = model;
  const sections = [];
  const lastBugs = last?.bugs ?? { known: [], new: [], fixed: [], regressed: [], unreproduced: [] };
  const bad = lastBugs.new.length + lastBugs.regressed.length + model.conformRegressed.length;
  const headline = last === null ? 'no run yet'
    : `${lastBugs.known.length + lastBugs.new.length} bugs in the last run: ${lastBugs.known.length} known, ${lastBugs.new.length} new, `
      + `${lastBugs.fixed.length} fixed, ${lastBugs.regressed.length} regressed${model.conformRegressed.length > 0 ? `; unexpected conformance results in ${model.conformRegressed.length} area${model.conformRegressed.length === 1 ? '' : 's'}` : ''}`;
  sections.push(`<header class="${bad === 0 ? 'verdict-ok' : 'verdict-bad'}">
  <h1>clonecheck: ${headline}</h1>
  <p>${last === null ? '' : `last run ${when(last.startedAt)} UTC: ${number(last.cases)} cases on ${last.targets.length} targets (${number(last.casesPerSecond)} cases/s), `
    + `${number(last.findings)} findings, seed ${last.seed} × ${last.seeds}, ${last.shards} shard${last.shards === 1 ? '' : 's'}, ${(last.elapsedMs / 1000).toFixed(0)} s`
    + `${last.skippedUnits.length > 0 ? `; <b>${last.skippedUnits.length} units skipped</b> (${escape(last.skippedUnits.map((/** @type {any} */ u) => u.implementation).join(', '))})` : ''}; `}`
    + `${model.runs} run${model.runs === 1 ? '' : 's'} in the history, ${model.bugs.length} bugs met in all</p>
</header>`);

  const changed = [
    ...lastBugs.regressed.map((/** @type {any} */ r) => `<li class="bad">regressed: <a href="#${escape(r.bug)}">${escape(r.bug)}</a> ${escape(r.title)} on ${escape(r.target)} ${escape(r.version ?? '')}: ${escape(r.why)}</li>`),
    ...lastBugs.new.map((/** @type {string} */ id) => {
      const bug = model.bugs.find((b) => b.id === id);
      const first = bug === undefined ? undefined : [...bug.findings.values()][0];
      return `<li><span class="new">new</span> <a href="#${escape(id)}">${escape(bug?.title ?? id)}</a>${first === undefined ? '' : `: <code>${escape(first.repro)}</code>`}</li>`;
    }),
    ...lastBugs.fixed.map((/** @type {any} */ f) => `<li>fixed: <a href="#${escape(f.bug)}">${escape(f.title)}</a> no longer shows on ${escape(f.target)} ${escape(f.version ?? '')} (showed on ${escape(f.showedOn)})</li>`),
    ...model.conformRegressed.map((c) => `<li class="bad">conformance: ${escape(c.target)} ${escape(c.area)}: ${c.unexpected} unexpected; `
      + `<code>clonecheck conform wpt/${escape(c.area)}.any.js --target ${escape(c.target)}</code></li>`),
  ];
  sections.push(`<section id="changed"><h2>What changed in the last run</h2>${changed.length === 0 ? '<p>No new bug, none regressed or fixed, no unexpected conformance result.</p>' : `<ul>${changed.join('\n')}</ul>`}</section>`);
  if (last !== null) sections.push(notAgainSection(lastBugs.unreproduced, last.recheck));

  sections.push(`<section id="bugs"><h2>Bugs (${model.bugs.length})</h2>
<p>One row per bug: one root cause in one implementation, whatever channel, version or seed showed it (docs/bugs.md). Click a title for its findings and its minimal program.</p>
<table><tr><th>bug</th><th>engine</th><th>seen on</th><th>first seen</th><th>last seen</th><th>runs</th><th>cases</th><th>status</th><th>upstream</th></tr>
${model.bugs.map((b) => `<tr><td><a href="#${escape(b.id)}">${escape(b.title)}</a></td><td>${escape(engine(b.implementation))}</td><td>${targetList(b.targets)}</td>`
    + `<td>${when(b.firstSeen)}</td><td>${when(b.lastSeen)}</td><td>${b.runs}</td><td>${number(b.occurrences)}</td><td>${statusCell(b)}</td>`
    + `<td>${upstreamCell(b)}</td></tr>`).join('\n')}</table>
${model.bugs.map((b) => `<details id="${escape(b.id)}"><summary>${escape(b.id)}: ${escape(b.title)}</summary>
<p>Root difference: ${escape(b.root)}. ${b.findings.size} finding${b.findings.size === 1 ? '' : 's'}:</p>
<table><tr><th>finding</th><th>target</th><th>version</th><th>seen</th><th>what</th><th>reproduce</th></tr>
${[...b.findings.values()].map((f) => `<tr><td>${escape(f.signature)}</td><td>${escape(f.target)}</td><td class="version">${escape(f.version ?? '')}</td><td>${when(f.run)}</td>`
    + `<td>${escape(f.summary)}</td><td><code>${escape(f.repro)}</code></td></tr>`).join('\n')}</table>
${b.program === null ? '' : `<pre>${escape(JSON.stringify(b.program))}</pre>`}</details>`).join('\n')}
${model.loose.length === 0 ? '' : `<h3>Findings without a bug (${model.loose.length})</h3>
<p>Their programs showed nothing when replayed (flaky, or a timing-dependent stall), or their run came before the ledger.</p>
<table><tr><th>finding</th><th>target</th><th>version</th><th>seen</th><th>what</th><th>reproduce</th></tr>
${model.loose.map((f) => `<tr><td>${escape(f.signature)}</td><td>${escape(f.target)}</td><td class="version">${escape(f.version ?? '')}</td><td>${when(f.run)}</td>`
    + `<td>${escape(f.summary)}</td><td><code>${escape(f.repro)}</code></td></tr>`).join('\n')}</table>`}</section>`);

  if (model.interop.length > 0) {
    const implementations = [...new Set(model.interop.flatMap((row) => Object.keys(row.implementations)))].sort();
    sections.push(`<section id="interop"><h2>The same root difference in several engines</h2>
<p>Each row a root difference more than one engine's bugs show (the same behaviour, each engine's own cause).</p>
<table><tr><th>root difference</th>${implementations.map((i) => `<th>${escape(engine(i))}</th>`).join('')}</tr>
${model.interop.map((row) => `<tr><td>${escape(row.root)}</td>${implementations.map((i) => `<td>${row.implementations[i] ? `<a href="#${escape(row.implementations[i])}">bug</a>` : ''}</td>`).join('')}</tr>`).join('\n')}</table></section>`);
  }

  if (last !== null) {
    const areas = [...new Set(last.conform.flatMap((/** @type {any} */ t) => Object.keys(t.areas)))].sort();
    sections.push(`<section id="matrix"><h2>Conformance: targets × areas (last run)</h2>
<p>Subtests passed / failed in each area (channel variants together); red: a result its expectations do not list.</p>
${last.conformError ? `<p class="bad">The conformance run failed: ${escape(last.conformError)}</p>` : ''}
<div class="scroll"><table class="matrix"><tr><th>target</th><th>version</th>${areas.map((a) => `<th>${escape(a)}</th>`).join('')}</tr>
${last.conform.map((/** @type {any} */ t) => `<tr><td>${escape(t.name)}</td><td class="version" title="${escape(t.version)}">${escape(shortVersion(t.version))}</td>${areas.map((a) => {
    const c = t.areas[a];
    if (c === undefined) return '<td></td>';
    return `<td class="${c.unexpected > 0 ? 'bad' : c.fail > 0 ? 'expected' : 'ok'}" title="${c.unexpected} unexpected, ${c.notApplicable} n/a">${c.pass}/${c.fail}</td>`;
  }).join('')}</tr>`).join('\n')}</table></div>
<h3>Fuzzing by target (runtime or browser, version × channel)</h3>
<table><tr><th>target</th><th>version</th><th>cases</th><th>pass</th><th>deviation</th><th>timeout</th><th>crash</th><th>bugs</th></tr>
${last.targets.map((/** @type {any} */ t) => {
    const met = model.bugs.filter((b) => b.lastSeen === last.startedAt && b.targets[t.name] !== undefined).length;
    return `<tr><td>${escape(t.name)}</td><td class="version">${escape(t.version ?? '')}</td><td>${number(t.cases)}</td><td>${number(t.verdicts.pass ?? 0)}</td>`
      + `<td>${number(t.verdicts.deviation ?? 0)}</td><td>${t.verdicts.timeout ?? 0}</td><td>${t.verdicts.crash ?? 0}</td><td>${met}</td></tr>`;
  }).join('\n')}</table></section>`);
  }

  sections.push(`<section id="trend"><h2>Trend over the runs</h2>
<div class="charts"><div><canvas id="chart-conform"></canvas></div><div><canvas id="chart-bugs"></canvas></div><div><canvas id="chart-speed"></canvas></div></div>
<script type="application/json" id="trend-data">${JSON.stringify(model.trend).replace(/</g, '\\u003c')}</script></section>`);

  if (last !== null) {
    const coverage = last.guardCoverage;
    sections.push(`<section id="coverage"><h2>Fast-path tiers and their guards (last run)</h2>
<p>How often each tier would have taken a generated value, and how often each of its guards refused one; a 0 is a guard the campaign never reached.</p>
<table><tr><th>tier</th><th>taken</th><th>guards reached</th><th>refusals by guard</th></tr>
${tiers.map((tier) => {
    const counts = coverage[tier.id] ?? {};
    const reached = tier.reasons.filter((r) => (counts[r] ?? 0) > 0).length;
    return `<tr><td>${escape(tier.id)}</td><td class="${(counts.accept ?? 0) > 0 ? 'ok' : 'bad'}">${number(counts.accept ?? 0)}</td><td>${reached}/${tier.reasons.length}</td>`
      + `<td>${tier.reasons.map((r) => `<span class="${(counts[r] ?? 0) > 0 ? '' : 'zero'}">${escape(r)} ${number(counts[r] ?? 0)}</span>`).join(' · ')}</td></tr>`;
  }).join('\n')}</table></section>`);
  }

  if (model.bench !== null) sections.push(benchMarkup(model.bench));

  if (last?.cells !== undefined) {
    const { cells } = last;
    const empty = cells.byCell.filter((/** @type {any} */ c) => c.hits === 0);
    sections.push(`<section id="cells"><h2>The cell map (last run)</h2>
<p>Family × perturbation × pollution, where the value sits, channel mode (docs/fuzzing.md): ${number(cells.hit)} of ${number(cells.cells)} cells drawn${cells.steer === 0 ? ', unsteered' : ''}.</p>
<table><tr><th>plane</th><th>drawn</th></tr>
${Object.entries(cells.planes).map(([plane, p]) => `<tr><td>${escape(plane)}</td><td class="${p.hit === p.cells ? 'ok' : 'bad'}">${number(p.hit)}/${number(p.cells)}</td></tr>`).join('\n')}</table>
${empty.length === 0 ? '' : `<details><summary>${number(empty.length)} never drawn</summary><ul>${empty.map((/** @type {any} */ c) => `<li>${escape(c.id)}</li>`).join('')}</ul></details>`}</section>`);
  }

  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>clonecheck dashboard</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 0 2em 2em; color: #222; }
header { margin: 0 -2em 1em; padding: 0.8em 2em; color: white; }
header.verdict-ok { background: #2e7d32; } header.verdict-bad { background: #c62828; }
header h1 { margin: 0; font-size: 1.6em; } td:nth-child(4) { white-space: nowrap; } header p { margin: 0.3em 0 0; }
table { border-collapse: collapse; margin: 0.5em 0; } th, td { border: 1px solid #ccc; padding: 2px 6px; text-align: left; vertical-align: top; }
td.ok { background: #e8f5e9; } td.expected { background: #fff8e1; } td.bad, .bad { background: #ffebee; color: #b71c1c; font-weight: bold; }
.new { background: #c62828; color: white; border-radius: 3px; padding: 0 4px; font-size: 0.85em; }
.version { color: #666; font-size: 0.9em; white-space: nowrap; } .zero { color: #b71c1c; } .scroll { overflow-x: auto; }
.charts { display: flex; flex-wrap: wrap; gap: 1em; } .charts > div { width: 420px; height: 240px; }
pre { background: #f5f5f5; padding: 0.5em; max-height: 20em; overflow: auto; } code { font-size: 0.92em; }
details { margin: 0.3em 0; } summary { cursor: pointer; }
</style></head>
<body>
${sections.join('\n')}
<script src="${escape(chartScript)}"></script>
<script src="${escape(clientScript)}"></script>
</body></html>
`;
}

/**
 * The last run's findings whose programs showed nothing when triage
 * replayed them, apart from its bugs: those its run saw show only after
 * earlier cases, the flaky ones with their rate (both bugs to act on), and
 * the rest (noise, or not measured); and how its verdicts agreed with fresh
 * replays (nightly --recheck).
 * @param {{signature: string, target: string, reproducibility?: import('../bugs/reproducibility.js').Reproducibility}[]} unreproduced
 * @param {{rate: number, replayed: number, agree: number, hidden: number, historyDependent: number, otherRoot: number} | null | undefined} recheck
 * @returns {string}
 */
function notAgainSection(unreproduced, recheck) {
  const agreement = recheck == null ? '<p>The run replayed no case fresh (nightly --recheck RATE measures how its verdicts agree with fresh replays).</p>'
    : `<p>Fresh replays (rate ${recheck.rate}): ${number(recheck.replayed)} cases, ${number(recheck.agree)} agree, <b>${recheck.hidden} hidden</b> (fresh deviates, the run passed), `
      + `${recheck.historyDependent} history-dependent (the run deviated, fresh passes), ${recheck.otherRoot} another root.</p>`;
  const rows = unreproduced.map((f) => `<tr><td>${escape(f.reproducibility?.kind ?? 'unmeasured')}</td><td>${escape(f.signature)}</td><td>${escape(f.target)}</td>`
    + `<td>${escape(reproducibilityText(f.reproducibility).replace(/^: /, ''))}</td></tr>`);
  return `<section id="not-again"><h2>Findings that did not show again (${unreproduced.length})</h2>
${agreement}
${rows.length === 0 ? '' : `<table><tr><th>kind</th><th>finding</th><th>target</th><th>what its run measured</th></tr>\n${rows.join('\n')}</table>`}
</section>`;
}
