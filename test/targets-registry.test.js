// The extension points' registries (portable/targets/channels/,
// portable/families/, harness/targets/modules/) are complete, and they are
// the only place channels and families are named: conform, the snippet, the
// repro and the CLI help take every channel from the registry, and the
// files that used to keep lists of their own keep none.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FAMILIES, PINNED, familyNamed, scriptFamilies } from '../portable/families/index.js';
import { CHANNELS, channelNames, channelsOf, familiesWith } from '../portable/targets/channels/index.js';
import { MODULE_TARGETS } from '../harness/targets/modules/index.js';
import { CONFORM_CHANNELS, MODULE_CHANNELS, runtimeChannels } from '../portable/conform/channels.js';
import { hasTransferList, transferArgument } from '../portable/targets/programs.js';
import { reshaperOf } from '../portable/targets/load.js';
import { snippetFor } from '../harness/findings/snippet.js';
import { reproSource } from '../harness/findings/repro.js';
import { clonecheck } from './helpers.js';

const ROOT = new URL('..', import.meta.url);
const exists = (/** @type {string} */ path) => existsSync(fileURLToPath(new URL(path, ROOT)));

const CHANNEL_FIELDS = {
  name: 'string', module: 'string', reshaping: 'string', transfer: 'string', landsInWorkers: 'boolean', repeats: 'boolean',
  has: 'function', lacking: 'function', describe: 'function', needs: 'function', api: 'function', repro: 'string',
};

test('every channel descriptor is complete, and what it says holds together', () => {
  assert.equal(new Set(channelNames).size, CHANNELS.length, 'channel names are unique');
  for (const channel of CHANNELS) {
    for (const [field, type] of Object.entries(CHANNEL_FIELDS)) assert.equal(typeof channel[field], type, `${channel.name}.${field}`);
    assert.ok('snippet' in channel && (channel.snippet === null || typeof channel.snippet === 'function'), `${channel.name}.snippet`);
    assert.ok(['global', 'module', 'echo-worker', null].includes(channel.conform), `${channel.name}.conform`);
    assert.ok(['script', 'page'].includes(channel.repro), `${channel.name}.repro`);
    assert.ok(exists(`portable/targets/clone-functions/${channel.module}`), `${channel.name}: its clone function ${channel.module} exists`);
    // The reshaping is one load.js knows, and it agrees with how the channel hands over its transfer list.
    const reshaping = { base: channel.reshaping, limits: [] };
    assert.equal(typeof reshaperOf(/** @type {any} */ (reshaping)), 'function');
    assert.equal(reshaperOf(/** @type {any} */ (reshaping))({ schema: 'clonecheck/program@1', root: 1, objects: [] }).root, 1, channel.name);
    assert.equal(channel.transfer === 'none', !hasTransferList(reshaping), `${channel.name}: transfer ${channel.transfer}, reshaping ${channel.reshaping}`);
    assert.equal(transferArgument({ name: `x:${channel.name}`, reshaping }), channel.transfer);
    const having = familiesWith(channel);
    assert.ok(having.length > 0, `${channel.name}: some family has it`);
    for (const family of FAMILIES) {
      if (channel.has(family)) {
        assert.ok(Array.isArray(channel.needs(family)) && channel.needs(family).every((need) => typeof need === 'string' && need !== ''), `${channel.name} needs on ${family.name}`);
        assert.match(channel.describe(family), /\S/);
        assert.match(channel.api(family), /\S/);
      } else {
        assert.match(channel.lacking(family), /\S{3}/, `${channel.name}: why ${family.name} lacks it`);
      }
    }
    assert.match(channel.describe(undefined), /\S/, `${channel.name}: described before its runtime is found`);
  }
});

test('a channel repeats deliveries exactly when its clone function sends to a realm elsewhere (portable/targets/load.js)', async () => {
  for (const channel of CHANNELS) {
    const module = await import(`../portable/targets/clone-functions/${channel.module}`);
    assert.equal(channel.repeats, typeof module.send === 'function', channel.name);
  }
});

test('every runtime family descriptor pins its versions and says how its agent starts', () => {
  assert.equal(new Set(FAMILIES.map((family) => family.name)).size, FAMILIES.length);
  assert.equal(new Set(FAMILIES.filter((family) => family.browser).map((family) => family.hostHooks)).size, 1, 'one page server serves every browser: one set of hooks');
  assert.equal(new Set(FAMILIES.filter((family) => family.browser).map((family) => family.classicScripts)).size, 1, 'one page server: one way to run a classic script');
  for (const family of FAMILIES) {
    const { install } = family;
    if (install.from === 'npm') {
      const pinned = Object.entries(install.pinned);
      assert.ok(pinned.length > 0, `${family.name} pins a version`);
      for (const [name, version] of pinned) {
        assert.match(version, /^\d+\.\d+\.\d+$/, `${name}: an exact version`);
        assert.ok(name === family.name || name.startsWith(`${family.name}@`), name);
        assert.equal(PINNED[name], `${family.name}@${version}`);
      }
      assert.ok(install.package !== '' && install.binaries.length > 0);
      assert.equal(typeof family.agentCommand, 'function', `${family.name} has an agent command`);
      const command = /** @type {Function} */ (family.agentCommand)(pinned[0][1], '/bin/runtime');
      assert.equal(command[0], '/bin/runtime', `${family.name}: the agent command starts the binary`);
      assert.match(/** @type {Function} */ (family.runCommand)('repro.mjs'), /repro\.mjs$/);
    } else if (install.from === 'build') {
      // QuickJS-ng: built from the sources its module pins, an agent of its own.
      assert.ok(exists(install.pinnedBy), install.pinnedBy);
      assert.equal(typeof family.agentCommand, 'function', `${family.name} has an agent command`);
      assert.ok(family.standalone !== undefined, `${family.name}: why its findings have no standalone repro`);
    } else {
      // A browser: Debian's package is what is pinned, and its agents are pages, started by no command.
      assert.ok(install.packages.length > 0 && install.binary.startsWith('/'), family.name);
      assert.equal(family.browser, true);
      assert.equal(family.agentCommand, undefined);
      assert.ok(family.launch !== undefined, `${family.name}: how it is launched`);
    }
    assert.ok(exists(family.hostHooks), `${family.name}: its host hooks ${family.hostHooks}`);
    // The harness imports Node's hooks; a page (browsers/server.js) and QuickJS-ng's bundle (native/build.js) put their family's in their place.
    if (family.install.from === 'npm') assert.equal(family.hostHooks, 'portable/hosts/node-host.js', family.name);
    // Likewise how a classic script runs (conform's files): node:vm there, a script element in a page, std.evalScript in QuickJS-ng.
    assert.ok(exists(family.classicScripts), `${family.name}: how it runs a classic script, ${family.classicScripts}`);
    if (family.install.from === 'npm') assert.equal(family.classicScripts, 'portable/hosts/classic-script.js', family.name);
    for (const file of family.expectations) assert.ok(exists(file), `${family.name}: its expectations ${file}`);
    assert.ok(channelsOf(family.name).length > 0, `${family.name} has channels`);
  }
});

test('a runtime names its family by what --version prints, and no other family claims the answer', () => {
  const said = { node: 'v22.23.3', bun: '1.4.5', deno: 'deno 2.9.6 (stable, release, x86_64-unknown-linux-gnu)', chromium: 'Chromium 156.0.8078.108 built on Debian', firefox: 'Mozilla Firefox 153.7.0esr' };
  for (const [name, text] of Object.entries(said)) {
    const claiming = FAMILIES.filter((family) => family.identify(text) !== undefined).map((family) => family.name);
    assert.deepEqual(claiming, [name], text);
  }
  assert.equal(familyNamed('deno')?.identify(said.deno), '2.9.6');
  assert.deepEqual(scriptFamilies.map((family) => family.name), ['node', 'bun', 'deno']);
});

test('every module target is complete and names a clone function and, for a polyfill, an installed package', () => {
  for (const target of MODULE_TARGETS) {
    assert.match(target.name, /^(ref|polyfill):/);
    assert.ok(exists(`portable/targets/clone-functions/${target.module}`), target.module);
    assert.ok(target.snippet !== undefined && target.description !== '');
    if (target.name.startsWith('polyfill:')) assert.ok(exists(`node_modules/${target.package}/package.json`), `${target.name}: ${target.package}`);
  }
});

test('conform takes its channels, and each runtime\'s, from the registry', () => {
  assert.deepEqual(CONFORM_CHANNELS, CHANNELS.filter((channel) => channel.conform !== null).map((channel) => channel.name));
  assert.deepEqual(MODULE_CHANNELS, ['clone']);
  assert.deepEqual(runtimeChannels('node'), ['clone', 'messagechannel', 'worker', 'wire']);
  assert.deepEqual(runtimeChannels('firefox'), ['clone', 'messagechannel', 'worker'], 'a browser has no serializer library');
  for (const family of FAMILIES) for (const name of runtimeChannels(family.name)) assert.ok(channelsOf(family.name).includes(name));
});

test('the snippet of every channel on every family that has it is the channel descriptor\'s', () => {
  const program = { schema: 'clonecheck/program@1', root: { ref: 0 }, objects: [{ kind: 'array', items: [{ number: '-0' }] }] };
  const differences = [{ path: '$[0]', category: 'value', expected: '-0', actual: '0' }];
  for (const family of FAMILIES) {
    for (const channel of CHANNELS.filter((c) => c.has(family))) {
      const target = {
        name: `${family.name}:${channel.name}`, description: 'd', moduleURL: `file:///${channel.module}`,
        reshaping: { base: channel.reshaping, limits: family.limits }, external: false, runtime: { family: family.name },
      };
      const snippet = snippetFor(/** @type {any} */ ({ program, target, differences, expected: {}, actual: {} }));
      // A channel with no snippet (a shell's `ref`) leaves the reason to its family.
      const said = channel.snippet === null ? family.standalone : channel.snippet(family);
      if (typeof said === 'string') assert.deepEqual(snippet, { reason: said }, target.name);
      else assert.ok('source' in snippet && snippet.source.includes(said.call({ list: '', option: '' })), target.name);
    }
  }
});

test('a repro takes its receiving realm from its channel\'s descriptor', () => {
  const program = { schema: 'clonecheck/program@1', root: 1, objects: [] };
  for (const channel of CHANNELS.filter((c) => c.has(/** @type {any} */ (familyNamed('chromium'))))) {
    const target = {
      name: `chromium:${channel.name}`, description: 'd', moduleURL: new URL(`portable/targets/clone-functions/${channel.module}`, ROOT).href,
      reshaping: { base: channel.reshaping, limits: ['window'] }, external: false, runtime: { family: 'chromium', browser: 'chromium' },
    };
    const source = reproSource(/** @type {any} */ ({ program, expected: {}, target, signature: 's', replay: 'r', verdict: 'deviation' }));
    assert.equal(source.includes("scriptURL: new URL('repro.html', import.meta.url).href"), channel.repro === 'page', channel.name);
  }
});

test('the help of fuzz lists the registry\'s channels and browsers', () => {
  const { stdout } = clonecheck(['fuzz', '--help']);
  const text = stdout.replace(/\s+/g, ' ');
  const browsers = FAMILIES.filter((family) => family.browser).map((family) => family.name);
  const listed = /\(node, node@22, bun, deno, bun@1\.3\.9, …; ([^;]+); ([^)]+)\)/.exec(text);
  assert.ok(listed !== null, text);
  assert.deepEqual(listed[1].split(', '), browsers);
  const channels = listed[2].split(', ');
  for (const name of channels) assert.ok(channelNames.includes(name), name);
  assert.deepEqual(channels, channelNames.filter((name) => FAMILIES.some((family) => !family.shell && channelsOf(family.name).includes(name))));
});

/** The files that kept channel or family lists of their own before the registries. */
const READERS = [
  'harness/targets/catalog.js', 'portable/conform/channels.js', 'harness/conform/targets.js', 'harness/commands/conform.js',
  'harness/findings/snippet.js', 'harness/findings/repro.js', 'harness/cli.js', 'harness/commands/options.js',
  'harness/bugs/report.js', 'harness/bugs/elsewhere.js', 'portable/targets/programs.js', 'portable/targets/load.js',
];

test('the files that read the registries name no channel and no family themselves', () => {
  const names = [...channelNames, ...FAMILIES.map((family) => family.name).filter((name) => name !== 'node')];
  for (const file of READERS) {
    const source = readFileSync(new URL(file, ROOT), 'utf8');
    // Quoted as a value (a comment may name one): 'wire', "bun", `chromium`.
    const code = source.split('\n').filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line)).join('\n');
    for (const name of names) {
      // `clone` is also the snippet's variable, `message` an event: quoted alone they are no channel.
      if (name === 'clone' || name === 'message') continue;
      assert.doesNotMatch(code, new RegExp(`['"\`]${name.replace('-', '\\-')}['"\`]`), `${file} names '${name}'`);
    }
  }
});
