// What the streams of a clone do, read asynchronously (a transferred
// stream's chunks cross a MessagePort): every WritableStream is written its
// marker (its place among the clone's streams) and closed, every
// ReadableStream is read to its end. A ReadableStream's `chunks` is what
// reading it yielded, and how it ended; a WritableStream's `delivered` is
// which of the program's sinks (Built `sinks`) its marker reached: the clone
// of a transferred WritableStream delivers to its original's sink. A
// transferred TransformStream's writable is written and its readable read,
// so what comes out of the readable is what went through the original.

import { classifyObject } from '../abstract-ops/brands.js';
import {
  ReadableStreamGetReader as GetReader, ReaderCancel, ReaderRead, WritableStreamGetWriter as GetWriter, WriterClose, WriterWrite,
} from '../html/transferable-streams.js';
import { probeWait } from './probe-wait.js';
import { JSONStringify, ObjectGetOwnPropertyDescriptor, StringCtor, append, newList, uncurryThis } from '../primordials/intrinsics.js';

const PromisePrototypeThen = uncurryThis(Promise.prototype.then);
const ignore = () => {};

/**
 * @param {unknown} chunk
 * @returns {string} a primitive chunk as a program writes it (a string quoted)
 */
function chunkText(chunk) {
  return typeof chunk === 'string' ? JSONStringify(chunk) : StringCtor(chunk);
}

/**
 * @param {unknown} error
 * @returns {string} the name of what a read rejected with
 */
function errorName(error) {
  const name = typeof error === 'object' && error !== null ? ObjectGetOwnPropertyDescriptor(error, 'name') ?? undefined : undefined;
  if (name !== undefined && typeof name.value === 'string') return name.value;
  try {
    return StringCtor(/** @type {any} */ (error)?.name);
  } catch {
    return 'an error';
  }
}

/**
 * Writes each stream slot of a clone's tape: a ReadableStream's chunks
 * (`"a",1 closed`, or `open` when it had not ended within PROBE_WAIT_MS, or
 * `errored TypeError`), a WritableStream's delivered sinks (`0,2`), or
 * `refused` where the stream would not give a reader or writer (a locked one).
 * The probe stops once every reader has ended and every marker has arrived
 * at a sink or in a readable, or after PROBE_WAIT_MS.
 * @param {import('./tape.js').Tape} tape
 * @param {import('./observe.js').BlobSlot[]} slots the clone's streams
 * @param {import('./observe.js').BuiltSink[]} sinks the program's WritableStreams' sinks
 * @returns {Promise<void>}
 */
export async function probeStreams(tape, slots, sinks) {
  /** @type {({chunks: unknown[], end: string} | undefined)[]} */
  const reads = newList();
  /** @type {boolean[]} whether each slot is a WritableStream given its marker */
  const written = newList();
  /** @type {() => void} */
  let wake = ignore;
  const settled = () => {
    for (let i = 0; i < slots.length; i++) {
      const read = reads[i];
      if ((read !== undefined && read.end === 'open') || (written[i] && !arrived(i))) return;
    }
    wake();
  };
  /** @param {number} marker @returns {boolean} whether it reached a sink or came out of a readable */
  const arrived = (marker) => deliveredTo(sinks, marker).length > 0 || readAnywhere(reads, marker);
  for (let i = 0; i < sinks.length; i++) sinks[i].wake = settled;
  for (let i = 0; i < slots.length; i++) {
    append(reads, undefined);
    append(written, false);
    if (classifyObject(slots[i].blob) !== 'WritableStream') continue;
    try {
      const writer = /** @type {Function} */ (GetWriter)(slots[i].blob);
      PromisePrototypeThen(/** @type {Function} */ (WriterWrite)(writer, i), undefined, ignore);
      PromisePrototypeThen(/** @type {Function} */ (WriterClose)(writer), undefined, ignore);
      written[i] = true;
    } catch {
      tape[slots[i].at] = 'refused';
    }
  }
  /** @type {object[]} */
  const readers = newList();
  for (let i = 0; i < slots.length; i++) {
    if (classifyObject(slots[i].blob) !== 'ReadableStream') continue;
    let reader;
    try {
      reader = /** @type {Function} */ (GetReader)(slots[i].blob);
    } catch {
      tape[slots[i].at] = 'refused';
      continue;
    }
    append(readers, reader);
    const read = { __proto__: null, chunks: newList(), end: 'open' };
    reads[i] = read;
    const next = () => PromisePrototypeThen(/** @type {Function} */ (ReaderRead)(reader), (/** @type {{done: boolean, value: unknown}} */ result) => {
      if (result.done) read.end = 'closed';
      else append(read.chunks, result.value);
      if (result.done) settled();
      else next();
    }, (/** @type {unknown} */ error) => {
      read.end = `errored ${errorName(error)}`;
      settled();
    });
    next();
  }
  await probeWait((woken) => {
    wake = woken;
    settled();
  });
  for (let i = 0; i < sinks.length; i++) sinks[i].wake = undefined;
  for (let i = 0; i < slots.length; i++) {
    const read = reads[i];
    if (read !== undefined) {
      let text = '';
      for (let j = 0; j < read.chunks.length; j++) text += `${chunkText(read.chunks[j])},`;
      tape[slots[i].at] = `${text}${read.end}`;
    } else if (written[i]) {
      const sinkIndices = deliveredTo(sinks, i);
      let text = '';
      for (let j = 0; j < sinkIndices.length; j++) text += `${j === 0 ? '' : ','}${sinkIndices[j]}`;
      tape[slots[i].at] = text;
    }
  }
  // A stream still open is cancelled: its transfer's ports are closed.
  for (let i = 0; i < readers.length; i++) PromisePrototypeThen(/** @type {Function} */ (ReaderCancel)(readers[i]), undefined, ignore);
}

/**
 * @param {import('./observe.js').BuiltSink[]} sinks
 * @param {number} marker
 * @returns {number[]} the sinks that received the marker
 */
function deliveredTo(sinks, marker) {
  const found = newList();
  for (let i = 0; i < sinks.length; i++) {
    const chunks = sinks[i].written;
    for (let j = 0; j < chunks.length; j++) {
      if (chunks[j] === marker) {
        append(found, i);
        break;
      }
    }
  }
  return found;
}

/**
 * @param {({chunks: unknown[]} | undefined)[]} reads
 * @param {number} marker
 * @returns {boolean} whether a readable of the clone yielded the marker
 */
function readAnywhere(reads, marker) {
  for (let i = 0; i < reads.length; i++) {
    const chunks = reads[i]?.chunks ?? [];
    for (let j = 0; j < chunks.length; j++) if (chunks[j] === marker) return true;
  }
  return false;
}
