// The files and folders the docs and the code's comments name are the
// tree's: a path under one of the repository's folders that no longer
// exists (a file moved, renamed or merged) fails here with where it is
// named; and docs/extending.md's tree names every folder of the code trees,
// so a new folder is described where a contributor looks for it; and a
// name cited with its module (programs.js `withoutFileLists`) is in it, and
// an option a doc gives a command (`clonecheck fuzz --seed`) is one it has.

import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT, docFiles } from '../harness/docs/blocks.js';
import { cli } from '../harness/cli.js';

/** A path into the repository as prose or a comment writes it: a top folder, then a file or folder name. */
const PATH = /(?<![\w./@-])((?:src|fuzzers|portable|harness|wpt|corpus|docs|test|ci)\/[\w./@+-]*[\w/])([\w.-]*\*)?/g;

/** What a path may name without existing: built or ignored output, and names that stand for any (`test/X.unit.test.js`, `corpus/bugs/ID.json`). */
const NOT_IN_THE_TREE = [/^wpt\/generated\//, /^test\/artifacts\//, /(^|[/-])[A-Z][A-Z0-9_]*([./-]|$)/];

/** Files whose paths are not this tree's, each with why. */
const ELSEWHERE = {
  'fuzzers/arbitraries/thresholds.js': 'cites V8\'s and Bun\'s sources by their paths',
  'test/layers.unit.test.js': 'checks made-up files against the dependency table',
  'test/docs-paths.unit.test.js': 'its exceptions name what is not in the tree',
  'test/measure/fuzz.js': 'finds itself in a base revision from before it moved (harness/bench/fuzz.js)',
};

/** Paths named in one file that are the tree as it was, each with why. */
const HISTORY = {
  'docs/report.md': ['corpus/bugs/bun/copies-the-own-properties-of-a-set.json'], // a report quoted as it was printed on 2026-11-27
};

const tracked = execFileSync('git', ['ls-files', 'src', 'fuzzers', 'portable', 'harness', 'test', 'ci'], { cwd: PROJECT, encoding: 'utf8' })
  .split('\n').filter((file) => /\.(m?js|c|sh|ya?ml)$/.test(file));

test('every path the docs and the code name is in the tree', () => {
  /** @type {string[]} */
  const missing = [];
  for (const file of [...docFiles(), ...tracked]) {
    if (Object.hasOwn(ELSEWHERE, file)) continue;
    const text = readFileSync(join(PROJECT, file), 'utf8');
    for (const [, path, glob] of text.matchAll(PATH)) {
      if (glob !== undefined || NOT_IN_THE_TREE.some((pattern) => pattern.test(path)) || HISTORY[file]?.includes(path)) continue;
      if (!existsSync(join(PROJECT, path))) missing.push(`${file} names ${path}`);
    }
  }
  assert.deepEqual(missing, [], `paths that are not in the tree (moved or renamed? fix the text):\n${missing.join('\n')}`);
});

/** A module named with one of its names, as the docs and comments cite code: `programs.js \`withoutFileLists\``, `(src/x.js \`name\`)`. */
const CITED = /(?<![\w.-])((?:[\w-]+\/)*[\w-]+\.m?js)`?,? `([A-Za-z_$][\w$]*)`/g;

test('a name cited with its module is in that module', () => {
  const modules = tracked.filter((file) => /\.m?js$/.test(file));
  /** @type {string[]} */
  const missing = [];
  for (const file of [...docFiles(), ...modules]) {
    for (const [, module, name] of readFileSync(join(PROJECT, file), 'utf8').matchAll(CITED)) {
      // The module by its path, or by the end of it (`platform.js` is every tracked file so named).
      const candidates = existsSync(join(PROJECT, module)) ? [module] : modules.filter((m) => m.endsWith(`/${module}`));
      if (candidates.length === 0) continue;
      const word = new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`);
      if (!candidates.some((candidate) => word.test(readFileSync(join(PROJECT, candidate), 'utf8')))) missing.push(`${file} cites ${module} \`${name}\``);
    }
  }
  assert.deepEqual(missing, [], `names no module of that name holds (moved or renamed? fix the text):\n${missing.join('\n')}`);
});

/**
 * The paths docs/extending.md's tree names: a top folder or file at the start of a line, a folder or file of it indented
 * by two, several on a line comma-separated (the name column is the first 22 characters).
 * @returns {string[]}
 */
function treePaths() {
  const doc = readFileSync(join(PROJECT, 'docs/extending.md'), 'utf8');
  const tree = /## The tree\n[\s\S]*?```\n([\s\S]*?)```/.exec(doc);
  assert.ok(tree !== null, 'docs/extending.md has no tree under "## The tree"');
  /** @type {string[]} */
  const paths = [];
  let top = '';
  for (const line of tree[1].split('\n')) {
    const names = line.slice(0, 22).split(/[,\s]+/).filter(Boolean);
    if (names.length === 0) continue;
    if (!line.startsWith(' ')) [top] = names;
    else paths.push(...names.map((name) => `${top}${name}`));
    if (!line.startsWith(' ')) paths.push(...names);
  }
  return paths;
}

test('docs/extending.md\'s tree names what is there, and every folder of the code trees', () => {
  const named = treePaths();
  assert.deepEqual(named.filter((path) => !existsSync(join(PROJECT, path))), [], 'docs/extending.md\'s tree names what is not there');
  const folders = ['src/', 'fuzzers/', 'portable/', 'harness/'].flatMap((top) => readdirSync(join(PROJECT, top), { withFileTypes: true })
    .filter((entry) => entry.isDirectory()).map((entry) => `${top}${entry.name}/`));
  assert.deepEqual(folders.filter((folder) => !named.includes(folder)), [], 'docs/extending.md\'s tree does not name these folders');
});

test('the README\'s layout names every top folder of the repository, and only those', () => {
  const readme = readFileSync(join(PROJECT, 'README.md'), 'utf8');
  const layout = /## Layout\n[\s\S]*?```\n([\s\S]*?)```/.exec(readme);
  assert.ok(layout !== null, 'README.md has no layout under "## Layout"');
  const named = [...layout[1].matchAll(/^([\w-]+)\/ /gm)].map((m) => m[1]).sort();
  const top = [...new Set(execFileSync('git', ['ls-files'], { cwd: PROJECT, encoding: 'utf8' }).split('\n')
    .filter((file) => file.includes('/') && !file.startsWith('.')).map((file) => file.split('/')[0]))].sort();
  assert.deepEqual(named, top, 'README.md\'s layout and the repository\'s top folders differ');
});

test('every option a doc gives a command is one the command has', () => {
  /** @type {Map<string, Set<string>>} a command's options by name, each as --name and --no-name (the main job's as `main`) */
  const optionsOf = new Map(cli.commands.map((command) => [command.name(),
    new Set(['--help', ...command.options.flatMap((o) => [o.long ?? '', o.long?.replace(/^--/, '--no-') ?? ''])])]));
  /** @type {string[]} */
  const unknown = [];
  for (const file of docFiles().filter((name) => name !== 'docs/cli.md')) {
    // An invocation as the docs write one: `clonecheck COMMAND …` up to the end of its code span or line.
    for (const [invocation, word, rest] of readFileSync(join(PROJECT, file), 'utf8').matchAll(/clonecheck (--?[a-z][\w-]*|[a-z][\w-]*)([^`\n]*)/g)) {
      const command = word.startsWith('-') ? 'main' : word;
      const options = optionsOf.get(command);
      if (options === undefined) continue;
      for (const [flag] of `${word.startsWith('-') ? word : ''}${rest}`.matchAll(/(?<![\w-])--[a-z][\w-]*/g)) {
        if (!options.has(flag)) unknown.push(`${file}: ${invocation.trim()}: ${command} has no ${flag}`);
      }
    }
  }
  assert.deepEqual(unknown, [], 'options the commands do not have (renamed? see docs/cli.md)');
});
