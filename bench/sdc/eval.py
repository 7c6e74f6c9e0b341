#!/usr/bin/env python3
"""Small-cell evaluation: every table of tests/corpora/sdc/ through the *component* at t=5 and
t=10, audited by an attacker LP that shares nothing with the engine (scipy/HiGHS, relations from
the corpus's structure.json, cells mapped back by their row/column labels).

Per table it prints primaries, hidden cells, exact disclosures, under-protected primaries (width
< t), min width / t, visible % / "n (%)" leaks, hidden vs the count-optimal reference, secondary
value vs the value-optimal reference (where the corpus gives one) and the time of the call in the
component. Exit status 1 on any disclosure, under-protection or percentage leak.

    bench/sdc/setup.sh                       # venv with scipy + wasmtime (once)
    target/sc-venv/bin/python bench/sdc/eval.py [--wasm dist/egress_guard.wasm] [--only t1]
"""

import argparse
import csv
import json
import re
import sys
import time
from pathlib import Path

import numpy as np
from scipy.optimize import linprog

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests/corpora/sdc"
sys.path.insert(0, str(ROOT / "host-python/src"))
from egress_guard import Guard

SUPPRESSED = "[suppressed]"
# (markdown file, structure file)
TABLES = [
    ("t01_tenure_by_region_3x3", None),
    ("t02_two_column_rows", None),
    ("t03_two_primaries_same_row", None),
    ("t04_zeros_class_disclosure", None),
    ("t04b_zero_neighbours", None),
    ("t05_single_row", None),
    ("t06_single_column", None),
    ("t07_no_margins", None),
    ("t09_region_sex_age_multiheader", "t09_region_sex_age"),
    ("t10_hierarchical_rows", None),
    ("t11a_linked_region_by_sex", None),
    ("t11b_linked_region_by_age", None),
    ("t11c_linked_region_totals", None),
    ("t12_admissions_diag_by_age_10x8", None),
    ("t13_la_by_ethnicity_20x12", None),
    ("t14_occupation_by_region_30x15", None),
    ("t18a_hours_bands_v1", None),
    ("t18b_hours_bands_v2", None),
    ("t19_course_by_provider_25x40", None),
    ("t16_district_by_age_50x50_dense", None),
    ("t15_district_by_age_50x50_sparse", None),
    ("t20_all_small", None),
    ("t21_singletons", None),
]
# Secondary value sums of the value-optimal solutions that come with the corpus (its README);
# tables where both objectives agree take the count-optimal figure from tests/corpora/sdc/reference/.
VALUE_OPT = {
    ("t09_region_sex_age", 5): 266,
    ("t09_region_sex_age", 10): 361,
    ("t12_admissions_diag_by_age_10x8", 10): 280,
    ("t13_la_by_ethnicity_20x12", 5): 113,
    ("t13_la_by_ethnicity_20x12", 10): 92,
    ("t14_occupation_by_region_30x15", 5): 165,
    ("t14_occupation_by_region_30x15", 10): 174,
}
SAME_OPT = {
    "t01_tenure_by_region_3x3",
    "t03_two_primaries_same_row",
    "t10_hierarchical_rows",
    "t18a_hours_bands_v1",
    "t18b_hours_bands_v2",
    "t21_singletons",
}


def reference():
    ref = {}
    for f in sorted((CORPUS / "reference").glob("reference_results_*.csv")):
        for r in csv.DictReader(open(f)):
            if r["pattern"] == "optimal" and r["hidden_total"]:
                ref[(r["table"], int(r["t"]))] = (
                    int(r["hidden_total"]),
                    int(r["secondary_value_sum"]),
                )
    return ref


def plain(s):
    s = s.strip()
    while len(s) > 4 and s.startswith("**") and s.endswith("**"):
        s = s[2:-2].strip()
    return s


def md_rows(text):
    """Markdown table rows (cells as strings) in order, the alignment row dropped."""
    rows = []
    for line in text.splitlines():
        t = line.strip()
        if t.startswith("|") and t.endswith("|") and not re.fullmatch(r"[|:\-\s]+", t):
            rows.append([c for c in t[1:-1].split("|")])
    return rows


def is_number(s):
    return re.fullmatch(r"\d[\d,]*", plain(s)) is not None


def published(text, cells, three_d):
    """Map each structure cell to its published text by labels."""
    rows = md_rows(text)
    nhead = next(i for i, r in enumerate(rows) if any(is_number(c) or plain(c) == SUPPRESSED for c in r[1:]))
    heads = rows[:nhead]
    cols = {}
    for j in range(len(rows[0])):
        key = tuple(plain(h[j]) for h in heads if plain(h[j]))
        cols.setdefault(key, j)
    body = {plain(r[0]): r for r in rows[nhead:]}
    out = []
    for c in cells:
        ck = (c["sex"], c["age"]) if three_d else (c["col"],)
        rk = c["region"] if three_d else c["row"]
        out.append(plain(body[rk][cols[ck]]))
    return out


def interval(values, hidden, relations, p):
    n = len(values)
    upper = max(values)
    bounds = [((0, 0) if values[i] == 0 else (0, upper)) if hidden[i] else (values[i], values[i]) for i in range(n)]
    a = np.zeros((len(relations), n))
    for k, r in enumerate(relations):
        a[k, r["parts"]] = 1
        a[k, r["total"]] = -1
    c = np.zeros(n)
    c[p] = 1
    lo = linprog(c, A_eq=a, b_eq=np.zeros(len(relations)), bounds=bounds, method="highs")
    hi = linprog(-c, A_eq=a, b_eq=np.zeros(len(relations)), bounds=bounds, method="highs")
    assert lo.status == 0 and hi.status == 0
    return lo.x[p], hi.x[p]


def percent_leaks(wasm, t):
    """t08 / t08b: no visible percentage beside a hidden count and no visible "n (%)" cell whose
    count is below t."""
    leaks = 0
    g = Guard(policy_text=f"rules:\n  smallcell:\n    threshold: {t}\n", wasm=wasm)
    for name in ["t08_percentages_rates", "t08b_n_percent_cells"]:
        src = (CORPUS / f"{name}.md").read_text()
        v = g.inspect_reply(src)
        out = v.output or src
        for row in md_rows(out)[1:]:
            cells = [plain(c) for c in row[1:]]
            for c in cells:
                m = re.fullmatch(r"(\d+) \(.*%\)", c)
                leaks += bool(m and int(m.group(1)) < t)
            if SUPPRESSED in cells:
                # Any visible percentage in a row with a hidden count must be named after a
                # visible count column (t08: none is), so any visible decimal is a leak.
                leaks += sum(1 for c in cells if re.fullmatch(r"\d+\.\d+%?", c))
        for row in md_rows(out)[1:]:
            for c in row[1:]:
                if is_number(c) and 0 < int(plain(c).replace(",", "")) < t and "Total" not in row[0]:
                    leaks += 1
    return leaks


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--wasm", default=str(ROOT / "dist/egress_guard.wasm"))
    ap.add_argument("--only", default="")
    args = ap.parse_args()
    ref = reference()
    bad = 0
    tot = {"hidden": 0, "ref": 0, "sec_value": 0, "value_ref": 0}
    withheld = []
    print(
        f"{'table':<34} {'t':>2} {'cells':>5} {'prim':>4} {'hidden':>6} {'exact':>5} {'under':>5} {'minw/t':>6} "
        f"{'ref':>4} {'h/ref':>5} {'secval':>6} {'valref':>6} {'ms':>7}"
    )
    for t in (5, 10):
        g = Guard(policy_text=f"rules:\n  smallcell:\n    threshold: {t}\n", wasm=args.wasm)
        assert g.engine_error is None, g.engine_error
        for md, st in TABLES:
            if args.only not in md:
                continue
            st = st or md
            s = json.loads((CORPUS / f"{st}.structure.json").read_text())
            cells, rels = s["cells"], s["relations"]
            values = [c["value"] for c in cells]
            text = (CORPUS / f"{md}.md").read_text()
            g.inspect_reply(text)  # warm the instance
            started = time.perf_counter()
            v = g.inspect_reply(text)
            ms = (time.perf_counter() - started) * 1e3
            primaries = [i for i, x in enumerate(values) if 1 <= x < t]
            out = v.output if v.output is not None else text
            key = (st, t)
            r = ref.get(key)
            if "[table withheld:" in out:
                withheld.append(f"{md} t={t}")
                print(f"{md:<34} {t:>2} {len(values):>5} {len(primaries):>4} {'withheld (nothing published)':>40} {'':>18} {ms:>7.1f}")
                continue
            pub = published(out, cells, "sex" in cells[0])
            hidden = [p == SUPPRESSED for p in pub]
            assert all(hidden[i] or int(pub[i].replace(",", "")) == values[i] for i in range(len(values))), md
            widths = [(lambda lo_hi: lo_hi[1] - lo_hi[0])(interval(values, hidden, rels, p)) if hidden[p] else 0.0 for p in primaries]
            exact = sum(w < 1e-6 for w in widths)
            under = sum(w < t - 1e-6 for w in widths)
            bad += exact + under
            nh = sum(hidden)
            sec_value = sum(values[i] for i in range(len(values)) if hidden[i] and not (1 <= values[i] < t))
            vref = VALUE_OPT.get(key, r[1] if r and st in SAME_OPT else None)
            if r:
                tot["hidden"] += nh
                tot["ref"] += r[0]
            if vref is not None:
                tot["sec_value"] += sec_value
                tot["value_ref"] += vref
            minw = min(widths) / t if widths else float("nan")
            print(
                f"{md:<34} {t:>2} {len(values):>5} {len(primaries):>4} {nh:>6} {exact:>5} {under:>5} {minw:>6.2f} "
                f"{r[0] if r else '-':>4} {nh / r[0] if r else float('nan'):>5.2f} {sec_value:>6} {vref if vref is not None else '-':>6} {ms:>7.1f}"
            )
        leaks = percent_leaks(args.wasm, t)
        print(f"t={t}: visible % / n (%) cells giving back a hidden count (t08, t08b): {leaks}")
        bad += leaks
    print(f"\nhidden cells on tables with a count-optimal reference: {tot['hidden']} vs {tot['ref']} ({tot['hidden'] / max(tot['ref'], 1):.3f}x)")
    print(
        f"secondary value on tables with a value-optimal reference: {tot['sec_value']} vs {tot['value_ref']} "
        f"({tot['sec_value'] / max(tot['value_ref'], 1):.3f}x)"
    )
    print(f"withheld (work budget or no safe pattern): {', '.join(withheld) or 'none'}")
    print("violations:", bad)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
