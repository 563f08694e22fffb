// A classic script in the QuickJS agent's global, as a page runs its
// <script> elements: quickjs-libc's std.evalScript evaluates it as a global
// script (JS_EVAL_TYPE_GLOBAL), so a top-level `const`, `let` or `class` of
// one script is seen by the next, where an indirect eval would keep them to
// itself. The agent bundle (harness/native/build.js) resolves
// portable/hosts/classic-script.js here. Stack traces name it <evalScript>:
// std.evalScript takes no file name.

/** @type {{std: any}} */
const { std } = /** @type {any} */ (globalThis).clonecheckNative;

/**
 * @param {{name: string, text: string}} source
 * @throws {unknown} what the script throws, or the SyntaxError of one that does not parse
 */
export function runClassicScript(source) {
  std.evalScript(source.text);
}
