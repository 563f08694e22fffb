// The cases a history-dependent finding needs before it. A fuzz run's
// thread or agent keeps its realms across cases (one lane each,
// harness/fuzz/schedule.js), so a deviation can need an earlier case: a
// shape cache it filled, a one-way flag it flipped. When a fresh replay of
// the case passes (fuzz --recheck), the cases its member ran before it are
// replayed with it, in order, in one fresh member; if that shows the
// finding's signature again, the history is cut down by delta debugging
// (Zeller and Hildebrandt's ddmin: drop halves, then quarters, … while the
// deviation stays) to the few cases it needs. `clonecheck repro` of the
// finding replays that history first (history.json beside program.json).

import { replayPrograms } from '../findings/replay.js';

/**
 * @param {any} program  the case's program, as generated
 * @param {any[]} history  the programs its member judged before it, in order, as generated
 * @param {{targets: import('../targets/catalog.js').TargetSpec[], target: string, signature: string, timeoutMs: number,
 *   inTime: () => boolean}} options  `targets`: the ones the member judged each case on (the case's host's), `target`
 *   and `signature`: the finding's
 * @returns {Promise<{history: any[], replays: number, minimal: boolean} | undefined>}  undefined: the history did not
 *   bring the deviation back (a race, or a state no case of the kept history made)
 */
export async function shrinkHistory(program, history, { targets, target, signature, timeoutMs, inTime }) {
  let replays = 0;
  /** @param {any[]} earlier */
  const shows = async (earlier) => {
    replays += 1;
    const verdicts = await replayPrograms([...earlier, program], targets, { timeoutMs, generated: true });
    const verdict = verdicts.at(-1)?.find((v) => v.target === target);
    return verdict?.verdict === 'deviation' && verdict.signature === signature;
  };
  if (!(await shows(history))) return undefined;
  let kept = history;
  let parts = 2;
  let minimal = false;
  while (!minimal && inTime()) {
    if (kept.length <= 1) {
      // The one case left may not be needed either (the deviation then came from the member's start-up).
      if (kept.length === 1 && await shows([])) kept = [];
      minimal = true;
      break;
    }
    const size = Math.ceil(kept.length / parts);
    let reduced = false;
    for (let start = 0; start < kept.length && !reduced && inTime(); start += size) {
      const part = kept.slice(start, start + size);
      const rest = [...kept.slice(0, start), ...kept.slice(start + size)];
      if (parts > 2 && await shows(part)) {
        [kept, parts, reduced] = [part, 2, true];
      } else if (await shows(rest)) {
        [kept, parts, reduced] = [rest, Math.max(parts - 1, 2), true];
      }
    }
    if (!reduced && inTime()) {
      if (parts >= kept.length) minimal = true;
      else parts = Math.min(kept.length, parts * 2);
    }
  }
  return { history: kept, replays, minimal };
}
