// The dashboard's benchmark section (model and markup): a bench run's
// results (harness/bench/report.js benchDocument, from `clonecheck bench
// --json` or a nightly run's `bench`) as shapes × targets, each cell the
// eligible shape's p50 and the fast-path inference its twins give, and
// the twin regressions of the targets it compared side by side.

import { xml as escape } from '../conform/report.js';
import { formatNs } from '../bench/report.js';

/**
 * @typedef {object} BenchSection
 * @property {string} startedAt
 * @property {{rowMs: number, rounds: number, fastPathRatio: number}} options
 * @property {{target: string, version: string | null}[]} targets
 * @property {string[]} groups  the shapes, in the suite's order
 * @property {Record<string, Record<string, {p50: number | null, verdict: string, lostBy: string[]}>>} cells  target → shape
 * @property {{before: string, after: string, group: string, name: string, speedup: number}[]} twinRegressions
 */

/**
 * @param {any} document  a bench document, or undefined
 * @returns {BenchSection | null}
 */
export function benchSection(document) {
  if (document === undefined || document === null) return null;
  /** @type {BenchSection['cells']} */
  const cells = {};
  for (const inference of document.inferences) {
    const eligible = document.results.find((/** @type {any} */ r) => r.target === inference.target && r.group === inference.group && r.baseline);
    (cells[inference.target] ??= {})[inference.group] = { p50: eligible?.ns?.p50 ?? null, verdict: inference.verdict, lostBy: inference.lostBy };
  }
  return {
    startedAt: document.startedAt,
    options: document.options,
    targets: document.targets.map((/** @type {any} */ t) => ({ target: t.target, version: t.runtime?.version ?? null })),
    groups: [...new Set(document.results.map((/** @type {any} */ r) => r.group))],
    cells,
    twinRegressions: document.comparisons.filter((/** @type {any} */ c) => c.twinRegression)
      .map((/** @type {any} */ { before, after, group, name, speedup }) => ({ before, after, group, name, speedup })),
  };
}

/** @param {BenchSection} bench @returns {string} the section's HTML */
export function benchMarkup(bench) {
  const cell = (/** @type {string} */ target, /** @type {string} */ group) => {
    const c = bench.cells[target]?.[group];
    if (c === undefined) return '<td></td>';
    const lost = c.lostBy.map((n) => n.replace(/^twin: /, '')).join(', ');
    return `<td class="${c.verdict === 'fast path' ? 'ok' : ''}" title="${escape(c.verdict === 'fast path' ? `lost by ${lost}` : c.verdict)}">`
      + `${escape(formatNs(c.p50 ?? NaN))}<br><small>${escape(c.verdict)}</small></td>`;
  };
  return `<section id="bench"><h2>Benchmarks: the seeds' shapes (${escape(bench.startedAt.slice(0, 16).replace('T', ' '))} UTC)</h2>
<p>Each cell: the eligible shape's ns/op (p50, ${bench.options.rowMs} ms of samples in ${bench.options.rounds} rounds), and "fast path" when one of its
ineligible twins is at least ${bench.options.fastPathRatio}× slower by p50 and by min (the twin that loses it in the cell's title), "unclear" when
they disagree; docs/bench.md.</p>
<div class="scroll"><table class="matrix"><tr><th>shape</th>${bench.targets.map((t) => `<th title="${escape(t.version ?? '')}">${escape(t.target)}</th>`).join('')}</tr>
${bench.groups.map((group) => `<tr><td>${escape(group)}</td>${bench.targets.map((t) => cell(t.target, group)).join('')}</tr>`).join('\n')}</table></div>
${bench.twinRegressions.length === 0 ? '' : `<h3>Twin regressions</h3><ul>${bench.twinRegressions.map((r) => `<li class="bad">${escape(r.after)} against ${escape(r.before)}: `
    + `${escape(r.group)} ${escape(r.name)} ${(1 / r.speedup).toFixed(2)}× as slow</li>`).join('')}</ul>`}</section>`;
}
