// `clonecheck fuzz` end to end, on real targets: the reference must come out
// clean, a planted fast-path bug must be found, shrunk and written out with a
// repro that fails on its own, runs must be reproducible, and a target that
// hangs or kills its thread must become a verdict while the run goes on.

import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { strategies } from '../fuzzers/programs.js';
import { PROGRAM_SCHEMA } from '../src/index.js';
import { replayProgram } from '../harness/findings/replay.js';
import { verifySnippet } from '../harness/findings/snippet-run.js';
import { resolveTarget } from '../harness/targets/catalog.js';
import { clonecheck, fixture } from './helpers.js';

/**
 * Runs `clonecheck fuzz` with --json and returns the exit code and the document.
 * @param {string[]} args
 */
function fuzz(args) {
  const out = mkdtempSync(join(tmpdir(), 'clonecheck-fuzz-'));
  after(() => rmSync(out, { recursive: true, force: true }));
  const json = join(out, 'results.json');
  const result = clonecheck(['fuzz', '--out', out, '--json', json, ...args]);
  assert.ok(existsSync(json), `no JSON written:\n${result.stdout}\n${result.stderr}`);
  return { ...result, out, document: JSON.parse(readFileSync(json, 'utf8')) };
}

/** @param {any} document @returns {string[]} each finding as its case, verdict, category, count and differences */
const foundCases = (document) => document.findings.map((f) => `${f.case} ${f.verdict} ${f.category} ${f.count} ${JSON.stringify(f.diff)}`);

test('the reference with tiers finds nothing against the spec path, and the JSON says what ran', () => {
  const { status, document } = fuzz(['--target', 'ref:tiers', '--seed', '5', '--runs', '600']);
  assert.equal(status, 0);
  assert.equal(document.schemaVersion, 1);
  assert.equal(document.command, 'fuzz');
  assert.equal(document.seed, 5);
  assert.equal(document.runs, 600);
  assert.equal(document.cases, 600);
  assert.ok(document.casesPerSecond > 0);
  assert.ok(document.elapsedMs > 0);
  assert.deepEqual(document.findings, []);
  assert.deepEqual(document.targets.map((t) => [t.name, t.verdicts.pass]), [['ref:tiers', 600]]);
  // Every tier saw values in 600 cases, and the fallback did too.
  for (const [tier, counts] of Object.entries(document.guardCoverage)) {
    if (tier === 'spec') assert.ok(counts.taken > 0);
    else assert.ok(Object.values(counts).some((n) => n > 0), `${tier} never reached`);
  }
});

/**
 * --weights that draw only the named strategies, none decoded from bytes.
 * @param {string[]} names
 */
const onlyStrategies = (names) => ['bytes=0', ...Object.keys(strategies).map((name) => `${name}=${names.includes(name) ? 1 : 0}`)].join(',');

/**
 * Weights that draw what the generator drew before its sizes and sequences
 * (fuzzers/arbitraries/sizes.js, sequences.js: the sizes plane changes the
 * steered plans): for the tests that pin what a seed finds.
 */
const BEFORE_SIZES = 'sizes=0,sequences=0';

test('a planted bug (-0 becomes 0 in number arrays) is found, shrunk, and its repro fails standalone', () => {
  const { status, document } = fuzz(['--target', `impl:${fixture('zero-sign-lost.mjs')}`, '--seed', '1', '--runs', '500', '--shrink-runs', '300',
    '--weights', `${BEFORE_SIZES},${onlyStrategies(['almostInt32Array', 'almostDoubleArray'])}`]);
  assert.equal(status, 1);
  const finding = document.findings.find((f) => f.diff.some((d) => d.category === 'value' && d.expected === '-0'));
  assert.ok(finding, JSON.stringify(foundCases(document)));
  assert.equal(finding.verdict, 'deviation');
  assert.equal(finding.minimized, true);
  const program = JSON.parse(readFileSync(finding.programFile, 'utf8'));
  assert.equal(program.objects[program.root.ref].kind, 'array');
  assert.ok(readFileSync(join(finding.directory, 'report.md'), 'utf8').includes('## Differences'));
  const repro = spawnSync(process.execPath, [finding.reproFile], { encoding: 'utf8' });
  assert.equal(repro.status, 1, repro.stderr);
  assert.match(repro.stdout, /^FAIL impl:/);
  assert.match(repro.stdout, /value: expected "-0", actual "0"/);
  // Shrunk to a local minimum: an array holding -0, the one value the bug
  // needs that is not at its simplest; nothing else.
  const plain = document.findings.find((f) => f.diff.length === 1 && f.diff[0].path === '$[0]' && f.diff[0].expected === '-0');
  assert.ok(plain, JSON.stringify(foundCases(document)));
  assert.deepEqual(JSON.parse(readFileSync(plain.programFile, 'utf8')), {
    schema: PROGRAM_SCHEMA, root: { ref: 0 }, objects: [{ kind: 'array', items: [{ number: '-0' }] }],
  });
  assert.equal(plain.shrink.localMinimum, true);
});

test('a fast path that builds dense arrays with [[Set]] is caught: a setter on the receiving realm\'s prototype fires', () => {
  // Dense number arrays meet receiving realms with setters at their own indices.
  const { document } = fuzz(['--target', `impl:${fixture('sets-dense-arrays.mjs')}`, '--seed', '1', '--runs', '1000', '--shrink-runs', '0',
    '--weights', onlyStrategies(['almostInt32Array'])]);
  const setterFired = document.findings.filter((f) => f.diff.some((d) => d.category === 'effects' && d.expected === null
    && d.actual?.event === 'set' && /^(Array|Object)\.prototype$/.test(d.actual.on)));
  assert.ok(setterFired.length > 0, JSON.stringify(foundCases(document)));
});

test('a fast path a polluted call turns off for good hides later cases from the run; --recheck replays them fresh and counts them hidden', () => {
  const { document } = fuzz(['--target', `impl:${fixture('sets-dense-arrays-until-polluted.mjs')}`, '--seed', '1', '--runs', '300',
    '--shrink-runs', '0', '--recheck', '0.25', '--weights', 'almostInt32Array=10']);
  const { recheck } = document;
  assert.ok(recheck.hidden > 0, JSON.stringify(recheck));
  assert.equal(recheck['history-dependent'], 0);
  assert.equal(recheck.replayed, recheck.agree + recheck.hidden + recheck['history-dependent'] + recheck['other-root'] + recheck.unjudged);
  const hidden = recheck.disagreements.filter((d) => d.agreement === 'hidden');
  assert.ok(hidden.every((d) => d.run.verdict === 'pass' && d.fresh.verdict === 'deviation'), JSON.stringify(hidden));
  // What only a fresh replay showed is the case's verdict: its signature is a finding of the run.
  const signatures = new Set(document.findings.map((f) => f.signature));
  assert.ok(document.findings.some((f) => f.freshReplay === 'only') || hidden.some((d) => signatures.has(d.fresh.signature)), JSON.stringify(foundCases(document)));
});

test('a shape cache kept across calls deviates only after an earlier case; --recheck marks its findings as needing that history', () => {
  const { document } = fuzz(['--target', `impl:${fixture('shape-cache-by-count.mjs')}`, '--seed', '1', '--runs', '300', '--shrink-runs', '0', '--recheck', '0.01',
    '--weights', BEFORE_SIZES]);
  assert.ok(document.recheck['history-dependent'] > 0, JSON.stringify(document.recheck));
  const needingHistory = document.findings.filter((f) => f.freshReplay === 'passes');
  assert.ok(needingHistory.length > 0 && needingHistory.every((f) => f.category === 'keys' || f.category === 'value'), JSON.stringify(foundCases(document)));
  // Its history is cut down to the earlier case that filled the cache (an object of as many keys), and repro replays it first.
  const [finding] = needingHistory;
  const { history } = JSON.parse(readFileSync(join(finding.directory, 'finding.json'), 'utf8'));
  assert.ok(history.cases >= 1 && history.cases < history.of, JSON.stringify(history));
  assert.match(readFileSync(join(finding.directory, 'report.md'), 'utf8'), /it needs \d+ earlier cases? in the same realm/);
  const withHistory = clonecheck(['repro', finding.directory]);
  assert.equal(withHistory.status, 1, withHistory.stdout);
  assert.match(withHistory.stdout, /^DEVIATION impl:/m);
  const alone = clonecheck(['repro', finding.programFile, '--target', finding.target]);
  assert.equal(alone.status, 0, alone.stdout);
  // Without --recheck nothing is replayed and the document says nothing of it.
  assert.equal(fuzz(['--target', `impl:${fixture('shape-cache-by-count.mjs')}`, '--seed', '1', '--runs', '50', '--shrink-runs', '0']).document.recheck, undefined);
});

test('the same seed and runs give the same findings, whatever the number of workers', () => {
  const args = ['--target', `impl:${fixture('zero-sign-lost.mjs')}`, '--seed', '3', '--runs', '700', '--shrink-runs', '0'];
  const one = fuzz([...args, '--workers', '1']).document;
  const two = fuzz([...args, '--workers', '2']).document;
  assert.ok(one.findings.length > 0);
  assert.deepEqual(one.findings.map((f) => [f.signature, f.case, f.count]), two.findings.map((f) => [f.signature, f.case, f.count]));
});

test('an impl: module that calls the host structuredClone finds what node:clone finds (sync and async)', () => {
  // An impl: module is called once per delivery with the same transfer list, node:clone clones once: programs
  // delivered once, unsteered (a steered channel cell delivers 2-3 times; Node 20 takes a detached buffer in the
  // transfer list, so a repeat differs: a known bug, corpus/bugs/node/accepts-detached-arraybuffer-in-transfer-list.json).
  const args = ['--seed', '11', '--runs', '700', '--shrink-runs', '0', '--weights', 'deliveries=0,bytes=0,steer=0'];
  const node = fuzz(['--target', 'node:clone', ...args]).document;
  const impl = fuzz(['--target', `impl:${fixture('host-clone.mjs')}`, ...args]).document;
  assert.ok(node.findings.length > 0, 'Node deviates from the spec somewhere in 700 cases');
  assert.deepEqual(foundCases(impl), foundCases(node));
  // A Promise resolved with the clone reads the clone's `then` (ECMA-262
  // Promise Resolve Functions): under a `then` getter that realm pollution
  // puts on Object.prototype, that read is the async API's own effect, so
  // the async module is compared with node:clone between clean realms.
  const clean = [...args.slice(0, -2), '--weights', 'deliveries=0,bytes=0,steer=0,pollution=0'];
  const async = fuzz(['--target', `impl:${fixture('async-host-clone.mjs')}`, ...clean]).document;
  assert.deepEqual(foundCases(async), foundCases(fuzz(['--target', 'node:clone', ...clean]).document));
});

test('a target that hangs is a timeout and one that kills its thread is a crash; every other case still runs', () => {
  const { status, document } = fuzz([
    '--target', `impl:${fixture('hangs-on-maps.mjs')}`, '--target', `impl:${fixture('exits-on-sets.mjs')}`,
    '--seed', '7', '--runs', '300', '--timeout', '1000', '--shrink-runs', '0',
  ]);
  assert.equal(status, 1);
  assert.equal(document.cases, 300);
  const [hangs, exits] = document.targets;
  assert.ok(hangs.verdicts.timeout > 0 && hangs.verdicts.crash === 0, JSON.stringify(hangs.verdicts));
  assert.ok(exits.verdicts.crash > 0, JSON.stringify(exits.verdicts));
  const timeout = document.findings.find((f) => f.verdict === 'timeout');
  assert.ok(timeout);
  const program = JSON.parse(readFileSync(timeout.programFile, 'utf8'));
  assert.equal(program.objects[program.root.ref].kind, 'map');
  // A stalled case runs again on the other target, whose verdict died with
  // the thread: every case is judged on both targets, none lost or doubled.
  const judged = (t) => t.verdicts.pass + t.verdicts.deviation + t.verdicts.timeout + t.verdicts.crash;
  assert.equal(judged(hangs), 300, JSON.stringify(document.targets));
  assert.equal(judged(exits), 300, JSON.stringify(document.targets));
});

test('a message a runtime drops without a messageerror is lost at once, not a timeout: the fence posted after it comes first (Node 22), and its snippet shows it', async () => {
  // Node 22, 24 and 26 drop a DOMException whose prototype is null on a port and on a worker's
  // (corpus/bugs/node/clones-value-with-reprototyped-domexception-to-undefined.json); with a minute to wait, a
  // case without the fence would be a timeout.
  const program = { schema: PROGRAM_SCHEMA, root: { ref: 0 }, objects: [{ kind: 'domexception', proto: null }] };
  const targets = await Promise.all(['node@22:messagechannel', 'node@22:worker', 'node:worker'].map((name) => resolveTarget(name)));
  const [port, worker, node20] = await replayProgram(program, targets, { timeoutMs: 60000 });
  for (const verdict of [port, worker]) {
    assert.equal(verdict.verdict, 'deviation', JSON.stringify(verdict));
    assert.deepEqual([verdict.actual.outcome, verdict.actual.thrown.name], ['throw', 'MessageLost'], verdict.target);
  }
  // Node 20 delivers it (as an ordinary object): no fence is taken for a value.
  assert.notEqual(node20.actual?.thrown?.name, 'MessageLost', JSON.stringify(node20));
  // In the checkout: the reference's snippet imports clonecheck's modules.
  const dir = mkdtempSync(fileURLToPath(new URL('../.snippets-', import.meta.url)));
  after(() => rmSync(dir, { recursive: true, force: true }));
  for (const [verdict, target] of [[port, targets[0]], [worker, targets[1]]]) {
    const snippet = await verifySnippet({ ...verdict, program, target }, dir, target.name.replace(/[@:]/g, '-'));
    assert.equal(snippet.status, 'verified', JSON.stringify(snippet));
    assert.match(snippet.target?.printed.join('\n') ?? '', /^FAIL .* actual a message posted after it arrived first$/m);
  }
});

test('a target whose machinery throws later on its own, from a timer or a rejected promise, costs crash verdicts, never the run: the results and the summary are written', () => {
  const { status, stdout, document } = fuzz([
    '--target', `impl:${fixture('throws-later-on-twentieth-call.mjs')}`, '--seed', '3', '--runs', '300', '--timeout', '1000', '--shrink-runs', '0',
  ]);
  assert.equal(status, 1);
  assert.equal(document.cases, 300);
  const [target] = document.targets;
  const crashes = target.verdicts.crash + document.unattributedCrashes.length;
  assert.ok(crashes > 0, JSON.stringify(target.verdicts));
  assert.ok(document.findings.some((f) => f.verdict === 'crash' && /the host machinery (failed|rejected)/.test(f.detail)), JSON.stringify(foundCases(document)));
  assert.deepEqual(document.harnessErrors, []);
  assert.match(stdout, /^fuzz: 300 cases in /m);
});

test('a timeout and a crash are shrunk, each candidate in a fresh thread; a crash the case alone does not cause again stays as found', () => {
  const { document } = fuzz([
    '--target', `impl:${fixture('hangs-on-maps.mjs')}`, '--target', `impl:${fixture('exits-on-sets.mjs')}`,
    '--target', `impl:${fixture('exits-on-fiftieth-call.mjs')}`,
    // A seed whose run reaches the fiftieth call between the other two's
    // restarts; unsteered, as steering draws Maps and Sets early and often
    // enough that none of seeds 13-22 reached it.
    '--seed', '12', '--runs', '100', '--timeout', '1000', '--shrink-runs', '1', '--weights', 'steer=0',
  ]);
  const stalled = (/** @type {string} */ verdict, /** @type {string} */ fixtureName) => {
    const finding = document.findings.find((f) => f.verdict === verdict && f.target.endsWith(fixtureName));
    assert.ok(finding, JSON.stringify(foundCases(document)));
    return { ...finding, program: JSON.parse(readFileSync(finding.programFile, 'utf8')) };
  };
  // Each down to what the target fails on (a Map, a Set), its simplest.
  const hang = stalled('timeout', 'hangs-on-maps.mjs');
  assert.deepEqual(hang.program, { schema: PROGRAM_SCHEMA, root: { ref: 0 }, objects: [{ kind: 'map', entries: [] }] });
  assert.ok(hang.minimized && hang.shrink.localMinimum && hang.shrink.reproduced && hang.shrink.removed > 0, JSON.stringify(hang.shrink));
  const crash = stalled('crash', 'exits-on-sets.mjs');
  assert.deepEqual(crash.program, { schema: PROGRAM_SCHEMA, root: { ref: 0 }, objects: [{ kind: 'set', values: [] }] });
  assert.match(crash.detail, /exited with code 7/);
  assert.ok(crash.minimized && crash.shrink.localMinimum && crash.shrink.reproduced);
  // The fiftieth call dies whatever the value: in a fresh thread the case alone passes.
  const late = stalled('crash', 'exits-on-fiftieth-call.mjs');
  assert.equal(late.minimized, false);
  // Replayed up to 20 times in all (the stall budget allowing): never again, so not flaky either.
  assert.equal(late.shrink.reproduced, false);
  assert.deepEqual(late.shrink.replays, { shown: 0, of: late.shrink.candidates });
  assert.ok(late.shrink.candidates >= 3 && late.shrink.candidates <= 20, JSON.stringify(late.shrink));
  assert.match(readFileSync(join(late.directory, 'report.md'), 'utf8'), /not shrunk: a fresh thread or agent never died on it again in \d+ runs/);
});

test('a runtime that segfaults or hangs mid-run gives crash and timeout verdicts, its agent restarts, and other runtimes lose nothing', () => {
  const { status, document } = fuzz([
    '--runtime', `broken=${fixture('node-that-breaks.sh')}`, '--target', 'broken:clone', '--target', 'node@22:clone',
    '--seed', '7', '--runs', '300', '--timeout', '1000', '--shrink-runs', '0',
  ]);
  assert.equal(status, 1);
  const [broken, node22] = document.targets;
  assert.equal(broken.runtime, 'broken');
  assert.ok(broken.verdicts.crash > 0 && broken.verdicts.timeout > 0, JSON.stringify(broken.verdicts));
  const crash = document.findings.find((f) => f.verdict === 'crash');
  assert.match(crash.detail, /the broken agent was killed by SIGSEGV/);
  const timeout = document.findings.find((f) => f.verdict === 'timeout');
  const program = JSON.parse(readFileSync(timeout.programFile, 'utf8'));
  assert.equal(program.objects[program.root.ref].kind, 'map');
  // Each runtime runs in its own agents: every case gets exactly one verdict on each.
  const judged = (t) => t.verdicts.pass + t.verdicts.deviation + t.verdicts.timeout + t.verdicts.crash + t.verdicts['not-applicable'] + t.verdicts['harness-error'];
  assert.equal(judged(broken), 300, JSON.stringify(broken.verdicts));
  assert.equal(judged(node22), 300, JSON.stringify(node22.verdicts));
  assert.equal(node22.verdicts.crash + node22.verdicts.timeout, 0);
  // Case 237 transfers a MessagePort under a read-only Object.prototype[0], where Node 22's own structuredClone,
  // the reference's door to a port's transfer steps, throws: not judgeable there, and no harness error either.
  assert.equal(node22.verdicts['harness-error'], 0, JSON.stringify(document.harnessErrors));
});

test('a second bug with the same minimal difference as one found before is reported on its own, with its own cases', () => {
  // test/fixtures/two-bugs-one-difference.mjs: a plain object's clone gains
  // an own key, when it has a non-enumerable data property, and again when it
  // has an accessor. Both shrink to "keys on object: named key: missing ->
  // data property"; their triggers tell them apart (same-bug.js).
  const { document } = fuzz(['--target', `impl:${fixture('two-bugs-one-difference.mjs')}`, '--seed', '1', '--runs', '2000',
    '--weights', `${BEFORE_SIZES},pollution=0,${onlyStrategies(['almostSimpleObject'])}`]);
  const programs = document.findings.map((f) => JSON.parse(readFileSync(f.programFile, 'utf8')));
  const props = (program) => program.objects.flatMap((node) => node.props ?? []);
  // Data: no get or set (shrinking leaves out a value that does not matter: undefined).
  const hiddenData = (prop) => prop.enumerable === false && !('get' in prop) && !('set' in prop);
  const hidden = programs.filter((p) => props(p).some(hiddenData) && !props(p).some((prop) => 'get' in prop));
  const accessor = programs.filter((p) => props(p).some((prop) => 'get' in prop) && !props(p).some(hiddenData));
  assert.equal(document.findings.length, 2, JSON.stringify(document.findings.map((f) => f.signature)));
  assert.equal(hidden.length, 1);
  assert.equal(accessor.length, 1);
  assert.ok(document.findings.every((f) => f.count > 100), JSON.stringify(document.findings.map((f) => f.count)));
  assert.equal(document.sameBug.signatures, 1);
});

test('a rare bug with the shape of a frequent deviation is its own finding, from the first case that shows it', () => {
  // test/fixtures/look-alike-throws.mjs returns null where the reference
  // throws a DataCloneError: often for a Symbol, rarely for a function while
  // Array.prototype is changed. One root difference ("throws: the reference
  // DataCloneError, the target does otherwise"); the frequent one shrinks to
  // a symbol root, which once had no features and explained every case.
  const args = ['--seed', '1', '--runs', '300', '--weights', `${BEFORE_SIZES},${onlyStrategies(['uncloneableGraph', 'primitiveRoot'])}`];
  const rareOnly = fuzz(['--target', `impl:${fixture('look-alike-throws-rare-only.mjs')}`, ...args, '--shrink-runs', '0']).document;
  const firstRare = Math.min(...rareOnly.findings.map((f) => f.case));
  const { document } = fuzz(['--target', `impl:${fixture('look-alike-throws.mjs')}`, ...args]);
  const nodes = (f) => JSON.parse(readFileSync(f.programFile, 'utf8'));
  const symbol = document.findings.filter((f) => JSON.stringify(nodes(f)).includes('"symbol"'));
  const rare = document.findings.filter((f) => (nodes(f).objects ?? []).some((n) => n.kind === 'function')
    && (nodes(f).sender ?? []).some((step) => step.on === 'Array.prototype') && !symbol.includes(f));
  assert.equal(symbol.length, 1, JSON.stringify(foundCases(document)));
  assert.ok(rare.length > 0, JSON.stringify(foundCases(document)));
  assert.equal(Math.min(...rare.map((f) => f.case)), firstRare);
  assert.ok(symbol[0].count > 5 * rare.reduce((n, f) => n + f.count, 0), JSON.stringify(foundCases(document)));
});

test('no root is lost to folding: each signature met with shrinking off is, with it on, a finding\'s root or folded under a finding whose program still shows it', () => {
  // bun:worker seed 21 meets Bun running a getter on a Set's (case 1,364) and
  // a Map's own property (case 1,433) in cases whose Set and Map also hold a
  // data property Bun copies. Shrinking that let the getter go folded both
  // into the copy's finding, with a program that runs no getter.
  const args = ['--target', 'bun:worker', '--seed', '21', '--runs', '1450', '--weights', 'sizes=0,sequences=0'];
  const unshrunk = fuzz([...args, '--shrink-runs', '0', '--witnesses', '0']).document;
  const { document } = fuzz(args);
  const folded = document.findings.flatMap((f) => f.folded ?? []);
  const reported = [...document.findings.flatMap((f) => (f.root === undefined ? [] : [f.root.signature])), ...folded.map((f) => f.signature)];
  const met = unshrunk.findings.map((f) => f.root);
  assert.ok(['effects: extra read of set named key', 'effects: extra read of map named key'].every((shape) => met.some((root) => root.shape === shape)),
    JSON.stringify(met));
  assert.deepEqual(met.filter((root) => !reported.includes(root.signature)), [], JSON.stringify(foundCases(document)));
  assert.deepEqual(folded.filter((f) => f.rootAt === null), []);
});
