//! Every reader's true and false examples, checked by one table test: a true example must be
//! found as exactly one table of that format with the given rows (field texts), a false example
//! must yield no table at all.

use super::{Format, find};

struct Example {
    reader: Format,
    text: &'static str,
    /// The rows as read (`None`: no table may be found).
    rows: Option<&'static [&'static [&'static str]]>,
}

const fn yes(reader: Format, text: &'static str, rows: &'static [&'static [&'static str]]) -> Example {
    Example { reader, text, rows: Some(rows) }
}

const fn no(reader: Format, text: &'static str) -> Example {
    Example { reader, text, rows: None }
}

const MD: Format = Format::Markdown;
const CSV: Format = Format::Delimited(b',');
const TSV: Format = Format::Delimited(b'\t');
const SEMI: Format = Format::Delimited(b';');
const AL: Format = Format::Aligned;
const HTML: Format = Format::Html;
const TEX: Format = Format::Latex;
const JSON: Format = Format::Json;
const RULED: Format = Format::Ruled;
const YAML: Format = Format::Yaml;
const PY: Format = Format::Python;
const WIKI: Format = Format::MediaWiki;
const ADOC: Format = Format::AsciiDoc;
const TOML: Format = Format::Toml;
const XML: Format = Format::Xml;
const SQL: Format = Format::Sql;
const VERT: Format = Format::Vertical;
const COLS: Format = Format::Columns;
const LOGFMT: Format = Format::Logfmt;
const LIST: Format = Format::Bullets;
const EXPO: Format = Format::Exposition;
const RST: Format = Format::ListTable;
const GO: Format = Format::GoStruct;
const DPUT: Format = Format::Dput;
const UNIQ: Format = Format::Uniq;
const XR: Format = Format::Xarray;
const TYP: Format = Format::Typst;
const MMD: Format = Format::Mermaid;
const REDIS: Format = Format::Redis;
const BB: Format = Format::BbCode;
const XLS: Format = Format::SpreadsheetMl;
const RTF: Format = Format::Rtf;
const SAS: Format = Format::SasDatalines;
const INFLUX: Format = Format::Influx;
const PX: Format = Format::PcAxis;

const EXAMPLES: &[Example] = &[
    // Markdown.
    yes(MD, "| Town | A |\n|---|---:|\n| **North** | 3 |", &[&["Town", "A"], &["**North**", "3"]]),
    yes(MD, "| a | b |\n| 1 | 2 |", &[&["a", "b"], &["1", "2"]]),
    // Clojure's `print-table` (org-mode's rule): `+` where the rule crosses a column border.
    yes(MD, "| :region | :n |\n|---------+----|\n|   North |  3 |", &[&[":region", ":n"], &["North", "3"]]),
    yes(MD, "| Town | A | B |\n|---|---|---|\n| North | 3 |\n| South | 4 | 5 | 6 |", &[&["Town", "A", "B"], &["North", "3", ""], &["South", "4", "5"]]),
    // Jira / Confluence: `||` between header cells, `*bold*` cells.
    yes(MD, "||Town||n||\n|North|3|\n|*Total*|*45*|", &[&["Town", "n"], &["North", "3"], &["*Total*", "*45*"]]),
    no(MD, "a | b is not a table\nnor is this"),
    no(MD, "| lonely |\n|---|\n| row |"),
    // CSV, TSV, semicolons.
    yes(CSV, "Town,Count\nNorth,\"1,232\"\nSouth,4", &[&["Town", "Count"], &["North", "1,232"], &["South", "4"]]),
    yes(CSV, "Region,2021,2022\nNorth,3,4\nSouth,5,6", &[&["Region", "2021", "2022"], &["North", "3", "4"], &["South", "5", "6"]]),
    yes(CSV, "Name,A,B\nSmith, John,3,4\nLee,5,6", &[&["Name", "A", "B"], &["Smith, John", "3", "4"], &["Lee", "5", "6"]]),
    yes(CSV, "Town,A,B\nNorth,1,2\nSouth,3\nEast,5,6", &[&["Town", "A", "B"], &["North", "1", "2"], &["South", "3", ""], &["East", "5", "6"]]),
    yes(TSV, "Town\tA\nNorth\t3", &[&["Town", "A"], &["North", "3"]]),
    // A pivot pasted from Excel: the column variable's name alone over the header.
    yes(
        TSV,
        "\tresult\t\nTown\tpos\tneg\nNorth\t3\t30\nSouth\t40\t44",
        &[&["", "result", ""], &["Town", "pos", "neg"], &["North", "3", "30"], &["South", "40", "44"]],
    ),
    no(TSV, "\t3\t\nTown\tpos\tneg"),
    yes(SEMI, "Region;n;%\nPeace Valley;3;3,8 %", &[&["Region", "n", "%"], &["Peace Valley", "3", "3,8 %"]]),
    yes(
        Format::Delimited(b'|'),
        "sqlite> SELECT * FROM t;\nregion|n|pct\nNorth|3|\nSouth|40|9.1",
        &[&["region", "n", "pct"], &["North", "3", ""], &["South", "40", "9.1"]],
    ),
    no(Format::Delimited(b'|'), "cat a.txt | grep b | wc -l\nls | head"),
    no(CSV, "1,2,3\n4,5,6"),
    no(CSV, "We met, talked for a while and then went home, as one does\nLater, much later, we came back"),
    no(CSV, "1. apples, 3\n2. pears, 4\n3. plums, 2"),
    // Spark's `Row`s printed a line each: no header.
    yes(CSV, "[Old Town,117,10.1]\n[Lakeside,4,0.3]", &[&["", "", ""], &["Old Town", "117", "10.1"], &["Lakeside", "4", "0.3"]]),
    no(CSV, "[1, 2, 3]\n[4, 5, 6]"),
    no(CSV, "['West', 3]\n['East', 4]"),
    no(CSV, "[INFO] Building core, 2 modules]\n[INFO]"),
    no(CSV, "[a, b]\n[c, d]"),
    // Behind comment markers (a table pasted into code, knitr's and reprex's output).
    yes(MD, "// | a | b |\n// | 1 | 2 |", &[&["a", "b"], &["1", "2"]]),
    yes(AL, "```r\ntable(df$region)\n## region  n\n## North   42\n## South   3\n```", &[&["region", "n"], &["North", "42"], &["South", "3"]]),
    yes(AL, "x <- 1\n#> region  n\n#> North   42\n#> South   3", &[&["region", "n"], &["North", "42"], &["South", "3"]]),
    no(MD, "# Heading | one\nText | two\n# Heading | three"),
    // Quoted from an earlier message or a report (`> `, nested `> > `).
    yes(MD, "As you wrote:\n> | Town | n |\n> |:---|---:|\n> | North | 3 |\n\nThanks.", &[&["Town", "n"], &["North", "3"]]),
    yes(MD, "> > | a | b |\n> > | 1 | 2 |", &[&["a", "b"], &["1", "2"]]),
    no(MD, "> I think a | b is fine,\n> and so is c | d.\n>\n> -- Ann"),
    // Textile (Redmine): modifiers before `. ` are markup; a signature line before the table.
    yes(MD, "table(counts).\n|_. Town |_. n |\n| North |>. 3 |\n|<. South |\\1. 40 |", &[&["Town", "n"], &["North", "3"], &["South", "40"]]),
    no(MD, "|_. lonely |\n| row |"),
    // An introduction ending in a colon is not a header.
    yes(AL, "Counts (from the extract):\nregion  n\nNorth   42\nSouth   3", &[&["region", "n"], &["North", "42"], &["South", "3"]]),
    // A classification's titles run longer than other cells.
    yes(
        AL,
        "cause                                                                   n\nI26-I28 Pulmonary heart disease and diseases of pulmonary circulation   3\nI30-I52 Other forms of heart disease                                   40",
        &[&["cause", "n"], &["I26-I28 Pulmonary heart disease and diseases of pulmonary circulation", "3"], &["I30-I52 Other forms of heart disease", "40"]],
    ),
    yes(AL, "$ splunk search 'stats count by region'\nregion  n\nNorth   42\nSouth   3", &[&["region", "n"], &["North", "42"], &["South", "3"]]),
    yes(
        RULED,
        "$ splunk search 'index=a | stats count by region'\nregion  n\n------  --\nNorth   42\nSouth   3",
        &[&["region", "n"], &["North", "42"], &["South", "3"]],
    ),
    // Aligned text: pandas.
    yes(
        AL,
        "tenure        Owner  Renter  All\nregion                          \nNorth            42       3   45\nPeace Valley      7       3   10\nAll              49       6   55",
        &[&["tenure", "Owner", "Renter", "All"], &["North", "42", "3", "45"], &["Peace Valley", "7", "3", "10"], &["All", "49", "6", "55"]],
    ),
    yes(AL, "region\nNorth           45\nPeace Valley    10\nName: count, dtype: int64", &[&["region", "count"], &["North", "45"], &["Peace Valley", "10"]]),
    // Numbered periods in the header (`Quarter 1  Quarter 2`) name columns; they are no counts.
    yes(
        AL,
        "intake    Started   Quarter 1   Quarter 2\nQ1 2023        77          45          24\nQ2 2023        96          47           1\nQ3 2023        36          25",
        &[&["intake", "Started", "Quarter 1", "Quarter 2"], &["Q1 2023", "77", "45", "24"], &["Q2 2023", "96", "47", "1"], &["Q3 2023", "36", "25", ""]],
    ),
    // A footnote mark one space after a number stays in its cell.
    yes(
        AL,
        "region\nNorth        45\nSouth     2 [r]\nEast      7 (p)\nName: count, dtype: int64",
        &[&["region", "count"], &["North", "45"], &["South", "2 [r]"], &["East", "7 (p)"]],
    ),
    yes(
        AL,
        "region        tenure\nNorth         Owner     42\n              Renter     3\nSouth         Owner     20\ndtype: int64",
        &[&["region", "tenure", "count"], &["North", "Owner", "42"], &["North", "Renter", "3"], &["South", "Owner", "20"]],
    ),
    // R: table(), data.frame, tibble.
    yes(
        AL,
        "        tenure\nregion   Owner Renter\n  East      30     18\n  North     42      3",
        &[&["region", "Owner", "Renter"], &["East", "30", "18"], &["North", "42", "3"]],
    ),
    yes(AL, "\nNorth South  East \n   60    84    48 ", &[&["North", "South", "East"], &["60", "84", "48"]]),
    yes(
        AL,
        "  region tenure  n\n1  North  Owner 42\n2  North Renter  3",
        &[&["", "region", "tenure", "n"], &["1", "North", "Owner", "42"], &["2", "North", "Renter", "3"]],
    ),
    yes(
        AL,
        "# A tibble: 2 × 3\n  region       tenure     n\n  <chr>        <chr>  <int>\n1 Peace Valley Owner      7\n2 North        Renter     3",
        &[&["", "region", "tenure", "n"], &["1", "Peace Valley", "Owner", "7"], &["2", "North", "Renter", "3"]],
    ),
    // Aligned text: plain fixed width.
    yes(
        AL,
        "Region      Cases  Total\nNorth           3     40\nSouth          12     50",
        &[&["Region", "Cases", "Total"], &["North", "3", "40"], &["South", "12", "50"]],
    ),
    yes(
        AL,
        "region     Population   Deaths per 1,000\nNorth           18504                7.9\nSouth             624                1.5",
        &[&["region", "Population", "Deaths per 1,000"], &["North", "18504", "7.9"], &["South", "624", "1.5"]],
    ),
    no(AL, "total 8\n-rw-r--r-- 1 ann staff 120 Jan  3 10:32 a.csv\n-rw-r--r-- 2 ann staff 880 Jan  3 10:33 b.csv"),
    no(AL, "NAME          READY   STATUS    RESTARTS   AGE\nweb-5d8f7c9b6  1/1     Running   0          2d\ndb-7c9b6d8f5   1/1     Running   3          5d"),
    no(AL, "x = 1\ny = 22\nz = 333"),
    // One row under its header, each number flush with its header word (pandas' totals apart).
    yes(
        AL,
        "        Owner  Renter  Social\nregion                       \nTotal     301     300      67",
        &[&["region", "Owner", "Renter", "Social"], &["Total", "301", "300", "67"]],
    ),
    no(AL, "Status: all good\nuptime 3 days, load 0.5"),
    no(AL, "The quick brown fox jumps over the lazy dog and 3 cats\nwhile 12 birds sing in the trees near the old mill"),
    // HTML.
    yes(HTML, "<table><tr><th>Town</th><th>A</th></tr><tr><td>North</td><td><b>3</b></td></tr></table>", &[&["Town", "A"], &["North", "3"]]),
    yes(
        HTML,
        "<table>\n<tr><th rowspan=2>Town</th><th colspan=\"2\">Sex</th></tr>\n<tr><th>M</th><th>F</th></tr>\n<tr><td>North<td>3<td>4\n</table>",
        &[&["Town", "Sex", "Sex"], &["Town", "M", "F"], &["North", "3", "4"]],
    ),
    no(HTML, "<table><tr><td>only one cell</td></tr></table>"),
    no(HTML, "<p>no table here</p>"),
    // A forum post's BBCode table: the same grammar in brackets.
    yes(BB, "[table]\n[tr]\n[th]Town[/th]\n[th]A[/th]\n[/tr]\n[tr]\n[td]North[/td]\n[td][b]3[/b][/td]\n[/tr]\n[/table]", &[&["Town", "A"], &["North", "3"]]),
    no(BB, "[table][tr][td]only one cell[/td][/tr][/table]"),
    no(BB, "See [b]table[/b] [url=https://x.example/tr]here[/url]."),
    // LaTeX.
    yes(
        TEX,
        "\\begin{tabular}{lrr}\n\\toprule\nTown & A & B \\\\\n\\midrule\nNorth & 3 & \\textbf{40} \\\\\n\\multicolumn{2}{l}{Total} & 43 \\\\\n\\bottomrule\n\\end{tabular}",
        &[&["Town", "A", "B"], &["North", "3", "40"], &["Total", "Total", "43"]],
    ),
    yes(TEX, "\\begin{tabular*}{\\textwidth}{lr}\nTown & n\\\\ North & 1\\,234\\\\\n\\end{tabular*}", &[&["Town", "n"], &["North", "1 234"]]),
    no(TEX, "\\begin{itemize}\\item a & b\\end{itemize}"),
    no(TEX, "\\begin{tabular}{l}\nonly\\\\\n\\end{tabular}"),
    // JSON records and JSON lines.
    yes(JSON, "[{\"region\": \"North\", \"n\": 3}, {\"region\": \"South\", \"n\": 40}]", &[&["region", "n"], &["North", "3"], &["South", "40"]]),
    yes(JSON, "{\"a\":\"x\",\"n\":1}\n{\"a\":\"y\",\"n\":2,\"m\":5}\n", &[&["a", "n", "m"], &["x", "1", ""], &["y", "2", "5"]]),
    no(JSON, "[{\"a\": 1}]"),
    // SPARQL JSON results: a binding per row, each value's `value`; a missing binding is empty.
    yes(
        JSON,
        "{\"head\": {\"vars\": [\"area\", \"n\", \"m\"]}, \"results\": {\"bindings\": [\n {\"area\": {\"type\": \"literal\", \"value\": \"North\"}, \"n\": {\"type\": \"literal\", \"datatype\": \"http://www.w3.org/2001/XMLSchema#integer\", \"value\": \"12\"}, \"m\": {\"type\": \"literal\", \"value\": \"4\"}},\n {\"area\": {\"type\": \"literal\", \"value\": \"South\"}, \"m\": {\"type\": \"literal\", \"value\": \"3\"}}\n]}}",
        &[&["area", "n", "m"], &["North", "12", "4"], &["South", "", "3"]],
    ),
    no(JSON, "[{\"id\": {\"type\": \"uri\"}}, {\"id\": {\"type\": \"uri\"}}]"),
    // Log Analytics (Kusto) JSON: the first table's columns over its rows; `null` is empty.
    yes(
        JSON,
        "{\"tables\": [{\"name\": \"PrimaryResult\", \"columns\": [{\"name\": \"Area\", \"type\": \"string\"}, {\"name\": \"n\", \"type\": \"long\"}],\n \"rows\": [[\"North\", 12], [\"South\", null]]}]}",
        &[&["Area", "n"], &["North", "12"], &["South", ""]],
    ),
    no(JSON, "{\"tables\": [{\"name\": \"PrimaryResult\", \"columns\": [{\"name\": \"Area\", \"type\": \"string\"}], \"rows\": [[\"North\", 12]]}]}"),
    // JSON-stat 2.0: values over the dimensions' categories, the last one the columns.
    yes(
        JSON,
        "{\"version\": \"2.0\", \"class\": \"dataset\", \"id\": [\"region\", \"tenure\"], \"size\": [2, 2], \"dimension\": {\"region\": {\"category\": {\"index\": [\"N\", \"S\"], \"label\": {\"N\": \"North\", \"S\": \"South\"}}}, \"tenure\": {\"category\": {\"index\": {\"o\": 0, \"r\": 1}, \"label\": {\"o\": \"Owner\", \"r\": \"Renter\"}}}}, \"value\": [12, 3, 40, 9]}",
        &[&["", "Owner", "Renter"], &["North", "12", "3"], &["South", "40", "9"]],
    ),
    no(JSON, "{\"id\": [\"a\"], \"dimension\": {\"a\": {\"category\": {\"index\": [\"x\"]}}}, \"value\": [3]}"),
    // GraphQL's connection: each record wrapped as an edge's `node`.
    yes(
        JSON,
        "{\"data\":{\"regions\":{\"totalCount\":2,\"edges\":[{\"node\":{\"region\":\"North\",\"n\":3}},{\"node\":{\"region\":\"South\",\"n\":40}}]}}}",
        &[&["region", "n"], &["North", "3"], &["South", "40"]],
    ),
    no(JSON, "[{\"node\": {\"id\": \"a1\"}}, {\"node\": {\"id\": \"b2\"}}]"),
    // Elasticsearch: an aggregation's buckets (each metric a wrapped number), a search's hits
    yes(
        JSON,
        "{\"aggregations\": {\"by_region\": {\"buckets\": [\n  {\"key\": \"North\", \"owner\": {\"value\": 3}, \"doc_count\": 40},\n  {\"key\": \"South\", \"owner\": {\"value\": 12}, \"doc_count\": 31}\n]}}}",
        &[&["key", "owner", "doc_count"], &["North", "3", "40"], &["South", "12", "31"]],
    ),
    yes(
        JSON,
        "{\"hits\": {\"hits\": [\n  {\"_id\": \"1\", \"_source\": {\"age\": 34, \"sex\": \"F\"}},\n  {\"_id\": \"2\", \"_source\": {\"age\": 51, \"sex\": \"M\"}}\n]}}",
        &[&["sex", "_id", "age"], &["F", "1", "34"], &["M", "2", "51"]],
    ),
    // an object of two members is no metric: an empty field
    yes(
        JSON,
        "[{\"k\": \"a\", \"n\": 1, \"m\": {\"value\": 1, \"unit\": \"x\"}}, {\"k\": \"b\", \"n\": 2}]",
        &[&["k", "n", "m"], &["a", "1", ""], &["b", "2", ""]],
    ),
    yes(JSON, "[{\"region\": \"Total\", \"Owner\": 172, \"Renter\": 233}]", &[&["region", "Owner", "Renter"], &["Total", "172", "233"]]),
    yes(JSON, "{\"region\": \"Total\", \"Owner\": 354, \"Renter\": 110}\n", &[&["region", "Owner", "Renter"], &["Total", "354", "110"]]),
    no(JSON, "[{\"region\": \"North\", \"Owner\": 172, \"Renter\": 233}]"),
    no(JSON, "{\"status\": \"ok\", \"retries\": 3, \"errors\": 2}\n"),
    no(JSON, "{\"config\": {\"retries\": 3, \"timeout\": 5}}"),
    no(JSON, "[1, 2, 3]"),
    // Ruled text: box drawing (polars, rich, fancy_grid), ASCII grids, Stata, rst simple, SAS.
    // ClickHouse's PrettyCompact names its columns in the top rule.
    yes(
        RULED,
        "┌─town──┬─cases─┬─deaths─┐\n│ Alton │   120 │      2 │\n│ Brill │    95 │      1 │\n└───────┴───────┴────────┘",
        &[&["town", "cases", "deaths"], &["Alton", "120", "2"], &["Brill", "95", "1"]],
    ),
    no(RULED, "┌─ Results ─────────┐\n│ all checks passed │\n└───────────────────┘"),
    // A database's settings with what it says of each (ClickHouse's `system.settings`).
    no(RULED, "┌─name────────┬─value─┬─changed─┐\n│ max_threads │ 4     │       1 │\n│ readonly    │ 0     │       0 │\n└─────────────┴───────┴─────────┘"),
    yes(
        RULED,
        "shape: (2, 2)\n┌───────┬─────┐\n│ town  ┆ n   │\n│ ---   ┆ --- │\n│ str   ┆ i64 │\n╞═══════╪═════╡\n│ North ┆ 3   │\n│ South ┆ 40  │\n└───────┴─────┘",
        &[&["town", "n"], &["North", "3"], &["South", "40"]],
    ),
    yes(
        RULED,
        "┏━━━━━━━━━━━━━━┳━━━━┓\n┃ town         ┃  n ┃\n┡━━━━━━━━━━━━━━╇━━━━┩\n│ Peace Valley │  3 │\n│ South        │    │\n└──────────────┴────┘",
        &[&["town", "n"], &["Peace Valley", "3"], &["South", ""]],
    ),
    yes(
        RULED,
        "+-------+-----+\n| town  |   n |\n+=======+=====+\n| North |   3 |\n+-------+-----+\n| South |  40 |\n+-------+-----+",
        &[&["town", "n"], &["North", "3"], &["South", "40"]],
    ),
    yes(
        RULED,
        "          |        tenure\n   region |  Owner  Renter |  Total\n----------+----------------+-------\n    North |      3     40 |     43\n----------+----------------+-------\n    Total |      3     40 |     43",
        &[&["region", "Owner", "Renter", "Total"], &["North", "3", "40", "43"], &["Total", "3", "40", "43"]],
    ),
    yes(
        RULED,
        ". list\n\n     +-----------------------+\n     | region    owner   n |\n     |-----------------------|\n  1. | North        83   3 |\n  2. | South         1   . |\n     +-----------------------+",
        &[&["region", "owner", "n"], &["North", "83", "3"], &["South", "1", "."]],
    ),
    // The guard's own output: a row whose only number it hid is still a body row, not a header.
    yes(
        RULED,
        "+-------+-----+------+\n| town  | n   | note |\n+=======+=====+======+\n| North | [suppressed] | a    |\n+-------+-----+------+\n| South | 40  | b    |\n+-------+-----+------+",
        &[&["town", "n", "note"], &["North", "[suppressed]", "a"], &["South", "40", "b"]],
    ),
    yes(RULED, "=====  =====\ntown   n\n=====  =====\nNorth      3\nSouth     40\n=====  =====", &[&["town", "n"], &["North", "3"], &["South", "40"]]),
    yes(RULED, "town     n\n-----  ---\nNorth    3\nSouth   40", &[&["town", "n"], &["North", "3"], &["South", "40"]]),
    // PowerShell's Format-Table: a right-aligned number wider than its rule starts left of it.
    yes(
        RULED,
        "region   2020  YoY %\n------   ----  -----\nNorth       8  +14.3\nSouth       0 -100.0",
        &[&["region", "2020", "YoY %"], &["North", "8", "+14.3"], &["South", "0", "-100.0"]],
    ),
    yes(
        AL,
        "            The SAS System\n\n Obs    town     n\n                  \n   1    North    3\n   2    South   40",
        &[&["Obs", "town", "n"], &["1", "North", "3"], &["2", "South", "40"]],
    ),
    yes(
        AL,
        " Obs    town     2023    2024\n                             \n   1    North       3      12\n   2    South      40      38",
        &[&["Obs", "town", "2023", "2024"], &["1", "North", "3", "12"], &["2", "South", "40", "38"]],
    ),
    // A ragged triangle (a cohort's later weeks not reached yet) under names of two words.
    yes(
        AL,
        " Obs     cohort     Started     Week 1     Week 2 \n                                                \n   1     W01            122         43          4 \n   2     W02            233        181            \n   3     W03             50                       \n",
        &[&["Obs", "cohort", "Started", "Week 1", "Week 2"], &["1", "W01", "122", "43", "4"], &["2", "W02", "233", "181", ""], &["3", "W03", "50", "", ""]],
    ),
    // A title and a blank line over rows with no header: no table.
    no(AL, "Results by region\n\n1  North  3\n2  South  40\n"),
    no(RULED, "Version 2  3\n\n 1   2   3\n 4   5   6"),
    // MATLAB's table display: names over `____` rules, a blank line, strings in quotes.
    yes(
        RULED,
        "T =\n\n  2×2 table\n\n     region      n \n    ________    ___\n\n    \"North\"      42\n    \"Peace V\"     3\n",
        &[&["region", "n"], &["North", "42"], &["Peace V", "3"]],
    ),
    no(RULED, "--------\nSome notes | not a table\n--------"),
    no(RULED, "=====  =====\nonly one row\n=====  ====="),
    no(RULED, "Title\n\nA paragraph of prose.\n\nAnother one with 3 numbers in it."),
    // YAML records.
    yes(YAML, "- town: \"North\"\n  n: 3\n- town: 'South'\n  n: 40\n  note: ok", &[&["town", "n", "note"], &["North", "3", ""], &["South", "40", "ok"]]),
    no(YAML, "- name: web\n  nested:\n    - 1\n    - 2"),
    no(YAML, "- only: one\n  record: yes"),
    yes(YAML, "- region: \"Total\"\n  Owner: 200\n  Renter: 98", &[&["region", "Owner", "Renter"], &["Total", "200", "98"]]),
    no(YAML, "- region: North\n  Owner: 200\n  Renter: 98"),
    // Flow style: a mapping per item, per row label, or a wrapped flow sequence of them.
    yes(
        YAML,
        "- {region: Peace Valley, n: 3, '% of all': 7.0}\n- {region: South, n: 40, '% of all': 93.0}",
        &[&["region", "n", "% of all"], &["Peace Valley", "3", "7.0"], &["South", "40", "93.0"]],
    ),
    yes(YAML, "North: {Owner: 12, Renter: 3}\nSouth: {Owner: 40, Renter: null}", &[&["", "Owner", "Renter"], &["North", "12", "3"], &["South", "40", "null"]]),
    yes(YAML, "[{region: North, n: 3}, {region: Peace\n  Valley, n: 40}]", &[&["region", "n"], &["North", "3"], &["Peace Valley", "40"]]),
    no(YAML, "- {host: db, port: 5432}\nnext: [a, b]"),
    no(YAML, "Use {braces} for placeholders: {name}, {date}."),
    // Python literals: a dict of dicts (tuple keys for a MultiIndex), a Counter, records.
    yes(
        PY,
        "{'North': {'Male': 12, 'Female': 3}, 'South': {'Male': 40, 'Female': None}}",
        &[&["", "Male", "Female"], &["North", "12", "3"], &["South", "40", "None"]],
    ),
    yes(
        PY,
        "{('North', 'Urban'): {('Sex', 'Male'): 12, ('Sex', 'Female'): 3},\n ('North', 'Rural'): {('Sex', 'Male'): 7, ('Sex', 'Female'): 1}}",
        &[&["", "", "Sex", "Sex"], &["", "", "Male", "Female"], &["North", "Urban", "12", "3"], &["North", "Rural", "7", "1"]],
    ),
    yes(PY, "Counter({'North': 40, 'South': 12, 'East': 3})", &[&["", "count"], &["North", "40"], &["South", "12"], &["East", "3"]]),
    yes(PY, "[{'town': 'North', 'n': 3}, {'town': 'South', 'n': 40}]", &[&["town", "n"], &["North", "3"], &["South", "40"]]),
    no(PY, "{'batch_size': 4, 'epochs': 3, 'lr': 0.001, 'workers': 2}"),
    // mongosh's documents: bare keys, single quotes, a line per field when wide.
    yes(PY, "[\n  { _id: 'North', n: 42 },\n  { _id: 'Peace Valley', n: 3 }\n]", &[&["_id", "n"], &["North", "42"], &["Peace Valley", "3"]]),
    yes(
        PY,
        "[\n  {\n    _id: 'North',\n    'Owner %': 9.5,\n    $n: 3\n  },\n  {\n    _id: 'South',\n    'Owner %': 1.5,\n    $n: 40\n  }\n]",
        &[&["_id", "Owner %", "$n"], &["North", "9.5", "3"], &["South", "1.5", "40"]],
    ),
    // A listing of settings is no table of counts, whatever prints it.
    no(PY, "[\n  { _id: 'retries', value: 3 },\n  { _id: 'timeout_s', value: 5 }\n]"),
    yes(
        JSON,
        "[{\"count\": 12, \"month\": \"2024-01\"}, {\"count\": 3, \"month\": \"2024-02\"}]",
        &[&["month", "count"], &["2024-01", "12"], &["2024-02", "3"]],
    ),
    no(JSON, "[{\"name\": \"maxdop\", \"value\": 4}, {\"name\": \"fillfactor\", \"value\": 0}]"),
    no(AL, "name        value\n----------- -----------\nmaxdop                4\nfillfactor            0\n\n(2 rows affected)"),
    no(PY, "{'server': {'port': 8080, 'workers': 4}, 'retry': {'max': 3, 'backoff_s': 2}}"),
    // A cohort's triangle (`df.to_dict()`: columns outside, each later month one cohort shorter).
    yes(
        PY,
        "{'Signed up': {'2024-01': 2, '2024-02': 33, '2024-03': 249}, 'Month 1': {'2024-01': 1, '2024-02': 15}, 'Month 2': {'2024-01': 0}}",
        &[&["", "2024-01", "2024-02", "2024-03"], &["Signed up", "2", "33", "249"], &["Month 1", "1", "15", ""], &["Month 2", "0", "", ""]],
    ),
    no(PY, "print({'a': 1}) if x else {'b': {'c': 2}}"),
    // Keyed literals of other languages: Perl's `Data::Dumper`, Ruby's `inspect`, Java's and
    // Kotlin's `toString()`, a Rust `{:#?}`, dataclass and Spark `Row` reprs, a Java record, PHP's
    // `print_r` and `var_export`.
    yes(
        PY,
        "$VAR1 = [\n          {\n            'region' => 'North',\n            'n' => 3\n          },\n          {\n            'region' => 'South',\n            'n' => 40\n          }\n        ];",
        &[&["region", "n"], &["North", "3"], &["South", "40"]],
    ),
    yes(
        PY,
        "{\"North\"=>{\"Owner\"=>12, \"Renter\"=>3}, \"South\"=>{\"Owner\"=>40, \"Renter\"=>9}}",
        &[&["", "Owner", "Renter"], &["North", "12", "3"], &["South", "40", "9"]],
    ),
    yes(
        PY,
        "{North={Owner=12, Renter=3}, South East={Owner=40, Renter=null}}",
        &[&["", "Owner", "Renter"], &["North", "12", "3"], &["South East", "40", "null"]],
    ),
    yes(PY, "{North={2019 Q1=12, 2019 Q2=3}, South={2019 Q1=40, 2019 Q2=9}}", &[&["", "2019 Q1", "2019 Q2"], &["North", "12", "3"], &["South", "40", "9"]]),
    yes(
        PY,
        "[\n    Row {\n        region: \"North\",\n        sex: Female,\n        n: 3,\n    },\n    Row {\n        region: \"South\",\n        sex: Male,\n        n: Some(40),\n    },\n]",
        &[&["region", "sex", "n"], &["North", "Female", "3"], &["South", "Male", "40"]],
    ),
    yes(PY, "[Row(region='North', n=3), Row(region='South', n=40)]", &[&["region", "n"], &["North", "3"], &["South", "40"]]),
    yes(PY, "[Count(region=North, n=3), Count(region=Peace Valley, n=40)]", &[&["region", "n"], &["North", "3"], &["Peace Valley", "40"]]),
    yes(PY, "[Row[region=North, n=3], Row[region=South, n=40]]", &[&["region", "n"], &["North", "3"], &["South", "40"]]),
    yes(
        PY,
        "Array\n(\n    [0] => Array\n        (\n            [region] => North\n            [n] => 3\n        )\n\n    [1] => Array\n        (\n            [region] => South\n            [n] => 40\n        )\n\n)\n",
        &[&["region", "n"], &["North", "3"], &["South", "40"]],
    ),
    yes(
        PY,
        "array (\n  0 => \n  array (\n    'region' => 'North',\n    'n' => 3,\n  ),\n  1 => \n  array (\n    'region' => 'South',\n    'n' => 40,\n  ),\n)",
        &[&["region", "n"], &["North", "3"], &["South", "40"]],
    ),
    // Elixir's `inspect`: maps `%{…}` (atom keys sorted, so the label may come last), tuple keys
    // `{"North", "Owner"}` of a flat map; Wolfram associations `<|key -> value|>`, keys bare or
    // quoted, a list of them in braces.
    yes(
        PY,
        "[\n  %{count: 12, month: \"2024-01\"},\n  %{count: 3, month: \"2024-02\"},\n  %{count: nil, month: \"2024-03\"}\n]",
        &[&["month", "count"], &["2024-01", "12"], &["2024-02", "3"], &["2024-03", "nil"]],
    ),
    yes(
        PY,
        "%{\n  {\"North\", \"Owner\"} => 12,\n  {\"North\", \"Renter\"} => 3,\n  {\"South\", \"Owner\"} => 40,\n  {\"South\", \"Renter\"} => 9\n}",
        &[&["", "Owner", "Renter"], &["North", "12", "3"], &["South", "40", "9"]],
    ),
    yes(
        PY,
        "{('North', 'Owner'): 12, ('North', 'Renter'): 3, ('South', 'Owner'): 40, ('South', 'Renter'): 9}",
        &[&["", "Owner", "Renter"], &["North", "12", "3"], &["South", "40", "9"]],
    ),
    yes(
        PY,
        "Out[3]= <|North -> <|Owner -> 12, Renter -> 3|>,\n Peace Valley -> <|Owner -> 40, Renter -> 9|>|>",
        &[&["", "Owner", "Renter"], &["North", "12", "3"], &["Peace Valley", "40", "9"]],
    ),
    yes(
        PY,
        "{<|\"region\" -> \"North (N = 15)\", \"Owner\" -> 12, \"Renter\" -> 3|>, <|\"region\" -> \"South (N = 49)\", \"Owner\" -> 40, \"Renter\" -> 9|>}",
        &[&["region", "Owner", "Renter"], &["North (N = 15)", "12", "3"], &["South (N = 49)", "40", "9"]],
    ),
    yes(PY, "{<| -> Arm A, 0 -> 146, 1 -> 82|>, <| -> Arm B, 0 -> 153, 1 -> 3|>}", &[&["", "0", "1"], &["Arm A", "146", "82"], &["Arm B", "153", "3"]]),
    no(PY, "[pool_size: 10, timeout: 15_000, retries: 3, ssl: false]"),
    no(PY, "%{pool_size: 10, timeout: 15000, retries: 3}"),
    no(PY, "<|MaxIterations -> 100, Tolerance -> 0.001, Method -> Newton|>"),
    no(PY, "{:ok, 3}"),
    no(PY, "[Row('North', 3), Row('South', 40)]"),
    no(PY, "{timeout=30, retries=3, host=db.internal}"),
    no(PY, "Array\n(\n    [host] => db\n    [port] => 5432\n)\n"),
    no(PY, "if (a == b) { x = [c, d]; }"),
    // Lua tables as `inspect.lua` prints them: a sequence of records, bracketed keys; a flat
    // table of counts only with its total.
    yes(
        PY,
        "{ {\n    n = 3,\n    region = \"North\"\n  }, {\n    n = 40,\n    region = \"Peace Valley\"\n  } }",
        &[&["region", "n"], &["North", "3"], &["Peace Valley", "40"]],
    ),
    yes(PY, "{\n  [\"1 call\"] = 112,\n  [\"2 calls\"] = 3,\n  Total = 115\n}", &[&["", "count"], &["1 call", "112"], &["2 calls", "3"], &["Total", "115"]]),
    no(PY, "{ [\"cursorline\"] = 1, shiftwidth = 2, tabstop = 4 }"),
    no(PY, "{ { name = \"lsp\" }, { name = \"buffer\" } }"),
    // Haskell's `show`: `Data.Map`s as `fromList`, lists of tuples (`Maybe` values too).
    yes(
        PY,
        "fromList [(\"North\",fromList [(\"Owner\",12),(\"Renter\",3)]),(\"South\",fromList [(\"Owner\",40),(\"Renter\",9)])]",
        &[&["", "Owner", "Renter"], &["North", "12", "3"], &["South", "40", "9"]],
    ),
    yes(
        PY,
        "fromList [((\"North\",\"Owner\"),12),((\"North\",\"Renter\"),3),((\"South\",\"Owner\"),40),((\"South\",\"Renter\"),9)]",
        &[&["", "Owner", "Renter"], &["North", "12", "3"], &["South", "40", "9"]],
    ),
    yes(PY, "[(\"Jan\",47,Nothing),(\"Feb\",3,Just 25.0)]", &[&["", "", ""], &["Jan", "47", ""], &["Feb", "3", "25.0"]]),
    no(PY, "fromList [(\"port\",8080),(\"retries\",3)]"),
    no(PY, "[(1,2),(3,4)]"),
    yes(PY, "[('North', 40), ('South', 3), ('Total', 43)]", &[&["", "count"], &["North", "40"], &["South", "3"], &["Total", "43"]]),
    // Clojure's EDN: keywords, blanks between items, namespaced maps, vector keys.
    yes(PY, "[{:region \"North\", :n 3}\n {:region \"South\", :n 40}]", &[&["region", "n"], &["North", "3"], &["South", "40"]]),
    yes(PY, "[#:report{:region \"North\" :n 3} #:report{:region \"South\" :n 40}]", &[&["region", "n"], &["North", "3"], &["South", "40"]]),
    yes(
        PY,
        "{[\"North\" \"Owner\"] 12, [\"North\" \"Renter\"] 3, [\"South\" \"Owner\"] 40, [\"South\" \"Renter\"] 9}",
        &[&["", "Owner", "Renter"], &["North", "12", "3"], &["South", "40", "9"]],
    ),
    no(PY, "{:port 8080, :join? false, :host \"localhost\"}"),
    // Julia: the REPL's display of a `Dict` or a vector of `NamedTuple`s, `Dict(…)` literals.
    yes(
        PY,
        "Dict{String, Dict{String, Int64}} with 2 entries:\n  \"North\" => Dict(\"Owner\"=>12, \"Renter\"=>3)\n  \"South\" => Dict(\"Owner\"=>40, \"Renter\"=>9)",
        &[&["", "Owner", "Renter"], &["North", "12", "3"], &["South", "40", "9"]],
    ),
    yes(
        PY,
        "2-element Vector{@NamedTuple{region::String, n::Int64}}:\n (region = \"North\", n = 3)\n (region = \"South\", n = 40)\nDone.",
        &[&["region", "n"], &["North", "3"], &["South", "40"]],
    ),
    no(PY, "Dict{String, Any} with 3 entries:\n  \"tol\"     => 1.0e-6\n  \"method\"  => \"LBFGS\"\n  \"maxiter\" => 100"),
    // Protobuf's text format: a repeated message field, a Google Analytics report.
    yes(PY, "rows { region: \"North\" n: 3 }\nrows { region: \"South\" n: 40 }\n", &[&["region", "n"], &["North", "3"], &["South", "40"]]),
    yes(
        PY,
        "dimension_headers {\n  name: \"region\"\n}\nmetric_headers {\n  name: \"n\"\n  type: TYPE_INTEGER\n}\nrows {\n  dimension_values {\n    value: \"North\"\n  }\n  metric_values {\n    value: \"3\"\n  }\n}\nrows {\n  dimension_values {\n    value: \"South\"\n  }\n  metric_values {\n    value: \"40\"\n  }\n}",
        &[&["region", "n"], &["North", "3"], &["South", "40"]],
    ),
    no(PY, "server {\n  port: 8080\n  name: \"api\"\n}\nlimits {\n  max_conn: 3\n}\n"),
    // Chart.js: labels by datasets.
    yes(
        PY,
        "new Chart(ctx, {\n  type: 'bar',\n  data: {\n    labels: ['North', 'South'],\n    datasets: [{ label: 'Owner', data: [12, 40] }, { label: 'Renter', data: [3, 9] }],\n  },\n});",
        &[&["", "Owner", "Renter"], &["North", "12", "3"], &["South", "40", "9"]],
    ),
    no(PY, "new Chart(ctx, { type: 'line', data: { labels: [] }, options: { responsive: true } });"),
    // Nested JSON objects: rows keyed by label, a column group as a middle level.
    yes(
        JSON,
        "{\n  \"North\": {\n    \"Male\": 12,\n    \"Female\": 3\n  },\n  \"South\": {\n    \"Male\": 40,\n    \"Female\": 5\n  }\n}",
        &[&["", "Male", "Female"], &["North", "12", "3"], &["South", "40", "5"]],
    ),
    yes(
        JSON,
        "{\"North\":{\"Sex\":{\"M\":1,\"F\":2},\"Age\":{\"Young\":3}},\"South\":{\"Sex\":{\"M\":4,\"F\":5},\"Age\":{\"Young\":9}},\"East\":{\"Sex\":{\"M\":6,\"F\":7},\"Age\":{\"Young\":8}}}",
        &[&["", "Sex", "Sex", "Age"], &["", "M", "F", "Young"], &["North", "1", "2", "3"], &["South", "4", "5", "9"], &["East", "6", "7", "8"]],
    ),
    // `to_dict()`'s default orient (columns outer) is read the long way round; a str key that
    // reads as a number keeps its quotes (a name, not a count).
    yes(
        PY,
        "{'Owner': {('East', '1'): 40, ('East 10', '2'): 3, ('Total', '0'): 43}, 'Renter': {('East', '1'): 7, ('East 10', '2'): 2, ('Total', '0'): 9}}",
        &[&["", "", "Owner", "Renter"], &["East", "'1'", "40", "7"], &["East 10", "'2'", "3", "2"], &["Total", "'0'", "43", "9"]],
    ),
    // pandas' split orient: the index as label columns (a MultiIndex as lists), a null empty.
    yes(
        JSON,
        "{\"columns\":[\"Owner\",\"Renter\"],\"index\":[\"North\",\"South\"],\"data\":[[42,3],[7,null]]}",
        &[&["", "Owner", "Renter"], &["North", "42", "3"], &["South", "7", ""]],
    ),
    yes(JSON, "{\"columns\":[\"region\",\"n\"],\"data\":[[\"North\",42],[\"South\",3]]}", &[&["region", "n"], &["North", "42"], &["South", "3"]]),
    no(JSON, "{\"columns\":[\"id\",\"name\"],\"rows\":3}"),
    // The Sheets API's values: trailing empty cells left out; by columns when it says so.
    yes(
        JSON,
        "{\"range\": \"Counts!A1:C4\", \"majorDimension\": \"ROWS\", \"values\": [[\"Area\", \"Flu\", \"Covid\"], [\"North\", \"1,204\", \"3\"], [\"South\", \"95\"], [\"Total\", \"1,299\", \"3\"]]}",
        &[&["Area", "Flu", "Covid"], &["North", "1,204", "3"], &["South", "95", ""], &["Total", "1,299", "3"]],
    ),
    yes(
        JSON,
        "{\"majorDimension\": \"COLUMNS\", \"values\": [[\"Area\", \"North\", \"South\"], [\"n\", \"42\", \"3\"]]}",
        &[&["Area", "n"], &["North", "42"], &["South", "3"]],
    ),
    no(JSON, "{\"range\": \"Sheet1!A1:B1\", \"values\": [[\"name\", \"status\"]]}"),
    no(JSON, "{\"server\": {\"port\": 8080, \"workers\": 4}, \"retry\": {\"max\": 3, \"backoff_s\": 2}}"),
    no(JSON, "{\"name\": \"egress\", \"deps\": {\"serde\": \"1\"}, \"count\": 3}"),
    // MediaWiki: cells inline or one per line, attributes before a single `|`, spans.
    yes(
        WIKI,
        "{| class=\"wikitable\"\n|+ Cases\n|-\n! Town !! Male !! Female\n|-\n| North || 12 || 3\n|-\n| '''Total''' || '''12''' || '''3'''\n|}",
        &[&["Town", "Male", "Female"], &["North", "12", "3"], &["Total", "12", "3"]],
    ),
    yes(
        WIKI,
        "{|\n|-\n! rowspan=\"2\" | Town\n! colspan=\"2\" | Sex\n|-\n! M\n! F\n|-\n| [[North|N.]]\n| style=\"text-align:right\" | 3\n| 4\n|}",
        &[&["Town", "Sex", "Sex"], &["Town", "M", "F"], &["[[North|N.]]", "3", "4"]],
    ),
    no(WIKI, "{| class=\"wikitable\"\n|-\n! Only\n|-\n| one column\n|}"),
    no(WIKI, "{| class=\"wikitable\"\n|-\n! A !! B\n|-\n| never closed || 3"),
    // AsciiDoc: a row per line or a cell per line, spans and repeats, a CSV block.
    yes(
        ADOC,
        "[cols=\"<,>,>\",options=\"header\",]\n|===\n|Town |Male |Female\n|North |12 |3\n|*Total* |*12* |*3*\n|===",
        &[&["Town", "Male", "Female"], &["North", "12", "3"], &["Total", "12", "3"]],
    ),
    yes(
        ADOC,
        ".Counts\n[%header,cols=\"1*<,2*>\"]\n|===\n| Town | Male | Female\n\n| North\n| 12\n| 3\n\n| South\n| 40\n| 5\n|===",
        &[&["Town", "Male", "Female"], &["North", "12", "3"], &["South", "40", "5"]],
    ),
    yes(ADOC, "|===\n|Town 2+|Sex\n.2+|North |1 |2\n|3 |4\n|===", &[&["Town", "Sex", "Sex"], &["North", "1", "2"], &["North", "3", "4"]]),
    yes(ADOC, ",===\nTown,n\nNorth,3\n,===", &[&["Town", "n"], &["North", "3"]]),
    no(ADOC, "|===\n|Only one column\n|here\n|==="),
    no(ADOC, "----\n|=== is a delimiter\n----"),
    // TOML: an array of tables, sibling tables.
    yes(
        TOML,
        "[[rows]]\nregion = \"North\"\n\"Owner %\" = 3.5 # note\nn = 3\n\n[[rows]]\nregion = 'South'\nn = 40\n",
        &[&["region", "Owner %", "n"], &["North", "3.5", "3"], &["South", "", "40"]],
    ),
    yes(
        TOML,
        "[counts.North]\nOwner = 42\nRenter = 3\n[counts.\"Peace Valley\"]\nOwner = 7\nRenter = 3",
        &[&["counts", "Owner", "Renter"], &["North", "42", "3"], &["Peace Valley", "7", "3"]],
    ),
    no(TOML, "[server]\nhost = \"a\"\nport = 8080\n[database]\nuser = \"b\"\nport = 5432"),
    no(TOML, "[[bin]]\nname = \"a\"\n[[bin]]\nname = \"b\""),
    // XML records: child elements (a name twice is two columns, pandas' index dropped), attributes.
    yes(
        XML,
        "<?xml version='1.0'?>\n<data>\n  <row>\n    <index>0</index>\n    <region>North &amp; Co</region>\n    <n>42</n>\n    <pct>9.1</pct>\n    <n>3</n>\n  </row>\n  <row>\n    <index>1</index>\n    <region>South</region>\n    <n/>\n    <pct>1.0</pct>\n    <n>4</n>\n  </row>\n</data>",
        &[&["region", "n", "pct", "n"], &["North & Co", "42", "9.1", "3"], &["South", "", "1.0", "4"]],
    ),
    yes(XML, "<rows><row region=\"North\" n=\"3\"/><row region='South' n='40'/></rows>", &[&["region", "n"], &["North", "3"], &["South", "40"]]),
    no(XML, "<svg><rect x=\"1\" y=\"2\"/><rect x=\"3\" y=\"4\"/></svg>"),
    no(XML, "<div><p>One</p><span>2</span></div><div><p>Three</p><span>4</span></div>"),
    no(XML, "<config><name>a</name><port>8080</port></config>"),
    // SQL INSERT rows: one statement, or one per row into the same table.
    yes(
        SQL,
        "INSERT INTO counts (region, `n`, pct) VALUES\n  ('North', 42, 9.1),\n  ('O''Hara', NULL, now());",
        &[&["region", "n", "pct"], &["North", "42", "9.1"], &["O'Hara", "", "now()"]],
    ),
    yes(SQL, "insert into t (a, b) values ('x', 1);\ninsert into t (a, b) values ('y', 2);", &[&["a", "b"], &["x", "1"], &["y", "2"]]),
    no(SQL, "INSERT INTO t (a, b) VALUES ('x', 1);"),
    yes(
        SQL,
        "INSERT INTO t (measure, east, west, total) VALUES ('Discharges', 9, 2, 11);",
        &[&["measure", "east", "west", "total"], &["Discharges", "9", "2", "11"]],
    ),
    no(SQL, "Use INSERT INTO t VALUES (...) to add rows."),
    // Vertical records: mysql `\G`, psql `\x` (a null is nothing), ClickHouse, sqlite `.mode line`.
    yes(
        VERT,
        "mysql> SELECT * FROM t\\G\n*** 1. row ***\nregion: North\n     n: 3\n*** 2. row ***\nregion: South\n     n: NULL\n2 rows in set (0.00 sec)",
        &[&["region", "n"], &["North", "3"], &["South", "NULL"]],
    ),
    yes(
        VERT,
        "-[ RECORD 1 ]-----\nregion | North: East\nn      | 3\n-[ RECORD 2 ]-----\nregion | South\nn      | \n",
        &[&["region", "n"], &["North: East", "3"], &["South", ""]],
    ),
    yes(
        VERT,
        "Row 1:\n──────\nregion: North\nn:      3\n\nRow 2:\n──────\nregion: South\nn:      40\n",
        &[&["region", "n"], &["North", "3"], &["South", "40"]],
    ),
    yes(VERT, "region = North\n     n = 3\n\nregion = South\n     n = 40\n", &[&["region", "n"], &["North", "3"], &["South", "40"]]),
    yes(
        VERT,
        "The rows:\n*** 1. row ***\nregion: East\n     n: 10\n*** 2. row ***\nregion: North\n     n: 2\n",
        &[&["region", "n"], &["East", "10"], &["North", "2"]],
    ),
    no(VERT, "*** 1. row ***\nregion: North\n     n: 3\n1 row in set (0.00 sec)"),
    no(VERT, "*** 1. row ***\nregion: North\n     n: 3\n*** 2. row ***\nhost: db1\nport: 5432"),
    no(VERT, "x = 1\ny = 22\nz = 333\n\nwidth = 3\nheight = 4"),
    // A column per line: dplyr's `glimpse()`, R's `str()`, pyarrow; read turned the right way.
    yes(
        COLS,
        "Rows: 2\nColumns: 3\n$ region      <chr> \"North\", \"Peace Valley\"\n$ `n (total)` <int> 3, 40\n$ pct         <dbl> 7.5, NA",
        &[&["region", "n (total)", "pct"], &["North", "3", "7.5"], &["Peace Valley", "40", "NA"]],
    ),
    yes(
        COLS,
        "'data.frame':\t2 obs. of  2 variables:\n $ region: chr  \"North\" \"South\"\n $ n     : int  3 40",
        &[&["region", "n"], &["North", "3"], &["South", "40"]],
    ),
    yes(
        COLS,
        "pyarrow.Table\nregion: string\nn: int64\n----\nregion: [[\"North\",\"South\"],[\"East\"]]\nn: [[3,null],[12]]",
        &[&["region", "n"], &["North", "3"], &["South", "null"], &["East", "12"]],
    ),
    // `glimpse()` cuts a long line at the console's width: the cut column is padded.
    yes(COLS, "$ region <chr> \"North\", \"South\", \"East\"\n$ n      <int> 3, 40, …", &[&["region", "n"], &["North", "3"], &["South", "40"], &["East", ""]]),
    no(COLS, "$ ls <dir> -la\n$ cat <file>"),
    // Their kin in a literal: `df.to_dict("list")`, a JSON object of columns.
    yes(PY, "{'region': ['North', 'South'], 'n': [3, None]}", &[&["region", "n"], &["North", "3"], &["South", "None"]]),
    yes(JSON, "{\"region\": [\"North\", \"South\"], \"n\": [3, null]}", &[&["region", "n"], &["North", "3"], &["South", ""]]),
    no(JSON, "{\"x\": [1, 2, 3], \"y\": [4, 5, 6]}"),
    no(JSON, "{\"tags\": [\"a\", \"b\"], \"ids\": [1, 2, 3]}"),
    no(COLS, "$ n <int> 3, 40, 12"),
    no(COLS, "Use the list: [[1, 2]]"),
    // logfmt records: the logger's own keys left out, the labels naming each row once.
    yes(
        LOGFMT,
        "ts=2024-06-03T09:14:00Z level=info msg=\"group counts\" region=North tenure=Owner n=3 row_pct=7.5\nts=2024-06-03T09:14:01Z level=info msg=\"group counts\" region=\"Peace Valley\" tenure=Owner n=40 row_pct=92.5",
        &[&["region", "tenure", "n", "row pct"], &["North", "Owner", "3", "7.5"], &["Peace Valley", "Owner", "40", "92.5"]],
    ),
    // Prometheus' text exposition: one metric's samples with one label set
    yes(
        EXPO,
        "# TYPE clinic_patients gauge\nclinic_patients{region=\"East\",tenure=\"Owner\"} 70\nclinic_patients{region=\"East\",tenure=\"Renter\"} 3 1733400000000\n",
        &[&["region", "tenure", "clinic patients"], &["East", "Owner", "70"], &["East", "Renter", "3"]],
    ),
    // machine metrics, decimals, a histogram, labels naming a sample twice
    no(EXPO, "http_requests_total{code=\"200\"} 1027\nhttp_requests_total{code=\"500\"} 3\n"),
    no(EXPO, "clinic_patients{region=\"East\"} 70.5\nclinic_patients{region=\"West\"} 3\n"),
    no(EXPO, "admissions_bucket{le=\"1\"} 3\nadmissions_bucket{le=\"5\"} 9\n"),
    no(EXPO, "referrals{region=\"East\"} 7\nreferrals{region=\"East\"} 3\n"),
    yes(LOGFMT, "region=North 2022=19 2023=3\nregion=South 2022=5 2023=60", &[&["region", "2022", "2023"], &["North", "19", "3"], &["South", "5", "60"]]),
    no(
        LOGFMT,
        "ts=2024-06-03T09:14:02Z level=info msg=\"request\" status=200 ms=12 retries=0\nts=2024-06-03T09:14:03Z level=warn msg=\"request\" status=503 ms=4 retries=2",
    ),
    no(LOGFMT, "method=GET path=/api/users status=200 ms=3\nmethod=GET path=/api/items status=200 ms=4\nmethod=POST path=/api/users status=201 ms=9"),
    no(LOGFMT, "method=GET status=200 ms=3\nmethod=GET status=404 ms=1"),
    no(LOGFMT, "retries=3\ntimeout=5\nhost=db1"),
    // A bulleted list: a bullet per row, `name value` fields; a list of counts is one column.
    yes(
        LIST,
        "- **North / Owner**: Owner 12, Renter 3 (20.0%)\n- **South / Owner**: Owner 4 [0, 10], Renter –",
        &[&["", "", "Owner", "Renter"], &["North", "Owner", "12", "3 (20.0%)"], &["South", "Owner", "4 [0, 10]", "–"]],
    ),
    yes(LIST, "Counts:\n• North: 42\n• Peace Valley — 3\n\nDone.", &[&["", ""], &["North", "42"], &["Peace Valley", "3"]]),
    yes(
        LIST,
        "* North: Owner 3, Net (in - out) -4\n* South: Owner 40\n* East: Net (in - out) +2",
        &[&["", "Owner", "Net (in - out)"], &["North", "3", "-4"], &["South", "40", ""], &["East", "", "+2"]],
    ),
    yes(LIST, "- West 10 / 2: n 3\n- East / 1: n 40", &[&["", "n"], &["West 10 / 2", "3"], &["East / 1", "40"]]),
    yes(LIST, "- By region, as asked:\n- North: 42\n- South: 3", &[&["", ""], &["North", "42"], &["South", "3"]]),
    no(LIST, "- **Build**: 3 minutes, 2 retries\n- **Test**: 4 minutes, 1 flaky test\n- **Deploy**: 2 minutes"),
    no(LIST, "- step 3: run x\n- step 4: run y\n- step 5: check z"),
    no(LIST, "- retries: 3\n- timeout: 5\n- workers: 2"),
    no(LIST, "- Python: version 3.11\n- Rust: edition 2021"),
    // An rst list table: a row per `* -`, a cell per `-` (a bare one empty).
    yes(
        RST,
        ".. list-table:: By area\n   :header-rows: 1\n\n   * - region\n     - n\n   * - North\n     - 3\n   * - South\n     -\n\nDone.",
        &[&["region", "n"], &["North", "3"], &["South", ""]],
    ),
    no(RST, ".. list-table:: Empty\n   :header-rows: 1\n\n   * - region\n     - n"),
    // Go structs: `%+v` names the fields, `%v` only the values (a label of words, then numbers).
    yes(
        GO,
        "{Region:Old Town Owner:3 OwnerPct:2.1}\n{Region:of which: new Owner: OwnerPct:}",
        &[&["Region", "Owner", "Owner Pct"], &["Old Town", "3", "2.1"], &["of which: new", "", ""]],
    ),
    yes(GO, "Rows:\n[{AgeBand:0 Male:59} {AgeBand:1-4 Male:4}]", &[&["Age Band", "Male"], &["0", "59"], &["1-4", "4"]]),
    yes(
        GO,
        "{W01 102 74 7}\n{Visited page 10 3 }\n{W03 109  }",
        &[&["", "", "", ""], &["W01", "102", "74", "7"], &["Visited page", "10", "3", ""], &["W03", "109", "", ""]],
    ),
    no(GO, "{Host:db1 Port:5432 MaxConns:4}\n{Host:db2 Port:5433 MaxConns:2}"),
    no(GO, "{Region:North Owner:3}\n{Year:2021 Owner:4}"),
    no(GO, "{a b}\n{c d}"),
    // R's dput() of a data frame: a column per vector, integers keep their `L`.
    yes(
        DPUT,
        "structure(list(region = c(\"North\", \n\"South\"), `Walk-in` = c(3L, NA), n = c(-4.5, 40)), class = \"data.frame\", row.names = c(NA, -2L))",
        &[&["region", "Walk-in", "n"], &["North", "3", "-4.5"], &["South", "NA", "40"]],
    ),
    no(DPUT, "list(lr = 0.001, epochs = 3L, layers = c(2L, 3L, 1L))"),
    no(DPUT, "structure(list(a = c(1, 2), b = c(3)), class = \"data.frame\")"),
    no(DPUT, "structure(list(a = c(\"x\", \"structure(list(b = c(\"y"),
    // `uniq -c`: a count, then the line; a long table's labels cut into two label columns.
    yes(
        UNIQ,
        "$ sort | uniq -c\n     64 Old Town Owner\n      3 Old Town Total\n    117 West Owner\n     19 West Total",
        &[&["", "", "count"], &["Old Town", "Owner", "64"], &["Old Town", "Total", "3"], &["West", "Owner", "117"], &["West", "Total", "19"]],
    ),
    yes(
        UNIQ,
        "    836 Assessed for eligibility\n    265 Excluded (Drug A)\n      1 Lost (Drug A)",
        &[&["", "count"], &["Assessed for eligibility", "836"], &["Excluded (Drug A)", "265"], &["Lost (Drug A)", "1"]],
    ),
    no(UNIQ, "1 apple\n22 pears"),
    no(UNIQ, "$ wc -l src/*.py\n   120 src/io.py\n     4 src/__init__.py\n   124 total"),
    no(UNIQ, "     12 2021\n      3 2022"),
    // An xarray DataArray: the array's elements under its coordinates' labels.
    yes(
        XR,
        "<xarray.DataArray 'n' (region: 2, sex: 2)> Size: 32B\narray([[118,   3],\n       [ 65, [suppressed]]])\nCoordinates:\n  * region   (region) <U5 'North' \"Ann's\"\n  * sex      (sex) <U6 'Male' 'Female'",
        &[&["region", "Male", "Female"], &["North", "118", "3"], &["Ann's", "65", "[suppressed]"]],
    ),
    yes(
        XR,
        "<xarray.DataArray (stage: 2)>\narray([314,  29])\nCoordinates:\n  * stage  (stage) <U8 'Assessed' 'Excluded'",
        &[&["stage", "count"], &["Assessed", "314"], &["Excluded", "29"]],
    ),
    no(XR, "<xarray.DataArray (x: 3000)>\narray([0, 1, 2, ..., 2997, 2998, 2999])\nCoordinates:\n  * x  (x) int64 0 1 2 ... 2998 2999"),
    no(RST, ".. note::\n\n   * - a\n     - b\n   * - c\n     - d"),
    // Typst: content blocks cut into rows by `columns:`, the header's among them.
    yes(
        TYP,
        "#table(\n  columns: 3,\n  align: (left, right, right),\n  stroke: none,\n  table.header([*Town*], [*A*], [*B*]),\n  [North], [3], [40],\n  table.hline(),\n  [South], [_12_], [7],\n)",
        &[&["Town", "A", "B"], &["North", "3", "40"], &["South", "12", "7"]],
    ),
    yes(
        TYP,
        "#figure(table(columns: (auto, 1fr), fill: luma(240), [Town], [n], table.cell(colspan: 1)[North], [3], [South], [40]))",
        &[&["Town", "n"], &["North", "3"], &["South", "40"]],
    ),
    no(TYP, "#table(columns: 2, [only], [one row])"),
    no(TYP, "let t = table(rows); print(table(x))"),
    // redis-cli's HGETALL replies: a hash per row, its key's last part the label.
    yes(
        REDIS,
        "127.0.0.1:6379> HGETALL stats:North\n1) \"Owner\"\n2) \"12\"\n3) \"Renter\"\n4) \"3\"\n127.0.0.1:6379> HGETALL \"stats:Old Town\"\n1) \"Owner\"\n2) \"40\"\n3) \"Renter\"\n4) \"9\"",
        &[&["", "Owner", "Renter"], &["North", "12", "3"], &["Old Town", "40", "9"]],
    ),
    no(REDIS, "127.0.0.1:6379> HGETALL session:abc\n1) \"user\"\n2) \"42\"\n127.0.0.1:6379> CONFIG GET maxmemory\n1) \"maxmemory\"\n2) \"0\""),
    no(REDIS, "redis> GET counter:North\n\"12\"\nredis> GET counter:South\n\"3\""),
    // Mermaid: a chart's categories are rows, its series columns (named by the comment before).
    yes(
        MMD,
        "```mermaid\nxychart-beta\n    title \"Patients\"\n    x-axis [North, \"Peace Valley\"]\n    y-axis \"n\"\n    %% 2023\n    bar [3, 40]\n    line [5, 38]\n```",
        &[&["", "2023", "line 2"], &["North", "3", "5"], &["Peace Valley", "40", "38"]],
    ),
    yes(MMD, "pie title Patients by region\n    \"North\" : 42\n    \"Peace Valley\" : 3\n", &[&["", "value"], &["North", "42"], &["Peace Valley", "3"]]),
    no(MMD, "pie title Empty\n    \"North\" : 42\n"),
    no(MMD, "I like pie and xychart-beta charts."),
    // Excel 2003 XML: a `<Table>`'s rows of cells, `ss:Index` skipping empty cells, a merged
    // title spread over the cells it covers, a formula's cached value.
    yes(
        XLS,
        "<Workbook xmlns=\"urn:schemas-microsoft-com:office:spreadsheet\" xmlns:ss=\"urn:schemas-microsoft-com:office:spreadsheet\">\n<Worksheet ss:Name=\"T\">\n<Table>\n<Row><Cell ss:MergeAcross=\"1\"><Data ss:Type=\"String\">By area</Data></Cell></Row>\n<Row><Cell><Data ss:Type=\"String\">area</Data></Cell><Cell><Data ss:Type=\"String\">n</Data></Cell><Cell><Data ss:Type=\"String\">note</Data></Cell></Row>\n<Row><Cell><Data ss:Type=\"String\">North &amp; East</Data></Cell><Cell ss:Index=\"3\"><Data ss:Type=\"String\">none</Data><Comment><ss:Data>hidden</ss:Data></Comment></Cell></Row>\n<Row><Cell><ss:Data ss:Type=\"String\" xmlns=\"http://www.w3.org/TR/REC-html40\"><B>Total</B></ss:Data></Cell><Cell ss:Formula=\"=SUM(R[-1]C)\"><Data ss:Type=\"Number\">3</Data></Cell></Row>\n</Table>\n</Worksheet>\n</Workbook>",
        &[&["By area", "By area", ""], &["area", "n", "note"], &["North & East", "", "none"], &["Total", "3", ""]],
    ),
    no(XLS, "<Table><Row><Cell><Data ss:Type=\"String\">only</Data></Cell></Row></Table>"),
    no(XLS, "A <Row> of <Cell>s holds <Data>, in a <Table>."),
    // RTF: `\trowd` rows of `\intbl … \cell` cells, formatting and escapes read as the text shows.
    yes(
        RTF,
        "{\\rtf1\\ansi{\\fonttbl{\\f0 Arial;}}\n\\pard\\b Patients\\b0\\par\n\\trowd\\trgaph108\\cellx2000\\cellx3000\n\\pard\\plain\\intbl\\ql{\\b Region}\\cell\\pard\\intbl\\qr\\b n\\b0\\cell\\row\n\\trowd\\cellx2000\\cellx3000\n\\pard\\intbl\\ql Caf\\'e9 \\u8211? East\\cell\\pard\\intbl\\qr 3\\cell\\row\n\\trowd\\cellx2000\\cellx3000\n\\pard\\intbl\\ql Total\\cell\\pard\\intbl\\cell\\row\n\\pard Produced by the service.\\par\n}",
        &[&["Region", "n"], &["Café – East", "3"], &["Total", ""]],
    ),
    no(RTF, "{\\rtf1\\ansi\\pard\\intbl lonely\\cell\\row\\pard text\\par}"),
    // A DynamoDB scan (AWS CLI JSON, boto3's dict): its `Items`' typed attributes.
    yes(
        JSON,
        "{\"Items\": [{\"region\": {\"S\": \"North\"}, \"n\": {\"N\": \"12\"}}, {\"n\": {\"NULL\": true}, \"region\": {\"S\": \"South\"}}], \"Count\": 2, \"ScannedCount\": 2}",
        &[&["region", "n"], &["North", "12"], &["South", ""]],
    ),
    yes(
        PY,
        "{'Items': [{'n': Decimal('12'), 'region': 'North'}, {'n': Decimal('3'), 'region': 'South'}], 'Count': 2, 'ScannedCount': 2, 'ResponseMetadata': {'HTTPStatusCode': 200}}",
        &[&["region", "n"], &["North", "12"], &["South", "3"]],
    ),
    no(JSON, "{\"Item\": {\"region\": {\"S\": \"North\"}, \"n\": {\"N\": \"12\"}}}"),
    // Django's QuerySet repr, cut after twenty records.
    yes(
        PY,
        "<QuerySet [{'region': 'North', 'n': 12, 'rate': Decimal('30.8')}, {'region': 'South', 'n': 3, 'rate': Decimal('4.1')}, '...(remaining elements truncated)...']>",
        &[&["region", "n", "rate"], &["North", "12", "30.8"], &["South", "3", "4.1"]],
    ),
    // SAS in-stream data, read as the `input` statement says: list input (`&` for a label
    // with blanks), `dsd` commas with quotes, a label statement heading a column.
    yes(
        SAS,
        "data counts;\n  input region & $12. owner renter;\n  label owner=\"Owner (n)\";\n  datalines;\nOld Town  12 3\nNorth  40 .\n;\nrun;",
        &[&["region", "Owner (n)", "renter"], &["Old Town", "12", "3"], &["North", "40", ""]],
    ),
    yes(
        SAS,
        "DATA work.t;\n  INFILE DATALINES DSD TRUNCOVER;\n  INPUT team :$8. wards :$20. n;\n  CARDS;\n\"Team 1\",\"A, B\",12\nTotal,,40\n;\nRUN;",
        &[&["team", "wards", "n"], &["Team 1", "A, B", "12"], &["Total", "", "40"]],
    ),
    yes(SAS, "Data t;\n  Input name $ 1-10 n 12-14;\n  datalines;\nOld Town    12\nNorth       3\n;", &[&["name", "n"], &["Old Town", "12"], &["North", "3"]]),
    no(SAS, "data t;\n\ninput x y;\n\ndatalines;\n1 2\n3 4\n"),
    no(SAS, "Put the rows after a datalines statement, and end them with a semicolon."),
    // InfluxDB line protocol: tags and fields the columns, a point a row.
    yes(
        INFLUX,
        "# DML\n# CONTEXT-DATABASE: clinic\nvisits,region=Old\\ Town,sex=F n=12i,rate=1.5 1711929600000000000\nvisits,region=North,sex=F n=3i 1711929600000000000\n",
        &[&["region", "sex", "n", "rate"], &["Old Town", "F", "12", "1.5"], &["North", "F", "3", ""]],
    ),
    no(INFLUX, "cpu usage=12.5 1711929600000000000\nmem used=40i 1711929600000000000"),
    no(INFLUX, "Set retries=3 and timeout=30 in the config.\nThen run it with debug=true for logs."),
    // SDMX-CSV: the varying dimensions the keys, the last one (or the period) across, `_T` a total.
    yes(
        CSV,
        "DATAFLOW,REF_AREA,SEX,TIME_PERIOD,OBS_VALUE,OBS_STATUS\nESTAT:X(1.0),North,F,2024,12,A\nESTAT:X(1.0),North,M,2024,3,A\nESTAT:X(1.0),North,_T,2024,15,A\nESTAT:X(1.0),South,F,2024,,C\nESTAT:X(1.0),South,M,2024,8,A\nESTAT:X(1.0),South,_T,2024,20,A\n",
        &[&["REF_AREA", "F", "M", "Total"], &["North", "12", "3", "15"], &["South", "", "8", "20"]],
    ),
    // A share (`UNIT_MEASURE` PC) beside its count; a period that varies spread across.
    yes(
        CSV,
        "STRUCTURE,STRUCTURE_ID,ACTION,REF_AREA,UNIT_MEASURE,TIME_PERIOD,OBS_VALUE\ndataflow,ONS:T(1.0),I,North,NR,2023,12\ndataflow,ONS:T(1.0),I,North,PC,2023,40.0\ndataflow,ONS:T(1.0),I,North,NR,2024,9\ndataflow,ONS:T(1.0),I,South,NR,2023,18\ndataflow,ONS:T(1.0),I,South,PC,2023,60.0\ndataflow,ONS:T(1.0),I,South,NR,2024,21\n",
        &[&["REF_AREA", "2023", "2023 %", "2024"], &["North", "12", "40.0", "9"], &["South", "18", "60.0", "21"]],
    ),
    // Dimensions that do not cross (a group's members beside it): one column of values.
    yes(
        CSV,
        "DATAFLOW,GROUP,WARDS,TIME_PERIOD,OBS_VALUE\nX(1.0),Team 1,Fairview,2024,101\nX(1.0),Team 2,\"Longmoor, Eastfield\",2024,67\nX(1.0),Total,,2024,168\n",
        &[&["GROUP", "WARDS", "OBS_VALUE"], &["Team 1", "Fairview", "101"], &["Team 2", "Longmoor, Eastfield", "67"], &["Total", "", "168"]],
    ),
    // PC-Axis: a label column per stub variable, a header row per heading variable.
    yes(
        PX,
        "CHARSET=\"ANSI\";\nDECIMALS=0;\nTITLE=\"Cases by region and sex\";\nSTUB=\"region\";\nHEADING=\"sex\";\nVALUES(\"region\")=\"North\",\"South\";\nVALUES(\"sex\")=\"Men\",\"Women\",\n\"Both sexes\";\nELIMINATION(\"sex\")=\"Both sexes\";\nDATA=\n3 4 7\n\"..\" 12 20;\n",
        &[&["region", "Men", "Women", "Total: Both sexes"], &["North", "3", "4", "7"], &["South", "..", "12", "20"]],
    ),
    yes(
        PX,
        "STUB=\"region\",\"sex\";\nHEADING=\"year\",\"age\";\nVALUES(\"region\")=\"North\",\"South\";\nVALUES(\"sex\")=\"Men\",\"Women\";\nVALUES(\"year\")=\"2023\",\"2024\";\nVALUES(\"age\")=\"0-15\",\"16+\";\nVALUES[sv](\"age\")=\"0-15\",\"16-\";\nDATA=\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 \"-\";\n",
        &[
            &["", "", "2023", "2023", "2024", "2024"],
            &["region", "sex", "0-15", "16+", "0-15", "16+"],
            &["North", "Men", "1", "2", "3", "4"],
            &["North", "Women", "5", "6", "7", "8"],
            &["South", "Men", "9", "10", "11", "12"],
            &["South", "Women", "13", "14", "15", "-"],
        ],
    ),
    // Cells that do not fill the cube, a word among the numbers, a keyword in prose: no table.
    no(PX, "STUB=\"region\"; HEADING=\"sex\"; VALUES(\"region\")=\"North\",\"South\"; VALUES(\"sex\")=\"Men\",\"Women\"; DATA=3 4 \"..\";"),
    no(PX, "STUB=\"region\"; HEADING=\"sex\"; VALUES(\"region\")=\"North\",\"South\"; VALUES(\"sex\")=\"Men\"; DATA=3 four;"),
    no(PX, "Write DATA= last, after STUB=\"region\"; and the VALUES.\n"),
    // R code building a data frame: `data.frame(…)` columns (options skipped), `tribble(…)` rows.
    yes(
        DPUT,
        "df <- data.frame(\n  region = c(\"North\", \"South\"),\n  `Walk-in` = c(3L, NA),\n  check.names = FALSE\n)",
        &[&["region", "Walk-in"], &["North", "3"], &["South", "NA"]],
    ),
    yes(
        DPUT,
        "tibble::tribble(\n  ~region, ~`n (%)`,\n  \"North\",     12L,\n  \"South\",      3L\n  )",
        &[&["region", "n (%)"], &["North", "12"], &["South", "3"]],
    ),
    no(DPUT, "tribble(~a, ~b, \"x\", 1, \"y\")"),
    no(DPUT, "as.data.frame(table(x))"),
    // F# Interactive: lists of tuples apart by `;`, records a field per line, `Some`.
    yes(
        PY,
        "> counts;;\nval it: (string * int * int) list =\n  [(\"North\", 12, 3);\n   (\"Old Town\", 40, 9); (\"South\", 7, 1)]",
        &[&["", "", ""], &["North", "12", "3"], &["Old Town", "40", "9"], &["South", "7", "1"]],
    ),
    yes(
        PY,
        "val it: Row list =\n  [{ Region = \"North\"\n     N = Some 12 }\n   { Region = \"South\"\n     N = None }]",
        &[&["Region", "N"], &["North", "12"], &["South", "None"]],
    ),
    yes(
        PY,
        "val it: (string * string * string) list =\n  [(\"Lakeside\", \"45/48\", \"3/48\");\n   (\"South\", \"1/33\", \"32/33\")]",
        &[&["", "", ""], &["Lakeside", "45/48", "3/48"], &["South", "1/33", "32/33"]],
    ),
    no(PY, "val it: Config = { Host = \"db.internal\"\n                  Port = 5432 }\nval it: int list = [1; 4; 9; 16]"),
    // Swift: `print()` of structs (a module-qualified type), `dump()`'s tree.
    yes(
        PY,
        "[__lldb_expr_7.Summary(region: \"North\", n: 12), __lldb_expr_7.Summary(region: \"South\", n: 3)]",
        &[&["region", "n"], &["North", "12"], &["South", "3"]],
    ),
    yes(
        PY,
        "▿ 2 elements\n  ▿ Report.Row\n    - region: \"North\"\n    - n: 12\n  ▿ Report.Row\n    - region: \"South\"\n    - n: 3\n",
        &[&["region", "n"], &["North", "12"], &["South", "3"]],
    ),
    yes(
        PY,
        "▿ 2 key/value pairs\n  ▿ (2 elements)\n    - key: \"North\"\n    ▿ value: Report.Row\n      - owner: 12\n      - renter: 3\n  ▿ (2 elements)\n    - key: \"South\"\n    ▿ value: Report.Row\n      - owner: 40\n      - renter: 9",
        &[&["", "owner", "renter"], &["North", "12", "3"], &["South", "40", "9"]],
    ),
    // A flat map of counts keyed by labels of words (a Swift dictionary, an F# map); one of
    // settings keyed by identifiers is none.
    yes(
        PY,
        "val it: Map<string,int> = map [(\"North\", 12); (\"Old Town\", 3); (\"South\", 40)]",
        &[&["", "count"], &["North", "12"], &["Old Town", "3"], &["South", "40"]],
    ),
    no(PY, "{'max_retries': 3, 'timeout': 30, 'pool size': 10}"),
    // A level written as a string beside counts written as numbers is a label.
    yes(
        PY,
        "[(\"North\", \"1\", 438, 427); (\"West 10\", \"2\", 195, 122)]",
        &[&["", "", "", ""], &["North", "\"1\"", "438", "427"], &["West 10", "\"2\"", "195", "122"]],
    ),
    no(PY, "▿ Config\n  - host: \"api.internal\"\n  - port: 8443\n  ▿ timeout: 2.5 seconds\n    - seconds: 2\n  - verbose: false"),
    // A DB-API cursor's rows printed a tuple a line, under the names `cursor.description` gave;
    // one tuple alone is no table.
    yes(
        PY,
        ">>> [d[0] for d in cur.description]\n['area', 'owner', 'renter']\n>>> for row in cur:\n...     print(row)\n...\n('North', 12, Decimal('3'))\n('Old Town', None, 40)\n",
        &[&["area", "owner", "renter"], &["North", "12", "3"], &["Old Town", "None", "40"]],
    ),
    no(PY, ">>> for row in cur:\n...     print(row)\n...\n('North', 12, 3)\n>>> sys.version_info[:3]\n(3, 12, 2)\n"),
    // The same with no bracket anywhere in the text, and a driver's `Decimal` counts beside floats
    // (a `Decimal('3')` is a count written as a string, not a code).
    yes(
        PY,
        ">>> for row in cur.fetchall():\n...     print(row)\n...\n('North', Decimal('12'), Decimal('30'))\n('South', Decimal('3'), Decimal('41'))\n",
        &[&["", "", ""], &["North", "12", "30"], &["South", "3", "41"]],
    ),
    yes(PY, "[('North', Decimal('114'), 1.18), ('South', Decimal('3'), 2.0)]", &[&["", "", ""], &["North", "114", "1.18"], &["South", "3", "2.0"]]),
    // A schema listing (SQLite's `PRAGMA table_info`, MySQL's `DESCRIBE`) names a type per row:
    // its numbers are positions and flags, no counts.
    no(PY, "[(0, 'id', 'INTEGER', 0, None, 1), (1, 'visit_date', 'TEXT', 1, None, 0), (2, 'site', 'varchar(40)', 0, None, 0)]"),
    no(
        RULED,
        "+-------+-------------+------+-----+\n| Field | Type        | Null | Key |\n+-------+-------------+------+-----+\n| id    | int         | NO   | PRI |\n| n     | bigint      | YES  |     |\n| site  | varchar(40) | YES  |     |\n+-------+-------------+------+-----+",
    ),
    // A gnuplot data file: the columns named in the `# ` comment line above the rows.
    yes(
        AL,
        "# admissions by area\n# area        Owner  Renter\nNorth            12       3\n\"Old Town\"       40     NaN\nSouth             7      18\n",
        &[&["# area", "Owner", "Renter"], &["North", "12", "3"], &["\"Old Town\"", "40", "NaN"], &["South", "7", "18"]],
    ),
    // A quoted column name may hold a number (`"Jul 2023"`); a commented row of numbers is none.
    yes(
        AL,
        "# area      \"Jul 2023\"  \"Aug 2023\"\nNorth               12           3\nSouth                7          18\n",
        &[&["# area", "\"Jul 2023\"", "\"Aug 2023\""], &["North", "12", "3"], &["South", "7", "18"]],
    ),
    no(AL, "# notes on the run\n# see the appendix  for details\nrun 3 finished\n"),
];

#[test]
fn every_reader_reads_its_examples_and_only_them() {
    let mut bad = Vec::new();
    for (k, ex) in EXAMPLES.iter().enumerate() {
        let found = find(ex.text);
        match ex.rows {
            Some(want) => {
                let got: Vec<Vec<String>> = found.iter().flat_map(|t| t.rows.iter().map(|r| r.fields.iter().map(|f| f.text.to_string()).collect())).collect();
                let want: Vec<Vec<String>> = want.iter().map(|r| r.iter().map(|s| s.to_string()).collect()).collect();
                if found.len() != 1 || found[0].format != ex.reader || got != want {
                    bad.push(format!("#{k} {:?}: {} tables {:?}, rows {got:?}", ex.reader, found.len(), found.iter().map(|t| t.format).collect::<Vec<_>>()));
                }
            }
            None if !found.is_empty() => bad.push(format!("#{k} {:?}: found {:?}", ex.reader, found.iter().map(|t| t.format).collect::<Vec<_>>())),
            None => {}
        }
    }
    let readers = [
        MD, CSV, TSV, SEMI, AL, HTML, TEX, JSON, RULED, YAML, PY, WIKI, ADOC, TOML, XML, SQL, VERT, COLS, LOGFMT, LIST, RST, GO, DPUT, UNIQ, XR, TYP, MMD, BB,
        REDIS, XLS, RTF, SAS, INFLUX, PX,
    ];
    for r in readers {
        assert!(EXAMPLES.iter().any(|e| e.reader == r && e.rows.is_some()), "{r:?} has a true example");
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn markup_cells_decode_their_entities_once() {
    use super::decode_entities;
    for (cell, want) in [
        ("North &amp; East", "North & East"),
        ("&lt;5&gt;", "<5>"),
        ("&quot;Old Town&quot; &apos;A&#39;", "\"Old Town\" 'A'"),
        ("1&#160;234 &nbsp;pts&#10;total", "1 234  pts total"),
        // Decoded once: an escaped entity stays an entity.
        ("&amp;lt;", "&lt;"),
        // What no reader writes stays as written.
        ("R&D &copy; &#8364; &", "R&D &copy; &#8364; &"),
    ] {
        assert_eq!(decode_entities(cell), want, "{cell}");
    }
    assert!(matches!(decode_entities("plain"), std::borrow::Cow::Borrowed("plain")));
}
