// Starting a browser, one kind at a time, with the flags that work on these
// machines (ENVIRONMENT.md, Browsers), every name lookup kept on loopback:
//  - Chromium and Firefox ESR through playwright-core (1.64.1: 1.65 fails on
//    Firefox ESR 153's WebDriver BiDi), as a browser server in its own
//    process group that this process connects to;
//  - WebKitGTK's MiniBrowser through WebKitWebDriver under a private Xvfb
//    (launch-webkit.js).
// Each page gets a browser context of its own (its own storage: IndexedDB
// starts empty). What a launcher returns is a LaunchedBrowser. Which way a
// browser starts, and its flags, its family's descriptor says (`launch`,
// portable/families/).

import { familyNamed } from '../../portable/families/index.js';
import { launchWebKit } from './launch-webkit.js';
import { LAUNCH_TIMEOUT_MS, killGroup, settledWithin } from './processes.js';

/**
 * @typedef {object} OpenPage
 * @property {() => Promise<void>} close  closes the page (a hung one too)
 * @property {(listener: (detail: string) => void) => void} onCrash  what the browser reported when the page's process died, if it does
 * @property {import('playwright-core').Page} [page]  a Chromium or Firefox page itself (console, screenshots: the dashboard's test)
 */

/**
 * @typedef {object} LaunchedBrowser
 * @property {string} version  what the running browser says it is
 * @property {number[]} processGroups  every process it started is in one of these (for the watchdog)
 * @property {(url: string) => Promise<OpenPage>} openPage
 * @property {(listener: (detail: string) => void) => void} onGone  the browser died or was closed
 * @property {() => Promise<void>} close  ends it, and everything it started
 */

/** @param {import('../runtimes.js').Runtime} runtime @returns {Promise<LaunchedBrowser>} */
export function launchBrowser(runtime) {
  const launch = /** @type {import('../../portable/families/index.js').Family['launch']} */ (familyNamed(runtime.browser)?.launch);
  if (launch?.with === 'playwright') return launchWithPlaywright(runtime, launch);
  return launchWebKit(runtime.binary);
}

/**
 * @param {import('../runtimes.js').Runtime} runtime
 * @param {{type: 'chromium' | 'firefox', args?: string[], channel?: string, env?: Record<string, string>, prefs?: Record<string, string>}} launch
 *   its family's: playwright-core's browser type, and what it is launched with
 * @returns {Promise<LaunchedBrowser>}
 */
async function launchWithPlaywright(runtime, launch) {
  const type = (await import('playwright-core'))[launch.type];
  const common = {
    executablePath: runtime.binary, headless: true, timeout: LAUNCH_TIMEOUT_MS,
    // clonecheck ends its browsers itself: Ctrl-C first stops the run gracefully (commands/common.js).
    handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false,
  };
  const server = await type.launchServer({
    ...common,
    ...(launch.args === undefined ? {} : { args: launch.args }),
    ...(launch.channel === undefined ? {} : { channel: launch.channel }),
    ...(launch.env === undefined ? {} : { env: { ...process.env, ...launch.env } }),
    ...(launch.prefs === undefined ? {} : { firefoxUserPrefs: launch.prefs }),
  });
  const group = /** @type {number} */ (server.process().pid);
  let browser;
  try {
    browser = await type.connect(server.wsEndpoint(), { timeout: LAUNCH_TIMEOUT_MS });
  } catch (error) {
    killGroup(group);
    throw error;
  }
  /** @type {((detail: string) => void)[]} */
  const goneListeners = [];
  let gone = false;
  const onExit = (/** @type {string} */ detail) => {
    if (gone) return;
    gone = true;
    for (const listener of goneListeners) listener(detail);
  };
  server.process().on('exit', (code, signal) => onExit(`the ${runtime.name} browser process ${signal === null ? `exited with code ${code}` : `was killed by ${signal}`}`));
  browser.on('disconnected', () => onExit(`the ${runtime.name} browser closed its connection`));
  return {
    version: browser.version(),
    processGroups: [group],
    async openPage(url) {
      const context = await browser.newContext();
      const page = await context.newPage();
      /** @type {((detail: string) => void)[]} */
      const crashListeners = [];
      page.on('crash', () => {
        for (const listener of crashListeners) listener(`the ${runtime.name} page crashed (the browser reported its renderer gone)`);
      });
      // The page's own WebSocket says when it has loaded; navigation only has to begin.
      await page.goto(url, { waitUntil: 'commit', timeout: LAUNCH_TIMEOUT_MS });
      return {
        close: () => context.close(),
        onCrash: (listener) => crashListeners.push(listener),
        page,
      };
    },
    onGone: (listener) => goneListeners.push(listener),
    async close() {
      gone = true;
      await browser.close().catch(() => {});
      await settledWithin(server.close(), 5000);
      killGroup(group);
    },
  };
}
