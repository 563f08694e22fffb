// ci/ (docs/ci.md): the GitHub Actions workflows are valid, checked by
// GitHub's own workflow parser (@actions/workflow-parser, bundled here with
// esbuild: its JSON imports need bundling on Node 20), which refuses an
// unknown key, a wrong type or a bad expression; and every clonecheck
// option they pass is one the command has (read with yaml).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { parse } from 'yaml';
import { clonecheck } from './helpers.js';

const CI = fileURLToPath(new URL('../ci/', import.meta.url));
const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));
const PROJECT = fileURLToPath(new URL('..', import.meta.url));

/** @returns {Promise<any>} @actions/workflow-parser, bundled (yaml stays an import of its own) */
async function workflowParser() {
  mkdirSync(ARTIFACTS, { recursive: true });
  const outfile = join(ARTIFACTS, 'workflow-parser.mjs');
  await build({
    stdin: { contents: "export * from '@actions/workflow-parser';", resolveDir: PROJECT },
    bundle: true, format: 'esm', platform: 'node', external: ['yaml'], outfile, logLevel: 'error',
  });
  return import(pathToFileURL(outfile).href);
}

/** @param {any} parser @param {string} name @param {string} content @returns {Promise<string[]>} */
async function problems(parser, name, content) {
  const parsed = parser.parseWorkflow({ name, content }, new parser.NoOperationTraceWriter());
  const template = await parser.convertWorkflowTemplate(parsed.context, parsed.value);
  return [...parsed.context.errors.getErrors().map((/** @type {any} */ e) => e.message), ...(template.errors ?? []).map((/** @type {any} */ e) => e.Message)];
}

const workflows = readdirSync(CI).filter((name) => name.endsWith('.yml')).sort();

test('ci/ holds the pre-merge and the nightly workflows', () => {
  assert.deepEqual(workflows, ['nightly.yml', 'pre-merge.yml']);
});

test('the parser refuses a broken workflow (so its silence means something)', async () => {
  const parser = await workflowParser();
  const broken = readFileSync(join(CI, 'pre-merge.yml'), 'utf8').replace('runs-on: ubuntu-latest', 'runs-on: ubuntu-latest\n    stepz: []');
  assert.match((await problems(parser, 'broken.yml', broken)).join('\n'), /Unexpected value 'stepz'/);
  const badExpression = readFileSync(join(CI, 'nightly.yml'), 'utf8').replace('${{ matrix.shard }}/', '${{ matrix.shard ) }}/');
  assert.ok((await problems(parser, 'bad.yml', badExpression)).length > 0);
});

for (const name of workflows) {
  test(`${name} is a valid workflow, and passes only options clonecheck has`, async () => {
    const parser = await workflowParser();
    const content = readFileSync(join(CI, name), 'utf8');
    assert.deepEqual(await problems(parser, name, content), []);
    // Each step's clonecheck command (a folded scalar is one line).
    const runs = Object.values(parse(content).jobs).flatMap((/** @type {any} */ job) => job.steps.map((/** @type {any} */ step) => step.run ?? ''));
    const commands = runs.flatMap((run) => [...run.matchAll(/(?:npx clonecheck|node harness\/cli\.js) (\w[\w-]*)([^\n]*)/g)]);
    for (const [, command, rest] of commands) {
      const help = clonecheck([command, '--help']).stdout;
      for (const [option] of rest.matchAll(/--[a-z][a-z-]*/g)) assert.ok(help.includes(option), `${name}: clonecheck ${command} has no ${option}`);
    }
  });
}

test('the test tiers are rules on file names: test:unit runs test/*.unit.test.js, test:all every test/*.test.js, and no test file sits where neither finds it', () => {
  const { scripts } = JSON.parse(readFileSync(join(PROJECT, 'package.json'), 'utf8'));
  assert.equal(scripts['test:unit'], 'node --test --test-reporter=spec test/*.unit.test.js');
  // Two test files at a time whatever the cores: Node 20's runner runs one at a time on a 2-core
  // machine (availableParallelism() - 1), and most of the time of the files that take longest is
  // waiting for browsers, agents and child processes. On CI's kind of machine (2026-12-04, a fresh
  // clone, `bash .ci/run`): the tests 1,641 s one at a time, 1,134 s two at a time.
  assert.equal(scripts['test:all'], 'node --test --test-concurrency=2 --test-reporter=spec test/*.test.js');
  assert.equal(scripts.test, 'npm run typecheck && npm run test:all');
  // test:all globs test/ itself: a test file in a subfolder would run in no tier
  // (artifacts/ is the tests' scratch output, not tests).
  const TEST = join(PROJECT, 'test');
  const nested = readdirSync(TEST, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.test\.[cm]?js$/.test(entry.name) && entry.parentPath !== TEST)
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !path.startsWith(join(TEST, 'artifacts')));
  assert.deepEqual(nested, []);
});
