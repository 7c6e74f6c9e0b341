//! YAML lists of flat records (`yaml.safe_dump(df.to_dict("records"))`): `- key: value` opens a
//! record, `  key: value` lines at the item's indentation continue it. The keys are the header
//! (in the order first seen), each record a row, each scalar a field; a nested value or a
//! missing key is an empty field.
//!
//! Only this flat block style is a table, and a YAML library keeps no byte ranges to rewrite a
//! value in place, so the lines are read here. A double- or single-quoted value's range is
//! its content inside the quotes; a plain value is written back quoted (`"[suppressed]"`, since
//! a bare `[suppressed]` would be a YAML list).

use std::borrow::Cow;

use super::{Field, Format, Line, Row, Table, content, square};

/// Records with more keys than this are no table (and the key look-ups stay linear).
const MAX_KEYS: usize = 64;

/// A `key: value` pair of a record line: the item's indentation (where `-` or the key starts),
/// the key and the value's field.
struct Pair<'t> {
    indent: usize,
    item: bool,
    key: Cow<'t, str>,
    value: Field<'t>,
}

fn pair<'t>(text: &'t str, line: &Line) -> Option<Pair<'t>> {
    let s = content(text, line);
    let indent = s.len() - s.trim_start_matches(' ').len();
    let mut rest = &s[indent..];
    let item = rest.starts_with("- ");
    if item {
        rest = rest[2..].trim_start_matches(' ');
    }
    let key_at = s.len() - rest.len();
    let (key, after) = if let Some(q) = rest.strip_prefix('"') {
        let close = q.find('"')?;
        (Cow::Borrowed(&q[..close]), &q[close + 1..])
    } else {
        let colon = rest.find(": ").or_else(|| rest.ends_with(':').then(|| rest.len() - 1))?;
        let k = &rest[..colon];
        if k.is_empty() || k.starts_with(['#', '-', '[', '{', '\'']) || k.contains(['#', '{', '[']) {
            return None;
        }
        (Cow::Borrowed(k.trim_end()), &rest[colon..])
    };
    let after = after.strip_prefix(':')?;
    let v_at = key_at + (rest.len() - after.len());
    let raw = after.trim();
    let lead = after.len() - after.trim_start().len();
    let a = line.content + v_at + lead;
    let value = if raw.len() >= 2 && ((raw.starts_with('"') && raw.ends_with('"')) || (raw.starts_with('\'') && raw.ends_with('\''))) {
        let inner = &raw[1..raw.len() - 1];
        let shown = if raw.starts_with('"') && inner.contains('\\') {
            Cow::Owned(serde_json::from_str::<String>(raw).ok()?)
        } else if raw.starts_with('\'') && inner.contains("''") {
            Cow::Owned(inner.replace("''", "'"))
        } else {
            Cow::Borrowed(inner)
        };
        Field { start: a + 1, end: a + 1 + inner.len(), text: shown, quoted: false, indent: 0 }
    } else if raw.is_empty() || raw.starts_with(['[', '{', '|', '>', '&', '!']) {
        Field::virtual_at(a, Cow::Borrowed(""))
    } else {
        Field { start: a, end: a + raw.len(), text: Cow::Borrowed(raw), quoted: true, indent: 0 }
    };
    Some(Pair { indent, item, key, value })
}

/// A YAML list of records starting at `run[i]`, and the index of the line after it.
pub(super) fn at<'t>(text: &'t str, run: &[Line], i: usize) -> Option<(Table<'t>, usize)> {
    let first = pair(text, &run[i]).filter(|p| p.item)?;
    let base = first.indent;
    // A list is read from its first item only: read again from each of its items, a list that is
    // no table would cost the square of its length.
    if i > 0 && pair(text, &run[i - 1]).is_some_and(|p| (p.item && p.indent == base) || (!p.item && p.indent == base + 2)) {
        return None;
    }
    let mut records: Vec<Vec<Pair<'t>>> = vec![vec![first]];
    let mut j = i + 1;
    while j < run.len() {
        match pair(text, &run[j]) {
            Some(p) if p.item && p.indent == base => records.push(vec![p]),
            Some(p) if !p.item && p.indent == base + 2 => records.last_mut()?.push(p),
            _ => break,
        }
        j += 1;
    }
    // One record alone is a table only as a record of totals (a table's margins printed apart).
    let totals = |rec: &[Pair]| rec.len() >= 3 && rec.iter().any(|p| super::structure::is_total_label(&p.value.text));
    if records.len() < 2 && !totals(&records[0]) {
        return None;
    }
    let mut keys: Vec<Cow<'t, str>> = Vec::new();
    for p in records.iter().flatten() {
        if !keys.contains(&p.key) {
            if keys.len() == MAX_KEYS {
                return None;
            }
            keys.push(p.key.clone());
        }
    }
    if keys.len() < 2 || records.iter().flatten().count() < 2 * records.len() {
        return None;
    }
    let at = run[i].content;
    let mut rows = vec![Row { fields: keys.iter().map(|k| Field::virtual_at(at, k.clone())).collect() }];
    for rec in records {
        let mut fields: Vec<Field<'t>> = keys.iter().map(|_| Field::virtual_at(at, Cow::Borrowed(""))).collect();
        for p in rec {
            if let Some(k) = keys.iter().position(|k| *k == p.key) {
                fields[k] = p.value;
            }
        }
        rows.push(Row { fields });
    }
    let width = keys.len();
    square(&mut rows, width);
    let prefix = text[run[i].start..run[i].content].to_string();
    Some((Table { format: Format::Yaml, start: run[i].start, end: run[j - 1].end, prefix, rows, grid: None }, j))
}
