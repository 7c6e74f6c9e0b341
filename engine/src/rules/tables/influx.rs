//! InfluxDB's line protocol, as `influx` writes, exports (`influxd inspect export-lp`, with its
//! `# DML` and `# CONTEXT-…` comment lines) and a script prints points:
//! `measurement,tag=value,… field=value,… [timestamp]`. A run of points of one measurement is a
//! table: the tag keys, then the field keys (in the order first seen), head the columns; each
//! point is a row of its tag values and field values (a key a point lacks is an empty field).
//! A timestamp that differs between points is a `time` column first; one shared by all is no
//! column. Escapes (`\ `, `\,`, `\=`) are undone in the text; an integer's range is its digits,
//! its `i` (or `u`) staying after them as R's `L` does in `dput()`. A string field's range is
//! inside its quotes.
//!
//! A run is read only when its points carry tags, integer fields or timestamps (what a point has
//! and a `key=value` sentence has not), and has two points or more; a point of another
//! measurement, a line that is no point or a blank line ends it.
//!
//! Hand-written: a line grammar with escapes, read in one pass over the lines.

use std::borrow::Cow;

use super::numbers::{Locale, stands_for_number};
use super::{Field, Format, Row, Table, line_ranges, square};

/// Keys per point at most.
const MAX_KEYS: usize = 64;

struct Point<'t> {
    measurement: Cow<'t, str>,
    tags: Vec<(Cow<'t, str>, Field<'t>)>,
    fields: Vec<(Cow<'t, str>, Field<'t>)>,
    time: Option<Field<'t>>,
    /// A tag, an integer field or a timestamp: what marks a point.
    marked: bool,
}

/// `s` up to the first unescaped byte in `stops` (or its end), and where that stop is.
fn escaped_until(s: &str, from: usize, stops: &[u8]) -> (usize, bool) {
    let b = s.as_bytes();
    let mut k = from;
    let mut escaped = false;
    while k < b.len() {
        if b[k] == b'\\' && k + 1 < b.len() {
            escaped = true;
            k += 2;
            continue;
        }
        if stops.contains(&b[k]) {
            break;
        }
        k += 1;
    }
    (k, escaped)
}

fn unescaped<'t>(s: &'t str, escaped: bool) -> Cow<'t, str> {
    if !escaped {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some(n @ (' ' | ',' | '=' | '"' | '\\')) => out.push(n),
                Some(n) => {
                    out.push('\\');
                    out.push(n);
                }
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// The point on the line `s` starting at `at`, if it is one.
fn point(s: &str, at: usize) -> Option<Point<'_>> {
    let b = s.as_bytes();
    if !b.first().is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_') {
        return None;
    }
    let (m_end, esc) = escaped_until(s, 0, b",  ");
    let measurement = unescaped(&s[..m_end], esc);
    let mut k = m_end;
    let mut tags = Vec::new();
    while b.get(k) == Some(&b',') {
        let (ke, kesc) = escaped_until(s, k + 1, b"=, ");
        if b.get(ke) != Some(&b'=') || ke == k + 1 || tags.len() == MAX_KEYS {
            return None;
        }
        let (ve, vesc) = escaped_until(s, ke + 1, b", ");
        if ve == ke + 1 {
            return None;
        }
        let key = unescaped(&s[k + 1..ke], kesc);
        let value = Field { start: at + ke + 1, end: at + ve, text: unescaped(&s[ke + 1..ve], vesc), quoted: false, indent: 0 };
        tags.push((key, value));
        k = ve;
    }
    if b.get(k) != Some(&b' ') {
        return None;
    }
    k += 1;
    let mut fields = Vec::new();
    let mut marked = !tags.is_empty();
    loop {
        let (ke, kesc) = escaped_until(s, k, b"=, ");
        if b.get(ke) != Some(&b'=') || ke == k || fields.len() == MAX_KEYS {
            return None;
        }
        let key = unescaped(&s[k..ke], kesc);
        let v0 = ke + 1;
        let (value, next) = if b.get(v0) == Some(&b'"') {
            let (e, esc) = escaped_until(s, v0 + 1, b"\"");
            if e >= b.len() {
                return None;
            }
            (Field { start: at + v0 + 1, end: at + e, text: unescaped(&s[v0 + 1..e], esc), quoted: false, indent: 0 }, e + 1)
        } else {
            let e = v0 + b[v0..].iter().position(|&c| c == b',' || c == b' ').unwrap_or(b.len() - v0);
            let raw = &s[v0..e];
            let number = raw.strip_suffix(['i', 'u']).filter(|n| !n.is_empty() && n.bytes().all(|c| c.is_ascii_digit() || c == b'-'));
            let text = if let Some(n) = number {
                marked = true;
                n
            } else if raw.parse::<f64>().is_ok() || matches!(raw, "t" | "T" | "true" | "True" | "TRUE" | "f" | "F" | "false" | "False" | "FALSE") {
                raw
            } else {
                return None;
            };
            (Field { start: at + v0, end: at + v0 + text.len(), text: Cow::Borrowed(text), quoted: false, indent: 0 }, e)
        };
        fields.push((key, value));
        match b.get(next) {
            Some(b',') => k = next + 1,
            Some(b' ') | None => {
                k = next;
                break;
            }
            _ => return None,
        }
    }
    let rest = s[k..].trim();
    let time = if rest.is_empty() {
        None
    } else if rest.len() >= 9 && rest.bytes().all(|c| c.is_ascii_digit()) || rest.starts_with('-') && rest[1..].bytes().all(|c| c.is_ascii_digit()) {
        marked = true;
        let t0 = k + s[k..].len() - s[k..].trim_start().len();
        Some(Field { start: at + t0, end: at + t0 + rest.len(), text: Cow::Borrowed(rest), quoted: false, indent: 0 })
    } else {
        return None;
    };
    Some(Point { measurement, tags, fields, time, marked })
}

/// Every run of line-protocol points in `text` read as a table, outside `taken` spans.
pub(super) fn find<'t>(text: &'t str, taken: &[Table]) -> Vec<Table<'t>> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    // Cheap rejection: a point has a blank then `key=` after its measurement.
    if memchr::memchr(b'=', b).is_none() {
        return out;
    }
    let lines = line_ranges(text);
    let mut spans: Vec<(usize, usize)> = taken.iter().map(|t| (t.start, t.end)).collect();
    spans.sort_unstable();
    let mut next_span = 0;
    let mut run: Vec<Point<'t>> = Vec::new();
    let mut span = (0, 0);
    for &(s, e) in &lines {
        let e = if text[s..e].ends_with('\r') { e - 1 } else { e };
        while next_span < spans.len() && spans[next_span].1 <= s {
            next_span += 1;
        }
        let free = !spans[next_span..].iter().take_while(|t| t.0 < e).any(|t| s < t.1);
        let p = if free && e > s { point(&text[s..e], s) } else { None };
        match p {
            Some(p) if run.last().is_none_or(|l| l.measurement == p.measurement) => {
                if run.is_empty() {
                    span.0 = s;
                }
                span.1 = e;
                run.push(p);
            }
            other => {
                if let Some(t) = table(std::mem::take(&mut run), span) {
                    out.push(t);
                }
                if let Some(p) = other {
                    span = (s, e);
                    run.push(p);
                }
            }
        }
    }
    if let Some(t) = table(run, span) {
        out.push(t);
    }
    out
}

fn table<'t>(points: Vec<Point<'t>>, (start, end): (usize, usize)) -> Option<Table<'t>> {
    if points.len() < 2 || !points.iter().all(|p| p.marked) {
        return None;
    }
    // Some field a count, or a string standing for one (`"45/48"`).
    let numeric = points.iter().flat_map(|p| &p.fields).any(|(_, f)| stands_for_number(&f.text, Locale::English));
    if !numeric {
        return None;
    }
    let mut tag_keys: Vec<Cow<'t, str>> = Vec::new();
    let mut field_keys: Vec<Cow<'t, str>> = Vec::new();
    for p in &points {
        for (k, _) in &p.tags {
            if !tag_keys.contains(k) {
                tag_keys.push(k.clone());
            }
        }
        for (k, _) in &p.fields {
            if !field_keys.contains(k) {
                field_keys.push(k.clone());
            }
        }
    }
    let times = points[0].time.as_ref().map(|t| t.text.clone());
    let timed = points.iter().any(|p| p.time.as_ref().map(|t| t.text.clone()) != times);
    let mut header: Vec<Field<'t>> = Vec::new();
    if timed {
        header.push(Field::virtual_at(start, Cow::Borrowed("time")));
    }
    header.extend(tag_keys.iter().chain(&field_keys).map(|k| Field::virtual_at(start, k.clone())));
    let mut rows = vec![Row { fields: header }];
    for p in points {
        let at = p.fields.last().map_or(start, |(_, f)| f.end);
        let mut fields = Vec::new();
        if timed {
            fields.push(p.time.unwrap_or_else(|| Field::virtual_at(at, Cow::Borrowed(""))));
        }
        let (mut tags, mut values) = (p.tags, p.fields);
        for k in &tag_keys {
            fields.push(tags.iter().position(|(n, _)| n == k).map_or_else(|| Field::virtual_at(at, Cow::Borrowed("")), |i| tags.swap_remove(i).1));
        }
        for k in &field_keys {
            fields.push(values.iter().position(|(n, _)| n == k).map_or_else(|| Field::virtual_at(at, Cow::Borrowed("")), |i| values.swap_remove(i).1));
        }
        rows.push(Row { fields });
    }
    let width = rows[0].fields.len();
    if width < 2 {
        return None;
    }
    square(&mut rows, width);
    Some(Table { format: Format::Influx, start, end, prefix: String::new(), rows, grid: None })
}
