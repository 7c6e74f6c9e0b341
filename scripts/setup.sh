#!/usr/bin/env bash
# Everything a fresh machine needs: the wasm target, the component, and a Python venv (.venv)
# with the Python host installed. Idempotent; safe to run again.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
scripts/build-wasm.sh
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e "host-python[test]"
