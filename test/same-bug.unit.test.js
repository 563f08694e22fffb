// The same-bug check (portable/bugs/same-bug.js) on findings made by hand:
// what it folds together, what it splits off, and which cases it counts where.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { acrossRuns, explains, holds, nextWitness, oneFindingPerBug } from '../portable/bugs/same-bug.js';
import { programFeatures } from '../portable/bugs/bug-shape.js';

/** A program whose root is a plain object with these props. */
const program = (...props) => ({ schema: 'clonecheck/program@1', root: { ref: 0 }, objects: [{ kind: 'object', props }] });
const extraKey = [{ path: '$.planted', category: 'keys', expected: 'missing', actual: 'data property 1' }];
const observed = { outcome: 'value', value: { type: 'object', id: 0, kind: 'object', props: [] }, effects: [] };
const deviation = (p) => ({ verdict: 'deviation', program: p, differences: extraKey, expected: observed, actual: observed, category: 'keys' });
const hidden = { key: 'a', value: 1, enumerable: false };
const getter = { key: 'b', get: {} };
const plain = { key: 'c', value: 2 };

/** The root of `extraKey`, described (signature.js). */
const extraKeyRoot = 'keys on object: named key: missing -> data property';
const lost = [{ path: '$.a', category: 'keys', expected: 'data property 1', actual: 'missing' }];
const lostRoot = 'keys on object: named key: data property -> missing';

/** A finding as the tally leaves it, with one variant per program it met. */
function finding(signature, caseIndex, count, variants, root = extraKeyRoot) {
  return {
    signature, target: 'impl:x', verdict: 'deviation', category: 'keys', root: { signature, shape: root },
    case: caseIndex, chunkSeed: 1, path: String(caseIndex), count,
    program: variants[0].program, minimized: true, differences: extraKey, expected: observed, actual: observed,
    variants: variants.map(({ program: p, case: c, count: n }) => ({ variant: programFeatures(p).join('; '), features: programFeatures(p), case: c, chunkSeed: 1, path: String(c), count: n })),
  };
}

test('witnesses are the cases whose programs do not hold what the finding shrank to', () => {
  const f = finding('s', 0, 10, [
    { program: program(hidden, plain), case: 0, count: 6 },
    { program: program(hidden, getter), case: 3, count: 2 },
    { program: program(getter, plain), case: 5, count: 2 },
  ]);
  assert.equal(nextWitness(f, [{ finding: f, verdict: deviation(program(hidden)) }]), f.variants[2]);
});

test('a witness that shrinks to another trigger is another finding, with the cases of its variant', () => {
  const f = finding('s', 0, 10, [
    { program: program(hidden, plain), case: 0, count: 6 },
    { program: program(getter, plain), case: 5, count: 4 },
  ]);
  const [, witness] = f.variants;
  const result = oneFindingPerBug([f], [
    { finding: f, verdict: deviation(program(hidden)) },
    { finding: f, variant: witness, verdict: deviation(program(getter)) },
  ]);
  assert.equal(result.findings.length, 2);
  assert.equal(result.split, 1);
  const [first, second] = result.findings;
  assert.deepEqual([first.case, first.count, second.case, second.count], [0, 6, 5, 4]);
  assert.equal(second.splitFrom, 's');
  assert.notEqual(first.signature, second.signature);
});

test('findings whose programs shrink to one trigger, or one holding the other, are one finding', () => {
  const a = finding('a', 2, 5, [{ program: program(hidden, plain), case: 2, count: 5 }]);
  const b = finding('b', 7, 3, [{ program: program(hidden, getter), case: 7, count: 3 }]);
  const result = oneFindingPerBug([a, b], [
    { finding: a, verdict: deviation(program(hidden)) },
    { finding: b, verdict: deviation(program(hidden, plain)) },
  ]);
  assert.equal(result.findings.length, 1);
  assert.deepEqual([result.findings[0].case, result.findings[0].count, result.merged], [2, 8, 1]);
  assert.deepEqual(result.findings[0].alsoSeenAs, ['b']);
  assert.deepEqual(result.findings[0].program, program(hidden));
});

test('a finding folded into another is listed under it: its root while fuzzing, why, and its case shrunk, which still shows that root', () => {
  // b was met with a key the target lost as its root; shrunk, its program
  // still loses it, and first gains the key a's bug adds, with a's trigger.
  const a = finding('a', 2, 5, [{ program: program(hidden), case: 2, count: 5 }]);
  const b = finding('b', 7, 3, [{ program: program(hidden, plain), case: 7, count: 3 }], lostRoot);
  const shrunkB = program(hidden, plain);
  const result = oneFindingPerBug([a, b], [
    { finding: a, verdict: deviation(program(hidden)) },
    { finding: b, verdict: { ...deviation(shrunkB), differences: [...extraKey, ...lost] } },
  ]);
  assert.equal(result.findings.length, 1);
  const [only] = result.findings;
  assert.deepEqual(only.root, { signature: 'a', shape: extraKeyRoot });
  assert.equal(only.folded.length, 1);
  const [folded] = only.folded;
  assert.deepEqual([folded.signature, folded.root, folded.case, folded.count, folded.rootAt], ['b', 'keys on object: named key: data property -> missing', 7, 3, '$.a']);
  assert.deepEqual(folded.program, shrunkB);
  assert.deepEqual(folded.differences, [...extraKey, ...lost]);
  assert.equal(folded.reason, `its case, shrunk, shows this finding's root on impl:x (${extraKeyRoot}) and holds every feature of its trigger `
    + '(object; object named key data; object named key data non-enumerable); its root while fuzzing (keys on object: named key: data property -> missing) '
    + 'is still among its differences, at $.a');
  assert.deepEqual(only.alsoSeenAs, ['b']);
});

test('every signature met while fuzzing is a finding\'s root or folded under one, split-offs and unshrunk findings too', () => {
  const a = finding('a', 0, 10, [{ program: program(hidden, plain), case: 0, count: 6 }, { program: program(getter, plain), case: 5, count: 4 }]);
  const b = finding('b', 1, 2, [{ program: program(hidden, getter), case: 1, count: 2 }]);
  // Not shrunk: it takes part as it was found, a key lost.
  const c = { ...finding('c', 2, 1, [{ program: program(plain), case: 2, count: 1 }], lostRoot), differences: lost };
  const result = oneFindingPerBug([a, b, c], [
    { finding: a, verdict: deviation(program(hidden)) },
    { finding: a, variant: a.variants[1], verdict: deviation(program(getter)) },
    { finding: b, verdict: deviation(program(hidden, getter)) },
  ]);
  const reported = result.findings.flatMap((f) => [...(f.root === undefined ? [] : [f.root.signature]), ...(f.folded ?? []).map((x) => x.signature)]);
  assert.deepEqual(reported.sort(), ['a', 'b', 'c']);
  assert.deepEqual(result.findings.map((f) => [f.case, f.root?.signature, f.splitFrom, f.folded?.map((x) => x.signature)]),
    [[0, 'a', undefined, ['b']], [2, 'c', undefined, undefined], [5, undefined, 'a', undefined]]);
});

test('the same trigger with another root difference is another bug', () => {
  const a = finding('a', 0, 1, [{ program: program(hidden), case: 0, count: 1 }]);
  const b = finding('b', 1, 1, [{ program: program(hidden), case: 1, count: 1 }]);
  const result = oneFindingPerBug([a, b], [
    { finding: a, verdict: deviation(program(hidden)) },
    { finding: b, verdict: { ...deviation(program(hidden)), differences: lost } },
  ]);
  assert.equal(result.findings.length, 2);
});

// A target that already deviates often in one shape, and has a rare second
// bug of that shape with another trigger (test/fixtures/look-alike-*.mjs).
const symbolKeyed = { key: { symbol: 'k' }, value: 1 };
const symbolGetter = { key: { symbol: 'k' }, get: {} };
const readOnly = { key: 'r', value: 1, writable: false };

test('witnesses go one at a time to cases no trigger found so far explains, so look-alikes do not use them up', () => {
  // The frequent deviation met in many programs, most of them explained by
  // one witness's trigger (a symbol-keyed getter); the rare bug's case last.
  const f = finding('s', 0, 40, [
    { program: program(symbolKeyed, plain), case: 0, count: 30 },
    { program: program(symbolGetter, plain), case: 2, count: 4 },
    { program: program(symbolGetter, hidden), case: 4, count: 3 },
    { program: program(symbolGetter, hidden, plain), case: 6, count: 2 },
    { program: program(readOnly, plain), case: 900, count: 1 },
  ]);
  const shrunk = [{ finding: f, verdict: deviation(program(symbolKeyed)) }];
  assert.equal(nextWitness(f, shrunk), f.variants[1]);
  shrunk.push({ finding: f, variant: f.variants[1], verdict: deviation(program(symbolGetter)) });
  assert.equal(nextWitness(f, shrunk), f.variants[4]);
  shrunk.push({ finding: f, variant: f.variants[4], verdict: deviation(program(readOnly)) });
  assert.equal(nextWitness(f, shrunk), undefined);
  // A witness that did not show the bug again is not tried twice, and explains nothing.
  assert.equal(nextWitness(f, [shrunk[0], { finding: f, variant: f.variants[1], verdict: null }]), f.variants[2]);
});

test('a rare bug with the shape of a frequent deviation is its own finding, with its own cases', () => {
  const f = finding('s', 0, 40, [
    { program: program(symbolKeyed, plain), case: 0, count: 30 },
    { program: program(symbolGetter, plain), case: 2, count: 9 },
    { program: program(readOnly, plain), case: 900, count: 1 },
  ]);
  const result = oneFindingPerBug([f], [
    { finding: f, verdict: deviation(program(symbolKeyed)) },
    { finding: f, variant: f.variants[1], verdict: deviation(program(symbolGetter)) },
    { finding: f, variant: f.variants[2], verdict: deviation(program(readOnly)) },
  ]);
  assert.deepEqual(result.findings.map((x) => [x.case, x.count, programFeatures(x.program).includes('object named key data non-writable')]),
    [[0, 30, false], [2, 9, false], [900, 1, true]]);
  assert.equal(result.unexplained, 0);
});

test('a trigger with no features (a primitive root) explains no program made of something: the bugs it would hide are found', () => {
  const bare = { schema: 'clonecheck/program@1', root: 1, objects: [] };
  assert.ok(holds(programFeatures(program(readOnly)), programFeatures(bare)));
  assert.ok(!explains(programFeatures(bare), programFeatures(program(readOnly))));
  assert.ok(explains(programFeatures(bare), programFeatures(bare)));
  const f = finding('s', 0, 20, [
    { program: program(plain), case: 0, count: 19 },
    { program: program(readOnly, plain), case: 7, count: 1 },
  ]);
  const shrunk = [{ finding: f, verdict: deviation(bare) }];
  assert.equal(nextWitness(f, shrunk), f.variants[0]);
  const result = oneFindingPerBug([f], [...shrunk,
    { finding: f, variant: f.variants[0], verdict: deviation(bare) },
    { finding: f, variant: f.variants[1], verdict: deviation(program(readOnly)) }]);
  assert.deepEqual(result.findings.map((x) => [x.case, x.count]), [[0, 19], [7, 1]]);
});

test('a symbol is the feature "value symbol" wherever it sits: at the root, as an item, as a property value', () => {
  const at = (root, objects = []) => programFeatures({ schema: 'clonecheck/program@1', root, objects });
  assert.deepEqual(at({ symbol: 'x' }), ['value symbol']);
  assert.ok(at({ ref: 0 }, [{ kind: 'array', items: [{ symbol: 'x' }] }]).includes('value symbol'));
  assert.ok(at({ ref: 0 }, [{ kind: 'object', props: [{ key: 'a', value: { symbol: 'x' } }] }]).includes('value symbol'));
  assert.ok(!at({ ref: 0 }, [{ kind: 'object', props: [symbolKeyed] }]).includes('value symbol'));
});

test("a Blob's or a File's MIME type is a value, not a feature: two Files with other types have one trigger", () => {
  const file = (type) => programFeatures({ schema: 'clonecheck/program@1', root: { ref: 0 }, objects: [{ kind: 'file', bytes: [], name: 'a', type }] });
  assert.deepEqual(file('text/plain'), file(''));
  assert.deepEqual(file('text/plain'), ['file']);
});

test("across runs an Error's type and a typed array's element type are read as their class: the ones a run drew, not ones the bug needs", () => {
  const errorOf = (type) => ({ schema: 'clonecheck/program@2', root: { ref: 0 }, objects: [{ kind: 'error', type, cause: 1 }] });
  const viewOf = (type) => ({ schema: 'clonecheck/program@2', root: { ref: 1 }, objects: [{ kind: 'arraybuffer', bytes: [] }, { kind: 'view', type, buffer: 0 }] });
  const across = (a, b) => explains(acrossRuns(programFeatures(a)), acrossRuns(programFeatures(b)));
  // Exactly, a TypeError's trigger does not explain a RangeError's program; across runs it does.
  assert.equal(explains(programFeatures(errorOf('TypeError')), programFeatures(errorOf('RangeError'))), false);
  assert.equal(across(errorOf('TypeError'), errorOf('RangeError')), true);
  assert.equal(across(errorOf('Error'), errorOf('URIError')), true);
  // Kept apart: an AggregateError (its errors), a DataView, and the element classes (integers, floats, BigInts).
  assert.equal(across(errorOf('TypeError'), errorOf('AggregateError')), false);
  assert.equal(across(viewOf('Int16Array'), viewOf('Uint8ClampedArray')), true);
  assert.equal(across(viewOf('Float32Array'), viewOf('Float64Array')), true);
  assert.equal(across(viewOf('Float32Array'), viewOf('Int32Array')), false);
  assert.equal(across(viewOf('BigInt64Array'), viewOf('Int32Array')), false);
  assert.equal(across(viewOf('Uint8Array'), viewOf('DataView')), false);
});

test('across runs a function of any style is read as one class: every callable value meets the same step', () => {
  const functionOf = (style) => ({ schema: 'clonecheck/program@2', root: { ref: 0 }, objects: [{ kind: 'object', props: [{ key: 'a', value: { ref: 1 } }] }, { kind: 'function', style }] });
  const across = (a, b) => explains(acrossRuns(programFeatures(a)), acrossRuns(programFeatures(b)));
  assert.equal(explains(programFeatures(functionOf('arrow')), programFeatures(functionOf('bound'))), false);
  assert.equal(across(functionOf('arrow'), functionOf('bound')), true);
  assert.equal(across(functionOf('class'), functionOf('generator')), true);
  // Not a function: a Symbol is no callable, and stays its own trigger.
  assert.equal(across(functionOf('arrow'), { schema: 'clonecheck/program@2', root: { ref: 0 }, objects: [{ kind: 'object', props: [{ key: 'a', value: { symbol: 'x' } }] }] }), false);
});
