//! TOML tables of records: an array of tables (`[[rows]]` then `key = value` lines, one table
//! per row) or sibling tables under one parent (`[counts.North]`, `[counts.South]`, each a row
//! labelled by its last key). The keys are the header (in the order first seen), each scalar a
//! field; a nested value (an inline array or table) or a missing key is an empty field.
//!
//! Read here line by line, as YAML is: a TOML library keeps no byte ranges to rewrite a value in
//! place, and the records sit in free text between prose and other code. A quoted value's range
//! is its content inside the quotes; a bare value (a number, a date) is written back quoted, as
//! a string, so the document stays valid.

use std::borrow::Cow;

use super::{Field, Format, Line, Row, Table, content, square};

/// A row's label (a sibling table's key) and its `key = value` pairs.
type Record<'t> = (&'t str, Vec<(Cow<'t, str>, Field<'t>)>);

/// Records with more keys than this are no table (and the key look-ups stay linear).
const MAX_KEYS: usize = 64;

/// A table header: `[[name]]` (an array item) or `[parent.key]`: the array's or parent's name
/// and, for a sibling table, its own key.
struct Header<'t> {
    array: bool,
    group: &'t str,
    label: &'t str,
}

fn header<'t>(text: &'t str, line: &Line) -> Option<Header<'t>> {
    let s = content(text, line).trim();
    let s = match s.find(" #") {
        Some(k) => s[..k].trim_end(),
        None => s,
    };
    if let Some(name) = s.strip_prefix("[[").and_then(|r| r.strip_suffix("]]")) {
        let name = name.trim();
        return (!name.is_empty() && !name.contains(['[', ']'])).then_some(Header { array: true, group: name, label: "" });
    }
    let name = s.strip_prefix('[')?.strip_suffix(']')?.trim();
    if name.is_empty() || name.contains(['[', ']', '=', ' ']) && !name.contains('"') {
        return None;
    }
    // The last dotted key (quoted or bare) labels the row; what is before it is the group.
    let (group, label) = if let Some(inner) = name.strip_suffix('"') {
        let open = inner.rfind('"')?;
        (inner[..open].trim_end().trim_end_matches('.').trim_end(), &inner[open + 1..])
    } else {
        match name.rfind('.') {
            Some(k) => (name[..k].trim_end(), name[k + 1..].trim_start()),
            None => ("", name),
        }
    };
    // A lone `[section]` is an INI or config section, no row of a table.
    (!label.is_empty() && !group.is_empty()).then_some(Header { array: false, group, label })
}

/// A bare key: letters, digits, `_` and `-` (dotted keys too).
fn bare_key(k: &str) -> bool {
    !k.is_empty() && k.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'))
}

/// A `key = value` line: the key and the value's field.
fn pair<'t>(text: &'t str, line: &Line) -> Option<(Cow<'t, str>, Field<'t>)> {
    let s = content(text, line);
    let lead = s.len() - s.trim_start().len();
    let rest = &s[lead..];
    let (key, after) = if let Some(q) = rest.strip_prefix('"') {
        let close = q.find('"')?;
        (Cow::Borrowed(&q[..close]), &q[close + 1..])
    } else if let Some(q) = rest.strip_prefix('\'') {
        let close = q.find('\'')?;
        (Cow::Borrowed(&q[..close]), &q[close + 1..])
    } else {
        let eq = rest.find('=')?;
        let k = rest[..eq].trim_end();
        if !bare_key(k) {
            return None;
        }
        (Cow::Borrowed(k), &rest[eq..])
    };
    let after = after.trim_start().strip_prefix('=')?;
    let v_at = line.content + s.len() - after.len();
    let raw = after.trim_start();
    let a = v_at + (after.len() - raw.len());
    let value = if let Some(q) = raw.strip_prefix('"') {
        // A basic string: up to the first unescaped quote.
        let bytes = q.as_bytes();
        let mut k = 0;
        while k < bytes.len() && bytes[k] != b'"' {
            k += if bytes[k] == b'\\' { 2 } else { 1 };
        }
        let inner = q.get(..k)?;
        if k >= bytes.len() || !trailing_ok(&q[k + 1..]) {
            return None;
        }
        let shown = if inner.contains('\\') { Cow::Owned(serde_json::from_str::<String>(&raw[..k + 2]).ok()?) } else { Cow::Borrowed(inner) };
        Field { start: a + 1, end: a + 1 + inner.len(), text: shown, quoted: false, indent: 0 }
    } else if let Some(q) = raw.strip_prefix('\'') {
        let close = q.find('\'')?;
        if !trailing_ok(&q[close + 1..]) {
            return None;
        }
        Field { start: a + 1, end: a + 1 + close, text: Cow::Borrowed(&q[..close]), quoted: false, indent: 0 }
    } else if raw.starts_with(['[', '{']) {
        Field::virtual_at(a, Cow::Borrowed(""))
    } else {
        let v = match raw.find(" #") {
            Some(k) => raw[..k].trim_end(),
            None => raw.trim_end(),
        };
        if v.is_empty() || v.contains(['"', '\'', '=', '[', '{']) {
            return None;
        }
        Field { start: a, end: a + v.len(), text: Cow::Borrowed(v), quoted: true, indent: 0 }
    };
    Some((key, value))
}

/// After a string's closing quote: nothing, or a comment.
fn trailing_ok(s: &str) -> bool {
    let s = s.trim_start();
    s.is_empty() || s.starts_with('#')
}

fn skippable(text: &str, line: &Line) -> bool {
    let s = content(text, line).trim_start();
    s.is_empty() || s.starts_with('#')
}

/// Tables of records starting at the header `run[i]`, and the index of the line after them.
pub(super) fn at<'t>(text: &'t str, run: &[Line], i: usize) -> Option<(Table<'t>, usize)> {
    let first = header(text, &run[i])?;
    let same = |h: &Header| h.array == first.array && h.group == first.group;
    // Records are read from the first header of their group only: read again from each of its
    // headers, records that are no table would cost the square of their number. The look back
    // passes over the previous record's lines only, once per header.
    let mut k = i;
    while k > 0 {
        k -= 1;
        if let Some(h) = header(text, &run[k]) {
            if same(&h) {
                return None;
            }
            break;
        }
        if !(skippable(text, &run[k]) || pair(text, &run[k]).is_some()) {
            break;
        }
    }
    let mut records: Vec<Record<'t>> = Vec::new();
    let mut j = i;
    let mut last = i;
    while j < run.len() {
        if let Some(h) = header(text, &run[j]) {
            if !same(&h) {
                break;
            }
            records.push((h.label, Vec::new()));
        } else if let Some(p) = pair(text, &run[j]) {
            records.last_mut()?.1.push(p);
        } else if !skippable(text, &run[j]) {
            break;
        }
        if !skippable(text, &run[j]) {
            last = j;
        }
        j += 1;
    }
    // One record alone is a table only with a total in it (a `Total` label or a `total` key).
    let totals =
        |rec: &[(Cow<str>, Field)]| rec.len() >= 3 && rec.iter().any(|p| super::structure::is_total_label(&p.1.text) || super::structure::is_total_label(&p.0));
    if records.len() < 2 && !(records.len() == 1 && totals(&records[0].1)) {
        return None;
    }
    let mut keys: Vec<Cow<'t, str>> = Vec::new();
    for (key, _) in records.iter().flat_map(|r| &r.1) {
        if !keys.contains(key) {
            if keys.len() == MAX_KEYS {
                return None;
            }
            keys.push(key.clone());
        }
    }
    let labelled = !first.array;
    if keys.len() + usize::from(labelled) < 2 || records.iter().map(|r| r.1.len()).sum::<usize>() < records.len() * (2 - usize::from(labelled)) {
        return None;
    }
    let at = run[i].content;
    let mut head: Vec<Field<'t>> = keys.iter().map(|k| Field::virtual_at(at, k.clone())).collect();
    if labelled {
        let name = first.group.rsplit('.').next().unwrap_or("").trim_matches('"');
        head.insert(0, Field::virtual_at(at, Cow::Borrowed(name)));
    }
    let mut rows = vec![Row { fields: head }];
    for (label, rec) in records {
        let mut fields: Vec<Field<'t>> = keys.iter().map(|_| Field::virtual_at(at, Cow::Borrowed(""))).collect();
        for (key, value) in rec {
            if let Some(k) = keys.iter().position(|k| *k == key) {
                fields[k] = value;
            }
        }
        if labelled {
            fields.insert(0, Field::virtual_at(at, Cow::Borrowed(label)));
        }
        rows.push(Row { fields });
    }
    let width = rows[0].fields.len();
    square(&mut rows, width);
    let prefix = text[run[i].start..run[i].content].to_string();
    Some((Table { format: Format::Toml, start: run[i].start, end: run[last].end, prefix, rows, grid: None }, last + 1))
}
