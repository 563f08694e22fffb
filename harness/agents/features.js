// What clonecheck needs of a runtime beyond running JavaScript modules and
// reading its standard input (probe.js checks that too): each feature with
// how to tell it is there, and what a target whose runtime lacks it is told
// (catalog.js: "not available on bun 1.0.0: ..."). Checked inside the
// runtime (probe.js), or in this process for the Node running clonecheck.
// Written for any version: it must say what is missing, never fail for it.

/** @type {Record<string, {has: () => boolean, lacking: string}>} */
export const FEATURES = {
  structuredClone: { has: () => typeof globalThis.structuredClone === 'function', lacking: 'it has no structuredClone' },
  MessageChannel: { has: () => typeof globalThis.MessageChannel === 'function', lacking: 'it has no MessageChannel' },
  Worker: { has: () => typeof globalThis.Worker === 'function', lacking: 'it has no web Worker' },
  BroadcastChannel: { has: () => typeof globalThis.BroadcastChannel === 'function', lacking: 'it has no BroadcastChannel' },
  getBuiltinModule: {
    has: () => typeof globalThis.process?.getBuiltinModule === 'function',
    lacking: 'it has no process.getBuiltinModule (Node 20.16 and 22.3 added it), by which the worker channels reach node:worker_threads',
  },
  resizableArrayBuffer: {
    has: () => typeof ArrayBuffer.prototype.resize === 'function',
    lacking: "it has no resizable ArrayBuffer (ES2024), which clonecheck's reference engine needs (it runs there too, as the oracle)",
  },
};

/**
 * Which features the runtime running this has.
 * @returns {Record<string, boolean>}
 */
export function featuresHere() {
  /** @type {Record<string, boolean>} */
  const found = {};
  for (const [name, { has }] of Object.entries(FEATURES)) {
    try {
      found[name] = has();
    } catch {
      found[name] = false;
    }
  }
  return found;
}
