// The channel module of a mutant (harness/mutate/): the reference's spec path
// behind a mutated copy of its tiers, whose tiers/index.js URL comes as this
// module's `tiers` query parameter (one module, a URL per mutant). Like
// ref:tiers, it takes the options a program gives (transfer, forStorage).

import { structuredCloneSpec } from '../../src/index.js';

const tiersURL = new URL(import.meta.url).searchParams.get('tiers');
if (tiersURL === null) throw new Error('mutant-clone.js needs ?tiers=<URL of a tiers/index.js>');
const { cloneWithTiers } = await import(tiersURL);

/** @param {unknown} value @param {{transfer: unknown[], forStorage: boolean}} options */
export default (value, { transfer, forStorage }) => cloneWithTiers(value, { transfer, forStorage }, structuredCloneSpec);
