#!/usr/bin/env node
// The parts of README.md and docs/*.md that state what the repository holds
// now (the ledger's counts, the fields of bug@1, how many tiers, the files a
// checklist names), written from the source that holds it, so a doc cannot
// drift from it. A part is marked in the markdown,
//
//   <!-- generated:NAME -->…<!-- /generated -->
//
// inline in a sentence or around lines of its own, and BLOCKS below says how
// NAME is written. test/docs-blocks.unit.test.js fails when a doc holds a
// part other than what this writes now, or names one not here. Run it (no
// arguments) to rewrite every marked part; docs/cli.md has its own writer
// (cli-reference.js). Numbers that are measurements (cases/s, minutes, test
// counts of a run) are not written here: they live in docs/status.md with
// their date.

import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cli } from '../cli.js';
import { BUG_FIELDS, readAllBugs } from '../bugs/ledger.js';
import { FORM_NAMES } from '../bugs/trackers.js';
import { countsLine, filterOf, isLive, listBugs, rowLine } from '../bugs/listing.js';
import { KINDS as HARMS, severityOf } from '../bugs/severity.js';
import { allMutants } from '../mutate/mutants.js';
import { MODULE_TARGETS } from '../targets/modules/index.js';
import { QUICKJS } from '../native/sources.js';
import { reachableCells } from '../../fuzzers/cells.js';
import { FAMILIES, PINNED, browserFamilyNames, familyNamed, newestPinned } from '../../portable/families/index.js';
import { CHANNELS, familiesWith } from '../../portable/targets/channels/index.js';
import { INTRINSIC_NAMES } from '../../src/program/schema.js';
import { tiers } from '../../src/tiers/index.js';
import { CHECKLISTS, checklistFiles } from './checklists.js';

export const PROJECT = fileURLToPath(new URL('../../', import.meta.url));
export const REGENERATE = 'node harness/docs/blocks.js';

/** One marked part, anywhere in a doc: its name and what it holds now. */
export const MARKED = /<!-- generated:([\w:-]+) -->([\s\S]*?)<!-- \/generated -->/g;

/** The docs the parts may be in: the README and docs/ (docs/cli.md is all written, by cli-reference.js). */
export function docFiles() {
  return ['README.md', ...readdirSync(join(PROJECT, 'docs')).filter((name) => name.endsWith('.md')).sort().map((name) => `docs/${name}`)];
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
/** A count as prose writes it: a word up to twelve, digits above. @param {number} n */
export const inWords = (n) => NUMBER_WORDS[n] ?? n.toLocaleString('en-US');

/** A part that stands on lines of its own (a table, a code block): blank lines keep it apart from the markers. @param {string[]} lines */
const ownLines = (lines) => `\n\n${lines.join('\n')}\n\n`;

/** Names in backticks, as a list in prose. @param {string[]} names */
const codes = (names) => names.map((name) => `\`${name}\``).join(', ');

/** A list in prose: its last comma an "and". @param {string} list */
const andLast = (list) => list.replace(/, (?=[^,]*$)/, ' and ');

/** @param {string} name @returns {string} a family's pinned versions, as `22.23.3, 24.21.0` */
const pinsOf = (name) => Object.keys(PINNED).filter((target) => target.split('@')[0] === name).map((target) => PINNED[target].split('@')[1]).join(', ');

/**
 * The channels of the families a group holds (the runtimes installed by version, the browsers), and only theirs.
 * @param {(family: import('../../portable/families/index.js').Family) => boolean} inGroup
 */
const channelsOnlyIn = (inGroup) => codes(CHANNELS.filter((channel) => {
  const having = familiesWith(channel).map((name) => /** @type {import('../../portable/families/index.js').Family} */ (familyNamed(name)));
  return having.length > 0 && having.some(inGroup) && having.every(inGroup);
}).map((channel) => channel.name));

/** @param {string} flag @returns {string} the default of the main job's option, as prose writes a number */
function mainDefault(flag) {
  const option = cli.commands.find((command) => command.name() === 'main')?.options.find((o) => o.long === flag);
  if (option === undefined) throw new Error(`harness/cli.js: the main job has no ${flag}`);
  return Number(option.defaultValue).toLocaleString('en-US');
}

/** The directory the ledger's lines name, as a reader's checkout has it. */
const LEDGER_SHOWN = 'corpus/bugs';

/**
 * How each part is written, by name. A part reads the ledger, a registry or
 * a doc's own checklist: never a measurement.
 * @type {Record<string, () => string>}
 */
export const BLOCKS = {
  // docs/bugs.md: the last line of `clonecheck bugs` over the whole ledger.
  'ledger-counts': () => {
    const bugs = readAllBugs();
    return ownLines(['```', countsLine(listBugs(bugs, {}), bugs.length, LEDGER_SHOWN), '```']);
  },
  // docs/bugs.md: the example listing, as the command prints it now.
  'ledger-example': () => {
    const bugs = readAllBugs();
    const rows = listBugs(bugs, filterOf({ engine: ['node'], severity: ['crash'] }, bugs));
    return ownLines(['```', '$ clonecheck bugs --engine node --severity crash', ...rows.map(rowLine), countsLine(rows, bugs.length, LEDGER_SHOWN), '```']);
  },
  // docs/bugs.md: the open and pending causes by kind of harm and whether they need a polluted prototype. End of life is
  // left out: it changes with the date, not with the ledger (`clonecheck bugs --severity eol` lists it).
  'ledger-severity': () => {
    const live = readAllBugs().filter((bug) => isLive(bug.status)).map((bug) => severityOf(bug));
    const rows = HARMS.map((harm) => {
      const of = live.filter((s) => s.kind === harm);
      return `| ${harm} | ${of.length} | ${of.filter((s) => s.pollution).length} |`;
    });
    return ownLines(['| kind of harm | open or spec-pending causes | of them only under a polluted prototype |', '|---|---|---|', ...rows,
      `| all | ${live.length} | ${live.filter((s) => s.pollution).length} |`]);
  },
  // docs/bugs.md: bug@1's fields, from the list bugProblem checks entries against.
  'bug-fields': () => {
    const when = { always: 'always', optional: 'optional', program: 'unless `decode`' };
    return ownLines(['| field | present | holds |', '|---|---|---|',
      ...Object.entries(BUG_FIELDS).map(([field, { when: w, holds }]) => `| \`${field}\` | ${when[w]} | ${holds.replace(/\|/g, '\\|')} |`)]);
  },
  // docs/program.md: the intrinsics a realm step may change and a node's proto may name.
  intrinsics: () => codes(INTRINSIC_NAMES),
  // README.md, docs/status.md: the main job's defaults (harness/cli.js), its gate's fuzz smoke and its campaign.
  'main-smoke-runs': () => mainDefault('--runs'),
  'main-campaign-runs': () => mainDefault('--campaign-runs'),
  // README.md, docs/targets.md: the pinned runtimes and their versions (portable/families/, harness/native/sources.js).
  'pinned-targets': () => codes(Object.keys(PINNED).filter((target) => target.includes('@'))),
  'pinned-node': () => pinsOf('node'),
  'pinned-bun': () => pinsOf('bun'),
  'pinned-deno': () => pinsOf('deno'),
  'pinned-quickjs': () => QUICKJS.version,
  // docs/bisect.md: the version bisect takes for an end not given, each family's newest pin.
  'newest-pins': () => FAMILIES.flatMap((family) => { const pin = newestPinned(family); return pin === undefined ? [] : [`${family.name} ${pin}`]; }).sort().join(', '),
  // README.md: the browsers (portable/families/).
  browsers: () => codes(browserFamilyNames),
  // README.md: the channels of the runtimes installed from npm, of the browsers only, of QuickJS-ng only (portable/targets/channels/).
  'channels-runtimes': () => codes(CHANNELS.filter((channel) => FAMILIES.some((family) => family.install.from === 'npm' && channel.has(family))).map((c) => c.name)),
  'channels-browsers': () => andLast(channelsOnlyIn((family) => family.browser === true)),
  'channels-quickjs': () => andLast(channelsOnlyIn((family) => family.install.from === 'build')),
  // docs/extending.md: the issue forms a family's tracker may name (harness/bugs/trackers.js).
  'tracker-forms': () => andLast(codes(FORM_NAMES)),
  // docs/status.md: the tiers of the catalog (src/tiers/index.js).
  tiers: () => inWords(tiers.length),
  // docs/status.md: the semantic cells the generator can reach with its default weights (fuzzers/cells.js).
  cells: () => reachableCells().size.toLocaleString('en-US'),
  // docs/mutate.md: the guard-dropped mutants, one per reject reason of a tier (harness/mutate/mutants.js).
  'guard-mutants': () => inWords(allMutants().filter((mutant) => mutant.kind === 'guard-dropped').length),
  // docs/status.md: the polyfills among the module targets (harness/targets/modules/).
  polyfills: () => inWords(MODULE_TARGETS.filter((target) => target.name.startsWith('polyfill:')).length),
  // docs/extending.md: how many files each checklist names (harness/docs/checklists.js reads them from the doc).
  ...Object.fromEntries(CHECKLISTS.map((checklist) => [`files:${checklist.name}`, () => {
    const { always, sometimes } = checklistFiles(checklist);
    return `${inWords(always.length)} files always, ${inWords(sometimes.length)} more only when it needs what none has yet`;
  }])),
};

/**
 * A doc with every marked part written as BLOCKS writes it now.
 * @param {string} text @param {string} file  for the error
 * @returns {string}
 * @throws {Error} a part whose name BLOCKS has not
 */
export function rewriteParts(text, file) {
  return text.replace(MARKED, (whole, name) => {
    if (!Object.hasOwn(BLOCKS, name)) throw new Error(`${file}: <!-- generated:${name} --> is no part harness/docs/blocks.js writes (BLOCKS)`);
    return `<!-- generated:${name} -->${BLOCKS[name]()}<!-- /generated -->`;
  });
}

/** @param {string} file relative to the project @returns {string} */
export const readDoc = (file) => readFileSync(join(PROJECT, file), 'utf8');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.length > 2) {
    process.stderr.write(`blocks: it takes no arguments: run ${REGENERATE}\n`);
    process.exitCode = 2;
  } else {
    for (const file of docFiles()) {
      const text = readDoc(file);
      const now = rewriteParts(text, file);
      if (now !== text) {
        writeFileSync(join(PROJECT, file), now);
        process.stdout.write(`${file}: rewritten\n`);
      }
    }
  }
}
