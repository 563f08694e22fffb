// One case: build a program, let the receiving realm's set-up run, clone the
// value with some clone function, observe everything (src/observe), and put
// the realm back. Portable: it imports only src/ (and receivers/messages.js,
// which imports only src/ too), so the fuzzer (Node), the
// self-check and every repro.mjs (bundled, in Node, Bun or Deno) run the very
// same code.
//
// Between the build and the restore the realm is polluted, so nothing here
// looks up a global or an inherited property in that window: only src/ runs.

import {
  beginCloneObservation, beginObservedCase, caseObservationOf, completeLanded, countSelection, diff, observe, observeCase, observeClone,
  postMessageTransferList, probeClonedPorts, probeClonedStreams, readClonedBlobBytes, sameJSON, sameObservedCase, selectTier, structuredClone, toTransferList,
} from '../../src/index.js';
import { isMessageError } from '../targets/receivers/messages.js';

/**
 * @typedef {{transfer: unknown[] | undefined, forStorage: boolean, spec?: string, transferList?: object[]}} CloneCallOptions  `transfer`: none where the channel passes no list; `spec`: the spec
 *   profile the reference follows (src/html/profiles.js), `transferList`: the reference's transfer list, already
 *   converted (src/html/structured-clone.js); other implementations ignore both
 * @typedef {(value: unknown, options: CloneCallOptions) => unknown} CloneFunction
 *   a structured clone implementation under test, or the reference: returns the clone
 * @typedef {(value: unknown, options: CloneCallOptions) => Promise<{value: unknown}>} SettlingCloneFunction
 *   one that settles later, with the clone boxed (`settled`)
 */

/**
 * The reference engine as a clone function, with its tiers on or off;
 * `coverage` collects the tiers' guard coverage.
 * @param {{tiers: boolean, coverage?: object}} options
 * @returns {CloneFunction}
 */
export function referenceClone({ tiers, coverage }) {
  return (value, { transfer, forStorage, spec, transferList }) => structuredClone(value, { tiers, coverage, transfer, forStorage, spec, transferList });
}

/**
 * A clone function called with the run's spec profile (`--spec`) added to
 * its options; without a profile, the function itself.
 * @template {CloneFunction | SettlingCloneFunction} F
 * @param {F} cloneFunction
 * @param {string | undefined} spec
 * @returns {F}
 */
export function withSpec(cloneFunction, spec) {
  if (spec === undefined) return cloneFunction;
  return /** @type {F} */ ((value, { transfer, forStorage }) => cloneFunction(value, { transfer, forStorage, spec }));
}

/**
 * The oracle as a clone function: the reference's spec path. With `coverage`,
 * it first counts which tier would have taken the value and why the tiers
 * before it refused (the guard coverage of the generated cases).
 * @param {Record<string, Record<string, number>> | undefined} coverage
 * @param {import('../targets/programs.js').TransferArgument} [transferArgument] how the channel
 *   passes the transfer list: without one (BroadcastChannel, an engine's serializer) nothing is
 *   converted, so a polluted Array.prototype[@@iterator] is never called; as postMessage's
 *   overloaded second argument it is converted as WebIDL's overload resolution says
 * @param {string} [spec] the spec profile (src/html/profiles.js); default `html`
 * @returns {CloneFunction}
 */
export function oracleClone(coverage, transferArgument = 'sequence', spec = undefined) {
  const specPath = referenceClone({ tiers: false });
  return (value, { transfer, forStorage }) => {
    const options = { ...transferOptions(transferArgument, transfer, forStorage), spec };
    if (coverage !== undefined) countSelection(coverage, selectTier(value, options));
    return specPath(value, options);
  };
}

/**
 * The reference's options for a transfer list passed the channel's way.
 * @param {import('../targets/programs.js').TransferArgument} transferArgument
 * @param {unknown[] | undefined} transfer
 * @param {boolean} forStorage
 */
function transferOptions(transferArgument, transfer, forStorage) {
  if (transferArgument === 'none') return { transfer: undefined, forStorage };
  if (transferArgument === 'sequence') return { transfer, forStorage };
  const transferList = postMessageTransferList(transfer);
  // `transfer` too, converted: the tiers' guards look at it.
  return { transfer: transferList, transferList, forStorage };
}

/**
 * The transfer list of one send through a channel, converted the channel's
 * way (`oracleClone`), for the reference's StructuredSerializeWithTransfer.
 * @param {import('../targets/programs.js').TransferArgument} transferArgument
 * @param {unknown} transfer
 * @returns {object[]}
 */
export function convertedTransferList(transferArgument, transfer) {
  if (transferArgument === 'none') return [];
  return transferArgument === 'overloaded' ? postMessageTransferList(transfer) : toTransferList(transfer);
}

/**
 * `oracleClone` as a settling clone function, for `cloneCaseAsync` beside a target's.
 * @param {Record<string, Record<string, number>> | undefined} coverage
 * @param {import('../targets/programs.js').TransferArgument} [transferArgument]
 * @param {string} [spec]
 * @returns {SettlingCloneFunction}
 */
export function oracleCloneFunction(coverage, transferArgument = 'sequence', spec = undefined) {
  return settlingCloneFunction({ default: oracleClone(coverage, transferArgument, spec) });
}

const PromiseCtor = Promise;
const setTimer = globalThis.setTimeout;

/** @returns {Promise<void>} settles in a later task of the event loop, after every promise job queued before */
function nextTurn() {
  return new PromiseCtor((resolve) => { setTimer(resolve, 0); });
}
const PromiseResolve = Promise.resolve.bind(Promise);
const PromisePrototypeThen = Function.prototype.call.bind(Promise.prototype.then);

/**
 * A settled clone, boxed in a null-prototype record: settling a promise with
 * it reads no `then` from the clone (src/observe/observe-clone.js).
 * @param {unknown} value
 * @returns {{__proto__?: null, value: unknown}}
 */
export function settled(value) {
  return { __proto__: null, value };
}

/**
 * The settling clone function of a clone function module
 * (portable/targets/clone-functions/, or a user's `impl:` module): its default
 * export returns the clone or a Promise of it (a Promise means "async"); a
 * module that exports `settlesBoxed = true` already settles with `settled(clone)`.
 * @param {{default: Function, settlesBoxed?: boolean}} module
 * @returns {SettlingCloneFunction}
 */
export function settlingCloneFunction(module) {
  const clone = module.default;
  if (module.settlesBoxed === true) return /** @type {SettlingCloneFunction} */ (clone);
  return (value, options) => {
    const result = clone(value, options);
    return result instanceof PromiseCtor ? PromisePrototypeThen(result, settled) : PromiseResolve(settled(result));
  };
}

/**
 * Builds the program with `makeBuilt`, applies the receiver's realm set-up,
 * clones the value the way the program says (transfer list, forStorage) and
 * observes the case. With `observeInput`, also observes the built value and
 * the effects logged so far, before the receiver's set-up and the clone.
 * The realm is restored even when something throws.
 * @param {any} program
 * @param {() => import('../../src/program/build.js').Built} makeBuilt `build(program)` or the emitted source's function
 * @param {CloneFunction} cloneFunction
 * @param {{observeInput?: boolean}} [options]
 * @returns {{input?: {value: unknown, effects: unknown[]}, clone: import('../../src/observe/observe-clone.js').CaseObservation}}
 */
export function cloneCase(program, makeBuilt, cloneFunction, { observeInput = false } = {}) {
  const built = makeBuilt();
  let input;
  let effectsBefore = 0;
  let clone;
  try {
    if (observeInput) {
      input = observe(built.value);
      effectsBefore = built.effects.length;
    }
    built.setupReceiver();
    clone = observeClone(caseOptions(program, built, cloneFunction));
  } finally {
    built.restore();
  }
  if (!observeInput) return { clone };
  // Copied once the realm is restored: Array.from and slice are safe again.
  return { input: { value: input, effects: Array.from(built.effects).slice(0, effectsBefore) }, clone };
}

/**
 * `cloneCase` without the input's observation, ending with the ObservedCase
 * (src/observe/observe-clone.js): its JSON is made only if someone asks
 * (`seenDeviations`), so a case that passes makes none (the native harness
 * judges every fuzzer input this way).
 * @param {any} program
 * @param {() => import('../../src/program/build.js').Built} makeBuilt
 * @param {CloneFunction} cloneFunction
 * @returns {import('../../src/observe/observe-clone.js').ObservedCase}
 */
export function observedCase(program, makeBuilt, cloneFunction) {
  const built = makeBuilt();
  try {
    built.setupReceiver();
    return observeCase(caseOptions(program, built, cloneFunction));
  } finally {
    built.restore();
  }
}

/**
 * `cloneCase` for a clone function that may settle later (a message channel,
 * an implementation returning a Promise). The realm stays set up until it settles.
 * @param {any} program
 * @param {() => import('../../src/program/build.js').Built} makeBuilt
 * @param {SettlingCloneFunction} cloneFunction
 * @returns {Promise<import('../../src/observe/observe-clone.js').CaseObservation>}
 */
export async function cloneCaseAsync(program, makeBuilt, cloneFunction) {
  return caseObservationOf(await observedCaseAsync(program, makeBuilt, cloneFunction));
}

/**
 * `cloneCaseAsync`, ending with the ObservedCase (src/observe/observe-clone.js):
 * its JSON is made only if someone asks (`caseObservationOf`).
 * @param {any} program
 * @param {() => import('../../src/program/build.js').Built} makeBuilt
 * @param {SettlingCloneFunction} cloneFunction
 * @returns {Promise<import('../../src/observe/observe-clone.js').ObservedCase>}
 */
export async function observedCaseAsync(program, makeBuilt, cloneFunction) {
  const built = makeBuilt();
  let observed;
  try {
    built.setupReceiver();
    observed = await observedCall(caseOptions(program, built, cloneFunction));
  } finally {
    built.restore();
  }
  // A Blob's bytes can only be read asynchronously: here, on both sides of a
  // comparison, once the realm is restored: the host's own reading code runs
  // on its built-ins (Node 20 aborts the process, node_blob.cc Concat's
  // assertion, reading a Blob while Array.prototype has an index accessor).
  await readClonedBlobBytes(observed);
  // Where a MessagePort of the clone is entangled: messages arrive as tasks.
  await probeClonedPorts(observed, built.ports);
  // A transferred stream's chunks cross a MessagePort too.
  await probeClonedStreams(observed, built.sinks);
  // The host's stream machinery the case started (a pipe closing, locks
  // released) ends in chains of promise jobs: a turn of the event loop lets
  // them run out now, not in the next case's polluted window, whose first
  // await would run them under that program's pollution (src/html/host-tasks.js).
  if (observed.streams !== undefined && observed.streams.length > 0) await nextTurn();
  // A null-prototype record: settling this async function with it reads no `then`.
  return observed;
}

/**
 * One call of an asynchronous clone function, observed as a case: its
 * value, or what it threw.
 * @param {ReturnType<typeof caseOptions<SettlingCloneFunction>>} options
 * @returns {Promise<import('../../src/observe/observe-clone.js').ObservedCase>}
 */
async function observedCall({ input, clone, effects }) {
  const finish = beginObservedCase({ input, effects });
  let threw = false;
  let result;
  try {
    // Settles with a null-prototype box: no `then` is read from the clone.
    result = (await clone()).value;
  } catch (error) {
    threw = true;
    result = error;
  }
  return finish(threw, result);
}

/**
 * `observedCaseAsync` for a program delivered several times to a clone
 * function in this realm (an `impl:` module: docs/program.md `deliveries`):
 * one build, then one call per delivery, in order, each observed as a case
 * of its own, all before the realm is restored. Every call gets the same
 * value and the same options object, transfer list included: a module
 * called again with the list it already detached must throw
 * DataCloneError, as structuredClone does, and whatever its getters
 * changed goes with the next call, as a worker channel's sends do.
 * @param {any} program
 * @param {() => import('../../src/program/build.js').Built} makeBuilt
 * @param {SettlingCloneFunction} cloneFunction
 * @returns {Promise<CaseObservation[]>} one per delivery
 */
export async function clonedDeliveriesAsync(program, makeBuilt, cloneFunction) {
  const deliveries = deliveriesOf(program);
  // Filled while the program's pollution is in place: own slots, so no inherited setter runs.
  const observed = Array.from({ length: deliveries });
  const built = makeBuilt();
  try {
    built.setupReceiver();
    const options = caseOptions(program, built, cloneFunction);
    for (let i = 0; i < deliveries; i++) observed[i] = await observedCall(options);
  } finally {
    built.restore();
  }
  /** @type {CaseObservation[]} */
  const cases = [];
  for (const one of /** @type {import('../../src/observe/observe-clone.js').ObservedCase[]} */ (observed)) {
    await readClonedBlobBytes(one);
    await probeClonedPorts(one, built.ports);
    await probeClonedStreams(one, built.sinks);
    cases.push(caseObservationOf(one));
  }
  // As observedCaseAsync: the stream machinery the case started runs out now, not in the next case's pollution.
  if (observed.some((one) => one.streams !== undefined && one.streams.length > 0)) await nextTurn();
  return cases;
}

/**
 * What a clone function in this realm makes of a case, as the judge holds
 * it: one observed case, or, where the target calls its module once per
 * delivery (`repeats`: an `impl:` module) and the program asks for more
 * than one, the observations of each (`clonedDeliveriesAsync`).
 * @param {any} program
 * @param {() => import('../../src/program/build.js').Built} makeBuilt
 * @param {SettlingCloneFunction} cloneFunction
 * @param {boolean} repeats
 * @returns {Promise<SeenCase>}
 */
export async function seenCaseHere(program, makeBuilt, cloneFunction, repeats) {
  if (repeats && deliveriesOf(program) > 1) return seenElsewhere(await clonedDeliveriesAsync(program, makeBuilt, cloneFunction));
  return seenHere(await observedCaseAsync(program, makeBuilt, cloneFunction));
}

/**
 * A channel whose value lands in receiving realms elsewhere (workers:
 * portable/targets/clone-functions/worker.js, broadcast.js). One case sends
 * the value `deliveries` times: every `send` before the first `landed`, then
 * one `landed` per `send`, in order.
 * @typedef {object} Delivery
 * @property {(receiverSteps: string, deliveries: number) => Promise<void>} prepare  each receiver
 *   applies the receiving realm's steps (JSON text) and keeps them for the case's `deliveries` values
 * @property {(value: unknown, transfer: unknown[] | undefined) => void} send  serializes and sends, or
 *   throws what serialization threw (called while the sender's pollution is in place);
 *   `transfer` undefined: postMessage without a transfer argument
 * @property {() => Promise<string | null>} landed  the JSON text of the list of what each
 *   receiver observed of the next sent value (observeLanded), null when its `send` threw; rejects
 *   with a MessageError (receivers/messages.js) when a receiver could not deserialize
 *   the value, with a MessageLost when its message never came, with ReceiverDied when a receiving worker died
 * @property {() => void} [sent]  every `send` of the case is done and the sender's realm restored: the channel
 *   posts its fence after the values (receivers/realm.js), out of the reach of the program's pollution
 */

/**
 * @typedef {import('../../src/observe/observe-clone.js').CaseObservation} CaseObservation
 * @typedef {CaseObservation | CaseObservation[]} DeliveredObservation  what one receiver
 *   observed of a case: its case observation, or, for a program delivered more than once
 *   (docs/program.md `deliveries`), one per delivery
 */

/**
 * @param {any} program
 * @returns {number} how many times a worker channel delivers the program's value (docs/program.md)
 */
export function deliveriesOf(program) {
  return program.deliveries ?? 1;
}

/**
 * A case whose clone lands in other realms (workers): the receivers are
 * set up, the program is built here with its sender steps only, the value
 * is sent as many times as the program says (each send serializes it again:
 * its getters run again, and may change it for the next), and the sending
 * side of each send is observed and the realm restored before anything is
 * awaited (a runtime's own message dispatch would otherwise run under the
 * program's pollution: Node 22's calls handler.apply, Deno's
 * originalOp.call). Only the first send has the transfer list: its buffers
 * are detached after it (a repeat that holds one in its value throws
 * DataCloneError, as the spec says). One observation per receiver.
 * @param {any} program
 * @param {() => import('../../src/program/build.js').Built} makeBuilt
 * @param {Delivery} channel
 * @returns {Promise<DeliveredObservation[]>}
 */
export async function cloneCaseElsewhere(program, makeBuilt, channel) {
  const deliveries = deliveriesOf(program);
  await channel.prepare(JSON.stringify(program.receiver ?? []), deliveries);
  // Filled while the sender's pollution is in place: own slots, so no inherited setter runs.
  const sent = Array.from({ length: deliveries });
  const built = makeBuilt();
  try {
    for (let i = 0; i < deliveries; i++) sent[i] = sendObserved(built, i === 0 ? built.transfer : undefined, channel);
  } finally {
    built.restore();
  }
  channel.sent?.();
  const landed = [];
  for (const one of sent) landed.push(await landedObservations(one, channel));
  if (deliveries === 1) return landed[0];
  // A list of one (the send threw, a receiver fired messageerror) stands for every receiver.
  const receivers = Math.max(...landed.map((list) => list.length));
  return Array.from({ length: receivers }, (_, r) => landed.map((list) => list[list.length === 1 ? 0 : r]));
}

/**
 * One send of a built value, observed on the sending side.
 * @param {import('../../src/program/build.js').Built} built
 * @param {unknown[] | undefined} transfer
 * @param {Delivery} channel
 * @returns {CaseObservation}
 */
function sendObserved(built, transfer, channel) {
  const finish = beginCloneObservation({ input: built.value, effects: built.effects, landsElsewhere: true });
  try {
    channel.send(built.value, transfer);
  } catch (error) {
    return finish(true, error);
  }
  return finish(false, undefined);
}

/**
 * What the receivers observed of one send.
 * @param {CaseObservation} sent its sending side
 * @param {Delivery} channel
 * @returns {Promise<CaseObservation[]>} one per receiver, or one for all
 */
async function landedObservations(sent, channel) {
  let landed;
  try {
    landed = await channel.landed();
  } catch (error) {
    // A MessageError is the case's outcome; anything else (a receiving worker died) is not.
    if (!isMessageError(error)) throw error;
    return [completeLanded(sent, true, error)];
  }
  if (landed === null) return [sent];
  return JSON.parse(landed).map((/** @type {unknown} */ one) => completeLanded(sent, false, one));
}

/**
 * @template {CloneFunction | SettlingCloneFunction} F
 * @param {any} program
 * @param {import('../../src/program/build.js').Built} built
 * @param {F} cloneFunction
 * @returns {{input: unknown, clone: () => ReturnType<F>, effects: object[]}}
 */
function caseOptions(program, built, cloneFunction) {
  const { value, transfer, effects } = built;
  const options = { transfer, forStorage: program.forStorage === true };
  // The cast: TypeScript does not resolve ReturnType of a type parameter.
  return { input: value, clone: () => /** @type {ReturnType<F>} */ (cloneFunction(value, options)), effects };
}

/**
 * A case as the judge holds it: the ObservedCase of a clone that landed here,
 * whose JSON is made only when asked for (`deliveredObservation`), or the
 * JSON of what landed elsewhere.
 * @typedef {{observed: import('../../src/observe/observe-clone.js').ObservedCase | undefined, json: DeliveredObservation | undefined}} SeenCase
 */

/**
 * @param {import('../../src/observe/observe-clone.js').ObservedCase} observed
 * @returns {SeenCase}
 */
export function seenHere(observed) {
  return { observed, json: undefined };
}

/**
 * @param {DeliveredObservation} json
 * @returns {SeenCase}
 */
export function seenElsewhere(json) {
  return { observed: undefined, json };
}

/**
 * @param {SeenCase} seen
 * @returns {DeliveredObservation} its case observation(s), made once
 */
export function deliveredObservation(seen) {
  seen.json ??= caseObservationOf(/** @type {import('../../src/observe/observe-clone.js').ObservedCase} */ (seen.observed));
  return seen.json;
}

/**
 * `deviations` of two seen cases: two that landed here and whose tapes say
 * they are the same pass without a JSON observation made (nearly every
 * case); for the rest the observations are made and compared as always.
 * @param {SeenCase} expected
 * @param {SeenCase} actual
 * @returns {import('../../src/observe/diff.js').Difference[]}
 */
export function seenDeviations(expected, actual) {
  if (expected.observed !== undefined && actual.observed !== undefined && sameObservedCase(expected.observed, actual.observed)) return [];
  return deviations(deliveredObservation(expected), deliveredObservation(actual));
}

/**
 * The differences between an expected and an actual observation that count:
 * everything but what the host may choose (diff's 'implementation-defined'
 * category: an Error's stack, the text of an error the engine threw). For a
 * program delivered several times, those of the first delivery that differs;
 * past the first, their paths start with `$<delivery N>`, so a bug that
 * shows only on a repeat has a signature of its own (portable/bugs/signature.js).
 * @param {unknown} expected  a DeliveredObservation, or any observation's JSON (the self-check compares the input's too)
 * @param {unknown} actual
 * @returns {import('../../src/observe/diff.js').Difference[]} empty when the case passes
 */
export function deviations(expected, actual) {
  if (!Array.isArray(expected)) return deliveryDeviations(expected, actual);
  for (let i = 0; i < expected.length; i++) {
    const found = deliveryDeviations(expected[i], Array.isArray(actual) ? actual[i] : undefined);
    if (found.length === 0) continue;
    // Every path starts at the case's root, `$`.
    return i === 0 ? found : found.map((d) => ({ ...d, path: `$<delivery ${i + 1}>${d.path.slice(1)}` }));
  }
  return [];
}

/**
 * @param {unknown} expected
 * @param {unknown} actual
 * @returns {import('../../src/observe/diff.js').Difference[]}
 */
function deliveryDeviations(expected, actual) {
  if (sameJSON(expected, actual)) return [];
  return diff(expected, actual).filter((d) => d.category !== 'implementation-defined');
}
