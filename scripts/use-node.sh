# Put a Node of the line asked for first on PATH, for this shell: `source scripts/use-node.sh 24` (or 22).
# The suite runs on exactly the lines package.json's engines names. A machine whose own Node is of another line
# (Node 20 is past its end of life) gets the official binary from the npm registry's node-<os>-<arch> package, the
# same bytes as nodejs.org's tarball, cached under ~/.cache/unimock/node; the system npm then runs under it.
# Sourced, so it only sets PATH; run as a script it prints the bin folder instead.

__unimock_node_line () {
  local line="${1:-24}" version
  case "$line" in
    22) version=22.23.3 ;;
    24) version=24.21.0 ;;
    *) echo "use-node: Node $line is not a line unimock runs on (22 or 24)" >&2; return 1 ;;
  esac
  if command -v node >/dev/null && [ "$(node -p 'process.versions.node' 2>/dev/null)" = "$version" ]; then
    dirname "$(command -v node)"; return 0
  fi
  local os arch
  os=$(uname -s | tr '[:upper:]' '[:lower:]')
  case "$(uname -m)" in x86_64) arch=x64 ;; aarch64|arm64) arch=arm64 ;; *) arch=$(uname -m) ;; esac
  local cache="${UNIMOCK_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/unimock/node}/$version"
  if [ ! -x "$cache/package/bin/node" ]; then
    mkdir -p "$cache" || return 1
    # npm pack only downloads the package's tarball: no install script runs.
    (cd "$cache" && npm pack --silent "node-$os-$arch@$version" >/dev/null && tar xzf "node-$os-$arch-$version.tgz" \
      && rm "node-$os-$arch-$version.tgz") || { echo "use-node: could not fetch node-$os-$arch@$version" >&2; return 1; }
  fi
  echo "$cache/package/bin"
}

if (return 0 2>/dev/null); then
  __unimock_node_bin=$(__unimock_node_line "$@") && export PATH="$__unimock_node_bin:$PATH" \
    && echo "node $(node --version) from $__unimock_node_bin" >&2
  unset __unimock_node_bin
else
  __unimock_node_line "$@"
fi
