"""Per-call timings of the Python host (numbers, not asserts).

    .venv/bin/python host-python/bench/bench_calls.py [--n 2000]

Prints p50/p99 wall and thread-CPU time per call for: a clean small call (args and reply),
a call with a secret (the verdict JSON is parsed), and a 1 MB reply. On a shared machine the
CPU column is the better guide; see shared/reference/wasm.md §0.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time

from egress_guard import Guard


def measure(fn, n: int) -> tuple[list[float], list[float]]:
    for _ in range(min(n, 50)):
        fn()
    wall, cpu = [], []
    for _ in range(n):
        w0, c0 = time.perf_counter(), time.thread_time()
        fn()
        cpu.append(time.thread_time() - c0)
        wall.append(time.perf_counter() - w0)
    return wall, cpu


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=2000, help="calls per small case (the 1 MB case runs n/20)")
    args = ap.parse_args()
    os.environ.setdefault("EGRESS_GUARD_CACHE_DIR", os.path.join(tempfile.gettempdir(), "egress-guard-bench-cache"))

    t0 = time.perf_counter()
    g = Guard(pool_size=1)
    print(f"Guard() {1000 * (time.perf_counter() - t0):.1f} ms (component from {g.runtime.origin})")

    secret = "Use AKIAQYLPMN5HFIQR7XYZ to log in."
    mb = ("lorem ipsum dolor sit amet, consectetur adipiscing elit. " * 20_000)[: 1_000_000]
    cases = [
        ("clean args (small)", lambda: g.inspect_args("terminal", {"command": "ls -la /tmp"}), args.n),
        ("clean reply (small)", lambda: g.inspect_reply("All done, the report is in out.md."), args.n),
        ("secret reply (1 finding)", lambda: g.inspect_reply(secret), args.n),
        ("1 MB clean reply", lambda: g.inspect_reply(mb), max(20, args.n // 20)),
    ]
    assert g.inspect_reply(secret).action == "redact" and g.inspect_reply(mb).action == "allow"
    print(f"{'case':<26}{'n':>6}{'p50 wall':>12}{'p99 wall':>12}{'p50 cpu':>12}{'p99 cpu':>12}{'mean cpu':>12}")
    for name, fn, n in cases:
        wall, cpu = measure(fn, n)
        us = lambda s: f"{1e6 * s:,.0f} us"
        print(f"{name:<26}{n:>6}{us(pct(wall, .5)):>12}{us(pct(wall, .99)):>12}{us(pct(cpu, .5)):>12}"
              f"{us(pct(cpu, .99)):>12}{us(statistics.fmean(cpu)):>12}")


if __name__ == "__main__":
    main()
