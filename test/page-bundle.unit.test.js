// The page server's bundles (harness/browsers/page-bundle.js), fetched over
// loopback as a page fetches them: the agent page's import map sends every
// module it imports by URL to a bundled file, a receiving realm's entry is
// one file at its own path, and no file reads a bundle's URL as its own.
// test/browsers.test.js runs fuzz, conform and bench in the browsers on them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';

import { startPageServer } from '../harness/browsers/server.js';

test('the agent page imports its tasks and channel modules from a bundle, a receiving realm its entry as one file, each file keeping its own URL', async () => {
  const server = await startPageServer();
  try {
    await server.bundled;
    const page = await (await fetch(server.expect().url)).text();
    const imports = JSON.parse(/<script type="importmap">(.*)<\/script>/.exec(page)?.[1] ?? 'null').imports;
    const channels = readdirSync(new URL('../portable/targets/clone-functions/', import.meta.url)).map((file) => `/portable/targets/clone-functions/${file}`);
    for (const entry of ['/portable/fuzz/tasks.js', '/portable/conform/tasks.js', '/portable/bench/tasks.js', ...channels]) {
      assert.ok(imports[entry]?.startsWith('/clonecheck/bundle/'), `${entry}: not bundled`);
    }
    /** @type {Map<string, string>} the bundled files an entry imports, all the way down, by URL */
    const graph = new Map();
    const visit = async (/** @type {string} */ url) => {
      if (graph.has(url)) return;
      const response = await fetch(url);
      assert.equal(response.status, 200, url);
      graph.set(url, await response.text());
      for (const [, specifier] of /** @type {string} */ (graph.get(url)).matchAll(/(?:from|import)\s*"(\.{1,2}\/[^"]+)"/g)) await visit(new URL(specifier, url).href);
    };
    for (const entry of ['/portable/fuzz/tasks.js', '/portable/targets/clone-functions/worker.js']) await visit(`${server.origin}${imports[entry]}`);
    const text = [...graph.values()].join('\n');
    // Node's host hooks are the page's (the import map's replacement, made in the bundle too): nothing of node: is left.
    assert.doesNotMatch(text, /from\s*"node:/);
    assert.doesNotMatch(text, /import\.meta\.url/);
    // The worker channel starts its receivers from the path of realm-entry.js, beside the file that names it.
    assert.match(text, new RegExp(`"${server.origin}/portable/targets/receivers/workers\\.js"`));

    const realm = await fetch(`${server.origin}/portable/targets/receivers/realm-entry.js`);
    assert.equal(realm.headers.get('content-type'), 'text/javascript; charset=utf-8');
    const realmText = await realm.text();
    assert.doesNotMatch(realmText, /^\s*import\s/m, 'one file: it imports nothing');
    assert.match(realmText, /function serveRealm/);

    // A module the bundles hold is still served as itself (conform's test pages and echo worker import files).
    assert.match(await (await fetch(`${server.origin}/portable/targets/receivers/realm.js`)).text(), /^import /m);
  } finally {
    await server.close();
  }
});
