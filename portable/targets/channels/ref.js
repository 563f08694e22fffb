// The `ref` channel: the reference engine with its fast-path tiers, running
// inside QuickJS-ng's agent (the oracle runs there too).

/** @type {import('./index.js').Channel} */
export default {
  name: 'ref',
  module: 'reference-tiers.js',
  reshaping: 'asIs',
  transfer: 'sequence',
  landsInWorkers: false,
  repeats: false,
  has: (family) => family.shell === true,
  lacking: () => 'it is the reference running inside QuickJS-ng; the one in this Node is ref:tiers',
  describe: () => 'the reference engine with its fast-path tiers, running in QuickJS-ng (the oracle runs there too)',
  needs: () => [],
  // The reference's own structuredClone.
  api: () => 'structuredClone',
  // The reference inside a shell's agent has no snippet (the `message` channel's runs in the stock qjs): its family says why (`standalone`).
  snippet: null,
  repro: 'script',
  conform: null,
};
