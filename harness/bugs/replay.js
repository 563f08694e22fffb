// How triage replays (triage.js's Replay): each target resolved once, then
// every program on it, each verdict reduced to what it shows (root.js). The
// triage command, the gate and nightly all replay so.
//
// Each host's members (threads, agents, pages) are kept from one replay to
// the next (harness/pool/members.js) until the caller closes the replays: a
// replay's programs run where earlier replays' ran, as a run's cases run
// where its earlier cases did. A `fresh` replay starts members of its own
// (a finding that showed nothing is measured again so: triage.js).

import { keptHostMembers, replayPrograms } from '../findings/replay.js';
import { targetsFromNames } from '../targets/named.js';
import { shownBy } from './root.js';

/**
 * Replays that run at once (triage asks for many together). More would put the machine's load into the verdicts:
 * a case that makes no progress for the timeout is a stall, and each replay starts its hosts' members side by side.
 */
const REPLAYS_AT_ONCE = 3;

/** Each replay runs a host's programs on two members; so many of a host's are kept between replays, idle, at most. */
const KEPT_PER_HOST = 4;

/**
 * @param {{runtimeFlags?: string[], browserFlags?: string[], timeoutMs: number, spec?: string, log?: (line: string) => void}} options
 * @returns {import('./triage.js').Replay & {close: () => Promise<unknown>}}  `close()` ends the members kept: call it
 *   once the last replay has settled
 */
export function replayOnTargets({ runtimeFlags = [], browserFlags = [], timeoutMs, spec, log = () => {} }) {
  const kept = keptHostMembers(KEPT_PER_HOST);
  let running = 0;
  /** @type {(() => void)[]} replays waiting for one to end, each handed its place */
  const waiting = [];
  /** @type {import('./triage.js').Replay} */
  const replayQueued = async (programs, names, { fresh = false } = {}) => {
    if (running < REPLAYS_AT_ONCE) running += 1;
    else await new Promise((/** @type {(value?: unknown) => void} */ resolve) => waiting.push(resolve));
    try {
      return await replay(programs, names, fresh);
    } finally {
      const next = waiting.shift();
      if (next === undefined) running -= 1;
      else next();
    }
  };
  return Object.assign(replayQueued, { close: kept.close });

  /** @param {any[]} programs @param {string[]} names @param {boolean} fresh */
  async function replay(programs, names, fresh) {
    const started = performance.now();
    const targets = await targetsFromNames(names, runtimeFlags, browserFlags, spec);
    const verdicts = await replayPrograms(programs, targets, { timeoutMs, workers: 2, membersOf: fresh ? undefined : kept.membersOf });
    log(`replayed ${programs.length} programs on ${names.length} targets (${[...new Set(names.map((name) => name.slice(0, name.lastIndexOf(":"))))].join(", ")}) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return {
      shown: verdicts.map((row) => names.map((name) => {
        const verdict = row.find((v) => v.target === name);
        return verdict === undefined ? 'harness-error' : shownBy(verdict);
      })),
      versions: names.map((name) => targets.find((t) => t.name === name)?.runtime?.version ?? null),
    };
  }
}
