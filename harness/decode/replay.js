// One case on one decoder target, judged in the target's host (an agent, a
// page, a worker thread): `clonecheck decode --replay` and the ledger's
// decode bugs replayed. A host that dies or hangs on it says so.

import { runPool } from '../pool/pool.js';
import { memberOptions } from './run.js';

/**
 * @param {import('./targets.js').DecodeTarget} target
 * @param {import('../../portable/decode/tasks.js').ReplayTask['input']} input
 * @param {number} timeoutMs
 * @returns {Promise<import('../../portable/decode/tasks.js').Difference | {stall: string, detail: string} | null>}
 */
export async function replayCase(target, input, timeoutMs) {
  /** @type {any} */
  let answer = null;
  let given = false;
  await runPool({
    ...memberOptions(target, timeoutMs),
    nextTask: () => {
      if (given) return undefined;
      given = true;
      return { kind: 'replay', input };
    },
    onResult: (_task, result) => {
      answer = result;
    },
    onStall: (_task, { reason, detail }) => {
      answer = { stall: reason === 'crash' ? 'the host crashed' : 'the host hung', detail };
    },
  });
  return answer;
}
