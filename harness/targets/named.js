// The targets and the runtime and browser builds a command line names,
// resolved and checked here so that a bad name, module, runtime or path is
// a usage error (exit code 2) in whichever command or job names it.

import { RuntimeError, parseUserBrowsers, parseUserRuntimes } from '../runtimes.js';
import { TargetError, loadTarget, resolveTarget, runsInAgent } from './catalog.js';
import { UsageError } from '../errors.js';

/**
 * The runtime and browser builds a command's --runtime and --browser name.
 * @param {{runtime?: string[], browser?: string[]}} raw  NAME=PATH values
 * @returns {{userRuntimes: Map<string, string>, userBrowsers: Map<string, string>}}
 * @throws {UsageError}
 */
export function userHosts(raw) {
  try {
    return { userRuntimes: parseUserRuntimes(raw.runtime ?? []), userBrowsers: parseUserBrowsers(raw.browser ?? []) };
  } catch (error) {
    if (error instanceof RuntimeError) throw new UsageError(error.message);
    throw error;
  }
}

/**
 * The targets named: in-process modules are loaded, runtimes are found
 * (and bun@X, deno@X, node@X installed when not cached).
 * @param {string[]} names
 * @param {string[]} [runtimeFlags] --runtime NAME=PATH values
 * @param {string[]} [browserFlags] --browser NAME=PATH values
 * @param {string} [profile] --spec: the spec profile the reference follows judging every target
 * @returns {Promise<import('./catalog.js').TargetSpec[]>}
 * @throws {UsageError}
 */
export async function targetsFromNames(names, runtimeFlags = [], browserFlags = [], profile = undefined) {
  const { userRuntimes, userBrowsers } = userHosts({ runtime: runtimeFlags, browser: browserFlags });
  const specs = [];
  try {
    for (const name of new Set(names)) {
      const spec = await resolveTarget(name, { userRuntimes, userBrowsers, onInstall: (message) => process.stderr.write(`clonecheck: ${message}\n`) });
      if (!runsInAgent(spec)) await loadTarget(spec);
      specs.push(profile === undefined ? spec : { ...spec, profile });
    }
  } catch (error) {
    if (error instanceof TargetError || error instanceof RuntimeError) throw new UsageError(error.message);
    throw error;
  }
  return specs;
}
