// The snippet every finding's report.md leads with must reproduce: for the
// findings of a real run (Node 20's own deviations, a planted fast-path bug,
// a MessageChannel), the snippet is cut out of report.md, run with node as a
// file, and must print FAIL with the actual value the report states; the
// same snippet with the reference's spec path as its clone (snippetFor's
// `reference` option: only the clone differs) must print PASS.

import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { snippetFor, snippetOutput } from '../harness/findings/snippet.js';
import { resolveTarget } from '../harness/targets/catalog.js';
import { clonecheck, fixture } from './helpers.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The findings of one run, each with its folder's files read. */
function fuzzFindings() {
  const out = mkdtempSync(join(tmpdir(), 'clonecheck-findings-'));
  after(() => rmSync(out, { recursive: true, force: true }));
  const targets = ['node:clone', `impl:${fixture('zero-sign-lost.mjs')}`, 'node:messagechannel', 'node:worker'];
  const result = clonecheck(['fuzz', ...targets.flatMap((t) => ['--target', t]), '--seed', '1', '--runs', '3000', '--witnesses', '0', '--out', out]);
  assert.equal(result.status, 1, result.stderr);
  const dir = join(out, 'findings');
  return readdirSync(dir).sort().map((name) => ({
    name,
    finding: JSON.parse(readFileSync(join(dir, name, 'finding.json'), 'utf8')),
    program: JSON.parse(readFileSync(join(dir, name, 'program.json'), 'utf8')),
    report: readFileSync(join(dir, name, 'report.md'), 'utf8'),
  }));
}

/**
 * @param {string} report
 * @returns {{source: string, prints: string[]} | {none: string}} the snippet and the output the report says it prints
 */
function snippetOfReport(report) {
  const section = report.slice(report.indexOf('## Snippet'), report.indexOf('\n## ', report.indexOf('## Snippet') + 1));
  const none = /^None(?: for a \w+)?: (.*)$/m.exec(section);
  if (none) return { none: none[1] };
  const blocks = [...section.matchAll(/```(js)?\n([\s\S]*?)```/g)];
  return { source: blocks[0][2], prints: blocks[1][2].trimEnd().split('\n') };
}

/**
 * Runs a snippet as a file in a folder of this checkout (so `clonecheck` and the polyfills resolve).
 * @param {string} dir
 * @param {string} name
 * @param {string} source
 * @returns {Promise<string[]>} its output lines, trailing spaces cut
 */
async function runSnippet(dir, name, source) {
  const file = join(dir, `${name}.mjs`);
  writeFileSync(file, source);
  const { stdout } = await run(process.execPath, [file], { encoding: 'utf8', timeout: 20000 });
  return stdout.trimEnd().split('\n').map((line) => line.trimEnd());
}

test('every snippet in report.md prints FAIL with the stated actual value, and PASS with the reference as its clone', async (t) => {
  const findings = fuzzFindings();
  const dir = mkdtempSync(join(ROOT, '.snippets-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const verified = [];
  const reasons = [];
  const jobs = findings.filter(({ finding }) => finding.verdict === 'deviation').map(({ name, finding, program, report }) => async () => {
    const snippet = snippetOfReport(report);
    if ('none' in snippet) {
      assert.match(snippet.none, /repro\.mjs/, name);
      reasons.push(snippet.none);
      return;
    }
    assert.equal(snippet.prints[1].slice(0, 5), 'FAIL ', name);
    const lines = snippet.source.split('\n').filter((line) => line !== '' && !line.startsWith('//') && !line.startsWith('import '));
    assert.deepEqual(await runSnippet(dir, name, snippet.source), snippet.prints.map((line) => line.trimEnd()), `${name}:\n${snippet.source}`);
    const target = await resolveTarget(finding.target);
    const reference = snippetFor({ ...finding, program, target }, { reference: true });
    const passes = snippetOutput(reference.check, reference.check.expected).map((line) => line.trimEnd());
    assert.match(passes[1], /^PASS /);
    assert.deepEqual(await runSnippet(dir, `${name}.reference`, reference.source), passes, `${name} (reference):\n${reference.source}`);
    verified.push({ name, lines: lines.length });
  });
  // Four at a time, as fast here (57 s): all at once (about 140 node processes, each with a 20 s limit) is the likely
  // cause of the failures seen once in 8 runs under a load of 20.
  await Promise.all(Array.from({ length: 4 }, async () => {
    for (let job = jobs.shift(); job !== undefined; job = jobs.shift()) await job();
  }));
  // Node 20's deviations, the planted bug and the MessageChannel's: most findings get a snippet.
  // Fallbacks are mostly programs that pollute what a snippet itself needs
  // (Array.prototype indices, Object): the generator aims pollution at
  // prototypes often, so a majority of snippets is the bar, not all.
  t.diagnostic(`${verified.length} snippets verified, ${reasons.length} findings fall back to repro.mjs`);
  // 57 findings in this run since the same-bug check made one per bug, 29 of them verified (2026-11-24).
  assert.ok(verified.length >= 25, `${verified.length} snippets verified; no snippet for: ${reasons.join('; ')}`);
  assert.ok(verified.length > reasons.length, `no snippet for: ${reasons.join('; ')}`);
  assert.ok(verified.some(({ name }) => name.startsWith('node-messagechannel.')));
  assert.ok(verified.some(({ name }) => name.startsWith('node-worker.')));
  const zeroSign = verified.find(({ name }) => name.startsWith('impl-') && name.includes('.value.'));
  // "A dozen lines for a shrunk program" (issue 12); the shrinker can leave a realm step the bug does not need.
  assert.ok(zeroSign && zeroSign.lines <= 12, JSON.stringify(zeroSign));
});

test('the planted -0 bug reads as a few lines a person would write', async () => {
  const target = await resolveTarget(`impl:${fixture('zero-sign-lost.mjs')}`);
  const program = { schema: 'clonecheck/program@1', root: { ref: 0 }, objects: [{ kind: 'array', items: [{ number: '-0' }] }] };
  const difference = { path: '$[0]', category: 'value', expected: '-0', actual: '0' };
  const snippet = snippetFor({ program, target, differences: [difference], expected: { outcome: 'value' }, actual: { outcome: 'value' } });
  assert.equal(snippet.source, [
    `// impl:${fixture('zero-sign-lost.mjs')}: ${target.description}`,
    `import implClone from ${JSON.stringify(fixture('zero-sign-lost.mjs'))};`,
    '',
    "console.log('clone[0]');",
    'const value = [-0];',
    'let clone = implClone(value, { transfer: [] });',
    'if (clone instanceof Promise) clone = await clone;',
    'const actual = clone[0];',
    'const expected = -0;',
    "console.log(Object.is(actual, expected) ? 'PASS' : 'FAIL', 'expected', expected, 'actual', actual);",
    '',
  ].join('\n'));
  assert.deepEqual(snippetOutput(snippet.check, snippet.check.actual), ['clone[0]', 'FAIL expected -0 actual 0']);
});

test('a MessageChannel snippet of a program that changes a realm passes the empty transfer list the agent passes, and one that changes none passes none', async () => {
  const target = await resolveTarget('node:messagechannel');
  const finding = (/** @type {any} */ program) => snippetFor({
    program,
    target,
    differences: [{ path: '$', category: 'outcome', expected: 'value', actual: 'throw TypeError' }],
    expected: { outcome: 'value', value: { type: 'number', value: '0' } },
    actual: { outcome: 'throw', thrown: { kind: 'error', prototype: '%TypeError.prototype%', name: 'TypeError', code: null, message: 'm' } },
  });
  // Deno 2.9.6 loads its streams code for a list, empty or not, and that code's [[Set]] meets
  // Object.prototype[0]: without the list the snippet passed where the agent's replay failed. (Node's
  // snippets refuse an index on Object.prototype, so any realm change stands for it here.)
  const polluted = finding({ schema: 'clonecheck/program@2', root: 0, sender: [{ on: 'Map.prototype', key: 'x', value: 1 }] });
  assert.match(polluted.source, /port1\.postMessage\(value, \[\]\);/);
  const clean = finding({ schema: 'clonecheck/program@2', root: 0 });
  assert.match(clean.source, /port1\.postMessage\(value\);/);
});

test('no snippet where it would not be honest: a broadcast to three workers, a value sent twice, an effects difference, a replaced built-in', async () => {
  const program = { schema: 'clonecheck/program@1', root: 1, objects: [] };
  const value = { path: '$', category: 'value', expected: '1', actual: '2' };
  const plain = { program, differences: [value], expected: {}, actual: {} };
  // Received here by other BroadcastChannels, the clone meets the sender's realm, not a worker's own.
  const broadcast = snippetFor({ ...plain, program: { ...program, receiver: [{ on: 'Map.prototype', key: 'x', value: 1 }] }, target: await resolveTarget('node:broadcast') });
  assert.match(broadcast.reason, /lands in three workers, set up apart from the sender; repro\.mjs/);
  const effects = { path: '$<effects>[0]', category: 'effects', expected: null, actual: { event: 'get', on: '#0', key: 'a' } };
  const clone = await resolveTarget('node:clone');
  assert.match(snippetFor({ ...plain, differences: [effects], target: clone }).reason, /no difference is one comparison/);
  // The second delivery's clone: which message arrives second depends on which sends threw.
  const second = { ...value, path: '$<delivery 2>' };
  const repeated = snippetFor({ program: { ...program, deliveries: 2 }, differences: [second], expected: [{}, {}], actual: [{}, {}], target: await resolveTarget('node:worker') });
  assert.match(repeated.reason, /receives the value 2 times; repro\.mjs/);
  const polluted = { ...program, sender: [{ on: 'Object', key: 'is', value: 1 }] };
  assert.match(snippetFor({ ...plain, program: polluted, target: clone }).reason, /changes Object, which the snippet itself calls/);
});
