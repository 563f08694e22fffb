// One agent page (page/agent.js in a tab of a browser runtime's browser),
// seen from the pool (harness/pool/pool.js) the way an agent process is:
// `postMessage(task)`, a 'message' event per answer (the first says it is
// ready), 'exit' when the page dies, and its heartbeat. The page speaks the
// agents' protocol over a WebSocket to the page server (server.js): the
// pool's workerData first, then one JSON message per task and per answer;
// heartbeats are short text messages (`b CASE TARGET`, a few microseconds
// each), kept here in memory for the watchdog.

import { EventEmitter } from 'node:events';
import { browserFor, pageServer, restartBrowser } from './sessions.js';
import { LAUNCH_TIMEOUT_MS } from './launch.js';

/** A page that does not close by then is hung past help: its browser is restarted. */
const CLOSE_TIMEOUT_MS = 5000;

export class PageMember extends EventEmitter {
  /**
   * @param {import('../runtimes.js').Runtime} runtime a browser runtime
   * @param {{workerData: object}} options
   */
  constructor(runtime, { workerData }) {
    super();
    this.runtime = runtime;
    const cells = { counter: 0, caseIndex: -1, targetIndex: -1 };
    this.cells = cells;
    /** @type {import('../pool/heartbeat.js').HeartbeatReader} */
    this.heartbeat = {
      counter: () => cells.counter,
      read: () => ({ caseIndex: cells.caseIndex, targetIndex: cells.targetIndex }),
      close() {},
    };
    /** @type {import('ws').WebSocket | undefined} */
    this.socket = undefined;
    /** @type {import('./launch.js').OpenPage | undefined} */
    this.page = undefined;
    this.ended = false;
    this.detail = '';
    this.crashReport = '';
    this.exited = this.start(workerData).catch((error) => {
      if (!this.ended) this.emit('error', error);
    });
  }

  /** @param {object} workerData */
  async start(workerData) {
    const server = await pageServer();
    const browser = await browserFor(this.runtime);
    if (this.ended) return;
    const expected = server.expect();
    this.cancelConnection = expected.cancel;
    browser.onGone((detail) => this.die(detail));
    this.page = await browser.openPage(expected.url);
    if (this.ended) {
      await this.closePage();
      return;
    }
    this.page.onCrash((detail) => { this.crashReport = detail; });
    const timer = setTimeout(expected.cancel, LAUNCH_TIMEOUT_MS);
    let socket;
    try {
      socket = await expected.connection;
    } catch {
      throw new Error(`the ${this.runtime.name} agent page did not connect in ${LAUNCH_TIMEOUT_MS / 1000} s`);
    } finally {
      clearTimeout(timer);
    }
    if (this.ended) {
      socket.terminate();
      return;
    }
    this.socket = socket;
    socket.on('message', (data) => this.onMessage(String(data)));
    socket.on('close', (code, reason) => {
      const said = String(reason);
      this.die(said !== '' ? said : this.crashReport !== '' ? this.crashReport : `the ${this.runtime.name} page's connection closed (code ${code}): its process died`);
    });
    this.encode = server.toPageJSON;
    socket.send(server.toPageJSON(workerData));
  }

  /** @param {string} text */
  onMessage(text) {
    if (text.startsWith('b ')) {
      const [, caseIndex, targetIndex] = text.split(' ');
      this.cells.caseIndex = Number(caseIndex);
      this.cells.targetIndex = Number(targetIndex);
      this.cells.counter += 1;
      return;
    }
    if (text.startsWith('e ')) {
      this.crashReport = `the ${this.runtime.name} agent page failed: ${text.slice(2)}`;
      return;
    }
    this.emit('message', JSON.parse(text));
  }

  /** @param {unknown} task */
  postMessage(task) {
    this.socket?.send(this.encode(task));
  }

  /**
   * The page or its browser died: an 'exit', as an agent process's.
   * @param {string} detail
   */
  die(detail) {
    if (this.ended) return;
    this.ended = true;
    // The browser may say why a moment after the connection drops.
    this.detail = this.crashReport !== '' ? this.crashReport : detail;
    this.closePage();
    this.emit('exit', null, null);
  }

  /** What a crash report says about how the page ended. */
  exitDetail() {
    return this.detail;
  }

  /** Closes the page (a hung one too), or restarts the browser when even that hangs. */
  closePage() {
    this.cancelConnection?.();
    this.socket?.terminate();
    const page = this.page;
    this.page = undefined;
    if (page === undefined) return Promise.resolve();
    let timer;
    const tooLong = new Promise((resolve) => { timer = setTimeout(() => resolve('timeout'), CLOSE_TIMEOUT_MS); });
    return Promise.race([page.close().then(() => 'closed', () => 'closed'), tooLong]).then((how) => {
      clearTimeout(timer);
      if (how === 'timeout') return restartBrowser(this.runtime);
      return undefined;
    });
  }

  /** Ends the page; resolves once it is closed. */
  terminate() {
    this.ended = true;
    return Promise.all([this.exited, this.closePage()]).then(() => undefined);
  }
}
