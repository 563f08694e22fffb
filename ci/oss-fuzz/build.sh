#!/bin/bash -eu
# OSS-Fuzz / ClusterFuzzLite build: clonecheck's QuickJS-ng harness
# (portable/hosts/quickjs/harness.c) with the compiler, flags and fuzzing engine
# the infrastructure gives ($CC, $CFLAGS, $LIB_FUZZING_ENGINE, $OUT).
# harness/native/build.js fetches QuickJS-ng's pinned sources from
# crates.io (sha256 checked), bundles clonecheck's script, compiles and
# links; the seed corpus is corpus/native/ (the program corpus, encoded).
# Run from the clonecheck checkout ($SRC/clonecheck in the image).

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
# The build's cache (the sources, the engine's objects) stays inside $WORK
# unless CLONECHECK_CACHE says where it is.
export CLONECHECK_CACHE="${CLONECHECK_CACHE:-${WORK:-${OUT}}/clonecheck-cache}"
node harness/native/build.js --cc="$CC" --cflags="$CFLAGS" --link="$LIB_FUZZING_ENGINE" --out="$OUT/clonecheck_quickjs"
(cd corpus/native && zip -q -r "$OUT/clonecheck_quickjs_seed_corpus.zip" .)
