#!/usr/bin/env bash
# The main job on the embedded default policy: each example goes through the same .wasm the
# hosts load, via the egress-guard CLI, and the verdict is shown.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
scripts/build-wasm.sh >/dev/null
cargo build --release --locked -q -p egress-guard
eg="$root/target/release/egress-guard"
# The embedded default policy, whatever this machine's ~/.hermes holds, and nothing written to
# the user's home: the compiled-component cache stays in target/.
unset EGRESS_GUARD_POLICY
export HOME="$root/target/demo-home" EGRESS_GUARD_CACHE_DIR="$root/target/egress-guard-cache"
mkdir -p "$HOME"
demo="$root/examples/demo"

show() {  # title, then the command whose JSON verdict to show
  local title="$1"; shift
  printf '\n== %s\n$ %s\n' "$title" "egress-guard $*"
  "$eg" "$@" | python3 -c '
import json, sys
v = json.loads(sys.stdin.read())
print("action:  ", v["action"])
for f in v["findings"]:
    print("finding: ", f["rule"], f["code"], f["action"], "-", f["reason"], "preview:", f["preview"])
if v.get("message"):
    print("message: ", v["message"])
out = v.get("output")
if out is not None:
    print("output:\n" + (json.dumps(out, ensure_ascii=False) if isinstance(out, dict) else out))
' || true
}

"$eg" status | python3 -c 'import json,sys; s=json.load(sys.stdin); print("module sha256:", s["module_sha256"]); print("policy:", s["source"], "(valid)" if s["valid"] else "(invalid: %s)" % s["error"])'
show "A key pasted into a shell command is redacted before it runs" inspect --scope args --tool terminal "$demo/1-secret-in-command.json"
show "An upload to a host not in allowed_hosts goes to the approval prompt" inspect --scope args --tool terminal "$demo/2-upload.json"
show "A small cell in the final reply is suppressed, with the cells that protect it" inspect --scope reply "$demo/3-clinic-reply.md"
show "A record-level table in the reply is noted in the audit log (microdata, warn)" inspect --scope reply "$demo/4-microdata-reply.csv"
show "Personal data in a reply is noted by default (warn) ..." inspect --scope reply "$demo/5-patient-reply.md"
show "... and redacted under the research-data preset" --preset research-data inspect --scope reply "$demo/5-patient-reply.md"
