#!/usr/bin/env bash
# Vet 1,000 generated files of mixed content (markdown replies with tables, CSV cross-tabs, JSON
# tool results with keys, JSONL transcripts, shell logs, prose) and print the wall time, the CPU
# utilisation ((user+sys)/wall; 2.0 = both cores busy the whole run), the load average, and the
# CPU time of each thread of the vet process (from /proc/<pid>/task/*/stat, sampled every 20 ms),
# which shows whether the rayon workers share the work even when a busy machine hides it in the
# wall time.
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
python3 - "$bin" "$jobs" "$work" "$n" <<'PY'
import json, os, resource, subprocess, sys, time

bin_, jobs, work, n = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
tick = os.sysconf("SC_CLK_TCK")
load = open("/proc/loadavg").read().split()[:3]
before = resource.getrusage(resource.RUSAGE_CHILDREN)
t0 = time.monotonic()
p = subprocess.Popen([bin_, "vet", "-j", jobs, "--json", f"{work}/out.json", f"{work}/files"], stdout=subprocess.DEVNULL)
threads = {}
while p.poll() is None:
    try:
        for tid in os.listdir(f"/proc/{p.pid}/task"):
            with open(f"/proc/{p.pid}/task/{tid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            threads[tid] = int(fields[11]) + int(fields[12])  # utime + stime, in ticks
    except (FileNotFoundError, ProcessLookupError, IndexError):
        pass
    time.sleep(0.02)
wall = time.monotonic() - t0
after = resource.getrusage(resource.RUSAGE_CHILDREN)
assert p.returncode in (0, 1), p.returncode
user, sys_ = after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime
size = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(f"{work}/files") for f in fs)
s = json.load(open(f"{work}/out.json"))["summary"]
print(f"files {n}  bytes {size}  jobs {jobs or 'default'}  load average before {' '.join(load)}")
print(f"wall {wall:.2f} s  user {user:.2f} s  sys {sys_:.2f} s  cpu {(user + sys_) / wall:.2f} cores  {n / wall:.0f} files/s")
busy = sorted(threads.values(), reverse=True)
print("thread CPU (s, last sample, busiest first): " + " ".join(f"{t / tick:.2f}" for t in busy[:6] if t))
print(f"needs review {s['needs_review']}  by action {s['by_action']}  findings {s['findings_by_rule']}")
PY
