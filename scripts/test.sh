#!/usr/bin/env bash
# The whole test suite: native engine, Rust host + CLI through the component, Python host
# and Node host through the component, and the Python lint. Installs what it needs (see
# scripts/setup.sh, scripts/setup-js.sh, scripts/install-clients.sh).
#
# Nothing in the repository may read outside the clone, however the path is built. So when the
# clone's folder has siblings (CI keeps a data folder beside the clone), the suites run in a
# private mount namespace where every sibling is covered by an empty read-only tmpfs (a file by
# /dev/null). File permissions cannot do this: CI runs as root, and root reads through them. A
# mount namespace holds for root too, and only this process tree sees it. Siblings that hold
# what the suites run with (the cargo target folder, the toolchains, the venv's Python) stay
# visible, and are named. Without mount namespaces (`unshare -m`, then `unshare -rm` as an
# unprivileged user namespace) the suites run unsealed, with a warning saying so.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

# Each step is a stage: its wall time is written to $EG_STAGES as `test.sh: <stage> <seconds> s`,
# and the list, with the total since the start, is printed when the command ends (also on a
# failure), ready to paste into a note. The file outlives the re-exec into the namespace below.
export EG_T0="${EG_T0:-$(date +%s)}"
export EG_STAGES="${EG_STAGES:-$(mktemp "${TMPDIR:-/tmp}/egress-guard-stages.XXXXXX")}"
stage() {
  local name="$1" t0
  shift
  t0="$(date +%s)"
  current="$name"
  "$@"
  current=
  echo "test.sh: $name $(($(date +%s) - t0)) s" >>"$EG_STAGES"
}
report() {
  local code=$?
  echo "test.sh: stage wall times (2 cores shared with whatever else runs):" >&2
  cat "$EG_STAGES" >&2
  [ -z "${current:-}" ] || echo "test.sh: $current failed (exit $code)" >&2
  echo "test.sh: total $(($(date +%s) - EG_T0)) s" >&2
  rm -f "$EG_STAGES"
}

lints() {
  # Style and lints first: they fail in seconds. `--workspace` lints the guest too (it has no
  # wasm-only code, so the native check covers what the wasm build compiles).
  cargo fmt --all --check
  cargo clippy --release --locked --workspace --all-targets -- -D warnings
  .venv/bin/ruff check .
  .venv/bin/ruff format --check .
}

suites() {
  stage "lints (fmt, clippy, ruff)" lints
  stage "native tests (cargo test --release)" cargo test --release --locked --workspace
  # Two workers: the suite is one process per core's worth of tests (each worker compiles the
  # component once into its own cache); the slowest files (the generated small-cell sets) spread,
  # and the slowest tests are listed so that the stage's growth can be traced.
  stage "python host tests" .venv/bin/python -m pytest -q -n 2 --durations=15 host-python/tests --ignore=host-python/tests/e2e --ignore=host-python/tests/spark
  stage "spark tests (local[2])" .venv/bin/python -m pytest -q host-python/tests/spark
  stage "e2e: hermes agent" .venv/bin/python -m pytest -q host-python/tests/e2e
  # node directly, not `npm test`: npm would ask the registry for its own updates.
  stage "node host tests" bash -c 'cd host-js && node --test test/*.test.js'
  stage "e2e: claude code + codex" .venv/bin/python -m pytest -q tests/clients
}

# The siblings to cover (resolved: a link is covered where it points), except those a needed
# path lives in; with --say, those are named on stderr.
siblings() {
  local parent needed=() p s t keep
  parent="$(dirname "$root")"
  [ "$parent" = / ] && return  # the siblings would be /usr, /bin, ...: nothing to cover
  needed+=("${CARGO_TARGET_DIR:-$root/target}" "${CARGO_HOME:-$HOME/.cargo}" "${RUSTUP_HOME:-$HOME/.rustup}" "${TMPDIR:-/tmp}")
  needed+=("$(git rev-parse --path-format=absolute --git-common-dir 2>/dev/null || echo "$root")" .venv/bin/python)
  for p in cargo rustc git python3 chromium node; do
    p="$(command -v "$p")" && needed+=("$p")
  done
  for s in "$parent"/* "$parent"/.[!.]* "$parent"/..?*; do
    [ -e "$s" ] && [ "$s" != "$root" ] || continue
    t="$(readlink -f "$s")"
    [ "$t" != / ] && [ "$t" != "$root" ] || continue
    keep=
    for p in "${needed[@]}"; do
      case "$(readlink -f "$p" 2>/dev/null || echo "$p")/" in "$t"/*) keep=1 ;; esac
    done
    if [ -z "$keep" ]; then
      printf '%s\n' "$t"
    elif [ "${1:-}" = --say ]; then
      echo "test.sh: $s stays visible: the suites run with something inside it" >&2
    fi
  done
}

if [ "${1:-}" = --sealed ]; then
  # Inside the namespace: cover every sibling, check that it reads as empty, run the suites.
  while IFS= read -r t; do
    if [ -d "$t" ]; then
      mount -t tmpfs -o ro,size=4k,mode=0555 egress-guard-sealed "$t"
      [ -z "$(ls -A "$t")" ] || { echo "test.sh: $t is still readable" >&2; exit 1; }
    elif [ -f "$t" ]; then
      mount --bind -o ro /dev/null "$t"
      [ ! -s "$t" ] || { echo "test.sh: $t is still readable" >&2; exit 1; }
    fi
  done < <(siblings --say | sort -u)
  echo "test.sh: running with the clone's siblings covered (private mount namespace)" >&2
  trap report EXIT
  suites
  exit
fi

# A stage run beside the others, in the background, its output in a log ($beside_log) and its
# wall time written as a stage's; $beside_pid is its job, collected by `wait_for`, which prints
# the log when the job failed.
beside() {
  local name="$1"
  shift
  beside_log="$(mktemp "${TMPDIR:-/tmp}/egress-guard-beside.XXXXXX")"
  (
    t0="$(date +%s)"
    code=0
    "$@" || code=$?
    echo "test.sh: $name $(($(date +%s) - t0)) s" >>"$EG_STAGES"
    exit "$code"
  ) >"$beside_log" 2>&1 &
  beside_pid=$!
}
wait_for() {
  local pid="$1" log="$2"
  if ! wait "$pid"; then
    cat "$log" >&2
    return 1
  fi
  rm -f "$log"
}

trap report EXIT
# The installs wait on the network and the disk, not the cores: they run beside the builds (the
# rustup components first, so that nothing changes the toolchain while cargo uses it). Their
# output goes to a log, printed when they fail.
stage "setup: rust toolchain components" scripts/setup.sh --toolchain
# Chromium, the venv's pip installs, Java, Hermes Agent; then the real Claude Code and Codex CLIs
# for `egress-guard hook` (npm, pinned; see tests/clients/), before the suites run sealed.
install_all() { scripts/setup.sh --installs && scripts/install-clients.sh; }
beside "setup: pip, apt and npm installs (beside the builds)" install_all
installs=$beside_pid installs_log=$beside_log
# Every native target first (binaries, tests, examples, and the libraries they use): one feature
# resolution, the one `cargo test --workspace` uses, so wasmtime is compiled once, for the tests,
# the CLI and the build step that pre-initialises the component (built on its own, it resolved
# features differently and compiled wasmtime a second time: about 6 minutes on 2 cores). Not
# `--lib`: that would also link the guest natively as a cdylib, which its exports' names forbid.
# The guest's compile (scripts/build-wasm.sh --guest-only) runs beside the native build: its
# optimisation (LTO, one codegen unit) keeps one core busy for minutes, and the native build fills
# the other. Its output goes to a log, printed when it fails.
beside "wasm build: the guest's compile (beside the native build)" scripts/build-wasm.sh --guest-only
guest=$beside_pid guest_log=$beside_log
stage "native build (every target)" cargo build --release --locked --workspace --bins --tests --examples
stage "wasm build: what is left of the guest's compile" wait_for "$guest" "$guest_log"
stage "wasm build: pre-initialise" env EG_PREINIT="${CARGO_TARGET_DIR:-$root/target}/release/egress-guard-preinit" scripts/build-wasm.sh
stage "setup: what is left of the installs" wait_for "$installs" "$installs_log"
# The Node host's pinned tools (npm ci) and the component transpiled for it (see host-js/).
stage "setup: npm ci + transpile (host-js)" scripts/setup-js.sh
if [ -z "$(siblings)" ]; then
  suites
elif unshare --mount true 2>/dev/null; then
  exec unshare --mount "$0" --sealed
elif unshare --map-root-user --mount true 2>/dev/null; then
  exec unshare --map-root-user --mount "$0" --sealed
else
  echo "test.sh: WARNING: no mount namespace here (unshare -m and unshare -rm were refused), so the" >&2
  echo "test.sh: clone's siblings stay readable during the suites; the tracked-files test still" >&2
  echo "test.sh: rejects paths outside the clone in the code." >&2
  suites
fi
