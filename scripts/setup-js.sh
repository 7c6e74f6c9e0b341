#!/usr/bin/env bash
# What the Node host (host-js/) needs: its pinned dev tools from package-lock.json (the jco
# transpiler, TypeScript) and the component transpiled into host-js/gen/. Idempotent.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
command -v node >/dev/null || { echo "setup-js: Node.js 20 or newer is required" >&2; exit 1; }
[ -f dist/egress_guard.wasm ] || scripts/build-wasm.sh
cd host-js
# `npm ci` wipes node_modules; skip it when the installed tree came from this very lock file.
lock_sha="$(sha256sum package-lock.json | cut -d' ' -f1)"
if [ "$(cat node_modules/.egress-guard-lock 2>/dev/null)" != "$lock_sha" ]; then
  npm ci --prefer-offline --no-audit --no-fund
  echo "$lock_sha" > node_modules/.egress-guard-lock
fi
npm run --silent build
