//! `redis-cli` replies to `HGETALL`, a hash per row: after each `127.0.0.1:6379> HGETALL key`
//! (any prompt ending in `> `), the reply's numbered lines `1) "field"`, `2) "value"` in pairs.
//! The key's last part (after a prefix such as `stats:`) labels the row, the fields are the
//! columns in the order first seen. A value's range is inside its quotes, so a suppressed value
//! is written in them. Another command (`CONFIG GET`, `KEYS`) or any other text ends the table.
//!
//! Hand-written: no crate reads redis-cli's human-readable output; it is a line grammar.

use std::borrow::Cow;

use super::{Field, Format, Row, Table, line_ranges, square};
use crate::redis_cli::{Element, element};

/// One hash: its key's label and its `(field, value)` pairs.
type Hash<'t> = (Field<'t>, Vec<(Field<'t>, Field<'t>)>);

/// Every run of `HGETALL` replies in `text` holding two hashes or more, outside `taken` spans.
pub(super) fn find<'t>(text: &'t str, taken: &[Table]) -> Vec<Table<'t>> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    if memchr::memmem::find(b, b"> HGETALL ").is_none() && memchr::memmem::find(b, b"> hgetall ").is_none() {
        return out;
    }
    let lines = line_ranges(text);
    let mut i = 0;
    while i < lines.len() {
        if command(text, lines[i]).is_none() || taken.iter().any(|t| lines[i].0 >= t.start && lines[i].0 < t.end) {
            i += 1;
            continue;
        }
        let start = lines[i].0;
        let mut hashes: Vec<Hash> = Vec::new();
        let mut end = lines[i].1;
        while i < lines.len() {
            let Some(key) = command(text, lines[i]) else { break };
            let mut pairs = Vec::new();
            let mut pending: Option<Field> = None;
            i += 1;
            while let Some(item) = lines.get(i).and_then(|&l| reply(text, l, pairs.len() * 2 + usize::from(pending.is_some()) + 1)) {
                match pending.take() {
                    None => pending = Some(item),
                    Some(name) => pairs.push((name, item)),
                }
                end = lines[i].1;
                i += 1;
            }
            hashes.push((key, pairs));
            // Blank lines between one reply and the next command.
            while lines.get(i).is_some_and(|&(s, e)| text[s..e].trim().is_empty()) && lines.get(i + 1).is_some_and(|&l| command(text, l).is_some()) {
                i += 1;
            }
        }
        if let Some(t) = table(start, end, hashes) {
            out.push(t);
        }
    }
    out
}

/// The key of an `HGETALL` command line (`stats:North`, `"agg:Old Town"`), as the row's label:
/// its part after the last `:`.
fn command<'t>(text: &'t str, (s, e): (usize, usize)) -> Option<Field<'t>> {
    let line = &text[s..e];
    let at = line.find("> HGETALL ").or_else(|| line.find("> hgetall "))? + "> HGETALL ".len();
    let raw = line[at..].trim_end();
    let (mut a, mut z) = (s + at, s + at + raw.len());
    if raw.len() >= 2 && raw.starts_with('"') && raw.ends_with('"') {
        a += 1;
        z -= 1;
    }
    if text[a..z].contains(' ') && !raw.starts_with('"') {
        return None;
    }
    let a = text[a..z].rfind(':').map_or(a, |k| a + k + 1);
    (a < z).then(|| Field { start: a, end: z, text: Cow::Borrowed(&text[a..z]), quoted: false, indent: 0 })
}

/// The reply's `index`th element (`3) "Renter"`, numbered as a terminal shows it): its content
/// inside the quotes.
fn reply(text: &str, (s, e): (usize, usize), index: usize) -> Option<Field<'_>> {
    let e = if text[s..e].ends_with('\r') { e - 1 } else { e };
    match element(text.as_bytes(), s, e, index) {
        Element::Numbered(a, z) => Some(Field { start: a, end: z, text: Cow::Borrowed(&text[a..z]), quoted: false, indent: 0 }),
        Element::Raw(..) | Element::End => None,
    }
}

fn table(start: usize, end: usize, hashes: Vec<Hash<'_>>) -> Option<Table<'_>> {
    if hashes.len() < 2 || hashes.iter().all(|(_, pairs)| pairs.is_empty()) {
        return None;
    }
    let mut names: Vec<Field> = Vec::new();
    for (_, pairs) in &hashes {
        for (name, _) in pairs {
            if !names.iter().any(|n| n.text == name.text) {
                names.push(name.clone());
            }
        }
    }
    let mut rows = vec![Row { fields: std::iter::once(Field::virtual_at(start, Cow::Borrowed(""))).chain(names.iter().cloned()).collect() }];
    for (key, pairs) in hashes {
        let at = pairs.last().map_or(key.end, |(_, v)| v.end);
        let values =
            names.iter().map(|n| pairs.iter().find(|(p, _)| p.text == n.text).map_or_else(|| Field::virtual_at(at, Cow::Borrowed("")), |(_, v)| v.clone()));
        rows.push(Row { fields: std::iter::once(key).chain(values).collect() });
    }
    let width = rows[0].fields.len();
    square(&mut rows, width);
    Some(Table { format: Format::Redis, start, end, prefix: String::new(), rows, grid: None })
}
