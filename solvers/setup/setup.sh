#!/usr/bin/env bash
# npm run setup: everything the fast path needs beyond `npm install`, and a
# clean fallback where it cannot be had. Compiles the TypeScript (that must
# work), then, as root on Debian with apt, installs the Debian packages the
# tests drive and builds the WebAssembly MiniSat and CaDiCaL from Debian's
# sources (solvers/*-wasm/build.sh). Without root, apt, emscripten or a
# network, each missing piece is one line saying what is left out; the run
# still succeeds, `npm start` uses the next engine that is there, and the
# tests that need a missing piece are skipped (test/helpers/requires.ts).
# PUZZLESAT_NO_BUILD=1 skips the Debian packages and the builds on purpose.
set -uo pipefail
cd "$(dirname "$0")/../.."

say() { printf 'setup: %s\n' "$*"; }

# External solvers (test/external-*.test.ts, cli, proof), Chromium (the
# playground test), redis-server (the distributed tests).
DEBIAN_PACKAGES=(minisat cadical cryptominisat picosat clasp chromium redis-server)
LOG_DIR=build-logs

npx --no-install tsc -p tsconfig.json || {
  say "the TypeScript does not compile (see above)"
  exit 1
}

why_no_apt() {
  if [ -n "${PUZZLESAT_NO_BUILD:-}" ]; then echo "PUZZLESAT_NO_BUILD is set"; return; fi
  if [ "$(id -u)" != 0 ]; then echo "not root"; return; fi
  if ! command -v apt-get >/dev/null || ! command -v dpkg-query >/dev/null; then echo "no apt-get (not Debian)"; return; fi
}

missing_packages() {
  local pkg
  for pkg in "${DEBIAN_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || printf '%s ' "$pkg"
  done
}

mkdir -p "$LOG_DIR"
no_apt="$(why_no_apt)"
if [ -n "$no_apt" ]; then
  say "Debian packages (${DEBIAN_PACKAGES[*]}) not installed: $no_apt; the tests that need them are skipped"
else
  missing="$(missing_packages)"
  if [ -z "$missing" ]; then
    say "Debian packages: all there (${DEBIAN_PACKAGES[*]})"
  elif { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing; } >"$LOG_DIR/apt.log" 2>&1; then
    say "Debian packages: installed $missing"
  else
    say "Debian packages $missing could not be installed ($LOG_DIR/apt.log: $(tail -n 1 "$LOG_DIR/apt.log")); the tests that need them are skipped"
  fi
fi

# build ENGINE: runs solvers/ENGINE/build.sh (idempotent), its output in a log.
build() {
  local engine="$1"
  if [ -n "$no_apt" ] && [ ! -f "solvers/$engine/build/${engine%-wasm}.wasm" ]; then
    say "$engine not built: $no_apt"
    return
  fi
  if bash "solvers/$engine/build.sh" >"$LOG_DIR/$engine.log" 2>&1; then
    say "$engine: $(tail -n 1 "$LOG_DIR/$engine.log")"
  else
    say "$engine could not be built ($LOG_DIR/$engine.log: $(tail -n 1 "$LOG_DIR/$engine.log"))"
  fi
}
build minisat-wasm
build cadical-wasm

# Which engine `npm start` (an enumeration) and a single solve use now, and why not a faster one.
node solvers/setup/engines.js
