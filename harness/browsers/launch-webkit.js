// WebKitGTK: MiniBrowser driven by WebKitWebDriver (W3C WebDriver over
// HTTP on loopback), under a private X server, since there is no Playwright
// build of WebKit for these machines (ENVIRONMENT.md). Xvfb and the driver
// each start in a process group of their own; MiniBrowser and its web
// processes are in the driver's, so ending the two groups ends everything
// (killing the driver alone leaves a defunct MiniBrowser).
//
// A session has one current window: every page is a window (a tab), and the
// commands that switch to one and act on it go one at a time.

import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { LAUNCH_TIMEOUT_MS, killGroup, settledWithin } from './processes.js';

/** WebDriver answers in milliseconds; a command that takes this long will not answer (a session request without a display hangs silently). */
const COMMAND_TIMEOUT_MS = 20_000;

/** @returns {Promise<number>} a port free on 127.0.0.1 now */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts a private X server and resolves with its display number.
 * @returns {Promise<{display: string, process: import('node:child_process').ChildProcess}>}
 */
function startXvfb() {
  const xvfb = spawn('Xvfb', ['-displayfd', '1', '-nolisten', 'tcp'], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  return new Promise((resolve, reject) => {
    let stderr = '';
    xvfb.stderr.on('data', (chunk) => { stderr = (stderr + chunk).slice(-2000); });
    xvfb.once('error', (error) => reject(new Error(`cannot start Xvfb: ${error.message}`)));
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited with code ${code}: ${stderr.trim()}`)));
    xvfb.stdout.once('data', (chunk) => resolve({ display: String(chunk).trim(), process: xvfb }));
  });
}

/**
 * @param {string} binary MiniBrowser
 * @returns {Promise<import('./launch.js').LaunchedBrowser>}
 */
export async function launchWebKit(binary) {
  const groups = [];
  /** @type {import('node:child_process').ChildProcess | undefined} */
  let driver;
  try {
    const xvfb = await startXvfb();
    groups.push(/** @type {number} */ (xvfb.process.pid));
    const port = await freePort();
    driver = spawn('WebKitWebDriver', [`--port=${port}`, '--host=local'], {
      stdio: ['ignore', 'ignore', 'pipe'], detached: true, env: { ...process.env, DISPLAY: `:${xvfb.display}` },
    });
    groups.push(/** @type {number} */ (driver.pid));
    let driverErrors = '';
    driver.stderr?.on('data', (chunk) => { driverErrors = (driverErrors + chunk).slice(-2000); });
    const webdriver = webDriverClient(`http://127.0.0.1:${port}`);
    const started = await webdriver.newSession(binary);
    return webKitBrowser(started, webdriver, groups, /** @type {import('node:child_process').ChildProcess} */ (driver), () => driverErrors);
  } catch (error) {
    for (const group of groups) killGroup(group);
    throw error;
  }
}

/**
 * A minimal W3C WebDriver client: one command at a time (the session's
 * current window is shared state).
 * @param {string} base
 */
function webDriverClient(base) {
  let queue = Promise.resolve();
  /**
   * @param {string} method @param {string} path @param {unknown} [body]
   * @returns {Promise<any>} the command's value
   */
  const send = (method, path, body) => new Promise((resolve, reject) => {
    // A connection per command: the driver drops idle ones, and a reused one fails.
    const outgoing = request(`${base}${path}`, {
      method, agent: false, timeout: COMMAND_TIMEOUT_MS, headers: { 'Content-Type': 'application/json; charset=utf-8' },
    }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => { text += chunk; });
      response.on('end', () => {
        let answer;
        try {
          answer = JSON.parse(text);
        } catch {
          reject(new Error(`WebKitWebDriver ${method} ${path} answered ${response.statusCode}: ${text.slice(0, 200)}`));
          return;
        }
        if (answer.value?.error !== undefined) reject(new Error(`WebKitWebDriver ${method} ${path}: ${answer.value.error}: ${answer.value.message}`));
        else resolve(answer.value);
      });
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error(`WebKitWebDriver ${method} ${path}: no answer in ${COMMAND_TIMEOUT_MS / 1000} s`)));
    outgoing.on('error', reject);
    outgoing.end(body === undefined ? undefined : JSON.stringify(body));
  });
  /** @template T @param {() => Promise<T>} work @returns {Promise<T>} */
  const serially = (work) => {
    const done = queue.then(work);
    queue = done.then(() => {}, () => {});
    return done;
  };
  return {
    serially,
    send,
    /** @param {string} binary */
    async newSession(binary) {
      const deadline = performance.now() + LAUNCH_TIMEOUT_MS;
      // The driver listens a moment after it starts.
      for (;;) {
        try {
          return await send('POST', '/session', {
            capabilities: {
              alwaysMatch: {
                browserName: 'MiniBrowser', pageLoadStrategy: 'none',
                'webkitgtk:browserOptions': { binary, args: ['--automation'] },
              },
            },
          });
        } catch (error) {
          const refused = /ECONNREFUSED/.test(String(error?.code ?? error?.message)); // nothing listens yet
          if (!refused || performance.now() > deadline) throw new Error(`WebKitWebDriver did not start a MiniBrowser session: ${error instanceof Error ? error.message : error}`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    },
  };
}

/**
 * @param {{sessionId: string, capabilities: {browserVersion: string}}} started
 * @param {ReturnType<typeof webDriverClient>} webdriver
 * @param {number[]} groups
 * @param {import('node:child_process').ChildProcess} driver
 * @param {() => string} driverErrors
 * @returns {import('./launch.js').LaunchedBrowser}
 */
function webKitBrowser({ sessionId, capabilities }, webdriver, groups, driver, driverErrors) {
  const session = `/session/${sessionId}`;
  /** @type {Promise<string>} the session's first window, blank: new windows are opened from it */
  const first = webdriver.send('GET', `${session}/window`);
  /** @type {((detail: string) => void)[]} */
  const goneListeners = [];
  let closing = false;
  driver.once('exit', (code, signal) => {
    if (closing) return;
    const detail = `WebKitWebDriver ${signal === null ? `exited with code ${code}` : `was killed by ${signal}`}; stderr ends: ${driverErrors().trim()}`;
    for (const listener of goneListeners) listener(detail);
  });
  // The session's first window is blank: pages get windows of their own, and it stays so that the session does.
  return {
    version: capabilities.browserVersion,
    processGroups: groups,
    openPage: (url) => webdriver.serially(async () => {
      // A command needs a current window that is open: the last page's may be closed by now.
      await webdriver.send('POST', `${session}/window`, { handle: await first });
      const { handle } = await webdriver.send('POST', `${session}/window/new`, { type: 'tab' });
      await webdriver.send('POST', `${session}/window`, { handle });
      await webdriver.send('POST', `${session}/url`, { url });
      return {
        close: () => webdriver.serially(async () => {
          await webdriver.send('POST', `${session}/window`, { handle });
          await webdriver.send('DELETE', `${session}/window`);
        }),
        // WebDriver reports no crash: the page's own connection closing says it.
        onCrash: () => {},
      };
    }),
    onGone: (listener) => goneListeners.push(listener),
    async close() {
      closing = true;
      await settledWithin(webdriver.send('DELETE', session), 3000);
      for (const group of groups) killGroup(group);
    },
  };
}
