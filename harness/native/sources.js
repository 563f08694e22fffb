// QuickJS-ng's C sources, from a registry package at a pinned version and
// checksum, never committed: the Rust crate rquickjs-sys 0.14.0 bundles
// quickjs-ng 0.16.2 under `quickjs/`. Fetched over HTTPS by Node (no cargo
// needed), checked, unpacked with tar into a staging folder of the cache
// that becomes the sources' folder only when complete, as
// harness/runtimes.js installs runtimes.

import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** Thrown when the native part cannot be set up; the CLI prints it as one line (exit 2 or 3). */
export class NativeError extends Error {}

export const QUICKJS = {
  name: 'quickjs-ng',
  version: '0.16.2',
  package: 'rquickjs-sys 0.14.0 (crates.io)',
  url: 'https://static.crates.io/crates/rquickjs-sys/rquickjs-sys-0.14.0.crate',
  sha256: 'cee271d0eeba64f0915b846cb7ae02e16faf3dfdffdca91731101d9d30fe3423',
  /** the sources' folder inside the package */
  folder: 'rquickjs-sys-0.14.0/quickjs',
  /** the engine's translation units (what rquickjs-sys's build.rs compiles) */
  units: ['quickjs.c', 'libregexp.c', 'libunicode.c', 'dtoa.c'],
};

/** @returns {string} `$CLONECHECK_CACHE/native` (default ~/.cache/clonecheck/native) */
export function nativeCache() {
  return resolve(process.env.CLONECHECK_CACHE ?? join(homedir(), '.cache', 'clonecheck'), 'native');
}

/**
 * @param {string} url
 * @returns {Promise<Buffer>}
 */
async function download(url) {
  let response;
  try {
    response = await fetch(url, { headers: { 'user-agent': 'clonecheck' } });
  } catch (error) {
    throw new NativeError(`cannot download ${url}: ${/** @type {Error} */ (error).cause ?? error}; check the network access to crates.io`);
  }
  if (!response.ok) throw new NativeError(`cannot download ${url}: HTTP ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

/** @returns {string} where QuickJS-ng's sources are (or will be, once fetched) */
export function quickjsSourcesDirectory() {
  return join(nativeCache(), `${QUICKJS.name}-${QUICKJS.version}`);
}

/**
 * The folder of QuickJS-ng's sources, fetched on first use.
 * @param {(line: string) => void} [say]
 * @returns {Promise<string>}
 */
export async function quickjsSources(say = () => {}) {
  const directory = quickjsSourcesDirectory();
  if (existsSync(join(directory, 'quickjs.c'))) return directory;
  say(`fetching ${QUICKJS.name} ${QUICKJS.version} from ${QUICKJS.package}`);
  const archive = await download(QUICKJS.url);
  const sha256 = createHash('sha256').update(archive).digest('hex');
  if (sha256 !== QUICKJS.sha256) throw new NativeError(`${QUICKJS.url} has sha256 ${sha256}, not the pinned ${QUICKJS.sha256}; the registry served another file`);
  mkdirSync(nativeCache(), { recursive: true });
  const staging = mkdtempSync(join(nativeCache(), `.${QUICKJS.name}.fetching-`));
  try {
    writeFileSync(join(staging, 'package.tar.gz'), archive);
    const depth = QUICKJS.folder.split('/').length;
    execFileSync('tar', ['-xzf', 'package.tar.gz', `--strip-components=${depth}`, QUICKJS.folder], { cwd: staging, stdio: 'pipe' });
    rmSync(join(staging, 'package.tar.gz'));
    // Another process may have finished first: its copy stays.
    if (!existsSync(directory)) renameSync(staging, directory);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return directory;
}
