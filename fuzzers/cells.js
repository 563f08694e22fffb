// The cell map: the combinations of what a case is made of where fast-path
// bugs live, counted as the generator draws them. A tier's guard (a strategy
// and the one perturbation that should make the tier stand aside) meets an
// environment (which realm is polluted, on which key, by what); a value sits
// somewhere (at the root, where Bun's fast paths start, or inside an object,
// an array, a Map or a Set, or named in the transfer list); it goes through a
// channel mode (plain, a transfer list, forStorage, repeated deliveries).
//
// The full product of those dimensions is about a hundred thousand
// combinations, more than any campaign draws; the map keeps the pairs and
// triples that matter, as planes (combinatorial testing's covering idea):
//   guard      strategy × perturbation × pollution
//   placement  strategy × where the value sits
//   channel    strategy × channel mode × deliveries
//   strings    a string no realm has seen, by representation (form and
//              place, arbitraries/fresh-strings.js) × sent once or again
//   sizes      a size past an engine's threshold (arbitraries/sizes.js:
//              a sparse gap, many properties, back-reference ids, …) ×
//              sent once or again
// Every cell listed is reachable: steered generation (steering.js) can draw
// a program for it, and a test checks that each one is drawn.

import { REPRESENTATIONS } from './arbitraries/fresh-strings.js';
import { SIZES } from './arbitraries/sizes.js';
import { strategies } from './strategies/index.js';

/**
 * The pollution a case carries beside its value: random realm steps in
 * either realm, or a step aimed at one of the value's own keys
 * (arbitraries/realm-pollution.js `aimedPollution`), by realm, kind and
 * prototype. A case may carry several; one with none is `none`.
 */
export const POLLUTIONS = [
  'none', 'sender steps', 'receiver steps',
  ...['sender', 'receiver'].flatMap((realm) => ['setter', 'getter', 'read-only'].flatMap((how) =>
    ['Array.prototype', 'Object.prototype'].map((on) => `aimed: ${realm} ${how} on ${on}`))),
];

/** Where the strategy's value sits in the message. */
export const PLACEMENTS = ['root', 'object property', 'array element', 'map key', 'map value', 'set value', 'transfer list'];

/** The channel modes (programs.js): the plain clone, a transfer list, forStorage; once or repeated. */
export const CHANNEL_MODES = ['plain', 'transfer', 'storage'].flatMap((mode) => [mode, `${mode}+repeat`]);

/**
 * One cell: a plane and its coordinates. `id` is its name in reports. A
 * strings cell's strategy is `any`: a fresh string goes into any strategy's value.
 * @typedef {{id: string, plane: 'guard' | 'placement' | 'channel' | 'strings' | 'sizes', strategy: string, perturbed?: string, pollution?: string,
 *   placement?: string, channel?: string, strings?: string, sizes?: string, repeat?: 'once' | 'repeated'}} Cell
 */

/**
 * What a generated program was drawn as (programs.js): the strategy, its
 * first perturbation, the pollution classes, the placement, the channel mode,
 * the representations of fresh strings it holds (read from the program), the size past an engine threshold it was given.
 * @typedef {{strategy: string, perturbation: string, perturbed: string, pollution: string[], placement: string,
 *   channel: string, strings: string[], sizes?: string[]}} Tags
 */

/** @param {Omit<Cell, 'id'>} cell @returns {Cell} */
function named(cell) {
  const { plane, strategy, ...coordinates } = cell;
  return { id: `${plane}: ${strategy} | ${Object.values(coordinates).join(' | ')}`, ...cell };
}

/**
 * The cells a program drawn with these tags hits.
 * @param {Tags} tags
 * @returns {string[]} their ids
 */
export function cellsOf({ strategy, perturbed, pollution, placement, channel, strings, sizes = [] }) {
  const repeat = channel.endsWith('+repeat') ? 'repeated' : 'once';
  return [
    ...pollution.map((p) => named({ plane: 'guard', strategy, perturbed, pollution: p }).id),
    named({ plane: 'placement', strategy, placement }).id,
    named({ plane: 'channel', strategy, channel }).id,
    ...strings.map((representation) => named({ plane: 'strings', strategy: 'any', strings: representation, repeat }).id),
    ...sizes.map((size) => named({ plane: 'sizes', strategy: 'any', sizes: size, repeat }).id),
  ];
}

/**
 * Where a strategy cannot go. Each exclusion was found by steering toward
 * the cell and never drawing it (20,000 cases).
 * (A primitive root meets aimed pollution only through the keys a fresh
 * string's object brings, arbitraries/fresh-strings.js, and is reached.)
 * @param {string} strategy @param {'placement' | 'channel'} plane @param {string} coordinate
 */
function unreachable(strategy, plane, coordinate) {
  // A primitive root is no object: nothing to name in a transfer list.
  if (plane === 'placement') return strategy === 'primitiveRoot' && coordinate === 'transfer list';
  // Its programs always have a transfer list, so never plain, and forStorage may not be combined with one (docs/program.md).
  return strategy === 'transferGraph' && !coordinate.startsWith('transfer');
}

/**
 * Every reachable cell of the strategies the weights leave in.
 * @param {Record<string, number>} [weights]
 * @returns {Map<string, Cell>} by id
 */
export function reachableCells(weights = {}) {
  /** @type {Map<string, Cell>} */
  const cells = new Map();
  const add = (cell) => { const c = named(cell); cells.set(c.id, c); };
  for (const [strategy, { weight, perturbations }] of Object.entries(strategies)) {
    if ((weights[strategy] ?? weight) === 0) continue;
    for (const perturbed of perturbations === undefined ? ['-'] : Object.keys(perturbations)) {
      for (const pollution of POLLUTIONS) add({ plane: 'guard', strategy, perturbed, pollution });
    }
    for (const placement of PLACEMENTS) if (!unreachable(strategy, 'placement', placement)) add({ plane: 'placement', strategy, placement });
    for (const channel of CHANNEL_MODES) if (!unreachable(strategy, 'channel', channel)) add({ plane: 'channel', strategy, channel });
  }
  for (const strings of REPRESENTATIONS) for (const repeat of /** @type {const} */ (['once', 'repeated'])) add({ plane: 'strings', strategy: 'any', strings, repeat });
  // `--weights sizes=0` draws no size: its plane goes with it.
  if ((weights.sizes ?? 1) > 0) for (const sizes of SIZES) for (const repeat of /** @type {const} */ (['once', 'repeated'])) add({ plane: 'sizes', strategy: 'any', sizes, repeat });
  return cells;
}
