#!/usr/bin/env bash
# Everything a fresh machine needs: the wasm target, the component, and a Python venv (.venv)
# with the Python host installed. Idempotent; safe to run again.
#
# `--installs` does only what waits on the network and the disk rather than the cores (Chromium,
# the venv and its pip installs, Java, Hermes Agent): scripts/test.sh runs it beside the builds.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

toolchain() {
  # The lints the test command runs (part of rustup's default profile; added where a minimal one was used).
  rustup component list --installed 2>/dev/null | grep -q '^clippy' || rustup component add clippy
  rustup component list --installed 2>/dev/null | grep -q '^rustfmt' || rustup component add rustfmt
  # The component's target (scripts/build-wasm.sh adds it too, for when it runs alone).
  rustup target list --installed 2>/dev/null | grep -qx wasm32-wasip2 || rustup target add wasm32-wasip2
}

installs() {
  # Headless Chromium for the vet report test (host-rust/tests/vet.rs opens the HTML in it).
  command -v chromium >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium)
  if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
  fi
  .venv/bin/python -m pip install -q --upgrade pip
  .venv/bin/python -m pip install -q -e "host-python[test,spark]"
  # Java for the Spark tests (host-python/tests/spark): Debian's headless JRE, only where there is none.
  command -v java >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless)
  # Real Hermes Agent for the plugin's end-to-end tests (host-python/tests/e2e); skipped when present.
  .venv/bin/python -c 'import importlib.metadata as m; assert m.version("hermes-agent") == "0.19.0"' 2>/dev/null \
    || .venv/bin/python -m pip install -q "hermes-agent==0.19.0"
}

case "${1:-}" in
  --toolchain) toolchain ;;
  --installs) installs ;;
  "")
    toolchain
    scripts/build-wasm.sh
    installs
    ;;
  *)
    echo "usage: scripts/setup.sh [--toolchain | --installs]" >&2
    exit 2
    ;;
esac
