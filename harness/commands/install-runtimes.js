// `clonecheck install-runtimes [RUNTIME...]`: installs runtimes into the cache
// ahead of use (every pinned one when none is named, QuickJS-ng's agent
// built from source included), so that a CI machine
// has them before the tests start (`npm test` runs it first) and a later run
// starts at once. A runtime already in the cache is left as it is; a target
// would install it on first use anyway (harness/runtimes.js).

import { RuntimeError, builtRuntimeNames, pinnedRuntimeNames, resolveRuntime } from '../runtimes.js';
import { EXIT, UsageError } from './common.js';

/** @param {string[]} names `bun`, `node@22`, `deno@2.5.0`, … */
export async function installRuntimesCommand(names) {
  for (const name of names.length > 0 ? names : [...pinnedRuntimeNames, ...builtRuntimeNames]) {
    try {
      const runtime = await resolveRuntime(name, { onInstall: (message) => process.stderr.write(`clonecheck: ${message}\n`) });
      process.stdout.write(`${name}  ${runtime.family} ${runtime.version}  ${runtime.binary}\n`);
    } catch (error) {
      if (error instanceof RuntimeError) throw new UsageError(error.message);
      throw error;
    }
  }
  return EXIT.ok;
}
