// What a target cannot run is not applicable there, not a failure: a file
// variant whose channel the target lacks, a file whose `META: script=`
// includes do not resolve, a file whose `META: spec=` profiles are not the
// run's (its assertions hold under those only), and a subtest or a whole file
// that stopped on a global this runtime does not define (`ImageData is not
// defined`), or that testharness itself calls PRECONDITION_FAILED (an
// optional feature the test says is missing). Upstream WPT files use whatever
// a browser has, so any global counts there; clonecheck's own suite only the
// platform interfaces some hosts lack (QuickJS-ng has no MessageChannel), so
// that a typo in a test is still a failure.

/**
 * How V8 and JSC word a reference to a global that does not exist, alone
 * (an assertion's message) or quoted (a promise_test's rejection), and a
 * call of a window's method the global lacks (`self.postMessage(message,
 * targetOrigin, transfer)` of upstream window tests).
 */
const MISSING_GLOBAL = /(?:^|ReferenceError: )(\w+) is not defined|Can't find variable: (\w+)|\b(?:self|window)\.(\w+) is not a function/;

/**
 * Why a file variant cannot run on a target at all, before it runs.
 * @param {import('./files.js').TestFile} file
 * @param {import('./targets.js').ConformTarget} target
 * @param {string | undefined} channel
 * @returns {string | undefined} the reason, or undefined when it can run
 */
export function notApplicableIn(file, target, channel) {
  if (file.unresolved.length > 0) return `META: script=${file.unresolved[0]} does not resolve under ${file.root}`;
  if (file.specs !== undefined && !file.specs.includes(target.profile)) return `asserts --spec ${file.specs.join(' or ')}; this run follows ${target.profile}`;
  if (channel !== undefined && !target.channels.includes(channel)) return `${target.name} has no '${channel}' channel (only ${target.channels.join(', ')})`;
  return undefined;
}

/** The globals clonecheck's own suite may meet missing: platform interfaces, not the language's. */
export const OPTIONAL_GLOBALS = ['MessageChannel', 'MessagePort', 'OffscreenCanvas', 'ImageBitmap', 'Blob', 'File', 'DOMException',
  'ReadableStream', 'WritableStream', 'TransformStream',
  'DataTransfer', 'FileList', 'CryptoKey', 'crypto'];

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
 * precondition, marked not applicable.
 * @param {Omit<import('./run.js').FileOutcome, 'suite' | 'id' | 'channel' | 'durationMs'>} result
 * @param {string[]} [only]  the globals that may be missing (default: any)
 */
export function lacksGlobals(result, only = undefined) {
  const why = (/** @type {string | null} */ message, /** @type {string} */ status) => {
    if (status === 'PRECONDITION_FAILED') return `precondition failed: ${message ?? 'an optional feature is missing'}`;
    const name = missingGlobal(message);
    return name === undefined || (only !== undefined && !only.includes(name)) ? undefined : `this global has no ${name}`;
  };
  const fileReason = why(result.message, result.status);
  if (fileReason !== undefined) return { ...result, status: /** @type {const} */ ('N/A'), message: fileReason };
  return {
    ...result,
    subtests: result.subtests.map((subtest) => {
      const reason = subtest.status === 'PASS' ? undefined : why(subtest.message, subtest.status);
      return reason === undefined ? subtest : { name: subtest.name, status: /** @type {const} */ ('N/A'), message: reason };
    }),
  };
}
