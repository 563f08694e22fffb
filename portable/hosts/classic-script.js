// A classic script run in this global the way a page runs its <script>
// elements: as a global script (ECMAScript's ScriptEvaluation), so a
// top-level `const`, `let` or `class` of one script is a binding of the
// global scope that the next script sees, as upstream WPT's includes expect
// (encoding/resources/encodings.js declares `const encodings_table` for the
// test file after it). An indirect eval would keep them in a scope of its own
// (EvalDeclarationInstantiation), gone when it returns. Node, Bun and Deno:
// node:vm's runInThisContext, a Script run in the current context (measured
// 2026-12-02: Node 20, 22, 24 and 26, Bun 1.4.5 and Deno 2.9.6 all keep the
// bindings and refuse a second `let` of the same name, as a page does).
// Each family names its own twin (portable/families/, `classicScripts`): a
// page's is page/classic-script.js, QuickJS-ng's portable/hosts/quickjs/quickjs-classic-script.js.

import { runInThisContext } from 'node:vm';

/**
 * @param {{name: string, text: string}} source  `name` is what stack traces call it
 * @throws {unknown} what the script throws, or the SyntaxError of one that does not parse
 */
export function runClassicScript(source) {
  runInThisContext(source.text, { filename: source.name });
}
