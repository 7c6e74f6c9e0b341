#!/usr/bin/env bash
# The Node host alone: builds the component, sets up host-js (scripts/setup-js.sh) and runs its
# `node --test` suite, conformance vectors included. scripts/test.sh runs the same suite.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
scripts/build-wasm.sh >/dev/null
scripts/setup-js.sh
cd host-js
# node directly, not `npm test`: npm would ask the registry for its own updates.
node --test test/*.test.js
