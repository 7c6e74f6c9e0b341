"""The demo: every example of ``examples/demo/`` through the component, on the built-in default
policy, through the Python host (the same ``.wasm`` every host loads), and the verdict shown.

    .venv/bin/python scripts/demo.py            # what scripts/demo.sh prints
    .venv/bin/python scripts/demo.py --json     # one line per example, for the tests

An example is one YAML file (see ``examples/demo/README.md``); they run in file-name order.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import yaml

from egress_guard import Guard

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "demo"
FIELDS = {"title", "shows", "expect", "scope", "tool", "payload"}
#: Lines of an example's payload printed before its verdict.
SHOWN_LINES = 12


def examples() -> list[tuple[str, dict]]:
    out = []
    for path in sorted(EXAMPLES.glob("*.yaml")):
        ex = yaml.safe_load(path.read_text(encoding="utf-8"))
        missing = {"title", "shows", "expect", "scope", "payload"} - set(ex)
        unknown = set(ex) - FIELDS
        if missing or unknown:
            sys.exit(f"{path.name}: missing {sorted(missing)}, unknown {sorted(unknown)}")
        out.append((path.name, ex))
    return out


def show(g: Guard, ex: dict) -> None:
    v = g.inspect(ex["scope"], ex.get("tool", ""), ex["payload"])
    print(f"\n== {ex['title']}")
    print(f"$ scope {ex['scope']}" + (f", tool {ex['tool']}" if ex.get("tool") else ""))
    payload = ex["payload"]
    lines = (json.dumps(payload, ensure_ascii=False) if isinstance(payload, dict) else payload.rstrip("\n")).splitlines()
    print("\n".join(lines[:SHOWN_LINES]) + (f"\n… ({len(lines) - SHOWN_LINES} more lines)" if len(lines) > SHOWN_LINES else ""))
    print("action:  ", v.action)
    for f in v.findings:
        print("finding: ", f.rule, f.code, f.action, "-", f.reason, "preview:", f.preview)
    if v.message:
        print("message: ", v.message)
    if v.output is not None:
        print("output:\n" + (json.dumps(v.output, ensure_ascii=False) if isinstance(v.output, dict) else v.output))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--json",
        action="store_true",
        help="one JSON line per example: file, shows, expect, action, rules",
    )
    a = ap.parse_args()
    g = Guard()
    status = g.status()
    if a.json:
        for name, ex in examples():
            v = g.inspect(ex["scope"], ex.get("tool", ""), ex["payload"])
            rules = sorted({f.rule for f in v.findings})
            print(
                json.dumps(
                    {
                        "file": name,
                        "shows": ex["shows"],
                        "expect": ex["expect"],
                        "action": v.action,
                        "rules": rules,
                    }
                )
            )
        return
    print("module sha256:", status["module_sha256"])
    print(
        "policy:",
        status["source"],
        "(valid)" if status["valid"] else f"(invalid: {status['error']})",
    )
    for _, ex in examples():
        show(g, ex)


if __name__ == "__main__":
    main()
