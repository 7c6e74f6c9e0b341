"""Start-up cost of the CLI: user + system CPU of one whole `egress-guard check ls` (issue 20).

    scripts/build-wasm.sh && cargo build --release -p egress-guard
    python3 bench/scale/startup.py [--runs 15] [--cli target/release/egress-guard]

The compiled component is put in a fresh cache first (one run), as it is for every process after
the first on a machine; then `check ls` runs `--runs` times and the least CPU (user + system of
the whole process, every thread, from `wait4`) and the median wall time are printed. The least
CPU is the figure: it is what the process costs when the machine's load does not inflate it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one whole process."""
    t = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t
    err = p.stderr.read().decode() if p.stderr else ""
    if os.waitstatus_to_exitcode(status) != 0 or err:
        sys.exit(f"{' '.join(cmd)}: exit {os.waitstatus_to_exitcode(status)}: {err}")
    return ru.ru_utime + ru.ru_stime, wall


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--cli", default=str(ROOT / "target" / "release" / "egress-guard"))
    a = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="eg-startup-") as home:
        env = {
            **os.environ,
            "HOME": home,
            "EGRESS_GUARD_CACHE_DIR": str(Path(home) / "cache"),
        }
        env.pop("EGRESS_GUARD_POLICY", None)
        cmd = [a.cli, "check", "ls"]
        run(cmd, env)  # compiles the component into the cache
        samples = [run(cmd, env) for _ in range(a.runs)]
    cpu = [c for c, _ in samples]
    wall = [w for _, w in samples]
    print(f"load average: {' '.join(open('/proc/loadavg').read().split()[:3])}")
    print(f"egress-guard check ls, {a.runs} runs with the compiled component cached:")
    print(f"  CPU (user + system) least {min(cpu) * 1e3:.1f} ms, median {statistics.median(cpu) * 1e3:.1f} ms")
    print(f"  wall median {statistics.median(wall) * 1e3:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
