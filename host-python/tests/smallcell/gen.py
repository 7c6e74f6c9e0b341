"""A generator of table layouts for the small-cell and microdata rules, with the truth an
independent audit needs: every count cell, every relation a reader knows (totals wherever they
sit, subtotals, hierarchies, margins shared between tables), every percentage and what it is a
percentage of, and where each cell sits in the text.

A case is one outgoing text: tables written in one *format* (``split.FORMATS``) in one *layout*
(``split.LAYOUTS``), with a little prose around them. ``cases(seed)`` makes the whole set,
deterministically. Texts are built from tokens (literal text and cells) so that the audit can
find every cell again in the guard's output without reading the table the way the engine does.
"""

from __future__ import annotations

import html
import json
import math
import random
import re
import unicodedata
from dataclasses import dataclass, field

from split import (
    FORMATS,
    V2_FORMATS,
    V2_LAYOUTS,
    V3_FORMATS,
    V3_LATER,
    V3_LAYOUTS,
    V4_FORMATS,
    V4_LAYOUTS,
    V5_FORMATS,
    V5_LAYOUTS,
    V6_FORMATS,
    V6_LAYOUTS,
    V7_FORMATS,
    V7_LAYOUTS,
    V8_FORMATS,
    V8_LAYOUTS,
    V9_FORMATS,
    V9_LAYOUTS,
    V10_FORMATS,
    V10_LAYOUTS,
    V11_FORMATS,
    V11_LAYOUTS,
    V12_FORMATS,
    V12_LAYOUTS,
    V13_FORMATS,
    V13_LAYOUTS,
    V14_FORMATS,
    V14_LAYOUTS,
    held_out,
)

REGIONS = ["North", "South", "East", "West", "Peace Valley", "Riverside", "Hillcrest", "Old Town", "Lakeside", "Fenland"]
COLS = ["Owner", "Renter", "Social", "Other", "Shared"]
SEX = ["Male", "Female"]
AGES = ["0-15", "16-64", "65+"]
SUPPRESSED = "[suppressed]"


# ---- the truth ----


@dataclass
class Grid:
    """One table: labels, counts and the relations between its cells (by (row, col))."""

    row_labels: list[str]
    col_labels: list[str]
    values: list[list[int]]
    row_name: str = "region"
    col_name: str = "tenure"
    relations: list[tuple[list[tuple[int, int]], tuple[int, int]]] = field(default_factory=list)
    # (row, col) of cells the text does not show (a ragged row's missing field)
    missing: set = field(default_factory=set)
    # percentage columns: (after count column c, base column or None for the grand total)
    pct: list[tuple[int, int | None]] = field(default_factory=list)
    level: list[int] | None = None  # a Level column
    indent: list[int] | None = None  # indentation per row
    total_label: str = "Total"
    flags: dict = field(default_factory=dict)  # (r, c) -> suffix after the number
    float_cols: set = field(default_factory=set)
    col_groups: list[str] | None = None  # an upper header row (two-row headers)
    rate: tuple[int, int, str] | None = None  # (numerator col, base col, header): a rate column
    hidden_cols: set = field(default_factory=set)  # columns the text does not show at all
    extra: list | None = None  # label columns after the row label: (name, value per row)
    pct_inline: bool = False  # each percentage in its count's cell: `3 (4.2%)`
    # quantities the text never shows (an "of which" row's complement, a rounding error), named
    # ("s", i) in relations; their bounds when not just non-negative
    slack: list = field(default_factory=list)
    slack_bounds: dict = field(default_factory=dict)
    # pre-suppressed cells: (r, c) -> (marker, lo, hi), the bounds a reader learns from the marker
    masks: dict = field(default_factory=dict)
    prose_total: bool = False  # the grand total only in a sentence after the table
    rounded_cols: set = field(default_factory=set)  # columns of rounded counts (a 0 there is no known zero)
    pct_labels: dict = field(default_factory=dict)  # count column -> header of its percentage (else "%")
    # set 4: relations across the case's tables, in case ids ((table, r, c)): (parts, total)
    cross: list = field(default_factory=list)
    derived_cols: set = field(default_factory=set)  # columns that are not counts (a change, a rank, a mean)
    derived_bounds: dict = field(default_factory=dict)  # derived column -> (lo, hi) when not non-negative
    signed_cols: set = field(default_factory=set)  # columns written with a sign (`+3`, `-2`)
    marks: dict = field(default_factory=dict)  # (r, c) -> footnote mark after the number (`3¹`)
    notes: str = ""  # text right after the table (footnotes)
    intro: str | None = None  # the sentence before the table (else one of INTROS)
    fence: str | None = None  # the opening fence (else by format)
    styles: tuple = ()  # a case's choices of style (the same in every table of the case)
    # set 5
    head_row: int | None = None  # a row shown in the column headers (`Owner (n=45)`), not in the body
    head_fmt: str = " (n={})"  # how a header carries its count
    mid_label: bool = False  # the row label between the count columns (a population pyramid)
    pct_base_row: int | None = None  # percentages of this row's cell in the same column (column %)
    ci: dict = field(default_factory=dict)  # (r, c) -> (lo, hi, (open, sep, close)): `12 (8-17)`
    extra_values: dict = field(default_factory=dict)  # local id (a tuple) -> value of cells outside the grid
    extra_derived: set = field(default_factory=set)  # local ids of extra cells that are no counts
    after: list = field(default_factory=list)  # tokens after the table: ("lit", s) | ("cell", local id, s)
    # set 7
    col_pct: dict = field(default_factory=dict)  # count column -> header of its column percentage (of the last row)
    extra_masks: dict = field(default_factory=dict)  # local id of an extra cell -> (lo, hi) its text tells (a bar)
    # set 8
    before: list = field(default_factory=list)  # tokens between the sentence before the table and the table (a count in a heading)
    of_base: dict = field(default_factory=dict)  # count column -> base column: each count written with its base, `3/40`
    # set 9
    pct_delta: set = field(default_factory=set)  # count columns whose percentage is its change from the base column (`+12.5%`)
    pct_where_shown: bool = False  # no percentage where the count is missing (a cohort triangle)
    extra_pcts: dict = field(default_factory=dict)  # local id of a percentage outside the grid -> local id of its count
    pct_from: dict = field(default_factory=dict)  # local percentage id -> local ids of the other counts it is computed from
    zeros_left_out: bool = False  # a missing cell of value 0 is known to be 0 (`uniq -c` prints no line for it)
    # set 10
    col_bases: dict = field(default_factory=dict)  # count column -> the base of its percentages (a column total in another table)
    pct_from_case: dict = field(default_factory=dict)  # local percentage id -> case ids of the counts it is computed from
    # set 11
    eqs: list = field(default_factory=list)  # relations in case ids with lists on both sides: (plus, minus), an id repeated k times
    derived_cells: set = field(default_factory=set)  # (r, c) of single cells that are no counts (a mean row's cells)
    label_counts: dict = field(default_factory=dict)  # row -> (local id, label before, count, label after): `North (n=45)`
    # set 12
    pct_plain: bool = False  # percentages (a ratio per 100) written without `%`: `104.3`, `12 (10.0)`
    pct_parent: dict = field(default_factory=dict)  # row -> the row whose cell in the same column is the base of its percentage
    headings: dict = field(default_factory=dict)  # row -> (heading, variable, rows): a heading line before a block of rows
    # set 13
    pct_rows: dict = field(default_factory=dict)  # row -> (count row, base row): a row of percentages in the count columns (a long listing's measure)
    cell_bounds: dict = field(default_factory=dict)  # (r, c) -> (lo, hi) of a single cell that is no count (a net change row)


@dataclass
class Case:
    name: str
    fmt: str
    layout: str
    kind: str  # "table", "prose", "microdata", "negative"
    policy: str  # "default" or "research"
    tokens: list = field(default_factory=list)  # ("lit", s) | ("cell", id, s) | ("pct", id, s) | ("table", k) marks
    values: dict = field(default_factory=dict)  # cell id -> value
    relations: list = field(default_factory=list)  # (plus ids, minus ids): sum(plus) == sum(minus)
    unpublished: set = field(default_factory=set)  # cell ids never shown (free to the attacker)
    pcts: dict = field(default_factory=dict)  # pct id -> numerator cell id
    prose_small: list = field(default_factory=list)  # prose number ids that must go (research policy)
    tables: int = 0
    bounds: dict = field(default_factory=dict)  # unpublished id -> (lo, hi) when not (0, None)
    masks: dict = field(default_factory=dict)  # cell id -> (lo, hi) a left pre-suppression marker tells
    rounded: set = field(default_factory=set)  # cell ids of rounded values: hidden, a 0 there is not known
    derived: set = field(default_factory=set)  # cell ids that are no counts (a change, a rank, a mean)
    suffixes: dict = field(default_factory=dict)  # cell id -> a footnote mark a suppressed cell may keep
    pct_from: dict = field(default_factory=dict)  # pct id -> the other count ids it is computed from (its base, set 9)

    @property
    def held_out(self) -> bool:
        return held_out(self.fmt, self.layout)

    @property
    def v2(self) -> bool:
        return self.fmt in V2_FORMATS or self.layout in V2_LAYOUTS

    @property
    def v3(self) -> bool:
        return self.fmt in V3_FORMATS or self.layout in V3_LAYOUTS

    @property
    def v4(self) -> bool:
        return self.fmt in V4_FORMATS or self.layout in V4_LAYOUTS

    @property
    def v5(self) -> bool:
        return self.fmt in V5_FORMATS or self.layout in V5_LAYOUTS

    @property
    def v6(self) -> bool:
        return self.fmt in V6_FORMATS or self.layout in V6_LAYOUTS

    @property
    def v7(self) -> bool:
        return self.fmt in V7_FORMATS or self.layout in V7_LAYOUTS

    @property
    def v8(self) -> bool:
        return self.fmt in V8_FORMATS or self.layout in V8_LAYOUTS

    @property
    def v9(self) -> bool:
        return self.fmt in V9_FORMATS or self.layout in V9_LAYOUTS

    @property
    def v10(self) -> bool:
        return self.fmt in V10_FORMATS or self.layout in V10_LAYOUTS

    @property
    def v11(self) -> bool:
        return self.fmt in V11_FORMATS or self.layout in V11_LAYOUTS

    @property
    def v12(self) -> bool:
        return self.fmt in V12_FORMATS or self.layout in V12_LAYOUTS

    @property
    def v13(self) -> bool:
        return self.fmt in V13_FORMATS or self.layout in V13_LAYOUTS

    @property
    def v14(self) -> bool:
        return self.fmt in V14_FORMATS or self.layout in V14_LAYOUTS

    @property
    def text(self) -> str:
        return "".join(t[-1] for t in self.tokens if t[0] != "table")


class Tokens:
    def __init__(self, case: Case, table: int):
        self.case, self.table = case, table

    def lit(self, s: str) -> None:
        self.case.tokens.append(("lit", s))

    def cell(self, r: int, c: int, s: str) -> None:
        self.case.tokens.append(("cell", (self.table, r, c), s))

    def pct(self, r: int, c: int, s: str) -> None:
        self.case.tokens.append(("pct", (self.table, r, c, "%"), s))


# ---- numbers as the format writes them ----


def num(v: int, fmt: str, g: Grid, r: int, c: int) -> str:
    if (r, c) in g.masks:
        return html.escape(g.masks[(r, c)][0]) if fmt == "html" else g.masks[(r, c)][0]
    if c in g.signed_cols:
        return f"{v:+d}"
    if (r, c) in g.marks:
        return f"{v}{g.marks[(r, c)]}"
    if c in g.float_cols:
        return f"{v}.0" + g.flags.get((r, c), "")
    if (r, c) in g.flags:
        return f"{v}{g.flags[(r, c)]}"
    if v >= 1000 and g.flags.get("locale"):
        s = f"{v:,}"
        return s.replace(",", ".") if fmt == "semicolon" else s.replace(",", " ") if fmt in ("markdown", "html", "latex") else s
    return str(v)


def pct_text(p: float, fmt: str) -> str:
    s = f"{p:.1f}"
    return (s.replace(".", ",") + " %") if fmt == "semicolon" else s + "%"


# ---- layouts: the truth of one or two tables ----


def inner(rng: random.Random, rows: int, cols: int, small: int) -> list[list[int]]:
    def one() -> int:
        x = rng.random()
        return rng.randint(1, small - 1) if x < 0.25 else 0 if x < 0.3 else rng.randint(small, 120)

    return [[one() for _ in range(cols)] for _ in range(rows)]


def with_totals(rng, labels, cols, small, total_row_at="last", total_col_at="last", total="Total") -> Grid:
    vals = inner(rng, len(labels), len(cols), small)
    rows = list(labels)
    cl = list(cols)
    # Column total first (values per row), then the row total.
    if total_col_at:
        at = len(cl) if total_col_at == "last" else 0
        for row in vals:
            row.insert(at, sum(row))
        cl.insert(at, total)
    ncols = len(cl)
    if total_row_at:
        at = len(rows) if total_row_at == "last" else 0
        tot = [sum(row[c] for row in vals) for c in range(ncols)]
        vals.insert(at, tot)
        rows.insert(at, total)
    g = Grid(rows, cl, vals, total_label=total)
    tr = rows.index(total) if total_row_at else None
    tc = cl.index(total) if total_col_at else None
    body = [r for r in range(len(rows)) if r != tr]
    parts_c = [c for c in range(ncols) if c != tc]
    if tc is not None:
        for r in range(len(rows)):
            g.relations.append(([(r, c) for c in parts_c], (r, tc)))
    if tr is not None:
        for c in range(ncols):
            g.relations.append(([(r, c) for r in body], (tr, c)))
    return g


def layout_grids(layout: str, rng: random.Random, small: int) -> list[Grid]:
    nr, nc = rng.randint(3, 5), rng.randint(2, 4)
    labels = rng.sample(REGIONS, nr)
    cols = COLS[:nc]
    if layout in ("totals_last", "percent_cols", "ragged_row", "cell_flags", "locale_numbers", "id_label", "year_columns"):
        if layout == "year_columns":
            cols = [str(y) for y in range(2019, 2019 + nc)]
        g = with_totals(rng, labels, cols, small)
        if layout == "id_label":
            g.row_name = "clinic_id"
            g.row_labels = [lab if lab == "Total" else f"C{100 + i}" for i, lab in enumerate(g.row_labels)]
        if layout == "cell_flags":
            c = rng.randrange(len(g.col_labels) - 1)
            if rng.random() < 0.5:
                g.float_cols.add(c)
            for r in range(len(g.row_labels) - 1):
                for cc in range(len(g.col_labels)):
                    if rng.random() < 0.3:
                        g.flags[(r, cc)] = rng.choice(["*", "†", " pts"])
        if layout == "locale_numbers":
            g.flags["locale"] = True
            for row in g.values:
                for c in range(len(row)):
                    if row[c] >= small:
                        row[c] *= 37
            # keep the totals true after scaling
            g = rescale(g)
        if layout == "ragged_row":
            r = rng.randrange(len(g.row_labels) - 1)
            g.missing.add((r, len(g.col_labels) - 1))
        if layout == "percent_cols":
            g.pct.append((0, len(g.col_labels) - 1))
        return [g]
    if layout == "totals_both_ends":
        return [with_totals(rng, labels, cols, small, "last", "first")]
    if layout == "col_hierarchy_dash":
        parents = rng.sample(["East", "West", "North"], 2)
        kids = {p: [f"{p} - {k}" for k in rng.sample(REGIONS[4:], 2)] for p in parents}
        cl, vals, rel = [], [[] for _ in labels], []
        for p in parents:
            pc = len(cl)
            cl.append(p)
            kc = list(range(pc + 1, pc + 1 + len(kids[p])))
            cl.extend(kids[p])
            for r in range(len(labels)):
                kv = inner(rng, 1, len(kids[p]), small)[0]
                vals[r].extend([sum(kv), *kv])
                rel.append(([(r, c) for c in kc], (r, pc)))
        vals.append([sum(v[c] for v in vals) for c in range(len(cl))])
        g = Grid([*labels, "Total"], cl, vals, relations=rel)
        for c in range(len(cl)):
            g.relations.append(([(r, c) for r in range(len(labels))], (len(labels), c)))
        return [g]
    if layout == "two_row_header":
        cl = [a for _ in SEX for a in AGES] + ["Total"]
        vals = inner(rng, nr, len(SEX) * len(AGES), small)
        for row in vals:
            row.append(sum(row))
        g = Grid(labels, cl, vals, col_groups=[s_ for s_ in SEX for _ in AGES] + ["Total"])
        for r in range(nr):
            g.relations.append(([(r, c) for c in range(len(cl) - 1)], (r, len(cl) - 1)))
        return [g]
    if layout == "linked_oneway_by_column":
        g = with_totals(rng, labels, cols, small, "last", "last")
        inner_rows = range(len(g.row_labels) - 1)
        one = Grid(list(cols), ["n"], [[sum(g.values[r][c] for r in inner_rows)] for c in range(len(cols))], row_name="tenure", col_name="")
        return [g, one]
    if layout == "rate_per_1000":
        pops = [rng.randint(400, 20000) for _ in labels]
        deaths = [rng.choice([rng.randint(1, small - 1), rng.randint(small, 300)]) for _ in labels]
        vals = [[p, d] for p, d in zip(pops, deaths, strict=True)]
        vals.append([sum(pops), sum(deaths)])
        g = Grid([*labels, "Total"], ["Population", "Deaths"], vals, rate=(1, 0, "Deaths per 1,000"))
        for c in range(2):
            g.relations.append(([(r, c) for r in range(len(labels))], (len(labels), c)))
        if rng.random() < 0.5:
            g.hidden_cols.add(1)
        return [g]
    if layout == "totals_first":
        return [with_totals(rng, labels, cols, small, "first", "first")]
    if layout == "totals_middle":
        # Total column between two breakdowns of it (sex | total | age), total row last.
        vals = []
        for _ in labels:
            s = [rng.choice([rng.randint(1, small - 1), rng.randint(small, 90)]) for _ in SEX]
            t = sum(s)
            a = split_sum(rng, t, len(AGES))
            vals.append([*s, t, *a])
        cl = [*SEX, "Total", *AGES]
        vals.append([sum(v[c] for v in vals) for c in range(len(cl))])
        g = Grid([*labels, "Total"], cl, vals)
        n = len(g.row_labels)
        for r in range(n):
            g.relations.append(([(r, 0), (r, 1)], (r, 2)))
            g.relations.append(([(r, 3), (r, 4), (r, 5)], (r, 2)))
        for c in range(len(cl)):
            g.relations.append(([(r, c) for r in range(n - 1)], (n - 1, c)))
        return [g]
    if layout == "no_totals":
        return [Grid(labels, cols, inner(rng, nr, nc, small))]
    if layout == "several_totals":
        a, b = labels[:2], labels[2:4] if len(labels) >= 4 else [*labels[2:], "Lakeside"]
        va, vb = inner(rng, 2, nc, small), inner(rng, len(b), nc, small)
        sa = [sum(x[c] for x in va) for c in range(nc)]
        sb = [sum(x[c] for x in vb) for c in range(nc)]
        tot = [sa[c] + sb[c] for c in range(nc)]
        rows = [*a, "Subtotal A", *b, "Subtotal B", "Total"]
        g = Grid(rows, cols, [*va, sa, *vb, sb, tot])
        ia, ib = [0, 1], list(range(3, 3 + len(b)))
        sA, sB, T = 2, 3 + len(b), 4 + len(b)
        for c in range(nc):
            g.relations.append(([(r, c) for r in ia], (sA, c)))
            g.relations.append(([(r, c) for r in ib], (sB, c)))
            g.relations.append(([(sA, c), (sB, c)], (T, c)))
        return [g]
    if layout.startswith("hier"):
        depth = 3 if layout.startswith("hier3") else 2
        return [hierarchy(rng, depth, layout, small, cols)]
    if layout == "linked_oneway_crosstab":
        g = with_totals(rng, labels, cols, small, "last", None if rng.random() < 0.5 else "last")
        inner_cols = [c for c, lab in enumerate(g.col_labels) if lab != "Total"]
        one = Grid(g.row_labels[:-1], ["n"], [[sum(g.values[r][c] for c in inner_cols)] for r in range(len(g.row_labels) - 1)], col_name="")
        return [g, one]
    if layout == "linked_two_crosstabs":
        a = with_totals(rng, labels, SEX, small, "last", None)
        b_vals = [split_sum(rng, sum(row), len(AGES)) for row in a.values[:-1]]
        b = Grid(list(labels), list(AGES), b_vals, col_name="age")
        return [a, b]
    if layout in V3_LAYOUTS:
        return layout_v3(layout, rng, small, labels, cols)
    if layout in V4_LAYOUTS:
        return layout_v4(layout, rng, small, labels, cols)
    if layout in V5_LAYOUTS:
        return layout_v5(layout, rng, small, labels, cols)
    if layout in V6_LAYOUTS:
        return layout_v6(layout, rng, small, labels, cols)
    if layout in V7_LAYOUTS:
        return layout_v7(layout, rng, small, labels, cols)
    if layout in V8_LAYOUTS:
        return layout_v8(layout, rng, small, labels, cols)
    if layout in V9_LAYOUTS:
        return layout_v9(layout, rng, small, labels, cols)
    if layout in V10_LAYOUTS:
        return layout_v10(layout, rng, small, labels, cols)
    if layout in V11_LAYOUTS:
        return layout_v11(layout, rng, small, labels, cols)
    if layout in V12_LAYOUTS:
        return layout_v12(layout, rng, small, labels, cols)
    if layout in V13_LAYOUTS:
        return layout_v13(layout, rng, small, labels, cols)
    if layout in V14_LAYOUTS:
        return layout_v14(layout, rng, small, labels, cols)
    raise ValueError(layout)


def layout_v3(layout: str, rng: random.Random, small: int, labels: list[str], cols: list[str]) -> list[Grid]:
    """The third held-out set's layouts (``split.V3_LAYOUTS``)."""
    if layout == "col_totals_only":
        return [with_totals(rng, labels, cols, small, "last", None)]
    if layout == "total_in_prose":
        g = with_totals(rng, labels, cols, small, None, "last")
        g.prose_total = True
        return [g]
    if layout == "totals_separate":
        body = with_totals(rng, labels, cols, small, None, rng.choice([None, "last"]))
        nc = len(body.col_labels)
        tot = Grid(["Total"], list(body.col_labels), [[sum(row[c] for row in body.values) for c in range(nc)]])
        if body.col_labels[-1] == "Total":
            tot.relations.append(([(0, c) for c in range(nc - 1)], (0, nc - 1)))
        return [body, tot]
    if layout == "count_pct_cell":
        g = with_totals(rng, labels, cols, small, "last", "last")
        tc = len(g.col_labels) - 1
        g.pct = [(c, tc) for c in range(tc)]
        g.pct_inline = True
        return [g]
    if layout == "pre_suppressed":
        g = with_totals(rng, labels, cols, small, "last", "last")
        marker = rng.choice([f"<{small}", "*", ".."])
        lo_hi = (0, small - 1) if marker.startswith("<") else (0, None)
        prim = [(r, c) for r in range(len(labels)) for c in range(len(cols)) if 1 <= g.values[r][c] < small]
        if not prim:
            prim = [(rng.randrange(len(labels)), rng.randrange(len(cols)))]
            g.values[prim[0][0]][prim[0][1]] = rng.randint(1, small - 1)
            g = rescale(g)
        for k, rc in enumerate(rng.sample(prim, len(prim))):
            if k == 0 or rng.random() < 0.5:
                g.masks[rc] = (marker, *lo_hi)
        return [g]
    if layout == "of_which":
        return [of_which(rng, labels, cols, small)]
    if layout == "rounded_beside_raw":
        return [rounded(rng, labels, small)]
    if layout == "three_way_stacked":
        return [stacked(rng, labels, cols[:3], small)]
    if layout == "cumulative":
        return [cumulative(rng, small)]
    raise ValueError(layout)


def cumulative(rng: random.Random, small: int) -> Grid:
    """A one-way frequency listing (Stata `tab`, SAS PROC FREQ): Freq., Percent, cumulative
    frequency and cumulative percent, a Total row. Sometimes only the cumulative percent is
    printed: its cumulative count (a hidden column) is then known through it. Percentages are of
    the total (a hidden column holding it)."""
    labels = rng.sample(REGIONS, rng.randint(4, 8))
    freq = [x[0] for x in inner(rng, len(labels), 1, small)]
    total = sum(freq)
    cum = [sum(freq[: r + 1]) for r in range(len(labels))]
    vals = [[f, c, total] for f, c in zip(freq, cum, strict=True)] + [[total, total, total]]
    g = Grid([*labels, "Total"], ["Freq.", "Cum.", "N"], vals, col_name="", hidden_cols={2}, pct=[(0, 2), (1, 2)])
    n = len(labels)
    g.relations.append(([(0, 0)], (0, 1)))
    for r in range(1, n):
        g.relations.append(([(r - 1, 1), (r, 0)], (r, 1)))
    g.relations += [([(r, 0) for r in range(n)], (n, 0)), ([(n, 0)], (n, 1))]
    g.pct_labels = {0: "Percent", 1: "Cum. percent"}
    if rng.random() < 0.5:
        g.hidden_cols.add(1)
        g.pct_labels[1] = "Cum."
    return g


def of_which(rng: random.Random, labels: list[str], cols: list[str], small: int) -> Grid:
    """Regions with "of which" sub-rows (a part of the row above, its complement not shown), a
    Total column and a Total row over the regions only."""
    nc = len(cols)
    rows, vals, body, parent_of = [], [], [], {}
    sub = rng.choice(["of which: aged 65+", "of which: new cases", "of which: readmitted"])
    with_sub = set(rng.sample(range(len(labels)), rng.randint(1, min(2, len(labels)))))
    for i, lab in enumerate(labels):
        row = inner(rng, 1, nc, small)[0]
        body.append(len(rows))
        rows.append(lab)
        vals.append([*row, sum(row)])
        if i in with_sub:
            kid = [rng.randint(1, min(x, small - 1)) if x and rng.random() < 0.5 else rng.randint(0, x) for x in row]
            parent_of[len(rows)] = len(rows) - 1
            rows.append(sub)
            vals.append([*kid, sum(kid)])
    rows.append("Total")
    vals.append([sum(vals[r][c] for r in body) for c in range(nc + 1)])
    g = Grid(rows, [*cols, "Total"], vals)
    for r in range(len(rows)):
        g.relations.append(([(r, c) for c in range(nc)], (r, nc)))
    for c in range(nc + 1):
        g.relations.append(([(r, c) for r in body], (len(rows) - 1, c)))
    for kid, parent in parent_of.items():
        for c in range(nc):
            g.relations.append(([(kid, c), ("s", len(g.slack))], (parent, c)))
            g.slack.append(vals[parent][c] - vals[kid][c])
    return g


def rounded(rng: random.Random, labels: list[str], small: int) -> Grid:
    """Raw counts beside the same counts rounded to the threshold's base (half up): each rounded
    cell bounds its raw count (raw = rounded + d, d within the rounding error)."""
    base = small
    half = base // 2
    measures = rng.sample(["Patients", "Admissions", "Referrals"], rng.randint(1, 2))
    raw = inner(rng, len(labels), len(measures), small)
    if not any(1 <= x < small for row in raw for x in row):
        raw[rng.randrange(len(labels))][rng.randrange(len(measures))] = rng.randint(1, small - 1)
    raw.append([sum(row[m] for row in raw) for m in range(len(measures))])
    cl, vals = [], [[] for _ in raw]
    for m, name in enumerate(measures):
        cl += [name, f"{name} (rounded to {base})"]
        for r, row in enumerate(raw):
            vals[r] += [row[m], base * ((row[m] + half) // base)]
    g = Grid([*labels, "Total"], cl, vals, rounded_cols={2 * m + 1 for m in range(len(measures))})
    n = len(labels)
    for m in range(len(measures)):
        g.relations.append(([(r, 2 * m) for r in range(n)], (n, 2 * m)))
        for r in range(n + 1):
            i = len(g.slack)
            g.slack.append(vals[r][2 * m] - vals[r][2 * m + 1])
            g.slack_bounds[i] = (-half, base - 1 - half)
            g.relations.append(([(r, 2 * m + 1), ("s", i)], (r, 2 * m)))
    return g


def stacked(rng: random.Random, labels: list[str], cols: list[str], small: int) -> Grid:
    """A three-way table stacked: one block of regions per sex and one for both, each with its own
    Total row; a Total column. Every block sums down; Male + Female = All cell by cell."""
    blocks = {s_: with_totals(rng, labels, cols, small, "last", "last") for s_ in SEX}
    allv = [[a + b for a, b in zip(*rows, strict=True)] for rows in zip(*(blocks[s_].values for s_ in SEX), strict=True)]
    rows, region, vals, rel = [], [], [], []
    n = len(labels) + 1
    for k, s_ in enumerate([*SEX, "All"]):
        part = blocks[s_].values if s_ in blocks else allv
        for r in range(n):
            rows.append(s_)
            region.append(labels[r] if r < len(labels) else "Total")
            vals.append(part[r])
        off = k * n
        for parts, (tr, tc) in blocks[SEX[0]].relations:
            rel.append(([(off + r, c) for r, c in parts], (off + tr, tc)))
    for r in range(n):
        for c in range(len(cols) + 1):
            rel.append(([(r, c), (n + r, c)], (2 * n + r, c)))
    g = Grid(rows, [*cols, "Total"], vals, row_name="sex", relations=rel)
    g.extra = [("region", region)]
    return g


def rescale(g: Grid) -> Grid:
    """Recompute every relation's total from its parts (after the inner cells changed)."""
    for parts, (tr, tc) in sorted(g.relations, key=lambda x: len(x[0])):
        g.values[tr][tc] = sum(g.values[r][c] for r, c in parts)
    for parts, (tr, tc) in g.relations:
        g.values[tr][tc] = sum(g.values[r][c] for r, c in parts)
    return g


def split_sum(rng: random.Random, t: int, k: int) -> list[int]:
    cuts = sorted(rng.randint(0, t) for _ in range(k - 1))
    return [b - a for a, b in zip([0, *cuts], [*cuts, t], strict=True)]


def hierarchy(rng, depth: int, layout: str, small: int, cols: list[str]) -> Grid:
    """Parents above their children, a grand total last (or first for dash layouts)."""
    rows, vals, level, rel = [], [], [], []
    nc = len(cols)

    def node(name: str, d: int) -> int:
        idx = len(rows)
        rows.append(name)
        vals.append([0] * nc)
        level.append(d)
        if d < depth:
            kids = []
            for k in range(rng.randint(2, 3)):
                child = (
                    f"{name} - {REGIONS[(k + 3 * d) % len(REGIONS)]}" if "dash" in layout else REGIONS[(k + 3 * d + idx) % len(REGIONS)] + f" {d}{k}"
                )
                kids.append(node(child, d + 1))
            for c in range(nc):
                vals[idx][c] = sum(vals[k][c] for k in kids)
                rel.append(([(k, c) for k in kids], (idx, c)))
        else:
            vals[idx] = inner(rng, 1, nc, small)[0]
        return idx

    tops = [node(n, 1) for n in rng.sample(["East", "West", "North"], 2)]
    total_first = "dash" in layout and rng.random() < 0.5
    tot = [sum(vals[t][c] for t in tops) for c in range(nc)]
    if total_first:
        rows.insert(0, "Total")
        vals.insert(0, tot)
        level.insert(0, 0)
        rel = [([(r + 1, c) for r, c in parts], (tr + 1, tc)) for parts, (tr, tc) in rel]
        tops = [t + 1 for t in tops]
        T = 0
    else:
        rows.append("Total")
        vals.append(tot)
        level.append(0)
        T = len(rows) - 1
    for c in range(nc):
        rel.append(([(t, c) for t in tops], (T, c)))
    g = Grid(rows, list(cols), vals, relations=rel)
    if layout.endswith("level"):
        g.level = level
    if layout.endswith("indent"):
        g.indent = level
    return g


# ---- formats: tokens for one grid ----


def shown(g: Grid, r: int, c: int) -> bool:
    return (r, c) not in g.missing


def render(t: Tokens, g: Grid, fmt: str, rng: random.Random) -> None:
    {
        "markdown": r_markdown,
        "csv": lambda t, g, r: r_delim(t, g, ",", "csv"),
        "tsv": lambda t, g, r: r_delim(t, g, "\t", "tsv"),
        "semicolon": lambda t, g, r: r_delim(t, g, ";", "semicolon"),
        "pandas_df": lambda t, g, r: r_pandas(t, g, crosstab=False),
        "pandas_crosstab": lambda t, g, r: r_pandas(t, g, crosstab=True),
        "pandas_series": lambda t, g, r: r_series(t, g, grouped=False),
        "pandas_groupby": lambda t, g, r: r_series(t, g, grouped=True),
        "r_table": r_rtable,
        "r_dataframe": lambda t, g, r: r_rframe(t, g, tibble=False),
        "tibble": lambda t, g, r: r_rframe(t, g, tibble=True),
        "html": r_html,
        "latex": r_latex,
        "json_records": r_json,
        "fixed_width": r_fixed,
        "psql": r_psql,
        "markdown_bare": r_markdown_bare,
        "csv_quoted": r_csv_quoted,
        "org": r_org,
        **{f: (lambda t, g, r, f=f: v3_table(t, g, f, r)) for f in V3_FORMATS},
        **{f: (lambda t, g, r, f=f: v4_table(t, g, f, r)) for f in V4_FORMATS},
        **{f: (lambda t, g, r, f=f: v5_table(t, g, f, r)) for f in V5_FORMATS},
        **{f: (lambda t, g, r, f=f: v6_table(t, g, f, r)) for f in V6_FORMATS},
        **{f: (lambda t, g, r, f=f: v7_table(t, g, f, r)) for f in V7_FORMATS},
        **{f: (lambda t, g, r, f=f: v8_table(t, g, f, r)) for f in V8_FORMATS},
        **{f: (lambda t, g, r, f=f: v9_table(t, g, f, r)) for f in V9_FORMATS},
        **{f: (lambda t, g, r, f=f: v10_table(t, g, f, r)) for f in V10_FORMATS},
        **{f: (lambda t, g, r, f=f: v11_table(t, g, f, r)) for f in V11_FORMATS},
        **{f: (lambda t, g, r, f=f: v12_table(t, g, f, r)) for f in V12_FORMATS},
        **{f: (lambda t, g, r, f=f: v13_table(t, g, f, r)) for f in V13_FORMATS},
        **{f: (lambda t, g, r, f=f: v14_table(t, g, f, r)) for f in V14_FORMATS},
    }[fmt](t, g, rng)


def label(g: Grid, r: int, fmt: str) -> str:
    lab = g.row_labels[r]
    if g.total_label != "Total" and lab == "Total":
        lab = g.total_label
    return lab


def extra_cols(g: Grid) -> list[tuple[str, list[str]]]:
    """Label-like columns after the row label (a Level column)."""
    if g.extra:
        return g.extra
    return [("Level", [str(x) for x in g.level])] if g.level else []


def header(g: Grid) -> list[str]:
    h = [g.row_name] + [n for n, _ in extra_cols(g)]
    for c, lab in enumerate(g.col_labels):
        if c not in g.hidden_cols:
            h.append(lab)
        h.extend(g.pct_labels.get(c, "%") for pc, _ in g.pct if pc == c and not g.pct_inline)
        h.extend([g.col_pct[c]] if c in g.col_pct else [])
    if g.rate:
        h.append(g.rate[2])
    return h


def row_items(g: Grid, r: int, fmt: str):
    """The row's fields after its labels: ("cell", c, text) or ("pct", c, text)."""
    out = []
    for c in range(len(g.col_labels)):
        if r in g.pct_rows:
            # a row of percentages (set 13): each its count row's cell over its base row's
            if c not in g.hidden_cols:
                n_r, b_r = g.pct_rows[r]
                b = g.values[b_r][c]
                p = 100.0 * g.values[n_r][c] / b if b else 0.0
                out.append(("pct", c, pct_text(p, fmt).rstrip("%").rstrip() if g.pct_plain else pct_text(p, fmt)))
            continue
        if shown(g, r, c) and c not in g.hidden_cols:
            if (r, c) in g.ci:
                lo, hi, (o, sep, cl) = g.ci[(r, c)]
                out.append(("cellci", c, f"{num(g.values[r][c], fmt, g, r, c)} {o}{lo}{sep}{hi}{cl}"))
            elif c in g.of_base:
                out.append(("cellof", c, f"{num(g.values[r][c], fmt, g, r, c)}/{g.values[r][g.of_base[c]]}"))
            else:
                out.append(("cell", c, num(g.values[r][c], fmt, g, r, c)))
        for pc, base in g.pct:
            if pc == c and (shown(g, r, c) or not g.pct_where_shown):
                b = g.values[g.pct_base_row][c] if g.pct_base_row is not None else g.values[r][base] if base is not None else None
                b = g.values[g.pct_parent[r]][c] if r in g.pct_parent else b
                b = g.col_bases.get(c, b)
                if c in g.pct_delta:
                    # a change in percent, signed (`+12.5%`)
                    d = f"{100.0 * (g.values[r][c] - b) / b if b else 0.0:+.1f}"
                    out.append(("pct", c, d.replace(".", ",") + " %" if fmt == "semicolon" else d + "%"))
                    continue
                p = 100.0 * g.values[r][c] / b if b else 0.0
                out.append(("pct", c, pct_text(p, fmt).rstrip("%").rstrip() if g.pct_plain else pct_text(p, fmt)))
        if c in g.col_pct:
            b = g.values[-1][c]
            out.append(("pct", (c, "col"), pct_text(100.0 * g.values[r][c] / b if b else 0.0, fmt)))
    if g.rate:
        n, b, _ = g.rate
        rate = f"{1000.0 * g.values[r][n] / g.values[r][b]:.1f}"
        out.append(("pct", n, rate.replace(".", ",") if fmt == "semicolon" else rate))
    if g.pct_inline:
        merged: list = []
        for it in out:
            if it[0] == "pct" and merged and merged[-1][0] == "cell" and merged[-1][1] == it[1]:
                merged[-1] = ("cellpct", it[1], f"{merged[-1][2]} ({it[2]})")
            else:
                merged.append(it)
        out = merged
    return out


CI_TEXT = re.compile("^(.*?) ([\\(\\[])(\\d+)(\u2013|-|, | to )(\\d+)([\\)\\]])$")


def emit(t: Tokens, r: int, item) -> None:
    kind, c, s = item
    if kind == "cellci":
        # a count and its confidence interval, `12 (8-17)`: three cells that may go as one
        n, o, lo, sep, hi, cl = CI_TEXT.match(s).groups()
        t.case.tokens.append(("open", ""))
        t.cell(r, c, n)
        t.lit(f" {o}")
        t.case.tokens.append(("cell", (t.table, r, c, "lo"), lo))
        t.lit(sep)
        t.case.tokens.append(("cell", (t.table, r, c, "hi"), hi))
        t.lit(cl)
        t.case.tokens.append(("close", ""))
        return
    if kind == "cellof":
        # a count and its base in one cell, `3/40`: the base is a copy of a count (set 8); the
        # two may go as one, as a count and its interval do
        n, d = s.split("/")
        t.case.tokens.append(("open", ""))
        t.cell(r, c, n)
        t.lit("/")
        t.case.tokens.append(("cell", (t.table, r, c, "N"), d))
        t.case.tokens.append(("close", ""))
        return
    if kind == "cellpct":
        n, p = s.split(" (", 1)
        t.cell(r, c, n)
        t.lit(" (")
        t.pct(r, c, p[:-1])
        t.lit(")")
        return
    (t.cell if kind == "cell" else t.pct)(r, c, s)


def lead(g: Grid, r: int) -> str:
    return "  " * (g.indent[r] - 1) if g.indent and g.indent[r] > 0 else ""


def upper(g: Grid) -> list[str]:
    """The upper header row of a two-row header, aligned with `header(g)`."""
    return [""] + [x if k == 0 or g.col_groups[k - 1] != x else "" for k, x in enumerate(g.col_groups)]


def r_markdown(t: Tokens, g: Grid, rng) -> None:
    h = header(g)
    if g.col_groups:
        t.lit("| " + " | ".join(upper(g)) + " |\n|" + "---|" * len(h) + "\n| " + " | ".join(h) + " |\n")
    else:
        t.lit("| " + " | ".join(h) + " |\n|" + "---|" * len(h) + "\n")
    for r in range(len(g.row_labels)):
        t.lit(f"| {lead(g, r)}{label(g, r, 'markdown')} | " + "".join(v[r] + " | " for _, v in extra_cols(g)))
        items = row_items(g, r, "markdown")
        for i, it in enumerate(items):
            emit(t, r, it)
            t.lit(" | " if i + 1 < len(items) else " |")
        t.lit("\n")


def r_delim(t: Tokens, g: Grid, d: str, fmt: str) -> None:
    def q(s: str) -> str:
        return f'"{s}"' if d in s else s

    if g.col_groups:
        t.lit(d.join(upper(g)) + "\n")
    t.lit(d.join(q(x) for x in header(g)) + "\n")
    for r in range(len(g.row_labels)):
        t.lit(q(lead(g, r) + label(g, r, fmt)) + d + "".join(v[r] + d for _, v in extra_cols(g)))
        items = row_items(g, r, fmt)
        for i, (kind, c, s) in enumerate(items):
            if d in s:
                t.lit('"')
                emit(t, r, (kind, c, s))
                t.lit('"')
            else:
                emit(t, r, (kind, c, s))
            if i + 1 < len(items):
                t.lit(d)
        t.lit("\n")


def aligned(t: Tokens, head_lines: list[list[tuple[str, str]]], rows: list[list[tuple]], aligns: list[str], sep: int, lead_pad: str = "") -> None:
    """Aligned text: each field ("lit", s) or a cell item; columns padded to their widest."""
    allrows = [[("lit", s) for s in hl] if isinstance(hl[0], str) else hl for hl in head_lines] + rows
    ncol = max(len(x) for x in allrows)
    widths = [max(len(x[c][-1]) for x in allrows if c < len(x)) for c in range(ncol)]
    for ri, row in enumerate(allrows):
        r = ri - len(head_lines)
        t.lit(lead_pad)
        for c, f in enumerate(row):
            s = f[-1]
            pad = " " * (widths[c] - len(s))
            left = aligns[c] == "l"
            if c:
                t.lit(" " * sep)
            if not left:
                t.lit(pad)
            if f[0] == "lit":
                t.lit(s)
            else:
                emit(t, r, f)
            if left and c + 1 < len(row):
                t.lit(pad)
        t.lit("\n")


def r_pandas(t: Tokens, g: Grid, crosstab: bool) -> None:
    tot = "All" if crosstab else g.total_label
    labels = [tot if lab == "Total" else lab for lab in g.row_labels]
    h = header(g)[1:]
    if crosstab:
        h = ["All" if x == "Total" else x for x in h]
    head = [(g.col_name if crosstab else "")] + [x for x in h]
    idx_line = [g.row_name] + [""] * len(h)
    rows = []
    for r in range(len(labels)):
        row = [("lit", lead(g, r) + labels[r])] + [("lit", v[r]) for _, v in extra_cols(g)]
        rows.append(row + row_items(g, r, "pandas"))
    nlab = 1 + len(extra_cols(g))
    aligned(t, [head, idx_line], rows, ["l"] * nlab + ["r"] * (len(head) - nlab), 2)


def long_rows(g: Grid):
    """Long format: (row label, col label, r, c) for every shown count. One column of floats makes
    the whole long column floats (one dtype per column)."""
    if g.float_cols:
        g.float_cols = set(range(len(g.col_labels)))
    for r in range(len(g.row_labels)):
        for c in range(len(g.col_labels)):
            if shown(g, r, c):
                yield g.row_labels[r], g.col_labels[c], r, c


def r_series(t: Tokens, g: Grid, grouped: bool) -> None:
    """`value_counts()` of a one-column table; otherwise the stacked counts as a Series with a
    two-level index, sparsified like `groupby().size()` when `grouped`."""
    if len(g.col_labels) == 1:
        flat = [(r, [("lit", g.row_labels[r]), ("cell", 0, num(g.values[r][0], "pandas", g, r, 0))]) for r in range(len(g.row_labels))]
        emit_long(t, [g.row_name, ""], flat, ["l", "r"], 4)
        t.lit("Name: count, dtype: int64\n")
        return
    flat, prev = [], None
    for rl, cl, r, c in long_rows(g):
        first = "" if grouped and rl == prev else rl
        prev = rl
        flat.append((r, [("lit", first), ("lit", cl), ("cell", c, num(g.values[r][c], "pandas", g, r, c))]))
    emit_long(t, [g.row_name, g.col_name, ""], flat, ["l", "l", "r"], 2)
    t.lit("dtype: int64\n" if grouped else "Name: count, dtype: int64\n")


def emit_long(t: Tokens, head: list[str], flat: list, aligns: list[str], sep: int, lead_pad: str = "") -> None:
    """Aligned text whose body rows each belong to a grid row `r` (long format)."""
    allrows = [[("lit", s) for s in head]] + [row for _, row in flat]
    ncol = len(head)
    widths = [max(len(x[c][-1]) for x in allrows) for c in range(ncol)]
    for k, row in enumerate(allrows):
        r = flat[k - 1][0] if k else None
        t.lit(lead_pad)
        for c, f in enumerate(row):
            s = f[-1]
            pad = " " * (widths[c] - len(s))
            left = aligns[c] == "l"
            if c:
                t.lit(" " * sep)
            if not left:
                t.lit(pad)
            if f[0] == "lit":
                t.lit(s)
            else:
                emit(t, r, f)
            if left and c + 1 < len(row):
                t.lit(pad)
        t.lit("\n")


def r_rtable(t: Tokens, g: Grid, rng) -> None:
    labels = ["Sum" if lab == "Total" else lab for lab in g.row_labels]
    cols = ["Sum" if x == "Total" else x for x in header(g)[1 + len(extra_cols(g)) :]]
    lw = max(len(g.row_name), *(len(x) + 2 for x in labels))
    items = [row_items(g, r, "r") for r in range(len(labels))]
    widths = [max(len(cols[c]), *(len(items[r][c][2]) for r in range(len(labels)) if c < len(items[r]))) for c in range(len(cols))]
    t.lit(" " * (lw + 1) + g.col_name + "\n")
    t.lit(g.row_name.ljust(lw) + "".join(" " + cols[c].rjust(widths[c]) for c in range(len(cols))) + "\n")
    for r in range(len(labels)):
        t.lit(("  " + labels[r]).ljust(lw))
        for c, it in enumerate(items[r]):
            t.lit(" " + " " * (widths[c] - len(it[2])))
            emit(t, r, it)
        t.lit("\n")


def r_rframe(t: Tokens, g: Grid, tibble: bool) -> None:
    wide = len(g.col_labels) <= 4 and not g.pct and not g.missing
    if wide:
        head = ["", *header(g)]
        rows = []
        for r in range(len(g.row_labels)):
            row = [("lit", str(r + 1)), ("lit", lead(g, r) + g.row_labels[r])] + [("lit", v[r]) for _, v in extra_cols(g)]
            rows.append(row + row_items(g, r, "r"))
        nlab = 2 + len(extra_cols(g))
        aligns = ["l"] + (["l"] * (nlab - 1) if tibble else ["r"] * (nlab - 1)) + ["r"] * (len(head) - nlab)
        if tibble:
            t.lit(f"# A tibble: {len(rows)} \u00d7 {len(head) - 1}\n")
            types = [""] + ["<chr>"] * (nlab - 1) + ["<int>"] * (len(head) - nlab)
            aligned(t, [head, types], rows, aligns, 1)
        else:
            aligned(t, [head], rows, aligns, 1)
        return
    head = ["", g.row_name, g.col_name, "n"]
    flat = [
        (r, [("lit", str(k + 1)), ("lit", rl), ("lit", cl), ("cell", c, num(g.values[r][c], "r", g, r, c))])
        for k, (rl, cl, r, c) in enumerate(long_rows(g))
    ]
    if tibble:
        t.lit(f"# A tibble: {len(flat)} \u00d7 3\n")
        emit_long(t, head, flat, ["l", "l", "l", "r"], 1)
    else:
        emit_long(t, head, flat, ["l", "r", "r", "r"], 1)


def r_html(t: Tokens, g: Grid, rng) -> None:
    top = ""
    if g.col_groups:
        spans = []
        for x in g.col_groups:
            if spans and spans[-1][0] == x:
                spans[-1][1] += 1
            else:
                spans.append([x, 1])
        top = "    <tr><th></th>" + "".join(f'<th colspan="{n}">{x}</th>' for x, n in spans) + "</tr>\n"
    t.lit(
        '<table border="1" class="dataframe">\n  <thead>\n'
        + top
        + "    <tr>"
        + "".join(f"<th>{h}</th>" for h in header(g))
        + "</tr>\n  </thead>\n  <tbody>\n"
    )
    for r in range(len(g.row_labels)):
        t.lit(f"    <tr><th>{lead(g, r).replace(' ', '&nbsp;')}{g.row_labels[r]}</th>" + "".join(f"<td>{v[r]}</td>" for _, v in extra_cols(g)))
        for it in row_items(g, r, "html"):
            t.lit("<td>")
            emit(t, r, it)
            t.lit("</td>")
        t.lit("</tr>\n")
    t.lit("  </tbody>\n</table>\n")


def r_latex(t: Tokens, g: Grid, rng) -> None:
    h = header(g)
    top = (" & ".join(upper(g)) + " \\\\\n") if g.col_groups else ""
    t.lit("\\begin{tabular}{l" + "r" * (len(h) - 1) + "}\n\\toprule\n" + top + " & ".join(x.replace("%", "\\%") for x in h) + " \\\\\n\\midrule\n")
    for r in range(len(g.row_labels)):
        lab = ("\\quad " * (g.indent[r] - 1) if g.indent and g.indent[r] > 1 else "") + g.row_labels[r]
        t.lit(lab + " & " + "".join(v[r] + " & " for _, v in extra_cols(g)))
        items = row_items(g, r, "latex")
        for i, it in enumerate(items):
            kind, c, s = it
            emit(t, r, (kind, c, s.replace("%", "\\%")))
            t.lit(" & " if i + 1 < len(items) else " \\\\\n")
    t.lit("\\bottomrule\n\\end{tabular}\n")


def r_json(t: Tokens, g: Grid, rng) -> None:
    long = rng.random() < 0.5 or g.pct
    t.lit("[")
    first = True
    if long and not g.pct:
        for rl, cl, r, c in long_rows(g):
            t.lit(("" if first else ", ") + "{" + f'"{g.row_name}": {json.dumps(rl)}, "{g.col_name}": {json.dumps(cl)}, "n": ')
            t.cell(r, c, num(g.values[r][c], "json", g, r, c).replace("*", "").replace("†", "").replace(" pts", ""))
            t.lit("}")
            first = False
    else:
        for r in range(len(g.row_labels)):
            t.lit(("" if first else ",\n ") + "{" + f'"{g.row_name}": {json.dumps(g.row_labels[r])}')
            for _, v in extra_cols(g):
                t.lit(f', "level": {v[r]}')
            for kind, c, s in row_items(g, r, "json"):
                key = g.col_labels[c] + (" %" if kind == "pct" else "")
                t.lit(f", {json.dumps(key)}: ")
                if kind == "pct":
                    t.pct(r, c, s.rstrip("%"))
                else:
                    t.cell(r, c, str(g.values[r][c]))
            t.lit("}")
            first = False
    t.lit("]\n")


def r_psql(t: Tokens, g: Grid, rng) -> None:
    """psql's aligned output: ` a | b `, a `---+---` rule, `(N rows)`."""
    h = header(g)
    rows = [[("lit", g.row_labels[r])] + [("lit", v[r]) for _, v in extra_cols(g)] + row_items(g, r, "psql") for r in range(len(g.row_labels))]
    rows = [row + [("lit", "")] * (len(h) - len(row)) for row in rows]
    widths = [max(len(h[c]), *(len(x[c][-1]) for x in rows)) for c in range(len(h))]
    t.lit("|".join(f" {h[c].center(widths[c])} " for c in range(len(h))) + "\n")
    t.lit("+".join("-" * (w + 2) for w in widths) + "\n")
    for r, row in enumerate(rows):
        for c, f in enumerate(row):
            if c:
                t.lit("|")
            s = f[-1]
            if f[0] == "lit":
                t.lit(f" {s.ljust(widths[c])} ")
            else:
                t.lit(" " + " " * (widths[c] - len(s)))
                emit(t, r, f)
                t.lit(" ")
        t.lit("\n")
    t.lit(f"({len(rows)} rows)\n")


def r_markdown_bare(t: Tokens, g: Grid, rng) -> None:
    h = header(g)
    t.lit(" | ".join(h) + "\n" + " | ".join("---" for _ in h) + "\n")
    for r in range(len(g.row_labels)):
        t.lit(g.row_labels[r] + " | " + "".join(v[r] + " | " for _, v in extra_cols(g)))
        items = row_items(g, r, "markdown")
        for i, it in enumerate(items):
            emit(t, r, it)
            t.lit(" | " if i + 1 < len(items) else "")
        t.lit("\n")


def r_csv_quoted(t: Tokens, g: Grid, rng) -> None:
    t.lit(",".join(f'"{x}"' for x in header(g)) + "\n")
    for r in range(len(g.row_labels)):
        t.lit(f'"{g.row_labels[r]}",' + "".join(f'"{v[r]}",' for _, v in extra_cols(g)))
        items = row_items(g, r, "csv")
        for i, it in enumerate(items):
            t.lit('"')
            emit(t, r, it)
            t.lit('"' + ("," if i + 1 < len(items) else ""))
        t.lit("\n")


def r_org(t: Tokens, g: Grid, rng) -> None:
    h = header(g)
    t.lit("| " + " | ".join(h) + " |\n|" + "+".join("-" * (len(x) + 2) for x in h) + "|\n")
    for r in range(len(g.row_labels)):
        t.lit(f"| {g.row_labels[r]} | " + "".join(v[r] + " | " for _, v in extra_cols(g)))
        items = row_items(g, r, "markdown")
        for i, it in enumerate(items):
            emit(t, r, it)
            t.lit(" | " if i + 1 < len(items) else " |")
        t.lit("\n")


def r_fixed(t: Tokens, g: Grid, rng) -> None:
    rows = []
    for r in range(len(g.row_labels)):
        rows.append([("lit", lead(g, r) + g.row_labels[r])] + [("lit", v[r]) for _, v in extra_cols(g)] + row_items(g, r, "fixed"))
    h = header(g)
    nlab = 1 + len(extra_cols(g))
    aligned(t, [h], rows, ["l"] * nlab + ["r"] * (len(h) - nlab), 3)


# ---- the third held-out set's formats: each writes a header and body rows ----


def v3_table(t: Tokens, g: Grid, fmt: str, rng) -> None:
    h = header(g)
    nlab = 1 + len(extra_cols(g))
    body = []
    for r in range(len(g.row_labels)):
        row = [("lit", lead(g, r) + label(g, r, fmt)), *(("lit", v[r]) for _, v in extra_cols(g)), *row_items(g, r, fmt)]
        body.append((r, row + [("lit", "")] * (len(h) - len(row))))
    V3_WRITERS[fmt](t, h, body, nlab, g, rng)


def ruled(t: Tokens, heads: list[list[str]], body: list, aligns: list[str], bars: tuple, rules: dict, pad: int = 1) -> None:
    """A text table with borders. `bars` = ((left, sep, right) of header lines, same of body lines);
    `rules` maps "top", "head", "between", "bottom" to (left, fill, cross, right) or to a function
    of the column widths."""
    allr = [[("lit", x) for x in h] for h in heads] + [row for _, row in body]
    widths = [max(len(x[c][-1]) for x in allr) for c in range(len(allr[0]))]

    def rule(name: str) -> None:
        spec = rules.get(name)
        if callable(spec):
            t.lit(spec(widths) + "\n")
        elif spec:
            left, fill, cross, right = spec
            t.lit(left + cross.join(fill * (w + 2 * pad) for w in widths) + right + "\n")

    def line(r, row, bar) -> None:
        t.lit(bar[0])
        for c, it in enumerate(row):
            gap = " " * (widths[c] - len(it[-1]))
            t.lit((bar[1] if c else "") + " " * pad + ("" if aligns[c] == "l" else gap))
            t.lit(it[-1]) if it[0] == "lit" else emit(t, r, it)
            t.lit((gap if aligns[c] == "l" else "") + " " * pad)
        t.lit(bar[2] + "\n")

    rule("top")
    for h in allr[: len(heads)]:
        line(None, h, bars[0])
    rule("head")
    for k, (r, row) in enumerate(body):
        if k:
            rule("between")
        line(r, row, bars[1])
    rule("bottom")


def left_right(head: list[str], nlab: int) -> list[str]:
    return ["l"] * nlab + ["r"] * (len(head) - nlab)


def w_polars(t, head, body, nlab, g, rng) -> None:
    """polars' DataFrame print: a shape line, `---` and dtype rows, box drawing."""

    def dtype(c: int) -> str:
        kinds = {row[c][0] for _, row in body}
        if kinds <= {"cell", "lit"} and all(row[c][-1].isdigit() for _, row in body):
            return "i64"
        return "f64" if kinds == {"pct"} else "str"

    t.lit(f"shape: ({len(body)}, {len(head)})\n")
    bar = ("\u2502", "\u2506", "\u2502")
    rules = {"top": ("\u250c", "\u2500", "\u252c", "\u2510"), "head": ("\u255e", "\u2550", "\u256a", "\u2561")}
    rules["bottom"] = ("\u2514", "\u2500", "\u2534", "\u2518")
    ruled(t, [head, ["---"] * len(head), [dtype(c) for c in range(len(head))]], body, left_right(head, nlab), (bar, bar), rules)


def w_rich(t, head, body, nlab, g, rng) -> None:
    """rich's default table (heavy head), sometimes under a title."""
    if rng.random() < 0.5:
        t.lit(f"{' ' * 8}Counts by {g.row_name if g else 'row'}\n")
    rules = {"top": ("\u250f", "\u2501", "\u2533", "\u2513"), "head": ("\u2521", "\u2501", "\u2547", "\u2529")}
    rules["bottom"] = ("\u2514", "\u2500", "\u2534", "\u2518")
    bars = (("\u2503", "\u2503", "\u2503"), ("\u2502", "\u2502", "\u2502"))
    ruled(t, [head], body, left_right(head, nlab), bars, rules)


def w_tabulate_grid(t, head, body, nlab, g, rng) -> None:
    """tabulate's `fancy_grid` or `grid` (the latter is also a reStructuredText grid table)."""
    if rng.random() < 0.5:
        bar = ("\u2502", "\u2502", "\u2502")
        rules = {"top": ("\u2552", "\u2550", "\u2564", "\u2555"), "head": ("\u255e", "\u2550", "\u256a", "\u2561")}
        rules |= {"between": ("\u251c", "\u2500", "\u253c", "\u2524"), "bottom": ("\u2558", "\u2550", "\u2567", "\u255b")}
    else:
        bar = ("|", "|", "|")
        rules = {"top": ("+", "-", "+", "+"), "head": ("+", "=", "+", "+"), "between": ("+", "-", "+", "+"), "bottom": ("+", "-", "+", "+")}
    ruled(t, [head], body, left_right(head, nlab), (bar, bar), rules)


def w_rst_simple(t, head, body, nlab, g, rng) -> None:
    """A reStructuredText simple table (tabulate's `rst`)."""
    rule = ("", "=", "  ", "")
    ruled(t, [head], body, left_right(head, nlab), (("", "  ", ""), ("", "  ", "")), {"top": rule, "head": rule, "bottom": rule}, pad=0)


def w_markdown_aligned(t, head, body, nlab, g, rng) -> None:
    """Markdown padded to width with alignment colons (tabulate's `pipe`)."""
    aligns = left_right(head, nlab)
    bar = ("|", "|", "|")

    def colons(widths: list[int]) -> str:
        return "|" + "|".join((":" + "-" * (w + 1)) if a == "l" else ("-" * (w + 1) + ":") for w, a in zip(widths, aligns, strict=True)) + "|"

    ruled(t, [head], body, aligns, (bar, bar), {"head": colons})


def w_sas_print(t, head, body, nlab, g, rng) -> None:
    """SAS PROC PRINT listing: a title, an Obs column, a blank line under the header."""
    t.lit(" " * 30 + "The SAS System\n\n")
    rows = [(r, [("lit", str(k + 1)), *row]) for k, (r, row) in enumerate(body)]
    heads = ["Obs", *head]
    bar = ("", "   ", "")
    ruled(t, [heads], rows, ["r", *left_right(head, nlab)], (bar, bar), {"head": ("", " ", " ", "")})


def w_stata_tab(t, head, body, nlab, g, rng) -> None:
    """Stata's `tabulate`: labels right-aligned before a `|`, a Total column after another `|`,
    a rule under the header and above a last Total row."""
    total_col = head[-1] == "Total"
    widths = [max(len(head[c]), *(len(row[c][-1]) for _, row in body)) for c in range(len(head))]
    widths = [w if c < nlab else max(w, 9) for c, w in enumerate(widths)]
    labw = sum(widths[:nlab]) + nlab
    ncnt = len(head) - nlab - (1 if total_col else 0)
    dataw = sum(widths[nlab : nlab + ncnt]) + 2 * ncnt
    rule = "-" * labw + "+" + "-" * dataw + (("+" + "-" * (widths[-1] + 2)) if total_col else "")

    def line(r, row) -> None:
        t.lit(" ".join(row[c][-1].rjust(widths[c]) for c in range(nlab)) + " |")
        for c in range(nlab, len(head)):
            t.lit((" |" if total_col and c == len(head) - 1 else "") + " " * (2 + widths[c] - len(row[c][-1])))
            t.lit(row[c][-1]) if row[c][0] == "lit" else emit(t, r, row[c])
        t.lit(" \n")

    if g is not None and g.col_name and ncnt > 1:
        t.lit(" " * labw + "|" + g.col_name.center(dataw).rstrip() + "\n")
    line(None, [("lit", x) for x in head])
    t.lit(rule + "\n")
    for k, (r, row) in enumerate(body):
        if k == len(body) - 1 and k and row[0][-1] == "Total":
            t.lit(rule + "\n")
        line(r, row)


def w_spss_crosstab(t, head, body, nlab, g, rng) -> None:
    """An SPSS crosstabulation copied from the viewer (tab-separated): a title, `Count`, the row
    variable's name only on the first body row, `Total` in the first column of the total row."""
    if g is None:
        t.lit("\t".join(head) + "\n")
        for _, row in body:
            t.lit("\t".join(x[-1] for x in row) + "\n")
        return
    t.lit(f"{g.row_name} * {g.col_name or 'n'} Crosstabulation\nCount\n")
    t.lit("\t\t" + "".join(h + "\t" for h in head[1:nlab]) + "\t".join(head[nlab:]) + "\n")
    for k, (r, row) in enumerate(body):
        lab = row[0][-1]
        first = "Total\t" if lab == "Total" else (g.row_name if k == 0 else "") + "\t" + lab
        t.lit(first + "".join("\t" + x[-1] for x in row[1:nlab]))
        for it in row[nlab:]:
            t.lit("\t")
            t.lit(it[-1]) if it[0] == "lit" else emit(t, r, it)
        t.lit("\n")


def w_excel_pivot(t, head, body, nlab, g, rng) -> None:
    """An Excel pivot table copied as tab-separated text: `Row Labels`, `Grand Total`, empty cells
    for zero counts."""
    if g is None:
        w_spss_crosstab(t, head, body, nlab, None, rng)
        return

    def gt(x: str) -> str:
        return "Grand Total" if x == "Total" else x

    t.lit(f"Count of {g.row_name}\tColumn Labels" + "\t" * (len(head) - 2) + "\n")
    t.lit("Row Labels\t" + "\t".join(gt(x) for x in head[1:]) + "\n")
    for r, row in body:
        t.lit(gt(row[0][-1]))
        for it in row[1:]:
            t.lit("\t")
            if it[0] == "lit":
                t.lit(it[-1])
            else:
                emit(t, r, (it[0], it[1], "") if it[0] == "cell" and it[-1] == "0" else it)
        t.lit("\n")


def record_fields(head: list[str], row: list) -> list[tuple[str, tuple]]:
    """(key, item) per field of a record; a percentage's key is its count's key with ` %`."""
    out: list[tuple[str, tuple]] = []
    for h, it in zip(head, row, strict=True):
        out.append((out[-1][0] + " %" if h == "%" else h, it))
    return out


def scalar(t: Tokens, r, it) -> None:
    """A record value: a bare number, or a quoted string (a label, `3 (4.2%)`, a marker like `<5`)."""
    s = it[-1]
    bare = s.removeprefix("-").replace(".", "", 1).isdigit()
    if it[0] == "lit":
        t.lit(s if bare else json.dumps(s))
        return
    if it[0] == "pct":
        it = ("pct", it[1], s.rstrip("%"))
        bare = True
    t.lit("" if bare else '"')
    emit(t, r, it)
    t.lit("" if bare else '"')


def w_yaml(t, head, body, nlab, g, rng) -> None:
    """A YAML list of records (`yaml.safe_dump(df.to_dict("records"))`, keys in column order)."""
    for r, row in body:
        for k, (key, it) in enumerate(record_fields(head, row)):
            plain = key.replace(" ", "").replace("_", "").isalnum() and not key.isdigit()
            t.lit(("- " if k == 0 else "  ") + (key if plain else json.dumps(key)) + ": ")
            scalar(t, r, it)
            t.lit("\n")


def w_ndjson(t, head, body, nlab, g, rng) -> None:
    """Newline-delimited JSON, one object per row (`df.to_json(orient="records", lines=True)`)."""
    for r, row in body:
        t.lit("{")
        for k, (key, it) in enumerate(record_fields(head, row)):
            t.lit(("" if k == 0 else ", ") + json.dumps(key) + ": ")
            scalar(t, r, it)
        t.lit("}\n")


V3_WRITERS = {
    "stata_tab": w_stata_tab,
    "spss_crosstab": w_spss_crosstab,
    "sas_print": w_sas_print,
    "polars": w_polars,
    "rich": w_rich,
    "tabulate_grid": w_tabulate_grid,
    "rst_simple": w_rst_simple,
    "markdown_aligned": w_markdown_aligned,
    "yaml_records": w_yaml,
    "ndjson": w_ndjson,
    "excel_pivot": w_excel_pivot,
}


# ---- cases ----


def fmt_ok(fmt: str, layout: str, grids: list[Grid]) -> bool:
    """Formats that cannot write a layout (a series is one column or long; JSON has no flags)."""
    if fmt in V14_FORMATS or layout in V14_LAYOUTS:
        if not fmt_ok_v14(fmt, layout, grids):
            return False
        if fmt in V14_FORMATS:
            return True
    if fmt in V13_FORMATS or layout in V13_LAYOUTS:
        if not fmt_ok_v13(fmt, layout, grids):
            return False
        if fmt in V13_FORMATS:
            return True
    if fmt in V12_FORMATS or layout in V12_LAYOUTS:
        if not fmt_ok_v12(fmt, layout, grids):
            return False
        if fmt in V12_FORMATS:
            return True
    if fmt in V11_FORMATS or layout in V11_LAYOUTS:
        if not fmt_ok_v11(fmt, layout, grids):
            return False
        if fmt in V11_FORMATS:
            return True
    if fmt in V10_FORMATS or layout in V10_LAYOUTS:
        if not fmt_ok_v10(fmt, layout, grids):
            return False
        if fmt in V10_FORMATS:
            return True
    if fmt in V9_FORMATS or layout in V9_LAYOUTS:
        if not fmt_ok_v9(fmt, layout, grids):
            return False
        if fmt in V9_FORMATS:
            return True
    if fmt in V8_FORMATS or layout in V8_LAYOUTS:
        if not fmt_ok_v8(fmt, layout, grids):
            return False
        if fmt in V8_FORMATS:
            return True
    if fmt in V7_FORMATS or layout in V7_LAYOUTS:
        if not fmt_ok_v7(fmt, layout, grids):
            return False
        if fmt in V7_FORMATS:
            return True
    if fmt in V6_FORMATS or layout in V6_LAYOUTS:
        if not fmt_ok_v6(fmt, layout, grids):
            return False
        if fmt in V6_FORMATS:
            return True
    if fmt in V5_FORMATS or layout in V5_LAYOUTS:
        if not fmt_ok_v5(fmt, layout, grids):
            return False
        if fmt in V5_FORMATS:
            return True
    if fmt in V4_FORMATS:
        return fmt_ok_v4(fmt, layout, grids)
    if layout in V4_LAYOUTS and not layout_ok_v4(fmt, layout, grids):
        return False
    if fmt in ("pandas_series", "pandas_groupby", "r_dataframe", "tibble") and any(g.hidden_cols and g.pct for g in grids):
        return False
    if fmt == "json_records" and any(g.masks or g.pct_inline or g.extra for g in grids):
        return False
    if fmt in ("pandas_series", "pandas_groupby", "r_table") and any(g.extra for g in grids):
        return False
    if fmt in ("yaml_records", "ndjson") and layout in ("locale_numbers", "hier2_indent"):
        return False
    if any(g.col_groups for g in grids) and fmt not in ("markdown", "csv", "tsv", "semicolon", "html", "latex"):
        return False
    if any(g.rate for g in grids) and fmt in ("pandas_series", "pandas_groupby", "r_table", "r_dataframe", "tibble", "json_records"):
        return False
    if fmt in ("pandas_series", "pandas_groupby") and (any(g.pct or g.level or g.indent or g.missing for g in grids)):
        return False
    if fmt == "json_records" and (layout in ("cell_flags", "locale_numbers", "ragged_row") or any(g.indent for g in grids)):
        return False
    if fmt in ("r_table",) and any(g.level or g.pct or g.missing for g in grids):
        return False
    return not (fmt in ("csv", "tsv", "semicolon", "json_records") and layout == "hier2_indent")


# Printed by analysis code: in a fenced block when an agent passes them on.
FENCED = ("pandas_df", "pandas_crosstab", "pandas_series", "pandas_groupby", "r_table", "r_dataframe", "tibble", "fixed_width")
FENCED += ("stata_tab", "sas_print", "polars", "rich")

INTROS = ["Here are the counts you asked for:", "Results by area:", "The table below summarises the extract.", "Counts from the clinic data:"]


def table_case(name: str, fmt: str, layout: str, rng: random.Random, policy: str) -> Case | None:
    small = 5 if policy == "default" else 10
    grids = layout_grids(layout, rng, small)
    v4 = fmt in V4_FORMATS or layout in V4_LAYOUTS
    v5 = fmt in V5_FORMATS or layout in V5_LAYOUTS
    v6 = fmt in V6_FORMATS or layout in V6_LAYOUTS
    v7 = fmt in V7_FORMATS or layout in V7_LAYOUTS
    v8 = fmt in V8_FORMATS or layout in V8_LAYOUTS
    v9 = fmt in V9_FORMATS or layout in V9_LAYOUTS
    v10 = fmt in V10_FORMATS or layout in V10_LAYOUTS
    v11 = fmt in V11_FORMATS or layout in V11_LAYOUTS
    v12 = fmt in V12_FORMATS or layout in V12_LAYOUTS
    v13 = fmt in V13_FORMATS or layout in V13_LAYOUTS
    v14 = fmt in V14_FORMATS or layout in V14_LAYOUTS
    if v4:
        adapt_v4(grids, fmt, rng)
    if v5:
        adapt_v5(grids, fmt, rng)
    if v6:
        adapt_v6(grids, fmt, rng)
    if v7:
        adapt_v7(grids, fmt, rng)
    if v8:
        adapt_v8(grids, fmt, rng)
    if v9:
        adapt_v9(grids, fmt, rng)
    if v10:
        adapt_v10(grids, fmt, rng)
    if v11:
        adapt_v11(grids, fmt, rng)
    if v12:
        adapt_v12(grids, fmt, rng)
    if v13:
        adapt_v13(grids, fmt, rng)
    if v14:
        adapt_v14(grids, fmt, rng)
    if not fmt_ok(fmt, layout, grids):
        return None
    case = Case(name, fmt, layout, "table", policy)
    for k, g in enumerate(grids):
        intro = g.intro if g.intro is not None else rng.choice(INTROS)
        case.tokens.append(("lit", ("\n" if k else "") + intro + ("" if g.before else "\n\n")))
        for tok in g.before:
            case.tokens.append(tok if tok[0] == "lit" else (tok[0], (k, *tok[1]), tok[2]))
        fence = g.fence if g.fence is not None else "```\n" if fmt in FENCED else ""
        if fence:
            case.tokens.append(("lit", fence))
        case.tokens.append(("table", k))
        start = len(case.tokens)
        render(Tokens(case, k), g, fmt, rng)
        if g.label_counts and not tag_label_counts(case, start, k, g):
            return None
        if fence:
            case.tokens.append(("lit", "```\n"))
        if g.notes:
            case.tokens.append(("lit", g.notes))
        for tok in g.after:
            case.tokens.append(tok if tok[0] == "lit" else (tok[0], (k, *tok[1]), tok[2]))
        for lid, num_id in g.extra_pcts.items():
            case.pcts[(k, *lid)] = (k, *num_id)
        for lid, ids in g.pct_from.items():
            case.pct_from[(k, *lid)] = [(k, *i) for i in ids]
        for lid, ids in g.pct_from_case.items():
            case.pct_from[(k, *lid)] = list(ids)
        for lid, v in g.extra_values.items():
            case.values[(k, *lid)] = v
            if lid in g.extra_derived:
                case.derived.add((k, *lid))
            if lid in g.extra_masks:
                case.masks[(k, *lid)] = g.extra_masks[lid]
        for c in g.derived_cols:
            for r in range(len(g.row_labels)):
                case.derived.add((k, r, c))
                if c in g.derived_bounds:
                    case.bounds[(k, r, c)] = g.derived_bounds[c]
        for (r, c), m in g.marks.items():
            case.suffixes[(k, r, c)] = m
        for r, c in g.derived_cells:
            case.derived.add((k, r, c))
        for (r, c), lo_hi in g.cell_bounds.items():
            case.bounds[(k, r, c)] = lo_hi
        for plus, minus in g.eqs:
            case.relations.append((list(plus), list(minus)))
        for parts, tot in g.cross:
            case.relations.append((list(parts), [tot]))
        for r, row in enumerate(g.values):
            for c, v in enumerate(row):
                case.values[(k, r, c)] = v
                if (r, c) in g.missing:
                    case.unpublished.add((k, r, c))
                    if g.zeros_left_out and v == 0:
                        case.bounds[(k, r, c)] = (0, 0)
        for i, v in enumerate(g.slack):
            case.values[(k, "s", i)] = v
            case.unpublished.add((k, "s", i))
            if i in g.slack_bounds:
                case.bounds[(k, "s", i)] = g.slack_bounds[i]
        for (r, c), (_, lo, hi) in g.masks.items():
            case.masks[(k, r, c)] = (lo, hi)
        case.rounded |= {(k, r, c) for c in g.rounded_cols for r in range(len(g.row_labels))}
        for parts, tot in g.relations:
            case.relations.append(([(k, *p) for p in parts], [(k, *tot)]))
        for pc, _ in g.pct:
            for r in range(len(g.row_labels)):
                case.pcts[(k, r, pc, "%")] = (k, r, pc)
        if g.rate:
            for r in range(len(g.row_labels)):
                case.pcts[(k, r, g.rate[0], "%")] = (k, r, g.rate[0])
        for c in g.col_pct:
            for r in range(len(g.row_labels)):
                case.pcts[(k, r, (c, "col"), "%")] = (k, r, c)
        for c in g.hidden_cols:
            for r in range(len(g.row_labels)):
                case.unpublished.add((k, r, c))
    if layout == "linked_oneway_crosstab":
        a, b = grids
        inner_cols = [c for c, lab in enumerate(a.col_labels) if lab != "Total"]
        for r in range(len(b.row_labels)):
            case.relations.append(([(0, r, c) for c in inner_cols], [(1, r, 0)]))
    if layout == "linked_oneway_by_column":
        a, b = grids
        for c in range(len(b.row_labels)):
            case.relations.append(([(0, r, c) for r in range(len(a.row_labels) - 1)], [(1, c, 0)]))
    if layout == "linked_two_crosstabs":
        a, b = grids
        for r in range(len(b.row_labels)):
            case.relations.append(([(0, r, c) for c in range(len(SEX))], [(1, r, c) for c in range(len(AGES))]))
    if layout == "totals_separate":
        a, b = grids
        for c in range(len(b.col_labels)):
            case.relations.append(([(0, r, c) for r in range(len(a.row_labels))], [(1, 0, c)]))
    if grids[-1].prose_total:
        g, k = grids[-1], len(grids) - 1
        n = sum(row[-1] for row in g.values)
        case.values[(k, "p", 0)] = n
        case.relations.append(([(k, r, len(g.col_labels) - 1) for r in range(len(g.row_labels))], [(k, "p", 0)]))
        case.tokens += [("lit", rng.choice(["\nIn total ", "\nAcross all areas, ", "\nOverall "])), ("cell", (k, "p", 0), str(n))]
        case.tokens.append(("lit", rng.choice([" patients were counted.", " people are in the extract.", " cases were recorded."])))
    case.tables = len(grids)
    if (v11 or v12 or v13 or v14) and any(tok[0] == "cell" and tok[1] in case.unpublished for tok in case.tokens):
        return None  # a format that writes a column the layout keeps out of the text
    outro = "\nLet me know if you need more detail."
    outro = (
        rng.choice(OUTROS_V14)
        if v14
        else rng.choice(OUTROS_V13)
        if v13
        else rng.choice(OUTROS_V12)
        if v12
        else rng.choice(OUTROS_V11)
        if v11
        else rng.choice(OUTROS_V10)
        if v10
        else rng.choice(OUTROS_V9)
        if v9
        else rng.choice(OUTROS_V8)
        if v8
        else rng.choice(OUTROS_V7)
        if v7
        else rng.choice(OUTROS_V6)
        if v6
        else rng.choice(OUTROS_V5)
        if v5
        else rng.choice(OUTROS_V4)
        if v4
        else outro
    )
    case.tokens.append(("lit", outro))
    return case


def prose_cases(rng: random.Random) -> list[Case]:
    out = []
    for i in range(12):
        case = Case(f"prose-{i}", "markdown", "prose_counts", "prose", "research")
        n = rng.randint(1, 9)
        noun = rng.choice(["patients", "people", "cases", "pupils", "COPD patients", "new cases", "residents"])
        place = rng.choice(REGIONS)
        case.tokens.append(("lit", rng.choice(["Only ", "There were ", "We found ", "In total, "])))
        case.tokens.append(("cell", (0, 0, i), str(n)))
        case.tokens.append(("lit", f" {noun} in {place} had the condition. The other areas had {rng.randint(40, 90)} {noun}.\n"))
        case.prose_small.append((0, 0, i))
        out.append(case)
    # The same kind of sentence elsewhere stays as written (prose is off by default).
    for i, s in enumerate(['git commit -m "fix 2 cases"', "Only 3 patients were seen in Peace Valley.", "We closed 4 cases this sprint."]):
        case = Case(f"prose-default-{i}", "markdown", "prose_counts", "negative", "default")
        case.tokens.append(("lit", s))
        out.append(case)
    return out


NEGATIVES = [
    "total 8\n-rw-r--r-- 1 ann staff 120 Jan  3 10:32 a.csv\n-rw-r--r-- 2 ann staff 880 Jan  3 10:33 b.csv\n",
    "NAME            READY   STATUS    RESTARTS   AGE\n"
    "web-5d8f7c9b6   1/1     Running   0          2d\n"
    "db-7c9b6d8f5    1/1     Running   3          5d\n",
    "  PID TTY          TIME CMD\n 4242 pts/0    00:00:00 bash\n 4321 pts/0    00:00:01 python\n",
    "```python\nfor i in range(3):\n    print(i, i * 2)\nx = {'a': 1, 'b': 2}\n```\n",
    "Steps:\n1. install, 2 minutes\n2. configure, 3 minutes\n3. run, 1 minute\n",
    "| Release | Date |\n|---|---|\n| 1.2.3 | 2024-01-05 |\n| 1.2.4 | 2024-02-01 |\n",
    '{"retries": 3, "timeout": 5, "hosts": ["a", "b"]}',
    "Version 1.2.3 fixed 2 bugs and took 3 days; the build runs in 4 minutes.",
    "sensor,reading\nA,0.31\nB,0.27\nC,0.35\n",
    "\\begin{equation}\nx^2 + 3x + 2 = 0\n\\end{equation}\n",
    "<p>We shipped 3 features in 2 weeks.</p>",
    " file.rs | 3 ++-\n lib.rs  | 12 ++++++------\n 2 files changed, 8 insertions(+), 7 deletions(-)\n",
    "Filesystem      Size  Used Avail Use% Mounted on\n/dev/sda1        50G   20G   30G  40% /\ntmpfs           2.0G     0  2.0G   0% /dev/shm\n",
    "| Setting | Value |\n|---|---|\n| retries | 3 |\n| timeout_s | 5.0 |\n",
]


def negative_cases() -> list[Case]:
    out = []
    for i, s in enumerate(NEGATIVES):
        for policy in ("default", "research"):
            case = Case(f"neg-{i}-{policy}", FORMATS[i % len(FORMATS)], "not_a_table", "negative", policy)
            case.tokens.append(("lit", s))
            out.append(case)
    return out


def microdata_listed(case: Case, writer, fence: str, lead_ins: list[str], cols: list[str], recs: list[list[str]], rng: random.Random) -> Case:
    """A record-level table in one of the formats of sets 5 to 7: a lead-in, the fence its format
    prints in, the records through the format's writer."""
    case.tokens.append(("lit", rng.choice(lead_ins) + "\n\n" + fence))
    writer(Tokens(case, 0), cols, [(None, [("lit", v) for v in r]) for r in recs], 0, None, rng)
    case.tokens.append(("lit", "```\n" if fence else ""))
    return case


def microdata_case(name: str, fmt: str, rng: random.Random, with_id: str | None) -> Case | None:
    n = rng.randint(12, 25)
    cols = ([with_id] if with_id else []) + ["age", "sex", "postcode", "admission_date", "diagnosis"]
    recs = []
    for i in range(n):
        rec = [f"P{1000 + i}"] if with_id else []
        rec += [
            str(rng.randint(18, 95)),
            rng.choice("MF"),
            f"{rng.choice(['AB', 'CB', 'PE'])}{rng.randint(1, 9)} {rng.randint(1, 9)}{rng.choice(['XY', 'QT', 'DN'])}",
            f"2024-0{rng.randint(1, 9)}-1{rng.randint(0, 9)}",
            rng.choice(["J44", "E11.9", "I10", "C34.1"]),
        ]
        recs.append(rec)
    case = Case(name, fmt, "microdata", "microdata", "default")
    if fmt in V14_WRITERS:
        lead_ins = ["Rows returned:", "Here is the output, unaggregated:", "The records, as printed:", "Result set below."]
        return microdata_listed(case, V14_WRITERS[fmt], V14_FENCES.get(fmt, ""), lead_ins, cols, recs, rng)
    if fmt in V13_WRITERS:
        lead_ins = ["The records, as printed:", "Here is the unaggregated output:", "Rows from the export:", "Matching records below."]
        return microdata_listed(case, V13_WRITERS[fmt], V13_FENCES.get(fmt, ""), lead_ins, cols, recs, rng)
    if fmt in V12_WRITERS:
        lead_ins = ["The rows, as printed:", "Records from the REPL:", "Here is the raw result:", "Matching records (unaggregated):"]
        return microdata_listed(case, V12_WRITERS[fmt], V12_FENCES.get(fmt, ""), lead_ins, cols, recs, rng)
    if fmt in V11_WRITERS:
        lead_ins = ["Records from the call:", "The rows, as printed:", "Unaggregated result:", "Here are the matching records:"]
        return microdata_listed(case, V11_WRITERS[fmt], V11_FENCES.get(fmt, ""), lead_ins, cols, recs, rng)
    if fmt in V10_WRITERS:
        lead_ins = ["Records returned by the call:", "Here are the rows:", "The matching records, unaggregated:", "Raw result:"]
        return microdata_listed(case, V10_WRITERS[fmt], V10_FENCES.get(fmt, ""), lead_ins, cols, recs, rng)
    if fmt in V9_WRITERS:
        lead_ins = ["Rows from the query:", "Here are the matching records:", "The raw rows, as returned:", "Matching records:"]
        return microdata_listed(case, V9_WRITERS[fmt], V9_FENCES.get(fmt, ""), lead_ins, cols, recs, rng)
    if fmt in V8_WRITERS:
        lead_ins = ["Records matching the filter:", "Here is the raw extract:", "The rows behind the chart:", "Search results:"]
        return microdata_listed(case, V8_WRITERS[fmt], V8_FENCES.get(fmt, ""), lead_ins, cols, recs, rng)
    if fmt in V7_WRITERS:
        lead_ins = ["Rows returned:", "These are the matching patients:", "The first records:", "Extract (unfiltered):"]
        return microdata_listed(case, V7_WRITERS[fmt], V7_FENCES.get(fmt, ""), lead_ins, cols, recs, rng)
    if fmt in V6_WRITERS:
        lead_ins = ["Matching rows:", "Here are the first records:", "The records you asked for:", "Sample of the extract:"]
        return microdata_listed(case, V6_WRITERS[fmt], V6_FENCES.get(fmt, ""), lead_ins, cols, recs, rng)
    if fmt in V5_WRITERS:
        lead_ins = ["The extract:", "Here are the matching records:", "First rows of the cohort:", "Rows returned:"]
        return microdata_listed(case, V5_WRITERS[fmt], V5_FENCES.get(fmt, ""), lead_ins, cols, recs, rng)
    if fmt in V4_WRITERS:
        fence = V4_FENCES.get(fmt, "")
        case.tokens.append(("lit", rng.choice(["The extract:", "Here are the matching records:", "First rows of the cohort:"]) + "\n\n" + fence))
        V4_WRITERS[fmt](Tokens(case, 0), cols, [(None, [("lit", v) for v in r]) for r in recs], len(cols), None, rng)
        case.tokens.append(("lit", "```\n" if fence else ""))
        return case
    if fmt in V3_WRITERS:
        case.tokens.append(("lit", "The extract:\n\n" + ("```\n" if fmt in FENCED else "")))
        V3_WRITERS[fmt](Tokens(case, 0), cols, [(None, [("lit", v) for v in r]) for r in recs], len(cols), None, rng)
        case.tokens.append(("lit", "```\n" if fmt in FENCED else ""))
        return case
    if fmt == "markdown":
        text = "| " + " | ".join(cols) + " |\n|" + "---|" * len(cols) + "\n" + "".join("| " + " | ".join(r) + " |\n" for r in recs)
    elif fmt in ("csv", "tsv", "semicolon"):
        d = {"csv": ",", "tsv": "\t", "semicolon": ";"}[fmt]
        text = d.join(cols) + "\n" + "".join(d.join(r) + "\n" for r in recs)
    elif fmt == "json_records":
        text = json.dumps([dict(zip(cols, r, strict=True)) for r in recs])
    elif fmt == "html":
        text = (
            "<table>\n<tr>"
            + "".join(f"<th>{c}</th>" for c in cols)
            + "</tr>\n"
            + "".join("<tr>" + "".join(f"<td>{v}</td>" for v in r) + "</tr>\n" for r in recs)
            + "</table>"
        )
    elif fmt == "latex":
        text = (
            "\\begin{tabular}{"
            + "l" * len(cols)
            + "}\n"
            + " & ".join(c.replace("_", "\\_") for c in cols)
            + " \\\\\n"
            + "".join(" & ".join(r) + " \\\\\n" for r in recs)
            + "\\end{tabular}"
        )
    else:
        # Aligned prints (pandas, R, tibble, fixed width): an index or row numbers first.
        pad = [max(len(c), *(len(r[k]) for r in recs)) for k, c in enumerate(cols)]
        sep = "  " if fmt.startswith("pandas") or fmt == "fixed_width" else " "
        idx = [str(i if fmt.startswith("pandas") else i + 1) for i in range(n)]
        iw = max(len(x) for x in idx)
        lines = [" " * iw + sep + sep.join(c.rjust(pad[k]) for k, c in enumerate(cols))]
        if fmt == "tibble":
            lines.insert(0, f"# A tibble: {n} \u00d7 {len(cols)}")
        lines += [idx[i].ljust(iw) + sep + sep.join(v.rjust(pad[k]) for k, v in enumerate(r)) for i, r in enumerate(recs)]
        text = "```\n" + "\n".join(lines) + "\n```"
    case.tokens.append(("lit", "The extract:\n\n" + text + "\n"))
    return case


def cases(
    seed: int = 20261201,
    v2: bool = False,
    v3: bool = False,
    v4: bool = False,
    v5: bool = False,
    v6: bool = False,
    v7: bool = False,
    v8: bool = False,
    v9: bool = False,
    v10: bool = False,
    v11: bool = False,
    v12: bool = False,
    v13: bool = False,
    v14: bool = False,
) -> list[Case]:
    """The generated set; with `v2`, only the second held-out set (a v2 format or a v2 layout);
    with `v3`, only the third; with `v4`, only the fourth; with `v5`, only the fifth; with `v6`,
    only the sixth; with `v7`, only the seventh; with `v8`, only the eighth; with `v9`, only the
    ninth; with `v10`, only the tenth; with `v11`, only the eleventh; with `v12`, only the twelfth;
    with `v13`, only the thirteenth; with `v14`, only the fourteenth."""
    from split import LAYOUTS

    if v14:
        return cases_v14(seed)
    if v13:
        return cases_v13(seed)
    if v12:
        return cases_v12(seed)
    if v11:
        return cases_v11(seed)
    if v10:
        return cases_v10(seed)
    if v9:
        return cases_v9(seed)
    if v8:
        return cases_v8(seed)
    if v7:
        return cases_v7(seed)
    if v6:
        return cases_v6(seed)
    if v5:
        return cases_v5(seed)
    if v4:
        return cases_v4(seed)
    if v3:
        return cases_v3(seed)
    if v2:
        return cases_v2(seed)
    rng = random.Random(seed)
    out: list[Case] = []
    table_layouts = [lay for lay in LAYOUTS if lay not in ("prose_counts", "microdata", "not_a_table")]
    for fmt in FORMATS:
        for layout in table_layouts:
            for rep in range(2):
                policy = "default" if rep == 0 else "research"
                c = table_case(f"{fmt}-{layout}-{rep}", fmt, layout, random.Random(rng.random()), policy)
                if c is not None:
                    out.append(c)
        for with_id in (None, "patient_id", "MRN"):
            c = microdata_case(f"micro-{fmt}-{with_id}", fmt, random.Random(rng.random()), with_id)
            if c is not None:
                out.append(c)
    out.extend(prose_cases(random.Random(rng.random())))
    out.extend(negative_cases())
    return out


def cases_v2(seed: int) -> list[Case]:
    from split import LAYOUTS

    rng = random.Random(seed + 2)
    out: list[Case] = []
    layouts = [lay for lay in LAYOUTS if lay not in ("prose_counts", "microdata", "not_a_table")] + V2_LAYOUTS
    for fmt in FORMATS + V2_FORMATS:
        for layout in layouts:
            if fmt not in V2_FORMATS and layout not in V2_LAYOUTS:
                continue
            if fmt in V2_FORMATS and layout in ("hier2_indent", "ragged_row", "cell_flags", "locale_numbers"):
                continue
            for rep in range(2):
                c = table_case(f"{fmt}-{layout}-{rep}", fmt, layout, random.Random(rng.random()), "default" if rep == 0 else "research")
                if c is not None:
                    out.append(c)
    return out


NEGATIVES_V3 = [
    ("yaml_records", "services:\n  web:\n    image: nginx:1.25\n    replicas: 3\n    ports:\n      - 8080\n  worker:\n    replicas: 2\n"),
    ("ndjson", '{"level": "info", "status": 200, "retries": 0, "ms": 12}\n{"level": "warn", "status": 503, "retries": 2, "ms": 4}\n'),
    (
        "tabulate_grid",
        "+-----------+-----------+\n| package   | version   |\n+===========+===========+\n| numpy     | 1.26.4    |\n"
        "+-----------+-----------+\n| scipy     | 1.13.0    |\n+-----------+-----------+\n",
    ),
    (
        "polars",
        "shape: (2, 2)\n\u250c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u252c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2510\n"
        "\u2502 sensor \u2506 value   \u2502\n\u2502 str    \u2506 f64     \u2502\n"
        "\u2502 A      \u2506 0.31    \u2502\n\u2502 B      \u2506 2.5     \u2502\n",
    ),
    ("rst_simple", "======  =======\noption  default\n======  =======\nretry   3\nwait    2\n======  =======\n"),
    ("stata_tab", ". display 2 + 3\n5\n\n. count if age < 18\n  3\n"),
    ("markdown_aligned", "| step   |   minutes |\n|:-------|----------:|\n| build  |         3 |\n| test   |         4 |\n"),
]


def cases_v3(seed: int) -> list[Case]:
    """The third held-out set: every case with a ``split.V3_FORMATS`` format or a
    ``split.V3_LAYOUTS`` layout, with microdata and non-tables in the new formats."""
    from split import LAYOUTS

    rng = random.Random(seed + 3)
    out: list[Case] = []
    earlier = [lay for lay in LAYOUTS if lay not in ("prose_counts", "microdata", "not_a_table")] + V2_LAYOUTS
    numbers = {"stata_tab", "spss_crosstab", "sas_print", "excel_pivot", "tabulate_grid", "rich"}
    for fmt in FORMATS + V2_FORMATS + V3_FORMATS:
        for layout in earlier + [lay for lay in V3_LAYOUTS if lay not in V3_LATER]:
            if fmt not in V3_FORMATS and layout not in V3_LAYOUTS:
                continue
            if fmt in V3_FORMATS and layout in ("hier2_indent", "ragged_row", "cell_flags"):
                continue
            if fmt in V3_FORMATS and layout == "locale_numbers" and fmt not in numbers:
                continue
            for rep in range(2):
                c = table_case(f"{fmt}-{layout}-{rep}", fmt, layout, random.Random(rng.random()), "default" if rep == 0 else "research")
                if c is not None:
                    out.append(c)
        if fmt in V3_FORMATS:
            for with_id in (None, "patient_id"):
                out.append(microdata_case(f"micro-{fmt}-{with_id}", fmt, random.Random(rng.random()), with_id))
    # Families added after the first measurement, from their own stream.
    rng = random.Random(seed + 4)
    for fmt in FORMATS + V2_FORMATS + V3_FORMATS:
        for layout in V3_LATER:
            for rep in range(2):
                c = table_case(f"{fmt}-{layout}-{rep}", fmt, layout, random.Random(rng.random()), "default" if rep == 0 else "research")
                if c is not None:
                    out.append(c)
    for i, (fmt, s) in enumerate(NEGATIVES_V3):
        for policy in ("default", "research"):
            case = Case(f"neg3-{i}-{policy}", fmt, "not_a_table", "negative", policy)
            case.tokens.append(("lit", s))
            out.append(case)
    return out


# ---- the fourth held-out set (``split.V4_FORMATS``, ``split.V4_LAYOUTS``) ----

INTROS_V4 = [
    "Here is the breakdown:",
    "I ran the query; this is what came back:",
    "Counts per area from the extract:",
    "Below is the summary table for the period.",
    "These are the figures from the latest refresh.",
    "Output of the aggregation step:",
]
OUTROS_V4 = [
    "\nLet me know if you need more detail.",
    "\nI can split this further by age if that helps.",
    "\nThe figures come from the March extract.",
    "",
    "\nShall I chart these?",
]
# Total rows and columns as people label them: (row label, column label) per language, with the
# column categories and the row variable's name in that language.
TOTAL_WORDS = [
    ("Region", ["Eigentum", "Miete", "Sozialwohnung", "Sonstige"], [("Gesamt", "Gesamt"), ("Insgesamt", "Summe")]),
    ("Région", ["Propriétaire", "Locataire", "HLM", "Autre"], [("Total général", "Total général"), ("Ensemble", "Total")]),
    ("Regio", ["Koop", "Huur", "Sociale huur", "Overig"], [("Totaal", "Totaal")]),
    ("地区", ["自有", "租赁", "公房", "其他"], [("合计", "合计"), ("总计", "小计")]),
    ("Región", ["Propiedad", "Alquiler", "Social", "Otro"], [("Total general", "Total")]),
    ("region", COLS, [("All", "All"), ("Overall", "Overall"), ("Sum", "Sum"), ("Grand total", "Grand total"), ("All areas", "All tenures")]),
]
ZH_REGIONS = ["华北", "华东", "华南", "西南", "西北", "东北"]


def transpose(g: Grid) -> Grid:
    t = Grid(list(g.col_labels), list(g.row_labels), [list(x) for x in zip(*g.values, strict=True)], row_name=g.col_name, col_name=g.row_name)
    t.relations = [([(c, r) for r, c in parts], (tc, tr)) for parts, (tr, tc) in g.relations]
    return t


def small_or_not(rng: random.Random, small: int, p: float = 0.3) -> int:
    return rng.randint(1, small - 1) if rng.random() < p else rng.randint(small, 90)


def layout_v4(layout: str, rng: random.Random, small: int, labels: list[str], cols: list[str]) -> list[Grid]:
    """The fourth held-out set's layouts: every relation below is one a reader can use."""
    if layout == "transposed":
        # Categories as columns, measures (or the other variable) as rows: each row sums across.
        if rng.random() < 0.5:
            return [transpose(with_totals(rng, labels, cols, small, "last", rng.choice(["last", None])))]
        measures = rng.sample(["Admissions", "Discharges", "Referrals", "Deaths", "Outpatient visits"], rng.randint(1, 3))
        g = with_totals(rng, measures, labels, small, None, "last")
        g.row_name, g.col_name = "measure", "region"
        return [g]
    if layout == "total_words":
        name, words, totals = rng.choice(TOTAL_WORDS)
        row_word, col_word = rng.choice(totals)
        at = "first" if rng.random() < 0.2 else "last"
        if name == "地区":
            labels = rng.sample(ZH_REGIONS, len(labels))
        g = with_totals(rng, labels, words[: len(cols)], small, at, at)
        g.row_name = name
        g.row_labels = [row_word if x == "Total" else x for x in g.row_labels]
        g.col_labels = [col_word if x == "Total" else x for x in g.col_labels]
        return [g]
    if layout == "two_level_cols":
        # sex within year, a per-year All column: Male + Female = All in every year.
        years = ["2022", "2023", "2024"][rng.randint(0, 1) :]
        both = rng.choice(["All", "Total", "Persons"])
        vals = []
        for _ in labels:
            row = []
            for _ in years:
                m, f = small_or_not(rng, small), small_or_not(rng, small)
                row += [m, f, m + f]
            vals.append(row)
        vals.append([sum(v[c] for v in vals) for c in range(3 * len(years))])
        g = Grid([*labels, "Total"], ["Male", "Female", both] * len(years), vals, col_name="sex")
        g.col_groups = [y for y in years for _ in range(3)]
        n = len(labels)
        for r in range(n + 1):
            for y in range(len(years)):
                g.relations.append(([(r, 3 * y), (r, 3 * y + 1)], (r, 3 * y + 2)))
        for c in range(3 * len(years)):
            g.relations.append(([(r, c) for r in range(n)], (n, c)))
        return [g]
    if layout == "continued":
        # One table in two chunks of the reply; the Total row (in the second) sums both.
        labels = rng.sample(REGIONS, rng.randint(5, 8))
        full = with_totals(rng, labels, cols, small, "last", rng.choice(["last", None]))
        n, nc = len(labels), len(full.col_labels)
        k = rng.randint(2, n - 2)
        a = Grid(labels[:k], list(full.col_labels), full.values[:k])
        b = Grid([*labels[k:], "Total"], list(full.col_labels), full.values[k:])
        for parts, (tr, tc) in full.relations:
            if any(r != tr for r, _ in parts):
                continue  # a column sum: across both chunks, below
            if tr < k:
                a.relations.append((parts, (tr, tc)))
            else:
                b.relations.append(([(r - k, c) for r, c in parts], (tr - k, tc)))
        for c in range(nc):
            b.cross.append(([(0, r, c) for r in range(k)] + [(1, r, c) for r in range(n - k)], (1, n - k, c)))
        b.intro = rng.choice(["(continued)", "Table 1 (continued):", "...continued from above:", "The remaining areas:"])
        return [a, b]
    if layout == "other_row":
        # Small areas combined into one Other row; sometimes its breakdown follows.
        nc = len(cols)
        grouped = rng.sample([x for x in REGIONS if x not in labels], 3)
        gvals = [[rng.randint(0, 2 * small) for _ in range(nc)] for _ in grouped]
        body = inner(rng, len(labels), nc, small)
        other = [sum(v[c] for v in gvals) for c in range(nc)]
        rows = [[*v, sum(v)] for v in [*body, other]]
        rows.append([sum(v[c] for v in rows) for c in range(nc + 1)])
        olab = rng.choice([f"Other ({', '.join(grouped)})", "Other", "All other areas", "Other areas*"])
        a = Grid([*labels, olab, "Total"], [*cols, "Total"], rows)
        n = len(labels) + 1
        for r in range(n + 1):
            a.relations.append(([(r, c) for c in range(nc)], (r, nc)))
        for c in range(nc + 1):
            a.relations.append(([(r, c) for r in range(n)], (n, c)))
        if olab == "Other areas*":
            a.notes = rng.choice([f"\n* Combines {', '.join(grouped[:2])} and {grouped[2]}.\n", "\n* Areas merged at the data owner's request.\n"])
        if rng.random() < 0.5:
            return [a]
        if rng.random() < 0.5:
            b = Grid(grouped, [*cols, "Total"], [[*v, sum(v)] for v in gvals])
            for r in range(len(grouped)):
                b.relations.append(([(r, c) for c in range(nc)], (r, nc)))
            link = list(range(nc + 1))
        else:
            b = Grid(grouped, ["n"], [[sum(v)] for v in gvals], col_name="")
            link = [nc]
        b.intro = rng.choice(["The Other row is made up of:", "Breakdown of the combined areas:", "For reference, the areas in Other:"])
        for k, c in enumerate(link):
            b.cross.append(([(1, r, k if len(link) > 1 else 0) for r in range(len(grouped))], (0, n - 1, c)))
        return [a, b]
    if layout == "change_col":
        # Two periods and their difference: y1 + change = y2 in every row (the change may be < 0).
        y1, y2 = rng.choice([("2022", "2023"), ("2023", "2024"), ("Q1", "Q2"), ("Jan", "Feb")])
        head = rng.choice(["Change", "Diff", f"Change {y1}-{y2}", "Δ"])
        vals = []
        for _ in labels:
            a, b = small_or_not(rng, small), small_or_not(rng, small)
            vals.append([a, b, b - a])
        n = len(labels)
        vals.append([sum(v[c] for v in vals) for c in range(3)])
        g = Grid([*labels, "Total"], [y1, y2, head], vals, col_name="period")
        for r in range(n + 1):
            g.relations.append(([(r, 0), (r, 2)], (r, 1)))
        for c in range(3):
            g.relations.append(([(r, c) for r in range(n)], (n, c)))
        g.derived_cols, g.derived_bounds = {2}, {2: (None, None)}
        if rng.random() < 0.5:
            g.signed_cols = {2}
        return [g]
    if layout == "dash_zeros":
        # Zeros written as a dash: a dash is a known zero.
        g = with_totals(rng, labels, cols, small, "last", rng.choice(["last", None]))
        nr, nc = len(labels), len(cols)
        for _ in range(rng.randint(2, 4)):
            g.values[rng.randrange(nr)][rng.randrange(nc)] = 0
        g = rescale(g)
        marker = rng.choice(["-", "-", "\u2013", "."])
        for r, row in enumerate(g.values):
            for c, v in enumerate(row):
                if v == 0:
                    g.masks[(r, c)] = (marker, 0, 0)
        return [g]
    if layout == "footnote_marks":
        g = with_totals(rng, labels, cols, small, "last", "last")
        style = rng.choice([["¹", "²"], ["ᵃ", "ᵇ"], ["†", "‡"], [" [r]", " [p]"], ["r", "p"]])
        spots = rng.sample([(r, c) for r in range(len(labels)) for c in range(len(cols))], rng.randint(1, 3))
        small_spots = [(r, c) for r in range(len(labels)) for c in range(len(cols)) if 1 <= g.values[r][c] < small]
        if small_spots and rng.random() < 0.6:
            spots[0] = rng.choice(small_spots)
        texts = {
            "¹": "¹ Provisional figure.",
            "²": "² Includes transfers from other trusts.",
            "ᵃ": "ᵃ Data incomplete for this quarter.",
            "ᵇ": "ᵇ Revised since the last release.",
            "†": "† Provisional.",
            "‡": "‡ Site merged during the year.",
            " [r]": "[r] revised",
            " [p]": "[p] provisional",
            "r": "r = revised",
            "p": "p = provisional",
        }
        used = []
        for k, rc in enumerate(spots):
            m = style[k % 2]
            g.marks[rc] = m
            used += [m] if m not in used else []
        g.notes = "\n" + "\n".join(texts[m] for m in used) + "\n"
        return [g]
    if layout == "rank_col":
        # Sorted by count, a rank beside it: the order bounds each count by its neighbours.
        labels = rng.sample(REGIONS, rng.randint(5, 9))
        counts = sorted((x[0] for x in inner(rng, len(labels), 1, small)), reverse=True)
        total = sum(counts)
        ranks = [1 + sum(1 for y in counts if y > x) for x in counts]
        measure = rng.choice(["Admissions", "Patients", "Referrals", "Cases"])
        with_total = rng.random() < 0.6
        vals = [[x, total, rk] for x, rk in zip(counts, ranks, strict=True)]
        rows = list(labels)
        if with_total:
            vals.append([total, total, 0])
            rows.append("Total")
        g = Grid(rows, [measure, "N", "Rank"], vals, col_name="", hidden_cols={1})
        n = len(labels)
        if with_total and rng.random() < 0.7:  # shares only beside a printed total (their base)
            g.pct = [(0, 1)]
            g.pct_labels = {0: rng.choice(["%", "Share %"])}
        for r in range(n - 1):
            g.relations.append(([(r + 1, 0), ("s", len(g.slack))], (r, 0)))
            g.slack.append(counts[r] - counts[r + 1])
        g.relations.append(([(k, 0) for k in range(n)], (0, 1)))
        for r in range(1, len(rows)):
            g.relations.append(([(r, 1)], (0, 1)))
        if with_total:
            g.relations.append(([(r, 0) for r in range(n)], (n, 0)))
            g.missing.add((n, 2))
        g.derived_cols = {2}
        return [g]
    if layout == "mean_beside":
        # Counts with a mean and a median beside them: those are no counts and sum to nothing.
        kind = rng.choice(["n", "sex"])
        n = len(labels)
        if kind == "n":
            counts = [[rng.randint(1, small - 1) if rng.random() < 0.3 else rng.randint(small, 150)] for _ in labels]
            ccols = [rng.choice(["n", "Patients", "Admissions"])]
        else:
            counts = []
            for _ in labels:
                m, f = small_or_not(rng, small), small_or_not(rng, small)
                counts.append([m, f, m + f])
            ccols = ["Male", "Female", "Total"]
        counts.append([sum(v[c] for v in counts) for c in range(len(ccols))])
        tc = len(ccols) - 1
        means = [round(rng.uniform(30, 80), 1) for _ in labels]
        meds = [rng.choice([rng.randint(2, 12), rng.randint(2, 12) + 0.5]) for _ in labels]
        # No mean on the Total row: with the row means it would tie the counts together again
        # (sum of n times mean = N times the overall mean, up to rounding), a relation with
        # coefficients the audit does not model. The median column comes first, so that the
        # missing mean is the row's last field.
        means.append(0.0)
        meds.append(sorted(meds)[len(meds) // 2])
        vals = [[*v, d, m] for v, m, d in zip(counts, means, meds, strict=True)]
        extra = [rng.choice(["Median LOS (days)", "median_stay", "Median wait (wks)"]), rng.choice(["Mean age", "mean_age", "Avg age"])]
        g = Grid([*labels, "Total"], [*ccols, *extra], vals)
        if kind == "sex":
            for r in range(n + 1):
                g.relations.append(([(r, 0), (r, 1)], (r, 2)))
        for c in range(len(ccols)):
            g.relations.append(([(r, c) for r in range(n)], (n, c)))
        g.derived_cols = {len(ccols), len(ccols) + 1}
        g.missing.add((n, len(ccols) + 1))
        return [g]
    raise ValueError(layout)


# Formats that can write an upper header row (a column MultiIndex, spans); others get flat names.
GROUP_FORMATS = ("markdown", "csv", "tsv", "semicolon", "html", "latex", "jupyter_html", "pandas_multiindex", "mediawiki", "csv_titled")
GROUP_FORMATS += ("python_dict", "json_nested")
# Formats an agent writes by hand (a change may carry its sign, `+3`); the rest print raw numbers.
SIGNED_FORMATS = ("markdown", "markdown_bare", "markdown_aligned", "org", "html", "latex", "asciidoc", "mediawiki", "rich")
SIGNED_FORMATS += ("tabulate_grid", "rst_simple", "fixed_width")
V4_FENCES = {
    "sqlite_box": "```\n",
    "sqlite_column": "```\n",
    "mysql": "```\n",
    "duckdb": "```\n",
    "pandas_multiindex": "```\n",
    "python_dict": "```python\n",
    "kable": "```\n",
    "json_nested": "```json\n",
}


def adapt_v4(grids: list[Grid], fmt: str, rng: random.Random) -> None:
    """How a set-4 case is written: flat column names where the format has no upper header row,
    the sentence before each table, the fence."""
    fence = V4_FENCES.get(fmt, "")
    if fmt in ("asciidoc", "mediawiki", "csv_titled") and rng.random() < 0.5:
        fence = "```" + {"csv_titled": "csv"}.get(fmt, fmt) + "\n"
    styles = (rng.random(), rng.random())
    for g in grids:
        g.styles = styles
        if fmt not in SIGNED_FORMATS:
            g.signed_cols = set()
        if g.col_groups and fmt not in GROUP_FORMATS:
            g.col_labels = [lab if grp == lab else f"{grp} {lab}" for grp, lab in zip(g.col_groups, g.col_labels, strict=True)]
            g.col_groups = None
        if g.intro is None:
            g.intro = rng.choice(INTROS_V4)
        if fmt in V4_FORMATS:
            g.fence = fence


def style(g: Grid | None, rng: random.Random, k: int = 0) -> float:
    """A choice of style, the same for every table of one case (the chunks of a continued table)."""
    return g.styles[k] if g is not None and g.styles else rng.random()


def fmt_ok_v4(fmt: str, layout: str, grids: list[Grid]) -> bool:
    if layout in ("hier2_indent", "ragged_row", "cell_flags"):
        return False
    if layout == "locale_numbers" and fmt not in ("csv_titled", "kable", "mediawiki", "asciidoc"):
        return False
    if fmt in ("python_dict", "json_nested") and layout in ("of_which", "footnote_marks"):
        return False
    return not (fmt == "pandas_multiindex" and any(g.level for g in grids))


def layout_ok_v4(fmt: str, layout: str, grids: list[Grid]) -> bool:
    """Earlier formats that cannot write a set-4 layout (a series or R's `table` has no rank or
    mean column; an Excel pivot writes no change column)."""
    if layout in ("change_col", "rank_col", "mean_beside"):
        if fmt in ("pandas_series", "pandas_groupby", "r_table", "json_records", "excel_pivot", "spss_crosstab", "cumulative"):
            return False
        if fmt == "stata_tab" and layout != "mean_beside":
            return False
        if fmt in ("r_dataframe", "tibble") and any(len(g.col_labels) > 4 or g.pct or g.missing for g in grids):
            return False
    if layout == "total_words" and any(dw(x) > len(x) for g in grids for x in g.row_labels) and fmt in WIDTH_ALIGNED:
        return False  # these writers pad by characters, where the tool pads wide characters by width
    return not (layout == "footnote_marks" and fmt in ("json_records", "excel_pivot"))


WIDTH_ALIGNED = ("r_table", "r_dataframe", "tibble", "psql", "polars", "rich", "tabulate_grid", "rst_simple", "markdown_aligned")
WIDTH_ALIGNED += ("sas_print", "stata_tab", "fixed_width")


def dw(s: str) -> int:
    """Display width (wide CJK characters take two columns)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in s)


def padded(s: str, w: int, a: str) -> tuple[str, str]:
    """(left, right) padding of `s` to width `w`: aligned left, right or centred."""
    n = w - dw(s)
    return ("", " " * n) if a == "l" else (" " * n, "") if a == "r" else (" " * (n // 2), " " * (n - n // 2))


def centre(s: str, w: int) -> str:
    left, right = padded(s, w, "c")
    return left + s + right


def put(t: Tokens, r, it, w: int | None = None, a: str = "l") -> None:
    left, right = padded(it[-1], w, a) if w is not None else ("", "")
    t.lit(left)
    t.lit(it[-1]) if it[0] == "lit" else emit(t, r, it)
    t.lit(right)


def bare(it) -> tuple:
    """A percentage as a number (`30.8`), as a database or a DataFrame prints it."""
    return (it[0], it[1], it[2].rstrip("%")) if it[0] == "pct" else it


def numeric(s: str) -> bool:
    return s.lstrip("+-").replace(".", "", 1).isdigit()


def header_groups(g: Grid | None, head: list[str], nlab: int) -> list[str] | None:
    """The upper header row aligned with `head` (a group above each count and its percentage)."""
    if g is None or not g.col_groups:
        return None
    out = [""] * nlab
    for c in range(len(g.col_labels)):
        if c not in g.hidden_cols:
            out.append(g.col_groups[c])
        out += [g.col_groups[c] for pc, _ in g.pct if pc == c and not g.pct_inline]
    return out + [""] * (len(head) - len(out))


def v4_table(t: Tokens, g: Grid, fmt: str, rng) -> None:
    h = header(g)
    nlab = 1 + len(extra_cols(g))
    body = []
    for r in range(len(g.row_labels)):
        row = [("lit", label(g, r, fmt)), *(("lit", v[r]) for _, v in extra_cols(g)), *row_items(g, r, fmt)]
        body.append((r, row + [("lit", "")] * (len(h) - len(row))))
    V4_WRITERS[fmt](t, h, body, nlab, g, rng)


def widths_of(head: list[str], body: list, extra: list[list[str]] = ()) -> list[int]:
    return [max(dw(head[c]), *(dw(row[c][-1]) for _, row in body), *(dw(x[c]) for x in extra)) for c in range(len(head))]


def w_sqlite_box(t, head, body, nlab, g, rng) -> None:
    """sqlite3 `.mode box`: headers centred, every value left-aligned, reals without `%`."""
    body = [(r, [bare(it) for it in row]) for r, row in body]
    ws = widths_of(head, body)

    def rule(a: str, b: str, c: str) -> None:
        t.lit(a + b.join("\u2500" * (w + 2) for w in ws) + c + "\n")

    rule("\u250c", "\u252c", "\u2510")
    t.lit("\u2502" + "\u2502".join(f" {centre(x, w)} " for x, w in zip(head, ws, strict=True)) + "\u2502\n")
    rule("\u251c", "\u253c", "\u2524")
    for r, row in body:
        t.lit("\u2502")
        for c, it in enumerate(row):
            t.lit(" " if c == 0 else " \u2502 ")
            put(t, r, it, ws[c], "l")
        t.lit(" \u2502\n")
    rule("\u2514", "\u2534", "\u2518")


def w_sqlite_column(t, head, body, nlab, g, rng) -> None:
    """sqlite3 `.mode column` (with headers): a dash rule under the names, two spaces apart."""
    body = [(r, [bare(it) for it in row]) for r, row in body]
    ws = widths_of(head, body)
    t.lit("  ".join(x + " " * (w - dw(x)) for x, w in zip(head, ws, strict=True)) + "\n")
    t.lit("  ".join("-" * w for w in ws) + "\n")
    for r, row in body:
        for c, it in enumerate(row):
            t.lit("  " if c else "")
            put(t, r, it, ws[c], "l")
        t.lit("\n")


def w_mysql(t, head, body, nlab, g, rng) -> None:
    """The mysql client: `+---+` rules, names left-aligned, numeric columns right-aligned."""
    body = [(r, [bare(it) for it in row]) for r, row in body]
    ws = widths_of(head, body)
    num_col = [c >= nlab and all(numeric(row[c][-1]) or row[c][-1] == "" for _, row in body) for c in range(len(head))]
    rule = "+" + "+".join("-" * (w + 2) for w in ws) + "+\n"
    t.lit(rule + "|" + "|".join(f" {x}{' ' * (w - dw(x))} " for x, w in zip(head, ws, strict=True)) + "|\n" + rule)
    for r, row in body:
        t.lit("|")
        for c, it in enumerate(row):
            t.lit(" " if c == 0 else " | ")
            put(t, r, it, ws[c], "r" if num_col[c] else "l")
        t.lit(" |\n")
    n = len(body)
    t.lit(rule + f"{n} row{'s' if n != 1 else ''} in set (0.0{rng.randint(0, 9)} sec)\n")


def w_duckdb(t, head, body, nlab, g, rng) -> None:
    """DuckDB's CLI box: names and types centred, numbers right-aligned, strings left."""
    body = [(r, [bare(it) for it in row]) for r, row in body]
    types = []
    sums = g is not None and bool(g.relations) and style(g, rng) < 0.3  # SUM() of integers is an int128
    for c in range(len(head)):
        texts = [row[c][-1] for _, row in body if row[c][-1] != ""]
        if c < nlab or not all(numeric(x) for x in texts):
            types.append("varchar")
        elif all(x.lstrip("+-").isdigit() for x in texts):
            types.append("int128" if sums else "int64")
        else:
            types.append("double")
    ws = widths_of(head, body, [types])
    for c, (x, w) in enumerate(zip(head, ws, strict=True)):
        ws[c] = max(w, dw(x))

    def rule(a: str, b: str, c: str) -> None:
        t.lit(a + b.join("\u2500" * (w + 2) for w in ws) + c + "\n")

    rule("\u250c", "\u252c", "\u2510")
    for line in (head, types):
        t.lit("\u2502" + "\u2502".join(f" {centre(x, w)} " for x, w in zip(line, ws, strict=True)) + "\u2502\n")
    rule("\u251c", "\u253c", "\u2524")
    for r, row in body:
        t.lit("\u2502")
        for c, it in enumerate(row):
            t.lit(" " if c == 0 else " \u2502 ")
            put(t, r, it, ws[c], "l" if types[c] == "varchar" else "r")
        t.lit(" \u2502\n")
    rule("\u2514", "\u2534", "\u2518")


def w_asciidoc(t, head, body, nlab, g, rng) -> None:
    """AsciiDoc `|===` tables: pandoc's one row per line, or one cell per line with blank lines."""
    if style(g, rng) < 0.5:
        t.lit('[cols="' + ",".join("<" if c < nlab else ">" for c in range(len(head))) + '",options="header",]\n|===\n')
        t.lit(" ".join("|" + x for x in head) + "\n")
        for r, row in body:
            for c, it in enumerate(row):
                t.lit(" |" if c else "|")
                put(t, r, it)
            t.lit("\n")
        t.lit("|===\n")
        return
    t.lit(f'.{rng.choice(["Counts by area", "Admissions", "Summary"])}\n[%header,cols="{nlab}*<,{len(head) - nlab}*>"]\n|===\n')
    t.lit(" ".join("| " + x for x in head) + "\n")
    for r, row in body:
        t.lit("\n")
        for it in row:
            t.lit("| ")
            put(t, r, it)
            t.lit("\n")
    t.lit("|===\n")


def w_mediawiki(t, head, body, nlab, g, rng) -> None:
    """MediaWiki markup `{| |- ! ||`: cells inline (`||`) or one per line (pandoc), a bold Total row."""
    groups = header_groups(g, head, nlab)
    inline = style(g, rng) < 0.5
    t.lit('{| class="wikitable' + (' sortable"' if style(g, rng, 1) < 0.3 else '"') + "\n")
    if groups:
        spans: list = []
        for x in groups[nlab:]:
            if spans and spans[-1][0] == x:
                spans[-1][1] += 1
            else:
                spans.append([x, 1])
        t.lit("|-\n! " + " !! ".join([""] * nlab + [f'colspan="{n}" | {x}' if n > 1 else x for x, n in spans]) + "\n")
    t.lit("|-\n" + ("! " + " !! ".join(head) + "\n" if inline else "".join(f"! {x}\n" for x in head)))
    for r, row in body:
        bold = nlab == 1 and row[0][-1] in ("Total", "Totaal", "Gesamt", "Sum", "All")
        q = "'''" if bold else ""
        t.lit("|-\n")
        for c, it in enumerate(row):
            t.lit(("| " if c == 0 else " || ") if inline else "| ")
            t.lit(q)
            put(t, r, it)
            t.lit(q)
            t.lit("" if inline else "\n")
        t.lit("\n" if inline else "")
    t.lit("|}\n")


JUPYTER_STYLE = (
    "<div>\n<style scoped>\n    .dataframe tbody tr th:only-of-type {\n        vertical-align: middle;\n    }\n\n"
    "    .dataframe tbody tr th {\n        vertical-align: top;\n    }\n\n    .dataframe thead th {\n        text-align: right;\n    }\n"
    "</style>\n"
)


def w_jupyter_html(t, head, body, nlab, g, rng) -> None:
    """A DataFrame as Jupyter shows it (`_repr_html_`): the style block, the index as `<th>`, an
    index-name row, a MultiIndex with `rowspan`, column groups with `colspan`."""
    if g is None:
        head, nlab = ["", *head], 1
        body = [(r, [("lit", str(k)), *row]) for k, (r, row) in enumerate(body)]
    groups = header_groups(g, head, nlab)
    t.lit(JUPYTER_STYLE + '<table border="1" class="dataframe">\n  <thead>\n')
    first = True
    if groups:
        t.lit('    <tr style="text-align: right;">\n' + "      <th></th>\n" * nlab)
        spans: list = []
        for x in groups[nlab:]:
            if spans and spans[-1][0] == x:
                spans[-1][1] += 1
            else:
                spans.append([x, 1])
        t.lit("".join(f'      <th colspan="{n}" halign="left">{x}</th>\n' if n > 1 else f"      <th>{x}</th>\n" for x, n in spans) + "    </tr>\n")
        first = False
    t.lit(('    <tr style="text-align: right;">\n' if first else "    <tr>\n") + "      <th></th>\n" * nlab)
    t.lit("".join(f"      <th>{html.escape(x)}</th>\n" for x in head[nlab:]) + "    </tr>\n" + ("    <tr>\n" if head[0] else ""))
    if head[0]:
        t.lit("".join(f"      <th>{x}</th>\n" for x in head[:nlab]) + "      <th></th>\n" * (len(head) - nlab) + "    </tr>\n")
    t.lit("  </thead>\n  <tbody>\n")
    outer = [row[0][-1] for _, row in body]
    for k, (r, row) in enumerate(body):
        t.lit("    <tr>\n")
        for c, it in enumerate(row):
            if c < nlab:
                if c == 0 and nlab > 1:
                    if k and outer[k - 1] == outer[k]:
                        continue
                    span = 1
                    while k + span < len(outer) and outer[k + span] == outer[k]:
                        span += 1
                    t.lit(
                        f'      <th rowspan="{span}" valign="top">{html.escape(it[-1])}</th>\n'
                        if span > 1
                        else f"      <th>{html.escape(it[-1])}</th>\n"
                    )
                else:
                    t.lit(f"      <th>{html.escape(it[-1])}</th>\n")
                continue
            t.lit("      <td>")
            put(t, r, bare(it))
            t.lit("</td>\n")
        t.lit("    </tr>\n")
    t.lit("  </tbody>\n</table>\n</div>\n")


def w_pandas_multiindex(t, head, body, nlab, g, rng) -> None:
    """`DataFrame.to_string()` with a two-level row index (repeated outer labels left blank) and,
    with column groups, a two-level column index (each group named over its first column)."""
    if g is None:
        ws = [max(len(head[c]), *(len(row[c][-1]) for _, row in body)) for c in range(len(head))]
        iw = len(str(len(body) - 1))
        t.lit(" " * iw + "".join("  " + x.rjust(w) for x, w in zip(head, ws, strict=True)) + "\n")
        for k, (_, row) in enumerate(body):
            t.lit(str(k).ljust(iw) + "".join("  " + x[-1].rjust(w) for x, w in zip(row, ws, strict=True)) + "\n")
        return
    groups = header_groups(g, head, nlab)
    if nlab == 1:
        # `groupby([outer, row])` with one outer value; `pivot_table(margins=True)`'s ("All", "") row
        outer = [("country", "England"), ("trust", "RX1")] + ([] if groups else [("year", "2024"), ("period", "2023")])
        name, value = rng.choice(outer)
        names = [name, head[0]]
        idx = [["All", ""] if row[0][-1] == "Total" else [value, row[0][-1]] for _, row in body]
    else:
        names = head[:nlab]
        idx = [[x[-1] for x in row[:nlab]] for _, row in body]
    shown_idx = [[x if j or k == 0 or idx[k - 1][0] != x else "" for j, x in enumerate(ix)] for k, ix in enumerate(idx)]
    iw = [max(dw(names[j]), *(dw(ix[j]) for ix in idx)) for j in range(len(names))]
    ilen = sum(iw) + len(iw) - 1
    cells = [(r, [bare(it) for it in row[nlab:]]) for r, row in body]
    ch = head[nlab:]
    cw = [max(dw(ch[c]), *(dw(row[c][-1]) for _, row in cells), dw(groups[nlab + c]) if groups else 0) for c in range(len(ch))]
    if groups:
        top = groups[nlab:]
        t.lit(" " * ilen + "".join("  " + (x if c == 0 or top[c - 1] != x else "").rjust(cw[c]) for c, x in enumerate(top)) + "\n")
    t.lit(" " * ilen + "".join("  " + " " * (cw[c] - dw(x)) + x for c, x in enumerate(ch)) + "\n")
    t.lit(" ".join(x + " " * (w - dw(x)) for x, w in zip(names, iw, strict=True)) + " " * (2 * len(ch) + sum(cw)) + "\n")
    for (r, row), ix in zip(cells, shown_idx, strict=True):
        t.lit(" ".join(x + " " * (w - dw(x)) for x, w in zip(ix, iw, strict=True)))
        for c, it in enumerate(row):
            t.lit("  ")
            put(t, r, it, cw[c], "r")
        t.lit("\n")


def py_value(t: Tokens, r, it, quote: str) -> None:
    """A value in a Python or JSON literal: numbers bare, anything else quoted."""
    it = bare(it)
    q = "" if numeric(it[-1]) and not it[-1].startswith("+") else quote
    if it[0] == "lit":
        t.lit(q + it[-1] + q if it[-1] else "None" if quote == "'" else "null")
        return
    t.lit(q)
    emit(t, r, it)
    t.lit(q)


def w_python_dict(t, head, body, nlab, g, rng) -> None:
    """A dict printed by Python: `Counter({...})` (most common first) of one column,
    `df.to_dict("index")` or `df.to_dict()` of several, `to_dict("records")` of records."""
    if g is None:
        t.lit("[")
        for k, (_, row) in enumerate(body):
            fields = (f"{x!r}: " + (v[-1] if v[-1].isdigit() else repr(v[-1])) for x, v in zip(head, row, strict=True))
            t.lit((", " if k else "") + "{" + ", ".join(fields) + "}")
        t.lit("]\n")
        return
    groups = header_groups(g, head, nlab)

    def key(j: int, row=None) -> str:
        if row is not None:
            parts = [x[-1] for x in row[:nlab]]
            return repr(parts[0]) if nlab == 1 else repr(tuple(parts))
        return repr((groups[j], head[j])) if groups else repr(head[j])

    cols = list(range(nlab, len(head)))
    one = len(cols) == 1 and body[0][1][nlab][0] == "cell"
    if one and not any(row[0][-1] == "Total" for _, row in body) and style(g, rng) < 0.6:
        ordered = sorted(body, key=lambda x: -float(x[1][nlab][-1]) if numeric(x[1][nlab][-1]) else 0)
        t.lit("Counter({")
        for k, (r, row) in enumerate(ordered):
            t.lit((", " if k else "") + key(0, row) + ": ")
            py_value(t, r, row[nlab], "'")
        t.lit("})\n")
        return
    if style(g, rng, 1) < 0.5:
        t.lit("{")
        for k, (r, row) in enumerate(body):
            t.lit((", " if k else "") + key(0, row) + ": {")
            for j, c in enumerate(c for c in cols if row[c][-1] != ""):
                t.lit((", " if j else "") + key(c) + ": ")
                py_value(t, r, row[c], "'")
            t.lit("}")
        t.lit("}\n")
        return
    t.lit("{")
    for j, c in enumerate(cols):
        t.lit((", " if j else "") + key(c) + ": {")
        for k, (r, row) in enumerate(x for x in body if x[1][c][-1] != ""):
            t.lit((", " if k else "") + key(0, row) + ": ")
            py_value(t, r, row[c], "'")
        t.lit("}")
    t.lit("}\n")


def w_json_nested(t, head, body, nlab, g, rng) -> None:
    """Nested JSON objects keyed by label (`df.to_json(orient="index")`, or `json.dumps(...,
    indent=2)` of a nested dict): one level per row label, one more per column group."""
    if g is None:
        keyed = head[0] in ("patient_id", "MRN")
        t.lit("{\n" if keyed else "[\n")
        for k, (_, row) in enumerate(body):
            fields = list(zip(head, row, strict=True))[1 if keyed else 0 :]
            inner_ = ", ".join(f"{json.dumps(x)}: " + (v[-1] if v[-1].isdigit() else json.dumps(v[-1])) for x, v in fields)
            t.lit(("  " + json.dumps(row[0][-1]) + ": {" if keyed else "  {") + inner_ + "}" + (",\n" if k + 1 < len(body) else "\n"))
        t.lit("}\n" if keyed else "]\n")
        return
    groups = header_groups(g, head, nlab)
    indent = style(g, rng) < 0.5
    colon, comma = (": ", ", ") if indent else (":", ",")
    level_field = nlab > 1 and head[1] == "Level"
    tree: dict = {}
    for r, row in body:
        node = tree
        path = [row[0][-1]] if level_field or nlab == 1 else [x[-1] for x in row[:nlab]]
        for p in path:
            node = node.setdefault(p, {})
        if level_field:
            node["Level"] = ("lit", row[1][-1])
        for c in range(nlab, len(head)):
            if row[c][-1] == "":
                continue
            leaf = node.setdefault(groups[c], {}) if groups else node
            leaf[head[c]] = (r, row[c])

    def write(node: dict, depth: int) -> None:
        t.lit("{")
        for k, (name, v) in enumerate(node.items()):
            t.lit((comma.rstrip() if k else "") + ("\n" + "  " * (depth + 1) if indent else "") + json.dumps(name) + colon)
            if isinstance(v, dict):
                write(v, depth + 1)
            elif v[0] == "lit":
                t.lit(v[1])
            else:
                py_value(t, v[0], v[1], '"')
        t.lit(("\n" + "  " * depth if indent else "") + "}")

    write(tree, 0)
    t.lit("\n")


def w_kable(t, head, body, nlab, g, rng) -> None:
    """knitr::kable's pipe table: each column padded to its widest plus one, no spaces inside the
    bars, `:---` / `---:` alignment."""
    aligns = ["l"] * nlab + ["r"] * (len(head) - nlab)
    body = [(r, [bare(it) for it in row]) for r, row in body]
    ws = [w + 1 for w in widths_of(head, body)]
    t.lit("|" + "|".join(x.join(padded(x, w, a)) for x, w, a in zip(head, ws, aligns, strict=True)) + "|\n")
    t.lit("|" + "|".join(":" + "-" * (w - 1) if a == "l" else "-" * (w - 1) + ":" for w, a in zip(ws, aligns, strict=True)) + "|\n")
    for r, row in body:
        for c, it in enumerate(row):
            t.lit("|")
            put(t, r, ("lit", "NA") if it == ("lit", "") and c >= nlab else it, ws[c], aligns[c])
        t.lit("|\n")


def w_csv_titled(t, head, body, nlab, g, rng) -> None:
    """A CSV as published or saved from a spreadsheet: a title line (padded with commas to the
    table's width), sometimes a blank line, the table, then a blank line and notes."""
    n = len(head)
    fill = "," * (n - 1) if style(g, rng) < 0.5 else ""
    title = rng.choice(["Table 3: Admissions by area", "Counts by area and tenure, 2024", "Patients by area (provisional)"])
    t.lit(f'"{title}"' + fill + "\n" if "," in title else title + fill + "\n")
    if style(g, rng, 1) < 0.5:
        t.lit(fill + "\n")
    groups = header_groups(g, head, nlab)

    def q(s: str) -> str:
        return f'"{s}"' if "," in s or '"' in s else s

    if groups:
        t.lit(",".join(q(x if k == 0 or groups[k - 1] != x else "") for k, x in enumerate(groups)) + "\n")
    t.lit(",".join(q(x) for x in head) + "\n")
    for r, row in body:
        for c, it in enumerate(row):
            t.lit("," if c else "")
            quoted = "," in it[-1]
            t.lit('"' if quoted else "")
            put(t, r, it)
            t.lit('"' if quoted else "")
        t.lit("\n")
    notes = rng.sample(["Source: clinic extract, March 2024.", "Notes: counts are of patients, not episodes.", "Figures are provisional."], 2)
    t.lit(fill + "\n" + "".join((f'"{x}"' if "," in x else x) + fill + "\n" for x in notes))


V4_WRITERS = {
    "sqlite_box": w_sqlite_box,
    "sqlite_column": w_sqlite_column,
    "mysql": w_mysql,
    "duckdb": w_duckdb,
    "asciidoc": w_asciidoc,
    "mediawiki": w_mediawiki,
    "jupyter_html": w_jupyter_html,
    "pandas_multiindex": w_pandas_multiindex,
    "python_dict": w_python_dict,
    "json_nested": w_json_nested,
    "kable": w_kable,
    "csv_titled": w_csv_titled,
}

NEGATIVES_V4 = [
    (
        "sqlite_box",
        "```\n┌──────────┬─────────┐\n│   name   │  type   │\n├──────────┼─────────┤\n"
        "│ id       │ INTEGER │\n│ created  │ TEXT    │\n└──────────┴─────────┘\n```\n",
    ),
    (
        "sqlite_column",
        "```\ncid  name     type     notnull\n---  -------  -------  -------\n0    id       INTEGER  1      \n1    created  TEXT     0      \n```\n",
    ),
    (
        "mysql",
        "```\n+-----------------+-------+\n| Variable_name   | Value |\n+-----------------+-------+\n| max_connections | 151   |\n"
        "| wait_timeout    | 28800 |\n| innodb_threads  | 4     |\n+-----------------+-------+\n3 rows in set (0.00 sec)\n```\n",
    ),
    (
        "duckdb",
        "```\n┌─────────────┬─────────────┬─────────┐\n│ column_name │ column_type │  null   │\n│   varchar   │   varchar   │ varchar │\n"
        "├─────────────┼─────────────┼─────────┤\n│ id          │ INTEGER     │ YES     │\n│ score       │ DOUBLE      │ YES     │\n"
        "└─────────────┴─────────────┴─────────┘\n```\n",
    ),
    ("asciidoc", '[cols="<,>",options="header",]\n|===\n|Option |Default\n|retries |3\n|timeout (s) |5\n|===\n'),
    (
        "mediawiki",
        '{| class="wikitable"\n|-\n! Version !! Released !! Min. Python\n|-\n| 2.1 || 2024-03-02 || 3.9\n|-\n| 2.2 || 2024-05-19 || 3.10\n|}\n',
    ),
    ("python_dict", "```python\n{'batch_size': 4, 'epochs': 3, 'lr': 0.001, 'workers': 2}\n```\n"),
    ("json_nested", '```json\n{"server": {"port": 8080, "workers": 4}, "retry": {"max": 3, "backoff_s": 2}}\n```\n'),
    (
        "kable",
        "```\n|term        | estimate| std.error| p.value|\n|:-----------|--------:|---------:|-------:|\n"
        "|(Intercept) |    2.310|     0.410|   0.000|\n|age         |    0.031|     0.004|   0.000|\n```\n",
    ),
    ("csv_titled", "Sensor readings, lab 2\nsensor,reading\nA,0.31\nB,0.27\n\nSource: logger export.\n"),
    (
        "pandas_multiindex",
        "```\n                 rmse    mae\nmodel  fold             \nridge  1      0.412  0.301\n"
        "       2      0.398  0.297\nlasso  1      0.455  0.330\n```\n",
    ),
    (
        "jupyter_html",
        '<table border="1" class="dataframe">\n  <thead>\n    <tr style="text-align: right;">\n      <th></th>\n'
        "      <th>lr</th>\n      <th>loss</th>\n    </tr>\n  </thead>\n  <tbody>\n    <tr>\n      <th>0</th>\n"
        "      <td>0.010</td>\n      <td>0.52</td>\n    </tr>\n  </tbody>\n</table>\n",
    ),
]

# Earlier layouts a set-4 format is measured on (one case each, the policy alternating).
EARLIER_FOR_V4 = [
    "totals_last",
    "totals_first",
    "no_totals",
    "several_totals",
    "hier2_dash",
    "hier3_level",
    "id_label",
    "locale_numbers",
    "percent_cols",
    "linked_oneway_crosstab",
    "two_row_header",
    "rate_per_1000",
    "count_pct_cell",
    "three_way_stacked",
    "pre_suppressed",
    "cumulative",
]


def held_out_set(
    tag: str,
    rng: random.Random,
    formats: list[str],
    layouts: list[str],
    earlier_layouts: list[str],
    earlier_formats: list[str],
    negatives: list[tuple[str, str]],
    reps=lambda layout: 2,
    crossed=lambda k, j, layout: [(k + j) % 2],
    records=lambda fmt: True,
) -> list[Case]:
    """A held-out set from its stream `rng`: each new format in each new layout (`reps` cases a
    layout) and in `earlier_layouts` (one case each), with its microdata (where `records` says it
    prints records); each earlier format in each new layout (the cases `crossed` picks); and the
    non-tables twice, one per policy. Cases alternate the policy by their number."""
    out: list[Case] = []
    for fmt in formats:
        for layout in layouts:
            for rep in range(reps(layout)):
                c = table_case(f"{fmt}-{layout}-{rep}", fmt, layout, random.Random(rng.random()), "default" if rep % 2 == 0 else "research")
                if c is not None:
                    out.append(c)
        for k, layout in enumerate(earlier_layouts):
            c = table_case(f"{fmt}-{layout}-{k % 2}", fmt, layout, random.Random(rng.random()), "default" if k % 2 == 0 else "research")
            if c is not None:
                out.append(c)
        if records(fmt):
            for with_id in (None, "patient_id"):
                out.append(microdata_case(f"micro-{fmt}-{with_id}", fmt, random.Random(rng.random()), with_id))
    for k, fmt in enumerate(earlier_formats):
        for j, layout in enumerate(layouts):
            for rep in crossed(k, j, layout):
                c = table_case(f"{fmt}-{layout}-{rep}", fmt, layout, random.Random(rng.random()), "default" if rep % 2 == 0 else "research")
                if c is not None:
                    out.append(c)
    for i, (fmt, s) in enumerate(negatives):
        for policy in ("default", "research"):
            case = Case(f"neg{tag}-{i}-{policy}", fmt, "not_a_table", "negative", policy)
            case.tokens.append(("lit", s))
            out.append(case)
    return out


def cases_v4(seed: int) -> list[Case]:
    """The fourth held-out set: every case with a ``split.V4_FORMATS`` format or a
    ``split.V4_LAYOUTS`` layout, with microdata and non-tables in the new formats. Its stream is
    seeded with ``seed + 5`` (``seed + 4`` already seeds set 3's later families)."""
    return held_out_set("4", random.Random(seed + 5), V4_FORMATS, V4_LAYOUTS, EARLIER_FOR_V4, FORMATS + V2_FORMATS + V3_FORMATS, NEGATIVES_V4)


# ---- the fifth held-out set (``split.V5_FORMATS``, ``split.V5_LAYOUTS``) ----

INTROS_V5 = [
    "Here is what the query returned:",
    "Summary of the extract, as requested:",
    "I've pulled the counts; see below.",
    "Counts from the latest run:",
    "The table you asked for:",
    "Results (no filters applied unless stated):",
]
OUTROS_V5 = [
    "\nWant me to break this down further?",
    "\nThese are raw counts, not rates.",
    "",
    "\nSource: the April refresh of the clinic extract.",
    "\nI can export this as a file if that's easier.",
]
AGE_BANDS = [
    ["Under 1", "1-4", "5-14", "15-24", "25-44", "45-64", "65-84", "85+"],
    ["0-17", "18-39", "40-64", "65-79", "80+"],
    ["<18", "18-64", "65 and over"],
    ["0-4", "5-9", "10-14", "15-19", "20+"],
    ["16-24", "25-34", "35-49", "50-64", "65-74", "75+"],
]
NOT_STATED = ["Not stated", "Unknown", "Age not known", "Missing"]


def relabel(g: Grid, row: str | None = None, col: str | None = None) -> Grid:
    """Rename the Total row and the Total column (with_totals names both "Total")."""
    if row is not None:
        g.row_labels = [row if x == "Total" else x for x in g.row_labels]
    if col is not None:
        g.col_labels = [col if x == "Total" else x for x in g.col_labels]
    return g


def poisson_ci(n: int) -> tuple[int, int]:
    """An approximate 95% interval around a count, widened to whole numbers (it holds the count)."""
    half = 1.96 * math.sqrt(n)
    return max(0, math.floor(n - half)), math.ceil(n + half + 2)


def totals_at(rng: random.Random, at_least_one: bool = True) -> tuple:
    choices = [("last", "last"), ("last", None), (None, "last")] + ([] if at_least_one else [(None, None)])
    return rng.choice(choices)


def layout_v5(layout: str, rng: random.Random, small: int, labels: list[str], cols: list[str]) -> list[Grid]:
    """The fifth held-out set's layouts: every relation and bound below holds and a reader can use it."""
    if layout == "n_in_header":
        # Each column's size in its header (`Owner (n=45)`): the header counts sum the columns.
        g = with_totals(rng, labels, cols, small, "last", "last" if rng.random() < 0.7 else None)
        g.head_row = len(g.row_labels) - 1
        g.head_fmt = rng.choice([" (n={})", " (N={})", ", n={}", " [n={}]", " (n = {})"])
        return [g]
    if layout == "base_row":
        # A base row first (the column totals), column percentages beside the counts.
        base = rng.choice(["Base", "N =", "Base: all patients", "Unweighted base", "All respondents"])
        g = with_totals(rng, labels, cols, small, "first", rng.choice(["last", None]), total=base)
        g = relabel(g, col="Total")
        g.col_labels = ["Total" if x == base else x for x in g.col_labels]
        g.pct = [(c, None) for c in range(len(g.col_labels))]
        g.pct_base_row = 0
        lab = rng.choice(["%", "Col %", "col%", "% of base"])
        g.pct_labels = dict.fromkeys(range(len(g.col_labels)), lab)
        g.pct_inline = rng.random() < 0.35
        return [g]
    if layout == "subtables_grand":
        # One table per sex, then the table for both: Male + Female = All in every cell.
        tr, tc = totals_at(rng, at_least_one=False)
        sub = [with_totals(rng, labels, cols, small, tr, tc) for _ in SEX]
        both = Grid(
            list(sub[0].row_labels),
            list(sub[0].col_labels),
            [[a + b for a, b in zip(x, y, strict=True)] for x, y in zip(sub[0].values, sub[1].values, strict=True)],
        )
        both.relations = list(sub[0].relations)
        first = rng.random() < 0.3  # the grand table first
        order = [both, *sub] if first else [*sub, both]
        pos = {id(g): k for k, g in enumerate(order)}
        heads = rng.choice(
            [
                ("Males:", "Females:", "All persons:"),
                ("Table 2a. Male", "Table 2b. Female", "Table 2. Both sexes"),
                ("**Men**", "**Women**", "**Total**"),
            ]
        )
        for g, h in zip([*sub, both], heads, strict=True):
            g.intro = h
        k0, k1, k2 = pos[id(sub[0])], pos[id(sub[1])], pos[id(both)]
        for r in range(len(both.row_labels)):
            for c in range(len(both.col_labels)):
                both.cross.append(([(k0, r, c), (k1, r, c)], (k2, r, c)))
        return order
    if layout == "age_bands":
        # Age bands with open ends (`85+`, `Under 1`), a Not stated row and column, totals.
        bands = rng.choice(AGE_BANDS)
        if len(bands) > 6:
            bands = bands[rng.randint(0, len(bands) - 6) :]
        rows = [*bands, rng.choice(NOT_STATED)] if rng.random() < 0.7 else list(bands)
        ccols = rng.choice([["Male", "Female"], ["Male", "Female", "Not stated"], ["Male", "Female", "Other/unknown"]])
        g = with_totals(rng, rows, ccols, small, "last", "last" if rng.random() < 0.8 else None)
        if rows[-1] in NOT_STATED:
            g.values[len(rows) - 1] = [rng.randint(0, small - 1) if rng.random() < 0.7 else rng.randint(small, 40) for _ in g.values[0]]
        if len(ccols) == 3:
            for row in g.values[: len(rows)]:
                row[2] = rng.randint(0, small - 1) if rng.random() < 0.6 else rng.randint(small, 30)
        g = rescale(g)
        g.row_name, g.col_name = rng.choice(["age_group", "Age band", "age"]), "sex"
        return [relabel(g, rng.choice(["All ages", "Total", "All"]), rng.choice(["Persons", "Total", "All"]))]
    if layout == "ci_cells":
        # Counts with a 95% interval in the cell, `12 (8-17)`: the interval bounds the count.
        tr, tc = totals_at(rng)
        g = with_totals(rng, labels, cols[: rng.randint(1, len(cols))], small, tr, tc)
        style_ = rng.choice([("(", "\u2013", ")"), ("(", "-", ")"), ("[", ", ", "]"), ("(", " to ", ")")])
        if rng.random() < 0.5:
            g.col_labels = [f"{x} (95% CI)" for x in g.col_labels]
        for r, row in enumerate(g.values):
            for c, n in enumerate(row):
                lo, hi = poisson_ci(n)
                g.ci[(r, c)] = (lo, hi, style_)
                g.extra_values[(r, c, "lo")], g.extra_values[(r, c, "hi")] = lo, hi
                g.extra_derived |= {(r, c, "lo"), (r, c, "hi")}
                g.relations.append(([(r, c, "lo"), ("s", len(g.slack))], (r, c)))
                g.slack.append(n - lo)
                g.relations.append(([(r, c), ("s", len(g.slack))], (r, c, "hi")))
                g.slack.append(hi - n)
        return [g]
    if layout == "weighted_beside":
        # Unweighted counts (Male + Female = Total) beside weighted estimates (no counts; they sum too).
        per_sex = rng.random() < 0.5
        wlab = rng.choice(["Weighted", "wtd", "Population estimate", "Weighted N"])
        vals = []
        for _ in labels:
            m, f = small_or_not(rng, small), small_or_not(rng, small)
            wm, wf = round(m * rng.uniform(40, 400)), round(f * rng.uniform(40, 400))
            vals.append([m, f, m + f, wm, wf, wm + wf] if per_sex else [m, f, m + f, wm + wf])
        n = len(labels)
        vals.append([sum(v[c] for v in vals) for c in range(len(vals[0]))])
        ccols = ["Male n", "Female n", rng.choice(["Total n", "Unweighted n", "All (unweighted)"])]
        wcols = (
            [f"Male ({wlab})", f"Female ({wlab})", f"Total ({wlab})"]
            if per_sex
            else [rng.choice(["Weighted total", "Population estimate", "Weighted N (grossed up)"])]
        )
        g = Grid([*labels, "Total"], ccols + wcols, vals, col_name="")
        for r in range(n + 1):
            g.relations.append(([(r, 0), (r, 1)], (r, 2)))
            if per_sex:
                g.relations.append(([(r, 3), (r, 4)], (r, 5)))
        for c in range(len(vals[0])):
            g.relations.append(([(r, c) for r in range(n)], (n, c)))
        g.derived_cols = set(range(3, len(vals[0])))
        return [g]
    if layout == "table_twice":
        # The same table before and after a filter: every cell after is at most the cell before.
        tr, tc = totals_at(rng)
        a = with_totals(rng, labels, cols, small, tr, tc)
        b = Grid(list(a.row_labels), list(a.col_labels), [list(row) for row in a.values], relations=list(a.relations))
        body_r = [r for r, x in enumerate(a.row_labels) if x != "Total"]
        body_c = [c for c, x in enumerate(a.col_labels) if x != "Total"]
        for r in body_r:
            for c in body_c:
                if rng.random() < 0.6:
                    b.values[r][c] -= rng.randint(0, min(b.values[r][c], 2 * small))
        b = rescale(b)
        for r in body_r:
            for c in body_c:
                b.cross.append(([(1, r, c), (1, "s", len(b.slack))], (0, r, c)))
                b.slack.append(a.values[r][c] - b.values[r][c])
        a.intro = rng.choice(["All referrals:", "Before removing duplicates:", "All records (unfiltered):", "Everyone in the extract:"])
        b.intro = rng.choice(["After excluding transfers:", "Excluding duplicate records:", "After the age filter (18+):", "First admissions only:"])
        return [a, b]
    if layout == "transposed_copy":
        # A table and its transposed copy: the same counts twice.
        tr, tc = totals_at(rng)
        a = with_totals(rng, labels, cols, small, tr, tc)
        b = transpose(a)
        b.intro = rng.choice(["The same counts the other way round:", "Transposed, for the slide:", "And transposed (tenure by region):"])
        for r in range(len(a.row_labels)):
            for c in range(len(a.col_labels)):
                b.cross.append(([(0, r, c)], (1, c, r)))
        return [a, b]
    if layout == "pyramid":
        # A population pyramid: Male | age | Female, oldest first or last, a total row.
        bands = list(rng.choice(AGE_BANDS))
        if rng.random() < 0.5:
            bands.reverse()
        g = with_totals(rng, bands, ["Male", "Female"], small, "last", "last" if rng.random() < 0.4 else None)
        g.mid_label = True
        g.row_name = rng.choice(["Age", "Age band", "age"])
        return [relabel(g, rng.choice(["Total", "All ages"]), "Persons")]
    if layout == "footer_n":
        # A footer line with the number of people and those left out of the table (a count too):
        # the Total column sums to N less the excluded.
        g = with_totals(rng, labels, cols, small, rng.choice(["last", None]), "last")
        tc = len(g.col_labels) - 1
        body = [r for r, x in enumerate(g.row_labels) if x != "Total"]
        missing = small_or_not(rng, small, 0.5)
        n = sum(g.values[r][tc] for r in body) + missing
        g.extra_values = {("f", 0): n, ("f", 1): missing}
        g.relations.append(([(r, tc) for r in body] + [("f", 1)], ("f", 0)))
        before, middle, end = rng.choice(
            [
                ("\nN = ", "; ", " with no tenure recorded are not shown.\n"),
                ("\nBase: ", " patients, of whom ", " had no recorded tenure (excluded above).\n"),
                ("\nTotal respondents: ", " (missing: ", ")\n"),
                ("\n_n_ = ", " overall; ", " records were dropped for a missing tenure.\n"),
            ]
        )
        g.after = [("lit", before), ("cell", ("f", 0), str(n)), ("lit", middle), ("cell", ("f", 1), str(missing)), ("lit", end)]
        return [g]
    raise ValueError(layout)


V5_ONLY_LAYOUTS = ("n_in_header", "pyramid")  # a count in a header, a label between counts
RECORD_V5 = ("xml_records", "toml_tables", "sql_insert")  # a header is a key there
GROUP_V5 = ("latex_booktabs", "excel_paste")  # the set-5 formats with an upper header row
SIGNED_V5 = ("jira_wiki", "excel_paste")
V5_FENCES = {
    "prettytable": "```\n",
    "spark_show": "```\n",
    "powershell": "```powershell\n",
    "r_ftable": "```\n",
    "data_table": "```\n",
    "latex_booktabs": "```latex\n",
    "xml_records": "```xml\n",
    "toml_tables": "```toml\n",
    "sql_insert": "```sql\n",
}


def fmt_ok_v5(fmt: str, layout: str, grids: list[Grid]) -> bool:
    """Which formats write which layouts in the fifth set."""
    if layout in V5_ONLY_LAYOUTS and fmt not in V5_FORMATS:
        return False
    if layout == "n_in_header" and fmt in RECORD_V5:
        return False
    if fmt in V5_FORMATS and layout in ("hier2_indent", "ragged_row", "cell_flags", "locale_numbers", "footnote_marks"):
        return False
    if fmt == "r_ftable":
        # ftable() prints a contingency table: counts only, one or two row variables
        if layout in ("pyramid", "n_in_header", "base_row", "ci_cells", "weighted_beside", "cumulative", "rate_per_1000"):
            return False
        if any(g.pct or g.rate or g.derived_cols or g.masks or g.level or g.missing or g.hidden_cols for g in grids):
            return False
    if layout == "ci_cells" and fmt in ("json_records", "pandas_series", "pandas_groupby", "r_dataframe", "tibble"):
        return False
    return not (layout == "weighted_beside" and fmt in ("pandas_series", "pandas_groupby", "json_records", "excel_pivot", "spss_crosstab", "r_table"))


def adapt_v5(grids: list[Grid], fmt: str, rng: random.Random) -> None:
    """How a set-5 case is written: flat column names where the format has no upper header row,
    the sentence before each table, the fence, a style shared by the case's tables."""
    fence = V5_FENCES.get(fmt, "")
    if fmt in ("powershell", "latex_booktabs") and rng.random() < 0.5:
        fence = "```\n" if fmt == "powershell" else ""
    styles = (rng.random(), rng.random())
    for g in grids:
        if fmt in V5_FORMATS:
            g.styles = styles
            if fmt not in SIGNED_V5:
                g.signed_cols = set()
            if g.col_groups and fmt not in GROUP_V5:
                g.col_labels = [lab if grp == lab else f"{grp} {lab}" for grp, lab in zip(g.col_groups, g.col_labels, strict=True)]
                g.col_groups = None
            g.fence = fence
        if g.intro is None:
            g.intro = rng.choice(INTROS_V5)


# Headers: a string, or a list of fragments (row, item) when a header carries a count.


def htext(x) -> str:
    return x if isinstance(x, str) else "".join(it[-1] for _, it in x)


def hput(t: Tokens, x, w: int | None = None, a: str = "l", esc=None) -> None:
    left, right = padded(htext(x), w, a) if w is not None else ("", "")
    t.lit(left)
    if isinstance(x, str):
        t.lit(esc(x) if esc else x)
    else:
        for r, it in x:
            t.lit(esc(it[-1]) if esc else it[-1]) if it[0] == "lit" else emit(t, r, it)
    t.lit(right)


def v5_table(t: Tokens, g: Grid, fmt: str, rng) -> None:
    h: list = header(g)
    nlab = 1 + len(extra_cols(g))
    if g.head_row is not None:
        k = nlab
        for c in range(len(g.col_labels)):
            if c in g.hidden_cols:
                continue
            pre, post = g.head_fmt.split("{}")
            h[k] = [
                (None, ("lit", g.col_labels[c] + pre)),
                (g.head_row, ("cell", c, num(g.values[g.head_row][c], fmt, g, g.head_row, c))),
                (None, ("lit", post)),
            ]
            k += 1 + sum(1 for pc, _ in g.pct if pc == c and not g.pct_inline)
    body = []
    for r in range(len(g.row_labels)):
        if r == g.head_row:
            continue
        row = [("lit", label(g, r, fmt)), *(("lit", v[r]) for _, v in extra_cols(g)), *row_items(g, r, fmt)]
        body.append((r, row + [("lit", "")] * (len(h) - len(row))))
    if g.mid_label:
        h = [h[1], h[0], *h[2:]]
        body = [(r, [row[1], row[0], *row[2:]]) for r, row in body]
        nlab = 0
    V5_WRITERS[fmt](t, h, body, nlab, g, rng)


def widths5(head: list, body: list) -> list[int]:
    return widths_of([htext(x) for x in head], body)


def aligns5(head: list, body: list, nlab: int) -> list[str]:
    """Numbers right, text left (a column of numbers, markers or intervals is a number column)."""
    out = []
    for c in range(len(head)):
        texts = [row[c][-1] for _, row in body if row[c][-1] != ""]
        out.append("r" if c >= nlab and texts and all(it[0] != "lit" or numeric(it[-1]) for _, row in body for it in [row[c]] if it[-1]) else "l")
    return out


def w_prettytable(t, head, body, nlab, g, rng) -> None:
    """`print(PrettyTable)`: `+---+` rules, headers centred, cells centred (the default) or
    aligned (`align["region"] = "l"`, numbers "r"), sometimes a title above."""
    body = [(r, [bare(it) for it in row]) for r, row in body]
    ws = widths5(head, body)
    aligns = ["c"] * len(head) if style(g, rng) < 0.5 else aligns5(head, body, nlab)
    rule = "+" + "+".join("-" * (w + 2) for w in ws) + "+\n"
    if g is not None and style(g, rng, 1) < 0.3:
        inner_w = sum(ws) + 3 * len(ws) - 1
        title = rng.choice(["Counts by area", "Admissions", f"{g.row_name} x {g.col_name or 'n'}"])
        t.lit("+" + "-" * inner_w + "+\n|" + centre(title, inner_w) + "|\n")
    t.lit(rule + "|")
    for x, w in zip(head, ws, strict=True):
        t.lit(" ")
        hput(t, x, w, "c")
        t.lit(" |")
    t.lit("\n" + rule)
    for r, row in body:
        t.lit("|")
        for c, it in enumerate(row):
            t.lit(" ")
            put(t, r, it, ws[c], aligns[c])
            t.lit(" |")
        t.lit("\n")
    t.lit(rule)


def w_spark_show(t, head, body, nlab, g, rng) -> None:
    """PySpark `df.show()`: `+---+` rules without padding, every field right-aligned (or left with
    `truncate=False`), nulls as `null`."""
    body = [(r, [("lit", "null") if it == ("lit", "") else bare(it) for it in row]) for r, row in body]
    ws = widths5(head, body)
    a = "r" if style(g, rng) < 0.75 else "l"
    if style(g, rng, 1) < 0.4:
        t.lit(rng.choice([">>> df.show()\n", ">>> counts.show()\n", "scala> df.show()\n"]))
    rule = "+" + "+".join("-" * w for w in ws) + "+\n"
    t.lit(rule + "|")
    for x, w in zip(head, ws, strict=True):
        hput(t, x, w, a)
        t.lit("|")
    t.lit("\n" + rule)
    for r, row in body:
        t.lit("|")
        for c, it in enumerate(row):
            put(t, r, it, ws[c], a)
            t.lit("|")
        t.lit("\n")
    t.lit(rule)


def w_powershell(t, head, body, nlab, g, rng) -> None:
    """PowerShell `Format-Table`: a blank line, the names, dashes as long as each name, numbers
    right-aligned under right-aligned names, one space between columns."""
    body = [(r, [bare(it) for it in row]) for r, row in body]
    ws = widths5(head, body)
    aligns = aligns5(head, body, nlab)
    if style(g, rng, 1) < 0.5:
        t.lit(rng.choice(["PS C:\\data> Import-Csv .\\counts.csv | Format-Table -AutoSize\n", "PS> $counts | Format-Table\n"]))
    t.lit("\n")
    last = len(head) - 1
    for c, (x, w) in enumerate(zip(head, ws, strict=True)):
        t.lit(" " if c else "")
        hput(t, x, w if c < last or aligns[c] == "r" else None, aligns[c])
    t.lit("\n")
    t.lit(
        " ".join(
            ("-" * dw(htext(x))).join(padded(htext(x), w, a)) if c < last or a == "r" else "-" * dw(htext(x))
            for c, (x, w, a) in enumerate(zip(head, ws, aligns, strict=True))
        )
        + "\n"
    )
    for r, row in body:
        for c, it in enumerate(row):
            t.lit(" " if c else "")
            put(t, r, it, ws[c] if c < last or aligns[c] == "r" else None, aligns[c])
        t.lit("\n")
    t.lit("\n")


TOTALISH = ("Total", "All", "Sum", "All ages", "Grand total", "Persons", "Base", "N =")


def w_jira_wiki(t, head, body, nlab, g, rng) -> None:
    """Jira / Confluence wiki markup: `||head||head||`, `|cell|cell|`, sometimes padded, sometimes
    a bold total row (`*123*`)."""
    sp = " " if style(g, rng) < 0.5 else ""
    bold = style(g, rng, 1) < 0.5
    t.lit("||")
    for x in head:
        t.lit(sp)
        hput(t, x)
        t.lit(sp + "||")
    t.lit("\n")
    for r, row in body:
        strong = bold and g is not None and any(it[0] == "lit" and it[-1] in TOTALISH for it in row[: max(nlab, 2)])
        t.lit("|")
        for it in row:
            t.lit(sp + ("*" if strong and it[-1] else ""))
            put(t, r, it) if it[-1] else t.lit(" ")
            t.lit(("*" if strong and it[-1] else "") + sp + "|")
        t.lit("\n")


def w_r_ftable(t, head, body, nlab, g, rng) -> None:
    """R's `ftable()` (of `addmargins()`): the column variable's name above the row variables'
    names, one or two row variables (an outer label only on its first row), `Sum` margins."""
    sums = {"Total": "Sum", "All": "Sum"}
    names = [g.row_name, *(n for n, _ in extra_cols(g))] if g is not None else list(head[:nlab])
    cname = (g.col_name if g is not None else "") or ""
    ch = [sums.get(htext(x), htext(x)) for x in head[nlab:]]
    labs = [[sums.get(row[j][-1], row[j][-1]) for j in range(nlab)] for _, row in body]
    shown_labs = [[x if j or k == 0 or labs[k - 1][0] != x else "" for j, x in enumerate(lb)] for k, lb in enumerate(labs)]
    lw = [max(dw(names[j]), *(dw(lb[j]) for lb in labs)) for j in range(nlab)]
    cw = dw(cname)
    vw = [max(dw(ch[c]), *(dw(row[nlab + c][-1]) for _, row in body)) for c in range(len(ch))]
    t.lit(" ".join(" " * w for w in lw) + " " + cname + "".join(" " + x.rjust(w) for x, w in zip(ch, vw, strict=True)) + "\n")
    t.lit(" ".join(x + " " * (w - dw(x)) for x, w in zip(names, lw, strict=True)) + " " + " " * cw + "".join(" " + " " * w for w in vw) + "\n")
    for (r, row), lb in zip(body, shown_labs, strict=True):
        t.lit(" ".join(x + " " * (w - dw(x)) for x, w in zip(lb, lw, strict=True)) + " " + " " * cw)
        for c, it in enumerate(row[nlab:]):
            t.lit(" ")
            put(t, r, it, vw[c], "r")
        t.lit("\n")


def w_data_table(t, head, body, nlab, g, rng) -> None:
    """R `data.table`'s print: `1:` row numbers, every column right-aligned, a `<char>`/`<int>`
    class row under the names (data.table 1.15+), NA for a missing value."""
    body = [(r, [("lit", "NA") if it == ("lit", "") else bare(it) for it in row]) for r, row in body]
    classes = []
    for c in range(len(head)):
        texts = [row[c][-1] for _, row in body if row[c][-1] != "NA"]
        ints = c >= nlab and texts and all(x.lstrip("+-").isdigit() for x in texts)
        classes.append("<int>" if ints else "<num>" if c >= nlab and texts and all(numeric(x) for x in texts) else "<char>")
    with_class = style(g, rng) < 0.7
    nums = [f"{k + 1}:" for k in range(len(body))]
    iw = max(len(x) for x in nums)
    ws = widths_of([htext(x) for x in head], body, [classes] if with_class else [])
    t.lit(" " * iw)
    for x, w in zip(head, ws, strict=True):
        t.lit(" ")
        hput(t, x, w, "r")
    t.lit("\n")
    if with_class:
        t.lit(" " * iw + "".join(" " + x.rjust(w) for x, w in zip(classes, ws, strict=True)) + "\n")
    for (r, row), n in zip(body, nums, strict=True):
        t.lit(n.rjust(iw))
        for c, it in enumerate(row):
            t.lit(" ")
            put(t, r, it, ws[c], "r")
        t.lit("\n")


def tex(s: str) -> str:
    return s.replace("\\", "\\textbackslash{}").replace("&", "\\&").replace("%", "\\%").replace("_", "\\_").replace("#", "\\#")


def w_latex_booktabs(t, head, body, nlab, g, rng) -> None:
    """pandas `to_latex()` (booktabs rules): the columns' name above the index name, floats with six
    decimals, `\\multicolumn` over column groups, `\\multirow` for an outer index, sometimes inside
    a `table` float with a caption."""

    def six(it):
        it = bare(it)
        return (it[0], it[1], f"{float(it[2]):.6f}") if it[0] == "pct" else it

    body = [(r, [six(it) for it in row]) for r, row in body]
    wrap = g is not None and style(g, rng) < 0.4
    if wrap:
        t.lit("\\begin{table}\n\\centering\n\\caption{" + rng.choice(["Counts by area", "Admissions by area and tenure", "Summary counts"]) + "}\n")
    t.lit("\\begin{tabular}{" + "l" * max(nlab, 1) + "r" * (len(head) - max(nlab, 1)) + "}\n\\toprule\n")
    groups = header_groups(g, [htext(x) for x in head], nlab) if g is not None and nlab else None
    if groups:
        spans: list = []
        for x in groups[nlab:]:
            if spans and spans[-1][0] == x:
                spans[-1][1] += 1
            else:
                spans.append([x, 1])
        t.lit(" & ".join([""] * nlab + [f"\\multicolumn{{{n}}}{{r}}{{{tex(x)}}}" if n > 1 else tex(x) for x, n in spans]) + " \\\\\n")
    index_row = g is not None and nlab > 0
    first = [(g.col_name if g is not None and g.col_name and nlab == 1 else "")] + [""] * (nlab - 1) if index_row else [htext(x) for x in head[:nlab]]
    for j, x in enumerate([*first, *head[nlab:]]):
        t.lit(" & " if j else "")
        hput(t, x, esc=tex)
    t.lit(" \\\\\n")
    if index_row:
        t.lit(" & ".join([tex(htext(x)) for x in head[:nlab]] + [""] * (len(head) - nlab)) + " \\\\\n")
    t.lit("\\midrule\n")
    outer = [row[0][-1] for _, row in body]
    for k, (r, row) in enumerate(body):
        if nlab > 1 and k and outer[k - 1] != outer[k]:
            t.lit(f"\\cline{{1-{len(head)}}}\n")
        for c, it in enumerate(row):
            t.lit(" & " if c else "")
            if c == 0 and nlab > 1:
                if k and outer[k - 1] == outer[k]:
                    continue
                span = 1
                while k + span < len(outer) and outer[k + span] == outer[k]:
                    span += 1
                t.lit(f"\\multirow[t]{{{span}}}{{*}}{{{tex(it[-1])}}}" if span > 1 else tex(it[-1]))
                continue
            if it[0] == "lit":
                t.lit(tex(it[-1]))
            else:
                emit(t, r, (it[0], it[1], it[2].replace("%", "\\%")))
        t.lit(" \\\\\n")
    t.lit("\\bottomrule\n\\end{tabular}\n")
    if wrap:
        t.lit("\\end{table}\n")


def retext(it: tuple, s: str) -> tuple:
    return (*it[:-1], s)


def xml_name(s: str) -> str:
    s = re.sub(r"[^A-Za-z0-9_.-]", "_", s.replace("%", "pct")).strip("_") or "value"
    return s if s[0].isalpha() or s[0] == "_" else "_" + s


def w_xml_records(t, head, body, nlab, g, rng) -> None:
    """pandas `to_xml()`: `<data><row>` with an `<index>` and one element per column, or the same
    as attributes (`attr_cols`); names made valid, markers escaped."""
    keys = [xml_name(k) for k, _ in record_fields([htext(x) for x in head], body[0][1])]
    attrs = style(g, rng) < 0.35
    index = style(g, rng, 1) < 0.6
    t.lit("<?xml version='1.0' encoding='utf-8'?>\n<data>\n")
    for k, (r, row) in enumerate(body):
        if attrs:
            t.lit("  <row" + (f' index="{k}"' if index else ""))
            for key, it in zip(keys, row, strict=True):
                t.lit(f' {key}="')
                put(t, r, retext(bare(it), html.escape(bare(it)[-1])))
                t.lit('"')
            t.lit("/>\n")
            continue
        t.lit("  <row>\n" + (f"    <index>{k}</index>\n" if index else ""))
        for key, it in zip(keys, row, strict=True):
            if it == ("lit", ""):
                t.lit(f"    <{key}/>\n")
                continue
            t.lit(f"    <{key}>")
            put(t, r, retext(bare(it), html.escape(bare(it)[-1])))
            t.lit(f"</{key}>\n")
        t.lit("  </row>\n")
    t.lit("</data>\n")


def toml_value(t: Tokens, r, it) -> None:
    it = bare(it)
    s = it[-1]
    q = "" if numeric(s) else '"'
    if it[0] == "lit":
        t.lit(q + s + q if q == "" else json.dumps(s))
        return
    t.lit(q)
    emit(t, r, it)
    t.lit(q)


def w_toml_tables(t, head, body, nlab, g, rng) -> None:
    """A TOML array of tables (`[[rows]]`, one per row; a key quoted when it is not bare, a
    missing value left out)."""
    name = rng.choice(["rows", "counts", "record", "area"]) if g is not None else "patient"
    keys = [k for k, _ in record_fields([htext(x) for x in head], body[0][1])]
    for k, (r, row) in enumerate(body):
        t.lit(("\n" if k else "") + f"[[{name}]]\n")
        for key, it in zip(keys, row, strict=True):
            if it == ("lit", ""):
                continue
            t.lit((key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key)) + " = ")
            toml_value(t, r, it)
            t.lit("\n")


def sql_name(s: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "_", s.lower().replace("%", "pct")).strip("_") or "value"
    return s if s[0].isalpha() else "c_" + s


def w_sql_insert(t, head, body, nlab, g, rng) -> None:
    """SQL `INSERT ... VALUES`: one statement with a row per line, or one statement per row;
    strings quoted, numbers bare, a missing value NULL."""
    table = rng.choice(["admissions_by_area", "counts", "summary_2024"]) if g is not None else "patients"
    keys = [sql_name(k) for k, _ in record_fields([htext(x) for x in head], body[0][1])]
    one = style(g, rng) < 0.6
    stmt = f"INSERT INTO {table} ({', '.join(keys)}) VALUES"
    t.lit(stmt + "\n" if one else "")
    for k, (r, row) in enumerate(body):
        t.lit("  (" if one else stmt + " (")
        for c, it in enumerate(row):
            t.lit(", " if c else "")
            it = bare(it)
            if it == ("lit", ""):
                t.lit("NULL")
            elif numeric(it[-1]) and not it[-1].startswith("+"):
                put(t, r, it)
            else:
                t.lit("'")
                put(t, r, retext(it, it[-1].replace("'", "''")))
                t.lit("'")
        t.lit(("),\n" if k + 1 < len(body) else ");\n") if one else ");\n")


def w_excel_paste(t, head, body, nlab, g, rng) -> None:
    """A range copied from Excel (tab-separated): a title in the first cell, merged header cells
    (a group's name in its first cell, blanks after), an outer label only on its group's first row."""
    n = len(head)
    if g is not None and style(g, rng) < 0.6:
        t.lit(
            rng.choice(["Table 4: Admissions by area", "Counts by area", "Patients by area and tenure"])
            + "\t" * (n - 1)
            + "\n"
            + "\t" * (n - 1)
            + "\n"
        )
    groups = header_groups(g, [htext(x) for x in head], nlab) if g is not None else None
    if groups:
        t.lit("\t".join(x if k == 0 or groups[k - 1] != x else "" for k, x in enumerate(groups)) + "\n")
    elif g is not None and g.col_name and nlab and n - nlab > 1 and style(g, rng, 1) < 0.5:
        t.lit("\t" * nlab + g.col_name + "\t" * (n - nlab - 1) + "\n")
    for k, x in enumerate(head):
        t.lit("\t" if k else "")
        hput(t, x)
    t.lit("\n")
    outer = [row[0][-1] for _, row in body]
    for k, (r, row) in enumerate(body):
        for c, it in enumerate(row):
            t.lit("\t" if c else "")
            if c == 0 and nlab > 1 and k and outer[k - 1] == outer[k]:
                continue
            put(t, r, it)
        t.lit("\n")


CODE_STYLES = [
    ("# ", "```python\n", 'df = pd.read_csv("extract.csv")\n', "print(df.shape)\n"),
    ("## ", "```r\n", "with(df, table(region, tenure))\n", ""),
    ("// ", "```js\n", "const rows = await db.query(sql);\n", "console.log(rows.length);\n"),
    ("-- ", "```sql\n", "SELECT region, tenure, COUNT(*) FROM patients GROUP BY 1, 2;\n", ""),
]


def w_code_comment(t, head, body, nlab, g, rng) -> None:
    """A table pasted into a code comment (`# `, knitr's `## ` output, `// `, `-- `): aligned,
    labels left, numbers right, code around it in the same block."""
    prefix, fence, before, after = CODE_STYLES[int(style(g, rng) * len(CODE_STYLES))]
    ws = widths5(head, body)
    aligns = aligns5(head, body, nlab)
    t.lit(fence + before)
    if prefix != "## ":
        t.lit(prefix + rng.choice(["Counts (from the extract):", "Result:", "output:"]) + "\n")
    t.lit(prefix)
    for c, (x, w) in enumerate(zip(head, ws, strict=True)):
        t.lit("  " if c else "")
        hput(t, x, w, aligns[c])
    t.lit("\n")
    for r, row in body:
        t.lit(prefix)
        for c, it in enumerate(row):
            t.lit("  " if c else "")
            put(t, r, it, ws[c], aligns[c])
        t.lit("\n")
    t.lit(after + "```\n")


V5_WRITERS = {
    "prettytable": w_prettytable,
    "spark_show": w_spark_show,
    "powershell": w_powershell,
    "jira_wiki": w_jira_wiki,
    "r_ftable": w_r_ftable,
    "data_table": w_data_table,
    "latex_booktabs": w_latex_booktabs,
    "xml_records": w_xml_records,
    "toml_tables": w_toml_tables,
    "sql_insert": w_sql_insert,
    "excel_paste": w_excel_paste,
    "code_comment": w_code_comment,
}


NEGATIVES_V5 = [
    (
        "prettytable",
        "```\n+----------+---------+\n| Package  | Version |\n+----------+---------+\n| numpy    | 1.26.4  |\n"
        "| requests | 2.31.0  |\n| pydantic | 2.6.1   |\n+----------+---------+\n```\n",
    ),
    (
        "spark_show",
        "```\n+-------------------+------+----------+\n|                 ts|status|latency_ms|\n+-------------------+------+----------+\n"
        "|2024-03-01 10:00:01|   200|      41.7|\n|2024-03-01 10:00:02|   503|     812.0|\n+-------------------+------+----------+\n```\n",
    ),
    (
        "powershell",
        "```\n    Directory: C:\\data\n\nMode                 LastWriteTime         Length Name\n"
        "----                 -------------         ------ ----\n-a---          03/01/2024    10:32           1204 counts.csv\n"
        "-a---          03/01/2024    10:33            880 notes.txt\n```\n",
    ),
    ("jira_wiki", "||Version||Release date||Status||\n|2.1|2024-03-02|Released|\n|2.2|2024-05-19|Released|\n|3.0|TBC|Planned|\n"),
    (
        "r_ftable",
        "```\n      age            score       \n Min.   :18.00   Min.   :0.120  \n 1st Qu.:31.00   1st Qu.:0.410  \n"
        " Median :44.50   Median :0.530  \n Max.   :91.00   Max.   :0.970  \n```\n",
    ),
    (
        "data_table",
        "```\n          term estimate std.error\n        <char>    <num>     <num>\n1: (Intercept)   2.3100    0.4100\n"
        "2:         age   0.0310    0.0040\n3:      female  -0.1200    0.0510\n```\n",
    ),
    (
        "latex_booktabs",
        "\\begin{tabular}{lrr}\n\\toprule\nmodel & RMSE & MAE \\\\\n\\midrule\nridge & 0.412 & 0.301 \\\\\nlasso & 0.455 & 0.330 \\\\\n"
        "\\bottomrule\n\\end{tabular}\n",
    ),
    (
        "xml_records",
        '```xml\n<server>\n  <port>8080</port>\n  <workers>4</workers>\n  <timeout unit="s">30</timeout>\n  <retries>3</retries>\n</server>\n```\n',
    ),
    (
        "toml_tables",
        '```toml\n[package]\nname = "egress-demo"\nversion = "0.3.1"\n\n[profile.release]\nopt-level = 3\nlto = true\ncodegen-units = 1\n\n'
        '[[bin]]\nname = "demo"\npath = "src/main.rs"\n```\n',
    ),
    (
        "sql_insert",
        "```sql\nINSERT INTO settings (key, value) VALUES\n  ('max_retries', 3),\n  ('timeout_s', 5),\n  ('pool_size', 2);\n```\n",
    ),
    ("excel_paste", "Run\tLatency p50 (ms)\tLatency p95 (ms)\tThroughput (req/s)\nbaseline\t12.4\t31.0\t803.2\npatched\t11.9\t27.5\t815.0\n"),
    (
        "code_comment",
        "```python\n# timings (ms):   p50    p95\n#   parse         1.2    3.4\n#   render        0.8    2.1\n"
        "def main():\n    run(workers=4, retries=2)\n```\n",
    ),
    (
        "powershell",
        "2024-03-01T10:00:01Z INFO worker=3 processed=120 retries=2 latency_ms=41\n"
        "2024-03-01T10:00:02Z WARN worker=1 processed=4 retries=3 latency_ms=812\n",
    ),
]

# Earlier layouts a set-5 format is measured on (one case each, the policy alternating).
EARLIER_FOR_V5 = [
    "totals_last",
    "totals_first",
    "no_totals",
    "several_totals",
    "hier2_dash",
    "hier3_level",
    "percent_cols",
    "linked_oneway_crosstab",
    "two_row_header",
    "rate_per_1000",
    "count_pct_cell",
    "three_way_stacked",
    "pre_suppressed",
    "cumulative",
    "of_which",
    "transposed",
    "two_level_cols",
    "other_row",
    "change_col",
    "dash_zeros",
    "rank_col",
]


def cases_v5(seed: int) -> list[Case]:
    """The fifth held-out set: every case with a ``split.V5_FORMATS`` format or a
    ``split.V5_LAYOUTS`` layout, with microdata and non-tables in the new formats. Its stream is
    seeded with ``seed + 6`` (``seed + 5`` seeds set 4), so that sets 1-4 stay as they were."""
    return held_out_set(
        "5",
        random.Random(seed + 6),
        V5_FORMATS,
        V5_LAYOUTS,
        EARLIER_FOR_V5,
        FORMATS + V2_FORMATS + V3_FORMATS + V4_FORMATS,
        NEGATIVES_V5,
        # the layouts only set-5 formats write get more cases each (fewer formats write them)
        reps=lambda layout: {"n_in_header": 6, "pyramid": 4}.get(layout, 2),
        records=lambda fmt: fmt != "r_ftable",  # ftable() prints contingency tables, not records
    )


# ---- the sixth held-out set (``split.V6_FORMATS``, ``split.V6_LAYOUTS``) ----

INTROS_V6 = [
    "Here's the output:",
    "This is what the aggregation gave:",
    "Counts below, straight from the query.",
    "As requested, the breakdown:",
    "The numbers from this morning's run:",
    "Output (unedited):",
]
OUTROS_V6 = [
    "\nHappy to rerun this with other groupings.",
    "",
    "\nNote these are counts of people, not events.",
    "\nLet me know if anything looks off.",
    "\nThe extract was taken on Monday.",
]
PERIODS = [
    ("month", ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul"]),
    ("week", ["Week 1", "Week 2", "Week 3", "Week 4", "Week 5", "Week 6"]),
    ("month", ["2024-01", "2024-02", "2024-03", "2024-04", "2024-05", "2024-06"]),
    ("quarter", ["Q1 2023", "Q2 2023", "Q3 2023", "Q4 2023", "Q1 2024", "Q2 2024"]),
]


def layout_v6(layout: str, rng: random.Random, small: int, labels: list[str], cols: list[str]) -> list[Grid]:
    """The sixth held-out set's layouts: every relation and bound below holds and a reader can use it."""
    n, nc = len(labels), len(cols)
    if layout == "margins_prose_grand":
        # A Total column and a Total row with the corner left blank; the grand total only in a
        # sentence after the table (it is the sum of either margin).
        g = with_totals(rng, labels, cols, small, "last", "last")
        grand = g.values[n][nc]
        g.missing.add((n, nc))
        g.extra_values = {("p", 0): grand}
        g.relations.append(([(n, nc)], ("p", 0)))
        before, after = rng.choice(
            [
                ("\nGrand total: ", ".\n"),
                ("\nThe corner cell is blank in the export; the overall total is ", ".\n"),
                ("\nIn all, ", " patients are included.\n"),
                ("\n(N = ", " across all areas and tenures.)\n"),
            ]
        )
        g.after = [("lit", before), ("cell", ("p", 0), str(grand)), ("lit", after)]
        return [g]
    if layout == "pct_only_base":
        # Row percentages only, each row's base N beside them (a small area has a small base): a
        # percentage times its base is the hidden count, and the counts sum to the base.
        g = with_totals(rng, labels, cols, small, "last", rng.choice(["first", "last"]))
        tc = g.col_labels.index("Total")
        parts = [c for c in range(len(g.col_labels)) if c != tc]
        for r in rng.sample(range(n), rng.randint(1, min(2, n))):
            for c, v in zip(parts, split_sum(rng, rng.randint(1, small - 1), nc), strict=True):
                g.values[r][c] = v
        for r in range(n):
            if sum(g.values[r][c] for c in parts) == 0:
                g.values[r][parts[0]] = rng.randint(small, 60)
        g = rescale(g)
        g.hidden_cols = set(parts)
        g.pct = [(c, tc) for c in parts]
        head = rng.choice(["{} %", "% {}", "{} (%)", "{}"])
        g.pct_labels = {c: head.format(g.col_labels[c]) for c in parts}
        if head == "{}":
            g.notes = rng.choice(["\nRow percentages; n is the base.\n", "\nFigures are % of each area's total.\n"])
        return [relabel(g, rng.choice(["All areas", "Total", "All"]), rng.choice(["Base (n)", "N", "n", "Total (n)", "Respondents"]))]
    if layout == "running_totals":
        # New counts per period beside their running total: a period's count is the difference of
        # two running totals (and several sites' counts sum to the All columns).
        row_name, periods = rng.choice(PERIODS)
        periods = periods[: rng.randint(4, len(periods))]
        sites = rng.sample(labels, rng.randint(1, min(2, n)))
        new_w, cum_w = rng.choice([("New", "Cumulative"), ("new", "cum"), ("In period", "To date"), ("Cases", "Running total")])
        names = [(new_w, cum_w)] if len(sites) == 1 else [(f"{s} {new_w}", f"{s} {cum_w}") for s in sites]
        news = [[small_or_not(rng, small, 0.35) for _ in periods] for _ in sites]
        if len(sites) > 1 and rng.random() < 0.5:
            names.append((f"All {new_w}", f"All {cum_w}"))
            news.append([sum(x[r] for x in news) for r in range(len(periods))])
        cl, vals, pairs = [], [[] for _ in periods], []
        for (nw, cw), series in zip(names, news, strict=True):
            pairs.append((len(cl), len(cl) + 1))
            cl += [nw, cw]
            run = 0
            for r, x in enumerate(series):
                run += x
                vals[r] += [x, run]
        g = Grid(list(periods), cl, vals, row_name=row_name, col_name="")
        for cn, cc in pairs:
            g.relations.append(([(0, cn)], (0, cc)))
            for r in range(1, len(periods)):
                g.relations.append(([(r - 1, cc), (r, cn)], (r, cc)))
        if len(names) > len(sites):
            for r in range(len(periods)):
                for j in range(2):
                    g.relations.append(([(r, p[j]) for p in pairs[:-1]], (r, pairs[-1][j])))
        return [g]
    if layout == "diff_table":
        # Two years' tables and the table of their differences: year 1 + change = year 2, cell by
        # cell (a change may be negative; it is no count).
        y1, y2 = rng.choice([("2022", "2023"), ("2023", "2024"), ("2023/24", "2024/25"), ("Q1", "Q2")])
        tr, tc = totals_at(rng)
        a = with_totals(rng, labels, cols, small, tr, tc)
        b = with_totals(rng, labels, cols, small, tr, tc)
        d = Grid(
            list(a.row_labels),
            list(a.col_labels),
            [[y - x for x, y in zip(ra, rb, strict=True)] for ra, rb in zip(a.values, b.values, strict=True)],
            relations=list(a.relations),
        )
        w = len(a.col_labels)
        d.derived_cols, d.derived_bounds = set(range(w)), dict.fromkeys(range(w), (None, None))
        if rng.random() < 0.6:
            d.signed_cols = set(range(w))
        for r in range(len(a.row_labels)):
            for c in range(w):
                d.cross.append(([(0, r, c), (2, r, c)], (1, r, c)))
        a.intro, b.intro = rng.choice([(f"{y1}:", f"{y2}:"), (f"Table 1: {y1}", f"Table 2: {y2}"), (f"**{y1}**", f"**{y2}**")])
        d.intro = rng.choice([f"Change, {y1} to {y2}:", f"Difference ({y2} minus {y1}):", f"Change since {y1}:"])
        return [a, b, d]
    if layout == "long_with_sums":
        # One row per (region, category) with its count, then each region's total in a second
        # table: a region's rows sum to its total.
        name, cats = rng.choice([("sex", SEX), ("age", AGES), ("tenure", cols[: max(2, min(3, nc))])])
        drop_zero = rng.random() < 0.5  # a GROUP BY leaves out empty combinations
        rows, kinds, vals, of = [], [], [], []
        for i, lab in enumerate(labels):
            for cat in cats:
                v = small_or_not(rng, small, 0.35) if rng.random() > 0.08 else 0
                if v == 0 and drop_zero:
                    continue
                rows.append(lab)
                kinds.append(cat)
                vals.append([v])
                of.append(i)
        a = Grid(rows, [rng.choice(["n", "count", "patients"])], vals, col_name="", extra=[(name, kinds)])
        sums = [sum(vals[r][0] for r in range(len(rows)) if of[r] == i) for i in range(n)]
        b = Grid(list(labels), [rng.choice(["Total", "n", "All"])], [[s] for s in sums], col_name="")
        for i in range(n):
            b.cross.append(([(0, r, 0) for r in range(len(rows)) if of[r] == i], (1, i, 0)))
        b.intro = rng.choice(["Totals per region:", "And the region totals:", "Region totals (all categories):"])
        return [a, b]
    if layout == "thousands_presupp":
        # Large counts with thousands separators, some small counts already suppressed with a
        # marker (`<5` tells the reader 0-4; `[c]`, `*`, `x` only that a count is hidden), other
        # small counts left as they are, margins over everything.
        g = with_totals(rng, labels, cols, small, "last", rng.choice(["last", None]))
        for r in range(n):
            for c in range(nc):
                if g.values[r][c] >= small:
                    g.values[r][c] *= rng.randint(15, 80)
        prim = [(r, c) for r in range(n) for c in range(nc) if 1 <= g.values[r][c] < small]
        if not prim:
            prim = [(rng.randrange(n), rng.randrange(nc))]
            g.values[prim[0][0]][prim[0][1]] = rng.randint(1, small - 1)
        g = rescale(g)
        g.flags["locale"] = True
        marker = rng.choice([f"<{small}", "[c]", "*", "x", f"<{small}"])
        lo_hi = (0, small - 1) if marker.startswith("<") else (0, None)
        for rc in rng.sample(prim, max(1, len(prim) // 2)):
            g.masks[rc] = (marker, *lo_hi)
        if marker != "*" or rng.random() < 0.5:
            g.notes = rng.choice([f"\n{marker} = fewer than {small} (suppressed).\n", f"\n{marker}: suppressed to protect confidentiality.\n"])
        return [g]
    if layout == "totals_transposed":
        # The regions' totals as a one-row table with the regions across: each is its row's sum.
        a = with_totals(rng, labels, cols, small, rng.choice(["last", None]), None)
        sums = [sum(a.values[r][:nc]) for r in range(n)]
        grand = rng.random() < 0.5
        b = Grid(
            [rng.choice(["Total", "All tenures", "n", "Patients"])],
            list(labels) + (["Total"] if grand else []),
            [sums + ([sum(sums)] if grand else [])],
            row_name="",
            col_name="region",
        )
        if grand:
            b.relations.append(([(0, r) for r in range(n)], (0, n)))
            if len(a.row_labels) > n:
                b.cross.append(([(0, n, c) for c in range(nc)], (1, 0, n)))
        for r in range(n):
            b.cross.append(([(0, r, c) for c in range(nc)], (1, 0, r)))
        b.intro = rng.choice(["Totals by region:", "Row totals, transposed:", "Per-region totals:"])
        return [a, b]
    if layout == "sex_tables_margins":
        # A table per sex without margins, then the margins of both sexes together: each region's
        # total and (mostly) each tenure's total across the two tables.
        m = Grid(list(labels), list(cols), inner(rng, n, nc, small))
        f = Grid(list(labels), list(cols), inner(rng, n, nc, small))
        word = rng.choice(["Persons", "All", "Total", "Both sexes"])
        rt = Grid(list(labels), [word], [[sum(m.values[r]) + sum(f.values[r])] for r in range(n)], col_name="")
        for r in range(n):
            rt.cross.append(([(0, r, c) for c in range(nc)] + [(1, r, c) for c in range(nc)], (2, r, 0)))
        m.intro, f.intro = rng.choice([("Males:", "Females:"), ("Table 1a. Men", "Table 1b. Women"), ("**Male**", "**Female**")])
        rt.intro = rng.choice(["Both sexes, by region:", "Persons by region:", "All persons, totals per area:"])
        if rng.random() < 0.3:
            return [m, f, rt]
        ct = Grid(list(cols), [word], [[sum(m.values[r][c] + f.values[r][c] for r in range(n))] for c in range(nc)], row_name="tenure", col_name="")
        for c in range(nc):
            ct.cross.append(([(0, r, c) for r in range(n)] + [(1, r, c) for r in range(n)], (3, c, 0)))
        ct.intro = rng.choice(["Both sexes, by tenure:", "Persons by tenure:", "And by tenure:"])
        return [m, f, rt, ct]
    raise ValueError(layout)


RECORD_V6 = ("psql_expanded", "mysql_vertical", "json_split")  # a header is a key there
SIGNED_V6 = ("markdown_escaped", "gt_html", "csv_excel")  # a change may carry its sign
GROUP_V6 = ("gt_html", "csv_excel")  # the set-6 formats with an upper header row
# Formats in which counts come with thousands separators (spreadsheets, published or hand-written
# tables); database clients and data frames print raw integers.
THOUSANDS_V6 = ("markdown", "csv", "tsv", "html", "latex", "fixed_width", "markdown_bare", "csv_quoted", "org")
THOUSANDS_V6 += ("stata_tab", "spss_crosstab", "rich", "tabulate_grid", "rst_simple", "markdown_aligned", "excel_pivot")
THOUSANDS_V6 += ("asciidoc", "mediawiki", "kable", "csv_titled", "prettytable", "jira_wiki", "excel_paste", "code_comment")
THOUSANDS_V6 += ("csv_excel", "gt_html", "markdown_escaped", "kable_simple", "stata_list")
V6_FENCES = {
    "julia_df": "```\n",
    "clickhouse": "```\n",
    "psql_expanded": "```\n",
    "mysql_vertical": "```\n",
    "sas_freq": "```\n",
    "stata_list": "```\n",
    "kable_simple": "```\n",
    "sqlite_list": "```\n",
    "json_split": "```json\n",
}


def fmt_ok_v6(fmt: str, layout: str, grids: list[Grid]) -> bool:
    """Which formats write which layouts in the sixth set."""
    if layout in V5_ONLY_LAYOUTS and fmt not in V5_FORMATS:
        return False
    if fmt in V6_FORMATS and layout in ("hier2_indent", "ragged_row", "cell_flags", "locale_numbers", "footnote_marks"):
        return False
    if layout == "thousands_presupp" and fmt not in THOUSANDS_V6:
        return False
    if layout == "diff_table" and fmt in ("excel_pivot", "spss_crosstab", "stata_tab"):
        return False  # a pivot table or a crosstabulation counts; it writes no differences
    # PROC FREQ prints a contingency table of counts: one row variable, nothing but counts
    counts_only = not any(g.pct or g.rate or g.derived_cols or g.masks or g.extra or g.level or g.missing or g.hidden_cols or g.ci for g in grids)
    return fmt != "sas_freq" or counts_only


def adapt_v6(grids: list[Grid], fmt: str, rng: random.Random) -> None:
    """How a set-6 case is written: flat column names where the format has no upper header row,
    the sentence before each table, the fence, a style shared by the case's tables; a hand-written
    Markdown table's labels may hold a pipe (`North | E12000001`, escaped when written)."""
    fence = V6_FENCES.get(fmt, "")
    if fmt in ("kable_simple", "json_split", "csv_excel") and rng.random() < 0.4:
        fence = "```csv\n" if fmt == "csv_excel" else ""
    styles = (rng.random(), rng.random())
    piped = fmt == "markdown_escaped" and rng.random() < 0.6
    for g in grids:
        if fmt in V6_FORMATS:
            g.styles = styles
            if fmt not in SIGNED_V6:
                g.signed_cols = set()
            if g.col_groups and fmt not in GROUP_V6:
                g.col_labels = [lab if grp == lab else f"{grp} {lab}" for grp, lab in zip(g.col_groups, g.col_labels, strict=True)]
                g.col_groups = None
            g.fence = fence
            if piped and g.row_name == "region":
                g.row_name = "region | code"
                codes = {lab: f"E1200000{k + 1}" for k, lab in enumerate(REGIONS)}
                g.row_labels = [f"{x} | {codes[x]}" if x in codes else x for x in g.row_labels]
        if g.intro is None:
            g.intro = rng.choice(INTROS_V6)


def v6_table(t: Tokens, g: Grid, fmt: str, rng) -> None:
    h = header(g)
    nlab = 1 + len(extra_cols(g))
    body = []
    for r in range(len(g.row_labels)):
        row = [("lit", label(g, r, fmt)), *(("lit", v[r]) for _, v in extra_cols(g)), *row_items(g, r, fmt)]
        body.append((r, row + [("lit", "")] * (len(h) - len(row))))
    V6_WRITERS[fmt](t, h, body, nlab, g, rng)


def int_text(s: str) -> bool:
    return re.fullmatch(r"[+-]?\d+", s) is not None


def with_commas(it: tuple) -> tuple:
    """A count written with thousands separators (`1,234`), as a spreadsheet's number format does."""
    if it[0] == "cell" and int_text(it[-1]) and abs(int(it[-1])) >= 1000:
        return retext(it, format(int(it[-1]), "+," if it[-1].startswith("+") else ","))
    return it


def number_col(body: list, c: int, nlab: int, nulls: tuple = ("",)) -> bool:
    """A column of numbers (its missing values aside): a tool prints it right-aligned."""
    texts = [row[c][-1] for _, row in body if row[c][-1] not in nulls]
    return c >= nlab and bool(texts) and all(numeric(x.replace(",", "")) for x in texts)


def w_julia_df(t, head, body, nlab, g, rng) -> None:
    """DataFrames.jl's print: `5\u00d74 DataFrame`, a `Row` column, the names over their element types
    (`String`, `Int64`, `Float64`, `?` when a value is missing), a `─┼─` rule, numbers right-aligned
    (floats on their decimal point), strings left, `missing` for a missing value."""
    body = [(r, [bare(it) for it in row]) for r, row in body]
    types = []
    for c in range(len(head)):
        texts = [row[c][-1] for _, row in body if row[c][-1] != ""]
        miss = "?" if any(row[c][-1] == "" for _, row in body) else ""
        if c >= nlab and texts and all(x.lstrip("-").isdigit() for x in texts):
            types.append("Int64" + miss)
        elif c >= nlab and texts and all(numeric(x) and not x.startswith("+") for x in texts):
            types.append("Float64" + miss)
        else:
            types.append("String" + miss)
    body = [(r, [("lit", "missing") if it == ("lit", "") else it for it in row]) for r, row in body]
    frac = []
    for c, ty in enumerate(types):
        f = [len(row[c][-1].partition(".")[2]) + (1 if "." in row[c][-1] else 0) for _, row in body] if ty.startswith("Float") else [0]
        frac.append(max(f))
    right = [not ty.startswith("String") for ty in types]

    def width(c: int, s: str) -> int:
        return dw(s) + (frac[c] - (len(s.partition(".")[2]) + (1 if "." in s else 0)) if types[c].startswith("Float") and s != "missing" else 0)

    ws = [max(dw(head[c]), dw(types[c]), *(width(c, row[c][-1]) for _, row in body)) for c in range(len(head))]
    rw = max(3, len(str(len(body))))
    last = len(head) - 1
    t.lit(f"{len(body)}\u00d7{len(head)} DataFrame\n")
    for line, lead_ in ((head, "Row".rjust(rw)), (types, " " * rw)):
        t.lit(f" {lead_} \u2502 " + "  ".join(x + (" " * (ws[c] - dw(x)) if c < last else "") for c, x in enumerate(line)) + "\n")
    t.lit("\u2500" * (rw + 2) + "\u253c" + "\u2500" * (sum(ws) + 2 * len(ws)) + "\n")
    for k, (r, row) in enumerate(body):
        t.lit(f" {str(k + 1).rjust(rw)} \u2502 ")
        for c, it in enumerate(row):
            t.lit("  " if c else "")
            if right[c]:
                s = it[-1]
                tail = width(c, s) - dw(s)
                t.lit(" " * (ws[c] - width(c, s)))
                put(t, r, it)
                t.lit(" " * tail)
            else:
                put(t, r, it, ws[c] if c < last else None, "l")
        t.lit("\n")


def w_clickhouse(t, head, body, nlab, g, rng) -> None:
    """ClickHouse's `PrettyCompact`: the names set in the top rule (`┌─region─┬─────n─┐`, a number
    column's name to the right), numbers right-aligned, `ᴺᵁᴸᴸ` for a missing value, sometimes the
    query and its id before and `N rows in set. Elapsed: …` after."""
    null = "\u1d3a\u1d41\u1d38\u1d38"
    body = [(r, [("lit", null) if it == ("lit", "") else bare(it) for it in row]) for r, row in body]
    right = [number_col(body, c, nlab, (null,)) for c in range(len(head))]
    ws = widths_of(head, body)
    if style(g, rng) < 0.5:
        h = "".join(rng.choice("0123456789abcdef") for _ in range(32))
        t.lit(rng.choice(["SELECT *\nFROM counts\n", "SELECT *\nFROM summary\nORDER BY 1 ASC\n"]))
        t.lit(f"\nQuery id: {h[:8]}-{h[8:12]}-4{h[13:16]}-8{h[17:20]}-{h[20:]}\n\n")
    names = [("\u2500" * (w - dw(x)) + x) if a else (x + "\u2500" * (w - dw(x))) for x, w, a in zip(head, ws, right, strict=True)]
    t.lit("\u250c" + "\u252c".join(f"\u2500{x}\u2500" for x in names) + "\u2510\n")
    for r, row in body:
        t.lit("\u2502")
        for c, it in enumerate(row):
            t.lit(" " if c == 0 else " \u2502 ")
            put(t, r, it, ws[c], "r" if right[c] else "l")
        t.lit(" \u2502\n")
    t.lit("\u2514" + "\u2534".join("\u2500" * (w + 2) for w in ws) + "\u2518\n")
    if style(g, rng, 1) < 0.6:
        t.lit(f"\n{len(body)} row{'s' if len(body) != 1 else ''} in set. Elapsed: 0.00{rng.randint(1, 9)} sec. \n")


def w_psql_expanded(t, head, body, nlab, g, rng) -> None:
    """psql's expanded display (`\\x`): a `-[ RECORD n ]` line per row, the names left-aligned
    before ` | `, the values after (nothing for a null)."""
    body = [(r, [bare(it) for it in row]) for r, row in body]
    kw = max(dw(x) for x in head)
    vw = max(dw(it[-1]) for _, row in body for it in row)
    if style(g, rng) < 0.4:
        t.lit("Expanded display is on.\n")
    for k, (r, row) in enumerate(body):
        rec = f"-[ RECORD {k + 1} ]"
        t.lit((rec + "-" * (kw + 1 - len(rec)) + "+" + "-" * (vw + 1) if kw + 1 >= len(rec) else rec + "-" * max(0, kw + vw + 3 - len(rec))) + "\n")
        for x, it in zip(head, row, strict=True):
            t.lit(x + " " * (kw - dw(x)) + " | ")
            put(t, r, it)
            t.lit("\n")


def w_mysql_vertical(t, head, body, nlab, g, rng) -> None:
    """The mysql client's vertical output (`\\G`): a starred `n. row` line per row, the names
    right-aligned before `: `, `NULL` for a missing value, `N rows in set` after."""
    body = [(r, [("lit", "NULL") if it == ("lit", "") else bare(it) for it in row]) for r, row in body]
    kw = max(dw(x) for x in head)
    if style(g, rng) < 0.4:
        t.lit(rng.choice(["mysql> SELECT * FROM counts\\G\n", "mysql> SELECT * FROM summary ORDER BY 1\\G\n"]))
    for k, (r, row) in enumerate(body):
        t.lit("*" * 27 + f" {k + 1}. row " + "*" * 27 + "\n")
        for x, it in zip(head, row, strict=True):
            t.lit(" " * (kw - dw(x)) + x + ": ")
            put(t, r, it)
            t.lit("\n")
    n = len(body)
    t.lit(f"{n} row{'s' if n != 1 else ''} in set (0.0{rng.randint(0, 9)} sec)\n")


def w_sas_freq(t, head, body, nlab, g, rng) -> None:
    """SAS PROC FREQ's crosstabulation listing (`/ nopercent norow nocol`): the procedure's title,
    `Table of region by tenure`, `Frequency` in the corner, a `---+---` rule under every row, the
    Total column and the Total row outside the box."""
    total_col = len(head) - nlab > 1 and head[-1] == "Total"
    inside = len(head) - (1 if total_col else 0)
    lw = max(9, *(dw(row[0][-1]) for _, row in body))
    w = max(7, *(dw(head[c]) for c in range(nlab, len(head))), *(dw(row[c][-1]) + 1 for _, row in body for c in range(nlab, len(head))))
    rule = "-" * lw + "+" + ("-" * (w + 1) + "+") * (inside - nlab) + "\n"
    rname, cname = (g.row_name, g.col_name) if g is not None else ("row", "")
    t.lit(" " * 24 + "The FREQ Procedure\n\n")
    if cname:
        t.lit(" " * 20 + f"Table of {rname} by {cname}\n\n{rname}     {cname}\n\n")
    t.lit("Frequency".ljust(lw) + "|" + "".join(head[c].ljust(w + 1) + "|" for c in range(nlab, inside)))
    t.lit((head[-1].rjust(w) if total_col else "") + "\n")
    t.lit(rule)
    for k, (r, row) in enumerate(body):
        out = k == len(body) - 1 and k > 0 and row[0][-1] == "Total"
        t.lit(row[0][-1].ljust(lw) + (" " if out else "|"))
        for c in range(nlab, len(head)):
            put(t, r, row[c], w, "r")
            t.lit(" |" if c < inside and not out else "  " if c + 1 < len(head) else "")
        t.lit("\n")
        if not out:
            t.lit(rule)


def stata_names(head: list[str]) -> list[str]:
    """Variable names as Stata has them: lower case, `_` for anything else, at most 32 characters,
    not starting with a digit, each unique."""
    out: list[str] = []
    for x in head:
        s = (re.sub(r"[^a-z0-9_]+", "_", x.lower().replace("%", "pct")).strip("_") or "var")[:30]
        s = "_" + s if s[0].isdigit() else s
        k, base = 2, s
        while s in out:
            s, k = f"{base}{k}", k + 1
        out.append(s)
    return out


def w_stata_list(t, head, body, nlab, g, rng) -> None:
    """Stata's `list`: a box, the variables' names, strings left-aligned and numbers right (with
    thousands commas under a `%9.0gc` format), `.` for a missing number, `n.` before each row, a
    rule every five rows."""
    commas = style(g, rng) < 0.5
    body = [
        (r, [("lit", ".") if it == ("lit", "") and c >= nlab else with_commas(bare(it)) if commas else bare(it) for c, it in enumerate(row)])
        for r, row in body
    ]
    names = stata_names(head)
    right = [number_col(body, c, nlab, (".",)) for c in range(len(head))]
    ws = widths_of(names, body)
    inner_w = sum(ws) + 3 * (len(ws) - 1)
    iw = max(4, len(str(len(body))) + 1)
    if style(g, rng, 1) < 0.5:
        t.lit(". list\n\n")
    edge = " " * (iw + 1) + "+" + "-" * (inner_w + 2) + "+\n"
    sep = " " * (iw + 1) + "|" + "-" * (inner_w + 2) + "|\n"
    t.lit(edge + " " * (iw + 1) + "| " + "   ".join(x.rjust(w) if a else x.ljust(w) for x, w, a in zip(names, ws, right, strict=True)) + " |\n" + sep)
    for k, (r, row) in enumerate(body):
        if k and k % 5 == 0:
            t.lit(sep)
        t.lit(f"{k + 1}.".rjust(iw) + " | ")
        for c, it in enumerate(row):
            t.lit("   " if c else "")
            put(t, r, it, ws[c], "r" if right[c] else "l")
        t.lit(" |\n")
    t.lit(edge)


def w_kable_simple(t, head, body, nlab, g, rng) -> None:
    """knitr::kable's `simple` format (pandoc's simple table): names aligned as their columns, a
    dash rule per column, two spaces apart, `NA` for a missing value, sometimes a caption above."""
    body = [(r, [("lit", "NA") if it == ("lit", "") and c >= nlab else bare(it) for c, it in enumerate(row)]) for r, row in body]
    right = [number_col(body, c, nlab, ("NA",)) for c in range(len(head))]
    ws = widths_of(head, body)
    if g is not None and style(g, rng) < 0.4:
        t.lit("\n\nTable: " + rng.choice(["Counts by area", "Patients by group", "Summary"]) + "\n\n")
    t.lit("  ".join(x.join(padded(x, w, "r" if a else "l")) for x, w, a in zip(head, ws, right, strict=True)) + "\n")
    t.lit("  ".join("-" * w for w in ws) + "\n")
    for r, row in body:
        for c, it in enumerate(row):
            t.lit("  " if c else "")
            put(t, r, it, ws[c], "r" if right[c] else "l")
        t.lit("\n")


def w_sqlite_list(t, head, body, nlab, g, rng) -> None:
    """sqlite3's default `.mode list` with `.headers on`: fields joined by `|`, no padding, nothing
    for a null; sometimes with the prompt and the query."""
    body = [(r, [bare(it) for it in row]) for r, row in body]
    if style(g, rng) < 0.5:
        t.lit("sqlite> .headers on\nsqlite> " + rng.choice(["SELECT * FROM counts;", "SELECT * FROM summary ORDER BY 1;"]) + "\n")
    t.lit("|".join(head) + "\n")
    for r, row in body:
        for c, it in enumerate(row):
            t.lit("|" if c else "")
            put(t, r, it)
        t.lit("\n")


def w_csv_excel(t, head, body, nlab, g, rng) -> None:
    """A CSV saved from Excel or Google Sheets with the cells' number formats: thousands separators
    (`"1,234"`, quoted), percentages with `%`, a field quoted only when it holds a comma or a quote,
    CRLF line ends from Excel (LF from Sheets) and sometimes its byte-order mark, column groups as
    merged cells (the name in the first, blanks after)."""
    eol = "\r\n" if style(g, rng) < 0.5 else "\n"
    if eol == "\r\n" and style(g, rng, 1) < 0.4 and g is not None and not g.fence:
        t.lit("\ufeff")  # the file as saved, pasted whole

    def q(s: str) -> str:
        return '"' + s.replace('"', '""') + '"' if "," in s or '"' in s else s

    groups = header_groups(g, head, nlab) if g is not None else None
    if groups:
        t.lit(",".join(q(x if k == 0 or groups[k - 1] != x else "") for k, x in enumerate(groups)) + eol)
    t.lit(",".join(q(x) for x in head) + eol)
    for r, row in body:
        for c, it in enumerate(row):
            it = with_commas(it)
            t.lit("," if c else "")
            quoted = "," in it[-1] or '"' in it[-1]
            t.lit('"' if quoted else "")
            put(t, r, it)
            t.lit('"' if quoted else "")
        t.lit(eol)


def w_gt_html(t, head, body, nlab, g, rng) -> None:
    """A gt table's HTML (`as_raw_html()`): the `gt_table` classes, sometimes a title row, spanners
    over column groups (`colspan`, the other headings with `rowspan="2"`), an outer label as a row
    group's heading, the Total row as a grand summary row, `NA` for a missing value, `&lt;5`."""
    esc = html.escape
    ident = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(10))
    grouped = nlab == 2 and head[1] != "Level"
    cols = list(range(1 if grouped else 0, len(head)))
    groups = header_groups(g, head, nlab) if g is not None else None
    t.lit(
        f'<div id="{ident}" style="padding-left:0px;padding-right:0px;padding-top:10px;padding-bottom:10px;'
        'overflow-x:auto;overflow-y:auto;width:auto;height:auto;">\n'
        '  <table class="gt_table" data-quarto-disable-processing="false" data-quarto-bootstrap="false">\n  <thead>\n'
    )
    if g is not None and style(g, rng) < 0.4:
        title = rng.choice(["Counts by area", "Patients by area and tenure", "Summary counts"])
        t.lit(f'    <tr class="gt_heading">\n      <td colspan="{len(cols)}" class="gt_heading gt_title gt_font_normal gt_bottom_border" style>')
        t.lit(f"{title}</td>\n    </tr>\n")

    def th(c: int, rowspan: int = 1) -> str:
        a = "gt_left" if c < nlab else "gt_right"
        x = esc(head[c])
        return f'      <th class="gt_col_heading gt_columns_bottom_border {a}" rowspan="{rowspan}" colspan="1" scope="col" id="{x}">{x}</th>\n'

    if groups:
        t.lit('    <tr class="gt_col_headings gt_spanner_row">\n')
        lower = []
        c = cols[0]
        while c < len(head):
            if c < nlab or groups[c] in ("", head[c]):
                t.lit(th(c, 2))
                c += 1
                continue
            span = 1
            while c + span < len(head) and groups[c + span] == groups[c]:
                span += 1
            x = esc(groups[c])
            t.lit(
                f'      <th class="gt_center gt_columns_top_border gt_column_spanner_outer" rowspan="1" colspan="{span}" scope="colgroup" id="{x}">\n'
                f'        <span class="gt_column_spanner">{x}</span>\n      </th>\n'
            )
            lower += range(c, c + span)
            c += span
        t.lit('    </tr>\n    <tr class="gt_col_headings">\n' + "".join(th(c) for c in lower))
    else:
        t.lit('    <tr class="gt_col_headings">\n' + "".join(th(c) for c in cols))
    t.lit('    </tr>\n  </thead>\n  <tbody class="gt_table_body">\n')
    summary_cls = " gt_grand_summary_row gt_first_grand_summary_row gt_last_summary_row"
    for k, (r, row) in enumerate(body):
        if grouped and (k == 0 or body[k - 1][1][0][-1] != row[0][-1]):
            x = esc(row[0][-1])
            t.lit(f'    <tr class="gt_group_heading_row">\n      <th colspan="{len(cols)}" class="gt_group_heading" scope="colgroup" id="{x}">')
            t.lit(f"{x}</th>\n    </tr>\n")
        summary = g is not None and nlab == 1 and k == len(body) - 1 and k > 0 and row[0][-1] in TOTALISH
        t.lit("    <tr>")
        for j, c in enumerate(cols):
            it = row[c]
            t.lit("\n" if j else "")
            if summary and c == 0:
                t.lit(f'<th id="grand_summary_stub_1" scope="row" class="gt_row gt_left gt_stub{summary_cls}">{esc(it[-1])}</th>')
                continue
            cls = "gt_row " + ("gt_left" if c < nlab else "gt_right") + (summary_cls if summary else "")
            t.lit(f'<td headers="{esc(head[c])}" class="{cls}">')
            put(t, r, ("lit", "NA") if it == ("lit", "") else retext(it, esc(it[-1])))
            t.lit("</td>")
        t.lit("</tr>\n")
    t.lit("  </tbody>\n  \n</table>\n</div>\n")


def w_markdown_escaped(t, head, body, nlab, g, rng) -> None:
    """Markdown written by hand or by an agent: alignment colons (`:---` for labels, `---:` or
    `:---:` for numbers), a pipe inside a label escaped (`\\|`), no padding, sometimes the Total row
    in bold."""

    def esc(s: str) -> str:
        return s.replace("|", "\\|")

    centred = style(g, rng) < 0.3
    bold = g is not None and style(g, rng, 1) < 0.5
    t.lit("| " + " | ".join(esc(x) for x in head) + " |\n")
    t.lit("|" + "|".join(":---" if c < nlab else ":---:" if centred else "---:" for c in range(len(head))) + "|\n")
    for r, row in body:
        strong = bold and nlab > 0 and row[0][-1] in TOTALISH
        t.lit("|")
        for it in row:
            q = "**" if strong and it[-1] else ""
            t.lit(" " + q)
            put(t, r, retext(it, esc(it[-1])) if it[0] == "lit" else it)
            t.lit(q + " |")
        t.lit("\n")


def json_text(s: str) -> str:
    """A string as pandas' `to_json` writes it: ASCII only, and `/` escaped."""
    return json.dumps(s).replace("/", "\\/")


def w_json_split(t, head, body, nlab, g, rng) -> None:
    """pandas `to_json(orient="split")`: `columns`, `index` and `data` (the labels as the index, a
    MultiIndex as lists), or with `index=False` the labels among the columns; numbers bare,
    markers and intervals as strings, `null` for a missing value, `/` escaped."""
    body = [(r, [bare(it) for it in row]) for r, row in body]
    with_index = style(g, rng) < 0.6
    k0 = nlab if with_index else 0
    t.lit('{"columns":[' + ",".join(json_text(x) for x in head[k0:]) + "]")
    if with_index:
        if nlab == 0:
            idx = [str(k) for k in range(len(body))]
        elif nlab == 1:
            idx = [json_text(row[0][-1]) for _, row in body]
        else:
            idx = ["[" + ",".join(json_text(x[-1]) for x in row[:nlab]) + "]" for _, row in body]
        t.lit(',"index":[' + ",".join(idx) + "]")
    t.lit(',"data":[')
    for k, (r, row) in enumerate(body):
        t.lit(("," if k else "") + "[")
        for c, it in enumerate(row[k0:]):
            t.lit("," if c else "")
            s = it[-1]
            if it == ("lit", ""):
                t.lit("null")
            elif numeric(s) and not s.startswith("+") and (it[0] != "lit" or k0 + c >= nlab):
                put(t, r, it)
            elif it[0] == "lit":
                t.lit(json_text(s))
            else:
                t.lit('"')
                put(t, r, it)
                t.lit('"')
        t.lit("]")
    t.lit("]}\n")


V6_WRITERS = {
    "julia_df": w_julia_df,
    "clickhouse": w_clickhouse,
    "psql_expanded": w_psql_expanded,
    "mysql_vertical": w_mysql_vertical,
    "sas_freq": w_sas_freq,
    "stata_list": w_stata_list,
    "kable_simple": w_kable_simple,
    "sqlite_list": w_sqlite_list,
    "csv_excel": w_csv_excel,
    "gt_html": w_gt_html,
    "markdown_escaped": w_markdown_escaped,
    "json_split": w_json_split,
}


NEGATIVES_V6 = [
    (
        "julia_df",
        "```\n3\u00d73 DataFrame\n Row │ model   rmse     mae\n     │ String  Float64  Float64\n─────┼──────────────────────────\n"
        "   1 │ ridge     0.412    0.301\n   2 │ lasso     0.455    0.33\n   3 │ ols       0.398    0.297\n```\n",
    ),
    (
        "clickhouse",
        "```\n┌─name──────────────────┬─value─┬─changed─┐\n│ max_threads           │ 4     │       1 │\n"
        "│ max_memory_usage      │ 0     │       0 │\n│ insert_quorum_timeout │ 600   │       0 │\n"
        "└───────────────────────┴───────┴─────────┘\n```\n",
    ),
    (
        "psql_expanded",
        "```\n-[ RECORD 1 ]------------\nname    | work_mem\nsetting | 4096\nunit    | kB\n"
        "-[ RECORD 2 ]------------\nname    | max_connections\nsetting | 100\nunit    | \n```\n",
    ),
    (
        "mysql_vertical",
        "```\n*************************** 1. row ***************************\n           Name: users\n         Engine: InnoDB\n"
        "        Version: 10\n    Auto_increment: 3\n1 row in set (0.01 sec)\n```\n",
    ),
    (
        "sas_freq",
        "```\nNOTE: There were 4 observations read from the data set WORK.RUNS.\nNOTE: PROCEDURE FREQ used (Total process time):\n"
        "      real time           0.02 seconds\n      cpu time            0.01 seconds\n```\n",
    ),
    (
        "stata_list",
        "```\n     +-------------------------+\n     | param      coef      se |\n     |-------------------------|\n"
        "  1. | age       0.031   0.004 |\n  2. | female   -0.120   0.051 |\n     +-------------------------+\n```\n",
    ),
    (
        "kable_simple",
        "```\nterm           estimate   p.value\n------------  ---------  --------\n(Intercept)       2.310     0.000\n"
        "age               0.031     0.002\n```\n",
    ),
    ("sqlite_list", "```\nsqlite> .tables\ncounts  patients  summary\nsqlite> PRAGMA user_version;\n3\n```\n"),
    ("csv_excel", 'Date,Revenue,Margin\r\n2024-01-31,"1,204.50",12.5%\r\n2024-02-29,"1,388.10",13.1%\r\n'),
    (
        "gt_html",
        '<table class="gt_table">\n  <thead>\n    <tr class="gt_col_headings">\n'
        '      <th class="gt_col_heading gt_left" scope="col" id="setting">setting</th>\n'
        '      <th class="gt_col_heading gt_right" scope="col" id="value">value</th>\n    </tr>\n  </thead>\n  <tbody class="gt_table_body">\n'
        '    <tr><td headers="setting" class="gt_row gt_left">retries</td>\n<td headers="value" class="gt_row gt_right">3</td></tr>\n'
        "  </tbody>\n</table>\n",
    ),
    ("markdown_escaped", "| Pattern | Matches |\n|:---|:---|\n| `a\\|b` | a or b |\n| `x{2,3}` | 2 or 3 x's |\n"),
    ("json_split", '```json\n{"columns":["lr","loss"],"index":[0,1,2],"data":[[0.01,0.52],[0.001,0.47],[0.0001,0.49]]}\n```\n'),
    ("clickhouse", "```\nQuery id: 5e1f2a3b-0c4d-4e5f-8a9b-1c2d3e4f5a6b\n\nOk.\n\n0 rows in set. Elapsed: 0.002 sec.\n```\n"),
]

# Earlier layouts a set-6 format is measured on (one case each, the policy alternating).
EARLIER_FOR_V6 = [
    "totals_last",
    "totals_first",
    "no_totals",
    "several_totals",
    "hier2_dash",
    "hier3_level",
    "percent_cols",
    "linked_oneway_crosstab",
    "two_row_header",
    "rate_per_1000",
    "count_pct_cell",
    "three_way_stacked",
    "pre_suppressed",
    "cumulative",
    "of_which",
    "transposed",
    "change_col",
    "dash_zeros",
    "subtables_grand",
    "ci_cells",
    "footer_n",
    "table_twice",
]


def cases_v6(seed: int) -> list[Case]:
    """The sixth held-out set: every case with a ``split.V6_FORMATS`` format or a
    ``split.V6_LAYOUTS`` layout, with microdata and non-tables in the new formats. Its stream is
    seeded with ``seed + 7`` (``seed + 6`` seeds set 5), so that sets 1-5 stay as they were."""
    return held_out_set(
        "6",
        random.Random(seed + 7),
        V6_FORMATS,
        V6_LAYOUTS,
        EARLIER_FOR_V6,
        FORMATS + V2_FORMATS + V3_FORMATS + V4_FORMATS + V5_FORMATS,
        NEGATIVES_V6,
        # fewer formats write thousands separators: two cases each there
        crossed=lambda k, j, layout: range(2) if layout == "thousands_presupp" else [(k + j) % 2],
        records=lambda fmt: fmt != "sas_freq",  # PROC FREQ prints contingency tables, not records
    )


# ---- the seventh held-out set (``split.V7_FORMATS``, ``split.V7_LAYOUTS``) ----

INTROS_V7 = [
    "Here's what I got back:",
    "The query output:",
    "Counts as requested:",
    "Below is the table from the notebook.",
    "Result of the grouping step:",
    "From today's extract:",
]
OUTROS_V7 = [
    "\nTell me if you want these as rates instead.",
    "",
    "\nAll figures are unweighted counts.",
    "\nI can add the previous year for comparison.",
    "\nSource: the June snapshot.",
]
MULTI_OPTIONS = ["Cost", "Waiting time", "Distance", "Staff attitude", "Opening hours", "Parking", "Language", "Transport", "Childcare"]
BAR_CHARS = ["\u2588", "#", "\u25a0", "\u2587", "="]


def layout_v7(layout: str, rng: random.Random, small: int, labels: list[str], cols: list[str]) -> list[Grid]:
    """The seventh held-out set's layouts: every relation and bound below holds and a reader can use it."""
    n, nc = len(labels), len(cols)
    if layout == "row_col_pct":
        # Each count with its row percentage (of the Total column) and its column percentage (of
        # the Total row), as an SPSS or `gmodels::CrossTable` output gives both.
        g = with_totals(rng, labels, cols, small, "last", "last")
        row_w, col_w = rng.choice([("row %", "col %"), ("% of row", "% of col"), ("row%", "col%"), ("% within region", "% within tenure")])
        g.pct = [(c, nc) for c in range(nc)]
        g.pct_labels = {c: f"{cols[c]} {row_w}" for c in range(nc)}
        g.col_pct = {c: f"{g.col_labels[c]} {col_w}" for c in range(nc + 1) if c < nc or rng.random() < 0.6}
        return [g]
    if layout == "rollup_long":
        # A GROUP BY ROLLUP (or CUBE) in long form: a row per (region, tenure), a subtotal row per
        # region with the rolled-up column empty or NULL, per-tenure rows under CUBE, the grand row.
        cats = cols[: rng.randint(2, max(2, nc))]
        null = rng.choice(["", "NULL", "(All)", "All", "Total"])
        cube = rng.random() < 0.4
        rows, kinds, vals, rel, subs = [], [], [], [], []
        for lab in labels:
            idx = []
            for cat in cats:
                idx.append(len(rows))
                rows.append(lab)
                kinds.append(cat)
                vals.append([small_or_not(rng, small, 0.35) if rng.random() > 0.08 else 0])
            subs.append(len(rows))
            rel.append(([(r, 0) for r in idx], (len(rows), 0)))
            rows.append(lab)
            kinds.append(null)
            vals.append([sum(vals[r][0] for r in idx)])
        per_cat = []
        if cube:
            for cat in cats:
                idx = [r for r in range(len(rows)) if kinds[r] == cat]
                per_cat.append(len(rows))
                rel.append(([(r, 0) for r in idx], (len(rows), 0)))
                rows.append(null)
                kinds.append(cat)
                vals.append([sum(vals[r][0] for r in idx)])
        grand = len(rows)
        rel.append(([(r, 0) for r in subs], (grand, 0)))
        if per_cat:
            rel.append(([(r, 0) for r in per_cat], (grand, 0)))
        rows.append(null)
        kinds.append(null)
        vals.append([sum(vals[r][0] for r in subs)])
        return [Grid(rows, [rng.choice(["n", "count", "patients", "cnt"])], vals, col_name="", extra=[("tenure", kinds)], relations=rel)]
    if layout == "bars_beside":
        # The table, then a text bar chart of its row totals (or of its one column, above its Total
        # row): a bar's length tells the count to within the chart's unit, and the count may be
        # printed after it.
        one = rng.random() < 0.4
        ccols = [rng.choice(["n", "Patients", "Admissions"])] if one else cols
        g = with_totals(rng, labels, ccols, small, "last" if one or rng.random() < 0.5 else None, None if one else "last")
        bc = len(g.col_labels) - 1
        vmax = max(g.values[r][bc] for r in range(n))
        unit = next(u for u in (1, 2, 5, 10, 20, 50, 100) if vmax <= 40 * u)
        ch = rng.choice(BAR_CHARS)
        with_n = rng.random() < 0.5
        w = max(dw(x) for x in labels)
        legend = rng.choice([f"each {ch} = {unit}", f"{ch} = {unit} patient{'s' if unit > 1 else ''}", f"scale: 1 {ch} per {unit}"])
        g.after = [("lit", "\n" + rng.choice(["As a chart", "Quick view", "Bar chart of the totals"]) + f" ({legend}):\n\n")]
        for r in range(n):
            v = g.values[r][bc]
            g.after.append(("lit", labels[r] + " " * (w - dw(labels[r])) + " | "))
            if v:
                b = -(-v // unit)
                g.after.append(("cell", ("b", r), ch * b))
                g.extra_values[("b", r)] = v
                g.extra_masks[("b", r)] = (unit * (b - 1) + 1, unit * b)
                g.relations.append(([("b", r)], (r, bc)))
            if with_n:
                g.after += [("lit", " " if v else ""), ("cell", ("n", r), str(v))]
                g.extra_values[("n", r)] = v
                g.relations.append(([("n", r)], (r, bc)))
            g.after.append(("lit", "\n"))
        return [g]
    if layout == "summary_after":
        # The table, then a sentence restating its grand total and the largest and smallest row
        # totals (a small area's count repeated in prose).
        g = with_totals(rng, labels, cols, small, rng.choice(["last", None]), "last")
        tc = nc
        tot = [g.values[r][tc] for r in range(n)]
        hi_r, lo_r = max(range(n), key=lambda r: tot[r]), min(range(n), key=lambda r: tot[r])
        if hi_r == lo_r:
            hi_r = (lo_r + 1) % n
        g.extra_values = {("p", 0): sum(tot), ("p", 1): tot[hi_r], ("p", 2): tot[lo_r]}
        g.relations += [([(r, tc) for r in range(n)], ("p", 0)), ([("p", 1)], (hi_r, tc)), ([("p", 2)], (lo_r, tc))]

        def c(k: int) -> tuple:
            return ("cell", ("p", k), str(g.extra_values[("p", k)]))

        hi_l, lo_l = labels[hi_r], labels[lo_r]
        words, order = rng.choice(
            [
                (["\nOf the ", f" patients, {hi_l} had the most (", f") and {lo_l} the fewest (", ").\n"], (0, 1, 2)),
                (["\nSummary: ", f" in total; highest {hi_l} (", f"), lowest {lo_l} (", ").\n"], (0, 1, 2)),
                ([f"\n{lo_l} is the smallest area with only ", f"; {hi_l} the largest with ", " of ", ".\n"], (2, 1, 0)),
            ]
        )
        g.after = [("lit", words[0])]
        for k, w in zip(order, words[1:], strict=True):
            g.after += [c(k), ("lit", w)]
        return [g]
    if layout == "yes_no_split":
        # A "Yes" table with the base (everyone asked) and the share saying yes, and a "No" table
        # of the same base: Yes + No = base in every row.
        yes = with_totals(rng, labels, SEX, small, "last", "last")
        no = with_totals(rng, labels, SEX, small, "last", "last")
        base_w = rng.choice(["Base", "Asked", "All asked", "N"])
        for r in range(n + 1):
            yes.values[r].append(yes.values[r][2] + no.values[r][2])
        yes.col_labels.append(base_w)
        yes.relations.append(([(r, 3) for r in range(n)], (n, 3)))
        yes.pct = [(2, 3)]
        yes.pct_labels = {2: rng.choice(["% yes", "Yes %", "% of base"])}
        for r in range(n + 1):
            no.cross.append(([(0, r, 2), (1, r, 2)], (0, r, 3)))
        yes.intro, no.intro = rng.choice(
            [
                ("Answered yes:", "Answered no:"),
                ("**Vaccinated**", "**Not vaccinated**"),
                ("Table A. Yes", "Table B. No"),
                ("Smokers:", "Non-smokers:"),
            ]
        )
        return [yes, no]
    if layout == "flow_matrix":
        # Moves between areas (from in rows, to in columns, the diagonal those who stayed), the
        # moves out in the Total column, the moves in in the Total row, and the net flow (in less
        # out, no count, it may be negative) beside each area.
        regs = labels[: min(n, 4)]
        m = len(regs)
        g = with_totals(rng, regs, regs, small, "last", "last")
        for r in range(m):
            g.values[r].append(g.values[m][r] - g.values[r][m])
        g.values[m].append(0)
        g.missing.add((m, m + 1))
        g.col_labels.append(rng.choice(["Net", "Net flow", "Net (in - out)"]))
        g.relations += [([(r, m), (r, m + 1)], (m, r)) for r in range(m)]
        g.derived_cols, g.derived_bounds = {m + 1}, {m + 1: (None, None)}
        if rng.random() < 0.5:
            g.signed_cols = {m + 1}
        g.row_name, g.col_name = rng.choice([("from", "to"), ("origin", "destination"), ("referred from", "referred to")])
        return [relabel(g, rng.choice(["Total in", "All arrivals", "Total"]), rng.choice(["Total out", "All moves out", "Total"]))]
    if layout == "multi_response":
        # A "tick all that apply" question: each option's count and its share of the respondents
        # (the shares sum to more than 100), "None of these", sometimes the total of mentions, the
        # base. An option is at most the base less "None of these"; the mentions sum the options.
        opts = rng.sample(MULTI_OPTIONS, rng.randint(4, 6))
        base = rng.randint(40, 400)
        none = rng.randint(1, small - 1) if rng.random() < 0.4 else rng.randint(small, base // 3)
        counts = [rng.randint(1, small - 1) if rng.random() < 0.3 else rng.randint(small, base - none) for _ in opts]
        rows, vals = [*opts, rng.choice(["None of these", "None of the above", "No reason given"])], [*counts, none]
        mentions = rng.random() < 0.5
        if mentions:
            rows.append(rng.choice(["Total mentions", "All responses", "Responses"]))
            vals.append(sum(counts))
        rows.append(rng.choice(["Base: all respondents", "Base", "Respondents", "All asked"]))
        vals.append(base)
        k, b = len(opts), len(rows) - 1
        g = Grid(rows, [rng.choice(["n", "Count", "Mentions"]), "N"], [[v, base] for v in vals], row_name="reason", col_name="", hidden_cols={1})
        g.pct, g.pct_labels = [(0, 1)], {0: rng.choice(["%", "% of respondents", "% of cases"])}
        for r in range(len(rows)):
            g.relations.append(([(r, 1)], (b, 0)))
        for r in range(k):
            g.relations.append(([(r, 0), (k, 0), ("s", len(g.slack))], (b, 0)))
            g.slack.append(base - none - counts[r])
        if mentions:
            g.relations.append(([(r, 0) for r in range(k)], (k + 1, 0)))
        g.notes = rng.choice(
            ["\nRespondents could give more than one answer.\n", "\nMultiple responses allowed; percentages sum to more than 100.\n", ""]
        )
        return [g]
    raise ValueError(layout)


SIGNED_V7 = ("bullet_list", "textile", "markdown_quoted")  # written by hand: a change may carry its sign
V7_FENCES = {
    "glimpse": "```\n",
    "pyarrow": "```\n",
    "mongosh": "```\n",
    "logfmt": "```\n",
    "csvlook": "```\n",
    "tabulate_fancy": "```\n",
    "sqlcmd": "```\n",
    "matlab_table": "```\n",
    "column_t": "```\n",
}


def fmt_ok_v7(fmt: str, layout: str, grids: list[Grid]) -> bool:
    """Which formats write which layouts in the seventh set."""
    if layout in V5_ONLY_LAYOUTS and fmt not in V5_FORMATS:
        return False
    if fmt in V7_FORMATS and layout in ("hier2_indent", "ragged_row", "cell_flags", "locale_numbers", "footnote_marks", "thousands_presupp"):
        return False
    if layout == "flow_matrix" and fmt in ("excel_pivot", "spss_crosstab", "stata_tab", "json_records", "pandas_series", "pandas_groupby", "r_table"):
        return False  # a pivot table or a crosstabulation counts; it writes no net flow
    # ftable() and PROC FREQ print counts only; JSON records key a value by its column's name
    return not (any(g.col_pct for g in grids) and fmt in ("r_ftable", "sas_freq", "json_records"))


def adapt_v7(grids: list[Grid], fmt: str, rng: random.Random) -> None:
    """How a set-7 case is written: flat column names (no set-7 format has an upper header row),
    the sentence before each table, the fence, a style shared by the case's tables."""
    fence = V7_FENCES.get(fmt, "")
    if fmt in ("logfmt", "column_t") and rng.random() < 0.4:
        fence = ""
    styles = (rng.random(), rng.random())
    for g in grids:
        if fmt in V7_FORMATS:
            g.styles = styles
            if fmt not in SIGNED_V7:
                g.signed_cols = set()
            if g.col_groups:
                g.col_labels = [lab if grp == lab else f"{grp} {lab}" for grp, lab in zip(g.col_groups, g.col_labels, strict=True)]
                g.col_groups = None
            g.fence = fence
        if g.intro is None:
            g.intro = rng.choice(INTROS_V7)


def v7_table(t: Tokens, g: Grid, fmt: str, rng) -> None:
    h = header(g)
    nlab = 1 + len(extra_cols(g))
    body = []
    for r in range(len(g.row_labels)):
        row = [("lit", label(g, r, fmt)), *(("lit", v[r]) for _, v in extra_cols(g)), *row_items(g, r, fmt)]
        body.append((r, row + [("lit", "")] * (len(h) - len(row))))
    V7_WRITERS[fmt](t, h, body, nlab, g, rng)


def kind_of(body: list, c: int, nlab: int) -> str:
    """A column's type as a data frame has it: "int", "float" or "str" (its missing values aside)."""
    texts = [row[c][-1] for _, row in body if row[c][-1] != ""]
    if c < nlab or not texts:
        return "str"
    if all(re.fullmatch(r"-?\d+", x) for x in texts):
        return "int"
    return "float" if all(numeric(x) and not x.startswith("+") for x in texts) else "str"


def quoted(t: Tokens, r, it, q: str = '"') -> None:
    """A value in quotes (a string column's label or marker)."""
    t.lit(q)
    put(t, r, retext(it, it[-1].replace(q, "\\" + q)) if it[0] == "lit" else it)
    t.lit(q)


def w_glimpse(t, head, body, nlab, g, rng) -> None:
    """dplyr's `glimpse()`: `Rows:` and `Columns:`, then a line per column, `$ name <type>` and
    its values across, strings quoted, `NA` for a missing value."""
    body = [(r, [bare(it) for it in row]) for r, row in body]
    kinds = [kind_of(body, c, nlab) for c in range(len(head))]
    names = [x if re.fullmatch(r"[A-Za-z.][A-Za-z0-9._]*", x) else f"`{x}`" for x in head]
    w = max(dw(x) for x in names)
    tw = max(len({"int": "<int>", "float": "<dbl>", "str": "<chr>"}[k]) for k in kinds)
    t.lit(f"Rows: {len(body)}\nColumns: {len(head)}\n")
    for c, x in enumerate(names):
        ty = {"int": "<int>", "float": "<dbl>", "str": "<chr>"}[kinds[c]]
        t.lit(f"$ {x}{' ' * (w - dw(x))} {ty}{' ' * (tw - len(ty))} ")
        for k, (r, row) in enumerate(body):
            it = row[c]
            t.lit(", " if k else "")
            if it[-1] == "":
                t.lit("NA")
            elif kinds[c] == "str":
                quoted(t, r, it)
            else:
                put(t, r, it)
        t.lit("\n")


def w_pyarrow(t, head, body, nlab, g, rng) -> None:
    """`print(pa.Table)`: `pyarrow.Table`, each column's name and type, `----`, then each column's
    values in one chunk (`[[12,3,20]]`), strings quoted, `null` for a missing value."""
    body = [(r, [bare(it) for it in row]) for r, row in body]
    kinds = [kind_of(body, c, nlab) for c in range(len(head))]
    t.lit("pyarrow.Table\n" + "".join(f"{x}: {dict(int='int64', float='double', str='string')[k]}\n" for x, k in zip(head, kinds, strict=True)))
    t.lit("----\n")
    for c, x in enumerate(head):
        t.lit(f"{x}: [[")
        for k, (r, row) in enumerate(body):
            it = row[c]
            t.lit("," if k else "")
            if it[-1] == "":
                t.lit("null")
            elif kinds[c] == "str":
                quoted(t, r, it)
            else:
                put(t, r, it)
        t.lit("]]\n")


def js_key(s: str) -> str:
    return s if re.fullmatch(r"[A-Za-z_$][A-Za-z0-9_$]*", s) else "'" + s.replace("'", "\\'") + "'"


def w_mongosh(t, head, body, nlab, g, rng) -> None:
    """mongosh's print of an aggregation's documents: JavaScript object literals, keys bare where
    they can be, strings in single quotes, `null` for a missing value; one line per document when
    it fits, else a line per field."""
    body = [(r, [bare(it) for it in row]) for r, row in body]
    keys = ["_id", *head[1:]] if nlab and style(g, rng) < 0.6 else list(head)
    wide = sum(dw(x) + 8 for x in keys) > 72
    t.lit("[\n")
    for k, (r, row) in enumerate(body):
        t.lit("  {" + ("\n" if wide else " "))
        for c, (x, it) in enumerate(zip(keys, row, strict=True)):
            t.lit(("    " if wide else "") + js_key(x) + ": ")
            if it[-1] == "":
                t.lit("null")
            elif numeric(it[-1]) and (it[0] != "lit" or c >= nlab):
                put(t, r, it)
            else:
                quoted(t, r, it, "'")
            t.lit(("," if c + 1 < len(keys) else "") + ("\n" if wide else " "))
        t.lit(("  }" if wide else "}") + ("," if k + 1 < len(body) else "") + "\n")
    t.lit("]\n")


def w_logfmt(t, head, body, nlab, g, rng) -> None:
    """A log line per row in logfmt (`key=value`, a value quoted when it has a space or is
    empty), after a timestamp and a level, as a job logs its aggregates."""
    body = [(r, [bare(it) for it in row]) for r, row in body]
    keys = [re.sub(r"[^a-z0-9]+", "_", x.lower().replace("%", "pct")).strip("_") or "value" for x in head]
    stamp = style(g, rng) < 0.7
    msg = rng.choice(["aggregate", "group counts", "row"])
    for k, (r, row) in enumerate(body):
        if stamp:
            t.lit(f'ts=2024-06-03T09:{14 + k // 60:02d}:{k % 60:02d}Z level=info msg="{msg}" ')
        for c, (x, it) in enumerate(zip(keys, row, strict=True)):
            t.lit((" " if c else "") + x + "=")
            q = '"' if it[-1] == "" or " " in it[-1] or "=" in it[-1] else ""
            t.lit(q)
            put(t, r, it)
            t.lit(q)
        t.lit("\n")


def w_bullet_list(t, head, body, nlab, g, rng) -> None:
    """A table an agent writes as a list: a bullet per row, its labels (in bold, or before a
    colon), then each field as `name value`, a missing field left out."""
    bullet = ["-", "*", "\u2022"][int(3 * style(g, rng, 1))]
    bold = style(g, rng) < 0.5
    for r, row in body:
        labs = " / ".join(it[-1] for it in row[:nlab] if it[-1])
        t.lit(f"{bullet} " + (f"**{labs}**: " if bold else f"{labs}: " if labs else ""))
        first = True
        for c in range(nlab, len(head)):
            it = row[c]
            if it[-1] == "":
                continue
            t.lit(("" if first else ", ") + head[c] + " ")
            put(t, r, it)
            first = False
        t.lit("\n")


def w_csvlook(t, head, body, nlab, g, rng) -> None:
    """csvkit's `csvlook`: pipes, a dashed rule, numbers right-aligned with thousands separators,
    percentages as plain decimals, empty for a missing value."""
    body = [(r, [with_commas(bare(it)) for it in row]) for r, row in body]
    right = [number_col(body, c, nlab) for c in range(len(head))]
    ws = widths_of(head, body)
    t.lit("| " + " | ".join(x.join(padded(x, w, "r" if a else "l")) for x, w, a in zip(head, ws, right, strict=True)) + " |\n")
    t.lit("| " + " | ".join("-" * w for w in ws) + " |\n")
    for r, row in body:
        t.lit("| ")
        for c, it in enumerate(row):
            t.lit(" | " if c else "")
            put(t, r, it, ws[c], "r" if right[c] else "l")
        t.lit(" |\n")


def w_tabulate_fancy(t, head, body, nlab, g, rng) -> None:
    """tabulate's `fancy_grid` (double rules at the top, under the header and at the bottom) or
    `rounded_grid`: a rule between every two rows, numbers right-aligned, headers as their column."""
    body = [(r, [bare(it) for it in row]) for r, row in body]
    right = [number_col(body, c, nlab) for c in range(len(head))]
    ws = widths_of(head, body)

    def rule(a: str, f: str, m: str, z: str) -> str:
        return a + m.join(f * (w + 2) for w in ws) + z + "\n"

    sep = ("\u251c", "\u2500", "\u253c", "\u2524")
    if style(g, rng) < 0.5:  # fancy_grid
        top, mid, bottom = "\u2552\u2550\u2564\u2555", "\u255e\u2550\u256a\u2561", "\u2558\u2550\u2567\u255b"
    else:  # rounded_grid
        top, mid, bottom = "\u256d\u2500\u252c\u256e", "".join(sep), "\u2570\u2500\u2534\u256f"
    t.lit(rule(*top))
    t.lit("\u2502 " + " \u2502 ".join(x.join(padded(x, w, "r" if a else "l")) for x, w, a in zip(head, ws, right, strict=True)) + " \u2502\n")
    t.lit(rule(*mid))
    for k, (r, row) in enumerate(body):
        if k:
            t.lit(rule(*sep))
        t.lit("\u2502 ")
        for c, it in enumerate(row):
            t.lit(" \u2502 " if c else "")
            put(t, r, it, ws[c], "r" if right[c] else "l")
        t.lit(" \u2502\n")
    t.lit(rule(*bottom))


def w_textile(t, head, body, nlab, g, rng) -> None:
    """A Textile table (Redmine, Textpattern): `|_. name |` header cells, `|>. 12 |` for a number
    aligned right (or plain cells), sometimes a `table(...)` signature line first."""
    align = style(g, rng) < 0.5
    if style(g, rng, 1) < 0.3:
        t.lit(rng.choice(["table(counts).\n", "table{border:1px solid black}.\n"]))
    t.lit("|" + "".join(f"_. {x} |" for x in head) + "\n")
    for r, row in body:
        t.lit("|")
        for c, it in enumerate(row):
            t.lit(">. " if align and c >= nlab and it[-1] else " ")
            put(t, r, it)
            t.lit(" |")
        t.lit("\n")


def w_sqlcmd(t, head, body, nlab, g, rng) -> None:
    """SQL Server's `sqlcmd`: names left-aligned over a dashed rule per column, integers right-aligned
    in their 11-character width, strings padded, `NULL` for a missing value, one space apart, then
    `(N rows affected)`."""
    body = [(r, [("lit", "NULL") if it == ("lit", "") else bare(it) for it in row]) for r, row in body]
    right = [number_col(body, c, nlab, ("NULL",)) for c in range(len(head))]
    ws = [max(w, 11) if a else w for w, a in zip(widths_of(head, body), right, strict=True)]
    if style(g, rng) < 0.4:
        t.lit("1> " + rng.choice(["SELECT * FROM dbo.counts;", "EXEC dbo.summary;"]) + "\n2> GO\n")
    t.lit(" ".join(x + " " * (w - dw(x)) for x, w in zip(head, ws, strict=True)) + "\n")
    t.lit(" ".join("-" * w for w in ws) + "\n")
    for r, row in body:
        for c, it in enumerate(row):
            t.lit(" " if c else "")
            put(t, r, it, ws[c], "r" if right[c] else "l")
        t.lit("\n")
    n = len(body)
    t.lit(f"\n({n} row{'s' if n != 1 else ''} affected)\n")


def w_matlab_table(t, head, body, nlab, g, rng) -> None:
    """MATLAB's display of a table: `T =`, `  5\u00d73 table`, the variable names centred over
    underscores, strings in double quotes, numbers right-aligned, `NaN` or `<missing>`."""
    body = [(r, [bare(it) for it in row]) for r, row in body]
    kinds = [kind_of(body, c, nlab) for c in range(len(head))]

    def shown_text(c: int, s: str) -> str:
        return ("<missing>" if kinds[c] == "str" else "NaN") if s == "" else f'"{s}"' if kinds[c] == "str" else s

    ws = [max(dw(head[c]), *(dw(shown_text(c, row[c][-1])) for _, row in body)) for c in range(len(head))]
    t.lit(f"{['T', 'counts', 'tbl'][int(3 * style(g, rng, 1))]} =\n\n  {len(body)}\u00d7{len(head)} table\n\n")
    t.lit("    " + "    ".join(centre(x, w) for x, w in zip(head, ws, strict=True)) + "\n")
    t.lit("    " + "    ".join("_" * w for w in ws) + "\n\n")
    for r, row in body:
        t.lit("    ")
        for c, it in enumerate(row):
            t.lit("    " if c else "")
            s = shown_text(c, it[-1])
            if it[-1] == "":
                t.lit(s + " " * (ws[c] - dw(s)))
            elif kinds[c] == "str":
                t.lit('"')
                put(t, r, it)
                t.lit('"' + " " * (ws[c] - dw(s)))
            else:
                put(t, r, it, ws[c], "r")
        t.lit("\n")


def w_markdown_quoted(t, head, body, nlab, g, rng) -> None:
    """A Markdown table quoted from an earlier message or a report (`> ` before every line), padded
    or not, numbers aligned right."""
    pad = style(g, rng) < 0.5
    ws = widths_of(head, body) if pad else [None] * len(head)
    right = [number_col(body, c, nlab) for c in range(len(head))]
    t.lit("> | " + " | ".join(x.join(padded(x, w, "r" if a else "l")) if pad else x for x, w, a in zip(head, ws, right, strict=True)) + " |\n")
    t.lit("> |" + "|".join(("-" * ((w or 3) + 1) + ":" if a else ":" + "-" * ((w or 3) + 1)) for w, a in zip(ws, right, strict=True)) + "|\n")
    for r, row in body:
        t.lit("> | ")
        for c, it in enumerate(row):
            t.lit(" | " if c else "")
            put(t, r, it, ws[c], "r" if right[c] else "l")
        t.lit(" |\n")


def w_column_t(t, head, body, nlab, g, rng) -> None:
    """`column -t` (or `xsv table`) over a CSV: every field left-aligned, two spaces apart, the
    last column unpadded, no rules."""
    ws = widths_of(head, body)
    last = len(head) - 1
    t.lit("  ".join(x + (" " * (w - dw(x)) if c < last else "") for c, (x, w) in enumerate(zip(head, ws, strict=True))) + "\n")
    for r, row in body:
        for c, it in enumerate(row):
            t.lit("  " if c else "")
            put(t, r, it, ws[c] if c < last else None, "l")
        t.lit("\n")


V7_WRITERS = {
    "glimpse": w_glimpse,
    "pyarrow": w_pyarrow,
    "mongosh": w_mongosh,
    "logfmt": w_logfmt,
    "bullet_list": w_bullet_list,
    "csvlook": w_csvlook,
    "tabulate_fancy": w_tabulate_fancy,
    "textile": w_textile,
    "sqlcmd": w_sqlcmd,
    "matlab_table": w_matlab_table,
    "markdown_quoted": w_markdown_quoted,
    "column_t": w_column_t,
}


NEGATIVES_V7 = [
    ("glimpse", '```\nRows: 3\nColumns: 2\n$ term     <chr> "(Intercept)", "age", "bmi"\n$ estimate <dbl> 2.31, 0.031, 0.12\n```\n'),
    ("pyarrow", '```\npyarrow.Table\nsensor: string\nreading: double\n----\nsensor: [["A","B","C"]]\nreading: [[0.31,0.27,0.35]]\n```\n'),
    ("mongosh", "```\n[\n  { _id: 'retries', value: 3 },\n  { _id: 'timeout_s', value: 5 }\n]\n```\n"),
    (
        "logfmt",
        'ts=2024-06-03T09:14:02Z level=info msg="request" status=200 ms=12 retries=0\n'
        'ts=2024-06-03T09:14:03Z level=warn msg="request" status=503 ms=4 retries=2\n',
    ),
    ("bullet_list", "- **Build**: 3 minutes, 2 retries\n- **Test**: 4 minutes, 1 flaky test\n- **Deploy**: 2 minutes\n"),
    (
        "csvlook",
        "```\n| package | version | size_mb |\n| ------- | ------- | ------- |\n| numpy   | 1.26.4  |    18.2 |\n"
        "| scipy   | 1.13.0  |    38.9 |\n```\n",
    ),
    (
        "tabulate_fancy",
        "```\n╒═══════╤═══════╕\n│ step  │   min │\n╞═══════╪═══════╡\n│ build │     3 │\n├───────┼───────┤\n"
        "│ test  │     4 │\n╘═══════╧═══════╛\n```\n",
    ),
    ("textile", "|_. Option |_. Default |\n| retries |>. 3 |\n| timeout |>. 5 |\n"),
    ("sqlcmd", "```\nname        value\n----------- -----------\nmaxdop                4\nfillfactor            0\n\n(2 rows affected)\n```\n"),
    ("matlab_table", '```\nT =\n\n  2\u00d72 table\n\n    param     value\n    _____    ______\n\n    "lr"     0.001\n    "l2"      0.01\n```\n'),
    ("markdown_quoted", "> | Version | Released |\n> |:---|---:|\n> | 2.1 | 2024-03-02 |\n> | 2.2 | 2024-05-19 |\n"),
    ("column_t", "```\nNAME   TYPE     SIZE\nsda    disk     50G\nsda1   part     49G\n```\n"),
]

# Earlier layouts a set-7 format is measured on (one case each, the policy alternating).
EARLIER_FOR_V7 = [
    "totals_last",
    "totals_first",
    "no_totals",
    "several_totals",
    "hier2_dash",
    "hier3_level",
    "percent_cols",
    "linked_oneway_crosstab",
    "two_row_header",
    "rate_per_1000",
    "count_pct_cell",
    "three_way_stacked",
    "pre_suppressed",
    "cumulative",
    "of_which",
    "change_col",
    "dash_zeros",
    "ci_cells",
    "footer_n",
    "running_totals",
    "long_with_sums",
    "margins_prose_grand",
]


def cases_v7(seed: int) -> list[Case]:
    """The seventh held-out set: every case with a ``split.V7_FORMATS`` format or a
    ``split.V7_LAYOUTS`` layout, with microdata and non-tables in the new formats. Its stream is
    seeded with ``seed + 8`` (``seed + 7`` seeds set 6), so that sets 1-6 stay as they were."""
    return held_out_set(
        "7",
        random.Random(seed + 8),
        V7_FORMATS,
        V7_LAYOUTS,
        EARLIER_FOR_V7,
        FORMATS + V2_FORMATS + V3_FORMATS + V4_FORMATS + V5_FORMATS + V6_FORMATS,
        NEGATIVES_V7,
    )


# ---- the eighth held-out set (``split.V8_FORMATS``, ``split.V8_LAYOUTS``) ----

INTROS_V8 = [
    "Here is the breakdown:",
    "Output of the aggregation:",
    "The counts from the dashboard query:",
    "As printed by the analysis script:",
    "Grouped counts:",
]
OUTROS_V8 = [
    "\nShout if you want this split further.",
    "",
    "\nCounts are distinct patients.",
    "\nNumbers come from the live dashboard and may change.",
]
HEADINGS_V8 = [
    ("Admissions by region (N = ", ")"),
    ("**Patients seen in 2024: ", " in total**"),
    ("Table 2. Referrals by area and tenure, n=", ""),
    ("All ", " patients in the cohort, by region:"),
]


def layout_v8(layout: str, rng: random.Random, small: int, labels: list[str], cols: list[str]) -> list[Grid]:
    """The eighth held-out set's layouts: every relation below holds and a reader can use it."""
    n, nc = len(labels), len(cols)
    if layout == "n_of_N":
        # Each count written over its row's base, `3/40` (a tabulation of "how many of the area's
        # patients"), the base column itself not printed.
        g = with_totals(rng, labels, cols, small, rng.choice(["last", None]), "last")
        g.hidden_cols, g.of_base = {nc}, {c: nc for c in range(nc)}
        mark = rng.choice([" (n/N)", "", " n/N"])
        g.col_labels = [*(x + mark for x in cols), "Total"]
        for r in range(len(g.row_labels)):
            for c in range(nc):
                g.extra_values[(r, c, "N")] = g.values[r][nc]
                g.relations.append(([(r, c, "N")], (r, nc)))
        return [g]
    if layout == "excl_unknown":
        # A second total column: the total less the Unknown column (`Total excl. unknown`).
        g = with_totals(rng, labels, [*cols, rng.choice(["Unknown", "Not known", "Missing"])], small, "last", "last")
        unk, tc = nc, nc + 1
        g.col_labels.append(rng.choice(["Total excl. unknown", "Total (known)", "Known total"]))
        for row in g.values:
            row.append(row[tc] - row[unk])
        g.relations += [([(r, unk), (r, tc + 1)], (r, tc)) for r in range(n + 1)]
        g.relations.append(([(r, tc + 1) for r in range(n)], (n, tc + 1)))
        return [g]
    if layout == "heading_total":
        # No Total row: the grand total stands only in the heading before the table.
        g = with_totals(rng, labels, cols, small, None, "last")
        g.extra_values[("h", 0)] = total = sum(g.values[r][nc] for r in range(n))
        g.relations.append(([(r, nc) for r in range(n)], ("h", 0)))
        g.intro, after = rng.choice(HEADINGS_V8)
        g.before = [("cell", ("h", 0), str(total)), ("lit", after + "\n\n")]
        return [g]
    if layout == "change_prose":
        # Two years side by side, then the changes of some areas told in prose ("rose by 4"):
        # a change is no count, it ties the two years together.
        y = rng.randint(2019, 2023)
        g = with_totals(rng, labels, [str(y), str(y + 1)], small, rng.choice(["last", None]), None)
        g.after = [("lit", "\n" + rng.choice(["Compared with last year: ", "Changes: ", "Year on year, "]))]
        told = rng.sample(range(n), min(n, rng.randint(2, 3)))
        for k, r in enumerate(told):
            a, b = g.values[r]
            d = abs(b - a)
            g.extra_values[("d", r)] = d
            g.extra_derived.add(("d", r))
            g.relations.append(([(r, 0), ("d", r)], (r, 1)) if b >= a else ([(r, 1), ("d", r)], (r, 0)))
            word = "rose by " if b > a else "fell by " if b < a else "was unchanged, a difference of "
            g.after += [("lit", ("; " if k else "") + f"{labels[r]} {word}"), ("cell", ("d", r), str(d))]
        g.after.append(("lit", ".\n"))
        return [g]
    if layout == "chart_spec":
        # The table, then a chart spec of its row totals with the data inline (Vega-Lite or
        # Plotly): each total again, as a chart library reads it.
        g = with_totals(rng, labels, cols, small, rng.choice(["last", None]), "last")
        vals = [g.values[r][nc] for r in range(n)]
        for r in range(n):
            g.extra_values[("v", r)] = vals[r]
            g.relations.append(([("v", r)], (r, nc)))
        g.after = [
            (
                "lit",
                "\n" + rng.choice(["And the chart spec:", "Chart (paste into the editor):", "Here is a bar chart of the totals:"]) + "\n\n```json\n",
            )
        ]
        if rng.random() < 0.5:
            g.after.append(("lit", '{\n  "$schema": "https://vega.github.io/schema/vega-lite/v5.json",\n  "data": {"values": [\n'))
            for r in range(n):
                g.after += [("lit", f'    {{"region": {json.dumps(labels[r])}, "patients": '), ("cell", ("v", r), str(vals[r]))]
                g.after.append(("lit", "}" + ("," if r + 1 < n else "") + "\n"))
            g.after.append(("lit", '  ]},\n  "mark": "bar",\n  "encoding": {\n    "x": {"field": "region", "type": "nominal"},\n'))
            g.after.append(("lit", '    "y": {"field": "patients", "type": "quantitative"}\n  }\n}\n```\n'))
        else:
            g.after.append(("lit", '{\n  "data": [{\n    "type": "bar",\n    "x": ' + json.dumps(labels) + ',\n    "y": ['))
            for r in range(n):
                g.after += [("lit", ", " if r else ""), ("cell", ("v", r), str(vals[r]))]
            g.after.append(("lit", ']\n  }],\n  "layout": {"title": {"text": "Patients by region"}}\n}\n```\n'))
        return [g]
    raise ValueError(layout)


V8_FENCES = {f: "```\n" for f in ("tabulate_heavy", "splunk_stats", "prometheus", "tabyl", "stata_table", "sas_tabulate")}
V8_FENCES |= {"es_buckets": "```json\n", "vega_lite": "```json\n"}
NUMBERS_ONLY_V8 = ("prometheus",)  # a sample's value is a number: no marker, interval or base beside it


def fmt_ok_v8(fmt: str, layout: str, grids: list[Grid]) -> bool:
    """Which formats write which layouts in the eighth set."""
    if layout in V5_ONLY_LAYOUTS and fmt not in V5_FORMATS:
        return False
    if fmt in V8_FORMATS and layout in ("hier2_indent", "ragged_row", "cell_flags", "locale_numbers", "footnote_marks", "thousands_presupp"):
        return False
    if fmt in NUMBERS_ONLY_V8 and any(g.masks or g.ci or g.pct_inline or g.of_base for g in grids):
        return False
    # a record listing or a frequency procedure writes no count over its base; the set-1 writer of
    # R data frames prints a narrow table from the grid's columns, not from its written cells
    no_base = ("json_records", "pandas_series", "pandas_groupby", "r_ftable", "sas_freq", "excel_pivot", "r_dataframe", "tibble")
    return not (layout == "n_of_N" and fmt in no_base)


def adapt_v8(grids: list[Grid], fmt: str, rng: random.Random) -> None:
    """How a set-8 case is written: flat column names, janitor's `adorn_ns` cells (`12.5% (3)`)
    where a count has its percentage, the sentence before each table, the fence, a style shared
    by the case's tables."""
    styles = (rng.random(), rng.random())
    for g in grids:
        if fmt in V8_FORMATS:
            g.styles = styles
            if g.col_groups:
                g.col_labels = [lab if grp == lab else f"{grp} {lab}" for grp, lab in zip(g.col_groups, g.col_labels, strict=True)]
                g.col_groups = None
            if fmt == "tabyl" and g.pct and not g.hidden_cols:
                g.pct_inline = True
            g.fence = V8_FENCES[fmt]
        if g.intro is None:
            g.intro = rng.choice(INTROS_V8)


def v8_table(t: Tokens, g: Grid, fmt: str, rng) -> None:
    h = header(g)
    nlab = 1 + len(extra_cols(g))
    body = []
    for r in range(len(g.row_labels)):
        row = [("lit", label(g, r, fmt)), *(("lit", v[r]) for _, v in extra_cols(g)), *row_items(g, r, fmt)]
        body.append((r, row + [("lit", "")] * (len(h) - len(row))))
    V8_WRITERS[fmt](t, h, body, nlab, g, rng)


HEAVY_STYLES = [  # tabulate's heavy_grid, heavy_outline, simple_outline, rounded_outline: (top, under header, between rows, bottom), bar
    (("┏━┳┓", "┣━╋┫", "┣━╋┫", "┗━┻┛"), "┃"),
    (("┏━┳┓", "┣━╋┫", None, "┗━┻┛"), "┃"),
    (("┌─┬┐", "├─┼┤", None, "└─┴┘"), "│"),
    (("╭─┬╮", "├─┼┤", None, "╰─┴╯"), "│"),
]


def w_tabulate_heavy(t, head, body, nlab, g, rng) -> None:
    """tabulate's heavy and outline styles: a box of heavy or light rules, a rule under the header
    (and between rows in `heavy_grid`), numbers right-aligned."""
    body = [(r, [bare(it) for it in row]) for r, row in body]
    right = [number_col(body, c, nlab) for c in range(len(head))]
    ws = widths_of(head, body)
    (top, mid, between, bottom), bar = HEAVY_STYLES[int(len(HEAVY_STYLES) * style(g, rng))]

    def rule(chars: str) -> str:
        a, f, m, z = chars
        return a + m.join(f * (w + 2) for w in ws) + z + "\n"

    t.lit(rule(top))
    t.lit(f"{bar} " + f" {bar} ".join(x.join(padded(x, w, "r" if a else "l")) for x, w, a in zip(head, ws, right, strict=True)) + f" {bar}\n")
    t.lit(rule(mid))
    for k, (r, row) in enumerate(body):
        if k and between:
            t.lit(rule(between))
        t.lit(f"{bar} ")
        for c, it in enumerate(row):
            t.lit(f" {bar} " if c else "")
            put(t, r, it, ws[c], "r" if right[c] else "l")
        t.lit(f" {bar}\n")
    t.lit(rule(bottom))


def w_splunk_stats(t, head, body, nlab, g, rng) -> None:
    """Splunk's CLI print of a search ending in `stats count by ...` or `chart count over ... by
    ...`: the search line, each field's name over a dashed rule, every value left-aligned."""
    body = [(r, [bare(it) for it in row]) for r, row in body]
    if style(g, rng, 1) < 0.6:
        by = ", ".join(re.sub(r"\W+", "_", x) for x in head[:nlab]) or "_time"
        t.lit(f"$ splunk search 'index=clinic | stats count by {by}'\n")
    ws = widths_of(head, body)
    t.lit(" ".join(x + " " * (w - dw(x)) for x, w in zip(head, ws, strict=True)).rstrip() + "\n")
    t.lit(" ".join("-" * w for w in ws) + "\n")
    for r, row in body:
        for c, it in enumerate(row):
            t.lit(" " if c else "")
            put(t, r, it, ws[c] if c + 1 < len(row) else None, "l")
        t.lit("\n")


def json_value(t: Tokens, r, it, nlab: int, c: int) -> None:
    """A field's value in JSON: a number bare, text quoted, `null` for a missing value."""
    if it[-1] == "":
        t.lit("null")
    elif numeric(it[-1]) and not it[-1].startswith("+") and (it[0] != "lit" or c >= nlab):
        put(t, r, it)
    else:
        t.lit('"')
        put(t, r, retext(it, json.dumps(it[-1])[1:-1]) if it[0] == "lit" else it)
        t.lit('"')


def snake(s: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", s.lower().replace("%", "pct")).strip("_") or "value"


def w_es_buckets(t, head, body, nlab, g, rng) -> None:
    """An Elasticsearch response: a terms aggregation's buckets (`key`, a metric per column as
    `{"value": ...}`), or, for records, the hits with their `_source`."""
    body = [(r, [bare(it) for it in row]) for r, row in body]
    t.lit('{\n  "took": ' + str(rng.randint(2, 40)) + ',\n  "timed_out": false,\n')
    if not nlab:
        t.lit('  "hits": {\n    "hits": [\n')
        for k, (r, row) in enumerate(body):
            t.lit(f'      {{"_index": "admissions", "_id": "{k + 1}", "_source": {{')
            for c, (x, it) in enumerate(zip(head, row, strict=True)):
                t.lit((", " if c else "") + json.dumps(x) + ": ")
                json_value(t, r, it, nlab, c)
            t.lit("}}" + ("," if k + 1 < len(body) else "") + "\n")
        t.lit("    ]\n  }\n}\n")
        return
    keys = [snake(x) for x in head]
    t.lit(f'  "aggregations": {{\n    "by_{keys[0]}": {{\n      "doc_count_error_upper_bound": 0,\n      "sum_other_doc_count": 0,\n')
    t.lit('      "buckets": [\n')
    for k, (r, row) in enumerate(body):
        t.lit('        {"key": ')
        json_value(t, r, retext(row[0], " / ".join(it[-1] for it in row[:nlab] if it[-1])), nlab, 0)
        for c in range(nlab, len(head)):
            t.lit(f', "{keys[c]}": {{"value": ')
            json_value(t, r, row[c], nlab, c)
            t.lit("}")
        t.lit("}" + ("," if k + 1 < len(body) else "") + "\n")
    t.lit("      ]\n    }\n  }\n}\n")


def w_prometheus(t, head, body, nlab, g, rng) -> None:
    """Prometheus' text exposition: `# HELP` and `# TYPE`, then a sample per count,
    `metric{label="value",...} 12`, the row's labels and the column as labels."""
    body = [(r, [bare(it) for it in row]) for r, row in body]
    metric = ["clinic_patients", "admissions_total", "referrals"][int(3 * style(g, rng, 1))]
    names = [snake(x) for x in head[:nlab]]
    col = snake(g.col_name) if g is not None and g.col_name else "column"
    t.lit(f"# HELP {metric} Patients by {' and '.join(names)}.\n# TYPE {metric} gauge\n")
    for r, row in body:
        labs = ",".join(f"{x}={json.dumps(it[-1])}" for x, it in zip(names, row, strict=False))
        for c in range(nlab, len(head)):
            if row[c][-1] == "":
                continue
            t.lit(f"{metric}{{{labs},{col}={json.dumps(head[c])}}} ")
            put(t, r, row[c])
            t.lit("\n")


def w_vega_lite(t, head, body, nlab, g, rng) -> None:
    """A Vega-Lite spec with its data inline (`data.values`, a record per row), a bar chart of the
    first count column."""
    body = [(r, [bare(it) for it in row]) for r, row in body]
    t.lit('{\n  "$schema": "https://vega.github.io/schema/vega-lite/v5.json",\n  "data": {\n    "values": [\n')
    for k, (r, row) in enumerate(body):
        t.lit("      {")
        for c, (x, it) in enumerate(zip(head, row, strict=True)):
            t.lit((", " if c else "") + json.dumps(x) + ": ")
            json_value(t, r, it, nlab, c)
        t.lit("}" + ("," if k + 1 < len(body) else "") + "\n")
    x, y = head[0], head[min(nlab, len(head) - 1)]
    t.lit(f'    ]\n  }},\n  "mark": "bar",\n  "encoding": {{\n    "x": {{"field": {json.dumps(x)}, "type": "nominal"}},\n')
    t.lit(f'    "y": {{"field": {json.dumps(y)}, "type": "quantitative"}}\n  }}\n}}\n')


def w_tabyl(t, head, body, nlab, g, rng) -> None:
    """janitor's print of a `tabyl()`: a data frame without row names, every column right-aligned;
    after `adorn_percentages() |> adorn_pct_formatting() |> adorn_ns()` a cell is `12.5% (3)`."""

    def flipped(it) -> str:
        if it[0] != "cellpct":
            return it[-1]
        n, p = it[-1].split(" (", 1)
        return f"{p[:-1]} ({n})"

    ws = [max(dw(head[c]), *(dw(flipped(row[c])) for _, row in body)) for c in range(len(head))]
    t.lit(" ".join(" " * (w - dw(x)) + x for x, w in zip(head, ws, strict=True)) + "\n")
    for r, row in body:
        for c, it in enumerate(row):
            t.lit((" " if c else "") + " " * (ws[c] - dw(flipped(it))))
            if it[0] == "cellpct":
                n, p = it[-1].split(" (", 1)
                t.pct(r, it[1], p[:-1])
                t.lit(" (")
                t.cell(r, it[1], n)
                t.lit(")")
            else:
                put(t, r, it)
        t.lit("\n")


def w_stata_table(t, head, body, nlab, g, rng) -> None:
    """Stata 17's `table rowvar colvar`: a dashed frame, the column variable over its values, the
    row variable on its own line, the rows indented under it, `|` after the labels."""
    body = [(r, [bare(it) for it in row]) for r, row in body]
    labs = [" ".join(it[-1] for it in row[:nlab] if it[-1]) for _, row in body]
    rowvar = " ".join(head[:nlab])
    lw = max(dw(rowvar), *(2 + dw(x) for x in labs)) + 1
    ws = [max(dw(head[c]), *(dw(row[c][-1]) for _, row in body)) + 2 for c in range(nlab, len(head))]
    inner_w = sum(ws) + 1
    colvar = g.col_name if g is not None and g.col_name else ""
    t.lit("-" * (lw + 1 + inner_w) + "\n")
    if colvar:
        t.lit(" " * lw + "|" + centre(colvar, inner_w).rstrip() + "\n")
    t.lit(" " * lw + "| " + "".join(" " * (w - dw(x)) + x for x, w in zip(head[nlab:], ws, strict=True)) + "\n")
    t.lit("-" * lw + "+" + "-" * inner_w + "\n")
    if rowvar:
        t.lit(rowvar + " " * (lw - dw(rowvar)) + "|\n")
    for (r, row), lab in zip(body, labs, strict=True):
        t.lit("  " + lab + " " * (lw - 2 - dw(lab)) + "| ")
        for c, w in zip(range(nlab, len(head)), ws, strict=True):
            put(t, r, row[c], w, "r")
        t.lit("\n")
    t.lit("-" * (lw + 1 + inner_w) + "\n")


def w_sas_tabulate(t, head, body, nlab, g, rng) -> None:
    """SAS PROC TABULATE's box (the listing destination, `formchar` dashes and bars): the column
    variable over its values over the statistic (`N`, `PctN`), the row variable in the box's
    corner, a rule between rows, numbers right-aligned against the bar."""
    body = [(r, [bare(it) for it in row]) for r, row in body]
    rowvar = " ".join(head[:nlab])
    lw = max(dw(rowvar), *(dw(" ".join(it[-1] for it in row[:nlab] if it[-1])) for _, row in body))
    stats = ["PctN" if any(row[c][0] == "pct" for _, row in body) else "N" for c in range(nlab, len(head))]
    ws = [max(dw(head[c]), dw(s), *(dw(row[c][-1]) for _, row in body)) + 2 for c, s in zip(range(nlab, len(head)), stats, strict=True)]
    full = sum(ws) + len(ws) - 1
    colvar = g.col_name if g is not None and g.col_name else ""
    t.lit("-" * (lw + full + 3) + "\n")
    if colvar:
        t.lit("|" + " " * lw + "|" + centre(colvar, full) + "|\n")
        t.lit("|" + " " * lw + "|" + "-" * full + "|\n")
    t.lit("|" + " " * lw + "|" + "|".join(centre(x, w) for x, w in zip(head[nlab:], ws, strict=True)) + "|\n")
    t.lit("|" + " " * lw + "|" + "+".join("-" * w for w in ws) + "|\n")
    t.lit("|" + " " * lw + "|" + "|".join(centre(s, w) for s, w in zip(stats, ws, strict=True)) + "|\n")
    t.lit("|" + "-" * lw + "+" + "+".join("-" * w for w in ws) + "|\n")
    if rowvar:
        t.lit("|" + rowvar + " " * (lw - dw(rowvar)) + "|" + "|".join(" " * w for w in ws) + "|\n")
        t.lit("|" + "-" * lw + "|" + "|".join(" " * w for w in ws) + "|\n")
    for k, (r, row) in enumerate(body):
        if k:
            t.lit("|" + "-" * lw + "+" + "+".join("-" * w for w in ws) + "|\n")
        lab = " ".join(it[-1] for it in row[:nlab] if it[-1])
        t.lit("|" + lab + " " * (lw - dw(lab)) + "|")
        for c, w in zip(range(nlab, len(head)), ws, strict=True):
            put(t, r, row[c], w, "r")
            t.lit("|")
        t.lit("\n")
    t.lit("-" * (lw + full + 3) + "\n")


V8_WRITERS = {
    "tabulate_heavy": w_tabulate_heavy,
    "splunk_stats": w_splunk_stats,
    "es_buckets": w_es_buckets,
    "prometheus": w_prometheus,
    "vega_lite": w_vega_lite,
    "tabyl": w_tabyl,
    "stata_table": w_stata_table,
    "sas_tabulate": w_sas_tabulate,
}
RECORDS_V8 = ("tabulate_heavy", "splunk_stats", "es_buckets", "vega_lite")  # the set-8 formats that list records


NEGATIVES_V8 = [
    (
        "tabulate_heavy",
        "```\n┏━━━━━━━┳━━━━━━━┓\n┃ step  ┃   min ┃\n┣━━━━━━━╋━━━━━━━┫\n┃ build ┃     3 ┃\n┃ test  ┃     4 ┃\n┗━━━━━━━┻━━━━━━━┛\n```\n",
    ),
    ("splunk_stats", "```\nstatus count\n------ -----\n200    1843\n503    4\n```\n"),
    (
        "es_buckets",
        '```json\n{\n  "took": 3,\n  "timed_out": false,\n  "_shards": {"total": 2, "successful": 2, "skipped": 0, "failed": 0}\n}\n```\n',
    ),
    (
        "prometheus",
        '```\n# HELP http_requests_total Requests served.\n# TYPE http_requests_total counter\nhttp_requests_total{code="200",method="get"} 1027\n'
        'http_requests_total{code="500",method="get"} 3\n```\n',
    ),
    (
        "vega_lite",
        '```json\n{\n  "mark": "line",\n  "width": 400,\n  "height": 3,\n  "encoding": {"x": {"field": "epoch", "type": "quantitative"}}\n}\n```\n',
    ),
    ("tabyl", "```\n parameter value\n        lr 0.001\n    epochs     3\n```\n"),
    (
        "stata_table",
        "```\n------------------------------\n             |  Coef.   Std. err.\n-------------+----------------\n"
        "         age |  .031     .004\n       _cons | 2.31      .52\n------------------------------\n```\n",
    ),
    (
        "sas_tabulate",
        "```\n-------------------------\n|Option        |Value   |\n|--------------+--------|\n"
        "|MAXITER       |       3|\n|TOL           |   0.001|\n-------------------------\n```\n",
    ),
]

# Earlier layouts a set-8 format is measured on (one case each, the policy alternating).
EARLIER_FOR_V8 = [
    "totals_last",
    "totals_first",
    "no_totals",
    "several_totals",
    "hier2_dash",
    "hier3_level",
    "percent_cols",
    "linked_oneway_crosstab",
    "two_row_header",
    "count_pct_cell",
    "three_way_stacked",
    "pre_suppressed",
    "cumulative",
    "of_which",
    "change_col",
    "ci_cells",
    "running_totals",
    "margins_prose_grand",
    "row_col_pct",
    "rollup_long",
    "bars_beside",
    "yes_no_split",
]


def cases_v8(seed: int) -> list[Case]:
    """The eighth held-out set: every case with a ``split.V8_FORMATS`` format or a
    ``split.V8_LAYOUTS`` layout, with microdata and non-tables in the new formats. Its stream is
    seeded with ``seed + 9`` (``seed + 8`` seeds set 7), so that sets 1-7 stay as they were."""
    return held_out_set(
        "8",
        random.Random(seed + 9),
        V8_FORMATS,
        V8_LAYOUTS,
        EARLIER_FOR_V8,
        FORMATS + V2_FORMATS + V3_FORMATS + V4_FORMATS + V5_FORMATS + V6_FORMATS + V7_FORMATS,
        NEGATIVES_V8,
        reps=lambda layout: 4,
        records=lambda fmt: fmt in RECORDS_V8,
    )


# ---- the ninth held-out set (``split.V9_FORMATS``, ``split.V9_LAYOUTS``) ----

INTROS_V9 = [
    "Here is what came back:",
    "Output of the step:",
    "The numbers, as the tool returned them:",
    "Results below.",
    "From the analysis run:",
    "This is the summary I computed:",
]
OUTROS_V9 = [
    "\nWant me to add the previous period?",
    "",
    "\nAll counts are of distinct people.",
    "\nThe extract was refreshed this morning.",
    "\nI can turn this into a chart if useful.",
]
FUNNELS = [
    ("step", ["Visited page", "Started form", "Submitted form", "Eligible", "Enrolled"]),
    ("stage", ["Referred", "Triaged", "First appointment", "Treatment started", "Completed treatment"]),
    ("step", ["Invited", "Opened invite", "Booked", "Attended", "Positive result"]),
    ("stage", ["Screened", "Contacted", "Consented", "Randomised"]),
    ("funnel_step", ["Signed up", "Verified email", "Completed profile", "First purchase", "Repeat purchase", "Subscribed"]),
]
CHANNELS = ["Web", "App", "Phone", "Walk-in", "GP referral"]
COHORTS = [
    ("cohort", "Month", ["2024-01", "2024-02", "2024-03", "2024-04", "2024-05", "2024-06"]),
    ("signup_month", "M", ["Jan 2024", "Feb 2024", "Mar 2024", "Apr 2024", "May 2024", "Jun 2024"]),
    ("cohort_week", "Week", ["W01", "W02", "W03", "W04", "W05"]),
    ("intake", "Quarter", ["Q1 2023", "Q2 2023", "Q3 2023", "Q4 2023", "Q1 2024"]),
]
BAND_SETS = [
    (["0-4", "5-9", "10-14", "15-19", "20-24", "25-29"], [("0-9", [0, 1]), ("10-19", [2, 3]), ("20-29", [4, 5])]),
    (["16-24", "25-34", "35-44", "45-54", "55-64", "65-74", "75+"], [("16-34", [0, 1]), ("35-54", [2, 3]), ("55-74", [4, 5]), ("75+", [6])]),
    (["Under 18", "18-29", "30-49", "50-64", "65-79", "80+"], [("Under 18", [0]), ("18-64", [1, 2, 3]), ("65+", [4, 5])]),
    (["0", "1-4", "5-9", "10-14", "15-17"], [("Under 5", [0, 1]), ("5-17", [2, 3, 4])]),
    (["18-29", "30-39", "40-49", "50-59", "60-69", "70+"], [("18-39", [0, 1]), ("40-59", [2, 3]), ("60+", [4, 5])]),
]
DIAG_COLS = [("Disease +", "Disease -"), ("Condition present", "Condition absent"), ("PCR positive", "PCR negative"), ("Cancer", "No cancer")]
DIAG_ROWS = [
    ("Test +", "Test -"),
    ("Screen positive", "Screen negative"),
    ("Index test positive", "Index test negative"),
    ("Rapid test +", "Rapid test -"),
]
EXCLUSIONS = ["did not meet inclusion criteria", "declined to participate", "other reasons", "could not be contacted", "already on treatment"]
ARMS = [("Intervention", "Control"), ("Drug A", "Placebo"), ("App", "Usual care"), ("Arm A", "Arm B")]


def chain(rng: random.Random, first: int, k: int, small: int) -> list[int]:
    """`k` counts, each at most the one before (people who reach each step of a process)."""
    out = [first]
    for i in range(1, k):
        prev = out[-1]
        if prev and i >= 2 and rng.random() < 0.3:
            out.append(rng.randint(1, min(prev, small - 1)))
        else:
            out.append(min(prev, round(prev * rng.uniform(0.3, 0.92))))
    return out


def with_sums(g: Grid, rows: list[int], row_total: int | None, cols: list[int], col_total: int | None) -> Grid:
    """Row and column sums over `rows` / `cols` into a total row / column (recomputed)."""
    if col_total is not None:
        for r in range(len(g.row_labels)):
            g.values[r][col_total] = sum(g.values[r][c] for c in cols)
            g.relations.append(([(r, c) for c in cols], (r, col_total)))
    if row_total is not None:
        for c in range(len(g.col_labels)):
            g.values[row_total][c] = sum(g.values[r][c] for r in rows)
            g.relations.append(([(r, c) for r in rows], (row_total, c)))
    return g


def layout_v9(layout: str, rng: random.Random, small: int, labels: list[str], cols: list[str]) -> list[Grid]:
    """The ninth held-out set's layouts: every relation, bound and percentage below holds and a
    reader can use it."""
    if layout == "funnel":
        # A conversion funnel: each step's count is at most the step before's (the people who drop
        # out are a non-negative rest, or printed as a Drop-off column); one column with its share
        # of the step before or of the first step, or one column per channel and their Total.
        name, stages = rng.choice(FUNNELS)
        stages = stages[: rng.randint(4, len(stages))]
        k = len(stages)
        if rng.random() < 0.4:
            chans = rng.sample(CHANNELS, rng.randint(2, 3))
            series = [chain(rng, rng.randint(30, 600), k, small) for _ in chans]
            m = len(chans)
            g = Grid(list(stages), [*chans, "Total"], [[s[r] for s in series] + [0] for r in range(k)], row_name=name, col_name="channel")
            g = with_sums(g, [], None, list(range(m)), m)
            for c in range(m + 1):
                for r in range(1, k):
                    g.relations.append(([(r, c), ("s", len(g.slack))], (r - 1, c)))
                    g.slack.append(g.values[r - 1][c] - g.values[r][c])
            last, first = (k - 1, m), (0, m)
        else:
            series = chain(rng, rng.randint(40, 2000), k, small)
            drop = rng.random() < 0.5
            of_prev = rng.random() < 0.5
            cl = [rng.choice(["n", "Users", "Patients", "People"])] + (["Drop-off"] if drop else []) + ["base"]
            bc = len(cl) - 1
            src = [((r - 1) if of_prev and r else 0, 0) for r in range(k)]
            vals = [[series[r]] + ([series[r - 1] - series[r] if r else 0] if drop else []) + [series[src[r][0]]] for r in range(k)]
            g = Grid(list(stages), cl, vals, row_name=name, col_name="", hidden_cols={bc})
            if drop:
                g.missing.add((0, 1))
            for r in range(k):
                g.relations.append(([src[r]], (r, bc)))
                if src[r] != (r, 0):
                    g.pct_from[(r, 0, "%")] = [src[r]]
                if not r:
                    continue
                if drop:
                    g.relations.append(([(r, 0), (r, 1)], (r - 1, 0)))
                else:
                    g.relations.append(([(r, 0), ("s", len(g.slack))], (r - 1, 0)))
                    g.slack.append(series[r - 1] - series[r])
            g.pct = [(0, bc)]
            words = ["% of previous step", "Step conversion %", "conv. %"] if of_prev else ["% of start", "% of first step", "Overall %"]
            g.pct_labels = {0: rng.choice(words)}
            last, first = (k - 1, 0), (0, 0)
        if rng.random() < 0.5:
            # the overall conversion in a sentence: the last step over the first, both again
            a, b = g.values[last[0]][last[1]], g.values[first[0]][first[1]]
            g.extra_values = {("o", 0): a, ("o", 1): b}
            g.relations += [([("o", 0)], last), ([("o", 1)], first)]
            g.extra_pcts[("o", 2, "%")] = last
            g.pct_from[("o", 2, "%")] = [first]
            g.after = [
                ("lit", "\n" + rng.choice(["Overall conversion: ", "End to end: ", "Conversion from first to last step: "])),
                ("pct", ("o", 2, "%"), f"{100.0 * a / b:.1f}%"),
                ("lit", " ("),
                ("cell", ("o", 0), str(a)),
                ("lit", rng.choice([" of ", "/", " out of "])),
                ("cell", ("o", 1), str(b)),
                ("lit", ").\n"),
            ]
        return [g]
    if layout == "cohort_triangle":
        # A retention triangle: each cohort's size, then how many are still active after 1, 2, ...
        # periods (each at most the one before; later cohorts have fewer periods, blank cells);
        # sometimes the same triangle again as percentages of the cohort size.
        name, unit, coh = rng.choice(COHORTS)
        m = rng.randint(4, len(coh))
        coh = coh[:m]
        size_w = rng.choice(["Cohort size", "Signed up", "n", "Started"])
        cl = [size_w] + [f"{unit} {j}" if unit != "M" else f"M{j}" for j in range(1, m)]
        vals = []
        for i in range(m):
            s = chain(rng, rng.randint(1, small - 1) if rng.random() < 0.12 else rng.randint(small, 250), m, small)
            vals.append(s[: m - i] + [0] * i)
        g = Grid(list(coh), cl, vals, row_name=name, col_name="")
        for i in range(m):
            g.missing |= {(i, j) for j in range(m - i, m)}
            for j in range(1, m - i):
                g.relations.append(([(i, j), ("s", len(g.slack))], (i, j - 1)))
                g.slack.append(vals[i][j - 1] - vals[i][j])
        if rng.random() < 0.5:
            return [g]
        p = Grid(list(coh), list(cl), [list(row) for row in vals], row_name=name, col_name="", hidden_cols=set(range(1, m)), missing=set(g.missing))
        p.pct_where_shown = True
        p.pct = [(j, 0) for j in range(1, m)]
        p.pct_labels = {j: cl[j] for j in range(1, m)}
        for i in range(m):
            for j in range(m - i):
                p.cross.append(([(0, i, j)], (1, i, j)))
                if j:
                    p.pct_from[(i, j, "%")] = [(i, 0)]
        p.intro = rng.choice(["As retention (% of cohort):", "The same as percentages of each cohort:", "Retention rates:"])
        return [g, p]
    if layout == "collapsed_bands":
        # Fine age bands, and the same table with the bands merged (for a slide, or to avoid small
        # numbers): each broad band is the sum of its fine bands, column by column.
        fine, groups = rng.choice(BAND_SETS)
        ccols = rng.choice([["Male", "Female"], list(cols[:2]), list(cols[:3])])
        tr, tc = rng.choice([("last", "last"), ("last", None), (None, "last")])
        a = with_totals(rng, fine, ccols, small, tr, tc)
        a.row_name, a.col_name = rng.choice([("age_band", "sex" if ccols == ["Male", "Female"] else "tenure"), ("Age", ""), ("age", "")])
        nf, w = len(fine), len(a.col_labels)
        rows = [lab for lab, _ in groups] + (["Total"] if tr else [])
        bvals = [[sum(a.values[r][c] for r in idx) for c in range(w)] for _, idx in groups] + ([list(a.values[nf])] if tr else [])
        only_total = tc is not None and rng.random() < 0.3
        bcols = list(range(w - 1, w)) if only_total else list(range(w))
        bnames = [rng.choice(["Persons", "n", "Total"]) if only_total else a.col_labels[c] for c in bcols]
        b = Grid(rows, bnames, [[row[c] for c in bcols] for row in bvals])
        b.row_name, b.col_name = a.row_name, a.col_name
        ng = len(groups)
        if tc and not only_total:
            b.relations += [([(r, c) for c in range(w - 1)], (r, w - 1)) for r in range(len(rows))]
        if tr:
            b.relations += [([(r, c) for r in range(ng)], (ng, c)) for c in range(len(bcols))]
        first = rng.random() < 0.7  # the fine table first
        ka, kb = (0, 1) if first else (1, 0)
        for gi, (_, idx) in enumerate(groups):
            for j, c in enumerate(bcols):
                b.cross.append(([(ka, r, c) for r in idx], (kb, gi, j)))
        a.intro = rng.choice(["By single age band:", "Detailed bands:", "Full breakdown by age:"])
        b.intro = rng.choice(["Collapsed into broader bands:", "With the bands merged (to avoid small numbers):", "Grouped for the summary slide:"])
        return [a, b] if first else [b, a]
    if layout == "diag_accuracy":
        # A test against a reference standard (2x2 with margins), then its sensitivity,
        # specificity and predictive values, each a share of a margin, sometimes with the counts
        # (`12/14`): a share beside its numerator and its base gives back the other count.
        npos, nneg = rng.randint(6, 80), rng.randint(30, 500)
        tp = max(1, round(npos * rng.uniform(0.7, 0.99)))
        tn = max(1, round(nneg * rng.uniform(0.85, 0.995)))
        fn, fp = npos - tp, nneg - tn
        (pos_l, neg_l), (yes_l, no_l) = rng.choice(DIAG_ROWS), rng.choice(DIAG_COLS)
        g = Grid([pos_l, neg_l, "Total"], [yes_l, no_l, "Total"], [[tp, fp, 0], [fn, tn, 0], [0, 0, 0]], row_name="test", col_name="reference")
        g = with_sums(g, [0, 1], 2, [0, 1], 2)
        names = rng.choice(
            [
                ("Sensitivity", "Specificity", "PPV", "NPV"),
                ("Sensitivity", "Specificity", "Positive predictive value", "Negative predictive value"),
                ("Sens", "Spec", "PPV", "NPV"),
            ]
        )
        # (count, base, the other part of the base)
        metrics = [((0, 0), (2, 0), (1, 0)), ((1, 1), (2, 1), (0, 1)), ((0, 0), (0, 2), (0, 1)), ((1, 1), (1, 2), (1, 0))]
        chosen = [0, 1] + ([2, 3] if rng.random() < 0.6 else [])
        fractions = rng.random() < 0.5
        bullet = rng.choice(["- ", "* ", ""])
        g.after = [("lit", "\n" + rng.choice(["Accuracy of the test:", "Diagnostic accuracy:", "From the 2x2 table:"]) + "\n")]
        for i in chosen:
            num_, base, other = metrics[i]
            a, b = g.values[num_[0]][num_[1]], g.values[base[0]][base[1]]
            g.after += [("lit", f"{bullet}{names[i]}: "), ("pct", ("m", i, "%"), f"{100.0 * a / b:.1f}%")]
            g.extra_pcts[("m", i, "%")] = num_
            g.pct_from[("m", i, "%")] = [base, other]
            if fractions:
                g.after += [("lit", " ("), ("cell", ("m", i, "a"), str(a)), ("lit", "/"), ("cell", ("m", i, "b"), str(b)), ("lit", ")")]
                g.extra_values[("m", i, "a")], g.extra_values[("m", i, "b")] = a, b
                g.relations += [([("m", i, "a")], num_), ([("m", i, "b")], base)]
            g.after.append(("lit", "\n"))
        return [g]
    if layout == "participant_flow":
        # A CONSORT flow as a table: assessed = excluded + randomised, the exclusions by reason,
        # the arms, and per arm who received the allocation and who was lost or analysed; in one
        # column, or the screening in one table and the arms (and their total) in another.
        assessed = rng.randint(120, 900)
        reasons = rng.sample(EXCLUSIONS, rng.randint(2, 3))
        excl = [rng.randint(small, assessed // 4)] + [min(assessed // 10, small_or_not(rng, small, 0.5)) for _ in reasons[1:]]
        randomised = assessed - sum(excl)
        arm_l = rng.choice(ARMS)
        a1 = randomised // 2 + rng.randint(-3, 3)
        arms = [a1, randomised - a1]

        def part(total: int) -> int:
            return min(total // 4, small_or_not(rng, small, 0.6))

        per = []
        for a in arms:
            nr, lost = part(a), part(a)
            disc = part(a - lost)
            per.append((a, a - nr, nr, lost, disc, a - lost - disc))
        head = ["Assessed for eligibility", "Excluded", *(f"Excluded: {x}" for x in reasons), "Randomised"]
        hv = [assessed, sum(excl), *excl, randomised]
        nr_ = len(reasons)
        arm_rows = ["Allocated", "Received allocation", "Did not receive allocation", "Lost to follow-up", "Discontinued", "Analysed"]
        word = rng.choice(["n", "Participants", "N"])

        def arm_relations(g: Grid, off: int, c: int) -> None:
            g.relations.append(([(off + 1, c), (off + 2, c)], (off, c)))
            g.relations.append(([(off + 3, c), (off + 4, c), (off + 5, c)], (off, c)))

        if rng.random() < 0.5:
            rows, vals = list(head), [[v] for v in hv]
            for lab, x in zip(arm_l, per, strict=True):
                alloc = f"Allocated to {lab.lower() if lab in ('Intervention', 'Control') else lab}"
                rows += [f"{s} ({lab})" if k else alloc for k, s in enumerate(arm_rows)]
                vals += [[v] for v in x]
            g = Grid(rows, [word], vals, row_name="stage", col_name="")
            g.relations += [([(1, 0), (2 + nr_, 0)], (0, 0)), ([(2 + i, 0) for i in range(nr_)], (1, 0))]
            offs = [3 + nr_, 9 + nr_]
            g.relations.append(([(o, 0) for o in offs], (2 + nr_, 0)))
            for o in offs:
                arm_relations(g, o, 0)
            return [g]
        a = Grid(head, [word], [[v] for v in hv], row_name="stage", col_name="")
        a.relations += [([(1, 0), (2 + nr_, 0)], (0, 0)), ([(2 + i, 0) for i in range(nr_)], (1, 0))]
        bvals = [[per[0][k], per[1][k], per[0][k] + per[1][k]] for k in range(6)]
        b = Grid(list(arm_rows), [*arm_l, "Total"], bvals, row_name="stage", col_name="arm")
        for c in range(3):
            arm_relations(b, 0, c)
        b.relations += [([(r, 0), (r, 1)], (r, 2)) for r in range(6)]
        b.cross.append(([(1, 0, 2)], (0, 2 + nr_, 0)))
        a.intro = rng.choice(["Screening and enrolment:", "Participant flow (screening):", "Enrolment:"])
        b.intro = rng.choice(["By arm:", "Allocation and follow-up:", "Participant flow by arm:"])
        return [a, b]
    if layout == "pct_change":
        # Two periods and the change in percent: a change beside one period's count gives back the
        # other's.
        y = rng.randint(2019, 2023)
        periods = rng.choice([(str(y), str(y + 1)), (f"{y}/{(y + 1) % 100:02d}", f"{y + 1}/{(y + 2) % 100:02d}"), ("Q1", "Q2"), ("Before", "After")])
        tr = rng.choice(["last", None])
        n = len(labels)
        g = Grid(list(labels) + (["Total"] if tr else []), list(periods), [], col_name="")
        for _ in labels:
            a = small_or_not(rng, small, 0.3)
            b = rng.randint(0, small - 1) if rng.random() < 0.2 else max(0, round(a * rng.uniform(0.5, 1.6)))
            g.values.append([a, b])
        if tr:
            g.values.append([0, 0])
            g = with_sums(g, list(range(n)), n, [], None)
        g.pct, g.pct_delta = [(1, 0)], {1}
        g.pct_labels = {1: rng.choice(["% change", "Change (%)", "YoY %", "pct_change", "\u0394%"])}
        for r in range(len(g.row_labels)):
            g.pct_from[(r, 1, "%")] = [(r, 0)]
        return [g]
    raise ValueError(layout)


V9_FENCES = {
    "uniq_c": "```\n",
    "bq_json": "```json\n",
    "sheets_values": "```json\n",
    "r_dput": "```r\n",
    "go_fmt": "```\n",
    "xarray": "```\n",
    "sqlplus": "```\n",
}
GROUP_V9 = ("sheets_values", "rst_list_table")  # the set-9 formats with an upper header row
SIGNED_V9 = ("sheets_values", "rst_list_table")  # a change may carry its sign
COUNTS_ONLY_V9 = ("uniq_c", "xarray")  # counts and nothing else (a number array, a count per line)
RECORDS_V9 = ("bq_json", "sheets_values", "r_dput", "sqlplus")  # the set-9 formats that list records
BARE_JSON = ("json_records", "ndjson", "json_nested", "json_split")  # a `+12.5` there would be no JSON


def fmt_ok_v9(fmt: str, layout: str, grids: list[Grid]) -> bool:
    """Which formats write which layouts in the ninth set."""
    if layout in V5_ONLY_LAYOUTS and fmt not in V5_FORMATS:
        return False
    if fmt in V9_FORMATS and layout in ("hier2_indent", "ragged_row", "cell_flags", "locale_numbers", "footnote_marks", "thousands_presupp"):
        return False
    if fmt in COUNTS_ONLY_V9:
        shares = any(g.pct or g.rate or g.col_pct for g in grids)
        if shares or any(g.ci or g.of_base or g.masks or g.extra or g.level or g.float_cols or g.head_row is not None for g in grids):
            return False
        if fmt == "uniq_c" and any(g.derived_cols for g in grids):
            return False
        if fmt == "xarray" and any(g.missing for g in grids):
            return False  # a blank is a NaN there: the array is printed as floats
    return not (fmt in BARE_JSON and any(g.pct_delta for g in grids))


def adapt_v9(grids: list[Grid], fmt: str, rng: random.Random) -> None:
    """How a set-9 case is written: flat column names where the format has no upper header row,
    R's integer suffix (`12L`, a mark a suppressed cell may keep) in `dput()` of integer columns,
    the sentence before each table, the fence, a style shared by the case's tables."""
    styles = (rng.random(), rng.random())
    fence = V9_FENCES.get(fmt, "")
    if fmt in ("uniq_c", "go_fmt") and rng.random() < 0.3:
        fence = ""
    ints = fmt == "r_dput" and styles[1] < 0.6 and not any(g.ci or g.of_base or g.pct_inline or g.masks or g.flags for g in grids)
    for g in grids:
        if fmt in V9_FORMATS:
            g.styles = styles
            if fmt not in SIGNED_V9:
                g.signed_cols = set()
            if g.col_groups and fmt not in GROUP_V9:
                g.col_labels = [lab if grp == lab else f"{grp} {lab}" for grp, lab in zip(g.col_groups, g.col_labels, strict=True)]
                g.col_groups = None
            g.fence = fence
            if fmt == "uniq_c":
                # no line for a combination that does not occur
                g.zeros_left_out = True
                g.missing |= {(r, c) for r, row in enumerate(g.values) for c, v in enumerate(row) if v == 0 and c not in g.derived_cols}
            if ints:
                g.marks = {(r, c): "L" for r in range(len(g.row_labels)) for c in range(len(g.col_labels)) if c not in g.rounded_cols}
        if g.intro is None:
            g.intro = rng.choice(INTROS_V9)


def v9_table(t: Tokens, g: Grid, fmt: str, rng) -> None:
    h = header(g)
    nlab = 1 + len(extra_cols(g))
    body = []
    for r in range(len(g.row_labels)):
        row = [("lit", label(g, r, fmt)), *(("lit", v[r]) for _, v in extra_cols(g)), *row_items(g, r, fmt)]
        body.append((r, row + [("lit", "")] * (len(h) - len(row))))
    V9_WRITERS[fmt](t, h, body, nlab, g, rng)


def unique_names(names: list[str]) -> list[str]:
    """Names made unique by a numeric suffix (`owner_pct`, `owner_pct_2`)."""
    seen: dict = {}
    out = []
    for x in names:
        seen[x] = seen.get(x, 0) + 1
        out.append(x if seen[x] == 1 else f"{x}_{seen[x]}")
    return out


def field_keys(head: list[str], nlab: int) -> list[str]:
    """A record's keys: a percentage's key is its count's key with ` %`."""
    return [k for k, _ in record_fields(head, [("lit", "")] * len(head))]


def w_uniq_c(t, head, body, nlab, g, rng) -> None:
    """`sort | uniq -c` over the label fields of an extract (`cut` or `awk` first): each count in
    seven places, a space, its labels space-separated (the column's name after the row's labels
    when there are several count columns); with `sort -rn` the largest first."""
    one = len(head) - nlab == 1
    by_count = style(g, rng) < 0.5
    field = rng.choice(["-f2", "-f3", "-f2,4", "-f3,5"])
    src = rng.choice(["extract.csv", "admissions.csv", "referrals_2024.csv"])
    if style(g, rng, 1) < 0.7:
        t.lit(f"$ cut -d, {field} {src} | sort | uniq -c" + (" | sort -rn\n" if by_count else "\n"))
    lines = []
    for r, row in body:
        labs = [it[-1] for it in row[:nlab] if it[-1]]
        for c in range(nlab, len(head)):
            if row[c][-1] != "":
                lines.append((r, row[c], " ".join(labs + ([] if one else [head[c]]))))
    if by_count:
        lines.sort(key=lambda x: -int(x[1][-1]))
    for r, it, labs in lines:
        put(t, r, it, 7, "r")
        t.lit(" " + labs + "\n")


def w_bq_json(t, head, body, nlab, g, rng) -> None:
    """`bq query --format=prettyjson` (or `--format=json`, one line): a record per row, every
    value a string (BigQuery's JSON writes INT64 and FLOAT64 as strings), NULL as `null`."""
    keys = unique_names([("y" + k if k[0].isdigit() else k) for k in (snake(x) for x in field_keys(head, nlab))])
    body = [(r, [bare(it) for it in row]) for r, row in body]
    pretty = style(g, rng) < 0.65

    def value(r, it) -> None:
        if it[-1] == "":
            t.lit("null")
        elif it[0] == "lit":
            t.lit(json.dumps(it[-1]))
        else:
            t.lit('"')
            put(t, r, it)
            t.lit('"')

    t.lit("[\n" if pretty else "[")
    for k, (r, row) in enumerate(body):
        t.lit("  {\n" if pretty else "{")
        for c, (key, it) in enumerate(zip(keys, row, strict=True)):
            t.lit(f'    "{key}": ' if pretty else ("," if c else "") + f'"{key}":')
            value(r, it)
            t.lit(("," if c + 1 < len(row) else "") + "\n" if pretty else "")
        t.lit(("  }" + ("," if k + 1 < len(body) else "") + "\n") if pretty else ("}" + ("," if k + 1 < len(body) else "")))
    t.lit("]\n")


def a1_col(n: int) -> str:
    s = ""
    while n:
        n, m = divmod(n - 1, 26)
        s = chr(65 + m) + s
    return s


def w_sheets_values(t, head, body, nlab, g, rng) -> None:
    """The Google Sheets API's `spreadsheets.values.get` response (formatted values): the range,
    `majorDimension`, and `values`, a list of rows of strings, trailing empty cells left out;
    printed a row per line or fully indented (`json.dumps(resp, indent=2)`)."""
    body = [(r, [with_commas(it) for it in row]) for r, row in body]
    groups = header_groups(g, head, nlab)
    heads = ([[x if k == 0 or groups[k - 1] != x else "" for k, x in enumerate(groups)]] if groups else []) + [head]
    rows = [(None, [("lit", x) for x in h]) for h in heads] + body
    sheet = rng.choice(["Sheet1", "Counts", "'Summary by area'", "Data"])
    expanded = style(g, rng) < 0.4
    t.lit("{\n" + f'  "range": "{sheet}!A1:{a1_col(len(head))}{len(rows)}",\n  "majorDimension": "ROWS",\n  "values": [\n')
    for k, (r, row) in enumerate(rows):
        n = len(row)
        while n and row[n - 1][-1] == "":
            n -= 1
        t.lit("    [\n" if expanded else "    [")
        for c, it in enumerate(row[:n]):
            t.lit(("      " if expanded else ", " if c else "") + '"')
            if it[0] == "lit":
                t.lit(json.dumps(it[-1])[1:-1])
            else:
                put(t, r, it)
            t.lit('"' + ("," if expanded and c + 1 < n else "") + ("\n" if expanded else ""))
        t.lit(("    ]" if expanded else "]") + ("," if k + 1 < len(rows) else "") + "\n")
    t.lit("  ]\n}\n")


def r_name(s: str) -> str:
    return s if re.fullmatch(r"[A-Za-z.][A-Za-z0-9._]*", s) else "`" + s + "`"


def w_r_dput(t, head, body, nlab, g, rng) -> None:
    """R's `dput()` of a data frame (or a tibble): `structure(list(name = c(...), ...), class =
    ..., row.names = c(NA, -nL))`, column by column, integers with `L`, lines cut after a comma
    near 70 characters as `deparse` does."""
    pieces: list = []  # (row, item); a break may follow a ", "

    def lit(s: str) -> None:
        pieces.extend((None, ("lit", x)) for x in re.split("(, )", s) if x)

    lit("structure(list(")
    for c, name in enumerate(head):
        items = [(r, row[c]) for r, row in body]
        texts = [it[-1] for _, it in items if it[-1] != ""]
        ints = c >= nlab and texts and all(re.fullmatch(r"-?\d+L", x) for x in texts)
        nums = c >= nlab and texts and all(numeric(x.rstrip("%")) for x in texts)
        lit(("" if c == 0 else ", ") + r_name(name) + " = c(")
        for k, (r, it) in enumerate(items):
            if k:
                lit(", ")
            if it[-1] == "":
                lit("NA")
            elif ints:
                pieces.append((r, it))
            elif nums:
                pieces.append((r, retext(bare(it), bare(it)[-1].lstrip("+"))))
            elif it[0] == "lit":
                lit(json.dumps(it[-1]))
            else:
                lit('"')
                pieces.append((r, retext(it, it[-1][:-1]) if re.fullmatch(r"-?\d+L", it[-1]) else it))
                lit('"')
        lit(")")
    cls = '"data.frame"' if style(g, rng) < 0.6 else 'c("tbl_df", "tbl", "data.frame")'
    lit(f"), class = {cls}, row.names = c(NA, ")
    lit(f"-{len(body)}L))\n")
    col = 0
    for k, (r, it) in enumerate(pieces):
        s = it[-1]
        if col and col + len(s) > 70 and k and pieces[k - 1][1] == ("lit", ", "):
            t.lit("\n")
            col = 0
        put(t, r, it)
        col = col + len(s) if "\n" not in s else 0


def go_name(s: str) -> str:
    words = re.findall(r"[A-Za-z0-9]+", s.replace("%", " Pct"))
    name = "".join(w[:1].upper() + w[1:] for w in words) or "Value"
    return "N" + name if name[0].isdigit() else name


def w_go_fmt(t, head, body, nlab, g, rng) -> None:
    """Go's `fmt` print of a slice of structs: `%+v` a struct per line (`{Region:North Owner:12
    Renter:3}`), or the whole slice on one line, or `%v` without the field names; strings bare,
    floats as Go prints them."""
    names = unique_names([go_name(k) for k in field_keys(head, nlab)])

    def go(it) -> tuple:
        x = bare(it)[-1].lstrip("+")
        return retext(bare(it), x.removesuffix(".0") if it[0] == "pct" else x)

    body = [(r, [go(it) for it in row]) for r, row in body]
    s = style(g, rng)
    named, one_line = s < 0.85, 0.6 <= s < 0.85
    if one_line:
        t.lit("[")
    for k, (r, row) in enumerate(body):
        t.lit((" " if k and one_line else "") + "{")
        for c, (name, it) in enumerate(zip(names, row, strict=True)):
            t.lit((" " if c else "") + (name + ":" if named else ""))
            put(t, r, it)
        t.lit("}" if one_line else "}\n")
    if one_line:
        t.lit("]\n")


def w_xarray(t, head, body, nlab, g, rng) -> None:
    """An xarray `DataArray` of counts: its name and dimensions, the numpy array (every element
    padded to the widest), the coordinates with their labels."""
    rowdim = snake(head[0]) if nlab and head[0] else "dim_0"
    coldim = snake(g.col_name) if g is not None and g.col_name else "variable"
    name = ["count", "n", "patients"][int(3 * style(g, rng, 1))]
    cells = [(r, row[nlab:]) for r, row in body]
    ncol = len(head) - nlab
    w = max(len(it[-1]) for _, row in cells for it in row)
    sized = style(g, rng) < 0.5
    dims = f"{rowdim}: {len(cells)}" + (f", {coldim}: {ncol}" if ncol > 1 else "")
    t.lit(f"<xarray.DataArray '{name}' ({dims})>" + (f" Size: {8 * len(cells) * ncol}B" if sized else "") + "\n")
    if ncol == 1:
        t.lit("array([")
        for k, (r, row) in enumerate(cells):
            t.lit(", " if k else "")
            put(t, r, row[0], w, "r")
        t.lit("])\n")
    else:
        for k, (r, row) in enumerate(cells):
            t.lit("array([[" if k == 0 else "       [")
            for c, it in enumerate(row):
                t.lit(", " if c else "")
                put(t, r, it, w, "r")
            t.lit("]])\n" if k + 1 == len(cells) else "],\n")
    coords = [(rowdim, [row[0][-1] for _, row in body])] + ([(coldim, head[nlab:])] if ncol > 1 else [])
    nw = max(len(n) for n, _ in coords)
    t.lit("Coordinates:\n")
    for n, labs in coords:
        u = max(len(x) for x in labs)
        size = f" {4 * u * len(labs)}B" if sized else ""
        t.lit(f"  * {n.ljust(nw)}  ({n}) <U{u}{size} " + " ".join(repr(x) for x in labs) + "\n")


def w_sqlplus(t, head, body, nlab, g, rng) -> None:
    """Oracle SQL*Plus: names upper-cased (a quoted alias keeps its case), a dashed rule under each
    column, numbers right-aligned in at least ten places, text left; the header again after each
    page, `N rows selected.` from six rows on."""
    body = [(r, [bare(it) for it in row]) for r, row in body]
    nums = [number_col(body, c, nlab) for c in range(len(head))]
    names = [x.upper() if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", x) else x for x in head]
    ws = [max(10 if nums[c] else 0, dw(names[c]), *(dw(row[c][-1]) for _, row in body)) for c in range(len(head))]
    if style(g, rng, 1) < 0.5:
        t.lit("SQL> SELECT " + ", ".join(snake(x) for x in head[:3]) + (", ..." if len(head) > 3 else "") + " FROM summary_v;\n")
    page = 11

    def heading() -> None:
        t.lit("\n" + " ".join(x.join(padded(x, w, "r" if n else "l")) for x, w, n in zip(names, ws, nums, strict=True)).rstrip() + "\n")
        t.lit(" ".join("-" * w for w in ws) + "\n")

    for k, (r, row) in enumerate(body):
        if k % page == 0:
            heading()
        for c, it in enumerate(row):
            t.lit(" " if c else "")
            last = c + 1 == len(row)
            put(t, r, it, None if last and not nums[c] else ws[c], "r" if nums[c] else "l")
        t.lit("\n")
    t.lit(f"\n{len(body)} rows selected.\n" if len(body) >= 6 else "\n")


def w_rst_list_table(t, head, body, nlab, g, rng) -> None:
    """A reStructuredText `list-table` directive (Sphinx): options, then a bulleted list per row
    whose items are the cells (an empty cell a bare `-`), one or two header rows."""
    groups = header_groups(g, head, nlab)
    heads = ([[x if k == 0 or groups[k - 1] != x else "" for k, x in enumerate(groups)]] if groups else []) + [head]
    title = rng.choice(["Patients by area", "Counts", "Table 1: Summary", ""])
    t.lit(".. list-table::" + (f" {title}" if title else "") + f"\n   :header-rows: {len(heads)}\n")
    if style(g, rng) < 0.4:
        t.lit("   :widths: auto\n")
    if nlab and style(g, rng, 1) < 0.4:
        t.lit(f"   :stub-columns: {nlab}\n")
    t.lit("\n")
    for r, row in [(None, [("lit", x) for x in h]) for h in heads] + body:
        for c, it in enumerate(row):
            t.lit(("   * -" if c == 0 else "     -") + (" " if it[-1] else ""))
            put(t, r, it)
            t.lit("\n")


V9_WRITERS = {
    "uniq_c": w_uniq_c,
    "bq_json": w_bq_json,
    "sheets_values": w_sheets_values,
    "r_dput": w_r_dput,
    "go_fmt": w_go_fmt,
    "xarray": w_xarray,
    "sqlplus": w_sqlplus,
    "rst_list_table": w_rst_list_table,
}

NEGATIVES_V9 = [
    ("uniq_c", "```\n$ wc -l src/*.py\n   120 src/io.py\n    88 src/model.py\n     4 src/__init__.py\n   212 total\n```\n"),
    (
        "bq_json",
        '```json\n[\n  {\n    "job_id": "bquxjob_5e1f",\n    "slot_ms": "4120",\n    "cache_hit": "false",\n'
        '    "retries": "2",\n    "shards": "3"\n  }\n]\n```\n',
    ),
    (
        "sheets_values",
        '```json\n{\n  "range": "Releases!A1:C3",\n  "majorDimension": "ROWS",\n  "values": [\n    ["Version", "Released", "Min Python"],\n'
        '    ["2.1", "2024-03-02", "3.9"],\n    ["2.2", "2024-05-19", "3.10"]\n  ]\n}\n```\n',
    ),
    ("r_dput", "```r\nlist(lr = 0.001, epochs = 3L, batch_size = 4L, seed = 42L, layers = c(2L, 3L, 1L))\n```\n"),
    ("go_fmt", "```\n{Host:db1 Port:5432 MaxConns:4 Retries:3}\n{Host:db2 Port:5433 MaxConns:2 Retries:1}\n```\n"),
    (
        "xarray",
        "```\n<xarray.DataArray 'temp' (time: 3)>\narray([3.1, 2.7, 4. ])\nCoordinates:\n  * time     (time) int64 1 2 3\n```\n",
    ),
    (
        "sqlplus",
        "```\nSQL> show parameter processes\n\nNAME                                 TYPE        VALUE\n"
        "------------------------------------ ----------- ------------------------------\n"
        "aq_tm_processes                      integer     1\njob_queue_processes                  integer     4\n```\n",
    ),
    (
        "rst_list_table",
        ".. list-table:: Options\n   :header-rows: 1\n\n   * - Option\n     - Default\n   * - retries\n     - 3\n   * - timeout\n     - 5\n",
    ),
]

# Earlier layouts a set-9 format is measured on (one case each, the policy alternating).
EARLIER_FOR_V9 = [
    "totals_last",
    "totals_first",
    "no_totals",
    "several_totals",
    "hier2_dash",
    "hier3_level",
    "percent_cols",
    "linked_oneway_crosstab",
    "two_row_header",
    "rate_per_1000",
    "count_pct_cell",
    "pre_suppressed",
    "cumulative",
    "of_which",
    "other_row",
    "ci_cells",
    "footer_n",
    "running_totals",
    "diff_table",
    "yes_no_split",
    "n_of_N",
    "heading_total",
]


def cases_v9(seed: int) -> list[Case]:
    """The ninth held-out set: every case with a ``split.V9_FORMATS`` format or a
    ``split.V9_LAYOUTS`` layout, with microdata and non-tables in the new formats. Its stream is
    seeded with ``seed + 10`` (``seed + 9`` seeds set 8), so that sets 1-8 stay as they were."""
    return held_out_set(
        "9",
        random.Random(seed + 10),
        V9_FORMATS,
        V9_LAYOUTS,
        EARLIER_FOR_V9,
        FORMATS + V2_FORMATS + V3_FORMATS + V4_FORMATS + V5_FORMATS + V6_FORMATS + V7_FORMATS + V8_FORMATS,
        NEGATIVES_V9,
        reps=lambda layout: 3,
        records=lambda fmt: fmt in RECORDS_V9,
    )


# ---- the tenth held-out set (``split.V10_FORMATS``, ``split.V10_LAYOUTS``) ----

INTROS_V10 = [
    "Here's the result:",
    "The call returned this:",
    "Output below, unedited.",
    "This is what the script printed:",
    "Counts as of the last refresh:",
    "Summary for the period:",
]
OUTROS_V10 = [
    "\nShall I add last year for comparison?",
    "",
    "\nCounts are people, not contacts.",
    "\nThese figures are provisional until the quarter closes.",
    "\nTell me if you want this as a CSV.",
]
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
CONDITION_PAIRS = [
    ("Diabetes", "Hypertension"),
    ("Anxiety", "Depression"),
    ("Smoker", "Obese"),
    ("Used the app", "Used the website"),
    ("Asthma", "COPD"),
]
TEAMS = ["North team", "South team", "Central", "Community", "Outreach", "Hospital"]
LIKERT_SCALES = [
    ["Strongly agree", "Agree", "Neither", "Disagree", "Strongly disagree"],
    ["Very satisfied", "Satisfied", "Neutral", "Dissatisfied", "Very dissatisfied"],
    ["Strongly agree", "Tend to agree", "Neither agree nor disagree", "Tend to disagree", "Strongly disagree"],
    ["Very good", "Good", "Fair", "Poor", "Very poor"],
]
STATEMENTS = [
    "Staff treated me with respect",
    "I was seen on time",
    "I knew who to contact",
    "The clinic was easy to reach",
    "I would recommend the service",
    "My questions were answered",
    "I felt involved in decisions",
]


def layout_v10(layout: str, rng: random.Random, small: int, labels: list[str], cols: list[str]) -> list[Grid]:
    """The tenth held-out set's layouts: every relation, bound and percentage below holds and a
    reader can use it."""
    if layout == "quarter_year":
        # Quarterly counts with a total per year (the last year possibly to date) and a grand total
        # over the years; per row, or transposed (the quarters down the side, a row per year).
        y = rng.randint(2019, 2023)
        years = [y, y + 1] if rng.random() < 0.7 else [y]
        nq = [4] * len(years)
        if len(years) == 2 and rng.random() < 0.35:
            nq[1] = rng.randint(1, 3)
        grouped = rng.random() < 0.3
        ywords = rng.choice([("{y}", "Year"), ("{y} total", "Total"), ("FY{y}", "FY")])
        cl, groups, year_cols, quarter_cols = [], [], [], []
        for yr, n in zip(years, nq, strict=True):
            qs = list(range(len(cl), len(cl) + n))
            cl += [f"Q{q}" if grouped else f"{yr} Q{q}" for q in range(1, n + 1)]
            groups += [str(yr)] * n
            partial = n < 4
            word = ywords[0].format(y=yr) + (" YTD" if partial else "")
            cl.append(("YTD" if partial else ywords[1]) if grouped else word)
            groups.append(str(yr))
            quarter_cols.append(qs)
            year_cols.append(len(cl) - 1)
        grand = len(years) == 2 and rng.random() < 0.6
        if grand:
            cl.append(rng.choice(["Total", f"{years[0]}-{years[1]}", "All quarters"]))
            groups.append(cl[-1])
        tr = rng.random() < 0.7
        nr = len(labels)
        vals = [inner(rng, 1, len(cl), small)[0] for _ in labels] + ([[0] * len(cl)] if tr else [])
        g = Grid(list(labels) + (["Total"] if tr else []), cl, vals, col_name="quarter")
        for qs, yc in zip(quarter_cols, year_cols, strict=True):
            g = with_sums(g, [], None, qs, yc)
        if grand:
            g = with_sums(g, [], None, year_cols, len(cl) - 1)
        if tr:
            g = with_sums(g, list(range(nr)), nr, [], None)
        if grouped:
            g.col_groups = groups
        elif rng.random() < 0.35:
            g = transpose(g)
            g.row_name, g.col_name = "quarter", "region"
        return [g]
    if layout == "split_columns":
        # A wide table printed in two parts by columns (as a reply cut for width): the rows again
        # in the second part, the row total only there.
        kind = rng.random()
        if kind < 0.4:
            cl, cname = list(MONTHS), "month"
        elif kind < 0.7:
            cl, cname = list(rng.choice([b for b in AGE_BANDS if len(b) >= 5])), "age"
        else:
            cl, cname = [*COLS, "Not known"], "tenure"
        h = len(cl) // 2
        tr = rng.choice(["last", None])
        full = with_totals(rng, labels, cl, small, tr, "last")
        tot = rng.choice(["Total", "All", "Row total"])
        n = len(full.row_labels)
        rows = [x if x != "Total" else rng.choice(["Total", "All regions"]) for x in full.row_labels]
        a = Grid(list(rows), cl[:h], [row[:h] for row in full.values], col_name=cname)
        b = Grid(list(rows), [*cl[h:], tot], [row[h:] for row in full.values], col_name=cname)
        if tr:
            body = list(range(n - 1))
            a = with_sums(a, body, n - 1, [], None)
            b = with_sums(b, body, n - 1, [], None)
        wb = len(b.col_labels) - 1
        for r in range(n):
            b.cross.append(([(0, r, c) for c in range(h)] + [(1, r, c) for c in range(wb)], (1, r, wb)))
        a.intro = rng.choice([f"Part 1 of 2 ({cl[0]} to {cl[h - 1]}):", "Table 1 (first half of the columns):", "Counts, part 1:"])
        b.intro = rng.choice([f"Part 2 of 2 ({cl[h]} to {cl[-1]}, with the row totals):", "Table 1, continued:", "Counts, part 2 (cont.):"])
        return [a, b]
    if layout == "pct_tables":
        # A table of counts, then its row percentages and/or its column percentages as tables of
        # their own: a percentage beside its base gives its count back.
        g = with_totals(rng, labels, cols, small, "last", "last")
        n, w = len(labels), len(cols)
        kinds = rng.choice([["row"], ["col"], ["row", "col"]])
        out = [g]
        for kind in kinds:
            k = len(out)
            if kind == "row":
                p = Grid(list(g.row_labels), list(g.col_labels), [list(row) for row in g.values], hidden_cols=set(range(w + 1)))
                p.pct = [(c, w) for c in range(w)]
                p.pct_labels = {c: cols[c] for c in range(w)}
                for r in range(n + 1):
                    for c in range(w + 1):
                        p.cross.append(([(0, r, c)], (k, r, c)))
                    for c in range(w):
                        p.pct_from_case[(r, c, "%")] = [(0, r, w)]
                p.intro = rng.choice(["Row percentages (% of each region's total):", "As % of the row:", "Row %:"])
            else:
                p = Grid(list(labels), list(g.col_labels), [list(row) for row in g.values[:n]], hidden_cols=set(range(w + 1)))
                p.pct = [(c, None) for c in range(w + 1)]
                p.col_bases = {c: g.values[n][c] for c in range(w + 1)}
                p.pct_labels = {c: g.col_labels[c] for c in range(w + 1)}
                for r in range(n):
                    for c in range(w + 1):
                        p.cross.append(([(0, r, c)], (k, r, c)))
                        p.pct_from_case[(r, c, "%")] = [(0, n, c)]
                p.intro = rng.choice(["Column percentages (% of each column's total):", "As % of the column:", "Column %:"])
            out.append(p)
        return out
    if layout == "overlap":
        # Two conditions among the same people: each, both, either, neither and all (A = A only +
        # both, either = A only + B only + both, all = either + neither), in one column or by sex
        # with a Total column.
        a_l, b_l = rng.choice(CONDITION_PAIRS)
        variants = [
            ["A", "B", "Both", "Neither", "All"],
            ["A", "B", "Both", "Either"],
            ["A only", "B only", "Both", "Neither", "All"],
            ["A", "B", "Both", "Either", "Neither", "All"],
            ["All", "A", "B", "Both"],
        ]
        rows = rng.choice(variants)
        expr = {
            "A": ["oA", "b"],
            "B": ["oB", "b"],
            "Both": ["b"],
            "Either": ["oA", "oB", "b"],
            "Neither": ["n"],
            "All": ["oA", "oB", "b", "n"],
            "A only": ["oA"],
            "B only": ["oB"],
        }
        names = {
            "A": a_l,
            "B": b_l,
            "Both": rng.choice(["Both", f"{a_l} and {b_l}", "Both conditions"]),
            "Either": rng.choice(["Either", f"{a_l} or {b_l}", "At least one"]),
            "Neither": rng.choice(["Neither", "None of these"]),
            "All": rng.choice(["All patients", "Total", "All people"]),
            "A only": f"{a_l} only",
            "B only": f"{b_l} only",
        }
        by_sex = rng.random() < 0.5
        cl = [*SEX, "Total"] if by_sex else [rng.choice(["n", "Patients", "People", "count"])]
        lat_cols = []
        for _ in range(2 if by_sex else 1):
            b = rng.randint(1, small - 1) if rng.random() < 0.5 else rng.randint(small, 60)
            lat_cols.append({"b": b, "oA": small_or_not(rng, small, 0.15) + 10, "oB": small_or_not(rng, small, 0.2), "n": rng.randint(30, 600)})
        if by_sex:
            lat_cols.append({x: lat_cols[0][x] + lat_cols[1][x] for x in lat_cols[0]})
        vals = [[sum(lat[x] for x in expr[row]) for lat in lat_cols] for row in rows]
        g = Grid([names[x] for x in rows], cl, vals, row_name="", col_name="sex" if by_sex else "")
        for c, lat in enumerate(lat_cols):
            rep: dict = {}
            for x in ("b", "oA", "oB", "n"):
                own = next((r for r, row in enumerate(rows) if expr[row] == [x]), None)
                if own is not None:
                    rep[x] = (own, c)
                else:
                    rep[x] = ("s", len(g.slack))
                    g.slack.append(lat[x])
            for r, row in enumerate(rows):
                if len(expr[row]) > 1:
                    g.relations.append(([rep[x] for x in expr[row]], (r, c)))
        if by_sex:
            g = with_sums(g, [], None, [0, 1], 2)
        return [g]
    if layout == "stock_flow":
        # A caseload's movements over a year: open at the start + new + transferred in = closed +
        # transferred out + died + open at the end, per team (through the unshown throughput), a
        # Total column; or transposed (a row per team).
        teams = rng.sample(TEAMS, rng.randint(2, 4))
        ins = ["New referrals"] + (["Transferred in"] if rng.random() < 0.5 else [])
        outs = [rng.choice(["Discharged", "Closed"])] + [x for x in ("Transferred out", "Died") if rng.random() < 0.7]
        start_l, end_l = rng.choice([("Open at 1 April", "Open at 31 March"), ("Caseload at start", "Caseload at end"), ("Opening", "Closing")])
        rows = [start_l, *ins, *outs, end_l]
        cols_v = []
        for _ in teams:
            start = rng.randint(20, 300)
            inv = [rng.randint(small, 150)] + [small_or_not(rng, small, 0.5) for _ in ins[1:]]
            outv = [small_or_not(rng, small, 0.5) for _ in outs[1:]]
            while start + sum(inv) - sum(outv) <= small:
                outv = [rng.randint(0, small - 1) for _ in outs[1:]]
                start += small
            first = rng.randint(small, max(small, start + sum(inv) - sum(outv) - 1))
            outv = [first, *outv]
            cols_v.append([start, *inv, *outv, start + sum(inv) - sum(outv)])
        total = rng.random() < 0.7
        if total:
            cols_v.append([sum(x) for x in zip(*cols_v, strict=True)])
        cl = teams + (["Total"] if total else [])
        g = Grid(rows, cl, [[cv[r] for cv in cols_v] for r in range(len(rows))], row_name="", col_name="team")
        ni, no = len(ins), len(outs)
        for c, cv in enumerate(cols_v):
            s = ("s", len(g.slack))
            g.slack.append(sum(cv[: 1 + ni]))
            g.relations.append(([(r, c) for r in range(1 + ni)], s))
            g.relations.append(([(r, c) for r in range(1 + ni, 2 + ni + no)], s))
        if total:
            g = with_sums(g, [], None, list(range(len(teams))), len(teams))
        if rng.random() < 0.4:
            t_ = Grid(list(cl), list(rows), [list(x) for x in zip(*g.values, strict=True)], row_name="team", col_name="")
            t_.relations = [
                ([p if p[0] == "s" else (p[1], p[0]) for p in parts], tot if tot[0] == "s" else (tot[1], tot[0])) for parts, tot in g.relations
            ]
            t_.slack = list(g.slack)
            g = t_
        return [g]
    if layout == "likert_nets":
        # A Likert scale per statement with its nets (agree = strongly agree + agree, disagree =
        # disagree + strongly disagree) and its base, the nets after the scale or each before its
        # parts.
        scale = rng.choice(LIKERT_SCALES)
        dk = rng.random() < 0.3
        st = rng.sample(STATEMENTS, rng.randint(3, 5))
        nets = rng.choice([("Net agree", "Net disagree"), ("Agree (net)", "Disagree (net)"), ("Top 2", "Bottom 2")])
        if scale[0].startswith("Very s"):
            nets = rng.choice([("Net satisfied", "Net dissatisfied"), ("Top 2", "Bottom 2")])
        if scale[0] == "Very good":
            nets = ("Good (net)", "Poor (net)")
        base = rng.random() < 0.75
        parts = scale + (["Don't know"] if dk else [])
        order = [0, 1, 2, 3, 4, *([5] if dk else []), "na", "nd"] if rng.random() < 0.6 else ["na", 0, 1, 2, "nd", 3, 4, *([5] if dk else [])]
        if base:
            order.append("base")
        words = {"na": nets[0], "nd": nets[1], "base": rng.choice(["Base", "n", "Total", "Responses"])}
        cl = [parts[x] if isinstance(x, int) else words[x] for x in order]
        pos = {x: k for k, x in enumerate(order)}
        vals = []
        for _ in st:
            v = [rng.randint(small, 120), rng.randint(small, 150), small_or_not(rng, small, 0.3), small_or_not(rng, small, 0.4)]
            v.append(rng.randint(0, small - 1) if rng.random() < 0.5 else rng.randint(small, 40))
            v += [small_or_not(rng, small, 0.5)] if dk else []
            full = {k: x for k, x in enumerate(v)} | {"na": v[0] + v[1], "nd": v[3] + v[4], "base": sum(v)}
            vals.append([full[x] for x in order])
        g = Grid(st, cl, vals, row_name="statement", col_name="response")
        for r in range(len(st)):
            g.relations.append(([(r, pos[0]), (r, pos[1])], (r, pos["na"])))
            g.relations.append(([(r, pos[3]), (r, pos[4])], (r, pos["nd"])))
            if base:
                g.relations.append(([(r, pos[k]) for k in range(len(parts))], (r, pos["base"])))
        return [g]
    raise ValueError(layout)


V10_FENCES = {
    "graphql": "```json\n",
    "mermaid": "```mermaid\n",
    "php_print_r": "```\n",
    "perl_dumper": "```perl\n",
    "rust_debug": "```\n",
    "java_map": "```\n",
    "kdb_q": "```\n",
    "typst": "```typst\n",
    "aws_table": "```\n",
}
RECORDS_V10 = ("graphql", "php_print_r", "perl_dumper", "rust_debug", "java_map", "kdb_q", "aws_table")  # the set-10 formats that list records
TOTALS_V10 = ("Total", "All", "All regions", "Row total", "All patients", "All people")  # what a chart leaves out


def fmt_ok_v10(fmt: str, layout: str, grids: list[Grid]) -> bool:
    """Which formats write which layouts in the tenth set."""
    if layout in V5_ONLY_LAYOUTS and fmt not in V5_FORMATS:
        return False
    if fmt in V10_FORMATS and layout in ("hier2_indent", "ragged_row", "cell_flags", "locale_numbers", "footnote_marks", "thousands_presupp"):
        return False
    if fmt == "mermaid":
        # a chart of counts: no shares, markers, intervals, label columns; a total left out whole
        shares = any(g.pct or g.rate or g.col_pct or g.pct_inline for g in grids)
        if shares or any(
            g.ci or g.of_base or g.masks or g.extra or g.level or g.float_cols or g.head_row is not None or g.derived_cols for g in grids
        ):
            return False
        for g in grids:
            rows = {r for r, _ in g.missing if all((r, c) in g.missing for c in range(len(g.col_labels)))}
            cols_ = {c for _, c in g.missing if all((r, c) in g.missing for r in range(len(g.row_labels)))}
            if any(r not in rows and c not in cols_ for r, c in g.missing):
                return False
            if len(g.col_labels) - len(cols_ | g.hidden_cols) < 1 or len(g.row_labels) - len(rows) < 2:
                return False
    return not (fmt in BARE_JSON and any(g.pct_delta for g in grids))


def adapt_v10(grids: list[Grid], fmt: str, rng: random.Random) -> None:
    """How a set-10 case is written: flat column names and no signs in the set-10 formats, a chart
    without its totals, the sentence before each table, the fence, a style shared by the case's
    tables."""
    styles = (rng.random(), rng.random(), rng.random())
    fence = V10_FENCES.get(fmt, "")
    if fmt in ("php_print_r", "java_map", "rust_debug") and rng.random() < 0.3:
        fence = ""
    for g in grids:
        if fmt in V10_FORMATS:
            g.styles = styles
            g.signed_cols = set()
            if g.col_groups:
                g.col_labels = [lab if grp == lab else f"{grp} {lab}" for grp, lab in zip(g.col_groups, g.col_labels, strict=True)]
                g.col_groups = None
            g.fence = fence
            if fmt == "mermaid":
                # a chart leaves the totals out
                nr, nc = len(g.row_labels), len(g.col_labels)
                for r, lab in enumerate(g.row_labels):
                    if lab in TOTALS_V10 or lab == g.total_label:
                        g.missing |= {(r, c) for c in range(nc)}
                for c, lab in enumerate(g.col_labels):
                    if lab in TOTALS_V10:
                        g.missing |= {(r, c) for r in range(nr)}
        if g.intro is None:
            g.intro = rng.choice(INTROS_V10)


def v10_table(t: Tokens, g: Grid, fmt: str, rng) -> None:
    h = header(g)
    nlab = 1 + len(extra_cols(g))
    body = []
    for r in range(len(g.row_labels)):
        row = [("lit", label(g, r, fmt)), *(("lit", v[r]) for _, v in extra_cols(g)), *row_items(g, r, fmt)]
        body.append((r, row + [("lit", "")] * (len(h) - len(row))))
    V10_WRITERS[fmt](t, h, body, nlab, g, rng)


def is_number(it, c: int, nlab: int) -> bool:
    """A field a program holds as a number: a count or a share in a count column (not a label, a
    marker, an interval, a count over its base)."""
    return c >= nlab and it[0] != "lit" and numeric(bare(it)[-1])


def number_field(body: list, c: int, nlab: int) -> bool:
    """A column a program holds as numbers: every shown value a number."""
    return c >= nlab and all(is_number(row[c], c, nlab) for _, row in body if row[c][-1] != "")


def quoted_value(t: Tokens, r, it, q: str, esc=lambda s: s) -> None:
    """A value between quotes: a label escaped, a cell (a marker, `3 (4.2%)`) as written."""
    t.lit(q)
    if it[0] == "lit":
        t.lit(esc(it[-1]))
    else:
        put(t, r, it)
    t.lit(q)


def camel(s: str) -> str:
    words = re.findall(r"[A-Za-z0-9]+", s.replace("%", " pct"))
    if not words:
        return "value"
    out = words[0][:1].lower() + words[0][1:] + "".join(w[:1].upper() + w[1:] for w in words[1:])
    return "n" + out if out[0].isdigit() else out


def w_graphql(t, head, body, nlab, g, rng) -> None:
    """A GraphQL response (Relay connection): `data`, the query's field, `edges`, a `node` per
    row with camelCase fields, numbers bare, sometimes `totalCount` and `pageInfo`; pretty
    (two-space indent, as `JSON.stringify(res, null, 2)`) or on one line."""
    keys = unique_names([camel(k) for k in field_keys(head, nlab)])
    query = rng.choice(["patientCounts", "regionSummary", "referralStats", "countsByArea"])
    pretty = style(g, rng) < 0.7
    extras = style(g, rng, 1) < 0.5
    nums = [number_field(body, c, nlab) for c in range(len(head))]

    def value(r, it, c) -> None:
        if it[-1] == "":
            t.lit("null")
        elif nums[c] and not bare(it)[-1].startswith("+"):
            put(t, r, bare(it))
        else:
            quoted_value(t, r, it, '"', lambda s: json.dumps(s)[1:-1])

    if pretty:
        t.lit('{\n  "data": {\n' + f'    "{query}": {{\n')
        if extras:
            t.lit(f'      "totalCount": {len(body)},\n')
        t.lit('      "edges": [\n')
        for k, (r, row) in enumerate(body):
            t.lit('        {\n          "node": {\n')
            for c, (key, it) in enumerate(zip(keys, row, strict=True)):
                t.lit(f'            "{key}": ')
                value(r, it, c)
                t.lit(",\n" if c + 1 < len(row) else "\n")
            t.lit("          }\n        }" + ("," if k + 1 < len(body) else "") + "\n")
        t.lit("      ]" + (',\n      "pageInfo": {\n        "hasNextPage": false\n      }\n' if extras else "\n") + "    }\n  }\n}\n")
        return
    t.lit('{"data":{' + f'"{query}":{{' + (f'"totalCount":{len(body)},' if extras else "") + '"edges":[')
    for k, (r, row) in enumerate(body):
        t.lit(("," if k else "") + '{"node":{')
        for c, (key, it) in enumerate(zip(keys, row, strict=True)):
            t.lit(("," if c else "") + f'"{key}":')
            value(r, it, c)
        t.lit("}}")
    t.lit("]}}}\n")


def mermaid_text(s: str) -> str:
    return s if re.fullmatch(r"[A-Za-z][A-Za-z0-9]*", s) else json.dumps(s)


def w_mermaid(t, head, body, nlab, g, rng) -> None:
    """A Mermaid chart of the counts (totals left out): a `pie` of a single column (`"North" :
    12`), else an `xychart-beta` with the row labels on the x axis and a `bar` per column (its
    name in a `%%` comment before it)."""
    cols_ = [c for c in range(nlab, len(head)) if any(row[c][-1] != "" for _, row in body)]
    rows = [(r, row) for r, row in body if any(row[c][-1] != "" for c in cols_)]
    what = rng.choice(["Patients", "Referrals", "Cases", "People"])
    by = head[0] if nlab and head[0] else "group"
    if len(cols_) == 1:
        c = cols_[0]
        t.lit("pie" + (" showData" if style(g, rng) < 0.4 else "") + (f" title {what} by {by}" if style(g, rng, 1) < 0.7 else "") + "\n")
        for r, row in rows:
            t.lit(f"    {json.dumps(row[0][-1])} : ")
            put(t, r, row[c])
            t.lit("\n")
        return
    t.lit("xychart-beta\n")
    if style(g, rng, 1) < 0.7:
        t.lit(f'    title "{what} by {by}"\n')
    t.lit("    x-axis [" + ", ".join(mermaid_text(row[0][-1]) for _, row in rows) + "]\n")
    t.lit(f'    y-axis "{what}"\n')
    kind = "bar" if style(g, rng) < 0.75 else "line"
    for c in cols_:
        t.lit(f"    %% {head[c]}\n    {kind} [")
        for k, (r, row) in enumerate(rows):
            t.lit(", " if k else "")
            put(t, r, row[c])
        t.lit("]\n")


def w_php_print_r(t, head, body, nlab, g, rng) -> None:
    """PHP's `print_r()` of the rows (`PDOStatement::fetchAll(PDO::FETCH_ASSOC)`): `Array`, `(`,
    each row an `Array` under its index (or under its label), `[key] => value`, everything bare."""
    keys = field_keys(head, nlab)
    if style(g, rng, 1) < 0.5:
        keys = unique_names([snake(k) for k in keys])
    by_label = nlab == 1 and style(g, rng) < 0.35 and len({row[0][-1] for _, row in body}) == len(body)
    t.lit("Array\n(\n")
    for k, (r, row) in enumerate(body):
        t.lit(f"    [{row[0][-1] if by_label else k}] => Array\n        (\n")
        for c, (key, it) in enumerate(zip(keys, row, strict=True)):
            if by_label and c == 0:
                continue
            t.lit(f"            [{key}] => ")
            put(t, r, bare(it))
            t.lit("\n")
        t.lit("        )\n\n")
    t.lit(")\n")


def w_perl_dumper(t, head, body, nlab, g, rng) -> None:
    """Perl's `Data::Dumper` of a list of hashes: `$VAR1 = [`, a `{ 'key' => value }` per row,
    at the default indent (aligned under the bracket) or `Indent = 1`, keys sorted or not; an
    integer bare (or quoted, as read from a file), a share quoted (`'30.8'`), `undef` for none."""
    keys = field_keys(head, nlab)
    deep = style(g, rng) < 0.6
    quote_ints = style(g, rng, 1) < 0.35
    order = list(range(len(head)))
    if style(g, rng, 2) < 0.5:
        order.sort(key=lambda c: keys[c])
    o, i = ("          ", "            ") if deep else ("  ", "    ")
    t.lit("$VAR1 = [\n")
    for k, (r, row) in enumerate(body):
        t.lit(o + "{\n")
        for j, c in enumerate(order):
            it = row[c]
            t.lit(f"{i}'{keys[c]}' => ")
            s = bare(it)[-1]
            if s == "":
                t.lit("undef")
            elif c >= nlab and it[0] == "cell" and re.fullmatch(r"-?\d+", s) and not quote_ints:
                put(t, r, it)
            else:
                quoted_value(t, r, bare(it), "'", lambda s: s.replace("\\", "\\\\").replace("'", "\\'"))
            t.lit(",\n" if j + 1 < len(order) else "\n")
        t.lit(o + "}" + ("," if k + 1 < len(body) else "") + "\n")
    t.lit(("        " if deep else "") + "];\n")


def rust_name(s: str) -> str:
    n = snake(s)
    return "n_" + n if n[0].isdigit() else n


def w_rust_debug(t, head, body, nlab, g, rng) -> None:
    """Rust's Debug print of a `Vec` of structs: `{:#?}` (a field per line, trailing commas) or
    `{:?}` on one line; a string quoted, a number bare, an optional field `Some(12)` / `None`."""
    names = unique_names([rust_name(k) for k in field_keys(head, nlab)])
    struct = rng.choice(["RegionCount", "Row", "SummaryRow", "CountRow"])
    pretty = style(g, rng) < 0.65
    nums = [number_field(body, c, nlab) for c in range(len(head))]
    opts = [any(row[c][-1] == "" for _, row in body) for c in range(len(head))]

    def value(r, it, c) -> None:
        if it[-1] == "":
            t.lit("None")
            return
        t.lit("Some(" if opts[c] else "")
        if nums[c]:
            put(t, r, bare(it))
        else:
            quoted_value(t, r, it, '"', lambda s: json.dumps(s)[1:-1])
        t.lit(")" if opts[c] else "")

    if pretty:
        t.lit("[\n")
        for r, row in body:
            t.lit(f"    {struct} {{\n")
            for c, (name, it) in enumerate(zip(names, row, strict=True)):
                t.lit(f"        {name}: ")
                value(r, it, c)
                t.lit(",\n")
            t.lit("    },\n")
        t.lit("]\n")
        return
    t.lit("[")
    for k, (r, row) in enumerate(body):
        t.lit((", " if k else "") + f"{struct} {{ ")
        for c, (name, it) in enumerate(zip(names, row, strict=True)):
            t.lit((", " if c else "") + f"{name}: ")
            value(r, it, c)
        t.lit(" }")
    t.lit("]\n")


def w_java_map(t, head, body, nlab, g, rng) -> None:
    """Java's `toString()` of the result: a map from each row's label to a map of its fields
    (`{North={Owner=12, Renter=3}, South={...}}`) or a list of maps (`[{region=North, Owner=12},
    ...]`), on one line, every value bare, `null` for none."""
    keys = field_keys(head, nlab)
    nested = nlab == 1 and style(g, rng) < 0.55 and len({row[0][-1] for _, row in body}) == len(body)
    if style(g, rng, 1) < 0.4:
        t.lit(rng.choice(["counts = ", "result: ", "> "]))
    t.lit("{" if nested else "[")
    for k, (r, row) in enumerate(body):
        t.lit(", " if k else "")
        t.lit(f"{row[0][-1]}={{" if nested else "{")
        first = True
        for c, (key, it) in enumerate(zip(keys, row, strict=True)):
            if nested and c == 0:
                continue
            t.lit(("" if first else ", ") + f"{key}=")
            first = False
            if it[-1] == "":
                t.lit("null")
            else:
                put(t, r, bare(it))
        t.lit("}")
    t.lit("}\n" if nested else "]\n")


def q_name(s: str) -> str:
    n = re.sub(r"[^A-Za-z0-9_]+", "_", s.replace("%", "pct")).strip("_") or "x"
    return "x" + n if n[0].isdigit() or n[0] == "_" else n


def w_kdb_q(t, head, body, nlab, g, rng) -> None:
    """A kdb+/q console table: column names, a rule of dashes, every value left-aligned in its
    column's width (a symbol bare, a null blank, a string in a count column quoted); a keyed table with `| ` after its key
    columns; sometimes after the `q)` query that made it."""
    names = unique_names([q_name(k) for k in field_keys(head, nlab)])
    nums = [number_field(body, c, nlab) for c in range(len(head))]

    def text(it, c) -> tuple:
        it = bare(it)
        if it[0] == "lit" or it[-1] == "" or nums[c]:
            return it
        return ("q", it)

    cells = [(r, [text(it, c) for c, it in enumerate(row)]) for r, row in body]

    def width_of(x) -> int:
        return len(x[1][-1]) + 2 if x[0] == "q" else dw(x[-1])

    ws = [max(len(names[c]), *(width_of(row[c]) for _, row in cells)) for c in range(len(head))]
    keyed = nlab >= 1 and style(g, rng) < 0.5
    if style(g, rng, 1) < 0.6:
        by = ",".join(names[:nlab]) if nlab else ""
        t.lit(f"q){'select ' + ','.join(names[nlab:][:2]) + (',..' if len(names) - nlab > 2 else '') + ' by ' + by + ' from t' if keyed else 't'}\n")
    groups = [list(range(nlab)), list(range(nlab, len(head)))] if keyed else [list(range(len(head)))]

    def line(parts: list[list[tuple]]) -> None:
        # parts: per group, (item, width) per column; the last column unpadded
        for gi, grp in enumerate(parts):
            if gi:
                t.lit("| ")
            for k, (r, x, w) in enumerate(grp):
                last = gi == len(parts) - 1 and k == len(grp) - 1
                pad = "" if last else " " * (w - width_of(x)) + ("" if k == len(grp) - 1 else " ")
                if x[0] == "q":
                    quoted_value(t, r, x[1], '"')
                else:
                    put(t, r, x)
                t.lit(pad)
        t.lit("\n")

    line([[(None, ("lit", names[c]), ws[c]) for c in grp] for grp in groups])
    t.lit("| ".join("-" * (sum(ws[c] for c in grp) + len(grp) - 1) for grp in groups) + "\n")
    for r, row in cells:
        line([[(r, row[c], ws[c]) for c in grp] for grp in groups])


def typst_text(s: str) -> str:
    return re.sub(r"([\\#*_\[\]$<>@`])", r"\\\1", s)


def w_typst(t, head, body, nlab, g, rng) -> None:
    """A Typst `#table(...)`: `columns:`, sometimes `align:` and `stroke:`, the header row in
    `table.header(...)` (bold or not), then every cell as content `[...]`, a row per line."""
    n = len(head)
    t.lit("#table(\n" + f"  columns: {n if style(g, rng, 1) < 0.6 else '(' + ', '.join(['auto'] * n) + ')'},\n")
    if style(g, rng) < 0.6:
        t.lit("  align: (" + ", ".join("left" if c < nlab else "right" for c in range(n)) + "),\n")
    if style(g, rng, 2) < 0.3:
        t.lit("  stroke: none,\n")
    bold = style(g, rng, 2) < 0.6
    cells = ", ".join(f"[*{typst_text(h)}*]" if bold and h else f"[{typst_text(h)}]" for h in head)
    t.lit(f"  table.header({cells}),\n" if style(g, rng) < 0.8 else f"  {cells},\n")
    for r, row in body:
        t.lit("  ")
        for c, it in enumerate(row):
            t.lit(", " if c else "")
            t.lit("[")
            put(t, r, retext(it, typst_text(it[-1])) if it[0] == "lit" else it)
            t.lit("]")
        t.lit(",\n")
    t.lit(")\n")


def w_bbcode(t, head, body, nlab, g, rng) -> None:
    """A forum post's BBCode table: `[table]`, a `[tr]` per row of `[th]` / `[td]` cells, a row
    per line or a cell per line; sometimes a bold title before it."""
    per_line = style(g, rng) < 0.55
    if style(g, rng, 1) < 0.5:
        t.lit("[b]" + rng.choice(["Counts by area", "Summary", "Results", "Table 1"]) + "[/b]\n")
    sep = "" if per_line else "\n"
    t.lit("[table]\n")
    t.lit("[tr]" + sep + "".join(f"[th]{h}[/th]" + sep for h in head) + "[/tr]\n")
    for r, row in body:
        t.lit("[tr]" + sep)
        for it in row:
            t.lit("[td]")
            put(t, r, it)
            t.lit("[/td]" + sep)
        t.lit("[/tr]\n")
    t.lit("[/table]\n")


def w_aws_table(t, head, body, nlab, g, rng) -> None:
    """The AWS CLI's `--output table`: a rule of dashes, the operation's name centred, the column
    names centred (sorted, as the CLI sorts a hash's keys), every value left-aligned after two
    spaces, `+---+` rules, the bottom rule."""
    order = list(range(len(head)))
    if style(g, rng) < 0.5:
        order.sort(key=lambda c: head[c])
    body = [(r, [bare(row[c]) for c in order]) for r, row in body]
    names = [head[c] for c in order]
    ws = [w + 4 for w in widths_of(names, body)]
    title = rng.choice(["ExecuteStatement", "GetQueryResults", "Query", "DescribeCounts"])
    total = sum(ws) + len(ws) - 1
    ws[-1] += max(0, len(title) + 4 - total)
    total = sum(ws) + len(ws) - 1
    rule = "+" + "+".join("-" * w for w in ws) + "+\n"
    t.lit("-" * (total + 2) + "\n|" + centre(title, total) + "|\n" + rule)
    t.lit("|" + "|".join(centre(x, w) for x, w in zip(names, ws, strict=True)) + "|\n" + rule)
    for r, row in body:
        t.lit("|")
        for c, it in enumerate(row):
            t.lit(("|" if c else "") + "  ")
            put(t, r, it, ws[c] - 2, "l")
        t.lit("|\n")
    t.lit(rule)


V10_WRITERS = {
    "graphql": w_graphql,
    "mermaid": w_mermaid,
    "php_print_r": w_php_print_r,
    "perl_dumper": w_perl_dumper,
    "rust_debug": w_rust_debug,
    "java_map": w_java_map,
    "kdb_q": w_kdb_q,
    "typst": w_typst,
    "bbcode": w_bbcode,
    "aws_table": w_aws_table,
}

NEGATIVES_V10 = [
    (
        "graphql",
        '```json\n{\n  "data": {\n    "repository": {\n      "name": "egress-guard",\n      "stargazerCount": 12,\n'
        '      "issues": {\n        "totalCount": 3\n      },\n      "defaultBranchRef": {\n        "name": "main"\n      }\n    }\n  }\n}\n```\n',
    ),
    (
        "mermaid",
        "```mermaid\ngantt\n    title Release plan\n    dateFormat YYYY-MM-DD\n    Build :a1, 2024-03-01, 3d\n    Test  :after a1, 2d\n```\n",
    ),
    ("php_print_r", "```\nArray\n(\n    [host] => db1\n    [port] => 5432\n    [retries] => 3\n    [timeout] => 5\n)\n```\n"),
    ("perl_dumper", "```perl\n$VAR1 = {\n          'workers' => 4,\n          'retries' => 3,\n          'verbose' => 1\n        };\n```\n"),
    ("rust_debug", "```\nConfig {\n    threads: 4,\n    retries: 3,\n    timeout_ms: 500,\n    verbose: false,\n}\n```\n"),
    ("java_map", "```\n{maxPoolSize=4, minIdle=2, connectionTimeout=30000, retries=3}\n```\n"),
    ("kdb_q", "```\nq)select last price by sym from trade\nsym | price\n----| ------\nAAPL| 189.3\nMSFT| 402.1\n```\n"),
    ("typst", "```typst\n#table(\n  columns: 2,\n  table.header([*Option*], [*Default*]),\n  [retries], [3],\n  [timeout], [5 s],\n)\n```\n"),
    (
        "bbcode",
        "[table]\n[tr][th]Version[/th][th]Released[/th][/tr]\n[tr][td]2.1[/td][td]2024-03-02[/td][/tr]\n"
        "[tr][td]2.2[/td][td]2024-05-19[/td][/tr]\n[/table]\n",
    ),
    (
        "aws_table",
        "```\n--------------------------------------------\n|             DescribeInstances            |\n"
        "+----------------------+----------+--------+\n|      InstanceId      |  State   | vCPUs  |\n"
        "+----------------------+----------+--------+\n|  i-0a1b2c3d4e5f6a7b8 |  running |  2     |\n"
        "|  i-0f9e8d7c6b5a4f3e2 |  stopped |  4     |\n+----------------------+----------+--------+\n```\n",
    ),
]

# Earlier layouts a set-10 format is measured on (one case each, the policy alternating).
EARLIER_FOR_V10 = [
    "totals_last",
    "totals_first",
    "no_totals",
    "several_totals",
    "hier2_dash",
    "hier3_level",
    "percent_cols",
    "linked_oneway_crosstab",
    "two_row_header",
    "rate_per_1000",
    "count_pct_cell",
    "pre_suppressed",
    "of_which",
    "ci_cells",
    "running_totals",
    "diff_table",
    "n_of_N",
    "funnel",
    "collapsed_bands",
]


def cases_v10(seed: int) -> list[Case]:
    """The tenth held-out set: every case with a ``split.V10_FORMATS`` format or a
    ``split.V10_LAYOUTS`` layout, with microdata and non-tables in the new formats. Its stream is
    seeded with ``seed + 11`` (``seed + 10`` seeds set 9), so that sets 1-9 stay as they were."""
    return held_out_set(
        "10",
        random.Random(seed + 11),
        V10_FORMATS,
        V10_LAYOUTS,
        EARLIER_FOR_V10,
        FORMATS + V2_FORMATS + V3_FORMATS + V4_FORMATS + V5_FORMATS + V6_FORMATS + V7_FORMATS + V8_FORMATS + V9_FORMATS,
        NEGATIVES_V10,
        reps=lambda layout: 3,
        # every earlier format in half of the new layouts (a case each): about 600 tables in all
        crossed=lambda k, j, layout: [(k + j) % 2] if (k + j) % 4 < 2 else [],
        records=lambda fmt: fmt in RECORDS_V10,
    )


# ---- the eleventh held-out set (``split.V11_FORMATS``, ``split.V11_LAYOUTS``) ----

INTROS_V11 = [
    "Here is what came back:",
    "Output of the query:",
    "The numbers, as printed:",
    "Result (copied from the console):",
    "Latest figures:",
    "This is the breakdown:",
]
OUTROS_V11 = [
    "\nWant me to chart this?",
    "",
    "\nFigures are provisional.",
    "\nThe counts are of people, not episodes.",
    "\nI can split this further if you need.",
]
ROLL_PERIODS = [
    ("month", ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"], "month"),
    ("month", ["2024-01", "2024-02", "2024-03", "2024-04", "2024-05", "2024-06", "2024-07", "2024-08", "2024-09"], "month"),
    ("week", [f"Week {i}" for i in range(1, 11)], "week"),
    ("week_ending", ["07/01", "14/01", "21/01", "28/01", "04/02", "11/02", "18/02", "25/02"], "week"),
]
RISK_UNITS = [("months", 6), ("months", 3), ("weeks", 4), ("years", 1), ("days", 30)]
PAGE_WORDS = [
    ("Carried forward", "Brought forward", "Grand total"),
    ("Subtotal c/f", "Subtotal b/f", "Total"),
    ("c/f", "b/f", "TOTAL"),
    ("Running total (to next page)", "Running total (from previous page)", "Total, all pages"),
]
PRACTICES = [f"Practice {x}" for x in "ABCDEFGHJKLMN"] + ["Health Centre", "Medical Group", "Surgery"]
EXCESS_WORDS = [
    ("Deaths", "Expected", "Excess"),
    ("Registered", "5-year average", "Excess deaths"),
    ("Observed", "Expected", "O - E"),
    ("Cases", "Baseline", "Above baseline"),
    ("Admissions", "Average 2019-23", "Difference"),
]
SIGNED_V11 = SIGNED_FORMATS + SIGNED_V5 + SIGNED_V6 + SIGNED_V7 + SIGNED_V9  # written by hand: a difference may carry its sign


def halves(g: Grid, cells: list[tuple[int, int]], k: int, rng: random.Random) -> None:
    """Raise the largest of `cells` until their sum over `k` is a whole or a half number (a mean
    written to one decimal, exactly)."""
    while (2 * sum(g.values[r][c] for r, c in cells)) % k:
        r, c = max(cells, key=lambda x: g.values[x[0]][x[1]])
        g.values[r][c] += 1


def layout_v11(layout: str, rng: random.Random, small: int, labels: list[str], cols: list[str]) -> list[Grid]:
    """The eleventh held-out set's layouts: every relation, bound and percentage below holds and a
    reader can use it."""
    nc = len(cols)
    if layout == "rolling_sums":
        # Counts per period beside a rolling sum over the last `w` periods (the first windows
        # reaching back before the table, into periods it does not show, or left blank), for one
        # or two areas and sometimes their sum; sometimes a Total row (the rolling column blank).
        row_name, periods, unit = rng.choice(ROLL_PERIODS)
        periods = periods[: rng.randint(6, len(periods))]
        n = len(periods)
        w = rng.choice([3, 3, 4]) if unit == "month" else rng.choice([3, 4])
        word = rng.choice([f"Rolling {w}-{unit}", f"{w}-{unit} total", f"Last {w} {unit}s", f"rolling_{w}"])
        series = rng.sample(labels, rng.randint(1, 2))
        back = rng.random() < 0.6
        counts = [[small_or_not(rng, small, 0.35) for _ in range(n + w - 1)] for _ in series]
        names = [("Count", word)] if len(series) == 1 else [(s, f"{s} {word.lower()}") for s in series]
        if len(series) == 2 and rng.random() < 0.5:
            counts.append([a + b for a, b in zip(*counts, strict=True)])
            names.append(("All", f"All {word.lower()}"))
        cl = [x for pair in names for x in pair]
        vals = [[] for _ in range(n)]
        for ser in counts:
            for r in range(n):
                vals[r] += [ser[w - 1 + r], sum(ser[r : r + w])]
        total = rng.random() < 0.35
        g = Grid(list(periods) + (["Total"] if total else []), cl, vals + ([[0] * len(cl)] if total else []), row_name=row_name, col_name="")
        pre: list[list] = []
        for j, ser in enumerate(counts):
            cn, cr = 2 * j, 2 * j + 1
            ids = []
            for x in ser[: w - 1]:
                ids.append(("s", len(g.slack)))
                g.slack.append(x)
            pre.append(ids)
            for r in range(n):
                if r < w - 1 and not back:
                    g.missing.add((r, cr))
                    continue
                g.relations.append(([*ids[r:], *((q, cn) for q in range(max(0, r - w + 1), r + 1))], (r, cr)))
            if total:
                g.values[n][cn] = sum(vals[r][cn] for r in range(n))
                g.relations.append(([(r, cn) for r in range(n)], (n, cn)))
                g.missing.add((n, cr))
        if len(counts) == 3:
            for r in range(n + (1 if total else 0)):
                g.relations.append(([(r, 0), (r, 2)], (r, 4)))
            for r in range(n):
                if (r, 5) not in g.missing:
                    g.relations.append(([(r, 1), (r, 3)], (r, 5)))
            for i in range(w - 1):
                g.relations.append(([pre[0][i], pre[1][i]], pre[2][i]))
        return [g]
    if layout == "average_margin":
        # A Mean (Average) row over the areas in place of a Total row, or an average column over
        # the years in place of a Total column (a total row under it sometimes): the mean, times
        # the number it is taken over, is the sum. Means are written to one decimal, exactly.
        if rng.random() < 0.5:
            k = len(labels)
            g = Grid([*labels, rng.choice(["Mean", "Average", "Mean per area", "avg"])], list(cols), [*inner(rng, k, nc, small), [0] * nc])
            tot = rng.random() < 0.35
            if tot:
                g.col_labels.append("Total")
                for row in g.values:
                    row.append(0)
            for c in range(nc):
                halves(g, [(r, c) for r in range(k)], k, rng)
            if tot:
                for r in range(k):
                    g.values[r][nc] = sum(g.values[r][:nc])
                    g.relations.append(([(r, c) for c in range(nc)], (r, nc)))
            for c in range(len(g.col_labels)):
                g.values[k][c] = sum(g.values[r][c] for r in range(k)) / k
                g.derived_cells.add((k, c))
                g.eqs.append(([(0, r, c) for r in range(k)], [(0, k, c)] * k))
            return [g]
        y = rng.randint(2018, 2021)
        k = rng.randint(3, 5)
        years = [str(y + i) for i in range(k)]
        avg = rng.choice([f"{k}-year average", "Average", "Mean", f"Avg {years[0]}-{years[-1][2:]}"])
        n = len(labels)
        g = Grid(list(labels), [*years, avg], [[*row, 0] for row in inner(rng, n, k, small)], col_name="year")
        for r in range(n):
            halves(g, [(r, c) for c in range(k)], k, rng)
        if rng.random() < 0.5:
            g.row_labels.append("Total")
            g.values.append([sum(g.values[r][c] for r in range(n)) for c in range(k)] + [0])
            for c in range(k):
                g.relations.append(([(r, c) for r in range(n)], (n, c)))
        for r in range(len(g.row_labels)):
            g.values[r][k] = sum(g.values[r][:k]) / k
            g.derived_cells.add((r, k))
            g.eqs.append(([(0, r, c) for c in range(k)], [(0, r, k)] * k))
        return [g]
    if layout == "risk_table":
        # A survival curve's risk table: the number at risk per arm at each time, then the events
        # per interval (or cumulative), sometimes the censored per interval too: at risk at one time
        # = at risk at the next + the interval's events + its censored (never shown: a non-negative
        # rest). A Total row sometimes.
        arms = list(rng.choice(ARMS))
        unit, step = rng.choice(RISK_UNITS)
        nt = rng.randint(4, 6)
        times = [i * step for i in range(nt)]
        risk, ev, ce = [], [], []
        for _ in arms:
            at = [rng.randint(25, 220)]
            e_, c_ = [], []
            for _ in range(nt - 1):
                x = at[-1]
                e = min(x, rng.randint(1, small - 1) if rng.random() < 0.3 else round(x * rng.uniform(0.05, 0.35)))
                c = min(x - e, round(x * rng.uniform(0.0, 0.3)) if rng.random() < 0.7 else rng.randint(0, small - 1))
                e_.append(e)
                c_.append(c)
                at.append(x - e - c)
            risk.append(at)
            ev.append(e_)
            ce.append(c_)
        total = rng.random() < 0.45
        cumulative = rng.random() < 0.35
        censored = rng.random() < 0.4
        rows = arms + (["Total"] if total else [])
        na = len(arms)
        if total:
            risk.append([sum(x) for x in zip(*risk, strict=True)])
            ev.append([sum(x) for x in zip(*ev, strict=True)])
            ce.append([sum(x) for x in zip(*ce, strict=True)])
        g = Grid(list(rows), [str(x) for x in times], [list(x) for x in risk], row_name="", col_name=unit)
        g.intro = rng.choice(["Number at risk:", f"Number at risk (time in {unit}):", "At risk"])
        intervals = [f"{times[i]}-{times[i + 1]}" for i in range(nt - 1)]
        if cumulative:
            cum = [[sum(x[:i]) for i in range(nt)] for x in ev]
            e = Grid(list(rows), [str(x) for x in times], cum, row_name="", col_name=unit)
            e.intro = rng.choice(["Cumulative number of events:", "Cumulative events:"])
        else:
            e = Grid(list(rows), list(intervals), [list(x) for x in ev], row_name="", col_name=unit)
            e.intro = rng.choice(["Number of events in each interval:", "Events per interval:", f"Events ({unit}):"])
        out = [g, e]
        if censored:
            cg = Grid(list(rows), list(intervals), [list(x) for x in ce], row_name="", col_name=unit)
            cg.intro = rng.choice(["Number censored in each interval:", "Censored per interval:"])
            out.append(cg)
        if total:
            for x in out:
                with_sums(x, list(range(na)), na, [], None)
        for a in range(na):
            for j in range(nt - 1):
                if censored:
                    cid = (2, a, j)
                else:
                    cid = (1, "s", len(e.slack))
                    e.slack.append(ce[a][j])
                if cumulative:
                    e.eqs.append(([(0, a, j), (1, a, j)], [(0, a, j + 1), (1, a, j + 1), cid]))
                else:
                    e.eqs.append(([(0, a, j)], [(0, a, j + 1), (1, a, j), cid]))
        return out
    if layout == "n_in_row_label":
        # Each row's total inside its label (`North (n=45)`, `South [n=12]`), the row's counts
        # beside it and no Total column; sometimes each count's share of its row (the base the
        # label's n, a Total column the text does not show) and a Total row (`All (n=245)`).
        tr = rng.random() < 0.6
        pct = rng.random() < 0.35
        vals = inner(rng, len(labels), nc, small)
        for row in vals:
            if sum(row) == 0:
                row[0] = rng.randint(small, 40)
        g = Grid(list(labels), [*cols, "Total"], [[*row, sum(row)] for row in vals])
        for r in range(len(labels)):
            g.relations.append(([(r, c) for c in range(nc)], (r, nc)))
        if tr:
            g.row_labels.append("Total")
            g.values.append([0] * (nc + 1))
            g = with_sums(g, list(range(len(labels))), len(labels), [], None)
        if pct:
            g.hidden_cols = {nc}
            g.pct = [(c, nc) for c in range(nc)]
        else:
            g.col_labels = g.col_labels[:nc]
            g.values = [row[:nc] for row in g.values]
            g.relations = [x for x in g.relations if x[1][1] != nc and all(c != nc for _, c in x[0])]
        shape = rng.choice([" (n={})", " (N = {})", " [n={}]", ", n={}", " (n = {})", " ({})"])
        before_w, after_w = shape.split("{}")
        tot_word = rng.choice(["Total", "All areas", "All"])
        for r in range(len(g.row_labels)):
            n = sum(g.values[r][:nc])
            lab = tot_word if g.row_labels[r] == "Total" else g.row_labels[r]
            g.extra_values[("n", r)] = n
            g.relations.append(([(r, nc)], ("n", r)) if pct else ([(r, c) for c in range(nc)], ("n", r)))
            g.label_counts[r] = (("n", r), lab + before_w, str(n), after_w)
            g.row_labels[r] = lab + before_w + str(n) + after_w
            if pct:
                for c in range(nc):
                    g.pct_from[(r, c, "%")] = [("n", r)]
        g.total_label = "Total"
        return [g]
    if layout == "page_subtotals":
        # A listing over two or three pages (the header again on each): each page ends with its
        # subtotal carried forward (brought forward at the top of the next page) or with its own
        # page total, the last page with the grand total.
        rows = rng.sample(PRACTICES if rng.random() < 0.6 else REGIONS, rng.randint(6, 10))
        k = rng.randint(1, min(3, nc))
        cl = list(cols[:k]) if k > 1 or rng.random() < 0.5 else [rng.choice(["Patients", "Referrals", "n"])]
        tc = rng.random() < 0.5 and len(cl) > 1
        vals = inner(rng, len(rows), len(cl), small)
        if tc:
            cl.append("Total")
            for row in vals:
                row.append(sum(row))
        m = len(cl)
        pages = 3 if len(rows) >= 9 and rng.random() < 0.5 else 2
        cuts = sorted(rng.sample(range(2, len(rows) - 1), pages - 1))
        bounds_ = [0, *cuts, len(rows)]
        carried = rng.random() < 0.6
        cf, bf, grand = rng.choice(PAGE_WORDS)
        page_word = rng.choice(["Page total", "Subtotal", "Page subtotal"])
        out: list[Grid] = []
        running = [0] * m
        page_sums: list[list[int]] = []
        for p in range(pages):
            part = vals[bounds_[p] : bounds_[p + 1]]
            own = [sum(row[c] for row in part) for c in range(m)]
            page_sums.append(own)
            labs, vs = [], []
            if carried and p:
                labs.append(bf)
                vs.append(list(running))
            labs += rows[bounds_[p] : bounds_[p + 1]]
            vs += [list(row) for row in part]
            last = p == pages - 1
            running = [a + b for a, b in zip(running, own, strict=True)]
            if carried:
                labs.append(grand if last else cf)
                vs.append(list(running))
            else:
                labs.append(page_word)
                vs.append(list(own))
                if last:
                    labs.append(grand)
                    vs.append(list(running))
            g = Grid(labs, list(cl), vs, row_name=rng.choice(["practice", "area"]) if not out else out[0].row_name, col_name="")
            start = 1 if carried and p else 0
            body = list(range(start, start + len(part)))
            if tc:
                for r in range(len(labs)):
                    g.relations.append(([(r, c) for c in range(m - 1)], (r, m - 1)))
            sub = start + len(part)
            for c in range(m):
                g.relations.append(([*((r, c) for r in body), *([(0, c)] if start else [])], (sub, c)))
                if carried and p:
                    g.cross.append(([(p - 1, len(out[-1].row_labels) - 1, c)], (p, 0, c)))
                if not carried and last:
                    g.cross.append(([(q, len(out[q].row_labels) - 1, c) for q in range(p)] + [(p, sub, c)], (p, sub + 1, c)))
            g.intro = rng.choice([f"Page {p + 1} of {pages}", f"-- page {p + 1} --", f"[page {p + 1}]"]) if p else g.intro
            out.append(g)
        return out
    if layout == "excess_vs_expected":
        # Observed counts (sometimes by sex with their total), the expected count (a past average:
        # no count) and the excess (observed - expected, signed, no count) per week or area, a
        # Total row sometimes: observed = expected + excess.
        ow, ew, xw = rng.choice(EXCESS_WORDS)
        by_week = rng.random() < 0.5
        rows = [f"Week {i}" for i in range(1, rng.randint(5, 9))] if by_week else list(labels)
        by_sex = rng.random() < 0.35
        cl = ([*SEX, f"{ow} (all)"] if by_sex else [ow]) + [ew, xw]
        o_c = len(cl) - 3
        vals = []
        for _ in rows:
            parts = [small_or_not(rng, small, 0.35) for _ in SEX] if by_sex else []
            obs = sum(parts) if by_sex else small_or_not(rng, small, 0.35)
            exp_ = rng.randint(max(0, obs - 12), obs + 12)
            vals.append([*parts, obs, exp_, obs - exp_])
        total = rng.random() < 0.65
        if total:
            vals.append([sum(row[c] for row in vals) for c in range(len(cl))])
        g = Grid(rows + (["Total"] if total else []), cl, vals, row_name="week" if by_week else "region", col_name="")
        g.derived_cols = {o_c + 1, o_c + 2}
        g.derived_bounds = {o_c + 2: (None, None)}
        g.signed_cols = {o_c + 2} if rng.random() < 0.6 else set()
        for r in range(len(g.row_labels)):
            g.relations.append(([(r, o_c + 1), (r, o_c + 2)], (r, o_c)))
            if by_sex:
                g.relations.append(([(r, 0), (r, 1)], (r, o_c)))
        if total:
            for c in range(len(cl)):
                g.relations.append(([(r, c) for r in range(len(rows))], (len(rows), c)))
        return [g]
    raise ValueError(layout)


V11_FENCES = {
    "console_table": "```\n",
    "nushell": "```\n",
    "pyspark_rows": "```\n",
    "ruby_hash": "```ruby\n",
    "r_list": "```\n",
    "elixir_inspect": "```elixir\n",
    "wolfram_assoc": "```\n",
    "tree_text": "```\n",
    "flux_csv": "```csv\n",
    "redis_cli": "```\n",
    "powerbi_dax": "```json\n",
}
# the set-11 formats that list records
RECORDS_V11 = ("console_table", "nushell", "pyspark_rows", "ruby_hash", "elixir_inspect", "wolfram_assoc", "flux_csv", "redis_cli", "powerbi_dax")
NO_DERIVED_V11 = (*COUNTS_ONLY_V9, "mermaid")  # counts and nothing else: no mean, no expected count, no excess


def fmt_ok_v11(fmt: str, layout: str, grids: list[Grid]) -> bool:
    """Which formats write which layouts in the eleventh set."""
    if layout in V5_ONLY_LAYOUTS and fmt not in V5_FORMATS:
        return False
    if fmt in V11_FORMATS and layout in ("hier2_indent", "ragged_row", "cell_flags", "locale_numbers", "footnote_marks", "thousands_presupp"):
        return False
    if fmt in V11_FORMATS and any(g.pct_delta for g in grids):
        return False  # a `+12.5` is no number these print
    if fmt in NO_DERIVED_V11 and layout in V11_LAYOUTS and any(g.derived_cols or g.derived_cells for g in grids):
        return False
    if fmt == "r_list":
        # a named vector prints its numbers to one width and one number of decimals: counts only
        floats = any(isinstance(v, float) for g in grids for row in g.values for v in row)
        if floats or any(g.pct or g.rate or g.col_pct or g.float_cols for g in grids):
            return False
    return not (fmt in BARE_JSON and any(g.pct_delta for g in grids))


def adapt_v11(grids: list[Grid], fmt: str, rng: random.Random) -> None:
    """How a set-11 case is written: flat column names and no signs in the set-11 formats (a sign
    only where a person writes the table), the sentence before each table, the fence, a style
    shared by the case's tables."""
    styles = (rng.random(), rng.random(), rng.random())
    fence = V11_FENCES.get(fmt, "")
    if fmt in ("tree_text", "ruby_hash", "elixir_inspect") and rng.random() < 0.3:
        fence = "```\n" if fmt != "tree_text" else ""
    for g in grids:
        if fmt not in SIGNED_V11:
            g.signed_cols = set()
        if fmt in V11_FORMATS:
            g.styles = styles
            if g.col_groups:
                g.col_labels = [lab if grp == lab else f"{grp} {lab}" for grp, lab in zip(g.col_groups, g.col_labels, strict=True)]
                g.col_groups = None
            g.fence = fence
        if g.intro is None:
            g.intro = rng.choice(INTROS_V11)


def tag_label_counts(case: Case, start: int, k: int, g: Grid) -> bool:
    """Make the count written inside each row label (`North (n=45)`) a cell of its own wherever
    the format wrote the label as it is; False when a label was not found (the format changed it)."""
    for lid, before, n, after in g.label_counts.values():
        whole = before + n + after
        found = 0
        i = start
        while i < len(case.tokens):
            tok = case.tokens[i]
            pos = tok[1].find(whole) if tok[0] == "lit" else -1
            while pos >= 0 and pos + len(whole) < len(tok[1]) and tok[1][pos + len(whole)].isdigit():
                pos = tok[1].find(whole, pos + 1)
            if pos < 0:
                i += 1
                continue
            s = tok[1]
            cut = pos + len(before)
            case.tokens[i : i + 1] = [("lit", s[:cut]), ("cell", (k, *lid), n), ("lit", s[cut + len(n) :])]
            found += 1
            i += 2
        if not found:
            return False
    return True


def v11_table(t: Tokens, g: Grid, fmt: str, rng) -> None:
    h = header(g)
    nlab = 1 + len(extra_cols(g))
    body = []
    for r in range(len(g.row_labels)):
        row = [("lit", label(g, r, fmt)), *(("lit", v[r]) for _, v in extra_cols(g)), *row_items(g, r, fmt)]
        body.append((r, row + [("lit", "")] * (len(h) - len(row))))
    V11_WRITERS[fmt](t, h, body, nlab, g, rng)


def as_number(it, c: int, nlab: int) -> bool:
    """A value a program holds as a number: a count, a share or a mean in a value column (a record's
    numeric field too), not a label, a marker, an interval or a count over its base."""
    return c >= nlab and it[-1] != "" and numeric(bare(it)[-1]) and not bare(it)[-1].startswith("+")


def counts_only(body: list, nlab: int) -> bool:
    """Every shown value a count (no share, no marker): what a `GROUP BY ... COUNT` returns."""
    return nlab >= 1 and all(it[0] == "cell" and as_number(it, c, nlab) for _, row in body for c, it in enumerate(row) if c >= nlab and it[-1] != "")


def unit_text(u: tuple) -> str:
    return u[0] + u[1][-1] + u[2]


def put_unit(t: Tokens, r, u: tuple) -> None:
    t.lit(u[0])
    put(t, r, u[1])
    t.lit(u[2])


def w_console_table(t, head, body, nlab, g, rng) -> None:
    """Node.js `console.table()` of an array of objects (an `(index)` column of 0, 1, ...) or of
    an object keyed by the row label (the label as the index): a box of `┌─┬─┐`, every value
    centred (Node before 20) or left-aligned with a space each side, a string in single quotes, a
    number bare, a missing key blank."""
    keyed = nlab == 1 and style(g, rng) < 0.45 and len({row[0][-1] for _, row in body}) == len(body) and all(row[0][-1] for _, row in body)
    centred = style(g, rng, 1) < 0.6

    def unit(it, c) -> tuple:
        if it[-1] == "":
            return ("", ("lit", ""), "")
        if as_number(it, c, nlab):
            return ("", bare(it), "")
        if it[0] == "lit":
            return ("'", ("lit", it[-1].replace("'", "\\'")), "'")
        return ("'", it, "'")

    cols_ = list(range(1 if keyed else 0, len(head)))
    names = ["(index)"] + [head[c] for c in cols_]
    rows = [(r, [("", ("lit", row[0][-1] if keyed else str(k)), "")] + [unit(row[c], c) for c in cols_]) for k, (r, row) in enumerate(body)]
    ws = [max(dw(names[j]), *(dw(unit_text(us[j])) for _, us in rows)) + 2 for j in range(len(names))]

    def pads(s: str, w: int) -> tuple[str, str]:
        n = w - dw(s)
        return (" " * (n // 2), " " * (n - n // 2)) if centred else (" ", " " * (n - 1))

    t.lit("┌" + "┬".join("─" * w for w in ws) + "┐\n│")
    for x, w in zip(names, ws, strict=True):
        a, b = pads(x, w)
        t.lit(a + x + b + "│")
    t.lit("\n├" + "┼".join("─" * w for w in ws) + "┤\n")
    for r, us in rows:
        t.lit("│")
        for u, w in zip(us, ws, strict=True):
            a, b = pads(unit_text(u), w)
            t.lit(a)
            put_unit(t, r, u)
            t.lit(b + "│")
        t.lit("\n")
    t.lit("└" + "┴".join("─" * w for w in ws) + "┘\n")


def w_nushell(t, head, body, nlab, g, rng) -> None:
    """A Nushell table: a rounded box (`╭─┬─╮`), a `#` index column, the column names centred, a
    number right-aligned and a string left-aligned with a space each side, nothing for a null;
    sometimes the header again at the foot (a long table)."""
    names = ["#", *head]
    nums = [False] + [all(as_number(row[c], c, nlab) for _, row in body if row[c][-1] != "") for c in range(len(head))]
    rows = [(r, [("lit", str(k)), *row]) for k, (r, row) in enumerate(body)]
    ws = [max(dw(names[j]), *(dw(row[j][-1]) for _, row in rows)) for j in range(len(names))]
    rule = "─┼─".join("─" * w for w in ws)
    t.lit("╭─" + "─┬─".join("─" * w for w in ws) + "─╮\n")

    def header_line() -> None:
        t.lit("│ " + " │ ".join(centre(x, w) for x, w in zip(names, ws, strict=True)) + " │\n")

    header_line()
    t.lit("├─" + rule + "─┤\n")
    for r, row in rows:
        t.lit("│ ")
        for j, it in enumerate(row):
            t.lit(" │ " if j else "")
            put(t, r if j else None, bare(it) if j and nums[j] else it, ws[j], "r" if j == 0 or nums[j] else "l")
        t.lit(" │\n")
    if style(g, rng, 1) < 0.3:
        t.lit("├─" + rule + "─┤\n")
        header_line()
    t.lit("╰─" + "─┴─".join("─" * w for w in ws) + "─╯\n")


def py_field(s: str) -> str:
    return s if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", s) else snake(s) if not snake(s)[0].isdigit() else "n_" + snake(s)


def py_quote(s: str) -> str:
    return repr(s)


def w_pyspark_rows(t, head, body, nlab, g, rng) -> None:
    """PySpark's `df.collect()`: a list of `Row(field=value, ...)`, a string in single quotes, a
    number bare, `None` for a null; the list on one line, one Row a line as IPython breaks a long
    list, or each Row printed on its own line (`for row in df.collect(): print(row)`)."""
    names = unique_names([py_field(k) for k in field_keys(head, nlab)])
    how = style(g, rng)

    def one(r, row) -> None:
        t.lit("Row(")
        for c, (name, it) in enumerate(zip(names, row, strict=True)):
            t.lit((", " if c else "") + name + "=")
            if it[-1] == "":
                t.lit("None")
            elif as_number(it, c, nlab):
                put(t, r, bare(it))
            else:
                q = '"' if "'" in it[-1] else "'"
                quoted_value(t, r, it, q)
        t.lit(")")

    if how < 0.3:
        for r, row in body:
            one(r, row)
            t.lit("\n")
        return
    t.lit("[")
    for k, (r, row) in enumerate(body):
        t.lit("" if not k else ", " if how < 0.55 else ",\n ")
        one(r, row)
    t.lit("]\n")


def rb_string(s: str) -> str:
    return json.dumps(s, ensure_ascii=False).replace("#{", "\\#{")


def w_ruby_hash(t, head, body, nlab, g, rng) -> None:
    """Ruby: a Rails `group(...).count` hash (`{"North"=>12, "South"=>3}`, or a key per cell with
    two groups: `{["North", "Owner"]=>12, ...}`), or `pp` of an array of hashes (string keys, or
    symbol keys: `{:region=>"North"}` before Ruby 3.4, `{region: "North"}` since); `=> ` before it
    in a console; an entry a line when it is long."""
    new = style(g, rng, 1) < 0.4  # Ruby 3.4's inspect: spaces around `=>`, `key: value` for symbols
    arrow = " => " if new else "=>"
    if style(g, rng, 2) < 0.5:
        t.lit("=> ")
    if counts_only(body, nlab) and style(g, rng) < 0.6 and all(row[0][-1] for _, row in body):
        one = len(head) - nlab == 1
        entries = []
        for r, row in body:
            labs = [rb_string(it[-1]) for it in row[:nlab]]
            for c in range(nlab, len(head)):
                if row[c][-1] == "":
                    continue
                key = labs + ([] if one else [rb_string(head[c])])
                entries.append((r, (key[0] if len(key) == 1 else "[" + ", ".join(key) + "]") + arrow, bare(row[c])))
        long = sum(len(k) + len(it[-1]) + 2 for _, k, it in entries) > 78
        t.lit("{")
        for j, (r, k, it) in enumerate(entries):
            t.lit(("" if not j else ",\n " if long else ", ") + k)
            put(t, r, it)
        t.lit("}\n")
        return
    keys = field_keys(head, nlab)
    symbols = style(g, rng) < 0.5
    if symbols:
        keys = [(f"{k}: " if new else f":{k}{arrow}") for k in unique_names([py_field(k) for k in keys])]
    else:
        keys = [rb_string(k) + arrow for k in keys]
    lines = []
    for r, row in body:
        parts = []
        for c, (key, it) in enumerate(zip(keys, row, strict=True)):
            if it[-1] == "":
                parts.append((key, None))
            elif as_number(it, c, nlab):
                parts.append((key, bare(it)))
            else:
                parts.append((key, ("q", it)))
        lines.append((r, parts))
    long = sum(len(k) + len(it[1][-1] if it and it[0] == "q" else it[-1] if it else "nil") + 4 for _, p in lines for k, it in p) > 78
    t.lit("[")
    for j, (r, parts) in enumerate(lines):
        t.lit(("" if not j else ",\n " if long else ", ") + "{")
        for c, (key, it) in enumerate(parts):
            t.lit((", " if c else "") + key)
            if it is None:
                t.lit("nil")
            elif it[0] == "q":
                quoted_value(t, r, it[1], '"', lambda s: rb_string(s)[1:-1])
            else:
                put(t, r, it)
        t.lit("}")
    t.lit("]\n")


def r_list_name(labs: list[str]) -> str:
    s = ".".join(labs)
    return s if re.fullmatch(r"[A-Za-z.][A-Za-z0-9._]*", s) else f"`{s}`"


def w_r_list(t, head, body, nlab, g, rng) -> None:
    """R's print of a named list (`split()`, `lapply()`, `tapply()` over a list): `$North` (in
    backticks when not a syntactic name), then its value: `[1] 12` for one count, else a named
    vector (names over values, every field right-aligned to one width, a character vector quoted,
    `NA` for a missing value, wrapped at 80 columns); a blank line after each."""
    names = head[nlab:]
    scalar_ = len(names) == 1 and style(g, rng) < 0.6
    for r, row in body:
        t.lit(f"${r_list_name([it[-1] for it in row[:nlab]] or ['x'])}\n")
        vals = row[nlab:]
        chars = any(it[-1] != "" and not as_number(it, nlab, nlab) for it in vals)
        units = [("", ("lit", "NA"), "") if it[-1] == "" else ('"', it, '"') if chars else ("", bare(it), "") for it in vals]
        if scalar_:
            t.lit("[1] ")
            put_unit(t, r, units[0])
            t.lit("\n\n")
            continue
        w = max(*(dw(x) for x in names), *(dw(unit_text(u)) for u in units), 1)
        per = max(1, 80 // (w + 1))
        for s in range(0, len(units), per):
            t.lit(" ".join(" " * (w - dw(x)) + x for x in names[s : s + per]) + " \n")
            for j, u in enumerate(units[s : s + per]):
                t.lit(("" if not j else " ") + " " * (w - dw(unit_text(u))))
                put_unit(t, r, u)
            t.lit(" \n")
        t.lit("\n")


def ex_key(s: str) -> str:
    k = snake(s)
    return f"{k}: " if re.fullmatch(r"[a-z_][a-z0-9_]*", k) else f"{json.dumps(k)}: "


def w_elixir_inspect(t, head, body, nlab, g, rng) -> None:
    """Elixir's `IO.inspect`: `Enum.frequencies_by/2`'s map (`%{"North" => 12}`, a tuple key with
    two groups: `%{{"North", "Owner"} => 12}`), or a list of maps with atom keys (`%{owner: 12,
    region: "North"}`, the keys sorted, as a small map prints them); `nil` for none; on one line
    when it fits in 80 columns, else an entry a line (a map's keys a line when it is long)."""
    if counts_only(body, nlab) and style(g, rng) < 0.5 and all(row[0][-1] for _, row in body):
        one = len(head) - nlab == 1
        entries = []
        for r, row in body:
            labs = [json.dumps(it[-1], ensure_ascii=False) for it in row[:nlab]]
            for c in range(nlab, len(head)):
                if row[c][-1] != "":
                    key = labs + ([] if one else [json.dumps(head[c], ensure_ascii=False)])
                    entries.append(((key[0] if len(key) == 1 else "{" + ", ".join(key) + "}"), r, bare(row[c])))
        entries.sort(key=lambda x: x[0])
        flat = sum(len(k) + len(it[-1]) + 6 for k, _, it in entries) + 3 <= 80
        t.lit("%{" if flat else "%{\n")
        for j, (k, r, it) in enumerate(entries):
            t.lit(("" if flat else "  ") + k + " => ")
            put(t, r, it)
            t.lit(("" if j + 1 == len(entries) else ", ") if flat else ("\n" if j + 1 == len(entries) else ",\n"))
        t.lit("}\n")
        return
    keys = unique_names([ex_key(k) for k in field_keys(head, nlab)])
    order = sorted(range(len(head)), key=lambda c: keys[c].strip('"'))
    maps = []
    for r, row in body:
        parts = []
        for c in order:
            it = row[c]
            if it[-1] == "":
                parts.append((keys[c], ("lit", "nil"), False))
            else:
                parts.append((keys[c], bare(it) if as_number(it, c, nlab) else it, not as_number(it, c, nlab)))
        maps.append((r, parts))

    def size(parts) -> int:
        return sum(len(k) + len(it[-1]) + (2 if q else 0) + 2 for k, it, q in parts) + 3

    flat = sum(size(p) + 2 for _, p in maps) + 2 <= 80
    t.lit("[" if flat else "[\n")
    for j, (r, parts) in enumerate(maps):
        inner_flat = flat or size(parts) + 2 <= 78
        t.lit(("" if flat else "  ") + ("%{" if inner_flat else "%{\n"))
        for c, (k, it, q) in enumerate(parts):
            t.lit(("" if inner_flat else "    ") + k)
            if q:
                quoted_value(t, r, it, '"', lambda s: json.dumps(s, ensure_ascii=False)[1:-1])
            else:
                put(t, r, it)
            t.lit(("" if c + 1 == len(parts) else ", ") if inner_flat else ("\n" if c + 1 == len(parts) else ",\n"))
        t.lit(("" if inner_flat else "  ") + "}")
        t.lit(("" if j + 1 == len(maps) else ", ") if flat else ("\n" if j + 1 == len(maps) else ",\n"))
    t.lit("]\n")


def w_wolfram_assoc(t, head, body, nlab, g, rng) -> None:
    """Wolfram Language associations: `Counts`/`GroupBy` output keyed by the row label
    (`<|"North" -> 12, ...|>`, or `<|"North" -> <|"Owner" -> 12, ...|>, ...|>`), or a list of
    associations, one per record (`{<|"region" -> "North", "Owner" -> 12|>, ...}`); strings
    quoted (InputForm) or bare (a notebook's output), `Missing["NotAvailable"]` for none;
    sometimes after `Out[n]= `, an entry a line when long."""
    quoted = style(g, rng, 1) < 0.6
    keys = field_keys(head, nlab)

    def s(x: str) -> str:
        return json.dumps(x, ensure_ascii=False) if quoted else x

    def value(r, it, c) -> None:
        if it[-1] == "":
            t.lit('Missing["NotAvailable"]' if quoted else "Missing[NotAvailable]")
        elif as_number(it, c, nlab):
            put(t, r, bare(it))
        elif quoted:
            quoted_value(t, r, it, '"', lambda x: json.dumps(x, ensure_ascii=False)[1:-1])
        else:
            put(t, r, it)

    if style(g, rng, 2) < 0.3:
        t.lit(f"Out[{rng.randint(2, 40)}]= ")
    long = len(body) * len(head) > 12
    sep = ",\n " if long else ", "
    nested = nlab == 1 and style(g, rng) < 0.6 and len({row[0][-1] for _, row in body}) == len(body)
    if nested:
        one = len(head) == 2
        t.lit("<|")
        for j, (r, row) in enumerate(body):
            t.lit((sep if j else "") + s(row[0][-1]) + " -> ")
            if one:
                value(r, row[1], 1)
                continue
            t.lit("<|")
            for c in range(1, len(head)):
                t.lit((", " if c > 1 else "") + s(keys[c]) + " -> ")
                value(r, row[c], c)
            t.lit("|>")
        t.lit("|>\n")
        return
    t.lit("{")
    for j, (r, row) in enumerate(body):
        t.lit((sep if j else "") + "<|")
        for c, it in enumerate(row):
            t.lit((", " if c else "") + s(keys[c]) + " -> ")
            value(r, it, c)
        t.lit("|>")
    t.lit("}\n")


TREE_STYLES = [("├── ", "└── ", "│   ", "    "), ("|-- ", "`-- ", "|   ", "    "), ("├─ ", "└─ ", "│  ", "   ")]


def w_tree_text(t, head, body, nlab, g, rng) -> None:
    """A tree (rich.tree, anytree, `tree`-like): a root line, a node per row (its labels joined),
    a leaf per shown value (`Owner: 12`, `Owner (12)` or `Owner = 12`), drawn with `├──`, `└──`
    and `│`; with one value column, a leaf per row under the root."""
    a, z, bar, gap = TREE_STYLES[int(style(g, rng) * len(TREE_STYLES))]
    form = int(style(g, rng, 1) * 3)
    keys = field_keys(head, nlab)
    what = head[nlab] if len(head) > nlab else "count"

    def leaf(r, key, it) -> None:
        t.lit(key + (": " if form == 0 else " (" if form == 1 else " = "))
        put(t, r, it)
        t.lit(")\n" if form == 1 else "\n")

    by = head[0] or "group"
    root = [f"{what} by {by}" if len(head) - nlab == 1 else f"Counts by {by}", "Counts", "."]
    t.lit(root[int(style(g, rng, 2) * 3)] + "\n")
    if len(head) - nlab == 1:
        shown_ = [(r, row) for r, row in body if row[nlab][-1] != ""]
        for j, (r, row) in enumerate(shown_):
            t.lit(z if j + 1 == len(shown_) else a)
            leaf(r, " / ".join(it[-1] for it in row[:nlab]), row[nlab])
        return
    for j, (r, row) in enumerate(body):
        last = j + 1 == len(body)
        t.lit((z if last else a) + " / ".join(it[-1] for it in row[:nlab]) + "\n")
        kids = [c for c in range(nlab, len(head)) if row[c][-1] != ""]
        for i, c in enumerate(kids):
            t.lit((gap if last else bar) + (z if i + 1 == len(kids) else a))
            leaf(r, keys[c], row[c])


def csv_unit(it) -> tuple:
    return ('"', it, '"') if any(ch in it[-1] for ch in ',"\n') else ("", it, "")


def w_flux_csv(t, head, body, nlab, g, rng) -> None:
    """InfluxDB's annotated CSV (a Flux query's result): `#group`, `#datatype` and `#default`
    rows, then the header and the rows, each after an empty first field, `result` (empty: the
    default) and `table`; pivoted (a column per field), or long (`_field`, `_value`, a table per
    field); a blank line after the result."""
    types = []
    for c in range(len(head)):
        shown_ = [row[c] for _, row in body if row[c][-1] != ""]
        if c < nlab or not shown_ or not all(as_number(it, c, nlab) for it in shown_):
            types.append("string")
        else:
            types.append("long" if all(re.fullmatch(r"-?\d+", bare(it)[-1]) for it in shown_) else "double")
    long = nlab >= 1 and style(g, rng) < 0.35 and all(x != "string" for x in types[nlab:])
    if long:
        vt = "long" if all(x == "long" for x in types[nlab:]) else "double"
        cols_ = ["result", "table", *head[:nlab], "_field", "_value"]
        t.lit("#group," + ",".join(["false", "false"] + ["true"] * (nlab + 1) + ["false"]) + "\n")
        t.lit("#datatype," + ",".join(["string", "long"] + ["string"] * (nlab + 1) + [vt]) + "\n")
        t.lit("#default,_result" + "," * (len(cols_) - 1) + "\n")
        t.lit("," + ",".join(cols_) + "\n")
        for k, c in enumerate(range(nlab, len(head))):
            for r, row in body:
                if row[c][-1] == "":
                    continue
                t.lit(f",,{k}," + "".join(unit_text(csv_unit(it)) + "," for it in row[:nlab]) + unit_text(csv_unit(("lit", head[c]))) + ",")
                put(t, r, bare(row[c]))
                t.lit("\n")
        t.lit("\n")
        return
    t.lit("#group," + ",".join(["false", "false"] + ["true" if c < nlab else "false" for c in range(len(head))]) + "\n")
    t.lit("#datatype," + ",".join(["string", "long", *types]) + "\n")
    t.lit("#default,_result" + "," * (len(head) + 1) + "\n")
    t.lit(",result,table," + ",".join(unit_text(csv_unit(("lit", h))) for h in head) + "\n")
    for r, row in body:
        t.lit(",,0")
        for c, it in enumerate(row):
            t.lit(",")
            put_unit(t, r, csv_unit(bare(it) if types[c] != "string" else it))
        t.lit("\n")
    t.lit("\n")


def redis_key(s: str) -> str:
    return f'"{s}"' if re.search(r'[\s"]', s) else s


def w_redis_cli(t, head, body, nlab, g, rng) -> None:
    """redis-cli: a `HGETALL` per row (the key from the row's labels, the fields in order, a field
    and its value on numbered lines, every value a quoted string); or, for one count column, one
    hash of label -> count, or a sorted set read back with `ZREVRANGE ... WITHSCORES` (largest
    first). A missing value is a field the hash does not have."""
    prompt = rng.choice(["127.0.0.1:6379> ", "redis> ", "localhost:6379> "])
    prefix = rng.choice(["counts", "stats", "report", "agg"])

    def replies(items: list) -> None:
        # items: (row, item) in reply order, numbered from 1
        if not items:
            t.lit("(empty array)\n")
            return
        wn = len(str(len(items)))
        for i, (r, it) in enumerate(items, 1):
            t.lit(f"{str(i).rjust(wn)}) ")
            quoted_value(t, r, bare(it), '"', lambda s: s.replace('"', '\\"'))
            t.lit("\n")

    if nlab >= 1 and len(head) - nlab == 1 and style(g, rng) < 0.5:
        c = nlab
        field = snake(head[c])
        pairs = [(r, row) for r, row in body if row[c][-1] != ""]
        if counts_only(body, nlab) and style(g, rng, 1) < 0.5:
            pairs.sort(key=lambda x: (-int(x[1][c][-1]), x[1][0][-1]))
            t.lit(f"{prompt}ZREVRANGE {prefix}:{field} 0 -1 WITHSCORES\n")
        else:
            t.lit(f"{prompt}HGETALL {prefix}:{field}:by_{snake(head[0] or 'group')}\n")
        replies([x for r, row in pairs for x in ((r, ("lit", ":".join(it[-1] for it in row[:nlab]))), (r, row[c]))])
        return
    for k, (r, row) in enumerate(body):
        if nlab:
            key = f"{prefix}:" + ":".join(it[-1] for it in row[:nlab])
            fields = range(nlab, len(head))
        elif head and head[0] in ("patient_id", "MRN", "id"):
            key, fields = f"patient:{row[0][-1]}", range(1, len(head))
        else:
            key, fields = f"record:{k + 1}", range(len(head))
        t.lit(f"{prompt}HGETALL {redis_key(key)}\n")
        replies([x for c in fields if row[c][-1] != "" for x in ((r, ("lit", head[c])), (r, row[c]))])


def w_powerbi_dax(t, head, body, nlab, g, rng) -> None:
    """Power BI's `executeQueries` response to a DAX query (`EVALUATE SUMMARIZECOLUMNS(...)`):
    `results` -> `tables` -> `rows`, a row an object keyed `Table[Column]` for a grouping column
    and `[Measure]` for a value; numbers bare, a null left out (or `null`); pretty or compact."""
    table = rng.choice(["Patients", "Referrals", "Activity", "'Fact Counts'"])
    keys = [json.dumps(f"{table}[{h}]" if c < nlab or not nlab else f"[{h}]", ensure_ascii=False) for c, h in enumerate(field_keys(head, nlab))]
    pretty = style(g, rng) < 0.6
    omit = style(g, rng, 1) < 0.6

    def value(r, it, c) -> None:
        if as_number(it, c, nlab):
            put(t, r, bare(it))
        else:
            quoted_value(t, r, it, '"', lambda s: json.dumps(s, ensure_ascii=False)[1:-1])

    if pretty:
        t.lit('{\n  "results": [\n    {\n      "tables": [\n        {\n          "rows": [\n')
    else:
        t.lit('{"results":[{"tables":[{"rows":[')
    for j, (r, row) in enumerate(body):
        fields = [(c, it) for c, it in enumerate(row) if not (omit and it[-1] == "")]
        t.lit("            {\n" if pretty else ("," if j else "") + "{")
        for i, (c, it) in enumerate(fields):
            t.lit(("              " if pretty else "," if i else "") + keys[c] + (": " if pretty else ":"))
            if it[-1] == "":
                t.lit("null")
            else:
                value(r, it, c)
            t.lit(("," if i + 1 < len(fields) else "") + "\n" if pretty else "")
        t.lit("            }" + ("," if j + 1 < len(body) else "") + "\n" if pretty else "}")
    t.lit("          ]\n        }\n      ]\n    }\n  ]\n}\n" if pretty else "]}]}]}\n")


V11_WRITERS = {
    "console_table": w_console_table,
    "nushell": w_nushell,
    "pyspark_rows": w_pyspark_rows,
    "ruby_hash": w_ruby_hash,
    "r_list": w_r_list,
    "elixir_inspect": w_elixir_inspect,
    "wolfram_assoc": w_wolfram_assoc,
    "tree_text": w_tree_text,
    "flux_csv": w_flux_csv,
    "redis_cli": w_redis_cli,
    "powerbi_dax": w_powerbi_dax,
}

NEGATIVES_V11 = [
    (
        "console_table",
        "```\n┌─────────┬───────────┬─────────┐\n│ (index) │  option   │  value  │\n├─────────┼───────────┼─────────┤\n"
        "│    0    │ 'retries' │    3    │\n│    1    │ 'timeout' │  '5s'   │\n│    2    │ 'verbose' │  false  │\n"
        "└─────────┴───────────┴─────────┘\n```\n",
    ),
    (
        "nushell",
        "```\n╭───┬────────────┬──────┬─────────┬─────────────╮\n│ # │    name    │ type │  size   │  modified   │\n"
        "├───┼────────────┼──────┼─────────┼─────────────┤\n│ 0 │ Cargo.toml │ file │ 1.2 KiB │ 2 days ago  │\n"
        "│ 1 │ src        │ dir  │ 4.0 KiB │ 3 hours ago │\n╰───┴────────────┴──────┴─────────┴─────────────╯\n```\n",
    ),
    ("pyspark_rows", "```\n[Row(key='spark.executor.cores', value='4'), Row(key='spark.sql.shuffle.partitions', value='8')]\n```\n"),
    ("ruby_hash", '```ruby\n=> {"pool"=>5, "timeout"=>5000, "retries"=>3, "adapter"=>"postgresql"}\n```\n'),
    ("r_list", "```\n$alpha\n[1] 0.05\n\n$power\n[1] 0.8\n\n$groups\n[1] 2\n\n```\n"),
    ("elixir_inspect", "```elixir\n[pool_size: 10, timeout: 15_000, retries: 3, ssl: false]\n```\n"),
    ("wolfram_assoc", '```\n<|"MaxIterations" -> 3, "Tolerance" -> 0.001, "Method" -> "Newton"|>\n```\n'),
    ("tree_text", "```\n.\n├── src\n│   ├── main.rs\n│   └── lib.rs\n├── tests\n│   └── smoke.rs\n└── Cargo.toml\n```\n"),
    (
        "flux_csv",
        "```csv\n#group,false,false,true,false\n#datatype,string,long,string,double\n#default,_result,,,\n"
        ",result,table,sensor,_value\n,,0,A,21.4\n,,0,B,19.8\n,,0,C,22.1\n\n```\n",
    ),
    ("redis_cli", '```\n127.0.0.1:6379> CONFIG GET maxmemory*\n1) "maxmemory"\n2) "0"\n3) "maxmemory-policy"\n4) "noeviction"\n```\n'),
    (
        "powerbi_dax",
        '```json\n{"results":[{"tables":[{"rows":[{"Calendar[Year]":2023,"[Working days]":251},'
        '{"Calendar[Year]":2024,"[Working days]":252}]}]}]}\n```\n',
    ),
]

# Earlier layouts a set-11 format is measured on (one case each, the policy alternating).
EARLIER_FOR_V11 = [
    "totals_last",
    "totals_first",
    "no_totals",
    "several_totals",
    "hier2_dash",
    "hier3_level",
    "percent_cols",
    "linked_oneway_crosstab",
    "two_row_header",
    "count_pct_cell",
    "pre_suppressed",
    "of_which",
    "ci_cells",
    "running_totals",
    "n_of_N",
    "funnel",
    "overlap",
    "likert_nets",
]


def cases_v11(seed: int) -> list[Case]:
    """The eleventh held-out set: every case with a ``split.V11_FORMATS`` format or a
    ``split.V11_LAYOUTS`` layout, with microdata and non-tables in the new formats. Its stream is
    seeded with ``seed + 12`` (``seed + 11`` seeds set 10), so that sets 1-10 stay as they were."""
    return held_out_set(
        "11",
        random.Random(seed + 12),
        V11_FORMATS,
        V11_LAYOUTS,
        EARLIER_FOR_V11,
        FORMATS + V2_FORMATS + V3_FORMATS + V4_FORMATS + V5_FORMATS + V6_FORMATS + V7_FORMATS + V8_FORMATS + V9_FORMATS + V10_FORMATS,
        NEGATIVES_V11,
        reps=lambda layout: 3,
        # every earlier format in half of the new layouts (a case each)
        crossed=lambda k, j, layout: [(k + j) % 2] if (k + j) % 4 < 2 else [],
        records=lambda fmt: fmt in RECORDS_V11,
    )


# ---- the twelfth held-out set (``split.V12_FORMATS``, ``split.V12_LAYOUTS``) ----

INTROS_V12 = [
    "Here you go:",
    "This is what the script printed:",
    "Output below.",
    "The figures as they came back:",
    "From the REPL:",
    "Summary of the run:",
]
OUTROS_V12 = [
    "",
    "\nShall I add last year's figures?",
    "\nNumbers are from the March extract.",
    "\nHappy to break this down further.",
    "\nAll counts are of distinct people.",
]
# people by how many events they had: (row header, band word, people, events total row, after: people, events)
EVENT_COUNTS = [
    # (row header, an event, events, people, the events' total row, people in prose, events in prose)
    ("Admissions per patient", "admission", "admissions", "Patients", "Total admissions", "patients", "admissions"),
    ("A&E attendances", "attendance", "attendances", "Patients", "Attendances", "people", "attendances"),
    ("Children in household", "child", "children", "Households", "Children", "households", "children"),
    ("Prescriptions issued", "item", "items", "Patients", "Items", "patients", "items"),
    ("Number of falls", "fall", "falls", "Residents", "Falls", "residents", "falls"),
    ("Calls per caller", "call", "calls", "Callers", "Calls", "callers", "calls"),
]
MA_PERIODS = [  # (row header, labels, window, average's header)
    ("date", [f"2024-03-{d:02d}" for d in range(1, 29)], 7, ["7-day average", "7-day avg", "Rolling 7-day mean", "7DMA"]),
    (
        "day",
        [f"{w} {d} Mar" for d, w in zip(range(4, 32), ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] * 4, strict=False)],
        7,
        ["7-day average", "7 day rolling average"],
    ),
    ("week", [f"Week {i}" for i in range(1, 15)], 4, ["4-week average", "4-wk avg", "Rolling 4-week mean"]),
    ("week_ending", [f"{d:02d}/{m:02d}" for m in (1, 2, 3) for d in (7, 14, 21, 28)], 4, ["4-week average", "4wk_avg"]),
    ("month", ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"], 3, ["3-month average", "3m rolling avg"]),
]
T1_VARIABLES = [
    ("Sex", ["Female", "Male"]),
    ("Age group", ["18-39", "40-59", "60-74", "75+"]),
    ("Smoking status", ["Never", "Former", "Current"]),
    ("Ethnicity", ["White", "Asian", "Black", "Mixed", "Other"]),
    ("Diabetes", ["Yes", "No"]),
    ("BMI category", ["Under 18.5", "18.5-24.9", "25-29.9", "30 or more"]),
    ("Deprivation quintile", ["1 (most deprived)", "2", "3", "4", "5 (least deprived)"]),
    ("NYHA class", ["I", "II", "III", "IV"]),
]
T1_HEADS = [" (n={})", ", N = {}", " (N={})", " (N = {})", " [n={}]"]
SEX_WORDS = [("Males", "Females", "Persons"), ("Male", "Female", "Total"), ("Boys", "Girls", "All births"), ("Men", "Women", "All")]
PARENTS = ["North", "South", "East", "West", "Midlands", "Coast"]
CHILD_NAMES = ["Ashby", "Brook", "Castle", "Dale", "Elm", "Ford", "Grange", "Heath", "Ivy", "Jubilee", "Kings", "Lime"]


def spread(rng: random.Random, total: int, k: int, small: int, p_small: float = 0.35) -> list[int]:
    """`total` split into `k` parts by random weights, one part sometimes small (a rare category)."""
    if k == 1:
        return [total]
    w = [rng.uniform(0.3, 1.0) for _ in range(k)]
    parts = [int(total * x / sum(w)) for x in w]
    if rng.random() < p_small and total > 2 * small:
        i = rng.randrange(k)
        parts[i] = rng.randint(1 if rng.random() < 0.8 else 0, small - 1)
    rest = total - sum(parts)
    j = max(range(k), key=lambda i: parts[i])
    parts[j] += rest
    if parts[j] < 0:
        return spread(rng, total, k, small, 0.0)
    return parts


def layout_v12(layout: str, rng: random.Random, small: int, labels: list[str], cols: list[str]) -> list[Grid]:
    """The twelfth held-out set's layouts: every relation, bound and percentage below holds and a
    reader can use it."""
    nc = len(cols)
    if layout == "count_of_counts":
        # People by how many events each had (1, 2, 3, ... or 0, 1, 2, ...), the people's total and
        # the events' total: the events are each band's count times its number (a relation with
        # coefficients). The events per band in a column of their own, the events total in a row
        # under the people's total, or in a sentence after the table; one column of people, or one
        # per sex (or area) with a Total column.
        head, one_w, many_w, people, events, p_word, e_word = rng.choice(EVENT_COUNTS)
        start = 0 if rng.random() < 0.25 else 1
        ks = list(range(start, start + rng.randint(4, 7)))
        groups = [people] if rng.random() < 0.5 else (list(SEX) if rng.random() < 0.6 else rng.sample(labels, 2))
        counts = []
        for _ in groups:
            top = rng.randint(40, 400)
            ratio = rng.uniform(0.15, 0.5)
            col = [max(0, round(top * ratio ** (k - ks[0]) * rng.uniform(0.7, 1.3))) for k in ks]
            if rng.random() < 0.5:
                col[-1] = rng.randint(1, small - 1)
            counts.append(col)
        worded = rng.random() < 0.5
        rows = [f"{k} {one_w if k == 1 else many_w}" if worded else str(k) for k in ks]
        n = len(ks)
        one = len(groups) == 1
        shape = rng.choice(["column", "row", "after"]) if one else rng.choice(["row", "after"])
        total_word = rng.choice(["Total", f"All {p_word}", f"Total {p_word}"])
        tc = not one and rng.random() < 0.6
        cl = list(groups) + (["Total"] if tc else [])
        vals = [[counts[j][i] for j in range(len(groups))] for i in range(n)]
        if shape == "column":
            cl = [people, events]
            vals = [[v[0], k * v[0]] for k, v in zip(ks, vals, strict=True)]
        elif tc:
            vals = [[*v, sum(v)] for v in vals]
        g = Grid([*rows, total_word], cl, [*vals, [0] * len(cl)], row_name=head, col_name="")
        g = with_sums(g, list(range(n)), n, list(range(len(groups))) if tc else [], len(groups) if tc else None)
        weighted = [(i, k) for i, k in enumerate(ks) if k]
        if shape == "column":
            for i, k in weighted:
                g.eqs.append(([(0, i, 0)] * k, [(0, i, 1)]))
        if shape == "row":
            g.row_labels.append(rng.choice([events, f"Total {e_word}", f"{events} (total)"]))
            g.values.append([sum(k * g.values[i][c] for i, k in weighted) for c in range(len(cl))])
            for c in range(len(cl)):
                g.eqs.append(([(0, i, c) for i, k in weighted for _ in range(k)], [(0, n + 1, c)]))
        if shape == "after":
            told = [len(cl) - 1] if one or tc else list(range(len(cl)))
            if len(told) == 1:
                g.after = [("lit", "\n" + rng.choice(["Between them they had ", "In all they had ", "That is "]))]
            else:
                g.after = [("lit", f"\n{e_word.capitalize()}: ")]
            for j, c in enumerate(told):
                e = sum(k * g.values[i][c] for i, k in weighted)
                g.extra_values[("e", c)] = e
                g.eqs.append(([(0, i, c) for i, k in weighted for _ in range(k)], [(0, "e", c)]))
                if len(told) == 1:
                    g.after += [("cell", ("e", c), str(e)), ("lit", f" {e_word}" + rng.choice([".\n", " in the year.\n", " in total.\n"]))]
                else:
                    g.after += [("lit", ("" if not j else ", ") + f"{cl[c]} "), ("cell", ("e", c), str(e))]
            if len(told) > 1:
                g.after.append(("lit", ".\n"))
        return [g]
    if layout == "moving_average":
        # Counts per day (week, month) beside their moving average over the last `w` periods,
        # written to one decimal: w times the average is the window's sum to within w times 0.05 (a
        # rounding error, bounded). The first windows reach back before the table (the periods
        # there a non-negative rest) or are left blank; one or two areas (their counts first, then
        # their averages), sometimes their sum; sometimes a Total row (the averages blank).
        row_name, periods, w, words = rng.choice(MA_PERIODS)
        lo_n = 2 * w - 1
        n = rng.randint(lo_n, min(len(periods), lo_n + 8))
        first = rng.randint(0, len(periods) - n)
        periods = periods[first : first + n]
        word = rng.choice(words)
        series = [rng.choice(["Cases", "Count", "Admissions", "Calls", "n"])] if rng.random() < 0.55 else rng.sample(labels, 2)
        back = rng.random() < 0.6
        p_small = rng.choice([0.2, 0.3, 0.4])
        counts = [[small_or_not(rng, small, p_small) for _ in range(n + w - 1)] for _ in series]
        if len(series) == 2 and rng.random() < 0.4:
            counts.append([a + b for a, b in zip(*counts, strict=True)])
            series = [*series, rng.choice(["All", "Both", "Total"])]
        k = len(series)
        avg_names = [word] if k == 1 else [f"{s} {word}" for s in series]
        total = rng.random() < 0.3
        vals = [[ser[w - 1 + r] for ser in counts] + [0.0] * k for r in range(n)]
        g = Grid(list(periods) + (["Total"] if total else []), [*series, *avg_names], vals + ([[0] * k + [0.0] * k] if total else []))
        g.row_name, g.col_name = row_name, ""
        g.derived_cols = set(range(k, 2 * k))
        pre = []
        for ser in counts:
            ids = []
            for x in ser[: w - 1]:
                ids.append((0, "s", len(g.slack)))
                g.slack.append(x)
            pre.append(ids)
        for j, ser in enumerate(counts):
            for r in range(n):
                if r < w - 1 and not back:
                    g.missing.add((r, k + j))
                    continue
                window = ser[r : r + w]
                s = sum(window)
                avg = float(f"{s / w:.1f}")
                g.values[r][k + j] = avg
                err = s - sum([avg] * w)
                eid = (0, "s", len(g.slack))
                g.slack.append(err)
                g.slack_bounds[len(g.slack) - 1] = (-0.05 * w - 1e-6, 0.05 * w + 1e-6)
                g.eqs.append(([*pre[j][r:], *((0, q, j) for q in range(max(0, r - w + 1), r + 1))], [(0, r, k + j)] * w + [eid]))
            if total:
                g.values[n][j] = sum(g.values[r][j] for r in range(n))
                g.relations.append(([(r, j) for r in range(n)], (n, j)))
                g.missing.add((n, k + j))
        if k == 3:
            for r in range(n + (1 if total else 0)):
                g.relations.append(([(r, 0), (r, 1)], (r, 2)))
            for i in range(w - 1):
                g.eqs.append(([pre[0][i], pre[1][i]], [pre[2][i]]))
        g.intro = rng.choice([None, f"Daily counts with the {word}:" if w == 7 else f"Counts with the {word}:"])
        return [g]
    if layout == "group_shares_long":
        # A long table, one row per (area, category) with its count and its share of the area (a
        # `count()` then `mutate(pct = 100 * n / sum(n))` per group); the area's total is never
        # shown, but any share beside its count gives it back. Empty combinations left out, or
        # shown as 0.
        cat_name, cats = rng.choice([("tenure", cols[: max(2, nc)]), ("sex", SEX), ("age", AGES), ("tenure", COLS[:4])])
        keep_zero = rng.random() < 0.4
        rows, cat_col, vals, groups = [], [], [], []
        for lab in labels[: rng.randint(2, min(4, len(labels)))]:
            part = inner(rng, 1, len(cats), small)[0]
            if sum(part) == 0:
                part[0] = rng.randint(small, 60)
            ids = []
            for cat, v in zip(cats, part, strict=True):
                if v == 0 and not keep_zero:
                    continue
                ids.append(len(rows))
                rows.append(lab)
                cat_col.append(cat)
                vals.append([v, 0])
            groups.append(ids)
        for ids in groups:
            tot = sum(vals[r][0] for r in ids)
            for r in ids:
                vals[r][1] = tot
        pct_word = rng.choice(["pct", "%", "percent", "share", "prop_pct", f"% of {cat_name}"])
        g = Grid(rows, [rng.choice(["n", "count", "N"]), "group_total"], vals, extra=[(cat_name, cat_col)], col_name="")
        g.hidden_cols = {1}
        g.pct = [(0, 1)]
        g.pct_labels = {0: pct_word}
        for ids in groups:
            g.relations.append(([(r, 0) for r in ids], (ids[0], 1)))
            for r in ids[1:]:
                g.relations.append(([(ids[0], 1)], (r, 1)))
            for r in ids:
                g.pct_from[(r, 0, "%")] = [(r, 1), *((q, 0) for q in ids if q != r)]
        return [g]
    if layout == "table_one":
        # A study's baseline characteristics by arm ("Table 1"): each variable a block of rows
        # under its heading, each block summing to the arm's N (stated in the column header,
        # `Drug A (N=98)`), each count with its share of N, in its cell (`12 (10.0)`) or beside it;
        # sometimes an Overall column; a Missing row in some blocks; a two-level variable shown by
        # one level only (the other, never shown, the N less it).
        arms = list(rng.choice(ARMS))
        if rng.random() < 0.2:
            arms.append(rng.choice(["Arm C", "Low dose", "Waiting list"]))
        overall = rng.random() < 0.5
        ns = [rng.randint(18, 240) for _ in arms]
        variables = rng.sample(T1_VARIABLES, rng.randint(3, 5))
        head = rng.choice(T1_HEADS)
        ind = rng.choice(["  ", "    ", "- "])
        rows, vals, headings, blocks = [], [], {}, []
        for name, levels in variables:
            lv = list(levels)
            parts = [spread(rng, n_, len(lv), small, 0.5) for n_ in ns]
            miss = rng.random() < 0.35
            if miss:
                lv.append(rng.choice(["Missing", "Unknown", "Not recorded"]))
                for j, n_ in enumerate(ns):
                    # a handful missing, taken from the largest level
                    big = max(range(len(levels)), key=lambda i: parts[j][i])
                    take = min(rng.randint(0, min(small + 2, n_ // 4)), parts[j][big])
                    parts[j][big] -= take
                    parts[j].append(take)
            if len(levels) == 2 and not miss and rng.random() < 0.4:
                # one level only (`Sex: Female`): the other level never shown, N less it
                rows.append(f"{name}: {lv[0]}" if rng.random() < 0.5 else f"{name} = {lv[0]}")
                vals.append([parts[j][0] for j in range(len(arms))])
                blocks.append(([len(vals) - 1], [parts[j][1] for j in range(len(arms))]))
                continue
            headings[len(rows)] = (name + rng.choice(["", ", n (%)", " - n (%)"]), name, len(lv))
            block = []
            for i, level in enumerate(lv):
                block.append(len(vals))
                rows.append(ind + level)
                vals.append([parts[j][i] for j in range(len(arms))])
            blocks.append((block, None))
        cl = [f"{a}{head.format(n_)}" for a, n_ in zip(arms, ns, strict=True)]
        na = len(arms)
        if overall:
            word = rng.choice(["Overall", "Total", "All"])
            cl.append(f"{word}{head.format(sum(ns))}")
            vals = [[*v, sum(v)] for v in vals]
            ns.append(sum(ns))
        g = Grid(rows, cl, vals, row_name=rng.choice(["Characteristic", "", "Variable"]), col_name="arm")
        g.headings = headings
        g.pct = [(c, None) for c in range(len(cl))]
        g.pct_where_shown = True
        g.pct_inline = rng.random() < 0.65
        g.pct_plain = rng.random() < 0.6
        if not g.pct_inline:
            g.pct_labels = {c: "%" for c in range(len(cl))}
        pre, post = head.split("{}")
        for c, n_ in enumerate(ns):
            base = cl[c][: len(cl[c]) - len(pre + str(n_) + post)]
            g.extra_values[("n", c)] = n_
            g.label_counts[("n", c)] = (("n", c), base + pre, str(n_), post)
            g.col_bases[c] = n_
            for r in range(len(rows)):
                g.pct_from_case[(r, c, "%")] = [(0, "n", c)]
        if overall:
            for r in range(len(rows)):
                g.relations.append(([(r, c) for c in range(na)], (r, na)))
            g.relations.append(([("n", c) for c in range(na)], ("n", na)))
        for block, rest in blocks:
            for c in range(len(cl)):
                parts_ = [(r, c) for r in block]
                if rest is not None:
                    parts_.append(("s", len(g.slack)))
                    g.slack.append(rest[c] if c < na else sum(rest))
                g.relations.append((parts_, ("n", c)))
        return [g]
    if layout == "sex_ratio":
        # Males and females (and persons) per area or age band, with the males per 100 females (or
        # the females per 100 males) after the last of them: the ratio gives back either count from
        # the other. A Total row sometimes.
        m_w, f_w, p_w = rng.choice(SEX_WORDS)
        by_age = rng.random() < 0.45
        rows = list(rng.choice(AGE_BANDS)) if by_age else list(labels)
        males_last = rng.random() < 0.5
        persons = rng.random() < 0.6
        pairs = []
        for _ in rows:
            # near as many of each sex; a small area or band has small counts of both
            n_ = rng.randint(2, 3 * small) if rng.random() < 0.35 else rng.randint(3 * small, 600)
            a = min(n_ - 1, max(0, round(n_ * rng.uniform(0.4, 0.6))))
            pairs.append((a, n_ - a))  # (numerator, denominator): the denominator never 0
        order = [f_w, m_w] if males_last else [m_w, f_w]
        cl = ([p_w] if persons else []) + order
        vals = [([a + b] if persons else []) + [b, a] for a, b in pairs]
        total = rng.random() < 0.6
        if total:
            vals.append([sum(v[c] for v in vals) for c in range(len(cl))])
            rows.append(rng.choice(["Total", "All ages" if by_age else "All areas", "All"]))
        g = Grid(rows, cl, vals, row_name="age" if by_age else "region", col_name="")
        num_c, den_c = len(cl) - 1, len(cl) - 2
        n = len(rows) - (1 if total else 0)
        if persons:
            for r in range(len(rows)):
                g.relations.append(([(r, 1), (r, 2)], (r, 0)))
        if total:
            for c in range(len(cl)):
                g.relations.append(([(r, c) for r in range(n)], (n, c)))
        ratio = f"{m_w if males_last else f_w} per 100 {(f_w if males_last else m_w).lower()}"
        g.pct = [(num_c, den_c)]
        g.pct_labels = {num_c: rng.choice([ratio, "Sex ratio", f"Sex ratio ({ratio})"])}
        g.pct_plain = True
        for r in range(len(rows)):
            g.pct_from[(r, num_c, "%")] = [(r, den_c)]
        return [g]
    if layout == "pct_of_parent":
        # A two-level outline (areas, the practices under them, indented) with each row's share of
        # its parent row (an area's share of the grand total, a practice's of its area; Excel's
        # "% of parent row total"), one or two count columns, the grand total last or first.
        parents = rng.sample(PARENTS, rng.randint(2, 3))
        names = rng.sample(CHILD_NAMES, 12)
        ccols = [rng.choice(["Patients", "Referrals", "Registrations"])] if rng.random() < 0.6 else list(cols[:2])
        k = len(ccols)
        indent = rng.choice(["  ", "    ", "   - "])
        rows, vals, parent_of, tops = [], [], {}, []
        for p in parents:
            pr = len(rows)
            tops.append(pr)
            rows.append(p)
            vals.append([0] * k)
            kids = []
            for _ in range(rng.randint(2, 4)):
                kids.append(len(rows))
                rows.append(indent + names.pop() + rng.choice(["", " Surgery", " Practice", " MC"]))
                vals.append(inner(rng, 1, k, small)[0])
            for c in range(k):
                vals[pr][c] = sum(vals[q][c] for q in kids)
            for q in kids:
                parent_of[q] = pr
        first = rng.random() < 0.3
        tot = [sum(vals[t][c] for t in tops) for c in range(k)]
        word = rng.choice(["Total", "Grand Total", "All areas"])
        if first:
            rows.insert(0, word)
            vals.insert(0, tot)
            parent_of = {q + 1: p + 1 for q, p in parent_of.items()}
            tops = [t + 1 for t in tops]
            T = 0
        else:
            rows.append(word)
            vals.append(tot)
            T = len(rows) - 1
        g = Grid(rows, list(ccols), vals, row_name=rng.choice(["Area / practice", "Row Labels", "area"]), col_name="")
        for t_ in tops:
            parent_of[t_] = T
        parent_of[T] = T
        kids_of: dict = {}
        for q, p in parent_of.items():
            if q != T:
                kids_of.setdefault(p, []).append(q)
        for p, qs in kids_of.items():
            for c in range(k):
                g.relations.append(([(q, c) for q in sorted(qs)], (p, c)))
        g.pct = [(c, None) for c in range(k)]
        g.pct_parent = parent_of
        g.pct_labels = {c: "% of parent" if k == 1 else f"{ccols[c]} (% of parent)" for c in range(k)}
        for q, p in parent_of.items():
            if q != T:
                for c in range(k):
                    g.pct_from[(q, c, "%")] = [(p, c)]
        return [g]
    raise ValueError(layout)


V12_FENCES = {
    "scala_repl": "```scala\n",
    "haskell_show": "```haskell\n",
    "lua_table": "```lua\n",
    "clojure_edn": "```clojure\n",
    "protobuf_text": "```\n",
    "yaml_flow": "```yaml\n",
    "julia_dict": "```julia\n",
    "minitab": "```\n",
    "chartjs": "```js\n",
    "json_stat": "```json\n",
}
# the set-12 formats that list records
RECORDS_V12 = ("scala_repl", "haskell_show", "lua_table", "clojure_edn", "protobuf_text", "yaml_flow", "julia_dict")
NUMBERS_ONLY_V12 = ("chartjs", "json_stat")  # a number or null in each place: no marker, interval, base or count in a cell's text
ESCAPING_V12 = ("haskell_show", "protobuf_text")  # a string's non-ASCII characters escaped (`\8211`, `\342\200\223`)
SIGNED_V12 = SIGNED_V11
TOTALS_V12 = (*TOTALS_V10, "Grand Total", "All areas")  # what a chart leaves out


def ascii_grid(g: Grid) -> bool:
    """Every text the table writes in ASCII (labels, headers, markers, an interval's separator)."""
    texts = [*g.row_labels, *g.col_labels, *g.pct_labels.values(), g.row_name, g.col_name]
    texts += [m[0] for m in g.masks.values()] + [x[2][1] for x in g.ci.values()] + list(g.marks.values())
    texts += [x for _, vs in extra_cols(g) for x in vs] + [h[0] for h in g.headings.values()]
    return all(x.isascii() for x in texts)


def fmt_ok_v12(fmt: str, layout: str, grids: list[Grid]) -> bool:
    """Which formats write which layouts in the twelfth set."""
    if layout in V5_ONLY_LAYOUTS and fmt not in V5_FORMATS:
        return False
    if fmt in V12_FORMATS and layout in ("hier2_indent", "ragged_row", "cell_flags", "locale_numbers", "footnote_marks", "thousands_presupp"):
        return False
    if fmt in V12_FORMATS and any(g.pct_delta for g in grids):
        return False  # a `+12.5` is no number these print
    if fmt in NUMBERS_ONLY_V12:
        if any(g.ci or g.of_base or g.masks or g.pct_inline or g.flags or g.marks for g in grids):
            return False
        if fmt == "json_stat" and any(g.extra or g.level for g in grids):
            return False  # one category per row label
    if fmt in ESCAPING_V12 and not all(ascii_grid(g) for g in grids):
        return False
    if fmt in NO_DERIVED_V11 and layout in V12_LAYOUTS and any(g.derived_cols or g.derived_cells for g in grids):
        return False
    if fmt == "r_list":
        floats = any(isinstance(v, float) for g in grids for row in g.values for v in row)
        if floats or any(g.pct or g.rate or g.col_pct or g.float_cols for g in grids):
            return False
    return not (fmt in BARE_JSON and any(g.pct_delta for g in grids))


def adapt_v12(grids: list[Grid], fmt: str, rng: random.Random) -> None:
    """How a set-12 case is written: flat column names and no signs in the set-12 formats (a sign
    only where a person writes the table), a study table's headings folded into its row labels
    (`Sex: Female`) where an earlier format writes them, a chart without its totals (sometimes),
    the sentence before each table, the fence, a style shared by the case's tables."""
    styles = (rng.random(), rng.random(), rng.random())
    fence = V12_FENCES.get(fmt, "")
    if fmt == "chartjs":
        fence = "```json\n" if styles[0] < 0.3 else rng.choice(["```js\n", "```javascript\n"])
    elif fmt in ("haskell_show", "julia_dict", "yaml_flow", "minitab") and rng.random() < 0.25:
        fence = "```\n" if fence != "```\n" else ""
    for g in grids:
        if fmt not in SIGNED_V12:
            g.signed_cols = set()
        if g.headings and fmt not in V12_FORMATS:
            for r0, (_, name, size) in g.headings.items():
                for r in range(r0, r0 + size):
                    g.row_labels[r] = f"{name}: {g.row_labels[r].lstrip(' -')}"
            g.headings = {}
        if fmt in V12_FORMATS:
            g.styles = styles
            if g.col_groups:
                g.col_labels = [lab if grp == lab else f"{grp} {lab}" for grp, lab in zip(g.col_groups, g.col_labels, strict=True)]
                g.col_groups = None
            g.fence = fence
            if fmt == "chartjs" and styles[2] < 0.5:
                # a chart leaves the totals out (and their shares)
                g.pct_where_shown = True
                nr, nc = len(g.row_labels), len(g.col_labels)
                for r, lab in enumerate(g.row_labels):
                    if lab in TOTALS_V12 or lab == g.total_label:
                        g.missing |= {(r, c) for c in range(nc)}
                for c, lab in enumerate(g.col_labels):
                    if lab in TOTALS_V12:
                        g.missing |= {(r, c) for r in range(nr)}
        if g.intro is None:
            g.intro = rng.choice(INTROS_V12)


def row_items12(g: Grid, r: int, fmt: str) -> list:
    """`row_items` with a blank where a cell is not shown, so that every field stays under its
    header (a moving average left blank before its first full window, a chart's left-out total)."""
    got = row_items(g, r, fmt)
    if not any((r, c) in g.missing for c in range(len(g.col_labels))):
        return got
    missing, g.missing = g.missing, set()
    try:
        full = row_items(g, r, fmt)
    except ZeroDivisionError:
        full = got
    g.missing = missing
    out, j = [], 0
    for it in full:
        if j < len(got) and got[j][:2] == it[:2]:
            out.append(got[j])
            j += 1
        else:
            out.append(("lit", ""))
    return out if j == len(got) else got


def v12_table(t: Tokens, g: Grid, fmt: str, rng) -> None:
    h = header(g)
    nlab = 1 + len(extra_cols(g))
    body = []
    for r in range(len(g.row_labels)):
        if r in g.headings:
            body.append((None, [("lit", g.headings[r][0])] + [("lit", "")] * (len(h) - 1)))
        row = [("lit", label(g, r, fmt)), *(("lit", v[r]) for _, v in extra_cols(g)), *row_items12(g, r, fmt)]
        body.append((r, row + [("lit", "")] * (len(h) - len(row))))
    V12_WRITERS[fmt](t, h, body, nlab, g, rng)


def number_text(it) -> str:
    """A field's value as a program prints a number (a percentage without its sign)."""
    return bare(it)[-1]


def value_kinds(head: list, body: list, nlab: int) -> list[str]:
    """Per column: "int" (every shown value a whole number), "float" (a number with a decimal
    point in some row), or "str" (a label, a marker, a count with its percentage, ...)."""
    out = []
    for c in range(len(head)):
        shown_ = [row[c] for _, row in body if row[c][-1] != ""]
        if c < nlab or not shown_ or not all(as_number(it, c, nlab) for it in shown_):
            out.append("str")
        else:
            out.append("int" if all(re.fullmatch(r"-?\d+", number_text(it)) for it in shown_) else "float")
    return out


def whole_counts(body: list, nlab: int, g: Grid | None) -> bool:
    """Every shown value a whole count (no share, no mean, no marker): what a `GROUP BY ...
    COUNT` or a frequency table returns, a map of counts can hold."""
    derived = g.derived_cols if g is not None else set()
    values = [it for _, row in body for c, it in enumerate(row) if c >= nlab and it[-1] != ""]
    return nlab >= 1 and bool(values) and all(it[0] == "cell" and it[1] not in derived and re.fullmatch(r"\d+", it[-1]) for it in values)


def scala_row(t: Tokens, r, row: list, kinds: list[str]) -> None:
    t.lit("[")
    for c, it in enumerate(row):
        t.lit("," if c else "")
        if it[-1] == "":
            t.lit("null")
        else:
            put(t, r, bare(it) if kinds[c] != "str" else it)
    t.lit("]")


def w_scala_repl(t, head, body, nlab, g, rng) -> None:
    """The Scala REPL (spark-shell): `df.collect()` as `res3: Array[org.apache.spark.sql.Row] =
    Array([North,12,3], ...)` (a Row's fields joined by commas, strings bare, `null` for none;
    Scala 2.13 writes `val res3: ...`), the Rows a line each (`df.collect().foreach(println)`), a
    Map from `groupBy` or `countByValue` (`Map(North -> 12)`, a tuple key with two groups,
    `HashMap` past four entries), or a List of case classes (`List(Summary(North,12,3), ...)`)."""
    kinds = value_kinds(head, body, nlab)
    new = style(g, rng, 1) < 0.5
    res = f"{'val ' if new else ''}res{rng.randint(0, 14)}: "
    s = style(g, rng)
    if style(g, rng, 2) < 0.5:
        t.lit("scala> " + rng.choice(["df.collect()", "counts.collect()", "result"]) + ("\n" if s < 0.55 or s >= 0.8 else ".foreach(println)\n"))
    if nlab >= 1 and whole_counts(body, nlab, g) and s < 0.3 and all(row[0][-1] for _, row in body):
        one = len(head) - nlab == 1
        entries = []
        for r, row in body:
            labs = [it[-1] for it in row[:nlab]]
            for c in range(nlab, len(head)):
                if row[c][-1] != "":
                    key = labs + ([] if one else [head[c]])
                    entries.append((r, key[0] if len(key) == 1 else "(" + ",".join(key) + ")", bare(row[c])))
        arity = nlab + (0 if one else 1)
        ktype = "String" if arity == 1 else "(" + ", ".join(["String"] * arity) + ")"
        name = "HashMap" if new and len(entries) > 4 else "Map"
        t.lit(f"{res}scala.collection.immutable.Map[{ktype},Long] = {name}(")
        for j, (r, k, it) in enumerate(entries):
            t.lit((", " if j else "") + k + " -> ")
            put(t, r, it)
        t.lit(")\n")
        return
    if s < 0.55 and sum(len(it[-1]) + 1 for _, row in body for it in row) + 3 * len(body) < 700:
        t.lit(f"{res}Array[org.apache.spark.sql.Row] = Array(")
        for j, (r, row) in enumerate(body):
            t.lit(", " if j else "")
            scala_row(t, r, row, kinds)
        t.lit(")\n")
        return
    if s < 0.8:
        for r, row in body:
            scala_row(t, r, row, kinds)
            t.lit("\n")
        return
    name = rng.choice(["Summary", "Count", "Stat", "Record"]) if g is not None else "Patient"
    t.lit(f"{res}List[{name}] = List(")
    for j, (r, row) in enumerate(body):
        t.lit((", " if j else "") + name + "(")
        for c, it in enumerate(row):
            t.lit("," if c else "")
            if it[-1] == "":
                t.lit("null")
            else:
                put(t, r, bare(it) if kinds[c] != "str" else it)
        t.lit(")")
    t.lit(")\n")


def hs_string(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def w_haskell_show(t, head, body, nlab, g, rng) -> None:
    """GHCi's `show` of the result: a `Data.Map` of counts (`fromList [("North",12),...]`, keys in
    order, a tuple key with two groups, or a Map of Maps), a list of tuples (`[("North",12,3),...]`),
    or a list of records (`[Summary {region = "North", owner = 12},...]`, or laid out by
    pretty-simple's `pPrint`); `Just` / `Nothing` in a column with a missing value."""
    kinds = value_kinds(head, body, nlab)
    maybe = [c >= nlab and any(row[c][-1] == "" for _, row in body) for c in range(len(head))]
    s = style(g, rng)
    if style(g, rng, 2) < 0.5:
        t.lit(rng.choice(["ghci> ", "\u03bb> ", "*Main> "]) + rng.choice(["counts", "summary", "result", "report"]) + "\n")

    def value(r, it, c) -> None:
        if it[-1] == "":
            t.lit("Nothing" if maybe[c] else '""')
            return
        neg = kinds[c] != "str" and number_text(it).startswith("-")
        t.lit(("Just (" if neg else "Just ") if maybe[c] else "")
        if kinds[c] != "str":
            put(t, r, bare(it))
        else:
            quoted_value(t, r, it, '"', lambda x: hs_string(x)[1:-1])
        t.lit(")" if maybe[c] and neg else "")

    if nlab >= 1 and whole_counts(body, nlab, g) and s < 0.4 and all(row[0][-1] for _, row in body):
        one = len(head) - nlab == 1
        nested = not one and nlab == 1 and style(g, rng, 1) < 0.4
        if nested:
            rows = sorted(((row[0][-1], r, row) for r, row in body), key=lambda x: x[0])
            t.lit("fromList [")
            for j, (lab, r, row) in enumerate(rows):
                t.lit(("," if j else "") + "(" + hs_string(lab) + ",fromList [")
                cells = sorted((head[c], c) for c in range(nlab, len(head)) if row[c][-1] != "")
                for i, (name, c) in enumerate(cells):
                    t.lit(("," if i else "") + "(" + hs_string(name) + ",")
                    put(t, r, bare(row[c]))
                    t.lit(")")
                t.lit("])")
            t.lit("]\n")
            return
        entries = []
        for r, row in body:
            labs = [it[-1] for it in row[:nlab]]
            for c in range(nlab, len(head)):
                if row[c][-1] != "":
                    key = labs + ([] if one else [head[c]])
                    entries.append((tuple(key), r, bare(row[c])))
        entries.sort(key=lambda x: x[0])
        t.lit("fromList [")
        for j, (key, r, it) in enumerate(entries):
            k = hs_string(key[0]) if len(key) == 1 else "(" + ",".join(hs_string(x) for x in key) + ")"
            t.lit(("," if j else "") + "(" + k + ",")
            put(t, r, it)
            t.lit(")")
        t.lit("]\n")
        return
    if s < 0.65 and len(head) <= 7:
        t.lit("[")
        for j, (r, row) in enumerate(body):
            t.lit(("," if j else "") + "(")
            for c, it in enumerate(row):
                t.lit("," if c else "")
                value(r, it, c)
            t.lit(")")
        t.lit("]\n")
        return
    con = rng.choice(["Summary", "Row", "Count", "Rec"]) if g is not None else "Patient"
    names = unique_names([camel(k) for k in field_keys(head, nlab)])
    if style(g, rng, 1) < 0.5:
        # pretty-simple's pPrint
        for j, (r, row) in enumerate(body):
            t.lit(("[ " if not j else ", ") + con + "\n")
            for c, it in enumerate(row):
                t.lit(("    { " if not c else "    , ") + names[c] + " = ")
                value(r, it, c)
                t.lit("\n")
            t.lit("    }\n")
        t.lit("]\n" if body else "[]\n")
        return
    t.lit("[")
    for j, (r, row) in enumerate(body):
        t.lit(("," if j else "") + con + " {")
        for c, it in enumerate(row):
            t.lit((", " if c else "") + names[c] + " = ")
            value(r, it, c)
        t.lit("}")
    t.lit("]\n")


LUA_KEYWORDS = {"and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in"}
LUA_KEYWORDS |= {"local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while"}


def lua_key(s: str) -> str:
    return s if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", s) and s not in LUA_KEYWORDS else f"[{json.dumps(s, ensure_ascii=False)}]"


def w_lua_table(t, head, body, nlab, g, rng) -> None:
    """Lua tables as inspect.lua (or Neovim's `vim.inspect`) prints them: an array of records
    (`{ {\\n    owner = 12,\\n    region = "North"\\n  }, {` ...), or a table keyed by the row label (`{\\n
    North = 12,\\n  ["Peace Valley"] = 3\\n}`, a table of its fields under each), keys sorted, a
    key that is no name in brackets, a missing value left out (nil); or serpent's one-line
    `serpent.line` (`{{Owner = 12, region = "North"}, ...}`)."""
    kinds = value_kinds(head, body, nlab)
    keys = field_keys(head, nlab)
    if style(g, rng, 2) < 0.4:
        t.lit("> " + rng.choice(["print(inspect(counts))", "print(vim.inspect(rows))", "=inspect(result)"]) + "\n")

    def value(r, it, c) -> None:
        if kinds[c] != "str":
            put(t, r, bare(it))
        else:
            quoted_value(t, r, it, '"', lambda x: json.dumps(x, ensure_ascii=False)[1:-1])

    def fields(row) -> list:
        return sorted(((lua_key(keys[c]), c, it) for c, it in enumerate(row) if it[-1] != ""), key=lambda x: x[0].strip('["]'))

    keyed = nlab == 1 and style(g, rng) < 0.45 and len({row[0][-1] for _, row in body}) == len(body) and all(row[0][-1] for _, row in body)
    if keyed:
        one = len(head) == 2
        rows = sorted(((lua_key(row[0][-1]), r, row) for r, row in body), key=lambda x: x[0].strip('["]'))
        rows = [x for x in rows if not one or x[2][1][-1] != ""]
        t.lit("{\n")
        for j, (k, r, row) in enumerate(rows):
            t.lit(f"  {k} = ")
            if one:
                value(r, row[1], 1)
            else:
                fs = fields(row[1:])
                t.lit("{\n")
                for i, (fk, c, it) in enumerate(fs):
                    t.lit(f"    {fk} = ")
                    value(r, it, c + 1)
                    t.lit(",\n" if i + 1 < len(fs) else "\n")
                t.lit("  }")
            t.lit(",\n" if j + 1 < len(rows) else "\n")
        t.lit("}\n")
        return
    if style(g, rng, 1) < 0.3:
        t.lit("{")
        for j, (r, row) in enumerate(body):
            t.lit((", " if j else "") + "{")
            for i, (fk, c, it) in enumerate(fields(row)):
                t.lit((", " if i else "") + f"{fk} = ")
                value(r, it, c)
            t.lit("}")
        t.lit("}\n")
        return
    t.lit("{ ")
    for j, (r, row) in enumerate(body):
        t.lit("{\n" if not j else ", {\n")
        fs = fields(row)
        for i, (fk, c, it) in enumerate(fs):
            t.lit(f"    {fk} = ")
            value(r, it, c)
            t.lit(",\n" if i + 1 < len(fs) else "\n")
        t.lit("  }")
    t.lit(" }\n")


def edn_keyword(s: str) -> str | None:
    k = re.sub(r"[^a-z0-9]+", "-", s.lower().replace("%", "pct")).strip("-")
    return f":{k}" if k and not k[0].isdigit() else None


def w_clojure_edn(t, head, body, nlab, g, rng) -> None:
    """A Clojure REPL's print of the result: a vector of maps (`[{:region "North", :owner 12}
    ...]`, keywords from the column names, a string key where none fits, `nil` for none; next.jdbc's
    namespaced maps `#:counts{:region "North", ...}`; `pprint` a map a line), the map
    `frequencies` returns (`{"North" 12, ["North" "Owner"] 3}`), or `clojure.pprint/print-table`
    (a blank line, keys as headers, every field right-aligned)."""
    kinds = value_kinds(head, body, nlab)
    kws = [edn_keyword(k) for k in field_keys(head, nlab)]
    keys = unique_names([k if k is not None else json.dumps(h, ensure_ascii=False) for k, h in zip(kws, field_keys(head, nlab), strict=True)])
    s = style(g, rng)

    def value(r, it, c) -> None:
        if it[-1] == "":
            t.lit("nil")
        elif kinds[c] != "str":
            put(t, r, bare(it))
        else:
            quoted_value(t, r, it, '"', lambda x: json.dumps(x, ensure_ascii=False)[1:-1])

    if nlab >= 1 and whole_counts(body, nlab, g) and s < 0.3 and all(row[0][-1] for _, row in body):
        one = len(head) - nlab == 1
        entries = []
        for r, row in body:
            labs = [json.dumps(it[-1], ensure_ascii=False) for it in row[:nlab]]
            for c in range(nlab, len(head)):
                if row[c][-1] != "":
                    key = labs + ([] if one else [json.dumps(head[c], ensure_ascii=False)])
                    entries.append((key[0] if len(key) == 1 else "[" + " ".join(key) + "]", r, bare(row[c])))
        if len(entries) > 8:
            rng.shuffle(entries)  # a hash map: no order
        t.lit("{")
        for j, (k, r, it) in enumerate(entries):
            t.lit((", " if j else "") + k + " ")
            put(t, r, it)
        t.lit("}\n")
        return
    if s < 0.5 and all(k.startswith(":") for k in keys):
        # print-table
        hs = keys
        cells = [[("lit", "") if it[-1] == "" else bare(it) if kinds[c] != "str" else it for c, it in enumerate(row)] for _, row in body]
        ws = [max(dw(hs[c]), *(dw(x[c][-1]) for x in cells)) for c in range(len(hs))]
        t.lit("\n| " + " | ".join(" " * (w - dw(x)) + x for x, w in zip(hs, ws, strict=True)) + " |\n")
        t.lit("|-" + "-+-".join("-" * w for w in ws) + "-|\n")
        for (r, _), row in zip(body, cells, strict=True):
            t.lit("| ")
            for c, it in enumerate(row):
                t.lit(" | " if c else "")
                put(t, r, it, ws[c], "r")
            t.lit(" |\n")
        return
    ns = None
    if g is not None and style(g, rng, 1) < 0.35 and all(k.startswith(":") for k in keys):
        ns = rng.choice(["counts", "summary", "report"])
    parts = [(r, [(keys[c], c, it) for c, it in enumerate(row)]) for r, row in body]
    width = sum(len(k) + len(it[-1]) + 4 for _, p in parts for k, _, it in p) + 4
    pretty = width > 80 and style(g, rng, 2) < 0.6
    t.lit("[")
    for j, (r, p) in enumerate(parts):
        t.lit(("" if not j else "\n " if pretty else " ") + (f"#:{ns}{{" if ns else "{"))
        long = pretty and sum(len(k) + len(it[-1]) + 3 for k, _, it in p) > 70
        for i, (k, c, it) in enumerate(p):
            t.lit(("" if not i else ",\n  " if long else ", ") + k + " ")
            value(r, it, c)
        t.lit("}")
    t.lit("]\n")


def pb_name(s: str) -> str:
    k = snake(s)
    return k if not k[0].isdigit() else "n_" + k


def w_protobuf_text(t, head, body, nlab, g, rng) -> None:
    """Protobuf text format, as Python prints a message: a Google Analytics Data API
    `RunReportResponse` (`dimension_headers`, `metric_headers` with their type, a `rows` message
    per row with its `dimension_values` and `metric_values`, each `value` a quoted string, then
    `row_count` and `metadata`), or a repeated message of the rows (`rows {\\n  region: "North"\\n
    owner: 12\\n}`, or a message a line as `as_one_line` writes it; a field not set left out)."""
    kinds = value_kinds(head, body, nlab)
    if nlab >= 1 and style(g, rng) < 0.55:
        for c in range(nlab):
            t.lit(f'dimension_headers {{\n  name: "{head[c]}"\n}}\n')
        for c in range(nlab, len(head)):
            typ = {"int": "TYPE_INTEGER", "float": "TYPE_FLOAT"}.get(kinds[c], "TYPE_STANDARD")
            t.lit(f'metric_headers {{\n  name: "{head[c]}"\n  type: {typ}\n}}\n')
        for r, row in body:
            t.lit("rows {\n")
            for c, it in enumerate(row):
                t.lit("  dimension_values {\n" if c < nlab else "  metric_values {\n")
                if it[-1] != "":
                    t.lit("    value: ")
                    quoted_value(t, r, bare(it) if kinds[c] != "str" else it, '"', lambda x: x.replace("\\", "\\\\").replace('"', '\\"'))
                    t.lit("\n")
                t.lit("  }\n")
            t.lit("}\n")
        t.lit(f'row_count: {len(body)}\nmetadata {{\n  currency_code: "GBP"\n  time_zone: "Europe/London"\n}}\nkind: "analyticsData#runReport"\n')
        return
    names = unique_names([pb_name(k) for k in field_keys(head, nlab)])
    msg = rng.choice(["rows", "results", "items", "entries"]) if g is not None else "records"
    one_line = style(g, rng, 1) < 0.35
    for r, row in body:
        t.lit(f"{msg} {{" + (" " if one_line else "\n"))
        for c, it in enumerate(row):
            if it[-1] == "":
                continue
            t.lit(("" if one_line else "  ") + names[c] + ": ")
            if kinds[c] != "str":
                put(t, r, bare(it))
            else:
                quoted_value(t, r, it, '"', lambda x: x.replace("\\", "\\\\").replace('"', '\\"'))
            t.lit(" " if one_line else "\n")
        t.lit("}\n")


YAML_PLAIN_START = re.compile(r"[A-Za-z0-9(<]")
YAML_SPECIAL_WORDS = {"y", "n", "yes", "no", "on", "off", "true", "false", "null", "~"}


def yaml_plain(s: str) -> bool:
    """A string PyYAML writes bare in flow style: no indicator first, no flow punctuation, nothing
    a reader would take for a number, a boolean, a null or a date."""
    if not s or s != s.strip() or not YAML_PLAIN_START.match(s) or s.lower() in YAML_SPECIAL_WORDS:
        return False
    if re.fullmatch(r"[-+]?(\d[\d_]*)?\.?\d*([eE][-+]?\d+)?", s) or re.fullmatch(r"\d{4}-\d\d?-\d\d?.*", s) or re.fullmatch(r"\d+(:[0-5]?\d)+", s):
        return False
    return not any(ch in s for ch in ",[]{}#'\"") and ": " not in s and not s.endswith(":")


def yaml_put(t: Tokens, r, it, c: int, kinds: list[str]) -> None:
    if it[-1] == "":
        t.lit("null")
    elif kinds[c] != "str":
        put(t, r, bare(it))
    elif yaml_plain(it[-1]):
        put(t, r, it)
    else:
        quoted_value(t, r, it, "'", lambda x: x.replace("'", "''"))


def yaml_key(s: str) -> str:
    return s if yaml_plain(s) else "'" + s.replace("'", "''") + "'"


def w_yaml_flow(t, head, body, nlab, g, rng) -> None:
    """PyYAML's flow style: `yaml.dump(records, default_flow_style=None)` (a `- {region: North,
    Owner: 12}` line per record), `default_flow_style=True` (one flow sequence, broken past 80
    columns, the rest indented), or a mapping of rows (`North: {Owner: 12, Renter: 3}`); keys
    sorted (the default) or in column order; a string quoted only where YAML needs it, `null`
    for none."""
    kinds = value_kinds(head, body, nlab)
    keys = [yaml_key(k) for k in field_keys(head, nlab)]
    order = list(range(len(head)))
    if style(g, rng, 1) < 0.5:
        order.sort(key=lambda c: field_keys(head, nlab)[c])
    s = style(g, rng)
    keyed = nlab == 1 and s < 0.3 and len({row[0][-1] for _, row in body}) == len(body) and all(row[0][-1] for _, row in body)
    if keyed:
        rows = sorted(body, key=lambda x: x[1][0][-1]) if style(g, rng, 1) < 0.5 else list(body)
        for r, row in rows:
            t.lit(yaml_key(row[0][-1]) + ": {")
            for i, c in enumerate(c for c in order if c):
                t.lit((", " if i else "") + keys[c] + ": ")
                yaml_put(t, r, row[c], c, kinds)
            t.lit("}\n")
        return
    if s < 0.7:
        for r, row in body:
            t.lit("- {")
            for i, c in enumerate(order):
                t.lit((", " if i else "") + keys[c] + ": ")
                yaml_put(t, r, row[c], c, kinds)
            t.lit("}\n")
        return
    col, first = 1, True
    t.lit("[")
    for j, (r, row) in enumerate(body):
        for i, c in enumerate(order):
            lead_ = ("{" if not i else "") + keys[c] + ": "
            size = len(lead_) + len(row[c][-1] or "null")
            if not first:
                # a line broken where it passes 80 columns, the rest indented
                wrap = col + 1 + size > 80
                t.lit("\n  " if wrap else " ")
                col = 2 if wrap else col + 1
            first = False
            t.lit(lead_)
            yaml_put(t, r, row[c], c, kinds)
            end = ("}" + ("," if j + 1 < len(body) else "")) if i + 1 == len(order) else ","
            t.lit(end)
            col += size + len(end)
    t.lit("]\n")


def w_julia_dict(t, head, body, nlab, g, rng) -> None:
    """Julia's display of the result: a `Dict` (StatsBase's `countmap`: `Dict{String, Int64} with
    5 entries:`, then `"North" => 12` a line, the keys padded to one width, in hash order; a tuple
    key with two groups; or a Dict of Dicts, the inner ones compact, `Dict("Owner"=>12, ...)`), or
    a Vector of NamedTuples (`Tables.rowtable`: its type, then `(region = "North", Owner = 12)` a
    line, `missing` for none)."""
    kinds = value_kinds(head, body, nlab)
    s = style(g, rng)
    if style(g, rng, 2) < 0.4:
        t.lit("julia> " + rng.choice(["countmap(df.region)", "counts", "Tables.rowtable(df)", "result"]) + "\n")
    if nlab >= 1 and whole_counts(body, nlab, g) and s < 0.45 and all(row[0][-1] for _, row in body):
        one = len(head) - nlab == 1
        if not one and nlab == 1 and style(g, rng, 1) < 0.4 and len({row[0][-1] for _, row in body}) == len(body):
            rows = list(body)
            rng.shuffle(rows)
            t.lit(f"Dict{{String, Dict{{String, Int64}}}} with {len(rows)} entries:\n")
            kw = max(dw(json.dumps(row[0][-1], ensure_ascii=False)) for _, row in rows)
            for r, row in rows:
                k = json.dumps(row[0][-1], ensure_ascii=False)
                t.lit(f"  {k}{' ' * (kw - dw(k))} => Dict(")
                cells = [c for c in range(1, len(head)) if row[c][-1] != ""]
                for i, c in enumerate(cells):
                    t.lit(("" if not i else ", ") + json.dumps(head[c], ensure_ascii=False) + "=>")
                    put(t, r, bare(row[c]))
                t.lit(")\n")
            return
        entries = []
        for r, row in body:
            labs = [json.dumps(it[-1], ensure_ascii=False) for it in row[:nlab]]
            for c in range(nlab, len(head)):
                if row[c][-1] != "":
                    key = labs + ([] if one else [json.dumps(head[c], ensure_ascii=False)])
                    entries.append((key[0] if len(key) == 1 else "(" + ", ".join(key) + ")", r, bare(row[c])))
        ordered = style(g, rng, 1) < 0.3
        if not ordered:
            rng.shuffle(entries)
        arity = nlab + (0 if one else 1)
        ktype = "String" if arity == 1 else "Tuple{" + ", ".join(["String"] * arity) + "}"
        kw = max((dw(k) for k, _, _ in entries), default=0)
        name = "OrderedDict" if ordered else "Dict"
        t.lit(f"{name}{{{ktype}, Int64}} with {len(entries)} {'entry' if len(entries) == 1 else 'entries'}:\n")
        for k, r, it in entries:
            t.lit(f"  {k}{' ' * (kw - dw(k))} => ")
            put(t, r, it)
            t.lit("\n")
        return
    names = unique_names([py_field(k) for k in field_keys(head, nlab)])
    miss = [any(row[c][-1] == "" for _, row in body) for c in range(len(head))]
    types = []
    for c, k in enumerate(kinds):
        base = {"int": "Int64", "float": "Float64"}.get(k, "String")
        types.append(f"Union{{Missing, {base}}}" if miss[c] else base)
    if style(g, rng, 1) < 0.5:
        t.lit(f"{len(body)}-element Vector{{NamedTuple{{(" + ", ".join(f":{x}" for x in names) + (",)" if len(names) == 1 else ")"))
        t.lit(", Tuple{" + ", ".join(types) + "}}}:\n")
    else:
        t.lit(f"{len(body)}-element Vector{{@NamedTuple{{" + ", ".join(f"{x}::{y}" for x, y in zip(names, types, strict=True)) + "}}:\n")
    for r, row in body:
        t.lit(" (")
        for c, it in enumerate(row):
            t.lit((", " if c else "") + names[c] + " = ")
            if it[-1] == "":
                t.lit("missing")
            elif kinds[c] != "str":
                put(t, r, bare(it))
            else:
                quoted_value(t, r, it, '"', lambda x: json.dumps(x, ensure_ascii=False)[1:-1])
        t.lit(",)\n" if len(row) == 1 else ")\n")


def w_minitab(t, head, body, nlab, g, rng) -> None:
    """Minitab's session window: `Tabulated Statistics: region, tenure` with `Rows: ... Columns:
    ...` (or `Tally for Discrete Variables` of one count column), the column names right-aligned
    over their values, a blank line under them, `*` for a missing value; a cell's percentages on
    the lines under its count, not in columns of their own; `Cell Contents` at the end."""
    kinds = value_kinds(head, body, nlab)
    pct_cols = [
        c for c in range(nlab, len(head)) if any(row[c][0] == "pct" for _, row in body) and all(row[c][0] in ("pct", "lit") for _, row in body)
    ]
    base_of = {}
    for c in pct_cols:
        b = c - 1
        while b in pct_cols:
            b -= 1
        if b >= nlab:
            base_of[c] = b
    vcols = [c for c in range(nlab, len(head)) if c not in base_of]
    layers: list[list[int]] = []
    for c in base_of:
        k = sum(1 for p in base_of if p < c and base_of[p] == base_of[c])
        while len(layers) <= k:
            layers.append([])
        layers[k].append(c)

    def text(it, c, r) -> tuple:
        if it[-1] == "":
            return ("lit", "*" if c >= nlab and r is not None else "")
        return bare(it) if kinds[c] != "str" else it

    lines = []  # (row, [items under the label columns and each value column])
    for r, row in body:
        lines.append((r, [text(row[c], c, r) for c in range(nlab)] + [text(row[c], c, r) for c in vcols]))
        for layer in layers:
            under = {base_of[c]: c for c in layer}
            cells = [("lit", "")] * nlab + [text(row[under[c]], under[c], r) if c in under else ("lit", "") for c in vcols]
            if any(it[-1] not in ("", "*") for it in cells):
                lines.append((r, cells))
    names = [*head[:nlab], *(head[c] for c in vcols)]
    ws = [max(dw(names[j]), *(dw(x[j][-1]) for _, x in lines)) for j in range(len(names))]
    rname = head[0] or "C1"
    cname = g.col_name if g is not None else ""
    if len(vcols) == 1 and nlab == 1 and not layers:
        t.lit(f"Tally for Discrete Variables: {rname}\n\n")
    else:
        t.lit(f"Tabulated Statistics: {', '.join([*(x or 'C1' for x in head[:nlab]), *([cname] if cname else [])])}\n\n")
        t.lit(f"Rows: {', '.join(x or 'C1' for x in head[:nlab])}" + (f"   Columns: {cname}" if cname else "") + "\n\n")
    t.lit("  ".join(x.ljust(w) if j < nlab else x.rjust(w + 1) for j, (x, w) in enumerate(zip(names, ws, strict=True))).rstrip() + "\n\n")
    for r, items in lines:
        for j, it in enumerate(items):
            t.lit("  " if j else "")
            put(t, r, it, ws[j] + (1 if j >= nlab else 0), "l" if j < nlab else "r")
        t.lit("\n")
    t.lit("\nCell Contents\n      " + "\n      ".join(["Count", *(head[layer[0]] if head[layer[0]] != "%" else "%" for layer in layers)]) + "\n")


def js_string(s: str) -> str:
    return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'"


def w_chartjs(t, head, body, nlab, g, rng) -> None:
    """A Chart.js chart of the table: its `data` (`labels: [...]`, a dataset per column, `data:
    [12, 3, null]`), inside `new Chart(ctx, {...})` or a `const data = {...}` of JavaScript, or a
    QuickChart JSON config; a label per row (an array of its labels with two), a moving average or
    a mean as a `line` dataset, percentages on a second axis; rows and columns with nothing to
    draw left out."""
    cols_ = [c for c in range(nlab, len(head)) if any(row[c][-1] != "" for _, row in body)]
    rows = [(r, row) for r, row in body if any(row[c][-1] != "" for c in cols_)]
    as_json = style(g, rng) < 0.3
    q = (lambda s: json.dumps(s, ensure_ascii=False)) if as_json else js_string
    derived = set()
    pcts = set()
    for c in cols_:
        items = [row[c] for _, row in rows if row[c][-1] != ""]
        if items and all(it[0] == "pct" for it in items):
            pcts.add(c)
        elif g is not None and items and all(it[0] == "cell" and it[1] in g.derived_cols for it in items):
            derived.add(c)

    def label_of(row) -> str:
        labs = [it[-1] for it in row[:nlab]]
        return q(labs[0]) if len(labs) == 1 else "[" + ", ".join(q(x) for x in labs) + "]"

    kind = "bar" if style(g, rng, 1) < 0.7 else "line"
    if as_json:
        t.lit('{"type": "' + kind + '", "data": {"labels": [' + ", ".join(label_of(row) for _, row in rows) + '], "datasets": [')
        for j, c in enumerate(cols_):
            extra = ', "type": "line"' if c in derived and kind == "bar" else ', "yAxisID": "pct"' if c in pcts else ""
            t.lit((", " if j else "") + '{"label": ' + q(head[c]) + extra + ', "data": [')
            for i, (r, row) in enumerate(rows):
                t.lit(", " if i else "")
                put(t, r, bare(row[c])) if row[c][-1] != "" else t.lit("null")
            t.lit("]}")
        t.lit("]}}\n")
        return
    whole = style(g, rng, 2) < 0.5
    if whole:
        t.lit("new Chart(document.getElementById('chart'), {\n  type: '" + kind + "',\n  data: {\n")
        pad = "    "
    else:
        t.lit("const data = {\n")
        pad = "  "
    t.lit(f"{pad}labels: [" + ", ".join(label_of(row) for _, row in rows) + "],\n")
    t.lit(f"{pad}datasets: [\n")
    for c in cols_:
        t.lit(f"{pad}  {{\n{pad}    label: {q(head[c])},\n")
        if c in derived and kind == "bar":
            t.lit(f"{pad}    type: 'line',\n")
        if c in pcts:
            t.lit(f"{pad}    yAxisID: 'pct',\n")
        t.lit(f"{pad}    data: [")
        for i, (r, row) in enumerate(rows):
            t.lit(", " if i else "")
            put(t, r, bare(row[c])) if row[c][-1] != "" else t.lit("null")
        t.lit(f"],\n{pad}  }},\n")
    t.lit(f"{pad}],\n")
    if whole:
        t.lit("  },\n  options: {\n    responsive: true,\n    plugins: { legend: { position: 'top' } },\n  },\n});\n")
    else:
        t.lit("};\n")


def stat_ids(labels: list[str], prefix: str) -> list[str]:
    """A category's id: its label in snake case where it is plain words, else a code."""
    out = [snake(x) if re.fullmatch(r"[A-Za-z][A-Za-z ]*", x) else f"{prefix}{k + 1}" for k, x in enumerate(labels)]
    return out if len(set(out)) == len(out) else [f"{prefix}{k + 1}" for k in range(len(labels))]


def w_json_stat(t, head, body, nlab, g, rng) -> None:
    """A JSON-stat 2.0 dataset (what ONS, Eurostat or SSB's APIs return): `id` and `size` of its two
    dimensions (the rows, the columns), each dimension's categories (`index`, `label`), and one
    `value` array of every cell row by row, `null` where there is none; pretty (2-space indent) or
    compact; a title, a source, an update time."""
    dims = [head[0] or "row", (g.col_name if g is not None and g.col_name else "") or "measure"]
    dims = [snake(x) for x in dims]
    if dims[0] == dims[1]:
        dims[1] += "_2"
    vcols = list(range(nlab, len(head)))
    rlabs = [row[0][-1] for _, row in body]
    rids = stat_ids(rlabs, "R")
    cids = stat_ids([head[c] for c in vcols], "C")
    pretty = style(g, rng) < 0.6
    nl, i1, i2, i3, i4 = ("\n", "  ", "    ", "      ", "        ") if pretty else ("", "", "", "", "")
    sp = " " if pretty else ""
    title = rng.choice(["Patients by area", "Counts by area and category", "Table 1", "Referrals"])

    def j(x) -> str:
        return json.dumps(x, ensure_ascii=False)

    t.lit("{" + nl + f'{i1}"version":{sp}"2.0",{nl}{i1}"class":{sp}"dataset",{nl}{i1}"label":{sp}{j(title)},{nl}')
    t.lit(f'{i1}"source":{sp}"Health analytics",{nl}{i1}"updated":{sp}"2024-04-02",{nl}')
    t.lit(f'{i1}"id":{sp}[{j(dims[0])},{sp}{j(dims[1])}],{nl}{i1}"size":{sp}[{len(rids)},{sp}{len(cids)}],{nl}{i1}"dimension":{sp}{{{nl}')
    for d, (name, ids, labs) in enumerate(((dims[0], rids, rlabs), (dims[1], cids, [head[c] for c in vcols]))):
        t.lit(f'{i2}{j(name)}:{sp}{{{nl}{i3}"label":{sp}{j(name)},{nl}{i3}"category":{sp}{{{nl}')
        t.lit(f'{i4}"index":{sp}[' + f",{sp}".join(j(x) for x in ids) + f"],{nl}")
        t.lit(f'{i4}"label":{sp}{{' + f",{sp}".join(f"{j(x)}:{sp}{j(y)}" for x, y in zip(ids, labs, strict=True)) + f"}}{nl}")
        t.lit(f"{i3}}}{nl}{i2}}}" + ("," if d == 0 else "") + nl)
    t.lit(f'{i1}}},{nl}{i1}"value":{sp}[')
    first = True
    for r, row in body:
        for c in vcols:
            t.lit("" if first else f",{sp}")
            first = False
            put(t, r, bare(row[c])) if row[c][-1] != "" else t.lit("null")
    t.lit(f"]{nl}}}\n")


V12_WRITERS = {
    "json_stat": w_json_stat,
    "scala_repl": w_scala_repl,
    "haskell_show": w_haskell_show,
    "lua_table": w_lua_table,
    "clojure_edn": w_clojure_edn,
    "protobuf_text": w_protobuf_text,
    "yaml_flow": w_yaml_flow,
    "julia_dict": w_julia_dict,
    "minitab": w_minitab,
    "chartjs": w_chartjs,
}

NEGATIVES_V12 = [
    (
        "json_stat",
        '```json\n{"version": "2.0", "class": "dataset", "label": "Median age by area", "id": ["area", "measure"], "size": [3, 1],\n'
        ' "dimension": {"area": {"category": {"index": ["north", "south", "east"],'
        ' "label": {"north": "North", "south": "South", "east": "East"}}},\n'
        ' "measure": {"category": {"index": ["median_age"], "label": {"median_age": "Median age (years)"}}}},\n'
        ' "value": [41.5, 38.2, 44.9]}\n```\n',
    ),
    (
        "scala_repl",
        "```scala\nscala> spark.conf.getAll\n"
        "res0: Map[String,String] = Map(spark.master -> local[4], spark.app.name -> etl, spark.sql.shuffle.partitions -> 8)\n```\n",
    ),
    ("haskell_show", '```haskell\nghci> config\nConfig {host = "db.internal", port = 5432, poolSize = 10, timeoutSecs = 30}\n```\n'),
    (
        "lua_table",
        "```lua\n> print(vim.inspect(vim.opt.tabstop:get()))\n4\n> print(vim.inspect(opts))\n"
        "{\n  expandtab = true,\n  shiftwidth = 2,\n  tabstop = 4\n}\n```\n",
    ),
    ("clojure_edn", '```clojure\n{:port 3000, :threads 8, :join? false, :max-idle-time 30000, :host "0.0.0.0"}\n```\n'),
    (
        "protobuf_text",
        "```\nmax_retries: 3\ninitial_backoff {\n  seconds: 1\n}\nbackoff_multiplier: 2.0\nretryable_status_codes: UNAVAILABLE\n```\n",
    ),
    (
        "yaml_flow",
        "```yaml\nresources: {limits: {cpu: 2, memory: 4Gi}, requests: {cpu: 1, memory: 2Gi}}\n"
        "ports: [{containerPort: 8080, protocol: TCP}]\nreplicas: 3\n```\n",
    ),
    (
        "julia_dict",
        '```julia\njulia> opts\nDict{String, Any} with 3 entries:\n  "maxiter" => 100\n  "tol"     => 1.0e-6\n  "method"  => "LBFGS"\n```\n',
    ),
    (
        "minitab",
        "```\nRegression Analysis: Weight versus Height\n\nCoefficients\n\nTerm        Coef  SE Coef  T-Value  P-Value   VIF\n"
        "Constant   -48.2     12.1    -3.98    0.000\nHeight     0.705    0.071     9.93    0.000  1.00\n```\n",
    ),
    (
        "chartjs",
        "```js\nconst data = {\n  labels: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'],\n  datasets: [\n    {\n      label: 'p95 latency (ms)',\n"
        "      data: [212.4, 198.0, 240.7, 205.3, 187.9],\n    },\n  ],\n};\n```\n",
    ),
]

# Earlier layouts a set-12 format is measured on (one case each, the policy alternating).
EARLIER_FOR_V12 = [
    "totals_last",
    "totals_first",
    "no_totals",
    "several_totals",
    "hier2_dash",
    "hier3_level",
    "percent_cols",
    "linked_oneway_crosstab",
    "two_row_header",
    "count_pct_cell",
    "pre_suppressed",
    "of_which",
    "ci_cells",
    "running_totals",
    "n_of_N",
    "funnel",
    "overlap",
    "likert_nets",
    "rolling_sums",
    "average_margin",
    "n_in_row_label",
    "excess_vs_expected",
]


def cases_v12(seed: int) -> list[Case]:
    """The twelfth held-out set: every case with a ``split.V12_FORMATS`` format or a
    ``split.V12_LAYOUTS`` layout, with microdata and non-tables in the new formats. Its stream is
    seeded with ``seed + 13`` (``seed + 12`` seeds set 11), so that sets 1-11 stay as they were."""
    return held_out_set(
        "12",
        random.Random(seed + 13),
        V12_FORMATS,
        V12_LAYOUTS,
        EARLIER_FOR_V12,
        FORMATS + V2_FORMATS + V3_FORMATS + V4_FORMATS + V5_FORMATS + V6_FORMATS + V7_FORMATS + V8_FORMATS + V9_FORMATS + V10_FORMATS + V11_FORMATS,
        NEGATIVES_V12,
        reps=lambda layout: 3,
        # every earlier format in half of the new layouts (a case each)
        crossed=lambda k, j, layout: [(k + j) % 2] if (k + j) % 4 < 2 else [],
        records=lambda fmt: fmt in RECORDS_V12,
    )


# ---- the thirteenth held-out set (``split.V13_FORMATS``, ``split.V13_LAYOUTS``) ----

INTROS_V13 = [
    "Here's the output:",
    "Printed from the session:",
    "The numbers, as exported:",
    "Result of the query below.",
    "This is what came back:",
    "Figures for the period:",
]
OUTROS_V13 = [
    "",
    "\nLet me know if you want it by age as well.",
    "\nThese are provisional figures.",
    "\nI can rerun it for the previous year.",
    "\nCounts are of people, not episodes.",
]
# open-ended bands nested in each other: (the columns' variable, the fine bands (never shown), their
# weights, column sets: (header, first band, last band))
AND_OVER = [
    (
        "age",
        ["0-4", "5-15", "16-17", "18-64", "65-74", "75-84", "85+"],
        [6, 13, 2.5, 58, 10, 7.5, 3],
        [
            [("All ages", 0, 6), ("Under 18", 0, 2), ("18 and over", 3, 6), ("65 and over", 4, 6), ("85 and over", 6, 6)],
            [("All people", 0, 6), ("Under 5", 0, 0), ("Under 16", 0, 1), ("16 and over", 2, 6), ("75 and over", 5, 6)],
            [("Total", 0, 6), ("0-15", 0, 1), ("16+", 2, 6), ("65+", 4, 6), ("75+", 5, 6), ("85+", 6, 6)],
            [("All ages", 0, 6), ("Aged 16 and over", 2, 6), ("Aged 65 and over", 4, 6), ("Aged 85 and over", 6, 6)],
        ],
    ),
    (
        "cars",
        ["0", "1", "2", "3", "4+"],
        [24, 42, 25, 6, 3],
        [
            [("All households", 0, 4), ("No cars or vans", 0, 0), ("1 or more", 1, 4), ("2 or more", 2, 4), ("3 or more", 3, 4)],
            [("Households", 0, 4), ("With a car or van", 1, 4), ("With 2 or more", 2, 4), ("With 3 or more", 3, 4), ("With 4 or more", 4, 4)],
        ],
    ),
    (
        "duration",
        ["<1", "1-4", "5-9", "10+"],
        [15, 35, 25, 25],
        [
            [("All patients", 0, 3), ("Less than 1 year", 0, 0), ("1 year or more", 1, 3), ("5 years or more", 2, 3), ("10 years or more", 3, 3)],
        ],
    ),
]
WARDS = ["Abbey", "Bridge", "Castle", "Dock", "Eastfield", "Fairview", "Greenway", "Harbour", "Ironbridge", "Jubilee Park", "Kingsway", "Longmoor"]
WARDS += ["Millbrook", "Newtown"]
INDEX_PERIODS = [
    ("year", [str(y) for y in range(2014, 2025)]),
    ("financial_year", [f"{y}/{(y + 1) % 100:02d}" for y in range(2014, 2024)]),
    ("quarter", [f"{y} Q{q}" for y in (2022, 2023, 2024) for q in (1, 2, 3, 4)]),
]
MEASURE_WORDS = [
    ("Count", "Denominator", "Value"),
    ("numerator", "denominator", "percentage"),
    ("Number", "Population", "Percent"),
    ("n", "N", "pct"),
    ("NUM", "DEN", "PCT"),
]
MEASURE_GROUPS = [
    ("sex", ["Male", "Female", "Persons"]),
    ("sex", ["Female", "Male"]),
    ("age", ["Under 65", "65 and over", "All ages"]),
]
INDICATORS = ["Smoking prevalence", "Flu vaccine uptake", "Diabetes diagnosed", "Low birth weight", "Obesity (Year 6)"]
# two groupings of the same units that do not nest: (name, groups) each
GROUPINGS = [
    (("locality", ["North locality", "South locality", "Central locality"]), ("pcn", ["PCN 1", "PCN 2", "PCN 3"])),
    (("district", ["East district", "West district"]), ("network", ["Network A", "Network B", "Network C"])),
    (("team", ["Team 1", "Team 2", "Team 3"]), ("cluster", ["Cluster A", "Cluster B"])),
]
GROUPING_HEADS = {
    "locality": "By locality:",
    "pcn": "By primary care network:",
    "district": "By district:",
    "network": "By network:",
    "team": "By area team:",
    "cluster": "By school cluster:",
}


def nodes(*xs) -> list:
    """Classification nodes: (code, title, children) from (code, title) or (code, title, [...])."""
    return [(x[0], x[1], x[2] if len(x) > 2 else []) for x in xs]


# classifications whose levels are told by their codes only: every listed node's children complete
ICD_I = (
    "I00-I99",
    "Diseases of the circulatory system",
    nodes(
        ("I00-I02", "Acute rheumatic fever"),
        ("I05-I09", "Chronic rheumatic heart diseases"),
        ("I10-I15", "Hypertensive diseases"),
        (
            "I20-I25",
            "Ischaemic heart diseases",
            nodes(
                ("I20", "Angina pectoris"),
                ("I21", "Acute myocardial infarction"),
                ("I22", "Subsequent myocardial infarction"),
                ("I23", "Complications following acute myocardial infarction"),
                ("I24", "Other acute ischaemic heart diseases"),
                ("I25", "Chronic ischaemic heart disease"),
            ),
        ),
        ("I26-I28", "Pulmonary heart disease and diseases of pulmonary circulation"),
        ("I30-I52", "Other forms of heart disease"),
        (
            "I60-I69",
            "Cerebrovascular diseases",
            nodes(
                ("I60", "Subarachnoid haemorrhage"),
                ("I61", "Intracerebral haemorrhage"),
                ("I62", "Other nontraumatic intracranial haemorrhage"),
                ("I63", "Cerebral infarction"),
                ("I64", "Stroke, not specified as haemorrhage or infarction"),
                ("I65", "Occlusion and stenosis of precerebral arteries"),
                ("I66", "Occlusion and stenosis of cerebral arteries"),
                ("I67", "Other cerebrovascular diseases"),
                ("I68", "Cerebrovascular disorders in diseases classified elsewhere"),
                ("I69", "Sequelae of cerebrovascular disease"),
            ),
        ),
        ("I70-I79", "Diseases of arteries, arterioles and capillaries"),
        ("I80-I89", "Diseases of veins, lymphatic vessels and lymph nodes"),
        ("I95-I99", "Other and unspecified disorders of the circulatory system"),
    ),
)
ICD_J = (
    "J00-J99",
    "Diseases of the respiratory system",
    nodes(
        ("J00-J06", "Acute upper respiratory infections"),
        (
            "J09-J18",
            "Influenza and pneumonia",
            nodes(
                ("J09", "Influenza due to identified zoonotic or pandemic influenza virus"),
                ("J10", "Influenza due to identified seasonal influenza virus"),
                ("J11", "Influenza, virus not identified"),
                ("J12", "Viral pneumonia, not elsewhere classified"),
                ("J13", "Pneumonia due to Streptococcus pneumoniae"),
                ("J14", "Pneumonia due to Haemophilus influenzae"),
                ("J15", "Bacterial pneumonia, not elsewhere classified"),
                ("J16", "Pneumonia due to other infectious organisms"),
                ("J17", "Pneumonia in diseases classified elsewhere"),
                ("J18", "Pneumonia, organism unspecified"),
            ),
        ),
        ("J20-J22", "Other acute lower respiratory infections"),
        ("J30-J39", "Other diseases of upper respiratory tract"),
        (
            "J40-J47",
            "Chronic lower respiratory diseases",
            nodes(
                ("J40", "Bronchitis, not specified as acute or chronic"),
                ("J41", "Simple and mucopurulent chronic bronchitis"),
                ("J42", "Unspecified chronic bronchitis"),
                ("J43", "Emphysema"),
                ("J44", "Other chronic obstructive pulmonary disease"),
                ("J45", "Asthma"),
                ("J46", "Status asthmaticus"),
                ("J47", "Bronchiectasis"),
            ),
        ),
        ("J60-J70", "Lung diseases due to external agents"),
        ("J80-J84", "Other respiratory diseases principally affecting the interstitium"),
        ("J85-J86", "Suppurative and necrotic conditions of lower respiratory tract"),
        ("J90-J94", "Other diseases of pleura"),
        ("J95-J99", "Other diseases of the respiratory system"),
    ),
)
ICD_F = (
    "F00-F99",
    "Mental and behavioural disorders",
    nodes(
        ("F00-F09", "Organic, including symptomatic, mental disorders"),
        (
            "F10-F19",
            "Mental and behavioural disorders due to psychoactive substance use",
            nodes(
                ("F10", "Alcohol"),
                ("F11", "Opioids"),
                ("F12", "Cannabinoids"),
                ("F13", "Sedatives or hypnotics"),
                ("F14", "Cocaine"),
                ("F15", "Other stimulants, including caffeine"),
                ("F16", "Hallucinogens"),
                ("F17", "Tobacco"),
                ("F18", "Volatile solvents"),
                ("F19", "Multiple drug use and use of other psychoactive substances"),
            ),
        ),
        ("F20-F29", "Schizophrenia, schizotypal and delusional disorders"),
        ("F30-F39", "Mood [affective] disorders"),
        ("F40-F48", "Neurotic, stress-related and somatoform disorders"),
        ("F50-F59", "Behavioural syndromes associated with physiological disturbances"),
        ("F60-F69", "Disorders of adult personality and behaviour"),
        ("F70-F79", "Mental retardation"),
        ("F80-F89", "Disorders of psychological development"),
        ("F90-F98", "Behavioural and emotional disorders with onset in childhood and adolescence"),
        ("F99", "Unspecified mental disorder"),
    ),
)
SIC_A = (
    "A",
    "Agriculture, forestry and fishing",
    nodes(
        (
            "01",
            "Crop and animal production, hunting and related service activities",
            nodes(
                ("01.1", "Growing of non-perennial crops"),
                ("01.2", "Growing of perennial crops"),
                ("01.3", "Plant propagation"),
                ("01.4", "Animal production"),
                ("01.5", "Mixed farming"),
                ("01.6", "Support activities to agriculture and post-harvest crop activities"),
                ("01.7", "Hunting, trapping and related service activities"),
            ),
        ),
        (
            "02",
            "Forestry and logging",
            nodes(
                ("02.1", "Silviculture and other forestry activities"),
                ("02.2", "Logging"),
                ("02.3", "Gathering of wild growing non-wood products"),
                ("02.4", "Support services to forestry"),
            ),
        ),
        ("03", "Fishing and aquaculture", nodes(("03.1", "Fishing"), ("03.2", "Aquaculture"))),
    ),
)
SIC_I = (
    "I",
    "Accommodation and food service activities",
    nodes(
        (
            "55",
            "Accommodation",
            nodes(
                ("55.1", "Hotels and similar accommodation"),
                ("55.2", "Holiday and other short stay accommodation"),
                ("55.3", "Camping grounds, recreational vehicle parks and trailer parks"),
                ("55.9", "Other accommodation"),
            ),
        ),
        (
            "56",
            "Food and beverage service activities",
            nodes(
                ("56.1", "Restaurants and mobile food service activities"),
                ("56.2", "Event catering and other food service activities"),
                ("56.3", "Beverage serving activities"),
            ),
        ),
    ),
)
SIC_R = (
    "R",
    "Arts, entertainment and recreation",
    nodes(
        ("90", "Creative, arts and entertainment activities", nodes(("90.0", "Creative, arts and entertainment activities"))),
        ("91", "Libraries, archives, museums and other cultural activities"),
        ("92", "Gambling and betting activities"),
        (
            "93",
            "Sports activities and amusement and recreation activities",
            nodes(("93.1", "Sports activities"), ("93.2", "Amusement and recreation activities")),
        ),
    ),
)
CODE_TREES = [
    # (the code column's name, the description's, the count columns' words, the trees)
    ("ICD-10", "Cause of death", ["Deaths", "Registered deaths"], [ICD_I, ICD_J, ICD_F]),
    ("ICD10", "Primary diagnosis", ["Admissions", "Finished consultant episodes"], [ICD_I, ICD_J, ICD_F]),
    ("SIC 2007", "Industry", ["Enterprises", "Local units"], [SIC_A, SIC_I, SIC_R]),
]
POP_WORDS = [
    # start, births, deaths, natural change, in, out, net migration, other, end ({} the date's year)
    (
        "Population at 30 June {}",
        "Births",
        "Deaths",
        "Natural change",
        "Internal migration inflow",
        "Internal migration outflow",
        "Net internal migration",
        "Other changes",
        "Population at 30 June {}",
    ),
    (
        "Mid-{} population",
        "Live births",
        "Deaths",
        "Natural change (births minus deaths)",
        "In-migration",
        "Out-migration",
        "Net migration",
        "Other adjustments",
        "Mid-{} population",
    ),
]
REG_WORDS = [
    (
        "On register at 1 April {}",
        "Added",
        "Removed",
        "Net change",
        "Transferred in",
        "Transferred out",
        "Net transfers",
        "Data cleansing",
        "On register at 31 March {}",
    ),
    (
        "Caseload at start of {}",
        "New cases",
        "Closed cases",
        "Net new cases",
        "Moved in",
        "Moved out",
        "Net moves",
        "Adjustments",
        "Caseload at end of {}",
    ),
]


def partition(rng: random.Random, n: int, k: int) -> list[int]:
    """A group (0..k-1) per unit, every group used (by two units or more, mostly)."""
    for tries in range(100):
        out = [rng.randrange(k) for _ in range(n)]
        if len(set(out)) == k and (tries > 40 or min(out.count(j) for j in range(k)) >= 2):
            return out
    return [j % k for j in range(n)]


def trajectory(rng: random.Random, n: int, small: int) -> list[int]:
    """A count over `n` periods: a level (small for a small area) drifting from period to period."""
    level = rng.uniform(1, 2.2 * small) if rng.random() < 0.35 else rng.uniform(2.5 * small, 400)
    trend = rng.gauss(0, 0.08)
    out = []
    for i in range(n):
        out.append(max(0, round(level * math.exp(trend * i + rng.gauss(0, 0.12)))))
    return out


def layout_v13(layout: str, rng: random.Random, small: int, labels: list[str], cols: list[str]) -> list[Grid]:
    """The thirteenth held-out set's layouts: every relation, bound and percentage below holds and a
    reader can use it."""
    if layout == "and_over":
        # Open-ended bands nested in each other (All ages, Under 18, 18 and over, 65 and over, 85
        # and over; households with 1 or more, 2 or more cars): each column is the sum of the fine
        # bands it covers, which the text never shows (non-negative rests), so a band's column
        # bounds the next and two columns may add to a third. A Total row sometimes (first or last).
        var, _bands, weights, choices = rng.choice(AND_OVER)
        spec = list(rng.choice(choices))
        if rng.random() < 0.25:
            spec = spec[1:] + spec[:1]  # the all-column last
        units = list(labels) if rng.random() < 0.6 else rng.sample(WARDS, rng.randint(3, 6))
        rows, vals = [], []
        g = Grid([], [h for h, _, _ in spec], [], row_name=rng.choice(["area", "ward", "Local authority"]), col_name=var)
        for u in units:
            size = rng.randint(12, 160) if rng.random() < 0.55 else rng.randint(160, 4000)
            fine = [max(0, round(size * w / sum(weights) * rng.uniform(0.6, 1.4))) for w in weights]
            ids = []
            for x in fine:
                ids.append(("s", len(g.slack)))
                g.slack.append(x)
            r = len(rows)
            rows.append(u)
            vals.append([sum(fine[lo : hi + 1]) for _, lo, hi in spec])
            for c, (_, lo, hi) in enumerate(spec):
                g.relations.append((ids[lo : hi + 1], (r, c)))
        n = len(rows)
        g.row_labels, g.values = rows, vals
        if rng.random() < 0.8:
            word = rng.choice(["Total", "All areas", "District total"])
            tot = [sum(v[c] for v in vals) for c in range(len(spec))]
            body = list(range(n))
            if rng.random() < 0.3:
                g.row_labels.insert(0, word)
                g.values.insert(0, tot)
                g.relations = [([p if p[0] == "s" else (p[0] + 1, p[1]) for p in parts], (tr + 1, tc)) for parts, (tr, tc) in g.relations]
                body, at = [r + 1 for r in body], 0
            else:
                g.row_labels.append(word)
                g.values.append(tot)
                at = n
            for c in range(len(spec)):
                g.relations.append(([(r, c) for r in body], (at, c)))
        return [g]
    if layout == "index_base100":
        # Counts over periods with an index (the base period = 100): each index is 100 times its
        # count over the base period's count, to one decimal (a share of the base, computed from
        # both). A series down the rows with its index beside it; areas by year with an index
        # after each later year; or only the base year's counts and the later years' indices.
        form = rng.choice(["series", "series", "areas", "areas", "index_only"])
        if form == "series":
            row_name, periods = rng.choice(INDEX_PERIODS)
            n = rng.randint(5, min(9, len(periods)))
            first = rng.randint(0, len(periods) - n)
            periods = periods[first : first + n]
            base = 0 if rng.random() < 0.6 else rng.randrange(n)
            series = [rng.choice(["Admissions", "Referrals", "Cases", "Registrations"])] if rng.random() < 0.5 else rng.sample(labels, 2)
            vals = [list(x) for x in zip(*(trajectory(rng, n, small) for _ in series), strict=True)]
            for c in range(len(series)):
                vals[base][c] = max(vals[base][c], 1)
            if len(series) == 2 and rng.random() < 0.4:
                series.append(rng.choice(["Both", "Total", "All"]))
                for v in vals:
                    v.append(v[0] + v[1])
            g = Grid(list(periods), list(series), vals, row_name=row_name, col_name="")
            if len(series) == 3:
                for r in range(n):
                    g.relations.append(([(r, 0), (r, 1)], (r, 2)))
            b = periods[base]
            word = rng.choice([f"Index ({b}=100)", f"Index, {b} = 100", f"{b}=100", "Index"])
            g.pct = [(c, None) for c in range(len(series))]
            g.pct_base_row = base
            g.pct_labels = {c: word if len(series) == 1 else f"{s} index" for c, s in enumerate(series)}
            for r in range(n):
                for c in range(len(series)):
                    if r != base:
                        g.pct_from[(r, c, "%")] = [(base, c)]
        else:
            y0 = rng.randint(2015, 2020)
            m = rng.randint(3, 5)
            years = [str(y0 + i) for i in range(m)]
            vals = [trajectory(rng, m, small) for _ in labels]
            for v in vals:
                v[0] = max(v[0], 1)
            total = rng.random() < 0.7
            rows = list(labels)
            if total:
                vals.append([sum(v[c] for v in vals) for c in range(m)])
                rows.append(rng.choice(["Total", "All areas"]))
            g = Grid(rows, list(years), vals, row_name="region", col_name="year")
            if total:
                for c in range(m):
                    g.relations.append(([(r, c) for r in range(len(labels))], (len(labels), c)))
            g.pct = [(c, 0) for c in range(1, m)]
            how = rng.choice(["{y} index", "Index {y}", "{y} ({b}=100)"])
            g.pct_labels = {c: how.format(y=years[c], b=years[0]) for c in range(1, m)}
            if form == "index_only":
                g.hidden_cols = set(range(1, m))
                g.col_labels[0] = rng.choice([f"{years[0]} (n)", f"{years[0]} count", f"Number, {years[0]}"])
            for r in range(len(rows)):
                for c in range(1, m):
                    g.pct_from[(r, c, "%")] = [(r, 0)]
        g.pct_plain = True
        return [g]
    if layout == "measure_long":
        # A long listing with a measure column, as indicator downloads give it: per area (and sex or
        # age) a row for the count, one for the denominator and one for the percentage (100 times
        # the count over the denominator, in the same value column); an aggregate area summing the
        # areas, a Persons (All ages) group summing the others.
        words = rng.choice(MEASURE_WORDS)
        grp = rng.choice([None, None, *MEASURE_GROUPS])
        areas = list(labels[: rng.randint(2, min(4, len(labels)))])
        agg = rng.choice(["All areas", "Total", "District"]) if rng.random() < 0.75 else None
        order = rng.choice([(0, 1, 2), (2, 0, 1), (1, 0, 2)])
        levels = grp[1] if grp else [None]
        summed = grp is not None and len(levels) == 3  # the last level sums the others
        data = {}
        for a in areas:
            parts = levels[:2] if summed else levels
            for lev in parts:
                den = rng.randint(15, 200) if rng.random() < 0.5 else rng.randint(200, 5000)
                rate = rng.uniform(0.01, 0.45)
                data[(a, lev)] = [min(den, max(0, round(den * rate))), den]
            if summed:
                data[(a, levels[2])] = [data[(a, levels[0])][k] + data[(a, levels[1])][k] for k in range(2)]
        area_rows = [*areas, agg] if agg and rng.random() < 0.6 else [agg, *areas] if agg else areas
        if agg:
            for lev in levels:
                data[(agg, lev)] = [sum(data[(a, lev)][k] for a in areas) for k in range(2)]
        rows, meas, levs, vals, at = [], [], [], [], {}
        for a in area_rows:
            for lev in levels:
                for m in order:
                    at[(a, lev, m)] = len(rows)
                    rows.append(a)
                    meas.append(words[m])
                    levs.append(lev)
                    vals.append([data[(a, lev)][0 if m == 2 else m]])
        extra = [(rng.choice(["period", "time_period"]), [rng.choice(["2023/24", "2023", "2022-24"])] * len(rows))] if rng.random() < 0.3 else []
        if grp:
            extra.append((grp[0], list(levs)))
        extra.append((rng.choice(["measure", "Measure", "MEASURE", "stat"]), meas))
        g = Grid(rows, [rng.choice(["value", "Value", "OBS_VALUE", "val"])], vals, col_name="", extra=extra)
        g.row_name = rng.choice(["area", "Area name", "REF_AREA", "geography"])
        g.pct_plain = rng.random() < 0.7
        for a in area_rows:
            for lev in levels:
                p, nr, dr = at[(a, lev, 2)], at[(a, lev, 0)], at[(a, lev, 1)]
                g.missing.add((p, 0))
                g.pct_rows[p] = (nr, dr)
                g.extra_pcts[(p, 0, "%")] = (nr, 0)
                g.pct_from[(p, 0, "%")] = [(dr, 0)]
        for m in (0, 1):
            if agg:
                for lev in levels:
                    g.relations.append(([(at[(a, lev, m)], 0) for a in areas], (at[(agg, lev, m)], 0)))
            if summed:
                for a in area_rows:
                    g.relations.append(([(at[(a, levels[0], m)], 0), (at[(a, levels[1], m)], 0)], (at[(a, levels[2], m)], 0)))
        if rng.random() < 0.4:
            g.intro = f"{rng.choice(INDICATORS)}, by area:"
        return [g]
    if layout == "cross_groupings":
        # The same units (wards) summed two ways that do not nest (by locality and by network): each
        # group's count is the sum of its units', each grouping sums to the total. The units'
        # groups in columns of the units' table, or each group's units listed beside it; the two
        # groupings in one table or a table each.
        (a_name, a_groups), (b_name, b_groups) = rng.choice(GROUPINGS)
        n = rng.randint(5, 8)
        units = rng.sample(WARDS, n)
        while True:
            # two groups, one of each grouping, share a ward and neither holds the other
            ga, gb = partition(rng, n, len(a_groups)), partition(rng, n, len(b_groups))
            sa = [{i for i in range(n) if ga[i] == j} for j in range(len(a_groups))]
            sb = [{i for i in range(n) if gb[i] == j} for j in range(len(b_groups))]
            if any(x & y and not (x <= y or y <= x) for x in sa for y in sb):
                break
        ccols = [rng.choice(["Patients", "Registered", "Pupils", "Referrals"])] if rng.random() < 0.55 else list(SEX)
        tc = len(ccols) == 2 and rng.random() < 0.6
        k = len(ccols)
        uvals = inner(rng, n, k, small)
        lookup = rng.random() < 0.5
        joiner = rng.choice([", ", " + ", "; "])
        names = {a_name: a_groups, b_name: b_groups}

        def sums(of: list[int], groups: list[str]) -> list[list[int]]:
            return [[sum(uvals[i][c] for i in range(n) if of[i] == j) for c in range(k)] for j in range(len(groups))]

        def grid(rows: list[str], vals: list[list[int]], name: str, total: bool) -> Grid:
            rows, vals = list(rows), [list(v) for v in vals]
            if total:
                rows.append(rng.choice(["Total", "All wards", "District total"]))
                vals.append([sum(v[c] for v in uvals) for c in range(k)])
            cl = list(ccols) + (["Total"] if tc else [])
            g = Grid(rows, cl, [[*v, sum(v)] if tc else v for v in vals], row_name=name, col_name="")
            if tc:
                for r in range(len(rows)):
                    g.relations.append(([(r, 0), (r, 1)], (r, 2)))
            return g

        unit_total = rng.random() < 0.4
        t0 = grid(units, uvals, rng.choice(["ward", "Ward", "unit"]), unit_total)
        if lookup:
            tail = [""] if unit_total else []
            t0.extra = [(a_name, [a_groups[x] for x in ga] + tail), (b_name, [b_groups[x] for x in gb] + tail)]
        ncol = len(t0.col_labels)
        if unit_total:
            for c in range(ncol):
                t0.relations.append(([(r, c) for r in range(n)], (n, c)))
        t0.intro = rng.choice(["By ward:", "Counts per ward:", None])
        members = {a_name: [[units[i] for i in range(n) if ga[i] == j] for j in range(len(a_groups))]}
        members[b_name] = [[units[i] for i in range(n) if gb[i] == j] for j in range(len(b_groups))]
        assign = {a_name: ga, b_name: gb}
        out = [t0]
        combined = rng.random() < 0.4
        if combined:
            rows = list(a_groups) + list(b_groups)
            g = grid(rows, sums(ga, a_groups) + sums(gb, b_groups), "group", True)
            na = len(a_groups)
            T = len(rows)
            for c in range(ncol):
                g.relations.append(([(r, c) for r in range(na)], (T, c)))
                g.relations.append(([(r, c) for r in range(na, T)], (T, c)))
            kinds = [a_name] * na + [b_name] * len(b_groups) + [""]
            if lookup:
                g.extra = [("grouping", kinds)]
            else:
                g.extra = [("wards", [joiner.join(x) for x in members[a_name] + members[b_name]] + [""])]
            both = f"{GROUPING_HEADS[a_name][:-1]} and {GROUPING_HEADS[b_name][:-1].lower()}:"
            g.intro = rng.choice(["And the two groupings:", both, "Groupings of the wards:"])
            spans = [(1, 0, a_name), (1, na, b_name)]
            out.append(g)
        else:
            spans = []
            for name in (a_name, b_name):
                groups = names[name]
                g = grid(groups, sums(assign[name], groups), name, rng.random() < 0.7)
                if len(g.row_labels) > len(groups):
                    for c in range(ncol):
                        g.relations.append(([(r, c) for r in range(len(groups))], (len(groups), c)))
                if not lookup:
                    g.extra = [("wards", [joiner.join(x) for x in members[name]] + [""] * (len(g.row_labels) - len(groups)))]
                g.intro = GROUPING_HEADS[name]
                spans.append((len(out), 0, name))
                out.append(g)
        for k_, r0, name in spans:
            g = out[k_]
            for j in range(len(names[name])):
                for c in range(ncol):
                    g.cross.append(([(0, i, c) for i in range(n) if assign[name][i] == j], (k_, r0 + j, c)))
            if g.row_labels[-1] not in names[a_name] + names[b_name]:
                for c in range(ncol):
                    g.cross.append(([(0, i, c) for i in range(n)], (k_, len(g.row_labels) - 1, c)))
        return out
    if layout == "code_hierarchy":
        # A classification's levels told only by their codes (an ICD-10 chapter, its blocks, a
        # block's three-character codes; a SIC section, its divisions, their groups): no indent, no
        # level column, every listed node's children complete, so a node is the sum of the codes it
        # spans. One count column, or by sex with Persons, or two years.
        code_name, desc_name, words, trees = rng.choice(CODE_TREES)
        roots = rng.sample(trees, 2 if rng.random() < 0.3 else 1)
        how = rng.choice(["code title", "code title", "columns", "title (code)"])
        measure = rng.choice(words)
        ccols = [measure] if rng.random() < 0.5 else ["Male", "Female", "Persons"] if rng.random() < 0.6 else ["2022", "2023"]
        k = len(ccols)
        rows, kids_of, leaf = [], {}, []

        def visit(node, depth: int) -> int:
            code, title, children = node
            r = len(rows)
            rows.append((code, title))
            open_ = bool(children) and (depth == 0 or rng.random() < 0.45)
            if open_:
                kids_of[r] = [visit(ch, depth + 1) for ch in children]
            else:
                leaf.append(r)
            return r

        for root in roots:
            visit(root, 0)
        if not any(len(v) and any(q in kids_of for q in v) for v in kids_of.values()):
            # at least one block open below its chapter
            rows.clear()
            kids_of.clear()
            leaf.clear()
            for root in roots:
                r = len(rows)
                rows.append(root[:2])
                kids_of[r] = []
                opened = rng.choice([ch for ch in root[2] if ch[2]])
                for ch in root[2]:
                    q = len(rows)
                    rows.append(ch[:2])
                    kids_of[r].append(q)
                    if ch is opened:
                        kids_of[q] = []
                        for gc in ch[2]:
                            kids_of[q].append(len(rows))
                            leaf.append(len(rows))
                            rows.append(gc[:2])
                    else:
                        leaf.append(q)
        vals = [[0] * k for _ in rows]
        for r in leaf:
            # a code's size (a rare code small), its years near each other, its sexes in some ratio
            size = round(math.exp(rng.uniform(math.log(small), math.log(400))))
            size = 0 if rng.random() < 0.06 else rng.randint(1, small - 1) if rng.random() < 0.3 else size
            if ccols[-1] == "Persons":
                vals[r][0] = round(size * rng.uniform(0.3, 0.7))
                vals[r][1] = size - vals[r][0]
                vals[r][2] = size
            else:
                for c in range(k):
                    vals[r][c] = max(0, round(size * rng.uniform(0.8, 1.25))) if c else size
        for r in sorted(kids_of, reverse=True):
            for c in range(k):
                vals[r][c] = sum(vals[q][c] for q in kids_of[r])
        if how == "columns":
            labs = [code for code, _ in rows]
            g = Grid(labs, list(ccols), vals, row_name=code_name, col_name="", extra=[(desc_name, [x for _, x in rows])])
        else:
            labs = [f"{code} {x}" if how == "code title" else f"{x} ({code})" for code, x in rows]
            g = Grid(labs, list(ccols), vals, row_name=rng.choice([f"{desc_name} ({code_name})", desc_name, code_name]), col_name="")
        for r, qs in kids_of.items():
            for c in range(k):
                g.relations.append(([(q, c) for q in qs], (r, c)))
        if ccols[-1] == "Persons":
            for r in range(len(rows)):
                g.relations.append(([(r, 0), (r, 1)], (r, 2)))
        return [g]
    if layout == "change_components":
        # Components of change: the stock at the start, its flows in and out, the net lines (births
        # minus deaths, in minus out, no counts and possibly negative), sometimes an unexplained
        # adjustment (signed), the stock at the end: start + in-flows + adjustment = out-flows +
        # end. Several years (each year's end the next year's start), several areas with a Total,
        # or the areas as rows and the components as columns.
        pop = rng.random() < 0.6
        words = rng.choice(POP_WORDS if pop else REG_WORDS)
        shape = rng.choice(["years", "areas", "rows"])
        pairs = [(1, 2, 3), (4, 5, 6)] if pop or rng.random() < 0.5 else [(1, 2, 3)]
        net_only = len(pairs) == 2 and rng.random() < 0.25  # the second pair shown by its net alone
        nets = net_only or rng.random() < 0.75
        other = rng.random() < 0.3
        y0 = rng.randint(2017, 2021)
        units = [f"{y0 + i}/{(y0 + i + 1) % 100:02d}" for i in range(rng.randint(2, 4))] if shape == "years" else list(labels[: rng.randint(2, 4)])
        lines = [0]
        for j, (a, b, net) in enumerate(pairs):
            if net_only and j == 1:
                lines.append(net)
                continue
            lines += [a, b] + ([net] if nets else [])
        lines += ([7] if other else []) + [8]
        data = []
        start = None
        for _ in units:
            s = start if start is not None else (rng.randint(30, 400) if rng.random() < 0.5 else rng.randint(400, 6000))
            scale = s / 100
            d = {0: s}
            for a, b, net in pairs:
                d[a] = max(0, round(scale * rng.uniform(0.4, 6.0)))
                d[b] = max(0, round(scale * rng.uniform(0.4, 6.0)))
                d[net] = d[a] - d[b]
            d[7] = rng.randint(-3, 3) if other else 0
            d[8] = s + sum(d[net] for _, _, net in pairs) + d[7]
            if d[8] < 0:
                d[7] -= d[8]
                d[8] = 0
            data.append(d)
            start = d[8] if shape == "years" else None
        derived = {net for _, _, net in pairs} | {7}
        if shape == "years":
            first_w, last_w = "Population at start of year" if pop else "At start of year", "Population at end of year" if pop else "At end of year"
        else:
            first_w, last_w = words[0].format(y0), words[8].format(y0 + 1)
        names = [first_w if x == 0 else last_w if x == 8 else words[x] for x in lines]
        total = shape != "years" and rng.random() < 0.7
        cols_v = [[d[x] for x in lines] for d in data]
        if total:
            cols_v.append([sum(cv[i] for cv in cols_v) for i in range(len(lines))])
        ulabs = list(units) + ([rng.choice(["Total", "All areas"])] if total else [])
        nu = len(units)
        if shape == "rows":
            g = Grid(ulabs, names, [list(cv) for cv in cols_v], row_name="area", col_name="component")

            def cell(i: int, u: int) -> tuple:
                return (u, i)

            g.derived_cols = {i for i, x in enumerate(lines) if x in derived}
            g.derived_bounds = dict.fromkeys(g.derived_cols, (None, None))
            if rng.random() < 0.5:
                g.signed_cols = set(g.derived_cols)
        else:
            vals = [[cv[i] for cv in cols_v] for i in range(len(lines))]
            g = Grid(names, ulabs, vals, row_name="", col_name="year" if shape == "years" else "area")

            def cell(i: int, u: int) -> tuple:
                return (i, u)

            for i, x in enumerate(lines):
                if x in derived:
                    for u in range(len(ulabs)):
                        g.derived_cells.add((i, u))
                        g.cell_bounds[(i, u)] = (None, None)
        at = {x: i for i, x in enumerate(lines)}
        for u in range(len(ulabs)):

            def ids(xs, u=u) -> list:
                return [(0, *cell(at[x], u)) for x in xs]

            plus = [0] + [a if a in at else net for a, _, net in pairs] + ([7] if other else [])
            minus = [b for _, b, _ in pairs if b in at] + [8]
            g.eqs.append((ids(plus), ids(minus)))
            for a, b, net in pairs:
                if a in at and net in at:
                    g.eqs.append((ids([a]), ids([b, net])))
        if total:
            for i in range(len(lines)):
                g.relations.append(([cell(i, u) for u in range(nu)], cell(i, nu)))
        if shape == "years":
            for u in range(nu - 1):
                g.relations.append(([cell(at[8], u)], cell(at[0], u + 1)))
        g.intro = rng.choice([None, "Components of change:", "Components of population change:" if pop else "Movements on the register:"])
        return [g]
    raise ValueError(layout)


V13_FENCES = {
    "fsharp_fsi": "```fsharp\n",
    "swift_dump": "```\n",
    "cypher_shell": "```\n",
    "influx_line": "```\n",
    "dynamodb_json": "```json\n",
    "r_tribble": "```r\n",
    "sas_datalines": "```sas\n",
    "spreadsheetml": "```xml\n",
    "rtf_table": "```rtf\n",
    "django_queryset": "```python\n",
}
ASCII_V13 = ("rtf_table",)  # a non-ASCII character escaped (`\u8211?`): only tables written in ASCII
SIGNED_V13 = (*SIGNED_V11,)  # the set-13 formats print raw numbers: no `+3`


def fmt_ok_v13(fmt: str, layout: str, grids: list[Grid]) -> bool:
    """Which formats write which layouts in the thirteenth set."""
    if layout in V5_ONLY_LAYOUTS and fmt not in V5_FORMATS:
        return False
    if fmt in V13_FORMATS and layout in ("hier2_indent", "ragged_row", "cell_flags", "locale_numbers", "footnote_marks", "thousands_presupp"):
        return False
    if fmt in V13_FORMATS and any(g.pct_delta for g in grids):
        return False  # a `+12.5` is no number these print
    if fmt in ASCII_V13 and not all(ascii_grid(g) for g in grids):
        return False
    if fmt in NO_DERIVED_V11 and layout in V13_LAYOUTS and any(g.derived_cols or g.derived_cells for g in grids):
        return False
    if fmt == "r_list":
        floats = any(isinstance(v, float) for g in grids for row in g.values for v in row)
        if floats or any(g.pct or g.rate or g.col_pct or g.float_cols or g.pct_rows for g in grids):
            return False
    if fmt in ("pandas_series", "pandas_groupby", "r_table", "uniq_c", "xarray") and any(g.pct_rows for g in grids):
        return False  # a series of counts: no percentage among them
    return not (fmt in BARE_JSON and any(g.pct_delta for g in grids))


def adapt_v13(grids: list[Grid], fmt: str, rng: random.Random) -> None:
    """How a set-13 case is written: flat column names and no signs in the set-13 formats, the
    sentence before each table, the fence, a style shared by the case's tables."""
    styles = (rng.random(), rng.random(), rng.random())
    fence = V13_FENCES.get(fmt, "")
    if fmt in ("swift_dump", "cypher_shell", "influx_line", "rtf_table") and rng.random() < 0.3:
        fence = {"swift_dump": "```swift\n", "cypher_shell": "```cypher\n", "influx_line": "```text\n", "rtf_table": "```\n"}[fmt]
    elif fmt == "django_queryset" and rng.random() < 0.3:
        fence = "```pycon\n"
    for g in grids:
        if fmt not in SIGNED_V13:
            g.signed_cols = set()
        if fmt in V13_FORMATS:
            g.styles = styles
            if g.col_groups:
                g.col_labels = [lab if grp == lab else f"{grp} {lab}" for grp, lab in zip(g.col_groups, g.col_labels, strict=True)]
                g.col_groups = None
            g.fence = fence
        if g.intro is None:
            g.intro = rng.choice(INTROS_V13)


def v13_table(t: Tokens, g: Grid, fmt: str, rng) -> None:
    h = header(g)
    nlab = 1 + len(extra_cols(g))
    body = []
    for r in range(len(g.row_labels)):
        row = [("lit", label(g, r, fmt)), *(("lit", v[r]) for _, v in extra_cols(g)), *row_items12(g, r, fmt)]
        body.append((r, row + [("lit", "")] * (len(h) - len(row))))
    V13_WRITERS[fmt](t, h, body, nlab, g, rng)


def typed(it, c: int, kinds: list[str]) -> tuple:
    """A value as a typed language holds it: a number bare (a percentage without its sign)."""
    return bare(it) if kinds[c] != "str" else it


def pascal(s: str) -> str:
    x = camel(s)
    return x[:1].upper() + x[1:]


def fs_string(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)


def wrapped(t: Tokens, parts: list[tuple], first: str, indent: str, width: int = 80) -> None:
    """Units `(r, [pieces])` joined by `; ` after `first`, a line broken before a unit that would
    pass `width` columns (the rest indented), as F# Interactive lays out a long list."""
    col = len(first)
    t.lit(first)
    for j, (r, pieces, text) in enumerate(parts):
        sep = "; " if j else ""
        if j and col + len(sep) + len(text) > width:
            t.lit(";\n" + indent)
            col = len(indent)
        else:
            t.lit(sep)
            col += len(sep)
        for p in pieces:
            put(t, r, p) if p[0] != "lit" else t.lit(p[-1])
        col += len(text)


def w_fsharp_fsi(t, head, body, nlab, g, rng) -> None:
    """F# Interactive's echo of a value: a Map of counts (`val it: Map<string,int> = map [("North",
    12); ...]`, keys sorted, a tuple key with two groups), a list of tuples (`(string * int * int)
    list = [("North", 12, 3); ...]`), or a list of records (`{ Region = "North"` with a field a
    line); `Some 12` / `None` in a column with a missing value; long lists broken over lines."""
    kinds = value_kinds(head, body, nlab)
    opt = [c >= nlab and any(row[c][-1] == "" for _, row in body) for c in range(len(head))]
    s = style(g, rng)
    name = rng.choice(["counts", "summary", "result"]) if g is not None else rng.choice(["rows", "patients"])
    if style(g, rng, 2) < 0.4:
        t.lit(f"> {name};;\n")  # an expression's value is echoed as `it`
        name = "it"

    def ftype(c: int) -> str:
        return {"int": "int", "float": "float"}.get(kinds[c], "string") + (" option" if opt[c] else "")

    def pieces(it, c: int) -> tuple[list, str]:
        if it[-1] == "":
            x = "None" if opt[c] else '""'
            return [("lit", x)], x
        it = typed(it, c, kinds)
        if kinds[c] == "str":
            if it[0] == "lit":
                x = fs_string(it[-1])
                out, text = [("lit", x)], x
            else:
                out, text = [("lit", '"'), it, ("lit", '"')], f'"{it[-1]}"'
        else:
            neg = it[-1].startswith("-")
            out, text = ([("lit", "(")], "(") if neg and opt[c] else ([], "")
            out, text = [*out, it], text + it[-1]
            if neg and opt[c]:
                out, text = [*out, ("lit", ")")], text + ")"
        if opt[c]:
            out, text = [("lit", "Some "), *out], "Some " + text
        return out, text

    if nlab >= 1 and whole_counts(body, nlab, g) and s < 0.35 and all(row[0][-1] for _, row in body):
        one = len(head) - nlab == 1
        entries = []
        for r, row in body:
            labs = [it[-1] for it in row[:nlab]]
            for c in range(nlab, len(head)):
                if row[c][-1] != "":
                    key = labs + ([] if one else [head[c]])
                    entries.append((tuple(key), r, row[c]))
        entries.sort(key=lambda x: x[0])
        arity = len(entries[0][0]) if entries else 1
        ktype = "string" if arity == 1 else "(" + " * ".join(["string"] * arity) + ")"
        parts = []
        for key, r, it in entries:
            k = fs_string(key[0]) if len(key) == 1 else "(" + ", ".join(fs_string(x) for x in key) + ")"
            parts.append((r, [("lit", f"({k}, "), it, ("lit", ")")], f"({k}, {it[-1]})"))
        lead_ = f"val {name}: Map<{ktype},int> = "
        if len(lead_) + 6 + sum(len(x[2]) + 2 for x in parts) <= 80:
            wrapped(t, parts, lead_ + "map [", " " * 20)
        else:
            wrapped(t, parts, f"val {name}: Map<{ktype},int> =\n  map\n    [", "     ")
        t.lit("]\n")
        return
    if s < 0.65 and len(head) <= 7:
        ttype = "(" + " * ".join(ftype(c) for c in range(len(head))) + ")" if len(head) > 1 else ftype(0)
        parts = []
        for r, row in body:
            ps, text = [("lit", "(")], "("
            for c, it in enumerate(row):
                p, x = pieces(it, c)
                ps += ([("lit", ", ")] if c else []) + p
                text += (", " if c else "") + x
            parts.append((r, [*ps, ("lit", ")")], text + ")"))
        lead_ = f"val {name}: {ttype} list = "
        if len(lead_) + 2 + sum(len(x[2]) + 2 for x in parts) <= 80:
            wrapped(t, parts, lead_ + "[", " ")
        else:
            wrapped(t, parts, f"val {name}: {ttype} list =\n  [", "   ")
        t.lit("]\n")
        return
    rec = rng.choice(["Summary", "CountRow", "Stat"]) if g is not None else "Patient"
    names = unique_names([pascal(k) for k in field_keys(head, nlab)])
    if style(g, rng, 1) < 0.4:
        t.lit(f"type {rec} =\n  {{ " + "\n    ".join(f"{x}: {ftype(c)}" for c, x in enumerate(names)) + " }\n")
    t.lit(f"val {name}: {rec} list =\n  [")
    for j, (r, row) in enumerate(body):
        t.lit("" if not j else "\n   ")
        for c, it in enumerate(row):
            t.lit(("{ " if not c else "\n     ") + names[c] + " = ")
            for p in pieces(it, c)[0]:
                put(t, r, p) if p[0] != "lit" else t.lit(p[-1])
        t.lit(" }")
    t.lit("]\n")


def w_swift_dump(t, head, body, nlab, g, rng) -> None:
    """Swift's `dump()` of the result: a dictionary of counts (`▿ 4 key/value pairs`, each pair
    `▿ (2 elements)` with `- key: "North"` and `- value: 12`, in hash order), an array of structs
    (`▿ Report.Summary` then `- region: "North"` a field a line), or an array of dictionaries (a
    missing value's key left out); or `print()` of the structs on one line
    (`[Report.Summary(region: "North", owner: 12)]`, `nil` for none)."""
    kinds = value_kinds(head, body, nlab)
    names = unique_names([camel(k) for k in field_keys(head, nlab)])
    s = style(g, rng)
    module = rng.choice(["main", "Report", "__lldb_expr_7", "Analytics"])
    struct = rng.choice(["Summary", "Row", "CountRow"]) if g is not None else "Patient"
    blanks = any(it[-1] == "" for _, row in body for it in row)
    if style(g, rng, 2) < 0.35:
        t.lit(rng.choice(["(lldb) po dump(result)\n", "// dump(rows)\n", "$ swift run report\n"]))

    def value(r, it, c) -> None:
        if kinds[c] != "str":
            put(t, r, bare(it))
        else:
            quoted_value(t, r, it, '"', lambda x: json.dumps(x, ensure_ascii=False)[1:-1])

    def elements(n: int, word: str = "element") -> str:
        return f"{n} {word}" + ("" if n == 1 else "s")

    keyed = nlab == 1 and len(head) == 2 and whole_counts(body, nlab, g) and len({row[0][-1] for _, row in body}) == len(body)
    if keyed and s < 0.3:
        rows = [x for x in body if x[1][1][-1] != ""]
        rng.shuffle(rows)
        t.lit(f"▿ {elements(len(rows), 'key/value pair')}\n")
        for r, row in rows:
            t.lit("  ▿ (2 elements)\n    - key: " + json.dumps(row[0][-1], ensure_ascii=False) + "\n    - value: ")
            put(t, r, row[1])
            t.lit("\n")
        return
    if s < 0.6 and not blanks:
        t.lit(f"▿ {elements(len(body))}\n")
        for r, row in body:
            t.lit(f"  ▿ {module}.{struct}\n")
            for c, it in enumerate(row):
                t.lit(f"    - {names[c]}: ")
                value(r, it, c)
                t.lit("\n")
        return
    if s < 0.82:
        keys = field_keys(head, nlab)
        t.lit(f"▿ {elements(len(body))}\n")
        for r, row in body:
            cs = [c for c in range(len(row)) if row[c][-1] != ""]
            rng.shuffle(cs)
            t.lit(f"  ▿ {elements(len(cs), 'key/value pair')}\n")
            for c in cs:
                t.lit("    ▿ (2 elements)\n      - key: " + json.dumps(keys[c], ensure_ascii=False) + "\n      - value: ")
                value(r, row[c], c)
                t.lit("\n")
        return
    t.lit("[")
    for j, (r, row) in enumerate(body):
        t.lit((", " if j else "") + f"{module}.{struct}(")
        for c, it in enumerate(row):
            t.lit((", " if c else "") + names[c] + ": ")
            if it[-1] == "":
                t.lit("nil")
            else:
                value(r, it, c)
        t.lit(")")
    t.lit("]\n")


def w_cypher_shell(t, head, body, nlab, g, rng) -> None:
    """Neo4j's cypher-shell: the verbose box (a rule of `+---+` over the whole width, `| a | b |`
    rows, every value left-aligned, strings in double quotes, `NULL` for none), then `N rows` and
    the timing line; or `--format plain` (`a, b` lines, strings quoted)."""
    kinds = value_kinds(head, body, nlab)
    var = rng.choice(["a", "r", "n", "p"])
    names = list(head)
    if nlab and style(g, rng, 1) < 0.5:
        names = [f"{var}.{snake(x)}" if c < nlab else x for c, x in enumerate(head)]
    if style(g, rng, 2) < 0.5:
        # the query that returns these columns (a property read as written, or aliased)
        node = rng.choice(["AreaCount", "Summary", "Row"]) if g is not None else "Patient"

        def expr(x: str) -> str:
            if x.startswith(f"{var}."):
                return x
            prop = x if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", x) else f"`{x}`"
            return f"{var}.{prop} AS {prop}"

        t.lit(f"neo4j@neo4j> MATCH ({var}:{node}) RETURN " + ", ".join(expr(x) for x in names) + ";\n")

    def unit(it, c) -> tuple:
        if it[-1] == "":
            return ("", ("lit", "NULL"), "")
        if kinds[c] != "str":
            return ("", bare(it), "")
        if it[0] == "lit":
            return ("", ("lit", json.dumps(it[-1], ensure_ascii=False)), "")
        return ('"', it, '"')

    rows = [(r, [unit(it, c) for c, it in enumerate(row)]) for r, row in body]
    if style(g, rng) < 0.25:
        t.lit(", ".join(names) + "\n")
        for r, us in rows:
            for j, u in enumerate(us):
                t.lit(", " if j else "")
                put_unit(t, r, u)
            t.lit("\n")
        return
    ws = [max(dw(names[j]), *(dw(unit_text(us[j])) for _, us in rows)) for j in range(len(names))]
    line = "| " + " | ".join(x + " " * (w - dw(x)) for x, w in zip(names, ws, strict=True)) + " |"
    rule = "+" + "-" * (len(line) - 2) + "+\n"
    t.lit(rule + line + "\n" + rule)
    for r, us in rows:
        t.lit("| ")
        for j, (u, w) in enumerate(zip(us, ws, strict=True)):
            t.lit(" | " if j else "")
            put_unit(t, r, u)
            t.lit(" " * (w - dw(unit_text(u))))
        t.lit(" |\n")
    t.lit(rule)
    n = len(body)
    t.lit(f"\n{n} row{'s' if n != 1 else ''}\n")
    if style(g, rng, 1) < 0.8:
        t.lit(f"ready to start consuming query after {rng.randint(2, 90)} ms, results consumed after another {rng.randint(0, 30)} ms\n")


def influx_escape(s: str, quote_spaces: bool = True) -> str:
    """A tag key, a tag value or a field key in line protocol: commas, equals signs and spaces
    escaped with a backslash."""
    s = s.replace("\\", "\\\\").replace(",", "\\,").replace("=", "\\=")
    return s.replace(" ", "\\ ") if quote_spaces else s


def w_influx_line(t, head, body, nlab, g, rng) -> None:
    """InfluxDB line protocol: a point a row (`counts,region=North owner=12i,renter=3i <time>`,
    the labels as tags, the values as fields: an integer with `i`, a float bare, a string in
    double quotes, a missing field left out), or a point a count (`counts,region=North,tenure=Owner
    value=12i`); a nanosecond or second timestamp, or none; sometimes the `# DML` header of
    `influx_inspect export`."""
    kinds = value_kinds(head, body, nlab)
    meas = rng.choice(["tenure_counts", "referrals", "admissions", "patient_counts"]) if g is not None else rng.choice(["patients", "admissions"])
    # the labels are tags (an extract's categorical fields: sex, postcode, its id)
    tags = list(range(nlab)) if g is not None else [c for c in range(len(head)) if head[c] in ("sex", "postcode", "patient_id")]
    fields = [c for c in range(len(head)) if c not in tags]
    keys = field_keys(head, nlab)
    snake_keys = style(g, rng, 1) < 0.6
    fkeys = unique_names([snake(k) for k in keys]) if snake_keys else [influx_escape(k) for k in keys]
    tkeys = unique_names([snake(k) or "label" for k in keys])
    s = style(g, rng)
    ts = rng.choice([None, "1711929600000000000", "1711929600", "1712016000000000000"])
    vname = rng.choice(["value", "count", "n"])
    if style(g, rng, 2) < 0.3:
        t.lit(f"# DML\n# CONTEXT-DATABASE: {rng.choice(['clinic', 'reporting', 'health'])}\n# CONTEXT-RETENTION-POLICY: autogen\n")

    def field_value(r, it, c) -> None:
        if kinds[c] == "str":
            quoted_value(t, r, it, '"', lambda x: x.replace("\\", "\\\\").replace('"', '\\"'))
        else:
            put(t, r, bare(it))
            t.lit("i" if kinds[c] == "int" else "")

    def tags_of(row) -> str:
        return "".join(f",{tkeys[c]}={influx_escape(row[c][-1])}" for c in tags if row[c][-1] != "")

    long = g is not None and whole_counts(body, nlab, g) and len(fields) > 1 and s < 0.35
    for r, row in body:
        if long:
            for c in fields:
                if row[c][-1] == "":
                    continue
                t.lit(f"{meas}{tags_of(row)},{snake(g.col_name) or 'category'}={influx_escape(head[c])} {vname}=")
                field_value(r, row[c], c)
                t.lit((" " + ts if ts else "") + "\n")
            continue
        shown_ = [c for c in fields if row[c][-1] != ""]
        if not shown_:
            continue
        t.lit(meas + tags_of(row) + " ")
        for j, c in enumerate(shown_):
            t.lit(("," if j else "") + fkeys[c] + "=")
            field_value(r, row[c], c)
        t.lit((" " + ts if ts else "") + "\n")


def w_dynamodb_json(t, head, body, nlab, g, rng) -> None:
    """An AWS DynamoDB scan: `aws dynamodb scan` (JSON indented by four spaces) or boto3's
    response printed from Python (single quotes): `Items`, each attribute typed (`{"S": "North"}`,
    a number as a string `{"N": "12"}`, `{"NULL": true}` or left out when missing), then `Count`
    and `ScannedCount`."""
    kinds = value_kinds(head, body, nlab)
    keys = field_keys(head, nlab)
    py = style(g, rng) < 0.3
    q = "'" if py else '"'
    null_kept = style(g, rng, 1) < 0.3
    shuffle = style(g, rng, 2) < 0.4

    def key(x: str) -> str:
        return repr(x) if py else json.dumps(x, ensure_ascii=False)

    def text(x: str) -> str:
        return repr(x)[1:-1] if py else json.dumps(x, ensure_ascii=False)[1:-1]

    i1, i2, i3, i4 = ("", "", "", "") if py else ("    ", "        ", "            ", "                ")
    nl = "" if py else "\n"
    sp = " " if py else ""
    t.lit("{" + nl + f"{i1}{key('Items')}: [" + nl)
    for j, (r, row) in enumerate(body):
        cs = [c for c in range(len(row)) if row[c][-1] != "" or null_kept]
        if shuffle:
            rng.shuffle(cs)
        t.lit(f"{i2}{{" + nl)
        for k, c in enumerate(cs):
            it = row[c]
            t.lit(f"{i3}{key(keys[c])}: {{" + nl + i4)
            if it[-1] == "":
                t.lit(f"{key('NULL')}: {'True' if py else 'true'}")
            else:
                t.lit(f"{key('S' if kinds[c] == 'str' else 'N')}: ")
                quoted_value(t, r, typed(it, c, kinds), q, text)
            t.lit(nl + f"{i3}}}" + ("," + sp if k + 1 < len(cs) else "") + nl)
        t.lit(f"{i2}}}" + ("," + sp if j + 1 < len(body) else "") + nl)
    n = len(body)
    t.lit(f"{i1}],{sp}{nl}{i1}{key('Count')}: {n},{sp}{nl}{i1}{key('ScannedCount')}: {n},{sp}{nl}")
    t.lit(f"{i1}{key('ConsumedCapacity')}: {'None' if py else 'null'}{nl}}}\n")


def r_name13(s: str) -> str:
    return s if re.fullmatch(r"[A-Za-z][A-Za-z0-9._]*", s) else "`" + s.replace("`", "") + "`"


def w_r_tribble(t, head, body, nlab, g, rng) -> None:
    """R code that builds the table: `tibble::tribble()` as datapasta writes it (`~region, ~Owner,`
    then a row a line, every column right-aligned, `NA` for none, integers sometimes with `L`), or
    `data.frame(region = c("North", ...), Owner = c(12, ...))` a column a line."""
    kinds = value_kinds(head, body, nlab)
    names = [r_name13(k) for k in field_keys(head, nlab)]
    suffix_l = style(g, rng, 1) < 0.3
    var = rng.choice(["counts", "df", "tab", "summary_tbl"]) if g is not None else rng.choice(["extract", "df"])

    def unit(it, c) -> tuple:
        if it[-1] == "":
            return ("", ("lit", "NA"), "")
        if kinds[c] == "str":
            if it[0] == "lit":
                return ("", ("lit", json.dumps(it[-1], ensure_ascii=False)), "")
            return ('"', it, '"')
        return ("", bare(it), "L" if suffix_l and kinds[c] == "int" else "")

    rows = [(r, [unit(it, c) for c, it in enumerate(row)]) for r, row in body]
    if style(g, rng) < 0.6:
        heads = [f"~{x}" for x in names]
        ws = [max(dw(heads[c]), *(dw(unit_text(us[c])) for _, us in rows)) for c in range(len(head))]
        t.lit(f"{var} <- " if style(g, rng, 2) < 0.6 else "")
        t.lit("tibble::tribble(\n  " + " ".join(" " * (w - dw(x)) + x + "," for x, w in zip(heads, ws, strict=True)) + "\n")
        for j, (r, us) in enumerate(rows):
            t.lit("  ")
            for c, (u, w) in enumerate(zip(us, ws, strict=True)):
                t.lit((" " if c else "") + " " * (w - dw(unit_text(u))))
                put_unit(t, r, u)
                t.lit("," if c + 1 < len(us) or j + 1 < len(rows) else "")
            t.lit("\n")
        t.lit("  )\n")
        return
    t.lit(f"{var} <- data.frame(\n")
    for c, x in enumerate(names):
        t.lit(f"  {x} = c(")
        for j, (r, us) in enumerate(rows):
            t.lit(", " if j else "")
            put_unit(t, r, us[c])
        t.lit(")" + ("," if c + 1 < len(names) or any(n.startswith("`") for n in names) else "") + "\n")
    if any(n.startswith("`") for n in names):
        t.lit("  check.names = FALSE\n")
    t.lit(")\n")


def sas_names(keys: list[str]) -> list[str]:
    out = []
    for k in keys:
        x = snake(k)[:32]
        out.append("_" + x[:31] if x[0].isdigit() else x)
    return unique_names(out)


def w_sas_datalines(t, head, body, nlab, g, rng) -> None:
    """A SAS data step carrying the table in-stream: `input` with a character informat for the
    labels, `datalines;` (or `cards;`), the rows comma-separated under `infile datalines dsd` (a
    value with a comma or a space in quotes, a missing number empty) or space-separated under list
    input (`&` before a label with spaces, `.` for a missing value), `;` and `run;`, sometimes a
    `label` statement and a `proc print`."""
    kinds = value_kinds(head, body, nlab)
    keys = field_keys(head, nlab)
    names = sas_names(keys)
    ds = rng.choice(["work.counts", "counts", "summary", "tab1"]) if g is not None else rng.choice(["work.extract", "cohort"])
    spaced = [c for c in range(len(head)) if kinds[c] == "str" and any(" " in row[c][-1] for _, row in body)]
    dsd = style(g, rng) < 0.55 or any(c >= nlab for c in spaced) or len(spaced) > 1 or any("," in it[-1] for _, row in body for it in row)
    dsd = dsd or any(row[c][-1] == "" for _, row in body for c in range(len(head)) if kinds[c] == "str")
    width = {c: max(1, *(len(row[c][-1]) for _, row in body)) for c in range(len(head)) if kinds[c] == "str"}
    if style(g, rng, 2) < 0.4:
        t.lit(rng.choice(["/* counts from the April extract */\n", "* table built from the summary output;\n", "options nocenter;\n"]))
    t.lit(f"data {ds};\n")
    if dsd:
        t.lit("  infile datalines dsd truncover;\n")
        t.lit("  input " + " ".join(f"{x} :${width[c]}." if c in width else x for c, x in enumerate(names)) + ";\n")
    else:
        informats = [(f"{x} & ${width[c]}." if c in spaced else f"{x} :${width[c]}.") if c in width else x for c, x in enumerate(names)]
        t.lit("  input " + " ".join(informats) + ";\n")
    if any(x != k for x, k in zip(names, keys, strict=True)) and style(g, rng, 1) < 0.5:
        t.lit("  label " + " ".join(f'{x}="{k}"' for x, k in zip(names, keys, strict=True) if x != k) + ";\n")
    t.lit("  " + rng.choice(["datalines", "datalines", "cards"]) + ";\n")
    for r, row in body:
        for c, it in enumerate(row):
            if dsd:
                t.lit("," if c else "")
                if it[-1] == "":
                    continue
                it = typed(it, c, kinds)
                if kinds[c] == "str" and ("," in it[-1] or '"' in it[-1] or " " in it[-1]):
                    quoted_value(t, r, it, '"', lambda x: x.replace('"', '""'))
                else:
                    put(t, r, it)
            else:
                t.lit(("  " if c - 1 in spaced else " ") if c else "")
                put(t, r, typed(it, c, kinds)) if it[-1] != "" else t.lit(".")
        t.lit("\n")
    t.lit(";\nrun;\n")
    if style(g, rng, 1) >= 0.6:
        t.lit(f"\nproc print data={ds} noobs;\nrun;\n")


def xml_text(s: str) -> str:
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def xml_item(it) -> tuple:
    """An item with its text escaped for XML (a marker like `<5` as `&lt;5`)."""
    if it[0] in ("cell", "pct", "lit") and xml_text(it[-1]) != it[-1]:
        return retext(it, xml_text(it[-1]))
    return it


def sum_formula(g: Grid | None, r: int, c: int) -> str | None:
    """`=SUM(R[-n]C:R[-1]C)` where the grid states that the cell is the sum of the n rows just above."""
    if g is None or not isinstance(r, int) or not isinstance(c, int):
        return None
    for parts, tot in g.relations:
        if tot == (r, c) and len(parts) > 1 and parts == [(q, c) for q in range(r - len(parts), r)]:
            return f"=SUM(R[-{len(parts)}]C:R[-1]C)"
    return None


def w_spreadsheetml(t, head, body, nlab, g, rng) -> None:
    """Excel's XML Spreadsheet 2003 (`<?mso-application progid="Excel.Sheet"?>`): a `Row` a line
    of the sheet, each `Cell` with its `Data` typed `String` or `Number`, an empty cell left out
    (the next one with `ss:Index`), a total the sum of the rows above kept as its formula
    (`ss:Formula="=SUM(R[-4]C:R[-1]C)"`) beside its value; indented or a row per line."""
    kinds = value_kinds(head, body, nlab)
    pretty = style(g, rng) < 0.6
    formulas = style(g, rng, 1) < 0.6
    nl, i2, i3 = ("\n", "  ", "   ") if pretty else ("", "", "")
    sheet = rng.choice(["Sheet1", "Counts", "Table 1", "Export"]) if g is not None else "Extract"
    t.lit('<?xml version="1.0"?>\n<?mso-application progid="Excel.Sheet"?>\n')
    t.lit('<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet"\n xmlns:o="urn:schemas-microsoft-com:office:office"\n')
    t.lit(' xmlns:x="urn:schemas-microsoft-com:office:excel"\n xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet">\n')
    if style(g, rng, 2) < 0.5:
        t.lit(' <Styles>\n  <Style ss:ID="Default" ss:Name="Normal"/>\n  <Style ss:ID="s21"><Font ss:Bold="1"/></Style>\n </Styles>\n')
        bold = ' ss:StyleID="s21"'
    else:
        bold = ""
    t.lit(f' <Worksheet ss:Name="{sheet}">\n')
    t.lit(f'  <Table ss:ExpandedColumnCount="{len(head)}" ss:ExpandedRowCount="{len(body) + 1}" x:FullColumns="1" x:FullRows="1">\n')
    t.lit(f"{i2}<Row>{nl}")
    for x in head:
        t.lit(f'{i3} <Cell{bold}><Data ss:Type="String">{xml_text(x)}</Data></Cell>{nl}')
    t.lit(f"{i2}</Row>\n" if pretty else "</Row>\n")
    for r, row in body:
        t.lit(f"{i2}<Row>{nl}")
        skipped = False
        for c, it in enumerate(row):
            if it[-1] == "":
                skipped = True
                continue
            at = f' ss:Index="{c + 1}"' if skipped else ""
            skipped = False
            f = sum_formula(g, r, it[1]) if formulas and it[0] == "cell" else None
            t.lit(f"{i3} <Cell{at}" + (f' ss:Formula="{f}"' if f else "") + f'><Data ss:Type="{"String" if kinds[c] == "str" else "Number"}">')
            put(t, r, xml_item(typed(it, c, kinds)))
            t.lit(f"</Data></Cell>{nl}")
        t.lit(f"{i2}</Row>\n" if pretty else "</Row>\n")
    t.lit("  </Table>\n </Worksheet>\n</Workbook>\n")


def rtf_text(s: str) -> str:
    return s.replace("\\", "\\\\").replace("{", "\\{").replace("}", "\\}")


def w_rtf_table(t, head, body, nlab, g, rng) -> None:
    """An RTF document as a report writer saves it (SAS ODS RTF, r2rtf, a word processor): the
    header with its font table, a title paragraph, then each row as `\\trowd` with its cells'
    right edges (`\\cellx`), each cell a paragraph in the table (`\\pard\\intbl ... \\cell`), `\\row`;
    the header row bold and repeated on each page (`\\trhdr`), numbers right-aligned."""
    kinds = value_kinds(head, body, nlab)
    title = rng.choice(["Table 1. Counts by area", "Summary table", "Patients by region", "Output 2.1"]) if g is not None else "Listing 1"
    ws = [max(dw(head[c]), *(dw(row[c][-1]) for _, row in body)) for c in range(len(head))]
    edges, x = [], 0
    for w in ws:
        x += 200 + 120 * max(w, 4)
        edges.append(x)
    fs = rng.choice(["\\fs18", "\\fs20", "\\fs16"])
    compact = style(g, rng) < 0.5
    t.lit("{\\rtf1\\ansi\\ansicpg1252\\deff0\\deflang2057{\\fonttbl{\\f0\\fswiss\\fcharset0 Arial;}{\\f1\\fmodern\\fcharset0 Courier New;}}\n")
    t.lit("\\paperw11906\\paperh16838\\margl1134\\margr1134\\margt1134\\margb1134\n")
    t.lit(f"\\pard\\plain\\f0\\fs22\\b {rtf_text(title)}\\b0\\par\n")

    def rowdef(header_row: bool) -> str:
        border = "\\clbrdrt\\brdrs\\brdrw10\\clbrdrb\\brdrs\\brdrw10" if header_row else ""
        return "\\trowd\\trgaph108\\trleft0" + ("\\trhdr" if header_row else "") + "".join(f"{border}\\cellx{e}" for e in edges)

    def align(c: int) -> str:
        return "\\ql" if c < nlab or kinds[c] == "str" else "\\qr"

    t.lit(rowdef(True) + "\n")
    for c, h in enumerate(head):
        t.lit(f"\\pard\\plain\\intbl{align(c)}\\f0{fs}\\b {rtf_text(h)}\\b0\\cell" + ("" if compact else "\n"))
    t.lit("\\row\n")
    for r, row in body:
        t.lit(rowdef(False) + "\n")
        for c, it in enumerate(row):
            t.lit(f"\\pard\\plain\\intbl{align(c)}\\f0{fs} ")
            if it[0] == "lit":
                t.lit(rtf_text(it[-1]))
            else:
                put(t, r, it)
            t.lit("\\cell" + ("" if compact else "\n"))
        t.lit("\\row\n")
    foot = rng.choice(["Source: clinic extract.", "Produced by the reporting service.", "Data as at 2 April 2024."])
    t.lit("\\pard\\plain\\f0\\fs16 " + foot + "\\par\n}\n")


def w_django_queryset(t, head, body, nlab, g, rng) -> None:
    """Django's shell: a QuerySet's repr (`<QuerySet [{'region': 'North', 'n': 12}, ...]>` from
    `values().annotate()`, or tuples from `values_list()`), or `list()` of it (past 20 rows, which
    the repr would cut), pretty-printed a dict a line; a missing value `None`, a share sometimes a
    `Decimal('30.8')`."""
    kinds = value_kinds(head, body, nlab)
    keys = unique_names([py_field(k).lower() for k in field_keys(head, nlab)])
    s = style(g, rng)
    decimal = style(g, rng, 1) < 0.3
    var = rng.choice(["qs", "summary", "counts"]) if g is not None else "Patient.objects.all()"
    prompt = style(g, rng, 2) < 0.6

    def value(r, it, c) -> None:
        if it[-1] == "":
            t.lit("None")
        elif kinds[c] == "str":
            if it[0] == "lit":
                t.lit(py_quote(it[-1]))
            else:
                quoted_value(t, r, it, "'")
        elif decimal and kinds[c] == "float":
            t.lit("Decimal('")
            put(t, r, bare(it))
            t.lit("')")
        else:
            put(t, r, bare(it))

    tuples = s >= 0.65
    listed = len(body) > 20 or style(g, rng) < 0.15
    fields = ", ".join(repr(k) for k in keys)
    if prompt:
        query = f"{var}.values_list({fields})" if tuples else f"{var}.values({fields})" if g is None else var
        t.lit(f">>> pprint(list({query}))\n" if listed else f">>> {query}\n")
    if listed:
        t.lit("[")
    else:
        t.lit("<QuerySet [")
    for j, (r, row) in enumerate(body):
        if j:
            t.lit(",\n " if listed else ", ")
        t.lit("(" if tuples else "{")
        for c, it in enumerate(row):
            t.lit(", " if c else "")
            if not tuples:
                t.lit(py_quote(keys[c]) + ": ")
            value(r, it, c)
        t.lit(("," if len(row) == 1 else "") + ")" if tuples else "}")
    t.lit("]\n" if listed else "]>\n")


V13_WRITERS = {
    "fsharp_fsi": w_fsharp_fsi,
    "swift_dump": w_swift_dump,
    "cypher_shell": w_cypher_shell,
    "influx_line": w_influx_line,
    "dynamodb_json": w_dynamodb_json,
    "r_tribble": w_r_tribble,
    "sas_datalines": w_sas_datalines,
    "spreadsheetml": w_spreadsheetml,
    "rtf_table": w_rtf_table,
    "django_queryset": w_django_queryset,
}

NEGATIVES_V13 = [
    (
        "fsharp_fsi",
        '```fsharp\n> config;;\nval it: Config = { Host = "db.internal"\n                  Port = 5432\n                  PoolSize = 10\n'
        "                  TimeoutSecs = 30 }\n> [1 .. 4] |> List.map (fun x -> x * x);;\nval it: int list = [1; 4; 9; 16]\n```\n",
    ),
    (
        "swift_dump",
        '```\n▿ Config\n  - host: "api.internal"\n  - port: 8443\n  - retries: 3\n  ▿ timeout: 2.5 seconds\n    - seconds: 2\n'
        "    - attoseconds: 500000000000000000\n  - verbose: false\n```\n",
    ),
    (
        "cypher_shell",
        "```\nneo4j@neo4j> SHOW INDEXES YIELD name, type, state, populationPercent;\n"
        "+---------------------------------------------------------------+\n"
        "| name                  | type     | state    | populationPercent |\n"
        "+---------------------------------------------------------------+\n"
        '| "index_343aff4e"      | "LOOKUP" | "ONLINE" | 100.0             |\n'
        '| "patient_nhs_number"  | "RANGE"  | "ONLINE" | 100.0             |\n'
        "+---------------------------------------------------------------+\n\n2 rows\n"
        "ready to start consuming query after 9 ms, results consumed after another 1 ms\n```\n",
    ),
    (
        "influx_line",
        "```\ncpu,host=web01,region=eu-west usage_user=12.5,usage_system=3.1,usage_idle=84.4 1711929600000000000\n"
        "mem,host=web01 used_percent=41.2,available=8123456512i 1711929600000000000\n"
        "disk,host=web01,path=/ used_percent=63.9,inodes_free=2411873i 1711929600000000000\n```\n",
    ),
    (
        "dynamodb_json",
        '```json\n{\n    "Table": {\n        "TableName": "sessions",\n        "KeySchema": [\n            {\n'
        '                "AttributeName": "session_id",\n'
        '                "KeyType": "HASH"\n            }\n        ],\n        "TableStatus": "ACTIVE",\n'
        '        "ProvisionedThroughput": {\n            "ReadCapacityUnits": 5,\n            "WriteCapacityUnits": 5\n        },\n'
        '        "TableSizeBytes": 1048576,\n        "ItemCount": 2048\n    }\n}\n```\n',
    ),
    (
        "r_tribble",
        '```r\nparams <- tibble::tribble(\n     ~term, ~estimate, ~std.error,\n  "(Intercept)",     2.31,      0.41,\n'
        '          "age",    0.031,     0.004,\n       "smoker",     0.52,      0.12\n  )\n```\n',
    ),
    (
        "sas_datalines",
        "```sas\ndata calib;\n  input dose response;\n  datalines;\n0.5 0.12\n1.0 0.27\n2.0 0.49\n4.0 0.83\n;\nrun;\n\n"
        "proc reg data=calib;\n  model response = dose;\nrun;\n```\n",
    ),
    (
        "spreadsheetml",
        '```xml\n<?xml version="1.0"?>\n<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet"\n'
        ' xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet">\n <Worksheet ss:Name="Settings">\n  <Table>\n'
        '   <Row><Cell><Data ss:Type="String">Discount rate</Data></Cell><Cell><Data ss:Type="Number">0.035</Data></Cell></Row>\n'
        '   <Row><Cell><Data ss:Type="String">Currency</Data></Cell><Cell><Data ss:Type="String">GBP</Data></Cell></Row>\n'
        '   <Row><Cell><Data ss:Type="String">Start date</Data></Cell><Cell><Data ss:Type="String">2024-04-01</Data></Cell></Row>\n'
        "  </Table>\n </Worksheet>\n</Workbook>\n```\n",
    ),
    (
        "rtf_table",
        "{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0\\fswiss Arial;}}\n\\pard\\b Document history\\b0\\par\n"
        "\\trowd\\trgaph108\\cellx2000\\cellx4000\\cellx7000\n\\pard\\intbl Version\\cell\\pard\\intbl Date\\cell\\pard\\intbl Author\\cell\\row\n"
        "\\trowd\\trgaph108\\cellx2000\\cellx4000\\cellx7000\n"
        "\\pard\\intbl 1.2\\cell\\pard\\intbl 2024-02-11\\cell\\pard\\intbl J. Okafor\\cell\\row\n"
        "\\trowd\\trgaph108\\cellx2000\\cellx4000\\cellx7000\n"
        "\\pard\\intbl 1.3\\cell\\pard\\intbl 2024-03-28\\cell\\pard\\intbl R. Patel\\cell\\row\n}\n",
    ),
    (
        "django_queryset",
        "```python\n>>> MigrationRecorder.Migration.objects.values('app', 'name')[:3]\n"
        "<QuerySet [{'app': 'contenttypes', 'name': '0001_initial'}, {'app': 'auth', 'name': '0001_initial'}, "
        "{'app': 'auth', 'name': '0002_alter_permission_name_max_length'}]>\n>>> settings.CONN_MAX_AGE\n600\n```\n",
    ),
]

# Earlier layouts a set-13 format is measured on (one case each, the policy alternating).
EARLIER_FOR_V13 = [
    "totals_last",
    "totals_first",
    "no_totals",
    "several_totals",
    "hier2_dash",
    "hier3_level",
    "percent_cols",
    "linked_oneway_crosstab",
    "two_row_header",
    "count_pct_cell",
    "pre_suppressed",
    "of_which",
    "ci_cells",
    "running_totals",
    "n_of_N",
    "funnel",
    "overlap",
    "rolling_sums",
    "n_in_row_label",
    "count_of_counts",
    "moving_average",
    "table_one",
    "sex_ratio",
    "pct_of_parent",
]


def cases_v13(seed: int) -> list[Case]:
    """The thirteenth held-out set: every case with a ``split.V13_FORMATS`` format or a
    ``split.V13_LAYOUTS`` layout, with microdata and non-tables in the new formats. Its stream is
    seeded with ``seed + 14`` (``seed + 13`` seeds set 12), so that sets 1-12 stay as they were."""
    return held_out_set(
        "13",
        random.Random(seed + 14),
        V13_FORMATS,
        V13_LAYOUTS,
        EARLIER_FOR_V13,
        FORMATS
        + V2_FORMATS
        + V3_FORMATS
        + V4_FORMATS
        + V5_FORMATS
        + V6_FORMATS
        + V7_FORMATS
        + V8_FORMATS
        + V9_FORMATS
        + V10_FORMATS
        + V11_FORMATS
        + V12_FORMATS,
        NEGATIVES_V13,
        reps=lambda layout: 3,
        # every earlier format in half of the new layouts (a case each)
        crossed=lambda k, j, layout: [(k + j) % 2] if (k + j) % 4 < 2 else [],
        records=lambda fmt: True,
    )


# ---- the fourteenth held-out set (``split.V14_FORMATS``, ``split.V14_LAYOUTS``) ----

INTROS_V14 = [
    "Here's what the query returned:",
    "Output below.",
    "The figures, as produced:",
    "Counts for the reporting period:",
    "This is the result:",
    "Extracted table:",
]
OUTROS_V14 = [
    "",
    "\nShout if you want these split by sex.",
    "\nFigures are provisional and may be revised.",
    "\nI can add the previous year for comparison.",
    "\nSource: the quarterly extract.",
]
# (people, their events): the events are never fewer than the people who had them
PEOPLE_EVENTS = [
    ("Patients", "Admissions"),
    ("People", "Episodes"),
    ("Patients", "Attendances"),
    ("Households", "Residents"),
    ("Children", "Referrals"),
    ("Individuals", "Contacts"),
]
# (child unit's name, parent unit's name, parents, the second table's total label)
PARENTS_V14 = [
    ("ward", "district", ["Ashdown", "Brackley", "Carrow", "Denholme"], "All districts"),
    ("practice", "pcn", ["North PCN", "Central PCN", "South PCN"], "All PCNs"),
    ("msoa", "local_authority", ["Eastleigh", "Fareham", "Gosport"], "Total"),
    ("school", "cluster", ["Cluster A", "Cluster B", "Cluster C"], "All clusters"),
]
PRACTICES_V14 = ["Abbey Surgery", "Bridge Street MC", "Castle Practice", "Dockside HC", "Elm Tree Surgery", "Field House"]
PRACTICES_V14 += ["Grove MC", "High Street Surgery", "Ivy Lane", "Jubilee HC"]
SCHOOLS_V14 = ["Ashby Primary", "Beck Infants", "Coombe Junior", "Dale Academy", "Elmfield", "Foxhill Primary", "Greenacre"]
SCHOOLS_V14 += ["Holly Bank", "Ingleby School", "Kestrel Primary"]
MSOAS_V14 = [f"E0200{4000 + k}" for k in range(12)]
MONTHS_V14 = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
WIDER_V14 = [
    ("the North West", "North West total"),
    ("the region", "Region total"),
    ("the ICB", "ICB total"),
    ("the county", "County total"),
]


def people_count(rng: random.Random, small: int) -> int:
    x = rng.random()
    return rng.randint(1, small - 1) if x < 0.3 else 0 if x < 0.34 else rng.randint(small, 150)


def layout_v14(layout: str, rng: random.Random, small: int, labels: list[str], cols: list[str]) -> list[Grid]:
    """The fourteenth held-out set's layouts: every relation, bound and percentage below holds and a
    reader can use it."""
    if layout == "people_and_events":
        # People and their events per area (patients and admissions, households and residents):
        # the events are the people plus their repeats, never fewer (a non-negative rest the text
        # never shows); a total row of both, mostly; sometimes the events per person beside them
        # (no count, tied to no relation here).
        ppl, ev = rng.choice(PEOPLE_EVENTS)
        units = list(labels) if rng.random() < 0.6 else rng.sample(WARDS, rng.randint(3, 6))
        vals = []
        for _ in units:
            p = people_count(rng, small)
            e = p + (0 if p == 0 else rng.randint(0, 2 * p) if rng.random() < 0.6 else rng.randint(0, max(1, p // 3)))
            vals.append([p, e])
        rows = list(units)
        total_at = rng.choice(["last", "last", "last", "first", None])
        if total_at:
            tot = [sum(v[0] for v in vals), sum(v[1] for v in vals)]
            at = len(vals) if total_at == "last" else 0
            vals.insert(at, tot)
            rows.insert(at, rng.choice(["Total", "All areas", "Total"]))
        g = Grid(rows, [ppl, ev], vals, row_name=rng.choice(["area", "region", "ward"]), col_name="measure")
        body = [r for r in range(len(rows)) if not (total_at and r == (len(rows) - 1 if total_at == "last" else 0))]
        for r in range(len(rows)):
            g.slack.append(vals[r][1] - vals[r][0])
            g.relations.append(([(r, 0), ("s", len(g.slack) - 1)], (r, 1)))
        if total_at:
            tr = len(rows) - 1 if total_at == "last" else 0
            for c in range(2):
                g.relations.append(([(r, c) for r in body], (tr, c)))
        if rng.random() < 0.35 and all(v[0] > 0 for v in vals):
            one = {"People": "person", "Children": "child", "Individuals": "individual"}.get(ppl, ppl[:-1].lower())
            g.col_labels.append(f"{ev} per {one}")
            for v in vals:
                v.append(round(v[1] / v[0], 2))
            g.derived_cols.add(2)
        g.intro = rng.choice([None, f"{ppl} and {ev.lower()} by area:", f"Number of {ppl.lower()} and {ev.lower()}:"])
        return [g]
    if layout == "lookup_parent":
        # Small areas listed with their parent in a label column, then the parents' own table:
        # each parent's cell is the sum of its children's cells in the same column (relations
        # across the two tables); a total column in both sometimes, a total row under the parents.
        child, parent, parents, all_label = rng.choice(PARENTS_V14)
        pool = {"ward": WARDS, "practice": PRACTICES_V14, "msoa": MSOAS_V14, "school": SCHOOLS_V14}[child]
        k = rng.randint(2, len(parents))
        parents = parents[:k]
        kids = rng.sample(pool, rng.randint(max(k + 1, 4), min(len(pool), 9)))
        of = partition(rng, len(kids), k)
        order = sorted(range(len(kids)), key=lambda i: (of[i], kids[i])) if rng.random() < 0.6 else sorted(range(len(kids)), key=lambda i: kids[i])
        kids, of = [kids[i] for i in order], [of[i] for i in order]
        nc = len(cols)
        total_col = rng.random() < 0.5
        vals = inner(rng, len(kids), nc, small)
        cl = list(cols)
        if total_col:
            cl.append("Total")
            for v in vals:
                v.append(sum(v))
        a = Grid(kids, list(cl), vals, row_name=child, col_name="tenure")
        a.extra = [(parent, [parents[j] for j in of])]
        if total_col:
            for r in range(len(kids)):
                a.relations.append(([(r, c) for c in range(nc)], (r, nc)))
        pv = [[sum(vals[i][c] for i in range(len(kids)) if of[i] == j) for c in range(len(cl))] for j in range(k)]
        prow = list(parents)
        total_row = rng.random() < 0.6
        if total_row:
            pv.append([sum(v[c] for v in pv) for c in range(len(cl))])
            prow.append(all_label)
        b = Grid(prow, list(cl), pv, row_name=parent, col_name="tenure")
        if total_col:
            for r in range(len(prow)):
                b.relations.append(([(r, c) for c in range(nc)], (r, nc)))
        if total_row:
            for c in range(len(cl)):
                b.relations.append(([(r, c) for r in range(k)], (k, c)))
        for j in range(k):
            for c in range(len(cl)):
                b.cross.append(([(0, i, c) for i in range(len(kids)) if of[i] == j], (1, j, c)))
        a.intro = rng.choice([None, f"By {child} (with its {parent.replace('_', ' ')}):", f"Counts per {child}:"])
        b.intro = rng.choice(
            [f"And by {parent.replace('_', ' ')}:", f"Aggregated to {parent.replace('_', ' ')}:", f"{parent.replace('_', ' ').capitalize()} totals:"]
        )
        return [a, b]
    if layout == "two_granularities":
        # Monthly counts per area, then the same counts by quarter in a second table (each quarter
        # the sum of its three months, across the tables) with the half-year (or the period's)
        # total; a total row in both sometimes.
        year = rng.choice([2023, 2024])
        start = rng.choice([0, 3, 6])
        nq = rng.choice([1, 2, 2])
        style_ = rng.random()
        months = [
            f"{MONTHS_V14[start + m]} {year}" if style_ < 0.4 else f"{year}-{start + m + 1:02d}" if style_ < 0.7 else MONTHS_V14[start + m]
            for m in range(3 * nq)
        ]
        quarters = [
            f"Q{start // 3 + q + 1} {year}" if style_ < 0.7 else f"{MONTHS_V14[start + 3 * q]}-{MONTHS_V14[start + 3 * q + 2]}" for q in range(nq)
        ]
        units = list(labels)
        vals = []
        for _ in units:
            lvl = rng.uniform(0.3, small * 0.8) if rng.random() < 0.4 else rng.uniform(small, 80)
            vals.append([max(0, round(lvl * rng.uniform(0.5, 1.5))) for _ in months])
        total_row = rng.random() < 0.5
        rows = list(units) + (["Total"] if total_row else [])
        if total_row:
            vals.append([sum(v[c] for v in vals) for c in range(len(months))])
        a = Grid(rows, months, vals, row_name="area", col_name="month")
        n = len(units)
        if total_row:
            for c in range(len(months)):
                a.relations.append(([(r, c) for r in range(n)], (n, c)))
        qcols = quarters + (["Total"] if nq > 1 else [])
        qv = []
        for v in vals:
            qs = [sum(v[3 * q : 3 * q + 3]) for q in range(nq)]
            qv.append(qs + ([sum(qs)] if nq > 1 else []))
        b = Grid(list(rows), qcols, qv, row_name="area", col_name="quarter")
        if nq > 1:
            for r in range(len(rows)):
                b.relations.append(([(r, q) for q in range(nq)], (r, nq)))
        if total_row:
            for c in range(len(qcols)):
                b.relations.append(([(r, c) for r in range(n)], (n, c)))
        for r in range(len(rows)):
            for q in range(nq):
                b.cross.append(([(0, r, 3 * q + m) for m in range(3)], (1, r, q)))
        a.intro = rng.choice([None, "Monthly counts:", "By month:"])
        b.intro = rng.choice(["By quarter:", "Quarterly totals:", "The same, by quarter:"])
        return [a, b]
    if layout == "prose_partial_sums":
        # A table (with its totals or none), then bullets restating sums of two or three of its
        # cells (in a column or in a row) and a difference between two of them (no count).
        tr = rng.choice(["last", None, "last"])
        g = with_totals(rng, labels, cols, small, tr, rng.choice(["last", None]))
        nr = len(labels)
        nc = len(cols)
        words = rng.choice(["patients", "people", "households", "cases"])
        smalls = [(r, c) for r in range(nr) for c in range(nc) if 1 <= g.values[r][c] < small]
        after: list = [("lit", "\n" + rng.choice(["Key points:", "In summary:", "Highlights:"]) + "\n")]
        k = 0
        for _ in range(rng.randint(1, 3)):
            # a sum of cells in one column (areas together) or in one row (categories together)
            anchor = rng.choice(smalls) if smalls and rng.random() < 0.8 else (rng.randrange(nr), rng.randrange(nc))
            if rng.random() < 0.6 or nc < 2:
                others = rng.sample([r for r in range(nr) if r != anchor[0]], min(nr - 1, rng.randint(1, 2)))
                cells = [anchor] + [(r, anchor[1]) for r in others]
                cells.sort()
                names = [labels[r] for r, _ in cells]
                what = f"{g.col_labels[anchor[1]].lower()} {words}"
                lead = f"- {', '.join(names[:-1])} and {names[-1]} together: "
                tail = f" {what}\n"
            else:
                others = rng.sample([c for c in range(nc) if c != anchor[1]], min(nc - 1, rng.randint(1, 2)))
                cells = sorted([anchor] + [(anchor[0], c) for c in others])
                names = [g.col_labels[c] for _, c in cells]
                lead = f"- {labels[anchor[0]]}: {' + '.join(names)} = "
                tail = f" {words}\n"
            v = sum(g.values[r][c] for r, c in cells)
            g.extra_values[("p", k)] = v
            g.relations.append((cells, ("p", k)))
            after += [("lit", lead), ("cell", ("p", k), str(v)), ("lit", tail)]
            k += 1
        if rng.random() < 0.7:
            c = rng.randrange(nc)
            r1, r2 = rng.sample(range(nr), 2)
            if g.values[r1][c] < g.values[r2][c]:
                r1, r2 = r2, r1
            d = g.values[r1][c] - g.values[r2][c]
            g.extra_values[("p", k)] = d
            g.extra_derived.add(("p", k))
            g.relations.append(([(r2, c), ("p", k)], (r1, c)))
            after += [
                ("lit", f"- {labels[r1]} has "),
                ("cell", ("p", k), str(d)),
                ("lit", f" more {g.col_labels[c].lower()} {words} than {labels[r2]}\n"),
            ]
        g.after = after
        return [g]
    if layout == "share_of_wider":
        # The areas of one part of a wider area, each count with its share of the wider area's
        # total (given before the table): the wider total is the areas' sum and the areas not listed
        # (a non-negative rest); a total row of the listed areas sometimes, with its share.
        place, head = rng.choice(WIDER_V14)
        nc = rng.randint(1, min(3, len(cols)))
        cl = list(cols[:nc]) if nc > 1 else [rng.choice(["Cases", "Patients", "Deaths", "Admissions"])]
        units = list(labels)
        vals = inner(rng, len(units), nc, small)
        rows = list(units)
        total_row = rng.random() < 0.5
        if total_row:
            vals.append([sum(v[c] for v in vals) for c in range(nc)])
            rows.append(rng.choice(["Total", "Our areas"]))
        g = Grid(rows, cl, vals, row_name="area", col_name="tenure" if nc > 1 else "")
        n = len(units)
        if total_row:
            for c in range(nc):
                g.relations.append(([(r, c) for r in range(n)], (n, c)))
        before: list = [("lit", " " + head + (": " if nc > 1 else " "))]
        for c in range(nc):
            rest = rng.randint(n * 20, n * 200)
            w = sum(vals[r][c] for r in range(n)) + rest
            g.slack.append(rest)
            g.extra_values[("w", c)] = w
            g.relations.append(([*((r, c) for r in range(n)), ("s", len(g.slack) - 1)], ("w", c)))
            g.pct.append((c, None))
            g.col_bases[c] = w
            g.pct_labels[c] = rng.choice([f"% of {place.removeprefix('the ')}", "% of total", "Share (%)"])
            for r in range(len(rows)):
                g.pct_from[(r, c, "%")] = [("w", c)]
            before += [("lit", (", " if c else "") + (f"{cl[c]} " if nc > 1 else "n = ")), ("cell", ("w", c), str(w))]
        before.append(("lit", ".\n\n"))
        g.intro = rng.choice([f"Our areas and their share of {place}.", f"Counts with each area's share of {place}."])
        g.before = before
        return [g]
    raise ValueError(layout)


V14_FENCES = {
    "sdmx_csv": "```csv\n",
    "px_file": "```\n",
    "sparql_json": "```json\n",
    "gnuplot_dat": "```\n",
    "kusto_json": "```json\n",
    "beeline": "```\n",
    "pdftotext": "```\n",
    "py_tuples": "```python\n",
}
RECORDS_V14 = ("sparql_json", "gnuplot_dat", "kusto_json", "beeline", "pdftotext", "py_tuples")  # the set-14 formats that list records
NUMBERS_ONLY_V14 = ("sdmx_csv", "px_file")  # a number (or a missing-value code) in each place
SIGNED_V14 = (*SIGNED_V11,)  # the set-14 formats print raw numbers: no `+3`


def fmt_ok_v14(fmt: str, layout: str, grids: list[Grid]) -> bool:
    """Which formats write which layouts in the fourteenth set."""
    if layout in V5_ONLY_LAYOUTS and fmt not in V5_FORMATS:
        return False
    if fmt in V14_FORMATS and layout in ("hier2_indent", "ragged_row", "cell_flags", "locale_numbers", "footnote_marks", "thousands_presupp"):
        return False
    if fmt in V14_FORMATS and any(g.pct_delta for g in grids):
        return False  # a `+12.5` is no number these print
    if fmt in NUMBERS_ONLY_V14:
        if any(g.ci or g.of_base or g.masks or g.pct_inline or g.flags or g.marks or g.label_counts for g in grids):
            return False
        if fmt == "px_file" and any(g.extra or g.level or g.indent or len(set(g.row_labels)) < len(g.row_labels) for g in grids):
            return False  # a cube: one stub variable, its values each once
    if fmt in NO_DERIVED_V11 and layout in V14_LAYOUTS and any(g.derived_cols or g.derived_cells or g.extra_derived for g in grids):
        return False
    if fmt == "r_list":
        floats = any(isinstance(v, float) for g in grids for row in g.values for v in row)
        if floats or any(g.pct or g.rate or g.col_pct or g.float_cols or g.pct_rows for g in grids):
            return False
    if fmt in ("pandas_series", "pandas_groupby", "r_table", "uniq_c", "xarray") and any(g.pct_rows or g.derived_cols for g in grids):
        return False  # a series of counts: no percentage or ratio among them
    return not (fmt in BARE_JSON and any(g.pct_delta for g in grids))


def adapt_v14(grids: list[Grid], fmt: str, rng: random.Random) -> None:
    """How a set-14 case is written: flat column names and no signs in the set-14 formats, the
    sentence before each table, the fence, a style shared by the case's tables."""
    styles = (rng.random(), rng.random(), rng.random())
    fence = V14_FENCES.get(fmt, "")
    if fmt in ("px_file", "gnuplot_dat", "pdftotext", "beeline") and rng.random() < 0.3:
        fence = {"px_file": "```text\n", "gnuplot_dat": "```gnuplot\n", "pdftotext": "```text\n", "beeline": "```sql\n"}[fmt]
    elif fmt == "py_tuples" and rng.random() < 0.3:
        fence = "```pycon\n"
    elif fmt == "sdmx_csv" and rng.random() < 0.3:
        fence = "```\n"
    for g in grids:
        if fmt not in SIGNED_V14:
            g.signed_cols = set()
        if fmt in V14_FORMATS:
            g.styles = styles
            if g.col_groups:
                g.col_labels = [lab if grp == lab else f"{grp} {lab}" for grp, lab in zip(g.col_groups, g.col_labels, strict=True)]
                g.col_groups = None
            g.fence = fence
        if g.intro is None:
            g.intro = rng.choice(INTROS_V14)


def v14_table(t: Tokens, g: Grid, fmt: str, rng) -> None:
    h = header(g)
    nlab = 1 + len(extra_cols(g))
    body = []
    for r in range(len(g.row_labels)):
        row = [("lit", label(g, r, fmt)), *(("lit", v[r]) for _, v in extra_cols(g)), *row_items12(g, r, fmt)]
        body.append((r, row + [("lit", "")] * (len(h) - len(row))))
    V14_WRITERS[fmt](t, h, body, nlab, g, rng)


def count_heads(head: list[str], nlab: int) -> list[str]:
    """Per value column, the column its value belongs to: a percentage's its count's header."""
    out = list(head)
    for c in range(nlab, len(head)):
        if head[c] == "%" or head[c].startswith("% ") or head[c] in ("Share (%)",):
            out[c] = out[c - 1] if c > nlab else head[c]
    return out


def csv_field(s: str) -> str:
    return '"' + s.replace('"', '""') + '"' if any(ch in s for ch in ',"\n') else s


def w_sdmx_csv(t, head, body, nlab, g, rng) -> None:
    """SDMX-CSV (version 1 or 2) from a statistics office's API: `DATAFLOW` (or `STRUCTURE`,
    `STRUCTURE_ID`, `ACTION`), a column per dimension in capitals (the row's labels, the count's
    column), `UNIT_MEASURE` (NR for a count, PC for a share), `TIME_PERIOD`, `OBS_VALUE` and
    `OBS_STATUS` (A); an observation a line, a missing one left out."""
    v2 = style(g, rng) < 0.4
    flow = rng.choice(["ESTAT:HLTH_CD_ACDR(1.0)", "OECD.ELS.HD:DSD_HEALTH@DF_HOSP(1.0)", "UKHSA:ADMISSIONS(1.2)", "ONS:TEN01(2.0)"])
    dims = unique_names(
        [snake(h).upper() or "LABEL" for h in head[:nlab]] + [snake(g.col_name).upper() if g is not None and g.col_name else "MEASURE"]
    )
    period = rng.choice(["2023", "2024", "2024-Q1", "2023-24"])
    status = style(g, rng, 1) < 0.6
    lead = ["STRUCTURE", "STRUCTURE_ID", "ACTION"] if v2 else ["DATAFLOW"]
    cols = [*lead, *dims, "UNIT_MEASURE", "TIME_PERIOD", "OBS_VALUE"] + (["OBS_STATUS"] if status else [])
    t.lit(",".join(cols) + "\n")
    owner = count_heads(head, nlab)
    for r, row in body:
        for c in range(nlab, len(head)):
            it = row[c]
            if it[-1] == "":
                continue
            first = ["dataflow", flow, "I"] if v2 else [flow]
            labs = [csv_field(x[-1]) for x in row[:nlab]] + [csv_field(owner[c])]
            t.lit(",".join([*first, *labs, "PC" if it[0] == "pct" else "NR", period]) + ",")
            put(t, r, bare(it))
            t.lit((",A" if status else "") + "\n")


def px_quote(s: str) -> str:
    return '"' + s.replace('"', "'") + '"'


def w_px_file(t, head, body, nlab, g, rng) -> None:
    """A PC-Axis file: its keywords (`CHARSET`, `MATRIX`, `TITLE`, `CONTENTS`, `UNITS`, `STUB`,
    `HEADING`, `VALUES("...")`, `DECIMALS`), then `DATA=` with a line of numbers per stub value,
    space-separated, `".."` for a value not shown, the last followed by `;`. A cube: one stub
    variable whose values are each listed once (no lookup column beside the row label)."""
    stub = head[0]
    heading = snake(g.col_name) if g is not None and g.col_name else "measure"
    values = unique_names(field_keys(head, nlab)[nlab:])
    decimals = 1 if any(it[0] == "pct" or "." in it[-1] for _, row in body for it in row[nlab:]) else 0
    title = rng.choice(["Admissions", "Households", "Patients", "Referrals"])
    area, code = rng.choice([("Health", "HE"), ("Housing", "HO"), ("Population", "PO")])
    lines = [
        'CHARSET="ANSI";' if style(g, rng) < 0.5 else 'CHARSET="UTF-8";',
        'AXIS-VERSION="2013";',
        'LANGUAGE="en";' if style(g, rng, 1) < 0.5 else "",
        f'CREATION-DATE="2024{rng.randint(1, 12):02d}{rng.randint(10, 28)} 09:{rng.randint(10, 59)}";',
        f"DECIMALS={decimals};",
        f'MATRIX="{rng.choice(["TEN01", "ADM2024", "HLT0042", "REF03"])}";',
        f'SUBJECT-AREA="{area}";',
        f'SUBJECT-CODE="{code}";',
        f"TITLE={px_quote(title + ' by ' + stub + ' and ' + heading)};",
        f"CONTENTS={px_quote(title + ' by ' + stub)};",
        f'UNITS="{rng.choice(["number", "persons", "households"])}";',
        f"STUB={px_quote(stub)};",
        f"HEADING={px_quote(heading)};",
        f"VALUES({px_quote(stub)})=" + ",".join(px_quote(row[0][-1]) for _, row in body) + ";",
        f"VALUES({px_quote(heading)})=" + ",".join(px_quote(x) for x in values) + ";",
    ]
    t.lit("".join(x + "\n" for x in lines if x))
    t.lit("DATA=\n")
    for j, (r, row) in enumerate(body):
        for c in range(nlab, len(head)):
            t.lit(" " if c > nlab else "")
            if row[c][-1] == "":
                t.lit('".."')
            else:
                put(t, r, bare(row[c]))
        t.lit(";\n" if j + 1 == len(body) else "\n")


XSD_V14 = {"int": "http://www.w3.org/2001/XMLSchema#integer", "float": "http://www.w3.org/2001/XMLSchema#decimal"}


def w_sparql_json(t, head, body, nlab, g, rng) -> None:
    """SPARQL 1.1 query results in JSON (a triple store's endpoint, Fuseki, GraphDB): `head.vars`,
    then `results.bindings`, a binding a row, each value an object with its `type`, its `datatype`
    for a number, and its `value` as a string; a value not shown has no binding. Pretty (two
    spaces, a value's object on one line) or on one line."""
    kinds = value_kinds(head, body, nlab)
    names = unique_names([snake(k) for k in field_keys(head, nlab)])
    pretty = style(g, rng) < 0.7
    typed_ = style(g, rng, 1) < 0.75

    def esc(x: str) -> str:
        return json.dumps(x, ensure_ascii=False)[1:-1]

    nl, i1, i2, i3, i4 = ("\n", "  ", "    ", "      ", "        ") if pretty else ("", "", "", "", "")
    sp = " " if pretty else ""
    t.lit(
        "{" + nl + f'{i1}"head":{sp}{{' + nl + f'{i2}"vars":{sp}[{sp}' + f",{sp}".join(json.dumps(x) for x in names) + f"{sp}]" + nl + f"{i1}}}," + nl
    )
    t.lit(f'{i1}"results":{sp}{{' + nl + f'{i2}"bindings":{sp}[' + nl)
    for j, (r, row) in enumerate(body):
        cs = [c for c in range(len(row)) if row[c][-1] != ""]
        t.lit(f"{i3}{{" + nl)
        for k, c in enumerate(cs):
            it = row[c]
            t.lit(f'{i4}"{names[c]}":{sp}{{{sp}"type":{sp}"literal",{sp}')
            if kinds[c] != "str" and typed_:
                t.lit(f'"datatype":{sp}"{XSD_V14[kinds[c]]}",{sp}')
            t.lit(f'"value":{sp}')
            quoted_value(t, r, typed(it, c, kinds), '"', esc)
            t.lit(f"{sp}}}" + ("," if k + 1 < len(cs) else "") + nl)
        t.lit(f"{i3}}}" + ("," if j + 1 < len(body) else "") + nl)
    t.lit(f"{i2}]" + nl + f"{i1}}}" + nl + "}\n")


def w_gnuplot_dat(t, head, body, nlab, g, rng) -> None:
    """A gnuplot data file: comment lines (a title, the columns' names after `#`), then the rows,
    whitespace-aligned, a label in double quotes when it has a space (or always), a value not shown
    `NaN` (or `?` with `set datafile missing "?"`); sometimes the plot command after the data."""
    q_all = style(g, rng) < 0.4
    missing = "?" if style(g, rng, 1) < 0.3 else "NaN"
    kinds = value_kinds(head, body, nlab)

    def text(it, c) -> tuple:
        if it[-1] == "":
            return ("lit", missing)
        if c < nlab or kinds[c] == "str":
            if q_all or " " in it[-1] or it[-1] == "" or c >= nlab:
                return ("q", it)
            return it
        return bare(it)

    cells = [(r, [text(it, c) for c, it in enumerate(row)]) for r, row in body]

    def w_of(x) -> int:
        return dw(x[1][-1]) + 2 if x[0] == "q" else dw(x[-1])

    names = ['"' + h + '"' if " " in h else h for h in head]
    ws = [max(dw(names[c]) + (2 if c == 0 else 0), *(w_of(row[c]) for _, row in cells)) for c in range(len(head))]
    if missing == "?":
        t.lit('set datafile missing "?"\n')
    t.lit(f"# {rng.choice(['counts by area', 'admissions per area', 'referrals', 'tenure counts'])}\n")
    t.lit(
        "# "
        + names[0]
        + " " * (ws[0] - 2 - dw(names[0]))
        + "".join("  " + " " * (ws[c] - dw(names[c])) + names[c] for c in range(1, len(head)))
        + "\n"
    )
    for r, row in cells:
        for c, x in enumerate(row):
            t.lit("  " if c else "")
            pad = " " * (ws[c] - w_of(x))
            if c >= nlab:
                t.lit(pad)
            if x[0] == "q":
                quoted_value(t, r, x[1], '"')
            else:
                put(t, r, x)
            if c < nlab:
                t.lit(pad)
        t.lit("\n")
    if g is not None and style(g, rng, 2) < 0.5 and len(head) > nlab:
        src = rng.choice(["counts.dat", "area.dat", "data.txt"])
        t.lit("\n# set style data histograms\n# plot '" + src + "' using 2:xtic(1) title columnheader\n")


def kusto_name(s: str) -> str:
    return re.sub(r"[^A-Za-z0-9_]", "_", s.replace("%", "pct")).strip("_") or "Column1"


def w_kusto_json(t, head, body, nlab, g, rng) -> None:
    """An Azure Monitor Logs (Log Analytics) query response: `tables`, one `PrimaryResult` with
    its `columns` (name and type: string, long, real) and `rows` as arrays, `null` for a value not
    shown; pretty (a row a line) or on one line, as `az monitor log-analytics query` or the REST
    API returns it."""
    kinds = value_kinds(head, body, nlab)
    names = unique_names([kusto_name(k) for k in field_keys(head, nlab)])
    pretty = style(g, rng) < 0.7
    typ = {"str": "string", "int": "long", "float": "real"}
    nl, i1, i2, i3, i4 = ("\n", "  ", "    ", "      ", "        ") if pretty else ("", "", "", "", "")
    sp = " " if pretty else ""
    t.lit("{" + nl + f'{i1}"tables":{sp}[' + nl + f"{i2}{{" + nl + f'{i3}"name":{sp}"PrimaryResult",' + nl + f'{i3}"columns":{sp}[' + nl)
    for c, x in enumerate(names):
        t.lit(f'{i4}{{{sp}"name":{sp}{json.dumps(x)},{sp}"type":{sp}"{typ[kinds[c]]}"{sp}}}' + ("," if c + 1 < len(names) else "") + nl)
    t.lit(f"{i3}]," + nl + f'{i3}"rows":{sp}[' + nl)
    for j, (r, row) in enumerate(body):
        t.lit(f"{i4}[")
        for c, it in enumerate(row):
            t.lit(f",{sp}" if c else "")
            if it[-1] == "":
                t.lit("null")
            elif kinds[c] == "str":
                quoted_value(t, r, it, '"', lambda x: json.dumps(x, ensure_ascii=False)[1:-1])
            else:
                put(t, r, bare(it))
        t.lit("]" + ("," if j + 1 < len(body) else "") + nl)
    t.lit(f"{i3}]" + nl + f"{i2}}}" + nl + f"{i1}]" + nl + "}\n")


def w_beeline(t, head, body, nlab, g, rng) -> None:
    """Hive's beeline (or Spark's Thrift server through it): the query at the `0: jdbc:hive2://`
    prompt sometimes, a `+---+` box, the names centred (a label column's with its table's alias,
    `t.region`), every value left-aligned, `NULL` for none, then `N rows selected (0.412 seconds)`."""
    alias = rng.choice(["t", "c", "a"])
    keys = unique_names([snake(k) for k in field_keys(head, nlab)])
    prefixed = style(g, rng) < 0.6
    names = [f"{alias}.{k}" if prefixed and c < nlab else k for c, k in enumerate(keys)]
    rows = [(r, [("lit", "NULL") if it[-1] == "" else bare(it) for it in row]) for r, row in body]
    ws = widths_of(names, rows)
    if style(g, rng, 1) < 0.5:
        tbl = rng.choice(["counts_by_area", "adm_summary", "ref_agg"]) if g is not None else "patients"
        t.lit(f"0: jdbc:hive2://{rng.choice(['hive', 'hs2', 'edge01'])}.internal:10000/default> SELECT * FROM {tbl} {alias};\n")
    rule = "+" + "+".join("-" * (w + 2) for w in ws) + "+\n"
    t.lit(rule + "|" + "|".join(" " + centre(x, w) + " " for x, w in zip(names, ws, strict=True)) + "|\n" + rule)
    for r, row in rows:
        t.lit("|")
        for c, it in enumerate(row):
            t.lit(" " if c == 0 else " | ")
            put(t, r, it, ws[c], "l")
        t.lit(" |\n")
    n = len(rows)
    t.lit(rule + f"{n} row{'s' if n != 1 else ''} selected ({rng.randint(0, 3)}.{rng.randint(100, 999)} seconds)\n")


def split_head(h: str, w: int) -> tuple[str, str]:
    """A header over two lines, as a report's narrow column wraps it (the top line may be empty)."""
    if dw(h) <= w or " " not in h:
        return "", h
    words = h.split(" ")
    for k in range(len(words) - 1, 0, -1):
        top, bottom = " ".join(words[:k]), " ".join(words[k:])
        if dw(top) <= w and dw(bottom) <= w:
            return top, bottom
    k = len(words) // 2
    return " ".join(words[:k]), " ".join(words[k:])


def w_pdftotext(t, head, body, nlab, g, rng) -> None:
    """`pdftotext -layout` of a published report's table: a running head and the table's title,
    the column names wrapped over two lines where they are long, the columns aligned by spaces
    (labels left, numbers right, a value not shown blank), a source note and the page number; a
    form feed between pages sometimes."""
    rows = [(r, [bare(it) for it in row]) for r, row in body]
    narrow = 8 if style(g, rng, 1) < 0.5 else 10
    heads = [split_head(h, narrow) if c >= nlab else ("", h) for c, h in enumerate(head)]
    ws = [max(dw(heads[c][0]), dw(heads[c][1]), *(dw(row[c][-1]) for _, row in rows)) for c in range(len(head))]
    gap = " " * rng.choice([3, 4, 6])
    indent = " " * rng.choice([0, 2, 4])
    width = len(indent) + sum(ws) + len(gap) * (len(ws) - 1)
    running = rng.choice(["Annual Report 2024", "Health Profile: Technical Annex", "Statistical Bulletin", "Public Health Intelligence"])
    if style(g, rng) < 0.6:
        t.lit(" " * max(2, width - len(running)) + running + "\n\n")
    num = rng.randint(2, 9)
    t.lit(indent + f"Table {num}{rng.choice(['.', ':'])} " + rng.choice(["Counts by area", "Number by area", "Area breakdown"]) + "\n\n")

    def line(parts: list[str]) -> str:
        out = []
        for c, x in enumerate(parts):
            out.append(x + " " * (ws[c] - dw(x)) if c < nlab else " " * (ws[c] - dw(x)) + x)
        return (indent + gap.join(out)).rstrip() + "\n"

    if any(top for top, _ in heads):
        t.lit(line([top for top, _ in heads]))
    t.lit(line([bottom for _, bottom in heads]))
    for r, row in rows:
        t.lit(indent)
        for c, it in enumerate(row):
            t.lit(gap if c else "")
            put(t, r, it, ws[c], "l" if c < nlab else "r")
        t.lit("\n")
    t.lit("\n" + indent + rng.choice(["Source: hospital episode extract.", "Source: practice registers.", "Note: figures are provisional."]) + "\n\n")
    t.lit(" " * max(2, width // 2) + rng.choice([f"{num + 10}", f"Page {num + 10} of 48", f"- {num + 10} -"]) + "\n")
    if style(g, rng, 2) < 0.3:
        t.lit("\f")


def w_py_tuples(t, head, body, nlab, g, rng) -> None:
    """Python's DB-API (sqlite3, psycopg2, pyodbc) at the console: `cur.fetchall()` as a list of
    tuples (strings in single quotes, numbers bare or psycopg2's `Decimal('12')` for a SUM, `None`
    for a NULL), on one line or broken a tuple a line as the REPL's pprint does past 80 columns; or
    a tuple a line from `for row in cur: print(row)`, the column names from `cur.description`
    sometimes first."""
    kinds = value_kinds(head, body, nlab)
    s = style(g, rng)
    dec = style(g, rng, 1) < 0.3 and g is not None
    names = [snake(k) for k in field_keys(head, nlab)]
    if style(g, rng, 2) < 0.4:
        t.lit(">>> [d[0] for d in cur.description]\n" + repr(names) + "\n")

    def item_text(it, c) -> tuple[list, str]:
        if it[-1] == "":
            return [("lit", "None")], "None"
        if kinds[c] == "str":
            if it[0] == "lit":
                x = py_quote(it[-1])
                return [("lit", x)], x
            return [("lit", "'"), it, ("lit", "'")], f"'{it[-1]}'"
        b = bare(it)
        if dec and kinds[c] == "int":
            return [("lit", "Decimal('"), b, ("lit", "')")], f"Decimal('{b[-1]}')"
        return [b], b[-1]

    tuples = []
    for r, row in body:
        ps, text = [("lit", "(")], "("
        for c, it in enumerate(row):
            p, x = item_text(it, c)
            ps += ([("lit", ", ")] if c else []) + p
            text += (", " if c else "") + x
        if len(row) == 1:
            ps.append(("lit", ","))
            text += ","
        tuples.append((r, [*ps, ("lit", ")")], text + ")"))

    def emit_(r, ps) -> None:
        for p in ps:
            put(t, r, p) if p[0] != "lit" else t.lit(p[-1])

    if s < 0.35:
        t.lit(">>> for row in cur.fetchall():\n...     print(row)\n...\n")
        for r, ps, _ in tuples:
            emit_(r, ps)
            t.lit("\n")
        return
    t.lit(">>> cur.fetchall()\n" if s < 0.75 else ">>> rows = cur.fetchall()\n>>> rows\n")
    one_line = 2 + sum(len(x) + 2 for _, _, x in tuples) <= 80
    t.lit("[")
    for j, (r, ps, _) in enumerate(tuples):
        if j:
            t.lit(", " if one_line else ",\n ")
        emit_(r, ps)
    t.lit("]\n")


V14_WRITERS = {
    "sdmx_csv": w_sdmx_csv,
    "px_file": w_px_file,
    "sparql_json": w_sparql_json,
    "gnuplot_dat": w_gnuplot_dat,
    "kusto_json": w_kusto_json,
    "beeline": w_beeline,
    "pdftotext": w_pdftotext,
    "py_tuples": w_py_tuples,
}

NEGATIVES_V14 = [
    (
        "sdmx_csv",
        "```csv\nDATAFLOW,FREQ,REF_AREA,INDICATOR,TIME_PERIOD,OBS_VALUE,UNIT_MULT\n"
        "ECB:EXR(1.0),M,USD,EUR_RATE,2024-01,1.0905,0\nECB:EXR(1.0),M,USD,EUR_RATE,2024-02,1.0795,0\n"
        "ECB:EXR(1.0),M,GBP,EUR_RATE,2024-01,0.8583,0\n```\n",
    ),
    (
        "px_file",
        '```\nCHARSET="ANSI";\nMATRIX="PRC01";\nDECIMALS=1;\nTITLE="Consumer price index by month";\nUNITS="index";\n'
        'STUB="month";\nHEADING="series";\nVALUES("month")="2024M01","2024M02","2024M03";\n'
        'VALUES("series")="CPI","CPIH";\nDATA=\n131.5 130.4\n132.3 131.2\n133.0 131.9;\n```\n',
    ),
    (
        "sparql_json",
        '```json\n{\n  "head": { "vars": [ "item", "label" ] },\n  "results": {\n    "bindings": [\n'
        '      { "item": { "type": "uri", "value": "http://www.wikidata.org/entity/Q42" },'
        ' "label": { "type": "literal", "xml:lang": "en", "value": "Douglas Adams" } },\n'
        '      { "item": { "type": "uri", "value": "http://www.wikidata.org/entity/Q1" },'
        ' "label": { "type": "literal", "xml:lang": "en", "value": "Universe" } }\n    ]\n  }\n}\n```\n',
    ),
    (
        "gnuplot_dat",
        "```\n# x      sin(x)     cos(x)\n0.0      0.0000     1.0000\n0.5      0.4794     0.8776\n1.0      0.8415     0.5403\n"
        "1.5      0.9975     0.0707\n\nset xlabel 'x'\nplot 'trig.dat' using 1:2 with lines, '' using 1:3 with lines\n```\n",
    ),
    (
        "kusto_json",
        '```json\n{\n  "tables": [\n    {\n      "name": "PrimaryResult",\n      "columns": [\n'
        '        { "name": "Computer", "type": "string" },\n        { "name": "AvgCPU", "type": "real" },\n'
        '        { "name": "P95LatencyMs", "type": "long" }\n      ],\n      "rows": [\n'
        '        ["vm-web-01", 41.7, 212],\n        ["vm-web-02", 38.2, 198],\n        ["vm-db-01", 67.9, 340]\n'
        "      ]\n    }\n  ]\n}\n```\n",
    ),
    (
        "beeline",
        "```\n0: jdbc:hive2://hive.internal:10000/default> SHOW PARTITIONS events;\n+--------------------+\n"
        "|     partition      |\n+--------------------+\n| dt=2024-03-01      |\n| dt=2024-03-02      |\n"
        "| dt=2024-03-03      |\n+--------------------+\n3 rows selected (0.214 seconds)\n```\n",
    ),
    (
        "pdftotext",
        "```\n                                                 Annual Report 2024\n\n  Contents\n\n"
        "  1   Introduction ......................................    3\n  2   Methods ...........................................    7\n"
        "  3   Results ...........................................   12\n  4   Discussion ........................................   31\n\n"
        "                              2\n```\n",
    ),
    (
        "py_tuples",
        "```python\n>>> cur.execute('PRAGMA table_info(visits)').fetchall()\n"
        "[(0, 'id', 'INTEGER', 0, None, 1), (1, 'visit_date', 'TEXT', 1, None, 0), (2, 'site', 'TEXT', 0, None, 0)]\n"
        ">>> sys.version_info[:3]\n(3, 12, 2)\n```\n",
    ),
]

# Earlier layouts a set-14 format is measured on (one case each, the policy alternating).
EARLIER_FOR_V14 = [
    "totals_last",
    "totals_first",
    "no_totals",
    "several_totals",
    "hier2_dash",
    "hier3_level",
    "percent_cols",
    "linked_oneway_crosstab",
    "two_row_header",
    "count_pct_cell",
    "pre_suppressed",
    "of_which",
    "running_totals",
    "n_of_N",
    "funnel",
    "overlap",
    "quarter_year",
    "rolling_sums",
    "page_subtotals",
    "count_of_counts",
    "pct_of_parent",
    "and_over",
    "cross_groupings",
    "change_components",
]


def cases_v14(seed: int) -> list[Case]:
    """The fourteenth held-out set: every case with a ``split.V14_FORMATS`` format or a
    ``split.V14_LAYOUTS`` layout, with microdata (in the formats that list records) and non-tables
    in the new formats. Its stream is seeded with ``seed + 15`` (``seed + 14`` seeds set 13), so
    that sets 1-13 stay as they were."""
    return held_out_set(
        "14",
        random.Random(seed + 15),
        V14_FORMATS,
        V14_LAYOUTS,
        EARLIER_FOR_V14,
        FORMATS
        + V2_FORMATS
        + V3_FORMATS
        + V4_FORMATS
        + V5_FORMATS
        + V6_FORMATS
        + V7_FORMATS
        + V8_FORMATS
        + V9_FORMATS
        + V10_FORMATS
        + V11_FORMATS
        + V12_FORMATS
        + V13_FORMATS,
        NEGATIVES_V14,
        reps=lambda layout: 3,
        # every earlier format in half of the new layouts (a case each)
        crossed=lambda k, j, layout: [(k + j) % 2] if (k + j) % 4 < 2 else [],
        records=lambda fmt: fmt in RECORDS_V14,
    )
