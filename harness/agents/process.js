// One agent process (agent.js running in some runtime), seen from the pool
// (harness/pool/pool.js) the way a worker thread is: `postMessage(task)`, a
// 'message' event per answer (the first one says it is ready), and 'exit'
// when it ends. The protocol is newline-delimited JSON over stdio, one line
// per task and one per answer. What the runtime prints to stderr is kept
// (the last STDERR_TAIL characters) so a crash can say why.

import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { createInterface } from 'node:readline';
import { messageLine } from '../../portable/hosts/lines.js';
import { fileURLToPath } from 'node:url';

const AGENT_SCRIPT = fileURLToPath(new URL('../../portable/hosts/agent.js', import.meta.url));

/** Characters of the agent's stderr kept for a crash report. */
const STDERR_TAIL = 2000;

/**
 * @typedef {object} AgentRuntime  what is needed to start an agent (harness/runtimes.js)
 * @property {string} name  `bun`, `node@22`, `bun@1.3.9`, a --runtime NAME
 * @property {string[]} command  the runtime's command line up to the script (binary and flags)
 */

/** @type {Set<import('node:child_process').ChildProcess>} agents alive, killed if this process exits first */
const running = new Set();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export class AgentProcess extends EventEmitter {
  /**
   * @param {AgentRuntime} runtime
   * @param {{workerData: object, heartbeatPath: string}} options
   */
  constructor(runtime, { workerData, heartbeatPath }) {
    super();
    this.runtime = runtime;
    this.stderrTail = '';
    const [binary, ...flags] = runtime.command;
    // NO_COLOR: a crash report quotes stderr, and Deno colours it otherwise.
    this.child = spawn(binary, [...flags, AGENT_SCRIPT, heartbeatPath], {
      stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' },
    });
    running.add(this.child);
    this.exited = new Promise((resolve) => {
      this.child.on('exit', (code, signal) => {
        running.delete(this.child);
        resolve(undefined);
        this.emit('exit', code, signal);
      });
    });
    this.child.on('error', (error) => this.emit('error', new Error(`cannot start ${runtime.name} (${binary}): ${error.message}`)));
    // Writing to an agent that just died fails with EPIPE; its 'exit' tells the pool.
    this.child.stdin.on('error', () => {});
    this.child.stderr.setEncoding('utf8');
    this.child.stderr.on('data', (text) => this.keepStderr(text));
    createInterface({ input: this.child.stdout }).on('line', (line) => {
      let message;
      try {
        message = JSON.parse(line);
      } catch {
        // Not protocol: something the runtime printed. Kept with its stderr.
        this.keepStderr(`${line}\n`);
        return;
      }
      this.emit('message', message);
    });
    this.child.stdin.write(messageLine(workerData));
  }

  /** @param {string} text */
  keepStderr(text) {
    this.stderrTail = (this.stderrTail + text).slice(-STDERR_TAIL);
  }

  /** @param {unknown} task */
  postMessage(task) {
    this.child.stdin.write(messageLine(task));
  }

  /**
   * What a crash report says about how the agent ended.
   * @param {number | null} code @param {NodeJS.Signals | null} signal
   */
  exitDetail(code, signal) {
    const how = signal !== null ? `was killed by ${signal}` : `exited with code ${code}`;
    const tail = this.stderrTail.trim();
    return `the ${this.runtime.name} agent ${how}${tail === '' ? '' : `; stderr ends: ${tail}`}`;
  }

  /** Kills the agent (only this child, by its pid); resolves once it has exited. */
  terminate() {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
    return this.exited;
  }
}
