// The test files of a suite and what their META lines ask for. A file is
// `*.any.js`, testharness.js tests for any global (upstream, also
// `*.window.js`: tests WPT runs in a window only, run here in the same shell
// global, where what a window has and the global lacks is not applicable,
// as for any upstream file); its first lines may be
// `// META: key=value` (read as WPT reads them: from the top, until the first
// line that is not one):
//   title=…          the file's title
//   script=PATH      a classic script evaluated before the file: `/x/y.js`
//                    from the suite's root (a WPT checkout's root), else
//                    from the file's folder
//   timeout=long     the harness timeout is 6 times the normal one, as in WPT
//   variant=?QUERY   run the file once per variant line, as WPT does, the
//                    test's URL ending in it (location.search,
//                    portable/conform/realm.js); in clonecheck's own suite
//                    `?channel=NAME` names the channel the variant sends
//                    values through (portable/conform/channels.js,
//                    wpt/resources/channel.js)
//   global=…         which globals WPT runs the file in: recorded, not
//                    enforced (clonecheck runs every file in a shell global)
//   spec=P,Q         clonecheck's own: the file asserts what the spec
//                    profiles P and Q say (src/html/profiles.js), and is not
//                    applicable in a run that follows another (--spec)

import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import { CONFORM_CHANNELS } from '../../portable/conform/channels.js';
import { SPEC_PROFILES } from '../../src/html/profiles.js';

/** clonecheck's own suite and its expectations. */
export const SUITE_DIR = fileURLToPath(new URL('../../wpt', import.meta.url));
export const EXPECTATIONS_DIR = join(SUITE_DIR, 'expectations');

const META_LINE = /^\/\/\s*META:\s*(\w+)=(.*)$/;

/**
 * @typedef {object} UpstreamSuite  a part of a WPT checkout that `--wpt-dir` runs, reported as a suite of its own
 * @property {string[]} paths  files and folders, relative to the checkout's root
 * @property {string[]} suffixes  the test files of its folders
 * @property {RegExp} [leaveOut]  test files that cannot run in a shell global, by name
 */

/** The upstream suites, by name: `--suite NAME` (the default with --wpt-dir: every one). */
export const UPSTREAM_SUITES = Object.freeze({
  /** @type {UpstreamSuite} the structured clone files; a window test runs too, what it needs of a window being not applicable */
  wpt: {
    paths: ['html/webappapis/structured-clone', 'html/infrastructure/safe-passing-of-structured-data', 'IndexedDB/structured-clone.any.js'],
    suffixes: ['.any.js', '.window.js'],
  },
  /**
   * @type {UpstreamSuite} the Encoding Standard's API tests (TextDecoder, TextEncoder, their streams): the
   * window tests of encoding/ load iframes and documents of every encoding, idlharness fetches the IDL from
   * the WPT server, and a `.sub.` file needs the server's substitutions
   */
  'wpt-encoding': { paths: ['encoding'], suffixes: ['.any.js'], leaveOut: /^idlharness\.|\.sub\./ },
});

/**
 * @typedef {object} TestFile
 * @property {string} suite  `clonecheck` or `wpt`
 * @property {string} id  its path from the suite's root, with a leading slash, as WPT names tests
 * @property {string} path
 * @property {string} root  the suite's root (where `/` in script= starts)
 * @property {Record<string, string[]>} meta  every META key's values, in order
 * @property {{name: string, path: string}[]} scripts  the includes that resolve
 * @property {string[]} unresolved  the includes that do not (the file is not applicable then)
 * @property {string[]} variants  the query (or fragment) of each run, as META: variant= lines give them; [''] for a file with none
 * @property {string[] | undefined} specs  the spec profiles META: spec= names: the only ones the file's assertions hold under
 * @property {boolean} long  META: timeout=long
 * @property {boolean} decoding  a test of the host's Encoding Standard API (TextDecoder; in clonecheck's suite
 *   Buffer's decoding too; upstream TextEncoder as well), not of structuredClone: a file under `encoding/` (DECODING_TESTS)
 */

/**
 * Where the decoding tests are, in clonecheck's suite (wpt/encoding/) and
 * upstream's (encoding/, suite wpt-encoding): by their ids, which start at the suite's root.
 */
const DECODING_TESTS = /^\/encoding\//;

/**
 * The test files under `paths` (files or folders), sorted by id: `*.any.js`,
 * and in the upstream suite `*.window.js` too (the Error [[Stack]] tests of
 * wpt#58397 are window tests that need nothing of a window but `document` in one).
 * @param {{suite: string, root: string, paths: string[]}} suite
 * @returns {TestFile[]}
 */
export function suiteFiles({ suite, root, paths }) {
  const files = [];
  for (const path of paths) {
    if (!existsSync(path)) continue;
    if (statSync(path).isFile()) files.push(path);
    else files.push(...testFilesUnder(path, UPSTREAM_SUITES[suite] ?? CLONECHECK_SUITE));
  }
  return [...new Set(files)].map((path) => testFile(suite, root, path)).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** clonecheck's own suite (wpt/): any-global tests only. */
const CLONECHECK_SUITE = { suffixes: ['.any.js'] };

/** @param {string} folder @param {{suffixes: string[], leaveOut?: RegExp}} suite @returns {string[]} */
function testFilesUnder(folder, suite) {
  const found = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) found.push(...testFilesUnder(path, suite));
    else if (suite.suffixes.some((suffix) => entry.name.endsWith(suffix)) && !suite.leaveOut?.test(entry.name)) found.push(path);
  }
  return found;
}

/**
 * @param {string} text a test file
 * @returns {Record<string, string[]>} its META values by key
 */
export function readMeta(text) {
  /** @type {Record<string, string[]>} */
  const meta = {};
  for (const line of text.split('\n')) {
    const match = META_LINE.exec(line.trimEnd());
    if (match === null) break;
    (meta[match[1]] ??= []).push(match[2].trim());
  }
  return meta;
}

/**
 * @param {string} suite @param {string} root @param {string} path
 * @returns {TestFile}
 */
function testFile(suite, root, path) {
  const meta = readMeta(readFileSync(path, 'utf8'));
  const scripts = [];
  const unresolved = [];
  for (const script of meta.script ?? []) {
    const scriptPath = script.startsWith('/') ? join(root, script) : resolve(dirname(path), script);
    if (existsSync(scriptPath) && statSync(scriptPath).isFile()) scripts.push({ name: idOf(root, scriptPath), path: scriptPath });
    else unresolved.push(script);
  }
  const listed = (/** @type {string[] | undefined} */ lines) => lines?.flatMap((list) => list.split(',').map((c) => c.trim()).filter((c) => c !== ''));
  return {
    suite, id: idOf(root, path), path: resolve(path), root, meta, scripts, unresolved, variants: meta.variant ?? [''], specs: listed(meta.spec),
    long: (meta.timeout ?? []).includes('long'), decoding: DECODING_TESTS.test(idOf(root, path)),
  };
}

/** @param {string} root @param {string} path */
function idOf(root, path) {
  const inside = relative(root, resolve(path));
  const id = inside.startsWith('..') ? resolve(path) : `/${inside}`;
  return id.split(sep).join('/');
}

/** A variant's `channel` parameter: the query's, up to the next `&` or the fragment (no URLSearchParams: QuickJS-ng has none). */
const CHANNEL_PARAMETER = /^\?(?:[^#]*&)?channel=([^&#]*)/;

/**
 * The channel a variant of a file names (`?channel=NAME`): clonecheck's own
 * suite only, where the file's include wpt/resources/channel.js reads the
 * same parameter; an upstream variant's query is the file's own business.
 * @param {TestFile} file @param {string} variant
 * @returns {string | undefined}
 */
export function variantChannel(file, variant) {
  if (file.suite !== 'clonecheck') return undefined;
  const match = CHANNEL_PARAMETER.exec(variant);
  return match === null ? undefined : decodeURIComponent(match[1]);
}

/**
 * The channels a file's variants name that conform does not know.
 * @param {TestFile} file
 * @returns {string[]}
 */
export function unknownChannels(file) {
  return file.variants.map((variant) => variantChannel(file, variant)).filter((c) => c !== undefined).filter((c) => !CONFORM_CHANNELS.includes(c));
}

/**
 * The spec profiles a file names that do not exist.
 * @param {TestFile} file
 * @returns {string[]}
 */
export function unknownSpecs(file) {
  return (file.specs ?? []).filter((p) => !Object.hasOwn(SPEC_PROFILES, p));
}

/**
 * Where a file that does not parse goes wrong, as this Node's parser says
 * (engines' eval errors carry no line): ` (at ID:LINE)`, or '' when the
 * file itself parses (the error was in an include).
 * @param {TestFile} file
 */
export function syntaxErrorLocation(file) {
  try {
    // Parsed, never run.
    new Script(readFileSync(file.path, 'utf8'), { filename: file.id });
    return '';
  } catch (error) {
    const where = /^(.+:\d+)$/m.exec(String(/** @type {Error} */ (error).stack));
    return where === null ? '' : ` (at ${where[1]})`;
  }
}
