//! logfmt records, one per line (`region=North tenure=Owner n=3`, a value in double quotes when
//! it has a space): a job logging its aggregates. Lines that list the same keys in the same order
//! are the rows of a table, the keys its header.
//!
//! The log's own fields (`ts`, `level`, `msg`, `caller`, …) key no row and are left out, and a
//! key's `_` reads as a space (`row_pct` is the header `row pct`). What remains is a table only
//! with both label fields (words: no path, address or host, which log lines carry) whose values
//! name each row once, and a field of numbers; request logs (`status=200 ms=12`, the same
//! `method` on many lines) and settings (`x=1`, one key a line) are not. The trigger is a
//! line's first key (an identifier straight before `=`), and a run of records is read from its
//! first line only.

use std::borrow::Cow;
use std::collections::HashSet;

use super::numbers::{Locale, is_missing, stands_for_number};
use super::{Field, Format, Line, Row, Table, block_table, closing_quote, content};

/// Keys a logger writes on every line (go-kit, logrus, zap, slog): not fields of the table.
const LOG_KEYS: &[&str] = &["ts", "time", "timestamp", "t", "level", "lvl", "severity", "msg", "message", "caller", "logger", "source", "component", "module"];

/// Records with more keys than this are no table.
const MAX_KEYS: usize = 64;

/// The first key of a line, if it starts like a logfmt record (a letter first).
fn first_key(s: &str) -> Option<&str> {
    s.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_').then(|| key(s)).flatten()
}

/// The key at the start of `s` (an identifier, digits first allowed: `2022=19`) before its `=`.
fn key(s: &str) -> Option<&str> {
    let b = s.as_bytes();
    let end = b.iter().take(MAX_KEYS + 1).position(|c| !(c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'-')))?;
    (b[end] == b'=').then(|| &s[..end])
}

/// A record line's `(key, value)` pairs, or `None` when some part of it is no pair.
fn pairs<'t>(text: &'t str, line: &Line) -> Option<Vec<(&'t str, Field<'t>)>> {
    let s = content(text, line);
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut k = 0;
    while k < b.len() {
        if b[k] == b' ' {
            k += 1;
            continue;
        }
        let eq = k + key(&s[k..])?.len();
        let (v0, v1, next) = if b.get(eq + 1) == Some(&b'"') {
            let e = closing_quote(b, eq + 2)?;
            (eq + 2, e, e + 1)
        } else {
            let e = b[eq + 1..].iter().position(|&c| c == b' ').map_or(b.len(), |p| eq + 1 + p);
            (eq + 1, e, e)
        };
        if next < b.len() && b[next] != b' ' || out.len() == MAX_KEYS {
            return None;
        }
        let at = line.content;
        out.push((&s[k..eq], Field { start: at + v0, end: at + v1, text: Cow::Borrowed(&s[v0..v1]), quoted: false, indent: 0 }));
        k = next;
    }
    Some(out)
}

/// A label value: a few words, or one that is no path, URL, address or host.
fn is_label(s: &str) -> bool {
    !s.is_empty() && (s.contains(' ') || !s.contains(['/', ':', '@', '=', '\\'])) && !stands_for_number(s, Locale::English) && !is_missing(s)
}

fn is_number(s: &str) -> bool {
    stands_for_number(s, Locale::English) || is_missing(s)
}

/// A table of logfmt records starting at `run[i]`, and the index of the line after it.
pub(super) fn at<'t>(text: &'t str, run: &[Line], i: usize) -> Option<(Table<'t>, usize)> {
    let key = first_key(content(text, &run[i]))?;
    if i > 0 && first_key(content(text, &run[i - 1])) == Some(key) {
        return None;
    }
    let first = pairs(text, &run[i])?;
    let keys: Vec<&str> = first.iter().map(|(k, _)| *k).collect();
    let mut records = vec![first];
    let mut j = i + 1;
    while let Some(rec) = run.get(j).and_then(|l| pairs(text, l)).filter(|r| r.len() == keys.len() && r.iter().zip(&keys).all(|((k, _), key)| k == key)) {
        records.push(rec);
        j += 1;
    }
    // The table's fields: the keys no logger writes; some of them labels, naming each row once,
    // and some numbers.
    let kept: Vec<usize> = (0..keys.len()).filter(|&c| !LOG_KEYS.contains(&keys[c])).collect();
    let labels: Vec<usize> = kept.iter().copied().filter(|&c| records.iter().all(|r| is_label(&r[c].1.text))).collect();
    let numbers = kept.iter().any(|&c| records.iter().all(|r| is_number(&r[c].1.text)));
    if records.len() < 2 || labels.is_empty() || !numbers {
        return None;
    }
    let mut seen = HashSet::new();
    if !records.iter().all(|r| seen.insert(labels.iter().map(|&c| &*r[c].1.text).collect::<Vec<_>>())) {
        return None;
    }
    let header = kept.iter().map(|&c| {
        let f = &records[0][c].1;
        let name = keys[c];
        let start = f.start - name.len() - 1 - usize::from(text.as_bytes()[f.start - 1] == b'"');
        // A key's words are parted by `_` (`owner_row_pct`): read as the words a header has.
        let words = if name.contains('_') { Cow::Owned(name.replace('_', " ").trim().to_string()) } else { Cow::Borrowed(name) };
        Field { start, end: start + name.len(), text: words, quoted: false, indent: 0 }
    });
    let mut rows = vec![Row { fields: header.collect() }];
    rows.extend(records.into_iter().map(|r| Row { fields: kept.iter().map(|&c| r[c].1.clone()).collect() }));
    Some((block_table(text, run, i, j - 1, Format::Logfmt, rows)?, j))
}
