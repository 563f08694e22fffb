// The dashboard's one page, laid out from the model (model.js): what
// regressed last night first (each with its version and repro command), then
// the matrix of targets against areas, the trends (charts drawn by Chart.js
// in client.js from the data embedded here), guard coverage, the fuzz
// statistics, and every finding with its program and differences. Tables
// are plain HTML: the page reads without its scripts too.

import { tiers } from '../../src/index.js';
import { xml as escape } from '../conform/report.js';

/** @param {string | null | undefined} iso @returns {string} `2026-11-24 03:00` */
const when = (iso) => (iso ? iso.slice(0, 16).replace('T', ' ') : '');
/** @param {string} version  `reference (HTML Living Standard, …) in node 20.20.2` @returns {string} `reference`: the rest is in its title */
const shortVersion = (version) => version.replace(/ \(.*$| in node \S+$/, '');
/** @param {{target: string, lastSeen: {version: string | null}}[]} entries @returns {string} `bun:clone (1.4.5) 3 · …`, most first */
function byTarget(entries) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const e of entries) {
    const key = `${e.target} (${e.lastSeen.version ?? '?'})`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([target, n]) => `<b>${escape(target)}</b> ${n}`).join(' · ');
}
/** @param {number} n */
const number = (n) => new Intl.NumberFormat('en-US').format(n);
/** @param {unknown} value @returns {string} as JSON, safe in HTML text (not in a script: entities are not decoded there) */
const json = (value) => escape(JSON.stringify(value));

/**
 * @param {ReturnType<typeof import('./model.js').dashboardModel>} model
 * @param {{chartScript: string, clientScript: string, findingFiles: Map<string, string>}} assets
 *   the scripts' file names beside the page, and each finding's repro file there, by signature
 * @returns {string}
 */
export function dashboardPage(model, { chartScript, clientScript, findingFiles }) {
  const { last } = model;
  const sections = [];
  const regressedCount = model.regressed.findings.length + model.regressed.conform.length;
  sections.push(`<header class="${regressedCount === 0 ? 'verdict-ok' : 'verdict-bad'}">
  <h1>clonecheck: ${regressedCount === 0 ? 'nothing regressed' : `${regressedCount} regression${regressedCount === 1 ? '' : 's'}`} in the last run${model.runs === 1 ? ' (the history\'s first: everything unknown is new)' : ''}</h1>
  <p>${last === null ? 'no run yet' : `last run ${when(last.startedAt)} UTC: ${number(last.cases)} cases on ${last.targets.length} targets (${number(last.casesPerSecond)} cases/s), `
    + `seed ${last.seed} × ${last.seeds}, ${last.shards} shard${last.shards === 1 ? '' : 's'}, ${(last.elapsedMs / 1000).toFixed(0)} s`}; ${model.runs} run${model.runs === 1 ? '' : 's'} in the history</p>
</header>`);

  sections.push(`<section id="regressed"><h2>What regressed last night</h2>${regressedCount === 0 ? '<p>No new finding and no unexpected conformance result.</p>' : ''}
${model.regressed.findings.length === 0 ? '' : `<p>First seen in the last run and not known, by target: ${byTarget(model.regressed.findings)}</p>
<table><tr><th>finding</th><th>target</th><th>version</th><th>first seen</th><th>what</th><th>reproduce</th></tr>
${model.regressed.findings.map((e) => `<tr><td><a href="#${escape(e.signature)}">${escape(e.signature)}</a> <span class="new">new</span></td>`
    + `<td>${escape(e.target)}</td><td>${escape(e.lastSeen.version ?? '')}</td><td>${when(e.firstSeen.run)}</td><td>${escape(e.finding.summary)}</td>`
    + `<td><code>${escape(e.finding.repro)}</code></td></tr>`).join('\n')}</table>`}
${model.regressed.conform.length === 0 ? '' : `<table><tr><th>conformance target</th><th>version</th><th>area</th><th>unexpected results</th><th>reproduce</th></tr>
${model.regressed.conform.map((c) => `<tr><td>${escape(c.target)}</td><td>${escape(c.version)}</td><td>${escape(c.area)}</td><td class="bad">${c.unexpected}</td>`
    + `<td><code>clonecheck conform wpt/${escape(c.area)}.any.js --target ${escape(c.target)}</code></td></tr>`).join('\n')}</table>`}</section>`);

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
<table><tr><th>target</th><th>version</th><th>cases</th><th>pass</th><th>deviation</th><th>timeout</th><th>crash</th><th>findings</th></tr>
${last.targets.map((/** @type {any} */ t) => {
    const findings = model.findings.filter((e) => e.target === t.name && e.lastSeen.run === last.startedAt).length;
    return `<tr><td>${escape(t.name)}</td><td class="version">${escape(t.version ?? '')}</td><td>${number(t.cases)}</td><td>${number(t.verdicts.pass ?? 0)}</td>`
      + `<td>${number(t.verdicts.deviation ?? 0)}</td><td>${t.verdicts.timeout ?? 0}</td><td>${t.verdicts.crash ?? 0}</td><td>${findings}</td></tr>`;
  }).join('\n')}</table></section>`);
  }

  sections.push(`<section id="trend"><h2>Trend over the runs</h2>
<div class="charts"><div><canvas id="chart-conform"></canvas></div><div><canvas id="chart-findings"></canvas></div><div><canvas id="chart-speed"></canvas></div></div>
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

  sections.push(`<section id="findings"><h2>Every finding (${model.findings.length})</h2>
<table><tr><th>finding</th><th>target</th><th>verdict</th><th>first seen</th><th>last seen</th><th title="the first later run that fuzzed its target and did not find it">fixed in (not found since)</th><th>runs</th><th>upstream</th></tr>
${model.findings.map((e) => `<tr><td><a href="#${escape(e.signature)}">${escape(e.signature)}</a></td><td>${escape(e.target)}</td><td>${escape(e.finding.verdict)}</td>`
    + `<td>${when(e.firstSeen.run)} <span class="version">${escape(e.firstSeen.version ?? '')}</span></td><td>${when(e.lastSeen.run)}</td>`
    + `<td>${e.fixedIn === null ? '' : `${when(e.fixedIn.run)} <span class="version">${escape(e.fixedIn.version ?? '')}</span>`}</td><td>${e.runs}</td>`
    + `<td>${e.finding.link ? `<a href="${escape(e.finding.link)}">bug</a>` : e.finding.known ? 'known' : '<span class="new">new</span>'}</td></tr>`).join('\n')}</table>
${model.findings.map((e) => {
    const f = e.finding;
    const file = findingFiles.get(e.signature);
    return `<details id="${escape(e.signature)}"><summary>${escape(e.signature)}: ${escape(f.summary)}</summary>
<p>${escape(e.target)} ${escape(e.lastSeen.version ?? '')}; seed ${f.seed}, case ${f.case}; ${f.count} case${f.count === 1 ? '' : 's'}${f.minimized ? ', shrunk' : ''}</p>
<p>Reproduce: <code>${escape(f.repro)}</code>${file === undefined ? '' : `, or <code>node ${escape(file)}</code> (<a href="${escape(file)}">${escape(file)}</a>)`}</p>
${f.diff.length === 0 ? `<p>${escape(f.detail ?? '')}</p>` : `<table><tr><th>path</th><th>category</th><th>expected</th><th>actual</th></tr>
${f.diff.map((/** @type {any} */ d) => `<tr><td><code>${escape(d.path)}</code></td><td>${escape(d.category)}</td><td><code>${json(d.expected)}</code></td><td><code>${json(d.actual)}</code></td></tr>`).join('\n')}</table>`}
<pre>${escape(JSON.stringify(f.program, null, 2))}</pre></details>`;
  }).join('\n')}</section>`);

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
