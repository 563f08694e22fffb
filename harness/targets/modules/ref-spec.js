// `ref:spec`: the reference engine, spec path only (the oracle).

/** @type {import('./index.js').ModuleTarget} */
export default {
  name: 'ref:spec',
  description: 'the reference engine, spec path only (the oracle)',
  module: 'reference-spec.js',
  reshaping: 'asIs',
  snippet: { reference: { tiers: false } },
};
