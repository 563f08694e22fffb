// The bug trackers `clonecheck report --for` writes for: where a maintainer
// files an issue, and the sections that tracker's form asks for, in its
// order and its words, so the text pastes into the form field by field.
// Bun's and Deno's GitHub forms (.github/ISSUE_TEMPLATE/2-bug-report.yml,
// bug-report.yml) ask the same questions; Node's adds the subsystem and how
// often it happens; the browsers' trackers and QuickJS-ng's issues take a
// summary, steps, expected and actual. Where a family's bugs go (the
// project's name, the page, which form) is in its descriptor
// (portable/families/, `tracker`); the forms' layouts are here.
//
// Each section is a list of parts (report.js fills them): `version`,
// `platform`, `subsystem`, `summary`, `steps`, `often`, `expected`,
// `standard`, `actual`, `others`, `versions`, `found`, `status`.

import { FAMILIES } from '../../portable/families/index.js';
import { QUESTIONS } from './ledger.js';

/**
 * @typedef {object} Tracker
 * @property {string} name  what a person calls the project
 * @property {string} file  where a new issue is filed (printed on stderr, never opened)
 * @property {'###' | '##'} heading  the markdown of a section heading
 * @property {[string, string[]][]} sections  heading, then the parts under it
 */

/** The parts a report has beyond the form's own questions, in the order a maintainer reads them. */
const ADDITIONAL = ['standard', 'others', 'versions', 'found', 'status'];

/** @param {string} name the project @param {string} file @returns {Tracker} a GitHub issue form like Bun's */
function githubForm(name, file) {
  return {
    name,
    file,
    heading: '###',
    sections: [
      [`What version of ${name} is running?`, ['version']],
      ['What platform is your computer?', ['platform']],
      ['What steps can reproduce the bug?', ['summary', 'steps']],
      ['What is the expected behavior?', ['expected']],
      ['What do you see instead?', ['actual']],
      ['Additional information', ADDITIONAL],
    ],
  };
}

/** @param {string} name @param {string} file @returns {Tracker} summary, steps, expected, actual: a browser's bug tracker */
function plainForm(name, file) {
  return {
    name,
    file,
    heading: '##',
    sections: [
      ['Summary', ['summary']],
      ['Steps to reproduce', ['steps']],
      ['Expected result', ['expected']],
      ['Actual result', ['actual']],
      ['Version', ['version', 'platform']],
      ['Additional information', ADDITIONAL],
    ],
  };
}

/** @param {string} name @param {string} file @returns {Tracker} Node's issue form: the subsystem, and how often it happens */
function nodeForm(name, file) {
  return {
    name,
    file,
    heading: '###',
    sections: [
      ['Version', ['version']],
      ['Platform', ['platform']],
      ['Subsystem', ['subsystem']],
      ['What steps will reproduce the bug?', ['summary', 'steps']],
      ['How often does it reproduce? Is there a required condition?', ['often']],
      ['What is the expected behavior? Why is that the expected behavior?', ['expected', 'standard']],
      ['What do you see instead?', ['actual']],
      ['Additional information', ADDITIONAL.filter((part) => part !== 'standard')],
    ],
  };
}

/**
 * A question of the standard (ledger.js QUESTIONS) goes to the standard's
 * own tracker: whatwg/html's issue form asks one question, what the issue
 * with the standard is; the parts then say what the step says, what the
 * engines do, and a snippet that shows the two apart.
 * @returns {Tracker}
 */
function standardForm() {
  return {
    name: 'The HTML Standard',
    file: 'https://github.com/whatwg/html/issues/new',
    heading: '###',
    sections: [
      ['What is the issue with the HTML Standard?', ['summary', 'standard', 'others']],
      ['A snippet that shows it', ['steps', 'expected', 'actual']],
      ['Additional information', ['found', 'status']],
    ],
  };
}

/** Each form a family's tracker names (its descriptor's `tracker.form`), by name. */
const FORMS = { github: githubForm, node: nodeForm, plain: plainForm };
/** The forms' names (docs/extending.md's family checklist is written from them). */
export const FORM_NAMES = Object.keys(FORMS);

/**
 * Every family's tracker, as its descriptor names it (portable/families/).
 * @type {Readonly<Record<string, Tracker>>} keyed by implementation (ledger.js implementationOf)
 */
export const TRACKERS = Object.freeze(Object.fromEntries([
  ...FAMILIES.map(({ name, tracker }) => [name, FORMS[tracker.form](tracker.name, tracker.file)]),
  [QUESTIONS, standardForm()],
]));

/** The names --for takes. */
export const TRACKER_NAMES = Object.keys(TRACKERS);

/**
 * The tracker of an implementation; one without a tracker here (a polyfill,
 * a module of yours, the reference) gets the plain form without a place to file.
 * @param {string} implementation
 * @returns {Tracker}
 */
export function trackerOf(implementation) {
  return TRACKERS[implementation] ?? plainForm(implementation, '');
}
