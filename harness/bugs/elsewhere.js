// Where else a bug's program goes wrong today: the other engines available
// here, each replayed once (`clonecheck report`). An upstream issue is
// stronger when it says which engines follow the standard on the same value
// and which share the bug (Bun and WebKit share JavaScriptCore; Node, Deno
// and Chromium share V8).
//
// Nothing is installed for this: an engine that is not here already (a
// pinned runtime not yet in the cache, a browser not installed, QuickJS-ng
// not built) is left out, since what it does is context, not the bug.

import { browserNames } from '../browsers/browsers.js';
import { replayProgram } from '../findings/replay.js';
import { pinnedRuntimeNames } from '../runtimes.js';
import { TargetError, loadTarget, resolveTarget, runsInAgent } from '../targets/catalog.js';

/**
 * The engines a bug is replayed on: this Node and the newest pinned one (the
 * release line a fix lands in), Bun, Deno, the browsers, QuickJS-ng.
 */
export const ENGINES = ['node', pinnedRuntimeNames.filter((name) => name.startsWith('node@')).at(-1), 'bun', 'deno', ...browserNames, 'quickjs'];

/**
 * The targets of the other engines, each through the channel the bug was
 * found on when it has that channel, else its own structuredClone (else,
 * for QuickJS-ng, which has none, its serializer).
 * @param {string} foundOn  the bug's target
 * @returns {Promise<import('../targets/catalog.js').TargetSpec[]>} those available here, not foundOn itself
 */
export async function otherEngineTargets(foundOn) {
  const channel = foundOn.slice(foundOn.lastIndexOf(':') + 1);
  const targets = [];
  for (const engine of ENGINES) {
    for (const name of [...new Set([`${engine}:${channel}`, `${engine}:clone`, `${engine}:message`])]) {
      if (name === foundOn) break;
      const target = await available(name);
      if (target === null) continue;
      targets.push(target);
      break;
    }
  }
  return targets;
}

/**
 * @param {string} name
 * @returns {Promise<import('../targets/catalog.js').TargetSpec | null>} the target, or null: not here (or no such channel)
 */
async function available(name) {
  try {
    const target = await resolveTarget(name, { install: false });
    if (!runsInAgent(target)) await loadTarget(target);
    return target;
  } catch (error) {
    if (error instanceof TargetError) return null;
    throw error;
  }
}

/**
 * The program replayed on the targets, all at once (the browsers then start
 * side by side: about 10 s for the three, not 20 one after another); when
 * that fails (a browser that does not launch), on each in turn, so that a
 * host that does not start costs its own verdict only.
 * @param {any} program
 * @param {import('../targets/catalog.js').TargetSpec[]} targets
 * @param {number} timeoutMs
 * @returns {Promise<import('./report.js').Replayed[]>}
 */
export async function replayEach(program, targets, timeoutMs) {
  try {
    const verdicts = await replayProgram(program, targets, { timeoutMs });
    return targets.map((target) => ({ target, verdict: verdicts.find((v) => v.target === target.name) }));
  } catch (error) {
    if (targets.length === 1) return [{ target: targets[0], error: String(error instanceof Error ? error.message : error).split('\n')[0] }];
  }
  const replayed = [];
  for (const target of targets) replayed.push(...await replayEach(program, [target], timeoutMs));
  return replayed;
}
