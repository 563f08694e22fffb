// One message per line between the pool and an agent (process.js, agent.js).
// JSON.stringify leaves U+2028 and U+2029 raw (they are legal in JSON
// strings), and Node's readline ends a line at each of them (Node 24.21.0
// agents died on a generated program holding one): they are escaped here.

const LINE_SEPARATORS = /[\u2028\u2029]/g;

/**
 * @param {unknown} message
 * @returns {string} its JSON on one line, newline included
 */
export function messageLine(message) {
  return `${JSON.stringify(message).replace(LINE_SEPARATORS, (c) => `\\u${c.charCodeAt(0).toString(16)}`)}\n`;
}
