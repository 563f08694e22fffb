// Which standard the reference follows: a named profile per run.
//
// `html` is the HTML Standard at the revision steps.js names (HTML_REVISION),
// which includes whatwg/html#12239 (Error [[Stack]], normative since 2026).
// The other profiles add pending changes, each decided by an open issue or
// pull request, that engines already ship and upstream web-platform-tests
// already assert. A target is judged against the standard with `html`, and
// against what engines ship with a pending profile; every results file
// records which one (docs/spec-profiles.md).

import { NATIVE_ERROR_NAMES, ObjectFreeze, ObjectHasOwn, ObjectKeys } from '../primordials/intrinsics.js';
import { HTML_REVISION } from './steps.js';

/**
 * @typedef {object} SpecProfile
 * @property {string} name  what `--spec` takes
 * @property {string} summary  what the profile adds to the standard, in a line
 * @property {readonly string[]} pending  the open issues and pull requests it follows (none for `html`)
 * @property {boolean} cause  StructuredSerializeInternal step 17.7 carries the own data property `cause`
 * @property {boolean} aggregate  StructuredSerializeInternal step 17.2 keeps the name "AggregateError" (and StructuredSerializeInternal step 17.7 its own `errors`)
 * @property {readonly string[]} errorNames  the names StructuredSerializeInternal step 17.2 keeps
 */

/**
 * @param {Omit<SpecProfile, 'errorNames'>} profile
 * @returns {Readonly<SpecProfile>}
 */
function profile(profile) {
  const errorNames = profile.aggregate ? [...NATIVE_ERROR_NAMES, 'AggregateError'] : NATIVE_ERROR_NAMES;
  return ObjectFreeze({ ...profile, pending: ObjectFreeze(profile.pending), errorNames: ObjectFreeze(errorNames) });
}

const CAUSE_ISSUE = 'https://github.com/whatwg/html/issues/11321';
const AGGREGATE_PR = 'https://github.com/whatwg/html/pull/5749';

/** Every profile by name, the baseline first. */
export const SPEC_PROFILES = ObjectFreeze({
  html: profile({
    name: 'html',
    summary: `the HTML Standard as checked ${HTML_REVISION.checked}, with ${HTML_REVISION.includes}`,
    pending: [], cause: false, aggregate: false,
  }),
  'html+cause': profile({
    name: 'html+cause',
    summary: 'html, and an Error\'s own `cause` data property is cloned (V8, SpiderMonkey; upstream WPT asserts it)',
    pending: [CAUSE_ISSUE], cause: true, aggregate: false,
  }),
  'html+cause+aggregate': profile({
    name: 'html+cause+aggregate',
    summary: 'html+cause, and an AggregateError keeps its name and its own `errors` (SpiderMonkey)',
    pending: [CAUSE_ISSUE, AGGREGATE_PR], cause: true, aggregate: true,
  }),
});

/**
 * The default: the standard itself. A verdict of "conforms" then means the
 * standard as written, and the pending changes are a choice a run states
 * (`--spec html+cause`), never a silent one.
 */
export const DEFAULT_SPEC_PROFILE = 'html';

/**
 * What a results file records of the profile a run followed: its name, what
 * it adds, the issues it follows, and the revision of the standard it starts from.
 * @param {string} [name]
 */
export function specRecord(name = DEFAULT_SPEC_PROFILE) {
  const { summary, pending } = specProfile(name);
  return { name, summary, pending: [...pending], standard: { ...HTML_REVISION } };
}

/**
 * The profile named `name` (default `html`); an unknown name is a RangeError that lists the names.
 * @param {string} [name]
 * @returns {Readonly<SpecProfile>}
 */
export function specProfile(name = DEFAULT_SPEC_PROFILE) {
  if (!ObjectHasOwn(SPEC_PROFILES, name)) {
    throw new RangeError(`unknown spec profile "${name}": use one of ${ObjectKeys(SPEC_PROFILES).join(', ')}`);
  }
  return /** @type {Record<string, Readonly<SpecProfile>>} */ (SPEC_PROFILES)[name];
}
