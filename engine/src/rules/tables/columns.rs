//! Data frames printed a column per line — transposed tables: dplyr's `glimpse()` (`$ name <int>
//! 3, 5, …`), R's `str()` (` $ name: int  3 5 …`) and pyarrow's `print(table)` (`name: [[3,5,…]]`,
//! one bracket pair per chunk). Every line is a column, its name then its values in row order.
//!
//! Read into the one table model turned the right way: the names are the header, the k-th value
//! of every column the k-th row (a column cut short, as `glimpse()` cuts a line at the console's
//! width with `…`, is padded). A quoted string's range is its content inside the quotes, so a
//! rewritten value stays quoted. The trigger is a line's first bytes (`$`, or a `]` at its end
//! for pyarrow), and a listing is read from its first column line only, never again from each of
//! its lines.

use std::borrow::Cow;

use super::{Field, Format, Line, Row, Table, block_table, closing_quote, content};

/// How a tool writes a column line.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    /// `$ name <type> v, v, v`, a name in backticks when it is no identifier.
    Glimpse,
    /// ` $ name: type  v v v`.
    Str,
    /// `name: [[v,v],[v]]`.
    Arrow,
}

fn style_of(s: &str) -> Option<Style> {
    let t = s.trim_start_matches(' ');
    if t.starts_with("$ ") {
        Some(if s.starts_with(' ') { Style::Str } else { Style::Glimpse })
    } else if s.ends_with(']') && s.contains(": [") {
        Some(Style::Arrow)
    } else {
        None
    }
}

/// A column line: its name's field and its values' fields.
fn column<'t>(text: &'t str, line: &Line, style: Style) -> Option<(Field<'t>, Vec<Field<'t>>)> {
    let s = content(text, line);
    let base = line.content;
    let (name_at, name_end, values_at) = match style {
        Style::Glimpse => {
            let rest = &s[2..];
            let name_len = match rest.strip_prefix('`') {
                Some(q) => q.find('`')? + 2,
                None => rest.find(' ')?,
            };
            let ty = rest[name_len..].trim_start();
            if !ty.starts_with('<') {
                return None;
            }
            let close = ty.find("> ")?;
            (2, 2 + name_len, s.len() - ty.len() + close + 2)
        }
        Style::Str => {
            let lead = s.len() - s.trim_start().len() + 2;
            let colon = s[lead..].find(':')? + lead;
            let ty = s[colon + 1..].trim_start();
            let word = ty.split_whitespace().next()?;
            if !matches!(word, "int" | "num" | "chr" | "logi" | "dbl") {
                return None;
            }
            (lead, s[..colon].trim_end().len(), s.len() - ty.len() + word.len())
        }
        Style::Arrow => {
            let colon = s.find(": [")?;
            (0, colon, colon + 2)
        }
    };
    let raw_name = s[name_at..name_end].trim();
    let name = raw_name.trim_matches('`');
    if name.is_empty() || name.len() > 64 {
        return None;
    }
    let at = base + name_at + (s[name_at..].len() - s[name_at..].trim_start().len()) + (raw_name.len() - raw_name.trim_start_matches('`').len());
    let name = Field { start: at, end: at + name.len(), text: Cow::Borrowed(name), quoted: false, indent: 0 };
    let mut body = &s[values_at..];
    let mut offset = values_at;
    if style == Style::Arrow {
        let t = body.trim();
        if !(t.starts_with("[[") && t.ends_with("]]")) {
            return None;
        }
        offset += body.find('[')? + 2;
        body = &t[2..t.len() - 2];
    }
    Some((name, values(base + offset, body, style)?))
}

/// The values of a column line's `body` (starting at byte `at` of `text`): quoted strings (with
/// `\"` escapes) and bare words, parted by commas (`glimpse()`, pyarrow, whose chunks `],[` part
/// values too) or spaces (`str()`); a trailing `…` or `...` cut is dropped.
fn values<'t>(at: usize, body: &'t str, style: Style) -> Option<Vec<Field<'t>>> {
    let bytes = body.as_bytes();
    let mut out = Vec::new();
    let mut k = 0;
    while k < bytes.len() {
        match bytes[k] {
            b' ' | b',' | b'[' | b']' => k += 1,
            b'"' => {
                let e = closing_quote(bytes, k + 1)?;
                let inner = &body[k + 1..e];
                let shown = if inner.contains('\\') { Cow::Owned(inner.replace("\\\"", "\"").replace("\\\\", "\\")) } else { Cow::Borrowed(inner) };
                out.push(Field { start: at + k + 1, end: at + e, text: shown, quoted: false, indent: 0 });
                k = e + 1;
            }
            _ => {
                let stop: &[u8] = if style == Style::Str { b" " } else { b",]" };
                let e = bytes[k..].iter().position(|b| stop.contains(b)).map_or(bytes.len(), |p| k + p);
                let word = body[k..e].trim_end();
                if !matches!(word, "…" | "..." | "") {
                    out.push(Field { start: at + k, end: at + k + word.len(), text: Cow::Borrowed(word), quoted: false, indent: 0 });
                }
                k = e;
            }
        }
    }
    (!out.is_empty()).then_some(out)
}

/// A column-per-line listing starting at `run[i]`, and the index of the line after it.
pub(super) fn at<'t>(text: &'t str, run: &[Line], i: usize) -> Option<(Table<'t>, usize)> {
    let style = style_of(content(text, &run[i]))?;
    if i > 0 && style_of(content(text, &run[i - 1])) == Some(style) {
        return None;
    }
    let mut columns = Vec::new();
    let mut j = i;
    while let Some(col) = run.get(j).filter(|l| style_of(content(text, l)) == Some(style)).and_then(|l| column(text, l, style)) {
        columns.push(col);
        j += 1;
    }
    if columns.len() < 2 {
        return None;
    }
    let table = block_table(text, run, i, j - 1, Format::Columns, transpose(columns))?;
    Some((table, j))
}

/// Columns, each a name and its values in row order, turned into rows under a header of the
/// names; a column cut short is padded with empty fields. Shared with the literal reader's dict
/// of lists (`df.to_dict("list")`).
pub(super) fn transpose<'t>(columns: Vec<(Field<'t>, Vec<Field<'t>>)>) -> Vec<Row<'t>> {
    let height = columns.iter().map(|(_, v)| v.len()).max().unwrap_or(0);
    let mut rows = vec![Row { fields: columns.iter().map(|(n, _)| n.clone()).collect() }];
    for k in 0..height {
        let cell = |(name, v): &(Field<'t>, Vec<Field<'t>>)| {
            v.get(k).cloned().unwrap_or_else(|| Field::virtual_at(v.last().map_or(name.end, |f| f.end), Cow::Borrowed("")))
        };
        rows.push(Row { fields: columns.iter().map(cell).collect() });
    }
    rows
}
