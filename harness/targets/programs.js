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
 * @param {string} channel a reshaping function's name (load.js `channels`)
 * @returns {boolean} whether the channel has a transfer list at all (the oracle converts one only then)
 */
export function hasTransferList(channel) {
  return !channel.startsWith('withoutTransfer') && !channel.startsWith('withStorage');
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

/**
 * Serialized for storage, without a transfer list: IndexedDB's put() runs
 * StructuredSerializeForStorage on every value it stores, whatever the
 * program says, and takes no transfer list.
 * @param {any} program
 */
export function withStorage(program) {
  return { ...withoutTransfer(program), forStorage: true };
}

/**
 * With every SharedArrayBuffer an ArrayBuffer (growable ones resizable):
 * for a host that has no SharedArrayBuffer at all (WebKitGTK's MiniBrowser,
 * though cross-origin isolated), where such a program could not even be
 * built. The program the target ran says so, as every reshaped program does.
 * @param {any} program
 */
export function unshared(program) {
  if (!(program.objects ?? []).some((node) => node.kind === 'arraybuffer' && node.shared === true)) return program;
  const objects = program.objects.map((node) => {
    if (node.kind !== 'arraybuffer' || node.shared !== true) return node;
    const { shared, ...rest } = node;
    return rest;
  });
  return { ...program, objects };
}
