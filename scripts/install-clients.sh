#!/usr/bin/env bash
# The real agent CLIs the hook tests drive (tests/clients/), from npm, pinned, into .clients/.
# Both packages ship native binaries as registry packages; Claude Code declares Node >= 22 for its
# installer only (npm warns on Node 20 and the binary runs). Idempotent: skipped when present.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="$root/.clients"
want="@openai/codex@0.171.0 @anthropic-ai/claude-code@2.1.332"
if [ -f "$dir/installed" ] && [ "$(cat "$dir/installed")" = "$want" ]; then
  exit 0
fi
command -v npm >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm)
mkdir -p "$dir"
cd "$dir"
[ -f package.json ] || echo '{"name": "egress-guard-test-clients", "private": true}' > package.json
# shellcheck disable=SC2086
npm install --no-audit --no-fund --loglevel=error $want
echo "$want" > installed
