// The browsers clonecheck drives, by the name a target starts with
// (`chromium:clone`, `firefox:worker`, `webkit:iframe`): Debian's packages
// where Debian puts them, or a build of yours given with --browser NAME=PATH.
// Each is a runtime (harness/runtimes.js `Runtime`) whose family is the
// browser's kind and whose agents are pages (page-member.js), not processes.
// Nothing here starts a browser: sessions.js does, once per run.

import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { FAMILIES } from '../../portable/families/index.js';

/** @typedef {import('../../portable/families/index.js').BrowserName} BrowserKind */

/**
 * Where each kind's Debian package puts its binary, the packages a machine
 * needs (apt-get install -y …), and the programs besides the binary it runs
 * (each browser family's descriptor, portable/families/).
 * @type {Record<BrowserKind, {binary: string, packages: string[], helpers: string[]}>}
 */
export const BROWSERS = /** @type {any} */ (Object.fromEntries(FAMILIES.filter((family) => family.browser).map((family) => [family.name, family.install])));

/** The browser names, in listing order. */
export const browserNames = /** @type {BrowserKind[]} */ (Object.keys(BROWSERS));

/** @param {string} name @returns {boolean} */
export function isBrowserName(name) {
  return Object.hasOwn(BROWSERS, name);
}

/**
 * Parses `--browser NAME=PATH` values: NAME is a kind (your build replaces
 * Debian's under that name) or a name of yours (its kind is read from the
 * binary).
 * @param {string[]} given
 * @param {(message: string) => Error} fail  makes the error to throw
 * @returns {Map<string, string>} name → absolute path
 */
export function parseUserBrowsers(given, fail) {
  const browsers = new Map();
  for (const text of given) {
    const match = /^([A-Za-z][\w.-]*)=(.+)$/.exec(text);
    if (match === null) throw fail(`--browser takes NAME=PATH (e.g. --browser chromium=./out/Release/chrome), not '${text}'`);
    const path = resolve(match[2]);
    if (!existsSync(path) || !statSync(path).isFile()) throw fail(`--browser ${match[1]}: no such file ${path}`);
    browsers.set(match[1], path);
  }
  return browsers;
}

/** @type {Map<string, {kind: BrowserKind, version: string} | {problem: string}>} what each binary said, once per process */
const probed = new Map();

/**
 * The kind and version of a browser binary. Chromium and Firefox say both
 * with --version; MiniBrowser says nothing without a display, so Debian's
 * package says its version (a build of yours reports it once its session starts).
 * @param {string} binary
 * @returns {{kind: BrowserKind, version: string} | {problem: string}}
 */
function probe(binary) {
  let known = probed.get(binary);
  if (known !== undefined) return known;
  if (basename(binary) === 'MiniBrowser') {
    const dpkg = binary === BROWSERS.webkit.binary
      ? spawnSync('dpkg-query', ['-W', '-f', '${Version}', 'libwebkit2gtk-4.1-0'], { encoding: 'utf8' }) : undefined;
    known = { kind: 'webkit', version: dpkg?.status === 0 ? dpkg.stdout.replace(/-.*$/, '') : 'unknown (a build of yours)' };
  } else {
    const said = spawnSync(binary, ['--version'], { encoding: 'utf8', timeout: 20_000 });
    const text = String(said.stdout ?? '').trim();
    const family = browserNames.map((kind) => ({ kind, version: FAMILIES.find(({ name }) => name === kind)?.identify(text) })).find(({ version }) => version !== undefined);
    if (said.error !== undefined) known = { problem: `${binary} does not run (${said.error.message})` };
    else if (family !== undefined) known = { kind: family.kind, version: /** @type {string} */ (family.version) };
    else known = { problem: `${binary} --version printed '${text.split('\n')[0]}': not Chromium, Firefox or MiniBrowser` };
  }
  probed.set(binary, known);
  return known;
}

/** @param {string} program @returns {boolean} whether it is on the PATH */
function onPath(program) {
  return (process.env.PATH ?? '').split(':').some((dir) => dir !== '' && existsSync(`${dir}/${program}`));
}

/**
 * The browser a target names, as a runtime.
 * @param {string} name `chromium`, `firefox`, `webkit`, or a --browser NAME
 * @param {Map<string, string>} userBrowsers
 * @param {(message: string) => Error} fail  makes the error to throw (a RuntimeError)
 * @returns {import('../runtimes.js').Runtime}
 */
export function resolveBrowser(name, userBrowsers, fail) {
  const userPath = userBrowsers.get(name);
  const binary = userPath ?? (isBrowserName(name) ? BROWSERS[/** @type {BrowserKind} */ (name)].binary : undefined);
  if (binary === undefined) throw fail(`unknown browser '${name}': use ${browserNames.join(', ')}, or --browser ${name}=PATH`);
  if (userPath === undefined && !existsSync(binary)) {
    const { packages } = BROWSERS[/** @type {BrowserKind} */ (name)];
    throw fail(`${name} is not installed (no ${binary}): install it with 'apt-get install -y ${packages.join(' ')}' (as root), or give your build with --browser ${name}=PATH`);
  }
  const said = probe(binary);
  if ('problem' in said) throw fail(said.problem);
  const missing = BROWSERS[said.kind].helpers.filter((helper) => !onPath(helper));
  if (missing.length > 0) {
    throw fail(`${name} needs ${missing.join(' and ')}, which are not installed: 'apt-get install -y ${BROWSERS[said.kind].packages.join(' ')}' (as root)`);
  }
  return {
    name, family: said.kind, version: said.version, binary, source: userPath === undefined ? 'system' : 'user', inProcess: false, command: [], browser: said.kind,
  };
}
