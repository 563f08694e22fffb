// The oracle of a channel whose value lands in another realm (`worker`,
// `broadcast`): the reference as a Delivery (harness/case/case.js), so the oracle
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
  selectTier, setupRealm, toTransferList,
} from '../../../src/index.js';

/**
 * @param {Record<string, Record<string, number>> | undefined} coverage counts which tier would take each value
 * @param {boolean} transferList whether the channel has a transfer list at all (BroadcastChannel has none)
 * @returns {import('../../case/case.js').Delivery}
 */
export function referenceDelivery(coverage, transferList) {
  /** @type {unknown} */
  let receiverSteps;
  /** @type {ReturnType<typeof StructuredSerializeWithTransfer> | undefined} */
  let serialized;
  return {
    async prepare(steps) {
      receiverSteps = JSON.parse(steps);
      serialized = undefined;
    },
    send(value, transfer) {
      // postMessage's transfer argument is a sequence<object>: converted like options.transfer.
      const list = transferList ? toTransferList(transfer) : [];
      if (coverage !== undefined) countSelection(coverage, selectTier(value, { transfer: list }));
      serialized = StructuredSerializeWithTransfer(value, list);
    },
    async landed() {
      if (serialized === undefined) return null;
      const effects = [];
      const restore = setupRealm(receiverSteps, effects, globalThis);
      let landed;
      try {
        landed = observeLanded(StructuredDeserializeWithTransfer(serialized, currentRealm).Deserialized, effects, 0);
      } finally {
        restore();
      }
      return `[${JSON.stringify(landed)}]`;
    },
  };
}
