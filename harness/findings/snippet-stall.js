// The snippet of a crash or a hang (a replay whose verdict is `crash` or
// `timeout`), or of a lost message (a deviation whose value never came: a
// MessageLost, portable/targets/receivers/messages.js): the value, the clone
// through the target's channel, a second message after it (the fence), and
// one line that says whether the clone ended, its message arrived or
// postMessage threw (PASS), or not: the fence came first, nothing arrived
// within 5 s, or the receiving worker died (FAIL). A runtime that dies
// prints nothing after the first line; its own error, on stderr, is what
// the report shows.
//
// The reference's snippet clones in the snippet's realm and ends (or
// throws) at once: PASS.

import { deliveriesOf } from '../../portable/case/case.js';
import { transferArgument } from '../../portable/targets/programs.js';
import { emitPlain } from '../../src/program/index.js';
import { BUILT_INS_THE_SNIPPET_CALLS, MAX_VALUE_LINES, channelOf, lines, referenceChannel, snippetFor, transferOf } from './snippet.js';
import { lostMessage } from './snippet-check.js';
import { visibleSource } from './visible-source.js';

/** How long a snippet waits for its message before it says none arrived (a worker takes a second or more to start on a loaded machine). */
const WAIT_MS = 5000;

/** What the snippet prints: what it compares, then each ending. */
const LABEL = 'whether the clone ends';
const ENDINGS = {
  ended: 'its message arrived, or it threw',
  lost: 'a message posted after it arrived first',
  none: `nothing arrived within ${WAIT_MS / 1000} s`,
  workerDied: 'the receiving worker died',
  // Nothing is printed: the runtime is gone.
  runtimeDied: null,
};

/** The message posted after the value: the receiver that gets it first says the value's message was lost. */
const FENCE = 'clonecheck: the message after the value';

/**
 * @param {{program: any, target: import('../targets/catalog.js').TargetSpec, verdict: 'crash' | 'timeout' | 'lost', detail: string}} stall
 *   the replay's verdict and its detail (replay.js: `a receiving worker died: …` for a worker of the target's); 'lost'
 *   for a deviation whose message never came
 * @param {{reference?: boolean}} [options]  `reference`: the clone is the reference's spec path
 * @returns {import('./snippet.js').Snippet | {reason: string}}  its check's `actual` is `null` where the runtime dies
 *   (snippetOutput: it prints the first line only)
 */
export function stallSnippetFor({ program, target, verdict, detail }, { reference = false } = {}) {
  const targetChannel = channelOf(target);
  if (typeof targetChannel === 'string') return { reason: targetChannel };
  const refused = targetChannel.refuses?.(program);
  if (refused !== undefined) return { reason: refused };
  if (targetChannel.broadcast) return { reason: 'the value lands in three workers; repro.mjs starts itself as the receiving realms' };
  if (deliveriesOf(program) > 1) return { reason: `the value is sent ${deliveriesOf(program)} times; repro.mjs sends it so` };
  const steps = [...(program.sender ?? []), ...(program.receiver ?? [])];
  const replaced = steps.find((step) => BUILT_INS_THE_SNIPPET_CALLS.includes(step.on));
  if (replaced !== undefined) return { reason: `the program changes ${replaced.on}, which the snippet itself calls` };
  const plain = emitPlain(program);
  const valueLines = lines(plain.value).length + lines(plain.receiver).length;
  if (valueLines > MAX_VALUE_LINES) return { reason: `making the value takes ${valueLines} statements` };
  const ending = verdict === 'lost' ? ENDINGS.lost : verdict === 'timeout' ? ENDINGS.none
    : /^a receiving worker died/.test(detail) ? ENDINGS.workerDied : ENDINGS.runtimeDied;
  const channel = reference ? referenceChannel(false, transferArgument(target), targetChannel) : targetChannel;
  const call = channel.call(transferOf(program, target));
  const receiver = plain.receiver === '' ? [] : ['// the receiving realm', plain.receiver.trimEnd()];
  const value = plain.value.trimEnd();
  const body = channel.worker !== undefined ? inWorker(channel.worker, value, receiver, call)
    : channel.messageChannel ? [value, ...receiver, ...onPort(call)]
      : [value, ...receiver, 'try {', `  ${call};`, '} catch {}', `report(${JSON.stringify(ENDINGS.ended)});`];
  const source = [
    `// ${target.name}: ${target.description}`, ...channel.imports, '',
    `console.log(${JSON.stringify(LABEL)});`,
    ...reportLines(channel.worker !== undefined ? ['worker.terminate();'] : channel.messageChannel ? ['port1.close();'] : []),
    ...body, '',
  ].join('\n');
  return { source: visibleSource(source), check: { subject: 'arrival', expression: LABEL, expected: JSON.stringify(ENDINGS.ended), actual: JSON.stringify(ending), path: '$', reads: [], delivery: 1 } };
}

/**
 * The snippet of a deviation: its one comparison (snippet.js), or, where the
 * value's message never came (a MessageLost), whether it arrives.
 * @param {Parameters<typeof snippetFor>[0]} finding
 * @param {{reference?: boolean}} [options]
 * @returns {ReturnType<typeof snippetFor>}
 */
export function deviationSnippetFor(finding, options) {
  if (!lostMessage(finding.actual)) return snippetFor(finding, options);
  return stallSnippetFor({ program: finding.program, target: finding.target, verdict: 'lost', detail: '' }, options);
}

/**
 * `report(actual)`: prints the verdict once, and lets the runtime exit.
 * @param {string[]} close  what keeps the runtime alive
 * @returns {string[]}
 */
function reportLines(close) {
  return [
    'let timer;',
    'let reported = false;',
    'const report = (actual) => {',
    '  if (reported) return;',
    '  reported = true;',
    // A synchronous clone sets no timer: QuickJS-ng's qjs has no global clearTimeout to call.
    '  if (timer !== undefined) clearTimeout(timer);',
    ...close.map((line) => `  ${line}`),
    `  const expected = ${JSON.stringify(ENDINGS.ended)};`,
    "  console.log(Object.is(actual, expected) ? 'PASS' : 'FAIL', 'expected', expected, 'actual', actual);",
    '};',
  ];
}

/** @param {string} call @returns {string[]} the post on a MessageChannel, the fence after it, and which arrives first */
function onPort(call) {
  return [
    'const { port1, port2 } = new MessageChannel();',
    `timer = setTimeout(() => report(${JSON.stringify(ENDINGS.none)}), ${WAIT_MS});`,
    `port2.onmessage = (event) => report(event.data === ${JSON.stringify(FENCE)} ? ${JSON.stringify(ENDINGS.lost)} : ${JSON.stringify(ENDINGS.ended)});`,
    `port2.onmessageerror = () => report(${JSON.stringify(ENDINGS.ended)});`,
    'try {',
    `  ${call};`,
    `  port1.postMessage(${JSON.stringify(FENCE)});`,
    '} catch {',
    `  report(${JSON.stringify(ENDINGS.ended)});`,
    '}',
  ];
}

/**
 * The worker sets up its realm, then answers which message arrived first: the value (or a messageerror in its
 * place), or the fence posted after it.
 * @param {'web' | 'node'} kind
 * @param {string} value
 * @param {string[]} receiver
 * @param {string} call
 * @returns {string[]}
 */
function inWorker(kind, value, receiver, call) {
  const indent = (/** @type {string[]} */ text) => text.join('\n').split('\n').map((line) => `  ${line}`);
  const first = (/** @type {string} */ data) => `${data} === ${JSON.stringify(FENCE)} ? 'lost' : 'arrived'`;
  const answer = kind === 'node'
    ? ["const { parentPort } = require('node:worker_threads');", `parentPort.once('message', (data) => parentPort.postMessage(${first('data')}));`]
    : [`self.onmessage = (event) => self.postMessage(${first('event.data')});`, "self.onmessageerror = () => self.postMessage('arrived');"];
  const start = kind === 'node' ? 'const worker = new Worker(`(${receive})();`, { eval: true });'
    : "const worker = new Worker(URL.createObjectURL(new Blob([`(${receive})();`], { type: 'text/javascript' })), { type: 'module' });";
  const [onMessage, onError] = kind === 'node' ? ["worker.on('message', ", "worker.on('error', "] : ['worker.addEventListener(\'message\', ', 'worker.addEventListener(\'error\', '];
  const said = kind === 'node' ? '(answer)' : '({ data: answer })';
  return [
    'function receive() {',
    ...indent([...receiver, ...answer]),
    '}',
    start,
    `${onMessage}${said} => report(answer === 'lost' ? ${JSON.stringify(ENDINGS.lost)} : ${JSON.stringify(ENDINGS.ended)}));`,
    `${onError}() => report(${JSON.stringify(ENDINGS.workerDied)}));`,
    `timer = setTimeout(() => report(${JSON.stringify(ENDINGS.none)}), ${WAIT_MS});`,
    value,
    'try {',
    `  ${call};`,
    `  worker.postMessage(${JSON.stringify(FENCE)});`,
    '} catch {',
    `  report(${JSON.stringify(ENDINGS.ended)});`,
    '}',
  ];
}
