//! AsciiDoc tables: a `|===` block (`!===` nested, `,===` CSV, `:===` DSV), after an optional
//! attribute line (`[cols="<,>",options="header"]`, `[%header,cols="1*<,2*>"]`,
//! `[format=csv,separator=;]`). Cells start at the separator and run to the next one, on one
//! line (pandoc's output) or over several (one cell per line, rows apart by blank lines): rows
//! come from the column count (`cols`, or the cells on the first line), not from line breaks.
//! A cell's specifier before its `|` spans columns (`2+|`), rows (`.2+|`) or repeats the cell
//! (`3*|`); alignment and style letters are read past. Emphasis marks around a cell (`*12*`)
//! stay out of its range, so a rewritten cell keeps them. In CSV and DSV tables each line is a
//! row. Whether the first row is a header does not change the model.
//!
//! Hand-written: the table syntax is small and line-based, and no Rust crate parses AsciiDoc
//! with byte ranges.

use std::borrow::Cow;
use std::sync::LazyLock;

use regex::Regex;

use super::{Field, Format, Line, Row, Table, block_table, content};

static SPEC: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^(?:(\d{1,3})\*)?(?:(\d{1,3})?(?:\.(\d{1,3}))?\+)?[<^>]?(?:\.[<^>])?[adehlmsv]?$").unwrap());
static COLS: LazyLock<Regex> = LazyLock::new(|| Regex::new(r#"\bcols\s*=\s*(?:"([^"]*)"|'([^']*)'|([^,\]\s]+))"#).unwrap());
static SEPARATOR: LazyLock<Regex> = LazyLock::new(|| Regex::new(r#"\bseparator\s*=\s*(?:"([^"]+)"|'([^']+)'|([^,\]\s]))"#).unwrap());
static CSV_FORMAT: LazyLock<Regex> = LazyLock::new(|| Regex::new(r#"\bformat\s*=\s*["']?(csv|tsv|dsv)"#).unwrap());

/// Tables wider than this are no table (and the row buffers stay small).
const MAX_COLS: usize = 256;
/// At most this many cells a span or a repeat may fill.
const MAX_SPAN: usize = 64;

fn delimiter(s: &str) -> Option<&str> {
    let t = s.trim();
    (t.len() >= 4 && matches!(t.as_bytes()[0], b'|' | b'!' | b',' | b':') && t[1..].bytes().all(|c| c == b'=')).then_some(t)
}

/// An AsciiDoc table starting at `run[i]` (its attribute line or its delimiter), and the index
/// of the line after it.
pub(super) fn at<'t>(text: &'t str, run: &[Line], i: usize) -> Option<(Table<'t>, usize)> {
    let first = content(text, &run[i]).trim();
    let (attrs, open) = if first.starts_with('[') && first.ends_with(']') && run.get(i + 1).and_then(|l| delimiter(content(text, l))).is_some() {
        (first, i + 1)
    } else {
        ("", i)
    };
    let delim = delimiter(content(text, &run[open]))?;
    let close = (open + 1..run.len()).find(|&j| content(text, &run[j]).trim() == delim)?;
    let body = &run[open + 1..close];
    let captured = |re: &Regex| re.captures(attrs).and_then(|c| c.get(1).or(c.get(2)).or(c.get(3)).map(|m| m.as_str()));
    let csv = match captured(&CSV_FORMAT) {
        Some("tsv") => Some(b'\t'),
        Some(_) => Some(if delim.starts_with(':') && !attrs.contains("csv") { b':' } else { b',' }),
        None => match delim.as_bytes()[0] {
            b',' => Some(b','),
            b':' => Some(b':'),
            _ => None,
        },
    };
    let sep = captured(&SEPARATOR).and_then(|s| s.bytes().next().filter(u8::is_ascii));
    let rows = match csv {
        Some(d) => delimited_rows(text, body, sep.unwrap_or(d)),
        None => {
            let cols = captured(&COLS).map(column_count);
            cell_rows(text, body, sep.unwrap_or(delim.as_bytes()[0]), cols)?
        }
    };
    Some((block_table(text, run, i, close, Format::AsciiDoc, rows)?, close + 1))
}

/// The number of columns a `cols` value names: a count (`3`) or a list (`1,2*>,<`) whose
/// entries may repeat (`2*`).
fn column_count(cols: &str) -> usize {
    let cols = cols.trim();
    if let Ok(n) = cols.parse::<usize>() {
        return n;
    }
    cols.split([',', ';'])
        .map(|e| {
            let e = e.trim();
            e.split_once('*').and_then(|(n, _)| n.trim().parse::<usize>().ok()).unwrap_or(1)
        })
        .fold(0usize, usize::saturating_add)
}

/// CSV or DSV: each non-blank line a row.
fn delimited_rows<'t>(text: &'t str, body: &[Line], sep: u8) -> Vec<Row<'t>> {
    body.iter()
        .filter(|l| !content(text, l).trim().is_empty())
        .filter_map(|l| super::delimited::split(content(text, l), l.content, sep))
        .map(|fields| Row { fields })
        .collect()
}

/// A cell of a PSV table: its content's range and its specifier's spans and repeat.
struct Cell {
    start: usize,
    end: usize,
    colspan: usize,
    rowspan: usize,
    repeat: usize,
}

/// The specifier at the end of `s` (after a space, or all of `s` at a line start).
fn spec_at_end(s: &str, line_start: bool) -> Option<(usize, (usize, usize, usize))> {
    let (before, token) = match s.rfind([' ', '\t']) {
        Some(k) => (k + 1, &s[k + 1..]),
        None if line_start => (0, s),
        None => return None,
    };
    if token.is_empty() {
        return None;
    }
    let c = SPEC.captures(token)?;
    let n = |g: usize, d: usize| c.get(g).and_then(|m| m.as_str().parse::<usize>().ok()).unwrap_or(d).clamp(1, MAX_SPAN);
    Some((before, (n(2, 1), n(3, 1), n(1, 1))))
}

/// The cells of the body's lines: each starts at an unescaped separator.
fn cells(text: &str, body: &[Line], sep: u8) -> Vec<Cell> {
    let mut out: Vec<Cell> = Vec::new();
    for line in body {
        let s = content(text, line);
        let b = s.as_bytes();
        let mut bars = Vec::new();
        let mut k = 0;
        while k < b.len() {
            if b[k] == b'\\' {
                k += 2;
                continue;
            }
            if b[k] == sep {
                bars.push(k);
            }
            k += 1;
        }
        let Some(&first) = bars.first() else { continue };
        // Text before the first separator may end in its specifier (the rest continues the
        // cell above and is not read).
        let mut spans = spec_at_end(s[..first].trim(), true).map_or((1, 1, 1), |x| x.1);
        for (n, &bar) in bars.iter().enumerate() {
            let end = bars.get(n + 1).copied().unwrap_or(b.len());
            let mut seg = &s[bar + 1..end];
            let mut next = (1, 1, 1);
            if n + 1 < bars.len()
                && let Some((cut, sp)) = spec_at_end(seg, false)
            {
                seg = &seg[..cut];
                next = sp;
            }
            let (colspan, rowspan, repeat) = std::mem::replace(&mut spans, next);
            let lead = seg.len() - seg.trim_start().len();
            let (mut a, mut e) = (bar + 1 + lead, bar + 1 + lead + seg.trim().len());
            for m in ["*", "_", "`", "#"] {
                if e - a > 2 && s[a..e].starts_with(m) && s[a..e].ends_with(m) {
                    a += 1;
                    e -= 1;
                }
            }
            out.push(Cell { start: line.content + a, end: line.content + e, colspan, rowspan, repeat });
        }
    }
    out
}

/// PSV rows: the cells laid out `cols` to a row (or as many as the first line holds).
fn cell_rows<'t>(text: &'t str, body: &[Line], sep: u8, cols: Option<usize>) -> Option<Vec<Row<'t>>> {
    let all = cells(text, body, sep);
    let width = match cols {
        Some(n) => n,
        None => {
            let first = body.iter().find(|l| content(text, l).trim_start().as_bytes().first() == Some(&sep))?;
            all.iter().filter(|c| c.start >= first.content && c.end <= first.end).map(|c| c.colspan * c.repeat).sum()
        }
    };
    if !(2..=MAX_COLS).contains(&width) {
        return None;
    }
    let mut rows = Vec::new();
    let mut row: Vec<Option<Field<'t>>> = vec![None; width];
    // Cells still covered by a rowspan from above: rows left and text, per column.
    let mut below: Vec<(usize, Cow<'t, str>)> = vec![(0, Cow::Borrowed("")); width];
    let mut at = 0;
    for c in &all {
        for _ in 0..c.repeat {
            while at < width && row[at].is_some() {
                at += 1;
            }
            if at == width {
                rows.push(Row { fields: row.drain(..).map(|f| f.unwrap_or_else(|| Field::virtual_at(c.start, Cow::Borrowed("")))).collect() });
                row = vec![None; width];
                for (k, (left, t)) in below.iter_mut().enumerate() {
                    if *left > 0 {
                        row[k] = Some(Field::virtual_at(c.start, t.clone()));
                        *left -= 1;
                    }
                }
                at = row.iter().position(Option::is_none).unwrap_or(width);
                if at == width {
                    return None;
                }
            }
            let shown = Cow::Borrowed(&text[c.start..c.end]);
            for k in 0..c.colspan.min(width - at) {
                let f = if k == 0 {
                    Field { start: c.start, end: c.end, text: shown.clone(), quoted: false, indent: 0 }
                } else {
                    Field::virtual_at(c.end, shown.clone())
                };
                row[at + k] = Some(f);
                if c.rowspan > 1 {
                    below[at + k] = (c.rowspan - 1, shown.clone());
                }
            }
        }
    }
    if row.iter().any(Option::is_some) {
        let at = all.last().map_or(0, |c| c.end);
        rows.push(Row { fields: row.into_iter().map(|f| f.unwrap_or_else(|| Field::virtual_at(at, Cow::Borrowed("")))).collect() });
    }
    Some(rows)
}
