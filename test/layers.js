// The checker behind test/layers.unit.test.js: reads every import of the
// code trees and says which ones layers.json (the dependency table at the
// repository's root) does not allow. Not a test file itself.

import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The trees the table covers: everything clonecheck runs. */
export const TREES = ['src', 'fuzzers', 'portable', 'harness'];

/**
 * @typedef {object} Layer
 * @property {string} name
 * @property {'targets' | 'main'} runs  inside targets (threads, agents, pages, QuickJS-ng, repro bundles) or only in Node's main process
 * @property {string} why
 *
 * @typedef {object} Unit  a folder (or one file) of a tree, and what it may import
 * @property {string} layer  a Layer's name
 * @property {string} [why]  for a unit whose place the layer's why does not say
 * @property {string[]} imports  the units its files may import (its own is implied unless `isolated`)
 * @property {string[]} [packages]  the npm packages it may import; 'node:' stands for Node's built-in modules
 * @property {boolean} [isolated]  its files import nothing else of it (one command never imports another)
 *
 * @typedef {object} Exception  one import the table does not allow but keeps for now, and why
 * @property {string} from  a file
 * @property {string} to  a file, or the package it imports
 * @property {string} why
 *
 * @typedef {object} Table
 * @property {Layer[]} layers  lowest first: a unit imports units of its own layer or lower ones
 * @property {Record<string, Unit>} units  keyed by a folder or file path; a file belongs to its longest key
 * @property {Exception[]} exceptions
 *
 * @typedef {{from: string, to: string}} Edge  one import: repository paths, or a package's name for `to`
 */

/** @returns {Table} layers.json */
export const readTable = () => JSON.parse(readFileSync(join(ROOT, 'layers.json'), 'utf8'));

/** @returns {string[]} the JavaScript files of the trees, relative to the repository */
export function codeFiles() {
  return TREES.flatMap((tree) => readdirSync(join(ROOT, tree), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.m?js$/.test(name))
    .map((name) => join(tree, name)))
    .sort();
}

/**
 * A file's imports at run time: static imports and re-exports (export *
 * as too), side-effect imports, and dynamic import() with a string
 * literal, read from TypeScript's syntax tree (so neither comments, JSDoc
 * type imports nor strings that merely look like imports count). An
 * import() of a computed URL (a target's module, a tasks module) names no
 * file and is not read.
 * @param {string} file relative to the repository
 * @returns {Edge[]} relative specifiers resolved to repository paths; bare ones as the package's name ('node:' for every built-in)
 */
export function importsOf(file) {
  return importsIn(file, readFileSync(join(ROOT, file), 'utf8'));
}

/**
 * importsOf for a file's text given here.
 * @param {string} file relative to the repository @param {string} text
 * @returns {Edge[]}
 */
export function importsIn(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  /** @type {string[]} */
  const specifiers = [];
  /** @param {ts.Node} node */
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments.length > 0 && ts.isStringLiteralLike(node.arguments[0])) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers.map((specifier) => ({ from: file, to: resolveSpecifier(file, specifier) }));
}

/** @param {string} file @param {string} specifier */
function resolveSpecifier(file, specifier) {
  if (specifier.startsWith('.')) return relative(ROOT, resolve(ROOT, dirname(file), specifier));
  if (specifier.startsWith('node:')) return 'node:';
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** @param {Table} table @param {string} path @returns {string | undefined} the unit a file belongs to: its longest key */
export function unitOf(table, path) {
  let best;
  for (const key of Object.keys(table.units)) {
    if ((path === key || path.startsWith(`${key}/`)) && (best === undefined || key.length > best.length)) best = key;
  }
  return best;
}

/** @param {string} to @returns {boolean} whether an edge's target is a package rather than a file */
const isPackage = (to) => !TREES.some((tree) => to.startsWith(`${tree}/`));

/**
 * Why the table refuses an import, or undefined when it allows it.
 * @param {Table} table @param {Edge} edge @returns {string | undefined}
 */
export function refusal(table, { from, to }) {
  const source = unitOf(table, from);
  if (source === undefined) return `${from} belongs to no unit of layers.json`;
  const unit = table.units[source];
  if (isPackage(to)) {
    return unit.packages?.includes(to) ? undefined : `${source} may not import the package ${to}`;
  }
  const target = unitOf(table, to);
  if (target === undefined) return `${to} belongs to no unit of layers.json`;
  if (target === source) return unit.isolated ? `${source}: one file imports no other of it` : undefined;
  return unit.imports.includes(target) ? undefined : `${source} may not import ${target}`;
}

/**
 * The imports the table refuses, each with why, leaving out its listed exceptions.
 * @param {Table} table @param {Edge[]} edges @returns {string[]}
 */
export function refusals(table, edges) {
  const excepted = new Set(table.exceptions.map(({ from, to }) => `${from} -> ${to}`));
  return edges.flatMap((edge) => {
    const why = refusal(table, edge);
    return why === undefined || excepted.has(`${edge.from} -> ${edge.to}`) ? [] : [`${edge.from} -> ${edge.to}: ${why}`];
  });
}

/**
 * The import circles among files: each strongly connected group of two or
 * more files (Tarjan's algorithm), where one file's module body may run
 * before another it needs has finished loading.
 * @param {Edge[]} edges @returns {string[][]}
 */
export function importCircles(edges) {
  /** @type {Map<string, string[]>} */
  const next = new Map();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  /** @type {Map<string, {index: number, low: number}>} */
  const seen = new Map();
  /** @type {string[]} */
  const stack = [];
  /** @type {string[][]} */
  const circles = [];
  /** @param {string} file */
  const visit = (file) => {
    const mark = { index: seen.size, low: seen.size };
    seen.set(file, mark);
    stack.push(file);
    for (const to of next.get(file) ?? []) {
      if (!seen.has(to)) {
        visit(to);
        mark.low = Math.min(mark.low, seen.get(to).low);
      } else if (stack.includes(to)) mark.low = Math.min(mark.low, seen.get(to).index);
    }
    if (mark.low !== mark.index) return;
    const group = stack.splice(stack.indexOf(file));
    if (group.length > 1) circles.push(group.sort());
  };
  for (const file of next.keys()) if (!seen.has(file)) visit(file);
  return circles;
}
