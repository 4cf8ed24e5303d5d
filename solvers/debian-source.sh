# Shared by the solvers/*-wasm/build.sh scripts (sourced, not run): install
# missing Debian tools and fetch a Debian source package with its patches
# applied. The caller sets `here` (its own folder) before sourcing and calls
# wasm_build_paths first. Run as root on Debian 12.

# wasm_build_paths ENGINE: the paths every engine's build shares, from its
# name: build (the output folder, $here/build), out_js and out_wasm (the
# loader and the module, build/ENGINE.js and build/ENGINE.wasm) and
# build_name (the npm script, for messages: build:ENGINE-wasm).
wasm_build_paths() {
  build="$here/build"
  out_js="$build/$1.js"
  out_wasm="$build/$1.wasm"
  build_name="build:$1-wasm"
}

deb_src_prefix=/etc/apt/sources.list.d/puzzlesat-deb-src

log() { printf '%s: %s\n' "$build_name" "$*"; }

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

# install_packages PKG...: installs those of the packages that are missing.
install_packages() {
  local missing=() pkg
  for pkg in "$@"; do
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
    echo "$build_name: found no Debian 'deb' entry in /etc/apt to derive a deb-src entry from" >&2
    exit 1
  fi
  write_if_any "$deb_src_prefix.sources" "$deb822"
  write_if_any "$deb_src_prefix.list" "$one_line"
  apt_updated=0
}

# fetch_debian_source PACKAGE DEST: unpacks the Debian source package into
# DEST (dpkg-source applies Debian's patches). Callers skip it when DEST
# already holds the sources.
fetch_debian_source() {
  local package="$1" dest="$2" download
  download="$(dirname "$dest")/download"
  ensure_deb_src
  apt_update_once
  rm -rf "$download" "$dest"
  mkdir -p "$download"
  log "fetching Debian source package $package"
  # As root apt cannot drop privileges into a directory its _apt user cannot
  # write, so the download itself runs unsandboxed.
  (cd "$download" && apt-get source --download-only -qq -o APT::Sandbox::User=root "$package")
  dpkg-source --no-copy -x "$download/${package}"_*.dsc "$dest"
}

# outputs_missing: whether any of the build's outputs (the loader, the .wasm,
# its CommonJS marker and the Debian version) is missing. The caller sets
# out_js, out_wasm and build.
outputs_missing() {
  local output
  for output in "$out_js" "$out_wasm" "$build/package.json" "$build/version.txt"; do
    [ -f "$output" ] || return 0
  done
  return 1
}

# emscripten_module EXPORT_NAME EXPORTED_FUNCTIONS RUNTIME_METHODS EM++ARGS...:
# links the engine into $out_js and $out_wasm as a MODULARIZE factory with
# the settings every engine here shares (a heap that grows to 2 GiB, Node,
# browser and worker builds, no exit or rejection handlers of its own), then
# records what it is: a CommonJS marker (the project is an ES module package,
# so require() needs it) and the Debian package version of $src.
emscripten_module() {
  local export_name="$1" exported="$2" runtime="$3"
  shift 3
  # The JS optimizer that emscripten runs needs Debian's acorn.
  NODE_PATH=/usr/share/nodejs em++ "$@" \
    -s ALLOW_MEMORY_GROWTH=1 \
    -s MAXIMUM_MEMORY=2GB \
    -s MODULARIZE=1 -s EXPORT_NAME="$export_name" \
    -s ENVIRONMENT=node,web,worker \
    -s NODEJS_CATCH_EXIT=0 -s NODEJS_CATCH_REJECTION=0 \
    -s EXPORTED_FUNCTIONS="$exported" \
    -s EXPORTED_RUNTIME_METHODS="$runtime" \
    -o "$out_js"
  printf '{ "type": "commonjs" }\n' > "$build/package.json"
  dpkg-parsechangelog -l "$src/debian/changelog" -S Version > "$build/version.txt"
  log "built $out_wasm ($(stat -c %s "$out_wasm") bytes)"
}
