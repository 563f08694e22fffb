// The half of the target catalog that runs where a target runs: in a worker
// thread of this Node, in an agent of another runtime, or in a browser page
// (portable/hosts/page/), so it imports no host module. catalog.js (the
// half that resolves names, on the main thread) re-exports it.

import { settlingCloneFunction } from '../case/case.js';
import {
  asIs, inShell, inWindow, unshared, withStorage, withTransferList, withoutFileLists, withoutStorage, withoutTransfer,
} from './programs.js';

/**
 * A loaded channel module: a clone function that returns (or settles with)
 * the clone here, or one that delivers the value to receiving realms
 * elsewhere and takes the oracle there too (`worker`, `broadcast`, `iframe`).
 * Those realms are workers (or a frame), started by `start()` before the first case.
 * A clone function's module may also export `unexpected(differences,
 * expected, actual, program)`: the differences its engine does not make on purpose
 * (quickjs-message.js: QuickJS-ng's expectations); judge.js drops the rest;
 * and `ready`, a promise that settles once it can clone (wire.js, where the
 * runtime gives its serializer only to a dynamic import): loadTarget, and a
 * repro, wait for it.
 * A clone function here with `repeats` (a user's `impl:` module) is called
 * once per delivery of a program delivered several times
 * (case.js `clonedDeliveriesAsync`); the built-in channels here clone once.
 * @typedef {{kind: 'here', clone: import('../case/case.js').SettlingCloneFunction, repeats: boolean, unexpected?: Unexpected}
 *   | {kind: 'elsewhere', start: (scriptURL?: string) => Promise<void>, stop: () => void, delivery: import('../case/case.js').Delivery,
 *      oracle: (program: any, coverage: Record<string, Record<string, number>> | undefined, transferArgument: import('./programs.js').TransferArgument, spec?: string) => Promise<any>}} LoadedTarget
 */

/**
 * @typedef {(differences: import('../../src/observe/diff.js').Difference[], expected: unknown, actual: unknown, program: unknown) =>
 *   import('../../src/observe/diff.js').Difference[]} Unexpected
 */

/** How each channel reshapes programs (programs.js), by the name a channel's descriptor gives. */
const BASE = { asIs, withStorage, withoutStorage, withTransferList, withoutTransfer };

/**
 * What a host cannot build, by the name a family's descriptor gives
 * (portable/families/, programs.js): a browser page's global is a Window,
 * one without SharedArrayBuffer (WebKitGTK) gets ArrayBuffers, a shell
 * (QuickJS-ng) has no Blob or File; `workers`: a browser's channels to
 * workers build there, where no FileList can be made.
 */
const LIMITS = { window: inWindow, unshared, workers: withoutFileLists, shell: inShell };

/**
 * How a target reshapes programs, as plain data (a TargetSpec goes to
 * workers, agents and pages): its channel's reshaping, then its host's
 * limits in order. catalog.js builds it.
 * @typedef {{base: keyof BASE, limits: (keyof LIMITS)[]}} Reshaping
 */

/**
 * @param {Reshaping} reshaping
 * @returns {(program: any) => any} the function that reshapes a program so
 */
export function reshaperOf({ base, limits }) {
  return (program) => limits.reduce((reshaped, limit) => LIMITS[limit](reshaped), BASE[base](program));
}

/** @param {Reshaping} reshaping @returns {string} its name, for keys and messages: `withoutStorage+window+unshared` */
export function reshapingName({ base, limits }) {
  return [base, ...limits].join('+');
}

/** Thrown for a target name or module the user must fix; the CLI prints it as one line and exits 2. */
export class TargetError extends Error {}

/**
 * Loads a target's channel module (in the thread, agent or page that runs it).
 * @param {{name: string, moduleURL: string, external: boolean}} spec a TargetSpec (catalog.js); `external`: the user's module
 * @returns {Promise<LoadedTarget>}
 * @throws {TargetError} when the module cannot be loaded or exports neither form
 */
export async function loadTarget(spec) {
  let module;
  try {
    module = await import(spec.moduleURL);
  } catch (error) {
    const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
    const fix = spec.external ? 'fix the module' : 'run npm ci in the clonecheck directory';
    throw new TargetError(`${spec.name}: cannot load ${spec.moduleURL}: ${why}; ${fix}`);
  }
  if (typeof module.send === 'function') {
    const { start, stop, prepare, send, sent, landed, oracle } = module;
    return { kind: 'elsewhere', start, stop, delivery: { prepare, send, sent, landed }, oracle };
  }
  if (typeof module.default !== 'function') {
    throw new TargetError(`${spec.name}: ${spec.moduleURL} has no default export function; export default (value, options) => clone`);
  }
  await module.ready;
  // A user's module honours `deliveries`: the same module called again on related values is where its caches go wrong.
  const loaded = { kind: /** @type {'here'} */ ('here'), clone: settlingCloneFunction(module), repeats: spec.external === true };
  return typeof module.unexpected === 'function' ? { ...loaded, unexpected: module.unexpected } : loaded;
}
