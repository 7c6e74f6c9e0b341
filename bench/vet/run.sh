#!/usr/bin/env bash
# Vet 1,000 generated files of mixed content (markdown replies with tables, CSV cross-tabs, JSON
# tool results with keys, JSONL transcripts, shell logs, prose) and print the wall time and the
# CPU utilisation ((user+sys)/wall; 2.0 = both cores busy the whole run).
# Usage: bench/vet/run.sh [N_FILES] [JOBS]   (builds the release CLI; needs dist/egress_guard.wasm)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
n="${1:-1000}"
jobs="${2:-0}"
cd "$root"
cargo build --release -q -p egress-guard
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 bench/vet/gen.py "$work/files" "$n"
bin=target/release/egress-guard
# Warm the compiled-component cache so the figure is vetting, not compiling.
"$bin" status >/dev/null
TIMEFORMAT='%R %U %S'
{ time "$bin" vet -j "$jobs" --json "$work/out.json" "$work/files" >/dev/null || [ $? -eq 1 ]; } 2>"$work/time"
read -r wall user sys <"$work/time"
bytes=$(du -sb "$work/files" | cut -f1)
python3 - "$wall" "$user" "$sys" "$n" "$bytes" "$work/out.json" <<'PY'
import json, sys
wall, user, sys_, n, size = map(float, sys.argv[1:6])
doc = json.load(open(sys.argv[6]))
s = doc["summary"]
print(f"files {int(n)}  bytes {int(size)}  wall {wall:.2f} s  user {user:.2f} s  sys {sys_:.2f} s  "
      f"cpu {(user + sys_) / wall:.2f} cores  {n / wall:.0f} files/s")
print(f"needs review {s['needs_review']}  by action {s['by_action']}  findings {s['findings_by_rule']}")
PY
