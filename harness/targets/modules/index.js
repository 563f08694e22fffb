// The built-in targets that need no runtime, one descriptor module each:
// the reference (`ref:`) and the polyfills (`polyfill:`), which run in this
// process's worker threads. The target catalog, conform (which reads a
// polyfill's package version) and findings/snippet.js read this registry;
// a new polyfill is one module here plus its clone function
// (portable/targets/clone-functions/) and its package in package.json.

import refSpec from './ref-spec.js';
import refTiers from './ref-tiers.js';
import ungap from './ungap.js';
import coreJs from './core-js.js';
import realistic from './realistic.js';

/**
 * @typedef {object} ModuleTarget
 * @property {string} name  as typed on the command line
 * @property {string} description
 * @property {string} module  its clone function, in portable/targets/clone-functions/
 * @property {'asIs' | 'withoutStorage'} reshaping  how it reshapes programs (programs.js): the reference can
 *   express everything; a polyfill is a drop-in for structuredClone, which never serializes for storage
 * @property {string} [package]  the npm package it tests (conform reports its version); none: the reference
 * @property {{reference: {tiers: boolean}} | import('../../../portable/targets/channels/index.js').SnippetChannel} snippet  how a snippet
 *   clones with it: the reference's own import (findings/snippet.js), or the package's
 */

/** Every module target, in listing order. */
export const MODULE_TARGETS = [refSpec, refTiers, ungap, coreJs, realistic];

/** @param {string} name @returns {ModuleTarget | undefined} */
export function moduleTargetNamed(name) {
  return MODULE_TARGETS.find((target) => target.name === name);
}
