// `clonecheck report`: the text of an upstream issue for a bug of the ledger.
// A scratch ledger holds a real bug (a stored regression of this Node's
// structuredClone); the report must carry its title, a snippet that prints
// FAIL when run with node (the line the report says it prints), the spec
// step and its link, and what the other engines here do with the same value,
// replayed for real; a decoder's bug likewise, with its decode case's snippet.
// Usage errors are one line, exit 2.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HTML_ALGORITHMS } from '../src/html/steps.js';
import { newBug, writeBug } from '../harness/bugs/ledger.js';
import { reportText } from '../harness/bugs/report.js';
import { shownBy } from '../harness/bugs/root.js';
import { TRACKERS } from '../harness/bugs/trackers.js';
import { replayProgram } from '../harness/findings/replay.js';
import { resolveTarget } from '../harness/targets/catalog.js';
import { clonecheck } from './helpers.js';

const REGRESSION = fileURLToPath(new URL('../corpus/regressions/node-clone.outcome.508960a9.json', import.meta.url));
const SLUG = 'clones-a-value-whose-transfer-list-holds-a-detached-arraybuffer';
const LATIN1 = 'node/textdecoder-latin1-decodes-latin-1-not-windows-1252';
const SPEC_URL = HTML_ALGORITHMS.StructuredSerializeWithTransfer.url;

let ledger;
let bug;

before(async () => {
  ledger = mkdtempSync(join(tmpdir(), 'clonecheck-ledger-'));
  // Node 20 clones a value whose transfer list holds a detached ArrayBuffer; the standard throws a DataCloneError.
  const { program, target, signature } = JSON.parse(readFileSync(REGRESSION, 'utf8'));
  const [verdict] = await replayProgram(program, [await resolveTarget(target)], { timeoutMs: 5000 });
  assert.equal(verdict.verdict, 'deviation', 'the stored regression still deviates on this Node');
  bug = newBug({
    implementation: 'node', title: 'Node clones a value whose transfer list holds a detached ArrayBuffer', root: /** @type {any} */ (shownBy(verdict)),
    program, foundOn: target, signatures: [signature], occurrences: 2, date: '2026-11-22',
    shows: [
      { target, version: process.versions.node, shows: true, checked: '2026-11-22' },
      { target: 'node@26:clone', version: '26.10.0', shows: false, checked: '2026-11-22' },
    ],
  }, new Set());
  bug.spec = { step: 'StructuredSerializeWithTransfer step 5.1', url: SPEC_URL };
  writeBug(bug, ledger);
});
after(() => rmSync(ledger, { recursive: true, force: true }));

/**
 * @param {string} report
 * @param {string} heading a section's heading
 * @returns {string} the section's text
 */
function section(report, heading) {
  const start = report.indexOf(`${heading}\n`);
  assert.ok(start >= 0, `no section ${heading} in:\n${report}`);
  const end = report.indexOf('\n#', start + heading.length);
  return report.slice(start + heading.length, end < 0 ? undefined : end);
}

/** @param {string} text @param {string} [language] @returns {string} the first fenced block */
function block(text, language = '') {
  const match = new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``).exec(text);
  assert.ok(match, `no ${language || 'plain'} block in:\n${text}`);
  return match[1];
}


/**
 * The report's snippet, run with this node (it needs no clonecheck): what it printed, and what the report's "What do
 * you see instead?" says it prints.
 * @param {string} stdout a report
 */
function runSnippet(stdout) {
  const snippet = block(section(stdout, '### What steps will reproduce the bug?'), 'js');
  assert.doesNotMatch(snippet, /clonecheck/);
  const dir = mkdtempSync(join(tmpdir(), 'clonecheck-snippet-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'snippet.mjs'), snippet);
  const printed = execFileSync(process.execPath, [join(dir, 'snippet.mjs')], { encoding: 'utf8', timeout: 20_000 }).trimEnd();
  return { printed, seen: block(section(stdout, '### What do you see instead?')).trimEnd() };
}

test('a report for Node: the title, a snippet that prints FAIL in node as the report says, the spec step, the other engines replayed now', async () => {
  // The bug shows on this Node only: past its support where that is Node 20 (support.unit.test.js), so asked for anyway.
  const { status, stdout, stderr } = clonecheck(['report', SLUG, '--ledger', ledger, '--end-of-life']);
  assert.equal(status, 0, stderr);
  const [title, blank] = stdout.split('\n');
  assert.equal(title, 'structuredClone: clones a value whose transfer list holds a detached ArrayBuffer');
  assert.equal(blank, '');
  assert.match(stderr, new RegExp(TRACKERS.node.file.replace(/[?.]/g, '\\$&')));
  // Node's form, in its order.
  const headings = stdout.split('\n').filter((line) => line.startsWith('### ')).map((line) => line.slice(4));
  assert.deepEqual(headings, TRACKERS.node.sections.map(([heading]) => heading));
  assert.match(section(stdout, '### Version'), new RegExp(`Node\\.js ${process.versions.node.replace(/\./g, '\\.')}`));

  // The snippet runs with node, no clonecheck, and prints what "What do you see instead?" says.
  const { printed, seen } = runSnippet(stdout);
  assert.equal(printed, seen);
  assert.match(seen, /^FAIL expected DataCloneError actual nothing$/m);
  assert.match(block(section(stdout, '### What is the expected behavior? Why is that the expected behavior?')), /^PASS expected DataCloneError actual DataCloneError$/m);

  // What the standard says: the step, its link, and what the step does.
  const expected = section(stdout, '### What is the expected behavior? Why is that the expected behavior?');
  assert.ok(expected.includes(`[StructuredSerializeWithTransfer step 5.1](${SPEC_URL})`), expected);
  assert.ok(expected.includes(HTML_ALGORITHMS.StructuredSerializeWithTransfer.steps['5.1']), expected);

  // The other engines, replayed now: Node 26, Bun and Deno (pinned; npm test installs them) follow the standard here.
  const more = section(stdout, '### Additional information');
  const engines = more.split('\n').filter((line) => line.startsWith('- '));
  for (const line of engines) assert.match(line, /^- .+ \(`[^`]+`\): (passes|\*\*shows this bug\*\*|deviates otherwise: .+|cannot run it .+|not judged .+|not replayed .+)$/);
  for (const engine of ['Node.js 26.10.0', 'Bun 1.4.5', 'Deno 2.9.6']) {
    assert.ok(engines.includes(`- ${engine} (\`structuredClone\`): passes`), `${engine} in:\n${more}`);
  }
  assert.ok(!engines.some((line) => line.startsWith(`- Node.js ${process.versions.node} `)), 'the engine it was found on is not an "other" engine');
  assert.match(more, new RegExp(`clonecheck repro \\S+${SLUG}\\.json`));
});

test('--for bun --no-replay --out: Bun\'s form, the ledger\'s sightings instead of a replay, and the repro command it gives replays the bug', () => {
  const dir = mkdtempSync(join(tmpdir(), 'clonecheck-report-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const out = join(dir, 'issue.md');
  const { status, stdout, stderr } = clonecheck(['report', `node/${SLUG}`, '--ledger', ledger, '--for', 'bun', '--no-replay', '--out', out, '--end-of-life']);
  assert.equal(status, 0, stderr);
  assert.equal(stdout, '');
  const report = readFileSync(out, 'utf8');
  assert.deepEqual(report.split('\n').filter((line) => line.startsWith('### ')).map((line) => line.slice(4)), TRACKERS.bun.sections.map(([heading]) => heading));
  assert.match(block(section(report, '### What steps can reproduce the bug?'), 'js'), /structuredClone\(value, \{ transfer \}\)/);
  assert.match(report, /as clonecheck last saw them:\n- `node@26:clone` 26\.10\.0: does not show it \(2026-11-22\)/);
  assert.doesNotMatch(report, /replayed on/);
  const repro = /`clonecheck repro (\S+)`/.exec(report);
  const replay = clonecheck(['repro', repro[1]]);
  assert.equal(replay.status, 1, replay.stderr);
  assert.match(replay.stdout, /^DEVIATION node:clone /);
});

test('with no replay to show (the host did not start), the report gives the program and the first difference in words', async () => {
  const target = await resolveTarget('node:clone');
  const draft = { ...bug, title: 'Node: keys on array: index: data property instead of missing', spec: null };
  const { title, body } = reportText({
    bug: draft, tracker: TRACKERS.chromium, found: { target, error: 'it did not start' }, others: [], platform: 'Linux', repro: 'clonecheck repro x.json', date: '2026-11-27',
  });
  assert.equal(title, 'structuredClone: keys on array: index: data property instead of missing');
  assert.deepEqual(JSON.parse(block(section(body, '## Steps to reproduce'), 'json')), bug.program);
  assert.match(section(body, '## Actual result'), /could not replay it on 2026-11-27: it did not start/);
  assert.ok(body.includes(`(https://html.spec.whatwg.org/multipage/structured-data.html)`));
  assert.ok(body.includes(`first differ at: \`${bug.root.shape}\``));
});

test("a question of the standard: whatwg/html's form, the engines that depart alike counted first, no API in the title", async () => {
  const [target, other] = await Promise.all([resolveTarget('node:clone'), resolveTarget('node@26:clone')]);
  const [verdict] = await replayProgram(bug.program, [target], { timeoutMs: 5000 });
  const question = { ...bug, id: 'spec/x', implementation: 'spec', status: 'spec-pending', pending: 'an issue not yet filed at whatwg/html' };
  const { title, body } = reportText({
    bug: question, tracker: TRACKERS.spec, found: { target, verdict }, others: [{ target: other, verdict }], platform: 'Linux', repro: 'clonecheck repro x.json', date: '2026-12-02',
  });
  assert.equal(title, `Structured clone: ${bug.title}`);
  assert.equal(TRACKERS.spec.file, 'https://github.com/whatwg/html/issues/new');
  assert.deepEqual(body.split('\n').filter((line) => line.startsWith('### ')).map((line) => line.slice(4)), TRACKERS.spec.sections.map(([heading]) => heading));
  const issue = section(body, '### What is the issue with the HTML Standard?');
  assert.match(issue, new RegExp(`^\\s*2 engines \\(Node\\.js ${process.versions.node.replace(/\./g, '\\.')}, Node\\.js 26\\.10\\.0\\) depart from the standard's text the same way`));
  assert.match(issue, /^- Node\.js 26\.10\.0 \(`structuredClone`\): \*\*does the same\*\*$/m);
  // The text is the issue its entry waits for: it does not point at itself as pending.
  assert.doesNotMatch(issue, /is pending/);
});

test('a bug bisect found fixed: report says where it was fixed and proposes no filing', () => {
  // The same program as a fixed entry of its own, as `bisect --fix --update` leaves it.
  const fixed = {
    ...bug, id: `node/${SLUG}-fixed`, status: 'fixed', fixedIn: '22.11.0',
    versions: { runtime: 'node', channel: 'clone', lastGood: null, firstBad: null, probes: [], fixed: { lastBad: '20.0.0', firstGood: '22.11.0', probes: [{ version: '26.10.0', verdict: 'good' }, { version: '20.0.0', verdict: 'bad' }] } },
  };
  writeBug(fixed, ledger);
  const result = clonecheck(['report', fixed.id, '--ledger', ledger, '--no-replay']);
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stderr, /^clonecheck: fixed in Node 22\.11\.0 \(the last bad 20\.0\.0\): nothing to file; not sent anywhere$/m);
  assert.doesNotMatch(result.stderr, /file it at/);
  assert.match(result.stdout, /Versions affected: up to Node 20\.0\.0, fixed in Node 22\.11\.0 \(`node:clone`\) \(2 versions probed\)\./);
  assert.match(result.stdout, /clonecheck's ledger has it fixed in 22\.11\.0\./);
});

test("a decoder's bug: a snippet that prints FAIL in node as the report says, the Encoding Standard's step, and a repro that replays its case", () => {
  // Node 20's TextDecoder('latin1') decodes 0x80 as U+0080 (Latin-1); the standard maps the label to windows-1252: U+20AC.
  // Seen on this Node only (not Node 22.13 and 22.17, which would be installed to replay it): asked for past its support.
  const latin1 = JSON.parse(readFileSync(fileURLToPath(new URL(`../corpus/bugs/${LATIN1}.json`, import.meta.url)), 'utf8'));
  latin1.shows = [{ target: 'node:textdecoder-latin1', version: process.versions.node, shows: true, checked: '2026-11-27' }];
  writeBug(latin1, ledger);
  const { status, stdout, stderr } = clonecheck(['report', LATIN1, '--ledger', ledger, '--no-replay', '--end-of-life']);
  assert.equal(status, 0, stderr);
  assert.equal(stdout.split('\n')[0], `TextDecoder('latin1'): ${latin1.title}`);
  assert.match(section(stdout, '### Subsystem'), /`TextDecoder\('latin1'\)`/);
  const { printed, seen } = runSnippet(stdout);
  assert.equal(printed, seen);
  assert.equal(printed, 'FAIL expected U+20AC actual U+0080');
  const expected = section(stdout, '### What is the expected behavior? Why is that the expected behavior?');
  assert.equal(block(expected).trimEnd(), 'PASS expected U+20AC actual U+20AC');
  assert.ok(expected.includes(`The Encoding Standard, [${latin1.spec.step}](${latin1.spec.url})`), expected);

  const repro = /`clonecheck repro (\S+)`/.exec(stdout);
  const replay = clonecheck(['repro', repro[1]]);
  assert.equal(replay.status, 1, replay.stderr);
  assert.match(replay.stdout, /^FAIL  node:textdecoder-latin1  single-byte decoder step 5: another code point  \(node \d+\.\d+\.\d+\)\n  input \(1 byte[^\n]*: 80\n  expected "\\u20ac"\n  got      "\\u0080"$/m);
  // A target that has it right: PASS, exit 0.
  const fixed = clonecheck(['repro', repro[1], '--target', 'node:textdecoder']);
  assert.equal(fixed.status, 0, fixed.stderr);
  assert.match(fixed.stdout, /^PASS  node:textdecoder \(node /);
});

test("a decoder's bug that passes now: no PASS/FAIL snippet, its decoding in one line, and the report says it may be fixed", () => {
  const overlong = JSON.parse(readFileSync(fileURLToPath(new URL('../corpus/bugs/bun/decodes-overlong-c0-80-as-nul.json', import.meta.url)), 'utf8'));
  const target = { name: 'bun:textdecoder', decoder: 'textdecoder', release: '1.4.5', description: 'TextDecoder', spec: { kind: 'builtin', decoder: 'textdecoder' } };
  const { title, body } = reportText({
    bug: overlong, tracker: TRACKERS.bun, found: { target, decoded: null }, others: [{ target: { ...target, name: 'deno:textdecoder', release: '2.9.6' }, decoded: null }],
    platform: 'Linux', repro: 'clonecheck repro x.json', date: '2026-12-02',
  });
  assert.equal(title, 'TextDecoder(): decodes the overlong C0 80 as U+0000');
  assert.equal(block(section(body, '### What steps can reproduce the bug?'), 'js').trimEnd(), 'new TextDecoder().decode(new Uint8Array([0xc0, 0x80]))');
  assert.match(body, /none, it passes now/);
  assert.match(body, /Bun 1\.4\.5 passes it on 2026-12-02: the bug may be fixed/);
  assert.match(body, /^- Deno 2\.9\.6 \(`TextDecoder\(\)`\): passes$/m);
  assert.ok(body.includes(`The Encoding Standard, [UTF-8 decoder step 3](${overlong.spec.url})`), body);
});

test('usage errors: an unknown bug, an unknown tracker, a ledger that is not there (one line, exit 2)', () => {
  for (const [args, message] of [
    [['report', 'no-such-bug', '--ledger', ledger], /^clonecheck: no bug no-such-bug in the ledger/],
    [['report', SLUG, '--ledger', ledger, '--for', 'safari'], /^clonecheck: option '--for <tracker>' argument 'safari' is invalid/],
    [['report', SLUG, '--ledger', join(ledger, 'nowhere')], /^clonecheck: --ledger .*: no such folder/],
  ]) {
    const { status, stdout, stderr } = clonecheck(args);
    assert.equal(status, 2, `${args.join(' ')}: ${stderr}`);
    assert.equal(stdout, '');
    assert.match(stderr, message);
    assert.equal(stderr.trimEnd().split('\n').length, 1, stderr);
  }
});
