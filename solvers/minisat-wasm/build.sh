#!/usr/bin/env bash
# Builds MiniSat 2.2 to WebAssembly: build/minisat.js (CommonJS factory) and
# build/minisat.wasm. The sources come from Debian's `minisat2` source package,
# unpacked with dpkg-source so that Debian's patches are applied. Idempotent:
# installs only what is missing, fetches the source once, and recompiles only
# when an input is newer than the output. Run as root on Debian 12.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
build="$here/build"
src="$build/minisat2"
out_js="$build/minisat.js"
out_wasm="$build/minisat.wasm"
deb_src_prefix=/etc/apt/sources.list.d/puzzlesat-deb-src

log() { printf 'build:minisat-wasm: %s\n' "$*"; }

apt_updated=0
apt_update_once() {
  if [ "$apt_updated" = 0 ]; then
    apt-get update -qq
    apt_updated=1
  fi
}

is_installed() {
  dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'
}

install_tools() {
  local missing=()
  for pkg in emscripten dpkg-dev node-acorn; do
    is_installed "$pkg" || missing+=("$pkg")
  done
  if [ "${#missing[@]}" -gt 0 ]; then
    log "installing ${missing[*]}"
    apt_update_once
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
  fi
}

release_suite_pattern() {
  local codename
  codename="$(. /etc/os-release && echo "$VERSION_CODENAME")"
  echo "^${codename}(-updates|-security)?\$"
}

# Prints deb-src twins of the machine's deb822 entries (*.sources) that have
# `Types: deb` and a suite of this release; disabled stanzas and comments are
# left out.
derive_deb822_entries() {
  local f
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -e "$f" ] && [ "$f" != "$deb_src_prefix.sources" ] || continue
    awk -v suite_pattern="$(release_suite_pattern)" '
      function flush() {
        if (n > 0 && is_deb && on_release && enabled) {
          for (i = 1; i <= n; i++) print lines[i]
          print ""
        }
        n = 0; is_deb = 0; on_release = 0; enabled = 1
      }
      BEGIN { flush() }
      /^[ \t]*#/ { next }
      /^[ \t]*$/ { flush(); next }
      {
        line = $0
        key = tolower($1)
        if (key == "types:") {
          for (i = 2; i <= NF; i++) if ($i == "deb") is_deb = 1
          line = "Types: deb-src"
        } else if (key == "suites:") {
          for (i = 2; i <= NF; i++) if ($i ~ suite_pattern) on_release = 1
        } else if (key == "enabled:" && tolower($2) == "no") {
          enabled = 0
        }
        lines[++n] = line
      }
      END { flush() }
    ' "$f"
  done
}

# Prints deb-src twins of the machine's one-line `deb` entries (sources.list,
# *.list) whose suite is of this release.
derive_one_line_entries() {
  local f
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -e "$f" ] && [ "$f" != "$deb_src_prefix.list" ] || continue
    awk -v suite_pattern="$(release_suite_pattern)" '
      $1 != "deb" { next }
      {
        rest = $0
        sub(/^[ \t]*deb[ \t]+/, "", rest)
        words = rest
        sub(/^\[[^]]*\][ \t]*/, "", words)
        split(words, w, /[ \t]+/)
        if (w[2] ~ suite_pattern) print "deb-src " rest
      }
    ' "$f"
  done
}

has_deb_src() {
  grep -qsE '^[[:space:]]*(deb-src[[:space:]]|Types:.*deb-src)' \
    /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources
}

write_if_any() {
  local file="$1" entries="$2"
  if [ -n "$entries" ]; then
    log "adding deb-src entries in $file"
    printf '%s\n' "$entries" > "$file"
  fi
}

ensure_deb_src() {
  if has_deb_src; then return; fi
  local deb822 one_line
  deb822="$(derive_deb822_entries)"
  one_line="$(derive_one_line_entries)"
  if [ -z "$deb822$one_line" ]; then
    echo "build:minisat-wasm: found no Debian 'deb' entry in /etc/apt to derive a deb-src entry from" >&2
    exit 1
  fi
  write_if_any "$deb_src_prefix.sources" "$deb822"
  write_if_any "$deb_src_prefix.list" "$one_line"
  apt_updated=0
}

fetch_source() {
  if [ -f "$src/minisat/core/Solver.cc" ]; then return; fi
  ensure_deb_src
  apt_update_once
  local download="$build/download"
  rm -rf "$download" "$src"
  mkdir -p "$download"
  log "fetching Debian source package minisat2"
  # As root apt cannot drop privileges into a directory its _apt user cannot
  # write, so the download itself runs unsandboxed.
  (cd "$download" && apt-get source --download-only -qq -o APT::Sandbox::User=root minisat2)
  dpkg-source --no-copy -x "$download"/minisat2_*.dsc "$src"
}

newest_input_is_newer_than_output() {
  local output
  for output in "$out_js" "$out_wasm" "$build/package.json" "$build/version.txt"; do
    [ -f "$output" ] || return 0
  done
  [ -n "$(find "$here/glue.cc" "$here/zlib-stub" "$here/build.sh" "$src/minisat" -newer "$out_wasm" -print -quit)" ]
}

compile() {
  if ! newest_input_is_newer_than_output; then
    log "up to date: $out_wasm"
    return
  fi
  log "compiling with em++"
  local exported='["_ms_new","_ms_delete","_ms_ensure_vars","_ms_num_vars","_ms_add_clause","_ms_solve","_ms_read_model","_ms_stat","_ms_set_polarity","_ms_set_learnt_fraction","_ms_set_branching","_ms_add_branch_clause","_ms_set_projection","_ms_enum_begin","_ms_enum_next","_ms_enum_end","_malloc","_free"]'
  # The JS optimizer that emscripten runs needs Debian's acorn.
  NODE_PATH=/usr/share/nodejs em++ \
    -std=c++11 -O3 -DNDEBUG -Wno-reserved-user-defined-literal -Wno-dangling-else \
    -I "$here/zlib-stub" -I "$src" \
    "$src/minisat/core/Solver.cc" "$here/glue.cc" \
    -s ALLOW_MEMORY_GROWTH=1 \
    -s MAXIMUM_MEMORY=2GB \
    -s MODULARIZE=1 -s EXPORT_NAME=createMinisatModule \
    -s ENVIRONMENT=node,web,worker \
    -s FILESYSTEM=0 \
    -s NODEJS_CATCH_EXIT=0 -s NODEJS_CATCH_REJECTION=0 \
    -s EXPORTED_FUNCTIONS="$exported" \
    -s EXPORTED_RUNTIME_METHODS='["HEAP32","HEAP8"]' \
    -o "$out_js"
  # The project is an ES module package; this marks the generated loader as
  # the CommonJS it is, so that require() accepts it.
  printf '{ "type": "commonjs" }\n' > "$build/package.json"
  dpkg-parsechangelog -l "$src/debian/changelog" -S Version > "$build/version.txt"
  log "built $out_wasm ($(stat -c %s "$out_wasm") bytes)"
}

mkdir -p "$build"
install_tools
fetch_source
compile
