// A decoder's bug of the ledger replayed (ledger.js `decode`: a decoder, its
// input and what the same decoder decoded first): its case on a decoder
// target, judged in the target's host by the replay `clonecheck decode
// --replay` runs (replay.js), and what that replay shows in the terms the
// ledger's programs are judged in (root.js shownByDecoding). What repro,
// report, bisect, triage and `bugs --check` do with a decoder's bug.

import { loadFailure, oneLine, rootJudge } from '../bugs/bisect.js';
import { shownByDecoding } from '../bugs/root.js';
import { UsageError } from '../errors.js';
import { replayCase } from './replay.js';
import { resolveDecodeTarget } from './targets.js';

/**
 * @typedef {import('../../portable/decode/tasks.js').Difference | {stall: string, detail: string} | null} Replayed
 *   replayCase's answer: a difference, the host's crash or hang, or null (it decodes as the standard does)
 * @typedef {{decoder: string, bytes: number[], before?: number[][]}} DecodeCase  a ledger entry's `decode`
 */

/**
 * @typedef {object} DecodeReplayOptions
 * @property {number} timeoutMs
 * @property {Map<string, string>} [userRuntimes] @property {Map<string, string>} [userBrowsers]  --runtime, --browser
 * @property {(message: string) => void} [onInstall]
 * @property {boolean} [install]  false: a runtime not installed yet is a UsageError, not a download
 */

/**
 * The target a decoder's bug replays on: `RUNTIME[@VERSION]:DECODER` as named (its foundOn, or a --target), resolved as
 * `clonecheck decode --target` resolves it. Only a host's own decoder takes a ledger case: a module or the reference's
 * tiers decode strings of a buffer, which a case of whole inputs does not give.
 * @param {string} name @param {DecodeReplayOptions} options
 * @returns {Promise<import('./targets.js').DecodeTarget>}
 * @throws {UsageError}
 */
export async function decodeTargetNamed(name, { userRuntimes, userBrowsers, onInstall, install = true }) {
  const target = await resolveDecodeTarget(name, { userRuntimes, userBrowsers, install, ...(onInstall === undefined ? {} : { onInstall }) });
  if (target.spec.kind !== 'builtin') throw new UsageError(`${name}: a decoder's bug of the ledger replays on RUNTIME:DECODER (e.g. node:textdecoder), a host's own decoder`);
  return target;
}

/**
 * The same decoder on each of the other engines here (report's "other engines"): nothing installed, and an engine that
 * lacks the decoder (a browser's Buffer) or is not here left out.
 * @param {string} foundOn  `RUNTIME[@VERSION]:DECODER`
 * @param {string[]} engines  elsewhere.js ENGINES: each family, and its newest pinned line
 * @returns {Promise<import('./targets.js').DecodeTarget[]>}
 */
export async function otherDecoderTargets(foundOn, engines) {
  const decoder = foundOn.slice(foundOn.lastIndexOf(':') + 1);
  const targets = [];
  for (const engine of engines) {
    const name = `${engine}:${decoder}`;
    if (name === foundOn) continue;
    try {
      targets.push(await resolveDecodeTarget(name, { install: false }));
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
    }
  }
  return targets;
}

/**
 * @param {DecodeCase} decode @param {import('./targets.js').DecodeTarget} target @param {number} timeoutMs
 * @returns {Promise<Replayed>}
 */
export function replayDecodeCase(decode, target, timeoutMs) {
  return replayCase(target, { bytes: decode.bytes, ...(decode.before === undefined ? {} : { before: decode.before }) }, timeoutMs);
}

/**
 * How triage replays decode cases (triage.js DecodeReplay): each target resolved once, each case in a fresh host.
 * @param {DecodeReplayOptions} options
 * @returns {import('./triage.js').DecodeReplay}
 */
export function decodeReplayOn(options) {
  /** @type {Map<string, Promise<import('./targets.js').DecodeTarget>>} */
  const resolved = new Map();
  return async (decode, name) => {
    if (!resolved.has(name)) resolved.set(name, decodeTargetNamed(name, options));
    const target = await /** @type {Promise<import('./targets.js').DecodeTarget>} */ (resolved.get(name));
    return { shown: shownByDecoding(await replayDecodeCase(decode, target, options.timeoutMs)), version: target.release ?? null };
  };
}

/**
 * bisect's probe of a decoder's bug: its case replayed on `<runtime>@<version>:<decoder>`, the version installed on
 * demand, each try in a fresh host. A version that does not install, or whose host does not start, is one skipped try.
 * @param {{decode: DecodeCase, root: import('../bugs/root.js').Root, runtime: string, timeoutMs: number, onInstall?: (message: string) => void}} options
 * @returns {import('../bugs/bisect.js').ProbeFunction}
 */
export function decodeProbe({ decode, root, runtime, timeoutMs, onInstall }) {
  const judge = rootJudge(root);
  return async (version, tries) => {
    let target;
    try {
      target = await decodeTargetNamed(`${runtime}@${version}:${decode.decoder}`, { timeoutMs, onInstall });
    } catch (error) {
      if (error instanceof UsageError) return [{ outcome: 'skipped', detail: oneLine(error.message.replace(/^(\S+: )+/, '')) }];
      throw error;
    }
    const outcomes = [];
    for (let i = 0; i < tries; i++) {
      try {
        outcomes.push(judge(shownByDecoding(await replayDecodeCase(decode, target, timeoutMs))));
      } catch (error) {
        // The pool gives up when the host dies or hangs while loading: that version cannot run clonecheck's agent.
        return [{ outcome: /** @type {const} */ ('skipped'), detail: loadFailure(error instanceof Error ? error.message : String(error)) }];
      }
    }
    return outcomes;
  };
}
