//! A Mermaid chart's data, the table a chart draws: an `xychart-beta`'s `x-axis [North, South]`
//! categories with a row each, and its `bar [3, 40]` / `line […]` series as columns (named by the
//! `%%` comment before the series, as one writes them, else `bar 1`, `line 2`); a `pie`'s
//! `"North" : 42` slices as a one-way table. A value's range is its number, so a suppressed value
//! is written in its place.
//!
//! Hand-written: no Rust crate parses Mermaid; the two chart kinds are a line grammar.

use std::borrow::Cow;

use super::{Field, Format, Row, Table, line_ranges, square};

/// Every `xychart-beta` or `pie` chart in `text`, outside `taken` spans.
pub(super) fn find<'t>(text: &'t str, taken: &[Table]) -> Vec<Table<'t>> {
    let mut out = Vec::new();
    // A chart starts a line (after blanks): look at the lines only where one may.
    let b = text.as_bytes();
    let starts_line = |k: usize| b[..k].iter().rev().take_while(|&&c| c != b'\n').all(|&c| c == b' ' || c == b'\t');
    let chart = [&b"xychart-beta"[..], b"pie"].iter().any(|w| memchr::memmem::find_iter(b, w).any(&starts_line));
    if !chart {
        return out;
    }
    let lines = line_ranges(text);
    let mut i = 0;
    while i < lines.len() {
        let (s, e) = lines[i];
        let line = text[s..e].trim();
        let kind = if line.starts_with("xychart-beta") {
            Some(true)
        } else if line == "pie" || line.starts_with("pie ") {
            Some(false)
        } else {
            None
        };
        if let Some(xy) = kind
            && !taken.iter().any(|t| s >= t.start && s < t.end)
        {
            let (table, next) = if xy { xychart(text, &lines, i) } else { pie(text, &lines, i) };
            if let Some(t) = table {
                out.push(t);
            }
            i = next.max(i + 1);
            continue;
        }
        i += 1;
    }
    out
}

/// The items of a bracketed list on `line` (at `at` in the text): each item's trimmed range,
/// quotes dropped.
fn items(text: &str, at: usize) -> Option<Vec<(usize, usize)>> {
    let rest = &text[at..];
    let open = rest.find('[')?;
    let close = open + rest[open..].find(']')?;
    let mut out = Vec::new();
    let mut s = at + open + 1;
    for piece in rest[open + 1..close].split(',') {
        let lead = piece.len() - piece.trim_start().len();
        let inner = piece.trim();
        let (mut a, mut e) = (s + lead, s + lead + inner.len());
        if inner.len() >= 2 && inner.starts_with('"') && inner.ends_with('"') {
            a += 1;
            e -= 1;
        }
        out.push((a, e));
        s += piece.len() + 1;
    }
    Some(out)
}

fn field(text: &str, (a, e): (usize, usize)) -> Field<'_> {
    Field { start: a, end: e, text: Cow::Borrowed(&text[a..e]), quoted: false, indent: 0 }
}

/// The chart's statements after its first line `first` (those starting with one of `words`,
/// comments and blank lines), up to a code fence or any other text: the index of the line past
/// them, and where the last one ends.
fn statements(text: &str, lines: &[(usize, usize)], first: usize, words: &[&str]) -> (usize, usize) {
    let is_statement = |&(s, e): &(usize, usize)| {
        let t = text[s..e].trim();
        !t.starts_with("```") && (t.is_empty() || t.starts_with("%%") || words.iter().any(|w| t.starts_with(w)))
    };
    let past = first + 1 + lines[first + 1..].iter().take_while(|l| is_statement(l)).count();
    (past, lines[past - 1].1)
}

/// A chart's series: its name and each value's range.
type Series<'t> = (Cow<'t, str>, Vec<(usize, usize)>);

fn xychart<'t>(text: &'t str, lines: &[(usize, usize)], first: usize) -> (Option<Table<'t>>, usize) {
    const WORDS: &[&str] = &["title", "x-axis", "y-axis", "bar", "line", "accTitle", "accDescr"];
    let mut categories = None;
    let mut series: Vec<Series> = Vec::new();
    let mut comment: Option<&str> = None;
    let (past, end) = statements(text, lines, first, WORDS);
    for &(s, e) in &lines[first + 1..past] {
        let t = text[s..e].trim();
        if let Some(c) = t.strip_prefix("%%") {
            comment = Some(c.trim());
        } else if t.starts_with("x-axis") && t.contains('[') {
            categories = items(text, s);
        } else if let Some(kind) = ["bar", "line"].into_iter().find(|w| t.strip_prefix(w).is_some_and(|r| r.trim_start().starts_with('[')))
            && let Some(values) = items(text, s)
        {
            let name = comment.take().map_or_else(|| Cow::Owned(format!("{kind} {}", series.len() + 1)), Cow::Borrowed);
            series.push((name, values));
        }
    }
    let table = (|| {
        let categories = categories?;
        if categories.len() < 2 || series.is_empty() || series.iter().any(|(_, v)| v.len() != categories.len()) {
            return None;
        }
        let mut rows = vec![Row {
            fields: std::iter::once(Field::virtual_at(lines[first].0, Cow::Borrowed("")))
                .chain(series.iter().map(|(n, _)| Field::virtual_at(lines[first].0, n.clone())))
                .collect(),
        }];
        for (c, &cat) in categories.iter().enumerate() {
            rows.push(Row { fields: std::iter::once(field(text, cat)).chain(series.iter().map(|(_, v)| field(text, v[c]))).collect() });
        }
        let width = rows[0].fields.len();
        square(&mut rows, width);
        Some(Table { format: Format::Mermaid, start: lines[first].0, end, prefix: String::new(), rows, grid: None })
    })();
    (table, past)
}

fn pie<'t>(text: &'t str, lines: &[(usize, usize)], first: usize) -> (Option<Table<'t>>, usize) {
    const WORDS: &[&str] = &["title", "showData", "\"", "accTitle", "accDescr"];
    let at = lines[first].0;
    let mut rows = vec![Row { fields: vec![Field::virtual_at(at, Cow::Borrowed("")), Field::virtual_at(at, Cow::Borrowed("value"))] }];
    let (past, end) = statements(text, lines, first, WORDS);
    for &(s, e) in &lines[first + 1..past] {
        let line = &text[s..e];
        let lead = line.len() - line.trim_start().len();
        let t = line.trim();
        if let Some(rest) = t.strip_prefix('"')
            && let Some(q) = rest.find('"')
            && let Some((_, value)) = rest[q + 1..].split_once(':')
        {
            let label = (s + lead + 1, s + lead + 1 + q);
            let vs = e - (line.len() - line.trim_end().len()) - value.trim_start().len();
            rows.push(Row { fields: vec![field(text, label), field(text, (vs, vs + value.trim().len()))] });
        }
    }
    let table = (rows.len() >= 3).then(|| Table { format: Format::Mermaid, start: at, end, prefix: String::new(), rows, grid: None });
    (table, past)
}
