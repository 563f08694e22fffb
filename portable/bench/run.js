// The bench runner: times a suite's rows with mitata inside whatever realm
// runs it (this Node, a runtime's agent, a browser page), and turns the
// samples into result rows (suite.js BenchResult). Host-free: mitata's
// `measure` runs unchanged in Node, Bun, Deno and browsers.
//
// mitata measures one function at a time, so the rows of a group are
// interleaved by rounds: each round measures every row for its share of the
// row's time, and a row's samples are pooled over the rounds. Drift (GC, JIT
// tiering, frequency scaling, the other helpers' load on a shared machine)
// then reaches every row of a group alike, which the ratios need.

import { measure } from 'mitata';

/** ms of samples per row when the caller does not say: the clone suite's 64 rows take ~7 s a target. */
export const DEFAULT_ROW_MS = 100;

/**
 * Rounds a group's rows alternate over. Two is the least that interleaves;
 * four, because the machine this was written on ran at a load average of
 * 13-15 on 2 cores (other jobs beside it): the finer the rows alternate,
 * the more alike a burst of load reaches them. Each round costs mitata's
 * warm-up of up to 3 calls.
 */
export const DEFAULT_ROUNDS = 4;

/** mitata's own minimum of samples per measurement (lib.mjs k_min_samples), kept as is. */
const MIN_SAMPLES = 12;

/** mitata's own largest batch (lib.mjs k_batch_samples): calls per sample of a fast operation. */
const MAX_BATCH = 4096;

/** mitata unrolls a batch's loop by 4 (k_batch_unroll): a batch is a multiple of it. */
const UNROLL = 4;

/** How long the calibration of a row's batch times calls for. */
const CALIBRATION_NS = 1e6;

/**
 * Runs the suite's `prepare` in this realm and times it: the suite's start-up.
 * @param {import('./suite.js').BenchSuite} suite
 * @param {import('./suite.js').BenchContext} context
 * @returns {Promise<{startupMs: number, rows: import('./suite.js').BenchRow[]}>}
 */
export async function prepareSuite(suite, context) {
  const started = performance.now();
  const rows = await suite.prepare(context);
  return { startupMs: performance.now() - started, rows };
}

/**
 * The order rows are measured in, as units of rows measured together: every
 * group's ordinary rows first, group by group, then every group's rows with
 * an `enter` (a polluted prototype): an engine may keep a realm-wide slow mode
 * once a prototype had an indexed property (JavaScriptCore's "having a bad
 * time" is never undone), and that must not reach the rows measured after it.
 * @param {import('./suite.js').BenchRow[]} rows
 * @returns {{group: string, rows: number[]}[]} indices into `rows`
 */
export function measuringUnits(rows) {
  const units = [];
  for (const polluting of [false, true]) {
    /** @type {Map<string, number[]>} */
    const byGroup = new Map();
    rows.forEach((row, index) => {
      if ((row.enter !== undefined) !== polluting) return;
      const indices = byGroup.get(row.group) ?? [];
      byGroup.set(row.group, indices);
      indices.push(index);
    });
    for (const [group, indices] of byGroup) units.push({ group, rows: indices });
  }
  return units;
}

/**
 * Times the rows of one unit, interleaved by rounds.
 * @param {import('./suite.js').BenchRow[]} rows
 * @param {{rowMs?: number, rounds?: number}} [options]
 * @returns {Promise<Measured[]>} per row, its pooled samples (ns/op, sorted)
 */
export async function measureRows(rows, { rowMs = DEFAULT_ROW_MS, rounds = DEFAULT_ROUNDS } = {}) {
  const pooled = rows.map(() => /** @type {number[]} */ ([]));
  /** @type {(number | {error: string})[]} */
  const firstCalls = [];
  for (const row of rows) firstCalls.push(await during(row, () => firstCallNs(row.fn)).catch((error) => ({ error: String(error?.stack ?? error).split('\n')[0] })));
  const roundNs = (rowMs / rounds) * 1e6;
  const batches = [];
  for (const [index, row] of rows.entries()) {
    batches.push(typeof firstCalls[index] === 'number' ? await during(row, async () => batching(await perCallNs(row.fn), roundNs, clockStepNs())) : undefined);
  }
  for (let round = 0; round < rounds; round++) {
    for (const [index, row] of rows.entries()) {
      // A row whose first call threw (a polyfill without BigInt) is reported, not timed.
      if (batches[index] === undefined) continue;
      const stats = await during(row, () => measure(row.fn, {
        // mitata's fallback where the host exposes no gc() allocates 1 GiB before
        // each measurement; no collection is forced anywhere, so every host is alike.
        gc: false,
        min_samples: MIN_SAMPLES,
        min_cpu_time: roundNs,
        ...batches[index],
      }));
      // Not spread: a row mitata could not batch (a first call slowed by load) takes hundreds of
      // thousands of samples, more arguments than a call can take (RangeError in a CI run, 2026-12-05).
      for (const sample of stats.samples) pooled[index].push(sample);
    }
  }
  return pooled.map((samples, index) => {
    const first = firstCalls[index];
    return typeof first === 'number' ? { samples: samples.sort((a, b) => a - b), firstCallNs: first } : { samples, firstCallNs: NaN, error: first.error };
  });
}

/** @typedef {{samples: number[], firstCallNs: number, error?: string}} Measured */

/**
 * mitata's batches sized for the row's time: mitata batches 4096 calls into
 * a sample whenever one call takes under 65 µs, so its 12 samples at least
 * were 49,152 calls, 2 s for a 44 µs clone (the reference's [100 ints]) and
 * half a minute for 1000 doubles on its spec path, whatever the budget. Here
 * a sample is about a twelfth of half a round, so that the minimum of 12
 * samples fits in the round's time, and at least 50 steps of the clock:
 * pages coarsen it (20 µs in WebKitGTK and Firefox here), and a batch of
 * 4 calls there measured 0 ns at p50.
 * mitata batches only when the first call of its warm-up took at most
 * warmup_threshold (500 µs): one call caught by a collection or by the
 * scheduler on a loaded machine made every sample one call, and a page's
 * coarse clock timed both rows of a group at 0 ns (a CI run on a 2-core
 * machine, 2026-12-04). A batch decided here is taken whatever that call took.
 * @param {number} callNs @param {number} roundNs @param {number} [clockStepNs]
 * @returns {{batch_samples: number, batch_threshold: number, warmup_threshold?: number}}
 */
export function batching(callNs, roundNs, clockStepNs = 0) {
  const sampleNs = Math.max(roundNs / 2 / MIN_SAMPLES, 50 * clockStepNs);
  const calls = Math.floor(sampleNs / callNs / UNROLL) * UNROLL;
  // A call too slow for a batch of UNROLL: one call a sample. mitata batches a call its warm-up times
  // at or under the threshold, and a coarse clock times a call at 0: -1 keeps it from batching at all.
  if (calls < UNROLL) return { batch_samples: UNROLL, batch_threshold: -1 };
  return { batch_samples: Math.min(MAX_BATCH, calls), batch_threshold: Infinity, warmup_threshold: Infinity };
}

/** @type {number | undefined} the clock's smallest step here, in ns, measured once */
let clockStep;

/** @returns {number} the smallest step performance.now() takes here, in ns */
function clockStepNs() {
  if (clockStep === undefined) {
    clockStep = Infinity;
    for (let i = 0; i < 5; i++) {
      const before = performance.now();
      let after = before;
      while (after === before) after = performance.now();
      clockStep = Math.min(clockStep, (after - before) * 1e6);
    }
  }
  return clockStep;
}

/**
 * Roughly the ns a warm call takes: enough to size a batch. Calls are timed
 * for at least 8 calls and CALIBRATION_NS (and 50 clock steps), twice, and
 * the faster estimate kept: one call that compiles or collects (over 1 ms
 * in WebKit) must not make the row's batches a few calls long.
 * @param {() => unknown} fn
 * @returns {Promise<number>}
 */
async function perCallNs(fn) {
  const leastNs = Math.max(CALIBRATION_NS, 50 * clockStepNs());
  let best = Infinity;
  for (let pass = 0; pass < 2; pass++) {
    let calls = 0;
    const started = performance.now();
    let elapsedNs = 0;
    while (calls < 8 || elapsedNs < leastNs) {
      const result = fn();
      if (result instanceof Promise) await result;
      calls += 1;
      elapsedNs = (performance.now() - started) * 1e6;
    }
    best = Math.min(best, elapsedNs / calls);
  }
  return best;
}

/**
 * Runs `work` with the row's realm-wide condition in place, and always takes it away again.
 * @template T
 * @param {import('./suite.js').BenchRow} row @param {() => Promise<T> | T} work
 * @returns {Promise<T>}
 */
async function during(row, work) {
  row.enter?.();
  try {
    return await work();
  } finally {
    row.leave?.();
  }
}

/** @param {() => unknown} fn @returns {Promise<number>} ns of one call (awaited), before any warm-up */
async function firstCallNs(fn) {
  const started = performance.now();
  await fn();
  return (performance.now() - started) * 1e6;
}

/**
 * The spread of sorted samples, by the same index rule as mitata's own.
 * @param {number[]} sorted
 * @returns {import('./suite.js').Spread}
 */
export function spreadOf(sorted) {
  const at = (/** @type {number} */ q) => sorted[Math.trunc(q * (sorted.length - 1))];
  return { min: sorted[0], p50: at(0.5), p75: at(0.75), p99: at(0.99), max: sorted[sorted.length - 1] };
}

/**
 * Result rows for measured rows, their ratios not yet known (`withRatios`).
 * @param {{target: string, suite: string}} where
 * @param {import('./suite.js').BenchRow[]} rows
 * @param {Measured[]} measured
 * @returns {import('./suite.js').BenchResult[]}
 */
export function resultRows({ target, suite }, rows, measured) {
  return rows.map((row, index) => {
    const { samples, firstCallNs: first, error } = measured[index];
    return {
      target, suite, group: row.group, name: row.name, baseline: row.baseline === true,
      ns: samples.length === 0 ? null : spreadOf(samples), samples: samples.length, ratio: NaN, minRatio: NaN,
      firstCallNs: first, setup: row.setup ?? null, note: error ?? row.note ?? null,
    };
  });
}

/**
 * Each row's ratios: its p50 over the p50 of its group's baseline row of the
 * same target, and its min over the baseline's min (NaN when the group's
 * baseline was not measured: a run stopped early). On a loaded machine the
 * p50 of a batch moves with the load; the min, the fastest batch, moves far
 * less (harness/bench/report.js reads both).
 * @param {import('./suite.js').BenchResult[]} results
 * @returns {import('./suite.js').BenchResult[]}
 */
export function withRatios(results) {
  const baselines = new Map(results.filter((r) => r.baseline && r.ns !== null).map((r) => [`${r.target}\n${r.group}`, r.ns]));
  return results.map((r) => {
    const baseline = baselines.get(`${r.target}\n${r.group}`);
    return { ...r, ratio: (r.ns?.p50 ?? NaN) / (baseline?.p50 ?? NaN), minRatio: (r.ns?.min ?? NaN) / (baseline?.min ?? NaN) };
  });
}
