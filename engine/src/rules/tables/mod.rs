//! Tables inside free text, shared by the small-cell and microdata rules.
//!
//! Agents move tables around as markdown pipe tables and as CSV/TSV/semicolon blocks, often
//! behind line-number prefixes (`cat -n`, Hermes `read_file`'s `     3|`, search hits
//! `path|LINE|CONTENT`). [`find`] locates them and keeps byte ranges for every field so a rule can
//! rewrite single cells (or a whole table) while the prefixes, padding and alignment rows stay as
//! they were. [`structure`] reads the cells as numbers and recovers the additive relations.

pub mod structure;

use std::borrow::Cow;
use std::sync::LazyLock;

use regex::Regex;

/// How a table is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Markdown,
    Delimited(u8),
}

/// One field: its byte range in the original text (the trimmed content, quotes included for a
/// quoted CSV field) and its content (unquoted, trimmed; borrowed from the text unless unquoting
/// changed it, since a large table has hundreds of thousands of fields).
#[derive(Clone, Debug)]
pub struct Field<'t> {
    pub start: usize,
    pub end: usize,
    pub text: Cow<'t, str>,
    pub quoted: bool,
    /// Leading spaces before the content inside the cell (hierarchical labels are indented).
    pub indent: usize,
}

#[derive(Clone, Debug)]
pub struct Row<'t> {
    pub fields: Vec<Field<'t>>,
}

/// A table found in a text.
#[derive(Clone, Debug)]
pub struct Table<'t> {
    pub format: Format,
    /// Byte range of the table's lines, prefixes included, without the last line break.
    pub start: usize,
    pub end: usize,
    /// The prefix of the first line (`     3|`, `12\t`, `path|3|`), kept when a table is replaced.
    pub prefix: String,
    /// Rows in order; a markdown alignment row is not a row.
    pub rows: Vec<Row<'t>>,
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

static ID_HEADER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)^(?:id|uuid|guid|case|person|record_id|[a-z0-9]+[_ ]id)$").unwrap());

/// The first ID-like column (`id`, `record_id`, `uuid`, `case`, `person`, any `…_id`): the mark
/// of one row per person or case.
pub fn id_column(table: &Table) -> Option<usize> {
    table.rows.first()?.fields.iter().position(|f| ID_HEADER.is_match(structure::plain(&f.text)))
}

/// Every ID-like header contains `id`, `case` or `person` (same case folding as [`id_column`])
/// and a table has two lines: a text without both has no table with an ID column.
pub fn may_have_id_column(text: &str) -> bool {
    static WORDS: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)id|case|person").unwrap());
    text.contains('\n') && WORDS.is_match(text)
}

/// A text edit: replace `start..end` by `text`.
pub struct Edit {
    pub start: usize,
    pub end: usize,
    pub text: Cow<'static, str>,
}

/// Apply non-overlapping edits to `text`.
pub fn apply(text: &str, mut edits: Vec<Edit>) -> String {
    edits.sort_by_key(|e| e.start);
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

/// The edit that writes `new` into a field, quoting it again if it was quoted.
pub fn replace_field(field: &Field, new: impl Into<Cow<'static, str>>) -> Edit {
    let new = new.into();
    let text = if field.quoted { Cow::Owned(format!("\"{new}\"")) } else { new };
    Edit { start: field.start, end: field.end, text }
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
}

static CAT_N: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^ *(\d{1,9})\t").unwrap());
static READ_FILE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^ *(\d{1,9})\|").unwrap());
static SEARCH_HIT: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^([^\s|][^|\t]*[./][^|\t]*)\|(\d{1,9})\|").unwrap());
static ALIGN_ROW: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$").unwrap());
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
        } else {
            (Prefix::None, 0)
        };
        lines.push(Line { start, content: start + len, end, prefix });
        start += piece.len();
    }
    lines
}

/// Whether `b` continues the prefix run of `a` (same kind, next line number).
fn same_run(a: &Prefix, b: &Prefix) -> bool {
    match (a, b) {
        (Prefix::None, Prefix::None) => true,
        (Prefix::Numbered(k1, p1, n1), Prefix::Numbered(k2, p2, n2)) => k1 == k2 && p1 == p2 && *n2 == n1 + 1,
        _ => false,
    }
}

/// Every table in `text`, in order.
pub fn find(text: &str) -> Vec<Table<'_>> {
    // Cheap exit: a table needs a pipe or a delimiter and at least two lines.
    if !text.contains('\n') || !text.bytes().any(|b| matches!(b, b'|' | b',' | b'\t' | b';')) {
        return Vec::new();
    }
    let lines = split_lines(text);
    let mut tables = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let mut j = i + 1;
        while j < lines.len() && same_run(&lines[j - 1].prefix, &lines[j].prefix) {
            j += 1;
        }
        // A numbered prefix on a single line is just text.
        let run = &lines[i..j];
        find_in_run(text, run, &mut tables);
        i = j;
    }
    tables
}

fn content<'t>(text: &'t str, l: &Line) -> &'t str {
    &text[l.content..l.end]
}

fn find_in_run<'t>(text: &'t str, run: &[Line], out: &mut Vec<Table<'t>>) {
    let mut i = 0;
    while i < run.len() {
        if let Some((table, next)) = markdown_at(text, run, i).or_else(|| delimited_at(text, run, i)) {
            out.push(table);
            i = next;
        } else {
            i += 1;
        }
    }
}

fn is_pipe_row(s: &str) -> bool {
    let t = s.trim();
    t.len() >= 2 && t.starts_with('|') && t.ends_with('|')
}

/// A markdown pipe table starting at `run[i]`: a header, an alignment row and body rows, or a run
/// of at least two `| … |` rows.
fn markdown_at<'t>(text: &'t str, run: &[Line], i: usize) -> Option<(Table<'t>, usize)> {
    let first = content(text, &run[i]);
    if !first.contains('|') {
        return None;
    }
    let aligned = i + 1 < run.len() && ALIGN_ROW.is_match(content(text, &run[i + 1])) && content(text, &run[i + 1]).contains('-');
    let fenced = is_pipe_row(first);
    if !aligned && !fenced {
        return None;
    }
    let mut rows = vec![split_pipe_row(text, &run[i])];
    let mut j = i + 1;
    if aligned {
        j += 1;
    }
    while j < run.len() {
        let c = content(text, &run[j]);
        let ok = if fenced { is_pipe_row(c) } else { c.contains('|') };
        if !ok || c.trim().is_empty() {
            break;
        }
        rows.push(split_pipe_row(text, &run[j]));
        j += 1;
    }
    if rows.len() < 2 {
        return None;
    }
    let width = rows[0].fields.len();
    if width < 2 {
        return None;
    }
    // Ragged rows are padded in rendering engines; keep only rows of the header's width.
    if rows.iter().any(|r| r.fields.len() != width) {
        rows.retain(|r| r.fields.len() == width);
        if rows.len() < 2 {
            return None;
        }
    }
    let prefix = text[run[i].start..run[i].content].to_string();
    Some((Table { format: Format::Markdown, start: run[i].start, end: run[j - 1].end, prefix, rows }, j))
}

/// Fields of a markdown row: the text between unescaped pipes, trimmed, with `**bold**` kept in
/// the range but not in the content.
fn split_pipe_row<'t>(text: &'t str, line: &Line) -> Row<'t> {
    let s = content(text, line);
    let base = line.content;
    let bytes = s.as_bytes();
    let mut cuts = Vec::new();
    let mut k = 0;
    while k < bytes.len() {
        match bytes[k] {
            b'\\' => k += 1,
            b'|' => cuts.push(k),
            _ => {}
        }
        k += 1;
    }
    let trimmed_start = s.len() - s.trim_start().len();
    let trimmed_end = s.trim_end().len();
    let mut bounds = Vec::new();
    let mut from = if cuts.first() == Some(&trimmed_start) { trimmed_start + 1 } else { 0 };
    for &c in &cuts {
        if c < from {
            continue;
        }
        bounds.push((from, c));
        from = c + 1;
    }
    if from < trimmed_end {
        bounds.push((from, trimmed_end));
    }
    let fields = bounds.into_iter().map(|(a, b)| field(s, base, a, b, false)).collect();
    Row { fields }
}

fn field(s: &str, base: usize, a: usize, b: usize, quoted: bool) -> Field<'_> {
    let raw = &s[a..b];
    let lead = raw.len() - raw.trim_start().len();
    let inner = raw.trim();
    let start = base + a + lead;
    let end = start + inner.len();
    let text = if quoted && inner.len() >= 2 && inner.starts_with('"') && inner.ends_with('"') {
        Cow::Owned(inner[1..inner.len() - 1].replace("\"\"", "\"").trim().to_string())
    } else {
        Cow::Borrowed(inner)
    };
    Field { start, end, text, quoted, indent: lead.saturating_sub(1) }
}

/// Split one delimited line, honouring double quotes (a quoted field may hold the delimiter).
fn split_delimited(s: &str, base: usize, delim: u8) -> Option<Vec<Field<'_>>> {
    let bytes = s.as_bytes();
    let mut fields = Vec::with_capacity(1 + bytes.iter().filter(|&&b| b == delim).count());
    let mut a = 0;
    let mut k = 0;
    let mut in_quotes = false;
    let mut quoted = false;
    while k <= bytes.len() {
        if k == bytes.len() || (!in_quotes && bytes[k] == delim) {
            fields.push(field(s, base, a, k, quoted));
            a = k + 1;
            quoted = false;
        } else if bytes[k] == b'"' {
            if !in_quotes && s[a..k].trim().is_empty() {
                in_quotes = true;
                quoted = true;
            } else if in_quotes && bytes.get(k + 1) == Some(&b'"') {
                k += 1;
            } else if in_quotes {
                in_quotes = false;
            }
        }
        k += 1;
    }
    (!in_quotes).then_some(fields)
}

/// Words in a field: prose has many, table cells few.
fn words(s: &str) -> usize {
    s.split_whitespace().count()
}

/// A CSV/TSV/semicolon block starting at `run[i]`: at least two lines with the same number (≥ 2)
/// of short fields under one delimiter, a header that is mostly labels, and no list markers.
fn delimited_at<'t>(text: &'t str, run: &[Line], i: usize) -> Option<(Table<'t>, usize)> {
    let first = content(text, &run[i]);
    if first.trim().is_empty() || LIST_ITEM.is_match(first) || first.trim_start().starts_with("```") {
        return None;
    }
    for delim in [b'\t', b',', b';'] {
        if !first.as_bytes().contains(&delim) {
            continue;
        }
        let Some(header) = split_delimited(first, run[i].content, delim) else { continue };
        let width = header.len();
        if width < 2 || header.iter().any(|f| words(&f.text) > 6 || f.text.len() > 60) {
            continue;
        }
        // The header names columns: most of its fields are not numbers.
        let labels = header.iter().filter(|f| !f.text.is_empty() && structure::parse_number(&f.text).is_none()).count();
        if labels * 2 < width {
            continue;
        }
        let mut rows = vec![Row { fields: header }];
        let mut j = i + 1;
        while j < run.len() {
            let c = content(text, &run[j]);
            if c.trim().is_empty() || LIST_ITEM.is_match(c) {
                break;
            }
            match split_delimited(c, run[j].content, delim) {
                Some(f) if f.len() == width && f.iter().all(|x| words(&x.text) <= 8) => rows.push(Row { fields: f }),
                _ => break,
            }
            j += 1;
        }
        if rows.len() < 2 {
            continue;
        }
        let prefix = text[run[i].start..run[i].content].to_string();
        return Some((Table { format: Format::Delimited(delim), start: run[i].start, end: run[j - 1].end, prefix, rows }, j));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(t: &Table) -> Vec<Vec<String>> {
        t.rows.iter().map(|r| r.fields.iter().map(|f| f.text.to_string()).collect()).collect()
    }

    #[test]
    fn markdown_with_prose_and_bold_labels() {
        let s = "Here it is:\n\n| Town | A | Total |\n|:---|---:|---:|\n| **North** | 3 | 10 |\n| Total | 3 | 10 |\n\nDone.";
        let t = find(s);
        assert_eq!(t.len(), 1);
        assert_eq!(texts(&t[0])[1], vec!["**North**", "3", "10"]);
        let f = &t[0].rows[1].fields[1];
        assert_eq!(&s[f.start..f.end], "3");
    }

    #[test]
    fn csv_with_quoted_delimiter_and_cat_n_prefix() {
        let s = "     1\tTown,Count\n     2\tNorth,\"1,232\"\n     3\tSouth,4\n";
        let t = find(s);
        assert_eq!(t.len(), 1);
        assert_eq!(t[0].prefix, "     1\t");
        assert_eq!(texts(&t[0])[1], vec!["North", "1,232"]);
        assert!(t[0].rows[1].fields[1].quoted);
    }

    #[test]
    fn read_file_and_search_prefixes() {
        let s = "     1|a;b\n     2|x;3\n     3|y;4";
        assert_eq!(find(s)[0].prefix, "     1|");
        let s = "data/t.csv|4|a,b\ndata/t.csv|5|x,3\ndata/t.csv|6|y,4";
        let t = find(s);
        assert_eq!(t[0].prefix, "data/t.csv|4|");
        assert_eq!(texts(&t[0])[2], vec!["y", "4"]);
    }

    #[test]
    fn the_id_precheck_passes_every_id_header() {
        for h in ["id", "ID", "uuid", "GUID", "Case", "PERSON", "record_id", "patient_id", "Patient ID", "ſubject_id"] {
            let csv = format!("{h},n\n1,3\n2,4\n");
            let t = find(&csv);
            assert!(id_column(&t[0]).is_some() == ID_HEADER.is_match(h), "{h}");
            assert!(may_have_id_column(&csv), "{h}");
        }
        assert!(!may_have_id_column("town,n\nNorth,3\nSouth,4\n[suppressed]"));
        assert!(!may_have_id_column("id,n"), "one line is no table");
    }

    #[test]
    fn not_tables() {
        for s in [
            "1. apples, 3\n2. pears, 4\n3. plums, 2",
            "Released 1.2.3 on 2024-01-05\nthen 1.2.4 on 2024-02-01",
            "We met, talked for a while and then went home, as one does\nLater, much later, we came back",
            "1,2,3\n4,5,6",
        ] {
            assert!(find(s).is_empty(), "{s}");
        }
    }
}
