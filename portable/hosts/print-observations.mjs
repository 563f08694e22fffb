// Prints what the reference observes for a fixed set of programs, in whatever
// runtime runs this script: Node, Bun or Deno (Deno needs --allow-read)
// unchanged. test/runtimes.test.js compares the runtimes' outputs. It builds
// each program, clones it with the tiers on and off, and prints one line per case:
//   <program name> TAB tiers-on|tiers-off TAB <canonical JSON of the case observation>
// Programs: corpus/seeds/*.json when there are any, plus the inline ones below.

import { readdirSync, readFileSync } from 'node:fs';
import { build, canonicalJSON } from '../../src/index.js';
import { cloneCase, referenceClone } from '../case/case.js';

/** Small programs whose observations the runtimes test asserts value by value. */
export const inlinePrograms = {
  'negative zero': { schema: 'clonecheck/program@1', root: { number: '-0' } },
  'int32 array with a hole': {
    schema: 'clonecheck/program@1',
    root: { ref: 0 },
    objects: [{ kind: 'array', items: [1, { hole: true }, 2 ** 31 - 1, { number: '-0' }] }],
  },
  'lone surrogate string': { schema: 'clonecheck/program@1', root: '\ud800x' },
  'object with a getter that deletes a later key': {
    schema: 'clonecheck/program@1',
    root: { ref: 0 },
    objects: [{
      kind: 'object',
      props: [{ key: 'a', get: { effects: [{ delete: [0, 'b'] }], returns: 1 } }, { key: 'b', value: 2 }, { key: '__proto__', value: 3 }],
    }],
  },
  'Map with a cycle and NaN key': {
    schema: 'clonecheck/program@1',
    root: { ref: 0 },
    objects: [{ kind: 'map', entries: [[{ number: 'NaN' }, { ref: 0 }], [{ bigint: '-12345678901234567890' }, 'x']] }],
  },
  'array on a polluted Array.prototype': {
    schema: 'clonecheck/program@1',
    root: { ref: 0 },
    objects: [{ kind: 'array', items: [{ hole: true }, 2] }],
    sender: [{ on: 'Array.prototype', key: '0', get: { returns: 'from the prototype' } }],
    receiver: [{ on: 'Array.prototype', key: '1', set: { throws: 'TypeError' } }],
  },
  'symbol is refused': { schema: 'clonecheck/program@1', root: { symbol: 'nope' } },
};

const seedsDirectory = new URL('../../corpus/seeds/', import.meta.url);

/** @returns {[string, any][]} */
function seedPrograms() {
  let names = [];
  try {
    names = readdirSync(seedsDirectory).filter((n) => n.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return names.map((n) => [`seed ${n}`, JSON.parse(readFileSync(new URL(n, seedsDirectory), 'utf8'))]);
}

const lines = [];
for (const [name, program] of [...Object.entries(inlinePrograms), ...seedPrograms()]) {
  for (const tiers of [true, false]) {
    const observation = cloneCase(program, () => build(program), referenceClone({ tiers })).clone;
    lines.push(`${name}\t${tiers ? 'tiers-on' : 'tiers-off'}\t${canonicalJSON(observation)}`);
  }
}
console.log(lines.join('\n'));
