// `polyfill:core-js`: core-js's structuredClone, from core-js-pure (the
// build that does not install itself as the global).

/** @type {import('./index.js').ModuleTarget} */
export default {
  name: 'polyfill:core-js',
  description: "core-js's structuredClone polyfill (core-js-pure/actual/structured-clone)",
  module: 'core-js.js',
  reshaping: 'withoutStorage',
  package: 'core-js-pure',
  snippet: {
    imports: ["import coreJsStructuredClone from 'core-js-pure/actual/structured-clone.js';"],
    call: ({ option }) => `coreJsStructuredClone(value${option ? `, { ${option} }` : ''})`,
  },
};
