// The bench suite interface (docs/bench.md): what a suite module
// (portable/bench/suites/<id>.js) exports, the rows it hands the runner
// (run.js), and the result rows the runner gives back. Types only: suites
// run inside runtime agents and browser pages, so nothing here touches a host.

/**
 * What `prepare` gets: the target as the runner's host gives it, the shapes
 * asked for (none: all), and the suite's own options.
 * @typedef {object} BenchContext
 * @property {BenchTarget} target
 * @property {string[]} [shapes]  the groups' ids to build (`--shape`); none: every one
 * @property {object} [options]
 */

/**
 * A target inside the realm that measures it (tasks.js builds it): for the
 * clone suite, the clone to time, synchronous or a round trip.
 * @typedef {object} BenchTarget
 * @property {string} name  `node:clone`, `ref:tiers`, …
 * @property {string} [channel]  clone, messagechannel, worker, …; none for module targets (ref:, polyfill:)
 * @property {(value: unknown) => unknown | Promise<unknown>} clone  the value's clone, or a Promise of the value
 *   that landed back here (an asynchronous channel's round trip)
 * @property {(bytes: Uint8Array, start: number, length: number) => string} [latin1]  the host's isomorphic decode
 *   (Buffer#latin1Slice, where the host has a global Buffer): the strings suite's setup as oxc does it
 */

/**
 * One timed operation. `enter`/`leave` (both or neither) put a realm-wide
 * condition in place around the row's timing and take it away again (a
 * polluted prototype): the runner calls `enter` right before timing the row
 * and `leave` right after, so the condition never reaches another row.
 * @typedef {object} BenchRow
 * @property {string} group  rows compared with each other (a shape)
 * @property {string} name  the variant: 'eligible', 'twin: hole', 'TextDecoder' …
 * @property {boolean} [baseline]  the row the group's ratios are against (one per group)
 * @property {() => unknown | Promise<unknown>} fn  the timed operation, whole
 * @property {{ms: number, bytes?: number}} [setup]  one-off cost measured by the suite itself, reported beside ns/op
 * @property {string} [note]
 * @property {() => void} [enter]
 * @property {() => void} [leave]
 */

/**
 * @typedef {object} BenchSuite
 * @property {string} id  as `--suite` names it
 * @property {string} describe  one line for --help and the report
 * @property {(context: BenchContext) => Promise<BenchRow[]>} prepare  runs once in the target's realm before anything is
 *   timed (the runner times it: the suite's start-up)
 * @property {{id: string, group: string}[]} [shapes]  every group the suite can build: `--shape` is checked against them
 * @property {readonly string[]} [sources]  files of the package (paths from its root) the harness reads and passes as
 *   `options.sources` ({name, text}[]): a page or an agent reads no files
 *   before any target starts (a suite without them gets every `--shape` as given)
 */

/**
 * ns/op of a row over its samples (each sample a batch's mean, as mitata takes them).
 * @typedef {{min: number, p50: number, p75: number, p99: number, max: number}} Spread
 */

/**
 * One measured row, as `--json` writes it (docs/bench.md).
 * @typedef {object} BenchResult
 * @property {string} target
 * @property {string} suite
 * @property {string} group
 * @property {string} name
 * @property {boolean} baseline
 * @property {Spread | null} ns  null: the row threw on its first call (`note` says what), and was not timed
 * @property {number} samples  how many samples the spread is over
 * @property {number} ratio  this row's p50 over its group's baseline row's p50, measured in the same run (1 for the baseline)
 * @property {number} minRatio  the same of the mins: the fastest batches, which a loaded machine moves least
 * @property {number} firstCallNs  the first call, before any warm-up: what a cold call costs
 * @property {{ms: number, bytes?: number} | null} setup
 * @property {string | null} note  the row's note, or the error its first call threw
 */

export {};
