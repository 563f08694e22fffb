#!/usr/bin/env node
// usage: node test/measure/shrunk.js [--json] RESULTS.json …
//
// How small are the shrunk findings of some fuzz runs? For each results file
// (`clonecheck fuzz --json`), over its shrunk deviations: the median and mean
// number of objects, of parts (properties, array items, map entries, set
// values), of realm steps, and of Values not at their simplest (a number
// other than 0, a string other than "", true, a bigint other than 0n, a
// special number, a runtime-built string: simplify.js would try a simpler
// one; references are counted as objects), plus the changes shrinking kept
// (finding.json `shrink`, where the run recorded it), how many of the crashes
// and timeouts were shrunk, and the time the shrink phase took. Runs side by
// side: give the same run before and after a change.

import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { mapNode, mapProp } from '../../src/program/index.js';
import { simplerValues } from '../../portable/minimize/simplify.js';
import { median } from '../../harness/bench/median.js';

/**
 * @param {any} program
 * @returns {{objects: number, parts: number, steps: number, notSimplest: number}}
 */
function programSize(program) {
  const objects = program.objects ?? [];
  const steps = [...(program.sender ?? []), ...(program.receiver ?? [])];
  let notSimplest = 0;
  const count = (/** @type {unknown} */ value, /** @type {string} */ field) => {
    const isRef = typeof value === 'object' && value !== null && Object.hasOwn(value, 'ref');
    if (field !== 'proto' && !isRef && !simplerValues(value).next().done) notSimplest += 1;
    return value;
  };
  count(program.root, 'root');
  for (const node of objects) mapNode(node, { value: count, index: (i) => i });
  for (const step of steps) mapProp(step, { value: count, index: (i) => i });
  const parts = objects.reduce((sum, node) => sum + ['props', 'items', 'entries', 'values'].reduce((n, list) => n + (node[list]?.length ?? 0), 0), 0);
  return { objects: objects.length, parts, steps: steps.length, notSimplest };
}

/** @param {number[]} xs */
const mean = (xs) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);

/**
 * @param {string} file a results document
 */
function shrunkSummary(file) {
  const document = JSON.parse(readFileSync(file, 'utf8'));
  const shrunk = document.findings.filter((f) => f.minimized && f.verdict === 'deviation');
  const stalls = document.findings.filter((f) => f.verdict !== 'deviation');
  const sizes = shrunk.map((f) => programSize(JSON.parse(readFileSync(f.programFile, 'utf8'))));
  const measures = /** @type {const} */ (['objects', 'parts', 'steps', 'notSimplest']);
  const summary = Object.fromEntries(measures.map((m) => {
    const xs = sizes.map((s) => s[m]);
    return [m, { median: xs.length === 0 ? 0 : median(xs), mean: Math.round(mean(xs) * 100) / 100 }];
  }));
  const recorded = shrunk.filter((f) => f.shrink !== undefined);
  return {
    file,
    findings: document.findings.length,
    shrunk: shrunk.length,
    stallsShrunk: `${stalls.filter((f) => f.minimized).length} of ${stalls.length}`,
    ...summary,
    removed: recorded.reduce((n, f) => n + f.shrink.removed, 0),
    simplified: recorded.reduce((n, f) => n + f.shrink.simplified, 0),
    localMinimum: `${recorded.filter((f) => f.shrink.localMinimum).length} of ${recorded.length}`,
    candidates: recorded.reduce((n, f) => n + f.shrink.candidates, 0),
    shrinkSeconds: Math.round((document.elapsedMs - document.fuzzMs) / 100) / 10,
  };
}

const { values, positionals } = parseArgs({ options: { json: { type: 'boolean' } }, allowPositionals: true });
const rows = positionals.map(shrunkSummary);
if (values.json) {
  process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
} else {
  const cell = (/** @type {{median: number, mean: number}} */ m) => `${m.median} / ${m.mean}`;
  process.stdout.write('| run | findings | deviations shrunk | objects (median / mean) | parts | realm steps | values not simplest | removed | simplified '
    + '| local minima | candidates | crashes and timeouts shrunk | shrink s |\n');
  process.stdout.write('|---|---|---|---|---|---|---|---|---|---|---|---|---|\n');
  for (const r of rows) {
    process.stdout.write(`| ${r.file} | ${r.findings} | ${r.shrunk} | ${cell(r.objects)} | ${cell(r.parts)} | ${cell(r.steps)} | ${cell(r.notSimplest)} `
      + `| ${r.removed} | ${r.simplified} | ${r.localMinimum} | ${r.candidates} | ${r.stallsShrunk} | ${r.shrinkSeconds} |\n`);
  }
}
