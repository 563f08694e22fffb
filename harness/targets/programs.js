// How a target's channel reshapes a program before it runs, so that the
// target and the oracle see the same program (and the repro shows it).

/**
 * The program as it is: the channel can express everything a program says.
 * @param {any} program
 */
export function asIs(program) {
  return program;
}

/**
 * Without `forStorage`: the channel never serializes for storage (the global
 * structuredClone, postMessage, a polyfill).
 * @param {any} program
 */
export function withoutStorage(program) {
  if (program.forStorage !== true) return program;
  const { forStorage, ...rest } = program;
  return rest;
}

/**
 * With a non-empty transfer list (and so without `forStorage`): when the
 * program transfers nothing, a fresh 8-byte ArrayBuffer that is not part of
 * the value goes in the list. Engines skip some fast paths whenever a
 * transfer list is given (Bun's, for one), so this reaches their full path.
 * @param {any} program
 */
export function withTransferList(program) {
  const prepared = withoutStorage(program);
  if (prepared.transfer !== undefined && prepared.transfer.length > 0) return prepared;
  const objects = [...(prepared.objects ?? []), { kind: 'arraybuffer', bytes: [1, 2, 3, 4, 5, 6, 7, 8] }];
  return { ...prepared, objects, transfer: [objects.length - 1] };
}

/**
 * @param {string} channel a reshaping function's name
 * @returns {boolean} whether the channel has a transfer list at all (the oracle converts one only then)
 */
export function hasTransferList(channel) {
  return channel !== 'withoutTransfer';
}

/**
 * Without a transfer list (and without `forStorage`): the channel has none
 * (BroadcastChannel, an engine's serializer used as a library).
 * @param {any} program
 */
export function withoutTransfer(program) {
  const prepared = withoutStorage(program);
  if (prepared.transfer === undefined) return prepared;
  const { transfer, ...rest } = prepared;
  return rest;
}
