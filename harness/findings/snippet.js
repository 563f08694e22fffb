// The snippet a finding's report leads with: a dozen lines of plain
// JavaScript to paste into an engine's bug tracker. The statements that make
// the value (emitPlain, the same plan `build` and `emit` follow), the
// receiving realm's set-up, the clone through the target's channel, and the
// one comparison that fails (snippet-check.js), printing PASS or FAIL with
// the expected and the actual value. No clonecheck code runs in it.
//
// When that cannot be said honestly in a few lines (the value lands in
// three workers, the calls of the program's accessors happen in a worker,
// the program replaces built-ins the snippet calls, the program is long),
// there is no snippet but a reason, and the report points to repro.mjs.

import { fileURLToPath } from 'node:url';
import { emitPlain, isTransferOption, transferIds } from '../../src/program/index.js';
import { deliveriesOf } from '../../portable/case/case.js';
import { familyNamed } from '../../portable/families/index.js';
import { channelOfTarget } from '../../portable/targets/channels/index.js';
import { moduleTargetNamed } from '../targets/modules/index.js';
import { hasTransferList, transferArgument } from '../../portable/targets/programs.js';
import { chooseCheck } from './snippet-check.js';
import { visibleSource } from './visible-source.js';

/** More lines than this to make the value is no longer a snippet. */
export const MAX_VALUE_LINES = 30;

/** The prototypes whose indices Node's own code meets (every array inherits from both). */
const INDEXED_PROTOTYPES = ['Array.prototype', 'Object.prototype'];

/** Realm steps on these replace what the snippet itself calls (Object.defineProperty, Object.is, …); on globalThis, see globalsCalled. */
export const BUILT_INS_THE_SNIPPET_CALLS = ['Object', 'Function.prototype'];

/** Where the reference's snippet imports it from: the package (it names itself), or for a runtime that resolves no package name its file here. */
const REFERENCE_MODULES = { package: 'clonecheck', path: fileURLToPath(new URL('../../src/index.js', import.meta.url)) };

/** @typedef {import('../../portable/targets/channels/index.js').SnippetChannel} Channel  how the snippet clones `value` */

/**
 * What the target's descriptor says the snippet calls: a user's module, a
 * module target's (harness/targets/modules/), or its channel's in its
 * runtime's family (portable/targets/channels/, portable/families/).
 * @param {import('../targets/catalog.js').TargetSpec} target
 * @returns {Channel | string} the channel, or why the snippet cannot show it
 */
export function channelOf(target) {
  if (target.external) {
    return {
      imports: [`import implClone from ${JSON.stringify(fileURLToPath(target.moduleURL))};`],
      call: ({ option }) => `implClone(value, { ${option || 'transfer: []'} })`,
      mayBeAsync: true,
    };
  }
  const moduleTarget = moduleTargetNamed(target.name);
  if (moduleTarget !== undefined) return 'reference' in moduleTarget.snippet ? referenceChannel(moduleTarget.snippet.reference.tiers, 'sequence') : moduleTarget.snippet;
  const family = familyNamed(target.runtime?.family);
  const snippet = /** @type {import('../../portable/targets/channels/index.js').Channel} */ (channelOfTarget(target.name)).snippet;
  // A channel with no snippet is a shell's (QuickJS-ng's `ref`: the reference inside clonecheck's agent): its family says why.
  return snippet === null ? family?.standalone ?? `${target.name} has no snippet` : snippet(family);
}

/**
 * The reference as the snippet's clone, taking the transfer list the way the
 * target's channel does (case.js transferOptions): a port's or a worker's
 * postMessage resolves its overload first, so an array without
 * Symbol.iterator is an options dictionary there, not a list to iterate.
 * @param {boolean} tiers
 * @param {import('../../portable/targets/programs.js').TransferArgument} argument  the target channel's
 * @param {Channel} [target]  the target's channel (`referenceByPath`: the reference is imported from its file)
 * @returns {Channel}
 */
export function referenceChannel(tiers, argument, target) {
  const from = `'${target?.referenceByPath ? REFERENCE_MODULES.path : REFERENCE_MODULES.package}'`;
  if (argument === 'overloaded') {
    return {
      imports: [`import { structuredClone as referenceClone, postMessageTransferList } from ${from};`],
      call: ({ list }) => `referenceClone(value, { tiers: ${tiers}, transferList: postMessageTransferList(${list || 'undefined'}) })`,
    };
  }
  return {
    imports: [`import { structuredClone as referenceClone } from ${from};`],
    call: ({ option }) => `referenceClone(value, { tiers: ${tiers}${option ? `, ${option}` : ''} })`,
  };
}

/**
 * @typedef {object} Snippet
 * @property {string} source  the snippet: an ES module for node, bun, deno or (a `quickjs:message` finding's) QuickJS-ng's qjs
 * @property {import('./snippet-check.js').Check} check  the comparison it prints
 */

/**
 * @param {{program: any, target: import('../targets/catalog.js').TargetSpec,
 *   differences: import('../../src/observe/diff.js').Difference[], expected: any, actual: any}} finding a deviation
 * @param {{reference?: boolean}} [options]  `reference`: the same snippet with the reference's spec path
 *   cloning as the fuzzer's oracle did for this target; it prints PASS (the tests run both)
 * @returns {Snippet | {reason: string}}
 */
export function snippetFor({ program, target, differences, expected, actual }, { reference = false } = {}) {
  const targetChannel = channelOf(target);
  if (typeof targetChannel === 'string') return { reason: targetChannel };
  const refused = targetChannel.refuses?.(program);
  if (refused !== undefined) return { reason: refused };
  const channel = reference ? referenceChannel(false, transferArgument(target), targetChannel) : targetChannel;
  const chosen = chooseCheck(differences, expected, actual);
  if ('reason' in chosen) return { reason: `no difference is one comparison; the first: ${chosen.reason}` };
  const { check } = chosen;
  // A value sent more than once (`deliveries`: a worker, a broadcast, a user's module called again) is sent as
  // often as the check's delivery needs. Which message a receiver gets is then the one after the sends that
  // did not throw, which the snippet does not count: a clone received in a worker is checked on the first only.
  if ((targetChannel.broadcast || targetChannel.worker !== undefined) && check.subject === 'clone' && check.delivery > 1) {
    return { reason: `${targetChannel.broadcast ? 'each worker' : 'the worker'} receives the value ${deliveriesOf(program)} times; repro.mjs sends it so` };
  }
  const steps = [...(program.sender ?? []), ...(program.receiver ?? [])];
  const replaced = steps.find((step) => BUILT_INS_THE_SNIPPET_CALLS.includes(step.on));
  if (replaced !== undefined) return { reason: `the program changes ${replaced.on}, which the snippet itself calls` };
  const read = steps.find((step) => check.reads.includes(step.on) || check.reads.includes(`${step.on}.${String(step.key)}`));
  if (read !== undefined) return { reason: `the program changes ${read.on}${check.reads.includes(read.on) ? '' : `.${read.key}`}, which the comparison (${check.expression}) reads` };
  // The snippet logs calls by pushing to an array: an inherited accessor or read-only index breaks that in any engine.
  const loggedIndex = check.subject === 'calls' ? steps.find((step) => INDEXED_PROTOTYPES.includes(step.on) && /^\d+$/.test(String(step.key))) : undefined;
  if (loggedIndex !== undefined) return { reason: `the program defines indices on ${loggedIndex.on}, which the snippet's log of the calls (an array) writes to` };
  // Node's own code (async hooks, streams) writes array indices: a setter or read-only index there (or on
  // Object.prototype, which arrays inherit from too) breaks Node after the clone (node@24 dies in
  // async_hooks once the snippet has printed). A clone that returns before the next line is done with
  // them: the snippet deletes them again right after it (neither prototype has an index of its own).
  // Bun's and Deno's code does not mind them (their ledger snippets pass and fail as the fuzzer said).
  const inNode = (target.runtime?.family ?? 'node') === 'node';
  const indices = inNode ? steps.filter((step) => INDEXED_PROTOTYPES.includes(step.on) && typeof step.key === 'string' && /^\d+$/.test(step.key) && step.delete !== true) : [];
  // Transferring a stream runs Node's stream code inside the clone (the reference's too: it releases
  // the stream's reader through Node's API), where such an index breaks Node before the clone returns.
  const transfersStream = transferIds(program).some((/** @type {number} */ index) => /stream$/i.test(program.objects?.[index]?.kind ?? ''));
  const during = transfersStream ? 'while it transfers a stream' : channel.messageChannel || channel.worker !== undefined ? 'while it delivers the message' : undefined;
  const lasting = indices.find((step) => step.configurable === false || during !== undefined);
  if (lasting !== undefined) {
    return { reason: `the program defines ${during === undefined ? 'a non-configurable index' : 'indices'} on ${lasting.on}, which Node's own code writes to${during === undefined ? '' : ` ${during}`}` };
  }
  const restore = indices.map((step) => `delete ${step.on}[${step.key}];`);
  // A port's or a worker's machinery assigns to its own objects by name
  // (event_target's listener list sets `next`): an inherited accessor or
  // read-only key there throws in that code after the snippet has printed
  // (seed 1's `next` getter on node:messagechannel).
  const assignedOn = inNode && (channel.messageChannel || channel.worker !== undefined)
    ? steps.find((step) => step.on === 'Object.prototype' && ('get' in step || 'set' in step || step.writable === false))
    : undefined;
  if (assignedOn !== undefined) return { reason: `the program puts an accessor or a read-only "${String(assignedOn.key?.wellKnown ?? assignedOn.key)}" on Object.prototype, which the channel's own code assigns to` };
  // Node's worker_threads iterate arrays when a worker ends: the snippet would die after printing.
  if (channel.worker === 'node' && steps.some((step) => step.on === 'Array.prototype')) {
    return { reason: 'the program changes Array.prototype, which Node\'s worker_threads use when the worker ends' };
  }
  // The snippet logs the calls of postMessage, in the sender: a worker's (or a BroadcastChannel's)
  // receiving realms are other agents, which have no accessors of the program's when it sets none up
  // there. (A MessageChannel's receiving realm is this one: see callsOnDelivery.)
  if (check.subject === 'calls' && (targetChannel.worker !== undefined || targetChannel.broadcast) && (program.receiver ?? []).length > 0) {
    return { reason: 'the calls of the accessors happen on both sides of the channel; repro.mjs logs them all' };
  }
  // A BroadcastChannel's message is received here by a second channel, where the fuzzer's workers had
  // clean realms: the clone is checked only for a program that changes no realm. Its sender's error,
  // calls and input are the sender's (the workers' set-up cannot change them).
  if (targetChannel.broadcast && check.subject === 'clone' && steps.length > 0) {
    return { reason: 'the value lands in three workers, set up apart from the sender; repro.mjs starts itself as the receiving realms' };
  }
  const plain = emitPlain(program, check.subject === 'calls' ? { log: 'calls' } : {});
  const valueLines = lines(plain.value).length + lines(plain.receiver).length;
  if (valueLines > MAX_VALUE_LINES) return { reason: `making the value takes ${valueLines} statements` };
  const transfer = transferOf(program, target);
  // Only the first send has the transfer list; a module gets the same options each time (docs/program.md).
  const again = target.external ? channel.call(transfer) : channel.call({ list: '', option: '' });
  const sends = [channel.call(transfer), ...Array(Math.max(0, check.delivery - 2)).fill(again)];
  // Each may throw (what it threw is another delivery's difference); a module's rejected Promise too.
  const settle = (/** @type {string} */ send) => (channel.mayBeAsync ? `const result = ${send}; if (result instanceof Promise) result.catch(() => {});` : `${send};`);
  const earlier = check.delivery === 1 ? [] : ['// the deliveries before the one checked', ...sends.map((send) => `try { ${settle(send)} } catch {}`)];
  const call = check.delivery === 1 ? channel.call(transfer) : again;
  // First, while the realm is clean: Node opens stdout on first use, with the realm's built-ins.
  const header = `console.log(${quote(label(check))});`;
  const receiver = plain.receiver === '' || targetChannel.broadcast ? [] : ['// the receiving realm', plain.receiver.trimEnd()];
  const opening = [header, ...(check.subject === 'calls' ? ['const calls = [];'] : [])];
  // A MessageChannel's receiving realm is this one: accessors of its set-up may be called while the message is
  // delivered (Deno 2.9.6 reads Object.prototype.then twice before port2's onmessage), so those calls are read there.
  const callsOnDelivery = check.subject === 'calls' && channel.messageChannel === true && (program.receiver ?? []).length > 0;
  const body = channel.worker === undefined
    ? [...opening, plain.value.trimEnd(), ...receiver, ...earlier, ...cloneAndCheck(channel, call, check, restore, callsOnDelivery)]
    : inWorker(channel.worker, opening, [plain.value.trimEnd(), ...earlier].join('\n'), receiver, call, check);
  const source = [`// ${target.name}: ${target.description}`, ...channel.imports, '', ...body, ''].join('\n');
  // A global the program replaces is harmless unless the snippet's own lines (not the value's) name it.
  const frame = source.replace(plain.value.trimEnd(), '').replace(plain.receiver.trimEnd(), '');
  const named = new Set(frame.match(/[\w$]+/g));
  const global = steps.find((step) => step.on === 'globalThis' && (typeof step.key !== 'string' || named.has(step.key)));
  if (global !== undefined) return { reason: `the program changes globalThis.${String(global.key?.wellKnown ?? global.key)}, which the snippet itself calls` };
  return { source: visibleSource(source), check };
}

/**
 * How the snippet passes the transfer list.
 * @param {any} program
 * @param {import('../targets/catalog.js').TargetSpec} target
 * @returns {{list: string, option: string}}  the list's expression ('' for none), and the options field that passes it
 */
export function transferOf(program, target) {
  // The fuzzer hands the oracle (and a target that takes one) a transfer list, and with a realm
  // changed an empty list is part of the bug: converting one iterates it (Array.prototype), and
  // Deno's MessagePort.postMessage loads its streams code for one, whose [[Set]]s reach an index
  // on Object.prototype too (deno/first-postmessage-with-a-transfer-list-throws-under-a-prototype-index:
  // port1.postMessage(0) passes where port1.postMessage(0, []) throws).
  const changesRealm = (program.sender ?? []).length > 0 || (program.receiver ?? []).length > 0;
  // A transfer option that is not a list (`transfer: 5`) is passed as it is, as a list is.
  const list = isTransferOption(program.transfer) || transferIds(program).length > 0 ? 'transfer' : hasTransferList(target.reshaping) && changesRealm ? '[]' : '';
  // `{ transfer }` for the snippet's own list.
  return { list, option: list === '' ? '' : list === 'transfer' ? 'transfer' : `transfer: ${list}` };
}

/**
 * A worker channel's snippet: the worker's source is a function of the
 * snippet (`receive`), so it reads like the rest. It sets up its realm, then
 * checks the clone it receives. A clone that throws throws in the sender.
 * @param {'web' | 'node'} kind
 * @param {string[]} header  the first lines: what the snippet checks, and the calls' log
 * @param {string} value the statements that make the value
 * @param {string[]} receiver the receiving realm's set-up
 * @param {string} call
 * @param {import('./snippet-check.js').Check} check
 * @returns {string[]}
 */
function inWorker(kind, header, value, receiver, call, check) {
  const start = (/** @type {string} */ source) => (kind === 'node'
    ? `const worker = new Worker(${source}, { eval: true });`
    : `const worker = new Worker(URL.createObjectURL(new Blob([${source}], { type: 'text/javascript' })), { type: 'module' });`);
  // What the sender sees: the error its postMessage threw, what it did to the value, the calls it made.
  if (check.subject !== 'clone') {
    return [...header, start("''"), value, ...cloneAndCheck({ imports: [], call: () => call }, call, check), 'worker.terminate();'];
  }
  const checkLines = indent([`const actual = ${check.expression};`, ...printLines(check)]);
  return [
    'function receive() {',
    ...indent([...header, ...receiver]),
    ...(kind === 'node'
      ? ["  require('node:worker_threads').parentPort.once('message', (clone) => {", ...indent(checkLines), '  });']
      : ['  self.onmessage = ({ data: clone }) => {', ...indent(checkLines), '    self.close();', '  };']),
    '}',
    start('`(${receive})();`'),
    value,
    `${call};`,
  ];
}

/**
 * Where a snippet receives its message in its own realm: a MessageChannel's
 * second port, or other BroadcastChannels of the same name (a
 * BroadcastChannel does not hear its own messages). `close` lets the
 * runtime exit.
 * @type {Record<'messageChannel' | 'broadcast', {open: string[], receiver: string, close: string[]}>}
 */
const MAILBOXES = {
  messageChannel: { open: ['const { port1, port2 } = new MessageChannel();'], receiver: 'port2', close: ['port1.close();'] },
  // Three receivers, as the fuzzer's three workers: Node cannot post a Blob to more than one.
  broadcast: {
    open: [
      "const sender = new BroadcastChannel('snippet');",
      "const receivers = [new BroadcastChannel('snippet'), new BroadcastChannel('snippet'), new BroadcastChannel('snippet')];",
    ],
    receiver: 'receivers[0]',
    close: ['sender.close();', 'receivers[0].close();', 'receivers[1].close();', 'receivers[2].close();'],
  },
};

/**
 * The clone through the channel, then the check.
 * @param {Channel} channel
 * @param {string} call
 * @param {import('./snippet-check.js').Check} check
 * @param {string[]} [restore]  statements that undo realm steps once a synchronous clone has returned
 * @param {boolean} [callsOnDelivery]  the calls are read when the message is delivered, not once postMessage returns
 * @returns {string[]}
 */
function cloneAndCheck(channel, call, check, restore = [], callsOnDelivery = false) {
  const print = [...restore, ...printLines(check)];
  const attempt = channel.mayBeAsync ? [`  const result = ${call};`, '  if (result instanceof Promise) await result;'] : [`  ${call};`];
  const mailbox = channel.messageChannel ? MAILBOXES.messageChannel : channel.broadcast ? MAILBOXES.broadcast : undefined;
  const [open, close] = mailbox === undefined ? [[], []] : [mailbox.open, mailbox.close];
  const actual = `const actual = ${check.expression};`;
  if (callsOnDelivery && mailbox !== undefined) {
    return [...open, 'calls.length = 0;', `${mailbox.receiver}.onmessage = () => {`, ...indent([...close, actual, ...print]), '};', `${call};`];
  }
  if (check.subject === 'calls' || check.subject === 'input') {
    // calls: only those the clone makes (making the value may have called some: an Error's stack formatted),
    // while postMessage serializes; the port closes before the message is delivered (Node 24 loads its
    // MessageEvent then, whose code a changed Array.prototype breaks).
    // input: the value as the clone left it, whether it threw or not (postMessage detaches and locks in the sender).
    return [...open, ...(check.subject === 'calls' ? ['calls.length = 0;'] : []), 'try {', ...attempt, '} catch {}', ...close, actual, ...print];
  }
  if (check.subject === 'throw') {
    return [...open, "let actual = 'nothing';", 'try {', ...attempt, '} catch (error) {', `  actual = ${check.expression};`, '}', ...close, ...print];
  }
  if (mailbox !== undefined) {
    return [...open, `${mailbox.receiver}.onmessage = ({ data: clone }) => {`, ...indent([...close, actual, ...print]), '};', `${call};`];
  }
  return [
    ...(channel.mayBeAsync ? [`let clone = ${call};`, 'if (clone instanceof Promise) clone = await clone;'] : [`const clone = ${call};`]),
    actual,
    ...print,
  ];
}

/** @param {string[]} lines @returns {string[]} each line (of each, when it holds several) indented by two spaces */
function indent(lines) {
  return lines.join('\n').split('\n').map((line) => `  ${line}`);
}

/**
 * The lines that compare `actual` with the expected value and print the verdict.
 * @param {import('./snippet-check.js').Check} check
 * @returns {string[]}
 */
function printLines(check) {
  const shown = hasLoneSurrogate(check) ? 'JSON.stringify(expected), \'actual\', JSON.stringify(actual)' : "expected, 'actual', actual";
  return [
    `const expected = ${check.expected};`,
    `console.log(Object.is(actual, expected) ? 'PASS' : 'FAIL', 'expected', ${shown});`,
  ];
}

/**
 * A lone surrogate reaches a terminal as U+FFFD, where the two values would
 * read the same: such strings are printed as JSON, which escapes it.
 * @param {import('./snippet-check.js').Check} check
 */
function hasLoneSurrogate({ expected, actual }) {
  const lone = /\\u[dD][89a-fA-F][0-9a-fA-F]{2}/;
  return lone.test(expected) || lone.test(actual);
}

/**
 * What the snippet prints where the compared value is `gave` (a literal):
 * the check, then PASS or FAIL with both values as console.log shows them.
 * @param {import('./snippet-check.js').Check} check
 * @param {string} gave  check.actual for the target, check.expected for the reference
 * @returns {string[]}
 */
export function snippetOutput(check, gave) {
  // A runtime that dies prints nothing after the first line (snippet-stall.js).
  if (check.subject === 'arrival' && gave === 'null') return [label(check)];
  // console.log shows a string argument as its text and the other literals as written.
  // A string printed as JSON (hasLoneSurrogate) shows as JSON.stringify writes it: U+FFFD as itself.
  const shown = (/** @type {string} */ literal) => (!literal.startsWith('"') ? literal
    : hasLoneSurrogate(check) ? JSON.stringify(JSON.parse(literal)) : JSON.parse(literal));
  return [label(check), `${gave === check.expected ? 'PASS' : 'FAIL'} expected ${shown(check.expected)} actual ${shown(gave)}`];
}

/** @param {import('./snippet-check.js').Check} check @returns {string} what the printed line says it compares */
function label(check) {
  if (check.subject === 'throw' && check.expression === 'error.name') return 'the error thrown';
  return check.subject === 'throw' && check.expression === "'an exception'" ? 'whether it throws' : check.expression;
}

/** @param {string} text @returns {string} a JavaScript string literal, in single quotes when that needs no escapes */
function quote(text) {
  return /^[^'\\\n\r\u2028\u2029]*$/.test(text) && JSON.stringify(text) === `"${text.replace(/"/g, '\\"')}"` ? `'${text}'` : JSON.stringify(text);
}

/** @param {string} text @returns {string[]} its non-empty lines */
export function lines(text) {
  return text.split('\n').filter((line) => line !== '');
}
