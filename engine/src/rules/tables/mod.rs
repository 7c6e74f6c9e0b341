//! Tables inside free text, shared by the small-cell and microdata rules.
//!
//! Agents move tables around in many shapes: markdown pipe tables, CSV/TSV/semicolon blocks,
//! the aligned text pandas and R print (DataFrame, Series, `value_counts()`, `table()`,
//! data.frame, tibble) and any other fixed-width listing, HTML `<table>`, LaTeX `tabular`, JSON
//! arrays of records, TOML tables, XML records, SQL `INSERT` rows, a database client's vertical
//! records (`\G`, `\x`) — often behind line-number prefixes (`cat -n`, Hermes `read_file`'s
//! `     3|`, search hits `path|LINE|CONTENT`), line comment markers (`# `, `#> `, `// `, `-- `)
//! or quote marks (`> `). Each format has its own small reader; all of them produce one model,
//! [`Table`]: rows of fields with byte ranges, so a rule can rewrite single cells ([`rewrite`])
//! or a whole table ([`withhold`]) and the text stays valid in its format.
//! [`structure`] reads the cells as numbers ([`numbers`]) and recovers the additive relations.

mod aligned;
mod asciidoc;
mod bullets;
mod columns;
mod delimited;
mod dput;
#[cfg(test)]
mod examples;
mod exposition;
mod gostruct;
mod html;
mod influx;
mod json;
mod latex;
mod listtable;
mod literal;
mod logfmt;
mod markdown;
mod mediawiki;
mod mermaid;
pub mod numbers;
mod px;
mod redis;
pub mod relations;
mod rtf;
mod ruled;
mod sas;
mod sdmx;
mod spreadsheetml;
mod sql;
pub mod structure;
mod toml;
mod typst;
mod uniq;
mod vertical;
mod xarray;
mod xml;
mod yaml;

use std::borrow::Cow;
use std::sync::LazyLock;

use regex::Regex;

pub use aligned::is_machine_value;

/// How a table is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Markdown,
    Delimited(u8),
    /// Columns aligned with spaces: pandas, R, tibble prints and other fixed-width text.
    Aligned,
    Html,
    Latex,
    /// An array of JSON objects (or JSON lines), one record per row, or nested JSON objects
    /// keyed by row and column labels.
    Json,
    /// A MediaWiki table (`{| … |- … |}`).
    MediaWiki,
    /// An AsciiDoc table (`|===` … `|===`, `,===` and `:===` too).
    AsciiDoc,
    /// A Python literal as `print()` writes it: a dict of dicts, a `Counter`, a list of dicts.
    Python,
    /// Text drawn with rule lines: box drawing, ASCII grids, Stata, rst simple tables, listings.
    Ruled,
    /// A YAML list of flat records, one record per row, in block or flow style.
    Yaml,
    /// TOML records: an array of tables (`[[rows]]`) or sibling tables (`[counts.North]`).
    Toml,
    /// XML records: sibling elements, each a row of child elements or attributes.
    Xml,
    /// SQL `INSERT … VALUES` tuples, one per row.
    Sql,
    /// A database client's vertical records (mysql `\G`, psql `\x`, ClickHouse `Vertical`,
    /// sqlite `.mode line`): a block of `name: value` lines per row.
    Vertical,
    /// A data frame printed a column per line (`glimpse()`, `str()`, pyarrow): a transposed table.
    Columns,
    /// logfmt records (`region=North n=3`), one per line.
    Logfmt,
    /// A bulleted list, a bullet per row (`- **North**: Owner 12, Renter 3`, `- North: 42`).
    Bullets,
    /// An rst `list-table` directive: a bullet per row, a sub-bullet per cell.
    ListTable,
    /// Go structs as `fmt` prints them (`{Region:North Owner:3}`, `{North 3 40}`), one per row.
    GoStruct,
    /// R's `dput()` of a data frame: `structure(list(name = c(…), …), …)`, a column per vector.
    Dput,
    /// `sort | uniq -c`: a count, then the line counted (one or two label columns).
    Uniq,
    /// An xarray `DataArray`: the numpy array, then its dimensions' labels.
    Xarray,
    /// Prometheus' text exposition: a sample per row (`referrals{region="East"} 70`).
    Exposition,
    /// A Typst `#table(…)`: content blocks cut into rows by `columns:`.
    Typst,
    /// A Mermaid chart's data: an `xychart-beta`'s series by category, a `pie`'s slices.
    Mermaid,
    /// `redis-cli` replies to `HGETALL`, a hash per row.
    Redis,
    /// An Excel 2003 XML Spreadsheet's `<Table>`: `<Row>`s of `<Cell>`s holding `<Data>`.
    SpreadsheetMl,
    /// An RTF table: `\trowd … \cellx` rows, `\intbl … \cell` cells, `\row`.
    Rtf,
    /// A SAS data step's in-stream data (`datalines;`), read as its `input` statement reads it.
    SasDatalines,
    /// InfluxDB line protocol: a point per row (`m,tag=v field=12i ts`).
    Influx,
    /// A PC-Axis (`.px`) file's cube: `STUB`, `HEADING` and `VALUES` statements, then `DATA=`.
    PcAxis,
    /// A forum post's BBCode table (`[table][tr][td]…`), read by the HTML reader; a withheld
    /// one is replaced by plain text, not HTML.
    BbCode,
}

/// One field: its byte range in the original text (the trimmed content, quotes included for a
/// quoted CSV field) and its content (unquoted, trimmed; borrowed from the text unless reading
/// changed it, since a large table has hundreds of thousands of fields). A field a reader made
/// up (a padded ragged row, a spanned or sparsified label) has an empty range.
#[derive(Clone, Debug)]
pub struct Field<'t> {
    pub start: usize,
    pub end: usize,
    pub text: Cow<'t, str>,
    /// A new value is written in double quotes (a quoted CSV field, a JSON number).
    pub quoted: bool,
    /// Leading spaces before the content inside the cell (hierarchical labels are indented).
    pub indent: usize,
}

impl<'t> Field<'t> {
    /// A field with no text of its own at `at`.
    pub fn virtual_at(at: usize, text: Cow<'t, str>) -> Field<'t> {
        Field { start: at, end: at, text, quoted: false, indent: 0 }
    }
}

#[derive(Clone, Debug)]
pub struct Row<'t> {
    pub fields: Vec<Field<'t>>,
}

/// A table found in a text.
#[derive(Clone, Debug)]
pub struct Table<'t> {
    pub format: Format,
    /// Byte range of the table, prefixes included, without the last line break.
    pub start: usize,
    pub end: usize,
    /// The prefix of the first line (`     3|`, `12\t`, `path|3|`), kept when a table is replaced.
    pub prefix: String,
    /// Rows in order, all of one width; a markdown alignment row is not a row.
    pub rows: Vec<Row<'t>>,
    /// Aligned text only: where each column sits, to realign rewritten rows.
    pub grid: Option<Box<aligned::Grid>>,
}

impl Table<'_> {
    pub fn width(&self) -> usize {
        self.rows.first().map_or(0, |r| r.fields.len())
    }

    /// The first row's text content (for allowlists and messages).
    pub fn header_text(&self) -> String {
        self.rows.first().map(|r| r.fields.iter().map(|f| &*f.text).collect::<Vec<_>>().join(" | ")).unwrap_or_default()
    }
}

/// How many bytes the readers that parse from every opening (`[{`, `{`, `Counter(`) may parse
/// as candidates in `text`: a multiple of its length, so many openings cannot make reading
/// quadratic.
fn parse_budget(text: &str) -> usize {
    4 * text.len() + 4096
}

/// A block table (its first line `run[i]`, its last `run[last]`) from the rows read inside it:
/// rows without fields dropped, the others squared to the widest; `None` under two rows or two
/// columns.
fn block_table<'t>(text: &str, run: &[Line], i: usize, last: usize, format: Format, mut rows: Vec<Row<'t>>) -> Option<Table<'t>> {
    rows.retain(|r| !r.fields.is_empty());
    let width = rows.iter().map(|r| r.fields.len()).max()?;
    if rows.len() < 2 || width < 2 {
        return None;
    }
    square(&mut rows, width);
    let prefix = text[run[i].start..run[i].content].to_string();
    Some(Table { format, start: run[i].start, end: run[last].end, prefix, rows, grid: None })
}

/// The character entities markup tables write in their cells, decoded in one pass (`&amp;lt;`
/// stays `&lt;`): XML's five, `&#39;`, and the blanks of HTML and Excel (`&nbsp;`, `&#160;`, a
/// cell's line break `&#10;`). One decoder for the HTML, XML and SpreadsheetML readers, so a label
/// reads the same whichever of them printed it; anything else stays as written.
fn decode_entities(s: &str) -> Cow<'_, str> {
    const ENTITIES: [(&str, char); 9] =
        [("&amp;", '&'), ("&lt;", '<'), ("&gt;", '>'), ("&quot;", '"'), ("&apos;", '\''), ("&#39;", '\''), ("&nbsp;", ' '), ("&#160;", ' '), ("&#10;", ' ')];
    if !s.contains('&') {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        rest = &rest[i..];
        let (c, len) = ENTITIES.iter().find(|(e, _)| rest.starts_with(e)).map_or(('&', 1), |&(e, c)| (c, e.len()));
        out.push(c);
        rest = &rest[len..];
    }
    out.push_str(rest);
    Cow::Owned(out)
}

/// Rows padded or cut to `width`: a renderer shows a short row with empty cells and ignores
/// extra ones, so one ragged row must not lose the table.
fn square(rows: &mut [Row], width: usize) {
    for row in rows.iter_mut() {
        let at = row.fields.last().map_or(0, |f| f.end);
        row.fields.truncate(width);
        while row.fields.len() < width {
            row.fields.push(Field::virtual_at(at, Cow::Borrowed("")));
        }
    }
}

/// Each line's byte range, without its break (for readers of a line grammar that need no line
/// prefixes: chart statements, a client's replies).
fn line_ranges(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut s = 0;
    for k in memchr::memchr_iter(b'\n', text.as_bytes()) {
        out.push((s, k));
        s = k + 1;
    }
    out.push((s, text.len()));
    out
}

/// Keyed records (JSON objects, a language's literals) hold their fields in an order no reader
/// chose (Elixir's maps and `jq -S` sort keys, so `count` comes before `region`): the columns
/// holding text, a record's labels, are moved first, where a printed table has them. Every field
/// keeps its byte range, so rewriting is unchanged.
fn labels_first(rows: &mut [Row]) {
    let Some((header, body)) = rows.split_first() else { return };
    let width = header.fields.len();
    let text_at = |c: usize| {
        body.iter().any(|r| {
            r.fields.get(c).is_some_and(|f| {
                let t = f.text.trim();
                !f.quoted && !t.is_empty() && !numbers::stands_for_number(t, numbers::Locale::English) && !numbers::is_mask(t)
            })
        })
    };
    let (mut order, rest): (Vec<usize>, Vec<usize>) = (0..width).partition(|&c| text_at(c));
    if order.is_empty() || order.iter().enumerate().all(|(k, &c)| k == c) {
        return;
    }
    order.extend(rest);
    for row in rows.iter_mut() {
        if row.fields.len() == width {
            let mut old: Vec<Option<Field>> = std::mem::take(&mut row.fields).into_iter().map(Some).collect();
            row.fields = order.iter().map(|&c| old[c].take().expect("each column once")).collect();
        }
    }
}

/// A text edit: replace `start..end` by `text`.
pub struct Edit {
    pub start: usize,
    pub end: usize,
    pub text: Cow<'static, str>,
}

/// Apply non-overlapping edits to `text`.
pub fn apply(text: &str, mut edits: Vec<Edit>) -> String {
    edits.sort_by_key(|e| (e.start, e.end));
    let mut out = String::with_capacity(text.len() + edits.iter().map(|e| e.text.len()).sum::<usize>());
    let mut at = 0;
    for e in edits {
        if e.start < at {
            continue;
        }
        out.push_str(&text[at..e.start]);
        out.push_str(&e.text);
        at = e.end;
    }
    out.push_str(&text[at..]);
    out
}

/// The edits that write new values into fields of `table` — `(row, col, value)`, fields with a
/// text range only — so that the table stays valid in its format: quoted where it was (and as a
/// JSON string where it was a number), in a group in LaTeX (a `[` after `\\` would be read as
/// the line break's argument), realigned in aligned text.
pub fn rewrite(text: &str, table: &Table, changes: &[(usize, usize, &str)]) -> Vec<Edit> {
    if let Some(grid) = &table.grid {
        return aligned::rewrite(text, table, grid, changes);
    }
    changes
        .iter()
        .filter_map(|&(r, c, new)| {
            let f = &table.rows[r].fields[c];
            if f.start == f.end && f.text.is_empty() {
                return None;
            }
            // A count inside a label (`South (n=10)`): only the count is replaced.
            if let Some((_, a, b)) =
                numbers::count_in_label(&text[f.start..f.end]).filter(|_| !f.quoted && !numbers::stands_for_number(&f.text, numbers::Locale::English))
            {
                return Some(Edit { start: f.start + a, end: f.start + b, text: new.to_string().into() });
            }
            let text = match (table.format, f.quoted) {
                (Format::Sql, true) => format!("'{new}'"),
                (_, true) => format!("\"{new}\""),
                (Format::Latex, false) => format!("{{{new}}}"),
                _ => new.to_string(),
            };
            Some(Edit { start: f.start, end: f.end, text: text.into() })
        })
        .collect()
}

/// The edit that replaces a whole table by `message`, keeping the text valid: a JSON string for
/// JSON, a paragraph for HTML, the line prefix kept for line-based formats.
pub fn withhold(table: &Table, message: &str) -> Edit {
    let text = match table.format {
        Format::Json | Format::Python => format!("\"{message}\""),
        Format::Html => format!("<p>{message}</p>"),
        Format::Latex => message.to_string(),
        Format::Rtf => format!("\\pard {message}\\par"),
        _ => format!("{}{message}", table.prefix),
    };
    Edit { start: table.start, end: table.end, text: text.into() }
}

/// One line of the input after its prefix.
struct Line {
    /// Byte offset of the line start (prefix included) and of the content after the prefix.
    start: usize,
    content: usize,
    end: usize,
    prefix: Prefix,
}

#[derive(Clone, PartialEq, Eq)]
enum Prefix {
    None,
    /// `cat -n`, `read_file` or a search hit: the kind (and path) and the line number.
    Numbered(u8, String, u64),
    /// A line comment (`# `, knitr's `## `, reprex's `#> `, `// `, SQL's `-- `) or a quote
    /// (`> `) with its indentation: a table pasted into code, printed into a notebook's output
    /// or quoted from an earlier message.
    Comment(String),
}

static CAT_N: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^ *(\d{1,9})\t").unwrap());
static READ_FILE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^ *(\d{1,9})\|").unwrap());
static SEARCH_HIT: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^([^\s|][^|\t]*[./][^|\t]*)\|(\d{1,9})\|").unwrap());
/// A comment marker (or a Markdown or e-mail quote, `> `, `> > `) at a line's start, then one
/// space (or the line's end): the marker's indentation and text are the prefix, the space too.
static COMMENT: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^([ \t]*(?:#>|#+|//+|--|>(?: ?>)*))(?: |$)").unwrap());
static LIST_ITEM: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^\s*(\d{1,3}[.)]|[-*+•])\s").unwrap());

fn split_lines(text: &str) -> Vec<Line> {
    let mut lines = Vec::new();
    let mut start = 0;
    for piece in text.split_inclusive('\n') {
        let mut end = start + piece.len();
        if text[..end].ends_with('\n') {
            end -= 1;
        }
        if text[..end].ends_with('\r') {
            end -= 1;
        }
        let body = &text[start..end];
        // The prefix regexes need a digit after leading spaces (`\d` is Unicode, so any numeric
        // char) or a `|`: most lines have neither and skip them.
        let digit_first = body.trim_start_matches(' ').starts_with(char::is_numeric);
        let piped = body.contains('|');
        let (prefix, len) = if let Some(c) = digit_first.then(|| CAT_N.captures(body)).flatten() {
            (Prefix::Numbered(0, String::new(), c[1].parse().unwrap_or(0)), c[0].len())
        } else if let Some(c) = (digit_first && piped).then(|| READ_FILE.captures(body)).flatten() {
            (Prefix::Numbered(1, String::new(), c[1].parse().unwrap_or(0)), c[0].len())
        } else if let Some(c) = piped.then(|| SEARCH_HIT.captures(body)).flatten() {
            (Prefix::Numbered(2, c[1].to_string(), c[2].parse().unwrap_or(0)), c[0].len())
        } else if let Some(c) = body.trim_start().starts_with(['#', '/', '-', '>']).then(|| COMMENT.captures(body)).flatten() {
            (Prefix::Comment(c[1].to_string()), c[0].len())
        } else {
            (Prefix::None, 0)
        };
        lines.push(Line { start, content: start + len, end, prefix });
        start += piece.len();
    }
    // A line number stands alone only by accident (a TSV row starting with an age), and so does
    // a comment marker (a `# ` heading): a prefix counts when a neighbouring line continues its
    // numbering or comment.
    let numbered: Vec<bool> = (0..lines.len())
        .map(|k| {
            lines[k].prefix != Prefix::None
                && ((k > 0 && same_run(&lines[k - 1].prefix, &lines[k].prefix)) || (k + 1 < lines.len() && same_run(&lines[k].prefix, &lines[k + 1].prefix)))
        })
        .collect();
    for (l, keep) in lines.iter_mut().zip(numbered) {
        if !keep {
            l.prefix = Prefix::None;
            l.content = l.start;
        }
    }
    // A gnuplot data file (numpy's `savetxt` too) names its columns in the `# ` comment line
    // right above its rows (`# region    Owner  Total`): that line is the rows' header, read from
    // its start as they are, so that its names stay over their columns. Only names apart by two
    // spaces or more, none a number (a quoted name may hold one: `"Jul 2023"`): a comment's
    // sentence or a commented row stays a comment.
    for k in 1..lines.len() {
        let (above, below) = (&lines[k - 1], &lines[k]);
        let names = &text[above.content..above.end];
        if above.prefix == Prefix::Comment("#".into())
            && below.prefix == Prefix::None
            && !text[below.start..below.end].trim().is_empty()
            && names.trim().split("  ").filter(|n| !n.trim().is_empty()).count() >= 2
            && names.trim().split("  ").all(|n| !numbers::stands_for_number(n.trim().trim_matches('"'), numbers::Locale::English))
        {
            lines[k - 1].prefix = Prefix::None;
            lines[k - 1].content = lines[k - 1].start;
        }
    }
    lines
}

/// Whether `b` continues the prefix run of `a` (same kind, next line number; the same comment
/// marker).
fn same_run(a: &Prefix, b: &Prefix) -> bool {
    match (a, b) {
        (Prefix::None, Prefix::None) => true,
        (Prefix::Numbered(k1, p1, n1), Prefix::Numbered(k2, p2, n2)) => k1 == k2 && p1 == p2 && *n2 == n1 + 1,
        (Prefix::Comment(a), Prefix::Comment(b)) => a == b,
        _ => false,
    }
}

/// Which bytes a text holds, found in one pass. A reader none of whose tables can lack some
/// byte is not asked about a text without it: through the component (no SIMD there) each
/// reader's own failed `memchr`/`memmem` rejection is a whole pass over the text, and a dozen of
/// them cost more per byte than this one table-driven pass.
struct Present([bool; 256]);

impl Present {
    fn of(text: &str) -> Self {
        let mut seen = [false; 256];
        for &b in text.as_bytes() {
            seen[usize::from(b)] = true;
        }
        Self(seen)
    }

    /// Whether any of `bytes` occurs.
    fn any(&self, bytes: &[u8]) -> bool {
        bytes.iter().any(|&b| self.0[usize::from(b)])
    }
}

/// Every table in `text`, in order.
pub fn find(text: &str) -> Vec<Table<'_>> {
    let present = Present::of(text);
    // Tables that are delimited by markup may sit on one line; the others need two lines.
    let mut tables = html::find(text);
    tables.extend(latex::find(text));
    if present.any(b"=") {
        tables.extend(px::find(text, &tables));
    }
    if present.any(b"<") {
        tables.extend(spreadsheetml::find(text, &tables));
    }
    if present.any(b"\\") {
        tables.extend(rtf::find(text, &tables));
    }
    if present.any(b";") {
        tables.extend(sas::find(text, &tables));
    }
    tables.extend(xml::find(text, &tables));
    tables.extend(sql::find(text, &tables));
    tables.extend(json::find(text, &tables));
    // A keyed literal's brace, `=`, `<|`, `[`, Swift's `▿` (its first byte), or tuples a line
    // (`for row in cur: print(row)`).
    if present.any(b"{=<[\xe2") || text.contains("\n(") {
        tables.extend(literal::find(text, &tables));
    }
    tables.extend(yaml::find_flow(text, &tables));
    if present.any(b"(") {
        tables.extend(dput::find(text, &tables));
    }
    tables.extend(typst::find(text, &tables));
    tables.extend(mermaid::find(text, &tables));
    tables.extend(redis::find(text, &tables));
    if present.any(b"=") {
        tables.extend(influx::find(text, &tables));
    }
    let spans: Vec<(usize, usize)> = tables.iter().map(|t| (t.start, t.end)).collect();
    if text.contains('\n') {
        let lines = split_lines(text);
        let mut i = 0;
        while i < lines.len() {
            let mut j = i + 1;
            while j < lines.len() && same_run(&lines[j - 1].prefix, &lines[j].prefix) {
                j += 1;
            }
            find_in_run(text, &lines[i..j], &spans, &mut tables);
            i = j;
        }
    }
    tables.retain(|t| !is_settings(t) && !is_schema(t));
    let mut tables: Vec<Table> = tables.into_iter().map(sdmx::cube).map(by_measure).collect();
    tables.sort_by_key(|t| t.start);
    tables
}

/// A long listing with a measure column (`area | group | measure | value`, each row's measure
/// naming what its value is: `Count`, `Denominator`, `Value`), read as the wide table it stands
/// for: a row per combination of the other labels (in the order first listed), a column per
/// measure, each cell the field it was, so that a new value is written where the old one stood.
/// Only where every combination lists every measure once (`N` and `n` are two measures) and a
/// measure names a count: a value column holding counts, their bases and rates together is no
/// column of counts, and the wide table's columns are.
fn by_measure<'t>(t: Table<'t>) -> Table<'t> {
    const COUNTS: &[&str] = &["count", "counts", "cnt", "n", "num", "numerator", "number", "cases", "events", "frequency", "freq", "obs", "observations"];
    const MAX_MEASURES: usize = 8;
    let width = t.width();
    if t.rows.len() < 5 || width < 3 {
        return t;
    }
    // The value stands last; the measure is a column of names, and every other column a key
    // (a year too).
    let body = &t.rows[1..];
    let value = width - 1;
    let is_label = |c: usize| {
        body.iter().all(|r| {
            let x = r.fields[c].text.trim();
            !x.is_empty() && !numbers::stands_for_number(x, numbers::Locale::English)
        })
    };
    if is_label(value) {
        return t;
    }
    // A key of numbers (a year) would read as counts: one that never changes is left out of the
    // wide table (it tells nothing), one that changes keeps the listing as it is.
    let constant = |c: usize| body.iter().all(|r| r.fields[c].text.trim() == body[0].fields[c].text.trim());
    let (labels, numbers): (Vec<usize>, Vec<usize>) = (0..value).partition(|&c| is_label(c));
    if numbers.into_iter().any(|c| !constant(c)) {
        return t;
    }
    for &m in &labels {
        let mut names: Vec<&str> = Vec::new();
        for r in body {
            let x = r.fields[m].text.trim();
            if !names.contains(&x) {
                names.push(x);
                if names.len() > MAX_MEASURES {
                    break;
                }
            }
        }
        if !(2..=MAX_MEASURES).contains(&names.len()) || !names.iter().any(|n| COUNTS.iter().any(|c| n.eq_ignore_ascii_case(c))) {
            continue;
        }
        // Each combination of the other labels: its first row, and its row per measure.
        let mut index: std::collections::HashMap<Vec<&str>, usize> = std::collections::HashMap::new();
        let mut groups: Vec<(usize, Vec<Option<usize>>)> = Vec::new();
        let complete = body.iter().enumerate().all(|(i, r)| {
            let key: Vec<&str> = labels.iter().filter(|&&c| c != m).map(|&c| r.fields[c].text.trim()).collect();
            let k = names.iter().position(|n| *n == r.fields[m].text.trim()).expect("listed");
            let g = *index.entry(key).or_insert_with(|| {
                groups.push((i, vec![None; names.len()]));
                groups.len() - 1
            });
            groups[g].1[k].replace(i).is_none()
        });
        if !complete || groups.len() < 2 || groups.iter().any(|(_, at)| at.iter().any(Option::is_none)) {
            continue;
        }
        let keep = |r: &Row<'t>| labels.iter().filter(|&&c| c != m).map(|&c| r.fields[c].clone()).collect::<Vec<_>>();
        let first = &groups[0].1;
        let mut head = keep(&t.rows[0]);
        head.extend(first.iter().map(|i| body[i.expect("complete")].fields[m].clone()));
        let mut rows = vec![Row { fields: head }];
        for (i, at) in &groups {
            let mut fields = keep(&body[*i]);
            fields.extend(at.iter().map(|j| body[j.expect("complete")].fields[value].clone()));
            rows.push(Row { fields });
        }
        return Table { rows, grid: None, ..t };
    }
    t
}

/// A listing of settings, not a table of counts: a name (`name`, `key`, `_id`, `setting`,
/// `parameter`, `option`) first, then its value (`value`, or PostgreSQL's `setting`) and what a
/// database says of a setting beside it (SQL*Plus' `show parameter` a `type`, ClickHouse's
/// `system.settings` whether it was `changed`, PostgreSQL's `pg_settings` its `unit`), every name
/// an identifier in lower case (`maxdop`, `timeout_s`), as a database's options or a document of
/// settings print.
fn is_settings(t: &Table) -> bool {
    const NAMES: &[&str] = &["name", "key", "_id", "setting", "parameter", "option"];
    const VALUES: &[&str] = &["value", "setting"];
    const ABOUT: &[&str] = &["type", "changed", "default", "unit", "description", "readonly", "min", "max", "source", "context", "category", "vartype"];
    let Some((head, body)) = t.rows.split_first() else { return false };
    let is = |f: &Field, words: &[&str]| words.iter().any(|w| f.text.eq_ignore_ascii_case(w));
    let Some((name, rest)) = head.fields.split_first() else { return false };
    is(name, NAMES)
        && rest.iter().filter(|f| is(f, VALUES)).count() == 1
        && rest.iter().all(|f| is(f, VALUES) || is(f, ABOUT))
        && body.iter().all(|r| is_setting_name(&r.fields[0].text))
}

/// A listing of a table's schema, not a table of counts: a column naming each row's SQL type
/// (`INTEGER`, `TEXT`, `varchar(255)`), as SQLite's `PRAGMA table_info`, MySQL's `DESCRIBE`, a
/// driver's `cursor.description` or `information_schema.columns` list the columns; its small
/// numbers are positions and flags (`cid`, `notnull`, `pk`).
fn is_schema(t: &Table) -> bool {
    const TYPES: &[&str] = &[
        "int",
        "integer",
        "bigint",
        "smallint",
        "tinyint",
        "text",
        "varchar",
        "char",
        "character varying",
        "real",
        "float",
        "double",
        "double precision",
        "numeric",
        "decimal",
        "boolean",
        "bool",
        "date",
        "datetime",
        "timestamp",
        "timestamptz",
        "blob",
        "bytea",
        "uuid",
        "json",
        "jsonb",
        "serial",
    ];
    let is_type = |f: &Field| {
        let t = f.text.trim();
        let name = t.split_once('(').map_or(t, |(n, rest)| if rest.ends_with(')') { n.trim_end() } else { "" });
        TYPES.iter().any(|w| name.eq_ignore_ascii_case(w))
    };
    let body = t.rows.get(1..).unwrap_or_default();
    body.len() >= 2 && (0..t.width()).any(|c| body.iter().all(|r| r.fields.get(c).is_some_and(is_type)))
}

/// A setting's name: an identifier in lower case (`maxdop`, `timeout_s`, `pool.size`).
fn is_setting_name(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_lowercase()) && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '.')
}

/// A name a machine gives, no row label: a host or a file (`db1`, `io.py`, `a.example.org`,
/// `/tmp/x`, `src/io.py`, `user@host`).
fn is_machine_name(s: &str) -> bool {
    let word = !s.contains(' ') && s.bytes().any(|c| c.is_ascii_lowercase());
    word && s.bytes().any(|c| c.is_ascii_digit() || c == b'.') || s.contains(['/', '@', '\\'])
}

/// The index of the `"` closing a double-quoted string whose content starts at `k` (a `\`
/// escapes the byte after it); `None` when the string is not closed.
fn closing_quote(b: &[u8], mut k: usize) -> Option<usize> {
    while k < b.len() {
        match b[k] {
            b'\\' => k += 2,
            b'"' => return Some(k),
            _ => k += 1,
        }
    }
    None
}

fn content<'t>(text: &'t str, l: &Line) -> &'t str {
    &text[l.content..l.end]
}

/// The line-based readers over one run of lines, each stretch between markup tables on its own.
fn find_in_run<'t>(text: &'t str, run: &[Line], spans: &[(usize, usize)], out: &mut Vec<Table<'t>>) {
    let inside = |l: &Line| spans.iter().any(|&(a, b)| l.start < b && l.end > a);
    let mut stretches: Vec<&[Line]> = Vec::new();
    if spans.is_empty() {
        stretches.push(run);
    } else {
        let mut from = 0;
        for k in 0..=run.len() {
            if k == run.len() || inside(&run[k]) {
                if k > from {
                    stretches.push(&run[from..k]);
                }
                from = k + 1;
            }
        }
    }
    for part in stretches {
        let mut i = 0;
        while i < part.len() {
            let found = mediawiki::at(text, part, i)
                .or_else(|| asciidoc::at(text, part, i))
                .or_else(|| listtable::at(text, part, i))
                .or_else(|| gostruct::at(text, part, i))
                .or_else(|| uniq::at(text, part, i))
                .or_else(|| xarray::at(text, part, i))
                .or_else(|| vertical::at(text, part, i))
                .or_else(|| markdown::at(text, part, i))
                .or_else(|| toml::at(text, part, i))
                .or_else(|| ruled::at(text, part, i))
                .or_else(|| yaml::at(text, part, i))
                .or_else(|| columns::at(text, part, i))
                .or_else(|| logfmt::at(text, part, i))
                .or_else(|| exposition::at(text, part, i))
                .or_else(|| bullets::at(text, part, i))
                .or_else(|| delimited::at(text, part, i))
                .or_else(|| aligned::at(text, part, i));
            if let Some((table, next)) = found {
                out.push(table);
                i = next;
            } else {
                i += 1;
            }
        }
    }
}
