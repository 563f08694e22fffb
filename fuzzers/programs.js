// fast-check arbitraries that produce programs (docs/program.md, schema
// clonecheck/program@1): what `clonecheck fuzz`, `clonecheck selfcheck` and
// the property tests draw.
//
// Small arbitraries are composed into bigger ones, each in a file of its
// own, read bottom up: arbitraries/ holds the parts of a program (numbers,
// strings, primitives, keys, behaviors and effects, props, realm pollution,
// buffers, object nodes and random object graphs); strategies/ holds whole
// programs aimed at the boundaries of the fast-path tiers (values that are
// *almost* eligible for a tier); this file adds the channel options and
// mixes the strategies (`programArbitrary(weights)`), with programs decoded
// from random bytes (`casePrograms`).
//
// Every program produced here is valid (`validate(program)` is empty). Three
// rules keep it so, and keep the programs deterministic:
//  - references only point where the builder can follow them: a view's
//    `buffer` is an arraybuffer node, a proxy's `target` and an object's
//    `proto` point to a lower index (no prototype cycles, no endless lookups
//    through a proxy), effects name nodes of the right kind;
//  - only getters may `set` (setters and methods never do), so one [[Set]]
//    can run at most one more behavior: no unbounded recursion, whose depth
//    would depend on the stack the clone happened to use;
//  - keys that the kind's own contents own non-configurably (an array's
//    `length`, a string wrapper's indices, a typed array's numeric keys, a
//    RegExp's `lastIndex`) are never redefined.

import fc from 'fast-check';
import { PROGRAM_SCHEMA, fromBytes } from '../src/program/index.js';
import { anyStringRepresentation, stringRepresentations, stringRepresentationsIn } from './arbitraries/fresh-strings.js';
import { aimedPollution, aimedStep, realmSteps } from './arbitraries/realm-pollution.js';
import { anySequence } from './arbitraries/sequences.js';
import { anySize, sizeRepresentations } from './arbitraries/sizes.js';
import { strategies } from './strategies/index.js';

/** @typedef {import('./strategies/draft.js').Draft} Draft */

export { strategies };

/**
 * The string keys a draft's objects own (array indices, named properties),
 * in node order: where aimed pollution goes.
 * @param {Draft} draft
 * @returns {string[]}
 */
function ownStringKeys(draft) {
  const keys = new Set();
  for (const node of draft.objects) {
    if (node.kind === 'array') for (let i = 0; i < node.items.length; i++) keys.add(String(i));
    for (const prop of node.props ?? []) if (typeof prop.key === 'string') keys.add(prop.key);
  }
  return [...keys];
}

/**
 * Puts the strategy's value where a cell asks (cells.js PLACEMENTS): at the
 * root, inside a new object, array, Map or Set, or also named in the
 * transfer list (a transferable moves, anything else must throw
 * DataCloneError). Fast paths that start at the root (Bun #26814's arrays)
 * must stand aside for the same value one level down.
 * @param {Draft} d @param {string} placement
 * @returns {{draft: Draft, placement: string}} what was done: a primitive cannot be transferred, it stays at the root
 */
function place(d, placement) {
  const wrap = (node) => ({ draft: { ...d, root: { ref: d.objects.length }, objects: [...d.objects, node] }, placement });
  switch (placement) {
    case 'object property': return wrap({ kind: 'object', props: [{ key: 'value', value: d.root }] });
    case 'array element': return wrap({ kind: 'array', items: [d.root] });
    case 'map key': return wrap({ kind: 'map', entries: [[d.root, 'value']] });
    case 'map value': return wrap({ kind: 'map', entries: [['value', d.root]] });
    case 'set value': return wrap({ kind: 'set', values: [d.root] });
    case 'transfer list': {
      const ref = /** @type {any} */ (d.root)?.ref;
      if (typeof ref !== 'number') break;
      return { draft: { ...d, transfer: [...(d.transfer ?? []), ref] }, placement };
    }
    default: break;
  }
  return { draft: d, placement: 'root' };
}

/**
 * The pollution options for a cell's pollution class (cells.js POLLUTIONS):
 * exactly that pollution and no other.
 * @param {string} pollution
 */
function pollutionFor(pollution) {
  const none = fc.constant([]);
  const aimed = /^aimed: (sender|receiver) (setter|getter|read-only) on (.+)$/.exec(pollution);
  return {
    sender: pollution === 'sender steps' ? realmSteps : none,
    receiver: pollution === 'receiver steps' ? realmSteps : none,
    aim: aimed === null ? fc.constant(null) : fc.nat().map((pick) => ({ realm: aimed[1], how: aimed[2], on: aimed[3], pick })),
  };
}

/**
 * Adds the channel options: sender / receiver pollution (random realm
 * steps for each realm, or a step aimed at one of the value's own keys),
 * sometimes a transfer list with a fresh buffer (tiers must stand aside),
 * sometimes forStorage (shared buffers must then be refused), sometimes 2
 * or 3 deliveries (a worker channel sends the value again: engines' caches
 * outlive a message), sometimes a string no realm has seen, of any
 * representation (arbitraries/fresh-strings.js), put into the value first,
 * so that aimed pollution may name it, and rarely a size past one where
 * engines change representation (arbitraries/sizes.js), put into the value
 * or beside it, and, for a value delivered more than once, sometimes a
 * sequence (arbitraries/sequences.js). A cell (steering.js) fixes some of
 * them: its pollution, its placement, its channel mode, its string
 * representation, its size; the rest are drawn as usual, and the value stays at the
 * root unless the cell places it.
 * @param {fc.Arbitrary<{strategy: string, draft: Draft}>} drafts
 * @param {{pollution: number, channel: number, deliveries: number, strings: number, sizes: number, sequences: number}} rates weights
 *   (of 10) for pollution, non-default channels, repeated deliveries, fresh strings and, for a value delivered more
 *   than once, a sequence (a getter that renames a key or throws once, a transfer list); `sizes` of 100
 * @param {Partial<import('./cells.js').Cell>} [cell]
 * @returns {fc.Arbitrary<TaggedProgram>}
 */
function withChannel(drafts, { pollution, channel, deliveries: repeats, strings, sizes, sequences }, cell = {}) {
  const maybe = (weight, arb, otherwise) => fc.oneof({ weight: 10 - weight, arbitrary: fc.constant(otherwise) }, { weight, arbitrary: arb });
  const polluted = cell.pollution === undefined
    ? { sender: maybe(pollution, realmSteps, []), receiver: maybe(pollution, realmSteps, []), aim: maybe(pollution, aimedPollution, null) }
    : pollutionFor(cell.pollution);
  const [fixedMode, repeated] = cell.channel?.split('+') ?? [];
  return fc
    .record({
      drawn: drafts,
      ...polluted,
      mode: fixedMode === undefined ? maybe(channel, fc.constantFrom('transfer', 'storage'), 'plain') : fc.constant(fixedMode),
      // An integer, not `maybe`: it shrinks to 0, one delivery, so a finding
      // that does not need the repeats loses them (a oneof never shrinks across its arbitraries).
      deliveries: cell.channel === undefined && cell.repeat === undefined
        ? fc.integer({ min: 0, max: 9 }).map((n) => (n < 10 - repeats ? 1 : 2 + (n % 2)))
        : repeated === undefined && cell.repeat !== 'repeated' ? fc.constant(1) : fc.constantFrom(2, 3),
      // Last, so what the fields above draw for a seed is what they drew before it.
      fresh: cell.strings === undefined ? maybe(strings, anyStringRepresentation, null) : stringRepresentations[cell.strings],
      // After the fresh string, for the same reason; of 100, as the large values cost a case many times a small one's time.
      sized: cell.sizes === undefined
        ? fc.oneof({ weight: 100 - sizes, arbitrary: fc.constant(null) }, { weight: sizes, arbitrary: anySize })
        : sizeRepresentations[cell.sizes].arbitrary.map((transform) => ({ name: /** @type {string} */ (cell.sizes), transform })),
      // Last again: used only when the value is delivered more than once (arbitraries/sequences.js).
      sequence: maybe(sequences, anySequence, null),
    })
    .map(({ drawn: { strategy, draft: drawnDraft }, sender, receiver, aim, mode, deliveries, fresh, sized, sequence }) => {
      const freshened = fresh === null ? drawnDraft : fresh(drawnDraft);
      const sequenced = sequence === null || deliveries === 1 ? freshened : sequence.transform(freshened);
      const value = sized === null ? sequenced : sized.transform(sequenced);
      const { draft: d, placement } = place(value, cell.placement ?? 'root');
      /** @type {Record<string, any>} */
      const program = { schema: PROGRAM_SCHEMA, root: d.root };
      const objects = [...d.objects];
      let transfer = d.transfer ?? [];
      if (mode === 'transfer' && transfer.length === 0) {
        objects.push({ kind: 'arraybuffer', bytes: [42] });
        transfer = [objects.length - 1];
      }
      if (objects.length > 0) program.objects = objects;
      if (transfer.length > 0) program.transfer = transfer;
      if (mode === 'storage' && transfer.length === 0) program.forStorage = true;
      const aimed = { sender: [], receiver: [] };
      // The value's own keys, not its wrapper's.
      const keys = aim === null ? [] : ownStringKeys(value);
      const step = keys.length === 0 ? undefined : aimedStep(aim, keys[aim.pick % keys.length]);
      if (step !== undefined) aimed[aim.realm].push(step);
      const allSender = [...(d.sender ?? []), ...sender, ...aimed.sender];
      const allReceiver = [...(d.receiver ?? []), ...receiver, ...aimed.receiver];
      if (allSender.length > 0) program.sender = allSender;
      if (allReceiver.length > 0) program.receiver = allReceiver;
      if (deliveries > 1) program.deliveries = deliveries;
      const pollutions = [
        ...(sender.length > 0 ? ['sender steps'] : []),
        ...(receiver.length > 0 ? ['receiver steps'] : []),
        ...(step !== undefined ? [`aimed: ${aim.realm} ${aim.how} on ${aim.on}`] : []),
      ];
      const channelMode = program.forStorage ? 'storage' : transfer.length > 0 ? 'transfer' : 'plain';
      return {
        program,
        tags: {
          strategy,
          perturbation: d.perturbation ?? '-',
          perturbed: d.perturbed ?? '-',
          pollution: pollutions.length > 0 ? pollutions : ['none'],
          placement,
          channel: deliveries > 1 ? `${channelMode}+repeat` : channelMode,
          strings: stringRepresentationsIn(program),
          sizes: sized === null ? [] : [sized.name],
        },
      };
    });
}

/**
 * A program with what was drawn to make it (cells.js `Tags`).
 * @typedef {{program: Record<string, any>, tags: import('./cells.js').Tags}} TaggedProgram
 */

/** How often, of 100 generated programs, a size past an engine threshold is added (measured cost: docs/fuzzing.md). */
export const DEFAULT_SIZES = 1;

/** @param {Partial<Record<string, number>>} weights */
const channelRates = (weights) => ({
  pollution: weights.pollution ?? 2, channel: weights.channel ?? 1, deliveries: weights.deliveries ?? 2, strings: weights.strings ?? 2,
  sizes: weights.sizes ?? DEFAULT_SIZES, sequences: weights.sequences ?? 3,
});

/** Arbitraries for cells, made once each: a campaign asks for the same cells chunk after chunk. @type {Map<string, fc.Arbitrary<TaggedProgram>>} */
const cellArbitraries = new Map();

/**
 * The values a cell of one strategy is drawn with.
 * @param {import('./cells.js').Cell} cell
 * @returns {fc.Arbitrary<Draft>}
 */
function cellDrafts(cell) {
  const { arbitrary, perturbations } = strategies[cell.strategy];
  if (cell.perturbed !== undefined && cell.perturbed !== '-') return /** @type {Record<string, fc.Arbitrary<Draft>>} */ (perturbations)[cell.perturbed];
  // A place or a channel mode asks its question of the value a tier takes
  // (a perturbed value meets it in unsteered cases): a planted Int32 fast
  // path that ignores the transfer list showed in no 5,000-case run while
  // these cells drew any perturbation.
  return perturbations?.none ?? arbitrary;
}

/**
 * Programs drawn for one cell: its strategy (and perturbation; any strategy for a string representation), its
 * pollution, placement or channel mode; everything else drawn as usual.
 * @param {import('./cells.js').Cell} cell
 * @param {Partial<Record<string, number>>} weights
 * @returns {fc.Arbitrary<TaggedProgram>}
 */
export function cellPrograms(cell, weights = {}) {
  const key = `${cell.id}\n${JSON.stringify(channelRates(weights))}`;
  let programs = cellArbitraries.get(key);
  if (programs === undefined) {
    programs = withChannel(cell.strategy === 'any' ? strategyMix(weights) : cellDrafts(cell).map((draft) => ({ strategy: cell.strategy, draft })), channelRates(weights), cell);
    cellArbitraries.set(key, programs);
  }
  return programs;
}

/**
 * Valid programs from every strategy, weighted, each with its tags (which
 * strategy, perturbation, pollution and channel): what census.js counts.
 * @param {Parameters<typeof programArbitrary>[0]} [weights]
 * @returns {fc.Arbitrary<TaggedProgram>}
 */
export function taggedPrograms(weights = {}) {
  return withChannel(strategyMix(weights), channelRates(weights));
}

/**
 * The strategies, weighted, each draft with its strategy's name.
 * @param {Partial<Record<string, number>>} weights
 * @returns {fc.Arbitrary<{strategy: string, draft: Draft}>}
 */
function strategyMix(weights) {
  const mix = [];
  for (const [name, strategy] of Object.entries(strategies)) {
    const weight = weights[name] ?? strategy.weight;
    if (weight > 0) mix.push({ weight, arbitrary: strategy.arbitrary.map((draft) => ({ strategy: name, draft })) });
  }
  if (mix.length === 0) throw new TypeError('taggedPrograms: every strategy has weight 0');
  return fc.oneof(...mix);
}

/**
 * Valid programs from every strategy, weighted.
 * @param {Partial<Record<keyof typeof strategies | 'pollution' | 'channel' | 'deliveries' | 'strings' | 'sizes' | 'sequences', number>>} [weights]
 *   strategy weights (0 leaves a strategy out), plus `pollution`, `channel`, `deliveries` and `strings`:
 *   how often, out of 10, realm steps, a transfer / storage channel, 2 or 3
 *   deliveries and a fresh string are added (default 2, 1, 2 and 2), `sequences`: how often, out of 10, a
 *   value delivered more than once gets a sequence (default 3), and `sizes`: how often, out of 100,
 *   a size past an engine's threshold (default 1)
 */
export function programArbitrary(weights = {}) {
  return taggedPrograms(weights).map(({ program }) => program);
}

/** Programs decoded from random bytes by `fromBytes`: the coverage-guided fuzzers' entry point. */
export const programFromBytes = fc.uint8Array({ maxLength: 256 }).map((bytes) => fromBytes(bytes));

/**
 * What the fuzzers draw, with the tags of each generated program (null for
 * one decoded from bytes): programs from the weighted strategies, programs
 * decoded from random bytes (by default 1 in 4 unsteered), and, given a
 * plan (steering.js), programs drawn for the plan's cells (by default as
 * many as the other two together).
 * @param {Parameters<typeof programArbitrary>[0] & {bytes?: number, steer?: number}} [weights]
 *   `bytes`: the weight of decoded programs against 3 for generated ones; `steer`: the weight of
 *   the plan's cells against those 4 (default 4; 0 draws no steered program)
 * @param {import('./cells.js').Cell[]} [plan]  the cells to steer toward
 * @returns {fc.Arbitrary<{program: Record<string, any>, tags: import('./cells.js').Tags | null}>}
 */
export function taggedCasePrograms(weights = {}, plan = []) {
  const { bytes = 1, steer = 4, ...strategyWeights } = weights;
  const mix = [
    { weight: 3, arbitrary: taggedPrograms(strategyWeights) },
    ...(bytes > 0 ? [{ weight: bytes, arbitrary: programFromBytes.map((program) => ({ program, tags: null })) }] : []),
    ...(steer > 0 && plan.length > 0 ? [{ weight: steer, arbitrary: fc.oneof(...plan.map((cell) => cellPrograms(cell, strategyWeights))) }] : []),
  ];
  return mix.length === 1 ? mix[0].arbitrary : fc.oneof(...mix);
}

/**
 * What the fuzzers draw (`taggedCasePrograms`), the programs alone.
 * @param {Parameters<typeof taggedCasePrograms>[0]} [weights]
 * @param {import('./cells.js').Cell[]} [plan]
 */
export function casePrograms(weights = {}, plan = []) {
  return taggedCasePrograms(weights, plan).map(({ program }) => program);
}
