// The checklists of docs/extending.md ("a new kind / channel / runtime
// family / tier touches these files"), read from the doc: the files each
// names in its numbered steps, those of the steps that begin "Only when"
// apart. test/extending.unit.test.js checks the files against the tree and
// the registries they speak of; harness/docs/blocks.js writes their count
// into the doc.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PROJECT = fileURLToPath(new URL('../../', import.meta.url));
export const EXTENDING = 'docs/extending.md';

/**
 * @typedef {object} Checklist
 * @property {string} name  what it adds, as a block name says it (`files:kind`)
 * @property {string} heading  its section's heading in docs/extending.md
 * @property {string} placeholder  the word its paths use for the new thing's name (`src/tiers/TIER.js`)
 */

/** @type {readonly Checklist[]} */
export const CHECKLISTS = Object.freeze([
  { name: 'kind', heading: 'A new program kind (a platform object)', placeholder: 'KIND' },
  { name: 'channel', heading: 'A new channel', placeholder: 'CHANNEL' },
  { name: 'family', heading: 'A new runtime family', placeholder: 'FAMILY' },
  { name: 'tier', heading: 'A new fast-path tier', placeholder: 'TIER' },
]);

/** A file of the repository as a step names it in backticks: under a top folder, with an extension (a folder is no file touched). */
const FILE = /`((?:src|fuzzers|portable|harness|wpt|corpus|docs|test|ci)\/[\w./@+-]+\.\w+|setup\.sh)`/g;

/**
 * A checklist's section of the doc, without its generated parts (they say the count, not what to touch).
 * @param {Checklist} checklist @param {string} [text]  docs/extending.md
 * @returns {string}
 */
export function sectionOf({ heading }, text = readFileSync(join(PROJECT, EXTENDING), 'utf8')) {
  const start = text.indexOf(`\n## ${heading}\n`);
  if (start === -1) throw new Error(`${EXTENDING} has no section "## ${heading}"`);
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end === -1 ? undefined : end).replace(/<!-- generated:[\s\S]*?<!-- \/generated -->/g, '');
}

/**
 * The numbered steps of a checklist, each with its continuation lines.
 * @param {string} section
 * @returns {string[]}
 */
export function stepsOf(section) {
  /** @type {string[]} */
  const steps = [];
  let inStep = false;
  for (const line of section.split('\n')) {
    if (/^\d+\. /.test(line)) {
      steps.push(line.replace(/^\d+\. /, ''));
      inStep = true;
    } else if (inStep && /^ {3}\S/.test(line)) {
      steps[steps.length - 1] += ` ${line.trim()}`;
    } else {
      inStep = false;
    }
  }
  return steps;
}

/**
 * The files a checklist names: in the steps every addition takes (`always`), and only in those for what no entry
 * needed yet (`sometimes`, steps that begin "Only when"); each file once, in the order named.
 * @param {Checklist} checklist @param {string} [text]  docs/extending.md
 * @returns {{always: string[], sometimes: string[]}}
 */
export function checklistFiles(checklist, text) {
  const steps = stepsOf(sectionOf(checklist, text));
  const filesIn = (/** @type {string[]} */ chosen) => [...new Set(chosen.flatMap((step) => [...step.matchAll(FILE)].map((m) => m[1])))];
  const always = filesIn(steps.filter((step) => !/^Only when/.test(step)));
  const sometimes = filesIn(steps.filter((step) => /^Only when/.test(step))).filter((file) => !always.includes(file));
  return { always, sometimes };
}
