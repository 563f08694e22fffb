// A browser bug's snippet in web-platform-tests' own form (issue 34 item 2):
// a `.any.js` file of testharness.js tests, ready for a WPT pull request,
// that `clonecheck conform FILE --target BROWSER` runs in a browser's page.
// It makes the value as the snippet does (emitPlain), clones it through
// structuredClone or a MessageChannel, and asserts the one comparison the
// snippet prints (snippet-check.js) with assert_equals, which compares by
// SameValue as the snippet's Object.is does.

import { emitPlain } from '../../src/program/index.js';
import { snippetFor, transferOf } from './snippet.js';

/** The channels a test is made for (a target's name ends with one), and whether the clone arrives on a port. */
const CHANNELS = { clone: false, 'clone-transfer': false, messagechannel: true };

/**
 * @param {{program: any, target: import('../targets/catalog.js').TargetSpec,
 *   differences: import('../../src/observe/diff.js').Difference[], expected: any, actual: any}} finding a deviation
 * @param {string} title  what the test asserts (a ledger entry's title)
 * @returns {{source: string, check: import('./snippet-check.js').Check} | {reason: string}}
 */
export function wptTestFor(finding, title) {
  const snippet = snippetFor(finding);
  if ('reason' in snippet) return snippet;
  const channel = finding.target.name.slice(finding.target.name.lastIndexOf(':') + 1);
  if (!(channel in CHANNELS)) return { reason: `no WPT form for the ${channel} channel yet` };
  const { check } = snippet;
  const { program } = finding;
  const plain = emitPlain(program, check.subject === 'calls' ? { log: 'calls' } : {});
  const transfer = transferOf(program, finding.target);
  const { save, restore } = realmKept(program);
  const make = [...save, ...(check.subject === 'calls' ? ['const calls = [];'] : []), plain.value.trimEnd(),
    ...(plain.receiver === '' ? [] : ['// the receiving realm', plain.receiver.trimEnd()])];
  const assertion = [...restore, `assert_equals(actual, ${check.expected});`];
  // The test names what the standard asks for; the file's title, what the engine does instead.
  const name = JSON.stringify(`${check.subject === 'throw' ? `what it throws (${check.expression})` : check.expression} is ${check.expected}`);
  const header = [`// META: title=structuredClone: ${title.replace(/\.$/, '')}`, ''];
  if (CHANNELS[channel] && check.subject === 'clone') {
    const post = `port1.postMessage(value${transfer.list ? `, ${transfer.list}` : ''});`;
    return {
      check,
      source: [...header, 'promise_test(async () => {', ...indent([...make,
        'const { port1, port2 } = new MessageChannel();',
        'const clone = await new Promise((resolve) => {', '  port2.onmessage = ({ data }) => resolve(data);', `  ${post}`, '});',
        'port1.close();', `const actual = ${check.expression};`, ...assertion]), `}, ${name});`, ''].join('\n'),
    };
  }
  const call = CHANNELS[channel] ? `port1.postMessage(value${transfer.list ? `, ${transfer.list}` : ''})`
    : `structuredClone(value${transfer.option ? `, { ${transfer.option} }` : ''})`;
  const [open, close] = CHANNELS[channel] ? [['const { port1 } = new MessageChannel();'], ['port1.close();']] : [[], []];
  const body = check.subject === 'clone' ? [`const clone = ${call};`, `const actual = ${check.expression};`]
    : check.subject === 'throw' ? [...open, "let actual = 'nothing';", 'try {', `  ${call};`, '} catch (error) {', `  actual = ${check.expression};`, '}', ...close]
      : [...open, ...(check.subject === 'calls' ? ['calls.length = 0;'] : []), 'try {', `  ${call};`, '} catch {}', ...close, `const actual = ${check.expression};`];
  return { check, source: [...header, 'test(() => {', ...indent([...make, ...body, ...assertion]), `}, ${name});`, ''].join('\n') };
}

/**
 * The statements that keep what the program's realm steps change, and put it
 * back once the clone is compared: testharness.js runs in the same realm
 * after the test (a changed Array.prototype[Symbol.iterator] left in place
 * stops it from reporting). A key that is a fresh symbol is nobody else's.
 * @param {any} program
 * @returns {{save: string[], restore: string[]}}
 */
function realmKept(program) {
  const steps = [...(program.sender ?? []), ...(program.receiver ?? [])]
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
