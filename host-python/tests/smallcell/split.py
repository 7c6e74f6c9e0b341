"""The dev / held-out split of the small-cell layout generator (``gen.py``), fixed before the
readers, the relation inference and the linked-table audit were built.

A generated case belongs to a *format* family (how the table is written) and a *layout* family
(where its totals sit, how deep its hierarchy goes, what else shares the text). A case is held
out when its format or its layout is held out; only dev cases were looked at while building.
Held-out figures are reported beside dev figures (BENCHMARKS.md, "Small cells: generated
layouts") and are the estimate of how the rule does on layouts nobody tuned it on.
"""

FORMATS = [
    "markdown",
    "csv",
    "tsv",
    "semicolon",
    "pandas_df",
    "pandas_crosstab",
    "pandas_series",
    "pandas_groupby",
    "r_table",
    "r_dataframe",
    "tibble",
    "html",
    "latex",
    "json_records",
    "fixed_width",
]
LAYOUTS = [
    "totals_last",
    "totals_first",
    "totals_middle",
    "no_totals",
    "several_totals",
    "hier2_indent",
    "hier2_dash",
    "hier3_dash",
    "hier3_level",
    "year_columns",
    "id_label",
    "cell_flags",
    "locale_numbers",
    "ragged_row",
    "percent_cols",
    "linked_oneway_crosstab",
    "linked_two_crosstabs",
    "prose_counts",
    "microdata",
    "not_a_table",
]

HELD_OUT_FORMATS = {"latex", "tibble", "pandas_groupby"}
HELD_OUT_LAYOUTS = {"totals_middle", "hier3_dash", "linked_two_crosstabs", "cell_flags"}


def held_out(fmt: str, layout: str) -> bool:
    return fmt in HELD_OUT_FORMATS or layout in HELD_OUT_LAYOUTS


# A second held-out set, fixed after the first one had been looked at (its families were
# measured, then inspected and fixed; BENCHMARKS.md gives both figures). These families are
# new to the generator and are measured once, on the finished engine.
V2_FORMATS = ["psql", "markdown_bare", "csv_quoted", "org"]
V2_LAYOUTS = ["col_hierarchy_dash", "two_row_header", "linked_oneway_by_column", "rate_per_1000", "totals_both_ends"]

# A third held-out set, written without seeing the engine's readers or its audit (nor any list
# of failures): formats and layouts analysts and agents print that no earlier family covers.
# Measured once with ``audit.py --v3``; every case using one of these families is in set 3.
V3_FORMATS = [
    "stata_tab",
    "spss_crosstab",
    "sas_print",
    "polars",
    "rich",
    "tabulate_grid",
    "rst_simple",
    "markdown_aligned",
    "yaml_records",
    "ndjson",
    "excel_pivot",
]
# Added after the first measurement of set 3 (its cases drawn from their own stream, so that the
# cases above stay as they were): one-way frequency listings with cumulative columns.
V3_LATER = ["cumulative"]
V3_LAYOUTS = [
    "of_which",
    "totals_separate",
    "count_pct_cell",
    "three_way_stacked",
    "col_totals_only",
    "total_in_prose",
    "rounded_beside_raw",
    "pre_suppressed",
    *V3_LATER,
]

# A fourth held-out set, written blind like the third (without seeing the engine's readers, its
# suppression code, its audit or any list of failures): formats and layouts agents and analysts
# print that no earlier family covers. Measured once with ``audit.py --v4``; every case using one
# of these families is in set 4.
V4_FORMATS = [
    "sqlite_box",
    "sqlite_column",
    "mysql",
    "duckdb",
    "asciidoc",
    "mediawiki",
    "jupyter_html",
    "pandas_multiindex",
    "python_dict",
    "json_nested",
    "kable",
    "csv_titled",
]
V4_LAYOUTS = [
    "transposed",
    "total_words",
    "two_level_cols",
    "continued",
    "other_row",
    "change_col",
    "dash_zeros",
    "footnote_marks",
    "rank_col",
    "mean_beside",
]

# A fifth held-out set, written blind like the third and the fourth (without seeing the engine's
# readers, its suppression code, its audit or any list of failures, and not run through the engine
# while it was written): formats and layouts agents and analysts print that no earlier family
# covers. Measured once with ``audit.py --v5``; every case using one of these families is in set 5.
V5_FORMATS = [
    "prettytable",
    "spark_show",
    "powershell",
    "jira_wiki",
    "r_ftable",
    "data_table",
    "latex_booktabs",
    "xml_records",
    "toml_tables",
    "sql_insert",
    "excel_paste",
    "code_comment",
]
V5_LAYOUTS = [
    "n_in_header",
    "base_row",
    "subtables_grand",
    "age_bands",
    "ci_cells",
    "weighted_beside",
    "table_twice",
    "transposed_copy",
    "pyramid",
    "footer_n",
]

# A sixth held-out set, written blind like the third, the fourth and the fifth: by a helper session
# on 2026-12-04, without reading the engine's code (its readers, its suppression code), the list of
# failures in BENCHMARKS.md, or running the engine or the audit against the engine on these cases;
# only the generator, this split, the audit and the engine-free consistency tests were read. The
# set is unread: nobody has looked at how the engine does on it. Formats and layouts agents and
# analysts print that no earlier family covers. Measured once with ``audit.py --v6``; every case
# using one of these families is in set 6.
V6_FORMATS = [
    "julia_df",
    "clickhouse",
    "psql_expanded",
    "mysql_vertical",
    "sas_freq",
    "stata_list",
    "kable_simple",
    "sqlite_list",
    "csv_excel",
    "gt_html",
    "markdown_escaped",
    "json_split",
]
V6_LAYOUTS = [
    "margins_prose_grand",
    "pct_only_base",
    "running_totals",
    "diff_table",
    "long_with_sums",
    "thousands_presupp",
    "totals_transposed",
    "sex_tables_margins",
]

# A seventh held-out set, written blind like the third to the sixth: by a helper session on
# 2026-12-04, without reading the engine's code (its readers, its suppression code), the list of
# failures in BENCHMARKS.md, or running the engine or the audit against the engine on these cases;
# only the generator, this split, the audit and the engine-free consistency tests were read. The
# set is unread: nobody has looked at how the engine does on it. Formats and layouts agents and
# analysts print that no earlier family covers. Measured once with ``audit.py --v7``; every case
# using one of these families is in set 7. Worked on in session 16 (2026-12-04): set 7 is seen now,
# its figures before and after are in BENCHMARKS.md; set 8 is its held-out estimate.
V7_FORMATS = [
    "glimpse",
    "pyarrow",
    "mongosh",
    "logfmt",
    "bullet_list",
    "csvlook",
    "tabulate_fancy",
    "textile",
    "sqlcmd",
    "matlab_table",
    "markdown_quoted",
    "column_t",
]
V7_LAYOUTS = [
    "row_col_pct",
    "rollup_long",
    "bars_beside",
    "summary_after",
    "yes_no_split",
    "flow_matrix",
    "multi_response",
]

# An eighth held-out set, written blind like the third to the seventh: by a helper session on
# 2026-12-04, without reading the engine's code (its readers, its suppression code), the list of
# failures in BENCHMARKS.md, or running the engine or the audit against the engine on these cases;
# only the generator, this split, the audit and the engine-free consistency tests were read. The
# set is unread: nobody has looked at how the engine does on it. Formats and layouts agents and
# analysts print that no earlier family covers. Measured once with ``audit.py --v8``; every case
# using one of these families is in set 8. First read on 2026-12-04 (figures only, in
# BENCHMARKS.md: 329 of 711 tables failing before the set-7 work, 319 after); no case text read.
V8_FORMATS = [
    "tabulate_heavy",
    "splunk_stats",
    "es_buckets",
    "prometheus",
    "vega_lite",
    "tabyl",
    "stata_table",
    "sas_tabulate",
]
V8_LAYOUTS = [
    "n_of_N",
    "excl_unknown",
    "heading_total",
    "change_prose",
    "chart_spec",
]

# A ninth held-out set, written blind like the third to the eighth: by a helper session on
# 2026-12-05, without reading the engine's code (its readers, its suppression code) or git history,
# and without running the engine on these cases while writing them; only the generator, this
# split, the audit and the small-cell sections of BENCHMARKS.md (which families sets 1-8 have) were
# read. The set is unread: nobody has looked at how the engine does on it. Formats and layouts
# agents and analysts print that no earlier family covers. Measured once with ``audit.py --v9``;
# every case using one of these families is in set 9.
V9_FORMATS = [
    "uniq_c",
    "bq_json",
    "sheets_values",
    "r_dput",
    "go_fmt",
    "xarray",
    "sqlplus",
    "rst_list_table",
]
V9_LAYOUTS = [
    "funnel",
    "cohort_triangle",
    "collapsed_bands",
    "diag_accuracy",
    "participant_flow",
    "pct_change",
]

# A tenth held-out set, written blind like the third to the ninth: by a helper session on
# 2026-12-05, without reading the engine's code (its readers, its suppression code) or git history,
# and without running the engine on these cases while writing them; only the generator, this
# split, the audit and the small-cell sections of BENCHMARKS.md (which families sets 1-9 have) were
# read. The set is unread: nobody has looked at how the engine does on it. Formats and layouts
# agents and analysts print that no earlier family covers. Measured once with ``audit.py --v10``;
# every case using one of these families is in set 10.
V10_FORMATS = [
    "graphql",  # a GraphQL response: data -> query -> edges -> node, with totalCount
    "mermaid",  # a Mermaid chart block: `pie` of one column, `xychart-beta` bars per column
    "php_print_r",  # PHP's print_r() of a list of associative arrays
    "perl_dumper",  # Perl's Data::Dumper of a list of hashes (`$VAR1 = [ {...} ];`)
    "rust_debug",  # Rust's `{:#?}` of a Vec of structs
    "java_map",  # Java's Map.toString() of nested maps (`{North={Owner=12, Renter=3}}`)
    "kdb_q",  # a kdb+/q console table (a keyed table with `|` after its key column)
    "typst",  # a Typst `#table(...)` with a cell per `[...]`
    "bbcode",  # a forum post's BBCode `[table][tr][td]...`
    "aws_table",  # the AWS CLI's `--output table` (a title row, centred header)
]
V10_LAYOUTS = [
    "quarter_year",  # quarterly columns with a total per year and a grand total
    "split_columns",  # a wide table printed in two parts by columns, the row total in the second
    "pct_tables",  # a table of counts, then its row percentages and/or column percentages as tables
    "overlap",  # two conditions: each, both, either, neither, all (inclusion-exclusion)
    "stock_flow",  # a caseload's movements: open at start + new = closed + moved out + open at end
    "likert_nets",  # a Likert scale with net agree / net disagree columns (partial sums) and a base
]

# An eleventh held-out set, written blind like the third to the tenth: by a helper session on
# 2026-12-06, without reading the engine's code (its readers, its suppression code) or git history
# beyond this directory's, and without running the engine or the audit on these cases while
# writing them; only the generator, this split, the audit, the engine-free consistency tests and
# the small-cell sections of BENCHMARKS.md (which families sets 1-10 have) were read. The set is
# unread: nobody has looked at how the engine does on it. Formats and layouts agents and analysts
# print that no earlier family covers. Measured once with ``audit.py --v11``; every case using one
# of these families is in set 11.
V11_FORMATS = [
    "console_table",  # Node.js `console.table()`: a box with an `(index)` column, strings quoted
    "nushell",  # a Nushell table: a rounded box with a `#` index column, sometimes the header again below
    "pyspark_rows",  # PySpark's `df.collect()`: `[Row(region='North', Owner=12), ...]`
    "ruby_hash",  # Ruby / Rails: `group(:region).count` (`{"North"=>12}`, `{["North", "Owner"]=>12}`) or `pp` of hashes
    "r_list",  # R's print of a named list: `$North` then its named vector (or `[1] 12`)
    "elixir_inspect",  # Elixir's `IO.inspect` of a list of maps (`%{count: 12, region: "North"}`) or a keyword list
    "wolfram_assoc",  # Wolfram Language associations: `<|"North" -> <|"Owner" -> 12|>, ...|>` or a list of them
    "tree_text",  # a tree drawn with `├──` / `└──` (rich.tree, anytree): a node per row, a count per leaf
    "flux_csv",  # InfluxDB's annotated CSV (`#datatype`, `#group`, `#default` rows, an empty first column)
    "redis_cli",  # redis-cli replies: `HGETALL` per row, numbered `1) "Owner"` / `2) "12"`
    "powerbi_dax",  # Power BI's executeQueries response: results -> tables -> rows, keys `Table[Column]` / `[Measure]`
]
V11_LAYOUTS = [
    "rolling_sums",  # counts per period beside a rolling sum over a window (its first windows reaching before the table)
    "average_margin",  # a Mean / Average row or column in place of a total: k times the mean is the sum
    "risk_table",  # a survival curve's number at risk per arm and time, with events (and censored) per interval
    "n_in_row_label",  # each row's total inside its label (`North (n=45)`), the row's counts beside it
    "page_subtotals",  # a listing over several pages: a page subtotal carried forward, brought forward on the next
    "excess_vs_expected",  # observed counts, the expected (a past average, no count) and the excess (observed - expected)
]

# A twelfth held-out set, written blind like the third to the eleventh: by a helper session on
# 2026-12-06, without reading the engine's code (its readers, its suppression code) or git history
# beyond this directory's, and without running the engine or the audit against the engine on these
# cases while writing them; only the generator, this split, the audit and the engine-free
# consistency tests were read. The set is unread: nobody has looked at how the engine does on it.
# Formats and layouts agents and analysts print that no earlier family covers. Measured once with
# ``audit.py --v12``; every case using one of these families is in set 12.
V12_FORMATS = [
    "json_stat",  # a JSON-stat 2.0 dataset (statistics offices' APIs): `id`, `size`, `dimension` categories, a flat `value` array
    "scala_repl",  # the Scala REPL / spark-shell: `res3: Array[Row] = Array([North,12,3], ...)`, `Map(North -> 12)`, case classes
    "haskell_show",  # GHCi's `show`: `fromList [("North",12),...]` (Data.Map), tuples, records `Row {region = "North", owner = 12}`
    "lua_table",  # Lua tables printed by inspect.lua / vim.inspect: `{ {\n    owner = 12,\n    region = "North"\n  }, ...}`
    "clojure_edn",  # a Clojure REPL: a vector of maps `[{:region "North", :owner 12} ...]`, `frequencies`, `print-table`
    "protobuf_text",  # protobuf text format: a GA4 RunReportResponse printed from Python, or repeated `rows { ... }` messages
    "yaml_flow",  # YAML flow style: `- {region: North, Owner: 12}` lines, one flow sequence, or `North: {Owner: 12}`
    "julia_dict",  # Julia's `Dict` display (`countmap`: `"North" => 12`, keys padded), nested Dicts, a Vector of NamedTuples
    "minitab",  # Minitab's session window: `Tabulated Statistics`, a cell's percentage on the line under its count, `Cell Contents`
    "chartjs",  # a Chart.js config: `labels: [...]` and a dataset per column, `data: [12, 3, null]`
]
V12_LAYOUTS = [
    "count_of_counts",  # people by how many events they had (1, 2, 3, ...): the events total is each band times its count
    "moving_average",  # daily or weekly counts beside a 7-day (4-week, 3-month) moving average written to one decimal
    "group_shares_long",  # a long table of counts with each count's share of its group (`count() |> mutate(pct)`), no group total
    "table_one",  # a study's characteristics by arm: variable blocks each summing to the arm's N (in the header or an n row), n (%)
    "sex_ratio",  # males, females and persons with the males per 100 females beside them
    "pct_of_parent",  # a two-level outline (areas and the practices under them) with each row's share of its parent row
]

# A thirteenth held-out set, written blind like the third to the twelfth: by a helper session on
# 2026-12-07, without reading the engine's code (its readers, its suppression code) or git history
# beyond this directory's, and without running the engine or the audit against the engine on these
# cases while writing them; only the generator, this split, the audit and the engine-free
# consistency tests were read. The set is unread: nobody has looked at how the engine does on it.
# Formats and layouts agents and analysts print that no earlier family covers. Measured once with
# ``audit.py --v13``; every case using one of these families is in set 13. First read on 2026-12-07
# with ``--native --families`` (figures only: 406 of 771 tables failing, 11 of 20 record-level
# tables not flagged, 0 of 20 non-tables touched); no case text read.
V13_FORMATS = [
    "fsharp_fsi",  # F# Interactive: `val it: (string * int) list = [("North", 12); ("South", 3)]`, `map [...]`, records `{ Region = "North" ... }`
    "swift_dump",  # Swift's `dump()`: `▿ 3 elements` then `▿ Summary` / `- region: "North"` lines, a dictionary's `- key:` / `- value:`
    "cypher_shell",  # Neo4j's cypher-shell: a box with strings in quotes, `N rows`, `ready to start consuming query after 12 ms, ...`
    "influx_line",  # InfluxDB line protocol: `tenure_counts,region=North,tenure=Owner count=12i 1711929600000000000` (tags escaped, `i` for integers)
    "dynamodb_json",  # an AWS DynamoDB scan or query: `Items` of typed attributes (`{"S": "North"}`, numbers as strings `{"N": "12"}`), `Count`
    "r_tribble",  # R code for the table: `tibble::tribble(~region, ~Owner, "North", 12, ...)` aligned, or `data.frame(region = c(...), ...)`
    "sas_datalines",  # a SAS data step carrying the table: `data counts; input region :$12. owner renter; datalines;` rows then `;` and `run;`
    "spreadsheetml",  # Excel 2003 XML Spreadsheet: `<Row><Cell><Data ss:Type="String">North</Data></Cell><Cell><Data ss:Type="Number">12</Data>`
    "rtf_table",  # an RTF document from a report writer (SAS ODS RTF, r2rtf): `\trowd ... \cellx` rows, `\intbl North\cell 12\cell\row`
    "django_queryset",  # Django's QuerySet repr: `<QuerySet [{'region': 'North', 'n': 12}, ...]>`, `values_list` tuples, `aggregate()` dicts
]
V13_LAYOUTS = [
    "and_over",  # open-ended age columns nested in each other (All ages, Under 18, 18 and over, 65 and over, 85 and over), the bands between unshown
    "index_base100",  # counts over periods with an index (base period = 100): each index is 100 times its count over the base period's count
    "measure_long",  # a long listing with a measure column (count, denominator, percentage a row each per area and group) and the aggregates' rows
    "cross_groupings",  # the same units (wards) summed two ways that do not nest (by locality and by network), each grouping summing to the total
    "code_hierarchy",  # a classification's levels told only by their codes (ICD-10 chapter C00-D48 > block C15-C26 > C16; SIC section C > 10 > 10.1)
    "change_components",  # components of change: the stock at the start, its flows, the net lines (births - deaths, in - out), the stock at the end
]

# A fourteenth held-out set, written blind like the third to the thirteenth: by a helper session on
# 2026-12-07, without reading the engine's code (its readers, its suppression code) or git history
# beyond this directory's, and without running the engine or the audit against the engine on these
# cases while writing them; only the generator, this split, the audit and the engine-free
# consistency tests were read. The set is unread: nobody has looked at how the engine does on it.
# Formats and layouts agents and analysts print that no earlier family covers. Measured once with
# ``audit.py --v14``; every case using one of these families is in set 14. Record-level cases only
# in the formats that list records (not SDMX-CSV or PC-Axis). First read on 2026-12-07 with
# ``--native --families`` on the engine of main ``710fce2`` (figures only: 262 of 629 tables
# failing, 6 of 12 record-level tables not flagged, 2 of 16 non-tables changed); no case text read.
# Then read and worked on (2026-12-07): Kusto and SPARQL readers 262 -> 211; sums and differences
# restated in the lines after a table read as relations (branch rel: 211 -> 156, prose_partial_sums
# 78 -> 23); gnuplot's commented header, DB-API tuples a line under `cursor.description`'s names,
# schema listings no table (branch s14r: 211 -> 180, record-level misses 3 -> 0, non-tables changed
# 2 -> 0); both merged: 124 failing, record-level
# misses 0, non-tables changed 0.
V14_FORMATS = [
    "sdmx_csv",  # SDMX-CSV from a statistics office's API: `DATAFLOW,REF_AREA,TENURE,TIME_PERIOD,OBS_VALUE,OBS_STATUS`, an observation a line
    "px_file",  # a PC-Axis (.px) file: `STUB=`, `HEADING=`, `VALUES("region")=...;`, then `DATA=` the cube's numbers row by row, `".."` for none
    "sparql_json",  # SPARQL 1.1 query results in JSON: `head.vars`, `results.bindings`, a value `{"type": "literal", "value": "12"}`
    "gnuplot_dat",  # a gnuplot / whitespace data file: `# region Owner Renter` comment header, labels quoted when they have spaces, `NaN` for none
    "kusto_json",  # an Azure Monitor / Log Analytics query API response: `tables[0].columns` (name, type) and `rows` as arrays
    "beeline",  # Hive's beeline: a `+---+` box with centred `t.col` headers, values left-aligned, `NULL`, then `N rows selected (0.4 seconds)`
    "pdftotext",  # `pdftotext -layout` of a published report's table: a wrapped two-line header, space-aligned columns, page furniture around it
    "py_tuples",  # Python DB-API `cursor.fetchall()`: `[('North', 12, 3), ...]`, or a tuple a line, `None` for none, the column names first sometimes
]
V14_LAYOUTS = [
    "people_and_events",  # per area both people and their events (patients and admissions): events = people + repeats (a rest >= 0), totals of both
    "lookup_parent",  # small areas listed with their parent area in a label column, then a table of the parents: each the sum of its children
    "two_granularities",  # monthly counts per area, then the same counts by quarter in a second table (a quarter the sum of its months)
    "prose_partial_sums",  # a table, then a summary in prose restating sums of two or three of its cells and differences between two of them
    "share_of_wider",  # areas' counts with each one's share of a wider total (a region's, given before the table), more than their sum
]
