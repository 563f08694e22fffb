// clonecheck's native harness: QuickJS-ng's structured serializer
// (JS_WriteObject2 / JS_ReadObject, with the flags its worker postMessage
// uses) under libFuzzer or AFL++, with ASan and UBSan.
//
// One JSRuntime and one JSContext live for the whole process. They evaluate
// the bundle that harness/native/build.js makes from portable/hosts/quickjs/entry.js
// (clonecheck's own src/: fromBytes, build, the reference oracle, observe,
// diff), compiled in as `clonecheck_bundle`. The bundle calls back into C
// through `clonecheckNative`: `message(value)`, the serializer round trip,
// and `print(text)`.
//
// Built two ways (harness/native/build.js), one file:
//  - for libFuzzer or AFL++, with the bundle of portable/hosts/quickjs/entry.js:
//     - LLVMFuzzerTestOneInput: bytes -> the entry's `fuzzOne`: a readable
//       report on stderr and abort() when QuickJS deviates from the oracle;
//     - CLONECHECK_PRINT=1 (read in LLVMFuzzerInitialize): prints the program
//       that each input file named on the command line decodes to, without
//       running it (harness/native/findings.js uses it for crashes);
//  - as an agent (CLONECHECK_AGENT defined: `main` below, no fuzzing driver,
//    no sanitizers, quickjs-libc linked), with the bundle of
//    portable/hosts/quickjs/agent.js: the agent protocol of portable/hosts/agent.js
//    over stdin and stdout, so the pool drives QuickJS as it drives Bun.

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef CLONECHECK_AGENT
#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#endif

#include "quickjs.h"
#ifdef CLONECHECK_AGENT
#include "quickjs-libc.h"
#endif
#include "clonecheck-bundle.h"

static JSRuntime *runtime;
static JSContext *context;

// SharedArrayBuffer memory with a reference count in front, as
// quickjs-libc.c's js_sab_alloc / js_sab_free / js_sab_dup keep it: the
// serializer writes a SharedArrayBuffer as its data pointer (JS_WRITE_OBJ_SAB)
// and the reader wraps the same memory, taking a reference (sab_dup).
typedef struct {
  int ref_count;
  uint64_t buf[];
} SharedHeader;

static SharedHeader *shared_header(void *ptr) {
  return (SharedHeader *)((uint8_t *)ptr - offsetof(SharedHeader, buf));
}

static void *shared_alloc(void *opaque, size_t size) {
  (void)opaque;
  SharedHeader *header = malloc(sizeof(SharedHeader) + size);
  if (header == NULL) return NULL;
  header->ref_count = 1;
  return header->buf;
}

static void shared_free(void *opaque, void *ptr) {
  (void)opaque;
  SharedHeader *header = shared_header(ptr);
  if (--header->ref_count == 0) free(header);
}

static void shared_dup(void *opaque, void *ptr) {
  (void)opaque;
  shared_header(ptr)->ref_count++;
}

// What js_os_postMessage does to a value on one side of a worker:
// JS_WriteObject2 with JS_WRITE_OBJ_SAB | JS_WRITE_OBJ_REFERENCE, the
// SharedArrayBuffers it wrote listed in `shared` (NULL: JS_WriteObject2
// frees the list). NULL with an exception pending when the write throws.
static uint8_t *write_message(JSContext *ctx, JSValueConst value, size_t *length, JSSABTab *shared) {
  return JS_WriteObject2(ctx, length, value, JS_WRITE_OBJ_SAB | JS_WRITE_OBJ_REFERENCE, shared);
}

// ...and js_os_poll_worker_message on the other: one reference taken on every
// SharedArrayBuffer written (the message holds them), JS_ReadObject with
// JS_READ_OBJ_SAB | JS_READ_OBJ_REFERENCE, then the message's references
// dropped (js_free_message). Frees `data`.
static JSValue read_message(JSContext *ctx, uint8_t *data, size_t length, JSSABTab *shared) {
  for (size_t i = 0; i < shared->len; i++) shared_dup(NULL, shared->tab[i]);
  JSValue clone = JS_ReadObject(ctx, data, length, JS_READ_OBJ_SAB | JS_READ_OBJ_REFERENCE);
  for (size_t i = 0; i < shared->len; i++) shared_free(NULL, shared->tab[i]);
  js_free(ctx, shared->tab);
  js_free(ctx, data);
  return clone;
}

// message(value): the round trip a worker's postMessage makes, in one
// context. A write or read error is thrown as the engine threw it.
static JSValue js_message(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv) {
  (void)this_val;
  (void)argc;
  size_t length;
  JSSABTab shared = { 0 };
  uint8_t *data = write_message(ctx, argv[0], &length, &shared);
  if (data == NULL) return JS_EXCEPTION;
  return read_message(ctx, data, length, &shared);
}

static void set_bytes(JSContext *ctx, JSValue object, const char *name, const uint8_t *data, size_t length) {
  JS_SetPropertyStr(ctx, object, name, JS_NewUint8ArrayCopy(ctx, data, length));
}

// roundTrip(value): stage 1 of the two-stage harness (docs/native.md): the
// same round trip, then the clone written again, which must give the same
// bytes: the reader rebuilt what the writer described, so describing it
// again says the same (object references are numbered in the order both
// meet objects; a SharedArrayBuffer is written as its data pointer, which
// the clone shares). Undefined when that holds, or when the first write
// threw (an unsupported class, an accessor, a getter's throw: nothing was
// sent); otherwise what broke: {stage: 'read', error} (the message cannot be
// read back), {stage: 'rewrite', error} (the clone cannot be written), or
// {stage: 'bytes', written, rewritten}.
static JSValue round_trip(JSContext *ctx, JSValueConst value) {
  size_t length;
  JSSABTab shared = { 0 };
  uint8_t *data = write_message(ctx, value, &length, &shared);
  if (data == NULL) {
    JS_FreeValue(ctx, JS_GetException(ctx));
    return JS_UNDEFINED;
  }
  uint8_t *written = js_malloc(ctx, length ? length : 1);
  if (written == NULL) return JS_EXCEPTION;
  memcpy(written, data, length);
  JSValue clone = read_message(ctx, data, length, &shared);
  JSValue broken = JS_UNDEFINED;
  size_t rewritten_length = 0;
  uint8_t *rewritten = JS_IsException(clone) ? NULL : write_message(ctx, clone, &rewritten_length, NULL);
  if (rewritten == NULL) {
    broken = JS_NewObject(ctx);
    JS_SetPropertyStr(ctx, broken, "stage", JS_NewString(ctx, JS_IsException(clone) ? "read" : "rewrite"));
    JS_SetPropertyStr(ctx, broken, "error", JS_GetException(ctx));
    set_bytes(ctx, broken, "written", written, length);
  } else if (rewritten_length != length || memcmp(rewritten, written, length) != 0) {
    broken = JS_NewObject(ctx);
    JS_SetPropertyStr(ctx, broken, "stage", JS_NewString(ctx, "bytes"));
    set_bytes(ctx, broken, "written", written, length);
    set_bytes(ctx, broken, "rewritten", rewritten, rewritten_length);
  }
  js_free(ctx, rewritten);
  js_free(ctx, written);
  JS_FreeValue(ctx, clone);
  return broken;
}

static JSValue js_round_trip(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv) {
  (void)this_val;
  (void)argc;
  return round_trip(ctx, argv[0]);
}

// print(text): one line on stdout (the printed programs).
static JSValue js_print(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv) {
  (void)this_val;
  (void)argc;
  size_t length;
  const char *text = JS_ToCStringLen(ctx, &length, argv[0]);
  if (text == NULL) return JS_EXCEPTION;
  fwrite(text, 1, length, stdout);
  fputc('\n', stdout);
  fflush(stdout);
  JS_FreeCString(ctx, text);
  return JS_UNDEFINED;
}

// isProxy(value), classId(value): what script cannot see and QuickJS-ng's
// API can, for the reference's host hooks (quickjs-host.js), as Node's
// util.types tells them in Node: JS_IsProxy, and the object's class
// (JS_GetClassID; 0 for a primitive), fixed when the object is made and with
// it the object's internal slots.
static JSValue js_is_proxy(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv) {
  (void)this_val;
  (void)argc;
  return JS_NewBool(ctx, JS_IsProxy(argv[0]));
}

static JSValue js_class_id(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv) {
  (void)this_val;
  (void)argc;
  return JS_NewUint32(ctx, JS_GetClassID(argv[0]));
}

// A JS exception here is clonecheck's fault, not QuickJS's: say so and stop.
static void harness_error(const char *where) {
  JSValue exception = JS_GetException(context);
  const char *text = JS_ToCString(context, exception);
  JSValue stack = JS_GetPropertyStr(context, exception, "stack");
  const char *stack_text = JS_IsUndefined(stack) ? NULL : JS_ToCString(context, stack);
  fprintf(stderr, "clonecheck harness error (%s): %s\n%s\n", where, text ? text : "?", stack_text ? stack_text : "");
  exit(3);
}

static JSValue global_function(const char *name) {
  JSValue global = JS_GetGlobalObject(context);
  JSValue function = JS_GetPropertyStr(context, global, name);
  JS_FreeValue(context, global);
  if (!JS_IsFunction(context, function)) {
    fprintf(stderr, "clonecheck harness error: the bundle defines no function %s\n", name);
    exit(3);
  }
  return function;
}

static JSValue call(JSValue function, JSValue argument, const char *where) {
  JSValue result = JS_Call(context, function, JS_UNDEFINED, 1, &argument);
  if (JS_IsException(result)) harness_error(where);
  return result;
}

#ifdef CLONECHECK_AGENT

// A module the pool names by URL (a target's channel module, conform's or
// fuzz's tasks: `import(spec.moduleURL)` in portable/targets/load.js) is
// one the bundle holds already: the bundle's `clonecheckModuleSource(url)`
// gives the source of a module that re-exports it, compiled here.
static JSModuleDef *bundled_module(JSContext *ctx, const char *name, void *opaque) {
  (void)opaque;
  JSValue source_of = global_function("clonecheckModuleSource");
  JSValue url = JS_NewString(ctx, name);
  JSValue source = JS_Call(ctx, source_of, JS_UNDEFINED, 1, &url);
  JS_FreeValue(ctx, url);
  JS_FreeValue(ctx, source_of);
  if (JS_IsException(source)) return NULL;
  size_t length;
  const char *text = JS_ToCStringLen(ctx, &length, source);
  JS_FreeValue(ctx, source);
  if (text == NULL) return NULL;
  JSValue compiled = JS_Eval(ctx, text, length, name, JS_EVAL_TYPE_MODULE | JS_EVAL_FLAG_COMPILE_ONLY);
  JS_FreeCString(ctx, text);
  if (JS_IsException(compiled)) return NULL;
  JSModuleDef *module = JS_VALUE_GET_PTR(compiled);
  JS_FreeValue(ctx, compiled);
  return module;
}

// quickjs-libc's std and os modules as clonecheckNative.std and .os (a
// global script cannot import them): stdin lines, stdout, the heartbeat
// file, timers.
static void add_std_modules(void) {
  js_init_module_std(context, "qjs:std");
  js_init_module_os(context, "qjs:os");
  JS_SetModuleLoaderFunc(runtime, NULL, bundled_module, NULL);
  static const char expose[] = "import * as std from 'qjs:std'; import * as os from 'qjs:os';\n"
                               "Object.assign(globalThis.clonecheckNative, { std, os });\n";
  JSValue promise = JS_Eval(context, expose, sizeof expose - 1, "clonecheck-std.js", JS_EVAL_TYPE_MODULE);
  if (JS_IsException(promise)) harness_error("importing qjs:std and qjs:os");
  JSValue result = js_std_await(context, promise);
  if (JS_IsException(result)) harness_error("importing qjs:std and qjs:os");
  JS_FreeValue(context, result);
}

#endif  // CLONECHECK_AGENT

// The runtime and context, `clonecheckNative` in its global, the bundle evaluated.
static void start_quickjs(void) {
  runtime = JS_NewRuntime();
#ifdef CLONECHECK_AGENT
  // Timers (os.setTimeout) and std/os for the agent; before any context, as qjs does it.
  if (runtime != NULL) js_std_init_handlers(runtime);
  // The reference recurses once per nesting level, interpreted: QuickJS-ng's default 1 MB stack
  // overflows on the conformance suite's object nested 1,000 deep; the main thread has 8 MB.
  if (runtime != NULL) JS_SetMaxStackSize(runtime, 4 * 1024 * 1024);
#endif
  context = runtime == NULL ? NULL : JS_NewContext(runtime);
  if (context == NULL) {
    fprintf(stderr, "clonecheck harness error: QuickJS could not make a runtime\n");
    exit(3);
  }
  JSSharedArrayBufferFunctions shared = { shared_alloc, shared_free, shared_dup, NULL };
  JS_SetSharedArrayBufferFunctions(runtime, &shared);

  JSValue native = JS_NewObject(context);
  JS_SetPropertyStr(context, native, "message", JS_NewCFunction(context, js_message, "message", 1));
  JS_SetPropertyStr(context, native, "roundTrip", JS_NewCFunction(context, js_round_trip, "roundTrip", 1));
  JS_SetPropertyStr(context, native, "print", JS_NewCFunction(context, js_print, "print", 1));
  JS_SetPropertyStr(context, native, "isProxy", JS_NewCFunction(context, js_is_proxy, "isProxy", 1));
  JS_SetPropertyStr(context, native, "classId", JS_NewCFunction(context, js_class_id, "classId", 1));
  JSValue global = JS_GetGlobalObject(context);
  JS_SetPropertyStr(context, global, "clonecheckNative", native);
  JS_FreeValue(context, global);
#ifdef CLONECHECK_AGENT
  add_std_modules();
#endif

  JSValue result = JS_Eval(context, (const char *)clonecheck_bundle, clonecheck_bundle_len, "clonecheck-bundle.js",
                           JS_EVAL_TYPE_GLOBAL);
  if (JS_IsException(result)) harness_error("loading the bundle");
  JS_FreeValue(context, result);
}

#ifdef CLONECHECK_AGENT

// `clonecheck-quickjs AGENT_SCRIPT HEARTBEAT_FILE`, as harness/agents/process.js
// starts every agent (the script is the Node one's: this binary has its own,
// bundled): the bundle's `clonecheckAgent(heartbeatPath)` serves the pool's
// lines until stdin ends, driven by quickjs-libc's event loop.
int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s [AGENT_SCRIPT] HEARTBEAT_FILE (harness/agents/process.js starts it)\n", argv[0]);
    return 2;
  }
  start_quickjs();
  JSValue serve = global_function("clonecheckAgent");
  JSValue heartbeat = JS_NewString(context, argv[argc - 1]);
  JS_FreeValue(context, call(serve, heartbeat, "clonecheckAgent"));
  JS_FreeValue(context, heartbeat);
  JS_FreeValue(context, serve);
  if (js_std_loop(context) != 0) harness_error("the agent's event loop");
  return 0;
}

#else

static JSValue fuzz_one;   // entry.js `fuzzOne(bytes, broken) -> string | undefined`: stage 2
static JSValue stage_one;  // entry.js `stageOne(bytes) -> broken | undefined`: stage 1 in script

#include "program-native.c"

// Stage 1 in C (program-native.c) unless CLONECHECK_STAGE_ONE=script asks for the script's
// (entry.js `stageOne`), which a program holding a platform object the C builder does not make takes anyway.
static int stage_one_in_script;

// Stage 1 of one input: what broke, if anything (as `roundTrip` says it).
static JSValue run_stage_one(const uint8_t *data, size_t size, JSValue *bytes) {
  if (!stage_one_in_script) {
    decode(data, size);
    StageOneOutcome outcome = stage_one_outcome();
    if (outcome == STAGE_ONE_REFUSED || outcome == STAGE_ONE_LONG) return JS_UNDEFINED;
    if (outcome == STAGE_ONE_BUILT) {
      JSValue value = build_program();
      JSValue restore = apply_realm_steps();
      JSValue broken = round_trip(context, value);
      restore_realm_steps(restore);
      JS_FreeValue(context, value);
      free_built();
      if (JS_IsException(broken)) harness_error("roundTrip");
      return broken;
    }
  }
  *bytes = JS_NewUint8ArrayCopy(context, data, size);
  return call(stage_one, *bytes, "stageOne");
}

// write(value): the message QuickJS-ng writes for a value, as a Uint8Array (the agreement check's).
static JSValue js_write(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv) {
  (void)this_val;
  (void)argc;
  size_t length;
  uint8_t *data = write_message(ctx, argv[0], &length, NULL);
  if (data == NULL) return JS_EXCEPTION;
  JSValue bytes = JS_NewUint8ArrayCopy(ctx, data, length);
  js_free(ctx, data);
  return bytes;
}

// build(): the program decoded last, built again in C (the agreement check's).
static JSValue js_build_native(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv) {
  (void)ctx;
  (void)this_val;
  (void)argc;
  (void)argv;
  JSValue value = build_program();
  free_built();
  return value;
}

// applyRealmSteps(): the realm steps of the program decoded last, applied as stage 1 applies them
// (the agreement check's); what undoes them, or undefined when it has none.
static JSValue js_apply_realm_steps(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv) {
  (void)ctx;
  (void)this_val;
  (void)argc;
  (void)argv;
  JSValue restore = apply_realm_steps();
  // The build context it made holds the undo list; the restore keeps its own reference.
  JS_FreeValue(context, built.cx);
  built.cx = JS_UNDEFINED;
  return restore;
}

// The first INPUT_MAX bytes of an input file named on the command line, or -1 when it names none.
enum { INPUT_MAX = 65536 };
static long read_input(const char *path, uint8_t *buffer) {
  FILE *file = fopen(path, "rb");
  if (file == NULL) return -1;
  size_t length = fread(buffer, 1, INPUT_MAX, file);
  fclose(file);
  return (long)length;
}

// CLONECHECK_CHECK_NATIVE=1 with input files: stage 1 in C against stage 1 in script
// (native-stage-one.js `checkNativeStageOne`), one line per input that disagrees, exit 1 if any.
static void check_native_stage_one(int argc, char **argv) {
  JSValue check = global_function("checkNativeStageOne");
  JSValue build_script = global_function("scriptStageOne");
  JSValue in_c = JS_NewObject(context);
  JS_SetPropertyStr(context, in_c, "build", JS_NewCFunction(context, js_build_native, "build", 0));
  JS_SetPropertyStr(context, in_c, "applyRealmSteps", JS_NewCFunction(context, js_apply_realm_steps, "applyRealmSteps", 0));
  JSValue global = JS_GetGlobalObject(context);
  JSValue native = JS_GetPropertyStr(context, global, "clonecheckNative");
  JS_SetPropertyStr(context, native, "write", JS_NewCFunction(context, js_write, "write", 1));
  JS_FreeValue(context, native);
  JS_FreeValue(context, global);
  int checked_inputs = 0, disagreements = 0, built_in_c = 0;
  for (int i = 1; i < argc; i++) {
    uint8_t buffer[INPUT_MAX];
    long read = read_input(argv[i], buffer);
    if (read < 0) continue;  // a libFuzzer flag, not an input file
    size_t length = (size_t)read;
    decode(buffer, length);
    StageOneOutcome outcome = stage_one_outcome();
    char *decoded = print_program();
    JSValue args[6] = {
      JS_NewUint8ArrayCopy(context, buffer, length), JS_NewString(context, decoded), JS_NewString(context, OUTCOME_NAMES[outcome]),
      JS_DupValue(context, in_c), JS_DupValue(context, build_script), JS_NewBool(context, outcome == STAGE_ONE_BUILT && reaches_shared()),
    };
    free(decoded);
    JSValue problem = JS_Call(context, check, JS_UNDEFINED, 6, args);
    for (int a = 0; a < 6; a++) JS_FreeValue(context, args[a]);
    if (JS_IsException(problem)) harness_error("checkNativeStageOne");
    checked_inputs++;
    built_in_c += outcome == STAGE_ONE_BUILT;
    if (JS_IsString(problem)) {
      const char *text = JS_ToCString(context, problem);
      printf("%s: %s\n", argv[i], text);
      JS_FreeCString(context, text);
      disagreements++;
    }
    JS_FreeValue(context, problem);
  }
  printf("clonecheck-native-check: %d inputs, %d built in C, %d disagreements\n", checked_inputs, built_in_c, disagreements);
  fflush(stdout);
  exit(disagreements > 0 ? 1 : 0);
}

// Two stages (docs/native.md, "Two stages"). Stage 1, every input: the
// program built and sent through QuickJS-ng's round trip, the rewrite
// invariant checked (`roundTrip`), about a fifth of the whole case's cost.
// Stage 2, the whole case against the reference oracle (`fuzzOne`, what
// every input ran before), only for an input that
//  - reached a coverage counter in a hit-count bucket no input reached
//    before (the engine's own map, read after stage 1: what makes libFuzzer
//    or AFL++ keep an input, known here before the engine decides),
//  - broke stage 1's invariant (the oracle says first whether it is a
//    deviation it knows how to name), or
//  - falls in the deterministic sample: FNV-1a of its bytes is 0 modulo
//    CLONECHECK_ORACLE_EVERY (default 32; 1 runs the oracle alone on every
//    input: the one-stage harness), or
//  - comes with CLONECHECK_ORACLE_ALWAYS set: a finding's replay
//    (harness/native/findings.js, repro.sh) runs both stages on its input,
//    whatever the map says, so a finding of either stage shows again.
// Stage 2's own coverage (the reference's paths through the interpreter)
// is taken back out of the engine's map: the engine steers by what stage 1
// reached, the same for an input whether or not it was sampled.
static uint32_t oracle_every = 32;
static int oracle_always;
static int one_stage;  // oracle_every 1 without oracle_always: no stage 1, as before it

// The engine's coverage counters: AFL++'s shared map or libFuzzer's inline
// 8-bit counters (the __sancov_cntrs section, -fsanitize=fuzzer). Both
// instrumentations declare their symbols (__afl_area_ptr,
// __start___sancov_cntrs) in every unit they compile and rename any other
// declaration of the name they meet, which then links to nothing (libFuzzer
// saw no counters at all), so build.js links them under clonecheck_ names
// (--defsym). Weak: a build without them (the replay and coverage builds,
// OSS-Fuzz's) runs one stage, the oracle on every input, unless a replay
// asks for both.
extern uint8_t *clonecheck_afl_area_ptr __attribute__((weak));
extern uint32_t clonecheck_afl_map_size __attribute__((weak));
extern uint8_t clonecheck_counters_start[] __attribute__((weak));
extern uint8_t clonecheck_counters_stop[] __attribute__((weak));

static uint8_t *coverage_counters(size_t *size) {
  if (&clonecheck_afl_area_ptr != NULL && &clonecheck_afl_map_size != NULL) {
    *size = clonecheck_afl_map_size;
    return clonecheck_afl_area_ptr;
  }
  if (clonecheck_counters_start != NULL && clonecheck_counters_stop > clonecheck_counters_start) {
    *size = (size_t)(clonecheck_counters_stop - clonecheck_counters_start);
    return clonecheck_counters_start;
  }
  *size = 0;
  return NULL;
}

// Per counter, the hit-count buckets seen (AFL++'s: 1, 2, 3, 4-7, 8-15,
// 16-31, 32-127, 128+, one bit each; libFuzzer's are close to them). Shared
// by every process of a campaign when CLONECHECK_ORACLE_MAP names a file
// (one per binary: the counters' layout is the binary's): AFL++ restarts
// its target after every crash, and libFuzzer's fork mode runs jobs of a
// few seconds each, which would otherwise send their first inputs, the
// corpus, through the oracle again.
// The file ends with five counts (native-endian uint64, at the map's size
// rounded up to 8): inputs, those that ran the oracle, the CPU nanoseconds
// of stage 1 (the coverage check included) and of stage 2, and the inputs
// that deviated: the harness's own profile (harness/native/stages.js reads them).
enum { COUNT_INPUTS, COUNT_ORACLE, COUNT_STAGE_ONE_NS, COUNT_STAGE_TWO_NS, COUNT_DEVIATIONS, COUNTS };
static uint8_t *seen;
static size_t seen_size;
static uint64_t *stage_counts;
static uint8_t *stage_one_counters;  // the counters as stage 1 left them
static uint8_t bucket_bit[256];

// CLONECHECK_KEEP_DEVIATIONS, a folder (a campaign sets it,
// harness/native/stages.js): a deviation the oracle reports does not abort
// the input. The first KEPT_PER_SIGNATURE inputs of each signature (entry.js
// makes it as a replay will, portable/bugs/native-signature.js) are written
// there as <signature>.<n>, created exclusively (every process of the
// campaign shares the folder); the others are only counted. More than one:
// a finding is what a replay in a fresh process shows, and the process that
// met the input had run others before it. Aborting on every deviating input
// cost a fork of the fork server, the child's copy-on-write faults and its
// warm-up each, and it kept the input out of the engine's corpus: in an
// AFL++ campaign 30 aborts a second, of which ~27 met a signature already
// found (2026-12-04). A replay (findings.js, repro.sh, the minimizer) sets
// no folder: it aborts with the report, as it always did.
enum { KEPT_PER_SIGNATURE = 3 };
static const char *keep_dir;

static void start_two_stages(void) {
  keep_dir = getenv("CLONECHECK_KEEP_DEVIATIONS");
  if (keep_dir != NULL && *keep_dir == '\0') keep_dir = NULL;
  const char *every = getenv("CLONECHECK_ORACLE_EVERY");
  if (every != NULL) {
    char *end;
    unsigned long n = strtoul(every, &end, 10);
    if (*every == '\0' || *end != '\0' || n == 0 || n > UINT32_MAX) {
      fprintf(stderr, "clonecheck: CLONECHECK_ORACLE_EVERY=%s is not a count; give 1 (the oracle on every input) or more\n", every);
      exit(2);
    }
    oracle_every = (uint32_t)n;
  }
  oracle_always = getenv("CLONECHECK_ORACLE_ALWAYS") != NULL;
  // Without the engine's counters nothing tells what adds coverage: the oracle on every input, and
  // then stage 1 would only add its cost (OSS-Fuzz's builds; a replay still runs both).
  int counters = &clonecheck_afl_area_ptr != NULL || clonecheck_counters_start != NULL;
  one_stage = (oracle_every == 1 || !counters) && !oracle_always;
  for (int count = 1; count < 256; count++) {
    int bit = count <= 3 ? count - 1 : count <= 7 ? 3 : count <= 15 ? 4 : count <= 31 ? 5 : count <= 127 ? 6 : 7;
    bucket_bit[count] = (uint8_t)(1u << bit);
  }
}

// The map of buckets seen, made at the first input (AFL++ sizes its map when
// its fork server starts, after LLVMFuzzerInitialize).
static int open_seen(size_t size) {
  size_t counts_at = (size + 7) & ~(size_t)7;
  size_t length = counts_at + COUNTS * sizeof(uint64_t);
  const char *path = getenv("CLONECHECK_ORACLE_MAP");
  void *map = MAP_FAILED;
  if (path != NULL) {
    int fd = open(path, O_RDWR | O_CREAT, 0644);
    if (fd >= 0 && ftruncate(fd, (off_t)length) == 0) map = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (fd >= 0) close(fd);
    if (map == MAP_FAILED) fprintf(stderr, "clonecheck: cannot share %s (%s): this process keeps its own map\n", path, strerror(errno));
  }
  if (map == MAP_FAILED) map = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  stage_one_counters = malloc(size);
  if (map == MAP_FAILED || stage_one_counters == NULL) return -1;
  seen = map;
  seen_size = size;
  stage_counts = (uint64_t *)(seen + counts_at);
  return 0;
}

// Whether stage 1 reached a counter in a bucket never seen, marking what it
// reached as seen. Words of zero counters (most of the map) are skipped.
static int coverage_is_new(const uint8_t *counters, size_t size) {
  int fresh = 0;
  size_t i = 0;
  for (; i + 8 <= size; i += 8) {
    uint64_t word;
    memcpy(&word, counters + i, 8);
    if (word == 0) continue;
    for (size_t j = i; j < i + 8; j++) {
      uint8_t bit = bucket_bit[counters[j]];
      if (bit & ~seen[j]) {
        seen[j] |= bit;
        fresh = 1;
      }
    }
  }
  for (; i < size; i++) {
    uint8_t bit = bucket_bit[counters[i]];
    if (bit & ~seen[i]) {
      seen[i] |= bit;
      fresh = 1;
    }
  }
  return fresh;
}

static uint32_t fnv1a(const uint8_t *data, size_t size) {
  uint32_t hash = 2166136261u;
  for (size_t i = 0; i < size; i++) hash = (hash ^ data[i]) * 16777619u;
  return hash;
}

// Whether this input goes on to stage 2.
static int needs_oracle(const uint8_t *data, size_t size, JSValue broken) {
  if (one_stage || oracle_always) return 1;
  size_t counters_size;
  uint8_t *counters = coverage_counters(&counters_size);
  if (counters == NULL) return 1;
  if (seen == NULL && open_seen(counters_size) != 0) {
    fprintf(stderr, "clonecheck harness error: no memory for the coverage map\n");
    exit(3);
  }
  if (counters_size != seen_size) return 1;  // AFL++ resized its map: cannot compare
  int oracle = coverage_is_new(counters, counters_size) || !JS_IsUndefined(broken) || fnv1a(data, size) % oracle_every == 0;
  __atomic_fetch_add(&stage_counts[COUNT_INPUTS], 1, __ATOMIC_RELAXED);
  if (oracle) __atomic_fetch_add(&stage_counts[COUNT_ORACLE], 1, __ATOMIC_RELAXED);
  return oracle;
}

static uint64_t cpu_ns(void) {
  struct timespec now;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

// Adds the CPU time since `since` to a count, once the map is open (not in one stage).
static uint64_t count_time(int which, uint64_t since) {
  uint64_t now = cpu_ns();
  if (stage_counts != NULL) __atomic_fetch_add(&stage_counts[which], now - since, __ATOMIC_RELAXED);
  return now;
}

static void print_programs(int argc, char **argv) {
  JSValue print_one = global_function("printProgram");
  for (int i = 1; i < argc; i++) {
    uint8_t buffer[INPUT_MAX];
    long read = read_input(argv[i], buffer);
    if (read < 0) continue;  // a libFuzzer flag, not an input file
    JSValue bytes = JS_NewUint8ArrayCopy(context, buffer, (size_t)read);
    JS_FreeValue(context, call(print_one, bytes, "printProgram"));
    JS_FreeValue(context, bytes);
  }
  exit(0);
}

// What `fuzzOne` found, on stderr, and the input aborts: a replay's report.
static void abort_with_report(JSValue found) {
  JSValue report = JS_GetPropertyStr(context, found, "report");
  const char *text = JS_ToCString(context, report);
  if (text == NULL) harness_error("fuzzOne's report");
  fprintf(stderr, "%s\n", text);
  fflush(stderr);
  abort();
}

// Writes the input as the next kept input of what `fuzzOne` found, unless
// its signature has KEPT_PER_SIGNATURE already. A signature is
// `<target>.<category>.<hex>` (portable/bugs/signature.js): a file name as it is.
static void keep_deviation(JSValue found, const uint8_t *data, size_t size) {
  JSValue value = JS_GetPropertyStr(context, found, "signature");
  const char *signature = JS_ToCString(context, value);
  JS_FreeValue(context, value);
  if (signature == NULL) harness_error("fuzzOne's signature");
  if (strchr(signature, '/') != NULL || signature[0] == '.') {
    fprintf(stderr, "clonecheck harness error: %s is no signature\n", signature);
    exit(3);
  }
  char path[4096];
  for (int n = 1; n <= KEPT_PER_SIGNATURE; n++) {
    snprintf(path, sizeof path, "%s/%s.%d", keep_dir, signature, n);
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
    if (fd < 0 && errno == EEXIST) continue;
    if (fd < 0 || write(fd, data, size) != (ssize_t)size || close(fd) != 0) {
      fprintf(stderr, "clonecheck harness error: cannot keep the input in %s (%s)\n", path, strerror(errno));
      exit(3);
    }
    break;
  }
  JS_FreeCString(context, signature);
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  start_two_stages();
  start_quickjs();
  if (getenv("CLONECHECK_PRINT") != NULL) print_programs(*argc, *argv);
  fuzz_one = global_function("fuzzOne");
  stage_one = global_function("stageOne");
  const char *stage = getenv("CLONECHECK_STAGE_ONE");
  if (stage != NULL && strcmp(stage, "script") != 0 && strcmp(stage, "c") != 0) {
    fprintf(stderr, "clonecheck: CLONECHECK_STAGE_ONE=%s is not a stage 1; give c (the default) or script\n", stage);
    exit(2);
  }
  stage_one_in_script = stage != NULL && strcmp(stage, "script") == 0;
  load_stage_one_tables();
  if (getenv("CLONECHECK_CHECK_NATIVE") != NULL) check_native_stage_one(*argc, *argv);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  uint64_t started = one_stage ? 0 : cpu_ns();
  JSValue bytes = JS_UNDEFINED;
  JSValue broken = one_stage ? JS_UNDEFINED : run_stage_one(data, size, &bytes);
  int oracle = needs_oracle(data, size, broken);
  if (!one_stage) started = count_time(COUNT_STAGE_ONE_NS, started);
  if (!oracle) {
    JS_FreeValue(context, broken);
    JS_FreeValue(context, bytes);
    return 0;
  }
  if (JS_IsUndefined(bytes)) bytes = JS_NewUint8ArrayCopy(context, data, size);
  size_t counters_size = 0;
  uint8_t *counters = seen == NULL ? NULL : coverage_counters(&counters_size);
  if (counters != NULL && counters_size == seen_size) memcpy(stage_one_counters, counters, counters_size);
  else counters = NULL;
  JSValue arguments[2] = { bytes, broken };
  JSValue found = JS_Call(context, fuzz_one, JS_UNDEFINED, 2, arguments);
  if (JS_IsException(found)) harness_error("fuzzOne");
  JS_FreeValue(context, broken);
  JS_FreeValue(context, bytes);
  if (!JS_IsUndefined(found)) {
    if (keep_dir == NULL) abort_with_report(found);
    if (stage_counts != NULL) __atomic_fetch_add(&stage_counts[COUNT_DEVIATIONS], 1, __ATOMIC_RELAXED);
    keep_deviation(found, data, size);
  }
  JS_FreeValue(context, found);
  if (counters != NULL) memcpy(counters, stage_one_counters, counters_size);
  if (!one_stage) count_time(COUNT_STAGE_TWO_NS, started);
  return 0;
}

#endif  // CLONECHECK_AGENT
