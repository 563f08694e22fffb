// Stage 1 in C (docs/native.md, "Stage 1 in C"): the fuzzer's bytes decoded
// into a program and the program built, without clonecheck's script.
//
// Stage 1 in script spent 0.3-0.7 ms of CPU an input decoding and building
// in QuickJS-ng's interpreter (validating, pruning, compiling the plan and
// running it), where the round trip it exists for takes under 1% of that.
// Here:
//  - `decode` is a twin of `fromBytes` (src/program/bytes.js): it makes the
//    same reads in the same order, so a stored input decodes to the same
//    program in both (the agreement check, CLONECHECK_CHECK_NATIVE, compares
//    them as JSON: `print_program`). Its tables are the script's own, read
//    once from the bundle (native-stage-one.js), never copied here.
//  - `build_program` makes the value as `build` (src/program/build.js and
//    compile.js) does, for the objects the value reaches (prune.js): make
//    every object, fill them (prototype, contents, own properties), resize
//    and detach buffers, apply integrity levels, the root. Ordinary objects,
//    arrays and data properties are made through QuickJS-ng's API; every
//    other operation is the program runtime's own (src/program/runtime.js),
//    called with the values made here, so both builds run the same code
//    where it matters. A program with realm steps is left to the script
//    (their restore is the script's), as is nothing else.
// harness.c includes this file (one unit: build.js compiles harness.c).

#include <math.h>

// ── the tables, read from the bundle's `clonecheckStageOne` ──

typedef struct {
  uint32_t count;
  JSValue *values;  // the script's values (strings, numbers, BigInts, symbols, objects)
  char **json;      // their JSON (the decoder's printed program)
} Table;

typedef enum {
  K_OBJECT, K_ARRAY, K_DATE, K_REGEXP, K_MAP, K_SET, K_ARRAYBUFFER, K_VIEW, K_ERROR, K_BOXED, K_FUNCTION, K_PROXY, K_OPAQUE,
  K_DOMEXCEPTION, K_BLOB, K_FILE, K_MESSAGEPORT, K_READABLESTREAM, K_WRITABLESTREAM, K_TRANSFORMSTREAM, KIND_COUNT
} Kind;

static const char *const KIND_NAMES[KIND_COUNT] = {
  "object", "array", "date", "regexp", "map", "set", "arraybuffer", "view", "error", "boxed", "function", "proxy", "opaque",
  "domexception", "blob", "file", "messageport", "readablestream", "writablestream", "transformstream",
};

static struct {
  int ready;
  uint32_t max_objects, max_deliveries, max_stream_tail_chunks, dense_write_limit;
  char *program_schema;  // as JSON
  Table byte_kinds, platform_tail_kinds, stream_tail_kinds, strings, numbers, bigints, repeat_counts, keys, step_keys,
      class_names, regexp_sources, regexp_flags, date_times, view_types, integrity, domexception_names, media_types,
      last_modified, error_types, function_styles, opaque_types, intrinsic_names, special_numbers, well_known;
  Kind *byte_kind, *platform_tail_kind, *stream_tail_kind;  // the tables' kind names as Kind
  int32_t *string_lengths, *key_lengths, *repeat_count_values, *key_index_ends, *element_sizes;
  uint8_t *fixed_step_keys;                    // [intrinsic * step_keys.count + step key]
  uint8_t *platform_tail_refused;              // which platform tail kinds this host cannot make
  uint8_t *refused_by_kind;                    // [Kind * keys.count + key]
  uint8_t *refused_typed_array, *refused_data_view, *refused_boxed_other;
  uint8_t *refused_boxed_string;               // [length * keys.count + key], lengths 0..boxed_lengths-1
  uint32_t boxed_lengths;
  int data_view;                               // the view type that is a DataView
  JSValue runtime, make_context, realm;  // realm: the intrinsics by name, the table realm steps change
  JSValue op_object, op_array, op_date, op_regexp, op_map, op_set, op_arraybuffer, op_view, op_error, op_boxed, op_callable,
      op_proxy, op_opaque, op_accessor, op_map_entry, op_set_value, op_resize, op_grow, op_detach, op_integrity, op_effect,
      op_behavior, op_symbol, op_repeat, op_concat, op_slice, op_domexception, op_step_data, op_step_accessor, op_step_delete,
      op_restorer;
} T;

static void native_table_error(const char *what) {
  fprintf(stderr, "clonecheck harness error: the bundle's clonecheckStageOne has no %s\n", what);
  exit(3);
}

static JSValue get_field(JSValueConst object, const char *name) {
  JSValue value = JS_GetPropertyStr(context, object, name);
  if (JS_IsException(value) || JS_IsUndefined(value)) native_table_error(name);
  return value;
}

static uint32_t length_of(JSValueConst array, const char *name) {
  int64_t length;
  if (!JS_IsArray(array) || JS_GetLength(context, array, &length) != 0) native_table_error(name);
  return (uint32_t)length;
}

static uint32_t get_count(JSValueConst object, const char *name) {
  JSValue value = get_field(object, name);
  uint32_t count;
  if (JS_ToUint32(context, &count, value) != 0) native_table_error(name);
  JS_FreeValue(context, value);
  return count;
}

// An array field's elements as int32, or as bytes (booleans).
static int32_t *get_ints(JSValueConst object, const char *name, uint32_t *count_out) {
  JSValue array = get_field(object, name);
  uint32_t count = length_of(array, name);
  int32_t *ints = calloc(count ? count : 1, sizeof *ints);
  for (uint32_t i = 0; i < count; i++) {
    JSValue item = JS_GetPropertyUint32(context, array, i);
    if (JS_IsBool(item)) ints[i] = JS_ToBool(context, item);
    else if (JS_ToInt32(context, &ints[i], item) != 0) native_table_error(name);
    JS_FreeValue(context, item);
  }
  JS_FreeValue(context, array);
  if (count_out != NULL) *count_out = count;
  return ints;
}

static uint8_t *get_flags(JSValueConst object, const char *name, uint32_t expected) {
  uint32_t count;
  int32_t *ints = get_ints(object, name, &count);
  if (count != expected) native_table_error(name);
  uint8_t *flags = malloc(count ? count : 1);
  for (uint32_t i = 0; i < count; i++) flags[i] = (uint8_t)ints[i];
  free(ints);
  return flags;
}

// Rows of flags, each `width` long, one after another.
static uint8_t *get_rows(JSValueConst object, const char *name, uint32_t width, uint32_t *rows_out) {
  JSValue rows = get_field(object, name);
  uint32_t count = length_of(rows, name);
  uint8_t *flags = calloc((size_t)count * width + 1, 1);
  for (uint32_t r = 0; r < count; r++) {
    JSValue row = JS_GetPropertyUint32(context, rows, r);
    uint32_t length = length_of(row, name);
    if (length != 0 && length != width) native_table_error(name);
    for (uint32_t i = 0; i < length; i++) {
      JSValue item = JS_GetPropertyUint32(context, row, i);
      flags[(size_t)r * width + i] = (uint8_t)JS_ToBool(context, item);
      JS_FreeValue(context, item);
    }
    JS_FreeValue(context, row);
  }
  JS_FreeValue(context, rows);
  if (rows_out != NULL) *rows_out = count;
  return flags;
}

static Table get_table(JSValueConst support, const char *name, JSValue *object_out) {
  JSValue object = get_field(support, name);
  JSValue values = get_field(object, "values");
  JSValue json = get_field(object, "json");
  Table table = { length_of(values, name), NULL, NULL };
  table.values = calloc(table.count + 1, sizeof *table.values);
  table.json = calloc(table.count + 1, sizeof *table.json);
  for (uint32_t i = 0; i < table.count; i++) {
    table.values[i] = JS_GetPropertyUint32(context, values, i);
    JSValue text = JS_GetPropertyUint32(context, json, i);
    const char *c = JS_ToCString(context, text);
    if (c == NULL) native_table_error(name);
    table.json[i] = strdup(c);
    JS_FreeCString(context, c);
    JS_FreeValue(context, text);
  }
  JS_FreeValue(context, values);
  JS_FreeValue(context, json);
  if (object_out != NULL) *object_out = object;
  else JS_FreeValue(context, object);
  return table;
}

static int table_index(const Table *table, const char *text) {
  for (uint32_t i = 0; i < table->count; i++) {
    const char *c = JS_ToCString(context, table->values[i]);
    int same = c != NULL && strcmp(c, text) == 0;
    JS_FreeCString(context, c);
    if (same) return (int)i;
  }
  return -1;
}

// A table of kind names as Kind: a name this file does not know is a harness error.
static Kind *kinds_of(const Table *table, const char *name) {
  Kind *kinds = calloc(table->count + 1, sizeof *kinds);
  for (uint32_t i = 0; i < table->count; i++) {
    const char *c = JS_ToCString(context, table->values[i]);
    int k = 0;
    while (k < KIND_COUNT && strcmp(KIND_NAMES[k], c) != 0) k++;
    if (k == KIND_COUNT) {
      fprintf(stderr, "clonecheck harness error: program-native.c knows no kind %s (in %s): teach it the new kind\n", c, name);
      exit(3);
    }
    kinds[i] = (Kind)k;
    JS_FreeCString(context, c);
  }
  return kinds;
}

static JSValue get_op(const char *name) {
  JSValue op = get_field(T.runtime, name);
  if (!JS_IsFunction(context, op)) native_table_error(name);
  return op;
}

static void load_stage_one_tables(void) {
  JSValue global = JS_GetGlobalObject(context);
  JSValue support = get_field(global, "clonecheckStageOne");
  JS_FreeValue(context, global);
  JSValue object;
  T.max_objects = get_count(support, "maxObjects");
  T.max_deliveries = get_count(support, "maxDeliveries");
  T.max_stream_tail_chunks = get_count(support, "maxStreamTailChunks");
  T.dense_write_limit = get_count(support, "denseWriteLimit");
  JSValue schema = get_field(support, "programSchema");
  const char *schema_text = JS_ToCString(context, schema);
  if (schema_text == NULL) native_table_error("programSchema");
  T.program_schema = strdup(schema_text);
  JS_FreeCString(context, schema_text);
  JS_FreeValue(context, schema);
  T.byte_kinds = get_table(support, "byteKinds", NULL);
  T.platform_tail_kinds = get_table(support, "platformTailKinds", &object);
  T.platform_tail_refused = get_flags(object, "refused", T.platform_tail_kinds.count);
  JS_FreeValue(context, object);
  T.stream_tail_kinds = get_table(support, "streamTailKinds", NULL);
  T.byte_kind = kinds_of(&T.byte_kinds, "byteKinds");
  T.platform_tail_kind = kinds_of(&T.platform_tail_kinds, "platformTailKinds");
  T.stream_tail_kind = kinds_of(&T.stream_tail_kinds, "streamTailKinds");
  T.strings = get_table(support, "strings", &object);
  T.string_lengths = get_ints(object, "lengths", NULL);
  JS_FreeValue(context, object);
  T.numbers = get_table(support, "numbers", NULL);
  T.bigints = get_table(support, "bigints", NULL);
  T.repeat_counts = get_table(support, "repeatCounts", NULL);
  T.repeat_count_values = calloc(T.repeat_counts.count + 1, sizeof(int32_t));
  for (uint32_t i = 0; i < T.repeat_counts.count; i++) JS_ToInt32(context, &T.repeat_count_values[i], T.repeat_counts.values[i]);
  T.keys = get_table(support, "keys", &object);
  T.key_index_ends = get_ints(object, "indexEnds", NULL);
  T.key_lengths = get_ints(object, "lengths", NULL);
  JS_FreeValue(context, object);
  T.step_keys = get_table(support, "stepKeys", NULL);
  T.class_names = get_table(support, "classNames", NULL);
  T.regexp_sources = get_table(support, "regexpSources", NULL);
  T.regexp_flags = get_table(support, "regexpFlags", NULL);
  T.date_times = get_table(support, "dateTimes", NULL);
  T.view_types = get_table(support, "viewTypes", &object);
  T.element_sizes = get_ints(object, "elementSizes", NULL);
  JS_FreeValue(context, object);
  T.data_view = table_index(&T.view_types, "DataView");
  T.integrity = get_table(support, "integrity", NULL);
  T.domexception_names = get_table(support, "domexceptionNames", NULL);
  T.media_types = get_table(support, "mediaTypes", NULL);
  T.last_modified = get_table(support, "lastModified", NULL);
  T.error_types = get_table(support, "errorTypes", NULL);
  T.function_styles = get_table(support, "functionStyles", NULL);
  T.opaque_types = get_table(support, "opaqueTypes", NULL);
  T.intrinsic_names = get_table(support, "intrinsicNames", &object);
  T.realm = get_field(object, "table");
  JSValue objects = get_field(object, "objects");
  for (uint32_t i = 0; i < T.intrinsic_names.count; i++) {
    // Kept beside the names: the builder sets a prototype to the object a name names.
    JS_FreeValue(context, T.intrinsic_names.values[i]);
    T.intrinsic_names.values[i] = JS_GetPropertyUint32(context, objects, i);
  }
  JS_FreeValue(context, objects);
  T.fixed_step_keys = get_rows(object, "fixedStepKeys", T.step_keys.count, NULL);
  JS_FreeValue(context, object);
  T.special_numbers = get_table(support, "specialNumbers", NULL);
  T.well_known = get_table(support, "wellKnownSymbols", NULL);
  JSValue refused = get_field(support, "refusedKeys");
  JSValue refusal_kinds = get_field(refused, "kinds");
  Table refusal_table = { length_of(refusal_kinds, "kinds"), NULL, NULL };
  refusal_table.values = calloc(refusal_table.count + 1, sizeof(JSValue));
  for (uint32_t i = 0; i < refusal_table.count; i++) refusal_table.values[i] = JS_GetPropertyUint32(context, refusal_kinds, i);
  Kind *refusal_kind = kinds_of(&refusal_table, "refusedKeys.kinds");
  uint32_t rows;
  uint8_t *by_kind = get_rows(refused, "byKind", T.keys.count, &rows);
  if (rows != refusal_table.count) native_table_error("refusedKeys.byKind");
  T.refused_by_kind = calloc((size_t)KIND_COUNT * T.keys.count, 1);
  for (uint32_t r = 0; r < rows; r++) memcpy(T.refused_by_kind + (size_t)refusal_kind[r] * T.keys.count, by_kind + (size_t)r * T.keys.count, T.keys.count);
  for (uint32_t i = 0; i < refusal_table.count; i++) JS_FreeValue(context, refusal_table.values[i]);
  free(refusal_table.values);
  free(refusal_kind);
  free(by_kind);
  JS_FreeValue(context, refusal_kinds);
  T.refused_typed_array = get_flags(refused, "typedArray", T.keys.count);
  T.refused_data_view = get_flags(refused, "dataView", T.keys.count);
  T.refused_boxed_other = get_flags(refused, "boxedOther", T.keys.count);
  T.refused_boxed_string = get_rows(refused, "boxedString", T.keys.count, &T.boxed_lengths);
  JS_FreeValue(context, refused);
  T.runtime = get_field(support, "runtime");
  T.make_context = get_field(support, "context");
  T.op_object = get_op("object");
  T.op_array = get_op("array");
  T.op_date = get_op("date");
  T.op_regexp = get_op("regexp");
  T.op_map = get_op("map");
  T.op_set = get_op("set");
  T.op_arraybuffer = get_op("arraybuffer");
  T.op_view = get_op("view");
  T.op_error = get_op("error");
  T.op_boxed = get_op("boxed");
  T.op_callable = get_op("callable");
  T.op_proxy = get_op("proxy");
  T.op_opaque = get_op("opaque");
  T.op_accessor = get_op("accessor");
  T.op_map_entry = get_op("mapEntry");
  T.op_set_value = get_op("setValue");
  T.op_resize = get_op("resize");
  T.op_grow = get_op("grow");
  T.op_detach = get_op("detach");
  T.op_integrity = get_op("integrity");
  T.op_effect = get_op("effect");
  T.op_behavior = get_op("behavior");
  T.op_symbol = get_op("symbol");
  T.op_repeat = get_op("repeat");
  T.op_concat = get_op("concat");
  T.op_slice = get_op("slice");
  T.op_domexception = get_op("domexception");
  T.op_step_data = get_op("stepData");
  T.op_step_accessor = get_op("stepAccessor");
  T.op_step_delete = get_op("stepDelete");
  T.op_restorer = get_op("restorer");
  JS_FreeValue(context, support);
  if (T.data_view < 0 || T.byte_kinds.count == 0 || T.max_objects == 0) native_table_error("usable tables");
  T.ready = 1;
}

// ── the program, as the decoder makes it ──

// Bounds of what fromBytes can make (32 objects and 3 platform ones; a node's props: 68; an array's items: 16; a
// string expression: 7 parts; Values: under 1,500, each of which may be an expression: 10,304 parts at most).
enum { MAX_NODES = 64, MAX_PROPS = 4096, MAX_VALUES = 4096, MAX_EXPRS = 16384, MAX_BEHAVIORS = 1024, MAX_EFFECTS = 2048,
       MAX_STEPS = 16, MAX_TRANSFER = 4, MAX_BYTES = 8, MAX_CHUNKS = 8 };

// A Value (docs/program.md): `n` is the integer, the table index, the string expression or the node id.
typedef enum {
  V_NULL, V_BOOL, V_INT, V_NUMBER, V_SPECIAL, V_STRING, V_EXPR, V_BIGINT, V_UNDEFINED, V_SYMBOL, V_KEY, V_REF, V_HOLE
} ValueTag;
typedef struct { uint8_t tag; int32_t n; } Value;

// A StringExpr: a STRINGS entry, or repeat / concat / slice of others (`a`, `b` expressions; `c`, `d` integers).
typedef enum { X_LITERAL, X_REPEAT, X_CONCAT, X_SLICE } ExprOp;
typedef struct { uint8_t op; int32_t a, b, c, d; } Expr;

// A Key: a KEYS entry, a fresh symbol (a STRINGS description), a well-known symbol, a STEP_KEYS entry, or `p${n}`.
typedef enum { KEY_STRING, KEY_SYMBOL, KEY_WELL_KNOWN, KEY_STEP, KEY_NUMBERED } KeyTag;
typedef struct { uint8_t tag; int32_t n; } Key;

typedef enum {
  E_DETACH, E_RESIZE, E_MAP_DELETE, E_MAP_SET, E_SET_DELETE, E_SET_ADD, E_DEFINE, E_SET, E_HIDE, E_SET_LENGTH, E_DELETE
} EffectTag;
typedef struct { uint8_t tag; int32_t target, n; Key key; Value a, b; } Effect;

// The program's name of each EffectTag (docs/program.md "Effect"), as printed and as runtime.js `effect` takes it.
static const char *const EFFECT_NAMES[] = {
  "detach", "resize", "mapDelete", "mapSet", "setDelete", "setAdd", "define", "set", "hide", "setLength", "delete",
};

typedef struct { int32_t first_effect, effects; uint8_t has_returns; Value returns; int32_t throws; } Behavior;

typedef struct {
  Key key;
  int32_t get, set;  // behavior indices, -1 for none; both -1: a data property
  Value value;
  uint8_t not_writable, not_enumerable, not_configurable;
} Prop;

typedef enum { PROTO_UNSET, PROTO_NULL, PROTO_REF, PROTO_INTRINSIC, PROTO_DEFAULT } ProtoTag;

typedef struct {
  Kind kind;
  uint8_t proto_tag;
  int32_t proto;               // node id or intrinsic index
  int32_t first_prop, props;   // props == 0: no `props` field
  int32_t integrity;           // -1: none
  // object: class (-1: none), private field; array: subclass (-1), items in the value pool, length (-1: none)
  int32_t class_name, first_item, items, length;
  uint8_t private_field;
  // date: time (a DATE_TIMES index, or -1 for NaN); regexp: source, flag bits, lastIndex (-1)
  int32_t time, source, last_index;
  uint8_t flag_bits;
  // map: entries (pairs) and set: values, in the value pool
  int32_t first_entry, entries;
  // arraybuffer; blob and file: bytes
  uint8_t bytes[MAX_BYTES];
  int32_t byte_count, byte_length, max_byte_length, resize_to;  // -1: field absent
  uint8_t shared, detached;
  // view
  int32_t type, buffer, byte_offset, view_length;
  // error: type, message (0 none, 1 a STRINGS entry, 2 a Value), cause
  uint8_t stack_untouched, message_form, has_cause;
  int32_t message_string;
  Value message, cause;
  // boxed
  Value boxed;
  // function: style; proxy: target; opaque: type (in `type`)
  int32_t style, target;
  // domexception: message (-1), name (-1); blob/file: media type (-1), file name, lastModified (-1)
  int32_t dom_message, dom_name, media_type, file_name, last_modified;
  // readablestream: chunks (STRINGS)
  int32_t chunks[MAX_CHUNKS], chunk_count;
} Node;

typedef enum { S_DELETE, S_METHOD, S_GET, S_SET, S_VALUE } StepTag;
typedef struct { int32_t on; Key key; uint8_t tag, not_enumerable; int32_t behavior; Value value; } Step;

typedef struct {
  int32_t count;                   // the decoded objects (BYTE_KINDS)
  int32_t node_count;              // with the platform objects added last
  Node nodes[MAX_NODES];
  Value root;
  int32_t transfer[MAX_TRANSFER], transfer_count;  // -1 count: no transfer field
  uint8_t for_storage;
  Step sender[MAX_STEPS], receiver[MAX_STEPS];
  int32_t sender_count, receiver_count;            // -1: no field
  int32_t deliveries;                              // -1: none
  Value values[MAX_VALUES];
  int32_t value_count;
  Expr exprs[MAX_EXPRS];
  int32_t expr_count;
  Prop props[MAX_PROPS];
  int32_t prop_count;
  Behavior behaviors[MAX_BEHAVIORS];
  int32_t behavior_count;
  Effect effects[MAX_EFFECTS];
  int32_t effect_count;
} Program;

static Program program;

// A node with every optional field absent.
static void init_node(Node *node, Kind kind) {
  memset(node, 0, sizeof *node);
  node->kind = kind;
  node->integrity = node->class_name = node->length = node->last_index = node->byte_length = node->max_byte_length = -1;
  node->resize_to = node->view_length = node->dom_message = node->dom_name = node->media_type = node->last_modified = -1;
}

// ── the decoder: `fromBytes`, read for read ──

typedef struct { const uint8_t *bytes; size_t length, position; } Reader;

static Reader reader;

// Each read takes the next byte, or 0 past the end.
static uint32_t read_byte(void) {
  return reader.position < reader.length ? reader.bytes[reader.position++] : 0;
}

// 0..n-1: one byte for n up to 256, two above.
static uint32_t read_int(uint32_t n) {
  if (n <= 1) return 0;
  uint32_t value = n <= 256 ? read_byte() : read_byte() * 256 + read_byte();
  return value % n;
}

static int read_chance(uint32_t n) {
  return read_int(n) == n - 1;
}

static int32_t pick(const Table *table) {
  return (int32_t)read_int(table->count);
}

// The pools are sized for the largest program the decoder makes; running out is a harness error.
static void pool_full(const char *what) {
  fprintf(stderr, "clonecheck harness error: program-native.c ran out of %s\n", what);
  exit(3);
}

static int32_t new_value_slot(void) {
  if (program.value_count >= MAX_VALUES) pool_full("values");
  return program.value_count++;
}

static int32_t decode_expr(int depth) {
  if (program.expr_count >= MAX_EXPRS) pool_full("string expressions");
  int32_t at = program.expr_count++;
  Expr expr = { X_LITERAL, 0, 0, 0, 0 };
  switch (depth > 0 ? read_int(4) : 0) {
    // Repeat a literal only, as fromBytes does.
    case 1: expr.op = X_REPEAT; expr.a = pick(&T.strings); expr.b = pick(&T.repeat_counts); break;
    case 2: expr.op = X_CONCAT; expr.a = decode_expr(depth - 1); expr.b = decode_expr(depth - 1); break;
    case 3:
      expr.op = X_SLICE;
      expr.a = decode_expr(depth - 1);
      expr.c = (int32_t)read_int(9) - 4;
      expr.d = (int32_t)read_int(9) - 2;
      break;
    default: expr.a = pick(&T.strings);
  }
  program.exprs[at] = expr;
  return at;
}

// `value(g)`: with `count` objects to refer to (0 for a primitive).
static Value decode_value(int32_t count) {
  Value v = { V_NULL, 0 };
  switch (read_int(count > 0 ? 16 : 11)) {
    case 0: break;
    case 1: v.tag = V_BOOL; v.n = read_int(2) == 0; break;
    case 2: v.tag = V_INT; v.n = (int32_t)read_byte() - 128; break;
    case 3: v.tag = V_NUMBER; v.n = pick(&T.numbers); break;
    case 4: v.tag = V_SPECIAL; v.n = pick(&T.special_numbers); break;
    case 5: v.tag = V_STRING; v.n = pick(&T.strings); break;
    case 6: v.tag = V_EXPR; v.n = decode_expr(2); break;
    case 7: v.tag = V_BIGINT; v.n = pick(&T.bigints); break;
    case 8: v.tag = V_UNDEFINED; break;
    case 9: v.tag = V_SYMBOL; v.n = pick(&T.strings); break;
    case 10: v.tag = V_KEY; v.n = pick(&T.keys); break;
    default: v.tag = V_REF; v.n = (int32_t)read_int((uint32_t)count);
  }
  return v;
}

static Key decode_key(void) {
  Key key;
  switch (read_int(12)) {
    case 0: key.tag = KEY_SYMBOL; key.n = pick(&T.strings); break;
    case 1: key.tag = KEY_WELL_KNOWN; key.n = pick(&T.well_known); break;
    default: key.tag = KEY_STRING; key.n = pick(&T.keys);
  }
  return key;
}

// The ids of the decoded objects of a kind (`idsOf`), with an optional filter.
typedef int (*NodeFilter)(const Node *node);

static int32_t ids_of(Kind kind, NodeFilter filter, int32_t *ids) {
  int32_t n = 0;
  for (int32_t i = 0; i < program.count; i++) {
    if (program.nodes[i].kind == kind && (filter == NULL || filter(&program.nodes[i]))) ids[n++] = i;
  }
  return n;
}

static int not_shared(const Node *node) { return !node->shared; }
static int resizable(const Node *node) { return node->max_byte_length >= 0; }

static int32_t buffer_length(const Node *buffer) {
  return buffer->byte_length >= 0 ? buffer->byte_length : buffer->byte_count;
}

static void decode_effect(Effect *effect) {
  int32_t ids[MAX_NODES];
  int32_t any = (int32_t)read_int((uint32_t)program.count);
  Effect e = { E_DELETE, any, 0, { KEY_STRING, 0 }, { V_NULL, 0 }, { V_NULL, 0 } };
  int chosen = 0;
  switch (read_int(11)) {
    case 0: {
      int32_t n = ids_of(K_ARRAYBUFFER, not_shared, ids);
      if (n > 0) { e.tag = E_DETACH; e.target = ids[read_int((uint32_t)n)]; chosen = 1; }
      break;
    }
    case 1: {
      int32_t n = ids_of(K_ARRAYBUFFER, resizable, ids);
      if (n == 0) break;
      int32_t id = ids[read_int((uint32_t)n)];
      const Node *buffer = &program.nodes[id];
      int32_t low = buffer->shared ? buffer_length(buffer) : 0;
      e.tag = E_RESIZE;
      e.target = id;
      e.n = low + (int32_t)read_int((uint32_t)(buffer->max_byte_length - low + 1));
      chosen = 1;
      break;
    }
    case 2: case 3: {
      int32_t n = ids_of(K_MAP, NULL, ids);
      if (n == 0) break;
      if (read_chance(2)) {
        e.tag = E_MAP_DELETE; e.target = ids[read_int((uint32_t)n)]; e.a = decode_value(program.count);
      } else {
        e.tag = E_MAP_SET; e.target = ids[read_int((uint32_t)n)]; e.a = decode_value(program.count); e.b = decode_value(program.count);
      }
      chosen = 1;
      break;
    }
    case 4: {
      int32_t n = ids_of(K_SET, NULL, ids);
      if (n == 0) break;
      e.tag = read_chance(2) ? E_SET_DELETE : E_SET_ADD;
      e.target = ids[read_int((uint32_t)n)];
      e.a = decode_value(program.count);
      chosen = 1;
      break;
    }
    case 5: e.tag = E_DEFINE; e.key = decode_key(); e.a = decode_value(program.count); chosen = 1; break;
    case 6: e.tag = E_SET; e.key = decode_key(); e.a = decode_value(program.count); chosen = 1; break;
    case 7: e.tag = E_HIDE; e.key = decode_key(); chosen = 1; break;
    case 8: e.tag = E_SET_LENGTH; e.n = (int32_t)read_int(4); chosen = 1; break;
  }
  if (!chosen) { e.tag = E_DELETE; e.target = any; e.key = decode_key(); }
  *effect = e;
}

// `behavior(g, withEffects)`; a realm step's has no effects and returns a primitive.
static int32_t decode_behavior(int with_effects) {
  if (program.behavior_count >= MAX_BEHAVIORS) pool_full("behaviors");
  int32_t at = program.behavior_count++;
  Behavior b = { 0, 0, 0, { V_NULL, 0 }, -1 };
  if (with_effects) {
    int32_t n = (int32_t)read_int(3);
    if (program.effect_count + n > MAX_EFFECTS) pool_full("effects");
    b.first_effect = program.effect_count;
    program.effect_count += n;
    b.effects = n;
    for (int32_t i = 0; i < n; i++) decode_effect(&program.effects[b.first_effect + i]);
  }
  if (read_chance(3)) { b.has_returns = 1; b.returns = decode_value(with_effects ? program.count : 0); }
  if (read_chance(6)) b.throws = pick(&T.error_types);
  program.behaviors[at] = b;
  return at;
}

static void decode_arraybuffer(Node *node) {
  node->byte_count = (int32_t)read_int(9);
  for (int32_t i = 0; i < node->byte_count; i++) node->bytes[i] = (uint8_t)read_byte();
  int32_t byte_length = node->byte_count + (int32_t)read_int(9);
  node->byte_length = byte_length != node->byte_count ? byte_length : -1;
  node->shared = (uint8_t)read_chance(5);
  if (read_chance(3)) {
    int32_t max = byte_length + (int32_t)read_int(17);
    node->max_byte_length = max;
    if (read_chance(2)) {
      node->resize_to = node->shared ? byte_length + (int32_t)read_int((uint32_t)(max - byte_length + 1)) : (int32_t)read_int((uint32_t)(max + 1));
    }
  }
  if (!node->shared && read_chance(6)) node->detached = 1;
}

static void decode_view(Node *node) {
  int32_t ids[MAX_NODES];
  int32_t n = ids_of(K_ARRAYBUFFER, NULL, ids);
  node->buffer = ids[read_int((uint32_t)n)];
  node->type = pick(&T.view_types);
  int32_t size = T.element_sizes[node->type];
  int32_t byte_length = buffer_length(&program.nodes[node->buffer]);
  int32_t byte_offset = size * (int32_t)read_int((uint32_t)((byte_length - byte_length % size) / size + 1));
  int32_t room = (byte_length - byte_offset - (byte_length - byte_offset) % size) / size;
  node->byte_offset = byte_offset;
  int whole = (byte_length - byte_offset) % size == 0;
  if (!whole || read_chance(2)) node->view_length = (int32_t)read_int((uint32_t)(room + 1));
}

// `node(g, id)`: the kind-specific part.
static void decode_node(int32_t id) {
  Node *node = &program.nodes[id];
  switch (node->kind) {
    case K_OBJECT:
      if (!read_chance(4)) break;
      node->class_name = pick(&T.class_names);
      if (read_chance(2)) node->private_field = 1;
      break;
    case K_ARRAY: {
      int32_t n = read_chance(8) ? 16 : (int32_t)read_int(7);
      node->first_item = program.value_count;
      node->items = n;
      for (int32_t i = 0; i < n; i++) new_value_slot();
      for (int32_t i = 0; i < n; i++) {
        Value hole = { V_HOLE, 0 };
        program.values[node->first_item + i] = read_chance(5) ? hole : decode_value(program.count);
      }
      if (read_chance(6)) node->length = (int32_t)read_int((uint32_t)(n + 5));
      if (read_chance(6)) node->class_name = pick(&T.class_names);
      break;
    }
    case K_DATE: node->time = read_chance(6) ? -1 : pick(&T.date_times); break;
    case K_REGEXP:
      node->flag_bits = (uint8_t)read_byte();
      node->source = pick(&T.regexp_sources);
      if (read_chance(4)) node->last_index = (int32_t)read_int(4);
      break;
    case K_MAP: case K_SET: {
      int32_t per = node->kind == K_MAP ? 2 : 1;
      int32_t n = (int32_t)read_int(4);
      node->first_entry = program.value_count;
      node->entries = n;
      for (int32_t i = 0; i < n * per; i++) new_value_slot();
      for (int32_t i = 0; i < n * per; i++) program.values[node->first_entry + i] = decode_value(program.count);
      break;
    }
    case K_VIEW: decode_view(node); break;
    case K_ERROR: {
      // One read says the type and the stack's state; the node's id flips the state (bytes.js says why).
      uint32_t types = T.error_types.count;
      uint32_t type_and_stack = read_int(2 * types);
      node->type = (int32_t)(type_and_stack % types);
      node->stack_untouched = (type_and_stack >= types) != (id % 2 == 1);
      node->message_form = (uint8_t)read_int(3);
      if (node->message_form == 1) node->message_string = pick(&T.strings);
      if (node->message_form == 2) node->message = decode_value(program.count);
      if (read_chance(3)) { node->has_cause = 1; node->cause = decode_value(program.count); }
      break;
    }
    case K_BOXED: {
      Value v = decode_value(0);
      if (v.tag == V_NULL || v.tag == V_UNDEFINED) { v.tag = V_BOOL; v.n = 0; }
      node->boxed = v;
      break;
    }
    case K_FUNCTION: node->style = pick(&T.function_styles); break;
    case K_PROXY: {
      // A non-proxy node, or a proxy with a smaller id (whose chain is already acyclic).
      int32_t targets[MAX_NODES], n = 0;
      for (int32_t i = 0; i < program.count; i++) if (program.nodes[i].kind != K_PROXY || i < id) targets[n++] = i;
      node->target = targets[read_int((uint32_t)n)];
      break;
    }
    case K_OPAQUE: node->type = pick(&T.opaque_types); break;
    default: break;
  }
}

// The UTF-16 length of a string expression (a boxed String's keys depend on it).
static int64_t expr_length(int32_t at) {
  const Expr *x = &program.exprs[at];
  switch (x->op) {
    case X_REPEAT: return (int64_t)T.string_lengths[x->a] * T.repeat_count_values[x->b];
    case X_CONCAT: return expr_length(x->a) + expr_length(x->b);
    case X_SLICE: {
      int64_t length = expr_length(x->a);
      int64_t start = x->c < 0 ? (length + x->c > 0 ? length + x->c : 0) : (x->c < length ? x->c : length);
      int64_t end = x->d < 0 ? (length + x->d > 0 ? length + x->d : 0) : (x->d < length ? x->d : length);
      return end > start ? end - start : 0;
    }
    default: return T.string_lengths[x->a];
  }
}

// `keyProblem(node, key) !== undefined`, from the rows native-stage-one.js computed with keyProblem itself.
static int key_refused(const Node *node, Key key) {
  if (key.tag != KEY_STRING) return 0;  // symbols have no problem; numbered keys (p0, p1, ...) none either
  const uint8_t *row;
  if (node->kind == K_VIEW) {
    row = node->type == T.data_view ? T.refused_data_view : T.refused_typed_array;
  } else if (node->kind == K_BOXED) {
    int64_t length = -1;
    if (node->boxed.tag == V_STRING) length = T.string_lengths[node->boxed.n];
    if (node->boxed.tag == V_KEY) length = T.key_lengths[node->boxed.n];
    if (node->boxed.tag == V_EXPR) length = expr_length(node->boxed.n);
    if (length < 0) row = T.refused_boxed_other;
    else row = T.refused_boxed_string + (size_t)(length < T.boxed_lengths ? length : T.boxed_lengths - 1) * T.keys.count;
  } else {
    row = T.refused_by_kind + (size_t)node->kind * T.keys.count;
  }
  return row[key.n];
}

// Two keys with the same identity within one object (`keyIdentity`); fresh symbols have none.
static int same_identity(Key a, Key b) {
  if (a.tag == KEY_SYMBOL || b.tag == KEY_SYMBOL) return 0;
  return a.tag == b.tag && a.n == b.n;
}

static Prop decode_prop(void) {
  Prop prop = { decode_key(), -1, -1, { V_NULL, 0 }, 0, 0, 0 };
  if (read_chance(3)) {
    uint32_t which = read_int(3);
    if (which != 1) prop.get = decode_behavior(1);
    if (which != 0) prop.set = decode_behavior(1);
  } else {
    prop.value = decode_value(program.count);
    if (read_chance(4)) prop.not_writable = 1;
  }
  if (read_chance(4)) prop.not_enumerable = 1;
  if (read_chance(5)) prop.not_configurable = 1;
  return prop;
}

// `decorate(g, id)`: prototype, own properties, integrity level.
static void decorate(int32_t id) {
  Node *node = &program.nodes[id];
  if (node->kind == K_PROXY) return;
  switch (read_int(10)) {
    case 0: node->proto_tag = PROTO_NULL; break;
    case 1: node->proto_tag = PROTO_REF; node->proto = (int32_t)read_int((uint32_t)program.count); break;
    case 2: node->proto_tag = PROTO_INTRINSIC; node->proto = pick(&T.intrinsic_names); break;
  }
  int32_t n = read_chance(16) ? 65 + (int32_t)read_int(4) : (int32_t)read_int(4);
  node->first_prop = program.prop_count;
  for (int32_t i = 0; i < n; i++) {
    Prop prop;
    if (n > 64) {
      prop = (Prop){ { KEY_NUMBERED, i }, -1, -1, { V_INT, i }, 0, 0, 0 };
    } else {
      prop = decode_prop();
    }
    if (key_refused(node, prop.key)) continue;
    int fixed = 0;
    for (int32_t j = node->first_prop; j < program.prop_count && !fixed; j++) {
      fixed = program.props[j].not_configurable && same_identity(program.props[j].key, prop.key);
    }
    if (fixed) continue;
    if (program.prop_count >= MAX_PROPS) pool_full("properties");
    program.props[program.prop_count++] = prop;
  }
  node->props = program.prop_count - node->first_prop;
  int typed_array = node->kind == K_VIEW && node->type != T.data_view;
  if (!typed_array && read_chance(5)) node->integrity = pick(&T.integrity);
}

// The node a node's prototype is, seen through proxies (graph.js `protoNode`).
static int32_t proxy_target(int32_t id) {
  for (int32_t steps = 0; steps <= program.count; steps++) {
    if (program.nodes[id].kind != K_PROXY) return id;
    id = program.nodes[id].target;
  }
  return -1;
}

static int32_t proto_node(int32_t id) {
  const Node *node = &program.nodes[id];
  return node->proto_tag == PROTO_REF ? proxy_target(node->proto) : -1;
}

// The first node whose prototype chain leads back to it (graph.js `prototypeCycles`), or -1.
static int32_t first_prototype_cycle(void) {
  for (int32_t start = 0; start < program.count; start++) {
    if (program.nodes[start].kind == K_PROXY) continue;
    int32_t id = proto_node(start);
    for (int32_t steps = 0; id >= 0 && steps < program.count; steps++) {
      if (id == start) return start;
      id = proto_node(id);
    }
  }
  return -1;
}

static int32_t decode_steps(Step *steps) {
  int32_t n = 1 + (int32_t)read_int(3), count = 0;
  for (int32_t i = 0; i < n; i++) {
    Step step = { pick(&T.intrinsic_names), { KEY_STEP, 0 }, S_VALUE, 0, -1, { V_NULL, 0 } };
    if (read_chance(4)) { step.key.tag = KEY_WELL_KNOWN; step.key.n = pick(&T.well_known); }
    else step.key.n = pick(&T.step_keys);
    if (step.key.tag == KEY_STEP && T.fixed_step_keys[(size_t)step.on * T.step_keys.count + step.key.n]) continue;
    switch (read_int(5)) {
      case 0: step.tag = S_DELETE; break;
      case 1: step.tag = S_METHOD; step.behavior = decode_behavior(0); break;
      case 2: step.tag = S_GET; step.behavior = decode_behavior(0); break;
      case 3: step.tag = S_SET; step.behavior = decode_behavior(0); break;
      default: step.tag = S_VALUE; step.value = decode_value(0);
    }
    if (step.tag != S_DELETE && read_chance(4)) step.not_enumerable = 1;
    steps[count++] = step;
  }
  return count;
}

// The platform objects fromBytes adds last: made here, counted when added.
static Node *new_tail_node(Kind kind) {
  Node *node = &program.nodes[program.node_count];
  init_node(node, kind);
  return node;
}

// Where the platform object added under `key` goes (`platformHolder`): 1 the first object, 0 the root.
static int held_by_first(Key key) {
  if (program.node_count == 0) return 0;
  const Node *first = &program.nodes[0];
  if (first->kind == K_PROXY || key_refused(first, key)) return 0;
  for (int32_t i = 0; i < first->props; i++) {
    const Prop *prop = &program.props[first->first_prop + i];
    if (same_identity(prop->key, key) && prop->not_configurable) return 0;
  }
  return 1;
}

// `addPlatformObject`: the node (made last by the caller) held by the first object under `key`, or the root.
static void add_platform_object(Key key) {
  int first = held_by_first(key);
  int32_t id = program.node_count++;
  if (!first) {
    program.root = (Value){ V_REF, id };
    return;
  }
  // The first object's props are the first in the pool, but others follow them: move them up one.
  Node *holder = &program.nodes[0];
  int32_t at = holder->first_prop + holder->props;
  if (program.prop_count >= MAX_PROPS) pool_full("properties");
  memmove(&program.props[at + 1], &program.props[at], (size_t)(program.prop_count - at) * sizeof(Prop));
  program.prop_count++;
  for (int32_t i = 1; i < program.count; i++) program.nodes[i].first_prop++;  // decorated after the first
  program.props[at] = (Prop){ key, -1, -1, { V_REF, id }, 0, 0, 0 };
  holder->props++;
}

static void decode(const uint8_t *bytes, size_t length) {
  reader = (Reader){ bytes, length, 0 };
  program.value_count = program.expr_count = program.prop_count = program.behavior_count = program.effect_count = 0;
  int32_t count = (int32_t)read_int(T.max_objects + 1);
  program.count = program.node_count = count;
  for (int32_t i = 0; i < count; i++) init_node(&program.nodes[i], T.byte_kind[pick(&T.byte_kinds)]);
  // fixKinds: views need a buffer; proxies need a plain node.
  int view = -1, buffer = 0, plain = 0;
  for (int32_t i = 0; i < count; i++) {
    if (program.nodes[i].kind == K_VIEW && view < 0) view = i;
    if (program.nodes[i].kind == K_ARRAYBUFFER) buffer = 1;
    if (program.nodes[i].kind != K_PROXY) plain = 1;
  }
  if (view >= 0 && !buffer) program.nodes[view].kind = K_ARRAYBUFFER;
  if (!plain) for (int32_t i = 0; i < count; i++) program.nodes[i].kind = K_OBJECT;
  // Buffers first, so views can be sized against them.
  for (int32_t i = 0; i < count; i++) if (program.nodes[i].kind == K_ARRAYBUFFER) decode_arraybuffer(&program.nodes[i]);
  for (int32_t i = 0; i < count; i++) if (program.nodes[i].kind != K_ARRAYBUFFER) decode_node(i);
  for (int32_t i = 0; i < count; i++) decorate(i);
  // A prototype cycle cannot be built: the default prototype instead.
  for (int32_t cycle = first_prototype_cycle(); cycle >= 0; cycle = first_prototype_cycle()) {
    program.nodes[cycle].proto_tag = PROTO_DEFAULT;
  }
  program.root = count > 0 && !read_chance(4) ? (Value){ V_REF, 0 } : decode_value(count);
  program.transfer_count = -1;
  program.for_storage = 0;
  if (count > 0 && read_chance(8)) {
    program.transfer_count = 1 + (int32_t)read_int(2);
    for (int32_t i = 0; i < program.transfer_count; i++) program.transfer[i] = (int32_t)read_int((uint32_t)count);
  } else if (read_chance(8)) {
    program.for_storage = 1;
  }
  program.sender_count = read_chance(4) ? decode_steps(program.sender) : -1;
  program.receiver_count = read_chance(4) ? decode_steps(program.receiver) : -1;
  program.deliveries = read_chance(4) ? 2 + (int32_t)read_int(T.max_deliveries - 1) : -1;
  // A DOMException, Blob or File, held by the first object or the root (read after the fields above: bytes.js says why).
  if (read_chance(6)) {
    Node *node = new_tail_node(T.platform_tail_kind[pick(&T.platform_tail_kinds)]);
    if (node->kind == K_DOMEXCEPTION) {
      if (read_chance(2)) node->dom_message = pick(&T.strings);
      if (read_chance(2)) node->dom_name = pick(&T.domexception_names);
    } else {
      node->byte_count = (int32_t)read_int(9);
      for (int32_t i = 0; i < node->byte_count; i++) node->bytes[i] = (uint8_t)read_byte();
      if (read_chance(2)) node->media_type = pick(&T.media_types);
      if (node->kind == K_FILE) {
        node->file_name = pick(&T.strings);
        if (read_chance(2)) node->last_modified = pick(&T.last_modified);
      }
    }
    add_platform_object((Key){ KEY_STRING, pick(&T.keys) });
  }
  // A MessagePort, then a stream, each named last by the transfer list and held by the first object.
  for (int transferred = 0; transferred < 2; transferred++) {
    if (!read_chance(6)) continue;
    Kind kind = K_MESSAGEPORT;
    int32_t chunks[MAX_CHUNKS], chunk_count = 0;
    if (transferred == 1) {
      kind = T.stream_tail_kind[pick(&T.stream_tail_kinds)];
      if (kind == K_READABLESTREAM) {
        chunk_count = 1 + (int32_t)read_int(T.max_stream_tail_chunks);
        for (int32_t i = 0; i < chunk_count; i++) chunks[i] = pick(&T.strings);
      }
    }
    Key key = { KEY_STRING, pick(&T.keys) };
    if (program.for_storage || !held_by_first(key)) continue;
    Node *node = new_tail_node(kind);
    memcpy(node->chunks, chunks, sizeof chunks);
    node->chunk_count = chunk_count;
    int32_t id = program.node_count;
    add_platform_object(key);
    if (program.transfer_count < 0) program.transfer_count = 0;
    program.transfer[program.transfer_count++] = id;
  }
}

// ── the decoded program as JSON, for the agreement check (the fields `fromBytes` writes) ──

typedef struct { char *text; size_t length, size; } Out;

static void out_raw(Out *out, const char *text, size_t length) {
  if (out->length + length + 1 > out->size) {
    out->size = (out->length + length + 1) * 2;
    out->text = realloc(out->text, out->size);
  }
  memcpy(out->text + out->length, text, length);
  out->length += length;
  out->text[out->length] = '\0';
}

static void out_str(Out *out, const char *text) { out_raw(out, text, strlen(text)); }

static void out_int(Out *out, int64_t n) {
  char buffer[24];
  snprintf(buffer, sizeof buffer, "%lld", (long long)n);
  out_str(out, buffer);
}

// `,"name":` (the first field of an object is printed by the caller without the comma).
static void out_field(Out *out, const char *name) {
  out_str(out, ",\"");
  out_str(out, name);
  out_str(out, "\":");
}

static void print_expr(Out *out, int32_t at) {
  const Expr *x = &program.exprs[at];
  switch (x->op) {
    case X_REPEAT:
      out_str(out, "{\"repeat\":[");
      out_str(out, T.strings.json[x->a]);
      out_str(out, ",");
      out_str(out, T.repeat_counts.json[x->b]);
      out_str(out, "]}");
      return;
    case X_CONCAT:
      out_str(out, "{\"concat\":[");
      print_expr(out, x->a);
      out_str(out, ",");
      print_expr(out, x->b);
      out_str(out, "]}");
      return;
    case X_SLICE:
      out_str(out, "{\"slice\":[");
      print_expr(out, x->a);
      out_str(out, ",");
      out_int(out, x->c);
      out_str(out, ",");
      out_int(out, x->d);
      out_str(out, "]}");
      return;
    default: out_str(out, T.strings.json[x->a]);
  }
}

static void print_value(Out *out, Value v) {
  switch (v.tag) {
    case V_NULL: out_str(out, "null"); return;
    case V_BOOL: out_str(out, v.n ? "true" : "false"); return;
    case V_INT: out_int(out, v.n); return;
    case V_NUMBER: out_str(out, T.numbers.json[v.n]); return;
    case V_SPECIAL: out_str(out, "{\"number\":"); out_str(out, T.special_numbers.json[v.n]); out_str(out, "}"); return;
    case V_STRING: out_str(out, T.strings.json[v.n]); return;
    case V_EXPR: out_str(out, "{\"string\":"); print_expr(out, v.n); out_str(out, "}"); return;
    case V_BIGINT: out_str(out, "{\"bigint\":"); out_str(out, T.bigints.json[v.n]); out_str(out, "}"); return;
    case V_UNDEFINED: out_str(out, "{\"undefined\":true}"); return;
    case V_SYMBOL: out_str(out, "{\"symbol\":"); out_str(out, T.strings.json[v.n]); out_str(out, "}"); return;
    case V_KEY: out_str(out, T.keys.json[v.n]); return;
    case V_REF: out_str(out, "{\"ref\":"); out_int(out, v.n); out_str(out, "}"); return;
    case V_HOLE: out_str(out, "{\"hole\":true}"); return;
  }
}

static void print_key(Out *out, Key key) {
  switch (key.tag) {
    case KEY_SYMBOL: out_str(out, "{\"symbol\":"); out_str(out, T.strings.json[key.n]); out_str(out, "}"); return;
    case KEY_WELL_KNOWN: out_str(out, "{\"wellKnown\":"); out_str(out, T.well_known.json[key.n]); out_str(out, "}"); return;
    case KEY_STEP: out_str(out, T.step_keys.json[key.n]); return;
    case KEY_NUMBERED: out_str(out, "\"p"); out_int(out, key.n); out_str(out, "\""); return;
    default: out_str(out, T.keys.json[key.n]);
  }
}

static void print_behavior(Out *out, int32_t at) {
  const Behavior *b = &program.behaviors[at];
  out_str(out, "{");
  int first = 1;
  if (b->effects > 0) {
    out_str(out, "\"effects\":[");
    first = 0;
    for (int32_t i = 0; i < b->effects; i++) {
      const Effect *e = &program.effects[b->first_effect + i];
      out_str(out, i ? ",{\"" : "{\"");
      out_str(out, EFFECT_NAMES[e->tag]);
      out_str(out, "\":");
      if (e->tag == E_DETACH) {
        out_int(out, e->target);
      } else {
        out_str(out, "[");
        out_int(out, e->target);
        switch (e->tag) {
          case E_RESIZE: case E_SET_LENGTH: out_str(out, ","); out_int(out, e->n); break;
          case E_MAP_SET: out_str(out, ","); print_value(out, e->a); out_str(out, ","); print_value(out, e->b); break;
          case E_MAP_DELETE: case E_SET_DELETE: case E_SET_ADD: out_str(out, ","); print_value(out, e->a); break;
          case E_DEFINE: case E_SET: out_str(out, ","); print_key(out, e->key); out_str(out, ","); print_value(out, e->a); break;
          default: out_str(out, ","); print_key(out, e->key);
        }
        out_str(out, "]");
      }
      out_str(out, "}");
    }
    out_str(out, "]");
  }
  if (b->has_returns) {
    out_str(out, first ? "\"returns\":" : ",\"returns\":");
    print_value(out, b->returns);
    first = 0;
  }
  if (b->throws >= 0) {
    out_str(out, first ? "\"throws\":" : ",\"throws\":");
    out_str(out, T.error_types.json[b->throws]);
  }
  out_str(out, "}");
}

static void print_bytes(Out *out, const Node *node) {
  out_field(out, "bytes");
  out_str(out, "[");
  for (int32_t i = 0; i < node->byte_count; i++) {
    if (i) out_str(out, ",");
    out_int(out, node->bytes[i]);
  }
  out_str(out, "]");
}

static void print_node(Out *out, const Node *node) {
  out_str(out, "{\"kind\":\"");
  out_str(out, KIND_NAMES[node->kind]);
  out_str(out, "\"");
  switch (node->kind) {
    case K_OBJECT:
      if (node->class_name >= 0) { out_field(out, "class"); out_str(out, T.class_names.json[node->class_name]); }
      if (node->private_field) { out_field(out, "privateField"); out_str(out, "true"); }
      break;
    case K_ARRAY:
      out_field(out, "items");
      out_str(out, "[");
      for (int32_t i = 0; i < node->items; i++) {
        if (i) out_str(out, ",");
        print_value(out, program.values[node->first_item + i]);
      }
      out_str(out, "]");
      if (node->length >= 0) { out_field(out, "length"); out_int(out, node->length); }
      if (node->class_name >= 0) { out_field(out, "subclass"); out_str(out, T.class_names.json[node->class_name]); }
      break;
    case K_DATE:
      out_field(out, "time");
      out_str(out, node->time < 0 ? "{\"number\":\"NaN\"}" : T.date_times.json[node->time]);
      break;
    case K_REGEXP:
      out_field(out, "source");
      out_str(out, T.regexp_sources.json[node->source]);
      out_field(out, "flags");
      out_str(out, "\"");
      for (uint32_t i = 0; i < T.regexp_flags.count; i++) {
        if ((node->flag_bits >> i) & 1) out_raw(out, T.regexp_flags.json[i] + 1, strlen(T.regexp_flags.json[i]) - 2);
      }
      out_str(out, "\"");
      if (node->last_index >= 0) { out_field(out, "lastIndex"); out_int(out, node->last_index); }
      break;
    case K_MAP: case K_SET:
      out_field(out, node->kind == K_MAP ? "entries" : "values");
      out_str(out, "[");
      for (int32_t i = 0; i < node->entries; i++) {
        if (i) out_str(out, ",");
        if (node->kind == K_MAP) {
          out_str(out, "[");
          print_value(out, program.values[node->first_entry + 2 * i]);
          out_str(out, ",");
          print_value(out, program.values[node->first_entry + 2 * i + 1]);
          out_str(out, "]");
        } else {
          print_value(out, program.values[node->first_entry + i]);
        }
      }
      out_str(out, "]");
      break;
    case K_ARRAYBUFFER:
      print_bytes(out, node);
      if (node->byte_length >= 0) { out_field(out, "byteLength"); out_int(out, node->byte_length); }
      if (node->shared) { out_field(out, "shared"); out_str(out, "true"); }
      if (node->max_byte_length >= 0) { out_field(out, "maxByteLength"); out_int(out, node->max_byte_length); }
      if (node->resize_to >= 0) { out_field(out, "resizeTo"); out_int(out, node->resize_to); }
      if (node->detached) { out_field(out, "detached"); out_str(out, "true"); }
      break;
    case K_VIEW:
      out_field(out, "type");
      out_str(out, T.view_types.json[node->type]);
      out_field(out, "buffer");
      out_int(out, node->buffer);
      if (node->byte_offset != 0) { out_field(out, "byteOffset"); out_int(out, node->byte_offset); }
      if (node->view_length >= 0) { out_field(out, "length"); out_int(out, node->view_length); }
      break;
    case K_ERROR:
      out_field(out, "type");
      out_str(out, T.error_types.json[node->type]);
      if (node->stack_untouched) { out_field(out, "stack"); out_str(out, "\"untouched\""); }
      if (node->message_form == 1) { out_field(out, "message"); out_str(out, T.strings.json[node->message_string]); }
      if (node->message_form == 2) { out_field(out, "message"); print_value(out, node->message); }
      if (node->has_cause) { out_field(out, "cause"); print_value(out, node->cause); }
      break;
    case K_BOXED: out_field(out, "value"); print_value(out, node->boxed); break;
    case K_FUNCTION: out_field(out, "style"); out_str(out, T.function_styles.json[node->style]); break;
    case K_PROXY: out_field(out, "target"); out_int(out, node->target); break;
    case K_OPAQUE: out_field(out, "type"); out_str(out, T.opaque_types.json[node->type]); break;
    case K_DOMEXCEPTION:
      if (node->dom_message >= 0) { out_field(out, "message"); out_str(out, T.strings.json[node->dom_message]); }
      if (node->dom_name >= 0) { out_field(out, "name"); out_str(out, T.domexception_names.json[node->dom_name]); }
      break;
    case K_BLOB: case K_FILE:
      print_bytes(out, node);
      if (node->media_type >= 0) { out_field(out, "type"); out_str(out, T.media_types.json[node->media_type]); }
      if (node->kind == K_FILE) {
        out_field(out, "name");
        out_str(out, T.strings.json[node->file_name]);
        if (node->last_modified >= 0) { out_field(out, "lastModified"); out_str(out, T.last_modified.json[node->last_modified]); }
      }
      break;
    case K_READABLESTREAM:
      out_field(out, "chunks");
      out_str(out, "[");
      for (int32_t i = 0; i < node->chunk_count; i++) {
        if (i) out_str(out, ",");
        out_str(out, T.strings.json[node->chunks[i]]);
      }
      out_str(out, "]");
      break;
    default: break;
  }
  switch (node->proto_tag) {
    case PROTO_NULL: out_field(out, "proto"); out_str(out, "null"); break;
    case PROTO_REF: out_field(out, "proto"); out_str(out, "{\"ref\":"); out_int(out, node->proto); out_str(out, "}"); break;
    case PROTO_INTRINSIC: out_field(out, "proto"); out_str(out, T.intrinsic_names.json[node->proto]); break;
    case PROTO_DEFAULT: out_field(out, "proto"); out_str(out, "\"default\""); break;
  }
  if (node->props > 0) {
    out_field(out, "props");
    out_str(out, "[");
    for (int32_t i = 0; i < node->props; i++) {
      const Prop *prop = &program.props[node->first_prop + i];
      out_str(out, i ? ",{\"key\":" : "{\"key\":");
      print_key(out, prop->key);
      if (prop->get >= 0) { out_field(out, "get"); print_behavior(out, prop->get); }
      if (prop->set >= 0) { out_field(out, "set"); print_behavior(out, prop->set); }
      if (prop->get < 0 && prop->set < 0) { out_field(out, "value"); print_value(out, prop->value); }
      if (prop->not_writable) { out_field(out, "writable"); out_str(out, "false"); }
      if (prop->not_enumerable) { out_field(out, "enumerable"); out_str(out, "false"); }
      if (prop->not_configurable) { out_field(out, "configurable"); out_str(out, "false"); }
      out_str(out, "}");
    }
    out_str(out, "]");
  }
  if (node->integrity >= 0) { out_field(out, "integrity"); out_str(out, T.integrity.json[node->integrity]); }
  out_str(out, "}");
}

static void print_steps(Out *out, const char *name, const Step *steps, int32_t count) {
  if (count < 0) return;
  out_field(out, name);
  out_str(out, "[");
  for (int32_t i = 0; i < count; i++) {
    const Step *step = &steps[i];
    out_str(out, i ? ",{\"on\":" : "{\"on\":");
    out_str(out, T.intrinsic_names.json[step->on]);
    out_field(out, "key");
    print_key(out, step->key);
    switch (step->tag) {
      case S_DELETE: out_field(out, "delete"); out_str(out, "true"); break;
      case S_METHOD: out_field(out, "method"); print_behavior(out, step->behavior); break;
      case S_GET: out_field(out, "get"); print_behavior(out, step->behavior); break;
      case S_SET: out_field(out, "set"); print_behavior(out, step->behavior); break;
      default: out_field(out, "value"); print_value(out, step->value);
    }
    if (step->not_enumerable) { out_field(out, "enumerable"); out_str(out, "false"); }
    out_str(out, "}");
  }
  out_str(out, "]");
}

// The decoded program as JSON (the caller frees it).
static char *print_program(void) {
  Out out = { NULL, 0, 0 };
  out_str(&out, "{\"schema\":");
  out_str(&out, T.program_schema);
  out_field(&out, "root");
  print_value(&out, program.root);
  out_field(&out, "objects");
  out_str(&out, "[");
  for (int32_t i = 0; i < program.node_count; i++) {
    if (i) out_str(&out, ",");
    print_node(&out, &program.nodes[i]);
  }
  out_str(&out, "]");
  if (program.transfer_count >= 0) {
    out_field(&out, "transfer");
    out_str(&out, "[");
    for (int32_t i = 0; i < program.transfer_count; i++) {
      if (i) out_str(&out, ",");
      out_int(&out, program.transfer[i]);
    }
    out_str(&out, "]");
  }
  if (program.for_storage) { out_field(&out, "forStorage"); out_str(&out, "true"); }
  print_steps(&out, "sender", program.sender, program.sender_count);
  print_steps(&out, "receiver", program.receiver, program.receiver_count);
  if (program.deliveries >= 0) { out_field(&out, "deliveries"); out_int(&out, program.deliveries); }
  out_str(&out, "}");
  return out.text;
}

// ── the builder: `build`, for a program without realm steps ──

typedef enum { STAGE_ONE_BUILT, STAGE_ONE_REFUSED, STAGE_ONE_LONG, STAGE_ONE_SCRIPT } StageOneOutcome;

static const char *const OUTCOME_NAMES[] = { "built", "refused", "long", "script" };

static struct {
  uint8_t reached[MAX_NODES];
  JSValue objects[MAX_NODES];
  JSValue cx;  // the runtime's build context, made when an operation first needs one
} built;

// A JS exception while building is clonecheck's fault, as it is in the script's build.
static JSValue checked(JSValue value, const char *what) {
  if (JS_IsException(value)) harness_error(what);
  return value;
}

// Calls a runtime operation, taking ownership of the arguments.
static JSValue run_op(JSValueConst op, int argc, JSValue *argv, const char *what) {
  JSValue result = JS_Call(context, op, JS_UNDEFINED, argc, argv);
  for (int i = 0; i < argc; i++) JS_FreeValue(context, argv[i]);
  return checked(result, what);
}

static JSValue build_context(void) {
  if (JS_IsUndefined(built.cx)) built.cx = checked(JS_Call(context, T.make_context, JS_UNDEFINED, 0, NULL), "context");
  return JS_DupValue(context, built.cx);
}

static JSValue make_expr(int32_t at) {
  const Expr *x = &program.exprs[at];
  switch (x->op) {
    case X_REPEAT: {
      JSValue args[2] = { JS_DupValue(context, T.strings.values[x->a]), JS_DupValue(context, T.repeat_counts.values[x->b]) };
      return run_op(T.op_repeat, 2, args, "repeat");
    }
    case X_CONCAT: {
      JSValue parts = JS_NewArray(context);
      JS_SetPropertyUint32(context, parts, 0, make_expr(x->a));
      JS_SetPropertyUint32(context, parts, 1, make_expr(x->b));
      return run_op(T.op_concat, 1, &parts, "concat");
    }
    case X_SLICE: {
      JSValue args[3] = { make_expr(x->a), JS_NewInt32(context, x->c), JS_NewInt32(context, x->d) };
      return run_op(T.op_slice, 3, args, "slice");
    }
    default: return JS_DupValue(context, T.strings.values[x->a]);
  }
}

static JSValue make_symbol(int32_t description) {
  JSValue args[1] = { JS_DupValue(context, T.strings.values[description]) };
  return run_op(T.op_symbol, 1, args, "symbol");
}

static JSValue make_value(Value v) {
  switch (v.tag) {
    case V_BOOL: return JS_NewBool(context, v.n);
    case V_INT: return JS_NewInt32(context, v.n);
    case V_NUMBER: return JS_DupValue(context, T.numbers.values[v.n]);
    case V_SPECIAL: return JS_DupValue(context, T.special_numbers.values[v.n]);
    case V_STRING: return JS_DupValue(context, T.strings.values[v.n]);
    case V_EXPR: return make_expr(v.n);
    case V_BIGINT: return JS_DupValue(context, T.bigints.values[v.n]);
    case V_UNDEFINED: case V_HOLE: return JS_UNDEFINED;
    case V_SYMBOL: return make_symbol(v.n);
    case V_KEY: return JS_DupValue(context, T.keys.values[v.n]);
    case V_REF: return JS_DupValue(context, built.objects[v.n]);
    default: return JS_NULL;
  }
}

static JSValue make_key(Key key) {
  switch (key.tag) {
    case KEY_SYMBOL: return make_symbol(key.n);
    case KEY_WELL_KNOWN: return JS_DupValue(context, T.well_known.values[key.n]);
    case KEY_STEP: return JS_DupValue(context, T.step_keys.values[key.n]);
    case KEY_NUMBERED: {
      char name[16];
      snprintf(name, sizeof name, "p%d", key.n);
      return JS_NewString(context, name);
    }
    default: return JS_DupValue(context, T.keys.values[key.n]);
  }
}

// How the effects log names a key (values.js `keyText`): the string, "@@desc" or "@@Symbol.name".
static JSValue key_text(Key key) {
  if (key.tag == KEY_STRING || key.tag == KEY_STEP || key.tag == KEY_NUMBERED) return make_key(key);
  if (key.tag == KEY_WELL_KNOWN) {
    // The table's JSON is the name, quoted.
    const char *json = T.well_known.json[key.n];
    char text[64];
    snprintf(text, sizeof text, "@@Symbol.%.*s", (int)(strlen(json) - 2), json + 1);
    return JS_NewString(context, text);
  }
  JSValue parts = JS_NewArray(context);
  JS_SetPropertyUint32(context, parts, 0, JS_NewString(context, "@@"));
  JS_SetPropertyUint32(context, parts, 1, JS_DupValue(context, T.strings.values[key.n]));
  return run_op(T.op_concat, 1, &parts, "concat");
}

static JSValue label_of(int32_t id) {
  char label[16];
  snprintf(label, sizeof label, "#%d", id);
  return JS_NewString(context, label);
}

static JSValue make_effect(const Effect *e) {
  const char *name = e->tag == E_RESIZE && program.nodes[e->target].shared ? "grow" : EFFECT_NAMES[e->tag];
  JSValue args[4] = { JS_NewString(context, name), JS_DupValue(context, built.objects[e->target]), JS_UNDEFINED, JS_UNDEFINED };
  switch (e->tag) {
    case E_RESIZE: case E_SET_LENGTH: args[2] = JS_NewInt32(context, e->n); break;
    case E_MAP_SET: args[2] = make_value(e->a); args[3] = make_value(e->b); break;
    case E_MAP_DELETE: case E_SET_DELETE: case E_SET_ADD: args[2] = make_value(e->a); break;
    case E_DEFINE: case E_SET: args[2] = make_key(e->key); args[3] = make_value(e->a); break;
    case E_HIDE: case E_DELETE: args[2] = make_key(e->key); break;
    default: break;
  }
  return run_op(T.op_effect, 4, args, "effect");
}

// compile.js `behaviorExpr`; `label` names the object in the effects log (its id, or a realm step's intrinsic).
static JSValue make_behavior(int32_t at, const char *event, JSValue label, Key key) {
  const Behavior *b = &program.behaviors[at];
  JSValue effects = JS_NewArray(context);
  for (int32_t i = 0; i < b->effects; i++) JS_SetPropertyUint32(context, effects, (uint32_t)i, make_effect(&program.effects[b->first_effect + i]));
  JSValue args[7] = {
    build_context(), JS_NewString(context, event), label, key_text(key), effects,
    b->has_returns ? make_value(b->returns) : JS_UNDEFINED,
    b->throws >= 0 ? JS_DupValue(context, T.error_types.values[b->throws]) : JS_UNDEFINED,
  };
  return run_op(T.op_behavior, 7, args, "behavior");
}

static void define_data(JSValueConst target, JSValue key, JSValue value, int writable, int enumerable, int configurable) {
  JSAtom atom = JS_ValueToAtom(context, key);
  JS_FreeValue(context, key);
  int flags = JS_PROP_THROW | (writable ? JS_PROP_WRITABLE : 0) | (enumerable ? JS_PROP_ENUMERABLE : 0) | (configurable ? JS_PROP_CONFIGURABLE : 0);
  int ok = JS_DefinePropertyValue(context, target, atom, value, flags);
  JS_FreeAtom(context, atom);
  if (ok < 0) harness_error("defining a property");
}

// runtime.js `value`: a new value for an existing own property (an array's length, a RegExp's lastIndex).
static void set_own_value(JSValueConst target, const char *name, int32_t n) {
  JSAtom atom = JS_NewAtom(context, name);
  int ok = JS_DefineProperty(context, target, atom, JS_NewInt32(context, n), JS_UNDEFINED, JS_UNDEFINED, JS_PROP_HAS_VALUE | JS_PROP_THROW);
  JS_FreeAtom(context, atom);
  if (ok < 0) harness_error(name);
}

// 1. make every object (kinds/*.js `make`).
static JSValue make_object(int32_t id) {
  const Node *node = &program.nodes[id];
  switch (node->kind) {
    case K_OBJECT: case K_MESSAGEPORT: case K_READABLESTREAM: case K_WRITABLESTREAM: case K_TRANSFORMSTREAM: {
      // A port or a stream without a transfer list is an ordinary object (portable/targets/programs.js withoutTransfer).
      if (node->kind != K_OBJECT || node->class_name < 0) return checked(JS_NewObject(context), "object");
      JSValue args[3] = { build_context(), JS_DupValue(context, T.class_names.values[node->class_name]), JS_NewBool(context, node->private_field) };
      return run_op(T.op_object, 3, args, "object");
    }
    case K_ARRAY: {
      if (node->class_name < 0) return checked(JS_NewArray(context), "array");
      JSValue args[1] = { JS_DupValue(context, T.class_names.values[node->class_name]) };
      return run_op(T.op_array, 1, args, "array");
    }
    case K_DATE: {
      JSValue args[1] = { node->time < 0 ? JS_NewFloat64(context, NAN) : JS_DupValue(context, T.date_times.values[node->time]) };
      return run_op(T.op_date, 1, args, "date");
    }
    case K_REGEXP: {
      char flags[16];
      size_t n = 0;
      for (uint32_t i = 0; i < T.regexp_flags.count && n + 1 < sizeof flags; i++) {
        if ((node->flag_bits >> i) & 1) flags[n++] = T.regexp_flags.json[i][1];
      }
      JSValue args[2] = { JS_DupValue(context, T.regexp_sources.values[node->source]), JS_NewStringLen(context, flags, n) };
      return run_op(T.op_regexp, 2, args, "regexp");
    }
    case K_MAP: return run_op(T.op_map, 0, NULL, "map");
    case K_SET: return run_op(T.op_set, 0, NULL, "set");
    case K_ARRAYBUFFER: {
      JSValue bytes = JS_NewArray(context);
      for (int32_t i = 0; i < node->byte_count; i++) JS_SetPropertyUint32(context, bytes, (uint32_t)i, JS_NewInt32(context, node->bytes[i]));
      JSValue args[4] = {
        JS_NewInt32(context, buffer_length(node)),
        node->max_byte_length >= 0 ? JS_NewInt32(context, node->max_byte_length) : JS_UNDEFINED,
        JS_NewBool(context, node->shared), bytes,
      };
      return run_op(T.op_arraybuffer, 4, args, "arraybuffer");
    }
    case K_VIEW: {
      JSValue args[4] = {
        JS_DupValue(context, T.view_types.values[node->type]), JS_DupValue(context, built.objects[node->buffer]),
        JS_NewInt32(context, node->byte_offset), node->view_length >= 0 ? JS_NewInt32(context, node->view_length) : JS_UNDEFINED,
      };
      return run_op(T.op_view, 4, args, "view");
    }
    case K_ERROR: {
      JSValue args[2] = { JS_DupValue(context, T.error_types.values[node->type]), node->stack_untouched ? JS_NewString(context, "untouched") : JS_UNDEFINED };
      return run_op(T.op_error, 2, args, "error");
    }
    case K_BOXED: {
      JSValue args[1] = { make_value(node->boxed) };
      return run_op(T.op_boxed, 1, args, "boxed");
    }
    case K_FUNCTION: {
      JSValue args[1] = { JS_DupValue(context, T.function_styles.values[node->style]) };
      return run_op(T.op_callable, 1, args, "callable");
    }
    case K_PROXY: {
      JSValue args[2] = { build_context(), JS_DupValue(context, built.objects[node->target]) };
      return run_op(T.op_proxy, 2, args, "proxy");
    }
    case K_OPAQUE: {
      JSValue args[2] = { build_context(), JS_DupValue(context, T.opaque_types.values[node->type]) };
      return run_op(T.op_opaque, 2, args, "opaque");
    }
    case K_DOMEXCEPTION: {
      // Absent, the message and name are undefined: the constructor's defaults ("", "Error"), as kinds/domexception.js spells them.
      JSValue args[2] = {
        node->dom_message >= 0 ? JS_DupValue(context, T.strings.values[node->dom_message]) : JS_UNDEFINED,
        node->dom_name >= 0 ? JS_DupValue(context, T.domexception_names.values[node->dom_name]) : JS_UNDEFINED,
      };
      return run_op(T.op_domexception, 2, args, "domexception");
    }
    default: return checked(JS_ThrowTypeError(context, "program-native.c cannot make a %s", KIND_NAMES[node->kind]), "make");
  }
}

// 2. fill an object: prototype, the kind's contents, own properties.
static void fill_object(int32_t id) {
  const Node *node = &program.nodes[id];
  JSValueConst self = built.objects[id];
  if (node->proto_tag == PROTO_NULL || node->proto_tag == PROTO_REF || node->proto_tag == PROTO_INTRINSIC) {
    JSValueConst proto = node->proto_tag == PROTO_NULL ? JS_NULL
        : node->proto_tag == PROTO_REF ? built.objects[node->proto] : T.intrinsic_names.values[node->proto];
    if (JS_SetPrototype(context, self, proto) < 0) harness_error("proto");
  }
  switch (node->kind) {
    case K_ARRAY: {
      for (int32_t i = 0; i < node->items; i++) {
        Value item = program.values[node->first_item + i];
        if (item.tag != V_HOLE) define_data(self, JS_NewInt32(context, i), make_value(item), 1, 1, 1);
      }
      // Trailing holes leave the length at the element count, as in [1, , ].
      if (node->items > 0 && program.values[node->first_item + node->items - 1].tag == V_HOLE) set_own_value(self, "length", node->items);
      if (node->length >= 0) set_own_value(self, "length", node->length);
      break;
    }
    case K_REGEXP: if (node->last_index >= 0) set_own_value(self, "lastIndex", node->last_index); break;
    case K_MAP:
      for (int32_t i = 0; i < node->entries; i++) {
        JSValue args[3] = { JS_DupValue(context, self), make_value(program.values[node->first_entry + 2 * i]), make_value(program.values[node->first_entry + 2 * i + 1]) };
        JS_FreeValue(context, run_op(T.op_map_entry, 3, args, "mapEntry"));
      }
      break;
    case K_SET:
      for (int32_t i = 0; i < node->entries; i++) {
        JSValue args[2] = { JS_DupValue(context, self), make_value(program.values[node->first_entry + i]) };
        JS_FreeValue(context, run_op(T.op_set_value, 2, args, "setValue"));
      }
      break;
    case K_ERROR:
      // As the constructor makes them: writable, non-enumerable, configurable.
      if (node->message_form == 1) define_data(self, JS_NewString(context, "message"), JS_DupValue(context, T.strings.values[node->message_string]), 1, 0, 1);
      if (node->message_form == 2) define_data(self, JS_NewString(context, "message"), make_value(node->message), 1, 0, 1);
      if (node->has_cause) define_data(self, JS_NewString(context, "cause"), make_value(node->cause), 1, 0, 1);
      break;
    default: break;
  }
  for (int32_t i = 0; i < node->props; i++) {
    const Prop *prop = &program.props[node->first_prop + i];
    if (prop->get < 0 && prop->set < 0) {
      define_data(self, make_key(prop->key), make_value(prop->value), !prop->not_writable, !prop->not_enumerable, !prop->not_configurable);
      continue;
    }
    JSValue args[6] = {
      JS_DupValue(context, self), make_key(prop->key),
      prop->get >= 0 ? make_behavior(prop->get, "get", label_of(id), prop->key) : JS_UNDEFINED,
      prop->set >= 0 ? make_behavior(prop->set, "set", label_of(id), prop->key) : JS_UNDEFINED,
      JS_NewBool(context, !prop->not_enumerable), JS_NewBool(context, !prop->not_configurable),
    };
    JS_FreeValue(context, run_op(T.op_accessor, 6, args, "accessor"));
  }
}

// Marks what the root reaches (prune.js, refs.js): every object a reached object refers to.
static void reach_value(Value v);

static void reach(int32_t id) {
  if (built.reached[id]) return;
  built.reached[id] = 1;
  const Node *node = &program.nodes[id];
  if (node->proto_tag == PROTO_REF) reach(node->proto);
  switch (node->kind) {
    case K_ARRAY: for (int32_t i = 0; i < node->items; i++) reach_value(program.values[node->first_item + i]); break;
    case K_MAP: for (int32_t i = 0; i < 2 * node->entries; i++) reach_value(program.values[node->first_entry + i]); break;
    case K_SET: for (int32_t i = 0; i < node->entries; i++) reach_value(program.values[node->first_entry + i]); break;
    case K_ERROR:
      if (node->message_form == 2) reach_value(node->message);
      if (node->has_cause) reach_value(node->cause);
      break;
    case K_VIEW: reach(node->buffer); break;
    case K_PROXY: reach(node->target); break;
    default: break;
  }
  for (int32_t i = 0; i < node->props; i++) {
    const Prop *prop = &program.props[node->first_prop + i];
    if (prop->get < 0 && prop->set < 0) reach_value(prop->value);
    int32_t behaviors[2] = { prop->get, prop->set };
    for (int b = 0; b < 2; b++) {
      if (behaviors[b] < 0) continue;
      const Behavior *behavior = &program.behaviors[behaviors[b]];
      if (behavior->has_returns) reach_value(behavior->returns);
      for (int32_t e = 0; e < behavior->effects; e++) {
        const Effect *effect = &program.effects[behavior->first_effect + e];
        reach(effect->target);
        reach_value(effect->a);
        reach_value(effect->b);
      }
    }
  }
}

static void reach_value(Value v) {
  if (v.tag == V_REF) reach(v.n);
}

// What stage 1 does with the decoded program: build it here, or say why not.
static StageOneOutcome stage_one_outcome(void) {
  // An array QuickJS-ng writes as megabytes (entry.js makesALongArray), checked first as there.
  for (int32_t i = 0; i < program.count; i++) {
    const Node *node = &program.nodes[i];
    if (node->kind != K_ARRAY) continue;
    int64_t longest = node->length > node->items ? node->length : node->items;
    for (int32_t p = 0; p < node->props; p++) {
      const Prop *prop = &program.props[node->first_prop + p];
      if (prop->key.tag == KEY_STRING && T.key_index_ends[prop->key.n] > longest) longest = T.key_index_ends[prop->key.n];
    }
    if (longest > (int64_t)T.dense_write_limit) return STAGE_ONE_LONG;
  }
  // A platform object this host cannot make (QuickJS-ng: Blob, File): `build` refuses the program (schema.js hostProblems).
  // One it can make but this file does not (a Blob elsewhere) is the script's.
  int platform_in_script = 0;
  for (int32_t i = program.count; i < program.node_count; i++) {
    Kind kind = program.nodes[i].kind;
    for (uint32_t k = 0; k < T.platform_tail_kinds.count; k++) {
      if (T.platform_tail_kind[k] != kind) continue;
      if (T.platform_tail_refused[k]) return STAGE_ONE_REFUSED;
      platform_in_script |= kind != K_DOMEXCEPTION;
    }
  }
  // Realm steps are not made here: `apply_realm_steps` has the script's runtime apply them once the value is built.
  return platform_in_script ? STAGE_ONE_SCRIPT : STAGE_ONE_BUILT;
}

static int stage_of(Kind kind) {
  return kind == K_VIEW ? 1 : kind == K_PROXY ? 2 : 0;
}

static void make_proxy_after_target(int32_t id, uint8_t *made) {
  if (made[id]) return;
  int32_t target = program.nodes[id].target;
  if (program.nodes[target].kind == K_PROXY) make_proxy_after_target(target, made);
  made[id] = 1;
  if (built.reached[id]) built.objects[id] = make_object(id);
}

static void mark_reached(void) {
  memset(built.reached, 0, sizeof built.reached);
  reach_value(program.root);
}

// Builds the decoded program (the outcome must be STAGE_ONE_BUILT); free_built() frees what it kept.
static JSValue build_program(void) {
  mark_reached();
  built.cx = JS_UNDEFINED;
  for (int32_t i = 0; i < program.node_count; i++) built.objects[i] = JS_UNDEFINED;
  // 1. make every object: plain ones, then views (their buffers exist), then proxies after their targets.
  for (int stage = 0; stage < 2; stage++) {
    for (int32_t i = 0; i < program.node_count; i++) {
      if (built.reached[i] && stage_of(program.nodes[i].kind) == stage) built.objects[i] = make_object(i);
    }
  }
  uint8_t made[MAX_NODES] = { 0 };
  for (int32_t i = 0; i < program.node_count; i++) if (program.nodes[i].kind == K_PROXY) make_proxy_after_target(i, made);
  // 2. fill them.
  for (int32_t i = 0; i < program.node_count; i++) if (built.reached[i]) fill_object(i);
  // 3. resize and detach buffers.
  for (int32_t i = 0; i < program.node_count; i++) {
    const Node *node = &program.nodes[i];
    if (!built.reached[i] || node->kind != K_ARRAYBUFFER) continue;
    if (node->resize_to >= 0) {
      JSValue args[2] = { JS_DupValue(context, built.objects[i]), JS_NewInt32(context, node->resize_to) };
      JS_FreeValue(context, run_op(node->shared ? T.op_grow : T.op_resize, 2, args, "resize"));
    }
    if (node->detached) {
      JSValue args[1] = { JS_DupValue(context, built.objects[i]) };
      JS_FreeValue(context, run_op(T.op_detach, 1, args, "detach"));
    }
  }
  // 4. integrity levels (a port or a stream made ordinary has none).
  for (int32_t i = 0; i < program.count; i++) {
    const Node *node = &program.nodes[i];
    if (!built.reached[i] || node->integrity < 0) continue;
    JSValue args[2] = { JS_DupValue(context, built.objects[i]), JS_DupValue(context, T.integrity.values[node->integrity]) };
    JS_FreeValue(context, run_op(T.op_integrity, 2, args, "integrity"));
  }
  return make_value(program.root);
}

static int has_realm_steps(void) {
  return program.sender_count > 0 || program.receiver_count > 0;
}

// compile.js `stepStatements`, one step: the runtime's stepDelete, stepData or
// stepAccessor on the intrinsic the step names, recorded in the build
// context for the restore.
static void apply_step(const Step *step) {
  // The intrinsic's name: its JSON without the quotes (INTRINSIC_NAMES need no escapes).
  const char *json = T.intrinsic_names.json[step->on];
  JSValue on = JS_NewStringLen(context, json + 1, strlen(json) - 2);
  JSValue head[4] = { build_context(), JS_DupValue(context, T.realm), JS_DupValue(context, on), make_key(step->key) };
  if (step->tag == S_DELETE) {
    JS_FreeValue(context, run_op(T.op_step_delete, 4, head, "stepDelete"));
    JS_FreeValue(context, on);
    return;
  }
  if (step->tag == S_GET || step->tag == S_SET) {
    JSValue behavior = make_behavior(step->behavior, step->tag == S_GET ? "get" : "set", JS_DupValue(context, on), step->key);
    JSValue args[8] = { head[0], head[1], head[2], head[3], step->tag == S_GET ? behavior : JS_UNDEFINED,
                        step->tag == S_SET ? behavior : JS_UNDEFINED, JS_NewBool(context, !step->not_enumerable), JS_TRUE };
    JS_FreeValue(context, run_op(T.op_step_accessor, 8, args, "stepAccessor"));
    JS_FreeValue(context, on);
    return;
  }
  JSValue value = step->tag == S_METHOD ? make_behavior(step->behavior, "call", JS_DupValue(context, on), step->key) : make_value(step->value);
  JSValue args[8] = { head[0], head[1], head[2], head[3], value, JS_TRUE, JS_NewBool(context, !step->not_enumerable), JS_TRUE };
  JS_FreeValue(context, run_op(T.op_step_data, 8, args, "stepData"));
  JS_FreeValue(context, on);
}

// The decoded program's realm steps applied as its build applies them, after
// its value (compile.js steps 5 and 6): the sender's, then the receiver's,
// on the intrinsics resolved when the harness started (`realm`: a program
// resolves every name before its first step). Returns what undoes them
// (runtime.js `restorer`), or undefined for a program without steps.
// Not counted as pollution (build.js `counted`): that holds back the host
// tasks the reference borrows, and stage 1 runs no reference.
static JSValue apply_realm_steps(void) {
  if (!has_realm_steps()) return JS_UNDEFINED;
  for (int32_t i = 0; i < program.sender_count; i++) apply_step(&program.sender[i]);
  for (int32_t i = 0; i < program.receiver_count; i++) apply_step(&program.receiver[i]);
  JSValue cx = build_context();
  return run_op(T.op_restorer, 1, &cx, "restorer");
}

// Undoes what apply_realm_steps applied, and frees its restore.
static void restore_realm_steps(JSValue restore) {
  if (JS_IsUndefined(restore)) return;
  JS_FreeValue(context, run_op(restore, 0, NULL, "restore"));
  JS_FreeValue(context, restore);
}

static void free_built(void) {
  for (int32_t i = 0; i < program.node_count; i++) JS_FreeValue(context, built.objects[i]);
  JS_FreeValue(context, built.cx);
  built.cx = JS_UNDEFINED;
}

// Whether the value reaches a SharedArrayBuffer (its message holds the address: the check compares no bytes).
static int reaches_shared(void) {
  mark_reached();
  for (int32_t i = 0; i < program.count; i++) if (built.reached[i] && program.nodes[i].kind == K_ARRAYBUFFER && program.nodes[i].shared) return 1;
  return 0;
}
