// The part of every repro.mjs that is clonecheck's own code: it is bundled
// (with src/ and the target's clone function) into the repro by repro.js, so
// the repro runs in Node, Bun or Deno with nothing installed.
//
// It builds the program with the emitted builder, clones it through the
// target's channel, observes the case exactly as the fuzzer did
// (harness/case.js), and compares with the expected observation.

import { canonicalJSON, registerOpaque } from '../../src/index.js';
import { cloneCaseAsync, deviations, settlingCloneFunction } from '../case.js';

/**
 * @param {{program: any, expected: unknown, makeBuilt: (registerOpaque: Function) => any,
 *   cloneModule: {default: Function, settlesBoxed?: boolean}, target: string}} repro
 * @returns {Promise<boolean>} whether the case passes
 */
export async function runRepro({ program, expected, makeBuilt, cloneModule, target }) {
  const actual = await cloneCaseAsync(program, () => makeBuilt(registerOpaque), settlingCloneFunction(cloneModule));
  const found = deviations(expected, actual);
  if (found.length === 0) {
    console.log(`PASS ${target}: the clone observes as the structured clone algorithm says`);
    return true;
  }
  console.log(`FAIL ${target}: ${found.length} difference${found.length === 1 ? '' : 's'} from the structured clone algorithm`);
  for (const d of found) {
    console.log(`  ${d.path}  ${d.category}: expected ${canonicalJSON(d.expected)}, actual ${canonicalJSON(d.actual)}`);
  }
  return false;
}
