// The transfer steps and transfer-receiving steps of ReadableStream,
// WritableStream and TransformStream (Streams Standard,
// https://streams.spec.whatwg.org/#rs-transfer, #ws-transfer, #ts-transfer),
// written in script as the standard writes them: a cross-realm transform
// (https://streams.spec.whatwg.org/#cross-realm-transforms) over a new
// MessageChannel, the original piped into (or from) one end.
//
// Why in script and not through the host's structuredClone as a MessagePort
// is (platform-objects.js `hostTransfer`): everything these steps do is
// script-visible (a MessageChannel, a pipe, two new streams), so the
// reference does not depend on a host's own transfer of streams, which may
// be missing or broken (Bun 1.4.5 refuses every stream with a
// DataCloneError: with the host's door the reference would agree with it).
// One step is not script's: the data holder carries port2 by
// StructuredSerializeWithTransfer(port2, « port2 »), and the receiving steps
// take it back in the target realm. Within one agent (every channel the
// reference runs for: a worker's value is observed synchronously, where no
// stream is read) the port works as it is, so the holder keeps port2 itself;
// in another realm of the agent (an iframe) the port still belongs to the
// sender's realm, so its messages (the chunks) are deserialized there: the
// same values for the primitive chunks programs make.

import { platformAttribute } from '../webidl/interfaces.js';
import {
  ObjectGetOwnPropertyDescriptor, ObjectSetPrototypeOf, ReflectApply, ReflectDeleteProperty, ReflectGetPrototypeOf, record, uncurryThis,
} from '../primordials/intrinsics.js';
import { DataCloneError, hostConstruct } from './errors.js';
import { whenUnpolluted } from './host-tasks.js';

/** @typedef {import('./serialize.js').Serialized} Serialized */
/** @typedef {import('../primordials/realm.js').Realm} Realm */

const MessageChannelCtor = globalThis.MessageChannel;
const MessagePortPrototype = globalThis.MessagePort?.prototype;
const PromiseCtor = Promise;
const PromisePrototypeThen = uncurryThis(Promise.prototype.then);

/**
 * @param {object | undefined} prototype
 * @param {string} name
 * @returns {Function | undefined} a method of the prototype, if the host has it
 */
function method(prototype, name) {
  const descriptor = prototype === undefined ? undefined : ObjectGetOwnPropertyDescriptor(prototype, name);
  return typeof descriptor?.value === 'function' ? uncurryThis(descriptor.value) : undefined;
}

const PortPostMessage = method(MessagePortPrototype, 'postMessage');
const PortClose = method(MessagePortPrototype, 'close');
// Node, Deno and Bun: a port with a listener keeps the process alive; the reference's own must not.
const PortUnref = method(MessagePortPrototype, 'unref');
const PortSetOnmessage = MessagePortPrototype === undefined ? undefined : ObjectGetOwnPropertyDescriptor(MessagePortPrototype, 'onmessage')?.set;
const PortSetOnmessageerror = MessagePortPrototype === undefined ? undefined : ObjectGetOwnPropertyDescriptor(MessagePortPrototype, 'onmessageerror')?.set;
const MessageEventData = globalThis.MessageEvent === undefined ? undefined : ObjectGetOwnPropertyDescriptor(globalThis.MessageEvent.prototype, 'data')?.get;
const ReadableStreamPipeTo = method(globalThis.ReadableStream?.prototype, 'pipeTo');
// Captured for the observation too (src/observe/probe-streams.js).
export const ReadableStreamGetReader = method(globalThis.ReadableStream?.prototype, 'getReader');
export const ReaderRead = method(globalThis.ReadableStreamDefaultReader?.prototype, 'read');
export const ReaderCancel = method(globalThis.ReadableStreamDefaultReader?.prototype, 'cancel');
const ReaderReleaseLock = method(globalThis.ReadableStreamDefaultReader?.prototype, 'releaseLock');
export const WritableStreamGetWriter = method(globalThis.WritableStream?.prototype, 'getWriter');
const WriterReleaseLock = method(globalThis.WritableStreamDefaultWriter?.prototype, 'releaseLock');
export const WriterWrite = method(globalThis.WritableStreamDefaultWriter?.prototype, 'write');
export const WriterClose = method(globalThis.WritableStreamDefaultWriter?.prototype, 'close');

/** @param {Promise<unknown>} promise its [[PromiseIsHandled]] set: a failed pipe is no unhandled rejection */
function markHandled(promise) {
  PromisePrototypeThen(promise, undefined, () => {});
}

/** @returns {{promise: Promise<void>, resolve: () => void}} */
function newPromise() {
  /** @type {() => void} */
  let resolve = () => {};
  const promise = new PromiseCtor((r) => { resolve = () => r(undefined); });
  return record({ promise, resolve });
}

/**
 * PackAndPostMessage(port, type, value)
 * (https://streams.spec.whatwg.org/#abstract-opdef-packandpostmessage): a
 * null-prototype {type, value}, posted with an empty transfer list.
 * @param {object} port
 * @param {string} type
 * @param {unknown} value
 */
function packAndPostMessage(port, type, value) {
  /** @type {Function} */ (PortPostMessage)(port, record({ type, value }));
}

/**
 * PackAndPostMessageHandlingError: a value the port cannot serialize is
 * posted as an "error" message with the DataCloneError, which is thrown.
 * @param {object} port
 * @param {string} type
 * @param {unknown} value
 */
function packAndPostMessageHandlingError(port, type, value) {
  try {
    packAndPostMessage(port, type, value);
  } catch (error) {
    packAndPostMessage(port, 'error', error);
    throw error;
  }
}

/**
 * A cross-realm readable's cancel and a writable's abort: the reason goes
 * to the other side as an "error" message, and the port is disentangled.
 * @param {object} port
 * @param {unknown} reason
 */
function postErrorAndDisentangle(port, reason) {
  try {
    packAndPostMessageHandlingError(port, 'error', reason);
  } finally {
    disentangle(port);
  }
}

/** @param {object} port disentangled (the cross-realm transform is done with it) */
function disentangle(port) {
  /** @type {Function} */ (PortClose)(port);
}

/**
 * Adds the handlers of a cross-realm transform to its port and enables its
 * message queue (setting onmessage does). A messageerror is answered as the
 * standard says: an "error" message with a DataCloneError, and the stream
 * errored with it. Not while a program's realm steps are applied
 * (host-tasks.js): the host's event dispatch and the stream steps a message
 * runs are the host's script; the messages wait in the port's queue.
 * @param {object} port
 * @param {(type: unknown, value: unknown) => void} onMessage
 * @param {(error: unknown) => void} onError
 */
function listen(port, onMessage, onError) {
  whenUnpolluted(() => listenNow(port, onMessage, onError));
}

/**
 * @param {object} port
 * @param {(type: unknown, value: unknown) => void} onMessage
 * @param {(error: unknown) => void} onError
 */
function listenNow(port, onMessage, onError) {
  // A message may arrive while a later case's program is applied (a channel
  // that waits for its own message event with the realm set up): what it
  // does to the streams waits too.
  ReflectApply(/** @type {Function} */ (PortSetOnmessage), port, [(/** @type {any} */ event) => {
    const data = MessageEventData === undefined ? event.data : ReflectApply(MessageEventData, event, []);
    const type = data.type;
    const value = data.value;
    whenUnpolluted(() => onMessage(type, value));
  }]);
  if (PortSetOnmessageerror !== undefined) {
    ReflectApply(PortSetOnmessageerror, port, [() => whenUnpolluted(() => {
      const error = DataCloneError('Streams cross-realm transform: a message could not be deserialized');
      packAndPostMessage(port, 'error', error);
      onError(error);
      disentangle(port);
    })]);
  }
  if (PortUnref !== undefined) PortUnref(port);
}

/**
 * SetUpCrossRealmTransformReadable(stream, port)
 * (https://streams.spec.whatwg.org/#abstract-opdef-setupcrossrealmtransformreadable):
 * a new ReadableStream of `ReadableStreamCtor`'s realm whose chunks are the
 * "chunk" messages of `port`, pulled one at a time (high-water mark 0).
 * @param {Function} ReadableStreamCtor
 * @param {object} port
 * @returns {object}
 */
function crossRealmReadable(ReadableStreamCtor, port) {
  /** @type {any} */
  let controller;
  listen(port, (type, value) => {
    if (type === 'chunk') controller.enqueue(value);
    else if (type === 'close') {
      controller.close();
      disentangle(port);
    } else if (type === 'error') {
      controller.error(value);
      disentangle(port);
    }
  }, (error) => controller.error(error));
  const source = record({
    start(/** @type {any} */ c) { controller = c; },
    pull() { packAndPostMessage(port, 'pull', undefined); },
    cancel(/** @type {unknown} */ reason) { postErrorAndDisentangle(port, reason); },
  });
  return hostConstruct(ReadableStreamCtor, 'ReadableStream', [source, record({ highWaterMark: 0, size: () => 1 })]);
}

/**
 * SetUpCrossRealmTransformWritable(stream, port)
 * (https://streams.spec.whatwg.org/#abstract-opdef-setupcrossrealmtransformwritable):
 * a new WritableStream of `WritableStreamCtor`'s realm that posts each chunk
 * once the other side has pulled (its backpressure promise), then "close".
 * @param {Function} WritableStreamCtor
 * @param {object} port
 * @returns {object}
 */
function crossRealmWritable(WritableStreamCtor, port) {
  /** @type {any} */
  let controller;
  /** @type {{promise: Promise<void>, resolve: () => void} | undefined} */
  let backpressure = newPromise();
  const relieve = () => {
    if (backpressure === undefined) return;
    backpressure.resolve();
    backpressure = undefined;
  };
  listen(port, (type, value) => {
    if (type === 'pull') relieve();
    else if (type === 'error') {
      // WritableStreamDefaultControllerErrorIfNeeded: error() does nothing to a stream no longer writable.
      controller.error(value);
      relieve();
    }
  }, (error) => controller.error(error));
  const sink = record({
    start(/** @type {any} */ c) { controller = c; },
    write(/** @type {unknown} */ chunk) {
      const waiting = backpressure === undefined ? PromiseCtor.resolve() : backpressure.promise;
      return PromisePrototypeThen(waiting, () => {
        backpressure = newPromise();
        try {
          packAndPostMessageHandlingError(port, 'chunk', chunk);
        } catch (error) {
          disentangle(port);
          throw error;
        }
      });
    },
    close() {
      packAndPostMessage(port, 'close', undefined);
      disentangle(port);
    },
    abort(/** @type {unknown} */ reason) { postErrorAndDisentangle(port, reason); },
  });
  return hostConstruct(WritableStreamCtor, 'WritableStream', [sink, record({ highWaterMark: 1, size: () => 1 })]);
}

/** @param {string} step @param {string} what */
function lockedError(step, what) {
  return DataCloneError(`Streams ${step}, its first step: a locked ${what} cannot be transferred`);
}

/**
 * The transfer steps of a ReadableStream or WritableStream
 * (#rs-transfer, #ws-transfer): a locked one is refused (their first
 * step); port1 of a new MessageChannel (the second) becomes a cross-realm
 * writable the original readable is piped to, or a cross-realm readable
 * piped to the original writable (the third to fifth: the original is
 * locked from now on); the holder's [[port]] is port2 (the sixth; see the
 * top of this file).
 *
 * The pipe's loop runs in parallel (the Streams standard's
 * ReadableStreamPipeTo, https://streams.spec.whatwg.org/#readable-stream-pipe-to), so it
 * may start later: it starts once no program's realm steps are applied
 * (host-tasks.js), the host's pipeTo and cross-realm stream being the
 * host's script. Until then a reader (writer) of our own holds the lock
 * that the pipe takes over, so the original is locked from this step on
 * as the standard says: getReader and getWriter set up a reader with empty
 * lists and touch nothing a program can pollute (test/immune.test.js).
 * @param {object} value
 * @param {'ReadableStream' | 'WritableStream'} name
 * @param {Realm} realm the current realm (whose streams the transform is made of)
 * @returns {object} port2, for the data holder
 */
function transferStream(value, name, realm) {
  if (platformAttribute(value, name, 'locked')) throw lockedError(name === 'ReadableStream' ? '#rs-transfer' : '#ws-transfer', name);
  if (MessageChannelCtor === undefined) throw DataCloneError(`Streams transfer steps: this host has no MessageChannel to transfer a ${name} over`);
  const channel = new MessageChannelCtor();
  const readable = name === 'ReadableStream';
  const lock = readable ? /** @type {Function} */ (ReadableStreamGetReader)(value) : /** @type {Function} */ (WritableStreamGetWriter)(value);
  whenUnpolluted(() => {
    /** @type {Function} */ (readable ? ReaderReleaseLock : WriterReleaseLock)(lock);
    const promise = readable
      ? /** @type {Function} */ (ReadableStreamPipeTo)(value, crossRealmWritable(realm.platform.WritableStream, channel.port1))
      : /** @type {Function} */ (ReadableStreamPipeTo)(crossRealmReadable(realm.platform.ReadableStream, channel.port1), value);
    markHandled(promise);
  });
  return channel.port2;
}

/**
 * StructuredSerializeWithTransfer step 5.5.4 for a stream: its transfer
 * steps fill the data holder. A TransformStream's (#ts-transfer) refuse a
 * locked readable (their second step) or writable (the third), then transfer each.
 * @param {object} value
 * @param {'ReadableStream' | 'WritableStream' | 'TransformStream'} name
 * @param {Serialized} dataHolder
 * @param {Realm} realm the current realm
 */
export function transferStreamSteps(value, name, dataHolder, realm) {
  if (name !== 'TransformStream') {
    dataHolder.Port = transferStream(value, name, realm);
    return;
  }
  const readable = platformAttribute(value, name, 'readable');
  const writable = platformAttribute(value, name, 'writable');
  if (platformAttribute(readable, 'ReadableStream', 'locked')) throw DataCloneError('Streams #ts-transfer, its second step: a TransformStream whose readable is locked cannot be transferred');
  if (platformAttribute(writable, 'WritableStream', 'locked')) throw DataCloneError('Streams #ts-transfer, its third step: a TransformStream whose writable is locked cannot be transferred');
  dataHolder.ReadablePort = transferStream(readable, 'ReadableStream', realm);
  dataHolder.WritablePort = transferStream(writable, 'WritableStream', realm);
}

/**
 * StructuredDeserializeWithTransfer step 3.4.4 for a stream: its
 * transfer-receiving steps in the target realm. A ReadableStream
 * (WritableStream) is a cross-realm transform readable (writable) over the
 * holder's port. A TransformStream's are its readable's and writable's, set
 * as its [[readable]] and [[writable]], which script cannot do: the new
 * TransformStream's transformer writes each chunk to the cross-realm
 * writable and enqueues what the cross-realm readable yields, read as soon
 * as it comes (the spec's readable waits to be pulled: only backpressure
 * differs), and closing its writable waits for its readable's end (the
 * original's close, which reaches it through the original transform).
 * @param {Serialized} dataHolder
 * @param {Realm} realm the target realm
 * @returns {object}
 */
export function receiveTransferredStream(dataHolder, realm) {
  switch (dataHolder.Type) {
    case 'ReadableStream': return crossRealmReadable(realm.platform.ReadableStream, dataHolder.Port);
    case 'WritableStream': return crossRealmWritable(realm.platform.WritableStream, dataHolder.Port);
  }
  const reader = /** @type {Function} */ (ReadableStreamGetReader)(crossRealmReadable(realm.platform.ReadableStream, dataHolder.ReadablePort));
  const writer = /** @type {Function} */ (WritableStreamGetWriter)(crossRealmWritable(realm.platform.WritableStream, dataHolder.WritablePort));
  const ended = newPromise();
  let flushing = false;
  const transformer = record({
    start(/** @type {any} */ controller) {
      // The host's read() and enqueue() are script a program's
      // Array.prototype[0] reaches (Node's read() pushes onto an array):
      // each step waits for the realm's set-up to be undone, the first one
      // included (a read settles whenever its chunk comes, perhaps while a
      // later case's program is applied).
      const pump = () => PromisePrototypeThen(/** @type {Function} */ (ReaderRead)(reader), (/** @type {{done: boolean, value: unknown}} */ result) => whenUnpolluted(() => {
        if (!result.done) {
          controller.enqueue(result.value);
          pump();
          return;
        }
        ended.resolve();
        if (!flushing) controller.terminate();
      }), (/** @type {unknown} */ error) => whenUnpolluted(() => {
        ended.resolve();
        controller.error(error);
      }));
      whenUnpolluted(pump);
    },
    transform(/** @type {unknown} */ chunk) { return /** @type {Function} */ (WriterWrite)(writer, chunk); },
    flush() {
      flushing = true;
      return PromisePrototypeThen(/** @type {Function} */ (WriterClose)(writer), () => ended.promise);
    },
  });
  const stream = hostConstruct(realm.platform.TransformStream, 'TransformStream', [transformer]);
  asPlainStream(platformAttribute(stream, 'TransformStream', 'readable'), realm.platform.ReadableStream);
  asPlainStream(platformAttribute(stream, 'TransformStream', 'writable'), realm.platform.WritableStream);
  return stream;
}

/**
 * A transferred TransformStream's readable and writable are the
 * cross-realm transform's, plain ReadableStream and WritableStream objects.
 * Node makes a new TransformStream's as instances of internal subclasses
 * (InternalReadableStream, InternalWritableStream) with an own `constructor`
 * property (Node 20: their prototype is the subclass's; Node 22 and 26:
 * the interface's, and every stream they make has the own `constructor`):
 * the parts of the reference's TransformStream are made to look as the
 * standard makes them, their prototype the interface's, no own `constructor`.
 * @param {object} part
 * @param {Function} Interface
 */
function asPlainStream(part, Interface) {
  if (ReflectGetPrototypeOf(part) !== Interface.prototype) ObjectSetPrototypeOf(part, Interface.prototype);
  const constructor = ObjectGetOwnPropertyDescriptor(part, 'constructor');
  if (constructor !== undefined && constructor.value === Interface) ReflectDeleteProperty(part, 'constructor');
}
