// The pages' web server: HTTP on 127.0.0.1 at an ephemeral port, one per
// clonecheck process. It serves this package's own files (src/ runs in a
// page unchanged, as ES modules), the agent page with its import map, and
// one WebSocket per agent page back to the pool member that opened it
// (page-member.js). Every response carries COOP same-origin and COEP
// require-corp, so pages, their workers and their frames are
// crossOriginIsolated and have SharedArrayBuffer, as real sites that use it do.
//
// It is no WPT server: a resource a conform test asks for (a `.py` handler,
// a file of the checkout) is answered 404 with an empty body, which a test
// can take for an answer (an XMLHttpRequest's load event fires on a 404, and
// a loop over the empty responseText asserts nothing). So it remembers what
// it refused, by the page that asked (the request's Referer, which is the
// test's URL once the page has taken it, and its User-Agent, which tells
// apart two browsers on the same test at once), and a page asks for its list
// at `/clonecheck/not-served?url=TEST_URL` (portable/conform/tasks.js); the
// file is then not applicable (harness/conform/not-applicable.js).

import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';
import sirv from 'sirv';
import { FAMILIES } from '../../portable/families/index.js';
import { WebSocketServer } from 'ws';
import { bundlePageModules } from './page-bundle.js';

/** This package's folder: what the server serves from. */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ROOT_URL = pathToFileURL(ROOT).href;

/** The folders a page may load from (the rest of the package is not served). */
const SERVED = ['/src/', '/portable/', '/fuzzers/', '/node_modules/'];

/** The fields of a task or workerData that hold a module URL. */
const MODULE_URL_KEYS = new Set(['moduleURL', 'cloneModuleURL', 'tasks']);

const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/**
 * What a page imports instead of what only Node has: fast-check (a bare
 * name; bundled once, its ESM build imports pure-rand by subpaths), mitata (a
 * bare name), Node's
 * host hooks (util.types: a page has none, so the reference uses its brand
 * checks, as in any other host): the browser families' `hostHooks`
 * (portable/families/; one server serves every browser's pages, so they share it). Modules in workers and frames import
 * neither.
 */
const IMPORT_MAP = {
  imports: {
    'fast-check': '/vendor/fast-check.js',
    // The bench runner's (portable/bench/run.js): plain ES modules, served as they are.
    mitata: '/node_modules/mitata/src/main.mjs',
    '/portable/hosts/node-host.js': `/${FAMILIES.find((family) => family.browser)?.hostHooks}`,
    // How a classic script runs (conform's test files): the browser families' `classicScripts`, a script element.
    '/portable/hosts/classic-script.js': `/${FAMILIES.find((family) => family.browser)?.classicScripts}`,
  },
};

/** fast-check and its dependencies as one ES module (bundled once per process, ~30 ms). */
function fastCheckBundle() {
  const result = buildSync({
    stdin: { contents: "export * from 'fast-check'; export { default } from 'fast-check';", resolveDir: ROOT },
    bundle: true, write: false, format: 'esm', platform: 'browser', target: 'es2022', logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

/** The import map's entries that put one module of this package in place of another (page-bundle.js makes them too). */
const REPLACED_MODULES = Object.fromEntries(Object.entries(IMPORT_MAP.imports).filter(([from]) => from.startsWith('/portable/')));

/**
 * @param {string} member
 * @param {string} token
 * @param {Record<string, string>} bundled  the import map's entries for the bundled modules (page-bundle.js)
 */
function agentPage(member, token, bundled) {
  return `<!doctype html>
<meta charset="utf-8">
<title>clonecheck agent ${member}</title>
<script type="importmap">${JSON.stringify({ imports: { ...IMPORT_MAP.imports, ...bundled } })}</script>
<script type="module">
import { serveAgent } from '/portable/hosts/page/agent.js';
serveAgent(${JSON.stringify(member)}, ${JSON.stringify(token)});
</script>
`;
}

/**
 * @typedef {object} PageServer
 * @property {string} origin  `http://127.0.0.1:PORT`
 * @property {() => {url: string, connection: Promise<import('ws').WebSocket>, cancel: () => void}} expect
 *   a new agent page: the URL to open, and its WebSocket once it has connected
 * @property {Promise<void>} bundled  settled once the agent page's modules are bundled (page-bundle.js; rejected
 *   with esbuild's error): an agent page is opened after it
 * @property {(message: unknown) => string} toPageJSON  a message's JSON, with this package's module URLs made page paths
 * @property {() => Promise<void>} close
 */

/** Where a page asks what this server answered 404 to it (portable/conform/tasks.js asks with its test's URL). */
const NOT_SERVED_PATH = '/clonecheck/not-served';

/**
 * @param {string} pageURL  the asking page's URL (its test's, once it took it)
 * @param {string | undefined} userAgent
 */
const notServedKey = (pageURL, userAgent) => `${pageURL}\n${userAgent ?? ''}`;

/** @returns {Promise<PageServer>} */
export async function startPageServer() {
  const token = randomBytes(16).toString('hex');
  const files = sirv(ROOT, { dev: true, dotfiles: false, setHeaders: (response) => response.setHeader('Cache-Control', 'no-cache') });
  let vendor;
  /** @type {Map<string, (socket: import('ws').WebSocket) => void>} pages opened and not yet connected, by member id */
  const waiting = new Map();
  let members = 0;

  /** @type {Map<string, string[]>} what was answered 404, by the asking page (notServedKey) */
  const notServed = new Map();
  /**
   * Answers 404 and remembers it for the page that asked (not a browser's own favicon request).
   * @param {import('node:http').IncomingMessage} request @param {import('node:http').ServerResponse} response
   */
  const notFound = (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const { referer } = request.headers;
    if (referer?.startsWith(`${origin}/`) && url.pathname !== '/favicon.ico') {
      const key = notServedKey(referer, request.headers['user-agent']);
      notServed.set(key, [...notServed.get(key) ?? [], `${url.pathname}${url.search}`]);
    }
    response.statusCode = 404;
    response.end();
  };

  const server = createServer((request, response) => {
    for (const [name, value] of Object.entries(ISOLATION_HEADERS)) response.setHeader(name, value);
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === NOT_SERVED_PATH) {
      // The page's list, once: a later page at the same test URL starts with none.
      const key = notServedKey(`${origin}${url.searchParams.get('url') ?? ''}`, request.headers['user-agent']);
      response.setHeader('Content-Type', 'application/json');
      response.setHeader('Cache-Control', 'no-store');
      response.end(JSON.stringify(notServed.get(key) ?? []));
      notServed.delete(key);
    } else if (url.pathname === '/agent.html' && url.searchParams.get('token') === token && bundle !== undefined) {
      response.setHeader('Content-Type', 'text/html; charset=utf-8');
      response.end(agentPage(url.searchParams.get('member') ?? '', token, bundle.imports));
    } else if (bundle?.files.has(url.pathname)) {
      response.setHeader('Content-Type', 'text/javascript; charset=utf-8');
      response.end(bundle.files.get(url.pathname));
    } else if (url.pathname === '/vendor/fast-check.js') {
      vendor ??= fastCheckBundle();
      response.setHeader('Content-Type', 'text/javascript; charset=utf-8');
      response.end(vendor);
    } else if (SERVED.some((prefix) => url.pathname.startsWith(prefix))) {
      files(request, response, () => notFound(request, response));
    } else {
      notFound(request, response);
    }
  });
  const sockets = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: 1 << 30 });
  server.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const accept = waiting.get(url.searchParams.get('member') ?? '');
    // Only an agent page this server opened, from its own origin.
    if (url.pathname !== '/agent' || url.searchParams.get('token') !== token || accept === undefined || request.headers.origin !== origin) {
      socket.destroy();
      return;
    }
    waiting.delete(url.searchParams.get('member') ?? '');
    sockets.handleUpgrade(request, socket, head, accept);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(undefined));
  });
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  const origin = `http://127.0.0.1:${port}`;
  /** @type {import('./page-bundle.js').PageBundle | undefined} */
  let bundle;
  // Made while the browsers start (~0.4 s, in esbuild's own process).
  const bundled = bundlePageModules(origin, REPLACED_MODULES).then((made) => { bundle = made; });
  bundled.catch(() => {});

  /**
   * Module URLs (a TargetSpec's moduleURL, conform's cloneModuleURL, the
   * tasks module) name files of this package, which the page loads from here.
   * @param {string} key @param {unknown} value
   */
  const pageURL = (key, value) => (typeof value === 'string' && MODULE_URL_KEYS.has(key) && value.startsWith(ROOT_URL)
    ? `/${value.slice(ROOT_URL.length).replace(/^\//, '')}` : value);

  return {
    origin,
    bundled,
    expect() {
      const member = String(members++);
      let cancel = () => {};
      const connection = new Promise((resolve, reject) => {
        waiting.set(member, resolve);
        cancel = () => {
          waiting.delete(member);
          reject(new Error('cancelled'));
        };
      });
      connection.catch(() => {});
      return { url: `${origin}/agent.html?member=${member}&token=${token}`, connection, cancel };
    },
    toPageJSON: (message) => JSON.stringify(message, pageURL),
    close() {
      for (const client of sockets.clients) client.terminate();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}
