// Measures the web platform's global names (research, not shipped): what
// harness/conform/web-globals.json holds, the names an upstream test may
// read that a shell global can lack (harness/conform/not-applicable.js).
// Runs web-globals.any.js on every browser of the machine through
// `clonecheck conform` (a fresh iframe's window and a dedicated worker's
// global: each's own names and their prototype chains'), and takes away the
// names of a bare realm of every pinned script runtime (vm.runInNewContext:
// the language's globals, which a shell lacks only by being behind).
//
//   node test/measure/web-globals.js        rewrites harness/conform/web-globals.json

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { browserFamilyNames } from '../../portable/families/index.js';
import { pinnedRuntimeNames, resolveRuntime } from '../../harness/runtimes.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OUT = join(ROOT, 'harness/conform/web-globals.json');

const results = join(mkdtempSync(join(tmpdir(), 'clonecheck-web-globals-')), 'r.json');
spawnSync(process.execPath, [join(ROOT, 'harness/cli.js'), 'conform', join(ROOT, 'test/measure/web-globals.any.js'),
  ...browserFamilyNames.flatMap((name) => ['--target', name]), '--json', results], { stdio: 'inherit' });
const measured = JSON.parse(readFileSync(results, 'utf8'));

/** @type {Set<string>} the names any of the browsers has */
const web = new Set();
const browsers = [];
for (const target of measured.targets) {
  const message = target.files[0]?.subtests[0]?.message ?? '';
  const list = /^assert_unreached: (\[.*\]) Reached unreachable code$/s.exec(message);
  if (list === null) throw new Error(`${target.name} did not list its names: ${target.files[0]?.status} ${message.slice(0, 200)}`);
  browsers.push(target.version);
  for (const name of JSON.parse(list[1])) web.add(name);
}

// The language's own: a bare realm's names in each pinned script runtime (the newest engines among them).
const BARE_REALM = "const vm = await import('node:vm'); const names = new Set(); for (let o = vm.runInNewContext('globalThis'); o !== null; o = Object.getPrototypeOf(o)) for (const n of Object.getOwnPropertyNames(o)) names.add(n); console.log(JSON.stringify([...names]));";
const language = new Set();
const engines = [];
for (const name of ['node', ...pinnedRuntimeNames]) {
  const runtime = await resolveRuntime(name);
  const file = join(tmpdir(), 'clonecheck-bare-realm.mjs');
  writeFileSync(file, BARE_REALM);
  const args = runtime.family === 'deno' ? ['run', file] : [file];
  const run = spawnSync(runtime.binary, args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${name}: ${run.stderr}`);
  for (const n of JSON.parse(run.stdout)) language.add(n);
  engines.push(`${runtime.family} ${runtime.version}`);
}

const names = [...web].filter((name) => !language.has(name)).sort();
writeFileSync(OUT, `${JSON.stringify({
  about: 'the names of a window\'s and a dedicated worker\'s global (and their prototype chains) in these browsers, less a bare realm\'s in these runtimes (the language\'s): measured by test/measure/web-globals.js',
  measured: new Date().toISOString().slice(0, 10),
  browsers,
  less: engines,
  names,
}, null, 1)}\n`);
console.log(`${names.length} names from ${browsers.join(', ')}, less ${language.size} of ${engines.join(', ')}: ${OUT}`);
