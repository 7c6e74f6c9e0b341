//! HTML `<table>`s (what `DataFrame.to_html()`, R's `knitr::kable(format = "html")` and agents
//! writing reports produce): rows from `<tr>`, cells from `<th>`/`<td>` with optional end tags,
//! `colspan` and `rowspan` spread over the cells they cover, inner tags stripped and the common
//! entities decoded for the cell's text. A cell's range is its whole content, so writing a new
//! value drops its inner markup and the document stays well formed. A forum post's BBCode table
//! (`[table][tr][td]3[/td]…`) is the same grammar in square brackets.
//!
//! Hand-written: an HTML parser crate (html5ever, tl) would build a whole document tree without
//! byte ranges of cell contents; tables are a small, regular part of HTML.

use std::borrow::Cow;
use std::sync::LazyLock;

use regex::Regex;

use super::{Field, Format, Row, Table, decode_entities, square};

static TAG: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)<(/?)(table|tr|td|th)\b([^>]*)>").unwrap());
static SPAN: LazyLock<Regex> = LazyLock::new(|| Regex::new(r#"(?i)\b(colspan|rowspan)\s*=\s*["']?(\d{1,3})"#).unwrap());
static INNER_TAG: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"<[^>]*>").unwrap());
static BB_TAG: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)\[(/?)(table|tr|td|th)\b([^\]\n]*)\]").unwrap());
static BB_INNER_TAG: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\[/?[a-zA-Z*][^\]\n]*\]").unwrap());

/// At most this many cells a span may fill (a `colspan="999"` must not blow up a row).
const MAX_SPAN: usize = 64;

/// Every `<table>` and BBCode `[table]` in `text` (the innermost, when tables nest).
pub(super) fn find(text: &str) -> Vec<Table<'_>> {
    let mut out = Vec::new();
    // One pass over the text for both openers (most texts have neither).
    let b = text.as_bytes();
    let (mut html, mut bb) = (false, false);
    for k in memchr::memchr2_iter(b'<', b'[', b) {
        if b.len() - k >= 6 && b[k + 1..k + 6].eq_ignore_ascii_case(b"table") {
            html |= b[k] == b'<';
            bb |= b[k] == b'[';
            if html && bb {
                break;
            }
        }
    }
    if html {
        out.extend(find_tagged(text, &TAG, &INNER_TAG, Format::Html));
    }
    if bb {
        out.extend(find_tagged(text, &BB_TAG, &BB_INNER_TAG, Format::BbCode));
    }
    out
}

/// The tables of one tag syntax: `tag` matches its table tags, `inner` the markup inside a cell.
fn find_tagged<'t>(text: &'t str, tag: &Regex, inner: &Regex, format: Format) -> Vec<Table<'t>> {
    let tags: Vec<(usize, usize, bool, String, &str)> = tag
        .captures_iter(text)
        .map(|c| {
            let m = c.get(0).expect("match");
            (m.start(), m.end(), c[1].is_empty(), c[2].to_ascii_lowercase(), c.get(3).map_or("", |g| g.as_str()))
        })
        .collect();
    let mut out = Vec::new();
    let mut open: Option<usize> = None;
    for (k, t) in tags.iter().enumerate() {
        if t.3 != "table" {
            continue;
        }
        if t.2 {
            open = Some(k);
        } else if let Some(o) = open.take()
            && let Some(table) = read(text, &tags[o..=k], inner, format)
        {
            out.push(table);
        }
    }
    out
}

/// The `colspan` and `rowspan` of a cell's attributes (1 when absent).
pub(super) fn span_attributes(attrs: &str) -> (usize, usize) {
    let (mut colspan, mut rowspan) = (1, 1);
    for c in SPAN.captures_iter(attrs) {
        let n: usize = c[2].parse().unwrap_or(1).clamp(1, MAX_SPAN);
        if c[1].eq_ignore_ascii_case("colspan") { colspan = n } else { rowspan = n }
    }
    (colspan, rowspan)
}

type Tag<'a> = (usize, usize, bool, String, &'a str);

/// Cells still covered by a rowspan from above: column, rows left, text.
pub(super) type Pending<'t> = Vec<(usize, usize, Cow<'t, str>)>;

/// Close the open row: rowspans from rows above take their columns first; the row's own
/// rowspans (`fresh`) cover the rows below.
pub(super) fn finish<'t>(row: &mut Option<Vec<Field<'t>>>, rows: &mut Vec<Row<'t>>, spans: &mut [Pending<'t>; 2], at: usize) {
    let Some(mut fields) = row.take() else { return };
    let [pending, fresh] = spans;
    pending.sort_by_key(|p| p.0);
    for p in pending.iter_mut() {
        let c = p.0.min(fields.len());
        fields.insert(c, Field::virtual_at(at, p.2.clone()));
        p.1 -= 1;
    }
    pending.retain(|p| p.1 > 0);
    pending.append(fresh);
    rows.push(Row { fields });
}

fn read<'t>(text: &'t str, tags: &[Tag], inner_tag: &Regex, format: Format) -> Option<Table<'t>> {
    let (start, end) = (tags[0].0, tags[tags.len() - 1].1);
    let mut rows: Vec<Row<'t>> = Vec::new();
    let mut spans: [Pending<'t>; 2] = [Vec::new(), Vec::new()];
    let mut row: Option<Vec<Field<'t>>> = None;
    let mut k = 1;
    while k + 1 < tags.len() {
        let (s, e, opening, name, attrs) = &tags[k];
        match (name.as_str(), opening) {
            ("tr", true) => {
                finish(&mut row, &mut rows, &mut spans, *s);
                row = Some(Vec::new());
            }
            ("tr", false) => finish(&mut row, &mut rows, &mut spans, *s),
            ("td" | "th", true) => {
                // The content runs to the next table tag (an end tag or the next cell).
                let next = tags[k + 1].0;
                let raw = &text[*e..next];
                let lead = raw.len() - raw.trim_start().len();
                let inner = raw.trim();
                let (a, b) = (e + lead, e + lead + inner.len());
                let plain = if inner.contains('<') || inner.contains('&') || inner.contains('[') {
                    Cow::Owned(decode_entities(&inner_tag.replace_all(inner, "")).trim().to_string())
                } else {
                    Cow::Borrowed(inner)
                };
                let fields = row.get_or_insert_with(Vec::new);
                let col = fields.len();
                let (colspan, rowspan) = span_attributes(attrs);
                for extra in 0..colspan {
                    if extra == 0 {
                        fields.push(Field { start: a, end: b, text: plain.clone(), quoted: false, indent: 0 });
                    } else {
                        fields.push(Field::virtual_at(b, plain.clone()));
                    }
                    if rowspan > 1 {
                        spans[1].push((col + extra, rowspan - 1, plain.clone()));
                    }
                }
            }
            _ => {}
        }
        k += 1;
    }
    finish(&mut row, &mut rows, &mut spans, end);
    rows.retain(|r| !r.fields.is_empty());
    let width = rows.iter().map(|r| r.fields.len()).max()?;
    if rows.len() < 2 || width < 2 {
        return None;
    }
    square(&mut rows, width);
    Some(Table { format, start, end, prefix: String::new(), rows, grid: None })
}
