// fast-check arbitraries that produce programs (docs/program.md, schema
// clonecheck/program@1): what `clonecheck fuzz`, `clonecheck selfcheck` and
// the property tests draw.
//
// Small arbitraries are composed into bigger ones, each in a file of its
// own, read bottom up: arbitraries/ holds the parts of a program (numbers,
// strings, primitives, keys, behaviors and effects, props, realm pollution,
// buffers, object nodes and random object graphs); families/ holds whole
// programs aimed at the boundaries of the fast-path tiers (values that are
// *almost* eligible for a tier); this file adds the channel options and
// mixes the families (`programArbitrary(weights)`), with programs decoded
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
import { anyStringRepresentation } from './arbitraries/fresh-strings.js';
import { aimedPollution, aimedStep, realmSteps } from './arbitraries/realm-pollution.js';
import { families } from './families/index.js';

/** @typedef {import('./families/draft.js').Draft} Draft */

export { families };

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
 * Adds the channel options: sender / receiver pollution (random realm
 * steps for each realm, or a step aimed at one of the value's own keys),
 * sometimes a transfer list with a fresh buffer (tiers must stand aside),
 * sometimes forStorage (shared buffers must then be refused), sometimes 2
 * or 3 deliveries (a worker channel sends the value again: engines' caches
 * outlive a message), sometimes a string no realm has seen, of any
 * representation (arbitraries/fresh-strings.js), put into the value first,
 * so that aimed pollution may name it.
 * @param {fc.Arbitrary<{family: string, draft: Draft}>} drafts
 * @param {{pollution: number, channel: number, deliveries: number, strings: number}} rates weights (of 10) for pollution,
 *   non-default channels, repeated deliveries and fresh strings
 * @returns {fc.Arbitrary<TaggedProgram>}
 */
function withChannel(drafts, { pollution, channel, deliveries: repeats, strings }) {
  const maybe = (weight, arb, otherwise) => fc.oneof({ weight: 10 - weight, arbitrary: fc.constant(otherwise) }, { weight, arbitrary: arb });
  return fc
    .record({
      drawn: drafts,
      sender: maybe(pollution, realmSteps, []),
      receiver: maybe(pollution, realmSteps, []),
      aim: maybe(pollution, aimedPollution, null),
      mode: maybe(channel, fc.constantFrom('transfer', 'storage'), 'plain'),
      // An integer, not `maybe`: it shrinks to 0, one delivery, so a finding
      // that does not need the repeats loses them (a oneof never shrinks across its arbitraries).
      deliveries: fc.integer({ min: 0, max: 9 }).map((n) => (n < 10 - repeats ? 1 : 2 + (n % 2))),
      // Last, so what the fields above draw for a seed is what they drew before it.
      fresh: maybe(strings, anyStringRepresentation, null),
    })
    .map(({ drawn: { family, draft: drawnDraft }, sender, receiver, aim, mode, deliveries, fresh }) => {
      const d = fresh === null ? drawnDraft : fresh(drawnDraft);
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
      const keys = aim === null ? [] : ownStringKeys(d);
      const step = keys.length === 0 ? undefined : aimedStep(aim, keys[aim.pick % keys.length]);
      if (step !== undefined) aimed[aim.realm].push(step);
      const allSender = [...(d.sender ?? []), ...sender, ...aimed.sender];
      const allReceiver = [...(d.receiver ?? []), ...receiver, ...aimed.receiver];
      if (allSender.length > 0) program.sender = allSender;
      if (allReceiver.length > 0) program.receiver = allReceiver;
      if (deliveries > 1) program.deliveries = deliveries;
      const pollutionParts = [
        ...(sender.length > 0 ? ['sender steps'] : []),
        ...(receiver.length > 0 ? ['receiver steps'] : []),
        ...(step !== undefined ? [`aimed: ${aim.realm} ${aim.how} on ${aim.on}`] : []),
      ];
      return {
        program,
        tags: { family, perturbation: d.perturbation ?? '-', pollution: pollutionParts.join(' + ') || 'none', channel: mode },
      };
    });
}

/**
 * A program with what was drawn to make it.
 * @typedef {{program: Record<string, any>, tags: {family: string, perturbation: string, pollution: string, channel: string}}} TaggedProgram
 */

/**
 * Valid programs from every family, weighted, each with its tags (which
 * family, perturbation, pollution and channel): what census.js counts.
 * @param {Parameters<typeof programArbitrary>[0]} [weights]
 * @returns {fc.Arbitrary<TaggedProgram>}
 */
export function taggedPrograms(weights = {}) {
  const mix = [];
  for (const [name, family] of Object.entries(families)) {
    const weight = weights[name] ?? family.weight;
    if (weight > 0) mix.push({ weight, arbitrary: family.arbitrary.map((draft) => ({ family: name, draft })) });
  }
  if (mix.length === 0) throw new TypeError('taggedPrograms: every family has weight 0');
  return withChannel(fc.oneof(...mix), {
    pollution: weights.pollution ?? 2, channel: weights.channel ?? 1, deliveries: weights.deliveries ?? 2, strings: weights.strings ?? 2,
  });
}

/**
 * Valid programs from every family, weighted.
 * @param {Partial<Record<keyof typeof families | 'pollution' | 'channel' | 'deliveries' | 'strings', number>>} [weights]
 *   family weights (0 leaves a family out), plus `pollution`, `channel`, `deliveries` and `strings`:
 *   how often, out of 10, realm steps, a transfer / storage channel, 2 or 3
 *   deliveries and a fresh string are added (default 2, 1, 2 and 2)
 */
export function programArbitrary(weights = {}) {
  return taggedPrograms(weights).map(({ program }) => program);
}

/** Programs decoded from random bytes by `fromBytes`: the coverage-guided fuzzers' entry point. */
export const programFromBytes = fc.uint8Array({ maxLength: 256 }).map((bytes) => fromBytes(bytes));

/**
 * What the fuzzers draw: programs from the weighted families, and programs
 * decoded from random bytes (by default one in four).
 * @param {Parameters<typeof programArbitrary>[0] & {bytes?: number}} [weights]
 *   `bytes`: the weight of decoded programs against 3 for generated ones
 */
export function casePrograms(weights = {}) {
  const { bytes = 1, ...familyWeights } = weights;
  if (bytes === 0) return programArbitrary(familyWeights);
  return fc.oneof(
    { weight: 3, arbitrary: programArbitrary(familyWeights) },
    { weight: bytes, arbitrary: programFromBytes },
  );
}
