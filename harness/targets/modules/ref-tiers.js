// `ref:tiers`: the reference engine with its fast-path tiers (src/tiers/).

/** @type {import('./index.js').ModuleTarget} */
export default {
  name: 'ref:tiers',
  description: 'the reference engine with its fast-path tiers',
  module: 'reference-tiers.js',
  reshaping: 'asIs',
  snippet: { reference: { tiers: true } },
};
