"""Two or more builds of the component side by side: whole-process CPU of `egress-guard inspect --jsonl`.

    cargo build --release -p egress-guard && python3 bench/scale/gen.py
    python3 bench/scale/ab_components.py ROUNDS NAME=PATH.wasm NAME=PATH.wasm ...

For each round, each policy (defaults, personal data off, personal data and secrets off) and each
component in turn (interleaved, so load drift hits all alike), runs the CLI once over
`bench/scale/out/results.jsonl` with `EGRESS_GUARD_WASM` set to that component, a compiled-module
cache of its own (warmed before the first round) and `-j 1`, and takes the user + system CPU of the
whole process from `wait4`. Prints the best round of each pair, the load average, and whether every
component gave byte-identical answers under each policy.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CLI = ROOT / "target" / "release" / "egress-guard"
DATA = ROOT / "bench" / "scale" / "out" / "results.jsonl"
POLICIES = {
    "defaults": "{}\n",
    "pii off": 'rules:\n  pii:\n    mode: "off"\n',
    "pii and secrets off": 'rules:\n  pii:\n    mode: "off"\n  secrets:\n    mode: "off"\n',
}


def main() -> None:
    rounds = int(sys.argv[1])
    comps = dict(a.split("=", 1) for a in sys.argv[2:])
    work = Path(tempfile.mkdtemp())
    for k, text in enumerate(POLICIES.values()):
        (work / f"p{k}.yaml").write_text(text)

    def run(comp: str, k: int) -> float:
        env = dict(os.environ, EGRESS_GUARD_WASM=comps[comp], EGRESS_GUARD_CACHE_DIR=str(work / f"cache-{comp}"))
        cmd = [str(CLI), "--policy", str(work / f"p{k}.yaml"), "inspect", "--jsonl", "-j", "1"]
        with open(DATA, "rb") as i, open(work / f"out-{comp}-{k}", "wb") as o:
            p = subprocess.Popen(cmd, stdin=i, stdout=o, env=env)
            _, _, ru = os.wait4(p.pid, 0)
        return ru.ru_utime + ru.ru_stime

    for comp in comps:
        run(comp, 0)
    best: dict[tuple[str, int], float] = {}
    for _ in range(rounds):
        for k in range(len(POLICIES)):
            for comp in comps:
                t = run(comp, k)
                best[(comp, k)] = min(best.get((comp, k), float("inf")), t)
    mib = DATA.stat().st_size / 2**20
    print(f"{mib:.1f} MiB; load at the end {' '.join(open('/proc/loadavg').read().split()[:3])}")
    for k, name in enumerate(POLICIES):
        for comp in comps:
            t = best[(comp, k)]
            print(f"{name:20} {comp:10} {t:.3f} CPU-s  {mib / t:.1f} MiB/CPU-s")
        outs = {(work / f"out-{c}-{k}").read_bytes() for c in comps}
        print(f"{name:20} answers identical: {len(outs) == 1}")


if __name__ == "__main__":
    main()
