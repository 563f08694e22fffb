// How triage replays (triage.js's Replay): each target resolved once, then
// every program on it in one host start, each verdict reduced to what it
// shows (root.js). The triage command, the gate and nightly all replay so.

import { replayPrograms } from '../findings/replay.js';
import { targetsFromNames } from '../targets/named.js';
import { shownBy } from './root.js';

/**
 * Replays that run at once (triage asks for many together). More would put the machine's load into the verdicts:
 * a case that makes no progress for the timeout is a stall, and each replay starts its hosts' members side by side.
 */
const REPLAYS_AT_ONCE = 3;

/**
 * @param {{runtimeFlags?: string[], browserFlags?: string[], timeoutMs: number, spec?: string, log?: (line: string) => void}} options
 * @returns {import('./triage.js').Replay}
 */
export function replayOnTargets({ runtimeFlags = [], browserFlags = [], timeoutMs, spec, log = () => {} }) {
  let running = 0;
  /** @type {(() => void)[]} replays waiting for one to end, each handed its place */
  const waiting = [];
  return async (programs, names) => {
    if (running < REPLAYS_AT_ONCE) running += 1;
    else await new Promise((/** @type {(value?: unknown) => void} */ resolve) => waiting.push(resolve));
    try {
      return await replay(programs, names);
    } finally {
      const next = waiting.shift();
      if (next === undefined) running -= 1;
      else next();
    }
  };

  /** @param {any[]} programs @param {string[]} names */
  async function replay(programs, names) {
    const started = performance.now();
    const targets = await targetsFromNames(names, runtimeFlags, browserFlags, spec);
    const verdicts = await replayPrograms(programs, targets, { timeoutMs, workers: 2 });
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
