// The pages' modules as a few files. A page that imports this package's ES
// modules one by one asks the page server for ~200 files, one level of the
// import graph at a time, six pages at once: measured 2026-12-03
// (chromium:clone and firefox:clone, 20 cases, 6 pages), the import of
// portable/fuzz/tasks.js took 3.7-3.9 s in Chromium and 4.5-4.7 s in
// Firefox, more than the browser's launch and the page's opening together.
// Bundled it takes 0.7-0.9 s and 0.2-0.5 s. Each receiving worker and frame
// (the worker, broadcast and iframe channels) imports its own graph again.
//
// Two kinds of bundle, made when the page server starts:
// - The agent page's: every module an agent page imports by URL is an entry
//   point (the tasks modules of fuzz, conform and bench, and every channel
//   module a task loads by its spec's URL), split into shared chunks, so each
//   module of the package has one instance in the page, as when the page
//   imports the files themselves. The agent page's import map sends each
//   entry's URL to its bundled file.
// - A receiving realm's entry (a worker has no import map, a frame's
//   document is a file): one self-contained file, served at the entry's own
//   path, so a worker started from that URL, and a frame that imports it,
//   get one file with one instance of each module.
// Conform's test pages and its echo worker import the files as before.
//
// What a file does with its own URL stays what it did: `import.meta.url` is
// the file's URL on this server, not the bundle's, so a receiver started
// from `new URL('./realm-entry.js', import.meta.url)` starts from the same
// path. The page's replacements for what only Node has (the import map's
// entries between modules of this package) are made in the bundles too.

import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** This package's folder. */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Where the agent page's bundle is served from (nothing of the package is at this path). */
const BUNDLE_PATH = '/clonecheck/bundle/';

/** The channel modules' folder: a task imports the one its target names (catalog.js channelModule). */
const CHANNEL_MODULES = 'portable/targets/clone-functions';

/** The modules a receiving realm starts from (receivers/workers.js), each served as one file at its own path. */
const REALM_ENTRIES = ['portable/targets/receivers/realm-entry.js'];

/**
 * @typedef {object} PageBundle
 * @property {Map<string, string>} files  the bundles' files by path
 * @property {Record<string, string>} imports  the agent page's import map entries: each entry module's path to its bundled file's
 */

/**
 * @param {string} origin  the page server's, `http://127.0.0.1:PORT`: what `import.meta.url` names
 * @param {Record<string, string>} replacements  module paths (`/portable/…`) a page imports in place of others
 * @returns {Promise<PageBundle>}
 */
export async function bundlePageModules(origin, replacements) {
  const agentEntries = ['portable/fuzz/tasks.js', 'portable/conform/tasks.js', 'portable/bench/tasks.js',
    ...readdirSync(`${ROOT}${CHANNEL_MODULES}`).filter((file) => file.endsWith('.js')).map((file) => `${CHANNEL_MODULES}/${file}`)];
  /** @param {import('esbuild').BuildOptions} options */
  const bundle = (options) => build({
    absWorkingDir: ROOT, outbase: ROOT, bundle: true, write: false, format: 'esm', platform: 'browser', target: 'es2022', logLevel: 'silent',
    // A runtime's own modules, reached only on that runtime (a Node host's hooks; mitata asks for bun:jsc on Bun).
    external: ['node:*', 'bun:*'],
    plugins: [pagePlugin(origin, replacements)],
    ...options,
  });
  const [agent, ...realms] = await Promise.all([
    bundle({ entryPoints: agentEntries, splitting: true, outdir: `${ROOT}${BUNDLE_PATH.slice(1)}` }),
    ...REALM_ENTRIES.map((entry) => bundle({ entryPoints: [entry], outfile: `${ROOT}${entry}` })),
  ]);
  /** @type {Map<string, string>} */
  const files = new Map();
  for (const file of [agent, ...realms].flatMap((result) => result.outputFiles ?? [])) files.set(`/${relative(ROOT, file.path)}`, file.text);
  /** @type {Record<string, string>} */
  const imports = {};
  for (const entry of agentEntries) imports[`/${entry}`] = `${BUNDLE_PATH}${entry}`;
  return { files, imports };
}

/**
 * Makes a page's replacements, and keeps each file's own URL as its `import.meta.url`.
 * @param {string} origin @param {Record<string, string>} replacements
 * @returns {import('esbuild').Plugin}
 */
function pagePlugin(origin, replacements) {
  return {
    name: 'clonecheck-page',
    setup(plugin) {
      plugin.onResolve({ filter: /^\..*\.js$/ }, (args) => {
        const path = `/${relative(ROOT, fileURLToPath(new URL(args.path, `file://${args.resolveDir}/`)))}`;
        const replacement = replacements[path];
        return replacement === undefined ? undefined : { path: `${ROOT}${replacement.slice(1)}` };
      });
      plugin.onLoad({ filter: /\.m?js$/ }, async (args) => {
        const path = relative(ROOT, args.path);
        // A dependency's file, beside this package (an install) or in its node_modules (a checkout), is left as it is.
        if (path.startsWith('..') || path.split(sep).includes('node_modules')) return undefined;
        const text = await readFile(args.path, 'utf8');
        return { contents: text.replaceAll('import.meta.url', JSON.stringify(`${origin}/${path}`)), loader: 'js' };
      });
    },
  };
}
