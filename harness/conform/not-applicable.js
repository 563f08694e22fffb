// What a target cannot run is not applicable there, not a failure: a file
// variant whose channel the target lacks, a decoding test on a module target
// (it replaces structuredClone only: the TextDecoder of its global is this
// Node's, which the target `node` tests), a file whose `META: script=`
// includes do not resolve, a file whose `META: spec=` profiles are not the
// run's (its assertions hold under those only), a file that asked the page
// server for a resource it does not have (a browser: a WPT server's handler,
// answered 404, whose empty answer the test would judge), and a subtest or a
// whole file that stopped on a platform global this runtime does not define
// (`ImageData is not defined`), or that testharness itself calls
// PRECONDITION_FAILED (an optional feature the test's own feature detection
// says is missing).
//
// A missing global is a name the message says is not defined that is a
// platform global, never any name: a ReferenceError for a name that is none
// (a typo, or an include's binding a runner failed to share) is the test's
// error, a failure. Upstream WPT files use whatever a browser has, so there
// the platform globals are every name a browser's window or worker global
// has that the language does not give (web-globals.json, measured in the
// three browsers by test/measure/web-globals.js); clonecheck's own suite
// uses only the platform interfaces some hosts lack (QuickJS-ng has no
// MessageChannel), so only those count there. Two gaps of a shell global
// give no missing-global message, so the realm reports them (realm.js,
// WindowGaps): a postMessage that does nothing (Bun's main thread: a test
// of its serialization fails without any structured clone having run), and
// `document` read inside a try/catch that hides the ReferenceError (a failing
// subtest whose own function names `document`, in a global that has none).

import { readFileSync } from 'node:fs';
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
 * The globals an upstream WPT file may meet missing: the names a window's or
 * a worker's global has in Chromium, Firefox or WebKit and a bare realm of
 * the language has not (web-globals.json says when and where it was measured).
 */
export const WEB_PLATFORM_GLOBALS = /** @type {string[]} */ (JSON.parse(readFileSync(new URL('./web-globals.json', import.meta.url), 'utf8')).names);

/**
 * @param {string | null} message
 * @returns {string | undefined} the global a message says is missing
 */
function missingGlobal(message) {
  const match = MISSING_GLOBAL.exec(message ?? '');
  return match === null ? undefined : match[1] ?? match[2] ?? match[3];
}

/** How many of the refused resources a reason names. */
const NAMED_RESOURCES = 3;

/**
 * A file whose test asked the page server for resources it does not have
 * (portable/conform/tasks.js), not applicable, every subtest with it: what
 * they judged was an empty 404 answer, however they ended. Undefined for a
 * file that was refused nothing.
 * @param {Omit<import('./run.js').FileOutcome, 'suite' | 'id' | 'channel' | 'durationMs'>} result
 * @param {string[] | undefined} notServed
 */
export function resourcesNotServed(result, notServed) {
  if (notServed === undefined || notServed.length === 0) return undefined;
  const named = notServed.slice(0, NAMED_RESOURCES).join(', ');
  const more = notServed.length > NAMED_RESOURCES ? ` and ${notServed.length - NAMED_RESOURCES} more` : '';
  const message = `the page server has no ${named}${more} (404: it is no WPT server), which the test asked for: its results would judge an empty answer`;
  return {
    ...result, status: /** @type {const} */ ('N/A'), message,
    subtests: result.subtests.map((subtest) => ({
      name: subtest.name, status: /** @type {const} */ ('N/A'), message: `the page server had no resource the test asked for (testharness said ${subtest.status})`,
    })),
  };
}

/**
 * A file's results with what stopped on a missing global, or on a
 * precondition, marked not applicable; likewise a subtest that met one of
 * the global's gaps (realm.js).
 * @param {Omit<import('./run.js').FileOutcome, 'suite' | 'id' | 'channel' | 'durationMs'> & {gaps?: import('../../portable/conform/realm.js').WindowGaps}} result
 * @param {string[]} only  the globals that may be missing: WEB_PLATFORM_GLOBALS for upstream files, OPTIONAL_GLOBALS for clonecheck's
 */
export function lacksGlobals({ gaps, ...result }, only) {
  const may = (/** @type {string} */ name) => only.includes(name);
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
