// Shrinking crashes and timeouts (the findings stalls.js makes, and the
// judge's receiving workers that died). Their programs go straight to a local
// minimum (reduce.js: removals, then simplifications), as a deviation's do
// after fast-check, but each candidate runs alone in a fresh thread or agent
// (harness/findings/replay.js, on the pool and its watchdog, with the run's
// --timeout): a crash or a hang takes its thread or agent with it, and may
// leave a runtime's state behind for whatever ran next. A candidate still
// fails when it stalls the same way: a timeout again, or a crash with the same
// kind of death (`deathOf`). Each finding's budget is explicit: at most
// --stall-shrink-runs candidates and --stall-shrink-time seconds, `--workers`
// candidates at a time. The finding's own program runs first, up to
// REPRODUCE_ATTEMPTS times (a runtime's crash may be a race): one that no fresh
// thread or agent reproduces stays as found, and the finding says so; it is
// then run up to FLAKY_REPLAYS times in all, and the finding says how often
// it showed (`shrink.replays`): flaky at that rate, or not seen again.

import { replayProgram } from '../findings/replay.js';
import { reduceProgram } from '../../portable/minimize/reduce.js';
import { expectedWhereValueLands } from '../findings/expected.js';
import { deathOf } from '../../portable/bugs/signature.js';

/** Runs of the finding's own program before it counts as not reproduced. */
const REPRODUCE_ATTEMPTS = 3;

/**
 * Fresh runs of a finding's own program that none of the first
 * REPRODUCE_ATTEMPTS reproduced, to say how often it shows (a crash that
 * shows 3 times in 20 is a bug with a stress repro, not noise).
 */
const FLAKY_REPLAYS = 20;

/**
 * @param {import('../fuzz/tally.js').Finding[]} findings  every finding, earliest case first
 * @param {object} run
 * @param {import('../fuzz/schedule.js').Host[]} run.hosts
 * @param {number} run.workers  candidates run at once
 * @param {number} run.timeoutMs
 * @param {number} run.runs  candidates per finding (0: none shrunk)
 * @param {number} run.seconds  time per finding
 * @param {() => boolean} run.shouldShrink  polled before each candidate (a second Ctrl-C skips the rest)
 * @param {(finding: import('../fuzz/tally.js').Finding) => void} run.onShrunk
 * @param {(shrunk: number, toShrink: number) => void} run.onProgress
 */
export async function shrinkStalls(findings, { hosts, workers, timeoutMs, runs, seconds, shouldShrink, onShrunk, onProgress }) {
  const toShrink = findings.filter((f) => f.verdict === 'timeout' || f.verdict === 'crash');
  if (toShrink.length === 0 || runs === 0 || !shouldShrink()) return;
  const targets = hosts.flatMap((host) => host.targets);
  let shrunk = 0;
  onProgress(shrunk, toShrink.length);
  for (const finding of toShrink) {
    if (!shouldShrink()) return;
    const target = /** @type {import('../targets/catalog.js').TargetSpec} */ (targets.find((t) => t.name === finding.target));
    const deadline = performance.now() + seconds * 1000;
    await shrinkStall(finding, target, { workers, timeoutMs, runs, inTime: () => shouldShrink() && performance.now() < deadline });
    onShrunk(finding);
    onProgress(++shrunk, toShrink.length);
  }
}

/**
 * Shrinks one crash or timeout finding in place: its program, detail and
 * expected observation become the smallest candidate's, and `shrink` says
 * what was done.
 * @param {import('../fuzz/tally.js').Finding} finding
 * @param {import('../targets/catalog.js').TargetSpec} target
 * @param {{workers: number, timeoutMs: number, runs: number, inTime: () => boolean}} budget
 */
async function shrinkStall(finding, target, { workers, timeoutMs, runs, inTime }) {
  const death = deathOf(finding.detail);
  /** @type {Map<any, string>} the detail of each candidate that stalled the same way */
  const stalled = new Map();
  /** @param {any} program */
  const stillFails = async (program) => {
    let verdict;
    try {
      [verdict] = await replayProgram(program, [target], { timeoutMs });
    } catch {
      // The reference stalled (it runs first), or the agent would not even load: not this bug.
      return false;
    }
    if (verdict.verdict !== finding.verdict || (finding.verdict === 'crash' && deathOf(verdict.detail) !== death)) return false;
    stalled.set(program, verdict.detail);
    return true;
  };
  let attempts = 0;
  let reproduced = false;
  while (!reproduced && attempts < Math.min(REPRODUCE_ATTEMPTS, runs) && inTime()) {
    attempts += 1;
    reproduced = await stillFails(finding.program);
  }
  if (!reproduced) {
    // Not shrunk: candidates that fail at random would shrink to anything.
    let shown = 0;
    while (attempts < Math.min(FLAKY_REPLAYS, runs) && inTime()) {
      attempts += 1;
      if (await stillFails(finding.program)) shown += 1;
    }
    finding.shrink = { candidates: attempts, removed: 0, simplified: 0, localMinimum: false, reproduced: false, replays: { shown, of: attempts } };
    return;
  }
  const reduction = await reduceProgram(finding.program, stillFails, { runs: runs - attempts, parallel: workers, inTime });
  const { program, tried, removed, simplified, localMinimum } = reduction;
  finding.shrink = { candidates: attempts + tried, removed, simplified, localMinimum, reproduced: true };
  if (removed + simplified === 0) return;
  Object.assign(finding, {
    program, minimized: true, detail: stalled.get(program), expected: await expectedWhereValueLands(target, program),
  });
}
