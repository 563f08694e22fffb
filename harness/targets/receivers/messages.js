// The messages between a sender and its receiving workers: strings,
// `tag\ntext` (realm.js lists them). Both sides read them while a program's
// pollution may be in place (String.prototype among it), so they only call
// String methods captured by src/spec/intrinsics.js.

import { StringPrototypeIncludes, StringPrototypeSlice, uncurryThis } from '../../../src/spec/intrinsics.js';

const StringPrototypeIndexOf = uncurryThis(String.prototype.indexOf);

/**
 * @param {string} message
 * @returns {{tag: string, text: string}}
 */
export function splitMessage(message) {
  if (!StringPrototypeIncludes(message, '\n')) return { tag: message, text: '' };
  const newline = StringPrototypeIndexOf(message, '\n');
  return { tag: StringPrototypeSlice(message, 0, newline), text: StringPrototypeSlice(message, newline + 1) };
}

/**
 * The text of an answer that must carry `tag`; a harness error in the worker throws.
 * @param {string} message
 * @param {string} tag
 */
export function answerText(message, tag) {
  const answer = splitMessage(message);
  if (answer.tag !== tag) throw new Error(`the receiving worker answered ${answer.tag}: ${answer.text}`);
  return answer.text;
}
