"""The small-cell and microdata rules on generated layouts, through the component, audited
independently with scipy's HiGHS (``smallcell/audit.py``): every primary hidden with an interval
at least ``protection`` wide, no percentage or rate beside a hidden count, non-tables untouched,
record-level tables flagged, small counts in prose suppressed under ``research-data``.

Dev families must pass whole. The held-out families (``smallcell/split.py``) are measured here too
(BENCHMARKS.md gives the figures); the test holds them to the properties a reader could exploit
(a primary visible or worked out exactly), not to every figure.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "smallcell"))
import audit
from gen import cases

from egress_guard import Guard


@pytest.fixture(scope="module")
def ask():
    return audit.component({"default": Guard(), "research": Guard(preset="research-data")})


def unchanged(case):
    """The text sent back as it came."""
    return audit.Answer(None, [], dict, 0.0)


def all_suppressed(case):
    """Every count and percentage suppressed, every record-level table flagged."""
    out = "".join(audit.SUPPRESSED if t[0] in ("cell", "pct") else t[-1] for t in case.tokens if t[0] != "table")
    return audit.Answer(out, ["EG-MICRO-001"] if case.kind == "microdata" else [], dict, 0.0)


def primaries_only(case):
    """Only the small counts suppressed (what a reader with the relations can work back)."""
    t = audit.POLICIES[case.policy][0]
    small = {i for i in case.values if 1 <= case.values[i] < t and i not in case.derived}
    out = "".join(audit.SUPPRESSED if t_[0] == "cell" and t_[1] in small else t_[-1] for t_ in case.tokens if t_[0] != "table")
    return audit.Answer(out, [], dict, 0.0)


def whole_suppressed(case):
    """Every count and percentage suppressed, a count and its interval as one."""
    out, inside = [], False
    for t in case.tokens:
        if t[0] in ("open", "close"):
            inside = t[0] == "open"
            out += [audit.SUPPRESSED] if inside else []
        elif t[0] != "table" and not inside:
            out.append(audit.SUPPRESSED if t[0] in ("cell", "pct") else t[-1])
    return audit.Answer("".join(out), ["EG-MICRO-001"] if case.kind == "microdata" else [], dict, 0.0)


def assert_the_audit_separates(written, layouts, shares=None):
    """The audit of a set written blind fails the text sent back unchanged (every table with a small
    count, every record-level table), passes every count suppressed (alone or with its interval),
    and mostly fails hiding only the small counts of each of the set's layouts: its relations are
    ones a reader uses. (Two small counts hidden in one sum can protect each other, so not every
    case fails.)"""
    before = [audit.audit(c, unchanged) for c in written]
    assert all(r.problems for r in before if r.primaries or r.case.kind == "microdata")
    assert sum(1 for r in before if r.primaries) > 500
    assert not any(r.problems for r in before if r.case.kind == "negative")
    for answer in (all_suppressed, whole_suppressed):
        after = [f"{r.case.name}: {r.problems}" for r in (audit.audit(c, answer) for c in written) if r.problems]
        assert after == []
    for layout in layouts:
        used = [r for r in (audit.audit(c, primaries_only) for c in written if c.layout == layout) if r.primaries]
        share = (shares or {}).get(layout, 0.8)
        assert len(used) >= 30 and sum(1 for r in used if r.problems) >= share * len(used), layout


def assert_written_as_stated(c):
    """A case states only true relations and bounds, its counts are not negative, every shown
    cell is written as its value (a marker, a mark, a sign, a thousands separator, a pivot's blank
    zero aside), a compound cell's marks are balanced, and a table shows every published cell."""
    for plus, minus in c.relations:
        assert sum(c.values[i] for i in plus) == sum(c.values[i] for i in minus), c.name
    for i, (lo, hi) in c.bounds.items():
        assert (lo is None or lo <= c.values[i]) and (hi is None or c.values[i] <= hi), c.name
    assert all(c.values[i] >= 0 for i in c.values if i not in c.derived and i not in c.bounds), c.name
    shown = set()
    depth = 0
    for t in c.tokens:
        depth += {"open": 1, "close": -1}.get(t[0], 0)
        assert depth in (0, 1), c.name
        if t[0] != "cell":
            continue
        i, s = t[1], t[2]
        shown.add(i)
        if i in c.masks:
            assert c.masks[i][0] <= c.values[i] and (c.masks[i][1] is None or c.values[i] <= c.masks[i][1]), c.name
            continue
        s = s[: -len(c.suffixes[i])] if i in c.suffixes else s
        s = s.replace(",", "").replace(" ", "") or "0"  # a pivot table leaves a zero blank
        assert (float(s) if i in c.derived else int(s)) == c.values[i], (c.name, i, t[2])
    assert depth == 0, c.name
    if c.kind == "table":
        assert shown == set(c.values) - c.unpublished, c.name


def exploitable(problem: str) -> bool:
    return "visible" in problem or "exactly disclosed" in problem or "gives a small count" in problem


def test_the_audit_fails_an_unprotected_output():
    """The audit is not vacuous: the text sent back unchanged fails every table with a small
    count, and every record-level table."""
    results = [audit.audit(c, unchanged) for c in cases()]
    tables = [r for r in results if r.case.kind == "table" and r.primaries]
    assert len(tables) > 100
    assert all(any("visible" in p for p in r.problems) for r in tables)
    assert all(r.problems for r in results if r.case.kind in ("microdata", "prose"))
    assert not any(r.problems for r in results if r.case.kind == "negative")


def test_dev_families_pass_whole(ask):
    results = [audit.audit(c, ask) for c in cases() if audit.split_of(c) == "dev"]
    assert len(results) > 300
    failed = [f"{r.case.name}: {'; '.join(r.problems[:2])}" for r in results if r.problems]
    assert failed == []


@pytest.mark.parametrize("v2", [False, True], ids=["held-out", "held-out-2"])
def test_held_out_families_disclose_no_small_count(ask, v2):
    results = [audit.audit(c, ask) for c in cases(v2=v2) if audit.split_of(c) != "dev"]
    assert len(results) > 150
    leaks = [f"{r.case.name}: {p}" for r in results for p in r.problems if exploitable(p)]
    assert leaks == []


def test_the_third_set_is_consistent():
    """The third held-out set (measured with ``audit.py --v3``, not held to a figure here) states
    only true relations, and its audit separates the text sent back unchanged (every table with a
    small count fails, every record-level table) from every count and percentage suppressed
    (everything passes: no relation or bound makes a suppressed cell narrower than it is)."""
    third = cases(v3=True)
    assert len(third) > 800
    for c in third:
        for plus, minus in c.relations:
            assert sum(c.values[i] for i in plus) == sum(c.values[i] for i in minus), c.name
        assert all(lo <= c.values[i] <= hi for i, (lo, hi) in c.bounds.items()), c.name

    before = [audit.audit(c, unchanged) for c in third]
    assert all(r.problems for r in before if r.primaries or r.case.kind == "microdata")
    assert not any(r.problems for r in before if r.case.kind == "negative")
    after = [f"{r.case.name}: {r.problems}" for r in (audit.audit(c, all_suppressed) for c in third) if r.problems]
    assert after == []


def test_the_third_set_does_not_fall_back(ask):
    """The third held-out set is measured, not passed whole (BENCHMARKS.md): its failing cases
    stay at or under the last reading, a rounded copy beside its raw count (a reader bounds the
    count by the copy) is protected but where the copy is blank (a zero left empty), and so is a
    count beside its running total or running share, an "of which" row under its whole."""
    results = [audit.audit(c, ask) for c in cases(v3=True)]
    failed = [r for r in results if r.problems]
    assert len(failed) <= 17, len(failed)
    rounded = [r.case.name for r in failed if r.case.layout == "rounded_beside_raw"]
    assert len(rounded) <= 3, rounded
    for layout in ("cumulative", "of_which"):
        assert [r.case.name for r in failed if r.case.layout == layout] == []


def test_the_fourth_set_does_not_fall_back(ask):
    """The fourth held-out set was measured blind once (225 of 689 table cases failing), then
    worked on (BENCHMARKS.md): its failing cases stay at or under the last reading, every
    record-level case is flagged, and its new formats and the layouts that a relation now
    covers (a change column, a rank, a continued table) stay protected."""
    results = [audit.audit(c, ask) for c in cases(v4=True)]
    failed = [r for r in results if r.problems and r.case.kind == "table"]
    assert len(failed) <= 9, [r.case.name for r in failed]
    assert [r.case.name for r in results if r.problems and r.case.kind == "microdata"] == []
    for layout in ("change_col", "rank_col", "continued", "footnote_marks"):
        assert len([r for r in failed if r.case.layout == layout]) <= 3, layout
    for fmt in ("python_dict", "json_nested", "mediawiki", "asciidoc"):
        assert len([r for r in failed if r.case.fmt == fmt]) <= 4, fmt


def test_the_fifth_set_does_not_fall_back(ask):
    """The fifth held-out set was measured blind once (368 of 843 table cases failing), then
    worked on (BENCHMARKS.md): its failing cases stay at or under the last reading, every
    record-level case is flagged, no non-table is changed, and the formats that now have readers
    (XML records, TOML, SQL INSERT, tables in code comments, Jira headers) and the layouts that a
    relation now covers (sums across tables, a count with its interval, a count in a header or a
    footer, a pyramid, a copy) stay protected."""
    results = [audit.audit(c, ask) for c in cases(v5=True)]
    failed = [r for r in results if r.problems and r.case.kind == "table"]
    assert len(failed) <= 38, [r.case.name for r in failed]
    assert [r.case.name for r in results if r.problems and r.case.kind != "table"] == []
    for layout in ("subtables_grand", "ci_cells", "n_in_header", "pyramid", "footer_n", "table_twice", "transposed_copy"):
        assert len([r for r in failed if r.case.layout == layout]) <= 5, layout
    for fmt in ("xml_records", "toml_tables", "sql_insert", "code_comment", "jira_wiki"):
        assert len([r for r in failed if r.case.fmt == fmt]) <= 7, fmt


def test_the_sixth_set_does_not_fall_back(ask):
    """The sixth held-out set was measured blind (418 of 832 table cases failing), read again
    after the set-5 work (386), then worked on (BENCHMARKS.md): its failing cases stay at or under
    the last reading, record-level cases stay flagged (ClickHouse's compact boxes are read since
    session 27), no non-table is changed (ClickHouse's settings listing among them), and the formats
    that now have readers (record listings of database clients, bare-pipe blocks, Stata lists,
    pandas split JSON, ClickHouse's boxes) and the layouts
    a relation now covers (a table of changes between two years, margins summed over per-sex
    tables) stay protected."""
    results = [audit.audit(c, ask) for c in cases(v6=True)]
    failed = [r for r in results if r.problems and r.case.kind == "table"]
    assert len(failed) <= 91, [r.case.name for r in failed]
    assert [r.case.name for r in results if r.problems and r.case.kind == "negative"] == []
    assert [r.case.name for r in results if r.problems and r.case.kind == "microdata"] == []
    for layout in ("diff_table", "sex_tables_margins"):
        assert len([r for r in failed if r.case.layout == layout]) <= 10, layout
    for fmt in ("mysql_vertical", "psql_expanded", "sqlite_list", "stata_list", "json_split", "clickhouse"):
        assert len([r for r in failed if r.case.fmt == fmt]) <= 6, fmt


def test_the_seventh_set_does_not_fall_back(ask):
    """The seventh held-out set was measured blind (394 of 862 table cases failing), then worked
    on (BENCHMARKS.md): its failing cases stay at or under the last reading, no non-table is
    changed, and record-level cases stay flagged but for the last reading's two."""
    results = [audit.audit(c, ask) for c in cases(v7=True)]
    failed = [r for r in results if r.problems and r.case.kind == "table"]
    assert len(failed) <= 33, [r.case.name for r in failed]
    assert [r.case.name for r in results if r.problems and r.case.kind == "negative"] == []
    assert len([r for r in results if r.problems and r.case.kind == "microdata"]) <= 2


def test_the_eighth_set_does_not_fall_back(ask):
    """The eighth held-out set was measured blind (329 of 711 table cases failing, 305 after the
    set-7 work), then worked on (BENCHMARKS.md, session 20): its failing cases stay at or under
    the last reading, every record-level case is flagged, no non-table is changed (requests by
    status code, a service's metrics), and the layouts and formats it brought stay protected:
    counts over their row's base (`3/52`), a change told in prose, a total less its unknowns,
    Elasticsearch buckets and Prometheus samples."""
    results = [audit.audit(c, ask) for c in cases(v8=True)]
    failed = [r for r in results if r.problems and r.case.kind == "table"]
    assert len(failed) <= 34, [r.case.name for r in failed]
    assert [r.case.name for r in results if r.problems and r.case.kind != "table"] == []
    for layout in ("n_of_N", "change_prose", "excl_unknown"):
        assert len([r for r in failed if r.case.layout == layout]) <= 8, layout
    for fmt in ("es_buckets", "prometheus", "splunk_stats"):
        assert len([r for r in failed if r.case.fmt == fmt]) <= 10, fmt


def test_the_ninth_set_does_not_fall_back(ask):
    """The ninth held-out set was measured blind (427 of 786 table cases failing), then worked on
    (issue 17, 308 after, 253 once a one-column table's middle line over a short breakdown is a
    total: a trial's participant flow; then shares of hidden counts told under a table (a
    diagnostic test's sensitivity), a funnel's drop-off and overall conversion, and a table of
    broader bands related to the fine one by its sums, and a table of shares of a table's counts:
    a cohort's retention rates): its failing cases stay at or under the last reading, no non-table
    is changed
    (`wc -l`'s files, a service's settings printed as Go structs or by SQL*Plus), every
    record-level case is flagged, and the formats it brought stay read: rst list tables, Go
    structs, R `dput()`, `sort | uniq -c`, xarray arrays and (since session 27) the Sheets API's
    `values`."""
    results = [audit.audit(c, ask) for c in cases(v9=True)]
    failed = [r for r in results if r.problems and r.case.kind == "table"]
    assert len(failed) <= 24, [r.case.name for r in failed]
    for layout, most in (("participant_flow", 6), ("diag_accuracy", 6), ("funnel", 4), ("collapsed_bands", 6), ("cohort_triangle", 3)):
        assert len([r for r in failed if r.case.layout == layout]) <= most, layout
    assert [r.case.name for r in results if r.problems and r.case.kind != "table"] == []
    for fmt, most in (("rst_list_table", 4), ("go_fmt", 10), ("r_dput", 7), ("uniq_c", 9), ("xarray", 5), ("sheets_values", 2)):
        assert len([r for r in failed if r.case.fmt == fmt]) <= most, fmt


def test_the_ninth_set_is_consistent():
    """The ninth held-out set (written blind, measured with ``audit.py --v9``, not held to a
    figure here) writes every count as it is, states only true relations and bounds, and its audit
    separates the text sent back unchanged from every count and percentage suppressed."""
    from split import V9_FORMATS, V9_LAYOUTS

    ninth = cases(v9=True)
    assert 700 <= len(ninth) <= 1000
    for c in ninth:
        assert c.v9 and audit.split_of(c) == "held-out-9", c.name
        assert_written_as_stated(c)
    assert {c.fmt for c in ninth} >= set(V9_FORMATS) and {c.layout for c in ninth} >= set(V9_LAYOUTS)
    assert {c.kind for c in ninth} == {"table", "microdata", "negative"}
    # a retention triangle's later cells are only bounded by the ones before them: hiding its small
    # counts alone leaks in about half of its cases
    assert_the_audit_separates(ninth, V9_LAYOUTS, {"cohort_triangle": 0.4})


def test_the_tenth_set_does_not_fall_back(ask):
    """The tenth held-out set was measured blind (385 of 633 table cases failing, 10 of 14
    record-level cases not flagged), then worked on (issue 17, session 29: keyed literals of other
    languages, BBCode, GraphQL's `node`, Typst and Mermaid readers, balances found from the
    numbers, a wide table printed in parts side by side; 122 after): its failing cases stay at or
    under the last reading, every record-level case is flagged, and the formats and layouts that
    work brought stay read. (Set 11 took its place as the unseen estimate; session 30's readers
    and relations took it to 109.)"""
    results = [audit.audit(c, ask) for c in cases(v10=True)]
    failed = [r for r in results if r.problems and r.case.kind == "table"]
    assert len(failed) <= 109, [r.case.name for r in failed]
    assert [r.case.name for r in results if r.problems and r.case.kind == "microdata"] == []
    # two AWS CLI tables of a service's settings are still read as counts
    assert len([r for r in results if r.problems and r.case.kind == "negative"]) <= 2
    kept = (("php_print_r", 3), ("perl_dumper", 14), ("java_map", 13), ("rust_debug", 4))
    kept += (("graphql", 4), ("typst", 2), ("bbcode", 2), ("mermaid", 3))
    for fmt, most in kept:
        assert len([r for r in failed if r.case.fmt == fmt]) <= most, fmt
    for layout, most in (("stock_flow", 8), ("split_columns", 26)):
        assert len([r for r in failed if r.case.layout == layout]) <= most, layout


def test_the_eleventh_set_does_not_fall_back(ask):
    """The eleventh held-out set was measured blind (451 of 691 table cases failing, 10 of 18
    record-level cases not flagged, no non-table changed), then worked on (issue 17, session 30:
    Elixir maps and Wolfram associations in the literal reader, keyed records' labels first,
    rolling sums found from the numbers, a row's size inside its label read as its total, a mean
    standing for the sum it is taken over, redis-cli's HGETALL replies; 229 after; 216 with
    session 31's readers): its failing
    cases stay at or under the last reading, and the formats and layouts that work brought stay
    read. (Set 12 took its place as the unseen estimate.)"""
    results = [audit.audit(c, ask) for c in cases(v11=True)]
    failed = [r for r in results if r.problems and r.case.kind == "table"]
    assert len(failed) <= 216, [r.case.name for r in failed]
    assert len([r for r in results if r.problems and r.case.kind == "microdata"]) <= 3
    assert [r.case.name for r in results if r.problems and r.case.kind == "negative"] == []
    for fmt, most in (("elixir_inspect", 9), ("wolfram_assoc", 9), ("powerbi_dax", 6), ("console_table", 12), ("redis_cli", 8)):
        assert len([r for r in failed if r.case.fmt == fmt]) <= most, fmt
    for layout, most in (("rolling_sums", 39), ("n_in_row_label", 17), ("excess_vs_expected", 17), ("average_margin", 16)):
        assert len([r for r in failed if r.case.layout == layout]) <= most, layout


def test_the_twelfth_set_does_not_fall_back(ask):
    """The twelfth held-out set was measured blind (519 of 680 table cases failing, 12 of 14
    record-level cases not flagged, 2 of 20 non-tables changed), then worked on (issue 17, session
    31: moving averages as the sums they stand for, ratios of two counts and shares of a long
    table's groups hidden with their counts, a column's size in its header read as its total; Lua,
    Haskell, Clojure, Julia, protobuf text, Chart.js, JSON-stat and YAML flow readers; 206 after;
    session 32: counts of counts, a band's count weighted by its number, in a row, a column or a
    line after the table; 140 after; 135 with session 33's readers; 126 with session 37's columns
    proportional to their counts read as their shares): its failing cases stay at or under the last reading, and the
    work stays read. (Its two non-tables changed are a Minitab regression table, not worked.)"""
    results = [audit.audit(c, ask) for c in cases(v12=True)]
    failed = [r for r in results if r.problems and r.case.kind == "table"]
    assert len(failed) <= 126, [r.case.name for r in failed]
    assert len([r for r in results if r.problems and r.case.kind == "microdata"]) <= 1
    assert len([r for r in results if r.problems and r.case.kind == "negative"]) <= 2
    for layout, most in (("moving_average", 16), ("sex_ratio", 9), ("group_shares_long", 17), ("table_one", 18), ("count_of_counts", 11)):
        assert len([r for r in failed if r.case.layout == layout]) <= most, layout


def test_the_thirteenth_set_does_not_fall_back(ask):
    """The thirteenth held-out set was measured blind (406 of 771 table cases failing, 11 of 20
    record-level cases not flagged, no non-table changed), then worked on (issue 17, session 32:
    groupings that do not nest, summed beside their members' table, 370 after; session 33: readers
    for its ten formats -- F# Interactive, Swift's dump, cypher-shell's quoted cells, Influx line
    protocol, DynamoDB scans, R tribble code, SAS datalines, SpreadsheetML, RTF, Django QuerySets --
    155 after; long listings with a measure column read as their wide tables, 121 after; a stock's
    movements and a classification's codes read from the numbers, 81 after; an index read as a
    percentage of its base period, a classification's long titles in an aligned table, 61 after;
    session 37's proportional share columns, 60): its
    failing cases stay at or under the last reading, every record-level case is flagged, no
    non-table changes, and the formats and layouts that work brought stay read."""
    results = [audit.audit(c, ask) for c in cases(v13=True)]
    failed = [r for r in results if r.problems and r.case.kind == "table"]
    assert len(failed) <= 60, [r.case.name for r in failed]
    assert [r.case.name for r in results if r.problems and r.case.kind == "microdata"] == []
    assert [r.case.name for r in results if r.problems and r.case.kind == "negative"] == []
    kept = (("fsharp_fsi", 6), ("swift_dump", 1), ("cypher_shell", 1), ("influx_line", 2), ("dynamodb_json", 1))
    kept += (("r_tribble", 0), ("sas_datalines", 1), ("spreadsheetml", 0), ("rtf_table", 0), ("django_queryset", 0))
    for fmt, most in kept:
        assert len([r for r in failed if r.case.fmt == fmt]) <= most, fmt
    layouts = (("cross_groupings", 16), ("and_over", 9), ("measure_long", 4), ("change_components", 9), ("code_hierarchy", 16))
    for layout, most in (*layouts, ("index_base100", 3)):
        assert len([r for r in failed if r.case.layout == layout]) <= most, layout


def test_the_fourteenth_set_does_not_fall_back(ask):
    """The fourteenth held-out set was measured blind (262 of 629 table cases failing, 6 of 12
    record-level cases not flagged, 2 of 16 non-tables changed), then worked on (session 35: Log
    Analytics (Kusto) responses and SPARQL JSON results read, 211 after; sums and differences of
    a table's cells restated in the lines after it taken as relations, 156; gnuplot's commented
    header, DB-API tuples a line under their `cursor.description` names, schema listings no table,
    180; both, 124; then, on the cells14 branch, SDMX-CSV read as the cube it lists and PC-Axis (.px)
    files read by a reader of their own, 73, px_file 24 to 1 and sdmx_csv 28 to 0; with a column
    of fractions proportional to the count column before it taken as its shares and Spark `Row`
    lines read as rows, 68; session 38: tuples a line read with no bracket in the text, and a
    `Decimal('…')` column a count beside floats, not a code, 59, py_tuples 13 to 4; a gnuplot
    header's quoted names holding a number, `"Jul 2023"`, 56, gnuplot_dat 11 to 8): its failing
    cases stay at or under the last reading, record-level misses and changed non-tables too, and
    the formats and layouts that work brought stay read."""
    results = [audit.audit(c, ask) for c in cases(v14=True)]
    failed = [r for r in results if r.problems and r.case.kind == "table"]
    assert len(failed) <= 56, [r.case.name for r in failed]
    assert len([r for r in results if r.problems and r.case.kind == "microdata"]) <= 0
    assert len([r for r in results if r.problems and r.case.kind == "negative"]) <= 0
    formats = (("kusto_json", 3), ("sparql_json", 0), ("gnuplot_dat", 8), ("py_tuples", 4), ("px_file", 1), ("sdmx_csv", 0))
    for fmt, most in formats:
        assert len([r for r in failed if r.case.fmt == fmt]) <= most, fmt
    layouts = (("prose_partial_sums", 16), ("share_of_wider", 6), ("two_granularities", 9))
    layouts += (("lookup_parent", 7), ("people_and_events", 3))
    for layout, most in layouts:
        assert len([r for r in failed if r.case.layout == layout]) <= most, layout


def test_the_tenth_set_is_consistent():
    """The tenth held-out set (written blind, measured with ``audit.py --v10``, not held to a
    figure here) writes every count as it is, states only true relations and bounds, and its audit
    separates the text sent back unchanged from every count and percentage suppressed. Its
    relations are ones a reader uses: hiding only the small counts of a set-10 layout mostly gives
    them away (worked out from a year's total, a row total in a table's second part, a percentage
    in a table of its own, inclusion-exclusion, a caseload's balance, a Likert net)."""
    from split import V10_FORMATS, V10_LAYOUTS

    tenth = cases(v10=True)
    assert 500 <= len(tenth) <= 800
    for c in tenth:
        assert c.v10 and audit.split_of(c) == "held-out-10", c.name
        assert_written_as_stated(c)
    assert {c.fmt for c in tenth} >= set(V10_FORMATS) and {c.layout for c in tenth} >= set(V10_LAYOUTS)
    assert {c.kind for c in tenth} == {"table", "microdata", "negative"}
    # where neither "either" nor "neither" is written, both conditions together are only bounded
    # (by each condition and by all): hiding the small counts alone leaks in about four cases of five
    assert_the_audit_separates(tenth, V10_LAYOUTS, {"overlap": 0.7})
    # a percentage in a table of its own, computed from a total in the table of counts
    assert any(pid[0] != ids[0][0] for c in tenth for pid, ids in c.pct_from.items())
    # a relation through a quantity the text never shows on both of its sides (a caseload's throughput)
    assert any(sum(1 for _, minus in c.relations if minus and minus[0][1] == "s") >= 2 for c in tenth if c.layout == "stock_flow")


def test_the_eleventh_set_is_consistent():
    """The eleventh held-out set (written blind, measured with ``audit.py --v11``, not held to a
    figure here) writes every count as it is, states only true relations and bounds, and its audit
    separates the text sent back unchanged from every count and percentage suppressed. Its
    relations are ones a reader uses: hiding only the small counts of a set-11 layout mostly gives
    them away (worked out from a rolling sum and its neighbours, a mean times the number it is
    taken over, a risk table's next time and its events, a row's n in its label, a page subtotal
    carried forward, an expected count and its excess). In the writer's run each of the six layouts
    gave away at least 87% of its cases (a risk table with its censored unshown and no Total row
    only bounds a late count by the times around it; two small counts in one mean or one window
    can cover each other), so the default share of 80% holds with room."""
    from split import V11_FORMATS, V11_LAYOUTS

    eleventh = cases(v11=True)
    assert 550 <= len(eleventh) <= 800
    for c in eleventh:
        assert c.v11 and audit.split_of(c) == "held-out-11", c.name
        assert_written_as_stated(c)
    assert {c.fmt for c in eleventh} >= set(V11_FORMATS) and {c.layout for c in eleventh} >= set(V11_LAYOUTS)
    assert {c.kind for c in eleventh} == {"table", "microdata", "negative"}
    assert_the_audit_separates(eleventh, V11_LAYOUTS)
    # a mean tied to the counts it is taken over: its id repeated in a relation (a coefficient)
    assert any(len(minus) > len(set(minus)) for c in eleventh if c.layout == "average_margin" for _, minus in c.relations)
    # a row's total written inside its label, a cell of its own
    assert all(any(t[0] == "cell" and t[1][1] == "n" for t in c.tokens) for c in eleventh if c.layout == "n_in_row_label")
    # an excess below its expected count: a negative value that is no count
    assert any(c.values[i] < 0 for c in eleventh if c.layout == "excess_vs_expected" for i in c.derived)


def test_the_twelfth_set_is_consistent():
    """The twelfth held-out set (written blind, measured with ``audit.py --v12``, not held to a
    figure here) writes every count as it is, states only true relations and bounds, and its audit
    separates the text sent back unchanged from every count and percentage suppressed. Its
    relations are ones a reader uses: hiding only the small counts of a set-12 layout mostly gives
    them away (worked out from the events' total and each band's number, a moving average and the
    window's other counts, a share of a group beside its count, an arm's N in its header, a sex
    ratio beside one of its counts, a share of a parent row). In the writer's run each of the six
    layouts gave away every one of its cases with a small count: by the relations alone in every
    case of people by their number of events, of a moving average and of a study's baseline
    table, in 95% of the outline's and 53% of the sex ratio's (the others through a share or a
    ratio left beside a hidden count), and only through the shares for a group's shares (its total
    is never shown); so the default share of 80% holds with room."""
    from split import V12_FORMATS, V12_LAYOUTS

    twelfth = cases(v12=True)
    assert 600 <= len(twelfth) <= 850
    for c in twelfth:
        assert c.v12 and audit.split_of(c) == "held-out-12", c.name
        assert_written_as_stated(c)
    assert {c.fmt for c in twelfth} >= set(V12_FORMATS) and {c.layout for c in twelfth} >= set(V12_LAYOUTS)
    assert {c.kind for c in twelfth} == {"table", "microdata", "negative"}
    assert_the_audit_separates(twelfth, V12_LAYOUTS)
    # people by their number of events: a relation whose coefficients are the bands' numbers (an id
    # repeated k times, k up to at least 4)
    assert any(max(plus.count(i) for i in plus) >= 4 for c in twelfth if c.layout == "count_of_counts" for plus, _ in c.relations if plus)
    # a moving average ties its window only to within its rounding: a bounded error, never shown
    assert any(lo < 0 < hi for c in twelfth if c.layout == "moving_average" for lo, hi in c.bounds.values() if lo is not None and hi is not None)
    # an arm's N written inside its column header, a cell of its own
    assert all(any(t[0] == "cell" and t[1][1] == "n" for t in c.tokens) for c in twelfth if c.layout == "table_one")
    # a share of a group whose total is never shown, and a ratio computed from a count in the same row
    assert any(ids[0] in c.unpublished for c in twelfth if c.layout == "group_shares_long" for ids in c.pct_from.values())
    assert any(c.pct_from for c in twelfth if c.layout == "sex_ratio")


def test_the_thirteenth_set_is_consistent():
    """The thirteenth held-out set (written blind, measured with ``audit.py --v13``, not held to a
    figure here) writes every count as it is, states only true relations and bounds, and its audit
    separates the text sent back unchanged from every count and percentage suppressed. Its
    relations are ones a reader uses: hiding only the small counts of a set-13 layout mostly gives
    them away (an open-ended band from its neighbours and its column's total, a count beside its
    index or its percentage row, a ward from either grouping it falls in, a code from its block and
    the block's other codes, a flow from the stocks and its net line). In the writer's run an index
    or a percentage row gave away every case with a small count and the two groupings 98%, by the
    relations alone; the open-ended bands 75%, the codes 73% and the components of change 78% (the
    rest mostly several small counts in one sum covering each other, or a table with no total), so
    those three are held to 70%."""
    from split import V13_FORMATS, V13_LAYOUTS

    thirteenth = cases(v13=True)
    assert 600 <= len(thirteenth) <= 850
    for c in thirteenth:
        assert c.v13 and audit.split_of(c) == "held-out-13", c.name
        assert_written_as_stated(c)
    assert {c.fmt for c in thirteenth} >= set(V13_FORMATS) and {c.layout for c in thirteenth} >= set(V13_LAYOUTS)
    assert {c.kind for c in thirteenth} == {"table", "microdata", "negative"}
    assert {c.fmt for c in thirteenth if c.kind == "microdata"} == set(V13_FORMATS)
    assert {c.fmt for c in thirteenth if c.kind == "negative"} == set(V13_FORMATS)
    assert_the_audit_separates(thirteenth, V13_LAYOUTS, {"and_over": 0.7, "code_hierarchy": 0.7, "change_components": 0.7})

    def layout(name):
        return [c for c in thirteenth if c.layout == name]

    # an open-ended column is the sum of fine bands the text never shows (two or more of them)
    assert all(any(len(plus) >= 2 and all(i in c.unpublished for i in plus) for plus, _ in c.relations) for c in layout("and_over"))
    # an index is computed from its count and the base period's count; some stand for counts never shown
    assert all(any(c.pcts[p] not in ids for p, ids in c.pct_from.items()) for c in layout("index_base100"))
    assert any(num in c.unpublished for c in layout("index_base100") for num in c.pcts.values())
    # a percentage in a row of its own: its count and its denominator in other rows of the same column
    assert all(all(p[1] != c.pcts[p][1] and ids[0][1] not in (p[1], c.pcts[p][1]) for p, ids in c.pct_from.items()) for c in layout("measure_long"))
    # two groupings of the same wards that do not nest: groups in both share a ward, neither inside the other
    for c in layout("cross_groupings"):
        groups = [set(plus) for plus, minus in c.relations if all(i[0] == 0 for i in plus) and minus[0][0] > 0]
        assert any(a & b and not (a <= b or b <= a) for a in groups for b in groups), c.name
    # the codes nest three deep: a block's total is a part of its chapter's
    for c in layout("code_hierarchy"):
        totals = {minus[0] for _, minus in c.relations}
        assert any(i in totals for plus, minus in c.relations for i in plus if minus[0] in totals), c.name
    # a net line below zero (no count), and a stock's balance (start and in-flows = out-flows and end,
    # over six quantities or more where there are two kinds of flow)
    assert any(c.values[i] < 0 and c.bounds.get(i) == (None, None) for c in layout("change_components") for i in c.derived)
    assert all(any(len(plus) + len(minus) >= 4 for plus, minus in c.relations) for c in layout("change_components"))
    assert any(len(plus) + len(minus) >= 6 for c in layout("change_components") for plus, minus in c.relations)


def test_the_fourteenth_set_is_consistent():
    """The fourteenth held-out set (written blind, measured with ``audit.py --v14``, not held to a
    figure here) writes every count as it is, states only true relations and bounds, and its audit
    separates the text sent back unchanged from every count and percentage suppressed. Its
    relations are ones a reader uses: hiding only the small counts of a set-14 layout mostly gives
    them away (a child area from its parent's row in the second table, a month from its quarter, a
    cell from a sum restated in prose, a count from its share of the wider total). In the writer's
    run the lookup tables gave away 98% of the cases with a small count, the prose sums 99% and the
    shares every one, by the relations alone; the months 66% (a small area's months are small
    together, and its quarter with them) and people and their events 63% (a table without its
    total row bounds the people only by their events), so those two are held to 55%. Record-level
    cases only in the formats that list records (not an SDMX or a PC-Axis cube)."""
    from gen import RECORDS_V14
    from split import V14_FORMATS, V14_LAYOUTS

    fourteenth = cases(v14=True)
    assert 600 <= len(fourteenth) <= 850
    for c in fourteenth:
        assert c.v14 and audit.split_of(c) == "held-out-14", c.name
        assert_written_as_stated(c)
    assert {c.fmt for c in fourteenth} >= set(V14_FORMATS) and {c.layout for c in fourteenth} >= set(V14_LAYOUTS)
    assert {c.kind for c in fourteenth} == {"table", "microdata", "negative"}
    assert {c.fmt for c in fourteenth if c.kind == "microdata"} == set(RECORDS_V14)
    assert {c.fmt for c in fourteenth if c.kind == "negative"} == set(V14_FORMATS)
    assert_the_audit_separates(fourteenth, V14_LAYOUTS, {"people_and_events": 0.55, "two_granularities": 0.55})

    def layout(name):
        return [c for c in fourteenth if c.layout == name]

    # the events are the people and a non-negative rest the text never shows
    assert all(any(len(plus) == 2 and plus[1] in c.unpublished for plus, _ in c.relations) for c in layout("people_and_events"))
    # a parent in the second table is the sum of its children in the first; a quarter of its months
    for name in ("lookup_parent", "two_granularities"):
        assert all(any(all(i[0] == 0 for i in plus) and minus[0][0] == 1 for plus, minus in c.relations) for c in layout(name)), name
    # sums restated in prose (cells outside the grid), sometimes a difference (no count)
    assert all(any(minus[0][1] == "p" for _, minus in c.relations) for c in layout("prose_partial_sums"))
    assert any(i[1] == "p" for c in layout("prose_partial_sums") for i in c.derived)
    # a share of a wider total shown before the table, the total more than the listed areas' sum
    assert all(c.pct_from and all(ids[0][1] == "w" for ids in c.pct_from.values()) for c in layout("share_of_wider"))
    assert all(any(minus[0][1] == "w" and any(i in c.unpublished for i in plus) for plus, minus in c.relations) for c in layout("share_of_wider"))


def test_the_fourth_set_is_consistent():
    """The fourth held-out set (written blind, measured with ``audit.py --v4``, not held to a
    figure here) writes every count as it is, states only true relations and bounds, and its audit
    separates the text sent back unchanged (every table with a small count fails, every
    record-level table) from every count and percentage suppressed (everything passes). Its
    relations are ones a reader uses: hiding only the small counts of a set-4 layout mostly gives
    them away (worked out exactly, or bounded too narrowly)."""
    from split import V4_LAYOUTS

    fourth = cases(v4=True)
    assert 500 <= len(fourth) <= 900
    for c in fourth:
        assert c.v4, c.name
        assert_written_as_stated(c)

    before = [audit.audit(c, unchanged) for c in fourth]
    assert all(r.problems for r in before if r.primaries or r.case.kind == "microdata")
    assert sum(1 for r in before if r.primaries) > 400
    assert not any(r.problems for r in before if r.case.kind == "negative")
    after = [f"{r.case.name}: {r.problems}" for r in (audit.audit(c, all_suppressed) for c in fourth) if r.problems]
    assert after == []
    # Two small counts hidden in one sum can protect each other, so not every case fails; a
    # ranked list without its total bounds a hidden count only by its neighbours.
    for layout in V4_LAYOUTS:
        used = [audit.audit(c, primaries_only) for c in fourth if c.layout == layout]
        used = [r for r in used if r.primaries]
        share = 0.6 if layout == "rank_col" else 0.8
        assert len(used) >= 30 and sum(1 for r in used if r.problems) >= share * len(used), layout
    assert any(c.derived for c in fourth) and any(c.suffixes for c in fourth) and any(c.masks for c in fourth)


def test_the_fifth_set_is_consistent():
    """The fifth held-out set (written blind, measured with ``audit.py --v5``, not held to a
    figure here) writes every count as it is, states only true relations and bounds, and its audit
    separates the text sent back unchanged (every table with a small count fails, every
    record-level table) from every count and percentage suppressed (everything passes). Its
    relations are ones a reader uses: hiding only the small counts of a set-5 layout mostly gives
    them away (worked out exactly, bounded too narrowly, or a percentage left beside one)."""
    from split import V5_LAYOUTS

    fifth = cases(v5=True)
    assert 700 <= len(fifth) <= 1000
    for c in fifth:
        assert c.v5, c.name
        assert_written_as_stated(c)

    assert_the_audit_separates(fifth, V5_LAYOUTS)
    assert any(c.derived for c in fifth) and any(c.masks for c in fifth) and any(("open", "") in c.tokens for c in fifth)


def test_the_sixth_set_is_consistent():
    """The sixth held-out set (written blind, measured with ``audit.py --v6``, not held to a
    figure here) writes every count as it is, states only true relations and bounds, and its audit
    separates the text sent back unchanged (every table with a small count fails, every
    record-level table) from every count and percentage suppressed (everything passes). Its
    relations are ones a reader uses: hiding only the small counts of a set-6 layout mostly gives
    them away (worked out exactly, bounded too narrowly, or a percentage left to give one)."""
    from split import V6_FORMATS, V6_LAYOUTS

    sixth = cases(v6=True)
    assert 700 <= len(sixth) <= 1000
    for c in sixth:
        assert c.v6, c.name
        assert_written_as_stated(c)
    assert {c.fmt for c in sixth} >= set(V6_FORMATS) and {c.layout for c in sixth} >= set(V6_LAYOUTS)
    assert {c.kind for c in sixth} == {"table", "microdata", "negative"}

    assert_the_audit_separates(sixth, V6_LAYOUTS)
    assert any(c.derived for c in sixth) and any(c.masks for c in sixth) and any(("open", "") in c.tokens for c in sixth)
    assert any(c.tables >= 3 for c in sixth) and any(c.unpublished and c.pcts for c in sixth)


def test_the_seventh_set_is_consistent():
    """The seventh held-out set (written blind, measured with ``audit.py --v7``, not held to a
    figure here) writes every count as it is, states only true relations and bounds, and its audit
    separates the text sent back unchanged (every table with a small count fails, every
    record-level table) from every count and percentage suppressed (everything passes). Its
    relations are ones a reader uses: hiding only the small counts of a set-7 layout mostly gives
    them away (worked out exactly, bounded too narrowly by a total or a bar, or a percentage of
    its row or its column left to give one)."""
    from split import V7_FORMATS, V7_LAYOUTS

    seventh = cases(v7=True)
    assert 700 <= len(seventh) <= 1000
    for c in seventh:
        assert c.v7 and audit.split_of(c) == "held-out-7", c.name
        assert_written_as_stated(c)
    assert {c.fmt for c in seventh} >= set(V7_FORMATS) and {c.layout for c in seventh} >= set(V7_LAYOUTS)
    assert {c.kind for c in seventh} == {"table", "microdata", "negative"}

    assert_the_audit_separates(seventh, V7_LAYOUTS)
    assert any(c.derived for c in seventh) and any(c.masks for c in seventh) and any(("open", "") in c.tokens for c in seventh)
    # a count with both its percentages, a bar standing for a range of counts wider than one
    assert any(sum(1 for n in c.pcts.values() if n == num) == 2 for c in seventh for num in c.pcts.values())
    assert any(hi > lo for c in seventh for lo, hi in c.masks.values() if c.layout == "bars_beside")


def test_the_eighth_set_is_consistent():
    """The eighth held-out set (written blind, measured with ``audit.py --v8``, not held to a
    figure here) writes every count as it is, states only true relations and bounds, and its audit
    separates the text sent back unchanged (every table with a small count fails, every
    record-level table) from every count and percentage suppressed (everything passes). Its
    relations are ones a reader uses: hiding only the small counts of a set-8 layout mostly gives
    them away (worked out from a base written beside a count, a second total, a total in a
    heading, a change told in prose, or a chart's copy of a total)."""
    from split import V8_FORMATS, V8_LAYOUTS

    eighth = cases(v8=True)
    assert 700 <= len(eighth) <= 1000
    for c in eighth:
        assert c.v8 and audit.split_of(c) == "held-out-8", c.name
        assert_written_as_stated(c)
    assert {c.fmt for c in eighth} >= set(V8_FORMATS) and {c.layout for c in eighth} >= set(V8_LAYOUTS)
    assert {c.kind for c in eighth} == {"table", "microdata", "negative"}

    assert_the_audit_separates(eighth, V8_LAYOUTS)
    assert any(c.derived for c in eighth) and any(c.masks for c in eighth) and any(("open", "") in c.tokens for c in eighth)
    # a count written over its base, a count in the heading before its table, a percentage before its count
    assert any(len(i) == 4 and i[-1] == "N" for c in eighth for i in c.values)
    assert any(t[0] == "cell" and t[1][1] == "h" for c in eighth for t in c.tokens)
    assert any(
        t[0] == "pct" and c.tokens[k + 1] == ("lit", " (") and c.tokens[k + 2][0] == "cell" for c in eighth for k, t in enumerate(c.tokens[:-2])
    )
