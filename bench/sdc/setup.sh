#!/usr/bin/env bash
# The evaluation's own venv (scipy for the independent audit, wasmtime for the component).
set -euo pipefail
venv="${SC_VENV:-$(cd "$(dirname "$0")/../.." && pwd)/target/sc-venv}"
python3 -m venv "$venv"
"$venv/bin/pip" install -q scipy numpy "wasmtime==50.0.1" pyyaml
echo "$venv/bin/python"
