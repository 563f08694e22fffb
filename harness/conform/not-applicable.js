// What a target cannot run is not applicable there, not a failure: a file
// variant whose channel the target lacks, a decoding test on a module target
// (it replaces structuredClone only: the TextDecoder of its global is this
// Node's, which the target `node` tests), a file whose `META: script=`
// includes do not resolve, a file whose `META: spec=` profiles are not the
// run's (its assertions hold under those only), and a subtest or a whole file
// that stopped on a global this runtime does not define (`ImageData is not
// defined`), or that testharness itself calls PRECONDITION_FAILED (an
// optional feature the test says is missing). Upstream WPT files use whatever
// a browser has, so any global counts there; clonecheck's own suite only the
// platform interfaces some hosts lack (QuickJS-ng has no MessageChannel), so
// that a typo in a test is still a failure. Two gaps of a shell global give
// no missing-global message, so the realm reports them (realm.js,
// WindowGaps): a postMessage that does nothing (Bun's main thread: a test
// of its serialization fails without any structured clone having run), and
// `document` read inside a try/catch that hides the ReferenceError (a failing
// subtest whose own function names `document`, in a global that has none).

import { PLATFORM_GLOBALS } from '../../src/program/kinds/index.js';
import { INTERFACE_NAMES } from '../../src/webidl/interfaces.js';

/**
 * How V8 and JSC word a reference to a global that does not exist, alone
 * (an assertion's message) or quoted (a promise_test's rejection), and a
 * call of a window's method the global lacks (`self.postMessage(message,
 * targetOrigin, transfer)` of upstream window tests).
 */
const MISSING_GLOBAL = /(?:^|ReferenceError: )(\w+) is not defined|Can't find variable: (\w+)|\b(?:self|window)\.(\w+) is not a function/;

/** A call of the global's own postMessage, as an assertion quotes the function it ran (not `port.postMessage(`). */
const GLOBAL_POST_MESSAGE_CALL = /(?:^|[^.\w$])(?:(?:self|window|globalThis)\.)?postMessage\(/;

/**
 * Why a file variant cannot run on a target at all, before it runs.
 * @param {import('./files.js').TestFile} file
 * @param {import('./targets.js').ConformTarget} target
 * @param {string | undefined} channel
 * @returns {string | undefined} the reason, or undefined when it can run
 */
export function notApplicableIn(file, target, channel) {
  if (file.unresolved.length > 0) return `META: script=${file.unresolved[0]} does not resolve under ${file.root}`;
  if (file.decoding && target.cloneModuleURL !== undefined) {
    return `a test of the host's decoders: ${target.name} is a structuredClone, not a decoder (its global's are its host's; conform the runtime)`;
  }
  if (file.specs !== undefined && !file.specs.includes(target.profile)) return `asserts --spec ${file.specs.join(' or ')}; this run follows ${target.profile}`;
  if (channel !== undefined && !target.channels.includes(channel)) return `${target.name} has no '${channel}' channel (only ${target.channels.join(', ')})`;
  return undefined;
}

/**
 * The globals clonecheck's own suite may meet missing: platform interfaces
 * (the WebIDL table's), what makes them (the program kinds'), and `crypto`,
 * which makes CryptoKeys; not the language's.
 */
export const OPTIONAL_GLOBALS = [...new Set([...INTERFACE_NAMES, ...PLATFORM_GLOBALS, 'crypto'])];

/**
 * @param {string | null} message
 * @returns {string | undefined} the global a message says is missing
 */
function missingGlobal(message) {
  const match = MISSING_GLOBAL.exec(message ?? '');
  return match === null ? undefined : match[1] ?? match[2] ?? match[3];
}

/**
 * A file's results with what stopped on a missing global, or on a
 * precondition, marked not applicable; likewise a subtest that met one of
 * the global's gaps (realm.js), where any global may be missing.
 * @param {Omit<import('./run.js').FileOutcome, 'suite' | 'id' | 'channel' | 'durationMs'> & {gaps?: import('../../portable/conform/realm.js').WindowGaps}} result
 * @param {string[]} [only]  the globals that may be missing (default: any)
 */
export function lacksGlobals({ gaps, ...result }, only = undefined) {
  const may = (/** @type {string} */ name) => only === undefined || only.includes(name);
  const why = (/** @type {string | null} */ message, /** @type {string} */ status) => {
    if (status === 'PRECONDITION_FAILED') return `precondition failed: ${message ?? 'an optional feature is missing'}`;
    const name = missingGlobal(message);
    return name === undefined || !may(name) ? undefined : `this global has no ${name}`;
  };
  const gap = (/** @type {string} */ name, /** @type {string | null} */ message) => {
    if (gaps?.documentReaders.includes(name) && may('document')) return 'this global has no document (the test reads it where a try/catch hides the ReferenceError)';
    if (gaps?.inertPostMessage && may('postMessage') && GLOBAL_POST_MESSAGE_CALL.test(message ?? '')) {
      return "this global's postMessage does nothing (it never read the message): no structured clone ran to judge";
    }
    return undefined;
  };
  const fileReason = why(result.message, result.status);
  if (fileReason !== undefined) return { ...result, status: /** @type {const} */ ('N/A'), message: fileReason };
  return {
    ...result,
    subtests: result.subtests.map((subtest) => {
      const reason = subtest.status === 'PASS' ? undefined : why(subtest.message, subtest.status) ?? gap(subtest.name, subtest.message);
      return reason === undefined ? subtest : { name: subtest.name, status: /** @type {const} */ ('N/A'), message: reason };
    }),
  };
}
