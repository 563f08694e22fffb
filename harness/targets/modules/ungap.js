// `polyfill:@ungap/structured-clone`: its own serialize/deserialize pair,
// not the fallback to the native structuredClone its default export takes.

/** @type {import('./index.js').ModuleTarget} */
export default {
  name: 'polyfill:@ungap/structured-clone',
  description: '@ungap/structured-clone (its own serialize/deserialize, not the native fallback)',
  module: 'ungap.js',
  reshaping: 'withoutStorage',
  package: '@ungap/structured-clone',
  snippet: { imports: ["import { serialize, deserialize } from '@ungap/structured-clone';"], call: () => 'deserialize(serialize(value))' },
};
