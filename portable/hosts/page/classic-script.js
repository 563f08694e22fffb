// A classic script run in a page as the page's own <script> element: what
// gives it a page's global scope (a top-level `const`, `let` or `class` is
// seen by the next script; an indirect eval would keep them to itself). A
// script element reports what it throws as an error event on the window
// instead of throwing to whoever inserted it: a capturing listener, which a
// window's own listeners come after (DOM's "inner invoke" runs capturing
// listeners at the target first), takes it before any other hears of it, and
// it is thrown here, as the other hosts' runClassicScript throws it. The
// twin of portable/hosts/classic-script.js (the page server's import map).

// The window's own, taken as the module loads: realm.js hands testharness.js
// a global addEventListener of its own while it loads, and a test may
// replace either.
const { addEventListener: listen, removeEventListener: unlisten } = EventTarget.prototype;
const FunctionCall = Function.prototype.call;

/**
 * @param {{name: string, text: string}} source  `name` is what stack traces call it
 * @throws {unknown} what the script throws, or the SyntaxError of one that does not parse
 */
export function runClassicScript(source) {
  const script = document.createElement('script');
  script.text = `${source.text}\n//# sourceURL=${source.name}`;
  /** @type {{error: unknown} | undefined} the first error the script reported */
  let thrown;
  const hear = (/** @type {ErrorEvent} */ event) => {
    thrown ??= { error: event.error ?? event.message };
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  FunctionCall.call(listen, globalThis, 'error', hear, true);
  try {
    // An inline classic script inserted by script runs at once, before append returns.
    (document.head ?? document.documentElement).append(script);
  } finally {
    FunctionCall.call(unlisten, globalThis, 'error', hear, true);
    script.remove();
  }
  if (thrown !== undefined) throw thrown.error;
}
