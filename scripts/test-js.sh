#!/usr/bin/env bash
# The Node host (host-js/): installs its pinned dev tools (jco, TypeScript) from package-lock.json,
# transpiles the component with jco, and runs `node --test` (conformance vectors included).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
command -v node >/dev/null || { echo "test-js: Node.js 20 or newer is required" >&2; exit 1; }
scripts/build-wasm.sh >/dev/null
cd host-js
# `npm ci` wipes node_modules; skip it when the installed tree came from this very lock file.
lock_sha="$(sha256sum package-lock.json | cut -d' ' -f1)"
if [ "$(cat node_modules/.egress-guard-lock 2>/dev/null)" != "$lock_sha" ]; then
  npm ci --prefer-offline --no-audit --no-fund
  echo "$lock_sha" > node_modules/.egress-guard-lock
fi
npm run --silent build
npm test
