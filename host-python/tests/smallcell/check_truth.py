"""An engine-free check of a generated set's truth (``gen.py``): every relation holds on the true
values, every bound and pre-suppression marker holds, every percentage matches its count, the
audit's matcher finds every table in the text as written and with every cell suppressed, and each
primary is pinned by the relations when every other cell is published only where its table has
margins. Run by the set's writer, not against the engine.

    python host-python/tests/smallcell/check_truth.py [--v2 | ... | --v14]
"""

from __future__ import annotations

import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from audit import interval, locate
from gen import SUPPRESSED, cases

NUMBER = re.compile(r"[+-]?[\d,]+L?")


def check(case, t: int = 5) -> list[str]:
    out = []
    ids = {tok[1] for tok in case.tokens if tok[0] in ("cell", "pct")}
    for tok in case.tokens:
        if tok[0] == "cell" and tok[1] not in case.values:
            out.append(f"cell {tok[1]} has no value")
        if tok[0] == "pct" and tok[1] not in case.pcts:
            out.append(f"pct {tok[1]} has no count")
        written = tok[0] == "cell" and tok[1] in case.values and tok[1] not in case.masks and NUMBER.fullmatch(tok[2])
        if written and int(tok[2].replace(",", "").rstrip("L")) != case.values[tok[1]]:
            out.append(f"cell {tok[1]} written {tok[2]!r}, value {case.values[tok[1]]}")
    for plus, minus in case.relations:
        for i in (*plus, *minus):
            if i not in case.values:
                out.append(f"relation names {i}, which has no value")
        known = all(i in case.values for i in (*plus, *minus))
        if known and sum(case.values[i] for i in plus) != sum(case.values[i] for i in minus):
            out.append(f"relation {plus} = {minus} does not hold")
    for i, (lo, hi) in {**case.bounds, **case.masks}.items():
        v = case.values[i]
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            out.append(f"{i} = {v} outside its bounds ({lo}, {hi})")
    for i, v in case.values.items():
        if v < 0 and i not in case.derived and i not in case.bounds:
            out.append(f"{i} negative")
    for pid, num in case.pcts.items():
        if num not in case.values:
            out.append(f"pct {pid} names {num}, which has no value")
    for pid, others in getattr(case, "pct_from", {}).items():
        if pid not in case.pcts:
            out.append(f"pct_from {pid} is no percentage")
            continue
        tok = next((x for x in case.tokens if x[0] == "pct" and x[1] == pid), None)
        if tok is None:
            continue
        p = float(re.search(r"-?\d+(?:[.,]\d+)?", tok[2]).group().replace(",", "."))
        num, base = case.values[case.pcts[pid]], case.values[others[0]]
        if base == 0:
            continue
        want = 100.0 * (num - base) / base if case.layout == "pct_change" else 100.0 * num / base
        if abs(abs(p) - abs(want)) > 0.051:
            out.append(f"pct {pid} written {tok[2]}, computed {want:.2f}")
    # the matcher finds every table as written and fully suppressed
    pub, problems, _ = locate(case, case.text)
    out += [f"as written: {x}" for x in problems]
    if any(pub.get(i) is None for i in ids):
        out.append("as written: a cell reads as hidden")
    hidden = "".join(SUPPRESSED if tok[0] in ("cell", "pct") else tok[-1] for tok in case.tokens if tok[0] != "table")
    pub, problems, _ = locate(case, hidden)
    out += [f"all suppressed: {x}" for x in problems]
    if any(pub.get(i) is not None for i in ids):
        out.append("all suppressed: a cell reads as published")
    return out


def pinned(case, t: int) -> Counter:
    """Primaries pinned (interval width 0) or not when every other cell is published."""
    c = Counter()
    cells = [i for i in case.values if i not in case.unpublished]
    for p in cells:
        if not (1 <= case.values[p] < t) or p in case.derived:
            continue
        pub = {i: "x" for i in cells if i != p}
        pub[p] = None
        lo, hi = interval(case, pub, p, set(), set(case.unpublished), dict(case.bounds))
        c["pinned" if hi - lo < 1e-6 else "open"] += 1
        if not (lo - 1e-6 <= case.values[p] <= hi + 1e-6):
            c["TRUE VALUE OUTSIDE"] += 1
    return c


def main() -> int:
    args = sys.argv[1:]
    flags = {f"v{k}": f"--v{k}" in args for k in range(2, 15)}
    bad = 0
    by_layout: dict = defaultdict(Counter)
    for case in cases(**{k: v for k, v in flags.items() if v}):
        if case.kind != "table":
            continue
        problems = check(case)
        if problems:
            bad += 1
            print(case.name, problems[:3])
        by_layout[case.layout] += pinned(case, 5 if case.policy == "default" else 10)
    for lay, c in sorted(by_layout.items()):
        print(f"{lay:<24} {dict(c)}")
    print("cases with problems:", bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
