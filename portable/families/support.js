// Which versions of a runtime its makers still support, read from the
// family's descriptor (`support`): Node by its release schedule, Bun and Deno
// by their newest release line, the browsers and QuickJS-ng as installed
// here. A bug seen only on versions past their support is no report to file
// (harness/bugs/supported.js). Pure: a version and a day in, a verdict out.

import { compareVersions } from './versions.js';
import { familyNamed, newestPinned } from './index.js';

/**
 * How a family's support is decided:
 *  - `schedule`: each release line (`line` of a version) ends on a day of `ends`; a line older than every line there
 *    ended before them, one newer than every line there has not been scheduled to end;
 *  - `newest-line`: only the newest release line is supported (the newest version known decides which it is);
 *  - `installed`: the version installed here is what clonecheck runs; no end is kept.
 * `source` says in words where the rule comes from.
 * @typedef {{by: 'schedule', source: string, ends: Record<string, string>, line: (version: string) => string}
 *   | {by: 'newest-line', source: string, line: (version: string) => string}
 *   | {by: 'installed', source: string}} SupportRule
 */

/**
 * @typedef {object} Support
 * @property {boolean} supported
 * @property {string} [until]  YYYY-MM-DD: the day its line's support ends (or ended), where a schedule says
 * @property {string} reason  in words, for a listing or a report
 */

/**
 * @param {string} name  a family's (`node`); any other implementation (a polyfill, a --runtime build) has no rule
 * @param {string | null} version  what the runtime said it was; null: unknown
 * @param {string} date  YYYY-MM-DD: the day support is judged on
 * @param {string} [newest]  the newest version of the family known (a `newest-line` family; default: its newest pin)
 * @returns {Support}
 */
export function supportOf(name, version, date, newest) {
  const family = familyNamed(name);
  if (family === undefined) return { supported: true, reason: `clonecheck keeps no support rule for ${name}` };
  const { support } = family;
  if (version === null) return { supported: true, reason: `its version is unknown; ${support.source}` };
  if (support.by === 'installed') return { supported: true, reason: support.source };
  const line = support.line(version);
  if (support.by === 'newest-line') {
    const latest = [newest, newestPinned(family)].filter((v) => v !== undefined).sort(compareVersions).at(-1);
    const newestLine = latest === undefined ? line : support.line(latest);
    return compareVersions(line, newestLine) >= 0
      ? { supported: true, reason: `${line} is the newest release line; ${support.source}` }
      : { supported: false, reason: `${line} is older than the newest release line, ${newestLine}; ${support.source}` };
  }
  const until = support.ends[line];
  if (until === undefined) {
    const lines = Object.keys(support.ends).sort(compareVersions);
    return compareVersions(line, lines[0]) < 0
      ? { supported: false, reason: `its line, ${line}, ended before ${lines[0]}, the oldest in ${support.source}` }
      : { supported: true, reason: `its line, ${line}, has no end yet in ${support.source}` };
  }
  return until <= date
    ? { supported: false, until, reason: `its line, ${line}, reached its end of life on ${until} by ${support.source}` }
    : { supported: true, until, reason: `its line, ${line}, is supported until ${until} by ${support.source}` };
}
