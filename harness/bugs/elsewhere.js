// Where else a bug's program goes wrong today: the other engines available
// here, each replayed once (`clonecheck report`). An upstream issue is
// stronger when it says which engines follow the standard on the same value
// and which share the bug (Bun and WebKit share JavaScriptCore; Node, Deno
// and Chromium share V8).
//
// Nothing is installed for this: an engine that is not here already (a
// pinned runtime not yet in the cache, a browser not installed, QuickJS-ng
// not built) is left out, since what it does is context, not the bug.

import { FAMILIES } from '../../portable/families/index.js';
import { replayProgram } from '../findings/replay.js';
import { TargetError, channelsOf, loadTarget, resolveTarget, runsInAgent } from '../targets/catalog.js';

/**
 * The engines a bug is replayed on, with their family: each family's
 * runtime by its name (for node, this Node) and its newest pinned one (the
 * release line a fix lands in: node@26; bun and deno are pinned by their
 * name), in the families' order: Node, Bun, Deno, the browsers, QuickJS-ng.
 */
const ENGINE_FAMILIES = FAMILIES.flatMap((family) => {
  const newest = family.install.from === 'npm' ? Object.keys(family.install.pinned).at(-1) : undefined;
  return [...new Set([family.name, newest ?? family.name])].map((engine) => ({ engine, family: family.name }));
});

/** The engines a bug is replayed on (ENGINE_FAMILIES). */
export const ENGINES = ENGINE_FAMILIES.map(({ engine }) => engine);

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
  for (const { engine, family } of ENGINE_FAMILIES) {
    // Its family's first channel: its own structuredClone, or QuickJS-ng's serializer.
    for (const name of [...new Set([`${engine}:${channel}`, `${engine}:${channelsOf(family)[0]}`])]) {
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
export async function available(name) {
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
