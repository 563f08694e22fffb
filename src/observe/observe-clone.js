// observeClone({input, clone, effects}): one case, observed.
//
// Besides the result (or the thrown value) it records the two promises every
// structured clone makes about its input: the clone shares no object with it,
// and cloning did not change it, except through the program's own getters
// (whose changes are then the same for every correct implementation, and are
// recorded so they can be compared too).
//
// A case is first observed as tapes (tape.js: the input before and after, the
// clone), an ObservedCase; its JSON case observation is made from them when
// asked for (`caseObservationOf`). A fuzzer compares two observed cases with
// `sameObservedCase` and makes the JSON of the few that differ.

import { CreateDataProperty } from '../abstract-ops/object-operations.js';
import {
  MapCtor, MapPrototypeHas, MapPrototypeSet, ObjectGetOwnPropertyDescriptor, ObjectHasOwn,
  ReflectOwnKeys, newList, record,
} from '../primordials/intrinsics.js';
import { sameJSON } from './canonical-json.js';
import { appendOutput, finishOutput, outputList } from './output.js';
import { diff } from './diff.js';
import { observe, observeGraph, option, probePorts, readBlobBytes } from './observe.js';
import { probeStreams } from './probe-streams.js';
import { observationOf, sameTape } from './tape.js';
import { observeThrown } from './thrown.js';
import { isHostLimitError } from '../html/errors.js';

/** The schema name of a case observation; bump the number when its format changes. */
export const CASE_OBSERVATION_SCHEMA = 'clonecheck/case-observation@1';

/**
 * @typedef {object} CaseObservation
 * @property {string} schema  CASE_OBSERVATION_SCHEMA
 * @property {'value' | 'throw'} outcome
 * @property {import('./observe.js').Observation} [value]  when outcome is 'value'
 * @property {import('./thrown.js').ThrownObservation} [thrown]  when outcome is 'throw'
 * @property {object[]} effects  the effects log entries added while cloning
 * @property {boolean} inputUnchanged
 * @property {import('./diff.js').Difference[]} inputChanges  diff(input before, input after)
 * @property {boolean} sharesNoObject
 */

/**
 * @typedef {object} CloneCaseOptions
 * @property {unknown} input  the value to clone
 * @property {() => unknown} clone  clones it (throws to report a thrown value)
 * @property {object[]} [effects]  the program's effects log
 * @property {object} [realm]  the global object of the realm the result is observed in
 */

/**
 * A case as the walks saw it, before it is written as JSON.
 * @typedef {object} ObservedCase
 * @property {boolean} threw
 * @property {import('./tape.js').Tape | undefined} value  the clone's tape (outcome 'value', observed here)
 * @property {import('./thrown.js').ThrownObservation | undefined} thrown  when it threw
 * @property {object[]} effects  the effects log entries added while cloning
 * @property {import('./tape.js').Tape} before  the input's tape before cloning
 * @property {import('./tape.js').Tape} after  and after
 * @property {boolean} inputUnchanged
 * @property {boolean} sharesNoObject
 * @property {import('./observe.js').BlobSlot[]} [blobs]  the Blobs of the clone, whose bytes `readClonedBlobBytes` reads
 * @property {import('./observe.js').BlobSlot[]} [ports]  the MessagePorts of the clone, which `probeClonedPorts` probes
 * @property {import('./observe.js').BlobSlot[]} [streams]  the ReadableStreams and WritableStreams of the clone, which `probeClonedStreams` probes
 */

/**
 * @param {CloneCaseOptions} options
 * @returns {CaseObservation}
 */
export function observeClone(options) {
  return caseObservationOf(observeCase(options));
}

/**
 * observeClone, ending with the ObservedCase instead of its JSON.
 * @param {CloneCaseOptions} options
 * @returns {ObservedCase}
 */
export function observeCase(options) {
  const finish = beginObservedCase(options);
  let threw = false;
  let result;
  try {
    result = option(options, 'clone')();
  } catch (error) {
    threw = true;
    result = error;
  }
  return finish(threw, result);
}

/**
 * observeClone in two halves, for a clone that settles later (a message
 * channel, an async implementation): this observes the input now and returns
 * the function that, given how the clone ended, observes the rest. The caller
 * awaits in between; it must not settle a promise with an observation while a
 * program's pollution is in place (settling reads `then`, which
 * Object.prototype may have as a getter), so the halves are synchronous.
 *
 * With `landsElsewhere`, the clone lands in another agent (a worker's realm,
 * a BroadcastChannel's receivers): `finish(false)` then observes the sending
 * side only, and `completeLanded` adds what each receiver saw.
 * @param {{input: unknown, effects?: object[], realm?: object, landsElsewhere?: boolean}} options
 * @returns {(threw: boolean, result: unknown) => CaseObservation} `result` is the clone, or the thrown value
 */
export function beginCloneObservation(options) {
  const finish = beginObservedCase(options);
  return (threw, result) => caseObservationOf(finish(threw, result));
}

/**
 * beginCloneObservation, ending with the ObservedCase instead of its JSON.
 * @param {{input: unknown, effects?: object[], realm?: object, landsElsewhere?: boolean}} options
 * @returns {(threw: boolean, result: unknown) => ObservedCase}
 */
export function beginObservedCase(options) {
  const input = option(options, 'input');
  const effects = option(options, 'effects');
  const observeOptions = record({ realm: option(options, 'realm') ?? globalThis });
  const started = record({
    input, effects, observeOptions, landsElsewhere: option(options, 'landsElsewhere') === true,
    before: observeGraph(input, observeOptions),
    effectsBefore: effects === undefined ? 0 : effects.length,
  });
  return (threw, result) => {
    // The reference's "cannot judge this here" is no outcome to observe: the case is a harness error (errors.js).
    if (threw && isHostLimitError(result)) throw result;
    return finishCase(started, threw, result);
  };
}

/**
 * The case observation of an observed case (its JSON).
 * @param {ObservedCase} observed
 * @returns {CaseObservation}
 */
export function caseObservationOf({ threw, value, thrown, effects, before, after, inputUnchanged, sharesNoObject }) {
  const rest = {
    effects,
    inputUnchanged,
    inputChanges: inputUnchanged ? [] : diff(observationOf(before), observationOf(after)),
    sharesNoObject,
  };
  return caseObservation(threw, threw ? thrown : value === undefined ? undefined : observationOf(value), rest);
}

/**
 * Whether two observed cases surely have the same case observation
 * (sameJSON of their caseObservationOf), decided from their tapes without
 * making it. False when they differ, and also when both inputs changed from
 * different starting points (their inputChanges may still agree): compare
 * the case observations then.
 * @param {ObservedCase} a
 * @param {ObservedCase} b
 * @returns {boolean}
 */
export function sameObservedCase(a, b) {
  if (a.threw !== b.threw || a.inputUnchanged !== b.inputUnchanged || a.sharesNoObject !== b.sharesNoObject) return false;
  if (a.threw ? !sameJSON(a.thrown, b.thrown) : !sameOptionalTape(a.value, b.value)) return false;
  if (!sameJSON(a.effects, b.effects)) return false;
  // inputChanges: none on either side, or diff(before, after) on each, the same when both tapes are.
  return a.inputUnchanged || (sameTape(a.before, b.before) && sameTape(a.after, b.after));
}

/**
 * @param {import('./tape.js').Tape | undefined} a
 * @param {import('./tape.js').Tape | undefined} b
 */
function sameOptionalTape(a, b) {
  return a === undefined || b === undefined ? a === b : sameTape(a, b);
}

/**
 * The receiving side of a clone that lands in another agent: the clone
 * observed in the realm it landed in (after that realm's set-up), and the
 * effects that realm's set-up logged while it arrived (entries from
 * `effectsBefore` on). `completeLanded` takes it on the sending side.
 * @param {unknown} clone
 * @param {object[]} effects the receiving realm's effects log
 * @param {number} effectsBefore its length when the clone started arriving
 * @param {object} [realm]
 * @returns {Landed}
 */
export function observeLanded(clone, effects, effectsBefore, realm = globalThis) {
  const landedEffects = outputList();
  for (let i = effectsBefore; i < effects.length; i++) appendOutput(landedEffects, copyEffect(effects[i]));
  return { value: observe(clone, record({ realm })), effects: finishOutput(landedEffects) };
}

/** @typedef {{value: import('./observe.js').Observation, effects: unknown[]}} Landed */

/**
 * The case observation of a clone that landed in another agent: the sending
 * side's (`beginCloneObservation` with `landsElsewhere`, which sent without
 * throwing) completed with what one receiver saw, or with the error the
 * delivery ended in (a receiver that could not deserialize the value).
 * @param {CaseObservation} sent
 * @param {boolean} threw
 * @param {unknown} result a `Landed` (observeLanded's), or the thrown value
 * @returns {CaseObservation}
 */
export function completeLanded(sent, threw, result) {
  // Serialization ends before deserialization starts: the receiver's entries come after the sender's.
  const effects = outputList();
  for (let i = 0; i < sent.effects.length; i++) appendOutput(effects, sent.effects[i]);
  if (!threw) {
    const landedEffects = /** @type {Landed} */ (result).effects;
    for (let i = 0; i < landedEffects.length; i++) appendOutput(effects, landedEffects[i]);
  }
  const rest = {
    effects: finishOutput(effects),
    inputUnchanged: sent.inputUnchanged,
    inputChanges: sent.inputChanges,
    sharesNoObject: sent.sharesNoObject,
  };
  return threw
    ? caseObservation(true, observeThrown(result, record({ realm: globalThis })), rest)
    : caseObservation(false, /** @type {Landed} */ (result).value, rest);
}

/**
 * @param {boolean} threw
 * @param {any} observed  the thrown value's observation, or the clone's
 * @param {Pick<CaseObservation, 'effects' | 'inputUnchanged' | 'inputChanges' | 'sharesNoObject'>} rest
 * @returns {CaseObservation}
 */
function caseObservation(threw, observed, rest) {
  return threw
    ? { schema: CASE_OBSERVATION_SCHEMA, outcome: 'throw', thrown: observed, ...rest }
    : { schema: CASE_OBSERVATION_SCHEMA, outcome: 'value', value: observed, ...rest };
}

/**
 * @param {{input: unknown, effects: object[] | undefined, observeOptions: object, landsElsewhere: boolean, before: ReturnType<typeof observeGraph>, effectsBefore: number}} started
 * @param {boolean} threw
 * @param {unknown} result the clone, or the thrown value (nothing when the clone lands elsewhere)
 * @returns {ObservedCase}
 */
function finishCase({ input, effects, observeOptions, landsElsewhere, before, effectsBefore }, threw, result) {
  const effectsAfter = effects === undefined ? 0 : effects.length;
  const after = observeGraph(input, observeOptions);

  let thrown;
  let value;
  let sharesNoObject = true;
  /** @type {import('./observe.js').BlobSlot[] | undefined} */
  let blobs;
  /** @type {import('./observe.js').BlobSlot[] | undefined} */
  let ports;
  /** @type {import('./observe.js').BlobSlot[] | undefined} */
  let streams;
  if (threw) {
    thrown = observeThrown(result, observeOptions);
  } else if (!landsElsewhere) {
    const cloned = observeGraph(result, observeOptions);
    value = cloned.tape;
    blobs = cloned.blobs;
    ports = cloned.ports;
    streams = cloned.streams;
    sharesNoObject = !sharesAny(cloned.objects, before.objects, after.objects);
  }
  const loggedEffects = outputList();
  // The cast: without a log, effectsBefore = effectsAfter = 0.
  for (let i = effectsBefore; i < effectsAfter; i++) appendOutput(loggedEffects, copyEffect(/** @type {object[]} */ (effects)[i]));
  return record({
    threw, value, thrown, effects: finishOutput(loggedEffects), before: before.tape, after: after.tape,
    inputUnchanged: sameTape(before.tape, after.tape), sharesNoObject, blobs, ports, streams,
  });
}

/**
 * Reads the bytes of the Blobs and Files of an observed case's clone into
 * its tape (a walk cannot: script reads them only asynchronously). A case
 * observed without this says 'unread' for them, on both sides alike.
 * @param {ObservedCase} observed
 * @returns {Promise<void>}
 */
export async function readClonedBlobBytes(observed) {
  if (observed.value !== undefined && observed.blobs !== undefined && observed.blobs.length > 0) await readBlobBytes(observed.value, observed.blobs);
}

/**
 * Writes what each MessagePort of an observed case's clone receives from the
 * program's kept other ends into its tape (observe.js `probePorts`), and
 * closes the case's ports. A case observed without this says 'unread' for
 * them, on both sides alike.
 * @param {ObservedCase} observed
 * @param {import('./observe.js').BuiltPort[] | undefined} built the program's ports (Built `ports`)
 * @returns {Promise<void>}
 */
export async function probeClonedPorts(observed, built) {
  const slots = observed.value !== undefined && observed.ports !== undefined ? observed.ports : newList();
  if (slots.length > 0 || (built !== undefined && built.length > 0)) await probePorts(observed.value ?? newList(), slots, built ?? newList());
}

/**
 * Writes what each stream of an observed case's clone yields, or where
 * what is written to it arrives (probe-streams.js `probeStreams`), into its
 * tape. A case observed without this says 'unread' for them, on both sides alike.
 * @param {ObservedCase} observed
 * @param {import('./observe.js').BuiltSink[] | undefined} sinks the program's WritableStreams' sinks (Built `sinks`)
 * @returns {Promise<void>}
 */
export async function probeClonedStreams(observed, sinks) {
  if (observed.value !== undefined && observed.streams !== undefined && observed.streams.length > 0) {
    await probeStreams(observed.value, observed.streams, sinks ?? newList());
  }
}

/**
 * @param {object[]} cloned objects met in the clone
 * @param {object[]} inputBefore objects met in the input before cloning
 * @param {object[]} inputAfter and after (a getter may have added some)
 * @returns {boolean} whether any object of the clone is one of the input's
 */
function sharesAny(cloned, inputBefore, inputAfter) {
  const inputObjects = new MapCtor();
  for (let i = 0; i < inputBefore.length; i++) MapPrototypeSet(inputObjects, inputBefore[i], true);
  for (let i = 0; i < inputAfter.length; i++) MapPrototypeSet(inputObjects, inputAfter[i], true);
  for (let i = 0; i < cloned.length; i++) if (MapPrototypeHas(inputObjects, cloned[i])) return true;
  return false;
}

/**
 * A JSON-shaped copy of one effects log entry (docs/program.md: `{event, on,
 * key}`): its own data properties, strings and finite numbers as they are,
 * anything else as a value observation.
 * @param {unknown} entry
 * @returns {unknown}
 */
function copyEffect(entry) {
  if (typeof entry !== 'object' || entry === null) return observe(entry);
  const copy = {};
  const keys = ReflectOwnKeys(entry);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    // The cast: the key is one of its own.
    const descriptor = /** @type {PropertyDescriptor} */ (ObjectGetOwnPropertyDescriptor(entry, key));
    if (typeof key !== 'string' || !ObjectHasOwn(descriptor, 'value')) continue;
    const value = descriptor.value;
    const plain = typeof value === 'string' || typeof value === 'boolean' || value === null
      || (typeof value === 'number' && value - value === 0);
    CreateDataProperty(copy, key, plain ? value : observe(value));
  }
  return copy;
}
