// `clonecheck conform --generate`: clonecheck's corpus as testharness.js
// tests. Each program of corpus/seeds/ and corpus/regressions/ becomes one
// test in wpt/generated/, named for what it checks (a seed by its name, a
// regression by the difference its target showed), carrying its repro: the
// program, the builder emitted from it, and where it came from. The test
// clones the value with the global structuredClone and compares what a
// script observes with the reference's spec path run in the same global
// (portable/conform/generated-main.js, bundled once into
// resources/clonecheck-case.js). The fuzz corpus and the suite share their
// cases this way.
//
// wpt/generated/ is built, never checked in: `conform` builds it when the
// files it runs include it (ensureGenerated), and again only when what it
// is made from changed: a stamp in the folder holds the hash of the corpus,
// this module and every module the bundle is made of (esbuild lists them).

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync, version as esbuildVersion } from 'esbuild';
import { canonicalJSON, diff, emit } from '../../src/index.js';
import { DEFAULT_SPEC_PROFILE } from '../../src/html/profiles.js';

const PROJECT = fileURLToPath(new URL('../../', import.meta.url));
export const CORPUS_DIRS = ['corpus/seeds', 'corpus/regressions'].map((d) => join(PROJECT, d));
export const GENERATED_DIR = join(PROJECT, 'wpt', 'generated');
const BUNDLE = 'resources/clonecheck-case.js';
/** In the output folder: what the files were made from (its hash) and which files they are. */
const STAMP = '.sources.json';
/** The end of a file's name while it is written, before it is renamed into place. */
const PARTIAL = '.partial';

/**
 * Every generated file's text, by its path relative to the output folder:
 * the seeds in one file, the regressions in one file per target they were
 * found on (a fresh global per file is what a test costs most); and the
 * modules the bundle was made of, from the project's root.
 * @returns {{files: Map<string, string>, inputs: string[]}}
 */
export function generatedFiles() {
  /** @type {Map<string, {title: string, tests: string[]}>} */
  const byFile = new Map();
  for (const dir of CORPUS_DIRS) {
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.json')).sort()) {
      const path = join(dir, name);
      const stored = JSON.parse(readFileSync(path, 'utf8'));
      // A regression holds its program and what its target did; a seed is the program itself.
      const program = stored.program ?? stored;
      // Through structuredClone a value is never for storage, and arrives once.
      if (program.forStorage === true || program.deliveries !== undefined) continue;
      const seed = stored.program === undefined;
      const file = seed ? 'seeds.any.js' : `regressions-${stored.target.replace(/[:@/]/g, '-')}.any.js`;
      const group = byFile.get(file)
        ?? { title: seed ? 'The seed programs of the fuzz corpus (corpus/seeds/)' : `The regressions found on ${stored.target} (corpus/regressions/)`, tests: [] };
      byFile.set(file, group);
      group.tests.push(testOf(relative(PROJECT, path), stored, program));
    }
  }
  const { text, inputs } = bundle();
  const files = new Map([[BUNDLE, text]]);
  for (const [file, { title, tests }] of byFile) {
    files.set(file, [
      `// META: title=${title}, each as a test: the clone observes as the reference's spec path says, run in the same global`,
      `// META: script=${BUNDLE}`,
      // The reference in the file follows the default profile: its verdicts are the standard's.
      `// META: spec=${DEFAULT_SPEC_PROFILE}`,
      '//',
      '// Built by `clonecheck conform` from the corpus (harness/conform/generate.js), not checked in; do not edit.',
      '',
      ...tests,
    ].join('\n'));
  }
  return { files, inputs };
}

/**
 * Builds wpt/generated/ unless it was built from what is there now.
 * Several runs may build it at once (the tests run conform in parallel):
 * each file is written whole under a name of its own and renamed into place,
 * so a reader sees one build's file or another's, and builds from the same
 * sources write the same bytes.
 * @param {string} [outDir]
 * @returns {{built: boolean, files: number}} whether it was built now, and its test files
 */
export function ensureGenerated(outDir = GENERATED_DIR) {
  const stamp = readStamp(outDir);
  if (Array.isArray(stamp?.files) && Array.isArray(stamp.inputs) && stamp.files.every((name) => existsSync(join(outDir, name))) && sourcesHash(stamp.inputs) === stamp.hash) {
    return { built: false, files: stamp.files.length - 1 };
  }
  const { files, inputs } = generatedFiles();
  for (const [name, text] of files) writeWhole(join(outDir, name), text);
  // Files of programs no longer in the corpus go (not another build's file on its way in).
  for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
    const name = relative(outDir, join(entry.parentPath ?? entry.path, entry.name));
    if (entry.isFile() && name !== STAMP && !name.endsWith(PARTIAL) && !files.has(name)) rmSync(join(outDir, name), { force: true });
  }
  writeWhole(join(outDir, STAMP), `${JSON.stringify({ hash: sourcesHash(inputs), files: [...files.keys()].sort(), inputs }, null, 2)}\n`);
  return { built: true, files: files.size - 1 };
}

/** @param {string} outDir @returns {{hash: string, files: string[], inputs: string[]} | undefined} */
function readStamp(outDir) {
  try {
    return JSON.parse(readFileSync(join(outDir, STAMP), 'utf8'));
  } catch {
    return undefined;
  }
}

/** @param {string} path @param {string} text */
function writeWhole(path, text) {
  mkdirSync(join(path, '..'), { recursive: true });
  const partial = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}${PARTIAL}`;
  writeFileSync(partial, text);
  renameSync(partial, path);
}

/**
 * The hash of what the generated files are made from: this module, the
 * bundler's version, the bundle's modules (`inputs`, from the project's
 * root) and every corpus file; '' when an input is gone (a rebuild lists
 * the new ones).
 * @param {string[]} inputs
 */
function sourcesHash(inputs) {
  const hash = createHash('sha256').update(`esbuild ${esbuildVersion}\0`).update(readFileSync(fileURLToPath(import.meta.url)));
  const corpus = CORPUS_DIRS.flatMap((dir) => readdirSync(dir).filter((n) => n.endsWith('.json')).sort().map((n) => join(dir, n)));
  for (const path of [...inputs.map((input) => join(PROJECT, input)), ...corpus]) {
    if (!existsSync(path)) return '';
    hash.update(`\0${relative(PROJECT, path)}\0`).update(readFileSync(path));
  }
  return hash.digest('hex');
}

/**
 * One test, in a block of its own: the program, its emitted builder, and the check.
 * @param {string} source the corpus file, from the project's root
 * @param {any} stored the corpus file's contents
 * @param {any} program
 */
function testOf(source, stored, program) {
  const seed = stored.program === undefined;
  const name = seed ? `seed program ${basename(source, '.json')}: the clone observes as the standard says` : regressionName(stored);
  return [
    `// ${source}`,
    ...(seed ? [`// Repro: clonecheck repro ${source} --target node:clone`]
      : [`// Found by: ${stored.provenance?.foundBy ?? 'clonecheck fuzz'}`, `// Repro: clonecheck repro ${source} --target ${stored.target}`]),
    '{',
    `  const program = ${JSON.stringify(program)};`,
    `  const makeBuilt = ${builderWithSharedRuntime(program).split('\n').join('\n  ')};`,
    '  test(() => {',
    `    const differences = clonecheck.caseDeviations(program, makeBuilt, ${JSON.stringify(DEFAULT_SPEC_PROFILE)});`,
    "    assert_equals(differences.map((d) => `${d.path} ${d.category}: expected ${JSON.stringify(d.expected)}, actual ${JSON.stringify(d.actual)}`).join('; '), '');",
    `  }, ${JSON.stringify(name)});`,
    '}',
    '',
  ].join('\n');
}

/**
 * `emit(program)` ends by passing its runtime's source, applied to the
 * global, to the builder (src/program/emit.js); here the bundle's copy of
 * that runtime is passed instead, so each file carries only its program.
 * @param {any} program
 */
function builderWithSharedRuntime(program) {
  const emitted = emit(program).trim();
  const runtimeCall = emitted.lastIndexOf('})(\n(');
  if (runtimeCall < 0 || !/\)\(globalThis, \[[^\]]*\]\)\)$/.test(emitted)) throw new Error('emit() no longer ends with its runtime: update generate.js');
  return `${emitted.slice(0, runtimeCall)}})(clonecheck.createRuntime(globalThis))`;
}

/**
 * A regression's test is named for the first difference its target showed.
 * @param {any} regression
 */
function regressionName(regression) {
  const [first] = diff(regression.expected, regression.actual).filter((d) => d.category !== 'implementation-defined');
  const what = first === undefined ? regression.signature
    : `${first.path} ${first.category}: the standard says ${canonicalJSON(first.expected)}, ${regression.target} gave ${canonicalJSON(first.actual)}`;
  return `${regression.signature}: ${what}`;
}

/**
 * The case runner and observation code as one classic script defining the
 * global `clonecheck`, and the modules it was made of (from the project's root).
 */
function bundle() {
  const { outputFiles, metafile } = buildSync({
    entryPoints: [fileURLToPath(new URL('../../portable/conform/generated-main.js', import.meta.url))], absWorkingDir: PROJECT, metafile: true,
    bundle: true, write: false, format: 'iife', globalName: 'clonecheck', platform: 'neutral',
    mainFields: ['module', 'main'], minify: true, target: 'es2022', logLevel: 'silent', legalComments: 'none',
  });
  return {
    text: `// Built by \`clonecheck conform\` (portable/conform/generated-main.js and src/, bundled), not checked in; do not edit.\n${outputFiles[0].text}`,
    inputs: Object.keys(metafile.inputs).sort(),
  };
}
