#!/usr/bin/env python3
"""The seed's demo, reproduced in a real Hermes Agent: a cross-tab of 800 synthetic records,
copied by the (mock) model into its reply, with the plugin off and then on.

    .venv/bin/python scripts/demo_hermes.py          # prints both tables
    .venv/bin/python scripts/demo_hermes.py --json   # the Peace Valley rows, for tests

Hermes (hermes-agent from PyPI, see scripts/setup.sh) runs a real turn against a scripted model on
127.0.0.1: the model runs ``python3 crosstab.py records.csv`` through the terminal tool, then
copies the tool's output into its reply. With the plugin on, the demo policy also hides small
cells from tool results (``smallcell.scopes: [args, result, reply]``), so the model never sees them.
All data is synthetic; nothing leaves 127.0.0.1.
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "host-python" / "tests" / "e2e"))

from harness import Home, run_hermes
from mock_llm import MockLLM

SERVICES = ("Dental", "Mental health", "Physio")
#: Records per town and service: 800 in all; the only count below 5 (other than a zero) is the 3.
COUNTS = {
    "Peace Valley": (7, 0, 3),
    "Riverside": (152, 61, 29),
    "Hillcrest": (98, 20, 44),
    "Lakeshore": (131, 48, 57),
    "Oakridge": (80, 9, 61),
}
DEMO_POLICY = "rules:\n  smallcell:\n    scopes: [args, result, reply]\n"
CROSSTAB = """import csv, sys
from collections import Counter
rows = list(csv.DictReader(open(sys.argv[1])))
towns = list(dict.fromkeys(r["town"] for r in rows))
services = ["Dental", "Mental health", "Physio"]
n = Counter((r["town"], r["service"]) for r in rows)
print("| Town | " + " | ".join(services) + " | Total |")
print("|---" * (len(services) + 2) + "|")
for t in towns:
    cells = [n[t, s] for s in services]
    print(f"| {t} | " + " | ".join(map(str, cells)) + f" | {sum(cells)} |")
cols = [sum(n[t, s] for t in towns) for s in services]
print("| Total | " + " | ".join(map(str, cols)) + f" | {sum(cols)} |")
"""


def write_records(work: Path) -> Path:
    """800 synthetic records, one per person, in a shuffled but reproducible order."""
    records = [(town, SERVICES[i]) for town, counts in COUNTS.items() for i, c in enumerate(counts) for _ in range(c)]
    random.Random(800).shuffle(records)
    path = work / "records.csv"
    with path.open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["record_id", "town", "service", "age_band"])
        rng = random.Random(7)
        for i, (town, service) in enumerate(records, 1):
            w.writerow([f"R{i:04d}", town, service, rng.choice(["18-34", "35-54", "55+"])])
    (work / "crosstab.py").write_text(CROSSTAB)
    return path


def run(plugin: bool, root: Path, llm: MockLLM) -> str:
    home = Home(
        root / ("on" if plugin else "off"),
        policy=DEMO_POLICY if plugin else None,
        plugin=plugin,
    )
    home.setup(llm.base_url)
    write_records(home.work)
    tag = f"demo-{'on' if plugin else 'off'}"
    llm.scenarios[tag] = [
        {
            "tool_calls": [
                {
                    "name": "terminal",
                    "arguments": {"command": f"python3 {home.work}/crosstab.py {home.work}/records.csv"},
                }
            ]
        },
        {"echo_tool": "Here is the cross-tab of visits by town and service:\n\n"},
    ]
    result = run_hermes(
        home,
        llm.base_url,
        [{"prompt": f"Summarise records.csv as a cross-tab ({tag})"}],
    )
    return result["runs"][0]["final"]


def row(reply: str, town: str) -> str | None:
    return next(
        (line.strip() for line in reply.splitlines() if line.startswith(f"| {town} |")),
        None,
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--json",
        action="store_true",
        help="print the replies and Peace Valley rows as JSON",
    )
    args = ap.parse_args()
    with (
        tempfile.TemporaryDirectory(prefix="egress-guard-demo-") as tmp,
        MockLLM() as llm,
    ):
        replies = {state: run(state == "on", Path(tmp), llm) for state in ("off", "on")}
    rows = {state: row(reply, "Peace Valley") for state, reply in replies.items()}
    if args.json:
        print(json.dumps({"replies": replies, "rows": rows}))
        return 0
    for state in ("off", "on"):
        print(f"=== Plugin {state} ===\n{replies[state]}\n")
    print(f"Plugin off: {rows['off']}\nPlugin on:  {rows['on']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
