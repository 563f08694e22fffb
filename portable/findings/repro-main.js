// The part of every repro.mjs that is clonecheck's own code: it is bundled
// (with src/ and the target's clone function) into the repro by repro.js, so
// the repro runs in Node, Bun or Deno with nothing installed.
//
// It builds the program with the emitted builder, clones it through the
// target's channel, observes the case exactly as the fuzzer did
// (portable/case/case.js), and compares with the expected observation. For a
// channel whose value lands in workers (`worker`, `broadcast`), repro.mjs is
// also the workers' script: started as a worker, it serves as the receiving
// realm (receivers/realm.js) instead.

import { canonicalJSON, registerOpaque } from '../../src/index.js';
import { prepareKinds } from '../../src/program/kinds/index.js';
import { cloneCaseElsewhere, deliveredObservation, deviations, seenCaseHere, settlingCloneFunction } from '../case/case.js';

export { inReceivingWorker, serveRealm } from '../targets/receivers/realm.js';

/**
 * The case observations: one, or one per receiving worker.
 * @param {any} program
 * @param {() => any} makeBuilt
 * @param {any} cloneModule
 * @param {boolean} repeats  a module called once per delivery (an `impl:` module), as the fuzzer called it
 * @param {string} scriptURL this repro.mjs, the workers' script
 */
async function observeCase(program, makeBuilt, cloneModule, repeats, scriptURL) {
  if (typeof cloneModule.send !== 'function') {
    await cloneModule.ready;
    return [deliveredObservation(await seenCaseHere(program, makeBuilt, settlingCloneFunction(cloneModule), repeats))];
  }
  await cloneModule.start(scriptURL);
  try {
    return await cloneCaseElsewhere(program, makeBuilt, cloneModule);
  } finally {
    cloneModule.stop();
  }
}

/**
 * @param {{program: any, expected: import('../case/case.js').DeliveredObservation, makeBuilt: (registerOpaque: Function) => any,
 *   cloneModule: {default?: Function, settlesBoxed?: boolean, ready?: Promise<void>, send?: Function}, repeats?: boolean, target: string, scriptURL: string}} repro
 * @returns {Promise<boolean>} whether the case passes
 */
export async function runRepro({ program, expected, makeBuilt, cloneModule, repeats = false, target, scriptURL }) {
  // The emitted builder copies this realm's prepared CryptoKeys (src/program/kinds/cryptokey.js).
  await prepareKinds();
  const observations = await observeCase(program, () => makeBuilt(registerOpaque), cloneModule, repeats, scriptURL);
  for (let i = 0; i < observations.length; i++) {
    const found = deviations(expected, observations[i]);
    if (found.length === 0) continue;
    const where = observations.length === 1 ? '' : ` (receiving worker ${i + 1} of ${observations.length})`;
    console.log(`FAIL ${target}${where}: ${found.length} difference${found.length === 1 ? '' : 's'} from the structured clone algorithm`);
    for (const d of found) {
      console.log(`  ${d.path}  ${d.category}: expected ${canonicalJSON(d.expected)}, actual ${canonicalJSON(d.actual)}`);
    }
    return false;
  }
  console.log(`PASS ${target}: the clone observes as the structured clone algorithm says`);
  return true;
}
