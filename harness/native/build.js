// Builds the native harness (portable/hosts/quickjs/harness.c) for libFuzzer or
// AFL++: QuickJS-ng's sources (sources.js) compiled with the engine's
// compiler and ASan + UBSan into objects that are cached (the compile of
// quickjs.c takes ~75 s on two cores), clonecheck's script bundled from
// portable/hosts/quickjs/entry.js into a C header, and the harness compiled and
// linked against them (a few seconds; cached too, by the hash of everything
// that goes in). The same file built as the `quickjs` runtime's agent
// (AGENT_TOOLCHAIN): -O2, no sanitizers, no fuzzing driver, quickjs-libc
// linked, portable/hosts/quickjs/agent.js bundled.
//
// Also a command line for OSS-Fuzz's build.sh (ci/oss-fuzz/), which brings
// its own compiler and flags:
//   node harness/native/build.js --cc "$CC" --cflags "$CFLAGS" --link "$LIB_FUZZING_ENGINE" --out "$OUT/NAME"

import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { NativeError, QUICKJS, nativeCache, quickjsSources, quickjsSourcesDirectory } from './sources.js';
import { familyNamed } from '../../portable/families/index.js';

const HARNESS_DIR = fileURLToPath(new URL('../../portable/hosts/quickjs/', import.meta.url));
const TOOLCHAIN_PACKAGES = 'clang libfuzzer-14-dev libclang-rt-14-dev afl++ lld-14';

/**
 * A way to build: the compiler, the flags for every unit, those for the
 * engine's units only (coverage instrumentation without a main), those for
 * the harness only, the link flags that bring in the fuzzing engine's
 * driver, the engine units beyond QuickJS-ng's own (quickjs-libc), the
 * script bundled in (portable/hosts/quickjs/), and the Debian packages it needs.
 * @typedef {{name: string, cc: string, cflags: string[], engineFlags: string[], harnessFlags?: string[], linkFlags: string[],
 *   extraUnits?: string[], entry?: string, packages?: string}} Toolchain
 */

const SANITIZERS = ['-fsanitize=address,undefined', '-fno-sanitize-recover=all', '-fno-omit-frame-pointer'];

/**
 * The engines' coverage counters under names harness.c can declare (its
 * two-stage choice reads them; the instrumentation renames a declaration
 * of their own names in the harness's unit), with the driver -fsanitize=fuzzer
 * links: libFuzzer's, or AFL++'s libAFLDriver.
 */
const LIBFUZZER_LINK = ['-fsanitize=fuzzer', '-Wl,--defsym=clonecheck_counters_start=__start___sancov_cntrs,--defsym=clonecheck_counters_stop=__stop___sancov_cntrs'];
const AFL_LINK = ['-fsanitize=fuzzer', '-Wl,--defsym=clonecheck_afl_area_ptr=__afl_area_ptr,--defsym=clonecheck_afl_map_size=__afl_map_size'];

/** @type {Record<string, Toolchain>} */
export const TOOLCHAINS = {
  // -O1 as libFuzzer's documentation recommends with ASan; -g for readable reports. QuickJS-ng's
  // units get -fsanitize=fuzzer-no-link's coverage without its comparison tracing (trace-cmp): a
  // call for every comparison the interpreter makes running the oracle was 53% of the target's CPU
  // in a campaign (perf, 2026-12-05), and what those comparisons hold is not in the input's bytes.
  // The harness's own unit (the decoder, which reads the bytes) keeps it: the link's
  // -fsanitize=fuzzer instruments it in full.
  libfuzzer: {
    name: 'libfuzzer', cc: 'clang', cflags: ['-O1', '-g', ...SANITIZERS],
    engineFlags: ['-fsanitize-coverage=inline-8bit-counters,pc-table,indirect-calls,stack-depth'], linkFlags: LIBFUZZER_LINK,
  },
  // AFL++'s main instance, without sanitizers: ASan + UBSan made each input
  // cost 8-9x the CPU (1,223 queue inputs: 17.3-20.1 s against 2.0 s, same
  // coverage flags, side by side), so the instance that explores runs fast
  // (1,144 execs/s against ~50) and the secondaries below run every input it
  // finds under the sanitizers (AFL++'s own advice: one sanitized instance
  // beside fast ones). afl-clang-fast instruments every unit; -fsanitize=fuzzer
  // links AFL++'s own driver (libAFLDriver).
  afl: { name: 'afl', cc: 'afl-clang-fast', cflags: ['-O2', '-g'], engineFlags: [], linkFlags: AFL_LINK },
  // AFL++'s secondaries (--jobs 2 and more): ASan + UBSan.
  'afl-sanitized': { name: 'afl-sanitized', cc: 'afl-clang-fast', cflags: ['-O1', '-g', ...SANITIZERS], engineFlags: [], linkFlags: AFL_LINK },
  // Replays without instrumentation or sanitizers, where a deviation shows as anywhere: each
  // candidate of a minimization is a process, ~0.04 s here against ~0.15 s with ASan + UBSan.
  replay: { name: 'replay', cc: 'clang', cflags: ['-O2', '-g'], engineFlags: [], linkFlags: ['-fsanitize=fuzzer'] },
  // clang's source-based coverage (coverage.js); the libFuzzer driver only runs the files it is given.
  coverage: { name: 'coverage', cc: 'clang', cflags: ['-O0', '-g', '-fprofile-instr-generate', '-fcoverage-mapping'], engineFlags: [], linkFlags: ['-fsanitize=fuzzer'] },
};

/**
 * The `quickjs` runtime's agent (harness/runtimes.js): harness.c's `main`
 * (CLONECHECK_AGENT) serving the pool, fast (-O2, no sanitizers: ~1.5 ms a
 * case against 14.6 ms under ASan + UBSan), with quickjs-libc for stdin,
 * stdout, files and timers. Not a fuzzing engine: not in TOOLCHAINS.
 * @type {Toolchain}
 */
export const AGENT_TOOLCHAIN = {
  name: 'agent', cc: 'clang', cflags: ['-O2', '-g'], engineFlags: [], harnessFlags: ['-DCLONECHECK_AGENT'], linkFlags: [],
  extraUnits: ['quickjs-libc.c'], entry: 'agent.js', packages: 'clang',
};

/** The defines rquickjs-sys's build.rs compiles QuickJS-ng with (asserts kept: they are findings too). */
const DEFINES = ['-D_GNU_SOURCE'];

/**
 * @param {string} binary
 * @returns {boolean}
 */
export function onPath(binary) {
  return spawnSync('sh', ['-c', `command -v "$1"`, 'sh', binary], { stdio: 'ignore' }).status === 0;
}

/**
 * @param {Toolchain} toolchain
 * @throws {NativeError} when its compiler is missing, with the command that installs it
 */
export function checkToolchain(toolchain) {
  if (!onPath(toolchain.cc)) {
    throw new NativeError(`${toolchain.cc} is not installed; install it with: apt-get install -y ${toolchain.packages ?? TOOLCHAIN_PACKAGES}`);
  }
}

/**
 * @param {string[]} parts
 * @returns {string} a short hash of them
 */
function hashOf(parts) {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex').slice(0, 16);
}

/**
 * @param {string} cc
 * @param {string[]} args
 * @param {string} cwd
 * @returns {Promise<void>}
 */
function compile(cc, args, cwd) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(cc, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk) => { errors = (errors + chunk).slice(-4000); });
    child.on('error', (error) => reject(new NativeError(`cannot run ${cc}: ${error.message}`)));
    child.on('exit', (code) => {
      if (code === 0) resolvePromise(undefined);
      else reject(new NativeError(`${cc} ${args.join(' ')} failed (exit ${code}):\n${errors.trim()}`));
    });
  });
}

/**
 * Compiles waiting for a core: one compile per core across every build of
 * the process, so that builds started together (install-runtimes --native
 * starts them all) share the cores instead of crowding them (quickjs.c
 * alone holds a core for minutes under ASan).
 * @type {{free: number, waiting: Array<() => void>}}
 */
const cores = { free: availableParallelism(), waiting: [] };

/**
 * Runs a compile when a core is free: first come, first served, except a
 * harness's link, which goes before the engines' compiles still waiting (a
 * second or two, and it makes a build ready).
 * @param {() => Promise<void>} job
 * @param {{first?: boolean}} [options]
 * @returns {Promise<number>} the seconds it held the core
 */
async function onACore(job, { first = false } = {}) {
  if (cores.free > 0) cores.free -= 1;
  else await new Promise((resolvePromise) => { cores.waiting[first ? 'unshift' : 'push'](() => resolvePromise(undefined)); });
  const started = performance.now();
  try {
    await job();
    return (performance.now() - started) / 1000;
  } finally {
    const next = cores.waiting.shift();
    if (next === undefined) cores.free += 1;
    else next();
  }
}

/**
 * Where a toolchain's engine objects are cached: named by the hash of
 * QuickJS-ng's version, the compiler and the flags alone, so a build with the
 * same compiler and flags (OSS-Fuzz's build.sh given the libfuzzer
 * toolchain's flags, as test/native.test.js does) reuses them.
 * @param {Toolchain} toolchain
 * @returns {{directory: string, objects: string[], units: string[], flags: string[]}}
 */
function engineObjectsPlace(toolchain) {
  const version = spawnSync(toolchain.cc, ['--version'], { encoding: 'utf8' }).stdout ?? '';
  const flags = [...toolchain.cflags, ...toolchain.engineFlags, ...DEFINES];
  const units = [...QUICKJS.units, ...toolchain.extraUnits ?? []];
  const directory = join(nativeCache(), 'objects', hashOf([QUICKJS.version, QUICKJS.sha256, toolchain.cc, version, ...flags, ...units]));
  return { directory, objects: units.map((unit) => join(directory, unit.replace(/\.c$/, '.o'))), units, flags };
}

/**
 * Compiles the engine's objects for a toolchain into its place (a staging
 * folder renamed into place when complete).
 * @param {Toolchain} toolchain
 * @param {{directory: string, units: string[], flags: string[]}} place
 * @param {string} sources
 * @param {(line: string) => void} say
 * @returns {Promise<number>} the seconds its compiles held a core, summed
 */
async function compileEngine(toolchain, { directory, units, flags }, sources, say) {
  mkdirSync(join(nativeCache(), 'objects'), { recursive: true });
  const staging = mkdtempSync(join(nativeCache(), 'objects', `.${toolchain.name}.compiling-`));
  try {
    say(`compiling ${QUICKJS.name} ${QUICKJS.version} for ${toolchain.name} with ${toolchain.cc} ${flags.join(' ')} (once, then cached)`);
    const held = await Promise.all(units.map((unit) => onACore(() => compile(toolchain.cc, [...flags, '-w', '-c', unit, '-o', join(staging, unit.replace(/\.c$/, '.o'))], sources))));
    if (!existsSync(directory)) renameSync(staging, directory);
    return held.reduce((sum, seconds) => sum + seconds, 0);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * What the agent bundle takes in place of Node's modules: the reference's
 * Node host hooks become the quickjs family's `hostHooks` (portable/families/:
 * none, the reference's brand checks, as in a browser), the way a classic
 * script runs its `classicScripts` (std.evalScript), node:fs the few
 * calls heartbeat.js makes, on quickjs-libc.
 * @type {import('esbuild').Plugin}
 */
const QUICKJS_HOST_MODULES = {
  name: 'clonecheck-quickjs-host',
  setup(bundling) {
    bundling.onResolve({ filter: /\/hosts\/node-host\.js$/ }, () => ({ path: fileURLToPath(new URL(`../../${familyNamed('quickjs')?.hostHooks}`, import.meta.url)) }));
    bundling.onResolve({ filter: /\/hosts\/classic-script\.js$/ }, () => ({ path: fileURLToPath(new URL(`../../${familyNamed('quickjs')?.classicScripts}`, import.meta.url)) }));
    bundling.onResolve({ filter: /^node:fs$/ }, () => ({ path: join(HARNESS_DIR, 'quickjs-fs.js') }));
  },
};

/**
 * clonecheck's script as a C header: portable/hosts/quickjs/entry.js (or the
 * toolchain's entry) with src/ bundled into one classic script (QuickJS
 * evaluates it as a global script), NUL-terminated as JS_Eval wants it.
 * @param {string} [entry] in portable/hosts/quickjs/
 * @returns {Promise<string>}
 */
export async function bundleHeader(entry = 'entry.js') {
  const result = await build({
    entryPoints: [join(HARNESS_DIR, entry)], bundle: true, format: 'iife', write: false, logLevel: 'silent', legalComments: 'none',
    plugins: [QUICKJS_HOST_MODULES],
  });
  const bytes = result.outputFiles[0].contents;
  const lines = [];
  for (let i = 0; i < bytes.length; i += 24) lines.push(Array.from(bytes.subarray(i, i + 24)).join(','));
  return `// Generated by harness/native/build.js from portable/hosts/quickjs/${entry}: do not edit.\n`
    + `static const unsigned char clonecheck_bundle[] = {\n${lines.join(',\n')},0};\n`
    + `static const size_t clonecheck_bundle_len = ${bytes.length};\n`;
}

/**
 * @typedef {{binary: string, engineCompiled: boolean, compileSeconds: number, seconds: number}} Built
 *   `compileSeconds`: the time its compiles held a core (the engine's and the harness's); `seconds`: the whole call
 */

/**
 * Builds (or finds in the cache) the harness binary.
 * @param {Toolchain} toolchain
 * @param {{say?: (line: string) => void, out?: string, compileEngine?: boolean}} [options]
 *   `out`: copy the binary there too; `compileEngine: false`: throw when QuickJS-ng's objects are not in the cache
 *   (the tests: compiling them takes minutes, setup.sh does it) and only bundle and link (seconds)
 * @returns {Promise<Built>}
 */
export async function buildHarness(toolchain, { say = () => {}, out, compileEngine = true } = {}) {
  return /** @type {Promise<Built>} */ (harnessBinary(toolchain, { say, out, cachedOnly: false, compileEngine }));
}

/**
 * The harness binary if the cache holds it for the current sources (nothing is fetched or compiled).
 * @param {Toolchain} toolchain
 * @returns {Promise<string | undefined>}
 */
export async function cachedHarness(toolchain) {
  return (await harnessBinary(toolchain, { say: () => {}, cachedOnly: true, compileEngine: false }))?.binary;
}

/**
 * Every build of the native harness that `fuzz --engine`, its minimizer and
 * coverage.js use, the sanitized ones first: theirs are the long compiles
 * (libFuzzer's about 80 s of CPU, AFL++'s sanitized one longer, the others
 * 20-45 s: docs/native.md), and started first they leave the short ones to
 * fill the other core.
 */
export const ENGINE_BUILDS = ['afl-sanitized', 'libfuzzer', 'coverage', 'afl', 'replay'];

/**
 * Builds every one of ENGINE_BUILDS at once (they share the cores: onACore),
 * QuickJS-ng's sources fetched first, once.
 * @param {{say?: (line: string) => void, onBuilt?: (name: string, built: Built) => void}} [options]
 * @returns {Promise<Map<string, Built>>}
 * @throws {NativeError} a compiler missing (before anything is fetched), a fetch or a compile failing
 */
export async function buildEngines({ say = () => {}, onBuilt = () => {} } = {}) {
  const toolchains = ENGINE_BUILDS.map((name) => TOOLCHAINS[name]);
  for (const toolchain of toolchains) checkToolchain(toolchain);
  await quickjsSources(say);
  const built = await Promise.all(toolchains.map(async (toolchain) => {
    const one = await buildHarness(toolchain, { say });
    onBuilt(toolchain.name, one);
    return /** @type {[string, Built]} */ ([toolchain.name, one]);
  }));
  return new Map(built);
}

/**
 * @param {Toolchain} toolchain
 * @param {{say: (line: string) => void, out?: string, cachedOnly: boolean, compileEngine: boolean}} options
 * @returns {Promise<Built | undefined>}
 */
async function harnessBinary(toolchain, { say, out, cachedOnly, compileEngine: mayCompile }) {
  const started = performance.now();
  checkToolchain(toolchain);
  const place = engineObjectsPlace(toolchain);
  const engineCached = place.objects.every((o) => existsSync(o));
  if (!engineCached && cachedOnly) return undefined;
  if (!engineCached && !mayCompile) {
    throw new NativeError(`${QUICKJS.name} ${QUICKJS.version} is not compiled for ${toolchain.name} in ${nativeCache()} (minutes of CPU, done once): `
      + "run 'bash setup.sh' (or 'npx clonecheck install-runtimes --native')");
  }
  if (cachedOnly && !existsSync(join(quickjsSourcesDirectory(), 'quickjs.c'))) return undefined;
  const sources = await quickjsSources(say);
  let compileSeconds = engineCached ? 0 : await compileEngine(toolchain, place, sources, say);
  const header = await bundleHeader(toolchain.entry);
  // harness.c includes program-native.c: both are the harness's source.
  const harness = ['harness.c', 'program-native.c'].map((file) => readFileSync(join(HARNESS_DIR, file), 'utf8')).join('\0');
  const harnessFlags = toolchain.harnessFlags ?? [];
  const key = hashOf([place.directory, header, harness, ...toolchain.cflags, ...harnessFlags, ...toolchain.linkFlags]);
  const directory = join(nativeCache(), 'bin', `${toolchain.name}-${key}`);
  const binary = join(directory, 'clonecheck-quickjs');
  if (!existsSync(binary)) {
    if (cachedOnly) return undefined;
    mkdirSync(join(nativeCache(), 'bin'), { recursive: true });
    const staging = mkdtempSync(join(nativeCache(), 'bin', `.${toolchain.name}.linking-`));
    try {
      writeFileSync(join(staging, 'clonecheck-bundle.h'), header);
      compileSeconds += await onACore(() => compile(toolchain.cc, [
        ...toolchain.cflags, ...harnessFlags, ...DEFINES, '-I', staging, '-I', sources, join(HARNESS_DIR, 'harness.c'), ...place.objects,
        ...toolchain.linkFlags, '-lm', '-lpthread', '-o', join(staging, 'clonecheck-quickjs'),
      ], staging), { first: true });
      if (!existsSync(directory)) renameSync(staging, directory);
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  }
  if (out !== undefined) copyFileSync(binary, out);
  return { binary, engineCompiled: !engineCached, compileSeconds, seconds: (performance.now() - started) / 1000 };
}

/**
 * QuickJS-ng's own `qjs`, as its CMakeLists.txt builds it (qjs.c with the
 * compiled REPL and standalone modules of gen/, linked against the engine
 * and quickjs-libc): what a maintainer runs a QuickJS-ng snippet with
 * (findings/snippet.js; its `qjs:bjson` module is JS_WriteObject and
 * JS_ReadObject). Linked (~1 s) against the agent's objects, which are the
 * same units compiled with the same -O2 and defines, and cached beside them;
 * never compiles the engine: it is undefined where the agent's objects are
 * not compiled yet (setup.sh compiles them, and install-runtimes links this).
 * @param {{say?: (line: string) => void}} [options]
 * @returns {Promise<string | undefined>} the binary
 */
export async function stockQjs({ say = () => {} } = {}) {
  const place = engineObjectsPlace(AGENT_TOOLCHAIN);
  if (!place.objects.every((o) => existsSync(o))) return undefined;
  const directory = join(nativeCache(), 'bin', `qjs-${hashOf([place.directory, ...QJS_UNITS])}`);
  const binary = join(directory, 'qjs');
  if (existsSync(binary)) return binary;
  const sources = await quickjsSources(say);
  mkdirSync(join(nativeCache(), 'bin'), { recursive: true });
  const staging = mkdtempSync(join(nativeCache(), 'bin', '.qjs.linking-'));
  try {
    say(`linking ${QUICKJS.name} ${QUICKJS.version}'s qjs (once, then cached)`);
    await onACore(() => compile(AGENT_TOOLCHAIN.cc, [
      ...AGENT_TOOLCHAIN.cflags, ...DEFINES, '-w', '-I', sources, ...QJS_UNITS, ...place.objects, '-lm', '-lpthread', '-ldl', '-o', join(staging, 'qjs'),
    ], sources), { first: true });
    if (!existsSync(directory)) renameSync(staging, directory);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return binary;
}

/** The units of QuickJS-ng's qjs_exe beyond the engine and quickjs-libc (its CMakeLists.txt). */
const QJS_UNITS = ['qjs.c', 'gen/repl.c', 'gen/standalone.c'];

// The command line (OSS-Fuzz's build.sh, or by hand).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        engine: { type: 'string', default: 'libfuzzer' },
        cc: { type: 'string' }, cflags: { type: 'string', default: '' }, link: { type: 'string', default: '' }, out: { type: 'string' },
      },
    }));
  } catch (error) {
    // Flags start with a dash: `--cflags "-O2 -g"` reads as a missing value.
    console.error(`${/** @type {Error} */ (error).message.split('\n')[0]} (give flags as --cflags="-O2 -g")`);
    process.exit(2);
  }
  const split = (/** @type {string} */ text) => text.split(/\s+/).filter((s) => s !== '');
  const toolchain = values.cc === undefined
    ? (values.engine === 'agent' ? AGENT_TOOLCHAIN : TOOLCHAINS[values.engine])
    : { name: `custom-${hashOf([values.cc, values.cflags, values.link])}`, cc: values.cc, cflags: split(values.cflags), engineFlags: [], linkFlags: split(values.link) };
  if (toolchain === undefined) {
    console.error(`unknown engine ${values.engine}; use --engine libfuzzer, --engine afl or --engine agent`);
    process.exit(2);
  }
  try {
    const built = await buildHarness(toolchain, { say: (line) => console.error(line), out: values.out });
    console.log(values.out ?? built.binary);
  } catch (error) {
    if (!(error instanceof NativeError)) throw error;
    console.error(error.message);
    process.exit(3);
  }
}
