"""Rows per second per core: ``egress_guard.spark.vet`` in local mode against ``egress-guard
inspect --jsonl`` on the same rows (issue 20).

    python3 bench/scale/gen.py                                 # 8 MiB of tool results, 200 credentials
    scripts/build-wasm.sh && cargo build --release -p egress-guard
    .venv/bin/pip install -e 'host-python[spark]'
    .venv/bin/python bench/spark/bench.py [--cores 2] [--rounds 3] [--input bench/scale/out/results.jsonl]

The CLI: one process with ``-j 1`` timed by its own user + system CPU (``wait4``: rows per
CPU-second is rows per second per core), and one with ``-j CORES`` by wall time over CORES.
Spark: ``local[CORES]``, the rows cached in the JVM first, one warm-up run (Python workers
started, the component compiled into each executor's cache), then each round vets every row and
writes to Spark's ``noop`` sink (every column computed, nothing collected); rows per second of wall
time over CORES, and rows per CPU-second of the whole Spark process tree (the JVM, the Python
daemon and workers, this driver; user + system from ``/proc``, so Linux only). Spark listens on
127.0.0.1 and keeps its scratch in a temporary folder. After the rounds every Spark verdict is
checked against the CLI's (exit 1 on a difference). Wall-time figures count whatever else the
machine runs: note its load beside them.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CLI = Path(os.environ.get("CARGO_TARGET_DIR") or ROOT / "target") / "release" / "egress-guard"


def cli(args: list[str], data: Path, out: Path) -> tuple[float, float]:
    """(wall seconds, user + system CPU seconds) of one whole CLI run."""
    with open(data, "rb") as i, open(out, "wb") as o:
        t = time.perf_counter()
        p = subprocess.Popen([str(CLI), "inspect", "--jsonl", *args], stdin=i, stdout=o, stderr=subprocess.DEVNULL)
        _, status, ru = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        sys.exit(f"the CLI failed on {data}")
    return wall, ru.ru_utime + ru.ru_stime


def tree_cpu() -> float:
    """User + system CPU seconds so far of this process and every live descendant (``/proc``)."""
    parent: dict[int, int] = {}
    ticks: dict[int, int] = {}
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            stat = (d / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        parent[int(d.name)] = int(fields[1])
        ticks[int(d.name)] = int(fields[11]) + int(fields[12])
    me = os.getpid()
    total = 0
    for pid, t in ticks.items():
        p = pid
        while p > 1 and p != me:
            p = parent.get(p, 0)
        if p == me:
            total += t
    return total / os.sysconf("SC_CLK_TCK")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--cores", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--input", type=Path, default=ROOT / "bench" / "scale" / "out" / "results.jsonl")
    a = ap.parse_args()
    lines = [json.loads(line) for line in a.input.read_text().splitlines() if line.strip()]
    rows = len(lines)
    mib = sum(len(x["payload"].encode()) for x in lines) / 2**20
    print(f"{rows} rows, {mib:.2f} MiB, {a.cores} cores, load average {os.getloadavg()[0]:.1f}")

    with tempfile.TemporaryDirectory() as tmp:
        tmpd = Path(tmp)
        os.environ.update(SPARK_LOCAL_IP="127.0.0.1", PYSPARK_PYTHON=sys.executable, PYSPARK_DRIVER_PYTHON=sys.executable)
        os.environ["EGRESS_GUARD_CACHE_DIR"] = str(tmpd / "cli-cache")
        policy = tmpd / "policy.yaml"
        policy.write_text("rules:\n  secrets:\n    known_values: {env: false, hermes_env: false}\n")
        common = ["--policy", str(policy)]
        cli(common, a.input, tmpd / "warm.out")  # compiles the component into the cache
        one = min(cli([*common, "-j", "1"], a.input, tmpd / "one.out")[1] for _ in range(a.rounds))
        many = min(cli([*common, "-j", str(a.cores)], a.input, tmpd / "many.out")[0] for _ in range(a.rounds))
        print(f"CLI -j 1:        {rows / one:8.0f} rows per CPU-second ({mib / one:.1f} MiB/CPU-s)")
        print(f"CLI -j {a.cores}:        {rows / many / a.cores:8.0f} rows/s per core (wall)")

        from pyspark.sql import SparkSession

        from egress_guard.spark import vet

        spark = (
            SparkSession.builder.master(f"local[{a.cores}]")
            .config("spark.ui.enabled", "false")
            .config("spark.ui.showConsoleProgress", "false")
            .config("spark.driver.host", "127.0.0.1")
            .config("spark.driver.bindAddress", "127.0.0.1")
            .config("spark.local.dir", str(tmpd / "spark"))
            .config("spark.sql.warehouse.dir", str(tmpd / "warehouse"))
            .config("spark.driver.memory", "2g")
            .getOrCreate()
        )
        spark.sparkContext.setLogLevel("ERROR")
        df = spark.createDataFrame([(x["id"], x["payload"]) for x in lines], "id long, payload string").repartition(a.cores * 4).cache()
        df.count()
        out = vet(df, "payload", tool=lines[0]["tool"], policy_text=policy.read_text())
        out.write.format("noop").mode("overwrite").save()  # warm-up
        best = best_cpu = float("inf")
        for _ in range(a.rounds):
            t, c = time.perf_counter(), tree_cpu()
            out.write.format("noop").mode("overwrite").save()
            best, best_cpu = min(best, time.perf_counter() - t), min(best_cpu, tree_cpu() - c)
        print(f"Spark local[{a.cores}]: {rows / best / a.cores:8.0f} rows/s per core (wall; {mib / best / a.cores:.1f} MiB/s per core)")
        print(f"Spark local[{a.cores}]: {rows / best_cpu:8.0f} rows per CPU-second of the whole Spark process tree ({mib / best_cpu:.1f} MiB/CPU-s)")
        got = {r["id"]: r["verdict"] for r in out.select("id", "verdict").collect()}
        spark.stop()
        differ = 0
        for line in (tmpd / "one.out").read_text().splitlines():
            d = json.loads(line)
            want = "{" + line[len(f'{{"id":{json.dumps(d["id"])},') :]
            differ += got[d["id"]] != want
        print(f"verdicts differing from the CLI's: {differ} of {rows}")
        sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
