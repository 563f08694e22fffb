// The process boundary, in folders: src/, fuzzers/ and portable/ run inside
// targets (threads, agents in Node, Bun, Deno and QuickJS-ng, browser pages,
// repro bundles); harness/ runs only in the Node main process. What runs
// inside a target may not reach into harness/, and outside the host
// adapters (portable/hosts/) it may not import a `node:` module, which a
// page or QuickJS-ng does not have.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** @param {string} folder @returns {string[]} the JavaScript files under it, relative to the repository */
function filesUnder(folder) {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.m?js$/.test(name))
    .map((name) => join(folder, name));
}

/**
 * The modules a file imports at run time: static and dynamic imports and
 * re-exports, comments left out (JSDoc type imports cost nothing at run time).
 * @param {string} file @returns {string[]} specifiers, relative ones resolved to repository paths
 */
function importsOf(file) {
  const code = readFileSync(join(ROOT, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const specifiers = [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s*)['"]([^'"]+)['"]/gm)].map((match) => match[1]);
  return specifiers.map((specifier) => specifier.startsWith('.') ? relative(ROOT, resolve(ROOT, dirname(file), specifier)) : specifier);
}

const INSIDE_TARGETS = ['src', 'fuzzers', 'portable'];

test('code that runs inside targets imports nothing from harness/, which runs only in the main process', () => {
  const crossings = INSIDE_TARGETS.flatMap(filesUnder)
    .flatMap((file) => importsOf(file).filter((target) => target.startsWith('harness/')).map((target) => `${file} -> ${target}`));
  assert.deepEqual(crossings, []);
});

test('outside portable/hosts/, code that runs inside targets imports no node: module', () => {
  const nodeImports = INSIDE_TARGETS.flatMap(filesUnder)
    .filter((file) => !file.startsWith('portable/hosts/'))
    .flatMap((file) => importsOf(file).filter((target) => target.startsWith('node:')).map((target) => `${file} -> ${target}`));
  assert.deepEqual(nodeImports, []);
});

test('src/ imports only src/ (the reference is host-free and stands alone)', () => {
  const outside = filesUnder('src')
    .flatMap((file) => importsOf(file).filter((target) => !target.startsWith('src/')).map((target) => `${file} -> ${target}`));
  assert.deepEqual(outside, []);
});

/** The portable tree's entries: a clone case's (index.js) and an agent's (agent.js). */
const PORTABLE_ENTRIES = ['portable/index.js', 'portable/agent.js'];

test('fuzzers/native reaches the portable tree only through its entries', () => {
  const sideDoors = filesUnder('fuzzers/native')
    .flatMap((file) => importsOf(file).filter((target) => target.startsWith('portable/') && !PORTABLE_ENTRIES.includes(target)).map((target) => `${file} -> ${target}`));
  assert.deepEqual(sideDoors, []);
});

test('the boundary check sees imports: the agent entry imports the fuzz tasks', () => {
  assert.ok(importsOf('portable/agent.js').includes('portable/fuzz/tasks.js'));
  assert.ok(importsOf('portable/hosts/agent.js').includes('node:readline'));
});
