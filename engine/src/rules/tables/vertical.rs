//! Vertical record listings: a database client printing each row as a block of `name value`
//! lines. mysql's `\G` (a `*** 1. row ***` line, the names right-aligned before `: `), psql's
//! expanded display (`\x`: a `-[ RECORD 1 ]---+---` line, the names left-aligned before ` | `,
//! nothing after it for a null), ClickHouse's `Vertical` (`Row 1:` over a `───` rule,
//! `name: value`) and sqlite3's `.mode line` (no marker: a blank line between records, the names
//! right-aligned before ` = `).
//!
//! Read into the one table model: the first record's names are the header, each record a row of
//! its values (their byte ranges, so a value is rewritten in place). Every record must list the
//! same names in the same order; a line of another shape ends the table (a `N rows in set`
//! footer, a fence). No crate reads these prints; the trigger is the first record's marker line
//! (a fixed prefix, asked of each line once) or, for sqlite, a ` = ` line whose name is padded,
//! and each line of a listing is read once.

use std::borrow::Cow;

use super::{Field, Format, Line, Row, Table, content};

/// How a client marks and writes its records.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    Mysql,
    Psql,
    ClickHouse,
    /// sqlite3's `.mode line`: records parted by blank lines.
    Sqlite,
}

impl Style {
    fn separator(self) -> &'static str {
        match self {
            Style::Mysql | Style::ClickHouse => ": ",
            Style::Psql => " | ",
            Style::Sqlite => " = ",
        }
    }
}

/// The record number a marker line gives and its style (ClickHouse's marker is followed by its
/// rule line, a line of its own).
fn marker(s: &str) -> Option<(Style, u64)> {
    let t = s.trim();
    let number = |s: &str| s.parse::<u64>().ok();
    if let Some(rest) = t.strip_prefix("***") {
        let inner = rest.trim_start_matches('*').trim_end_matches('*').trim();
        return Some((Style::Mysql, number(inner.strip_suffix(". row")?)?));
    }
    if let Some(rest) = t.strip_prefix("-[ RECORD ") {
        let (n, tail) = rest.split_once(" ]")?;
        return tail.chars().all(|c| c == '-' || c == '+').then_some((Style::Psql, number(n)?));
    }
    let n = t.strip_prefix("Row ")?.strip_suffix(':')?;
    Some((Style::ClickHouse, number(n)?))
}

/// Whether `s` is a record marker line (`*** 1. row ***`, `-[ RECORD 1 ]`, `Row 1:`).
pub(super) fn is_marker(s: &str) -> bool {
    s.trim_start().starts_with(['*', '-', 'R']) && marker(s).is_some()
}

fn is_rule(s: &str) -> bool {
    let t = s.trim();
    !t.is_empty() && t.chars().all(|c| c == '─' || c == '-')
}

/// A `name<sep>value` line: the name's and the value's fields (the value virtual when empty).
fn pair<'t>(text: &'t str, line: &Line, style: Style) -> Option<(Field<'t>, Field<'t>)> {
    let s = content(text, line);
    let sep = style.separator();
    let (k, value_at) = match s.find(sep) {
        Some(k) => (k, k + sep.len()),
        // psql writes a null as nothing after the bar (the trailing space may be trimmed).
        None if style == Style::Psql && s.trim_end().ends_with(" |") => (s.trim_end().len() - 2, s.len()),
        None => return None,
    };
    let raw_name = &s[..k];
    let name = raw_name.trim();
    if name.is_empty() || name.len() > 64 {
        return None;
    }
    let lead = raw_name.len() - raw_name.trim_start().len();
    let base = line.content;
    let name = Field { start: base + lead, end: base + lead + name.len(), text: Cow::Borrowed(name), quoted: false, indent: 0 };
    let raw = &s[value_at.min(s.len())..];
    let v = raw.trim();
    let at = base + value_at.min(s.len()) + (raw.len() - raw.trim_start().len());
    let value = if v.is_empty() {
        Field::virtual_at(at, Cow::Borrowed(""))
    } else {
        Field { start: at, end: at + v.len(), text: Cow::Borrowed(v), quoted: false, indent: 0 }
    };
    Some((name, value))
}

/// Where sqlite's `.mode line` pads a name to (the column of its `=`), if `s` is such a line.
fn sqlite_column(s: &str) -> Option<usize> {
    let k = s.find(" = ")?;
    let name = &s[..k];
    (name.starts_with(' ') || !name.contains(' ')).then_some(k)
}

/// A vertical listing starting at `run[i]` (its first record's marker, or for sqlite its first
/// line), and the index of the line after it.
pub(super) fn at<'t>(text: &'t str, run: &[Line], i: usize) -> Option<(Table<'t>, usize)> {
    let first = content(text, &run[i]);
    let (style, mut j) = match first.as_bytes().first()? {
        b'*' | b'-' | b'R' => match marker(first)? {
            (Style::ClickHouse, 1) if run.get(i + 1).is_some_and(|l| is_rule(content(text, l))) => (Style::ClickHouse, i + 2),
            (Style::ClickHouse, _) => return None,
            (style, 1) => (style, i + 1),
            _ => return None,
        },
        // sqlite's listing is read from its first line only (not again from each of its lines).
        b' ' | b'a'..=b'z' | b'A'..=b'Z' | b'_' if sqlite_column(first).is_some_and(|k| i == 0 || sqlite_column(content(text, &run[i - 1])) != Some(k)) => {
            (Style::Sqlite, i)
        }
        _ => return None,
    };
    let column = (style == Style::Sqlite).then(|| sqlite_column(first)).flatten();
    let mut header: Vec<Field<'t>> = Vec::new();
    let mut rows: Vec<Row<'t>> = Vec::new();
    let mut record: Vec<Field<'t>> = Vec::new();
    let mut end = i;
    loop {
        let line = run.get(j);
        let c = line.map(|l| content(text, l));
        let boundary = match (style, c) {
            (_, None) => true,
            (Style::Sqlite, Some(c)) => c.trim().is_empty(),
            (Style::ClickHouse, Some(c)) => c.trim().is_empty() || marker(c).is_some(),
            (_, Some(c)) => marker(c).is_some(),
        };
        let pair = match (boundary, line) {
            (false, Some(line)) if column.is_none_or(|col| sqlite_column(content(text, line)) == Some(col)) => pair(text, line, style),
            _ => None,
        };
        let Some((name, value)) = pair else {
            // A record ends here: complete (the first one sets the names), it is a row.
            if !record.is_empty() && (rows.is_empty() || record.len() == header.len()) {
                rows.push(Row { fields: std::mem::take(&mut record) });
                end = j - 1;
            }
            let Some(c) = c.filter(|_| boundary && record.is_empty()) else { break };
            j += match style {
                Style::ClickHouse if marker(c).is_some() && run.get(j + 1).is_some_and(|l| is_rule(content(text, l))) => 2,
                Style::ClickHouse if marker(c).is_some() => break,
                _ => 1,
            };
            // A blank line ends the listing but between ClickHouse's records and sqlite's.
            let next = run.get(j).map(|l| content(text, l));
            let goes_on = match style {
                Style::Sqlite => next.is_some_and(|n| !n.trim().is_empty()),
                Style::ClickHouse => next.is_some_and(|n| marker(n).is_some()),
                _ => false,
            };
            if c.trim().is_empty() && !goes_on {
                break;
            }
            continue;
        };
        if rows.is_empty() {
            header.push(name);
        } else if header.get(record.len()).is_none_or(|h| h.text != name.text) {
            break;
        }
        record.push(value);
        j += 1;
    }
    if rows.len() < 2 || header.len() < 2 {
        return None;
    }
    let mut table_rows = vec![Row { fields: header }];
    table_rows.extend(rows);
    let prefix = text[run[i].start..run[i].content].to_string();
    Some((Table { format: Format::Vertical, start: run[i].start, end: run[end].end, prefix, rows: table_rows, grid: None }, end + 1))
}
