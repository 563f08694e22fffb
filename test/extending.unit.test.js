// docs/extending.md's checklists ("a new kind / channel / runtime family /
// tier touches these files") against the tree and the registries, so that a
// checklist cannot go stale: every file a checklist names exists (a name
// with the new thing's placeholder, in its folder), and every entry of the
// registry it speaks of has the pieces the checklist says an entry has,
// wired where it says. The counts the doc states are written from the lists
// (harness/docs/blocks.js; test/docs-blocks.unit.test.js checks them).

import test from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CHECKLISTS, checklistFiles, sectionOf } from '../harness/docs/checklists.js';
import { PROJECT } from '../harness/docs/blocks.js';
import { DESCRIPTORS, PLATFORM_KINDS } from '../src/program/kinds/index.js';
import { INTERFACE_NAMES } from '../src/webidl/interfaces.js';
import { tiers } from '../src/tiers/index.js';
import { CHANNELS } from '../portable/targets/channels/index.js';
import { FAMILIES } from '../portable/families/index.js';
import { TRACKERS } from '../harness/bugs/trackers.js';
import { DECODERS } from '../portable/decode/decoders.js';
import { MODULE_TARGETS } from '../harness/targets/modules/index.js';

const at = (/** @type {string} */ file) => join(PROJECT, file);
const read = (/** @type {string} */ file) => readFileSync(at(file), 'utf8');
/** A placeholder a path names the new thing by: an upper-case word. */
const PLACEHOLDER = /\b[A-Z]{3,}\b/;

/** Platform kinds with no hand-written root in corpus/platform/ yet (found by this test); a kind that gets one must leave. */
const KINDS_WITHOUT_ROOT = { cryptokey: 'no hand-written root yet (its keys are made asynchronously, by prepareKinds)' };

test('every checklist names files that exist, and placeholders only in folders that exist', () => {
  for (const checklist of CHECKLISTS) {
    const { always, sometimes } = checklistFiles(checklist);
    assert.ok(always.length > 0, `${checklist.heading}: no file named in its steps`);
    for (const file of [...always, ...sometimes]) {
      const where = PLACEHOLDER.test(file) ? dirname(file) : file;
      assert.ok(existsSync(at(where)), `docs/extending.md, "${checklist.heading}" names ${file}, and ${where} is not in the tree`);
    }
    // A folder a checklist names (`portable/targets/receivers/`) exists too.
    const folders = (sectionOf(checklist).match(/`[\w./-]+\/`/g) ?? []).map((quoted) => quoted.slice(1, -1));
    for (const path of folders) {
      assert.ok(existsSync(at(path)), `docs/extending.md, "${checklist.heading}" names the folder ${path}, which is not in the tree`);
    }
  }
});

test('a kind: its descriptor in a module of src/program/kinds/, its wpt file, and for a platform kind its interface and a root in corpus/platform/', async () => {
  const folder = 'src/program/kinds';
  const modules = await Promise.all(readdirSync(at(folder)).filter((name) => name.endsWith('.js') && name !== 'index.js')
    .map(async (name) => Object.values(await import(at(join(folder, name))))));
  const roots = readdirSync(at('corpus/platform')).map((name) => read(join('corpus/platform', name)));
  for (const descriptor of DESCRIPTORS) {
    assert.ok(modules.some((exported) => exported.includes(descriptor)), `kind ${descriptor.kind}: no module of ${folder}/ exports its descriptor`);
    assert.ok(descriptor.wpt !== undefined && existsSync(at(descriptor.wpt)), `kind ${descriptor.kind}: its wpt file ${descriptor.wpt} is not there`);
  }
  for (const kind of PLATFORM_KINDS) {
    const descriptor = /** @type {any} */ (DESCRIPTORS.find((d) => d.kind === kind));
    if (descriptor.platform.interface !== undefined) {
      assert.ok(INTERFACE_NAMES.includes(descriptor.platform.interface), `kind ${kind}: ${descriptor.platform.interface} has no row in src/webidl/interfaces.js`);
    }
    const rooted = roots.some((text) => text.includes(`"kind": "${kind}"`));
    assert.equal(rooted, !Object.hasOwn(KINDS_WITHOUT_ROOT, kind),
      rooted ? `kind ${kind} has a root in corpus/platform/ now: take it out of KINDS_WITHOUT_ROOT` : `kind ${kind}: no program of corpus/platform/ makes one`);
  }
});

test('a channel: its descriptor module, imported by the registry, its clone function, and its row in docs/targets.md', () => {
  const index = read('portable/targets/channels/index.js');
  const targetsDoc = read('docs/targets.md');
  for (const channel of CHANNELS) {
    assert.ok(existsSync(at(`portable/targets/channels/${channel.name}.js`)), `channel ${channel.name}: no portable/targets/channels/${channel.name}.js`);
    assert.match(index, new RegExp(`from '\\./${channel.name}\\.js'`), `channel ${channel.name}: portable/targets/channels/index.js does not import it`);
    assert.ok(existsSync(at(`portable/targets/clone-functions/${channel.module}`)), `channel ${channel.name}: its clone function ${channel.module} is not in portable/targets/clone-functions/`);
    assert.match(targetsDoc, new RegExp(`^\\| \`${channel.name}\` \\|`, 'm'), `channel ${channel.name}: docs/targets.md's channel table has no row for it`);
  }
});

test('a family: its descriptor module, imported by the registry, its expectations and host files, its tracker\'s form, and docs/targets.md', () => {
  const index = read('portable/families/index.js');
  const runtimes = read('docs/targets.md').split('\n').filter((line) => line.startsWith('| `')).join('\n');
  for (const family of FAMILIES) {
    assert.ok(existsSync(at(`portable/families/${family.name}.js`)), `family ${family.name}: no portable/families/${family.name}.js`);
    assert.match(index, new RegExp(`from '\\./${family.name}\\.js'`), `family ${family.name}: portable/families/index.js does not import it`);
    const named = /** @type {any} */ (family);
    for (const file of [...(named.expectations ?? []), named.hostHooks, named.classicScripts].filter((f) => typeof f === 'string' && f.includes('/'))) {
      assert.ok(existsSync(at(file)), `family ${family.name}: its descriptor names ${file}, which is not there`);
    }
    assert.ok(Object.hasOwn(TRACKERS, family.name), `family ${family.name}: its tracker's form is none harness/bugs/trackers.js has`);
    assert.match(runtimes, new RegExp(`\`${family.name}(@\\w+)?\``), `family ${family.name}: docs/targets.md's runtime table does not name it`);
  }
});

test('a tier: its module in src/tiers/, its row in docs/tiers.md, its boundary in wpt/tiers.any.js', () => {
  const tiersDoc = read('docs/tiers.md');
  const wpt = read('wpt/tiers.any.js');
  for (const tier of tiers) {
    assert.ok(existsSync(at(`src/tiers/${tier.id}.js`)), `tier ${tier.id}: no src/tiers/${tier.id}.js`);
    assert.match(tiersDoc, new RegExp(`^\\| \`${tier.id}\` \\|`, 'm'), `tier ${tier.id}: docs/tiers.md's catalog table has no row for it`);
    assert.ok(wpt.includes(tier.id), `tier ${tier.id}: wpt/tiers.any.js does not name it`);
  }
});

test('a ref: or polyfill: target: named in docs/targets.md\'s table of targets', () => {
  const table = read('docs/targets.md').split('\n').filter((line) => /^\| `(ref|polyfill):/.test(line)).join('\n');
  for (const target of MODULE_TARGETS) assert.ok(table.includes(`\`${target.name}\``), `docs/targets.md's table of targets does not name ${target.name}`);
});

test('a decoder: its row in docs/strings.md\'s table of decoder targets, and no row for one the registry lacks', () => {
  const rows = [...read('docs/strings.md').matchAll(/^\| `RUNTIME:([\w-]+)` \|/gm)].map((m) => m[1]);
  assert.deepEqual(rows.sort(), DECODERS.map((decoder) => decoder.id).sort(), 'docs/strings.md\'s decoder table and portable/decode/decoders.js differ');
});

test('the Tests section names every test file that is not a unit test, and only test files', () => {
  const doc = read('docs/extending.md');
  const tests = doc.slice(doc.indexOf('\n## Tests\n'));
  const named = new Set([...tests.matchAll(/`([a-z][\w-]*)`/g)].map((m) => m[1]));
  const files = readdirSync(at('test')).filter((name) => name.endsWith('.test.js') && !name.endsWith('.unit.test.js'));
  const stems = new Set(files.map((name) => name.replace(/(\.slow)?\.test\.js$/, '')));
  assert.deepEqual([...stems].filter((stem) => !named.has(stem)), [], 'docs/extending.md#tests does not say why these test files are not unit tests');
  assert.deepEqual([...named].filter((word) => !stems.has(word)), [], 'docs/extending.md#tests names test files that are not there');
});

test('the files each checklist touches, counted', (t) => {
  for (const checklist of CHECKLISTS) {
    const { always, sometimes } = checklistFiles(checklist);
    t.diagnostic(`${checklist.name}: ${always.length} always (${always.join(', ')}); ${sometimes.length} only when needed (${sometimes.join(', ')})`);
    assert.ok(always.every((file) => !sometimes.includes(file)));
  }
});
