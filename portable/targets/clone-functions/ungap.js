// @ungap/structured-clone, its own algorithm. The package's default export
// hands the value to the native structuredClone whenever the host has one, so
// the polyfill proper is `deserialize(serialize(value))`, what the default
// export runs where there is no native function. It has no transfer and no
// storage mode.

import { deserialize, serialize } from '@ungap/structured-clone';

/** @type {import('../../case/case.js').CloneFunction} */
export default function ungapStructuredClone(value) {
  return deserialize(serialize(value));
}
