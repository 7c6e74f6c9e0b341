"""Secrets-rule throughput and latency on the clean background, three ways: the native engine
(secrets-bench-native), the wasm component through the Rust host (`egress-guard inspect --jsonl`,
one process, preset dev = only the secrets rule) and through the Python host (wasmtime-py
`Guard.inspect_result`, preset dev). CPU seconds, not wall time (the box is shared).

    bench/.venv/bin/python bench/secrets/gen_background.py
    bench/.venv/bin/python bench/secrets/gen_background.py --non-ascii 0.05 --out bench/secrets/data/background-nonascii
    scripts/build-wasm.sh && cargo build --release -p egress-guard
    (cd bench/secrets/native && CARGO_TARGET_DIR=../../../target/secrets-bench cargo build --release)
    bench/.venv/bin/python bench/secrets/speed.py

The Rust host figure subtracts the CPU of the same command on a one-line batch (process start,
compiled-component cache load, guard construction), so it is the per-document cost only; it still
includes reading and decoding the JSONL. `cargo bench -p egress-guard --bench secrets`
(host_bench.rs) gives the calls alone through the Rust host library.
"""

import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
CLI = ROOT / "target" / "release" / "egress-guard"
NATIVE = ROOT / "target" / "secrets-bench" / "release" / "secrets-bench-native"


def child_cpu():
    u = resource.getrusage(resource.RUSAGE_CHILDREN)
    return u.ru_utime + u.ru_stime


def run_child(cmd, stdin_path):
    c0 = child_cpu()
    with open(stdin_path) as f:
        p = subprocess.run(cmd, stdin=f, capture_output=True, text=True)
    if p.returncode not in (0, 1):
        sys.exit(f"{cmd[0]} failed: {p.stderr[-500:]}")
    return child_cpu() - c0, p.stdout


def native_cpu(texts_path):
    cpu, out = run_child([str(NATIVE)], texts_path)
    return cpu, sum(l.strip() != "[]" for l in out.splitlines())


def rust_host_cpu(texts, policy, work):
    batch = work / "batch.jsonl"
    one = work / "one.jsonl"

    def line(i, t):
        return json.dumps({"id": i, "scope": "result", "tool": "read_file", "payload": t}) + "\n"

    batch.write_text("".join(line(i, t) for i, t in enumerate(texts)))
    one.write_text(line(0, "warm up"))
    cmd = [str(CLI), "inspect", "--jsonl", "--policy", str(policy)]
    run_child(cmd, one)  # fills the compiled-component cache
    base = min(run_child(cmd, one)[0] for _ in range(3))
    cpu, out = run_child(cmd, batch)
    flagged = sum(json.loads(l)["action"] != "allow" for l in out.splitlines())
    return cpu - base, flagged


def python_guard():
    sys.path.insert(0, str(ROOT / "host-python" / "src"))
    from egress_guard import Guard

    g = Guard(preset="dev")
    g.inspect_result("read_file", "warm up")
    return g


def python_host_cpu(g, texts):
    c0 = time.process_time()
    flagged = sum(g.inspect_result("read_file", t).action != "allow" for t in texts)
    return time.process_time() - c0, flagged


def main():
    work = Path(tempfile.mkdtemp())
    policy = work / "dev.yaml"
    policy.write_text("preset: dev\n")
    g = python_guard()
    print("| text | MiB | native MiB/CPU-s | Rust host MiB/CPU-s | Python host MiB/CPU-s | documents flagged (n/r/p) |")
    print("|---|---|---|---|---|---|")
    for name in ["background", "background-nonascii"]:
        path = HERE / "data" / f"{name}.jsonl"
        if not path.exists():
            print(f"| {name} | missing: run gen_background.py |")
            continue
        texts = [json.loads(l) for l in open(path)]
        mib = sum(len(t.encode()) for t in texts) / 2**20
        ncpu, nf = native_cpu(path)
        rcpu, rf = rust_host_cpu(texts, policy, work)
        pcpu, pf = python_host_cpu(g, texts)
        print(f"| {name} ({len(texts)} docs) | {mib:.1f} | {mib / ncpu:.1f} | {mib / rcpu:.1f} | {mib / pcpu:.1f} | {nf}/{rf}/{pf} |")

    # Per-message latency: CPU per call for a clean message of each size, cut from the background.
    texts = [json.loads(l) for l in open(HERE / "data" / "background.jsonl")]
    blob = "\n".join(texts)
    (work / "one.txt").write_text(json.dumps("x") + "\n")
    nbase = min(native_cpu(work / "one.txt")[0] for _ in range(3))  # process start, detector compilation
    print("\n| message size | calls | native µs/call | Rust host µs/call | Python host µs/call |")
    print("|---|---|---|---|---|")
    for size, calls in [(1024, 2000), (10 * 1024, 1000), (100 * 1024, 200)]:
        msgs = [blob[i * size : (i + 1) * size] for i in range(calls)]
        mp = work / f"msgs{size}.jsonl"
        mp.write_text("".join(json.dumps(m) + "\n" for m in msgs))
        ncpu = native_cpu(mp)[0] - nbase
        rcpu, _ = rust_host_cpu(msgs, policy, work)
        pcpu, _ = python_host_cpu(g, msgs)
        us = [f"{max(c, 0) / calls * 1e6:.1f}" for c in (ncpu, rcpu, pcpu)]
        print(f"| {size // 1024} KiB | {calls} | {us[0]} | {us[1]} | {us[2]} |")


if __name__ == "__main__":
    main()
