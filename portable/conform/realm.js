// One test file on the real testharness.js, in the global it runs in (a
// "shell" global: a Node, Bun or Deno agent's main realm, or a worker
// thread of this Node): the WPT jsshell way. testharness.js, the file's
// `META: script=` includes and the file itself are run as classic scripts
// in this global, in that order, then testharness's completion callback
// gives the results. Portable: no host API is imported here (the host hands
// in the sources, how it runs a classic script, how uncaught errors reach
// it, and a heartbeat), so a browser page runs the same code
// (portable/hosts/page/agent.js).
//
// What a browser does for a test page, this does for a shell global:
//  - the scripts share one global scope: a top-level `const`, `let` or
//    `class` of an include is a binding the next script sees, as a page's
//    <script> elements share theirs (the host's runScript: a global script,
//    never an indirect eval, whose lexical declarations would vanish with it);
//  - `location` is the test's URL, its variant's query in location.search
//    (the host sets it: a page's own, a shell's made up);
//  - a script that throws, or does not parse, is an uncaught error: the
//    harness status is ERROR with its message (testharness listens for
//    'error' and 'unhandledrejection' through addEventListener, which Node
//    has no global of; the host routes its own uncaught events there);
//  - a file whose tests do not finish in `timeoutMs` is ended by
//    testharness's own timeout(): unfinished tests are TIMEOUT, the
//    harness status TIMEOUT (a shell has no harness timeout of its own,
//    so testharness waits for this one).

/** testharness.js's status numbers, by name (Test.statuses and TestsStatus.statuses). */
const SUBTEST_STATUS = ['PASS', 'FAIL', 'TIMEOUT', 'NOTRUN', 'PRECONDITION_FAILED'];
const HARNESS_STATUS = ['OK', 'ERROR', 'TIMEOUT', 'PRECONDITION_FAILED'];

/** Characters of a stack kept per result: enough for the frames in the test file. */
const STACK_CHARACTERS = 1200;

/**
 * @typedef {object} Source
 * @property {string} name  what stack traces call it (a path, or a WPT URL path)
 * @property {string} text
 */

/**
 * @typedef {object} SubtestResult
 * @property {string} name
 * @property {'PASS' | 'FAIL' | 'TIMEOUT' | 'NOTRUN' | 'PRECONDITION_FAILED'} status
 * @property {string | null} message
 * @property {string | null} [stack]
 */

/**
 * @typedef {object} WindowGaps  what a window gives a test that this global, though it seems to, does not
 * @property {boolean} inertPostMessage  the global has a postMessage that does nothing: it never reads the
 *   message (Bun's main thread), so a test of postMessage's serialization measures no structured clone here
 * @property {string[]} documentReaders  the subtests whose own function names `document`, which this global
 *   lacks: a try/catch around it can hide the ReferenceError, leaving a failure that says nothing of it
 */

/**
 * @typedef {object} FileResult  what testharness said of one file
 * @property {'OK' | 'ERROR' | 'TIMEOUT' | 'PRECONDITION_FAILED'} status  the harness status
 * @property {string | null} message
 * @property {string | null} [stack]
 * @property {SubtestResult[]} subtests
 * @property {WindowGaps} [gaps]  for not-applicable.js
 */

/**
 * @typedef {object} RealmHost  what the global's host provides
 * @property {(onError: (error: unknown) => void, onRejection: (reason: unknown) => void) => void} routeUncaught
 *   makes the host's uncaught exceptions and unhandled rejections call these
 * @property {(index: number) => void} beat  a subtest has a result (the pool's watchdog hears it)
 * @property {() => void} [scriptsDone]  every script has run: a page fires its load event here
 *   (testharness in a window completes only after it)
 * @property {(url: string) => void} locate  makes the global's `location` the test's URL (a path and
 *   its variant's query): a test reads its variant from location.search, as in WPT
 * @property {(source: Source) => void} runScript  runs a classic script in this global as a page runs
 *   its <script> elements, one global scope for all; throws what the script throws (or its SyntaxError)
 */

/** @param {unknown} stack */
const shortStack = (stack) => (typeof stack === 'string' ? stack.slice(0, STACK_CHARACTERS) : null);

/**
 * Whether the global's postMessage does nothing: a message whose getter
 * throws comes back without the throw, where any structured serialization
 * (a window's, a worker's) would have read it. Nothing is posted either way.
 * The options form fits both a window's and a worker's postMessage.
 * @param {any} scope
 */
function postMessageIsInert(scope) {
  if (typeof scope.postMessage !== 'function') return false;
  try {
    scope.postMessage({ get probe() { throw new Error('read'); } }, { targetOrigin: '*' });
  } catch {
    return false;
  }
  return true;
}

/**
 * Records which subtests' own functions name `document` when this global has
 * none, by wrapping testharness's test functions (the file calls the globals).
 * @param {any} scope
 * @returns {string[]} filled as the file defines its subtests
 */
function recordDocumentReaders(scope) {
  /** @type {string[]} */
  const readers = [];
  if (typeof scope.document !== 'undefined') return readers;
  for (const name of ['test', 'async_test', 'promise_test']) {
    const define = scope[name];
    scope[name] = function (/** @type {unknown} */ body, /** @type {unknown} */ testName, /** @type {unknown[]} */ ...rest) {
      if (typeof body === 'function' && typeof testName === 'string' && /\bdocument\b/.test(String(body))) readers.push(testName);
      return define.call(this, body, testName, ...rest);
    };
  }
  return readers;
}

/**
 * Runs one test file here and settles with its results.
 * @param {{harness: Source, scripts: Source[], test: Source, url: string, timeoutMs: number}} file
 * @param {RealmHost} host
 * @returns {Promise<FileResult>}
 */
export function runTestFile({ harness, scripts, test, url, timeoutMs }, host) {
  const scope = /** @type {any} */ (globalThis);
  host.locate(url);
  // testharness.js ends `})(self)`: Node has no `self`, Bun and Deno do.
  if (scope.self === undefined) scope.self = globalThis;
  // Probed before any test script can change the global.
  const inertPostMessage = postMessageIsInert(scope);
  // testharness.js registers its error handlers with a global
  // addEventListener while it loads: it gets this one, whatever the global
  // has (Deno's would also end the process on an uncaught error).
  /** @type {Record<string, ((event: object) => void)[]>} */
  const listeners = { error: [], unhandledrejection: [] };
  const hadListener = Object.hasOwn(scope, 'addEventListener');
  const nativeListener = scope.addEventListener;
  // Other events (a window's load and message) go to the global's own listeners, where it has them.
  scope.addEventListener = (/** @type {string} */ type, /** @type {(event: object) => void} */ listener, /** @type {unknown[]} */ ...rest) => {
    if (Object.hasOwn(listeners, type)) listeners[type].push(listener);
    else nativeListener?.call(scope, type, listener, ...rest);
  };
  try {
    host.runScript(harness);
  } finally {
    if (hadListener) scope.addEventListener = nativeListener;
    else delete scope.addEventListener;
  }
  const { add_completion_callback: onCompletion, add_result_callback: onResult, timeout: harnessTimeout } = scope;
  const uncaught = (/** @type {unknown} */ error) => {
    for (const listener of listeners.error) listener({ message: `Uncaught ${describe(error)}`, error });
  };
  const unhandled = (/** @type {unknown} */ reason) => {
    for (const listener of listeners.unhandledrejection) listener({ reason });
  };
  host.routeUncaught(uncaught, unhandled);
  const documentReaders = recordDocumentReaders(scope);

  return new Promise((resolve) => {
    const timer = setTimeout(() => harnessTimeout(), timeoutMs);
    let results = 0;
    onResult(() => host.beat(++results));
    onCompletion((/** @type {any[]} */ tests, /** @type {any} */ status) => {
      clearTimeout(timer);
      resolve({
        status: /** @type {FileResult['status']} */ (HARNESS_STATUS[status.status]),
        message: status.message ?? null,
        stack: shortStack(status.stack),
        subtests: tests.map((t) => ({
          name: String(t.name),
          status: /** @type {SubtestResult['status']} */ (SUBTEST_STATUS[t.status]),
          message: t.message ?? null,
          stack: t.status === 1 ? shortStack(t.stack) : null,
        })),
        gaps: { inertPostMessage, documentReaders },
      });
    });
    // A script that throws or does not parse is an uncaught error, as in a
    // page; the scripts after it still run, as the page's next <script> would.
    for (const source of [...scripts, test]) {
      try {
        host.runScript(source);
      } catch (error) {
        uncaught(error);
      }
    }
    host.scriptsDone?.();
  });
}

/**
 * An error as a page's error event words it: `TypeError: message`.
 * @param {unknown} error
 */
function describe(error) {
  try {
    return String(error);
  } catch {
    return Object.prototype.toString.call(error);
  }
}
