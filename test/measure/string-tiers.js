#!/usr/bin/env node
// usage: node test/measure/string-tiers.js [--json] [--decoder PATH] [--row-ms MS] [--bytes N] [--fixture NAME]...
//
// Times the bench suite "strings" (portable/bench/suites/strings.js) in this
// runtime with mitata and prints each fixture's rows side by side, with the
// ratio of each row's median to the group's baseline (byte-by-byte) and to
// the host's TextDecoder. `clonecheck bench --suite strings` runs the same
// suite in every runtime's agent and browser's page; this script is what it
// does not do yet: a user's decoder module (--decoder) with its setup's heap
// growth, and the ratio to TextDecoder beside the baseline's. Runs unchanged
// under Node, Bun (`bun test/measure/string-tiers.js`) and Deno
// (`deno run -A test/measure/string-tiers.js`).

import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { measure } from 'mitata';
import { PROJECT_SOURCES, suite } from '../../portable/bench/suites/strings.js';

const USAGE = 'usage: string-tiers.js [--json] [--decoder PATH] [--row-ms MS] [--bytes N] [--fixture NAME]...';
let args;
try {
  ({ values: args } = parseArgs({
    options: {
      json: { type: 'boolean', default: false },
      decoder: { type: 'string' },
      'row-ms': { type: 'string', default: '300' },
      bytes: { type: 'string', default: '32768' },
      fixture: { type: 'string', multiple: true },
    },
  }));
} catch (error) {
  console.error(`${error.message}; ${USAGE}`);
  process.exit(2);
}
const rowMs = Number(args['row-ms']);
const bytes = Number(args.bytes);
if (!(rowMs > 0) || !Number.isSafeInteger(bytes) || bytes < 1) {
  console.error(`--row-ms takes a positive number of milliseconds and --bytes a positive integer; ${USAGE}`);
  process.exit(2);
}

/**
 * A full collection before each heap reading, so a user decoder's setup.bytes
 * is what it keeps, not its garbage: Bun's own call; V8's gc() exposed at run
 * time in Node; undefined where neither works (Deno ignores V8 flags set late).
 */
const collectGarbage = (() => {
  if (globalThis.Bun) return () => globalThis.Bun.gc(true);
  try {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc');
  } catch {
    return undefined;
  }
})();

const root = new URL('../../', import.meta.url);
const sources = PROJECT_SOURCES.map((name) => ({ name, text: readFileSync(new URL(name, root), 'utf8') }));
/** @type {import('../../portable/bench/suites/strings.js').StringsTarget} */
const target = {
  // oxc decodes the source as Latin-1 with Buffer#latin1Slice (oxc#21021); a view, not a copy.
  latin1: (b, start, length) => Buffer.from(b.buffer, b.byteOffset + start, length).latin1Slice(),
  heapUsed: () => {
    collectGarbage?.();
    return process.memoryUsage().heapUsed;
  },
};
if (args.decoder !== undefined) {
  const module = await import(pathToFileURL(resolve(args.decoder)).href);
  if (typeof module.decode !== 'function') {
    console.error(`--decoder ${args.decoder}: the module must export decode(pos, len) (and may export setup(bytes, sourceEnd))`);
    process.exit(2);
  }
  target.decoder = { name: args.decoder, setup: module.setup, decode: module.decode };
}

const runtime = globalThis.Bun ? `bun ${globalThis.Bun.version}` : globalThis.Deno ? `deno ${globalThis.Deno.version.deno}` : `node ${process.version}`;
const started = performance.now();
const rows = await suite.prepare({ target, shapes: args.fixture, options: { bytes, sources } });
const startupMs = performance.now() - started;

const results = [];
for (const row of rows) {
  // One op decodes a whole buffer (tens of µs at least), far above the timer's
  // resolution, so no batching: mitata would otherwise run 12 × 4,096 ops of any
  // row under 65 µs, whatever --row-ms says.
  const stats = await measure(row.fn, { min_cpu_time: rowMs * 1e6, batch_threshold: 0 });
  results.push({ ...row, ns: { min: stats.min, p50: stats.p50, p75: stats.p75, p99: stats.p99, max: stats.max }, samples: stats.samples.length });
}
for (const result of results) {
  const group = results.filter((r) => r.group === result.group);
  result.ratio = result.ns.p50 / group.find((r) => r.baseline).ns.p50;
  result.vsTextDecoder = result.ns.p50 / group.find((r) => r.name === 'TextDecoder').ns.p50;
}

if (args.json) {
  const json = results.map(({ group, name, baseline, ns, samples, ratio, vsTextDecoder, setup, note }) => ({
    target: runtime, suite: suite.id, group, name, baseline: baseline ?? false, ns, samples, ratio, vsTextDecoder, setup, note,
  }));
  process.stdout.write(`${JSON.stringify({ runtime, rowMs, startupMs, rows: json }, null, 2)}\n`);
} else {
  const us = (ns) => (ns / 1000).toFixed(ns < 1e5 ? 1 : 0).padStart(8);
  console.log(`${runtime}: suite ${suite.id}, start-up ${startupMs.toFixed(0)} ms, mitata ${rowMs} ms per row; µs per op = one buffer's strings all decoded`);
  const width = Math.max(...results.map((r) => r.name.length));
  for (const group of [...new Set(results.map((r) => r.group))]) {
    const inGroup = results.filter((r) => r.group === group);
    console.log(`\n${group}: ${inGroup.find((r) => r.baseline).note}`);
    console.log(`  ${'row'.padEnd(width)} ${'min µs'.padStart(8)} ${'p50 µs'.padStart(8)} ${'p75 µs'.padStart(8)}  ×base  ×TextDec  setup ms  setup KB`);
    for (const r of inGroup) {
      const setup = r.setup === undefined ? '' : `${r.setup.ms.toFixed(2).padStart(8)}  ${r.setup.bytes === undefined ? '' : (r.setup.bytes / 1024).toFixed(1).padStart(8)}`;
      console.log(`  ${r.name.padEnd(width)} ${us(r.ns.min)} ${us(r.ns.p50)} ${us(r.ns.p75)}  ${r.ratio.toFixed(2).padStart(5)}  ${r.vsTextDecoder.toFixed(2).padStart(7)}  ${setup}`);
    }
  }
}
