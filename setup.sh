#!/usr/bin/env bash
# Sets up everything clonecheck drives, on Debian 12 as root (non-interactive):
# the browsers from Debian's packages (chromium, firefox-esr,
# webkit2gtk-driver, xvfb: about 1.4 GB, 85-100 s on a fresh machine;
# skipped when they are there), the native fuzzing toolchain (clang with
# libFuzzer and the sanitizers' runtimes, AFL++, lld for afl-clang-lto, zip
# for the OSS-Fuzz seed corpus: docs/native.md), the npm dependencies exactly as
# package-lock.json pins them, the pinned runtimes (Node 22/24/26, Bun,
# Deno: about 800 MB from the npm registry, once per machine, into
# $CLONECHECK_CACHE/runtimes, default ~/.cache/clonecheck/runtimes), and
# every build of QuickJS-ng (its agent; the native harness for libFuzzer and
# AFL++, plain and sanitized, and its replay and coverage builds: minutes of
# CPU on a fresh machine, then cached in $CLONECHECK_CACHE/native), so that
# no test and no first `fuzz --engine` compiles it.
# Safe to run again. The README's first command and .ci/run both start here.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")"

# Installs the Debian packages named, unless every one is installed already.
apt_install() {
  local what=$1; shift
  if [ "$(dpkg-query -W -f '${Status}\n' "$@" 2>/dev/null | grep -c '^install ok installed$')" -eq "$#" ]; then
    echo "$what: already installed"
    return
  fi
  local started=$SECONDS
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@"
  echo "$what: installed in $((SECONDS - started)) s"
}

echo "node $(node --version), npm $(npm --version)"
# The browsers harness/browsers/browsers.js drives.
apt_install browsers chromium firefox-esr webkit2gtk-driver xvfb
apt_install "native toolchain" clang libfuzzer-14-dev libclang-rt-14-dev afl++ lld-14 zip
npm ci --no-audit --no-fund
started=$SECONDS
node harness/cli.js install-runtimes --native
echo "runtimes and native builds: ready in $((SECONDS - started)) s"
