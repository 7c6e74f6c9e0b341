"""The demo: every example of ``examples/demo/`` through the component, on the built-in default
policy, through the Python host (the same ``.wasm`` every host loads), and the verdict shown.

    .venv/bin/python scripts/demo.py            # what scripts/demo.sh prints
    .venv/bin/python scripts/demo.py --json     # one line per example, for the tests

An example is one YAML file (see ``examples/demo/README.md``); they run in file-name order. A
session example (``steps:``) runs its calls in order in one session, on the default policy with
the keys its ``policy:`` sets.
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
SESSION_FIELDS = {"title", "shows", "policy", "steps"}
STEP_FIELDS = {"shows", "expect", "scope", "tool", "payload", "says"}
#: Lines of an example's payload printed before its verdict.
SHOWN_LINES = 12


def examples() -> list[tuple[str, dict]]:
    out = []
    for path in sorted(EXAMPLES.glob("*.yaml")):
        ex = yaml.safe_load(path.read_text(encoding="utf-8"))
        if "steps" in ex:
            problems = [(path.name, {"title", "shows", "steps"} - set(ex), set(ex) - SESSION_FIELDS)]
            for i, step in enumerate(ex["steps"]):
                problems.append((f"{path.name} step {i + 1}", {"shows", "expect", "scope", "payload"} - set(step), set(step) - STEP_FIELDS))
        else:
            problems = [(path.name, {"title", "shows", "expect", "scope", "payload"} - set(ex), set(ex) - FIELDS)]
        for where, missing, unknown in problems:
            if missing or unknown:
                sys.exit(f"{where}: missing {sorted(missing)}, unknown {sorted(unknown)}")
        out.append((path.name, ex))
    return out


def calls(ex: dict) -> list[dict]:
    """The calls of an example: its steps, or the example itself."""
    return ex.get("steps", [ex])


def guard_for(default: Guard, ex: dict) -> Guard:
    return Guard(policy_text=ex["policy"]) if "policy" in ex else default


def verdicts(default: Guard, ex: dict):
    """Each call of the example with its verdict, the steps of a session example in one session."""
    g = guard_for(default, ex)
    session = "demo" if "steps" in ex else None
    for call in calls(ex):
        yield call, g.inspect(call["scope"], call.get("tool", ""), call["payload"], session=session)


def show(ex: dict, call: dict, v) -> None:
    if call is ex or call is ex["steps"][0]:
        print(f"\n== {ex['title']}")
    if call is not ex:
        print(f"-- {call['says']}" if call.get("says") else "--")
    print(f"$ scope {call['scope']}" + (f", tool {call['tool']}" if call.get("tool") else ""))
    payload = call["payload"]
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
            for call, v in verdicts(g, ex):
                rules = sorted({f.rule for f in v.findings})
                print(json.dumps({"file": name, "shows": call["shows"], "expect": call["expect"], "action": v.action, "rules": rules}))
        return
    print("module sha256:", status["module_sha256"])
    print(
        "policy:",
        status["source"],
        "(valid)" if status["valid"] else f"(invalid: {status['error']})",
    )
    for _, ex in examples():
        for call, v in verdicts(g, ex):
            show(ex, call, v)


if __name__ == "__main__":
    main()
