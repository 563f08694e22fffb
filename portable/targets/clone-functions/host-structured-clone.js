// The host's own structuredClone (Node, Bun, Deno, browsers), called the way
// the reference is called. forStorage has no equivalent: the global function
// never serializes for storage, so targets using it drop the flag from the
// program (portable/targets/programs.js) and the oracle sees the same.

// Captured when this module loads: a program's realm set-up may replace
// globalThis.structuredClone; the target is the host's own function.
const hostClone = structuredClone;

/** @type {import('../../case/case.js').CloneFunction} */
export default function hostStructuredClone(value, { transfer }) {
  // The cast: a program may transfer anything (the host's TypeError is part of
  // the case), and TypeScript reads the null prototype as a property.
  return hostClone(value, /** @type {StructuredSerializeOptions} */ ({ __proto__: null, transfer }));
}
