// A browser bug's snippet in web-platform-tests' own form (issue 34 item 2):
// a `.any.js` file of testharness.js tests, ready for a WPT pull request,
// that `clonecheck conform FILE --target BROWSER` runs in a browser's page.
// It makes the value as the snippet does (emitPlain), clones it through
// structuredClone or a MessageChannel (or posts it to a Worker, for what the
// sender sees), and asserts the one comparison the
// snippet prints (snippet-check.js) with assert_equals, which compares by
// SameValue as the snippet's Object.is does.

import { emitPlain } from '../../src/program/index.js';
import { snippetFor, transferOf } from './snippet.js';
import { visibleSource } from './visible-source.js';

/** How a test posts through `structuredClone`'s options or a postMessage's transfer argument. */
const viaOptions = (/** @type {{option: string}} */ { option }) => `structuredClone(value${option ? `, { ${option} }` : ''})`;
const postTo = (/** @type {string} */ sender) => (/** @type {{list: string}} */ { list }) => `${sender}.postMessage(value${list ? `, ${list}` : ''})`;

/**
 * The channels a test is made for (a target's name ends with one): what it
 * opens and closes around the clone, the clone's call, and the port the clone
 * arrives on. A worker's test checks only what its sender sees (an error,
 * the calls, the value's buffers); a BroadcastChannel's a clone too, received
 * in a dedicated worker (broadcastTest).
 * @type {Record<string, {open: string[], close: string[], call: (transfer: {list: string, option: string}) => string, port?: string}>}
 */
const CHANNELS = {
  clone: { open: [], close: [], call: viaOptions },
  'clone-transfer': { open: [], close: [], call: viaOptions },
  messagechannel: { open: ['const { port1, port2 } = new MessageChannel();'], close: ['port1.close();'], call: postTo('port1'), port: 'port2' },
  worker: {
    open: ["const worker = new Worker(URL.createObjectURL(new Blob([''], { type: 'text/javascript' })));"],
    close: ['worker.terminate();'],
    call: postTo('worker'),
  },
  broadcast: { open: ["const channel = new BroadcastChannel('structured-clone');"], close: ['channel.close();'], call: postTo('channel') },
};

/**
 * @param {{program: any, target: import('../targets/catalog.js').TargetSpec,
 *   differences: import('../../src/observe/diff.js').Difference[], expected: any, actual: any}} finding a deviation
 * @param {string} title  what the test asserts (a ledger entry's title)
 * @returns {{source: string, check: import('./snippet-check.js').Check} | {reason: string}}
 */
export function wptTestFor(finding, title) {
  const test = wptTest(finding, title);
  return 'reason' in test ? test : { check: test.check, source: visibleSource(test.source) };
}

/**
 * @param {Parameters<typeof wptTestFor>[0]} finding
 * @param {string} title
 * @returns {ReturnType<typeof wptTestFor>}
 */
function wptTest(finding, title) {
  const snippet = snippetFor(finding);
  if ('reason' in snippet) return snippet;
  const name = finding.target.name.slice(finding.target.name.lastIndexOf(':') + 1);
  const channel = CHANNELS[name];
  if (channel === undefined) return { reason: `no WPT form for the ${name} channel yet` };
  const { check } = snippet;
  const receivedHere = channel.call === viaOptions || channel.port !== undefined;
  const broadcastClone = name === 'broadcast' && check.subject === 'clone';
  if (check.subject === 'clone' && !receivedHere && !broadcastClone) return { reason: `no WPT form for a clone received by a ${name} yet` };
  if (check.subject === 'clone' && check.delivery > 1) return { reason: `the value is sent ${check.delivery} times; no WPT form for that yet` };
  const { program } = finding;
  if (broadcastClone) return { check, source: broadcastTest(program, check, title) };
  const plain = emitPlain(program, check.subject === 'calls' ? { log: 'calls' } : {});
  const { save, restore } = realmKept(program, receivedHere);
  const make = [...save, ...(check.subject === 'calls' ? ['const calls = [];'] : []), plain.value.trimEnd(),
    ...(plain.receiver === '' || !receivedHere ? [] : ['// the receiving realm', plain.receiver.trimEnd()])];
  const assertion = [...restore, `assert_equals(actual, ${check.expected});`];
  // The test names what the standard asks for; the file's title, what the engine does instead.
  const testName = JSON.stringify(`${check.subject === 'throw' ? `what it throws (${check.expression})` : check.expression} is ${check.expected}`);
  const header = [`// META: title=structuredClone: ${title.replace(/\.$/, '')}`, ''];
  const transfer = transferOf(program, finding.target);
  // A value sent more than once: the sends before the one checked, the first with the transfer list (snippet.js).
  const again = channel.call({ list: '', option: '' });
  const earlier = check.delivery === 1 ? []
    : [channel.call(transfer), ...Array(Math.max(0, check.delivery - 2)).fill(again)].map((send) => `try { ${send}; } catch {}`);
  const call = check.delivery === 1 ? channel.call(transfer) : again;
  if (check.subject === 'clone' && channel.port !== undefined) {
    return {
      check,
      source: [...header, 'promise_test(async () => {', ...indent([...make, ...channel.open,
        'const clone = await new Promise((resolve) => {', `  ${channel.port}.onmessage = ({ data }) => resolve(data);`, `  ${call};`, '});',
        ...channel.close, `const actual = ${check.expression};`, ...assertion]), `}, ${testName});`, ''].join('\n'),
    };
  }
  const body = check.subject === 'clone' ? [`const clone = ${call};`, `const actual = ${check.expression};`]
    : check.subject === 'throw'
      ? [...channel.open, ...earlier, "let actual = 'nothing';", 'try {', `  ${call};`, '} catch (error) {', `  actual = ${check.expression};`, '}', ...channel.close]
      : [...channel.open, ...earlier, ...(check.subject === 'calls' ? ['calls.length = 0;'] : []), 'try {', `  ${call};`, '} catch {}', ...channel.close,
        `const actual = ${check.expression};`];
  return { check, source: [...header, 'test(() => {', ...indent([...make, ...body, ...assertion]), `}, ${testName});`, ''].join('\n') };
}

/**
 * A clone a BroadcastChannel delivers, checked where the fuzzer's broadcast
 * target received it: in a dedicated worker of the page (the same agent
 * cluster, so a SharedArrayBuffer may arrive there), which reads the clone
 * and answers with what it read. snippet.js has already refused a program
 * with realm steps (the fuzzer's receiving workers were clean realms).
 * A message the worker cannot deserialize is a messageerror event there,
 * answered as such. A SharedArrayBuffer exists only in a crossOriginIsolated
 * page: clonecheck's page server sends COOP and COEP with every response;
 * in WPT the file is then NAME.https.any.js with NAME.https.any.js.headers.
 * @param {any} program
 * @param {import('./snippet-check.js').Check} check
 * @param {string} title
 * @returns {string}
 */
function broadcastTest(program, check, title) {
  const testName = JSON.stringify(`${check.expression} in a dedicated worker is ${check.expected}`);
  return [
    `// META: title=structuredClone: ${title.replace(/\.$/, '')}`,
    '// META: global=window',
    '',
    'promise_test(async () => {',
    ...indent([
      emitPlain(program).value.trimEnd(),
      '// The receiver: a dedicated worker listening on a BroadcastChannel of the same name,',
      "// this test's own (a page of the same origin running another test hears every channel of its name).",
      "// It answers 'listening' once the page's pings (the name) reach it: a channel just made may miss",
      '// what is posted at once (Chromium 156: one run in three of this test timed out).',
      'function receive(name) {',
      '  const channel = new BroadcastChannel(name);',
      '  let heard = false;',
      '  channel.onmessage = ({ data: clone }) => {',
      '    if (clone === name) {',
      "      if (!heard) postMessage('listening');",
      '      heard = true;',
      '      return;',
      '    }',
      `    postMessage(${check.expression});`,
      '  };',
      "  channel.onmessageerror = () => postMessage('a messageerror event');",
      '}',
      'const name = `structured-clone-${Math.random()}`;',
      "const worker = new Worker(URL.createObjectURL(new Blob([`(${receive})(${JSON.stringify(name)});`], { type: 'text/javascript' })));",
      'const answer = () => new Promise((resolve) => { worker.onmessage = ({ data }) => resolve(data); });',
      'const channel = new BroadcastChannel(name);',
      'const listening = answer();',
      'const pings = setInterval(() => channel.postMessage(name), 50);',
      'await listening;',
      'clearInterval(pings);',
      'const received = answer();',
      'channel.postMessage(value);',
      'const actual = await received;',
      'channel.close();',
      'worker.terminate();',
      `assert_equals(actual, ${check.expected});`,
    ]),
    `}, ${testName});`,
    '',
  ].join('\n');
}

/**
 * The statements that keep what the program's realm steps change, and put it
 * back once the clone is compared: testharness.js runs in the same realm
 * after the test (a changed Array.prototype[Symbol.iterator] left in place
 * stops it from reporting). A key that is a fresh symbol is nobody else's.
 * @param {any} program
 * @param {boolean} withReceiver  the receiving realm's steps run in the test's realm too
 * @returns {{save: string[], restore: string[]}}
 */
function realmKept(program, withReceiver) {
  const steps = [...(program.sender ?? []), ...(withReceiver ? program.receiver ?? [] : [])]
    .filter((step) => typeof step.key === 'string' || step.key?.wellKnown !== undefined);
  const places = steps.map((step) => [
    step.on === 'TypedArray.prototype' ? 'Object.getPrototypeOf(Uint8Array.prototype)' : step.on,
    typeof step.key === 'string' ? JSON.stringify(step.key) : `Symbol.${step.key.wellKnown}`,
  ]);
  return {
    save: places.map(([on, key], i) => `const before${i} = Object.getOwnPropertyDescriptor(${on}, ${key});`),
    // Last changed, first put back: two steps on one key leave the first's saved state.
    restore: places.map(([on, key], i) => `if (before${i}) Object.defineProperty(${on}, ${key}, before${i}); else delete ${on}[${key}];`).reverse(),
  };
}

/** @param {string[]} lines @returns {string[]} */
function indent(lines) {
  return lines.join('\n').split('\n').map((line) => `  ${line}`);
}
