#!/usr/bin/env bash
# Builds CaDiCaL to WebAssembly: build/cadical.js (CommonJS factory) and
# build/cadical.wasm, with glue.cc as its C interface. The sources come from
# Debian's `cadical` source package, unpacked with dpkg-source so that
# Debian's patches are applied. Idempotent: installs only what is missing,
# fetches the source once, recompiles only the objects whose inputs changed
# and links only when an object is newer than the output. Run as root on
# Debian 12.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../debian-source.sh
. "$here/../debian-source.sh"
wasm_build_paths cadical
src="$build/cadical"
obj="$build/obj"

# Release build as Debian's (-O3 -DNDEBUG); NBUILD because there is no
# configure step to generate build.hpp, QUIET and NTRACING because nothing
# here prints CaDiCaL's messages or traces its API calls.
cxxflags=(-std=c++11 -O3 -DNDEBUG -DNBUILD -DQUIET -DNTRACING -Wno-unused-command-line-argument)

require_toolchain() {
  if command -v em++ >/dev/null; then return; fi
  # apt's own output goes to a log, so that a failure ends in the one line below.
  install_packages emscripten dpkg-dev node-acorn >"$build/install.log" 2>&1 || true
  if ! command -v em++ >/dev/null; then
    echo "$build_name: no emscripten (em++) and it could not be installed; cadical-wasm stays unavailable, the other in-process solvers still work" >&2
    exit 1
  fi
}

fetch_source() {
  if [ -f "$src/src/solver.cpp" ]; then return; fi
  fetch_debian_source cadical "$src"
}

# The library sources: everything but the two command-line programs.
library_sources() {
  find "$src/src" -maxdepth 1 -name '*.cpp' ! -name cadical.cpp ! -name mobical.cpp | sort
}

# An object is stale when it is missing or older than its source, any
# header, or this script (which holds the flags).
stale_sources() {
  local cpp o newest_header
  newest_header="$(ls -t "$src"/src/*.hpp "$here/build.sh" | head -n 1)"
  while read -r cpp; do
    o="$obj/$(basename "${cpp%.cpp}").o"
    if [ ! -f "$o" ] || [ "$cpp" -nt "$o" ] || [ "$newest_header" -nt "$o" ]; then echo "$cpp"; fi
  done < <(library_sources)
}

compile_objects() {
  mkdir -p "$obj"
  local stale
  stale="$(stale_sources)"
  [ -n "$stale" ] || return 0
  log "compiling $(wc -l <<<"$stale") CaDiCaL sources with em++"
  # Two jobs: the machines this runs on have two cores.
  NODE_PATH=/usr/share/nodejs xargs -P 2 -I{} sh -c 'cpp="$0" dir="$1"; shift; em++ "$@" -c "$cpp" -o "$dir/$(basename "$cpp" .cpp).o"' \
    {} "$obj" "${cxxflags[@]}" -I "$src/src" <<<"$stale"
}

needs_link() {
  outputs_missing && return 0
  [ -n "$(find "$obj" "$here/glue.cc" "$here/build.sh" "$here/../debian-source.sh" -newer "$out_wasm" -print -quit)" ]
}

link() {
  if ! needs_link; then
    log "up to date: $out_wasm"
    return
  fi
  log "linking with em++"
  local exported='["_cd_new","_cd_delete","_cd_trace_proof","_cd_flush_proof","_cd_set_option","_cd_reserve","_cd_num_vars","_cd_add_clause","_cd_solve","_cd_read_model","_cd_read_failed","_cd_set_phase","_cd_stat","_malloc","_free"]'
  # The file system stays in (MEMFS only): CaDiCaL writes DRAT proofs to a FILE*.
  emscripten_module createCadicalModule "$exported" '["HEAP32","HEAP8","HEAPU8","FS","stringToUTF8","lengthBytesUTF8"]' \
    "${cxxflags[@]}" -I "$src/src" "$here/glue.cc" "$obj"/*.o
}

mkdir -p "$build"
require_toolchain
fetch_source
compile_objects
link
