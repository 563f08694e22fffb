// The spec profiles (src/html/profiles.js) as a user meets them: --spec on
// fuzz, repro and conform, one small program whose verdict each profile
// decides differently, tests of the suite that hold under one profile only,
// and every results file naming the profile it judged against.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clonecheck } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'clonecheck-spec-'));

/** A RangeError with a cause: Node clones the cause, the standard's text does not. */
const withCause = join(dir, 'cause.json');
writeFileSync(withCause, JSON.stringify({
  schema: 'clonecheck/program@1', root: { ref: 0 }, objects: [{ kind: 'error', type: 'RangeError', message: 'm', cause: 'why' }],
}));

/** An AggregateError: kept only by html+cause+aggregate. */
const aggregate = join(dir, 'aggregate.json');
writeFileSync(aggregate, JSON.stringify({
  schema: 'clonecheck/program@1', root: { ref: 0 }, objects: [{ kind: 'error', type: 'Error', message: 'm', props: [{ key: 'name', value: 'AggregateError' }] }],
}));

test('repro: Node\'s cloned cause deviates under html and passes under html+cause; ref:tiers passes under both', () => {
  const html = clonecheck(['repro', withCause, '--target', 'node:clone', '--target', 'ref:tiers', '--spec', 'html']);
  assert.equal(html.status, 1, html.stderr);
  assert.match(html.stdout, /DEVIATION node:clone .*\n {2}\$\.cause {2}keys: expected "missing", actual "data property \\"why\\""/);
  assert.match(html.stdout, /PASS ref:tiers/);
  const cause = clonecheck(['repro', withCause, '--target', 'node:clone', '--target', 'ref:tiers', '--spec', 'html+cause']);
  assert.equal(cause.status, 0, cause.stdout);
  assert.match(cause.stdout, /PASS node:clone\nPASS ref:tiers/);
});

test('repro: an Error named AggregateError is an Error under html+cause and an AggregateError under html+cause+aggregate', () => {
  const cause = clonecheck(['repro', aggregate, '--target', 'ref:spec', '--target', 'node:clone', '--spec', 'html+cause']);
  assert.match(cause.stdout, /PASS node:clone/);
  const all = clonecheck(['repro', aggregate, '--target', 'ref:spec', '--target', 'node:clone', '--spec', 'html+cause+aggregate']);
  assert.match(all.stdout, /PASS ref:spec/);
  assert.match(all.stdout, /DEVIATION node:clone .*\n {2}\$<proto> {2}prototype: expected "%AggregateError\.prototype%", actual "%Error\.prototype%"/);
});

test('--spec takes the profiles only: anything else is a usage error listing them', () => {
  const { status, stderr } = clonecheck(['repro', withCause, '--spec', 'html+stack']);
  assert.equal(status, 2);
  assert.match(stderr, /Allowed choices are html, html\+cause, html\+cause\+aggregate/);
});

test('fuzz --json records the profile; ref:tiers finds nothing under each profile', () => {
  for (const spec of ['html', 'html+cause+aggregate']) {
    const json = join(dir, `fuzz-${spec}.json`);
    const { status, stderr } = clonecheck(['fuzz', '--target', 'ref:tiers', '--runs', '300', '--seed', '7', '--workers', '1', '--spec', spec, '--out', dir, '--json', json]);
    assert.equal(status, 0, stderr);
    const results = JSON.parse(readFileSync(json, 'utf8'));
    assert.equal(results.spec.name, spec);
    assert.match(results.spec.standard.includes, /whatwg\/html#12239/);
    assert.equal(results.findings.length, 0);
  }
});

test('conform: a file whose META: spec= is not the run\'s is not applicable; the JSON records the profile', () => {
  const files = ['error-cause.any.js', 'error-no-cause.any.js'].map((f) => join('wpt', f));
  for (const [spec, applies, skipped] of [['html', '/error-no-cause.any.js', '/error-cause.any.js'], ['html+cause', '/error-cause.any.js', '/error-no-cause.any.js']]) {
    const json = join(dir, `conform-${spec}.json`);
    const { status, stdout } = clonecheck(['conform', ...files, '--target', 'ref:spec', '--spec', spec, '--json', json]);
    assert.equal(status, 0, stdout);
    const results = JSON.parse(readFileSync(json, 'utf8'));
    assert.equal(results.spec.name, spec);
    const byId = Object.fromEntries(results.targets[0].files.map((f) => [f.id, f]));
    assert.equal(byId[applies].status, 'OK');
    assert.ok(byId[applies].subtests.length > 0 && byId[applies].subtests.every((s) => s.status === 'PASS'));
    assert.equal(byId[skipped].status, 'N/A');
    assert.match(byId[skipped].message, new RegExp(`this run follows ${spec.replace('+', '\\+')}`));
  }
});
