#!/usr/bin/env python3
"""The component through the Python host, over the inputs every path shares (issue 8).

    .venv/bin/python bench/host/python_bench.py [--quick] [--only ID ...]

Prints, per input of `bench/gen/gen.py` under `bench/gen/policy.yaml`: size, calls, p50 and p99
of wall and thread-CPU time per call, the verdict's action, and ms/MB for the ~1 MB inputs; then
cold start in fresh processes (import + load + compile or deserialize + instantiate + policy),
without and with the on-disk compiled-component cache. On a shared machine the CPU columns are
the better guide (they count only the time the thread ran); the load average is printed with the figures.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench" / "gen"))
import gen

POLICY = ROOT / "bench" / "gen" / "policy.yaml"


def calls_for(size: int, quick: bool) -> int:
    n = 2000 if size < 1_000 else 300 if size < 100_000 else 15
    return max(5, n // 5) if quick else n


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))]


def measure(fn, n: int) -> tuple[list[float], list[float]]:
    for _ in range(min(n, 20)):
        fn()
    wall, cpu = [], []
    for _ in range(n):
        w0, c0 = time.perf_counter(), time.thread_time()
        fn()
        cpu.append(time.thread_time() - c0)
        wall.append(time.perf_counter() - w0)
    return wall, cpu


def fmt(s: float) -> str:
    return f"{s * 1e6:,.1f} µs" if s < 1e-3 else f"{s * 1e3:,.2f} ms"


COLD = r"""
import sys, time, json
t0 = time.perf_counter(); c0 = time.process_time()
from egress_guard import Guard
g = Guard(policy=sys.argv[1], pool_size=1)
v = g.inspect_reply("warm")
print(json.dumps({"wall": time.perf_counter() - t0, "cpu": time.process_time() - c0, "origin": g.runtime.origin}))
"""


def cold_start(runs: int) -> None:
    print(f"\ncold start in a fresh process (import + load + instantiate + policy + first call), {runs} runs each")
    for label, keep in (
        ("no compiled-component cache", False),
        ("with the on-disk cache", True),
    ):
        walls, cpus, origins = [], [], set()
        with tempfile.TemporaryDirectory(prefix="eg-bench-cache-") as cache:
            env = dict(os.environ, EGRESS_GUARD_CACHE_DIR=cache)
            if keep:  # fill the cache once
                subprocess.run(
                    [sys.executable, "-c", COLD, str(POLICY)],
                    env=env,
                    check=True,
                    capture_output=True,
                )
            for _ in range(runs):
                if not keep:
                    for f in Path(cache).iterdir():
                        f.unlink()
                out = subprocess.run(
                    [sys.executable, "-c", COLD, str(POLICY)],
                    env=env,
                    check=True,
                    capture_output=True,
                    text=True,
                )
                r = json.loads(out.stdout.strip().splitlines()[-1])
                walls.append(r["wall"])
                cpus.append(r["cpu"])
                origins.add(r["origin"])
        print(
            f"  {label:<30} wall p50 {fmt(statistics.median(walls)):>10}  cpu p50 {fmt(statistics.median(cpus)):>10}"
            f"  (component from: {', '.join(sorted(origins))})"
        )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="a fifth of the calls")
    ap.add_argument("--only", nargs="*", help="input ids to run")
    ap.add_argument("--cold-runs", type=int, default=5)
    a = ap.parse_args()

    from egress_guard import Guard

    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cpus, load {' '.join(open('/proc/loadavg').read().split()[:3])}")
    g = Guard(policy=str(POLICY), pool_size=1)
    assert g.load_error is None, g.load_error
    print(f"component sha256 {g.sha256[:16]}…, from {g.runtime.origin}; policy {POLICY.relative_to(ROOT)}")
    calls = {
        "args": lambda tool, p: g.inspect_args(tool, p),
        "result": lambda tool, p: g.inspect_result(tool, p),
        "reply": lambda tool, p: g.inspect_reply(p),
    }
    print(f"\n{'input':<22}{'bytes':>10}{'n':>6}{'p50 wall':>12}{'p99 wall':>12}{'p50 cpu':>12}{'p99 cpu':>12}{'ms/MB cpu':>11}  action")
    for item in gen.inputs():
        if a.only and item["id"] not in a.only:
            continue
        size = len(gen.payload_text(item).encode())
        call = calls[item["scope"]]
        tool, payload = item["tool"], item["payload"]
        action = call(tool, payload).action
        n = calls_for(size, a.quick)
        wall, cpu = measure(functools.partial(call, tool, payload), n)
        per_mb = f"{pct(cpu, 0.5) * 1e3 / (size / 1e6):,.1f}" if size >= 100_000 else ""
        print(
            f"{item['id']:<22}{size:>10,}{n:>6}{fmt(pct(wall, 0.5)):>12}{fmt(pct(wall, 0.99)):>12}"
            f"{fmt(pct(cpu, 0.5)):>12}{fmt(pct(cpu, 0.99)):>12}{per_mb:>11}  {action}"
        )
    cold_start(a.cold_runs)
    print(f"\nload at the end: {' '.join(open('/proc/loadavg').read().split()[:3])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
