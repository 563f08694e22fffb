// The oracle of a channel whose value lands in another realm (`worker`,
// `broadcast`): the reference as a Delivery (portable/case/case.js), so the oracle
// runs the very case the target runs (cloneCaseElsewhere). The value is
// serialized in the sender's realm, under the sender's steps only; the
// receiver's steps are applied once those are undone, and the value is
// deserialized and observed under them: HTML's postMessage, where
// StructuredSerializeWithTransfer runs in the sending realm and
// StructuredDeserializeWithTransfer in the receiving one. (Applying both
// sets of steps around one structuredClone call, as a same-realm channel
// does, let the receiver's pollution reach the serialization.)

import {
  StructuredDeserializeWithTransfer, StructuredSerializeWithTransfer, countSelection, currentRealm, observeLanded,
  selectTier, setupRealm, specProfile,
} from '../../../src/index.js';
import { convertedTransferList } from '../../case/case.js';

/**
 * @param {Record<string, Record<string, number>> | undefined} coverage counts which tier would take each value
 * @param {import('../programs.js').TransferArgument} transferArgument how the channel passes its
 *   transfer list (BroadcastChannel has none; a Worker's postMessage(message, transfer) is overloaded)
 * @param {string} [spec] the spec profile followed (src/html/profiles.js); default `html`
 * @returns {import('../../case/case.js').Delivery}
 */
export function referenceDelivery(coverage, transferArgument, spec) {
  const serializeOptions = { crossOriginIsolated: true, profile: specProfile(spec) };
  /** @type {unknown} */
  let receiverSteps;
  /**
   * The case's serializations, by send (a null-prototype record: filled while
   * the sender's pollution is in place); none for a send that threw.
   * @type {Record<number, ReturnType<typeof StructuredSerializeWithTransfer>> & {__proto__?: null}}
   */
  let serialized = { __proto__: null };
  let sends = 0;
  let landings = 0;
  return {
    async prepare(steps) {
      receiverSteps = JSON.parse(steps);
      serialized = { __proto__: null };
      sends = 0;
      landings = 0;
    },
    send(value, transfer) {
      const index = sends++;
      // Converted as the channel's postMessage converts its second argument.
      const list = convertedTransferList(transferArgument, transfer);
      // Guard coverage counts the generated values, not their repeats.
      if (coverage !== undefined && index === 0) countSelection(coverage, selectTier(value, { transfer: list }));
      serialized[index] = StructuredSerializeWithTransfer(value, list, serializeOptions);
    },
    async landed() {
      const serialization = serialized[landings++];
      if (serialization === undefined) return null;
      // The receiver's steps around each deserialization: this realm is also
      // the sender's, whose serializations must not meet them. They log and
      // return fixed values only (docs/program.md), so applying them again
      // for each value is the same as the worker's keeping them in place.
      const effects = [];
      const restore = setupRealm(receiverSteps, effects, globalThis);
      let landed;
      try {
        landed = observeLanded(StructuredDeserializeWithTransfer(serialization, currentRealm).Deserialized, effects, 0);
      } finally {
        restore();
      }
      return `[${JSON.stringify(landed)}]`;
    },
  };
}
