#!/usr/bin/env bash
# Build the component (one .wasm for every host) and copy it where the hosts look for it.
# Paths are remapped so the bytes -- and so the SHA-256 -- do not depend on where the checkout is.
# The guest is then pre-initialised (preinit/: its start-up work done once, kept in its memory),
# a deterministic step, so the published bytes stay reproducible.
#
# `--guest-only` compiles the guest and stops before pre-initialising it: scripts/test.sh runs that
# beside the native build (other build folders, so neither cargo waits for the other's lock; the
# guest's optimisation runs on one core, the native build fills the other), then this script
# again, which finds the guest built and only pre-initialises it.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
rustup target list --installed 2>/dev/null | grep -qx wasm32-wasip2 || rustup target add wasm32-wasip2
cargo_home="${CARGO_HOME:-$HOME/.cargo}"
# simd128 (WebAssembly SIMD, in every host's runtime by default: wasmtime, V8): `memchr` and so
# `regex`, `aho-corasick` and `memmem` search 16 bytes per step, and fuel counts instructions.
# With --target, RUSTFLAGS reach the guest's crates only, not build scripts or the host tools.
RUSTFLAGS="-C target-feature=+simd128 --remap-path-prefix=$root=/egress-guard --remap-path-prefix=$cargo_home=/cargo ${RUSTFLAGS:-}" \
  cargo build --profile wasm --locked --target wasm32-wasip2 -p egress-guard-guest
[ "${1:-}" = --guest-only ] && exit 0
# The build step that pre-initialises the guest. scripts/test.sh has built it already, with every
# other native target in one feature resolution, and passes it as EG_PREINIT: a build of this
# package alone resolves its dependencies' features differently, so wasmtime would be compiled twice.
preinit="${EG_PREINIT:-}"
if [ -z "$preinit" ]; then
  cargo build --release --locked -p egress-guard-preinit
  preinit="$root/target/release/egress-guard-preinit"
fi
mkdir -p "$root/dist"
"$preinit" "$root/target/wasm32-wasip2/wasm/egress_guard_guest.wasm" "$root/dist/egress_guard.wasm"
cp "$root/dist/egress_guard.wasm" "$root/host-python/src/egress_guard/egress_guard.wasm"
sha256sum "$root/dist/egress_guard.wasm"
