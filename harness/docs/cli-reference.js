#!/usr/bin/env node
// docs/cli.md, the command-line reference, written from the command tree
// harness/cli.js builds (its options come from harness/commands/options.js)
// through commander's own Help, so each line says what `clonecheck COMMAND
// --help` says: there is no second copy of an option's description or
// default. test/cli-reference.unit.test.js fails when docs/cli.md is stale.
// Run it (no arguments) to rewrite docs/cli.md.

import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CLI_REFERENCE = fileURLToPath(new URL('../../docs/cli.md', import.meta.url));
export const REGENERATE = 'node harness/docs/cli-reference.js';

/** @typedef {import('commander').Command} Command */

// A default under the checkout (the bug ledger) is shown relative to it,
// so that the file is the same wherever the project is cloned.
const PROJECT = fileURLToPath(new URL('../../', import.meta.url));

/** A table cell: one line, a `|` that does not end the cell, a `<` that opens no HTML tag. @param {string} text */
const cell = (text) => text.replaceAll(PROJECT, '').replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|').replace(/</g, '&lt;');

/** A heading's anchor as GitHub makes it. @param {string} heading */
const anchor = (heading) => heading.toLowerCase().replace(/[^\w\- ]/g, '').replace(/ /g, '-');

/**
 * One command's section: usage, description, arguments, options (without
 * `--help`, which every command has).
 * @param {Command} command @param {import('commander').Help} help @param {string} heading @param {string} usage
 */
function section(command, help, heading, usage) {
  const lines = [`## ${heading}`, '', '```', usage, '```', '', help.commandDescription(command), ''];
  const args = help.visibleArguments(command);
  if (args.length > 0) {
    lines.push('| argument | what |', '|---|---|');
    for (const arg of args) lines.push(`| \`${help.argumentTerm(arg)}\` | ${cell(help.argumentDescription(arg))} |`);
    lines.push('');
  }
  const options = help.visibleOptions(command).filter((option) => option.long !== '--help');
  if (options.length > 0) {
    lines.push('| option | what |', '|---|---|');
    for (const option of options) lines.push(`| \`${help.optionTerm(option)}\` | ${cell(help.optionDescription(option))} |`);
    lines.push('');
  }
  return lines;
}

/**
 * The reference as markdown. The main job is the hidden `main` command,
 * which runs when no command is named; it comes first, under the name
 * people type.
 * @param {Command} cli
 * @returns {string}
 */
export function renderCliReference(cli) {
  const help = cli.createHelp();
  const main = cli.commands.find((command) => command.name() === 'main');
  const commands = help.visibleCommands(cli).filter((command) => command.name() !== 'help');
  const name = cli.name();
  const headings = commands.map((command) => `${name} ${command.name()}`);
  const lines = [
    '# Command-line reference',
    '',
    `<!-- Written by \`${REGENERATE}\` from harness/cli.js and harness/commands/options.js; edit those, then run it. -->`,
    '',
    `\`${name} COMMAND --help\` prints what each section below says (a default under the checkout`,
    'is shown here relative to it). A value out of range is a one-line usage error (exit 2).',
    'What the commands are for, exit codes and examples: [README](../README.md).',
    '',
    ...[`${name} (the main job)`, ...headings].map((heading) => `- [${heading}](#${anchor(heading)})`),
    '',
  ];
  if (main !== undefined) lines.push(...section(main, help, `${name} (the main job)`, `${name} ${main.usage()}`));
  commands.forEach((command, i) => lines.push(...section(command, help, headings[i], help.commandUsage(command))));
  return `${lines.join('\n').trimEnd()}\n`;
}

/** The reference for the tree harness/cli.js builds now. */
export async function currentCliReference() {
  const { cli } = await import('../cli.js');
  return renderCliReference(cli);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.length > 2) {
    process.stderr.write(`cli-reference: it takes no arguments: run ${REGENERATE}\n`);
    process.exitCode = 2;
  } else {
    writeFileSync(CLI_REFERENCE, await currentCliReference());
  }
}
