// clonecheck's native harness: QuickJS-ng's structured serializer
// (JS_WriteObject2 / JS_ReadObject, with the flags its worker postMessage
// uses) under libFuzzer or AFL++, with ASan and UBSan.
//
// One JSRuntime and one JSContext live for the whole process. They evaluate
// the bundle that harness/native/build.js makes from fuzzers/native/entry.js
// (clonecheck's own src/: fromBytes, build, the reference oracle, observe,
// diff), compiled in as `clonecheck_bundle`. The bundle calls back into C
// through `clonecheckNative`: `message(value)`, the serializer round trip,
// and `print(text)`.
//
// Built two ways (harness/native/build.js), one file:
//  - for libFuzzer or AFL++, with the bundle of fuzzers/native/entry.js:
//     - LLVMFuzzerTestOneInput: bytes -> the entry's `fuzzOne`: a readable
//       report on stderr and abort() when QuickJS deviates from the oracle;
//     - CLONECHECK_PRINT=1 (read in LLVMFuzzerInitialize): prints the program
//       that each input file named on the command line decodes to, without
//       running it (harness/native/findings.js uses it for crashes);
//  - as an agent (CLONECHECK_AGENT defined: `main` below, no fuzzing driver,
//    no sanitizers, quickjs-libc linked), with the bundle of
//    fuzzers/native/agent.js: the agent protocol of harness/agents/agent.js
//    over stdin and stdout, so the pool drives QuickJS as it drives Bun.

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

// message(value): what js_os_postMessage does to a value on one side of a
// worker and js_os_poll_worker_message on the other, in one context:
// JS_WriteObject2 with JS_WRITE_OBJ_SAB | JS_WRITE_OBJ_REFERENCE, one
// reference taken on every SharedArrayBuffer written (the message holds
// them), JS_ReadObject2 with JS_READ_OBJ_SAB | JS_READ_OBJ_REFERENCE, then
// the message's references dropped (js_free_message). A write or read error
// is thrown as the engine threw it.
static JSValue js_message(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv) {
  (void)this_val;
  (void)argc;
  size_t length;
  JSSABTab shared = { 0 };
  uint8_t *data = JS_WriteObject2(ctx, &length, argv[0], JS_WRITE_OBJ_SAB | JS_WRITE_OBJ_REFERENCE, &shared);
  if (data == NULL) return JS_EXCEPTION;
  for (size_t i = 0; i < shared.len; i++) shared_dup(NULL, shared.tab[i]);
  JSValue clone = JS_ReadObject(ctx, data, length, JS_READ_OBJ_SAB | JS_READ_OBJ_REFERENCE);
  for (size_t i = 0; i < shared.len; i++) shared_free(NULL, shared.tab[i]);
  js_free(ctx, shared.tab);
  js_free(ctx, data);
  return clone;
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

// isProxy(value), isPromise(value): what script cannot see and QuickJS-ng's
// API can (JS_IsProxy, JS_IsPromise), for the reference's host hooks
// (quickjs-host.js), as Node's util.types tells them in Node.
static JSValue js_is_proxy(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv) {
  (void)this_val;
  (void)argc;
  return JS_NewBool(ctx, JS_IsProxy(argv[0]));
}

static JSValue js_is_promise(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv) {
  (void)this_val;
  (void)argc;
  return JS_NewBool(ctx, JS_IsPromise(argv[0]));
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
// fuzz's tasks: `import(spec.moduleURL)` in harness/targets/load.js) is
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
  JS_SetPropertyStr(context, native, "print", JS_NewCFunction(context, js_print, "print", 1));
  JS_SetPropertyStr(context, native, "isProxy", JS_NewCFunction(context, js_is_proxy, "isProxy", 1));
  JS_SetPropertyStr(context, native, "isPromise", JS_NewCFunction(context, js_is_promise, "isPromise", 1));
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

static JSValue fuzz_one;   // entry.js `fuzzOne(bytes) -> string | undefined`

static void print_programs(int argc, char **argv) {
  JSValue print_one = global_function("printProgram");
  for (int i = 1; i < argc; i++) {
    FILE *file = fopen(argv[i], "rb");
    if (file == NULL) continue;  // a libFuzzer flag, not an input file
    uint8_t buffer[65536];
    size_t length = fread(buffer, 1, sizeof buffer, file);
    fclose(file);
    JSValue bytes = JS_NewUint8ArrayCopy(context, buffer, length);
    JS_FreeValue(context, call(print_one, bytes, "printProgram"));
    JS_FreeValue(context, bytes);
  }
  exit(0);
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  start_quickjs();
  if (getenv("CLONECHECK_PRINT") != NULL) print_programs(*argc, *argv);
  fuzz_one = global_function("fuzzOne");
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  JSValue bytes = JS_NewUint8ArrayCopy(context, data, size);
  JSValue report = call(fuzz_one, bytes, "fuzzOne");
  JS_FreeValue(context, bytes);
  if (JS_IsString(report)) {
    const char *text = JS_ToCString(context, report);
    fprintf(stderr, "%s\n", text);
    fflush(stderr);
    abort();
  }
  JS_FreeValue(context, report);
  return 0;
}

#endif  // CLONECHECK_AGENT
