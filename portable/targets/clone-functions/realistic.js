// realistic-structured-clone: a userland implementation of the HTML
// algorithm's steps (no transfer, no storage mode).

import realisticStructuredClone from 'realistic-structured-clone';

/** @type {import('../../case/case.js').CloneFunction} */
export default function realistic(value) {
  return realisticStructuredClone(value);
}
