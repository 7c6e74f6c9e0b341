#!/usr/bin/env bash
# The whole test suite: native engine, Rust host + CLI through the component, Python host
# through the component. Installs what it needs (see scripts/setup.sh).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
scripts/setup.sh
cargo test --release --locked --workspace
.venv/bin/python -m pytest -q host-python/tests
# Real Claude Code and Codex CLIs with `egress-guard hook` (npm, pinned; see tests/clients/).
scripts/install-clients.sh
.venv/bin/python -m pytest -q tests/clients
