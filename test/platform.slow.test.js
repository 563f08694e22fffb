// The platform-object test that needs another runtime: a DOMQuad's
// points in Deno, which has the geometry interfaces (Node has none).
// npm test runs it; platform.unit.test.js has the rest.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fixture, pinnedBinary } from './helpers.js';

test('a deserialized DOMQuad\'s points are the sub-deserialized points, shared with the rest of the graph (Geometry: [[P1]]…[[P4]]; run in Deno, which has DOMQuad)', async () => {
  const { status, stdout, stderr } = spawnSync(await pinnedBinary('deno'), ['run', '--allow-all', fixture('domquad-points.mjs')], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(status, 0, stderr);
  assert.deepEqual(JSON.parse(stdout), {
    quadFirst: [true, true], pointFirst: true, kinds: [true, true], fresh: true, coordinates: [100, 2, 3, 6, 7, 8],
  });
});
