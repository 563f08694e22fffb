// Where a pool's members come from (harness/pool/pool.js): worker threads of
// this Node, agent processes of another runtime, or agent pages of a
// browser, each with the heartbeat the watchdog reads.
//
// A pool's own members end with it. Members kept across pools (`keptMembers`)
// outlive the pool that started them: triage replays a few programs at a
// time, a hundred times a night, and each replay that started its hosts'
// members paid their start-up again (a browser page with its receiving
// workers and frames about 2 s, a Node agent about 0.5 s; kept, a triage of
// the main job's campaign takes 46-58 s instead of 77-80: docs/bugs.md#cost).
// A kept member has run earlier pools' programs, as a fuzz run's member has
// run its earlier cases: each case restores the realm state it changed
// (portable/case/case.js), and what it cannot restore (an engine's
// protectors, its caches) is the history a run's member has too. A member
// that hung or died is never kept.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { AgentProcess } from '../agents/process.js';
import { PageMember } from '../browsers/page-member.js';
import { fileHeartbeatReader, newSharedHeartbeat, sharedHeartbeatReader } from '../../portable/hosts/heartbeat.js';

/**
 * @typedef {object} Member
 * @property {Worker | AgentProcess | PageMember} worker
 * @property {import('../../portable/hosts/heartbeat.js').HeartbeatReader} heartbeat
 */

/**
 * @typedef {object} MemberSource
 * @property {(workerData: object) => Member} start  a new member that loads `workerData.targets`, then says it is ready
 * @property {() => Member | undefined} take  a member kept from an earlier pool, loaded and idle (none when nothing is kept)
 * @property {(member: Member) => Promise<unknown>} end  ends a member (only it, by its id); settles once it has exited
 * @property {(member: Member) => Promise<unknown>} release  a member idle at its pool's end: kept for the next pool, or ended
 * @property {() => Promise<unknown>} close  ends every member kept, and removes what they left (heartbeat files)
 */

/**
 * V8 optimizes a function once enough of it has run: at the defaults, every
 * thread of a pool, which runs the harness's whole case (build, six
 * observation walks, both clones) on programs of ever new shapes, optimizes,
 * deoptimizes on the next shape and optimizes again all run long. On Node 20,
 * 20,000 node:clone cases made ~1,700 optimizations in 7 isolates, and
 * TurboFan's threads used ~260 µs of CPU a case, a third of the run's CPU
 * (with --no-opt the run used as much CPU: what optimizing saved, compiling
 * spent). Tiering up 16 times later optimizes only what stays hot: the same
 * findings with 1.3x less CPU on Node 20 and 1.2x on Node 22
 * (docs/fuzzing.md#2026-12-05-tiering-up-later, 2026-12-05). The counters are V8 flags
 * of the whole process (a Worker's execArgv takes none), so they hold for
 * this process's threads only, never for another runtime's agents, whose
 * tiering is part of what is tested. V8 11 (Node 20) counts bytecode run,
 * V8 12 and later (Node 22-26) invocations, for Maglev and TurboFan.
 */
const LATER = 16;

/**
 * The flags that tier up LATER times later than V8's defaults (those of Node
 * 20-26; test/tiering.test.js checks each pinned Node knows them).
 * @param {string} v8Version `process.versions.v8`, e.g. '12.4.254.21-node.57'
 * @returns {string[]}
 */
export function tieringFlags(v8Version) {
  return Number(v8Version.split('.')[0]) >= 12
    ? [`--invocation-count-for-maglev=${LATER * 400}`, `--invocation-count-for-turbofan=${LATER * 3000}`]
    : [`--interrupt-budget=${LATER * 67_584}`];
}

let tieringSet = false;

/** Sets tieringFlags before this process's first worker thread starts. */
function tierUpLater() {
  if (tieringSet) return;
  tieringSet = true;
  for (const flag of tieringFlags(process.versions.v8)) setFlagsFromString(flag);
}

/**
 * Members that end with their pool.
 * @param {{workerURL?: URL, agent?: import('../runtimes.js').Runtime}} host  a worker thread module, or the runtime
 *   whose agent processes (or, for a browser, agent pages) do the work
 * @returns {MemberSource}
 */
export function poolMembers({ workerURL, agent }) {
  /** @type {string | undefined} agent processes beat into files, one per agent started; pages over their connection */
  let heartbeatDir;
  let started = 0;
  /** @param {Member} member */
  const end = (member) => member.worker.terminate().finally(() => member.heartbeat.close());
  return {
    start(workerData) {
      if (agent?.browser !== undefined) {
        const page = new PageMember(agent, { workerData });
        return { worker: page, heartbeat: page.heartbeat };
      }
      if (agent !== undefined) {
        heartbeatDir ??= mkdtempSync(join(tmpdir(), 'clonecheck-heartbeats-'));
        const heartbeatPath = join(heartbeatDir, String(started++));
        const heartbeat = fileHeartbeatReader(heartbeatPath);
        return { worker: new AgentProcess(agent, { workerData, heartbeatPath }), heartbeat };
      }
      tierUpLater();
      const memory = newSharedHeartbeat();
      const worker = new Worker(/** @type {URL} */ (workerURL), { workerData: { ...workerData, heartbeat: memory }, stderr: false });
      return { worker, heartbeat: sharedHeartbeatReader(memory) };
    },
    take: () => undefined,
    end,
    release: end,
    async close() {
      if (heartbeatDir !== undefined) rmSync(heartbeatDir, { recursive: true, force: true });
    },
  };
}

/**
 * Members kept idle between pools, at most `idle` of them; a pool takes
 * these before it starts new ones, and hands back those idle at its end.
 * `close()` ends them: the caller must call it once its last pool is done.
 * @param {{workerURL?: URL, agent?: import('../runtimes.js').Runtime, idle: number}} host
 * @returns {MemberSource}
 */
export function keptMembers({ idle, ...host }) {
  const own = poolMembers(host);
  /** @type {Member[]} */
  const kept = [];
  /** @param {Member} member */
  const drop = (member) => {
    const at = kept.indexOf(member);
    if (at >= 0) kept.splice(at, 1);
  };
  return {
    start: own.start,
    take: () => {
      const member = kept.pop();
      member?.worker.removeAllListeners('exit');
      return member;
    },
    end: own.end,
    release(member) {
      if (kept.length >= idle) return own.end(member);
      kept.push(member);
      // One that dies while it waits is not handed out (its death belongs to no case: the pool it ran for had
      // heard its last answer).
      member.worker.once('exit', () => {
        drop(member);
        member.heartbeat.close();
      });
      return Promise.resolve();
    },
    async close() {
      const ending = kept.splice(0);
      for (const member of ending) member.worker.removeAllListeners('exit');
      await Promise.all(ending.map(own.end));
      await own.close();
    },
  };
}
