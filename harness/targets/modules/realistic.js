// `polyfill:realistic-structured-clone`: a userland clone (no transfer list).

/** @type {import('./index.js').ModuleTarget} */
export default {
  name: 'polyfill:realistic-structured-clone',
  description: 'realistic-structured-clone',
  module: 'realistic.js',
  reshaping: 'withoutStorage',
  package: 'realistic-structured-clone',
  snippet: { imports: ["import realisticStructuredClone from 'realistic-structured-clone';"], call: () => 'realisticStructuredClone(value)' },
};
