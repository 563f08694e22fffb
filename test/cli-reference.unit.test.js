// docs/cli.md is written from the command tree by harness/docs/cli-reference.js:
// it must be what the script writes now, and the rendering must keep each
// option's description and default as --help prints them.

import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Command, Option } from 'commander';
import { CLI_REFERENCE, REGENERATE, currentCliReference, renderCliReference } from '../harness/docs/cli-reference.js';

test('docs/cli.md is what harness/docs/cli-reference.js writes from the commands now', async () => {
  const written = readFileSync(CLI_REFERENCE, 'utf8');
  const now = await currentCliReference();
  assert.ok(written === now, `docs/cli.md is out of date with harness/cli.js and harness/commands/options.js: run ${REGENERATE}`);
});

test('the reference gives each option its --help line, the main job first, in cells that stay one cell', () => {
  const project = fileURLToPath(new URL('../', import.meta.url));
  const cli = new Command().name('tool').description('a tool');
  cli.command('main', { hidden: true }).description('what runs without a command')
    .addOption(new Option('--budget <duration>', 'wall time').default(60, '60 s'));
  cli.command('pick').description('pick one').argument('<thing>', 'a thing')
    .addOption(new Option('--mode <m>', 'a|b mode, see findings/<signature>/').choices(['a', 'b']).default('a'))
    .option('--ledger <dir>', 'the ledger', `${project}corpus/bugs/`);
  const text = renderCliReference(cli);
  assert.ok(text.indexOf('## tool (the main job)') < text.indexOf('## tool pick'), 'the hidden main job comes first');
  assert.match(text, /\| `--budget <duration>` \| wall time \(default: 60 s\) \|/);
  assert.match(text, /\| `--mode <m>` \| a\\\|b mode, see findings\/&lt;signature>\/ \(choices: "a", "b", default: "a"\) \|/);
  assert.match(text, /\| `--ledger <dir>` \| the ledger \(default: "corpus\/bugs\/"\) \|/, 'a default under the checkout is relative');
  assert.match(text, /\| `thing` \| a thing \|/);
  assert.doesNotMatch(text, /`-h, --help`/, 'the help option every command has is not listed');
  assert.match(text, /- \[tool pick\]\(#tool-pick\)/);
});
