// Host machinery the reference borrows (web streams, MessagePorts) runs only
// while no program's realm steps are applied in this agent.
//
// Why: in Node and Deno the web streams are JavaScript running in the same
// realm as the program, on ordinary arrays and objects (Node's
// readableStreamAddReadRequest pushes onto `readRequests`), so a program's
// setter on Array.prototype[0] swallowed a read request and a getter-only
// one threw from a microtask: the reference's own thread crashed (ledger
// ref/crashes-transferring-a-stream-into-a-polluted-realm; 10 of 41 runs of
// `fuzz --target impl:… --seed 7 --runs 20000` died of it). The standard's
// streams run on internal lists that no script reaches.
//
// Moving the program's pollution to another realm is no answer in Node: the
// stream internals of every realm of a thread share the principal realm's
// arrays, and the harness's receivers are that realm. Un-polluting around a
// host call is no answer either (a program's getter could see it). What is
// left: the steps that the Streams Standard runs "in parallel" or from
// queued tasks (the pipe's loop, a transferred TransformStream's pump) are
// queued here and run when the last program's steps are undone
// (src/program/build.js counts them), which is a moment the standard's
// in-parallel steps may take anyway; what must happen synchronously (the
// original stream locked) still does, with calls that touch no array or
// inherited property (test/immune.test.js runs the corpus under every
// pollution to hold it). Without a program applied (a user calling the
// reference directly) a task runs at once.

import { newList } from '../primordials/intrinsics.js';

/** How many programs' realm steps are applied in this agent now (sender, receiver, each realm). */
let applied = 0;
/** Tasks waiting for `applied` to drop to 0, in the order queued. */
let waiting = newList();

/** A program's realm steps are about to be applied in some realm of this agent. */
export function pollutionBegins() {
  applied += 1;
}

/**
 * A program's realm steps were undone: once none is applied, the queued
 * host tasks run, in order; one that throws does not keep the rest from
 * running, and the first error is thrown at the end (a bug of the reference,
 * which the case reports).
 */
export function pollutionEnds() {
  if (applied > 0) applied -= 1;
  let failed = false;
  let failure;
  while (applied === 0 && waiting.length > 0) {
    const tasks = waiting;
    waiting = newList();
    for (let i = 0; i < tasks.length; i++) {
      try {
        tasks[i]();
      } catch (error) {
        if (!failed) failure = error;
        failed = true;
      }
    }
  }
  if (failed) throw failure;
}

/** @returns {boolean} whether a program's realm steps are applied in this agent now: host code run now meets them */
export function programApplied() {
  return applied > 0;
}

/**
 * Runs `task` now if no program's realm steps are applied, else once they are all undone.
 * @param {() => void} task
 */
export function whenUnpolluted(task) {
  if (applied === 0) task();
  else waiting[waiting.length] = task;
}
