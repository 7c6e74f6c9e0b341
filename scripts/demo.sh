#!/usr/bin/env bash
# The main job on the embedded default policy: builds the component from source, then runs every
# example of examples/demo/ through it and shows the verdict. The examples go through the Python
# host (wasmtime's prebuilt wheel), so a first run compiles only the engine for wasm32, not
# wasmtime; scripts/test.sh builds the egress-guard CLI, which loads the same .wasm.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
scripts/build-wasm.sh >/dev/null
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -c 'import egress_guard, wasmtime, yaml' 2>/dev/null || .venv/bin/python -m pip install -q -e host-python
# The embedded default policy, whatever this machine's ~/.hermes holds, and nothing written to
# the user's home: the compiled-component cache stays in target/.
unset EGRESS_GUARD_POLICY HERMES_HOME
export HOME="$root/target/demo-home" EGRESS_GUARD_CACHE_DIR="$root/target/egress-guard-cache"
mkdir -p "$HOME"
exec .venv/bin/python scripts/demo.py
