// core-js's structuredClone polyfill, from core-js-pure: the same module as
// core-js's global polyfill, without installing itself on globalThis. The
// pure build always uses its own algorithm; as in any host that has one, it
// falls back to the native structuredClone for what it cannot polyfill
// (transfer, platform objects).

import coreJsStructuredClone from 'core-js-pure/actual/structured-clone.js';

/** @type {import('../../case/case.js').CloneFunction} */
export default function coreJs(value, { transfer }) {
  return coreJsStructuredClone(value, { transfer });
}
