// One agent page (page/agent.js in a tab of a browser runtime's browser),
// seen from the pool (harness/pool/pool.js) the way an agent process is:
// `postMessage(task)`, a 'message' event per answer (the first says it is
// ready), 'exit' when the page dies, and its heartbeat. The page speaks the
// agents' protocol over a WebSocket to the page server (server.js): the
// pool's workerData first, then one JSON message per task and per answer;
// heartbeats are short text messages (`b CASE TARGET`, a few microseconds
// each), kept here in memory for the watchdog.
//
// A browser that clonecheck restarted to be rid of another page that hung
// did not die: this page opens again in the new browser and runs its task
// again from the start (tasks are deterministic; the pool sees one answer).

import { EventEmitter } from 'node:events';
import { browserFor, pageServer, restartBrowser, wasRestarted } from './sessions.js';
import { LAUNCH_TIMEOUT_MS, settledWithin } from './processes.js';

/** How long a page whose connection dropped waits for the browser to say it crashed. */
const CRASH_REPORT_WAIT_MS = 200;

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
    this.workerData = workerData;
    const cells = { counter: 0, caseIndex: -1, targetIndex: -1 };
    this.cells = cells;
    /** @type {import('../../portable/hosts/heartbeat.js').HeartbeatReader} */
    this.heartbeat = {
      counter: () => cells.counter,
      read: () => ({ caseIndex: cells.caseIndex, targetIndex: cells.targetIndex }),
      close() {},
    };
    /** @type {import('ws').WebSocket | undefined} */
    this.socket = undefined;
    /** @type {import('./launch.js').OpenPage | undefined} */
    this.page = undefined;
    /** @type {import('./launch.js').LaunchedBrowser | undefined} the browser it opened in */
    this.browser = undefined;
    /** @type {unknown} the task the page is on (sent again if the page opens again) */
    this.task = undefined;
    /** Each opening of the page; events of an earlier one are ignored. */
    this.opening = 0;
    this.ready = false;
    this.ended = false;
    this.detail = '';
    this.crashReport = '';
    /** @type {(message: unknown) => string} */
    this.encode = JSON.stringify;
    this.exited = this.open();
  }

  /** Opens the page (again); an error is the member's (the pool fails a run whose member cannot load). */
  open() {
    const opening = ++this.opening;
    return this.load(opening).catch((error) => {
      if (this.ended || opening !== this.opening) return;
      // Its browser was restarted under it (for another page's sake) while it opened.
      if (this.browser !== undefined && wasRestarted(this.browser)) this.reopen();
      else this.emit('error', error);
    });
  }

  /** @param {number} opening */
  async load(opening) {
    const current = () => !this.ended && opening === this.opening;
    const server = await pageServer();
    // A member ended before it opened (the pool had no task for it) starts no browser.
    if (!current()) return;
    const browser = await browserFor(this.runtime);
    this.browser = browser;
    if (!current()) return;
    const expected = server.expect();
    this.cancelConnection = expected.cancel;
    browser.onGone((detail) => {
      if (!current()) return;
      if (wasRestarted(browser)) this.reopen();
      else this.die(detail);
    });
    await server.bundled;
    const page = await browser.openPage(expected.url);
    if (!current()) {
      await page.close().catch(() => {});
      return;
    }
    this.page = page;
    page.onCrash((detail) => { this.crashReport = detail; });
    const timer = setTimeout(expected.cancel, LAUNCH_TIMEOUT_MS);
    let socket;
    try {
      socket = await expected.connection;
    } catch {
      throw new Error(`the ${this.runtime.name} agent page did not connect in ${LAUNCH_TIMEOUT_MS / 1000} s`);
    } finally {
      clearTimeout(timer);
    }
    if (!current()) {
      socket.terminate();
      return;
    }
    this.socket = socket;
    socket.on('message', (data) => {
      if (current()) this.onMessage(String(data));
    });
    socket.on('close', (code) => {
      // The browser's own word on a crashed renderer comes a moment after the connection drops.
      setTimeout(() => {
        if (current()) this.die(`the ${this.runtime.name} page's connection closed (code ${code}): its process died`);
      }, CRASH_REPORT_WAIT_MS);
    });
    this.encode = server.toPageJSON;
    socket.send(this.encode(this.workerData));
  }

  /** The browser was restarted for another page's sake: open again there, and run the task again. */
  reopen() {
    this.socket?.terminate();
    this.socket = undefined;
    this.page = undefined;
    this.exited = this.open();
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
    const message = JSON.parse(text);
    if (message === 'ready' && this.ready) {
      // Opened again: the task it was on starts over; the pool heard 'ready' once.
      if (this.task !== undefined) this.socket?.send(this.encode(this.task));
      return;
    }
    if (message === 'ready') this.ready = true;
    else this.task = undefined;
    this.emit('message', message);
  }

  /** @param {unknown} task */
  postMessage(task) {
    this.task = task;
    this.socket?.send(this.encode(task));
  }

  /**
   * The page or its browser died: an 'exit', as an agent process's.
   * @param {string} detail
   */
  die(detail) {
    if (this.ended) return;
    this.ended = true;
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
    return settledWithin(page.close(), CLOSE_TIMEOUT_MS).then((closed) => (closed ? undefined : restartBrowser(this.runtime)));
  }

  /** Ends the page; resolves once it is closed. */
  terminate() {
    this.ended = true;
    return Promise.all([this.exited, this.closePage()]).then(() => undefined);
  }
}
