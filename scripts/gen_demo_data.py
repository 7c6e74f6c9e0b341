#!/usr/bin/env python3
"""The seed's demo data set: 800 synthetic clinic records and their town x category cross-tab.

Seeded and deterministic (`random.Random(20261130)`): every run writes the same bytes. The small
town Peace Valley gets exactly 7 / 0 / 3 records (total 10), the row the small-cell rule must
protect; every other cell is at least 5. All data is synthetic.

    python3 scripts/gen_demo_data.py [OUT_DIR]     # default bench/sdc/demo
writes clinic_records.csv (patient_id,town,category,age,sex) and crosstab.md.
"""

import csv
import random
import sys
from pathlib import Path

TOWNS = {
    "Riverside": 262,
    "Hillcrest": 238,
    "Lakeview": 176,
    "Oakford": 114,
    "Peace Valley": 10,
}
CATEGORIES = ["Checkup", "Chronic", "Acute"]
WEIGHTS = [0.5, 0.3, 0.2]
PEACE_VALLEY = ["Checkup"] * 7 + ["Acute"] * 3


def records(rng):
    rows = []
    for town, n in TOWNS.items():
        cats = list(PEACE_VALLEY) if town == "Peace Valley" else rng.choices(CATEGORIES, WEIGHTS, k=n)
        for cat in cats:
            rows.append([town, cat, rng.randint(18, 90), rng.choice(["F", "M"])])
    rng.shuffle(rows)
    return [[f"P{i:04d}", *r] for i, r in enumerate(rows, 1)]


def crosstab(rows):
    counts = {t: {c: 0 for c in CATEGORIES} for t in TOWNS}
    for _, town, cat, _, _ in rows:
        counts[town][cat] += 1
    lines = [
        "| Town | " + " | ".join(CATEGORIES) + " | Total |",
        "|---|" + "---:|" * (len(CATEGORIES) + 1),
    ]
    for t in TOWNS:
        vals = [counts[t][c] for c in CATEGORIES]
        lines.append(f"| {t} | " + " | ".join(map(str, vals)) + f" | {sum(vals)} |")
    col = [sum(counts[t][c] for t in TOWNS) for c in CATEGORIES]
    lines.append("| Total | " + " | ".join(map(str, col)) + f" | {sum(col)} |")
    return counts, "\n".join(lines) + "\n"


def main():
    out = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent / "bench/sdc/demo")
    rng = random.Random(20261130)
    rows = records(rng)
    counts, table = crosstab(rows)
    small = [(t, c) for t in TOWNS for c in CATEGORIES if t != "Peace Valley" and counts[t][c] < 5]
    assert not small, f"unexpected small cells {small}"
    assert len(rows) == 800
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "clinic_records.csv", "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["patient_id", "town", "category", "age", "sex"])
        w.writerows(rows)
    (out / "crosstab.md").write_text(table)
    print(table, end="")


if __name__ == "__main__":
    main()
