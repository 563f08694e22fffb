// repro.mjs: a standalone script that replays one finding and prints PASS or
// FAIL with the differences. Readable on top (what the target is, the program,
// the emitted builder, the expected observation), then the bundled observation
// code (esbuild bundles portable/findings/repro-main.js, src/ and the target's
// clone function, minified, into one expression). A user's `impl:` module is
// imported by its path instead, so the repro follows edits to it.

import { fileURLToPath } from 'node:url';
import { build, buildSync } from 'esbuild';
import { canonicalJSON, emit } from '../../src/index.js';
import { FAMILIES, familyNamed } from '../../portable/families/index.js';
import { channelOfTarget } from '../../portable/targets/channels/index.js';

const REPRO_MAIN = fileURLToPath(new URL('../../portable/findings/repro-main.js', import.meta.url));

/** What a page needs from its server for SharedArrayBuffer. */
const ISOLATION_NOTE = 'with Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp for a SharedArrayBuffer';

/** @type {Map<string, string>} bundles by clone module, made once per process */
const bundles = new Map();

/** @param {import('../targets/catalog.js').TargetSpec} target @returns {string} the key of its bundle */
const bundleKey = (target) => (target.external ? '' : target.moduleURL);

/**
 * What esbuild bundles for a target's repros.
 * @param {import('../targets/catalog.js').TargetSpec} target
 * @returns {import('esbuild').BuildOptions & {write: false}}
 */
function bundleOptions(target) {
  const cloneImport = target.external ? '' : `export * as cloneModule from ${JSON.stringify(fileURLToPath(target.moduleURL))};\n`;
  return {
    stdin: { contents: `export * from ${JSON.stringify(REPRO_MAIN)};\n${cloneImport}`, resolveDir: fileURLToPath(new URL('.', import.meta.url)) },
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'clonecheck',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    minify: true,
    target: 'es2022',
    logLevel: 'silent',
  };
}

/**
 * The bundled code, as an expression evaluating to {runRepro, cloneModule}.
 * @param {import('../targets/catalog.js').TargetSpec} target
 */
function bundleFor(target) {
  let text = bundles.get(bundleKey(target));
  if (text === undefined) {
    text = buildSync(bundleOptions(target)).outputFiles[0].text.trim();
    bundles.set(bundleKey(target), text);
  }
  return text;
}

/**
 * Bundles the targets' repro code ahead, in esbuild's own process: a run
 * that starts this before fuzzing does not stop its main thread for the
 * ~0.25 s of a bundle at its first finding (its threads then wait for work).
 * A finding written before it is done bundles on its own, as ever.
 * @param {import('../targets/catalog.js').TargetSpec[]} targets
 * @returns {Promise<void>}
 */
export async function bundleAhead(targets) {
  await Promise.all(targets.map(async (target) => {
    if (bundles.has(bundleKey(target))) return;
    const result = await build(bundleOptions(target));
    if (!bundles.has(bundleKey(target))) bundles.set(bundleKey(target), result.outputFiles[0].text.trim());
  }));
}

/**
 * Whether a finding of this target gets a standalone repro.mjs: not where
 * its family says its targets run only inside clonecheck's own agent
 * (QuickJS-ng's `quickjs:message`, `quickjs:ref`: its serializer is a native
 * function of that binary); `clonecheck repro <folder> --target T` replays them there.
 * @param {import('../targets/catalog.js').TargetSpec} target
 */
export function hasStandaloneRepro(target) {
  return familyNamed(target.runtime?.family)?.standalone === undefined;
}

/**
 * How to run a repro (or a snippet): with the target's own runtime first (a
 * repro tests the runtime that runs it), then the others (each family's
 * `runCommand`, portable/families/).
 * @param {import('../targets/catalog.js').TargetSpec} target
 * @param {string} [script]
 * @returns {{first: string, command: string, binary?: string, others: string[]}}
 *   `first`: `command`, and the target runtime's `binary` when it is not on the PATH
 */
export function reproCommands(target, script = 'repro.mjs') {
  /** @type {Record<string, string>} */
  const commands = Object.fromEntries(FAMILIES.flatMap((family) => (family.runCommand === undefined ? [] : [[family.name, family.runCommand(script)]])));
  const browser = target.runtime?.browser;
  if (browser !== undefined) {
    // A page runs it: repro.html loads repro.mjs; a snippet goes in a page's console, or in a module script of its own.
    const command = script === 'repro.mjs' ? `open repro.html in ${browser}` : `paste it into the console of a page in ${browser}, or load it with <script type="module" src="${script}">`;
    return { first: `repro.html in ${browser}, served over HTTP (${ISOLATION_NOTE})`, command, others: Object.values(commands) };
  }
  const family = target.runtime?.family ?? 'node';
  const ownBinary = target.runtime !== undefined && (target.runtime.source === 'cache' || target.runtime.source === 'user');
  // A family whose snippets run where no repro does (QuickJS-ng's in the stock qjs, built beside the agent).
  const snippetOnly = script === 'repro.mjs' ? undefined : familyNamed(family)?.snippetCommand?.(script);
  const binary = !ownBinary ? undefined : snippetOnly === undefined ? target.runtime?.binary : target.runtime?.snippetBinary;
  const command = commands[family] ?? snippetOnly;
  return {
    first: `${command}${binary ? ` (with ${binary})` : ''}`,
    command,
    binary,
    others: Object.entries(commands).filter(([name]) => name !== family).map(([, command]) => command),
  };
}

/**
 * @param {{program: any, expected: unknown, target: import('../targets/catalog.js').TargetSpec, signature: string,
 *   replay: string, verdict: string}} finding
 * @returns {string} the source of repro.mjs
 */
export function reproSource({ program, expected, target, signature, replay, verdict }) {
  const lines = [
    `// clonecheck repro: ${signature}`,
    `// target: ${target.name} (${target.description})`,
    '//',
    `// Run it with ${reproCommands(target).first}; it runs in the others too: ${reproCommands(target).others.join(', ')}`,
    '// It prints PASS or FAIL with the differences, and exits 1 on FAIL.',
    ...(verdict === 'deviation' ? [] : [`// The finding is a ${verdict}: expect this script to ${verdict === 'crash' ? 'die with an uncaught error' : 'hang'} where the target still has the bug.`]),
    `// Found by: ${replay}`,
    '',
  ];
  if (target.external) lines.push(`import * as cloneModule from ${JSON.stringify(target.moduleURL)};`, '');
  lines.push(
    `const target = ${JSON.stringify(target.name)};`,
    '',
    '// The program (clonecheck/program@1, docs/program.md), as the target ran it.',
    `const program = ${JSON.stringify(program, null, 2)};`,
    '',
    '// Builds the value the program describes (emitted by clonecheck: plain JavaScript, no imports).',
    `const makeBuilt = ${emit(program).trim()};`,
    '',
    '// What the structured clone algorithm says a script observes (the reference engine, spec path).',
    `const expected = ${canonicalJSON(expected)};`,
    '',
    '// clonecheck\'s case runner and observation code, bundled.',
    `const clonecheck = (() => {\n${bundleFor(target)}\nreturn clonecheck;\n})();`,
    '',
    '// A worker channel\'s repro is also its receiving workers\' script.',
    'if (clonecheck.inReceivingWorker()) {',
    '  clonecheck.serveRealm();',
    '} else {',
    // A frame channel's receiving realm is a document: repro.html, which loads this script again.
    `  const passed = await clonecheck.runRepro({ program, expected, makeBuilt, cloneModule: ${target.external ? 'cloneModule' : 'clonecheck.cloneModule'}, repeats: ${target.external}, target, scriptURL: ${
      channelOfTarget(target.name)?.repro === 'page' ? "new URL('repro.html', import.meta.url).href" : 'import.meta.url'} });`,
    '  if (!passed && typeof process === \'object\' && process !== null) process.exitCode = 1;',
    '}',
    '',
  );
  return lines.join('\n');
}

/**
 * repro.html: the page that runs repro.mjs in a browser and shows what it
 * prints (PASS or FAIL and the differences); for the iframe channel it is
 * also the receiving frame's document.
 * @param {{target: import('../targets/catalog.js').TargetSpec, signature: string}} finding
 * @returns {string}
 */
export function reproPage({ target, signature }) {
  return `<!doctype html>
<meta charset="utf-8">
<title>clonecheck repro: ${signature}</title>
<!--
  clonecheck repro of ${target.name} (${target.description}).
  Serve this folder over HTTP (any static server; ${ISOLATION_NOTE}) and open
  repro.html in the browser: it prints PASS or FAIL with the differences, here and in the console.
-->
<pre id="out"></pre>
<script>
  if (window.parent === window) {
    const log = console.log.bind(console);
    console.log = (...lines) => {
      log(...lines);
      document.getElementById('out').textContent += lines.join(' ') + '\\n';
    };
  }
</script>
<script type="module" src="repro.mjs"></script>
`;
}
