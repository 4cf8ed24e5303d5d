#!/usr/bin/env bash
# Builds MiniSat 2.2 to WebAssembly: build/minisat.js (CommonJS factory) and
# build/minisat.wasm. The sources come from Debian's `minisat2` source package,
# unpacked with dpkg-source so that Debian's patches are applied. Idempotent:
# installs only what is missing, fetches the source once, and recompiles only
# when an input is newer than the output. Run as root on Debian 12.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../debian-source.sh
. "$here/../debian-source.sh"
wasm_build_paths minisat
src="$build/minisat2"

install_tools() { install_packages emscripten dpkg-dev node-acorn; }

fetch_source() {
  if [ -f "$src/minisat/core/Solver.cc" ]; then return; fi
  fetch_debian_source minisat2 "$src"
}

newest_input_is_newer_than_output() {
  outputs_missing && return 0
  [ -n "$(find "$here/glue.cc" "$here/zlib-stub" "$here/build.sh" "$here/../debian-source.sh" "$src/minisat" -newer "$out_wasm" -print -quit)" ]
}

compile() {
  if ! newest_input_is_newer_than_output; then
    log "up to date: $out_wasm"
    return
  fi
  log "compiling with em++"
  local exported='["_ms_new","_ms_delete","_ms_ensure_vars","_ms_num_vars","_ms_add_clause","_ms_solve","_ms_read_model","_ms_read_failed","_ms_stat","_ms_set_polarity","_ms_set_learnt_fraction","_ms_set_conflict_learning","_ms_set_branching","_ms_add_branch_clause","_ms_add_exactly_one","_ms_set_projection","_ms_enum_begin","_ms_enum_next","_ms_enum_end","_malloc","_free"]'
  emscripten_module createMinisatModule "$exported" '["HEAP32","HEAP8"]' \
    -std=c++11 -O3 -DNDEBUG -Wno-reserved-user-defined-literal -Wno-dangling-else \
    -I "$here/zlib-stub" -I "$src" \
    "$src/minisat/core/Solver.cc" "$here/glue.cc" \
    -s FILESYSTEM=0
}

mkdir -p "$build"
install_tools
fetch_source
compile
