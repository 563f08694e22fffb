// The QuickJS-ng agent: what portable/hosts/agent.js is to Node, Bun and
// Deno, inside the agent build of the native harness (harness.c with
// CLONECHECK_AGENT), so the pool drives QuickJS as it drives any runtime:
// the pool's workerData on the first stdin line (the targets to load, and
// `tasks`: the module that runs the tasks, fuzz's by default), 'ready' once
// they are loaded, then one answer line per task line; the heartbeat file
// written by portable/hosts/heartbeat.js itself (its node:fs is quickjs-fs.js
// here). The task modules are the same ones (portable/fuzz/tasks.js,
// portable/conform/tasks.js), bundled, as are the channel modules a target
// can name: harness.c's module loader asks `clonecheckModuleSource` for
// them when load.js imports a target's module URL.

// First: fast-check takes setTimeout as it loads.
import { fatal, routeUncaught } from './quickjs-timers.js';
import { conformTasks, fileHeartbeatWriter, fuzzTasks, messageLine, quickjsMessage, referenceTiers } from '../../agent.js';
import './quickjs-host.js';

/** @type {{std: any}} */
const { std } = /** @type {any} */ (globalThis).clonecheckNative;

/** conform's tasks with this shell as the realm's host (tasks.js picks Node's or a page's by itself). */
const conformInShell = {
  loadTargets: conformTasks.loadTargets,
  /** @param {any} task @param {import('../../hosts/heartbeat.js').HeartbeatWriter} heartbeat */
  runTask: (task, heartbeat) => conformTasks.runFileTask(task, heartbeat, {
    // Unhandled rejections are not routed: QuickJS-ng reports them only to a tracker that ends the process.
    routeUncaught,
    locate: conformTasks.locateShell,
  }),
};

/**
 * The modules a module URL of the pool can name, by their path in the
 * repository (a URL is `file:///…/<path>`, wherever clonecheck lives).
 * @type {Record<string, object>}
 */
const BUNDLED = {
  'portable/fuzz/tasks.js': fuzzTasks,
  'portable/conform/tasks.js': conformInShell,
  'portable/targets/clone-functions/quickjs-message.js': quickjsMessage,
  'portable/targets/clone-functions/reference-tiers.js': referenceTiers,
};

/**
 * @param {string} url
 * @returns {[string, any]} the bundled module's path and namespace
 * @throws {Error} for a module the bundle does not hold
 */
function bundledModule(url) {
  const entry = Object.entries(BUNDLED).find(([path]) => url.endsWith(`/${path}`));
  if (entry === undefined) throw new Error(`the quickjs agent holds no module ${url}; it holds ${Object.keys(BUNDLED).join(', ')}`);
  return entry;
}

/**
 * harness.c's module loader: the source of a module that re-exports the bundled one.
 * @param {string} url
 * @returns {string}
 */
function clonecheckModuleSource(url) {
  const [path, namespace] = bundledModule(url);
  const names = Object.keys(namespace).filter((name) => name !== 'default');
  const source = [`const m = globalThis.clonecheckNative.modules[${JSON.stringify(path)}];`];
  if (names.length > 0) source.push(`export const { ${names.join(', ')} } = m;`);
  if ('default' in namespace) source.push('export default m.default;');
  return source.join('\n');
}

/** @param {unknown} message */
function answer(message) {
  std.out.puts(messageLine(message));
  std.out.flush();
}

/**
 * Serves the pool until stdin ends.
 * @param {string} heartbeatPath
 */
async function serve(heartbeatPath) {
  const heartbeat = fileHeartbeatWriter(heartbeatPath);
  let workerData;
  /** @type {{loadTargets: (specs: any[]) => Promise<unknown>, runTask: (task: any, heartbeat: any) => Promise<unknown>}} */
  let tasks = fuzzTasks;
  for (let line = std.in.getline(); line !== null; line = std.in.getline()) {
    if (workerData === undefined) {
      workerData = JSON.parse(line);
      if (workerData.tasks !== undefined) tasks = bundledModule(workerData.tasks)[1];
      // Loading is not a case, and must not count against one's timeout.
      if (workerData.targets !== undefined) await tasks.loadTargets(workerData.targets);
      answer('ready');
    } else {
      answer(await tasks.runTask(JSON.parse(line), heartbeat));
    }
  }
}

/** @param {string} heartbeatPath harness.c's main calls it, then runs the event loop */
function clonecheckAgent(heartbeatPath) {
  serve(heartbeatPath).then(() => std.exit(0), fatal);
}

/** @type {any} */ (globalThis).clonecheckNative.modules = BUNDLED;
Object.assign(globalThis, { clonecheckAgent, clonecheckModuleSource });
