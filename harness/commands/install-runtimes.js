// `clonecheck install-runtimes [RUNTIME...] [--native]`: installs runtimes
// into the cache ahead of use (every pinned one when none is named,
// QuickJS-ng's agent built from source included), so that a CI machine has
// them before the tests start (`npm test` runs it first) and a later run
// starts at once. A runtime already in the cache is left as it is; a target
// would install it on first use anyway (harness/runtimes.js).
//
// --native also builds the native harness for every engine (libFuzzer,
// AFL++ with and without sanitizers, the replay and coverage builds:
// harness/native/build.js ENGINE_BUILDS). Those compiles take minutes of CPU
// on a fresh machine, so setup.sh runs them, never a test (the tests take
// QuickJS-ng's objects from the cache and fail at once, naming setup.sh,
// when they are not there). They run while the runtimes download.

import { RuntimeError, builtRuntimeNames, pinnedRuntimeNames, resolveRuntime } from '../runtimes.js';
import { EXIT, UsageError } from '../errors.js';

/**
 * @param {string[]} names `bun`, `node@22`, `deno@2.5.0`, …
 * @param {{native?: boolean}} [options]
 */
export async function installRuntimesCommand(names, { native = false } = {}) {
  const say = (/** @type {string} */ message) => process.stderr.write(`clonecheck: ${message}\n`);
  const engines = native ? await startEngineBuilds(say) : undefined;
  for (const name of names.length > 0 ? names : [...pinnedRuntimeNames, ...builtRuntimeNames]) {
    try {
      const runtime = await resolveRuntime(name, { onInstall: say });
      process.stdout.write(`${name}  ${runtime.family} ${runtime.version}  ${runtime.binary}\n`);
    } catch (error) {
      if (error instanceof RuntimeError) throw new UsageError(error.message);
      throw error;
    }
  }
  return engines === undefined ? EXIT.ok : engines();
}

/**
 * Starts ENGINE_BUILDS, each printed as it is ready (a line like a
 * runtime's, then what it took); a compiler missing is a usage error at once.
 * @param {(message: string) => void} say
 * @returns {Promise<() => Promise<number>>} waits for the builds: EXIT.ok, or EXIT.infrastructure when one failed (said in one line)
 */
async function startEngineBuilds(say) {
  const { ENGINE_BUILDS, TOOLCHAINS, buildEngines, checkToolchain } = await import('../native/build.js');
  const { NativeError, QUICKJS } = await import('../native/sources.js');
  try {
    for (const name of ENGINE_BUILDS) checkToolchain(TOOLCHAINS[name]);
  } catch (error) {
    if (error instanceof NativeError) throw new UsageError(error.message);
    throw error;
  }
  const started = performance.now();
  const building = buildEngines({
    say,
    onBuilt: (name, built) => {
      const how = built.engineCompiled ? `compiled in ${built.compileSeconds.toFixed(0)} s of compiling`
        : built.compileSeconds > 0 ? `engine from the cache, linked in ${built.compileSeconds.toFixed(1)} s` : 'from the cache';
      process.stdout.write(`native:${name}  ${QUICKJS.name} ${QUICKJS.version}  ${built.binary}  (${how}, ready after ${built.seconds.toFixed(0)} s)\n`);
    },
  });
  // Awaited after the runtimes: a failure meanwhile must not go unhandled.
  const outcome = building.then((built) => ({ built }), (error) => ({ error }));
  return async () => {
    const result = await outcome;
    if ('error' in result) {
      if (!(result.error instanceof NativeError)) throw result.error;
      say(result.error.message);
      return EXIT.infrastructure;
    }
    const compiled = [...result.built].filter(([, built]) => built.engineCompiled).map(([name]) => name);
    say(`native builds: ${compiled.length === 0 ? 'all from the cache' : `compiled ${compiled.join(', ')}`} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    return EXIT.ok;
  };
}
