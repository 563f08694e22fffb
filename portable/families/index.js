// The runtime families clonecheck drives, one descriptor module each (like
// wptrunner's one module per product): how a runtime of the family is
// installed and pinned, how its binary names itself, how its agent starts,
// how a repro or snippet runs there, which host hooks the reference gets
// there, where its expectations are, and the traits the channels read
// (portable/targets/channels/). runtimes.js, browsers/browsers.js, the
// target catalog, findings/ and the CLI read this registry; a new family is
// one module here plus its expectations. Plain data and pure functions: no
// host module, so the channels' descriptors can read it wherever they load.

import node from './node.js';
import bun from './bun.js';
import deno from './deno.js';
import quickjs from './quickjs.js';
import chromium from './chromium.js';
import firefox from './firefox.js';
import webkit from './webkit.js';
import { compareVersions } from './versions.js';

/**
 * @typedef {{from: 'npm', package: string, binaries: string[], pinned: Record<string, string>, release: RegExp}
 *   | {from: 'debian', binary: string, packages: string[], helpers: string[]}
 *   | {from: 'build', pinnedBy: string}} Install
 */

/**
 * A family's module declares its name and install source as type arguments
 * (`Family<'node', 'npm'>`), checked against its fields: the name unions
 * below are read from them, not written again.
 * @template {string} [Name=string]
 * @template {Install['from']} [From=Install['from']]
 * @typedef {object} Family
 * @property {Name} name  the family a Runtime reports (runtimes.js), and the name its targets start with
 * @property {Install & {from: From}} install
 *   `npm`: the package whose versions are its releases, where in it the binary is (the first that
 *   exists wins), the pinned names with their exact versions, and its version pattern: what a release's version looks like
 *   where a target names one (`bun@1.3.10`, not the pinned name `node@22`); `debian`: where Debian's package
 *   puts the binary, the packages a machine needs and the programs besides the binary it runs;
 *   `build`: built from sources the named module pins
 * @property {(said: string) => string | undefined} identify  the version, when `BINARY --version` printed this family's answer
 * @property {(version: string, binary: string) => string[]} [agentCommand]  how its agent process starts (none: a browser's agents are pages)
 * @property {true} [browser]  its agents are pages (harness/browsers/)
 * @property {{with: 'playwright', type: 'chromium' | 'firefox', args?: string[], channel?: string, env?: Record<string, string>, prefs?: Record<string, string>}
 *   | {with: 'webkit-webdriver'}} [launch]  a browser: how it starts (harness/browsers/launch.js)
 * @property {(script: string) => string} [runCommand]  how a repro or snippet runs in it from a shell
 * @property {(script: string) => string} [snippetCommand]  how a snippet runs in it from a shell, where a repro does not (no `runCommand`)
 * @property {string} [standalone]  why its findings have no standalone repro
 * @property {string} hostHooks  the module that tells the reference what this host knows of internal slots
 * @property {string} classicScripts  the module whose runClassicScript runs a classic script in this host's global
 *   as a page runs its <script> elements, one global scope for all (conform's test files and their includes)
 * @property {string[]} expectations  where its targets' known results are (conform's, and the native agent's)
 * @property {string} [noWebPlatform]  why it has no structuredClone, MessageChannel, web Worker or BroadcastChannel (absent: it has them all)
 * @property {{kind: string, needs: string, snippet: 'node' | 'web'}} [worker]  its Worker: what the `worker`
 *   channel calls it, the feature a version needs for it (harness/agents/features.js), how a snippet starts one
 * @property {{module: string, api: string}} [serializer]  its structured serializer as a library (the `wire` channel)
 * @property {true} [shell]  a shell whose own serializer and reference agent are its channels (`message`, `ref`)
 * @property {string[]} limits  what its realms cannot build (portable/targets/load.js LIMITS)
 * @property {{name: string, file: string, form: 'github' | 'node' | 'plain'}} tracker  where its bugs are filed: the project as
 *   its maintainers write it, the page a new issue is filed on (printed, never opened), and the layout of that page's form
 *   (harness/bugs/trackers.js lays each out)
 * @property {import('./support.js').SupportRule} support  which of its versions its makers still support (support.js)
 */

/** Every family, in listing order. */
export const FAMILIES = [node, bun, deno, chromium, firefox, webkit, quickjs];

/** @typedef {(typeof FAMILIES)[number]['name']} FamilyName  every family's name */
/** @typedef {Extract<(typeof FAMILIES)[number], Family<string, 'npm'>>} NpmFamily  a family installed from the npm registry by version */
/** @typedef {NpmFamily['name']} RegistryFamily  its name (node, bun, deno), read from the descriptors; registryFamilies is their list */
/** @typedef {Extract<(typeof FAMILIES)[number], Family<string, 'debian'>>['name']} BrowserName  a browser family's name (chromium, firefox, webkit: the families installed from Debian's packages), read from the descriptors */

/** @param {string | undefined} name @returns {Family | undefined} */
export function familyNamed(name) {
  return FAMILIES.find((family) => family.name === name);
}

/** The families whose runtimes agent processes run: node, bun, deno (a browser's run in pages; QuickJS-ng's in its native agent). */
export const scriptFamilies = FAMILIES.filter(/** @returns {family is NpmFamily} */ (family) => family.install.from === 'npm');

/**
 * The families installed from the npm registry by version (`bun@X`,
 * `deno@X`, `node@X`), by name: bisect's `--runtime` choices.
 */
export const registryFamilies = scriptFamilies.map((family) => family.name).sort();

/**
 * The browser families' names, in listing order.
 * @type {string[]} (any name is looked up in it)
 */
export const browserFamilyNames = FAMILIES.filter((family) => family.browser).map((family) => family.name);

/**
 * The families clonecheck builds from source (harness/native/), by name.
 * @type {string[]} (any name is looked up in it)
 */
export const builtFamilyNames = FAMILIES.filter((family) => family.install.from === 'build').map((family) => family.name);

/**
 * The pinned runtime names with the exact `family@version` each stands for,
 * in listing order. Exact, so that every machine runs the same binaries and
 * corpus/regressions/ (which records the runtime that deviated) replays the
 * same; change a version in a family's module and `npm test` says which
 * stored regressions no longer hold.
 * @type {Record<string, string>}
 */
export const PINNED = Object.fromEntries(scriptFamilies.flatMap((family) => (family.install.from === 'npm'
  ? Object.entries(family.install.pinned).map(([name, version]) => [name, `${family.name}@${version}`]) : [])));

/**
 * A target name that gives a registry family's version (`bun@1.3.10:clone`,
 * `node@22:worker`): the family (group 1) and the version as named (2),
 * before the channel. Built from the registry: a new npm family is matched
 * without an edit here.
 */
export const VERSIONED_TARGET = new RegExp(`^(${registryFamilies.join('|')})@([^:]+):`);

/**
 * @param {string} target
 * @returns {boolean} it names an exact release by its family's version pattern (`bun@1.3.10:clone`), not a pinned name (`node@22:clone`)
 */
export function namesRelease(target) {
  const named = VERSIONED_TARGET.exec(target);
  const install = familyNamed(named?.[1])?.install;
  return named !== null && install?.from === 'npm' && install.release.test(named[2]);
}

/**
 * The newest version of a family clonecheck pins (Node: node@26's), or undefined for a family it does not install by version.
 * @param {Family} family
 */
export function newestPinned(family) {
  if (family.install.from !== 'npm') return undefined;
  return Object.values(family.install.pinned).sort(compareVersions).at(-1);
}
